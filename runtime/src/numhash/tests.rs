//! Checks every hash function against values recorded from CPython 3.11
//! (`testdata/vectors.txt`, produced by `testdata/gen_vectors.py`).

use super::*;
use std::str::FromStr;

const VECTORS: &str = include_str!("testdata/vectors.txt");

fn hashes(field: &str) -> Vec<i64> {
    if field == "-" {
        return Vec::new();
    }
    field.split(',').map(|h| h.parse().unwrap()).collect()
}

#[test]
fn matches_cpython_vectors() {
    let mut counts = [0usize; 7];
    for (lineno, line) in VECTORS.lines().enumerate() {
        let f: Vec<&str> = line.split(' ').collect();
        let expected: i64 = f[f.len() - 1].parse().unwrap();
        let (slot, got) = match f[0] {
            "i" => {
                let v = BigInt::from_str(f[1]).unwrap();
                if let Ok(small) = i64::try_from(&v) {
                    assert_eq!(hash_i64(small), expected, "hash_i64 line {lineno}: {line}");
                }
                if let Ok(small) = u64::try_from(&v) {
                    assert_eq!(hash_u64(small), expected, "hash_u64 line {lineno}: {line}");
                }
                (0, hash_bigint(&v))
            }
            "f" => (
                1,
                hash_float(f64::from_bits(f[1].parse().unwrap())).unwrap(),
            ),
            "c" => (
                2,
                hash_complex(f[1].parse().unwrap(), f[2].parse().unwrap()),
            ),
            "r" => {
                let n = BigInt::from_str(f[1]).unwrap();
                let d = BigInt::from_str(f[2]).unwrap();
                (3, hash_rational(&n, &d))
            }
            "t" => (4, hash_tuple(&hashes(f[1]))),
            "s" => {
                let hs = hashes(f[1]);
                (5, hash_frozenset(hs.iter().copied(), hs.len()))
            }
            "p" => (6, hash_pointer(f[1].parse().unwrap())),
            other => panic!("bad tag {other}"),
        };
        assert_eq!(got, expected, "line {lineno}: {line}");
        counts[slot] += 1;
    }
    assert!(
        counts.iter().all(|&c| c >= 50),
        "too few vectors: {counts:?}"
    );
}

#[test]
fn documented_values() {
    assert_eq!(hash_i64(-1), -2);
    assert_eq!(hash_i64(-2), -2);
    assert_eq!(hash_i64(i64::MIN), -4);
    assert_eq!(hash_i64(i64::MAX), 3);
    // Either side of the modulus, where the reduction starts (CPython:
    // hash(2**61 - 2), hash(2**61 - 1), hash(2**61) and their negatives).
    let m = HASH_MODULUS as i64;
    assert_eq!(hash_i64(m - 1), m - 1);
    assert_eq!(hash_i64(m), 0);
    assert_eq!(hash_i64(m + 1), 1);
    assert_eq!(hash_i64(-(m - 1)), -(m - 1));
    assert_eq!(hash_i64(-m), 0);
    assert_eq!(hash_i64(-m - 1), -2);
    assert_eq!(hash_u64(u64::MAX), 7);
    assert_eq!(hash_bigint(&(BigInt::from(1) << 70)), 512);
    assert_eq!(hash_bigint(&BigInt::from(HASH_MODULUS)), 0);
    assert_eq!(hash_float(1.5), Some(1_152_921_504_606_846_977));
    assert_eq!(hash_float(0.5), Some(1 << 60));
    assert_eq!(hash_float(-0.0), Some(0));
    assert_eq!(hash_float(f64::INFINITY), Some(HASH_INF));
    assert_eq!(hash_float(f64::NEG_INFINITY), Some(-HASH_INF));
    assert_eq!(hash_float(f64::NAN), None);
    assert_eq!(hash_float(-1.0), Some(-2));
    assert_eq!(hash_tuple(&[]), 5_740_354_900_026_072_187);
    assert_eq!(hash_tuple(&[1, 2]), -3_550_055_125_485_641_917);
    assert_eq!(hash_frozenset(std::iter::empty(), 0), 133_146_708_735_736);
    assert_eq!(
        hash_frozenset([1, 2].into_iter(), 2),
        -1_826_646_154_956_904_602
    );
    assert_eq!(hash_complex(1, 0), 1);
    assert_eq!(
        hash_rational(&BigInt::from(-3), &BigInt::from(0)),
        -HASH_INF
    );
    let p = BigInt::from(HASH_MODULUS);
    assert_eq!(hash_rational(&p, &p), 1);
    assert_eq!(hash_rational(&BigInt::from(1), &p), HASH_INF);
    assert_eq!(hash_pointer(0x10), 1);
}

#[test]
fn numeric_hashes_agree_across_types() {
    for v in [-300i64, -2, -1, 0, 1, 2, 1 << 53, -(1 << 60), i64::MIN] {
        let h = hash_i64(v);
        assert_eq!(hash_float(v as f64), Some(h), "{v}");
        assert_eq!(hash_bigint(&BigInt::from(v)), h);
        assert_eq!(hash_rational(&BigInt::from(v), &BigInt::from(1)), h);
        assert_eq!(hash_rational(&-BigInt::from(v), &BigInt::from(-1)), h);
        assert_eq!(hash_complex(h, 0), h);
    }
}
