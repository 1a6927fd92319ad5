//! Exact double -> decimal conversion and the `PyOS_double_to_string`
//! equivalent used by `repr`, `format()` and `%`-formatting.
//!
//! A finite double is `m * 2^e` exactly, so its decimal expansion is finite:
//! for `e >= 0` it is the integer `m << e`, for `e < 0` it is
//! `m * 5^-e / 10^-e`.  We compute that digit string with big-integer
//! arithmetic (or `u128` when it fits) and round it half-even at the
//! requested position, which gives the same correctly rounded digits as
//! CPython's `_Py_dg_dtoa` modes 2 and 3.  Shortest round-trip digits
//! (mode 0, used by `repr`) come from `ryu`.

use num_bigint::BigUint;
use num_traits::Pow;

/// A non-negative decimal value `0.D1 D2 ... Dn * 10^decpt`.
///
/// `digits` holds ASCII digits with no leading zeros and no trailing zeros;
/// zero is represented as `"0"` with `decpt == 1` (as `_Py_dg_dtoa` does).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Digits {
    /// ASCII decimal digits, most significant first.
    pub digits: Vec<u8>,
    /// Position of the decimal point relative to the first digit.
    pub decpt: i64,
}

impl Digits {
    /// The value zero.
    pub fn zero() -> Self {
        Digits {
            digits: vec![b'0'],
            decpt: 1,
        }
    }

    /// Whether this is the value zero.
    pub fn is_zero(&self) -> bool {
        self.digits == b"0"
    }

    /// Build from a raw digit string and point position, normalising away
    /// leading and trailing zeros.
    fn normalized(mut digits: Vec<u8>, mut decpt: i64) -> Self {
        let lead = digits.iter().take_while(|&&c| c == b'0').count();
        if lead == digits.len() {
            return Digits::zero();
        }
        digits.drain(..lead);
        decpt -= lead as i64;
        while digits.last() == Some(&b'0') {
            digits.pop();
        }
        Digits { digits, decpt }
    }
}

/// Split a finite `|x|` into `(m, e)` with `|x| == m * 2^e` and `m` odd
/// (or `(0, 0)` for zero).
fn decompose(x: f64) -> (u64, i32) {
    let bits = x.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1u64 << 52) - 1);
    let (m, e) = if biased == 0 {
        (frac, -1074)
    } else {
        (frac | (1u64 << 52), biased - 1075)
    };
    if m == 0 {
        return (0, 0);
    }
    let tz = m.trailing_zeros();
    (m >> tz, e + tz as i32)
}

/// The exact decimal expansion of `|x|` (`x` must be finite).
pub(crate) fn exact_digits(x: f64) -> Digits {
    let (m, e) = decompose(x);
    if m == 0 {
        return Digits::zero();
    }
    if e >= 0 {
        let s = if e <= 64 {
            (u128::from(m) << e).to_string()
        } else {
            (BigUint::from(m) << (e as usize)).to_string()
        };
        let len = s.len() as i64;
        return Digits::normalized(s.into_bytes(), len);
    }
    let k = e.unsigned_abs();
    let small = 5u128
        .checked_pow(k)
        .and_then(|p| p.checked_mul(u128::from(m)));
    let s = match small {
        Some(n) => n.to_string(),
        None => (BigUint::from(m) * Pow::pow(BigUint::from(5u32), k)).to_string(),
    };
    let len = s.len() as i64;
    Digits::normalized(s.into_bytes(), len - i64::from(k))
}

/// Shortest digit string that round-trips to `|x|` (`x` finite), choosing
/// the candidate nearest the exact value, like `_Py_dg_dtoa` mode 0.
pub(crate) fn shortest_digits(x: f64) -> Digits {
    if x == 0.0 {
        return Digits::zero();
    }
    let mut buf = ryu::Buffer::new();
    let text = buf.format_finite(x.abs());
    let (mantissa, exp) = match text.split_once(['e', 'E']) {
        Some((m, e)) => (m, e.parse::<i64>().unwrap_or(0)),
        None => (text, 0),
    };
    let (int_part, frac_part) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let mut digits = Vec::with_capacity(int_part.len() + frac_part.len());
    digits.extend_from_slice(int_part.as_bytes());
    digits.extend_from_slice(frac_part.as_bytes());
    Digits::normalized(digits, int_part.len() as i64 + exp)
}

/// Round `d` half-even so that only its first `keep` digits remain
/// (`keep` may be `<= 0`, meaning the rounding position is at or left of
/// the first digit).
pub(crate) fn round_digits(d: Digits, keep: i64) -> Digits {
    let n = d.digits.len() as i64;
    if keep >= n {
        return d;
    }
    if keep < 0 {
        return Digits::zero();
    }
    let k = keep as usize;
    let dropped = d.digits[k];
    let round_up = match dropped.cmp(&b'5') {
        std::cmp::Ordering::Greater => true,
        std::cmp::Ordering::Less => false,
        // Trailing zeros are stripped, so anything after the 5 is nonzero.
        std::cmp::Ordering::Equal => k + 1 < d.digits.len() || (k > 0 && d.digits[k - 1] % 2 == 1),
    };
    let mut digits = d.digits;
    digits.truncate(k);
    let mut decpt = d.decpt;
    if round_up {
        let mut i = k;
        loop {
            if i == 0 {
                digits.insert(0, b'1');
                decpt += 1;
                break;
            }
            i -= 1;
            if digits[i] == b'9' {
                digits[i] = b'0';
            } else {
                digits[i] += 1;
                break;
            }
        }
    }
    Digits::normalized(digits, decpt)
}

/// Fast path: `|x| * 10^frac` rounded half-even to an integer, plus the
/// same value truncated, computed in `u128` as `num / den` with
/// `num = m * 10^max(frac,0) * 2^max(e,0)` and
/// `den = 10^max(-frac,0) * 2^max(-e,0)`.  `None` when either does not
/// fit (the caller then uses the exact big-integer expansion).
fn scaled_round_u128(x: f64, frac: i64) -> Option<(u128, u128)> {
    let (m, e) = decompose(x);
    if m == 0 {
        return Some((0, 0));
    }
    let mut num = u128::from(m);
    let mut den: u128 = 1;
    let p = u32::try_from(frac.unsigned_abs()).ok()?;
    if frac >= 0 {
        num = num.checked_mul(10u128.checked_pow(p)?)?;
    } else {
        den = 10u128.checked_pow(p)?;
    }
    let shift = e.unsigned_abs();
    if e >= 0 {
        if num.leading_zeros() <= shift {
            return None;
        }
        num <<= shift;
    } else {
        // Keep den < 2^126 so that 2 * remainder cannot overflow.
        if den.leading_zeros() <= shift + 2 {
            return None;
        }
        den <<= shift;
    }
    let q = num / den;
    let r2 = (num % den) * 2;
    let up = r2 > den || (r2 == den && q % 2 == 1);
    Some((q + u128::from(up), q))
}

/// `Digits` for the integer `q` scaled by `10^-frac`.
fn digits_of_scaled(q: u128, frac: i64) -> Digits {
    let s = q.to_string();
    let len = s.len() as i64;
    Digits::normalized(s.into_bytes(), len - frac)
}

/// `|x|` rounded half-even to `ndigits` significant digits (`ndigits >= 1`).
pub(crate) fn round_significant(x: f64, ndigits: usize) -> Digits {
    if x == 0.0 {
        return Digits::zero();
    }
    if ndigits <= 30 {
        let nd = ndigits as i64;
        // The shortest repr's point position is the exact one (D) or, when
        // it rounded up to a power of ten, D + 1.
        let guess = shortest_digits(x).decpt;
        let threshold = 10u128.pow(ndigits as u32 - 1);
        for frac in [nd - guess, nd - guess + 1] {
            match scaled_round_u128(x, frac) {
                Some((_, floor)) if floor < threshold => continue,
                Some((q, _)) => return digits_of_scaled(q, frac),
                None => break,
            }
        }
    }
    let keep = i64::try_from(ndigits).unwrap_or(i64::MAX);
    round_digits(exact_digits(x), keep)
}

/// `|x|` rounded half-even to `ndigits` digits after the decimal point
/// (`ndigits` may be negative: -2 rounds to hundreds).
pub(crate) fn round_fixed(x: f64, ndigits: i64) -> Digits {
    if let Some((q, _)) = scaled_round_u128(x, ndigits) {
        return digits_of_scaled(q, ndigits);
    }
    let d = exact_digits(x);
    let keep = d.decpt.saturating_add(ndigits);
    round_digits(d, keep)
}

/// Options for [`format_abs`], mirroring `PyOS_double_to_string`'s
/// format code, precision and `Py_DTSF_*` flags.
#[derive(Debug, Clone, Copy)]
pub(crate) struct FloatStyle {
    /// One of `e`, `f`, `g` (lower case) or `r` (repr / shortest).
    pub code: char,
    /// Digits after the point (`e`, `f`) or significant digits (`g`);
    /// ignored for `r`.
    pub precision: usize,
    /// `Py_DTSF_ALT`: keep trailing zeros / trailing decimal point.
    pub alt: bool,
    /// `Py_DTSF_ADD_DOT_0`: integers in fixed notation get a `.0`.
    pub add_dot_0: bool,
    /// Upper-case `E`, `INF`, `NAN`.
    pub upper: bool,
    /// `Py_DTSF_NO_NEG_0`: drop the sign of a value that rounds to zero.
    pub no_neg_0: bool,
}

impl FloatStyle {
    /// A style with all flags off.
    pub fn new(code: char, precision: usize) -> Self {
        FloatStyle {
            code,
            precision,
            alt: false,
            add_dot_0: false,
            upper: false,
            no_neg_0: false,
        }
    }
}

fn push_zeros(out: &mut String, count: i64) {
    if count > 0 {
        out.extend(std::iter::repeat_n('0', count as usize));
    }
}

/// Render `|x|` per `style`; returns `(negative, text)` where `text` has no
/// sign.  `negative` is false for NaN (CPython never signs a NaN) and, with
/// `no_neg_0`, for values that round to zero.
pub(crate) fn format_abs(x: f64, style: FloatStyle) -> (bool, String) {
    if x.is_nan() {
        let s = if style.upper { "NAN" } else { "nan" };
        return (false, s.to_string());
    }
    let negative = x.is_sign_negative();
    if x.is_infinite() {
        let s = if style.upper { "INF" } else { "inf" };
        return (negative, s.to_string());
    }
    let mut style = style;
    if style.code == 'e' && style.precision == i32::MAX as usize {
        // CPython computes `precision + 1` in a C int here, which wraps to
        // INT_MIN; the observable result is the same as precision 0.
        style.precision = 0;
    }
    // Callers enforce CPython's limits (precision <= INT_MAX); clamping here
    // only keeps the index arithmetic below far from overflow.
    style.precision = style.precision.min(super::MAX_OUTPUT_BYTES);
    let precision = style.precision as i64;
    let digits = match style.code {
        'e' => round_significant(x, style.precision.saturating_add(1)),
        'f' => round_fixed(x, precision),
        'g' => round_significant(x, style.precision.max(1)),
        _ => shortest_digits(x),
    };
    let negative = negative && !(style.no_neg_0 && digits.is_zero());

    let n = digits.digits.len() as i64;
    let mut decpt = digits.decpt;
    let mut use_exp = false;
    let mut end = n;
    match style.code {
        'e' => {
            use_exp = true;
            end = precision.saturating_add(1);
        }
        'f' => end = decpt.saturating_add(precision),
        'g' => {
            let p = precision.max(1);
            let limit = if style.add_dot_0 { p - 1 } else { p };
            if decpt <= -4 || decpt > limit {
                use_exp = true;
            }
            if style.alt {
                end = p;
            }
        }
        _ => {
            if decpt <= -4 || decpt > 16 {
                use_exp = true;
            }
        }
    }
    let mut exp = 0;
    if use_exp {
        exp = decpt - 1;
        decpt = 1;
    }
    let start = if decpt <= 0 { decpt - 1 } else { 0 };
    end = if !use_exp && style.add_dot_0 {
        end.max(decpt + 1)
    } else {
        end.max(decpt)
    };

    // Emit virtual digits [start, end) with the point before index decpt.
    let mut out = String::with_capacity((end - start + 8).clamp(0, 1 << 20) as usize);
    let digit_str = std::str::from_utf8(&digits.digits).unwrap_or("0");
    if decpt <= 0 {
        // "0." then -decpt zeros, then the digits.
        out.push('0');
        out.push('.');
        push_zeros(&mut out, -decpt);
        out.push_str(digit_str);
    } else if decpt <= n {
        out.push_str(&digit_str[..decpt as usize]);
        out.push('.');
        out.push_str(&digit_str[decpt as usize..]);
    } else {
        out.push_str(digit_str);
        push_zeros(&mut out, decpt - n);
        out.push('.');
    }
    // Trailing zeros up to `end`.
    let written = n.max(decpt);
    push_zeros(&mut out, end - written);
    if out.ends_with('.') && !style.alt {
        out.pop();
    }
    if use_exp {
        out.push(if style.upper { 'E' } else { 'e' });
        out.push(if exp < 0 { '-' } else { '+' });
        let a = exp.unsigned_abs();
        if a < 10 {
            out.push('0');
        }
        out.push_str(&a.to_string());
    }
    (negative, out)
}

/// CPython `repr(float)` (identical to `str(float)` in Python 3): the
/// shortest string that round-trips, in fixed notation when the decimal
/// exponent is in `-4 <= exp < 16` (always with a `.0` for integral
/// values), otherwise in exponent notation (`1e+16`, `1e-05`); `inf`,
/// `-inf`, `nan`.
pub fn float_repr(x: f64) -> String {
    let mut style = FloatStyle::new('r', 0);
    style.add_dot_0 = true;
    let (neg, body) = format_abs(x, style);
    if neg {
        let mut s = String::with_capacity(body.len() + 1);
        s.push('-');
        s.push_str(&body);
        s
    } else {
        body
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(d: &Digits) -> (String, i64) {
        (String::from_utf8(d.digits.clone()).unwrap(), d.decpt)
    }

    #[test]
    fn exact_expansion_of_tenth() {
        // Decimal('0.1') in CPython.
        let d = exact_digits(0.1);
        assert_eq!(
            text(&d),
            (
                "1000000000000000055511151231257827021181583404541015625".to_string(),
                0
            )
        );
    }

    #[test]
    fn exact_expansion_extremes() {
        // 5e-324 == 2**-1074 has 751 significant digits starting at 10**-324.
        let d = exact_digits(5e-324);
        assert_eq!(d.digits.len(), 751);
        assert_eq!(d.decpt, -323);
        assert!(d
            .digits
            .starts_with(b"49406564584124654417656879286822137236505980"));
        let d = exact_digits(f64::MAX);
        assert_eq!(d.decpt, 309);
        assert!(d
            .digits
            .starts_with(b"17976931348623157081452742373170435679807"));
        assert_eq!(exact_digits(0.0), Digits::zero());
        assert_eq!(exact_digits(-0.0), Digits::zero());
        assert_eq!(text(&exact_digits(1e22)), ("1".to_string(), 23));
    }

    #[test]
    fn rounding_is_half_even_on_exact_value() {
        // 2.675 is really 2.67499999999999982236431605997495353221893310546875.
        assert_eq!(text(&round_fixed(2.675, 2)), ("267".to_string(), 1));
        // Exact ties go to even.
        assert_eq!(text(&round_fixed(0.125, 2)), ("12".to_string(), 0));
        assert_eq!(text(&round_fixed(0.375, 2)), ("38".to_string(), 0));
        assert_eq!(text(&round_fixed(2.5, 0)), ("2".to_string(), 1));
        assert_eq!(text(&round_fixed(3.5, 0)), ("4".to_string(), 1));
        // Rounding at or left of the first digit.
        assert_eq!(round_fixed(0.5, 0), Digits::zero());
        assert_eq!(text(&round_fixed(0.51, 0)), ("1".to_string(), 1));
        assert_eq!(round_fixed(4.0, -1), Digits::zero());
        assert_eq!(text(&round_fixed(9.99, 1)), ("1".to_string(), 2));
        assert_eq!(text(&round_significant(999.5, 3)), ("1".to_string(), 4));
    }

    #[test]
    fn fast_paths_agree_with_exact_expansion() {
        let mut state: u64 = 0x2545_f491_4f6c_dd1d;
        for i in 0..20_000u32 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            // Mix raw bit patterns with "ordinary" magnitudes and ties.
            let x = match i % 3 {
                0 => f64::from_bits(state),
                1 => (state >> 11) as f64 / 2f64.powi((state % 70) as i32),
                _ => (state % 100_000) as f64 / 8.0,
            };
            if !x.is_finite() {
                continue;
            }
            let exact = exact_digits(x);
            for nd in [0i64, 1, 2, 5, 12, 19, -1, -3] {
                let slow = round_digits(exact.clone(), exact.decpt + nd);
                assert_eq!(round_fixed(x, nd), slow, "round_fixed({x:e}, {nd})");
            }
            for nd in [1usize, 2, 6, 15, 17, 25] {
                let slow = round_digits(exact.clone(), nd as i64);
                assert_eq!(
                    round_significant(x, nd),
                    slow,
                    "round_significant({x:e}, {nd})"
                );
            }
        }
    }

    #[test]
    fn shortest_digits_match_repr() {
        assert_eq!(text(&shortest_digits(0.1)), ("1".to_string(), 0));
        assert_eq!(text(&shortest_digits(123.456)), ("123456".to_string(), 3));
        assert_eq!(text(&shortest_digits(1e-7)), ("1".to_string(), -6));
        assert_eq!(text(&shortest_digits(5e-324)), ("5".to_string(), -323));
    }

    #[test]
    fn format_abs_styles() {
        let f = |x: f64, code: char, p: usize| format_abs(x, FloatStyle::new(code, p));
        assert_eq!(f(-1.5, 'e', 3), (true, "1.500e+00".to_string()));
        assert_eq!(f(1e300, 'g', 3), (false, "1e+300".to_string()));
        assert_eq!(f(0.0001, 'g', 6), (false, "0.0001".to_string()));
        assert_eq!(f(1e-5, 'g', 6), (false, "1e-05".to_string()));
        assert_eq!(f(-0.0, 'f', 1), (true, "0.0".to_string()));
        assert_eq!(f(f64::NAN, 'f', 1), (false, "nan".to_string()));
        assert_eq!(f(f64::NEG_INFINITY, 'e', 1), (true, "inf".to_string()));
        let mut s = FloatStyle::new('g', 4);
        s.alt = true;
        s.upper = true;
        assert_eq!(format_abs(1e10, s), (false, "1.000E+10".to_string()));
        let mut s = FloatStyle::new('f', 1);
        s.no_neg_0 = true;
        assert_eq!(format_abs(-0.04, s), (false, "0.0".to_string()));
        assert_eq!(format_abs(-0.06, s), (true, "0.1".to_string()));
        // CPython's INT_MAX precision quirk for 'e'.
        assert_eq!(f(1.5, 'e', i32::MAX as usize), (false, "2e+00".to_string()));
    }

    #[test]
    fn repr_basics() {
        assert_eq!(float_repr(1e16), "1e+16");
        assert_eq!(float_repr(1e-5), "1e-05");
        assert_eq!(float_repr(0.0001), "0.0001");
        assert_eq!(float_repr(1234567890123456.0), "1234567890123456.0");
        assert_eq!(float_repr(-0.0), "-0.0");
        assert_eq!(float_repr(f64::INFINITY), "inf");
        assert_eq!(float_repr(f64::NEG_INFINITY), "-inf");
        assert_eq!(float_repr(-f64::NAN), "nan");
    }
}
