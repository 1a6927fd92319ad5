//! The `dis` module: disassembly of a function's code units, showing the
//! current (possibly specialized) opcodes with `adaptive=True`.

use crate::builtins::functions::write_stdout;
use crate::code::CodeObject;
use crate::function::CallArgs;
use crate::object::Payload;
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};
use weft_specializer::Opcode;

/// The code object behind a function, method or code value.
pub fn code_of(v: &Value) -> Option<&'static CodeObject> {
    match v.as_obj().map(|o| &o.payload) {
        Some(Payload::Function(f)) => Some(f.code()),
        Some(Payload::Code(c)) => Some(*c),
        Some(Payload::BoundMethod(f, _)) => code_of(f),
        _ => None,
    }
}

/// A textual listing of `code` (one line per instruction).
pub fn listing(code: &CodeObject, adaptive: bool) -> String {
    let mut out = String::new();
    let mut last_line = 0;
    let mut ext: u32 = 0;
    for (i, op, arg) in code.units.instructions() {
        let shown = if adaptive { op } else { op.deopt() };
        let full = (ext << 8) | arg as u32;
        ext = if op == Opcode::EXTENDED_ARG { full } else { 0 };
        let line = code.line_at(i);
        let line_col = if line != last_line {
            last_line = line;
            format!("{line:>4}")
        } else {
            "    ".to_string()
        };
        let argrepr = argrepr(code, shown.deopt(), full);
        out.push_str(&format!(
            "{}  {:>6} {:<30} {:>4} {}\n",
            line_col,
            i * 2,
            shown.name(),
            full,
            argrepr
        ));
    }
    out
}

/// The repr of a constant (the kinds a code object's constants hold).
fn const_repr(v: &Value) -> String {
    match v {
        Value::Obj(o) => match &o.payload {
            Payload::Str(s) => crate::builtins::repr::repr_str(s.as_str()),
            Payload::Code(c) => format!("<code object {}>", c.name),
            Payload::Int(i) => i.to_string(),
            Payload::Float(f) => crate::format::float_repr(*f),
            Payload::Tuple(items) => {
                crate::compiler::tuple_repr(items.iter().map(const_repr).collect())
            }
            _ => String::new(),
        },
        Value::Int(i) => i.to_string(),
        Value::None => "None".into(),
        Value::Bool(b) => {
            if *b {
                "True".into()
            } else {
                "False".into()
            }
        }
        Value::Float(f) => crate::format::float_repr(*f),
        Value::Null => String::new(),
    }
}

fn argrepr(code: &CodeObject, op: Opcode, arg: u32) -> String {
    let name = |i: usize| {
        code.names
            .get(i)
            .and_then(|n| n.as_str().map(|s| s.to_string()))
            .unwrap_or_default()
    };
    match op {
        Opcode::LOAD_CONST => code
            .consts
            .get(arg as usize)
            .map(|v| format!("({})", const_repr(v)))
            .unwrap_or_default(),
        _ if op.names_local() => code
            .varnames
            .get(arg as usize)
            .and_then(|n| n.as_str().map(|s| format!("({s})")))
            .unwrap_or_default(),
        Opcode::LOAD_GLOBAL => format!("({})", name((arg >> 1) as usize)),
        Opcode::LOAD_ATTR => format!("({})", name((arg >> 1) as usize)),
        Opcode::LOAD_SUPER_ATTR => format!("({})", name((arg >> 2) as usize)),
        Opcode::STORE_ATTR
        | Opcode::DELETE_ATTR
        | Opcode::LOAD_NAME
        | Opcode::STORE_NAME
        | Opcode::DELETE_NAME
        | Opcode::STORE_GLOBAL
        | Opcode::DELETE_GLOBAL
        | Opcode::IMPORT_NAME
        | Opcode::IMPORT_FROM => {
            format!("({})", name(arg as usize))
        }
        Opcode::BINARY_OP => weft_specializer::BinaryOperator::from_arg(arg)
            .map(|b| format!("({})", b.symbol()))
            .unwrap_or_default(),
        Opcode::COMPARE_OP => crate::compiler::compare_argrepr(arg),
        _ => String::new(),
    }
}

fn dis(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let target = args.pos().first().cloned().unwrap_or(Value::None);
    let adaptive = match args.kwarg("adaptive") {
        Some(v) => crate::ops::truthy(vm, v)?,
        None => false,
    };
    let code = code_of(&target)
        .ok_or_else(|| vm.type_error("don't know how to disassemble this object"))?;
    write_stdout(vm, &listing(code, adaptive));
    Ok(Value::None)
}

/// Builds the module.
pub fn make() -> ObjRef {
    super::make_module("dis", &[("dis", dis)])
}
