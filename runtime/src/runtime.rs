//! The embedding API and the process-level entry points: creating an
//! interpreter, running a file or source text as `__main__`, and reporting
//! uncaught exceptions the way `python3` does.

use crate::builtins::types::types;
use crate::embed::{Error, CALLER_STACK};
use crate::import::{exec_module_source, new_module};
use crate::value::{ObjRef, Value};
use crate::vm::{Config, Interp, PyErr, Vm, THREAD_STACK_SIZE};
use parking_lot::{Mutex, ReentrantMutex};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

/// Options of a runtime.
///
/// ```
/// use weft::{Runtime, RuntimeOptions};
/// // The same program, without the specializing interpreter.
/// let rt = Runtime::new(RuntimeOptions { no_specialize: true });
/// let m = rt.load_module("m", "def f():\n    return sum(range(100))\n").unwrap();
/// assert_eq!(m.call::<(), i64>("f", ()).unwrap(), 4950);
/// ```
#[derive(Clone, Debug, Default)]
pub struct RuntimeOptions {
    /// Disable specialization (counters never trigger).
    pub no_specialize: bool,
}

/// A script compiled by [`Runtime::compile_program`]; `Send + Sync`, so one
/// compilation can be run by many threads or many times.
///
/// ```
/// use weft::{Runtime, RuntimeOptions};
/// let rt = Runtime::new(RuntimeOptions::default());
/// let program = rt.compile_program("assert 2 + 2 == 4\n", "check.py").unwrap();
/// std::thread::scope(|s| {
///     s.spawn(|| rt.run_program(&program).unwrap());
///     s.spawn(|| rt.run_program(&program).unwrap());
/// });
/// ```
pub struct Program {
    compiled: crate::compiler::CompiledCode,
    filename: String,
}

impl std::fmt::Debug for Program {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Program")
            .field("filename", &self.filename)
            .finish_non_exhaustive()
    }
}

/// A Weft interpreter that can be shared between threads: `Send + Sync`,
/// and cloning shares the same interpreter (an `Arc` inside).
///
/// ```
/// use weft::{Runtime, RuntimeOptions};
/// let rt = Runtime::new(RuntimeOptions::default());
/// let other = rt.clone(); // the same interpreter
/// std::thread::spawn(move || {
///     other.load_module("shared", "X = 42\n").unwrap();
/// })
/// .join()
/// .unwrap();
/// let m = rt.load_module("user", "import shared\ndef x():\n    return shared.X\n").unwrap();
/// assert_eq!(m.call::<(), i64>("x", ()).unwrap(), 42);
/// ```
#[derive(Clone)]
pub struct Runtime {
    interp: Arc<Interp>,
}

impl Runtime {
    /// A new interpreter with `config` (all of [`Config`]: `sys.argv`, the
    /// directory searched for imports, stdout discarding).
    ///
    /// ```
    /// use weft::vm::Config;
    /// use weft::Runtime;
    /// let rt = Runtime::with_config(Config {
    ///     argv: vec!["prog.py".into(), "7".into()],
    ///     discard_stdout: true,
    ///     ..Config::default()
    /// });
    /// let m = rt.load_module("m", "import sys\nprint('dropped')\nN = int(sys.argv[1])\n").unwrap();
    /// let program = rt.compile_program("import m\nassert m.N == 7\n", "main.py").unwrap();
    /// rt.run_program(&program).unwrap();
    /// # drop(m);
    /// ```
    pub fn with_config(config: Config) -> Runtime {
        let builtins = crate::builtins::make_builtins_module();
        let interp = Interp {
            config,
            builtins,
            modules: Mutex::new(HashMap::new()),
            import_lock: ReentrantMutex::new(()),
            recursion_limit: AtomicUsize::new(1000),
            live_vms: AtomicUsize::new(0),
            interrupted: Arc::new(AtomicBool::new(false)),
            int_max_str_digits: AtomicUsize::new(4300),
            running_threads: AtomicUsize::new(0),
            world: Default::default(),
        };
        Runtime {
            interp: Arc::new(interp),
        }
    }

    /// A new interpreter with default configuration.
    ///
    /// ```
    /// let rt = weft::Runtime::new(weft::RuntimeOptions::default());
    /// assert!(rt.load_module("m", "x = 1\n").is_ok());
    /// ```
    pub fn new(options: RuntimeOptions) -> Runtime {
        Runtime::with_config(Config {
            specialize: !options.no_specialize,
            ..Config::default()
        })
    }

    /// The shared interpreter state (for the runtime's own modules).
    ///
    /// ```
    /// let rt = weft::Runtime::new(weft::RuntimeOptions { no_specialize: true });
    /// assert!(!rt.interp().config.specialize);
    /// ```
    pub fn interp(&self) -> &Arc<Interp> {
        &self.interp
    }

    /// Runs `source` as the `__main__` module on the calling thread (which
    /// must have a large stack; see `THREAD_STACK_SIZE`). Returns the exit
    /// status `python3` would have, after printing any traceback.
    ///
    /// ```
    /// let rt = weft::Runtime::new(weft::RuntimeOptions::default());
    /// assert_eq!(rt.run_main("import sys\nsys.exit(3)\n", "exit.py", true), 3);
    /// assert_eq!(rt.run_main("x = 1\n", "ok.py", true), 0);
    /// ```
    pub fn run_main(&self, source: &str, filename: &str, is_main_thread: bool) -> i32 {
        self.run_main_reporting(source, filename, is_main_thread, None)
    }

    /// [`Runtime::run_main`] with `before_traceback` run once the program
    /// and its non-daemon threads are done, before an uncaught exception's
    /// traceback is printed (so that a tool's report written to stderr
    /// leaves the traceback last, as without the tool). Without it the
    /// traceback comes before the wait for threads, as in `python3`.
    pub fn run_main_reporting(
        &self,
        source: &str,
        filename: &str,
        is_main_thread: bool,
        before_traceback: Option<&mut dyn FnMut()>,
    ) -> i32 {
        let vm = Vm::new(self.interp.clone(), THREAD_STACK_SIZE, is_main_thread);
        let main = self.fresh_main_module(&vm, filename);
        let r = exec_module_source(&vm, &main, source, filename);
        let mut status = 0;
        let joined = match before_traceback {
            None => {
                if let Err(e) = &r {
                    status = report_uncaught(&vm, e);
                }
                self.finish_main_program(&vm)
            }
            Some(report) => {
                let joined = self.finish_main_program(&vm);
                crate::builtins::functions::flush_stdout();
                report();
                if let Err(e) = &r {
                    status = report_uncaught(&vm, e);
                }
                joined
            }
        };
        if let Err(e) = joined {
            status = report_uncaught(&vm, &e);
        }
        crate::builtins::functions::flush_stdout();
        status
    }

    /// Parses and compiles `source` once, so that [`Runtime::run_program`]
    /// can run it many times without paying for the front end (benchmarks).
    ///
    /// ```
    /// use weft::{Runtime, RuntimeOptions};
    /// let rt = Runtime::new(RuntimeOptions::default());
    /// let program = rt.compile_program("x = sum(range(10))\n", "sum.py").unwrap();
    /// rt.run_program(&program).unwrap();
    /// rt.run_program(&program).unwrap();
    /// assert_eq!(rt.compile_program("def f(:\n", "bad.py").unwrap_err().type_name, "SyntaxError");
    /// ```
    pub fn compile_program(&self, source: &str, filename: &str) -> Result<Program, Error> {
        match crate::compiler::compile_module(source, filename) {
            Ok(compiled) => Ok(Program {
                compiled,
                filename: filename.to_string(),
            }),
            Err(e) => {
                let vm = Vm::new(self.interp.clone(), CALLER_STACK, false);
                Err(Error::from_py(&vm, &crate::import::syntax_error(&vm, &e)))
            }
        }
    }

    /// Runs `program` as a fresh `__main__` module on the calling thread
    /// (fresh, unspecialized code objects every time), then waits for its
    /// non-daemon threads. The calling thread's stack bounds the recursion
    /// depth; spawn a thread with [`THREAD_STACK_SIZE`] for deep programs.
    /// An uncaught exception comes back as an [`Error`] instead of being
    /// printed. See [`Runtime::compile_program`] for an example.
    pub fn run_program(&self, program: &Program) -> Result<(), Error> {
        // Bound the recursion by what is left of the calling thread's stack
        // (a fixed `CALLER_STACK` would cap a big-stack thread at ~400 frames).
        let stack = stacker::remaining_stack().unwrap_or(CALLER_STACK);
        let vm = Vm::new(self.interp.clone(), stack, false);
        let main = self.fresh_main_module(&vm, &program.filename);
        let r = crate::import::exec_module_compiled(&vm, &main, &program.compiled)
            .and_then(|()| self.finish_main_program(&vm));
        crate::builtins::functions::flush_stdout();
        r.map_err(|e| Error::from_py(&vm, &e))
    }

    /// The `__main__` module: the one a script ran in, or a fresh one.
    pub(crate) fn main_module(&self, vm: &Vm) -> ObjRef {
        let existing = self.interp.modules.lock().get("__main__").cloned();
        existing.unwrap_or_else(|| self.fresh_main_module(vm, "<stdin>"))
    }

    /// Runs module `name`, found on `sys.path` as `import` finds it, as
    /// `__main__` (`weft -m`). Returns the exit status, as
    /// [`Runtime::run_main`].
    ///
    /// ```
    /// let rt = weft::Runtime::new(weft::RuntimeOptions::default());
    /// assert_eq!(rt.run_module_main("no_such_module_here"), 1);
    /// ```
    pub fn run_module_main(&self, name: &str) -> i32 {
        let vm = Vm::new(self.interp.clone(), THREAD_STACK_SIZE, true);
        let main = self.fresh_main_module(&vm, name);
        if let Some(d) = crate::import::module_dict(&main) {
            vm.dict_of(d).remove_str(&crate::strobj::intern("__file__"));
        }
        let r = crate::import::run_module_as_main(&vm, name);
        let mut status = 0;
        if let Err(e) = &r {
            status = report_uncaught(&vm, e);
        }
        if let Err(e) = self.finish_main_program(&vm) {
            status = report_uncaught(&vm, &e);
        }
        crate::builtins::functions::flush_stdout();
        status
    }

    fn fresh_main_module(&self, vm: &Vm, filename: &str) -> ObjRef {
        let main = new_module("__main__");
        if let Some(d) = crate::import::module_dict(&main) {
            vm.dict_of(d)
                .set_by_name("__file__", crate::strobj::new_str(filename));
            vm.dict_of(d)
                .set_by_name("__builtins__", Value::Obj(self.interp.builtins.clone()));
        }
        self.interp
            .modules
            .lock()
            .insert("__main__".into(), main.clone());
        main
    }

    /// What CPython does when the main program ends: waits for the
    /// non-daemon threads (`threading._shutdown`), then runs the `atexit`
    /// callbacks (`atexit._run_exitfuncs`, which reports their errors
    /// itself and empties the registry). Each step runs only when its
    /// module was imported.
    fn finish_main_program(&self, vm: &Vm) -> Result<(), PyErr> {
        let joined = self.call_module_hook(vm, "threading", "_shutdown");
        self.call_module_hook(vm, "atexit", "_run_exitfuncs")?;
        joined
    }

    /// Calls `module.function()` when `module` is in `sys.modules`.
    fn call_module_hook(&self, vm: &Vm, module: &str, function: &str) -> Result<(), PyErr> {
        let loaded = self.interp.modules.lock().get(module).cloned();
        if let Some(m) = loaded {
            if let Ok(f) = vm.get_attr_str(&Value::Obj(m), function) {
                vm.call(&f, &[])?;
            }
        }
        Ok(())
    }

    /// Attaches a native monitoring tool under the `sys.monitoring` tool id
    /// `tool_id` (0-5) and the name `name`: from when this returns, every
    /// execution that begins on a thread of this runtime delivers the
    /// tool's [`crate::tools::Tool::events`] to it. `Err` (a `ValueError`)
    /// when the id is invalid or in use, or the event set is refused.
    /// See [`crate::tools::Tool`] for an example.
    pub fn attach_tool(
        &self,
        tool_id: usize,
        name: &str,
        tool: Arc<dyn crate::tools::Tool>,
    ) -> Result<(), Error> {
        crate::monitoring::attach_native(&self.interp, tool_id, name, tool).map_err(|message| {
            Error {
                type_name: "ValueError".into(),
                message: message.clone(),
                traceback: format!("ValueError: {message}\n"),
            }
        })
    }

    /// Detaches the tool holding `tool_id` (native or Python): its events
    /// stop before this returns and the id is free again.
    pub fn detach_tool(&self, tool_id: usize) {
        crate::monitoring::detach(tool_id);
    }

    /// Requests a KeyboardInterrupt in the main thread (Ctrl-C).
    ///
    /// ```
    /// let rt = weft::Runtime::new(weft::RuntimeOptions::default());
    /// rt.interrupt();
    /// // The main thread sees it at its next safepoint: 130 is SIGINT's status.
    /// assert_eq!(rt.run_main("while True:\n    pass\n", "spin.py", true), 130);
    /// ```
    pub fn interrupt(&self) {
        self.interp.interrupted.store(true, Ordering::Relaxed);
    }

    /// Makes SIGINT (Ctrl-C) request a `KeyboardInterrupt` in this runtime's
    /// main thread instead of killing the process, as `python3` does.
    ///
    /// ```no_run
    /// let rt = weft::Runtime::new(weft::RuntimeOptions::default());
    /// rt.install_sigint_handler().unwrap();
    /// // Ctrl-C now interrupts the script instead of killing the process.
    /// let status = rt.run_main("while True:\n    pass\n", "spin.py", true);
    /// assert_eq!(status, 130);
    /// ```
    pub fn install_sigint_handler(&self) -> std::io::Result<()> {
        signal_hook::flag::register(signal_hook::consts::SIGINT, self.interp.interrupted.clone())
            .map(|_| ())
    }
}

/// Prints an uncaught exception and returns the exit status.
pub(crate) fn report_uncaught(vm: &Vm, e: &PyErr) -> i32 {
    crate::builtins::functions::flush_stdout();
    if vm.err_matches(e, types().exc.system_exit) {
        let args = crate::exceptions::exc_args(&e.0);
        return match args.first() {
            None | Some(Value::None) => 0,
            Some(Value::Int(i)) => *i as i32,
            Some(Value::Bool(b)) => *b as i32,
            Some(other) => {
                eprintln!("{}", vm.str_of(other).unwrap_or_default());
                1
            }
        };
    }
    let text = crate::exceptions::format_exception(vm, &e.0);
    eprint!("{text}");
    if vm.err_matches(e, types().exc.keyboard_interrupt) {
        // What a shell reports for a process ended by SIGINT.
        return 130;
    }
    1
}
