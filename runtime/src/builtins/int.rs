//! `int` semantics: the i64 immediate / bigint split, Python's floor
//! division, modulo, shifts and powers, int/float comparison, and
//! conversions between values and `BigInt`.

use crate::builtins::types::types;
use crate::mathcore::math as m;
use crate::object::{Object, Payload};
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::cmp::Ordering;

/// An int value: immediate when it fits in i64.
pub fn int_from_bigint(b: BigInt) -> Value {
    match b.to_i64() {
        Some(i) => Value::Int(i),
        None => Value::Obj(ObjRef::new(Object::new(types().int, Payload::Int(b)))),
    }
}

/// A machine integer that Python's int operators can run on without a
/// big int: `i64` (the immediates) and `i128` (big ints of up to 127 bits,
/// which 64-bit hashing and generator arithmetic produce all the time).
pub(crate) trait FixedInt:
    num_traits::PrimInt + Signed + num_traits::CheckedRem + std::ops::Shl<usize, Output = Self>
{
}
impl FixedInt for i64 {}
impl FixedInt for i128 {}

/// `x op y` with Python's rules on machine integers, or None when the
/// result does not fit or the operator needs the general path (division
/// by zero and negative shifts raise there; true division and power are
/// never computed here).
#[inline(always)]
pub(crate) fn fixed_int_op<T: FixedInt>(
    x: T,
    y: T,
    op: weft_specializer::BinaryOperator,
) -> Option<T> {
    use weft_specializer::BinaryOperator::*;
    let (zero, one) = (T::zero(), T::one());
    let bits = zero.count_zeros() as usize;
    match op {
        Add => x.checked_add(&y),
        Subtract => x.checked_sub(&y),
        Multiply => x.checked_mul(&y),
        FloorDivide if y != zero => {
            // Python floors: a remainder whose sign differs from the
            // divisor's moves the quotient down.
            let (q, r) = (x.checked_div(&y)?, x.checked_rem(&y)?);
            Some(if r != zero && ((r < zero) != (y < zero)) {
                q - one
            } else {
                q
            })
        }
        Remainder if y != zero => {
            if y == -one {
                return Some(zero);
            }
            let r = x.checked_rem(&y)?;
            Some(if r != zero && ((r < zero) != (y < zero)) {
                r + y
            } else {
                r
            })
        }
        And => Some(x & y),
        Or => Some(x | y),
        Xor => Some(x ^ y),
        RShift if y >= zero => Some(match y.to_usize() {
            Some(s) if s < bits => x >> s,
            _ if x < zero => -one,
            _ => zero,
        }),
        LShift if y >= zero => {
            let s = y.to_usize().filter(|&s| s < bits - 1)?;
            let r = x << s;
            (r >> s == x).then_some(r)
        }
        _ => None,
    }
}

/// An int-like value as i128 if it fits (every immediate does).
pub fn as_i128_like(v: &Value) -> Option<i128> {
    match v {
        Value::Int(i) => Some(*i as i128),
        Value::Bool(b) => Some(*b as i128),
        Value::Obj(o) => match &o.payload {
            Payload::Int(b) => b.to_i128(),
            _ => None,
        },
        _ => None,
    }
}

/// An int value from an i128: immediate when it fits in i64.
pub fn int_from_i128(i: i128) -> Value {
    match i64::try_from(i) {
        Ok(i) => Value::Int(i),
        Err(_) => Value::Obj(ObjRef::new(Object::new(
            types().int,
            Payload::Int(BigInt::from(i)),
        ))),
    }
}

/// The integer of an int-like value (int, bool, big int, int subclass).
pub fn as_int_like(v: &Value) -> Option<BigInt> {
    int_operand(v).map(std::borrow::Cow::into_owned)
}

/// The integer of an int-like value, borrowed when it is a big int (no
/// copy of its digits).
pub fn int_operand(v: &Value) -> Option<std::borrow::Cow<'_, BigInt>> {
    use std::borrow::Cow;
    match v {
        Value::Int(i) => Some(Cow::Owned(BigInt::from(*i))),
        Value::Bool(b) => Some(Cow::Owned(BigInt::from(*b as i64))),
        Value::Obj(o) => match &o.payload {
            Payload::Int(b) => Some(Cow::Borrowed(b)),
            _ => None,
        },
        _ => None,
    }
}

/// Same as `as_int_like`.
pub fn to_bigint(v: &Value) -> Option<BigInt> {
    as_int_like(v)
}

/// An int-like value as i64 if it fits.
pub fn as_i64_like(v: &Value) -> Option<i64> {
    match v {
        Value::Int(i) => Some(*i),
        Value::Bool(b) => Some(*b as i64),
        Value::Obj(o) => match &o.payload {
            Payload::Int(b) => b.to_i64(),
            _ => None,
        },
        _ => None,
    }
}

/// True when `v` is int-like (int, bool, big int).
pub fn is_int_like(v: &Value) -> bool {
    match v {
        Value::Int(_) | Value::Bool(_) => true,
        Value::Obj(o) => matches!(o.payload, Payload::Int(_)),
        _ => false,
    }
}

/// Exact `i == f`.
pub fn int_float_eq(i: i64, f: f64) -> bool {
    int_float_cmp(&BigInt::from(i), f) == Some(Ordering::Equal)
}

/// Exact comparison of an int with a float (None when f is NaN).
pub fn int_float_cmp(i: &BigInt, f: f64) -> Option<Ordering> {
    if f.is_nan() {
        return None;
    }
    if f.is_infinite() {
        return Some(if f > 0.0 {
            Ordering::Less
        } else {
            Ordering::Greater
        });
    }
    let fl = f.floor();
    let fb = m::float_to_bigint(fl).ok()?;
    match i.cmp(&fb) {
        Ordering::Equal => {
            if fl == f {
                Some(Ordering::Equal)
            } else {
                Some(Ordering::Less)
            }
        }
        o => Some(o),
    }
}

/// An int-like value to f64 (OverflowError when too large).
pub fn int_to_f64(vm: &Vm, b: &BigInt) -> PyResult<f64> {
    if let Some(i) = b.to_i64() {
        if i.unsigned_abs() < (1u64 << 53) {
            return Ok(i as f64);
        }
    }
    m::bigint_to_f64(b).map_err(|_| vm.overflow_error("int too large to convert to float"))
}

/// A numeric value (int-like or float) as f64.
pub fn to_f64(vm: &Vm, v: &Value) -> PyResult<Option<f64>> {
    match v {
        Value::Float(f) => Ok(Some(*f)),
        Value::Int(i) => Ok(Some(*i as f64)),
        Value::Bool(b) => Ok(Some(*b as i64 as f64)),
        Value::Obj(o) => match &o.payload {
            Payload::Int(b) => Ok(Some(int_to_f64(vm, b)?)),
            Payload::Float(f) => Ok(Some(*f)),
            _ => Ok(None),
        },
        _ => Ok(None),
    }
}

/// Floor division with Python semantics.
pub fn floordiv(vm: &Vm, a: &BigInt, b: &BigInt) -> PyResult<BigInt> {
    if b.is_zero() {
        return Err(vm.zero_division("integer division or modulo by zero"));
    }
    Ok(div_mod_floor(a, b).0)
}

/// Modulo with Python semantics (sign of the divisor).
pub fn modulo(vm: &Vm, a: &BigInt, b: &BigInt) -> PyResult<BigInt> {
    if b.is_zero() {
        return Err(vm.zero_division("integer modulo by zero"));
    }
    Ok(div_mod_floor(a, b).1)
}

/// `(a // b, a % b)` with Python's floor semantics, for `b` not zero.
///
/// num-bigint 0.4 divides by Burnikel–Ziegler recursion whenever both
/// operands are longer than 64 limbs, whatever the size of the quotient.
/// For a quotient of one machine word (pidigits' `(3*q + r) // t`, any
/// ratio of two numbers of about the same size) that recursion does many
/// times the work of one multiply-and-subtract pass, which
/// [`small_quotient`] does instead, as CPython's schoolbook division does.
fn div_mod_floor(a: &BigInt, b: &BigInt) -> (BigInt, BigInt) {
    let Some((q, r)) = small_quotient(a.magnitude(), b.magnitude()) else {
        return a.div_mod_floor(b);
    };
    // |a| = q * |b| + r with 0 <= r < |b|, and a is not zero (|a| >= |b|).
    let q = BigInt::from(q);
    if a.sign() == b.sign() {
        (q, BigInt::from_biguint(b.sign(), r))
    } else if r.is_zero() {
        (-q, BigInt::zero())
    } else {
        // Rounded towards minus infinity: one more, and the remainder
        // taken from the other side (it has the divisor's sign).
        let r = b.magnitude() - r;
        (-(q + 1u8), BigInt::from_biguint(b.sign(), r))
    }
}

/// Bits of the divisor from which [`small_quotient`] takes over: smaller
/// divisions are cheap in num-bigint already.
const SMALL_QUOTIENT_MIN_DIVISOR_BITS: u64 = 128;

/// `(a / b, a % b)` for magnitudes whose quotient fits a word (the
/// dividend at most 60 bits longer than the divisor, so the quotient is
/// below 2^61), in O(n): the quotient is estimated from the leading bits
/// (the divisor's top 64, the dividend's at the same shift) and corrected
/// at most once. `None` for a small divisor or a longer dividend.
///
/// The estimate: with `s = bits(b) - 64`, `A = floor(a / 2^s)` (below
/// 2^124) and `B = floor(b / 2^s)` (in [2^63, 2^64)), `e = floor(A / B)`
/// is the quotient `Q` or `Q + 1`. Not smaller: `a / b < (A + 1) / B`, and
/// `(A + 1) / B` exceeds `e + 1` only when `A + 1 = (e + 1) B` exactly,
/// where `a < (e + 1) b`. At most one more: `A / B - A / (B + 1) =
/// A / (B (B + 1)) < 2^124 / 2^126 < 1`, and `a / b > A / (B + 1)`.
fn small_quotient(
    a: &num_bigint::BigUint,
    b: &num_bigint::BigUint,
) -> Option<(u64, num_bigint::BigUint)> {
    let (a_bits, b_bits) = (a.bits(), b.bits());
    if b_bits <= SMALL_QUOTIENT_MIN_DIVISOR_BITS || a_bits < b_bits || a_bits - b_bits > 60 {
        return None;
    }
    let shift = b_bits - 64;
    let a_top = leading_bits(a, shift);
    let b_top = leading_bits(b, shift) as u64;
    let mut q = (a_top / u128::from(b_top)) as u64;
    let mut product = b * q;
    if product > *a {
        q -= 1;
        product -= b;
    }
    Some((q, a - product))
}

/// `floor(x / 2^shift)`, for a shift that leaves fewer than 128 bits.
fn leading_bits(x: &num_bigint::BigUint, shift: u64) -> u128 {
    let word = (shift / 64) as usize;
    let bit = (shift % 64) as u32;
    let digit = |i: usize| u128::from(x.iter_u64_digits().nth(i).unwrap_or(0));
    let low = digit(word) | (digit(word + 1) << 64);
    if bit == 0 {
        low
    } else {
        (low >> bit) | (digit(word + 2) << (128 - bit))
    }
}

/// `a ** b` for ints (float result for negative exponents), with optional modulus.
pub fn int_pow(vm: &Vm, a: &BigInt, b: &BigInt, modulus: Option<&BigInt>) -> PyResult<Value> {
    if let Some(md) = modulus {
        if md.is_zero() {
            return Err(vm.value_error("pow() 3rd argument cannot be 0"));
        }
        let mut base = a.mod_floor(md);
        let mut exp = b.clone();
        if exp.is_negative() {
            // Modular inverse.
            let g = base.extended_gcd(md);
            if !g.gcd.is_one() && (g.gcd != -BigInt::one()) {
                return Err(vm.value_error("base is not invertible for the given modulus"));
            }
            base = g.x.mod_floor(md);
            exp = -exp;
        }
        let r = base.modpow(&exp, &md.abs());
        let r = if md.is_negative() && !r.is_zero() {
            r + md
        } else {
            r
        };
        return Ok(int_from_bigint(r));
    }
    if b.is_negative() {
        let fa = int_to_f64(vm, a)?;
        let fb = int_to_f64(vm, b)?;
        if fa == 0.0 {
            return Err(vm.zero_division("0.0 cannot be raised to a negative power"));
        }
        return Ok(Value::Float(fa.powf(fb)));
    }
    // 0, 1 and -1 have every power, however large the exponent.
    if a.is_zero() {
        return Ok(Value::Int(i64::from(b.is_zero())));
    }
    if a.is_one() {
        return Ok(Value::Int(1));
    }
    if *a == -BigInt::one() {
        return Ok(Value::Int(if b.is_odd() { -1 } else { 1 }));
    }
    let e = b
        .to_u64()
        .ok_or_else(|| vm.overflow_error("exponent too large"))?;
    if e > u32::MAX as u64 && a.abs() > BigInt::one() {
        return Err(vm.overflow_error("exponent too large"));
    }
    Ok(int_from_bigint(num_traits::pow::pow(a.clone(), e as usize)))
}

/// Shift left with Python semantics.
pub fn lshift(vm: &Vm, a: &BigInt, b: &BigInt) -> PyResult<BigInt> {
    if b.is_negative() {
        return Err(vm.value_error("negative shift count"));
    }
    let n = b
        .to_usize()
        .ok_or_else(|| vm.overflow_error("too many digits in integer"))?;
    if n > (1 << 32) && !a.is_zero() {
        return Err(vm.overflow_error("too many digits in integer"));
    }
    Ok(a << n)
}

/// Shift right with Python semantics (floor).
pub fn rshift(vm: &Vm, a: &BigInt, b: &BigInt) -> PyResult<BigInt> {
    if b.is_negative() {
        return Err(vm.value_error("negative shift count"));
    }
    match b.to_usize() {
        Some(n) => Ok(a >> n),
        None => Ok(if a.is_negative() {
            BigInt::from(-1)
        } else {
            BigInt::zero()
        }),
    }
}

/// `int.bit_length()`
pub fn bit_length(b: &BigInt) -> u64 {
    b.abs().bits()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::{Runtime, RuntimeOptions};

    #[test]
    fn floor_division_and_modulo_follow_the_divisor_sign() {
        let rt = Runtime::new(RuntimeOptions::default());
        let vm = Vm::new(rt.interp().clone(), 1 << 20, false);
        let b = |i: i64| BigInt::from(i);
        for (a, d, q, r) in [
            (7, 2, 3, 1),
            (-7, 2, -4, 1),
            (7, -2, -4, -1),
            (-7, -2, 3, -1),
        ] {
            assert_eq!(floordiv(&vm, &b(a), &b(d)).unwrap(), b(q));
            assert_eq!(modulo(&vm, &b(a), &b(d)).unwrap(), b(r));
        }
        assert!(floordiv(&vm, &b(1), &b(0)).is_err());
    }

    /// The one-word-quotient division agrees with num-bigint's on every
    /// sign combination, around exact multiples (where the estimate is one
    /// too large), for divisors whose leading word is all ones or a single
    /// bit, and over quotients of 1 to 60 bits; and it is the path taken.
    #[test]
    fn small_quotient_division_matches_the_general_division() {
        use num_bigint::BigUint;
        fn next(state: &mut u64) -> u64 {
            *state ^= *state << 13;
            *state ^= *state >> 7;
            *state ^= *state << 17;
            *state
        }
        fn random_biguint(state: &mut u64, words: usize) -> BigUint {
            let digits: Vec<u32> = (0..words)
                .flat_map(|_| {
                    let d = next(state);
                    [d as u32, (d >> 32) as u32]
                })
                .collect();
            BigUint::new(digits)
        }
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut divisors = vec![
            BigUint::from(1u8) << 200u32,
            (BigUint::from(1u8) << 256u32) - 1u8,
            (BigUint::from(1u8) << 129u32) + 1u8,
            ((BigUint::from(1u8) << 64u32) - 1u8) << 4000u32,
        ];
        for words in [3, 5, 70, 130, 300] {
            for _ in 0..4 {
                divisors.push(random_biguint(&mut state, words));
            }
        }
        let mut fast_paths = 0;
        for b in &divisors {
            for quotient_bits in [1u32, 2, 7, 33, 59, 60] {
                let q =
                    BigUint::from(next(&mut state) >> (64 - quotient_bits)) | BigUint::from(1u8);
                let under: BigUint = random_biguint(&mut state, b.iter_u64_digits().len()) % b;
                let exact: BigUint = b * &q;
                let dividends: [BigUint; 5] = [
                    exact.clone(),
                    &exact + &under,
                    &exact + b - 1u8,
                    &exact - 1u8,
                    b.clone(),
                ];
                for a in dividends {
                    fast_paths += usize::from(small_quotient(&a, b).is_some());
                    for (sa, sb) in [(1, 1), (-1, 1), (1, -1), (-1, -1)] {
                        let signed = |x: &BigUint, s: i32| {
                            let x = BigInt::from(x.clone());
                            if s < 0 {
                                -x
                            } else {
                                x
                            }
                        };
                        let (a, b) = (signed(&a, sa), signed(b, sb));
                        assert_eq!(div_mod_floor(&a, &b), a.div_mod_floor(&b), "{a} divmod {b}");
                    }
                }
            }
        }
        // Every divisor but the 3-word random ones exceeds 128 bits, and
        // every quotient fits: the fast path ran for nearly all of them.
        assert!(fast_paths > 500, "fast path taken {fast_paths} times");
    }

    #[test]
    fn overflow_promotes_and_small_results_demote() {
        assert!(matches!(
            int_from_bigint(BigInt::from(i64::MAX) + 1),
            Value::Obj(_)
        ));
        assert!(matches!(int_from_bigint(BigInt::from(5)), Value::Int(5)));
        assert_eq!(rshift_vals(-1, 100), -1);
        assert_eq!(bit_length(&BigInt::from(-255)), 8);
    }

    fn rshift_vals(a: i64, s: i64) -> i64 {
        let rt = Runtime::new(RuntimeOptions::default());
        let vm = Vm::new(rt.interp().clone(), 1 << 20, false);
        rshift(&vm, &BigInt::from(a), &BigInt::from(s))
            .unwrap()
            .to_i64()
            .unwrap()
    }

    #[test]
    fn int_float_comparison_is_exact() {
        assert_eq!(
            int_float_cmp(&(BigInt::from(1) << 53usize), 9007199254740992.0),
            Some(Ordering::Equal)
        );
        assert_eq!(
            int_float_cmp(&((BigInt::from(1) << 53usize) + 1), 9007199254740992.0),
            Some(Ordering::Greater)
        );
        assert_eq!(int_float_cmp(&BigInt::from(3), 3.5), Some(Ordering::Less));
        assert_eq!(int_float_cmp(&BigInt::from(3), f64::NAN), None);
    }
}
