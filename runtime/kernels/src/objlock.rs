//! The raw lock of object contents (dict tables, list items, set tables,
//! cells and slots; the runtime's `weft::objlock`): parking_lot's mutex,
//! except that during the single-thread phase (see
//! [`crate::phase::assume_single_thread`]) lock and unlock are a plain
//! load and store instead of two locked read-modify-writes.
//!
//! A lock taken plainly before the first thread starts may still be held
//! when it does (a thread started from inside a critical section): the
//! `plain_held` flag stays set until its holder releases it (a Release
//! store), and a thread that takes the real mutex waits for that flag (an
//! Acquire load) before it enters. After the switch nobody takes the lock
//! plainly again, so at most the one pre-switch hold can be outstanding.
//!
//! Model: `loom-tests/tests/objlock_races.rs` (a plain hold across the
//! first thread start against the new thread's lock, then contended locks
//! after the switch: the contents are never accessed by two holders at
//! once).

use crate::phase::single_thread;
use crate::sync::{AtomicBool, Ordering, RawLock, RawMutex};

/// Deliberately broken forms of the lock, selected only by `cfg(loom)`
/// models ([`ObjRawMutex::with_broken_twin`]) to show that the models
/// catch them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BrokenTwin {
    /// The lock as it is.
    #[default]
    Sound,
    /// `lock` through the real mutex does not wait for a plain hold made
    /// before the switch: two holders at once.
    IgnorePlainHold,
    /// The release of a plain hold is a Relaxed store: the thread that
    /// waited for it enters without seeing the holder's writes.
    RelaxedPlainRelease,
}

/// The raw lock of object contents.
pub struct ObjRawMutex {
    inner: RawMutex,
    plain_held: AtomicBool,
    #[cfg(loom)]
    twin: BrokenTwin,
}

impl ObjRawMutex {
    /// A free lock.
    #[cfg(loom)]
    pub fn new() -> ObjRawMutex {
        ObjRawMutex::with_broken_twin(BrokenTwin::Sound)
    }

    /// `new`, with the lock broken as `twin` says (model checks only).
    #[cfg(loom)]
    pub fn with_broken_twin(twin: BrokenTwin) -> ObjRawMutex {
        ObjRawMutex {
            inner: RawMutex::new(),
            plain_held: AtomicBool::new(false),
            twin,
        }
    }

    /// The lock this is: always [`BrokenTwin::Sound`] outside the model
    /// checks (a constant the compiler folds away).
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

    /// True while a plain (single-thread phase) hold is outstanding.
    #[inline(always)]
    pub fn held_plainly(&self) -> bool {
        self.plain_held.load(Ordering::Relaxed)
    }

    /// True when the contents may be accessed without the lock, for one
    /// access that runs no code which could lock it: in the single-thread
    /// phase, while nobody holds it. (In the phase only a plain hold needs
    /// testing: no lock is held when it begins, and a lock taken in it
    /// reaches `inner` only when a plain hold exists, to wait for that
    /// hold; `try_lock` gives `inner` back before it returns.)
    #[inline(always)]
    pub fn unlocked_access_allowed(&self) -> bool {
        single_thread() && !self.held_plainly()
    }

    /// Waits (after taking the real mutex) until a plain pre-switch hold
    /// is released.
    #[cold]
    fn wait_for_plain_holder(&self) {
        while self.plain_held.load(Ordering::Acquire) {
            crate::sync::yield_now();
        }
    }

    /// Takes the lock.
    #[inline(always)]
    pub fn lock(&self) {
        if single_thread() && !self.plain_held.load(Ordering::Relaxed) && !self.inner.is_locked() {
            self.plain_held.store(true, Ordering::Relaxed);
            return;
        }
        self.inner.lock();
        if self.plain_held.load(Ordering::Acquire) && self.twin() != BrokenTwin::IgnorePlainHold {
            self.wait_for_plain_holder();
        }
    }

    /// Takes the lock if it is free.
    #[inline(always)]
    pub fn try_lock(&self) -> bool {
        if single_thread() && !self.plain_held.load(Ordering::Relaxed) && !self.inner.is_locked() {
            self.plain_held.store(true, Ordering::Relaxed);
            return true;
        }
        if !self.inner.try_lock() {
            return false;
        }
        if self.plain_held.load(Ordering::Acquire) {
            // SAFETY: taken just above by this thread.
            unsafe { self.inner.unlock() };
            return false;
        }
        true
    }

    /// Releases the lock.
    ///
    /// # Safety
    /// The caller holds the lock.
    #[inline(always)]
    pub unsafe fn unlock(&self) {
        if self.plain_held.load(Ordering::Relaxed) {
            let order = if self.twin() == BrokenTwin::RelaxedPlainRelease {
                Ordering::Relaxed
            } else {
                Ordering::Release
            };
            self.plain_held.store(false, order);
        } else {
            // SAFETY: the caller holds the lock, taken through `inner`.
            unsafe { self.inner.unlock() };
        }
    }

    /// True while the lock is held (plainly or not).
    #[inline(always)]
    pub fn is_locked(&self) -> bool {
        self.plain_held.load(Ordering::Relaxed) || self.inner.is_locked()
    }
}

#[cfg(loom)]
impl Default for ObjRawMutex {
    fn default() -> Self {
        ObjRawMutex::new()
    }
}

// SAFETY: mutual exclusion holds in both phases. In the single-thread phase
// one thread alone locks (the promise of `assume_single_thread`), so
// the plain test-and-set of `plain_held` cannot race, and it is only taken
// when the real mutex is free too. After the switch every lock goes through
// `inner` and then waits for `plain_held` to clear, so it cannot overlap a
// hold taken before the switch; `unlock` releases whichever kind the holder
// took (a set `plain_held` can only be the caller's own: nobody else holds
// the lock while it is set, and no plain hold starts after the switch).
// Model-checked by loom-tests/tests/objlock_races.rs, tested by
// runtime/tests/plain_phase.rs.
#[cfg(not(loom))]
unsafe impl lock_api::RawMutex for ObjRawMutex {
    #[allow(clippy::declare_interior_mutable_const)]
    const INIT: ObjRawMutex = ObjRawMutex {
        inner: <RawMutex as lock_api::RawMutex>::INIT,
        plain_held: AtomicBool::new(false),
    };
    type GuardMarker = lock_api::GuardNoSend;

    #[inline(always)]
    fn lock(&self) {
        ObjRawMutex::lock(self)
    }

    #[inline(always)]
    fn try_lock(&self) -> bool {
        ObjRawMutex::try_lock(self)
    }

    #[inline(always)]
    unsafe fn unlock(&self) {
        // SAFETY: the caller holds the lock (the trait's contract).
        unsafe { ObjRawMutex::unlock(self) }
    }

    #[inline(always)]
    fn is_locked(&self) -> bool {
        ObjRawMutex::is_locked(self)
    }
}
