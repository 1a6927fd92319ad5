//! The embedding API and the process-level entry points: creating an
//! interpreter, running a file or source text as `__main__`, and reporting
//! uncaught exceptions the way `python3` does.

use crate::builtins::types::types;
use crate::import::{exec_module_source, new_module};
use crate::value::Value;
use crate::vm::{Config, Interp, PyErr, Vm, THREAD_STACK_SIZE};
use parking_lot::{Mutex, ReentrantMutex};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

/// Options of a runtime.
#[derive(Clone, Debug, Default)]
pub struct RuntimeOptions {
    /// Disable specialization (counters never trigger).
    pub no_specialize: bool,
}

/// A Weft interpreter that can be shared between threads.
#[derive(Clone)]
pub struct Runtime {
    interp: Arc<Interp>,
}

impl Runtime {
    /// A new interpreter with `config`.
    pub fn with_config(config: Config) -> Runtime {
        let builtins = crate::builtins::make_builtins_module();
        let interp = Interp {
            config,
            builtins,
            modules: Mutex::new(HashMap::new()),
            import_lock: ReentrantMutex::new(()),
            recursion_limit: AtomicUsize::new(1000),
            interrupted: AtomicBool::new(false),
            int_max_str_digits: AtomicUsize::new(4300),
            running_threads: AtomicUsize::new(0),
        };
        Runtime {
            interp: Arc::new(interp),
        }
    }

    /// A new interpreter with default configuration.
    pub fn new(options: RuntimeOptions) -> Runtime {
        Runtime::with_config(Config {
            specialize: !options.no_specialize,
            ..Config::default()
        })
    }

    /// The shared interpreter state.
    pub fn interp(&self) -> &Arc<Interp> {
        &self.interp
    }

    /// Runs `source` as the `__main__` module on the calling thread (which
    /// must have a large stack; see `THREAD_STACK_SIZE`). Returns the exit
    /// status `python3` would have, after printing any traceback.
    pub fn run_main(&self, source: &str, filename: &str, is_main_thread: bool) -> i32 {
        let vm = Vm::new(self.interp.clone(), THREAD_STACK_SIZE, is_main_thread);
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
        let r = exec_module_source(&vm, &main, source, filename);
        let mut status = match r {
            Ok(()) => 0,
            Err(e) => report_uncaught(&vm, &e),
        };
        // Wait for non-daemon threads, as CPython does at exit.
        let threading = self.interp.modules.lock().get("threading").cloned();
        if let Some(t) = threading {
            if let Ok(f) = vm.get_attr_str(&Value::Obj(t), "_shutdown") {
                if let Err(e) = vm.call(&f, &[]) {
                    status = report_uncaught(&vm, &e);
                }
            }
        }
        crate::builtins::functions::flush_stdout();
        status
    }

    /// Requests a KeyboardInterrupt in the main thread (Ctrl-C).
    pub fn interrupt(&self) {
        self.interp.interrupted.store(true, Ordering::Relaxed);
    }
}

/// Prints an uncaught exception and returns the exit status.
pub fn report_uncaught(vm: &Vm, e: &PyErr) -> i32 {
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
    1
}
