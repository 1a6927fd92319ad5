//! The lock of object contents (dict tables, list items, set tables, cells
//! and slots): parking_lot's mutex, except that during the single-thread
//! phase (see `value::assume_single_thread_counts`) lock and unlock are a
//! plain load and store instead of two locked read-modify-writes. The raw
//! lock, with its switch at the first thread start, is
//! [`weft_kernels::objlock::ObjRawMutex`] (model-checked by loom:
//! `loom-tests/tests/objlock_races.rs`).
//!
//! In that phase the hottest accesses skip even the plain lock while
//! nobody holds it (`unlocked_contents`; `load_value` and `swap_value` for
//! the one-value mutexes of cells and `__slots__`).

use crate::value::Value;
pub use weft_kernels::objlock::ObjRawMutex;

/// A mutex over object contents.
pub type ObjMutex<T> = lock_api::Mutex<ObjRawMutex, T>;
/// The guard of an [`ObjMutex`].
pub type ObjMutexGuard<'a, T> = lock_api::MutexGuard<'a, ObjRawMutex, T>;

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
    if unsafe { m.raw() }.unlocked_access_allowed() {
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
