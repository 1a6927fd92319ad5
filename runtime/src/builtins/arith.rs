//! Native binary operators of the built-in types: int, float (and,
//! through `complex.rs`, complex) arithmetic with Python's rules and errors, sequence concatenation and
//! repetition, set algebra, dict union, and `%` formatting of str.

use crate::builtins::int::{self, int_from_bigint, is_int_like};
use crate::builtins::list::new_list;
use crate::builtins::tuple::new_tuple;
use crate::builtins::types::types;
use crate::object::Payload;
use crate::strobj::new_str;
use crate::value::Value;
use crate::vm::{PyResult, Vm};
use num_traits::Zero;
use weft_specializer::BinaryOperator;

fn float_of(vm: &Vm, v: &Value) -> PyResult<Option<f64>> {
    int::to_f64(vm, v)
}

fn is_float(v: &Value) -> bool {
    match v {
        Value::Float(_) => true,
        Value::Obj(o) => matches!(o.payload, Payload::Float(_)),
        _ => false,
    }
}

/// Python float floor division and modulo.
pub fn float_divmod(vm: &Vm, a: f64, b: f64) -> PyResult<(f64, f64)> {
    if b == 0.0 {
        return Err(vm.zero_division("float divmod()"));
    }
    Ok(float_divmod_nonzero(a, b))
}

/// `float_divmod` for a divisor known not to be zero (the compiler's
/// constant folding uses it too).
pub fn float_divmod_nonzero(a: f64, b: f64) -> (f64, f64) {
    let mut m = a % b;
    let mut div = (a - m) / b;
    if m != 0.0 {
        if (b < 0.0) != (m < 0.0) {
            m += b;
            div -= 1.0;
        }
    } else {
        m = 0.0f64.copysign(b);
    }
    let floordiv = if div != 0.0 {
        let f = div.floor();
        if div - f > 0.5 {
            f + 1.0
        } else {
            f
        }
    } else {
        0.0f64.copysign(a / b)
    };
    (floordiv, m)
}

fn float_op(vm: &Vm, a: f64, b: f64, op: BinaryOperator) -> PyResult<Value> {
    use BinaryOperator::*;
    Ok(Value::Float(match op {
        Add => a + b,
        Subtract => a - b,
        Multiply => a * b,
        TrueDivide => {
            if b == 0.0 {
                return Err(vm.zero_division("float division by zero"));
            }
            a / b
        }
        FloorDivide => {
            if b == 0.0 {
                return Err(vm.zero_division("float floor division by zero"));
            }
            float_divmod(vm, a, b)?.0
        }
        Remainder => {
            if b == 0.0 {
                return Err(vm.zero_division("float modulo"));
            }
            float_divmod(vm, a, b)?.1
        }
        Power => {
            if a == 0.0 && b < 0.0 {
                return Err(vm.zero_division("0.0 cannot be raised to a negative power"));
            }
            if a < 0.0 && b.fract() != 0.0 && b.is_finite() {
                return Err(vm.value_error("math domain error"));
            }
            let r = a.powf(b);
            if r.is_infinite() && a.is_finite() && b.is_finite() {
                return Err(vm.overflow_error("(34, 'Numerical result out of range')"));
            }
            r
        }
        _ => return Err(vm.type_error("unsupported float operation")),
    }))
}

fn int_op(vm: &Vm, a: &Value, b: &Value, op: BinaryOperator) -> PyResult<Option<Value>> {
    use BinaryOperator::*;
    if let (Some(x), Some(y)) = (int::as_i64_like(a), int::as_i64_like(b)) {
        if op == TrueDivide
            && y != 0
            && x.unsigned_abs() < (1 << 53)
            && y.unsigned_abs() < (1 << 53)
        {
            return Ok(Some(Value::Float(x as f64 / y as f64)));
        }
        if let Some(r) = int::fixed_int_op(x, y, op) {
            return Ok(Some(Value::Int(r)));
        }
    }
    // Big ints of up to 127 bits: no big-int copies or temporaries.
    if let (Some(x), Some(y)) = (int::as_i128_like(a), int::as_i128_like(b)) {
        if let Some(r) = int::fixed_int_op(x, y, op) {
            return Ok(Some(int::int_from_i128(r)));
        }
    }
    // Big ints by reference: an operand's digits are read, not copied.
    let (Some(x), Some(y)) = (int::int_operand(a), int::int_operand(b)) else {
        return Ok(None);
    };
    let (x, y) = (x.as_ref(), y.as_ref());
    Ok(Some(match op {
        Add => int_from_bigint(x + y),
        Subtract => int_from_bigint(x - y),
        Multiply => int_from_bigint(x * y),
        FloorDivide => int_from_bigint(int::floordiv(vm, x, y)?),
        Remainder => int_from_bigint(int::modulo(vm, x, y)?),
        TrueDivide => {
            if y.is_zero() {
                return Err(vm.zero_division("division by zero"));
            }
            Value::Float(
                crate::mathcore::math::int_true_divide(x, y)
                    .map_err(|e| vm.overflow_error(e.message().to_string()))?,
            )
        }
        Power => int::int_pow(vm, x, y, None)?,
        LShift => int_from_bigint(int::lshift(vm, x, y)?),
        RShift => int_from_bigint(int::rshift(vm, x, y)?),
        And => int_from_bigint(x & y),
        Or => int_from_bigint(x | y),
        Xor => int_from_bigint(x ^ y),
        _ => return Ok(None),
    }))
}

fn repeat_count(vm: &Vm, v: &Value) -> PyResult<Option<usize>> {
    match int::as_int_like(v) {
        Some(n) => {
            use num_traits::ToPrimitive;
            if n.sign() == num_bigint::Sign::Minus {
                return Ok(Some(0));
            }
            match n.to_usize() {
                Some(c) if c < (1 << 40) => Ok(Some(c)),
                _ => Err(vm.overflow_error("cannot fit 'int' into an index-sized integer")),
            }
        }
        None => Ok(None),
    }
}

fn is_view(v: &Value) -> bool {
    match v.as_obj().map(|o| &o.payload) {
        Some(Payload::Iter(it)) => matches!(
            &*it.lock(),
            crate::iterators::IterState::DictView {
                kind: crate::iterators::ViewKind::Keys | crate::iterators::ViewKind::Items,
                ..
            }
        ),
        _ => false,
    }
}

/// A native binary operation on built-in operands; None when the operand
/// types do not support it.
pub fn native_binary(vm: &Vm, a: &Value, b: &Value, op: BinaryOperator) -> PyResult<Option<Value>> {
    use BinaryOperator::*;
    if is_int_like(a) && is_int_like(b) {
        return int_op(vm, a, b, op);
    }
    if let Some(r) = crate::builtins::complex::complex_binary(vm, a, b, op)? {
        return Ok(Some(r));
    }
    if (is_float(a) || is_int_like(a)) && (is_float(b) || is_int_like(b)) {
        if let (Some(x), Some(y)) = (float_of(vm, a)?, float_of(vm, b)?) {
            if matches!(op, And | Or | Xor | LShift | RShift | MatrixMultiply) {
                return Ok(None);
            }
            return float_op(vm, x, y, op).map(Some);
        }
    }
    let ((Value::Obj(_), _) | (_, Value::Obj(_))) = (a, b) else {
        return Ok(None);
    };
    let pa = a.as_obj().map(|o| &o.payload);
    let pb = b.as_obj().map(|o| &o.payload);
    let is_bytearray = |p: Option<&Payload>| matches!(p, Some(Payload::ByteArray(_)));
    if matches!(op, Add | Multiply) && (is_bytearray(pa) || is_bytearray(pb)) {
        return crate::builtins::bytearray::binary(vm, a, b, op == Multiply);
    }
    match (op, pa, pb) {
        (Add, Some(Payload::Str(x)), Some(Payload::Str(y))) => {
            let mut s = String::with_capacity(x.as_str().len() + y.as_str().len());
            s.push_str(x.as_str());
            s.push_str(y.as_str());
            Ok(Some(new_str(s)))
        }
        (Multiply, Some(Payload::Str(x)), _) => match repeat_count(vm, b)? {
            Some(n) => Ok(Some(new_str(x.as_str().repeat(n)))),
            None => Ok(None),
        },
        (Multiply, _, Some(Payload::Str(y))) => match repeat_count(vm, a)? {
            Some(n) => Ok(Some(new_str(y.as_str().repeat(n)))),
            None => Ok(None),
        },
        (Remainder, Some(Payload::Str(x)), _) => Ok(Some(new_str(
            crate::builtins::strmod::percent_format(vm, x.as_str(), b)?,
        ))),
        (Add, Some(Payload::List(x)), Some(Payload::List(y))) => {
            let mut v = x.lock().clone();
            v.extend(y.lock().iter().cloned());
            Ok(Some(new_list(v)))
        }
        (Multiply, Some(Payload::List(x)), _) | (Multiply, _, Some(Payload::List(x))) => {
            let other = if matches!(pa, Some(Payload::List(_))) {
                b
            } else {
                a
            };
            match repeat_count(vm, other)? {
                Some(n) => {
                    let items = x.lock().clone();
                    let mut v = Vec::with_capacity(items.len() * n);
                    for _ in 0..n {
                        v.extend(items.iter().cloned());
                    }
                    Ok(Some(new_list(v)))
                }
                None => Ok(None),
            }
        }
        (Add, Some(Payload::Tuple(x)), Some(Payload::Tuple(y))) => {
            let mut v = x.to_vec();
            v.extend(y.iter().cloned());
            Ok(Some(new_tuple(v)))
        }
        (Multiply, Some(Payload::Tuple(x)), _) | (Multiply, _, Some(Payload::Tuple(x))) => {
            let other = if matches!(pa, Some(Payload::Tuple(_))) {
                b
            } else {
                a
            };
            match repeat_count(vm, other)? {
                Some(n) => {
                    let mut v = Vec::with_capacity(x.len() * n);
                    for _ in 0..n {
                        v.extend(x.iter().cloned());
                    }
                    Ok(Some(new_tuple(v)))
                }
                None => Ok(None),
            }
        }
        (Add, Some(Payload::Bytes(x)), Some(Payload::Native(_))) => {
            match crate::builtins::buffer::bytes_like(vm, b)? {
                Some(y) => {
                    let mut v = x.to_vec();
                    v.extend_from_slice(&y);
                    Ok(Some(crate::builtins::bytes::new_bytes(v)))
                }
                None => Ok(None),
            }
        }
        (Add, Some(Payload::Bytes(x)), Some(Payload::Bytes(y))) => {
            let mut v = x.to_vec();
            v.extend_from_slice(y);
            Ok(Some(crate::builtins::bytes::new_bytes(v)))
        }
        (Multiply, Some(Payload::Bytes(x)), _) => match repeat_count(vm, b)? {
            Some(n) => Ok(Some(crate::builtins::bytes::new_bytes(x.repeat(n)))),
            None => Ok(None),
        },
        (Multiply, _, Some(Payload::Bytes(y))) => match repeat_count(vm, a)? {
            Some(n) => Ok(Some(crate::builtins::bytes::new_bytes(y.repeat(n)))),
            None => Ok(None),
        },
        (Or | And | Subtract | Xor, Some(Payload::Iter(_)), _)
        | (Or | And | Subtract | Xor, _, Some(Payload::Iter(_)))
            if is_view(a) || is_view(b) =>
        {
            let sa = crate::set::new_set_from(vm, crate::ops::collect_iter(vm, a)?, false)?;
            let sb = crate::set::new_set_from(vm, crate::ops::collect_iter(vm, b)?, false)?;
            crate::set::set_binary(vm, &sa, &sb, op).map(Some)
        }
        (Or | And | Subtract | Xor, Some(Payload::Set(_)), Some(Payload::Set(_))) => {
            crate::set::set_binary(vm, a, b, op).map(Some)
        }
        (Or, Some(Payload::Dict(x)), Some(Payload::Dict(_))) => {
            let d = crate::dict::new_dict_obj();
            let dd = vm.dict_of(&d);
            for e in x.entries() {
                dd.set_hashed(vm, e.key, e.hash, e.value)?;
            }
            crate::builtins::dict::dict_update_from(vm, &Value::Obj(d.clone()), b)?;
            Ok(Some(Value::Obj(d)))
        }
        _ => Ok(None),
    }
}

/// Native in-place operators that mutate the left operand (`list +=`,
/// `set |=`, `dict |=`); None to fall back to the binary form.
pub fn native_inplace(
    vm: &Vm,
    a: &Value,
    b: &Value,
    op: BinaryOperator,
) -> PyResult<Option<Value>> {
    use BinaryOperator::*;
    let Some(ao) = a.as_obj() else {
        return Ok(None);
    };
    match (&ao.payload, op) {
        (Payload::ByteArray(_), Add | Multiply) => {
            crate::builtins::bytearray::inplace(vm, a, b, op == Multiply)
        }
        (Payload::List(_), Add) => {
            let items = crate::ops::collect_iter(vm, b)?;
            crate::builtins::list::list_extend_vec(a, items);
            Ok(Some(a.clone()))
        }
        (Payload::List(l), Multiply) => match repeat_count(vm, b)? {
            Some(n) => {
                let mut g = l.lock();
                let items = g.clone();
                g.clear();
                for _ in 0..n {
                    g.extend(items.iter().cloned());
                }
                Ok(Some(a.clone()))
            }
            None => Ok(None),
        },
        (Payload::Set(_), Or | And | Subtract | Xor)
            if !std::ptr::eq(ao.class(), types().frozenset) =>
        {
            if !matches!(b.as_obj().map(|o| &o.payload), Some(Payload::Set(_))) {
                return Ok(None);
            }
            crate::set::set_inplace(vm, a, b, op)?;
            Ok(Some(a.clone()))
        }
        (Payload::Dict(_), Or) => {
            crate::builtins::dict::dict_update_from(vm, a, b)?;
            Ok(Some(a.clone()))
        }
        _ => Ok(None),
    }
}

/// `divmod(a, b)` for numbers.
pub fn divmod(vm: &Vm, a: &Value, b: &Value) -> PyResult<Option<Value>> {
    if is_int_like(a) && is_int_like(b) {
        let q = int_op(vm, a, b, BinaryOperator::FloorDivide)?;
        let r = int_op(vm, a, b, BinaryOperator::Remainder)?;
        return Ok(match (q, r) {
            (Some(q), Some(r)) => Some(new_tuple(vec![q, r])),
            _ => None,
        });
    }
    if let (Some(x), Some(y)) = (float_of(vm, a)?, float_of(vm, b)?) {
        if y == 0.0 {
            return Err(vm.zero_division("float divmod()"));
        }
        let (q, r) = float_divmod(vm, x, y)?;
        return Ok(Some(new_tuple(vec![Value::Float(q), Value::Float(r)])));
    }
    Ok(None)
}
