//! The run-time side of `match` statements: the instructions
//! `MATCH_SEQUENCE`, `MATCH_MAPPING`, `MATCH_KEYS` and `MATCH_CLASS`.
//!
//! Which subjects are sequences and mappings: CPython decides by the
//! class flags that `collections.abc.Sequence`/`Mapping` registration
//! sets. Weft has no such registration yet, so a sequence is a `list`,
//! `tuple` or `range` (or an instance of a subclass of `list`/`tuple`),
//! never a `str`, `bytes` or `bytearray`; a mapping is a `dict` or an
//! instance of a subclass of it (`docs/LANGUAGE_NOTES.md`).

use crate::builtins::list::new_list;
use crate::builtins::tuple::{new_tuple, tuple_items};
use crate::builtins::types::{is_exact, types};
use crate::dict::DictObj;
use crate::function::CallArgs;
use crate::object::{Object, Payload};
use crate::strobj::intern;
use crate::typeobj::{is_subtype, type_data};
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

/// The built-in classes whose single positional sub-pattern matches the
/// subject itself (`case int(n)`), and their subclasses without a
/// `__match_args__` of their own.
const MATCH_SELF: &[&str] = &[
    "bool",
    "bytearray",
    "bytes",
    "dict",
    "float",
    "frozenset",
    "int",
    "list",
    "set",
    "str",
    "tuple",
];

/// True when a sequence pattern may match `v`.
pub fn is_sequence(v: &Value) -> bool {
    let Value::Obj(o) = v else {
        return false;
    };
    let t = types();
    let cls = o.class();
    std::ptr::eq(cls, t.range) || is_subtype(cls, t.list) || is_subtype(cls, t.tuple)
}

/// True when a mapping pattern may match `v`.
pub fn is_mapping(v: &Value) -> bool {
    matches!(v, Value::Obj(o) if is_subtype(o.class(), types().dict))
}

/// `MATCH_KEYS`: the values of `keys` (a tuple) in the mapping `subject`,
/// as a tuple, or None when a key is missing. A key given twice is a
/// `ValueError`. Exact dicts are read directly; other mappings through
/// their `get` method, as CPython does.
pub fn match_keys(vm: &Vm, subject: &Value, keys: &Value) -> PyResult<Value> {
    let keys = tuple_items(keys).unwrap_or_default();
    if keys.is_empty() {
        return Ok(new_tuple(Vec::new()));
    }
    let seen = DictObj::new();
    let exact = is_exact(subject, types().dict);
    let direct = match subject {
        Value::Obj(o) if exact => match &o.payload {
            Payload::Dict(d) => Some(d),
            _ => None,
        },
        _ => None,
    };
    let get = match direct {
        Some(_) => None,
        None => Some(vm.get_attr_str(subject, "get")?),
    };
    // A fresh object no mapping holds: `get(key, missing)` returned it
    // when the key is absent.
    let missing = new_list(Vec::new());
    let mut values = Vec::with_capacity(keys.len());
    for key in keys {
        if seen.get(vm, &key)?.is_some() {
            let r = vm.repr_of(&key)?;
            return Err(vm.value_error(format!("mapping pattern checks duplicate key ({r})")));
        }
        seen.set(vm, key.clone(), Value::None)?;
        let found = match (direct, &get) {
            (Some(d), _) => d.get(vm, &key)?,
            (None, Some(get)) => {
                let v = vm.call(get, &[key, missing.clone()])?;
                if v.is(&missing) {
                    None
                } else {
                    Some(v)
                }
            }
            (None, None) => None,
        };
        match found {
            Some(v) => values.push(v),
            None => return Ok(Value::None),
        }
    }
    Ok(new_tuple(values))
}

/// True when the class `cls` matches its single positional sub-pattern
/// against the subject itself.
fn matches_self(cls: &Object) -> bool {
    let Some(td) = type_data(cls) else {
        return false;
    };
    td.with_mro(|mro| {
        mro.iter().any(|c| {
            type_data(c).is_some_and(|d| d.builtin && MATCH_SELF.contains(&d.name().as_str()))
        })
    })
}

/// `MATCH_CLASS nargs`: when `subject` is an instance of `cls`, the tuple
/// of the attributes its `nargs` positional sub-patterns (named by
/// `cls.__match_args__`) and its keyword sub-patterns (`names`) match
/// against; None when it is not an instance or lacks one of them.
pub fn match_class(
    vm: &Vm,
    subject: &Value,
    cls: &Value,
    nargs: usize,
    names: &Value,
) -> PyResult<Value> {
    let cls_obj: &ObjRef = match cls {
        Value::Obj(o) if matches!(o.payload, Payload::Type(_)) => o,
        _ => return Err(vm.type_error("called match pattern must be a type")),
    };
    let is_instance = crate::builtins::functions::isinstance(
        vm,
        CallArgs {
            args: &[subject.clone(), cls.clone()],
            kwnames: &[],
        },
    )?;
    if !matches!(is_instance, Value::Bool(true)) {
        return Ok(Value::None);
    }
    let cls_name = type_data(cls_obj).map(|d| d.name()).unwrap_or_default();
    let mut seen: Vec<String> = Vec::new();
    let mut attrs = Vec::new();
    // Reads one attribute of the subject: None ends the match (no such
    // attribute); the same attribute twice is a TypeError.
    let attribute = |name: &str, seen: &mut Vec<String>| -> PyResult<Option<Value>> {
        if seen.iter().any(|s| s == name) {
            return Err(vm.type_error(format!(
                "{cls_name}() got multiple sub-patterns for attribute '{name}'"
            )));
        }
        seen.push(name.to_string());
        match vm.get_attr(subject, &intern(name)) {
            Ok(v) => Ok(Some(v)),
            Err(e) if vm.err_matches(&e, types().exc.attribute_error) => Ok(None),
            Err(e) => Err(e),
        }
    };
    if nargs > 0 {
        let match_args = match vm.get_attr_str(cls, "__match_args__") {
            Ok(v) => Some(v),
            Err(e) if vm.err_matches(&e, types().exc.attribute_error) => None,
            Err(e) => return Err(e),
        };
        let (positional, allowed) = match &match_args {
            Some(ma) => {
                if !is_exact(ma, types().tuple) {
                    return Err(vm.type_error(format!(
                        "{cls_name}.__match_args__ must be a tuple (got {})",
                        vm.type_name(ma)
                    )));
                }
                let items = tuple_items(ma).unwrap_or_default();
                let n = items.len();
                (Some(items), n)
            }
            None if matches_self(cls_obj) => (None, 1),
            None => (None, 0),
        };
        if nargs > allowed {
            let plural = if allowed == 1 { "" } else { "s" };
            return Err(vm.type_error(format!(
                "{cls_name}() accepts {allowed} positional sub-pattern{plural} ({nargs} given)"
            )));
        }
        match positional {
            None => attrs.push(subject.clone()),
            Some(items) => {
                for name in items.iter().take(nargs) {
                    let Some(s) = name
                        .as_obj()
                        .filter(|_| is_exact(name, types().str))
                        .and_then(|o| o.as_str())
                    else {
                        return Err(vm.type_error(format!(
                            "__match_args__ elements must be strings (got {})",
                            vm.type_name(name)
                        )));
                    };
                    match attribute(s, &mut seen)? {
                        Some(v) => attrs.push(v),
                        None => return Ok(Value::None),
                    }
                }
            }
        }
    }
    for name in tuple_items(names).unwrap_or_default() {
        let s = name
            .as_obj()
            .and_then(|o| o.as_str())
            .unwrap_or_default()
            .to_string();
        match attribute(&s, &mut seen)? {
            Some(v) => attrs.push(v),
            None => return Ok(Value::None),
        }
    }
    Ok(new_tuple(attrs))
}
