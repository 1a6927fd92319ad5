//! `OSError`: its `errno`/`strerror`/`filename`/`filename2` fields, the
//! subclass an error number selects (`OSError(2, ...)` is a
//! `FileNotFoundError`), its `[Errno N] text: 'name'` string, and the
//! errors Weft's own I/O raises from an operating-system error.

use crate::builtins::types::types;
use crate::exceptions::exc_data;
use crate::object::Object;
use crate::strobj::new_str;
use crate::value::{ObjRef, Value};
use crate::vm::{PyErr, PyResult, Vm};

/// The fields of an `OSError`: `Value::Null` when unset (read as None,
/// but an explicit None counts as set in `str()`, as in CPython).
#[derive(Clone)]
pub struct OsErrorFields {
    /// `errno`
    pub errno: Value,
    /// `strerror`
    pub strerror: Value,
    /// `filename`
    pub filename: Value,
    /// `filename2`
    pub filename2: Value,
}

impl Default for OsErrorFields {
    fn default() -> OsErrorFields {
        OsErrorFields {
            errno: Value::Null,
            strerror: Value::Null,
            filename: Value::Null,
            filename2: Value::Null,
        }
    }
}

/// True when `cls` is `OSError` or a subclass of it.
pub fn is_os_error_class(cls: &'static Object) -> bool {
    crate::typeobj::is_subtype(cls, types().exc.os_error)
}

/// The subclass of `OSError` that error number `errno` selects, if any.
pub fn class_for_errno(errno: i64) -> Option<&'static Object> {
    let e = &types().exc;
    let Ok(n) = i32::try_from(errno) else {
        return None;
    };
    Some(match n {
        libc::EAGAIN | libc::EALREADY | libc::EINPROGRESS => e.blocking_io_error,
        libc::ECHILD => e.child_process_error,
        libc::EPIPE | libc::ESHUTDOWN => e.broken_pipe_error,
        libc::ECONNABORTED => e.connection_aborted_error,
        libc::ECONNREFUSED => e.connection_refused_error,
        libc::ECONNRESET => e.connection_reset_error,
        libc::EEXIST => e.file_exists_error,
        libc::ENOENT => e.file_not_found_error,
        libc::EISDIR => e.is_a_directory_error,
        libc::ENOTDIR => e.not_a_directory_error,
        libc::EINTR => e.interrupted_error,
        libc::EACCES | libc::EPERM => e.permission_error,
        libc::ESRCH => e.process_lookup_error,
        libc::ETIMEDOUT => e.timeout_error,
        _ => return None,
    })
}

/// The class `OSError(*args)` makes: a subclass chosen by the error
/// number when `cls` is `OSError` itself and there are two to five
/// arguments whose first is an int.
pub fn constructed_class(cls: &'static Object, args: &[Value]) -> &'static Object {
    if !std::ptr::eq(cls, types().exc.os_error) || !(2..=5).contains(&args.len()) {
        return cls;
    }
    match &args[0] {
        Value::Int(n) => class_for_errno(*n).unwrap_or(cls),
        _ => cls,
    }
}

/// Sets the fields of a new `OSError` from its constructor arguments, as
/// `OSError.__init__` does: with two to five arguments they are `errno`,
/// `strerror`, `filename`, (`winerror`, ignored here,) `filename2`; a
/// filename that is not None leaves `args` as `(errno, strerror)`.
pub fn init_fields(exc: &Object, args: &[Value]) {
    let Some(d) = exc_data(exc) else {
        return;
    };
    let mut fields = OsErrorFields::default();
    if (2..=5).contains(&args.len()) {
        fields.errno = args[0].clone();
        fields.strerror = args[1].clone();
        if let Some(f) = args.get(2).filter(|f| !f.is_none()) {
            fields.filename = f.clone();
            if let Some(f2) = args.get(4).filter(|f| !f.is_none()) {
                fields.filename2 = f2.clone();
            }
            *d.args.lock() = crate::builtins::tuple::new_tuple(args[..2].to_vec());
        }
    }
    *d.os_fields.lock() = Some(Box::new(fields));
}

/// An `OSError` field by attribute name, for an instance of an `OSError`
/// class.
pub fn field(exc: &Object, name: &str) -> Option<Value> {
    let d = exc_data(exc)?;
    let guard = d.os_fields.lock();
    let f = guard.as_deref();
    let pick = |get: fn(&OsErrorFields) -> &Value| match f.map(get) {
        Some(v) if !v.is_null() => v.clone(),
        _ => Value::None,
    };
    Some(match name {
        "errno" => pick(|f| &f.errno),
        "strerror" => pick(|f| &f.strerror),
        "filename" => pick(|f| &f.filename),
        "filename2" => pick(|f| &f.filename2),
        _ => return None,
    })
}

/// Sets (or, with None for `value`, resets to None) an `OSError` field;
/// false when `name` is not one.
pub fn set_field(exc: &Object, name: &str, value: Option<Value>) -> bool {
    let Some(d) = exc_data(exc) else {
        return false;
    };
    let mut guard = d.os_fields.lock();
    let f = guard.get_or_insert_with(Box::default);
    let slot = match name {
        "errno" => &mut f.errno,
        "strerror" => &mut f.strerror,
        "filename" => &mut f.filename,
        "filename2" => &mut f.filename2,
        _ => return false,
    };
    *slot = value.unwrap_or(Value::Null);
    true
}

/// `str()` of an `OSError`, when its fields make one: `[Errno N] text`,
/// with `: 'name'` or `: 'name' -> 'other'` for its filenames.
pub fn os_error_str(vm: &Vm, exc: &Object) -> PyResult<Option<String>> {
    let Some(d) = exc_data(exc) else {
        return Ok(None);
    };
    let Some(f) = d.os_fields.lock().as_deref().cloned() else {
        return Ok(None);
    };
    if !f.filename.is_null() {
        let show = |v: &Value| match v {
            Value::Null => Ok("None".to_string()),
            v => vm.str_of(v),
        };
        let mut s = format!(
            "[Errno {}] {}: {}",
            show(&f.errno)?,
            show(&f.strerror)?,
            vm.repr_of(&f.filename)?
        );
        if !f.filename2.is_null() {
            s.push_str(&format!(" -> {}", vm.repr_of(&f.filename2)?));
        }
        return Ok(Some(s));
    }
    if !f.errno.is_null() && !f.strerror.is_null() {
        return Ok(Some(format!(
            "[Errno {}] {}",
            vm.str_of(&f.errno)?,
            vm.str_of(&f.strerror)?
        )));
    }
    Ok(None)
}

/// The operating system's text for error number `errno` (`strerror`).
pub fn strerror(errno: i32) -> String {
    let full = std::io::Error::from_raw_os_error(errno).to_string();
    // std formats it as "<text> (os error N)".
    let suffix = format!(" (os error {errno})");
    full.strip_suffix(&suffix).unwrap_or(&full).to_string()
}

/// The `OSError` (of the subclass its number selects) for an I/O error of
/// the operating system, with `filename` when the operation named one.
pub fn from_io_error(vm: &Vm, e: &std::io::Error, filename: Option<Value>) -> PyErr {
    let Some(code) = e.raw_os_error() else {
        return vm.new_error(types().exc.os_error, e.to_string());
    };
    let mut args = vec![Value::Int(code as i64), new_str(strerror(code))];
    if let Some(f) = filename {
        args.push(f);
    }
    PyErr(new_os_error(vm, types().exc.os_error, &args))
}

/// `cls(*args)` for a built-in `OSError` class, without running Python
/// code.
pub fn new_os_error(vm: &Vm, cls: &'static Object, args: &[Value]) -> ObjRef {
    let cls = constructed_class(cls, args);
    let exc = vm.new_exception(cls, args.to_vec());
    init_fields(&exc, args);
    exc
}
