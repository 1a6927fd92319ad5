//! Model checks (run with `RUSTFLAGS="--cfg loom --cfg crossbeam_loom"`)
//! of the lock of object contents (`weft_kernels::objlock::ObjRawMutex`,
//! the runtime's `ObjMutex`) across the first thread start: in the
//! single-thread phase a thread changes the contents without the lock
//! (`unlocked_access_allowed`), then takes the lock plainly and, still
//! holding it, starts a second thread (`phase::start_thread`) that locks
//! the same contents; the first changes them once more inside its plain
//! hold, releases it and locks again (now through the real mutex),
//! contending with the new thread. The contents are a `loom` cell, so
//! loom reports two holders at once, or a holder that does not see the
//! previous holder's writes, as a causality violation; the model asserts
//! no change is lost. Each broken twin
//! (`weft_kernels::objlock::BrokenTwin`) is shown to be caught.

#![cfg(loom)]

use loom::cell::UnsafeCell;
use loom::thread;
use std::sync::Arc;
use weft_kernels::objlock::{BrokenTwin, ObjRawMutex};
use weft_kernels::phase;

/// An object's contents and their lock.
struct Locked {
    lock: ObjRawMutex,
    contents: UnsafeCell<u64>,
}

// SAFETY: the contents go through loom's cell, which checks that every
// access is ordered with every other (a violation fails the model).
unsafe impl Sync for Locked {}
// SAFETY: as above.
unsafe impl Send for Locked {}

impl Locked {
    /// Changes the contents (the caller holds the lock, or needs none).
    fn change(&self) {
        // SAFETY: loom checks this write against every other access.
        self.contents.with_mut(|p| unsafe { *p += 1 });
    }

    /// Changes the contents under the lock.
    fn locked_change(&self) {
        self.lock.lock();
        self.change();
        // SAFETY: taken just above.
        unsafe { self.lock.unlock() };
    }
}

fn a_plain_hold_across_the_first_thread_start(twin: BrokenTwin) {
    loom::model(move || {
        // SAFETY: this model's main thread alone locks until
        // `start_thread` below, and holds no lock now.
        unsafe { phase::assume_single_thread() };
        let m = Arc::new(Locked {
            lock: ObjRawMutex::with_broken_twin(twin),
            contents: UnsafeCell::new(0),
        });
        assert!(
            m.lock.unlocked_access_allowed(),
            "the plain phase needs no lock for one access"
        );
        m.change();
        m.lock.lock();
        assert!(m.lock.held_plainly(), "the plain phase locks plainly");
        assert!(!m.lock.try_lock(), "a held lock was taken again");
        let m2 = m.clone();
        let other = phase::start_thread(|| thread::spawn(move || m2.locked_change()));
        assert!(
            !m.lock.unlocked_access_allowed(),
            "contents reached without the lock after threads may start"
        );
        m.change();
        // SAFETY: the plain hold taken above.
        unsafe { m.lock.unlock() };
        m.locked_change();
        other.join().unwrap();
        assert!(!m.lock.is_locked(), "the lock is still held");
        // SAFETY: every other thread has been joined.
        let total = m.contents.with(|p| unsafe { *p });
        assert_eq!(total, 4, "a change under the lock was lost");
    });
}

#[test]
fn a_plain_hold_excludes_a_thread_started_during_it() {
    a_plain_hold_across_the_first_thread_start(BrokenTwin::Sound);
}

/// Broken twin: the new thread's lock does not wait for the plain hold
/// made before it started.
#[test]
#[should_panic(expected = "Causality violation")]
fn objlock_twin_ignore_plain_hold() {
    a_plain_hold_across_the_first_thread_start(BrokenTwin::IgnorePlainHold);
}

/// Broken twin: the plain hold is released with a Relaxed store, so the
/// thread that waited for it does not see the holder's last change.
#[test]
#[should_panic(expected = "Causality violation")]
fn objlock_twin_relaxed_plain_release() {
    a_plain_hold_across_the_first_thread_start(BrokenTwin::RelaxedPlainRelease);
}
