//! The `sys.monitoring` event set: the event bits (CPython 3.12/3.13's
//! numbering), which events a code location can carry, the validation of
//! the sets a tool asks for (with CPython's error wording), and which
//! instrumented opcode delivers which events.

use weft_specializer::Opcode;

/// A set of events, one bit per event.
pub type EventSet = u32;

/// Event bits, numbered as CPython numbers them.
pub const PY_START: EventSet = 1 << 0;
pub const PY_RESUME: EventSet = 1 << 1;
pub const PY_RETURN: EventSet = 1 << 2;
pub const PY_YIELD: EventSet = 1 << 3;
pub const CALL: EventSet = 1 << 4;
pub const LINE: EventSet = 1 << 5;
pub const INSTRUCTION: EventSet = 1 << 6;
pub const JUMP: EventSet = 1 << 7;
pub const BRANCH: EventSet = 1 << 8;
pub const STOP_ITERATION: EventSet = 1 << 9;
pub const RAISE: EventSet = 1 << 10;
pub const EXCEPTION_HANDLED: EventSet = 1 << 11;
pub const PY_UNWIND: EventSet = 1 << 12;
pub const PY_THROW: EventSet = 1 << 13;
pub const RERAISE: EventSet = 1 << 14;
pub const C_RETURN: EventSet = 1 << 15;
pub const C_RAISE: EventSet = 1 << 16;
pub const NO_EVENTS: EventSet = 0;

/// Every event, by name, in bit order (the `sys.monitoring.events`
/// namespace).
pub const NAMED: [(&str, EventSet); 17] = [
    ("PY_START", PY_START),
    ("PY_RESUME", PY_RESUME),
    ("PY_RETURN", PY_RETURN),
    ("PY_YIELD", PY_YIELD),
    ("CALL", CALL),
    ("LINE", LINE),
    ("INSTRUCTION", INSTRUCTION),
    ("JUMP", JUMP),
    ("BRANCH", BRANCH),
    ("STOP_ITERATION", STOP_ITERATION),
    ("RAISE", RAISE),
    ("EXCEPTION_HANDLED", EXCEPTION_HANDLED),
    ("PY_UNWIND", PY_UNWIND),
    ("PY_THROW", PY_THROW),
    ("RERAISE", RERAISE),
    ("C_RETURN", C_RETURN),
    ("C_RAISE", C_RAISE),
];

/// All valid event bits.
pub const ALL_EVENTS: EventSet = (C_RAISE << 1) - 1;

/// The events a location of code carries (those a tool may set per code
/// object, and those delivered by instrumented opcodes): PY_START up to
/// STOP_ITERATION.
pub const LOCAL_EVENTS: EventSet = (STOP_ITERATION << 1) - 1;

/// The events that come with CALL and cannot be set without it.
pub const CALL_ANCILLARY: EventSet = C_RETURN | C_RAISE;

/// Why an event set was refused (the `ValueError` message is its
/// `Display`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventSetError {
    /// Bits that name no event.
    Invalid(EventSet),
    /// Bits that name events no code location carries.
    InvalidLocal(EventSet),
    /// C_RETURN or C_RAISE without CALL and each other.
    CallAncillaryAlone,
}

impl std::fmt::Display for EventSetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EventSetError::Invalid(set) => write!(f, "invalid event set 0x{set:x}"),
            EventSetError::InvalidLocal(set) => write!(f, "invalid local event set 0x{set:x}"),
            EventSetError::CallAncillaryAlone => {
                write!(f, "cannot set C_RETURN or C_RAISE events independently")
            }
        }
    }
}

/// C_RETURN and C_RAISE go with CALL, all three or none of the two; the
/// stored set keeps CALL only (the other two are implied by it).
fn fold_call_ancillary(set: EventSet) -> Result<EventSet, EventSetError> {
    if set & CALL_ANCILLARY != 0 && set & (CALL | CALL_ANCILLARY) != CALL | CALL_ANCILLARY {
        return Err(EventSetError::CallAncillaryAlone);
    }
    Ok(set & !CALL_ANCILLARY)
}

/// Validates a tool's global event set; the set as stored.
pub fn check_global(set: i64) -> Result<EventSet, EventSetError> {
    if set < 0 || set as u64 & !(ALL_EVENTS as u64) != 0 {
        return Err(EventSetError::Invalid(set as u32));
    }
    fold_call_ancillary(set as EventSet)
}

/// Validates a tool's event set for one code object; the set as stored.
pub fn check_local(set: i64) -> Result<EventSet, EventSetError> {
    if set < 0 || set as u64 & !((LOCAL_EVENTS | CALL_ANCILLARY) as u64) != 0 {
        return Err(EventSetError::InvalidLocal(set as u32));
    }
    fold_call_ancillary(set as EventSet)
}

/// The events an instruction's instrumented form delivers: its twin's for
/// an instruction that has one (a specialized variant counts as its
/// family's base), 0 for the rest (their events, if any, come from the
/// markers or from the eval loop's exception paths).
pub const fn twin_events(op: Opcode) -> EventSet {
    match op.deopt() {
        Opcode::RESUME => PY_START | PY_RESUME,
        Opcode::RETURN_VALUE => PY_RETURN,
        Opcode::YIELD_VALUE => PY_YIELD,
        Opcode::CALL | Opcode::CALL_KW | Opcode::CALL_FUNCTION_EX | Opcode::LOAD_SUPER_ATTR => CALL,
        Opcode::JUMP_BACKWARD | Opcode::JUMP_FORWARD => JUMP,
        Opcode::POP_JUMP_IF_FALSE
        | Opcode::POP_JUMP_IF_TRUE
        | Opcode::POP_JUMP_IF_NONE
        | Opcode::POP_JUMP_IF_NOT_NONE => BRANCH,
        Opcode::FOR_ITER => BRANCH | STOP_ITERATION,
        Opcode::END_SEND => STOP_ITERATION,
        _ => NO_EVENTS,
    }
}

/// True for the instructions that jump (their twins record the line they
/// jumped from, which decides whether the line marker they land on
/// raises LINE).
pub const fn is_jump(op: Opcode) -> bool {
    matches!(
        op.deopt(),
        Opcode::JUMP_FORWARD
            | Opcode::JUMP_BACKWARD
            | Opcode::POP_JUMP_IF_FALSE
            | Opcode::POP_JUMP_IF_TRUE
            | Opcode::POP_JUMP_IF_NONE
            | Opcode::POP_JUMP_IF_NOT_NONE
            | Opcode::FOR_ITER
    )
}

/// The units a jump instruction `op` at unit `index` with the (whole,
/// prefixes included) argument `arg` may go on at: where it jumps to, and
/// for a conditional jump the instruction after it. `None` for an
/// instruction that is not a jump.
pub fn jump_destinations(op: Opcode, index: usize, arg: u32) -> [Option<usize>; 2] {
    if !is_jump(op) {
        return [None, None];
    }
    let fallthrough = (!op.never_falls_through()).then(|| index + 1 + op.deopt().cache_units());
    [op.deopt().jump_target(index, arg), fallthrough]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The refusals and their wording, as CPython 3.13 gives them
    /// (`corpus/monitoring/api_errors.out`).
    #[test]
    fn event_sets_are_checked_as_cpython_checks_them() {
        let msg = |r: Result<EventSet, EventSetError>| r.map_err(|e| e.to_string());
        assert_eq!(
            msg(check_global(1 << 20)),
            Err("invalid event set 0x100000".into())
        );
        assert_eq!(
            msg(check_global(1 << 17)),
            Err("invalid event set 0x20000".into())
        );
        let alone = Err("cannot set C_RETURN or C_RAISE events independently".to_string());
        assert_eq!(msg(check_global(C_RETURN as i64)), alone);
        assert_eq!(msg(check_global((CALL | C_RAISE) as i64)), alone);
        assert_eq!(msg(check_global((LINE | C_RETURN | C_RAISE) as i64)), alone);
        assert_eq!(check_global((CALL | C_RETURN | C_RAISE) as i64), Ok(CALL));
        assert_eq!(check_global((LINE | CALL) as i64), Ok(48));
        for (event, shown) in [
            (RAISE, "0x400"),
            (EXCEPTION_HANDLED, "0x800"),
            (PY_UNWIND, "0x1000"),
            (PY_THROW, "0x2000"),
            (RERAISE, "0x4000"),
        ] {
            assert_eq!(
                msg(check_local(event as i64)),
                Err(format!("invalid local event set {shown}"))
            );
        }
        assert_eq!(
            msg(check_local(1 << 20)),
            Err("invalid local event set 0x100000".into())
        );
        assert_eq!(msg(check_local(C_RETURN as i64)), alone);
        assert_eq!(check_local((LINE | BRANCH) as i64), Ok(288));
    }

    /// Every instrumented twin delivers some local event, and every
    /// opcode with a twin is mapped.
    #[test]
    fn every_twin_delivers_local_events() {
        for op in Opcode::ALL.iter().copied() {
            let has_twin = op.instrumented().is_some();
            let events = twin_events(op);
            assert_eq!(has_twin, events != 0, "{}", op.name());
            assert_eq!(events & !LOCAL_EVENTS, 0, "{}", op.name());
        }
        assert_eq!(NAMED.iter().fold(0, |all, (_, bit)| all | bit), ALL_EVENTS);
    }
}
