//! The atomics shim: `std::sync::atomic` normally, `loom::sync::atomic` under
//! `cfg(loom)`, so the model checks exercise the production types.

#[cfg(loom)]
pub use loom::sync::atomic::{
    fence, AtomicPtr, AtomicU16, AtomicU32, AtomicU64, AtomicU8, Ordering,
};
#[cfg(loom)]
pub use loom::sync::Mutex;
#[cfg(not(loom))]
pub use std::sync::atomic::{
    fence, AtomicPtr, AtomicU16, AtomicU32, AtomicU64, AtomicU8, Ordering,
};
#[cfg(not(loom))]
pub use std::sync::Mutex;
