//! `dict` methods, views, construction/update from mappings and iterables,
//! equality, and the `**kwargs` merge with duplicate detection.

use crate::builtins::args::{arg_count, Args};
use crate::builtins::tuple::new_tuple;
use crate::builtins::types::types;
use crate::builtins::{add_classmethod, add_method, BuiltinRegistry};
use crate::dict::DictObj;
use crate::function::CallArgs;
use crate::iterators::{new_iter, IterState, ViewKind};
use crate::object::Payload;
use crate::ops;
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

/// The dict payload of a value.
pub fn dict_payload(v: &Value) -> Option<&DictObj> {
    match v {
        Value::Obj(o) => match &o.payload {
            Payload::Dict(d) => Some(d),
            _ => None,
        },
        _ => None,
    }
}

fn this<'a>(vm: &Vm, args: &'a CallArgs) -> PyResult<&'a DictObj> {
    args.pos()
        .first()
        .and_then(dict_payload)
        .ok_or_else(|| vm.type_error("descriptor requires a 'dict' object"))
}

/// `d.update(other)` for a mapping or an iterable of pairs.
pub fn dict_update_from(vm: &Vm, d: &Value, other: &Value) -> PyResult<()> {
    let dd = dict_payload(d).ok_or_else(|| vm.type_error("not a dict"))?;
    if let Some(od) = dict_payload(other) {
        if matches!(other, Value::Obj(o) if o.type_data().builtin || ops::special(other, "keys").is_none())
        {
            for e in od.entries() {
                dd.set_hashed(vm, e.key, e.hash, e.value)?;
            }
            return Ok(());
        }
    }
    if vm.get_attr_str(other, "keys").is_ok() {
        let keys = vm.call_method(other, "keys", &[])?;
        for k in ops::collect_iter(vm, &keys)? {
            let v = ops::get_item(vm, other, &k)?;
            dd.set(vm, k, v)?;
        }
        return Ok(());
    }
    let items = ops::collect_iter(vm, other)
        .map_err(|_| vm.type_error(format!("'{}' object is not iterable", vm.type_name(other))))?;
    for (i, it) in items.iter().enumerate() {
        let pair = ops::collect_iter(vm, it).map_err(|_| {
            vm.type_error(format!(
                "cannot convert dictionary update sequence element #{i} to a sequence"
            ))
        })?;
        if pair.len() != 2 {
            return Err(vm.value_error(format!(
                "dictionary update sequence element #{} has length {}; 2 is required",
                i,
                pair.len()
            )));
        }
        let mut p = pair.into_iter();
        let (k, v) = (
            p.next().unwrap_or(Value::None),
            p.next().unwrap_or(Value::None),
        );
        dd.set(vm, k, v)?;
    }
    Ok(())
}

/// `DICT_MERGE`: `f(**m)` merging with duplicate-keyword errors.
pub fn dict_merge_kwargs(vm: &Vm, d: &Value, m: &Value, func: &Value) -> PyResult<()> {
    let dd = dict_payload(d).ok_or_else(|| vm.type_error("not a dict"))?;
    let fname = || -> String {
        match func.as_obj().map(|o| &o.payload) {
            Some(Payload::Function(f)) => format!("{}()", f.qualname.lock()),
            Some(Payload::Builtin(b)) => format!("{}()", b.name),
            _ => vm.repr_of(func).unwrap_or_default(),
        }
    };
    let pairs: Vec<(Value, Value)> = if let Some(md) = dict_payload(m) {
        md.items()
    } else if vm.get_attr_str(m, "keys").is_ok() {
        let keys = vm.call_method(m, "keys", &[])?;
        let mut out = Vec::new();
        for k in ops::collect_iter(vm, &keys)? {
            let v = ops::get_item(vm, m, &k)?;
            out.push((k, v));
        }
        out
    } else {
        return Err(vm.type_error(format!(
            "{} argument after ** must be a mapping, not {}",
            fname(),
            vm.type_name(m)
        )));
    };
    for (k, v) in pairs {
        let Some(ks) = k.as_obj().and_then(|o| o.as_str()).map(|s| s.to_string()) else {
            return Err(vm.type_error(format!("{} keywords must be strings", fname())));
        };
        if dd.get(vm, &k)?.is_some() {
            return Err(vm.type_error(format!(
                "{} got multiple values for keyword argument '{}'",
                fname(),
                ks
            )));
        }
        dd.set(vm, k, v)?;
    }
    Ok(())
}

/// `dict.__init__(self, [mapping_or_iterable], **kwargs)`
pub fn dict_init(vm: &Vm, d: &Value, args: CallArgs) -> PyResult<()> {
    let pos = args.pos();
    if pos.len() > 1 {
        return Err(vm.type_error(format!(
            "dict expected at most 1 argument, got {}",
            pos.len()
        )));
    }
    if let Some(src) = pos.first() {
        dict_update_from(vm, d, src)?;
    }
    let dd = dict_payload(d).ok_or_else(|| vm.type_error("not a dict"))?;
    for (k, v) in args.kwargs() {
        dd.set_str(crate::strobj::intern(k), v.clone());
    }
    Ok(())
}

/// `a == b` for dicts.
pub fn dict_eq(vm: &Vm, a: &ObjRef, b: &ObjRef) -> PyResult<bool> {
    let (Payload::Dict(x), Payload::Dict(y)) = (&a.payload, &b.payload) else {
        return Ok(false);
    };
    if x.len() != y.len() {
        return Ok(false);
    }
    for (k, v) in x.items() {
        match y.get(vm, &k)? {
            Some(w) => {
                if !(v.is(&w) || vm.eq_bool(&v, &w)?) {
                    return Ok(false);
                }
            }
            None => return Ok(false),
        }
    }
    Ok(true)
}

fn view(args: &CallArgs, kind: ViewKind) -> Value {
    new_iter(IterState::DictView {
        dict: args.pos()[0].clone(),
        kind,
    })
}

fn keys(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "keys", &args, 1, 1)?;
    this(vm, &args)?;
    Ok(view(&args, ViewKind::Keys))
}

fn values(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "values", &args, 1, 1)?;
    this(vm, &args)?;
    Ok(view(&args, ViewKind::Values))
}

fn items(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "items", &args, 1, 1)?;
    this(vm, &args)?;
    Ok(view(&args, ViewKind::Items))
}

fn get(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "get", &args, 2, 3)?;
    let d = this(vm, &args)?;
    Ok(d.get(vm, &args.pos()[1])?
        .unwrap_or_else(|| args.pos().get(2).cloned().unwrap_or(Value::None)))
}

fn setdefault(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "setdefault", &args, 2, 3)?;
    let d = this(vm, &args)?;
    let k = &args.pos()[1];
    if let Some(v) = d.get(vm, k)? {
        return Ok(v);
    }
    let v = args.pos().get(2).cloned().unwrap_or(Value::None);
    d.set(vm, k.clone(), v.clone())?;
    Ok(v)
}

fn pop(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "pop", &args, 2, 3)?;
    let d = this(vm, &args)?;
    match d.remove(vm, &args.pos()[1])? {
        Some(v) => Ok(v),
        None => match args.pos().get(2) {
            Some(dflt) => Ok(dflt.clone()),
            None => Err(vm.key_error(args.pos()[1].clone())),
        },
    }
}

fn popitem(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "popitem", &args, 1, 1)?;
    match this(vm, &args)?.pop_item(true) {
        Some((k, v)) => Ok(new_tuple(vec![k, v])),
        None => Err(vm.key_error(crate::strobj::new_str("popitem(): dictionary is empty"))),
    }
}

fn update(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let pos = args.pos();
    if pos.len() > 2 {
        return Err(vm.type_error(format!(
            "update expected at most 1 argument, got {}",
            pos.len() - 1
        )));
    }
    this(vm, &args)?;
    if let Some(src) = pos.get(1) {
        dict_update_from(vm, &pos[0], src)?;
    }
    let d = this(vm, &args)?;
    for (k, v) in args.kwargs() {
        d.set_str(crate::strobj::intern(k), v.clone());
    }
    Ok(Value::None)
}

fn copy(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "copy", &args, 1, 1)?;
    let d = this(vm, &args)?;
    Ok(Value::Obj(ObjRef::new(crate::object::Object::new(
        types().dict,
        Payload::Dict(Box::new(d.copy())),
    ))))
}

fn clear(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "clear", &args, 1, 1)?;
    this(vm, &args)?.clear();
    Ok(Value::None)
}

fn fromkeys(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let a = Args::parse(vm, "fromkeys", args, &["cls", "iterable", "value"], &[], 2)?;
    let cls = a.get_or(0, Value::None);
    let d = vm.call(&cls, &[])?;
    let v = a.get_or(2, Value::None);
    for k in ops::collect_iter(vm, &a.get_or(1, Value::None))? {
        ops::set_item(vm, &d, k, v.clone())?;
    }
    Ok(d)
}

fn init(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let d = args.pos().first().cloned().unwrap_or(Value::None);
    dict_init(
        vm,
        &d,
        CallArgs {
            args: &args.args[1..],
            kwnames: args.kwnames,
        },
    )?;
    Ok(Value::None)
}

fn getitem(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "__getitem__", &args, 2, 2)?;
    let d = this(vm, &args)?;
    d.get(vm, &args.pos()[1])?
        .ok_or_else(|| vm.key_error(args.pos()[1].clone()))
}

fn setitem(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "__setitem__", &args, 3, 3)?;
    this(vm, &args)?.set(vm, args.pos()[1].clone(), args.pos()[2].clone())?;
    Ok(Value::None)
}

fn delitem(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "__delitem__", &args, 2, 2)?;
    match this(vm, &args)?.remove(vm, &args.pos()[1])? {
        Some(_) => Ok(Value::None),
        None => Err(vm.key_error(args.pos()[1].clone())),
    }
}

fn contains(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "__contains__", &args, 2, 2)?;
    Ok(Value::Bool(
        this(vm, &args)?.get(vm, &args.pos()[1])?.is_some(),
    ))
}

fn len(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    Ok(Value::Int(this(vm, &args)?.len() as i64))
}

fn iter(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    this(vm, &args)?;
    Ok(new_iter(IterState::Dict {
        dict: args.pos()[0].clone(),
        pos: 0,
        kind: ViewKind::Keys,
        len: dict_payload(&args.pos()[0]).map(|d| d.len()).unwrap_or(0),
        last: None,
    }))
}

fn repr(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let d = this(vm, &args)?;
    let mut out = String::from("{");
    for (i, (k, v)) in d.items().iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(&vm.repr_of(k)?);
        out.push_str(": ");
        out.push_str(&vm.repr_of(v)?);
    }
    out.push('}');
    Ok(crate::strobj::new_str(out))
}

/// Registers dict methods.
pub fn register(_r: &mut BuiltinRegistry) {
    let d = types().dict;
    add_method(d, "keys", keys);
    add_method(d, "values", values);
    add_method(d, "items", items);
    add_method(d, "get", get);
    add_method(d, "setdefault", setdefault);
    add_method(d, "pop", pop);
    add_method(d, "popitem", popitem);
    add_method(d, "update", update);
    add_method(d, "copy", copy);
    add_method(d, "clear", clear);
    add_method(d, "__init__", init);
    add_method(d, "__getitem__", getitem);
    add_method(d, "__setitem__", setitem);
    add_method(d, "__delitem__", delitem);
    add_method(d, "__contains__", contains);
    add_method(d, "__len__", len);
    add_method(d, "__iter__", iter);
    add_method(d, "__repr__", repr);
    add_classmethod(d, "fromkeys", fromkeys);
}
