//! `JUMP_BACKWARD` family: NO_INTERRUPT, for backward jumps whose loop
//! provably reaches a safepoint elsewhere on every iteration (the jump
//! right after a `RESUME`, as in the `yield from` loop), so the jump
//! itself can skip the check; NO_JIT for every other loop: it keeps the
//! safepoint poll and drops the adaptive counter, whose per-iteration
//! write would otherwise bounce the code's cache line between threads
//! running the same loop.

use super::{account, Attempt};
use weft_specializer::{CodeUnits, Opcode};

fn attempt(units: &CodeUnits, at: usize) -> Attempt {
    let prev = units.instructions().take_while(|(i, _, _)| *i < at).last();
    let prev_is_resume = matches!(prev, Some((_, op, _)) if op.deopt() == Opcode::RESUME);
    if prev_is_resume {
        Ok((Opcode::JUMP_BACKWARD_NO_INTERRUPT, Vec::new()))
    } else {
        Ok((Opcode::JUMP_BACKWARD_NO_JIT, Vec::new()))
    }
}

/// Accounts an execution; true when the interrupt check may be skipped.
#[inline(always)]
pub fn execute(units: &CodeUnits, op: Opcode, at: usize) -> bool {
    account(units, at, op, op != Opcode::JUMP_BACKWARD, || {
        attempt(units, at)
    });
    op == Opcode::JUMP_BACKWARD_NO_INTERRUPT
}
