//! `bytearray`: a mutable byte sequence behind a per-object lock (the
//! list's approach: every operation takes the lock once and runs no
//! Python code while holding it). Construction, item and slice access,
//! assignment and deletion, the mutating methods, `+`/`*` and their
//! in-place forms, and comparison with bytes; the non-mutating methods
//! (`decode`, `find`, `split`, `upper`, ...) run the `bytes`
//! implementation on a snapshot and hand bytes results back as
//! bytearrays.

use crate::builtins::args::arg_count;
use crate::builtins::buffer::bytes_like;
use crate::builtins::bytes::{make_bytes, new_bytes};
use crate::builtins::list::new_list;
use crate::builtins::subscript::slice_indices;
use crate::builtins::tuple::new_tuple;
use crate::builtins::types::types;
use crate::function::CallArgs;
use crate::object::{Object, Payload};
use crate::objlock::ObjMutex;
use crate::ops;
use crate::strobj::intern;
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A bytearray's state.
#[derive(Default)]
pub struct ByteArrayObj {
    data: ObjMutex<Vec<u8>>,
    /// Live buffer exports (unreleased memoryviews over this object).
    /// Changed and read only while `data` is locked, so a resize and a
    /// new export never race.
    exports: AtomicUsize,
}

impl ByteArrayObj {
    /// Runs `f` on the contents under the lock.
    pub fn with_bytes<R>(&self, f: impl FnOnce(&[u8]) -> R) -> R {
        f(&self.data.lock())
    }

    /// Runs `f` on the contents under the lock, allowing writes that keep
    /// the length (all a buffer export may do).
    pub fn with_bytes_mut<R>(&self, f: impl FnOnce(&mut [u8]) -> R) -> R {
        f(&mut self.data.lock())
    }

    /// Registers a buffer export (the object cannot be resized until it
    /// is released); returns the length it is exported at.
    pub fn add_export(&self) -> usize {
        let g = self.data.lock();
        self.exports.fetch_add(1, Ordering::Relaxed);
        g.len()
    }

    /// Releases one buffer export.
    pub fn remove_export(&self) {
        let _g = self.data.lock();
        self.exports.fetch_sub(1, Ordering::Relaxed);
    }

    /// CPython's BufferError when a resize from `old` to `new` bytes is
    /// attempted while buffers are exported (call with the lock held).
    fn check_resize(&self, vm: &Vm, old: usize, new: usize) -> PyResult<()> {
        if old != new && self.exports.load(Ordering::Relaxed) > 0 {
            return Err(vm.new_error(
                types().exc.buffer_error,
                "Existing exports of data: object cannot be re-sized",
            ));
        }
        Ok(())
    }

    /// A copy of the current contents.
    pub fn snapshot(&self) -> Vec<u8> {
        self.data.lock().clone()
    }

    /// The number of bytes.
    pub fn len(&self) -> usize {
        self.data.lock().len()
    }

    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A new bytearray value.
pub fn new_bytearray(b: Vec<u8>) -> Value {
    Value::Obj(ObjRef::new(Object::new(
        types().bytearray,
        Payload::ByteArray(Box::new(ByteArrayObj {
            data: ObjMutex::new(b),
            exports: AtomicUsize::new(0),
        })),
    )))
}

/// The contents of a bytes or bytearray value (copied).
pub fn buffer_of(v: &Value) -> Option<Vec<u8>> {
    match v.as_obj().map(|o| &o.payload) {
        Some(Payload::Bytes(b)) => Some(b.to_vec()),
        Some(Payload::ByteArray(b)) => Some(b.snapshot()),
        _ => None,
    }
}

fn this<'a>(vm: &Vm, args: &'a CallArgs, name: &str) -> PyResult<&'a ByteArrayObj> {
    match args
        .pos()
        .first()
        .and_then(|v| v.as_obj())
        .map(|o| &o.payload)
    {
        Some(Payload::ByteArray(b)) => Ok(b),
        _ => Err(vm.type_error(format!(
            "descriptor '{name}' for 'bytearray' objects doesn't apply to a '{}' object",
            args.pos()
                .first()
                .map(|v| vm.type_name(v))
                .unwrap_or_else(|| "NoneType".into())
        ))),
    }
}

/// One byte value from an int-like object.
fn byte_arg(vm: &Vm, v: &Value) -> PyResult<u8> {
    let n = ops::index_of(vm, v)?;
    match num_traits::ToPrimitive::to_u8(&n) {
        Some(b) => Ok(b),
        None => Err(vm.value_error("byte must be in range(0, 256)")),
    }
}

/// The bytes of an iterable argument (bytes-like objects copied, other
/// iterables of ints read item by item).
fn bytes_arg(vm: &Vm, v: &Value) -> PyResult<Vec<u8>> {
    if let Some(b) = bytes_like(vm, v)? {
        return Ok(b.into_owned());
    }
    if v.as_obj().and_then(|o| o.as_str()).is_some() {
        return Err(vm.type_error("expected iterable of integers; got: 'str'"));
    }
    let items = ops::collect_iter(vm, v)?;
    items.iter().map(|x| byte_arg(vm, x)).collect()
}

/// `bytearray(...)`
pub fn construct(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let a = crate::builtins::args::Args::parse(
        vm,
        "bytearray",
        args,
        &["source", "encoding", "errors"],
        &[],
        0,
    )?;
    let pos: Vec<Value> = (0..3).map_while(|i| a.get(i).cloned()).collect();
    if let Some(src) = pos.first() {
        if let Some(b) = bytes_like(vm, src)? {
            return Ok(new_bytearray(b.into_owned()));
        }
    }
    if let Some(src) = pos.first() {
        let text = src.as_obj().and_then(|o| o.as_str()).is_some();
        if !text
            && !crate::builtins::int::is_int_like(src)
            && ops::special(src, "__index__").is_none()
        {
            return Ok(new_bytearray(bytes_arg(vm, src)?));
        }
    }
    let made = make_bytes(vm, &pos)?;
    Ok(new_bytearray(buffer_of(&made).unwrap_or_default()))
}

/// `repr(bytearray)`: the bytes repr inside `bytearray(...)` (the
/// subclass's name for a subclass instance), where a single quote is
/// escaped even between double quotes (as CPython does).
pub fn repr(b: &ByteArrayObj, class_name: &str) -> String {
    let inner = crate::builtins::repr::repr_bytes(&b.snapshot());
    let inner = match inner.strip_prefix("b\"") {
        Some(rest) => format!("b\"{}", rest.replace('\'', "\\'")),
        None => inner,
    };
    format!("{class_name}({inner})")
}

/// `ba[key]`
pub fn getitem(vm: &Vm, b: &ByteArrayObj, key: &Value) -> PyResult<Value> {
    if slice_of(key).is_none() {
        index_arg(vm, key)?;
    }
    let snap = b.snapshot();
    let r = crate::builtins::bytes::bytes_getitem(vm, &snap, key).map_err(|e| {
        if vm.err_matches(&e, types().exc.index_error) {
            vm.index_error("bytearray index out of range")
        } else {
            e
        }
    })?;
    Ok(match buffer_of(&r) {
        Some(v) if matches!(r.as_obj().map(|o| &o.payload), Some(Payload::Bytes(_))) => {
            new_bytearray(v)
        }
        _ => r,
    })
}

fn slice_of(key: &Value) -> Option<(&Value, &Value, &Value)> {
    match key.as_obj().map(|o| &o.payload) {
        Some(Payload::Slice(a, b, c)) => Some((a, b, c)),
        _ => None,
    }
}

/// `ba[key] = value`
pub fn setitem(vm: &Vm, b: &ByteArrayObj, key: &Value, value: &Value) -> PyResult<()> {
    if let Some((x, y, z)) = slice_of(key) {
        if crate::builtins::int::is_int_like(value) {
            return Err(vm.type_error(
                "can assign only bytes, buffers, or iterables of ints in range(0, 256)",
            ));
        }
        let items = bytes_arg(vm, value)?;
        let mut g = b.data.lock();
        let s = slice_indices(vm, x, y, z, g.len())?;
        if s.step == 1 {
            b.check_resize(vm, g.len(), g.len() - s.len + items.len())?;
            let start = s.start as usize;
            g.splice(start..start + s.len, items);
            return Ok(());
        }
        if items.len() != s.len {
            return Err(vm.value_error(format!(
                "attempt to assign bytes of size {} to extended slice of size {}",
                items.len(),
                s.len
            )));
        }
        for (i, v) in s.indices().collect::<Vec<_>>().into_iter().zip(items) {
            g[i] = v;
        }
        return Ok(());
    }
    let i = index_arg(vm, key)?;
    let v = byte_arg(vm, value)?;
    let mut g = b.data.lock();
    let k = crate::listobj::normalize_index(i, g.len())
        .ok_or_else(|| vm.index_error("bytearray index out of range"))?;
    g[k] = v;
    Ok(())
}

fn index_arg(vm: &Vm, key: &Value) -> PyResult<i64> {
    if !crate::builtins::int::is_int_like(key) && ops::special(key, "__index__").is_none() {
        return Err(vm.type_error(format!(
            "bytearray indices must be integers or slices, not {}",
            vm.type_name(key)
        )));
    }
    ops::index_i64(vm, key)
}

/// `del ba[key]`
pub fn delitem(vm: &Vm, b: &ByteArrayObj, key: &Value) -> PyResult<()> {
    if let Some((x, y, z)) = slice_of(key) {
        let mut g = b.data.lock();
        let s = slice_indices(vm, x, y, z, g.len())?;
        let mut idx: Vec<usize> = s.indices().collect();
        b.check_resize(vm, g.len(), g.len() - idx.len())?;
        idx.sort_unstable();
        for i in idx.into_iter().rev() {
            g.remove(i);
        }
        return Ok(());
    }
    let i = index_arg(vm, key)?;
    let mut g = b.data.lock();
    let k = crate::listobj::normalize_index(i, g.len())
        .ok_or_else(|| vm.index_error("bytearray index out of range"))?;
    b.check_resize(vm, g.len(), g.len() - 1)?;
    g.remove(k);
    Ok(())
}

fn append(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "append", &args, 2, 2)?;
    let b = this(vm, &args, "append")?;
    let v = byte_arg(vm, &args.pos()[1])?;
    let mut g = b.data.lock();
    b.check_resize(vm, g.len(), g.len() + 1)?;
    g.push(v);
    Ok(Value::None)
}

fn extend(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "extend", &args, 2, 2)?;
    let b = this(vm, &args, "extend")?;
    let items = bytes_arg(vm, &args.pos()[1])?;
    let mut g = b.data.lock();
    b.check_resize(vm, g.len(), g.len() + items.len())?;
    g.extend_from_slice(&items);
    Ok(Value::None)
}

fn pop(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "pop", &args, 1, 2)?;
    let b = this(vm, &args, "pop")?;
    let i = match args.pos().get(1) {
        Some(v) => ops::index_i64(vm, v)?,
        None => -1,
    };
    let mut g = b.data.lock();
    if g.is_empty() {
        return Err(vm.index_error("pop from empty bytearray"));
    }
    let k = crate::listobj::normalize_index(i, g.len())
        .ok_or_else(|| vm.index_error("pop index out of range"))?;
    b.check_resize(vm, g.len(), g.len() - 1)?;
    Ok(Value::Int(i64::from(g.remove(k))))
}

fn insert(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "insert", &args, 3, 3)?;
    let b = this(vm, &args, "insert")?;
    let i = ops::index_i64(vm, &args.pos()[1])?;
    let v = byte_arg(vm, &args.pos()[2])?;
    let mut g = b.data.lock();
    let n = g.len() as i64;
    let k = if i < 0 { (i + n).max(0) } else { i.min(n) };
    b.check_resize(vm, g.len(), g.len() + 1)?;
    g.insert(k as usize, v);
    Ok(Value::None)
}

fn remove(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "remove", &args, 2, 2)?;
    let b = this(vm, &args, "remove")?;
    let v = byte_arg(vm, &args.pos()[1])?;
    let mut g = b.data.lock();
    match g.iter().position(|&x| x == v) {
        Some(k) => {
            b.check_resize(vm, g.len(), g.len() - 1)?;
            g.remove(k);
            Ok(Value::None)
        }
        None => Err(vm.value_error("value not found in bytearray")),
    }
}

fn clear(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "clear", &args, 1, 1)?;
    let b = this(vm, &args, "clear")?;
    let mut g = b.data.lock();
    b.check_resize(vm, g.len(), 0)?;
    g.clear();
    Ok(Value::None)
}

fn reverse(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "reverse", &args, 1, 1)?;
    this(vm, &args, "reverse")?.data.lock().reverse();
    Ok(Value::None)
}

/// `bytearray.__init__(self, source=..., encoding=..., errors=...)`:
/// replaces the contents (how subclass instances get theirs).
fn init(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let b = this(vm, &args, "__init__")?;
    let made = construct(
        vm,
        CallArgs {
            args: &args.args[1..],
            kwnames: args.kwnames,
        },
    )?;
    let data = buffer_of(&made).unwrap_or_default();
    let mut g = b.data.lock();
    b.check_resize(vm, g.len(), data.len())?;
    *g = data;
    Ok(Value::None)
}

/// `ba.__iadd__(other)` and `ba.__imul__(n)`, called by name.
fn dunder_inplace(vm: &Vm, args: CallArgs, name: &str, multiply: bool) -> PyResult<Value> {
    arg_count(vm, name, &args, 2, 2)?;
    this(vm, &args, name)?;
    Ok(inplace(vm, &args.pos()[0], &args.pos()[1], multiply)?
        .unwrap_or_else(crate::builtins::types::not_implemented))
}

fn dunder_iadd(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    dunder_inplace(vm, args, "__iadd__", false)
}

fn dunder_imul(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    dunder_inplace(vm, args, "__imul__", true)
}

/// `str(ba)`: the built-in repr, whatever `__repr__` a subclass defines
/// (as CPython's `bytearray.__str__` does).
fn dunder_str(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "__str__", &args, 1, 1)?;
    let b = this(vm, &args, "__str__")?;
    let name = args.pos()[0]
        .as_obj()
        .map(|o| o.type_name())
        .unwrap_or_default();
    Ok(crate::strobj::new_str(repr(b, &name)))
}

fn copy(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "copy", &args, 1, 1)?;
    Ok(new_bytearray(this(vm, &args, "copy")?.snapshot()))
}

/// Bytes-like results of a delegated method turned into new bytearrays
/// (also inside the list or tuple a method returns).
fn as_bytearray_result(vm: &Vm, v: Value) -> PyResult<Value> {
    if let Some(b) = bytes_like(vm, &v)? {
        return Ok(new_bytearray(b.into_owned()));
    }
    Ok(match v.as_obj().map(|o| &o.payload) {
        Some(Payload::List(l)) => {
            let items = l.lock().clone();
            let items: PyResult<Vec<Value>> = items
                .into_iter()
                .map(|x| as_bytearray_result(vm, x))
                .collect();
            new_list(items?)
        }
        Some(Payload::Tuple(t)) => {
            let items: PyResult<Vec<Value>> = t
                .iter()
                .cloned()
                .map(|x| as_bytearray_result(vm, x))
                .collect();
            new_tuple(items?)
        }
        _ => v,
    })
}

/// Runs the `bytes` method `name` on a snapshot of the receiver (the
/// `bytes` methods take any bytes-like argument).
fn delegate(vm: &Vm, args: CallArgs, name: &'static str) -> PyResult<Value> {
    let b = this(vm, &args, name)?;
    let mut call: Vec<Value> = Vec::with_capacity(args.args.len());
    call.push(new_bytes(b.snapshot()));
    call.extend_from_slice(&args.args[1..]);
    let m = types()
        .bytes
        .type_data_of_self()
        .lookup(&intern(name))
        .ok_or_else(|| {
            vm.attribute_error(format!("'bytearray' object has no attribute '{name}'"))
        })?;
    let r = vm.call_args(
        &m,
        CallArgs {
            args: &call,
            kwnames: args.kwnames,
        },
    )?;
    let returns_text = matches!(name, "decode" | "hex");
    Ok(if returns_text {
        r
    } else {
        as_bytearray_result(vm, r)?
    })
}

macro_rules! delegated {
    ($($f:ident => $name:literal),* $(,)?) => {
        $(fn $f(vm: &Vm, args: CallArgs) -> PyResult<Value> { delegate(vm, args, $name) })*
        const DELEGATED: &[(&str, crate::function::NativeFn)] = &[$(($name, $f)),*];
    };
}

delegated! {
    d_decode => "decode", d_hex => "hex", d_count => "count", d_find => "find",
    d_rfind => "rfind", d_index => "index", d_rindex => "rindex",
    d_startswith => "startswith", d_endswith => "endswith", d_split => "split",
    d_rsplit => "rsplit", d_join => "join", d_partition => "partition",
    d_rpartition => "rpartition", d_splitlines => "splitlines", d_replace => "replace",
    d_strip => "strip", d_lstrip => "lstrip", d_rstrip => "rstrip", d_upper => "upper",
    d_lower => "lower", d_title => "title", d_capitalize => "capitalize",
    d_swapcase => "swapcase", d_isdigit => "isdigit", d_isalpha => "isalpha",
    d_isalnum => "isalnum", d_isspace => "isspace", d_isupper => "isupper",
    d_islower => "islower", d_istitle => "istitle", d_isascii => "isascii",
    d_center => "center", d_ljust => "ljust", d_rjust => "rjust", d_zfill => "zfill",
    d_removeprefix => "removeprefix", d_removesuffix => "removesuffix",
    d_expandtabs => "expandtabs", d_translate => "translate",
}

/// `a + b` and `a * n` with a bytearray on the left (bytes + bytearray
/// gives bytes); None when the operands do not apply.
pub fn binary(vm: &Vm, a: &Value, b: &Value, multiply: bool) -> PyResult<Option<Value>> {
    let Some(Payload::ByteArray(x)) = a.as_obj().map(|o| &o.payload) else {
        if multiply {
            if let Some(Payload::ByteArray(y)) = b.as_obj().map(|o| &o.payload) {
                return repeat(vm, y, a).map(|r| r.map(new_bytearray));
            }
        }
        if let (Some(Payload::Bytes(x)), Some(Payload::ByteArray(y))) = (
            a.as_obj().map(|o| &o.payload),
            b.as_obj().map(|o| &o.payload),
        ) {
            if !multiply {
                let mut v = x.to_vec();
                v.extend_from_slice(&y.snapshot());
                return Ok(Some(new_bytes(v)));
            }
        }
        return Ok(None);
    };
    if multiply {
        return repeat(vm, x, b).map(|r| r.map(new_bytearray));
    }
    let Some(other) = bytes_like(vm, b)? else {
        return Ok(None);
    };
    let mut v = x.snapshot();
    v.extend_from_slice(&other);
    Ok(Some(new_bytearray(v)))
}

fn repeat(vm: &Vm, x: &ByteArrayObj, n: &Value) -> PyResult<Option<Vec<u8>>> {
    let Some(count) = crate::builtins::int::as_int_like(n) else {
        return Ok(None);
    };
    let count = num_traits::ToPrimitive::to_i64(&count)
        .ok_or_else(|| vm.overflow_error("cannot fit 'int' into an index-sized integer"))?;
    Ok(Some(x.snapshot().repeat(count.max(0) as usize)))
}

/// `ba += other` and `ba *= n` (in place); None when they do not apply.
pub fn inplace(vm: &Vm, a: &Value, b: &Value, multiply: bool) -> PyResult<Option<Value>> {
    let Some(Payload::ByteArray(x)) = a.as_obj().map(|o| &o.payload) else {
        return Ok(None);
    };
    if multiply {
        let Some(count) = crate::builtins::int::as_int_like(b) else {
            return Ok(None);
        };
        let count = num_traits::ToPrimitive::to_i64(&count)
            .ok_or_else(|| vm.overflow_error("cannot fit 'int' into an index-sized integer"))?;
        let mut g = x.data.lock();
        x.check_resize(vm, g.len(), g.len() * count.max(0) as usize)?;
        let once = g.clone();
        g.clear();
        for _ in 0..count.max(0) {
            g.extend_from_slice(&once);
        }
        return Ok(Some(a.clone()));
    }
    let Some(other) = bytes_like(vm, b)? else {
        return Ok(None);
    };
    let mut g = x.data.lock();
    x.check_resize(vm, g.len(), g.len() + other.len())?;
    g.extend_from_slice(&other);
    Ok(Some(a.clone()))
}

/// Registers the methods of `bytearray`.
pub fn register(_r: &mut crate::builtins::BuiltinRegistry) {
    let t = types().bytearray;
    let own: &[(&'static str, crate::function::NativeFn)] = &[
        ("append", append),
        ("extend", extend),
        ("pop", pop),
        ("insert", insert),
        ("remove", remove),
        ("clear", clear),
        ("reverse", reverse),
        ("copy", copy),
        ("__init__", init),
        ("__str__", dunder_str),
        ("__iadd__", dunder_iadd),
        ("__imul__", dunder_imul),
    ];
    for &(name, f) in own.iter().chain(DELEGATED.iter()) {
        crate::builtins::add_method(t, name, f);
    }
}
