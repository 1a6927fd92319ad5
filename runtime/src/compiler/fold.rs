//! Compile-time folding of binary operations on constants, with the limits
//! of CPython 3.11's AST optimizer (`Python/ast_opt.c`): an operation that
//! would raise, or build an int of more than 128 bits (or a str longer
//! than 4096), is left for run time, where it raises or computes as usual.

use super::output::Constant;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{Signed, ToPrimitive, Zero};
use weft_specializer::BinaryOperator;

/// `MAX_INT_SIZE` of `ast_opt.c`, in bits.
const MAX_INT_BITS: u64 = 128;
/// `MAX_STR_SIZE` of `ast_opt.c`, in characters (for `str * int`).
const MAX_STR_LEN: usize = 4096;
/// Ints in this range convert to floats exactly (as Python converts them
/// for mixed arithmetic).
const EXACT_FLOAT_INT: i64 = 1 << 53;

/// The folded value of `left op right`, or `None` to leave it to run time.
pub fn fold_binop(op: BinaryOperator, left: &Constant, right: &Constant) -> Option<Constant> {
    use BinaryOperator::*;
    match (left, right) {
        (Constant::Int(a), Constant::Int(b)) => fold_ints(op, a, b),
        (Constant::Float(a), Constant::Float(b)) => fold_floats(op, *a, *b),
        (Constant::Int(a), Constant::Float(b)) => fold_floats(op, exact_float(a)?, *b),
        (Constant::Float(a), Constant::Int(b)) => fold_floats(op, *a, exact_float(b)?),
        (Constant::Str(a), Constant::Str(b)) if op == Add => Some(Constant::Str(format!("{a}{b}"))),
        (Constant::Str(s), Constant::Int(n)) | (Constant::Int(n), Constant::Str(s))
            if op == Multiply =>
        {
            let n = n.to_i64()?;
            if s.is_empty() {
                return Some(Constant::Str(String::new()));
            }
            if n < 0 || s.chars().count().checked_mul(n as usize)? > MAX_STR_LEN {
                return None;
            }
            Some(Constant::Str(s.repeat(n as usize)))
        }
        _ => None,
    }
}

fn exact_float(i: &BigInt) -> Option<f64> {
    let v = i.to_i64()?;
    (v.abs() <= EXACT_FLOAT_INT).then_some(v as f64)
}

fn fold_ints(op: BinaryOperator, a: &BigInt, b: &BigInt) -> Option<Constant> {
    use BinaryOperator::*;
    let bits = |x: &BigInt| x.bits();
    let r = match op {
        Add => a + b,
        Subtract => a - b,
        Multiply => {
            if bits(a) + bits(b) > MAX_INT_BITS {
                return None;
            }
            a * b
        }
        FloorDivide if !b.is_zero() => a.div_floor(b),
        Remainder if !b.is_zero() => a.mod_floor(b),
        Power => {
            if b.is_negative() {
                return None;
            }
            let e = b.to_u32()?;
            if bits(a).checked_mul(e as u64)? > MAX_INT_BITS {
                return None;
            }
            num_traits::pow(a.clone(), e as usize)
        }
        LShift => {
            if b.is_negative() {
                return None;
            }
            let s = b.to_u64()?;
            if bits(a).checked_add(s)? > MAX_INT_BITS {
                return None;
            }
            a << s as usize
        }
        RShift => {
            if b.is_negative() {
                return None;
            }
            match b.to_u64() {
                Some(s) if s < MAX_INT_BITS * 2 => a >> s as usize,
                _ => return None,
            }
        }
        And => a & b,
        Or => a | b,
        Xor => a ^ b,
        TrueDivide => {
            let (x, y) = (exact_float(a)?, exact_float(b)?);
            if y == 0.0 {
                return None;
            }
            return Some(Constant::Float(x / y));
        }
        _ => return None,
    };
    Some(Constant::Int(r))
}

fn fold_floats(op: BinaryOperator, a: f64, b: f64) -> Option<Constant> {
    use BinaryOperator::*;
    Some(Constant::Float(match op {
        Add => a + b,
        Subtract => a - b,
        Multiply => a * b,
        TrueDivide if b != 0.0 => a / b,
        FloorDivide if b != 0.0 => crate::builtins::arith::float_divmod_nonzero(a, b).0,
        Remainder if b != 0.0 => crate::builtins::arith::float_divmod_nonzero(a, b).1,
        // `**` on floats has Python-specific errors and special cases; it
        // stays a run-time operation.
        _ => return None,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use BinaryOperator::*;

    fn int(v: i64) -> Constant {
        Constant::Int(BigInt::from(v))
    }

    fn folded(op: BinaryOperator, a: Constant, b: Constant) -> Option<String> {
        fold_binop(op, &a, &b).map(|c| super::super::constant_repr(&c))
    }

    #[test]
    fn ints_fold_within_cpythons_limits() {
        assert_eq!(
            folded(Power, int(2), int(64)).as_deref(),
            Some("18446744073709551616")
        );
        assert_eq!(
            folded(Power, int(3), int(40)).as_deref(),
            Some("12157665459056928801")
        );
        assert_eq!(folded(Power, int(2), int(65)), None, "2 bits * 65 > 128");
        assert_eq!(folded(Power, int(2), int(200)), None, "more than 128 bits");
        assert_eq!(folded(Power, int(2), int(-1)), None, "float result");
        assert_eq!(folded(FloorDivide, int(-7), int(2)).as_deref(), Some("-4"));
        assert_eq!(folded(Remainder, int(-7), int(2)).as_deref(), Some("1"));
        assert_eq!(folded(Remainder, int(7), int(-2)).as_deref(), Some("-1"));
        assert_eq!(
            folded(FloorDivide, int(1), int(0)),
            None,
            "raises at run time"
        );
        assert_eq!(folded(LShift, int(1), int(20)).as_deref(), Some("1048576"));
        assert_eq!(folded(LShift, int(1), int(-1)), None);
        assert_eq!(folded(RShift, int(-9), int(1)).as_deref(), Some("-5"));
        assert_eq!(folded(TrueDivide, int(1), int(4)).as_deref(), Some("0.25"));
        assert_eq!(folded(TrueDivide, int(1), int(0)), None);
        assert_eq!(
            folded(Multiply, int(1 << 40), int(1 << 40)).as_deref(),
            Some("1208925819614629174706176")
        );
    }

    #[test]
    fn floats_and_strs_fold_only_where_exact() {
        assert_eq!(
            folded(Multiply, Constant::Float(0.5), int(3)).as_deref(),
            Some("1.5")
        );
        assert_eq!(
            folded(Subtract, int(1), Constant::Float(0.5)).as_deref(),
            Some("0.5")
        );
        assert_eq!(
            folded(FloorDivide, Constant::Float(7.0), Constant::Float(2.0)).as_deref(),
            Some("3.0")
        );
        assert_eq!(
            folded(Remainder, Constant::Float(-7.0), Constant::Float(2.0)).as_deref(),
            Some("1.0")
        );
        assert_eq!(
            folded(FloorDivide, Constant::Float(7.0), Constant::Float(0.0)),
            None
        );
        assert_eq!(
            folded(TrueDivide, Constant::Float(1.0), Constant::Float(0.0)),
            None
        );
        assert_eq!(
            folded(Add, int(1 << 60), Constant::Float(1.0)),
            None,
            "inexact int"
        );
        assert_eq!(
            folded(Add, Constant::Str("ab".into()), Constant::Str("c".into())).as_deref(),
            Some("'abc'")
        );
        assert_eq!(
            folded(Multiply, Constant::Str("ab".into()), int(3)).as_deref(),
            Some("'ababab'")
        );
        assert_eq!(
            folded(Multiply, Constant::Str("ab".into()), int(5000)),
            None
        );
        assert_eq!(folded(Multiply, Constant::Str("ab".into()), int(-1)), None);
        assert_eq!(folded(Add, Constant::Bool(true), int(1)), None);
    }
}
