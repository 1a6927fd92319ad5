//! `BINARY_OP` family: ADD/SUBTRACT/MULTIPLY on two immediate ints (with
//! overflow falling back to the generic path) or two floats, str
//! concatenation, and subscription of lists, tuples, strs by int and of
//! exact dicts. The guards are type checks on the operands themselves.

use super::{adapt, miss, stats, tag, Attempt};
use crate::builtins::types::{is_exact, types};
use crate::eval::Frame;
use crate::object::Payload;
use crate::ops;
use crate::value::Value;
use crate::vm::{PyResult, Vm};
use weft_specializer::{BinaryOperator as B, Opcode};

fn attempt(a: &Value, b: &Value, bop: B) -> Attempt {
    let t = types();
    let v = match (a, b, bop.base()) {
        (Value::Int(_), Value::Int(_), B::Add) => Opcode::BINARY_OP_ADD_INT,
        (Value::Int(_), Value::Int(_), B::Subtract) => Opcode::BINARY_OP_SUBTRACT_INT,
        (Value::Int(_), Value::Int(_), B::Multiply) => Opcode::BINARY_OP_MULTIPLY_INT,
        (Value::Float(_), Value::Float(_), B::Add) => Opcode::BINARY_OP_ADD_FLOAT,
        (Value::Float(_), Value::Float(_), B::Subtract) => Opcode::BINARY_OP_SUBTRACT_FLOAT,
        (Value::Float(_), Value::Float(_), B::Multiply) => Opcode::BINARY_OP_MULTIPLY_FLOAT,
        (_, _, B::Add) if is_exact(a, t.str) && is_exact(b, t.str) => {
            if bop.is_inplace() {
                Opcode::BINARY_OP_INPLACE_ADD_UNICODE
            } else {
                Opcode::BINARY_OP_ADD_UNICODE
            }
        }
        (_, Value::Int(_), B::Subscr) if is_exact(a, t.list) => Opcode::BINARY_OP_SUBSCR_LIST_INT,
        (_, Value::Int(_), B::Subscr) if is_exact(a, t.tuple) => Opcode::BINARY_OP_SUBSCR_TUPLE_INT,
        (_, Value::Int(_), B::Subscr) if is_exact(a, t.str) => Opcode::BINARY_OP_SUBSCR_STR_INT,
        (_, _, B::Subscr) if is_exact(a, t.dict) => Opcode::BINARY_OP_SUBSCR_DICT,
        (Value::Obj(_), _, B::Subscr) => return Err("subscript of other type"),
        (Value::Int(_) | Value::Float(_), Value::Int(_) | Value::Float(_), _) => {
            return Err("mixed or unsupported numeric operation")
        }
        _ => return Err("other operand types"),
    };
    Ok((v, vec![tag(v)]))
}

#[inline(always)]
fn index(i: i64, len: usize) -> Option<usize> {
    let j = if i < 0 { i + len as i64 } else { i };
    (j >= 0 && (j as usize) < len).then_some(j as usize)
}

#[inline(always)]
fn fast(vm: &Vm, op: Opcode, a: &Value, b: &Value) -> PyResult<Option<Value>> {
    Ok(match (op, a, b) {
        (Opcode::BINARY_OP_ADD_INT, Value::Int(x), Value::Int(y)) => {
            x.checked_add(*y).map(Value::Int)
        }
        (Opcode::BINARY_OP_SUBTRACT_INT, Value::Int(x), Value::Int(y)) => {
            x.checked_sub(*y).map(Value::Int)
        }
        (Opcode::BINARY_OP_MULTIPLY_INT, Value::Int(x), Value::Int(y)) => {
            x.checked_mul(*y).map(Value::Int)
        }
        (Opcode::BINARY_OP_ADD_FLOAT, Value::Float(x), Value::Float(y)) => {
            Some(Value::Float(x + y))
        }
        (Opcode::BINARY_OP_SUBTRACT_FLOAT, Value::Float(x), Value::Float(y)) => {
            Some(Value::Float(x - y))
        }
        (Opcode::BINARY_OP_MULTIPLY_FLOAT, Value::Float(x), Value::Float(y)) => {
            Some(Value::Float(x * y))
        }
        (
            Opcode::BINARY_OP_ADD_UNICODE | Opcode::BINARY_OP_INPLACE_ADD_UNICODE,
            Value::Obj(x),
            Value::Obj(y),
        ) if is_exact(a, types().str) && is_exact(b, types().str) => {
            let (sx, sy) = (x.as_str().unwrap_or(""), y.as_str().unwrap_or(""));
            let mut s = String::with_capacity(sx.len() + sy.len());
            s.push_str(sx);
            s.push_str(sy);
            Some(crate::strobj::new_str(s))
        }
        (Opcode::BINARY_OP_SUBSCR_LIST_INT, Value::Obj(x), Value::Int(i))
            if is_exact(a, types().list) =>
        {
            match &x.payload {
                Payload::List(l) => {
                    let g = l.lock();
                    index(*i, g.len()).map(|k| g[k].clone())
                }
                _ => None,
            }
        }
        (Opcode::BINARY_OP_SUBSCR_TUPLE_INT, Value::Obj(x), Value::Int(i))
            if is_exact(a, types().tuple) =>
        {
            match &x.payload {
                Payload::Tuple(t) => index(*i, t.len()).map(|k| t[k].clone()),
                _ => None,
            }
        }
        (Opcode::BINARY_OP_SUBSCR_STR_INT, Value::Obj(x), Value::Int(i))
            if is_exact(a, types().str) =>
        {
            match &x.payload {
                Payload::Str(s) if s.is_ascii() => index(*i, s.char_len())
                    .and_then(|k| s.char_at(k))
                    .map(crate::builtins::strmod::char_str),
                _ => None,
            }
        }
        (Opcode::BINARY_OP_SUBSCR_DICT, Value::Obj(x), _) if is_exact(a, types().dict) => {
            match &x.payload {
                Payload::Dict(d) => d.get(vm, b)?,
                _ => None,
            }
        }
        _ => None,
    })
}

/// Executes any member of the family: `a b -- result`.
#[inline(always)]
pub fn execute(vm: &Vm, f: &mut Frame, op: Opcode, at: usize, bop: B) -> PyResult<()> {
    let b = f.stack.pop().unwrap_or(Value::Null);
    let a = f.stack.pop().unwrap_or(Value::Null);
    if op.is_specialized() {
        if let Some(r) = fast(vm, op, &a, &b)? {
            stats::record(op.family(), stats::Event::Hit);
            f.stack.push(r);
            return Ok(());
        }
        miss(&f.code.units, at, op, || attempt(&a, &b, bop));
    } else {
        stats::record(op.family(), stats::Event::Generic);
        adapt(&f.code.units, at, op, || attempt(&a, &b, bop));
    }
    let r = ops::binary_op(vm, &a, &b, bop)?;
    f.stack.push(r);
    Ok(())
}
