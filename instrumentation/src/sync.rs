//! The atomics shim: `std` normally, `loom` under `cfg(loom)`, so the
//! model checks exercise the production monitoring types.

#[cfg(loom)]
pub use loom::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
#[cfg(loom)]
pub use loom::sync::{Mutex, MutexGuard};
#[cfg(not(loom))]
pub use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
#[cfg(not(loom))]
pub use std::sync::{Mutex, MutexGuard};
