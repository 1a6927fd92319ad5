//! `GET_ITER` family: LIST, TUPLE and RANGE (exact types get their native
//! iterator directly, without the protocol lookup).

use super::{adapt, miss, stats, Attempt};
use crate::builtins::types::{is_exact, types};
use crate::eval::Frame;
use crate::iterators::{new_iter, IterState};
use crate::object::Payload;
use crate::ops;
use crate::value::Value;
use crate::vm::{PyResult, Vm};
use weft_specializer::Opcode;

fn attempt(v: &Value) -> Attempt {
    let t = types();
    let op = if is_exact(v, t.list) {
        Opcode::GET_ITER_LIST
    } else if is_exact(v, t.tuple) {
        Opcode::GET_ITER_TUPLE
    } else if is_exact(v, t.range) {
        Opcode::GET_ITER_RANGE
    } else {
        return Err("other iterable");
    };
    Ok((op, Vec::new()))
}

/// Executes any member of the family: `iterable -- iterator`.
#[inline(always)]
pub fn execute(vm: &Vm, f: &mut Frame, op: Opcode, at: usize) -> PyResult<()> {
    let v = f.stack.pop().unwrap_or(Value::Null);
    let t = types();
    let fast = match (op, &v) {
        (Opcode::GET_ITER_LIST, Value::Obj(_)) if is_exact(&v, t.list) => Some(IterState::List {
            list: v.clone(),
            index: 0,
        }),
        (Opcode::GET_ITER_TUPLE, Value::Obj(_)) if is_exact(&v, t.tuple) => {
            Some(IterState::Tuple {
                tuple: v.clone(),
                index: 0,
            })
        }
        (Opcode::GET_ITER_RANGE, Value::Obj(o)) if is_exact(&v, t.range) => match &o.payload {
            Payload::Range(r) => Some(IterState::Range {
                cur: r.start as i128,
                stop: r.stop as i128,
                step: r.step as i128,
            }),
            _ => None,
        },
        _ => None,
    };
    let it = match fast {
        Some(state) => {
            stats::record(op.family(), stats::Event::Hit);
            new_iter(state)
        }
        None => {
            if op.is_specialized() {
                miss(&f.code.units, at, op, || attempt(&v));
            } else {
                stats::record(op.family(), stats::Event::Generic);
                adapt(&f.code.units, at, op, || attempt(&v));
            }
            ops::get_iter(vm, &v)?
        }
    };
    f.stack.push(it);
    Ok(())
}
