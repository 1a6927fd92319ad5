//! The special methods of built-in types as ordinary methods
//! (`(5).__repr__()`, `[1].__len__()`, `tuple.__hash__(t)`,
//! `set.__or__(a, b)`, `super().__eq__(other)` in a subclass of `list`).
//!
//! Operator dispatch never goes through these (it is native in `ops`);
//! they exist for explicit calls, `type(x).__dict__` and `super()`. Each
//! reaches the payload's native implementation, never a subclass's
//! override, so an override that calls `super()` does not recurse. A
//! receiver whose payload the method cannot handle gets CPython's
//! descriptor `TypeError`; an operand of another kind gets
//! `NotImplemented`.

use crate::builtins::add_method;
use crate::builtins::args::arg_count;
use crate::builtins::types::{not_implemented, types};
use crate::function::CallArgs;
use crate::object::{Object, Payload};
use crate::ops;
use crate::strobj::new_str;
use crate::value::Value;
use crate::vm::{PyResult, Vm};
use weft_specializer::BinaryOperator;

/// The receiver, or the TypeError of a method called without one.
fn receiver<'a>(vm: &Vm, args: &CallArgs<'a>, slot: &str) -> PyResult<&'a Value> {
    args.pos()
        .first()
        .ok_or_else(|| vm.type_error(format!("descriptor '{slot}' needs an argument")))
}

fn wrong_receiver(vm: &Vm, slot: &str, v: &Value) -> crate::vm::PyErr {
    vm.type_error(format!(
        "descriptor '{slot}' requires a built-in object of its class but received a '{}'",
        vm.type_name(v)
    ))
}

fn slot_repr(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "__repr__", &args, 1, 1)?;
    let v = receiver(vm, &args, "__repr__")?;
    let text = match v {
        Value::Obj(o) => crate::builtins::repr::repr_builtin(vm, o, v)?,
        other => vm.repr_of(other)?,
    };
    Ok(new_str(text))
}

fn str_str(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "__str__", &args, 1, 1)?;
    let v = receiver(vm, &args, "__str__")?;
    match v.as_obj().and_then(|o| o.as_str()) {
        Some(s) => Ok(new_str(s.to_string())),
        None => Err(wrong_receiver(vm, "__str__", v)),
    }
}

fn slot_hash(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "__hash__", &args, 1, 1)?;
    let v = receiver(vm, &args, "__hash__")?;
    Ok(Value::Int(match v {
        Value::Obj(o) => vm.native_hash(o)?,
        other => vm.hash(other)?,
    }))
}

fn slot_len(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "__len__", &args, 1, 1)?;
    let v = receiver(vm, &args, "__len__")?;
    match v.as_obj().and_then(|o| ops::native_len(o)) {
        Some(n) => Ok(Value::Int(n as i64)),
        None => Err(wrong_receiver(vm, "__len__", v)),
    }
}

fn slot_contains(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "__contains__", &args, 2, 2)?;
    let v = receiver(vm, &args, "__contains__")?;
    let item = &args.pos()[1];
    let Value::Obj(o) = v else {
        return Err(wrong_receiver(vm, "__contains__", v));
    };
    if let Some(found) = ops::native_contains(vm, o, item)? {
        return Ok(Value::Bool(found));
    }
    if matches!(o.payload, Payload::Range(_) | Payload::BigRange(_)) {
        // A non-int asked of a range: compare it with each item.
        let it = ops::get_iter(vm, v)?;
        while let Some(x) = ops::next(vm, &it)? {
            if x.is(item) || vm.eq_bool(&x, item)? {
                return Ok(Value::Bool(true));
            }
        }
        return Ok(Value::Bool(false));
    }
    Err(wrong_receiver(vm, "__contains__", v))
}

fn slot_iter(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "__iter__", &args, 1, 1)?;
    let v = receiver(vm, &args, "__iter__")?;
    let Value::Obj(o) = v else {
        return Err(wrong_receiver(vm, "__iter__", v));
    };
    match crate::iterators::native_iter_state(vm, o, v)? {
        Some(state) => Ok(crate::iterators::new_iter(state)),
        None => Err(wrong_receiver(vm, "__iter__", v)),
    }
}

fn slot_getitem(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "__getitem__", &args, 2, 2)?;
    let v = receiver(vm, &args, "__getitem__")?;
    let Value::Obj(o) = v else {
        return Err(wrong_receiver(vm, "__getitem__", v));
    };
    crate::builtins::subscript::native_get_item(vm, o, v, &args.pos()[1])
}

fn slot_setitem(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "__setitem__", &args, 3, 3)?;
    let v = receiver(vm, &args, "__setitem__")?;
    let Value::Obj(o) = v else {
        return Err(wrong_receiver(vm, "__setitem__", v));
    };
    let p = args.pos();
    crate::builtins::subscript::native_set_item(vm, o, p[1].clone(), p[2].clone())?;
    Ok(Value::None)
}

fn slot_delitem(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "__delitem__", &args, 2, 2)?;
    let v = receiver(vm, &args, "__delitem__")?;
    let Value::Obj(o) = v else {
        return Err(wrong_receiver(vm, "__delitem__", v));
    };
    crate::builtins::subscript::native_del_item(vm, o, &args.pos()[1])?;
    Ok(Value::None)
}

/// Rich comparison of two payloads of one kind, else `NotImplemented`.
fn payload_cmp(vm: &Vm, args: &CallArgs, name: &str, op: u32) -> PyResult<Value> {
    arg_count(vm, name, args, 2, 2)?;
    let p = args.pos();
    let r = match (&p[0], &p[1]) {
        (Value::Obj(a), Value::Obj(b)) => ops::payload_compare(vm, a, b, op)?,
        _ => None,
    };
    Ok(r.map(Value::Bool).unwrap_or_else(not_implemented))
}

macro_rules! comparison_slots {
    ($($fname:ident => $op:expr, $dunder:literal;)*) => {
        $(
            fn $fname(vm: &Vm, args: CallArgs) -> PyResult<Value> {
                payload_cmp(vm, &args, $dunder, $op)
            }
        )*
        /// Adds the six comparison methods to `cls`.
        fn add_comparisons(cls: &'static Object) {
            $( add_if_absent(cls, $dunder, $fname); )*
        }
    };
}

comparison_slots! {
    slot_lt => 0, "__lt__";
    slot_le => 1, "__le__";
    slot_eq => 2, "__eq__";
    slot_ne => 3, "__ne__";
    slot_gt => 4, "__gt__";
    slot_ge => 5, "__ge__";
}

/// `a <op> b` on native payloads only, else `NotImplemented`.
fn native_binary_slot(vm: &Vm, a: &Value, b: &Value, op: BinaryOperator) -> PyResult<Value> {
    Ok(crate::builtins::arith::native_binary(vm, a, b, op)?.unwrap_or_else(not_implemented))
}

macro_rules! binary_slots {
    ($($fname:ident, $rname:ident => $op:ident, $dunder:literal, $rdunder:literal;)*) => {
        $(
            fn $fname(vm: &Vm, args: CallArgs) -> PyResult<Value> {
                arg_count(vm, $dunder, &args, 2, 2)?;
                let p = args.pos();
                native_binary_slot(vm, &p[0], &p[1], BinaryOperator::$op)
            }
            fn $rname(vm: &Vm, args: CallArgs) -> PyResult<Value> {
                arg_count(vm, $rdunder, &args, 2, 2)?;
                let p = args.pos();
                native_binary_slot(vm, &p[1], &p[0], BinaryOperator::$op)
            }
        )*
    };
}

fn slot_add(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    arg_count(vm, "__add__", &args, 2, 2)?;
    let p = args.pos();
    native_binary_slot(vm, &p[0], &p[1], BinaryOperator::Add)
}

binary_slots! {
    slot_mul, slot_rmul => Multiply, "__mul__", "__rmul__";
    slot_mod, slot_rmod => Remainder, "__mod__", "__rmod__";
    slot_or, slot_ror => Or, "__or__", "__ror__";
    slot_and, slot_rand => And, "__and__", "__rand__";
    slot_sub, slot_rsub => Subtract, "__sub__", "__rsub__";
    slot_xor, slot_rxor => Xor, "__xor__", "__rxor__";
}

/// Adds `f` as `cls.name` unless the class already defines it.
fn add_if_absent(cls: &'static Object, name: &'static str, f: crate::function::NativeFn) {
    if cls
        .type_data_of_self()
        .own_dict()
        .get_by_name(name)
        .is_none()
    {
        add_method(cls, name, f);
    }
}

/// Registers the special methods on every built-in type with a payload.
pub fn register() {
    let t = types();
    for cls in [
        t.int,
        t.bool_,
        t.float,
        t.str,
        t.bytes,
        t.tuple,
        t.list,
        t.dict,
        t.set,
        t.frozenset,
        t.range,
        t.complex,
        t.bytearray,
    ] {
        add_if_absent(cls, "__repr__", slot_repr);
    }
    add_if_absent(t.str, "__str__", str_str);
    for cls in [t.str, t.bytes, t.tuple, t.frozenset, t.range, t.complex] {
        add_if_absent(cls, "__hash__", slot_hash);
    }
    for cls in [t.list, t.dict, t.set, t.bytearray] {
        cls.type_data_of_self()
            .own_dict()
            .set_by_name("__hash__", Value::None);
    }
    for cls in [
        t.str,
        t.bytes,
        t.tuple,
        t.list,
        t.dict,
        t.set,
        t.frozenset,
        t.range,
        t.bytearray,
    ] {
        add_if_absent(cls, "__len__", slot_len);
        add_if_absent(cls, "__contains__", slot_contains);
        add_if_absent(cls, "__iter__", slot_iter);
    }
    for cls in [
        t.str,
        t.bytes,
        t.tuple,
        t.list,
        t.dict,
        t.range,
        t.bytearray,
    ] {
        add_if_absent(cls, "__getitem__", slot_getitem);
    }
    for cls in [t.list, t.dict, t.bytearray] {
        add_if_absent(cls, "__setitem__", slot_setitem);
        add_if_absent(cls, "__delitem__", slot_delitem);
    }
    for cls in [
        t.str,
        t.bytes,
        t.tuple,
        t.list,
        t.set,
        t.frozenset,
        t.bytearray,
    ] {
        add_comparisons(cls);
    }
    for cls in [t.str, t.bytes, t.tuple, t.list, t.bytearray] {
        add_if_absent(cls, "__add__", slot_add);
        add_if_absent(cls, "__mul__", slot_mul);
        add_if_absent(cls, "__rmul__", slot_rmul);
    }
    for cls in [t.str, t.bytes] {
        add_if_absent(cls, "__mod__", slot_mod);
        add_if_absent(cls, "__rmod__", slot_rmod);
    }
    for cls in [t.set, t.frozenset, t.dict] {
        add_if_absent(cls, "__or__", slot_or);
        add_if_absent(cls, "__ror__", slot_ror);
    }
    for cls in [t.set, t.frozenset] {
        add_if_absent(cls, "__and__", slot_and);
        add_if_absent(cls, "__rand__", slot_rand);
        add_if_absent(cls, "__sub__", slot_sub);
        add_if_absent(cls, "__rsub__", slot_rsub);
        add_if_absent(cls, "__xor__", slot_xor);
        add_if_absent(cls, "__rxor__", slot_rxor);
    }
}
