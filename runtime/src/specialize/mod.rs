//! The specialization policy: which variant of a family fits the operands
//! an adaptive instruction sees, the guards each variant checks, and the
//! counter protocol that decides when to try (one module per family).
//!
//! Protocol (the substrate's `CodeUnits` does the atomic work):
//! * an adaptive instruction ticks its backoff counter; when it triggers,
//!   the family's `attempt` inspects the operands and either writes the
//!   payload words and compare-exchanges base → variant (success:
//!   cooldown), or restarts the counter at the next backoff level;
//! * a specialized instruction checks its guards; on a miss it runs the
//!   generic path, ticking the same counter; when the counter triggers it
//!   compare-exchanges variant → base and attempts again.
//!
//! No cache is ever cleared to invalidate it: guards compare version
//! tags (type versions, dict keys versions, function versions).

pub mod binary_op;
pub mod call;
pub mod call_function_ex;
pub mod call_kw;
pub mod compare_op;
pub mod contains_op;
pub mod for_iter;
pub mod get_iter;
pub mod jump_backward;
pub mod load_attr;
pub mod load_global;
pub mod load_super_attr;
pub mod resume;
pub mod send;
pub mod stats;
pub mod store_attr;
pub mod store_subscr;
pub mod to_bool;
pub mod unpack_sequence;

use crate::object::Object;
use crate::value::{ObjRef, Value};
use weft_specializer::{CodeUnits, Opcode, Rewrite};

/// A specialization decision: the variant and its payload words (the
/// first is the guard word and is never 0), or the reason it failed.
pub type Attempt = Result<(Opcode, Vec<u64>), &'static str>;

/// Ticks the counter of the instruction at `at`; true when a
/// specialization attempt is due now.
#[inline(always)]
pub fn tick(units: &CodeUnits, at: usize) -> bool {
    let c = units.counter(at);
    if c.triggers() {
        return true;
    }
    let n = c.advance();
    if n != c {
        units.set_counter(at, n);
    }
    false
}

/// Applies an attempt's outcome at `at`, whose slot currently holds `current`.
pub fn apply(units: &CodeUnits, at: usize, current: Opcode, attempt: Attempt) {
    let family = current.family();
    let r = match &attempt {
        Ok((variant, words)) => units.rewrite(at, current, Some((*variant, words))),
        Err(_) => units.rewrite(at, current, None),
    };
    if current.is_specialized() && r == Rewrite::Done {
        stats::record(family, stats::Event::Deopt);
    }
    match (attempt, r) {
        (Ok(_), Rewrite::Done) => stats::record(family, stats::Event::Success),
        (Ok(_), Rewrite::Lost(_)) => stats::record(family, stats::Event::Failure("lost race")),
        (Err(reason), _) => stats::record(family, stats::Event::Failure(reason)),
    }
}

/// The common adaptive step: tick, and when due run `attempt` and apply it.
#[inline(always)]
pub fn adapt(units: &CodeUnits, at: usize, current: Opcode, attempt: impl FnOnce() -> Attempt) {
    if tick(units, at) {
        attempt_now(units, at, current, attempt);
    }
}

/// The rare part of `adapt`, kept out of the eval loop's hot code.
#[cold]
#[inline(never)]
fn attempt_now(units: &CodeUnits, at: usize, current: Opcode, attempt: impl FnOnce() -> Attempt) {
    stats::record(current.family(), stats::Event::Attempt);
    apply(units, at, current, attempt());
}

/// A specialized instruction's guard failed: count it and adapt.
#[inline(never)]
pub fn miss(units: &CodeUnits, at: usize, current: Opcode, attempt: impl FnOnce() -> Attempt) {
    stats::record(current.family(), stats::Event::Miss);
    adapt(units, at, current, attempt);
}

/// Packs a guard word: the variant's opcode byte (so a thread executing
/// one variant never acts on another variant's payload), a 32-bit version
/// and a 24-bit payload. None when they do not fit (or version is 0).
#[inline(always)]
pub fn pack(variant: Opcode, version: u32, payload: usize) -> Option<u64> {
    if version == 0 || payload >= 1 << 24 {
        return None;
    }
    Some(((version as u64) << 32) | ((payload as u64) << 8) | variant as u8 as u64)
}

/// The guard word of the instruction at `at` if it was published for `op`.
#[inline(always)]
pub fn guard_for(units: &CodeUnits, at: usize, op: Opcode) -> Option<u64> {
    let w = units.guard_word(at);
    (w & 0xff == op as u8 as u64 && w != 0).then_some(w)
}

/// The version half of a guard word.
#[inline(always)]
pub fn version_of(word: u64) -> u32 {
    (word >> 32) as u32
}

/// The payload of a guard word.
#[inline(always)]
pub fn payload_of(word: u64) -> usize {
    ((word >> 8) & 0xff_ffff) as usize
}

/// Encodes a value a cache may hold without owning it: an immortal object
/// (its address; never freed), `None`, a bool or an int of at most 60 bits.
/// None for anything else (the instruction then reads the value's home).
pub fn encode_unowned(v: &Value) -> Option<u64> {
    Some(match v {
        Value::Obj(o) if o.is_immortal() => &**o as *const Object as u64,
        Value::None => 0b010,
        Value::Bool(false) => 0b011,
        Value::Bool(true) => 0b100,
        Value::Int(i) if (-(1i64 << 60)..(1i64 << 60)).contains(i) => ((*i as u64) << 3) | 0b001,
        _ => return None,
    })
}

/// Decodes a nonzero word made by [`encode_unowned`].
#[inline(always)]
pub fn decode_unowned(word: u64) -> Value {
    match word & 0b111 {
        0b000 => {
            // SAFETY: a tag of 0 means `encode_unowned` stored the address
            // of an immortal object (objects are at least 8-aligned, so the
            // low bits of an address are 0): never freed, so the reference
            // is valid for as long as the program runs.
            Value::Obj(ObjRef::from_object(unsafe { &*(word as *const Object) }))
        }
        0b001 => Value::Int((word as i64) >> 3),
        0b010 => Value::None,
        0b011 => Value::Bool(false),
        _ => Value::Bool(true),
    }
}

/// A guard word for variants guarded by identity only (no version).
#[inline(always)]
pub fn tag(variant: Opcode) -> u64 {
    (1u64 << 32) | variant as u8 as u64
}

/// Counts an execution of any family member: a hit when `hit` (the
/// variant's guard held), else a miss (variant) or a generic run (base),
/// adapting the slot as needed.
#[inline(always)]
pub fn account(
    units: &CodeUnits,
    at: usize,
    op: Opcode,
    hit: bool,
    attempt: impl FnOnce() -> Attempt,
) {
    if hit {
        stats::record(op.family(), stats::Event::Hit);
    } else if op.is_specialized() {
        miss(units, at, op, attempt);
    } else {
        stats::record(op.family(), stats::Event::Generic);
        adapt(units, at, op, attempt);
    }
}
