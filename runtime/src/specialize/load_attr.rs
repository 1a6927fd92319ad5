//! `LOAD_ATTR` family: INSTANCE_VALUE (instance dict entry, by index,
//! validated by key identity), WITH_HINT (the index is a hint, then the key
//! is probed: for sites whose instances order their attributes
//! differently), SLOT (`__slots__` member), PROPERTY (a property with a
//! Python getter, called directly), NONDESCRIPTOR_WITH_VALUES / _NO_DICT (a
//! plain class attribute read through an instance, cached in the
//! instruction), METHOD_WITH_VALUES / METHOD_NO_DICT / METHOD_LAZY_DICT (a
//! function or native method descriptor on the class, pushed unbound with
//! the owner as `self`; built-in classes included), MODULE (module dict
//! entry), CLASS (an attribute of a class object itself, cached in the
//! instruction when immortal or immediate and guarded by that class's type
//! version). Every instance variant guards on the class's type version,
//! which moves on any change to the class or a base, so a property or
//! method added later is never bypassed (instance-dict reads of plain
//! instances may guard on the instance-attribute epoch instead).

use super::call::{call_exact, exact_fit};
use super::{
    account, decode_unowned, encode_unowned, guard_for, pack, payload_of, version_of, Attempt,
};
use crate::attrs::slot_member;
use crate::dict::{maybe_instance_key, DictObj};
use crate::eval::Frame;
use crate::object::{Object, Payload};
use crate::typeobj::{current_instance_attr_epoch, instance_attr_epoch, BaseKind};
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};
use weft_specializer::Opcode;

/// True for a class attribute that the method form of `LOAD_ATTR` returns
/// unbound with the owner as `self` (as `attrs::load_method` decides).
fn is_method_descr(d: &Value) -> bool {
    match d {
        Value::Obj(o) => match &o.payload {
            Payload::Function(_) => true,
            Payload::Builtin(b) => b.is_method,
            _ => false,
        },
        _ => false,
    }
}

/// True for a class attribute that an instance read returns as is
/// (`attrs::bind` passes it through): anything but functions, native
/// method descriptors, static/class methods, properties and slots.
fn is_nondescriptor(d: &Value) -> bool {
    match d {
        Value::Obj(o) => match &o.payload {
            Payload::Function(_)
            | Payload::StaticMethod(_)
            | Payload::ClassMethod(_)
            | Payload::Property(_) => false,
            Payload::Builtin(b) => !b.is_method,
            Payload::Native(_) => slot_member(d).is_none(),
            _ => !crate::attrs::maybe_user_descriptor(d),
        },
        _ => true,
    }
}

/// The method variants: `d` (a method descriptor found on the class) is
/// cached (made immortal first); None when the instance dict shadows it.
fn method_variant(vm: &Vm, o: &Object, d: &Value, ver: u32, name: &ObjRef) -> Option<Attempt> {
    let Value::Obj(dobj) = d else { return None };
    if let Some(dd) = &o.dict {
        if vm.dict_of(dd).get_str(name).is_some() {
            return None;
        }
    }
    dobj.make_immortal();
    let ptr = &**dobj as *const Object as u64;
    let variant = if o.dict.is_some() {
        Opcode::LOAD_ATTR_METHOD_WITH_VALUES
    } else if o.class().type_data_of_self().instances_have_dict() {
        Opcode::LOAD_ATTR_METHOD_LAZY_DICT
    } else {
        Opcode::LOAD_ATTR_METHOD_NO_DICT
    };
    Some(
        pack(variant, ver, 0)
            .ok_or("no version")
            .map(|w| (variant, vec![w, ptr])),
    )
}

/// Payload flag of the NONDESCRIPTOR variants: the cached word holds the
/// bits of a float (else it is an `encode_unowned` word).
const FLOAT_VALUE: usize = 1;

#[inline(always)]
fn decode_class_value(w: u64, word: u64) -> Value {
    if payload_of(w) & FLOAT_VALUE != 0 {
        Value::Float(f64::from_bits(word))
    } else {
        decode_unowned(word)
    }
}

fn attempt(
    vm: &Vm,
    obj: &Value,
    name: &ObjRef,
    method: bool,
    current: Opcode,
    prev: u64,
) -> Attempt {
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
            // Version first: any change after this load moves it.
            let version = d.keys_version();
            let ix = d.index_of_str(name).ok_or("module attribute missing")?;
            let w = pack(Opcode::LOAD_ATTR_MODULE, version, ix).ok_or("out of range")?;
            return Ok((Opcode::LOAD_ATTR_MODULE, vec![w]));
        }
        Payload::Type(owner) => {
            if !std::ptr::eq(o.class(), crate::builtins::types::types().type_) {
                return Err("class with a metaclass");
            }
            // Version first: any change after this load moves it.
            let ver = owner.assign_version();
            if owner
                .lookup(name)
                .is_some_and(|d| crate::attrs::maybe_user_descriptor(&d))
            {
                return Err("class attribute may be a descriptor");
            }
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
    if td.base_kind == BaseKind::ThreadLocal {
        return Err("thread-local object");
    }
    // Version first: any change after this load moves it.
    let ver = td.assign_version();
    let descr = td.lookup(name);
    if !td.builtin && crate::attrs::custom_getattribute(obj).is_some() {
        return Err("__getattribute__ override");
    }
    if descr
        .as_ref()
        .is_some_and(crate::attrs::maybe_user_descriptor)
    {
        return Err("class attribute may be a descriptor");
    }
    if td.builtin {
        // Built-in classes (whose dicts never change): only the method form
        // of a native method (`lst.append(x)`, `s.join(parts)`); their other
        // attributes are intrinsics.
        return match &descr {
            Some(d) if method && is_method_descr(d) => {
                method_variant(vm, o, d, ver, name).unwrap_or(Err("built-in class"))
            }
            _ => Err("built-in class"),
        };
    }
    if let Some(d) = &descr {
        if let Some(sm) = slot_member(d) {
            return Ok((
                Opcode::LOAD_ATTR_SLOT,
                vec![pack(Opcode::LOAD_ATTR_SLOT, ver, sm.index).ok_or("out of range")?],
            ));
        }
        if let Value::Obj(dobj) = d {
            if let Payload::Property(p) = &dobj.payload {
                // A data descriptor: it wins over the instance dict.
                return match &p.fget {
                    Value::Obj(g) if matches!(g.payload, Payload::Function(_)) => {
                        g.make_immortal();
                        let w = pack(Opcode::LOAD_ATTR_PROPERTY, ver, 0).ok_or("no version")?;
                        Ok((Opcode::LOAD_ATTR_PROPERTY, vec![w, g.addr() as u64]))
                    }
                    _ => Err("property without a Python getter"),
                };
            }
        }
        if method && is_method_descr(d) {
            if let Some(a) = method_variant(vm, o, d, ver, name) {
                return a;
            }
            // Shadowed by the instance dict: the dict value is the result.
        }
    }
    let in_dict = o
        .dict
        .as_ref()
        .and_then(|dd| vm.dict_of(dd).index_of_str(name));
    if let (Some(d), None) = (&descr, in_dict) {
        if is_nondescriptor(d) {
            if !matches!(o.payload, Payload::Plain) {
                return Err("class attribute of an instance of a built-in subclass");
            }
            let (flags, word) = match d {
                Value::Float(x) => (FLOAT_VALUE, x.to_bits()),
                v => (
                    0,
                    encode_unowned(v).ok_or("class attribute is not immortal")?,
                ),
            };
            let variant = if o.dict.is_some() {
                Opcode::LOAD_ATTR_NONDESCRIPTOR_WITH_VALUES
            } else {
                Opcode::LOAD_ATTR_NONDESCRIPTOR_NO_DICT
            };
            return Ok((
                variant,
                vec![pack(variant, ver, flags).ok_or("no version")?, word],
            ));
        }
    }
    if o.dict.is_none() {
        return Err("no instance dict");
    }
    let ix = in_dict.ok_or("attribute not in instance dict")?;
    // Guard on the instance-attribute epoch where no class shadows the name
    // (the site then serves instances of every class), else on this class.
    let (version, epoch_bit) = match (&o.payload, instance_attr_epoch(n)) {
        (Payload::Plain, Some(epoch)) => (epoch, EPOCH_GUARDED),
        _ => (ver, 0),
    };
    // WITH_HINT: the entry index is only a hint, checked first, then the
    // key is probed. Chosen when the index does not fit, and for a site
    // whose INSTANCE_VALUE guard still holds for this owner but whose index
    // missed (instances that store their attributes in different orders,
    // or dicts that had deletions); it stays WITH_HINT afterwards.
    let index_missed = current == Opcode::LOAD_ATTR_INSTANCE_VALUE
        && prev != 0
        && instance_guard_holds(o, prev)
        && payload_of(prev) & !EPOCH_GUARDED != ix;
    let hinted = ix >= EPOCH_GUARDED || index_missed || current == Opcode::LOAD_ATTR_WITH_HINT;
    let (variant, hint) = if hinted {
        (Opcode::LOAD_ATTR_WITH_HINT, ix.min(EPOCH_GUARDED - 1))
    } else {
        (Opcode::LOAD_ATTR_INSTANCE_VALUE, ix)
    };
    Ok((
        variant,
        vec![pack(variant, version, hint | epoch_bit).ok_or("out of range")?],
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

/// The cached method descriptor of a METHOD variant.
///
/// SAFETY (callers): `ptr` must come from a `read_payload2` pair whose
/// guard matched, as stored by `method_variant` or the PROPERTY branch of
/// `attempt` (or by `call`'s ALLOC_AND_ENTER_INIT attempt, which caches a
/// class's `__init__` the same way).
#[inline(always)]
pub(super) unsafe fn cached_object(ptr: u64) -> ObjRef {
    // SAFETY: `attempt` made the object immortal before storing its
    // address, so it is never freed and the reference stays valid for the
    // rest of the program; the caller read the address together with the
    // guard word it was published with (`read_payload2`), and that guard (a
    // type version unique to one class state) matched, so it is the object
    // this class holds now.
    ObjRef::from_object(unsafe { &*(ptr as *const Object) })
}

/// `LOAD_ATTR_PROPERTY`: calls the cached getter; None when the guard
/// fails.
#[inline(never)]
fn property_fast(
    vm: &Vm,
    units: &weft_specializer::CodeUnits,
    at: usize,
    obj: &Value,
) -> Option<PyResult<Value>> {
    let Value::Obj(o) = obj else { return None };
    let (w, ptr) = units.read_payload2(at, Opcode::LOAD_ATTR_PROPERTY)?;
    if w & 0xff != Opcode::LOAD_ATTR_PROPERTY as u8 as u64
        || class_version(o) != version_of(w)
        || ptr == 0
    {
        return None;
    }
    // SAFETY: the getter was made immortal by `attempt` before its address
    // was stored, and it was read with its matching guard (see
    // `cached_object`).
    let getter = unsafe { cached_object(ptr) };
    let Payload::Function(func) = &getter.payload else {
        return None;
    };
    let mut this = [obj.clone()];
    let state = func.state();
    Some(if exact_fit(state, 1) {
        call_exact(vm, func, state, &mut this)
    } else {
        vm.call_function(&getter, func, crate::function::CallArgs::positional(&this))
    })
}

/// The instance dict and the entry index an `*_INSTANCE_VALUE` or
/// `*_WITH_HINT` variant `op` at `at` reads, when its guard admits `o`.
#[inline(always)]
fn guarded_instance_dict<'a>(
    vm: &Vm,
    units: &weft_specializer::CodeUnits,
    op: Opcode,
    at: usize,
    o: &'a Object,
) -> Option<(&'a DictObj, usize)> {
    let w = guard_for(units, at, op)?;
    if !instance_guard_holds(o, w) {
        return None;
    }
    Some((vm.dict_of(o.dict.as_ref()?), payload_of(w) & !EPOCH_GUARDED))
}

/// The hit of `LOAD_ATTR_INSTANCE_VALUE`: the attribute's value, or None
/// when a guard fails (the eval loop's own arm, whose result replaces the
/// owner in registers; `fast` uses it too).
#[inline(always)]
pub(crate) fn instance_value(
    vm: &Vm,
    units: &weft_specializer::CodeUnits,
    at: usize,
    obj: &Value,
    name: &ObjRef,
) -> Option<Value> {
    let Value::Obj(o) = obj else { return None };
    let (d, ix) = guarded_instance_dict(vm, units, Opcode::LOAD_ATTR_INSTANCE_VALUE, at, o)?;
    d.value_at_if_key(ix, name)
}

/// LOAD_ATTR_SLOT's fast path: the value in the slot the cache names,
/// when the owner's class still has the cached version and the slot is
/// set. The eval loop's own arm (it needs no name), and `fast`'s.
#[inline(always)]
pub(crate) fn slot(units: &weft_specializer::CodeUnits, at: usize, obj: &Value) -> Option<Value> {
    let Value::Obj(o) = obj else { return None };
    let w = guard_for(units, at, Opcode::LOAD_ATTR_SLOT)?;
    if class_version(o) != version_of(w) {
        return None;
    }
    let v = crate::objlock::load_value(o.slots.get(payload_of(w))?);
    (!v.is_null()).then_some(v)
}

/// The fast path of a specialized `op` (PROPERTY apart): Some((value,
/// self-or-null)) on a hit, None when a guard fails. Pure, so the eval
/// loop may try it before falling back to [`execute`].
#[inline(always)]
pub(crate) fn fast(
    vm: &Vm,
    units: &weft_specializer::CodeUnits,
    op: Opcode,
    at: usize,
    obj: &Value,
    name: &ObjRef,
) -> Option<(Value, Value)> {
    let Value::Obj(o) = obj else { return None };
    let found = |v: Option<Value>| v.map(|v| (v, Value::Null));
    match op {
        Opcode::LOAD_ATTR_INSTANCE_VALUE => found(instance_value(vm, units, at, obj, name)),
        Opcode::LOAD_ATTR_WITH_HINT => {
            let (d, ix) = guarded_instance_dict(vm, units, op, at, o)?;
            found(d.value_at_if_key(ix, name).or_else(|| d.get_str(name)))
        }
        Opcode::LOAD_ATTR_SLOT => slot(units, at, obj).map(|v| (v, Value::Null)),
        Opcode::LOAD_ATTR_METHOD_WITH_VALUES
        | Opcode::LOAD_ATTR_METHOD_NO_DICT
        | Opcode::LOAD_ATTR_METHOD_LAZY_DICT => {
            let (w, ptr) = units.read_payload2(at, op)?;
            if w & 0xff != op as u8 as u64 || class_version(o) != version_of(w) || ptr == 0 {
                return None;
            }
            let unshadowed = match (&o.dict, op) {
                (
                    Some(d),
                    Opcode::LOAD_ATTR_METHOD_WITH_VALUES | Opcode::LOAD_ATTR_METHOD_NO_DICT,
                ) => !maybe_instance_key(name) || vm.dict_of(d).get_str(name).is_none(),
                (Some(_), _) => false,
                (None, _) => true,
            };
            // SAFETY: `ptr` and `w` come from one `read_payload2` and the
            // guard matched (see `cached_object`).
            unshadowed.then(|| (Value::Obj(unsafe { cached_object(ptr) }), obj.clone()))
        }
        Opcode::LOAD_ATTR_NONDESCRIPTOR_WITH_VALUES | Opcode::LOAD_ATTR_NONDESCRIPTOR_NO_DICT => {
            let (w, word) = units.read_payload2(at, op)?;
            if w & 0xff != op as u8 as u64 || class_version(o) != version_of(w) {
                return None;
            }
            let unshadowed = match (&o.dict, op) {
                (Some(d), Opcode::LOAD_ATTR_NONDESCRIPTOR_WITH_VALUES) => {
                    !maybe_instance_key(name) || vm.dict_of(d).get_str(name).is_none()
                }
                (None, Opcode::LOAD_ATTR_NONDESCRIPTOR_NO_DICT) => true,
                _ => false,
            };
            unshadowed.then(|| (decode_class_value(w, word), Value::Null))
        }
        Opcode::LOAD_ATTR_CLASS => match (&o.payload, units.read_payload2(at, op)) {
            (Payload::Type(td), Some((w, cached)))
                if w & 0xff == op as u8 as u64 && cached != 0 && td.version() == version_of(w) =>
            {
                Some((decode_unowned(cached), Value::Null))
            }
            _ => None,
        },
        Opcode::LOAD_ATTR_MODULE => match &o.payload {
            Payload::Module(m) => {
                let w = guard_for(units, at, op)?;
                let d = vm.dict_of(&m.dict);
                if version_of(w) == d.keys_version() {
                    found(d.value_at_if_key(payload_of(w), name))
                } else {
                    None
                }
            }
            _ => None,
        },
        _ => None,
    }
}

/// Accounts an execution that ran the generic path (a miss or the
/// adaptive base), adapting the slot; out of line so that the hit path
/// does not build the attempt's closure.
#[inline(never)]
fn not_hit(
    vm: &Vm,
    units: &weft_specializer::CodeUnits,
    op: Opcode,
    at: usize,
    obj: &Value,
    name: &ObjRef,
    method: bool,
) {
    account(units, at, op, false, || {
        let prev = if op == Opcode::LOAD_ATTR_INSTANCE_VALUE {
            guard_for(units, at, op).unwrap_or(0)
        } else {
            0
        };
        attempt(vm, obj, name, method, op, prev)
    });
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
    let code = f.code;
    let units = &code.units;
    let hit = fast(vm, units, op, at, &obj, name);
    if hit.is_none() && op == Opcode::LOAD_ATTR_PROPERTY {
        // Off the path of the other variants' hits.
        if let Some(r) = property_fast(vm, units, at, &obj) {
            super::stats::record(op.family(), super::stats::Event::Hit);
            f.stack.push(r?);
            if method {
                f.stack.push(Value::Null);
            }
            return Ok(());
        }
    }
    if hit.is_some() {
        super::stats::record(op.family(), super::stats::Event::Hit);
    } else {
        not_hit(vm, units, op, at, &obj, name, method);
    }
    let (v, slf) = match hit {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtins::types::types;
    use crate::exceptions::ExcData;
    use crate::runtime::{Runtime, RuntimeOptions};
    use crate::strobj::intern;
    use weft_specializer::CodeUnits;

    /// METHOD_LAZY_DICT cannot be reached from Python code (instances of
    /// classes with dicts get theirs at allocation), so it is checked on an
    /// object built without its dict: an exception whose class carries
    /// dicts.
    #[test]
    fn method_lazy_dict_serves_dictless_instances_of_classes_with_dicts() {
        let rt = Runtime::new(RuntimeOptions::default());
        let vm = Vm::new(rt.interp().clone(), 1 << 20, false);
        let cls = types().exc.base_exception;
        assert!(cls.type_data_of_self().instances_have_dict());
        let exc = Value::Obj(ObjRef::new(Object::new(
            cls,
            Payload::Exception(Box::new(ExcData::new(Value::None))),
        )));
        let name = intern("with_traceback");
        let units = CodeUnits::new(&[(Opcode::LOAD_ATTR as u8, 1), (0, 0)], true).unwrap();
        let a = attempt(&vm, &exc, &name, true, Opcode::LOAD_ATTR, 0);
        assert!(matches!(a, Ok((Opcode::LOAD_ATTR_METHOD_LAZY_DICT, _))));
        super::super::apply(&units, 0, Opcode::LOAD_ATTR, a);
        let op = units.opcode(0);
        assert_eq!(op, Opcode::LOAD_ATTR_METHOD_LAZY_DICT);
        let (m, slf) = fast(&vm, &units, op, 0, &exc, &name).expect("hit");
        assert!(slf.is(&exc));
        let expected = cls.type_data_of_self().lookup(&name).unwrap();
        assert!(m.is(&expected));
        // The same class with its dict (every exception Python creates) is
        // not this variant's: the guard refuses it.
        let with_dict = Value::Obj(ObjRef::new(Object::new_instance(
            cls,
            Payload::Exception(Box::new(ExcData::new(Value::None))),
        )));
        assert!(fast(&vm, &units, op, 0, &with_dict, &name).is_none());
    }
}
