//! The specialization policy entry points called by the eval loop's
//! adaptive instructions. (The family policies land with the specializer
//! issue; today every instruction runs its generic path.)

use crate::code::CodeObject;
use crate::eval::Frame;
use crate::function::CallArgs;
use crate::ops;
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};
use weft_specializer::{BinaryOperator, Opcode};

/// `LOAD_GLOBAL`: globals, then builtins.
#[inline(always)]
pub fn load_global(vm: &Vm, f: &Frame, _op: Opcode, _at: usize, name: &ObjRef) -> PyResult<Value> {
    if let Some(v) = vm.dict_of(&f.globals).get_str(name) {
        return Ok(v);
    }
    if let Some(v) = vm.dict_of(vm.interp.builtins_dict()).get_str(name) {
        return Ok(v);
    }
    Err(vm.name_error(name.as_str().unwrap_or("?")))
}

/// `BINARY_OP`
#[inline(always)]
pub fn binary_op(
    vm: &Vm,
    _f: &Frame,
    _op: Opcode,
    _at: usize,
    a: &Value,
    b: &Value,
    bop: BinaryOperator,
) -> PyResult<Value> {
    ops::binary_op(vm, a, b, bop)
}

/// `CALL`
#[inline(always)]
pub fn call(
    vm: &Vm,
    _code: &'static CodeObject,
    _op: Opcode,
    _at: usize,
    callable: &Value,
    args: CallArgs,
) -> PyResult<Value> {
    vm.call_args(callable, args)
}
