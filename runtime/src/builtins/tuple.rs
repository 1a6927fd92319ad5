//! `tuple` construction and access helpers.

use crate::builtins::types::types;
use crate::object::{Object, Payload};
use crate::value::{ObjRef, Value};

/// A new tuple value.
pub fn new_tuple(items: Vec<Value>) -> Value {
    Value::Obj(new_tuple_ref(items))
}

/// `new_tuple`, as the object reference.
pub fn new_tuple_ref(items: Vec<Value>) -> ObjRef {
    ObjRef::new(Object::new(
        types().tuple,
        Payload::Tuple(items.into_boxed_slice()),
    ))
}

/// The items of `prev`, for writing, when it is an exact tuple of `len`
/// items that nobody else references: an iterator that made it as its
/// last result and gets it back unused (its consumer unpacked and dropped
/// it) refills it rather than allocating another, as CPython's `zip`,
/// `enumerate` and `dict.items()` iterators do. Nobody can observe the
/// change: no other reference exists.
pub fn reusable_items(prev: &mut ObjRef, len: usize) -> Option<&mut [Value]> {
    if !std::ptr::eq(prev.class(), types().tuple) {
        return None;
    }
    match &mut prev.get_mut()?.payload {
        Payload::Tuple(items) if items.len() == len => Some(items),
        _ => None,
    }
}

/// The pair `(a, b)`: `last` refilled when `reusable_items` allows it,
/// else a new tuple.
pub fn pair_reusing(last: Option<ObjRef>, a: Value, b: Value) -> ObjRef {
    if let Some(mut t) = last {
        if let Some(items) = reusable_items(&mut t, 2) {
            items[0] = a;
            items[1] = b;
            return t;
        }
    }
    new_tuple_ref(vec![a, b])
}

/// The items of a tuple (or tuple subclass); None for other values.
pub fn tuple_items(v: &Value) -> Option<Vec<Value>> {
    match v {
        Value::Obj(o) => match &o.payload {
            Payload::Tuple(t) => Some(t.to_vec()),
            _ => None,
        },
        _ => None,
    }
}

/// The borrowed items of a tuple.
pub fn tuple_slice(v: &Value) -> Option<&[Value]> {
    match v {
        Value::Obj(o) => match &o.payload {
            Payload::Tuple(t) => Some(t),
            _ => None,
        },
        _ => None,
    }
}

/// Length of a tuple, 0 for non-tuples (e.g. `None` defaults).
pub fn tuple_len(v: &Value) -> usize {
    tuple_slice(v).map(|t| t.len()).unwrap_or(0)
}
