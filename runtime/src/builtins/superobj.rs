//! `super`: attribute lookup that starts after a given class in the MRO of
//! the instance (or class) it is bound to.

use crate::builtins::types::{class_of, types};
use crate::function::CallArgs;
use crate::object::{Object, Payload};
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

/// `super(cls, obj)` as an object.
pub fn new_super(vm: &Vm, cls: Value, obj: Value) -> PyResult<Value> {
    let start = super_type_arg(vm, &cls)?;
    let bound_ok = crate::typeobj::is_subtype(class_of(&obj), start)
        || matches!(&obj, Value::Obj(o)
            if matches!(o.payload, Payload::Type(_)) && crate::typeobj::is_subtype(o, start));
    if !bound_ok {
        return Err(vm.type_error("super(type, obj): obj must be an instance or subtype of type"));
    }
    Ok(make_super(cls, obj))
}

/// The class argument of `super(...)`, or CPython's TypeError.
fn super_type_arg<'a>(vm: &Vm, cls: &'a Value) -> PyResult<&'a Object> {
    match cls {
        Value::Obj(o) if matches!(o.payload, Payload::Type(_)) => Ok(o),
        _ => Err(vm.type_error(format!(
            "super() argument 1 must be a type, not {}",
            vm.type_name(cls)
        ))),
    }
}

/// A super object; `obj` is `Value::Null` for an unbound one
/// (`super(C)`), which binds through `__get__`.
fn make_super(cls: Value, obj: Value) -> Value {
    Value::Obj(ObjRef::new(Object::new(
        types().super_,
        Payload::Super(cls, obj),
    )))
}

/// Calling `super(...)` directly.
pub fn super_call(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let pos = args.pos();
    match pos.len() {
        2 => new_super(vm, pos[0].clone(), pos[1].clone()),
        1 => {
            super_type_arg(vm, &pos[0])?;
            Ok(make_super(pos[0].clone(), Value::Null))
        }
        0 => Err(vm.runtime_error("super(): no arguments")),
        n => Err(vm.type_error(format!("super() expected at most 2 arguments, got {n}"))),
    }
}

/// `super_obj.__get__(obj, type=None)`: an unbound super bound to `obj`;
/// a bound one (or `obj` None) is returned as it is.
fn super_get(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    crate::builtins::args::arg_count(vm, "__get__", &args, 2, 3)?;
    let pos = args.pos();
    let Some(Value::Obj(s)) = pos.first() else {
        return Err(vm.type_error("descriptor '__get__' requires a 'super' object"));
    };
    let Payload::Super(start, inst) = &s.payload else {
        return Err(vm.type_error("descriptor '__get__' requires a 'super' object"));
    };
    if !inst.is_null() || pos[1].is_none() {
        return Ok(pos[0].clone());
    }
    new_super(vm, start.clone(), pos[1].clone())
}

/// `repr(super_obj)`: `<super: <class 'C'>, <C object>>`, or `NULL` for
/// an unbound one.
pub fn super_repr(vm: &Vm, start: &Value, inst: &Value) -> String {
    let cls = match start {
        Value::Obj(o) => format!("<class '{}'>", o.type_data_of_self().name()),
        _ => "NULL".into(),
    };
    if inst.is_null() {
        format!("<super: {cls}, NULL>")
    } else {
        format!("<super: {cls}, <{} object>>", vm.type_name(inst))
    }
}

/// The attributes of the super object itself, after the MRO search
/// found nothing (or it was unbound): `__thisclass__`, `__self__`,
/// `__self_class__` and the methods of `super`.
fn own_attribute(vm: &Vm, start: &Value, inst: &Value, name: &ObjRef) -> Option<PyResult<Value>> {
    let unset = |v: &Value| if v.is_null() { Value::None } else { v.clone() };
    match name.as_str()? {
        "__thisclass__" => return Some(Ok(start.clone())),
        "__self__" => return Some(Ok(unset(inst))),
        "__self_class__" => {
            return Some(Ok(if inst.is_null() {
                Value::None
            } else if matches!(inst, Value::Obj(o) if matches!(o.payload, Payload::Type(_))) {
                inst.clone()
            } else {
                crate::builtins::types::class_value(class_of(inst))
            }))
        }
        _ => {}
    }
    let found = types().super_.type_data_of_self().lookup(name)?;
    let sup = make_super(start.clone(), inst.clone());
    Some(crate::attrs::bind(vm, &found, &sup))
}

/// Registers the methods of `super`.
pub fn register() {
    crate::builtins::add_method(types().super_, "__get__", super_get);
}

/// `super_obj.name`
pub fn super_getattr(vm: &Vm, start: &Value, inst: &Value, name: &ObjRef) -> PyResult<Value> {
    if let Some(found) = mro_attribute(vm, start, inst, name)? {
        return Ok(found);
    }
    if let Some(r) = own_attribute(vm, start, inst, name) {
        return r;
    }
    Err(vm.attribute_error(format!(
        "'super' object has no attribute '{}'",
        name.as_str().unwrap_or("?")
    )))
}

/// The attribute `name` found after `start` in the MRO `inst` stands
/// for, bound to `inst` (None for an unbound super, and for `__class__`,
/// which is the super object's own).
fn mro_attribute(vm: &Vm, start: &Value, inst: &Value, name: &ObjRef) -> PyResult<Option<Value>> {
    if inst.is_null() || name.as_str() == Some("__class__") {
        return Ok(None);
    }
    let start_cls = start.as_obj().map(|o| &**o as *const Object);
    // `super(C, cls)` with `cls` a subclass of `C` walks `cls`'s own MRO
    // (class methods); any other instance, a class included (a metaclass's
    // methods), walks its class's.
    let inst_is_type = match (inst, start) {
        (Value::Obj(o), Value::Obj(s)) if matches!(o.payload, Payload::Type(_)) => {
            crate::typeobj::is_subtype(o, s)
        }
        _ => false,
    };
    let mro_owner: &Object = if inst_is_type {
        inst.as_obj().map(|o| &**o).unwrap_or(types().object)
    } else {
        class_of(inst)
    };
    let mro = mro_owner.type_data_of_self().mro();
    let pos = mro
        .iter()
        .position(|c| Some(*c as *const Object) == start_cls)
        .map(|p| p + 1)
        .unwrap_or(mro.len());
    for cls in &mro[pos..] {
        let td = cls.type_data_of_self();
        if let Some(v) = td.own_dict().get_str(name) {
            let Value::Obj(d) = &v else {
                return Ok(Some(v));
            };
            return Ok(Some(match &d.payload {
                Payload::Function(_) => {
                    if inst_is_type {
                        v.clone()
                    } else {
                        Value::Obj(ObjRef::new(Object::new(
                            types().method,
                            Payload::BoundMethod(v.clone(), inst.clone()),
                        )))
                    }
                }
                Payload::ClassMethod(f) => {
                    let owner = if inst_is_type {
                        inst.clone()
                    } else {
                        crate::builtins::types::class_value(class_of(inst))
                    };
                    Value::Obj(ObjRef::new(Object::new(
                        types().method,
                        Payload::BoundMethod(f.clone(), owner),
                    )))
                }
                Payload::StaticMethod(f) => f.clone(),
                Payload::Property(p) if !inst_is_type => {
                    vm.call(&p.fget, std::slice::from_ref(inst))?
                }
                Payload::Builtin(_) if !inst_is_type => crate::attrs::bind(vm, &v, inst)?,
                _ => match crate::attrs::user_slot(&v, "__get__") {
                    Some(get) => {
                        let (obj, owner) = if inst_is_type {
                            (Value::None, inst.clone())
                        } else {
                            (
                                inst.clone(),
                                crate::builtins::types::class_value(class_of(inst)),
                            )
                        };
                        vm.call(&get, &[v.clone(), obj, owner])?
                    }
                    None => v.clone(),
                },
            }));
        }
    }
    Ok(None)
}
