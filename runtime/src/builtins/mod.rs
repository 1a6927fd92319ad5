//! The built-in namespace: registration helpers for native methods, the
//! `builtins` module itself, and the small method groups of `object`,
//! `type`, exceptions, `int` and `float` (`complex` has its own module).

pub mod args;
pub mod arith;
pub mod buffer;
pub mod bytearray;
pub mod bytes;
pub mod complex;
pub mod coroutine;
pub mod ctors;
pub mod dict;
pub mod dynamic;
pub mod excgroup;
pub mod fileio;
pub mod functions;
pub mod generator;
pub mod genericalias;
pub mod int;
pub mod intrinsics;
pub mod list;
pub mod mappingproxy;
pub mod memoryview;
pub mod objmethods;
pub mod oserror;
pub mod repr;
pub mod slotmethods;
pub mod strmethods;
pub mod strmod;
pub mod subscript;
pub mod superobj;
pub mod tuple;
pub mod typecall;
pub mod types;

use crate::builtins::args::{arg_count, Args};
use crate::builtins::int::{as_int_like, int_from_bigint};
use crate::builtins::tuple::new_tuple;
use crate::builtins::types::{class_value, types};
use crate::function::{BuiltinFunc, CallArgs, NativeFn};
use crate::object::{Object, Payload};
use crate::ops;
use crate::strobj::{intern, new_str};
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};
use num_bigint::{BigInt, Sign};
use num_traits::Signed;

/// Marker passed to the `register` functions of each method group.
pub struct BuiltinRegistry;

fn owner_name(cls: &'static Object) -> &'static str {
    Box::leak(cls.type_data_of_self().name().into_boxed_str())
}

/// An immortal native function object (not bound on attribute access).
pub fn native_function(name: &'static str, f: NativeFn) -> Value {
    Value::Obj(ObjRef::new_immortal(Object::new(
        types().builtin_function,
        Payload::Builtin(Box::new(BuiltinFunc {
            name,
            func: f,
            bound: None,
            is_method: false,
            owner: "",
        })),
    )))
}

/// Adds a native method descriptor to a built-in class.
pub fn add_method(cls: &'static Object, name: &'static str, f: NativeFn) {
    let m = ObjRef::new_immortal(Object::new(
        types().builtin_function,
        Payload::Builtin(Box::new(BuiltinFunc {
            name,
            func: f,
            bound: None,
            is_method: true,
            owner: owner_name(cls),
        })),
    ));
    cls.type_data_of_self()
        .own_dict()
        .set_str(intern(name), Value::Obj(m));
}

/// Adds a native classmethod to a built-in class.
pub fn add_classmethod(cls: &'static Object, name: &'static str, f: NativeFn) {
    let inner = native_function(name, f);
    let cm = ObjRef::new_immortal(Object::new(
        types().classmethod,
        Payload::ClassMethod(inner),
    ));
    cls.type_data_of_self()
        .own_dict()
        .set_str(intern(name), Value::Obj(cm));
}

/// Adds a native staticmethod to a built-in class.
pub fn add_staticmethod(cls: &'static Object, name: &'static str, f: NativeFn) {
    let inner = native_function(name, f);
    let sm = ObjRef::new_immortal(Object::new(
        types().staticmethod,
        Payload::StaticMethod(inner),
    ));
    cls.type_data_of_self()
        .own_dict()
        .set_str(intern(name), Value::Obj(sm));
}

/// Adds a read-only property computed by `getter` to a built-in class.
pub fn add_property(cls: &'static Object, name: &'static str, getter: NativeFn) {
    let prop = ObjRef::new_immortal(Object::new(
        types().property,
        Payload::Property(Box::new(crate::function::PropertyObj {
            fget: native_function(name, getter),
            fset: Value::None,
            fdel: Value::None,
            doc: Value::None,
        })),
    ));
    cls.type_data_of_self()
        .own_dict()
        .set_str(intern(name), Value::Obj(prop));
}

// ----- object ---------------------------------------------------------------

fn object_init(_vm: &Vm, _args: CallArgs) -> PyResult<Value> {
    Ok(Value::None)
}

fn object_repr(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let v = args.pos().first().cloned().unwrap_or(Value::None);
    let cls = types::class_of(&v);
    let addr = v.as_obj().map(|o| o.addr()).unwrap_or(0);
    let _ = vm;
    Ok(new_str(format!(
        "<{} object at {:#x}>",
        repr::class_repr_name(cls),
        addr
    )))
}

fn object_str(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let v = args.pos().first().cloned().unwrap_or(Value::None);
    Ok(new_str(vm.repr_of(&v)?))
}

fn object_eq(_vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let p = args.pos();
    if p.len() == 2 && p[0].is(&p[1]) {
        return Ok(Value::Bool(true));
    }
    Ok(types::not_implemented())
}

fn object_ne(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let p = args.pos();
    if p.len() != 2 {
        return Ok(types::not_implemented());
    }
    // `self.__eq__(other)` inverted, NotImplemented passed through.
    let eq = vm.get_attr_str(&p[0], "__eq__")?;
    let r = vm.call(&eq, std::slice::from_ref(&p[1]))?;
    if ops::is_not_implemented(&r) {
        return Ok(r);
    }
    Ok(Value::Bool(!ops::truthy(vm, &r)?))
}

fn object_hash(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let v = args.pos().first().cloned().unwrap_or(Value::None);
    Ok(Value::Int(match &v {
        Value::Obj(o) => crate::numhash::hash_pointer(o.addr()),
        other => vm.hash(other)?,
    }))
}

fn object_setattr(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "__setattr__", &args, 3, 3)?;
    let p = args.pos();
    let name = p[1]
        .as_obj()
        .and_then(|o| o.as_str())
        .map(intern)
        .ok_or_else(|| vm.type_error("attribute name must be string"))?;
    match &p[0] {
        Value::Obj(o) => crate::attrs::generic_setattr(vm, o, &p[0], &name, Some(p[2].clone()))?,
        _ => return Err(vm.attribute_error("cannot set attributes of built-in values")),
    }
    Ok(Value::None)
}

fn object_delattr(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "__delattr__", &args, 2, 2)?;
    let p = args.pos();
    let name = p[1]
        .as_obj()
        .and_then(|o| o.as_str())
        .map(intern)
        .ok_or_else(|| vm.type_error("attribute name must be string"))?;
    match &p[0] {
        Value::Obj(o) => crate::attrs::generic_setattr(vm, o, &p[0], &name, None)?,
        _ => return Err(vm.attribute_error("cannot delete attributes of built-in values")),
    }
    Ok(Value::None)
}

fn object_getattribute(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "__getattribute__", &args, 2, 2)?;
    let p = args.pos();
    let name = p[1]
        .as_obj()
        .and_then(|o| o.as_str())
        .map(intern)
        .ok_or_else(|| vm.type_error("attribute name must be string"))?;
    crate::attrs::generic_getattr(vm, &p[0], &name)
}

fn object_format(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "__format__", &args, 2, 2)?;
    let spec = args.pos()[1]
        .as_obj()
        .and_then(|o| o.as_str())
        .unwrap_or("");
    let v = &args.pos()[0];
    Ok(new_str(strmod::format_builtin(vm, v, spec)?))
}

fn object_dir(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let v = args.pos().first().cloned().unwrap_or(Value::None);
    let mut names: Vec<String> = Vec::new();
    if let Value::Obj(o) = &v {
        if let Some(d) = &o.dict {
            for k in vm.dict_of(d).keys() {
                if let Some(s) = k.as_obj().and_then(|x| x.as_str()) {
                    names.push(s.to_string());
                }
            }
        }
    }
    for c in types::class_of(&v).type_data_of_self().mro() {
        for k in c.type_data_of_self().own_dict().keys() {
            if let Some(s) = k.as_obj().and_then(|x| x.as_str()) {
                names.push(s.to_string());
            }
        }
    }
    names.sort();
    names.dedup();
    Ok(list::new_list(names.into_iter().map(new_str).collect()))
}

fn object_new(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    ctors::object_new(vm, args)
}

// ----- type -----------------------------------------------------------------

/// The class a `type` slot was called on (`args.pos()[0]`), or CPython's
/// descriptor TypeError.
fn type_receiver<'a>(vm: &Vm, args: &CallArgs<'a>, slot: &str) -> PyResult<&'a ObjRef> {
    match args.pos().first() {
        Some(Value::Obj(o)) if matches!(o.payload, Payload::Type(_)) => Ok(o),
        Some(v) => Err(vm.type_error(format!(
            "descriptor '{slot}' requires a 'type' object but received a '{}'",
            vm.type_name(v)
        ))),
        None => Err(vm.type_error(format!(
            "descriptor '{slot}' of 'type' object needs an argument"
        ))),
    }
}

/// The arguments after the receiver.
fn after_receiver<'a>(args: &CallArgs<'a>) -> CallArgs<'a> {
    CallArgs {
        args: &args.args[1..],
        kwnames: args.kwnames,
    }
}

/// `type.__new__(mcls, name, bases, ns, **kwds)`
fn type_dunder_new(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let mcls = type_receiver(vm, &args, "__new__")?;
    let mcls = mcls
        .as_static()
        .ok_or_else(|| vm.type_error("type.__new__(X): X is not a type object"))?;
    if !crate::typeobj::is_subtype(mcls, types().type_) {
        return Err(vm.type_error(format!(
            "type.__new__({}): {} is not a subtype of type",
            mcls.type_data_of_self().name(),
            mcls.type_data_of_self().name()
        )));
    }
    typecall::type_new(vm, mcls, after_receiver(&args))
}

/// `type.__init__(cls, ...)`: checks the argument count only.
fn type_dunder_init(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    type_receiver(vm, &args, "__init__")?;
    let n = args.pos().len() - 1;
    if n != 1 && n != 3 {
        return Err(vm.type_error("type.__init__() takes 1 or 3 arguments"));
    }
    Ok(Value::None)
}

/// `type.__call__(cls, *args, **kwargs)`
fn type_dunder_call(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let cls = type_receiver(vm, &args, "__call__")?.clone();
    typecall::type_call(vm, &cls, after_receiver(&args))
}

/// `type.__prepare__(name, bases, **kwds)`: a fresh dict.
fn type_dunder_prepare(_vm: &Vm, _args: CallArgs) -> PyResult<Value> {
    Ok(Value::Obj(crate::dict::new_dict_obj()))
}

/// `type.__setattr__(cls, name, value)` (what a metaclass's own
/// `__setattr__` reaches through `super()`).
fn type_dunder_setattr(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "__setattr__", &args, 3, 3)?;
    let cls = type_receiver(vm, &args, "__setattr__")?;
    let name = attr_name_arg(vm, &args.pos()[1])?;
    if let Payload::Type(td) = &cls.payload {
        typecall::type_setattr(vm, cls, td, &name, Some(args.pos()[2].clone()))?;
    }
    Ok(Value::None)
}

/// `type.__delattr__(cls, name)`
fn type_dunder_delattr(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "__delattr__", &args, 2, 2)?;
    let cls = type_receiver(vm, &args, "__delattr__")?;
    let name = attr_name_arg(vm, &args.pos()[1])?;
    if let Payload::Type(td) = &cls.payload {
        typecall::type_setattr(vm, cls, td, &name, None)?;
    }
    Ok(Value::None)
}

fn attr_name_arg(vm: &Vm, v: &Value) -> PyResult<ObjRef> {
    v.as_obj()
        .and_then(|o| o.as_str())
        .map(intern)
        .ok_or_else(|| {
            vm.type_error(format!(
                "attribute name must be string, not '{}'",
                vm.type_name(v)
            ))
        })
}

/// `object.__init_subclass__(cls)`: the default hook, which takes no
/// keyword arguments.
fn object_init_subclass(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    if args.has_kwargs() || args.pos().len() > 1 {
        let name = args
            .pos()
            .first()
            .and_then(|c| c.as_obj())
            .map(|c| c.type_data_of_self().name())
            .unwrap_or_else(|| "object".to_string());
        return Err(vm.type_error(format!(
            "{name}.__init_subclass__() takes no keyword arguments"
        )));
    }
    Ok(Value::None)
}

fn type_mro(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "mro", &args, 1, 1)?;
    match args.pos()[0].as_obj() {
        Some(o) => Ok(list::new_list(
            o.type_data_of_self()
                .mro()
                .into_iter()
                .map(class_value)
                .collect(),
        )),
        None => Err(vm.type_error("mro() requires a class")),
    }
}

fn type_subclasses(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "__subclasses__", &args, 1, 1)?;
    match args.pos()[0].as_obj() {
        Some(o) => Ok(intrinsics::subclasses(o)),
        None => Err(vm.type_error("__subclasses__() requires a class")),
    }
}

// ----- exceptions -------------------------------------------------------------

fn exc_init(_vm: &Vm, args: CallArgs) -> PyResult<Value> {
    if let Some(Value::Obj(o)) = args.pos().first() {
        if let Payload::Exception(e) = &o.payload {
            *e.args.lock() = new_tuple(args.pos()[1..].to_vec());
            if oserror::is_os_error_class(o.class()) {
                oserror::init_fields(o, &args.pos()[1..]);
            }
        }
    }
    Ok(Value::None)
}

fn exc_str(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let v = args.pos().first().cloned().unwrap_or(Value::None);
    if let Value::Obj(o) = &v {
        if let Payload::Exception(e) = &o.payload {
            if oserror::is_os_error_class(o.class()) {
                if let Some(s) = oserror::os_error_str(vm, o)? {
                    return Ok(new_str(s));
                }
            }
            let a = tuple::tuple_items(&e.args.lock()).unwrap_or_default();
            return Ok(new_str(match a.len() {
                0 => String::new(),
                1 => vm.str_of(&a[0])?,
                _ => vm.repr_of(&new_tuple(a))?,
            }));
        }
    }
    Ok(new_str(vm.str_of(&v)?))
}

fn exc_repr(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let v = args.pos().first().cloned().unwrap_or(Value::None);
    if let Value::Obj(o) = &v {
        if let Payload::Exception(e) = &o.payload {
            let a = tuple::tuple_items(&e.args.lock()).unwrap_or_default();
            let name = o.type_data().name();
            return Ok(new_str(if a.len() == 1 {
                format!("{}({})", name, vm.repr_of(&a[0])?)
            } else {
                format!("{}{}", name, vm.repr_of(&new_tuple(a))?)
            }));
        }
    }
    Ok(new_str(vm.repr_of(&v)?))
}

fn exc_with_traceback(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "with_traceback", &args, 2, 2)?;
    let this = args.pos()[0].clone();
    if let Some(o) = this.as_obj() {
        crate::exceptions::set_traceback(vm, o, &args.pos()[1])?;
    }
    Ok(this)
}

// ----- int / float --------------------------------------------------------------

fn int_self(vm: &Vm, args: &CallArgs) -> PyResult<BigInt> {
    args.pos()
        .first()
        .and_then(as_int_like)
        .ok_or_else(|| vm.type_error("descriptor requires an 'int' object"))
}

fn int_bit_length(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "bit_length", &args, 1, 1)?;
    Ok(Value::Int(int::bit_length(&int_self(vm, &args)?) as i64))
}

fn int_bit_count(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "bit_count", &args, 1, 1)?;
    let b = int_self(vm, &args)?.abs();
    Ok(Value::Int(
        b.to_u32_digits()
            .1
            .iter()
            .map(|d| d.count_ones() as i64)
            .sum(),
    ))
}

fn int_to_bytes(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let a = Args::parse(
        vm,
        "to_bytes",
        args,
        &["self", "length", "byteorder"],
        &["signed"],
        1,
    )?;
    let v = a.get(0).and_then(as_int_like).unwrap_or_default();
    let length = match a.get(1) {
        Some(l) => ops::index_i64(vm, l)?,
        None => 1,
    };
    if length < 0 {
        return Err(vm.value_error("length argument must be non-negative"));
    }
    let order = match a.get(2) {
        Some(o) => o
            .as_obj()
            .and_then(|x| x.as_str())
            .unwrap_or("")
            .to_string(),
        None => "big".into(),
    };
    if order != "big" && order != "little" {
        return Err(vm.value_error("byteorder must be either 'little' or 'big'"));
    }
    let signed = ops::truthy(vm, &a.get_or(3, Value::Bool(false)))?;
    if !signed && v.sign() == Sign::Minus {
        return Err(vm.overflow_error("can't convert negative int to unsigned"));
    }
    let mut bytes = if signed {
        v.to_signed_bytes_le()
    } else {
        v.to_bytes_le().1
    };
    if v == BigInt::from(0) {
        bytes = vec![];
    }
    let pad = if signed && v.sign() == Sign::Minus {
        0xff
    } else {
        0
    };
    if bytes.len() > length as usize {
        // Allow a redundant sign byte.
        let trimmed = bytes.iter().rev().skip_while(|b| **b == pad).count();
        let need_sign =
            signed && trimmed > 0 && ((bytes[trimmed - 1] & 0x80 != 0) != (pad == 0xff));
        if trimmed + need_sign as usize > length as usize {
            return Err(vm.overflow_error("int too big to convert"));
        }
        bytes.truncate(length as usize);
    }
    bytes.resize(length as usize, pad);
    if order == "big" {
        bytes.reverse();
    }
    Ok(bytes::new_bytes(bytes))
}

fn int_from_bytes(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let a = Args::parse(
        vm,
        "from_bytes",
        args,
        &["cls", "bytes", "byteorder"],
        &["signed"],
        2,
    )?;
    let data = match a.get(1).and_then(|v| v.as_obj()).map(|o| &o.payload) {
        Some(Payload::Bytes(b)) => b.to_vec(),
        _ => {
            let items = ops::collect_iter(vm, a.get(1).unwrap_or(&Value::None))?;
            items
                .iter()
                .map(|x| ops::index_i64(vm, x).map(|n| n as u8))
                .collect::<PyResult<Vec<u8>>>()?
        }
    };
    let order = match a.get(2) {
        Some(o) => o
            .as_obj()
            .and_then(|x| x.as_str())
            .unwrap_or("")
            .to_string(),
        None => "big".into(),
    };
    let signed = ops::truthy(vm, &a.get_or(3, Value::Bool(false)))?;
    let mut le = data.clone();
    if order == "big" {
        le.reverse();
    } else if order != "little" {
        return Err(vm.value_error("byteorder must be either 'little' or 'big'"));
    }
    let v = if signed {
        BigInt::from_signed_bytes_le(&le)
    } else {
        BigInt::from_bytes_le(Sign::Plus, &le)
    };
    Ok(int_from_bigint(v))
}

fn int_conjugate(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    Ok(int_from_bigint(int_self(vm, &args)?))
}

fn float_self(vm: &Vm, args: &CallArgs) -> PyResult<f64> {
    match args.pos().first() {
        Some(Value::Float(f)) => Ok(*f),
        Some(v) => crate::builtins::int::to_f64(vm, v)?
            .ok_or_else(|| vm.type_error("descriptor requires a 'float' object")),
        None => Err(vm.type_error("descriptor requires a 'float' object")),
    }
}

fn float_is_integer(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let f = float_self(vm, &args)?;
    Ok(Value::Bool(f.is_finite() && f.fract() == 0.0))
}

fn float_as_integer_ratio(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let f = float_self(vm, &args)?;
    match crate::mathcore::math::float_as_integer_ratio(f) {
        Ok((n, d)) => Ok(new_tuple(vec![int_from_bigint(n), int_from_bigint(d)])),
        Err(e) => Err(crate::modules::math::math_err(vm, e)),
    }
}

fn float_hex(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    Ok(new_str(crate::format::float_to_hex(float_self(vm, &args)?)))
}

fn float_fromhex(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "fromhex", &args, 2, 2)?;
    let s = args.pos()[1]
        .as_obj()
        .and_then(|o| o.as_str())
        .ok_or_else(|| vm.type_error("fromhex() argument must be str"))?;
    crate::format::float_from_hex(s)
        .map(Value::Float)
        .map_err(|e| vm.fmt_err(e))
}

fn float_conjugate(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    Ok(Value::Float(float_self(vm, &args)?))
}

fn float_trunc(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    ctors::float_to_int(vm, float_self(vm, &args)?)
}

fn int_index(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    Ok(int_from_bigint(int_self(vm, &args)?))
}

/// Creates the builtins module and registers every method group.
pub fn make_builtins_module() -> ObjRef {
    let t = types();
    let d = crate::dict::new_dict_obj();
    d.make_immortal();
    let dd = match &d.payload {
        Payload::Dict(x) => x,
        _ => types::empty_dict(),
    };
    let mut r = BuiltinRegistry;
    list::register(&mut r);
    dict::register(&mut r);
    strmod::register(&mut r);
    strmethods::register(&mut r);
    bytes::register(&mut r);
    complex::register(&mut r);
    bytearray::register(&mut r);
    generator::register(&mut r);
    coroutine::register(&mut r);
    crate::set::register(&mut r);
    fileio::register(&mut r);
    objmethods::register(&mut r);
    slotmethods::register();
    superobj::register();
    genericalias::register();
    add_method(t.object, "__init__", object_init);
    add_method(t.object, "__repr__", object_repr);
    add_method(t.object, "__str__", object_str);
    add_method(t.object, "__eq__", object_eq);
    add_method(t.object, "__ne__", object_ne);
    add_method(t.object, "__hash__", object_hash);
    add_method(t.object, "__setattr__", object_setattr);
    add_method(t.object, "__delattr__", object_delattr);
    add_method(t.object, "__getattribute__", object_getattribute);
    add_method(t.object, "__format__", object_format);
    add_method(t.object, "__dir__", object_dir);
    add_staticmethod(t.object, "__new__", object_new);
    add_staticmethod(t.tuple, "__new__", object_new);
    add_staticmethod(t.int, "__new__", object_new);
    add_staticmethod(t.str, "__new__", object_new);
    add_staticmethod(t.float, "__new__", object_new);
    add_method(t.type_, "mro", type_mro);
    add_staticmethod(t.type_, "__new__", type_dunder_new);
    add_method(t.type_, "__init__", type_dunder_init);
    add_method(t.type_, "__call__", type_dunder_call);
    add_classmethod(t.type_, "__prepare__", type_dunder_prepare);
    add_method(t.type_, "__setattr__", type_dunder_setattr);
    add_method(t.type_, "__delattr__", type_dunder_delattr);
    add_classmethod(t.object, "__init_subclass__", object_init_subclass);
    add_method(t.type_, "__subclasses__", type_subclasses);
    let be = t.exc.base_exception;
    add_method(be, "__init__", exc_init);
    add_method(be, "__str__", exc_str);
    add_method(be, "__repr__", exc_repr);
    add_method(be, "with_traceback", exc_with_traceback);
    excgroup::register();
    add_method(t.int, "bit_length", int_bit_length);
    add_method(t.int, "bit_count", int_bit_count);
    add_method(t.int, "to_bytes", int_to_bytes);
    add_classmethod(t.int, "from_bytes", int_from_bytes);
    add_method(t.int, "conjugate", int_conjugate);
    add_method(t.int, "__index__", int_index);
    add_method(t.float, "is_integer", float_is_integer);
    add_method(t.float, "as_integer_ratio", float_as_integer_ratio);
    add_method(t.float, "hex", float_hex);
    add_classmethod(t.float, "fromhex", float_fromhex);
    add_method(t.float, "conjugate", float_conjugate);
    add_method(t.float, "__trunc__", float_trunc);
    functions::register(dd);
    dynamic::register(dd);
    let classes: &[(&str, &'static Object)] = &[
        ("object", t.object),
        ("type", t.type_),
        ("int", t.int),
        ("bool", t.bool_),
        ("float", t.float),
        ("complex", t.complex),
        ("str", t.str),
        ("bytes", t.bytes),
        ("bytearray", t.bytearray),
        ("list", t.list),
        ("tuple", t.tuple),
        ("dict", t.dict),
        ("set", t.set),
        ("frozenset", t.frozenset),
        ("range", t.range),
        ("slice", t.slice),
        ("staticmethod", t.staticmethod),
        ("classmethod", t.classmethod),
        ("property", t.property),
        ("super", t.super_),
    ];
    for (n, c) in classes {
        dd.set_by_name(n, class_value(c));
    }
    memoryview::register(dd);
    let e = &t.exc;
    let excs: &[&'static Object] = &[
        e.base_exception,
        e.exception,
        e.arithmetic_error,
        e.zero_division_error,
        e.overflow_error,
        e.floating_point_error,
        e.lookup_error,
        e.index_error,
        e.key_error,
        e.value_error,
        e.type_error,
        e.attribute_error,
        e.name_error,
        e.unbound_local_error,
        e.runtime_error,
        e.recursion_error,
        e.not_implemented_error,
        e.stop_iteration,
        e.stop_async_iteration,
        e.generator_exit,
        e.assertion_error,
        e.keyboard_interrupt,
        e.system_exit,
        e.import_error,
        e.module_not_found_error,
        e.os_error,
        e.file_not_found_error,
        e.permission_error,
        e.file_exists_error,
        e.is_a_directory_error,
        e.not_a_directory_error,
        e.blocking_io_error,
        e.child_process_error,
        e.interrupted_error,
        e.process_lookup_error,
        e.connection_error,
        e.broken_pipe_error,
        e.connection_aborted_error,
        e.connection_refused_error,
        e.connection_reset_error,
        e.timeout_error,
        e.eof_error,
        e.unicode_error,
        e.unicode_decode_error,
        e.unicode_encode_error,
        e.system_error,
        e.memory_error,
        e.syntax_error,
        e.indentation_error,
        e.buffer_error,
        e.warning,
        e.deprecation_warning,
        e.user_warning,
        e.runtime_warning,
        e.base_exception_group,
        e.exception_group,
    ];
    for &c in excs.iter().chain(e.other_warnings.iter()) {
        dd.set_by_name(&c.type_data_of_self().name(), class_value(c));
    }
    // The old names of OSError.
    dd.set_by_name("IOError", class_value(e.os_error));
    dd.set_by_name("EnvironmentError", class_value(e.os_error));
    e.unsupported_operation
        .type_data_of_self()
        .own_dict()
        .set_str(intern("__module__"), new_str("io"));
    dd.set_by_name("None", Value::None);
    dd.set_by_name("True", Value::Bool(true));
    dd.set_by_name("False", Value::Bool(false));
    dd.set_by_name("NotImplemented", types::not_implemented());
    dd.set_by_name("Ellipsis", types::ellipsis());
    dd.set_by_name("__name__", new_str("builtins"));
    ObjRef::new_immortal(Object::new(
        t.module,
        Payload::Module(crate::object::ModuleObj {
            name: "builtins".into(),
            dict: d,
        }),
    ))
}
