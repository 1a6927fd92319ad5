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
    account, decode_unowned, encode_unowned, guard_for, interleave, pack, payload_of, version_of,
    Attempt,
};
use crate::eval::Frame;
use crate::object::Payload;
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};
use weft_specializer::Opcode;

fn attempt(vm: &Vm, f: &Frame, name: &ObjRef, current: Opcode) -> Attempt {
    let g = vm.dict_of(&f.globals);
    let b = vm.dict_of(vm.interp.builtins_dict());
    // Every version a guard records is read before the lookups it guards:
    // a change made after these loads moves the version, so the guard
    // misses. Read after a lookup, a version could already include a
    // change the lookup did not see (a global inserted between the
    // globals' miss and the read would be shadowed by the cached builtin
    // until the next key change).
    let values_version = g.values_version();
    let keys_version = g.keys_version();
    let builtins_version = b.keys_version();
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
        let w = pack(Opcode::LOAD_GLOBAL_MODULE_KEYS, keys_version, ix)
            .ok_or("index or version out of range")?;
        return Ok((Opcode::LOAD_GLOBAL_MODULE_KEYS, vec![w]));
    }
    interleave::reach(interleave::Point::GlobalsMissed);
    if let Some(ix) = b.index_of_str(name) {
        let w = pack(Opcode::LOAD_GLOBAL_BUILTIN, keys_version, 0).ok_or("no version")?;
        if ix > u32::MAX as usize || builtins_version == 0 {
            return Err("index or version out of range");
        }
        return Ok((
            Opcode::LOAD_GLOBAL_BUILTIN,
            vec![w, pack_builtin(builtins_version, ix)],
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
            Some((w, builtin)) if w & 0xff == op as u8 as u64 => {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::{Runtime, RuntimeOptions};
    use crate::specialize::{apply, interleave};
    use crate::strobj::intern;
    use weft_specializer::Family;

    /// A module with `def h(): return NAME`, the frame of `h`, and the
    /// unit of its `LOAD_GLOBAL`.
    fn site(rt: &Runtime, vm: &Vm, source: &str) -> (Frame, usize) {
        let m = rt.load_module("lookups", source).expect("module");
        let module = Value::Obj(m.object().clone());
        let Ok(Value::Obj(h)) = vm.get_attr_str(&module, "h") else {
            panic!("no function h");
        };
        let Payload::Function(func) = &h.payload else {
            panic!("h is not a function");
        };
        let code = func.code();
        let (at, _, _) = code
            .units
            .instructions()
            .find(|(_, op, _)| op.family() == Some(Family::LOAD_GLOBAL))
            .expect("a LOAD_GLOBAL");
        (Frame::new(code, func.globals.clone(), None), at)
    }

    /// The site's value after one attempt, as a hit returns it (or the
    /// generic path when the guard misses).
    fn load(vm: &Vm, f: &Frame, at: usize, name: &ObjRef) -> Value {
        let op = f.code.units.opcode(at);
        fast(vm, f, op, at, name).unwrap_or_else(|| generic(vm, f, name).expect("bound"))
    }

    /// A global that another thread inserts after the attempt found the
    /// name missing from the globals, and before it recorded the globals'
    /// keys version, shadows the builtin from then on: the version was
    /// read before the lookup, so the guard misses.
    #[test]
    fn a_global_inserted_during_the_builtin_attempt_shadows_the_builtin() {
        let rt = Runtime::new(RuntimeOptions::default());
        let vm = Vm::new(rt.interp().clone(), 1 << 20, false);
        let (f, at) = site(&rt, &vm, "def h():\n    return len\n");
        let name = intern("len");
        let globals = f.globals.clone();
        let shadow = name.clone();
        interleave::at(interleave::Point::GlobalsMissed, move || {
            let Payload::Dict(d) = &globals.payload else {
                panic!("globals are a dict");
            };
            d.set_str(shadow, Value::Int(42));
        });
        let a = attempt(&vm, &f, &name, Opcode::LOAD_GLOBAL);
        assert!(interleave::ran(), "the insertion landed inside the attempt");
        assert!(matches!(a, Ok((Opcode::LOAD_GLOBAL_BUILTIN, _))));
        apply(&f.code.units, at, Opcode::LOAD_GLOBAL, a);
        assert_eq!(f.code.units.opcode(at), Opcode::LOAD_GLOBAL_BUILTIN);
        assert!(
            matches!(load(&vm, &f, at, &name), Value::Int(42)),
            "the cached builtin shadowed the new global"
        );
    }

    /// A thread that read LOAD_GLOBAL_BUILTIN before the site was
    /// respecialized to another variant finds that variant's payload: the
    /// variant tag of the guard word turns it away.
    #[test]
    fn builtin_hit_refuses_another_variants_payload() {
        let rt = Runtime::new(RuntimeOptions::default());
        let vm = Vm::new(rt.interp().clone(), 1 << 20, false);
        let (f, at) = site(&rt, &vm, "len = 5\ndef h():\n    return len\n");
        let name = intern("len");
        let g = vm.dict_of(&f.globals);
        let b = vm.dict_of(vm.interp.builtins_dict());
        let ix = b.index_of_str(&name).expect("builtin len");
        // A MODULE_KEYS-shaped word whose version field matches the
        // globals' keys version and whose second word names the builtin,
        // as a stale reader of BUILTIN would decode them.
        let guard = pack(Opcode::LOAD_GLOBAL_MODULE_KEYS, g.keys_version(), 0).unwrap();
        let second = pack_builtin(b.keys_version(), ix);
        let units = &f.code.units;
        assert_eq!(
            units.rewrite(
                at,
                Opcode::LOAD_GLOBAL,
                Some((Opcode::LOAD_GLOBAL_MODULE_KEYS, &[guard, second]))
            ),
            weft_specializer::Rewrite::Done
        );
        assert!(
            fast(&vm, &f, Opcode::LOAD_GLOBAL_BUILTIN, at, &name).is_none(),
            "a BUILTIN hit on MODULE_KEYS's payload"
        );
    }
}
