//! The monitoring substrate of Weft (PEP 669 `sys.monitoring`): the
//! event sets and their validation, and the versioned monitoring state
//! that decides which instructions of a code object carry their
//! instrumented twins. The opcode bytes themselves are changed only
//! through `weft_specializer::CodeUnits`' writers (`instrument`,
//! `deinstrument`, `displace`, `restore_displaced`), under the same lock
//! as the specializer's rewrites. Like the specializer it knows nothing
//! of Python objects, so `loom` can model-check it.
//!
//! Not built yet (issue 24): the `sys.monitoring` module, the eval loop's
//! execution of the instrumented opcodes and delivery of events, line and
//! instruction markers driven by line tables, `DISABLE`, and the native
//! tools. Nothing in the runtime calls this crate yet.

pub mod events;
pub mod monitor;
pub mod sync;

pub use monitor::{BrokenTwin, CodeMonitor, Monitor, TOOLS};
