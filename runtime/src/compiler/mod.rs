//! The compiler: Python source text to [`CompiledCode`], in CPython 3.12
//! style (see `docs/` and the code generation contract in `codegen.rs`).
//!
//! Pipeline: [`crate::frontend`] parses (the only user of the parser
//! crate), `symtable` resolves scopes and refuses constructs outside the
//! subset, `codegen` emits instructions with symbolic labels, `assemble`
//! lays them out as code units with line and exception tables.
//!
//! Entry point: [`compile_module`]. Debugging aid: [`disassemble`].

mod assemble;
mod codegen;
mod fold;
pub mod output;
mod symtable;
#[cfg(test)]
mod tests;
mod unparse;

use std::fmt::Write as _;

pub use output::{CodeFlags, CompiledCode, Constant, ExceptionTableEntry};

use crate::frontend::{self, LineIndex};
use weft_specializer::{BinaryOperator, Opcode};

/// Stack size of the helper thread that compiles (the parser and the AST
/// walks are recursive; deep but legal nesting must not overflow).
const COMPILER_STACK_SIZE: usize = 256 * 1024 * 1024;

/// Which Python exception a compile error becomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompileErrorKind {
    /// `SyntaxError`
    SyntaxError,
    /// `IndentationError` (a `SyntaxError` subclass)
    IndentationError,
}

impl CompileErrorKind {
    /// The Python exception name.
    pub fn name(self) -> &'static str {
        match self {
            CompileErrorKind::SyntaxError => "SyntaxError",
            CompileErrorKind::IndentationError => "IndentationError",
        }
    }
}

/// A compile-time error, with CPython's message and location.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompileError {
    /// The exception type.
    pub kind: CompileErrorKind,
    /// CPython's message (`invalid syntax`, `'return' outside function`, ...).
    pub message: String,
    /// The file name given to the compiler.
    pub filename: String,
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in characters.
    pub column: u32,
    /// 1-based column just past the offending text, when on the same line.
    pub end_column: Option<u32>,
    /// The text of the offending line (without its line terminator).
    pub source_line: Option<String>,
}

impl std::fmt::Display for CompileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: {} ({}, line {})",
            self.kind.name(),
            self.message,
            self.filename,
            self.line
        )
    }
}

impl std::error::Error for CompileError {}

/// What source text is compiled as (`compile()`'s `mode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CompileMode {
    /// A module: a sequence of statements (`'exec'`).
    Exec,
    /// One expression whose value the code returns (`'eval'`).
    Eval,
    /// One interactive statement: the value of each expression statement
    /// is passed to `sys.displayhook` (`'single'`).
    Single,
}

/// Compiles a module's source text. `filename` is recorded in every code
/// object and error. Never panics; runs on a helper thread with a large
/// stack so that deeply nested (but legal) source does not overflow.
pub fn compile_module(source: &str, filename: &str) -> Result<CompiledCode, CompileError> {
    compile_source(source, filename, CompileMode::Exec)
}

/// Compiles source text in `mode` (see [`compile_module`]).
pub fn compile_source(
    source: &str,
    filename: &str,
    mode: CompileMode,
) -> Result<CompiledCode, CompileError> {
    let spawned = std::thread::scope(|scope| {
        let handle = std::thread::Builder::new()
            .name("weft-compiler".into())
            .stack_size(COMPILER_STACK_SIZE)
            .spawn_scoped(scope, || compile_guarded(source, filename, mode));
        handle.map(|h| h.join())
    });
    match spawned {
        Ok(Ok(result)) => result,
        Ok(Err(_panic)) => Err(internal_error(filename, "compiler panicked")),
        Err(_) => compile_guarded(source, filename, mode),
    }
}

fn compile_guarded(
    source: &str,
    filename: &str,
    mode: CompileMode,
) -> Result<CompiledCode, CompileError> {
    std::panic::catch_unwind(|| compile_inner(source, filename, mode))
        .unwrap_or_else(|_| Err(internal_error(filename, "compiler panicked")))
}

fn internal_error(filename: &str, what: &str) -> CompileError {
    CompileError {
        kind: CompileErrorKind::SyntaxError,
        message: format!("internal compiler error: {what}"),
        filename: filename.to_string(),
        line: 1,
        column: 1,
        end_column: None,
        source_line: None,
    }
}

fn compile_inner(
    source: &str,
    filename: &str,
    mode: CompileMode,
) -> Result<CompiledCode, CompileError> {
    let source = source.strip_prefix('\u{feff}').unwrap_or(source);
    let index = LineIndex::new(source);
    let make = |kind: CompileErrorKind, message: String, start: usize, end: Option<usize>| {
        let (line, column) = index.line_col(source, start);
        let end_column = end.and_then(|e| {
            let (eline, ecol) = index.line_col(source, e);
            (eline == line && e > start).then_some(ecol)
        });
        CompileError {
            kind,
            message,
            filename: filename.to_string(),
            line,
            column,
            end_column,
            source_line: index.line_text(source, line).map(str::to_string),
        }
    };
    let module = frontend::parse_module_detailed(source).map_err(|f| {
        let kind = if f.indentation {
            CompileErrorKind::IndentationError
        } else {
            CompileErrorKind::SyntaxError
        };
        make(kind, f.message, f.offset, f.end_offset)
    })?;
    let table = symtable::SymbolTable::build(&module).map_err(|e| {
        make(
            CompileErrorKind::SyntaxError,
            e.message,
            e.range.start().to_usize(),
            Some(e.range.end().to_usize()),
        )
    })?;
    codegen::Codegen::compile_module(&module, &table, &index, filename, mode).map_err(|e| {
        make(
            CompileErrorKind::SyntaxError,
            e.message,
            e.range.start().to_usize(),
            Some(e.range.end().to_usize()),
        )
    })
}

/// A tuple's repr from its items' reprs (`(x,)` for one item).
pub fn tuple_repr(parts: Vec<String>) -> String {
    if parts.len() == 1 {
        format!("({},)", parts[0])
    } else {
        format!("({})", parts.join(", "))
    }
}

/// `repr()`-like rendering of a constant, for the disassembler.
pub fn constant_repr(c: &Constant) -> String {
    match c {
        Constant::None => "None".into(),
        Constant::Bool(true) => "True".into(),
        Constant::Bool(false) => "False".into(),
        Constant::Int(i) => i.to_string(),
        Constant::Float(f) => {
            if f.is_finite() && f.fract() == 0.0 && f.abs() < 1e16 {
                format!("{f:.1}")
            } else {
                format!("{f}")
            }
        }
        Constant::Complex(re, im) => crate::format::complex_repr(*re, *im),
        Constant::Str(s) => py_repr(
            s.chars().map(|c| c as u32),
            s.contains('\'') && !s.contains('"'),
            false,
        ),
        Constant::Bytes(b) => {
            let dq = b.contains(&b'\'') && !b.contains(&b'"');
            format!("b{}", py_repr(b.iter().map(|&c| u32::from(c)), dq, true))
        }
        Constant::Ellipsis => "Ellipsis".into(),
        Constant::Tuple(items) => tuple_repr(items.iter().map(constant_repr).collect()),
        Constant::Code(code) => format!("<code object {}, line {}>", code.name, code.first_line),
    }
}

/// A `dis`-style listing of a code object and, after it, of every code
/// object among its constants (recursively).
pub fn disassemble(code: &CompiledCode) -> String {
    let mut out = String::new();
    disassemble_into(code, &mut out);
    out
}

fn disassemble_into(code: &CompiledCode, out: &mut String) {
    let _ = writeln!(
        out,
        "Disassembly of {} ({}, first line {}, stack {}):",
        code.qualname, code.name, code.first_line, code.max_stack_depth
    );
    // Jump targets.
    let mut targets = std::collections::BTreeSet::new();
    for_each_instruction(code, |i, op, arg| {
        if let Some(t) = jump_target(i, op, arg) {
            targets.insert(t);
        }
    });
    for e in &code.exception_table {
        targets.insert(e.target as usize);
    }
    let mut last_line = u32::MAX;
    for_each_instruction_with_start(code, |start, i, op, arg| {
        let line = code.lines.get(i).copied().unwrap_or(0);
        let line_col = if line != last_line {
            last_line = line;
            if line == 0 {
                "   -".to_string()
            } else {
                format!("{line:>4}")
            }
        } else {
            "    ".to_string()
        };
        let mark = if targets.contains(&start) { ">>" } else { "  " };
        let detail = describe_arg(code, i, op, arg);
        let argtext = if op as u8 >= Opcode::RESUME as u8 || has_arg(op) {
            format!("{arg}")
        } else {
            String::new()
        };
        let text = format!(
            "{line_col} {mark} {i:>5} {:<22} {argtext:<5} {detail}",
            op.name()
        );
        out.push_str(text.trim_end());
        out.push('\n');
    });
    if !code.exception_table.is_empty() {
        let _ = writeln!(out, "ExceptionTable:");
        for e in &code.exception_table {
            let _ = writeln!(
                out,
                "  {} to {} -> {} [{}]{}",
                e.start,
                e.end,
                e.target,
                e.depth,
                if e.lasti { " lasti" } else { "" }
            );
        }
    }
    for c in &code.consts {
        if let Constant::Code(inner) = c {
            out.push('\n');
            disassemble_into(inner, out);
        }
    }
}

/// Python-style quoting of a str (code points) or bytes (byte values).
fn py_repr(items: impl Iterator<Item = u32>, double: bool, bytes: bool) -> String {
    let quote = if double { '"' } else { '\'' };
    let mut out = String::new();
    out.push(quote);
    for c in items {
        match c {
            0x5c => out.push_str("\\\\"),
            0x0a => out.push_str("\\n"),
            0x0d => out.push_str("\\r"),
            0x09 => out.push_str("\\t"),
            c if c == quote as u32 => {
                out.push('\\');
                out.push(quote);
            }
            c if c < 0x20 || c == 0x7f || (bytes && c >= 0x80) => {
                let _ = write!(out, "\\x{c:02x}");
            }
            c => match char::from_u32(c) {
                Some(ch) if !bytes && (ch.is_control() || (0x80..0xa0).contains(&c)) => {
                    let _ = write!(out, "\\x{c:02x}");
                }
                Some(ch) => out.push(ch),
                None => {
                    let _ = write!(out, "\\u{c:04x}");
                }
            },
        }
    }
    out.push(quote);
    out
}

fn has_arg(op: Opcode) -> bool {
    !matches!(
        op,
        Opcode::NOP
            | Opcode::POP_TOP
            | Opcode::PUSH_NULL
            | Opcode::UNARY_NEGATIVE
            | Opcode::UNARY_POSITIVE
            | Opcode::UNARY_NOT
            | Opcode::UNARY_INVERT
            | Opcode::RETURN_VALUE
            | Opcode::LIST_TO_TUPLE
            | Opcode::LOAD_BUILD_CLASS
            | Opcode::LOAD_ASSERTION_ERROR
            | Opcode::SETUP_ANNOTATIONS
            | Opcode::PUSH_EXC_INFO
            | Opcode::POP_EXCEPT
            | Opcode::CHECK_EXC_MATCH
            | Opcode::CHECK_EG_MATCH
            | Opcode::PREP_RERAISE_STAR
            | Opcode::BEFORE_WITH
            | Opcode::WITH_EXCEPT_START
            | Opcode::GET_YIELD_FROM_ITER
            | Opcode::END_SEND
            | Opcode::GET_AITER
            | Opcode::GET_ANEXT
            | Opcode::END_ASYNC_FOR
            | Opcode::BEFORE_ASYNC_WITH
            | Opcode::ASYNC_GEN_WRAP
            | Opcode::CLEANUP_THROW
            | Opcode::GET_ITER
            | Opcode::TO_BOOL
            | Opcode::STORE_SUBSCR
            | Opcode::DELETE_SUBSCR
            | Opcode::GET_LEN
            | Opcode::MATCH_SEQUENCE
            | Opcode::MATCH_MAPPING
            | Opcode::MATCH_KEYS
    )
}

/// Calls `f(unit_index, opcode, full_oparg)` for every instruction
/// (EXTENDED_ARG folded in, caches skipped).
fn for_each_instruction(code: &CompiledCode, mut f: impl FnMut(usize, Opcode, u32)) {
    for_each_instruction_with_start(code, |_, i, op, arg| f(i, op, arg));
}

/// Like `for_each_instruction`, also passing the index of the first
/// `EXTENDED_ARG` prefix (where jumps to the instruction land).
fn for_each_instruction_with_start(
    code: &CompiledCode,
    mut f: impl FnMut(usize, usize, Opcode, u32),
) {
    let mut i = 0;
    let mut ext: u32 = 0;
    let mut start = 0;
    while i < code.units.len() {
        let (byte, arg) = code.units[i];
        let Some(op) = Opcode::from_u8(byte) else {
            i += 1;
            start = i;
            continue;
        };
        if op == Opcode::EXTENDED_ARG {
            ext = (ext << 8) | u32::from(arg);
            i += 1;
            continue;
        }
        let full = (ext << 8) | u32::from(arg);
        ext = 0;
        f(start, i, op, full);
        i += 1 + op.cache_units();
        start = i;
    }
}

/// Checks that running `code` keeps the instruction pointer inside it, as
/// the eval loop's unchecked fetch requires (`eval::dispatch`): the code
/// is not empty, ends with an instruction that never falls through (a
/// return, a raise, an unconditional jump) and not with an `EXTENDED_ARG`
/// prefix, and every jump target (`jump_target`, the loop's arithmetic)
/// and every exception handler lies inside it. Every other instruction
/// falls through to the next one, which exists; so from any instruction
/// the pointer moves only to an instruction of the code.
///
/// Also checks the operands the loop indexes without a check
/// (`eval::dispatch`, `uncached!`): every instruction on a local
/// (`Opcode::names_local`) names one of the code's locals, every `LOAD_CONST` one of its
/// constants (the halves of the superinstructions that quickening forms
/// are such instructions, each checked on its own).
pub(crate) fn verify_control_flow(code: &CompiledCode) -> Result<(), String> {
    let len = code.units.len();
    let mut bad_operand = None;
    for_each_instruction(code, |at, op, full| {
        let first_half = op.halves().map_or(op, |(first, _)| first);
        let bound = match first_half {
            op if op.names_local() => code.varnames.len(),
            Opcode::LOAD_CONST => code.consts.len(),
            _ => return,
        };
        if full as usize >= bound && bad_operand.is_none() {
            bad_operand = Some(at);
        }
    });
    if let Some(at) = bad_operand {
        return Err(format!("the operand at {at} is out of range"));
    }
    // The last instruction and where it ends (short of `len` when the code
    // ends with a prefix or an undecodable byte), and the first jump out.
    let mut last: Option<(Opcode, usize)> = None;
    let mut bad_jump = None;
    for_each_instruction(code, |at, op, full| {
        last = Some((op, at + 1 + op.cache_units()));
        if jump_target(at, op, full).is_some_and(|t| t >= len) && bad_jump.is_none() {
            bad_jump = Some(at);
        }
    });
    if let Some(at) = bad_jump {
        return Err(format!("the jump at {at} leaves the code"));
    }
    let Some((last_op, end)) = last else {
        return Err("empty code".into());
    };
    let stops = matches!(
        last_op.deopt(),
        Opcode::RETURN_VALUE
            | Opcode::RAISE_VARARGS
            | Opcode::RERAISE
            | Opcode::JUMP_FORWARD
            | Opcode::JUMP_BACKWARD
    );
    if end != len || !stops {
        return Err("the code can run past its end".into());
    }
    if let Some(h) = code
        .exception_table
        .iter()
        .find(|h| h.target as usize >= len)
    {
        return Err(format!("the handler at {} is outside the code", h.target));
    }
    Ok(())
}

/// Checks that running `code` keeps its value stack within what the eval
/// loop's unchecked stack accesses require (`framestore`, "Cached top"):
/// along every path from the code's start and from each exception
/// handler's entry, every instruction finds the values it reads
/// (`assemble::stack_inputs`) and leaves at most `max_stack_depth` values
/// (`assemble::stack_effect`), and paths that meet agree on the depth. A
/// handler is entered with its recorded depth, plus `lasti` and the
/// exception (the loop refuses to enter one from a shallower stack).
/// `code` must have passed `verify_control_flow`.
pub(crate) fn verify_stack_depths(code: &CompiledCode) -> Result<(), String> {
    // Each instruction: (first unit, prefixes included; its own unit;
    // opcode; full oparg).
    let mut instrs: Vec<(usize, usize, Opcode, u32)> = Vec::new();
    for_each_instruction_with_start(code, |start, at, op, arg| instrs.push((start, at, op, arg)));
    let mut index_at = vec![None; code.units.len() + 1];
    for (k, &(start, ..)) in instrs.iter().enumerate() {
        index_at[start] = Some(k);
    }
    let landing = |unit: usize| -> Result<usize, String> {
        index_at
            .get(unit)
            .copied()
            .flatten()
            .ok_or_else(|| format!("control reaches unit {unit}, which starts no instruction"))
    };
    let max = i64::from(code.max_stack_depth);
    let mut depth: Vec<Option<i64>> = vec![None; instrs.len()];
    let mut work: Vec<(usize, i64)> = vec![(landing(0)?, 0)];
    for h in &code.exception_table {
        let entry = i64::from(h.depth) + i64::from(h.lasti) + 1;
        work.push((landing(h.target as usize)?, entry));
    }
    while let Some((first, d0)) = work.pop() {
        let (mut k, mut d) = (first, d0);
        loop {
            let &(start, at, op, arg) = instrs
                .get(k)
                .ok_or("control flow falls off the end of the code")?;
            if !(0..=max).contains(&d) {
                return Err(format!(
                    "stack depth {d} at unit {start} is outside 0..={max}"
                ));
            }
            if assemble::reached_before(&mut depth[k], d, || format!("unit {start}"))? {
                break;
            }
            let inputs = assemble::stack_inputs(op, arg);
            if i64::from(inputs) > d {
                return Err(format!(
                    "{} at unit {start} reads {inputs} values from a stack of {d}",
                    op.name()
                ));
            }
            let (fall, jump) = assemble::stack_effect(op, arg);
            let base = op.deopt();
            if matches!(base, Opcode::JUMP_FORWARD | Opcode::JUMP_BACKWARD) {
                let t = jump_target(at, op, arg).ok_or("a jump leaves the code")?;
                work.push((landing(t)?, d));
                break;
            }
            if let Some(j) = jump {
                let t = jump_target(at, op, arg).ok_or("a jump leaves the code")?;
                work.push((landing(t)?, d + i64::from(j)));
            }
            if assemble::is_terminal(base) {
                break;
            }
            d += i64::from(fall);
            k += 1;
            if instrs
                .get(k)
                .is_some_and(|next| next.0 != at + 1 + op.cache_units())
            {
                return Err(format!("unit {start} falls through into undecodable units"));
            }
        }
    }
    Ok(())
}

/// Where the jump at unit `i` (`op`, operand `arg`) goes, for the
/// instructions that jump.
pub fn jump_target(i: usize, op: Opcode, arg: u32) -> Option<usize> {
    op.jump_target(i, arg)
}

fn describe_arg(code: &CompiledCode, i: usize, op: Opcode, arg: u32) -> String {
    let name = |idx: u32| {
        code.names
            .get(idx as usize)
            .cloned()
            .unwrap_or_else(|| "<?>".into())
    };
    let deref = |idx: u32| {
        let idx = idx as usize;
        code.cellvars
            .get(idx)
            .or_else(|| code.freevars.get(idx.wrapping_sub(code.cellvars.len())))
            .cloned()
            .unwrap_or_else(|| "<?>".into())
    };
    if let Some(t) = jump_target(i, op, arg) {
        return format!("(to {t})");
    }
    match op.deopt() {
        Opcode::LOAD_CONST => code
            .consts
            .get(arg as usize)
            .map_or("(<?>)".into(), |c| format!("({})", constant_repr(c))),
        op if op.names_local() => code
            .varnames
            .get(arg as usize)
            .map_or("(<?>)".into(), |v| format!("({v})")),
        Opcode::LOAD_DEREF
        | Opcode::STORE_DEREF
        | Opcode::DELETE_DEREF
        | Opcode::LOAD_CLOSURE
        | Opcode::LOAD_CLASSDEREF => format!("({})", deref(arg)),
        Opcode::LOAD_NAME
        | Opcode::STORE_NAME
        | Opcode::DELETE_NAME
        | Opcode::STORE_GLOBAL
        | Opcode::DELETE_GLOBAL
        | Opcode::STORE_ATTR
        | Opcode::DELETE_ATTR
        | Opcode::IMPORT_NAME
        | Opcode::IMPORT_FROM => format!("({})", name(arg)),
        Opcode::LOAD_GLOBAL => {
            if arg & 1 == 1 {
                format!("({} + NULL)", name(arg >> 1))
            } else {
                format!("({})", name(arg >> 1))
            }
        }
        Opcode::LOAD_ATTR => {
            if arg & 1 == 1 {
                format!("({} + NULL|self)", name(arg >> 1))
            } else {
                format!("({})", name(arg >> 1))
            }
        }
        Opcode::LOAD_SUPER_ATTR => {
            let mut s = format!("({}", name(arg >> 2));
            if arg & 1 == 1 {
                s.push_str(" + NULL|self");
            }
            if arg & 2 == 2 {
                s.push_str(", 2 args");
            }
            s.push(')');
            s
        }
        Opcode::COMPARE_OP => compare_argrepr(arg),
        Opcode::IS_OP => if arg == 0 { "(is)" } else { "(is not)" }.into(),
        Opcode::CONTAINS_OP => if arg == 0 { "(in)" } else { "(not in)" }.into(),
        Opcode::BINARY_OP => {
            BinaryOperator::from_arg(arg).map_or("(?)".into(), |b| format!("({})", b.symbol()))
        }
        Opcode::FORMAT_VALUE => {
            let conv = ["", "str", "repr", "ascii"][(arg & 3) as usize];
            let spec = if arg & 4 != 0 { "with format" } else { "" };
            let text = [conv, spec]
                .iter()
                .filter(|s| !s.is_empty())
                .copied()
                .collect::<Vec<_>>()
                .join(", ");
            if text.is_empty() {
                String::new()
            } else {
                format!("({text})")
            }
        }
        Opcode::MAKE_FUNCTION => {
            let mut flags = Vec::new();
            if arg & 1 != 0 {
                flags.push("defaults");
            }
            if arg & 2 != 0 {
                flags.push("kwdefaults");
            }
            if arg & 8 != 0 {
                flags.push("closure");
            }
            if flags.is_empty() {
                String::new()
            } else {
                format!("({})", flags.join(", "))
            }
        }
        _ => String::new(),
    }
}

/// The argrepr of a `COMPARE_OP` oparg: `(<)`, or `(bool(<))` with the
/// COMPARE_TO_BOOL bit (as CPython 3.13's `dis` shows it).
pub(crate) fn compare_argrepr(arg: u32) -> String {
    let sym = ["<", "<=", "==", "!=", ">", ">="];
    let s = sym
        .get(weft_specializer::comparison_of(arg) as usize)
        .unwrap_or(&"?");
    if arg & weft_specializer::COMPARE_TO_BOOL != 0 {
        format!("(bool({s}))")
    } else {
        format!("({s})")
    }
}
