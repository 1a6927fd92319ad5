//! Read views: lock-free reads of containers that many threads share
//! read-mostly (module-level tables, the lists and instances frozen by
//! the runtime's `freeze`; re-exported as `weft::readview`). A view is an
//! immutable snapshot of a list's items or a dict's table with every value
//! encoded *unowned* (immortal objects and immediates, see the runtime's
//! `specialize::encode_unowned`), published
//! through a `crossbeam-epoch` pointer: a reader pins the epoch, loads the
//! pointer and reads — no lock, no reference count, no shared write. Any
//! mutation of the container drops the view (under the container's lock,
//! before changing it, so a view never shows a state older than the last
//! completed write to a reader that loads it afterwards); reads then take
//! the lock, and once they outnumber the container's size the reader that
//! notices rebuilds the view under that lock. Entries a view cannot encode
//! (mortal objects, floats) make the reader fall back to the lock.
//!
//! Architecture invariant: a view is only published or dropped while the
//! container's own lock is held, so views and writes are totally ordered.
//!
//! The view pointer is published with a Release swap and loaded with
//! Acquire, so a reader that finds a view sees it whole; an unlinked view
//! is destroyed through the epoch, after every reader pinned when it was
//! unlinked has unpinned, so a reader never sees it freed. Model:
//! `loom-tests/tests/readview_races.rs` (readers against a writer that
//! replaces and drops views, over `crossbeam-epoch`'s own loom build).

use crate::sync::{AtomicBool, AtomicU32, Ordering};
use crossbeam_epoch::{self as epoch, Atomic, Owned, Shared};

/// Deliberately broken forms of the read view, selected only by
/// `cfg(loom)` models ([`ReadView::with_broken_twin`]) to show that the
/// models catch them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BrokenTwin {
    /// The read view as it is.
    #[default]
    Sound,
    /// The reader loads the view pointer Relaxed (no Acquire): it can
    /// find a view without seeing the writes that built it.
    RelaxedRead,
    /// A view is published with a Relaxed swap (no Release): a reader's
    /// Acquire load of it synchronizes with nothing.
    RelaxedPublish,
}

/// The published snapshot of one container, if any.
pub struct ReadView<V> {
    view: Atomic<V>,
    enabled: AtomicBool,
    fallback_reads: AtomicU32,
    #[cfg(loom)]
    twin: BrokenTwin,
}

impl<V> Default for ReadView<V> {
    fn default() -> Self {
        ReadView {
            view: Atomic::null(),
            enabled: AtomicBool::new(false),
            fallback_reads: AtomicU32::new(0),
            #[cfg(loom)]
            twin: BrokenTwin::Sound,
        }
    }
}

impl<V> ReadView<V> {
    /// `default()`, with the protocol broken as `twin` says (model checks
    /// only).
    #[cfg(loom)]
    pub fn with_broken_twin(twin: BrokenTwin) -> ReadView<V> {
        ReadView {
            view: Atomic::null(),
            enabled: AtomicBool::new(false),
            fallback_reads: AtomicU32::new(0),
            twin,
        }
    }

    /// The protocol this view runs: always [`BrokenTwin::Sound`] outside
    /// the model checks (a constant the compiler folds away).
    #[inline(always)]
    fn twin(&self) -> BrokenTwin {
        #[cfg(loom)]
        {
            self.twin
        }
        #[cfg(not(loom))]
        {
            BrokenTwin::Sound
        }
    }

    /// True once the container is shared read-mostly (views are kept).
    #[inline(always)]
    pub fn enabled(&self) -> bool {
        self.enabled.load(Ordering::Relaxed)
    }

    /// Starts keeping views for this container.
    pub fn enable(&self) {
        self.enabled.store(true, Ordering::Release);
    }

    /// Runs `read` on the current view: None when there is none or `read`
    /// declines (the caller then takes the lock).
    #[inline]
    pub fn read<R>(&self, read: impl FnOnce(&V) -> Option<R>) -> Option<R> {
        if !self.enabled() {
            return None;
        }
        let guard = epoch::pin();
        let order = if self.twin() == BrokenTwin::RelaxedRead {
            Ordering::Relaxed
        } else {
            Ordering::Acquire
        };
        let current = self.view.load(order, &guard);
        // SAFETY: `current` is null or was stored by `publish` from an
        // `Owned` box; a view is destroyed only through `defer_destroy`
        // after it has been unlinked, which crossbeam-epoch delays until
        // every thread pinned at that time — this one included, through
        // `guard` — has unpinned. So the reference is valid while `guard`
        // lives, and views are never mutated after publication.
        unsafe { current.as_ref() }.and_then(read)
    }

    /// Drops the current view, if any: called by writers under the
    /// container's lock before they change it.
    #[inline]
    pub fn invalidate(&self) {
        if !self.enabled() {
            return;
        }
        self.fallback_reads.store(0, Ordering::Relaxed);
        let guard = epoch::pin();
        if self.view.load(Ordering::Relaxed, &guard).is_null() {
            return;
        }
        let old = self.view.swap(Shared::null(), Ordering::AcqRel, &guard);
        if !old.is_null() {
            // SAFETY: `old` was just unlinked (no new reader can reach it),
            // and destruction waits for every current reader to unpin.
            unsafe { guard.defer_destroy(old) };
        }
    }

    /// Counts a read that found no view (under the container's lock); true
    /// when reads since the last write justify building one for `len`
    /// entries.
    #[inline]
    pub fn wants_rebuild(&self, len: usize) -> bool {
        if !self.enabled() {
            return false;
        }
        let reads = self.fallback_reads.fetch_add(1, Ordering::Relaxed) as usize;
        reads >= 2 * len + 16
    }

    /// Publishes a fresh view (under the container's lock).
    pub fn publish(&self, view: V) {
        self.fallback_reads.store(0, Ordering::Relaxed);
        let guard = epoch::pin();
        let order = if self.twin() == BrokenTwin::RelaxedPublish {
            Ordering::Acquire
        } else {
            Ordering::AcqRel
        };
        let old = self.view.swap(Owned::new(view), order, &guard);
        if !old.is_null() {
            // SAFETY: as in `invalidate`: unlinked, destruction deferred.
            unsafe { guard.defer_destroy(old) };
        }
    }
}

impl<V> Drop for ReadView<V> {
    fn drop(&mut self) {
        // SAFETY: `&mut self` means no reader can hold a reference obtained
        // from this container any more (they borrow the container), so the
        // current view, if any, can be freed at once.
        unsafe {
            let current = self.view.load(Ordering::Relaxed, epoch::unprotected());
            if !current.is_null() {
                drop(current.into_owned());
            }
        }
    }
}

#[cfg(all(test, not(loom)))]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn views_follow_publish_and_invalidate() {
        let v: ReadView<Vec<u64>> = ReadView::default();
        assert_eq!(v.read(|x| x.first().copied()), None);
        v.enable();
        assert_eq!(v.read(|x| x.first().copied()), None);
        v.publish(vec![7]);
        assert_eq!(v.read(|x| x.first().copied()), Some(7));
        v.invalidate();
        assert_eq!(v.read(|x| x.first().copied()), None);
        assert!(!v.wants_rebuild(4));
        for _ in 0..24 {
            v.wants_rebuild(4);
        }
        assert!(v.wants_rebuild(4));
    }

    /// Readers on other threads always see a whole published snapshot
    /// (every element equal to the generation number) while a writer keeps
    /// replacing and dropping views; freed views would show as garbage
    /// (and fail under Miri/ASan).
    #[test]
    fn concurrent_readers_see_whole_snapshots() {
        let v: Arc<ReadView<Vec<u64>>> = Arc::new(ReadView::default());
        v.enable();
        v.publish(vec![0; 64]);
        let stop = Arc::new(AtomicBool::new(false));
        let readers: Vec<_> = (0..2)
            .map(|_| {
                let (v, stop) = (v.clone(), stop.clone());
                std::thread::spawn(move || {
                    let mut seen = 0u64;
                    while !stop.load(Ordering::Relaxed) {
                        if let Some(ok) = v.read(|x| Some(x.iter().all(|e| *e == x[0]))) {
                            assert!(ok, "torn view");
                            seen += 1;
                        }
                    }
                    seen
                })
            })
            .collect();
        for generation in 1..2000u64 {
            if generation % 3 == 0 {
                v.invalidate();
            } else {
                v.publish(vec![generation; 64]);
            }
        }
        stop.store(true, Ordering::Relaxed);
        for r in readers {
            r.join().unwrap();
        }
    }
}
