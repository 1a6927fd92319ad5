//! The format-spec mini-language (`format()`, `str.format`, f-strings):
//! parsing `[[fill]align][sign][z][#][0][width][grouping][.precision][type]`
//! and rendering ints, floats and strings with it, including CPython 3.11's
//! exact error messages and its zero-padding-with-grouping rules.

use num_bigint::{BigInt, Sign};
use num_traits::ToPrimitive;

use super::dtoa::{format_abs, FloatStyle};
use super::parse::decimal_value;
use super::radix::int_to_f64;
use super::{FormatError, MAX_OUTPUT_BYTES};

/// A parsed format specification.
///
/// Parsing is type-agnostic; type-dependent defaults (default alignment,
/// default presentation type) are applied by the `format_*` functions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatSpec {
    /// Fill character: the explicit fill if one was given, else `'0'` when
    /// [`zero_pad`](Self::zero_pad) is set, else `' '`.
    pub fill: char,
    /// Explicit alignment: one of `<`, `>`, `^`, `=`.
    pub align: Option<char>,
    /// Explicit sign option: one of `+`, `-`, `' '`.
    pub sign: Option<char>,
    /// The `z` option (coerce negative zero to positive; Python 3.11+).
    pub no_neg_zero: bool,
    /// The `#` option.
    pub alternate: bool,
    /// A `0` directly before the width with no explicit fill: zero padding.
    /// Implies `fill == '0'`; for numbers with no explicit alignment the
    /// alignment becomes `=`.
    pub zero_pad: bool,
    /// Minimum field width.
    pub width: Option<usize>,
    /// Thousands separator: `,` or `_`.
    pub grouping: Option<char>,
    /// Precision (digits, or maximum field size for strings).
    pub precision: Option<usize>,
    /// Presentation type character.
    pub ty: Option<char>,
}

impl Default for FormatSpec {
    fn default() -> Self {
        FormatSpec {
            fill: ' ',
            align: None,
            sign: None,
            no_neg_zero: false,
            alternate: false,
            zero_pad: false,
            width: None,
            grouping: None,
            precision: None,
            ty: None,
        }
    }
}

fn is_align(c: char) -> bool {
    matches!(c, '<' | '>' | '=' | '^')
}

/// Render a presentation-type character the way CPython's error messages
/// do: printable ASCII as itself, anything else as `\x<hex>`.
fn quote_type_char(c: char) -> String {
    let v = c as u32;
    if v > 32 && v < 128 {
        format!("'{}'", c)
    } else {
        format!("'\\x{:x}'", v)
    }
}

/// `%.200s` applied to a type name.
fn clip_type_name(name: &str) -> &str {
    match name.char_indices().nth(200) {
        Some((i, _)) => &name[..i],
        None => name,
    }
}

pub(super) fn unknown_format_code(ty: char, type_name: &str) -> FormatError {
    FormatError::value(format!(
        "Unknown format code {} for object of type '{}'",
        quote_type_char(ty),
        clip_type_name(type_name)
    ))
}

/// Parse a run of (Unicode) decimal digits starting at `*pos`, as
/// CPython's `get_integer` does.
fn parse_count(chars: &[char], pos: &mut usize) -> Result<Option<usize>, FormatError> {
    let mut acc: usize = 0;
    let mut any = false;
    while let Some(d) = chars.get(*pos).and_then(|&c| decimal_value(c)) {
        let d = d as usize;
        if acc > (isize::MAX as usize - d) / 10 {
            return Err(FormatError::value(
                "Too many decimal digits in format string",
            ));
        }
        acc = acc * 10 + d;
        any = true;
        *pos += 1;
    }
    Ok(if any { Some(acc) } else { None })
}

/// Parse a format spec.  Equivalent to [`parse_format_spec_for`] with the
/// type name `"object"` (only used in the "Invalid format specifier"
/// message; prefer the `_for` variant when the type is known).
pub fn parse_format_spec(spec: &str) -> Result<FormatSpec, FormatError> {
    parse_format_spec_for(spec, "object")
}

/// Parse a format spec for an object whose type is called `type_name`
/// (CPython names the type in the "Invalid format specifier" error).
///
/// Errors raised here are those CPython raises while parsing, except the
/// grouping-vs-type check ("Cannot specify ',' with 's'."), which needs the
/// type's default presentation and is done first thing by the `format_*`
/// functions.
pub fn parse_format_spec_for(spec: &str, type_name: &str) -> Result<FormatSpec, FormatError> {
    let chars: Vec<char> = spec.chars().collect();
    let end = chars.len();
    let mut pos = 0;
    let mut out = FormatSpec::default();
    let mut fill_specified = false;

    if end >= 2 && is_align(chars[1]) {
        out.fill = chars[0];
        out.align = Some(chars[1]);
        fill_specified = true;
        pos = 2;
    } else if end >= 1 && is_align(chars[0]) {
        out.align = Some(chars[0]);
        pos = 1;
    }
    if pos < end && matches!(chars[pos], '+' | '-' | ' ') {
        out.sign = Some(chars[pos]);
        pos += 1;
    }
    if pos < end && chars[pos] == 'z' {
        out.no_neg_zero = true;
        pos += 1;
    }
    if pos < end && chars[pos] == '#' {
        out.alternate = true;
        pos += 1;
    }
    if !fill_specified && pos < end && chars[pos] == '0' {
        out.fill = '0';
        out.zero_pad = true;
        pos += 1;
    }
    out.width = parse_count(&chars, &mut pos)?;
    if pos < end && chars[pos] == ',' {
        out.grouping = Some(',');
        pos += 1;
    }
    if pos < end && chars[pos] == '_' {
        if out.grouping.is_some() {
            return Err(FormatError::value("Cannot specify both ',' and '_'."));
        }
        out.grouping = Some('_');
        pos += 1;
    }
    if pos < end && chars[pos] == ',' && out.grouping == Some('_') {
        return Err(FormatError::value("Cannot specify both ',' and '_'."));
    }
    if pos < end && chars[pos] == '.' {
        pos += 1;
        out.precision = parse_count(&chars, &mut pos)?;
        if out.precision.is_none() {
            return Err(FormatError::value("Format specifier missing precision"));
        }
    }
    if end - pos > 1 {
        return Err(FormatError::value(format!(
            "Invalid format specifier '{}' for object of type '{}'",
            spec,
            clip_type_name(type_name)
        )));
    }
    if end - pos == 1 {
        out.ty = Some(chars[pos]);
    }
    Ok(out)
}

/// CPython's end-of-parse check that the grouping option suits the
/// presentation type (`ty` already defaulted; `'\0'` = none).  Returns
/// the separator and group size to use.
pub(super) fn check_grouping(
    spec: &FormatSpec,
    ty: char,
) -> Result<Option<(char, usize)>, FormatError> {
    let Some(sep) = spec.grouping else {
        return Ok(None);
    };
    match ty {
        'd' | 'e' | 'f' | 'g' | 'E' | 'G' | '%' | 'F' | '\0' => Ok(Some((sep, 3))),
        'b' | 'o' | 'x' | 'X' if sep == '_' => Ok(Some(('_', 4))),
        _ => Err(FormatError::value(format!(
            "Cannot specify '{}' with {}.",
            sep,
            quote_type_char(ty)
        ))),
    }
}

/// Insert thousands separators into the ASCII digit string `digits`,
/// left-padding with zeros so the result is at least `min_width` chars
/// wide (CPython's `_PyUnicode_InsertThousandsGrouping` semantics: the
/// padding never starts with a separator, so the result may be one char
/// wider than `min_width`).
fn group_digits(digits: &str, min_width: i64, grouping: Option<(char, usize)>) -> String {
    let n = digits.chars().count() as i64;
    let Some((sep, size)) = grouping else {
        let mut s = String::new();
        if min_width > n {
            s.extend(std::iter::repeat_n('0', (min_width - n) as usize));
        }
        s.push_str(digits);
        return s;
    };
    let bytes = digits.as_bytes();
    let size = size as i64;
    let mut pieces: Vec<&[u8]> = Vec::new();
    let mut zero_pieces: Vec<usize> = Vec::new();
    let mut remaining = n;
    let mut mw = min_width;
    loop {
        let l = size.min(remaining.max(mw).max(1));
        let zeros = (l - remaining).max(0);
        let take = remaining.min(l).max(0);
        pieces.push(&bytes[(remaining - take) as usize..remaining as usize]);
        zero_pieces.push(zeros as usize);
        remaining -= take;
        mw -= l;
        if remaining <= 0 && mw <= 0 {
            break;
        }
        mw -= 1;
    }
    let mut out = String::new();
    for (i, (piece, zeros)) in pieces.iter().zip(zero_pieces.iter()).rev().enumerate() {
        if i > 0 {
            out.push(sep);
        }
        out.extend(std::iter::repeat_n('0', *zeros));
        out.push_str(std::str::from_utf8(piece).unwrap_or(""));
    }
    out
}

/// Check that a field of `width` chars of `fill` stays within the output cap.
pub(super) fn check_width(width: usize, fill: char) -> Result<(), FormatError> {
    if width.saturating_mul(fill.len_utf8()) > MAX_OUTPUT_BYTES {
        Err(FormatError::memory())
    } else {
        Ok(())
    }
}

pub(super) fn push_fill(out: &mut String, fill: char, count: i64) {
    if count > 0 {
        out.extend(std::iter::repeat_n(fill, count as usize));
    }
}

/// Lay out a number: `[sign][prefix][digits grouped][remainder]` padded
/// per the spec (CPython's `calc_number_widths` + `fill_number`).
pub(super) fn render_number(
    sign: Option<char>,
    prefix: &str,
    digits: &str,
    remainder: &str,
    spec: &FormatSpec,
    grouping: Option<(char, usize)>,
) -> Result<String, FormatError> {
    let fill = spec.fill;
    let align = spec.align.unwrap_or(if spec.zero_pad { '=' } else { '>' });
    let width = spec.width.unwrap_or(0);
    check_width(width, fill)?;
    let width = width as i64;
    let non_digit = i64::from(sign.is_some())
        + prefix.chars().count() as i64
        + remainder.chars().count() as i64;
    let min_width = if fill == '0' && align == '=' {
        width - non_digit
    } else {
        0
    };
    let grouped = if digits.is_empty() {
        String::new()
    } else {
        group_digits(digits, min_width, grouping)
    };
    let padding = width - (non_digit + grouped.chars().count() as i64);
    let (left, inner, right) = if padding > 0 {
        match align {
            '<' => (0, 0, padding),
            '^' => (padding / 2, 0, padding - padding / 2),
            '=' => (0, padding, 0),
            _ => (padding, 0, 0),
        }
    } else {
        (0, 0, 0)
    };
    let mut out = String::with_capacity(
        grouped.len()
            + remainder.len()
            + prefix.len()
            + (padding.max(0) as usize) * fill.len_utf8()
            + 1,
    );
    push_fill(&mut out, fill, left);
    if let Some(s) = sign {
        out.push(s);
    }
    out.push_str(prefix);
    push_fill(&mut out, fill, inner);
    out.push_str(&grouped);
    out.push_str(remainder);
    push_fill(&mut out, fill, right);
    Ok(out)
}

/// The sign character for a number with the given negativity.
pub(super) fn sign_char(negative: bool, spec: &FormatSpec) -> Option<char> {
    if negative {
        Some('-')
    } else {
        match spec.sign {
            Some('+') => Some('+'),
            Some(' ') => Some(' '),
            _ => None,
        }
    }
}

/// `format(int, spec)` for an `int`.  See [`format_int_for`].
pub fn format_int(v: &BigInt, spec: &FormatSpec) -> Result<String, FormatError> {
    format_int_for(v, spec, "int")
}

/// `format(v, spec)` for an int whose type is called `type_name` (e.g.
/// `"bool"`, used in "Unknown format code" messages).
///
/// Types `b c d o x X n` and none (= `d`) format the integer; `e E f F g G %`
/// convert it to float first (`OverflowError` "int too large to convert to
/// float" if it doesn't fit).  `n` uses the C locale (no grouping).
pub fn format_int_for(
    v: &BigInt,
    spec: &FormatSpec,
    type_name: &str,
) -> Result<String, FormatError> {
    let ty = spec.ty.unwrap_or('d');
    let grouping = check_grouping(spec, ty)?;
    match ty {
        'b' | 'c' | 'd' | 'o' | 'x' | 'X' | 'n' => format_long(v, spec, ty, grouping),
        'e' | 'E' | 'f' | 'F' | 'g' | 'G' | '%' => {
            let x = int_to_f64(v)?;
            format_float_internal(x, spec, Some(ty), grouping)
        }
        _ => Err(unknown_format_code(ty, type_name)),
    }
}

fn format_long(
    v: &BigInt,
    spec: &FormatSpec,
    ty: char,
    grouping: Option<(char, usize)>,
) -> Result<String, FormatError> {
    if spec.precision.is_some() {
        return Err(FormatError::value(
            "Precision not allowed in integer format specifier",
        ));
    }
    if spec.no_neg_zero {
        return Err(FormatError::value(
            "Negative zero coercion (z) not allowed in integer format specifier",
        ));
    }
    if ty == 'c' {
        if spec.sign.is_some() {
            return Err(FormatError::value(
                "Sign not allowed with integer format specifier 'c'",
            ));
        }
        if spec.alternate {
            return Err(FormatError::value(
                "Alternate form (#) not allowed with integer format specifier 'c'",
            ));
        }
        let x = v
            .to_i64()
            .ok_or_else(|| FormatError::overflow("Python int too large to convert to C long"))?;
        if !(0..=0x10ffff).contains(&x) {
            return Err(FormatError::overflow("%c arg not in range(0x110000)"));
        }
        let c = char::from_u32(x as u32)
            .ok_or_else(|| FormatError::value("surrogate code points cannot be represented"))?;
        let mut buf = [0u8; 4];
        let s: &str = c.encode_utf8(&mut buf);
        return render_number(None, "", s, "", spec, None);
    }
    let (radix, prefix) = match ty {
        'b' => (2, "0b"),
        'o' => (8, "0o"),
        'x' => (16, "0x"),
        'X' => (16, "0X"),
        _ => (10, ""),
    };
    let mut digits = v.magnitude().to_str_radix(radix);
    if ty == 'X' {
        digits.make_ascii_uppercase();
    }
    let prefix = if spec.alternate { prefix } else { "" };
    let sign = sign_char(v.sign() == Sign::Minus, spec);
    render_number(sign, prefix, &digits, "", spec, grouping)
}

/// `format(float, spec)` for a `float`.  See [`format_float_for`].
pub fn format_float(v: f64, spec: &FormatSpec) -> Result<String, FormatError> {
    format_float_for(v, spec, "float")
}

/// `format(v, spec)` for a float whose type is called `type_name`.
///
/// Types `e E f F g G n %` and none.  With no type and no precision the
/// result is `repr(v)`; with no type and a precision it is like `g` but a
/// fixed-notation result always has a digit after the point.  `n` uses
/// the C locale (same as `g`).
pub fn format_float_for(v: f64, spec: &FormatSpec, type_name: &str) -> Result<String, FormatError> {
    let grouping = check_grouping(spec, spec.ty.unwrap_or('\0'))?;
    match spec.ty {
        None | Some('e' | 'E' | 'f' | 'F' | 'g' | 'G' | 'n' | '%') => {
            format_float_internal(v, spec, spec.ty, grouping)
        }
        Some(c) => Err(unknown_format_code(c, type_name)),
    }
}

fn format_float_internal(
    v: f64,
    spec: &FormatSpec,
    ty: Option<char>,
    grouping: Option<(char, usize)>,
) -> Result<String, FormatError> {
    if spec.precision.is_some_and(|p| p > i32::MAX as usize) {
        return Err(FormatError::value("precision too big"));
    }
    let mut val = v;
    let mut add_pct = false;
    let mut default_precision = 6;
    let mut add_dot_0 = false;
    let mut upper = false;
    let mut code = match ty {
        None => {
            add_dot_0 = true;
            default_precision = 0;
            'r'
        }
        Some('n') => 'g',
        Some('%') => {
            val *= 100.0;
            add_pct = true;
            'f'
        }
        Some(c) if c.is_ascii_uppercase() => {
            upper = true;
            c.to_ascii_lowercase()
        }
        Some(c) => c,
    };
    let precision = match spec.precision {
        Some(p) => {
            if code == 'r' {
                code = 'g';
            }
            p
        }
        None => default_precision,
    };
    let style = FloatStyle {
        code,
        precision,
        alt: spec.alternate,
        add_dot_0,
        upper,
        no_neg_0: spec.no_neg_zero,
    };
    let (negative, mut body) = format_abs(val, style);
    if add_pct {
        body.push('%');
    }
    let split = body.bytes().take_while(u8::is_ascii_digit).count();
    let (digits, remainder) = body.split_at(split);
    let grouping = if ty == Some('n') { None } else { grouping };
    render_number(
        sign_char(negative, spec),
        "",
        digits,
        remainder,
        spec,
        grouping,
    )
}

/// `format(str, spec)` for a `str`.  See [`format_str_for`].
pub fn format_str(s: &str, spec: &FormatSpec) -> Result<String, FormatError> {
    format_str_for(s, spec, "str")
}

/// `format(s, spec)` for a string whose type is called `type_name`:
/// type `s` or none; precision truncates; widths count chars; default
/// alignment is left.
pub fn format_str_for(s: &str, spec: &FormatSpec, type_name: &str) -> Result<String, FormatError> {
    let ty = spec.ty.unwrap_or('s');
    check_grouping(spec, ty)?;
    if ty != 's' {
        return Err(unknown_format_code(ty, type_name));
    }
    match spec.sign {
        Some(' ') => {
            return Err(FormatError::value(
                "Space not allowed in string format specifier",
            ))
        }
        Some(_) => {
            return Err(FormatError::value(
                "Sign not allowed in string format specifier",
            ))
        }
        None => {}
    }
    if spec.no_neg_zero {
        return Err(FormatError::value(
            "Negative zero coercion (z) not allowed in string format specifier",
        ));
    }
    if spec.alternate {
        return Err(FormatError::value(
            "Alternate form (#) not allowed in string format specifier",
        ));
    }
    if spec.align == Some('=') {
        return Err(FormatError::value(
            "'=' alignment not allowed in string format specifier",
        ));
    }
    let width = spec.width.unwrap_or(0);
    check_width(width, spec.fill)?;
    let mut len = s.chars().count();
    let mut text = s;
    if let Some(p) = spec.precision {
        if len > p {
            len = p;
            let cut = s.char_indices().nth(p).map_or(s.len(), |(i, _)| i);
            text = &s[..cut];
        }
    }
    if width <= len {
        return Ok(text.to_string());
    }
    let pad = (width - len) as i64;
    let left = match spec.align {
        Some('>') => pad,
        Some('^') => pad / 2,
        _ => 0,
    };
    let mut out = String::with_capacity(text.len() + pad as usize * spec.fill.len_utf8());
    push_fill(&mut out, spec.fill, left);
    out.push_str(text);
    push_fill(&mut out, spec.fill, pad - left);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_fields() {
        let s = parse_format_spec("*^+z#012,.3f").unwrap();
        assert_eq!(
            s,
            FormatSpec {
                fill: '*',
                align: Some('^'),
                sign: Some('+'),
                no_neg_zero: true,
                alternate: true,
                zero_pad: false,
                width: Some(12),
                grouping: Some(','),
                precision: Some(3),
                ty: Some('f'),
            }
        );
        let s = parse_format_spec("010_x").unwrap();
        assert_eq!((s.fill, s.zero_pad, s.width), ('0', true, Some(10)));
        assert_eq!((s.grouping, s.ty, s.align), (Some('_'), Some('x'), None));
        // An explicit fill disables the zero-padding flag; "0" is then width.
        let s = parse_format_spec("x<05").unwrap();
        assert_eq!((s.fill, s.zero_pad, s.width), ('x', false, Some(5)));
        // Fill may be any char, including align chars and non-ASCII.
        let s = parse_format_spec("<<").unwrap();
        assert_eq!((s.fill, s.align), ('<', Some('<')));
        let s = parse_format_spec("😀>3").unwrap();
        assert_eq!((s.fill, s.width), ('😀', Some(3)));
        assert_eq!(parse_format_spec("").unwrap(), FormatSpec::default());
    }

    #[test]
    fn parse_errors() {
        let msg = |s: &str| parse_format_spec_for(s, "int").unwrap_err().message;
        assert_eq!(msg("."), "Format specifier missing precision");
        assert_eq!(msg(",_"), "Cannot specify both ',' and '_'.");
        assert_eq!(msg("_,"), "Cannot specify both ',' and '_'.");
        assert_eq!(
            msg("abc"),
            "Invalid format specifier 'abc' for object of type 'int'"
        );
        assert_eq!(
            msg("99999999999999999999"),
            "Too many decimal digits in format string"
        );
        assert_eq!(
            parse_format_spec("xx").unwrap_err().message,
            "Invalid format specifier 'xx' for object of type 'object'"
        );
    }

    #[test]
    fn grouping_with_min_width() {
        let g = Some((',', 3));
        assert_eq!(group_digits("1234", 0, g), "1,234");
        assert_eq!(group_digits("1234", 8, g), "0,001,234");
        assert_eq!(group_digits("1234", 9, g), "0,001,234");
        assert_eq!(group_digits("1234", 10, g), "00,001,234");
        assert_eq!(group_digits("123", 3, g), "123");
        assert_eq!(group_digits("ffffffff", 0, Some(('_', 4))), "ffff_ffff");
        assert_eq!(group_digits("12", 5, None), "00012");
    }

    #[test]
    fn huge_width_is_memory_error() {
        let s = parse_format_spec("10000000000000000").unwrap();
        let e = format_int(&BigInt::from(1), &s).unwrap_err();
        assert_eq!(e.kind, super::super::ErrorKind::MemoryError);
        assert!(format_str("a", &s).is_err());
        assert!(format_float(1.0, &s).is_err());
    }

    #[test]
    fn int_as_float_types() {
        let s = parse_format_spec(",.2f").unwrap();
        assert_eq!(
            format_int(&BigInt::from(1234567), &s).unwrap(),
            "1,234,567.00"
        );
        let big: BigInt = BigInt::from(10).pow(400);
        let e = format_int(&big, &parse_format_spec("e").unwrap()).unwrap_err();
        assert_eq!(e.kind, super::super::ErrorKind::OverflowError);
        assert_eq!(e.message, "int too large to convert to float");
    }
}
