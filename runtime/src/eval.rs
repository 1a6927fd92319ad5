//! The evaluation loop: frames, instruction dispatch over the shared code
//! units, exception unwinding through the exception table, and generator
//! resumption.
//!
//! Architecture Invariant: the loop reads opcodes only through
//! `CodeUnits::opcode` (an atomic load) and never holds a reference into
//! the code array across an instruction; the only writes to code units are
//! the specializer's and the instrumentation's compare-exchanges.

use crate::builtins::tuple::{new_tuple, tuple_items};
use crate::builtins::types::types;
use crate::code::CodeObject;
pub use crate::framestore::ValueStack;
use crate::framestore::{Block, Locals};
use crate::function::{CallArgs, FunctionObj};
use crate::object::{Object, Payload};
use crate::ops;
use crate::specialize;
use crate::strobj::{intern, new_str};
use crate::value::{ObjRef, Value};
use crate::vm::{PyErr, PyResult, Vm};
use std::sync::atomic::Ordering;
use weft_instrumentation::events;
use weft_specializer::{BinaryOperator, Opcode};

/// An executing or suspended frame.
pub struct Frame {
    /// The code being run.
    pub code: &'static CodeObject,
    /// Fast locals (`Null` = unbound).
    pub locals: Locals,
    /// Cells: cellvars then freevars.
    pub cells: Vec<ObjRef>,
    /// The value stack.
    pub stack: ValueStack,
    /// Index of the next code unit to execute.
    pub ip: usize,
    /// The globals dict object.
    pub globals: ObjRef,
    /// The namespace of module and class bodies.
    pub locals_dict: Option<ObjRef>,
    /// Unit index of the instruction that raised (for tracebacks).
    pub lasti: usize,
    /// The slots `locals` and (until it spills) `stack` live in.
    block: Option<Block>,
}

// A frame is moved by value (returned from `Frame::new`, boxed for a
// generator): small enough for the compiler to move it without a call.
// (Debug builds add the stack's staleness check, `framestore.rs`.)
#[cfg(not(debug_assertions))]
const _: () = assert!(std::mem::size_of::<Frame>() <= 128);

// SAFETY: a frame's raw slots are owned by the frame alone. A frame whose
// block is in its thread's arena is a local of the call running it and
// never leaves that thread; the one place a frame is kept beyond its call
// (a generator, which other threads may resume) moves it to the heap
// first (`Frame::detach`), and the arena's release check aborts on any
// block released out of order (tests in `framestore`).
unsafe impl Send for Frame {}

/// How a frame stopped.
pub enum Exit {
    /// `return v`
    Return(Value),
    /// `yield v` (the frame can be resumed).
    Yield(Value),
}

/// What an instruction did, for the dispatch loop.
pub(crate) enum Flow {
    Next,
    Return(Value),
    Yield(Value),
    Reraise(PyErr),
}

impl Drop for Frame {
    // Inline into the drop glue: one function ends a frame (the glue's own
    // prologue, and a call, less on every Python call).
    #[inline(always)]
    fn drop(&mut self) {
        // Values first (their drops may run code that takes blocks of its
        // own, released before this one), then the slots.
        self.locals.drop_values();
        self.stack.clear_unless_unwinding();
        if let Some(block) = self.block.take() {
            block.release();
        }
    }
}

impl Frame {
    /// A fresh frame for `code`.
    pub fn new(code: &'static CodeObject, globals: ObjRef, locals_dict: Option<ObjRef>) -> Frame {
        Frame::build(code, globals, locals_dict, std::iter::empty())
    }

    /// A fresh frame for a function's `code` whose first locals are
    /// `args` (at most as many as it has locals; the rest start unbound),
    /// written as the slots are initialized: a Python call's frame, with
    /// no second pass over its parameters. Out of line: inlined into the
    /// dispatch loop it moved the loop's register allocation and cost
    /// more than it saved (docs/PERFORMANCE.md, session 11, "Tried and
    /// dropped").
    #[inline(never)]
    pub fn with_args(
        code: &'static CodeObject,
        globals: ObjRef,
        args: impl Iterator<Item = Value>,
    ) -> Frame {
        Frame::build(code, globals, None, args)
    }

    #[inline(always)]
    fn build(
        code: &'static CodeObject,
        globals: ObjRef,
        locals_dict: Option<ObjRef>,
        args: impl Iterator<Item = Value>,
    ) -> Frame {
        let nlocals = code.varnames.len();
        let block = Block::take(nlocals + code.max_stack + 2);
        let base = block.ptr();
        let mut filled = 0;
        // SAFETY: the block has at least `nlocals` free slots; each is
        // written once (`filled` counts them, the argument loop stops at
        // `nlocals`), so all `nlocals` hold values for `slot_views`.
        unsafe {
            for v in args.take(nlocals) {
                base.as_ptr().add(filled).write(v);
                filled += 1;
            }
            for i in filled..nlocals {
                base.as_ptr().add(i).write(Value::Null);
            }
        }
        // SAFETY: the block was sized for `code` and its first `nlocals`
        // slots hold values (above); the frame drops the views' values
        // before it releases the block (`Drop for Frame`).
        let (locals, stack) = unsafe { slot_views(&block, code) };
        Frame {
            code,
            locals,
            cells: match code.cellvars.len() + code.freevars.len() {
                // Most functions have no cells: no capacity to work out.
                0 => Vec::new(),
                n => Vec::with_capacity(n),
            },
            stack,
            ip: 0,
            globals,
            locals_dict,
            lasti: 0,
            block: Some(block),
        }
    }

    /// Moves the frame's slots to the heap, so that it can outlive the
    /// call that created it (a generator's frame) and run on any thread.
    pub fn detach(&mut self) {
        let Some(block) = self.block.as_mut() else {
            return;
        };
        // The locals move with the block; the stack (empty for a frame that
        // has not run) is re-pushed onto the new one.
        let pending = self.stack.split_off_top(self.stack.len());
        block.move_to_heap(self.locals.len());
        // SAFETY: the heap block has the size of the old one, its first
        // slots hold the moved locals; as in `new`, the frame drops the
        // views' values before releasing it. The old views are replaced
        // (the old stack is empty, its drop frees only a spilled buffer).
        let (locals, stack) = unsafe { slot_views(block, self.code) };
        self.locals = locals;
        self.stack = stack;
        self.stack.extend(pending);
    }

    /// Creates the cells of cellvars (parameters move into theirs).
    #[inline(always)]
    pub fn init_cells(&mut self) {
        if !self.code.cellvars.is_empty() {
            self.make_cells();
        }
    }

    fn make_cells(&mut self) {
        for i in 0..self.code.cellvars.len() {
            let init = match self.code.cell2arg.get(i).copied().flatten() {
                Some(a) => self.locals.get(a as usize).cloned().unwrap_or(Value::Null),
                None => Value::Null,
            };
            self.cells.push(new_cell(init));
        }
    }
}

/// Views a frame block for `code`: its locals (the first
/// `code.varnames.len()` slots) and a value stack over the rest.
///
/// # Safety
/// `block` must have `code.varnames.len() + code.max_stack + 2` slots, the
/// first `code.varnames.len()` holding values; the views must not outlive
/// the block, and their values must be dropped before it is released.
unsafe fn slot_views(block: &Block, code: &CodeObject) -> (Locals, ValueStack) {
    let nlocals = code.varnames.len();
    let base = block.ptr();
    // SAFETY: the caller's contract: the block holds `nlocals` values and
    // then `max_stack + 2` free slots, which only the returned views use.
    unsafe {
        let stack_base = std::ptr::NonNull::new_unchecked(base.as_ptr().add(nlocals));
        (
            Locals::new(base, nlocals),
            ValueStack::in_block(stack_base, code.max_stack + 2),
        )
    }
}

/// A new cell object.
pub fn new_cell(v: Value) -> ObjRef {
    ObjRef::new(Object::new(
        types().cell,
        Payload::Cell(crate::objlock::ObjMutex::new(v)),
    ))
}

/// A cell's value (`Null` when empty).
#[inline]
pub(crate) fn cell_get(c: &ObjRef) -> Value {
    match &c.payload {
        Payload::Cell(m) => crate::objlock::load_value(m),
        _ => Value::Null,
    }
}

fn cell_set(c: &ObjRef, v: Value) {
    if let Payload::Cell(m) = &c.payload {
        drop(crate::objlock::swap_value(m, v));
    }
}

#[inline(always)]
fn pop(f: &mut Frame) -> Value {
    f.stack.pop().unwrap_or(Value::Null)
}

#[inline(always)]
fn top(f: &Frame) -> &Value {
    f.stack.last().unwrap_or(&Value::Null)
}

fn name_of(code: &CodeObject, i: usize) -> ObjRef {
    code.names.get(i).cloned().unwrap_or_else(|| intern("?"))
}

/// Runs `f` until it returns, yields or raises. With `throw`, the exception
/// is raised at the current instruction first (generator `throw()`).
pub fn run_frame(vm: &Vm, f: &mut Frame, throw: Option<PyErr>) -> PyResult<Exit> {
    // `f` and `link` outlive the guard (dropped when this call returns).
    let link = crate::vm::FrameLink::new(vm, f);
    let _current = vm.enter_frame(&link);
    // The loop is compiled twice: with the statistics' hit counting, and
    // without it (no test of the switch on every specialized hit).
    if specialize::stats::enabled() {
        run_frame_inner::<true>(vm, f, throw)
    } else {
        run_frame_inner::<false>(vm, f, throw)
    }
}

fn run_frame_inner<const STATS: bool>(
    vm: &Vm,
    f: &mut Frame,
    throw: Option<PyErr>,
) -> PyResult<Exit> {
    // (exception, add a traceback entry, unit index used to find the handler)
    // A thrown exception raises PY_THROW, not RAISE (its first unwinding
    // step below).
    let mut thrown = throw.is_some();
    let mut pending: Option<(PyErr, bool, usize)> = throw.map(|e| {
        let e = if crate::monitoring::exception_events_wanted() {
            crate::monitoring::exception_event(vm, f.code, f.lasti, events::PY_THROW, e)
        } else {
            e
        };
        (e, true, f.lasti)
    });
    loop {
        if let Some((mut err, add_tb, at)) = pending.take() {
            let monitored = crate::monitoring::exception_events_wanted();
            let was_thrown = std::mem::take(&mut thrown);
            if monitored && !was_thrown {
                err = if add_tb {
                    crate::monitoring::exception_event(vm, f.code, at, events::RAISE, err)
                } else {
                    crate::monitoring::exception_event(vm, f.code, at, events::RERAISE, err)
                };
            }
            // Exception unwinding. The handler is looked up at the
            // instruction that raised (for RERAISE: the RERAISE itself);
            // `f.lasti` (restored by RERAISE) is what tracebacks and the
            // handler's pushed `lasti` report.
            if add_tb {
                if let Some(e) = crate::exceptions::exc_data(&err.0) {
                    let fresh = e.traceback.lock().is_empty();
                    if fresh {
                        let handled = vm.handled.borrow().clone();
                        if let Value::Obj(h) = handled {
                            if !ObjRef::ptr_eq(&h, &err.0) && e.context.lock().is_none() {
                                *e.context.lock() = Value::Obj(h);
                            }
                        }
                    }
                }
                vm.add_traceback(&err, f);
            }
            match f.code.handler_for(at) {
                // A handler is entered at the depth the stack verification
                // assumed (`compiler::verify_stack_depths`), never from a
                // shallower stack (which verified code does not leave).
                Some(h) if f.stack.len() < h.depth as usize => {
                    return Err(
                        vm.runtime_error("stack shallower than its exception handler's depth")
                    )
                }
                Some(h) => {
                    if monitored {
                        err = crate::monitoring::exception_event(
                            vm,
                            f.code,
                            at,
                            events::EXCEPTION_HANDLED,
                            err,
                        );
                    }
                    // The handler's line marker sees where it came from.
                    vm.jumped_from
                        .set((f.code, f.code.line_at(at), h.target as usize));
                    f.stack.truncate(h.depth as usize);
                    if h.lasti {
                        f.stack.push(Value::Int(f.lasti as i64));
                    }
                    f.stack.push(Value::Obj(err.0));
                    f.ip = h.target as usize;
                }
                None if monitored => {
                    // CPython wraps a generator's body in a handler that
                    // turns a stray StopIteration into RuntimeError and
                    // re-raises everything else: its events come first.
                    if f.code.flags.generator {
                        err = crate::monitoring::exception_event(
                            vm,
                            f.code,
                            at,
                            events::EXCEPTION_HANDLED,
                            err,
                        );
                        err = crate::monitoring::exception_event(
                            vm,
                            f.code,
                            at,
                            events::RERAISE,
                            err,
                        );
                    }
                    return Err(crate::monitoring::exception_event(
                        vm,
                        f.code,
                        at,
                        events::PY_UNWIND,
                        err,
                    ));
                }
                None => return Err(err),
            }
        }
        let (flow, cur) = dispatch::<STATS>(vm, f);
        match flow {
            Ok(Flow::Next) => {}
            Ok(Flow::Return(v)) => return Ok(Exit::Return(v)),
            Ok(Flow::Yield(v)) => return Ok(Exit::Yield(v)),
            Ok(Flow::Reraise(e)) => pending = Some((e, false, cur)),
            Err(e) => pending = Some((e, true, cur)),
        }
    }
}

/// True for the instructions the dispatch loop's `uncached!` runs, the
/// only ones superinstructions may pair.
const fn is_uncached_half(op: Opcode) -> bool {
    matches!(
        op,
        Opcode::LOAD_FAST | Opcode::LOAD_CONST | Opcode::STORE_FAST
    )
}

// Checked when compiling: every superinstruction of the table pairs two
// instructions that `uncached!` runs.
const _: () = {
    let mut i = 0;
    while i < Opcode::ALL.len() {
        if let Some((first, second)) = Opcode::ALL[i].halves() {
            assert!(is_uncached_half(first) && is_uncached_half(second));
        }
        i += 1;
    }
};

/// The dispatch loop proper: runs instructions from `f.ip` until one does
/// anything but continue, returning what it did and its unit index.
///
/// The instructions that run most often (the frame-local moves, the
/// branches, and the hits of the hottest specialized variants) are decided
/// here, with the instruction pointer in a local; every other instruction,
/// and every guard failure, goes to `step` with `f.ip` and `f.lasti`
/// written first and `f.ip` read back after.
#[inline(always)]
fn dispatch<const STATS: bool>(vm: &Vm, f: &mut Frame) -> (PyResult<Flow>, usize) {
    let code = f.code;
    let units = &code.units;
    let first_unit = units.first_unit();
    let mut ip = f.ip;
    // The stack's top, kept in a register: the arms decided here pass it
    // to the stack's cached-top methods (framestore.rs, "Cached top"),
    // which move it and leave the stack's stored top behind.
    let mut sp = f.stack.top_ptr();
    // The frame's first local: a running frame's locals never move (its
    // block moves to the heap only before it first runs, `Frame::detach`),
    // so LOAD_FAST and STORE_FAST index from here, one load fewer than
    // through `f.locals`.
    let locals = f.locals.base_ptr();
    // A call of a cached-top method. Their contract (`framestore.rs`,
    // "Cached top"): the cached pointer is the stack's true top. `sp` is
    // taken from `top_ptr()` above and moved only by these methods; it is
    // stored back (`sync!`) before anything else uses the stack (the
    // general path, family executors, calls, unpacking, and the loop's
    // end) and reloaded after. The debug build checks both (CI runs the
    // corpus under it).
    macro_rules! stack {
        ($method:ident $(::<$n:literal>)? ($($arg:expr),*)) => {
            // SAFETY: `sp` is the stack's true top (above), and the stack
            // holds the values each arm reads and has room for what it
            // pushes: `load_code` verified the code
            // (`compiler::verify_stack_depths`: every instruction finds
            // its inputs, none leaves more than `max_stack` values, the
            // stack has `max_stack + 2` slots), and each arm reads no more
            // than its instruction's declared inputs (`stack_inputs`).
            // Tested by `stack_depth_verification` and the whole corpus
            // and test suite under the debug build, whose methods assert
            // the depth.
            unsafe { f.stack.$method $(::<$n>)? ($($arg),*) }
        };
    }
    // Stores the cached top back: the sync point before other code uses
    // the stack.
    macro_rules! sync {
        () => {
            stack!(set_top(sp))
        };
    }
    let out = 'dispatch: loop {
        let mut cur = ip;
        // SAFETY: `ip < units.len()`: `load_code` verified the code
        // (`compiler::verify_control_flow`: it ends with an instruction that
        // never falls through and no prefix, and every jump target and
        // handler is inside it), and the instruction pointer moves only by
        // falling through to the next instruction, by those jumps, to those
        // handlers, or back to where a generator stopped (a pointer that
        // was fetched). Tested by `control_flow_verification` and the whole
        // corpus under the debug build's assertion. `first_unit` is
        // `units.first_unit()`, of code that is never freed (`'static`).
        debug_assert!(cur < units.len());
        // SAFETY: (above) `cur` is in bounds of the live code `first_unit`
        // starts.
        let (mut op, first_arg) = unsafe { weft_specializer::CodeUnits::fetch_at(first_unit, cur) };
        let mut arg = first_arg as u32;
        // Entered again for the instruction after an EXTENDED_ARG prefix,
        // so that an unprefixed instruction pays no prefix test.
        'decoded: loop {
            // Family members skip their inline cache units themselves.
            ip = cur + 1;
            // The general path: `step` sees the frame's true position.
            macro_rules! general {
                () => {{
                    f.ip = ip;
                    f.lasti = cur;
                    sync!();
                    let flow = step(vm, f, op, arg, cur);
                    sp = f.stack.top_ptr();
                    if matches!(flow, Ok(Flow::Next)) {
                        // Owns nothing: forgotten rather than passed to the
                        // out-of-line drop glue of the whole result.
                        std::mem::forget(flow);
                        ip = f.ip;
                        continue 'dispatch;
                    }
                    break 'dispatch (flow, cur);
                }};
            }
            // `?` for the arms decided here.
            macro_rules! tri {
                ($e:expr) => {
                    match $e {
                        Ok(v) => v,
                        Err(e) => {
                            f.lasti = cur;
                            break 'dispatch (Err(e), cur);
                        }
                    }
                };
            }
            // Accounts a hit decided here and skips the instruction's cache.
            // (Every arm that counts a hit decides a family member, whose cache
            // is `FAMILY_CACHE_UNITS` long.)
            macro_rules! hit {
                () => {{
                    if STATS {
                        specialize::stats::record(op.family(), specialize::stats::Event::Hit);
                    }
                    ip += weft_specializer::FAMILY_CACHE_UNITS;
                }};
            }
            // A family member whose whole path (hit or miss) runs its
            // family's executor from here rather than through
            // `step_family`, with the frame's position written first and
            // read back after (FOR_ITER_GEN jumps when exhausted).
            macro_rules! family {
                ($e:expr) => {{
                    f.ip = ip + weft_specializer::FAMILY_CACHE_UNITS;
                    f.lasti = cur;
                    sync!();
                    let done = $e;
                    sp = f.stack.top_ptr();
                    tri!(done);
                    ip = f.ip;
                }};
            }
            // The instructions that superinstructions pair (LOAD_FAST,
            // LOAD_CONST, STORE_FAST), by opcode.
            //
            // Their operands index without a check: `load_code` verified
            // that each names one of the code's locals (a frame has
            // exactly `code.varnames.len()` of them) or constants
            // (`compiler::verify_control_flow`; tested by
            // `control_flow_verification`), and operands never change.
            macro_rules! uncached {
                ($op:expr, $arg:expr) => {{
                    let a = $arg as usize;
                    debug_assert!(
                        a < if $op == Opcode::LOAD_CONST {
                            code.consts.len()
                        } else {
                            f.locals.len()
                        }
                    );
                    // The block never moved under the running loop (the
                    // corpus runs under the debug build).
                    debug_assert_eq!(locals, f.locals.base_ptr());
                    match $op {
                        Opcode::LOAD_FAST => {
                            // SAFETY: `a` names a local (above), and
                            // `locals` is where the frame's locals are.
                            let v = unsafe { &*locals.add(a) };
                            if v.is_null() {
                                tri!(Err(unbound_local(vm, code, a)))
                            }
                            let v = v.clone();
                            stack!(push_cached(&mut sp, v));
                        }
                        Opcode::STORE_FAST => {
                            let v = stack!(pop_cached(&mut sp));
                            // SAFETY: `a` names a local (above), and
                            // `locals` is where the frame's locals are; no
                            // other reference to the slot is alive.
                            *unsafe { &mut *locals.add(a) } = v;
                        }
                        _ => {
                            // SAFETY: `a` names a constant (above).
                            let c = unsafe { code.consts.get_unchecked(a) }.clone();
                            stack!(push_cached(&mut sp, c));
                        }
                    }
                }};
            }
            // A superinstruction, with its halves (from the table) known when
            // compiling.
            macro_rules! fused {
                ($super:path) => {{
                    const HALVES: (Opcode, Opcode) = match $super.halves() {
                        Some(halves) => halves,
                        None => panic!("not a superinstruction"),
                    };
                    uncached!(HALVES.0, arg);
                    if let Some(second_arg) = units.oparg_if(ip, HALVES.1) {
                        cur = ip;
                        ip += 1;
                        uncached!(HALVES.1, second_arg as u32);
                    }
                }};
            }
            // A hit of a fixed-operation BINARY_OP variant (`$variant`).
            macro_rules! binary_fixed {
                ($variant:expr) => {{
                    let (a, b) = stack!(top2_cached(sp));
                    let Some(r) = specialize::binary_op::fast_fixed($variant, a, b) else {
                        general!()
                    };
                    stack!(replace_top2_cached(&mut sp, r));
                    hit!();
                }};
            }
            // A hit of a COMPARE_OP variant (`$variant`).
            macro_rules! compare_fixed {
                ($variant:expr) => {{
                    let (a, b) = stack!(top2_cached(sp));
                    let Some(r) = specialize::compare_op::fast($variant, a, b, arg) else {
                        general!()
                    };
                    stack!(replace_top2_cached(&mut sp, Value::Bool(r)));
                    hit!();
                }};
            }
            // A hit of a TO_BOOL variant (`$variant`).
            macro_rules! to_bool_fixed {
                ($variant:expr) => {{
                    let guard = || specialize::guard_for(units, cur, op).unwrap_or(0);
                    let value = stack!(last_cached(sp));
                    let Some(b) = specialize::to_bool::fast($variant, value, guard) else {
                        general!()
                    };
                    *stack!(last_mut_cached(sp)) = Value::Bool(b);
                    hit!();
                }};
            }
            // A hit of a FOR_ITER variant over a native sequence
            // (`$variant`).
            macro_rules! for_iter_fixed {
                ($variant:expr) => {{
                    let iter = stack!(last_cached(sp));
                    match specialize::for_iter::fast_native($variant, iter) {
                        Some(Some(v)) => stack!(push_cached(&mut sp, v)),
                        Some(None) => {
                            stack!(pop_cached(&mut sp));
                            ip += arg as usize;
                        }
                        None => general!(),
                    }
                    hit!();
                }};
            }
            // A hit of a STORE_ATTR variant (`$variant`).
            macro_rules! store_attr_fixed {
                ($variant:expr) => {{
                    let Some(name) = code.names.get(arg as usize) else {
                        general!()
                    };
                    let [value, owner] = stack!(top_mut_cached::<2>(sp));
                    let v = std::mem::take(value);
                    match specialize::store_attr::fast(vm, units, $variant, cur, owner, name, v) {
                        Ok(()) => {
                            stack!(drop_top_cached::<2>(&mut sp));
                            hit!();
                        }
                        Err(v) => {
                            *value = v;
                            general!()
                        }
                    }
                }};
            }
            // A hit of a LOAD_GLOBAL variant (`$variant`).
            macro_rules! load_global_fixed {
                ($variant:expr) => {{
                    let loaded = code
                        .names
                        .get((arg >> 1) as usize)
                        .and_then(|name| specialize::load_global::fast(vm, f, $variant, cur, name));
                    let Some(v) = loaded else { general!() };
                    stack!(push_cached(&mut sp, v));
                    if arg & 1 != 0 {
                        stack!(push_cached(&mut sp, Value::Null));
                    }
                    hit!();
                }};
            }
            match op {
                Opcode::EXTENDED_ARG => {
                    cur += 1;
                    debug_assert!(cur < units.len());
                    // SAFETY: a prefix is never the last unit (verified as
                    // above), so the prefixed instruction is in bounds.
                    let (next_op, next_arg) =
                        unsafe { weft_specializer::CodeUnits::fetch_at(first_unit, cur) };
                    op = next_op;
                    arg = (arg << 8) | next_arg as u32;
                    continue 'decoded;
                }
                Opcode::POP_TOP => {
                    stack!(pop_cached(&mut sp));
                }
                Opcode::PUSH_NULL => stack!(push_cached(&mut sp, Value::Null)),
                Opcode::COPY => {
                    sync!();
                    let v = f.stack[f.stack.len() - arg as usize].clone();
                    stack!(push_cached(&mut sp, v));
                }
                Opcode::SWAP => {
                    stack!(swap_cached(sp, arg as usize));
                }
                Opcode::LOAD_DEREF => {
                    // A closure's variable; unbound (or a cell index the
                    // code does not have) goes to the general path, which
                    // raises.
                    let Some(v) = f.cells.get(arg as usize).map(cell_get) else {
                        general!()
                    };
                    if v.is_null() {
                        general!()
                    }
                    stack!(push_cached(&mut sp, v));
                }
                Opcode::LOAD_CONST => uncached!(Opcode::LOAD_CONST, arg),
                Opcode::LOAD_FAST => uncached!(Opcode::LOAD_FAST, arg),
                Opcode::STORE_FAST => uncached!(Opcode::STORE_FAST, arg),
                // Superinstructions: the first half, then the second when the
                // next unit still holds it (monitoring may have replaced it),
                // as its own instruction for errors and tracebacks.
                Opcode::LOAD_FAST__LOAD_FAST => fused!(Opcode::LOAD_FAST__LOAD_FAST),
                Opcode::LOAD_FAST__LOAD_CONST => fused!(Opcode::LOAD_FAST__LOAD_CONST),
                Opcode::LOAD_CONST__LOAD_FAST => fused!(Opcode::LOAD_CONST__LOAD_FAST),
                Opcode::STORE_FAST__LOAD_FAST => fused!(Opcode::STORE_FAST__LOAD_FAST),
                Opcode::STORE_FAST__STORE_FAST => fused!(Opcode::STORE_FAST__STORE_FAST),
                Opcode::IS_OP => {
                    let b = stack!(pop_cached(&mut sp));
                    let a = stack!(pop_cached(&mut sp));
                    stack!(push_cached(&mut sp, Value::Bool(a.is(&b) != (arg == 1))));
                }
                Opcode::JUMP_FORWARD => ip += arg as usize,
                Opcode::POP_JUMP_IF_FALSE | Opcode::POP_JUMP_IF_TRUE => {
                    let b = match stack!(pop_cached(&mut sp)) {
                        Value::Bool(b) => b,
                        other => tri!(ops::truthy(vm, &other)),
                    };
                    if b == (op == Opcode::POP_JUMP_IF_TRUE) {
                        ip += arg as usize;
                    }
                }
                Opcode::POP_JUMP_IF_NONE | Opcode::POP_JUMP_IF_NOT_NONE => {
                    let v = stack!(pop_cached(&mut sp));
                    if v.is_none() == (op == Opcode::POP_JUMP_IF_NONE) {
                        ip += arg as usize;
                    }
                }
                Opcode::RETURN_VALUE => {
                    let v = stack!(pop_cached(&mut sp));
                    break 'dispatch (Ok(Flow::Return(v)), cur);
                }
                Opcode::RESUME_CHECK => {
                    // The monitoring version moved: the general path
                    // brings the code up to date first.
                    if code.monitor.is_stale(&crate::monitoring::MONITOR) {
                        general!()
                    }
                    hit!();
                    tri!(vm.safepoint());
                }
                // A line or instruction marker: its events, then the
                // instruction it displaced, decoded here again.
                Opcode::INSTRUMENTED_LINE | Opcode::INSTRUMENTED_INSTRUCTION => {
                    f.ip = ip;
                    f.lasti = cur;
                    sync!();
                    let displaced = crate::monitoring::marker(vm, f, op, cur);
                    sp = f.stack.top_ptr();
                    op = tri!(displaced);
                    continue 'decoded;
                }
                // ----- hits of the hottest specialized variants, through the
                // families' pure fast functions; a guard failure runs the
                // family's whole path (`step_family`), which tries the same
                // fast path again. -----
                // One arm per variant: each calls `fast_fixed` with its
                // opcode known, so the variant is not decided twice.
                Opcode::BINARY_OP_ADD_INT => binary_fixed!(Opcode::BINARY_OP_ADD_INT),
                Opcode::BINARY_OP_SUBTRACT_INT => binary_fixed!(Opcode::BINARY_OP_SUBTRACT_INT),
                Opcode::BINARY_OP_MULTIPLY_INT => binary_fixed!(Opcode::BINARY_OP_MULTIPLY_INT),
                Opcode::BINARY_OP_ADD_FLOAT => binary_fixed!(Opcode::BINARY_OP_ADD_FLOAT),
                Opcode::BINARY_OP_SUBTRACT_FLOAT => binary_fixed!(Opcode::BINARY_OP_SUBTRACT_FLOAT),
                Opcode::BINARY_OP_MULTIPLY_FLOAT => binary_fixed!(Opcode::BINARY_OP_MULTIPLY_FLOAT),
                Opcode::BINARY_OP_SUBSCR_LIST_INT => {
                    binary_fixed!(Opcode::BINARY_OP_SUBSCR_LIST_INT)
                }
                Opcode::BINARY_OP_SUBSCR_TUPLE_INT
                | Opcode::BINARY_OP_SUBSCR_STR_INT
                | Opcode::BINARY_OP_ADD_UNICODE
                | Opcode::BINARY_OP_INPLACE_ADD_UNICODE => binary_fixed!(op),
                Opcode::BINARY_OP_EXTEND => {
                    let (a, b) = stack!(top2_cached(sp));
                    let r = BinaryOperator::from_arg(arg)
                        .and_then(|bop| specialize::binary_op::extended_numeric(bop, a, b));
                    let Some(r) = r else { general!() };
                    stack!(replace_top2_cached(&mut sp, r));
                    hit!();
                }
                Opcode::STORE_SUBSCR_LIST_INT => {
                    let [value, container, key] = stack!(top_mut_cached::<3>(sp));
                    let v = std::mem::take(value);
                    match specialize::store_subscr::fast_list_int(op, container, key, v) {
                        Ok(()) => {
                            stack!(drop_top_cached::<3>(&mut sp));
                            hit!();
                        }
                        Err(v) => {
                            *value = v;
                            general!()
                        }
                    }
                }
                Opcode::UNPACK_SEQUENCE_TWO_TUPLE
                | Opcode::UNPACK_SEQUENCE_TUPLE
                | Opcode::UNPACK_SEQUENCE_LIST => {
                    let seq = stack!(pop_cached(&mut sp));
                    sync!();
                    let unpacked =
                        specialize::unpack_sequence::fast(op, &seq, arg as usize, &mut f.stack);
                    sp = f.stack.top_ptr();
                    if !unpacked {
                        stack!(push_cached(&mut sp, seq));
                        general!()
                    }
                    hit!();
                }
                Opcode::COMPARE_OP_INT => compare_fixed!(Opcode::COMPARE_OP_INT),
                Opcode::COMPARE_OP_FLOAT => compare_fixed!(Opcode::COMPARE_OP_FLOAT),
                Opcode::COMPARE_OP_STR => compare_fixed!(Opcode::COMPARE_OP_STR),
                Opcode::LOAD_ATTR_INSTANCE_VALUE => {
                    // The commonest variant on its own: its result replaces
                    // the owner in place, returned in registers.
                    let name = code.names.get((arg >> 1) as usize);
                    let Some(name) = name else { general!() };
                    let owner = stack!(last_mut_cached(sp));
                    let Some(v) =
                        specialize::load_attr::instance_value(vm, units, cur, owner, name)
                    else {
                        general!()
                    };
                    *owner = v;
                    if arg & 1 != 0 {
                        stack!(push_cached(&mut sp, Value::Null));
                    }
                    hit!();
                }
                Opcode::LOAD_ATTR_SLOT => {
                    // Its own arm: the slot's index is all it needs (no
                    // name).
                    let owner = stack!(last_mut_cached(sp));
                    let Some(v) = specialize::load_attr::slot(units, cur, owner) else {
                        general!()
                    };
                    *owner = v;
                    if arg & 1 != 0 {
                        stack!(push_cached(&mut sp, Value::Null));
                    }
                    hit!();
                }
                Opcode::LOAD_ATTR_WITH_HINT
                | Opcode::LOAD_ATTR_MODULE
                | Opcode::LOAD_ATTR_CLASS
                | Opcode::LOAD_ATTR_METHOD_WITH_VALUES
                | Opcode::LOAD_ATTR_METHOD_NO_DICT
                | Opcode::LOAD_ATTR_METHOD_LAZY_DICT
                | Opcode::LOAD_ATTR_NONDESCRIPTOR_WITH_VALUES
                | Opcode::LOAD_ATTR_NONDESCRIPTOR_NO_DICT => {
                    // One arm for these (split per variant, the loop as a
                    // whole got slower: docs/PERFORMANCE.md, session 11).
                    let owner = stack!(last_cached(sp));
                    let loaded = code.names.get((arg >> 1) as usize).and_then(|name| {
                        specialize::load_attr::fast(vm, units, op, cur, owner, name)
                    });
                    let Some((v, self_or_null)) = loaded else {
                        general!()
                    };
                    *stack!(last_mut_cached(sp)) = v;
                    if arg & 1 != 0 {
                        stack!(push_cached(&mut sp, self_or_null));
                    }
                    hit!();
                }
                Opcode::STORE_ATTR_SLOT => store_attr_fixed!(Opcode::STORE_ATTR_SLOT),
                Opcode::STORE_ATTR_INSTANCE_VALUE => {
                    store_attr_fixed!(Opcode::STORE_ATTR_INSTANCE_VALUE)
                }
                Opcode::LOAD_GLOBAL_MODULE => load_global_fixed!(Opcode::LOAD_GLOBAL_MODULE),
                Opcode::LOAD_GLOBAL_BUILTIN => load_global_fixed!(Opcode::LOAD_GLOBAL_BUILTIN),
                Opcode::FOR_ITER_RANGE => for_iter_fixed!(Opcode::FOR_ITER_RANGE),
                Opcode::FOR_ITER_LIST => for_iter_fixed!(Opcode::FOR_ITER_LIST),
                Opcode::FOR_ITER_TUPLE => for_iter_fixed!(Opcode::FOR_ITER_TUPLE),
                Opcode::TO_BOOL_BOOL => to_bool_fixed!(Opcode::TO_BOOL_BOOL),
                Opcode::TO_BOOL_INT => to_bool_fixed!(Opcode::TO_BOOL_INT),
                Opcode::TO_BOOL_NONE => to_bool_fixed!(Opcode::TO_BOOL_NONE),
                Opcode::TO_BOOL_LIST => to_bool_fixed!(Opcode::TO_BOOL_LIST),
                Opcode::TO_BOOL_STR | Opcode::TO_BOOL_ALWAYS_TRUE => to_bool_fixed!(op),
                // Hits of the specialized calls, without the trip through
                // `step_family`: the callee's errors report this
                // instruction, so the frame's position is written first.
                Opcode::CALL_PY_EXACT_ARGS
                | Opcode::CALL_PY_GENERAL
                | Opcode::CALL_BOUND_METHOD_EXACT_ARGS
                | Opcode::CALL_BOUND_METHOD_GENERAL
                | Opcode::CALL_ALLOC_AND_ENTER_INIT
                | Opcode::CALL_BUILTIN_O
                | Opcode::CALL_BUILTIN_FAST
                | Opcode::CALL_BUILTIN_FAST_WITH_KEYWORDS
                | Opcode::CALL_BUILTIN_CLASS
                | Opcode::CALL_METHOD_DESCRIPTOR_O
                | Opcode::CALL_METHOD_DESCRIPTOR_FAST
                | Opcode::CALL_METHOD_DESCRIPTOR_NOARGS
                | Opcode::CALL_LEN
                | Opcode::CALL_ISINSTANCE
                | Opcode::CALL_TYPE_1
                | Opcode::CALL_STR_1
                | Opcode::CALL_TUPLE_1
                | Opcode::CALL_LIST_APPEND
                | Opcode::CALL_NON_PY_GENERAL => {
                    f.ip = ip;
                    f.lasti = cur;
                    sync!();
                    let called = specialize::call::fast_hit(vm, f, op, arg as usize, cur);
                    sp = f.stack.top_ptr();
                    match called {
                        Some(Ok(())) => hit!(),
                        Some(Err(e)) => break 'dispatch (Err(e), cur),
                        None => general!(),
                    }
                }
                Opcode::CONTAINS_OP_DICT | Opcode::CONTAINS_OP_SET => {
                    family!(specialize::contains_op::execute(vm, f, op, arg, cur))
                }
                Opcode::STORE_SUBSCR_DICT => {
                    family!(specialize::store_subscr::execute(vm, f, op, cur))
                }
                Opcode::GET_ITER_LIST | Opcode::GET_ITER_TUPLE | Opcode::GET_ITER_RANGE => {
                    family!(specialize::get_iter::execute(vm, f, op, cur))
                }
                Opcode::FOR_ITER_GEN | Opcode::FOR_ITER_NATIVE => {
                    family!(specialize::for_iter::execute(vm, f, op, arg, cur))
                }
                Opcode::BINARY_OP_SUBSCR_DICT
                | Opcode::BINARY_OP_SUBSCR_GETITEM
                | Opcode::BINARY_OP_PY_SPECIAL => {
                    let Some(bop) = BinaryOperator::from_arg(arg) else {
                        general!()
                    };
                    family!(specialize::binary_op::execute(vm, f, op, cur, bop))
                }
                Opcode::JUMP_BACKWARD_NO_JIT | Opcode::JUMP_BACKWARD_NO_INTERRUPT => {
                    hit!();
                    ip = ip.saturating_sub(arg as usize);
                    if op == Opcode::JUMP_BACKWARD_NO_JIT {
                        tri!(vm.safepoint());
                    }
                }
                // Every other opcode, named (no `_`): with the opcode byte's
                // range known (`stored_opcode`), the jump table spans every
                // opcode and needs no range check.
                #[allow(unreachable_patterns)]
                weft_specializer::any_opcode!() => general!(),
            }
            continue 'dispatch;
        }
    };
    // Every way out leaves `sp` the true top (the paths that ran other
    // code reloaded it): the stack is whole again for the caller.
    sync!();
    out
}

fn jump_forward(f: &mut Frame, arg: u32) {
    f.ip += arg as usize;
}

fn jump_backward(f: &mut Frame, arg: u32) {
    f.ip = f.ip.saturating_sub(arg as usize);
}

fn load_global(vm: &Vm, f: &Frame, name: &ObjRef) -> PyResult<Value> {
    if let Some(v) = vm.dict_of(&f.globals).get_str(name) {
        return Ok(v);
    }
    if let Some(v) = vm.dict_of(vm.interp.builtins_dict()).get_str(name) {
        return Ok(v);
    }
    Err(vm.name_error(name.as_str().unwrap_or("?")))
}

/// `step`, out of line: the base instruction under an instrumented twin
/// (`monitoring::run_twin`).
#[inline(never)]
pub(crate) fn step_outlined(
    vm: &Vm,
    f: &mut Frame,
    op: Opcode,
    arg: u32,
    at: usize,
) -> PyResult<Flow> {
    step(vm, f, op, arg, at)
}

/// Executes one instruction (any the dispatch loop does not decide
/// itself).
#[inline(always)]
fn step(vm: &Vm, f: &mut Frame, op: Opcode, arg: u32, at: usize) -> PyResult<Flow> {
    let code = f.code;
    match op {
        Opcode::NOP | Opcode::CACHE | Opcode::EXTENDED_ARG => {}
        Opcode::RESUME | Opcode::RESUME_CHECK | Opcode::INSTRUMENTED_RESUME => {
            f.ip += op.cache_units();
            let op = if code.monitor.is_stale(&crate::monitoring::MONITOR) {
                crate::monitoring::bring_up_to_date(code);
                code.units.opcode(at)
            } else {
                op
            };
            if op == Opcode::INSTRUMENTED_RESUME {
                crate::monitoring::resumed(vm, f, arg, at)?;
            } else {
                specialize::resume::execute(&code.units, op, at);
            }
            vm.safepoint()?;
        }
        // Instrumented twins: their events around the base instruction.
        Opcode::INSTRUMENTED_RETURN_VALUE
        | Opcode::INSTRUMENTED_YIELD_VALUE
        | Opcode::INSTRUMENTED_JUMP_FORWARD
        | Opcode::INSTRUMENTED_JUMP_BACKWARD
        | Opcode::INSTRUMENTED_POP_JUMP_IF_FALSE
        | Opcode::INSTRUMENTED_POP_JUMP_IF_TRUE
        | Opcode::INSTRUMENTED_POP_JUMP_IF_NONE
        | Opcode::INSTRUMENTED_POP_JUMP_IF_NOT_NONE
        | Opcode::INSTRUMENTED_FOR_ITER
        | Opcode::INSTRUMENTED_END_SEND
        | Opcode::INSTRUMENTED_CALL
        | Opcode::INSTRUMENTED_CALL_KW
        | Opcode::INSTRUMENTED_CALL_FUNCTION_EX
        | Opcode::INSTRUMENTED_LOAD_SUPER_ATTR => {
            return crate::monitoring::run_twin(vm, f, op, arg, at)
        }
        Opcode::DELETE_FAST => {
            if f.locals[arg as usize].is_null() {
                return Err(unbound_local(vm, code, arg as usize));
            }
            f.locals[arg as usize] = Value::Null;
        }
        Opcode::LOAD_FAST_AND_CLEAR => {
            let saved = std::mem::replace(&mut f.locals[arg as usize], Value::Null);
            f.stack.push(saved);
        }
        Opcode::LOAD_DEREF => {
            let v = cell_get(&f.cells[arg as usize]);
            if v.is_null() {
                return Err(unbound_deref(vm, code, arg as usize));
            }
            f.stack.push(v);
        }
        Opcode::STORE_DEREF => {
            let v = pop(f);
            cell_set(&f.cells[arg as usize], v);
        }
        Opcode::DELETE_DEREF => {
            if cell_get(&f.cells[arg as usize]).is_null() {
                return Err(unbound_deref(vm, code, arg as usize));
            }
            cell_set(&f.cells[arg as usize], Value::Null);
        }
        Opcode::LOAD_CLOSURE => f.stack.push(Value::Obj(f.cells[arg as usize].clone())),
        Opcode::LOAD_CLASSDEREF => {
            let name = cell_name(code, arg as usize);
            let from_ns = match &f.locals_dict {
                Some(d) => namespace_get(vm, d, &name)?,
                None => None,
            };
            match from_ns {
                Some(v) => f.stack.push(v),
                None => {
                    let v = cell_get(&f.cells[arg as usize]);
                    if v.is_null() {
                        return Err(unbound_deref(vm, code, arg as usize));
                    }
                    f.stack.push(v);
                }
            }
        }
        Opcode::LOAD_NAME => {
            let name = name_of(code, arg as usize);
            if let Some(d) = &f.locals_dict {
                if let Some(v) = namespace_get(vm, d, &name)? {
                    f.stack.push(v);
                    return Ok(Flow::Next);
                }
            }
            let v = load_global(vm, f, &name)?;
            f.stack.push(v);
        }
        Opcode::STORE_NAME => {
            let name = name_of(code, arg as usize);
            let v = pop(f);
            let d = f.locals_dict.as_ref().unwrap_or(&f.globals);
            if is_exact_dict(d) {
                vm.dict_of(d).set_str(name, v);
            } else {
                ops::set_item(vm, &Value::Obj(d.clone()), Value::Obj(name), v)?;
            }
        }
        Opcode::DELETE_NAME => {
            let name = name_of(code, arg as usize);
            let d = f.locals_dict.as_ref().unwrap_or(&f.globals);
            if is_exact_dict(d) {
                if vm.dict_of(d).remove_str(&name).is_none() {
                    return Err(vm.name_error(name.as_str().unwrap_or("?")));
                }
            } else if let Err(e) =
                ops::del_item(vm, &Value::Obj(d.clone()), &Value::Obj(name.clone()))
            {
                if vm.err_matches(&e, crate::builtins::types::types().exc.key_error) {
                    return Err(vm.name_error(name.as_str().unwrap_or("?")));
                }
                return Err(e);
            }
        }
        Opcode::STORE_GLOBAL => {
            let name = name_of(code, arg as usize);
            let v = pop(f);
            vm.dict_of(&f.globals).set_str(name, v);
        }
        Opcode::DELETE_GLOBAL => {
            let name = name_of(code, arg as usize);
            if vm.dict_of(&f.globals).remove_str(&name).is_none() {
                return Err(vm.name_error(name.as_str().unwrap_or("?")));
            }
        }
        Opcode::DELETE_ATTR => {
            let name = name_of(code, arg as usize);
            let obj = pop(f);
            vm.del_attr(&obj, &name)?;
        }
        Opcode::DELETE_SUBSCR => {
            let key = pop(f);
            let container = pop(f);
            ops::del_item(vm, &container, &key)?;
        }
        Opcode::UNARY_NEGATIVE => {
            let v = pop(f);
            f.stack.push(ops::negative(vm, &v)?);
        }
        Opcode::UNARY_POSITIVE => {
            let v = pop(f);
            f.stack.push(ops::positive(vm, &v)?);
        }
        Opcode::UNARY_INVERT => {
            let v = pop(f);
            f.stack.push(ops::invert(vm, &v)?);
        }
        Opcode::UNARY_NOT => {
            let v = pop(f);
            let b = match v {
                Value::Bool(b) => b,
                other => ops::truthy(vm, &other)?,
            };
            f.stack.push(Value::Bool(!b));
        }
        Opcode::YIELD_VALUE => return Ok(Flow::Yield(pop(f))),
        Opcode::BUILD_TUPLE => {
            let n = arg as usize;
            let items = f.stack.split_off_top(n);
            f.stack.push(new_tuple(items));
        }
        Opcode::BUILD_LIST => {
            let n = arg as usize;
            let items = f.stack.split_off_top(n);
            f.stack.push(crate::builtins::list::new_list(items));
        }
        Opcode::BUILD_SET => {
            let n = arg as usize;
            let items = f.stack.split_off_top(n);
            f.stack.push(crate::set::new_set_from(vm, items, false)?);
        }
        Opcode::BUILD_MAP => {
            let n = arg as usize;
            let items = f.stack.split_off_top(2 * n);
            let d = crate::dict::new_dict_obj();
            let dd = vm.dict_of(&d);
            let mut it = items.into_iter();
            while let (Some(k), Some(v)) = (it.next(), it.next()) {
                dd.set(vm, k, v)?;
            }
            f.stack.push(Value::Obj(d));
        }
        Opcode::BUILD_STRING => {
            let n = arg as usize;
            let items = f.stack.split_off_top(n);
            let mut s = String::new();
            for it in &items {
                if let Some(t) = it.as_obj().and_then(|o| o.as_str()) {
                    s.push_str(t);
                }
            }
            f.stack.push(new_str(s));
        }
        Opcode::BUILD_SLICE => {
            let step = if arg == 3 { pop(f) } else { Value::None };
            let stop = pop(f);
            let start = pop(f);
            f.stack.push(Value::Obj(ObjRef::new(Object::new(
                types().slice,
                Payload::Slice(start, stop, step),
            ))));
        }
        Opcode::LIST_APPEND => {
            let v = pop(f);
            let l = &f.stack[f.stack.len() - arg as usize];
            crate::builtins::list::list_append(vm, l, v)?;
        }
        Opcode::SET_ADD => {
            let v = pop(f);
            let s = f.stack[f.stack.len() - arg as usize].clone();
            crate::set::set_add(vm, &s, v)?;
        }
        Opcode::MAP_ADD => {
            let v = pop(f);
            let k = pop(f);
            let d = f.stack[f.stack.len() - arg as usize].clone();
            ops::set_item(vm, &d, k, v)?;
        }
        Opcode::LIST_EXTEND => {
            let it = pop(f);
            let l = f.stack[f.stack.len() - arg as usize].clone();
            let items = ops::collect_iter(vm, &it)?;
            crate::builtins::list::list_extend_vec(&l, items);
        }
        Opcode::SET_UPDATE => {
            let it = pop(f);
            let s = f.stack[f.stack.len() - arg as usize].clone();
            for v in ops::collect_iter(vm, &it)? {
                crate::set::set_add(vm, &s, v)?;
            }
        }
        Opcode::DICT_UPDATE | Opcode::DICT_MERGE => {
            let m = pop(f);
            let d = f.stack[f.stack.len() - arg as usize].clone();
            if op == Opcode::DICT_MERGE {
                let func = f.stack[f.stack.len() - arg as usize - 3].clone();
                crate::builtins::dict::dict_merge_kwargs(vm, &d, &m, &func)?;
            } else {
                crate::builtins::dict::dict_update_from(vm, &d, &m)?;
            }
        }
        Opcode::LIST_TO_TUPLE => {
            let l = pop(f);
            let items = crate::builtins::list::list_items(&l);
            f.stack.push(new_tuple(items));
        }
        Opcode::UNPACK_EX => {
            let before = (arg & 0xff) as usize;
            let after = (arg >> 8) as usize;
            let seq = pop(f);
            let items = ops::collect_iter(vm, &seq)?;
            if items.len() < before + after {
                return Err(vm.value_error(format!(
                    "not enough values to unpack (expected at least {}, got {})",
                    before + after,
                    items.len()
                )));
            }
            let n = items.len();
            for i in (n - after..n).rev() {
                f.stack.push(items[i].clone());
            }
            f.stack.push(crate::builtins::list::new_list(
                items[before..n - after].to_vec(),
            ));
            for i in (0..before).rev() {
                f.stack.push(items[i].clone());
            }
        }
        Opcode::MAKE_FUNCTION => make_function(vm, f, arg)?,
        Opcode::SETUP_ANNOTATIONS => setup_annotations(vm, f)?,
        Opcode::LOAD_BUILD_CLASS => {
            let v = vm
                .dict_of(vm.interp.builtins_dict())
                .get_by_name("__build_class__")
                .ok_or_else(|| vm.name_error("__build_class__"))?;
            f.stack.push(v);
        }
        Opcode::LOAD_ASSERTION_ERROR => f
            .stack
            .push(Value::Obj(ObjRef::from_object(types().exc.assertion_error))),
        Opcode::RAISE_VARARGS => {
            return match arg {
                0 => {
                    let h = vm.handled.borrow().clone();
                    match h {
                        Value::Obj(o) => Ok(Flow::Reraise(PyErr(o))),
                        _ => Err(vm.runtime_error("No active exception to reraise")),
                    }
                }
                1 => {
                    let e = pop(f);
                    Err(ops::make_exception(vm, e)?)
                }
                _ => {
                    let cause = pop(f);
                    let e = pop(f);
                    let err = ops::make_exception(vm, e)?;
                    let cause_v = match cause {
                        Value::None => Value::None,
                        c => Value::Obj(ops::make_exception(vm, c)?.0),
                    };
                    if let Some(d) = crate::exceptions::exc_data(&err.0) {
                        *d.cause.lock() = cause_v;
                        d.suppress_context.store(true, Ordering::Relaxed);
                    }
                    Err(err)
                }
            };
        }
        Opcode::RERAISE => {
            let exc = pop(f);
            if arg > 0 {
                if let Some(Value::Int(l)) = f.stack.get(f.stack.len() - arg as usize) {
                    f.lasti = *l as usize;
                }
            }
            return match exc {
                Value::Obj(o) => Ok(Flow::Reraise(PyErr(o))),
                _ => Err(vm.runtime_error("RERAISE of a non-exception")),
            };
        }
        Opcode::PUSH_EXC_INFO => {
            let exc = pop(f);
            let prev = std::mem::replace(&mut *vm.handled.borrow_mut(), exc.clone());
            f.stack.push(prev);
            f.stack.push(exc);
        }
        Opcode::POP_EXCEPT => {
            let prev = pop(f);
            *vm.handled.borrow_mut() = prev;
        }
        Opcode::CHECK_EXC_MATCH => {
            let typ = pop(f);
            let exc = top(f).clone();
            let m = ops::exception_matches(vm, &exc, &typ)?;
            f.stack.push(Value::Bool(m));
        }
        Opcode::CHECK_EG_MATCH => {
            let typ = pop(f);
            let exc = pop(f);
            let here = crate::frameobj::traceback_entry(f, exc.as_obj());
            let (rest, matched) = crate::builtins::excgroup::eg_match(vm, &exc, &typ, here)?;
            if !matched.is_none() {
                *vm.handled.borrow_mut() = matched.clone();
            }
            f.stack.push(rest);
            f.stack.push(matched);
        }
        Opcode::PREP_RERAISE_STAR => {
            let results = pop(f);
            let orig = pop(f);
            let r = crate::builtins::excgroup::prep_reraise_star(vm, &orig, &results)?;
            f.stack.push(r);
        }
        Opcode::BEFORE_WITH => {
            let mgr = pop(f);
            let cls = crate::builtins::types::class_of(&mgr).type_data_of_self();
            let enter = cls.lookup(&crate::strobj::intern_static("__enter__"));
            let exit = cls.lookup(&crate::strobj::intern_static("__exit__"));
            let (Some(enter), Some(exit)) = (enter, exit) else {
                return Err(vm.type_error(format!(
                    "'{}' object does not support the context manager protocol",
                    cls.name()
                )));
            };
            let bound_exit = crate::attrs::bind(vm, &exit, &mgr)?;
            f.stack.push(bound_exit);
            let res = vm.call(&enter, &[mgr])?;
            f.stack.push(res);
        }
        Opcode::WITH_EXCEPT_START => {
            let exc = top(f).clone();
            let exit = f.stack[f.stack.len() - 4].clone();
            let typ = Value::Obj(ObjRef::from_object(crate::builtins::types::class_of(&exc)));
            let tb = crate::exceptions::traceback_value(vm, &exc);
            let res = vm.call(&exit, &[typ, exc, tb])?;
            f.stack.push(res);
        }
        Opcode::GET_YIELD_FROM_ITER => {
            let v = pop(f);
            let it = match &v {
                Value::Obj(o) if crate::generator::is_plain_generator(o) => v.clone(),
                Value::Obj(o) if matches!(&o.payload, Payload::Generator(g) if g.kind == crate::generator::GenKind::Coroutine) => {
                    return Err(vm.type_error(
                        "cannot 'yield from' a coroutine object in a non-coroutine generator",
                    ))
                }
                _ => ops::get_iter(vm, &v)?,
            };
            f.stack.push(it);
        }
        Opcode::GET_AWAITABLE => {
            let v = pop(f);
            let it = crate::builtins::coroutine::get_awaitable(vm, &v, arg)?;
            f.stack.push(it);
        }
        Opcode::GET_AITER => {
            let v = pop(f);
            let it = crate::builtins::coroutine::get_aiter(vm, &v)?;
            f.stack.push(it);
        }
        Opcode::GET_ANEXT => {
            let aw = crate::builtins::coroutine::get_anext(vm, top(f))?;
            f.stack.push(aw);
        }
        Opcode::END_ASYNC_FOR => {
            let exc = pop(f);
            pop(f);
            if let Value::Obj(o) = &exc {
                if !crate::typeobj::is_subtype(o.class(), types().exc.stop_async_iteration) {
                    return Ok(Flow::Reraise(PyErr(o.clone())));
                }
            }
        }
        Opcode::BEFORE_ASYNC_WITH => {
            let mgr = pop(f);
            let (exit, res) = crate::builtins::coroutine::before_async_with(vm, &mgr)?;
            f.stack.push(exit);
            f.stack.push(res);
        }
        Opcode::ASYNC_GEN_WRAP => {
            let v = pop(f);
            f.stack.push(crate::builtins::coroutine::wrap(v));
        }
        Opcode::END_SEND => {
            let v = pop(f);
            pop(f);
            f.stack.push(v);
        }
        Opcode::CLEANUP_THROW => {
            let exc = pop(f);
            let _last = pop(f);
            let _sub = pop(f);
            if let Value::Obj(o) = &exc {
                if crate::typeobj::is_subtype(o.class(), types().exc.stop_iteration) {
                    let val = crate::exceptions::exc_args(o)
                        .into_iter()
                        .next()
                        .unwrap_or(Value::None);
                    f.stack.push(Value::None);
                    f.stack.push(val);
                    return Ok(Flow::Next);
                }
                return Ok(Flow::Reraise(PyErr(o.clone())));
            }
        }
        Opcode::GET_LEN => {
            let n = ops::len(vm, top(f))?;
            f.stack.push(Value::Int(n as i64));
        }
        Opcode::MATCH_SEQUENCE => {
            let b = crate::patterns::is_sequence(top(f));
            f.stack.push(Value::Bool(b));
        }
        Opcode::MATCH_MAPPING => {
            let b = crate::patterns::is_mapping(top(f));
            f.stack.push(Value::Bool(b));
        }
        Opcode::MATCH_KEYS => {
            let n = f.stack.len();
            let values = crate::patterns::match_keys(vm, &f.stack[n - 2], &f.stack[n - 1])?;
            f.stack.push(values);
        }
        Opcode::MATCH_CLASS => {
            let names = pop(f);
            let cls = pop(f);
            let subject = pop(f);
            let attrs = crate::patterns::match_class(vm, &subject, &cls, arg as usize, &names)?;
            f.stack.push(attrs);
        }
        Opcode::IMPORT_NAME => {
            let name = name_of(code, arg as usize);
            let fromlist = pop(f);
            let level = pop(f);
            let namespace = f.locals_dict.as_ref().unwrap_or(&f.globals);
            let m = crate::import::import_name_op(
                vm,
                name.as_str().unwrap_or(""),
                &fromlist,
                &level,
                &f.globals,
                namespace,
            )?;
            f.stack.push(m);
        }
        Opcode::IMPORT_FROM => {
            let name = name_of(code, arg as usize);
            let m = top(f).clone();
            let v = crate::import::import_from(vm, &m, &name)?;
            f.stack.push(v);
        }
        Opcode::FORMAT_VALUE => {
            let spec = if arg & 4 != 0 { Some(pop(f)) } else { None };
            let v = pop(f);
            let v = match arg & 3 {
                1 => new_str(vm.str_of(&v)?),
                2 => new_str(vm.repr_of(&v)?),
                3 => new_str(crate::builtins::strmod::ascii_of(&vm.repr_of(&v)?)),
                _ => v,
            };
            let spec_s = match &spec {
                Some(s) => s
                    .as_obj()
                    .and_then(|o| o.as_str())
                    .unwrap_or("")
                    .to_string(),
                None => String::new(),
            };
            let out = if spec_s.is_empty()
                && v.as_obj().and_then(|o| o.as_str()).is_some()
                && crate::builtins::types::is_exact(&v, types().str)
            {
                v
            } else {
                new_str(ops::format(vm, &v, &spec_s)?)
            };
            f.stack.push(out);
        }
        // ----- families (generic forms; specialized variants deopt here) -----
        _ => return step_family(vm, f, op, arg, at),
    }
    Ok(Flow::Next)
}

/// Executes a member of an adaptive family: its base form, or a
/// specialized variant whose hit is not decided by the dispatch loop, or
/// whose guard failed there.
fn step_family(vm: &Vm, f: &mut Frame, op: Opcode, arg: u32, at: usize) -> PyResult<Flow> {
    f.ip += op.cache_units();
    let code = f.code;
    match op.deopt() {
        Opcode::LOAD_GLOBAL => {
            let name = name_of(code, (arg >> 1) as usize);
            specialize::load_global::execute(vm, f, op, arg, at, &name)?;
        }
        Opcode::LOAD_ATTR => {
            let name = name_of(code, (arg >> 1) as usize);
            specialize::load_attr::execute(vm, f, op, arg, at, &name)?;
        }
        Opcode::STORE_ATTR => {
            let name = name_of(code, arg as usize);
            specialize::store_attr::execute(vm, f, op, at, &name)?;
        }
        Opcode::LOAD_SUPER_ATTR => {
            let name = name_of(code, (arg >> 2) as usize);
            let slf = pop(f);
            let cls = pop(f);
            let sup = pop(f);
            let direct =
                specialize::load_super_attr::execute(&code.units, op, at, &sup, arg & 1 != 0);
            if direct {
                if !matches!(&cls, Value::Obj(c) if matches!(c.payload, Payload::Type(_))) {
                    return Err(vm.type_error(
                        "super(type, obj): obj must be an instance or subtype of type",
                    ));
                }
                if arg & 1 != 0 {
                    let v = crate::builtins::superobj::super_getattr(vm, &cls, &slf, &name)?;
                    f.stack.push(v);
                    f.stack.push(Value::Null);
                } else {
                    let v = crate::builtins::superobj::super_getattr(vm, &cls, &slf, &name)?;
                    f.stack.push(v);
                }
                return Ok(Flow::Next);
            }
            let super_obj = vm.call(&sup, &[cls, slf.clone()])?;
            if arg & 1 != 0 {
                let (m, s) = crate::attrs::load_method(vm, &super_obj, &name)?;
                f.stack.push(m);
                f.stack.push(s);
            } else {
                let v = vm.get_attr(&super_obj, &name)?;
                f.stack.push(v);
            }
        }
        Opcode::BINARY_OP => {
            let bop = BinaryOperator::from_arg(arg)
                .ok_or_else(|| vm.runtime_error("bad BINARY_OP oparg"))?;
            specialize::binary_op::execute(vm, f, op, at, bop)?;
        }
        Opcode::COMPARE_OP => specialize::compare_op::execute(vm, f, op, arg, at)?,
        Opcode::CONTAINS_OP => specialize::contains_op::execute(vm, f, op, arg, at)?,
        Opcode::TO_BOOL => specialize::to_bool::execute(vm, f, op, at)?,
        Opcode::STORE_SUBSCR => specialize::store_subscr::execute(vm, f, op, at)?,
        Opcode::UNPACK_SEQUENCE => {
            specialize::unpack_sequence::execute(vm, f, op, arg as usize, at)?
        }
        Opcode::GET_ITER => specialize::get_iter::execute(vm, f, op, at)?,
        Opcode::FOR_ITER => specialize::for_iter::execute(vm, f, op, arg, at)?,
        Opcode::SEND => {
            let v = pop(f);
            let recv = top(f).clone();
            specialize::send::execute(&code.units, op, at, &recv);
            match crate::builtins::generator::send_to(vm, &recv, v)? {
                crate::builtins::generator::SendResult::Yielded(y) => f.stack.push(y),
                crate::builtins::generator::SendResult::Returned(r) => {
                    f.stack.push(r);
                    jump_forward(f, arg);
                }
            }
        }
        Opcode::JUMP_BACKWARD => {
            let skip_check = specialize::jump_backward::execute(&code.units, op, at);
            jump_backward(f, arg);
            if !skip_check {
                vm.safepoint()?;
            }
        }
        Opcode::RESUME => {}
        Opcode::CALL => specialize::call::execute(vm, f, op, arg as usize, at)?,
        Opcode::CALL_KW => {
            let kwnames = pop(f);
            let names = tuple_items(&kwnames).unwrap_or_default();
            let n = arg as usize;
            let base = f.stack.len() - n - 2;
            let r = {
                let (head, rest) = f.stack.split_at(base + 1);
                let callable = &head[base];
                let args = if rest[0].is_null() { &rest[1..] } else { rest };
                specialize::call_kw::execute(&code.units, op, at, callable);
                vm.call_args(
                    callable,
                    CallArgs {
                        args,
                        kwnames: &names,
                    },
                )?
            };
            f.stack.truncate(base);
            f.stack.push(r);
        }
        Opcode::CALL_FUNCTION_EX => {
            let kwargs = if arg & 1 != 0 { pop(f) } else { Value::Null };
            let args_v = pop(f);
            let slf = pop(f);
            let callable = pop(f);
            specialize::call_function_ex::execute(&code.units, op, at, &callable);
            let mut args: Vec<Value> = Vec::new();
            if !slf.is_null() {
                args.push(slf);
            }
            match tuple_items(&args_v) {
                Some(items) => args.extend(items),
                None => args.extend(ops::collect_iter(vm, &args_v)?),
            }
            let mut names = Vec::new();
            if let Value::Obj(d) = &kwargs {
                if let Payload::Dict(dd) = &d.payload {
                    for (k, v) in dd.items() {
                        names.push(k);
                        args.push(v);
                    }
                }
            }
            let r = vm.call_args(
                &callable,
                CallArgs {
                    args: &args,
                    kwnames: &names,
                },
            )?;
            f.stack.push(r);
        }
        _ => {
            return Err(vm.new_error(
                types().exc.system_error,
                format!("unknown opcode {}", op.name()),
            ))
        }
    }
    Ok(Flow::Next)
}

fn cell_name(code: &CodeObject, i: usize) -> ObjRef {
    let nc = code.cellvars.len();
    if i < nc {
        code.cellvars[i].clone()
    } else {
        code.freevars
            .get(i - nc)
            .cloned()
            .unwrap_or_else(|| intern("?"))
    }
}

fn unbound_local(vm: &Vm, code: &CodeObject, i: usize) -> PyErr {
    let name = code.varnames[i].as_str().unwrap_or("?").to_string();
    vm.new_error(
        types().exc.unbound_local_error,
        format!("cannot access local variable '{name}' where it is not associated with a value"),
    )
}

fn unbound_deref(vm: &Vm, code: &CodeObject, i: usize) -> PyErr {
    let name = cell_name(code, i);
    let n = name.as_str().unwrap_or("?");
    if i < code.cellvars.len() {
        vm.new_error(
            types().exc.unbound_local_error,
            format!("cannot access local variable '{n}' where it is not associated with a value"),
        )
    } else {
        vm.new_error(
            types().exc.name_error,
            format!("cannot access free variable '{n}' where it is not associated with a value in enclosing scope"),
        )
    }
}

/// True for a namespace that is a plain `dict` (not a subclass or another
/// mapping, whose item methods a class body or `exec` must call).
#[inline(always)]
fn is_exact_dict(d: &ObjRef) -> bool {
    matches!(d.payload, Payload::Dict(_))
        && std::ptr::eq(d.class(), crate::builtins::types::types().dict)
}

/// `name` looked up in a frame's local namespace: a plain dict directly,
/// any other mapping through `__getitem__` (a `KeyError` meaning absent).
fn namespace_get(vm: &Vm, d: &ObjRef, name: &ObjRef) -> PyResult<Option<Value>> {
    if is_exact_dict(d) {
        return Ok(vm.dict_of(d).get_str(name));
    }
    match ops::get_item(vm, &Value::Obj(d.clone()), &Value::Obj(name.clone())) {
        Ok(v) => Ok(Some(v)),
        Err(e) if vm.err_matches(&e, crate::builtins::types::types().exc.key_error) => Ok(None),
        Err(e) => Err(e),
    }
}

/// The `__annotations__` dict of a new function, from MAKE_FUNCTION's
/// flattened tuple of (name, value) pairs.
fn annotations_dict(vm: &Vm, pairs: &Value) -> PyResult<Value> {
    let items = tuple_items(pairs).unwrap_or_default();
    let d = crate::dict::new_dict_obj();
    for pair in items.chunks_exact(2) {
        vm.dict_of(&d).set(vm, pair[0].clone(), pair[1].clone())?;
    }
    Ok(Value::Obj(d))
}

/// MAKE_FUNCTION: a function object from the code object on the stack
/// and the parts its flag bits say are below it. Out of line: the dispatch
/// loop inlines `step`, and a function is made far less often than the
/// instructions beside it run.
#[inline(never)]
fn make_function(vm: &Vm, f: &mut Frame, arg: u32) -> PyResult<()> {
    let code_v = pop(f);
    let closure = if arg & 8 != 0 {
        let t = pop(f);
        Some(
            tuple_items(&t)
                .unwrap_or_default()
                .into_iter()
                .filter_map(|v| v.as_obj().cloned())
                .collect::<Box<[ObjRef]>>(),
        )
    } else {
        None
    };
    let annotations = if arg & 4 != 0 { Some(pop(f)) } else { None };
    let kwdefaults = if arg & 2 != 0 { pop(f) } else { Value::None };
    let defaults = if arg & 1 != 0 { pop(f) } else { Value::None };
    let fcode = match code_v.as_obj().map(|o| &o.payload) {
        Some(Payload::Code(c)) => *c,
        _ => return Err(vm.type_error("MAKE_FUNCTION expects a code object")),
    };
    let module = vm
        .dict_of(&f.globals)
        .get_by_name("__name__")
        .unwrap_or(Value::None);
    let func = FunctionObj::new(
        fcode,
        f.globals.clone(),
        defaults,
        kwdefaults,
        closure,
        module,
    );
    if let Some(pairs) = annotations {
        func.set_annotations(Some(annotations_dict(vm, &pairs)?));
    }
    f.stack.push(Value::Obj(ObjRef::new(Object::new_instance(
        types().function,
        Payload::Function(Box::new(func)),
    ))));
    Ok(())
}

/// SETUP_ANNOTATIONS: an empty `__annotations__` in the class or module
/// namespace unless it has one. Out of line, as `make_function`.
#[inline(never)]
fn setup_annotations(vm: &Vm, f: &mut Frame) -> PyResult<()> {
    let d = f.locals_dict.as_ref().unwrap_or(&f.globals);
    let key = crate::strobj::intern("__annotations__");
    if is_exact_dict(d) {
        let dd = vm.dict_of(d);
        if dd.get_str(&key).is_none() {
            dd.set_str(key, Value::Obj(crate::dict::new_dict_obj()));
        }
    } else {
        let ns = Value::Obj(d.clone());
        match ops::get_item(vm, &ns, &Value::Obj(key.clone())) {
            Ok(_) => {}
            Err(e) if vm.err_matches(&e, types().exc.key_error) => {
                let fresh = Value::Obj(crate::dict::new_dict_obj());
                ops::set_item(vm, &ns, Value::Obj(key), fresh)?;
            }
            Err(e) => return Err(e),
        }
    }
    Ok(())
}
