//! `LOAD_SUPER_ATTR` family: ATTR and METHOD, when the global `super` is
//! the built-in one: the attribute is looked up along the MRO directly,
//! without creating a `super` object.

use super::{account, Attempt};
use crate::builtins::types::types;
use crate::object::Object;
use crate::value::Value;
use weft_specializer::{CodeUnits, Opcode};

/// True when `sup` is the built-in `super`.
pub fn is_builtin_super(sup: &Value) -> bool {
    matches!(sup, Value::Obj(o) if std::ptr::eq(&**o as *const Object, types().super_ as *const Object))
}

fn attempt(sup: &Value, method: bool) -> Attempt {
    if !is_builtin_super(sup) {
        return Err("super is rebound");
    }
    Ok((
        if method {
            Opcode::LOAD_SUPER_ATTR_METHOD
        } else {
            Opcode::LOAD_SUPER_ATTR_ATTR
        },
        Vec::new(),
    ))
}

/// Accounts an execution; true when the direct lookup applies.
#[inline(always)]
pub fn execute(units: &CodeUnits, op: Opcode, at: usize, sup: &Value, method: bool) -> bool {
    let direct = is_builtin_super(sup);
    let hit = direct
        && matches!(
            op,
            Opcode::LOAD_SUPER_ATTR_ATTR | Opcode::LOAD_SUPER_ATTR_METHOD
        );
    account(units, at, op, hit, || attempt(sup, method));
    direct
}
