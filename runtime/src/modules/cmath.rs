//! The `cmath` module: complex elementary functions (Kahan's branch-cut
//! formulas for the inverse functions, scaling near overflow and
//! underflow), the classification functions, `phase`/`polar`/`rect`,
//! `isclose`, and the constants.
//!
//! Infinite and NaN arguments follow C99 Annex G, as CPython does: each
//! base function (`exp`, `log`, `sqrt`, `sinh`, `cosh`, `tanh`, `asinh`,
//! `acos`, `acosh`, `atanh`, `rect`) answers non-finite arguments from
//! the rules in its `nonfinite_*` helper, and the trigonometric functions
//! inherit theirs through `sin z = -i sinh(iz)` and the like. An argument
//! with an infinite part and no NaN whose answer has a NaN part is
//! CPython's `ValueError: math domain error`.

use crate::builtins::args::{module_fn_arg_count, Args};
use crate::builtins::complex::{complex_parts, new_complex, quot, C};
use crate::function::CallArgs;
use crate::ops;
use crate::value::Value;
use crate::vm::{PyErr, PyResult, Vm};
use std::f64::consts::{LN_2, PI};

/// A quarter of the largest double: beyond it, sums of two parts may overflow.
const LARGE: f64 = f64::MAX / 4.0;
/// The failures of the functions here.
enum CmathError {
    /// `ValueError: math domain error`
    Domain,
    /// `OverflowError: math range error`
    Range,
}

type CResult = Result<C, CmathError>;

unsafe extern "C" {
    /// The C library's `asinh` (what CPython's results come from; Rust's
    /// own `f64::asinh` rounds differently in the last place).
    #[link_name = "asinh"]
    fn libm_asinh(x: f64) -> f64;
}

/// Real `asinh`.
fn real_asinh(x: f64) -> f64 {
    // SAFETY: `asinh` from the C math library (linked by std on every
    // supported target) is a pure function of one double, defined for
    // every input including NaN and infinities; it touches no memory.
    unsafe { libm_asinh(x) }
}

fn large_sqrt() -> f64 {
    LARGE.sqrt()
}

fn log_large() -> f64 {
    LARGE.ln()
}

fn neg(z: C) -> C {
    (-z.0, -z.1)
}

/// `i * z`
fn times_i(z: C) -> C {
    (-z.1, z.0)
}

/// `-i * z`
fn times_minus_i(z: C) -> C {
    (z.1, -z.0)
}

/// True when both parts are finite.
fn is_finite(z: C) -> bool {
    z.0.is_finite() && z.1.is_finite()
}

/// CPython's domain error for special values: an infinite part and no
/// NaN in the argument, yet a NaN in the answer.
fn nan_from_infinity(z: C, r: C) -> bool {
    let has_inf = z.0.is_infinite() || z.1.is_infinite();
    let has_nan = z.0.is_nan() || z.1.is_nan();
    has_inf && !has_nan && (r.0.is_nan() || r.1.is_nan())
}

const NAN2: C = (f64::NAN, f64::NAN);
const INF: f64 = f64::INFINITY;

fn nonfinite_exp(x: f64, y: f64) -> C {
    if x.is_nan() {
        return if y == 0.0 { (x, y) } else { NAN2 };
    }
    if x == -INF {
        return if y.is_finite() {
            (0.0 * y.cos(), 0.0 * y.sin())
        } else {
            (0.0, 0.0)
        };
    }
    if x == INF {
        return match y {
            _ if y == 0.0 => (INF, y),
            _ if y.is_finite() => (INF * y.cos(), INF * y.sin()),
            _ => (INF, f64::NAN),
        };
    }
    NAN2
}

fn nonfinite_log(x: f64, y: f64) -> C {
    let re = if x.is_infinite() || y.is_infinite() {
        INF
    } else {
        f64::NAN
    };
    (re, y.atan2(x))
}

fn nonfinite_sqrt(x: f64, y: f64) -> C {
    if y.is_infinite() {
        return (INF, y);
    }
    match x {
        _ if x == -INF && y.is_nan() => (f64::NAN, INF),
        _ if x == -INF => (0.0, INF.copysign(y)),
        _ if x == INF && y.is_nan() => (INF, f64::NAN),
        _ if x == INF => (INF, 0f64.copysign(y)),
        _ => NAN2,
    }
}

fn nonfinite_sinh(x: f64, y: f64) -> C {
    if x.is_infinite() {
        return match y {
            _ if y == 0.0 => (x, y),
            _ if y.is_finite() => (x * y.cos(), INF * y.sin()),
            _ if y.is_nan() => (INF, f64::NAN),
            _ => (x, f64::NAN),
        };
    }
    match x {
        _ if x == 0.0 => (0.0, f64::NAN),
        _ if x.is_nan() && y == 0.0 => (x, y),
        _ => NAN2,
    }
}

fn nonfinite_cosh(x: f64, y: f64) -> C {
    if x.is_infinite() {
        return match y {
            _ if y == 0.0 => (INF, x.signum() * y),
            _ if y.is_finite() => (INF * y.cos(), x * y.sin()),
            _ => (INF, f64::NAN),
        };
    }
    if x == 0.0 || (x.is_nan() && y == 0.0) {
        return (f64::NAN, 0.0);
    }
    NAN2
}

fn nonfinite_tanh(x: f64, y: f64) -> C {
    if x.is_infinite() {
        let im = if y.is_finite() {
            0f64.copysign((2.0 * y).sin())
        } else {
            0.0
        };
        return (1f64.copysign(x), im);
    }
    if x.is_nan() && y == 0.0 {
        return (x, y);
    }
    NAN2
}

fn nonfinite_asinh(x: f64, y: f64) -> C {
    if y.is_infinite() {
        return match x {
            _ if x.is_nan() => (INF, f64::NAN),
            _ if x.is_infinite() => (x, (PI / 4.0).copysign(y)),
            _ => (INF.copysign(x), (PI / 2.0).copysign(y)),
        };
    }
    if x.is_infinite() {
        return if y.is_nan() {
            (x, f64::NAN)
        } else {
            (x, 0f64.copysign(y))
        };
    }
    if x.is_nan() && y == 0.0 {
        return (x, y);
    }
    NAN2
}

fn nonfinite_acos(x: f64, y: f64) -> C {
    if y.is_infinite() {
        let re = match x {
            _ if x.is_nan() => f64::NAN,
            _ if x == -INF => 3.0 * PI / 4.0,
            _ if x == INF => PI / 4.0,
            _ => PI / 2.0,
        };
        return (re, -y);
    }
    if x.is_infinite() {
        return match y {
            _ if y.is_nan() => (f64::NAN, INF),
            _ if x < 0.0 => (PI, -INF.copysign(y)),
            _ => (0.0, -INF.copysign(y)),
        };
    }
    if x == 0.0 && y.is_nan() {
        return (PI / 2.0, f64::NAN);
    }
    NAN2
}

fn nonfinite_acosh(x: f64, y: f64) -> C {
    if y.is_infinite() {
        let im = match x {
            _ if x.is_nan() => f64::NAN,
            _ if x == -INF => (3.0 * PI / 4.0).copysign(y),
            _ if x == INF => (PI / 4.0).copysign(y),
            _ => (PI / 2.0).copysign(y),
        };
        return (INF, im);
    }
    if x.is_infinite() {
        return match y {
            _ if y.is_nan() => (INF, f64::NAN),
            _ if x < 0.0 => (INF, PI.copysign(y)),
            _ => (INF, 0f64.copysign(y)),
        };
    }
    NAN2
}

fn nonfinite_atanh(x: f64, y: f64) -> C {
    if x.is_infinite() {
        let im = if y.is_nan() {
            f64::NAN
        } else {
            (PI / 2.0).copysign(y)
        };
        return (0f64.copysign(x), im);
    }
    if y.is_infinite() {
        let re = if x.is_nan() { 0.0 } else { 0f64.copysign(x) };
        return (re, (PI / 2.0).copysign(y));
    }
    if x == 0.0 && y.is_nan() {
        return (x, y);
    }
    NAN2
}

/// `rect(r, phi)` when `r` or `phi` is infinite or NaN.
fn nonfinite_rect(r: f64, phi: f64) -> C {
    if r == 0.0 {
        return (0.0, 0.0);
    }
    if r.is_nan() {
        return if phi == 0.0 { (r, 0.0) } else { NAN2 };
    }
    if r.is_infinite() {
        return match phi {
            _ if phi == 0.0 => (r, phi * r.signum()),
            _ if phi.is_finite() => (r * phi.cos(), r * phi.sin()),
            _ => (INF, f64::NAN),
        };
    }
    NAN2
}

fn sqrt(z: C) -> C {
    let (x, y) = z;
    if !is_finite(z) {
        return nonfinite_sqrt(x, y);
    }
    if x == 0.0 && y == 0.0 {
        return (0.0, y);
    }
    let (ax, ay) = (x.abs(), y.abs());
    // s = sqrt((|x| + |z|) / 2), computed on scaled values so that
    // neither the sum overflows nor subnormal inputs lose bits.
    let s = if ax < f64::MIN_POSITIVE && ay < f64::MIN_POSITIVE {
        let up = 2f64.powi(53);
        let (sx, sy) = (ax * up, ay * up);
        (sx + sx.hypot(sy)).sqrt() * 2f64.powi(-27)
    } else {
        let ex = ax / 8.0;
        2.0 * (ex + ex.hypot(ay / 8.0)).sqrt()
    };
    let d = ay / (2.0 * s);
    if x >= 0.0 {
        (s, d.copysign(y))
    } else {
        (d, s.copysign(y))
    }
}

fn exp(z: C) -> CResult {
    let (x, y) = z;
    if !is_finite(z) {
        return Ok(nonfinite_exp(x, y));
    }
    let (re, im) = if x > log_large() {
        let l = (x - 1.0).exp();
        (
            l * y.cos() * std::f64::consts::E,
            l * y.sin() * std::f64::consts::E,
        )
    } else {
        let l = x.exp();
        (l * y.cos(), l * y.sin())
    };
    if re.is_infinite() || im.is_infinite() {
        return Err(CmathError::Range);
    }
    Ok((re, im))
}

fn log(z: C) -> CResult {
    match log_value(z) {
        (_, true) => Err(CmathError::Domain),
        (r, false) => Ok(r),
    }
}

/// `log(z)` and whether it is a domain error (`z == 0`, whose value is
/// still `-inf` plus the phase).
fn log_value(z: C) -> (C, bool) {
    let (x, y) = z;
    if !is_finite(z) {
        return (nonfinite_log(x, y), false);
    }
    let (ax, ay) = (x.abs(), y.abs());
    let re = if ax > LARGE || ay > LARGE {
        (ax / 2.0).hypot(ay / 2.0).ln() + LN_2
    } else if ax < f64::MIN_POSITIVE && ay < f64::MIN_POSITIVE {
        if ax > 0.0 || ay > 0.0 {
            let up = 2f64.powi(53);
            (ax * up).hypot(ay * up).ln() - 53.0 * LN_2
        } else {
            return ((f64::NEG_INFINITY, y.atan2(x)), true);
        }
    } else {
        let h = ax.hypot(ay);
        if (0.71..=1.73).contains(&h) {
            // Near the unit circle: log|z| = log1p(|z|^2 - 1) / 2, with
            // |z|^2 - 1 formed without cancellation.
            let (big, small) = if ax > ay { (ax, ay) } else { (ay, ax) };
            ((big - 1.0) * (big + 1.0) + small * small).ln_1p() / 2.0
        } else {
            h.ln()
        }
    };
    ((re, y.atan2(x)), false)
}

fn cosh(z: C) -> CResult {
    let (x, y) = z;
    if !is_finite(z) {
        return Ok(nonfinite_cosh(x, y));
    }
    let r = if x.abs() > log_large() {
        let x1 = x - 1f64.copysign(x);
        (
            y.cos() * x1.cosh() * std::f64::consts::E,
            y.sin() * x1.sinh() * std::f64::consts::E,
        )
    } else {
        (y.cos() * x.cosh(), y.sin() * x.sinh())
    };
    if r.0.is_infinite() || r.1.is_infinite() {
        return Err(CmathError::Range);
    }
    Ok(r)
}

fn sinh(z: C) -> CResult {
    let (x, y) = z;
    if !is_finite(z) {
        return Ok(nonfinite_sinh(x, y));
    }
    let r = if x.abs() > log_large() {
        let x1 = x - 1f64.copysign(x);
        (
            y.cos() * x1.sinh() * std::f64::consts::E,
            y.sin() * x1.cosh() * std::f64::consts::E,
        )
    } else {
        (y.cos() * x.sinh(), y.sin() * x.cosh())
    };
    if r.0.is_infinite() || r.1.is_infinite() {
        return Err(CmathError::Range);
    }
    Ok(r)
}

fn tanh(z: C) -> C {
    let (x, y) = z;
    if !is_finite(z) {
        return nonfinite_tanh(x, y);
    }
    if x.abs() > log_large() {
        (
            1f64.copysign(x),
            4.0 * y.sin() * y.cos() * (-2.0 * x.abs()).exp(),
        )
    } else {
        // With t = tanh x, u = tan y and c = 1/cosh x:
        // tanh z = (t (1 + u^2) + i u c^2) / (1 + t^2 u^2).
        let t = x.tanh();
        let u = y.tan();
        let c = 1.0 / x.cosh();
        let tu = t * u;
        let denom = 1.0 + tu * tu;
        (t * (1.0 + u * u) / denom, ((u / denom) * c) * c)
    }
}

/// Large arguments of the inverse functions: log|z| + log 2, with |z|
/// halved first so that it cannot overflow.
fn log_twice_abs(z: C) -> f64 {
    (z.0 / 2.0).hypot(z.1 / 2.0).ln() + 2.0 * LN_2
}

fn asinh(z: C) -> C {
    let (x, y) = z;
    if !is_finite(z) {
        return nonfinite_asinh(x, y);
    }
    if x.abs() > LARGE || y.abs() > LARGE {
        let re = if y >= 0.0 {
            log_twice_abs(z).copysign(x)
        } else {
            -log_twice_abs(z).copysign(-x)
        };
        return (re, y.atan2(x.abs()));
    }
    // a = sqrt(1 + iz), b = sqrt(1 - iz):
    // asinh z = asinh(Im(conj(b) a)) + i atan2(y, Re(a b)).
    let a = sqrt((1.0 - y, x));
    let b = sqrt((1.0 + y, -x));
    let re = real_asinh(b.0 * a.1 - b.1 * a.0);
    let im = y.atan2(a.0 * b.0 - a.1 * b.1);
    (re, im)
}

fn asin(z: C) -> C {
    times_minus_i(asinh(times_i(z)))
}

fn acos(z: C) -> C {
    let (x, y) = z;
    if !is_finite(z) {
        return nonfinite_acos(x, y);
    }
    if x.abs() > LARGE || y.abs() > LARGE {
        let re = y.abs().atan2(x);
        let im = if x < 0.0 {
            -log_twice_abs(z).copysign(y)
        } else {
            log_twice_abs(z).copysign(-y)
        };
        return (re, im);
    }
    // a = sqrt(1 - z), b = sqrt(1 + z):
    // acos z = 2 atan2(Re a, Re b) - i asinh(Im(conj(b) a)).
    let a = sqrt((1.0 - x, -y));
    let b = sqrt((1.0 + x, y));
    let re = 2.0 * a.0.atan2(b.0);
    let im = real_asinh(b.0 * a.1 - b.1 * a.0);
    (re, im)
}

fn acosh(z: C) -> C {
    let (x, y) = z;
    if !is_finite(z) {
        return nonfinite_acosh(x, y);
    }
    if x.abs() > LARGE || y.abs() > LARGE {
        return (log_twice_abs(z), y.atan2(x));
    }
    // a = sqrt(z - 1), b = sqrt(z + 1):
    // acosh z = asinh(Re(conj(a) b)) + 2i atan2(Im a, Re b).
    let a = sqrt((x - 1.0, y));
    let b = sqrt((x + 1.0, y));
    let re = real_asinh(a.0 * b.0 + a.1 * b.1);
    let im = 2.0 * a.1.atan2(b.0);
    (re, im)
}

fn atanh(z: C) -> CResult {
    let (x, y) = z;
    if !is_finite(z) {
        return Ok(nonfinite_atanh(x, y));
    }
    if x < 0.0 {
        return atanh(neg(z)).map(neg);
    }
    let ay = y.abs();
    let tiny = f64::MIN_POSITIVE.sqrt();
    if x > large_sqrt() || ay > large_sqrt() {
        let h = (x / 2.0).hypot(y / 2.0);
        return Ok((x / 4.0 / h / h, -(PI / 2.0).copysign(-y)));
    }
    if x == 1.0 && ay < tiny {
        if ay == 0.0 {
            return Err(CmathError::Domain);
        }
        let re = -(ay.sqrt() / ay.hypot(2.0).sqrt()).ln();
        return Ok((re, ((2.0f64).atan2(-ay) / 2.0).copysign(y)));
    }
    let one_minus = 1.0 - x;
    let re = (4.0 * x / (one_minus * one_minus + ay * ay)).ln_1p() / 4.0;
    let im = -(-2.0 * y).atan2(one_minus * (1.0 + x) - ay * ay) / 2.0;
    Ok((re, im))
}

fn atan(z: C) -> CResult {
    atanh(times_i(z)).map(times_minus_i)
}

fn cmath_err(vm: &Vm, e: CmathError) -> PyErr {
    match e {
        CmathError::Domain => vm.value_error("math domain error"),
        CmathError::Range => vm.overflow_error("math range error"),
    }
}

/// An argument as a complex: complex values, `__complex__`, and real
/// numbers (through `__float__`/`__index__`).
fn arg(vm: &Vm, v: &Value) -> PyResult<C> {
    if let Some(m) = ops::special(v, "__complex__") {
        let r = vm.call(&m, std::slice::from_ref(v))?;
        return complex_parts(&r).ok_or_else(|| {
            vm.type_error(format!(
                "__complex__ returned non-complex (type {})",
                vm.type_name(&r)
            ))
        });
    }
    if let Some(c) = complex_parts(v) {
        return Ok(c);
    }
    let numeric = matches!(v, Value::Int(_) | Value::Bool(_) | Value::Float(_))
        || crate::builtins::int::as_int_like(v).is_some()
        || matches!(
            v.as_obj().map(|o| &o.payload),
            Some(crate::object::Payload::Float(_))
        )
        || ops::special(v, "__float__").is_some()
        || ops::special(v, "__index__").is_some();
    if !numeric {
        return Err(vm.type_error(format!("must be real number, not {}", vm.type_name(v))));
    }
    Ok((crate::builtins::ctors::to_float(vm, Some(v))?, 0.0))
}

fn one_arg(vm: &Vm, a: &CallArgs, name: &str) -> PyResult<C> {
    module_fn_arg_count(vm, "cmath", name, a, 1, 1)?;
    arg(vm, &a.pos()[0])
}

/// The result of a function at `z`, with the domain error of a NaN
/// produced from an infinity.
fn done(vm: &Vm, z: C, r: CResult) -> PyResult<Value> {
    match r {
        Ok(r) if nan_from_infinity(z, r) => Err(cmath_err(vm, CmathError::Domain)),
        Ok((re, im)) => Ok(new_complex(re, im)),
        Err(e) => Err(cmath_err(vm, e)),
    }
}

macro_rules! total {
    ($($name:ident => $f:expr),* $(,)?) => {
        $(fn $name(vm: &Vm, a: CallArgs) -> PyResult<Value> {
            let z = one_arg(vm, &a, &stringify!($name)[2..])?;
            let f: fn(C) -> C = $f;
            done(vm, z, Ok(f(z)))
        })*
    };
}

macro_rules! partial {
    ($($name:ident => $f:expr),* $(,)?) => {
        $(fn $name(vm: &Vm, a: CallArgs) -> PyResult<Value> {
            let z = one_arg(vm, &a, &stringify!($name)[2..])?;
            let f: fn(C) -> CResult = $f;
            done(vm, z, f(z))
        })*
    };
}

total! {
    c_sqrt => sqrt, c_asinh => asinh, c_asin => asin, c_acos => acos, c_acosh => acosh,
    c_tanh => tanh, c_tan => |z| times_minus_i(tanh(times_i(z))),
}

partial! {
    c_exp => exp, c_cosh => cosh, c_sinh => sinh, c_atanh => atanh, c_atan => atan,
    c_cos => |z| cosh(times_i(z)),
    c_sin => |z| sinh(times_i(z)).map(times_minus_i),
    c_log10 => |z| log(z).map(|(re, im)| (re / std::f64::consts::LN_10, im / std::f64::consts::LN_10)),
}

fn c_log(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "cmath", "log", &a, 1, 2)?;
    let pos = a.pos();
    let z = arg(vm, &pos[0])?;
    let Some(base) = pos.get(1) else {
        let lz = log(z).map_err(|e| cmath_err(vm, e))?;
        return Ok(new_complex(lz.0, lz.1));
    };
    // As in CPython, only the logarithm of the base and the division
    // report errors: `log(0, 2)` is `-inf` plus a NaN.
    let (lz, _) = log_value(z);
    let b = arg(vm, base)?;
    let lb = log(b).map_err(|e| cmath_err(vm, e))?;
    let (re, im) = quot(lz, lb).ok_or_else(|| cmath_err(vm, CmathError::Domain))?;
    Ok(new_complex(re, im))
}

fn c_phase(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let z = one_arg(vm, &a, "phase")?;
    Ok(Value::Float(z.1.atan2(z.0)))
}

fn c_polar(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let z = one_arg(vm, &a, "polar")?;
    let r = z.0.hypot(z.1);
    if r.is_infinite() && z.0.is_finite() && z.1.is_finite() {
        return Err(vm.overflow_error("math range error"));
    }
    Ok(crate::builtins::tuple::new_tuple(vec![
        Value::Float(r),
        Value::Float(z.1.atan2(z.0)),
    ]))
}

fn real_arg(vm: &Vm, v: &Value) -> PyResult<f64> {
    if complex_parts(v).is_some() {
        return Err(vm.type_error("must be real number, not complex"));
    }
    Ok(arg(vm, v)?.0)
}

fn c_rect(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "cmath", "rect", &a, 2, 2)?;
    let r = real_arg(vm, &a.pos()[0])?;
    let phi = real_arg(vm, &a.pos()[1])?;
    if !(r.is_finite() && phi.is_finite()) {
        return done(vm, (r, phi), Ok(nonfinite_rect(r, phi)));
    }
    let (re, im) = if phi == 0.0 {
        (r, r * phi)
    } else {
        (r * phi.cos(), r * phi.sin())
    };
    Ok(new_complex(re, im))
}

fn c_isfinite(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let z = one_arg(vm, &a, "isfinite")?;
    Ok(Value::Bool(z.0.is_finite() && z.1.is_finite()))
}

fn c_isinf(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let z = one_arg(vm, &a, "isinf")?;
    Ok(Value::Bool(z.0.is_infinite() || z.1.is_infinite()))
}

fn c_isnan(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let z = one_arg(vm, &a, "isnan")?;
    Ok(Value::Bool(z.0.is_nan() || z.1.is_nan()))
}

fn c_isclose(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let p = Args::parse(vm, "isclose", a, &["a", "b"], &["rel_tol", "abs_tol"], 2)?;
    let x = arg(vm, &p.get_or(0, Value::None))?;
    let y = arg(vm, &p.get_or(1, Value::None))?;
    let rel = match p.get(2) {
        Some(v) => real_arg(vm, v)?,
        None => 1e-9,
    };
    let abs_tol = match p.get(3) {
        Some(v) => real_arg(vm, v)?,
        None => 0.0,
    };
    if rel < 0.0 || abs_tol < 0.0 {
        return Err(vm.value_error("tolerances must be non-negative"));
    }
    if x == y {
        return Ok(Value::Bool(true));
    }
    if x.0.is_infinite() || x.1.is_infinite() || y.0.is_infinite() || y.1.is_infinite() {
        return Ok(Value::Bool(false));
    }
    let diff = (y.0 - x.0).hypot(y.1 - x.1);
    let close = diff <= rel * y.0.hypot(y.1) || diff <= rel * x.0.hypot(x.1) || diff <= abs_tol;
    Ok(Value::Bool(close))
}

/// The `cmath` module object.
pub fn make() -> crate::value::ObjRef {
    let m = super::make_module(
        "cmath",
        &[
            ("sqrt", c_sqrt),
            ("exp", c_exp),
            ("log", c_log),
            ("log10", c_log10),
            ("sin", c_sin),
            ("cos", c_cos),
            ("tan", c_tan),
            ("asin", c_asin),
            ("acos", c_acos),
            ("atan", c_atan),
            ("sinh", c_sinh),
            ("cosh", c_cosh),
            ("tanh", c_tanh),
            ("asinh", c_asinh),
            ("acosh", c_acosh),
            ("atanh", c_atanh),
            ("phase", c_phase),
            ("polar", c_polar),
            ("rect", c_rect),
            ("isfinite", c_isfinite),
            ("isinf", c_isinf),
            ("isnan", c_isnan),
            ("isclose", c_isclose),
        ],
    );
    let consts = [
        ("pi", Value::Float(PI)),
        ("e", Value::Float(std::f64::consts::E)),
        ("tau", Value::Float(std::f64::consts::TAU)),
        ("inf", Value::Float(f64::INFINITY)),
        ("nan", Value::Float(f64::NAN)),
        ("infj", new_complex(0.0, f64::INFINITY)),
        ("nanj", new_complex(0.0, f64::NAN)),
    ];
    for (name, v) in consts {
        super::set_attr(&m, name, v);
    }
    m
}
