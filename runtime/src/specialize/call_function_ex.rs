//! `CALL_FUNCTION_EX` family: PY (a Python function receiving `*args` /
//! `**kwargs`) and NON_PY_GENERAL (anything else), guarded by the
//! callable's kind.

use super::{account, Attempt};
use crate::object::Payload;
use crate::value::Value;
use weft_specializer::{CodeUnits, Opcode};

fn kind(callable: &Value) -> Opcode {
    match callable.as_obj().map(|o| &o.payload) {
        Some(Payload::Function(_)) => Opcode::CALL_FUNCTION_EX_PY,
        _ => Opcode::CALL_FUNCTION_EX_NON_PY_GENERAL,
    }
}

fn attempt(callable: &Value) -> Attempt {
    Ok((kind(callable), Vec::new()))
}

/// Accounts an execution with this callable.
#[inline(always)]
pub fn execute(units: &CodeUnits, op: Opcode, at: usize, callable: &Value) {
    let hit = op.is_specialized() && kind(callable) == op;
    account(units, at, op, hit, || attempt(callable));
}
