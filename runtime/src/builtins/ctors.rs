//! Constructors of the built-in types (`int(...)`, `str(...)`, `range(...)`,
//! `type(...)`, exceptions, ...) and allocation of instances of user
//! classes that derive from a built-in type.

use crate::builtins::args::Args;
use crate::builtins::int::{self, int_from_bigint};
use crate::builtins::list::new_list;
use crate::builtins::tuple::new_tuple;
use crate::builtins::types::{class_value, types};
use crate::exceptions::ExcData;
use crate::function::{CallArgs, PropertyObj};
use crate::object::{Object, Payload, RangeObj};
use crate::ops;
use crate::strobj::{new_str, PyStr};
use crate::typeobj::BaseKind;
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};
use num_traits::ToPrimitive;

fn obj(cls: &'static Object, p: Payload) -> Value {
    Value::Obj(ObjRef::new(Object::new(cls, p)))
}

/// `int(x=0, base=10)`
pub fn to_int(vm: &Vm, x: Option<&Value>, base: Option<&Value>) -> PyResult<Value> {
    let Some(x) = x else { return Ok(Value::Int(0)) };
    if let Some(b) = base {
        let base = ops::index_i64(vm, b)?;
        if base != 0 && !(2..=36).contains(&base) {
            return Err(vm.value_error("int() base must be >= 2 and <= 36, or 0"));
        }
        let s = match x.as_obj().map(|o| &o.payload) {
            Some(Payload::Str(s)) => s.as_str().to_string(),
            Some(Payload::Bytes(b)) => {
                return parse_int_bytes(vm, b, base as u32);
            }
            _ => return Err(vm.type_error("int() can't convert non-string with explicit base")),
        };
        return parse_int_str(vm, &s, base as u32);
    }
    match x {
        Value::Int(_) => Ok(x.clone()),
        Value::Bool(b) => Ok(Value::Int(*b as i64)),
        Value::Float(f) => float_to_int(vm, *f),
        Value::Obj(o) => {
            if let Some(m) = ops::special(x, "__int__").or_else(|| ops::special(x, "__index__")) {
                return vm.call(&m, std::slice::from_ref(x));
            }
            if let Some(m) = ops::special(x, "__trunc__") {
                return vm.call(&m, std::slice::from_ref(x));
            }
            match &o.payload {
                Payload::Int(b) => Ok(int_from_bigint(b.clone())),
                Payload::Float(f) => float_to_int(vm, *f),
                Payload::Str(s) => parse_int_str(vm, s.as_str(), 10),
                Payload::Bytes(b) => parse_int_bytes(vm, b, 10),
                Payload::ByteArray(b) => parse_int_bytes(vm, &b.snapshot(), 10),
                _ => Err(vm.type_error(format!(
                    "int() argument must be a string, a bytes-like object or a real number, not '{}'",
                    o.type_name()
                ))),
            }
        }
        _ => Err(vm.type_error(format!(
            "int() argument must be a string, a bytes-like object or a real number, not '{}'",
            vm.type_name(x)
        ))),
    }
}

fn parse_int_str(vm: &Vm, s: &str, base: u32) -> PyResult<Value> {
    parse_int_text(vm, s, base, || crate::builtins::repr::repr_str(s))
}

/// `int(b"...")`: the text of the bytes, with the bytes shown in errors.
fn parse_int_bytes(vm: &Vm, b: &[u8], base: u32) -> PyResult<Value> {
    parse_int_text(vm, &String::from_utf8_lossy(b), base, || {
        crate::builtins::repr::repr_bytes(b)
    })
}

fn parse_int_text(vm: &Vm, s: &str, base: u32, shown: impl Fn() -> String) -> PyResult<Value> {
    let limit = vm
        .interp
        .int_max_str_digits
        .load(std::sync::atomic::Ordering::Relaxed);
    if base == 10 && limit > 0 && s.trim().len() > limit + 1 {
        let digits = s.chars().filter(|c| c.is_ascii_digit()).count();
        if digits > limit {
            return Err(vm.value_error(format!(
                "Exceeds the limit ({limit} digits) for integer string conversion: value has {digits} digits; use sys.set_int_max_str_digits() to increase the limit"
            )));
        }
    }
    match crate::format::parse_int_fitting(s, base) {
        Some(crate::format::ParsedInt::Small(i)) => Ok(Value::Int(i)),
        Some(crate::format::ParsedInt::Big(b)) => Ok(int_from_bigint(b)),
        None => Err(vm.value_error(format!(
            "invalid literal for int() with base {}: {}",
            base,
            shown()
        ))),
    }
}

/// `int(f)` for a float.
pub fn float_to_int(vm: &Vm, f: f64) -> PyResult<Value> {
    if f.is_nan() {
        return Err(vm.value_error("cannot convert float NaN to integer"));
    }
    if f.is_infinite() {
        return Err(vm.overflow_error("cannot convert float infinity to integer"));
    }
    let t = f.trunc();
    if t.abs() < 9.0e18 {
        return Ok(Value::Int(t as i64));
    }
    Ok(int_from_bigint(
        crate::mathcore::math::float_to_bigint(t)
            .map_err(|_| vm.overflow_error("cannot convert float infinity to integer"))?,
    ))
}

/// `float(x=0.0)`
pub fn to_float(vm: &Vm, x: Option<&Value>) -> PyResult<f64> {
    let Some(x) = x else { return Ok(0.0) };
    match x {
        Value::Float(f) => Ok(*f),
        Value::Int(i) => Ok(*i as f64),
        Value::Bool(b) => Ok(*b as i64 as f64),
        Value::Obj(o) => {
            if let Some(m) = ops::special(x, "__float__") {
                let r = vm.call(&m, std::slice::from_ref(x))?;
                return match r {
                    Value::Float(f) => Ok(f),
                    _ => Err(vm.type_error("__float__ returned non-float")),
                };
            }
            if let Some(m) = ops::special(x, "__index__") {
                let r = vm.call(&m, std::slice::from_ref(x))?;
                return to_float(vm, Some(&r));
            }
            match &o.payload {
                Payload::Int(b) => int::int_to_f64(vm, b),
                Payload::Float(f) => Ok(*f),
                Payload::Str(s) => crate::format::parse_float(s.as_str()).ok_or_else(|| {
                    vm.value_error(format!(
                        "could not convert string to float: {}",
                        crate::builtins::repr::repr_str(s.as_str())
                    ))
                }),
                Payload::ByteArray(b) => std::str::from_utf8(&b.snapshot())
                    .ok()
                    .and_then(crate::format::parse_float)
                    .ok_or_else(|| {
                        vm.value_error(format!(
                            "could not convert string to float: {}",
                            crate::builtins::bytearray::repr(b, "bytearray")
                        ))
                    }),
                Payload::Bytes(b) => std::str::from_utf8(b)
                    .ok()
                    .and_then(crate::format::parse_float)
                    .ok_or_else(|| {
                        vm.value_error(format!(
                            "could not convert string to float: {}",
                            crate::builtins::repr::repr_bytes(b)
                        ))
                    }),
                _ => Err(vm.type_error(format!(
                    "float() argument must be a string or a real number, not '{}'",
                    o.type_name()
                ))),
            }
        }
        _ => Err(vm.type_error(format!(
            "float() argument must be a string or a real number, not '{}'",
            vm.type_name(x)
        ))),
    }
}

fn range_arg(vm: &Vm, v: &Value) -> PyResult<i64> {
    let b = ops::index_of(vm, v)?;
    b.to_i64()
        .ok_or_else(|| vm.overflow_error("Python int too large to convert to C ssize_t"))
}

/// `range(...)`
pub fn make_range(vm: &Vm, pos: &[Value]) -> PyResult<Value> {
    if (1..=3).contains(&pos.len())
        && !pos
            .iter()
            .all(|v| matches!(v, Value::Int(_) | Value::Bool(_)))
    {
        return crate::bigrange::make(vm, pos);
    }
    let (start, stop, step) = match pos.len() {
        1 => (0, range_arg(vm, &pos[0])?, 1),
        2 => (range_arg(vm, &pos[0])?, range_arg(vm, &pos[1])?, 1),
        3 => (
            range_arg(vm, &pos[0])?,
            range_arg(vm, &pos[1])?,
            range_arg(vm, &pos[2])?,
        ),
        0 => return Err(vm.type_error("range expected at least 1 argument, got 0")),
        n => return Err(vm.type_error(format!("range expected at most 3 arguments, got {n}"))),
    };
    if step == 0 {
        return Err(vm.value_error("range() arg 3 must not be zero"));
    }
    Ok(obj(
        types().range,
        Payload::Range(RangeObj { start, stop, step }),
    ))
}

/// `str(x)` / `str(bytes, encoding[, errors])`
pub fn to_str(vm: &Vm, args: CallArgs) -> PyResult<String> {
    let a = Args::parse(vm, "str", args, &["object", "encoding", "errors"], &[], 0)?;
    match (a.get(0), a.get(1)) {
        (None, _) => Ok(String::new()),
        (Some(v), None) => vm.str_of(v),
        (Some(v), Some(_enc)) => match crate::builtins::buffer::bytes_like(vm, v)? {
            Some(b) => crate::builtins::bytes::decode(vm, &b, a.get(1), a.get(2)),
            None if v.as_obj().and_then(|o| o.as_str()).is_some() => {
                Err(vm.type_error("decoding str is not supported"))
            }
            None => Err(vm.type_error(format!(
                "decoding to str: need a bytes-like object, {} found",
                vm.type_name(v)
            ))),
        },
    }
}

/// The payload for a new instance whose solid base is `kind`.
fn base_payload(
    vm: &Vm,
    kind: BaseKind,
    cls: &'static Object,
    args: CallArgs,
) -> PyResult<Payload> {
    let pos = args.pos();
    Ok(match kind {
        BaseKind::Object | BaseKind::Other | BaseKind::Protocol | BaseKind::Type => {
            let td = cls.type_data_of_self();
            if !args.args.is_empty() {
                let init = td.lookup(&crate::strobj::intern_static("__init__"));
                let user_init = matches!(&init, Some(Value::Obj(o)) if !matches!(o.payload, Payload::Builtin(_)));
                if !user_init {
                    return Err(vm.type_error(format!("{}() takes no arguments", td.name())));
                }
            }
            Payload::Plain
        }
        BaseKind::ThreadLocal => crate::modules::thread::new_local_payload(pos),
        BaseKind::Exception => Payload::Exception(Box::new(ExcData::new(new_tuple(pos.to_vec())))),
        BaseKind::List => Payload::List(crate::listobj::ListObj::default()),
        BaseKind::Dict => Payload::Dict(Box::default()),
        BaseKind::Set => Payload::Set(Box::default()),
        BaseKind::FrozenSet => {
            let items = match pos.first() {
                Some(it) => ops::collect_iter(vm, it)?,
                None => Vec::new(),
            };
            Payload::Set(Box::new(crate::set::SetObj::from_values(vm, items)?))
        }
        BaseKind::Tuple => {
            let items = match pos.first() {
                Some(it) => ops::collect_iter(vm, it)?,
                None => Vec::new(),
            };
            Payload::Tuple(items.into_boxed_slice())
        }
        BaseKind::Int => match to_int(vm, pos.first(), pos.get(1))? {
            Value::Int(i) => Payload::Int(num_bigint::BigInt::from(i)),
            v => Payload::Int(int::to_bigint(&v).unwrap_or_default()),
        },
        BaseKind::Float => Payload::Float(to_float(vm, pos.first())?),
        BaseKind::Complex => {
            let (re, im) = crate::builtins::complex::complex_value(vm, args)?;
            Payload::Complex(re, im)
        }
        BaseKind::Str => Payload::Str(PyStr::new(to_str(vm, args)?)),
        // Filled by `bytearray.__init__`, as in CPython.
        BaseKind::ByteArray => Payload::ByteArray(Box::default()),
        BaseKind::Bytes => match crate::builtins::bytes::make_bytes(vm, pos)? {
            Value::Obj(o) => match &o.payload {
                Payload::Bytes(b) => Payload::Bytes(b.clone()),
                _ => Payload::Bytes(Box::new([])),
            },
            _ => Payload::Bytes(Box::new([])),
        },
    })
}

/// True for `BaseExceptionGroup` and its subclasses, whose instances are
/// made by `excgroup::new_group`.
fn is_group_class(kind: BaseKind, cls: &'static Object) -> bool {
    kind == BaseKind::Exception && crate::typeobj::is_subtype(cls, types().exc.base_exception_group)
}

/// Allocates an instance of user class `cls` (no `__init__` call).
pub fn new_instance_of(vm: &Vm, cls: &'static Object, args: CallArgs) -> PyResult<Value> {
    let kind = cls.type_data_of_self().base_kind;
    let cls = if kind == BaseKind::Exception {
        crate::builtins::oserror::constructed_class(cls, args.pos())
    } else {
        cls
    };
    if is_group_class(kind, cls) {
        return crate::builtins::excgroup::new_group(vm, cls, args.pos());
    }
    let payload = base_payload(vm, kind, cls, args)?;
    Ok(Value::Obj(ObjRef::new(Object::new_instance(cls, payload))))
}

/// `object.__new__(cls, ...)` / `tuple.__new__(cls, it)` style allocation.
pub fn object_new(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let pos = args.pos();
    let cls = pos
        .first()
        .and_then(|c| c.as_obj())
        .and_then(|c| c.as_static())
        .filter(|c| matches!(c.payload, Payload::Type(_)))
        .ok_or_else(|| vm.type_error("object.__new__(X): X is not a type object"))?;
    let kind = cls.type_data_of_self().base_kind;
    let rest = CallArgs {
        args: &args.args[1..],
        kwnames: args.kwnames,
    };
    if is_group_class(kind, cls) {
        return crate::builtins::excgroup::new_group(vm, cls, rest.pos());
    }
    let payload = match kind {
        BaseKind::Object | BaseKind::Other | BaseKind::Type => Payload::Plain,
        _ => base_payload(vm, kind, cls, rest)?,
    };
    Ok(Value::Obj(ObjRef::new(Object::new_instance(cls, payload))))
}

/// Calls a built-in class.
pub fn construct_builtin(vm: &Vm, cls: &'static Object, args: CallArgs) -> PyResult<Value> {
    let t = types();
    let pos = args.pos();
    let is = |c: &'static Object| std::ptr::eq(cls, c);
    if is(t.type_) {
        return crate::builtins::typecall::type_new(vm, cls, args);
    }
    if is(t.object) {
        if !args.args.is_empty() {
            return Err(vm.type_error("object() takes no arguments"));
        }
        return Ok(obj(t.object, Payload::Plain));
    }
    if is(t.int) || is(t.bool_) {
        if is(t.bool_) {
            return Ok(Value::Bool(match pos.first() {
                Some(v) => ops::truthy(vm, v)?,
                None => false,
            }));
        }
        let a = Args::parse(vm, "int", args, &["x", "base"], &[], 0)?;
        return to_int(vm, a.get(0), a.get(1));
    }
    if is(t.float) {
        if pos.len() > 1 {
            return Err(vm.type_error(format!(
                "float expected at most 1 argument, got {}",
                pos.len()
            )));
        }
        return Ok(Value::Float(to_float(vm, pos.first())?));
    }
    if is(t.bytearray) {
        return crate::builtins::bytearray::construct(vm, args);
    }
    if is(t.complex) {
        return crate::builtins::complex::construct(vm, args);
    }
    if is(t.str) {
        return Ok(new_str(to_str(vm, args)?));
    }
    if is(t.list) {
        if pos.len() > 1 {
            return Err(vm.type_error(format!(
                "list expected at most 1 argument, got {}",
                pos.len()
            )));
        }
        return Ok(new_list(match pos.first() {
            Some(it) => ops::collect_iter(vm, it)?,
            None => Vec::new(),
        }));
    }
    if is(t.tuple) {
        if pos.len() > 1 {
            return Err(vm.type_error(format!(
                "tuple expected at most 1 argument, got {}",
                pos.len()
            )));
        }
        if let Some(v) = pos.first() {
            if crate::builtins::types::is_exact(v, t.tuple) {
                return Ok(v.clone());
            }
        }
        return Ok(new_tuple(match pos.first() {
            Some(it) => ops::collect_iter(vm, it)?,
            None => Vec::new(),
        }));
    }
    if is(t.dict) {
        let d = crate::dict::new_dict_obj();
        let dv = Value::Obj(d);
        crate::builtins::dict::dict_init(vm, &dv, args)?;
        return Ok(dv);
    }
    if is(t.set) || is(t.frozenset) {
        if pos.len() > 1 {
            return Err(vm.type_error(format!(
                "{} expected at most 1 argument, got {}",
                cls.type_data_of_self().name(),
                pos.len()
            )));
        }
        let items = match pos.first() {
            Some(it) => ops::collect_iter(vm, it)?,
            None => Vec::new(),
        };
        return crate::set::new_set_from(vm, items, is(t.frozenset));
    }
    if is(t.range) {
        return make_range(vm, pos);
    }
    if is(t.slice) {
        return Ok(match pos.len() {
            1 => obj(
                t.slice,
                Payload::Slice(Value::None, pos[0].clone(), Value::None),
            ),
            2 => obj(
                t.slice,
                Payload::Slice(pos[0].clone(), pos[1].clone(), Value::None),
            ),
            3 => obj(
                t.slice,
                Payload::Slice(pos[0].clone(), pos[1].clone(), pos[2].clone()),
            ),
            _ => return Err(vm.type_error("slice expected at least 1 argument, got 0")),
        });
    }
    if is(t.bytes) {
        return crate::builtins::bytes::make_bytes(vm, pos);
    }
    if is(t.property) {
        let a = Args::parse(
            vm,
            "property",
            args,
            &["fget", "fset", "fdel", "doc"],
            &[],
            0,
        )?;
        let fget = a.get_or(0, Value::None);
        let doc = match a.get(3) {
            Some(d) => d.clone(),
            None => {
                if fget.is_none() {
                    Value::None
                } else {
                    vm.get_attr_str(&fget, "__doc__").unwrap_or(Value::None)
                }
            }
        };
        return Ok(obj(
            t.property,
            Payload::Property(Box::new(PropertyObj {
                fget,
                fset: a.get_or(1, Value::None),
                fdel: a.get_or(2, Value::None),
                doc,
            })),
        ));
    }
    if is(t.staticmethod) || is(t.classmethod) {
        let f = pos
            .first()
            .cloned()
            .ok_or_else(|| vm.type_error("expected 1 argument"))?;
        return Ok(obj(
            cls,
            if is(t.staticmethod) {
                Payload::StaticMethod(f)
            } else {
                Payload::ClassMethod(f)
            },
        ));
    }
    if is(t.super_) {
        return crate::builtins::superobj::super_call(vm, args);
    }
    if crate::typeobj::is_subtype(cls, t.exc.base_exception) {
        if args.has_kwargs() {
            return Err(vm.type_error(format!(
                "{}() takes no keyword arguments",
                cls.type_data_of_self().name()
            )));
        }
        if crate::typeobj::is_subtype(cls, t.exc.base_exception_group) {
            return crate::builtins::excgroup::new_group(vm, cls, pos);
        }
        if crate::builtins::oserror::is_os_error_class(cls) {
            return Ok(Value::Obj(crate::builtins::oserror::new_os_error(
                vm, cls, pos,
            )));
        }
        return Ok(Value::Obj(vm.new_exception(cls, pos.to_vec())));
    }
    if let Some(nf) = cls.type_data_of_self().own_dict().get_by_name("__new__") {
        let f = crate::attrs::unwrap_static(&nf).unwrap_or(nf);
        let mut v = Vec::with_capacity(args.args.len() + 1);
        v.push(class_value(cls));
        v.extend_from_slice(args.args);
        return vm.call_args(
            &f,
            CallArgs {
                args: &v,
                kwnames: args.kwnames,
            },
        );
    }
    Err(vm.type_error(format!(
        "cannot create '{}' instances",
        cls.type_data_of_self().name()
    )))
}
