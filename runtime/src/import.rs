//! Imports: the module cache, native modules, the Python-source standard
//! modules embedded from `runtime/lib/`, sibling `.py` files of the main
//! script, packages (`concurrent.futures`), and running module code.

use crate::builtins::types::types;
use crate::compiler;
use crate::eval::{run_frame, Frame};
use crate::object::{ModuleObj, Object, Payload};
use crate::strobj::new_str;
use crate::value::{ObjRef, Value};
use crate::vm::{PyErr, PyResult, Vm};

/// The Python-source modules shipped inside the binary: (name, file, source).
pub const EMBEDDED: &[(&str, &str, &str)] = &[
    (
        "collections",
        "collections.py",
        include_str!("../lib/collections.py"),
    ),
    (
        "itertools",
        "itertools.py",
        include_str!("../lib/itertools.py"),
    ),
    (
        "functools",
        "functools.py",
        include_str!("../lib/functools.py"),
    ),
    (
        "operator",
        "operator.py",
        include_str!("../lib/operator.py"),
    ),
    ("string", "string.py", include_str!("../lib/string.py")),
    ("random", "random.py", include_str!("../lib/random.py")),
    ("queue", "queue.py", include_str!("../lib/queue.py")),
    (
        "threading",
        "threading.py",
        include_str!("../lib/threading.py"),
    ),
    (
        "concurrent",
        "concurrent/__init__.py",
        include_str!("../lib/concurrent/__init__.py"),
    ),
    (
        "concurrent.futures",
        "concurrent/futures/__init__.py",
        include_str!("../lib/concurrent/futures/__init__.py"),
    ),
];

/// The directory part of a bundled module's `__file__` and code objects'
/// `co_filename`.
pub const BUNDLED_DIR: &str = "<weft-lib>/";

/// The source text of the bundled module whose `co_filename` is `filename`.
pub fn bundled_source(filename: &str) -> Option<&'static str> {
    let file = filename.strip_prefix(BUNDLED_DIR)?;
    EMBEDDED
        .iter()
        .find(|(_, f, _)| *f == file)
        .map(|(_, _, src)| *src)
}

/// A new, empty module object.
pub fn new_module(name: &str) -> ObjRef {
    let d = crate::dict::new_dict_obj();
    d.make_immortal();
    if let Payload::Dict(dd) = &d.payload {
        dd.track_values();
        dd.set_by_name("__name__", new_str(name));
        dd.set_by_name("__doc__", Value::None);
    }
    ObjRef::new_immortal(Object::new(
        types().module,
        Payload::Module(ModuleObj {
            name: name.to_string(),
            dict: d,
        }),
    ))
}

/// The namespace dict of a module object.
pub fn module_dict(m: &ObjRef) -> Option<&ObjRef> {
    match &m.payload {
        Payload::Module(mm) => Some(&mm.dict),
        _ => None,
    }
}

/// A SyntaxError exception for a compile error.
pub fn syntax_error(vm: &Vm, e: &compiler::CompileError) -> PyErr {
    let cls = match e.kind {
        compiler::CompileErrorKind::IndentationError => types().exc.indentation_error,
        _ => types().exc.syntax_error,
    };
    let err = vm.new_error(cls, e.message.clone());
    if let Some(d) = &err.0.dict {
        let dd = vm.dict_of(d);
        dd.set_by_name("msg", new_str(e.message.clone()));
        dd.set_by_name("filename", new_str(e.filename.clone()));
        dd.set_by_name("lineno", Value::Int(e.line as i64));
        dd.set_by_name("offset", Value::Int(e.column as i64));
        dd.set_by_name(
            "text",
            match &e.source_line {
                Some(t) => new_str(t.clone()),
                None => Value::None,
            },
        );
    }
    err
}

/// Compiles and runs `source` as the body of `module`.
pub fn exec_module_source(vm: &Vm, module: &ObjRef, source: &str, filename: &str) -> PyResult<()> {
    let cc = compiler::compile_module(source, filename).map_err(|e| syntax_error(vm, &e))?;
    exec_module_compiled(vm, module, &cc)
}

/// Runs already-compiled module code in `module`'s namespace (fresh code
/// objects, quickened per the interpreter's configuration).
pub fn exec_module_compiled(vm: &Vm, module: &ObjRef, cc: &compiler::CompiledCode) -> PyResult<()> {
    let code = crate::code::load_code(cc, vm.interp.config.specialize)
        .map_err(|m| vm.new_error(types().exc.system_error, m))?;
    let globals = module_dict(module)
        .cloned()
        .ok_or_else(|| vm.type_error("not a module"))?;
    let mut frame = Frame::new(code, globals, None);
    frame.init_cells();
    vm.enter_call()?;
    let r = run_frame(vm, &mut frame, None);
    vm.leave_call();
    r.map(|_| ())
}

fn find_source(vm: &Vm, name: &str) -> Option<(String, String)> {
    for (n, file, src) in EMBEDDED {
        if *n == name {
            return Some((format!("{BUNDLED_DIR}{file}"), src.to_string()));
        }
    }
    if name.contains('.') {
        return None;
    }
    let dir = vm
        .interp
        .config
        .script_dir
        .clone()
        .unwrap_or_else(|| std::path::PathBuf::from("."));
    let path = dir.join(format!("{name}.py"));
    let text = std::fs::read(&path).ok()?;
    let text = String::from_utf8_lossy(&text).to_string();
    Some((path.to_string_lossy().to_string(), text))
}

/// Imports (or returns the cached) module `name` (dotted names allowed).
pub fn import_module(vm: &Vm, name: &str) -> PyResult<ObjRef> {
    if let Some(m) = vm.interp.modules.lock().get(name) {
        return Ok(m.clone());
    }
    let _guard = match vm.interp.import_lock.try_lock() {
        Some(g) => g,
        None => vm.detached(|| vm.interp.import_lock.lock()),
    };
    if let Some(m) = vm.interp.modules.lock().get(name) {
        return Ok(m.clone());
    }
    if let Some((parent, child)) = name.rsplit_once('.') {
        let p = import_module(vm, parent)?;
        let _ = child;
        if let Some(m) = vm.interp.modules.lock().get(name) {
            return Ok(m.clone());
        }
        let m = load_fresh(vm, name)?;
        if let Some(d) = module_dict(&p) {
            vm.dict_of(d).set_by_name(child, Value::Obj(m.clone()));
        }
        return Ok(m);
    }
    load_fresh(vm, name)
}

fn load_fresh(vm: &Vm, name: &str) -> PyResult<ObjRef> {
    if let Some(m) = crate::modules::native_module(vm, name)? {
        vm.interp.modules.lock().insert(name.to_string(), m.clone());
        return Ok(m);
    }
    let Some((file, src)) = find_source(vm, name) else {
        return Err(vm.new_error(
            types().exc.module_not_found_error,
            format!("No module named '{name}'"),
        ));
    };
    let m = new_module(name);
    if let Some(d) = module_dict(&m) {
        vm.dict_of(d).set_by_name("__file__", new_str(file.clone()));
    }
    vm.interp.modules.lock().insert(name.to_string(), m.clone());
    if let Err(e) = exec_module_source(vm, &m, &src, &file) {
        vm.interp.modules.lock().remove(name);
        return Err(e);
    }
    Ok(m)
}

/// `IMPORT_NAME`: the top package for `import a.b`, the leaf with a fromlist.
pub fn import_name(vm: &Vm, name: &str, fromlist: &Value) -> PyResult<Value> {
    let m = import_module(vm, name)?;
    let has_fromlist = match fromlist {
        Value::None | Value::Null => false,
        v => crate::builtins::tuple::tuple_len(v) > 0,
    };
    if has_fromlist || !name.contains('.') {
        return Ok(Value::Obj(m));
    }
    let top = name.split('.').next().unwrap_or(name);
    Ok(Value::Obj(import_module(vm, top)?))
}

/// `IMPORT_FROM`: an attribute of the module, or its submodule.
pub fn import_from(vm: &Vm, module: &Value, name: &ObjRef) -> PyResult<Value> {
    match vm.get_attr(module, name) {
        Ok(v) => Ok(v),
        Err(e) if vm.err_matches(&e, types().exc.attribute_error) => {
            let modname = match module.as_obj().map(|o| &o.payload) {
                Some(Payload::Module(m)) => m.name.clone(),
                _ => "?".into(),
            };
            let n = name.as_str().unwrap_or("?");
            let full = format!("{modname}.{n}");
            if let Ok(sub) = import_module(vm, &full) {
                return Ok(Value::Obj(sub));
            }
            Err(vm.new_error(
                types().exc.import_error,
                format!("cannot import name '{n}' from '{modname}' (unknown location)"),
            ))
        }
        Err(e) => Err(e),
    }
}
