//! Model checks (run with `RUSTFLAGS="--cfg loom --cfg crossbeam_loom"`)
//! of read views (`weft_kernels::readview::ReadView`, the runtime's
//! `weft::readview`) with the epoch reclamation as implemented: the
//! view's `crossbeam-epoch` pointer, pins and deferred destruction are
//! `crossbeam-epoch`'s own loom build. A reader reads the view of a
//! container while a writer (holding the container's lock, so alone)
//! drops the view, as a write does before it changes the container, and
//! publishes a resized table, then drives the collector (`flush`) so that
//! the dropped table is reclaimed while the reader may still be in it.
//! A table is built by writes to a `loom` cell after its allocation (as
//! the runtime fills a snapshot) and poisoned by its destructor, so loom
//! reports a reader that finds a table without seeing it built, or one
//! that is still reading a table being destroyed, as a causality
//! violation; the reader also asserts it sees a whole table of one
//! generation. Both threads stay pinned around their accesses, as an
//! attached runtime thread is (`Vm`'s epoch guard), so the view's own
//! pins are nested and fence-free as in the runtime; the writer unpins
//! (as a thread re-pins every 256 safepoints) before it drives the
//! collector. Each broken twin (`weft_kernels::readview::BrokenTwin`) is
//! shown to be caught.
//!
//! The twins run in a child process (this test binary, running the
//! ignored `*_model` test): when a model fails, loom unwinds out of the
//! execution and then drops the threads' `crossbeam-epoch` participants,
//! whose finalization touches loom atomics outside the model and aborts
//! the process, so `should_panic` cannot catch it in-process. The parent
//! asserts that the child failed and that loom's message is on its
//! stderr.

#![cfg(loom)]

use crossbeam_epoch as epoch;
use loom::cell::UnsafeCell;
use loom::thread;
use std::process::Command;
use std::sync::Arc;
use weft_kernels::readview::{BrokenTwin, ReadView};

/// The words of a destroyed table.
const FREED: u64 = u64::MAX;

/// A table snapshot: its length and that many entries, each holding the
/// table's generation.
struct Table {
    words: UnsafeCell<[u64; 3]>,
}

// SAFETY: the words go through loom's cell, which checks that every
// access is ordered with the writes that built and destroyed them.
unsafe impl Sync for Table {}
// SAFETY: as above.
unsafe impl Send for Table {}

impl Table {
    /// A table of `len` entries of generation `generation`, built after
    /// its allocation.
    fn build(generation: u64, len: u64) -> Table {
        let t = Table {
            words: UnsafeCell::new([0; 3]),
        };
        t.words.with_mut(|w| {
            // SAFETY: not yet shared; loom records the writes.
            let w = unsafe { &mut *w };
            w[0] = len;
            for e in &mut w[1..=len as usize] {
                *e = generation;
            }
        });
        t
    }

    /// Reads the whole table: its generation.
    fn read(&self) -> u64 {
        // SAFETY: loom checks this read against the build and destroy.
        let w = self.words.with(|w| unsafe { *w });
        assert_ne!(w[0], FREED, "a reader saw a freed table");
        assert!((1..=2).contains(&w[0]), "a reader saw a torn table: {w:?}");
        let entries = &w[1..=w[0] as usize];
        assert!(
            entries.iter().all(|e| *e == entries[0] && *e != 0),
            "a reader saw a torn table: {w:?}"
        );
        entries[0]
    }
}

impl Drop for Table {
    fn drop(&mut self) {
        // SAFETY: loom checks this write against every reader's access.
        self.words.with_mut(|w| unsafe { *w = [FREED; 3] });
    }
}

fn a_reader_against_a_resize(twin: BrokenTwin) {
    loom::model(move || {
        let view = Arc::new(ReadView::<Table>::with_broken_twin(twin));
        view.enable();
        view.publish(Table::build(1, 1));
        let v = view.clone();
        let reader = thread::spawn(move || {
            let _attached = epoch::pin();
            v.read(|t| Some(t.read()))
        });
        {
            let _attached = epoch::pin();
            // A write under the container's lock: drop the view, change
            // the container (resize it), and publish the new state's view.
            view.invalidate();
            view.publish(Table::build(2, 2));
        }
        // The collector moves on (other threads' pins come and go): the
        // dropped table is destroyed once no reader can be in it.
        for _ in 0..3 {
            epoch::pin().flush();
        }
        let seen = reader.join().unwrap();
        assert!(
            matches!(seen, None | Some(1) | Some(2)),
            "a reader saw generation {seen:?}"
        );
        assert_eq!(
            view.read(|t| Some(t.read())),
            Some(2),
            "the last view is lost"
        );
    });
}

#[test]
fn a_reader_never_sees_a_torn_or_freed_table() {
    a_reader_against_a_resize(BrokenTwin::Sound);
}

/// Runs the ignored test `model` in a child process (with this process's
/// environment: `LOOM_MAX_PREEMPTIONS` and the like) and asserts that it
/// failed with `expected` on its stderr.
fn child_fails_with(model: &str, expected: &str) {
    let out = Command::new(std::env::current_exe().expect("test binary"))
        .args([
            "--exact",
            model,
            "--ignored",
            "--nocapture",
            "--test-threads",
            "1",
        ])
        .env("RUST_BACKTRACE", "0")
        .output()
        .expect("run the child model");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "loom passed the broken twin {model}");
    assert!(
        stderr.contains(expected),
        "{model} failed without {expected:?}: {stderr}"
    );
}

#[test]
#[ignore = "run in a child process by readview_twin_relaxed_read"]
fn readview_twin_relaxed_read_model() {
    a_reader_against_a_resize(BrokenTwin::RelaxedRead);
}

/// Broken twin: the reader loads the view pointer Relaxed, so it can find
/// a table without seeing it built.
#[test]
fn readview_twin_relaxed_read() {
    child_fails_with("readview_twin_relaxed_read_model", "Causality violation");
}

#[test]
#[ignore = "run in a child process by readview_twin_relaxed_publish"]
fn readview_twin_relaxed_publish_model() {
    a_reader_against_a_resize(BrokenTwin::RelaxedPublish);
}

/// Broken twin: a view is published without Release, so a reader's
/// Acquire load of it synchronizes with nothing.
#[test]
fn readview_twin_relaxed_publish() {
    child_fails_with("readview_twin_relaxed_publish_model", "Causality violation");
}
