//! Parameterized types: `types.GenericAlias` (what `list[int]` and the
//! other built-in `__class_getitem__` methods return) and `types.UnionType`
//! (what `int | None` returns).
//!
//! A generic alias records its origin class and its arguments; it prints
//! as `origin[args]`, compares and hashes by both, builds an instance of
//! the origin when called, and answers any attribute it does not define
//! from the origin. `isinstance`/`issubclass` refuse it. A union records
//! its flattened, de-duplicated members; `isinstance`/`issubclass` accept
//! it as they accept a tuple of its members.
//!
//! Both classes are native classes whose methods are native functions;
//! they are marked as non-built-in so that the generic operator protocol
//! (`special`) finds those methods.

use crate::builtins::tuple::{new_tuple, tuple_items};
use crate::builtins::types::{class_value, types};
use crate::builtins::{add_method, add_property, add_staticmethod};
use crate::function::CallArgs;
use crate::object::{Object, Payload};
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};
use std::sync::OnceLock;

/// `types.GenericAlias` state.
struct GenericAlias {
    origin: Value,
    /// Always a tuple.
    args: Value,
}

/// `types.UnionType` state: the members, a tuple of two or more.
struct Union {
    args: Value,
}

/// The `types.GenericAlias` class.
pub fn generic_alias_class() -> &'static Object {
    static CLS: OnceLock<&'static Object> = OnceLock::new();
    CLS.get_or_init(|| {
        let c = crate::modules::new_protocol_class("GenericAlias", "types");
        add_staticmethod(c, "__new__", alias_new);
        add_method(c, "__repr__", alias_repr);
        add_method(c, "__eq__", alias_eq);
        add_method(c, "__ne__", alias_ne);
        add_method(c, "__hash__", alias_hash);
        add_method(c, "__call__", alias_call);
        add_method(c, "__getattr__", alias_getattr);
        add_method(c, "__or__", union_or);
        add_method(c, "__ror__", union_ror);
        add_method(c, "__mro_entries__", alias_mro_entries);
        add_method(c, "__getitem__", alias_getitem);
        add_property(c, "__origin__", alias_origin);
        add_property(c, "__args__", args_of);
        add_property(c, "__parameters__", parameters_of);
        c
    })
}

/// The `types.UnionType` class.
pub fn union_class() -> &'static Object {
    static CLS: OnceLock<&'static Object> = OnceLock::new();
    CLS.get_or_init(|| {
        let c = crate::modules::new_protocol_class("UnionType", "types");
        add_method(c, "__repr__", union_repr);
        add_method(c, "__eq__", union_eq);
        add_method(c, "__ne__", union_ne);
        add_method(c, "__hash__", union_hash);
        add_method(c, "__getitem__", union_getitem);
        add_method(c, "__or__", union_or);
        add_method(c, "__ror__", union_ror);
        add_property(c, "__args__", args_of);
        add_property(c, "__parameters__", parameters_of);
        c
    })
}

/// Installs `__class_getitem__` on the built-in generic classes and
/// `|` on `type`.
pub fn register() {
    let t = types();
    for cls in [t.list, t.dict, t.tuple, t.set, t.frozenset, t.type_] {
        crate::builtins::add_classmethod(cls, "__class_getitem__", class_getitem);
    }
    add_method(t.type_, "__or__", union_or);
    add_method(t.type_, "__ror__", union_ror);
}

fn alias_of(v: &Value) -> Option<&GenericAlias> {
    match v.as_obj().map(|o| &o.payload) {
        Some(Payload::Native(b)) => b.downcast_ref::<GenericAlias>(),
        _ => None,
    }
}

fn union_of(v: &Value) -> Option<&Union> {
    match v.as_obj().map(|o| &o.payload) {
        Some(Payload::Native(b)) => b.downcast_ref::<Union>(),
        _ => None,
    }
}

/// True for a `list[int]`-style alias (the `isinstance` refusal).
pub fn is_generic_alias(v: &Value) -> bool {
    alias_of(v).is_some()
}

/// The members of a `X | Y` union value, if `v` is one.
pub fn union_members(v: &Value) -> Option<Vec<Value>> {
    union_of(v).map(|u| tuple_items(&u.args).unwrap_or_default())
}

fn new_alias(origin: Value, item: &Value) -> Value {
    let args = match tuple_items(item) {
        Some(_) if crate::builtins::types::is_exact(item, types().tuple) => item.clone(),
        _ => new_tuple(vec![item.clone()]),
    };
    Value::Obj(ObjRef::new(Object::new(
        generic_alias_class(),
        Payload::Native(Box::new(GenericAlias { origin, args })),
    )))
}

fn class_getitem(_vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let p = a.pos();
    Ok(new_alias(p[0].clone(), &p[1]))
}

fn alias_new(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let p = a.pos();
    if a.has_kwargs() {
        return Err(vm.type_error("GenericAlias() takes no keyword arguments"));
    }
    if p.len() != 3 {
        return Err(vm.type_error(format!(
            "GenericAlias expected 2 arguments, got {}",
            p.len().saturating_sub(1)
        )));
    }
    Ok(new_alias(p[1].clone(), &p[2]))
}

fn this_alias<'a>(vm: &Vm, a: &'a CallArgs) -> PyResult<&'a GenericAlias> {
    a.pos()
        .first()
        .and_then(alias_of)
        .ok_or_else(|| vm.type_error("descriptor requires a 'types.GenericAlias' object"))
}

fn alias_origin(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    Ok(this_alias(vm, &a)?.origin.clone())
}

fn args_of(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let v = &a.pos()[0];
    if let Some(g) = alias_of(v) {
        return Ok(g.args.clone());
    }
    union_of(v)
        .map(|u| u.args.clone())
        .ok_or_else(|| vm.type_error("__args__ of a non-generic value"))
}

/// `__parameters__`: the type variables among the arguments, in order and
/// without repeats. Weft has no `TypeVar`, so these only come from nested
/// aliases, which have none either: the tuple is empty.
fn parameters_of(_vm: &Vm, _a: CallArgs) -> PyResult<Value> {
    Ok(new_tuple(Vec::new()))
}

/// How an origin or argument prints inside an alias or union: `...`,
/// a nested alias by its repr, a class or function by its qualified name
/// (without `builtins.`), anything else by its repr.
fn item_repr(vm: &Vm, v: &Value) -> PyResult<String> {
    if crate::builtins::types::is_exact(v, types().ellipsis_type) {
        return Ok("...".to_string());
    }
    if has_attr(vm, v, "__origin__")? && has_attr(vm, v, "__args__")? {
        return vm.repr_of(v);
    }
    let qualname = match vm.get_attr_str(v, "__qualname__") {
        Ok(q) => q,
        Err(e) if vm.err_matches(&e, types().exc.attribute_error) => return vm.repr_of(v),
        Err(e) => return Err(e),
    };
    let module = match vm.get_attr_str(v, "__module__") {
        Ok(m) => m,
        Err(e) if vm.err_matches(&e, types().exc.attribute_error) => return vm.repr_of(v),
        Err(e) => return Err(e),
    };
    let qualname = vm.str_of(&qualname)?;
    match module.as_obj().and_then(|m| m.as_str()) {
        Some("builtins") => Ok(qualname),
        _ if module.is_none() => Ok(qualname),
        _ => Ok(format!("{}.{}", vm.str_of(&module)?, qualname)),
    }
}

fn has_attr(vm: &Vm, v: &Value, name: &str) -> PyResult<bool> {
    match vm.get_attr_str(v, name) {
        Ok(_) => Ok(true),
        Err(e) if vm.err_matches(&e, types().exc.attribute_error) => Ok(false),
        Err(e) => Err(e),
    }
}

fn alias_repr(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let g = this_alias(vm, &a)?;
    let mut s = item_repr(vm, &g.origin)?;
    s.push('[');
    let args = tuple_items(&g.args).unwrap_or_default();
    if args.is_empty() {
        s.push_str("()");
    }
    for (i, x) in args.iter().enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        s.push_str(&item_repr(vm, x)?);
    }
    s.push(']');
    Ok(crate::strobj::new_str(s))
}

fn alias_equal(vm: &Vm, a: &CallArgs) -> PyResult<Option<bool>> {
    let g = this_alias(vm, a)?;
    let Some(other) = a.pos().get(1).and_then(alias_of) else {
        return Ok(None);
    };
    Ok(Some(
        vm.eq_bool(&g.origin, &other.origin)? && vm.eq_bool(&g.args, &other.args)?,
    ))
}

fn alias_eq(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    Ok(match alias_equal(vm, &a)? {
        Some(b) => Value::Bool(b),
        None => crate::builtins::types::not_implemented(),
    })
}

fn alias_ne(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    Ok(match alias_equal(vm, &a)? {
        Some(b) => Value::Bool(!b),
        None => crate::builtins::types::not_implemented(),
    })
}

fn alias_hash(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let g = this_alias(vm, &a)?;
    Ok(Value::Int(vm.hash(&g.origin)? ^ vm.hash(&g.args)?))
}

/// Calling an alias builds an instance of its origin and, where the
/// instance takes attributes, records the alias as its `__orig_class__`.
fn alias_call(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let g = this_alias(vm, &a)?;
    let rest = CallArgs {
        args: &a.args[1..],
        kwnames: a.kwnames,
    };
    let obj = vm.call_args(&g.origin, rest)?;
    let name = crate::strobj::intern("__orig_class__");
    match vm.set_attr(&obj, &name, a.pos()[0].clone()) {
        Ok(()) => {}
        Err(e)
            if vm.err_matches(&e, types().exc.attribute_error)
                || vm.err_matches(&e, types().exc.type_error) => {}
        Err(e) => return Err(e),
    }
    Ok(obj)
}

/// Attributes the alias does not define come from the origin.
fn alias_getattr(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let g = this_alias(vm, &a)?;
    let name = &a.pos()[1];
    let Some(name) = name.as_obj() else {
        return Err(vm.type_error("attribute name must be string"));
    };
    vm.get_attr(&g.origin, name)
}

/// `list[int][str]`: substitution fills an alias's type variables, and
/// (with no `TypeVar` in Weft) an alias never has any.
fn alias_getitem(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    this_alias(vm, &a)?;
    not_generic(vm, &a.pos()[0])
}

/// The refusal to subscript an alias or union without type variables.
fn not_generic(vm: &Vm, this: &Value) -> PyResult<Value> {
    Err(vm.type_error(format!("{} is not a generic class", vm.repr_of(this)?)))
}

fn alias_mro_entries(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    Ok(new_tuple(vec![this_alias(vm, &a)?.origin.clone()]))
}

// ----- unions ---------------------------------------------------------------

/// Whether `v` may be a member of `X | Y`: None, a class, an alias or a union.
fn unionable(v: &Value) -> bool {
    v.is_none()
        || matches!(v.as_obj().map(|o| &o.payload), Some(Payload::Type(_)))
        || alias_of(v).is_some()
        || union_of(v).is_some()
}

/// `left | right` for classes, aliases and unions: the members of both,
/// flattened and without repeats (None as `NoneType`); a single member
/// stands for itself; NotImplemented for other operands.
pub fn union_of_operands(vm: &Vm, left: &Value, right: &Value) -> PyResult<Value> {
    // One side is the class, alias or union whose `__or__`/`__ror__` runs
    // (`None | None` has no such side).
    if !unionable(left) || !unionable(right) || (left.is_none() && right.is_none()) {
        return Ok(crate::builtins::types::not_implemented());
    }
    let mut members: Vec<Value> = Vec::new();
    for side in [left, right] {
        let parts = union_members(side).unwrap_or_else(|| vec![side.clone()]);
        for p in parts {
            let p = if p.is_none() {
                class_value(types().none_type)
            } else {
                p
            };
            let mut seen = false;
            for m in &members {
                let same = match (m, &p) {
                    (Value::Obj(x), Value::Obj(y))
                        if matches!(x.payload, Payload::Type(_))
                            && matches!(y.payload, Payload::Type(_)) =>
                    {
                        x.addr() == y.addr()
                    }
                    _ => vm.eq_bool(m, &p)?,
                };
                if same {
                    seen = true;
                    break;
                }
            }
            if !seen {
                members.push(p);
            }
        }
    }
    if members.len() == 1 {
        return Ok(members.pop().unwrap_or(Value::None));
    }
    Ok(Value::Obj(ObjRef::new(Object::new(
        union_class(),
        Payload::Native(Box::new(Union {
            args: new_tuple(members),
        })),
    ))))
}

fn union_or(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let p = a.pos();
    union_of_operands(vm, &p[0], &p[1])
}

fn union_ror(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let p = a.pos();
    union_of_operands(vm, &p[1], &p[0])
}

fn this_union<'a>(vm: &Vm, a: &'a CallArgs) -> PyResult<&'a Union> {
    a.pos()
        .first()
        .and_then(union_of)
        .ok_or_else(|| vm.type_error("descriptor requires a 'types.UnionType' object"))
}

/// `(int | str)[x]`: as for an alias, there are no type variables to fill.
fn union_getitem(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    this_union(vm, &a)?;
    not_generic(vm, &a.pos()[0])
}

fn union_repr(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let u = this_union(vm, &a)?;
    let mut parts = Vec::new();
    for m in tuple_items(&u.args).unwrap_or_default() {
        let is_none_type = matches!(&m, Value::Obj(o) if std::ptr::eq(&**o, types().none_type));
        parts.push(if is_none_type {
            "None".to_string()
        } else {
            item_repr(vm, &m)?
        });
    }
    Ok(crate::strobj::new_str(parts.join(" | ")))
}

fn member_set(vm: &Vm, args: &Value) -> PyResult<Value> {
    crate::set::new_set_from(vm, tuple_items(args).unwrap_or_default(), true)
}

fn union_equal(vm: &Vm, a: &CallArgs) -> PyResult<Option<bool>> {
    let u = this_union(vm, a)?;
    let Some(other) = a.pos().get(1).and_then(union_of) else {
        return Ok(None);
    };
    Ok(Some(vm.eq_bool(
        &member_set(vm, &u.args)?,
        &member_set(vm, &other.args)?,
    )?))
}

fn union_eq(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    Ok(match union_equal(vm, &a)? {
        Some(b) => Value::Bool(b),
        None => crate::builtins::types::not_implemented(),
    })
}

fn union_ne(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    Ok(match union_equal(vm, &a)? {
        Some(b) => Value::Bool(!b),
        None => crate::builtins::types::not_implemented(),
    })
}

fn union_hash(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let u = this_union(vm, &a)?;
    Ok(Value::Int(vm.hash(&member_set(vm, &u.args)?)?))
}
