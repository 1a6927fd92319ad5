//! `round(float, ndigits)`: round the exact decimal value of the double
//! half-even at the requested decimal position, then convert the resulting
//! decimal back to the nearest double (CPython's `double_round`).

use super::dtoa::round_fixed;
use super::FormatError;

/// Largest `ndigits` for which rounding can change a double:
/// `(DBL_MANT_DIG - DBL_MIN_EXP) * 0.30103`.
const NDIGITS_MAX: i64 = 323;
/// Smallest `ndigits` for which the result can be nonzero:
/// `-(DBL_MAX_EXP + 1) * 0.30103`.
const NDIGITS_MIN: i64 = -308;

/// CPython's `float.__round__(x, ndigits)` for an explicit `ndigits`
/// (already clamped to a machine integer by the caller, as
/// `PyNumber_AsSsize_t` does).
///
/// NaNs and infinities are returned unchanged; the result keeps the sign
/// of `x` (so `round(-0.4, 0)` is `-0.0`).  Ties are broken half-even on
/// the *exact* binary value, so `round(2.675, 2) == 2.67`.  A result too
/// large for a double raises `OverflowError("rounded value too large to
/// represent")`, e.g. `round(1.7976931348623157e308, -308)`.
pub fn round_float(x: f64, ndigits: i64) -> Result<f64, FormatError> {
    if !x.is_finite() {
        return Ok(x);
    }
    if ndigits > NDIGITS_MAX {
        return Ok(x);
    }
    if ndigits < NDIGITS_MIN {
        return Ok(0.0 * x);
    }
    let d = round_fixed(x, ndigits);
    let mut text = String::with_capacity(d.digits.len() + 24);
    if x.is_sign_negative() {
        text.push('-');
    }
    text.push_str("0.");
    text.push_str(std::str::from_utf8(&d.digits).unwrap_or("0"));
    text.push('e');
    text.push_str(&d.decpt.to_string());
    let rounded: f64 = text.parse().unwrap_or(f64::NAN);
    if rounded.is_infinite() {
        return Err(FormatError::overflow(
            "rounded value too large to represent",
        ));
    }
    Ok(rounded)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        assert_eq!(round_float(2.675, 2), Ok(2.67));
        assert_eq!(round_float(1234.5, -2), Ok(1200.0));
        assert_eq!(round_float(2.5, 0), Ok(2.0));
        assert_eq!(
            round_float(-0.4, 0).map(f64::to_bits),
            Ok((-0.0f64).to_bits())
        );
        assert_eq!(
            round_float(-1.5, -400).map(f64::to_bits),
            Ok((-0.0f64).to_bits())
        );
        assert_eq!(round_float(0.1, i64::MAX), Ok(0.1));
        assert_eq!(round_float(0.1, i64::MIN), Ok(0.0));
        assert!(round_float(f64::NAN, 1).unwrap().is_nan());
        let e = round_float(f64::MAX, -308).unwrap_err();
        assert_eq!(e.message, "rounded value too large to represent");
    }
}
