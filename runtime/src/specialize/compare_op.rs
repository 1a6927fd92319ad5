//! `COMPARE_OP` family: INT (two immediate ints), FLOAT (two floats) and
//! STR (two exact strs) comparisons producing a bool directly.

use super::{adapt, miss, stats, Attempt};
use crate::builtins::types::{is_exact, types};
use crate::eval::Frame;
use crate::object::Payload;
use crate::ops;
use crate::strobj::PyStr;
use crate::value::Value;
use crate::vm::{PyResult, Vm};
use std::cmp::Ordering;
use weft_specializer::{comparison_of, Opcode, COMPARE_TO_BOOL};

fn attempt(a: &Value, b: &Value) -> Attempt {
    let v = match (a, b) {
        (Value::Int(_), Value::Int(_)) => Opcode::COMPARE_OP_INT,
        (Value::Float(_), Value::Float(_)) => Opcode::COMPARE_OP_FLOAT,
        _ if is_exact(a, types().str) && is_exact(b, types().str) => Opcode::COMPARE_OP_STR,
        _ => return Err("other operand types"),
    };
    Ok((v, Vec::new()))
}

#[inline(always)]
fn by_ordering(o: Ordering, arg: u32) -> bool {
    match arg {
        0 => o == Ordering::Less,
        1 => o != Ordering::Greater,
        2 => o == Ordering::Equal,
        3 => o != Ordering::Equal,
        4 => o == Ordering::Greater,
        _ => o != Ordering::Less,
    }
}

/// The hit of a specialized variant: the comparison's result, or None on a
/// guard failure. Pure, so the eval loop may try it before falling back to
/// [`execute`].
#[inline(always)]
pub(crate) fn fast(op: Opcode, a: &Value, b: &Value, arg: u32) -> Option<bool> {
    let arg = comparison_of(arg);
    match (op, a, b) {
        (Opcode::COMPARE_OP_INT, Value::Int(x), Value::Int(y)) => Some(by_ordering(x.cmp(y), arg)),
        (Opcode::COMPARE_OP_FLOAT, Value::Float(x), Value::Float(y)) => Some(match arg {
            0 => x < y,
            1 => x <= y,
            2 => x == y,
            3 => x != y,
            4 => x > y,
            _ => x >= y,
        }),
        (Opcode::COMPARE_OP_STR, Value::Obj(x), Value::Obj(y))
            if is_exact(a, types().str) && is_exact(b, types().str) =>
        {
            let (Payload::Str(sx), Payload::Str(sy)) = (&x.payload, &y.payload) else {
                return None;
            };
            Some(compare_strs(sx, sy, arg))
        }
        _ => None,
    }
}

/// The COMPARE_OP_STR comparison.
#[inline(always)]
fn compare_strs(x: &PyStr, y: &PyStr, arg: u32) -> bool {
    match arg {
        // Equality: no ordering walk, and most unequal pairs decided
        // without comparing the text (`same_text`).
        2 | 3 => x.same_text(y) == (arg == 2),
        _ => by_ordering(x.as_str().cmp(y.as_str()), arg),
    }
}

/// Executes any member of the family: `a b -- result`.
#[inline(always)]
pub fn execute(vm: &Vm, f: &mut Frame, op: Opcode, arg: u32, at: usize) -> PyResult<()> {
    let b = f.stack.pop().unwrap_or(Value::Null);
    let a = f.stack.pop().unwrap_or(Value::Null);
    if op.is_specialized() {
        if let Some(r) = fast(op, &a, &b, arg) {
            stats::record(op.family(), stats::Event::Hit);
            f.stack.push(Value::Bool(r));
            return Ok(());
        }
        miss(&f.code.units, at, op, || attempt(&a, &b));
    } else {
        stats::record(op.family(), stats::Event::Generic);
        adapt(&f.code.units, at, op, || attempt(&a, &b));
    }
    let r = ops::compare(vm, &a, &b, comparison_of(arg))?;
    let r = match r {
        Value::Bool(_) => r,
        other if arg & COMPARE_TO_BOOL != 0 => Value::Bool(ops::truthy(vm, &other)?),
        other => other,
    };
    f.stack.push(r);
    Ok(())
}
