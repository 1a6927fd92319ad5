//! Methods of `slice`, `range` and `property`, and the numeric special
//! methods of `int`/`float` as callable descriptors (`(-7).__abs__()`,
//! `int.__add__(1, 2)`); operator dispatch itself never goes through
//! these (it is native in `ops`).

use crate::builtins::args::arg_count;
use crate::builtins::tuple::new_tuple;
use crate::builtins::types::{not_implemented, types};
use crate::builtins::{add_method, BuiltinRegistry};
use crate::function::{CallArgs, PropertyObj};
use crate::object::{Object, Payload};
use crate::ops;
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};
use weft_specializer::BinaryOperator;

fn slice_indices(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "indices", &args, 2, 2)?;
    let Some(Payload::Slice(a, b, c)) = args.pos()[0].as_obj().map(|o| &o.payload) else {
        return Err(vm.type_error("descriptor 'indices' requires a 'slice' object"));
    };
    let len = ops::index_i64(vm, &args.pos()[1])?;
    if len < 0 {
        return Err(vm.value_error("length should not be negative"));
    }
    let s = crate::builtins::subscript::slice_indices(vm, a, b, c, len as usize)?;
    Ok(new_tuple(vec![
        Value::Int(s.start),
        Value::Int(s.stop),
        Value::Int(s.step),
    ]))
}

fn range_index(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "index", &args, 2, 2)?;
    let r = args.pos()[0]
        .as_obj()
        .and_then(|o| crate::bigrange::parts(o))
        .ok_or_else(|| vm.type_error("descriptor requires a 'range' object"))?;
    let v = &args.pos()[1];
    if let Some(i) = crate::builtins::int::as_int_like(v) {
        if let Some(k) = r.position(&i) {
            return Ok(crate::builtins::int::int_from_bigint(k));
        }
    } else {
        // Another kind of value: compared with each element.
        let it = ops::get_iter(vm, &args.pos()[0])?;
        let mut k = 0i64;
        while let Some(x) = ops::next(vm, &it)? {
            if x.is(v) || vm.eq_bool(&x, v)? {
                return Ok(Value::Int(k));
            }
            k += 1;
        }
    }
    Err(vm.value_error(format!("{} is not in range", vm.repr_of(v)?)))
}

fn range_count(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "count", &args, 2, 2)?;
    let found = ops::contains(vm, &args.pos()[0], &args.pos()[1])?;
    Ok(Value::Int(found as i64))
}

fn property_with(vm: &Vm, args: &CallArgs, which: usize) -> PyResult<Value> {
    arg_count(vm, "setter", args, 2, 2)?;
    let Some(Payload::Property(p)) = args.pos()[0].as_obj().map(|o| &o.payload) else {
        return Err(vm.type_error("descriptor requires a 'property' object"));
    };
    let f = args.pos()[1].clone();
    let mut np = PropertyObj {
        fget: p.fget.clone(),
        fset: p.fset.clone(),
        fdel: p.fdel.clone(),
        doc: p.doc.clone(),
    };
    match which {
        0 => {
            if np.doc.is_none() {
                np.doc = vm.get_attr_str(&f, "__doc__").unwrap_or(Value::None);
            }
            np.fget = f;
        }
        1 => np.fset = f,
        _ => np.fdel = f,
    }
    let cls = args.pos()[0]
        .as_obj()
        .map(|o| o.class())
        .unwrap_or(types().property);
    Ok(Value::Obj(ObjRef::new(Object::new(
        cls,
        Payload::Property(Box::new(np)),
    ))))
}

fn property_getter(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    property_with(vm, &args, 0)
}
fn property_setter(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    property_with(vm, &args, 1)
}
fn property_deleter(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    property_with(vm, &args, 2)
}

fn property_get(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let p = args.pos();
    if p.len() < 2 {
        return Err(vm.type_error("__get__ expected at least 1 argument"));
    }
    if p[1].is_none() {
        return Ok(p[0].clone());
    }
    crate::attrs::bind(vm, &p[0], &p[1])
}

macro_rules! binary_dunders {
    ($($name:ident, $rname:ident => $op:ident, $dname:literal, $rdname:literal;)*) => {
        $(
            fn $name(vm: &Vm, args: CallArgs) -> PyResult<Value> {
                arg_count(vm, stringify!($name), &args, 2, 2)?;
                let p = args.pos();
                Ok(crate::builtins::arith::native_binary(vm, &p[0], &p[1], BinaryOperator::$op)?.unwrap_or_else(not_implemented))
            }
            fn $rname(vm: &Vm, args: CallArgs) -> PyResult<Value> {
                arg_count(vm, stringify!($rname), &args, 2, 2)?;
                let p = args.pos();
                Ok(crate::builtins::arith::native_binary(vm, &p[1], &p[0], BinaryOperator::$op)?.unwrap_or_else(not_implemented))
            }
        )*
        fn register_binary(cls: &'static Object) {
            $(
                add_method(cls, $dname, $name);
                add_method(cls, $rdname, $rname);
            )*
        }
    };
}

binary_dunders! {
    add, radd => Add, "__add__", "__radd__";
    sub, rsub => Subtract, "__sub__", "__rsub__";
    mul, rmul => Multiply, "__mul__", "__rmul__";
    truediv, rtruediv => TrueDivide, "__truediv__", "__rtruediv__";
    floordiv, rfloordiv => FloorDivide, "__floordiv__", "__rfloordiv__";
    mod_, rmod => Remainder, "__mod__", "__rmod__";
    pow, rpow => Power, "__pow__", "__rpow__";
    lshift, rlshift => LShift, "__lshift__", "__rlshift__";
    rshift, rrshift => RShift, "__rshift__", "__rrshift__";
    and, rand => And, "__and__", "__rand__";
    or, ror => Or, "__or__", "__ror__";
    xor, rxor => Xor, "__xor__", "__rxor__";
}

fn unary(vm: &Vm, args: &CallArgs, f: fn(&Vm, &Value) -> PyResult<Value>) -> PyResult<Value> {
    arg_count(vm, "__unary__", args, 1, 1)?;
    f(vm, &args.pos()[0])
}

fn abs_(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    unary(vm, &args, |vm, v| match v {
        Value::Float(f) => Ok(Value::Float(f.abs())),
        _ => {
            let b =
                crate::builtins::int::as_int_like(v).ok_or_else(|| vm.type_error("bad operand"))?;
            Ok(crate::builtins::int::int_from_bigint(
                num_traits::Signed::abs(&b),
            ))
        }
    })
}
fn neg(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    unary(vm, &args, ops::negative)
}
fn pos(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    unary(vm, &args, ops::positive)
}
fn invert(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    unary(vm, &args, ops::invert)
}
fn bool_(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    unary(vm, &args, |vm, v| ops::truthy(vm, v).map(Value::Bool))
}
fn int_(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    unary(vm, &args, |vm, v| {
        crate::builtins::ctors::to_int(vm, Some(v), None)
    })
}
fn float_(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    unary(vm, &args, |vm, v| {
        crate::builtins::ctors::to_float(vm, Some(v)).map(Value::Float)
    })
}

macro_rules! compare_dunders {
    ($($name:ident => $op:expr;)*) => {
        $(
            fn $name(vm: &Vm, args: CallArgs) -> PyResult<Value> {
                arg_count(vm, stringify!($name), &args, 2, 2)?;
                let p = args.pos();
                let num = |v: &Value| crate::builtins::int::is_int_like(v) || matches!(v, Value::Float(_));
                if !(num(&p[0]) && num(&p[1])) {
                    return Ok(not_implemented());
                }
                ops::compare(vm, &p[0], &p[1], $op)
            }
        )*
        fn register_compare(cls: &'static Object) {
            $( add_method(cls, concat!("__", stringify!($name), "__"), $name); )*
        }
    };
}

compare_dunders! {
    lt => 0;
    le => 1;
    eq => 2;
    ne => 3;
    gt => 4;
    ge => 5;
}

fn dict_eq_impl(vm: &Vm, args: &CallArgs) -> PyResult<Option<bool>> {
    arg_count(vm, "__eq__", args, 2, 2)?;
    let p = args.pos();
    match (&p[0], &p[1]) {
        (Value::Obj(a), Value::Obj(b))
            if matches!(a.payload, Payload::Dict(_)) && matches!(b.payload, Payload::Dict(_)) =>
        {
            Ok(Some(crate::builtins::dict::dict_eq(vm, a, b)?))
        }
        _ => Ok(None),
    }
}

fn dict_eq(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    Ok(dict_eq_impl(vm, &args)?
        .map(Value::Bool)
        .unwrap_or_else(not_implemented))
}

fn dict_ne(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    Ok(dict_eq_impl(vm, &args)?
        .map(|b| Value::Bool(!b))
        .unwrap_or_else(not_implemented))
}

fn hash_(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    unary(vm, &args, |vm, v| {
        match v {
            Value::Obj(o) => vm.native_hash(o),
            other => vm.hash(other),
        }
        .map(Value::Int)
    })
}

/// `property.__new__(cls)`: an empty property of `cls`, for a subtype
/// of `property` only (`object.__new__` would make a plain object that
/// is not a property).
fn property_new(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let t = types();
    let cls = match args.pos().first() {
        Some(Value::Obj(o)) if matches!(o.payload, Payload::Type(_)) => o,
        Some(v) => {
            return Err(vm.type_error(format!(
                "property.__new__(X): X is not a type object ({})",
                vm.type_name(v)
            )))
        }
        None => return Err(vm.type_error("property.__new__(): not enough arguments")),
    };
    if !crate::typeobj::is_subtype(cls, t.property) {
        let name = cls.type_data_of_self().name();
        return Err(vm.type_error(format!(
            "property.__new__({name}): {name} is not a subtype of property"
        )));
    }
    match cls.as_static() {
        Some(c) if std::ptr::eq(c, t.property) => Ok(Value::Obj(ObjRef::new(Object::new(
            t.property,
            Payload::Property(Box::new(PropertyObj {
                fget: Value::None,
                fset: Value::None,
                fdel: Value::None,
                doc: Value::None,
            })),
        )))),
        Some(c) => crate::builtins::ctors::new_instance_of(vm, c, CallArgs::positional(&[])),
        None => Err(vm.type_error("class objects must be immortal")),
    }
}

/// Registers these method groups.
pub fn register(_r: &mut BuiltinRegistry) {
    let t = types();
    add_method(t.slice, "indices", slice_indices);
    add_method(t.range, "index", range_index);
    add_method(t.range, "count", range_count);
    add_method(t.property, "getter", property_getter);
    add_method(t.property, "setter", property_setter);
    add_method(t.property, "deleter", property_deleter);
    add_method(t.property, "__get__", property_get);
    crate::builtins::add_staticmethod(t.property, "__new__", property_new);
    for cls in [t.int, t.float] {
        register_binary(cls);
        register_compare(cls);
        add_method(cls, "__abs__", abs_);
        add_method(cls, "__neg__", neg);
        add_method(cls, "__pos__", pos);
        add_method(cls, "__bool__", bool_);
        add_method(cls, "__int__", int_);
        add_method(cls, "__float__", float_);
        add_method(cls, "__hash__", hash_);
    }
    add_method(t.int, "__invert__", invert);
    add_method(t.dict, "__eq__", dict_eq);
    add_method(t.dict, "__ne__", dict_ne);
}
