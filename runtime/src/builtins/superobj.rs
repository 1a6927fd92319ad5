//! `super`: attribute lookup that starts after a given class in the MRO of
//! the instance (or class) it is bound to.

use crate::builtins::types::{class_of, types};
use crate::function::CallArgs;
use crate::object::{Object, Payload};
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

/// `super(cls, obj)` as an object.
pub fn new_super(vm: &Vm, cls: Value, obj: Value) -> PyResult<Value> {
    let ok = matches!(&cls, Value::Obj(o) if matches!(o.payload, Payload::Type(_)));
    if !ok {
        return Err(vm.type_error(format!(
            "super() argument 1 must be a type, not {}",
            vm.type_name(&cls)
        )));
    }
    Ok(Value::Obj(ObjRef::new(Object::new(
        types().super_,
        Payload::Super(cls, obj),
    ))))
}

/// Calling `super(...)` directly.
pub fn super_call(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let pos = args.pos();
    match pos.len() {
        2 => new_super(vm, pos[0].clone(), pos[1].clone()),
        0 => Err(vm.runtime_error("super(): no arguments")),
        _ => Err(vm.type_error("super() takes 0 or 2 arguments")),
    }
}

/// `super_obj.name`
pub fn super_getattr(vm: &Vm, start: &Value, inst: &Value, name: &ObjRef) -> PyResult<Value> {
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
            let Value::Obj(d) = &v else { return Ok(v) };
            return Ok(match &d.payload {
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
            });
        }
    }
    Err(vm.attribute_error(format!(
        "'super' object has no attribute '{}'",
        name.as_str().unwrap_or("?")
    )))
}
