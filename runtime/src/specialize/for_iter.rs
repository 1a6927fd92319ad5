//! `FOR_ITER` family: LIST, TUPLE, RANGE (native iterators advanced in
//! place) and GEN (generators resumed directly); on exhaustion the
//! iterator is popped and the loop exits by the jump.

use super::{adapt, miss, stats, Attempt};
use crate::eval::Frame;
use crate::iterators::IterState;
use crate::object::Payload;
use crate::ops;
use crate::value::Value;
use crate::vm::{PyResult, Vm};
use weft_specializer::Opcode;

fn attempt(it: &Value) -> Attempt {
    let Value::Obj(o) = it else {
        return Err("not an iterator");
    };
    let v = match &o.payload {
        Payload::Iter(m) => match &*m.lock() {
            IterState::List { .. } => Opcode::FOR_ITER_LIST,
            IterState::Tuple { .. } => Opcode::FOR_ITER_TUPLE,
            IterState::Range { .. } => Opcode::FOR_ITER_RANGE,
            _ => return Err("other native iterator"),
        },
        Payload::Generator(_) => Opcode::FOR_ITER_GEN,
        _ => return Err("user iterator"),
    };
    Ok((v, Vec::new()))
}

/// Some(next item or None at the end) when the variant's guard holds.
#[inline(always)]
fn fast(vm: &Vm, op: Opcode, it: &Value) -> PyResult<Option<Option<Value>>> {
    let Value::Obj(o) = it else { return Ok(None) };
    match (&o.payload, op) {
        (Payload::Iter(m), Opcode::FOR_ITER_RANGE) => {
            let mut g = m.lock();
            if let IterState::Range { cur, stop, step } = &mut *g {
                if (*step > 0 && *cur < *stop) || (*step < 0 && *cur > *stop) {
                    let v = *cur;
                    *cur += *step;
                    return Ok(Some(Some(Value::Int(v as i64))));
                }
                return Ok(Some(None));
            }
            Ok(None)
        }
        (Payload::Iter(m), Opcode::FOR_ITER_LIST | Opcode::FOR_ITER_TUPLE) => {
            let is_list = matches!(&*m.lock(), IterState::List { .. });
            let is_tuple = matches!(&*m.lock(), IterState::Tuple { .. });
            if (op == Opcode::FOR_ITER_LIST && is_list)
                || (op == Opcode::FOR_ITER_TUPLE && is_tuple)
            {
                return Ok(Some(crate::iterators::iter_next(vm, m)?));
            }
            Ok(None)
        }
        (Payload::Generator(_), Opcode::FOR_ITER_GEN) => {
            Ok(Some(crate::builtins::generator::gen_next(vm, o)?))
        }
        _ => Ok(None),
    }
}

/// Executes any member of the family: `iter -- iter next` or exit the loop.
#[inline(always)]
pub fn execute(vm: &Vm, f: &mut Frame, op: Opcode, arg: u32, at: usize) -> PyResult<()> {
    let it = f.stack.last().cloned().unwrap_or(Value::Null);
    let next = match if op.is_specialized() {
        fast(vm, op, &it)?
    } else {
        None
    } {
        Some(n) => {
            stats::record(op.family(), stats::Event::Hit);
            n
        }
        None => {
            if op.is_specialized() {
                miss(&f.code.units, at, op, || attempt(&it));
            } else {
                stats::record(op.family(), stats::Event::Generic);
                adapt(&f.code.units, at, op, || attempt(&it));
            }
            ops::next(vm, &it)?
        }
    };
    match next {
        Some(v) => f.stack.push(v),
        None => {
            f.stack.pop();
            f.ip += arg as usize;
        }
    }
    Ok(())
}
