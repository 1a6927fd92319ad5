//! The `io` module, as far as Weft has it: `open` (the built-in) and the
//! `UnsupportedOperation` error its files raise, with the `SEEK_*`
//! constants.

use crate::builtins::types::{class_value, types};
use crate::value::{ObjRef, Value};

/// A fresh `io` module object.
pub fn make() -> ObjRef {
    let m = super::make_module("io", &[("open", crate::builtins::fileio::open)]);
    super::set_attr(
        &m,
        "UnsupportedOperation",
        class_value(types().exc.unsupported_operation),
    );
    for (name, whence) in [("SEEK_SET", 0), ("SEEK_CUR", 1), ("SEEK_END", 2)] {
        super::set_attr(&m, name, Value::Int(whence));
    }
    m
}
