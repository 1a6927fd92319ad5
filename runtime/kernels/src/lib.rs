//! The runtime's small synchronisation algorithms, apart from the runtime
//! so that `loom` can model-check them as they are: type version tags
//! ([`versions`]), stop-the-world ([`world`]), the single-thread phase and
//! reference counts ([`phase`]), the lock of object contents
//! ([`objlock`]) and lock-free read views ([`readview`]). They know
//! nothing of Python objects; the runtime re-exports them where they used
//! to live (`weft::versions`, `weft::world`, `weft::objlock`,
//! `weft::readview`; `weft::value` counts with [`phase::RefCount`]).
//! Their atomics and locks come from the [`sync`] shim:
//! `std`/`parking_lot` normally, `loom` under `cfg(loom)` (models:
//! `loom-tests/tests/{version,world,refcount,objlock,readview}_races.rs`).
//! The read views' epoch reclamation is `crossbeam-epoch`'s own loom
//! build under `cfg(crossbeam_loom)`, which `cfg(loom)` requires.

#[cfg(all(loom, not(crossbeam_loom)))]
compile_error!(
    "the loom build needs crossbeam-epoch's loom build too: \
     RUSTFLAGS=\"--cfg loom --cfg crossbeam_loom\""
);

pub mod objlock;
pub mod phase;
pub mod readview;
pub mod sync;
pub mod versions;
pub mod world;
