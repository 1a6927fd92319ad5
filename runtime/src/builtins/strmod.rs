//! `str`: the built-in `format()` dispatch, `%`-formatting, `str.format`,
//! and the core string methods.

use crate::builtins::args::{arg_count, Args};
use crate::builtins::int::as_int_like;
use crate::builtins::list::new_list;
use crate::builtins::tuple::new_tuple;
use crate::builtins::types::types;
use crate::builtins::{add_method, BuiltinRegistry};
use crate::format::{self as fmt, ErrorKind, FormatError, PercentFlags};
use crate::function::CallArgs;
use crate::object::Payload;
use crate::ops;
use crate::strobj::{new_str, PyStr};
use crate::value::{ObjRef, Value};
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
pub fn percent_format(vm: &Vm, template: &str, args: &Value) -> PyResult<String> {
    let tuple_args = match args.as_obj().map(|o| &o.payload) {
        Some(Payload::Tuple(t)) => Some(t.to_vec()),
        _ => None,
    };
    let is_mapping = matches!(args.as_obj().map(|o| &o.payload), Some(Payload::Dict(_)))
        || (matches!(args, Value::Obj(o) if !o.type_data().builtin) && ops::special(args, "__getitem__").is_some() && tuple_args.is_none());
    let items: Vec<Value> = tuple_args.clone().unwrap_or_else(|| vec![args.clone()]);
    let mut next = 0usize;
    let mut used_mapping = false;
    let mut out = String::with_capacity(template.len() + 16);
    let chars: Vec<char> = template.chars().collect();
    let mut i = 0;
    let take = |next: &mut usize| -> PyResult<Value> {
        let v = items
            .get(*next)
            .cloned()
            .ok_or_else(|| vm.type_error("not enough arguments for format string"))?;
        *next += 1;
        Ok(v)
    };
    while i < chars.len() {
        let c = chars[i];
        if c != '%' {
            out.push(c);
            i += 1;
            continue;
        }
        i += 1;
        if i >= chars.len() {
            return Err(vm.value_error("incomplete format"));
        }
        let mut key_value: Option<Value> = None;
        if chars[i] == '(' {
            let mut depth = 1;
            let start = i + 1;
            i += 1;
            while i < chars.len() && depth > 0 {
                if chars[i] == '(' {
                    depth += 1;
                } else if chars[i] == ')' {
                    depth -= 1;
                }
                i += 1;
            }
            if depth > 0 {
                return Err(vm.value_error("incomplete format key"));
            }
            let key: String = chars[start..i - 1].iter().collect();
            if !is_mapping {
                return Err(vm.type_error("format requires a mapping"));
            }
            used_mapping = true;
            key_value = Some(ops::get_item(vm, args, &new_str(key))?);
        }
        let mut flags = PercentFlags::default();
        while i < chars.len() {
            match chars[i] {
                '-' => flags.left = true,
                '0' => flags.zero = true,
                '+' => flags.sign_plus = true,
                ' ' => flags.sign_space = true,
                '#' => flags.alternate = true,
                _ => break,
            }
            i += 1;
        }
        let mut width: Option<usize> = None;
        if i < chars.len() && chars[i] == '*' {
            let w = take(&mut next)?;
            let w = ops::index_i64(vm, &w).map_err(|_| vm.type_error("* wants int"))?;
            if w < 0 {
                flags.left = true;
            }
            width = Some(w.unsigned_abs() as usize);
            i += 1;
        } else {
            let mut w = String::new();
            while i < chars.len() && chars[i].is_ascii_digit() {
                w.push(chars[i]);
                i += 1;
            }
            if !w.is_empty() {
                width = w.parse().ok();
            }
        }
        let mut precision: Option<usize> = None;
        if i < chars.len() && chars[i] == '.' {
            i += 1;
            if i < chars.len() && chars[i] == '*' {
                let p = take(&mut next)?;
                precision = Some(ops::index_i64(vm, &p)?.max(0) as usize);
                i += 1;
            } else {
                let mut p = String::new();
                while i < chars.len() && chars[i].is_ascii_digit() {
                    p.push(chars[i]);
                    i += 1;
                }
                precision = Some(p.parse().unwrap_or(0));
            }
        }
        while i < chars.len() && matches!(chars[i], 'h' | 'l' | 'L') {
            i += 1;
        }
        if i >= chars.len() {
            return Err(vm.value_error("incomplete format"));
        }
        let conv = chars[i];
        i += 1;
        if conv == '%' {
            out.push('%');
            continue;
        }
        let v = match key_value {
            Some(v) => v,
            None => {
                if is_mapping && tuple_args.is_none() && used_mapping {
                    args.clone()
                } else {
                    take(&mut next)?
                }
            }
        };
        let piece = match conv {
            's' | 'r' | 'a' => {
                let s = match conv {
                    's' => vm.str_of(&v)?,
                    'r' => vm.repr_of(&v)?,
                    _ => ascii_of(&vm.repr_of(&v)?),
                };
                fmt::pad_str(&s, width, precision, flags.left).map_err(|e| vm.fmt_err(e))?
            }
            'd' | 'i' | 'u' | 'o' | 'x' | 'X' => {
                let b = match as_int_like(&v) {
                    Some(b) => b,
                    None => match &v {
                        Value::Float(f) if matches!(conv, 'd' | 'i' | 'u') => {
                            as_int_like(&crate::builtins::ctors::float_to_int(vm, *f)?).unwrap_or_default()
                        }
                        _ => {
                            if let Some(m) = ops::special(&v, "__index__").or_else(|| ops::special(&v, "__int__")) {
                                as_int_like(&vm.call(&m, std::slice::from_ref(&v))?).unwrap_or_default()
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
                fmt::percent_format_int(&b, conv, &flags, width, precision).map_err(|e| vm.fmt_err(e))?
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
                fmt::percent_format_float(f, conv, &flags, width, precision).map_err(|e| vm.fmt_err(e))?
            }
            'c' => {
                let s = match &v {
                    Value::Obj(o) if o.as_str().map(|s| s.chars().count()) == Some(1) => o.as_str().unwrap_or("").to_string(),
                    _ => match as_int_like(&v).and_then(|b| num_traits::ToPrimitive::to_u32(&b)).and_then(char::from_u32) {
                        Some(c) => c.to_string(),
                        None => return Err(vm.type_error("%c requires int or char")),
                    },
                };
                fmt::pad_str(&s, width, None, flags.left).map_err(|e| vm.fmt_err(e))?
            }
            other => {
                return Err(vm.value_error(format!(
                    "unsupported format character '{}' (0x{:x}) at index {}",
                    other,
                    other as u32,
                    i - 1
                )))
            }
        };
        out.push_str(&piece);
    }
    if tuple_args.is_some() && next < items.len() && !used_mapping {
        return Err(vm.type_error("not all arguments converted during string formatting"));
    }
    if tuple_args.is_none() && !is_mapping && next == 0 && !items.is_empty() {
        return Err(vm.type_error("not all arguments converted during string formatting"));
    }
    Ok(out)
}

/// `template.format(*args, **kwargs)`
pub fn str_format(vm: &Vm, template: &str, args: &[Value], kwargs: &[(String, Value)]) -> PyResult<String> {
    let mut out = String::new();
    let chars: Vec<char> = template.chars().collect();
    let mut i = 0;
    let mut auto_index = 0usize;
    let mut manual = false;
    while i < chars.len() {
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
                Some(p) => (name_conv[..p].to_string(), Some(name_conv[p + 1..].to_string())),
                None => (name_conv, None),
            };
            // Resolve the field name: first part then .attr / [key] chain.
            let first_end = name.find(['.', '[']).unwrap_or(name.len());
            let first = &name[..first_end];
            let mut value = if first.is_empty() {
                if manual {
                    return Err(vm.value_error("cannot switch from manual field specification to automatic field numbering"));
                }
                let v = args.get(auto_index).cloned().ok_or_else(|| {
                    vm.index_error(format!("Replacement index {auto_index} out of range for positional args tuple"))
                })?;
                auto_index += 1;
                v
            } else if let Ok(n) = first.parse::<usize>() {
                if auto_index > 0 {
                    return Err(vm.value_error("cannot switch from automatic field numbering to manual field specification"));
                }
                manual = true;
                args.get(n).cloned().ok_or_else(|| {
                    vm.index_error(format!("Replacement index {n} out of range for positional args tuple"))
                })?
            } else {
                kwargs
                    .iter()
                    .find(|(k, _)| k == first)
                    .map(|(_, v)| v.clone())
                    .ok_or_else(|| vm.key_error(new_str(first)))?
            };
            let mut rest = &name[first_end..];
            while !rest.is_empty() {
                if let Some(r) = rest.strip_prefix('.') {
                    let end = r.find(['.', '[']).unwrap_or(r.len());
                    value = vm.get_attr_str(&value, &r[..end])?;
                    rest = &r[end..];
                } else if let Some(r) = rest.strip_prefix('[') {
                    let end = r.find(']').ok_or_else(|| vm.value_error("Missing ']' in format string"))?;
                    let key = &r[..end];
                    let k = match key.parse::<i64>() {
                        Ok(n) => Value::Int(n),
                        Err(_) => new_str(key),
                    };
                    value = ops::get_item(vm, &value, &k)?;
                    rest = &r[end + 1..];
                } else {
                    return Err(vm.value_error("Only '.' or '[' may follow ']' in format field specifier"));
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
                str_format(vm, &spec, args, kwargs)?
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

fn this<'a>(vm: &Vm, args: &'a CallArgs) -> PyResult<&'a PyStr> {
    match args.pos().first().and_then(|v| v.as_obj()).map(|o| &o.payload) {
        Some(Payload::Str(s)) => Ok(s),
        _ => Err(vm.type_error("descriptor requires a 'str' object")),
    }
}

fn str_arg<'a>(vm: &Vm, v: &'a Value, what: &str) -> PyResult<&'a str> {
    v.as_obj().and_then(|o| o.as_str()).ok_or_else(|| {
        vm.type_error(format!(
            "{} arg must be None or str",
            what
        ))
    })
}

fn must_str<'a>(vm: &Vm, v: &'a Value) -> PyResult<&'a str> {
    v.as_obj().and_then(|o| o.as_str()).ok_or_else(|| {
        vm.type_error(format!("must be str, not {}", vm.type_name(v)))
    })
}

fn format_method(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let s = this(vm, &args)?;
    let kw: Vec<(String, Value)> = args.kwargs().map(|(k, v)| (k.to_string(), v.clone())).collect();
    Ok(new_str(str_format(vm, s.as_str(), &args.pos()[1..], &kw)?))
}

fn join(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "join", &args, 2, 2)?;
    let sep = this(vm, &args)?.as_str();
    let items = ops::collect_iter(vm, &args.pos()[1])?;
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

fn split_impl(vm: &Vm, args: CallArgs, right: bool) -> PyResult<Value> {
    let a = Args::parse(vm, if right { "rsplit" } else { "split" }, args, &["self", "sep", "maxsplit"], &[], 1)?;
    let s = a.get(0).and_then(|v| v.as_obj()).and_then(|o| o.as_str()).unwrap_or("");
    let maxsplit = match a.get(2) {
        Some(v) => ops::index_i64(vm, v)?,
        None => -1,
    };
    let sep = match a.get(1) {
        None | Some(Value::None) => None,
        Some(v) => Some(str_arg(vm, v, "sep")?),
    };
    let parts: Vec<String> = match sep {
        Some("") => return Err(vm.value_error("empty separator")),
        Some(sep) => {
            if maxsplit < 0 {
                s.split(sep).map(|x| x.to_string()).collect()
            } else if right {
                let mut v: Vec<String> = s.rsplitn(maxsplit as usize + 1, sep).map(|x| x.to_string()).collect();
                v.reverse();
                v
            } else {
                s.splitn(maxsplit as usize + 1, sep).map(|x| x.to_string()).collect()
            }
        }
        None => {
            let mut out: Vec<String> = Vec::new();
            if right {
                let mut rest = s.trim_end();
                while !rest.is_empty() {
                    if maxsplit >= 0 && out.len() as i64 == maxsplit {
                        out.push(rest.to_string());
                        break;
                    }
                    match rest.rfind(char::is_whitespace) {
                        Some(p) => {
                            let ws = rest[p..].chars().next().map(|c| c.len_utf8()).unwrap_or(1);
                            out.push(rest[p + ws..].to_string());
                            rest = rest[..p].trim_end();
                        }
                        None => {
                            out.push(rest.to_string());
                            break;
                        }
                    }
                }
                out.reverse();
            } else {
                let mut rest = s.trim_start();
                while !rest.is_empty() {
                    if maxsplit >= 0 && out.len() as i64 == maxsplit {
                        out.push(rest.to_string());
                        break;
                    }
                    match rest.find(char::is_whitespace) {
                        Some(p) => {
                            out.push(rest[..p].to_string());
                            rest = rest[p..].trim_start();
                        }
                        None => {
                            out.push(rest.to_string());
                            break;
                        }
                    }
                }
            }
            out
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

fn strip_impl(vm: &Vm, args: CallArgs, left: bool, right: bool) -> PyResult<Value> {
    arg_count(vm, "strip", &args, 1, 2)?;
    let s = this(vm, &args)?.as_str();
    let r = match args.pos().get(1) {
        None | Some(Value::None) => {
            let mut t = s;
            if left {
                t = t.trim_start();
            }
            if right {
                t = t.trim_end();
            }
            t
        }
        Some(v) => {
            let chars: Vec<char> = str_arg(vm, v, "strip")?.chars().collect();
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
    Ok(new_str(r))
}

fn strip(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    strip_impl(vm, args, true, true)
}
fn lstrip(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    strip_impl(vm, args, true, false)
}
fn rstrip(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    strip_impl(vm, args, false, true)
}

fn affix(vm: &Vm, args: CallArgs, start: bool) -> PyResult<Value> {
    arg_count(vm, if start { "startswith" } else { "endswith" }, &args, 2, 4)?;
    let s = this(vm, &args)?;
    let len = s.char_len() as i64;
    let clamp = |v: i64| if v < 0 { (v + len).max(0) } else { v.min(len) };
    let lo = match args.pos().get(2) {
        Some(v) if !v.is_none() => clamp(ops::index_i64(vm, v)?),
        _ => 0,
    } as usize;
    let hi = match args.pos().get(3) {
        Some(v) if !v.is_none() => clamp(ops::index_i64(vm, v)?),
        _ => len,
    } as usize;
    let sub = if lo <= hi { s.slice_chars(lo, hi) } else { return Ok(Value::Bool(false)) };
    let test = |p: &str| if start { sub.starts_with(p) } else { sub.ends_with(p) };
    let arg = &args.pos()[1];
    if let Some(items) = crate::builtins::tuple::tuple_items(arg) {
        for it in &items {
            if test(must_str(vm, it)?) {
                return Ok(Value::Bool(true));
            }
        }
        return Ok(Value::Bool(false));
    }
    match arg.as_obj().and_then(|o| o.as_str()) {
        Some(p) => Ok(Value::Bool(test(p))),
        None => Err(vm.type_error(format!(
            "{} first arg must be str or a tuple of str, not {}",
            if start { "startswith" } else { "endswith" },
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
    arg_count(vm, "replace", &args, 3, 4)?;
    let s = this(vm, &args)?.as_str();
    let old = must_str(vm, &args.pos()[1])?;
    let new = must_str(vm, &args.pos()[2])?;
    let count = match args.pos().get(3) {
        Some(v) => ops::index_i64(vm, v)?,
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

fn find_impl(vm: &Vm, args: &CallArgs, right: bool) -> PyResult<i64> {
    arg_count(vm, "find", args, 2, 4)?;
    let s = this(vm, args)?;
    let sub = must_str(vm, &args.pos()[1])?;
    let len = s.char_len() as i64;
    let clamp = |v: i64| if v < 0 { (v + len).max(0) } else { v.min(len) };
    let lo = match args.pos().get(2) {
        Some(v) if !v.is_none() => clamp(ops::index_i64(vm, v)?),
        _ => 0,
    };
    let hi = match args.pos().get(3) {
        Some(v) if !v.is_none() => clamp(ops::index_i64(vm, v)?),
        _ => len,
    };
    if lo > hi {
        return Ok(-1);
    }
    let hay = s.slice_chars(lo as usize, hi as usize);
    let found = if right { hay.rfind(sub) } else { hay.find(sub) };
    Ok(match found {
        Some(b) => lo + hay[..b].chars().count() as i64,
        None => -1,
    })
}

fn find(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    Ok(Value::Int(find_impl(vm, &args, false)?))
}
fn rfind(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    Ok(Value::Int(find_impl(vm, &args, true)?))
}
fn index(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    match find_impl(vm, &args, false)? {
        -1 => Err(vm.value_error("substring not found")),
        i => Ok(Value::Int(i)),
    }
}
fn rindex(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    match find_impl(vm, &args, true)? {
        -1 => Err(vm.value_error("substring not found")),
        i => Ok(Value::Int(i)),
    }
}

fn count(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "count", &args, 2, 4)?;
    let s = this(vm, &args)?;
    let sub = must_str(vm, &args.pos()[1])?;
    let len = s.char_len() as i64;
    let clamp = |v: i64| if v < 0 { (v + len).max(0) } else { v.min(len) };
    let lo = match args.pos().get(2) {
        Some(v) if !v.is_none() => clamp(ops::index_i64(vm, v)?),
        _ => 0,
    };
    let hi = match args.pos().get(3) {
        Some(v) if !v.is_none() => clamp(ops::index_i64(vm, v)?),
        _ => len,
    };
    if lo > hi {
        return Ok(Value::Int(0));
    }
    let hay = s.slice_chars(lo as usize, hi as usize);
    Ok(Value::Int(if sub.is_empty() {
        hay.chars().count() as i64 + 1
    } else {
        hay.matches(sub).count() as i64
    }))
}

fn map_str(vm: &Vm, args: CallArgs, f: fn(&str) -> String) -> PyResult<Value> {
    arg_count(vm, "str method", &args, 1, 1)?;
    Ok(new_str(f(this(vm, &args)?.as_str())))
}

fn lower(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    map_str(vm, args, |s| s.to_lowercase())
}
fn upper(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    map_str(vm, args, |s| s.to_uppercase())
}

fn pred(vm: &Vm, args: CallArgs, f: fn(char) -> bool) -> PyResult<Value> {
    let s = this(vm, &args)?.as_str();
    Ok(Value::Bool(!s.is_empty() && s.chars().all(f)))
}

fn isdigit(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    pred(vm, args, |c| c.is_ascii_digit() || (c.is_numeric() && c.to_digit(10).is_some()) || "²³¹⁰⁴⁵⁶⁷⁸⁹".contains(c))
}
fn isalpha(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    pred(vm, args, |c| c.is_alphabetic())
}
fn isalnum(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    pred(vm, args, |c| c.is_alphanumeric())
}
fn isspace(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    pred(vm, args, |c| c.is_whitespace())
}

fn encode(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let a = Args::parse(vm, "encode", args, &["self", "encoding", "errors"], &[], 1)?;
    let s = a.get(0).and_then(|v| v.as_obj()).and_then(|o| o.as_str()).unwrap_or("");
    crate::builtins::bytes::encode(vm, s, a.get(1), a.get(2))
}

fn partition_impl(vm: &Vm, args: CallArgs, right: bool) -> PyResult<Value> {
    arg_count(vm, "partition", &args, 2, 2)?;
    let s = this(vm, &args)?.as_str();
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
    arg_count(vm, "__mod__", &args, 2, 2)?;
    let s = this(vm, &args)?.as_str();
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
    add_method(s, "lower", lower);
    add_method(s, "upper", upper);
    add_method(s, "isdigit", isdigit);
    add_method(s, "isalpha", isalpha);
    add_method(s, "isalnum", isalnum);
    add_method(s, "isspace", isspace);
    add_method(s, "encode", encode);
    add_method(s, "partition", partition);
    add_method(s, "rpartition", rpartition);
    add_method(s, "__mod__", str_mod);
    let _ = ObjRef::ptr_eq;
}
