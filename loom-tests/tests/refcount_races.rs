//! Model checks (run with `RUSTFLAGS="--cfg loom --cfg crossbeam_loom"`)
//! of the plain-to-atomic switch of reference counts at the first thread
//! start (`weft_kernels::phase`, the runtime's `ObjRef` counts): a thread
//! clones and drops references plainly in the single-thread phase, starts
//! a second thread through `phase::start_thread` (handing it a
//! reference), and both clone, use and drop references atomically, the
//! main thread dropping its last one before it joins. Each object's
//! payload is a `loom` cell that its uses read and its free poisons, so
//! loom reports a use not ordered before the free as a causality
//! violation; the model asserts every update is counted (the count ends
//! at zero with exactly one free) and that an immortal object cloned
//! plainly and dropped atomically is never freed. Each broken twin
//! (`weft_kernels::phase::BrokenTwin`) is shown to be caught.

#![cfg(loom)]

use loom::cell::UnsafeCell;
use loom::sync::atomic::{AtomicUsize, Ordering};
use loom::thread;
// `std`'s Arc keeps the model's objects' memory (the model frees an
// object by poisoning its payload, which loom checks, not by deallocating).
use std::sync::Arc;
use weft_kernels::phase::{self, BrokenTwin, RefCount};

/// The payload a freed object holds.
const FREED: u64 = u64::MAX;

/// An object: its count, a payload, and the number of times it was freed.
struct Object {
    count: RefCount,
    payload: UnsafeCell<u64>,
    frees: AtomicUsize,
}

// SAFETY: the payload goes through loom's cell, which checks that every
// access is ordered with the free's write (a violation fails the model).
unsafe impl Sync for Object {}
// SAFETY: as above.
unsafe impl Send for Object {}

/// A counted reference, as `ObjRef` is one.
struct Ref(Arc<Object>);

impl Ref {
    fn new(twin: BrokenTwin) -> Ref {
        Ref(Arc::new(Object {
            count: RefCount::with_broken_twin(twin),
            payload: UnsafeCell::new(7),
            frees: AtomicUsize::new(0),
        }))
    }

    /// A use of the object (reading it, as any operation on it does).
    fn use_it(&self) {
        // SAFETY: loom checks this read against the free's write.
        let v = self.0.payload.with(|p| unsafe { *p });
        assert_ne!(v, FREED, "an object used after it was freed");
    }

    fn frees(&self) -> usize {
        self.0.frees.load(Ordering::SeqCst)
    }
}

impl Clone for Ref {
    fn clone(&self) -> Ref {
        self.0.count.increment();
        Ref(self.0.clone())
    }
}

impl Drop for Ref {
    fn drop(&mut self) {
        if self.0.count.decrement() {
            // SAFETY: loom checks this write against every use.
            self.0.payload.with_mut(|p| unsafe { *p = FREED });
            self.0.frees.fetch_add(1, Ordering::SeqCst);
        }
    }
}

fn counts_across_the_first_thread_start(twin: BrokenTwin) {
    loom::model(move || {
        // SAFETY: this model's main thread alone touches the objects until
        // `start_thread` below, and holds no lock.
        unsafe { phase::assume_single_thread() };
        let mortal = Ref::new(twin);
        let watch = Arc::clone(&mortal.0);
        let immortal = Ref::new(twin);
        immortal.0.count.make_immortal();
        // Plain counting.
        let handed = mortal.clone();
        drop(mortal.clone());
        mortal.use_it();
        let immortal_handed = immortal.clone();
        let other = phase::start_thread_broken(twin, || {
            thread::spawn(move || {
                let again = handed.clone();
                again.use_it();
                drop(again);
                handed.use_it();
                drop(handed);
                drop(immortal_handed);
            })
        });
        assert!(!phase::single_thread(), "still plain after a thread start");
        // Atomic counting, racing the other thread's.
        let again = mortal.clone();
        again.use_it();
        drop(again);
        drop(mortal);
        other.join().unwrap();
        let left = watch.count.get();
        let frees = watch.frees.load(Ordering::SeqCst);
        assert!(
            left == 0 && frees == 1,
            "an update was lost: the count ends at {left} with {frees} frees"
        );
        assert!(
            immortal.0.count.is_immortal(),
            "an immortal count lost its bit"
        );
        assert_eq!(immortal.frees(), 0, "an immortal object was freed");
        drop(immortal);
    });
}

#[test]
fn counts_made_plainly_then_atomically_lose_no_update() {
    counts_across_the_first_thread_start(BrokenTwin::Sound);
}

/// Broken twin: the switch to atomic counting comes after the new thread
/// was created, so both may still count plainly.
#[test]
#[should_panic(expected = "an update was lost")]
fn refcount_twin_switch_after_spawn() {
    counts_across_the_first_thread_start(BrokenTwin::SwitchAfterSpawn);
}

/// Broken twin: the last drop frees without its Acquire fence, so the
/// other thread's use is not ordered before the free.
#[test]
#[should_panic(expected = "Causality violation")]
fn refcount_twin_drop_without_fence() {
    counts_across_the_first_thread_start(BrokenTwin::DropWithoutFence);
}
