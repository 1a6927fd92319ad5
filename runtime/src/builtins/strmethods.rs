//! The remaining `str` methods (case mapping, padding, predicates,
//! splitting variants, translation).

use crate::builtins::BuiltinRegistry;

/// Registers the remaining str methods.
pub fn register(_r: &mut BuiltinRegistry) {}
