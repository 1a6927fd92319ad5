//! Attribute access: `getattr`/`setattr`/`delattr` for instances, classes,
//! modules and `super` objects (descriptors, instance dicts, `__slots__`,
//! `__getattr__`), the method-load fast path used by `LOAD_ATTR` and
//! the intrinsic attributes of built-in objects.

use crate::builtins::types::{class_of, types};
use crate::function::BuiltinFunc;
use crate::object::{Object, Payload};
use crate::strobj::intern;
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

/// A `__slots__` member descriptor stored in a class dict.
pub struct SlotMember {
    /// The attribute name.
    pub name: String,
    /// Index into the instance's slot storage.
    pub index: usize,
}

/// The slot member behind a class-dict value, if it is one.
pub fn slot_member(v: &Value) -> Option<&SlotMember> {
    match v {
        Value::Obj(o) => match &o.payload {
            Payload::Native(b) => b.downcast_ref::<SlotMember>(),
            _ => None,
        },
        _ => None,
    }
}

/// The function inside a staticmethod.
pub fn unwrap_static(m: &Value) -> Option<Value> {
    match m {
        Value::Obj(o) => match &o.payload {
            Payload::StaticMethod(f) => Some(f.clone()),
            _ => None,
        },
        _ => None,
    }
}

fn new_bound(func: Value, recv: Value) -> Value {
    Value::Obj(ObjRef::new(Object::new(
        types().method,
        Payload::BoundMethod(func, recv),
    )))
}

fn bind_builtin(b: &BuiltinFunc, recv: Value) -> Value {
    Value::Obj(ObjRef::new(Object::new(
        types().builtin_function,
        Payload::Builtin(Box::new(BuiltinFunc {
            name: b.name,
            func: b.func,
            bound: Some(recv),
            is_method: false,
            owner: b.owner,
        })),
    )))
}

/// Binds a class attribute found for an instance `obj` (descriptor `__get__`).
pub fn bind(vm: &Vm, descr: &Value, obj: &Value) -> PyResult<Value> {
    let Value::Obj(d) = descr else {
        return Ok(descr.clone());
    };
    Ok(match &d.payload {
        Payload::Function(_) => new_bound(descr.clone(), obj.clone()),
        Payload::Builtin(b) if b.is_method => bind_builtin(b, obj.clone()),
        Payload::StaticMethod(f) => f.clone(),
        Payload::ClassMethod(f) => {
            new_bound(f.clone(), Value::Obj(ObjRef::from_object(class_of(obj))))
        }
        Payload::Property(p) => {
            if p.fget.is_none() || p.fget.is_null() {
                return Err(vm.attribute_error("property has no getter"));
            }
            vm.call(&p.fget, std::slice::from_ref(obj))?
        }
        _ => match user_slot(descr, "__get__") {
            Some(get) => vm.call(
                &get,
                &[
                    descr.clone(),
                    obj.clone(),
                    crate::builtins::types::class_value(class_of(obj)),
                ],
            )?,
            None => descr.clone(),
        },
    })
}

/// The special method `name` of `v`'s class when that class is defined in
/// Python (or derives from one that is): user objects stored in classes
/// may be descriptors. Built-in classes answer None (their descriptors
/// are the payload kinds `bind` knows).
pub fn user_slot(v: &Value, name: &'static str) -> Option<Value> {
    let Value::Obj(o) = v else { return None };
    let td = o.class().type_data_of_self();
    if td.builtin {
        return None;
    }
    td.lookup(&crate::strobj::intern_static(name))
}

/// True for an object of a Python-defined class: a class attribute that
/// may act as a descriptor now or later (its class can gain `__get__` or
/// `__set__` without the owner's version moving), so the specializers
/// never cache around one.
pub fn maybe_user_descriptor(v: &Value) -> bool {
    matches!(v, Value::Obj(o) if !o.class().type_data_of_self().builtin)
}

/// True for values that take precedence over an instance dict entry.
pub fn is_data_descriptor(v: &Value) -> bool {
    match v {
        Value::Obj(o) => match &o.payload {
            Payload::Property(_) => true,
            Payload::Native(b) => b.is::<SlotMember>(),
            _ => user_slot(v, "__set__").is_some() || user_slot(v, "__delete__").is_some(),
        },
        _ => false,
    }
}

fn no_attr(vm: &Vm, obj: &Value, name: &ObjRef) -> crate::vm::PyErr {
    vm.attribute_error(format!(
        "'{}' object has no attribute '{}'",
        vm.type_name(obj),
        name.as_str().unwrap_or("?")
    ))
}

/// `getattr(obj, name)`
pub fn get_attr(vm: &Vm, obj: &Value, name: &ObjRef) -> PyResult<Value> {
    if let Value::Obj(o) = obj {
        match &o.payload {
            Payload::Type(_) => return type_getattr(vm, o, obj, name),
            Payload::Module(m) => {
                if let Some(v) = vm.dict_of(&m.dict).get_str(name) {
                    return Ok(v);
                }
                if name.as_str() == Some("__dict__") {
                    return Ok(Value::Obj(m.dict.clone()));
                }
                return Err(vm.attribute_error(format!(
                    "module '{}' has no attribute '{}'",
                    m.name,
                    name.as_str().unwrap_or("?")
                )));
            }
            Payload::Super(start, inst) => {
                return crate::builtins::superobj::super_getattr(vm, start, inst, name)
            }
            _ => {}
        }
    }
    if crate::typeobj::access_overridden() {
        if let Some(ga) = custom_getattribute(obj) {
            return match vm.call(&ga, &[obj.clone(), Value::Obj(name.clone())]) {
                Err(e) if vm.err_matches(&e, types().exc.attribute_error) => {
                    match user_slot(obj, "__getattr__") {
                        Some(g) => vm.call(&g, &[obj.clone(), Value::Obj(name.clone())]),
                        None => Err(e),
                    }
                }
                r => r,
            };
        }
    }
    instance_getattr(vm, obj, name, true)
}

/// A Python-level `__getattribute__` of `obj`'s class (not `object`'s).
pub fn custom_getattribute(obj: &Value) -> Option<Value> {
    user_slot(obj, "__getattribute__")
        .filter(|f| !matches!(f, Value::Obj(o) if matches!(o.payload, Payload::Builtin(_))))
}

/// `object.__getattribute__(obj, name)`: the generic lookup, bypassing any
/// `__getattribute__` override and without the `__getattr__` fallback.
pub fn generic_getattr(vm: &Vm, obj: &Value, name: &ObjRef) -> PyResult<Value> {
    if let Value::Obj(o) = obj {
        if matches!(
            o.payload,
            Payload::Type(_) | Payload::Module(_) | Payload::Super(..)
        ) {
            return get_attr(vm, obj, name);
        }
    }
    instance_getattr(vm, obj, name, false)
}

fn instance_getattr(vm: &Vm, obj: &Value, name: &ObjRef, fallback: bool) -> PyResult<Value> {
    let cls = class_of(obj);
    let td = cls.type_data_of_self();
    let descr = td.lookup(name);
    if let Some(d) = &descr {
        if let Some(sm) = slot_member(d) {
            if let Value::Obj(o) = obj {
                if let Some(cell) = o.slots.get(sm.index) {
                    let v = cell.lock().clone();
                    if !v.is_null() {
                        return Ok(v);
                    }
                }
            }
            return getattr_fallback(vm, obj, name, fallback);
        }
        if is_data_descriptor(d) {
            return bind(vm, d, obj);
        }
    }
    let n = name.as_str().unwrap_or("");
    if let Value::Obj(o) = obj {
        if n.starts_with("__") || !matches!(o.payload, Payload::Plain) {
            if let Some(v) = crate::builtins::intrinsics::get(vm, o, obj, n)? {
                return Ok(v);
            }
        }
        if let Some(d) = &o.dict {
            if let Some(v) = vm.dict_of(d).get_str(name) {
                return Ok(v);
            }
        } else if td.base_kind == crate::typeobj::BaseKind::ThreadLocal {
            if let Some(d) = crate::modules::thread::local_dict(vm, o)? {
                if n == "__dict__" {
                    return Ok(Value::Obj(d));
                }
                if let Some(v) = vm.dict_of(&d).get_str(name) {
                    return Ok(v);
                }
            }
        }
    } else if n == "__class__" {
        return Ok(Value::Obj(ObjRef::from_object(cls)));
    } else if let Some(v) = crate::builtins::intrinsics::immediate_attr(obj, n) {
        return Ok(v);
    }
    if let Some(d) = descr {
        return bind(vm, &d, obj);
    }
    getattr_fallback(vm, obj, name, fallback)
}

fn getattr_fallback(vm: &Vm, obj: &Value, name: &ObjRef, fallback: bool) -> PyResult<Value> {
    let td = class_of(obj).type_data_of_self();
    if fallback && !td.builtin {
        if let Some(ga) = td.lookup(&crate::strobj::intern_static("__getattr__")) {
            return vm.call(&ga, &[obj.clone(), Value::Obj(name.clone())]);
        }
    }
    Err(no_attr(vm, obj, name))
}

/// Attribute lookup on a class object: the metaclass's data descriptors,
/// then the class's MRO (descriptors there called with no instance), then
/// the metaclass's other attributes bound to the class, then a
/// metaclass `__getattr__`.
fn type_getattr(vm: &Vm, o: &ObjRef, obj: &Value, name: &ObjRef) -> PyResult<Value> {
    let n = name.as_str().unwrap_or("");
    if n.starts_with("__") {
        if let Some(v) = crate::builtins::intrinsics::type_get(vm, o, n)? {
            return Ok(v);
        }
    }
    let meta = o.class().type_data_of_self();
    let meta_attr = if meta.builtin {
        None
    } else {
        meta.lookup(name)
    };
    if let Some(ma) = &meta_attr {
        if is_data_descriptor(ma) {
            return bind(vm, ma, obj);
        }
    }
    let td = o.type_data_of_self();
    if let Some(d) = td.lookup(name) {
        let Value::Obj(dobj) = &d else { return Ok(d) };
        return Ok(match &dobj.payload {
            Payload::StaticMethod(f) => f.clone(),
            Payload::ClassMethod(f) => new_bound(f.clone(), obj.clone()),
            _ => match user_slot(&d, "__get__") {
                Some(get) => vm.call(&get, &[d.clone(), Value::None, obj.clone()])?,
                None => d.clone(),
            },
        });
    }
    if let Some(ma) = meta_attr {
        return bind(vm, &ma, obj);
    }
    // Methods of the metaclass `type` itself, e.g. `mro`.
    if let Some(d) = types().type_.type_data_of_self().lookup(name) {
        return bind(vm, &d, obj);
    }
    if !meta.builtin {
        if let Some(ga) = meta.lookup(&crate::strobj::intern_static("__getattr__")) {
            return vm.call(&ga, &[obj.clone(), Value::Obj(name.clone())]);
        }
    }
    Err(vm.attribute_error(format!(
        "type object '{}' has no attribute '{}'",
        td.name(),
        n
    )))
}

/// `LOAD_ATTR` method form: `(method, self)` when `name` is a plain
/// function on the class not shadowed by the instance, else `(attr, null)`.
pub fn load_method(vm: &Vm, obj: &Value, name: &ObjRef) -> PyResult<(Value, Value)> {
    let plain = match obj {
        Value::Obj(o) => !matches!(
            o.payload,
            Payload::Type(_) | Payload::Module(_) | Payload::Super(..)
        ),
        _ => true,
    };
    if plain {
        let td = class_of(obj).type_data_of_self();
        if let Some(d) = td.lookup(name) {
            let is_method = match &d {
                Value::Obj(dobj) => match &dobj.payload {
                    Payload::Function(_) => true,
                    Payload::Builtin(b) => b.is_method,
                    _ => false,
                },
                _ => false,
            };
            if is_method {
                // A name no instance dict has ever held (its bit clear in
                // the instance-key filter) needs no probe.
                let shadowed = match obj {
                    Value::Obj(o) => match &o.dict {
                        Some(dd) => {
                            crate::dict::maybe_instance_key(name)
                                && vm.dict_of(dd).get_str(name).is_some()
                        }
                        None => false,
                    },
                    _ => false,
                };
                if !shadowed {
                    return Ok((d, obj.clone()));
                }
            }
        }
    }
    Ok((get_attr(vm, obj, name)?, Value::Null))
}

/// `setattr(obj, name, value)`, or `delattr` when `value` is None.
pub fn set_attr(vm: &Vm, obj: &Value, name: &ObjRef, value: Option<Value>) -> PyResult<()> {
    let n = name.as_str().unwrap_or("");
    if let Value::Obj(o) = obj {
        match &o.payload {
            Payload::Type(t) => {
                let meta = o.class().type_data_of_self();
                if !meta.builtin {
                    let hook = if value.is_some() {
                        "__setattr__"
                    } else {
                        "__delattr__"
                    };
                    if let Some(sa) = meta.lookup(&crate::strobj::intern_static(hook)) {
                        if !matches!(&sa, Value::Obj(so) if matches!(so.payload, Payload::Builtin(_)))
                        {
                            let mut args = vec![obj.clone(), Value::Obj(name.clone())];
                            if let Some(v) = value {
                                args.push(v);
                            }
                            vm.call(&sa, &args)?;
                            return Ok(());
                        }
                    }
                    if let Some(d) = meta.lookup(name) {
                        let slot = if value.is_some() {
                            "__set__"
                        } else {
                            "__delete__"
                        };
                        if let Some(f) = user_slot(&d, slot) {
                            let mut args = vec![d.clone(), obj.clone()];
                            if let Some(v) = value {
                                args.push(v);
                            }
                            vm.call(&f, &args)?;
                            return Ok(());
                        }
                        if let Value::Obj(dobj) = &d {
                            if let Payload::Property(p) = &dobj.payload {
                                let f = if value.is_some() { &p.fset } else { &p.fdel };
                                if !f.is_none() && !f.is_null() {
                                    let mut args = vec![obj.clone()];
                                    if let Some(v) = value {
                                        args.push(v);
                                    }
                                    vm.call(f, &args)?;
                                    return Ok(());
                                }
                            }
                        }
                    }
                }
                return crate::builtins::typecall::type_setattr(vm, o, t, name, value);
            }
            Payload::Module(m) => {
                let d = vm.dict_of(&m.dict);
                match value {
                    Some(v) => d.set_str(name.clone(), v),
                    None => {
                        if d.remove_str(name).is_none() {
                            return Err(vm.attribute_error(format!(
                                "module '{}' has no attribute '{}'",
                                m.name, n
                            )));
                        }
                    }
                }
                return Ok(());
            }
            _ => {}
        }
        let td = o.type_data();
        if !td.builtin {
            if let Some(sa) = td.lookup(&intern(if value.is_some() {
                "__setattr__"
            } else {
                "__delattr__"
            })) {
                if !matches!(&sa, Value::Obj(so) if matches!(so.payload, Payload::Builtin(_))) {
                    let mut args = vec![obj.clone(), Value::Obj(name.clone())];
                    if let Some(v) = value {
                        args.push(v);
                    }
                    vm.call(&sa, &args)?;
                    return Ok(());
                }
            }
        }
        return generic_setattr(vm, o, obj, name, value);
    }
    Err(vm.attribute_error(format!(
        "'{}' object has no attribute '{}'",
        vm.type_name(obj),
        n
    )))
}

/// `object.__setattr__` semantics (no user override).
pub fn generic_setattr(
    vm: &Vm,
    o: &ObjRef,
    obj: &Value,
    name: &ObjRef,
    value: Option<Value>,
) -> PyResult<()> {
    let n = name.as_str().unwrap_or("");
    let td = o.type_data();
    if let Some(d) = td.lookup(name) {
        if let Some(sm) = slot_member(&d) {
            if let Some(cell) = o.slots.get(sm.index) {
                let mut g = cell.lock();
                match value {
                    Some(v) => *g = v,
                    None => {
                        if g.is_null() {
                            drop(g);
                            return Err(no_attr(vm, obj, name));
                        }
                        *g = Value::Null;
                    }
                }
                return Ok(());
            }
        }
        if maybe_user_descriptor(&d) {
            let slot = if value.is_some() {
                "__set__"
            } else {
                "__delete__"
            };
            if let Some(f) = user_slot(&d, slot) {
                let mut args = vec![d.clone(), obj.clone()];
                if let Some(v) = value {
                    args.push(v);
                }
                vm.call(&f, &args)?;
                return Ok(());
            }
            if is_data_descriptor(&d) {
                return Err(vm.attribute_error(slot));
            }
        }
        if let Value::Obj(dobj) = &d {
            if let Payload::Property(p) = &dobj.payload {
                let (f, what) = if value.is_some() {
                    (&p.fset, "setter")
                } else {
                    (&p.fdel, "deleter")
                };
                if f.is_none() || f.is_null() {
                    return Err(vm.attribute_error(format!(
                        "property '{}' of '{}' object has no {}",
                        n,
                        td.name(),
                        what
                    )));
                }
                let mut args = vec![obj.clone()];
                if let Some(v) = value {
                    args.push(v);
                }
                vm.call(f, &args)?;
                return Ok(());
            }
        }
    }
    // Exceptions have plain-named intrinsic fields too (`OSError.errno`).
    let may_be_intrinsic = n.starts_with("__") || matches!(o.payload, Payload::Exception(_));
    if may_be_intrinsic && crate::builtins::intrinsics::set(vm, o, obj, n, &value)? {
        return Ok(());
    }
    let local = if o.dict.is_none() && td.base_kind == crate::typeobj::BaseKind::ThreadLocal {
        crate::modules::thread::local_dict(vm, o)?
    } else {
        None
    };
    match o.dict.as_ref().or(local.as_ref()) {
        Some(d) => {
            let dd = vm.dict_of(d);
            match value {
                Some(v) => dd.set_str(name.clone(), v),
                None => {
                    if dd.remove_str(name).is_none() {
                        return Err(no_attr(vm, obj, name));
                    }
                }
            }
            Ok(())
        }
        None => Err(vm.attribute_error(format!("'{}' object has no attribute '{}'", td.name(), n))),
    }
}

impl Object {
    /// The `TypeData` of a class object itself (not of its class).
    pub fn type_data_of_self(&self) -> &crate::typeobj::TypeData {
        match &self.payload {
            Payload::Type(t) => t,
            _ => self.type_data(),
        }
    }
}
