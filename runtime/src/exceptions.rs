//! Exception instances: their args, cause/context chaining and traceback
//! entries, and CPython-format traceback printing.

use crate::code::CodeObject;
use crate::object::{Object, Payload};
use crate::value::{ObjRef, Value};
use crate::vm::Vm;
use parking_lot::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// One traceback line: a code object and the line executing in it, with
/// the snapshot of the frame the exception left (`tb_frame`).
#[derive(Clone)]
pub struct TbEntry {
    /// The frame's code.
    pub code: &'static CodeObject,
    /// The line.
    pub line: u32,
    /// Unit index of the instruction the frame was at.
    pub lasti: u32,
    /// The frame object (`frameobj`).
    pub frame: ObjRef,
}

/// The payload of an exception instance.
pub struct ExcData {
    /// `args` (a tuple value).
    pub args: Mutex<Value>,
    /// `__cause__`
    pub cause: Mutex<Value>,
    /// `__context__`
    pub context: Mutex<Value>,
    /// `__suppress_context__`
    pub suppress_context: AtomicBool,
    /// Frames the exception passed through, innermost first.
    pub traceback: Mutex<Vec<TbEntry>>,
    /// For an exception group: its `message` and its `exceptions` tuple,
    /// set once when the group is created.
    pub group: std::sync::OnceLock<(Value, Value)>,
    /// For an `OSError`: its `errno`, `strerror` and filenames.
    pub os_fields: Mutex<Option<Box<crate::builtins::oserror::OsErrorFields>>>,
}

impl ExcData {
    /// New exception data with these args.
    pub fn new(args: Value) -> ExcData {
        ExcData {
            args: Mutex::new(args),
            cause: Mutex::new(Value::None),
            context: Mutex::new(Value::None),
            suppress_context: AtomicBool::new(false),
            traceback: Mutex::new(Vec::new()),
            group: std::sync::OnceLock::new(),
            os_fields: Mutex::new(None),
        }
    }
}

/// The exception data of an exception object.
pub fn exc_data(o: &Object) -> Option<&ExcData> {
    match &o.payload {
        Payload::Exception(e) => Some(e),
        _ => None,
    }
}

/// The args tuple items of an exception.
pub fn exc_args(o: &Object) -> Vec<Value> {
    match exc_data(o) {
        Some(e) => crate::builtins::tuple::tuple_items(&e.args.lock()).unwrap_or_default(),
        None => Vec::new(),
    }
}

/// Sets the `__suppress_context__` flag.
pub fn set_suppress_context(o: &Object, v: bool) {
    if let Some(e) = exc_data(o) {
        e.suppress_context.store(v, Ordering::Relaxed);
    }
}

fn source_line(filename: &str, line: u32) -> Option<String> {
    let text = std::fs::read_to_string(filename).ok()?;
    text.lines()
        .nth(line.checked_sub(1)? as usize)
        .map(|l| l.trim().to_string())
}

/// The traceback entries of an exception (outermost first), without the
/// header line; empty when it has none.
fn traceback_lines(exc: &ObjRef) -> String {
    let mut out = String::new();
    if let Some(e) = exc_data(exc) {
        let tb = e.traceback.lock().clone();
        for entry in tb.iter().rev() {
            out.push_str(&format!(
                "  File \"{}\", line {}, in {}\n",
                entry.code.filename, entry.line, entry.code.name
            ));
            if let Some(src) = source_line(&entry.code.filename, entry.line) {
                if !src.is_empty() {
                    out.push_str(&format!("    {src}\n"));
                }
            }
        }
    }
    out
}

/// The lines below an exception's traceback: a SyntaxError's location,
/// `Type: message`, and its `__notes__`.
fn exception_only(vm: &Vm, exc: &ObjRef) -> String {
    let mut out = String::new();
    if crate::typeobj::is_subtype(
        exc.class(),
        crate::builtins::types::types().exc.syntax_error,
    ) {
        syntax_error_location(vm, exc, &mut out);
    }
    out.push_str(&exception_last_line(vm, exc));
    out.push('\n');
    let Some(notes) = exc
        .dict
        .as_ref()
        .and_then(|d| vm.dict_of(d).get_by_name("__notes__"))
    else {
        return out;
    };
    match crate::builtins::tuple::tuple_items(&notes).or_else(|| {
        crate::builtins::list::list_of(&notes).map(|_| crate::builtins::list::list_items(&notes))
    }) {
        Some(items) => {
            for n in items {
                let text = match vm.str_of(&n) {
                    Ok(t) => t,
                    Err(_) => "<note str() failed>".to_string(),
                };
                out.push_str(&text);
                out.push('\n');
            }
        }
        None => {
            let text = match vm.repr_of(&notes) {
                Ok(t) => t,
                Err(_) => "<__notes__ repr() failed>".to_string(),
            };
            out.push_str(&text);
            out.push('\n');
        }
    }
    out
}

/// The `File "...", line N` / source line / caret block CPython prints
/// above a SyntaxError's last line.
fn syntax_error_location(vm: &Vm, exc: &ObjRef, out: &mut String) {
    let Some(d) = &exc.dict else { return };
    let d = vm.dict_of(d);
    let filename = d
        .get_by_name("filename")
        .and_then(|v| v.as_obj().and_then(|o| o.as_str().map(|s| s.to_string())));
    let line = match d.get_by_name("lineno") {
        Some(Value::Int(n)) => n,
        _ => return,
    };
    out.push_str(&format!(
        "  File \"{}\", line {}\n",
        filename.unwrap_or_default(),
        line
    ));
    if let Some(text) = d
        .get_by_name("text")
        .and_then(|v| v.as_obj().and_then(|o| o.as_str().map(|s| s.to_string())))
    {
        let trimmed = text.trim_end_matches(['\n', '\r']);
        let stripped = trimmed.trim_start();
        let indent = trimmed.chars().count() - stripped.chars().count();
        out.push_str(&format!("    {stripped}\n"));
        if let Some(Value::Int(col)) = d.get_by_name("offset") {
            let caret_at = (col as usize).saturating_sub(1).saturating_sub(indent);
            out.push_str(&format!("    {}^\n", " ".repeat(caret_at)));
        }
    }
}

/// `Type: message` as the last line of a traceback.
pub fn exception_last_line(vm: &Vm, exc: &ObjRef) -> String {
    let cls = exc.class();
    let td = cls.type_data_of_self();
    let mut name = td.qualname();
    if let Some(Value::Obj(m)) = td.own_dict().get_by_name("__module__") {
        if let Some(ms) = m.as_str() {
            if ms != "builtins" && ms != "__main__" {
                name = format!("{ms}.{name}");
            }
        }
    }
    let msg = match vm.str_of(&Value::Obj(exc.clone())) {
        Ok(s) => s,
        Err(_) => "<exception str() failed>".to_string(),
    };
    if msg.is_empty() {
        name
    } else {
        format!("{name}: {msg}")
    }
}

/// How many members of a group the report shows, and how deep it
/// descends into nested groups (CPython's limits).
const MAX_GROUP_WIDTH: usize = 15;
const MAX_GROUP_DEPTH: usize = 10;

/// The state of one report: nested groups indent it and draw a margin.
struct Report<'v> {
    vm: &'v Vm,
    out: String,
    group_depth: usize,
    need_close: bool,
    seen: Vec<usize>,
}

impl Report<'_> {
    fn indent(&self) -> String {
        " ".repeat(2 * self.group_depth)
    }

    /// Appends `text`, every line prefixed by the indent and, inside a
    /// group, by `margin` and a space.
    fn emit(&mut self, text: &str, margin: char) {
        let mut prefix = self.indent();
        if self.group_depth > 0 {
            prefix.push(margin);
            prefix.push(' ');
        }
        for line in text.split_inclusive('\n') {
            self.out.push_str(&prefix);
            self.out.push_str(line);
        }
    }

    /// One exception: its cause or context first (once each), then itself.
    fn exception(&mut self, exc: &ObjRef) {
        self.seen.push(exc.addr());
        if let Some(e) = exc_data(exc) {
            let cause = e.cause.lock().clone();
            let context = e.context.lock().clone();
            let chained = match cause {
                Value::Obj(c) => Some((
                    c,
                    "\nThe above exception was the direct cause of the following exception:\n\n",
                )),
                _ => match context {
                    Value::Obj(c) if !e.suppress_context.load(Ordering::Relaxed) => Some((
                        c,
                        "\nDuring handling of the above exception, another exception occurred:\n\n",
                    )),
                    _ => None,
                },
            };
            if let Some((c, msg)) = chained {
                if !self.seen.contains(&c.addr()) {
                    self.exception(&c);
                    self.emit(msg, '|');
                }
            }
        }
        match exc_data(exc).and_then(|e| e.group.get()) {
            Some((_, members)) => {
                let members = crate::builtins::tuple::tuple_items(members).unwrap_or_default();
                self.group(exc, &members);
            }
            None => {
                let tb = traceback_lines(exc);
                if !tb.is_empty() {
                    self.emit("Traceback (most recent call last):\n", '|');
                    self.emit(&tb, '|');
                }
                let only = exception_only(self.vm, exc);
                self.emit(&only, '|');
            }
        }
    }

    /// An exception group and its members, boxed.
    fn group(&mut self, exc: &ObjRef, members: &[Value]) {
        if self.group_depth > MAX_GROUP_DEPTH {
            self.emit(
                &format!("... (max_group_depth is {MAX_GROUP_DEPTH})\n"),
                '|',
            );
            return;
        }
        let top = self.group_depth == 0;
        if top {
            self.group_depth += 1;
        }
        let tb = traceback_lines(exc);
        if !tb.is_empty() {
            let margin = if top { '+' } else { '|' };
            self.emit(
                "Exception Group Traceback (most recent call last):\n",
                margin,
            );
            self.emit(&tb, '|');
        }
        let only = exception_only(self.vm, exc);
        self.emit(&only, '|');
        let n = members.len().min(MAX_GROUP_WIDTH + 1);
        self.need_close = false;
        for i in 0..n {
            let last = i + 1 == n;
            if last {
                self.need_close = true;
            }
            let truncated = i >= MAX_GROUP_WIDTH;
            let title = if truncated {
                "...".to_string()
            } else {
                (i + 1).to_string()
            };
            let corner = if i == 0 { "+-" } else { "  " };
            let line = format!(
                "{}{corner}+---------------- {title} ----------------\n",
                self.indent()
            );
            self.out.push_str(&line);
            self.group_depth += 1;
            if truncated {
                let more = members.len() - MAX_GROUP_WIDTH;
                let s = if more > 1 { "s" } else { "" };
                self.emit(&format!("and {more} more exception{s}\n"), '|');
            } else if let Value::Obj(m) = &members[i] {
                self.exception(m);
            }
            if last && self.need_close {
                let line = format!("{}+------------------------------------\n", self.indent());
                self.out.push_str(&line);
                self.need_close = false;
            }
            self.group_depth -= 1;
        }
        if top {
            self.group_depth = 0;
        }
    }
}

/// The full CPython-style report of an uncaught exception, chain included
/// (exception groups in CPython's boxed layout).
pub fn format_exception(vm: &Vm, exc: &ObjRef) -> String {
    let mut r = Report {
        vm,
        out: String::new(),
        group_depth: 0,
        need_close: false,
        seen: Vec::new(),
    };
    r.exception(exc);
    r.out
}

/// The `__traceback__` value of an exception: its traceback object chain
/// (outermost first) when it has passed through a frame, else None.
pub fn traceback_value(vm: &Vm, exc: &Value) -> Value {
    let Value::Obj(o) = exc else {
        return Value::None;
    };
    let Some(e) = exc_data(o) else {
        return Value::None;
    };
    let entries = e.traceback.lock().clone();
    crate::frameobj::traceback_chain(vm, &entries)
}

/// Replaces an exception's traceback with the chain `tb` (a traceback
/// object or None): `with_traceback(tb)`, `__traceback__ = tb`.
pub fn set_traceback(vm: &Vm, exc: &Object, tb: &Value) -> crate::vm::PyResult<()> {
    let entries = crate::frameobj::traceback_entries(vm, tb)?;
    if let Some(e) = exc_data(exc) {
        *e.traceback.lock() = entries;
    }
    Ok(())
}

/// `outer` raised `from cause` (its `__cause__` and `__context__` set, the
/// context suppressed), as a `raise ... from` in Python would leave it.
pub fn with_cause(_vm: &Vm, outer: crate::vm::PyErr, cause: crate::vm::PyErr) -> crate::vm::PyErr {
    if let Some(d) = exc_data(&outer.0) {
        *d.cause.lock() = Value::Obj(cause.0.clone());
        *d.context.lock() = Value::Obj(cause.0);
        d.suppress_context.store(true, Ordering::Relaxed);
    }
    outer
}
