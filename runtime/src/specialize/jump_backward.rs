//! `JUMP_BACKWARD` family: NO_INTERRUPT, for backward jumps whose loop
//! provably checks for interrupts elsewhere on every iteration (the jump
//! right after a `RESUME`, as in the `yield from` loop), so the jump
//! itself can skip the check.

use super::{account, Attempt};
use weft_specializer::{CodeUnits, Opcode};

fn attempt(units: &CodeUnits, at: usize) -> Attempt {
    let prev = units.instructions().take_while(|(i, _, _)| *i < at).last();
    let prev_is_resume = matches!(prev, Some((_, op, _)) if op.deopt() == Opcode::RESUME);
    if prev_is_resume {
        Ok((Opcode::JUMP_BACKWARD_NO_INTERRUPT, Vec::new()))
    } else {
        Err("loop has no other interrupt check")
    }
}

/// Accounts an execution; true when the interrupt check may be skipped.
#[inline(always)]
pub fn execute(units: &CodeUnits, op: Opcode, at: usize) -> bool {
    let skip = op == Opcode::JUMP_BACKWARD_NO_INTERRUPT;
    account(units, at, op, skip, || attempt(units, at));
    skip
}
