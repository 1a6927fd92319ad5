//! Native iterators and dict views: list/tuple/range/str/bytes/dict/set
//! iteration, the `__getitem__` sequence protocol, `iter(f, sentinel)`,
//! and the lazy `enumerate`/`zip`/`map`/`filter`/`reversed` objects. Each
//! iterator's state sits behind its own lock, released before any Python
//! code runs.

use crate::builtins::tuple::{new_tuple, new_tuple_ref, pair_reusing, reusable_items};
use crate::builtins::types::types;
use crate::object::{Object, Payload};
use crate::objlock::ObjMutex as Mutex;
use crate::ops;
use crate::strobj::new_str;
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

/// Which part of a dict a view or iterator yields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewKind {
    /// keys
    Keys,
    /// values
    Values,
    /// (key, value) tuples
    Items,
}

/// The state of a native iterator (or a dict view).
pub enum IterState {
    /// list iterator
    List { list: Value, index: usize },
    /// tuple iterator
    Tuple { tuple: Value, index: usize },
    /// range iterator
    Range { cur: i128, stop: i128, step: i128 },
    /// iterator over a range with big-int bounds
    BigRange {
        next: num_bigint::BigInt,
        step: num_bigint::BigInt,
        remaining: num_bigint::BigInt,
    },
    /// str iterator (byte position)
    Str { s: Value, pos: usize },
    /// bytes iterator
    Bytes { b: Value, index: usize },
    /// dict iterator
    Dict {
        dict: Value,
        pos: usize,
        kind: ViewKind,
        len: usize,
        /// The last `items()` result (see `Enumerate`).
        last: Option<ObjRef>,
    },
    /// dict view (iterable, not an iterator)
    DictView { dict: Value, kind: ViewKind },
    /// set iterator over a snapshot
    Set {
        set: Value,
        items: Vec<Value>,
        index: usize,
        len: usize,
    },
    /// `__getitem__` protocol
    SeqGetItem { seq: Value, index: i64 },
    /// `iter(callable, sentinel)`
    Callable {
        func: Value,
        sentinel: Value,
        done: bool,
    },
    /// `enumerate`
    Enumerate {
        it: Value,
        count: Value,
        /// The last result, refilled when it comes back unshared
        /// (`tuple::reusable_items`).
        last: Option<ObjRef>,
    },
    /// `zip`
    Zip {
        /// Shared with each step, which holds no lock while it advances
        /// them (they may run Python code): a count, not a copy.
        iters: std::sync::Arc<[Value]>,
        strict: bool,
        done: bool,
        /// The last result (see `Enumerate`).
        last: Option<ObjRef>,
    },
    /// `map`
    Map {
        func: Value,
        /// Shared with each step (see `Zip`).
        iters: std::sync::Arc<[Value]>,
    },
    /// `filter`
    Filter { func: Value, it: Value },
    /// `reversed` over a sequence
    Reversed { seq: Value, index: i64 },
    /// exhausted
    Done,
}

/// The payload type of iterators.
pub type IterObj = Mutex<IterState>;

fn state_type_name(state: &IterState) -> &'static str {
    match state {
        IterState::List { .. } => "list_iterator",
        IterState::Tuple { .. } => "tuple_iterator",
        IterState::Range { .. } => "range_iterator",
        IterState::BigRange { .. } => "longrange_iterator",
        IterState::Str { s, .. } => {
            if s.as_obj()
                .and_then(|o| o.as_str())
                .map(|t| t.is_ascii())
                .unwrap_or(true)
            {
                "str_ascii_iterator"
            } else {
                "str_iterator"
            }
        }
        IterState::Bytes { .. } => "bytes_iterator",
        IterState::Dict {
            kind: ViewKind::Keys,
            ..
        } => "dict_keyiterator",
        IterState::Dict {
            kind: ViewKind::Values,
            ..
        } => "dict_valueiterator",
        IterState::Dict {
            kind: ViewKind::Items,
            ..
        } => "dict_itemiterator",
        IterState::DictView {
            kind: ViewKind::Keys,
            ..
        } => "dict_keys",
        IterState::DictView {
            kind: ViewKind::Values,
            ..
        } => "dict_values",
        IterState::DictView {
            kind: ViewKind::Items,
            ..
        } => "dict_items",
        IterState::Set { .. } => "set_iterator",
        IterState::SeqGetItem { .. } => "iterator",
        IterState::Callable { .. } => "callable_iterator",
        IterState::Enumerate { .. } => "enumerate",
        IterState::Zip { .. } => "zip",
        IterState::Map { .. } => "map",
        IterState::Filter { .. } => "filter",
        IterState::Reversed { seq, .. } if crate::builtins::types::is_exact(seq, types().list) => {
            "list_reverseiterator"
        }
        IterState::Reversed { .. } => "reversed",
        IterState::Done => "iterator",
    }
}

const ITER_TYPE_NAMES: &[&str] = &[
    "list_iterator",
    "tuple_iterator",
    "range_iterator",
    "longrange_iterator",
    "str_ascii_iterator",
    "str_iterator",
    "bytes_iterator",
    "dict_keyiterator",
    "dict_valueiterator",
    "dict_itemiterator",
    "dict_keys",
    "dict_values",
    "dict_items",
    "set_iterator",
    "iterator",
    "callable_iterator",
    "enumerate",
    "zip",
    "map",
    "filter",
    "reversed",
    "list_reverseiterator",
];

fn iter_next_method(vm: &Vm, args: crate::function::CallArgs) -> PyResult<Value> {
    let it = args.pos().first().cloned().unwrap_or(Value::None);
    match ops::next(vm, &it)? {
        Some(v) => Ok(v),
        None => Err(vm.stop_iteration(None)),
    }
}

fn iter_iter_method(_vm: &Vm, args: crate::function::CallArgs) -> PyResult<Value> {
    Ok(args.pos().first().cloned().unwrap_or(Value::None))
}

/// The class of iterators of this kind (one class per kind, as in CPython).
pub fn iter_class(name: &str) -> &'static Object {
    use std::sync::OnceLock;
    static CLASSES: OnceLock<Vec<(&'static str, &'static Object)>> = OnceLock::new();
    let all = CLASSES.get_or_init(|| {
        ITER_TYPE_NAMES
            .iter()
            .map(|n| {
                let c = crate::modules::new_native_class(n, "builtins");
                if !n.starts_with("dict_keys")
                    && !n.starts_with("dict_values")
                    && !n.starts_with("dict_items")
                {
                    crate::builtins::add_method(c, "__next__", iter_next_method);
                }
                crate::builtins::add_method(c, "__iter__", iter_iter_method);
                (*n, c)
            })
            .collect()
    });
    all.iter()
        .find(|(n, _)| *n == name)
        .map(|(_, c)| *c)
        .unwrap_or(types().iterator)
}

/// A new iterator object.
pub fn new_iter(state: IterState) -> Value {
    let cls = iter_class(state_type_name(&state));
    Value::Obj(ObjRef::new(Object::new(
        cls,
        Payload::Iter(Box::new(Mutex::new(state))),
    )))
}

/// The type name of an iterator for reprs.
pub fn iter_type_name(it: &IterObj) -> &'static str {
    state_type_name(&it.lock())
}

/// `len()` of a dict view.
pub fn view_len(it: &IterObj) -> Option<usize> {
    match &*it.lock() {
        IterState::DictView { dict, .. } => {
            crate::builtins::dict::dict_payload(dict).map(|d| d.len())
        }
        _ => None,
    }
}

/// The repr of a dict view (`dict_keys(['a'])`), if `it` is one.
pub fn view_repr(vm: &Vm, it: &IterObj) -> PyResult<Option<String>> {
    let (dict, kind) = match &*it.lock() {
        IterState::DictView { dict, kind } => (dict.clone(), *kind),
        _ => return Ok(None),
    };
    let d = crate::builtins::dict::dict_payload(&dict).ok_or_else(|| vm.type_error("bad view"))?;
    let items: Vec<Value> = match kind {
        ViewKind::Keys => d.keys(),
        ViewKind::Values => d.values(),
        ViewKind::Items => d
            .items()
            .into_iter()
            .map(|(k, v)| new_tuple(vec![k, v]))
            .collect(),
    };
    let name = match kind {
        ViewKind::Keys => "dict_keys",
        ViewKind::Values => "dict_values",
        ViewKind::Items => "dict_items",
    };
    let l = crate::builtins::list::new_list(items);
    Ok(Some(format!("{}({})", name, vm.repr_of(&l)?)))
}

/// The native iterator state for iterating `o`, if it has one.
pub fn native_iter_state(_vm: &Vm, o: &ObjRef, v: &Value) -> PyResult<Option<IterState>> {
    Ok(Some(match &o.payload {
        Payload::List(_) => IterState::List {
            list: v.clone(),
            index: 0,
        },
        Payload::Tuple(_) => IterState::Tuple {
            tuple: v.clone(),
            index: 0,
        },
        Payload::Range(r) => IterState::Range {
            cur: r.start as i128,
            stop: r.stop as i128,
            step: r.step as i128,
        },
        Payload::BigRange(r) => IterState::BigRange {
            next: r.start.clone(),
            step: r.step.clone(),
            remaining: r.len.clone(),
        },
        Payload::Str(_) => IterState::Str {
            s: v.clone(),
            pos: 0,
        },
        Payload::Bytes(_) => IterState::Bytes {
            b: v.clone(),
            index: 0,
        },
        Payload::ByteArray(b) => IterState::Bytes {
            b: crate::builtins::bytes::new_bytes(b.snapshot()),
            index: 0,
        },
        Payload::Dict(d) => IterState::Dict {
            dict: v.clone(),
            pos: 0,
            kind: ViewKind::Keys,
            len: d.len(),
            last: None,
        },
        Payload::Set(s) => {
            let items = s.items();
            let len = items.len();
            IterState::Set {
                set: v.clone(),
                items,
                index: 0,
                len,
            }
        }
        Payload::Iter(it) => match &*it.lock() {
            IterState::DictView { dict, kind } => IterState::Dict {
                dict: dict.clone(),
                pos: 0,
                kind: *kind,
                len: crate::builtins::dict::dict_payload(dict)
                    .map(|d| d.len())
                    .unwrap_or(0),
                last: None,
            },
            _ => return Ok(None),
        },
        _ => return Ok(None),
    }))
}

/// Advances a list, tuple or range iterator (the kinds whose step runs no
/// Python code): Some(next item, or None at the end, after which the state
/// is `Done`); None for any other kind of iterator.
#[inline(always)]
pub(crate) fn next_native_seq(state: &mut IterState) -> Option<Option<Value>> {
    let item = match state {
        IterState::List { list, index } => {
            if let Value::Obj(o) = list {
                if let Payload::List(l) = &o.payload {
                    if let Some(v) = l.item_at(*index) {
                        *index += 1;
                        return Some(Some(v));
                    }
                }
            }
            None
        }
        IterState::Tuple { tuple, index } => {
            if let Some(items) = crate::builtins::tuple::tuple_slice(tuple) {
                if let Some(v) = items.get(*index) {
                    *index += 1;
                    return Some(Some(v.clone()));
                }
            }
            None
        }
        IterState::Range { cur, stop, step } => {
            if (*step > 0 && *cur < *stop) || (*step < 0 && *cur > *stop) {
                let v = *cur;
                *cur += *step;
                return Some(Some(Value::Int(v as i64)));
            }
            return Some(None);
        }
        IterState::BigRange {
            next,
            step,
            remaining,
        } => return Some(crate::bigrange::next(next, step, remaining)),
        _ => return None,
    };
    *state = IterState::Done;
    Some(item)
}

/// Advances a native iterator.
pub fn iter_next(vm: &Vm, it: &IterObj) -> PyResult<Option<Value>> {
    let mut g = it.lock();
    if let Some(item) = next_native_seq(&mut g) {
        return Ok(item);
    }
    match &mut *g {
        IterState::Str { s, pos } => {
            let text = s.as_obj().and_then(|o| o.as_str()).unwrap_or("");
            match text[*pos..].chars().next() {
                Some(c) => {
                    *pos += c.len_utf8();
                    Ok(Some(if c.is_ascii() {
                        crate::builtins::strmod::char_str(c)
                    } else {
                        new_str(c.to_string())
                    }))
                }
                None => Ok(None),
            }
        }
        IterState::Bytes { b, index } => {
            if let Some(Payload::Bytes(bs)) = b.as_obj().map(|o| &o.payload) {
                if let Some(x) = bs.get(*index) {
                    *index += 1;
                    return Ok(Some(Value::Int(*x as i64)));
                }
            }
            Ok(None)
        }
        IterState::Dict {
            dict,
            pos,
            kind,
            len,
            last,
        } => {
            let Some(d) = crate::builtins::dict::dict_payload(dict) else {
                return Ok(None);
            };
            if d.len() != *len {
                *len = usize::MAX;
                return Err(vm.runtime_error("dictionary changed size during iteration"));
            }
            match d.next_entry(*pos) {
                Some((next, k, v)) => {
                    *pos = next;
                    Ok(Some(match kind {
                        ViewKind::Keys => k,
                        ViewKind::Values => v,
                        ViewKind::Items => {
                            // Refilled in place when it came back unshared
                            // (no Python code runs here: freeing the old
                            // items runs no finalizer).
                            let t = pair_reusing(last.take(), k, v);
                            *last = Some(t.clone());
                            Value::Obj(t)
                        }
                    }))
                }
                None => Ok(None),
            }
        }
        IterState::Set {
            set,
            items,
            index,
            len,
        } => {
            if let Some(Payload::Set(s)) = set.as_obj().map(|o| &o.payload) {
                if s.len() != *len {
                    *len = usize::MAX;
                    return Err(vm.runtime_error("Set changed size during iteration"));
                }
            }
            if let Some(v) = items.get(*index) {
                *index += 1;
                return Ok(Some(v.clone()));
            }
            Ok(None)
        }
        IterState::DictView { .. } => Err(vm.type_error("dict view is not an iterator")),
        IterState::Done => Ok(None),
        _ => {
            drop(g);
            iter_next_python(vm, it)
        }
    }
}

/// Iterators whose step runs Python code: the lock is not held across calls.
fn iter_next_python(vm: &Vm, it: &IterObj) -> PyResult<Option<Value>> {
    enum Step {
        SeqGetItem(Value, i64),
        Callable(Value, Value),
        Enumerate(Value, Value, Option<ObjRef>),
        Zip(std::sync::Arc<[Value]>, bool, Option<ObjRef>),
        Map(Value, std::sync::Arc<[Value]>),
        Filter(Value, Value),
        Reversed(Value, i64),
        Stop,
    }
    let step = match &mut *it.lock() {
        IterState::SeqGetItem { seq, index } => Step::SeqGetItem(seq.clone(), *index),
        IterState::Callable {
            func,
            sentinel,
            done,
        } => {
            if *done {
                Step::Stop
            } else {
                Step::Callable(func.clone(), sentinel.clone())
            }
        }
        IterState::Enumerate { it, count, last } => {
            Step::Enumerate(it.clone(), count.clone(), last.take())
        }
        IterState::Zip {
            iters,
            strict,
            done,
            last,
        } => {
            if *done {
                Step::Stop
            } else {
                Step::Zip(iters.clone(), *strict, last.take())
            }
        }
        IterState::Map { func, iters } => Step::Map(func.clone(), iters.clone()),
        IterState::Filter { func, it } => Step::Filter(func.clone(), it.clone()),
        IterState::Reversed { seq, index } => Step::Reversed(seq.clone(), *index),
        _ => Step::Stop,
    };
    match step {
        Step::Stop => Ok(None),
        Step::SeqGetItem(seq, index) => match ops::get_item(vm, &seq, &Value::Int(index)) {
            Ok(v) => {
                if let IterState::SeqGetItem { index: i, .. } = &mut *it.lock() {
                    *i = index + 1;
                }
                Ok(Some(v))
            }
            Err(e)
                if vm.err_matches(&e, types().exc.index_error)
                    || vm.err_matches(&e, types().exc.stop_iteration) =>
            {
                *it.lock() = IterState::Done;
                Ok(None)
            }
            Err(e) => Err(e),
        },
        Step::Callable(func, sentinel) => {
            let Some(v) = stop_iteration_ends(vm, vm.call(&func, &[]).map(Some))? else {
                *it.lock() = IterState::Done;
                return Ok(None);
            };
            if vm.eq_bool(&v, &sentinel)? {
                *it.lock() = IterState::Done;
                return Ok(None);
            }
            Ok(Some(v))
        }
        Step::Enumerate(inner, count, last) => match ops::next(vm, &inner)? {
            Some(v) => {
                let next = match count {
                    Value::Int(i) if i < i64::MAX => Value::Int(i + 1),
                    _ => ops::binary_op(
                        vm,
                        &count,
                        &Value::Int(1),
                        weft_specializer::BinaryOperator::Add,
                    )?,
                };
                // Filled in place when the last result came back unshared.
                let result = pair_reusing(last, count, v);
                if let IterState::Enumerate {
                    count: c, last: l, ..
                } = &mut *it.lock()
                {
                    *c = next;
                    *l = Some(result.clone());
                }
                Ok(Some(Value::Obj(result)))
            }
            None => Ok(None),
        },
        Step::Zip(iters, strict, mut last) => {
            if iters.is_empty() {
                return Ok(None);
            }
            // Filled in place when the last result came back unshared.
            let mut items = last.as_mut().and_then(|t| reusable_items(t, iters.len()));
            let mut out = Vec::with_capacity(if items.is_some() { 0 } else { iters.len() });
            for (i, x) in iters.iter().enumerate() {
                match ops::next(vm, x)? {
                    Some(v) => match items.as_deref_mut() {
                        Some(items) => items[i] = v,
                        None => out.push(v),
                    },
                    None => {
                        if let IterState::Zip { done, .. } = &mut *it.lock() {
                            *done = true;
                        }
                        if strict {
                            if i > 0 {
                                return Err(vm.value_error(format!(
                                    "zip() argument {} is shorter than argument{} 1{}",
                                    i + 1,
                                    if i > 1 { "s" } else { "" },
                                    if i > 1 {
                                        format!("-{i}")
                                    } else {
                                        String::new()
                                    }
                                )));
                            }
                            for (j, y) in iters.iter().enumerate().skip(1) {
                                if ops::next(vm, y)?.is_some() {
                                    return Err(vm.value_error(format!(
                                        "zip() argument {} is longer than argument{} 1{}",
                                        j + 1,
                                        if j > 1 { "s" } else { "" },
                                        if j > 1 {
                                            format!("-{j}")
                                        } else {
                                            String::new()
                                        }
                                    )));
                                }
                            }
                        }
                        return Ok(None);
                    }
                }
            }
            let reused = items.is_some();
            let result = match last {
                Some(t) if reused => t,
                _ => new_tuple_ref(out),
            };
            if let IterState::Zip { last: l, .. } = &mut *it.lock() {
                *l = Some(result.clone());
            }
            Ok(Some(Value::Obj(result)))
        }
        Step::Map(func, iters) => {
            let mut args = Vec::with_capacity(iters.len());
            for x in iters.iter() {
                match ops::next(vm, x)? {
                    Some(v) => args.push(v),
                    None => return Ok(None),
                }
            }
            stop_iteration_ends(vm, vm.call(&func, &args).map(Some))
        }
        Step::Filter(func, inner) => stop_iteration_ends(vm, filter_step(vm, &func, &inner)),
        Step::Reversed(seq, index) => {
            if index < 0 {
                return Ok(None);
            }
            match ops::get_item(vm, &seq, &Value::Int(index)) {
                Ok(v) => {
                    if let IterState::Reversed { index: i, .. } = &mut *it.lock() {
                        *i = index - 1;
                    }
                    Ok(Some(v))
                }
                Err(e)
                    if vm.err_matches(&e, types().exc.index_error)
                        || vm.err_matches(&e, types().exc.stop_iteration) =>
                {
                    *it.lock() = IterState::Done;
                    Ok(None)
                }
                Err(e) => Err(e),
            }
        }
    }
}

/// One `filter` step: the next item of `inner` the predicate keeps.
fn filter_step(vm: &Vm, func: &Value, inner: &Value) -> PyResult<Option<Value>> {
    loop {
        match ops::next(vm, inner)? {
            Some(v) => {
                let keep = if func.is_none() {
                    ops::truthy(vm, &v)?
                } else {
                    let r = vm.call(func, std::slice::from_ref(&v))?;
                    ops::truthy(vm, &r)?
                };
                if keep {
                    return Ok(Some(v));
                }
            }
            None => return Ok(None),
        }
    }
}

/// A `StopIteration` raised by a callback a native iterator calls (the
/// function of `map`, the predicate of `filter`, the callable of
/// `iter(f, sentinel)`) ends the iteration, as the exhausted signal it
/// stands for in CPython's native iterators.
fn stop_iteration_ends(vm: &Vm, r: PyResult<Option<Value>>) -> PyResult<Option<Value>> {
    match r {
        Err(e) if vm.err_matches(&e, types().exc.stop_iteration) => Ok(None),
        r => r,
    }
}
