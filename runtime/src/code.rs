//! Code objects: the compiler's output turned into immortal, shared,
//! executable form — quickened code units, constants as values, interned
//! names, line and exception tables.

use crate::compiler::output::{CodeFlags, CompiledCode, Constant, ExceptionTableEntry};
use crate::object::{Object, Payload};
use crate::strobj::{intern, new_str};
use crate::value::{ObjRef, Value};
use weft_specializer::CodeUnits;

/// An executable code object. Code objects are immortal (`&'static`), so
/// frames and caches refer to them without counting.
pub struct CodeObject {
    /// The shared, atomically rewritten instruction array.
    pub units: CodeUnits,
    /// Constants.
    pub consts: Box<[Value]>,
    /// Interned names.
    pub names: Box<[ObjRef]>,
    /// Interned local names.
    pub varnames: Box<[ObjRef]>,
    /// Cell variable names.
    pub cellvars: Box<[ObjRef]>,
    /// Free variable names.
    pub freevars: Box<[ObjRef]>,
    /// For each cellvar, the parameter it is initialised from.
    pub cell2arg: Box<[Option<u32>]>,
    /// Line of each code unit.
    pub lines: Box<[u32]>,
    /// Exception table.
    pub exception_table: Box<[ExceptionTableEntry]>,
    /// `co_name`
    pub name: String,
    /// `co_qualname`
    pub qualname: String,
    /// `co_filename`
    pub filename: String,
    /// `co_firstlineno`
    pub first_line: u32,
    /// Positional parameters.
    pub arg_count: usize,
    /// Positional-only parameters.
    pub posonly_arg_count: usize,
    /// Keyword-only parameters.
    pub kwonly_arg_count: usize,
    /// Flags.
    pub flags: CodeFlags,
    /// Stack size hint.
    pub max_stack: usize,
    /// Docstring or None.
    pub docstring: Value,
    /// A version unique to this code object (function versions derive from it).
    pub version: u32,
}

impl CodeObject {
    /// Total parameters including *args and **kwargs.
    pub fn total_args(&self) -> usize {
        self.arg_count
            + self.kwonly_arg_count
            + self.flags.varargs as usize
            + self.flags.varkeywords as usize
    }

    /// Line of the instruction at unit `i`.
    pub fn line_at(&self, i: usize) -> u32 {
        self.lines.get(i).copied().unwrap_or(self.first_line)
    }

    /// The exception handler covering unit `i`.
    pub fn handler_for(&self, i: usize) -> Option<&ExceptionTableEntry> {
        let i = i as u32;
        self.exception_table
            .iter()
            .find(|e| e.start <= i && i < e.end)
    }
}

/// Converts a compiler constant to a runtime value (immortal).
pub fn constant_value(c: &Constant, specialize: bool) -> Result<Value, String> {
    Ok(match c {
        Constant::None => Value::None,
        Constant::Bool(b) => Value::Bool(*b),
        Constant::Int(i) => crate::builtins::int::int_from_bigint(i.clone()),
        Constant::Float(f) => Value::Float(*f),
        Constant::Str(s) => {
            if s.len() <= 40 && s.chars().all(|c| c.is_alphanumeric() || c == '_') {
                Value::Obj(intern(s))
            } else {
                new_str(s.as_str())
            }
        }
        Constant::Bytes(b) => crate::builtins::bytes::new_bytes(b.clone()),
        Constant::Ellipsis => crate::builtins::types::ellipsis(),
        Constant::Tuple(items) => {
            let vals = items
                .iter()
                .map(|c| constant_value(c, specialize))
                .collect::<Result<Vec<_>, _>>()?;
            crate::builtins::tuple::new_tuple(vals)
        }
        Constant::Code(cc) => {
            let code = load_code(cc, specialize)?;
            Value::Obj(ObjRef::new_immortal(Object::new(
                crate::builtins::types::types().code,
                Payload::Code(code),
            )))
        }
    })
    .inspect(|v| {
        if let Value::Obj(o) = v {
            o.make_immortal();
        }
    })
}

/// Turns compiler output into an immortal code object.
pub fn load_code(cc: &CompiledCode, specialize: bool) -> Result<&'static CodeObject, String> {
    // The eval loop fetches without a bounds check on the strength of this,
    // and pops and peeks without a depth check on the strength of that.
    crate::compiler::verify_control_flow(cc)?;
    crate::compiler::verify_stack_depths(cc)?;
    let units =
        CodeUnits::new(&cc.units, specialize).map_err(|e| format!("bad bytecode: {e:?}"))?;
    let consts = cc
        .consts
        .iter()
        .map(|c| constant_value(c, specialize))
        .collect::<Result<Vec<_>, _>>()?;
    let names = |v: &[String]| -> Box<[ObjRef]> { v.iter().map(|s| intern(s)).collect() };
    let code = CodeObject {
        units,
        consts: consts.into_boxed_slice(),
        names: names(&cc.names),
        varnames: names(&cc.varnames),
        cellvars: names(&cc.cellvars),
        freevars: names(&cc.freevars),
        cell2arg: cc.cell2arg.clone().into_boxed_slice(),
        lines: cc.lines.clone().into_boxed_slice(),
        exception_table: cc.exception_table.clone().into_boxed_slice(),
        name: cc.name.clone(),
        qualname: cc.qualname.clone(),
        filename: cc.filename.to_string(),
        first_line: cc.first_line,
        arg_count: cc.arg_count as usize,
        posonly_arg_count: cc.posonly_arg_count as usize,
        kwonly_arg_count: cc.kwonly_arg_count as usize,
        flags: cc.flags,
        max_stack: cc.max_stack_depth as usize,
        docstring: match &cc.docstring {
            Some(d) => {
                let v = new_str(d.as_str());
                if let Value::Obj(o) = &v {
                    o.make_immortal();
                }
                v
            }
            None => Value::None,
        },
        version: crate::versions::CODE_VERSIONS.next(),
    };
    Ok(Box::leak(Box::new(code)))
}
