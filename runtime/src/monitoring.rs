//! `sys.monitoring` in the runtime (PEP 669): the process-wide monitor
//! and tool registry (names and callbacks), the registry of loaded code
//! objects that `set_events` instruments before it returns, the line
//! starts that LINE markers go on, and the delivery of every event: by
//! the instrumented opcodes the eval loop runs (`run_twin`, `marker`,
//! `resumed`) and from its exception paths (`raised`, `reraised`,
//! `handled`, `unwound`, `thrown`).
//!
//! The opcode bytes are changed only by `weft_instrumentation`'s
//! `CodeMonitor` through the specializer's writers; this module decides
//! when (on a change of event sets, at `RESUME` when the code's version is
//! stale, on `DISABLE`) and calls the tools.
//!
//! The monitoring state is one per process, shared by every `Runtime` in
//! it (CPython keeps one per interpreter): code objects live for the
//! process, and their instrumented versions are compared against it.

use crate::builtins::types::types;
use crate::code::CodeObject;
use crate::eval::Frame;
use crate::object::{Object, Payload};
use crate::tools::{Action, Tool};
use crate::value::{ObjRef, Value};
use crate::vm::Interp;
use crate::vm::{PyErr, PyResult, Vm};
use parking_lot::{Mutex, RwLock};
use std::sync::{Arc, OnceLock, Weak};
use weft_instrumentation::events::{self, EventSet};
use weft_instrumentation::monitor::SlotKind;
use weft_instrumentation::{Monitor, TOOLS};
use weft_specializer::Opcode;

/// The process-wide monitoring state (event sets and version).
pub static MONITOR: Monitor = Monitor::new();

/// Events with a callback slot: PY_START .. C_RAISE.
const EVENT_KINDS: usize = events::NAMED.len();

/// One tool id's registration.
struct Registration {
    /// `use_tool_id`'s name; `None` when the id is free.
    name: Option<String>,
    /// The callback per event (bit number), `None` when unset.
    callbacks: [Value; EVENT_KINDS],
    /// A native tool holding the id (its methods replace the callbacks).
    native: Option<NativeTool>,
}

/// A native tool and the interpreter it was attached to (other
/// interpreters' threads do not call it; the weak reference keeps the
/// address from being reused by a later interpreter).
#[derive(Clone)]
struct NativeTool {
    tool: Arc<dyn Tool>,
    interp: Weak<Interp>,
}

/// Who takes an event for one tool id on this thread.
enum Handler {
    Nobody,
    Python(Value),
    Native(Arc<dyn Tool>),
}

const NO_CALLBACK: Value = Value::None;
const FREE_TOOL: Registration = Registration {
    name: None,
    callbacks: [NO_CALLBACK; EVENT_KINDS],
    native: None,
};

static TOOL_REGISTRY: RwLock<[Registration; TOOLS]> = RwLock::new([FREE_TOOL; TOOLS]);

/// Every code object loaded in the process (they are never freed).
static ALL_CODE: Mutex<Vec<&'static CodeObject>> = Mutex::new(Vec::new());

/// Records a newly loaded code object, so that later changes of event
/// sets reach it even while it runs.
pub fn register_code(code: &'static CodeObject) {
    ALL_CODE.lock().push(code);
}

/// The bit number of a single event bit.
fn event_index(event: EventSet) -> usize {
    event.trailing_zeros() as usize
}

/// `use_tool_id`: `Err` with CPython's message when the id is taken.
pub fn use_tool(tool: usize, name: String) -> Result<(), String> {
    let mut reg = TOOL_REGISTRY.write();
    if reg[tool].name.is_some() {
        return Err(format!("tool {tool} is already in use"));
    }
    reg[tool].name = Some(name);
    Ok(())
}

/// `free_tool_id`: the name and the callbacks go (as CPython 3.13 does,
/// the event sets are left as they are).
pub fn free_tool(tool: usize) {
    let mut reg = TOOL_REGISTRY.write();
    reg[tool] = FREE_TOOL;
}

/// `clear_tool_id`: the tool's events and callbacks go, its name stays.
pub fn clear_tool(tool: usize) {
    {
        let mut reg = TOOL_REGISTRY.write();
        reg[tool].callbacks = [NO_CALLBACK; EVENT_KINDS];
        reg[tool].native = None;
    }
    let codes: Vec<&'static CodeObject> = ALL_CODE.lock().clone();
    for code in codes {
        if code.monitor.local_events(tool) != 0 {
            code.monitor.set_local_events(&MONITOR, tool, 0);
        }
    }
    set_events(tool, 0);
}

/// `get_tool`: the tool's name, if the id is in use.
pub fn tool_name(tool: usize) -> Option<String> {
    TOOL_REGISTRY.read()[tool].name.clone()
}

/// True when the id is in use.
pub fn tool_in_use(tool: usize) -> bool {
    TOOL_REGISTRY.read()[tool].name.is_some()
}

/// `register_callback` for one event bit: the previous callback.
pub fn register_callback(tool: usize, event: EventSet, callback: Value) -> Value {
    let mut reg = TOOL_REGISTRY.write();
    std::mem::replace(&mut reg[tool].callbacks[event_index(event)], callback)
}

/// Who takes `event` for `tool` on a thread of `vm`'s interpreter.
fn handler(vm: &Vm, tool: usize, event: EventSet) -> Handler {
    let reg = TOOL_REGISTRY.read();
    let entry = &reg[tool];
    if let Some(native) = &entry.native {
        return if std::ptr::eq(native.interp.as_ptr(), Arc::as_ptr(&vm.interp)) {
            Handler::Native(native.tool.clone())
        } else {
            Handler::Nobody
        };
    }
    match &entry.callbacks[event_index(event)] {
        Value::None => Handler::Nobody,
        callback => Handler::Python(callback.clone()),
    }
}

/// Attaches a native tool to the id `tool` for the threads of `interp`:
/// the id is taken under `name` (`Err` with CPython's message when it is
/// in use) and the tool's events are set, every loaded code object
/// instrumented before this returns.
pub fn attach_native(
    interp: &Arc<Interp>,
    tool: usize,
    name: &str,
    native: Arc<dyn Tool>,
) -> Result<(), String> {
    if tool >= TOOLS {
        return Err(format!(
            "invalid tool {tool} (must be between 0 and {})",
            TOOLS - 1
        ));
    }
    let set = native.events();
    events::check_global(i64::from(set)).map_err(|e| e.to_string())?;
    {
        let mut reg = TOOL_REGISTRY.write();
        if reg[tool].name.is_some() {
            return Err(format!("tool {tool} is already in use"));
        }
        reg[tool].name = Some(name.to_string());
        reg[tool].native = Some(NativeTool {
            tool: native,
            interp: Arc::downgrade(interp),
        });
    }
    set_events(tool, set);
    Ok(())
}

/// Detaches whatever tool holds the id: its events are cleared (every
/// code object de-instrumented for it before this returns) and the id is
/// freed.
pub fn detach(tool: usize) {
    if tool < TOOLS {
        clear_tool(tool);
        free_tool(tool);
    }
}

/// Every code object loaded so far (for tools' reports).
pub fn loaded_code() -> Vec<&'static CodeObject> {
    ALL_CODE.lock().clone()
}

/// `set_events`: stores the set (validated) and instruments every code
/// object before returning, so that every execution that begins after it
/// returns raises the events, on any thread.
pub fn set_events(tool: usize, set: EventSet) {
    MONITOR.set_events(tool, set);
    bring_all_up_to_date();
}

/// `set_local_events` for one code object.
pub fn set_local_events(code: &'static CodeObject, tool: usize, set: EventSet) {
    code.monitor.set_local_events(&MONITOR, tool, set);
    bring_up_to_date(code);
}

/// `restart_events`: every `DISABLE`d location is instrumented again.
pub fn restart_events() {
    let codes: Vec<&'static CodeObject> = ALL_CODE.lock().clone();
    MONITOR.restart_events(codes.iter().map(|code| &code.monitor));
    bring_all_up_to_date();
}

fn bring_all_up_to_date() {
    let codes: Vec<&'static CodeObject> = ALL_CODE.lock().clone();
    for code in codes {
        if code.monitor.is_stale(&MONITOR) {
            bring_up_to_date(code);
        }
    }
}

/// Instruments `code` for the current event sets (`RESUME` calls this
/// when the code's version is stale).
#[cold]
pub fn bring_up_to_date(code: &'static CodeObject) {
    code.monitor.ensure_current(&MONITOR, &code.units, code);
}

/// The offset CPython reports for unit `index` (bytes: two per unit).
fn offset_of(index: usize) -> Value {
    Value::Int(2 * index as i64)
}

/// A sentinel object (`DISABLE`, `MISSING`): a bare `object()`.
fn sentinel(cell: &'static OnceLock<ObjRef>) -> Value {
    Value::Obj(
        cell.get_or_init(|| ObjRef::new_immortal(Object::new(types().object, Payload::Plain)))
            .clone(),
    )
}

/// `sys.monitoring.DISABLE`
pub fn disable_sentinel() -> Value {
    static DISABLE: OnceLock<ObjRef> = OnceLock::new();
    sentinel(&DISABLE)
}

/// `sys.monitoring.MISSING`
pub fn missing_sentinel() -> Value {
    static MISSING: OnceLock<ObjRef> = OnceLock::new();
    sentinel(&MISSING)
}

/// The event's name, for messages.
fn event_name(event: EventSet) -> &'static str {
    events::NAMED[event_index(event)].0
}

/// Where an event comes from: a location that `DISABLE` can turn off
/// (its kind), or none (the non-local events).
#[derive(Clone, Copy)]
enum Site {
    Local(SlotKind),
    NonLocal,
}

/// Delivers `event` at unit `index` of `code` to every tool that takes
/// it there (see `call_tools`); nothing while a callback runs on this
/// thread.
fn deliver(
    vm: &Vm,
    code: &'static CodeObject,
    index: usize,
    event: EventSet,
    site: Site,
    args: &[Value],
) -> PyResult<()> {
    if vm.monitoring_callback.get() {
        return Ok(());
    }
    let tools = match site {
        Site::Local(kind) => code.monitor.tools_for(&MONITOR, event, index, kind),
        Site::NonLocal => (0..TOOLS)
            .filter(|&t| MONITOR.events(t) & event != 0)
            .fold(0u8, |m, t| m | 1 << t),
    };
    call_tools(vm, code, index, event, site, tools, args)
}

/// Calls each tool of the mask `tools` that has a handler for `event`, the
/// highest tool id first (as CPython calls them), a Python callback with
/// `(code, offset, *args)` (LINE: `(code, line)`) and a native tool's
/// method with the same arguments; no event is delivered while one runs
/// on this thread. A callback's exception propagates; `DISABLE` from a
/// local event turns the location off for that tool, from any other a
/// `ValueError` (and the callback is removed, as CPython does).
fn call_tools(
    vm: &Vm,
    code: &'static CodeObject,
    index: usize,
    event: EventSet,
    site: Site,
    tools: u8,
    args: &[Value],
) -> PyResult<()> {
    if tools == 0 || vm.monitoring_callback.get() {
        return Ok(());
    }
    for tool in (0..TOOLS).rev() {
        if tools & (1 << tool) == 0 {
            continue;
        }
        let action = match handler(vm, tool, event) {
            Handler::Nobody => continue,
            Handler::Native(native) => {
                let at = crate::tools::Location {
                    code,
                    offset: 2 * index,
                };
                vm.monitoring_callback.set(true);
                let action = crate::tools::dispatch(&*native, event, &at, args);
                vm.monitoring_callback.set(false);
                action
            }
            Handler::Python(callback) => {
                let mut call_args = Vec::with_capacity(2 + args.len());
                call_args.push(code.as_value());
                if event != events::LINE {
                    call_args.push(offset_of(index));
                }
                call_args.extend_from_slice(args);
                vm.monitoring_callback.set(true);
                let result = vm.call(&callback, &call_args);
                vm.monitoring_callback.set(false);
                if result?.is(&disable_sentinel()) {
                    Action::Disable
                } else {
                    Action::Continue
                }
            }
        };
        if action == Action::Disable {
            match site {
                Site::Local(kind) => {
                    code.monitor
                        .disable(&MONITOR, &code.units, index, kind, tool, code)
                }
                Site::NonLocal => {
                    register_callback(tool, event, Value::None);
                    return Err(vm.value_error(format!(
                        "Cannot disable {} events. Callback removed.",
                        event_name(event)
                    )));
                }
            }
        }
    }
    Ok(())
}

/// True when some tool has `event` in its global set (the exception
/// paths' test before they build an event's arguments).
#[inline]
fn wanted_globally(event: EventSet) -> bool {
    (0..TOOLS).any(|t| MONITOR.events(t) & event != 0)
}

/// A line or instruction marker at unit `index`: raises LINE (at a line
/// start the frame did not reach by a jump from the same line) and
/// INSTRUCTION as the tools want them; the opcode it displaced, which the
/// dispatch loop runs next.
#[cold]
pub fn marker(vm: &Vm, f: &mut Frame, op: Opcode, index: usize) -> PyResult<Opcode> {
    let code = f.code;
    // The marker `op` was read at `index`; its record outlives its removal.
    let Some(displaced) = code.units.displaced_by_marker(index) else {
        return Err(vm.new_error(
            types().exc.system_error,
            "a marker with no displaced instruction",
        ));
    };
    if code.is_line_start(index) {
        let line = code.line_at(index);
        let (from_code, from_line, to) = vm.jumped_from.replace((std::ptr::null(), 0, 0));
        let starts = if std::ptr::eq(from_code, code) && to == index {
            from_line != line
        } else if code.starts_line_only_after_instrumented_resume(index) {
            code.resume_is_instrumented()
        } else {
            code.starts_line_in_order(index)
        };
        if starts {
            deliver(
                vm,
                code,
                index,
                events::LINE,
                Site::Local(SlotKind::Line),
                &[Value::Int(line as i64)],
            )?;
        }
    }
    if op == Opcode::INSTRUMENTED_INSTRUCTION {
        deliver(
            vm,
            code,
            index,
            events::INSTRUCTION,
            Site::Local(SlotKind::Instruction),
            &[],
        )?;
    }
    Ok(displaced)
}

/// An instrumented `RESUME` (after the code was brought up to date):
/// PY_START for a function's or generator's first instruction (arg 0),
/// PY_RESUME after a `yield` or `await`.
#[cold]
pub fn resumed(vm: &Vm, f: &Frame, arg: u32, index: usize) -> PyResult<()> {
    vm.jumped_from.set((std::ptr::null(), 0, 0));
    let event = if arg == 0 {
        events::PY_START
    } else {
        events::PY_RESUME
    };
    deliver(vm, f.code, index, event, Site::Local(SlotKind::Twin), &[])
}

/// True for callables whose calls start a Python frame of their own (a
/// Python function, or a method bound to one): the CALL events of any
/// other callable come with C_RETURN or C_RAISE.
fn is_python_callable(v: &Value) -> bool {
    match v.as_obj().map(|o| &o.payload) {
        Some(Payload::Function(_)) => true,
        Some(Payload::BoundMethod(func, _)) => {
            matches!(
                func.as_obj().map(|o| &o.payload),
                Some(Payload::Function(_))
            )
        }
        _ => false,
    }
}

/// Records the line a jump left from (for the line marker it lands on)
/// and raises its JUMP or BRANCH event.
fn jumped(
    vm: &Vm,
    f: &mut Frame,
    index: usize,
    event: EventSet,
    destination: usize,
) -> PyResult<()> {
    let code = f.code;
    deliver(
        vm,
        code,
        index,
        event,
        Site::Local(SlotKind::Twin),
        &[offset_of(destination)],
    )?;
    vm.jumped_from.set((code, code.line_at(index), destination));
    Ok(())
}

/// The StopIteration a generator's return value makes, for STOP_ITERATION.
fn stop_iteration(vm: &Vm, value: Value) -> Value {
    Value::Obj(vm.new_exception(types().exc.stop_iteration, vec![value]))
}

/// Runs an instruction's instrumented twin: its events around the base
/// instruction's work. `f.ip` is past the instruction (and its cache).
#[cold]
pub(crate) fn run_twin(
    vm: &Vm,
    f: &mut Frame,
    op: Opcode,
    arg: u32,
    index: usize,
) -> PyResult<crate::eval::Flow> {
    use crate::eval::Flow;
    let code = f.code;
    let base = op.deopt();
    let twin = Site::Local(SlotKind::Twin);
    let after = index + 1 + base.cache_units();
    match base {
        Opcode::RETURN_VALUE | Opcode::YIELD_VALUE => {
            let v = f.stack.pop().unwrap_or(Value::None);
            let event = if base == Opcode::RETURN_VALUE {
                events::PY_RETURN
            } else {
                events::PY_YIELD
            };
            deliver(vm, code, index, event, twin, std::slice::from_ref(&v))?;
            Ok(if base == Opcode::RETURN_VALUE {
                Flow::Return(v)
            } else {
                Flow::Yield(v)
            })
        }
        Opcode::JUMP_FORWARD => {
            f.ip = after + arg as usize;
            jumped(vm, f, index, events::JUMP, after + arg as usize)?;
            Ok(Flow::Next)
        }
        Opcode::JUMP_BACKWARD => {
            let destination = after.saturating_sub(arg as usize);
            f.ip = destination;
            jumped(vm, f, index, events::JUMP, destination)?;
            vm.safepoint()?;
            Ok(Flow::Next)
        }
        Opcode::POP_JUMP_IF_FALSE
        | Opcode::POP_JUMP_IF_TRUE
        | Opcode::POP_JUMP_IF_NONE
        | Opcode::POP_JUMP_IF_NOT_NONE => {
            let v = f.stack.pop().unwrap_or(Value::None);
            let taken = match base {
                Opcode::POP_JUMP_IF_NONE => v.is_none(),
                Opcode::POP_JUMP_IF_NOT_NONE => !v.is_none(),
                _ => {
                    let b = match v {
                        Value::Bool(b) => b,
                        other => crate::ops::truthy(vm, &other)?,
                    };
                    b == (base == Opcode::POP_JUMP_IF_TRUE)
                }
            };
            let destination = if taken { after + arg as usize } else { after };
            f.ip = destination;
            jumped(vm, f, index, events::BRANCH, destination)?;
            Ok(Flow::Next)
        }
        Opcode::FOR_ITER => {
            let iterator = f.stack.last().cloned().unwrap_or(Value::None);
            let exit = after + arg as usize;
            let is_generator = matches!(
                iterator.as_obj().map(|o| &o.payload),
                Some(Payload::Generator(_))
            );
            if is_generator {
                use crate::builtins::generator::{send_to, SendResult};
                match send_to(vm, &iterator, Value::None)? {
                    SendResult::Yielded(v) => {
                        f.stack.push(v);
                        f.ip = after;
                    }
                    SendResult::Returned(r) => {
                        let stop = stop_iteration(vm, r);
                        deliver(vm, code, index, events::STOP_ITERATION, twin, &[stop])?;
                        f.stack.pop();
                        f.ip = exit;
                    }
                }
            } else {
                f.ip = after;
                crate::specialize::for_iter::execute(vm, f, Opcode::FOR_ITER, arg, index)?;
            }
            let destination = f.ip;
            jumped(vm, f, index, events::BRANCH, destination)?;
            Ok(Flow::Next)
        }
        Opcode::END_SEND => {
            let v = f.stack.pop().unwrap_or(Value::None);
            let receiver = f.stack.pop().unwrap_or(Value::None);
            if matches!(
                receiver.as_obj().map(|o| &o.payload),
                Some(Payload::Generator(_))
            ) {
                let stop = stop_iteration(vm, v.clone());
                deliver(vm, code, index, events::STOP_ITERATION, twin, &[stop])?;
            }
            f.stack.push(v);
            Ok(Flow::Next)
        }
        Opcode::CALL | Opcode::CALL_KW | Opcode::CALL_FUNCTION_EX => {
            let (callable, arg0) = call_site_operands(f, base, arg);
            deliver(
                vm,
                code,
                index,
                events::CALL,
                twin,
                &[callable.clone(), arg0.clone()],
            )?;
            f.ip = index + 1;
            let result = crate::eval::step_outlined(vm, f, base, arg, index);
            if !is_python_callable(&callable) {
                let event = match &result {
                    Ok(_) => events::C_RETURN,
                    Err(_) => events::C_RAISE,
                };
                let tools = code
                    .monitor
                    .tools_for(&MONITOR, events::CALL, index, SlotKind::Twin);
                let delivered = call_tools(
                    vm,
                    code,
                    index,
                    event,
                    Site::NonLocal,
                    tools,
                    &[callable, arg0],
                );
                // A callback's exception wins over the call's own.
                delivered?;
            }
            result
        }
        _ => {
            f.ip = index + 1;
            crate::eval::step_outlined(vm, f, base, arg, index)
        }
    }
}

/// The callable and first argument (`MISSING` when there is none) of the
/// call about to run at the top of `f`'s stack.
fn call_site_operands(f: &Frame, base: Opcode, arg: u32) -> (Value, Value) {
    let stack = &f.stack;
    let len = stack.len();
    let missing = missing_sentinel();
    match base {
        Opcode::CALL | Opcode::CALL_KW => {
            let extra = usize::from(base == Opcode::CALL_KW);
            let n = arg as usize;
            let Some(at) = len.checked_sub(n + 2 + extra) else {
                return (Value::None, missing);
            };
            let callable = stack[at].clone();
            let self_or_null = &stack[at + 1];
            let arg0 = if !self_or_null.is_null() {
                self_or_null.clone()
            } else if n > 0 {
                stack[at + 2].clone()
            } else {
                missing
            };
            (callable, arg0)
        }
        _ => {
            let extra = (arg & 1) as usize;
            let Some(at) = len.checked_sub(3 + extra) else {
                return (Value::None, missing);
            };
            let callable = stack[at].clone();
            let self_or_null = &stack[at + 1];
            let arg0 = if !self_or_null.is_null() {
                self_or_null.clone()
            } else {
                crate::builtins::tuple::tuple_items(&stack[at + 2])
                    .and_then(|items| items.first().cloned())
                    .unwrap_or(missing)
            };
            (callable, arg0)
        }
    }
}

/// Whether any tool takes an exception event (the unwinding loop's test).
#[inline]
pub fn exception_events_wanted() -> bool {
    wanted_globally(
        events::RAISE
            | events::RERAISE
            | events::EXCEPTION_HANDLED
            | events::PY_UNWIND
            | events::PY_THROW,
    )
}

/// An exception event at unit `index` of `code`: RAISE (raised by an
/// instruction or coming out of a call), RERAISE, EXCEPTION_HANDLED
/// (about to enter its handler), PY_UNWIND (leaving the frame) or
/// PY_THROW (thrown into a suspended generator). A callback's exception
/// replaces `err`.
#[cold]
pub fn exception_event(
    vm: &Vm,
    code: &'static CodeObject,
    index: usize,
    event: EventSet,
    err: PyErr,
) -> PyErr {
    if !wanted_globally(event) {
        return err;
    }
    let exc = Value::Obj(err.0.clone());
    match deliver(vm, code, index, event, Site::NonLocal, &[exc]) {
        Ok(()) => err,
        Err(replacement) => replacement,
    }
}

/// The tool id a `sys.monitoring` function was given, checked as CPython
/// checks it.
pub fn tool_id(vm: &Vm, v: &Value) -> PyResult<usize> {
    let id = crate::ops::index_i64(vm, v)?;
    if !(0..TOOLS as i64).contains(&id) {
        return Err(vm.value_error(format!(
            "invalid tool {id} (must be between 0 and {})",
            TOOLS - 1
        )));
    }
    Ok(id as usize)
}

/// An event set argument as an integer (TypeError for anything else).
pub fn event_set_arg(vm: &Vm, v: &Value) -> PyResult<i64> {
    crate::ops::index_i64(vm, v)
}

/// A `PyErr` for a refused event set.
pub fn event_set_error(vm: &Vm, e: events::EventSetError) -> PyErr {
    vm.value_error(e.to_string())
}
