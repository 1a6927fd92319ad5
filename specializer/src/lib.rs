//! The adaptive bytecode substrate of Weft: the one opcode table, code
//! units with their side caches, backoff counters, and the
//! specialize/unspecialize compare-exchange protocol. It knows nothing of
//! Python objects, so `loom` can model-check it in isolation.

pub mod code;
pub mod counter;
pub mod opcode;
pub mod sync;

pub use code::{CodeError, CodeUnit, CodeUnits, Rewrite};
pub use counter::BackoffCounter;
pub use opcode::{
    comparison_of, BinaryOperator, Family, Opcode, COMPARE_TO_BOOL, FAMILY_CACHE_UNITS,
};
