//! Code objects: the compiler's output turned into immortal, shared,
//! executable form — quickened code units, constants as values, interned
//! names, line and exception tables.

use crate::compiler::output::{CodeFlags, CompiledCode, Constant, ExceptionTableEntry};
use crate::object::{Object, Payload};
use crate::strobj::{intern, new_str};
use crate::value::{ObjRef, Value};
use std::sync::OnceLock;
use weft_specializer::{CodeUnits, Opcode};

/// `CodeObject::line_starts` bits: the first instruction of a line in
/// code order, and a jump or handler target.
const LINE_START_IN_ORDER: u8 = 1;
const LINE_START_TARGET: u8 = 2;
/// With `LINE_START_IN_ORDER`: the first instruction of a frame, on the
/// line of its `RESUME`.
const LINE_START_AFTER_RESUME: u8 = 4;

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
    /// Its `sys.monitoring` state: local event sets, the monitoring
    /// version its units were instrumented for, `DISABLE`d locations.
    pub monitor: weft_instrumentation::CodeMonitor,
    /// The units where a LINE event can start (computed when first
    /// needed): see [`CodeObject::is_line_start`].
    line_starts: OnceLock<Box<[u8]>>,
    /// The one Python object that stands for this code (`f.__code__`,
    /// the first argument of monitoring callbacks).
    object: OnceLock<ObjRef>,
}

/// The instrumenter's view of the lines: the line starts, and which jumps
/// a LINE marker must be told about. A marker decides by
/// `starts_line_in_order` when the frame fell through to it, and by "from
/// another line" when a jump brought it; the jump must say so only where
/// the two answers differ: a jump within the line to an in-order start
/// (no event), or from another line to a start that is only a jump
/// target (an event).
impl weft_instrumentation::LineTable for CodeObject {
    fn is_line_start(&self, i: usize) -> bool {
        CodeObject::is_line_start(self, i)
    }

    fn jump_decides_line(&self, jump: usize, destination: usize) -> bool {
        let same_line = self.line_at(jump) == self.line_at(destination);
        same_line == self.starts_line_in_order(destination)
    }
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

    /// The Python code object for this code: always the same object.
    pub fn as_value(&'static self) -> Value {
        Value::Obj(
            self.object
                .get_or_init(|| {
                    ObjRef::new_immortal(Object::new(
                        crate::builtins::types::types().code,
                        Payload::Code(self),
                    ))
                })
                .clone(),
        )
    }

    /// True when unit `i` can start a line for LINE events: the first
    /// instruction of a line in code order, a jump target or an exception
    /// handler with a line (a prefixed instruction starts at its
    /// `EXTENDED_ARG`); never `RESUME` or an instruction without a line.
    pub fn is_line_start(&self, i: usize) -> bool {
        self.line_start_kind(i) != 0
    }

    /// True when unit `i` is the first instruction of a line in code
    /// order (reached by falling through, it starts a line; a jump target
    /// that is not starts one only when jumped to from another line).
    pub fn starts_line_in_order(&self, i: usize) -> bool {
        self.line_start_kind(i) & LINE_START_IN_ORDER != 0
    }

    /// True when unit `i` starts the frame's first line on the line of
    /// the frame's `RESUME` (a body on its `def`'s line): CPython 3.13
    /// raises LINE there only while that `RESUME` is instrumented (PY_START
    /// or PY_RESUME wanted), as its rule compares with the instruction
    /// before, and an uninstrumented `RESUME` is quickened away from the
    /// opcode the rule spares.
    pub fn starts_line_only_after_instrumented_resume(&self, i: usize) -> bool {
        self.line_start_kind(i) & LINE_START_AFTER_RESUME != 0
    }

    /// True when the frame-entry `RESUME` currently raises PY_START.
    pub fn resume_is_instrumented(&self) -> bool {
        let Some(at) = self
            .units
            .instructions_with_args()
            .find(|&(i, op, _)| op.deopt() == Opcode::RESUME && self.units.oparg(i) == 0)
            .map(|(i, _, _)| i)
        else {
            return false;
        };
        let op = self.units.opcode(at);
        let op = if op.is_marker() {
            self.units.displaced_by_marker(at).unwrap_or(op)
        } else {
            op
        };
        op == Opcode::INSTRUMENTED_RESUME
    }

    fn line_start_kind(&self, i: usize) -> u8 {
        self.line_starts
            .get_or_init(|| self.compute_line_starts())
            .get(i)
            .copied()
            .unwrap_or(0)
    }

    fn compute_line_starts(&self) -> Box<[u8]> {
        let n = self.units.len();
        let mut starts = vec![0u8; n];
        let mut previous_line = 0;
        let mut previous_never_falls_through = false;
        let mut prefix_start: Option<usize> = None;
        let mut resume_line = None;
        let mut targets = Vec::new();
        for (i, op, arg) in self.units.instructions_with_args() {
            let start = prefix_start.take().unwrap_or(i);
            if op == Opcode::EXTENDED_ARG {
                prefix_start = Some(start);
                continue;
            }
            let line = self.line_at(i);
            if op.deopt() == Opcode::RESUME {
                // A frame's start begins a line (marked as following its
                // RESUME when on the `def`'s own line); a resumption after
                // `yield` does not.
                if self.units.oparg(i) == 0 {
                    previous_line = 0;
                    resume_line = Some(line);
                }
                previous_never_falls_through = false;
                continue;
            }
            // An instruction only jumps can reach starts a line by their
            // lines alone.
            if line != 0 && line != previous_line && !previous_never_falls_through {
                starts[start] |= LINE_START_IN_ORDER;
                if resume_line == Some(line) {
                    starts[start] |= LINE_START_AFTER_RESUME;
                }
            }
            resume_line = None;
            // An instruction without a line ends the one before it: the
            // next with a line starts one, even the same (CPython 3.13).
            previous_line = line;
            previous_never_falls_through = op.never_falls_through();
            if let Some(t) = crate::compiler::jump_target(i, op, arg) {
                // A jump within its own line never starts one where it
                // lands (CPython raises no LINE for it).
                if t >= n || self.line_at(t) != line {
                    targets.push(t);
                }
            }
        }
        targets.extend(self.exception_table.iter().map(|e| e.target as usize));
        for t in targets {
            // A target inside a prefixed instruction lands on its prefix.
            if t < n && self.line_at(t) != 0 {
                starts[t] |= LINE_START_TARGET;
            }
        }
        starts.into_boxed_slice()
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
        Constant::Complex(re, im) => crate::builtins::complex::new_complex(*re, *im),
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
        Constant::Code(cc) => load_code(cc, specialize)?.as_value(),
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
        monitor: weft_instrumentation::CodeMonitor::new(),
        line_starts: OnceLock::new(),
        object: OnceLock::new(),
    };
    let code: &'static CodeObject = Box::leak(Box::new(code));
    crate::monitoring::register_code(code);
    Ok(code)
}
