//! Exception instances: their args, cause/context chaining and traceback
//! entries, and CPython-format traceback printing.

use crate::code::CodeObject;
use crate::object::{Object, Payload};
use crate::value::{ObjRef, Value};
use crate::vm::Vm;
use parking_lot::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// One traceback line: a code object and the line executing in it.
#[derive(Clone, Copy)]
pub struct TbEntry {
    /// The frame's code.
    pub code: &'static CodeObject,
    /// The line.
    pub line: u32,
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

/// Formats one exception (traceback and last line), without its chain.
fn format_one(vm: &Vm, exc: &ObjRef, out: &mut String) {
    if let Some(e) = exc_data(exc) {
        let tb = e.traceback.lock().clone();
        if !tb.is_empty() {
            out.push_str("Traceback (most recent call last):\n");
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
    }
    if crate::typeobj::is_subtype(
        exc.class(),
        crate::builtins::types::types().exc.syntax_error,
    ) {
        syntax_error_location(vm, exc, out);
    }
    out.push_str(&exception_last_line(vm, exc));
    out.push('\n');
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

/// The full CPython-style report of an uncaught exception, chain included.
pub fn format_exception(vm: &Vm, exc: &ObjRef) -> String {
    let mut chain: Vec<(ObjRef, &'static str)> = Vec::new();
    let mut cur = exc.clone();
    let mut seen: Vec<usize> = vec![cur.addr()];
    while let Some(e) = exc_data(&cur) {
        let cause = e.cause.lock().clone();
        let context = e.context.lock().clone();
        let next = if let Value::Obj(c) = cause {
            Some((
                c,
                "\nThe above exception was the direct cause of the following exception:\n\n",
            ))
        } else if !e.suppress_context.load(Ordering::Relaxed) {
            if let Value::Obj(c) = context {
                Some((
                    c,
                    "\nDuring handling of the above exception, another exception occurred:\n\n",
                ))
            } else {
                None
            }
        } else {
            None
        };
        match next {
            Some((n, sep)) if !seen.contains(&n.addr()) => {
                seen.push(n.addr());
                chain.push((n.clone(), sep));
                cur = n;
            }
            _ => break,
        }
    }
    let mut out = String::new();
    for (i, (e, _)) in chain.iter().enumerate().rev() {
        format_one(vm, e, &mut out);
        out.push_str(chain[i].1);
    }
    format_one(vm, exc, &mut out);
    out
}

/// The `__traceback__` value of an exception: a traceback object when it
/// has passed through a frame, else None.
pub fn traceback_value(exc: &Value) -> Value {
    use std::sync::OnceLock;
    static CLS: OnceLock<&'static Object> = OnceLock::new();
    let Value::Obj(o) = exc else {
        return Value::None;
    };
    let Some(e) = exc_data(o) else {
        return Value::None;
    };
    if e.traceback.lock().is_empty() {
        return Value::None;
    }
    let cls = CLS.get_or_init(|| crate::modules::new_native_class("traceback", "builtins"));
    Value::Obj(ObjRef::new(Object::new(cls, Payload::Plain)))
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
