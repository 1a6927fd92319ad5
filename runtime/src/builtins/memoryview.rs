//! `memoryview`: a one-dimensional view of one-byte items over a `bytes`
//! or `bytearray` buffer (formats `'B'`, `'b'` and `'c'`).
//!
//! A view never holds a pointer into its exporter's storage: it keeps
//! the exporter object itself plus `start`/`step`/`len`, and every
//! operation reads or writes through the exporter (`bytes` are
//! immutable; a `bytearray` is locked for the duration of the one
//! operation). While a view over a bytearray is unreleased it counts as
//! an export, and the bytearray refuses to change its length
//! (`BufferError`), so the indices of a live view always stay in range.
//! Views of views and slices collapse onto the original exporter.

use crate::builtins::args::arg_count;
use crate::builtins::buffer::bytes_like;
use crate::builtins::bytes::new_bytes;
use crate::builtins::list::new_list;
use crate::builtins::subscript::slice_indices;
use crate::builtins::tuple::new_tuple;
use crate::builtins::types::{not_implemented, types};
use crate::builtins::{add_method, add_property, add_staticmethod};
use crate::function::CallArgs;
use crate::object::{Object, Payload};
use crate::ops;
use crate::strobj::{intern, new_str};
use crate::value::{ObjRef, Value};
use crate::vm::{PyErr, PyResult, Vm};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

/// How the one-byte items of a view are read and written.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ItemFormat {
    /// `'B'`: unsigned ints 0..=255.
    Unsigned,
    /// `'b'`: signed ints -128..=127.
    Signed,
    /// `'c'`: bytes objects of length 1.
    Char,
}

impl ItemFormat {
    fn code(self) -> &'static str {
        match self {
            ItemFormat::Unsigned => "B",
            ItemFormat::Signed => "b",
            ItemFormat::Char => "c",
        }
    }

    /// The format and its spelling (`'@B'` stays `'@B'`, as in CPython).
    fn parse(text: &str) -> Option<(ItemFormat, &'static str)> {
        Some(match text {
            "B" => (ItemFormat::Unsigned, "B"),
            "@B" => (ItemFormat::Unsigned, "@B"),
            "b" => (ItemFormat::Signed, "b"),
            "@b" => (ItemFormat::Signed, "@b"),
            "c" => (ItemFormat::Char, "c"),
            "@c" => (ItemFormat::Char, "@c"),
            _ => return None,
        })
    }

    /// The Python value of one item.
    fn unpack(self, byte: u8) -> Value {
        match self {
            ItemFormat::Unsigned => Value::Int(i64::from(byte)),
            ItemFormat::Signed => Value::Int(i64::from(byte as i8)),
            ItemFormat::Char => new_bytes(vec![byte]),
        }
    }

    /// The comparable value of one item (`'c'` items never equal ints).
    fn key(self, byte: u8) -> (bool, i64) {
        match self {
            ItemFormat::Unsigned => (false, i64::from(byte)),
            ItemFormat::Signed => (false, i64::from(byte as i8)),
            ItemFormat::Char => (true, i64::from(byte)),
        }
    }

    /// The byte for an assigned value, with CPython's errors.
    fn pack(self, vm: &Vm, v: &Value) -> PyResult<u8> {
        let invalid_type = || {
            vm.type_error(format!(
                "memoryview: invalid type for format '{}'",
                self.code()
            ))
        };
        let invalid_value = || {
            vm.value_error(format!(
                "memoryview: invalid value for format '{}'",
                self.code()
            ))
        };
        match self {
            ItemFormat::Char => match v.as_obj().map(|o| &o.payload) {
                Some(Payload::Bytes(b)) if b.len() == 1 => Ok(b[0]),
                Some(Payload::Bytes(_)) => Err(invalid_value()),
                _ => Err(invalid_type()),
            },
            ItemFormat::Unsigned | ItemFormat::Signed => {
                if !crate::builtins::int::is_int_like(v) && ops::special(v, "__index__").is_none() {
                    return Err(invalid_type());
                }
                let n = ops::index_of(vm, v)?;
                let n = num_traits::ToPrimitive::to_i64(&n).ok_or_else(invalid_value)?;
                match self {
                    ItemFormat::Unsigned => u8::try_from(n).map_err(|_| invalid_value()),
                    _ => i8::try_from(n)
                        .map(|x| x as u8)
                        .map_err(|_| invalid_value()),
                }
            }
        }
    }
}

/// A memoryview's state.
pub struct MemoryViewObj {
    /// The `bytes` or `bytearray` whose buffer is viewed (`.obj`).
    exporter: Value,
    /// Offset of item 0 in the exporter's buffer.
    start: usize,
    /// Distance between items in bytes (negative for reversed slices).
    step: isize,
    /// Number of items.
    len: usize,
    format: ItemFormat,
    /// `.format` as the view was made with.
    format_text: &'static str,
    readonly: bool,
    released: AtomicBool,
}

impl Drop for MemoryViewObj {
    fn drop(&mut self) {
        self.release_export();
    }
}

fn released_error(vm: &Vm) -> PyErr {
    vm.value_error("operation forbidden on released memoryview object")
}

impl MemoryViewObj {
    /// A view over `exporter`'s items `start, start+step, ...` (registers
    /// an export when the exporter is a bytearray).
    fn new(
        exporter: Value,
        start: usize,
        step: isize,
        len: usize,
        format: ItemFormat,
        readonly: bool,
    ) -> MemoryViewObj {
        if let Some(Payload::ByteArray(b)) = exporter.as_obj().map(|o| &o.payload) {
            b.add_export();
        }
        MemoryViewObj::registered(exporter, start, step, len, format, readonly)
    }

    /// A view whose export (if any) is already registered.
    fn registered(
        exporter: Value,
        start: usize,
        step: isize,
        len: usize,
        format: ItemFormat,
        readonly: bool,
    ) -> MemoryViewObj {
        MemoryViewObj {
            exporter,
            start,
            step,
            len,
            format,
            format_text: format.code(),
            readonly,
            released: AtomicBool::new(false),
        }
    }

    /// Ends the export once (release() and drop both land here).
    fn release_export(&self) {
        if !self.released.swap(true, Ordering::AcqRel) {
            if let Some(Payload::ByteArray(b)) = self.exporter.as_obj().map(|o| &o.payload) {
                b.remove_export();
            }
        }
    }

    fn check_live(&self, vm: &Vm) -> PyResult<()> {
        if self.released.load(Ordering::Acquire) {
            return Err(released_error(vm));
        }
        Ok(())
    }

    /// The buffer offset of item `i` (< len).
    fn offset(&self, i: usize) -> usize {
        (self.start as isize + i as isize * self.step) as usize
    }

    /// Runs `f` on the exporter's whole buffer (locked if mutable).
    fn with_buffer<R>(&self, vm: &Vm, f: impl FnOnce(&[u8]) -> R) -> PyResult<R> {
        self.check_live(vm)?;
        match self.exporter.as_obj().map(|o| &o.payload) {
            Some(Payload::Bytes(b)) => Ok(f(b)),
            Some(Payload::ByteArray(b)) => Ok(b.with_bytes(f)),
            _ => Err(released_error(vm)),
        }
    }

    /// The viewed bytes, in item order.
    pub fn to_bytes(&self, vm: &Vm) -> PyResult<Vec<u8>> {
        self.with_buffer(vm, |buf| {
            (0..self.len)
                .map(|i| buf.get(self.offset(i)).copied())
                .collect::<Option<Vec<u8>>>()
        })?
        .ok_or_else(|| released_error(vm))
    }

    /// Writes `bytes` at items `indices` of a writable view.
    fn write(&self, vm: &Vm, indices: &[usize], bytes: &[u8]) -> PyResult<()> {
        self.check_live(vm)?;
        if self.readonly {
            return Err(vm.type_error("cannot modify read-only memory"));
        }
        let Some(Payload::ByteArray(b)) = self.exporter.as_obj().map(|o| &o.payload) else {
            return Err(vm.type_error("cannot modify read-only memory"));
        };
        let offsets: Vec<usize> = indices.iter().map(|&i| self.offset(i)).collect();
        b.with_bytes_mut(|buf| {
            if offsets.iter().any(|&o| o >= buf.len()) {
                return Err(released_error(vm));
            }
            for (&o, &x) in offsets.iter().zip(bytes) {
                buf[o] = x;
            }
            Ok(())
        })
    }

    fn is_contiguous(&self) -> bool {
        self.step == 1 || self.len <= 1
    }

    /// A new view sharing this one's exporter and format.
    fn derive(&self, start: usize, step: isize, len: usize) -> Value {
        let mut view = MemoryViewObj::new(
            self.exporter.clone(),
            start,
            step,
            len,
            self.format,
            self.readonly,
        );
        view.format_text = self.format_text;
        wrap(view)
    }
}

/// The `memoryview` class.
pub fn memoryview_class() -> &'static Object {
    static CLASS: OnceLock<&'static Object> = OnceLock::new();
    CLASS.get_or_init(|| crate::modules::new_native_class("memoryview", "builtins"))
}

fn wrap(view: MemoryViewObj) -> Value {
    Value::Obj(ObjRef::new(Object::new(
        memoryview_class(),
        Payload::Native(Box::new(view)),
    )))
}

/// The view behind `v`, if it is a memoryview.
pub fn view_of(v: &Value) -> Option<&MemoryViewObj> {
    match v.as_obj().map(|o| &o.payload) {
        Some(Payload::Native(n)) => n.downcast_ref::<MemoryViewObj>(),
        _ => None,
    }
}

fn this<'a>(vm: &Vm, args: &'a CallArgs, name: &str) -> PyResult<&'a MemoryViewObj> {
    let first = args.pos().first();
    first.and_then(view_of).ok_or_else(|| {
        vm.type_error(format!(
            "descriptor '{name}' for 'memoryview' objects doesn't apply to a '{}' object",
            first
                .map(|v| vm.type_name(v))
                .unwrap_or_else(|| "NoneType".into())
        ))
    })
}

/// `memoryview(object)`: a view over a bytes-like object.
pub fn new_view(vm: &Vm, source: &Value) -> PyResult<Value> {
    match source.as_obj().map(|o| &o.payload) {
        Some(Payload::Bytes(b)) => Ok(wrap(MemoryViewObj::new(
            source.clone(),
            0,
            1,
            b.len(),
            ItemFormat::Unsigned,
            true,
        ))),
        Some(Payload::ByteArray(b)) => {
            // Registered together with the length it is taken at, so a
            // concurrent resize cannot slip in between.
            let len = b.add_export();
            Ok(wrap(MemoryViewObj::registered(
                source.clone(),
                0,
                1,
                len,
                ItemFormat::Unsigned,
                false,
            )))
        }
        _ => match view_of(source) {
            Some(m) => {
                m.check_live(vm)?;
                Ok(m.derive(m.start, m.step, m.len))
            }
            None => Err(vm.type_error(format!(
                "memoryview: a bytes-like object is required, not '{}'",
                vm.type_name(source)
            ))),
        },
    }
}

fn dunder_new(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    // A staticmethod: `args` holds the class first.
    let rest = CallArgs {
        args: &args.args[1.min(args.args.len())..],
        kwnames: args.kwnames,
    };
    let a = crate::builtins::args::Args::parse(vm, "memoryview", rest, &["object"], &[], 1)?;
    new_view(vm, a.get(0).unwrap_or(&Value::None))
}

fn item_index(vm: &Vm, m: &MemoryViewObj, key: &Value) -> PyResult<usize> {
    if !crate::builtins::int::is_int_like(key) && ops::special(key, "__index__").is_none() {
        return Err(vm.type_error("memoryview: invalid slice key"));
    }
    let i = ops::index_i64(vm, key)?;
    crate::listobj::normalize_index(i, m.len)
        .ok_or_else(|| vm.index_error("index out of bounds on dimension 1"))
}

fn slice_of(key: &Value) -> Option<(&Value, &Value, &Value)> {
    match key.as_obj().map(|o| &o.payload) {
        Some(Payload::Slice(a, b, c)) => Some((a, b, c)),
        _ => None,
    }
}

fn getitem(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "__getitem__", &args, 2, 2)?;
    let m = this(vm, &args, "__getitem__")?;
    m.check_live(vm)?;
    let key = &args.pos()[1];
    if let Some((a, b, c)) = slice_of(key) {
        let s = slice_indices(vm, a, b, c, m.len)?;
        let start = if s.len == 0 {
            m.start
        } else {
            m.offset(s.start as usize)
        };
        return Ok(m.derive(start, m.step * s.step as isize, s.len));
    }
    let i = item_index(vm, m, key)?;
    let byte = m
        .with_buffer(vm, |buf| buf.get(m.offset(i)).copied())?
        .ok_or_else(|| released_error(vm))?;
    Ok(m.format.unpack(byte))
}

fn setitem(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "__setitem__", &args, 3, 3)?;
    let m = this(vm, &args, "__setitem__")?;
    m.check_live(vm)?;
    if m.readonly {
        return Err(vm.type_error("cannot modify read-only memory"));
    }
    let (key, value) = (&args.pos()[1], &args.pos()[2]);
    if let Some((a, b, c)) = slice_of(key) {
        let s = slice_indices(vm, a, b, c, m.len)?;
        let src = bytes_like(vm, value)?.ok_or_else(|| {
            vm.type_error(format!(
                "a bytes-like object is required, not '{}'",
                vm.type_name(value)
            ))
        })?;
        if src.len() != s.len {
            return Err(vm.value_error(
                "memoryview assignment: lvalue and rvalue have different structures",
            ));
        }
        let indices: Vec<usize> = s.indices().collect();
        m.write(vm, &indices, &src)?;
        return Ok(Value::None);
    }
    let i = item_index(vm, m, key)?;
    let byte = m.format.pack(vm, value)?;
    m.write(vm, &[i], &[byte])?;
    Ok(Value::None)
}

fn delitem(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "__delitem__", &args, 2, 2)?;
    let m = this(vm, &args, "__delitem__")?;
    m.check_live(vm)?;
    if m.readonly {
        return Err(vm.type_error("cannot modify read-only memory"));
    }
    Err(vm.type_error("cannot delete memory"))
}

fn len(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "__len__", &args, 1, 1)?;
    let m = this(vm, &args, "__len__")?;
    m.check_live(vm)?;
    Ok(Value::Int(m.len as i64))
}

fn items(vm: &Vm, m: &MemoryViewObj) -> PyResult<Vec<Value>> {
    Ok(m.to_bytes(vm)?
        .into_iter()
        .map(|b| m.format.unpack(b))
        .collect())
}

fn iter(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "__iter__", &args, 1, 1)?;
    let m = this(vm, &args, "__iter__")?;
    ops::get_iter(vm, &new_list(items(vm, m)?))
}

fn tolist(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "tolist", &args, 1, 1)?;
    Ok(new_list(items(vm, this(vm, &args, "tolist")?)?))
}

fn tobytes(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let m = this(vm, &args, "tobytes")?;
    let a = crate::builtins::strmethods::method_args(vm, "tobytes", &args, &["order"], 0, 0)?;
    if let Some(order) = a[0].as_ref().filter(|v| !v.is_none()) {
        let text = order.as_obj().and_then(|o| o.as_str()).unwrap_or("");
        if !matches!(text, "C" | "F" | "A") {
            return Err(vm.value_error("order must be 'C', 'F' or 'A'"));
        }
    }
    Ok(new_bytes(m.to_bytes(vm)?))
}

fn hex(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let m = this(vm, &args, "hex")?;
    let mut call = vec![new_bytes(m.to_bytes(vm)?)];
    call.extend_from_slice(&args.args[1..]);
    let method = types()
        .bytes
        .type_data_of_self()
        .lookup(&intern("hex"))
        .ok_or_else(|| vm.attribute_error("'bytes' object has no attribute 'hex'"))?;
    vm.call_args(
        &method,
        CallArgs {
            args: &call,
            kwnames: args.kwnames,
        },
    )
}

fn release(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "release", &args, 1, 1)?;
    this(vm, &args, "release")?.release_export();
    Ok(Value::None)
}

fn enter(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "__enter__", &args, 1, 1)?;
    this(vm, &args, "__enter__")?.check_live(vm)?;
    Ok(args.pos()[0].clone())
}

fn exit(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    this(vm, &args, "__exit__")?.release_export();
    Ok(Value::None)
}

fn toreadonly(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "toreadonly", &args, 1, 1)?;
    let m = this(vm, &args, "toreadonly")?;
    m.check_live(vm)?;
    Ok(wrap(MemoryViewObj::new(
        m.exporter.clone(),
        m.start,
        m.step,
        m.len,
        m.format,
        true,
    )))
}

fn cast(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let m = this(vm, &args, "cast")?;
    let a =
        crate::builtins::strmethods::method_args(vm, "cast", &args, &["format", "shape"], 0, 1)?;
    m.check_live(vm)?;
    let fmt = a[0].clone().unwrap_or(Value::None);
    let Some(text) = fmt.as_obj().and_then(|o| o.as_str()) else {
        return Err(vm.type_error(format!(
            "cast() argument 'format' must be str, not {}",
            vm.type_name(&fmt)
        )));
    };
    if a[1].is_some() {
        return Err(vm.new_error(
            types().exc.not_implemented_error,
            "Weft's memoryview does not support cast() with a shape",
        ));
    }
    if !m.is_contiguous() {
        return Err(vm.type_error("memoryview: casts are restricted to C-contiguous views"));
    }
    let Some((format, spelling)) = ItemFormat::parse(text) else {
        return Err(vm.new_error(
            types().exc.not_implemented_error,
            format!(
                "Weft's memoryview casts only to the one-byte formats 'B', 'b' and 'c', not '{text}'"
            ),
        ));
    };
    let mut view = MemoryViewObj::new(m.exporter.clone(), m.start, 1, m.len, format, m.readonly);
    view.format_text = spelling;
    Ok(wrap(view))
}

fn eq_impl(vm: &Vm, args: &CallArgs, name: &str) -> PyResult<Option<bool>> {
    arg_count(vm, name, args, 2, 2)?;
    let m = this(vm, args, name)?;
    let other = &args.pos()[1];
    if other.is(&args.pos()[0]) {
        return Ok(Some(true));
    }
    if m.released.load(Ordering::Acquire) {
        return Ok(Some(false));
    }
    let (theirs, their_format) = match view_of(other) {
        Some(o) if o.released.load(Ordering::Acquire) => return Ok(Some(false)),
        Some(o) => (o.to_bytes(vm)?, o.format),
        None => match bytes_like(vm, other)? {
            Some(b) => (b.into_owned(), ItemFormat::Unsigned),
            None => return Ok(None),
        },
    };
    let ours = m.to_bytes(vm)?;
    Ok(Some(
        ours.len() == theirs.len()
            && ours
                .iter()
                .zip(&theirs)
                .all(|(&x, &y)| m.format.key(x) == their_format.key(y)),
    ))
}

fn eq(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    Ok(match eq_impl(vm, &args, "__eq__")? {
        Some(r) => Value::Bool(r),
        None => not_implemented(),
    })
}

fn ne(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    Ok(match eq_impl(vm, &args, "__ne__")? {
        Some(r) => Value::Bool(!r),
        None => not_implemented(),
    })
}

/// `hash(view)`: the hash of its bytes, for read-only views only.
pub fn view_hash(vm: &Vm, m: &MemoryViewObj) -> PyResult<i64> {
    m.check_live(vm)?;
    if !m.readonly {
        return Err(vm.value_error("cannot hash writable memoryview object"));
    }
    vm.hash(&new_bytes(m.to_bytes(vm)?))
}

fn hash(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "__hash__", &args, 1, 1)?;
    Ok(Value::Int(view_hash(vm, this(vm, &args, "__hash__")?)?))
}

fn repr(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "__repr__", &args, 1, 1)?;
    let m = this(vm, &args, "__repr__")?;
    let addr = args.pos()[0].as_obj().map_or(0, |o| o.addr());
    let state = if m.released.load(Ordering::Acquire) {
        "released "
    } else {
        ""
    };
    Ok(new_str(format!("<{state}memory at {addr:#x}>")))
}

macro_rules! live_property {
    ($($f:ident => |$m:ident| $body:expr;)*) => {
        $(fn $f(vm: &Vm, args: CallArgs) -> PyResult<Value> {
            let $m = this(vm, &args, stringify!($f))?;
            $m.check_live(vm)?;
            Ok($body)
        })*
    };
}

live_property! {
    obj => |m| m.exporter.clone();
    nbytes => |m| Value::Int(m.len as i64);
    readonly => |m| Value::Bool(m.readonly);
    format => |m| new_str(m.format_text);
    itemsize => |_m| Value::Int(1);
    ndim => |_m| Value::Int(1);
    shape => |m| new_tuple(vec![Value::Int(m.len as i64)]);
    strides => |m| new_tuple(vec![Value::Int(m.step as i64)]);
    suboffsets => |_m| new_tuple(Vec::new());
    contiguous => |m| Value::Bool(m.is_contiguous());
    c_contiguous => |m| Value::Bool(m.is_contiguous());
    f_contiguous => |m| Value::Bool(m.is_contiguous());
}

/// Registers the memoryview class's methods and properties.
pub fn register(dd: &crate::dict::DictObj) {
    let cls = memoryview_class();
    add_staticmethod(cls, "__new__", dunder_new);
    let methods: &[(&'static str, crate::function::NativeFn)] = &[
        ("__getitem__", getitem),
        ("__setitem__", setitem),
        ("__delitem__", delitem),
        ("__len__", len),
        ("__iter__", iter),
        ("__eq__", eq),
        ("__ne__", ne),
        ("__hash__", hash),
        ("__repr__", repr),
        ("__enter__", enter),
        ("__exit__", exit),
        ("tolist", tolist),
        ("tobytes", tobytes),
        ("hex", hex),
        ("release", release),
        ("toreadonly", toreadonly),
        ("cast", cast),
    ];
    for &(name, f) in methods {
        add_method(cls, name, f);
    }
    let properties: &[(&'static str, crate::function::NativeFn)] = &[
        ("obj", obj),
        ("nbytes", nbytes),
        ("readonly", readonly),
        ("format", format),
        ("itemsize", itemsize),
        ("ndim", ndim),
        ("shape", shape),
        ("strides", strides),
        ("suboffsets", suboffsets),
        ("contiguous", contiguous),
        ("c_contiguous", c_contiguous),
        ("f_contiguous", f_contiguous),
    ];
    for &(name, f) in properties {
        add_property(cls, name, f);
    }
    dd.set_by_name("memoryview", crate::builtins::types::class_value(cls));
}
