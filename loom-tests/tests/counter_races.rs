//! Model checks (run with `RUSTFLAGS="--cfg loom --cfg crossbeam_loom"`) of the backoff counter
//! word that executing threads tick with relaxed loads and stores
//! (`CodeUnits::tick_counter`, the eval loop's tick) while a trigger's
//! failed attempt restarts it under the writers' lock
//! (`CodeUnits::rewrite`). Ticks may be lost; the word must still always
//! decode to a state the protocol can produce. The broken twin
//! (`BrokenTwin::CounterFetchSub`) shows that loom catches a tick split
//! into a check and a separate atomic decrement.

#![cfg(loom)]

use loom::sync::Arc;
use loom::thread;
use weft_specializer::{BackoffCounter, BrokenTwin, CodeUnits, Opcode};

/// One LOAD_ATTR instruction (counter at warm-up: value 1, backoff 1).
fn load_attr_site(twin: BrokenTwin) -> Arc<CodeUnits> {
    let raw = [(Opcode::LOAD_ATTR as u8, 0u8), (0, 0)];
    Arc::new(CodeUnits::with_broken_twin(&raw, true, twin).expect("valid code"))
}

fn assert_valid(c: BackoffCounter, when: &str) {
    assert!(
        c.is_valid(),
        "counter decodes to an invalid value/backoff pair {when}: value {} backoff {}",
        c.value(),
        c.backoff()
    );
}

/// `n` executions of the adaptive instruction: each ticks; a trigger
/// attempts and fails (the counter restarts at the next backoff level).
fn execute(code: &CodeUnits, n: usize) {
    for _ in 0..n {
        match code.tick_counter(0) {
            Some(advanced) => assert_valid(advanced, "after a tick"),
            None => {
                code.rewrite(0, Opcode::LOAD_ATTR, None);
            }
        }
    }
}

/// Two threads execute one site (three ticks in all, enough to trigger
/// from warm-up and restart): every state a tick computes and the word
/// left at the end decode to a valid value/backoff pair (so no trigger
/// ever comes from a torn state).
fn two_tickers(twin: BrokenTwin) {
    loom::model(move || {
        let code = load_attr_site(twin);
        let c = code.clone();
        let other = thread::spawn(move || execute(&c, 1));
        execute(&code, 2);
        other.join().unwrap();
        assert_valid(code.counter(0), "at the end");
    });
}

#[test]
fn racing_ticks_leave_a_valid_counter() {
    two_tickers(BrokenTwin::Sound);
}

/// Broken twin: the tick decrements with `fetch_sub` after its check, so
/// two ticks that both saw value 1 wrap the word.
#[test]
#[should_panic(expected = "counter decodes to an invalid value/backoff pair")]
fn racing_ticks_twin_fetch_sub() {
    two_tickers(BrokenTwin::CounterFetchSub);
}
