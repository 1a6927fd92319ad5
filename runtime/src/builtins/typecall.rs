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

/// Calls a class object: a metaclass's own `__call__` when it defines
/// one, else [`type_call`].
pub fn call_type(vm: &Vm, cls: &ObjRef, args: CallArgs) -> PyResult<Value> {
    let meta = cls.class().type_data_of_self();
    if !meta.builtin {
        if let Some(c) = meta.lookup(&crate::strobj::intern_static("__call__")) {
            if !is_builtin_func(&c) {
                return vm.call_prepended(&c, &Value::Obj(cls.clone()), args);
            }
        }
    }
    type_call(vm, cls, args)
}

/// `type.__call__(cls, *args, **kwargs)`: creates and initialises an
/// instance (`__new__`, then `__init__` when `__new__` returned one).
pub fn type_call(vm: &Vm, cls: &ObjRef, args: CallArgs) -> PyResult<Value> {
    let Some(cls_static) = cls.as_static() else {
        return Err(vm.type_error("class objects must be immortal"));
    };
    let td = cls.type_data_of_self();
    if td.builtin {
        return ctors::construct_builtin(vm, cls_static, args);
    }
    if td.base_kind == BaseKind::Protocol {
        return match td.own_dict().get_by_name("__new__") {
            Some(nf) => vm.call_prepended(
                &crate::attrs::unwrap_static(&nf).unwrap_or(nf),
                &Value::Obj(cls.clone()),
                args,
            ),
            None => Err(vm.type_error(format!("cannot create '{}' instances", td.name()))),
        };
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
        // A metaclass without a `__new__` of its own: `type.__new__`.
        None if td.base_kind == BaseKind::Type => type_new(vm, cls_static, args)?,
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
    new_class_of(vm, types().type_, name, bases, ns, &[])
}

/// `type.__new__`'s work: a class whose class is `metaclass`, then each
/// namespace value's `__set_name__`, then the parent's
/// `__init_subclass__` with the class keywords `kwds`.
pub fn new_class_of(
    vm: &Vm,
    metaclass: &'static Object,
    name: &str,
    bases: Vec<&'static Object>,
    ns: &DictObj,
    kwds: &[(Value, Value)],
) -> PyResult<&'static Object> {
    let cls = create_class(vm, metaclass, name, bases, ns)?;
    set_names(vm, cls)?;
    init_subclass(vm, cls, kwds)?;
    Ok(cls)
}

/// Calls `__set_name__(cls, name)` on every value of the new class's
/// namespace whose class defines it.
fn set_names(vm: &Vm, cls: &'static Object) -> PyResult<()> {
    let td = cls.type_data_of_self();
    for e in td.own_dict().entries() {
        let Some(hook) = crate::attrs::user_slot(&e.value, "__set_name__") else {
            continue;
        };
        if let Err(err) = vm.call(&hook, &[e.value.clone(), class_value(cls), e.key.clone()]) {
            let wrapped = vm.runtime_error(format!(
                "Error calling __set_name__ on '{}' instance {} in '{}'",
                vm.type_name(&e.value),
                vm.repr_of(&e.key)?,
                td.name()
            ));
            return Err(crate::exceptions::with_cause(vm, wrapped, err));
        }
    }
    Ok(())
}

/// `super(cls, cls).__init_subclass__(**kwds)`: the nearest base's hook.
fn init_subclass(vm: &Vm, cls: &'static Object, kwds: &[(Value, Value)]) -> PyResult<()> {
    let name = crate::strobj::intern_static("__init_subclass__");
    let mro = cls.type_data_of_self().mro();
    for base in mro.iter().skip(1) {
        let Some(hook) = base.type_data_of_self().own_dict().get_str(&name) else {
            continue;
        };
        let f = match &hook {
            Value::Obj(h) => match &h.payload {
                Payload::ClassMethod(f) => f.clone(),
                _ => hook.clone(),
            },
            _ => hook.clone(),
        };
        if is_builtin_func(&f) {
            break;
        }
        let mut args = vec![class_value(cls)];
        let mut kwnames = Vec::with_capacity(kwds.len());
        for (k, v) in kwds {
            args.push(v.clone());
            kwnames.push(k.clone());
        }
        vm.call_args(
            &f,
            CallArgs {
                args: &args,
                kwnames: &kwnames,
            },
        )?;
        return Ok(());
    }
    if !kwds.is_empty() {
        return Err(vm.type_error(format!(
            "{}.__init_subclass__() takes no keyword arguments",
            cls.type_data_of_self().name()
        )));
    }
    Ok(())
}

/// The most derived of `meta` and the classes of `bases`, or CPython's
/// "metaclass conflict" TypeError.
pub fn winning_metaclass(
    vm: &Vm,
    meta: &'static Object,
    bases: &[&'static Object],
) -> PyResult<&'static Object> {
    let mut winner = meta;
    for b in bases {
        let bm = b.class();
        if crate::typeobj::is_subtype(winner, bm) {
            continue;
        }
        if crate::typeobj::is_subtype(bm, winner) {
            winner = bm;
            continue;
        }
        return Err(vm.type_error(
            "metaclass conflict: the metaclass of a derived class must be a (non-strict) subclass of the metaclasses of all its bases",
        ));
    }
    Ok(winner)
}

/// `type.__new__(mcls, name, bases, ns, **kwds)` with `args` holding
/// everything after `mcls` (`type(x)` when `mcls` is `type` and `x` alone
/// is given).
pub fn type_new(vm: &Vm, mcls: &'static Object, args: CallArgs) -> PyResult<Value> {
    let pos = args.pos();
    let t = types();
    if std::ptr::eq(mcls, t.type_) && pos.len() == 1 && !args.has_kwargs() {
        return Ok(class_value(class_of(&pos[0])));
    }
    if pos.len() != 3 {
        return Err(vm.type_error(if std::ptr::eq(mcls, t.type_) {
            "type() takes 1 or 3 arguments".to_string()
        } else {
            format!(
                "type.__new__() takes exactly 3 arguments ({} given)",
                pos.len()
            )
        }));
    }
    let name = pos[0]
        .as_obj()
        .and_then(|o| o.as_str())
        .ok_or_else(|| {
            vm.type_error(format!(
                "type.__new__() argument 1 must be str, not {}",
                vm.type_name(&pos[0])
            ))
        })?
        .to_string();
    let bases = crate::builtins::tuple::tuple_items(&pos[1]).ok_or_else(|| {
        vm.type_error(format!(
            "type.__new__() argument 2 must be tuple, not {}",
            vm.type_name(&pos[1])
        ))
    })?;
    let mut bs = Vec::new();
    for b in bases {
        match b.as_obj().and_then(|o| o.as_static()) {
            Some(s) if matches!(s.payload, Payload::Type(_)) => bs.push(s),
            _ => return Err(vm.type_error("bases must be types")),
        }
    }
    let ns = match pos[2].as_obj().map(|o| &o.payload) {
        Some(Payload::Dict(d)) => d,
        _ => {
            return Err(vm.type_error(format!(
                "type.__new__() argument 3 must be dict, not {}",
                vm.type_name(&pos[2])
            )))
        }
    };
    if ns.get_by_name("__module__").is_none() {
        let module = vm
            .current_globals()
            .and_then(|g| vm.dict_of(&g).get_by_name("__name__"))
            .unwrap_or_else(|| crate::strobj::new_str("__main__"));
        ns.set_by_name("__module__", module);
    }
    let winner = winning_metaclass(vm, mcls, &bs)?;
    let kwds: Vec<(Value, Value)> = args
        .kwnames
        .iter()
        .cloned()
        .zip(args.args[pos.len()..].iter().cloned())
        .collect();
    let c = new_class_of(vm, winner, &name, bs, ns, &kwds)?;
    Ok(class_value(c))
}

/// The class object itself, without the creation hooks.
fn create_class(
    vm: &Vm,
    metaclass: &'static Object,
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
        // Protocol classes' native methods expect their own payload, which
        // a subclass's instances would lack.
        let closed = (btd.builtin && btd.base_kind == BaseKind::Other)
            || btd.base_kind == BaseKind::Protocol;
        if closed && !std::ptr::eq(*b, t.object) {
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
    let cls_ref = ObjRef::new_immortal(Object::new(metaclass, Payload::Type(td)));
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

/// `__build_class__(func, name, *bases, metaclass=..., **kwds)`: resolves
/// `__mro_entries__`, picks the metaclass, asks its `__prepare__` for the
/// namespace, runs the class body in it, and calls the metaclass.
pub fn build_class(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let pos = args.pos();
    if pos.len() < 2 {
        return Err(vm.type_error("__build_class__: not enough arguments"));
    }
    let mut explicit_meta = None;
    let mut kwnames = Vec::new();
    let mut kwvalues = Vec::new();
    for (k, v) in args.kwargs() {
        if k == "metaclass" {
            explicit_meta = Some(v.clone());
        } else {
            kwnames.push(Value::Obj(intern(k)));
            kwvalues.push(v.clone());
        }
    }
    let func = &pos[0];
    let name_v = pos[1].clone();
    let name = name_v
        .as_obj()
        .and_then(|o| o.as_str())
        .ok_or_else(|| vm.type_error("__build_class__: name is not a string"))?
        .to_string();
    let orig_bases = &pos[2..];
    let mut base_values = Vec::with_capacity(orig_bases.len());
    let mut entries_used = false;
    for b in orig_bases {
        if matches!(b, Value::Obj(o) if matches!(o.payload, Payload::Type(_))) {
            base_values.push(b.clone());
            continue;
        }
        let entries = match vm.get_attr_str(b, "__mro_entries__") {
            Ok(m) => m,
            Err(e) if vm.err_matches(&e, types().exc.attribute_error) => {
                base_values.push(b.clone());
                continue;
            }
            Err(e) => return Err(e),
        };
        let r = vm.call(
            &entries,
            &[crate::builtins::tuple::new_tuple(orig_bases.to_vec())],
        )?;
        let items = crate::builtins::tuple::tuple_items(&r)
            .ok_or_else(|| vm.type_error("__mro_entries__ must return a tuple"))?;
        base_values.extend(items);
        entries_used = true;
    }
    let mut bases = Vec::with_capacity(base_values.len());
    for b in &base_values {
        match b.as_obj().and_then(|o| o.as_static()) {
            Some(s) if matches!(s.payload, Payload::Type(_)) => bases.push(s),
            _ => return Err(vm.type_error(format!("bases must be types, not {}", vm.type_name(b)))),
        }
    }
    let Some(Payload::Function(f)) = func.as_obj().map(|o| &o.payload) else {
        return Err(vm.type_error("__build_class__: func must be a function"));
    };
    // The metaclass: given, else the first base's class; a class given or
    // found is replaced by the most derived of it and the bases' classes.
    let meta: Value = match explicit_meta {
        Some(m) => match m.as_obj().and_then(|o| o.as_static()) {
            Some(s) if matches!(s.payload, Payload::Type(_)) => {
                class_value(winning_metaclass(vm, s, &bases)?)
            }
            _ => m,
        },
        None => {
            let first = bases.first().map(|b| b.class()).unwrap_or(types().type_);
            class_value(winning_metaclass(vm, first, &bases)?)
        }
    };
    let bases_tuple = crate::builtins::tuple::new_tuple(base_values.clone());
    let is_type = matches!(&meta, Value::Obj(o) if std::ptr::eq(&**o as *const Object, types().type_ as *const Object));
    let ns = if is_type {
        crate::dict::new_dict_obj()
    } else {
        match vm.get_attr_str(&meta, "__prepare__") {
            Ok(prepare) => {
                let mut a = vec![name_v.clone(), bases_tuple.clone()];
                a.extend(kwvalues.iter().cloned());
                let r = vm.call_args(
                    &prepare,
                    CallArgs {
                        args: &a,
                        kwnames: &kwnames,
                    },
                )?;
                match r {
                    Value::Obj(o) if !matches!(o.payload, Payload::Str(_)) => o,
                    other => {
                        let mname = vm
                            .get_attr_str(&meta, "__name__")
                            .ok()
                            .and_then(|n| n.as_obj().and_then(|o| o.as_str()).map(str::to_string))
                            .unwrap_or_else(|| "<metaclass>".to_string());
                        return Err(vm.type_error(format!(
                            "{}.__prepare__() must return a mapping, not {}",
                            mname,
                            vm.type_name(&other)
                        )));
                    }
                }
            }
            Err(e) if vm.err_matches(&e, types().exc.attribute_error) => {
                crate::dict::new_dict_obj()
            }
            Err(e) => return Err(e),
        }
    };
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
    let ns_value = Value::Obj(ns.clone());
    if entries_used {
        ops::set_item(
            vm,
            &ns_value,
            crate::strobj::new_str("__orig_bases__"),
            crate::builtins::tuple::new_tuple(orig_bases.to_vec()),
        )?;
    }
    if is_type {
        let kwds: Vec<(Value, Value)> = kwnames.into_iter().zip(kwvalues).collect();
        let cls = new_class_of(vm, types().type_, &name, bases, vm.dict_of(&ns), &kwds)?;
        return Ok(class_value(cls));
    }
    let mut a = vec![name_v, bases_tuple, ns_value];
    a.extend(kwvalues);
    vm.call_args(
        &meta,
        CallArgs {
            args: &a,
            kwnames: &kwnames,
        },
    )
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
