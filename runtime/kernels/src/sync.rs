//! The synchronisation shim: `std`'s atomics and `parking_lot`'s locks
//! normally (the very types, at no cost), `loom`'s under `cfg(loom)`,
//! wrapped in `parking_lot`'s API (a `lock` that cannot fail, a condvar
//! `wait` on a guard borrowed mutably), so the kernels compile unchanged.

#[cfg(loom)]
pub use loom::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
#[cfg(not(loom))]
pub use parking_lot::{Condvar, Mutex, MutexGuard};
#[cfg(not(loom))]
pub use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};

#[cfg(loom)]
pub use self::loom_locks::{Condvar, Mutex, MutexGuard};

#[cfg(loom)]
mod loom_locks {
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
