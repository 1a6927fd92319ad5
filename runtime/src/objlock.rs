//! The lock of object contents (dict tables, list items, set tables, cells
//! and slots): parking_lot's mutex, except that during the single-thread
//! phase (see `value::assume_single_thread_counts`) lock and unlock are a
//! plain load and store instead of two locked read-modify-writes.
//!
//! A lock taken plainly before the first thread starts may still be held
//! when it does (a thread started from inside a critical section): the
//! `plain_held` flag stays set until its holder releases it, and a thread
//! that takes the real mutex waits for that flag before it enters. After
//! the switch nobody takes the lock plainly again, so at most the one
//! pre-switch hold can be outstanding.
//!
//! In that phase the hottest accesses skip even the plain lock while
//! nobody holds it (`unlocked_contents`; `load_value` and `swap_value` for
//! the one-value mutexes of cells and `__slots__`).

use crate::value::{single_thread_phase, Value};
use std::sync::atomic::{AtomicBool, Ordering};

/// The raw lock behind [`ObjMutex`].
pub struct ObjRawMutex {
    inner: parking_lot::RawMutex,
    plain_held: AtomicBool,
}

/// A mutex over object contents.
pub type ObjMutex<T> = lock_api::Mutex<ObjRawMutex, T>;
/// The guard of an [`ObjMutex`].
pub type ObjMutexGuard<'a, T> = lock_api::MutexGuard<'a, ObjRawMutex, T>;

impl ObjRawMutex {
    /// True while a plain (single-thread phase) hold is outstanding.
    #[inline(always)]
    fn held_plainly(&self) -> bool {
        self.plain_held.load(Ordering::Relaxed)
    }

    /// Waits (after taking the real mutex) until a plain pre-switch hold
    /// is released.
    #[cold]
    fn wait_for_plain_holder(&self) {
        while self.plain_held.load(Ordering::Acquire) {
            std::thread::yield_now();
        }
    }
}

// SAFETY: mutual exclusion holds in both phases. In the single-thread phase
// one thread alone locks (the promise of `assume_single_thread_counts`), so
// the plain test-and-set of `plain_held` cannot race, and it is only taken
// when the real mutex is free too. After the switch every lock goes through
// `inner` and then waits for `plain_held` to clear, so it cannot overlap a
// hold taken before the switch; `unlock` releases whichever kind the holder
// took (a set `plain_held` can only be the caller's own: nobody else holds
// the lock while it is set, and no plain hold starts after the switch).
// Tested by runtime/tests/plain_phase.rs.
unsafe impl lock_api::RawMutex for ObjRawMutex {
    #[allow(clippy::declare_interior_mutable_const)]
    const INIT: ObjRawMutex = ObjRawMutex {
        inner: <parking_lot::RawMutex as lock_api::RawMutex>::INIT,
        plain_held: AtomicBool::new(false),
    };
    type GuardMarker = lock_api::GuardNoSend;

    #[inline(always)]
    fn lock(&self) {
        if single_thread_phase()
            && !self.plain_held.load(Ordering::Relaxed)
            && !lock_api::RawMutex::is_locked(&self.inner)
        {
            self.plain_held.store(true, Ordering::Relaxed);
            return;
        }
        lock_api::RawMutex::lock(&self.inner);
        if self.plain_held.load(Ordering::Acquire) {
            self.wait_for_plain_holder();
        }
    }

    #[inline(always)]
    fn try_lock(&self) -> bool {
        if single_thread_phase()
            && !self.plain_held.load(Ordering::Relaxed)
            && !lock_api::RawMutex::is_locked(&self.inner)
        {
            self.plain_held.store(true, Ordering::Relaxed);
            return true;
        }
        if !lock_api::RawMutex::try_lock(&self.inner) {
            return false;
        }
        if self.plain_held.load(Ordering::Acquire) {
            // SAFETY: taken just above by this thread.
            unsafe { lock_api::RawMutex::unlock(&self.inner) };
            return false;
        }
        true
    }

    #[inline(always)]
    unsafe fn unlock(&self) {
        if self.plain_held.load(Ordering::Relaxed) {
            self.plain_held.store(false, Ordering::Release);
        } else {
            // SAFETY: the caller holds the lock, taken through `inner`.
            unsafe { lock_api::RawMutex::unlock(&self.inner) };
        }
    }

    #[inline(always)]
    fn is_locked(&self) -> bool {
        self.plain_held.load(Ordering::Relaxed) || lock_api::RawMutex::is_locked(&self.inner)
    }
}

/// The contents of `m`, for an access without the lock, when none is
/// needed: in the single-thread phase, while nobody holds `m`. None
/// otherwise; the caller then locks. (A pointer rather than a closure:
/// LLVM does not inline the closure's call, and its result then goes
/// through memory on the eval loop's hottest attribute paths.)
///
/// # Safety
/// The caller must finish with the pointer before it locks `m` or runs any
/// code that could (Python code, or anything that may reach the
/// container): the accesses that use this clone or swap one value.
#[inline(always)]
pub unsafe fn unlocked_contents<T>(m: &ObjMutex<T>) -> Option<std::ptr::NonNull<T>> {
    // In the single-thread phase one thread alone locks object mutexes
    // (the promise of `assume_single_thread_counts`), and it is this one;
    // `m` is not held, so no guard of this thread borrows the contents,
    // and the caller takes none while it uses the pointer: its access is
    // the only one, exactly as under the lock. Tested by
    // runtime/tests/plain_phase.rs (None while held and after the switch).
    // In the phase only a plain hold needs testing: no lock is held when
    // it begins (`assume_single_thread_counts`), and a lock taken in it
    // reaches `inner` only when a plain hold exists, to wait for that
    // hold (`try_lock` gives `inner` back before it returns).
    // SAFETY: `raw` is only read (the flag), never locked or unlocked.
    if single_thread_phase() && !unsafe { m.raw() }.held_plainly() {
        debug_assert!(
            !m.is_locked(),
            "a lock held through the mutex in the plain phase"
        );
        std::ptr::NonNull::new(m.data_ptr())
    } else {
        None
    }
}

/// A clone of the value in `m` (a cell's or a `__slots__` slot's), without
/// the lock where none is needed.
#[inline(always)]
pub fn load_value(m: &ObjMutex<Value>) -> Value {
    // SAFETY: one value is cloned at once, taking no lock.
    match unsafe { unlocked_contents(m) } {
        // SAFETY: (see above) the only access to the value.
        Some(v) => unsafe { v.as_ref() }.clone(),
        None => m.lock().clone(),
    }
}

/// Stores `v` in `m`, without the lock where none is needed, and returns
/// the old value, which the caller drops after the access.
#[inline(always)]
pub fn swap_value(m: &ObjMutex<Value>, v: Value) -> Value {
    // SAFETY: one value is swapped at once, taking no lock.
    match unsafe { unlocked_contents(m) } {
        // SAFETY: (see above) the only access to the value.
        Some(mut slot) => std::mem::replace(unsafe { slot.as_mut() }, v),
        None => std::mem::replace(&mut *m.lock(), v),
    }
}
