//! Integer helpers: `hex()`/`oct()`/`bin()` text and the correctly rounded
//! int -> float conversion used when an int is formatted as a float.

use num_bigint::{BigInt, Sign};
use num_traits::ToPrimitive;

use super::FormatError;

/// Render `v` in `radix` (2..=36, lower-case letters), with a `-` for
/// negatives.  With `prefix`, radix 2/8/16 get `0b`/`0o`/`0x` after the
/// sign, as `bin()`/`oct()`/`hex()` do (`-0x1f`); other radixes get no
/// prefix.  A radix outside 2..=36 is treated as 10.
pub fn int_to_radix_string(v: &BigInt, radix: u32, prefix: bool) -> String {
    let radix = if (2..=36).contains(&radix) { radix } else { 10 };
    let digits = v.magnitude().to_str_radix(radix);
    let pre = match (prefix, radix) {
        (true, 2) => "0b",
        (true, 8) => "0o",
        (true, 16) => "0x",
        _ => "",
    };
    let mut out = String::with_capacity(digits.len() + 3);
    if v.sign() == Sign::Minus {
        out.push('-');
    }
    out.push_str(pre);
    out.push_str(&digits);
    out
}

/// CPython's `PyLong_AsDouble`: the int rounded half-even to the nearest
/// double, or `OverflowError("int too large to convert to float")`.
pub fn int_to_f64(v: &BigInt) -> Result<f64, FormatError> {
    let mag = v.magnitude();
    let bits = mag.bits();
    let abs = if bits <= 64 {
        mag.to_u64().map_or(f64::INFINITY, |m| m as f64)
    } else if bits > 1025 {
        f64::INFINITY
    } else {
        // Keep the top 64 bits plus a sticky bit for everything below;
        // the u64 -> f64 conversion then rounds exactly once, correctly.
        let shift = bits - 64;
        let top = (mag >> shift).to_u64().unwrap_or(u64::MAX);
        let sticky = mag.trailing_zeros().is_some_and(|tz| tz < shift);
        let top = top | u64::from(sticky);
        let mut x = top as f64;
        // shift <= 961, so scaling by powers of two is exact (or overflows).
        let mut s = shift;
        while s > 0 {
            let step = s.min(512);
            x *= 2f64.powi(step as i32);
            s -= step;
        }
        x
    };
    if abs.is_infinite() {
        return Err(FormatError::overflow("int too large to convert to float"));
    }
    Ok(if v.sign() == Sign::Minus { -abs } else { abs })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn radix_strings() {
        let v = BigInt::from(-31);
        assert_eq!(int_to_radix_string(&v, 16, true), "-0x1f");
        assert_eq!(int_to_radix_string(&v, 16, false), "-1f");
        assert_eq!(int_to_radix_string(&v, 36, true), "-v");
        assert_eq!(int_to_radix_string(&v, 99, true), "-31");
        assert_eq!(int_to_radix_string(&BigInt::from(0), 2, true), "0b0");
    }

    #[test]
    fn int_to_float_rounding() {
        let two = BigInt::from(2);
        // 2**53 + 1 is a tie: rounds to even 2**53.
        let v: BigInt = two.pow(53) + 1u32;
        assert_eq!(int_to_f64(&v), Ok(9007199254740992.0));
        // 2**53 + 3 ties upward to 2**53 + 4.
        let v: BigInt = two.pow(53) + 3u32;
        assert_eq!(int_to_f64(&v), Ok(9007199254740996.0));
        // A tie decided only by a bit far below the top 64 bits.
        let v: BigInt = two.pow(200) + two.pow(147) + 1u32;
        assert_eq!(int_to_f64(&v), Ok(2f64.powi(200) + 2f64.powi(148)));
        let v = -(two.pow(1024) - two.pow(970));
        assert!(int_to_f64(&v).is_err());
        let v: BigInt = -(two.pow(1024) - two.pow(970) - 1u32);
        assert_eq!(int_to_f64(&v), Ok(-f64::MAX));
    }
}
