//! `SEND` family: GEN, a `yield from` whose receiver is a generator
//! (resumed directly, without the iterator protocol lookup).

use super::{account, Attempt};
use crate::object::Payload;
use crate::value::Value;
use weft_specializer::{CodeUnits, Opcode};

fn attempt(recv: &Value) -> Attempt {
    match recv {
        Value::Obj(o) if matches!(o.payload, Payload::Generator(_)) => {
            Ok((Opcode::SEND_GEN, Vec::new()))
        }
        _ => Err("receiver is not a generator"),
    }
}

/// Accounts an execution with this receiver.
#[inline(always)]
pub fn execute(units: &CodeUnits, op: Opcode, at: usize, recv: &Value) {
    let hit = op == Opcode::SEND_GEN
        && matches!(recv, Value::Obj(o) if matches!(o.payload, Payload::Generator(_)));
    account(units, at, op, hit, || attempt(recv));
}
