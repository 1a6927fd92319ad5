//! The interpreter state shared by all threads (`Interp`: modules, builtins,
//! configuration) and the per-thread `Vm` (recursion depth, the exception
//! being handled), with the core protocols every other module uses: calls,
//! argument binding, attribute access, exception construction and imports.

use crate::builtins::types::types;
use crate::dict::DictObj;
use crate::eval::{run_frame, Exit, Frame};
use crate::exceptions::{exc_data, ExcData};
use crate::function::{CallArgs, FuncState, FunctionObj};
use crate::generator::{GenKind, GenObj};
use crate::object::{Object, Payload};
use crate::strobj::{intern, new_str};
use crate::value::{ObjRef, Value};
use parking_lot::{Mutex, ReentrantMutex};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

/// A raised Python exception (the exception instance).
#[derive(Clone, Debug)]
pub struct PyErr(pub ObjRef);

/// The result of anything that can raise.
pub type PyResult<T> = Result<T, PyErr>;

/// Configuration of an interpreter.
#[derive(Clone, Debug)]
pub struct Config {
    /// Quicken with warmup counters (false: counters never trigger).
    pub specialize: bool,
    /// `sys.argv`
    pub argv: Vec<String>,
    /// Directory searched for sibling modules.
    pub script_dir: Option<PathBuf>,
    /// Drop everything written to `sys.stdout` (benchmarks).
    pub discard_stdout: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            specialize: true,
            argv: vec![String::new()],
            script_dir: None,
            discard_stdout: false,
        }
    }
}

/// State shared by every thread of one interpreter.
pub struct Interp {
    /// Configuration.
    pub config: Config,
    /// The `builtins` module.
    pub builtins: ObjRef,
    /// Loaded modules by name.
    pub modules: Mutex<HashMap<String, ObjRef>>,
    /// Serialises module initialisation (re-entrant for nested imports).
    pub import_lock: ReentrantMutex<()>,
    /// `sys.getrecursionlimit()`
    pub recursion_limit: AtomicUsize,
    /// Set by Ctrl-C; checked at safe points by the main thread.
    pub interrupted: Arc<AtomicBool>,
    /// `sys.set_int_max_str_digits`
    pub int_max_str_digits: AtomicUsize,
    /// Threads started by `_thread` that are still running.
    pub running_threads: AtomicUsize,
    /// The attached threads, for stop-the-world.
    pub world: crate::world::World,
    /// Live `Vm`s (threads that may run Python code now).
    pub live_vms: AtomicUsize,
}

impl Interp {
    /// The builtins namespace dict.
    pub fn builtins_dict(&self) -> &ObjRef {
        match &self.builtins.payload {
            Payload::Module(m) => &m.dict,
            _ => &self.builtins,
        }
    }
}

/// Per-thread interpreter state.
pub struct Vm {
    /// The shared interpreter.
    pub interp: Arc<Interp>,
    depth: Cell<usize>,
    /// The exception currently being handled (`except` block), or None.
    pub handled: RefCell<Value>,
    stack_limit: usize,
    /// The link of the innermost frame running on this thread (null
    /// outside any frame); set and restored by [`Vm::enter_frame`]. The
    /// links chain back through the frames this thread is running.
    current_frame: Cell<*const FrameLink>,
    /// True on the main thread.
    pub is_main: bool,
    /// This thread's `sys.set_asyncgen_hooks` pair: (firstiter, finalizer),
    /// each None or a callable.
    pub asyncgen_hooks: RefCell<[Value; 2]>,
    /// This thread stays pinned to the crossbeam epoch while attached, so
    /// the read views' own pins are nested and cheap (no fence); it re-pins
    /// every [`REPIN_INTERVAL`] safepoints and unpins while blocked, so
    /// retired views are still reclaimed.
    epoch: RefCell<Option<crossbeam_epoch::Guard>>,
    safepoints: Cell<u32>,
    /// True while a `sys.monitoring` callback runs on this thread (no
    /// event is delivered meanwhile).
    pub monitoring_callback: Cell<bool>,
    /// The code and line an instrumented jump (or an exception on its way
    /// to a handler) just left on this thread, and the unit it went to,
    /// for the LINE marker there, which takes it (`monitoring::marker`;
    /// a marker at another unit ignores it); null when the instruction
    /// was reached by falling through.
    pub jumped_from: Cell<(*const crate::code::CodeObject, u32, usize)>,
}

/// One running frame in its thread's chain of running frames: a local of
/// the `run_frame` call running it, so it lives exactly as long as the
/// frame runs. `back` is the link of the frame that was running when
/// this one started (its caller, or whoever resumed a generator).
pub struct FrameLink {
    frame: *const Frame,
    back: *const FrameLink,
}

impl FrameLink {
    /// The link for `frame`, whose caller is the current frame of `vm`.
    /// Made by `run_frame` just before `Vm::enter_frame`.
    #[inline(always)]
    pub fn new(vm: &Vm, frame: &Frame) -> FrameLink {
        FrameLink {
            frame: frame as *const Frame,
            back: vm.current_frame.get(),
        }
    }
}

/// Restores the previous current frame when a frame stops running
/// (returns, yields, raises or unwinds).
pub struct FrameGuard<'a> {
    vm: &'a Vm,
    saved: *const FrameLink,
}

/// The frames running on one thread, innermost first (see
/// [`Vm::with_running_frames`]). Borrowed for a call on that thread only:
/// it is neither `Send` nor able to outlive the closure it is lent to.
pub struct RunningFrames<'a> {
    link: *const FrameLink,
    _vm: std::marker::PhantomData<&'a Vm>,
}

impl<'a> Iterator for RunningFrames<'a> {
    type Item = &'a Frame;

    fn next(&mut self) -> Option<&'a Frame> {
        if self.link.is_null() {
            return None;
        }
        // SAFETY: a non-null link was installed by `enter_frame` on this
        // thread (a `Vm` and its chain never leave their thread, and this
        // iterator is lent only inside `with_running_frames` on it). Each
        // link is a local of a `run_frame` call still on this thread's
        // stack: a guard restores the previous pointer before its link and
        // frame go away, so the chain from the current link back holds
        // only live links and live frames (`running_frames_are_live` in
        // tests/frames.rs walks chains while frames come and go). The
        // frames are suspended in calls and are not written until those
        // return, after the borrow handed out here has ended (it cannot
        // outlive the closure).
        let link = unsafe { &*self.link };
        self.link = link.back;
        // SAFETY: as above: the frame outlives its link.
        Some(unsafe { &*link.frame })
    }
}

impl Drop for FrameGuard<'_> {
    #[inline(always)]
    fn drop(&mut self) {
        self.vm.current_frame.set(self.saved);
    }
}

/// Safepoints between two re-pins of a thread's epoch guard (and two
/// tests of the main thread for a pending Ctrl-C).
const REPIN_INTERVAL: u32 = 256;

fn stack_pointer() -> usize {
    let x = 0u8;
    &x as *const u8 as usize
}

/// Bytes of native stack each thread running Python gets.
pub const THREAD_STACK_SIZE: usize = 512 * 1024 * 1024;

impl Drop for Vm {
    fn drop(&mut self) {
        self.interp.live_vms.fetch_sub(1, Ordering::Relaxed);
        self.interp.world.detach();
    }
}

impl Vm {
    /// A VM for the current thread, whose native stack has about
    /// `stack_size` bytes below this point.
    pub fn new(interp: Arc<Interp>, stack_size: usize, is_main: bool) -> Vm {
        let sp = stack_pointer();
        interp.world.attach();
        if interp.live_vms.fetch_add(1, Ordering::Relaxed) >= 1 {
            crate::specialize::note_second_thread();
        }
        Vm {
            interp,
            depth: Cell::new(0),
            handled: RefCell::new(Value::None),
            stack_limit: sp.saturating_sub(stack_size.saturating_sub(256 * 1024)),
            current_frame: Cell::new(std::ptr::null()),
            is_main,
            asyncgen_hooks: RefCell::new([Value::None, Value::None]),
            epoch: RefCell::new(Some(crossbeam_epoch::pin())),
            safepoints: Cell::new(0),
            monitoring_callback: Cell::new(false),
            jumped_from: Cell::new((std::ptr::null(), 0, 0)),
        }
    }

    /// Runs `blocking` (a wait that may last) detached from the world, so
    /// that a thread stopping the world need not wait for it.
    pub fn detached<R>(&self, blocking: impl FnOnce() -> R) -> R {
        // A blocked thread must not hold back epoch reclamation.
        let pinned = self.epoch.borrow_mut().take();
        drop(pinned);
        let r = self.interp.world.detached(blocking);
        *self.epoch.borrow_mut() = Some(crossbeam_epoch::pin());
        r
    }

    /// Parks every other thread of the interpreter at a safepoint until the
    /// guard drops (class mutation).
    pub fn stop_the_world(&self) -> crate::world::StoppedWorld<'_> {
        self.interp.world.stop()
    }

    /// A safepoint: parks for a pending stop-the-world; every
    /// [`REPIN_INTERVAL`]th, re-pins the epoch and, on the main thread,
    /// turns a pending Ctrl-C into `KeyboardInterrupt` (a loop's backward
    /// jump is one, so a Ctrl-C waits a few microseconds at most, and the
    /// common safepoint costs one flag test and one count).
    #[inline(always)]
    pub fn safepoint(&self) -> PyResult<()> {
        self.interp.world.safepoint();
        let n = self.safepoints.get().wrapping_add(1);
        self.safepoints.set(n);
        if n.is_multiple_of(REPIN_INTERVAL) {
            return self.periodic_safepoint();
        }
        Ok(())
    }

    /// The work of every [`REPIN_INTERVAL`]th safepoint: lets the epoch
    /// advance past this thread (read views it no longer uses can be
    /// freed; see the `epoch` field), and takes a pending Ctrl-C.
    #[cold]
    fn periodic_safepoint(&self) -> PyResult<()> {
        if let Some(g) = self.epoch.borrow_mut().as_mut() {
            g.repin();
        }
        self.take_interrupt()
    }

    /// Raises `KeyboardInterrupt` if Ctrl-C is pending (main thread only).
    #[cold]
    pub fn take_interrupt(&self) -> PyResult<()> {
        if self.is_main && self.interp.interrupted.swap(false, Ordering::Relaxed) {
            return Err(self.new_error(types().exc.keyboard_interrupt, ""));
        }
        Ok(())
    }

    // ----- exceptions -------------------------------------------------

    /// A new exception instance of `cls` with `args`.
    pub fn new_exception(&self, cls: &'static Object, args: Vec<Value>) -> ObjRef {
        let inst = Object::new_instance(
            cls,
            Payload::Exception(Box::new(ExcData::new(crate::builtins::tuple::new_tuple(
                args,
            )))),
        );
        ObjRef::new(inst)
    }

    /// An exception of `cls` with one str message.
    pub fn new_error(&self, cls: &'static Object, msg: impl Into<String>) -> PyErr {
        let m: String = msg.into();
        PyErr(self.new_exception(cls, vec![new_str(m)]))
    }

    /// TypeError(msg)
    pub fn type_error(&self, msg: impl Into<String>) -> PyErr {
        self.new_error(types().exc.type_error, msg)
    }

    /// ValueError(msg)
    pub fn value_error(&self, msg: impl Into<String>) -> PyErr {
        self.new_error(types().exc.value_error, msg)
    }

    /// IndexError(msg)
    pub fn index_error(&self, msg: impl Into<String>) -> PyErr {
        self.new_error(types().exc.index_error, msg)
    }

    /// KeyError(key)
    pub fn key_error(&self, key: Value) -> PyErr {
        PyErr(self.new_exception(types().exc.key_error, vec![key]))
    }

    /// AttributeError(msg)
    pub fn attribute_error(&self, msg: impl Into<String>) -> PyErr {
        self.new_error(types().exc.attribute_error, msg)
    }

    /// NameError(msg)
    pub fn name_error(&self, name: &str) -> PyErr {
        self.new_error(
            types().exc.name_error,
            format!("name '{name}' is not defined"),
        )
    }

    /// ZeroDivisionError(msg)
    pub fn zero_division(&self, msg: &str) -> PyErr {
        self.new_error(types().exc.zero_division_error, msg)
    }

    /// OverflowError(msg)
    pub fn overflow_error(&self, msg: impl Into<String>) -> PyErr {
        self.new_error(types().exc.overflow_error, msg)
    }

    /// RuntimeError(msg)
    pub fn runtime_error(&self, msg: impl Into<String>) -> PyErr {
        self.new_error(types().exc.runtime_error, msg)
    }

    /// StopIteration(value)
    pub fn stop_iteration(&self, value: Option<Value>) -> PyErr {
        PyErr(self.new_exception(types().exc.stop_iteration, value.into_iter().collect()))
    }

    /// True when `err` is an instance of `cls`.
    pub fn err_matches(&self, err: &PyErr, cls: &'static Object) -> bool {
        crate::typeobj::is_subtype(err.0.class(), cls)
    }

    /// Records a traceback entry on `err`.
    pub fn add_traceback(&self, err: &PyErr, frame: &Frame) {
        if let Some(e) = exc_data(&err.0) {
            let entry = crate::frameobj::traceback_entry(frame, Some(&err.0));
            let mut tb = e.traceback.lock();
            if let Some(inner) = tb.last() {
                crate::frameobj::link_traceback_frames(inner, &entry);
            }
            tb.push(entry);
        }
    }

    // ----- recursion ----------------------------------------------------

    /// Enters a Python-level call (RecursionError past the limit or near
    /// the end of the native stack).
    #[inline]
    pub fn enter_call(&self) -> PyResult<()> {
        self.enter_call_reporting("maximum recursion depth exceeded")
    }

    /// Enters the call of an object through its class's `__call__`: the
    /// same depth count, CPython's wording for a call that recurses
    /// through objects rather than Python frames (`C.__call__ = c`).
    pub fn enter_object_call(&self) -> PyResult<()> {
        self.enter_call_reporting("maximum recursion depth exceeded while calling a Python object")
    }

    #[inline]
    fn enter_call_reporting(&self, message: &'static str) -> PyResult<()> {
        let d = self.depth.get() + 1;
        if d > self.interp.recursion_limit.load(Ordering::Relaxed)
            || stack_pointer() < self.stack_limit
        {
            return Err(self.new_error(types().exc.recursion_error, message));
        }
        self.depth.set(d);
        Ok(())
    }

    /// Leaves a call entered with `enter_call`.
    #[inline]
    pub fn leave_call(&self) {
        self.depth.set(self.depth.get().saturating_sub(1));
    }

    /// The globals dict of the innermost running frame.
    pub fn current_globals(&self) -> Option<ObjRef> {
        self.with_current_frame(|f| f.globals.clone())
    }

    /// Runs `read` on the innermost frame running on this thread (None
    /// outside any frame). For built-ins that read their caller's
    /// namespace (`locals()`, `dir()`, `exec` and `eval`): the frame is
    /// suspended at the call that is running the built-in.
    pub fn with_current_frame<R>(&self, read: impl FnOnce(&Frame) -> R) -> Option<R> {
        self.with_running_frames(|frames| frames.next().map(read))
    }

    /// Runs `read` over the frames running on this thread, innermost
    /// first (each frame's caller, or the resumer of a generator frame,
    /// follows it). For frame objects (`sys._getframe`, `gi_frame`) and
    /// the built-ins that read their caller's namespace. Every frame is
    /// suspended in a call (the innermost one in the call running `read`),
    /// so `f.lasti` is the call's instruction and the locals are current.
    pub fn with_running_frames<R>(&self, read: impl FnOnce(&mut RunningFrames<'_>) -> R) -> R {
        let mut frames = RunningFrames {
            link: self.current_frame.get(),
            _vm: std::marker::PhantomData,
        };
        read(&mut frames)
    }

    /// Makes the frame of `link` (a local of the caller that outlives the
    /// returned guard, made by [`FrameLink::new`] for this `Vm`) the
    /// current frame until the guard drops.
    #[inline(always)]
    pub fn enter_frame(&self, link: &FrameLink) -> FrameGuard<'_> {
        let saved = self.current_frame.replace(link as *const FrameLink);
        FrameGuard { vm: self, saved }
    }

    /// Current Python call depth.
    pub fn depth(&self) -> usize {
        self.depth.get()
    }

    // ----- calls --------------------------------------------------------

    /// Calls `callable` with positional arguments.
    pub fn call(&self, callable: &Value, args: &[Value]) -> PyResult<Value> {
        self.call_args(callable, CallArgs::positional(args))
    }

    /// Calls `callable` with vectorcall-style arguments.
    pub fn call_args(&self, callable: &Value, args: CallArgs) -> PyResult<Value> {
        let Value::Obj(obj) = callable else {
            return Err(self.type_error(format!(
                "'{}' object is not callable",
                self.type_name(callable)
            )));
        };
        match &obj.payload {
            Payload::Function(f) => self.call_function(obj, f, args),
            Payload::Builtin(b) => match &b.bound {
                Some(recv) => {
                    let mut v = Vec::with_capacity(args.args.len() + 1);
                    v.push(recv.clone());
                    v.extend_from_slice(args.args);
                    (b.func)(
                        self,
                        CallArgs {
                            args: &v,
                            kwnames: args.kwnames,
                        },
                    )
                }
                None => (b.func)(self, args),
            },
            Payload::BoundMethod(func, recv) => self.call_prepended(func, recv, args),
            Payload::Type(_) => crate::builtins::typecall::call_type(self, obj, args),
            _ => {
                let cls = obj.class().type_data_of_self();
                match cls.lookup(&crate::strobj::intern_static("__call__")) {
                    Some(call) => {
                        self.enter_object_call()?;
                        let r = self.call_prepended(&call, callable, args);
                        self.leave_call();
                        r
                    }
                    None => {
                        Err(self.type_error(format!("'{}' object is not callable", cls.name())))
                    }
                }
            }
        }
    }

    /// Calls `callable` with `first` before the arguments of `args` (a
    /// bound receiver, the instance for `__init__`, the object for
    /// `__call__`).
    pub fn call_prepended(
        &self,
        callable: &Value,
        first: &Value,
        args: CallArgs,
    ) -> PyResult<Value> {
        let mut v = Vec::with_capacity(args.args.len() + 1);
        v.push(first.clone());
        v.extend_from_slice(args.args);
        self.call_args(
            callable,
            CallArgs {
                args: &v,
                kwnames: args.kwnames,
            },
        )
    }

    /// Calls a Python function object.
    pub fn call_function(&self, fobj: &ObjRef, f: &FunctionObj, args: CallArgs) -> PyResult<Value> {
        if args.kwnames.is_empty() {
            if let Some(r) = crate::specialize::call::call_function_exact(self, f, None, args.args)
            {
                return r;
            }
        }
        // One snapshot of code and defaults for the whole call: an
        // assignment to `__code__`/`__defaults__` on another thread lands
        // before or after it, never between the frame's shape and its
        // binding.
        let state = f.state();
        let code = state.code;
        let mut frame = Frame::new(code, f.globals.clone(), None);
        self.bind_args(fobj, f, state, &mut frame, args)?;
        if let Some(cl) = &f.closure {
            frame.cells.extend(cl.iter().cloned());
        }
        if code.flags.generator {
            return Ok(self.make_generator(frame, f));
        }
        self.enter_call()?;
        let r = run_frame(self, &mut frame, None);
        self.leave_call();
        match r? {
            Exit::Return(v) => Ok(v),
            Exit::Yield(_) => Err(self.runtime_error("yield from a non-generator frame")),
        }
    }

    fn make_generator(&self, mut frame: Frame, f: &FunctionObj) -> Value {
        frame.detach();
        let code = frame.code;
        let (kind, class) = if code.flags.coroutine {
            (GenKind::Coroutine, types().coroutine)
        } else if code.flags.async_generator {
            (GenKind::AsyncGenerator, types().async_generator)
        } else {
            (GenKind::Generator, types().generator)
        };
        let g = GenObj {
            kind,
            code,
            frame: crate::objlock::ObjMutex::new(Some(Box::new(frame))),
            running: AtomicBool::new(false),
            finished: AtomicBool::new(false),
            started: AtomicBool::new(false),
            hooks_called: AtomicBool::new(false),
            name: f.name.lock().clone(),
            qualname: f.qualname.lock().clone(),
        };
        Value::Obj(ObjRef::new(Object::new(
            class,
            Payload::Generator(Box::new(g)),
        )))
    }

    /// Binds call arguments into a new frame's locals and cells, with
    /// CPython's error messages.
    pub fn bind_args(
        &self,
        _fobj: &ObjRef,
        f: &FunctionObj,
        state: &FuncState,
        frame: &mut Frame,
        args: CallArgs,
    ) -> PyResult<()> {
        let code = state.code;
        let pos = args.pos();
        let nargs = code.arg_count;
        let nkwonly = code.kwonly_arg_count;
        let total = code.total_args();
        let qual = || f.qualname.lock().clone();
        let locals = &mut frame.locals;
        // Positional.
        let npos = pos.len().min(nargs);
        locals[..npos].clone_from_slice(&pos[..npos]);
        if pos.len() > nargs {
            if code.flags.varargs {
                locals[nargs + nkwonly] = crate::builtins::tuple::new_tuple(pos[nargs..].to_vec());
            } else {
                let ndefaults = crate::builtins::tuple::tuple_len(&state.defaults);
                let given_kw = args
                    .kwargs()
                    .filter(|(k, _)| {
                        code.varnames[..nargs + nkwonly]
                            .iter()
                            .any(|n| n.as_str() == Some(k))
                    })
                    .count();
                let takes = if ndefaults > 0 {
                    format!(
                        "from {} to {} positional arguments",
                        nargs - ndefaults,
                        nargs
                    )
                } else {
                    format!(
                        "{} positional argument{}",
                        nargs,
                        if nargs == 1 { "" } else { "s" }
                    )
                };
                let given = if given_kw > 0 {
                    format!(
                        "{} positional argument{} (and {} keyword-only argument{}) were given",
                        pos.len(),
                        if pos.len() == 1 { "" } else { "s" },
                        given_kw,
                        if given_kw == 1 { "" } else { "s" }
                    )
                } else {
                    format!(
                        "{} {} given",
                        pos.len(),
                        if pos.len() == 1 { "was" } else { "were" }
                    )
                };
                return Err(self.type_error(format!("{}() takes {} but {}", qual(), takes, given)));
            }
        } else if code.flags.varargs {
            locals[nargs + nkwonly] = crate::builtins::tuple::new_tuple(Vec::new());
        }
        // Keywords.
        let kwdict = if code.flags.varkeywords {
            let d = crate::dict::new_dict_obj();
            locals[nargs + nkwonly + code.flags.varargs as usize] = Value::Obj(d.clone());
            Some(d)
        } else {
            None
        };
        let mut posonly_as_kw: Vec<String> = Vec::new();
        for (name, value) in args.kwargs() {
            let idx = code.varnames[code.posonly_arg_count..nargs + nkwonly]
                .iter()
                .position(|n| n.as_str() == Some(name))
                .map(|i| i + code.posonly_arg_count);
            match idx {
                Some(i) => {
                    if !locals[i].is_null() {
                        return Err(self.type_error(format!(
                            "{}() got multiple values for argument '{}'",
                            qual(),
                            name
                        )));
                    }
                    locals[i] = value.clone();
                }
                None => match &kwdict {
                    Some(d) => {
                        if let Payload::Dict(dd) = &d.payload {
                            dd.set_str(intern(name), value.clone());
                        }
                    }
                    None => {
                        if code.varnames[..code.posonly_arg_count]
                            .iter()
                            .any(|n| n.as_str() == Some(name))
                        {
                            posonly_as_kw.push(name.to_string());
                            continue;
                        }
                        return Err(self.type_error(format!(
                            "{}() got an unexpected keyword argument '{}'",
                            qual(),
                            name
                        )));
                    }
                },
            }
        }
        if !posonly_as_kw.is_empty() {
            return Err(self.type_error(format!(
                "{}() got some positional-only arguments passed as keyword arguments: '{}'",
                qual(),
                posonly_as_kw.join(", ")
            )));
        }
        // Defaults.
        if pos.len() < nargs {
            let defaults = crate::builtins::tuple::tuple_items(&state.defaults).unwrap_or_default();
            let first_default = nargs - defaults.len();
            let mut missing = Vec::new();
            for i in pos.len()..nargs {
                if locals[i].is_null() {
                    if i >= first_default {
                        locals[i] = defaults[i - first_default].clone();
                    } else {
                        missing.push(code.varnames[i].as_str().unwrap_or("").to_string());
                    }
                }
            }
            if !missing.is_empty() {
                return Err(self.type_error(format!(
                    "{}() missing {} required positional argument{}: {}",
                    qual(),
                    missing.len(),
                    if missing.len() == 1 { "" } else { "s" },
                    join_names(&missing)
                )));
            }
        }
        if nkwonly > 0 {
            let mut missing = Vec::new();
            for (i, slot) in locals
                .iter_mut()
                .enumerate()
                .take(nargs + nkwonly)
                .skip(nargs)
            {
                if slot.is_null() {
                    let name = code.varnames[i].clone();
                    let dflt = match &state.kwdefaults {
                        Value::Obj(d) => match &d.payload {
                            Payload::Dict(dd) => dd.get_str(&name),
                            _ => None,
                        },
                        _ => None,
                    };
                    match dflt {
                        Some(v) => *slot = v,
                        None => missing.push(name.as_str().unwrap_or("").to_string()),
                    }
                }
            }
            if !missing.is_empty() {
                return Err(self.type_error(format!(
                    "{}() missing {} required keyword-only argument{}: {}",
                    qual(),
                    missing.len(),
                    if missing.len() == 1 { "" } else { "s" },
                    join_names(&missing)
                )));
            }
        }
        let _ = total;
        frame.init_cells();
        Ok(())
    }

    // ----- attributes -----------------------------------------------------

    /// The type name of a value (for messages).
    pub fn type_name(&self, v: &Value) -> String {
        crate::builtins::types::class_of(v)
            .type_data_of_self()
            .name()
    }

    /// `getattr(obj, name)`
    pub fn get_attr(&self, obj: &Value, name: &ObjRef) -> PyResult<Value> {
        crate::attrs::get_attr(self, obj, name)
    }

    /// `getattr(obj, name)` by Rust name.
    pub fn get_attr_str(&self, obj: &Value, name: &str) -> PyResult<Value> {
        self.get_attr(obj, &intern(name))
    }

    /// `setattr(obj, name, value)`
    pub fn set_attr(&self, obj: &Value, name: &ObjRef, value: Value) -> PyResult<()> {
        crate::attrs::set_attr(self, obj, name, Some(value))
    }

    /// `delattr(obj, name)`
    pub fn del_attr(&self, obj: &Value, name: &ObjRef) -> PyResult<()> {
        crate::attrs::set_attr(self, obj, name, None)
    }

    /// Calls `obj.name(*args)`.
    pub fn call_method(&self, obj: &Value, name: &str, args: &[Value]) -> PyResult<Value> {
        let m = self.get_attr_str(obj, name)?;
        self.call(&m, args)
    }

    /// Looks a special method up on the type (not the instance) and calls it
    /// with `obj` first; None when the type has no such method.
    pub fn call_special(
        &self,
        obj: &Value,
        name: &'static str,
        args: &[Value],
    ) -> PyResult<Option<Value>> {
        let cls = crate::builtins::types::class_of(obj);
        let Some(m) = cls
            .type_data_of_self()
            .lookup(&crate::strobj::intern_static(name))
        else {
            return Ok(None);
        };
        if let Some(sf) = crate::attrs::unwrap_static(&m) {
            return self.call(&sf, args).map(Some);
        }
        if let Some(r) = crate::specialize::call::call_python_exact(self, &m, Some(obj), args) {
            return r.map(Some);
        }
        let mut v = Vec::with_capacity(args.len() + 1);
        v.push(obj.clone());
        v.extend_from_slice(args);
        self.call(&m, &v).map(Some)
    }

    // ----- globals dicts --------------------------------------------------

    /// The dict payload of a dict object.
    pub fn dict_of<'a>(&self, d: &'a ObjRef) -> &'a DictObj {
        match &d.payload {
            Payload::Dict(dd) => dd,
            _ => crate::builtins::types::empty_dict(),
        }
    }
}

fn join_names(names: &[String]) -> String {
    let q: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
    match q.len() {
        0 => String::new(),
        1 => q[0].clone(),
        2 => format!("{} and {}", q[0], q[1]),
        _ => format!("{}, and {}", q[..q.len() - 1].join(", "), q[q.len() - 1]),
    }
}
