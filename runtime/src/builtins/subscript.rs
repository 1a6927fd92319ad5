//! Subscription of built-in containers: indexing and slicing (with steps,
//! slice assignment and deletion) of list, tuple, str, bytes and range, and
//! dict lookup with `__missing__`.

use crate::builtins::list::new_list;
use crate::builtins::tuple::new_tuple;
use crate::builtins::types::types;
use crate::object::Payload;
use crate::ops;
use crate::strobj::new_str;
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

/// Resolved slice bounds for a sequence of `len` items.
pub struct SliceIdx {
    /// start
    pub start: i64,
    /// stop
    pub stop: i64,
    /// step
    pub step: i64,
    /// number of selected items
    pub len: usize,
}

impl SliceIdx {
    /// The selected indices.
    pub fn indices(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.len).map(move |k| (self.start + k as i64 * self.step) as usize)
    }
}

/// CPython's `PySlice_GetIndicesEx` for `slice(a, b, c)` over `len`.
pub fn slice_indices(vm: &Vm, a: &Value, b: &Value, c: &Value, len: usize) -> PyResult<SliceIdx> {
    let len = len as i64;
    let step = if c.is_none() {
        1
    } else {
        ops::index_i64(vm, c)?
    };
    if step == 0 {
        return Err(vm.value_error("slice step cannot be zero"));
    }
    let (lower, upper) = if step < 0 { (-1, len - 1) } else { (0, len) };
    let conv = |v: &Value, default: i64| -> PyResult<i64> {
        if v.is_none() {
            return Ok(default);
        }
        let i = ops::index_i64(vm, v)?;
        Ok(if i < 0 {
            (i + len).max(lower)
        } else {
            i.min(upper)
        })
    };
    let start = conv(a, if step < 0 { upper } else { lower })?;
    let stop = conv(b, if step < 0 { lower } else { upper })?;
    let n = if step > 0 {
        if stop > start {
            (stop - start - 1) / step + 1
        } else {
            0
        }
    } else if start > stop {
        (start - stop - 1) / (-step) + 1
    } else {
        0
    };
    Ok(SliceIdx {
        start,
        stop,
        step,
        len: n.max(0) as usize,
    })
}

fn norm(vm: &Vm, key: &Value, len: usize, what: &str) -> PyResult<usize> {
    let i = match key {
        Value::Int(i) => *i,
        Value::Bool(b) => *b as i64,
        _ => {
            if !crate::builtins::int::is_int_like(key) && ops::special(key, "__index__").is_none() {
                return Err(vm.type_error(format!(
                    "{} indices must be integers or slices, not {}",
                    what,
                    vm.type_name(key)
                )));
            }
            ops::index_i64(vm, key)?
        }
    };
    let j = if i < 0 { i + len as i64 } else { i };
    if j < 0 || j >= len as i64 {
        return Err(vm.index_error(format!("{what} index out of range")));
    }
    Ok(j as usize)
}

fn as_slice(key: &Value) -> Option<(&Value, &Value, &Value)> {
    match key {
        Value::Obj(o) => match &o.payload {
            Payload::Slice(a, b, c) => Some((a, b, c)),
            _ => None,
        },
        _ => None,
    }
}

/// `o[key]` for built-in payloads.
pub fn native_get_item(vm: &Vm, o: &ObjRef, v: &Value, key: &Value) -> PyResult<Value> {
    match &o.payload {
        Payload::List(l) => {
            if let Some((a, b, c)) = as_slice(key) {
                let items = l.lock();
                let s = slice_indices(vm, a, b, c, items.len())?;
                return Ok(new_list(s.indices().map(|i| items[i].clone()).collect()));
            }
            if let Value::Int(i) = key {
                return l
                    .get(*i)
                    .ok_or_else(|| vm.index_error("list index out of range"));
            }
            let len = l.lock().len();
            let i = norm(vm, key, len, "list")?;
            l.lock()
                .get(i)
                .cloned()
                .ok_or_else(|| vm.index_error("list index out of range"))
        }
        Payload::Tuple(t) => {
            if let Some((a, b, c)) = as_slice(key) {
                let s = slice_indices(vm, a, b, c, t.len())?;
                return Ok(new_tuple(s.indices().map(|i| t[i].clone()).collect()));
            }
            let i = norm(vm, key, t.len(), "tuple")?;
            Ok(t[i].clone())
        }
        Payload::Str(s) => {
            if let Some((a, b, c)) = as_slice(key) {
                let sl = slice_indices(vm, a, b, c, s.char_len())?;
                if sl.step == 1 {
                    return Ok(new_str(
                        s.slice_chars(sl.start as usize, sl.start as usize + sl.len),
                    ));
                }
                let chars: Vec<char> = s.as_str().chars().collect();
                return Ok(new_str(sl.indices().map(|i| chars[i]).collect::<String>()));
            }
            let i = norm(vm, key, s.char_len(), "string")?;
            Ok(new_str(
                s.char_at(i).map(|c| c.to_string()).unwrap_or_default(),
            ))
        }
        Payload::Bytes(bs) => crate::builtins::bytes::bytes_getitem(vm, bs, key),
        Payload::ByteArray(b) => crate::builtins::bytearray::getitem(vm, b, key),
        Payload::BigRange(r) => crate::bigrange::getitem(vm, r, key),
        Payload::Range(r) => {
            if as_slice(key).is_some() {
                // Slices keep CPython's (unnormalised) bounds.
                let big = crate::bigrange::parts(o).unwrap_or_else(|| unreachable!());
                return crate::bigrange::getitem(vm, &big, key);
            }
            let i = norm(vm, key, r.len() as usize, "range object")?;
            Ok(Value::Int(r.get(i as i64)))
        }
        Payload::Dict(d) => {
            if let Some(val) = d.get(vm, key)? {
                return Ok(val);
            }
            if !std::ptr::eq(o.class(), types().dict) {
                if let Some(m) = o
                    .type_data()
                    .lookup(&crate::strobj::intern_static("__missing__"))
                {
                    return vm.call(&m, &[v.clone(), key.clone()]);
                }
            }
            Err(vm.key_error(key.clone()))
        }
        Payload::Native(_) => {
            match crate::ops::call_native_method(vm, o, v, "__getitem__", std::slice::from_ref(key))
            {
                Some(r) => r,
                None => {
                    Err(vm.type_error(format!("'{}' object is not subscriptable", o.type_name())))
                }
            }
        }
        _ => Err(vm.type_error(format!("'{}' object is not subscriptable", o.type_name()))),
    }
}

/// `o[key] = value` for built-in payloads.
pub fn native_set_item(vm: &Vm, o: &ObjRef, key: Value, value: Value) -> PyResult<()> {
    match &o.payload {
        Payload::List(l) => {
            if let Some((a, b, c)) = as_slice(&key) {
                let items = ops::collect_iter(vm, &value)?;
                let mut g = l.lock();
                let s = slice_indices(vm, a, b, c, g.len())?;
                if s.step == 1 {
                    let start = s.start as usize;
                    let end = start + s.len;
                    g.splice(start..end, items);
                    return Ok(());
                }
                if items.len() != s.len {
                    return Err(vm.value_error(format!(
                        "attempt to assign sequence of size {} to extended slice of size {}",
                        items.len(),
                        s.len
                    )));
                }
                for (idx, v) in s.indices().collect::<Vec<_>>().into_iter().zip(items) {
                    g[idx] = v;
                }
                return Ok(());
            }
            let mut g = l.lock();
            let len = g.len();
            let i = match &key {
                Value::Int(i) => {
                    let j = if *i < 0 { *i + len as i64 } else { *i };
                    if j < 0 || j >= len as i64 {
                        return Err(vm.index_error("list assignment index out of range"));
                    }
                    j as usize
                }
                _ => {
                    drop(g);
                    let i = norm(vm, &key, len, "list").map_err(|e| {
                        if vm.err_matches(&e, types().exc.index_error) {
                            vm.index_error("list assignment index out of range")
                        } else {
                            e
                        }
                    })?;
                    g = l.lock();
                    if i >= g.len() {
                        return Err(vm.index_error("list assignment index out of range"));
                    }
                    i
                }
            };
            let old = std::mem::replace(&mut g[i], value);
            drop(g);
            drop(old);
            Ok(())
        }
        Payload::Dict(d) => d.set(vm, key, value),
        Payload::ByteArray(b) => crate::builtins::bytearray::setitem(vm, b, &key, &value),
        Payload::Native(_)
            if o.type_data()
                .lookup(&crate::strobj::intern_static("__setitem__"))
                .is_some() =>
        {
            let v = Value::Obj(o.clone());
            crate::ops::call_native_method(vm, o, &v, "__setitem__", &[key, value])
                .unwrap_or(Ok(Value::None))
                .map(drop)
        }
        _ => Err(vm.type_error(format!(
            "'{}' object does not support item assignment",
            o.type_name()
        ))),
    }
}

/// `del o[key]` for built-in payloads.
pub fn native_del_item(vm: &Vm, o: &ObjRef, key: &Value) -> PyResult<()> {
    match &o.payload {
        Payload::List(l) => {
            if let Some((a, b, c)) = as_slice(key) {
                let mut g = l.lock();
                let s = slice_indices(vm, a, b, c, g.len())?;
                let mut idx: Vec<usize> = s.indices().collect();
                idx.sort_unstable();
                for i in idx.into_iter().rev() {
                    g.remove(i);
                }
                return Ok(());
            }
            let len = l.lock().len();
            let i = norm(vm, key, len, "list").map_err(|e| {
                if vm.err_matches(&e, types().exc.index_error) {
                    vm.index_error("list assignment index out of range")
                } else {
                    e
                }
            })?;
            let mut g = l.lock();
            if i < g.len() {
                g.remove(i);
            }
            Ok(())
        }
        Payload::Dict(d) => match d.remove(vm, key)? {
            Some(_) => Ok(()),
            None => Err(vm.key_error(key.clone())),
        },
        Payload::ByteArray(b) => crate::builtins::bytearray::delitem(vm, b, key),
        Payload::Native(_)
            if o.type_data()
                .lookup(&crate::strobj::intern_static("__delitem__"))
                .is_some() =>
        {
            let v = Value::Obj(o.clone());
            crate::ops::call_native_method(vm, o, &v, "__delitem__", std::slice::from_ref(key))
                .unwrap_or(Ok(Value::None))
                .map(drop)
        }
        _ => Err(vm.type_error(format!(
            "'{}' object doesn't support item deletion",
            o.type_name()
        ))),
    }
}
