//! Pure-Rust numeric cores with CPython 3.11 semantics, independent of the
//! object model.
//!
//! This module owns:
//! - [`mt19937`]: the Mersenne Twister behind `_random.Random`, bit-exact with
//!   CPython (seeding, `random()`, `getrandbits`, `_randbelow`, state).
//! - [`math`]: the functions of the `math` module plus the int/float
//!   conversions CPython's numeric tower needs (`int.__truediv__`,
//!   `float(int)`, `int(float)`, `float.as_integer_ratio`), with CPython's
//!   exact results and error messages.
//!
//! Nothing here touches Python objects: arguments are `f64`, `BigInt` and
//! slices, and every failure is reported as a [`MathError`] that the caller
//! turns into the matching Python exception.

#![forbid(unsafe_code)]

pub mod math;
pub mod mt19937;

use std::fmt;

/// A failure of one of the numeric cores, naming the Python exception the
/// caller should raise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MathError {
    /// `ValueError("math domain error")`.
    Domain,
    /// `OverflowError("math range error")`.
    Range,
    /// `ValueError` with the given message.
    Value(String),
    /// `OverflowError` with the given message.
    Overflow(String),
    /// `ZeroDivisionError` with the given message (e.g. `math.log(x, 1)`
    /// gives "float division by zero", `1 / 0` gives "division by zero").
    ZeroDivision(String),
}

impl MathError {
    /// The name of the Python exception type to raise: `"ValueError"`,
    /// `"OverflowError"` or `"ZeroDivisionError"`.
    pub fn exception_name(&self) -> &'static str {
        match self {
            MathError::Domain | MathError::Value(_) => "ValueError",
            MathError::Range | MathError::Overflow(_) => "OverflowError",
            MathError::ZeroDivision(_) => "ZeroDivisionError",
        }
    }

    /// The exception message, exactly as CPython words it.
    pub fn message(&self) -> &str {
        match self {
            MathError::Domain => "math domain error",
            MathError::Range => "math range error",
            MathError::Value(m) | MathError::Overflow(m) | MathError::ZeroDivision(m) => m,
        }
    }
}

impl fmt::Display for MathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.exception_name(), self.message())
    }
}

impl std::error::Error for MathError {}

#[cfg(test)]
mod tests;
