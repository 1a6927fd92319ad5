//! `UNPACK_SEQUENCE` family: TWO_TUPLE, TUPLE (exact tuple of the right
//! length) and LIST (exact list of the right length).

use super::{adapt, miss, stats, Attempt};
use crate::builtins::types::{is_exact, types};
use crate::eval::{Frame, ValueStack};
use crate::object::Payload;
use crate::ops;
use crate::value::Value;
use crate::vm::{PyResult, Vm};
use weft_specializer::Opcode;

fn attempt(seq: &Value, n: usize) -> Attempt {
    let t = types();
    if is_exact(seq, t.tuple) {
        return Ok((
            if n == 2 {
                Opcode::UNPACK_SEQUENCE_TWO_TUPLE
            } else {
                Opcode::UNPACK_SEQUENCE_TUPLE
            },
            Vec::new(),
        ));
    }
    if is_exact(seq, t.list) {
        return Ok((Opcode::UNPACK_SEQUENCE_LIST, Vec::new()));
    }
    Err("other sequence type")
}

/// The hit of a specialized `op`: pushes the `n` items of `seq` (first on
/// top) and returns true, or returns false, pushing nothing, when a guard
/// fails. Runs no Python code, so the eval loop may try it before falling
/// back to [`execute`].
#[inline(always)]
pub(crate) fn fast(op: Opcode, seq: &Value, n: usize, stack: &mut ValueStack) -> bool {
    let Value::Obj(o) = seq else { return false };
    match (op, &o.payload) {
        (Opcode::UNPACK_SEQUENCE_TWO_TUPLE | Opcode::UNPACK_SEQUENCE_TUPLE, Payload::Tuple(t))
            if t.len() == n && is_exact(seq, types().tuple) =>
        {
            stack.extend(t.iter().rev().cloned());
            true
        }
        (Opcode::UNPACK_SEQUENCE_LIST, Payload::List(l)) if is_exact(seq, types().list) => {
            let g = l.lock();
            if g.len() == n {
                stack.extend(g.iter().rev().cloned());
                true
            } else {
                false
            }
        }
        _ => false,
    }
}

/// Executes any member of the family: `seq -- items...` (first on top).
#[inline(always)]
pub fn execute(vm: &Vm, f: &mut Frame, op: Opcode, n: usize, at: usize) -> PyResult<()> {
    let seq = f.stack.pop().unwrap_or(Value::Null);
    if fast(op, &seq, n, &mut f.stack) {
        stats::record(op.family(), stats::Event::Hit);
        return Ok(());
    }
    if op.is_specialized() {
        miss(&f.code.units, at, op, || attempt(&seq, n));
    } else {
        stats::record(op.family(), stats::Event::Generic);
        adapt(&f.code.units, at, op, || attempt(&seq, n));
    }
    let items = ops::unpack(vm, &seq, n)?;
    f.stack.extend(items.into_iter().rev());
    Ok(())
}
