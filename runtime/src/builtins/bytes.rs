//! `bytes`: construction, encoding and decoding (utf-8, ascii, latin-1 with
//! the standard error handlers and CPython's messages), and the methods:
//! searching, splitting, joining, stripping, ASCII case mapping and
//! predicates, padding, `hex`/`fromhex`, `translate`/`maketrans`, and the
//! special-method descriptors (`bytes.__len__(b)`, `bytes.__getitem__`, ...).

use crate::builtins::buffer::{bytes_like, require_bytes_like};
use crate::builtins::strmethods::{
    adjust_indices, check_arity, descriptor_error, int_arg, method_args, slice_bound, ssize_arg,
};
use crate::builtins::types::{is_exact, not_implemented, types};
use crate::builtins::{add_classmethod, add_method, add_staticmethod, BuiltinRegistry};
use crate::function::CallArgs;
use crate::object::{Object, Payload};
use crate::ops;
use crate::strobj::new_str;
use crate::value::{ObjRef, Value};
use crate::vm::{PyErr, PyResult, Vm};
use num_traits::ToPrimitive;
use std::borrow::Cow;

/// A new bytes value.
pub fn new_bytes(b: Vec<u8>) -> Value {
    Value::Obj(ObjRef::new(Object::new(
        types().bytes,
        Payload::Bytes(b.into_boxed_slice()),
    )))
}

// ----- codecs -------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq)]
enum Codec {
    Utf8,
    /// UTF-8 with a byte-order mark written first and skipped on reading.
    Utf8Sig,
    Ascii,
    Latin1,
}

impl Codec {
    fn name(self) -> &'static str {
        match self {
            Codec::Utf8 => "utf-8",
            Codec::Utf8Sig => "utf-8-sig",
            Codec::Ascii => "ascii",
            Codec::Latin1 => "latin-1",
        }
    }
}

const UTF8_BOM: &[u8; 3] = b"\xef\xbb\xbf";

/// Resolves an encoding argument (`what` names the method in messages)
/// through CPython's normalisation and aliases.
fn codec(vm: &Vm, what: &str, v: Option<&Value>) -> PyResult<Codec> {
    let Some(v) = v else { return Ok(Codec::Utf8) };
    let name = v.as_obj().and_then(|o| o.as_str()).ok_or_else(|| {
        vm.type_error(format!(
            "{what}() argument 'encoding' must be str, not {}",
            vm.type_name(v)
        ))
    })?;
    // `encodings.normalize_encoding`: runs of other characters become one
    // `_`, leading and trailing ones are dropped.
    let mut norm = String::with_capacity(name.len());
    let mut punct = false;
    for c in name.chars() {
        if c.is_alphanumeric() || c == '.' {
            if punct && !norm.is_empty() {
                norm.push('_');
            }
            if c.is_ascii() {
                norm.push(c.to_ascii_lowercase());
            }
            punct = false;
        } else {
            punct = true;
        }
    }
    match norm.as_str() {
        "utf_8" | "utf8" | "u8" | "utf" | "cp65001" | "utf8_ucs2" | "utf8_ucs4" => Ok(Codec::Utf8),
        "utf_8_sig" => Ok(Codec::Utf8Sig),
        "ascii" | "us_ascii" | "646" | "us" | "iso646_us" | "ansi_x3.4_1968" | "ansi_x3_4_1968"
        | "ansi_x3.4_1986" | "cp367" | "csascii" | "ibm367" | "iso_ir_6" | "iso_646.irv_1991" => {
            Ok(Codec::Ascii)
        }
        "latin_1" | "latin1" | "latin" | "l1" | "iso8859_1" | "iso_8859_1" | "iso_8859_1_1987"
        | "8859" | "cp819" | "csisolatin1" | "ibm819" | "iso_ir_100" => Ok(Codec::Latin1),
        _ => Err(vm.new_error(
            types().exc.lookup_error,
            format!("unknown encoding: {name}"),
        )),
    }
}

fn error_handler(vm: &Vm, what: &str, v: Option<&Value>) -> PyResult<String> {
    match v {
        None => Ok("strict".into()),
        Some(v) => v
            .as_obj()
            .and_then(|o| o.as_str())
            .map(|s| s.to_string())
            .ok_or_else(|| {
                vm.type_error(format!(
                    "{what}() argument 'errors' must be str, not {}",
                    vm.type_name(v)
                ))
            }),
    }
}

fn unknown_handler(vm: &Vm, name: &str) -> PyErr {
    vm.new_error(
        types().exc.lookup_error,
        format!("unknown error handler name '{name}'"),
    )
}

/// `\xNN`, `\uNNNN` or `\UNNNNNNNN` for a code point.
fn escape_char(c: char) -> String {
    let n = c as u32;
    if n < 0x100 {
        format!("\\x{n:02x}")
    } else if n < 0x10000 {
        format!("\\u{n:04x}")
    } else {
        format!("\\U{n:08x}")
    }
}

/// `str.encode(encoding, errors)`
pub fn encode(
    vm: &Vm,
    s: &str,
    encoding: Option<&Value>,
    errors: Option<&Value>,
) -> PyResult<Value> {
    let codec = codec(vm, "encode", encoding)?;
    let errors = error_handler(vm, "encode", errors)?;
    match codec {
        Codec::Utf8 => return Ok(new_bytes(s.as_bytes().to_vec())),
        Codec::Utf8Sig => return Ok(new_bytes([UTF8_BOM.as_slice(), s.as_bytes()].concat())),
        _ => {}
    }
    let limit: u32 = if codec == Codec::Ascii { 128 } else { 256 };
    let chars: Vec<char> = s.chars().collect();
    let mut out = Vec::with_capacity(chars.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if (c as u32) < limit {
            out.push(c as u32 as u8);
            i += 1;
            continue;
        }
        let mut end = i + 1;
        while end < chars.len() && chars[end] as u32 >= limit {
            end += 1;
        }
        match errors.as_str() {
            // A UTF-8 str holds no lone surrogates, the only characters
            // these two handlers treat differently from `strict`.
            "strict" | "surrogateescape" | "surrogatepass" => {
                let what = if end - i == 1 {
                    format!("character '{}' in position {i}", escape_char(c))
                } else {
                    format!("characters in position {i}-{}", end - 1)
                };
                return Err(vm.new_error(
                    types().exc.unicode_encode_error,
                    format!(
                        "'{}' codec can't encode {what}: ordinal not in range({limit})",
                        codec.name()
                    ),
                ));
            }
            "ignore" => {}
            "replace" => out.extend(std::iter::repeat_n(b'?', end - i)),
            "backslashreplace" => {
                for &c in &chars[i..end] {
                    out.extend_from_slice(escape_char(c).as_bytes());
                }
            }
            "xmlcharrefreplace" => {
                for &c in &chars[i..end] {
                    out.extend_from_slice(format!("&#{};", c as u32).as_bytes());
                }
            }
            other => return Err(unknown_handler(vm, other)),
        }
        i = end;
    }
    Ok(new_bytes(out))
}

fn decode_error(vm: &Vm, codec: &str, b: &[u8], start: usize, end: usize, reason: &str) -> PyErr {
    let what = if end - start == 1 {
        format!("byte 0x{:02x} in position {start}", b[start])
    } else {
        format!("bytes in position {start}-{}", end - 1)
    };
    vm.new_error(
        types().exc.unicode_decode_error,
        format!("'{codec}' codec can't decode {what}: {reason}"),
    )
}

fn decode_utf8(vm: &Vm, b: &[u8], errors: &str) -> PyResult<String> {
    let first_err = match std::str::from_utf8(b) {
        Ok(s) => return Ok(s.to_string()),
        Err(e) => e,
    };
    if errors == "strict" {
        let pos = first_err.valid_up_to();
        return Err(match first_err.error_len() {
            None => decode_error(vm, "utf-8", b, pos, b.len(), "unexpected end of data"),
            Some(n) => {
                let reason = if matches!(b[pos], 0x80..=0xc1 | 0xf5..=0xff) {
                    "invalid start byte"
                } else {
                    "invalid continuation byte"
                };
                decode_error(vm, "utf-8", b, pos, pos + n, reason)
            }
        });
    }
    let mut out = String::with_capacity(b.len());
    for chunk in b.utf8_chunks() {
        out.push_str(chunk.valid());
        let bad = chunk.invalid();
        if bad.is_empty() {
            continue;
        }
        match errors {
            "surrogateescape" | "surrogatepass" => {
                return Err(crate::strobj::lone_surrogate_error(
                    vm,
                    &format!("decoding with errors='{errors}'"),
                ))
            }
            "replace" => out.push('\u{fffd}'),
            "ignore" => {}
            "backslashreplace" => {
                for x in bad {
                    out.push_str(&format!("\\x{x:02x}"));
                }
            }
            other => return Err(unknown_handler(vm, other)),
        }
    }
    Ok(out)
}

/// `bytes.decode(encoding, errors)`
pub fn decode(
    vm: &Vm,
    b: &[u8],
    encoding: Option<&Value>,
    errors: Option<&Value>,
) -> PyResult<String> {
    let codec = codec(vm, "decode", encoding)?;
    let errors = error_handler(vm, "decode", errors)?;
    match codec {
        Codec::Utf8 => decode_utf8(vm, b, &errors),
        Codec::Utf8Sig => decode_utf8(vm, b.strip_prefix(UTF8_BOM).unwrap_or(b), &errors),
        Codec::Latin1 => Ok(b.iter().map(|&c| c as char).collect()),
        Codec::Ascii => {
            if b.is_ascii() {
                return Ok(b.iter().map(|&c| c as char).collect());
            }
            let mut out = String::with_capacity(b.len());
            for (i, &c) in b.iter().enumerate() {
                if c < 128 {
                    out.push(c as char);
                    continue;
                }
                match errors.as_str() {
                    "strict" => {
                        return Err(decode_error(
                            vm,
                            "ascii",
                            b,
                            i,
                            i + 1,
                            "ordinal not in range(128)",
                        ))
                    }
                    "surrogateescape" | "surrogatepass" => {
                        return Err(crate::strobj::lone_surrogate_error(
                            vm,
                            &format!("decoding with errors='{errors}'"),
                        ))
                    }
                    "replace" => out.push('\u{fffd}'),
                    "ignore" => {}
                    "backslashreplace" => out.push_str(&format!("\\x{c:02x}")),
                    other => return Err(unknown_handler(vm, other)),
                }
            }
            Ok(out)
        }
    }
}

/// `bytes(...)`
pub fn make_bytes(vm: &Vm, pos: &[Value]) -> PyResult<Value> {
    match pos.first() {
        None => Ok(new_bytes(Vec::new())),
        Some(v) => {
            if let Some(s) = v.as_obj().and_then(|o| o.as_str()) {
                if pos.len() < 2 {
                    return Err(vm.type_error("string argument without an encoding"));
                }
                return encode(vm, s, pos.get(1), pos.get(2));
            }
            if pos.len() >= 2 {
                return Err(vm.type_error("encoding without a string argument"));
            }
            if !crate::builtins::types::class_of(v)
                .type_data_of_self()
                .builtin
            {
                if let Some(m) = ops::special(v, "__bytes__") {
                    let r = ops::call_special(vm, &m, v, &[])?;
                    if !matches!(r.as_obj().map(|o| &o.payload), Some(Payload::Bytes(_))) {
                        return Err(vm.type_error(format!(
                            "__bytes__ returned non-bytes (type {})",
                            vm.type_name(&r)
                        )));
                    }
                    return Ok(r);
                }
            }
            if let Some(n) = crate::builtins::int::as_i64_like(v) {
                if n < 0 {
                    return Err(vm.value_error("negative count"));
                }
                return Ok(new_bytes(vec![0; n as usize]));
            }
            if let Some(b) = bytes_like(vm, v)? {
                return Ok(new_bytes(b.into_owned()));
            }
            let mut out = Vec::new();
            for it in ops::collect_iter(vm, v)? {
                let n = ops::index_i64(vm, &it)?;
                if !(0..256).contains(&n) {
                    return Err(vm.value_error("bytes must be in range(0, 256)"));
                }
                out.push(n as u8);
            }
            Ok(new_bytes(out))
        }
    }
}

// ----- argument helpers ------------------------------------------------------

fn recv<'a>(vm: &Vm, args: &CallArgs<'a>, name: &str) -> PyResult<&'a [u8]> {
    let first = args.pos().first();
    match first.and_then(|v| v.as_obj()).map(|o| &o.payload) {
        Some(Payload::Bytes(b)) => Ok(b),
        _ => Err(descriptor_error(vm, "bytes", name, first)),
    }
}

/// The bytes payload of `v`, if it is bytes-like.
pub fn bytes_of(v: &Value) -> Option<&[u8]> {
    match v.as_obj().map(|o| &o.payload) {
        Some(Payload::Bytes(b)) => Some(b),
        _ => None,
    }
}

/// A bytes-like argument, or CPython's TypeError.
fn buffer<'a>(vm: &Vm, v: &'a Value) -> PyResult<Cow<'a, [u8]>> {
    require_bytes_like(vm, v)
}

/// A byte value given as an int (`b.find(98)`, `98 in b`), if `v` is one.
fn byte_value(vm: &Vm, v: &Value) -> PyResult<Option<u8>> {
    if !crate::builtins::int::is_int_like(v) && ops::special(v, "__index__").is_none() {
        return Ok(None);
    }
    let n = ops::index_of(vm, v)?;
    match n.to_u8() {
        Some(b) => Ok(Some(b)),
        None => Err(vm.value_error("byte must be in range(0, 256)")),
    }
}

/// The `sub` argument of `find`/`count`/`index`: bytes or an int byte.
fn sub_arg(vm: &Vm, v: &Value) -> PyResult<Vec<u8>> {
    if let Some(b) = bytes_like(vm, v)? {
        return Ok(b.into_owned());
    }
    match byte_value(vm, v)? {
        Some(b) => Ok(vec![b]),
        None => Err(vm.type_error(format!(
            "argument should be integer or bytes-like object, not '{}'",
            vm.type_name(v)
        ))),
    }
}

fn getargs_arity(vm: &Vm, name: &str, args: &CallArgs, min: usize, max: usize) -> PyResult<()> {
    if args.has_kwargs() {
        return Err(vm.type_error(format!("bytes.{name}() takes no keyword arguments")));
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

/// The receiver when it is exact bytes, else a copy as bytes.
fn same_or_copy(args: &CallArgs, b: &[u8]) -> Value {
    let v = &args.pos()[0];
    if is_exact(v, types().bytes) {
        v.clone()
    } else {
        new_bytes(b.to_vec())
    }
}

// ----- searching -------------------------------------------------------------

/// First index of `needle` in `hay`.
pub fn find_bytes(hay: &[u8], needle: &[u8]) -> Option<usize> {
    match needle.len() {
        0 => Some(0),
        1 => hay.iter().position(|&b| b == needle[0]),
        n if n > hay.len() => None,
        n => hay.windows(n).position(|w| w == needle),
    }
}

/// Last index of `needle` in `hay`.
fn rfind_bytes(hay: &[u8], needle: &[u8]) -> Option<usize> {
    match needle.len() {
        0 => Some(hay.len()),
        1 => hay.iter().rposition(|&b| b == needle[0]),
        n if n > hay.len() => None,
        n => hay.windows(n).rposition(|w| w == needle),
    }
}

/// Non-overlapping occurrences of a non-empty `needle`.
fn count_bytes(hay: &[u8], needle: &[u8]) -> usize {
    let mut n = 0;
    let mut pos = 0;
    while let Some(i) = find_bytes(&hay[pos..], needle) {
        n += 1;
        pos += i + needle.len();
    }
    n
}

fn bounds(vm: &Vm, args: &CallArgs, len: usize) -> PyResult<(i64, i64)> {
    let start = slice_bound(vm, args.pos().get(2))?;
    let end = slice_bound(vm, args.pos().get(3))?;
    Ok(adjust_indices(start, end, len))
}

fn find_impl(vm: &Vm, args: &CallArgs, name: &str, right: bool) -> PyResult<i64> {
    let b = recv(vm, args, name)?;
    getargs_arity(vm, name, args, 1, 3)?;
    let sub = sub_arg(vm, &args.pos()[1])?;
    let (lo, hi) = bounds(vm, args, b.len())?;
    if hi - lo < sub.len() as i64 {
        return Ok(-1);
    }
    let hay = &b[lo as usize..hi as usize];
    let found = if right {
        rfind_bytes(hay, &sub)
    } else {
        find_bytes(hay, &sub)
    };
    Ok(found.map_or(-1, |i| lo + i as i64))
}

fn find(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    Ok(Value::Int(find_impl(vm, &args, "find", false)?))
}
fn rfind(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    Ok(Value::Int(find_impl(vm, &args, "rfind", true)?))
}
fn index(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    match find_impl(vm, &args, "index", false)? {
        -1 => Err(vm.value_error("subsection not found")),
        i => Ok(Value::Int(i)),
    }
}
fn rindex(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    match find_impl(vm, &args, "rindex", true)? {
        -1 => Err(vm.value_error("subsection not found")),
        i => Ok(Value::Int(i)),
    }
}

fn count(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let b = recv(vm, &args, "count")?;
    getargs_arity(vm, "count", &args, 1, 3)?;
    let sub = sub_arg(vm, &args.pos()[1])?;
    let (lo, hi) = bounds(vm, &args, b.len())?;
    if hi < lo {
        return Ok(Value::Int(0));
    }
    if sub.is_empty() {
        return Ok(Value::Int(hi - lo + 1));
    }
    Ok(Value::Int(
        count_bytes(&b[lo as usize..hi as usize], &sub) as i64
    ))
}

fn affix(vm: &Vm, args: CallArgs, start: bool) -> PyResult<Value> {
    let name = if start { "startswith" } else { "endswith" };
    let b = recv(vm, &args, name)?;
    getargs_arity(vm, name, &args, 1, 3)?;
    let (lo, hi) = bounds(vm, &args, b.len())?;
    let test = |p: &[u8]| {
        lo <= hi && {
            let sub = &b[lo as usize..hi as usize];
            if start {
                sub.starts_with(p)
            } else {
                sub.ends_with(p)
            }
        }
    };
    let arg = &args.pos()[1];
    if let Some(items) = crate::builtins::tuple::tuple_slice(arg) {
        for it in items {
            if test(&buffer(vm, it)?) {
                return Ok(Value::Bool(true));
            }
        }
        return Ok(Value::Bool(false));
    }
    match bytes_like(vm, arg)? {
        Some(p) => Ok(Value::Bool(test(&p))),
        None => Err(vm.type_error(format!(
            "{name} first arg must be bytes or a tuple of bytes, not {}",
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

// ----- splitting and joining -------------------------------------------------

/// ASCII whitespace as `bytes.split()`/`bytes.strip()` see it.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c')
}

fn split_whitespace(b: &[u8], maxsplit: i64, right: bool) -> Vec<&[u8]> {
    let mut out: Vec<&[u8]> = Vec::new();
    if right {
        let mut end = b.len();
        loop {
            while end > 0 && is_space(b[end - 1]) {
                end -= 1;
            }
            if end == 0 {
                break;
            }
            if maxsplit >= 0 && out.len() as i64 == maxsplit {
                out.push(&b[..end]);
                break;
            }
            let mut start = end;
            while start > 0 && !is_space(b[start - 1]) {
                start -= 1;
            }
            out.push(&b[start..end]);
            end = start;
        }
        out.reverse();
    } else {
        let mut start = 0;
        loop {
            while start < b.len() && is_space(b[start]) {
                start += 1;
            }
            if start == b.len() {
                break;
            }
            if maxsplit >= 0 && out.len() as i64 == maxsplit {
                out.push(&b[start..]);
                break;
            }
            let mut end = start;
            while end < b.len() && !is_space(b[end]) {
                end += 1;
            }
            out.push(&b[start..end]);
            start = end;
        }
    }
    out
}

fn split_sep<'a>(b: &'a [u8], sep: &[u8], maxsplit: i64, right: bool) -> Vec<&'a [u8]> {
    let limit = if maxsplit < 0 {
        usize::MAX
    } else {
        maxsplit as usize
    };
    let mut out: Vec<&[u8]> = Vec::new();
    if right {
        let mut end = b.len();
        while out.len() < limit {
            match rfind_bytes(&b[..end], sep) {
                Some(i) => {
                    out.push(&b[i + sep.len()..end]);
                    end = i;
                }
                None => break,
            }
        }
        out.push(&b[..end]);
        out.reverse();
    } else {
        let mut start = 0;
        while out.len() < limit {
            match find_bytes(&b[start..], sep) {
                Some(i) => {
                    out.push(&b[start..start + i]);
                    start += i + sep.len();
                }
                None => break,
            }
        }
        out.push(&b[start..]);
    }
    out
}

fn split_impl(vm: &Vm, args: CallArgs, right: bool) -> PyResult<Value> {
    let name = if right { "rsplit" } else { "split" };
    let b = recv(vm, &args, name)?;
    let a = method_args(vm, name, &args, &["sep", "maxsplit"], 0, 0)?;
    let maxsplit = match &a[1] {
        Some(v) => ssize_arg(vm, v)?,
        None => -1,
    };
    let parts = match &a[0] {
        None | Some(Value::None) => split_whitespace(b, maxsplit, right),
        Some(v) => {
            let sep = buffer(vm, v)?;
            if sep.is_empty() {
                return Err(vm.value_error("empty separator"));
            }
            split_sep(b, &sep, maxsplit, right)
        }
    };
    Ok(crate::builtins::list::new_list(
        parts.into_iter().map(|p| new_bytes(p.to_vec())).collect(),
    ))
}

fn split(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    split_impl(vm, args, false)
}
fn rsplit(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    split_impl(vm, args, true)
}

fn join(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let sep = recv(vm, &args, "join")?;
    check_arity(vm, "bytes", "join", &args, 1, 1)?;
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
    let mut out = Vec::new();
    for (i, it) in items.iter().enumerate() {
        if i > 0 {
            out.extend_from_slice(sep);
        }
        match bytes_like(vm, it)? {
            Some(b) => out.extend_from_slice(&b),
            None => {
                return Err(vm.type_error(format!(
                    "sequence item {i}: expected a bytes-like object, {} found",
                    vm.type_name(it)
                )))
            }
        }
    }
    Ok(new_bytes(out))
}

fn partition_impl(vm: &Vm, args: CallArgs, right: bool) -> PyResult<Value> {
    let name = if right { "rpartition" } else { "partition" };
    let b = recv(vm, &args, name)?;
    check_arity(vm, "bytes", name, &args, 1, 1)?;
    let sep = buffer(vm, &args.pos()[1])?;
    let sep: &[u8] = &sep;
    if sep.is_empty() {
        return Err(vm.value_error("empty separator"));
    }
    let found = if right {
        rfind_bytes(b, sep)
    } else {
        find_bytes(b, sep)
    };
    // As in CPython, a found separator is the argument object itself.
    let parts = match found {
        Some(i) => [
            new_bytes(b[..i].to_vec()),
            args.pos()[1].clone(),
            new_bytes(b[i + sep.len()..].to_vec()),
        ],
        None if right => [
            new_bytes(Vec::new()),
            new_bytes(Vec::new()),
            new_bytes(b.to_vec()),
        ],
        None => [
            new_bytes(b.to_vec()),
            new_bytes(Vec::new()),
            new_bytes(Vec::new()),
        ],
    };
    Ok(crate::builtins::tuple::new_tuple(parts.to_vec()))
}

fn partition(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    partition_impl(vm, args, false)
}
fn rpartition(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    partition_impl(vm, args, true)
}

/// The lines of `b`, split at `\n`, `\r` and `\r\n`.
fn lines(b: &[u8], keepends: bool) -> Vec<&[u8]> {
    let mut out = Vec::new();
    let (mut i, mut start) = (0, 0);
    while i < b.len() {
        let c = b[i];
        i += 1;
        if c == b'\n' || c == b'\r' {
            let eol = i - 1;
            if c == b'\r' && b.get(i) == Some(&b'\n') {
                i += 1;
            }
            out.push(if keepends {
                &b[start..i]
            } else {
                &b[start..eol]
            });
            start = i;
        }
    }
    if start < b.len() {
        out.push(&b[start..]);
    }
    out
}

fn splitlines(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let b = recv(vm, &args, "splitlines")?;
    let a = method_args(vm, "splitlines", &args, &["keepends"], 0, 0)?;
    let keepends = match &a[0] {
        Some(v) => ops::index_i64(vm, v)? != 0,
        None => false,
    };
    Ok(crate::builtins::list::new_list(
        lines(b, keepends)
            .into_iter()
            .map(|l| new_bytes(l.to_vec()))
            .collect(),
    ))
}

// ----- transformations -------------------------------------------------------

fn replace(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let b = recv(vm, &args, "replace")?;
    check_arity(vm, "bytes", "replace", &args, 2, 3)?;
    let old = buffer(vm, &args.pos()[1])?;
    let new = buffer(vm, &args.pos()[2])?;
    let (old, new): (&[u8], &[u8]) = (&old, &new);
    let count = match args.pos().get(3) {
        Some(v) => ssize_arg(vm, v)?,
        None => -1,
    };
    let limit = if count < 0 {
        usize::MAX
    } else {
        count as usize
    };
    let mut out = Vec::with_capacity(b.len());
    let mut n = 0;
    if old.is_empty() {
        for &c in b {
            if n < limit {
                out.extend_from_slice(new);
                n += 1;
            }
            out.push(c);
        }
        if n < limit {
            out.extend_from_slice(new);
        }
        return Ok(new_bytes(out));
    }
    let mut pos = 0;
    while n < limit {
        match find_bytes(&b[pos..], old) {
            Some(i) => {
                out.extend_from_slice(&b[pos..pos + i]);
                out.extend_from_slice(new);
                pos += i + old.len();
                n += 1;
            }
            None => break,
        }
    }
    out.extend_from_slice(&b[pos..]);
    Ok(new_bytes(out))
}

fn strip_impl(vm: &Vm, args: CallArgs, name: &str, left: bool, right: bool) -> PyResult<Value> {
    let b = recv(vm, &args, name)?;
    check_arity(vm, "bytes", name, &args, 0, 1)?;
    let set: Option<Cow<[u8]>> = match args.pos().get(1) {
        None | Some(Value::None) => None,
        Some(v) => Some(buffer(vm, v)?),
    };
    let set = set.as_deref();
    let strip = |c: u8| match set {
        None => is_space(c),
        Some(s) => s.contains(&c),
    };
    let mut lo = 0;
    let mut hi = b.len();
    if left {
        while lo < hi && strip(b[lo]) {
            lo += 1;
        }
    }
    if right {
        while hi > lo && strip(b[hi - 1]) {
            hi -= 1;
        }
    }
    if lo == 0 && hi == b.len() {
        return Ok(same_or_copy(&args, b));
    }
    Ok(new_bytes(b[lo..hi].to_vec()))
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

fn title_bytes(b: &[u8]) -> Vec<u8> {
    let mut prev_cased = false;
    b.iter()
        .map(|&c| {
            let r = if prev_cased {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            };
            prev_cased = c.is_ascii_alphabetic();
            r
        })
        .collect()
}

fn capitalize_bytes(b: &[u8]) -> Vec<u8> {
    b.iter()
        .enumerate()
        .map(|(i, c)| {
            if i == 0 {
                c.to_ascii_uppercase()
            } else {
                c.to_ascii_lowercase()
            }
        })
        .collect()
}

fn swapcase_bytes(b: &[u8]) -> Vec<u8> {
    b.iter()
        .map(|&c| {
            if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            }
        })
        .collect()
}

fn case_method(vm: &Vm, args: CallArgs, name: &str, f: fn(&[u8]) -> Vec<u8>) -> PyResult<Value> {
    let b = recv(vm, &args, name)?;
    check_arity(vm, "bytes", name, &args, 0, 0)?;
    Ok(new_bytes(f(b)))
}

fn upper(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    case_method(vm, args, "upper", |b| b.to_ascii_uppercase())
}
fn lower(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    case_method(vm, args, "lower", |b| b.to_ascii_lowercase())
}
fn title(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    case_method(vm, args, "title", title_bytes)
}
fn capitalize(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    case_method(vm, args, "capitalize", capitalize_bytes)
}
fn swapcase(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    case_method(vm, args, "swapcase", swapcase_bytes)
}

// ----- predicates ------------------------------------------------------------

fn predicate(vm: &Vm, args: CallArgs, name: &str, f: fn(&[u8]) -> bool) -> PyResult<Value> {
    let b = recv(vm, &args, name)?;
    check_arity(vm, "bytes", name, &args, 0, 0)?;
    Ok(Value::Bool(f(b)))
}

fn all_bytes(b: &[u8], f: fn(&u8) -> bool) -> bool {
    !b.is_empty() && b.iter().all(f)
}

fn isupper_bytes(b: &[u8]) -> bool {
    b.iter().any(u8::is_ascii_uppercase) && !b.iter().any(u8::is_ascii_lowercase)
}

fn islower_bytes(b: &[u8]) -> bool {
    b.iter().any(u8::is_ascii_lowercase) && !b.iter().any(u8::is_ascii_uppercase)
}

fn istitle_bytes(b: &[u8]) -> bool {
    let (mut cased, mut prev_cased) = (false, false);
    for c in b {
        if c.is_ascii_uppercase() {
            if prev_cased {
                return false;
            }
            prev_cased = true;
            cased = true;
        } else if c.is_ascii_lowercase() {
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

fn isdigit(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    predicate(vm, args, "isdigit", |b| all_bytes(b, u8::is_ascii_digit))
}
fn isalpha(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    predicate(vm, args, "isalpha", |b| {
        all_bytes(b, u8::is_ascii_alphabetic)
    })
}
fn isalnum(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    predicate(vm, args, "isalnum", |b| {
        all_bytes(b, u8::is_ascii_alphanumeric)
    })
}
fn isspace(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    predicate(vm, args, "isspace", |b| all_bytes(b, |c| is_space(*c)))
}
fn isupper(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    predicate(vm, args, "isupper", isupper_bytes)
}
fn islower(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    predicate(vm, args, "islower", islower_bytes)
}
fn istitle(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    predicate(vm, args, "istitle", istitle_bytes)
}
fn isascii(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    predicate(vm, args, "isascii", |b| b.is_ascii())
}

// ----- padding, prefixes, tabs -----------------------------------------------

fn justify(vm: &Vm, args: CallArgs, name: &str) -> PyResult<Value> {
    let b = recv(vm, &args, name)?;
    check_arity(vm, "bytes", name, &args, 1, 2)?;
    let width = ssize_arg(vm, &args.pos()[1])?;
    let fill = match args.pos().get(2) {
        None => b' ',
        Some(v) => match bytes_of(v) {
            Some([c]) => *c,
            _ => {
                return Err(vm.type_error(format!(
                    "{name}() argument 2 must be a byte string of length 1, not {}",
                    vm.type_name(v)
                )))
            }
        },
    };
    let marg = width - b.len() as i64;
    if marg <= 0 {
        return Ok(same_or_copy(&args, b));
    }
    let (left, right) = match name {
        "ljust" => (0, marg),
        "rjust" => (marg, 0),
        _ => {
            let left = marg / 2 + (marg & width & 1);
            (left, marg - left)
        }
    };
    let mut out = Vec::with_capacity(width as usize);
    out.resize(left as usize, fill);
    out.extend_from_slice(b);
    out.resize(out.len() + right as usize, fill);
    Ok(new_bytes(out))
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
    let b = recv(vm, &args, "zfill")?;
    check_arity(vm, "bytes", "zfill", &args, 1, 1)?;
    let width = ssize_arg(vm, &args.pos()[1])?;
    if width <= b.len() as i64 {
        return Ok(same_or_copy(&args, b));
    }
    let fill = width as usize - b.len();
    let mut out = Vec::with_capacity(width as usize);
    let rest = match b.first() {
        Some(&sign @ (b'+' | b'-')) => {
            out.push(sign);
            &b[1..]
        }
        _ => b,
    };
    out.resize(out.len() + fill, b'0');
    out.extend_from_slice(rest);
    Ok(new_bytes(out))
}

fn remove_affix(vm: &Vm, args: CallArgs, prefix: bool) -> PyResult<Value> {
    let name = if prefix {
        "removeprefix"
    } else {
        "removesuffix"
    };
    let b = recv(vm, &args, name)?;
    check_arity(vm, "bytes", name, &args, 1, 1)?;
    let p = buffer(vm, &args.pos()[1])?;
    let p: &[u8] = &p;
    let rest = if prefix {
        b.strip_prefix(p)
    } else {
        b.strip_suffix(p)
    };
    match rest {
        Some(r) if !p.is_empty() => Ok(new_bytes(r.to_vec())),
        _ => Ok(same_or_copy(&args, b)),
    }
}

fn removeprefix(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    remove_affix(vm, args, true)
}
fn removesuffix(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    remove_affix(vm, args, false)
}

fn expandtabs(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let b = recv(vm, &args, "expandtabs")?;
    let a = method_args(vm, "expandtabs", &args, &["tabsize"], 0, 0)?;
    let tabsize = match &a[0] {
        Some(v) => int_arg(vm, v)?,
        None => 8,
    };
    let mut out = Vec::with_capacity(b.len());
    let mut col: i64 = 0;
    for &c in b {
        if c == b'\t' {
            if tabsize > 0 {
                let incr = tabsize - col % tabsize;
                col += incr;
                out.resize(out.len() + incr as usize, b' ');
            }
        } else {
            col += 1;
            out.push(c);
            if c == b'\n' || c == b'\r' {
                col = 0;
            }
        }
    }
    Ok(new_bytes(out))
}

fn translate(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let b = recv(vm, &args, "translate")?;
    let a = method_args(vm, "translate", &args, &["table", "delete"], 1, 1)?;
    let table = match &a[0] {
        None | Some(Value::None) => None,
        Some(v) => {
            let t = buffer(vm, v)?;
            if t.len() != 256 {
                return Err(vm.value_error("translation table must be 256 characters long"));
            }
            Some(t)
        }
    };
    let delete: Cow<[u8]> = match &a[1] {
        None => Cow::Borrowed(&[]),
        Some(v) => buffer(vm, v)?,
    };
    let table = table.as_deref();
    let out: Vec<u8> = b
        .iter()
        .filter(|c| !delete.contains(c))
        .map(|&c| table.map_or(c, |t| t[c as usize]))
        .collect();
    Ok(new_bytes(out))
}

fn maketrans(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    // A staticmethod: no receiver in `args`.
    if args.has_kwargs() {
        return Err(vm.type_error("maketrans() takes no keyword arguments"));
    }
    let p = args.pos();
    if p.len() != 2 {
        return Err(vm.type_error(format!("maketrans expected 2 arguments, got {}", p.len())));
    }
    let from = buffer(vm, &p[0])?;
    let to = buffer(vm, &p[1])?;
    if from.len() != to.len() {
        return Err(vm.value_error("maketrans arguments must have same length"));
    }
    let mut table: Vec<u8> = (0..=255).collect();
    for (&f, &t) in from.iter().zip(to.iter()) {
        table[f as usize] = t;
    }
    Ok(new_bytes(table))
}

// ----- hex, decode -------------------------------------------------------------

/// `b.hex(sep, bytes_per_sep)`
pub fn hex_string(b: &[u8], sep: Option<char>, bytes_per_sep: i64) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let group = bytes_per_sep.unsigned_abs() as usize;
    let mut out = String::with_capacity(b.len() * 3);
    for (i, &x) in b.iter().enumerate() {
        if let Some(s) = sep.filter(|_| group > 0 && i > 0) {
            // Groups are counted from the right for a positive count.
            let boundary = if bytes_per_sep > 0 {
                (b.len() - i).is_multiple_of(group)
            } else {
                i.is_multiple_of(group)
            };
            if boundary {
                out.push(s);
            }
        }
        out.push(DIGITS[(x >> 4) as usize] as char);
        out.push(DIGITS[(x & 15) as usize] as char);
    }
    out
}

fn hex(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let b = recv(vm, &args, "hex")?;
    let a = method_args(vm, "hex", &args, &["sep", "bytes_per_sep"], 0, 0)?;
    let sep = match &a[0] {
        None => None,
        Some(v) => {
            let text: Vec<char> = if let Some(s) = v.as_obj().and_then(|o| o.as_str()) {
                s.chars().collect()
            } else if let Some(bs) = bytes_of(v) {
                bs.iter().map(|&c| c as char).collect()
            } else {
                return Err(
                    vm.type_error(format!("object of type '{}' has no len()", vm.type_name(v)))
                );
            };
            if text.len() != 1 {
                return Err(vm.value_error("sep must be length 1."));
            }
            if !text[0].is_ascii() {
                return Err(vm.value_error("sep must be ASCII."));
            }
            Some(text[0])
        }
    };
    let per = match &a[1] {
        Some(v) => ssize_arg(vm, v)?,
        None => 1,
    };
    Ok(new_str(hex_string(b, sep, per)))
}

fn fromhex(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    if args.has_kwargs() {
        return Err(vm.type_error("bytes.fromhex() takes no keyword arguments"));
    }
    if args.pos().len() != 2 {
        return Err(vm.type_error(format!(
            "bytes.fromhex() takes exactly one argument ({} given)",
            args.pos().len().saturating_sub(1)
        )));
    }
    let v = &args.pos()[1];
    let s = v.as_obj().and_then(|o| o.as_str()).ok_or_else(|| {
        vm.type_error(format!(
            "fromhex() argument must be str, not {}",
            vm.type_name(v)
        ))
    })?;
    let digits: Vec<char> = s.chars().collect();
    let is_ws = |c: char| matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0b' | '\x0c');
    let mut out = Vec::with_capacity(digits.len() / 2);
    let mut i = 0;
    while i < digits.len() {
        if is_ws(digits[i]) {
            i += 1;
            continue;
        }
        let hi = digits[i].to_digit(16);
        let lo = digits.get(i + 1).and_then(|c| c.to_digit(16));
        match (hi, lo) {
            (Some(h), Some(l)) => out.push((h * 16 + l) as u8),
            _ => {
                let pos = if hi.is_none() { i } else { i + 1 };
                return Err(vm.value_error(format!(
                    "non-hexadecimal number found in fromhex() arg at position {pos}"
                )));
            }
        }
        i += 2;
    }
    Ok(new_bytes(out))
}

fn decode_m(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let b = recv(vm, &args, "decode")?;
    let a = method_args(vm, "decode", &args, &["encoding", "errors"], 0, 0)?;
    Ok(new_str(decode(vm, b, a[0].as_ref(), a[1].as_ref())?))
}

// ----- special-method descriptors ----------------------------------------------

fn dunder_len(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let b = recv(vm, &args, "__len__")?;
    check_arity(vm, "bytes", "__len__", &args, 0, 0)?;
    Ok(Value::Int(b.len() as i64))
}

/// `b[key]` with CPython's messages (an int for an index, bytes for a
/// slice).
pub fn bytes_getitem(vm: &Vm, b: &[u8], key: &Value) -> PyResult<Value> {
    if let Some(Payload::Slice(lo, hi, step)) = key.as_obj().map(|o| &o.payload) {
        let s = crate::builtins::subscript::slice_indices(vm, lo, hi, step, b.len())?;
        return Ok(new_bytes(s.indices().map(|i| b[i]).collect()));
    }
    if !crate::builtins::int::is_int_like(key) && ops::special(key, "__index__").is_none() {
        return Err(vm.type_error(format!(
            "byte indices must be integers or slices, not {}",
            vm.type_name(key)
        )));
    }
    let i = ops::index_i64(vm, key)?;
    let j = if i < 0 { i + b.len() as i64 } else { i };
    if j < 0 || j >= b.len() as i64 {
        return Err(vm.index_error("index out of range"));
    }
    Ok(Value::Int(b[j as usize] as i64))
}

/// `item in b`: an int byte (range-checked) or a bytes-like substring.
pub fn bytes_contains(vm: &Vm, b: &[u8], item: &Value) -> PyResult<bool> {
    if let Some(x) = byte_value(vm, item)? {
        return Ok(b.contains(&x));
    }
    Ok(find_bytes(b, &buffer(vm, item)?).is_some())
}

fn dunder_getitem(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let b = recv(vm, &args, "__getitem__")?;
    check_arity(vm, "bytes", "__getitem__", &args, 1, 1)?;
    bytes_getitem(vm, b, &args.pos()[1])
}

fn dunder_contains(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let b = recv(vm, &args, "__contains__")?;
    check_arity(vm, "bytes", "__contains__", &args, 1, 1)?;
    Ok(Value::Bool(bytes_contains(vm, b, &args.pos()[1])?))
}

fn dunder_add(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let b = recv(vm, &args, "__add__")?;
    check_arity(vm, "bytes", "__add__", &args, 1, 1)?;
    let v = &args.pos()[1];
    let other = bytes_like(vm, v)?
        .ok_or_else(|| vm.type_error(format!("can't concat {} to bytes", vm.type_name(v))))?;
    let mut out = Vec::with_capacity(b.len() + other.len());
    out.extend_from_slice(b);
    out.extend_from_slice(&other);
    Ok(new_bytes(out))
}

fn repeat(vm: &Vm, args: CallArgs, name: &str) -> PyResult<Value> {
    let b = recv(vm, &args, name)?;
    check_arity(vm, "bytes", name, &args, 1, 1)?;
    let n = ops::index_of(vm, &args.pos()[1])?;
    let count = match n.to_i64() {
        Some(c) if c <= 0 => return Ok(new_bytes(Vec::new())),
        Some(c) => c as usize,
        None if n.sign() == num_bigint::Sign::Minus => return Ok(new_bytes(Vec::new())),
        None => return Err(vm.overflow_error("cannot fit 'int' into an index-sized integer")),
    };
    if b.len()
        .checked_mul(count)
        .is_none_or(|t| t > isize::MAX as usize)
    {
        return Err(vm.overflow_error("repeated bytes are too long"));
    }
    Ok(new_bytes(b.repeat(count)))
}

fn dunder_mul(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    repeat(vm, args, "__mul__")
}
fn dunder_rmul(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    repeat(vm, args, "__rmul__")
}

fn compare(
    vm: &Vm,
    args: CallArgs,
    name: &str,
    op: fn(std::cmp::Ordering) -> bool,
) -> PyResult<Value> {
    let b = recv(vm, &args, name)?;
    check_arity(vm, "bytes", name, &args, 1, 1)?;
    match bytes_of(&args.pos()[1]) {
        Some(o) => Ok(Value::Bool(op(b.cmp(o)))),
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
    let b = recv(vm, &args, "__hash__")?;
    check_arity(vm, "bytes", "__hash__", &args, 0, 0)?;
    Ok(Value::Int(vm.hash(&new_bytes(b.to_vec()))?))
}

fn dunder_iter(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    recv(vm, &args, "__iter__")?;
    check_arity(vm, "bytes", "__iter__", &args, 0, 0)?;
    Ok(crate::iterators::new_iter(
        crate::iterators::IterState::Bytes {
            b: args.pos()[0].clone(),
            index: 0,
        },
    ))
}

fn dunder_repr(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let b = recv(vm, &args, "__repr__")?;
    check_arity(vm, "bytes", "__repr__", &args, 0, 0)?;
    Ok(new_str(crate::builtins::repr::repr_bytes(b)))
}

fn dunder_str(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let b = recv(vm, &args, "__str__")?;
    check_arity(vm, "bytes", "__str__", &args, 0, 0)?;
    Ok(new_str(crate::builtins::repr::repr_bytes(b)))
}

fn dunder_getnewargs(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let b = recv(vm, &args, "__getnewargs__")?;
    check_arity(vm, "bytes", "__getnewargs__", &args, 0, 0)?;
    Ok(crate::builtins::tuple::new_tuple(vec![new_bytes(
        b.to_vec(),
    )]))
}

fn dunder_sizeof(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let b = recv(vm, &args, "__sizeof__")?;
    check_arity(vm, "bytes", "__sizeof__", &args, 0, 0)?;
    Ok(Value::Int(33 + b.len() as i64))
}

/// Registers bytes methods.
pub fn register(_r: &mut BuiltinRegistry) {
    let b = types().bytes;
    add_method(b, "decode", decode_m);
    add_method(b, "hex", hex);
    add_classmethod(b, "fromhex", fromhex);
    add_staticmethod(b, "maketrans", maketrans);
    add_method(b, "count", count);
    add_method(b, "find", find);
    add_method(b, "rfind", rfind);
    add_method(b, "index", index);
    add_method(b, "rindex", rindex);
    add_method(b, "startswith", startswith);
    add_method(b, "endswith", endswith);
    add_method(b, "split", split);
    add_method(b, "rsplit", rsplit);
    add_method(b, "join", join);
    add_method(b, "partition", partition);
    add_method(b, "rpartition", rpartition);
    add_method(b, "splitlines", splitlines);
    add_method(b, "replace", replace);
    add_method(b, "strip", strip);
    add_method(b, "lstrip", lstrip);
    add_method(b, "rstrip", rstrip);
    add_method(b, "upper", upper);
    add_method(b, "lower", lower);
    add_method(b, "title", title);
    add_method(b, "capitalize", capitalize);
    add_method(b, "swapcase", swapcase);
    add_method(b, "isdigit", isdigit);
    add_method(b, "isalpha", isalpha);
    add_method(b, "isalnum", isalnum);
    add_method(b, "isspace", isspace);
    add_method(b, "isupper", isupper);
    add_method(b, "islower", islower);
    add_method(b, "istitle", istitle);
    add_method(b, "isascii", isascii);
    add_method(b, "center", center);
    add_method(b, "ljust", ljust);
    add_method(b, "rjust", rjust);
    add_method(b, "zfill", zfill);
    add_method(b, "removeprefix", removeprefix);
    add_method(b, "removesuffix", removesuffix);
    add_method(b, "expandtabs", expandtabs);
    add_method(b, "translate", translate);
    add_method(b, "__len__", dunder_len);
    add_method(b, "__getitem__", dunder_getitem);
    add_method(b, "__contains__", dunder_contains);
    add_method(b, "__add__", dunder_add);
    add_method(b, "__mul__", dunder_mul);
    add_method(b, "__rmul__", dunder_rmul);
    add_method(b, "__eq__", dunder_eq);
    add_method(b, "__ne__", dunder_ne);
    add_method(b, "__lt__", dunder_lt);
    add_method(b, "__le__", dunder_le);
    add_method(b, "__gt__", dunder_gt);
    add_method(b, "__ge__", dunder_ge);
    add_method(b, "__hash__", dunder_hash);
    add_method(b, "__iter__", dunder_iter);
    add_method(b, "__repr__", dunder_repr);
    add_method(b, "__str__", dunder_str);
    add_method(b, "__getnewargs__", dunder_getnewargs);
    add_method(b, "__sizeof__", dunder_sizeof);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_groups_like_cpython() {
        assert_eq!(hex_string(&[1, 2, 3], Some(':'), 2), "01:0203");
        assert_eq!(hex_string(&[1, 2, 3], Some(':'), -2), "0102:03");
        assert_eq!(hex_string(&[1, 2, 3], Some('-'), 0), "010203");
        assert_eq!(hex_string(&[0xde, 0xad], None, 1), "dead");
    }

    #[test]
    fn splitting_and_searching() {
        assert_eq!(
            split_whitespace(b" a b  c ", 1, true),
            vec![&b" a b"[..], b"c"]
        );
        assert_eq!(split_sep(b"a,b,c", b",", 1, false), vec![&b"a"[..], b"b,c"]);
        assert_eq!(split_sep(b"aaa", b"aa", -1, true), vec![&b"a"[..], b""]);
        assert_eq!(
            lines(b"a\r\nb\rc\n", true),
            vec![&b"a\r\n"[..], b"b\r", b"c\n"]
        );
        assert_eq!(count_bytes(b"aaaa", b"aa"), 2);
        assert_eq!(rfind_bytes(b"abcabc", b"bc"), Some(4));
    }
}
