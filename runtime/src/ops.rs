//! The object protocols: truthiness, equality and hashing, rich comparison,
//! arithmetic with reflected and in-place dunders, subscription, iteration,
//! `repr`/`str`/`format`, and raising.

use crate::builtins::int::{self as int, to_bigint};
use crate::builtins::types::{class_of, is_exact, types};
use crate::iterators::{self, IterState};
use crate::object::{Object, Payload};
use crate::strobj::new_str;
use crate::value::{ObjRef, Value};
use crate::vm::{PyErr, PyResult, Vm};
use num_bigint::BigInt;
use num_traits::{ToPrimitive, Zero};
use weft_specializer::BinaryOperator;

/// A user-defined special method of `v`'s class (None for built-in
/// classes and for native implementations inherited from them).
pub fn special(v: &Value, name: &'static str) -> Option<Value> {
    let cls = class_of(v);
    let td = cls.type_data_of_self();
    if td.builtin {
        return None;
    }
    let m = td.lookup(&crate::strobj::intern_static(name))?;
    match &m {
        // A native method inherited from a built-in base is the payload's
        // own behaviour, run natively; a protocol class's native methods
        // (`modules::new_protocol_class`) are its only behaviour.
        Value::Obj(o) if matches!(o.payload, Payload::Builtin(_)) && !is_native_payload(v) => None,
        _ => Some(m),
    }
}

fn is_native_payload(v: &Value) -> bool {
    matches!(v, Value::Obj(o) if matches!(o.payload, Payload::Native(_)))
}

pub(crate) fn call_special(vm: &Vm, m: &Value, recv: &Value, args: &[Value]) -> PyResult<Value> {
    if let Some(sf) = crate::attrs::unwrap_static(m) {
        return vm.call(&sf, args);
    }
    if let Some(r) = crate::specialize::call::call_python_exact(vm, m, Some(recv), args) {
        return r;
    }
    let mut v = Vec::with_capacity(args.len() + 1);
    v.push(recv.clone());
    v.extend_from_slice(args);
    vm.call(m, &v)
}

pub(crate) fn is_not_implemented(v: &Value) -> bool {
    matches!(v, Value::Obj(o) if std::ptr::eq(&**o as *const Object, types().not_implemented_obj() as *const Object))
}

// ----- truthiness ---------------------------------------------------------

/// `bool(v)`
pub fn truthy(vm: &Vm, v: &Value) -> PyResult<bool> {
    match v {
        Value::Null | Value::None => Ok(false),
        Value::Bool(b) => Ok(*b),
        Value::Int(i) => Ok(*i != 0),
        Value::Float(f) => Ok(*f != 0.0),
        Value::Obj(o) => {
            if !o.type_data().builtin {
                if let Some(m) = special(v, "__bool__") {
                    let r = call_special(vm, &m, v, &[])?;
                    return match r {
                        Value::Bool(b) => Ok(b),
                        _ => Err(vm.type_error(format!(
                            "__bool__ should return bool, returned {}",
                            vm.type_name(&r)
                        ))),
                    };
                }
                if let Some(m) = special(v, "__len__") {
                    let r = call_special(vm, &m, v, &[])?;
                    return Ok(len_result(vm, r)? != 0);
                }
            }
            Ok(match &o.payload {
                Payload::Int(b) => !b.is_zero(),
                Payload::Float(f) => *f != 0.0,
                Payload::Complex(re, im) => *re != 0.0 || *im != 0.0,
                Payload::Str(s) => s.char_len() > 0,
                Payload::Bytes(b) => !b.is_empty(),
                Payload::ByteArray(b) => !b.is_empty(),
                Payload::Tuple(t) => !t.is_empty(),
                Payload::List(l) => !l.lock().is_empty(),
                Payload::Dict(d) => !d.is_empty(),
                Payload::Set(s) => !s.is_empty(),
                Payload::Range(r) => !r.is_empty(),
                Payload::BigRange(r) => !r.len.is_zero(),
                Payload::Native(_) => match call_native_method(vm, o, v, "__len__", &[]) {
                    Some(r) => len_result(vm, r?)? != 0,
                    None => true,
                },
                _ => true,
            })
        }
    }
}

fn len_result(vm: &Vm, r: Value) -> PyResult<usize> {
    match r {
        Value::Int(i) if i >= 0 => Ok(i as usize),
        Value::Bool(b) => Ok(b as usize),
        Value::Int(_) => Err(vm.value_error("__len__() should return >= 0")),
        other => Err(vm.type_error(format!(
            "'{}' object cannot be interpreted as an integer",
            vm.type_name(&other)
        ))),
    }
}

/// `len(v)`
pub fn len(vm: &Vm, v: &Value) -> PyResult<usize> {
    if let Value::Obj(o) = v {
        if !o.type_data().builtin {
            if let Some(m) = special(v, "__len__") {
                let r = call_special(vm, &m, v, &[])?;
                return len_result(vm, r);
            }
        }
        if let Some(n) = native_len(o) {
            return Ok(n);
        }
        if let Payload::BigRange(r) = &o.payload {
            return crate::bigrange::len(vm, r);
        }
    }
    if let Value::Obj(o) = v {
        if let Some(r) = call_native_method(vm, o, v, "__len__", &[]) {
            return len_result(vm, r?);
        }
    }
    Err(vm.type_error(format!("object of type '{}' has no len()", vm.type_name(v))))
}

/// Calls the method `name` that the built-in class of a native-payload
/// object (`memoryview`, files) defines for an operation the payload has
/// no native case for; None when `o` is not native or has no such method.
/// Only the operations' fallback paths reach here (cold and out of line,
/// so the paths it is inlined beside stay as they were).
#[cold]
#[inline(never)]
pub fn call_native_method(
    vm: &Vm,
    o: &Object,
    v: &Value,
    name: &'static str,
    args: &[Value],
) -> Option<PyResult<Value>> {
    if !matches!(o.payload, Payload::Native(_)) {
        return None;
    }
    let m = o.type_data().lookup(&crate::strobj::intern_static(name))?;
    Some(call_special(vm, &m, v, args))
}

/// The length of a built-in container's payload (whatever `__len__` a
/// subclass defines).
pub fn native_len(o: &Object) -> Option<usize> {
    match &o.payload {
        Payload::Str(s) => Some(s.char_len()),
        Payload::Bytes(b) => Some(b.len()),
        Payload::ByteArray(b) => Some(b.len()),
        Payload::Tuple(t) => Some(t.len()),
        Payload::List(l) => Some(l.lock().len()),
        Payload::Dict(d) => Some(d.len()),
        Payload::Set(s) => Some(s.len()),
        Payload::Range(r) => Some(r.len() as usize),
        Payload::BigRange(r) => r.len.to_i64().map(|n| n as usize),
        Payload::Iter(it) => iterators::view_len(it),
        _ => None,
    }
}

// ----- equality and hashing -----------------------------------------------

/// Equality that needs no Python code: Some(result), or None when a
/// user-defined `__eq__` may be involved.
pub fn native_eq(a: &Value, b: &Value) -> Option<bool> {
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => Some(x == y),
        (Value::Float(x), Value::Float(y)) => Some(x == y),
        (Value::Int(x), Value::Float(y)) | (Value::Float(y), Value::Int(x)) => {
            Some(int::int_float_eq(*x, *y))
        }
        (Value::Bool(x), Value::Bool(y)) => Some(x == y),
        (Value::Bool(x), Value::Int(y)) | (Value::Int(y), Value::Bool(x)) => Some(*x as i64 == *y),
        (Value::Bool(x), Value::Float(y)) | (Value::Float(y), Value::Bool(x)) => {
            Some(*x as i64 as f64 == *y)
        }
        (Value::None, Value::None) => Some(true),
        (Value::Null, Value::Null) => Some(true),
        (Value::Obj(x), Value::Obj(y)) => {
            if ObjRef::ptr_eq(x, y) && !matches!(x.payload, Payload::Float(_)) {
                return Some(true);
            }
            let (tx, ty) = (x.type_data(), y.type_data());
            if !tx.builtin || !ty.builtin {
                return None;
            }
            match (&x.payload, &y.payload) {
                (Payload::Str(s), Payload::Str(t)) => Some(s.same_text(t)),
                (Payload::Int(s), Payload::Int(t)) => Some(s == t),
                (Payload::Bytes(s), Payload::Bytes(t)) => Some(s == t),
                (Payload::ByteArray(_), Payload::Bytes(_) | Payload::ByteArray(_))
                | (Payload::Bytes(_), Payload::ByteArray(_)) => {
                    let snap = crate::builtins::bytearray::buffer_of;
                    Some(snap(a) == snap(b))
                }
                (Payload::Tuple(s), Payload::Tuple(t)) => {
                    if s.len() != t.len() {
                        return Some(false);
                    }
                    for (p, q) in s.iter().zip(t.iter()) {
                        if !native_eq(p, q)? {
                            return Some(false);
                        }
                    }
                    Some(true)
                }
                (Payload::Set(_), Payload::Set(_)) => None,
                (Payload::List(_), Payload::List(_)) | (Payload::Dict(_), Payload::Dict(_)) => None,
                (Payload::Range(r), Payload::Range(s)) => Some(
                    r.len() == s.len()
                        && (r.is_empty()
                            || (r.start == s.start && (r.len() == 1 || r.step == s.step))),
                ),
                (Payload::BigRange(_), Payload::Range(_) | Payload::BigRange(_))
                | (Payload::Range(_), Payload::BigRange(_)) => {
                    match (crate::bigrange::parts(x), crate::bigrange::parts(y)) {
                        (Some(r), Some(s)) => Some(crate::bigrange::eq(&r, &s)),
                        _ => Some(false),
                    }
                }
                (Payload::Float(p), Payload::Float(q)) => Some(p == q),
                (Payload::Complex(re, im), _) => {
                    Some(crate::builtins::complex::complex_eq((*re, *im), b).unwrap_or(false))
                }
                (_, Payload::Complex(re, im)) => {
                    Some(crate::builtins::complex::complex_eq((*re, *im), a).unwrap_or(false))
                }
                // Other built-in objects compare by identity.
                _ => Some(ObjRef::ptr_eq(x, y)),
            }
        }
        (Value::Obj(o), other) | (other, Value::Obj(o)) => {
            if !o.type_data().builtin {
                return None;
            }
            match (&o.payload, other) {
                (Payload::Complex(re, im), _) => {
                    Some(crate::builtins::complex::complex_eq((*re, *im), other).unwrap_or(false))
                }
                (Payload::Int(_), _) => Some(false),
                (Payload::Float(f), Value::Float(g)) => Some(f == g),
                _ => Some(false),
            }
        }
        _ => Some(false),
    }
}

impl Vm {
    /// `a == b` as a bool.
    pub fn eq_bool(&self, a: &Value, b: &Value) -> PyResult<bool> {
        if a.is(b) {
            if let Value::Float(f) = a {
                return Ok(!f.is_nan());
            }
            return Ok(true);
        }
        if let Some(r) = native_eq(a, b) {
            return Ok(r);
        }
        let r = compare(self, a, b, 2)?;
        truthy(self, &r)
    }

    /// `hash(v)`
    pub fn hash(&self, v: &Value) -> PyResult<i64> {
        // The commonest key first: an exact str, whose hash is cached.
        if let Value::Obj(o) = v {
            if let Payload::Str(s) = &o.payload {
                if std::ptr::eq(o.class(), types().str) {
                    return Ok(s.hash());
                }
            }
        }
        match v {
            Value::Int(i) => Ok(crate::numhash::hash_i64(*i)),
            Value::Bool(b) => Ok(*b as i64),
            Value::Float(f) => Ok(crate::numhash::hash_float(*f).unwrap_or(0)),
            Value::None => Ok(0xFCA86420),
            Value::Null => Ok(0),
            Value::Obj(o) => {
                if !o.type_data().builtin {
                    let cls = o.type_data();
                    match cls.lookup(&crate::strobj::intern_static("__hash__")) {
                        Some(Value::None) => {
                            return Err(self.type_error(format!("unhashable type: '{}'", cls.name())))
                        }
                        Some(m)
                            if is_native_payload(v)
                                || !matches!(&m, Value::Obj(mo) if matches!(mo.payload, Payload::Builtin(_))) =>
                        {
                            let r = call_special(self, &m, v, &[])?;
                            return match r {
                                Value::Int(i) => Ok(if i == -1 { -2 } else { i }),
                                Value::Bool(b) => Ok(b as i64),
                                Value::Obj(ref ro) if matches!(ro.payload, Payload::Int(_)) => {
                                    Ok(crate::numhash::hash_bigint(&to_bigint(&r).unwrap_or_default()))
                                }
                                _ => Err(self.type_error("__hash__ method should return an integer")),
                            };
                        }
                        _ => {
                            if cls.lookup(&crate::strobj::intern_static("__eq__")).is_some_and(|m| !matches!(&m, Value::Obj(mo) if matches!(mo.payload, Payload::Builtin(_)))) {
                                return Err(self.type_error(format!("unhashable type: '{}'", cls.name())));
                            }
                        }
                    }
                }
                self.native_hash(o)
            }
        }
    }

    /// The hash of a built-in payload (whatever `__hash__` a subclass
    /// defines): numbers, str, bytes, tuples and frozensets by value,
    /// mutable containers unhashable, anything else by address.
    pub fn native_hash(&self, o: &Object) -> PyResult<i64> {
        {
            {
                match &o.payload {
                    Payload::Str(s) => Ok(s.hash()),
                    Payload::Int(b) => Ok(crate::numhash::hash_bigint(b)),
                    Payload::Float(f) => Ok(crate::numhash::hash_float(*f).unwrap_or(0)),
                    Payload::Complex(re, im) => {
                        Ok(crate::builtins::complex::complex_hash(o, (*re, *im)))
                    }
                    Payload::Bytes(b) => Ok(crate::strobj::hash_str(&String::from_utf8_lossy(b))),
                    Payload::Tuple(t) => {
                        let mut hs = Vec::with_capacity(t.len());
                        for x in t.iter() {
                            hs.push(self.hash(x)?);
                        }
                        Ok(crate::numhash::hash_tuple(&hs))
                    }
                    Payload::Set(s)
                        if std::ptr::eq(o.class(), types().frozenset)
                            || crate::typeobj::is_subtype(o.class(), types().frozenset) =>
                    {
                        let items = s.items();
                        let mut hs = Vec::with_capacity(items.len());
                        for x in &items {
                            hs.push(self.hash(x)?);
                        }
                        Ok(crate::numhash::hash_frozenset(hs.into_iter(), items.len()))
                    }
                    Payload::List(_)
                    | Payload::Dict(_)
                    | Payload::Set(_)
                    | Payload::ByteArray(_) => {
                        Err(self.type_error(format!("unhashable type: '{}'", o.type_name())))
                    }
                    Payload::Slice(..) => Err(self.type_error("unhashable type: 'slice'")),
                    Payload::Range(_) | Payload::BigRange(_) => match crate::bigrange::parts(o) {
                        Some(r) => crate::bigrange::hash(self, &r),
                        None => Ok(0),
                    },
                    Payload::Native(n) => match n.downcast_ref() {
                        Some(view) => crate::builtins::memoryview::view_hash(self, view),
                        None => Ok(crate::numhash::hash_pointer(o as *const Object as usize)),
                    },
                    _ => Ok(crate::numhash::hash_pointer(o as *const Object as usize)),
                }
            }
        }
    }

    /// `repr(v)`
    pub fn repr_of(&self, v: &Value) -> PyResult<String> {
        crate::builtins::repr::repr(self, v)
    }

    /// `str(v)`
    pub fn str_of(&self, v: &Value) -> PyResult<String> {
        crate::builtins::repr::str_(self, v)
    }
}

// ----- comparison ---------------------------------------------------------

const CMP_NAMES: [&str; 6] = ["__lt__", "__le__", "__eq__", "__ne__", "__gt__", "__ge__"];
const CMP_SWAPPED: [usize; 6] = [4, 5, 2, 3, 0, 1];
const CMP_SYMBOLS: [&str; 6] = ["<", "<=", "==", "!=", ">", ">="];

fn cmp_ord(o: std::cmp::Ordering, op: u32) -> bool {
    use std::cmp::Ordering::*;
    match op {
        0 => o == Less,
        1 => o != Greater,
        2 => o == Equal,
        3 => o != Equal,
        4 => o == Greater,
        _ => o != Less,
    }
}

fn float_cmp(a: f64, b: f64, op: u32) -> bool {
    match op {
        0 => a < b,
        1 => a <= b,
        2 => a == b,
        3 => a != b,
        4 => a > b,
        _ => a >= b,
    }
}

/// Native comparison of built-in values; None when not applicable.
fn native_compare(vm: &Vm, a: &Value, b: &Value, op: u32) -> PyResult<Option<bool>> {
    if let Some(r) = numeric_compare(a, b, op) {
        return Ok(Some(r));
    }
    let (Value::Obj(x), Value::Obj(y)) = (a, b) else {
        return Ok(None);
    };
    if !x.type_data().builtin && special(a, CMP_NAMES[op as usize]).is_some() {
        return Ok(None);
    }
    if !y.type_data().builtin && special(b, CMP_NAMES[CMP_SWAPPED[op as usize]]).is_some() {
        return Ok(None);
    }
    payload_compare(vm, x, y, op)
}

/// The comparison of two numbers (ints of any size, bools, floats, and
/// instances of their subclasses by value): None unless both are.
pub fn numeric_compare(a: &Value, b: &Value, op: u32) -> Option<bool> {
    let num = |v: &Value| -> Option<f64> {
        match v {
            Value::Float(f) => Some(*f),
            _ => None,
        }
    };
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => return Some(cmp_ord(x.cmp(y), op)),
        (Value::Float(x), Value::Float(y)) => return Some(float_cmp(*x, *y, op)),
        _ => {}
    }
    if let (Some(x), Some(y)) = (int::as_int_like(a), int::as_int_like(b)) {
        return Some(cmp_ord(x.cmp(&y), op));
    }
    if let (Some(x), Some(y)) = (int::as_int_like(a), num(b)) {
        return int::int_float_cmp(&x, y)
            .map(|o| cmp_ord(o, op))
            .or(Some(op == 3));
    }
    if let (Some(x), Some(y)) = (num(a), int::as_int_like(b)) {
        return int::int_float_cmp(&y, x)
            .map(|o| cmp_ord(o.reverse(), op))
            .or(Some(op == 3));
    }
    None
}

/// The comparison of two built-in payloads of one kind (str, bytes,
/// tuple, list, set, dict), whatever methods subclasses define: None for
/// other pairs.
pub fn payload_compare(vm: &Vm, x: &ObjRef, y: &ObjRef, op: u32) -> PyResult<Option<bool>> {
    match (&x.payload, &y.payload) {
        (Payload::Str(s), Payload::Str(t)) => Ok(Some(cmp_ord(s.as_str().cmp(t.as_str()), op))),
        (Payload::Bytes(s), Payload::Bytes(t)) => Ok(Some(cmp_ord(s.cmp(t), op))),
        (Payload::ByteArray(_), Payload::Bytes(_) | Payload::ByteArray(_))
        | (Payload::Bytes(_), Payload::ByteArray(_)) => {
            let snap = crate::builtins::bytearray::buffer_of;
            let (s, t) = (snap(&Value::Obj(x.clone())), snap(&Value::Obj(y.clone())));
            Ok(Some(cmp_ord(s.cmp(&t), op)))
        }
        // A bytearray compares its bytes with any buffer; a memoryview on
        // the left decides equality itself (by item values).
        (Payload::ByteArray(_), Payload::Native(_))
        | (Payload::Native(_), Payload::ByteArray(_))
            if matches!(x.payload, Payload::ByteArray(_)) || (op != 2 && op != 3) =>
        {
            use crate::builtins::buffer::bytes_like;
            let (xv, yv) = (Value::Obj(x.clone()), Value::Obj(y.clone()));
            match (bytes_like(vm, &xv)?, bytes_like(vm, &yv)?) {
                (Some(s), Some(t)) => Ok(Some(cmp_ord(s.cmp(&t), op))),
                _ => Ok(None),
            }
        }
        (Payload::Tuple(s), Payload::Tuple(t)) => seq_compare(vm, s, t, op).map(Some),
        (Payload::List(s), Payload::List(t)) => {
            let s = s.lock().clone();
            let t = t.lock().clone();
            seq_compare(vm, &s, &t, op).map(Some)
        }
        (Payload::Set(s), Payload::Set(t)) => crate::set::set_compare(vm, s, t, op).map(Some),
        (Payload::Dict(_), Payload::Dict(_)) if op == 2 || op == 3 => {
            let eq = crate::builtins::dict::dict_eq(vm, x, y)?;
            Ok(Some(eq == (op == 2)))
        }
        _ => Ok(None),
    }
}

fn seq_compare(vm: &Vm, s: &[Value], t: &[Value], op: u32) -> PyResult<bool> {
    let n = s.len().min(t.len());
    for i in 0..n {
        if !vm.eq_bool(&s[i], &t[i])? {
            if op == 2 {
                return Ok(false);
            }
            if op == 3 {
                return Ok(true);
            }
            let r = compare(vm, &s[i], &t[i], op)?;
            return truthy(vm, &r);
        }
    }
    Ok(cmp_ord(s.len().cmp(&t.len()), op))
}

/// The first step of a binary protocol (CPython's `binary_op1` and
/// `do_richcompare`): a right operand whose class is a proper subclass of
/// the left operand's and defines the reflected method `rname` has that
/// method tried first. For arithmetic (`only_if_overridden`) between
/// Python classes, only when the subclass overrides the reflected method
/// (CPython's `method_is_overloaded`); comparisons have no such test.
/// Returns whether it was tried, and its result unless it was
/// `NotImplemented`.
fn try_reflected_first(
    vm: &Vm,
    a: &Value,
    b: &Value,
    rname: &'static str,
    only_if_overridden: bool,
) -> PyResult<(bool, Option<Value>)> {
    let (ca, cb) = (class_of(a), class_of(b));
    if std::ptr::eq(ca, cb) || !crate::typeobj::is_subtype(cb, ca) {
        return Ok((false, None));
    }
    let Some(m) = special(b, rname) else {
        return Ok((false, None));
    };
    if only_if_overridden && !ca.type_data_of_self().builtin {
        let name = crate::strobj::intern(rname);
        let inherited = ca.type_data_of_self().lookup(&name);
        let own = cb.type_data_of_self().lookup(&name);
        if let (Some(Value::Obj(x)), Some(Value::Obj(y))) = (&inherited, &own) {
            if ObjRef::ptr_eq(x, y) {
                return Ok((false, None));
            }
        }
    }
    let r = call_special(vm, &m, b, std::slice::from_ref(a))?;
    Ok((true, (!is_not_implemented(&r)).then_some(r)))
}

/// Rich comparison `a <op> b` (COMPARE_OP numbering).
pub fn compare(vm: &Vm, a: &Value, b: &Value, op: u32) -> PyResult<Value> {
    let op = op.min(5);
    if let Some(r) = native_compare(vm, a, b, op)? {
        return Ok(Value::Bool(r));
    }
    let name = CMP_NAMES[op as usize];
    let rname = CMP_NAMES[CMP_SWAPPED[op as usize]];
    let (reflected_first, done) = try_reflected_first(vm, a, b, rname, false)?;
    if let Some(r) = done {
        return Ok(r);
    }
    if let Some(m) = special(a, name) {
        let r = call_special(vm, &m, a, std::slice::from_ref(b))?;
        if !is_not_implemented(&r) {
            return Ok(r);
        }
    }
    if !reflected_first {
        if let Some(m) = special(b, rname) {
            let r = call_special(vm, &m, b, std::slice::from_ref(a))?;
            if !is_not_implemented(&r) {
                return Ok(r);
            }
        }
    }
    for (x, y, method) in [(a, b, name), (b, a, rname)] {
        if let Value::Obj(o) = x {
            if let Some(r) = call_native_method(vm, o, x, method, std::slice::from_ref(y)) {
                let r = r?;
                if !is_not_implemented(&r) {
                    return Ok(r);
                }
            }
        }
    }
    if op == 3 {
        if let Some(m) = special(a, "__eq__") {
            let r = call_special(vm, &m, a, std::slice::from_ref(b))?;
            if !is_not_implemented(&r) {
                return Ok(Value::Bool(!truthy(vm, &r)?));
            }
        }
    }
    match op {
        2 | 3 => Ok(Value::Bool(fallback_eq(a, b) == (op == 2))),
        _ => Err(vm.type_error(format!(
            "'{}' not supported between instances of '{}' and '{}'",
            CMP_SYMBOLS[op as usize],
            vm.type_name(a),
            vm.type_name(b)
        ))),
    }
}

/// Equality when no `__eq__` decided: identity, the native equality, and
/// the values of complex subclass instances.
fn fallback_eq(a: &Value, b: &Value) -> bool {
    use crate::builtins::complex::{complex_eq, complex_parts};
    if a.is(b) || native_eq(a, b) == Some(true) {
        return true;
    }
    match (complex_parts(a), complex_parts(b)) {
        (Some(c), _) => complex_eq(c, b) == Some(true),
        (_, Some(c)) => complex_eq(c, a) == Some(true),
        _ => false,
    }
}

/// `a < b` as a bool (sorting).
pub fn less_than(vm: &Vm, a: &Value, b: &Value) -> PyResult<bool> {
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => Ok(x < y),
        (Value::Float(x), Value::Float(y)) => Ok(x < y),
        _ => {
            let r = compare(vm, a, b, 0)?;
            match r {
                Value::Bool(b) => Ok(b),
                other => truthy(vm, &other),
            }
        }
    }
}

// ----- arithmetic ---------------------------------------------------------

pub(crate) fn dunder_names(
    op: BinaryOperator,
) -> (&'static str, &'static str, Option<&'static str>) {
    use BinaryOperator::*;
    let base = op.base();
    let (l, r) = match base {
        Add => ("__add__", "__radd__"),
        And => ("__and__", "__rand__"),
        FloorDivide => ("__floordiv__", "__rfloordiv__"),
        LShift => ("__lshift__", "__rlshift__"),
        MatrixMultiply => ("__matmul__", "__rmatmul__"),
        Multiply => ("__mul__", "__rmul__"),
        Remainder => ("__mod__", "__rmod__"),
        Or => ("__or__", "__ror__"),
        Power => ("__pow__", "__rpow__"),
        RShift => ("__rshift__", "__rrshift__"),
        Subtract => ("__sub__", "__rsub__"),
        TrueDivide => ("__truediv__", "__rtruediv__"),
        Xor => ("__xor__", "__rxor__"),
        _ => ("__getitem__", "__getitem__"),
    };
    let i = if op.is_inplace() {
        Some(match base {
            Add => "__iadd__",
            And => "__iand__",
            FloorDivide => "__ifloordiv__",
            LShift => "__ilshift__",
            MatrixMultiply => "__imatmul__",
            Multiply => "__imul__",
            Remainder => "__imod__",
            Or => "__ior__",
            Power => "__ipow__",
            RShift => "__irshift__",
            Subtract => "__isub__",
            TrueDivide => "__itruediv__",
            _ => "__ixor__",
        })
    } else {
        None
    };
    (l, r, i)
}

/// `a <op> b` for BINARY_OP (arithmetic, in-place forms and subscription).
pub fn binary_op(vm: &Vm, a: &Value, b: &Value, op: BinaryOperator) -> PyResult<Value> {
    use BinaryOperator::*;
    // Fast paths on immediates.
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => {
            let r = match op.base() {
                Add => x.checked_add(*y),
                Subtract => x.checked_sub(*y),
                Multiply => x.checked_mul(*y),
                _ => None,
            };
            if let Some(r) = r {
                return Ok(Value::Int(r));
            }
        }
        (Value::Float(x), Value::Float(y)) => match op.base() {
            Add => return Ok(Value::Float(x + y)),
            Subtract => return Ok(Value::Float(x - y)),
            Multiply => return Ok(Value::Float(x * y)),
            _ => {}
        },
        _ => {}
    }
    if op == Subscr {
        return get_item(vm, a, b);
    }
    let user_a = matches!(a, Value::Obj(o) if !o.type_data().builtin);
    let user_b = matches!(b, Value::Obj(o) if !o.type_data().builtin);
    if user_a || user_b {
        if let Some(iname) = dunder_names(op).2 {
            if let Some(m) = special(a, iname) {
                let r = call_special(vm, &m, a, std::slice::from_ref(b))?;
                if !is_not_implemented(&r) {
                    return Ok(r);
                }
            } else if user_a {
                // The in-place method a subclass of a mutable built-in
                // inherits (`bytearray`/`list` `+=`) mutates in place.
                if let Some(r) = crate::builtins::arith::native_inplace(vm, a, b, op.base())? {
                    return Ok(r);
                }
            }
        }
        return binary_op_after_inplace(vm, a, b, op);
    }
    if op.is_inplace() {
        if let Some(r) = crate::builtins::arith::native_inplace(vm, a, b, op.base())? {
            return Ok(r);
        }
    }
    if let Some(r) = crate::builtins::arith::native_binary(vm, a, b, op.base())? {
        return Ok(r);
    }
    binary_op_failed(vm, a, b, op)
}

/// The rest of `a op b` (`binary_op`, with a user class on a side) after
/// an in-place operator's method returned `NotImplemented` or was absent
/// (and the whole of it for other operators): the reflected method first
/// for a right operand of a subclass, then the left operand's method,
/// then `binary_op_after_left`.
pub(crate) fn binary_op_after_inplace(
    vm: &Vm,
    a: &Value,
    b: &Value,
    op: BinaryOperator,
) -> PyResult<Value> {
    let (lname, rname, _) = dunder_names(op);
    let (reflected_first, done) = try_reflected_first(vm, a, b, rname, true)?;
    if let Some(r) = done {
        return Ok(r);
    }
    let left = special(a, lname);
    if let Some(m) = &left {
        let r = call_special(vm, m, a, std::slice::from_ref(b))?;
        if !is_not_implemented(&r) {
            return Ok(r);
        }
    } else if let Some(r) = crate::builtins::arith::native_binary(vm, a, b, op.base())? {
        return Ok(r);
    }
    binary_op_after_left(vm, a, b, op, reflected_first, left.is_some())
}

/// The rest of `a op b` (`binary_op`, with a user class on a side) after
/// the left operand's special method returned `NotImplemented`
/// (`left_special`) or was absent and no native operation applied: the
/// reflected method of a right operand of another class (unless it ran
/// first), that operand's native operation, then the `TypeError`.
pub(crate) fn binary_op_after_left(
    vm: &Vm,
    a: &Value,
    b: &Value,
    op: BinaryOperator,
    reflected_first: bool,
    left_special: bool,
) -> PyResult<Value> {
    let (_, rname, _) = dunder_names(op);
    // For operands of one class CPython has no right-hand slot to try.
    let same_class = std::ptr::eq(class_of(a), class_of(b));
    if !reflected_first && !same_class {
        if let Some(m) = special(b, rname) {
            let r = call_special(vm, &m, b, std::slice::from_ref(a))?;
            if !is_not_implemented(&r) {
                return Ok(r);
            }
        }
    }
    if left_special && !same_class {
        // The right operand's native slot (`Num(5) + 6` with `Num(int)`
        // declining: int's addition serves it).
        if let Some(r) = crate::builtins::arith::native_binary(vm, a, b, op.base())? {
            return Ok(r);
        }
    }
    binary_op_failed(vm, a, b, op)
}

/// The end of an operation no operand's method or native operation
/// served: `int | None` and other unions of classes (`type.__or__`, which
/// neither the native operators nor the methods a metaclass inherits from
/// `type` reach), else the `TypeError`.
fn binary_op_failed(vm: &Vm, a: &Value, b: &Value, op: BinaryOperator) -> PyResult<Value> {
    use BinaryOperator::*;
    if op.base() == Or {
        let r = crate::builtins::genericalias::union_of_operands(vm, a, b)?;
        if !is_not_implemented(&r) {
            return Ok(r);
        }
    }
    if op.base() == Add {
        if let Some(Payload::Bytes(_)) = a.as_obj().map(|o| &o.payload) {
            return Err(vm.type_error(format!("can't concat {} to bytes", vm.type_name(b))));
        }
        if let Some(Payload::ByteArray(_)) = a.as_obj().map(|o| &o.payload) {
            return Err(vm.type_error(format!("can't concat {} to bytearray", vm.type_name(b))));
        }
        if let Value::Obj(o) = a {
            let what = match &o.payload {
                Payload::Str(_) => Some("str"),
                Payload::List(_) => Some("list"),
                Payload::Tuple(_) => Some("tuple"),
                _ => None,
            };
            if let Some(w) = what {
                return Err(vm.type_error(format!(
                    "can only concatenate {} (not \"{}\") to {}",
                    w,
                    vm.type_name(b),
                    w
                )));
            }
        }
    }
    if op.base() == Multiply {
        let seq = |v: &Value| matches!(v, Value::Obj(o) if matches!(o.payload, Payload::Str(_) | Payload::List(_) | Payload::Tuple(_) | Payload::Bytes(_)));
        if seq(a) || seq(b) {
            let other = if seq(a) { b } else { a };
            return Err(vm.type_error(format!(
                "can't multiply sequence by non-int of type '{}'",
                vm.type_name(other)
            )));
        }
    }
    Err(vm.type_error(format!(
        "unsupported operand type(s) for {}: '{}' and '{}'",
        op.symbol(),
        vm.type_name(a),
        vm.type_name(b)
    )))
}

/// `-v`
pub fn negative(vm: &Vm, v: &Value) -> PyResult<Value> {
    match v {
        Value::Int(i) => Ok(match i.checked_neg() {
            Some(n) => Value::Int(n),
            None => int::int_from_bigint(-BigInt::from(*i)),
        }),
        Value::Bool(b) => Ok(Value::Int(-(*b as i64))),
        Value::Float(f) => Ok(Value::Float(-f)),
        _ => unary(vm, v, "__neg__", "-", |v| match v {
            Value::Obj(o) => match &o.payload {
                Payload::Int(b) => Some(int::int_from_bigint(-b.clone())),
                Payload::Float(f) => Some(Value::Float(-f)),
                Payload::Complex(re, im) => Some(crate::builtins::complex::new_complex(-re, -im)),
                _ => None,
            },
            _ => None,
        }),
    }
}

/// `+v`
pub fn positive(vm: &Vm, v: &Value) -> PyResult<Value> {
    match v {
        Value::Int(_) | Value::Float(_) => Ok(v.clone()),
        Value::Bool(b) => Ok(Value::Int(*b as i64)),
        _ => unary(vm, v, "__pos__", "+", |v| match v {
            Value::Obj(o) => match &o.payload {
                Payload::Int(b) => Some(int::int_from_bigint(b.clone())),
                Payload::Float(f) => Some(Value::Float(*f)),
                Payload::Complex(re, im) => Some(crate::builtins::complex::new_complex(*re, *im)),
                _ => None,
            },
            _ => None,
        }),
    }
}

/// `~v`
pub fn invert(vm: &Vm, v: &Value) -> PyResult<Value> {
    match v {
        Value::Int(i) => Ok(Value::Int(!i)),
        Value::Bool(b) => Ok(Value::Int(!(*b as i64))),
        _ => unary(vm, v, "__invert__", "~", |v| match v {
            Value::Obj(o) => match &o.payload {
                Payload::Int(b) => Some(int::int_from_bigint(-(b.clone()) - 1)),
                _ => None,
            },
            _ => None,
        }),
    }
}

fn unary(
    vm: &Vm,
    v: &Value,
    name: &'static str,
    sym: &str,
    native: impl Fn(&Value) -> Option<Value>,
) -> PyResult<Value> {
    if let Some(m) = special(v, name) {
        return call_special(vm, &m, v, &[]);
    }
    if let Some(r) = native(v) {
        return Ok(r);
    }
    Err(vm.type_error(format!(
        "bad operand type for unary {}: '{}'",
        sym,
        vm.type_name(v)
    )))
}

// ----- subscription -------------------------------------------------------

/// `container[key]`
pub fn get_item(vm: &Vm, container: &Value, key: &Value) -> PyResult<Value> {
    if let Value::Obj(o) = container {
        if !o.type_data().builtin {
            if let Some(m) = special(container, "__getitem__") {
                return call_special(vm, &m, container, std::slice::from_ref(key));
            }
        }
        if let Payload::Type(_) = &o.payload {
            // `list[int]`: the class's `__class_getitem__`.
            if o.type_data_of_self()
                .lookup(&crate::strobj::intern_static("__class_getitem__"))
                .is_some()
            {
                let m = vm.get_attr_str(container, "__class_getitem__")?;
                return vm.call(&m, std::slice::from_ref(key));
            }
            return Err(vm.type_error(format!(
                "type '{}' is not subscriptable",
                o.type_data_of_self().name()
            )));
        }
        return crate::builtins::subscript::native_get_item(vm, o, container, key);
    }
    Err(vm.type_error(format!(
        "'{}' object is not subscriptable",
        vm.type_name(container)
    )))
}

/// `container[key] = value`
pub fn set_item(vm: &Vm, container: &Value, key: Value, value: Value) -> PyResult<()> {
    if let Value::Obj(o) = container {
        if !o.type_data().builtin {
            if let Some(m) = special(container, "__setitem__") {
                call_special(vm, &m, container, &[key, value])?;
                return Ok(());
            }
        }
        return crate::builtins::subscript::native_set_item(vm, o, key, value);
    }
    Err(vm.type_error(format!(
        "'{}' object does not support item assignment",
        vm.type_name(container)
    )))
}

/// `del container[key]`
pub fn del_item(vm: &Vm, container: &Value, key: &Value) -> PyResult<()> {
    if let Value::Obj(o) = container {
        if !o.type_data().builtin {
            if let Some(m) = special(container, "__delitem__") {
                call_special(vm, &m, container, std::slice::from_ref(key))?;
                return Ok(());
            }
        }
        return crate::builtins::subscript::native_del_item(vm, o, key);
    }
    Err(vm.type_error(format!(
        "'{}' object doesn't support item deletion",
        vm.type_name(container)
    )))
}

/// `item in container`
pub fn contains(vm: &Vm, container: &Value, item: &Value) -> PyResult<bool> {
    if let Value::Obj(o) = container {
        if !o.type_data().builtin {
            if let Some(m) = special(container, "__contains__") {
                let r = call_special(vm, &m, container, std::slice::from_ref(item))?;
                return truthy(vm, &r);
            }
        }
        if let Some(found) = native_contains(vm, o, item)? {
            return Ok(found);
        }
    }
    // Fall back to iteration.
    let it = get_iter(vm, container).map_err(|_| {
        vm.type_error(format!(
            "argument of type '{}' is not iterable",
            vm.type_name(container)
        ))
    })?;
    while let Some(x) = next(vm, &it)? {
        if x.is(item) || vm.eq_bool(&x, item)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Membership in a built-in container's payload: None for payloads
/// without a native test (and for a range asked about a non-int).
pub fn native_contains(vm: &Vm, o: &Object, item: &Value) -> PyResult<Option<bool>> {
    {
        match &o.payload {
            Payload::Dict(d) => return Ok(Some(d.get(vm, item)?.is_some())),
            Payload::Set(s) => return s.contains(vm, item).map(Some),
            Payload::Str(s) => {
                return match item.as_obj().and_then(|i| i.as_str()) {
                    Some(t) => Ok(Some(s.as_str().contains(t))),
                    None => Err(vm.type_error(format!(
                        "'in <string>' requires string as left operand, not {}",
                        vm.type_name(item)
                    ))),
                }
            }
            Payload::List(l) => {
                let items = l.lock().clone();
                for x in &items {
                    if x.is(item) || vm.eq_bool(x, item)? {
                        return Ok(Some(true));
                    }
                }
                return Ok(Some(false));
            }
            Payload::Tuple(t) => {
                for x in t.iter() {
                    if x.is(item) || vm.eq_bool(x, item)? {
                        return Ok(Some(true));
                    }
                }
                return Ok(Some(false));
            }
            Payload::BigRange(r) => {
                if let Some(i) = int::as_int_like(item) {
                    return Ok(Some(r.position(&i).is_some()));
                }
            }
            Payload::Range(r) => {
                if let Some(i) = int::as_i64_like(item) {
                    let n = r.len();
                    if n == 0 {
                        return Ok(Some(false));
                    }
                    let off = i as i128 - r.start as i128;
                    if off % r.step as i128 != 0 {
                        return Ok(Some(false));
                    }
                    let k = off / r.step as i128;
                    return Ok(Some(k >= 0 && k < n as i128));
                }
            }
            Payload::Bytes(b) => {
                return crate::builtins::bytes::bytes_contains(vm, b, item).map(Some)
            }
            Payload::ByteArray(b) => {
                let snap = b.snapshot();
                return crate::builtins::bytes::bytes_contains(vm, &snap, item).map(Some);
            }
            _ => {}
        }
    }
    Ok(None)
}

// ----- iteration ----------------------------------------------------------

/// `iter(v)`
pub fn get_iter(vm: &Vm, v: &Value) -> PyResult<Value> {
    if let Value::Obj(o) = v {
        if !o.type_data().builtin {
            if let Some(m) = special(v, "__iter__") {
                let it = call_special(vm, &m, v, &[])?;
                if special(&it, "__next__").is_none()
                    && !matches!(&it, Value::Obj(io) if matches!(io.payload, Payload::Iter(_)) || crate::generator::is_plain_generator(io))
                {
                    return Err(vm.type_error(format!(
                        "iter() returned non-iterator of type '{}'",
                        vm.type_name(&it)
                    )));
                }
                return Ok(it);
            }
        }
        if let Some(state) = iterators::native_iter_state(vm, o, v)? {
            return Ok(iterators::new_iter(state));
        }
        if matches!(o.payload, Payload::Iter(_)) || crate::generator::is_plain_generator(o) {
            return Ok(v.clone());
        }
        if special(v, "__getitem__").is_some() {
            return Ok(iterators::new_iter(IterState::SeqGetItem {
                seq: v.clone(),
                index: 0,
            }));
        }
        if let Payload::Native(_) = &o.payload {
            if let Some(m) = o
                .type_data()
                .lookup(&crate::strobj::intern_static("__iter__"))
            {
                return vm.call(&m, std::slice::from_ref(v));
            }
        }
    }
    Err(vm.type_error(format!("'{}' object is not iterable", vm.type_name(v))))
}

/// `next(it)`: Some(item), or None when exhausted.
pub fn next(vm: &Vm, it: &Value) -> PyResult<Option<Value>> {
    if let Value::Obj(o) = it {
        match &o.payload {
            Payload::Iter(state) if o.type_data().builtin || special(it, "__next__").is_none() => {
                return iterators::iter_next(vm, state);
            }
            Payload::Generator(g) if g.kind == crate::generator::GenKind::Generator => {
                return crate::builtins::generator::gen_next(vm, o)
            }
            _ => {}
        }
        let native_next = match &o.payload {
            Payload::Native(_) => o
                .type_data()
                .lookup(&crate::strobj::intern_static("__next__")),
            _ => None,
        };
        if let Some(m) = special(it, "__next__").or(native_next) {
            return match call_special(vm, &m, it, &[]) {
                Ok(v) => Ok(Some(v)),
                Err(e) if vm.err_matches(&e, types().exc.stop_iteration) => Ok(None),
                Err(e) => Err(e),
            };
        }
    }
    Err(vm.type_error(format!("'{}' object is not an iterator", vm.type_name(it))))
}

/// All items of an iterable.
pub fn collect_iter(vm: &Vm, v: &Value) -> PyResult<Vec<Value>> {
    if let Value::Obj(o) = v {
        if o.type_data().builtin {
            match &o.payload {
                Payload::List(l) => return Ok(l.lock().clone()),
                Payload::Tuple(t) => return Ok(t.to_vec()),
                _ => {}
            }
        }
    }
    let it = get_iter(vm, v)?;
    let mut out = Vec::new();
    while let Some(x) = next(vm, &it)? {
        out.push(x);
    }
    Ok(out)
}

/// UNPACK_SEQUENCE: exactly `n` items.
pub fn unpack(vm: &Vm, v: &Value, n: usize) -> PyResult<Vec<Value>> {
    if let Value::Obj(o) = v {
        if is_exact(v, types().tuple) || is_exact(v, types().list) {
            let items = match &o.payload {
                Payload::Tuple(t) => t.to_vec(),
                Payload::List(l) => l.lock().clone(),
                _ => Vec::new(),
            };
            return check_unpack(vm, items, n);
        }
    }
    let it = get_iter(vm, v).map_err(|_| {
        vm.type_error(format!(
            "cannot unpack non-iterable {} object",
            vm.type_name(v)
        ))
    })?;
    let mut out = Vec::with_capacity(n);
    while let Some(x) = next(vm, &it)? {
        out.push(x);
        if out.len() > n {
            return Err(vm.value_error(format!("too many values to unpack (expected {n})")));
        }
    }
    check_unpack(vm, out, n)
}

fn check_unpack(vm: &Vm, items: Vec<Value>, n: usize) -> PyResult<Vec<Value>> {
    if items.len() == n {
        Ok(items)
    } else if items.len() > n {
        Err(vm.value_error(format!("too many values to unpack (expected {n})")))
    } else {
        Err(vm.value_error(format!(
            "not enough values to unpack (expected {}, got {})",
            n,
            items.len()
        )))
    }
}

// ----- formatting ---------------------------------------------------------

/// `format(v, spec)`
pub fn format(vm: &Vm, v: &Value, spec: &str) -> PyResult<String> {
    if let Some(m) = special(v, "__format__") {
        let r = call_special(vm, &m, v, &[new_str(spec)])?;
        return match r.as_obj().and_then(|o| o.as_str()) {
            Some(s) => Ok(s.to_string()),
            None => Err(vm.type_error("__format__ must return a str")),
        };
    }
    crate::builtins::strmod::format_builtin(vm, v, spec)
}

// ----- exceptions ---------------------------------------------------------

/// The exception instance for `raise v` (instantiating a class).
pub fn make_exception(vm: &Vm, v: Value) -> PyResult<PyErr> {
    if let Value::Obj(o) = &v {
        if let Payload::Type(_) = &o.payload {
            if crate::typeobj::is_subtype(o, types().exc.base_exception) {
                let inst = vm.call(&v, &[])?;
                return match inst {
                    Value::Obj(i)
                        if crate::typeobj::is_subtype(i.class(), types().exc.base_exception) =>
                    {
                        Ok(PyErr(i))
                    }
                    other => Err(vm.type_error(format!(
                        "calling {} should have returned an instance of BaseException, not {}",
                        vm.repr_of(&v)?,
                        vm.type_name(&other)
                    ))),
                };
            }
        } else if crate::typeobj::is_subtype(o.class(), types().exc.base_exception) {
            return Ok(PyErr(o.clone()));
        }
    }
    Err(vm.type_error("exceptions must derive from BaseException"))
}

/// `except typ:` matching.
pub fn exception_matches(vm: &Vm, exc: &Value, typ: &Value) -> PyResult<bool> {
    let cls = class_of(exc);
    let check = |t: &Value| -> PyResult<bool> {
        match t {
            Value::Obj(o)
                if matches!(o.payload, Payload::Type(_))
                    && crate::typeobj::is_subtype(o, types().exc.base_exception) =>
            {
                Ok(crate::typeobj::is_subtype(cls, o))
            }
            _ => Err(vm.type_error(
                "catching classes that do not inherit from BaseException is not allowed",
            )),
        }
    };
    if let Some(items) = crate::builtins::tuple::tuple_items(typ) {
        for t in &items {
            if check(t)? {
                return Ok(true);
            }
        }
        return Ok(false);
    }
    check(typ)
}

/// The int value of an index-like value (int, bool, `__index__`).
pub fn index_of(vm: &Vm, v: &Value) -> PyResult<BigInt> {
    if let Some(b) = int::as_int_like(v) {
        return Ok(b);
    }
    if let Some(m) = special(v, "__index__") {
        let r = call_special(vm, &m, v, &[])?;
        if let Some(b) = int::as_int_like(&r) {
            return Ok(b);
        }
    }
    Err(vm.type_error(format!(
        "'{}' object cannot be interpreted as an integer",
        vm.type_name(v)
    )))
}

/// An index as i64 (OverflowError-free clamp for huge values).
pub fn index_i64(vm: &Vm, v: &Value) -> PyResult<i64> {
    match v {
        Value::Int(i) => Ok(*i),
        Value::Bool(b) => Ok(*b as i64),
        _ => {
            let b = index_of(vm, v)?;
            Ok(b.to_i64()
                .unwrap_or(if b.sign() == num_bigint::Sign::Minus {
                    i64::MIN
                } else {
                    i64::MAX
                }))
        }
    }
}
