//! `CONTAINS_OP` family: DICT and SET (exact containers, native lookup).

use super::{adapt, miss, stats, Attempt};
use crate::builtins::types::{is_exact, types};
use crate::eval::Frame;
use crate::object::Payload;
use crate::ops;
use crate::value::Value;
use crate::vm::{PyResult, Vm};
use weft_specializer::Opcode;

fn attempt(container: &Value) -> Attempt {
    let t = types();
    if is_exact(container, t.dict) {
        return Ok((Opcode::CONTAINS_OP_DICT, Vec::new()));
    }
    if is_exact(container, t.set) || is_exact(container, t.frozenset) {
        return Ok((Opcode::CONTAINS_OP_SET, Vec::new()));
    }
    Err("other container")
}

/// Executes any member of the family: `item container -- bool`.
#[inline(always)]
pub fn execute(vm: &Vm, f: &mut Frame, op: Opcode, arg: u32, at: usize) -> PyResult<()> {
    let container = f.stack.pop().unwrap_or(Value::Null);
    let item = f.stack.pop().unwrap_or(Value::Null);
    let t = types();
    let fast = match (op, &container) {
        (Opcode::CONTAINS_OP_DICT, Value::Obj(o)) if is_exact(&container, t.dict) => {
            match &o.payload {
                Payload::Dict(d) => Some(d.get(vm, &item)?.is_some()),
                _ => None,
            }
        }
        (Opcode::CONTAINS_OP_SET, Value::Obj(o))
            if is_exact(&container, t.set) || is_exact(&container, t.frozenset) =>
        {
            match &o.payload {
                Payload::Set(s) => Some(s.contains(vm, &item)?),
                _ => None,
            }
        }
        _ => None,
    };
    let r = match fast {
        Some(r) => {
            stats::record(op.family(), stats::Event::Hit);
            r
        }
        None => {
            if op.is_specialized() {
                miss(&f.code.units, at, op, || attempt(&container));
            } else {
                stats::record(op.family(), stats::Event::Generic);
                adapt(&f.code.units, at, op, || attempt(&container));
            }
            ops::contains(vm, &container, &item)?
        }
    };
    f.stack.push(Value::Bool(r != (arg == 1)));
    Ok(())
}
