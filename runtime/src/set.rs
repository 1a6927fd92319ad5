//! `set` and `frozenset`: a CPython-layout table (`settable`) behind a
//! per-object lock, the set algebra with CPython's result layouts, and the
//! methods. Operations on two sets work on a snapshot of the other operand
//! so that no thread ever holds two set locks.

use crate::builtins::args::arg_count;
use crate::builtins::types::types;
use crate::builtins::{add_method, BuiltinRegistry};
use crate::function::CallArgs;
use crate::object::{Object, Payload};
use crate::objlock::{ObjMutex as Mutex, ObjMutexGuard};
use crate::ops::{self, native_eq};
use crate::settable::{ops as sops, DictOperand, NativeLookup, Other, Probe, ProbeStep, SetTable};
use crate::value::{ObjRef, Value};
use crate::vm::{PyErr, PyResult, Vm};
use weft_specializer::BinaryOperator;

/// The payload of set and frozenset objects.
pub struct SetObj {
    table: Mutex<SetTable<Value>>,
}

impl Default for SetObj {
    fn default() -> Self {
        SetObj::new()
    }
}

fn eq_fn(vm: &Vm) -> impl FnMut(&Value, &Value) -> Result<bool, PyErr> + '_ {
    move |a: &Value, b: &Value| {
        if a.is(b) {
            return Ok(true);
        }
        match native_eq(a, b) {
            Some(r) => Ok(r),
            None => vm.eq_bool(a, b),
        }
    }
}

impl SetObj {
    /// An empty set.
    pub fn new() -> SetObj {
        SetObj {
            table: Mutex::new(SetTable::new()),
        }
    }

    /// A set of `items` (inserted in order).
    pub fn from_values(vm: &Vm, items: Vec<Value>) -> PyResult<SetObj> {
        let mut t = SetTable::new();
        let mut eq = eq_fn(vm);
        for v in items {
            let h = vm.hash(&v)?;
            t.insert(v, h, &mut eq)?;
        }
        Ok(SetObj {
            table: Mutex::new(t),
        })
    }

    /// Number of items.
    pub fn len(&self) -> usize {
        self.table.lock().len()
    }

    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Items in table order.
    pub fn items(&self) -> Vec<Value> {
        self.table.lock().iter().cloned().collect()
    }

    /// A copy of the table.
    pub fn snapshot(&self) -> SetTable<Value> {
        self.table.lock().copy()
    }

    /// Membership.
    pub fn contains(&self, vm: &Vm, v: &Value) -> PyResult<bool> {
        let h = vm.hash(v)?;
        match self
            .table
            .lock()
            .lookup_native(h, |stored| is_key(stored, v))
        {
            NativeLookup::Found(_) => return Ok(true),
            NativeLookup::Absent { .. } => return Ok(false),
            NativeLookup::Undecided => {}
        }
        let (_table, found) = self.find(vm, v, h)?;
        Ok(matches!(found, Found::At(_)))
    }

    /// Adds an item.
    pub fn add(&self, vm: &Vm, v: Value) -> PyResult<bool> {
        let h = vm.hash(&v)?;
        {
            let mut table = self.table.lock();
            match table.lookup_native(h, |stored| is_key(stored, &v)) {
                NativeLookup::Found(_) => return Ok(false),
                NativeLookup::Absent { freeslot, end } => {
                    table.insert_absent(h, freeslot, end, v);
                    return Ok(true);
                }
                NativeLookup::Undecided => {}
            }
        }
        let mut v = v;
        loop {
            let (mut table, found) = self.find(vm, &v, h)?;
            match found {
                Found::At(_) => return Ok(false),
                Found::Absent(probe) => match table.insert_at_probe(&probe, v) {
                    Ok(()) => return Ok(true),
                    Err(back) => v = back,
                },
            }
        }
    }

    /// Removes an item equal to `v`; false when there is none.
    pub fn discard(&self, vm: &Vm, v: &Value) -> PyResult<bool> {
        let h = vm.hash(v)?;
        {
            let mut table = self.table.lock();
            match table.lookup_native(h, |stored| is_key(stored, v)) {
                NativeLookup::Found(i) => return Ok(table.remove_at(i).is_some()),
                NativeLookup::Absent { .. } => return Ok(false),
                NativeLookup::Undecided => {}
            }
        }
        let (mut table, found) = self.find(vm, v, h)?;
        Ok(match found {
            Found::At(i) => table.remove_at(i).is_some(),
            Found::Absent(_) => false,
        })
    }

    /// Looks `v` (hash `h`) up as CPython's `set_lookkey` does, with every
    /// user `__eq__` called while the table is unlocked (no Python code
    /// runs under a container lock, so `__eq__` may use the set): the
    /// probe is paused, the lock released, and if the comparison replaced
    /// the table or the key compared the lookup starts over. Returns the table, locked again,
    /// with where the lookup ended.
    fn find<'a>(
        &'a self,
        vm: &Vm,
        v: &Value,
        h: i64,
    ) -> PyResult<(ObjMutexGuard<'a, SetTable<Value>>, Found)> {
        let mut table = self.table.lock();
        let mut probe = table.probe(h);
        loop {
            let idx = match table.probe_next(&mut probe) {
                ProbeStep::Absent => return Ok((table, Found::Absent(probe))),
                ProbeStep::Candidate(idx) => idx,
            };
            let decided = match table.key_at(idx) {
                None => continue,
                Some(stored) if stored.is(v) => Ok(true),
                Some(stored) => native_eq(stored, v).ok_or_else(|| stored.clone()),
            };
            let same = match decided {
                Ok(same) => same,
                Err(stored) => {
                    drop(table);
                    let same = vm.eq_bool(&stored, v)?;
                    table = self.table.lock();
                    if !table.resume_probe(&mut probe, idx, |k| k.is(&stored)) {
                        probe = table.probe(h);
                        continue;
                    }
                    same
                }
            };
            if same {
                return Ok((table, Found::At(idx)));
            }
        }
    }
}

/// Whether the stored key `stored` is `v`, when no Python code decides it
/// (the test of `SetTable::lookup_native`): the same object, or equal by
/// `native_eq`.
#[inline(always)]
fn is_key(stored: &Value, v: &Value) -> Option<bool> {
    if stored.is(v) {
        Some(true)
    } else {
        native_eq(stored, v)
    }
}

/// Where `SetObj::find` ended: at the slot of an equal key, or with the
/// finished probe that says where the key would go.
enum Found {
    At(usize),
    Absent(Probe),
}

fn set_payload(v: &Value) -> Option<&SetObj> {
    match v {
        Value::Obj(o) => match &o.payload {
            Payload::Set(s) => Some(s),
            _ => None,
        },
        _ => None,
    }
}

fn is_frozen(v: &Value) -> bool {
    matches!(v, Value::Obj(o) if crate::typeobj::is_subtype(o.class(), types().frozenset))
}

fn wrap(table: SetTable<Value>, frozen: bool) -> Value {
    let cls = if frozen {
        types().frozenset
    } else {
        types().set
    };
    Value::Obj(ObjRef::new(Object::new(
        cls,
        Payload::Set(Box::new(SetObj {
            table: Mutex::new(table),
        })),
    )))
}

/// A new set (or frozenset) value.
pub fn new_set_from(vm: &Vm, items: Vec<Value>, frozen: bool) -> PyResult<Value> {
    let s = SetObj::from_values(vm, items)?;
    let cls = if frozen {
        types().frozenset
    } else {
        types().set
    };
    Ok(Value::Obj(ObjRef::new(Object::new(
        cls,
        Payload::Set(Box::new(s)),
    ))))
}

/// `s.add(v)`
pub fn set_add(vm: &Vm, s: &Value, v: Value) -> PyResult<()> {
    match set_payload(s) {
        Some(so) => so.add(vm, v).map(|_| ()),
        None => Err(vm.type_error("set.add requires a set")),
    }
}

/// Runs `f` with `other` classified as CPython would.
fn with_other<R>(
    vm: &Vm,
    me: Option<&SetObj>,
    other: &Value,
    f: &mut dyn FnMut(Other<'_, Value, PyErr>) -> PyResult<R>,
) -> PyResult<R> {
    if let Some(os) = set_payload(other) {
        if let Some(m) = me {
            if std::ptr::eq(m, os) {
                return f(Other::Itself);
            }
        }
        let snap = os.snapshot();
        return f(Other::Set(&snap));
    }
    if let Some(Payload::Dict(d)) = other.as_obj().map(|o| &o.payload) {
        if crate::builtins::types::is_exact(other, types().dict) {
            let entries = d.entries();
            let mut keys = entries.iter().map(|e| Ok((e.key.clone(), e.hash)));
            let mut contains =
                |k: &Value, h: i64| -> PyResult<bool> { Ok(d.get_hashed(vm, k, h)?.is_some()) };
            return f(Other::Dict(DictOperand {
                len: entries.len(),
                keys: &mut keys,
                contains: &mut contains,
            }));
        }
    }
    let items = ops::collect_iter(vm, other)?;
    let mut it = items.into_iter().map(|v| {
        let h = vm.hash(&v)?;
        Ok((v, h))
    });
    f(Other::Iter(&mut it))
}

/// Set comparisons (`<`, `<=`, `==`, `!=`, `>`, `>=`).
pub fn set_compare(vm: &Vm, a: &SetObj, b: &SetObj, op: u32) -> PyResult<bool> {
    let sa = a.snapshot();
    let sb = b.snapshot();
    let mut eq = eq_fn(vm);
    let sub = |x: &SetTable<Value>,
               y: &SetTable<Value>,
               eq: &mut dyn FnMut(&Value, &Value) -> PyResult<bool>| {
        sops::is_subset(x, Other::Set(y), eq)
    };
    Ok(match op {
        0 => sa.len() < sb.len() && sub(&sa, &sb, &mut eq)?,
        1 => sub(&sa, &sb, &mut eq)?,
        2 => sa.len() == sb.len() && sub(&sa, &sb, &mut eq)?,
        3 => !(sa.len() == sb.len() && sub(&sa, &sb, &mut eq)?),
        4 => sb.len() < sa.len() && sub(&sb, &sa, &mut eq)?,
        _ => sub(&sb, &sa, &mut eq)?,
    })
}

fn binary_table(vm: &Vm, a: &Value, b: &Value, op: BinaryOperator) -> PyResult<SetTable<Value>> {
    let me = set_payload(a).ok_or_else(|| vm.type_error("not a set"))?;
    let snap = me.snapshot();
    let mut eq = eq_fn(vm);
    let same = set_payload(b).map(|x| std::ptr::eq(x, me)).unwrap_or(false);
    if same {
        return Ok(match op {
            BinaryOperator::Or | BinaryOperator::And => snap.copy(),
            _ => SetTable::new(),
        });
    }
    with_other(vm, None, b, &mut |other| match op {
        BinaryOperator::Or => sops::union(&snap, other, &mut eq),
        BinaryOperator::And => sops::intersection(&snap, other, &mut eq),
        BinaryOperator::Subtract => sops::difference(&snap, other, &mut eq),
        _ => sops::symmetric_difference(&snap, other, &mut eq),
    })
}

/// `a | b`, `a & b`, `a - b`, `a ^ b` for sets.
pub fn set_binary(vm: &Vm, a: &Value, b: &Value, op: BinaryOperator) -> PyResult<Value> {
    let t = binary_table(vm, a, b, op)?;
    Ok(wrap(t, is_frozen(a)))
}

/// In-place `|=`, `&=`, `-=`, `^=` (and the `*_update` methods).
pub fn set_inplace(vm: &Vm, a: &Value, b: &Value, op: BinaryOperator) -> PyResult<()> {
    let me = set_payload(a).ok_or_else(|| vm.type_error("not a set"))?;
    let same = set_payload(b).map(|x| std::ptr::eq(x, me)).unwrap_or(false);
    let mut eq = eq_fn(vm);
    // Work on a private copy, then publish it (no Python code runs under the lock).
    let mut work = me.snapshot();
    if same {
        match op {
            BinaryOperator::Subtract | BinaryOperator::Xor => work.clear(),
            _ => {}
        }
    } else {
        with_other(vm, None, b, &mut |other| match op {
            BinaryOperator::Or => sops::update(&mut work, other, &mut eq),
            BinaryOperator::And => sops::intersection_update(&mut work, other, &mut eq),
            BinaryOperator::Subtract => sops::difference_update(&mut work, other, &mut eq),
            _ => sops::symmetric_difference_update(&mut work, other, &mut eq),
        })?;
    }
    let old = std::mem::replace(&mut *me.table.lock(), work);
    drop(old);
    Ok(())
}

fn this<'a>(vm: &Vm, args: &'a CallArgs) -> PyResult<&'a SetObj> {
    args.pos()
        .first()
        .and_then(set_payload)
        .ok_or_else(|| vm.type_error("descriptor requires a 'set' object"))
}

fn add(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "add", &args, 2, 2)?;
    this(vm, &args)?.add(vm, args.pos()[1].clone())?;
    Ok(Value::None)
}

fn discard_impl(vm: &Vm, args: &CallArgs) -> PyResult<bool> {
    let s = this(vm, args)?;
    let v = &args.pos()[1];
    s.discard(vm, v)
}

fn discard(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "discard", &args, 2, 2)?;
    discard_impl(vm, &args)?;
    Ok(Value::None)
}

fn remove(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "remove", &args, 2, 2)?;
    if !discard_impl(vm, &args)? {
        return Err(vm.key_error(args.pos()[1].clone()));
    }
    Ok(Value::None)
}

fn pop(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "pop", &args, 1, 1)?;
    this(vm, &args)?
        .table
        .lock()
        .pop()
        .ok_or_else(|| vm.key_error(crate::strobj::new_str("pop from an empty set")))
}

fn clear(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "clear", &args, 1, 1)?;
    let s = this(vm, &args)?;
    let mut t = s.table.lock();
    t.clear();
    Ok(Value::None)
}

fn copy(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "copy", &args, 1, 1)?;
    let s = this(vm, &args)?;
    Ok(wrap(s.snapshot(), is_frozen(&args.pos()[0])))
}

fn multi(vm: &Vm, args: CallArgs, op: BinaryOperator) -> PyResult<Value> {
    let pos = args.pos();
    this(vm, &args)?;
    let mut acc = wrap(
        set_payload(&pos[0])
            .map(|s| s.snapshot())
            .unwrap_or_default(),
        is_frozen(&pos[0]),
    );
    if pos.len() == 1 {
        return Ok(acc);
    }
    for o in &pos[1..] {
        let t = binary_table(vm, &acc, o, op)?;
        acc = wrap(t, is_frozen(&pos[0]));
    }
    Ok(acc)
}

fn union(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    multi(vm, args, BinaryOperator::Or)
}
fn intersection(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    multi(vm, args, BinaryOperator::And)
}
fn difference(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    multi(vm, args, BinaryOperator::Subtract)
}
fn symmetric_difference(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "symmetric_difference", &args, 2, 2)?;
    multi(vm, args, BinaryOperator::Xor)
}

fn update_multi(vm: &Vm, args: CallArgs, op: BinaryOperator) -> PyResult<Value> {
    this(vm, &args)?;
    let pos = args.pos();
    for o in &pos[1..] {
        set_inplace(vm, &pos[0], o, op)?;
    }
    Ok(Value::None)
}

fn update(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    update_multi(vm, args, BinaryOperator::Or)
}
fn intersection_update(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    update_multi(vm, args, BinaryOperator::And)
}
fn difference_update(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    update_multi(vm, args, BinaryOperator::Subtract)
}
fn symmetric_difference_update(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    update_multi(vm, args, BinaryOperator::Xor)
}

fn subset_impl(vm: &Vm, args: &CallArgs, superset: bool) -> PyResult<bool> {
    arg_count(vm, "issubset", args, 2, 2)?;
    let s = this(vm, args)?;
    let snap = s.snapshot();
    let mut eq = eq_fn(vm);
    with_other(vm, None, &args.pos()[1], &mut |other| {
        if superset {
            sops::is_superset(&snap, other, &mut eq)
        } else {
            sops::is_subset(&snap, other, &mut eq)
        }
    })
}

fn issubset(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    Ok(Value::Bool(subset_impl(vm, &args, false)?))
}
fn issuperset(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    Ok(Value::Bool(subset_impl(vm, &args, true)?))
}

fn isdisjoint(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "isdisjoint", &args, 2, 2)?;
    let s = this(vm, &args)?;
    let snap = s.snapshot();
    let mut eq = eq_fn(vm);
    Ok(Value::Bool(with_other(
        vm,
        None,
        &args.pos()[1],
        &mut |other| sops::is_disjoint(&snap, other, &mut eq),
    )?))
}

fn set_init(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "set", &args, 1, 2)?;
    let s = this(vm, &args)?;
    let mut work = SetTable::new();
    if let Some(src) = args.pos().get(1) {
        let mut eq = eq_fn(vm);
        with_other(vm, None, src, &mut |other| {
            sops::update(&mut work, other, &mut eq)
        })?;
    }
    *s.table.lock() = work;
    Ok(Value::None)
}

/// Registers set and frozenset methods.
pub fn register(_r: &mut BuiltinRegistry) {
    let t = types();
    for cls in [t.set, t.frozenset] {
        add_method(cls, "copy", copy);
        add_method(cls, "union", union);
        add_method(cls, "intersection", intersection);
        add_method(cls, "difference", difference);
        add_method(cls, "symmetric_difference", symmetric_difference);
        add_method(cls, "issubset", issubset);
        add_method(cls, "issuperset", issuperset);
        add_method(cls, "isdisjoint", isdisjoint);
    }
    let s = t.set;
    add_method(s, "add", add);
    add_method(s, "discard", discard);
    add_method(s, "remove", remove);
    add_method(s, "pop", pop);
    add_method(s, "clear", clear);
    add_method(s, "update", update);
    add_method(s, "intersection_update", intersection_update);
    add_method(s, "difference_update", difference_update);
    add_method(
        s,
        "symmetric_difference_update",
        symmetric_difference_update,
    );
    add_method(s, "__init__", set_init);
}
