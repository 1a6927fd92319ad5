//! CPython-compatible hashing of numbers and of hashable containers.
//!
//! This module owns the exact, bit-for-bit reproduction of the hash values
//! CPython 3.11 computes on 64-bit Linux for:
//!
//! * `int` ([`hash_i64`], [`hash_u64`], [`hash_bigint`]) and `bool` (same as
//!   the int value),
//! * `float` ([`hash_float`]),
//! * `complex` ([`hash_complex`]) and rationals such as `fractions.Fraction`
//!   ([`hash_rational`]),
//! * `tuple` ([`hash_tuple`], the xxHash-based scheme used since 3.8),
//! * `frozenset` ([`hash_frozenset`]),
//! * identity-hashed objects ([`hash_pointer`], CPython's `_Py_HashPointer`).
//!
//! Numeric hashes follow the rule documented under "Hashing of numeric
//! types" in the Python reference: a rational value `x = m / n` hashes to
//! `m * n**-1` reduced modulo the Mersenne prime `2**61 - 1`, with the sign
//! of `x` applied afterwards and `-1` (reserved as an error marker in C)
//! replaced by `-2`. Values that compare equal therefore hash equal across
//! `int`, `float`, `complex` and `Fraction`.
//!
//! Container hashes take the already-computed hashes of their items, so the
//! caller decides how items are hashed (and handles errors from user
//! `__hash__` methods) before calling in here. Nothing in this module panics
//! or allocates.

use num_bigint::{BigInt, Sign};
use num_integer::Integer;

/// Number of bits in the numeric hash modulus (`sys.hash_info.width` is 64;
/// this is the exponent of the Mersenne prime used for numbers).
pub const HASH_BITS: u32 = 61;

/// The prime `2**61 - 1` that numeric hashes are reduced by
/// (`sys.hash_info.modulus`).
pub const HASH_MODULUS: u64 = (1 << HASH_BITS) - 1;

/// Hash of `float('inf')` (`sys.hash_info.inf`); `-inf` hashes to the
/// negation.
pub const HASH_INF: i64 = 314_159;

/// Value `sys.hash_info.nan` reports. Since 3.10 a NaN actually hashes by
/// identity (see [`hash_float`]); this constant is only what `sys.hash_info`
/// shows.
pub const HASH_NAN: i64 = 0;

/// Multiplier applied to the imaginary part's hash when hashing a `complex`
/// (`sys.hash_info.imag`).
pub const HASH_IMAG: u64 = 1_000_003;

/// Replaces the reserved value `-1` by `-2`, as every CPython hash function
/// does before returning.
#[inline]
pub fn fix_reserved(h: i64) -> i64 {
    if h == -1 {
        -2
    } else {
        h
    }
}

/// Applies a sign to a residue in `[0, HASH_MODULUS)` and fixes up `-1`.
#[inline]
fn signed_residue(residue: u64, negative: bool) -> i64 {
    // residue < 2**61, so it always fits in an i64.
    let r = residue as i64;
    fix_reserved(if negative { -r } else { r })
}

/// Multiplies a residue by `2**exp` modulo `HASH_MODULUS`, for any exponent
/// (negative exponents use the inverse, which is again a power of two since
/// `2**61 == 1` modulo the prime).
#[inline]
fn mul_pow2_mod(residue: u64, exp: i64) -> u64 {
    let k = exp.rem_euclid(i64::from(HASH_BITS)) as u32;
    ((u128::from(residue) << k) % u128::from(HASH_MODULUS)) as u64
}

/// Hash of a Python `int` that fits in an `i64` (also `bool`: `hash(True)`
/// is 1).
///
/// Equal to `v` for most small values; `hash(-1) == -2`.
#[inline]
pub fn hash_i64(v: i64) -> i64 {
    let magnitude = v.unsigned_abs();
    // Below the modulus (every int short of 2**61) the residue is the
    // magnitude itself: no reduction for the keys that sets and dicts
    // mostly see.
    let residue = if magnitude < HASH_MODULUS {
        magnitude
    } else {
        magnitude % HASH_MODULUS
    };
    signed_residue(residue, v < 0)
}

/// Hash of a non-negative Python `int` that fits in a `u64`.
pub fn hash_u64(v: u64) -> i64 {
    signed_residue(v % HASH_MODULUS, false)
}

/// Residue of `|v|` modulo `HASH_MODULUS`.
fn bigint_abs_residue(v: &BigInt) -> u64 {
    let m = u128::from(HASH_MODULUS);
    let mut acc: u128 = 0;
    // Most significant digit first: acc = acc * 2**64 + digit (mod p).
    // acc < 2**61, so acc << 64 < 2**125 and never overflows.
    for digit in v.magnitude().iter_u64_digits().rev() {
        acc = ((acc << 64) | u128::from(digit)) % m;
    }
    acc as u64
}

/// Hash of an arbitrary Python `int`.
///
/// `|v|` is reduced modulo `2**61 - 1`, the sign is reapplied and `-1`
/// becomes `-2`; e.g. `hash(2**61 - 1) == 0`, `hash(2**70) == 512`.
pub fn hash_bigint(v: &BigInt) -> i64 {
    signed_residue(bigint_abs_residue(v), v.sign() == Sign::Minus)
}

/// Hash of a Python `float`.
///
/// Returns `None` for NaN: since 3.10 CPython hashes a NaN by the identity
/// of the float object, so the caller must use [`hash_pointer`] on the
/// object's address (or its own identity hash). `inf` hashes to
/// [`HASH_INF`], `-inf` to `-HASH_INF`; finite values hash like the exact
/// rational they represent, so `hash(2.0) == hash(2)` and
/// `hash(0.5) == 2**60`.
pub fn hash_float(v: f64) -> Option<i64> {
    if v.is_nan() {
        return None;
    }
    if v.is_infinite() {
        return Some(if v > 0.0 { HASH_INF } else { -HASH_INF });
    }
    let bits = v.to_bits();
    let negative = (bits >> 63) == 1;
    let exp_field = ((bits >> 52) & 0x7ff) as i64;
    let fraction = bits & ((1u64 << 52) - 1);
    // The value is exactly mantissa * 2**exp.
    let (mantissa, exp) = if exp_field == 0 {
        (fraction, -1074)
    } else {
        (fraction | (1u64 << 52), exp_field - 1075)
    };
    // mantissa < 2**53 < HASH_MODULUS, so it is already reduced.
    let residue = mul_pow2_mod(mantissa, exp);
    Some(signed_residue(residue, negative))
}

/// Hash of a Python `complex`, given the hashes of its real and imaginary
/// parts as floats (each from [`hash_float`], or the complex object's
/// identity hash for a NaN part, which is what CPython 3.11 uses).
///
/// Computes `real + HASH_IMAG * imag` with 64-bit wrap-around, then replaces
/// `-1` by `-2`. `hash(complex(x, 0)) == hash(x)`.
pub fn hash_complex(real_hash: i64, imag_hash: i64) -> i64 {
    let combined = (real_hash as u64).wrapping_add(HASH_IMAG.wrapping_mul(imag_hash as u64));
    fix_reserved(combined as i64)
}

/// Modular exponentiation modulo `HASH_MODULUS`.
fn pow_mod(base: u64, mut exp: u64) -> u64 {
    let m = u128::from(HASH_MODULUS);
    let mut result: u128 = 1;
    let mut b = u128::from(base % HASH_MODULUS);
    while exp > 0 {
        if exp & 1 == 1 {
            result = result * b % m;
        }
        b = b * b % m;
        exp >>= 1;
    }
    result as u64
}

/// Hash of the rational number `numerator / denominator`, as computed by
/// `fractions.Fraction.__hash__` (and equal to the hash of any `int`,
/// `float` or `Decimal` of the same value).
///
/// The sign is that of the quotient. The fraction need not be in lowest
/// terms. When the reduced denominator is divisible by `2**61 - 1` (it has
/// no inverse) the value hashes as `±HASH_INF`, as `Fraction` does; a zero
/// denominator is treated the same way rather than failing.
pub fn hash_rational(numerator: &BigInt, denominator: &BigInt) -> i64 {
    if numerator.sign() == Sign::NoSign {
        return 0;
    }
    let negative = (numerator.sign() == Sign::Minus) != (denominator.sign() == Sign::Minus);
    let mut num = bigint_abs_residue(numerator);
    let mut den = bigint_abs_residue(denominator);
    if den == 0 && denominator.sign() != Sign::NoSign {
        // Only a common factor of the modulus could change the answer, so
        // reduce to lowest terms before deciding there is no inverse.
        let g = numerator.gcd(denominator);
        num = bigint_abs_residue(&(numerator / &g));
        den = bigint_abs_residue(&(denominator / &g));
    }
    let residue = if den == 0 {
        HASH_INF as u64
    } else {
        let inv = pow_mod(den, HASH_MODULUS - 2);
        ((u128::from(num) * u128::from(inv)) % u128::from(HASH_MODULUS)) as u64
    };
    signed_residue(residue, negative)
}

const XXPRIME_1: u64 = 11_400_714_785_074_694_791;
const XXPRIME_2: u64 = 14_029_467_366_897_019_727;
const XXPRIME_5: u64 = 2_870_177_450_012_600_261;

/// Hash of a `tuple` whose items hash to `item_hashes` (in order).
///
/// This is the xxHash64-derived scheme CPython has used since 3.8:
/// `hash(()) == 5740354900026072187`, and the result is never `-1`
/// (CPython substitutes `1546275796`).
pub fn hash_tuple(item_hashes: &[i64]) -> i64 {
    let mut acc = XXPRIME_5;
    for &h in item_hashes {
        acc = acc.wrapping_add((h as u64).wrapping_mul(XXPRIME_2));
        acc = acc.rotate_left(31);
        acc = acc.wrapping_mul(XXPRIME_1);
    }
    let len = item_hashes.len() as u64;
    acc = acc.wrapping_add(len ^ (XXPRIME_5 ^ 3_527_539));
    if acc == u64::MAX {
        return 1_546_275_796;
    }
    acc as i64
}

/// Scrambles one entry hash for [`hash_frozenset`].
#[inline]
fn shuffle_bits(h: u64) -> u64 {
    ((h ^ 89_869_747) ^ (h << 16)).wrapping_mul(3_644_798_167)
}

/// Hash of a `frozenset` whose `len` members have the hashes `item_hashes`
/// (in any order: the result is order independent).
///
/// Reproduces CPython's `frozenset_hash` exactly: the xor of the shuffled
/// member hashes, combined with the size and dispersed; `hash(frozenset())
/// == 133146708735736`. `len` must be the number of hashes yielded (it is
/// what CPython mixes in; it is taken separately only so callers can pass a
/// lazy iterator).
pub fn hash_frozenset(item_hashes: impl Iterator<Item = i64>, len: usize) -> i64 {
    let mut hash: u64 = 0;
    for h in item_hashes {
        hash ^= shuffle_bits(h as u64);
    }
    hash ^= (len as u64).wrapping_add(1).wrapping_mul(1_927_868_237);
    hash ^= (hash >> 11) ^ (hash >> 25);
    hash = hash.wrapping_mul(69_069).wrapping_add(907_133_923);
    if hash == u64::MAX {
        hash = 590_923_713;
    }
    hash as i64
}

/// Identity hash of an object at address `addr`: CPython's
/// `_Py_HashPointer`, the address rotated right by 4 bits (the low bits of
/// an aligned address carry no information), with `-1` mapped to `-2`.
///
/// Used by `object.__hash__` and for NaN floats. The result only matches
/// CPython for the same address, so it is useful for dispersion, not for
/// reproducing CPython's output.
pub fn hash_pointer(addr: usize) -> i64 {
    fix_reserved((addr as u64).rotate_right(4) as i64)
}

#[cfg(test)]
mod tests;
