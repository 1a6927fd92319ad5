//! Tests of `mathcore::math` against outcomes recorded from CPython 3.11.
//!
//! `math_cases.txt` holds one case per line, `<function> <args> =>
//! <expected>`, written by a generator run under python3.11 (see the file's
//! header for the encoding). Each case is run here and its outcome encoded
//! the same way, so a mismatch shows both encodings.

use num_bigint::BigInt;
use num_traits::Num;

use super::super::math::{self, Real};
use super::super::MathError;

const CASES: &str = include_str!("math_cases.txt");

fn fl(s: &str) -> f64 {
    f64::from_bits(u64::from_str_radix(s, 16).expect("float bits"))
}

fn int(s: &str) -> BigInt {
    BigInt::from_str_radix(s, 16).expect("hex int")
}

fn hex(n: &BigInt) -> String {
    if n.sign() == num_bigint::Sign::Minus {
        format!("-{:x}", n.magnitude())
    } else {
        format!("{:x}", n.magnitude())
    }
}

fn fbits(x: f64) -> String {
    if x.is_nan() {
        "nan".to_string()
    } else {
        format!("{:016x}", x.to_bits())
    }
}

fn err(e: &MathError) -> String {
    format!("E:{}:{}", e.exception_name(), e.message())
}

fn ef(r: Result<f64, MathError>) -> String {
    match r {
        Ok(x) => format!("F:{}", fbits(x)),
        Err(e) => err(&e),
    }
}

fn ei(r: Result<BigInt, MathError>) -> String {
    match r {
        Ok(n) => format!("I:{}", hex(&n)),
        Err(e) => err(&e),
    }
}

/// Run one case and encode its outcome as the generator does.
fn run(name: &str, args: &[&str]) -> String {
    let f = |i: usize| fl(args[i]);
    let n = |i: usize| int(args[i]);
    let floats = || args.iter().map(|s| fl(s)).collect::<Vec<f64>>();
    let ints = || args.iter().map(|s| int(s)).collect::<Vec<BigInt>>();
    match name {
        "sqrt" => ef(math::sqrt(f(0))),
        "exp" => ef(math::exp(f(0))),
        "exp2" => ef(math::exp2(f(0))),
        "expm1" => ef(math::expm1(f(0))),
        "log1p" => ef(math::log1p(f(0))),
        "sin" => ef(math::sin(f(0))),
        "cos" => ef(math::cos(f(0))),
        "tan" => ef(math::tan(f(0))),
        "asin" => ef(math::asin(f(0))),
        "acos" => ef(math::acos(f(0))),
        "atan" => ef(math::atan(f(0))),
        "sinh" => ef(math::sinh(f(0))),
        "cosh" => ef(math::cosh(f(0))),
        "tanh" => ef(math::tanh(f(0))),
        "cbrt" => ef(math::cbrt(f(0))),
        "fabs" => ef(Ok(math::fabs(f(0)))),
        "degrees" => ef(Ok(math::degrees(f(0)))),
        "radians" => ef(Ok(math::radians(f(0)))),
        "log" => ef(math::log(Real::Float(f(0)), None)),
        "log2" => ef(math::log2(Real::Float(f(0)))),
        "log10" => ef(math::log10(Real::Float(f(0)))),
        "floor" => ei(math::floor(f(0))),
        "ceil" => ei(math::ceil(f(0))),
        "trunc" => ei(math::trunc(f(0))),
        "int" => ei(math::float_to_bigint(f(0))),
        "ratio" => match math::float_as_integer_ratio(f(0)) {
            Ok((p, q)) => format!("R:{}/{}", hex(&p), hex(&q)),
            Err(e) => err(&e),
        },
        "frexp" => {
            let (m, e) = math::frexp(f(0));
            format!("P:{},{e}", fbits(m))
        }
        "modf" => {
            let (fr, i) = math::modf(f(0));
            format!("M:{},{}", fbits(fr), fbits(i))
        }
        "ulp" => ef(Ok(math::ulp(f(0)))),
        "nextafter" => ef(Ok(math::nextafter(f(0), f(1)))),
        "atan2" => ef(math::atan2(f(0), f(1))),
        "copysign" => ef(Ok(math::copysign(f(0), f(1)))),
        "fmod" => ef(math::fmod(f(0), f(1))),
        "remainder" => ef(math::remainder(f(0), f(1))),
        "pow" => ef(math::pow(f(0), f(1))),
        "logb" => ef(math::log(Real::Float(f(0)), Some(Real::Float(f(1))))),
        "ldexp" => ef(math::ldexp(f(0), &n(1))),
        "isclose" => match math::isclose(f(0), f(1), f(2), f(3)) {
            Ok(b) => format!("B:{b}"),
            Err(e) => err(&e),
        },
        "fsum" => ef(math::fsum(&floats())),
        "hypot" => ef(Ok(math::hypot(&floats()))),
        "dist" => {
            let bar = args.iter().position(|&a| a == "|").expect("dist separator");
            let p: Vec<f64> = args[..bar].iter().map(|s| fl(s)).collect();
            let q: Vec<f64> = args[bar + 1..].iter().map(|s| fl(s)).collect();
            ef(math::dist(&p, &q))
        }
        "isqrt" => ei(math::isqrt(&n(0))),
        "float" => ef(math::bigint_to_f64(&n(0))),
        "logi" => ef(math::log(Real::Int(&n(0)), None)),
        "log2i" => ef(math::log2(Real::Int(&n(0)))),
        "log10i" => ef(math::log10(Real::Int(&n(0)))),
        "factorial" => ei(math::factorial(&n(0))),
        "perm1" => ei(math::perm(&n(0), None)),
        "comb" => ei(math::comb(&n(0), &n(1))),
        "perm" => ei(math::perm(&n(0), Some(&n(1)))),
        "truediv" => ef(math::int_true_divide(&n(0), &n(1))),
        "logii" => ef(math::log(Real::Int(&n(0)), Some(Real::Int(&n(1))))),
        "gcd" => ei(Ok(math::gcd(&ints()))),
        "lcm" => ei(Ok(math::lcm(&ints()))),
        other => panic!("unknown function {other}"),
    }
}

#[test]
fn cases_recorded_from_cpython() {
    let mut failures = Vec::new();
    let mut count = 0;
    for line in CASES.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let (call, want) = line.split_once(" => ").expect("case separator");
        let mut words = call.split(' ').filter(|w| !w.is_empty());
        let name = words.next().expect("function name");
        let args: Vec<&str> = words.collect();
        let got = run(name, &args);
        count += 1;
        if got != want {
            failures.push(format!("{call}\n    want {want}\n    got  {got}"));
        }
    }
    assert!(count > 5000, "only {count} cases read");
    assert!(
        failures.is_empty(),
        "{} of {count} cases differ from CPython:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}

fn big(s: &str) -> BigInt {
    s.parse().expect("int literal")
}

#[test]
fn mixed_log_arguments() {
    // math.log(10**400, 10.0) and math.log(8.0, 2) mix the int and float paths.
    let n = big(&format!("1{}", "0".repeat(400)));
    assert_eq!(
        math::log(Real::Int(&n), Some(Real::Float(10.0))),
        Ok(399.999_999_999_999_94)
    );
    assert_eq!(
        math::log(Real::Float(8.0), Some(Real::Int(&big("2")))),
        Ok(3.0)
    );
    assert_eq!(
        math::log(Real::Int(&big("0")), Some(Real::Float(2.0))),
        Err(MathError::Domain)
    );
    assert_eq!(
        math::log(Real::Float(2.0), Some(Real::Int(&big("1")))),
        Err(MathError::ZeroDivision(
            "float division by zero".to_string()
        ))
    );
}

#[test]
fn bigint_frexp_rounds_and_carries() {
    assert_eq!(math::bigint_frexp(&big("0")), (0.0, 0));
    assert_eq!(math::bigint_frexp(&big("1")), (0.5, 1));
    assert_eq!(math::bigint_frexp(&big("-3")), (-0.75, 2));
    // 2**60 - 1 rounds up to 2**60: the mantissa carries into the exponent.
    assert_eq!(math::bigint_frexp(&big("1152921504606846975")), (0.5, 61));
    // 2**2000 + 1 is far beyond a float but frexp is fine.
    let n = (BigInt::from(1) << 2000u32) + 1;
    assert_eq!(math::bigint_frexp(&n), (0.5, 2001));
}

#[test]
fn error_names_and_messages() {
    assert_eq!(
        MathError::Domain.to_string(),
        "ValueError: math domain error"
    );
    assert_eq!(
        MathError::Range.to_string(),
        "OverflowError: math range error"
    );
    let z = MathError::ZeroDivision("division by zero".into());
    assert_eq!(z.exception_name(), "ZeroDivisionError");
    assert_eq!(z.message(), "division by zero");
}
