//! The `complex` type: its values (`Payload::Complex(re, im)`, immutable
//! heap objects), `complex(...)` from numbers, strings and `__complex__`,
//! the arithmetic of complex with int/float/complex operands, equality
//! with other numbers, hashing, and the type's methods.

use crate::builtins::args::{arg_count, Args};
use crate::builtins::int;
use crate::builtins::types::types;
use crate::function::CallArgs;
use crate::object::{Object, Payload};
use crate::ops;
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};
use weft_specializer::BinaryOperator;

/// A complex value as (real, imaginary).
pub type C = (f64, f64);

/// A new exact `complex`.
pub fn new_complex(re: f64, im: f64) -> Value {
    Value::Obj(ObjRef::new(Object::new(
        types().complex,
        Payload::Complex(re, im),
    )))
}

/// The parts of a complex (or complex subclass instance); None otherwise.
pub fn complex_parts(v: &Value) -> Option<C> {
    match v.as_obj().map(|o| &o.payload) {
        Some(Payload::Complex(re, im)) => Some((*re, *im)),
        _ => None,
    }
}

/// An arithmetic operand as a complex: complex values, and ints and
/// floats (of any size, subclasses by value) with a zero imaginary part.
fn operand(vm: &Vm, v: &Value) -> PyResult<Option<C>> {
    if let Some(c) = complex_parts(v) {
        return Ok(Some(c));
    }
    Ok(int::to_f64(vm, v)?.map(|x| (x, 0.0)))
}

fn mul(a: C, b: C) -> C {
    (a.0 * b.0 - a.1 * b.1, a.0 * b.1 + a.1 * b.0)
}

/// `a / b`; None when `b` is zero. The larger component of the divisor
/// is divided out first so that the intermediate products stay in range.
pub fn quot(a: C, b: C) -> Option<C> {
    let (abs_re, abs_im) = (b.0.abs(), b.1.abs());
    if abs_re >= abs_im {
        if abs_re == 0.0 {
            return None;
        }
        let ratio = b.1 / b.0;
        let denom = b.0 + b.1 * ratio;
        Some(((a.0 + a.1 * ratio) / denom, (a.1 - a.0 * ratio) / denom))
    } else if abs_im >= abs_re {
        let ratio = b.0 / b.1;
        let denom = b.0 * ratio + b.1;
        Some(((a.0 * ratio + a.1) / denom, (a.1 * ratio - a.0) / denom))
    } else {
        // A NaN component in the divisor.
        Some((f64::NAN, f64::NAN))
    }
}

/// `x ** n` for a small non-negative integer `n`, by repeated squaring.
fn pow_unsigned(x: C, n: u32) -> C {
    let mut result = (1.0, 0.0);
    let mut square = x;
    let mut rest = n;
    while rest > 0 {
        if rest & 1 == 1 {
            result = mul(result, square);
        }
        rest >>= 1;
        if rest > 0 {
            square = mul(square, square);
        }
    }
    result
}

/// The error `complex_pow` can report.
enum PowError {
    ZeroToNegative,
    Overflow,
}

fn pow(a: C, b: C) -> Result<C, PowError> {
    let r = if b.1 == 0.0 && b.0 == b.0.floor() && b.0.abs() <= 100.0 {
        let n = b.0 as i32;
        if n >= 0 {
            pow_unsigned(a, n as u32)
        } else {
            quot((1.0, 0.0), pow_unsigned(a, n.unsigned_abs())).ok_or(PowError::ZeroToNegative)?
        }
    } else if b == (0.0, 0.0) {
        (1.0, 0.0)
    } else if a == (0.0, 0.0) {
        if b.1 != 0.0 || b.0 < 0.0 {
            return Err(PowError::ZeroToNegative);
        }
        (0.0, 0.0)
    } else {
        let modulus = a.0.hypot(a.1);
        let mut length = modulus.powf(b.0);
        let angle = a.1.atan2(a.0);
        let mut phase = angle * b.0;
        if b.1 != 0.0 {
            length /= (angle * b.1).exp();
            phase += b.1 * modulus.ln();
        }
        (length * phase.cos(), length * phase.sin())
    };
    if r.0.is_infinite() || r.1.is_infinite() {
        return Err(PowError::Overflow);
    }
    Ok(r)
}

/// `a <op> b` when either operand is a complex and the other a number;
/// None when the operator or the operands do not apply.
pub fn complex_binary(
    vm: &Vm,
    a: &Value,
    b: &Value,
    op: BinaryOperator,
) -> PyResult<Option<Value>> {
    use BinaryOperator::*;
    if complex_parts(a).is_none() && complex_parts(b).is_none() {
        return Ok(None);
    }
    if !matches!(op, Add | Subtract | Multiply | TrueDivide | Power) {
        return Ok(None);
    }
    let (Some(x), Some(y)) = (operand(vm, a)?, operand(vm, b)?) else {
        return Ok(None);
    };
    let (re, im) = match op {
        Add => (x.0 + y.0, x.1 + y.1),
        Subtract => (x.0 - y.0, x.1 - y.1),
        Multiply => mul(x, y),
        TrueDivide => quot(x, y).ok_or_else(|| vm.zero_division("complex division by zero"))?,
        _ => pow(x, y).map_err(|e| match e {
            PowError::ZeroToNegative => vm.zero_division("0.0 to a negative or complex power"),
            PowError::Overflow => vm.overflow_error("complex exponentiation"),
        })?,
    };
    Ok(Some(new_complex(re, im)))
}

/// `c == other` for a complex `c` and a built-in number `other`; None
/// when `other` is not a number.
pub fn complex_eq(c: C, other: &Value) -> Option<bool> {
    if let Some(d) = complex_parts(other) {
        return Some(c.0 == d.0 && c.1 == d.1);
    }
    let real_eq = ops::numeric_compare(&Value::Float(c.0), other, 2)?;
    Some(c.1 == 0.0 && real_eq)
}

/// `hash(complex)`: CPython's numeric hash, so `hash(1+0j) == hash(1)`;
/// a NaN part hashes by the object's identity as 3.11 does.
pub fn complex_hash(o: &Object, c: C) -> i64 {
    let part = |x: f64| {
        crate::numhash::hash_float(x)
            .unwrap_or_else(|| crate::numhash::hash_pointer(o as *const Object as usize))
    };
    crate::numhash::hash_complex(part(c.0), part(c.1))
}

/// `abs(complex)`.
pub fn complex_abs(vm: &Vm, c: C) -> PyResult<Value> {
    let r = c.0.hypot(c.1);
    if r.is_infinite() && c.0.is_finite() && c.1.is_finite() {
        return Err(vm.overflow_error("absolute value too large"));
    }
    Ok(Value::Float(r))
}

/// Parses `complex(str)` text: optional surrounding whitespace and
/// parentheses around `re`, `imj`, `re+imj` or `re-imj` (a bare `j`
/// standing for `1j`), each number in `float()` syntax.
pub fn parse_complex(text: &str) -> Option<C> {
    let mut s = text.trim();
    if let Some(inner) = s.strip_prefix('(') {
        s = inner.strip_suffix(')')?.trim();
    }
    if s.is_empty() || s.chars().any(char::is_whitespace) {
        return None;
    }
    let real_only = |t: &str| -> Option<f64> {
        if t.is_empty() {
            return None;
        }
        crate::format::parse_float(t)
    };
    let Some(body) = s.strip_suffix(['j', 'J']) else {
        return Some((real_only(s)?, 0.0));
    };
    // The sign that starts the imaginary part: the last '+'/'-' that is
    // not the first character and does not follow an exponent marker.
    let bytes = body.as_bytes();
    let split = (1..bytes.len())
        .rev()
        .find(|&i| matches!(bytes[i], b'+' | b'-') && !matches!(bytes[i - 1], b'e' | b'E'));
    let (re_text, im_text) = match split {
        Some(k) => (&body[..k], &body[k..]),
        None => ("", body),
    };
    let im = match im_text {
        "" | "+" => 1.0,
        "-" => -1.0,
        t => {
            // `float()` would accept `inf`-style words after a sign, and
            // nothing else is needed here.
            crate::format::parse_float(t)?
        }
    };
    let re = if re_text.is_empty() {
        0.0
    } else {
        real_only(re_text)?
    };
    Some((re, im))
}

fn is_number(v: &Value) -> bool {
    match v {
        Value::Int(_) | Value::Bool(_) | Value::Float(_) => true,
        Value::Obj(o) => {
            matches!(
                o.payload,
                Payload::Int(_) | Payload::Float(_) | Payload::Complex(..)
            ) || ops::special(v, "__float__").is_some()
                || ops::special(v, "__index__").is_some()
                || ops::special(v, "__complex__").is_some()
        }
        _ => false,
    }
}

/// One argument of `complex(real, imag)` as a complex, and whether it was
/// one (a complex or an object with `__complex__`).
fn argument_value(vm: &Vm, v: &Value) -> PyResult<(C, bool)> {
    if let Some(m) = ops::special(v, "__complex__") {
        let r = vm.call(&m, std::slice::from_ref(v))?;
        return match complex_parts(&r) {
            Some(c) => Ok((c, true)),
            None => Err(vm.type_error(format!(
                "__complex__ returned non-complex (type {})",
                vm.type_name(&r)
            ))),
        };
    }
    if let Some(c) = complex_parts(v) {
        return Ok((c, true));
    }
    Ok(((crate::builtins::ctors::to_float(vm, Some(v))?, 0.0), false))
}

/// The value of `complex(real=0, imag=0)` (for the class and subclasses).
pub fn complex_value(vm: &Vm, args: CallArgs) -> PyResult<C> {
    let a = Args::parse(vm, "complex", args, &["real", "imag"], &[], 0)?;
    let (real, imag) = (a.get(0), a.get(1));
    let Some(real) = real else {
        return match imag {
            None => Ok((0.0, 0.0)),
            Some(i) => complex_value_of(vm, &Value::Int(0), Some(i)),
        };
    };
    complex_value_of(vm, real, imag)
}

fn complex_value_of(vm: &Vm, real: &Value, imag: Option<&Value>) -> PyResult<C> {
    if let Some(s) = real.as_obj().and_then(|o| o.as_str()) {
        if imag.is_some() {
            return Err(vm.type_error("complex() can't take second arg if first is a string"));
        }
        return parse_complex(s)
            .ok_or_else(|| vm.value_error("complex() arg is a malformed string"));
    }
    if let Some(i) = imag {
        if i.as_obj().and_then(|o| o.as_str()).is_some() {
            return Err(vm.type_error("complex() second arg can't be a string"));
        }
    }
    if !is_number(real) {
        return Err(vm.type_error(format!(
            "complex() first argument must be a string or a number, not '{}'",
            vm.type_name(real)
        )));
    }
    let (r, r_is_complex) = argument_value(vm, real)?;
    let Some(imag) = imag else {
        return Ok(r);
    };
    if !is_number(imag) {
        return Err(vm.type_error(format!(
            "complex() second argument must be a number, not '{}'",
            vm.type_name(imag)
        )));
    }
    let (i, i_is_complex) = argument_value(vm, imag)?;
    // real + imag*1j, touching a part only where a complex brought one
    // (so that signed zeros pass through unchanged).
    let re = if i_is_complex { r.0 - i.1 } else { r.0 };
    let im = if r_is_complex { i.0 + r.1 } else { i.0 };
    Ok((re, im))
}

/// `complex(...)` called on the class itself.
pub fn construct(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let pos = args.pos();
    if pos.len() == 1
        && args.kwnames.is_empty()
        && crate::builtins::types::is_exact(&pos[0], types().complex)
    {
        return Ok(pos[0].clone());
    }
    let (re, im) = complex_value(vm, args)?;
    Ok(new_complex(re, im))
}

fn self_parts(vm: &Vm, args: &CallArgs, name: &str) -> PyResult<C> {
    args.pos().first().and_then(complex_parts).ok_or_else(|| {
        vm.type_error(format!(
            "descriptor '{name}' for 'complex' objects doesn't apply to a '{}' object",
            args.pos()
                .first()
                .map(|v| vm.type_name(v))
                .unwrap_or_else(|| "NoneType".into())
        ))
    })
}

fn complex_conjugate(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "conjugate", &args, 1, 1)?;
    let (re, im) = self_parts(vm, &args, "conjugate")?;
    Ok(new_complex(re, -im))
}

fn complex_dunder_complex(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "__complex__", &args, 1, 1)?;
    let (re, im) = self_parts(vm, &args, "__complex__")?;
    Ok(new_complex(re, im))
}

fn complex_getnewargs(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "__getnewargs__", &args, 1, 1)?;
    let (re, im) = self_parts(vm, &args, "__getnewargs__")?;
    Ok(crate::builtins::tuple::new_tuple(vec![
        Value::Float(re),
        Value::Float(im),
    ]))
}

/// Registers the methods of `complex`.
pub fn register(_r: &mut crate::builtins::BuiltinRegistry) {
    let t = types().complex;
    crate::builtins::add_method(t, "conjugate", complex_conjugate);
    crate::builtins::add_method(t, "__complex__", complex_dunder_complex);
    crate::builtins::add_method(t, "__getnewargs__", complex_getnewargs);
    crate::builtins::add_staticmethod(t, "__new__", crate::builtins::ctors::object_new);
}
