//! `float.hex()` and `float.fromhex()`: exact hexadecimal float text,
//! with round-half-even to 53 bits (and to the subnormal grid) on input.

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use super::dtoa::float_repr;
use super::FormatError;

/// CPython's `float.hex(x)`: `'0x1.999999999999ap-4'` for 0.1,
/// `'-0x1.0000000000000p+0'` for -1.0, `'0x0.0p+0'` for 0.0,
/// subnormals as `'0x0.<13 digits>p-1022'`, and `inf`/`-inf`/`nan`.
pub fn float_to_hex(x: f64) -> String {
    if !x.is_finite() {
        return float_repr(x);
    }
    let sign = if x.is_sign_negative() { "-" } else { "" };
    if x == 0.0 {
        return format!("{}0x0.0p+0", sign);
    }
    let bits = x.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i64;
    let frac = bits & ((1u64 << 52) - 1);
    let (lead, exp) = if biased == 0 {
        (0, -1022)
    } else {
        (1, biased - 1023)
    };
    format!("{}0x{}.{:013x}p{:+}", sign, lead, frac, exp)
}

fn invalid() -> FormatError {
    FormatError::value("invalid hexadecimal floating-point string")
}

fn too_large() -> FormatError {
    FormatError::overflow("hexadecimal value too large to represent as a float")
}

fn is_c_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r')
}

/// Build the double `mant * 2^lsb` where `mant < 2^53` and either
/// `mant >= 2^52` or `lsb == -1074` (subnormal grid).
fn compose(mant: u64, lsb: i64) -> Result<f64, FormatError> {
    if mant == 0 {
        return Ok(0.0);
    }
    if mant < (1u64 << 52) {
        return Ok(f64::from_bits(mant));
    }
    let biased = lsb + 1075;
    if biased >= 0x7ff {
        return Err(too_large());
    }
    Ok(f64::from_bits(
        ((biased as u64) << 52) | (mant & ((1u64 << 52) - 1)),
    ))
}

/// CPython's `float.fromhex(s)`.
///
/// Accepts ASCII whitespace around `[sign] ['0x'] hexdigits ['.' hexdigits]
/// ['p' [sign] decimal]` (at least one hex digit) or `inf`/`infinity`/`nan`.
/// Errors: `ValueError("invalid hexadecimal floating-point string")`,
/// `OverflowError("hexadecimal value too large to represent as a float")`.
pub fn float_from_hex(s: &str) -> Result<f64, FormatError> {
    let b = s.as_bytes();
    let mut start = 0;
    while start < b.len() && is_c_space(b[start]) {
        start += 1;
    }
    let mut end = b.len();
    while end > start && is_c_space(b[end - 1]) {
        end -= 1;
    }
    let t = &b[start..end];
    let (negative, body) = match t.first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let apply_sign = |v: f64| if negative { -v } else { v };
    if body.eq_ignore_ascii_case(b"inf") || body.eq_ignore_ascii_case(b"infinity") {
        return Ok(apply_sign(f64::INFINITY));
    }
    if body.eq_ignore_ascii_case(b"nan") {
        return Ok(apply_sign(f64::NAN));
    }
    let mut i = 0;
    if body.len() >= 2 && body[0] == b'0' && (body[1] == b'x' || body[1] == b'X') {
        i = 2;
    }
    let int_len = body[i..]
        .iter()
        .take_while(|c| c.is_ascii_hexdigit())
        .count();
    let int_digits = &body[i..i + int_len];
    i += int_len;
    let mut frac_digits: &[u8] = &[];
    if body.get(i) == Some(&b'.') {
        i += 1;
        let n = body[i..]
            .iter()
            .take_while(|c| c.is_ascii_hexdigit())
            .count();
        frac_digits = &body[i..i + n];
        i += n;
    }
    if int_digits.is_empty() && frac_digits.is_empty() {
        return Err(invalid());
    }
    let mut exp: i64 = 0;
    if matches!(body.get(i), Some(b'p' | b'P')) {
        i += 1;
        let exp_neg = match body.get(i) {
            Some(b'-') => {
                i += 1;
                true
            }
            Some(b'+') => {
                i += 1;
                false
            }
            _ => false,
        };
        let n = body[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        if n == 0 {
            return Err(invalid());
        }
        // Saturating, like strtol.
        for &c in &body[i..i + n] {
            exp = exp.saturating_mul(10).saturating_add(i64::from(c - b'0'));
        }
        if exp_neg {
            exp = -exp;
        }
        i += n;
    }
    if i != body.len() {
        return Err(invalid());
    }

    // Coefficient as an integer, value = coeff * 2^(exp - 4*len(frac)).
    let mut all = Vec::with_capacity(int_digits.len() + frac_digits.len());
    all.extend_from_slice(int_digits);
    all.extend_from_slice(frac_digits);
    let coeff = BigUint::parse_bytes(&all, 16).unwrap_or_default();
    if coeff.is_zero() || exp < i64::MIN / 2 {
        return Ok(apply_sign(0.0));
    }
    if exp > i64::MAX / 2 {
        return Err(too_large());
    }
    let e2 = i128::from(exp) - 4 * frac_digits.len() as i128;
    let nbits = coeff.bits() as i128;
    let top = e2 + nbits; // value in [2^(top-1), 2^top)
    if top > 1024 {
        return Err(too_large());
    }
    if top < -1074 {
        return Ok(apply_sign(0.0));
    }
    let lsb = (top - 53).max(-1074);
    let shift = lsb - e2;
    let mut lsb = lsb as i64;
    let mant = if shift <= 0 {
        // Exact: fewer than 53 significant bits at this position.
        (coeff << ((-shift) as usize)).to_u64().unwrap_or(0)
    } else {
        let sh = shift as u64;
        let kept = (&coeff >> sh).to_u64().unwrap_or(0);
        let half_bit = coeff.bit(sh - 1);
        let below_half = coeff.trailing_zeros().is_some_and(|tz| tz < sh - 1);
        let round_up = half_bit && (below_half || kept & 1 == 1);
        let mut m = kept + u64::from(round_up);
        if m == 1u64 << 53 {
            m >>= 1;
            lsb += 1;
        }
        m
    };
    compose(mant, lsb).map(apply_sign)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_bit_patterns() {
        // Deterministic xorshift over all exponent ranges.
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let x = f64::from_bits(state);
            if !x.is_finite() {
                continue;
            }
            let h = float_to_hex(x);
            assert_eq!(float_from_hex(&h).map(f64::to_bits), Ok(x.to_bits()), "{h}");
        }
    }

    #[test]
    fn rounding_half_even() {
        let f = |s: &str| float_from_hex(s).unwrap();
        assert_eq!(f("0x1.00000000000008p0"), 1.0);
        assert_eq!(f("0x1.00000000000018p0"), 1.0 + 2.0 * f64::EPSILON);
        assert_eq!(f("0x1.000000000000080001p0"), 1.0 + f64::EPSILON);
        assert_eq!(f("0x1p-1075"), 0.0);
        assert_eq!(f("0x3p-1076"), 5e-324);
        assert_eq!(
            f("0x1.fffffffffffffp-1023"),
            f64::from_bits(0x0010_0000_0000_0000)
        );
        assert_eq!(
            float_from_hex("0x1p1024").unwrap_err().kind,
            super::super::ErrorKind::OverflowError
        );
    }

    #[test]
    fn hex_output() {
        assert_eq!(float_to_hex(0.1), "0x1.999999999999ap-4");
        assert_eq!(float_to_hex(-1.0), "-0x1.0000000000000p+0");
        assert_eq!(float_to_hex(0.0), "0x0.0p+0");
        assert_eq!(float_to_hex(-0.0), "-0x0.0p+0");
        assert_eq!(float_to_hex(5e-324), "0x0.0000000000001p-1022");
        assert_eq!(float_to_hex(f64::NEG_INFINITY), "-inf");
    }
}
