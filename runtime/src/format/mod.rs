//! Number and string formatting, CPython 3.11 compatible, digit for digit.
//!
//! This module owns every *pure* text <-> number conversion the runtime
//! needs; it knows nothing about the Python object model:
//!
//! * `repr(float)` / `str(float)` ([`float_repr`]), `repr(complex)` and
//!   `format(complex, spec)` ([`complex_repr`], [`format_complex`]),
//! * the format-spec mini-language used by `format()`, `str.format` and
//!   f-strings ([`parse_format_spec`], [`format_int`], [`format_float`],
//!   [`format_str`] and their `*_for` variants taking a type name),
//! * per-value rendering for `%`-formatting ([`percent_format_float`],
//!   [`percent_format_int`], [`pad_str`]),
//! * `round(float, ndigits)` ([`round_float`]),
//! * `float(str)`, `int(str, base)`, `float.hex`, `float.fromhex`
//!   ([`parse_float`], [`parse_int`], [`float_to_hex`], [`float_from_hex`]),
//! * `hex()` / `oct()` / `bin()` ([`int_to_radix_string`]).
//!
//! All float output is produced from the *exact* decimal expansion of the
//! binary double (see the `dtoa` submodule), rounded half-even, which is
//! what CPython's `_Py_dg_dtoa` does; shortest round-trip output comes from
//! `ryu`.
//!
//! No function here panics on any input: problems are reported as a
//! [`FormatError`] carrying the Python exception class and CPython's exact
//! message.

mod complex;
mod dtoa;
mod hexfloat;
mod parse;
mod percent;
mod radix;
mod round;
mod spec;
#[cfg(test)]
mod tests;

pub use complex::{complex_repr, format_complex};
pub use dtoa::float_repr;
pub use hexfloat::{float_from_hex, float_to_hex};
pub use parse::{parse_float, parse_int, parse_int_fitting, ParsedInt};
pub use percent::{pad_str, percent_format_float, percent_format_int, PercentFlags};
pub use radix::{int_to_f64, int_to_radix_string};
pub use round::round_float;
pub use spec::{
    format_float, format_float_for, format_int, format_int_for, format_str, format_str_for,
    parse_format_spec, parse_format_spec_for, FormatSpec,
};

use std::fmt;

/// The Python exception class a [`FormatError`] maps to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// `ValueError`
    ValueError,
    /// `TypeError`
    TypeError,
    /// `OverflowError`
    OverflowError,
    /// `MemoryError`: the requested output (e.g. a width of 10**15) is
    /// larger than [`MAX_OUTPUT_BYTES`]; CPython fails its allocation.
    MemoryError,
}

/// Largest output, in bytes, any function here will build; beyond it a
/// `MemoryError` is reported instead of aborting on allocation failure.
pub const MAX_OUTPUT_BYTES: usize = 1 << 32;

/// A formatting/parsing failure: the exception class to raise and
/// CPython's message for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatError {
    /// Which Python exception to raise.
    pub kind: ErrorKind,
    /// The exception message, exactly as CPython 3.11 words it.
    pub message: String,
}

impl FormatError {
    /// A `ValueError` with the given message.
    pub fn value(message: impl Into<String>) -> Self {
        FormatError {
            kind: ErrorKind::ValueError,
            message: message.into(),
        }
    }

    /// An `OverflowError` with the given message.
    pub fn overflow(message: impl Into<String>) -> Self {
        FormatError {
            kind: ErrorKind::OverflowError,
            message: message.into(),
        }
    }

    /// A `MemoryError` (empty message, like CPython's).
    pub fn memory() -> Self {
        FormatError {
            kind: ErrorKind::MemoryError,
            message: String::new(),
        }
    }

    /// A `TypeError` with the given message.
    pub fn type_error(message: impl Into<String>) -> Self {
        FormatError {
            kind: ErrorKind::TypeError,
            message: message.into(),
        }
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            ErrorKind::ValueError => "ValueError",
            ErrorKind::TypeError => "TypeError",
            ErrorKind::OverflowError => "OverflowError",
            ErrorKind::MemoryError => "MemoryError",
        };
        write!(f, "{}: {}", kind, self.message)
    }
}

impl std::error::Error for FormatError {}

#[cfg(test)]
mod error_tests {
    use super::*;

    #[test]
    fn display() {
        assert_eq!(
            FormatError::value("bad").to_string(),
            "ValueError: bad".to_string()
        );
        assert_eq!(FormatError::overflow("x").kind, ErrorKind::OverflowError);
        assert_eq!(FormatError::type_error("x").kind, ErrorKind::TypeError);
        assert_eq!(FormatError::memory().kind, ErrorKind::MemoryError);
    }
}
