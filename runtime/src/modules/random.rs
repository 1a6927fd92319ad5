//! The `_random` module: the Mersenne Twister core (`Random` with `seed`,
//! `random`, `getrandbits`) under the Python-level `random` module.

use crate::builtins::add_method;
use crate::builtins::add_staticmethod;
use crate::builtins::int::{as_int_like, int_from_bigint};
use crate::function::CallArgs;
use crate::mathcore::mt19937::Mt19937;
use crate::object::{Object, Payload};
use crate::ops;
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};
use num_bigint::BigInt;
use parking_lot::Mutex;
use std::sync::OnceLock;

struct Gen(Mutex<Mt19937>);

fn class() -> &'static Object {
    static CLS: OnceLock<&'static Object> = OnceLock::new();
    CLS.get_or_init(|| {
        let c = super::new_native_class("Random", "_random");
        add_staticmethod(c, "__new__", new);
        add_method(c, "seed", seed);
        add_method(c, "random", random);
        add_method(c, "getrandbits", getrandbits);
        c
    })
}

fn gen<'a>(vm: &Vm, v: &'a Value) -> PyResult<&'a Mutex<Mt19937>> {
    match v.as_obj().map(|o| &o.payload) {
        Some(Payload::Native(b)) => b
            .downcast_ref::<Gen>()
            .map(|g| &g.0)
            .ok_or_else(|| vm.type_error("not a Random")),
        _ => Err(vm.type_error("not a Random")),
    }
}

fn time_seed() -> BigInt {
    let d = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    BigInt::from(d.as_nanos()) ^ BigInt::from(std::process::id())
}

fn new(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let mut mt = Mt19937::new();
    match a.pos().get(1) {
        Some(v) if !v.is_none() => mt.seed_from_int(&seed_int(vm, v)?),
        _ => mt.seed_from_int(&time_seed()),
    }
    Ok(Value::Obj(ObjRef::new(Object::new(
        class(),
        Payload::Native(Box::new(Gen(Mutex::new(mt)))),
    ))))
}

fn seed_int(vm: &Vm, v: &Value) -> PyResult<BigInt> {
    if let Some(b) = as_int_like(v) {
        return Ok(b);
    }
    if let Value::Float(f) = v {
        return Ok(BigInt::from(vm.hash(&Value::Float(*f))?));
    }
    Err(vm.type_error(
        "The only supported seed types are: None,\nint, float, str, bytes, and bytearray.",
    ))
}

fn seed(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let g = gen(vm, &a.pos()[0])?;
    match a.pos().get(1) {
        Some(v) if !v.is_none() => {
            let s = seed_int(vm, v)?;
            g.lock().seed_from_int(&s);
        }
        _ => g.lock().seed_from_int(&time_seed()),
    }
    Ok(Value::None)
}

fn random(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    Ok(Value::Float(gen(vm, &a.pos()[0])?.lock().random()))
}

fn getrandbits(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let k = ops::index_i64(vm, a.pos().get(1).unwrap_or(&Value::Int(0)))?;
    if k < 0 {
        return Err(vm.value_error("number of bits must be non-negative"));
    }
    let b = gen(vm, &a.pos()[0])?.lock().getrandbits(k as u32);
    Ok(int_from_bigint(BigInt::from(b)))
}

/// Builds the module.
pub fn make() -> ObjRef {
    let m = super::make_module("_random", &[]);
    super::set_attr(&m, "Random", crate::builtins::types::class_value(class()));
    m
}
