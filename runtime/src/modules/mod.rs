//! Native modules (`sys`, `math`, `cmath`, `_time`, `_random`, `_thread`, `dis`,
//! `errno`, `posix`, `_io`, `_sre`, `_hashlib`, `_zlib`, `_subprocess`,
//! `builtins`) and helpers to build modules and native classes. The
//! underscored ones are the native halves of modules written in Python
//! in `runtime/lib/` (`time`, `re`, `hashlib`, `zlib`, `subprocess`, ...).

pub mod cmath;
pub mod dis;
pub mod errno;
pub mod hashlib;
pub mod io;
pub mod math;
pub mod monitoring;
pub mod posix;
pub mod random;
pub mod sre;
pub mod subprocess;
pub mod sys;
pub mod thread;
pub mod time;
pub mod zlib;

use crate::builtins::native_function;
use crate::builtins::types::types;
use crate::function::{CallArgs, NativeFn};
use crate::object::{Object, Payload};
use crate::typeobj::{BaseKind, TypeData};
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

/// A module with these native functions.
pub fn make_module(name: &str, funcs: &[(&'static str, NativeFn)]) -> ObjRef {
    let m = crate::import::new_module(name);
    if let Some(d) = crate::import::module_dict(&m) {
        if let Payload::Dict(dd) = &d.payload {
            for (n, f) in funcs {
                dd.set_by_name(n, native_function(n, *f));
            }
        }
    }
    m
}

/// Sets a module attribute.
pub fn set_attr(m: &ObjRef, name: &str, v: Value) {
    if let Some(d) = crate::import::module_dict(m) {
        if let Payload::Dict(dd) = &d.payload {
            dd.set_by_name(name, v);
        }
    }
}

/// Positional argument `i` of a call to one of a native module's own
/// functions (the Python half always passes them all), or a TypeError
/// naming `module`.
pub fn handle_arg<'a>(vm: &Vm, a: &CallArgs<'a>, i: usize, module: &str) -> PyResult<&'a Value> {
    a.pos()
        .get(i)
        .ok_or_else(|| vm.type_error(format!("{module}: missing argument")))
}

/// The native state `T` inside a handle object that a native module gave
/// its Python half (a compiled pattern, a hash, a stream, a process), or
/// a TypeError "not a `what`".
pub fn handle_state<'a, T: 'static>(vm: &Vm, v: &'a Value, what: &str) -> PyResult<&'a T> {
    match v.as_obj().map(|o| &o.payload) {
        Some(Payload::Native(b)) => b
            .downcast_ref::<T>()
            .ok_or_else(|| vm.type_error(format!("not a {what}"))),
        _ => Err(vm.type_error(format!("not a {what}"))),
    }
}

/// A new built-in (native) class deriving from `object`.
pub fn new_native_class(name: &str, module: &str) -> &'static Object {
    native_class(name, module, true)
}

/// A native class whose special methods (native functions in its dict)
/// the operator protocol calls as it calls a Python class's: it is not
/// marked built-in, so `ops::special` looks its methods up.
pub fn new_protocol_class(name: &str, module: &str) -> &'static Object {
    native_class(name, module, false)
}

fn native_class(name: &str, module: &str, builtin: bool) -> &'static Object {
    let t = types();
    let dict = crate::dict::new_dict_obj();
    dict.make_immortal();
    if let Payload::Dict(d) = &dict.payload {
        d.set_by_name("__module__", crate::strobj::new_str(module));
    }
    let td = TypeData::new(
        name,
        vec![t.object],
        dict,
        if builtin {
            BaseKind::Other
        } else {
            BaseKind::Protocol
        },
        Vec::new(),
        false,
        builtin,
    );
    let r = ObjRef::new_immortal(Object::new(t.type_, Payload::Type(td)));
    let cls = r.as_static().expect("immortal class");
    std::mem::forget(r);
    let mro = crate::typeobj::c3_mro(cls, &[t.object]).unwrap_or_else(|_| vec![cls, t.object]);
    cls.type_data_of_self()
        .set_bases_and_mro(vec![t.object], mro);
    cls
}

/// The native module `name`, if there is one.
pub fn native_module(vm: &Vm, name: &str) -> PyResult<Option<ObjRef>> {
    Ok(Some(match name {
        "builtins" => vm.interp.builtins.clone(),
        "sys" => sys::make(vm),
        "math" => math::make(),
        "cmath" => cmath::make(),
        "_time" => time::make(),
        "_io" => io::make(),
        "errno" => errno::make(vm),
        "posix" => posix::make(vm),
        "_random" => random::make(),
        "_sre" => sre::make(),
        "_hashlib" => hashlib::make(),
        "_zlib" => zlib::make(),
        "_subprocess" => subprocess::make(),
        "_thread" => thread::make(),
        "dis" => dis::make(),
        "importlib" => make_module(
            "importlib",
            &[(
                "import_module",
                crate::builtins::dynamic::importlib_import_module,
            )],
        ),
        _ => return Ok(None),
    }))
}
