//! Dynamic code and introspection built-ins: `exec`, `eval`, `compile`,
//! `locals`, `dir`, `__import__`, and the `exit`/`quit` objects.
//!
//! Code objects made here are immortal and shared: one can run many times
//! and on many threads at once, like a function's code. `exec` and `eval`
//! of a string keep the code they compiled in a small cache keyed by the
//! text, so that a loop evaluating the same string compiles it once.

use crate::builtins::args::fn_arg_count;
use crate::builtins::list::new_list;
use crate::builtins::types::types;
use crate::code::CodeObject;
use crate::compiler::CompileMode;
use crate::eval::{run_frame, Exit, Frame};
use crate::function::CallArgs;
use crate::object::{Object, Payload};
use crate::strobj::new_str;
use crate::value::{ObjRef, Value};
use crate::vm::{PyErr, PyResult, Vm};
use std::collections::HashMap;
use std::sync::OnceLock;

/// How many compiled strings the `exec`/`eval` cache keeps.
const CACHE_LIMIT: usize = 512;

type CacheKey = (String, CompileMode, bool);

fn code_cache() -> &'static parking_lot::Mutex<HashMap<CacheKey, &'static CodeObject>> {
    static CACHE: OnceLock<parking_lot::Mutex<HashMap<CacheKey, &'static CodeObject>>> =
        OnceLock::new();
    CACHE.get_or_init(Default::default)
}

/// The text of a `str` or bytes-like source argument.
fn source_text(vm: &Vm, v: &Value, fname: &str, what: &str) -> PyResult<Option<String>> {
    if let Some(s) = v.as_obj().and_then(|o| o.as_str()) {
        return Ok(Some(s.to_string()));
    }
    if let Some(b) = crate::builtins::bytes::bytes_of(v) {
        return match std::str::from_utf8(b) {
            Ok(s) => Ok(Some(s.to_string())),
            Err(e) => Err(vm.new_error(
                types().exc.syntax_error,
                format!(
                    "(unicode error) 'utf-8' codec can't decode byte 0x{:02x} in position {}: invalid start byte",
                    b[e.valid_up_to()],
                    e.valid_up_to()
                ),
            )),
        };
    }
    if matches!(v.as_obj().map(|o| &o.payload), Some(Payload::Code(_))) {
        return Ok(None);
    }
    Err(vm.type_error(format!("{fname}() arg 1 must be a {what} object")))
}

/// Compiles `source` in `mode` as `filename` into a shared code object.
pub fn compile_to_code(
    vm: &Vm,
    source: &str,
    filename: &str,
    mode: CompileMode,
) -> PyResult<&'static CodeObject> {
    if source.contains('\0') {
        return Err(vm.new_error(
            types().exc.syntax_error,
            "source code string cannot contain null bytes",
        ));
    }
    let cc = crate::compiler::compile_source(source, filename, mode)
        .map_err(|e| crate::import::syntax_error(vm, &e))?;
    crate::code::load_code(&cc, vm.interp.config.specialize)
        .map_err(|m| vm.new_error(types().exc.system_error, m))
}

/// The code for `exec`/`eval` of a string, from the cache when the same
/// text was compiled before.
fn cached_code(vm: &Vm, source: &str, mode: CompileMode) -> PyResult<&'static CodeObject> {
    let key = (source.to_string(), mode, vm.interp.config.specialize);
    if let Some(c) = code_cache().lock().get(&key) {
        return Ok(c);
    }
    let code = compile_to_code(vm, source, "<string>", mode)?;
    let mut cache = code_cache().lock();
    if cache.len() >= CACHE_LIMIT {
        cache.clear();
    }
    cache.insert(key, code);
    Ok(code)
}

fn is_dict(v: &Value) -> bool {
    matches!(v.as_obj().map(|o| &o.payload), Some(Payload::Dict(_)))
}

/// A snapshot dict of the innermost frame's local names (`locals()`):
/// the namespace itself for module and class bodies.
pub fn current_locals(vm: &Vm) -> PyResult<ObjRef> {
    let snapshot = vm.with_current_frame(|f| {
        if let Some(d) = &f.locals_dict {
            return Ok(d.clone());
        }
        if f.code.flags.module {
            return Ok(f.globals.clone());
        }
        Ok(crate::frameobj::fast_locals_dict(
            vm,
            f.code,
            f.locals.iter(),
            &f.cells,
        ))
    });
    snapshot.unwrap_or_else(|| Err(vm.runtime_error("locals(): no current frame")))
}

fn locals(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    fn_arg_count(vm, "locals", &args, 0, 0)?;
    Ok(Value::Obj(current_locals(vm)?))
}

/// Resolves `exec`/`eval`'s namespaces: (globals, locals or None when
/// they are the globals).
fn namespaces(
    vm: &Vm,
    fname: &str,
    globals: Option<&Value>,
    locals: Option<&Value>,
) -> PyResult<(ObjRef, Option<ObjRef>)> {
    let globals = globals.filter(|v| !v.is_none());
    let locals = locals.filter(|v| !v.is_none());
    let g = match globals {
        Some(g) if is_dict(g) => g.as_obj().cloned().unwrap_or_else(unreachable_dict),
        Some(g) => {
            return Err(vm.type_error(if fname == "exec" {
                format!("exec() globals must be a dict, not {}", vm.type_name(g))
            } else {
                "globals must be a real dict; try eval(expr, {}, mapping)".to_string()
            }))
        }
        None => vm
            .current_globals()
            .ok_or_else(|| vm.runtime_error(format!("{fname}(): no current frame")))?,
    };
    let l = match locals {
        Some(l) if is_dict(l) => l.as_obj().cloned(),
        Some(l) => {
            let mapping = vm.get_attr_str(l, "__getitem__").is_ok();
            return Err(if mapping {
                vm.new_error(
                    types().exc.not_implemented_error,
                    format!("{fname}() locals that are not a dict are not supported"),
                )
            } else if fname == "exec" {
                vm.type_error(format!(
                    "locals must be a mapping or None, not {}",
                    vm.type_name(l)
                ))
            } else {
                vm.type_error("locals must be a mapping")
            });
        }
        None if globals.is_none() => Some(current_locals(vm)?),
        None => None,
    };
    let gd = vm.dict_of(&g);
    if gd.get_by_name("__builtins__").is_none() {
        gd.set_by_name(
            "__builtins__",
            Value::Obj(vm.interp.builtins_dict().clone()),
        );
    }
    // The same dict for both: names go to the globals.
    let l = l.filter(|l| !std::ptr::eq(&**l as *const Object, &*g as *const Object));
    Ok((g, l))
}

fn unreachable_dict() -> ObjRef {
    crate::dict::new_dict_obj()
}

/// Runs `code` with `globals` and `locals`, returning its value.
pub fn run_code(
    vm: &Vm,
    code: &'static CodeObject,
    globals: ObjRef,
    locals: Option<ObjRef>,
) -> PyResult<Value> {
    let mut frame = Frame::new(code, globals, locals);
    frame.init_cells();
    vm.enter_call()?;
    let r = run_frame(vm, &mut frame, None);
    vm.leave_call();
    match r? {
        Exit::Return(v) | Exit::Yield(v) => Ok(v),
    }
}

fn exec_or_eval(vm: &Vm, args: CallArgs, fname: &str) -> PyResult<Value> {
    for (k, _) in args.kwargs() {
        if fname == "eval" || k != "closure" {
            return Err(vm.type_error(format!("{fname}() takes no keyword arguments")));
        }
    }
    fn_arg_count(vm, fname, &args, 1, 3)?;
    let pos = args.pos();
    let mode = if fname == "eval" {
        CompileMode::Eval
    } else {
        CompileMode::Exec
    };
    let what = "string, bytes or code";
    let code = match source_text(vm, &pos[0], fname, what)? {
        Some(text) => {
            let text = if mode == CompileMode::Eval {
                text.trim_start_matches([' ', '\t']).to_string()
            } else {
                text
            };
            cached_code(vm, &text, mode)?
        }
        None => match pos[0].as_obj().map(|o| &o.payload) {
            Some(Payload::Code(c)) => *c,
            _ => return Err(vm.type_error(format!("{fname}() arg 1 must be a {what} object"))),
        },
    };
    if !code.freevars.is_empty() {
        return Err(vm.type_error(format!(
            "code object passed to {fname}() may not contain free variables"
        )));
    }
    let (g, l) = namespaces(vm, fname, pos.get(1), pos.get(2))?;
    let v = run_code(vm, code, g, l)?;
    Ok(if fname == "eval" { v } else { Value::None })
}

fn exec(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    exec_or_eval(vm, args, "exec")
}

fn eval(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    exec_or_eval(vm, args, "eval")
}

/// `compile(source, filename, mode, flags=0, dont_inherit=False,
/// optimize=-1)`.
fn compile(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    const NAMES: [&str; 6] = [
        "source",
        "filename",
        "mode",
        "flags",
        "dont_inherit",
        "optimize",
    ];
    let pos = args.pos();
    if pos.len() > NAMES.len() {
        return Err(vm.type_error(format!(
            "compile() takes at most 6 arguments ({} given)",
            pos.len()
        )));
    }
    let mut vals: [Option<Value>; 6] = Default::default();
    for (i, v) in pos.iter().enumerate() {
        vals[i] = Some(v.clone());
    }
    for (k, v) in args.kwargs() {
        match NAMES.iter().position(|n| *n == k) {
            Some(i) if vals[i].is_none() => vals[i] = Some(v.clone()),
            Some(_) => {
                return Err(vm.type_error(format!(
                    "argument for compile() given by name ('{k}') and position ({})",
                    NAMES.iter().position(|n| *n == k).unwrap_or(0) + 1
                )))
            }
            None if k == "_feature_version" => {}
            None => {
                return Err(vm.type_error(format!(
                    "compile() got an unexpected keyword argument '{k}'"
                )))
            }
        }
    }
    for (i, name) in NAMES.iter().enumerate().take(3) {
        if vals[i].is_none() {
            return Err(vm.type_error(format!(
                "compile() missing required argument '{name}' (pos {})",
                i + 1
            )));
        }
    }
    let filename = match &vals[1] {
        Some(v) => match v.as_obj().and_then(|o| o.as_str()) {
            Some(s) => s.to_string(),
            None => match crate::builtins::bytes::bytes_of(v) {
                Some(b) => String::from_utf8_lossy(b).to_string(),
                None => {
                    return Err(vm.type_error(format!(
                        "expected str, bytes or os.PathLike object, not {}",
                        vm.type_name(v)
                    )))
                }
            },
        },
        None => String::new(),
    };
    let mode = match vals[2]
        .as_ref()
        .and_then(|v| v.as_obj().and_then(|o| o.as_str()))
    {
        Some("exec") => CompileMode::Exec,
        Some("eval") => CompileMode::Eval,
        Some("single") => CompileMode::Single,
        Some(_) => return Err(vm.value_error("compile() mode must be 'exec', 'eval' or 'single'")),
        None => {
            let v = vals[2].clone().unwrap_or(Value::None);
            return Err(vm.type_error(format!(
                "compile() argument 'mode' must be str, not {}",
                vm.type_name(&v)
            )));
        }
    };
    if let Some(flags) = &vals[3] {
        let f = crate::ops::index_i64(vm, flags)?;
        // PyCF_ONLY_AST
        if f & 0x400 != 0 {
            return Err(vm.new_error(
                types().exc.not_implemented_error,
                "compile() to an AST (the ast module) is not supported",
            ));
        }
    }
    let source = vals[0].clone().unwrap_or(Value::None);
    let text = match source_text(vm, &source, "compile", "string, bytes or AST")? {
        Some(t) => t,
        None => return Err(vm.type_error("compile() arg 1 must be a string, bytes or AST object")),
    };
    let text = if mode == CompileMode::Eval {
        text.trim_start_matches([' ', '\t']).to_string()
    } else {
        text
    };
    Ok(compile_to_code(vm, &text, &filename, mode)?.as_value())
}

/// `dir()` of the caller's scope or `dir(obj)`.
fn dir(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    fn_arg_count(vm, "dir", &args, 0, 1)?;
    let mut names: Vec<Value> = match args.pos().first() {
        None => vm.dict_of(&current_locals(vm)?).keys(),
        Some(v) => match v.as_obj().map(|o| &o.payload) {
            Some(Payload::Module(m)) => vm.dict_of(&m.dict).keys(),
            Some(Payload::Type(_)) => {
                let mut out = Vec::new();
                if let Some(o) = v.as_obj() {
                    for c in o.type_data_of_self().mro() {
                        out.extend(c.type_data_of_self().own_dict().keys());
                    }
                }
                out
            }
            _ => {
                let f = vm.get_attr_str(v, "__dir__")?;
                let listed = vm.call(&f, &[])?;
                let it = crate::ops::get_iter(vm, &listed)?;
                let mut out = Vec::new();
                while let Some(x) = crate::ops::next(vm, &it)? {
                    out.push(x);
                }
                out
            }
        },
    };
    crate::builtins::list::sort_values(vm, &mut names, &Value::None, false)?;
    names.dedup_by(|a, b| match (a.as_obj(), b.as_obj()) {
        (Some(x), Some(y)) => x.as_str().is_some() && x.as_str() == y.as_str(),
        _ => false,
    });
    Ok(new_list(names))
}

/// `__import__(name, globals=None, locals=None, fromlist=(), level=0)`.
fn import(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    const NAMES: [&str; 5] = ["name", "globals", "locals", "fromlist", "level"];
    let mut vals: [Option<Value>; 5] = Default::default();
    if args.pos().len() > 5 {
        return Err(vm.type_error(format!(
            "__import__() takes at most 5 arguments ({} given)",
            args.pos().len()
        )));
    }
    for (i, v) in args.pos().iter().enumerate() {
        vals[i] = Some(v.clone());
    }
    for (k, v) in args.kwargs() {
        match NAMES.iter().position(|n| *n == k) {
            Some(i) => vals[i] = Some(v.clone()),
            None => {
                return Err(vm.type_error(format!(
                    "__import__() got an unexpected keyword argument '{k}'"
                )))
            }
        }
    }
    let Some(name_v) = vals[0].clone() else {
        return Err(vm.type_error("__import__() missing required argument 'name' (pos 1)"));
    };
    let name = name_v
        .as_obj()
        .and_then(|o| o.as_str())
        .ok_or_else(|| {
            vm.type_error(format!(
                "__import__() argument 1 must be str, not {}",
                vm.type_name(&name_v)
            ))
        })?
        .to_string();
    let level = match &vals[4] {
        Some(v) => crate::ops::index_i64(vm, v)?,
        None => 0,
    };
    if level < 0 {
        return Err(vm.value_error("level must be >= 0"));
    }
    let globals = vals[1]
        .as_ref()
        .and_then(|g| g.as_obj().filter(|_| is_dict(g)).cloned());
    let fromlist = vals[3].clone().unwrap_or(Value::None);
    crate::import::import_name_level(vm, &name, &fromlist, level as usize, globals.as_ref())
}

/// `importlib.import_module(name, package=None)`.
pub fn importlib_import_module(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let name_v = args
        .pos()
        .first()
        .or(args.kwarg("name"))
        .cloned()
        .ok_or_else(|| {
            vm.type_error("import_module() missing 1 required positional argument: 'name'")
        })?;
    let package = args.pos().get(1).or(args.kwarg("package")).cloned();
    let name = vm.str_of(&name_v)?;
    let level = name.len() - name.trim_start_matches('.').len();
    if level == 0 {
        return Ok(Value::Obj(crate::import::import_module(vm, &name)?));
    }
    let package = match package.filter(|p| !p.is_none()) {
        Some(p) => vm.str_of(&p)?,
        None => {
            return Err(vm.type_error(format!(
                "the 'package' argument is required to perform a relative import for {}",
                vm.repr_of(&name_v)?
            )))
        }
    };
    let g = crate::dict::new_dict_obj();
    vm.dict_of(&g).set_by_name("__package__", new_str(package));
    let full = crate::import::resolve_name(vm, &name[level..], &g, level)?;
    Ok(Value::Obj(crate::import::import_module(vm, &full)?))
}

/// The `exit`/`quit` objects' state: their name.
struct Quitter(&'static str);

fn quitter_class() -> &'static Object {
    static CLS: OnceLock<&'static Object> = OnceLock::new();
    CLS.get_or_init(|| {
        let c = crate::modules::new_native_class("Quitter", "_sitebuiltins");
        crate::builtins::add_method(c, "__repr__", quitter_repr);
        crate::builtins::add_method(c, "__call__", quitter_call);
        c
    })
}

fn quitter_name(v: &Value) -> &'static str {
    match v.as_obj().map(|o| &o.payload) {
        Some(Payload::Native(b)) => b.downcast_ref::<Quitter>().map_or("exit", |q| q.0),
        _ => "exit",
    }
}

fn quitter_repr(_vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let name = args.pos().first().map_or("exit", quitter_name);
    Ok(new_str(format!(
        "Use {name}() or Ctrl-D (i.e. EOF) to exit"
    )))
}

fn quitter_call(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let rest = args.pos().get(1..).unwrap_or(&[]);
    if rest.len() > 1 || args.kwargs().next().is_some() {
        return Err(vm.type_error(format!(
            "Quitter.__call__() takes from 1 to 2 positional arguments but {} were given",
            rest.len() + 1
        )));
    }
    crate::builtins::functions::flush_stdout();
    Err(PyErr(
        vm.new_exception(types().exc.system_exit, rest.to_vec()),
    ))
}

/// Registers these built-ins into the builtins namespace.
pub fn register(d: &crate::dict::DictObj) {
    let f: &[(&'static str, crate::function::NativeFn)] = &[
        ("exec", exec),
        ("eval", eval),
        ("compile", compile),
        ("locals", locals),
        ("dir", dir),
        ("__import__", import),
    ];
    for (name, func) in f {
        d.set_by_name(name, crate::builtins::native_function(name, *func));
    }
    for name in ["exit", "quit"] {
        let q = ObjRef::new_immortal(Object::new(
            quitter_class(),
            Payload::Native(Box::new(Quitter(name))),
        ));
        d.set_by_name(name, Value::Obj(q));
    }
}
