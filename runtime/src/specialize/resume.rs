//! `RESUME` family: RESUME_CHECK, the form a warmed-up code object runs
//! (the interrupt check only; the generic form is where monitoring-version
//! checks will live).

use super::{account, tag, Attempt};
use weft_specializer::{CodeUnits, Opcode};

fn attempt() -> Attempt {
    Ok((Opcode::RESUME_CHECK, vec![tag(Opcode::RESUME_CHECK)]))
}

/// Accounts an execution of a family member.
#[inline(always)]
pub fn execute(units: &CodeUnits, op: Opcode, at: usize) {
    account(units, at, op, op == Opcode::RESUME_CHECK, attempt);
}
