//! `LOAD_GLOBAL` family: MODULE (guard: the globals' values version, which
//! moves on any key or value change; payload: the value itself when it is
//! immortal or immediate, so the hit takes no lock and writes no count —
//! CPython 3.10's opcache design — else the entry index), MODULE_KEYS (for
//! a site whose MODULE guard missed because the namespace's values keep
//! changing: guard: globals keys version; payload: entry index) and BUILTIN
//! (guards: globals and builtins keys versions; payload: builtins entry
//! index). Values read through an entry index are validated by key
//! identity, so a value write (which keeps the keys version) is always
//! seen.

use super::{
    account, decode_unowned, encode_unowned, guard_for, pack, payload_of, version_of, Attempt,
};
use crate::eval::Frame;
use crate::object::Payload;
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};
use weft_specializer::Opcode;

fn attempt(vm: &Vm, f: &Frame, name: &ObjRef, current: Opcode) -> Attempt {
    let g = vm.dict_of(&f.globals);
    let b = vm.dict_of(vm.interp.builtins_dict());
    // Read first: any change after this load moves the version.
    let values_version = g.values_version();
    if let Some(ix) = g.index_of_str(name) {
        let volatile = current == Opcode::LOAD_GLOBAL_MODULE || values_version == 0;
        if !volatile {
            let v = g.value_at_if_key(ix, name).ok_or("namespace changed")?;
            if let Value::Obj(o) = &v {
                // Functions bound at module level live as long as their
                // module, like the classes and methods they sit beside.
                if matches!(o.payload, Payload::Function(_)) {
                    o.make_immortal();
                }
            }
            let w = pack(Opcode::LOAD_GLOBAL_MODULE, values_version, ix)
                .ok_or("index or version out of range")?;
            return Ok((
                Opcode::LOAD_GLOBAL_MODULE,
                vec![w, encode_unowned(&v).unwrap_or(0)],
            ));
        }
        let w = pack(Opcode::LOAD_GLOBAL_MODULE_KEYS, g.keys_version(), ix)
            .ok_or("index or version out of range")?;
        return Ok((Opcode::LOAD_GLOBAL_MODULE_KEYS, vec![w]));
    }
    if let Some(ix) = b.index_of_str(name) {
        let w = pack(Opcode::LOAD_GLOBAL_BUILTIN, g.keys_version(), 0).ok_or("no version")?;
        if ix > u32::MAX as usize {
            return Err("index out of range");
        }
        return Ok((
            Opcode::LOAD_GLOBAL_BUILTIN,
            vec![w, pack_builtin(b.keys_version(), ix)],
        ));
    }
    Err("name not found")
}

/// The second cache word of `LOAD_GLOBAL_BUILTIN`: builtins keys version
/// (high half) and builtins entry index (low half).
fn pack_builtin(builtins_version: u32, ix: usize) -> u64 {
    ((builtins_version as u64) << 32) | ix as u64
}

#[inline(always)]
fn unpack_builtin(word: u64) -> (u32, usize) {
    ((word >> 32) as u32, (word & 0xffff_ffff) as usize)
}

fn generic(vm: &Vm, f: &Frame, name: &ObjRef) -> PyResult<Value> {
    if let Some(v) = vm.dict_of(&f.globals).get_str(name) {
        return Ok(v);
    }
    if let Some(v) = vm.dict_of(vm.interp.builtins_dict()).get_str(name) {
        return Ok(v);
    }
    Err(vm.name_error(name.as_str().unwrap_or("?")))
}

/// Executes any member of the family; pushes the value (and null).
#[inline(always)]
pub fn execute(
    vm: &Vm,
    f: &mut Frame,
    op: Opcode,
    arg: u32,
    at: usize,
    name: &ObjRef,
) -> PyResult<()> {
    let units = &f.code.units;
    let fast = fast(vm, f, op, at, name);
    account(units, at, op, fast.is_some(), || attempt(vm, f, name, op));
    let v = match fast {
        Some(v) => v,
        None => generic(vm, f, name)?,
    };
    f.stack.push(v);
    if arg & 1 != 0 {
        f.stack.push(Value::Null);
    }
    Ok(())
}

/// The hit of a specialized `op`: the global's value, or None when a guard
/// fails. Pure, so the eval loop may try it before falling back to
/// [`execute`].
#[inline(always)]
pub(crate) fn fast(vm: &Vm, f: &Frame, op: Opcode, at: usize, name: &ObjRef) -> Option<Value> {
    let units = &f.code.units;
    match op {
        Opcode::LOAD_GLOBAL_MODULE => match units.read_payload2(at, op) {
            Some((w, cached)) if w & 0xff == op as u8 as u64 => {
                let g = vm.dict_of(&f.globals);
                if version_of(w) != g.values_version() {
                    None
                } else if cached != 0 {
                    Some(decode_unowned(cached))
                } else {
                    g.value_at_if_key(payload_of(w), name)
                }
            }
            _ => None,
        },
        Opcode::LOAD_GLOBAL_MODULE_KEYS => {
            let w = guard_for(units, at, op).unwrap_or(0);
            let g = vm.dict_of(&f.globals);
            if w != 0 && version_of(w) == g.keys_version() {
                g.value_at_if_key(payload_of(w), name)
            } else {
                None
            }
        }
        Opcode::LOAD_GLOBAL_BUILTIN => match units.read_payload2(at, op) {
            Some((w, builtin)) => {
                let g = vm.dict_of(&f.globals);
                let b = vm.dict_of(vm.interp.builtins_dict());
                let (builtins_version, ix) = unpack_builtin(builtin);
                if version_of(w) == g.keys_version() && builtins_version == b.keys_version() {
                    b.value_at_if_key(ix, name)
                } else {
                    None
                }
            }
            _ => None,
        },
        _ => None,
    }
}
