//! `mappingproxy` (`types.MappingProxyType`): a read-only view of a
//! mapping. A class's `__dict__` is one over the class's own namespace,
//! so every write to a class still goes through attribute assignment,
//! which invalidates the class's version tag that specialized
//! instructions guard on. The proxy forwards reads (`[]`, `get`, `in`,
//! `len`, iteration, `keys`/`values`/`items`, `copy`, `|`, comparison) to
//! the mapping and has no way to write to it.

use crate::builtins::types::types;
use crate::builtins::{add_method, add_staticmethod};
use crate::function::CallArgs;
use crate::object::{Object, Payload};
use crate::ops;
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};
use std::sync::OnceLock;
use weft_specializer::BinaryOperator;

/// The proxied mapping.
struct MappingProxy(Value);

/// The `mappingproxy` class.
pub fn mappingproxy_class() -> &'static Object {
    static CLS: OnceLock<&'static Object> = OnceLock::new();
    CLS.get_or_init(|| {
        let c = crate::modules::new_protocol_class("mappingproxy", "builtins");
        add_staticmethod(c, "__new__", proxy_new);
        add_method(c, "__getitem__", proxy_getitem);
        add_method(c, "__contains__", proxy_contains);
        add_method(c, "__len__", proxy_len);
        add_method(c, "__iter__", proxy_iter);
        add_method(c, "__reversed__", proxy_reversed);
        add_method(c, "__repr__", proxy_repr);
        add_method(c, "__str__", proxy_str);
        add_method(c, "__eq__", proxy_eq);
        add_method(c, "__ne__", proxy_ne);
        // Unhashable, as the mappings it shows can change.
        c.type_data_of_self()
            .own_dict()
            .set_by_name("__hash__", Value::None);
        add_method(c, "__or__", proxy_or);
        add_method(c, "__ror__", proxy_ror);
        add_method(c, "__ior__", proxy_ior);
        add_method(c, "__delitem__", proxy_delitem);
        add_method(c, "get", proxy_get);
        add_method(c, "keys", proxy_keys);
        add_method(c, "values", proxy_values);
        add_method(c, "items", proxy_items);
        add_method(c, "copy", proxy_copy);
        c
    })
}

/// A read-only view of `mapping`.
pub fn new_mappingproxy(mapping: Value) -> Value {
    Value::Obj(ObjRef::new(Object::new(
        mappingproxy_class(),
        Payload::Native(Box::new(MappingProxy(mapping))),
    )))
}

fn proxied(v: &Value) -> Option<&Value> {
    match v.as_obj().map(|o| &o.payload) {
        Some(Payload::Native(b)) => b.downcast_ref::<MappingProxy>().map(|p| &p.0),
        _ => None,
    }
}

fn this<'a>(vm: &Vm, a: &'a CallArgs) -> PyResult<&'a Value> {
    a.pos()
        .first()
        .and_then(proxied)
        .ok_or_else(|| vm.type_error("descriptor requires a 'mappingproxy' object"))
}

fn arg<'a>(vm: &Vm, a: &'a CallArgs, i: usize, method: &str) -> PyResult<&'a Value> {
    a.pos()
        .get(i)
        .ok_or_else(|| vm.type_error(format!("{method} expected 1 argument, got 0")))
}

fn proxy_new(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let Some(mapping) = a.pos().get(1) else {
        return Err(vm.type_error("mappingproxy() missing required argument 'mapping' (pos 1)"));
    };
    let t = types();
    let is_sequence = crate::builtins::types::is_exact(mapping, t.list)
        || crate::typeobj::is_subtype(crate::builtins::types::class_of(mapping), t.list)
        || crate::typeobj::is_subtype(crate::builtins::types::class_of(mapping), t.tuple);
    let is_mapping = !is_sequence
        && crate::builtins::types::class_of(mapping)
            .type_data_of_self()
            .lookup(&crate::strobj::intern_static("__getitem__"))
            .is_some();
    if !is_mapping {
        return Err(vm.type_error(format!(
            "mappingproxy() argument must be a mapping, not {}",
            vm.type_name(mapping)
        )));
    }
    Ok(new_mappingproxy(mapping.clone()))
}

fn proxy_getitem(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    ops::get_item(vm, this(vm, &a)?, arg(vm, &a, 1, "__getitem__")?)
}

fn proxy_contains(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    Ok(Value::Bool(ops::contains(
        vm,
        this(vm, &a)?,
        arg(vm, &a, 1, "__contains__")?,
    )?))
}

fn proxy_len(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    Ok(Value::Int(ops::len(vm, this(vm, &a)?)? as i64))
}

fn proxy_iter(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    ops::get_iter(vm, this(vm, &a)?)
}

fn proxy_reversed(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    crate::builtins::functions::reversed(
        vm,
        CallArgs::positional(std::slice::from_ref(this(vm, &a)?)),
    )
}

fn proxy_repr(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let inner = vm.repr_of(this(vm, &a)?)?;
    Ok(crate::strobj::new_str(format!("mappingproxy({inner})")))
}

fn proxy_str(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    Ok(crate::strobj::new_str(vm.str_of(this(vm, &a)?)?))
}

/// Comparison with `op` (CPython's rich-comparison code) between the
/// mapping and the other operand.
fn compare_mapping(vm: &Vm, a: &CallArgs, op: u32) -> PyResult<Value> {
    let other = arg(vm, a, 1, "comparison")?;
    let other = proxied(other).unwrap_or(other);
    ops::compare(vm, this(vm, a)?, other, op)
}

fn proxy_eq(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    compare_mapping(vm, &a, 2)
}

fn proxy_ne(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    compare_mapping(vm, &a, 3)
}

/// `proxy | other` and `other | proxy`: the same `|` between the mappings
/// (a proxy on either side stands for what it proxies).
fn or_mappings(vm: &Vm, left: &Value, right: &Value) -> PyResult<Value> {
    let l = proxied(left).unwrap_or(left);
    let r = proxied(right).unwrap_or(right);
    ops::binary_op(vm, l, r, BinaryOperator::Or)
}

fn proxy_or(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    or_mappings(vm, &a.pos()[0], arg(vm, &a, 1, "__or__")?)
}

fn proxy_ror(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    or_mappings(vm, arg(vm, &a, 1, "__ror__")?, &a.pos()[0])
}

fn proxy_ior(vm: &Vm, _a: CallArgs) -> PyResult<Value> {
    Err(vm.type_error("'|=' is not supported by mappingproxy; use '|' instead"))
}

fn proxy_delitem(vm: &Vm, _a: CallArgs) -> PyResult<Value> {
    Err(vm.type_error("'mappingproxy' object does not support item deletion"))
}

fn proxy_get(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let p = a.pos();
    if p.len() < 2 || p.len() > 3 {
        return Err(vm.type_error(format!(
            "get expected at least 1 argument, got {}",
            p.len().saturating_sub(1)
        )));
    }
    let default = p.get(2).cloned().unwrap_or(Value::None);
    vm.call_method(this(vm, &a)?, "get", &[p[1].clone(), default])
}

fn proxy_keys(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    vm.call_method(this(vm, &a)?, "keys", &[])
}

fn proxy_values(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    vm.call_method(this(vm, &a)?, "values", &[])
}

fn proxy_items(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    vm.call_method(this(vm, &a)?, "items", &[])
}

fn proxy_copy(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    vm.call_method(this(vm, &a)?, "copy", &[])
}
