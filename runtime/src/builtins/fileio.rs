//! `open()`: text files for reading (whole-file buffer) and writing, with
//! the context-manager protocol and line iteration.

use crate::builtins::args::Args;
use crate::builtins::list::new_list;
use crate::builtins::types::types;
use crate::builtins::{add_method, BuiltinRegistry};
use crate::function::CallArgs;
use crate::object::{Object, Payload};
use crate::strobj::new_str;
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};
use parking_lot::Mutex;
use std::sync::OnceLock;

struct FileState {
    path: String,
    text: String,
    pos: usize,
    writing: bool,
    closed: bool,
}

struct PyFile(Mutex<FileState>);

fn class() -> &'static Object {
    static CLS: OnceLock<&'static Object> = OnceLock::new();
    CLS.get_or_init(|| crate::modules::new_native_class("TextIOWrapper", "_io"))
}

fn file_of<'a>(vm: &Vm, v: &'a Value) -> PyResult<&'a Mutex<FileState>> {
    match v.as_obj().map(|o| &o.payload) {
        Some(Payload::Native(b)) => b
            .downcast_ref::<PyFile>()
            .map(|f| &f.0)
            .ok_or_else(|| vm.type_error("not a file")),
        _ => Err(vm.type_error("not a file")),
    }
}

fn io_err(vm: &Vm, e: std::io::Error, path: &str) -> crate::vm::PyErr {
    let t = types();
    let (cls, msg) = match e.kind() {
        std::io::ErrorKind::NotFound => (t.exc.file_not_found_error, "No such file or directory"),
        std::io::ErrorKind::PermissionDenied => (t.exc.permission_error, "Permission denied"),
        _ => (t.exc.os_error, "I/O error"),
    };
    let code = e.raw_os_error().unwrap_or(0);
    vm.new_error(cls, format!("[Errno {code}] {msg}: '{path}'"))
}

/// `open(file, mode='r', encoding=None)`
pub fn open(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let a = Args::parse(
        vm,
        "open",
        args,
        &["file", "mode", "buffering", "encoding", "errors", "newline"],
        &[],
        1,
    )?;
    let path = a
        .get(0)
        .and_then(|v| v.as_obj())
        .and_then(|o| o.as_str())
        .ok_or_else(|| vm.type_error("open() path must be str"))?
        .to_string();
    let mode = a
        .get(1)
        .and_then(|v| v.as_obj())
        .and_then(|o| o.as_str())
        .unwrap_or("r")
        .to_string();
    if mode.contains('b') {
        return Err(vm.value_error("binary mode is not supported"));
    }
    let (writing, text) = if mode.contains('w') {
        std::fs::write(&path, "").map_err(|e| io_err(vm, e, &path))?;
        (true, String::new())
    } else if mode.contains('a') {
        (true, std::fs::read_to_string(&path).unwrap_or_default())
    } else {
        let bytes = std::fs::read(&path).map_err(|e| io_err(vm, e, &path))?;
        (
            false,
            crate::builtins::bytes::decode(vm, &bytes, a.get(3), a.get(4))?.replace("\r\n", "\n"),
        )
    };
    let pos = if mode.contains('a') { text.len() } else { 0 };
    let st = FileState {
        path,
        text,
        pos,
        writing,
        closed: false,
    };
    Ok(Value::Obj(ObjRef::new(Object::new(
        class(),
        Payload::Native(Box::new(PyFile(Mutex::new(st)))),
    ))))
}

fn read(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let f = file_of(vm, &args.pos()[0])?;
    let mut g = f.lock();
    if g.closed {
        return Err(vm.value_error("I/O operation on closed file."));
    }
    let rest = g.text[g.pos..].to_string();
    let n = match args.pos().get(1) {
        Some(v) if !v.is_none() => crate::ops::index_i64(vm, v)?,
        _ => -1,
    };
    let out: String = if n < 0 {
        rest
    } else {
        rest.chars().take(n as usize).collect()
    };
    g.pos += out.len();
    Ok(new_str(out))
}

fn readline(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let f = file_of(vm, &args.pos()[0])?;
    let mut g = f.lock();
    let rest = &g.text[g.pos..];
    let end = rest.find('\n').map(|p| p + 1).unwrap_or(rest.len());
    let line = rest[..end].to_string();
    g.pos += end;
    Ok(new_str(line))
}

fn readlines(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let mut out = Vec::new();
    loop {
        let l = readline(vm, CallArgs::positional(&args.pos()[..1]))?;
        if l.as_obj()
            .and_then(|o| o.as_str())
            .map(|s| s.is_empty())
            .unwrap_or(true)
        {
            break;
        }
        out.push(l);
    }
    Ok(new_list(out))
}

fn next_line(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let l = readline(vm, CallArgs::positional(&args.pos()[..1]))?;
    if l.as_obj()
        .and_then(|o| o.as_str())
        .map(|s| s.is_empty())
        .unwrap_or(true)
    {
        return Err(vm.stop_iteration(None));
    }
    Ok(l)
}

fn write(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let f = file_of(vm, &args.pos()[0])?;
    let s = args
        .pos()
        .get(1)
        .and_then(|v| v.as_obj())
        .and_then(|o| o.as_str())
        .ok_or_else(|| vm.type_error("write() argument must be str"))?;
    let mut g = f.lock();
    if !g.writing {
        return Err(vm.new_error(types().exc.os_error, "not writable"));
    }
    g.text.push_str(s);
    Ok(Value::Int(s.chars().count() as i64))
}

fn flush_file(g: &FileState) -> std::io::Result<()> {
    if g.writing {
        std::fs::write(&g.path, &g.text)?;
    }
    Ok(())
}

fn close(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let f = file_of(vm, &args.pos()[0])?;
    let mut g = f.lock();
    if !g.closed {
        let path = g.path.clone();
        flush_file(&g).map_err(|e| io_err(vm, e, &path))?;
        g.closed = true;
    }
    Ok(Value::None)
}

fn flush(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let f = file_of(vm, &args.pos()[0])?;
    let g = f.lock();
    let path = g.path.clone();
    flush_file(&g).map_err(|e| io_err(vm, e, &path))?;
    Ok(Value::None)
}

fn enter(_vm: &Vm, args: CallArgs) -> PyResult<Value> {
    Ok(args.pos()[0].clone())
}

fn exit(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    close(vm, CallArgs::positional(&args.pos()[..1]))?;
    Ok(Value::Bool(false))
}

/// Registers file methods.
pub fn register(_r: &mut BuiltinRegistry) {
    let c = class();
    add_method(c, "read", read);
    add_method(c, "readline", readline);
    add_method(c, "readlines", readlines);
    add_method(c, "write", write);
    add_method(c, "close", close);
    add_method(c, "flush", flush);
    add_method(c, "__enter__", enter);
    add_method(c, "__exit__", exit);
    add_method(c, "__iter__", enter);
    add_method(c, "__next__", next_line);
}
