//! Model checks (run with `RUSTFLAGS="--cfg loom --cfg crossbeam_loom"`) of the races on one
//! shared code unit: two threads specializing the same slot while a third
//! executes it, a respecialization racing an executing reader, and two
//! back-to-back respecializations that restore the first guard word
//! against a stalled reader. They use the production `CodeUnits` (its
//! atomics come from the `sync` shim). Each model also runs against a
//! broken twin of the protocol (`BrokenTwin`), and a `should_panic` test
//! asserts that loom finds the break: a model that passes its broken twin
//! would have no teeth.

#![cfg(loom)]

use loom::sync::Arc;
use loom::thread;
use weft_specializer::{BrokenTwin, CodeUnits, Family, Opcode, Rewrite};

/// A guard word tagged with its variant (as the runtime packs them).
fn tagged(op: Opcode, version: u64) -> u64 {
    (version << 32) | op as u8 as u64
}

fn payload_for(op: Opcode) -> u64 {
    match op {
        Opcode::LOAD_ATTR_SLOT => 0x51,
        _ => 0x1f,
    }
}

/// One LOAD_ATTR instruction and its cache unit, under `twin`.
fn load_attr_site(twin: BrokenTwin) -> Arc<CodeUnits> {
    let raw = [(Opcode::LOAD_ATTR as u8, 0u8), (0, 0)];
    Arc::new(CodeUnits::with_broken_twin(&raw, true, twin).expect("valid code"))
}

/// The site already specialized as LOAD_ATTR_SLOT with guard version 1.
fn slot_site(twin: BrokenTwin) -> Arc<CodeUnits> {
    let code = load_attr_site(twin);
    assert_eq!(
        respecialize(&code, Opcode::LOAD_ATTR, Opcode::LOAD_ATTR_SLOT, 1),
        Rewrite::Done
    );
    code
}

/// Respecializes the site from `from` to `to` with guard version
/// `version` (as the writer thread of a model).
fn respecialize(code: &CodeUnits, from: Opcode, to: Opcode, version: u64) -> Rewrite {
    let words = [tagged(to, version), payload_for(to)];
    code.rewrite(0, from, Some((to, &words)))
}

/// A reader that executes `op`: when it reads a consistent payload, the
/// payload belongs to the specialization its guard names (never the
/// guard of one and the payload of another).
fn read_as(code: &CodeUnits, op: Opcode) {
    if let Some((guard, payload)) = code.read_payload2(0, op) {
        let published = Opcode::from_u8((guard & 0xff) as u8).expect("tag is an opcode");
        assert_eq!(
            payload,
            payload_for(published),
            "torn cache: guard {guard:#x} payload {payload:#x}"
        );
    }
}

/// What an executing thread may observe: a valid member of the family,
/// and a payload of one specialization (`read_as`).
fn execute_once(code: &CodeUnits) {
    let op = code.opcode(0);
    assert_eq!(
        op.family(),
        Some(Family::LOAD_ATTR),
        "slot left its family: {op:?}"
    );
    read_as(code, op);
}

/// Two specializers race from the base while a third thread executes:
/// exactly one wins, and the slot and its cache describe the winner.
fn two_specializers_one_executor(twin: BrokenTwin) {
    loom::model(move || {
        let code = load_attr_site(twin);
        let spawn = |variant: Opcode| {
            let c = code.clone();
            thread::spawn(move || respecialize(&c, Opcode::LOAD_ATTR, variant, 7))
        };
        let a = spawn(Opcode::LOAD_ATTR_SLOT);
        let b = spawn(Opcode::LOAD_ATTR_INSTANCE_VALUE);
        let c = code.clone();
        let executor = thread::spawn(move || execute_once(&c));
        executor.join().unwrap();
        let ra = a.join().unwrap();
        let rb = b.join().unwrap();
        let wins = [ra, rb].iter().filter(|r| **r == Rewrite::Done).count();
        assert_eq!(wins, 1, "exactly one specializer wins: {ra:?} {rb:?}");
        let winner = if ra == Rewrite::Done {
            Opcode::LOAD_ATTR_SLOT
        } else {
            Opcode::LOAD_ATTR_INSTANCE_VALUE
        };
        assert_eq!(code.opcode(0), winner);
        let (g, p) = code
            .read_payload2(0, code.opcode(0))
            .expect("no writer left");
        assert_eq!(g, tagged(winner, 7));
        assert_eq!(p, payload_for(winner));
    });
}

#[test]
fn specializers_race_one_wins() {
    two_specializers_one_executor(BrokenTwin::Sound);
}

/// Broken twin: a rewrite that stores the opcode plainly over what its
/// caller read lets both specializers "win".
#[test]
#[should_panic(expected = "exactly one specializer wins")]
fn specializers_race_twin_unchecked_store() {
    two_specializers_one_executor(BrokenTwin::UncheckedStore);
}

/// A respecialization (variant A -> base -> variant B, new payload)
/// against an executing reader: the reader never passes with the guard
/// of one specialization and the payload of the other.
fn respecialization_against_a_reader(twin: BrokenTwin) {
    loom::model(move || {
        let code = slot_site(twin);
        let c = code.clone();
        let writer = thread::spawn(move || {
            respecialize(
                &c,
                Opcode::LOAD_ATTR_SLOT,
                Opcode::LOAD_ATTR_INSTANCE_VALUE,
                2,
            )
        });
        execute_once(&code);
        assert_eq!(writer.join().unwrap(), Rewrite::Done);
        assert_eq!(code.opcode(0), Opcode::LOAD_ATTR_INSTANCE_VALUE);
    });
}

#[test]
fn respecialization_never_shows_a_torn_cache() {
    respecialization_against_a_reader(BrokenTwin::Sound);
}

/// Broken twin: a reader that does not check the sequence again after
/// its loads takes the old guard with the new payload.
#[test]
#[should_panic(expected = "torn cache")]
fn respecialization_twin_unchecked_read() {
    respecialization_against_a_reader(BrokenTwin::UncheckedRead);
}

/// Two back-to-back respecializations, A (guard G) -> B -> A with the
/// same guard G, against a reader that executes A: a reader stalled
/// between its loads must not accept G with B's payload, although the
/// guard word it reads before and after is the same G (the ABA of a
/// seqlock whose sequence is the guard word).
fn republication_against_a_stalled_reader(twin: BrokenTwin) {
    loom::model(move || {
        let code = slot_site(twin);
        let c = code.clone();
        let writer = thread::spawn(move || {
            let (a, b) = (Opcode::LOAD_ATTR_SLOT, Opcode::LOAD_ATTR_INSTANCE_VALUE);
            // The same guard version both times: A's guard word comes back.
            (respecialize(&c, a, b, 1), respecialize(&c, b, a, 1))
        });
        // The reader read LOAD_ATTR_SLOT before the writer started.
        read_as(&code, Opcode::LOAD_ATTR_SLOT);
        assert_eq!(writer.join().unwrap(), (Rewrite::Done, Rewrite::Done));
        assert_eq!(
            code.read_payload2(0, Opcode::LOAD_ATTR_SLOT),
            Some((
                tagged(Opcode::LOAD_ATTR_SLOT, 1),
                payload_for(Opcode::LOAD_ATTR_SLOT)
            ))
        );
    });
}

#[test]
fn republished_guard_never_pairs_with_another_payload() {
    republication_against_a_stalled_reader(BrokenTwin::Sound);
}

/// Broken twin: the protocol before the sequence word, whose guard word
/// was its own sequence.
#[test]
#[should_panic(expected = "torn cache")]
fn republished_guard_twin_guard_as_sequence() {
    republication_against_a_stalled_reader(BrokenTwin::GuardAsSequence);
}
