//! The `_thread` module: real OS threads running Python code (each with its
//! own `Vm` over the shared interpreter), locks and re-entrant locks that
//! block only their own thread, thread identities, and `_local`.

use crate::builtins::args::Args;
use crate::builtins::types::{class_value, types};
use crate::builtins::{add_method, add_staticmethod};
use crate::function::CallArgs;
use crate::object::{Object, Payload};
use crate::ops;
use crate::strobj::new_str;
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm, THREAD_STACK_SIZE};
use parking_lot::{Condvar, Mutex};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

static NEXT_IDENT: AtomicU64 = AtomicU64::new(1);

/// Added to a thread's number to make its identity (idents look like
/// CPython's addresses).
const IDENT_BASE: u64 = 0x7f00_0000_0000;

thread_local! {
    static IDENT: u64 = NEXT_IDENT.fetch_add(1, Ordering::Relaxed) + IDENT_BASE;
}

/// This thread's number: 1 for the first thread that ran Python code or
/// asked, then in order (`threading.get_ident()` less a constant).
pub fn thread_number() -> u64 {
    current_ident() - IDENT_BASE
}

/// This thread's Python identity (`threading.get_ident()`).
pub fn current_ident() -> u64 {
    IDENT.with(|i| *i)
}

/// A non-reentrant lock that any thread may release.
pub struct PyLock {
    locked: Mutex<bool>,
    cv: Condvar,
}

impl Default for PyLock {
    fn default() -> Self {
        PyLock {
            locked: Mutex::new(false),
            cv: Condvar::new(),
        }
    }
}

impl PyLock {
    /// Acquires, waiting up to `timeout` (None: forever).
    pub fn acquire(&self, blocking: bool, timeout: Option<Duration>) -> bool {
        let mut g = self.locked.lock();
        if !*g {
            *g = true;
            return true;
        }
        if !blocking {
            return false;
        }
        let deadline = timeout.map(|t| Instant::now() + t);
        while *g {
            match deadline {
                None => self.cv.wait(&mut g),
                Some(d) => {
                    if self.cv.wait_until(&mut g, d).timed_out() && *g {
                        return false;
                    }
                }
            }
        }
        *g = true;
        true
    }

    /// Releases; false when it was not locked.
    pub fn release(&self) -> bool {
        let mut g = self.locked.lock();
        if !*g {
            return false;
        }
        *g = false;
        drop(g);
        self.cv.notify_one();
        true
    }

    /// True while held.
    pub fn locked(&self) -> bool {
        *self.locked.lock()
    }
}

/// A re-entrant lock owned by one thread at a time.
#[derive(Default)]
pub struct PyRLock {
    state: Mutex<(u64, usize)>,
    cv: Condvar,
}

impl PyRLock {
    /// Takes the free lock for thread `owner` with recursion `count`,
    /// waiting up to `limit` (None: forever) for it to be released.
    fn acquire_as(&self, owner: u64, count: usize, limit: Option<Duration>) -> bool {
        let deadline = limit.map(|t| Instant::now() + t);
        let mut g = self.state.lock();
        while g.1 > 0 {
            match deadline {
                None => self.cv.wait(&mut g),
                Some(d) => {
                    if self.cv.wait_until(&mut g, d).timed_out() && g.1 > 0 {
                        return false;
                    }
                }
            }
        }
        *g = (owner, count);
        true
    }
}

/// Per-thread attribute dicts of a `_local` object.
pub struct ThreadLocalData {
    /// Dict per thread ident.
    pub dicts: Mutex<HashMap<u64, ObjRef>>,
    /// The constructor arguments, replayed to `__init__` in new threads.
    pub args: Vec<Value>,
}

fn lock_class() -> &'static Object {
    static CLS: OnceLock<&'static Object> = OnceLock::new();
    CLS.get_or_init(|| {
        let c = super::new_native_class("lock", "_thread");
        add_method(c, "acquire", lock_acquire);
        add_method(c, "release", lock_release);
        add_method(c, "locked", lock_locked);
        add_method(c, "__enter__", lock_acquire);
        add_method(c, "__exit__", lock_exit);
        add_method(c, "acquire_lock", lock_acquire);
        add_method(c, "release_lock", lock_release);
        c
    })
}

fn rlock_class() -> &'static Object {
    static CLS: OnceLock<&'static Object> = OnceLock::new();
    CLS.get_or_init(|| {
        let c = super::new_native_class("RLock", "_thread");
        add_staticmethod(c, "__new__", rlock_new);
        add_method(c, "acquire", rlock_acquire);
        add_method(c, "release", rlock_release);
        add_method(c, "__enter__", rlock_acquire);
        add_method(c, "__exit__", rlock_exit);
        add_method(c, "_is_owned", rlock_is_owned);
        add_method(c, "_release_save", rlock_release_save);
        add_method(c, "_acquire_restore", rlock_acquire_restore);
        c
    })
}

/// The `_thread._local` class.
pub fn local_class() -> &'static Object {
    static CLS: OnceLock<&'static Object> = OnceLock::new();
    CLS.get_or_init(|| {
        let t = types();
        let dict = crate::dict::new_dict_obj();
        dict.make_immortal();
        if let Payload::Dict(d) = &dict.payload {
            d.set_by_name("__module__", new_str("_thread"));
        }
        let td = crate::typeobj::TypeData::new(
            "_local",
            vec![t.object],
            dict,
            crate::typeobj::BaseKind::ThreadLocal,
            Vec::new(),
            false,
            false,
        );
        let r = ObjRef::new_immortal(Object::new(t.type_, Payload::Type(td)));
        let c = r.as_static().expect("immortal");
        std::mem::forget(r);
        let mro = crate::typeobj::c3_mro(c, &[t.object]).unwrap_or_else(|_| vec![c]);
        c.type_data_of_self().set_bases_and_mro(vec![t.object], mro);
        c
    })
}

/// The calling thread's attribute dict of a `_local` object (created, and
/// `__init__` replayed, on first use in a thread).
pub fn local_dict(vm: &Vm, o: &ObjRef) -> PyResult<Option<ObjRef>> {
    let Payload::Native(b) = &o.payload else {
        return Ok(None);
    };
    let Some(tl) = b.downcast_ref::<ThreadLocalData>() else {
        return Ok(None);
    };
    let me = current_ident();
    if let Some(d) = tl.dicts.lock().get(&me) {
        return Ok(Some(d.clone()));
    }
    let d = crate::dict::new_dict_obj();
    let first = tl.dicts.lock().is_empty();
    tl.dicts.lock().insert(me, d.clone());
    if !first {
        if let Some(init) = o
            .type_data()
            .lookup(&crate::strobj::intern_static("__init__"))
        {
            if !matches!(&init, Value::Obj(io) if matches!(io.payload, Payload::Builtin(_))) {
                let mut args = vec![Value::Obj(o.clone())];
                args.extend(tl.args.iter().cloned());
                vm.call(&init, &args)?;
            }
        }
    }
    Ok(Some(d))
}

/// The payload of a new `_local` instance.
pub fn new_local_payload(args: &[Value]) -> Payload {
    Payload::Native(Box::new(ThreadLocalData {
        dicts: Mutex::new(HashMap::new()),
        args: args.to_vec(),
    }))
}

fn lock_of<'a>(vm: &Vm, v: &'a Value) -> PyResult<&'a PyLock> {
    match v.as_obj().map(|o| &o.payload) {
        Some(Payload::Native(b)) => b
            .downcast_ref::<PyLock>()
            .ok_or_else(|| vm.type_error("not a lock")),
        _ => Err(vm.type_error("not a lock")),
    }
}

fn timeout_arg(vm: &Vm, a: &Args, blocking_idx: usize) -> PyResult<(bool, Option<Duration>)> {
    let blocking = ops::truthy(vm, &a.get_or(blocking_idx, Value::Bool(true)))?;
    let t = match a.get(blocking_idx + 1) {
        Some(v) => crate::builtins::int::to_f64(vm, v)?.unwrap_or(-1.0),
        None => -1.0,
    };
    if !blocking && t != -1.0 {
        return Err(vm.value_error("can't specify a timeout for a non-blocking call"));
    }
    if t < 0.0 && t != -1.0 {
        return Err(vm.value_error("timeout value must be a non-negative number"));
    }
    Ok((
        blocking,
        if t < 0.0 {
            None
        } else {
            Some(Duration::from_secs_f64(t))
        },
    ))
}

/// Longest uninterrupted wait of the main thread, so that Ctrl-C is seen.
const INTERRUPT_POLL: Duration = Duration::from_millis(50);

/// Waits, detached from the world, until `wait_for(limit)` succeeds or the
/// timeout passes; the main thread waits in slices and raises
/// `KeyboardInterrupt` on Ctrl-C.
fn blocking_wait(
    vm: &Vm,
    timeout: Option<Duration>,
    mut wait_for: impl FnMut(Option<Duration>) -> bool,
) -> PyResult<bool> {
    let deadline = timeout.map(|t| Instant::now() + t);
    loop {
        let left = deadline.map(|d| d.saturating_duration_since(Instant::now()));
        let limit = match (left, vm.is_main) {
            (Some(l), true) => Some(l.min(INTERRUPT_POLL)),
            (None, true) => Some(INTERRUPT_POLL),
            (l, false) => l,
        };
        if vm.detached(|| wait_for(limit)) {
            return Ok(true);
        }
        vm.take_interrupt()?;
        if left.is_some_and(|l| l <= limit.unwrap_or(l)) {
            return Ok(false);
        }
    }
}

fn lock_acquire(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let a = Args::parse(
        vm,
        "acquire",
        args,
        &["self", "blocking", "timeout"],
        &[],
        1,
    )?;
    let l = lock_of(vm, a.get(0).unwrap_or(&Value::None))?;
    let (blocking, timeout) = timeout_arg(vm, &a, 1)?;
    if l.acquire(false, None) {
        return Ok(Value::Bool(true));
    }
    if !blocking {
        return Ok(Value::Bool(false));
    }
    if spin_acquire(|| l.acquire(false, None)) {
        return Ok(Value::Bool(true));
    }
    Ok(Value::Bool(blocking_wait(vm, timeout, |limit| {
        l.acquire(true, limit)
    })?))
}

/// Tries `try_acquire` for a short while before a blocking wait: a
/// critical section usually ends within a few microseconds, and going to
/// sleep and being woken costs two context switches (with a contended
/// lock taken often, most of the time went there). Spins with doubling
/// pauses, then yields a few times (as `parking_lot`'s `SpinWait` does).
fn spin_acquire(mut try_acquire: impl FnMut() -> bool) -> bool {
    for round in 0..SPIN_ROUNDS {
        if round < SPIN_PAUSE_ROUNDS {
            for _ in 0..(1u32 << round) {
                std::hint::spin_loop();
            }
        } else {
            std::thread::yield_now();
        }
        if try_acquire() {
            return true;
        }
    }
    false
}

/// Rounds of [`spin_acquire`] that pause (2, 4, .. 512 spin hints).
const SPIN_PAUSE_ROUNDS: u32 = 10;
/// All rounds of [`spin_acquire`]: the rest yield the processor.
const SPIN_ROUNDS: u32 = 14;

fn lock_release(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let l = lock_of(vm, args.pos().first().unwrap_or(&Value::None))?;
    if !l.release() {
        return Err(vm.runtime_error("release unlocked lock"));
    }
    Ok(Value::None)
}

fn lock_exit(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    lock_release(vm, CallArgs::positional(&args.pos()[..1]))
}

fn lock_locked(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    Ok(Value::Bool(
        lock_of(vm, args.pos().first().unwrap_or(&Value::None))?.locked(),
    ))
}

fn allocate_lock(_vm: &Vm, _args: CallArgs) -> PyResult<Value> {
    Ok(Value::Obj(ObjRef::new(Object::new(
        lock_class(),
        Payload::Native(Box::new(PyLock::default())),
    ))))
}

fn rlock_of<'a>(vm: &Vm, v: &'a Value) -> PyResult<&'a PyRLock> {
    match v.as_obj().map(|o| &o.payload) {
        Some(Payload::Native(b)) => b
            .downcast_ref::<PyRLock>()
            .ok_or_else(|| vm.type_error("not an RLock")),
        _ => Err(vm.type_error("not an RLock")),
    }
}

fn rlock_new(_vm: &Vm, _args: CallArgs) -> PyResult<Value> {
    Ok(Value::Obj(ObjRef::new(Object::new(
        rlock_class(),
        Payload::Native(Box::new(PyRLock::default())),
    ))))
}

fn rlock_acquire(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let a = Args::parse(
        vm,
        "acquire",
        args,
        &["self", "blocking", "timeout"],
        &[],
        1,
    )?;
    let l = rlock_of(vm, a.get(0).unwrap_or(&Value::None))?;
    let (blocking, timeout) = timeout_arg(vm, &a, 1)?;
    let me = current_ident();
    {
        let mut g = l.state.lock();
        if g.1 > 0 && g.0 == me {
            g.1 += 1;
            return Ok(Value::Bool(true));
        }
    }
    if l.acquire_as(me, 1, Some(Duration::ZERO)) {
        return Ok(Value::Bool(true));
    }
    if !blocking {
        return Ok(Value::Bool(false));
    }
    Ok(Value::Bool(blocking_wait(vm, timeout, |limit| {
        l.acquire_as(me, 1, limit)
    })?))
}

fn rlock_release(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let l = rlock_of(vm, args.pos().first().unwrap_or(&Value::None))?;
    let mut g = l.state.lock();
    if g.1 == 0 || g.0 != current_ident() {
        return Err(vm.runtime_error("cannot release un-acquired lock"));
    }
    g.1 -= 1;
    if g.1 == 0 {
        drop(g);
        l.cv.notify_one();
    }
    Ok(Value::None)
}

fn rlock_exit(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    rlock_release(vm, CallArgs::positional(&args.pos()[..1]))
}

fn rlock_is_owned(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let l = rlock_of(vm, args.pos().first().unwrap_or(&Value::None))?;
    let g = l.state.lock();
    Ok(Value::Bool(g.1 > 0 && g.0 == current_ident()))
}

fn rlock_release_save(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let l = rlock_of(vm, args.pos().first().unwrap_or(&Value::None))?;
    let mut g = l.state.lock();
    if g.1 == 0 || g.0 != current_ident() {
        return Err(vm.runtime_error("cannot release un-acquired lock"));
    }
    let saved =
        crate::builtins::tuple::new_tuple(vec![Value::Int(g.1 as i64), Value::Int(g.0 as i64)]);
    *g = (0, 0);
    drop(g);
    l.cv.notify_one();
    Ok(saved)
}

fn rlock_acquire_restore(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let l = rlock_of(vm, args.pos().first().unwrap_or(&Value::None))?;
    let state = crate::builtins::tuple::tuple_items(args.pos().get(1).unwrap_or(&Value::None))
        .unwrap_or_default();
    let count = match state.first() {
        Some(Value::Int(c)) => *c as usize,
        _ => 1,
    };
    let me = current_ident();
    blocking_wait(vm, None, |limit| l.acquire_as(me, count.max(1), limit))?;
    Ok(Value::None)
}

fn get_ident(_vm: &Vm, _args: CallArgs) -> PyResult<Value> {
    Ok(Value::Int(current_ident() as i64))
}

/// Runs `func(*args, **kwargs)` on a new OS thread with its own `Vm`.
pub fn spawn(vm: &Vm, func: Value, args: Vec<Value>, kwargs: Vec<(Value, Value)>) -> PyResult<u64> {
    // Module-level data is about to be shared: stop counting references to it.
    crate::freeze::freeze_module_data(vm);
    let interp = vm.interp.clone();
    let (tx, rx) = std::sync::mpsc::channel();
    let builder = std::thread::Builder::new().stack_size(THREAD_STACK_SIZE);
    // Before the new thread exists: counts become atomic for good.
    let thread = move || {
        let _ = tx.send(current_ident());
        let tvm = Vm::new(interp.clone(), THREAD_STACK_SIZE, false);
        interp.running_threads.fetch_add(1, Ordering::AcqRel);
        let mut all = args;
        let mut names = Vec::new();
        for (k, v) in kwargs {
            names.push(k);
            all.push(v);
        }
        let r = tvm.call_args(
            &func,
            CallArgs {
                args: &all,
                kwnames: &names,
            },
        );
        if let Err(e) = r {
            if !tvm.err_matches(&e, types().exc.system_exit) {
                crate::builtins::functions::flush_stdout();
                let text = crate::exceptions::format_exception(&tvm, &e.0);
                eprint!(
                    "Unhandled exception in thread started by {}\n{}",
                    tvm.repr_of(&func).unwrap_or_default(),
                    text
                );
            }
        }
        interp.running_threads.fetch_sub(1, Ordering::AcqRel);
    };
    let handle = weft_kernels::phase::start_thread(|| builder.spawn(thread));
    match handle {
        Ok(_) => Ok(rx.recv().unwrap_or(0)),
        Err(e) => Err(vm.runtime_error(format!("can't start new thread: {e}"))),
    }
}

fn start_new_thread(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let pos = args.pos();
    if pos.len() < 2 {
        return Err(vm.type_error("start_new_thread expected at least 2 arguments"));
    }
    let func = pos[0].clone();
    let targs = crate::builtins::tuple::tuple_items(&pos[1])
        .ok_or_else(|| vm.type_error("2nd arg must be a tuple"))?;
    let mut kw = Vec::new();
    if let Some(k) = pos.get(2) {
        if let Some(d) = crate::builtins::dict::dict_payload(k) {
            kw = d.items();
        }
    }
    Ok(Value::Int(spawn(vm, func, targs, kw)? as i64))
}

fn format_exception(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    match args.pos().first() {
        Some(Value::Obj(e)) => Ok(new_str(crate::exceptions::format_exception(vm, e))),
        _ => Ok(new_str("")),
    }
}

fn count(vm: &Vm, _args: CallArgs) -> PyResult<Value> {
    Ok(Value::Int(
        vm.interp.running_threads.load(Ordering::Acquire) as i64,
    ))
}

/// Builds the module.
pub fn make() -> ObjRef {
    let m = super::make_module(
        "_thread",
        &[
            ("start_new_thread", start_new_thread),
            ("allocate_lock", allocate_lock),
            ("get_ident", get_ident),
            ("get_native_id", get_ident),
            ("_format_exception", format_exception),
            ("_count", count),
        ],
    );
    super::set_attr(&m, "LockType", class_value(lock_class()));
    super::set_attr(&m, "RLock", class_value(rlock_class()));
    super::set_attr(&m, "_local", class_value(local_class()));
    super::set_attr(&m, "TIMEOUT_MAX", Value::Float(4294967.0));
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spin_acquire_stops_at_the_first_success_and_gives_up_after_its_rounds() {
        let mut tries = 0;
        assert!(spin_acquire(|| {
            tries += 1;
            tries == 3
        }));
        assert_eq!(tries, 3);
        let mut tries = 0;
        assert!(!spin_acquire(|| {
            tries += 1;
            false
        }));
        assert_eq!(tries, SPIN_ROUNDS);
    }
}
