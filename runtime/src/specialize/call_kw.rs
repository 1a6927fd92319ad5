//! `CALL_KW` family: PY (a Python function, called straight into argument
//! binding), BOUND_METHOD (its bound form) and NON_PY (anything else),
//! guarded by the callable's kind and, for Python functions, version.

use super::{account, pack, Attempt};
use crate::object::Payload;
use crate::value::Value;
use std::sync::atomic::Ordering;
use weft_specializer::{CodeUnits, Opcode};

fn kind(callable: &Value) -> Opcode {
    match callable.as_obj().map(|o| &o.payload) {
        Some(Payload::Function(_)) => Opcode::CALL_KW_PY,
        Some(Payload::BoundMethod(f, _))
            if matches!(f.as_obj().map(|x| &x.payload), Some(Payload::Function(_))) =>
        {
            Opcode::CALL_KW_BOUND_METHOD
        }
        _ => Opcode::CALL_KW_NON_PY,
    }
}

fn attempt(callable: &Value) -> Attempt {
    let k = kind(callable);
    if let Some(Payload::Function(f)) = callable.as_obj().map(|o| &o.payload) {
        let v = f.version.load(Ordering::Acquire);
        return Ok((k, vec![pack(k, v, 0).ok_or("function version reset")?, 0]));
    }
    Ok((k, vec![pack(k, 1, 0).ok_or("no tag")?, 0]))
}

/// Accounts an execution with this callable.
#[inline(always)]
pub fn execute(units: &CodeUnits, op: Opcode, at: usize, callable: &Value) {
    let hit = op.is_specialized() && kind(callable) == op;
    account(units, at, op, hit, || attempt(callable));
}
