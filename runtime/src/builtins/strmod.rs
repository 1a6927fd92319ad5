//! `str`: the built-in `format()` dispatch, `%`-formatting, `str.format`,
//! and the core string methods.

use crate::builtins::int::as_int_like;
use crate::builtins::list::new_list;
use crate::builtins::strmethods as sm;
use crate::builtins::tuple::new_tuple;
use crate::builtins::types::{is_exact, types};
use crate::builtins::{add_method, BuiltinRegistry};
use crate::format::{self as fmt, ErrorKind, FormatError, PercentFlags};
use crate::function::CallArgs;
use crate::object::Payload;
use crate::ops;
use crate::strobj::{new_str, PyStr};
use crate::value::Value;
use crate::vm::{PyErr, PyResult, Vm};
use std::sync::OnceLock;

impl Vm {
    /// Converts a formatting error into the Python exception.
    pub fn fmt_err(&self, e: FormatError) -> PyErr {
        let t = types();
        let cls = match e.kind {
            ErrorKind::ValueError => t.exc.value_error,
            ErrorKind::TypeError => t.exc.type_error,
            ErrorKind::OverflowError => t.exc.overflow_error,
            ErrorKind::MemoryError => t.exc.memory_error,
        };
        self.new_error(cls, e.message)
    }
}

/// A cached one-character str for ASCII characters.
pub fn char_str(c: char) -> Value {
    static CHARS: OnceLock<Vec<Value>> = OnceLock::new();
    let table = CHARS.get_or_init(|| {
        (0u8..128)
            .map(|b| {
                let v = new_str((b as char).to_string());
                if let Value::Obj(o) = &v {
                    o.make_immortal();
                }
                v
            })
            .collect()
    });
    if (c as u32) < 128 {
        table[c as usize].clone()
    } else {
        new_str(c.to_string())
    }
}

/// `ascii()` escaping of a repr.
pub fn ascii_of(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        let n = c as u32;
        if n < 128 {
            out.push(c);
        } else if n < 0x100 {
            out.push_str(&format!("\\x{n:02x}"));
        } else if n < 0x10000 {
            out.push_str(&format!("\\u{n:04x}"));
        } else {
            out.push_str(&format!("\\U{n:08x}"));
        }
    }
    out
}

/// `format(v, spec)` for built-in values.
pub fn format_builtin(vm: &Vm, v: &Value, spec: &str) -> PyResult<String> {
    let tname = vm.type_name(v);
    match v {
        Value::Bool(b) if spec.is_empty() => return Ok(if *b { "True" } else { "False" }.into()),
        Value::Float(f) => {
            let s = fmt::parse_format_spec_for(spec, &tname).map_err(|e| vm.fmt_err(e))?;
            return fmt::format_float_for(*f, &s, &tname).map_err(|e| vm.fmt_err(e));
        }
        _ => {}
    }
    if let Some(b) = as_int_like(v) {
        let s = fmt::parse_format_spec_for(spec, &tname).map_err(|e| vm.fmt_err(e))?;
        return fmt::format_int_for(&b, &s, &tname).map_err(|e| vm.fmt_err(e));
    }
    if let Value::Obj(o) = v {
        match &o.payload {
            Payload::Str(s) => {
                let sp = fmt::parse_format_spec_for(spec, &tname).map_err(|e| vm.fmt_err(e))?;
                return fmt::format_str_for(s.as_str(), &sp, &tname).map_err(|e| vm.fmt_err(e));
            }
            Payload::Float(f) => {
                let s = fmt::parse_format_spec_for(spec, &tname).map_err(|e| vm.fmt_err(e))?;
                return fmt::format_float_for(*f, &s, &tname).map_err(|e| vm.fmt_err(e));
            }
            Payload::Complex(re, im) if !spec.is_empty() => {
                let s = fmt::parse_format_spec_for(spec, &tname).map_err(|e| vm.fmt_err(e))?;
                return fmt::format_complex(*re, *im, &s).map_err(|e| vm.fmt_err(e));
            }
            _ => {}
        }
    }
    if spec.is_empty() {
        return vm.str_of(v);
    }
    Err(vm.type_error(format!(
        "unsupported format string passed to {}.__format__",
        tname
    )))
}

/// `template % args`
///
/// The template is scanned by bytes: every character of a conversion
/// specifier is ASCII, so the literal text between them is copied as
/// whole slices, and the conversion character alone is decoded.
pub fn percent_format(vm: &Vm, template: &str, args: &Value) -> PyResult<String> {
    let tuple_items: Option<&[Value]> = match args.as_obj().map(|o| &o.payload) {
        Some(Payload::Tuple(t)) => Some(&t[..]),
        _ => None,
    };
    let is_mapping = matches!(args.as_obj().map(|o| &o.payload), Some(Payload::Dict(_)))
        || (matches!(args, Value::Obj(o) if !o.type_data().builtin)
            && ops::special(args, "__getitem__").is_some()
            && tuple_items.is_none());
    let items: &[Value] = tuple_items.unwrap_or(std::slice::from_ref(args));
    let mut next = 0usize;
    let mut used_mapping = false;
    let mut out = String::with_capacity(template.len() + 16);
    let bytes = template.as_bytes();
    let mut i = 0;
    let take = |next: &mut usize| -> PyResult<Value> {
        let v = items
            .get(*next)
            .cloned()
            .ok_or_else(|| vm.type_error("not enough arguments for format string"))?;
        *next += 1;
        Ok(v)
    };
    // The decimal digits at `*i` (none: None), moving past them.
    let digits = |i: &mut usize| -> Option<usize> {
        let start = *i;
        while *i < bytes.len() && bytes[*i].is_ascii_digit() {
            *i += 1;
        }
        (start < *i)
            .then(|| template[start..*i].parse().ok())
            .flatten()
    };
    while i < bytes.len() {
        // The literal text up to the next `%` (a byte that is never part of
        // a multi-byte character, so the slice ends on a boundary).
        let literal_end = template[i..].find('%').map_or(bytes.len(), |at| i + at);
        out.push_str(&template[i..literal_end]);
        i = literal_end;
        if i >= bytes.len() {
            break;
        }
        i += 1;
        if i >= bytes.len() {
            return Err(vm.value_error("incomplete format"));
        }
        let mut key_value: Option<Value> = None;
        if bytes[i] == b'(' {
            let mut depth = 1;
            let start = i + 1;
            i += 1;
            while i < bytes.len() && depth > 0 {
                if bytes[i] == b'(' {
                    depth += 1;
                } else if bytes[i] == b')' {
                    depth -= 1;
                }
                i += 1;
            }
            if depth > 0 {
                return Err(vm.value_error("incomplete format key"));
            }
            let key = &template[start..i - 1];
            if !is_mapping {
                return Err(vm.type_error("format requires a mapping"));
            }
            used_mapping = true;
            key_value = Some(ops::get_item(vm, args, &new_str(key.to_string()))?);
        }
        let mut flags = PercentFlags::default();
        while i < bytes.len() {
            match bytes[i] {
                b'-' => flags.left = true,
                b'0' => flags.zero = true,
                b'+' => flags.sign_plus = true,
                b' ' => flags.sign_space = true,
                b'#' => flags.alternate = true,
                _ => break,
            }
            i += 1;
        }
        let width = if i < bytes.len() && bytes[i] == b'*' {
            let w = take(&mut next)?;
            let w = ops::index_i64(vm, &w).map_err(|_| vm.type_error("* wants int"))?;
            if w < 0 {
                flags.left = true;
            }
            i += 1;
            Some(w.unsigned_abs() as usize)
        } else {
            digits(&mut i)
        };
        let mut precision: Option<usize> = None;
        if i < bytes.len() && bytes[i] == b'.' {
            i += 1;
            if i < bytes.len() && bytes[i] == b'*' {
                let p = take(&mut next)?;
                precision = Some(ops::index_i64(vm, &p)?.max(0) as usize);
                i += 1;
            } else {
                precision = Some(digits(&mut i).unwrap_or(0));
            }
        }
        while i < bytes.len() && matches!(bytes[i], b'h' | b'l' | b'L') {
            i += 1;
        }
        let Some(conv) = template[i..].chars().next() else {
            return Err(vm.value_error("incomplete format"));
        };
        let conv_at = i;
        i += conv.len_utf8();
        if conv == '%' {
            out.push('%');
            continue;
        }
        let v = match key_value {
            Some(v) => v,
            None => {
                if is_mapping && tuple_items.is_none() && used_mapping {
                    args.clone()
                } else {
                    take(&mut next)?
                }
            }
        };
        let plain = width.is_none() && precision.is_none();
        let plain_int = match v {
            Value::Int(i) if plain && !flags.sign_plus && !flags.sign_space => Some(i),
            _ => None,
        };
        let piece = match conv {
            // An exact str as itself, unpadded: copied straight in.
            's' if plain && is_exact(&v, types().str) => {
                out.push_str(v.as_obj().and_then(|o| o.as_str()).unwrap_or(""));
                continue;
            }
            's' | 'r' | 'a' => {
                let s = match conv {
                    's' => vm.str_of(&v)?,
                    'r' => vm.repr_of(&v)?,
                    _ => ascii_of(&vm.repr_of(&v)?),
                };
                fmt::pad_str(&s, width, precision, flags.left).map_err(|e| vm.fmt_err(e))?
            }
            // A plain `%d` of an int: its decimal digits, written straight
            // into the result, with no big int.
            'd' | 'i' | 'u' if plain_int.is_some() => {
                use std::fmt::Write;
                let _ = write!(out, "{}", plain_int.unwrap_or_default());
                continue;
            }
            'd' | 'i' | 'u' | 'o' | 'x' | 'X' => {
                let b = match as_int_like(&v) {
                    Some(b) => b,
                    None => match &v {
                        Value::Float(f) if matches!(conv, 'd' | 'i' | 'u') => {
                            as_int_like(&crate::builtins::ctors::float_to_int(vm, *f)?)
                                .unwrap_or_default()
                        }
                        _ => {
                            if let Some(m) = ops::special(&v, "__index__")
                                .or_else(|| ops::special(&v, "__int__"))
                            {
                                as_int_like(&vm.call(&m, std::slice::from_ref(&v))?)
                                    .unwrap_or_default()
                            } else if matches!(conv, 'd' | 'i' | 'u') {
                                return Err(vm.type_error(format!(
                                    "%{} format: a real number is required, not {}",
                                    conv,
                                    vm.type_name(&v)
                                )));
                            } else {
                                return Err(vm.type_error(format!(
                                    "%{} format: an integer is required, not {}",
                                    conv,
                                    vm.type_name(&v)
                                )));
                            }
                        }
                    },
                };
                fmt::percent_format_int(&b, conv, &flags, width, precision)
                    .map_err(|e| vm.fmt_err(e))?
            }
            'e' | 'E' | 'f' | 'F' | 'g' | 'G' => {
                let f = match crate::builtins::int::to_f64(vm, &v)? {
                    Some(f) => f,
                    None => {
                        if ops::special(&v, "__float__").is_some() {
                            crate::builtins::ctors::to_float(vm, Some(&v))?
                        } else {
                            return Err(vm.type_error(format!(
                                "must be real number, not {}",
                                vm.type_name(&v)
                            )));
                        }
                    }
                };
                fmt::percent_format_float(f, conv, &flags, width, precision)
                    .map_err(|e| vm.fmt_err(e))?
            }
            'c' => {
                let s = match &v {
                    Value::Obj(o) if o.as_str().map(|s| s.chars().count()) == Some(1) => {
                        o.as_str().unwrap_or("").to_string()
                    }
                    _ => match as_int_like(&v)
                        .and_then(|b| num_traits::ToPrimitive::to_u32(&b))
                        .and_then(char::from_u32)
                    {
                        Some(c) => c.to_string(),
                        None => return Err(vm.type_error("%c requires int or char")),
                    },
                };
                fmt::pad_str(&s, width, None, flags.left).map_err(|e| vm.fmt_err(e))?
            }
            other => {
                // CPython shows the character itself only when it is
                // printable ASCII.
                let shown = if (' '..='~').contains(&other) {
                    other
                } else {
                    '?'
                };
                return Err(vm.value_error(format!(
                    "unsupported format character '{}' (0x{:x}) at index {}",
                    shown,
                    other as u32,
                    template[..conv_at].chars().count()
                )));
            }
        };
        out.push_str(&piece);
    }
    if tuple_items.is_some() && next < items.len() && !used_mapping {
        return Err(vm.type_error("not all arguments converted during string formatting"));
    }
    if tuple_items.is_none() && !is_mapping && next == 0 && !items.is_empty() {
        return Err(vm.type_error("not all arguments converted during string formatting"));
    }
    Ok(out)
}

/// Where `str.format` finds named fields.
pub enum FormatKeys<'a> {
    /// The keyword arguments of `str.format`.
    Kwargs(&'a [(String, Value)]),
    /// The mapping of `str.format_map` (positional fields are an error).
    Mapping(&'a Value),
}

/// `template.format(*args, **kwargs)`
pub fn str_format(
    vm: &Vm,
    template: &str,
    args: &[Value],
    kwargs: &[(String, Value)],
) -> PyResult<String> {
    str_format_keys(vm, template, args, &FormatKeys::Kwargs(kwargs))
}

/// `str.format` with named fields looked up in `keys`.
pub fn str_format_keys(
    vm: &Vm,
    template: &str,
    args: &[Value],
    keys: &FormatKeys,
) -> PyResult<String> {
    let mut numbering = (0usize, false);
    format_fields(vm, template, args, keys, &mut numbering, 2)
}

/// Formats `template`; `numbering` (next automatic index, manual numbering
/// seen) is shared with the nested fields of format specs, `nesting` limits
/// their nesting as CPython does.
fn format_fields(
    vm: &Vm,
    template: &str,
    args: &[Value],
    keys: &FormatKeys,
    numbering: &mut (usize, bool),
    nesting: u32,
) -> PyResult<String> {
    if nesting == 0 {
        return Err(vm.value_error("Max string recursion exceeded"));
    }
    let mut out = String::new();
    let chars: Vec<char> = template.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let (auto_index, manual) = (&mut numbering.0, &mut numbering.1);
        let c = chars[i];
        if c == '{' {
            if i + 1 < chars.len() && chars[i + 1] == '{' {
                out.push('{');
                i += 2;
                continue;
            }
            // Find the matching close brace (nested for specs).
            let mut depth = 1;
            let start = i + 1;
            let mut j = start;
            while j < chars.len() && depth > 0 {
                if chars[j] == '{' {
                    depth += 1;
                } else if chars[j] == '}' {
                    depth -= 1;
                }
                j += 1;
            }
            if depth > 0 {
                return Err(vm.value_error("expected '}' before end of string"));
            }
            let field: String = chars[start..j - 1].iter().collect();
            i = j;
            // Split field_name[!conv][:spec]
            let (name_conv, spec) = match find_top_level(&field, ':') {
                Some(p) => (field[..p].to_string(), field[p + 1..].to_string()),
                None => (field.clone(), String::new()),
            };
            let (name, conv) = match name_conv.find('!') {
                Some(p) => (
                    name_conv[..p].to_string(),
                    Some(name_conv[p + 1..].to_string()),
                ),
                None => (name_conv, None),
            };
            // Resolve the field name: first part then .attr / [key] chain.
            let first_end = name.find(['.', '[']).unwrap_or(name.len());
            let first = &name[..first_end];
            if matches!(keys, FormatKeys::Mapping(_))
                && (first.is_empty() || first.parse::<usize>().is_ok())
            {
                return Err(vm.value_error("Format string contains positional fields"));
            }
            let mut value = if first.is_empty() {
                if *manual {
                    return Err(vm.value_error("cannot switch from manual field specification to automatic field numbering"));
                }
                let v = args.get(*auto_index).cloned().ok_or_else(|| {
                    vm.index_error(format!(
                        "Replacement index {auto_index} out of range for positional args tuple"
                    ))
                })?;
                *auto_index += 1;
                v
            } else if let Ok(n) = first.parse::<usize>() {
                if *auto_index > 0 {
                    return Err(vm.value_error("cannot switch from automatic field numbering to manual field specification"));
                }
                *manual = true;
                args.get(n).cloned().ok_or_else(|| {
                    vm.index_error(format!(
                        "Replacement index {n} out of range for positional args tuple"
                    ))
                })?
            } else {
                match keys {
                    FormatKeys::Kwargs(kwargs) => kwargs
                        .iter()
                        .find(|(k, _)| k == first)
                        .map(|(_, v)| v.clone())
                        .ok_or_else(|| vm.key_error(new_str(first)))?,
                    FormatKeys::Mapping(m) => ops::get_item(vm, m, &new_str(first))?,
                }
            };
            let mut rest = &name[first_end..];
            while !rest.is_empty() {
                if let Some(r) = rest.strip_prefix('.') {
                    let end = r.find(['.', '[']).unwrap_or(r.len());
                    value = vm.get_attr_str(&value, &r[..end])?;
                    rest = &r[end..];
                } else if let Some(r) = rest.strip_prefix('[') {
                    let end = r
                        .find(']')
                        .ok_or_else(|| vm.value_error("Missing ']' in format string"))?;
                    let key = &r[..end];
                    let k = match key.parse::<i64>() {
                        Ok(n) => Value::Int(n),
                        Err(_) => new_str(key),
                    };
                    value = ops::get_item(vm, &value, &k)?;
                    rest = &r[end + 1..];
                } else {
                    return Err(
                        vm.value_error("Only '.' or '[' may follow ']' in format field specifier")
                    );
                }
            }
            let value = match conv.as_deref() {
                None => value,
                Some("s") => new_str(vm.str_of(&value)?),
                Some("r") => new_str(vm.repr_of(&value)?),
                Some("a") => new_str(ascii_of(&vm.repr_of(&value)?)),
                Some(other) => {
                    return Err(vm.value_error(format!("Unknown conversion specifier {other}")))
                }
            };
            let spec = if spec.contains('{') {
                format_fields(vm, &spec, args, keys, numbering, nesting - 1)?
            } else {
                spec
            };
            out.push_str(&ops::format(vm, &value, &spec)?);
        } else if c == '}' {
            if i + 1 < chars.len() && chars[i + 1] == '}' {
                out.push('}');
                i += 2;
                continue;
            }
            return Err(vm.value_error("Single '}' encountered in format string"));
        } else {
            out.push(c);
            i += 1;
        }
    }
    Ok(out)
}

fn find_top_level(s: &str, ch: char) -> Option<usize> {
    let mut depth = 0;
    for (i, c) in s.char_indices() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            c if c == ch && depth == 0 => return Some(i),
            _ => {}
        }
    }
    None
}

// ----- methods ---------------------------------------------------------------

fn this<'a>(vm: &Vm, args: &CallArgs<'a>, name: &str) -> PyResult<&'a PyStr> {
    let first = args.pos().first();
    match first.and_then(|v| v.as_obj()).map(|o| &o.payload) {
        Some(Payload::Str(s)) => Ok(s),
        _ => Err(sm::descriptor_error(vm, "str", name, first)),
    }
}

fn must_str<'a>(vm: &Vm, v: &'a Value) -> PyResult<&'a str> {
    v.as_obj()
        .and_then(|o| o.as_str())
        .ok_or_else(|| vm.type_error(format!("must be str, not {}", vm.type_name(v))))
}

/// The arity check of the `METH_VARARGS` methods (`find`, `count`,
/// `startswith`, ...): `find() takes at least 1 argument (0 given)`.
fn getargs_arity(vm: &Vm, name: &str, args: &CallArgs, min: usize, max: usize) -> PyResult<()> {
    if args.has_kwargs() {
        return Err(vm.type_error(format!("str.{name}() takes no keyword arguments")));
    }
    let got = args.pos().len().saturating_sub(1);
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    if got < min {
        return Err(vm.type_error(format!(
            "{name}() takes at least {min} argument{} ({got} given)",
            plural(min)
        )));
    }
    if got > max {
        return Err(vm.type_error(format!(
            "{name}() takes at most {max} argument{} ({got} given)",
            plural(max)
        )));
    }
    Ok(())
}

fn format_method(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let s = this(vm, &args, "format")?;
    let kw: Vec<(String, Value)> = args
        .kwargs()
        .map(|(k, v)| (k.to_string(), v.clone()))
        .collect();
    Ok(new_str(str_format(vm, s.as_str(), &args.pos()[1..], &kw)?))
}

fn join(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let sep = this(vm, &args, "join")?.as_str();
    sm::check_arity(vm, "str", "join", &args, 1, 1)?;
    let iterable = &args.pos()[1];
    let items = match crate::builtins::list::list_of(iterable) {
        Some(l) => l.lock().clone(),
        None => match crate::builtins::tuple::tuple_slice(iterable) {
            Some(t) => t.to_vec(),
            None => {
                let it = ops::get_iter(vm, iterable).map_err(|e| {
                    if vm.err_matches(&e, types().exc.type_error) {
                        vm.type_error("can only join an iterable")
                    } else {
                        e
                    }
                })?;
                let mut items = Vec::new();
                while let Some(v) = ops::next(vm, &it)? {
                    items.push(v);
                }
                items
            }
        },
    };
    let mut out = String::new();
    for (i, it) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        match it.as_obj().and_then(|o| o.as_str()) {
            Some(s) => out.push_str(s),
            None => {
                return Err(vm.type_error(format!(
                    "sequence item {}: expected str instance, {} found",
                    i,
                    vm.type_name(it)
                )))
            }
        }
    }
    Ok(new_str(out))
}

/// Splits `s` at runs of whitespace, at most `maxsplit` times (negative:
/// no limit), from the left or from the right.
pub fn split_whitespace(s: &str, maxsplit: i64, right: bool) -> Vec<&str> {
    let mut out: Vec<&str> = Vec::new();
    if right {
        let mut rest = s.trim_end_matches(sm::is_space);
        while !rest.is_empty() {
            if maxsplit >= 0 && out.len() as i64 == maxsplit {
                out.push(rest);
                break;
            }
            match rest.rfind(sm::is_space) {
                Some(p) => {
                    let ws = rest[p..].chars().next().map_or(1, |c| c.len_utf8());
                    out.push(&rest[p + ws..]);
                    rest = rest[..p].trim_end_matches(sm::is_space);
                }
                None => {
                    out.push(rest);
                    break;
                }
            }
        }
        out.reverse();
    } else {
        let mut rest = s.trim_start_matches(sm::is_space);
        while !rest.is_empty() {
            if maxsplit >= 0 && out.len() as i64 == maxsplit {
                out.push(rest);
                break;
            }
            match rest.find(sm::is_space) {
                Some(p) => {
                    out.push(&rest[..p]);
                    rest = rest[p..].trim_start_matches(sm::is_space);
                }
                None => {
                    out.push(rest);
                    break;
                }
            }
        }
    }
    out
}

fn split_impl(vm: &Vm, args: CallArgs, right: bool) -> PyResult<Value> {
    let name = if right { "rsplit" } else { "split" };
    let s = this(vm, &args, name)?.as_str();
    let a = sm::method_args(vm, name, &args, &["sep", "maxsplit"], 0, 0)?;
    let maxsplit = match &a[1] {
        Some(v) => sm::ssize_arg(vm, v)?,
        None => -1,
    };
    let parts: Vec<&str> = match &a[0] {
        None | Some(Value::None) => split_whitespace(s, maxsplit, right),
        Some(v) => {
            let sep = v.as_obj().and_then(|o| o.as_str()).ok_or_else(|| {
                vm.type_error(format!("must be str or None, not {}", vm.type_name(v)))
            })?;
            if sep.is_empty() {
                return Err(vm.value_error("empty separator"));
            }
            match (maxsplit < 0, right) {
                // One ASCII byte: std's char searcher (memchr), not the
                // two-way substring search.
                (true, false) if sep.len() == 1 => s.split(char::from(sep.as_bytes()[0])).collect(),
                (true, false) => s.split(sep).collect(),
                (true, true) => {
                    let mut v: Vec<&str> = s.rsplit(sep).collect();
                    v.reverse();
                    v
                }
                (false, false) => s.splitn(maxsplit as usize + 1, sep).collect(),
                (false, true) => {
                    let mut v: Vec<&str> = s.rsplitn(maxsplit as usize + 1, sep).collect();
                    v.reverse();
                    v
                }
            }
        }
    };
    Ok(new_list(parts.into_iter().map(new_str).collect()))
}

fn split(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    split_impl(vm, args, false)
}

fn rsplit(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    split_impl(vm, args, true)
}

fn strip_impl(vm: &Vm, args: CallArgs, name: &str, left: bool, right: bool) -> PyResult<Value> {
    let s = this(vm, &args, name)?.as_str();
    sm::check_arity(vm, "str", name, &args, 0, 1)?;
    let r = match args.pos().get(1) {
        None | Some(Value::None) => {
            let mut t = s;
            if left {
                t = t.trim_start_matches(sm::is_space);
            }
            if right {
                t = t.trim_end_matches(sm::is_space);
            }
            t
        }
        Some(v) => {
            let chars: Vec<char> = v
                .as_obj()
                .and_then(|o| o.as_str())
                .ok_or_else(|| vm.type_error(format!("{name} arg must be None or str")))?
                .chars()
                .collect();
            let mut t = s;
            if left {
                t = t.trim_start_matches(|c| chars.contains(&c));
            }
            if right {
                t = t.trim_end_matches(|c| chars.contains(&c));
            }
            t
        }
    };
    if r.len() == s.len() && is_exact(&args.pos()[0], types().str) {
        return Ok(args.pos()[0].clone());
    }
    Ok(new_str(r))
}

fn strip(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    strip_impl(vm, args, "strip", true, true)
}
fn lstrip(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    strip_impl(vm, args, "lstrip", true, false)
}
fn rstrip(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    strip_impl(vm, args, "rstrip", false, true)
}

/// Resolves the optional `start`/`end` arguments at `args.pos()[2..4]`.
fn bounds(vm: &Vm, args: &CallArgs, len: usize) -> PyResult<(i64, i64)> {
    let start = sm::slice_bound(vm, args.pos().get(2))?;
    let end = sm::slice_bound(vm, args.pos().get(3))?;
    Ok(sm::adjust_indices(start, end, len))
}

fn affix(vm: &Vm, args: CallArgs, start: bool) -> PyResult<Value> {
    let name = if start { "startswith" } else { "endswith" };
    let s = this(vm, &args, name)?;
    getargs_arity(vm, name, &args, 1, 3)?;
    let (lo, hi) = bounds(vm, &args, s.char_len())?;
    if lo > hi {
        return Ok(Value::Bool(false));
    }
    let sub = s.slice_chars(lo as usize, hi as usize);
    let test = |p: &str| {
        if start {
            sub.starts_with(p)
        } else {
            sub.ends_with(p)
        }
    };
    let arg = &args.pos()[1];
    if let Some(items) = crate::builtins::tuple::tuple_slice(arg) {
        for it in items {
            let p = it.as_obj().and_then(|o| o.as_str()).ok_or_else(|| {
                vm.type_error(format!(
                    "tuple for {name} must only contain str, not {}",
                    vm.type_name(it)
                ))
            })?;
            if test(p) {
                return Ok(Value::Bool(true));
            }
        }
        return Ok(Value::Bool(false));
    }
    match arg.as_obj().and_then(|o| o.as_str()) {
        Some(p) => Ok(Value::Bool(test(p))),
        None => Err(vm.type_error(format!(
            "{name} first arg must be str or a tuple of str, not {}",
            vm.type_name(arg)
        ))),
    }
}

fn startswith(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    affix(vm, args, true)
}
fn endswith(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    affix(vm, args, false)
}

fn replace(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let s = this(vm, &args, "replace")?.as_str();
    sm::check_arity(vm, "str", "replace", &args, 2, 3)?;
    let nth_str = |i: usize| -> PyResult<&str> {
        let v = &args.pos()[i];
        v.as_obj().and_then(|o| o.as_str()).ok_or_else(|| {
            vm.type_error(format!(
                "replace() argument {i} must be str, not {}",
                vm.type_name(v)
            ))
        })
    };
    let old = nth_str(1)?;
    let new = nth_str(2)?;
    let count = match args.pos().get(3) {
        Some(v) => sm::ssize_arg(vm, v)?,
        None => -1,
    };
    Ok(new_str(if count < 0 {
        if old.is_empty() {
            let mut out = String::from(new);
            for c in s.chars() {
                out.push(c);
                out.push_str(new);
            }
            out
        } else {
            s.replace(old, new)
        }
    } else if old.is_empty() {
        let mut out = String::new();
        let mut n = 0;
        for c in s.chars() {
            if n < count {
                out.push_str(new);
                n += 1;
            }
            out.push(c);
        }
        if n < count {
            out.push_str(new);
        }
        out
    } else {
        s.replacen(old, new, count as usize)
    }))
}

fn find_impl(vm: &Vm, args: &CallArgs, name: &str, right: bool) -> PyResult<i64> {
    let s = this(vm, args, name)?;
    getargs_arity(vm, name, args, 1, 3)?;
    let sub = must_str(vm, &args.pos()[1])?;
    let (lo, hi) = bounds(vm, args, s.char_len())?;
    let sub_len = if sub.is_ascii() {
        sub.len()
    } else {
        sub.chars().count()
    } as i64;
    if hi - lo < sub_len {
        return Ok(-1);
    }
    let hay = s.slice_chars(lo as usize, hi as usize);
    let found = if right { hay.rfind(sub) } else { hay.find(sub) };
    Ok(match found {
        Some(b) if s.is_ascii() => lo + b as i64,
        Some(b) => lo + hay[..b].chars().count() as i64,
        None => -1,
    })
}

fn find(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    Ok(Value::Int(find_impl(vm, &args, "find", false)?))
}
fn rfind(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    Ok(Value::Int(find_impl(vm, &args, "rfind", true)?))
}
fn index(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    match find_impl(vm, &args, "index", false)? {
        -1 => Err(vm.value_error("substring not found")),
        i => Ok(Value::Int(i)),
    }
}
fn rindex(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    match find_impl(vm, &args, "rindex", true)? {
        -1 => Err(vm.value_error("substring not found")),
        i => Ok(Value::Int(i)),
    }
}

fn count(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let s = this(vm, &args, "count")?;
    getargs_arity(vm, "count", &args, 1, 3)?;
    let sub = must_str(vm, &args.pos()[1])?;
    let (lo, hi) = bounds(vm, &args, s.char_len())?;
    if hi < lo {
        return Ok(Value::Int(0));
    }
    if sub.is_empty() {
        return Ok(Value::Int(hi - lo + 1));
    }
    let hay = s.slice_chars(lo as usize, hi as usize);
    Ok(Value::Int(hay.matches(sub).count() as i64))
}

fn encode(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let s = this(vm, &args, "encode")?.as_str();
    let a = sm::method_args(vm, "encode", &args, &["encoding", "errors"], 0, 0)?;
    crate::builtins::bytes::encode(vm, s, a[0].as_ref(), a[1].as_ref())
}

fn partition_impl(vm: &Vm, args: CallArgs, right: bool) -> PyResult<Value> {
    let name = if right { "rpartition" } else { "partition" };
    let s = this(vm, &args, name)?.as_str();
    sm::check_arity(vm, "str", name, &args, 1, 1)?;
    let sep = must_str(vm, &args.pos()[1])?;
    if sep.is_empty() {
        return Err(vm.value_error("empty separator"));
    }
    let found = if right { s.rfind(sep) } else { s.find(sep) };
    Ok(new_tuple(match found {
        Some(p) => vec![new_str(&s[..p]), new_str(sep), new_str(&s[p + sep.len()..])],
        None if right => vec![new_str(""), new_str(""), new_str(s)],
        None => vec![new_str(s), new_str(""), new_str("")],
    }))
}

fn partition(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    partition_impl(vm, args, false)
}
fn rpartition(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    partition_impl(vm, args, true)
}

fn str_mod(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let s = this(vm, &args, "__mod__")?.as_str();
    sm::check_arity(vm, "str", "__mod__", &args, 1, 1)?;
    Ok(new_str(percent_format(vm, s, &args.pos()[1])?))
}

/// Registers str methods (the rest live in `strmethods`).
pub fn register(_r: &mut BuiltinRegistry) {
    let s = types().str;
    add_method(s, "format", format_method);
    add_method(s, "join", join);
    add_method(s, "split", split);
    add_method(s, "rsplit", rsplit);
    add_method(s, "strip", strip);
    add_method(s, "lstrip", lstrip);
    add_method(s, "rstrip", rstrip);
    add_method(s, "startswith", startswith);
    add_method(s, "endswith", endswith);
    add_method(s, "replace", replace);
    add_method(s, "find", find);
    add_method(s, "rfind", rfind);
    add_method(s, "index", index);
    add_method(s, "rindex", rindex);
    add_method(s, "count", count);
    add_method(s, "encode", encode);
    add_method(s, "partition", partition);
    add_method(s, "rpartition", rpartition);
    add_method(s, "__mod__", str_mod);
}
