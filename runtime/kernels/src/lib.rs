//! The runtime's small synchronisation algorithms, apart from the runtime
//! so that `loom` can model-check them as they are: type version tags
//! ([`versions`]) and stop-the-world ([`world`]). They know nothing of
//! Python objects; the runtime re-exports them where they used to live
//! (`weft::versions`, `weft::world`). Their atomics and locks come from
//! the [`sync`] shim: `std`/`parking_lot` normally, `loom` under
//! `cfg(loom)` (models: `loom-tests/tests/version_races.rs`,
//! `world_races.rs`).

pub mod sync;
pub mod versions;
pub mod world;
