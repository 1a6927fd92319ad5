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
        add_method(c, "read", read);
        add_method(c, "readline", readline);
        add_method(c, "readlines", readlines);
        add_method(c, "__iter__", stream_iter);
        add_method(c, "__next__", stream_next);
        add_method(c, "isatty", isatty);
        add_method(c, "fileno", fileno);
        add_method(c, "readable", readable);
        add_method(c, "writable", writable);
        let getters: [(&'static str, crate::function::NativeFn); 4] = [
            ("buffer", stream_buffer),
            ("name", stream_name),
            ("closed", stream_false),
            ("line_buffering", stream_false),
        ];
        for (name, get) in getters {
            let getter = crate::builtins::native_function(name, get);
            let prop = ObjRef::new_immortal(Object::new(
                types().property,
                Payload::Property(Box::new(crate::function::PropertyObj {
                    fget: getter,
                    fset: Value::None,
                    fdel: Value::None,
                    doc: Value::None,
                })),
            ));
            c.type_data_of_self()
                .own_dict()
                .set_by_name(name, Value::Obj(prop));
        }
        c.type_data_of_self()
            .own_dict()
            .set_by_name("encoding", new_str("utf-8"));
        c.type_data_of_self()
            .own_dict()
            .set_by_name("errors", new_str("strict"));
        c
    })
}

/// The binary stream under a text stream (`sys.stdout.buffer`).
pub struct BinaryStream(pub u8);

fn binary_class() -> &'static Object {
    static CLS: OnceLock<&'static Object> = OnceLock::new();
    CLS.get_or_init(|| {
        let c = super::new_native_class("BufferedWriter", "_io");
        add_method(c, "write", binary_write);
        add_method(c, "flush", flush_binary);
        add_method(c, "read", binary_read);
        add_method(c, "readline", binary_readline);
        c
    })
}

fn binary_fd(v: &Value) -> u8 {
    match v.as_obj().map(|o| &o.payload) {
        Some(Payload::Native(b)) => b.downcast_ref::<BinaryStream>().map(|s| s.0).unwrap_or(1),
        _ => 1,
    }
}

fn binary_write(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    arg_count(vm, "write", &a, 2, 2)?;
    let b = crate::builtins::bytes::bytes_of(&a.pos()[1]).ok_or_else(|| {
        vm.type_error(format!(
            "a bytes-like object is required, not '{}'",
            vm.type_name(&a.pos()[1])
        ))
    })?;
    crate::builtins::functions::flush_stdout();
    if binary_fd(&a.pos()[0]) == 2 {
        let _ = std::io::stderr().lock().write_all(b);
    } else if !vm.interp.config.discard_stdout {
        let _ = std::io::stdout().lock().write_all(b);
    }
    Ok(Value::Int(b.len() as i64))
}

fn flush_binary(_vm: &Vm, _a: CallArgs) -> PyResult<Value> {
    crate::builtins::functions::flush_stdout();
    let _ = std::io::stderr().flush();
    Ok(Value::None)
}

fn binary_read(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let text = read_stdin(vm, a.pos().get(1), false)?;
    Ok(crate::builtins::bytes::new_bytes(text.into_bytes()))
}

fn binary_readline(vm: &Vm, _a: CallArgs) -> PyResult<Value> {
    let text = read_stdin(vm, None, true)?;
    Ok(crate::builtins::bytes::new_bytes(text.into_bytes()))
}

/// `stream.buffer`: the binary stream under it.
fn stream_buffer(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    arg_count(vm, "buffer", &a, 1, 1)?;
    Ok(Value::Obj(ObjRef::new(Object::new(
        binary_class(),
        Payload::Native(Box::new(BinaryStream(stream_of(&a.pos()[0])))),
    ))))
}

/// `stream.name`
fn stream_name(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    arg_count(vm, "name", &a, 1, 1)?;
    Ok(new_str(match stream_of(&a.pos()[0]) {
        0 => "<stdin>",
        2 => "<stderr>",
        _ => "<stdout>",
    }))
}

/// `stream.closed`, `stream.line_buffering`
fn stream_false(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    arg_count(vm, "getter", &a, 1, 1)?;
    Ok(Value::Bool(false))
}

/// Reads standard input: one line (`line`), or `size` characters, or all.
fn read_stdin(vm: &Vm, size: Option<&Value>, line: bool) -> PyResult<String> {
    use std::io::{BufRead, Read};
    crate::builtins::functions::flush_stdout();
    let size = match size {
        Some(v) if !v.is_none() => ops::index_i64(vm, v)?,
        _ => -1,
    };
    let r = vm.detached(|| {
        let stdin = std::io::stdin();
        let mut lock = stdin.lock();
        let mut out = String::new();
        if line {
            lock.read_line(&mut out).map(|_| out)
        } else if size < 0 {
            lock.read_to_string(&mut out).map(|_| out)
        } else {
            // Whole characters: bytes up to `size` characters.
            let mut bytes = Vec::new();
            let mut chars = 0;
            let mut byte = [0u8; 1];
            while chars < size {
                match lock.read(&mut byte) {
                    Ok(0) => break,
                    Ok(_) => {
                        bytes.push(byte[0]);
                        if std::str::from_utf8(&bytes)
                            .is_ok_and(|s| s.chars().count() as i64 > chars)
                        {
                            chars += 1;
                        }
                    }
                    Err(e) => return Err(e),
                }
            }
            Ok(String::from_utf8_lossy(&bytes).to_string())
        }
    });
    r.map_err(|e| crate::builtins::oserror::from_io_error(vm, &e, None))
}

fn not_readable(vm: &Vm, a: &CallArgs) -> PyResult<()> {
    if stream_of(&a.pos()[0]) != 0 {
        return Err(vm.new_error(types().exc.unsupported_operation, "not readable"));
    }
    Ok(())
}

fn read(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    arg_count(vm, "read", &a, 1, 2)?;
    not_readable(vm, &a)?;
    Ok(new_str(read_stdin(vm, a.pos().get(1), false)?))
}

fn readline(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    arg_count(vm, "readline", &a, 1, 2)?;
    not_readable(vm, &a)?;
    Ok(new_str(read_stdin(vm, None, true)?))
}

fn readlines(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    arg_count(vm, "readlines", &a, 1, 2)?;
    not_readable(vm, &a)?;
    let text = read_stdin(vm, None, false)?;
    Ok(new_list(
        text.split_inclusive('\n')
            .map(|l| new_str(l.to_string()))
            .collect(),
    ))
}

fn stream_iter(_vm: &Vm, a: CallArgs) -> PyResult<Value> {
    Ok(a.pos()[0].clone())
}

fn stream_next(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    not_readable(vm, &a)?;
    let l = read_stdin(vm, None, true)?;
    if l.is_empty() {
        return Err(vm.stop_iteration(None));
    }
    Ok(new_str(l))
}

fn isatty(_vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let fd = i32::from(stream_of(&a.pos()[0]));
    // SAFETY: `isatty` only inspects the descriptor number.
    Ok(Value::Bool(unsafe { libc::isatty(fd) } == 1))
}

fn fileno(_vm: &Vm, a: CallArgs) -> PyResult<Value> {
    Ok(Value::Int(i64::from(stream_of(&a.pos()[0]))))
}

fn readable(_vm: &Vm, a: CallArgs) -> PyResult<Value> {
    Ok(Value::Bool(stream_of(&a.pos()[0]) == 0))
}

fn writable(_vm: &Vm, a: CallArgs) -> PyResult<Value> {
    Ok(Value::Bool(stream_of(&a.pos()[0]) != 0))
}

/// `sys.displayhook(value)`: prints `repr(value)` unless it is None and
/// keeps it in `builtins._`.
fn displayhook(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "sys", "displayhook", &a, 1, 1)?;
    let v = a.pos()[0].clone();
    if v.is_none() {
        return Ok(Value::None);
    }
    let b = vm.dict_of(vm.interp.builtins_dict());
    b.set_by_name("_", Value::None);
    let text = vm.repr_of(&v)?;
    match replaced_stdout(vm) {
        Some(o) => {
            let w = vm.get_attr_str(&o, "write")?;
            vm.call(&w, &[new_str(format!("{text}\n"))])?;
        }
        None => crate::builtins::functions::write_stdout(vm, &format!("{text}\n")),
    }
    b.set_by_name("_", v);
    Ok(Value::None)
}

/// What a program put in `sys.stdout` in place of the process's standard
/// output (a `StringIO`, a wrapper, ...), which `print` and the display
/// hook must write to; None while it is the original stream.
pub fn replaced_stdout(vm: &Vm) -> Option<Value> {
    let sys = vm.interp.modules.lock().get("sys").cloned()?;
    let out = crate::import::module_dict(&sys).and_then(|d| vm.dict_of(d).get_by_name("stdout"))?;
    (stream_of(&out) != 1 || !is_stream(&out)).then_some(out)
}

fn is_stream(v: &Value) -> bool {
    matches!(v.as_obj().map(|o| &o.payload), Some(Payload::Native(b)) if b.downcast_ref::<Stream>().is_some())
}

/// `sys._getframe([depth])`: a snapshot of the frame `depth` calls out
/// from the caller (`frameobj`); a negative depth means the caller.
fn getframe(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "sys", "_getframe", &a, 0, 1)?;
    let depth = match a.pos().first() {
        Some(d) => ops::index_i64(vm, d)?.max(0) as usize,
        None => 0,
    };
    crate::frameobj::getframe(vm, depth)
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
        Value::Obj(o) => {
            let exc = Value::Obj(o.clone());
            let traceback = vm
                .get_attr_str(&exc, "__traceback__")
                .unwrap_or(Value::None);
            new_tuple(vec![
                crate::builtins::types::class_value(o.class()),
                exc,
                traceback,
            ])
        }
        _ => new_tuple(vec![Value::None, Value::None, Value::None]),
    })
}

/// `_asyncgen_hooks()`: this thread's (firstiter, finalizer) pair, which
/// `get_asyncgen_hooks` (in `SYS_PY`) wraps in its named tuple.
fn asyncgen_hooks(_vm: &Vm, _a: CallArgs) -> PyResult<Value> {
    Ok(new_tuple(_vm.asyncgen_hooks.borrow().to_vec()))
}

/// `_set_asyncgen_hooks(firstiter, finalizer)`: stores a checked pair
/// (`set_asyncgen_hooks` in `SYS_PY` checks and fills in the kept one).
fn set_asyncgen_hooks(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let [firstiter, finalizer] = a.pos() else {
        return Err(vm.type_error("_set_asyncgen_hooks takes two arguments"));
    };
    *vm.asyncgen_hooks.borrow_mut() = [firstiter.clone(), finalizer.clone()];
    Ok(Value::None)
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
            ("displayhook", displayhook),
            ("_getframe", getframe),
            ("_asyncgen_hooks", asyncgen_hooks),
            ("_set_asyncgen_hooks", set_asyncgen_hooks),
        ],
    );
    let cls = stream_class();
    let mk = |fd: u8| {
        let o = ObjRef::new_immortal(Object::new(cls, Payload::Native(Box::new(Stream(fd)))));
        Value::Obj(o)
    };
    super::set_attr(&m, "stdin", mk(0));
    super::set_attr(&m, "__stdin__", mk(0));
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
    super::set_attr(
        &m,
        "path",
        new_list(
            crate::import::initial_sys_path(vm)
                .into_iter()
                .map(new_str)
                .collect(),
        ),
    );
    let modules = crate::dict::new_dict_obj();
    {
        let loaded: Vec<(String, ObjRef)> = vm
            .interp
            .modules
            .lock()
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        let d = vm.dict_of(&modules);
        for (k, v) in loaded {
            d.set_by_name(&k, Value::Obj(v));
        }
        d.set_by_name("sys", Value::Obj(m.clone()));
    }
    super::set_attr(&m, "modules", Value::Obj(modules));
    super::set_attr(
        &m,
        "__displayhook__",
        crate::builtins::native_function("displayhook", displayhook),
    );
    super::set_attr(&m, "ps1", new_str(">>> "));
    super::set_attr(&m, "ps2", new_str("... "));
    super::set_attr(&m, "executable", new_str("weft"));
    super::set_attr(&m, "hexversion", Value::Int(0x030C00F0));
    super::set_attr(&m, "maxunicode", Value::Int(0x10FFFF));
    super::set_attr(&m, "dont_write_bytecode", Value::Bool(true));
    super::set_attr(&m, "monitoring", Value::Obj(super::monitoring::make()));
    // `sys.implementation` (a simple namespace) and `sys.flags`.
    let _ = crate::import::exec_module_source(vm, &m, SYS_PY, "<weft-sys>");
    m
}

/// The parts of `sys` written in Python.
const SYS_PY: &str = r#"
class SimpleNamespace:
    def __init__(self, **kwargs):
        self.__dict__.update(kwargs)
    def __repr__(self):
        items = ", ".join(f"{k}={v!r}" for k, v in self.__dict__.items())
        return f"namespace({items})"
    def __eq__(self, other):
        if isinstance(other, SimpleNamespace):
            return self.__dict__ == other.__dict__
        return NotImplemented
SimpleNamespace.__module__ = "types"
implementation = SimpleNamespace(name="weft", cache_tag=None, version=version_info, hexversion=hexversion, _multiarch="x86_64-linux-gnu")
del SimpleNamespace

def _make_asyncgen_hooks_api(read, write):
    class asyncgen_hooks(tuple):
        def __new__(cls, firstiter, finalizer):
            return tuple.__new__(cls, (firstiter, finalizer))
        firstiter = property(lambda self: self[0])
        finalizer = property(lambda self: self[1])
        def __repr__(self):
            return f"asyncgen_hooks(firstiter={self[0]!r}, finalizer={self[1]!r})"
    asyncgen_hooks.__module__ = "builtins"
    keep = object()
    def get_asyncgen_hooks():
        return asyncgen_hooks(*read())
    def set_asyncgen_hooks(firstiter=keep, finalizer=keep):
        for role, hook in (("finalizer", finalizer), ("firstiter", firstiter)):
            if hook is not keep and hook is not None and not callable(hook):
                raise TypeError(f"callable {role} expected, got {type(hook).__name__}")
        current = read()
        write(current[0] if firstiter is keep else firstiter,
              current[1] if finalizer is keep else finalizer)
    return get_asyncgen_hooks, set_asyncgen_hooks
get_asyncgen_hooks, set_asyncgen_hooks = _make_asyncgen_hooks_api(_asyncgen_hooks, _set_asyncgen_hooks)
del _make_asyncgen_hooks_api, _asyncgen_hooks, _set_asyncgen_hooks
"#;
