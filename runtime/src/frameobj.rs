//! Frame and traceback objects as Python programs read them
//! (`sys._getframe`, `e.__traceback__`, `gi_frame`/`cr_frame`/`ag_frame`).
//!
//! Weft's running frames are not Python objects: they are Rust values
//! chained per thread by `vm::FrameLink`. A frame object is made only when
//! a program asks for one, so the eval loop pays nothing for them: it is a
//! **snapshot** of a frame taken at the moment of the request, never a
//! view that could outlive the frame it reads.
//!
//! What a frame object holds, and how current each part is:
//! - `f_code`, `f_globals`, `f_builtins`: the frame's own objects (live,
//!   as in CPython: the globals dict is the module's dict itself);
//! - `f_lineno`, `f_lasti`: where the frame was when the object was made
//!   (a running frame moves on afterwards; CPython's object would follow);
//! - `f_locals`: for module and class bodies the namespace dict itself
//!   (live); for functions a dict made on first access from a copy of the
//!   fast locals taken with the snapshot (closure cells are read at that
//!   first access, since the cells are shared objects);
//! - `f_back`: the snapshot of the caller, made together with this one
//!   for `sys._getframe` and running generator frames; for the frames of a
//!   traceback, the frame of the next entry out, and for the outermost
//!   one its caller if that frame is still running on the thread that
//!   reads the traceback first.
//!
//! Each request makes new objects (`sys._getframe() is sys._getframe()`
//! is False, unlike CPython); a traceback's frames are made once, when the
//! exception leaves each frame, and keep their identity.

use crate::builtins::{add_method, add_property};
use crate::code::CodeObject;
use crate::eval::Frame;
use crate::exceptions::TbEntry;
use crate::function::CallArgs;
use crate::object::{Object, Payload};
use crate::strobj::new_str;
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};
use std::sync::OnceLock;

/// The locals of a frame snapshot.
enum SnapshotLocals {
    /// A module or class body: its namespace dict (live).
    Namespace(ObjRef),
    /// A function: copies of its fast locals, its cells, and the dict made
    /// from them on first access.
    Fast {
        values: Box<[Value]>,
        cells: Box<[ObjRef]>,
        dict: OnceLock<ObjRef>,
    },
}

/// The payload of a frame object.
pub struct FrameObj {
    code: &'static CodeObject,
    /// Unit index of the instruction the frame was at.
    lasti: usize,
    globals: ObjRef,
    locals: SnapshotLocals,
    /// `f_back` (a frame object or None), set once.
    back: OnceLock<Value>,
    /// The address of the running `Frame` this snapshot was taken from:
    /// an identity compared with the addresses of running frames, never
    /// dereferenced.
    origin: usize,
}

/// The payload of a traceback object.
pub struct TracebackObj {
    entry: TbEntry,
    /// `tb_next` (the next traceback object inwards, or None).
    next: Value,
}

fn frame_class() -> &'static Object {
    static CLS: OnceLock<&'static Object> = OnceLock::new();
    CLS.get_or_init(|| {
        let c = crate::modules::new_native_class("frame", "builtins");
        add_property(c, "f_code", f_code);
        add_property(c, "f_lineno", f_lineno);
        add_property(c, "f_lasti", f_lasti);
        add_property(c, "f_back", f_back);
        add_property(c, "f_globals", f_globals);
        add_property(c, "f_locals", f_locals);
        add_property(c, "f_builtins", f_builtins);
        add_property(c, "f_trace", f_trace);
        add_method(c, "__repr__", frame_repr);
        c
    })
}

fn traceback_class() -> &'static Object {
    static CLS: OnceLock<&'static Object> = OnceLock::new();
    CLS.get_or_init(|| {
        let c = crate::modules::new_native_class("traceback", "builtins");
        add_property(c, "tb_frame", tb_frame);
        add_property(c, "tb_lineno", tb_lineno);
        add_property(c, "tb_lasti", tb_lasti);
        add_property(c, "tb_next", tb_next);
        c
    })
}

/// A dict of the bound names of a function frame's fast locals and cells
/// (`locals()` and `f_locals`).
pub fn fast_locals_dict<'v>(
    vm: &Vm,
    code: &CodeObject,
    values: impl Iterator<Item = &'v Value>,
    cells: &[ObjRef],
) -> ObjRef {
    let d = crate::dict::new_dict_obj();
    let dd = vm.dict_of(&d);
    for (name, v) in code.varnames.iter().zip(values) {
        if !v.is_null() {
            dd.set_str(name.clone(), v.clone());
        }
    }
    let names = code.cellvars.iter().chain(code.freevars.iter());
    for (name, cell) in names.zip(cells.iter()) {
        let v = crate::eval::cell_get(cell);
        if !v.is_null() {
            dd.set_str(name.clone(), v);
        }
    }
    d
}

/// A frame object snapshot of `f` (its `f_back` unset).
fn snapshot(f: &Frame) -> ObjRef {
    snapshot_leaving_out(f, None)
}

/// A frame object snapshot of `f` (its `f_back` unset) whose copied fast
/// locals leave out `raised` (as if unbound): a traceback entry's frame
/// must not hold the exception that holds the entry, a cycle that nothing
/// would free (Weft has no cycle collector yet).
fn snapshot_leaving_out(f: &Frame, raised: Option<&ObjRef>) -> ObjRef {
    let is_raised = |v: &Value| match (v, raised) {
        (Value::Obj(o), Some(r)) => ObjRef::ptr_eq(o, r),
        _ => false,
    };
    let locals = match &f.locals_dict {
        Some(d) => SnapshotLocals::Namespace(d.clone()),
        None if f.code.flags.module => SnapshotLocals::Namespace(f.globals.clone()),
        None => SnapshotLocals::Fast {
            values: f
                .locals
                .iter()
                .map(|v| if is_raised(v) { Value::Null } else { v.clone() })
                .collect(),
            cells: f.cells.iter().cloned().collect(),
            dict: OnceLock::new(),
        },
    };
    let obj = FrameObj {
        code: f.code,
        lasti: f.lasti,
        globals: f.globals.clone(),
        locals,
        back: OnceLock::new(),
        origin: f as *const Frame as usize,
    };
    ObjRef::new(Object::new(frame_class(), Payload::Native(Box::new(obj))))
}

fn frame_data(o: &ObjRef) -> Option<&FrameObj> {
    match &o.payload {
        Payload::Native(b) => b.downcast_ref::<FrameObj>(),
        _ => None,
    }
}

/// Snapshots of `frames` (innermost first, each the caller of the one
/// before), each linked to the next as its `f_back`; the innermost one,
/// or None for no frames.
fn snapshot_chain<'f>(frames: impl Iterator<Item = &'f Frame>) -> Value {
    let snaps: Vec<ObjRef> = frames.map(snapshot).collect();
    let mut back = Value::None;
    for s in snaps.into_iter().rev() {
        if let Some(d) = frame_data(&s) {
            let _ = d.back.set(back);
        }
        back = Value::Obj(s);
    }
    back
}

/// `sys._getframe(depth)`: the frame `depth` calls out from the caller.
pub fn getframe(vm: &Vm, depth: usize) -> PyResult<Value> {
    let chain = vm.with_running_frames(|frames| {
        let mut frames = frames.skip(depth).peekable();
        frames.peek()?;
        Some(snapshot_chain(frames))
    });
    chain.ok_or_else(|| vm.value_error("call stack is not deep enough"))
}

/// `gi_frame`/`cr_frame`/`ag_frame` of an unfinished generator: a
/// snapshot of its suspended frame (`f_back` None), or, while it runs on
/// this thread, of its running frame and the frames that resumed it. A
/// generator running on another thread shows None.
pub fn generator_frame(vm: &Vm, g: &crate::generator::GenObj) -> Value {
    if let Some(f) = g.frame.lock().as_deref() {
        let s = snapshot(f);
        if let Some(d) = frame_data(&s) {
            let _ = d.back.set(Value::None);
        }
        return Value::Obj(s);
    }
    vm.with_running_frames(|frames| {
        let mut frames = frames
            .skip_while(|f| !std::ptr::eq(f.code, g.code))
            .peekable();
        match frames.peek() {
            Some(_) => snapshot_chain(frames),
            None => Value::None,
        }
    })
}

/// The traceback entry for `f` leaving through the exception `raised`
/// now: its line and a snapshot of it.
pub fn traceback_entry(f: &Frame, raised: Option<&ObjRef>) -> TbEntry {
    TbEntry {
        code: f.code,
        line: f.code.line_at(f.lasti),
        lasti: f.lasti as u32,
        frame: snapshot_leaving_out(f, raised),
    }
}

/// Links the frame of a new traceback entry `outer` as the `f_back` of
/// the entry before it (`inner`, the frame the exception came from), when
/// they are two frames.
pub fn link_traceback_frames(inner: &TbEntry, outer: &TbEntry) {
    if let (Some(i), Some(o)) = (frame_data(&inner.frame), frame_data(&outer.frame)) {
        if i.origin != o.origin {
            let _ = i.back.set(Value::Obj(outer.frame.clone()));
        }
    }
}

/// The traceback object chain of `entries` (innermost first): the
/// outermost traceback object, or None for no entries. The outermost
/// frame's `f_back` is its caller's snapshot when that frame is still
/// running on this thread.
pub fn traceback_chain(vm: &Vm, entries: &[TbEntry]) -> Value {
    if let Some(outer) = entries.last().and_then(|e| frame_data(&e.frame)) {
        if outer.back.get().is_none() {
            let back = vm.with_running_frames(|frames| {
                let mut frames = frames
                    .skip_while(|f| *f as *const Frame as usize != outer.origin)
                    .skip(1)
                    .peekable();
                frames.peek()?;
                Some(snapshot_chain(frames))
            });
            if let Some(back) = back {
                let _ = outer.back.set(back);
            }
        }
    }
    let mut next = Value::None;
    for e in entries {
        let tb = TracebackObj {
            entry: e.clone(),
            next,
        };
        next = Value::Obj(ObjRef::new(Object::new(
            traceback_class(),
            Payload::Native(Box::new(tb)),
        )));
    }
    next
}

/// The entries (innermost first) of a traceback object chain, for
/// `with_traceback(tb)` and `__traceback__ = tb`; a TypeError for
/// anything but a traceback or None.
pub fn traceback_entries(vm: &Vm, tb: &Value) -> PyResult<Vec<TbEntry>> {
    let mut out = Vec::new();
    let mut cur = tb.clone();
    while !cur.is_none() {
        let Some(t) = cur.as_obj().and_then(tb_data) else {
            return Err(vm.type_error("__traceback__ must be a traceback or None"));
        };
        out.push(t.entry.clone());
        let next = t.next.clone();
        cur = next;
    }
    out.reverse();
    Ok(out)
}

fn tb_data(o: &ObjRef) -> Option<&TracebackObj> {
    match &o.payload {
        Payload::Native(b) => b.downcast_ref::<TracebackObj>(),
        _ => None,
    }
}

fn this_frame<'a>(vm: &Vm, args: &'a CallArgs) -> PyResult<&'a FrameObj> {
    args.pos()
        .first()
        .and_then(|v| v.as_obj())
        .and_then(frame_data)
        .ok_or_else(|| vm.type_error("descriptor requires a 'frame' object"))
}

fn this_tb<'a>(vm: &Vm, args: &'a CallArgs) -> PyResult<&'a TracebackObj> {
    args.pos()
        .first()
        .and_then(|v| v.as_obj())
        .and_then(tb_data)
        .ok_or_else(|| vm.type_error("descriptor requires a 'traceback' object"))
}

/// The byte offset CPython reports for a unit index (`f_lasti`).
fn byte_offset(unit: usize) -> Value {
    Value::Int(2 * unit as i64)
}

fn f_code(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    Ok(this_frame(vm, &args)?.code.as_value())
}

fn f_lineno(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let f = this_frame(vm, &args)?;
    Ok(Value::Int(f.code.line_at(f.lasti) as i64))
}

fn f_lasti(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    Ok(byte_offset(this_frame(vm, &args)?.lasti))
}

fn f_back(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let f = this_frame(vm, &args)?;
    Ok(f.back.get().cloned().unwrap_or(Value::None))
}

fn f_globals(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    Ok(Value::Obj(this_frame(vm, &args)?.globals.clone()))
}

fn f_builtins(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    this_frame(vm, &args)?;
    Ok(Value::Obj(vm.interp.builtins_dict().clone()))
}

fn f_trace(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    this_frame(vm, &args)?;
    Ok(Value::None)
}

fn f_locals(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let f = this_frame(vm, &args)?;
    Ok(Value::Obj(match &f.locals {
        SnapshotLocals::Namespace(d) => d.clone(),
        SnapshotLocals::Fast {
            values,
            cells,
            dict,
        } => dict
            .get_or_init(|| fast_locals_dict(vm, f.code, values.iter(), cells))
            .clone(),
    }))
}

fn frame_repr(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let f = this_frame(vm, &args)?;
    let addr = args.pos()[0].as_obj().map(|o| o.addr()).unwrap_or(0);
    let file = crate::builtins::repr::repr(vm, &new_str(f.code.filename.clone()))?;
    Ok(new_str(format!(
        "<frame at {addr:#x}, file {file}, line {}, code {}>",
        f.code.line_at(f.lasti),
        f.code.name
    )))
}

fn tb_frame(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    Ok(Value::Obj(this_tb(vm, &args)?.entry.frame.clone()))
}

fn tb_lineno(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    Ok(Value::Int(this_tb(vm, &args)?.entry.line as i64))
}

fn tb_lasti(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    Ok(byte_offset(this_tb(vm, &args)?.entry.lasti as usize))
}

fn tb_next(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    Ok(this_tb(vm, &args)?.next.clone())
}
