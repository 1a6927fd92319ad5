//! The `math` module: argument conversion and error mapping around the
//! pure numeric core in `mathcore`.

use crate::builtins::args::module_fn_arg_count;
use crate::builtins::int::{as_int_like, int_from_bigint};
use crate::builtins::types::types;
use crate::function::CallArgs;
use crate::mathcore::math::{self as m, Real};
use crate::mathcore::MathError;
use crate::ops;
use crate::value::{ObjRef, Value};
use crate::vm::{PyErr, PyResult, Vm};
use num_bigint::BigInt;

/// Maps a numeric-core error to the Python exception.
pub fn math_err(vm: &Vm, e: MathError) -> PyErr {
    let t = types();
    let cls = match &e {
        MathError::Domain | MathError::Value(_) => t.exc.value_error,
        MathError::Range | MathError::Overflow(_) => t.exc.overflow_error,
        MathError::ZeroDivision(_) => t.exc.zero_division_error,
    };
    vm.new_error(cls, e.message().to_string())
}

fn real(vm: &Vm, v: &Value) -> PyResult<f64> {
    match v {
        Value::Float(f) => Ok(*f),
        Value::Int(i) => Ok(*i as f64),
        Value::Bool(b) => Ok(*b as i64 as f64),
        _ => {
            if let Some(b) = as_int_like(v) {
                return m::bigint_to_f64(&b)
                    .map_err(|_| vm.overflow_error("int too large to convert to float"));
            }
            if ops::special(v, "__float__").is_some()
                || matches!(
                    v.as_obj().map(|o| &o.payload),
                    Some(crate::object::Payload::Float(_))
                )
            {
                return crate::builtins::ctors::to_float(vm, Some(v));
            }
            Err(vm.type_error(format!("must be real number, not {}", vm.type_name(v))))
        }
    }
}

fn int_arg(vm: &Vm, v: &Value) -> PyResult<BigInt> {
    match as_int_like(v) {
        Some(b) => Ok(b),
        None => {
            if let Value::Float(_) = v {
                return Err(vm.type_error("'float' object cannot be interpreted as an integer"));
            }
            ops::index_of(vm, v)
        }
    }
}

fn f1(vm: &Vm, a: &CallArgs, name: &str, f: fn(f64) -> Result<f64, MathError>) -> PyResult<Value> {
    module_fn_arg_count(vm, "math", name, a, 1, 1)?;
    let x = real(vm, &a.pos()[0])?;
    f(x).map(Value::Float).map_err(|e| math_err(vm, e))
}

macro_rules! unary {
    ($($name:ident => $f:path),* $(,)?) => {
        $(fn $name(vm: &Vm, a: CallArgs) -> PyResult<Value> { f1(vm, &a, stringify!($name), $f) })*
    };
}

unary! {
    sqrt => m::sqrt, exp => m::exp, exp2 => m::exp2, expm1 => m::expm1, log1p => m::log1p,
    sin => m::sin, cos => m::cos, tan => m::tan, asin => m::asin, acos => m::acos, atan => m::atan,
    sinh => m::sinh, cosh => m::cosh, tanh => m::tanh, cbrt => m::cbrt,
}

fn m_asinh(x: f64) -> Result<f64, MathError> {
    Ok(x.asinh())
}

fn m_acosh(x: f64) -> Result<f64, MathError> {
    if x < 1.0 {
        return Err(MathError::Domain);
    }
    Ok(x.acosh())
}

fn m_atanh(x: f64) -> Result<f64, MathError> {
    if x.abs() >= 1.0 {
        return Err(MathError::Domain);
    }
    Ok(x.atanh())
}

unary! { asinh => m_asinh, acosh => m_acosh, atanh => m_atanh }

fn fabs(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "math", "fabs", &a, 1, 1)?;
    Ok(Value::Float(m::fabs(real(vm, &a.pos()[0])?)))
}

fn degrees(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "math", "degrees", &a, 1, 1)?;
    Ok(Value::Float(m::degrees(real(vm, &a.pos()[0])?)))
}

fn radians(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "math", "radians", &a, 1, 1)?;
    Ok(Value::Float(m::radians(real(vm, &a.pos()[0])?)))
}

fn rounding(
    vm: &Vm,
    a: CallArgs,
    name: &str,
    dunder: &'static str,
    f: fn(f64) -> Result<BigInt, MathError>,
) -> PyResult<Value> {
    module_fn_arg_count(vm, "math", name, &a, 1, 1)?;
    let v = &a.pos()[0];
    if let Some(b) = as_int_like(v) {
        return Ok(int_from_bigint(b));
    }
    if let Some(mth) = ops::special(v, dunder) {
        return vm.call(&mth, std::slice::from_ref(v));
    }
    let x = real(vm, v)?;
    f(x).map(int_from_bigint).map_err(|e| math_err(vm, e))
}

fn floor(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    rounding(vm, a, "floor", "__floor__", m::floor)
}
fn ceil(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    rounding(vm, a, "ceil", "__ceil__", m::ceil)
}
fn trunc(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    rounding(vm, a, "trunc", "__trunc__", m::trunc)
}

fn f2(vm: &Vm, a: &CallArgs, name: &str) -> PyResult<(f64, f64)> {
    module_fn_arg_count(vm, "math", name, a, 2, 2)?;
    Ok((real(vm, &a.pos()[0])?, real(vm, &a.pos()[1])?))
}

fn atan2(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let (y, x) = f2(vm, &a, "atan2")?;
    m::atan2(y, x)
        .map(Value::Float)
        .map_err(|e| math_err(vm, e))
}
fn copysign(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let (x, y) = f2(vm, &a, "copysign")?;
    Ok(Value::Float(m::copysign(x, y)))
}
fn fmod(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let (x, y) = f2(vm, &a, "fmod")?;
    m::fmod(x, y).map(Value::Float).map_err(|e| math_err(vm, e))
}
fn remainder(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let (x, y) = f2(vm, &a, "remainder")?;
    m::remainder(x, y)
        .map(Value::Float)
        .map_err(|e| math_err(vm, e))
}
fn pow(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let (x, y) = f2(vm, &a, "pow")?;
    m::pow(x, y).map(Value::Float).map_err(|e| math_err(vm, e))
}

fn modf(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "math", "modf", &a, 1, 1)?;
    let (f, i) = m::modf(real(vm, &a.pos()[0])?);
    Ok(crate::builtins::tuple::new_tuple(vec![
        Value::Float(f),
        Value::Float(i),
    ]))
}

fn frexp(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "math", "frexp", &a, 1, 1)?;
    let (f, e) = m::frexp(real(vm, &a.pos()[0])?);
    Ok(crate::builtins::tuple::new_tuple(vec![
        Value::Float(f),
        Value::Int(e as i64),
    ]))
}

fn ldexp(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "math", "ldexp", &a, 2, 2)?;
    let x = real(vm, &a.pos()[0])?;
    let i = int_arg(vm, &a.pos()[1])?;
    m::ldexp(x, &i)
        .map(Value::Float)
        .map_err(|e| math_err(vm, e))
}

fn to_real<'a>(vm: &Vm, v: &Value, hold: &'a mut Option<BigInt>) -> PyResult<Real<'a>> {
    if let Value::Float(f) = v {
        return Ok(Real::Float(*f));
    }
    if let Some(b) = as_int_like(v) {
        *hold = Some(b);
        return Ok(Real::Int(
            hold.as_ref().unwrap_or_else(|| unreachable_int()),
        ));
    }
    Ok(Real::Float(real(vm, v)?))
}

fn unreachable_int() -> &'static BigInt {
    static ZERO: std::sync::OnceLock<BigInt> = std::sync::OnceLock::new();
    ZERO.get_or_init(|| BigInt::from(0))
}

fn log(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    if a.has_kwargs() {
        return Err(vm.type_error("log() takes no keyword arguments"));
    }
    if !(1..=2).contains(&a.pos().len()) {
        return Err(vm.type_error("math.log requires 1 to 2 arguments"));
    }
    let mut h1 = None;
    let mut h2 = None;
    let x = to_real(vm, &a.pos()[0], &mut h1)?;
    let base = match a.pos().get(1) {
        Some(b) => Some(to_real(vm, b, &mut h2)?),
        None => None,
    };
    m::log(x, base)
        .map(Value::Float)
        .map_err(|e| math_err(vm, e))
}

fn log2(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "math", "log2", &a, 1, 1)?;
    let mut h = None;
    let x = to_real(vm, &a.pos()[0], &mut h)?;
    m::log2(x).map(Value::Float).map_err(|e| math_err(vm, e))
}

fn log10(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "math", "log10", &a, 1, 1)?;
    let mut h = None;
    let x = to_real(vm, &a.pos()[0], &mut h)?;
    m::log10(x).map(Value::Float).map_err(|e| math_err(vm, e))
}

fn isqrt(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "math", "isqrt", &a, 1, 1)?;
    m::isqrt(&int_arg(vm, &a.pos()[0])?)
        .map(int_from_bigint)
        .map_err(|e| math_err(vm, e))
}

fn factorial(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "math", "factorial", &a, 1, 1)?;
    m::factorial(&int_arg(vm, &a.pos()[0])?)
        .map(int_from_bigint)
        .map_err(|e| math_err(vm, e))
}

fn comb(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "math", "comb", &a, 2, 2)?;
    m::comb(&int_arg(vm, &a.pos()[0])?, &int_arg(vm, &a.pos()[1])?)
        .map(int_from_bigint)
        .map_err(|e| math_err(vm, e))
}

fn perm(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "math", "perm", &a, 1, 2)?;
    let n = int_arg(vm, &a.pos()[0])?;
    let k = match a.pos().get(1) {
        Some(v) if !v.is_none() => Some(int_arg(vm, v)?),
        _ => None,
    };
    m::perm(&n, k.as_ref())
        .map(int_from_bigint)
        .map_err(|e| math_err(vm, e))
}

fn ints(vm: &Vm, a: &CallArgs) -> PyResult<Vec<BigInt>> {
    a.pos().iter().map(|v| int_arg(vm, v)).collect()
}

fn gcd(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    Ok(int_from_bigint(m::gcd(&ints(vm, &a)?)))
}

fn lcm(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    Ok(int_from_bigint(m::lcm(&ints(vm, &a)?)))
}

fn floats(vm: &Vm, v: &Value) -> PyResult<Vec<f64>> {
    ops::collect_iter(vm, v)?
        .iter()
        .map(|x| real(vm, x))
        .collect()
}

fn fsum(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "math", "fsum", &a, 1, 1)?;
    m::fsum(&floats(vm, &a.pos()[0])?)
        .map(Value::Float)
        .map_err(|e| math_err(vm, e))
}

fn hypot(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let xs: Vec<f64> = a
        .pos()
        .iter()
        .map(|x| real(vm, x))
        .collect::<PyResult<_>>()?;
    Ok(Value::Float(m::hypot(&xs)))
}

fn dist(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "math", "dist", &a, 2, 2)?;
    let p = floats(vm, &a.pos()[0])?;
    let q = floats(vm, &a.pos()[1])?;
    m::dist(&p, &q)
        .map(Value::Float)
        .map_err(|e| math_err(vm, e))
}

fn isclose(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let x = real(vm, a.pos().first().unwrap_or(&Value::None))?;
    let y = real(vm, a.pos().get(1).unwrap_or(&Value::None))?;
    let rel = match a.kwarg("rel_tol") {
        Some(v) => real(vm, v)?,
        None => 1e-9,
    };
    let abs = match a.kwarg("abs_tol") {
        Some(v) => real(vm, v)?,
        None => 0.0,
    };
    m::isclose(x, y, rel, abs)
        .map(Value::Bool)
        .map_err(|e| math_err(vm, e))
}

fn isfinite(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "math", "isfinite", &a, 1, 1)?;
    Ok(Value::Bool(real(vm, &a.pos()[0])?.is_finite()))
}
fn isinf(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "math", "isinf", &a, 1, 1)?;
    Ok(Value::Bool(real(vm, &a.pos()[0])?.is_infinite()))
}
fn isnan(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "math", "isnan", &a, 1, 1)?;
    Ok(Value::Bool(real(vm, &a.pos()[0])?.is_nan()))
}

fn prod(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let mut acc = a.kwarg("start").cloned().unwrap_or(Value::Int(1));
    let it = ops::get_iter(vm, a.pos().first().unwrap_or(&Value::None))?;
    while let Some(x) = ops::next(vm, &it)? {
        acc = ops::binary_op(vm, &acc, &x, weft_specializer::BinaryOperator::Multiply)?;
    }
    Ok(acc)
}

/// Builds the module.
pub fn make() -> ObjRef {
    let md = super::make_module(
        "math",
        &[
            ("sqrt", sqrt),
            ("exp", exp),
            ("exp2", exp2),
            ("expm1", expm1),
            ("log1p", log1p),
            ("sin", sin),
            ("cos", cos),
            ("tan", tan),
            ("asin", asin),
            ("acos", acos),
            ("atan", atan),
            ("sinh", sinh),
            ("cosh", cosh),
            ("tanh", tanh),
            ("cbrt", cbrt),
            ("asinh", asinh),
            ("acosh", acosh),
            ("atanh", atanh),
            ("fabs", fabs),
            ("degrees", degrees),
            ("radians", radians),
            ("floor", floor),
            ("ceil", ceil),
            ("trunc", trunc),
            ("atan2", atan2),
            ("copysign", copysign),
            ("fmod", fmod),
            ("remainder", remainder),
            ("pow", pow),
            ("modf", modf),
            ("frexp", frexp),
            ("ldexp", ldexp),
            ("log", log),
            ("log2", log2),
            ("log10", log10),
            ("isqrt", isqrt),
            ("factorial", factorial),
            ("comb", comb),
            ("perm", perm),
            ("gcd", gcd),
            ("lcm", lcm),
            ("fsum", fsum),
            ("hypot", hypot),
            ("dist", dist),
            ("isclose", isclose),
            ("isfinite", isfinite),
            ("isinf", isinf),
            ("isnan", isnan),
            ("prod", prod),
        ],
    );
    super::set_attr(&md, "pi", Value::Float(std::f64::consts::PI));
    super::set_attr(&md, "e", Value::Float(std::f64::consts::E));
    super::set_attr(&md, "tau", Value::Float(std::f64::consts::TAU));
    super::set_attr(&md, "inf", Value::Float(f64::INFINITY));
    super::set_attr(&md, "nan", Value::Float(f64::NAN));
    md
}
