//! The remaining `str` methods: case mapping (`lower`, `upper`,
//! `capitalize`, `casefold`, `title`, `swapcase`), padding (`center`,
//! `ljust`, `rjust`, `zfill`, `expandtabs`), `splitlines`, the `is*`
//! predicates, `removeprefix`/`removesuffix`, `translate`/`maketrans`,
//! `format_map`, and the special-method descriptors (`str.__len__(s)`,
//! `str.__add__`, `str.__lt__`, ...) with CPython's messages.
//!
//! Character properties come from a table generated from CPython 3.11's
//! `str` predicates and `unicodedata` (Unicode 14.0), so `isalpha`,
//! `isnumeric`, `isidentifier`, `isprintable`, ... agree with CPython for
//! every code point. Case mappings are Rust's full (SpecialCasing) mappings
//! restricted to the characters that table marks as cased, plus CPython's
//! titlecase and case-folding exceptions and its final-sigma rule.

use crate::builtins::list::new_list;
use crate::builtins::strmod::{format_builtin, percent_format, str_format_keys, FormatKeys};
use crate::builtins::tuple::new_tuple;
use crate::builtins::types::{is_exact, not_implemented, types};
use crate::builtins::{add_method, add_staticmethod, BuiltinRegistry};
use crate::function::CallArgs;
use crate::object::Payload;
use crate::ops;
use crate::strobj::{new_str, PyStr};
use crate::value::Value;
use crate::vm::{PyErr, PyResult, Vm};
use num_traits::ToPrimitive;
use std::sync::OnceLock;

// ----- character properties ------------------------------------------------

const ALPHA: u16 = 1;
const DECIMAL: u16 = 2;
const DIGIT: u16 = 4;
const NUMERIC: u16 = 8;
const PRINTABLE: u16 = 16;
const TITLE: u16 = 32;
const UPPER: u16 = 64;
const LOWER: u16 = 128;
const CASED: u16 = 256;
const CASE_IGNORABLE: u16 = 512;
const SPACE: u16 = 1024;
const XID_START: u16 = 2048;
const XID_CONTINUE: u16 = 4096;

fn lookup_flags(cp: u32) -> u16 {
    let key = (cp << 8) | 0xff;
    let i = UCD_RUNS.partition_point(|&r| r <= key).saturating_sub(1);
    UCD_PALETTE[(UCD_RUNS[i] & 0xff) as usize]
}

/// The property flags of `c` (CPython 3.11's character database).
#[inline]
fn flags(c: char) -> u16 {
    static LATIN1: OnceLock<[u16; 256]> = OnceLock::new();
    let cp = c as u32;
    if cp < 256 {
        let t = LATIN1.get_or_init(|| std::array::from_fn(|i| lookup_flags(i as u32)));
        t[cp as usize]
    } else {
        lookup_flags(cp)
    }
}

/// `c.isalpha()`: general category L*.
pub fn is_alpha(c: char) -> bool {
    flags(c) & ALPHA != 0
}

/// `c.isdecimal()`: general category Nd.
pub fn is_decimal(c: char) -> bool {
    flags(c) & DECIMAL != 0
}

/// `c.isdigit()`: Numeric_Type Digit or Decimal.
pub fn is_digit(c: char) -> bool {
    flags(c) & DIGIT != 0
}

/// `c.isnumeric()`: any Numeric_Type.
pub fn is_numeric(c: char) -> bool {
    flags(c) & NUMERIC != 0
}

/// `c.isalnum()`
pub fn is_alnum(c: char) -> bool {
    flags(c) & (ALPHA | DECIMAL | DIGIT | NUMERIC) != 0
}

/// `c.isprintable()`: not in categories Cc, Cf, Cs, Co, Cn, Zl, Zp, or Zs
/// other than the space.
pub fn is_printable(c: char) -> bool {
    flags(c) & PRINTABLE != 0
}

/// `c.isspace()`: bidirectional class WS, B or S, or category Zs (the
/// whitespace `str.split()` and `str.strip()` use).
pub fn is_space(c: char) -> bool {
    if c.is_ascii() {
        return matches!(c, ' ' | '\t'..='\r' | '\x1c'..='\x1f');
    }
    flags(c) & SPACE != 0
}

/// The Uppercase property.
pub fn is_upper(c: char) -> bool {
    flags(c) & UPPER != 0
}

/// The Lowercase property.
pub fn is_lower(c: char) -> bool {
    flags(c) & LOWER != 0
}

/// General category Lt.
pub fn is_titlecase(c: char) -> bool {
    flags(c) & TITLE != 0
}

/// The Cased property.
pub fn is_cased(c: char) -> bool {
    flags(c) & CASED != 0
}

/// The Case_Ignorable property.
pub fn is_case_ignorable(c: char) -> bool {
    flags(c) & CASE_IGNORABLE != 0
}

/// XID_Start or `_`: may begin an identifier.
pub fn is_xid_start(c: char) -> bool {
    flags(c) & XID_START != 0
}

/// XID_Continue: may continue an identifier.
pub fn is_xid_continue(c: char) -> bool {
    flags(c) & XID_CONTINUE != 0
}

/// A line boundary for `str.splitlines`.
pub fn is_linebreak(c: char) -> bool {
    matches!(
        c,
        '\n' | '\x0b'
            | '\x0c'
            | '\r'
            | '\x1c'
            | '\x1d'
            | '\x1e'
            | '\u{85}'
            | '\u{2028}'
            | '\u{2029}'
    )
}

/// `s.isidentifier()`
pub fn is_identifier(s: &str) -> bool {
    let mut it = s.chars();
    match it.next() {
        Some(c) if is_xid_start(c) => it.all(is_xid_continue),
        _ => false,
    }
}

// ----- case mapping ----------------------------------------------------------

fn special_mapping(table: &'static [(u32, &'static str)], c: char) -> Option<&'static str> {
    table
        .binary_search_by_key(&(c as u32), |e| e.0)
        .ok()
        .map(|i| table[i].1)
}

/// Cased characters that gained an uppercase mapping after Unicode 14.0
/// (Rust's tables are newer than CPython 3.11's).
const NO_UPPER: [u32; 4] = [0x19b, 0x264, 0xa7d3, 0xa7d5];

fn push_upper(c: char, out: &mut String) {
    if c.is_ascii() {
        out.push(c.to_ascii_uppercase());
    } else if is_cased(c) && !NO_UPPER.contains(&(c as u32)) {
        out.extend(c.to_uppercase());
    } else {
        out.push(c);
    }
}

fn push_lower(c: char, out: &mut String) {
    if c.is_ascii() {
        out.push(c.to_ascii_lowercase());
    } else if is_cased(c) {
        out.extend(c.to_lowercase());
    } else {
        out.push(c);
    }
}

fn push_title(c: char, out: &mut String) {
    if c.is_ascii() {
        out.push(c.to_ascii_uppercase());
    } else if let Some(t) = special_mapping(&TITLE_SPECIAL, c) {
        out.push_str(t);
    } else {
        push_upper(c, out);
    }
}

fn push_fold(c: char, out: &mut String) {
    let cp = c as u32;
    if c.is_ascii() {
        out.push(c.to_ascii_lowercase());
    } else if (0x13a0..=0x13f5).contains(&cp) {
        out.push(c);
    } else if (0x13f8..=0x13fd).contains(&cp) {
        out.push(char::from_u32(cp - 8).unwrap_or(c));
    } else if (0xab70..=0xabbf).contains(&cp) {
        out.push(char::from_u32(cp - 0xab70 + 0x13a0).unwrap_or(c));
    } else if let Some(t) = special_mapping(&FOLD_SPECIAL, c) {
        out.push_str(t);
    } else {
        push_lower(c, out);
    }
}

/// Lowercases `chars[i]`, applying the Final_Sigma rule to U+03A3.
fn push_lower_at(chars: &[char], i: usize, out: &mut String) {
    let c = chars[i];
    if c != '\u{3a3}' {
        return push_lower(c, out);
    }
    let before = chars[..i].iter().rev().find(|c| !is_case_ignorable(**c));
    let mut fin = before.is_some_and(|c| is_cased(*c));
    if fin {
        let after = chars[i + 1..].iter().find(|c| !is_case_ignorable(**c));
        fin = after.is_none_or(|c| !is_cased(*c));
    }
    out.push(if fin { '\u{3c2}' } else { '\u{3c3}' });
}

/// `s.lower()`
pub fn lower_str(s: &str) -> String {
    if s.is_ascii() {
        return s.to_ascii_lowercase();
    }
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    for i in 0..chars.len() {
        push_lower_at(&chars, i, &mut out);
    }
    out
}

/// `s.upper()`
pub fn upper_str(s: &str) -> String {
    if s.is_ascii() {
        return s.to_ascii_uppercase();
    }
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        push_upper(c, &mut out);
    }
    out
}

/// `s.casefold()`
pub fn casefold_str(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        push_fold(c, &mut out);
    }
    out
}

/// `s.title()`
pub fn title_str(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    let mut prev_cased = false;
    for (i, &c) in chars.iter().enumerate() {
        if prev_cased {
            push_lower_at(&chars, i, &mut out);
        } else {
            push_title(c, &mut out);
        }
        prev_cased = is_cased(c);
    }
    out
}

/// `s.capitalize()`
pub fn capitalize_str(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    for (i, &c) in chars.iter().enumerate() {
        if i == 0 {
            push_title(c, &mut out);
        } else {
            push_lower_at(&chars, i, &mut out);
        }
    }
    out
}

/// `s.swapcase()`
pub fn swapcase_str(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    for (i, &c) in chars.iter().enumerate() {
        if is_upper(c) {
            push_lower_at(&chars, i, &mut out);
        } else if is_lower(c) {
            push_upper(c, &mut out);
        } else {
            out.push(c);
        }
    }
    out
}

// ----- argument helpers ------------------------------------------------------

/// The TypeError for a method descriptor called on the wrong receiver
/// (`str.upper(1)`, `str.__len__()`), in CPython's words.
pub fn descriptor_error(vm: &Vm, owner: &str, name: &str, got: Option<&Value>) -> PyErr {
    let dunder = name.starts_with("__") && name.ends_with("__");
    vm.type_error(match (got, dunder) {
        (None, true) => format!("descriptor '{name}' of '{owner}' object needs an argument"),
        (None, false) => format!("unbound method {owner}.{name}() needs an argument"),
        (Some(v), true) => format!(
            "descriptor '{name}' requires a '{owner}' object but received a '{}'",
            vm.type_name(v)
        ),
        (Some(v), false) => format!(
            "descriptor '{name}' for '{owner}' objects doesn't apply to a '{}' object",
            vm.type_name(v)
        ),
    })
}

/// Checks the argument count of a positional-only method of `owner`
/// (`nargs` excludes the receiver), with the messages CPython gives for
/// methods (`str.lower() takes no arguments (1 given)`, `center expected at
/// least 1 argument, got 0`) and slot wrappers (`expected 1 argument, got
/// 0`).
pub fn check_arity(
    vm: &Vm,
    owner: &str,
    name: &str,
    args: &CallArgs,
    min: usize,
    max: usize,
) -> PyResult<()> {
    let dunder = name.starts_with("__") && name.ends_with("__");
    if args.has_kwargs() {
        return Err(vm.type_error(if dunder {
            format!("wrapper {name}() takes no keyword arguments")
        } else {
            format!("{owner}.{name}() takes no keyword arguments")
        }));
    }
    let got = args.pos().len().saturating_sub(1);
    if got >= min && got <= max {
        return Ok(());
    }
    Err(vm.type_error(if dunder {
        let plural = if min == 1 { "" } else { "s" };
        format!("expected {min} argument{plural}, got {got}")
    } else {
        crate::builtins::args::arity_message(&format!("{owner}.{name}"), name, min, max, got)
    }))
}

/// Binds the arguments after the receiver to `names` the way Argument
/// Clinic does for `name(a=..., b=...)` methods: positional or keyword,
/// the first `positional_only` only positionally, the first `required`
/// mandatory.
pub fn method_args(
    vm: &Vm,
    fname: &str,
    args: &CallArgs,
    names: &[&str],
    positional_only: usize,
    required: usize,
) -> PyResult<Vec<Option<Value>>> {
    let pos = args.pos().get(1..).unwrap_or(&[]);
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    if pos.len() > names.len() {
        return Err(vm.type_error(format!(
            "{fname}() takes at most {} argument{} ({} given)",
            names.len(),
            plural(names.len()),
            pos.len()
        )));
    }
    if pos.len() < positional_only.min(required) {
        let n = positional_only.min(required);
        return Err(vm.type_error(format!(
            "{fname}() takes at least {n} positional argument{} ({} given)",
            plural(n),
            pos.len()
        )));
    }
    let mut slots: Vec<Option<Value>> = vec![None; names.len()];
    for (i, v) in pos.iter().enumerate() {
        slots[i] = Some(v.clone());
    }
    for (k, v) in args.kwargs() {
        match names.iter().position(|n| *n == k) {
            Some(i) if i >= positional_only => {
                if slots[i].is_some() {
                    return Err(vm.type_error(format!(
                        "argument for {fname}() given by name ('{k}') and position ({})",
                        i + 1
                    )));
                }
                slots[i] = Some(v.clone());
            }
            _ => {
                return Err(vm.type_error(format!(
                    "'{k}' is an invalid keyword argument for {fname}()"
                )))
            }
        }
    }
    for (i, s) in slots.iter().enumerate().take(required) {
        if s.is_none() {
            return Err(vm.type_error(format!(
                "{fname}() missing required argument '{}' (pos {})",
                names[i],
                i + 1
            )));
        }
    }
    Ok(slots)
}

/// An index-sized integer argument (`width`, `tabsize`, counts):
/// OverflowError beyond the C `Py_ssize_t` range.
pub fn ssize_arg(vm: &Vm, v: &Value) -> PyResult<i64> {
    match v {
        Value::Int(i) => Ok(*i),
        Value::Bool(b) => Ok(*b as i64),
        _ => ops::index_of(vm, v)?
            .to_i64()
            .ok_or_else(|| vm.overflow_error("Python int too large to convert to C ssize_t")),
    }
}

/// An int argument that CPython converts to a C `int` (`tabsize`).
pub fn int_arg(vm: &Vm, v: &Value) -> PyResult<i64> {
    let n = ssize_arg(vm, v).map_err(|e| {
        if vm.err_matches(&e, types().exc.overflow_error) {
            vm.overflow_error("Python int too large to convert to C int")
        } else {
            e
        }
    })?;
    if i32::try_from(n).is_err() {
        return Err(vm.overflow_error("Python int too large to convert to C int"));
    }
    Ok(n)
}

/// An optional slice bound of `find`/`count`/`startswith`...: None or
/// absent gives None; huge values clamp as `_PyEval_SliceIndex` does.
pub fn slice_bound(vm: &Vm, v: Option<&Value>) -> PyResult<Option<i64>> {
    match v {
        None | Some(Value::None) => Ok(None),
        Some(v) => {
            if !crate::builtins::int::is_int_like(v) && ops::special(v, "__index__").is_none() {
                return Err(vm.type_error(
                    "slice indices must be integers or None or have an __index__ method",
                ));
            }
            ops::index_i64(vm, v).map(Some)
        }
    }
}

/// CPython's `ADJUST_INDICES`: resolves optional `start`/`end` against
/// `len`. The end is clamped into `0..=len`; the start only from below, so
/// a start past the end is visible to the caller.
pub fn adjust_indices(start: Option<i64>, end: Option<i64>, len: usize) -> (i64, i64) {
    let len = len as i64;
    let mut end = end.unwrap_or(len);
    if end > len {
        end = len;
    } else if end < 0 {
        end = (end + len).max(0);
    }
    let mut start = start.unwrap_or(0);
    if start < 0 {
        start = (start + len).max(0);
    }
    (start, end)
}

fn recv<'a>(vm: &Vm, args: &CallArgs<'a>, name: &str) -> PyResult<&'a PyStr> {
    let first = args.pos().first();
    match first.and_then(|v| v.as_obj()).map(|o| &o.payload) {
        Some(Payload::Str(s)) => Ok(s),
        _ => Err(descriptor_error(vm, "str", name, first)),
    }
}

fn str_of_value(v: &Value) -> Option<&PyStr> {
    match v.as_obj().map(|o| &o.payload) {
        Some(Payload::Str(s)) => Some(s),
        _ => None,
    }
}

/// The receiver itself when it is an exact str (CPython returns `self`
/// unchanged from padding and prefix methods), else a copy.
fn same_or_copy(args: &CallArgs, s: &PyStr) -> Value {
    let v = &args.pos()[0];
    if is_exact(v, types().str) {
        v.clone()
    } else {
        new_str(s.as_str())
    }
}

// ----- case methods ----------------------------------------------------------

fn case_method(vm: &Vm, args: CallArgs, name: &str, f: fn(&str) -> String) -> PyResult<Value> {
    let s = recv(vm, &args, name)?;
    check_arity(vm, "str", name, &args, 0, 0)?;
    Ok(new_str(f(s.as_str())))
}

fn lower(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    case_method(vm, args, "lower", lower_str)
}
fn upper(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    case_method(vm, args, "upper", upper_str)
}
fn casefold(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    case_method(vm, args, "casefold", casefold_str)
}
fn title(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    case_method(vm, args, "title", title_str)
}
fn capitalize(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    case_method(vm, args, "capitalize", capitalize_str)
}
fn swapcase(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    case_method(vm, args, "swapcase", swapcase_str)
}

// ----- predicates ------------------------------------------------------------

fn predicate(vm: &Vm, args: CallArgs, name: &str, f: fn(&str) -> bool) -> PyResult<Value> {
    let s = recv(vm, &args, name)?;
    check_arity(vm, "str", name, &args, 0, 0)?;
    Ok(Value::Bool(f(s.as_str())))
}

fn all_chars(s: &str, f: fn(char) -> bool) -> bool {
    !s.is_empty() && s.chars().all(f)
}

/// `s.isupper()`: some cased character and no lowercase or titlecase one.
pub fn str_isupper(s: &str) -> bool {
    let mut cased = false;
    for c in s.chars() {
        if is_lower(c) || is_titlecase(c) {
            return false;
        }
        cased |= is_upper(c);
    }
    cased
}

/// `s.islower()`: some cased character and no uppercase or titlecase one.
pub fn str_islower(s: &str) -> bool {
    let mut cased = false;
    for c in s.chars() {
        if is_upper(c) || is_titlecase(c) {
            return false;
        }
        cased |= is_lower(c);
    }
    cased
}

/// `s.istitle()`: uppercase/titlecase characters only after uncased ones,
/// lowercase ones only after cased ones.
pub fn str_istitle(s: &str) -> bool {
    let mut cased = false;
    let mut prev_cased = false;
    for c in s.chars() {
        if is_upper(c) || is_titlecase(c) {
            if prev_cased {
                return false;
            }
            prev_cased = true;
            cased = true;
        } else if is_lower(c) {
            if !prev_cased {
                return false;
            }
            prev_cased = true;
            cased = true;
        } else {
            prev_cased = false;
        }
    }
    cased
}

fn isupper(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    predicate(vm, args, "isupper", str_isupper)
}
fn islower(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    predicate(vm, args, "islower", str_islower)
}
fn istitle(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    predicate(vm, args, "istitle", str_istitle)
}
fn isalpha(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    predicate(vm, args, "isalpha", |s| all_chars(s, is_alpha))
}
fn isalnum(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    predicate(vm, args, "isalnum", |s| all_chars(s, is_alnum))
}
fn isdecimal(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    predicate(vm, args, "isdecimal", |s| all_chars(s, is_decimal))
}
fn isdigit(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    predicate(vm, args, "isdigit", |s| all_chars(s, is_digit))
}
fn isnumeric(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    predicate(vm, args, "isnumeric", |s| all_chars(s, is_numeric))
}
fn isspace(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    predicate(vm, args, "isspace", |s| all_chars(s, is_space))
}
fn isprintable(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    predicate(vm, args, "isprintable", |s| s.chars().all(is_printable))
}
fn isascii(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    predicate(vm, args, "isascii", |s| s.is_ascii())
}
fn isidentifier(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    predicate(vm, args, "isidentifier", is_identifier)
}

// ----- padding ---------------------------------------------------------------

fn fill_char(vm: &Vm, v: Option<&Value>) -> PyResult<char> {
    let Some(v) = v else { return Ok(' ') };
    let s = str_of_value(v).ok_or_else(|| {
        vm.type_error(format!(
            "The fill character must be a unicode character, not {}",
            vm.type_name(v)
        ))
    })?;
    let mut it = s.as_str().chars();
    match (it.next(), it.next()) {
        (Some(c), None) => Ok(c),
        _ => Err(vm.type_error("The fill character must be exactly one character long")),
    }
}

fn padded(
    vm: &Vm,
    args: &CallArgs,
    s: &PyStr,
    left: i64,
    right: i64,
    fill: char,
) -> PyResult<Value> {
    let (left, right) = (left.max(0) as usize, right.max(0) as usize);
    if left == 0 && right == 0 {
        return Ok(same_or_copy(args, s));
    }
    let total = (left + right)
        .saturating_mul(fill.len_utf8())
        .saturating_add(s.as_str().len());
    if total > isize::MAX as usize / 2 {
        return Err(vm.new_error(types().exc.memory_error, ""));
    }
    let mut out = String::with_capacity(total);
    out.extend(std::iter::repeat_n(fill, left));
    out.push_str(s.as_str());
    out.extend(std::iter::repeat_n(fill, right));
    Ok(new_str(out))
}

fn justify(vm: &Vm, args: CallArgs, name: &str) -> PyResult<Value> {
    let s = recv(vm, &args, name)?;
    check_arity(vm, "str", name, &args, 1, 2)?;
    let width = ssize_arg(vm, &args.pos()[1])?;
    let fill = fill_char(vm, args.pos().get(2))?;
    let len = s.char_len() as i64;
    let marg = width - len;
    if marg <= 0 {
        return Ok(same_or_copy(&args, s));
    }
    let (left, right) = match name {
        "ljust" => (0, marg),
        "rjust" => (marg, 0),
        _ => {
            let left = marg / 2 + (marg & width & 1);
            (left, marg - left)
        }
    };
    padded(vm, &args, s, left, right, fill)
}

fn center(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    justify(vm, args, "center")
}
fn ljust(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    justify(vm, args, "ljust")
}
fn rjust(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    justify(vm, args, "rjust")
}

fn zfill(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let s = recv(vm, &args, "zfill")?;
    check_arity(vm, "str", "zfill", &args, 1, 1)?;
    let width = ssize_arg(vm, &args.pos()[1])?;
    let len = s.char_len() as i64;
    if width <= len {
        return Ok(same_or_copy(&args, s));
    }
    let fill = (width - len) as usize;
    let text = s.as_str();
    let mut out = String::with_capacity(fill + text.len());
    let rest = match text.chars().next() {
        Some(sign @ ('+' | '-')) => {
            out.push(sign);
            &text[1..]
        }
        _ => text,
    };
    out.extend(std::iter::repeat_n('0', fill));
    out.push_str(rest);
    Ok(new_str(out))
}

fn expandtabs(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let s = recv(vm, &args, "expandtabs")?;
    let a = method_args(vm, "expandtabs", &args, &["tabsize"], 0, 0)?;
    let tabsize = match &a[0] {
        Some(v) => int_arg(vm, v)?,
        None => 8,
    };
    let text = s.as_str();
    if !text.contains('\t') {
        return Ok(same_or_copy(&args, s));
    }
    let mut out = String::with_capacity(text.len() + 16);
    let mut col: i64 = 0;
    for c in text.chars() {
        if c == '\t' {
            if tabsize > 0 {
                let incr = tabsize - col % tabsize;
                col += incr;
                out.extend(std::iter::repeat_n(' ', incr as usize));
            }
        } else {
            col += 1;
            out.push(c);
            if c == '\n' || c == '\r' {
                col = 0;
            }
        }
    }
    Ok(new_str(out))
}

// ----- splitlines, prefixes -------------------------------------------------

/// The lines of `s` split at every Unicode line boundary.
pub fn splitlines_str(s: &str, keepends: bool) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut it = s.char_indices().peekable();
    while let Some((i, c)) = it.next() {
        if !is_linebreak(c) {
            continue;
        }
        let mut end = i + c.len_utf8();
        if c == '\r' {
            if let Some((_, '\n')) = it.peek() {
                it.next();
                end += 1;
            }
        }
        out.push(if keepends {
            &s[start..end]
        } else {
            &s[start..i]
        });
        start = end;
    }
    if start < s.len() {
        out.push(&s[start..]);
    }
    out
}

fn splitlines(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let s = recv(vm, &args, "splitlines")?;
    let a = method_args(vm, "splitlines", &args, &["keepends"], 0, 0)?;
    let keepends = match &a[0] {
        Some(v) => ops::index_i64(vm, v)? != 0,
        None => false,
    };
    Ok(new_list(
        splitlines_str(s.as_str(), keepends)
            .into_iter()
            .map(new_str)
            .collect(),
    ))
}

fn affix_arg<'a>(vm: &Vm, args: &CallArgs<'a>, name: &str) -> PyResult<&'a str> {
    let v = &args.pos()[1];
    str_of_value(v).map(|s| s.as_str()).ok_or_else(|| {
        vm.type_error(format!(
            "{name}() argument must be str, not {}",
            vm.type_name(v)
        ))
    })
}

fn removeprefix(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let s = recv(vm, &args, "removeprefix")?;
    check_arity(vm, "str", "removeprefix", &args, 1, 1)?;
    let p = affix_arg(vm, &args, "removeprefix")?;
    match s.as_str().strip_prefix(p) {
        Some(rest) if !p.is_empty() => Ok(new_str(rest)),
        _ => Ok(same_or_copy(&args, s)),
    }
}

fn removesuffix(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let s = recv(vm, &args, "removesuffix")?;
    check_arity(vm, "str", "removesuffix", &args, 1, 1)?;
    let p = affix_arg(vm, &args, "removesuffix")?;
    match s.as_str().strip_suffix(p) {
        Some(rest) if !p.is_empty() => Ok(new_str(rest)),
        _ => Ok(same_or_copy(&args, s)),
    }
}

// ----- translate, maketrans, format_map ----------------------------------------

fn translate(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let s = recv(vm, &args, "translate")?;
    check_arity(vm, "str", "translate", &args, 1, 1)?;
    let table = &args.pos()[1];
    let mut out = String::with_capacity(s.as_str().len());
    for c in s.as_str().chars() {
        let mapped = match ops::get_item(vm, table, &Value::Int(c as i64)) {
            Ok(v) => v,
            Err(e) if vm.err_matches(&e, types().exc.lookup_error) => {
                out.push(c);
                continue;
            }
            Err(e) => return Err(e),
        };
        match &mapped {
            Value::None => {}
            _ => {
                if let Some(t) = str_of_value(&mapped) {
                    out.push_str(t.as_str());
                } else if crate::builtins::int::is_int_like(&mapped) {
                    let n = crate::builtins::int::as_int_like(&mapped).and_then(|b| b.to_u32());
                    match n.and_then(char::from_u32) {
                        Some(m) => out.push(m),
                        None => {
                            return Err(
                                vm.value_error("character mapping must be in range(0x110000)")
                            )
                        }
                    }
                } else {
                    return Err(vm.type_error("character mapping must return integer, None or str"));
                }
            }
        }
    }
    Ok(new_str(out))
}

fn maketrans(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    // A staticmethod: no receiver in `args`.
    if args.has_kwargs() {
        return Err(vm.type_error("maketrans() takes no keyword arguments"));
    }
    let p = args.pos();
    if p.is_empty() {
        return Err(vm.type_error("maketrans expected at least 1 argument, got 0"));
    }
    if p.len() > 3 {
        return Err(vm.type_error(format!(
            "maketrans expected at most 3 arguments, got {}",
            p.len()
        )));
    }
    let result = crate::dict::new_dict_obj();
    let Payload::Dict(d) = &result.payload else {
        return Err(vm.type_error("maketrans: dict expected"));
    };
    if p.len() == 1 {
        let Some(src) = crate::builtins::dict::dict_payload(&p[0]) else {
            return Err(
                vm.type_error("if you give only one argument to maketrans it must be a dict")
            );
        };
        for (k, v) in src.items() {
            let key = if let Some(ks) = str_of_value(&k) {
                let mut it = ks.as_str().chars();
                match (it.next(), it.next()) {
                    (Some(c), None) => Value::Int(c as i64),
                    _ => {
                        return Err(
                            vm.value_error("string keys in translate table must be of length 1")
                        )
                    }
                }
            } else if crate::builtins::int::is_int_like(&k) {
                k
            } else {
                return Err(vm.type_error("keys in translate table must be strings or integers"));
            };
            d.set(vm, key, v)?;
        }
        return Ok(Value::Obj(result));
    }
    let y = str_of_value(&p[1]).ok_or_else(|| {
        vm.type_error(format!(
            "maketrans() argument 2 must be str, not {}",
            vm.type_name(&p[1])
        ))
    })?;
    let z = match p.get(2) {
        Some(z) => Some(str_of_value(z).ok_or_else(|| {
            vm.type_error(format!(
                "maketrans() argument 3 must be str, not {}",
                vm.type_name(z)
            ))
        })?),
        None => None,
    };
    let x = str_of_value(&p[0]).ok_or_else(|| {
        vm.type_error("first maketrans argument must be a string if there is a second argument")
    })?;
    if x.char_len() != y.char_len() {
        return Err(vm.value_error("the first two maketrans arguments must have equal length"));
    }
    for (a, b) in x.as_str().chars().zip(y.as_str().chars()) {
        d.set(vm, Value::Int(a as i64), Value::Int(b as i64))?;
    }
    if let Some(z) = z {
        for c in z.as_str().chars() {
            d.set(vm, Value::Int(c as i64), Value::None)?;
        }
    }
    Ok(Value::Obj(result))
}

fn format_map(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let s = recv(vm, &args, "format_map")?;
    check_arity(vm, "str", "format_map", &args, 1, 1)?;
    let mapping = &args.pos()[1];
    Ok(new_str(str_format_keys(
        vm,
        s.as_str(),
        &[],
        &FormatKeys::Mapping(mapping),
    )?))
}

// ----- special-method descriptors ----------------------------------------------

fn dunder_len(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let s = recv(vm, &args, "__len__")?;
    check_arity(vm, "str", "__len__", &args, 0, 0)?;
    Ok(Value::Int(s.char_len() as i64))
}

fn dunder_contains(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let s = recv(vm, &args, "__contains__")?;
    check_arity(vm, "str", "__contains__", &args, 1, 1)?;
    let v = &args.pos()[1];
    let sub = str_of_value(v).ok_or_else(|| {
        vm.type_error(format!(
            "'in <string>' requires string as left operand, not {}",
            vm.type_name(v)
        ))
    })?;
    Ok(Value::Bool(s.as_str().contains(sub.as_str())))
}

fn dunder_getitem(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    recv(vm, &args, "__getitem__")?;
    check_arity(vm, "str", "__getitem__", &args, 1, 1)?;
    let v = &args.pos()[0];
    let key = &args.pos()[1];
    let Value::Obj(o) = v else {
        return Err(descriptor_error(vm, "str", "__getitem__", Some(v)));
    };
    if !crate::builtins::int::is_int_like(key)
        && !matches!(key.as_obj().map(|k| &k.payload), Some(Payload::Slice(..)))
        && ops::special(key, "__index__").is_none()
    {
        return Err(vm.type_error(format!(
            "string indices must be integers, not '{}'",
            vm.type_name(key)
        )));
    }
    crate::builtins::subscript::native_get_item(vm, o, v, key)
}

fn dunder_add(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let s = recv(vm, &args, "__add__")?;
    check_arity(vm, "str", "__add__", &args, 1, 1)?;
    let v = &args.pos()[1];
    let t = str_of_value(v).ok_or_else(|| {
        vm.type_error(format!(
            "can only concatenate str (not \"{}\") to str",
            vm.type_name(v)
        ))
    })?;
    let mut out = String::with_capacity(s.as_str().len() + t.as_str().len());
    out.push_str(s.as_str());
    out.push_str(t.as_str());
    Ok(new_str(out))
}

/// `s * n` for str.
pub fn repeat_str(vm: &Vm, s: &str, n: &Value) -> PyResult<Value> {
    let n = ops::index_of(vm, n)?;
    let count = match n.to_i64() {
        Some(c) if c <= 0 => return Ok(new_str("")),
        Some(c) => c as usize,
        None if n.sign() == num_bigint::Sign::Minus => return Ok(new_str("")),
        None => return Err(vm.overflow_error("cannot fit 'int' into an index-sized integer")),
    };
    if s.is_empty() {
        return Ok(new_str(""));
    }
    if s.len()
        .checked_mul(count)
        .is_none_or(|t| t > isize::MAX as usize)
    {
        return Err(vm.overflow_error("repeated string is too long"));
    }
    Ok(new_str(s.repeat(count)))
}

fn dunder_mul(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let s = recv(vm, &args, "__mul__")?;
    check_arity(vm, "str", "__mul__", &args, 1, 1)?;
    repeat_str(vm, s.as_str(), &args.pos()[1])
}

fn dunder_rmul(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let s = recv(vm, &args, "__rmul__")?;
    check_arity(vm, "str", "__rmul__", &args, 1, 1)?;
    repeat_str(vm, s.as_str(), &args.pos()[1])
}

fn dunder_rmod(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    recv(vm, &args, "__rmod__")?;
    check_arity(vm, "str", "__rmod__", &args, 1, 1)?;
    match str_of_value(&args.pos()[1]) {
        Some(t) => Ok(new_str(percent_format(vm, t.as_str(), &args.pos()[0])?)),
        None => Ok(not_implemented()),
    }
}

fn compare(
    vm: &Vm,
    args: CallArgs,
    name: &str,
    op: fn(std::cmp::Ordering) -> bool,
) -> PyResult<Value> {
    let s = recv(vm, &args, name)?;
    check_arity(vm, "str", name, &args, 1, 1)?;
    match str_of_value(&args.pos()[1]) {
        Some(t) => Ok(Value::Bool(op(s.as_str().cmp(t.as_str())))),
        None => Ok(not_implemented()),
    }
}

fn dunder_eq(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    compare(vm, args, "__eq__", |o| o.is_eq())
}
fn dunder_ne(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    compare(vm, args, "__ne__", |o| o.is_ne())
}
fn dunder_lt(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    compare(vm, args, "__lt__", |o| o.is_lt())
}
fn dunder_le(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    compare(vm, args, "__le__", |o| o.is_le())
}
fn dunder_gt(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    compare(vm, args, "__gt__", |o| o.is_gt())
}
fn dunder_ge(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    compare(vm, args, "__ge__", |o| o.is_ge())
}

fn dunder_hash(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let s = recv(vm, &args, "__hash__")?;
    check_arity(vm, "str", "__hash__", &args, 0, 0)?;
    Ok(Value::Int(s.hash()))
}

fn dunder_iter(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    recv(vm, &args, "__iter__")?;
    check_arity(vm, "str", "__iter__", &args, 0, 0)?;
    Ok(crate::iterators::new_iter(
        crate::iterators::IterState::Str {
            s: args.pos()[0].clone(),
            pos: 0,
        },
    ))
}

fn dunder_str(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let s = recv(vm, &args, "__str__")?;
    check_arity(vm, "str", "__str__", &args, 0, 0)?;
    Ok(same_or_copy(&args, s))
}

fn dunder_repr(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let s = recv(vm, &args, "__repr__")?;
    check_arity(vm, "str", "__repr__", &args, 0, 0)?;
    Ok(new_str(crate::builtins::repr::repr_str(s.as_str())))
}

fn dunder_format(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let s = recv(vm, &args, "__format__")?;
    check_arity(vm, "str", "__format__", &args, 1, 1)?;
    let spec = &args.pos()[1];
    let spec = str_of_value(spec).ok_or_else(|| {
        vm.type_error(format!(
            "__format__() argument must be str, not {}",
            vm.type_name(spec)
        ))
    })?;
    Ok(new_str(format_builtin(
        vm,
        &new_str(s.as_str()),
        spec.as_str(),
    )?))
}

fn dunder_getnewargs(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let s = recv(vm, &args, "__getnewargs__")?;
    check_arity(vm, "str", "__getnewargs__", &args, 0, 0)?;
    Ok(new_tuple(vec![new_str(s.as_str())]))
}

fn dunder_sizeof(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let s = recv(vm, &args, "__sizeof__")?;
    check_arity(vm, "str", "__sizeof__", &args, 0, 0)?;
    // CPython's compact representations: 1, 2 or 4 bytes per character.
    let n = s.char_len() as i64;
    let max = s.as_str().chars().map(|c| c as u32).max().unwrap_or(0);
    Ok(Value::Int(match max {
        0..=0x7f => 49 + n,
        0x80..=0xff => 73 + n,
        0x100..=0xffff => 74 + 2 * n,
        _ => 76 + 4 * n,
    }))
}

/// Registers the remaining str methods (after `strmod::register`).
pub fn register(_r: &mut BuiltinRegistry) {
    let s = types().str;
    add_method(s, "lower", lower);
    add_method(s, "upper", upper);
    add_method(s, "casefold", casefold);
    add_method(s, "title", title);
    add_method(s, "capitalize", capitalize);
    add_method(s, "swapcase", swapcase);
    add_method(s, "isupper", isupper);
    add_method(s, "islower", islower);
    add_method(s, "istitle", istitle);
    add_method(s, "isalpha", isalpha);
    add_method(s, "isalnum", isalnum);
    add_method(s, "isdecimal", isdecimal);
    add_method(s, "isdigit", isdigit);
    add_method(s, "isnumeric", isnumeric);
    add_method(s, "isspace", isspace);
    add_method(s, "isprintable", isprintable);
    add_method(s, "isascii", isascii);
    add_method(s, "isidentifier", isidentifier);
    add_method(s, "center", center);
    add_method(s, "ljust", ljust);
    add_method(s, "rjust", rjust);
    add_method(s, "zfill", zfill);
    add_method(s, "expandtabs", expandtabs);
    add_method(s, "splitlines", splitlines);
    add_method(s, "removeprefix", removeprefix);
    add_method(s, "removesuffix", removesuffix);
    add_method(s, "translate", translate);
    add_staticmethod(s, "maketrans", maketrans);
    add_method(s, "format_map", format_map);
    add_method(s, "__len__", dunder_len);
    add_method(s, "__contains__", dunder_contains);
    add_method(s, "__getitem__", dunder_getitem);
    add_method(s, "__add__", dunder_add);
    add_method(s, "__mul__", dunder_mul);
    add_method(s, "__rmul__", dunder_rmul);
    add_method(s, "__rmod__", dunder_rmod);
    add_method(s, "__eq__", dunder_eq);
    add_method(s, "__ne__", dunder_ne);
    add_method(s, "__lt__", dunder_lt);
    add_method(s, "__le__", dunder_le);
    add_method(s, "__gt__", dunder_gt);
    add_method(s, "__ge__", dunder_ge);
    add_method(s, "__hash__", dunder_hash);
    add_method(s, "__iter__", dunder_iter);
    add_method(s, "__str__", dunder_str);
    add_method(s, "__repr__", dunder_repr);
    add_method(s, "__format__", dunder_format);
    add_method(s, "__getnewargs__", dunder_getnewargs);
    add_method(s, "__sizeof__", dunder_sizeof);
}

// ----- generated data ----------------------------------------------------------
//
// Generated with python3.11 (Unicode 14.0): for every code point, the flags
// ALPHA=c.isalpha(), DECIMAL=c.isdecimal(), DIGIT=c.isdigit(),
// NUMERIC=c.isnumeric(), PRINTABLE=c.isprintable(), TITLE=category Lt,
// UPPER=c.isupper(), LOWER=c.islower(), CASED=UPPER|LOWER|TITLE,
// CASE_IGNORABLE (probed through the final-sigma rule of c.lower()),
// SPACE=c.isspace(), XID_START=c.isidentifier(),
// XID_CONTINUE=('a'+c).isidentifier(); then TITLE_SPECIAL lists every c
// with c.title() != c.upper() and FOLD_SPECIAL every c with
// c.casefold() != c.lower().

/// Distinct flag combinations (indexed by the low byte of `UCD_RUNS`).
#[rustfmt::skip]
const UCD_PALETTE: [u16; 32] = [
    0x0000, 0x0010, 0x0011, 0x0018, 0x001c, 0x0150, 0x0190, 0x0200, 0x0210, 0x0211, 0x0391, 0x0400, 0x0410, 0x1010, 0x1011, 0x101c, 0x101e, 0x1210, 0x1211, 0x1390, 0x1810, 0x1811, 0x1818, 0x1819, 0x1931, 0x1951, 0x1958, 0x1991, 0x1998, 0x1a10, 0x1a11, 0x1b91,
];

/// Runs of equal flags: `(first code point << 8) | palette index`, sorted.
#[rustfmt::skip]
static UCD_RUNS: [u32; 3859] = [
    0x0, 0x90b, 0xe00, 0x1c0b, 0x200c, 0x2101, 0x2708, 0x2801, 0x2e08, 0x2f01,
    0x3010, 0x3a08, 0x3b01, 0x4119, 0x5b01, 0x5e08, 0x5f14, 0x6008, 0x611b, 0x7b01,
    0x7f00, 0x850b, 0x8600, 0xa00b, 0xa101, 0xa808, 0xa901, 0xaa1b, 0xab01, 0xad07,
    0xae01, 0xaf08, 0xb001, 0xb204, 0xb408, 0xb51b, 0xb601, 0xb711, 0xb808, 0xb904,
    0xba1b, 0xbb01, 0xbc03, 0xbf01, 0xc019, 0xd701, 0xd819, 0xdf1b, 0xf701, 0xf81b,
    0x10019, 0x1011b, 0x10219, 0x1031b, 0x10419, 0x1051b, 0x10619, 0x1071b, 0x10819, 0x1091b,
    0x10a19, 0x10b1b, 0x10c19, 0x10d1b, 0x10e19, 0x10f1b, 0x11019, 0x1111b, 0x11219, 0x1131b,
    0x11419, 0x1151b, 0x11619, 0x1171b, 0x11819, 0x1191b, 0x11a19, 0x11b1b, 0x11c19, 0x11d1b,
    0x11e19, 0x11f1b, 0x12019, 0x1211b, 0x12219, 0x1231b, 0x12419, 0x1251b, 0x12619, 0x1271b,
    0x12819, 0x1291b, 0x12a19, 0x12b1b, 0x12c19, 0x12d1b, 0x12e19, 0x12f1b, 0x13019, 0x1311b,
    0x13219, 0x1331b, 0x13419, 0x1351b, 0x13619, 0x1371b, 0x13919, 0x13a1b, 0x13b19, 0x13c1b,
    0x13d19, 0x13e1b, 0x13f19, 0x1401b, 0x14119, 0x1421b, 0x14319, 0x1441b, 0x14519, 0x1461b,
    0x14719, 0x1481b, 0x14a19, 0x14b1b, 0x14c19, 0x14d1b, 0x14e19, 0x14f1b, 0x15019, 0x1511b,
    0x15219, 0x1531b, 0x15419, 0x1551b, 0x15619, 0x1571b, 0x15819, 0x1591b, 0x15a19, 0x15b1b,
    0x15c19, 0x15d1b, 0x15e19, 0x15f1b, 0x16019, 0x1611b, 0x16219, 0x1631b, 0x16419, 0x1651b,
    0x16619, 0x1671b, 0x16819, 0x1691b, 0x16a19, 0x16b1b, 0x16c19, 0x16d1b, 0x16e19, 0x16f1b,
    0x17019, 0x1711b, 0x17219, 0x1731b, 0x17419, 0x1751b, 0x17619, 0x1771b, 0x17819, 0x17a1b,
    0x17b19, 0x17c1b, 0x17d19, 0x17e1b, 0x18119, 0x1831b, 0x18419, 0x1851b, 0x18619, 0x1881b,
    0x18919, 0x18c1b, 0x18e19, 0x1921b, 0x19319, 0x1951b, 0x19619, 0x1991b, 0x19c19, 0x19e1b,
    0x19f19, 0x1a11b, 0x1a219, 0x1a31b, 0x1a419, 0x1a51b, 0x1a619, 0x1a81b, 0x1a919, 0x1aa1b,
    0x1ac19, 0x1ad1b, 0x1ae19, 0x1b01b, 0x1b119, 0x1b41b, 0x1b519, 0x1b61b, 0x1b719, 0x1b91b,
    0x1bb15, 0x1bc19, 0x1bd1b, 0x1c015, 0x1c419, 0x1c518, 0x1c61b, 0x1c719, 0x1c818, 0x1c91b,
    0x1ca19, 0x1cb18, 0x1cc1b, 0x1cd19, 0x1ce1b, 0x1cf19, 0x1d01b, 0x1d119, 0x1d21b, 0x1d319,
    0x1d41b, 0x1d519, 0x1d61b, 0x1d719, 0x1d81b, 0x1d919, 0x1da1b, 0x1db19, 0x1dc1b, 0x1de19,
    0x1df1b, 0x1e019, 0x1e11b, 0x1e219, 0x1e31b, 0x1e419, 0x1e51b, 0x1e619, 0x1e71b, 0x1e819,
    0x1e91b, 0x1ea19, 0x1eb1b, 0x1ec19, 0x1ed1b, 0x1ee19, 0x1ef1b, 0x1f119, 0x1f218, 0x1f31b,
    0x1f419, 0x1f51b, 0x1f619, 0x1f91b, 0x1fa19, 0x1fb1b, 0x1fc19, 0x1fd1b, 0x1fe19, 0x1ff1b,
    0x20019, 0x2011b, 0x20219, 0x2031b, 0x20419, 0x2051b, 0x20619, 0x2071b, 0x20819, 0x2091b,
    0x20a19, 0x20b1b, 0x20c19, 0x20d1b, 0x20e19, 0x20f1b, 0x21019, 0x2111b, 0x21219, 0x2131b,
    0x21419, 0x2151b, 0x21619, 0x2171b, 0x21819, 0x2191b, 0x21a19, 0x21b1b, 0x21c19, 0x21d1b,
    0x21e19, 0x21f1b, 0x22019, 0x2211b, 0x22219, 0x2231b, 0x22419, 0x2251b, 0x22619, 0x2271b,
    0x22819, 0x2291b, 0x22a19, 0x22b1b, 0x22c19, 0x22d1b, 0x22e19, 0x22f1b, 0x23019, 0x2311b,
    0x23219, 0x2331b, 0x23a19, 0x23c1b, 0x23d19, 0x23f1b, 0x24119, 0x2421b, 0x24319, 0x2471b,
    0x24819, 0x2491b, 0x24a19, 0x24b1b, 0x24c19, 0x24d1b, 0x24e19, 0x24f1b, 0x29415, 0x2951b,
    0x2b01f, 0x2b91e, 0x2c01f, 0x2c208, 0x2c61e, 0x2d208, 0x2e01f, 0x2e508, 0x2ec1e, 0x2ed08,
    0x2ee1e, 0x2ef08, 0x30011, 0x34513, 0x34611, 0x37019, 0x3711b, 0x37219, 0x3731b, 0x3741e,
    0x37508, 0x37619, 0x3771b, 0x37800, 0x37a0a, 0x37b1b, 0x37e01, 0x37f19, 0x38000, 0x38408,
    0x38619, 0x38711, 0x38819, 0x38b00, 0x38c19, 0x38d00, 0x38e19, 0x3901b, 0x39119, 0x3a200,
    0x3a319, 0x3ac1b, 0x3cf19, 0x3d01b, 0x3d219, 0x3d51b, 0x3d819, 0x3d91b, 0x3da19, 0x3db1b,
    0x3dc19, 0x3dd1b, 0x3de19, 0x3df1b, 0x3e019, 0x3e11b, 0x3e219, 0x3e31b, 0x3e419, 0x3e51b,
    0x3e619, 0x3e71b, 0x3e819, 0x3e91b, 0x3ea19, 0x3eb1b, 0x3ec19, 0x3ed1b, 0x3ee19, 0x3ef1b,
    0x3f419, 0x3f51b, 0x3f601, 0x3f719, 0x3f81b, 0x3f919, 0x3fb1b, 0x3fd19, 0x4301b, 0x46019,
    0x4611b, 0x46219, 0x4631b, 0x46419, 0x4651b, 0x46619, 0x4671b, 0x46819, 0x4691b, 0x46a19,
    0x46b1b, 0x46c19, 0x46d1b, 0x46e19, 0x46f1b, 0x47019, 0x4711b, 0x47219, 0x4731b, 0x47419,
    0x4751b, 0x47619, 0x4771b, 0x47819, 0x4791b, 0x47a19, 0x47b1b, 0x47c19, 0x47d1b, 0x47e19,
    0x47f1b, 0x48019, 0x4811b, 0x48201, 0x48311, 0x48808, 0x48a19, 0x48b1b, 0x48c19, 0x48d1b,
    0x48e19, 0x48f1b, 0x49019, 0x4911b, 0x49219, 0x4931b, 0x49419, 0x4951b, 0x49619, 0x4971b,
    0x49819, 0x4991b, 0x49a19, 0x49b1b, 0x49c19, 0x49d1b, 0x49e19, 0x49f1b, 0x4a019, 0x4a11b,
    0x4a219, 0x4a31b, 0x4a419, 0x4a51b, 0x4a619, 0x4a71b, 0x4a819, 0x4a91b, 0x4aa19, 0x4ab1b,
    0x4ac19, 0x4ad1b, 0x4ae19, 0x4af1b, 0x4b019, 0x4b11b, 0x4b219, 0x4b31b, 0x4b419, 0x4b51b,
    0x4b619, 0x4b71b, 0x4b819, 0x4b91b, 0x4ba19, 0x4bb1b, 0x4bc19, 0x4bd1b, 0x4be19, 0x4bf1b,
    0x4c019, 0x4c21b, 0x4c319, 0x4c41b, 0x4c519, 0x4c61b, 0x4c719, 0x4c81b, 0x4c919, 0x4ca1b,
    0x4cb19, 0x4cc1b, 0x4cd19, 0x4ce1b, 0x4d019, 0x4d11b, 0x4d219, 0x4d31b, 0x4d419, 0x4d51b,
    0x4d619, 0x4d71b, 0x4d819, 0x4d91b, 0x4da19, 0x4db1b, 0x4dc19, 0x4dd1b, 0x4de19, 0x4df1b,
    0x4e019, 0x4e11b, 0x4e219, 0x4e31b, 0x4e419, 0x4e51b, 0x4e619, 0x4e71b, 0x4e819, 0x4e91b,
    0x4ea19, 0x4eb1b, 0x4ec19, 0x4ed1b, 0x4ee19, 0x4ef1b, 0x4f019, 0x4f11b, 0x4f219, 0x4f31b,
    0x4f419, 0x4f51b, 0x4f619, 0x4f71b, 0x4f819, 0x4f91b, 0x4fa19, 0x4fb1b, 0x4fc19, 0x4fd1b,
    0x4fe19, 0x4ff1b, 0x50019, 0x5011b, 0x50219, 0x5031b, 0x50419, 0x5051b, 0x50619, 0x5071b,
    0x50819, 0x5091b, 0x50a19, 0x50b1b, 0x50c19, 0x50d1b, 0x50e19, 0x50f1b, 0x51019, 0x5111b,
    0x51219, 0x5131b, 0x51419, 0x5151b, 0x51619, 0x5171b, 0x51819, 0x5191b, 0x51a19, 0x51b1b,
    0x51c19, 0x51d1b, 0x51e19, 0x51f1b, 0x52019, 0x5211b, 0x52219, 0x5231b, 0x52419, 0x5251b,
    0x52619, 0x5271b, 0x52819, 0x5291b, 0x52a19, 0x52b1b, 0x52c19, 0x52d1b, 0x52e19, 0x52f1b,
    0x53000, 0x53119, 0x55700, 0x5591e, 0x55a01, 0x55f08, 0x5601b, 0x58901, 0x58b00, 0x58d01,
    0x59000, 0x59111, 0x5be01, 0x5bf11, 0x5c001, 0x5c111, 0x5c301, 0x5c411, 0x5c601, 0x5c711,
    0x5c800, 0x5d015, 0x5eb00, 0x5ef15, 0x5f301, 0x5f408, 0x5f500, 0x60007, 0x60601, 0x61011,
    0x61b01, 0x61c07, 0x61d01, 0x62015, 0x6401e, 0x64115, 0x64b11, 0x66010, 0x66a01, 0x66e15,
    0x67011, 0x67115, 0x6d401, 0x6d515, 0x6d611, 0x6dd07, 0x6de01, 0x6df11, 0x6e51e, 0x6e711,
    0x6e901, 0x6ea11, 0x6ee15, 0x6f010, 0x6fa15, 0x6fd01, 0x6ff15, 0x70001, 0x70e00, 0x70f07,
    0x71015, 0x71111, 0x71215, 0x73011, 0x74b00, 0x74d15, 0x7a611, 0x7b115, 0x7b200, 0x7c010,
    0x7ca15, 0x7eb11, 0x7f41e, 0x7f601, 0x7fa1e, 0x7fb00, 0x7fd11, 0x7fe01, 0x80015, 0x81611,
    0x81a1e, 0x81b11, 0x8241e, 0x82511, 0x8281e, 0x82911, 0x82e00, 0x83001, 0x83f00, 0x84015,
    0x85911, 0x85c00, 0x85e01, 0x85f00, 0x86015, 0x86b00, 0x87015, 0x88808, 0x88915, 0x88f00,
    0x89007, 0x89200, 0x89811, 0x8a015, 0x8c91e, 0x8ca11, 0x8e207, 0x8e311, 0x9030d, 0x90415,
    0x93a11, 0x93b0d, 0x93c11, 0x93d15, 0x93e0d, 0x94111, 0x9490d, 0x94d11, 0x94e0d, 0x95015,
    0x95111, 0x95815, 0x96211, 0x96401, 0x96610, 0x97001, 0x9711e, 0x97215, 0x98111, 0x9820d,
    0x98400, 0x98515, 0x98d00, 0x98f15, 0x99100, 0x99315, 0x9a900, 0x9aa15, 0x9b100, 0x9b215,
    0x9b300, 0x9b615, 0x9ba00, 0x9bc11, 0x9bd15, 0x9be0d, 0x9c111, 0x9c500, 0x9c70d, 0x9c900,
    0x9cb0d, 0x9cd11, 0x9ce15, 0x9cf00, 0x9d70d, 0x9d800, 0x9dc15, 0x9de00, 0x9df15, 0x9e211,
    0x9e400, 0x9e610, 0x9f015, 0x9f201, 0x9f403, 0x9fa01, 0x9fc15, 0x9fd01, 0x9fe11, 0x9ff00,
    0xa0111, 0xa030d, 0xa0400, 0xa0515, 0xa0b00, 0xa0f15, 0xa1100, 0xa1315, 0xa2900, 0xa2a15,
    0xa3100, 0xa3215, 0xa3400, 0xa3515, 0xa3700, 0xa3815, 0xa3a00, 0xa3c11, 0xa3d00, 0xa3e0d,
    0xa4111, 0xa4300, 0xa4711, 0xa4900, 0xa4b11, 0xa4e00, 0xa5111, 0xa5200, 0xa5915, 0xa5d00,
    0xa5e15, 0xa5f00, 0xa6610, 0xa7011, 0xa7215, 0xa7511, 0xa7601, 0xa7700, 0xa8111, 0xa830d,
    0xa8400, 0xa8515, 0xa8e00, 0xa8f15, 0xa9200, 0xa9315, 0xaa900, 0xaaa15, 0xab100, 0xab215,
    0xab400, 0xab515, 0xaba00, 0xabc11, 0xabd15, 0xabe0d, 0xac111, 0xac600, 0xac711, 0xac90d,
    0xaca00, 0xacb0d, 0xacd11, 0xace00, 0xad015, 0xad100, 0xae015, 0xae211, 0xae400, 0xae610,
    0xaf001, 0xaf200, 0xaf915, 0xafa11, 0xb0000, 0xb0111, 0xb020d, 0xb0400, 0xb0515, 0xb0d00,
    0xb0f15, 0xb1100, 0xb1315, 0xb2900, 0xb2a15, 0xb3100, 0xb3215, 0xb3400, 0xb3515, 0xb3a00,
    0xb3c11, 0xb3d15, 0xb3e0d, 0xb3f11, 0xb400d, 0xb4111, 0xb4500, 0xb470d, 0xb4900, 0xb4b0d,
    0xb4d11, 0xb4e00, 0xb5511, 0xb570d, 0xb5800, 0xb5c15, 0xb5e00, 0xb5f15, 0xb6211, 0xb6400,
    0xb6610, 0xb7001, 0xb7115, 0xb7203, 0xb7800, 0xb8211, 0xb8315, 0xb8400, 0xb8515, 0xb8b00,
    0xb8e15, 0xb9100, 0xb9215, 0xb9600, 0xb9915, 0xb9b00, 0xb9c15, 0xb9d00, 0xb9e15, 0xba000,
    0xba315, 0xba500, 0xba815, 0xbab00, 0xbae15, 0xbba00, 0xbbe0d, 0xbc011, 0xbc10d, 0xbc300,
    0xbc60d, 0xbc900, 0xbca0d, 0xbcd11, 0xbce00, 0xbd015, 0xbd100, 0xbd70d, 0xbd800, 0xbe610,
    0xbf003, 0xbf301, 0xbfb00, 0xc0011, 0xc010d, 0xc0411, 0xc0515, 0xc0d00, 0xc0e15, 0xc1100,
    0xc1215, 0xc2900, 0xc2a15, 0xc3a00, 0xc3c11, 0xc3d15, 0xc3e11, 0xc410d, 0xc4500, 0xc4611,
    0xc4900, 0xc4a11, 0xc4e00, 0xc5511, 0xc5700, 0xc5815, 0xc5b00, 0xc5d15, 0xc5e00, 0xc6015,
    0xc6211, 0xc6400, 0xc6610, 0xc7000, 0xc7701, 0xc7803, 0xc7f01, 0xc8015, 0xc8111, 0xc820d,
    0xc8401, 0xc8515, 0xc8d00, 0xc8e15, 0xc9100, 0xc9215, 0xca900, 0xcaa15, 0xcb400, 0xcb515,
    0xcba00, 0xcbc11, 0xcbd15, 0xcbe0d, 0xcbf11, 0xcc00d, 0xcc500, 0xcc611, 0xcc70d, 0xcc900,
    0xcca0d, 0xccc11, 0xcce00, 0xcd50d, 0xcd700, 0xcdd15, 0xcdf00, 0xce015, 0xce211, 0xce400,
    0xce610, 0xcf000, 0xcf115, 0xcf300, 0xd0011, 0xd020d, 0xd0415, 0xd0d00, 0xd0e15, 0xd1100,
    0xd1215, 0xd3b11, 0xd3d15, 0xd3e0d, 0xd4111, 0xd4500, 0xd460d, 0xd4900, 0xd4a0d, 0xd4d11,
    0xd4e15, 0xd4f01, 0xd5000, 0xd5415, 0xd570d, 0xd5803, 0xd5f15, 0xd6211, 0xd6400, 0xd6610,
    0xd7003, 0xd7901, 0xd7a15, 0xd8000, 0xd8111, 0xd820d, 0xd8400, 0xd8515, 0xd9700, 0xd9a15,
    0xdb200, 0xdb315, 0xdbc00, 0xdbd15, 0xdbe00, 0xdc015, 0xdc700, 0xdca11, 0xdcb00, 0xdcf0d,
    0xdd211, 0xdd500, 0xdd611, 0xdd700, 0xdd80d, 0xde000, 0xde610, 0xdf000, 0xdf20d, 0xdf401,
    0xdf500, 0xe0115, 0xe3111, 0xe3215, 0xe330e, 0xe3411, 0xe3b00, 0xe3f01, 0xe4015, 0xe461e,
    0xe4711, 0xe4f01, 0xe5010, 0xe5a01, 0xe5c00, 0xe8115, 0xe8300, 0xe8415, 0xe8500, 0xe8615,
    0xe8b00, 0xe8c15, 0xea400, 0xea515, 0xea600, 0xea715, 0xeb111, 0xeb215, 0xeb30e, 0xeb411,
    0xebd15, 0xebe00, 0xec015, 0xec500, 0xec61e, 0xec700, 0xec811, 0xece00, 0xed010, 0xeda00,
    0xedc15, 0xee000, 0xf0015, 0xf0101, 0xf1811, 0xf1a01, 0xf2010, 0xf2a03, 0xf3401, 0xf3511,
    0xf3601, 0xf3711, 0xf3801, 0xf3911, 0xf3a01, 0xf3e0d, 0xf4015, 0xf4800, 0xf4915, 0xf6d00,
    0xf7111, 0xf7f0d, 0xf8011, 0xf8501, 0xf8611, 0xf8815, 0xf8d11, 0xf9800, 0xf9911, 0xfbd00,
    0xfbe01, 0xfc611, 0xfc701, 0xfcd00, 0xfce01, 0xfdb00, 0x100015, 0x102b0d, 0x102d11, 0x10310d,
    0x103211, 0x10380d, 0x103911, 0x103b0d, 0x103d11, 0x103f15, 0x104010, 0x104a01, 0x105015, 0x10560d,
    0x105811, 0x105a15, 0x105e11, 0x106115, 0x10620d, 0x106515, 0x10670d, 0x106e15, 0x107111, 0x107515,
    0x108211, 0x10830d, 0x108511, 0x10870d, 0x108d11, 0x108e15, 0x108f0d, 0x109010, 0x109a0d, 0x109d11,
    0x109e01, 0x10a019, 0x10c600, 0x10c719, 0x10c800, 0x10cd19, 0x10ce00, 0x10d01b, 0x10fb01, 0x10fc1e,
    0x10fd1b, 0x110015, 0x124900, 0x124a15, 0x124e00, 0x125015, 0x125700, 0x125815, 0x125900, 0x125a15,
    0x125e00, 0x126015, 0x128900, 0x128a15, 0x128e00, 0x129015, 0x12b100, 0x12b215, 0x12b600, 0x12b815,
    0x12bf00, 0x12c015, 0x12c100, 0x12c215, 0x12c600, 0x12c815, 0x12d700, 0x12d815, 0x131100, 0x131215,
    0x131600, 0x131815, 0x135b00, 0x135d11, 0x136001, 0x13690f, 0x137203, 0x137d00, 0x138015, 0x139001,
    0x139a00, 0x13a019, 0x13f600, 0x13f81b, 0x13fe00, 0x140001, 0x140115, 0x166d01, 0x166f15, 0x16800b,
    0x168115, 0x169b01, 0x169d00, 0x16a015, 0x16eb01, 0x16ee16, 0x16f115, 0x16f900, 0x170015, 0x171211,
    0x17150d, 0x171600, 0x171f15, 0x173211, 0x17340d, 0x173501, 0x173700, 0x174015, 0x175211, 0x175400,
    0x176015, 0x176d00, 0x176e15, 0x177100, 0x177211, 0x177400, 0x178015, 0x17b411, 0x17b60d, 0x17b711,
    0x17be0d, 0x17c611, 0x17c70d, 0x17c911, 0x17d401, 0x17d71e, 0x17d801, 0x17dc15, 0x17dd11, 0x17de00,
    0x17e010, 0x17ea00, 0x17f003, 0x17fa00, 0x180001, 0x180b11, 0x180e07, 0x180f11, 0x181010, 0x181a00,
    0x182015, 0x18431e, 0x184415, 0x187900, 0x188015, 0x18851d, 0x188715, 0x18a911, 0x18aa15, 0x18ab00,
    0x18b015, 0x18f600, 0x190015, 0x191f00, 0x192011, 0x19230d, 0x192711, 0x19290d, 0x192c00, 0x19300d,
    0x193211, 0x19330d, 0x193911, 0x193c00, 0x194001, 0x194100, 0x194401, 0x194610, 0x195015, 0x196e00,
    0x197015, 0x197500, 0x198015, 0x19ac00, 0x19b015, 0x19ca00, 0x19d010, 0x19da0f, 0x19db00, 0x19de01,
    0x1a0015, 0x1a1711, 0x1a190d, 0x1a1b11, 0x1a1c00, 0x1a1e01, 0x1a2015, 0x1a550d, 0x1a5611, 0x1a570d,
    0x1a5811, 0x1a5f00, 0x1a6011, 0x1a610d, 0x1a6211, 0x1a630d, 0x1a6511, 0x1a6d0d, 0x1a7311, 0x1a7d00,
    0x1a7f11, 0x1a8010, 0x1a8a00, 0x1a9010, 0x1a9a00, 0x1aa001, 0x1aa71e, 0x1aa801, 0x1aae00, 0x1ab011,
    0x1abe08, 0x1abf11, 0x1acf00, 0x1b0011, 0x1b040d, 0x1b0515, 0x1b3411, 0x1b350d, 0x1b3611, 0x1b3b0d,
    0x1b3c11, 0x1b3d0d, 0x1b4211, 0x1b430d, 0x1b4515, 0x1b4d00, 0x1b5010, 0x1b5a01, 0x1b6b11, 0x1b7401,
    0x1b7f00, 0x1b8011, 0x1b820d, 0x1b8315, 0x1ba10d, 0x1ba211, 0x1ba60d, 0x1ba811, 0x1baa0d, 0x1bab11,
    0x1bae15, 0x1bb010, 0x1bba15, 0x1be611, 0x1be70d, 0x1be811, 0x1bea0d, 0x1bed11, 0x1bee0d, 0x1bef11,
    0x1bf20d, 0x1bf400, 0x1bfc01, 0x1c0015, 0x1c240d, 0x1c2c11, 0x1c340d, 0x1c3611, 0x1c3800, 0x1c3b01,
    0x1c4010, 0x1c4a00, 0x1c4d15, 0x1c5010, 0x1c5a15, 0x1c781e, 0x1c7e01, 0x1c801b, 0x1c8900, 0x1c9019,
    0x1cbb00, 0x1cbd19, 0x1cc001, 0x1cc800, 0x1cd011, 0x1cd301, 0x1cd411, 0x1ce10d, 0x1ce211, 0x1ce915,
    0x1ced11, 0x1cee15, 0x1cf411, 0x1cf515, 0x1cf70d, 0x1cf811, 0x1cfa15, 0x1cfb00, 0x1d001b, 0x1d2c1f,
    0x1d6b1b, 0x1d781f, 0x1d791b, 0x1d9b1f, 0x1dc011, 0x1e0019, 0x1e011b, 0x1e0219, 0x1e031b, 0x1e0419,
    0x1e051b, 0x1e0619, 0x1e071b, 0x1e0819, 0x1e091b, 0x1e0a19, 0x1e0b1b, 0x1e0c19, 0x1e0d1b, 0x1e0e19,
    0x1e0f1b, 0x1e1019, 0x1e111b, 0x1e1219, 0x1e131b, 0x1e1419, 0x1e151b, 0x1e1619, 0x1e171b, 0x1e1819,
    0x1e191b, 0x1e1a19, 0x1e1b1b, 0x1e1c19, 0x1e1d1b, 0x1e1e19, 0x1e1f1b, 0x1e2019, 0x1e211b, 0x1e2219,
    0x1e231b, 0x1e2419, 0x1e251b, 0x1e2619, 0x1e271b, 0x1e2819, 0x1e291b, 0x1e2a19, 0x1e2b1b, 0x1e2c19,
    0x1e2d1b, 0x1e2e19, 0x1e2f1b, 0x1e3019, 0x1e311b, 0x1e3219, 0x1e331b, 0x1e3419, 0x1e351b, 0x1e3619,
    0x1e371b, 0x1e3819, 0x1e391b, 0x1e3a19, 0x1e3b1b, 0x1e3c19, 0x1e3d1b, 0x1e3e19, 0x1e3f1b, 0x1e4019,
    0x1e411b, 0x1e4219, 0x1e431b, 0x1e4419, 0x1e451b, 0x1e4619, 0x1e471b, 0x1e4819, 0x1e491b, 0x1e4a19,
    0x1e4b1b, 0x1e4c19, 0x1e4d1b, 0x1e4e19, 0x1e4f1b, 0x1e5019, 0x1e511b, 0x1e5219, 0x1e531b, 0x1e5419,
    0x1e551b, 0x1e5619, 0x1e571b, 0x1e5819, 0x1e591b, 0x1e5a19, 0x1e5b1b, 0x1e5c19, 0x1e5d1b, 0x1e5e19,
    0x1e5f1b, 0x1e6019, 0x1e611b, 0x1e6219, 0x1e631b, 0x1e6419, 0x1e651b, 0x1e6619, 0x1e671b, 0x1e6819,
    0x1e691b, 0x1e6a19, 0x1e6b1b, 0x1e6c19, 0x1e6d1b, 0x1e6e19, 0x1e6f1b, 0x1e7019, 0x1e711b, 0x1e7219,
    0x1e731b, 0x1e7419, 0x1e751b, 0x1e7619, 0x1e771b, 0x1e7819, 0x1e791b, 0x1e7a19, 0x1e7b1b, 0x1e7c19,
    0x1e7d1b, 0x1e7e19, 0x1e7f1b, 0x1e8019, 0x1e811b, 0x1e8219, 0x1e831b, 0x1e8419, 0x1e851b, 0x1e8619,
    0x1e871b, 0x1e8819, 0x1e891b, 0x1e8a19, 0x1e8b1b, 0x1e8c19, 0x1e8d1b, 0x1e8e19, 0x1e8f1b, 0x1e9019,
    0x1e911b, 0x1e9219, 0x1e931b, 0x1e9419, 0x1e951b, 0x1e9e19, 0x1e9f1b, 0x1ea019, 0x1ea11b, 0x1ea219,
    0x1ea31b, 0x1ea419, 0x1ea51b, 0x1ea619, 0x1ea71b, 0x1ea819, 0x1ea91b, 0x1eaa19, 0x1eab1b, 0x1eac19,
    0x1ead1b, 0x1eae19, 0x1eaf1b, 0x1eb019, 0x1eb11b, 0x1eb219, 0x1eb31b, 0x1eb419, 0x1eb51b, 0x1eb619,
    0x1eb71b, 0x1eb819, 0x1eb91b, 0x1eba19, 0x1ebb1b, 0x1ebc19, 0x1ebd1b, 0x1ebe19, 0x1ebf1b, 0x1ec019,
    0x1ec11b, 0x1ec219, 0x1ec31b, 0x1ec419, 0x1ec51b, 0x1ec619, 0x1ec71b, 0x1ec819, 0x1ec91b, 0x1eca19,
    0x1ecb1b, 0x1ecc19, 0x1ecd1b, 0x1ece19, 0x1ecf1b, 0x1ed019, 0x1ed11b, 0x1ed219, 0x1ed31b, 0x1ed419,
    0x1ed51b, 0x1ed619, 0x1ed71b, 0x1ed819, 0x1ed91b, 0x1eda19, 0x1edb1b, 0x1edc19, 0x1edd1b, 0x1ede19,
    0x1edf1b, 0x1ee019, 0x1ee11b, 0x1ee219, 0x1ee31b, 0x1ee419, 0x1ee51b, 0x1ee619, 0x1ee71b, 0x1ee819,
    0x1ee91b, 0x1eea19, 0x1eeb1b, 0x1eec19, 0x1eed1b, 0x1eee19, 0x1eef1b, 0x1ef019, 0x1ef11b, 0x1ef219,
    0x1ef31b, 0x1ef419, 0x1ef51b, 0x1ef619, 0x1ef71b, 0x1ef819, 0x1ef91b, 0x1efa19, 0x1efb1b, 0x1efc19,
    0x1efd1b, 0x1efe19, 0x1eff1b, 0x1f0819, 0x1f101b, 0x1f1600, 0x1f1819, 0x1f1e00, 0x1f201b, 0x1f2819,
    0x1f301b, 0x1f3819, 0x1f401b, 0x1f4600, 0x1f4819, 0x1f4e00, 0x1f501b, 0x1f5800, 0x1f5919, 0x1f5a00,
    0x1f5b19, 0x1f5c00, 0x1f5d19, 0x1f5e00, 0x1f5f19, 0x1f601b, 0x1f6819, 0x1f701b, 0x1f7e00, 0x1f801b,
    0x1f8818, 0x1f901b, 0x1f9818, 0x1fa01b, 0x1fa818, 0x1fb01b, 0x1fb500, 0x1fb61b, 0x1fb819, 0x1fbc18,
    0x1fbd08, 0x1fbe1b, 0x1fbf08, 0x1fc21b, 0x1fc500, 0x1fc61b, 0x1fc819, 0x1fcc18, 0x1fcd08, 0x1fd01b,
    0x1fd400, 0x1fd61b, 0x1fd819, 0x1fdc00, 0x1fdd08, 0x1fe01b, 0x1fe819, 0x1fed08, 0x1ff000, 0x1ff21b,
    0x1ff500, 0x1ff61b, 0x1ff819, 0x1ffc18, 0x1ffd08, 0x1fff00, 0x20000b, 0x200b07, 0x201001, 0x201808,
    0x201a01, 0x202408, 0x202501, 0x202708, 0x20280b, 0x202a07, 0x202f0b, 0x203001, 0x203f0d, 0x204101,
    0x20540d, 0x205501, 0x205f0b, 0x206007, 0x206500, 0x206607, 0x207004, 0x20711f, 0x207200, 0x207404,
    0x207a01, 0x207f1f, 0x208004, 0x208a01, 0x208f00, 0x20901f, 0x209d00, 0x20a001, 0x20c100, 0x20d011,
    0x20dd08, 0x20e111, 0x20e208, 0x20e511, 0x20f100, 0x210001, 0x210219, 0x210301, 0x210719, 0x210801,
    0x210a1b, 0x210b19, 0x210e1b, 0x211019, 0x21131b, 0x211401, 0x211519, 0x211601, 0x211814, 0x211919,
    0x211e01, 0x212419, 0x212501, 0x212619, 0x212701, 0x212819, 0x212901, 0x212a19, 0x212e14, 0x212f1b,
    0x213019, 0x21341b, 0x213515, 0x21391b, 0x213a01, 0x213c1b, 0x213e19, 0x214001, 0x214519, 0x21461b,
    0x214a01, 0x214e1b, 0x214f01, 0x215003, 0x21601a, 0x21701c, 0x218016, 0x218319, 0x21841b, 0x218516,
    0x218903, 0x218a01, 0x218c00, 0x219001, 0x242700, 0x244001, 0x244b00, 0x246004, 0x246903, 0x247404,
    0x247d03, 0x248804, 0x249103, 0x249c01, 0x24b605, 0x24d006, 0x24ea04, 0x24eb03, 0x24f504, 0x24fe03,
    0x24ff04, 0x250001, 0x277604, 0x277f03, 0x278004, 0x278903, 0x278a04, 0x279303, 0x279401, 0x2b7400,
    0x2b7601, 0x2b9600, 0x2b9701, 0x2c0019, 0x2c301b, 0x2c6019, 0x2c611b, 0x2c6219, 0x2c651b, 0x2c6719,
    0x2c681b, 0x2c6919, 0x2c6a1b, 0x2c6b19, 0x2c6c1b, 0x2c6d19, 0x2c711b, 0x2c7219, 0x2c731b, 0x2c7519,
    0x2c761b, 0x2c7c1f, 0x2c7e19, 0x2c811b, 0x2c8219, 0x2c831b, 0x2c8419, 0x2c851b, 0x2c8619, 0x2c871b,
    0x2c8819, 0x2c891b, 0x2c8a19, 0x2c8b1b, 0x2c8c19, 0x2c8d1b, 0x2c8e19, 0x2c8f1b, 0x2c9019, 0x2c911b,
    0x2c9219, 0x2c931b, 0x2c9419, 0x2c951b, 0x2c9619, 0x2c971b, 0x2c9819, 0x2c991b, 0x2c9a19, 0x2c9b1b,
    0x2c9c19, 0x2c9d1b, 0x2c9e19, 0x2c9f1b, 0x2ca019, 0x2ca11b, 0x2ca219, 0x2ca31b, 0x2ca419, 0x2ca51b,
    0x2ca619, 0x2ca71b, 0x2ca819, 0x2ca91b, 0x2caa19, 0x2cab1b, 0x2cac19, 0x2cad1b, 0x2cae19, 0x2caf1b,
    0x2cb019, 0x2cb11b, 0x2cb219, 0x2cb31b, 0x2cb419, 0x2cb51b, 0x2cb619, 0x2cb71b, 0x2cb819, 0x2cb91b,
    0x2cba19, 0x2cbb1b, 0x2cbc19, 0x2cbd1b, 0x2cbe19, 0x2cbf1b, 0x2cc019, 0x2cc11b, 0x2cc219, 0x2cc31b,
    0x2cc419, 0x2cc51b, 0x2cc619, 0x2cc71b, 0x2cc819, 0x2cc91b, 0x2cca19, 0x2ccb1b, 0x2ccc19, 0x2ccd1b,
    0x2cce19, 0x2ccf1b, 0x2cd019, 0x2cd11b, 0x2cd219, 0x2cd31b, 0x2cd419, 0x2cd51b, 0x2cd619, 0x2cd71b,
    0x2cd819, 0x2cd91b, 0x2cda19, 0x2cdb1b, 0x2cdc19, 0x2cdd1b, 0x2cde19, 0x2cdf1b, 0x2ce019, 0x2ce11b,
    0x2ce219, 0x2ce31b, 0x2ce501, 0x2ceb19, 0x2cec1b, 0x2ced19, 0x2cee1b, 0x2cef11, 0x2cf219, 0x2cf31b,
    0x2cf400, 0x2cf901, 0x2cfd03, 0x2cfe01, 0x2d001b, 0x2d2600, 0x2d271b, 0x2d2800, 0x2d2d1b, 0x2d2e00,
    0x2d3015, 0x2d6800, 0x2d6f1e, 0x2d7001, 0x2d7100, 0x2d7f11, 0x2d8015, 0x2d9700, 0x2da015, 0x2da700,
    0x2da815, 0x2daf00, 0x2db015, 0x2db700, 0x2db815, 0x2dbf00, 0x2dc015, 0x2dc700, 0x2dc815, 0x2dcf00,
    0x2dd015, 0x2dd700, 0x2dd815, 0x2ddf00, 0x2de011, 0x2e0001, 0x2e2f09, 0x2e3001, 0x2e5e00, 0x2e8001,
    0x2e9a00, 0x2e9b01, 0x2ef400, 0x2f0001, 0x2fd600, 0x2ff001, 0x2ffc00, 0x30000b, 0x300101, 0x30051e,
    0x300615, 0x300716, 0x300801, 0x302116, 0x302a11, 0x302e0d, 0x303001, 0x30311e, 0x303601, 0x303816,
    0x303b1e, 0x303c15, 0x303d01, 0x304000, 0x304115, 0x309700, 0x309911, 0x309b08, 0x309d1e, 0x309f15,
    0x30a001, 0x30a115, 0x30fb01, 0x30fc1e, 0x30ff15, 0x310000, 0x310515, 0x313000, 0x313115, 0x318f00,
    0x319001, 0x319203, 0x319601, 0x31a015, 0x31c001, 0x31e400, 0x31f015, 0x320001, 0x321f00, 0x322003,
    0x322a01, 0x324803, 0x325001, 0x325103, 0x326001, 0x328003, 0x328a01, 0x32b103, 0x32c001, 0x340015,
    0x340517, 0x340615, 0x348317, 0x348415, 0x382a17, 0x382b15, 0x3b4d17, 0x3b4e15, 0x4dc001, 0x4e0017,
    0x4e0115, 0x4e0317, 0x4e0415, 0x4e0717, 0x4e0815, 0x4e0917, 0x4e0a15, 0x4e5d17, 0x4e5e15, 0x4e8c17,
    0x4e8d15, 0x4e9417, 0x4e9515, 0x4e9617, 0x4e9715, 0x4ebf17, 0x4ec115, 0x4edf17, 0x4ee015, 0x4ee817,
    0x4ee915, 0x4f0d17, 0x4f0e15, 0x4f7017, 0x4f7115, 0x510417, 0x510515, 0x514617, 0x514715, 0x516917,
    0x516a15, 0x516b17, 0x516c15, 0x516d17, 0x516e15, 0x534117, 0x534215, 0x534317, 0x534615, 0x534c17,
    0x534d15, 0x53c117, 0x53c515, 0x56db17, 0x56dc15, 0x58f117, 0x58f215, 0x58f917, 0x58fa15, 0x5e7a17,
    0x5e7b15, 0x5efe17, 0x5f0015, 0x5f0c17, 0x5f0f15, 0x5f1017, 0x5f1115, 0x62fe17, 0x62ff15, 0x634c17,
    0x634d15, 0x67d217, 0x67d315, 0x6f0617, 0x6f0715, 0x739617, 0x739715, 0x767e17, 0x767f15, 0x808617,
    0x808715, 0x842c17, 0x842d15, 0x8cae17, 0x8caf15, 0x8cb317, 0x8cb415, 0x8d3017, 0x8d3115, 0x962117,
    0x962215, 0x964617, 0x964715, 0x964c17, 0x964d15, 0x967817, 0x967915, 0x96f617, 0x96f715, 0xa0151e,
    0xa01615, 0xa48d00, 0xa49001, 0xa4c700, 0xa4d015, 0xa4f81e, 0xa4fe01, 0xa50015, 0xa60c1e, 0xa60d01,
    0xa61015, 0xa62010, 0xa62a15, 0xa62c00, 0xa64019, 0xa6411b, 0xa64219, 0xa6431b, 0xa64419, 0xa6451b,
    0xa64619, 0xa6471b, 0xa64819, 0xa6491b, 0xa64a19, 0xa64b1b, 0xa64c19, 0xa64d1b, 0xa64e19, 0xa64f1b,
    0xa65019, 0xa6511b, 0xa65219, 0xa6531b, 0xa65419, 0xa6551b, 0xa65619, 0xa6571b, 0xa65819, 0xa6591b,
    0xa65a19, 0xa65b1b, 0xa65c19, 0xa65d1b, 0xa65e19, 0xa65f1b, 0xa66019, 0xa6611b, 0xa66219, 0xa6631b,
    0xa66419, 0xa6651b, 0xa66619, 0xa6671b, 0xa66819, 0xa6691b, 0xa66a19, 0xa66b1b, 0xa66c19, 0xa66d1b,
    0xa66e15, 0xa66f11, 0xa67008, 0xa67301, 0xa67411, 0xa67e01, 0xa67f1e, 0xa68019, 0xa6811b, 0xa68219,
    0xa6831b, 0xa68419, 0xa6851b, 0xa68619, 0xa6871b, 0xa68819, 0xa6891b, 0xa68a19, 0xa68b1b, 0xa68c19,
    0xa68d1b, 0xa68e19, 0xa68f1b, 0xa69019, 0xa6911b, 0xa69219, 0xa6931b, 0xa69419, 0xa6951b, 0xa69619,
    0xa6971b, 0xa69819, 0xa6991b, 0xa69a19, 0xa69b1b, 0xa69c1f, 0xa69e11, 0xa6a015, 0xa6e616, 0xa6f011,
    0xa6f201, 0xa6f800, 0xa70008, 0xa7171e, 0xa72008, 0xa72219, 0xa7231b, 0xa72419, 0xa7251b, 0xa72619,
    0xa7271b, 0xa72819, 0xa7291b, 0xa72a19, 0xa72b1b, 0xa72c19, 0xa72d1b, 0xa72e19, 0xa72f1b, 0xa73219,
    0xa7331b, 0xa73419, 0xa7351b, 0xa73619, 0xa7371b, 0xa73819, 0xa7391b, 0xa73a19, 0xa73b1b, 0xa73c19,
    0xa73d1b, 0xa73e19, 0xa73f1b, 0xa74019, 0xa7411b, 0xa74219, 0xa7431b, 0xa74419, 0xa7451b, 0xa74619,
    0xa7471b, 0xa74819, 0xa7491b, 0xa74a19, 0xa74b1b, 0xa74c19, 0xa74d1b, 0xa74e19, 0xa74f1b, 0xa75019,
    0xa7511b, 0xa75219, 0xa7531b, 0xa75419, 0xa7551b, 0xa75619, 0xa7571b, 0xa75819, 0xa7591b, 0xa75a19,
    0xa75b1b, 0xa75c19, 0xa75d1b, 0xa75e19, 0xa75f1b, 0xa76019, 0xa7611b, 0xa76219, 0xa7631b, 0xa76419,
    0xa7651b, 0xa76619, 0xa7671b, 0xa76819, 0xa7691b, 0xa76a19, 0xa76b1b, 0xa76c19, 0xa76d1b, 0xa76e19,
    0xa76f1b, 0xa7701f, 0xa7711b, 0xa77919, 0xa77a1b, 0xa77b19, 0xa77c1b, 0xa77d19, 0xa77f1b, 0xa78019,
    0xa7811b, 0xa78219, 0xa7831b, 0xa78419, 0xa7851b, 0xa78619, 0xa7871b, 0xa7881e, 0xa78908, 0xa78b19,
    0xa78c1b, 0xa78d19, 0xa78e1b, 0xa78f15, 0xa79019, 0xa7911b, 0xa79219, 0xa7931b, 0xa79619, 0xa7971b,
    0xa79819, 0xa7991b, 0xa79a19, 0xa79b1b, 0xa79c19, 0xa79d1b, 0xa79e19, 0xa79f1b, 0xa7a019, 0xa7a11b,
    0xa7a219, 0xa7a31b, 0xa7a419, 0xa7a51b, 0xa7a619, 0xa7a71b, 0xa7a819, 0xa7a91b, 0xa7aa19, 0xa7af1b,
    0xa7b019, 0xa7b51b, 0xa7b619, 0xa7b71b, 0xa7b819, 0xa7b91b, 0xa7ba19, 0xa7bb1b, 0xa7bc19, 0xa7bd1b,
    0xa7be19, 0xa7bf1b, 0xa7c019, 0xa7c11b, 0xa7c219, 0xa7c31b, 0xa7c419, 0xa7c81b, 0xa7c919, 0xa7ca1b,
    0xa7cb00, 0xa7d019, 0xa7d11b, 0xa7d200, 0xa7d31b, 0xa7d400, 0xa7d51b, 0xa7d619, 0xa7d71b, 0xa7d819,
    0xa7d91b, 0xa7da00, 0xa7f21e, 0xa7f519, 0xa7f61b, 0xa7f715, 0xa7f81f, 0xa7fa1b, 0xa7fb15, 0xa80211,
    0xa80315, 0xa80611, 0xa80715, 0xa80b11, 0xa80c15, 0xa8230d, 0xa82511, 0xa8270d, 0xa82801, 0xa82c11,
    0xa82d00, 0xa83003, 0xa83601, 0xa83a00, 0xa84015, 0xa87401, 0xa87800, 0xa8800d, 0xa88215, 0xa8b40d,
    0xa8c411, 0xa8c600, 0xa8ce01, 0xa8d010, 0xa8da00, 0xa8e011, 0xa8f215, 0xa8f801, 0xa8fb15, 0xa8fc01,
    0xa8fd15, 0xa8ff11, 0xa90010, 0xa90a15, 0xa92611, 0xa92e01, 0xa93015, 0xa94711, 0xa9520d, 0xa95400,
    0xa95f01, 0xa96015, 0xa97d00, 0xa98011, 0xa9830d, 0xa98415, 0xa9b311, 0xa9b40d, 0xa9b611, 0xa9ba0d,
    0xa9bc11, 0xa9be0d, 0xa9c101, 0xa9ce00, 0xa9cf1e, 0xa9d010, 0xa9da00, 0xa9de01, 0xa9e015, 0xa9e511,
    0xa9e61e, 0xa9e715, 0xa9f010, 0xa9fa15, 0xa9ff00, 0xaa0015, 0xaa2911, 0xaa2f0d, 0xaa3111, 0xaa330d,
    0xaa3511, 0xaa3700, 0xaa4015, 0xaa4311, 0xaa4415, 0xaa4c11, 0xaa4d0d, 0xaa4e00, 0xaa5010, 0xaa5a00,
    0xaa5c01, 0xaa6015, 0xaa701e, 0xaa7115, 0xaa7701, 0xaa7a15, 0xaa7b0d, 0xaa7c11, 0xaa7d0d, 0xaa7e15,
    0xaab011, 0xaab115, 0xaab211, 0xaab515, 0xaab711, 0xaab915, 0xaabe11, 0xaac015, 0xaac111, 0xaac215,
    0xaac300, 0xaadb15, 0xaadd1e, 0xaade01, 0xaae015, 0xaaeb0d, 0xaaec11, 0xaaee0d, 0xaaf001, 0xaaf215,
    0xaaf31e, 0xaaf50d, 0xaaf611, 0xaaf700, 0xab0115, 0xab0700, 0xab0915, 0xab0f00, 0xab1115, 0xab1700,
    0xab2015, 0xab2700, 0xab2815, 0xab2f00, 0xab301b, 0xab5b08, 0xab5c1f, 0xab601b, 0xab691e, 0xab6a08,
    0xab6c00, 0xab701b, 0xabc015, 0xabe30d, 0xabe511, 0xabe60d, 0xabe811, 0xabe90d, 0xabeb01, 0xabec0d,
    0xabed11, 0xabee00, 0xabf010, 0xabfa00, 0xac0015, 0xd7a400, 0xd7b015, 0xd7c700, 0xd7cb15, 0xd7fc00,
    0xf90015, 0xf96b17, 0xf96c15, 0xf97317, 0xf97415, 0xf97817, 0xf97915, 0xf9b217, 0xf9b315, 0xf9d117,
    0xf9d215, 0xf9d317, 0xf9d415, 0xf9fd17, 0xf9fe15, 0xfa6e00, 0xfa7015, 0xfada00, 0xfb001b, 0xfb0700,
    0xfb131b, 0xfb1800, 0xfb1d15, 0xfb1e11, 0xfb1f15, 0xfb2901, 0xfb2a15, 0xfb3700, 0xfb3815, 0xfb3d00,
    0xfb3e15, 0xfb3f00, 0xfb4015, 0xfb4200, 0xfb4315, 0xfb4500, 0xfb4615, 0xfbb208, 0xfbc300, 0xfbd315,
    0xfc5e02, 0xfc6415, 0xfd3e01, 0xfd5015, 0xfd9000, 0xfd9215, 0xfdc800, 0xfdcf01, 0xfdd000, 0xfdf015,
    0xfdfa02, 0xfdfc01, 0xfe0011, 0xfe1001, 0xfe1308, 0xfe1401, 0xfe1a00, 0xfe2011, 0xfe3001, 0xfe330d,
    0xfe3501, 0xfe4d0d, 0xfe5001, 0xfe5208, 0xfe5300, 0xfe5401, 0xfe5508, 0xfe5601, 0xfe6700, 0xfe6801,
    0xfe6c00, 0xfe7002, 0xfe7115, 0xfe7202, 0xfe7315, 0xfe7402, 0xfe7500, 0xfe7602, 0xfe7715, 0xfe7802,
    0xfe7915, 0xfe7a02, 0xfe7b15, 0xfe7c02, 0xfe7d15, 0xfe7e02, 0xfe7f15, 0xfefd00, 0xfeff07, 0xff0000,
    0xff0101, 0xff0708, 0xff0801, 0xff0e08, 0xff0f01, 0xff1010, 0xff1a08, 0xff1b01, 0xff2119, 0xff3b01,
    0xff3e08, 0xff3f0d, 0xff4008, 0xff411b, 0xff5b01, 0xff6615, 0xff701e, 0xff7115, 0xff9e12, 0xffa015,
    0xffbf00, 0xffc215, 0xffc800, 0xffca15, 0xffd000, 0xffd215, 0xffd800, 0xffda15, 0xffdd00, 0xffe001,
    0xffe308, 0xffe401, 0xffe700, 0xffe801, 0xffef00, 0xfff907, 0xfffc01, 0xfffe00, 0x1000015, 0x1000c00,
    0x1000d15, 0x1002700, 0x1002815, 0x1003b00, 0x1003c15, 0x1003e00, 0x1003f15, 0x1004e00, 0x1005015, 0x1005e00,
    0x1008015, 0x100fb00, 0x1010001, 0x1010300, 0x1010703, 0x1013400, 0x1013701, 0x1014016, 0x1017503, 0x1017901,
    0x1018a03, 0x1018c01, 0x1018f00, 0x1019001, 0x1019d00, 0x101a001, 0x101a100, 0x101d001, 0x101fd11, 0x101fe00,
    0x1028015, 0x1029d00, 0x102a015, 0x102d100, 0x102e011, 0x102e103, 0x102fc00, 0x1030015, 0x1032003, 0x1032400,
    0x1032d15, 0x1034116, 0x1034215, 0x1034a16, 0x1034b00, 0x1035015, 0x1037611, 0x1037b00, 0x1038015, 0x1039e00,
    0x1039f01, 0x103a015, 0x103c400, 0x103c815, 0x103d001, 0x103d116, 0x103d600, 0x1040019, 0x104281b, 0x1045015,
    0x1049e00, 0x104a010, 0x104aa00, 0x104b019, 0x104d400, 0x104d81b, 0x104fc00, 0x1050015, 0x1052800, 0x1053015,
    0x1056400, 0x1056f01, 0x1057019, 0x1057b00, 0x1057c19, 0x1058b00, 0x1058c19, 0x1059300, 0x1059419, 0x1059600,
    0x105971b, 0x105a200, 0x105a31b, 0x105b200, 0x105b31b, 0x105ba00, 0x105bb1b, 0x105bd00, 0x1060015, 0x1073700,
    0x1074015, 0x1075600, 0x1076015, 0x1076800, 0x107801f, 0x107811e, 0x107831f, 0x1078600, 0x107871f, 0x107b100,
    0x107b21f, 0x107bb00, 0x1080015, 0x1080600, 0x1080815, 0x1080900, 0x1080a15, 0x1083600, 0x1083715, 0x1083900,
    0x1083c15, 0x1083d00, 0x1083f15, 0x1085600, 0x1085701, 0x1085803, 0x1086015, 0x1087701, 0x1087903, 0x1088015,
    0x1089f00, 0x108a703, 0x108b000, 0x108e015, 0x108f300, 0x108f415, 0x108f600, 0x108fb03, 0x1090015, 0x1091603,
    0x1091c00, 0x1091f01, 0x1092015, 0x1093a00, 0x1093f01, 0x1094000, 0x1098015, 0x109b800, 0x109bc03, 0x109be15,
    0x109c003, 0x109d000, 0x109d203, 0x10a0015, 0x10a0111, 0x10a0400, 0x10a0511, 0x10a0700, 0x10a0c11, 0x10a1015,
    0x10a1400, 0x10a1515, 0x10a1800, 0x10a1915, 0x10a3600, 0x10a3811, 0x10a3b00, 0x10a3f11, 0x10a4004, 0x10a4403,
    0x10a4900, 0x10a5001, 0x10a5900, 0x10a6015, 0x10a7d03, 0x10a7f01, 0x10a8015, 0x10a9d03, 0x10aa000, 0x10ac015,
    0x10ac801, 0x10ac915, 0x10ae511, 0x10ae700, 0x10aeb03, 0x10af001, 0x10af700, 0x10b0015, 0x10b3600, 0x10b3901,
    0x10b4015, 0x10b5600, 0x10b5803, 0x10b6015, 0x10b7300, 0x10b7803, 0x10b8015, 0x10b9200, 0x10b9901, 0x10b9d00,
    0x10ba903, 0x10bb000, 0x10c0015, 0x10c4900, 0x10c8019, 0x10cb300, 0x10cc01b, 0x10cf300, 0x10cfa03, 0x10d0015,
    0x10d2411, 0x10d2800, 0x10d3010, 0x10d3a00, 0x10e6004, 0x10e6903, 0x10e7f00, 0x10e8015, 0x10eaa00, 0x10eab11,
    0x10ead01, 0x10eae00, 0x10eb015, 0x10eb200, 0x10f0015, 0x10f1d03, 0x10f2715, 0x10f2800, 0x10f3015, 0x10f4611,
    0x10f5103, 0x10f5501, 0x10f5a00, 0x10f7015, 0x10f8211, 0x10f8601, 0x10f8a00, 0x10fb015, 0x10fc503, 0x10fcc00,
    0x10fe015, 0x10ff700, 0x110000d, 0x1100111, 0x110020d, 0x1100315, 0x1103811, 0x1104701, 0x1104e00, 0x1105204,
    0x1105b03, 0x1106610, 0x1107011, 0x1107115, 0x1107311, 0x1107515, 0x1107600, 0x1107f11, 0x110820d, 0x1108315,
    0x110b00d, 0x110b311, 0x110b70d, 0x110b911, 0x110bb01, 0x110bd07, 0x110be01, 0x110c211, 0x110c300, 0x110cd07,
    0x110ce00, 0x110d015, 0x110e900, 0x110f010, 0x110fa00, 0x1110011, 0x1110315, 0x1112711, 0x1112c0d, 0x1112d11,
    0x1113500, 0x1113610, 0x1114001, 0x1114415, 0x111450d, 0x1114715, 0x1114800, 0x1115015, 0x1117311, 0x1117401,
    0x1117615, 0x1117700, 0x1118011, 0x111820d, 0x1118315, 0x111b30d, 0x111b611, 0x111bf0d, 0x111c115, 0x111c501,
    0x111c911, 0x111cd01, 0x111ce0d, 0x111cf11, 0x111d010, 0x111da15, 0x111db01, 0x111dc15, 0x111dd01, 0x111e000,
    0x111e103, 0x111f500, 0x1120015, 0x1121200, 0x1121315, 0x1122c0d, 0x1122f11, 0x112320d, 0x1123411, 0x112350d,
    0x1123611, 0x1123801, 0x1123e11, 0x1123f00, 0x1128015, 0x1128700, 0x1128815, 0x1128900, 0x1128a15, 0x1128e00,
    0x1128f15, 0x1129e00, 0x1129f15, 0x112a901, 0x112aa00, 0x112b015, 0x112df11, 0x112e00d, 0x112e311, 0x112eb00,
    0x112f010, 0x112fa00, 0x1130011, 0x113020d, 0x1130400, 0x1130515, 0x1130d00, 0x1130f15, 0x1131100, 0x1131315,
    0x1132900, 0x1132a15, 0x1133100, 0x1133215, 0x1133400, 0x1133515, 0x1133a00, 0x1133b11, 0x1133d15, 0x1133e0d,
    0x1134011, 0x113410d, 0x1134500, 0x113470d, 0x1134900, 0x1134b0d, 0x1134e00, 0x1135015, 0x1135100, 0x113570d,
    0x1135800, 0x1135d15, 0x113620d, 0x1136400, 0x1136611, 0x1136d00, 0x1137011, 0x1137500, 0x1140015, 0x114350d,
    0x1143811, 0x114400d, 0x1144211, 0x114450d, 0x1144611, 0x1144715, 0x1144b01, 0x1145010, 0x1145a01, 0x1145c00,
    0x1145d01, 0x1145e11, 0x1145f15, 0x1146200, 0x1148015, 0x114b00d, 0x114b311, 0x114b90d, 0x114ba11, 0x114bb0d,
    0x114bf11, 0x114c10d, 0x114c211, 0x114c415, 0x114c601, 0x114c715, 0x114c800, 0x114d010, 0x114da00, 0x1158015,
    0x115af0d, 0x115b211, 0x115b600, 0x115b80d, 0x115bc11, 0x115be0d, 0x115bf11, 0x115c101, 0x115d815, 0x115dc11,
    0x115de00, 0x1160015, 0x116300d, 0x1163311, 0x1163b0d, 0x1163d11, 0x1163e0d, 0x1163f11, 0x1164101, 0x1164415,
    0x1164500, 0x1165010, 0x1165a00, 0x1166001, 0x1166d00, 0x1168015, 0x116ab11, 0x116ac0d, 0x116ad11, 0x116ae0d,
    0x116b011, 0x116b60d, 0x116b711, 0x116b815, 0x116b901, 0x116ba00, 0x116c010, 0x116ca00, 0x1170015, 0x1171b00,
    0x1171d11, 0x117200d, 0x1172211, 0x117260d, 0x1172711, 0x1172c00, 0x1173010, 0x1173a03, 0x1173c01, 0x1174015,
    0x1174700, 0x1180015, 0x1182c0d, 0x1182f11, 0x118380d, 0x1183911, 0x1183b01, 0x1183c00, 0x118a019, 0x118c01b,
    0x118e010, 0x118ea03, 0x118f300, 0x118ff15, 0x1190700, 0x1190915, 0x1190a00, 0x1190c15, 0x1191400, 0x1191515,
    0x1191700, 0x1191815, 0x119300d, 0x1193600, 0x119370d, 0x1193900, 0x1193b11, 0x1193d0d, 0x1193e11, 0x1193f15,
    0x119400d, 0x1194115, 0x119420d, 0x1194311, 0x1194401, 0x1194700, 0x1195010, 0x1195a00, 0x119a015, 0x119a800,
    0x119aa15, 0x119d10d, 0x119d411, 0x119d800, 0x119da11, 0x119dc0d, 0x119e011, 0x119e115, 0x119e201, 0x119e315,
    0x119e40d, 0x119e500, 0x11a0015, 0x11a0111, 0x11a0b15, 0x11a3311, 0x11a390d, 0x11a3a15, 0x11a3b11, 0x11a3f01,
    0x11a4711, 0x11a4800, 0x11a5015, 0x11a5111, 0x11a570d, 0x11a5911, 0x11a5c15, 0x11a8a11, 0x11a970d, 0x11a9811,
    0x11a9a01, 0x11a9d15, 0x11a9e01, 0x11aa300, 0x11ab015, 0x11af900, 0x11c0015, 0x11c0900, 0x11c0a15, 0x11c2f0d,
    0x11c3011, 0x11c3700, 0x11c3811, 0x11c3e0d, 0x11c3f11, 0x11c4015, 0x11c4101, 0x11c4600, 0x11c5010, 0x11c5a03,
    0x11c6d00, 0x11c7001, 0x11c7215, 0x11c9000, 0x11c9211, 0x11ca800, 0x11ca90d, 0x11caa11, 0x11cb10d, 0x11cb211,
    0x11cb40d, 0x11cb511, 0x11cb700, 0x11d0015, 0x11d0700, 0x11d0815, 0x11d0a00, 0x11d0b15, 0x11d3111, 0x11d3700,
    0x11d3a11, 0x11d3b00, 0x11d3c11, 0x11d3e00, 0x11d3f11, 0x11d4615, 0x11d4711, 0x11d4800, 0x11d5010, 0x11d5a00,
    0x11d6015, 0x11d6600, 0x11d6715, 0x11d6900, 0x11d6a15, 0x11d8a0d, 0x11d8f00, 0x11d9011, 0x11d9200, 0x11d930d,
    0x11d9511, 0x11d960d, 0x11d9711, 0x11d9815, 0x11d9900, 0x11da010, 0x11daa00, 0x11ee015, 0x11ef311, 0x11ef50d,
    0x11ef701, 0x11ef900, 0x11fb015, 0x11fb100, 0x11fc003, 0x11fd501, 0x11ff200, 0x11fff01, 0x1200015, 0x1239a00,
    0x1240016, 0x1246f00, 0x1247001, 0x1247500, 0x1248015, 0x1254400, 0x12f9015, 0x12ff101, 0x12ff300, 0x1300015,
    0x1342f00, 0x1343007, 0x1343900, 0x1440015, 0x1464700, 0x1680015, 0x16a3900, 0x16a4015, 0x16a5f00, 0x16a6010,
    0x16a6a00, 0x16a6e01, 0x16a7015, 0x16abf00, 0x16ac010, 0x16aca00, 0x16ad015, 0x16aee00, 0x16af011, 0x16af501,
    0x16af600, 0x16b0015, 0x16b3011, 0x16b3701, 0x16b401e, 0x16b4401, 0x16b4600, 0x16b5010, 0x16b5a00, 0x16b5b03,
    0x16b6200, 0x16b6315, 0x16b7800, 0x16b7d15, 0x16b9000, 0x16e4019, 0x16e601b, 0x16e8003, 0x16e9701, 0x16e9b00,
    0x16f0015, 0x16f4b00, 0x16f4f11, 0x16f5015, 0x16f510d, 0x16f8800, 0x16f8f11, 0x16f931e, 0x16fa000, 0x16fe01e,
    0x16fe201, 0x16fe31e, 0x16fe411, 0x16fe500, 0x16ff00d, 0x16ff200, 0x1700015, 0x187f800, 0x1880015, 0x18cd600,
    0x18d0015, 0x18d0900, 0x1aff01e, 0x1aff400, 0x1aff51e, 0x1affc00, 0x1affd1e, 0x1afff00, 0x1b00015, 0x1b12300,
    0x1b15015, 0x1b15300, 0x1b16415, 0x1b16800, 0x1b17015, 0x1b2fc00, 0x1bc0015, 0x1bc6b00, 0x1bc7015, 0x1bc7d00,
    0x1bc8015, 0x1bc8900, 0x1bc9015, 0x1bc9a00, 0x1bc9c01, 0x1bc9d11, 0x1bc9f01, 0x1bca007, 0x1bca400, 0x1cf0011,
    0x1cf2e00, 0x1cf3011, 0x1cf4700, 0x1cf5001, 0x1cfc400, 0x1d00001, 0x1d0f600, 0x1d10001, 0x1d12700, 0x1d12901,
    0x1d1650d, 0x1d16711, 0x1d16a01, 0x1d16d0d, 0x1d17307, 0x1d17b11, 0x1d18301, 0x1d18511, 0x1d18c01, 0x1d1aa11,
    0x1d1ae01, 0x1d1eb00, 0x1d20001, 0x1d24211, 0x1d24501, 0x1d24600, 0x1d2e003, 0x1d2f400, 0x1d30001, 0x1d35700,
    0x1d36003, 0x1d37900, 0x1d40019, 0x1d41a1b, 0x1d43419, 0x1d44e1b, 0x1d45500, 0x1d4561b, 0x1d46819, 0x1d4821b,
    0x1d49c19, 0x1d49d00, 0x1d49e19, 0x1d4a000, 0x1d4a219, 0x1d4a300, 0x1d4a519, 0x1d4a700, 0x1d4a919, 0x1d4ad00,
    0x1d4ae19, 0x1d4b61b, 0x1d4ba00, 0x1d4bb1b, 0x1d4bc00, 0x1d4bd1b, 0x1d4c400, 0x1d4c51b, 0x1d4d019, 0x1d4ea1b,
    0x1d50419, 0x1d50600, 0x1d50719, 0x1d50b00, 0x1d50d19, 0x1d51500, 0x1d51619, 0x1d51d00, 0x1d51e1b, 0x1d53819,
    0x1d53a00, 0x1d53b19, 0x1d53f00, 0x1d54019, 0x1d54500, 0x1d54619, 0x1d54700, 0x1d54a19, 0x1d55100, 0x1d5521b,
    0x1d56c19, 0x1d5861b, 0x1d5a019, 0x1d5ba1b, 0x1d5d419, 0x1d5ee1b, 0x1d60819, 0x1d6221b, 0x1d63c19, 0x1d6561b,
    0x1d67019, 0x1d68a1b, 0x1d6a600, 0x1d6a819, 0x1d6c101, 0x1d6c21b, 0x1d6db01, 0x1d6dc1b, 0x1d6e219, 0x1d6fb01,
    0x1d6fc1b, 0x1d71501, 0x1d7161b, 0x1d71c19, 0x1d73501, 0x1d7361b, 0x1d74f01, 0x1d7501b, 0x1d75619, 0x1d76f01,
    0x1d7701b, 0x1d78901, 0x1d78a1b, 0x1d79019, 0x1d7a901, 0x1d7aa1b, 0x1d7c301, 0x1d7c41b, 0x1d7ca19, 0x1d7cb1b,
    0x1d7cc00, 0x1d7ce10, 0x1d80001, 0x1da0011, 0x1da3701, 0x1da3b11, 0x1da6d01, 0x1da7511, 0x1da7601, 0x1da8411,
    0x1da8501, 0x1da8c00, 0x1da9b11, 0x1daa000, 0x1daa111, 0x1dab000, 0x1df001b, 0x1df0a15, 0x1df0b1b, 0x1df1f00,
    0x1e00011, 0x1e00700, 0x1e00811, 0x1e01900, 0x1e01b11, 0x1e02200, 0x1e02311, 0x1e02500, 0x1e02611, 0x1e02b00,
    0x1e10015, 0x1e12d00, 0x1e13011, 0x1e1371e, 0x1e13e00, 0x1e14010, 0x1e14a00, 0x1e14e15, 0x1e14f01, 0x1e15000,
    0x1e29015, 0x1e2ae11, 0x1e2af00, 0x1e2c015, 0x1e2ec11, 0x1e2f010, 0x1e2fa00, 0x1e2ff01, 0x1e30000, 0x1e7e015,
    0x1e7e700, 0x1e7e815, 0x1e7ec00, 0x1e7ed15, 0x1e7ef00, 0x1e7f015, 0x1e7ff00, 0x1e80015, 0x1e8c500, 0x1e8c703,
    0x1e8d011, 0x1e8d700, 0x1e90019, 0x1e9221b, 0x1e94411, 0x1e94b1e, 0x1e94c00, 0x1e95010, 0x1e95a00, 0x1e95e01,
    0x1e96000, 0x1ec7103, 0x1ecac01, 0x1ecad03, 0x1ecb001, 0x1ecb103, 0x1ecb500, 0x1ed0103, 0x1ed2e01, 0x1ed2f03,
    0x1ed3e00, 0x1ee0015, 0x1ee0400, 0x1ee0515, 0x1ee2000, 0x1ee2115, 0x1ee2300, 0x1ee2415, 0x1ee2500, 0x1ee2715,
    0x1ee2800, 0x1ee2915, 0x1ee3300, 0x1ee3415, 0x1ee3800, 0x1ee3915, 0x1ee3a00, 0x1ee3b15, 0x1ee3c00, 0x1ee4215,
    0x1ee4300, 0x1ee4715, 0x1ee4800, 0x1ee4915, 0x1ee4a00, 0x1ee4b15, 0x1ee4c00, 0x1ee4d15, 0x1ee5000, 0x1ee5115,
    0x1ee5300, 0x1ee5415, 0x1ee5500, 0x1ee5715, 0x1ee5800, 0x1ee5915, 0x1ee5a00, 0x1ee5b15, 0x1ee5c00, 0x1ee5d15,
    0x1ee5e00, 0x1ee5f15, 0x1ee6000, 0x1ee6115, 0x1ee6300, 0x1ee6415, 0x1ee6500, 0x1ee6715, 0x1ee6b00, 0x1ee6c15,
    0x1ee7300, 0x1ee7415, 0x1ee7800, 0x1ee7915, 0x1ee7d00, 0x1ee7e15, 0x1ee7f00, 0x1ee8015, 0x1ee8a00, 0x1ee8b15,
    0x1ee9c00, 0x1eea115, 0x1eea400, 0x1eea515, 0x1eeaa00, 0x1eeab15, 0x1eebc00, 0x1eef001, 0x1eef200, 0x1f00001,
    0x1f02c00, 0x1f03001, 0x1f09400, 0x1f0a001, 0x1f0af00, 0x1f0b101, 0x1f0c000, 0x1f0c101, 0x1f0d000, 0x1f0d101,
    0x1f0f600, 0x1f10004, 0x1f10b03, 0x1f10d01, 0x1f13005, 0x1f14a01, 0x1f15005, 0x1f16a01, 0x1f17005, 0x1f18a01,
    0x1f1ae00, 0x1f1e601, 0x1f20300, 0x1f21001, 0x1f23c00, 0x1f24001, 0x1f24900, 0x1f25001, 0x1f25200, 0x1f26001,
    0x1f26600, 0x1f30001, 0x1f3fb08, 0x1f40001, 0x1f6d800, 0x1f6dd01, 0x1f6ed00, 0x1f6f001, 0x1f6fd00, 0x1f70001,
    0x1f77400, 0x1f78001, 0x1f7d900, 0x1f7e001, 0x1f7ec00, 0x1f7f001, 0x1f7f100, 0x1f80001, 0x1f80c00, 0x1f81001,
    0x1f84800, 0x1f85001, 0x1f85a00, 0x1f86001, 0x1f88800, 0x1f89001, 0x1f8ae00, 0x1f8b001, 0x1f8b200, 0x1f90001,
    0x1fa5400, 0x1fa6001, 0x1fa6e00, 0x1fa7001, 0x1fa7500, 0x1fa7801, 0x1fa7d00, 0x1fa8001, 0x1fa8700, 0x1fa9001,
    0x1faad00, 0x1fab001, 0x1fabb00, 0x1fac001, 0x1fac600, 0x1fad001, 0x1fada00, 0x1fae001, 0x1fae800, 0x1faf001,
    0x1faf700, 0x1fb0001, 0x1fb9300, 0x1fb9401, 0x1fbcb00, 0x1fbf010, 0x1fbfa00, 0x2000015, 0x2000117, 0x2000215,
    0x2006417, 0x2006515, 0x200e217, 0x200e315, 0x2012117, 0x2012215, 0x2092a17, 0x2092b15, 0x2098317, 0x2098415,
    0x2098c17, 0x2098d15, 0x2099c17, 0x2099d15, 0x20aea17, 0x20aeb15, 0x20afd17, 0x20afe15, 0x20b1917, 0x20b1a15,
    0x2239017, 0x2239115, 0x2299817, 0x2299915, 0x23b1b17, 0x23b1c15, 0x2626d17, 0x2626e15, 0x2a6e000, 0x2a70015,
    0x2b73900, 0x2b74015, 0x2b81e00, 0x2b82015, 0x2cea200, 0x2ceb015, 0x2ebe100, 0x2f80015, 0x2f89017, 0x2f89115,
    0x2fa1e00, 0x3000015, 0x3134b00, 0xe000107, 0xe000200, 0xe002007, 0xe008000, 0xe010011, 0xe01f000,
];

/// Characters whose full titlecase mapping differs from the uppercase one.
#[rustfmt::skip]
static TITLE_SPECIAL: [(u32, &str); 135] = [
    (0xdf, "Ss"), (0x1c4, "\u{1c5}"), (0x1c5, "\u{1c5}"), (0x1c6, "\u{1c5}"), (0x1c7, "\u{1c8}"), (0x1c8, "\u{1c8}"),
    (0x1c9, "\u{1c8}"), (0x1ca, "\u{1cb}"), (0x1cb, "\u{1cb}"), (0x1cc, "\u{1cb}"), (0x1f1, "\u{1f2}"), (0x1f2, "\u{1f2}"),
    (0x1f3, "\u{1f2}"), (0x587, "\u{535}\u{582}"), (0x10d0, "\u{10d0}"), (0x10d1, "\u{10d1}"), (0x10d2, "\u{10d2}"), (0x10d3, "\u{10d3}"),
    (0x10d4, "\u{10d4}"), (0x10d5, "\u{10d5}"), (0x10d6, "\u{10d6}"), (0x10d7, "\u{10d7}"), (0x10d8, "\u{10d8}"), (0x10d9, "\u{10d9}"),
    (0x10da, "\u{10da}"), (0x10db, "\u{10db}"), (0x10dc, "\u{10dc}"), (0x10dd, "\u{10dd}"), (0x10de, "\u{10de}"), (0x10df, "\u{10df}"),
    (0x10e0, "\u{10e0}"), (0x10e1, "\u{10e1}"), (0x10e2, "\u{10e2}"), (0x10e3, "\u{10e3}"), (0x10e4, "\u{10e4}"), (0x10e5, "\u{10e5}"),
    (0x10e6, "\u{10e6}"), (0x10e7, "\u{10e7}"), (0x10e8, "\u{10e8}"), (0x10e9, "\u{10e9}"), (0x10ea, "\u{10ea}"), (0x10eb, "\u{10eb}"),
    (0x10ec, "\u{10ec}"), (0x10ed, "\u{10ed}"), (0x10ee, "\u{10ee}"), (0x10ef, "\u{10ef}"), (0x10f0, "\u{10f0}"), (0x10f1, "\u{10f1}"),
    (0x10f2, "\u{10f2}"), (0x10f3, "\u{10f3}"), (0x10f4, "\u{10f4}"), (0x10f5, "\u{10f5}"), (0x10f6, "\u{10f6}"), (0x10f7, "\u{10f7}"),
    (0x10f8, "\u{10f8}"), (0x10f9, "\u{10f9}"), (0x10fa, "\u{10fa}"), (0x10fd, "\u{10fd}"), (0x10fe, "\u{10fe}"), (0x10ff, "\u{10ff}"),
    (0x1f80, "\u{1f88}"), (0x1f81, "\u{1f89}"), (0x1f82, "\u{1f8a}"), (0x1f83, "\u{1f8b}"), (0x1f84, "\u{1f8c}"), (0x1f85, "\u{1f8d}"),
    (0x1f86, "\u{1f8e}"), (0x1f87, "\u{1f8f}"), (0x1f88, "\u{1f88}"), (0x1f89, "\u{1f89}"), (0x1f8a, "\u{1f8a}"), (0x1f8b, "\u{1f8b}"),
    (0x1f8c, "\u{1f8c}"), (0x1f8d, "\u{1f8d}"), (0x1f8e, "\u{1f8e}"), (0x1f8f, "\u{1f8f}"), (0x1f90, "\u{1f98}"), (0x1f91, "\u{1f99}"),
    (0x1f92, "\u{1f9a}"), (0x1f93, "\u{1f9b}"), (0x1f94, "\u{1f9c}"), (0x1f95, "\u{1f9d}"), (0x1f96, "\u{1f9e}"), (0x1f97, "\u{1f9f}"),
    (0x1f98, "\u{1f98}"), (0x1f99, "\u{1f99}"), (0x1f9a, "\u{1f9a}"), (0x1f9b, "\u{1f9b}"), (0x1f9c, "\u{1f9c}"), (0x1f9d, "\u{1f9d}"),
    (0x1f9e, "\u{1f9e}"), (0x1f9f, "\u{1f9f}"), (0x1fa0, "\u{1fa8}"), (0x1fa1, "\u{1fa9}"), (0x1fa2, "\u{1faa}"), (0x1fa3, "\u{1fab}"),
    (0x1fa4, "\u{1fac}"), (0x1fa5, "\u{1fad}"), (0x1fa6, "\u{1fae}"), (0x1fa7, "\u{1faf}"), (0x1fa8, "\u{1fa8}"), (0x1fa9, "\u{1fa9}"),
    (0x1faa, "\u{1faa}"), (0x1fab, "\u{1fab}"), (0x1fac, "\u{1fac}"), (0x1fad, "\u{1fad}"), (0x1fae, "\u{1fae}"), (0x1faf, "\u{1faf}"),
    (0x1fb2, "\u{1fba}\u{345}"), (0x1fb3, "\u{1fbc}"), (0x1fb4, "\u{386}\u{345}"), (0x1fb7, "\u{391}\u{342}\u{345}"), (0x1fbc, "\u{1fbc}"), (0x1fc2, "\u{1fca}\u{345}"),
    (0x1fc3, "\u{1fcc}"), (0x1fc4, "\u{389}\u{345}"), (0x1fc7, "\u{397}\u{342}\u{345}"), (0x1fcc, "\u{1fcc}"), (0x1ff2, "\u{1ffa}\u{345}"), (0x1ff3, "\u{1ffc}"),
    (0x1ff4, "\u{38f}\u{345}"), (0x1ff7, "\u{3a9}\u{342}\u{345}"), (0x1ffc, "\u{1ffc}"), (0xfb00, "Ff"), (0xfb01, "Fi"), (0xfb02, "Fl"),
    (0xfb03, "Ffi"), (0xfb04, "Ffl"), (0xfb05, "St"), (0xfb06, "St"), (0xfb13, "\u{544}\u{576}"), (0xfb14, "\u{544}\u{565}"),
    (0xfb15, "\u{544}\u{56b}"), (0xfb16, "\u{54e}\u{576}"), (0xfb17, "\u{544}\u{56d}"),
];

/// Characters whose full case folding differs from the lowercase mapping
/// (Cherokee is handled by `fold_char`).
#[rustfmt::skip]
static FOLD_SPECIAL: [(u32, &str); 125] = [
    (0xb5, "\u{3bc}"), (0xdf, "ss"), (0x149, "\u{2bc}n"), (0x17f, "s"), (0x1f0, "j\u{30c}"), (0x345, "\u{3b9}"),
    (0x390, "\u{3b9}\u{308}\u{301}"), (0x3b0, "\u{3c5}\u{308}\u{301}"), (0x3c2, "\u{3c3}"), (0x3d0, "\u{3b2}"), (0x3d1, "\u{3b8}"), (0x3d5, "\u{3c6}"),
    (0x3d6, "\u{3c0}"), (0x3f0, "\u{3ba}"), (0x3f1, "\u{3c1}"), (0x3f5, "\u{3b5}"), (0x587, "\u{565}\u{582}"), (0x1c80, "\u{432}"),
    (0x1c81, "\u{434}"), (0x1c82, "\u{43e}"), (0x1c83, "\u{441}"), (0x1c84, "\u{442}"), (0x1c85, "\u{442}"), (0x1c86, "\u{44a}"),
    (0x1c87, "\u{463}"), (0x1c88, "\u{a64b}"), (0x1e96, "h\u{331}"), (0x1e97, "t\u{308}"), (0x1e98, "w\u{30a}"), (0x1e99, "y\u{30a}"),
    (0x1e9a, "a\u{2be}"), (0x1e9b, "\u{1e61}"), (0x1e9e, "ss"), (0x1f50, "\u{3c5}\u{313}"), (0x1f52, "\u{3c5}\u{313}\u{300}"), (0x1f54, "\u{3c5}\u{313}\u{301}"),
    (0x1f56, "\u{3c5}\u{313}\u{342}"), (0x1f80, "\u{1f00}\u{3b9}"), (0x1f81, "\u{1f01}\u{3b9}"), (0x1f82, "\u{1f02}\u{3b9}"), (0x1f83, "\u{1f03}\u{3b9}"), (0x1f84, "\u{1f04}\u{3b9}"),
    (0x1f85, "\u{1f05}\u{3b9}"), (0x1f86, "\u{1f06}\u{3b9}"), (0x1f87, "\u{1f07}\u{3b9}"), (0x1f88, "\u{1f00}\u{3b9}"), (0x1f89, "\u{1f01}\u{3b9}"), (0x1f8a, "\u{1f02}\u{3b9}"),
    (0x1f8b, "\u{1f03}\u{3b9}"), (0x1f8c, "\u{1f04}\u{3b9}"), (0x1f8d, "\u{1f05}\u{3b9}"), (0x1f8e, "\u{1f06}\u{3b9}"), (0x1f8f, "\u{1f07}\u{3b9}"), (0x1f90, "\u{1f20}\u{3b9}"),
    (0x1f91, "\u{1f21}\u{3b9}"), (0x1f92, "\u{1f22}\u{3b9}"), (0x1f93, "\u{1f23}\u{3b9}"), (0x1f94, "\u{1f24}\u{3b9}"), (0x1f95, "\u{1f25}\u{3b9}"), (0x1f96, "\u{1f26}\u{3b9}"),
    (0x1f97, "\u{1f27}\u{3b9}"), (0x1f98, "\u{1f20}\u{3b9}"), (0x1f99, "\u{1f21}\u{3b9}"), (0x1f9a, "\u{1f22}\u{3b9}"), (0x1f9b, "\u{1f23}\u{3b9}"), (0x1f9c, "\u{1f24}\u{3b9}"),
    (0x1f9d, "\u{1f25}\u{3b9}"), (0x1f9e, "\u{1f26}\u{3b9}"), (0x1f9f, "\u{1f27}\u{3b9}"), (0x1fa0, "\u{1f60}\u{3b9}"), (0x1fa1, "\u{1f61}\u{3b9}"), (0x1fa2, "\u{1f62}\u{3b9}"),
    (0x1fa3, "\u{1f63}\u{3b9}"), (0x1fa4, "\u{1f64}\u{3b9}"), (0x1fa5, "\u{1f65}\u{3b9}"), (0x1fa6, "\u{1f66}\u{3b9}"), (0x1fa7, "\u{1f67}\u{3b9}"), (0x1fa8, "\u{1f60}\u{3b9}"),
    (0x1fa9, "\u{1f61}\u{3b9}"), (0x1faa, "\u{1f62}\u{3b9}"), (0x1fab, "\u{1f63}\u{3b9}"), (0x1fac, "\u{1f64}\u{3b9}"), (0x1fad, "\u{1f65}\u{3b9}"), (0x1fae, "\u{1f66}\u{3b9}"),
    (0x1faf, "\u{1f67}\u{3b9}"), (0x1fb2, "\u{1f70}\u{3b9}"), (0x1fb3, "\u{3b1}\u{3b9}"), (0x1fb4, "\u{3ac}\u{3b9}"), (0x1fb6, "\u{3b1}\u{342}"), (0x1fb7, "\u{3b1}\u{342}\u{3b9}"),
    (0x1fbc, "\u{3b1}\u{3b9}"), (0x1fbe, "\u{3b9}"), (0x1fc2, "\u{1f74}\u{3b9}"), (0x1fc3, "\u{3b7}\u{3b9}"), (0x1fc4, "\u{3ae}\u{3b9}"), (0x1fc6, "\u{3b7}\u{342}"),
    (0x1fc7, "\u{3b7}\u{342}\u{3b9}"), (0x1fcc, "\u{3b7}\u{3b9}"), (0x1fd2, "\u{3b9}\u{308}\u{300}"), (0x1fd3, "\u{3b9}\u{308}\u{301}"), (0x1fd6, "\u{3b9}\u{342}"), (0x1fd7, "\u{3b9}\u{308}\u{342}"),
    (0x1fe2, "\u{3c5}\u{308}\u{300}"), (0x1fe3, "\u{3c5}\u{308}\u{301}"), (0x1fe4, "\u{3c1}\u{313}"), (0x1fe6, "\u{3c5}\u{342}"), (0x1fe7, "\u{3c5}\u{308}\u{342}"), (0x1ff2, "\u{1f7c}\u{3b9}"),
    (0x1ff3, "\u{3c9}\u{3b9}"), (0x1ff4, "\u{3ce}\u{3b9}"), (0x1ff6, "\u{3c9}\u{342}"), (0x1ff7, "\u{3c9}\u{342}\u{3b9}"), (0x1ffc, "\u{3c9}\u{3b9}"), (0xfb00, "ff"),
    (0xfb01, "fi"), (0xfb02, "fl"), (0xfb03, "ffi"), (0xfb04, "ffl"), (0xfb05, "st"), (0xfb06, "st"),
    (0xfb13, "\u{574}\u{576}"), (0xfb14, "\u{574}\u{565}"), (0xfb15, "\u{574}\u{56b}"), (0xfb16, "\u{57e}\u{576}"), (0xfb17, "\u{574}\u{56d}"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn properties_follow_cpython() {
        assert!(
            is_alpha('a') && is_alpha('\u{1c5}') && !is_alpha('\u{345}') && !is_alpha('\u{216b}')
        );
        assert!(is_decimal('\u{663}') && !is_decimal('\u{b2}') && is_digit('\u{b2}'));
        assert!(is_numeric('\u{4e00}') && is_numeric('\u{bd}') && !is_digit('\u{bd}'));
        assert!(is_space('\x1c') && is_space('\u{3000}') && !is_space('\u{200b}'));
        assert!(is_printable(' ') && !is_printable('\u{a0}') && !is_printable('\u{378}'));
        assert!(is_identifier("_x1") && is_identifier("\u{2118}") && !is_identifier("1a"));
        assert!(is_titlecase('\u{1c5}') && !is_upper('\u{1c5}') && is_cased('\u{1c5}'));
        assert!(is_case_ignorable('\'') && is_case_ignorable('\u{2b0}') && !is_case_ignorable('a'));
    }

    #[test]
    fn case_mappings_follow_cpython() {
        assert_eq!(
            lower_str("\u{3a3}\u{391}\u{3a3} A\u{3a3}."),
            "\u{3c3}\u{3b1}\u{3c2} a\u{3c2}."
        );
        assert_eq!(upper_str("\u{df}\u{fb03}"), "SSFFI");
        assert_eq!(
            title_str("\u{1c6}a \u{df}x they're"),
            "\u{1c5}a Ssx They'Re"
        );
        assert_eq!(capitalize_str("\u{df}A"), "Ssa");
        assert_eq!(swapcase_str("a\u{1c5}B"), "A\u{1c5}b");
        assert_eq!(casefold_str("\u{1e9e}\u{3c2}\u{ab70}"), "ss\u{3c3}\u{13a0}");
        assert_eq!(upper_str("\u{19b}"), "\u{19b}");
        assert!(str_istitle("Hello World") && !str_istitle("Hello world") && !str_istitle(""));
        assert!(str_isupper("A1") && !str_isupper("1") && str_islower("a\u{2b0}"));
    }

    #[test]
    fn splitlines_and_indices() {
        assert_eq!(
            splitlines_str("a\r\nb\x1cc\u{2028}", false),
            vec!["a", "b", "c"]
        );
        assert_eq!(splitlines_str("a\rb\n", true), vec!["a\r", "b\n"]);
        assert_eq!(adjust_indices(Some(-10), Some(100), 3), (0, 3));
        assert_eq!(adjust_indices(Some(5), Some(-1), 3), (5, 2));
    }
}
