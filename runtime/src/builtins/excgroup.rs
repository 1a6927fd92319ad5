//! Exception groups (PEP 654, CPython 3.11): creating `BaseExceptionGroup`
//! and `ExceptionGroup` instances with CPython's checks, their `message`
//! and `exceptions`, the `derive`/`split`/`subgroup` methods, `str()`,
//! `BaseException.add_note`, and the runtime halves of `except*`: the
//! match of one clause (`CHECK_EG_MATCH`) and the recombination of what
//! the clauses raised and left (`PREP_RERAISE_STAR`).

use crate::builtins::args::arg_count;
use crate::builtins::list::{list_of, new_list};
use crate::builtins::tuple::{new_tuple, tuple_items};
use crate::builtins::types::{class_of, types};
use crate::exceptions::{exc_data, ExcData, TbEntry};
use crate::function::CallArgs;
use crate::object::{Object, Payload};
use crate::strobj::new_str;
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};
use std::collections::HashSet;
use std::sync::atomic::Ordering;

/// The `(message, exceptions)` of an exception group object.
pub fn group_of(o: &Object) -> Option<&(Value, Value)> {
    exc_data(o).and_then(|e| e.group.get())
}

/// True when `v` is an exception group.
pub fn is_group(v: &Value) -> bool {
    matches!(v, Value::Obj(o) if group_of(o).is_some())
}

fn is_exception(v: &Value) -> bool {
    matches!(v, Value::Obj(o) if exc_data(o).is_some())
}

/// The sub-exceptions of a group (empty for anything else).
fn members(v: &Value) -> Vec<Value> {
    match v {
        Value::Obj(o) => group_of(o)
            .and_then(|(_, excs)| tuple_items(excs))
            .unwrap_or_default(),
        _ => Vec::new(),
    }
}

/// True for the values `BaseExceptionGroup.__new__` accepts as its
/// sequence of exceptions: lists, tuples and other non-mapping classes
/// with `__getitem__`.
fn is_sequence(v: &Value) -> bool {
    let t = types();
    let cls = class_of(v);
    if crate::typeobj::is_subtype(cls, t.list) || crate::typeobj::is_subtype(cls, t.tuple) {
        return true;
    }
    if crate::typeobj::is_subtype(cls, t.dict) {
        return false;
    }
    cls.type_data_of_self()
        .lookup(&crate::strobj::intern_static("__getitem__"))
        .is_some()
}

/// `BaseExceptionGroup.__new__(cls, message, exceptions)`: the checks and
/// the class choice of CPython (a `BaseExceptionGroup` of `Exception`s is
/// an `ExceptionGroup`). `args` become the instance's `args`.
pub fn new_group(vm: &Vm, cls: &'static Object, args: &[Value]) -> PyResult<Value> {
    let t = types();
    if args.len() != 2 {
        return Err(vm.type_error(format!(
            "BaseExceptionGroup.__new__() takes exactly 2 arguments ({} given)",
            args.len()
        )));
    }
    let message = args[0].clone();
    if !crate::typeobj::is_subtype(class_of(&message), t.str) {
        return Err(vm.type_error(format!(
            "BaseExceptionGroup.__new__() argument 1 must be str, not {}",
            vm.type_name(&message)
        )));
    }
    if !is_sequence(&args[1]) {
        return Err(vm.type_error("second argument (exceptions) must be a sequence"));
    }
    let excs = crate::ops::collect_iter(vm, &args[1])?;
    if excs.is_empty() {
        return Err(vm.value_error("second argument (exceptions) must be a non-empty sequence"));
    }
    let mut nested_base = false;
    for (i, e) in excs.iter().enumerate() {
        if !is_exception(e) {
            return Err(vm.value_error(format!(
                "Item {i} of second argument (exceptions) is not an exception"
            )));
        }
        if !crate::typeobj::is_subtype(class_of(e), t.exc.exception) {
            nested_base = true;
        }
    }
    let mut cls = cls;
    if std::ptr::eq(cls, t.exc.base_exception_group) {
        if !nested_base {
            cls = t.exc.exception_group;
        }
    } else if std::ptr::eq(cls, t.exc.exception_group) {
        if nested_base {
            return Err(vm.type_error("Cannot nest BaseExceptions in an ExceptionGroup"));
        }
    } else if nested_base && crate::typeobj::is_subtype(cls, t.exc.exception) {
        return Err(vm.type_error(format!(
            "Cannot nest BaseExceptions in '{}'",
            cls.type_data_of_self().name()
        )));
    }
    let data = ExcData::new(new_tuple(args.to_vec()));
    let _ = data.group.set((message, new_tuple(excs)));
    Ok(Value::Obj(ObjRef::new(Object::new_instance(
        cls,
        Payload::Exception(Box::new(data)),
    ))))
}

/// `ExceptionGroup(message, exceptions)` made by the runtime (the
/// wrapping of a naked exception, the recombination of `except*`).
/// `excs` is the sequence (list or tuple) the group's `args` show.
fn make_exception_group(vm: &Vm, message: &str, excs: Value) -> PyResult<Value> {
    new_group(vm, types().exc.exception_group, &[new_str(message), excs])
}

fn self_group<'a>(vm: &Vm, args: &'a CallArgs) -> PyResult<&'a Value> {
    match args.pos().first() {
        Some(v) if is_group(v) => Ok(v),
        _ => Err(vm.type_error("descriptor requires a 'BaseExceptionGroup' object")),
    }
}

/// `str(group)`: `message (N sub-exception[s])`.
pub fn group_str(vm: &Vm, o: &Object) -> Option<PyResult<String>> {
    let (message, excs) = group_of(o)?;
    let n = tuple_items(excs).map(|v| v.len()).unwrap_or(0);
    Some(vm.str_of(message).map(|m| {
        let s = if n > 1 { "s" } else { "" };
        format!("{m} ({n} sub-exception{s})")
    }))
}

fn eg_str(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "__str__", &args, 1, 1)?;
    let v = self_group(vm, &args)?;
    match v.as_obj().and_then(|o| group_str(vm, o)) {
        Some(r) => Ok(new_str(r?)),
        None => Ok(new_str(vm.str_of(v)?)),
    }
}

fn eg_derive(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "derive", &args, 2, 2)?;
    let v = self_group(vm, &args)?;
    let message = v
        .as_obj()
        .and_then(|o| group_of(o))
        .map(|g| g.0.clone())
        .unwrap_or(Value::None);
    new_group(
        vm,
        types().exc.base_exception_group,
        &[message, args.pos()[1].clone()],
    )
}

/// How `split`/`subgroup` decide which leaves match.
enum Matcher {
    /// An exception class or a tuple of them (isinstance).
    Type(Value),
    /// A predicate called with each exception.
    Predicate(Value),
    /// The leaves with these addresses (the `except*` recombination).
    Ids(HashSet<usize>),
}

fn is_exception_class(v: &Value) -> bool {
    matches!(v, Value::Obj(o) if matches!(o.payload, Payload::Type(_))
        && crate::typeobj::is_subtype(o, types().exc.base_exception))
}

impl Matcher {
    fn from_condition(vm: &Vm, cond: &Value) -> PyResult<Matcher> {
        if is_exception_class(cond) {
            return Ok(Matcher::Type(cond.clone()));
        }
        if let Some(items) = tuple_items(cond) {
            if items.iter().all(is_exception_class) {
                return Ok(Matcher::Type(cond.clone()));
            }
        } else if crate::builtins::functions::is_callable(cond) {
            return Ok(Matcher::Predicate(cond.clone()));
        }
        Err(vm.type_error("expected a function, exception type or tuple of exception types"))
    }

    fn matches(&self, vm: &Vm, exc: &Value) -> PyResult<bool> {
        match self {
            Matcher::Type(t) => crate::ops::exception_matches(vm, exc, t),
            Matcher::Predicate(p) => {
                let r = vm.call(p, std::slice::from_ref(exc))?;
                crate::ops::truthy(vm, &r)
            }
            Matcher::Ids(ids) => {
                Ok(!is_group(exc) && exc.as_obj().is_some_and(|o| ids.contains(&o.addr())))
            }
        }
    }
}

/// `group.derive(excs)` with the group's traceback, cause, context and
/// notes copied onto the result, as `split` and `subgroup` leave them.
fn derive_and_copy(vm: &Vm, group: &Value, excs: Vec<Value>) -> PyResult<Value> {
    let derived = vm.call_method(group, "derive", &[new_list(excs)])?;
    if !is_group(&derived) {
        return Err(vm.type_error("derive must return an instance of BaseExceptionGroup"));
    }
    let (Some(src), Some(dst)) = (
        group.as_obj().and_then(|o| exc_data(o)),
        derived.as_obj().and_then(|o| exc_data(o)),
    ) else {
        return Ok(derived);
    };
    *dst.traceback.lock() = src.traceback.lock().clone();
    *dst.cause.lock() = src.cause.lock().clone();
    *dst.context.lock() = src.context.lock().clone();
    dst.suppress_context.store(true, Ordering::Relaxed);
    if let Some(notes) = own_attr(vm, group, "__notes__") {
        let notes = if is_sequence(&notes) {
            new_list(crate::ops::collect_iter(vm, &notes)?)
        } else {
            notes
        };
        vm.set_attr(&derived, &crate::strobj::intern("__notes__"), notes)?;
    }
    Ok(derived)
}

/// An attribute stored in an instance's `__dict__`.
fn own_attr(vm: &Vm, v: &Value, name: &str) -> Option<Value> {
    let d = v.as_obj()?.dict.as_ref()?;
    vm.dict_of(d).get_by_name(name)
}

/// The parts of `exc` that match and, with `want_rest`, those that do
/// not: groups are rebuilt around their matching members with `derive`.
fn split_recursive(
    vm: &Vm,
    exc: &Value,
    m: &Matcher,
    want_rest: bool,
) -> PyResult<(Option<Value>, Option<Value>)> {
    if m.matches(vm, exc)? {
        return Ok((Some(exc.clone()), None));
    }
    if !is_group(exc) {
        return Ok((None, want_rest.then(|| exc.clone())));
    }
    let mut matched = Vec::new();
    let mut rest = Vec::new();
    for e in members(exc) {
        vm.enter_call()?;
        let r = split_recursive(vm, &e, m, want_rest);
        vm.leave_call();
        let (a, b) = r?;
        matched.extend(a);
        rest.extend(b);
    }
    let matched = match matched.is_empty() {
        true => None,
        false => Some(derive_and_copy(vm, exc, matched)?),
    };
    let rest = match !want_rest || rest.is_empty() {
        true => None,
        false => Some(derive_and_copy(vm, exc, rest)?),
    };
    Ok((matched, rest))
}

fn eg_split(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "split", &args, 2, 2)?;
    let v = self_group(vm, &args)?;
    let m = Matcher::from_condition(vm, &args.pos()[1])?;
    let (a, b) = split_recursive(vm, v, &m, true)?;
    Ok(new_tuple(vec![
        a.unwrap_or(Value::None),
        b.unwrap_or(Value::None),
    ]))
}

fn eg_subgroup(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "subgroup", &args, 2, 2)?;
    let v = self_group(vm, &args)?;
    let m = Matcher::from_condition(vm, &args.pos()[1])?;
    Ok(split_recursive(vm, v, &m, false)?.0.unwrap_or(Value::None))
}

/// `BaseException.add_note(note)`: appends to the `__notes__` list,
/// creating it on first use.
fn exc_add_note(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "add_note", &args, 2, 2)?;
    let exc = &args.pos()[0];
    let note = &args.pos()[1];
    if !crate::typeobj::is_subtype(class_of(note), types().str) {
        return Err(vm.type_error(format!("note must be a str, not '{}'", vm.type_name(note))));
    }
    let name = crate::strobj::intern("__notes__");
    let notes = match vm.get_attr(exc, &name) {
        Ok(n) => n,
        Err(e) if crate::typeobj::is_subtype(e.0.class(), types().exc.attribute_error) => {
            let n = new_list(Vec::new());
            vm.set_attr(exc, &name, n.clone())?;
            n
        }
        Err(e) => return Err(e),
    };
    match list_of(&notes) {
        Some(l) => l.push(note.clone()),
        None => return Err(vm.type_error("Cannot add note: __notes__ is not a list")),
    }
    Ok(Value::None)
}

/// The `message` and `exceptions` attributes of a group.
pub fn group_attr(o: &Object, name: &str) -> Option<Value> {
    let (message, excs) = group_of(o)?;
    match name {
        "message" => Some(message.clone()),
        "exceptions" => Some(excs.clone()),
        _ => None,
    }
}

/// Registers the methods of `BaseExceptionGroup` and `add_note`.
pub fn register() {
    let t = types();
    let beg = t.exc.base_exception_group;
    crate::builtins::add_method(beg, "__str__", eg_str);
    crate::builtins::add_method(beg, "derive", eg_derive);
    crate::builtins::add_method(beg, "split", eg_split);
    crate::builtins::add_method(beg, "subgroup", eg_subgroup);
    crate::builtins::add_method(t.exc.base_exception, "add_note", exc_add_note);
}

// ----- except* -------------------------------------------------------------

/// Checks the type operand of an `except*` clause.
fn check_star_type(vm: &Vm, typ: &Value) -> PyResult<()> {
    let items = tuple_items(typ).unwrap_or_else(|| vec![typ.clone()]);
    for t in &items {
        if !is_exception_class(t) {
            return Err(vm.type_error(
                "catching classes that do not inherit from BaseException is not allowed",
            ));
        }
        if let Value::Obj(o) = t {
            if crate::typeobj::is_subtype(o, types().exc.base_exception_group) {
                return Err(vm.type_error(
                    "catching ExceptionGroup with except* is not allowed. Use except instead.",
                ));
            }
        }
    }
    Ok(())
}

/// `CHECK_EG_MATCH`: the `(rest, match)` of the exception being handled
/// by an `except*` clause of type `typ`. A naked exception that matches is
/// wrapped in `ExceptionGroup("", [exc])` whose traceback is `here`.
pub fn eg_match(vm: &Vm, exc: &Value, typ: &Value, here: TbEntry) -> PyResult<(Value, Value)> {
    check_star_type(vm, typ)?;
    if exc.is_none() {
        return Ok((Value::None, Value::None));
    }
    if crate::ops::exception_matches(vm, exc, typ)? {
        if is_group(exc) {
            return Ok((Value::None, exc.clone()));
        }
        let wrapped = make_exception_group(vm, "", new_tuple(vec![exc.clone()]))?;
        if let Some(d) = wrapped.as_obj().and_then(|o| exc_data(o)) {
            d.traceback.lock().push(here);
        }
        return Ok((Value::None, wrapped));
    }
    if is_group(exc) {
        let pair = vm.call_method(exc, "split", std::slice::from_ref(typ))?;
        return match tuple_items(&pair) {
            Some(p) if p.len() == 2 => Ok((p[1].clone(), p[0].clone())),
            _ => Err(vm.type_error(format!(
                "{}.split must return a 2-tuple, got {}",
                vm.type_name(exc),
                vm.type_name(&pair)
            ))),
        };
    }
    Ok((exc.clone(), Value::None))
}

fn same_value(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Obj(x), Value::Obj(y)) => ObjRef::ptr_eq(x, y),
        (Value::None, Value::None) => true,
        _ => false,
    }
}

/// True when `a` carries the traceback, cause and context of `b`: it is
/// `b` or a part of `b` made by `split` (a re-raise, not a new raise).
fn same_metadata(a: &Value, b: &Value) -> bool {
    let (Some(x), Some(y)) = (
        a.as_obj().and_then(|o| exc_data(o)),
        b.as_obj().and_then(|o| exc_data(o)),
    ) else {
        return false;
    };
    let tb_eq = {
        let ta = x.traceback.lock();
        let tb = y.traceback.lock();
        ta.len() == tb.len()
            && ta
                .iter()
                .zip(tb.iter())
                .all(|(p, q)| std::ptr::eq(p.code, q.code) && p.line == q.line)
    };
    tb_eq
        && same_value(&x.cause.lock(), &y.cause.lock())
        && same_value(&x.context.lock(), &y.context.lock())
}

fn collect_leaf_ids(vm: &Vm, v: &Value, ids: &mut HashSet<usize>) -> PyResult<()> {
    if is_group(v) {
        for e in members(v) {
            vm.enter_call()?;
            let r = collect_leaf_ids(vm, &e, ids);
            vm.leave_call();
            r?;
        }
    } else if let Value::Obj(o) = v {
        ids.insert(o.addr());
    }
    Ok(())
}

/// `PREP_RERAISE_STAR`: what an `except*` statement raises once its
/// clauses ran, from the original exception and the list of what the
/// clauses raised plus the unmatched rest (None entries are skipped):
/// None when nothing is left; re-raised parts keep the original group's
/// shape; newly raised exceptions come first in a new
/// `ExceptionGroup("", [...])` when there is more than one result.
pub fn prep_reraise_star(vm: &Vm, orig: &Value, excs: &Value) -> PyResult<Value> {
    let items = crate::builtins::list::list_items(excs);
    if items.is_empty() {
        return Ok(Value::None);
    }
    if !is_group(orig) {
        // A naked exception: only one clause can have run.
        return Ok(items
            .into_iter()
            .find(|v| !v.is_none())
            .unwrap_or(Value::None));
    }
    let mut raised = Vec::new();
    let mut reraised = Vec::new();
    for e in items.into_iter().filter(|v| !v.is_none()) {
        if same_metadata(&e, orig) {
            reraised.push(e);
        } else {
            raised.push(e);
        }
    }
    let mut ids = HashSet::new();
    for e in &reraised {
        collect_leaf_ids(vm, e, &mut ids)?;
    }
    let projected = if ids.is_empty() {
        None
    } else {
        split_recursive(vm, orig, &Matcher::Ids(ids), false)?.0
    };
    if raised.is_empty() {
        return Ok(projected.unwrap_or(Value::None));
    }
    raised.extend(projected);
    if raised.len() == 1 {
        return Ok(raised.pop().unwrap_or(Value::None));
    }
    make_exception_group(vm, "", new_list(raised))
}
