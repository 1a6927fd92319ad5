//! Argument parsing for native functions: arity checks and binding of
//! positional/keyword arguments by name, with CPython-style messages.

use crate::function::CallArgs;
use crate::value::Value;
use crate::vm::{PyErr, PyResult, Vm};

/// Checks that there are between `min` and `max` positional arguments
/// (receiver included for methods) and no keyword arguments. Inline: a
/// native method's every call passes here, and the test is two compares;
/// the error is built out of line.
#[inline(always)]
pub fn arg_count(vm: &Vm, name: &str, args: &CallArgs, min: usize, max: usize) -> PyResult<()> {
    let n = args.pos().len();
    if args.has_kwargs() || n < min || n > max {
        return Err(arg_count_error(vm, name, args, min, max));
    }
    Ok(())
}

/// The TypeError of a call that `arg_count` refused.
#[cold]
#[inline(never)]
fn arg_count_error(vm: &Vm, name: &str, args: &CallArgs, min: usize, max: usize) -> PyErr {
    if args.has_kwargs() {
        return vm.type_error(format!("{name}() takes no keyword arguments"));
    }
    let n = args.pos().len();
    let (lo, hi, got) = (
        min.saturating_sub(1),
        max.saturating_sub(1),
        n.saturating_sub(1),
    );
    vm.type_error(if lo == hi {
        match lo {
            0 => format!("{name}() takes no arguments ({got} given)"),
            1 => format!("{name}() takes exactly one argument ({got} given)"),
            _ => format!("{name}() takes exactly {lo} arguments ({got} given)"),
        }
    } else if n < min {
        format!(
            "{name} expected at least {lo} argument{}, got {got}",
            if lo == 1 { "" } else { "s" }
        )
    } else {
        format!(
            "{name} expected at most {hi} argument{}, got {got}",
            if hi == 1 { "" } else { "s" }
        )
    })
}

/// Arguments bound to parameter slots.
pub struct Args {
    slots: Vec<Option<Value>>,
}

impl Args {
    /// Binds `args` to `positional` names (which may also be passed by
    /// keyword) followed by `keyword_only` names; the first `required`
    /// positional parameters must be present.
    pub fn parse(
        vm: &Vm,
        fname: &str,
        args: CallArgs,
        positional: &[&str],
        keyword_only: &[&str],
        required: usize,
    ) -> PyResult<Args> {
        let pos = args.pos();
        if pos.len() > positional.len() {
            return Err(vm.type_error(format!(
                "{}() takes at most {} positional argument{} ({} given)",
                fname,
                positional.len(),
                if positional.len() == 1 { "" } else { "s" },
                pos.len()
            )));
        }
        let mut slots: Vec<Option<Value>> = vec![None; positional.len() + keyword_only.len()];
        for (i, v) in pos.iter().enumerate() {
            slots[i] = Some(v.clone());
        }
        for (k, v) in args.kwargs() {
            let idx = positional
                .iter()
                .chain(keyword_only.iter())
                .position(|n| *n == k);
            match idx {
                Some(i) => {
                    if slots[i].is_some() {
                        return Err(vm.type_error(format!(
                            "argument for {fname}() given by name ('{k}') and position ({})",
                            i + 1
                        )));
                    }
                    slots[i] = Some(v.clone());
                }
                None => {
                    return Err(vm.type_error(format!(
                        "{fname}() got an unexpected keyword argument '{k}'"
                    )))
                }
            }
        }
        for (i, s) in slots.iter().enumerate().take(required) {
            if s.is_none() {
                return Err(vm.type_error(format!(
                    "{}() missing required argument '{}' (pos {})",
                    fname,
                    positional[i],
                    i + 1
                )));
            }
        }
        Ok(Args { slots })
    }

    /// The i-th slot, if given.
    pub fn get(&self, i: usize) -> Option<&Value> {
        self.slots.get(i).and_then(|s| s.as_ref())
    }

    /// The i-th slot or a default.
    pub fn get_or(&self, i: usize, default: Value) -> Value {
        self.get(i).cloned().unwrap_or(default)
    }
}
