//! `STORE_SUBSCR` family: LIST_INT (in-range int index into an exact list)
//! and DICT (exact dict), checked by operand type.

use super::{adapt, miss, stats, Attempt};
use crate::builtins::types::{is_exact, types};
use crate::eval::Frame;
use crate::object::Payload;
use crate::ops;
use crate::value::Value;
use crate::vm::{PyResult, Vm};
use weft_specializer::Opcode;

fn attempt(container: &Value, key: &Value) -> Attempt {
    let t = types();
    if is_exact(container, t.list) && matches!(key, Value::Int(_)) {
        return Ok((Opcode::STORE_SUBSCR_LIST_INT, Vec::new()));
    }
    if is_exact(container, t.dict) {
        return Ok((Opcode::STORE_SUBSCR_DICT, Vec::new()));
    }
    Err("other container")
}

/// The hit of STORE_SUBSCR_LIST_INT: stores `v` and returns Ok, or hands
/// `v` back when a guard fails (any other `op` included). Runs no Python
/// code, so the eval loop may try it before falling back to [`execute`].
#[inline(always)]
pub(crate) fn fast_list_int(
    op: Opcode,
    container: &Value,
    key: &Value,
    v: Value,
) -> Result<(), Value> {
    if let (Opcode::STORE_SUBSCR_LIST_INT, Value::Obj(o), Value::Int(i)) = (op, container, key) {
        if let (Payload::List(l), true) = (&o.payload, is_exact(container, types().list)) {
            return l.set_at(*i, v);
        }
    }
    Err(v)
}

/// Executes any member of the family: `value container key --`.
#[inline(always)]
pub fn execute(vm: &Vm, f: &mut Frame, op: Opcode, at: usize) -> PyResult<()> {
    let key = f.stack.pop().unwrap_or(Value::Null);
    let container = f.stack.pop().unwrap_or(Value::Null);
    let v = f.stack.pop().unwrap_or(Value::Null);
    let v = match fast_list_int(op, &container, &key, v) {
        Ok(()) => {
            stats::record(op.family(), stats::Event::Hit);
            return Ok(());
        }
        Err(v) => v,
    };
    match (op, &container, &key) {
        (Opcode::STORE_SUBSCR_DICT, Value::Obj(o), _) if is_exact(&container, types().dict) => {
            if let Payload::Dict(d) = &o.payload {
                stats::record(op.family(), stats::Event::Hit);
                return d.set(vm, key, v);
            }
        }
        _ => {}
    }
    if op.is_specialized() {
        miss(&f.code.units, at, op, || attempt(&container, &key));
    } else {
        stats::record(op.family(), stats::Event::Generic);
        adapt(&f.code.units, at, op, || attempt(&container, &key));
    }
    ops::set_item(vm, &container, key, v)
}
