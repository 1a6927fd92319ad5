//! `float(str)` and `int(str, base)` parsing with Python's rules: Unicode
//! whitespace stripping, Unicode decimal digits (category Nd), single
//! underscores between digits, `inf`/`nan` spellings, base prefixes and
//! the base-0 "no leading zeros" rule.  Decimal-to-double rounding is
//! delegated to `str::parse::<f64>` (correctly rounded) after the text has
//! been validated and normalised to plain ASCII.

use num_bigint::{BigInt, BigUint};

/// Non-ASCII code points for which `str.isspace()` is true (Unicode 14,
/// CPython 3.11).
const PY_WHITESPACE: [u32; 19] = [
    0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008,
    0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
];

/// The digit-zero code point of every run of ten Unicode decimal digits
/// (general category Nd, Unicode 14 as in CPython 3.11).  Sorted.
const DIGIT_ZEROS: [u32; 66] = [
    0x30, 0x660, 0x6f0, 0x7c0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66,
    0xde6, 0xe50, 0xed0, 0xf20, 0x1040, 0x1090, 0x17e0, 0x1810, 0x1946, 0x19d0, 0x1a80, 0x1a90,
    0x1b50, 0x1bb0, 0x1c40, 0x1c50, 0xa620, 0xa8d0, 0xa900, 0xa9d0, 0xa9f0, 0xaa50, 0xabf0, 0xff10,
    0x104a0, 0x10d30, 0x11066, 0x110f0, 0x11136, 0x111d0, 0x112f0, 0x11450, 0x114d0, 0x11650,
    0x116c0, 0x11730, 0x118e0, 0x11950, 0x11c50, 0x11d50, 0x11da0, 0x16a60, 0x16ac0, 0x16b50,
    0x1d7ce, 0x1d7d8, 0x1d7e2, 0x1d7ec, 0x1d7f6, 0x1e140, 0x1e2f0, 0x1e950, 0x1fbf0,
];

/// Whether `float()`/`int()` strip `c` as whitespace: C `isspace` for
/// ASCII (so not U+001C..U+001F, although `str.isspace()` says they are)
/// and `str.isspace()` for everything else.
fn is_number_space(c: char) -> bool {
    let v = c as u32;
    if v < 0x80 {
        return matches!(v, 0x9..=0xd | 0x20);
    }
    PY_WHITESPACE.binary_search(&v).is_ok()
}

/// The value of `c` if it is a Unicode decimal digit (`unicodedata.decimal`).
pub(crate) fn decimal_value(c: char) -> Option<u32> {
    let v = c as u32;
    if v < 0x80 {
        return c.to_digit(10);
    }
    let idx = match DIGIT_ZEROS.binary_search(&v) {
        Ok(i) => i,
        Err(0) => return None,
        Err(i) => i - 1,
    };
    let off = v - DIGIT_ZEROS[idx];
    (off < 10).then_some(off)
}

/// Strip Python whitespace from both ends and map Unicode decimal digits to
/// ASCII (CPython's `_PyUnicode_TransformDecimalAndSpaceToASCII` followed
/// by stripping).  Returns `None` if any other non-ASCII char remains.
fn normalize_ascii(s: &str) -> Option<Vec<u8>> {
    let t = s.trim_matches(is_number_space);
    let mut out = Vec::with_capacity(t.len());
    for c in t.chars() {
        if c.is_ascii() {
            out.push(c as u8);
        } else if let Some(d) = decimal_value(c) {
            out.push(b'0' + d as u8);
        } else if is_number_space(c) {
            out.push(b' ');
        } else {
            return None;
        }
    }
    Some(out)
}

/// Python's `float(str)`: returns `None` where CPython raises
/// `ValueError("could not convert string to float: ...")`.
///
/// Accepts surrounding Unicode whitespace, an optional sign, decimal
/// digits (any Unicode Nd digits) with an optional point and exponent,
/// single underscores strictly between digits, and `inf`, `infinity`,
/// `nan` in any case.  Overflow gives `inf`; results are correctly rounded.
pub fn parse_float(s: &str) -> Option<f64> {
    let b = normalize_ascii(s)?;
    if b.is_empty() {
        return None;
    }
    let (negative, body) = match b[0] {
        b'-' => (true, &b[1..]),
        b'+' => (false, &b[1..]),
        _ => (false, &b[..]),
    };
    let special = if body.eq_ignore_ascii_case(b"inf") || body.eq_ignore_ascii_case(b"infinity") {
        Some(f64::INFINITY)
    } else if body.eq_ignore_ascii_case(b"nan") {
        Some(f64::NAN)
    } else {
        None
    };
    if let Some(v) = special {
        return Some(if negative { -v } else { v });
    }
    // Underscores only strictly between two digits.
    let mut clean = Vec::with_capacity(body.len() + 1);
    if negative {
        clean.push(b'-');
    }
    for (i, &c) in body.iter().enumerate() {
        if c == b'_' {
            let prev_digit = i > 0 && body[i - 1].is_ascii_digit();
            let next_digit = body.get(i + 1).is_some_and(u8::is_ascii_digit);
            if !(prev_digit && next_digit) {
                return None;
            }
        } else {
            clean.push(c);
        }
    }
    if !valid_decimal_literal(&clean[usize::from(negative)..]) {
        return None;
    }
    std::str::from_utf8(&clean).ok()?.parse::<f64>().ok()
}

/// `digits [. digits] | . digits` followed by an optional exponent
/// `[eE] [+-] digits` (no sign, no underscores).
fn valid_decimal_literal(b: &[u8]) -> bool {
    let mut i = 0;
    let int_digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    i += int_digits;
    let mut frac_digits = 0;
    if b.get(i) == Some(&b'.') {
        i += 1;
        frac_digits = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        i += frac_digits;
    }
    if int_digits + frac_digits == 0 {
        return false;
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let exp_digits = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        if exp_digits == 0 {
            return false;
        }
        i += exp_digits;
    }
    i == b.len()
}

/// ASCII digit value in bases up to 36 (letters either case), else 99.
fn digit_value(c: u8) -> u32 {
    match c {
        b'0'..=b'9' => u32::from(c - b'0'),
        b'a'..=b'z' => u32::from(c - b'a') + 10,
        b'A'..=b'Z' => u32::from(c - b'A') + 10,
        _ => 99,
    }
}

/// Python's `int(str, base)`: returns `None` where CPython raises
/// `ValueError("invalid literal for int() with base N: ...")`, and also
/// for a base outside `0` and `2..=36` (CPython: "int() base must be >= 2
/// and <= 36, or 0").
///
/// Accepts surrounding Unicode whitespace, a sign, Unicode decimal digits,
/// a `0x`/`0o`/`0b` prefix matching the base (base 0 infers the base from
/// it; without a prefix base 0 means decimal and forbids leading zeros
/// unless the value is zero), one underscore after the prefix and single
/// underscores between digits.
///
/// Note: CPython 3.11 also limits decimal strings to
/// `sys.get_int_max_str_digits()` digits; that check is the caller's.
pub fn parse_int(s: &str, base: u32) -> Option<BigInt> {
    parse_int_fitting(s, base).map(|v| match v {
        ParsedInt::Small(i) => BigInt::from(i),
        ParsedInt::Big(b) => b,
    })
}

/// A parsed int: in an `i64` when it fits, else big.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParsedInt {
    /// The value fits an `i64`.
    Small(i64),
    /// Any value (one that does not fit an `i64`).
    Big(BigInt),
}

/// [`parse_int`] without a big int for the values that fit an `i64`
/// (`int(s)` of a short string: no big-int parse and no allocation).
pub fn parse_int_fitting(s: &str, base: u32) -> Option<ParsedInt> {
    if base != 0 && !(2..=36).contains(&base) {
        return None;
    }
    let b = normalize_ascii(s)?;
    let mut i = 0;
    let negative = match b.first() {
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
    let at = |j: usize| b.get(j).copied().unwrap_or(0);
    let mut base = base;
    let mut error_if_nonzero = false;
    if base == 0 {
        base = if at(i) != b'0' {
            10
        } else {
            match at(i + 1) {
                b'x' | b'X' => 16,
                b'o' | b'O' => 8,
                b'b' | b'B' => 2,
                _ => {
                    error_if_nonzero = true;
                    10
                }
            }
        };
    }
    if at(i) == b'0' {
        let p = at(i + 1).to_ascii_lowercase();
        if (base == 16 && p == b'x') || (base == 8 && p == b'o') || (base == 2 && p == b'b') {
            i += 2;
            if at(i) == b'_' {
                i += 1;
            }
        }
    }
    if at(i) == b'_' {
        return None;
    }
    let mut digits = Vec::with_capacity(b.len() - i);
    let mut prev_underscore = false;
    while i < b.len() {
        let c = b[i];
        if c == b'_' {
            if prev_underscore {
                return None;
            }
            prev_underscore = true;
        } else if digit_value(c) < base {
            digits.push(c);
            prev_underscore = false;
        } else {
            break;
        }
        i += 1;
    }
    if prev_underscore || digits.is_empty() || i != b.len() {
        return None;
    }
    if error_if_nonzero && digits.iter().any(|&c| c != b'0') {
        return None;
    }
    // Digits accumulate in a u64 until one would overflow it.
    let small = digits.iter().try_fold(0u64, |acc, &c| {
        acc.checked_mul(u64::from(base))?
            .checked_add(u64::from(digit_value(c)))
    });
    if let Some(magnitude) = small {
        let fitting = if negative {
            0i64.checked_sub_unsigned(magnitude)
        } else {
            i64::try_from(magnitude).ok()
        };
        if let Some(v) = fitting {
            return Some(ParsedInt::Small(v));
        }
    }
    let mag = BigUint::parse_bytes(&digits, base)?;
    let v = BigInt::from(mag);
    Some(ParsedInt::Big(if negative { -v } else { v }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unicode_digit_table() {
        assert_eq!(decimal_value('7'), Some(7));
        assert_eq!(decimal_value('٣'), Some(3)); // ARABIC-INDIC DIGIT THREE
        assert_eq!(decimal_value('９'), Some(9)); // FULLWIDTH DIGIT NINE
        assert_eq!(decimal_value('\u{1fbf9}'), Some(9)); // SEGMENTED DIGIT NINE
        assert_eq!(decimal_value('²'), None); // superscript: not Nd
        assert_eq!(decimal_value('Ⅷ'), None); // roman numeral: Nl
        assert_eq!(decimal_value('a'), None);
        assert_eq!(decimal_value('\u{65f}'), None);
    }

    #[test]
    fn whitespace_rules() {
        assert!(is_number_space('\u{3000}'));
        assert!(is_number_space('\u{85}'));
        assert!(is_number_space('\x0b'));
        assert!(!is_number_space('\x1c'));
        assert!(!is_number_space('\u{200b}'));
    }

    #[test]
    fn float_basics() {
        assert_eq!(parse_float(" 1_000.5 "), Some(1000.5));
        assert_eq!(parse_float("-InFiNiTy"), Some(f64::NEG_INFINITY));
        assert!(parse_float("-nan").is_some_and(|x| x.is_nan() && x.is_sign_negative()));
        assert_eq!(parse_float("1e400"), Some(f64::INFINITY));
        assert_eq!(
            parse_float("-1e-400").map(f64::to_bits),
            Some((-0.0f64).to_bits())
        );
        assert_eq!(parse_float("1__0"), None);
        assert_eq!(parse_float("0x1p3"), None);
        assert_eq!(parse_float(""), None);
    }

    #[test]
    fn int_basics() {
        let p = |s: &str, b: u32| parse_int(s, b).map(|v| v.to_string());
        assert_eq!(p("0x_ff", 0).as_deref(), Some("255"));
        assert_eq!(p("-0b101", 0).as_deref(), Some("-5"));
        assert_eq!(p("007", 0), None);
        assert_eq!(p("000", 0).as_deref(), Some("0"));
        assert_eq!(p("007", 10).as_deref(), Some("7"));
        assert_eq!(p("zz", 36).as_deref(), Some("1295"));
        assert_eq!(p("1", 1), None);
        assert_eq!(p("1", 37), None);
    }
}
