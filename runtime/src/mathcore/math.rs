//! The `math` module's functions and the int/float conversions of CPython's
//! numeric tower, with CPython 3.11's results and error messages.
//!
//! This module owns:
//! - float functions (`sqrt`, `exp`, `log*`, `pow`, `fmod`, `remainder`,
//!   `frexp`, `ldexp`, `modf`, `hypot`, `dist`, `fsum`, `isclose`,
//!   `nextafter`, `ulp`, the trig and hyperbolic wrappers, ...), following
//!   the argument checks of `Modules/mathmodule.c` so that every input
//!   CPython rejects is rejected here with the same exception type and
//!   message;
//! - integer functions (`isqrt`, `factorial`, `comb`, `perm`, `gcd`, `lcm`);
//! - exact conversions: `float_to_bigint` (`int(x)`), `bigint_to_f64`
//!   (`float(n)`, correctly rounded), `bigint_frexp`, `int_true_divide`
//!   (`a / b` for ints, correctly rounded) and `float_as_integer_ratio`.
//!
//! Transcendental functions delegate to the platform C library through
//! `std`, as CPython does, so results agree bit for bit on the same libm
//! (glibc on Linux). The exception is `cbrt`, whose `std` version is not
//! glibc's: it is computed here by glibc's method to give the same bits.
//! Argument conversion (e.g. `float(arg)` before `math.sqrt`) is the
//! caller's job; where CPython treats ints specially (`log`, `log2`,
//! `log10`) the [`Real`] argument type carries the int through.

use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

use super::MathError;

// ---------------------------------------------------------------------------
// Exact float <-> int machinery
// ---------------------------------------------------------------------------

/// Split a finite `x` into `(negative, m, e)` with `|x| == m * 2**e` and
/// `m < 2**53`.
fn decompose(x: f64) -> (bool, u64, i64) {
    let bits = x.to_bits();
    let negative = bits >> 63 != 0;
    let exp_bits = ((bits >> 52) & 0x7ff) as i64;
    let frac = bits & ((1u64 << 52) - 1);
    if exp_bits == 0 {
        (negative, frac, -1074)
    } else {
        (negative, frac | (1u64 << 52), exp_bits - 1075)
    }
}

/// Round the non-negative value `m * 2**e` to the nearest double, ties to
/// even. `sticky` says the true value is a little more than `m * 2**e` (by
/// less than `2**e`); it may only be set when `m` has at least 55 bits or
/// the value is below `2**-1021 / 4`, so that the dropped part includes at
/// least one bit of `m`. Returns `None` when the result overflows.
fn round_to_f64(m: &BigUint, e: i64, sticky: bool) -> Option<f64> {
    if let (Some(small), false) = (m.to_u64(), sticky) {
        return round_u64_to_f64(small, e);
    }
    if m.is_zero() {
        return Some(0.0);
    }
    let nbits = i64::try_from(m.bits()).unwrap_or(i64::MAX);
    let shift = kept_shift(nbits, e);
    if shift <= 0 {
        let q = (m << shift.unsigned_abs()).to_u64()?;
        return assemble(q, false, false, e.saturating_add(shift));
    }
    let s = shift.unsigned_abs();
    let q = (m >> s).to_u64()?;
    let half = m.bit(s - 1);
    let below = sticky || m.trailing_zeros().is_some_and(|tz| tz < s - 1);
    assemble(q, half, below, e.saturating_add(shift))
}

/// [`round_to_f64`] for a `u64` significand, without allocating.
fn round_u64_to_f64(m: u64, e: i64) -> Option<f64> {
    if m == 0 {
        return Some(0.0);
    }
    let nbits = i64::from(64 - m.leading_zeros());
    let shift = kept_shift(nbits, e);
    if shift <= 0 {
        // At most 53 significant bits remain after the shift.
        return assemble(
            m << shift.unsigned_abs(),
            false,
            false,
            e.saturating_add(shift),
        );
    }
    let s = shift.unsigned_abs();
    let (q, half, below) = if s > 64 {
        (0, false, true)
    } else {
        let wide = u128::from(m);
        let q = u64::try_from(wide >> s).unwrap_or(0);
        let half = (wide >> (s - 1)) & 1 == 1;
        let below = wide & ((1u128 << (s - 1)) - 1) != 0;
        (q, half, below)
    };
    assemble(q, half, below, e.saturating_add(shift))
}

/// How many low bits of an `nbits`-bit significand scaled by `2**e` fall
/// below the last bit a double can keep (53 bits, or fewer when the value
/// is subnormal). Non-positive means the value is exact.
fn kept_shift(nbits: i64, e: i64) -> i64 {
    nbits.saturating_sub(53).max((-1074i64).saturating_sub(e))
}

/// Build the double `q * 2**exp` after rounding `q` up when the dropped
/// part is above half an ulp, or exactly half (`half && !below`) with `q`
/// odd. `q < 2**53` and `exp >= -1074`, with `q < 2**52` only when
/// `exp == -1074`. `None` on overflow.
fn assemble(mut q: u64, half: bool, below: bool, mut exp: i64) -> Option<f64> {
    if half && (below || q & 1 == 1) {
        q += 1;
    }
    if q == 1u64 << 53 {
        q >>= 1;
        exp += 1;
    }
    if exp > 971 {
        return None;
    }
    let biased = u64::try_from(exp + 1074).ok()?;
    // For a normal result this adds the hidden bit into the exponent field.
    Some(f64::from_bits((biased << 52) + q))
}

fn with_sign(negative: bool, x: f64) -> f64 {
    if negative {
        -x
    } else {
        x
    }
}

/// `float(n)`: the double nearest to `n` (ties to even).
///
/// Error: `OverflowError("int too large to convert to float")`.
pub fn bigint_to_f64(n: &BigInt) -> Result<f64, MathError> {
    match round_to_f64(n.magnitude(), 0, false) {
        Some(x) => Ok(with_sign(n.is_negative(), x)),
        None => Err(MathError::Overflow(
            "int too large to convert to float".to_string(),
        )),
    }
}

/// CPython's `_PyLong_Frexp`: `(x, e)` with `n ~= x * 2**e`, `0.5 <= |x| < 1`
/// and `x` correctly rounded to 53 bits; `(0.0, 0)` for zero. Never
/// overflows, so it works for ints too large for a float.
pub fn bigint_frexp(n: &BigInt) -> (f64, i64) {
    if n.is_zero() {
        return (0.0, 0);
    }
    let nbits = i64::try_from(n.bits()).unwrap_or(i64::MAX);
    // The magnitude scaled into [0.5, 1] cannot overflow.
    let x = round_to_f64(n.magnitude(), -nbits, false).unwrap_or(1.0);
    let (x, e) = if x == 1.0 {
        (0.5, nbits.saturating_add(1))
    } else {
        (x, nbits)
    };
    (with_sign(n.is_negative(), x), e)
}

/// `int(x)` for a float: truncation toward zero.
///
/// Errors: `OverflowError("cannot convert float infinity to integer")`,
/// `ValueError("cannot convert float NaN to integer")`.
pub fn float_to_bigint(x: f64) -> Result<BigInt, MathError> {
    if x.is_nan() {
        return Err(MathError::Value(
            "cannot convert float NaN to integer".to_string(),
        ));
    }
    if x.is_infinite() {
        return Err(MathError::Overflow(
            "cannot convert float infinity to integer".to_string(),
        ));
    }
    let (negative, m, e) = decompose(x);
    let mag = if e >= 0 {
        BigUint::from(m) << e.unsigned_abs()
    } else if e <= -64 {
        BigUint::zero()
    } else {
        BigUint::from(m >> e.unsigned_abs())
    };
    let sign = if negative { Sign::Minus } else { Sign::Plus };
    Ok(BigInt::from_biguint(sign, mag))
}

/// `float.as_integer_ratio()`: the exact value as `(numerator, denominator)`
/// in lowest terms with a positive denominator.
///
/// Errors: `OverflowError("cannot convert Infinity to integer ratio")`,
/// `ValueError("cannot convert NaN to integer ratio")`.
pub fn float_as_integer_ratio(x: f64) -> Result<(BigInt, BigInt), MathError> {
    if x.is_nan() {
        return Err(MathError::Value(
            "cannot convert NaN to integer ratio".to_string(),
        ));
    }
    if x.is_infinite() {
        return Err(MathError::Overflow(
            "cannot convert Infinity to integer ratio".to_string(),
        ));
    }
    let (negative, mut m, mut e) = decompose(x);
    if m == 0 {
        return Ok((BigInt::zero(), BigInt::one()));
    }
    let tz = m.trailing_zeros();
    m >>= tz;
    e += i64::from(tz);
    let sign = if negative { Sign::Minus } else { Sign::Plus };
    let (num, den) = if e >= 0 {
        (BigUint::from(m) << e.unsigned_abs(), BigUint::one())
    } else {
        (BigUint::from(m), BigUint::one() << e.unsigned_abs())
    };
    Ok((BigInt::from_biguint(sign, num), BigInt::from(den)))
}

/// `a / b` for Python ints (`long_true_divide`): the correctly rounded
/// quotient, with the sign of a zero result taken from the operands' signs.
///
/// Errors: `ZeroDivisionError("division by zero")`,
/// `OverflowError("integer division result too large for a float")`.
pub fn int_true_divide(a: &BigInt, b: &BigInt) -> Result<f64, MathError> {
    if b.is_zero() {
        return Err(MathError::ZeroDivision("division by zero".to_string()));
    }
    let negative = a.is_negative() != b.is_negative();
    if a.is_zero() {
        return Ok(with_sign(negative, 0.0));
    }
    let overflow =
        || MathError::Overflow("integer division result too large for a float".to_string());
    let (am, bm) = (a.magnitude(), b.magnitude());
    let na = i64::try_from(am.bits()).unwrap_or(i64::MAX);
    let nb = i64::try_from(bm.bits()).unwrap_or(i64::MAX);
    let diff = na - nb;
    // The quotient lies in (2**(diff-1), 2**(diff+1)).
    if diff > 1025 {
        return Err(overflow());
    }
    if diff < -1080 {
        // Below a quarter of the smallest subnormal: rounds to zero.
        return Ok(with_sign(negative, 0.0));
    }
    // Scale so the integer quotient has at least 55 bits.
    let s = 55 - diff;
    let (q, r) = if s >= 0 {
        (am << s.unsigned_abs()).div_rem(bm)
    } else {
        am.div_rem(&(bm << s.unsigned_abs()))
    };
    match round_to_f64(&q, -s, !r.is_zero()) {
        Some(x) => Ok(with_sign(negative, x)),
        None => Err(overflow()),
    }
}

// ---------------------------------------------------------------------------
// Error-checking wrappers in the style of math_1 / math_2
// ---------------------------------------------------------------------------

/// CPython's `math_1`: a NaN from a non-NaN argument is a domain error; an
/// infinity from a finite argument is a range error when `can_overflow`,
/// else a domain error (a singularity).
fn math_1(x: f64, func: fn(f64) -> f64, can_overflow: bool) -> Result<f64, MathError> {
    let r = func(x);
    if r.is_nan() && !x.is_nan() {
        return Err(MathError::Domain);
    }
    if r.is_infinite() && x.is_finite() {
        return Err(if can_overflow {
            MathError::Range
        } else {
            MathError::Domain
        });
    }
    Ok(r)
}

/// CPython's `math_2`: like `math_1` for two arguments.
fn math_2(x: f64, y: f64, func: fn(f64, f64) -> f64) -> Result<f64, MathError> {
    let r = func(x, y);
    if r.is_nan() && !x.is_nan() && !y.is_nan() {
        return Err(MathError::Domain);
    }
    if r.is_infinite() && x.is_finite() && y.is_finite() {
        return Err(MathError::Range);
    }
    Ok(r)
}

/// `math.sqrt(x)`.
pub fn sqrt(x: f64) -> Result<f64, MathError> {
    math_1(x, f64::sqrt, false)
}

/// `math.exp(x)`; overflow is `OverflowError("math range error")`.
pub fn exp(x: f64) -> Result<f64, MathError> {
    math_1(x, f64::exp, true)
}

/// `math.exp2(x)` (new in 3.11).
pub fn exp2(x: f64) -> Result<f64, MathError> {
    math_1(x, f64::exp2, true)
}

/// `math.expm1(x)`.
pub fn expm1(x: f64) -> Result<f64, MathError> {
    math_1(x, f64::exp_m1, true)
}

/// `math.log1p(x)`.
pub fn log1p(x: f64) -> Result<f64, MathError> {
    fn m_log1p(x: f64) -> f64 {
        if x.abs() < f64::EPSILON / 2.0 {
            x
        } else if x > -1.0 {
            x.ln_1p()
        } else if x == -1.0 {
            f64::NEG_INFINITY
        } else {
            f64::NAN
        }
    }
    math_1(x, m_log1p, false)
}

/// `math.sin(x)`.
pub fn sin(x: f64) -> Result<f64, MathError> {
    math_1(x, f64::sin, false)
}

/// `math.cos(x)`.
pub fn cos(x: f64) -> Result<f64, MathError> {
    math_1(x, f64::cos, false)
}

/// `math.tan(x)`.
pub fn tan(x: f64) -> Result<f64, MathError> {
    math_1(x, f64::tan, false)
}

/// `math.asin(x)`.
pub fn asin(x: f64) -> Result<f64, MathError> {
    math_1(x, f64::asin, false)
}

/// `math.acos(x)`.
pub fn acos(x: f64) -> Result<f64, MathError> {
    math_1(x, f64::acos, false)
}

/// `math.atan(x)`.
pub fn atan(x: f64) -> Result<f64, MathError> {
    math_1(x, f64::atan, false)
}

/// `math.sinh(x)`.
pub fn sinh(x: f64) -> Result<f64, MathError> {
    math_1(x, f64::sinh, true)
}

/// `math.cosh(x)`.
pub fn cosh(x: f64) -> Result<f64, MathError> {
    math_1(x, f64::cosh, true)
}

/// `math.tanh(x)`.
pub fn tanh(x: f64) -> Result<f64, MathError> {
    math_1(x, f64::tanh, false)
}

/// `math.cbrt(x)` (new in 3.11), computed the way glibc's `cbrt` does so
/// that results match CPython on Linux bit for bit (glibc's answer is not
/// always correctly rounded; Rust's own `cbrt` is, so it would differ).
///
/// The method: write `|x| = m * 2**e` with `0.5 <= m < 1`, take a degree-6
/// polynomial approximation `u` of `cbrt(m)`, refine it with one Halley
/// step `u * (u**3 + 2m) / (2u**3 + m)`, multiply by `2**((e mod 3) / 3)`
/// and scale by `2**(e div 3)` (C's truncating division and remainder).
pub fn cbrt(x: f64) -> Result<f64, MathError> {
    // Horner coefficients, highest degree first.
    const POLY: [f64; 7] = [
        -0.145_263_899_385_486_37,
        0.784_932_344_976_639_2,
        -1.834_692_774_836_130_8,
        2.446_931_225_635_344_4,
        -2.114_994_941_673_713,
        1.508_191_937_815_849,
        0.354_895_765_043_919_84,
    ];
    const CBRT2: f64 = 1.259_921_049_894_873_2;
    const CBRT4: f64 = 1.587_401_051_968_199_6;
    let factors = [1.0 / CBRT4, 1.0 / CBRT2, 1.0, CBRT2, CBRT4];
    if x == 0.0 || !x.is_finite() {
        return Ok(x + x);
    }
    let (m, e) = frexp(x.abs());
    let u = POLY[1..].iter().fold(POLY[0], |acc, &c| acc * m + c);
    let u3 = u * u * u;
    let index = usize::try_from(2 + e % 3).unwrap_or(2);
    let y = u * (u3 + 2.0 * m) / (2.0 * u3 + m) * factors[index];
    let y = if x > 0.0 { y } else { -y };
    Ok(ldexp_small(y, e / 3))
}

/// `math.fabs(x)`.
pub fn fabs(x: f64) -> f64 {
    x.abs()
}

/// `math.atan2(y, x)`, with CPython's own handling of infinities, zeros and
/// NaNs.
pub fn atan2(y: f64, x: f64) -> Result<f64, MathError> {
    fn m_atan2(y: f64, x: f64) -> f64 {
        use std::f64::consts::PI;
        if x.is_nan() || y.is_nan() {
            return f64::NAN;
        }
        if y.is_infinite() {
            if x.is_infinite() {
                return if x.is_sign_positive() {
                    (0.25 * PI).copysign(y)
                } else {
                    (0.75 * PI).copysign(y)
                };
            }
            return (0.5 * PI).copysign(y);
        }
        if x.is_infinite() || y == 0.0 {
            return if x.is_sign_positive() {
                0.0f64.copysign(y)
            } else {
                PI.copysign(y)
            };
        }
        y.atan2(x)
    }
    math_2(y, x, m_atan2)
}

/// `math.copysign(x, y)`.
pub fn copysign(x: f64, y: f64) -> f64 {
    x.copysign(y)
}

/// `math.degrees(x)`.
pub fn degrees(x: f64) -> f64 {
    const RAD_TO_DEG: f64 = 180.0 / std::f64::consts::PI;
    x * RAD_TO_DEG
}

/// `math.radians(x)`.
pub fn radians(x: f64) -> f64 {
    const DEG_TO_RAD: f64 = std::f64::consts::PI / 180.0;
    x * DEG_TO_RAD
}

/// `math.fmod(x, y)`: C's `fmod`, with `fmod(x, ±inf) == x` for finite `x`.
pub fn fmod(x: f64, y: f64) -> Result<f64, MathError> {
    if y.is_infinite() && x.is_finite() {
        return Ok(x);
    }
    let r = x % y;
    if r.is_nan() && !x.is_nan() && !y.is_nan() {
        return Err(MathError::Domain);
    }
    Ok(r)
}

/// `math.remainder(x, y)`: IEEE 754 remainder, `x - n*y` with `n` the
/// integer nearest `x/y` (ties to even).
pub fn remainder(x: f64, y: f64) -> Result<f64, MathError> {
    fn m_remainder(x: f64, y: f64) -> f64 {
        if x.is_finite() && y.is_finite() {
            if y == 0.0 {
                return f64::NAN;
            }
            let absx = x.abs();
            let absy = y.abs();
            let m = absx % absy;
            let c = absy - m;
            let r = if m < c {
                m
            } else if m > c {
                -c
            } else {
                // Half-way: pick the even multiple.
                m - 2.0 * ((0.5 * (absx - m)) % absy)
            };
            return 1.0f64.copysign(x) * r;
        }
        if x.is_nan() {
            return x;
        }
        if y.is_nan() {
            return y;
        }
        if x.is_infinite() {
            return f64::NAN;
        }
        x
    }
    math_2(x, y, m_remainder)
}

/// `math.modf(x)`: `(fractional part, integer part)`, both carrying the sign
/// of `x`.
pub fn modf(x: f64) -> (f64, f64) {
    if x.is_infinite() {
        return (0.0f64.copysign(x), x);
    }
    if x.is_nan() {
        return (x, x);
    }
    let int = x.trunc();
    ((x - int).copysign(x), int)
}

/// `math.frexp(x)`: `(m, e)` with `x == m * 2**e` and `0.5 <= |m| < 1`;
/// zeros, infinities and NaNs come back as `(x, 0)`.
pub fn frexp(x: f64) -> (f64, i32) {
    if x == 0.0 || !x.is_finite() {
        return (x, 0);
    }
    let bits = x.to_bits();
    let exp_bits = ((bits >> 52) & 0x7ff) as i32;
    if exp_bits == 0 {
        // Subnormal: scale into the normal range exactly.
        let (m, e) = frexp(x * 18_014_398_509_481_984.0); // 2**54
        return (m, e - 54);
    }
    let m = f64::from_bits((bits & !(0x7ffu64 << 52)) | (1022u64 << 52));
    (m, exp_bits - 1022)
}

/// `math.ldexp(x, i)`: `x * 2**i`, correctly rounded.
///
/// Overflow is `OverflowError("math range error")`; underflow gives a
/// signed zero.
pub fn ldexp(x: f64, i: &BigInt) -> Result<f64, MathError> {
    let exp = i
        .to_i64()
        .unwrap_or(if i.is_negative() { i64::MIN } else { i64::MAX });
    if x == 0.0 || !x.is_finite() {
        return Ok(x);
    }
    if exp > i64::from(i32::MAX) {
        return Err(MathError::Range);
    }
    if exp < i64::from(i32::MIN) {
        return Ok(0.0f64.copysign(x));
    }
    let (negative, m, e) = decompose(x);
    match round_u64_to_f64(m, e + exp) {
        Some(r) => Ok(with_sign(negative, r)),
        None => Err(MathError::Range),
    }
}

/// `math.nextafter(x, y)`: the next double after `x` towards `y`.
pub fn nextafter(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() {
        return x + y;
    }
    if x == y {
        return y;
    }
    if x == 0.0 {
        return f64::from_bits(1).copysign(y);
    }
    let bits = x.to_bits();
    // Moving away from zero increases the magnitude bits, towards zero
    // decreases them, whatever the sign of `x`.
    let away = (y > x) == (x > 0.0);
    f64::from_bits(if away { bits + 1 } else { bits - 1 })
}

/// `math.ulp(x)`: the value of the least significant bit of `x`.
pub fn ulp(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    let x = x.abs();
    if x.is_infinite() {
        return x;
    }
    let up = nextafter(x, f64::INFINITY);
    if up.is_infinite() {
        return x - nextafter(x, f64::NEG_INFINITY);
    }
    up - x
}

/// `math.pow(x, y)`, with CPython's treatment of special values
/// (`pow(nan, 0) == 1`, `pow(1, nan) == 1`, `pow(0, -1)` is a domain error,
/// finite overflow is a range error).
pub fn pow(x: f64, y: f64) -> Result<f64, MathError> {
    if !x.is_finite() || !y.is_finite() {
        let r = if x.is_nan() {
            if y == 0.0 {
                1.0
            } else {
                x
            }
        } else if y.is_nan() {
            if x == 1.0 {
                1.0
            } else {
                y
            }
        } else if x.is_infinite() {
            let odd_y = y.is_finite() && y.abs() % 2.0 == 1.0;
            if y > 0.0 {
                if odd_y {
                    x
                } else {
                    x.abs()
                }
            } else if y == 0.0 {
                1.0
            } else if odd_y {
                0.0f64.copysign(x)
            } else {
                0.0
            }
        } else {
            // y is infinite, x finite.
            if x.abs() == 1.0 {
                1.0
            } else if (y > 0.0 && x.abs() > 1.0) || (y < 0.0 && x.abs() < 1.0) {
                f64::INFINITY
            } else {
                0.0
            }
        };
        return Ok(r);
    }
    let r = x.powf(y);
    if r.is_nan() {
        return Err(MathError::Domain);
    }
    if r.is_infinite() {
        return Err(if x == 0.0 {
            MathError::Domain
        } else {
            MathError::Range
        });
    }
    Ok(r)
}

/// `math.floor(x)` for a float, as an int.
pub fn floor(x: f64) -> Result<BigInt, MathError> {
    float_to_bigint(x.floor())
}

/// `math.ceil(x)` for a float, as an int.
pub fn ceil(x: f64) -> Result<BigInt, MathError> {
    float_to_bigint(x.ceil())
}

/// `math.trunc(x)` for a float, as an int.
pub fn trunc(x: f64) -> Result<BigInt, MathError> {
    float_to_bigint(x)
}

/// `math.isclose(a, b, rel_tol=..., abs_tol=...)`.
///
/// Error: `ValueError("tolerances must be non-negative")`.
pub fn isclose(a: f64, b: f64, rel_tol: f64, abs_tol: f64) -> Result<bool, MathError> {
    if rel_tol < 0.0 || abs_tol < 0.0 {
        return Err(MathError::Value(
            "tolerances must be non-negative".to_string(),
        ));
    }
    if a == b {
        return Ok(true);
    }
    if a.is_infinite() || b.is_infinite() {
        return Ok(false);
    }
    let diff = (b - a).abs();
    Ok(diff <= (rel_tol * b).abs() || diff <= (rel_tol * a).abs() || diff <= abs_tol)
}

// ---------------------------------------------------------------------------
// fsum, hypot, dist
// ---------------------------------------------------------------------------

/// `math.fsum(values)`: the correctly rounded sum (Shewchuk's algorithm as
/// in CPython's `math_fsum`, including its half-even fix-up across
/// partials). Note `fsum([-0.0]) == 0.0` in 3.11.
///
/// Errors: `OverflowError("intermediate overflow in fsum")` when finite
/// inputs overflow a partial, `ValueError("-inf + inf in fsum")`.
pub fn fsum(values: &[f64]) -> Result<f64, MathError> {
    let mut partials: Vec<f64> = Vec::new();
    let mut special_sum = 0.0f64;
    let mut inf_sum = 0.0f64;
    for &value in values {
        let mut x = value;
        let mut i = 0;
        for j in 0..partials.len() {
            let mut y = partials[j];
            if x.abs() < y.abs() {
                std::mem::swap(&mut x, &mut y);
            }
            let hi = x + y;
            let yr = hi - x;
            let lo = y - yr;
            if lo != 0.0 {
                partials[i] = lo;
                i += 1;
            }
            x = hi;
        }
        partials.truncate(i);
        if x != 0.0 {
            if !x.is_finite() {
                if value.is_finite() {
                    return Err(MathError::Overflow(
                        "intermediate overflow in fsum".to_string(),
                    ));
                }
                if value.is_infinite() {
                    inf_sum += value;
                }
                special_sum += value;
                partials.clear();
            } else {
                partials.push(x);
            }
        }
    }
    if special_sum != 0.0 {
        if inf_sum.is_nan() {
            return Err(MathError::Value("-inf + inf in fsum".to_string()));
        }
        return Ok(special_sum);
    }
    let mut n = partials.len();
    if n == 0 {
        return Ok(0.0);
    }
    n -= 1;
    let mut hi = partials[n];
    let mut lo = 0.0f64;
    while n > 0 {
        let x = hi;
        n -= 1;
        let y = partials[n];
        hi = x + y;
        let yr = hi - x;
        lo = y - yr;
        if lo != 0.0 {
            break;
        }
    }
    if n > 0 && ((lo < 0.0 && partials[n - 1] < 0.0) || (lo > 0.0 && partials[n - 1] > 0.0)) {
        let y = lo * 2.0;
        let x = hi + y;
        let yr = x - hi;
        if y == yr {
            hi = x;
        }
    }
    Ok(hi)
}

/// CPython 3.11's `vector_norm` over absolute values `vec` whose largest
/// element is `max`.
fn vector_norm(vec: &[f64], max: f64, found_nan: bool) -> f64 {
    const T27: f64 = 134_217_729.0; // 2**27 + 1, for Veltkamp-Dekker splitting
    if max.is_infinite() {
        return max;
    }
    if found_nan {
        return f64::NAN;
    }
    if max == 0.0 || vec.len() <= 1 {
        return max;
    }
    let (_, max_e) = frexp(max);
    let mut csum = 1.0f64;
    let mut frac1 = 0.0f64;
    if max_e >= -1023 {
        let scale = ldexp_small(1.0, -max_e);
        let mut frac2 = 0.0f64;
        let mut frac3 = 0.0f64;
        let split = |v: f64| {
            let t = v * T27;
            let hi = t - (t - v);
            (hi, v - hi)
        };
        for &v in vec {
            let (hi, lo) = split(v * scale);
            let x = hi * hi;
            let old = csum;
            csum += x;
            frac1 += (old - csum) + x;
            let x = 2.0 * hi * lo;
            let old = csum;
            csum += x;
            frac2 += (old - csum) + x;
            frac3 += lo * lo;
        }
        let h = (csum - 1.0 + (frac1 + frac2 + frac3)).sqrt();
        let (hi, lo) = split(h);
        let x = -hi * hi;
        let old = csum;
        csum += x;
        frac1 += (old - csum) + x;
        let x = -2.0 * hi * lo;
        let old = csum;
        csum += x;
        frac2 += (old - csum) + x;
        let x = -lo * lo;
        let old = csum;
        csum += x;
        frac3 += (old - csum) + x;
        let x = csum - 1.0 + (frac1 + frac2 + frac3);
        return (h + x / (2.0 * h)) / scale;
    }
    // ldexp(1.0, -max_e) would overflow: divide by max instead.
    for &v in vec {
        let x = v / max;
        let x = x * x;
        let old = csum;
        csum += x;
        frac1 += (old - csum) + x;
    }
    max * (csum - 1.0 + frac1).sqrt()
}

/// `x * 2**e`, correctly rounded (C's `ldexp` for an `int` exponent).
fn ldexp_small(x: f64, e: i32) -> f64 {
    let (negative, m, me) = decompose(x);
    match round_u64_to_f64(m, me + i64::from(e)) {
        Some(r) => with_sign(negative, r),
        None => with_sign(negative, f64::INFINITY),
    }
}

/// `math.hypot(*coordinates)`: the Euclidean norm, as CPython 3.11 computes
/// it (infinities win over NaNs; `hypot() == 0.0`).
pub fn hypot(coordinates: &[f64]) -> f64 {
    let mut max = 0.0f64;
    let mut found_nan = false;
    let abs: Vec<f64> = coordinates
        .iter()
        .map(|&x| {
            let x = x.abs();
            found_nan |= x.is_nan();
            if x > max {
                max = x;
            }
            x
        })
        .collect();
    vector_norm(&abs, max, found_nan)
}

/// `math.dist(p, q)`: the Euclidean distance between two points.
///
/// Error: `ValueError("both points must have the same number of
/// dimensions")`.
pub fn dist(p: &[f64], q: &[f64]) -> Result<f64, MathError> {
    if p.len() != q.len() {
        return Err(MathError::Value(
            "both points must have the same number of dimensions".to_string(),
        ));
    }
    let mut max = 0.0f64;
    let mut found_nan = false;
    let diffs: Vec<f64> = p
        .iter()
        .zip(q)
        .map(|(&px, &qx)| {
            let x = (px - qx).abs();
            found_nan |= x.is_nan();
            if x > max {
                max = x;
            }
            x
        })
        .collect();
    Ok(vector_norm(&diffs, max, found_nan))
}

// ---------------------------------------------------------------------------
// Logarithms
// ---------------------------------------------------------------------------

/// An argument to the logarithms, which CPython treats differently for ints
/// (so that ints too large for a float still have a logarithm).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Real<'a> {
    /// A float (or anything the caller converted with `float()`).
    Float(f64),
    /// An exact int (including `bool`).
    Int(&'a BigInt),
}

fn m_log(x: f64) -> f64 {
    if x.is_finite() {
        if x > 0.0 {
            x.ln()
        } else if x == 0.0 {
            f64::NEG_INFINITY
        } else {
            f64::NAN
        }
    } else if x.is_nan() || x > 0.0 {
        x
    } else {
        f64::NAN
    }
}

fn m_log2(x: f64) -> f64 {
    if !x.is_finite() {
        if x.is_nan() || x > 0.0 {
            x
        } else {
            f64::NAN
        }
    } else if x > 0.0 {
        x.log2()
    } else if x == 0.0 {
        f64::NEG_INFINITY
    } else {
        f64::NAN
    }
}

fn m_log10(x: f64) -> f64 {
    if !x.is_finite() {
        if x.is_nan() || x > 0.0 {
            x
        } else {
            f64::NAN
        }
    } else if x > 0.0 {
        x.log10()
    } else if x == 0.0 {
        f64::NEG_INFINITY
    } else {
        f64::NAN
    }
}

/// CPython's `loghelper`: ints go through `float(n)` when that works and
/// through `frexp` (`func(m) + func(2.0) * e`) when it overflows.
fn loghelper(x: Real<'_>, func: fn(f64) -> f64) -> Result<f64, MathError> {
    match x {
        Real::Int(n) => {
            if !n.is_positive() {
                return Err(MathError::Domain);
            }
            match bigint_to_f64(n) {
                Ok(f) => Ok(func(f)),
                Err(_) => {
                    let (m, e) = bigint_frexp(n);
                    Ok(func(m) + func(2.0) * e as f64)
                }
            }
        }
        Real::Float(f) => math_1(f, func, false),
    }
}

/// `math.log(x)` or `math.log(x, base)`.
///
/// Errors: `ValueError("math domain error")` for `x <= 0` (or `base <= 0`),
/// `ZeroDivisionError("float division by zero")` when `base == 1`.
pub fn log(x: Real<'_>, base: Option<Real<'_>>) -> Result<f64, MathError> {
    let num = loghelper(x, m_log)?;
    match base {
        None => Ok(num),
        Some(b) => {
            let den = loghelper(b, m_log)?;
            if den == 0.0 {
                return Err(MathError::ZeroDivision(
                    "float division by zero".to_string(),
                ));
            }
            Ok(num / den)
        }
    }
}

/// `math.log2(x)`.
pub fn log2(x: Real<'_>) -> Result<f64, MathError> {
    loghelper(x, m_log2)
}

/// `math.log10(x)`.
pub fn log10(x: Real<'_>) -> Result<f64, MathError> {
    loghelper(x, m_log10)
}

// ---------------------------------------------------------------------------
// Integer functions
// ---------------------------------------------------------------------------

/// `math.isqrt(n)`: the floor of the square root.
///
/// Error: `ValueError("isqrt() argument must be nonnegative")`.
pub fn isqrt(n: &BigInt) -> Result<BigInt, MathError> {
    if n.is_negative() {
        return Err(MathError::Value(
            "isqrt() argument must be nonnegative".to_string(),
        ));
    }
    Ok(BigInt::from(n.magnitude().sqrt()))
}

/// Product of the integers `lo..=hi` (1 when `lo > hi`), by binary
/// splitting.
fn product_range(lo: u64, hi: u64) -> BigUint {
    if lo > hi {
        return BigUint::one();
    }
    if hi - lo < 16 {
        let mut acc = BigUint::one();
        let mut small: u128 = 1;
        for v in lo..=hi {
            match small.checked_mul(u128::from(v)) {
                Some(p) => small = p,
                None => {
                    acc *= small;
                    small = u128::from(v);
                }
            }
        }
        return acc * small;
    }
    let mid = lo + (hi - lo) / 2;
    product_range(lo, mid) * product_range(mid + 1, hi)
}

/// Product of `n - i` for `i` in `lo..hi`, by binary splitting.
fn falling_product(n: &BigUint, lo: u64, hi: u64) -> BigUint {
    if lo >= hi {
        return BigUint::one();
    }
    if hi - lo <= 8 {
        let mut acc = BigUint::one();
        for i in lo..hi {
            acc *= n - BigUint::from(i);
        }
        return acc;
    }
    let mid = lo + (hi - lo) / 2;
    falling_product(n, lo, mid) * falling_product(n, mid, hi)
}

/// `n! / (n-k)!` for `k <= n`.
fn perm_exact(n: &BigUint, k: u64) -> BigUint {
    if k == 0 {
        return BigUint::one();
    }
    match n.to_u64() {
        Some(nu) => product_range(nu - k + 1, nu),
        None => falling_product(n, 0, k),
    }
}

/// `math.factorial(n)`.
///
/// Errors: `ValueError("factorial() not defined for negative values")`,
/// `OverflowError("factorial() argument should not exceed
/// 9223372036854775807")`. (Arguments that are in range but enormous take
/// as long, and as much memory, as they do in CPython.)
pub fn factorial(n: &BigInt) -> Result<BigInt, MathError> {
    if n.is_negative() {
        return Err(MathError::Value(
            "factorial() not defined for negative values".to_string(),
        ));
    }
    let n = n.to_i64().ok_or_else(|| {
        MathError::Overflow(format!(
            "factorial() argument should not exceed {}",
            i64::MAX
        ))
    })?;
    Ok(BigInt::from(product_range(1, n.unsigned_abs())))
}

fn check_nonnegative(n: &BigInt, k: &BigInt) -> Result<(), MathError> {
    if n.is_negative() {
        return Err(MathError::Value(
            "n must be a non-negative integer".to_string(),
        ));
    }
    if k.is_negative() {
        return Err(MathError::Value(
            "k must be a non-negative integer".to_string(),
        ));
    }
    Ok(())
}

/// `math.comb(n, k)`: the binomial coefficient, 0 when `k > n`.
///
/// Errors: `ValueError("n must be a non-negative integer")`,
/// `ValueError("k must be a non-negative integer")`,
/// `OverflowError("min(n - k, k) must not exceed 9223372036854775807")`.
pub fn comb(n: &BigInt, k: &BigInt) -> Result<BigInt, MathError> {
    check_nonnegative(n, k)?;
    if k > n {
        return Ok(BigInt::zero());
    }
    let other = n - k;
    let k = if other < *k { &other } else { k };
    let k = k.to_i64().ok_or_else(|| {
        MathError::Overflow(format!("min(n - k, k) must not exceed {}", i64::MAX))
    })?;
    let k = k.unsigned_abs();
    let num = perm_exact(n.magnitude(), k);
    Ok(BigInt::from(num / product_range(1, k)))
}

/// `math.perm(n, k)`; `perm(n, None)` is `factorial(n)`. 0 when `k > n`.
///
/// Errors: `ValueError("n must be a non-negative integer")`,
/// `ValueError("k must be a non-negative integer")`,
/// `OverflowError("k must not exceed 9223372036854775807")`, and those of
/// [`factorial`] when `k` is `None`.
pub fn perm(n: &BigInt, k: Option<&BigInt>) -> Result<BigInt, MathError> {
    let Some(k) = k else {
        return factorial(n);
    };
    check_nonnegative(n, k)?;
    if k > n {
        return Ok(BigInt::zero());
    }
    let k = k
        .to_i64()
        .ok_or_else(|| MathError::Overflow(format!("k must not exceed {}", i64::MAX)))?;
    Ok(BigInt::from(perm_exact(n.magnitude(), k.unsigned_abs())))
}

/// `math.gcd(*integers)`: non-negative; `gcd() == 0`.
pub fn gcd(integers: &[BigInt]) -> BigInt {
    integers.iter().fold(BigInt::zero(), |acc, x| acc.gcd(x))
}

/// `math.lcm(*integers)`: non-negative; `lcm() == 1`, and 0 if any argument
/// is 0.
pub fn lcm(integers: &[BigInt]) -> BigInt {
    let mut acc = BigInt::one();
    for x in integers {
        if acc.is_zero() || x.is_zero() {
            acc = BigInt::zero();
            continue;
        }
        let g = acc.gcd(x);
        acc = (&acc / g * x).abs();
    }
    acc
}
