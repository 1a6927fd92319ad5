//! Generator resumption (`next`, `send`, `throw`, `close`), delegation for
//! `yield from` (`SEND`), and PEP 479's StopIteration-to-RuntimeError rule.

use crate::builtins::types::types;
use crate::builtins::{add_method, BuiltinRegistry};
use crate::eval::{run_frame, Exit};
use crate::function::CallArgs;
use crate::generator::GenKind;
use crate::object::Payload;
use crate::ops;
use crate::value::{ObjRef, Value};
use crate::vm::{PyErr, PyResult, Vm};
use std::sync::atomic::Ordering;
use weft_specializer::Opcode;

/// What a resumed generator did.
pub enum SendResult {
    /// It yielded a value.
    Yielded(Value),
    /// It returned (StopIteration with this value).
    Returned(Value),
}

/// How a generator is resumed.
pub enum Resume {
    /// With a sent value (`next` sends None).
    Send(Value),
    /// With an exception raised at the suspension point.
    Throw(PyErr),
}

/// Sets a generator's `running` flag, returning its previous value. While
/// one thread alone runs Python code (`single_thread_phase`) nobody else
/// can look at the flag, so a load and a store replace the locked swap
/// (two of them per resumption otherwise).
#[inline(always)]
fn claim(running: &std::sync::atomic::AtomicBool) -> bool {
    if crate::value::single_thread_phase() {
        let was = running.load(Ordering::Relaxed);
        running.store(true, Ordering::Relaxed);
        was
    } else {
        running.swap(true, Ordering::AcqRel)
    }
}

/// Resumes a generator, coroutine or async generator frame.
pub fn resume(vm: &Vm, g: &ObjRef, how: Resume) -> PyResult<SendResult> {
    let Payload::Generator(gen) = &g.payload else {
        return Err(vm.type_error("not a generator"));
    };
    let kind = gen.kind;
    if claim(&gen.running) {
        return Err(vm.value_error(format!("{} already executing", kind.noun())));
    }
    struct Running<'a>(&'a std::sync::atomic::AtomicBool);
    impl Drop for Running<'_> {
        fn drop(&mut self) {
            self.0.store(false, Ordering::Release);
        }
    }
    let _running = Running(&gen.running);
    let taken = gen.frame.lock().take();
    let Some(mut frame) = taken else {
        if kind == GenKind::Coroutine {
            return Err(vm.runtime_error("cannot reuse already awaited coroutine"));
        }
        return match how {
            Resume::Send(_) => Ok(SendResult::Returned(Value::None)),
            Resume::Throw(e) => Err(e),
        };
    };
    // Under the `running` claim no other thread touches the generator,
    // so a load and (the first time) a store do what a swap would.
    let started = gen.started.load(Ordering::Acquire);
    if !started {
        gen.started.store(true, Ordering::Release);
    }
    let throw = match how {
        Resume::Send(v) => {
            if !started && !v.is_none() {
                *gen.frame.lock() = Some(frame);
                gen.started.store(false, Ordering::Release);
                return Err(vm.type_error(format!(
                    "can't send non-None value to a just-started {}",
                    kind.noun()
                )));
            }
            if started {
                frame.stack.push(v);
            }
            None
        }
        Resume::Throw(e) => {
            if !started {
                gen.finished.store(true, Ordering::Release);
                return Err(e);
            }
            // Delegate to a `yield from` sub-iterator first.
            let at_yield_from = frame.ip >= 2 && {
                let y = frame.lasti;
                frame.code.units.opcode(y).deopt() == Opcode::YIELD_VALUE
                    && frame.code.units.oparg(y) == 1
            };
            if at_yield_from {
                let sub = frame.stack.last().cloned().unwrap_or(Value::None);
                match throw_into(vm, &sub, e) {
                    Ok(SendResult::Yielded(y)) => {
                        *gen.frame.lock() = Some(frame);
                        return Ok(SendResult::Yielded(y));
                    }
                    Ok(SendResult::Returned(r)) => {
                        // Continue at the END_SEND after the delegation loop.
                        let mut ip = frame.ip;
                        while ip < frame.code.units.len()
                            && frame.code.units.opcode(ip).deopt() != Opcode::END_SEND
                        {
                            ip += 1 + frame.code.units.opcode(ip).cache_units();
                        }
                        if ip < frame.code.units.len() {
                            frame.ip = ip;
                            frame.stack.push(r);
                            None
                        } else {
                            Some(vm.runtime_error("yield from without its END_SEND"))
                        }
                    }
                    Err(e2) => Some(e2),
                }
            } else {
                Some(e)
            }
        }
    };
    if throw.is_some() {
        // The suspended frame's stack lacks the value a resumption sends
        // (the `yield` popped its own): an exception raised at the yield
        // finds the depth a send would have left, as CPython pushes None.
        frame.stack.push(Value::None);
    }
    vm.enter_call()?;
    let r = run_frame(vm, &mut frame, throw);
    vm.leave_call();
    match r {
        Ok(Exit::Yield(v)) => {
            *gen.frame.lock() = Some(frame);
            Ok(SendResult::Yielded(v))
        }
        Ok(Exit::Return(v)) => {
            gen.finished.store(true, Ordering::Release);
            Ok(SendResult::Returned(v))
        }
        Err(e) => {
            gen.finished.store(true, Ordering::Release);
            let stop = if vm.err_matches(&e, types().exc.stop_iteration) {
                Some("StopIteration")
            } else if kind == GenKind::AsyncGenerator
                && vm.err_matches(&e, types().exc.stop_async_iteration)
            {
                Some("StopAsyncIteration")
            } else {
                None
            };
            if let Some(what) = stop {
                let re = vm.runtime_error(format!("{} raised {what}", kind.noun()));
                if let Some(d) = crate::exceptions::exc_data(&re.0) {
                    *d.cause.lock() = Value::Obj(e.0.clone());
                    *d.context.lock() = Value::Obj(e.0.clone());
                }
                return Err(re);
            }
            Err(e)
        }
    }
}

fn throw_into(vm: &Vm, sub: &Value, e: PyErr) -> PyResult<SendResult> {
    if let Value::Obj(o) = sub {
        if let Payload::Generator(_) = &o.payload {
            return resume(vm, o, Resume::Throw(e));
        }
    }
    match vm.get_attr_str(sub, "throw") {
        Ok(t) => match vm.call(&t, &[Value::Obj(e.0)]) {
            Ok(v) => Ok(SendResult::Yielded(v)),
            Err(e2) if vm.err_matches(&e2, types().exc.stop_iteration) => {
                Ok(SendResult::Returned(stop_value(&e2)))
            }
            Err(e2) => Err(e2),
        },
        Err(_) => Err(e),
    }
}

fn stop_value(e: &PyErr) -> Value {
    crate::exceptions::exc_args(&e.0)
        .into_iter()
        .next()
        .unwrap_or(Value::None)
}

/// `next(gen)`: Some(value), or None when the generator finished.
pub fn gen_next(vm: &Vm, g: &ObjRef) -> PyResult<Option<Value>> {
    match resume(vm, g, Resume::Send(Value::None))? {
        SendResult::Yielded(v) => Ok(Some(v)),
        SendResult::Returned(_) => Ok(None),
    }
}

/// `SEND`: sends `v` into the sub-iterator of a `yield from`.
pub fn send_to(vm: &Vm, recv: &Value, v: Value) -> PyResult<SendResult> {
    if let Value::Obj(o) = recv {
        if let Payload::Generator(_) = &o.payload {
            return resume(vm, o, Resume::Send(v));
        }
    }
    // A native awaitable (an async generator's `asend`, a coroutine's
    // wrapper) ends with a StopIteration value that `next` would drop.
    let native = matches!(recv, Value::Obj(o) if matches!(o.payload, Payload::Native(_)));
    let r = if v.is_none() && !native {
        match ops::next(vm, recv)? {
            Some(x) => return Ok(SendResult::Yielded(x)),
            None => return Ok(SendResult::Returned(Value::None)),
        }
    } else {
        vm.call_method(recv, "send", &[v])
    };
    match r {
        Ok(x) => Ok(SendResult::Yielded(x)),
        Err(e) if vm.err_matches(&e, types().exc.stop_iteration) => {
            Ok(SendResult::Returned(stop_value(&e)))
        }
        Err(e) => Err(e),
    }
}

fn this(vm: &Vm, args: &CallArgs) -> PyResult<ObjRef> {
    match args.pos().first() {
        Some(Value::Obj(o)) if matches!(o.payload, Payload::Generator(_)) => Ok(o.clone()),
        _ => Err(vm.type_error("descriptor requires a 'generator' object")),
    }
}

/// The exception `throw(typ[, val[, tb]])` raises (arguments after self).
pub fn throw_args(vm: &Vm, args: &[Value]) -> PyResult<PyErr> {
    let exc = args.first().cloned().unwrap_or(Value::None);
    let mut err = ops::make_exception(vm, exc)?;
    if let Some(v) = args.get(1) {
        if !v.is_none() {
            err = ops::make_exception(
                vm,
                vm.call(
                    args.first().unwrap_or(&Value::None),
                    std::slice::from_ref(v),
                )?,
            )?;
        }
    }
    Ok(err)
}

fn finish(vm: &Vm, r: SendResult) -> PyResult<Value> {
    match r {
        SendResult::Yielded(v) => Ok(v),
        SendResult::Returned(v) => Err(vm.stop_iteration(if v.is_none() { None } else { Some(v) })),
    }
}

fn send(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let g = this(vm, &args)?;
    let v = args.pos().get(1).cloned().unwrap_or(Value::None);
    let r = resume(vm, &g, Resume::Send(v))?;
    finish(vm, r)
}

fn next_method(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let g = this(vm, &args)?;
    let r = resume(vm, &g, Resume::Send(Value::None))?;
    finish(vm, r)
}

fn throw(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let g = this(vm, &args)?;
    let err = throw_args(vm, args.pos().get(1..).unwrap_or(&[]))?;
    let r = resume(vm, &g, Resume::Throw(err))?;
    finish(vm, r)
}

/// `gen.close()`
pub fn close_gen(vm: &Vm, g: &ObjRef) -> PyResult<()> {
    let Payload::Generator(gen) = &g.payload else {
        return Ok(());
    };
    if !gen.started.load(Ordering::Acquire) || gen.finished.load(Ordering::Acquire) {
        gen.finished.store(true, Ordering::Release);
        *gen.frame.lock() = None;
        return Ok(());
    }
    let exit = PyErr(vm.new_exception(types().exc.generator_exit, Vec::new()));
    match resume(vm, g, Resume::Throw(exit)) {
        Ok(SendResult::Yielded(_)) => {
            Err(vm.runtime_error(format!("{} ignored GeneratorExit", gen.kind.noun())))
        }
        Ok(SendResult::Returned(_)) => Ok(()),
        Err(e)
            if vm.err_matches(&e, types().exc.generator_exit)
                || vm.err_matches(&e, types().exc.stop_iteration) =>
        {
            Ok(())
        }
        Err(e) => Err(e),
    }
}

fn close(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let g = this(vm, &args)?;
    close_gen(vm, &g)?;
    Ok(Value::None)
}

fn iter_self(_vm: &Vm, args: CallArgs) -> PyResult<Value> {
    Ok(args.pos().first().cloned().unwrap_or(Value::None))
}

/// Registers generator and coroutine methods.
pub fn register(_r: &mut BuiltinRegistry) {
    let g = types().generator;
    add_method(g, "send", send);
    add_method(g, "throw", throw);
    add_method(g, "close", close);
    add_method(g, "__next__", next_method);
    add_method(g, "__iter__", iter_self);
    let c = types().coroutine;
    add_method(c, "send", send);
    add_method(c, "throw", throw);
    add_method(c, "close", close);
}
