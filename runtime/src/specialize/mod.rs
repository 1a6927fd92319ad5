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
pub mod interleave;
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
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};
use weft_specializer::{BackoffCounter, CodeUnits, Opcode, Rewrite};

/// A specialization decision: the variant and its payload words (the
/// first is the guard word and is never 0), or the reason it failed.
pub type Attempt = Result<(Opcode, Vec<u64>), &'static str>;

/// Set for good once a second thread may run Python code in this process
/// (see [`note_second_thread`]).
static THREADED: AtomicBool = AtomicBool::new(false);

/// Switches counter ticking to per-thread counts: from now on adaptive and
/// miss ticks no longer write the shared counter word on every execution
/// (each such write would bounce the code's cache line between cores).
pub fn note_second_thread() {
    THREADED.store(true, Ordering::Relaxed);
}

/// Ticks the counter of the instruction at `at`, which holds `current`;
/// true when a specialization attempt is due now.
///
/// Single-threaded, the counter word in the code's shared cache is
/// decremented exactly as CPython's. Once a second thread exists, each
/// thread counts down a private copy instead (see [`tick_private`]), and
/// the shared word is written only by the attempts and rewrites that
/// follow a trigger.
#[inline(always)]
pub fn tick(units: &CodeUnits, at: usize, current: Opcode) -> bool {
    if THREADED.load(Ordering::Relaxed) {
        return tick_private(units, at, current);
    }
    units.tick_counter(at).is_none()
}

/// One thread's private counter for one instruction slot and opcode.
#[derive(Clone, Copy)]
struct PrivateCounter {
    units: usize,
    at: usize,
    opcode: u8,
    counter: u16,
}

impl PrivateCounter {
    const EMPTY: PrivateCounter = PrivateCounter {
        units: 0,
        at: 0,
        opcode: 0,
        counter: 0,
    };
}

/// Slots in each thread's table of private counters (direct-mapped).
const PRIVATE_COUNTERS: usize = 64;

thread_local! {
    static PRIVATE: [Cell<PrivateCounter>; PRIVATE_COUNTERS] = const {
        [const { Cell::new(PrivateCounter::EMPTY) }; PRIVATE_COUNTERS]
    };
}

/// The multi-threaded tick: counts down this thread's copy of the counter
/// of (`units`, `at`, `current`), so that executions by one thread do not
/// write the shared code. The copy is seeded from the shared word when the
/// slot of the table is taken over — that tick is counted in the shared
/// word itself, so sites that keep evicting each other still progress. A
/// trigger forgets the copy; the attempt that follows writes the shared
/// word (cooldown or backoff restart) under the writers' lock, and the
/// next tick reseeds from it.
#[inline(never)]
fn tick_private(units: &CodeUnits, at: usize, current: Opcode) -> bool {
    let key = units as *const CodeUnits as usize;
    let hash =
        (key ^ at.rotate_left(40) ^ ((current as usize) << 56)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let slot = hash >> (usize::BITS - PRIVATE_COUNTERS.trailing_zeros());
    PRIVATE.with(|table| {
        let cell = &table[slot];
        let e = cell.get();
        if !(e.units == key && e.at == at && e.opcode == current as u8) {
            let Some(n) = units.tick_counter(at) else {
                return true;
            };
            cell.set(PrivateCounter {
                units: key,
                at,
                opcode: current as u8,
                counter: n.0,
            });
            return false;
        }
        let c = BackoffCounter(e.counter);
        let due = c.triggers();
        cell.set(if due {
            PrivateCounter::EMPTY
        } else {
            PrivateCounter {
                units: key,
                at,
                opcode: current as u8,
                counter: c.advance().0,
            }
        });
        due
    })
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
    if tick(units, at, current) {
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
    let w = units.guard_word(at, op);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// `count` LOAD_ATTR instructions (with their cache units), counters at
    /// cooldown.
    fn sites(count: usize) -> (CodeUnits, Vec<usize>) {
        let per = 1 + Opcode::LOAD_ATTR.cache_units();
        let mut raw = Vec::new();
        for _ in 0..count {
            raw.push((Opcode::LOAD_ATTR as u8, 0));
            raw.extend(std::iter::repeat_n((0u8, 0u8), per - 1));
        }
        let units = CodeUnits::new(&raw, true).unwrap();
        let at: Vec<usize> = (0..count).map(|k| k * per).collect();
        for &i in &at {
            units.set_counter(i, BackoffCounter::cooldown());
        }
        (units, at)
    }

    /// Ticks until a trigger; the number of ticks taken.
    fn ticks_to_trigger(units: &CodeUnits, at: usize) -> usize {
        (1..=100_000)
            .find(|_| tick(units, at, Opcode::LOAD_ATTR))
            .expect("the counter never triggered")
    }

    #[test]
    fn private_ticks_trigger_when_shared_ones_would_and_leave_the_shared_word_alone() {
        let (units, at) = sites(1);
        let shared_mode = BackoffCounter::cooldown().value() as usize + 1;
        note_second_thread();
        // One thread alone: the first tick seeds its private copy and
        // counts in the shared word; the rest touch only the copy, and the
        // trigger comes at the same tick as with the shared counter.
        std::thread::scope(|s| {
            s.spawn(|| {
                assert!(!tick(&units, at[0], Opcode::LOAD_ATTR));
                let seeded = units.counter(at[0]);
                assert_eq!(seeded.value(), BackoffCounter::cooldown().value() - 1);
                assert_eq!(ticks_to_trigger(&units, at[0]) + 1, shared_mode);
                assert_eq!(units.counter(at[0]), seeded);
            });
        });
        // Two threads at once: each triggers within as many ticks.
        units.set_counter(at[0], BackoffCounter::cooldown());
        std::thread::scope(|s| {
            for _ in 0..2 {
                s.spawn(|| assert!(ticks_to_trigger(&units, at[0]) <= shared_mode));
            }
        });
    }

    #[test]
    fn sites_that_evict_each_other_still_trigger() {
        // More sites than a thread's table has slots, ticked round-robin.
        let (units, at) = sites(3 * PRIVATE_COUNTERS);
        note_second_thread();
        std::thread::spawn(move || {
            let bound = (BackoffCounter::cooldown().value() as usize + 1).pow(2);
            for &i in &at {
                assert!(ticks_to_trigger(&units, i) <= bound);
            }
            let mut triggered = vec![false; at.len()];
            for _ in 0..bound {
                for (k, &i) in at.iter().enumerate() {
                    triggered[k] |= tick(&units, i, Opcode::LOAD_ATTR);
                }
            }
            assert!(triggered.iter().all(|&t| t));
        })
        .join()
        .unwrap();
    }
}
