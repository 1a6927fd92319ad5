//! Native monitoring tools: the [`Tool`] trait a Rust host implements to
//! receive `sys.monitoring` events without a Python callback per event,
//! its dispatch from the runtime's delivery (`monitoring::deliver`), and
//! the tools the `weft run` command line ships on it: line coverage
//! ([`coverage`]), a deterministic profiler ([`profile`]) and a line
//! tracer ([`trace`]).
//!
//! A native tool takes one of the six tool ids, exactly as a Python tool
//! does (`sys.monitoring.get_tool(id)` names it), and is attached to one
//! [`crate::Runtime`]: only threads of that runtime call it, although the
//! instrumentation of the (process-wide) code objects is shared.

pub mod coverage;
pub mod profile;
pub mod trace;

use crate::code::CodeObject;
use crate::value::Value;
pub use weft_instrumentation::events::{self, EventSet};

/// What a tool asks for after a local event: keep delivering it at this
/// location, or turn the location off for this tool until
/// `sys.monitoring.restart_events()` (`sys.monitoring.DISABLE`).
/// `Disable` from a non-local event is refused as CPython refuses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Action {
    /// Go on delivering the event here.
    #[default]
    Continue,
    /// Stop delivering this event at this location to this tool.
    Disable,
}

/// Where an event happened: a code object and the offset (in bytes, as
/// CPython reports it) of the instruction that raised it.
#[derive(Clone, Copy)]
pub struct Location {
    /// The code object running.
    pub code: &'static CodeObject,
    /// The instruction's offset in bytes (two per code unit).
    pub offset: usize,
}

impl Location {
    /// The source line of the instruction.
    pub fn line(&self) -> u32 {
        self.code.line_at(self.offset / 2)
    }

    /// `co_filename`
    pub fn filename(&self) -> &'static str {
        &self.code.filename
    }

    /// `co_qualname`
    pub fn qualname(&self) -> &'static str {
        &self.code.qualname
    }
}

/// A native monitoring tool: one method per `sys.monitoring` event, each
/// with the arguments a Python callback gets after `(code, offset)`. The
/// runtime calls a method only for events in [`Tool::events`] (set when the
/// tool is attached), from whichever thread raised the event, so a tool
/// keeps its state behind its own synchronisation. No event is delivered
/// to any tool while a tool's method runs on the same thread.
///
/// ```
/// use std::sync::atomic::{AtomicU64, Ordering};
/// use std::sync::Arc;
/// use weft::tools::{events, Action, EventSet, Location, Tool};
/// use weft::{Runtime, RuntimeOptions};
///
/// #[derive(Default)]
/// struct CountCalls(AtomicU64);
/// impl Tool for CountCalls {
///     fn events(&self) -> EventSet {
///         events::PY_START
///     }
///     fn py_start(&self, at: &Location) -> Action {
///         if at.qualname() == "f" {
///             self.0.fetch_add(1, Ordering::Relaxed);
///         }
///         Action::Continue
///     }
/// }
///
/// let rt = Runtime::new(RuntimeOptions::default());
/// let counter = Arc::new(CountCalls::default());
/// rt.attach_tool(3, "calls", counter.clone()).unwrap();
/// let m = rt.load_module("m", "def f(n):\n    return n\nfor i in range(10):\n    f(i)\n").unwrap();
/// rt.detach_tool(3);
/// assert_eq!(counter.0.load(Ordering::Relaxed), 10);
/// # drop(m);
/// ```
#[allow(unused_variables)]
pub trait Tool: Send + Sync {
    /// The events this tool takes, a set of [`events`] bits (C_RETURN and
    /// C_RAISE come together, and with CALL).
    fn events(&self) -> EventSet;

    /// A Python function's frame starts (PY_START).
    fn py_start(&self, at: &Location) -> Action {
        Action::Continue
    }
    /// A generator or coroutine resumes (PY_RESUME).
    fn py_resume(&self, at: &Location) -> Action {
        Action::Continue
    }
    /// A frame returns `value` (PY_RETURN).
    fn py_return(&self, at: &Location, value: &Value) -> Action {
        Action::Continue
    }
    /// A generator or coroutine yields `value` (PY_YIELD).
    fn py_yield(&self, at: &Location, value: &Value) -> Action {
        Action::Continue
    }
    /// A frame is left by an exception (PY_UNWIND).
    fn py_unwind(&self, at: &Location, exception: &Value) {}
    /// An exception is thrown into a suspended generator (PY_THROW).
    fn py_throw(&self, at: &Location, exception: &Value) {}
    /// A call is about to run; `arg0` is its first argument or
    /// `sys.monitoring.MISSING` (CALL).
    fn call(&self, at: &Location, callable: &Value, arg0: &Value) -> Action {
        Action::Continue
    }
    /// A call of a callable that is not a Python function returned (C_RETURN).
    fn c_return(&self, at: &Location, callable: &Value, arg0: &Value) {}
    /// A call of a callable that is not a Python function raised (C_RAISE).
    fn c_raise(&self, at: &Location, callable: &Value, arg0: &Value) {}
    /// An instruction starts a new line (LINE).
    fn line(&self, at: &Location, line: u32) -> Action {
        Action::Continue
    }
    /// An instruction is about to run (INSTRUCTION).
    fn instruction(&self, at: &Location) -> Action {
        Action::Continue
    }
    /// An unconditional jump to the byte offset `destination` (JUMP).
    fn jump(&self, at: &Location, destination: usize) -> Action {
        Action::Continue
    }
    /// A conditional branch went on at `destination` (BRANCH).
    fn branch(&self, at: &Location, destination: usize) -> Action {
        Action::Continue
    }
    /// An artificial StopIteration (STOP_ITERATION).
    fn stop_iteration(&self, at: &Location, exception: &Value) -> Action {
        Action::Continue
    }
    /// An exception is raised (RAISE).
    fn raise(&self, at: &Location, exception: &Value) {}
    /// An exception is re-raised (RERAISE).
    fn reraise(&self, at: &Location, exception: &Value) {}
    /// An exception is about to be handled (EXCEPTION_HANDLED).
    fn exception_handled(&self, at: &Location, exception: &Value) {}
}

/// The argument at `i` of an event (None when it is missing).
fn arg(args: &[Value], i: usize) -> &Value {
    const NONE: &Value = &Value::None;
    args.get(i).unwrap_or(NONE)
}

/// An integer argument (a line or an offset) of an event.
fn int_arg(args: &[Value], i: usize) -> i64 {
    match arg(args, i) {
        Value::Int(n) => *n,
        _ => 0,
    }
}

/// Calls the method of `tool` for `event`, with the arguments the runtime
/// builds for a Python callback after `(code, offset)`.
pub(crate) fn dispatch(tool: &dyn Tool, event: EventSet, at: &Location, args: &[Value]) -> Action {
    let a0 = arg(args, 0);
    match event {
        events::PY_START => tool.py_start(at),
        events::PY_RESUME => tool.py_resume(at),
        events::PY_RETURN => tool.py_return(at, a0),
        events::PY_YIELD => tool.py_yield(at, a0),
        events::CALL => tool.call(at, a0, arg(args, 1)),
        events::LINE => tool.line(at, int_arg(args, 0) as u32),
        events::INSTRUCTION => tool.instruction(at),
        events::JUMP => tool.jump(at, int_arg(args, 0) as usize),
        events::BRANCH => tool.branch(at, int_arg(args, 0) as usize),
        events::STOP_ITERATION => tool.stop_iteration(at, a0),
        other => {
            match other {
                events::PY_UNWIND => tool.py_unwind(at, a0),
                events::PY_THROW => tool.py_throw(at, a0),
                events::C_RETURN => tool.c_return(at, a0, arg(args, 1)),
                events::C_RAISE => tool.c_raise(at, a0, arg(args, 1)),
                events::RAISE => tool.raise(at, a0),
                events::RERAISE => tool.reraise(at, a0),
                events::EXCEPTION_HANDLED => tool.exception_handled(at, a0),
                _ => {}
            }
            Action::Continue
        }
    }
}

/// `filename` relative to the working directory when it lies inside it
/// (as coverage.py names files), else as it is.
pub fn relative_to_cwd(filename: &str) -> String {
    let relative = std::env::current_dir().ok().and_then(|cwd| {
        std::path::Path::new(filename)
            .strip_prefix(&cwd)
            .ok()
            .map(|p| p.to_string_lossy().into_owned())
    });
    relative.unwrap_or_else(|| filename.to_string())
}

/// True when code of `filename` is not one of the program's files: a
/// bundled module (`<weft-lib>/...`) or text such as `<string>` (the
/// command-line coverage reports only the program's own files).
pub fn is_bundled_file(filename: &str) -> bool {
    filename.starts_with('<')
}
