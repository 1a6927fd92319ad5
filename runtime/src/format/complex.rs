//! Text of complex numbers: `repr(complex)` and `format(complex, spec)`,
//! built on the float renderer (`dtoa::format_abs`) and the number
//! layout of `spec.rs`.

use super::dtoa::{format_abs, FloatStyle};
use super::spec::{
    check_grouping, check_width, push_fill, render_number, sign_char, unknown_format_code,
    FormatSpec,
};
use super::FormatError;

/// One part in the shortest round-trip form with no `.0` added
/// (`1`, `-0`, `1.5`, `1e+20`, `nan`, `inf`), and whether it is negative.
fn shortest(x: f64) -> (bool, String) {
    format_abs(x, FloatStyle::new('r', 0))
}

/// `repr(complex)`: `2j` when the real part is +0.0, otherwise
/// `(re±imj)`.
pub fn complex_repr(re: f64, im: f64) -> String {
    let (ineg, ibody) = shortest(im);
    if re == 0.0 && re.is_sign_positive() {
        return format!("{}{}j", if ineg { "-" } else { "" }, ibody);
    }
    let (rneg, rbody) = shortest(re);
    format!(
        "({}{}{}{}j)",
        if rneg { "-" } else { "" },
        rbody,
        if ineg { '-' } else { '+' },
        ibody
    )
}

/// `format(complex, spec)`: the parts rendered like floats (no `.0`
/// added), the real part left out and parentheses added when no type is
/// given, the whole padded to the width (right-aligned by default).
pub fn format_complex(re: f64, im: f64, spec: &FormatSpec) -> Result<String, FormatError> {
    if spec.fill == '0' {
        return Err(FormatError::value(
            "Zero padding is not allowed in complex format specifier",
        ));
    }
    if spec.align == Some('=') {
        return Err(FormatError::value(
            "'=' alignment flag is not allowed in complex format specifier",
        ));
    }
    let grouping = check_grouping(spec, spec.ty.unwrap_or('\0'))?;
    if spec.precision.is_some_and(|p| p > i32::MAX as usize) {
        return Err(FormatError::value("precision too big"));
    }
    let (mut code, upper, bare) = match spec.ty {
        None => ('r', false, true),
        Some('n') => ('g', false, false),
        Some(c @ ('e' | 'f' | 'g')) => (c, false, false),
        Some(c @ ('E' | 'F' | 'G')) => (c.to_ascii_lowercase(), true, false),
        Some(c) => return Err(unknown_format_code(c, "complex")),
    };
    let precision = match spec.precision {
        Some(p) => {
            if code == 'r' {
                code = 'g';
            }
            p
        }
        None if code == 'r' => 0,
        None => 6,
    };
    let style = FloatStyle {
        code,
        precision,
        alt: spec.alternate,
        add_dot_0: false,
        upper,
        no_neg_0: spec.no_neg_zero,
    };
    let skip_re = bare && re == 0.0 && re.is_sign_positive();
    // Each part is laid out alone (sign, grouped digits, rest), then the
    // whole is padded.
    let part_spec = FormatSpec {
        fill: ' ',
        align: None,
        width: None,
        zero_pad: false,
        ..spec.clone()
    };
    let part = |x: f64, sign_spec: &FormatSpec| -> Result<String, FormatError> {
        let (negative, body) = format_abs(x, style);
        let split = body.bytes().take_while(u8::is_ascii_digit).count();
        let (digits, remainder) = body.split_at(split);
        let grouping = if spec.ty == Some('n') { None } else { grouping };
        render_number(
            sign_char(negative, sign_spec),
            "",
            digits,
            remainder,
            sign_spec,
            grouping,
        )
    };
    let mut text = String::new();
    if bare && !skip_re {
        text.push('(');
    }
    if skip_re {
        text.push_str(&part(im, &part_spec)?);
    } else {
        text.push_str(&part(re, &part_spec)?);
        let forced = FormatSpec {
            sign: Some('+'),
            ..part_spec.clone()
        };
        text.push_str(&part(im, &forced)?);
    }
    text.push('j');
    if bare && !skip_re {
        text.push(')');
    }
    let width = spec.width.unwrap_or(0);
    check_width(width, spec.fill)?;
    let padding = width as i64 - text.chars().count() as i64;
    if padding <= 0 {
        return Ok(text);
    }
    let (left, right) = match spec.align.unwrap_or('>') {
        '<' => (0, padding),
        '^' => (padding / 2, padding - padding / 2),
        _ => (padding, 0),
    };
    let mut out = String::with_capacity(text.len() + padding as usize * spec.fill.len_utf8());
    push_fill(&mut out, spec.fill, left);
    out.push_str(&text);
    push_fill(&mut out, spec.fill, right);
    Ok(out)
}
