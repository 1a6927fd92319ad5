//! The `_io` module under `lib/io.py`: `open` (the built-in), the native
//! file classes it returns, the `UnsupportedOperation` error they raise,
//! and the `SEEK_*` and `DEFAULT_BUFFER_SIZE` constants.

use crate::builtins::types::{class_value, types};
use crate::value::{ObjRef, Value};

/// A fresh `_io` module object.
pub fn make() -> ObjRef {
    let m = super::make_module("_io", &[("open", crate::builtins::fileio::open)]);
    super::set_attr(
        &m,
        "UnsupportedOperation",
        class_value(types().exc.unsupported_operation),
    );
    for (name, whence) in [("SEEK_SET", 0), ("SEEK_CUR", 1), ("SEEK_END", 2)] {
        super::set_attr(&m, name, Value::Int(whence));
    }
    super::set_attr(&m, "DEFAULT_BUFFER_SIZE", Value::Int(8192));
    for class in crate::builtins::fileio::file_classes() {
        super::set_attr(&m, &class.type_data_of_self().name(), class_value(class));
    }
    m
}
