//! `TO_BOOL` family: BOOL, INT, NONE, LIST, STR (type checks) and
//! ALWAYS_TRUE (instances of a class with neither `__bool__` nor
//! `__len__`, guarded by its type version).

use super::{adapt, guard_for, miss, pack, stats, tag, version_of, Attempt};
use crate::builtins::types::{is_exact, types};
use crate::eval::Frame;
use crate::object::Payload;
use crate::ops;
use crate::value::Value;
use crate::vm::{PyResult, Vm};
use weft_specializer::Opcode;

fn attempt(v: &Value) -> Attempt {
    let t = types();
    let op = match v {
        Value::Bool(_) => Opcode::TO_BOOL_BOOL,
        Value::Int(_) => Opcode::TO_BOOL_INT,
        Value::None => Opcode::TO_BOOL_NONE,
        _ if is_exact(v, t.list) => Opcode::TO_BOOL_LIST,
        _ if is_exact(v, t.str) => Opcode::TO_BOOL_STR,
        Value::Obj(o) if matches!(o.payload, Payload::Plain) => {
            let td = o.class().type_data_of_self();
            // Version first: any change after this load moves it.
            let version = td.assign_version();
            if td.builtin
                || td
                    .lookup(&crate::strobj::intern_static("__bool__"))
                    .is_some()
                || td
                    .lookup(&crate::strobj::intern_static("__len__"))
                    .is_some()
            {
                return Err("class defines __bool__ or __len__");
            }
            let w = pack(Opcode::TO_BOOL_ALWAYS_TRUE, version, 0).ok_or("no version")?;
            return Ok((Opcode::TO_BOOL_ALWAYS_TRUE, vec![w]));
        }
        _ => return Err("other type"),
    };
    Ok((op, vec![tag(op)]))
}

/// The hit of a specialized `op`: the truth value, or None when a guard
/// fails. Pure, so the eval loop may try it before falling back to
/// [`execute`].
#[inline(always)]
pub(crate) fn fast(op: Opcode, v: &Value, guard: impl FnOnce() -> u64) -> Option<bool> {
    match (op, v) {
        (Opcode::TO_BOOL_BOOL, Value::Bool(b)) => Some(*b),
        (Opcode::TO_BOOL_INT, Value::Int(i)) => Some(*i != 0),
        (Opcode::TO_BOOL_NONE, Value::None) => Some(false),
        (Opcode::TO_BOOL_LIST, Value::Obj(o)) if is_exact(v, types().list) => match &o.payload {
            Payload::List(l) => Some(!l.lock().is_empty()),
            _ => None,
        },
        (Opcode::TO_BOOL_STR, Value::Obj(o)) if is_exact(v, types().str) => match &o.payload {
            Payload::Str(s) => Some(s.char_len() > 0),
            _ => None,
        },
        (Opcode::TO_BOOL_ALWAYS_TRUE, Value::Obj(o)) => {
            let w = guard();
            (w != 0 && o.class().type_data_of_self().version() == version_of(w)).then_some(true)
        }
        _ => None,
    }
}

/// Executes any member of the family: `v -- bool(v)`.
#[inline(always)]
pub fn execute(vm: &Vm, f: &mut Frame, op: Opcode, at: usize) -> PyResult<()> {
    let v = f.stack.pop().unwrap_or(Value::Null);
    if op.is_specialized() {
        if let Some(b) = fast(op, &v, || guard_for(&f.code.units, at, op).unwrap_or(0)) {
            stats::record(op.family(), stats::Event::Hit);
            f.stack.push(Value::Bool(b));
            return Ok(());
        }
        miss(&f.code.units, at, op, || attempt(&v));
    } else {
        stats::record(op.family(), stats::Event::Generic);
        adapt(&f.code.units, at, op, || attempt(&v));
    }
    let b = match v {
        Value::Bool(b) => b,
        other => ops::truthy(vm, &other)?,
    };
    f.stack.push(Value::Bool(b));
    Ok(())
}
