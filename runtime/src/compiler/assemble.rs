//! The assembler: turns the code generator's instruction list (with
//! symbolic labels, pseudo jumps and zero-size handler-setup markers) into
//! code units, a line table, an exception table and the maximum stack depth.
//!
//! Steps, as in CPython's flowgraph/assembler:
//! 1. stack-depth flow analysis from the entry and from every handler
//!    (which also fixes each handler's unwind depth and finds dead code);
//! 2. dead code removal, then removal of no-op jumps and redundant `NOP`s;
//! 3. layout with `EXTENDED_ARG` prefixes, iterated to a fixpoint because
//!    prefixes on jumps change the distances they encode;
//! 4. emission of units, per-unit lines and exception-table ranges.

use weft_specializer::Opcode;

use super::output::ExceptionTableEntry;

/// Line of an artificial instruction before propagation (CPython's
/// `NO_LOCATION`); whatever stays unresolved becomes 0 ("no line").
pub(crate) const NO_LINE: u32 = u32::MAX;

/// A jump target, resolved by the assembler.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Label(pub(crate) u32);

/// An instruction or pseudo-instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Op {
    /// A real opcode (jumping opcodes carry a target label).
    Real(Opcode),
    /// Unconditional jump: becomes `JUMP_FORWARD` or `JUMP_BACKWARD`.
    Jump,
    /// Marks the position of a label (zero size).
    Label(Label),
    /// Starts the protected region of handler `n` (zero size); the stack
    /// depth here (plus the handler's adjustment) is its unwind depth.
    Setup(u32),
}

/// One entry of the code generator's output.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Instr {
    /// What it is.
    pub(crate) op: Op,
    /// Oparg (ignored for jumps, computed here).
    pub(crate) arg: u32,
    /// Jump target.
    pub(crate) target: Option<Label>,
    /// Source line (0: no line; [`NO_LINE`]: inherit, see `propagate_lines`).
    pub(crate) line: u32,
    /// Innermost exception handler covering this instruction.
    pub(crate) handler: Option<u32>,
}

/// An exception handler declared by the code generator.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Handler {
    /// Where the handler code starts.
    pub(crate) target: Label,
    /// Push the raising instruction's offset before the exception.
    pub(crate) lasti: bool,
    /// Added to the stack depth at the `Setup` marker to get the unwind depth.
    pub(crate) adjust: i32,
}

/// The assembler's result.
#[derive(Clone, Debug, Default)]
pub(crate) struct Assembled {
    pub(crate) units: Vec<(u8, u8)>,
    pub(crate) lines: Vec<u32>,
    pub(crate) exception_table: Vec<ExceptionTableEntry>,
    pub(crate) max_stack_depth: u32,
}

/// Net stack effect of an instruction when it falls through, and when it
/// jumps (for jumping instructions). `None` for an unknown oparg shape.
pub(crate) fn stack_effect(op: Opcode, arg: u32) -> (i32, Option<i32>) {
    use Opcode::*;
    let a = arg as i32;
    let base = op.deopt();
    let fall = match base {
        NOP | RESUME | EXTENDED_ARG | CACHE => 0,
        POP_TOP => -1,
        PUSH_NULL => 1,
        COPY => 1,
        SWAP => 0,
        LOAD_CONST | LOAD_FAST | LOAD_FAST_AND_CLEAR | LOAD_DEREF | LOAD_CLOSURE
        | LOAD_CLASSDEREF | LOAD_NAME => 1,
        STORE_FAST | STORE_DEREF | STORE_NAME | STORE_GLOBAL => -1,
        DELETE_FAST | DELETE_DEREF | DELETE_NAME | DELETE_GLOBAL => 0,
        DELETE_ATTR => -1,
        DELETE_SUBSCR => -2,
        UNARY_NEGATIVE | UNARY_POSITIVE | UNARY_NOT | UNARY_INVERT => 0,
        IS_OP | CONTAINS_OP | COMPARE_OP => -1,
        JUMP_FORWARD | JUMP_BACKWARD => 0,
        POP_JUMP_IF_FALSE | POP_JUMP_IF_TRUE | POP_JUMP_IF_NONE | POP_JUMP_IF_NOT_NONE => {
            return (-1, Some(-1))
        }
        RETURN_VALUE => -1,
        YIELD_VALUE => 0,
        BUILD_TUPLE | BUILD_LIST | BUILD_SET | BUILD_STRING | BUILD_SLICE => 1 - a,
        BUILD_MAP => 1 - 2 * a,
        LIST_APPEND | SET_ADD => -1,
        MAP_ADD => -2,
        LIST_EXTEND | SET_UPDATE | DICT_UPDATE | DICT_MERGE => -1,
        LIST_TO_TUPLE => 0,
        UNPACK_SEQUENCE => a - 1,
        UNPACK_EX => (a & 0xff) + (a >> 8),
        MAKE_FUNCTION => -((arg & 0b1111).count_ones() as i32),
        LOAD_BUILD_CLASS | LOAD_ASSERTION_ERROR => 1,
        RAISE_VARARGS => -a,
        RERAISE => -1,
        PUSH_EXC_INFO => 1,
        POP_EXCEPT => -1,
        CHECK_EXC_MATCH => 0,
        CHECK_EG_MATCH => 0,
        PREP_RERAISE_STAR => -1,
        BEFORE_WITH => 1,
        WITH_EXCEPT_START => 1,
        GET_YIELD_FROM_ITER => 0,
        GET_AWAITABLE | GET_AITER | ASYNC_GEN_WRAP => 0,
        GET_ANEXT | BEFORE_ASYNC_WITH => 1,
        END_ASYNC_FOR => -2,
        END_SEND => -1,
        CLEANUP_THROW => -1,
        IMPORT_NAME => -1,
        IMPORT_FROM => 1,
        GET_LEN | MATCH_SEQUENCE | MATCH_MAPPING | MATCH_KEYS => 1,
        MATCH_CLASS => -2,
        FORMAT_VALUE if arg & 4 != 0 => -1,
        FORMAT_VALUE => 0,
        LOAD_ATTR => a & 1,
        LOAD_GLOBAL => 1 + (a & 1),
        BINARY_OP => -1,
        CALL => -1 - a,
        CALL_KW => -2 - a,
        CALL_FUNCTION_EX => -2 - (a & 1),
        FOR_ITER => return (1, Some(-1)),
        GET_ITER => 0,
        STORE_ATTR => -2,
        STORE_SUBSCR => -3,
        TO_BOOL => 0,
        SEND => return (0, Some(0)),
        LOAD_SUPER_ATTR => -2 + (a & 1),
        _ => 0,
    };
    (fall, None)
}

/// Values an instruction reads from the value stack: its operands, and
/// the values below them that it reaches (LIST_APPEND's list, DICT_MERGE's
/// callable). The dispatch loop pops and peeks without checking the depth
/// on the strength of this table: `compiler::verify_stack_depths` proves,
/// for each code object it loads, that every instruction finds this many
/// values wherever it runs. An opcode the table does not know, or an
/// oparg that reaches no value (`COPY 0`), reads `u32::MAX` values, which
/// no code can verify: a new instruction is refused until its inputs are
/// declared here.
pub(crate) fn stack_inputs(op: Opcode, arg: u32) -> u32 {
    use Opcode::*;
    // The value `arg` places down, and `above` more values popped first.
    let reaches = |above: u32| match arg {
        0 => u32::MAX,
        _ => arg.saturating_add(above),
    };
    match op.deopt() {
        NOP | RESUME | EXTENDED_ARG | CACHE | PUSH_NULL | JUMP_FORWARD | JUMP_BACKWARD => 0,
        SETUP_ANNOTATIONS => 0,
        LOAD_CONST | LOAD_FAST | LOAD_FAST_AND_CLEAR | LOAD_DEREF | LOAD_CLOSURE
        | LOAD_CLASSDEREF | LOAD_NAME | LOAD_GLOBAL | LOAD_BUILD_CLASS | LOAD_ASSERTION_ERROR => 0,
        DELETE_FAST | DELETE_DEREF | DELETE_NAME | DELETE_GLOBAL => 0,
        COPY | SWAP => reaches(0),
        POP_TOP | STORE_FAST | STORE_DEREF | STORE_NAME | STORE_GLOBAL | DELETE_ATTR => 1,
        UNARY_NEGATIVE | UNARY_POSITIVE | UNARY_NOT | UNARY_INVERT | TO_BOOL => 1,
        POP_JUMP_IF_FALSE | POP_JUMP_IF_TRUE | POP_JUMP_IF_NONE | POP_JUMP_IF_NOT_NONE => 1,
        RETURN_VALUE | YIELD_VALUE | LIST_TO_TUPLE | UNPACK_SEQUENCE | UNPACK_EX => 1,
        GET_ITER | FOR_ITER | GET_YIELD_FROM_ITER | LOAD_ATTR | IMPORT_FROM => 1,
        GET_AWAITABLE | GET_AITER | GET_ANEXT | BEFORE_ASYNC_WITH | ASYNC_GEN_WRAP => 1,
        END_ASYNC_FOR => 2,
        PUSH_EXC_INFO | POP_EXCEPT | BEFORE_WITH => 1,
        GET_LEN | MATCH_SEQUENCE | MATCH_MAPPING => 1,
        MATCH_KEYS => 2,
        MATCH_CLASS => 3,
        DELETE_SUBSCR | IS_OP | CONTAINS_OP | COMPARE_OP | BINARY_OP | STORE_ATTR => 2,
        CHECK_EXC_MATCH | END_SEND | SEND | IMPORT_NAME => 2,
        CHECK_EG_MATCH | PREP_RERAISE_STAR => 2,
        STORE_SUBSCR | CLEANUP_THROW | LOAD_SUPER_ATTR => 3,
        // exit_func lasti prev_exc exc
        WITH_EXCEPT_START => 4,
        BUILD_TUPLE | BUILD_LIST | BUILD_SET | BUILD_STRING | BUILD_SLICE | RAISE_VARARGS => arg,
        BUILD_MAP => arg.saturating_mul(2),
        // The container `arg` down once the operand is popped.
        LIST_APPEND | SET_ADD | LIST_EXTEND | SET_UPDATE | DICT_UPDATE => reaches(1),
        MAP_ADD => reaches(2),
        // The callable, three below the dict (`callable null args dict`).
        DICT_MERGE => reaches(4),
        // The exception, and with an oparg the `lasti` that far down.
        RERAISE => 1 + arg,
        FORMAT_VALUE => 1 + u32::from(arg & 4 != 0),
        MAKE_FUNCTION => 1 + (arg & 0b1111).count_ones(),
        // callable self_or_null args... [kwnames] [kwargs]
        CALL => arg.saturating_add(2),
        CALL_KW => arg.saturating_add(3),
        CALL_FUNCTION_EX => 3 + (arg & 1),
        _ => u32::MAX,
    }
}

/// A flow analysis's step onto an instruction at stack depth `d`: records
/// the depth on the first visit (false: go on), and is true when the
/// instruction was reached before at the same depth (the path ends there);
/// another depth is an error naming `place`. The assembler's analysis and
/// the load-time verification (`compiler::verify_stack_depths`) share it.
pub(crate) fn reached_before<T: Copy + PartialEq + std::fmt::Display>(
    seen: &mut Option<T>,
    d: T,
    place: impl FnOnce() -> String,
) -> Result<bool, String> {
    match *seen {
        Some(old) if old == d => Ok(true),
        Some(old) => Err(format!(
            "inconsistent stack depth at {}: {old} vs {d}",
            place()
        )),
        None => {
            *seen = Some(d);
            Ok(false)
        }
    }
}

/// True for opcodes whose oparg is a jump distance to a label.
pub(crate) fn has_target(op: Opcode) -> bool {
    use Opcode::*;
    matches!(
        op,
        JUMP_FORWARD
            | JUMP_BACKWARD
            | POP_JUMP_IF_FALSE
            | POP_JUMP_IF_TRUE
            | POP_JUMP_IF_NONE
            | POP_JUMP_IF_NOT_NONE
            | FOR_ITER
            | SEND
    )
}

/// True for an instruction after which control never falls through (a
/// return or a raise).
pub(crate) fn is_terminal(op: Opcode) -> bool {
    matches!(
        op,
        Opcode::RETURN_VALUE | Opcode::RAISE_VARARGS | Opcode::RERAISE
    )
}

fn ext_count(arg: u32) -> usize {
    match arg {
        0..=0xff => 0,
        0x100..=0xffff => 1,
        0x1_0000..=0xff_ffff => 2,
        _ => 3,
    }
}

/// CPython's `inline_small_exit_blocks`: an unconditional jump to a short
/// sequence (at most 4 instructions) ending in `RETURN_VALUE`, `RAISE_VARARGS`
/// or `RERAISE` is replaced by a copy of that sequence.
fn inline_small_exit_blocks(instrs: &[Instr], num_labels: usize) -> Vec<Instr> {
    let mut label_pos: Vec<Option<usize>> = vec![None; num_labels];
    for (i, ins) in instrs.iter().enumerate() {
        if let Op::Label(l) = ins.op {
            if let Some(slot) = label_pos.get_mut(l.0 as usize) {
                *slot = Some(i);
            }
        }
    }
    let exit_block = |start: usize| -> Option<Vec<Instr>> {
        let mut out = Vec::new();
        for ins in instrs.iter().skip(start) {
            match ins.op {
                Op::Label(_) if out.is_empty() => continue,
                Op::Real(op) if !has_target(op) => {
                    out.push(*ins);
                    if is_terminal(op) {
                        return Some(out);
                    }
                    if out.len() >= 4 {
                        return None;
                    }
                }
                _ => return None,
            }
        }
        None
    };
    let mut out = Vec::with_capacity(instrs.len());
    for ins in instrs {
        if ins.op == Op::Jump {
            let block = ins
                .target
                .and_then(|t| label_pos.get(t.0 as usize).copied().flatten())
                .and_then(exit_block);
            if let Some(block) = block {
                out.extend(block);
                continue;
            }
        }
        out.push(*ins);
    }
    out
}

/// Assembles one code object's instructions.
pub(crate) fn assemble(
    instrs: &[Instr],
    handlers: &[Handler],
    num_labels: usize,
) -> Result<Assembled, String> {
    let inlined = inline_small_exit_blocks(instrs, num_labels);
    let instrs = &inlined[..];
    // Label positions.
    let mut label_pos: Vec<Option<usize>> = vec![None; num_labels];
    for (i, ins) in instrs.iter().enumerate() {
        if let Op::Label(l) = ins.op {
            let slot = label_pos
                .get_mut(l.0 as usize)
                .ok_or_else(|| format!("label {} out of range", l.0))?;
            if slot.is_some() {
                return Err(format!("label {} placed twice", l.0));
            }
            *slot = Some(i);
        }
    }
    let target_index = |l: Label| -> Result<usize, String> {
        label_pos
            .get(l.0 as usize)
            .copied()
            .flatten()
            .ok_or_else(|| format!("label {} never placed", l.0))
    };

    // 1. Flow analysis.
    let mut depth: Vec<Option<i32>> = vec![None; instrs.len()];
    let mut handler_depth: Vec<Option<i32>> = vec![None; handlers.len()];
    let mut max_depth: i32 = 0;
    let mut work: Vec<(usize, i32)> = vec![(0, 0)];
    while let Some((start, d0)) = work.pop() {
        let mut i = start;
        let mut d = d0;
        loop {
            let Some(ins) = instrs.get(i) else {
                return Err("control flow falls off the end of the code".into());
            };
            if reached_before(&mut depth[i], d, || format!("instruction {i}"))? {
                break;
            }
            max_depth = max_depth.max(d);
            match ins.op {
                Op::Label(_) => {}
                Op::Setup(h) => {
                    let handler = handlers
                        .get(h as usize)
                        .ok_or_else(|| format!("handler {h} out of range"))?;
                    let hd = d + handler.adjust;
                    if hd < 0 {
                        return Err(format!("negative handler depth for handler {h}"));
                    }
                    match handler_depth[h as usize] {
                        Some(old) if old != hd => {
                            return Err(format!("inconsistent depth for handler {h}"))
                        }
                        _ => handler_depth[h as usize] = Some(hd),
                    }
                    let entry = hd + i32::from(handler.lasti) + 1;
                    max_depth = max_depth.max(entry);
                    work.push((target_index(handler.target)?, entry));
                }
                Op::Jump => {
                    let t = ins.target.ok_or("jump without target")?;
                    work.push((target_index(t)?, d));
                    break;
                }
                Op::Real(op) => {
                    let (fall, jump) = stack_effect(op, ins.arg);
                    if let Some(j) = jump {
                        let t = ins.target.ok_or("jump without target")?;
                        let td = d + j;
                        if td < 0 {
                            return Err(format!("stack underflow at jump {i}"));
                        }
                        work.push((target_index(t)?, td));
                    }
                    d += fall;
                    if d < 0 {
                        return Err(format!(
                            "stack underflow at instruction {i} ({})",
                            op.name()
                        ));
                    }
                    max_depth = max_depth.max(d);
                    if is_terminal(op) {
                        break;
                    }
                }
            }
            i += 1;
        }
    }

    // 2. Keep reachable instructions, give artificial ones the line CPython
    //    would give them, then drop Setup markers and redundant NOPs.
    let mut kept: Vec<Instr> = instrs
        .iter()
        .enumerate()
        .filter(|(i, _)| depth[*i].is_some())
        .map(|(_, ins)| *ins)
        .collect();
    propagate_lines(&mut kept, handlers);
    kept.retain(|ins| !matches!(ins.op, Op::Setup(_)));
    remove_noop_jumps_and_nops(&mut kept);

    // 3. Layout.
    let n = kept.len();
    let mut ext: Vec<usize> = vec![0; n];
    let mut args: Vec<u32> = vec![0; n];
    let mut ops: Vec<Option<Opcode>> = vec![None; n];
    for (i, ins) in kept.iter().enumerate() {
        if let Op::Real(op) = ins.op {
            ops[i] = Some(op);
            args[i] = ins.arg;
            if !has_target(op) {
                ext[i] = ext_count(ins.arg);
            }
        }
    }
    let mut kept_label_pos: Vec<Option<usize>> = vec![None; num_labels];
    for (i, ins) in kept.iter().enumerate() {
        if let Op::Label(l) = ins.op {
            kept_label_pos[l.0 as usize] = Some(i);
        }
    }
    // Jump direction is fixed by the order of instructions.
    for (i, ins) in kept.iter().enumerate() {
        if ins.op == Op::Jump {
            let t = ins.target.ok_or("jump without target")?;
            let tpos = kept_label_pos
                .get(t.0 as usize)
                .copied()
                .flatten()
                .ok_or_else(|| format!("jump target {} was removed", t.0))?;
            ops[i] = Some(if tpos <= i {
                Opcode::JUMP_BACKWARD
            } else {
                Opcode::JUMP_FORWARD
            });
        }
    }
    let mut offsets: Vec<usize> = vec![0; n + 1];
    let mut label_offset: Vec<usize> = vec![0; num_labels];
    for _round in 0..64 {
        // Offsets.
        let mut off = 0usize;
        for i in 0..n {
            offsets[i] = off;
            if let Some(op) = ops[i] {
                off += ext[i] + 1 + op.cache_units();
            }
        }
        offsets[n] = off;
        for (l, pos) in kept_label_pos.iter().enumerate() {
            if let Some(p) = pos {
                label_offset[l] = offsets[*p];
            }
        }
        // Jump args.
        let mut changed = false;
        for i in 0..n {
            let ins = &kept[i];
            let is_jump = match ins.op {
                Op::Jump => true,
                Op::Real(op) => has_target(op),
                _ => false,
            };
            if !is_jump {
                continue;
            }
            let t = ins.target.ok_or("jump without target")?;
            let tpos = kept_label_pos
                .get(t.0 as usize)
                .copied()
                .flatten()
                .ok_or_else(|| format!("jump target {} was removed", t.0))?;
            let op = ops[i].ok_or("jump without opcode")?;
            let after = offsets[i] + ext[i] + 1 + op.cache_units();
            let target = label_offset[t.0 as usize];
            let backward = tpos <= i;
            if backward && op != Opcode::JUMP_BACKWARD {
                return Err(format!("backward conditional jump ({})", op.name()));
            }
            let dist = if backward {
                after.checked_sub(target)
            } else {
                target.checked_sub(after)
            };
            let dist = dist.ok_or("jump distance underflow")?;
            let dist = u32::try_from(dist).map_err(|_| "jump too far")?;
            args[i] = dist;
            let e = ext_count(dist).max(ext[i]);
            if e != ext[i] {
                ext[i] = e;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }

    // 4. Emission.
    let mut out = Assembled {
        max_stack_depth: u32::try_from(max_depth).unwrap_or(u32::MAX),
        ..Assembled::default()
    };
    for i in 0..n {
        let Some(op) = ops[i] else { continue };
        let arg = args[i];
        let line = kept[i].line;
        for k in (1..=ext[i]).rev() {
            out.units
                .push((Opcode::EXTENDED_ARG as u8, ((arg >> (8 * k)) & 0xff) as u8));
            out.lines.push(line);
        }
        out.units.push((op as u8, (arg & 0xff) as u8));
        out.lines.push(line);
        for _ in 0..op.cache_units() {
            out.units.push((0, 0));
            out.lines.push(line);
        }
    }

    // Exception table.
    let mut table: Vec<ExceptionTableEntry> = Vec::new();
    for i in 0..n {
        if ops[i].is_none() {
            continue;
        }
        let Some(h) = kept[i].handler else { continue };
        let handler = handlers
            .get(h as usize)
            .ok_or_else(|| format!("handler {h} out of range"))?;
        let hd = handler_depth[h as usize]
            .ok_or_else(|| format!("handler {h} covers reachable code but is never set up"))?;
        let tpos = kept_label_pos
            .get(handler.target.0 as usize)
            .copied()
            .flatten()
            .ok_or("handler target removed")?;
        let target = u32::try_from(offsets[tpos]).map_err(|_| "code too large")?;
        let start = u32::try_from(offsets[i]).map_err(|_| "code too large")?;
        let end = u32::try_from(offsets[i + 1]).map_err(|_| "code too large")?;
        let depth = u32::try_from(hd).map_err(|_| "bad depth")?;
        if let Some(last) = table.last_mut() {
            if last.end == start
                && last.target == target
                && last.depth == depth
                && last.lasti == handler.lasti
            {
                last.end = end;
                continue;
            }
        }
        table.push(ExceptionTableEntry {
            start,
            end,
            target,
            depth,
            lasti: handler.lasti,
        });
    }
    out.exception_table = table;
    Ok(out)
}

/// CPython's `propagate_line_numbers`: within a basic block an instruction
/// without a line inherits the previous one's; the first instruction of a
/// block with exactly one predecessor inherits the line its predecessor
/// ends with. Lines still unknown afterwards become 0 (no line).
fn propagate_lines(instrs: &mut [Instr], handlers: &[Handler]) {
    let n = instrs.len();
    if n == 0 {
        return;
    }
    let is_jump = |ins: &Instr| match ins.op {
        Op::Jump => true,
        Op::Real(op) => has_target(op),
        _ => false,
    };
    let ends_block = |ins: &Instr| match ins.op {
        Op::Jump => true,
        Op::Real(op) => has_target(op) || is_terminal(op),
        _ => false,
    };
    let falls_through = |ins: &Instr| match ins.op {
        Op::Jump => false,
        Op::Real(op) => !is_terminal(op),
        _ => true,
    };
    // Block starts: index 0, every label, every instruction after a jump/terminal.
    let mut block_of = vec![0usize; n];
    let mut starts: Vec<usize> = vec![0];
    let mut has_real = false;
    for i in 0..n {
        let is_real = matches!(instrs[i].op, Op::Real(_) | Op::Jump);
        let new_block = i > 0
            && ((matches!(instrs[i].op, Op::Label(_)) && has_real) || ends_block(&instrs[i - 1]));
        if new_block {
            starts.push(i);
            has_real = false;
        }
        has_real |= is_real;
        block_of[i] = starts.len() - 1;
    }
    let nblocks = starts.len();
    let block_end = |b: usize| if b + 1 < nblocks { starts[b + 1] } else { n };
    let mut label_block: std::collections::HashMap<Label, usize> = std::collections::HashMap::new();
    for (i, ins) in instrs.iter().enumerate() {
        if let Op::Label(l) = ins.op {
            label_block.insert(l, block_of[i]);
        }
    }
    // Predecessor counts.
    let mut preds = vec![0u32; nblocks];
    preds[0] = 1;
    for b in 0..nblocks {
        let (s, e) = (starts[b], block_end(b));
        let last = (s..e)
            .rev()
            .find(|&i| matches!(instrs[i].op, Op::Real(_) | Op::Jump));
        if b + 1 < nblocks && last.is_none_or(|i| falls_through(&instrs[i])) {
            preds[b + 1] += 1;
        }
        for ins in &instrs[s..e] {
            let target = match ins.op {
                Op::Setup(h) => handlers.get(h as usize).map(|h| h.target),
                _ if is_jump(ins) => ins.target,
                _ => None,
            };
            if let Some(t) = target.and_then(|t| label_block.get(&t)) {
                preds[*t] += 1;
            }
        }
    }
    let first_real = |v: &[Instr], b: usize| -> Option<usize> {
        (starts[b]..block_end(b)).find(|&i| matches!(v[i].op, Op::Real(_) | Op::Jump))
    };
    for b in 0..nblocks {
        let (s, e) = (starts[b], block_end(b));
        let mut prev = NO_LINE;
        let mut last_real = None;
        for (i, ins) in instrs.iter_mut().enumerate().take(e).skip(s) {
            if !matches!(ins.op, Op::Real(_) | Op::Jump) {
                continue;
            }
            if ins.line == NO_LINE {
                ins.line = prev;
            } else {
                prev = ins.line;
            }
            last_real = Some(i);
        }
        let Some(last) = last_real else { continue };
        if falls_through(&instrs[last]) && b + 1 < nblocks && preds[b + 1] == 1 {
            if let Some(f) = first_real(instrs, b + 1) {
                if instrs[f].line == NO_LINE {
                    instrs[f].line = prev;
                }
            }
        }
        if is_jump(&instrs[last]) {
            if let Some(&tb) = instrs[last].target.and_then(|t| label_block.get(&t)) {
                if preds[tb] == 1 {
                    if let Some(f) = first_real(instrs, tb) {
                        if instrs[f].line == NO_LINE {
                            instrs[f].line = prev;
                        }
                    }
                }
            }
        }
    }
    for ins in instrs.iter_mut() {
        if ins.line == NO_LINE {
            ins.line = 0;
        }
    }
}

/// Drops jumps to the very next instruction and `NOP`s that carry no line
/// information of their own (CPython's `remove_redundant_nops`).
fn remove_noop_jumps_and_nops(instrs: &mut Vec<Instr>) {
    let next_real = |v: &[Instr], i: usize| -> Option<usize> {
        (i + 1..v.len()).find(|&j| matches!(v[j].op, Op::Real(_) | Op::Jump))
    };
    // Jumps to the next real instruction.
    let mut i = 0;
    while i < instrs.len() {
        if instrs[i].op == Op::Jump {
            let target = instrs[i].target;
            let mut j = i + 1;
            let mut lands_next = false;
            while j < instrs.len() {
                match instrs[j].op {
                    Op::Label(l) => {
                        if Some(l) == target {
                            lands_next = true;
                            break;
                        }
                    }
                    Op::Setup(_) => {}
                    _ => break,
                }
                j += 1;
            }
            if lands_next {
                instrs[i].op = Op::Real(Opcode::NOP);
                instrs[i].target = None;
                instrs[i].arg = 0;
            }
        }
        i += 1;
    }
    // Redundant NOPs.
    let mut out: Vec<Instr> = Vec::with_capacity(instrs.len());
    for i in 0..instrs.len() {
        let ins = instrs[i];
        if ins.op == Op::Real(Opcode::NOP) {
            let line = ins.line;
            let prev_same = out
                .last()
                .is_some_and(|p| matches!(p.op, Op::Real(_) | Op::Jump) && p.line == line);
            let next_same = next_real(instrs, i).is_some_and(|j| instrs[j].line == line);
            if line == 0 || prev_same || next_same {
                continue;
            }
        }
        out.push(ins);
    }
    *instrs = out;
}
