//! Tests of `mathcore::math` against outcomes recorded from CPython 3.11.

use num_bigint::BigInt;

use super::math_data::*;
use super::super::math::{self, Real};
use super::super::MathError;

fn big(s: &str) -> BigInt {
    s.parse().expect("int literal")
}

fn fl(b: u64) -> f64 {
    f64::from_bits(b)
}

/// Same float, treating any two NaNs as equal.
fn same(a: f64, b: f64) -> bool {
    (a.is_nan() && b.is_nan()) || a.to_bits() == b.to_bits()
}

fn check_err(ctx: &str, got: &MathError, want: &R) {
    match want {
        R::E(kind, msg) => {
            assert_eq!(got.exception_name(), *kind, "{ctx}");
            assert_eq!(got.message(), *msg, "{ctx}");
        }
        _ => panic!("{ctx}: got error {got}, wanted a value"),
    }
}

fn check_f64(ctx: &str, got: Result<f64, MathError>, want: &R) {
    match (got, want) {
        (Ok(g), R::F(w)) => assert!(same(g, fl(*w)), "{ctx}: got {g:e} ({:#x}), want {:e}", g.to_bits(), fl(*w)),
        (Ok(g), _) => panic!("{ctx}: got {g:e}, wanted an error"),
        (Err(e), w) => check_err(ctx, &e, w),
    }
}

fn check_int(ctx: &str, got: Result<BigInt, MathError>, want: &R) {
    match (got, want) {
        (Ok(g), R::I(w)) => assert_eq!(g, big(w), "{ctx}"),
        (Ok(g), _) => panic!("{ctx}: got {g}, wanted an error"),
        (Err(e), w) => check_err(ctx, &e, w),
    }
}

fn check_bool(ctx: &str, got: Result<bool, MathError>, want: &R) {
    match (got, want) {
        (Ok(g), R::B(w)) => assert_eq!(g, *w, "{ctx}"),
        (Ok(g), _) => panic!("{ctx}: got {g}, wanted an error"),
        (Err(e), w) => check_err(ctx, &e, w),
    }
}

#[test]
fn float_functions_of_one_argument() {
    for (name, xb, want) in F1 {
        let x = fl(*xb);
        let ctx = format!("{name}({x:e} / {xb:#x})");
        let ok = |v: f64| -> Result<f64, MathError> { Ok(v) };
        match *name {
            "sqrt" => check_f64(&ctx, math::sqrt(x), want),
            "exp" => check_f64(&ctx, math::exp(x), want),
            "exp2" => check_f64(&ctx, math::exp2(x), want),
            "expm1" => check_f64(&ctx, math::expm1(x), want),
            "log1p" => check_f64(&ctx, math::log1p(x), want),
            "sin" => check_f64(&ctx, math::sin(x), want),
            "cos" => check_f64(&ctx, math::cos(x), want),
            "tan" => check_f64(&ctx, math::tan(x), want),
            "asin" => check_f64(&ctx, math::asin(x), want),
            "acos" => check_f64(&ctx, math::acos(x), want),
            "atan" => check_f64(&ctx, math::atan(x), want),
            "sinh" => check_f64(&ctx, math::sinh(x), want),
            "cosh" => check_f64(&ctx, math::cosh(x), want),
            "tanh" => check_f64(&ctx, math::tanh(x), want),
            "cbrt" => check_f64(&ctx, math::cbrt(x), want),
            "fabs" => check_f64(&ctx, ok(math::fabs(x)), want),
            "degrees" => check_f64(&ctx, ok(math::degrees(x)), want),
            "radians" => check_f64(&ctx, ok(math::radians(x)), want),
            "log" => check_f64(&ctx, math::log(Real::Float(x), None), want),
            "log2" => check_f64(&ctx, math::log2(Real::Float(x)), want),
            "log10" => check_f64(&ctx, math::log10(Real::Float(x)), want),
            "floor" => check_int(&ctx, math::floor(x), want),
            "ceil" => check_int(&ctx, math::ceil(x), want),
            "trunc" => check_int(&ctx, math::trunc(x), want),
            "int" => check_int(&ctx, math::float_to_bigint(x), want),
            "ratio" => match (math::float_as_integer_ratio(x), want) {
                (Ok((n, d)), R::II(wn, wd)) => {
                    assert_eq!(n, big(wn), "{ctx}");
                    assert_eq!(d, big(wd), "{ctx}");
                }
                (Ok(_), _) => panic!("{ctx}: wanted an error"),
                (Err(e), w) => check_err(&ctx, &e, w),
            },
            "frexp" => match want {
                R::FI(m, e) => {
                    let (gm, ge) = math::frexp(x);
                    assert!(same(gm, fl(*m)), "{ctx}: mantissa {gm:e}");
                    assert_eq!(i64::from(ge), *e, "{ctx}");
                }
                _ => panic!("{ctx}: bad expectation"),
            },
            "modf" => match want {
                R::P(f, i) => {
                    let (gf, gi) = math::modf(x);
                    assert!(same(gf, fl(*f)), "{ctx}: frac {gf:e}");
                    assert!(same(gi, fl(*i)), "{ctx}: int {gi:e}");
                }
                _ => panic!("{ctx}: bad expectation"),
            },
            other => panic!("unknown function {other}"),
        }
    }
}

#[test]
fn float_functions_of_two_arguments() {
    for (name, xb, yb, want) in F2 {
        let (x, y) = (fl(*xb), fl(*yb));
        let ctx = format!("{name}({x:e}, {y:e}) / ({xb:#x}, {yb:#x})");
        let got = match *name {
            "atan2" => math::atan2(x, y),
            "copysign" => {
                // The sign of a NaN is observable here: compare bits.
                if let R::F(w) = want {
                    assert_eq!(math::copysign(x, y).to_bits(), *w, "{ctx}");
                }
                continue;
            }
            "fmod" => math::fmod(x, y),
            "remainder" => math::remainder(x, y),
            "pow" => math::pow(x, y),
            "log" => math::log(Real::Float(x), Some(Real::Float(y))),
            other => panic!("unknown function {other}"),
        };
        check_f64(&ctx, got, want);
    }
}

#[test]
fn ldexp_matches() {
    for (xb, i, want) in LDEXP {
        let x = fl(*xb);
        let ctx = format!("ldexp({x:e}, {i})");
        check_f64(&ctx, math::ldexp(x, &big(i)), want);
    }
}

#[test]
fn isclose_matches() {
    for (a, b, rt, at, want) in ISCLOSE {
        let (a, b, rt, at) = (fl(*a), fl(*b), fl(*rt), fl(*at));
        let ctx = format!("isclose({a:e}, {b:e}, rel_tol={rt:e}, abs_tol={at:e})");
        check_bool(&ctx, math::isclose(a, b, rt, at), want);
    }
}

#[test]
fn fsum_and_hypot_match() {
    for (name, v, want) in VEC {
        let v: Vec<f64> = v.iter().map(|&b| fl(b)).collect();
        let ctx = format!("{name}({v:?})");
        match *name {
            "fsum" => check_f64(&ctx, math::fsum(&v), want),
            "hypot" => check_f64(&ctx, Ok(math::hypot(&v)), want),
            other => panic!("unknown function {other}"),
        }
    }
}

#[test]
fn dist_matches() {
    for (p, q, want) in DIST {
        let p: Vec<f64> = p.iter().map(|&b| fl(b)).collect();
        let q: Vec<f64> = q.iter().map(|&b| fl(b)).collect();
        let ctx = format!("dist({p:?}, {q:?})");
        check_f64(&ctx, math::dist(&p, &q), want);
    }
}

#[test]
fn int_functions_of_one_argument() {
    for (name, n, want) in INT1 {
        let n = big(n);
        let ctx = format!("{name}({})", if n.bits() > 200 { format!("<{} bits>", n.bits()) } else { n.to_string() });
        match *name {
            "isqrt" => check_int(&ctx, math::isqrt(&n), want),
            "factorial" => check_int(&ctx, math::factorial(&n), want),
            "float" => check_f64(&ctx, math::bigint_to_f64(&n), want),
            "log" => check_f64(&ctx, math::log(Real::Int(&n), None), want),
            "log2" => check_f64(&ctx, math::log2(Real::Int(&n)), want),
            "log10" => check_f64(&ctx, math::log10(Real::Int(&n)), want),
            other => panic!("unknown function {other}"),
        }
    }
}

#[test]
fn int_functions_of_two_arguments() {
    for (name, a, b, want) in INT2 {
        let (a, b) = (big(a), big(b));
        let short = |n: &BigInt| if n.bits() > 200 { format!("<{} bits>", n.bits()) } else { n.to_string() };
        let ctx = format!("{name}({}, {})", short(&a), short(&b));
        match *name {
            "comb" => check_int(&ctx, math::comb(&a, &b), want),
            "perm" => check_int(&ctx, math::perm(&a, Some(&b)), want),
            "truediv" => check_f64(&ctx, math::int_true_divide(&a, &b), want),
            "log" => check_f64(&ctx, math::log(Real::Int(&a), Some(Real::Int(&b))), want),
            other => panic!("unknown function {other}"),
        }
    }
    for (n, want) in PERM_NONE {
        check_int(&format!("perm({n})"), math::perm(&big(n), None), want);
    }
}

#[test]
fn gcd_and_lcm_match() {
    for (name, v, want) in INTV {
        let v: Vec<BigInt> = v.iter().map(|s| big(s)).collect();
        let ctx = format!("{name}{v:?}");
        match *name {
            "gcd" => check_int(&ctx, Ok(math::gcd(&v)), want),
            "lcm" => check_int(&ctx, Ok(math::lcm(&v)), want),
            other => panic!("unknown function {other}"),
        }
    }
}

#[test]
fn mixed_log_arguments() {
    // math.log(10**400, 10.0) and math.log(8.0, 2) mix int and float paths.
    let n = big(&format!("1{}", "0".repeat(400)));
    assert_eq!(math::log(Real::Int(&n), Some(Real::Float(10.0))), Ok(399.99999999999994));
    assert_eq!(math::log(Real::Float(8.0), Some(Real::Int(&big("2")))), Ok(3.0));
    assert_eq!(math::log(Real::Int(&big("0")), Some(Real::Float(2.0))), Err(MathError::Domain));
    assert_eq!(
        math::log(Real::Float(2.0), Some(Real::Int(&big("1")))),
        Err(MathError::ZeroDivision("float division by zero".to_string()))
    );
}

#[test]
fn bigint_frexp_rounds_and_carries() {
    assert_eq!(math::bigint_frexp(&big("0")), (0.0, 0));
    assert_eq!(math::bigint_frexp(&big("1")), (0.5, 1));
    assert_eq!(math::bigint_frexp(&big("-3")), (-0.75, 2));
    // 2**60 - 1 rounds up to 2**60: mantissa carries into the exponent.
    assert_eq!(math::bigint_frexp(&big("1152921504606846975")), (0.5, 61));
    // 2**2000 + 1 is far beyond a float but frexp is fine.
    let n = (BigInt::from(1) << 2000u32) + 1;
    assert_eq!(math::bigint_frexp(&n), (0.5, 2001));
}

#[test]
fn error_display() {
    assert_eq!(MathError::Domain.to_string(), "ValueError: math domain error");
    assert_eq!(MathError::Range.to_string(), "OverflowError: math range error");
    assert_eq!(MathError::ZeroDivision("division by zero".into()).exception_name(), "ZeroDivisionError");
}
