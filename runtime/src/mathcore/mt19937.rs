//! The Mersenne Twister (MT19937) generator behind CPython's `_random.Random`.
//!
//! This module owns the bit-exact core of Python's `random` module: seeding
//! from an integer (or from a raw key of 32-bit words), the raw 32-bit output,
//! `random()` with 53 bits of precision, `getrandbits(k)` with CPython's word
//! order, state save/restore, and the few Python-level helpers in
//! `Lib/random.py` that only consume `getrandbits` (`_randbelow`,
//! `randbytes`). Everything a Python program observes through
//! `random.seed(n)` followed by these calls matches CPython 3.11 exactly.
//!
//! Seeding from `None`, `str`, `bytes`, `bytearray` or floats is done in
//! `Lib/random.py` on top of `seed_from_int` and is left to the caller.

use num_bigint::{BigInt, BigUint};
use num_traits::Zero;

use super::MathError;

/// Number of 32-bit words in the generator state.
pub const STATE_WORDS: usize = 624;
const M: usize = 397;
const MATRIX_A: u32 = 0x9908_b0df;
const UPPER_MASK: u32 = 0x8000_0000;
const LOWER_MASK: u32 = 0x7fff_ffff;

/// A Mersenne Twister generator, state-compatible with CPython's
/// `_random.Random`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mt19937 {
    state: [u32; STATE_WORDS],
    /// Index of the next state word to temper; `STATE_WORDS` means the state
    /// must be regenerated before the next output.
    index: usize,
}

impl Default for Mt19937 {
    fn default() -> Self {
        Self::new()
    }
}

impl Mt19937 {
    /// A generator seeded as if by `seed_from_int(0)`.
    ///
    /// CPython seeds a fresh `Random()` from the OS; callers wanting that
    /// behaviour should follow up with `seed_from_u32_words` on OS entropy.
    pub fn new() -> Self {
        let mut g = Mt19937 {
            state: [0; STATE_WORDS],
            index: STATE_WORDS,
        };
        g.seed_from_u32_words(&[0]);
        g
    }

    /// Classic single-word initialisation (`init_genrand`).
    fn init_genrand(&mut self, seed: u32) {
        self.state[0] = seed;
        for i in 1..STATE_WORDS {
            let prev = self.state[i - 1];
            self.state[i] = 1_812_433_253u32
                .wrapping_mul(prev ^ (prev >> 30))
                .wrapping_add(i as u32);
        }
        self.index = STATE_WORDS;
    }

    /// Seed from a key of 32-bit words (`init_by_array`).
    ///
    /// An empty key is treated as the single word `0`, which is what CPython
    /// passes for a zero seed.
    pub fn seed_from_u32_words(&mut self, key: &[u32]) {
        let key: &[u32] = if key.is_empty() { &[0] } else { key };
        self.init_genrand(19_650_218);
        let n = STATE_WORDS;
        let mut i = 1usize;
        let mut j = 0usize;
        for _ in 0..n.max(key.len()) {
            let prev = self.state[i - 1];
            self.state[i] = (self.state[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= n {
                self.state[0] = self.state[n - 1];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..n - 1 {
            let prev = self.state[i - 1];
            self.state[i] = (self.state[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_566_083_941))
                .wrapping_sub(i as u32);
            i += 1;
            if i >= n {
                self.state[0] = self.state[n - 1];
                i = 1;
            }
        }
        self.state[0] = 0x8000_0000;
        self.index = STATE_WORDS;
    }

    /// Seed from a Python `int`, as `random.seed(n)` does for int arguments:
    /// the key is `abs(n)` split into 32-bit words, least significant first
    /// (a single `0` word when `n == 0`).
    pub fn seed_from_int(&mut self, n: &BigInt) {
        let words = n.magnitude().to_u32_digits();
        // `to_u32_digits` of zero is empty, which `seed_from_u32_words`
        // maps to the single word 0.
        self.seed_from_u32_words(&words);
    }

    /// Regenerate the whole state block.
    fn twist(&mut self) {
        let mag = |y: u32| if y & 1 == 0 { 0 } else { MATRIX_A };
        for kk in 0..STATE_WORDS {
            let next = self.state[(kk + 1) % STATE_WORDS];
            let y = (self.state[kk] & UPPER_MASK) | (next & LOWER_MASK);
            self.state[kk] = self.state[(kk + M) % STATE_WORDS] ^ (y >> 1) ^ mag(y);
        }
        self.index = 0;
    }

    /// The next raw 32-bit output (`genrand_uint32`).
    pub fn next_u32(&mut self) -> u32 {
        if self.index >= STATE_WORDS {
            self.twist();
        }
        let mut y = self.state[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^= y >> 18;
        y
    }

    /// `random.random()`: a float in `[0.0, 1.0)` built from 53 random bits
    /// taken from two outputs (27 high bits of the first, 26 of the second).
    pub fn random(&mut self) -> f64 {
        let a = self.next_u32() >> 5;
        let b = self.next_u32() >> 6;
        (f64::from(a) * 67_108_864.0 + f64::from(b)) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// `random.getrandbits(k)`: a non-negative int with `k` random bits.
    ///
    /// For `k <= 32` this is the top `k` bits of one output; for larger `k`
    /// the outputs fill 32-bit words from least to most significant, and the
    /// last (most significant) word keeps only the top bits of its output.
    /// `k == 0` returns 0 without consuming output.
    pub fn getrandbits(&mut self, k: u32) -> BigUint {
        if k == 0 {
            return BigUint::zero();
        }
        if k <= 32 {
            return BigUint::from(self.next_u32() >> (32 - k));
        }
        let words = ((k - 1) / 32 + 1) as usize;
        let mut out = Vec::with_capacity(words);
        let mut remaining = k;
        for _ in 0..words {
            let mut r = self.next_u32();
            if remaining < 32 {
                r >>= 32 - remaining;
            }
            out.push(r);
            remaining = remaining.saturating_sub(32);
        }
        BigUint::from_slice(&out)
    }

    /// `Random._randbelow_with_getrandbits(n)`: a uniform int in `[0, n)`,
    /// by rejection sampling `getrandbits(n.bit_length())`.
    ///
    /// This is what `randrange(n)`, `randint`, `choice`, `shuffle` and
    /// `sample` use. CPython loops forever for `n == 0`; here `n == 0`
    /// returns 0 without consuming output (callers reject an empty range
    /// before getting here).
    pub fn randbelow(&mut self, n: &BigUint) -> BigUint {
        if n.is_zero() {
            return BigUint::zero();
        }
        let k = u32::try_from(n.bits()).unwrap_or(u32::MAX);
        loop {
            let r = self.getrandbits(k);
            if &r < n {
                return r;
            }
        }
    }

    /// `Random.randbytes(n)`: `getrandbits(n * 8).to_bytes(n, 'little')`.
    ///
    /// Returns an error if `n * 8` does not fit the bit count CPython
    /// accepts (a C `int`).
    pub fn randbytes(&mut self, n: usize) -> Result<Vec<u8>, MathError> {
        let bits = n
            .checked_mul(8)
            .and_then(|b| u32::try_from(b).ok())
            .filter(|&b| b <= i32::MAX as u32)
            .ok_or_else(|| {
                MathError::Overflow("Python int too large to convert to C int".to_string())
            })?;
        let value = self.getrandbits(bits);
        let mut bytes = value.to_bytes_le();
        if value.is_zero() {
            bytes.clear();
        }
        bytes.resize(n, 0);
        Ok(bytes)
    }

    /// `_random.Random.getstate()`: the 624 state words and the index of the
    /// next word to use (0..=624).
    pub fn getstate(&self) -> (Vec<u32>, usize) {
        (self.state.to_vec(), self.index)
    }

    /// `_random.Random.setstate(state)` given the state words and index.
    ///
    /// Errors as CPython does: `ValueError("state vector is the wrong size")`
    /// unless exactly 624 words are given, `ValueError("invalid state")` for
    /// an index outside `0..=624`. (CPython truncates each word to 32 bits,
    /// which the caller does when converting.)
    pub fn setstate(&mut self, words: &[u32], index: i64) -> Result<(), MathError> {
        if words.len() != STATE_WORDS {
            return Err(MathError::Value(
                "state vector is the wrong size".to_string(),
            ));
        }
        let index = usize::try_from(index)
            .ok()
            .filter(|&i| i <= STATE_WORDS)
            .ok_or_else(|| MathError::Value("invalid state".to_string()))?;
        self.state.copy_from_slice(words);
        self.index = index;
        Ok(())
    }
}
