//! `repr()` and `str()` of every built-in kind of object, with CPython's
//! formats (quoting and escaping of str and bytes, containers with a
//! recursion guard, `<... object at 0x...>` for the rest).

use crate::builtins::types::{class_of, types};
use crate::object::{Object, Payload};
use crate::ops::special;
use crate::value::Value;
use crate::vm::{PyResult, Vm};
use std::cell::RefCell;

thread_local! {
    static REPR_ACTIVE: RefCell<Vec<usize>> = const { RefCell::new(Vec::new()) };
}

struct ReprGuard(usize);

impl ReprGuard {
    fn enter(addr: usize) -> Option<ReprGuard> {
        REPR_ACTIVE.with(|r| {
            let mut r = r.borrow_mut();
            if r.contains(&addr) {
                None
            } else {
                r.push(addr);
                Some(ReprGuard(addr))
            }
        })
    }
}

impl Drop for ReprGuard {
    fn drop(&mut self) {
        REPR_ACTIVE.with(|r| {
            let mut r = r.borrow_mut();
            if let Some(p) = r.iter().rposition(|a| *a == self.0) {
                r.remove(p);
            }
        });
    }
}

/// True when `c` is printable as `str.isprintable` defines it.
pub fn is_printable(c: char) -> bool {
    crate::builtins::strmethods::is_printable(c)
}

/// Python's repr of a str.
pub fn repr_str(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if is_printable(c) => out.push(c),
            c => {
                let n = c as u32;
                if n < 0x100 {
                    out.push_str(&format!("\\x{n:02x}"));
                } else if n < 0x10000 {
                    out.push_str(&format!("\\u{n:04x}"));
                } else {
                    out.push_str(&format!("\\U{n:08x}"));
                }
            }
        }
    }
    out.push(quote);
    out
}

/// Python's repr of bytes.
pub fn repr_bytes(b: &[u8]) -> String {
    let quote = if b.contains(&b'\'') && !b.contains(&b'"') {
        b'"'
    } else {
        b'\''
    };
    let mut out = String::from("b");
    out.push(quote as char);
    for &c in b {
        match c {
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c as char);
            }
            0x20..=0x7e => out.push(c as char),
            c => out.push_str(&format!("\\x{c:02x}")),
        }
    }
    out.push(quote as char);
    out
}

/// `module.QualName` of a class for reprs.
pub fn class_repr_name(cls: &Object) -> String {
    let td = cls.type_data_of_self();
    let module = td
        .own_dict()
        .get_by_name("__module__")
        .and_then(|v| v.as_obj().and_then(|o| o.as_str().map(|s| s.to_string())));
    match module {
        Some(m) if m != "builtins" => format!("{}.{}", m, td.qualname()),
        _ => td.qualname(),
    }
}

fn seq_repr(
    vm: &Vm,
    items: &[Value],
    open: &str,
    close: &str,
    one_comma: bool,
) -> PyResult<String> {
    let mut out = String::from(open);
    for (i, v) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(&repr(vm, v)?);
    }
    if one_comma && items.len() == 1 {
        out.push(',');
    }
    out.push_str(close);
    Ok(out)
}

/// Big-int decimal conversion honouring the digit limit.
pub fn bigint_str(vm: &Vm, b: &num_bigint::BigInt) -> PyResult<String> {
    let limit = vm
        .interp
        .int_max_str_digits
        .load(std::sync::atomic::Ordering::Relaxed);
    let s = b.to_string();
    let digits = s.trim_start_matches('-').len();
    if limit > 0 && digits > limit {
        return Err(vm.value_error(format!(
            "Exceeds the limit ({limit} digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit"
        )));
    }
    Ok(s)
}

/// `repr(v)`
pub fn repr(vm: &Vm, v: &Value) -> PyResult<String> {
    match v {
        Value::Null => Ok("<NULL>".into()),
        Value::None => Ok("None".into()),
        Value::Bool(b) => Ok(if *b { "True" } else { "False" }.into()),
        Value::Int(i) => Ok(i.to_string()),
        Value::Float(f) => Ok(crate::format::float_repr(*f)),
        Value::Obj(o) => {
            if !o.type_data().builtin {
                if let Some(m) = special(v, "__repr__") {
                    let r = vm.call(&m, std::slice::from_ref(v))?;
                    return match r.as_obj().and_then(|o| o.as_str()) {
                        Some(s) => Ok(s.to_string()),
                        None => Err(vm.type_error(format!(
                            "__repr__ returned non-string (type {})",
                            vm.type_name(&r)
                        ))),
                    };
                }
            }
            if matches!(o.payload, Payload::Native(_)) {
                // A native class's own `__repr__` (`exit`, `quit`).
                let own = o
                    .class()
                    .type_data_of_self()
                    .own_dict()
                    .get_by_name("__repr__");
                if let Some(m) = own {
                    let r = vm.call(&m, std::slice::from_ref(v))?;
                    if let Some(s) = r.as_obj().and_then(|o| o.as_str()) {
                        return Ok(s.to_string());
                    }
                }
            }
            repr_builtin(vm, o, v)
        }
    }
}

fn addr_repr(o: &Object, what: &str) -> String {
    format!("<{} object at {:#x}>", what, o as *const Object as usize)
}

/// The repr of a built-in payload (whatever `__repr__` a subclass defines).
pub fn repr_builtin(vm: &Vm, o: &crate::value::ObjRef, v: &Value) -> PyResult<String> {
    let t = types();
    let addr = o.addr();
    Ok(match &o.payload {
        Payload::Str(s) => repr_str(s.as_str()),
        Payload::Int(b) => bigint_str(vm, b)?,
        Payload::Float(f) => crate::format::float_repr(*f),
        Payload::Complex(re, im) => crate::format::complex_repr(*re, *im),
        Payload::Bytes(b) => repr_bytes(b),
        Payload::ByteArray(b) => crate::builtins::bytearray::repr(b, &o.type_name()),
        Payload::Tuple(items) => {
            let Some(_g) = ReprGuard::enter(addr) else {
                return Ok("(...)".into());
            };
            seq_repr(vm, items, "(", ")", true)?
        }
        Payload::List(l) => {
            let Some(_g) = ReprGuard::enter(addr) else {
                return Ok("[...]".into());
            };
            let items = l.lock().clone();
            seq_repr(vm, &items, "[", "]", false)?
        }
        Payload::Dict(d) => {
            let Some(_g) = ReprGuard::enter(addr) else {
                return Ok("{...}".into());
            };
            let mut out = String::from("{");
            for (i, (k, val)) in d.items().iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(&repr(vm, k)?);
                out.push_str(": ");
                out.push_str(&repr(vm, val)?);
            }
            out.push('}');
            if std::ptr::eq(o.class(), t.dict) {
                out
            } else {
                format!("{}({})", o.type_data().name(), out)
            }
        }
        Payload::Set(s) => {
            let Some(_g) = ReprGuard::enter(addr) else {
                return Ok(format!("{}(...)", o.type_name()));
            };
            let items = s.items();
            let frozen = crate::typeobj::is_subtype(o.class(), t.frozenset);
            let name = o.type_data().name();
            if items.is_empty() {
                format!("{name}()")
            } else {
                let inner = seq_repr(vm, &items, "{", "}", false)?;
                if frozen || !std::ptr::eq(o.class(), t.set) {
                    format!("{name}({inner})")
                } else {
                    inner
                }
            }
        }
        Payload::BigRange(r) => crate::bigrange::repr(r),
        Payload::Range(r) => {
            if r.step == 1 {
                format!("range({}, {})", r.start, r.stop)
            } else {
                format!("range({}, {}, {})", r.start, r.stop, r.step)
            }
        }
        Payload::Slice(a, b, c) => format!(
            "slice({}, {}, {})",
            repr(vm, a)?,
            repr(vm, b)?,
            repr(vm, c)?
        ),
        Payload::Function(f) => format!("<function {} at {:#x}>", f.qualname.lock(), addr),
        Payload::BoundMethod(f, recv) => {
            let fname = match f.as_obj().map(|x| &x.payload) {
                Some(Payload::Function(ff)) => ff.qualname.lock().clone(),
                _ => "?".to_string(),
            };
            format!("<bound method {} of {}>", fname, repr(vm, recv)?)
        }
        Payload::Builtin(b) => match &b.bound {
            Some(Value::Obj(m)) if matches!(m.payload, Payload::Module(_)) => {
                format!("<built-in function {}>", b.name)
            }
            Some(recv) => format!(
                "<built-in method {} of {} object at {:#x}>",
                b.name,
                class_of(recv).type_data_of_self().name(),
                recv.as_obj().map(|x| x.addr()).unwrap_or(0)
            ),
            None if b.is_method => format!("<method '{}' of '{}' objects>", b.name, b.owner),
            None => format!("<built-in function {}>", b.name),
        },
        Payload::Type(_) => format!("<class '{}'>", class_repr_name(o)),
        Payload::Module(m) => format!("<module '{}'>", m.name),
        Payload::Exception(e) => {
            let args = crate::builtins::tuple::tuple_items(&e.args.lock()).unwrap_or_default();
            let name = o.type_data().name();
            if args.len() == 1 {
                format!("{}({})", name, repr(vm, &args[0])?)
            } else {
                format!("{}{}", name, seq_repr(vm, &args, "(", ")", false)?)
            }
        }
        Payload::Generator(g) => {
            let what = match g.kind {
                crate::generator::GenKind::Generator => "generator",
                crate::generator::GenKind::Coroutine => "coroutine",
                crate::generator::GenKind::AsyncGenerator => "async_generator",
            };
            format!("<{what} object {} at {:#x}>", g.qualname, addr)
        }
        Payload::Plain => {
            if std::ptr::eq(o.class(), t.not_implemented_type) {
                "NotImplemented".into()
            } else if std::ptr::eq(o.class(), t.ellipsis_type) {
                "Ellipsis".into()
            } else {
                format!("<{} object at {:#x}>", class_repr_name(o.class()), addr)
            }
        }
        Payload::Cell(_) => addr_repr(o, "cell"),
        Payload::Code(c) => format!(
            "<code object {} at {:#x}, file \"{}\", line {}>",
            c.name, addr, c.filename, c.first_line
        ),
        Payload::Super(start, inst) => crate::builtins::superobj::super_repr(vm, start, inst),
        Payload::Property(_) => addr_repr(o, "property"),
        Payload::StaticMethod(_) => addr_repr(o, "staticmethod"),
        Payload::ClassMethod(_) => addr_repr(o, "classmethod"),
        Payload::Iter(it) => format!(
            "<{} object at {:#x}>",
            crate::iterators::iter_type_name(it),
            addr
        ),
        Payload::Native(_) => {
            let _ = v;
            format!("<{} object at {:#x}>", class_repr_name(o.class()), addr)
        }
    })
}

/// `str(v)`
pub fn str_(vm: &Vm, v: &Value) -> PyResult<String> {
    if let Value::Obj(o) = v {
        if !o.type_data().builtin {
            if let Some(m) = special(v, "__str__") {
                let r = vm.call(&m, std::slice::from_ref(v))?;
                return match r.as_obj().and_then(|o| o.as_str()) {
                    Some(s) => Ok(s.to_string()),
                    None => Err(vm.type_error(format!(
                        "__str__ returned non-string (type {})",
                        vm.type_name(&r)
                    ))),
                };
            }
            if special(v, "__repr__").is_some()
                && !matches!(
                    o.payload,
                    Payload::Exception(_)
                        | Payload::Str(_)
                        | Payload::Bytes(_)
                        | Payload::ByteArray(_)
                )
            {
                return repr(vm, v);
            }
        }
        match &o.payload {
            Payload::Str(s) => return Ok(s.as_str().to_string()),
            // `bytes.__str__`/`bytearray.__str__` give the built-in repr
            // even where a subclass defines its own `__repr__`.
            Payload::Bytes(_) | Payload::ByteArray(_) => return repr_builtin(vm, o, v),
            Payload::Exception(e) => {
                if let Some(r) = crate::builtins::excgroup::group_str(vm, o) {
                    return r;
                }
                if crate::builtins::oserror::is_os_error_class(o.class()) {
                    if let Some(s) = crate::builtins::oserror::os_error_str(vm, o)? {
                        return Ok(s);
                    }
                }
                let args = crate::builtins::tuple::tuple_items(&e.args.lock()).unwrap_or_default();
                return match args.len() {
                    0 => Ok(String::new()),
                    1 => {
                        if crate::typeobj::is_subtype(o.class(), types().exc.key_error) {
                            repr(vm, &args[0])
                        } else {
                            str_(vm, &args[0])
                        }
                    }
                    _ => seq_repr(vm, &args, "(", ")", false),
                };
            }
            _ => {}
        }
    }
    repr(vm, v)
}
