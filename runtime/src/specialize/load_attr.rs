//! `LOAD_ATTR` family: INSTANCE_VALUE (instance dict entry, by index,
//! validated by key identity), SLOT (`__slots__` member), METHOD_WITH_VALUES
//! / METHOD_NO_DICT (a plain function on the class, bound without
//! allocating), MODULE (module dict entry), CLASS (an attribute of a class
//! object itself, cached in the instruction when immortal or immediate and
//! guarded by that class's type version). Every instance variant guards
//! on the class's type version, which moves on any change to the class or
//! a base, so a property or method added later is never bypassed.

use super::{
    account, decode_unowned, encode_unowned, guard_for, pack, payload_of, version_of, Attempt,
};
use crate::attrs::slot_member;
use crate::eval::Frame;
use crate::object::{Object, Payload};
use crate::typeobj::{current_instance_attr_epoch, instance_attr_epoch, BaseKind};
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};
use weft_specializer::Opcode;

fn attempt(vm: &Vm, obj: &Value, name: &ObjRef, method: bool) -> Attempt {
    let n = name.as_str().unwrap_or("");
    if n.starts_with("__") {
        return Err("special name");
    }
    let Value::Obj(o) = obj else {
        return Err("immediate owner");
    };
    match &o.payload {
        Payload::Module(m) => {
            let d = vm.dict_of(&m.dict);
            let ix = d.index_of_str(name).ok_or("module attribute missing")?;
            let w = pack(Opcode::LOAD_ATTR_MODULE, d.keys_version(), ix).ok_or("out of range")?;
            return Ok((Opcode::LOAD_ATTR_MODULE, vec![w]));
        }
        Payload::Type(owner) => {
            if !std::ptr::eq(o.class(), crate::builtins::types::types().type_) {
                return Err("class with a metaclass");
            }
            // Version first: any change after this load moves it.
            let ver = owner.assign_version();
            let v = vm
                .get_attr(obj, name)
                .map_err(|_| "class attribute missing")?;
            let cached = encode_unowned(&v).ok_or("class attribute is not immortal")?;
            let w = pack(Opcode::LOAD_ATTR_CLASS, ver, 0).ok_or("no version")?;
            return Ok((Opcode::LOAD_ATTR_CLASS, vec![w, cached]));
        }
        Payload::Super(..) => return Err("super object"),
        _ => {}
    }
    let td = o.class().type_data_of_self();
    if td.builtin {
        return Err("built-in class");
    }
    if td.base_kind == BaseKind::ThreadLocal {
        return Err("thread-local object");
    }
    let ver = td.assign_version();
    let descr = td.lookup(name);
    if let Some(d) = &descr {
        if let Some(sm) = slot_member(d) {
            return Ok((
                Opcode::LOAD_ATTR_SLOT,
                vec![pack(Opcode::LOAD_ATTR_SLOT, ver, sm.index).ok_or("out of range")?],
            ));
        }
        if let Value::Obj(dobj) = d {
            match &dobj.payload {
                Payload::Property(_) => return Err("property"),
                Payload::Function(_) if method => {
                    let shadowed = o
                        .dict
                        .as_ref()
                        .map(|dd| vm.dict_of(dd).get_str(name).is_some())
                        .unwrap_or(false);
                    if shadowed {
                        return Err("method shadowed by instance attribute");
                    }
                    dobj.make_immortal();
                    let ptr = &**dobj as *const Object as u64;
                    let variant = if o.dict.is_some() {
                        Opcode::LOAD_ATTR_METHOD_WITH_VALUES
                    } else {
                        Opcode::LOAD_ATTR_METHOD_NO_DICT
                    };
                    return Ok((
                        variant,
                        vec![pack(variant, ver, 0).ok_or("no version")?, ptr],
                    ));
                }
                _ => {}
            }
        }
    }
    let Some(dd) = &o.dict else {
        return Err("no instance dict");
    };
    let ix = vm
        .dict_of(dd)
        .index_of_str(name)
        .ok_or("attribute not in instance dict")?;
    if ix >= EPOCH_GUARDED {
        return Err("index out of range");
    }
    // Guard on the instance-attribute epoch where no class shadows the name
    // (the site then serves instances of every class), else on this class.
    let guard = match (&o.payload, instance_attr_epoch(n)) {
        (Payload::Plain, Some(epoch)) => {
            pack(Opcode::LOAD_ATTR_INSTANCE_VALUE, epoch, ix | EPOCH_GUARDED)
        }
        _ => pack(Opcode::LOAD_ATTR_INSTANCE_VALUE, ver, ix),
    };
    Ok((
        Opcode::LOAD_ATTR_INSTANCE_VALUE,
        vec![guard.ok_or("out of range")?],
    ))
}

/// Payload bit of the `*_INSTANCE_VALUE` variants: the guard's version is
/// the instance-attribute epoch (any plain instance), not a type version.
pub const EPOCH_GUARDED: usize = 1 << 23;

/// Whether an `*_INSTANCE_VALUE` guard word admits `o`: its class's type
/// version, or, for epoch-guarded sites, the epoch and a plain instance.
#[inline(always)]
pub fn instance_guard_holds(o: &Object, w: u64) -> bool {
    if payload_of(w) & EPOCH_GUARDED != 0 {
        version_of(w) == current_instance_attr_epoch() && matches!(o.payload, Payload::Plain)
    } else {
        class_version(o) == version_of(w)
    }
}

#[inline(always)]
fn class_version(o: &Object) -> u32 {
    o.class().type_data_of_self().version()
}

/// Executes any member of the family on the owner at the top of the stack.
#[inline(always)]
pub fn execute(
    vm: &Vm,
    f: &mut Frame,
    op: Opcode,
    arg: u32,
    at: usize,
    name: &ObjRef,
) -> PyResult<()> {
    let method = arg & 1 != 0;
    let obj = f.stack.pop().unwrap_or(Value::Null);
    let units = &f.code.units;
    // (value, self-or-null) on a hit.
    let fast: Option<(Value, Value)> = match (op, &obj) {
        (Opcode::LOAD_ATTR_INSTANCE_VALUE, Value::Obj(o)) => {
            let w = guard_for(units, at, op).unwrap_or(0);
            if w != 0 && instance_guard_holds(o, w) {
                o.dict
                    .as_ref()
                    .and_then(|d| {
                        vm.dict_of(d)
                            .value_at_if_key(payload_of(w) & !EPOCH_GUARDED, name)
                    })
                    .map(|v| (v, Value::Null))
            } else {
                None
            }
        }
        (Opcode::LOAD_ATTR_SLOT, Value::Obj(o)) => {
            let w = guard_for(units, at, op).unwrap_or(0);
            if w != 0 && class_version(o) == version_of(w) {
                o.slots
                    .get(payload_of(w))
                    .map(|c| c.lock().clone())
                    .filter(|v| !v.is_null())
                    .map(|v| (v, Value::Null))
            } else {
                None
            }
        }
        (
            Opcode::LOAD_ATTR_METHOD_WITH_VALUES | Opcode::LOAD_ATTR_METHOD_NO_DICT,
            Value::Obj(o),
        ) => {
            match units.read_payload2(at) {
                Some((w, ptr))
                    if w & 0xff == op as u8 as u64
                        && class_version(o) == version_of(w)
                        && ptr != 0 =>
                {
                    let unshadowed = match &o.dict {
                        Some(d) => vm.dict_of(d).get_str(name).is_none(),
                        None => true,
                    };
                    if unshadowed {
                        // SAFETY: `ptr` was stored by `attempt` from an
                        // object it made immortal first, so it is never
                        // freed; `read_payload2` returned it together with
                        // the guard word it was published with, and that
                        // guard (a type version unique to one class state)
                        // matched, so it is the method this class holds.
                        let func = ObjRef::from_object(unsafe { &*(ptr as *const Object) });
                        Some((Value::Obj(func), obj.clone()))
                    } else {
                        None
                    }
                }
                _ => None,
            }
        }
        (Opcode::LOAD_ATTR_CLASS, Value::Obj(o)) => match (&o.payload, units.read_payload2(at)) {
            (Payload::Type(td), Some((w, cached)))
                if w & 0xff == op as u8 as u64 && cached != 0 && td.version() == version_of(w) =>
            {
                Some((decode_unowned(cached), Value::Null))
            }
            _ => None,
        },
        (Opcode::LOAD_ATTR_MODULE, Value::Obj(o)) => match &o.payload {
            Payload::Module(m) => {
                let w = guard_for(units, at, op).unwrap_or(0);
                let d = vm.dict_of(&m.dict);
                if w != 0 && version_of(w) == d.keys_version() {
                    d.value_at_if_key(payload_of(w), name)
                        .map(|v| (v, Value::Null))
                } else {
                    None
                }
            }
            _ => None,
        },
        _ => None,
    };
    account(units, at, op, fast.is_some(), || {
        attempt(vm, &obj, name, method)
    });
    let (v, slf) = match fast {
        Some(hit) => hit,
        None => {
            if method {
                crate::attrs::load_method(vm, &obj, name)?
            } else {
                (vm.get_attr(&obj, name)?, Value::Null)
            }
        }
    };
    f.stack.push(v);
    if method {
        f.stack.push(slf);
    }
    Ok(())
}
