//! `CALL` family (`callable self|null args*n -- result`).
//!
//! Python functions, guarded by the function version (reset to 0 for good
//! when `__code__`, `__defaults__` or `__kwdefaults__` change):
//! * PY_EXACT_ARGS / BOUND_METHOD_EXACT_ARGS: called with exactly their
//!   positional parameters: the frame is filled directly, no binding;
//! * PY_GENERAL / BOUND_METHOD_GENERAL: any other argument shape (defaults,
//!   `*args`, keyword-only parameters with defaults, generators): bound by
//!   the general binder, skipping the generic dispatch on the callable.
//!
//! A bound method whose `self|null` slot is null is unpacked in place, as
//! CPython's `CALL` does: the receiver is written into the null slot, so
//! the function sees one contiguous argument slice and no argument vector
//! is allocated (generic path included). When the slot holds a value (the
//! exit call of `with` passes its first argument there), the receiver goes
//! before it.
//!
//! Native callables, guarded by the identity of the callable (its address
//! in the payload word; only immortal objects are cached, and the cached
//! address is only ever compared, never dereferenced) and by the argument
//! count the variant was chosen for:
//! * BUILTIN_O (one argument) / BUILTIN_FAST (any other count): a native
//!   function. Weft's natives all take one vectorcall-style convention
//!   (`fn(&Vm, CallArgs)`, i.e. CPython's `METH_FASTCALL|METH_KEYWORDS`),
//!   so the split is by the site's argument count, not by a flag;
//! * BUILTIN_FAST_WITH_KEYWORDS: a *bound* native method object
//!   (`push = stack.append; push(x)`): `CALL` never carries keyword names
//!   here (that is `CALL_KW`), and a bound native is what remains of the
//!   native shapes. The object is mortal, so the guard is the native
//!   function pointer (static code) and the receiver is unpacked like a
//!   bound method's (`with lock:` exits through this variant);
//! * METHOD_DESCRIPTOR_NOARGS (the receiver only) / METHOD_DESCRIPTOR_O
//!   (receiver and one argument) / METHOD_DESCRIPTOR_FAST (other counts):
//!   an unbound native method descriptor called after the method form of
//!   `LOAD_ATTR` (`s.strip()`, `d.get(k)`);
//! * LIST_APPEND: `list.append` on an exact list: pushes without a call;
//! * LEN / ISINSTANCE: the builtins `len` (one argument) and `isinstance`
//!   (two), recognised by their native function, computed inline;
//! * TYPE_1 / STR_1 / TUPLE_1: `type(x)`, `str(x)`, `tuple(x)`;
//! * BUILTIN_CLASS / ALLOC_AND_ENTER_INIT: a built-in / user class; for a
//!   user class with plain instances, the default `__new__` and a Python
//!   `__init__` that fits the arguments exactly, ALLOC_AND_ENTER_INIT
//!   allocates the instance and runs `__init__` directly (other shapes go
//!   through `call_type`).
//!
//! NON_PY_GENERAL: any other callable (objects with `__call__`, bound
//! methods of natives, ...), guarded only by "not a Python function nor a
//! bound method of one" (those have their own variants): the site stops
//! re-attempting and calls through the generic protocol.

use super::{account, guard_for, interleave, pack, tag, version_of, Attempt};
use crate::builtins::types::{class_of, class_value, is_exact, types};
use crate::eval::{run_frame, Exit, Frame};
use crate::function::{BuiltinFunc, CallArgs, FuncState, FunctionObj};
use crate::object::Payload;
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};
use std::sync::atomic::Ordering;
use weft_specializer::Opcode;

/// True when a call with `nargs` positional arguments fills exactly the
/// positional parameters of the function whose snapshot `state` is (no
/// binding needed). Callers load the snapshot once (`f.state()`) and run
/// the call with that same snapshot: a `__code__` assignment on another
/// thread then lands wholly before or after the call.
#[inline(always)]
pub(super) fn exact_fit(state: &FuncState, nargs: usize) -> bool {
    let code = state.code;
    !code.flags.generator
        && !code.flags.varargs
        && !code.flags.varkeywords
        && code.kwonly_arg_count == 0
        && code.arg_count == nargs
}

/// `exact_fit` on a hit of an EXACT_ARGS variant, whose function version
/// matched the guard *after* `state` was loaded: the version is its code
/// object's (reset to 0 for good, before the snapshot is swapped, when
/// `__code__` changes), so `state` holds the code whose flags the attempt
/// found fit; only the count, which the site's `self|null` slot can move,
/// is left to test.
#[inline(always)]
fn exact_fit_on_hit(state: &FuncState, nargs: usize) -> bool {
    state.code.arg_count == nargs
}

/// The snapshot of `f` that a hit guarded by function version `guard`
/// may run: loaded first, then the version checked (Acquire on both, so
/// a snapshot published by a `__code__` assignment, which zeroes the
/// version before swapping, is never seen with the old version). None on
/// a version mismatch.
#[inline(always)]
fn guarded_state(f: &FunctionObj, guard: u32) -> Option<&FuncState> {
    let state = f.state();
    if f.version.load(Ordering::Acquire) != guard {
        return None;
    }
    interleave::reach(interleave::Point::FunctionVersionChecked);
    Some(state)
}

/// The native `len` and `isinstance` builtins, by their implementation
/// (whatever name or namespace the objects are reached through).
fn is_native(b: &BuiltinFunc, f: crate::function::NativeFn) -> bool {
    b.func as usize == f as usize
}

/// `list.append`, the descriptor in the (immutable) dict of `list`.
fn is_list_append(o: &ObjRef) -> bool {
    matches!(
        types().list.type_data_of_self().own_dict().get_by_name("append"),
        Some(Value::Obj(a)) if ObjRef::ptr_eq(&a, o)
    )
}

fn by_identity(variant: Opcode, o: &ObjRef) -> Attempt {
    Ok((variant, vec![tag(variant), o.addr() as u64]))
}

/// Chooses the variant for `callable` called with `args` (the value of
/// the `self|null` slot included when it is not null).
fn attempt(callable: &Value, args: &[Value]) -> Attempt {
    let nargs = args.len();
    let Value::Obj(o) = callable else {
        return Err("not callable");
    };
    let non_py = || {
        Ok((
            Opcode::CALL_NON_PY_GENERAL,
            vec![tag(Opcode::CALL_NON_PY_GENERAL), 0],
        ))
    };
    match &o.payload {
        Payload::Function(f) => {
            let v = f.version.load(Ordering::Acquire);
            if v == 0 {
                return Err("function version reset");
            }
            let variant = if exact_fit(f.state(), nargs) {
                Opcode::CALL_PY_EXACT_ARGS
            } else {
                Opcode::CALL_PY_GENERAL
            };
            Ok((variant, vec![pack(variant, v, 0).ok_or("no version")?, 0]))
        }
        Payload::BoundMethod(func, _) => match func.as_obj().map(|x| &x.payload) {
            Some(Payload::Function(f)) => {
                let v = f.version.load(Ordering::Acquire);
                if v == 0 {
                    return Err("bound method: function version reset");
                }
                let variant = if exact_fit(f.state(), nargs + 1) {
                    Opcode::CALL_BOUND_METHOD_EXACT_ARGS
                } else {
                    Opcode::CALL_BOUND_METHOD_GENERAL
                };
                Ok((variant, vec![pack(variant, v, 0).ok_or("no version")?, 0]))
            }
            _ => non_py(),
        },
        Payload::Builtin(b) if b.bound.is_some() => {
            let variant = Opcode::CALL_BUILTIN_FAST_WITH_KEYWORDS;
            Ok((variant, vec![tag(variant), b.func as usize as u64]))
        }
        Payload::Builtin(_) if !o.is_immortal() => non_py(),
        Payload::Builtin(b) if b.is_method => {
            let variant = match nargs {
                2 if is_exact(&args[0], types().list) && is_list_append(o) => {
                    Opcode::CALL_LIST_APPEND
                }
                1 => Opcode::CALL_METHOD_DESCRIPTOR_NOARGS,
                2 => Opcode::CALL_METHOD_DESCRIPTOR_O,
                _ => Opcode::CALL_METHOD_DESCRIPTOR_FAST,
            };
            by_identity(variant, o)
        }
        Payload::Builtin(b) => {
            let variant = match nargs {
                1 if is_native(b, crate::builtins::functions::len) => Opcode::CALL_LEN,
                2 if is_native(b, crate::builtins::functions::isinstance) => {
                    Opcode::CALL_ISINSTANCE
                }
                1 => Opcode::CALL_BUILTIN_O,
                _ => Opcode::CALL_BUILTIN_FAST,
            };
            by_identity(variant, o)
        }
        Payload::Type(_) if !std::ptr::eq(o.class(), types().type_) => non_py(),
        Payload::Type(t) if o.is_immortal() => {
            let ty = types();
            let is = |c: &'static crate::object::Object| std::ptr::eq(&**o, c);
            let variant = match nargs {
                1 if is(ty.type_) => Opcode::CALL_TYPE_1,
                1 if is(ty.str) => Opcode::CALL_STR_1,
                1 if is(ty.tuple) => Opcode::CALL_TUPLE_1,
                _ if t.builtin => Opcode::CALL_BUILTIN_CLASS,
                _ => return alloc_and_enter_init_attempt(o, t, nargs),
            };
            by_identity(variant, o)
        }
        _ => non_py(),
    }
}

/// Runs a Python function (its snapshot `state`) whose frame takes `args`
/// positionally as is.
#[inline(always)]
pub(super) fn call_exact(
    vm: &Vm,
    f: &FunctionObj,
    state: &FuncState,
    args: &mut [Value],
) -> PyResult<Value> {
    call_exact_with(vm, f, state, None, args)
}

/// `call_exact` with a receiver before `args` (a bound method called with
/// a value in its `self|null` slot, as the exit call of `with` is).
#[inline(always)]
fn call_exact_with(
    vm: &Vm,
    f: &FunctionObj,
    state: &FuncState,
    recv: Option<&Value>,
    args: &mut [Value],
) -> PyResult<Value> {
    // The arguments move into the new frame, leaving their slots in the
    // caller's stack unbound (nothing to drop there).
    run_exact(
        vm,
        f,
        state,
        recv.cloned()
            .into_iter()
            .chain(args.iter_mut().map(std::mem::take)),
    )
}

/// Calls `func` with `recv` and then `args` when it is a Python function
/// whose positional parameters they fit exactly: the frame is filled with
/// clones, with no argument vector and no binder (special methods called
/// by the runtime, `__init__` through `type.__call__`). `None`, with
/// nothing done, for any other callable or shape.
pub(crate) fn call_python_exact(
    vm: &Vm,
    func: &Value,
    recv: Option<&Value>,
    args: &[Value],
) -> Option<PyResult<Value>> {
    let Value::Obj(fo) = func else {
        return None;
    };
    let Payload::Function(f) = &fo.payload else {
        return None;
    };
    call_function_exact(vm, f, recv, args)
}

/// `call_python_exact` for a function object already unwrapped.
pub(crate) fn call_function_exact(
    vm: &Vm,
    f: &FunctionObj,
    recv: Option<&Value>,
    args: &[Value],
) -> Option<PyResult<Value>> {
    let state = f.state();
    if !exact_fit(state, args.len() + recv.is_some() as usize) {
        return None;
    }
    Some(run_exact(
        vm,
        f,
        state,
        recv.into_iter().chain(args).cloned(),
    ))
}

/// Runs a Python function whose snapshot `state` `exact_fit`s `args`,
/// its new frame's first locals.
#[inline(always)]
fn run_exact(
    vm: &Vm,
    f: &FunctionObj,
    state: &FuncState,
    args: impl Iterator<Item = Value>,
) -> PyResult<Value> {
    let code = state.code;
    let mut frame = Frame::with_args(code, f.globals.clone(), args);
    frame.init_cells();
    if let Some(cl) = &f.closure {
        frame.cells.extend(cl.iter().cloned());
    }
    vm.enter_call()?;
    let r = run_frame(vm, &mut frame, None);
    vm.leave_call();
    match r? {
        Exit::Return(v) => Ok(v),
        Exit::Yield(_) => Err(vm.runtime_error("yield from a non-generator frame")),
    }
}

/// The Python function of a callable (itself, or a bound method's), with
/// its object.
#[inline(always)]
fn py_function(callable: &Value, bound: bool) -> Option<(&ObjRef, &FunctionObj)> {
    let Value::Obj(o) = callable else { return None };
    let fo = match (&o.payload, bound) {
        (Payload::Function(_), false) => o,
        (Payload::BoundMethod(Value::Obj(fo), _), true) => fo,
        _ => return None,
    };
    match &fo.payload {
        Payload::Function(f) => Some((fo, f)),
        _ => None,
    }
}

/// Arguments of the call: the receiver (if any) and the arguments.
#[inline(always)]
fn args_of(tail: &[Value]) -> &[Value] {
    if tail[0].is_null() {
        &tail[1..]
    } else {
        tail
    }
}

/// `args_of` for a call that moves the arguments out.
#[inline(always)]
fn args_of_mut(tail: &mut [Value]) -> &mut [Value] {
    if tail[0].is_null() {
        &mut tail[1..]
    } else {
        tail
    }
}

/// The specialized fast path of `op`: None when a guard fails (nothing has
/// been changed then). `tail` is the stack from the `self|null` slot on.
#[inline(always)]
fn fast(
    vm: &Vm,
    op: Opcode,
    at: usize,
    units: &weft_specializer::CodeUnits,
    callable: &Value,
    tail: &mut [Value],
) -> Option<PyResult<Value>> {
    match op {
        Opcode::CALL_PY_EXACT_ARGS | Opcode::CALL_PY_GENERAL => {
            let g = version_of(guard_for(units, at, op)?);
            let (fo, f) = py_function(callable, false)?;
            let state = guarded_state(f, g)?;
            let args = args_of_mut(tail);
            if op == Opcode::CALL_PY_EXACT_ARGS {
                if !exact_fit_on_hit(state, args.len()) {
                    return None;
                }
                Some(call_exact(vm, f, state, args))
            } else {
                Some(vm.call_function(fo, f, CallArgs::positional(args)))
            }
        }
        Opcode::CALL_BOUND_METHOD_EXACT_ARGS | Opcode::CALL_BOUND_METHOD_GENERAL => {
            let g = version_of(guard_for(units, at, op)?);
            let (fo, f) = py_function(callable, true)?;
            let exact = op == Opcode::CALL_BOUND_METHOD_EXACT_ARGS;
            let nargs = args_of(tail).len() + 1;
            let state = guarded_state(f, g)?;
            if exact && !exact_fit_on_hit(state, nargs) {
                return None;
            }
            let Value::Obj(bm) = callable else {
                return None;
            };
            let Payload::BoundMethod(_, recv) = &bm.payload else {
                return None;
            };
            if !tail[0].is_null() {
                // The slot holds an argument: the receiver goes before it.
                return Some(if exact {
                    call_exact_with(vm, f, state, Some(recv), tail)
                } else {
                    let mut all = Vec::with_capacity(nargs);
                    all.push(recv.clone());
                    all.extend_from_slice(tail);
                    vm.call_function(fo, f, CallArgs::positional(&all))
                });
            }
            tail[0] = recv.clone();
            Some(if exact {
                call_exact(vm, f, state, tail)
            } else {
                vm.call_function(fo, f, CallArgs::positional(tail))
            })
        }
        Opcode::CALL_BUILTIN_FAST_WITH_KEYWORDS => {
            let (g, fptr) = units.read_payload2(at, op)?;
            if g & 0xff != op as u8 as u64 {
                return None;
            }
            let Value::Obj(o) = callable else { return None };
            let Payload::Builtin(b) = &o.payload else {
                return None;
            };
            let recv = b.bound.as_ref()?;
            if b.func as usize as u64 != fptr {
                return None;
            }
            if !tail[0].is_null() {
                let mut all = Vec::with_capacity(tail.len() + 1);
                all.push(recv.clone());
                all.extend_from_slice(tail);
                return Some((b.func)(vm, CallArgs::positional(&all)));
            }
            tail[0] = recv.clone();
            Some((b.func)(vm, CallArgs::positional(tail)))
        }
        Opcode::CALL_TYPE_1 | Opcode::CALL_STR_1 | Opcode::CALL_TUPLE_1 => {
            guard_for(units, at, op)?;
            let args = args_of(tail);
            let Value::Obj(o) = callable else { return None };
            let ty = types();
            let want = match op {
                Opcode::CALL_TYPE_1 => ty.type_,
                Opcode::CALL_STR_1 => ty.str,
                _ => ty.tuple,
            };
            if args.len() != 1 || !std::ptr::eq(&**o, want) {
                return None;
            }
            let x = &args[0];
            Some(match op {
                Opcode::CALL_TYPE_1 => Ok(class_value(class_of(x))),
                Opcode::CALL_STR_1 => vm.str_of(x).map(crate::strobj::new_str),
                _ if is_exact(x, ty.tuple) => Ok(x.clone()),
                _ => crate::ops::collect_iter(vm, x).map(crate::builtins::tuple::new_tuple),
            })
        }
        Opcode::CALL_NON_PY_GENERAL => {
            guard_for(units, at, op)?;
            if py_function(callable, false).is_some() || py_function(callable, true).is_some() {
                return None;
            }
            Some(call_unpacked(vm, callable, tail))
        }
        Opcode::CALL_BUILTIN_O
        | Opcode::CALL_BUILTIN_FAST
        | Opcode::CALL_METHOD_DESCRIPTOR_NOARGS
        | Opcode::CALL_METHOD_DESCRIPTOR_O
        | Opcode::CALL_METHOD_DESCRIPTOR_FAST
        | Opcode::CALL_LIST_APPEND
        | Opcode::CALL_LEN
        | Opcode::CALL_ISINSTANCE
        | Opcode::CALL_BUILTIN_CLASS => {
            by_identity_fast(vm, op, at, units, callable, args_of(tail))
        }
        Opcode::CALL_ALLOC_AND_ENTER_INIT => {
            let (g, init) = units.read_payload2(at, op)?;
            let Value::Obj(cls) = callable else {
                return None;
            };
            let Payload::Type(td) = &cls.payload else {
                return None;
            };
            if g & 0xff != op as u8 as u64 || td.version() != version_of(g) || init == 0 {
                return None;
            }
            // SAFETY: `init` was read with its guard word (`read_payload2`),
            // which matched: the version of this class in this state, whose
            // `__init__` the attempt made immortal and cached.
            let init = unsafe { super::load_attr::cached_object(init) };
            let Payload::Function(f) = &init.payload else {
                return None;
            };
            let args = args_of_mut(tail);
            // The function's own shape can change without the class's
            // version (`__defaults__`, `__code__`): one snapshot is
            // checked and run.
            let state = f.state();
            if !exact_fit(state, args.len() + 1) {
                return None;
            }
            Some(alloc_and_enter_init(vm, cls.as_static()?, f, state, args))
        }
        _ => None,
    }
}

/// The `__init__` of ALLOC_AND_ENTER_INIT's direct path, CPython's: a
/// user class with plain instances, the default `__new__` and a Python
/// `__init__` that takes exactly `nargs` arguments after `self`. `None`
/// for any other class shape (`call_type` then does the general
/// protocol).
fn direct_init(cls: &ObjRef, nargs: usize) -> Option<ObjRef> {
    let td = cls.type_data_of_self();
    if td.builtin || td.base_kind != crate::typeobj::BaseKind::Object {
        return None;
    }
    // The default `__new__` is `object.__new__`, a static method around a
    // native: the same test as `call_type`'s.
    let user_new = td
        .lookup(&crate::strobj::intern_static("__new__"))
        .is_some_and(|n| !crate::builtins::typecall::is_builtin_func(&n));
    if user_new {
        return None;
    }
    let Value::Obj(init) = td.lookup(&crate::strobj::intern_static("__init__"))? else {
        return None;
    };
    match &init.payload {
        Payload::Function(f) if exact_fit(f.state(), nargs + 1) => Some(init),
        _ => None,
    }
}

/// ALLOC_AND_ENTER_INIT for the class `o` called with `nargs` arguments:
/// its guard is the class's version (unique to one state of one class:
/// the class, its `__new__` and its `__init__`) and its payload the
/// `__init__` function, made immortal first (as LOAD_ATTR caches a
/// method), so the hit path neither looks up `__new__` nor `__init__`.
fn alloc_and_enter_init_attempt(o: &ObjRef, t: &crate::typeobj::TypeData, nargs: usize) -> Attempt {
    // The version is assigned before the lookups it guards (as LOAD_ATTR
    // does): a class change after this point invalidates it, so the guard
    // never passes with an `__init__` found in a later state.
    let version = t.assign_version();
    let init = direct_init(o, nargs).ok_or("class without the direct path")?;
    interleave::reach(interleave::Point::InitLookedUp);
    init.make_immortal();
    let variant = Opcode::CALL_ALLOC_AND_ENTER_INIT;
    let guard = super::pack(variant, version, 0).ok_or("no version")?;
    Ok((variant, vec![guard, init.addr() as u64]))
}

/// Allocates an instance of `cls` and runs `init` (its `__init__`, which
/// takes exactly `args` after `self`) on it in place: no argument vector,
/// no binder.
fn alloc_and_enter_init(
    vm: &Vm,
    cls: &'static crate::object::Object,
    init: &FunctionObj,
    init_state: &FuncState,
    args: &mut [Value],
) -> PyResult<Value> {
    let instance = Value::Obj(ObjRef::new(crate::object::Object::new_instance(
        cls,
        Payload::Plain,
    )));
    let r = call_exact_with(vm, init, init_state, Some(&instance), args);
    crate::builtins::typecall::init_returned(vm, r, instance)
}

/// The variants guarded by the identity of an immortal callable.
#[inline(always)]
fn by_identity_fast(
    vm: &Vm,
    op: Opcode,
    at: usize,
    units: &weft_specializer::CodeUnits,
    callable: &Value,
    args: &[Value],
) -> Option<PyResult<Value>> {
    let (g, addr) = units.read_payload2(at, op)?;
    let Value::Obj(o) = callable else { return None };
    if g & 0xff != op as u8 as u64 || addr != o.addr() as u64 {
        return None;
    }
    let n = args.len();
    match (op, &o.payload) {
        (Opcode::CALL_BUILTIN_CLASS, Payload::Type(_)) => Some(
            crate::builtins::typecall::call_type(vm, o, CallArgs::positional(args)),
        ),
        (Opcode::CALL_LEN, _) if n == 1 => {
            Some(crate::ops::len(vm, &args[0]).map(|l| Value::Int(l as i64)))
        }
        (Opcode::CALL_ISINSTANCE, Payload::Builtin(b)) if n == 2 => Some(match &args[1] {
            Value::Obj(c)
                if matches!(c.payload, Payload::Type(_))
                    && std::ptr::eq(c.class(), types().type_) =>
            {
                Ok(Value::Bool(crate::typeobj::is_subtype(
                    class_of(&args[0]),
                    c,
                )))
            }
            _ => (b.func)(vm, CallArgs::positional(args)),
        }),
        (Opcode::CALL_LIST_APPEND, _) if n == 2 && is_exact(&args[0], types().list) => {
            match &args[0] {
                Value::Obj(l) => match &l.payload {
                    Payload::List(items) => {
                        items.push(args[1].clone());
                        Some(Ok(Value::None))
                    }
                    _ => None,
                },
                _ => None,
            }
        }
        (
            Opcode::CALL_BUILTIN_O
            | Opcode::CALL_BUILTIN_FAST
            | Opcode::CALL_METHOD_DESCRIPTOR_NOARGS
            | Opcode::CALL_METHOD_DESCRIPTOR_O
            | Opcode::CALL_METHOD_DESCRIPTOR_FAST,
            Payload::Builtin(b),
        ) => {
            let fits = match op {
                Opcode::CALL_BUILTIN_O => n == 1,
                Opcode::CALL_METHOD_DESCRIPTOR_NOARGS => n == 1,
                Opcode::CALL_METHOD_DESCRIPTOR_O => n == 2,
                _ => true,
            };
            fits.then(|| (b.func)(vm, CallArgs::positional(args)))
        }
        _ => None,
    }
}

/// Calls `callable` with the arguments in `tail` (from the `self|null`
/// slot on). A bound method or bound native with a null slot is unpacked:
/// its receiver goes into the slot and its function is called on the
/// contiguous arguments (what `vm.call_args` would do with a new vector).
#[inline(always)]
fn call_unpacked(vm: &Vm, callable: &Value, tail: &mut [Value]) -> PyResult<Value> {
    if tail[0].is_null() {
        if let Value::Obj(o) = callable {
            match &o.payload {
                Payload::BoundMethod(func, recv) => {
                    tail[0] = recv.clone();
                    return vm.call_args(func, CallArgs::positional(tail));
                }
                Payload::Builtin(b) => {
                    if let Some(recv) = &b.bound {
                        tail[0] = recv.clone();
                        return (b.func)(vm, CallArgs::positional(tail));
                    }
                }
                _ => {}
            }
        }
        return vm.call_args(callable, CallArgs::positional(&tail[1..]));
    }
    vm.call_args(callable, CallArgs::positional(tail))
}

/// The generic CALL (the base instruction, and every variant's miss). A
/// Python function the arguments fit exactly (a polymorphic method call's
/// miss; CPython's generic CALL of a function) gets a frame that takes the
/// arguments themselves, with no argument vector and no binder.
#[inline(always)]
fn call_generic(vm: &Vm, callable: &Value, tail: &mut [Value]) -> PyResult<Value> {
    if let Some((_, f)) = py_function(callable, false) {
        let args = args_of_mut(tail);
        let state = f.state();
        if exact_fit(state, args.len()) {
            return call_exact(vm, f, state, args);
        }
    }
    call_unpacked(vm, callable, tail)
}

/// The hit of a specialized CALL with `n` arguments, for the eval loop's
/// dispatch: Some(result of the call, pushed in place of the callable and
/// its arguments when Ok) on a hit; None, with nothing done, when a guard
/// fails (the caller then runs `execute`, which accounts the miss).
#[inline(always)]
pub(crate) fn fast_hit(
    vm: &Vm,
    f: &mut Frame,
    op: Opcode,
    n: usize,
    at: usize,
) -> Option<PyResult<()>> {
    let base = f.stack.len().checked_sub(n + 2)?;
    let units = &f.code.units;
    let r = {
        let (head, tail) = f.stack.split_at_mut(base + 1);
        fast(vm, op, at, units, &head[base], tail)?
    };
    Some(r.map(|v| {
        f.stack.truncate(base);
        f.stack.push(v);
    }))
}

/// Executes any member of the family: `callable self|null args*n -- result`.
#[inline(always)]
pub fn execute(vm: &Vm, f: &mut Frame, op: Opcode, n: usize, at: usize) -> PyResult<()> {
    let base = f.stack.len() - n - 2;
    let units = &f.code.units;
    let r = {
        let (head, tail) = f.stack.split_at_mut(base + 1);
        let callable = &head[base];
        let hit = fast(vm, op, at, units, callable, tail);
        match hit {
            Some(r) => {
                super::stats::record(op.family(), super::stats::Event::Hit);
                r
            }
            None => {
                account(units, at, op, false, || attempt(callable, args_of(tail)));
                call_generic(vm, callable, tail)
            }
        }
    }?;
    f.stack.truncate(base);
    f.stack.push(r);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::{Runtime, RuntimeOptions};
    use weft_specializer::CodeUnits;

    /// The direct path serves plain and slotted classes with the default
    /// `__new__` (`object.__new__`, a static method around a native) and
    /// an `__init__` the arguments fit exactly; a user `__new__` or an
    /// `__init__` with defaults is left to `call_type`.
    #[test]
    fn alloc_and_enter_init_takes_the_direct_path_for_the_default_new() {
        let rt = Runtime::new(RuntimeOptions::default());
        let m = rt
            .load_module(
                "shapes",
                "class P:\n    def __init__(self, x):\n        self.x = x\n\
                 class S:\n    __slots__ = ('x',)\n    def __init__(self, x):\n        self.x = x\n\
                 class N:\n    def __new__(cls, x):\n        return object.__new__(cls)\n\
                 \x20   def __init__(self, x):\n        self.x = x\n\
                 class D:\n    def __init__(self, x, y=1):\n        self.x = x\n",
            )
            .expect("module");
        let vm = Vm::new(rt.interp().clone(), 1 << 20, false);
        let module = Value::Obj(m.object().clone());
        for (name, direct) in [("P", true), ("S", true), ("N", false), ("D", false)] {
            let Ok(Value::Obj(cls)) = vm.get_attr_str(&module, name) else {
                panic!("no class {name}");
            };
            let mut args = [Value::Int(7)];
            let init = direct_init(&cls, args.len());
            assert_eq!(init.is_some(), direct, "{name}");
            if let Some(init) = init {
                let Payload::Function(f) = &init.payload else {
                    panic!("{name}: __init__ is not a function");
                };
                let cls = cls.as_static().expect("classes are immortal");
                let instance =
                    alloc_and_enter_init(&vm, cls, f, f.state(), &mut args).expect("instance");
                assert!(matches!(vm.get_attr_str(&instance, "x"), Ok(Value::Int(7))));
            }
        }
    }

    /// The module's attribute `name`.
    fn attr(vm: &Vm, module: &Value, name: &str) -> ObjRef {
        match vm.get_attr_str(module, name) {
            Ok(Value::Obj(o)) => o,
            _ => panic!("no {name}"),
        }
    }

    /// One CALL instruction with its cache unit, specialized for
    /// `callable` called with `args` (asserting the variant).
    fn specialized_call(callable: &Value, args: &[Value], want: Opcode) -> CodeUnits {
        let units =
            CodeUnits::new(&[(Opcode::CALL as u8, args.len() as u8), (0, 0)], true).expect("code");
        let a = attempt(callable, args);
        assert!(
            matches!(&a, Ok((v, _)) if *v == want),
            "{:?}",
            a.map(|x| x.0)
        );
        super::super::apply(&units, 0, Opcode::CALL, a);
        assert_eq!(units.opcode(0), want);
        units
    }

    /// `__code__` assigned by another thread right after a CALL_PY_EXACT_ARGS
    /// hit checked the function's version: the hit runs the code its
    /// guard admitted (the snapshot loaded before the check), never the
    /// new code under the old guard (here a generator's, run as a plain
    /// call).
    #[test]
    fn code_assigned_after_the_version_check_is_not_run_under_the_old_guard() {
        let rt = Runtime::new(RuntimeOptions::default());
        let m = rt
            .load_module(
                "swap",
                "def f(x):\n    return x + 1\ndef g(x):\n    yield x\n",
            )
            .expect("module");
        let vm = Vm::new(rt.interp().clone(), 1 << 20, false);
        let module = Value::Obj(m.object().clone());
        let (f, g) = (attr(&vm, &module, "f"), attr(&vm, &module, "g"));
        let callable = Value::Obj(f.clone());
        let units = specialized_call(&callable, &[Value::Int(1)], Opcode::CALL_PY_EXACT_ARGS);
        let Payload::Function(gf) = &g.payload else {
            panic!("g is not a function");
        };
        let generator_code = gf.code();
        let target = f.clone();
        interleave::at(interleave::Point::FunctionVersionChecked, move || {
            let Payload::Function(ff) = &target.payload else {
                panic!("f is not a function");
            };
            ff.replace_state(|s| FuncState {
                code: generator_code,
                defaults: s.defaults.clone(),
                kwdefaults: s.kwdefaults.clone(),
            });
        });
        let mut tail = [Value::Null, Value::Int(1)];
        let r = fast(
            &vm,
            Opcode::CALL_PY_EXACT_ARGS,
            0,
            &units,
            &callable,
            &mut tail,
        );
        assert!(interleave::ran(), "the assignment landed inside the hit");
        match r {
            Some(Ok(Value::Int(2))) => {}
            Some(Ok(_)) => panic!("the hit ran another code under the old guard"),
            Some(Err(_)) => panic!("the hit ran the generator's code as a plain call"),
            None => panic!("the guard had passed before the assignment"),
        }
        // The next call sees the new version and misses.
        let mut tail = [Value::Null, Value::Int(1)];
        assert!(fast(
            &vm,
            Opcode::CALL_PY_EXACT_ARGS,
            0,
            &units,
            &callable,
            &mut tail
        )
        .is_none());
    }

    /// A class changed between ALLOC_AND_ENTER_INIT's lookups and the
    /// recording of its version: the version was assigned before the
    /// lookups, so the change invalidated it and the cached `__init__` of
    /// the earlier state is never run.
    #[test]
    fn a_class_changed_during_the_init_attempt_is_not_cached_under_a_fresh_version() {
        let rt = Runtime::new(RuntimeOptions::default());
        let m = rt
            .load_module(
                "inits",
                "class C:\n    def __init__(self, x):\n        self.x = x\n\
                 def init10(self, x):\n    self.x = x * 10\n",
            )
            .expect("module");
        let vm = Vm::new(rt.interp().clone(), 1 << 20, false);
        let module = Value::Obj(m.object().clone());
        let (c, init10) = (attr(&vm, &module, "C"), attr(&vm, &module, "init10"));
        let class = c.clone();
        interleave::at(interleave::Point::InitLookedUp, move || {
            // What `C.__init__ = init10` does: the namespace written
            // between two invalidations of the version.
            let td = class.type_data_of_self();
            let Payload::Dict(d) = &td.dict.payload else {
                panic!("class namespace is a dict");
            };
            td.change(|| d.set_str(crate::strobj::intern("__init__"), Value::Obj(init10)));
        });
        let callable = Value::Obj(c.clone());
        let units = specialized_call(
            &callable,
            &[Value::Int(7)],
            Opcode::CALL_ALLOC_AND_ENTER_INIT,
        );
        assert!(interleave::ran(), "the change landed inside the attempt");
        let mut tail = [Value::Null, Value::Int(7)];
        let instance = match fast(
            &vm,
            Opcode::CALL_ALLOC_AND_ENTER_INIT,
            0,
            &units,
            &callable,
            &mut tail,
        ) {
            Some(r) => r.expect("instance"),
            None => vm.call(&callable, &[Value::Int(7)]).expect("instance"),
        };
        assert!(
            matches!(vm.get_attr_str(&instance, "x"), Ok(Value::Int(70))),
            "the __init__ of the class's earlier state ran"
        );
    }
}
