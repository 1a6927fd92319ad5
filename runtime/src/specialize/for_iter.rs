//! `FOR_ITER` family: LIST, TUPLE, RANGE (native iterators advanced in
//! place), GEN (generators resumed directly) and NATIVE (every other
//! iterator of a builtin type: enumerate, zip, map, dict views, str, ...,
//! advanced by its native step with no adaptive bookkeeping); on
//! exhaustion the iterator is popped and the loop exits by the jump.

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
            _ if o.type_data().builtin => Opcode::FOR_ITER_NATIVE,
            _ => return Err("builtin iterator subclass"),
        },
        Payload::Generator(g) if g.kind == crate::generator::GenKind::Generator => {
            Opcode::FOR_ITER_GEN
        }
        _ => return Err("user iterator"),
    };
    Ok((v, Vec::new()))
}

/// The hit of FOR_ITER_RANGE, LIST and TUPLE: Some(next item, or None at
/// the end) when the iterator is of the variant's kind. Pure, so the eval
/// loop may try it before falling back to [`execute`].
#[inline(always)]
pub(crate) fn fast_native(op: Opcode, it: &Value) -> Option<Option<Value>> {
    let Value::Obj(o) = it else { return None };
    let Payload::Iter(m) = &o.payload else {
        return None;
    };
    // SAFETY: the state is advanced at once, taking no lock of the
    // iterator (a list iterator locks only its list, another mutex).
    if let Some(mut state) = unsafe { crate::objlock::unlocked_contents(m) } {
        // SAFETY: (see above) the only access to the state.
        return next_if_kind(op, unsafe { state.as_mut() });
    }
    next_if_kind(op, &mut m.lock())
}

/// The next item of a native iterator whose kind is `op`'s; None for
/// another kind.
#[inline(always)]
fn next_if_kind(op: Opcode, state: &mut IterState) -> Option<Option<Value>> {
    let kind_matches = matches!(
        (&*state, op),
        (IterState::Range { .. }, Opcode::FOR_ITER_RANGE)
            | (IterState::List { .. }, Opcode::FOR_ITER_LIST)
            | (IterState::Tuple { .. }, Opcode::FOR_ITER_TUPLE)
    );
    if !kind_matches {
        return None;
    }
    crate::iterators::next_native_seq(state)
}

/// Some(next item or None at the end) when the variant's guard holds.
#[inline(always)]
fn fast(vm: &Vm, op: Opcode, it: &Value) -> PyResult<Option<Option<Value>>> {
    match (it, op) {
        (Value::Obj(o), Opcode::FOR_ITER_GEN) if crate::generator::is_plain_generator(o) => {
            Ok(Some(crate::builtins::generator::gen_next(vm, o)?))
        }
        (Value::Obj(o), Opcode::FOR_ITER_NATIVE) => match &o.payload {
            // What `ops::next` does for an iterator of a builtin type.
            Payload::Iter(state) if o.type_data().builtin => {
                Ok(Some(crate::iterators::iter_next(vm, state)?))
            }
            _ => Ok(None),
        },
        _ => Ok(fast_native(op, it)),
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
