//! Model checks (run with `RUSTFLAGS="--cfg loom --cfg crossbeam_loom"`) of the races between
//! the specializer and the instrumenter on one shared CALL slot (which
//! writer goes first is left to loom, and an executing thread reads the
//! slot meanwhile), and of the monitoring version protocol (`set_events`
//! against executions starting and against lazy re-instrumentation at
//! `RESUME`), and of `DISABLE` against an executing thread and against
//! `restart_events`. They use the production `CodeUnits` writers (`rewrite`,
//! `instrument`, `deinstrument`) and `weft_instrumentation`'s `Monitor`
//! and `CodeMonitor`; each model has a broken twin that a `should_panic`
//! test shows loom catching.

#![cfg(loom)]

use loom::sync::atomic::{AtomicBool, Ordering};
use loom::sync::Arc;
use loom::thread;
use weft_instrumentation::monitor::SlotKind;
use weft_instrumentation::{events, BrokenTwin as MonitorTwin, CodeMonitor, Monitor};
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
        let c = code.clone();
        let executor = thread::spawn(move || execute_once(&c));
        executor.join().unwrap();
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
        let c = code.clone();
        let executor = thread::spawn(move || execute_once(&c));
        executor.join().unwrap();
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

/// A line marker taken off one slot (as `DISABLE` or turning LINE events
/// off does) while another thread executes the slot: whatever the
/// executor fetched, it runs the CALL instruction: the slot's own opcode,
/// or for a marker the instruction the marker displaced, even when the
/// marker is gone by the time the executor looks the record up.
fn marker_removal_against_an_executor(twin: BrokenTwin) {
    loom::model(move || {
        let code = call_site(twin);
        assert_eq!(code.displace(0, Opcode::INSTRUMENTED_LINE), Rewrite::Done);
        let c = code.clone();
        let executor = thread::spawn(move || {
            let (fetched, _) = c.fetch(0);
            let runs = if fetched.is_marker() {
                c.displaced_by_marker(0)
            } else {
                Some(fetched)
            };
            (fetched, runs)
        });
        assert_eq!(
            code.restore_displaced(0, Opcode::INSTRUMENTED_LINE),
            Rewrite::Done
        );
        let (fetched, runs) = executor.join().unwrap();
        assert_eq!(
            runs,
            Some(Opcode::CALL),
            "the executor lost the displaced instruction (fetched {fetched:?})"
        );
        assert_eq!(code.opcode(0), Opcode::CALL);
    });
}

#[test]
fn a_removed_marker_still_runs_its_instruction() {
    marker_removal_against_an_executor(BrokenTwin::Sound);
}

/// Broken twin: the executor reads the slot again to find the displaced
/// instruction, and finds nothing once the marker is off.
#[test]
#[should_panic(expected = "the executor lost the displaced instruction")]
fn a_removed_marker_twin_reread() {
    marker_removal_against_an_executor(BrokenTwin::MarkerReread);
}

/// The CALL site's monitoring state under `twin` (for the monitor and
/// the code object alike).
fn monitored(twin: MonitorTwin) -> (Arc<Monitor>, Arc<CodeMonitor>, Arc<CodeUnits>) {
    (
        Arc::new(Monitor::with_broken_twin(twin)),
        Arc::new(CodeMonitor::with_broken_twin(twin)),
        call_site(BrokenTwin::Sound),
    )
}

/// What `RESUME` does: bring the code up to date when the version moved.
fn resume(monitor: &Monitor, code: &CodeMonitor, units: &CodeUnits) {
    if code.is_stale(monitor) {
        code.ensure_current(monitor, units, &|_| false);
    }
}

/// `set_events` against a thread bringing the code up to date at
/// `RESUME`: the execution that starts after `set_events` returned (the
/// setter's own next `RESUME`) finds the CALL instrumented.
fn set_events_against_a_starting_execution(twin: MonitorTwin) {
    loom::model(move || {
        let (monitor, code, units) = monitored(twin);
        let (m, c, u) = (monitor.clone(), code.clone(), units.clone());
        let racer = thread::spawn(move || resume(&m, &c, &u));
        monitor.set_events(0, events::CALL);
        resume(&monitor, &code, &units);
        assert_eq!(
            units.opcode(0),
            Opcode::INSTRUMENTED_CALL,
            "an execution that began after set_events returned missed its event"
        );
        racer.join().unwrap();
    });
}

#[test]
fn set_events_reaches_every_execution_that_starts_after_it() {
    set_events_against_a_starting_execution(MonitorTwin::Sound);
}

/// Broken twin: the version moves before the set is stored, so the racer
/// can record the new version with the old (empty) set.
#[test]
#[should_panic(expected = "missed its event")]
fn set_events_twin_version_moved_before_set() {
    set_events_against_a_starting_execution(MonitorTwin::VersionMovedBeforeSet);
}

/// A tool has just enabled LINE (the code is stale); one thread brings
/// the code up to date at `RESUME` while another enables CALL events:
/// once the code says it is current, its units carry the events of that
/// version, and the next `RESUME` completes the work.
fn lazy_reinstrumentation(twin: MonitorTwin) {
    loom::model(move || {
        let (monitor, code, units) = monitored(twin);
        monitor.set_events(1, events::LINE);
        let (m, c, u) = (monitor.clone(), code.clone(), units.clone());
        let updater = thread::spawn(move || resume(&m, &c, &u));
        monitor.set_events(0, events::CALL);
        updater.join().unwrap();
        if !code.is_stale(&monitor) {
            assert_eq!(
                units.opcode(0),
                Opcode::INSTRUMENTED_CALL,
                "the code claims a version whose events it has not applied"
            );
        }
        resume(&monitor, &code, &units);
        assert_eq!(units.opcode(0), Opcode::INSTRUMENTED_CALL);
    });
}

#[test]
fn lazy_reinstrumentation_never_claims_an_unapplied_version() {
    lazy_reinstrumentation(MonitorTwin::Sound);
}

/// Broken twin: the version recorded is read after the sets were applied.
#[test]
#[should_panic(expected = "claims a version whose events it has not applied")]
fn lazy_reinstrumentation_twin_version_read_after_applying() {
    lazy_reinstrumentation(MonitorTwin::VersionReadAfterApplying);
}

/// One execution of the CALL site: the slot holds a member of the CALL
/// family, and when it is the instrumented twin the event goes to the
/// tools `tools_for` names (bit per tool id, returned).
fn execute_call(monitor: &Monitor, code: &CodeMonitor, units: &CodeUnits) -> u8 {
    let (op, _) = units.fetch(0);
    assert_eq!(
        op.family(),
        Some(Family::CALL),
        "slot left its family: {op:?}"
    );
    if op.is_instrumented() {
        code.tools_for(monitor, events::CALL, 0, SlotKind::Twin)
    } else {
        0
    }
}

/// What an execution that began after tool 0's `DISABLE` returned must
/// deliver: nothing to tool 0, the event to tool 1.
fn assert_after_disable(tools: u8, when: &str) {
    assert_eq!(tools & 1, 0, "a DISABLEd tool still got its event ({when})");
    assert_ne!(
        tools & 2,
        0,
        "tool 1 lost its CALL event to tool 0's DISABLE ({when})"
    );
}

/// Tools 0 and 1 take CALL; tool 0's callback returns `DISABLE` for the
/// site while another thread executes it: every execution runs a member
/// of the family; one that begins after the `DISABLE` returned delivers
/// to tool 1 and not to tool 0, and the twin stays for tool 1.
fn disable_against_an_executor(twin: MonitorTwin) {
    loom::model(move || {
        let (monitor, code, units) = monitored(twin);
        monitor.set_events(0, events::CALL);
        monitor.set_events(1, events::CALL);
        resume(&monitor, &code, &units);
        let disabled = Arc::new(AtomicBool::new(false));
        let (m, c, u, d) = (
            monitor.clone(),
            code.clone(),
            units.clone(),
            disabled.clone(),
        );
        let executor = thread::spawn(move || {
            execute_call(&m, &c, &u);
            if d.load(Ordering::Acquire) {
                assert_after_disable(execute_call(&m, &c, &u), "racing thread");
            }
        });
        code.disable(&monitor, &units, 0, SlotKind::Twin, 0, &|_| false);
        disabled.store(true, Ordering::Release);
        executor.join().unwrap();
        assert_after_disable(execute_call(&monitor, &code, &units), "after join");
        assert_eq!(units.opcode(0), Opcode::INSTRUMENTED_CALL);
    });
}

#[test]
fn disable_turns_off_one_tool_at_one_location() {
    disable_against_an_executor(MonitorTwin::Sound);
}

/// Broken twin: `DISABLE` takes the twin off though tool 1 still wants
/// the location's events.
#[test]
#[should_panic(expected = "tool 1 lost its CALL event to tool 0's DISABLE")]
fn disable_twin_ignores_other_tools() {
    disable_against_an_executor(MonitorTwin::DisableIgnoresOtherTools);
}

/// Broken twin: `DISABLE` records the location but not the flag that
/// tells delivery to look, so tool 0 keeps getting the event.
#[test]
#[should_panic(expected = "a DISABLEd tool still got its event")]
fn disable_twin_flag_not_set() {
    disable_against_an_executor(MonitorTwin::DisabledFlagNotSet);
}

/// Tool 0 takes CALL and has `DISABLE`d the site; `restart_events` (then
/// bringing the code up to date, as the runtime does) races a thread that
/// begins executing the code (`RESUME`) and whose callback, if the event
/// reaches tool 0, `DISABLE`s the site again. At the end (after one more
/// `RESUME`) the site carries its twin exactly when tool 0 is to get the
/// event, and it does unless the racing thread disabled it again:
/// `restart_events` is never lost.
fn disable_against_restart_events(twin: MonitorTwin) {
    loom::model(move || {
        let (monitor, code, units) = monitored(twin);
        monitor.set_events(0, events::CALL);
        resume(&monitor, &code, &units);
        code.disable(&monitor, &units, 0, SlotKind::Twin, 0, &|_| false);
        assert_eq!(units.opcode(0), Opcode::CALL);
        let (m, c, u) = (monitor.clone(), code.clone(), units.clone());
        let runner = thread::spawn(move || {
            resume(&m, &c, &u);
            let delivered = execute_call(&m, &c, &u) & 1 != 0;
            if delivered {
                c.disable(&m, &u, 0, SlotKind::Twin, 0, &|_| false);
            }
            delivered
        });
        monitor.restart_events([&*code]);
        resume(&monitor, &code, &units);
        let disabled_again = runner.join().unwrap();
        resume(&monitor, &code, &units);
        let wanted = code.tools_for(&monitor, events::CALL, 0, SlotKind::Twin) & 1 != 0;
        assert_eq!(
            units.opcode(0).is_instrumented(),
            wanted,
            "restart_events lost: the site's instrumentation disagrees with its DISABLEs \
             (disabled again: {disabled_again})"
        );
        assert_eq!(wanted, !disabled_again, "restart_events lost");
    });
}

#[test]
fn restart_events_is_never_lost() {
    disable_against_restart_events(MonitorTwin::Sound);
}

/// Broken twin: the version moves before the `DISABLE`s are forgotten, so
/// a `RESUME` in between records the new version with the site still off.
#[test]
#[should_panic(expected = "restart_events lost")]
fn restart_events_twin_version_moved_before_restart() {
    disable_against_restart_events(MonitorTwin::VersionMovedBeforeRestart);
}
