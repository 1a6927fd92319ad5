//! `BINARY_OP` family: ADD/SUBTRACT/MULTIPLY on two immediate ints (with
//! overflow falling back to the generic path) or two floats, str
//! concatenation, subscription of lists, tuples, strs by int and of exact
//! dicts, and EXTEND for the other numeric operations on immediates. The
//! guards are type checks on the operands themselves. SUBSCR_GETITEM
//! (`obj[key]` with a Python `__getitem__` on the class) and PY_SPECIAL
//! (`a op b` on an instance of a class with a Python `__add__`, ...) are
//! guarded by the class's type version and call the cached function
//! directly.

use super::call::{call_exact, exact_fit};
use super::{adapt, miss, pack, payload_of, stats, tag, version_of, Attempt};
use crate::builtins::types::{is_exact, types};
use crate::eval::Frame;
use crate::function::CallArgs;
use crate::object::{Object, Payload};
use crate::ops;
use crate::value::{ObjRef, Value};
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
        (Value::Obj(o), _, _) if !o.type_data().builtin => return py_special_attempt(o, b, bop),
        (Value::Obj(_), _, B::Subscr) => return Err("subscript of other type"),
        (Value::Int(_) | Value::Float(_), Value::Int(_) | Value::Float(_), _) => {
            if extended_numeric(bop, a, b).is_none() {
                return Err("unsupported numeric operation");
            }
            Opcode::BINARY_OP_EXTEND
        }
        _ => return Err("other operand types"),
    };
    Ok((v, vec![tag(v)]))
}

/// The variants that call a Python special method of the left operand's
/// class (not built in), cached with the class's type version as guard
/// (any change to the class or a base moves it) and the function (made
/// immortal) as payload:
/// - `BINARY_OP_SUBSCR_GETITEM`: `obj[key]` and `__getitem__` (what
///   `ops::get_item` would call);
/// - `BINARY_OP_PY_SPECIAL`: `a op b` and its `__add__`, `__mul__`, ...,
///   with `b` of the same class or of a built-in one
///   (`special_serves_right`); for an in-place operator, the class's
///   in-place method (`__iadd__`, ...) when it has one, whatever `b` is
///   (CPython calls it before anything else). The guard's payload says
///   which of the two is cached.
fn py_special_attempt(o: &Object, right: &Value, bop: B) -> Attempt {
    let td = o.class().type_data_of_self();
    // Version first: any change after this load moves it.
    let ver = td.assign_version();
    let (lname, _, iname) = ops::dunder_names(bop);
    let inplace = iname.filter(|i| td.lookup(&crate::strobj::intern_static(i)).is_some());
    let (variant, name, which) = match (bop, inplace) {
        (B::Subscr, _) => (Opcode::BINARY_OP_SUBSCR_GETITEM, "__getitem__", LEFT_METHOD),
        (_, Some(iname)) => (Opcode::BINARY_OP_PY_SPECIAL, iname, INPLACE_METHOD),
        (_, None) if special_serves_right(o.class(), right) => {
            (Opcode::BINARY_OP_PY_SPECIAL, lname, LEFT_METHOD)
        }
        _ => return Err("other operand types"),
    };
    match td.lookup(&crate::strobj::intern_static(name)) {
        Some(Value::Obj(g)) if matches!(g.payload, Payload::Function(_)) => {
            g.make_immortal();
            let w = pack(variant, ver, which).ok_or("no version")?;
            Ok((variant, vec![w, g.addr() as u64]))
        }
        Some(_) => Err("special method is not a Python function"),
        None if bop == B::Subscr => Err("subscript of other type"),
        None => Err("other operand types"),
    }
}

/// The guard payloads of `BINARY_OP_PY_SPECIAL`: the cached function is
/// the operator's method (`__add__`), or the in-place one (`__iadd__`).
const LEFT_METHOD: usize = 0;
const INPLACE_METHOD: usize = 1;

/// Whether `a op b`, `a` of the user class `left`, starts with `left`'s
/// special method whatever it is: `b` is of the same class, or of a
/// built-in class, which is never a subclass of `left` (only a right
/// operand of a subclass has its reflected method tried first).
#[inline(always)]
fn special_serves_right(left: &Object, b: &Value) -> bool {
    let right = crate::builtins::types::class_of(b);
    std::ptr::eq(left, right) || right.type_data_of_self().builtin
}

/// Runs the cached special method of a `BINARY_OP_SUBSCR_GETITEM` or
/// `BINARY_OP_PY_SPECIAL` site (`py_special_attempt`), with which method
/// it was (the guard's payload); None when the guard fails.
#[inline(always)]
fn py_special_fast(
    vm: &Vm,
    f: &Frame,
    op: Opcode,
    at: usize,
    a: &Value,
    b: &Value,
) -> Option<(PyResult<Value>, usize)> {
    let Value::Obj(o) = a else { return None };
    let (w, ptr) = f.code.units.read_payload2(at, op)?;
    if w & 0xff != op as u8 as u64
        || ptr == 0
        || o.class().type_data_of_self().version() != version_of(w)
        || (op == Opcode::BINARY_OP_PY_SPECIAL
            && payload_of(w) == LEFT_METHOD
            && !special_serves_right(o.class(), b))
    {
        return None;
    }
    // SAFETY: `py_special_attempt` made the function immortal before
    // storing its address, so it is never freed; `read_payload2` returned
    // the address with the guard word it was published with, and that
    // guard (a type version unique to one class state) matched, so it is
    // the method this class holds now.
    let method = ObjRef::from_object(unsafe { &*(ptr as *const Object) });
    let Payload::Function(func) = &method.payload else {
        return None;
    };
    let mut args = [a.clone(), b.clone()];
    let state = func.state();
    let r = if exact_fit(state, 2) {
        call_exact(vm, func, state, &mut args)
    } else {
        vm.call_function(&method, func, CallArgs::positional(&args))
    };
    Some((r, payload_of(w)))
}

/// Largest magnitude at which every i64 converts to f64 exactly.
const EXACT_FLOAT_INT: i64 = 1 << 53;

/// `BINARY_OP_EXTEND`: the result of `a bop b` on immediate numbers when it
/// is computed without leaving the fast path; None where the generic path
/// must run (division by zero, overflow, operators with other semantics).
#[inline(always)]
pub(crate) fn extended_numeric(bop: B, a: &Value, b: &Value) -> Option<Value> {
    let as_float = |v: &Value| match v {
        Value::Int(i) if i.unsigned_abs() <= EXACT_FLOAT_INT as u64 => Some(*i as f64),
        Value::Float(f) => Some(*f),
        _ => None,
    };
    match (bop.base(), a, b) {
        (B::FloorDivide | B::Remainder | B::And | B::Or | B::Xor, Value::Int(x), Value::Int(y)) => {
            crate::builtins::int::fixed_int_op(*x, *y, bop.base()).map(Value::Int)
        }
        (B::TrueDivide, _, _) => {
            let (x, y) = (as_float(a)?, as_float(b)?);
            (y != 0.0).then(|| Value::Float(x / y))
        }
        // Mixed int/float arithmetic (two ints or two floats have their own
        // variants).
        (B::Add | B::Subtract | B::Multiply, _, _)
            if matches!(a, Value::Float(_)) != matches!(b, Value::Float(_)) =>
        {
            let (x, y) = (as_float(a)?, as_float(b)?);
            Some(Value::Float(match bop.base() {
                B::Add => x + y,
                B::Subtract => x - y,
                _ => x * y,
            }))
        }
        _ => None,
    }
}

#[inline(always)]
fn index(i: i64, len: usize) -> Option<usize> {
    let j = if i < 0 { i + len as i64 } else { i };
    (j >= 0 && (j as usize) < len).then_some(j as usize)
}

#[inline(always)]
fn fast(op: Opcode, bop: B, a: &Value, b: &Value) -> Option<Value> {
    match op {
        Opcode::BINARY_OP_EXTEND => extended_numeric(bop, a, b),
        _ => fast_fixed(op, a, b),
    }
}

/// The hit of every variant but EXTEND (whose work depends on the
/// operator) and the two whose fast path can run Python code
/// (SUBSCR_DICT, SUBSCR_GETITEM): the result, or None on a guard failure.
/// Pure, so the eval loop may try it before falling back to [`execute`].
#[inline(always)]
pub(crate) fn fast_fixed(op: Opcode, a: &Value, b: &Value) -> Option<Value> {
    match (op, a, b) {
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
                Payload::List(l) => l.get(*i),
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

        _ => None,
    }
}

/// `BINARY_OP_SUBSCR_DICT` (the one variant whose fast path can raise:
/// `__eq__` of a key); kept apart so the others return a plain `Option`.
#[inline(always)]
fn fast_dict(vm: &Vm, a: &Value, b: &Value) -> PyResult<Option<Value>> {
    match a {
        Value::Obj(x) if is_exact(a, types().dict) => match &x.payload {
            Payload::Dict(d) => d.get(vm, b),
            _ => Ok(None),
        },
        _ => Ok(None),
    }
}

/// Executes any member of the family: `a b -- result`.
#[inline(always)]
pub fn execute(vm: &Vm, f: &mut Frame, op: Opcode, at: usize, bop: B) -> PyResult<()> {
    let b = f.stack.pop().unwrap_or(Value::Null);
    let a = f.stack.pop().unwrap_or(Value::Null);
    if matches!(
        op,
        Opcode::BINARY_OP_SUBSCR_GETITEM | Opcode::BINARY_OP_PY_SPECIAL
    ) {
        if let Some((r, which)) = py_special_fast(vm, f, op, at, &a, &b) {
            stats::record(op.family(), stats::Event::Hit);
            let mut r = r?;
            if op == Opcode::BINARY_OP_PY_SPECIAL && ops::is_not_implemented(&r) {
                // The method declined: the rest of the protocol.
                r = if which == INPLACE_METHOD {
                    ops::binary_op_after_inplace(vm, &a, &b, bop)?
                } else {
                    // No reflected method ran first (`special_serves_right`).
                    ops::binary_op_after_left(vm, &a, &b, bop, false, true)?
                };
            }
            f.stack.push(r);
            return Ok(());
        }
        miss(&f.code.units, at, op, || attempt(&a, &b, bop));
    } else if op.is_specialized() {
        let hit = if op == Opcode::BINARY_OP_SUBSCR_DICT {
            fast_dict(vm, &a, &b)?
        } else {
            fast(op, bop, &a, &b)
        };
        if let Some(r) = hit {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn ext(bop: B, a: Value, b: Value) -> Option<String> {
        extended_numeric(bop, &a, &b).map(|v| match v {
            Value::Int(i) => format!("{i}"),
            Value::Float(f) => format!("{f:?}"),
            _ => "?".into(),
        })
    }

    /// Expected values are CPython 3.11's.
    #[test]
    fn extend_matches_python_semantics() {
        use Value::{Float as F, Int as I};
        let cases: &[(B, Value, Value, Option<&str>)] = &[
            (B::FloorDivide, I(7), I(-2), Some("-4")),
            (B::FloorDivide, I(-7), I(2), Some("-4")),
            (B::FloorDivide, I(-8), I(2), Some("-4")),
            (B::FloorDivide, I(i64::MIN), I(-1), None),
            (B::FloorDivide, I(1), I(0), None),
            (B::Remainder, I(7), I(-2), Some("-1")),
            (B::Remainder, I(-7), I(2), Some("1")),
            (B::Remainder, I(-6), I(3), Some("0")),
            (B::Remainder, I(5), I(0), None),
            (B::InplaceRemainder, I(i64::MIN), I(-1), Some("0")),
            (B::TrueDivide, I(1), I(3), Some("0.3333333333333333")),
            (B::TrueDivide, F(1.0), I(4), Some("0.25")),
            (B::TrueDivide, I(1), F(0.0), None),
            (B::TrueDivide, I(1 << 60), I(3), None),
            (B::Add, I(2), F(0.5), Some("2.5")),
            (B::InplaceSubtract, F(0.5), I(2), Some("-1.5")),
            (B::Multiply, I((1 << 53) + 1), F(1.0), None),
            (B::Add, F(1.0), F(2.0), None),
            (B::Xor, I(6), I(3), Some("5")),
            (B::And, I(-1), I(12), Some("12")),
            (B::Or, I(8), I(1), Some("9")),
            (B::Power, I(2), I(3), None),
            (B::LShift, I(1), I(3), None),
        ];
        for (bop, a, b, want) in cases {
            assert_eq!(
                ext(*bop, a.clone(), b.clone()).as_deref(),
                *want,
                "{bop:?} {a:?} {b:?}"
            );
        }
    }
}
