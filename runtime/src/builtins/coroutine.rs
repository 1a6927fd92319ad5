//! The await protocol: what `await`, `async for` and `async with` ask of
//! objects (`GET_AWAITABLE`, `GET_AITER`, `GET_ANEXT`, `BEFORE_ASYNC_WITH`,
//! `ASYNC_GEN_WRAP`), `coroutine.__await__`'s wrapper, and the awaitables an
//! async generator hands out (`__anext__`/`asend` and `athrow`/`aclose`),
//! which drive its frame through `generator::resume`.

use crate::builtins::generator::{resume, throw_args, Resume, SendResult};
use crate::builtins::types::types;
use crate::builtins::{add_method, BuiltinRegistry};
use crate::function::CallArgs;
use crate::generator::GenKind;
use crate::object::{Object, Payload};
use crate::objlock::ObjMutex as Mutex;
use crate::value::{ObjRef, Value};
use crate::vm::{PyErr, PyResult, Vm};
use std::sync::atomic::Ordering;

/// `coroutine.__await__()`: an iterator over the coroutine's suspensions.
struct CoroWrapper(ObjRef);

/// A value an async generator yielded with `yield` (not an inner await's).
struct Wrapped(Value);

/// Where an `asend`/`athrow` awaitable is in its one use.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    Init,
    Iter,
    Closed,
}

/// `agen.asend(v)` / `agen.__anext__()`.
struct Asend {
    gen: ObjRef,
    value: Mutex<Value>,
    stage: Mutex<Stage>,
}

/// `agen.athrow(...)` / `agen.aclose()` (no exception: closing).
struct Athrow {
    gen: ObjRef,
    exc: Option<Vec<Value>>,
    stage: Mutex<Stage>,
}

fn native<T: 'static>(v: &Value) -> Option<&T> {
    match v {
        Value::Obj(o) => match &o.payload {
            Payload::Native(b) => b.downcast_ref::<T>(),
            _ => None,
        },
        _ => None,
    }
}

fn new_native<T: Send + Sync + 'static>(class: &'static Object, x: T) -> Value {
    Value::Obj(ObjRef::new(Object::new(
        class,
        Payload::Native(Box::new(x)),
    )))
}

fn gen_kind(v: &Value) -> Option<GenKind> {
    match v {
        Value::Obj(o) => match &o.payload {
            Payload::Generator(g) => Some(g.kind),
            _ => None,
        },
        _ => None,
    }
}

/// The iterator `await v` drives, or None when `v` is not awaitable.
fn awaitable_of(vm: &Vm, v: &Value) -> PyResult<Option<Value>> {
    if gen_kind(v) == Some(GenKind::Coroutine) {
        return Ok(Some(v.clone()));
    }
    if native::<Asend>(v).is_some() || native::<Athrow>(v).is_some() {
        return Ok(Some(v.clone()));
    }
    let Some(it) = vm.call_special(v, "__await__", &[])? else {
        return Ok(None);
    };
    if gen_kind(&it) == Some(GenKind::Coroutine) {
        return Err(vm.type_error("__await__() returned a coroutine"));
    }
    let is_iter = crate::generator::is_plain_generator_value(&it)
        || crate::builtins::types::class_of(&it)
            .type_data_of_self()
            .lookup(&crate::strobj::intern_static("__next__"))
            .is_some();
    if !is_iter {
        return Err(vm.type_error(format!(
            "__await__() returned non-iterator of type '{}'",
            vm.type_name(&it)
        )));
    }
    Ok(Some(it))
}

/// `GET_AWAITABLE where`: the iterator `await v` drives (`where` 1 and 2
/// name `__aenter__`/`__aexit__` in the error).
pub fn get_awaitable(vm: &Vm, v: &Value, where_: u32) -> PyResult<Value> {
    match awaitable_of(vm, v)? {
        Some(it) => Ok(it),
        None => {
            Err(vm.type_error(match where_ {
                1 | 2 => {
                    format!(
                "'async with' received an object from {} that does not implement __await__: {}",
                if where_ == 1 { "__aenter__" } else { "__aexit__" },
                vm.type_name(v)
            )
                }
                _ => format!(
                    "object {} can't be used in 'await' expression",
                    vm.type_name(v)
                ),
            }))
        }
    }
}

/// `GET_AITER`: `type(v).__aiter__(v)`.
pub fn get_aiter(vm: &Vm, v: &Value) -> PyResult<Value> {
    let it = if gen_kind(v) == Some(GenKind::AsyncGenerator) {
        v.clone()
    } else {
        match vm.call_special(v, "__aiter__", &[])? {
            Some(it) => it,
            None => {
                return Err(vm.type_error(format!(
                    "'async for' requires an object with __aiter__ method, got {}",
                    vm.type_name(v)
                )))
            }
        }
    };
    if gen_kind(&it) != Some(GenKind::AsyncGenerator) && !has_method(&it, "__anext__") {
        return Err(vm.type_error(format!(
            "'async for' received an object from __aiter__ that does not implement __anext__: {}",
            vm.type_name(&it)
        )));
    }
    Ok(it)
}

fn has_method(v: &Value, name: &'static str) -> bool {
    crate::builtins::types::class_of(v)
        .type_data_of_self()
        .lookup(&crate::strobj::intern_static(name))
        .is_some()
}

/// Calls this thread's `firstiter` hook (`sys.set_asyncgen_hooks`) with
/// `agen` the first time one of its `__anext__`/`asend`/`athrow`/`aclose`
/// awaitables is made, as an event loop's tracking of live async
/// generators expects.
fn note_first_iteration(vm: &Vm, agen: &ObjRef) -> PyResult<()> {
    let Payload::Generator(g) = &agen.payload else {
        return Ok(());
    };
    if g.hooks_called.load(Ordering::Relaxed) || g.hooks_called.swap(true, Ordering::Relaxed) {
        return Ok(());
    }
    let firstiter = vm.asyncgen_hooks.borrow()[0].clone();
    if !matches!(firstiter, Value::None) {
        vm.call(&firstiter, &[Value::Obj(agen.clone())])?;
    }
    Ok(())
}

/// `GET_ANEXT`: the awaitable of `aiter.__anext__()`.
pub fn get_anext(vm: &Vm, aiter: &Value) -> PyResult<Value> {
    if let Some(Value::Obj(g)) =
        Some(aiter).filter(|a| gen_kind(a) == Some(GenKind::AsyncGenerator))
    {
        note_first_iteration(vm, g)?;
        return Ok(new_asend(g.clone(), Value::None));
    }
    let Some(r) = vm.call_special(aiter, "__anext__", &[])? else {
        return Err(vm.type_error(format!(
            "'async for' requires an iterator with __anext__ method, got {}",
            vm.type_name(aiter)
        )));
    };
    match awaitable_of(vm, &r)? {
        Some(it) => Ok(it),
        None => Err(vm.type_error(format!(
            "'async for' received an invalid object from __anext__: {}",
            vm.type_name(&r)
        ))),
    }
}

/// `BEFORE_ASYNC_WITH`: (bound `__aexit__`, result of `__aenter__()`).
pub fn before_async_with(vm: &Vm, mgr: &Value) -> PyResult<(Value, Value)> {
    let missing = |what: &str| {
        vm.type_error(format!(
            "'{}' object does not support the asynchronous context manager protocol{what}",
            vm.type_name(mgr)
        ))
    };
    if !has_method(mgr, "__aenter__") {
        return Err(missing(""));
    }
    if !has_method(mgr, "__aexit__") {
        return Err(missing(" (missed __aexit__ method)"));
    }
    let exit = vm.get_attr_str(mgr, "__aexit__")?;
    let res = vm
        .call_special(mgr, "__aenter__", &[])?
        .unwrap_or(Value::None);
    Ok((exit, res))
}

/// `ASYNC_GEN_WRAP`
pub fn wrap(v: Value) -> Value {
    new_native(types().async_generator_wrapped_value, Wrapped(v))
}

fn new_asend(gen: ObjRef, v: Value) -> Value {
    new_native(
        types().async_generator_asend,
        Asend {
            gen,
            value: Mutex::new(v),
            stage: Mutex::new(Stage::Init),
        },
    )
}

fn stop_async(vm: &Vm) -> PyErr {
    PyErr(vm.new_exception(types().exc.stop_async_iteration, Vec::new()))
}

/// What `asend`/`athrow` make of one step of the generator's frame: a
/// wrapped value ends the await with it, any other yield passes out (an
/// inner await suspending), a return is the end of the iteration.
fn unwrap_step(vm: &Vm, stage: &Mutex<Stage>, r: PyResult<SendResult>) -> PyResult<Value> {
    match r {
        Ok(SendResult::Yielded(y)) => match native::<Wrapped>(&y) {
            Some(w) => {
                *stage.lock() = Stage::Closed;
                Err(vm.stop_iteration(Some(w.0.clone())))
            }
            None => Ok(y),
        },
        Ok(SendResult::Returned(_)) => {
            *stage.lock() = Stage::Closed;
            Err(stop_async(vm))
        }
        Err(e) => {
            *stage.lock() = Stage::Closed;
            Err(e)
        }
    }
}

fn this<'a, T: 'static>(vm: &Vm, args: &'a CallArgs, what: &str) -> PyResult<&'a T> {
    args.pos()
        .first()
        .and_then(native::<T>)
        .ok_or_else(|| vm.type_error(format!("descriptor requires a '{what}' object")))
}

fn arg(args: &CallArgs, i: usize) -> Value {
    args.pos().get(i).cloned().unwrap_or(Value::None)
}

fn asend_send(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let a = this::<Asend>(vm, &args, "async_generator_asend")?;
    let mut v = arg(&args, 1);
    let stage = *a.stage.lock();
    match stage {
        Stage::Closed => {
            return Err(vm.runtime_error("cannot reuse already awaited __anext__()/asend()"))
        }
        Stage::Init => {
            if v.is_none() {
                v = std::mem::replace(&mut *a.value.lock(), Value::None);
            }
            *a.stage.lock() = Stage::Iter;
        }
        Stage::Iter => {}
    }
    unwrap_step(vm, &a.stage, resume(vm, &a.gen, Resume::Send(v)))
}

fn asend_next(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let this_v = arg(&args, 0);
    asend_send(vm, CallArgs::positional(&[this_v, Value::None]))
}

fn asend_throw(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let a = this::<Asend>(vm, &args, "async_generator_asend")?;
    if *a.stage.lock() == Stage::Closed {
        return Err(vm.runtime_error("cannot reuse already awaited __anext__()/asend()"));
    }
    let err = throw_args(vm, args.pos().get(1..).unwrap_or(&[]))?;
    unwrap_step(vm, &a.stage, resume(vm, &a.gen, Resume::Throw(err)))
}

fn asend_close(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let a = this::<Asend>(vm, &args, "async_generator_asend")?;
    *a.stage.lock() = Stage::Closed;
    Ok(Value::None)
}

fn gen_finished(g: &ObjRef) -> bool {
    match &g.payload {
        Payload::Generator(x) => x.finished.load(std::sync::atomic::Ordering::Acquire),
        _ => true,
    }
}

/// The step of `aclose()`: the generator must not yield a value while
/// closing, and its ending (a return, GeneratorExit, StopAsyncIteration)
/// finishes the await.
fn close_step(vm: &Vm, stage: &Mutex<Stage>, r: PyResult<SendResult>) -> PyResult<Value> {
    let done = |stage: &Mutex<Stage>| {
        *stage.lock() = Stage::Closed;
        Err(vm.stop_iteration(None))
    };
    match r {
        Ok(SendResult::Yielded(y)) => {
            if native::<Wrapped>(&y).is_some() {
                *stage.lock() = Stage::Closed;
                return Err(vm.runtime_error("async generator ignored GeneratorExit"));
            }
            Ok(y)
        }
        Ok(SendResult::Returned(_)) => done(stage),
        Err(e)
            if vm.err_matches(&e, types().exc.generator_exit)
                || vm.err_matches(&e, types().exc.stop_async_iteration) =>
        {
            done(stage)
        }
        Err(e) => {
            *stage.lock() = Stage::Closed;
            Err(e)
        }
    }
}

fn athrow_step(vm: &Vm, a: &Athrow, how: Resume) -> PyResult<Value> {
    let r = resume(vm, &a.gen, how);
    if a.exc.is_none() {
        close_step(vm, &a.stage, r)
    } else {
        unwrap_step(vm, &a.stage, r)
    }
}

fn athrow_send(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let a = this::<Athrow>(vm, &args, "async_generator_athrow")?;
    let stage = *a.stage.lock();
    match stage {
        Stage::Closed => Err(vm.runtime_error("cannot reuse already awaited aclose()/athrow()")),
        Stage::Init => {
            *a.stage.lock() = Stage::Iter;
            if gen_finished(&a.gen) {
                *a.stage.lock() = Stage::Closed;
                return Err(match a.exc {
                    None => vm.stop_iteration(None),
                    Some(_) => stop_async(vm),
                });
            }
            let err = match &a.exc {
                None => PyErr(vm.new_exception(types().exc.generator_exit, Vec::new())),
                Some(x) => throw_args(vm, x)?,
            };
            athrow_step(vm, a, Resume::Throw(err))
        }
        Stage::Iter => athrow_step(vm, a, Resume::Send(arg(&args, 1))),
    }
}

fn athrow_next(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let this_v = arg(&args, 0);
    athrow_send(vm, CallArgs::positional(&[this_v, Value::None]))
}

fn athrow_throw(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let a = this::<Athrow>(vm, &args, "async_generator_athrow")?;
    if *a.stage.lock() == Stage::Closed {
        return Err(vm.runtime_error("cannot reuse already awaited aclose()/athrow()"));
    }
    let err = throw_args(vm, args.pos().get(1..).unwrap_or(&[]))?;
    athrow_step(vm, a, Resume::Throw(err))
}

fn athrow_close(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let a = this::<Athrow>(vm, &args, "async_generator_athrow")?;
    *a.stage.lock() = Stage::Closed;
    Ok(Value::None)
}

/// The async generator a method was called on, its first-iteration hook
/// called.
fn agen(vm: &Vm, args: &CallArgs) -> PyResult<ObjRef> {
    match args.pos().first() {
        Some(Value::Obj(o))
            if gen_kind(&Value::Obj(o.clone())) == Some(GenKind::AsyncGenerator) =>
        {
            note_first_iteration(vm, o)?;
            Ok(o.clone())
        }
        _ => Err(vm.type_error("descriptor requires a 'async_generator' object")),
    }
}

fn agen_anext(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    Ok(new_asend(agen(vm, &args)?, Value::None))
}

fn agen_asend(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    Ok(new_asend(agen(vm, &args)?, arg(&args, 1)))
}

fn agen_athrow(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let gen = agen(vm, &args)?;
    let rest = args.pos().get(1..).unwrap_or(&[]).to_vec();
    if rest.is_empty() {
        return Err(vm.type_error("athrow expected at least 1 argument, got 0"));
    }
    Ok(new_native(
        types().async_generator_athrow,
        Athrow {
            gen,
            exc: Some(rest),
            stage: Mutex::new(Stage::Init),
        },
    ))
}

fn agen_aclose(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    Ok(new_native(
        types().async_generator_athrow,
        Athrow {
            gen: agen(vm, &args)?,
            exc: None,
            stage: Mutex::new(Stage::Init),
        },
    ))
}

fn self_value(_vm: &Vm, args: CallArgs) -> PyResult<Value> {
    Ok(arg(&args, 0))
}

fn coro_await(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    match args.pos().first() {
        Some(Value::Obj(o)) if gen_kind(&Value::Obj(o.clone())) == Some(GenKind::Coroutine) => Ok(
            new_native(types().coroutine_wrapper, CoroWrapper(o.clone())),
        ),
        _ => Err(vm.type_error("descriptor requires a 'coroutine' object")),
    }
}

fn wrapper_coro(vm: &Vm, args: &CallArgs) -> PyResult<Value> {
    let w = this::<CoroWrapper>(vm, args, "coroutine_wrapper")?;
    Ok(Value::Obj(w.0.clone()))
}

fn wrapper_send(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let c = wrapper_coro(vm, &args)?;
    vm.call_method(&c, "send", &[arg(&args, 1)])
}

fn wrapper_next(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let c = wrapper_coro(vm, &args)?;
    vm.call_method(&c, "send", &[Value::None])
}

fn wrapper_throw(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let c = wrapper_coro(vm, &args)?;
    vm.call_method(&c, "throw", args.pos().get(1..).unwrap_or(&[]))
}

fn wrapper_close(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let c = wrapper_coro(vm, &args)?;
    vm.call_method(&c, "close", &[])
}

/// Registers the coroutine, async generator and awaitable methods.
pub fn register(_r: &mut BuiltinRegistry) {
    let t = types();
    add_method(t.coroutine, "__await__", coro_await);
    let w = t.coroutine_wrapper;
    add_method(w, "send", wrapper_send);
    add_method(w, "throw", wrapper_throw);
    add_method(w, "close", wrapper_close);
    add_method(w, "__next__", wrapper_next);
    add_method(w, "__iter__", self_value);
    let g = t.async_generator;
    add_method(g, "__aiter__", self_value);
    add_method(g, "__anext__", agen_anext);
    add_method(g, "asend", agen_asend);
    add_method(g, "athrow", agen_athrow);
    add_method(g, "aclose", agen_aclose);
    add_awaitable_methods(
        t.async_generator_asend,
        [asend_send, asend_throw, asend_close, asend_next],
    );
    add_awaitable_methods(
        t.async_generator_athrow,
        [athrow_send, athrow_throw, athrow_close, athrow_next],
    );
}

/// Gives an awaitable that is its own iterator its `send`, `throw`,
/// `close` and `__next__` (in that order), and `__iter__`/`__await__`
/// returning itself.
fn add_awaitable_methods(
    class: &'static Object,
    [send, throw, close, next]: [fn(&Vm, CallArgs) -> PyResult<Value>; 4],
) {
    add_method(class, "send", send);
    add_method(class, "throw", throw);
    add_method(class, "close", close);
    add_method(class, "__next__", next);
    add_method(class, "__iter__", self_value);
    add_method(class, "__await__", self_value);
}
