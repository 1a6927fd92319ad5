//! `CALL` family: PY_EXACT_ARGS and BOUND_METHOD_EXACT_ARGS (a Python
//! function called with exactly its positional parameters: the frame is
//! filled directly, skipping argument binding), guarded by the function
//! version, which is reset to 0 for good when `__code__`, `__defaults__`
//! or `__kwdefaults__` change.

use super::{adapt, guard_for, miss, pack, stats, tag, version_of, Attempt};
use crate::eval::{run_frame, Exit, Frame};
use crate::function::{CallArgs, FunctionObj};
use crate::object::Payload;
use crate::value::Value;
use crate::vm::{PyResult, Vm};
use std::sync::atomic::Ordering;
use weft_specializer::Opcode;

fn exact_fit(f: &FunctionObj, nargs: usize) -> bool {
    let code = f.code();
    !code.flags.generator
        && !code.flags.varargs
        && !code.flags.varkeywords
        && code.kwonly_arg_count == 0
        && code.arg_count == nargs
}

fn attempt(callable: &Value, nargs_with_self: usize) -> Attempt {
    let Value::Obj(o) = callable else {
        return Err("not callable");
    };
    match &o.payload {
        Payload::Function(f) => {
            let v = f.version.load(Ordering::Acquire);
            if v == 0 {
                return Err("function version reset");
            }
            if !exact_fit(f, nargs_with_self) {
                return Err("not an exact positional call");
            }
            Ok((
                Opcode::CALL_PY_EXACT_ARGS,
                vec![
                    pack(Opcode::CALL_PY_EXACT_ARGS, v, 0).ok_or("no version")?,
                    0,
                ],
            ))
        }
        Payload::BoundMethod(func, _) => match func.as_obj().map(|x| &x.payload) {
            Some(Payload::Function(f)) => {
                let v = f.version.load(Ordering::Acquire);
                if v == 0 || !exact_fit(f, nargs_with_self + 1) {
                    return Err("bound method not an exact positional call");
                }
                Ok((
                    Opcode::CALL_BOUND_METHOD_EXACT_ARGS,
                    vec![
                        pack(Opcode::CALL_BOUND_METHOD_EXACT_ARGS, v, 0).ok_or("no version")?,
                        0,
                    ],
                ))
            }
            _ => Err("bound method of a non-Python function"),
        },
        Payload::Builtin(b) if b.bound.is_none() && o.is_immortal() => {
            let variant = if b.is_method {
                Opcode::CALL_METHOD_DESCRIPTOR_FAST
            } else {
                Opcode::CALL_BUILTIN_FAST
            };
            Ok((variant, vec![tag(variant), o.addr() as u64]))
        }
        Payload::Builtin(_) => Err("bound builtin method"),
        Payload::Type(t) if o.is_immortal() => {
            let variant = if t.builtin {
                Opcode::CALL_BUILTIN_CLASS
            } else {
                Opcode::CALL_ALLOC_AND_ENTER_INIT
            };
            Ok((variant, vec![tag(variant), o.addr() as u64]))
        }
        _ => Err("other callable"),
    }
}

/// Runs a Python function whose frame takes `args` positionally as is.
#[inline(always)]
fn call_exact(
    vm: &Vm,
    f: &FunctionObj,
    self_arg: Option<&Value>,
    args: &[Value],
) -> PyResult<Value> {
    let code = f.code();
    let mut frame = Frame::new(code, f.globals.clone(), None);
    let mut i = 0;
    if let Some(s) = self_arg {
        frame.locals[0] = s.clone();
        i = 1;
    }
    frame.locals[i..i + args.len()].clone_from_slice(args);
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

#[inline(always)]
fn fast(
    vm: &Vm,
    op: Opcode,
    guard: u32,
    callable: &Value,
    args: &[Value],
) -> Option<PyResult<Value>> {
    let Value::Obj(o) = callable else { return None };
    match (op, &o.payload) {
        (Opcode::CALL_PY_EXACT_ARGS, Payload::Function(f)) => {
            if f.version.load(Ordering::Acquire) == guard && guard != 0 && exact_fit(f, args.len())
            {
                return Some(call_exact(vm, f, None, args));
            }
            None
        }
        (Opcode::CALL_BOUND_METHOD_EXACT_ARGS, Payload::BoundMethod(Value::Obj(fo), recv)) => {
            match &fo.payload {
                Payload::Function(f)
                    if f.version.load(Ordering::Acquire) == guard
                        && guard != 0
                        && exact_fit(f, args.len() + 1) =>
                {
                    Some(call_exact(vm, f, Some(recv), args))
                }
                _ => None,
            }
        }
        _ => None,
    }
}

/// Executes any member of the family: `callable self|null args*n -- result`.
#[inline(always)]
pub fn execute(vm: &Vm, f: &mut Frame, op: Opcode, n: usize, at: usize) -> PyResult<()> {
    let base = f.stack.len() - n - 2;
    let r = {
        let (head, rest) = f.stack.split_at(base + 1);
        let callable = &head[base];
        let args = if rest[0].is_null() { &rest[1..] } else { rest };
        let units = &f.code.units;
        let by_identity = matches!(
            op,
            Opcode::CALL_BUILTIN_FAST
                | Opcode::CALL_METHOD_DESCRIPTOR_FAST
                | Opcode::CALL_BUILTIN_CLASS
                | Opcode::CALL_ALLOC_AND_ENTER_INIT
        );
        let identity_hit = if by_identity {
            match (units.read_payload2(at), callable) {
                (Some((g, ptr)), Value::Obj(o))
                    if g & 0xff == op as u8 as u64 && ptr == o.addr() as u64 =>
                {
                    Some(match &o.payload {
                        Payload::Builtin(b) => (b.func)(vm, CallArgs::positional(args)),
                        _ => {
                            crate::builtins::typecall::call_type(vm, o, CallArgs::positional(args))
                        }
                    })
                }
                _ => None,
            }
        } else {
            None
        };
        let hit = if identity_hit.is_some() {
            identity_hit
        } else if op.is_specialized() && !by_identity {
            fast(
                vm,
                op,
                guard_for(units, at, op).map(version_of).unwrap_or(0),
                callable,
                args,
            )
        } else {
            None
        };
        match hit {
            Some(r) => {
                stats::record(op.family(), stats::Event::Hit);
                r
            }
            None => {
                if op.is_specialized() {
                    miss(units, at, op, || attempt(callable, args.len()));
                } else {
                    stats::record(op.family(), stats::Event::Generic);
                    adapt(units, at, op, || attempt(callable, args.len()));
                }
                vm.call_args(callable, CallArgs::positional(args))
            }
        }
    }?;
    f.stack.truncate(base);
    f.stack.push(r);
    Ok(())
}
