//! `list` and `tuple` methods, and the sort shared by `list.sort` and
//! `sorted`: keys that compare natively (ints, floats, exact strs, tuples
//! of those) are ordered by a permutation sort with no user code; all
//! others go through the stable fallible merge sort.

use crate::builtins::args::{arg_count, Args};
use crate::builtins::types::types;
use crate::builtins::{add_method, BuiltinRegistry};
use crate::function::CallArgs;
use crate::listobj::ListObj;
use crate::object::{Object, Payload};
use crate::ops;
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

/// A new list value.
pub fn new_list(items: Vec<Value>) -> Value {
    Value::Obj(ObjRef::new(Object::new(
        types().list,
        Payload::List(ListObj::new(items)),
    )))
}

/// The list payload of a value.
pub fn list_of(v: &Value) -> Option<&ListObj> {
    match v {
        Value::Obj(o) => match &o.payload {
            Payload::List(l) => Some(l),
            _ => None,
        },
        _ => None,
    }
}

/// A snapshot of a list's items (empty for non-lists).
pub fn list_items(v: &Value) -> Vec<Value> {
    list_of(v).map(|l| l.lock().clone()).unwrap_or_default()
}

/// `list.append(v)`
pub fn list_append(vm: &Vm, l: &Value, v: Value) -> PyResult<()> {
    match list_of(l) {
        Some(m) => {
            m.push(v);
            Ok(())
        }
        None => Err(vm.type_error("descriptor 'append' requires a 'list' object")),
    }
}

/// Appends many items at once.
pub fn list_extend_vec(l: &Value, items: Vec<Value>) {
    if let Some(m) = list_of(l) {
        m.lock().extend(items);
    }
}

/// Stable merge sort with a fallible less-than.
pub fn merge_sort<T: Clone>(
    items: &mut [T],
    less: &mut dyn FnMut(&T, &T) -> PyResult<bool>,
) -> PyResult<()> {
    let n = items.len();
    if n < 2 {
        return Ok(());
    }
    // Insertion sort for small runs, then bottom-up merges.
    const RUN: usize = 16;
    let mut start = 0;
    while start < n {
        let end = (start + RUN).min(n);
        for i in start + 1..end {
            let mut j = i;
            while j > start && less(&items[j], &items[j - 1])? {
                items.swap(j, j - 1);
                j -= 1;
            }
        }
        start = end;
    }
    let mut width = RUN;
    let mut buf: Vec<T> = Vec::with_capacity(n);
    while width < n {
        let mut lo = 0;
        while lo < n {
            let mid = (lo + width).min(n);
            let hi = (lo + 2 * width).min(n);
            if mid < hi {
                buf.clear();
                let (mut i, mut j) = (lo, mid);
                while i < mid && j < hi {
                    if less(&items[j], &items[i])? {
                        buf.push(items[j].clone());
                        j += 1;
                    } else {
                        buf.push(items[i].clone());
                        i += 1;
                    }
                }
                buf.extend_from_slice(&items[i..mid]);
                buf.extend_from_slice(&items[j..hi]);
                items[lo..hi].clone_from_slice(&buf);
            }
            lo = hi;
        }
        width *= 2;
    }
    Ok(())
}

/// Sorts values in place by `key` (or themselves), optionally reversed,
/// keeping equal elements in their original order.
pub fn sort_values(vm: &Vm, items: &mut Vec<Value>, key: &Value, reverse: bool) -> PyResult<()> {
    if key.is_none() || key.is_null() {
        if reverse {
            items.reverse();
        }
        if !sort_natively(items, |v| v) {
            merge_sort(items, &mut |a, b| ops::less_than(vm, a, b))?;
        }
        if reverse {
            items.reverse();
        }
        return Ok(());
    }
    let mut pairs: Vec<(Value, Value)> = Vec::with_capacity(items.len());
    for v in items.iter() {
        pairs.push((vm.call(key, std::slice::from_ref(v))?, v.clone()));
    }
    if reverse {
        pairs.reverse();
    }
    if !sort_natively(&mut pairs, |p| &p.0) {
        merge_sort(&mut pairs, &mut |a, b| ops::less_than(vm, &a.0, &b.0))?;
    }
    if reverse {
        pairs.reverse();
    }
    *items = pairs.into_iter().map(|p| p.1).collect();
    Ok(())
}

/// Python's order of two sort keys when deciding it runs no user code and
/// cannot fail: ints, floats other than NaN, exact strs (code point order,
/// which is UTF-8 byte order) and exact tuples of those, compared item by
/// item as tuples compare. `None` for any other pair. On the values where
/// it answers it is a total order, so any stable sort by it gives exactly
/// the result of the general sort (CPython's pre-sort key check, in the
/// same spirit).
fn native_order(a: &Value, b: &Value) -> Option<std::cmp::Ordering> {
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => Some(x.cmp(y)),
        (Value::Float(x), Value::Float(y)) => x.partial_cmp(y),
        (Value::Obj(x), Value::Obj(y)) => {
            let t = types();
            let exact =
                |c: &'static Object| std::ptr::eq(x.class(), c) && std::ptr::eq(y.class(), c);
            match (&x.payload, &y.payload) {
                (Payload::Str(s), Payload::Str(u)) if exact(t.str) => {
                    Some(s.as_str().cmp(u.as_str()))
                }
                (Payload::Tuple(s), Payload::Tuple(u)) if exact(t.tuple) => {
                    for (p, q) in s.iter().zip(u.iter()) {
                        match native_order(p, q)? {
                            std::cmp::Ordering::Equal => {}
                            unequal => return Some(unequal),
                        }
                    }
                    Some(s.len().cmp(&u.len()))
                }
                _ => None,
            }
        }
        _ => None,
    }
}

/// Sorts `items` stably by `native_order` of their keys and returns true,
/// or returns false with `items` untouched when some pair of keys needs
/// the general comparison (which may run user code or raise).
fn sort_natively<T: Default>(items: &mut Vec<T>, key: impl Fn(&T) -> &Value) -> bool {
    if items.len() < 2 {
        return true;
    }
    let mut undecided = false;
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by(|&i, &j| {
        if undecided {
            return std::cmp::Ordering::Equal;
        }
        native_order(key(&items[i]), key(&items[j])).unwrap_or_else(|| {
            undecided = true;
            std::cmp::Ordering::Equal
        })
    });
    if undecided {
        return false;
    }
    let sorted: Vec<T> = order
        .iter()
        .map(|&i| std::mem::take(&mut items[i]))
        .collect();
    *items = sorted;
    true
}

fn this<'a>(vm: &Vm, args: &'a CallArgs) -> PyResult<&'a ListObj> {
    args.pos()
        .first()
        .and_then(list_of)
        .ok_or_else(|| vm.type_error("descriptor requires a 'list' object"))
}

fn norm_index(i: i64, len: usize) -> Option<usize> {
    let i = if i < 0 { i + len as i64 } else { i };
    if i >= 0 && (i as usize) < len {
        Some(i as usize)
    } else {
        None
    }
}

fn append(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "append", &args, 2, 2)?;
    this(vm, &args)?.lock().push(args.pos()[1].clone());
    Ok(Value::None)
}

fn extend(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "extend", &args, 2, 2)?;
    let items = ops::collect_iter(vm, &args.pos()[1])?;
    this(vm, &args)?.lock().extend(items);
    Ok(Value::None)
}

fn insert(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "insert", &args, 3, 3)?;
    let i = ops::index_i64(vm, &args.pos()[1])?;
    let mut l = this(vm, &args)?.lock();
    let len = l.len() as i64;
    let i = if i < 0 { (i + len).max(0) } else { i.min(len) };
    l.insert(i as usize, args.pos()[2].clone());
    Ok(Value::None)
}

fn pop(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "pop", &args, 1, 2)?;
    let i = match args.pos().get(1) {
        Some(v) => ops::index_i64(vm, v)?,
        None => -1,
    };
    let mut l = this(vm, &args)?.lock();
    if l.is_empty() {
        return Err(vm.index_error("pop from empty list"));
    }
    match norm_index(i, l.len()) {
        // The last item (the usual `pop()`): no shift of the rest.
        Some(ix) if ix + 1 == l.len() => Ok(l.pop().unwrap_or(Value::None)),
        Some(ix) => Ok(l.remove(ix)),
        None => Err(vm.index_error("pop index out of range")),
    }
}

fn remove(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "remove", &args, 2, 2)?;
    let target = &args.pos()[1];
    let items = this(vm, &args)?.lock().clone();
    for (i, x) in items.iter().enumerate() {
        if x.is(target) || vm.eq_bool(x, target)? {
            let mut l = this(vm, &args)?.lock();
            if i < l.len() && l[i].is(x) {
                l.remove(i);
            }
            return Ok(Value::None);
        }
    }
    Err(vm.value_error("list.remove(x): x not in list"))
}

fn index(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "index", &args, 2, 4)?;
    let target = &args.pos()[1];
    let items = this(vm, &args)?.lock().clone();
    let len = items.len() as i64;
    let clamp = |v: i64| if v < 0 { (v + len).max(0) } else { v.min(len) };
    let start = match args.pos().get(2) {
        Some(v) => clamp(ops::index_i64(vm, v)?),
        None => 0,
    } as usize;
    let stop = match args.pos().get(3) {
        Some(v) => clamp(ops::index_i64(vm, v)?),
        None => len,
    } as usize;
    for (i, x) in items.iter().enumerate().take(stop).skip(start) {
        if x.is(target) || vm.eq_bool(x, target)? {
            return Ok(Value::Int(i as i64));
        }
    }
    Err(vm.value_error(format!("{} is not in list", vm.repr_of(target)?)))
}

fn count(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "count", &args, 2, 2)?;
    let target = &args.pos()[1];
    let items = this(vm, &args)?.lock().clone();
    let mut n = 0;
    for x in &items {
        if x.is(target) || vm.eq_bool(x, target)? {
            n += 1;
        }
    }
    Ok(Value::Int(n))
}

fn sort(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let a = Args::parse(vm, "sort", args, &["self"], &["key", "reverse"], 1)?;
    let l = a
        .get(0)
        .and_then(list_of)
        .ok_or_else(|| vm.type_error("sort requires a list"))?;
    let key = a.get_or(1, Value::None);
    let reverse = ops::truthy(vm, &a.get_or(2, Value::Bool(false)))?;
    let mut items = std::mem::take(&mut *l.lock());
    let r = sort_values(vm, &mut items, &key, reverse);
    let mut g = l.lock();
    let modified = !g.is_empty();
    *g = items;
    drop(g);
    r?;
    if modified {
        return Err(vm.value_error("list modified during sort"));
    }
    Ok(Value::None)
}

fn reverse(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "reverse", &args, 1, 1)?;
    this(vm, &args)?.lock().reverse();
    Ok(Value::None)
}

fn copy(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "copy", &args, 1, 1)?;
    Ok(new_list(this(vm, &args)?.lock().clone()))
}

fn clear(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "clear", &args, 1, 1)?;
    let old = std::mem::take(&mut *this(vm, &args)?.lock());
    drop(old);
    Ok(Value::None)
}

fn list_init(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "list", &args, 1, 2)?;
    let items = match args.pos().get(1) {
        Some(it) => ops::collect_iter(vm, it)?,
        None => Vec::new(),
    };
    *this(vm, &args)?.lock() = items;
    Ok(Value::None)
}

fn tuple_index(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "index", &args, 2, 2)?;
    let items = crate::builtins::tuple::tuple_items(&args.pos()[0]).unwrap_or_default();
    let target = &args.pos()[1];
    for (i, x) in items.iter().enumerate() {
        if x.is(target) || vm.eq_bool(x, target)? {
            return Ok(Value::Int(i as i64));
        }
    }
    Err(vm.value_error("tuple.index(x): x not in tuple"))
}

fn tuple_count(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "count", &args, 2, 2)?;
    let items = crate::builtins::tuple::tuple_items(&args.pos()[0]).unwrap_or_default();
    let target = &args.pos()[1];
    let mut n = 0;
    for x in &items {
        if x.is(target) || vm.eq_bool(x, target)? {
            n += 1;
        }
    }
    Ok(Value::Int(n))
}

/// Registers list and tuple methods.
pub fn register(_r: &mut BuiltinRegistry) {
    let l = types().list;
    add_method(l, "append", append);
    add_method(l, "extend", extend);
    add_method(l, "insert", insert);
    add_method(l, "pop", pop);
    add_method(l, "remove", remove);
    add_method(l, "index", index);
    add_method(l, "count", count);
    add_method(l, "sort", sort);
    add_method(l, "reverse", reverse);
    add_method(l, "copy", copy);
    add_method(l, "clear", clear);
    add_method(l, "__init__", list_init);
    let t = types().tuple;
    add_method(t, "index", tuple_index);
    add_method(t, "count", tuple_count);
}
