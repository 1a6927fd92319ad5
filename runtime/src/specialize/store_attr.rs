//! `STORE_ATTR` family: INSTANCE_VALUE (store into the instance dict) and
//! SLOT (store into a `__slots__` member), guarded by the class's type
//! version (which also covers `__setattr__` overrides and data
//! descriptors added later). WITH_HINT is reserved for a hinted dict store.

use super::load_attr::{instance_guard_holds, EPOCH_GUARDED};
use super::{adapt, guard_for, miss, pack, payload_of, stats, Attempt};
use crate::attrs::slot_member;
use crate::eval::Frame;
use crate::object::Payload;
use crate::strobj::intern;
use crate::typeobj::instance_attr_epoch;
use crate::typeobj::BaseKind;
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};
use weft_specializer::Opcode;

fn attempt(obj: &Value, name: &ObjRef) -> Attempt {
    if name.as_str().unwrap_or("").starts_with("__") {
        return Err("special name");
    }
    let Value::Obj(o) = obj else {
        return Err("immediate owner");
    };
    if matches!(o.payload, Payload::Type(_) | Payload::Module(_)) {
        return Err("class or module owner");
    }
    let td = o.class().type_data_of_self();
    if td.builtin || td.base_kind == BaseKind::ThreadLocal {
        return Err("built-in or thread-local class");
    }
    let custom_setattr = matches!(td.lookup(&intern("__setattr__")), Some(Value::Obj(s)) if !matches!(s.payload, Payload::Builtin(_)));
    if custom_setattr {
        return Err("__setattr__ override");
    }
    let ver = td.assign_version();
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
        }
    }
    if o.dict.is_none() {
        return Err("no instance dict");
    }
    let guard = match (&o.payload, instance_attr_epoch(name.as_str().unwrap_or(""))) {
        (Payload::Plain, Some(epoch)) => {
            pack(Opcode::STORE_ATTR_INSTANCE_VALUE, epoch, EPOCH_GUARDED)
        }
        _ => pack(Opcode::STORE_ATTR_INSTANCE_VALUE, ver, 0),
    };
    Ok((
        Opcode::STORE_ATTR_INSTANCE_VALUE,
        vec![guard.ok_or("no version")?],
    ))
}

/// Executes any member of the family: `value owner --`.
#[inline(always)]
pub fn execute(vm: &Vm, f: &mut Frame, op: Opcode, at: usize, name: &ObjRef) -> PyResult<()> {
    let obj = f.stack.pop().unwrap_or(Value::Null);
    let v = f.stack.pop().unwrap_or(Value::Null);
    let units = &f.code.units;
    if let Value::Obj(o) = &obj {
        let w = guard_for(units, at, op).unwrap_or(0);
        let version_ok = w != 0 && instance_guard_holds(o, w);
        match op {
            Opcode::STORE_ATTR_SLOT if version_ok => {
                if let Some(cell) = o.slots.get(payload_of(w)) {
                    let old = std::mem::replace(&mut *cell.lock(), v);
                    drop(old);
                    stats::record(op.family(), stats::Event::Hit);
                    return Ok(());
                }
            }
            Opcode::STORE_ATTR_INSTANCE_VALUE if version_ok => {
                if let Some(d) = &o.dict {
                    vm.dict_of(d).set_str(name.clone(), v);
                    stats::record(op.family(), stats::Event::Hit);
                    return Ok(());
                }
            }
            _ => {}
        }
    }
    if op.is_specialized() {
        miss(units, at, op, || attempt(&obj, name));
    } else {
        stats::record(op.family(), stats::Event::Generic);
        adapt(units, at, op, || attempt(&obj, name));
    }
    vm.set_attr(&obj, name, v)
}
