//! Intrinsic attributes of built-in objects (`__class__`, `__dict__`,
//! function and code attributes, exception chaining attributes, slice and
//! range fields, ...) and of classes (`__name__`, `__mro__`, `__bases__`).

use crate::builtins::list::new_list;
use crate::builtins::tuple::new_tuple;
use crate::builtins::types::{class_value, types};
use crate::object::Payload;
use crate::strobj::new_str;
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};
use std::sync::atomic::Ordering;

/// An intrinsic attribute of an instance, if `name` is one.
pub fn get(vm: &Vm, o: &ObjRef, v: &Value, name: &str) -> PyResult<Option<Value>> {
    if name == "__class__" {
        return Ok(Some(class_value(o.class())));
    }
    if name == "__dict__" {
        if let Some(d) = &o.dict {
            return Ok(Some(Value::Obj(d.clone())));
        }
    }
    Ok(match &o.payload {
        Payload::Function(f) => match name {
            "__name__" => Some(new_str(f.name.lock().clone())),
            "__qualname__" => Some(new_str(f.qualname.lock().clone())),
            "__doc__" => Some(f.doc.lock().clone()),
            "__module__" => Some(f.module.lock().clone()),
            "__defaults__" => Some(f.state().defaults.clone()),
            "__kwdefaults__" => Some(f.state().kwdefaults.clone()),
            "__annotations__" => Some(f.annotations()),
            "__globals__" => Some(Value::Obj(f.globals.clone())),
            "__code__" => Some(f.code().as_value()),
            "__closure__" => Some(match &f.closure {
                Some(c) => new_tuple(c.iter().map(|x| Value::Obj(x.clone())).collect()),
                None => Value::None,
            }),
            _ => None,
        },
        Payload::BoundMethod(f, recv) => match name {
            "__self__" => Some(recv.clone()),
            "__func__" => Some(f.clone()),
            "__name__" | "__qualname__" | "__doc__" | "__module__" => {
                Some(vm.get_attr_str(f, name)?)
            }
            _ => None,
        },
        Payload::Builtin(b) => match name {
            "__name__" | "__qualname__" => Some(new_str(b.name)),
            "__self__" => Some(b.bound.clone().unwrap_or(Value::None)),
            "__doc__" => Some(Value::None),
            _ => None,
        },
        Payload::Exception(e) => match name {
            "args" => Some(e.args.lock().clone()),
            "__cause__" => Some(e.cause.lock().clone()),
            "__context__" => Some(e.context.lock().clone()),
            "__suppress_context__" => Some(Value::Bool(e.suppress_context.load(Ordering::Relaxed))),
            "__traceback__" => Some(crate::exceptions::traceback_value(vm, v)),
            "message" | "exceptions" => crate::builtins::excgroup::group_attr(o, name),
            "value" if crate::typeobj::is_subtype(o.class(), types().exc.stop_iteration) => Some(
                crate::builtins::tuple::tuple_items(&e.args.lock())
                    .and_then(|a| a.into_iter().next())
                    .unwrap_or(Value::None),
            ),
            "errno" | "strerror" | "filename" | "filename2"
                if crate::builtins::oserror::is_os_error_class(o.class()) =>
            {
                crate::builtins::oserror::field(o, name)
            }
            "code" if crate::typeobj::is_subtype(o.class(), types().exc.system_exit) => Some(
                crate::builtins::tuple::tuple_items(&e.args.lock())
                    .and_then(|a| a.into_iter().next())
                    .unwrap_or(Value::None),
            ),
            _ => None,
        },
        Payload::Code(c) => match name {
            "co_name" => Some(new_str(c.name.clone())),
            "co_qualname" => Some(new_str(c.qualname.clone())),
            "co_filename" => Some(new_str(c.filename.clone())),
            "co_firstlineno" => Some(Value::Int(c.first_line as i64)),
            "co_argcount" => Some(Value::Int(c.arg_count as i64)),
            "co_posonlyargcount" => Some(Value::Int(c.posonly_arg_count as i64)),
            "co_kwonlyargcount" => Some(Value::Int(c.kwonly_arg_count as i64)),
            "co_nlocals" => Some(Value::Int(c.varnames.len() as i64)),
            "co_varnames" => Some(new_tuple(
                c.varnames.iter().map(|x| Value::Obj(x.clone())).collect(),
            )),
            "co_freevars" => Some(new_tuple(
                c.freevars.iter().map(|x| Value::Obj(x.clone())).collect(),
            )),
            "co_cellvars" => Some(new_tuple(
                c.cellvars.iter().map(|x| Value::Obj(x.clone())).collect(),
            )),
            "co_names" => Some(new_tuple(
                c.names.iter().map(|x| Value::Obj(x.clone())).collect(),
            )),
            "co_consts" => Some(new_tuple(c.consts.to_vec())),
            _ => None,
        },
        Payload::Generator(g) => {
            use crate::generator::GenKind;
            let prefix = match g.kind {
                GenKind::Generator => "gi_",
                GenKind::Coroutine => "cr_",
                GenKind::AsyncGenerator => "ag_",
            };
            match name.strip_prefix(prefix) {
                _ if name == "__name__" => Some(new_str(g.name.clone())),
                _ if name == "__qualname__" => Some(new_str(g.qualname.clone())),
                Some("running") => Some(Value::Bool(g.running.load(Ordering::Relaxed))),
                Some("code") => Some(g.code.as_value()),
                Some("frame") if g.finished.load(Ordering::Acquire) => Some(Value::None),
                Some("frame") => Some(crate::frameobj::generator_frame(vm, g)),
                _ => None,
            }
        }
        Payload::Property(p) => match name {
            "fget" => Some(p.fget.clone()),
            "fset" => Some(p.fset.clone()),
            "fdel" => Some(p.fdel.clone()),
            "__doc__" => Some(p.doc.clone()),
            _ => None,
        },
        Payload::StaticMethod(f) | Payload::ClassMethod(f) => match name {
            "__func__" | "__wrapped__" => Some(f.clone()),
            _ => None,
        },
        Payload::Slice(a, b, c) => match name {
            "start" => Some(a.clone()),
            "stop" => Some(b.clone()),
            "step" => Some(c.clone()),
            _ => None,
        },
        Payload::Range(r) => match name {
            "start" => Some(Value::Int(r.start)),
            "stop" => Some(Value::Int(r.stop)),
            "step" => Some(Value::Int(r.step)),
            _ => None,
        },
        Payload::BigRange(r) => match name {
            "start" => Some(crate::builtins::int::int_from_bigint(r.start.clone())),
            "stop" => Some(crate::builtins::int::int_from_bigint(r.stop.clone())),
            "step" => Some(crate::builtins::int::int_from_bigint(r.step.clone())),
            _ => None,
        },
        Payload::Cell(c) => match name {
            "cell_contents" => {
                let x = c.lock().clone();
                if x.is_null() {
                    return Err(vm.value_error("Cell is empty"));
                }
                Some(x)
            }
            _ => None,
        },
        Payload::Complex(re, im) => match name {
            "real" => Some(Value::Float(*re)),
            "imag" => Some(Value::Float(*im)),
            _ => None,
        },
        Payload::Int(_) => match name {
            "real" | "numerator" => Some(v.clone()),
            "imag" => Some(Value::Int(0)),
            "denominator" => Some(Value::Int(1)),
            _ => None,
        },
        Payload::Module(m) => match name {
            "__name__" => Some(new_str(m.name.clone())),
            _ => None,
        },
        _ => None,
    })
}

/// Immediate ints/floats' data attributes.
pub fn immediate_attr(v: &Value, name: &str) -> Option<Value> {
    match (v, name) {
        (Value::Int(_) | Value::Bool(_), "real" | "numerator") => Some(match v {
            Value::Bool(b) => Value::Int(*b as i64),
            _ => v.clone(),
        }),
        (Value::Int(_) | Value::Bool(_), "imag") => Some(Value::Int(0)),
        (Value::Int(_) | Value::Bool(_), "denominator") => Some(Value::Int(1)),
        (Value::Float(_), "real") => Some(v.clone()),
        (Value::Float(_), "imag") => Some(Value::Float(0.0)),
        _ => None,
    }
}

/// Sets an intrinsic attribute; Ok(false) when `name` is not one.
pub fn set(vm: &Vm, o: &ObjRef, _v: &Value, name: &str, value: &Option<Value>) -> PyResult<bool> {
    if name == "__class__" {
        let Some(Value::Obj(c)) = value else {
            return Err(vm.type_error("__class__ must be set to a class"));
        };
        let Some(cs) = c.as_static() else {
            return Err(vm.type_error("__class__ must be set to a class"));
        };
        if !matches!(cs.payload, Payload::Type(_)) {
            return Err(vm.type_error(format!(
                "__class__ must be set to a class, not '{}' object",
                c.type_name()
            )));
        }
        let old = o.type_data();
        let new = cs.type_data_of_self();
        if old.base_kind != new.base_kind
            || old.slot_count() != new.slot_count()
            || old.instances_have_dict() != new.instances_have_dict()
        {
            return Err(vm.type_error(format!(
                "__class__ assignment: '{}' object layout differs from '{}'",
                new.name(),
                old.name()
            )));
        }
        o.set_class(cs);
        return Ok(true);
    }
    if let Payload::Function(f) = &o.payload {
        match name {
            "__name__" | "__qualname__" => {
                let s = value
                    .as_ref()
                    .and_then(|x| x.as_obj().and_then(|o| o.as_str().map(|s| s.to_string())))
                    .ok_or_else(|| {
                        vm.type_error(format!("{name} must be set to a string object"))
                    })?;
                if name == "__name__" {
                    *f.name.lock() = s;
                } else {
                    *f.qualname.lock() = s;
                }
                return Ok(true);
            }
            "__doc__" => {
                *f.doc.lock() = value.clone().unwrap_or(Value::None);
                return Ok(true);
            }
            "__annotations__" => {
                if let Some(v) = value {
                    if !matches!(v.as_obj().map(|x| &x.payload), Some(Payload::Dict(_))) {
                        return Err(vm.type_error("__annotations__ must be set to a dict object"));
                    }
                }
                f.set_annotations(value.clone());
                return Ok(true);
            }
            "__module__" => {
                *f.module.lock() = value.clone().unwrap_or(Value::None);
                return Ok(true);
            }
            "__defaults__" => {
                let d = value.clone().unwrap_or(Value::None);
                f.replace_state(|s| crate::function::FuncState {
                    code: s.code,
                    defaults: d,
                    kwdefaults: s.kwdefaults.clone(),
                });
                return Ok(true);
            }
            "__kwdefaults__" => {
                let d = value.clone().unwrap_or(Value::None);
                f.replace_state(|s| crate::function::FuncState {
                    code: s.code,
                    defaults: s.defaults.clone(),
                    kwdefaults: d,
                });
                return Ok(true);
            }
            "__code__" => {
                let c = match value.as_ref().and_then(|x| x.as_obj()).map(|x| &x.payload) {
                    Some(Payload::Code(c)) => *c,
                    _ => return Err(vm.type_error("__code__ must be set to a code object")),
                };
                f.replace_state(|s| crate::function::FuncState {
                    code: c,
                    defaults: s.defaults.clone(),
                    kwdefaults: s.kwdefaults.clone(),
                });
                return Ok(true);
            }
            _ => {}
        }
    }
    if let Payload::Exception(e) = &o.payload {
        match name {
            "__cause__" => {
                *e.cause.lock() = value.clone().unwrap_or(Value::None);
                e.suppress_context.store(true, Ordering::Relaxed);
                return Ok(true);
            }
            "__context__" => {
                *e.context.lock() = value.clone().unwrap_or(Value::None);
                return Ok(true);
            }
            "__suppress_context__" => {
                let b = crate::ops::truthy(vm, value.as_ref().unwrap_or(&Value::Bool(false)))?;
                e.suppress_context.store(b, Ordering::Relaxed);
                return Ok(true);
            }
            "__traceback__" => {
                crate::exceptions::set_traceback(vm, o, value.as_ref().unwrap_or(&Value::None))?;
                return Ok(true);
            }
            "errno" | "strerror" | "filename" | "filename2"
                if crate::builtins::oserror::is_os_error_class(o.class()) =>
            {
                return Ok(crate::builtins::oserror::set_field(o, name, value.clone()));
            }
            _ => {}
        }
    }
    Ok(false)
}

/// Intrinsic attributes of a class object.
pub fn type_get(vm: &Vm, o: &ObjRef, name: &str) -> PyResult<Option<Value>> {
    let td = o.type_data_of_self();
    Ok(match name {
        "__name__" => Some(new_str(td.name())),
        "__qualname__" => Some(new_str(td.qualname())),
        "__mro__" => Some(new_tuple(td.mro().into_iter().map(class_value).collect())),
        "__bases__" => Some(new_tuple(td.bases().into_iter().map(class_value).collect())),
        "__base__" => Some(
            td.bases()
                .first()
                .map(|b| class_value(b))
                .unwrap_or(Value::None),
        ),
        "__dict__" => Some(crate::builtins::mappingproxy::new_mappingproxy(Value::Obj(
            td.dict.clone(),
        ))),
        "__class__" => Some(class_value(o.class())),
        "__module__" => Some(
            td.own_dict()
                .get_by_name("__module__")
                .unwrap_or_else(|| new_str("builtins")),
        ),
        "__doc__" => Some(td.own_dict().get_by_name("__doc__").unwrap_or(Value::None)),
        "__subclasses__" => {
            let _ = vm;
            None
        }
        _ => None,
    })
}

/// `cls.__subclasses__()` result.
pub fn subclasses(o: &ObjRef) -> Value {
    new_list(
        o.type_data_of_self()
            .subclasses()
            .into_iter()
            .map(class_value)
            .collect(),
    )
}
