//! The `sys` module: argv, exit, stdout/stderr writers, recursion limit,
//! int-digit limit, maxsize, modules and version information.

use crate::builtins::add_method;
use crate::builtins::args::{arg_count, module_fn_arg_count};
use crate::builtins::list::new_list;
use crate::builtins::tuple::new_tuple;
use crate::builtins::types::types;
use crate::function::CallArgs;
use crate::object::{Object, Payload};
use crate::ops;
use crate::strobj::new_str;
use crate::value::{ObjRef, Value};
use crate::vm::{PyErr, PyResult, Vm};
use std::io::Write;
use std::sync::atomic::Ordering;
use std::sync::OnceLock;

/// Which stream a text writer object writes to.
pub struct Stream(pub u8);

fn stream_class() -> &'static Object {
    static CLS: OnceLock<&'static Object> = OnceLock::new();
    CLS.get_or_init(|| {
        let c = super::new_native_class("TextIOWrapper", "_io");
        add_method(c, "write", write);
        add_method(c, "flush", flush);
        c
    })
}

fn stream_of(v: &Value) -> u8 {
    match v.as_obj().map(|o| &o.payload) {
        Some(Payload::Native(b)) => b.downcast_ref::<Stream>().map(|s| s.0).unwrap_or(1),
        _ => 1,
    }
}

fn write(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    arg_count(vm, "write", &a, 2, 2)?;
    let s = a.pos()[1]
        .as_obj()
        .and_then(|o| o.as_str())
        .ok_or_else(|| {
            vm.type_error(format!(
                "write() argument must be str, not {}",
                vm.type_name(&a.pos()[1])
            ))
        })?;
    if stream_of(&a.pos()[0]) == 2 {
        crate::builtins::functions::flush_stdout();
        let _ = std::io::stderr().lock().write_all(s.as_bytes());
    } else {
        crate::builtins::functions::write_stdout(vm, s);
    }
    Ok(Value::Int(s.chars().count() as i64))
}

fn flush(_vm: &Vm, a: CallArgs) -> PyResult<Value> {
    if stream_of(&a.pos()[0]) == 2 {
        let _ = std::io::stderr().flush();
    } else {
        crate::builtins::functions::flush_stdout();
    }
    Ok(Value::None)
}

fn exit(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "sys", "exit", &a, 0, 1)?;
    let args = a.pos().to_vec();
    Err(PyErr(vm.new_exception(types().exc.system_exit, args)))
}

fn getrecursionlimit(vm: &Vm, _a: CallArgs) -> PyResult<Value> {
    Ok(Value::Int(
        vm.interp.recursion_limit.load(Ordering::Relaxed) as i64,
    ))
}

/// `sys.getrefcount(obj)`: the reference count of a mortal object (the
/// argument's own reference included, as in CPython); immortal objects and
/// immediates report 1073741823 (`UINT_MAX >> 2`, CPython 3.12's immortal
/// count).
fn getrefcount(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "sys", "getrefcount", &a, 1, 1)?;
    const IMMORTAL_REPORT: i64 = (u32::MAX >> 2) as i64;
    Ok(Value::Int(match &a.pos()[0] {
        Value::Obj(o) if !o.is_immortal() => o.ref_count() as i64,
        _ => IMMORTAL_REPORT,
    }))
}

fn setrecursionlimit(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "sys", "setrecursionlimit", &a, 1, 1)?;
    let n = ops::index_i64(vm, &a.pos()[0])?;
    if n < 1 {
        return Err(vm.value_error("recursion limit must be greater or equal than 1"));
    }
    vm.interp
        .recursion_limit
        .store(n as usize, Ordering::Relaxed);
    Ok(Value::None)
}

fn get_int_max_str_digits(vm: &Vm, _a: CallArgs) -> PyResult<Value> {
    Ok(Value::Int(
        vm.interp.int_max_str_digits.load(Ordering::Relaxed) as i64,
    ))
}

fn set_int_max_str_digits(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let v = a
        .pos()
        .first()
        .or(a.kwarg("maxdigits"))
        .cloned()
        .unwrap_or(Value::Int(0));
    let n = ops::index_i64(vm, &v)?;
    if n != 0 && n < 640 {
        return Err(vm.value_error("maxdigits must be 0 or larger than 640"));
    }
    vm.interp
        .int_max_str_digits
        .store(n as usize, Ordering::Relaxed);
    Ok(Value::None)
}

fn intern_fn(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "sys", "intern", &a, 1, 1)?;
    match a.pos()[0].as_obj().and_then(|o| o.as_str()) {
        Some(s) => Ok(Value::Obj(crate::strobj::intern(s))),
        None => Err(vm.type_error("intern() argument must be str")),
    }
}

fn getsizeof(_vm: &Vm, _a: CallArgs) -> PyResult<Value> {
    Ok(Value::Int(64))
}

fn exc_info(vm: &Vm, _a: CallArgs) -> PyResult<Value> {
    let h = vm.handled.borrow().clone();
    Ok(match h {
        Value::Obj(o) => new_tuple(vec![
            crate::builtins::types::class_value(o.class()),
            Value::Obj(o),
            Value::None,
        ]),
        _ => new_tuple(vec![Value::None, Value::None, Value::None]),
    })
}

fn exception(vm: &Vm, _a: CallArgs) -> PyResult<Value> {
    Ok(vm.handled.borrow().clone())
}

/// Builds the module.
pub fn make(vm: &Vm) -> ObjRef {
    let m = super::make_module(
        "sys",
        &[
            ("exit", exit),
            ("getrecursionlimit", getrecursionlimit),
            ("getrefcount", getrefcount),
            ("setrecursionlimit", setrecursionlimit),
            ("get_int_max_str_digits", get_int_max_str_digits),
            ("set_int_max_str_digits", set_int_max_str_digits),
            ("intern", intern_fn),
            ("getsizeof", getsizeof),
            ("exc_info", exc_info),
            ("exception", exception),
        ],
    );
    let cls = stream_class();
    let mk = |fd: u8| {
        let o = ObjRef::new_immortal(Object::new(cls, Payload::Native(Box::new(Stream(fd)))));
        Value::Obj(o)
    };
    super::set_attr(&m, "stdout", mk(1));
    super::set_attr(&m, "stderr", mk(2));
    super::set_attr(&m, "__stdout__", mk(1));
    super::set_attr(&m, "__stderr__", mk(2));
    let argv: Vec<Value> = vm
        .interp
        .config
        .argv
        .iter()
        .map(|s| new_str(s.clone()))
        .collect();
    super::set_attr(&m, "argv", new_list(argv));
    super::set_attr(&m, "maxsize", Value::Int(i64::MAX));
    super::set_attr(&m, "byteorder", new_str("little"));
    super::set_attr(&m, "platform", new_str("linux"));
    super::set_attr(&m, "version", new_str("3.12.0 (weft)"));
    super::set_attr(
        &m,
        "version_info",
        new_tuple(vec![
            Value::Int(3),
            Value::Int(12),
            Value::Int(0),
            new_str("final"),
            Value::Int(0),
        ]),
    );
    super::set_attr(&m, "path", new_list(Vec::new()));
    super::set_attr(&m, "executable", new_str("weft"));
    super::set_attr(&m, "maxunicode", Value::Int(0x10FFFF));
    super::set_attr(&m, "dont_write_bytecode", Value::Bool(true));
    super::set_attr(&m, "monitoring", Value::Obj(super::monitoring::make()));
    m
}
