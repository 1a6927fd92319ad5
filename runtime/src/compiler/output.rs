//! What the compiler produces: plain data describing one code object
//! (instructions as raw code units, constants, names, line and exception
//! tables). The runtime turns it into a shared `CodeObject`.

use num_bigint::BigInt;
use std::sync::Arc;

/// A compile-time constant.
#[derive(Clone, Debug, PartialEq)]
pub enum Constant {
    /// `None`
    None,
    /// `True` / `False`
    Bool(bool),
    /// An `int` literal (arbitrary precision).
    Int(BigInt),
    /// A `float` literal.
    Float(f64),
    /// An imaginary literal (`2j`): real and imaginary parts.
    Complex(f64, f64),
    /// A `str` literal.
    Str(String),
    /// A `bytes` literal.
    Bytes(Vec<u8>),
    /// `...`
    Ellipsis,
    /// A tuple of constants (folded displays, kwnames of CALL_KW, fromlists).
    Tuple(Vec<Constant>),
    /// A nested code object (function, lambda, comprehension, class body).
    Code(Arc<CompiledCode>),
}

/// One entry of the exception table: an exception raised by an instruction
/// whose unit index is in `start..end` pops the value stack to `depth`
/// items, pushes the raising instruction's unit index as an int if `lasti`,
/// pushes the exception, and continues at `target`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExceptionTableEntry {
    /// First covered code unit.
    pub start: u32,
    /// One past the last covered code unit.
    pub end: u32,
    /// The handler's first code unit.
    pub target: u32,
    /// Stack depth to unwind to (items of this frame's value stack).
    pub depth: u32,
    /// Whether to push the raising instruction's offset before the exception.
    pub lasti: bool,
}

/// Code object kind flags.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CodeFlags {
    /// Has a `*args` parameter (the slot after the kw-only parameters).
    pub varargs: bool,
    /// Has a `**kwargs` parameter (the slot after `*args`, if any).
    pub varkeywords: bool,
    /// Resumable (contains `yield`, or `async`): calling it makes a
    /// generator, a coroutine or an async generator.
    pub generator: bool,
    /// An `async def` without `yield` (or an awaiting comprehension):
    /// calling it makes a coroutine.
    pub coroutine: bool,
    /// An `async def` with `yield` (or an async generator expression).
    pub async_generator: bool,
    /// A class body (names go through the namespace dict).
    pub class_body: bool,
    /// Module-level code.
    pub module: bool,
}

/// One compiled code object.
#[derive(Clone, Debug, PartialEq)]
pub struct CompiledCode {
    /// `co_name`: function name, `<module>`, `<lambda>`, `<listcomp>`, ...
    pub name: String,
    /// `co_qualname`: `Outer.method`, `f.<locals>.g`, ...
    pub qualname: String,
    /// Source file name as given to the compiler.
    pub filename: Arc<str>,
    /// Line of the `def`/`class` (first decorator's line), 1 for modules.
    pub first_line: u32,
    /// Positional parameters, including positional-only ones.
    pub arg_count: u32,
    /// Positional-only parameters (a prefix of the positional ones).
    pub posonly_arg_count: u32,
    /// Keyword-only parameters (after the positional ones in `varnames`).
    pub kwonly_arg_count: u32,
    /// Kind flags.
    pub flags: CodeFlags,
    /// Raw code units `(opcode byte, oparg byte)`, inline cache units
    /// included as `(0, 0)`.
    pub units: Vec<(u8, u8)>,
    /// Source line of every code unit (same length as `units`).
    pub lines: Vec<u32>,
    /// Exception table, sorted by `start`, non-overlapping.
    pub exception_table: Vec<ExceptionTableEntry>,
    /// Constants for LOAD_CONST.
    pub consts: Vec<Constant>,
    /// Names for LOAD_GLOBAL/LOAD_ATTR/LOAD_NAME/IMPORT_NAME/... .
    pub names: Vec<String>,
    /// Fast locals: parameters first (positional, kw-only, *args, **kwargs), then others.
    pub varnames: Vec<String>,
    /// Cells created by this code (variables captured by inner scopes).
    pub cellvars: Vec<String>,
    /// Cells received from the enclosing scope (via the closure tuple).
    pub freevars: Vec<String>,
    /// For each cellvar, the parameter index whose value moves into it at
    /// frame start, if the cell variable is a parameter.
    pub cell2arg: Vec<Option<u32>>,
    /// Deepest value stack this code needs.
    pub max_stack_depth: u32,
    /// The docstring, when the body starts with a string literal.
    pub docstring: Option<String>,
}
