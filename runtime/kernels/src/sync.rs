//! The synchronisation shim: `std`'s atomics and `parking_lot`'s locks
//! normally (the very types, at no cost), `loom`'s under `cfg(loom)`,
//! wrapped in `parking_lot`'s API (a `lock` that cannot fail, a condvar
//! `wait` on a guard borrowed mutably), so the kernels compile unchanged.

#[cfg(loom)]
pub use loom::sync::atomic::{fence, AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
#[cfg(loom)]
pub use loom::thread::yield_now;
#[cfg(not(loom))]
pub use parking_lot::{Condvar, Mutex, MutexGuard, RawMutex};
#[cfg(not(loom))]
pub use std::sync::atomic::{fence, AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
#[cfg(not(loom))]
pub use std::thread::yield_now;

/// The operations of a raw (guardless) mutex that the kernels use:
/// `parking_lot`'s `RawMutex` normally, a `loom` stand-in under
/// `cfg(loom)` (`lock_api`'s trait needs a `const` initial value, which
/// `loom`'s atomics cannot give).
pub trait RawLock {
    /// Takes the lock, waiting as long as it takes.
    fn lock(&self);
    /// Takes the lock if it is free.
    fn try_lock(&self) -> bool;
    /// Releases the lock.
    ///
    /// # Safety
    /// The caller holds the lock.
    unsafe fn unlock(&self);
    /// True while some thread holds the lock.
    fn is_locked(&self) -> bool;
}

#[cfg(not(loom))]
impl RawLock for RawMutex {
    #[inline(always)]
    fn lock(&self) {
        lock_api::RawMutex::lock(self)
    }
    #[inline(always)]
    fn try_lock(&self) -> bool {
        lock_api::RawMutex::try_lock(self)
    }
    #[inline(always)]
    unsafe fn unlock(&self) {
        // SAFETY: the caller holds the lock (this method's contract).
        unsafe { lock_api::RawMutex::unlock(self) }
    }
    #[inline(always)]
    fn is_locked(&self) -> bool {
        lock_api::RawMutex::is_locked(self)
    }
}

#[cfg(loom)]
pub use self::loom_locks::RawMutex;

#[cfg(loom)]
pub use self::loom_locks::{Condvar, Mutex, MutexGuard};

#[cfg(loom)]
mod loom_locks {
    use super::Ordering;
    use std::ops::{Deref, DerefMut};

    /// `loom`'s mutex with `parking_lot`'s API.
    #[derive(Default)]
    pub struct Mutex<T>(loom::sync::Mutex<T>);

    /// The guard of a [`Mutex`]; empty only inside [`Condvar::wait`].
    pub struct MutexGuard<'a, T>(Option<loom::sync::MutexGuard<'a, T>>);

    impl<T> Mutex<T> {
        pub fn new(value: T) -> Mutex<T> {
            Mutex(loom::sync::Mutex::new(value))
        }

        pub fn lock(&self) -> MutexGuard<'_, T> {
            MutexGuard(Some(self.0.lock().unwrap_or_else(|e| e.into_inner())))
        }
    }

    impl<T> Deref for MutexGuard<'_, T> {
        type Target = T;
        fn deref(&self) -> &T {
            self.0.as_ref().expect("guard held")
        }
    }

    impl<T> DerefMut for MutexGuard<'_, T> {
        fn deref_mut(&mut self) -> &mut T {
            self.0.as_mut().expect("guard held")
        }
    }

    /// A raw mutex for models: `parking_lot`'s fast path (an Acquire
    /// compare-exchange to take, a Release store to give back), with a
    /// yield to loom's scheduler instead of parking while it is held.
    #[derive(Default)]
    pub struct RawMutex(loom::sync::atomic::AtomicBool);

    impl RawMutex {
        pub fn new() -> RawMutex {
            RawMutex(loom::sync::atomic::AtomicBool::new(false))
        }
    }

    impl super::RawLock for RawMutex {
        fn lock(&self) {
            while !self.try_lock() {
                loom::thread::yield_now();
            }
        }
        fn try_lock(&self) -> bool {
            self.0
                .compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed)
                .is_ok()
        }
        unsafe fn unlock(&self) {
            self.0.store(false, Ordering::Release);
        }
        fn is_locked(&self) -> bool {
            self.0.load(Ordering::Relaxed)
        }
    }

    /// `loom`'s condition variable with `parking_lot`'s API.
    #[derive(Default)]
    pub struct Condvar(loom::sync::Condvar);

    impl Condvar {
        pub fn new() -> Condvar {
            Condvar(loom::sync::Condvar::new())
        }

        pub fn wait<T>(&self, guard: &mut MutexGuard<'_, T>) {
            let held = guard.0.take().expect("guard held");
            guard.0 = Some(self.0.wait(held).unwrap_or_else(|e| e.into_inner()));
        }

        pub fn notify_all(&self) {
            self.0.notify_all();
        }
    }
}
