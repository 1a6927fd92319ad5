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
    ("re", "re.py", include_str!("../lib/re.py")),
    ("enum", "enum.py", include_str!("../lib/enum.py")),
    ("random", "random.py", include_str!("../lib/random.py")),
    ("queue", "queue.py", include_str!("../lib/queue.py")),
    (
        "platform",
        "platform.py",
        include_str!("../lib/platform.py"),
    ),
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
    (
        "asyncio",
        "asyncio/__init__.py",
        include_str!("../lib/asyncio/__init__.py"),
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

/// A module's source found on the search path.
struct Found {
    /// `__file__`
    file: String,
    /// The source text.
    source: String,
    /// The package directory (`__path__`'s one entry) for an `__init__.py`.
    package_dir: Option<String>,
}

/// The string items of the iterable `v` (non-strings skipped, as
/// CPython's path finder skips them).
fn str_items(vm: &Vm, v: &Value) -> PyResult<Vec<String>> {
    let it = crate::ops::get_iter(vm, v)?;
    let mut out = Vec::new();
    while let Some(x) = crate::ops::next(vm, &it)? {
        if let Some(s) = x.as_obj().and_then(|o| o.as_str()) {
            out.push(s.to_string());
        }
    }
    Ok(out)
}

/// The directories searched for a top-level module: `sys.path`, or the
/// script's folder before `sys` exists.
fn top_level_path(vm: &Vm) -> PyResult<Vec<String>> {
    let sys = vm.interp.modules.lock().get("sys").cloned();
    if let Some(sys) = sys {
        if let Some(p) = module_dict(&sys).and_then(|d| vm.dict_of(d).get_by_name("path")) {
            return str_items(vm, &p);
        }
    }
    Ok(initial_sys_path(vm))
}

/// `sys.path` at start-up: the script's folder (or `''` for `-c`, `-m`
/// and the interactive prompt), then the `PYTHONPATH` entries.
pub fn initial_sys_path(vm: &Vm) -> Vec<String> {
    let mut out = Vec::new();
    match &vm.interp.config.script_dir {
        Some(d) => {
            let abs = std::path::absolute(d).unwrap_or_else(|_| d.clone());
            out.push(abs.to_string_lossy().to_string());
        }
        None => out.push(String::new()),
    }
    if let Some(pp) = std::env::var_os("PYTHONPATH") {
        for p in std::env::split_paths(&pp) {
            if !p.as_os_str().is_empty() {
                let abs = std::path::absolute(&p).unwrap_or(p);
                out.push(abs.to_string_lossy().to_string());
            }
        }
    }
    out
}

fn read_text(path: &std::path::Path) -> Option<String> {
    let text = std::fs::read(path).ok()?;
    Some(String::from_utf8_lossy(&text).to_string())
}

/// Looks for `leaf` (`leaf.py` or `leaf/__init__.py`) in each directory.
fn find_in(dirs: &[String], leaf: &str) -> Option<Found> {
    for dir in dirs {
        let base = if dir.is_empty() {
            std::path::PathBuf::from(".")
        } else {
            std::path::PathBuf::from(dir)
        };
        let pkg = base.join(leaf);
        let init = pkg.join("__init__.py");
        if init.is_file() {
            if let Some(source) = read_text(&init) {
                return Some(Found {
                    file: init.to_string_lossy().to_string(),
                    source,
                    package_dir: Some(pkg.to_string_lossy().to_string()),
                });
            }
        }
        let file = base.join(format!("{leaf}.py"));
        if file.is_file() {
            if let Some(source) = read_text(&file) {
                return Some(Found {
                    file: file.to_string_lossy().to_string(),
                    source,
                    package_dir: None,
                });
            }
        }
    }
    None
}

fn find_source(vm: &Vm, name: &str, parent: Option<&ObjRef>) -> PyResult<Option<Found>> {
    for (n, file, src) in EMBEDDED {
        if *n == name {
            return Ok(Some(Found {
                file: format!("{BUNDLED_DIR}{file}"),
                source: src.to_string(),
                package_dir: file
                    .strip_suffix("/__init__.py")
                    .map(|d| format!("{BUNDLED_DIR}{d}")),
            }));
        }
    }
    let leaf = name.rsplit('.').next().unwrap_or(name);
    let dirs = match parent {
        None => top_level_path(vm)?,
        Some(p) => {
            let path = module_dict(p).and_then(|d| vm.dict_of(d).get_by_name("__path__"));
            match path {
                Some(p) => str_items(vm, &p)?,
                None => {
                    let parent_name = name.rsplit_once('.').map_or("", |(p, _)| p);
                    return Err(vm.new_error(
                        types().exc.module_not_found_error,
                        format!("No module named '{name}'; '{parent_name}' is not a package"),
                    ));
                }
            }
        }
    };
    Ok(find_in(&dirs, leaf))
}

/// The `sys.modules` dict, once `sys` is loaded.
fn sys_modules_dict(vm: &Vm) -> Option<ObjRef> {
    let sys = vm.interp.modules.lock().get("sys").cloned()?;
    let d = module_dict(&sys)?;
    match vm.dict_of(d).get_by_name("modules")? {
        Value::Obj(o) if matches!(o.payload, Payload::Dict(_)) => Some(o),
        _ => None,
    }
}

/// Records `module` as loaded under `name` (`None`: forgets it), in the
/// import cache and in `sys.modules`.
pub fn set_module(vm: &Vm, name: &str, module: Option<ObjRef>) {
    match &module {
        Some(m) => {
            vm.interp.modules.lock().insert(name.to_string(), m.clone());
        }
        None => {
            vm.interp.modules.lock().remove(name);
        }
    }
    if let Some(d) = sys_modules_dict(vm) {
        let key = crate::strobj::intern(name);
        match module {
            Some(m) => vm.dict_of(&d).set_str(key, Value::Obj(m)),
            None => {
                vm.dict_of(&d).remove_str(&key);
            }
        }
    }
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
        if let Some(m) = vm.interp.modules.lock().get(name) {
            return Ok(m.clone());
        }
        let m = load_fresh(vm, name, Some(&p))?;
        if let Some(d) = module_dict(&p) {
            vm.dict_of(d).set_by_name(child, Value::Obj(m.clone()));
        }
        return Ok(m);
    }
    load_fresh(vm, name, None)
}

fn load_fresh(vm: &Vm, name: &str, parent: Option<&ObjRef>) -> PyResult<ObjRef> {
    if let Some(m) = crate::modules::native_module(vm, name)? {
        set_module(vm, name, Some(m.clone()));
        return Ok(m);
    }
    let Some(found) = find_source(vm, name, parent)? else {
        return Err(vm.new_error(
            types().exc.module_not_found_error,
            format!("No module named '{name}'"),
        ));
    };
    let m = new_module(name);
    init_module_attrs(vm, &m, name, &found);
    set_module(vm, name, Some(m.clone()));
    if let Err(e) = exec_module_source(vm, &m, &found.source, &found.file) {
        set_module(vm, name, None);
        return Err(e);
    }
    // A module may replace itself in `sys.modules` while it runs.
    Ok(vm.interp.modules.lock().get(name).cloned().unwrap_or(m))
}

/// Sets `__file__`, `__package__` and, for a package, `__path__`.
fn init_module_attrs(vm: &Vm, m: &ObjRef, name: &str, found: &Found) {
    if let Some(d) = module_dict(m) {
        let d = vm.dict_of(d);
        d.set_by_name("__file__", new_str(found.file.clone()));
        let package = match &found.package_dir {
            Some(dir) => {
                d.set_by_name(
                    "__path__",
                    crate::builtins::list::new_list(vec![new_str(dir.clone())]),
                );
                name.to_string()
            }
            None => name.rsplit_once('.').map_or("", |(p, _)| p).to_string(),
        };
        d.set_by_name("__package__", new_str(package));
    }
}

/// Runs module `name` (found as `import` would find it) as `__main__`
/// (`weft -m`): its parent packages are imported first, and `sys.argv[0]`
/// becomes its file.
pub fn run_module_as_main(vm: &Vm, name: &str) -> PyResult<()> {
    let parent = match name.rsplit_once('.') {
        Some((p, _)) => Some(import_module(vm, p)?),
        None => None,
    };
    let mut found = find_source(vm, name, parent.as_ref())?;
    if let Some(f) = &found {
        if f.package_dir.is_some() {
            // A package runs as its `__main__` submodule.
            let pkg = import_module(vm, name)?;
            let main_name = format!("{name}.__main__");
            found = find_source(vm, &main_name, Some(&pkg))?;
            if found.is_none() {
                crate::builtins::functions::flush_stdout();
                eprintln!(
                    "weft: No module named {main_name}; '{name}' is a package and cannot be directly executed"
                );
                return Err(PyErr(
                    vm.new_exception(types().exc.system_exit, vec![Value::Int(1)]),
                ));
            }
            return run_found_as_main(vm, &main_name, found);
        }
    }
    run_found_as_main(vm, name, found)
}

fn run_found_as_main(vm: &Vm, name: &str, found: Option<Found>) -> PyResult<()> {
    let Some(found) = found else {
        // As python3: a one-line message and status 1, no traceback.
        crate::builtins::functions::flush_stdout();
        eprintln!("weft: No module named {name}");
        return Err(PyErr(
            vm.new_exception(types().exc.system_exit, vec![Value::Int(1)]),
        ));
    };
    let main = vm
        .interp
        .modules
        .lock()
        .get("__main__")
        .cloned()
        .unwrap_or_else(|| new_module("__main__"));
    init_module_attrs(vm, &main, name, &found);
    if let Some(d) = module_dict(&main) {
        let package = name.rsplit_once('.').map_or("", |(p, _)| p);
        vm.dict_of(d).set_by_name("__package__", new_str(package));
    }
    set_module(vm, "__main__", Some(main.clone()));
    if let Ok(sys) = import_module(vm, "sys") {
        if let Ok(argv) = vm.get_attr_str(&Value::Obj(sys), "argv") {
            let _ = crate::ops::set_item(vm, &argv, Value::Int(0), new_str(found.file.clone()));
        }
    }
    exec_module_source(vm, &main, &found.source, &found.file)
}

/// The absolute name of `name` imported at `level` (leading dots) from the
/// module whose globals are `globals` (CPython's `_calc___package__` and
/// `_resolve_name`).
pub fn resolve_name(vm: &Vm, name: &str, globals: &ObjRef, level: usize) -> PyResult<String> {
    let g = vm.dict_of(globals);
    let str_of =
        |v: Option<Value>| v.and_then(|v| v.as_obj().and_then(|o| o.as_str().map(str::to_string)));
    let package = match str_of(g.get_by_name("__package__")) {
        Some(p) => Some(p),
        None => str_of(g.get_by_name("__name__")).map(|n| {
            if g.get_by_name("__path__").is_some() {
                n
            } else {
                n.rsplit_once('.')
                    .map_or(String::new(), |(p, _)| p.to_string())
            }
        }),
    };
    let package = package.unwrap_or_default();
    if package.is_empty() {
        return Err(vm.new_error(
            types().exc.import_error,
            "attempted relative import with no known parent package",
        ));
    }
    let parts: Vec<&str> = package.split('.').collect();
    if level > parts.len() {
        return Err(vm.new_error(
            types().exc.import_error,
            "attempted relative import beyond top-level package",
        ));
    }
    let base = parts[..parts.len() - (level - 1)].join(".");
    Ok(if name.is_empty() {
        base
    } else {
        format!("{base}.{name}")
    })
}

/// True for the fromlist `('*',)` of `from m import *`.
fn is_star(fromlist: &Value) -> bool {
    match crate::builtins::tuple::tuple_items(fromlist) {
        Some(items) => items.len() == 1 && items[0].as_obj().and_then(|o| o.as_str()) == Some("*"),
        None => false,
    }
}

/// `IMPORT_NAME`: imports `name` at `level` for code running with
/// `globals`; for `from m import *` binds the module's public names in
/// `namespace` too.
pub fn import_name_op(
    vm: &Vm,
    name: &str,
    fromlist: &Value,
    level: &Value,
    globals: &ObjRef,
    namespace: &ObjRef,
) -> PyResult<Value> {
    let level = match level {
        Value::Int(i) if *i > 0 => *i as usize,
        _ => 0,
    };
    let m = import_name_level(vm, name, fromlist, level, Some(globals))?;
    if is_star(fromlist) {
        import_star(vm, &m, namespace)?;
    }
    Ok(m)
}

/// `__import__(name, globals, locals, fromlist, level)`.
pub fn import_name_level(
    vm: &Vm,
    name: &str,
    fromlist: &Value,
    level: usize,
    globals: Option<&ObjRef>,
) -> PyResult<Value> {
    if level == 0 {
        if name.is_empty() {
            return Err(vm.value_error("Empty module name"));
        }
        return import_name(vm, name, fromlist);
    }
    let Some(globals) = globals else {
        return Err(vm.new_error(
            types().exc.import_error,
            "attempted relative import with no known parent package",
        ));
    };
    let full = resolve_name(vm, name, globals, level)?;
    let m = import_module(vm, &full)?;
    let has_fromlist = match fromlist {
        Value::None | Value::Null => false,
        v => {
            crate::builtins::tuple::tuple_len(v) > 0
                || !crate::builtins::list::list_items(v).is_empty()
        }
    };
    if has_fromlist || name.is_empty() {
        return Ok(Value::Obj(m));
    }
    let first = name.split('.').next().unwrap_or(name);
    let cut = full.len() - (name.len() - first.len());
    Ok(Value::Obj(import_module(vm, &full[..cut])?))
}

/// `from m import *`: `m.__all__`'s names, or every name not starting
/// with `_`, bound in `namespace`.
pub fn import_star(vm: &Vm, module: &Value, namespace: &ObjRef) -> PyResult<()> {
    let Some(d) = module.as_obj().and_then(module_dict) else {
        return Ok(());
    };
    let ns = vm.dict_of(namespace);
    match vm.dict_of(d).get_by_name("__all__") {
        Some(all) => {
            let it = crate::ops::get_iter(vm, &all)?;
            while let Some(n) = crate::ops::next(vm, &it)? {
                let Some(key) = n.as_obj().filter(|o| o.as_str().is_some()).cloned() else {
                    let modname = match module.as_obj().map(|o| &o.payload) {
                        Some(Payload::Module(m)) => m.name.clone(),
                        _ => "?".into(),
                    };
                    return Err(vm.type_error(format!(
                        "Item in {modname}.__all__ must be str, not {}",
                        vm.type_name(&n)
                    )));
                };
                let v = import_from(vm, module, &key)?;
                ns.set_str(key, v);
            }
        }
        None => {
            for (k, v) in vm.dict_of(d).items() {
                if let Some(key) = k.as_obj() {
                    if key.as_str().is_some_and(|s| !s.starts_with('_')) {
                        ns.set_str(key.clone(), v);
                    }
                }
            }
        }
    }
    Ok(())
}

/// `IMPORT_NAME`: the top package for `import a.b`, the leaf with a fromlist.
pub fn import_name(vm: &Vm, name: &str, fromlist: &Value) -> PyResult<Value> {
    let m = import_module(vm, name)?;
    let has_fromlist = match fromlist {
        Value::None | Value::Null => false,
        v => {
            crate::builtins::tuple::tuple_len(v) > 0
                || !crate::builtins::list::list_items(v).is_empty()
        }
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
            match import_module(vm, &full) {
                Ok(sub) => return Ok(Value::Obj(sub)),
                Err(e) if !vm.err_matches(&e, types().exc.module_not_found_error) => return Err(e),
                Err(_) => {}
            }
            let location = module
                .as_obj()
                .and_then(module_dict)
                .and_then(|d| vm.dict_of(d).get_by_name("__file__"))
                .and_then(|f| f.as_obj().and_then(|o| o.as_str().map(str::to_string)))
                .unwrap_or_else(|| "unknown location".into());
            Err(vm.new_error(
                types().exc.import_error,
                format!("cannot import name '{n}' from '{modname}' ({location})"),
            ))
        }
        Err(e) => Err(e),
    }
}
