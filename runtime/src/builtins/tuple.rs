//! `tuple` construction and access helpers.

use crate::builtins::types::types;
use crate::object::{Object, Payload};
use crate::value::{ObjRef, Value};

/// A new tuple value.
pub fn new_tuple(items: Vec<Value>) -> Value {
    Value::Obj(ObjRef::new(Object::new(
        types().tuple,
        Payload::Tuple(items.into_boxed_slice()),
    )))
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
