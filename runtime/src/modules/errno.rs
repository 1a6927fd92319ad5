//! The `errno` module: the operating system's error numbers by name, and
//! `errorcode`, the names by number.

use crate::strobj::new_str;
use crate::value::{ObjRef, Value};
use crate::vm::Vm;

/// The error names this module defines, with their numbers on this system.
const CODES: &[(&str, i32)] = &[
    ("EPERM", libc::EPERM),
    ("ENOENT", libc::ENOENT),
    ("ESRCH", libc::ESRCH),
    ("EINTR", libc::EINTR),
    ("EIO", libc::EIO),
    ("ENXIO", libc::ENXIO),
    ("E2BIG", libc::E2BIG),
    ("ENOEXEC", libc::ENOEXEC),
    ("EBADF", libc::EBADF),
    ("ECHILD", libc::ECHILD),
    ("EAGAIN", libc::EAGAIN),
    ("EWOULDBLOCK", libc::EWOULDBLOCK),
    ("ENOMEM", libc::ENOMEM),
    ("EACCES", libc::EACCES),
    ("EFAULT", libc::EFAULT),
    ("EBUSY", libc::EBUSY),
    ("EEXIST", libc::EEXIST),
    ("EXDEV", libc::EXDEV),
    ("ENODEV", libc::ENODEV),
    ("ENOTDIR", libc::ENOTDIR),
    ("EISDIR", libc::EISDIR),
    ("EINVAL", libc::EINVAL),
    ("ENFILE", libc::ENFILE),
    ("EMFILE", libc::EMFILE),
    ("ENOTTY", libc::ENOTTY),
    ("EFBIG", libc::EFBIG),
    ("ENOSPC", libc::ENOSPC),
    ("ESPIPE", libc::ESPIPE),
    ("EROFS", libc::EROFS),
    ("EMLINK", libc::EMLINK),
    ("EPIPE", libc::EPIPE),
    ("EDOM", libc::EDOM),
    ("ERANGE", libc::ERANGE),
    ("EDEADLK", libc::EDEADLK),
    ("ENAMETOOLONG", libc::ENAMETOOLONG),
    ("ENOSYS", libc::ENOSYS),
    ("ENOTEMPTY", libc::ENOTEMPTY),
    ("ELOOP", libc::ELOOP),
    ("ENOTSUP", libc::ENOTSUP),
    ("EOPNOTSUPP", libc::EOPNOTSUPP),
    ("EADDRINUSE", libc::EADDRINUSE),
    ("EADDRNOTAVAIL", libc::EADDRNOTAVAIL),
    ("ENETDOWN", libc::ENETDOWN),
    ("ENETUNREACH", libc::ENETUNREACH),
    ("ECONNABORTED", libc::ECONNABORTED),
    ("ECONNRESET", libc::ECONNRESET),
    ("ENOBUFS", libc::ENOBUFS),
    ("EISCONN", libc::EISCONN),
    ("ENOTCONN", libc::ENOTCONN),
    ("ESHUTDOWN", libc::ESHUTDOWN),
    ("ETIMEDOUT", libc::ETIMEDOUT),
    ("ECONNREFUSED", libc::ECONNREFUSED),
    ("EHOSTUNREACH", libc::EHOSTUNREACH),
    ("EALREADY", libc::EALREADY),
    ("EINPROGRESS", libc::EINPROGRESS),
];

/// A fresh `errno` module object.
pub fn make(vm: &Vm) -> ObjRef {
    let m = super::make_module("errno", &[]);
    let table = crate::dict::new_dict_obj();
    if let crate::object::Payload::Dict(d) = &table.payload {
        for &(name, code) in CODES {
            // The first name of a number is its name (EAGAIN before
            // EWOULDBLOCK, ENOTSUP before EOPNOTSUPP), as in CPython.
            let key = Value::Int(code as i64);
            if matches!(d.get(vm, &key), Ok(None)) {
                // Int keys compare natively: no Python code, no error.
                let _ = d.set(vm, key, new_str(name));
            }
        }
    }
    for &(name, code) in CODES {
        super::set_attr(&m, name, Value::Int(code as i64));
    }
    super::set_attr(&m, "errorcode", Value::Obj(table));
    m
}
