//! Per-value rendering for printf-style `%`-formatting (`str % args`):
//! `%d %i %u %o %x %X`, `%e %E %f %F %g %G` and width/precision padding
//! for `%s %r %a %c`.  The caller parses the template (and raises "width
//! too big" / "precision too big" for values beyond `PY_SSIZE_T_MAX` /
//! `INT_MAX` there, as CPython does while parsing).

use num_bigint::{BigInt, Sign};

use super::dtoa::{format_abs, FloatStyle};
use super::{FormatError, MAX_OUTPUT_BYTES};

/// The conversion flags of a `%` directive.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PercentFlags {
    /// `-`: left-justify within the width (overrides `zero`).
    pub left: bool,
    /// `0`: pad numbers with zeros after the sign/prefix.
    pub zero: bool,
    /// `+`: always emit a sign.
    pub sign_plus: bool,
    /// `' '`: emit a space in place of a `+` sign.
    pub sign_space: bool,
    /// `#`: alternate form (`0x`/`0X`/`0o` prefixes, kept decimal point
    /// and trailing zeros for floats).
    pub alternate: bool,
}

fn check_size(width: Option<usize>, body_len: usize) -> Result<(), FormatError> {
    if width.unwrap_or(0).max(body_len) > MAX_OUTPUT_BYTES {
        Err(FormatError::memory())
    } else {
        Ok(())
    }
}

/// Output stage shared by numeric conversions: `sign`, `prefix` and
/// `body` (ASCII) padded to `width` with spaces, or zeros after the sign and
/// prefix when `zero` is set and `left` is not.
fn pad_number(
    sign: Option<char>,
    prefix: &str,
    body: &str,
    flags: &PercentFlags,
    width: Option<usize>,
) -> Result<String, FormatError> {
    let len = usize::from(sign.is_some()) + prefix.len() + body.len();
    check_size(width, len)?;
    let width = width.unwrap_or(0);
    let pad = width.saturating_sub(len);
    let mut out = String::with_capacity(len + pad);
    if flags.left {
        out.extend(sign);
        out.push_str(prefix);
        out.push_str(body);
        out.extend(std::iter::repeat_n(' ', pad));
    } else if flags.zero {
        out.extend(sign);
        out.push_str(prefix);
        out.extend(std::iter::repeat_n('0', pad));
        out.push_str(body);
    } else {
        out.extend(std::iter::repeat_n(' ', pad));
        out.extend(sign);
        out.push_str(prefix);
        out.push_str(body);
    }
    Ok(out)
}

fn sign_for(negative: bool, flags: &PercentFlags) -> Option<char> {
    if negative {
        Some('-')
    } else if flags.sign_plus {
        Some('+')
    } else if flags.sign_space {
        Some(' ')
    } else {
        None
    }
}

/// Render a float for `%e %E %f %F %g %G` (`conv`; any other character is
/// treated as `g`).  `precision` defaults to 6.  Infinities and NaNs are
/// padded like numbers (`'%05f' % inf == '00inf'`); a NaN is never given
/// a `-` sign.
///
/// Errors: `ValueError("precision too big")` if `precision > INT_MAX`,
/// `MemoryError` for widths beyond [`MAX_OUTPUT_BYTES`].
pub fn percent_format_float(
    x: f64,
    conv: char,
    flags: &PercentFlags,
    width: Option<usize>,
    precision: Option<usize>,
) -> Result<String, FormatError> {
    let precision = precision.unwrap_or(6);
    if precision > i32::MAX as usize {
        return Err(FormatError::value("precision too big"));
    }
    let (code, upper) = match conv {
        'e' | 'f' | 'g' => (conv, false),
        'E' | 'F' | 'G' => (conv.to_ascii_lowercase(), true),
        _ => ('g', false),
    };
    let mut style = FloatStyle::new(code, precision);
    style.alt = flags.alternate;
    style.upper = upper;
    let (negative, body) = format_abs(x, style);
    pad_number(sign_for(negative, flags), "", &body, flags, width)
}

/// Render an int for `%d %i %u %o %x %X` (`conv`; any other character is
/// treated as `d`).  `precision` is a minimum digit count (zero-extended);
/// `#` adds `0o`/`0x`/`0X` for `o`/`x`/`X`.
///
/// Errors: `MemoryError` for widths/precisions beyond
/// [`MAX_OUTPUT_BYTES`].
pub fn percent_format_int(
    v: &BigInt,
    conv: char,
    flags: &PercentFlags,
    width: Option<usize>,
    precision: Option<usize>,
) -> Result<String, FormatError> {
    let (radix, prefix) = match conv {
        'o' => (8, "0o"),
        'x' => (16, "0x"),
        'X' => (16, "0X"),
        _ => (10, ""),
    };
    let mut digits = v.magnitude().to_str_radix(radix);
    if conv == 'X' {
        digits.make_ascii_uppercase();
    }
    if let Some(p) = precision {
        check_size(None, p)?;
        if p > digits.len() {
            let mut padded = String::with_capacity(p);
            padded.extend(std::iter::repeat_n('0', p - digits.len()));
            padded.push_str(&digits);
            digits = padded;
        }
    }
    let prefix = if flags.alternate { prefix } else { "" };
    pad_number(
        sign_for(v.sign() == Sign::Minus, flags),
        prefix,
        &digits,
        flags,
        width,
    )
}

/// Width/precision handling for `%s`, `%r`, `%a` (and `%c` with
/// `precision: None`): keep at most `precision` chars, then pad with spaces
/// to `width` chars, on the right if `left` else on the left.
///
/// Errors: `MemoryError` for widths beyond
/// [`MAX_OUTPUT_BYTES`].
pub fn pad_str(
    s: &str,
    width: Option<usize>,
    precision: Option<usize>,
    left: bool,
) -> Result<String, FormatError> {
    check_size(width, 0)?;
    let mut text = s;
    let mut len = s.chars().count();
    if let Some(p) = precision {
        if len > p {
            let cut = s.char_indices().nth(p).map_or(s.len(), |(i, _)| i);
            text = &s[..cut];
            len = p;
        }
    }
    let pad = width.unwrap_or(0).saturating_sub(len);
    let mut out = String::with_capacity(text.len() + pad);
    if left {
        out.push_str(text);
        out.extend(std::iter::repeat_n(' ', pad));
    } else {
        out.extend(std::iter::repeat_n(' ', pad));
        out.push_str(text);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn basics() {
        let f = PercentFlags {
            zero: true,
            alternate: true,
            ..PercentFlags::default()
        };
        assert_eq!(
            percent_format_int(&BigInt::from(-255), 'x', &f, Some(10), None).unwrap(),
            "-0x00000ff"
        );
        assert_eq!(
            percent_format_float(2.675, 'f', &PercentFlags::default(), None, Some(2)).unwrap(),
            "2.67"
        );
        assert_eq!(pad_str("héllo", Some(4), Some(2), true).unwrap(), "hé  ");
    }

    #[test]
    fn limits() {
        let none = PercentFlags::default();
        assert_eq!(
            percent_format_float(1.0, 'f', &none, None, Some(1 << 31))
                .unwrap_err()
                .message,
            "precision too big"
        );
        let e = percent_format_int(&BigInt::from(1), 'd', &none, Some(usize::MAX), None);
        assert_eq!(e.unwrap_err().kind, super::super::ErrorKind::MemoryError);
        assert!(pad_str("a", Some(usize::MAX), None, false).is_err());
    }
}
