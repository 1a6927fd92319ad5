//! Tests of the Mersenne Twister against values recorded from CPython 3.11.

use num_bigint::{BigInt, BigUint};

use super::super::mt19937::{Mt19937, STATE_WORDS};
use super::super::MathError;
use super::mt_data::*;

fn seeded(seed: &str) -> Mt19937 {
    let n: BigInt = seed.parse().expect("seed literal");
    let mut g = Mt19937::new();
    g.seed_from_int(&n);
    g
}

#[test]
fn seed_state_matches_cpython() {
    for case in SEED_CASES {
        let g = seeded(case.seed);
        let (words, index) = g.getstate();
        assert_eq!(index, STATE_WORDS, "seed {}", case.seed);
        assert_eq!(&words[..3], &case.state_head, "seed {}", case.seed);
        assert_eq!(words[623], case.state_tail, "seed {}", case.seed);
    }
}

#[test]
fn random_matches_cpython() {
    for case in SEED_CASES {
        let mut g = seeded(case.seed);
        for (i, &want) in case.random5.iter().enumerate() {
            let got = g.random();
            assert_eq!(
                got.to_bits(),
                want.to_bits(),
                "seed {} call {}",
                case.seed,
                i
            );
        }
    }
}

#[test]
fn getrandbits_matches_cpython() {
    for case in SEED_CASES {
        let mut g = seeded(case.seed);
        for &(k, want) in &case.bits {
            let want: BigUint = want.parse().expect("bits literal");
            assert_eq!(g.getrandbits(k), want, "seed {} k {}", case.seed, k);
        }
    }
}

#[test]
fn getrandbits_large_and_long_runs() {
    let mut g = seeded("5");
    let want: BigUint = SEED5_BITS1000.parse().expect("literal");
    assert_eq!(g.getrandbits(1000), want);

    // Crosses several regenerations of the 624-word state.
    let mut g = seeded("99");
    for _ in 0..1000 {
        g.random();
    }
    assert_eq!(g.random().to_bits(), SEED99_AFTER_1000.to_bits());
}

#[test]
fn randbelow_matches_randrange() {
    for &(seed, n, want) in RANDBELOW_CASES {
        let mut g = seeded(&seed.to_string());
        let n: BigUint = n.parse().expect("n literal");
        for (i, w) in want.iter().enumerate() {
            let w: BigUint = w.parse().expect("value literal");
            assert_eq!(g.randbelow(&n), w, "seed {} n {} call {}", seed, n, i);
        }
    }
}

#[test]
fn randbelow_zero_is_zero() {
    let mut g = seeded("1");
    let before = g.clone();
    assert_eq!(g.randbelow(&BigUint::from(0u32)), BigUint::from(0u32));
    assert_eq!(g, before, "n == 0 consumes no output");
}

#[test]
fn shuffle_matches_cpython() {
    // random.shuffle: for i in reversed(range(1, n)): j = _randbelow(i + 1); swap.
    let mut g = seeded("3");
    let mut v: Vec<u32> = (0..10).collect();
    for i in (1..v.len()).rev() {
        let j = g.randbelow(&BigUint::from(i + 1));
        let j = usize::try_from(j.to_u32_digits().first().copied().unwrap_or(0)).unwrap_or(0);
        v.swap(i, j);
    }
    assert_eq!(v, SEED3_SHUFFLE);
}

#[test]
fn randbytes_matches_cpython() {
    let mut g = seeded("2024");
    assert_eq!(g.randbytes(13), Ok(RANDBYTES_2024.to_vec()));
    assert_eq!(g.randbytes(0), Ok(Vec::new()));
}

#[test]
fn zero_seed_equals_empty_key_and_new() {
    let mut a = Mt19937::new();
    let mut b = seeded("0");
    let mut c = Mt19937::new();
    c.seed_from_u32_words(&[]);
    for _ in 0..700 {
        let x = a.next_u32();
        assert_eq!(x, b.next_u32());
        assert_eq!(x, c.next_u32());
    }
}

#[test]
fn seed_from_words_is_little_endian_magnitude() {
    let mut a = seeded("4294967296"); // 2**32 -> key [0, 1]
    let mut b = Mt19937::new();
    b.seed_from_u32_words(&[0, 1]);
    assert_eq!(a.next_u32(), b.next_u32());
    let mut neg = seeded("-12345");
    let mut pos = seeded("12345");
    assert_eq!(neg.random().to_bits(), pos.random().to_bits());
}

#[test]
fn getstate_setstate_roundtrip() {
    let mut g = seeded("42");
    for _ in 0..10 {
        g.next_u32();
    }
    let (words, index) = g.getstate();
    assert_eq!(index, 10);
    let expected: Vec<u32> = (0..5).map(|_| g.next_u32()).collect();
    let mut h = Mt19937::new();
    h.setstate(&words, index as i64).expect("valid state");
    let got: Vec<u32> = (0..5).map(|_| h.next_u32()).collect();
    assert_eq!(got, expected);

    assert_eq!(
        h.setstate(&words[..10], 0),
        Err(MathError::Value(
            "state vector is the wrong size".to_string()
        ))
    );
    assert_eq!(
        h.setstate(&words, 625),
        Err(MathError::Value("invalid state".to_string()))
    );
    assert_eq!(
        h.setstate(&words, -1),
        Err(MathError::Value("invalid state".to_string()))
    );
    // Index 624 forces a twist on the next draw, as after seeding.
    let mut a = seeded("7");
    let (w, i) = a.getstate();
    let mut b = Mt19937::new();
    b.setstate(&w, i as i64).expect("valid state");
    assert_eq!(a.random().to_bits(), b.random().to_bits());
}
