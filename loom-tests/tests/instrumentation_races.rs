//! Model checks (run with `RUSTFLAGS="--cfg loom"`) of the races between
//! the specializer and the instrumenter on one shared CALL slot: which
//! writer goes first is left to loom, and an executing thread reads the
//! slot meanwhile. They use the production `CodeUnits` writers
//! (`rewrite`, `instrument`, `deinstrument`); each model has a broken twin
//! (`BrokenTwin::UncheckedStore`: a rewrite that stores its variant
//! without checking what the slot holds) that a `should_panic` test shows
//! loom catching.

#![cfg(loom)]

use loom::sync::Arc;
use loom::thread;
use weft_specializer::{BackoffCounter, BrokenTwin, CodeUnits, Family, Opcode, Rewrite};

/// One CALL instruction and its cache unit, under `twin`.
fn call_site(twin: BrokenTwin) -> Arc<CodeUnits> {
    let raw = [(Opcode::CALL as u8, 1u8), (0, 0)];
    Arc::new(CodeUnits::with_broken_twin(&raw, true, twin).expect("valid code"))
}

/// Publishes CALL_PY_EXACT_ARGS over `current` (the specializer's step).
fn specialize(code: &CodeUnits, current: Opcode) -> Rewrite {
    let words = [(9u64 << 32) | Opcode::CALL_PY_EXACT_ARGS as u64, 0];
    code.rewrite(0, current, Some((Opcode::CALL_PY_EXACT_ARGS, &words)))
}

/// What an executing thread may read at any moment: a member of the CALL
/// family (base, variant or the instrumented twin).
fn execute_once(code: &CodeUnits) {
    let op = code.opcode(0);
    assert_eq!(
        op.family(),
        Some(Family::CALL),
        "slot left its family: {op:?}"
    );
}

/// A specializer (which read the adaptive base) against an instrumenter:
/// in either order, the instrumentation is never erased, and the slot's
/// base (the twin's `deopt`) is the family's.
fn specializer_against_instrumenter(twin: BrokenTwin) {
    loom::model(move || {
        let code = call_site(twin);
        let c = code.clone();
        let specializer = thread::spawn(move || specialize(&c, Opcode::CALL));
        let c = code.clone();
        let instrumenter = thread::spawn(move || c.instrument(0));
        execute_once(&code);
        let specialized = specializer.join().unwrap();
        assert_eq!(instrumenter.join().unwrap(), Rewrite::Done);
        let op = code.opcode(0);
        assert_eq!(
            op,
            Opcode::INSTRUMENTED_CALL,
            "instrumentation erased (specializer: {specialized:?})"
        );
        assert_eq!(op.deopt(), Opcode::CALL);
    });
}

#[test]
fn instrumentation_is_never_erased_by_the_specializer() {
    specializer_against_instrumenter(BrokenTwin::Sound);
}

/// Broken twin: the specializer stores its variant over whatever the slot
/// holds, the instrumented twin included.
#[test]
#[should_panic(expected = "instrumentation erased")]
fn instrumentation_twin_unchecked_store() {
    specializer_against_instrumenter(BrokenTwin::UncheckedStore);
}

/// An instrumented slot de-instrumented by one thread while another
/// attempts to specialize it (having read the base before the slot was
/// instrumented) and a third executes it: the slot always holds a member
/// of its family; a specialization succeeds only once the slot is back to
/// its base, and a slot left at its base is adaptive with a re-armed
/// counter.
fn deinstrument_against_specializer(twin: BrokenTwin) {
    loom::model(move || {
        let code = call_site(twin);
        assert_eq!(code.instrument(0), Rewrite::Done);
        let c = code.clone();
        let deinstrumenter = thread::spawn(move || c.deinstrument(0));
        let c = code.clone();
        let specializer = thread::spawn(move || specialize(&c, Opcode::CALL));
        execute_once(&code);
        let removed = deinstrumenter.join().unwrap();
        let specialized = specializer.join().unwrap();
        let op = code.opcode(0);
        match (removed, specialized) {
            (Rewrite::Done, Rewrite::Done) => assert_eq!(op, Opcode::CALL_PY_EXACT_ARGS),
            (Rewrite::Done, Rewrite::Lost(_)) => {
                assert_eq!(op, Opcode::CALL);
                assert_eq!(
                    code.counter(0),
                    BackoffCounter::warmup(),
                    "counter not re-armed"
                );
            }
            other => panic!("specialized over the instrumented twin: {other:?}, slot {op:?}"),
        }
    });
}

#[test]
fn deinstrumenting_leaves_an_adaptive_slot() {
    deinstrument_against_specializer(BrokenTwin::Sound);
}

/// Broken twin: the specializer overwrites the instrumented twin, and the
/// de-instrumenter then finds no twin to remove.
#[test]
#[should_panic(expected = "specialized over the instrumented twin")]
fn deinstrumenting_twin_unchecked_store() {
    deinstrument_against_specializer(BrokenTwin::UncheckedStore);
}
