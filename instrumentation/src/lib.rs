//! The monitoring substrate of Weft (PEP 669 `sys.monitoring`): the
//! event sets and their validation, and the versioned monitoring state
//! that decides which instructions of a code object carry their
//! instrumented twins. The opcode bytes themselves are changed only
//! through `weft_specializer::CodeUnits`' writers (`instrument`,
//! `deinstrument`, `displace`, `restore_displaced`), under the same lock
//! as the specializer's rewrites. Like the specializer it knows nothing
//! of Python objects, so `loom` can model-check it.
//!
//! The runtime's `monitoring` module owns `sys.monitoring`, the tool
//! registry and the delivery of events; it calls this crate to decide and
//! apply which slots carry twins or markers (at `RESUME` when a code
//! object's version is stale, before `set_events` returns, on `DISABLE`).

pub mod events;
pub mod monitor;
pub mod sync;

pub use monitor::{BrokenTwin, CodeMonitor, LineTable, Monitor, TOOLS};
