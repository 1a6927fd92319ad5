//! Code generation: walks the AST of one module and emits, per code object,
//! a list of instructions with symbolic labels ([`super::assemble`] turns it
//! into code units). The shapes follow CPython 3.12/3.13's `compile.c`
//! (calls in the 3.13 `callable self_or_null args` convention, zero-cost
//! exception handling, `compiler_unwind_fblock` for `return`/`break`/
//! `continue` leaving `try`/`with`/`except` blocks). List, set and dict
//! comprehensions are compiled into the enclosing code (PEP 709, see
//! `compile_inlined_comprehension`) unless a closure captures one of their
//! variables; generator expressions (and those few comprehensions) are
//! nested functions.
//!
//! Contract points decided here (the evaluation loop relies on them):
//! - `try/finally`: the body's handler has `lasti = false` (as CPython);
//!   the handler is `PUSH_EXC_INFO; <finally body>; RERAISE 0`, covered by
//!   the usual cleanup `COPY 3; POP_EXCEPT; RERAISE 1` (`lasti = true`).
//! - `yield from`: the `YIELD_VALUE 1` is covered by a handler (depth = the
//!   stack holding receiver and yielded value, `lasti = false`) whose code is
//!   `CLEANUP_THROW`, falling into the `END_SEND` (CPython 3.12's layout).
//!   An exception thrown into a suspended generator is raised at its
//!   `YIELD_VALUE` after pushing the sent value (`None`), as CPython does.
//! - `RERAISE n>0` restores the frame's `lasti` from the stack; the handler
//!   search still uses the `RERAISE`'s own offset.
//! - Single `*x` in a call builds a real tuple (`BUILD_LIST 0; x;
//!   LIST_EXTEND 1; LIST_TO_TUPLE`); keyword dicts always start from
//!   `BUILD_MAP 0` and every run of `k=v` is merged with `DICT_MERGE 1`.
//! - `__debug__` is the constant `True`; `-<number>`, `~<int>`, `+<number>`,
//!   binary operators on constants (with CPython's size limits, see
//!   `fold.rs`; `int ** negative` is left to run time) and tuples of
//!   constants are folded; lists/sets of more than two
//!   constants are built from a constant tuple (`LIST_EXTEND`/`SET_UPDATE`).
//! - Unreachable code is removed, and a jump to a short exit sequence
//!   (`<= 4` instructions ending in a return/raise) is replaced by a copy.
//! - `from __future__ import ...` is validated and compiles to nothing.
//!
//! Line numbers: every instruction carries the line of the AST node that
//! produced it. Artificial instructions (CPython's `NO_LOCATION`: loop
//! back-edges of `for`, jumps over `else` blocks, exception cleanup code,
//! the implicit `return None`) inherit a line the way CPython's
//! `propagate_line_numbers` does; those still without one get line 0,
//! meaning "no line" (CPython's `None` in `co_lines`): they never start a
//! LINE event, and none of them can raise. The module's `RESUME` has line
//! 0, other code objects' `RESUME` has `first_line`. `break`, `continue`,
//! `pass`, `try:` and constant expression statements emit a `NOP` carrying
//! the statement's line when no other instruction carries it.

use std::collections::HashMap;
use std::sync::Arc;

use num_bigint::BigInt;
use num_traits::{Num, Zero};
use ruff_python_ast::{
    self as ast, BoolOp, CmpOp, ConversionFlag, ExceptHandler, Expr, FStringPart,
    InterpolatedStringElement, InterpolatedStringElements, Number, Operator, Parameters, Stmt,
    UnaryOp,
};
use ruff_text_size::{Ranged, TextRange};
use weft_specializer::{BinaryOperator, Opcode, COMPARE_TO_BOOL};

use super::assemble::{self, Handler, Instr, Label, Op, NO_LINE};
use super::output::{CodeFlags, CompiledCode, Constant};
use super::symtable::{
    mangle, CompKind, NodeKey, Scope, ScopeId, ScopeKind, SymbolTable, DEF_FREE_CLASS, MAX_NESTING,
};
use crate::frontend::{expr_kind_name, LineIndex};

#[path = "match_patterns.rs"]
mod match_patterns;

/// CPython's `STACK_USE_GUIDELINE`: above this many items, displays and
/// calls are built incrementally.
const STACK_USE_GUIDELINE: usize = 30;

/// CPython's `CO_MAXBLOCKS`: nesting limit of loops, `try` and `with` blocks.
const MAX_BLOCKS: usize = 20;

/// A compile-time error from the code generator.
#[derive(Clone, Debug)]
pub(crate) struct CodegenError {
    /// The message (a CPython `SyntaxError` message, or an internal error).
    pub(crate) message: String,
    /// Where it points.
    pub(crate) range: TextRange,
}

type CResult<T> = Result<T, CodegenError>;

fn fail<T>(message: impl Into<String>, range: TextRange) -> CResult<T> {
    Err(CodegenError {
        message: message.into(),
        range,
    })
}

fn internal<T>(message: impl Into<String>) -> CResult<T> {
    Err(CodegenError {
        message: format!("internal compiler error: {}", message.into()),
        range: TextRange::default(),
    })
}

/// Hashable identity of a constant, for de-duplication (`0`, `0.0`,
/// `False` and `-0.0` stay distinct, as in CPython).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum ConstKey {
    None,
    Bool(bool),
    Int(BigInt),
    Float(u64),
    Str(String),
    Bytes(Vec<u8>),
    Ellipsis,
    Tuple(Vec<ConstKey>),
    Complex(u64, u64),
}

fn const_key(c: &Constant) -> Option<ConstKey> {
    Some(match c {
        Constant::None => ConstKey::None,
        Constant::Bool(b) => ConstKey::Bool(*b),
        Constant::Int(i) => ConstKey::Int(i.clone()),
        Constant::Float(f) => ConstKey::Float(f.to_bits()),
        Constant::Complex(re, im) => ConstKey::Complex(re.to_bits(), im.to_bits()),
        Constant::Str(s) => ConstKey::Str(s.clone()),
        Constant::Bytes(b) => ConstKey::Bytes(b.clone()),
        Constant::Ellipsis => ConstKey::Ellipsis,
        Constant::Tuple(items) => {
            ConstKey::Tuple(items.iter().map(const_key).collect::<Option<Vec<_>>>()?)
        }
        Constant::Code(_) => return None,
    })
}

fn const_truth(c: &Constant) -> bool {
    match c {
        Constant::None => false,
        Constant::Bool(b) => *b,
        Constant::Int(i) => !i.is_zero(),
        Constant::Float(f) => *f != 0.0,
        Constant::Complex(re, im) => *re != 0.0 || *im != 0.0,
        Constant::Str(s) => !s.is_empty(),
        Constant::Bytes(b) => !b.is_empty(),
        Constant::Ellipsis | Constant::Code(_) => true,
        Constant::Tuple(t) => !t.is_empty(),
    }
}

/// Converts a ruff integer literal to a bigint.
pub(super) fn int_value(i: &ast::Int) -> Option<BigInt> {
    if let Some(v) = i.as_u64() {
        return Some(BigInt::from(v));
    }
    let text: String = i.to_string().chars().filter(|c| *c != '_').collect();
    let lower = text.to_ascii_lowercase();
    let (digits, radix) = if let Some(d) = lower.strip_prefix("0x") {
        (d.to_string(), 16)
    } else if let Some(d) = lower.strip_prefix("0o") {
        (d.to_string(), 8)
    } else if let Some(d) = lower.strip_prefix("0b") {
        (d.to_string(), 2)
    } else {
        (lower, 10)
    };
    BigInt::from_str_radix(&digits, radix).ok()
}

/// A frame block: what `return`/`break`/`continue` must undo when leaving it.
#[derive(Clone, Debug)]
enum FBlock<'a> {
    WhileLoop {
        start: Label,
        exit: Label,
    },
    ForLoop {
        start: Label,
        exit: Label,
    },
    TryExcept,
    FinallyTry {
        body: &'a [Stmt],
    },
    FinallyEnd,
    With {
        line: u32,
        is_async: bool,
    },
    HandlerCleanup {
        name: Option<&'a str>,
    },
    ExceptionHandler,
    /// The body of an `except*` clause, which `break`, `continue` and
    /// `return` may not leave.
    ExceptionGroupHandler,
    PopValue,
}

impl FBlock<'_> {
    fn is_loop(&self) -> bool {
        matches!(self, FBlock::WhileLoop { .. } | FBlock::ForLoop { .. })
    }
}

/// The code object being generated.
struct Unit<'a> {
    scope: ScopeId,
    kind: ScopeKind,
    name: String,
    qualname: String,
    private: Option<String>,
    first_line: u32,
    line: u32,
    instrs: Vec<Instr>,
    num_labels: u32,
    handlers: Vec<Handler>,
    handler_stack: Vec<u32>,
    fblocks: Vec<FBlock<'a>>,
    consts: Vec<Constant>,
    const_map: HashMap<ConstKey, u32>,
    names: Vec<String>,
    name_map: HashMap<String, u32>,
    varnames: Vec<String>,
    var_map: HashMap<String, u32>,
    cellvars: Vec<String>,
    freevars: Vec<String>,
    arg_count: u32,
    posonly_arg_count: u32,
    kwonly_arg_count: u32,
    flags: CodeFlags,
    docstring: Option<String>,
    /// The inlined comprehensions being compiled into this unit, innermost
    /// last: their names resolve before the unit's own.
    inlined: Vec<ScopeId>,
}

impl<'a> Unit<'a> {
    #[allow(clippy::too_many_arguments)]
    fn new(
        st: &SymbolTable,
        scope: ScopeId,
        kind: ScopeKind,
        name: String,
        qualname: String,
        private: Option<String>,
        first_line: u32,
    ) -> Unit<'a> {
        let info = st.scope(scope);
        let varnames = info.params.clone();
        let var_map = varnames
            .iter()
            .enumerate()
            .map(|(i, n)| (n.clone(), i as u32))
            .collect();
        Unit {
            scope,
            kind,
            name,
            qualname,
            private,
            first_line,
            line: first_line,
            instrs: Vec::new(),
            num_labels: 0,
            handlers: Vec::new(),
            handler_stack: Vec::new(),
            fblocks: Vec::new(),
            consts: Vec::new(),
            const_map: HashMap::new(),
            names: Vec::new(),
            name_map: HashMap::new(),
            varnames,
            var_map,
            cellvars: info.cellvars(),
            freevars: info.freevars(),
            arg_count: 0,
            posonly_arg_count: 0,
            kwonly_arg_count: 0,
            flags: CodeFlags {
                generator: info.is_generator || info.is_coroutine,
                coroutine: info.is_coroutine && !info.is_generator,
                async_generator: info.is_coroutine && info.is_generator,
                class_body: kind == ScopeKind::Class,
                module: kind == ScopeKind::Module,
                ..CodeFlags::default()
            },
            docstring: None,
            inlined: Vec::new(),
        }
    }
}

/// Where a name used inside an inlined comprehension lives.
#[derive(Clone, Copy, PartialEq, Eq)]
enum InlinedName {
    /// A local of the comprehension: a fast local of the enclosing code,
    /// hidden while the comprehension runs.
    Fast,
    /// A global or builtin (looked up as a function would, past any class
    /// namespace).
    Global,
    /// A variable of the enclosing code, seen as a nested function would
    /// see it: its fast local, or its cell (never a class namespace).
    Enclosing,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Ctx {
    Load,
    Store,
    Del,
}

/// What a function-like body consists of.
enum Body<'a> {
    Stmts(&'a [Stmt]),
    Lambda(&'a Expr),
}

/// The code generator for one module.
pub(crate) struct Codegen<'a> {
    module: &'a ast::ModModule,
    stmt_range: TextRange,
    index: &'a LineIndex,
    filename: Arc<str>,
    st: &'a SymbolTable,
    cur: Unit<'a>,
    parents: Vec<Unit<'a>>,
    depth: usize,
    /// The pattern of a `match` statement compiled last (where CPython
    /// points some pattern errors).
    pattern_loc: TextRange,
    /// What the module body is compiled as (`compile()`'s mode).
    mode: super::CompileMode,
    /// `from __future__ import annotations`: annotations are stored as
    /// their source text instead of being evaluated.
    future_annotations: bool,
}

impl<'a> Codegen<'a> {
    /// Compiles a module body into its code object.
    pub(crate) fn compile_module(
        module: &'a ast::ModModule,
        st: &'a SymbolTable,
        index: &'a LineIndex,
        filename: &str,
        mode: super::CompileMode,
    ) -> CResult<CompiledCode> {
        let unit = Unit::new(
            st,
            0,
            ScopeKind::Module,
            "<module>".to_string(),
            "<module>".to_string(),
            None,
            1,
        );
        let mut cg = Codegen {
            module,
            stmt_range: TextRange::default(),
            index,
            filename: Arc::from(filename),
            st,
            cur: unit,
            parents: Vec::new(),
            depth: 0,
            pattern_loc: TextRange::default(),
            mode,
            future_annotations: has_future_annotations(&module.body),
        };
        cg.cur.line = 0;
        cg.emit(Opcode::RESUME, 0);
        let mut body: &[Stmt] = &module.body;
        if mode == super::CompileMode::Eval {
            // An expression: its value is the code's return value.
            let Some(Stmt::Expr(e)) = body.first() else {
                return fail(
                    "invalid syntax",
                    body.first().map_or(module.range, |s| s.range()),
                );
            };
            if let Some(extra) = body.get(1) {
                return fail("invalid syntax", extra.range());
            }
            cg.cur.line = cg.line_of(e.range);
            cg.compile_expr(&e.value)?;
            cg.emit(Opcode::RETURN_VALUE, 0);
            return cg.finish_unit();
        }
        // `a = 1; b = 2` is one interactive statement; a second line is not.
        let first_line = body.first().map(|s| cg.line_of(s.range()));
        if mode == super::CompileMode::Single
            && body
                .iter()
                .skip(1)
                .any(|s| Some(cg.line_of(s.range())) != first_line)
        {
            return fail(
                "multiple statements found while compiling a single statement",
                body[0].range(),
            );
        }
        if has_annotations(body) {
            cg.cur.line = body.first().map_or(0, |s| cg.line_of(s.range()));
            cg.emit(Opcode::SETUP_ANNOTATIONS, 0);
        }
        if mode != super::CompileMode::Exec {
            // No docstring in `eval`/`single` code.
        } else if let Some((doc, range)) = docstring_of(body) {
            cg.cur.line = cg.line_of(range);
            cg.cur.docstring = Some(doc.clone());
            cg.load_const(Constant::Str(doc));
            let idx = cg.name_index("__doc__");
            cg.emit(Opcode::STORE_NAME, idx);
            body = &body[1..];
        }
        cg.compile_body(body)?;
        cg.cur.line = NO_LINE;
        cg.load_const(Constant::None);
        cg.emit(Opcode::RETURN_VALUE, 0);
        cg.finish_unit()
    }

    // -----------------------------------------------------------------
    // Emission helpers

    fn line_of(&self, range: TextRange) -> u32 {
        self.index.line(range.start().to_usize())
    }

    fn push_instr(&mut self, op: Op, arg: u32, target: Option<Label>) {
        let handler = self.cur.handler_stack.last().copied();
        let line = self.cur.line;
        self.cur.instrs.push(Instr {
            op,
            arg,
            target,
            line,
            handler,
        });
    }

    fn emit(&mut self, op: Opcode, arg: u32) {
        self.push_instr(Op::Real(op), arg, None);
    }

    /// TO_BOOL, or, right after a COMPARE_OP (whose result is a bool when
    /// asked), the COMPARE_TO_BOOL bit on it instead (CPython 3.13).
    fn emit_to_bool(&mut self) {
        if let Some(last) = self.cur.instrs.last_mut() {
            if last.op == Op::Real(Opcode::COMPARE_OP) && last.arg & COMPARE_TO_BOOL == 0 {
                last.arg |= COMPARE_TO_BOOL;
                return;
            }
        }
        self.emit(Opcode::TO_BOOL, 0);
    }

    fn emit_jump(&mut self, op: Opcode, target: Label) {
        self.push_instr(Op::Real(op), 0, Some(target));
    }

    fn jump(&mut self, target: Label) {
        self.push_instr(Op::Jump, 0, Some(target));
    }

    /// An artificial jump (CPython's `NO_LOCATION`): its line is inherited.
    fn jump_no_line(&mut self, target: Label) {
        let saved = self.cur.line;
        self.cur.line = NO_LINE;
        self.jump(target);
        self.cur.line = saved;
    }

    fn new_label(&mut self) -> Label {
        let l = Label(self.cur.num_labels);
        self.cur.num_labels += 1;
        l
    }

    fn place(&mut self, l: Label) {
        self.push_instr(Op::Label(l), 0, None);
    }

    /// Starts a protected region handled at `target`.
    fn setup_handler(&mut self, target: Label, lasti: bool, adjust: i32) {
        let id = self.cur.handlers.len() as u32;
        self.cur.handlers.push(Handler {
            target,
            lasti,
            adjust,
        });
        self.push_instr(Op::Setup(id), 0, None);
        self.cur.handler_stack.push(id);
    }

    fn pop_handler(&mut self) {
        self.cur.handler_stack.pop();
    }

    fn add_const(&mut self, c: Constant) -> u32 {
        match const_key(&c) {
            Some(key) => {
                if let Some(&i) = self.cur.const_map.get(&key) {
                    return i;
                }
                let i = self.cur.consts.len() as u32;
                self.cur.consts.push(c);
                self.cur.const_map.insert(key, i);
                i
            }
            None => {
                let i = self.cur.consts.len() as u32;
                self.cur.consts.push(c);
                i
            }
        }
    }

    fn load_const(&mut self, c: Constant) {
        let i = self.add_const(c);
        self.emit(Opcode::LOAD_CONST, i);
    }

    fn name_index(&mut self, name: &str) -> u32 {
        if let Some(&i) = self.cur.name_map.get(name) {
            return i;
        }
        let i = self.cur.names.len() as u32;
        self.cur.names.push(name.to_string());
        self.cur.name_map.insert(name.to_string(), i);
        i
    }

    /// Index in `names` of a name mangled with the current class.
    fn mangled_name_index(&mut self, name: &str) -> u32 {
        let m = mangle(self.cur.private.as_deref(), name);
        self.name_index(&m)
    }

    fn varname_index(&mut self, name: &str) -> u32 {
        if let Some(&i) = self.cur.var_map.get(name) {
            return i;
        }
        let i = self.cur.varnames.len() as u32;
        self.cur.varnames.push(name.to_string());
        self.cur.var_map.insert(name.to_string(), i);
        i
    }

    fn deref_index(&self, name: &str) -> Option<u32> {
        if let Some(i) = self.cur.cellvars.iter().position(|n| n == name) {
            return Some(i as u32);
        }
        self.cur
            .freevars
            .iter()
            .position(|n| n == name)
            .map(|i| (i + self.cur.cellvars.len()) as u32)
    }

    fn finish_unit(&mut self) -> CResult<CompiledCode> {
        let u = &self.cur;
        let asm = assemble::assemble(&u.instrs, &u.handlers, u.num_labels as usize)
            .or_else(|e| internal(format!("{e} in {}", u.qualname)))?;
        let cell2arg = u
            .cellvars
            .iter()
            .map(|c| {
                u.varnames
                    .iter()
                    .take(self.st.scope(u.scope).params.len())
                    .position(|v| v == c)
                    .map(|p| p as u32)
            })
            .collect();
        Ok(CompiledCode {
            name: u.name.clone(),
            qualname: u.qualname.clone(),
            filename: self.filename.clone(),
            first_line: u.first_line,
            arg_count: u.arg_count,
            posonly_arg_count: u.posonly_arg_count,
            kwonly_arg_count: u.kwonly_arg_count,
            flags: u.flags,
            units: asm.units,
            lines: asm.lines,
            exception_table: asm.exception_table,
            consts: u.consts.clone(),
            names: u.names.clone(),
            varnames: u.varnames.clone(),
            cellvars: u.cellvars.clone(),
            freevars: u.freevars.clone(),
            cell2arg,
            max_stack_depth: asm.max_stack_depth,
            docstring: u.docstring.clone(),
        })
    }

    fn enter_unit(&mut self, unit: Unit<'a>) {
        let parent = std::mem::replace(&mut self.cur, unit);
        self.parents.push(parent);
    }

    fn exit_unit(&mut self) -> CResult<Arc<CompiledCode>> {
        let code = self.finish_unit()?;
        let Some(parent) = self.parents.pop() else {
            return internal("unit stack underflow");
        };
        self.cur = parent;
        Ok(Arc::new(code))
    }

    fn nest(&mut self, range: TextRange) -> CResult<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return fail("maximum recursion depth exceeded during compilation", range);
        }
        Ok(())
    }

    // -----------------------------------------------------------------
    // Names

    fn name_op(&mut self, name: &str, ctx: Ctx, _at: TextRange) -> CResult<()> {
        let mangled = mangle(self.cur.private.as_deref(), name);
        if ctx == Ctx::Load && mangled == "__debug__" {
            self.load_const(Constant::Bool(true));
            return Ok(());
        }
        let mut scope = self.st.scope(self.cur.scope).scope(&mangled);
        let mut function_like = self.cur.kind.is_function_like();
        match self.inlined_name(&mangled) {
            None => {}
            Some(InlinedName::Fast) => {
                scope = Some(Scope::Local);
                function_like = true;
            }
            Some(InlinedName::Global) => {
                scope = Some(Scope::GlobalImplicit);
                function_like = true;
            }
            Some(InlinedName::Enclosing) => {
                if self.st.scope(self.cur.scope).flags(&mangled) & DEF_FREE_CLASS != 0 {
                    scope = Some(Scope::Free);
                }
                function_like = true;
            }
        }
        match scope {
            Some(Scope::Free) | Some(Scope::Cell) => {
                let Some(idx) = self.deref_index(&mangled) else {
                    return internal(format!("no cell for '{mangled}'"));
                };
                let op = match ctx {
                    Ctx::Load
                        if self.cur.kind == ScopeKind::Class && self.cur.inlined.is_empty() =>
                    {
                        Opcode::LOAD_CLASSDEREF
                    }
                    Ctx::Load => Opcode::LOAD_DEREF,
                    Ctx::Store => Opcode::STORE_DEREF,
                    Ctx::Del => Opcode::DELETE_DEREF,
                };
                self.emit(op, idx);
            }
            Some(Scope::Local) if function_like => {
                let idx = self.varname_index(&mangled);
                let op = match ctx {
                    Ctx::Load => Opcode::LOAD_FAST,
                    Ctx::Store => Opcode::STORE_FAST,
                    Ctx::Del => Opcode::DELETE_FAST,
                };
                self.emit(op, idx);
            }
            Some(Scope::GlobalExplicit) | Some(Scope::GlobalImplicit)
                if function_like || scope == Some(Scope::GlobalExplicit) =>
            {
                let idx = self.name_index(&mangled);
                match ctx {
                    Ctx::Load => self.emit(Opcode::LOAD_GLOBAL, idx << 1),
                    Ctx::Store => self.emit(Opcode::STORE_GLOBAL, idx),
                    Ctx::Del => self.emit(Opcode::DELETE_GLOBAL, idx),
                }
            }
            _ => {
                let idx = self.name_index(&mangled);
                let op = match ctx {
                    Ctx::Load => Opcode::LOAD_NAME,
                    Ctx::Store => Opcode::STORE_NAME,
                    Ctx::Del => Opcode::DELETE_NAME,
                };
                self.emit(op, idx);
            }
        }
        Ok(())
    }

    /// How a name used inside the inlined comprehensions being compiled
    /// resolves (`None` outside them): the innermost comprehension that
    /// binds it or sees it as a global decides; names free in all of them
    /// are the enclosing code's.
    fn inlined_name(&self, mangled: &str) -> Option<InlinedName> {
        if self.cur.inlined.is_empty() {
            return None;
        }
        for &comp in self.cur.inlined.iter().rev() {
            match self.st.scope(comp).scope(mangled) {
                Some(Scope::Local | Scope::Cell) => return Some(InlinedName::Fast),
                Some(Scope::GlobalExplicit | Scope::GlobalImplicit) => {
                    return Some(InlinedName::Global)
                }
                Some(Scope::Free) | None => {}
            }
        }
        Some(InlinedName::Enclosing)
    }

    /// Loads a callee named by a bare name; returns true when the null
    /// was pushed too (`LOAD_GLOBAL` with the low bit).
    fn load_callee_name(&mut self, n: &ast::ExprName) -> CResult<bool> {
        let mangled = mangle(self.cur.private.as_deref(), n.id.as_str());
        let scope = self.st.scope(self.cur.scope).scope(&mangled);
        let global = match self.inlined_name(&mangled) {
            Some(InlinedName::Global) => true,
            Some(InlinedName::Fast) => false,
            Some(InlinedName::Enclosing) | None => match scope {
                Some(Scope::GlobalExplicit) => true,
                Some(Scope::GlobalImplicit) => self.cur.kind.is_function_like(),
                _ => false,
            },
        };
        if global && mangled != "__debug__" {
            let saved = self.cur.line;
            self.cur.line = self.line_of(n.range);
            let idx = self.name_index(&mangled);
            self.emit(Opcode::LOAD_GLOBAL, (idx << 1) | 1);
            self.cur.line = saved;
            return Ok(true);
        }
        let saved = self.cur.line;
        self.cur.line = self.line_of(n.range);
        let r = self.name_op(n.id.as_str(), Ctx::Load, n.range);
        self.cur.line = saved;
        r.map(|()| false)
    }

    // -----------------------------------------------------------------
    // Statements

    fn compile_body(&mut self, body: &'a [Stmt]) -> CResult<()> {
        for s in body {
            self.compile_stmt(s)?;
        }
        Ok(())
    }

    fn compile_stmt(&mut self, s: &'a Stmt) -> CResult<()> {
        self.nest(s.range())?;
        self.stmt_range = s.range();
        self.cur.line = self.line_of(s.range());
        let r = self.compile_stmt_inner(s);
        self.depth -= 1;
        r
    }

    fn compile_stmt_inner(&mut self, s: &'a Stmt) -> CResult<()> {
        match s {
            Stmt::FunctionDef(f) => self.compile_function_def(f),
            Stmt::ClassDef(c) => self.compile_class_def(c),
            Stmt::Return(r) => self.compile_return(r),
            Stmt::Delete(d) => {
                for t in &d.targets {
                    self.compile_delete(t)?;
                }
                Ok(())
            }
            Stmt::Assign(a) => {
                if let Some((values, targets)) = swap_assignment(a) {
                    // `a, b = x, y` (2 or 3 names): CPython's peephole turns
                    // BUILD_TUPLE n + UNPACK_SEQUENCE n into one SWAP.
                    for v in values {
                        self.compile_expr(v)?;
                    }
                    self.emit(Opcode::SWAP, values.len() as u32);
                    for t in targets {
                        self.compile_store(t)?;
                    }
                    return Ok(());
                }
                self.compile_expr(&a.value)?;
                let n = a.targets.len();
                for (i, t) in a.targets.iter().enumerate() {
                    if i + 1 < n {
                        self.emit(Opcode::COPY, 1);
                    }
                    self.compile_store(t)?;
                }
                Ok(())
            }
            Stmt::AugAssign(a) => self.compile_aug_assign(a),
            Stmt::AnnAssign(a) => self.compile_ann_assign(a),
            Stmt::For(f) => self.compile_for(f),
            Stmt::While(w) => self.compile_while(w),
            Stmt::If(i) => self.compile_if(i),
            Stmt::With(w) => {
                if w.is_async && !self.in_async_def() {
                    return fail("'async with' outside async function", w.range);
                }
                if w.items.is_empty() {
                    return fail("invalid syntax", w.range);
                }
                self.compile_with(w, 0)
            }
            Stmt::Raise(r) => {
                let mut n = 0;
                if let Some(e) = &r.exc {
                    self.compile_expr(e)?;
                    n += 1;
                    if let Some(c) = &r.cause {
                        self.compile_expr(c)?;
                        n += 1;
                    }
                }
                self.emit(Opcode::RAISE_VARARGS, n);
                Ok(())
            }
            Stmt::Try(t) => {
                if t.finalbody.is_empty() {
                    self.compile_try_handlers(t)
                } else {
                    self.compile_try_finally(t)
                }
            }
            Stmt::Assert(a) => {
                let ok = self.new_label();
                self.jump_if(&a.test, ok, true)?;
                self.emit(Opcode::LOAD_ASSERTION_ERROR, 0);
                if let Some(m) = &a.msg {
                    self.emit(Opcode::PUSH_NULL, 0);
                    self.compile_expr(m)?;
                    self.emit(Opcode::CALL, 1);
                }
                self.emit(Opcode::RAISE_VARARGS, 1);
                self.place(ok);
                Ok(())
            }
            Stmt::Import(i) => self.compile_import(i),
            Stmt::ImportFrom(i) => self.compile_import_from(i),
            Stmt::Global(_) | Stmt::Nonlocal(_) => Ok(()),
            Stmt::Expr(e) if self.mode == super::CompileMode::Single && self.parents.is_empty() => {
                // `sys.displayhook(value)`, as CPython's interactive mode.
                self.load_const(Constant::Int(BigInt::zero()));
                self.load_const(Constant::None);
                let idx = self.name_index("sys");
                self.emit(Opcode::IMPORT_NAME, idx);
                let idx = self.name_index("displayhook");
                self.emit(Opcode::LOAD_ATTR, (idx << 1) | 1);
                self.compile_expr(&e.value)?;
                self.emit(Opcode::CALL, 1);
                self.emit(Opcode::POP_TOP, 0);
                Ok(())
            }
            Stmt::Expr(e) => {
                if self.const_of(&e.value).is_some() {
                    self.emit(Opcode::NOP, 0);
                    return Ok(());
                }
                self.compile_expr(&e.value)?;
                self.emit(Opcode::POP_TOP, 0);
                Ok(())
            }
            Stmt::Pass(_) => {
                self.emit(Opcode::NOP, 0);
                Ok(())
            }
            Stmt::Break(b) => self.compile_break(b.range),
            Stmt::Continue(c) => self.compile_continue(c.range),
            Stmt::Match(m) => self.compile_match(m),
            Stmt::TypeAlias(t) => fail("'type' statements are not supported", t.range),
            Stmt::IpyEscapeCommand(c) => fail("invalid syntax", c.range),
        }
    }

    fn compile_return(&mut self, r: &'a ast::StmtReturn) -> CResult<()> {
        if !self.cur.kind.is_function_like() {
            return fail("'return' outside function", r.range);
        }
        if self.cur.flags.async_generator && r.value.is_some() {
            return fail("'return' with value in async generator", r.range);
        }
        let stmt_line = self.cur.line;
        let saved_fb = self.cur.fblocks.clone();
        let saved_h = self.cur.handler_stack.clone();
        let result = (|| {
            let value = r.value.as_deref();
            let constant = value.and_then(|v| self.const_of(v));
            match (value, &constant) {
                (Some(v), None) => self.compile_expr(v)?,
                (Some(v), Some(_)) => {
                    self.cur.line = self.line_of(v.range());
                    self.emit(Opcode::NOP, 0);
                }
                (None, _) => {}
            }
            if value.is_none_or(|v| self.line_of(v.range()) != stmt_line) {
                self.cur.line = stmt_line;
                self.emit(Opcode::NOP, 0);
            }
            self.cur.line = stmt_line;
            self.unwind_fblock_stack(constant.is_none() && value.is_some(), false)?;
            match (value, constant) {
                (None, _) => self.load_const(Constant::None),
                (Some(_), Some(c)) => self.load_const(c),
                (Some(_), None) => {}
            }
            self.emit(Opcode::RETURN_VALUE, 0);
            Ok(())
        })();
        self.cur.fblocks = saved_fb;
        self.cur.handler_stack = saved_h;
        result
    }

    fn compile_break(&mut self, range: TextRange) -> CResult<()> {
        let saved_fb = self.cur.fblocks.clone();
        let saved_h = self.cur.handler_stack.clone();
        self.emit(Opcode::NOP, 0);
        let result = (|| {
            let Some(lp) = self.unwind_fblock_stack(false, true)? else {
                return fail("'break' outside loop", range);
            };
            self.unwind_fblock(&lp, false)?;
            match lp {
                FBlock::WhileLoop { exit, .. } | FBlock::ForLoop { exit, .. } => self.jump(exit),
                _ => return internal("loop block expected"),
            }
            Ok(())
        })();
        self.cur.fblocks = saved_fb;
        self.cur.handler_stack = saved_h;
        result
    }

    fn compile_continue(&mut self, range: TextRange) -> CResult<()> {
        let saved_fb = self.cur.fblocks.clone();
        let saved_h = self.cur.handler_stack.clone();
        self.emit(Opcode::NOP, 0);
        let result = (|| {
            let Some(lp) = self.unwind_fblock_stack(false, true)? else {
                return fail("'continue' not properly in loop", range);
            };
            match lp {
                FBlock::WhileLoop { start, .. } | FBlock::ForLoop { start, .. } => self.jump(start),
                _ => return internal("loop block expected"),
            }
            Ok(())
        })();
        self.cur.fblocks = saved_fb;
        self.cur.handler_stack = saved_h;
        result
    }

    /// Unwinds frame blocks (innermost first); with `stop_at_loop`, stops at
    /// and returns the innermost loop.
    fn unwind_fblock_stack(
        &mut self,
        preserve_tos: bool,
        stop_at_loop: bool,
    ) -> CResult<Option<FBlock<'a>>> {
        loop {
            let Some(top) = self.cur.fblocks.last().cloned() else {
                return Ok(None);
            };
            if matches!(top, FBlock::ExceptionGroupHandler) {
                return fail(
                    "'break', 'continue' and 'return' cannot appear in an except* block",
                    self.stmt_range,
                );
            }
            if stop_at_loop && top.is_loop() {
                return Ok(Some(top));
            }
            self.cur.fblocks.pop();
            self.unwind_fblock(&top, preserve_tos)?;
        }
    }

    fn unwind_fblock(&mut self, fb: &FBlock<'a>, preserve_tos: bool) -> CResult<()> {
        match fb {
            FBlock::WhileLoop { .. } | FBlock::ExceptionHandler | FBlock::ExceptionGroupHandler => {
            }
            FBlock::ForLoop { .. } | FBlock::PopValue => {
                if preserve_tos {
                    self.emit(Opcode::SWAP, 2);
                }
                self.emit(Opcode::POP_TOP, 0);
            }
            FBlock::TryExcept => self.pop_handler(),
            FBlock::FinallyTry { body } => {
                self.pop_handler();
                if preserve_tos {
                    self.push_fblock(FBlock::PopValue)?;
                }
                self.compile_body(body)?;
                if preserve_tos {
                    self.cur.fblocks.pop();
                }
                self.cur.line = NO_LINE;
            }
            FBlock::FinallyEnd => {
                if preserve_tos {
                    self.emit(Opcode::SWAP, 2);
                }
                self.emit(Opcode::POP_TOP, 0);
                if preserve_tos {
                    self.emit(Opcode::SWAP, 2);
                }
                self.pop_handler();
                self.emit(Opcode::POP_EXCEPT, 0);
            }
            FBlock::With { line, is_async } => {
                self.cur.line = *line;
                self.pop_handler();
                if preserve_tos {
                    self.emit(Opcode::SWAP, 2);
                }
                self.call_exit_with_nones();
                if *is_async {
                    self.await_top(2);
                }
                self.emit(Opcode::POP_TOP, 0);
                self.cur.line = NO_LINE;
            }
            FBlock::HandlerCleanup { name } => {
                if name.is_some() {
                    self.pop_handler();
                }
                if preserve_tos {
                    self.emit(Opcode::SWAP, 2);
                }
                self.pop_handler();
                self.emit(Opcode::POP_EXCEPT, 0);
                if let Some(n) = name {
                    self.load_const(Constant::None);
                    self.name_op(n, Ctx::Store, TextRange::default())?;
                    self.name_op(n, Ctx::Del, TextRange::default())?;
                }
            }
        }
        Ok(())
    }

    fn push_fblock(&mut self, fb: FBlock<'a>) -> CResult<()> {
        if self.cur.fblocks.len() >= MAX_BLOCKS {
            return fail("too many statically nested blocks", self.stmt_range);
        }
        self.cur.fblocks.push(fb);
        Ok(())
    }

    fn call_exit_with_nones(&mut self) {
        self.load_const(Constant::None);
        self.load_const(Constant::None);
        self.load_const(Constant::None);
        self.emit(Opcode::CALL, 2);
    }

    fn compile_for(&mut self, f: &'a ast::StmtFor) -> CResult<()> {
        if f.is_async {
            return self.compile_async_for(f);
        }
        let start = self.new_label();
        let cleanup = self.new_label();
        let end = self.new_label();
        self.compile_expr(&f.iter)?;
        self.emit(Opcode::GET_ITER, 0);
        self.place(start);
        self.emit_jump(Opcode::FOR_ITER, cleanup);
        self.push_fblock(FBlock::ForLoop { start, exit: end })?;
        self.compile_store(&f.target)?;
        self.compile_body(&f.body)?;
        self.jump_no_line(start);
        self.cur.fblocks.pop();
        self.place(cleanup);
        self.compile_body(&f.orelse)?;
        self.place(end);
        Ok(())
    }

    /// `async for`: `GET_AITER`, then each step awaits `__anext__()`
    /// under a handler whose `END_ASYNC_FOR` ends the loop on
    /// StopAsyncIteration (CPython's layout).
    fn compile_async_for(&mut self, f: &'a ast::StmtFor) -> CResult<()> {
        if !self.in_async_def() {
            return fail("'async for' outside async function", f.range);
        }
        let start = self.new_label();
        let done = self.new_label();
        let end = self.new_label();
        self.compile_expr(&f.iter)?;
        self.emit(Opcode::GET_AITER, 0);
        self.place(start);
        self.setup_handler(done, false, 0);
        self.emit(Opcode::GET_ANEXT, 0);
        self.await_top(3);
        self.pop_handler();
        self.push_fblock(FBlock::ForLoop { start, exit: end })?;
        self.compile_store(&f.target)?;
        self.compile_body(&f.body)?;
        self.jump_no_line(start);
        self.cur.fblocks.pop();
        self.place(done);
        self.cur.line = self.line_of(f.range);
        self.emit(Opcode::END_ASYNC_FOR, 0);
        self.compile_body(&f.orelse)?;
        self.place(end);
        Ok(())
    }

    /// True when the code being generated is an `async def`'s.
    fn in_async_def(&self) -> bool {
        self.cur.kind == ScopeKind::Function
            && (self.cur.flags.coroutine || self.cur.flags.async_generator)
    }

    /// Awaits the value on top: `GET_AWAITABLE where`, then the delegation
    /// loop (`RESUME 3` after each suspension, as CPython marks awaits).
    fn await_top(&mut self, where_: u32) {
        self.emit(Opcode::GET_AWAITABLE, where_);
        self.load_const(Constant::None);
        self.yield_from_loop(3);
    }

    fn compile_while(&mut self, w: &'a ast::StmtWhile) -> CResult<()> {
        let start = self.new_label();
        let orelse = self.new_label();
        let end = self.new_label();
        self.place(start);
        self.jump_if(&w.test, orelse, false)?;
        self.push_fblock(FBlock::WhileLoop { start, exit: end })?;
        self.compile_body(&w.body)?;
        self.cur.line = self.line_of(w.range);
        self.jump(start);
        self.cur.fblocks.pop();
        self.place(orelse);
        self.compile_body(&w.orelse)?;
        self.place(end);
        Ok(())
    }

    fn compile_if(&mut self, i: &'a ast::StmtIf) -> CResult<()> {
        let end = self.new_label();
        let mut next = self.new_label();
        self.jump_if(&i.test, next, false)?;
        self.compile_body(&i.body)?;
        for clause in &i.elif_else_clauses {
            self.jump_no_line(end);
            self.place(next);
            next = self.new_label();
            self.cur.line = self.line_of(clause.range);
            if let Some(t) = &clause.test {
                self.jump_if(t, next, false)?;
            }
            self.compile_body(&clause.body)?;
        }
        self.place(next);
        self.place(end);
        Ok(())
    }

    fn compile_with(&mut self, w: &'a ast::StmtWith, pos: usize) -> CResult<()> {
        let Some(item) = w.items.get(pos) else {
            return internal("with item out of range");
        };
        let with_line = self.line_of(w.range);
        let final_ = self.new_label();
        let exit = self.new_label();
        let cleanup = self.new_label();
        self.compile_expr(&item.context_expr)?;
        self.cur.line = self.line_of(item.context_expr.range());
        if w.is_async {
            self.emit(Opcode::BEFORE_ASYNC_WITH, 0);
            self.await_top(1);
        } else {
            self.emit(Opcode::BEFORE_WITH, 0);
        }
        self.setup_handler(final_, true, -1);
        self.push_fblock(FBlock::With {
            line: with_line,
            is_async: w.is_async,
        })?;
        match &item.optional_vars {
            Some(v) => self.compile_store(v)?,
            None => self.emit(Opcode::POP_TOP, 0),
        }
        if pos + 1 == w.items.len() {
            self.compile_body(&w.body)?;
        } else {
            self.compile_with(w, pos + 1)?;
        }
        self.cur.fblocks.pop();
        self.pop_handler();
        self.cur.line = with_line;
        self.call_exit_with_nones();
        if w.is_async {
            self.await_top(2);
        }
        self.emit(Opcode::POP_TOP, 0);
        self.jump(exit);

        self.place(final_);
        self.cur.line = with_line;
        self.setup_handler(cleanup, true, 0);
        self.emit(Opcode::PUSH_EXC_INFO, 0);
        self.emit(Opcode::WITH_EXCEPT_START, 0);
        if w.is_async {
            self.await_top(2);
        }
        self.emit_to_bool();
        let suppress = self.new_label();
        self.emit_jump(Opcode::POP_JUMP_IF_TRUE, suppress);
        self.emit(Opcode::RERAISE, 2);
        self.place(suppress);
        self.emit(Opcode::POP_TOP, 0);
        self.pop_handler();
        self.emit(Opcode::POP_EXCEPT, 0);
        self.emit(Opcode::POP_TOP, 0);
        self.emit(Opcode::POP_TOP, 0);
        self.jump(exit);

        self.place(cleanup);
        self.pop_except_and_reraise();
        self.place(exit);
        Ok(())
    }

    /// `COPY 3; POP_EXCEPT; RERAISE 1` (artificial, no line).
    fn pop_except_and_reraise(&mut self) {
        let saved = self.cur.line;
        self.cur.line = NO_LINE;
        self.emit(Opcode::COPY, 3);
        self.emit(Opcode::POP_EXCEPT, 0);
        self.emit(Opcode::RERAISE, 1);
        self.cur.line = saved;
    }

    fn compile_try_finally(&mut self, t: &'a ast::StmtTry) -> CResult<()> {
        let end = self.new_label();
        let exit = self.new_label();
        let cleanup = self.new_label();
        self.emit(Opcode::NOP, 0);
        self.setup_handler(end, false, 0);
        self.push_fblock(FBlock::FinallyTry { body: &t.finalbody })?;
        if t.handlers.is_empty() {
            self.compile_body(&t.body)?;
        } else {
            self.compile_try_handlers(t)?;
        }
        self.cur.fblocks.pop();
        self.pop_handler();
        self.compile_body(&t.finalbody)?;
        self.jump_no_line(exit);

        self.place(end);
        self.cur.line = NO_LINE;
        self.setup_handler(cleanup, true, 0);
        self.emit(Opcode::PUSH_EXC_INFO, 0);
        self.push_fblock(FBlock::FinallyEnd)?;
        self.compile_body(&t.finalbody)?;
        self.cur.fblocks.pop();
        self.cur.line = NO_LINE;
        self.emit(Opcode::RERAISE, 0);
        self.pop_handler();

        self.place(cleanup);
        self.pop_except_and_reraise();
        self.place(exit);
        Ok(())
    }

    fn compile_try_handlers(&mut self, t: &'a ast::StmtTry) -> CResult<()> {
        if t.is_star {
            self.compile_try_star_except(t)
        } else {
            self.compile_try_except(t)
        }
    }

    /// `try ... except* T as e ...`, as CPython 3.11 compiles it: the
    /// handled exception `orig` stays on the stack with a list of results
    /// and the unmatched `rest`; each clause splits `rest` (CHECK_EG_MATCH)
    /// and runs its body on the match, a body's exception joins the
    /// results, and PREP_RERAISE_STAR combines the results and what no
    /// clause matched into what is raised at the end (or None).
    fn compile_try_star_except(&mut self, t: &'a ast::StmtTry) -> CResult<()> {
        let (end, cleanup) = self.compile_try_body_and_else(t)?;
        let reraise = self.new_label();
        // [orig]
        // [prev orig] -> [prev orig results rest]
        self.emit(Opcode::BUILD_LIST, 0);
        self.emit(Opcode::COPY, 2);
        for h in &t.handlers {
            let ExceptHandler::ExceptHandler(h) = h;
            let hline = self.line_of(h.range);
            self.cur.line = hline;
            let Some(ty) = &h.type_ else {
                return fail("expected one or more exception types", h.range);
            };
            let next = self.new_label();
            let no_match = self.new_label();
            self.compile_expr(ty)?;
            // [.. rest type] -> [.. rest' match]
            self.emit(Opcode::CHECK_EG_MATCH, 0);
            self.emit(Opcode::COPY, 1);
            self.emit_jump(Opcode::POP_JUMP_IF_NONE, no_match);
            let name: Option<&'a str> = h.name.as_ref().map(|n| n.as_str());
            match name {
                Some(n) => self.name_op(n, Ctx::Store, h.range)?,
                None => self.emit(Opcode::POP_TOP, 0),
            }
            // [prev orig results rest']
            let cleanup_end = self.new_label();
            self.setup_handler(cleanup_end, true, 0);
            self.push_fblock(FBlock::ExceptionGroupHandler)?;
            self.compile_body(&h.body)?;
            self.cur.fblocks.pop();
            self.pop_handler();
            self.cur.line = NO_LINE;
            if let Some(n) = name {
                self.load_const(Constant::None);
                self.name_op(n, Ctx::Store, h.range)?;
                self.name_op(n, Ctx::Del, h.range)?;
            }
            self.jump(next);

            // A body raised: [.. results rest' lasti exc]; exc joins the results.
            self.place(cleanup_end);
            if let Some(n) = name {
                self.load_const(Constant::None);
                self.name_op(n, Ctx::Store, h.range)?;
                self.name_op(n, Ctx::Del, h.range)?;
            }
            self.emit(Opcode::LIST_APPEND, 3);
            self.emit(Opcode::POP_TOP, 0);
            self.jump(next);

            self.place(no_match);
            self.emit(Opcode::POP_TOP, 0);
            self.place(next);
        }
        // [prev orig results rest] -> [prev result]
        self.cur.line = NO_LINE;
        self.emit(Opcode::LIST_APPEND, 1);
        self.emit(Opcode::PREP_RERAISE_STAR, 0);
        self.emit(Opcode::COPY, 1);
        self.emit_jump(Opcode::POP_JUMP_IF_NOT_NONE, reraise);
        self.emit(Opcode::POP_TOP, 0);
        self.emit(Opcode::POP_EXCEPT, 0);
        self.jump_no_line(end);
        self.pop_handler();

        self.place(reraise);
        self.emit(Opcode::SWAP, 2);
        self.emit(Opcode::POP_EXCEPT, 0);
        self.emit(Opcode::RERAISE, 0);
        self.place(cleanup);
        self.pop_except_and_reraise();
        self.place(end);
        Ok(())
    }

    /// The part `try ... except` and `try ... except*` share: the body under
    /// a handler, the `else` body, a jump to the returned `end` label, then
    /// the handler's entry with the raised exception pushed beside the one
    /// being handled (PUSH_EXC_INFO), its own failures going to the
    /// returned `cleanup` label. The caller places both labels.
    fn compile_try_body_and_else(&mut self, t: &'a ast::StmtTry) -> CResult<(Label, Label)> {
        let except = self.new_label();
        let end = self.new_label();
        let cleanup = self.new_label();
        self.cur.line = self.line_of(t.range);
        self.emit(Opcode::NOP, 0);
        self.setup_handler(except, false, 0);
        self.push_fblock(FBlock::TryExcept)?;
        self.compile_body(&t.body)?;
        self.cur.fblocks.pop();
        self.pop_handler();
        self.compile_body(&t.orelse)?;
        self.jump_no_line(end);

        self.place(except);
        self.cur.line = NO_LINE;
        self.setup_handler(cleanup, true, 0);
        self.emit(Opcode::PUSH_EXC_INFO, 0);
        Ok((end, cleanup))
    }

    fn compile_try_except(&mut self, t: &'a ast::StmtTry) -> CResult<()> {
        let (end, cleanup) = self.compile_try_body_and_else(t)?;
        self.push_fblock(FBlock::ExceptionHandler)?;
        let n = t.handlers.len();
        for (i, h) in t.handlers.iter().enumerate() {
            let ExceptHandler::ExceptHandler(h) = h;
            let hline = self.line_of(h.range);
            self.cur.line = hline;
            if h.type_.is_none() && i + 1 < n {
                return fail("default 'except:' must be last", h.range);
            }
            let next = self.new_label();
            if let Some(ty) = &h.type_ {
                self.compile_expr(ty)?;
                self.emit(Opcode::CHECK_EXC_MATCH, 0);
                self.emit_jump(Opcode::POP_JUMP_IF_FALSE, next);
            }
            match &h.name {
                Some(name) => {
                    let name: &'a str = name.as_str();
                    self.name_op(name, Ctx::Store, h.range)?;
                    let cleanup_end = self.new_label();
                    self.setup_handler(cleanup_end, true, 0);
                    self.push_fblock(FBlock::HandlerCleanup { name: Some(name) })?;
                    self.compile_body(&h.body)?;
                    self.cur.fblocks.pop();
                    self.pop_handler();
                    let c = self.cur.handler_stack.pop();
                    self.cur.line = NO_LINE;
                    self.emit(Opcode::POP_EXCEPT, 0);
                    self.load_const(Constant::None);
                    self.name_op(name, Ctx::Store, h.range)?;
                    self.name_op(name, Ctx::Del, h.range)?;
                    self.jump(end);
                    if let Some(c) = c {
                        self.cur.handler_stack.push(c);
                    }
                    self.place(cleanup_end);
                    self.load_const(Constant::None);
                    self.name_op(name, Ctx::Store, h.range)?;
                    self.name_op(name, Ctx::Del, h.range)?;
                    self.emit(Opcode::RERAISE, 1);
                }
                None => {
                    self.emit(Opcode::POP_TOP, 0);
                    self.push_fblock(FBlock::HandlerCleanup { name: None })?;
                    self.compile_body(&h.body)?;
                    self.cur.fblocks.pop();
                    let c = self.cur.handler_stack.pop();
                    self.cur.line = NO_LINE;
                    self.emit(Opcode::POP_EXCEPT, 0);
                    self.jump(end);
                    if let Some(c) = c {
                        self.cur.handler_stack.push(c);
                    }
                }
            }
            self.place(next);
            self.cur.line = hline;
        }
        self.cur.fblocks.pop();
        self.cur.line = NO_LINE;
        self.emit(Opcode::RERAISE, 0);
        self.pop_handler();
        self.place(cleanup);
        self.pop_except_and_reraise();
        self.place(end);
        Ok(())
    }

    fn compile_import(&mut self, i: &'a ast::StmtImport) -> CResult<()> {
        for alias in &i.names {
            self.load_const(Constant::Int(BigInt::zero()));
            self.load_const(Constant::None);
            let module = alias.name.as_str();
            let idx = self.mangled_name_index(module);
            self.emit(Opcode::IMPORT_NAME, idx);
            match &alias.asname {
                Some(asname) => {
                    let parts: Vec<&str> = module.split('.').collect();
                    if parts.len() > 1 {
                        let last = parts.len() - 1;
                        for (k, attr) in parts.iter().enumerate().skip(1) {
                            let idx = self.mangled_name_index(attr);
                            self.emit(Opcode::IMPORT_FROM, idx);
                            if k != last {
                                self.emit(Opcode::SWAP, 2);
                                self.emit(Opcode::POP_TOP, 0);
                            }
                        }
                        self.name_op(asname.as_str(), Ctx::Store, alias.range)?;
                        self.emit(Opcode::POP_TOP, 0);
                    } else {
                        self.name_op(asname.as_str(), Ctx::Store, alias.range)?;
                    }
                }
                None => {
                    let first = module.split('.').next().unwrap_or(module);
                    self.name_op(first, Ctx::Store, alias.range)?;
                }
            }
        }
        Ok(())
    }

    fn compile_import_from(&mut self, i: &'a ast::StmtImportFrom) -> CResult<()> {
        if i.module
            .as_ref()
            .is_some_and(|m| m.as_str() == "__future__")
        {
            // Compile-time only (Weft ignores annotations, so every feature
            // is already the behaviour); validated as CPython validates.
            if !self.future_allowed(i) {
                return fail(
                    "from __future__ imports must occur at the beginning of the file",
                    i.range,
                );
            }
            for alias in &i.names {
                match alias.name.as_str() {
                    "nested_scopes" | "generators" | "division" | "absolute_import"
                    | "with_statement" | "print_function" | "unicode_literals"
                    | "barry_as_FLUFL" | "generator_stop" | "annotations" => {}
                    "braces" => return fail("not a chance", i.range),
                    other => {
                        return fail(format!("future feature {other} is not defined"), i.range)
                    }
                }
            }
            self.emit(Opcode::NOP, 0);
            return Ok(());
        }
        let module = i.module.as_ref().map_or("", |m| m.as_str());
        self.load_const(Constant::Int(BigInt::from(i.level)));
        if i.names.iter().any(|a| a.name.as_str() == "*") {
            // `IMPORT_NAME` with the fromlist `('*',)` binds the public
            // names in the current namespace itself (CPython's
            // `INTRINSIC_IMPORT_STAR`).
            self.load_const(Constant::Tuple(vec![Constant::Str("*".into())]));
            let idx = self.mangled_name_index(module);
            self.emit(Opcode::IMPORT_NAME, idx);
            self.emit(Opcode::POP_TOP, 0);
            return Ok(());
        }
        let names = i
            .names
            .iter()
            .map(|a| Constant::Str(a.name.to_string()))
            .collect();
        self.load_const(Constant::Tuple(names));
        let idx = self.mangled_name_index(module);
        self.emit(Opcode::IMPORT_NAME, idx);
        for alias in &i.names {
            let idx = self.mangled_name_index(alias.name.as_str());
            self.emit(Opcode::IMPORT_FROM, idx);
            let stored = alias.asname.as_ref().unwrap_or(&alias.name);
            self.name_op(stored.as_str(), Ctx::Store, alias.range)?;
        }
        self.emit(Opcode::POP_TOP, 0);
        Ok(())
    }

    /// A `from __future__ import` is allowed only among the first
    /// statements of the module (after the docstring and other future imports).
    fn future_allowed(&self, stmt: &ast::StmtImportFrom) -> bool {
        if self.cur.kind != ScopeKind::Module || !self.parents.is_empty() {
            return false;
        }
        let mut body: &[Stmt] = &self.module.body;
        if docstring_of(body).is_some() {
            body = &body[1..];
        }
        for s in body {
            match s {
                Stmt::ImportFrom(f) if std::ptr::eq(f, stmt) => return true,
                Stmt::ImportFrom(f)
                    if f.module
                        .as_ref()
                        .is_some_and(|m| m.as_str() == "__future__") => {}
                _ => return false,
            }
        }
        false
    }

    fn compile_aug_assign(&mut self, a: &'a ast::StmtAugAssign) -> CResult<()> {
        let op = inplace_operator(a.op);
        let stmt_line = self.cur.line;
        match a.target.as_ref() {
            Expr::Attribute(attr) => {
                self.compile_expr(&attr.value)?;
                self.emit(Opcode::COPY, 1);
                let idx = self.mangled_name_index(attr.attr.as_str());
                self.emit(Opcode::LOAD_ATTR, idx << 1);
                self.compile_expr(&a.value)?;
                self.emit(Opcode::BINARY_OP, op as u32);
                self.emit(Opcode::SWAP, 2);
                self.emit(Opcode::STORE_ATTR, idx);
            }
            Expr::Subscript(s) => {
                self.compile_expr(&s.value)?;
                self.compile_expr(&s.slice)?;
                self.emit(Opcode::COPY, 2);
                self.emit(Opcode::COPY, 2);
                self.emit(Opcode::BINARY_OP, BinaryOperator::Subscr as u32);
                self.compile_expr(&a.value)?;
                self.emit(Opcode::BINARY_OP, op as u32);
                self.emit(Opcode::SWAP, 3);
                self.emit(Opcode::SWAP, 2);
                self.emit(Opcode::STORE_SUBSCR, 0);
            }
            Expr::Name(n) => {
                self.name_op(n.id.as_str(), Ctx::Load, n.range)?;
                self.compile_expr(&a.value)?;
                self.cur.line = stmt_line;
                self.emit(Opcode::BINARY_OP, op as u32);
                self.name_op(n.id.as_str(), Ctx::Store, n.range)?;
            }
            other => {
                return fail(
                    format!(
                        "'{}' is an illegal expression for augmented assignment",
                        expr_kind_name(other)
                    ),
                    other.range(),
                )
            }
        }
        Ok(())
    }

    // -----------------------------------------------------------------
    // Stores and deletes

    fn compile_store(&mut self, t: &'a Expr) -> CResult<()> {
        self.nest(t.range())?;
        let saved = self.cur.line;
        self.cur.line = self.line_of(t.range());
        let r = self.compile_store_inner(t);
        self.cur.line = saved;
        self.depth -= 1;
        r
    }

    fn compile_store_inner(&mut self, t: &'a Expr) -> CResult<()> {
        match t {
            Expr::Name(n) => self.name_op(n.id.as_str(), Ctx::Store, n.range),
            Expr::Attribute(a) => {
                self.compile_expr(&a.value)?;
                let idx = self.mangled_name_index(a.attr.as_str());
                self.emit(Opcode::STORE_ATTR, idx);
                Ok(())
            }
            Expr::Subscript(s) => {
                self.compile_expr(&s.value)?;
                self.compile_expr(&s.slice)?;
                self.emit(Opcode::STORE_SUBSCR, 0);
                Ok(())
            }
            Expr::Tuple(ast::ExprTuple { elts, range, .. })
            | Expr::List(ast::ExprList { elts, range, .. }) => {
                self.unpack_helper(elts, *range)?;
                for e in elts {
                    match e {
                        Expr::Starred(s) => self.compile_store(&s.value)?,
                        e => self.compile_store(e)?,
                    }
                }
                Ok(())
            }
            Expr::Starred(s) => fail(
                "starred assignment target must be in a list or tuple",
                s.range,
            ),
            other => fail(
                format!("cannot assign to {}", expr_kind_name(other)),
                other.range(),
            ),
        }
    }

    fn unpack_helper(&mut self, elts: &[Expr], range: TextRange) -> CResult<()> {
        let n = elts.len();
        let mut seen_star = false;
        for (i, e) in elts.iter().enumerate() {
            if matches!(e, Expr::Starred(_)) {
                if seen_star {
                    return fail("multiple starred expressions in assignment", range);
                }
                let after = n - i - 1;
                if i >= 256 || after >= (i32::MAX as usize >> 8) {
                    return fail("too many expressions in star-unpacking assignment", range);
                }
                self.emit(Opcode::UNPACK_EX, (i as u32) | ((after as u32) << 8));
                seen_star = true;
            }
        }
        if !seen_star {
            self.emit(Opcode::UNPACK_SEQUENCE, n as u32);
        }
        Ok(())
    }

    fn compile_delete(&mut self, t: &'a Expr) -> CResult<()> {
        self.nest(t.range())?;
        let saved = self.cur.line;
        self.cur.line = self.line_of(t.range());
        let r = match t {
            Expr::Name(n) => self.name_op(n.id.as_str(), Ctx::Del, n.range),
            Expr::Attribute(a) => (|| {
                self.compile_expr(&a.value)?;
                let idx = self.mangled_name_index(a.attr.as_str());
                self.emit(Opcode::DELETE_ATTR, idx);
                Ok(())
            })(),
            Expr::Subscript(s) => (|| {
                self.compile_expr(&s.value)?;
                self.compile_expr(&s.slice)?;
                self.emit(Opcode::DELETE_SUBSCR, 0);
                Ok(())
            })(),
            Expr::Tuple(ast::ExprTuple { elts, .. }) | Expr::List(ast::ExprList { elts, .. }) => {
                (|| {
                    for e in elts {
                        self.compile_delete(e)?;
                    }
                    Ok(())
                })()
            }
            other => fail(
                format!("cannot delete {}", expr_kind_name(other)),
                other.range(),
            ),
        };
        self.cur.line = saved;
        self.depth -= 1;
        r
    }

    // -----------------------------------------------------------------
    // Functions, lambdas, classes

    fn compile_decorators(&mut self, decorators: &'a [ast::Decorator]) -> CResult<()> {
        for d in decorators {
            self.compile_expr(&d.expression)?;
            self.cur.line = self.line_of(d.expression.range());
            self.emit(Opcode::PUSH_NULL, 0);
        }
        Ok(())
    }

    fn apply_decorators(&mut self, decorators: &'a [ast::Decorator]) {
        for d in decorators.iter().rev() {
            self.cur.line = self.line_of(d.expression.range());
            self.emit(Opcode::CALL, 1);
        }
    }

    fn compile_function_def(&mut self, f: &'a ast::StmtFunctionDef) -> CResult<()> {
        if f.type_params.is_some() {
            return fail("type parameters are not supported", f.range);
        }
        let def_line = self.line_of(f.name.range);
        let first_line = f
            .decorator_list
            .first()
            .map_or(def_line, |d| self.line_of(d.expression.range()));
        self.compile_decorators(&f.decorator_list)?;
        self.cur.line = def_line;
        let mut flags = self.compile_defaults(&f.parameters)?;
        if self.compile_signature_annotations(&f.parameters, f.returns.as_deref())? {
            flags |= 4;
        }
        let Some(scope) = self.st.lookup(NodeKey::function(f)) else {
            return internal("no scope for function");
        };
        let code = self.compile_function_like(
            scope,
            f.name.to_string(),
            ScopeKind::Function,
            Some(&f.parameters),
            Body::Stmts(&f.body),
            first_line,
        )?;
        self.cur.line = def_line;
        self.make_closure(code, flags)?;
        self.apply_decorators(&f.decorator_list);
        self.cur.line = def_line;
        self.name_op(f.name.as_str(), Ctx::Store, f.name.range)
    }

    /// Pushes a function's annotations as a flat tuple of (name, value)
    /// pairs, in CPython's order (the positional-or-keyword parameters
    /// before the positional-only ones); false, pushing nothing, when
    /// there are none.
    fn compile_signature_annotations(
        &mut self,
        p: &'a Parameters,
        returns: Option<&'a Expr>,
    ) -> CResult<bool> {
        let plain = |list: &'a [ast::ParameterWithDefault]| list.iter().map(|a| &a.parameter);
        let params = plain(&p.args)
            .chain(plain(&p.posonlyargs))
            .chain(p.vararg.as_deref())
            .chain(plain(&p.kwonlyargs))
            .chain(p.kwarg.as_deref());
        let mut count = 0;
        for param in params {
            if let Some(ann) = &param.annotation {
                let name = mangle(self.cur.private.as_deref(), param.name.as_str());
                self.load_const(Constant::Str(name));
                self.compile_annotation(ann)?;
                count += 1;
            }
        }
        if let Some(r) = returns {
            self.load_const(Constant::Str("return".to_string()));
            self.compile_annotation(r)?;
            count += 1;
        }
        if count == 0 {
            return Ok(false);
        }
        self.emit(Opcode::BUILD_TUPLE, 2 * count);
        Ok(true)
    }

    /// Pushes an annotation's value: the expression, or under
    /// `from __future__ import annotations` its text.
    fn compile_annotation(&mut self, e: &'a Expr) -> CResult<()> {
        if !self.future_annotations {
            return self.compile_expr(e);
        }
        match super::unparse::annotation_text(e) {
            Ok(text) => {
                self.load_const(Constant::Str(text));
                Ok(())
            }
            Err(u) => fail(
                format!(
                    "Weft cannot turn a {} into annotation text under 'from __future__ import annotations'",
                    u.kind
                ),
                u.range,
            ),
        }
    }

    /// `target: annotation [= value]`: the assignment first; then a simple
    /// name's annotation is stored in `__annotations__` (module and class
    /// bodies only), while an attribute or subscript target has its object
    /// (and index) evaluated when there is no value, and its annotation
    /// evaluated and dropped in module and class bodies.
    fn compile_ann_assign(&mut self, a: &'a ast::StmtAnnAssign) -> CResult<()> {
        if let Some(v) = &a.value {
            self.compile_expr(v)?;
            self.compile_store(&a.target)?;
        }
        let namespace_body = matches!(self.cur.kind, ScopeKind::Module | ScopeKind::Class);
        match a.target.as_ref() {
            Expr::Name(n) => {
                if a.simple && namespace_body {
                    self.compile_annotation(&a.annotation)?;
                    let i = self.name_index("__annotations__");
                    self.emit(Opcode::LOAD_NAME, i);
                    let name = mangle(self.cur.private.as_deref(), n.id.as_str());
                    self.load_const(Constant::Str(name));
                    self.emit(Opcode::STORE_SUBSCR, 0);
                    return Ok(());
                }
            }
            Expr::Attribute(t) => {
                if a.value.is_none() {
                    self.compile_and_pop(&t.value)?;
                }
            }
            Expr::Subscript(t) => {
                if a.value.is_none() {
                    self.compile_and_pop(&t.value)?;
                    self.compile_annotated_index(&t.slice)?;
                }
            }
            other => return fail("illegal target for annotation", other.range()),
        }
        if !a.simple && namespace_body && !self.future_annotations {
            self.compile_and_pop(&a.annotation)?;
        }
        Ok(())
    }

    /// Evaluates the index of an annotated subscript target for its side
    /// effects: each part of a slice or tuple index on its own.
    fn compile_annotated_index(&mut self, e: &'a Expr) -> CResult<()> {
        match e {
            Expr::Slice(s) => {
                for part in [&s.lower, &s.upper, &s.step].into_iter().flatten() {
                    self.compile_and_pop(part)?;
                }
                Ok(())
            }
            Expr::Tuple(t) => {
                for x in t.elts.iter() {
                    self.compile_annotated_index(x)?;
                }
                Ok(())
            }
            other => self.compile_and_pop(other),
        }
    }

    fn compile_and_pop(&mut self, e: &'a Expr) -> CResult<()> {
        self.compile_expr(e)?;
        self.emit(Opcode::POP_TOP, 0);
        Ok(())
    }

    fn compile_lambda(&mut self, l: &'a ast::ExprLambda) -> CResult<()> {
        let flags = match &l.parameters {
            Some(p) => self.compile_defaults(p)?,
            None => 0,
        };
        let Some(scope) = self.st.lookup(NodeKey::lambda(l)) else {
            return internal("no scope for lambda");
        };
        let line = self.cur.line;
        let code = self.compile_function_like(
            scope,
            "<lambda>".to_string(),
            ScopeKind::Lambda,
            l.parameters.as_deref(),
            Body::Lambda(&l.body),
            line,
        )?;
        self.make_closure(code, flags)
    }

    /// Pushes the defaults tuple and kw-defaults dict; returns MAKE_FUNCTION flags.
    fn compile_defaults(&mut self, p: &'a Parameters) -> CResult<u32> {
        let mut flags = 0;
        let defaults: Vec<&'a Expr> = p
            .posonlyargs
            .iter()
            .chain(p.args.iter())
            .filter_map(|a| a.default.as_deref())
            .collect();
        if !defaults.is_empty() {
            let consts: Option<Vec<Constant>> = defaults.iter().map(|d| self.const_of(d)).collect();
            match consts {
                Some(c) => self.load_const(Constant::Tuple(c)),
                None => {
                    for d in &defaults {
                        self.compile_expr(d)?;
                    }
                    self.emit(Opcode::BUILD_TUPLE, defaults.len() as u32);
                }
            }
            flags |= 1;
        }
        let mut nkw = 0;
        for a in p.kwonlyargs.iter() {
            if let Some(d) = &a.default {
                let name = mangle(self.cur.private.as_deref(), a.parameter.name.as_str());
                self.load_const(Constant::Str(name));
                self.compile_expr(d)?;
                nkw += 1;
            }
        }
        if nkw > 0 {
            self.emit(Opcode::BUILD_MAP, nkw);
            flags |= 2;
        }
        Ok(flags)
    }

    fn qualname_for(&self, name: &str, kind: ScopeKind) -> String {
        let parent = &self.cur;
        if parent.kind == ScopeKind::Module {
            return name.to_string();
        }
        if matches!(kind, ScopeKind::Function | ScopeKind::Class) {
            let mangled = mangle(parent.private.as_deref(), name);
            if self.st.scope(parent.scope).scope(&mangled) == Some(Scope::GlobalExplicit) {
                return name.to_string();
            }
        }
        match parent.kind {
            ScopeKind::Function | ScopeKind::Lambda => {
                format!("{}.<locals>.{}", parent.qualname, name)
            }
            _ => format!("{}.{}", parent.qualname, name),
        }
    }

    fn compile_function_like(
        &mut self,
        scope: ScopeId,
        name: String,
        kind: ScopeKind,
        params: Option<&'a Parameters>,
        body: Body<'a>,
        first_line: u32,
    ) -> CResult<Arc<CompiledCode>> {
        let qualname = self.qualname_for(&name, kind);
        let private = self.cur.private.clone();
        let mut unit = Unit::new(self.st, scope, kind, name, qualname, private, first_line);
        if let Some(p) = params {
            unit.posonly_arg_count = p.posonlyargs.len() as u32;
            unit.arg_count = (p.posonlyargs.len() + p.args.len()) as u32;
            unit.kwonly_arg_count = p.kwonlyargs.len() as u32;
            unit.flags.varargs = p.vararg.is_some();
            unit.flags.varkeywords = p.kwarg.is_some();
        }
        self.enter_unit(unit);
        let r = (|| {
            self.emit(Opcode::RESUME, 0);
            match body {
                Body::Stmts(stmts) => {
                    let mut stmts = stmts;
                    if let Some((doc, _)) = docstring_of(stmts) {
                        self.cur.docstring = Some(doc);
                        stmts = &stmts[1..];
                    }
                    self.compile_body(stmts)?;
                    self.cur.line = NO_LINE;
                    self.load_const(Constant::None);
                    self.emit(Opcode::RETURN_VALUE, 0);
                }
                Body::Lambda(e) => {
                    self.compile_expr(e)?;
                    if self.cur.flags.generator {
                        self.emit(Opcode::POP_TOP, 0);
                        self.load_const(Constant::None);
                    }
                    self.emit(Opcode::RETURN_VALUE, 0);
                }
            }
            Ok(())
        })();
        match r {
            Ok(()) => self.exit_unit(),
            Err(e) => {
                let _ = self.exit_unit_discard();
                Err(e)
            }
        }
    }

    fn exit_unit_discard(&mut self) -> Option<()> {
        let parent = self.parents.pop()?;
        self.cur = parent;
        Some(())
    }

    /// Pushes the closure tuple (if the code has free variables), the code,
    /// and emits MAKE_FUNCTION.
    fn make_closure(&mut self, code: Arc<CompiledCode>, mut flags: u32) -> CResult<()> {
        if !code.freevars.is_empty() {
            for name in &code.freevars {
                let Some(idx) = self.closure_index(name) else {
                    return internal(format!(
                        "free variable '{name}' not found in enclosing scope"
                    ));
                };
                self.emit(Opcode::LOAD_CLOSURE, idx);
            }
            self.emit(Opcode::BUILD_TUPLE, code.freevars.len() as u32);
            flags |= 8;
        }
        self.load_const(Constant::Code(code));
        self.emit(Opcode::MAKE_FUNCTION, flags);
        Ok(())
    }

    fn closure_index(&self, name: &str) -> Option<u32> {
        let u = &self.cur;
        let cell = |n: &str| u.cellvars.iter().position(|c| c == n).map(|i| i as u32);
        let free = |n: &str| {
            u.freevars
                .iter()
                .position(|c| c == n)
                .map(|i| (i + u.cellvars.len()) as u32)
        };
        if u.kind == ScopeKind::Class && name == "__class__" {
            return cell(name);
        }
        match self.st.scope(u.scope).scope(name) {
            Some(Scope::Cell) => cell(name),
            _ => free(name).or_else(|| cell(name)),
        }
    }

    fn compile_class_def(&mut self, c: &'a ast::StmtClassDef) -> CResult<()> {
        if c.type_params.is_some() {
            return fail("type parameters are not supported", c.range);
        }
        let class_line = self.line_of(c.name.range);
        let first_line = c
            .decorator_list
            .first()
            .map_or(class_line, |d| self.line_of(d.expression.range()));
        self.compile_decorators(&c.decorator_list)?;
        self.cur.line = class_line;
        let Some(scope) = self.st.lookup(NodeKey::class(c)) else {
            return internal("no scope for class");
        };
        self.emit(Opcode::LOAD_BUILD_CLASS, 0);
        self.emit(Opcode::PUSH_NULL, 0);

        let name = c.name.to_string();
        let qualname = self.qualname_for(&name, ScopeKind::Class);
        let unit = Unit::new(
            self.st,
            scope,
            ScopeKind::Class,
            name.clone(),
            qualname.clone(),
            Some(name.clone()),
            first_line,
        );
        self.enter_unit(unit);
        let r = (|| {
            self.emit(Opcode::RESUME, 0);
            let i = self.name_index("__name__");
            self.emit(Opcode::LOAD_NAME, i);
            let i = self.name_index("__module__");
            self.emit(Opcode::STORE_NAME, i);
            self.load_const(Constant::Str(qualname.clone()));
            let i = self.name_index("__qualname__");
            self.emit(Opcode::STORE_NAME, i);
            let mut body: &'a [Stmt] = &c.body;
            if has_annotations(body) {
                self.emit(Opcode::SETUP_ANNOTATIONS, 0);
            }
            if let Some((doc, range)) = docstring_of(body) {
                self.cur.line = self.line_of(range);
                self.cur.docstring = Some(doc.clone());
                self.load_const(Constant::Str(doc));
                let i = self.name_index("__doc__");
                self.emit(Opcode::STORE_NAME, i);
                body = &body[1..];
            }
            self.compile_body(body)?;
            self.cur.line = NO_LINE;
            if self.st.scope(scope).needs_class_closure {
                let Some(idx) = self.cur.cellvars.iter().position(|n| n == "__class__") else {
                    return internal("missing __class__ cell");
                };
                self.emit(Opcode::LOAD_CLOSURE, idx as u32);
                let i = self.name_index("__classcell__");
                self.emit(Opcode::STORE_NAME, i);
            }
            self.load_const(Constant::None);
            self.emit(Opcode::RETURN_VALUE, 0);
            Ok(())
        })();
        let code = match r {
            Ok(()) => self.exit_unit()?,
            Err(e) => {
                let _ = self.exit_unit_discard();
                return Err(e);
            }
        };
        self.cur.line = class_line;
        self.make_closure(code, 0)?;
        self.load_const(Constant::Str(name));
        match &c.arguments {
            Some(args) => {
                self.validate_keywords(&args.keywords)?;
                self.call_helper(2, &args.args, &args.keywords)?;
            }
            None => self.emit(Opcode::CALL, 2),
        }
        self.apply_decorators(&c.decorator_list);
        self.cur.line = class_line;
        self.name_op(c.name.as_str(), Ctx::Store, c.name.range)
    }

    // -----------------------------------------------------------------
    // Comprehensions

    fn compile_comprehension(
        &mut self,
        node: &'a Expr,
        kind: CompKind,
        generators: &'a [ast::Comprehension],
        elt: &'a Expr,
        value: Option<&'a Expr>,
    ) -> CResult<()> {
        let Some(outermost) = generators.first() else {
            return fail("invalid syntax", node.range());
        };
        let Some(scope) = self.st.lookup(NodeKey::expr(node)) else {
            return internal("no scope for comprehension");
        };
        if self.st.scope(scope).inlined {
            return self
                .compile_inlined_comprehension(outermost, kind, scope, generators, elt, value);
        }
        let name = kind.code_name().to_string();
        let qualname = self.qualname_for(&name, ScopeKind::Comprehension(kind));
        let line = self.cur.line;
        let private = self.cur.private.clone();
        let mut unit = Unit::new(
            self.st,
            scope,
            ScopeKind::Comprehension(kind),
            name,
            qualname,
            private,
            line,
        );
        unit.arg_count = 1;
        self.enter_unit(unit);
        let r = (|| {
            self.emit(Opcode::RESUME, 0);
            match kind {
                CompKind::List => self.emit(Opcode::BUILD_LIST, 0),
                CompKind::Set => self.emit(Opcode::BUILD_SET, 0),
                CompKind::Dict => self.emit(Opcode::BUILD_MAP, 0),
                CompKind::Generator => {}
            }
            self.comprehension_generator(generators, 0, 0, elt, value, kind)?;
            if kind == CompKind::Generator {
                // The implicit return is where the loop ended.
                self.cur.line = NO_LINE;
                self.load_const(Constant::None);
            }
            self.emit(Opcode::RETURN_VALUE, 0);
            Ok(())
        })();
        let code = match r {
            Ok(()) => self.exit_unit()?,
            Err(e) => {
                let _ = self.exit_unit_discard();
                return Err(e);
            }
        };
        self.make_closure(code, 0)?;
        self.emit(Opcode::PUSH_NULL, 0);
        self.comprehension_iterator(&outermost.iter, outermost.is_async)?;
        self.emit(Opcode::CALL, 1);
        if self.st.scope(scope).is_coroutine && kind != CompKind::Generator {
            self.await_top(0);
        }
        Ok(())
    }

    /// A list, set or dict comprehension compiled into the enclosing code
    /// (PEP 709): the outermost iterable's iterator stays on the stack
    /// under the result, and each of the comprehension's own variables
    /// lives in a fast local of this code whose previous value (or
    /// unboundness) is set aside on the stack and put back afterwards,
    /// also when an exception leaves the comprehension (through a cleanup
    /// handler that re-raises it).
    fn compile_inlined_comprehension(
        &mut self,
        outermost: &'a ast::Comprehension,
        kind: CompKind,
        scope: ScopeId,
        generators: &'a [ast::Comprehension],
        elt: &'a Expr,
        value: Option<&'a Expr>,
    ) -> CResult<()> {
        self.comprehension_iterator(&outermost.iter, outermost.is_async)?;
        let line = self.cur.line;
        let hidden: Vec<String> = self
            .st
            .scope(scope)
            .own_locals()
            .filter(|n| *n != ".0")
            .map(str::to_string)
            .collect();
        let slots: Vec<u32> = hidden.iter().map(|n| self.varname_index(n)).collect();
        for &slot in &slots {
            self.emit(Opcode::LOAD_FAST_AND_CLEAR, slot);
        }
        let saved = slots.len() as u32;
        let cleanup = self.new_label();
        if saved > 0 {
            self.emit(Opcode::SWAP, saved + 1);
            self.setup_handler(cleanup, false, 0);
        }
        match kind {
            CompKind::List => self.emit(Opcode::BUILD_LIST, 0),
            CompKind::Set => self.emit(Opcode::BUILD_SET, 0),
            CompKind::Dict | CompKind::Generator => self.emit(Opcode::BUILD_MAP, 0),
        }
        self.emit(Opcode::SWAP, 2);
        self.cur.inlined.push(scope);
        let r = self.comprehension_generator(generators, 0, 0, elt, value, kind);
        self.cur.inlined.pop();
        r?;
        self.cur.line = line;
        if saved == 0 {
            return Ok(());
        }
        self.pop_handler();
        let restore = |cg: &mut Self| {
            cg.emit(Opcode::SWAP, saved + 1);
            for &slot in slots.iter().rev() {
                cg.emit(Opcode::STORE_FAST, slot);
            }
        };
        restore(self);
        let end = self.new_label();
        self.jump_no_line(end);
        self.place(cleanup);
        self.cur.line = NO_LINE;
        self.emit(Opcode::SWAP, 2);
        self.emit(Opcode::POP_TOP, 0);
        self.cur.line = line;
        restore(self);
        self.emit(Opcode::RERAISE, 0);
        self.place(end);
        Ok(())
    }

    /// The iterator of one `for` clause, on the iterable's line.
    fn comprehension_iterator(&mut self, iterable: &'a Expr, is_async: bool) -> CResult<()> {
        self.compile_expr(iterable)?;
        let saved = self.cur.line;
        self.cur.line = self.line_of(iterable.range());
        self.emit(
            if is_async {
                Opcode::GET_AITER
            } else {
                Opcode::GET_ITER
            },
            0,
        );
        self.cur.line = saved;
        Ok(())
    }

    fn comprehension_generator(
        &mut self,
        generators: &'a [ast::Comprehension],
        index: usize,
        depth: u32,
        elt: &'a Expr,
        value: Option<&'a Expr>,
        kind: CompKind,
    ) -> CResult<()> {
        let Some(gen) = generators.get(index) else {
            return internal("comprehension index out of range");
        };
        self.nest(gen.range)?;
        let start = self.new_label();
        let if_cleanup = self.new_label();
        let anchor = self.new_label();
        if index == 0 {
            if self.cur.inlined.is_empty() {
                self.emit(Opcode::LOAD_FAST, 0);
            }
        } else {
            self.comprehension_iterator(&gen.iter, gen.is_async)?;
        }
        let depth = depth + 1;
        self.place(start);
        // The step is charged to the iterable's line (CPython 3.13), the
        // rest of the loop to the comprehension's.
        let loop_line = self.cur.line;
        self.cur.line = self.line_of(gen.iter.range());
        if gen.is_async {
            self.setup_handler(anchor, false, 0);
            self.emit(Opcode::GET_ANEXT, 0);
            self.await_top(3);
            self.pop_handler();
        } else {
            self.emit_jump(Opcode::FOR_ITER, anchor);
        }
        self.cur.line = loop_line;
        self.compile_store(&gen.target)?;
        for cond in &gen.ifs {
            self.jump_if_at(cond, if_cleanup, false, Some(loop_line))?;
        }
        if index + 1 < generators.len() {
            self.comprehension_generator(generators, index + 1, depth, elt, value, kind)?;
        } else {
            match kind {
                CompKind::Generator => {
                    self.compile_expr(elt)?;
                    if self.cur.flags.async_generator {
                        self.emit(Opcode::ASYNC_GEN_WRAP, 0);
                    }
                    self.emit(Opcode::YIELD_VALUE, 0);
                    self.emit(Opcode::RESUME, 1);
                    self.emit(Opcode::POP_TOP, 0);
                }
                CompKind::List => {
                    self.compile_expr(elt)?;
                    self.emit(Opcode::LIST_APPEND, depth + 1);
                }
                CompKind::Set => {
                    self.compile_expr(elt)?;
                    self.emit(Opcode::SET_ADD, depth + 1);
                }
                CompKind::Dict => {
                    self.compile_expr(elt)?;
                    if let Some(v) = value {
                        self.compile_expr(v)?;
                    }
                    self.emit(Opcode::MAP_ADD, depth + 1);
                }
            }
        }
        self.place(if_cleanup);
        self.jump(start);
        self.place(anchor);
        if gen.is_async {
            self.emit(Opcode::END_ASYNC_FOR, 0);
        }
        self.depth -= 1;
        Ok(())
    }

    // -----------------------------------------------------------------
    // Expressions

    /// The value of an expression that is a compile-time constant
    /// (literals, and operators on them folded as CPython folds them).
    fn const_of(&self, e: &Expr) -> Option<Constant> {
        self.const_within(e, CONST_FOLD_DEPTH)
    }

    /// `const_of`, looking at most `depth` operators deep (so that a deep
    /// expression is not walked again from every level it is compiled at).
    fn const_within(&self, e: &Expr, depth: u32) -> Option<Constant> {
        let depth = depth.checked_sub(1)?;
        Some(match e {
            Expr::NumberLiteral(n) => match &n.value {
                Number::Int(i) => Constant::Int(int_value(i)?),
                Number::Float(f) => Constant::Float(*f),
                Number::Complex { real, imag } => Constant::Complex(*real, *imag),
            },
            Expr::StringLiteral(s) => Constant::Str(s.value.to_str().to_string()),
            Expr::BytesLiteral(b) => Constant::Bytes(b.value.bytes().collect()),
            Expr::BooleanLiteral(b) => Constant::Bool(b.value),
            Expr::NoneLiteral(_) => Constant::None,
            Expr::EllipsisLiteral(_) => Constant::Ellipsis,
            Expr::UnaryOp(u) => {
                let inner = match u.operand.as_ref() {
                    Expr::NumberLiteral(_) | Expr::UnaryOp(_) | Expr::BinOp(_) => {
                        self.const_within(&u.operand, depth)?
                    }
                    _ => return None,
                };
                match (u.op, inner) {
                    (UnaryOp::USub, Constant::Int(i)) => Constant::Int(-i),
                    (UnaryOp::USub, Constant::Float(f)) => Constant::Float(-f),
                    (UnaryOp::UAdd, c @ (Constant::Int(_) | Constant::Float(_))) => c,
                    (UnaryOp::Invert, Constant::Int(i)) => Constant::Int(-i - 1),
                    _ => return None,
                }
            }
            Expr::Tuple(t) => {
                let items: Option<Vec<Constant>> = t
                    .elts
                    .iter()
                    .map(|x| {
                        if matches!(x, Expr::Starred(_)) {
                            None
                        } else {
                            self.const_within(x, depth)
                        }
                    })
                    .collect();
                Constant::Tuple(items?)
            }
            Expr::Name(n) if n.id.as_str() == "__debug__" => Constant::Bool(true),
            Expr::BinOp(b) => {
                let op = binary_operator(b.op);
                let left = self.const_within(&b.left, depth)?;
                let right = self.const_within(&b.right, depth)?;
                super::fold::fold_binop(op, &left, &right)?
            }
            _ => return None,
        })
    }

    fn compile_expr(&mut self, e: &'a Expr) -> CResult<()> {
        self.nest(e.range())?;
        let saved = self.cur.line;
        self.cur.line = self.line_of(e.range());
        let r = self.compile_expr_inner(e);
        self.cur.line = saved;
        self.depth -= 1;
        r
    }

    fn compile_expr_inner(&mut self, e: &'a Expr) -> CResult<()> {
        if !matches!(e, Expr::Name(_)) {
            if let Some(c) = self.const_of(e) {
                self.load_const(c);
                return Ok(());
            }
        }
        match e {
            Expr::BoolOp(b) => {
                let end = self.new_label();
                let jump = match b.op {
                    BoolOp::And => Opcode::POP_JUMP_IF_FALSE,
                    BoolOp::Or => Opcode::POP_JUMP_IF_TRUE,
                };
                let n = b.values.len();
                for (i, v) in b.values.iter().enumerate() {
                    self.compile_expr(v)?;
                    if i + 1 < n {
                        self.emit(Opcode::COPY, 1);
                        self.emit_to_bool();
                        self.emit_jump(jump, end);
                        self.emit(Opcode::POP_TOP, 0);
                    }
                }
                self.place(end);
                Ok(())
            }
            Expr::Named(n) => {
                self.compile_expr(&n.value)?;
                self.emit(Opcode::COPY, 1);
                self.compile_store(&n.target)
            }
            Expr::BinOp(b) => {
                let op = binary_operator(b.op);
                self.compile_expr(&b.left)?;
                self.compile_expr(&b.right)?;
                self.emit(Opcode::BINARY_OP, op as u32);
                Ok(())
            }
            Expr::UnaryOp(u) => {
                self.compile_expr(&u.operand)?;
                match u.op {
                    UnaryOp::Not => {
                        self.emit_to_bool();
                        self.emit(Opcode::UNARY_NOT, 0);
                    }
                    UnaryOp::USub => self.emit(Opcode::UNARY_NEGATIVE, 0),
                    UnaryOp::UAdd => self.emit(Opcode::UNARY_POSITIVE, 0),
                    UnaryOp::Invert => self.emit(Opcode::UNARY_INVERT, 0),
                }
                Ok(())
            }
            Expr::Lambda(l) => self.compile_lambda(l),
            Expr::If(i) => {
                let orelse = self.new_label();
                let end = self.new_label();
                self.jump_if(&i.test, orelse, false)?;
                self.compile_expr(&i.body)?;
                self.jump_no_line(end);
                self.place(orelse);
                self.compile_expr(&i.orelse)?;
                self.place(end);
                Ok(())
            }
            Expr::Dict(d) => self.compile_dict(d),
            Expr::Set(s) => self.starunpack(
                &s.elts,
                0,
                Opcode::BUILD_SET,
                Opcode::SET_ADD,
                Opcode::SET_UPDATE,
                false,
            ),
            Expr::ListComp(c) => {
                self.compile_comprehension(e, CompKind::List, &c.generators, &c.elt, None)
            }
            Expr::SetComp(c) => {
                self.compile_comprehension(e, CompKind::Set, &c.generators, &c.elt, None)
            }
            Expr::DictComp(c) => match &c.key {
                Some(k) => {
                    self.compile_comprehension(e, CompKind::Dict, &c.generators, k, Some(&c.value))
                }
                None => fail(
                    "dict unpacking cannot be used in dict comprehension",
                    c.range,
                ),
            },
            Expr::Generator(g) => {
                self.compile_comprehension(e, CompKind::Generator, &g.generators, &g.elt, None)
            }
            Expr::Await(a) => {
                if !(self.cur.flags.coroutine || self.cur.flags.async_generator) {
                    return fail("'await' outside async function", a.range);
                }
                self.compile_expr(&a.value)?;
                self.await_top(0);
                Ok(())
            }
            Expr::Yield(y) => {
                if !self.cur.kind.is_function_like() {
                    return fail("'yield' outside function", y.range);
                }
                match &y.value {
                    Some(v) => self.compile_expr(v)?,
                    None => self.load_const(Constant::None),
                }
                if self.cur.flags.async_generator {
                    self.emit(Opcode::ASYNC_GEN_WRAP, 0);
                }
                self.emit(Opcode::YIELD_VALUE, 0);
                self.emit(Opcode::RESUME, 1);
                Ok(())
            }
            Expr::YieldFrom(y) => {
                if !self.cur.kind.is_function_like() {
                    return fail("'yield' outside function", y.range);
                }
                self.compile_expr(&y.value)?;
                self.emit(Opcode::GET_YIELD_FROM_ITER, 0);
                self.load_const(Constant::None);
                self.yield_from_loop(2);
                Ok(())
            }
            Expr::Compare(c) => self.compile_compare(c),
            Expr::Call(c) => self.compile_call(c),
            Expr::FString(f) => self.compile_fstring(f),
            Expr::TString(t) => fail("t-strings are not supported", t.range),
            Expr::StringLiteral(_)
            | Expr::BytesLiteral(_)
            | Expr::NumberLiteral(_)
            | Expr::BooleanLiteral(_)
            | Expr::NoneLiteral(_)
            | Expr::EllipsisLiteral(_) => match self.const_of(e) {
                Some(c) => {
                    self.load_const(c);
                    Ok(())
                }
                None => fail("literal out of range", e.range()),
            },
            Expr::Attribute(a) => {
                if self.can_optimize_super_call(a) {
                    let two = self.load_args_for_super(a)?;
                    let idx = self.mangled_name_index(a.attr.as_str());
                    self.emit(
                        Opcode::LOAD_SUPER_ATTR,
                        (idx << 2) | if two { 2 } else { 0 },
                    );
                    return Ok(());
                }
                self.compile_expr(&a.value)?;
                self.cur.line = self.attr_line(a);
                let idx = self.mangled_name_index(a.attr.as_str());
                self.emit(Opcode::LOAD_ATTR, idx << 1);
                Ok(())
            }
            Expr::Subscript(s) => {
                self.compile_expr(&s.value)?;
                self.compile_expr(&s.slice)?;
                self.emit(Opcode::BINARY_OP, BinaryOperator::Subscr as u32);
                Ok(())
            }
            Expr::Starred(s) => fail("can't use starred expression here", s.range),
            Expr::Name(n) => self.name_op(n.id.as_str(), Ctx::Load, n.range),
            Expr::List(l) => self.starunpack(
                &l.elts,
                0,
                Opcode::BUILD_LIST,
                Opcode::LIST_APPEND,
                Opcode::LIST_EXTEND,
                false,
            ),
            Expr::Tuple(t) => self.starunpack(
                &t.elts,
                0,
                Opcode::BUILD_LIST,
                Opcode::LIST_APPEND,
                Opcode::LIST_EXTEND,
                true,
            ),
            Expr::Slice(s) => {
                let mut n = 2;
                for part in [&s.lower, &s.upper] {
                    match part {
                        Some(x) => self.compile_expr(x)?,
                        None => self.load_const(Constant::None),
                    }
                }
                if let Some(step) = &s.step {
                    self.compile_expr(step)?;
                    n = 3;
                }
                self.emit(Opcode::BUILD_SLICE, n);
                Ok(())
            }
            Expr::IpyEscapeCommand(c) => fail("invalid syntax", c.range),
        }
    }

    /// The line of an attribute's name (CPython points multi-line attribute
    /// accesses and method calls at the name).
    fn attr_line(&self, a: &ast::ExprAttribute) -> u32 {
        self.line_of(a.attr.range)
    }

    /// The delegation loop of `yield from` and `await` (`RESUME resume`
    /// after each suspension: 2 for `yield from`, 3 for `await`).
    fn yield_from_loop(&mut self, resume: u32) {
        let send = self.new_label();
        let fail_l = self.new_label();
        let exit = self.new_label();
        self.place(send);
        self.emit_jump(Opcode::SEND, exit);
        self.setup_handler(fail_l, false, 0);
        self.emit(Opcode::YIELD_VALUE, 1);
        self.pop_handler();
        self.emit(Opcode::RESUME, resume);
        self.jump(send);
        self.place(fail_l);
        self.emit(Opcode::CLEANUP_THROW, 0);
        self.place(exit);
        self.emit(Opcode::END_SEND, 0);
    }

    fn compare_op(&mut self, op: CmpOp) {
        let (code, arg) = match op {
            CmpOp::Lt => (Opcode::COMPARE_OP, 0),
            CmpOp::LtE => (Opcode::COMPARE_OP, 1),
            CmpOp::Eq => (Opcode::COMPARE_OP, 2),
            CmpOp::NotEq => (Opcode::COMPARE_OP, 3),
            CmpOp::Gt => (Opcode::COMPARE_OP, 4),
            CmpOp::GtE => (Opcode::COMPARE_OP, 5),
            CmpOp::Is => (Opcode::IS_OP, 0),
            CmpOp::IsNot => (Opcode::IS_OP, 1),
            CmpOp::In => (Opcode::CONTAINS_OP, 0),
            CmpOp::NotIn => (Opcode::CONTAINS_OP, 1),
        };
        self.emit(code, arg);
    }

    fn compile_compare(&mut self, c: &'a ast::ExprCompare) -> CResult<()> {
        let n = c.ops.len();
        if n == 0 || c.comparators.len() != n {
            return fail("invalid syntax", c.range);
        }
        self.compile_expr(&c.left)?;
        if n == 1 {
            self.compile_expr(&c.comparators[0])?;
            self.compare_op(c.ops[0]);
            return Ok(());
        }
        let cleanup = self.new_label();
        for i in 0..n - 1 {
            self.compile_expr(&c.comparators[i])?;
            self.emit(Opcode::SWAP, 2);
            self.emit(Opcode::COPY, 2);
            self.compare_op(c.ops[i]);
            self.emit(Opcode::COPY, 1);
            self.emit_to_bool();
            self.emit_jump(Opcode::POP_JUMP_IF_FALSE, cleanup);
            self.emit(Opcode::POP_TOP, 0);
        }
        self.compile_expr(&c.comparators[n - 1])?;
        self.compare_op(c.ops[n - 1]);
        let end = self.new_label();
        self.jump_no_line(end);
        self.place(cleanup);
        self.emit(Opcode::SWAP, 2);
        self.emit(Opcode::POP_TOP, 0);
        self.place(end);
        Ok(())
    }

    /// Compiles `e` as a condition: jumps to `target` when its truth equals `cond`.
    fn jump_if(&mut self, e: &'a Expr, target: Label, cond: bool) -> CResult<()> {
        self.jump_if_at(e, target, cond, None)
    }

    /// `jump_if` whose conditional jumps are charged to `jump_line` when
    /// given (a comprehension's `if` clauses jump on the comprehension's
    /// line in CPython 3.13), each on its operand's line otherwise.
    fn jump_if_at(
        &mut self,
        e: &'a Expr,
        target: Label,
        cond: bool,
        jump_line: Option<u32>,
    ) -> CResult<()> {
        self.nest(e.range())?;
        let saved = self.cur.line;
        self.cur.line = self.line_of(e.range());
        let r = self.jump_if_inner(e, target, cond, jump_line);
        self.cur.line = saved;
        self.depth -= 1;
        r
    }

    fn jump_if_inner(
        &mut self,
        e: &'a Expr,
        target: Label,
        cond: bool,
        jump_line: Option<u32>,
    ) -> CResult<()> {
        match e {
            Expr::UnaryOp(u) if u.op == UnaryOp::Not => {
                return self.jump_if_at(&u.operand, target, !cond, jump_line)
            }
            Expr::BoolOp(b) => {
                let Some((last, rest)) = b.values.split_last() else {
                    return fail("invalid syntax", b.range);
                };
                let cond2 = b.op == BoolOp::Or;
                let next2 = if cond2 != cond {
                    self.new_label()
                } else {
                    target
                };
                for v in rest {
                    self.jump_if_at(v, next2, cond2, jump_line)?;
                }
                self.jump_if_at(last, target, cond, jump_line)?;
                if next2 != target {
                    self.place(next2);
                }
                return Ok(());
            }
            Expr::If(i) => {
                let end = self.new_label();
                let next2 = self.new_label();
                self.jump_if_at(&i.test, next2, false, jump_line)?;
                self.jump_if_at(&i.body, target, cond, jump_line)?;
                self.jump_no_line(end);
                self.place(next2);
                self.jump_if_at(&i.orelse, target, cond, jump_line)?;
                self.place(end);
                return Ok(());
            }
            Expr::Compare(c) if c.ops.len() > 1 && c.comparators.len() == c.ops.len() => {
                let n = c.ops.len();
                let cleanup = self.new_label();
                self.compile_expr(&c.left)?;
                for i in 0..n - 1 {
                    self.compile_expr(&c.comparators[i])?;
                    self.emit(Opcode::SWAP, 2);
                    self.emit(Opcode::COPY, 2);
                    self.compare_op(c.ops[i]);
                    self.emit_to_bool();
                    self.emit_condition_jump(Opcode::POP_JUMP_IF_FALSE, cleanup, jump_line);
                }
                self.compile_expr(&c.comparators[n - 1])?;
                self.compare_op(c.ops[n - 1]);
                self.emit_to_bool();
                let j = if cond {
                    Opcode::POP_JUMP_IF_TRUE
                } else {
                    Opcode::POP_JUMP_IF_FALSE
                };
                self.emit_condition_jump(j, target, jump_line);
                let end = self.new_label();
                self.jump_no_line(end);
                self.place(cleanup);
                self.emit(Opcode::POP_TOP, 0);
                if !cond {
                    self.jump_no_line(target);
                }
                self.place(end);
                return Ok(());
            }
            Expr::Compare(c)
                if c.ops.len() == 1
                    && matches!(c.ops[0], CmpOp::Is | CmpOp::IsNot)
                    && matches!(c.comparators.first(), Some(Expr::NoneLiteral(_))) =>
            {
                self.compile_expr(&c.left)?;
                let is = c.ops[0] == CmpOp::Is;
                let op = if is == cond {
                    Opcode::POP_JUMP_IF_NONE
                } else {
                    Opcode::POP_JUMP_IF_NOT_NONE
                };
                self.emit_condition_jump(op, target, jump_line);
                return Ok(());
            }
            _ => {}
        }
        if let Some(c) = self.const_of(e) {
            if const_truth(&c) == cond {
                self.jump(target);
            } else {
                self.emit(Opcode::NOP, 0);
            }
            return Ok(());
        }
        self.compile_expr(e)?;
        self.emit_to_bool();
        let j = if cond {
            Opcode::POP_JUMP_IF_TRUE
        } else {
            Opcode::POP_JUMP_IF_FALSE
        };
        self.emit_condition_jump(j, target, jump_line);
        Ok(())
    }

    fn emit_condition_jump(&mut self, op: Opcode, target: Label, jump_line: Option<u32>) {
        let saved = self.cur.line;
        self.cur.line = jump_line.unwrap_or(saved);
        self.emit_jump(op, target);
        self.cur.line = saved;
    }

    /// Builds a tuple/list/set from elements that may contain `*x`.
    fn starunpack(
        &mut self,
        elts: &'a [Expr],
        pushed: u32,
        build: Opcode,
        add: Opcode,
        extend: Opcode,
        tuple: bool,
    ) -> CResult<()> {
        let n = elts.len();
        if n > 2 {
            let consts: Option<Vec<Constant>> = elts
                .iter()
                .map(|x| {
                    if matches!(x, Expr::Starred(_)) {
                        None
                    } else {
                        self.const_of(x)
                    }
                })
                .collect();
            if let Some(items) = consts {
                let folded = Constant::Tuple(items);
                if tuple && pushed == 0 {
                    self.load_const(folded);
                } else {
                    self.emit(build, pushed);
                    self.load_const(folded);
                    self.emit(extend, 1);
                    if tuple {
                        self.emit(Opcode::LIST_TO_TUPLE, 0);
                    }
                }
                return Ok(());
            }
        }
        let big = n + pushed as usize > STACK_USE_GUIDELINE;
        let seen_star = elts.iter().any(|x| matches!(x, Expr::Starred(_)));
        if !seen_star && !big {
            for x in elts {
                self.compile_expr(x)?;
            }
            let op = if tuple { Opcode::BUILD_TUPLE } else { build };
            self.emit(op, n as u32 + pushed);
            return Ok(());
        }
        let mut built = false;
        if big {
            self.emit(build, pushed);
            built = true;
        }
        for (i, x) in elts.iter().enumerate() {
            if let Expr::Starred(s) = x {
                if !built {
                    self.emit(build, i as u32 + pushed);
                    built = true;
                }
                self.compile_expr(&s.value)?;
                self.emit(extend, 1);
            } else {
                self.compile_expr(x)?;
                if built {
                    self.emit(add, 1);
                }
            }
        }
        if !built {
            self.emit(build, pushed);
        }
        if tuple {
            self.emit(Opcode::LIST_TO_TUPLE, 0);
        }
        Ok(())
    }

    fn compile_dict(&mut self, d: &'a ast::ExprDict) -> CResult<()> {
        let items = &d.items;
        let mut have_dict = false;
        let mut elements = 0usize;
        let n = items.len();
        for i in 0..n {
            let item = &items[i];
            if item.key.is_none() {
                if elements > 0 {
                    self.compile_subdict(&items[i - elements..i])?;
                    if have_dict {
                        self.emit(Opcode::DICT_UPDATE, 1);
                    }
                    have_dict = true;
                    elements = 0;
                }
                if !have_dict {
                    self.emit(Opcode::BUILD_MAP, 0);
                    have_dict = true;
                }
                self.compile_expr(&item.value)?;
                self.emit(Opcode::DICT_UPDATE, 1);
            } else if elements * 2 > STACK_USE_GUIDELINE {
                self.compile_subdict(&items[i - elements..=i])?;
                if have_dict {
                    self.emit(Opcode::DICT_UPDATE, 1);
                }
                have_dict = true;
                elements = 0;
            } else {
                elements += 1;
            }
        }
        if elements > 0 {
            self.compile_subdict(&items[n - elements..n])?;
            if have_dict {
                self.emit(Opcode::DICT_UPDATE, 1);
            }
            have_dict = true;
        }
        if !have_dict {
            self.emit(Opcode::BUILD_MAP, 0);
        }
        Ok(())
    }

    fn compile_subdict(&mut self, items: &'a [ast::DictItem]) -> CResult<()> {
        for item in items {
            let Some(k) = &item.key else {
                return internal("unpacking in sub-dict");
            };
            self.compile_expr(k)?;
            self.compile_expr(&item.value)?;
        }
        self.emit(Opcode::BUILD_MAP, items.len() as u32);
        Ok(())
    }

    // -----------------------------------------------------------------
    // Calls

    fn validate_keywords(&self, keywords: &[ast::Keyword]) -> CResult<()> {
        for (i, k) in keywords.iter().enumerate() {
            let Some(name) = &k.arg else { continue };
            for other in &keywords[i + 1..] {
                if other
                    .arg
                    .as_ref()
                    .is_some_and(|o| o.as_str() == name.as_str())
                {
                    return fail(format!("keyword argument repeated: {name}"), other.range);
                }
            }
        }
        Ok(())
    }

    fn compile_call(&mut self, call: &'a ast::ExprCall) -> CResult<()> {
        self.validate_keywords(&call.arguments.keywords)?;
        if self.try_method_call(call)? {
            return Ok(());
        }
        let pushed_null = match call.func.as_ref() {
            Expr::Name(n) => self.load_callee_name(n)?,
            f => {
                self.compile_expr(f)?;
                false
            }
        };
        if !pushed_null {
            self.emit(Opcode::PUSH_NULL, 0);
        }
        self.call_helper(0, &call.arguments.args, &call.arguments.keywords)
    }

    fn try_method_call(&mut self, call: &'a ast::ExprCall) -> CResult<bool> {
        let Expr::Attribute(attr) = call.func.as_ref() else {
            return Ok(false);
        };
        let args = &call.arguments.args;
        let kws = &call.arguments.keywords;
        if args.iter().any(|a| matches!(a, Expr::Starred(_))) || kws.iter().any(|k| k.arg.is_none())
        {
            return Ok(false);
        }
        if args.len() + kws.len() + usize::from(!kws.is_empty()) >= STACK_USE_GUIDELINE {
            return Ok(false);
        }
        let call_line = self.cur.line;
        let attr_line = self.attr_line(attr);
        if self.can_optimize_super_call(attr) {
            let two = self.load_args_for_super(attr)?;
            let idx = self.mangled_name_index(attr.attr.as_str());
            self.emit(
                Opcode::LOAD_SUPER_ATTR,
                (idx << 2) | 1 | if two { 2 } else { 0 },
            );
        } else {
            self.compile_expr(&attr.value)?;
            self.cur.line = attr_line;
            let idx = self.mangled_name_index(attr.attr.as_str());
            self.emit(Opcode::LOAD_ATTR, (idx << 1) | 1);
        }
        for a in args.iter() {
            self.compile_expr(a)?;
        }
        let line = if attr_line != call_line {
            attr_line
        } else {
            call_line
        };
        if kws.is_empty() {
            self.cur.line = line;
            self.emit(Opcode::CALL, args.len() as u32);
        } else {
            for k in kws.iter() {
                self.compile_expr(&k.value)?;
            }
            self.cur.line = line;
            self.load_kwnames(kws);
            self.emit(Opcode::CALL_KW, (args.len() + kws.len()) as u32);
        }
        self.cur.line = call_line;
        Ok(true)
    }

    fn load_kwnames(&mut self, kws: &[ast::Keyword]) {
        let names = kws
            .iter()
            .map(|k| Constant::Str(k.arg.as_ref().map_or(String::new(), |a| a.to_string())))
            .collect();
        self.load_const(Constant::Tuple(names));
    }

    /// Emits the arguments and the call; `pushed` items (besides callable
    /// and null) are already on the stack as leading positional arguments.
    fn call_helper(
        &mut self,
        pushed: u32,
        args: &'a [Expr],
        keywords: &'a [ast::Keyword],
    ) -> CResult<()> {
        let nelts = args.len();
        let nkw = keywords.len();
        let ex_call = nelts + nkw * 2 > STACK_USE_GUIDELINE
            || args.iter().any(|a| matches!(a, Expr::Starred(_)))
            || keywords.iter().any(|k| k.arg.is_none());
        if !ex_call {
            for a in args {
                self.compile_expr(a)?;
            }
            if nkw > 0 {
                for k in keywords {
                    self.compile_expr(&k.value)?;
                }
                self.load_kwnames(keywords);
                self.emit(Opcode::CALL_KW, pushed + (nelts + nkw) as u32);
            } else {
                self.emit(Opcode::CALL, pushed + nelts as u32);
            }
            return Ok(());
        }
        self.starunpack(
            args,
            pushed,
            Opcode::BUILD_LIST,
            Opcode::LIST_APPEND,
            Opcode::LIST_EXTEND,
            true,
        )?;
        if nkw > 0 {
            self.emit(Opcode::BUILD_MAP, 0);
            let mut run = 0usize;
            for (i, k) in keywords.iter().enumerate() {
                if k.arg.is_none() {
                    if run > 0 {
                        self.compile_kw_run(&keywords[i - run..i])?;
                        run = 0;
                    }
                    self.compile_expr(&k.value)?;
                    self.emit(Opcode::DICT_MERGE, 1);
                } else {
                    run += 1;
                }
            }
            if run > 0 {
                self.compile_kw_run(&keywords[nkw - run..nkw])?;
            }
        }
        self.emit(Opcode::CALL_FUNCTION_EX, u32::from(nkw > 0));
        Ok(())
    }

    fn compile_kw_run(&mut self, kws: &'a [ast::Keyword]) -> CResult<()> {
        for k in kws {
            let name = k.arg.as_ref().map_or(String::new(), |a| a.to_string());
            self.load_const(Constant::Str(name));
            self.compile_expr(&k.value)?;
        }
        self.emit(Opcode::BUILD_MAP, kws.len() as u32);
        self.emit(Opcode::DICT_MERGE, 1);
        Ok(())
    }

    fn can_optimize_super_call(&self, attr: &ast::ExprAttribute) -> bool {
        let Expr::Call(sc) = attr.value.as_ref() else {
            return false;
        };
        let Expr::Name(fname) = sc.func.as_ref() else {
            return false;
        };
        if fname.id.as_str() != "super"
            || attr.attr.as_str() == "__class__"
            || !sc.arguments.keywords.is_empty()
        {
            return false;
        }
        let info = self.st.scope(self.cur.scope);
        if info.scope("super") != Some(Scope::GlobalImplicit) {
            return false;
        }
        if self.st.scope(0).flags("super") != 0 {
            return false;
        }
        let nargs = sc.arguments.args.len();
        if nargs == 2 {
            return !sc
                .arguments
                .args
                .iter()
                .any(|a| matches!(a, Expr::Starred(_)));
        }
        if nargs != 0 {
            return false;
        }
        if !matches!(self.cur.kind, ScopeKind::Function | ScopeKind::Lambda) {
            return false;
        }
        if self.cur.arg_count == 0 {
            return false;
        }
        info.scope("__class__") == Some(Scope::Free)
    }

    /// Pushes `super`, the class and the instance; returns true for the
    /// two-argument form.
    fn load_args_for_super(&mut self, attr: &'a ast::ExprAttribute) -> CResult<bool> {
        let Expr::Call(sc) = attr.value.as_ref() else {
            return internal("super call expected");
        };
        let saved = self.cur.line;
        self.cur.line = self.line_of(sc.func.range());
        self.name_op("super", Ctx::Load, sc.func.range())?;
        self.cur.line = self.line_of(sc.range());
        let args = &sc.arguments.args;
        let two = args.len() == 2;
        if two {
            self.compile_expr(&args[0])?;
            self.compile_expr(&args[1])?;
        } else {
            self.name_op("__class__", Ctx::Load, sc.range())?;
            let Some(first) = self.cur.varnames.first().cloned() else {
                return internal("method without parameters");
            };
            self.name_op(&first, Ctx::Load, sc.range())?;
        }
        self.cur.line = saved;
        Ok(two)
    }

    // -----------------------------------------------------------------
    // f-strings

    fn compile_fstring(&mut self, f: &'a ast::ExprFString) -> CResult<()> {
        let mut b = FStringBuilder::default();
        for part in f.value.iter() {
            match part {
                FStringPart::Literal(s) => b.pending.push_str(&s.value),
                FStringPart::FString(fs) => self.fstring_elements(&mut b, &fs.elements)?,
            }
        }
        self.finish_fstring(b);
        Ok(())
    }

    fn fstring_elements(
        &mut self,
        b: &mut FStringBuilder,
        elements: &'a InterpolatedStringElements,
    ) -> CResult<()> {
        for el in elements.iter() {
            match el {
                InterpolatedStringElement::Literal(l) => b.pending.push_str(&l.value),
                InterpolatedStringElement::Interpolation(i) => {
                    if let Some(dbg) = &i.debug_text {
                        b.pending.push_str(dbg.as_str());
                    }
                    self.flush_literal(b);
                    self.compile_expr(&i.expression)?;
                    let mut flags = match i.conversion {
                        ConversionFlag::None => {
                            if i.debug_text.is_some() && i.format_spec.is_none() {
                                2
                            } else {
                                0
                            }
                        }
                        ConversionFlag::Str => 1,
                        ConversionFlag::Repr => 2,
                        ConversionFlag::Ascii => 3,
                    };
                    if let Some(spec) = &i.format_spec {
                        let mut sb = FStringBuilder::default();
                        self.fstring_elements(&mut sb, &spec.elements)?;
                        self.finish_fstring(sb);
                        flags |= 4;
                    }
                    self.emit(Opcode::FORMAT_VALUE, flags);
                    b.pieces += 1;
                }
            }
        }
        Ok(())
    }

    fn flush_literal(&mut self, b: &mut FStringBuilder) {
        if !b.pending.is_empty() {
            let s = std::mem::take(&mut b.pending);
            self.load_const(Constant::Str(s));
            b.pieces += 1;
        }
    }

    fn finish_fstring(&mut self, mut b: FStringBuilder) {
        self.flush_literal(&mut b);
        match b.pieces {
            0 => self.load_const(Constant::Str(String::new())),
            1 => {}
            n => self.emit(Opcode::BUILD_STRING, n),
        }
    }
}

#[derive(Default)]
struct FStringBuilder {
    pieces: u32,
    pending: String,
}

/// True when the module starts with `from __future__ import annotations`
/// (among its leading docstring and future imports).
pub(crate) fn has_future_annotations(body: &[Stmt]) -> bool {
    let body = match docstring_of(body) {
        Some(_) => &body[1..],
        None => body,
    };
    body.iter()
        .map_while(|s| match s {
            Stmt::ImportFrom(f)
                if f.module
                    .as_ref()
                    .is_some_and(|m| m.as_str() == "__future__") =>
            {
                Some(f)
            }
            _ => None,
        })
        .any(|f| f.names.iter().any(|a| a.name.as_str() == "annotations"))
}

/// True when a module or class body holds an annotated assignment, at any
/// depth of its compound statements other than `match` and nested
/// definitions (CPython's rule for creating `__annotations__`).
fn has_annotations(body: &[Stmt]) -> bool {
    body.iter().any(|s| match s {
        Stmt::AnnAssign(_) => true,
        Stmt::For(f) => has_annotations(&f.body) || has_annotations(&f.orelse),
        Stmt::While(w) => has_annotations(&w.body) || has_annotations(&w.orelse),
        Stmt::If(i) => {
            has_annotations(&i.body) || i.elif_else_clauses.iter().any(|c| has_annotations(&c.body))
        }
        Stmt::With(w) => has_annotations(&w.body),
        Stmt::Try(t) => {
            has_annotations(&t.body)
                || t.handlers.iter().any(|h| match h {
                    ast::ExceptHandler::ExceptHandler(h) => has_annotations(&h.body),
                })
                || has_annotations(&t.orelse)
                || has_annotations(&t.finalbody)
        }
        _ => false,
    })
}

/// The docstring of a body: a leading plain string-literal statement.
fn docstring_of(body: &[Stmt]) -> Option<(String, TextRange)> {
    if let Some(Stmt::Expr(e)) = body.first() {
        if let Expr::StringLiteral(s) = e.value.as_ref() {
            return Some((s.value.to_str().to_string(), e.range));
        }
    }
    None
}

/// How many operators deep `const_of` looks for a constant.
const CONST_FOLD_DEPTH: u32 = 32;

fn binary_operator(op: Operator) -> BinaryOperator {
    match op {
        Operator::Add => BinaryOperator::Add,
        Operator::Sub => BinaryOperator::Subtract,
        Operator::Mult => BinaryOperator::Multiply,
        Operator::MatMult => BinaryOperator::MatrixMultiply,
        Operator::Div => BinaryOperator::TrueDivide,
        Operator::Mod => BinaryOperator::Remainder,
        Operator::Pow => BinaryOperator::Power,
        Operator::LShift => BinaryOperator::LShift,
        Operator::RShift => BinaryOperator::RShift,
        Operator::BitOr => BinaryOperator::Or,
        Operator::BitXor => BinaryOperator::Xor,
        Operator::BitAnd => BinaryOperator::And,
        Operator::FloorDiv => BinaryOperator::FloorDivide,
    }
}

fn inplace_operator(op: Operator) -> BinaryOperator {
    match op {
        Operator::Add => BinaryOperator::InplaceAdd,
        Operator::Sub => BinaryOperator::InplaceSubtract,
        Operator::Mult => BinaryOperator::InplaceMultiply,
        Operator::MatMult => BinaryOperator::InplaceMatrixMultiply,
        Operator::Div => BinaryOperator::InplaceTrueDivide,
        Operator::Mod => BinaryOperator::InplaceRemainder,
        Operator::Pow => BinaryOperator::InplacePower,
        Operator::LShift => BinaryOperator::InplaceLShift,
        Operator::RShift => BinaryOperator::InplaceRShift,
        Operator::BitOr => BinaryOperator::InplaceOr,
        Operator::BitXor => BinaryOperator::InplaceXor,
        Operator::BitAnd => BinaryOperator::InplaceAnd,
        Operator::FloorDiv => BinaryOperator::InplaceFloorDivide,
    }
}

/// The values and targets of `t1, .., tn = v1, .., vn` with n of 2 or 3
/// and no starred item on either side: the assignment is compiled to the
/// values, one SWAP and the stores (the tuple is never built).
fn swap_assignment(a: &ast::StmtAssign) -> Option<(&[Expr], &[Expr])> {
    let [target] = a.targets.as_slice() else {
        return None;
    };
    let targets = match target {
        Expr::Tuple(t) => t.elts.as_slice(),
        Expr::List(l) => l.elts.as_slice(),
        _ => return None,
    };
    let Expr::Tuple(value) = &*a.value else {
        return None;
    };
    let values = value.elts.as_slice();
    let starred = |e: &Expr| matches!(e, Expr::Starred(_));
    let fits = matches!(values.len(), 2 | 3)
        && values.len() == targets.len()
        && !values.iter().any(starred)
        && !targets.iter().any(starred);
    fits.then_some((values, targets))
}
