//! `bytes`: construction, encoding/decoding (utf-8, ascii, latin-1) and the
//! basic methods.

use crate::builtins::args::arg_count;
use crate::builtins::types::types;
use crate::builtins::{add_method, add_classmethod, BuiltinRegistry};
use crate::function::CallArgs;
use crate::object::{Object, Payload};
use crate::ops;
use crate::strobj::new_str;
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

/// A new bytes value.
pub fn new_bytes(b: Vec<u8>) -> Value {
    Value::Obj(ObjRef::new(Object::new(types().bytes, Payload::Bytes(b.into_boxed_slice()))))
}

fn enc_name(vm: &Vm, v: Option<&Value>) -> PyResult<String> {
    match v {
        None => Ok("utf-8".into()),
        Some(v) => Ok(v
            .as_obj()
            .and_then(|o| o.as_str())
            .ok_or_else(|| vm.type_error("encoding must be str"))?
            .to_ascii_lowercase()
            .replace('_', "-")),
    }
}

/// `str.encode(encoding, errors)`
pub fn encode(vm: &Vm, s: &str, encoding: Option<&Value>, errors: Option<&Value>) -> PyResult<Value> {
    let enc = enc_name(vm, encoding)?;
    let strict = errors.and_then(|e| e.as_obj().and_then(|o| o.as_str())).map(|e| e == "strict").unwrap_or(true);
    match enc.as_str() {
        "utf-8" | "utf8" => Ok(new_bytes(s.as_bytes().to_vec())),
        "ascii" | "latin-1" | "latin1" | "iso-8859-1" => {
            let limit = if enc == "ascii" { 128 } else { 256 };
            let mut out = Vec::with_capacity(s.len());
            for (i, c) in s.chars().enumerate() {
                if (c as u32) < limit {
                    out.push(c as u32 as u8);
                } else if strict {
                    return Err(vm.new_error(
                        types().exc.unicode_encode_error,
                        format!(
                            "'{}' codec can't encode character '\\x{:x}' in position {}: ordinal not in range({})",
                            if enc == "ascii" { "ascii" } else { "latin-1" },
                            c as u32,
                            i,
                            limit
                        ),
                    ));
                } else {
                    out.push(b'?');
                }
            }
            Ok(new_bytes(out))
        }
        other => Err(vm.new_error(types().exc.lookup_error, format!("unknown encoding: {other}"))),
    }
}

/// `bytes.decode(encoding, errors)`
pub fn decode(vm: &Vm, b: &[u8], encoding: Option<&Value>, errors: Option<&Value>) -> PyResult<String> {
    let enc = enc_name(vm, encoding)?;
    let errs = errors.and_then(|e| e.as_obj().and_then(|o| o.as_str()).map(|s| s.to_string())).unwrap_or_else(|| "strict".into());
    match enc.as_str() {
        "utf-8" | "utf8" => match std::str::from_utf8(b) {
            Ok(s) => Ok(s.to_string()),
            Err(e) => {
                if errs == "replace" {
                    return Ok(String::from_utf8_lossy(b).to_string());
                }
                if errs == "ignore" {
                    return Ok(String::from_utf8_lossy(b).replace('\u{fffd}', ""));
                }
                let pos = e.valid_up_to();
                Err(vm.new_error(
                    types().exc.unicode_decode_error,
                    format!(
                        "'utf-8' codec can't decode byte 0x{:02x} in position {}: {}",
                        b[pos],
                        pos,
                        if e.error_len().is_none() { "unexpected end of data" } else { "invalid start byte" }
                    ),
                ))
            }
        },
        "ascii" => {
            let mut out = String::new();
            for (i, &c) in b.iter().enumerate() {
                if c < 128 {
                    out.push(c as char);
                } else if errs == "strict" {
                    return Err(vm.new_error(
                        types().exc.unicode_decode_error,
                        format!("'ascii' codec can't decode byte 0x{c:02x} in position {i}: ordinal not in range(128)"),
                    ));
                } else if errs == "replace" {
                    out.push('\u{fffd}');
                }
            }
            Ok(out)
        }
        "latin-1" | "latin1" | "iso-8859-1" => Ok(b.iter().map(|&c| c as char).collect()),
        other => Err(vm.new_error(types().exc.lookup_error, format!("unknown encoding: {other}"))),
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
            if let Some(n) = crate::builtins::int::as_i64_like(v) {
                if n < 0 {
                    return Err(vm.value_error("negative count"));
                }
                return Ok(new_bytes(vec![0; n as usize]));
            }
            if let Some(Payload::Bytes(b)) = v.as_obj().map(|o| &o.payload) {
                return Ok(new_bytes(b.to_vec()));
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

fn this<'a>(vm: &Vm, args: &'a CallArgs) -> PyResult<&'a [u8]> {
    match args.pos().first().and_then(|v| v.as_obj()).map(|o| &o.payload) {
        Some(Payload::Bytes(b)) => Ok(b),
        _ => Err(vm.type_error("descriptor requires a 'bytes' object")),
    }
}

fn decode_m(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let b = this(vm, &args)?;
    let enc = args.pos().get(1).or(args.kwarg("encoding"));
    let errs = args.pos().get(2).or(args.kwarg("errors"));
    Ok(new_str(decode(vm, b, enc, errs)?))
}

fn hex(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "hex", &args, 1, 1)?;
    let b = this(vm, &args)?;
    Ok(new_str(b.iter().map(|x| format!("{x:02x}")).collect::<String>()))
}

fn fromhex(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "fromhex", &args, 2, 2)?;
    let s = args.pos()[1].as_obj().and_then(|o| o.as_str()).ok_or_else(|| vm.type_error("fromhex() argument must be str"))?;
    let digits: Vec<char> = s.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < digits.len() {
        if digits[i].is_whitespace() {
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

/// Registers bytes methods.
pub fn register(_r: &mut BuiltinRegistry) {
    let b = types().bytes;
    add_method(b, "decode", decode_m);
    add_method(b, "hex", hex);
    add_classmethod(b, "fromhex", fromhex);
}
