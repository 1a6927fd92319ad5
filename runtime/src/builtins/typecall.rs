//! Classes at run time: calling a class (`__new__`/`__init__`, the
//! constructors of built-in types), `__build_class__` and 3-argument
//! `type()` creating user classes (C3 MRO, `__slots__`, `__classcell__`),
//! and attribute assignment on classes with version invalidation.

use crate::attrs::SlotMember;
use crate::builtins::ctors;
use crate::builtins::types::{class_of, class_value, types};
use crate::dict::DictObj;
use crate::eval::{run_frame, Frame};
use crate::function::CallArgs;
use crate::object::{Object, Payload};
use crate::ops;
use crate::strobj::intern;
use crate::typeobj::{c3_mro, BaseKind, TypeData};
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

/// True for a native function, or a static method around one (the default
/// `__new__` is `object.__new__`, a static method).
pub(crate) fn is_builtin_func(v: &Value) -> bool {
    match v {
        Value::Obj(o) => match &o.payload {
            Payload::Builtin(_) => true,
            Payload::StaticMethod(f) => is_builtin_func(f),
            _ => false,
        },
        _ => false,
    }
}

/// Calls a class object: creates and initialises an instance.
pub fn call_type(vm: &Vm, cls: &ObjRef, args: CallArgs) -> PyResult<Value> {
    let Some(cls_static) = cls.as_static() else {
        return Err(vm.type_error("class objects must be immortal"));
    };
    let td = cls.type_data_of_self();
    if td.builtin {
        return ctors::construct_builtin(vm, cls_static, args);
    }
    // User class: __new__ then __init__.
    let new_fn = td
        .lookup(&crate::strobj::intern_static("__new__"))
        .filter(|f| !is_builtin_func(f));
    let instance = match new_fn {
        Some(nf) => {
            let f = crate::attrs::unwrap_static(&nf).unwrap_or(nf);
            let mut v = Vec::with_capacity(args.args.len() + 1);
            v.push(Value::Obj(cls.clone()));
            v.extend_from_slice(args.args);
            let inst = vm.call_args(
                &f,
                CallArgs {
                    args: &v,
                    kwnames: args.kwnames,
                },
            )?;
            if !crate::typeobj::is_subtype(class_of(&inst), cls_static) {
                return Ok(inst);
            }
            inst
        }
        None => ctors::new_instance_of(vm, cls_static, args)?,
    };
    let init = td.lookup(&crate::strobj::intern_static("__init__"));
    match init {
        Some(i) if !is_builtin_func(&i) => {
            let direct = if args.kwnames.is_empty() {
                crate::specialize::call::call_python_exact(vm, &i, Some(&instance), args.args)
            } else {
                None
            };
            let r = match direct {
                Some(r) => r,
                None => vm.call_prepended(&i, &instance, args),
            };
            return init_returned(vm, r, instance);
        }
        Some(i) => {
            // A native __init__ of a built-in base (list.__init__, dict.__init__, ...).
            vm.call_prepended(&i, &instance, args)?;
        }
        None => {}
    }
    Ok(instance)
}

/// What an instantiation returns once `__init__` returned `r`: the
/// instance, or CPython's TypeError for an `__init__` that returned a
/// value (or `__init__`'s own error).
pub fn init_returned(vm: &Vm, r: PyResult<Value>, instance: Value) -> PyResult<Value> {
    let r = r?;
    if !r.is_none() {
        return Err(vm.type_error(format!(
            "__init__() should return None, not '{}'",
            vm.type_name(&r)
        )));
    }
    Ok(instance)
}

fn slots_of(vm: &Vm, ns: &DictObj) -> PyResult<Option<Vec<String>>> {
    let Some(s) = ns.get_by_name("__slots__") else {
        return Ok(None);
    };
    if let Some(one) = s.as_obj().and_then(|o| o.as_str()) {
        return Ok(Some(vec![one.to_string()]));
    }
    let items = ops::collect_iter(vm, &s)?;
    let mut out = Vec::new();
    for it in items {
        match it.as_obj().and_then(|o| o.as_str()) {
            Some(n) => out.push(n.to_string()),
            None => {
                return Err(vm.type_error(format!(
                    "__slots__ items must be strings, not '{}'",
                    vm.type_name(&it)
                )))
            }
        }
    }
    Ok(Some(out))
}

/// Creates a user class from a name, bases and namespace.
pub fn new_class(
    vm: &Vm,
    name: &str,
    bases: Vec<&'static Object>,
    ns: &DictObj,
) -> PyResult<&'static Object> {
    let t = types();
    let bases = if bases.is_empty() {
        vec![t.object]
    } else {
        bases
    };
    let mut kind = BaseKind::Object;
    for b in &bases {
        let btd = b.type_data_of_self();
        if btd.builtin
            && matches!(btd.base_kind, BaseKind::Other | BaseKind::Type)
            && !std::ptr::eq(*b, t.object)
        {
            return Err(vm.type_error(format!(
                "type '{}' is not an acceptable base type",
                btd.name()
            )));
        }
        if std::ptr::eq(*b, t.bool_) {
            return Err(vm.type_error("type 'bool' is not an acceptable base type"));
        }
        if btd.base_kind != BaseKind::Object {
            if kind != BaseKind::Object && kind != btd.base_kind {
                return Err(vm.type_error("multiple bases have instance lay-out conflict"));
            }
            kind = btd.base_kind;
        }
    }
    let own_slots = slots_of(vm, ns)?;
    let mut slot_names: Vec<String> = Vec::new();
    let mut base_has_dict = false;
    for b in &bases {
        let btd = b.type_data_of_self();
        for s in btd.slot_names() {
            if !slot_names.contains(s) {
                slot_names.push(s.clone());
            }
        }
        if btd.instances_have_dict() && !std::ptr::eq(*b, t.object) {
            base_has_dict = true;
        }
    }
    let mut new_slot_names = Vec::new();
    let has_dict = match &own_slots {
        None => true,
        Some(list) => {
            let mut wants_dict = base_has_dict;
            for s in list {
                if s == "__dict__" {
                    wants_dict = true;
                } else if !slot_names.contains(s) {
                    slot_names.push(s.clone());
                    new_slot_names.push(s.clone());
                }
            }
            wants_dict
        }
    };
    // `_local` instances keep one attribute dict per thread instead.
    let has_dict = has_dict && kind != BaseKind::ThreadLocal;
    let dict_obj = crate::dict::new_dict_obj();
    dict_obj.make_immortal();
    let dd = vm.dict_of(&dict_obj);
    let mut qualname = name.to_string();
    let mut classcell = None;
    for e in ns.entries() {
        let key = e
            .key
            .as_obj()
            .and_then(|o| o.as_str())
            .unwrap_or("")
            .to_string();
        match key.as_str() {
            "__qualname__" => {
                if let Some(q) = e.value.as_obj().and_then(|o| o.as_str()) {
                    qualname = q.to_string();
                }
                continue;
            }
            "__classcell__" => {
                classcell = e.value.as_obj().cloned();
                continue;
            }
            _ => {}
        }
        let mut v = e.value.clone();
        if key == "__new__" || key == "__init_subclass__" || key == "__class_getitem__" {
            if let Value::Obj(o) = &v {
                if matches!(o.payload, Payload::Function(_)) {
                    let p = if key == "__new__" {
                        Payload::StaticMethod(v.clone())
                    } else {
                        Payload::ClassMethod(v.clone())
                    };
                    v = Value::Obj(ObjRef::new(Object::new(
                        if key == "__new__" {
                            t.staticmethod
                        } else {
                            t.classmethod
                        },
                        p,
                    )));
                }
            }
        }
        immortalize_callable(&v);
        crate::typeobj::note_class_attribute(&key, &v);
        dd.set_hashed(vm, e.key, e.hash, v)?;
    }
    if ns.get_by_name("__eq__").is_some() && ns.get_by_name("__hash__").is_none() {
        dd.set_by_name("__hash__", Value::None);
    }
    for s in &new_slot_names {
        let index = slot_names.iter().position(|x| x == s).unwrap_or(0);
        let member = ObjRef::new(Object::new(
            t.native,
            Payload::Native(Box::new(SlotMember {
                name: s.clone(),
                index,
            })),
        ));
        let member = Value::Obj(member);
        crate::typeobj::note_class_attribute(s, &member);
        dd.set_str(intern(s), member);
    }
    let td = TypeData::new(
        name,
        bases.clone(),
        dict_obj,
        kind,
        slot_names,
        has_dict,
        false,
    );
    td.set_qualname(&qualname);
    let cls_ref = ObjRef::new_immortal(Object::new(t.type_, Payload::Type(td)));
    let cls: &'static Object = cls_ref
        .as_static()
        .ok_or_else(|| vm.type_error("class creation failed"))?;
    std::mem::forget(cls_ref);
    let mro = c3_mro(cls, &bases).map_err(|m| vm.type_error(m))?;
    cls.type_data_of_self()
        .set_bases_and_mro(bases.clone(), mro);
    for b in &bases {
        b.type_data_of_self().add_subclass(cls);
    }
    if let Some(cell) = classcell {
        if let Payload::Cell(c) = &cell.payload {
            *c.lock() = class_value(cls);
        }
    }
    Ok(cls)
}

/// Functions stored in classes live as long as the class: make them
/// immortal so calls through them never touch a shared count.
fn immortalize_callable(v: &Value) {
    if let Value::Obj(o) = v {
        match &o.payload {
            Payload::Function(_) => o.make_immortal(),
            Payload::StaticMethod(f) | Payload::ClassMethod(f) => {
                o.make_immortal();
                immortalize_callable(f);
            }
            Payload::Property(p) => {
                o.make_immortal();
                immortalize_callable(&p.fget);
                immortalize_callable(&p.fset);
                immortalize_callable(&p.fdel);
            }
            _ => {}
        }
    }
}

/// `__build_class__(func, name, *bases, **kwds)`
pub fn build_class(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let pos = args.pos();
    if pos.len() < 2 {
        return Err(vm.type_error("__build_class__: not enough arguments"));
    }
    for (k, v) in args.kwargs() {
        if k == "metaclass" {
            if let Value::Obj(o) = v {
                if std::ptr::eq(&**o as *const Object, types().type_ as *const Object) {
                    continue;
                }
            }
            return Err(vm.type_error("metaclasses other than type are not supported"));
        }
        return Err(vm.type_error(format!(
            "__init_subclass__() takes no keyword arguments ('{k}')"
        )));
    }
    let func = &pos[0];
    let name = pos[1]
        .as_obj()
        .and_then(|o| o.as_str())
        .ok_or_else(|| vm.type_error("__build_class__: name is not a string"))?
        .to_string();
    let mut bases = Vec::new();
    for b in &pos[2..] {
        match b.as_obj().and_then(|o| o.as_static()) {
            Some(s) if matches!(s.payload, Payload::Type(_)) => bases.push(s),
            _ => return Err(vm.type_error(format!("bases must be types, not {}", vm.type_name(b)))),
        }
    }
    let Some(Payload::Function(f)) = func.as_obj().map(|o| &o.payload) else {
        return Err(vm.type_error("__build_class__: func must be a function"));
    };
    let ns = crate::dict::new_dict_obj();
    let code = f.code();
    let mut frame = Frame::new(code, f.globals.clone(), Some(ns.clone()));
    frame.init_cells();
    if let Some(cl) = &f.closure {
        frame.cells.extend(cl.iter().cloned());
    }
    vm.enter_call()?;
    let r = run_frame(vm, &mut frame, None);
    vm.leave_call();
    r?;
    let cls = new_class(vm, &name, bases, vm.dict_of(&ns))?;
    Ok(class_value(cls))
}

/// `setattr(cls, name, value)` / `delattr(cls, name)` on a class.
pub fn type_setattr(
    vm: &Vm,
    o: &ObjRef,
    td: &TypeData,
    name: &ObjRef,
    value: Option<Value>,
) -> PyResult<()> {
    let n = name.as_str().unwrap_or("");
    if td.builtin {
        return Err(vm.type_error(format!(
            "cannot set '{}' attribute of immutable type '{}'",
            n,
            td.name()
        )));
    }
    // Running code sees a class change all at once, between its safepoints.
    let _stopped = vm.stop_the_world();
    match n {
        "__name__" => {
            if let Some(s) = value
                .as_ref()
                .and_then(|v| v.as_obj().and_then(|x| x.as_str()))
            {
                td.change(|| td.set_name(s));
                return Ok(());
            }
            return Err(vm.type_error("can only assign string to __name__"));
        }
        "__qualname__" => {
            if let Some(s) = value
                .as_ref()
                .and_then(|v| v.as_obj().and_then(|x| x.as_str()))
            {
                td.set_qualname(s);
                return Ok(());
            }
            return Err(vm.type_error("can only assign string to __qualname__"));
        }
        "__bases__" => {
            let items = crate::builtins::tuple::tuple_items(value.as_ref().unwrap_or(&Value::None))
                .ok_or_else(|| vm.type_error("can only assign tuple to __bases__"))?;
            let mut bases = Vec::new();
            for b in items {
                match b.as_obj().and_then(|x| x.as_static()) {
                    Some(s) if matches!(s.payload, Payload::Type(_)) => bases.push(s),
                    _ => return Err(vm.type_error("__bases__ items must be classes")),
                }
            }
            let me = o.as_static().ok_or_else(|| vm.type_error("bad class"))?;
            let mro = c3_mro(me, &bases).map_err(|m| vm.type_error(m))?;
            td.change(|| {
                td.set_bases_and_mro(bases.clone(), mro);
                for b in &bases {
                    b.type_data_of_self().add_subclass(me);
                }
                recompute_sub_mros(me);
            });
            return Ok(());
        }
        _ => {}
    }
    let d = td.own_dict();
    td.change(|| match value {
        Some(v) => {
            let v = if n == "__new__" {
                match &v {
                    Value::Obj(f) if matches!(f.payload, Payload::Function(_)) => {
                        Value::Obj(ObjRef::new(Object::new(
                            types().staticmethod,
                            Payload::StaticMethod(v.clone()),
                        )))
                    }
                    _ => v,
                }
            } else {
                v
            };
            immortalize_callable(&v);
            crate::typeobj::note_class_attribute(n, &v);
            d.set_str(name.clone(), v);
            Ok(())
        }
        None => match d.remove_str(name) {
            Some(_) => Ok(()),
            None => Err(vm.attribute_error(format!(
                "type object '{}' has no attribute '{}'",
                td.name(),
                n
            ))),
        },
    })
}

fn recompute_sub_mros(cls: &'static Object) {
    for sub in cls.type_data_of_self().subclasses() {
        let std = sub.type_data_of_self();
        let bases = std.bases();
        if let Ok(mro) = c3_mro(sub, &bases) {
            std.set_bases_and_mro(bases, mro);
        }
        recompute_sub_mros(sub);
    }
}
