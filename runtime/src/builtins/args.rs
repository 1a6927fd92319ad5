//! Argument parsing for native functions: arity checks and binding of
//! positional/keyword arguments by name, with CPython-style messages.

use crate::function::CallArgs;
use crate::value::Value;
use crate::vm::{PyErr, PyResult, Vm};

/// How a native callable reports a wrong argument count, after the CPython
/// calling convention it stands for.
#[derive(Clone, Copy)]
enum Convention {
    /// A method of a built-in type: the receiver is the first argument
    /// and counted in the bounds; a fixed count of 0 or 1 is reported as
    /// `list.append() takes exactly one argument (0 given)`.
    Method,
    /// A function of the module named (`""` for the builtins): a fixed
    /// count of 0 or 1 is reported with the qualified name (`len() takes
    /// exactly one argument (0 given)`, `math.sqrt() takes ...`), any
    /// other with the plain one.
    Function(&'static str),
    /// A callable checked the way Argument Clinic's positional check does
    /// (`reversed`, `filter`): every count as `reversed expected 1
    /// argument, got 0`.
    Positional,
}

/// Checks that a method of a built-in type gets between `min` and `max`
/// positional arguments (receiver included) and no keyword arguments.
/// Inline: a native method's every call passes here, and the test is two
/// compares; the error is built out of line.
#[inline(always)]
pub fn arg_count(vm: &Vm, name: &str, args: &CallArgs, min: usize, max: usize) -> PyResult<()> {
    Convention::Method.check(vm, name, args, (min, max))
}

/// `arg_count` for a built-in function (`len`): there is no receiver.
#[inline(always)]
pub fn fn_arg_count(vm: &Vm, name: &str, args: &CallArgs, min: usize, max: usize) -> PyResult<()> {
    Convention::Function("").check(vm, name, args, (min, max))
}

/// `fn_arg_count` for a function of `module` (`math.sqrt`).
#[inline(always)]
pub fn module_fn_arg_count(
    vm: &Vm,
    module: &'static str,
    name: &str,
    args: &CallArgs,
    min: usize,
    max: usize,
) -> PyResult<()> {
    Convention::Function(module).check(vm, name, args, (min, max))
}

/// `arg_count` for a callable that CPython checks with Argument Clinic's
/// positional check (types such as `reversed` and `filter`); there is no
/// receiver.
#[inline(always)]
pub fn positional_arg_count(
    vm: &Vm,
    name: &str,
    args: &CallArgs,
    min: usize,
    max: usize,
) -> PyResult<()> {
    Convention::Positional.check(vm, name, args, (min, max))
}

impl Convention {
    /// The test behind the `*arg_count` functions: `bounds` are the
    /// inclusive (min, max) of the positional arguments.
    #[inline(always)]
    fn check(self, vm: &Vm, name: &str, args: &CallArgs, bounds: (usize, usize)) -> PyResult<()> {
        let n = args.pos().len();
        if args.has_kwargs() || n < bounds.0 || n > bounds.1 {
            return Err(self.error(vm, name, args, bounds));
        }
        Ok(())
    }

    /// The TypeError of a call that `check` refused.
    #[cold]
    #[inline(never)]
    fn error(self, vm: &Vm, name: &str, args: &CallArgs, (min, max): (usize, usize)) -> PyErr {
        // The name as CPython qualifies it: by the type that defines a
        // method (the receiver's nearest built-in class), by the module of
        // a module's function.
        let called = match self {
            Convention::Method => match args.pos().first() {
                Some(receiver) => format!("{}.{name}", builtin_owner_name(receiver)),
                None => name.to_string(),
            },
            Convention::Function(module) if !module.is_empty() => format!("{module}.{name}"),
            Convention::Function(_) | Convention::Positional => name.to_string(),
        };
        if args.has_kwargs() {
            return vm.type_error(format!("{called}() takes no keyword arguments"));
        }
        let n = args.pos().len();
        let message = match self {
            Convention::Method => {
                let skip = |k: usize| k.saturating_sub(1);
                arity_message(&called, name, skip(min), skip(max), skip(n))
            }
            Convention::Function(_) => arity_message(&called, name, min, max, n),
            Convention::Positional => positional_message(name, min, max, n),
        };
        vm.type_error(message)
    }
}

/// The name of the nearest built-in class of `v`'s class (the class
/// itself for an instance of a built-in type).
fn builtin_owner_name(v: &Value) -> String {
    let cls = crate::builtins::types::class_of(v).type_data_of_self();
    cls.with_mro(|mro| {
        mro.iter()
            .map(|c| c.type_data_of_self())
            .find(|t| t.builtin)
            .map(|t| t.name())
    })
    .unwrap_or_else(|| cls.name())
}

/// CPython's message for a native function or method called with `got`
/// arguments where it takes `lo` to `hi` (receivers not counted): a fixed
/// count of 0 or 1 as `called() takes exactly one argument (2 given)`
/// (`called` qualified: `list.append`, `math.sqrt`), any other count as
/// Argument Clinic's positional check reports it under `name`.
pub fn arity_message(called: &str, name: &str, lo: usize, hi: usize, got: usize) -> String {
    match (lo, hi) {
        (0, 0) => format!("{called}() takes no arguments ({got} given)"),
        (1, 1) => format!("{called}() takes exactly one argument ({got} given)"),
        _ => positional_message(name, lo, hi, got),
    }
}

/// Argument Clinic's positional check (`_PyArg_CheckPositional`):
/// `name expected 2 arguments, got 1`, `name expected at least 1
/// argument, got 0`, `name expected at most 2 arguments, got 3`.
fn positional_message(name: &str, lo: usize, hi: usize, got: usize) -> String {
    let (bound, n) = if got < lo {
        ("at least ", lo)
    } else {
        ("at most ", hi)
    };
    let bound = if lo == hi { "" } else { bound };
    let plural = if n == 1 { "" } else { "s" };
    format!("{name} expected {bound}{n} argument{plural}, got {got}")
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
