//! `STORE_ATTR` family: INSTANCE_VALUE (store into the instance dict, of
//! a user class or of a built-in class whose instances carry one, such as
//! functions) and SLOT (store into a `__slots__` member), guarded by the
//! class's type version (which also covers `__setattr__` overrides and data
//! descriptors added later) or the instance-attribute epoch; WITH_HINT
//! (store to an existing module attribute, `mod.x = v`), guarded by the
//! module dict's keys version, which pins the key at its entry (the hint):
//! the store only overwrites a value.

use super::load_attr::{instance_guard_holds, EPOCH_GUARDED};
use super::{adapt, guard_for, miss, pack, payload_of, stats, version_of, Attempt};
use crate::attrs::slot_member;
use crate::eval::Frame;
use crate::object::Payload;
use crate::typeobj::instance_attr_epoch;
use crate::typeobj::BaseKind;
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};
use weft_specializer::Opcode;

fn attempt(vm: &Vm, obj: &Value, name: &ObjRef) -> Attempt {
    if name.as_str().unwrap_or("").starts_with("__") {
        return Err("special name");
    }
    let Value::Obj(o) = obj else {
        return Err("immediate owner");
    };
    match &o.payload {
        Payload::Type(_) => return Err("class owner"),
        Payload::Module(m) => {
            // WITH_HINT: a module attribute that exists. While the module
            // dict's keys version holds, the key stays at its entry (the
            // hint), so the store overwrites a value and never inserts.
            let d = vm.dict_of(&m.dict);
            let version = d.keys_version();
            let ix = d.index_of_str(name).ok_or("module attribute missing")?;
            let w = pack(
                Opcode::STORE_ATTR_WITH_HINT,
                version,
                ix.min(EPOCH_GUARDED - 1),
            )
            .ok_or("no version")?;
            return Ok((Opcode::STORE_ATTR_WITH_HINT, vec![w]));
        }
        _ => {}
    }
    let td = o.class().type_data_of_self();
    if td.base_kind == BaseKind::ThreadLocal {
        return Err("thread-local class");
    }
    if td.builtin && o.dict.is_none() {
        return Err("built-in class without instance dicts");
    }
    // Version first: any change after this load moves it.
    let ver = td.assign_version();
    let custom_setattr = matches!(td.lookup(&crate::strobj::intern_static("__setattr__")), Some(Value::Obj(s)) if !matches!(s.payload, Payload::Builtin(_)));
    if custom_setattr {
        return Err("__setattr__ override");
    }
    if let Some(d) = td.lookup(name) {
        {
            if let Some(sm) = slot_member(&d) {
                return Ok((
                    Opcode::STORE_ATTR_SLOT,
                    vec![pack(Opcode::STORE_ATTR_SLOT, ver, sm.index).ok_or("out of range")?],
                ));
            }
            if matches!(&d, Value::Obj(x) if matches!(x.payload, Payload::Property(_))) {
                return Err("property");
            }
            if crate::attrs::maybe_user_descriptor(&d) {
                return Err("class attribute may be a descriptor");
            }
        }
    }
    if o.dict.is_none() {
        return Err("no instance dict");
    }
    // The hint: where this instance's dict holds the name now (instances
    // built alike hold their attributes at the same entries).
    let hint = o
        .dict
        .as_ref()
        .and_then(|d| vm.dict_of(d).index_of_str(name))
        .filter(|ix| *ix < NO_HINT)
        .unwrap_or(NO_HINT);
    let guard = match (&o.payload, instance_attr_epoch(name.as_str().unwrap_or(""))) {
        (Payload::Plain, Some(epoch)) => pack(
            Opcode::STORE_ATTR_INSTANCE_VALUE,
            epoch,
            EPOCH_GUARDED | hint,
        ),
        _ => pack(Opcode::STORE_ATTR_INSTANCE_VALUE, ver, hint),
    };
    Ok((
        Opcode::STORE_ATTR_INSTANCE_VALUE,
        vec![guard.ok_or("no version")?],
    ))
}

/// The INSTANCE_VALUE payload meaning "no entry hint" (the name was not
/// in the instance's dict when the site specialized).
const NO_HINT: usize = EPOCH_GUARDED - 1;

/// Executes any member of the family: `value owner --`.
#[inline(always)]
pub fn execute(vm: &Vm, f: &mut Frame, op: Opcode, at: usize, name: &ObjRef) -> PyResult<()> {
    let obj = f.stack.pop().unwrap_or(Value::Null);
    let v = f.stack.pop().unwrap_or(Value::Null);
    let units = &f.code.units;
    let v = match fast(vm, units, op, at, &obj, name, v) {
        Ok(()) => {
            stats::record(op.family(), stats::Event::Hit);
            return Ok(());
        }
        Err(v) => v,
    };
    if op.is_specialized() {
        miss(units, at, op, || attempt(vm, &obj, name));
    } else {
        stats::record(op.family(), stats::Event::Generic);
        adapt(units, at, op, || attempt(vm, &obj, name));
    }
    vm.set_attr(&obj, name, v)
}

/// The hit of a specialized `op`: stores `v` and returns Ok, or hands `v`
/// back when a guard fails. Runs no Python code, so the eval loop may try
/// it before falling back to [`execute`].
#[inline(always)]
pub(crate) fn fast(
    vm: &Vm,
    units: &weft_specializer::CodeUnits,
    op: Opcode,
    at: usize,
    obj: &Value,
    name: &ObjRef,
    v: Value,
) -> Result<(), Value> {
    let Value::Obj(o) = obj else { return Err(v) };
    let w = guard_for(units, at, op).unwrap_or(0);
    let version_ok =
        w != 0 && !matches!(o.payload, Payload::Module(_)) && instance_guard_holds(o, w);
    match op {
        Opcode::STORE_ATTR_SLOT if version_ok => {
            if let Some(cell) = o.slots.get(payload_of(w)) {
                drop(crate::objlock::swap_value(cell, v));
                return Ok(());
            }
        }
        Opcode::STORE_ATTR_INSTANCE_VALUE if version_ok => {
            if let Some(d) = &o.dict {
                let d = vm.dict_of(d);
                let hint = payload_of(w) & !EPOCH_GUARDED;
                // Overwrite at the hinted entry when it holds the name;
                // else the store is an ordinary insert or update.
                let v = match hint {
                    NO_HINT => v,
                    ix => match d.replace_at_if_key(ix, name, v) {
                        Ok(()) => return Ok(()),
                        Err(v) => v,
                    },
                };
                d.set_str(name.clone(), v);
                return Ok(());
            }
        }
        Opcode::STORE_ATTR_WITH_HINT if w != 0 => {
            if let Payload::Module(m) = &o.payload {
                let d = vm.dict_of(&m.dict);
                if d.keys_version() == version_of(w) {
                    d.set_str(name.clone(), v);
                    return Ok(());
                }
            }
        }
        _ => {}
    }
    Err(v)
}
