//! The adaptive bytecode substrate of Weft: the one opcode table, code
//! units with their side caches, backoff counters, and the
//! specialize/unspecialize compare-exchange protocol. It knows nothing of
//! Python objects, so `loom` can model-check it in isolation.
//!
//! Only the writers that take the code's writers' lock are public
//! (`CodeUnits::rewrite`, `displace`, `restore_displaced`; counter ticks
//! write the counter word, which the protocol lets race). The raw steps
//! they are made of cannot be called from outside, so no caller can
//! publish a payload or change an opcode byte around the lock:
//!
//! ```compile_fail,E0624
//! # use weft_specializer::{CodeUnits, Opcode};
//! let code = CodeUnits::new(&[(Opcode::LOAD_ATTR as u8, 0), (0, 0)], true).unwrap();
//! code.write_payload(0, &[1, 2]);
//! ```
//! ```compile_fail,E0624
//! # use weft_specializer::{CodeUnits, Opcode};
//! let code = CodeUnits::new(&[(Opcode::LOAD_ATTR as u8, 0), (0, 0)], true).unwrap();
//! code.specialize(0, Opcode::LOAD_ATTR_SLOT);
//! ```
//! ```compile_fail,E0624
//! # use weft_specializer::{CodeUnits, Opcode};
//! let code = CodeUnits::new(&[(Opcode::LOAD_ATTR as u8, 0), (0, 0)], true).unwrap();
//! code.compare_exchange_opcode(0, Opcode::LOAD_ATTR, Opcode::LOAD_ATTR_SLOT);
//! ```
//! ```compile_fail,E0599
//! # use weft_specializer::{CodeUnits, Opcode};
//! let code = CodeUnits::new(&[(Opcode::LOAD_ATTR as u8, 0), (0, 0)], true).unwrap();
//! code.unspecialize(0, Opcode::LOAD_ATTR_SLOT);
//! ```
//!
//! The same steps through the lock compile:
//!
//! ```
//! # use weft_specializer::{CodeUnits, Opcode, Rewrite};
//! let code = CodeUnits::new(&[(Opcode::LOAD_ATTR as u8, 0), (0, 0)], true).unwrap();
//! let words = [(1u64 << 32) | Opcode::LOAD_ATTR_SLOT as u64, 2];
//! let published = code.rewrite(0, Opcode::LOAD_ATTR, Some((Opcode::LOAD_ATTR_SLOT, &words)));
//! assert_eq!(published, Rewrite::Done);
//! assert_eq!(code.read_payload2(0, Opcode::LOAD_ATTR_SLOT), Some((words[0], 2)));
//! ```

pub mod code;
pub mod counter;
pub mod opcode;
pub mod sync;

pub use code::{BrokenTwin, CodeError, CodeUnit, CodeUnits, Rewrite};
pub use counter::BackoffCounter;
pub use opcode::{
    comparison_of, BinaryOperator, Family, Opcode, COMPARE_TO_BOOL, FAMILY_CACHE_UNITS,
};
