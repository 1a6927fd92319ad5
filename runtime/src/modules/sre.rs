//! The `_sre` module: the native half of `re` over the `weft-sre` engine.
//! It compiles patterns into opaque, immutable (thread-shareable) pattern
//! handles and runs them; `runtime/lib/re.py` builds the Python API on top.

use crate::builtins::list::new_list;
use crate::builtins::tuple::new_tuple;
use crate::function::CallArgs;
use crate::object::{Object, Payload};
use crate::ops;
use crate::strobj::new_str;
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};
use std::sync::OnceLock;
use weft_sre::{Captures, Mode, Regex};

fn arg<'a>(vm: &Vm, a: &CallArgs<'a>, i: usize) -> PyResult<&'a Value> {
    super::handle_arg(vm, a, i, "_sre")
}

fn regex<'a>(vm: &Vm, v: &'a Value) -> PyResult<&'a Regex> {
    super::handle_state(vm, v, "compiled pattern")
}

fn class() -> &'static Object {
    static CLS: OnceLock<&'static Object> = OnceLock::new();
    CLS.get_or_init(|| super::new_native_class("SRE_Pattern", "_sre"))
}

/// `compile(pattern, flags)`: a pattern handle, or `(message, position)`
/// when the pattern is invalid.
fn compile(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let p = arg(vm, &a, 0)?;
    let flags = ops::index_i64(vm, arg(vm, &a, 1)?)? as u32;
    let (cps, bytes): (Vec<u32>, bool) = match p.as_obj().map(|o| &o.payload) {
        Some(Payload::Str(s)) => (s.as_str().chars().map(|c| c as u32).collect(), false),
        Some(Payload::Bytes(b)) => (b.iter().map(|&c| c as u32).collect(), true),
        _ => return Err(vm.type_error("first argument must be string or compiled pattern")),
    };
    match weft_sre::compile(&cps, bytes, flags) {
        Ok(r) => Ok(Value::Obj(ObjRef::new(Object::new(
            class(),
            Payload::Native(Box::new(r)),
        )))),
        Err(e) => Ok(new_tuple(vec![
            new_str(e.msg),
            e.pos.map_or(Value::None, |p| Value::Int(p as i64)),
        ])),
    }
}

/// `info(handle)`: `(groups, [(name, index), ...], flags)`.
fn info(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let r = regex(vm, arg(vm, &a, 0)?)?;
    let names = r
        .names
        .iter()
        .map(|(n, i)| new_tuple(vec![new_str(n.as_str()), Value::Int(*i as i64)]))
        .collect();
    Ok(new_tuple(vec![
        Value::Int(r.groups as i64),
        new_list(names),
        Value::Int(r.flags as i64),
    ]))
}

/// A match as a flat tuple: `(lastindex or -1, start0, end0, start1, ...)`
/// with -1 for groups that did not take part.
fn captures_value(c: &Captures) -> Value {
    let mut v = Vec::with_capacity(1 + 2 * c.spans.len());
    v.push(Value::Int(c.lastindex.map_or(-1, |i| i as i64)));
    for s in &c.spans {
        let (a, b) = s.map_or((-1, -1), |(a, b)| (a as i64, b as i64));
        v.push(Value::Int(a));
        v.push(Value::Int(b));
    }
    new_tuple(v)
}

/// A subject's code points: borrowed bytes (bytes, or an ASCII str) or the
/// chars of a non-ASCII str.
enum Subject<'a> {
    Bytes(&'a [u8]),
    Chars(Vec<char>),
}

impl Subject<'_> {
    fn of<'a>(vm: &Vm, s: &'a Value) -> PyResult<Subject<'a>> {
        match s.as_obj().map(|o| &o.payload) {
            Some(Payload::Str(st)) if st.is_ascii() => Ok(Subject::Bytes(st.as_str().as_bytes())),
            Some(Payload::Str(st)) => Ok(Subject::Chars(st.as_str().chars().collect())),
            Some(Payload::Bytes(b)) => Ok(Subject::Bytes(b)),
            _ => Err(vm.type_error("expected string or bytes-like object")),
        }
    }

    fn exec(
        &self,
        r: &Regex,
        pos: usize,
        endpos: usize,
        mode: Mode,
        adv: bool,
    ) -> Option<Captures> {
        match self {
            Subject::Bytes(b) => r.exec(*b, pos, endpos, mode, adv),
            Subject::Chars(c) => r.exec(&c[..], pos, endpos, mode, adv),
        }
    }

    fn find_all(&self, r: &Regex, pos: usize, endpos: usize) -> Vec<Captures> {
        match self {
            Subject::Bytes(b) => r.find_all(*b, pos, endpos),
            Subject::Chars(c) => r.find_all(&c[..], pos, endpos),
        }
    }
}

fn index_arg(vm: &Vm, v: &Value) -> PyResult<usize> {
    Ok(ops::index_i64(vm, v)?.max(0) as usize)
}

/// `exec(handle, string, pos, endpos, mode, must_advance)` with mode 0
/// (match), 1 (fullmatch) or 2 (search): a flat span tuple or None.
fn exec(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let r = regex(vm, arg(vm, &a, 0)?)?;
    let pos = index_arg(vm, arg(vm, &a, 2)?)?;
    let endpos = index_arg(vm, arg(vm, &a, 3)?)?;
    let mode = match ops::index_i64(vm, arg(vm, &a, 4)?)? {
        0 => Mode::Match,
        1 => Mode::FullMatch,
        _ => Mode::Search,
    };
    let adv = ops::truthy(vm, arg(vm, &a, 5)?)?;
    let found = Subject::of(vm, arg(vm, &a, 1)?)?.exec(r, pos, endpos, mode, adv);
    Ok(found.as_ref().map_or(Value::None, captures_value))
}

/// `find_all(handle, string, pos, endpos)`: the span tuples of all the
/// successive matches `finditer` yields.
fn find_all(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let r = regex(vm, arg(vm, &a, 0)?)?;
    let pos = index_arg(vm, arg(vm, &a, 2)?)?;
    let endpos = index_arg(vm, arg(vm, &a, 3)?)?;
    let all = Subject::of(vm, arg(vm, &a, 1)?)?.find_all(r, pos, endpos);
    Ok(new_list(all.iter().map(captures_value).collect()))
}

/// Builds the module.
pub fn make() -> ObjRef {
    super::make_module(
        "_sre",
        &[
            ("compile", compile),
            ("info", info),
            ("exec", exec),
            ("find_all", find_all),
        ],
    )
}
