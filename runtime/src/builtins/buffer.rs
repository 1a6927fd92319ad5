//! Bytes-like objects: the one accessor through which `bytes`,
//! `bytearray` and `memoryview` arguments are read wherever CPython
//! accepts any object that exports a byte buffer (`bytes` methods,
//! `bytes(...)`, `b"".join`, `+`, `in`, ...). Immutable `bytes` are
//! borrowed; a `bytearray` or a view is copied under its lock, so the
//! caller never holds a pointer into storage another thread can move.

use crate::builtins::memoryview::MemoryViewObj;
use crate::object::Payload;
use crate::value::Value;
use crate::vm::{PyResult, Vm};
use std::borrow::Cow;

/// The bytes of `v` if it is bytes-like (None otherwise); a released
/// memoryview is CPython's ValueError.
pub fn bytes_like<'a>(vm: &Vm, v: &'a Value) -> PyResult<Option<Cow<'a, [u8]>>> {
    match v.as_obj().map(|o| &o.payload) {
        Some(Payload::Bytes(b)) => Ok(Some(Cow::Borrowed(b))),
        Some(Payload::ByteArray(b)) => Ok(Some(Cow::Owned(b.snapshot()))),
        Some(Payload::Native(n)) => match n.downcast_ref::<MemoryViewObj>() {
            Some(view) => Ok(Some(Cow::Owned(view.to_bytes(vm)?))),
            None => Ok(None),
        },
        _ => Ok(None),
    }
}

/// True when `v` exports a byte buffer (bytes, bytearray, memoryview).
pub fn is_bytes_like(v: &Value) -> bool {
    match v.as_obj().map(|o| &o.payload) {
        Some(Payload::Bytes(_) | Payload::ByteArray(_)) => true,
        Some(Payload::Native(n)) => n.is::<MemoryViewObj>(),
        _ => false,
    }
}

/// The bytes of a bytes-like argument, or CPython's TypeError
/// "a bytes-like object is required, not 'T'".
pub fn require_bytes_like<'a>(vm: &Vm, v: &'a Value) -> PyResult<Cow<'a, [u8]>> {
    bytes_like(vm, v)?.ok_or_else(|| {
        vm.type_error(format!(
            "a bytes-like object is required, not '{}'",
            vm.type_name(v)
        ))
    })
}
