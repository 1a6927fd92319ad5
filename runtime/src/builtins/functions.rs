//! The built-in functions of the `builtins` module (`print`, `len`,
//! `sorted`, `isinstance`, `getattr`, `round`, `open`, ...).

use crate::builtins::args::{fn_arg_count, positional_arg_count, Args};
use crate::builtins::int::{as_int_like, int_from_bigint};
use crate::builtins::list::{new_list, sort_values};
use crate::builtins::tuple::tuple_items;
use crate::builtins::types::{class_of, class_value, types};
use crate::function::CallArgs;
use crate::iterators::{new_iter, IterState};
use crate::object::{Object, Payload};
use crate::ops;
use crate::strobj::{intern, new_str};
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};
use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive};
use std::io::Write;

/// `-u`: stdout is flushed after every write.
static UNBUFFERED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Makes every write to stdout be flushed at once (`weft -u`).
pub fn set_unbuffered(on: bool) {
    UNBUFFERED.store(on, std::sync::atomic::Ordering::Relaxed);
}

/// Writes text to the process stdout (shared, line-buffered by a lock),
/// unless the interpreter was configured to discard it.
pub fn write_stdout(vm: &Vm, s: &str) {
    if vm.interp.config.discard_stdout {
        return;
    }
    let out = std::io::stdout();
    let mut l = out.lock();
    let _ = l.write_all(s.as_bytes());
    if UNBUFFERED.load(std::sync::atomic::Ordering::Relaxed) {
        let _ = l.flush();
    }
}

/// Flushes stdout.
pub fn flush_stdout() {
    let _ = std::io::stdout().lock().flush();
}

fn print(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let mut sep = " ".to_string();
    let mut end = "\n".to_string();
    let mut file: Option<Value> = None;
    let mut flush = false;
    for (k, v) in args.kwargs() {
        match k {
            "sep" if !v.is_none() => {
                sep = v
                    .as_obj()
                    .and_then(|o| o.as_str())
                    .ok_or_else(|| {
                        vm.type_error(format!(
                            "sep must be None or a string, not {}",
                            vm.type_name(v)
                        ))
                    })?
                    .to_string()
            }
            "end" if !v.is_none() => {
                end = v
                    .as_obj()
                    .and_then(|o| o.as_str())
                    .ok_or_else(|| {
                        vm.type_error(format!(
                            "end must be None or a string, not {}",
                            vm.type_name(v)
                        ))
                    })?
                    .to_string()
            }
            "file" if !v.is_none() => file = Some(v.clone()),
            "flush" => flush = ops::truthy(vm, v)?,
            "sep" | "end" | "file" => {}
            other => {
                return Err(vm.type_error(format!(
                    "'{other}' is an invalid keyword argument for print()"
                )))
            }
        }
    }
    let mut out = String::new();
    for (i, v) in args.pos().iter().enumerate() {
        if i > 0 {
            out.push_str(&sep);
        }
        out.push_str(&vm.str_of(v)?);
    }
    out.push_str(&end);
    match file.or_else(|| crate::modules::sys::replaced_stdout(vm)) {
        // With `sys.stdout = None`, print writes nothing (as CPython).
        Some(f) if f.is_none() => {}
        Some(f) => {
            vm.call_method(&f, "write", &[new_str(out)])?;
            if flush {
                let _ = vm.call_method(&f, "flush", &[]);
            }
        }
        None => {
            write_stdout(vm, &out);
            if flush {
                flush_stdout();
            }
        }
    }
    Ok(Value::None)
}

/// `len(x)` (`CALL_LEN` recognises the builtin by this function).
pub(crate) fn len(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    fn_arg_count(vm, "len", &args, 1, 1)?;
    Ok(Value::Int(ops::len(vm, &args.pos()[0])? as i64))
}

fn repr(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    fn_arg_count(vm, "repr", &args, 1, 1)?;
    Ok(new_str(vm.repr_of(&args.pos()[0])?))
}

fn ascii(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    fn_arg_count(vm, "ascii", &args, 1, 1)?;
    Ok(new_str(crate::builtins::strmod::ascii_of(
        &vm.repr_of(&args.pos()[0])?,
    )))
}

fn abs(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    fn_arg_count(vm, "abs", &args, 1, 1)?;
    let v = &args.pos()[0];
    match v {
        Value::Int(i) => Ok(match i.checked_abs() {
            Some(a) => Value::Int(a),
            None => int_from_bigint(BigInt::from(*i).abs()),
        }),
        Value::Bool(b) => Ok(Value::Int(*b as i64)),
        Value::Float(f) => Ok(Value::Float(f.abs())),
        _ => {
            if let Some(m) = ops::special(v, "__abs__") {
                return vm.call(&m, std::slice::from_ref(v));
            }
            if let Some(b) = as_int_like(v) {
                return Ok(int_from_bigint(b.abs()));
            }
            if let Some(Payload::Float(f)) = v.as_obj().map(|o| &o.payload) {
                return Ok(Value::Float(f.abs()));
            }
            if let Some(c) = crate::builtins::complex::complex_parts(v) {
                return crate::builtins::complex::complex_abs(vm, c);
            }
            Err(vm.type_error(format!("bad operand type for abs(): '{}'", vm.type_name(v))))
        }
    }
}

fn min_max(vm: &Vm, args: CallArgs, is_max: bool) -> PyResult<Value> {
    let name = if is_max { "max" } else { "min" };
    let mut key = Value::None;
    let mut default: Option<Value> = None;
    for (k, v) in args.kwargs() {
        match k {
            "key" => key = v.clone(),
            "default" => default = Some(v.clone()),
            other => {
                return Err(vm.type_error(format!(
                    "'{other}' is an invalid keyword argument for {name}()"
                )))
            }
        }
    }
    let pos = args.pos();
    let items = match pos.len() {
        0 => return Err(vm.type_error(format!("{name} expected at least 1 argument, got 0"))),
        1 => ops::collect_iter(vm, &pos[0])?,
        _ => {
            if default.is_some() {
                return Err(vm.type_error(format!(
                    "Cannot specify a default for {name}() with multiple positional arguments"
                )));
            }
            pos.to_vec()
        }
    };
    if items.is_empty() {
        return match default {
            Some(d) => Ok(d),
            None => Err(vm.value_error(format!("{name}() arg is an empty sequence"))),
        };
    }
    let keyed = !key.is_none();
    let mut best = items[0].clone();
    let mut best_key = if keyed {
        vm.call(&key, std::slice::from_ref(&best))?
    } else {
        best.clone()
    };
    for it in &items[1..] {
        let k = if keyed {
            vm.call(&key, std::slice::from_ref(it))?
        } else {
            it.clone()
        };
        let better = if is_max {
            ops::less_than(vm, &best_key, &k)?
        } else {
            ops::less_than(vm, &k, &best_key)?
        };
        if better {
            best = it.clone();
            best_key = k;
        }
    }
    Ok(best)
}

fn min(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    min_max(vm, args, false)
}
fn max(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    min_max(vm, args, true)
}

fn sum(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let a = Args::parse(vm, "sum", args, &["iterable", "start"], &[], 1)?;
    let mut acc = a.get_or(1, Value::Int(0));
    if let Some(s) = acc.as_obj() {
        match &s.payload {
            Payload::Str(_) => {
                return Err(vm.type_error("sum() can't sum strings [use ''.join(seq) instead]"))
            }
            Payload::Bytes(_) => {
                return Err(vm.type_error("sum() can't sum bytes [use b''.join(seq) instead]"))
            }
            _ => {}
        }
    }
    let it = ops::get_iter(vm, a.get(0).unwrap_or(&Value::None))?;
    while let Some(x) = ops::next(vm, &it)? {
        acc = ops::binary_op(vm, &acc, &x, weft_specializer::BinaryOperator::Add)?;
    }
    Ok(acc)
}

fn sorted(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let pos = args.pos();
    if pos.len() != 1 {
        return Err(vm.type_error(format!("sorted expected 1 argument, got {}", pos.len())));
    }
    let mut key = Value::None;
    let mut reverse = false;
    for (k, v) in args.kwargs() {
        match k {
            "key" => key = v.clone(),
            "reverse" => reverse = ops::truthy(vm, v)?,
            other => {
                return Err(vm.type_error(format!(
                    "sort() got an unexpected keyword argument '{other}'"
                )))
            }
        }
    }
    let mut items = ops::collect_iter(vm, &pos[0])?;
    sort_values(vm, &mut items, &key, reverse)?;
    Ok(new_list(items))
}

/// `reversed(seq)`.
pub(crate) fn reversed(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    positional_arg_count(vm, "reversed", &args, 1, 1)?;
    let v = &args.pos()[0];
    if let Some(m) = ops::special(v, "__reversed__") {
        return vm.call(&m, std::slice::from_ref(v));
    }
    if let Value::Obj(o) = v {
        match &o.payload {
            Payload::BigRange(r) => return Ok(crate::bigrange::reversed(r)),
            Payload::Dict(d) => {
                let mut keys = d.keys();
                keys.reverse();
                return Ok(new_iter(IterState::List {
                    list: new_list(keys),
                    index: 0,
                }));
            }
            Payload::Iter(_) => {
                if let Some(IterState::Dict { .. }) = None::<IterState> {}
                let items = ops::collect_iter(vm, v)?;
                let mut items = items;
                items.reverse();
                return Ok(new_iter(IterState::List {
                    list: new_list(items),
                    index: 0,
                }));
            }
            _ => {}
        }
    }
    let n = ops::len(vm, v)
        .map_err(|_| vm.type_error(format!("'{}' object is not reversible", vm.type_name(v))))?;
    Ok(new_iter(IterState::Reversed {
        seq: v.clone(),
        index: n as i64 - 1,
    }))
}

fn enumerate(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let a = Args::parse(vm, "enumerate", args, &["iterable", "start"], &[], 1)?;
    let it = ops::get_iter(vm, a.get(0).unwrap_or(&Value::None))?;
    let start = a.get_or(1, Value::Int(0));
    if !crate::builtins::int::is_int_like(&start) {
        return Err(vm.type_error(format!(
            "'{}' object cannot be interpreted as an integer",
            vm.type_name(&start)
        )));
    }
    Ok(new_iter(IterState::Enumerate {
        it,
        count: start,
        last: None,
    }))
}

fn zip(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let mut strict = false;
    for (k, v) in args.kwargs() {
        if k == "strict" {
            strict = ops::truthy(vm, v)?;
        } else {
            return Err(vm.type_error(format!("zip() got an unexpected keyword argument '{k}'")));
        }
    }
    let mut iters = Vec::new();
    for (i, v) in args.pos().iter().enumerate() {
        iters.push(ops::get_iter(vm, v).map_err(|_| {
            vm.type_error(format!("zip argument #{} must support iteration", i + 1))
        })?);
    }
    Ok(new_iter(IterState::Zip {
        iters: iters.into(),
        strict,
        done: false,
        last: None,
    }))
}

fn map(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let pos = args.pos();
    if pos.len() < 2 {
        return Err(vm.type_error("map() must have at least two arguments."));
    }
    let mut iters = Vec::new();
    for v in &pos[1..] {
        iters.push(ops::get_iter(vm, v)?);
    }
    Ok(new_iter(IterState::Map {
        func: pos[0].clone(),
        iters: iters.into(),
    }))
}

fn filter(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    positional_arg_count(vm, "filter", &args, 2, 2)?;
    let it = ops::get_iter(vm, &args.pos()[1])?;
    Ok(new_iter(IterState::Filter {
        func: args.pos()[0].clone(),
        it,
    }))
}

/// The `__instancecheck__`/`__subclasscheck__` a metaclass defines in
/// Python for the class `info`, if any.
fn metaclass_hook(info: &Value, hook: &'static str) -> Option<Value> {
    let Value::Obj(o) = info else { return None };
    if !matches!(o.payload, Payload::Type(_)) {
        return None;
    }
    let meta = o.class().type_data_of_self();
    if meta.builtin {
        return None;
    }
    meta.lookup(&crate::strobj::intern_static(hook))
        .filter(|f| !crate::builtins::typecall::is_builtin_func(f))
}

fn classinfo_check(vm: &Vm, cls: &Value, info: &Value, fname: &str) -> PyResult<bool> {
    if let Some(items) = tuple_items(info) {
        for it in &items {
            if classinfo_check(vm, cls, it, fname)? {
                return Ok(true);
            }
        }
        return Ok(false);
    }
    match info {
        Value::Obj(o) if matches!(o.payload, Payload::Type(_)) => {
            let sub: &Object = match cls {
                Value::Obj(c) => c,
                _ => return Ok(false),
            };
            Ok(crate::typeobj::is_subtype(sub, o))
        }
        _ if crate::builtins::genericalias::is_generic_alias(info) => Err(vm.type_error(format!(
            "{fname}() argument 2 cannot be a parameterized generic"
        ))),
        _ => match crate::builtins::genericalias::union_members(info) {
            Some(members) => {
                for m in &members {
                    if classinfo_check(vm, cls, m, fname)? {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
            None => Err(vm.type_error(format!(
                "{fname}() arg 2 must be a type, a tuple of types, or a union"
            ))),
        },
    }
}

/// `isinstance(x, classinfo)` (`CALL_ISINSTANCE` recognises the builtin by
/// this function).
pub(crate) fn isinstance(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    fn_arg_count(vm, "isinstance", &args, 2, 2)?;
    let obj = &args.pos()[0];
    let info = &args.pos()[1];
    let cls = class_value(class_of(obj));
    if let Some(hook) = metaclass_hook(info, "__instancecheck__") {
        if matches!((&cls, info), (Value::Obj(a), Value::Obj(b)) if a.addr() == b.addr()) {
            return Ok(Value::Bool(true));
        }
        let r = vm.call(&hook, &[info.clone(), obj.clone()])?;
        return Ok(Value::Bool(ops::truthy(vm, &r)?));
    }
    if let Some(items) = tuple_items(info) {
        for it in &items {
            if ops::truthy(
                vm,
                &isinstance(vm, CallArgs::positional(&[obj.clone(), it.clone()]))?,
            )? {
                return Ok(Value::Bool(true));
            }
        }
        return Ok(Value::Bool(false));
    }
    Ok(Value::Bool(classinfo_check(
        vm,
        &cls,
        &args.pos()[1],
        "isinstance",
    )?))
}

fn issubclass(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    fn_arg_count(vm, "issubclass", &args, 2, 2)?;
    let c = &args.pos()[0];
    if !matches!(c, Value::Obj(o) if matches!(o.payload, Payload::Type(_))) {
        return Err(vm.type_error("issubclass() arg 1 must be a class"));
    }
    let info = &args.pos()[1];
    if let Some(hook) = metaclass_hook(info, "__subclasscheck__") {
        let r = vm.call(&hook, &[info.clone(), c.clone()])?;
        return Ok(Value::Bool(ops::truthy(vm, &r)?));
    }
    if let Some(items) = tuple_items(info) {
        for it in &items {
            if ops::truthy(
                vm,
                &issubclass(vm, CallArgs::positional(&[c.clone(), it.clone()]))?,
            )? {
                return Ok(Value::Bool(true));
            }
        }
        return Ok(Value::Bool(false));
    }
    Ok(Value::Bool(classinfo_check(
        vm,
        c,
        &args.pos()[1],
        "issubclass",
    )?))
}

fn attr_name(vm: &Vm, v: &Value) -> PyResult<ObjRef> {
    match v.as_obj().and_then(|o| o.as_str()) {
        Some(s) => Ok(intern(s)),
        None => Err(vm.type_error(format!(
            "attribute name must be string, not '{}'",
            vm.type_name(v)
        ))),
    }
}

fn getattr(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    fn_arg_count(vm, "getattr", &args, 2, 3)?;
    let name = attr_name(vm, &args.pos()[1])?;
    match vm.get_attr(&args.pos()[0], &name) {
        Ok(v) => Ok(v),
        Err(e) if args.pos().len() == 3 && vm.err_matches(&e, types().exc.attribute_error) => {
            Ok(args.pos()[2].clone())
        }
        Err(e) => Err(e),
    }
}

fn hasattr(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    fn_arg_count(vm, "hasattr", &args, 2, 2)?;
    let name = attr_name(vm, &args.pos()[1])?;
    match vm.get_attr(&args.pos()[0], &name) {
        Ok(_) => Ok(Value::Bool(true)),
        Err(e) if vm.err_matches(&e, types().exc.attribute_error) => Ok(Value::Bool(false)),
        Err(e) => Err(e),
    }
}

fn setattr(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    fn_arg_count(vm, "setattr", &args, 3, 3)?;
    let name = attr_name(vm, &args.pos()[1])?;
    vm.set_attr(&args.pos()[0], &name, args.pos()[2].clone())?;
    Ok(Value::None)
}

fn delattr(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    fn_arg_count(vm, "delattr", &args, 2, 2)?;
    let name = attr_name(vm, &args.pos()[1])?;
    vm.del_attr(&args.pos()[0], &name)?;
    Ok(Value::None)
}

fn id(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    fn_arg_count(vm, "id", &args, 1, 1)?;
    Ok(Value::Int(match &args.pos()[0] {
        Value::Obj(o) => o.addr() as i64,
        Value::Int(i) => 0x1000_0000 + (*i).wrapping_mul(32),
        Value::Float(f) => 0x2000_0000 + (f.to_bits() >> 4) as i64,
        Value::Bool(b) => 0x100 + *b as i64,
        _ => 0x10,
    }))
}

fn hash(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    fn_arg_count(vm, "hash", &args, 1, 1)?;
    Ok(Value::Int(vm.hash(&args.pos()[0])?))
}

fn iter(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    fn_arg_count(vm, "iter", &args, 1, 2)?;
    if args.pos().len() == 2 {
        return Ok(new_iter(IterState::Callable {
            func: args.pos()[0].clone(),
            sentinel: args.pos()[1].clone(),
            done: false,
        }));
    }
    ops::get_iter(vm, &args.pos()[0])
}

fn next(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    fn_arg_count(vm, "next", &args, 1, 2)?;
    let it = &args.pos()[0];
    let is_iter = match it {
        Value::Obj(o) => {
            matches!(o.payload, Payload::Iter(_))
                || crate::generator::is_plain_generator(o)
                || (matches!(o.payload, Payload::Native(_))
                    && o.type_data()
                        .lookup(&crate::strobj::intern_static("__next__"))
                        .is_some())
                || ops::special(it, "__next__").is_some()
        }
        _ => false,
    };
    if !is_iter {
        return Err(vm.type_error(format!("'{}' object is not an iterator", vm.type_name(it))));
    }
    if let Value::Obj(o) = it {
        if crate::generator::is_plain_generator(o) {
            return match crate::builtins::generator::send_to(vm, it, Value::None)? {
                crate::builtins::generator::SendResult::Yielded(v) => Ok(v),
                crate::builtins::generator::SendResult::Returned(r) => match args.pos().get(1) {
                    Some(d) => Ok(d.clone()),
                    None => Err(vm.stop_iteration(if r.is_none() { None } else { Some(r) })),
                },
            };
        }
        // A Python or native `__next__` raises its own StopIteration
        // (with its value) when there is no default.
        let direct = ops::special(it, "__next__").or_else(|| match &o.payload {
            Payload::Native(_) => o
                .type_data()
                .lookup(&crate::strobj::intern_static("__next__")),
            _ => None,
        });
        if let (Some(m), 1) = (direct, args.pos().len()) {
            return vm.call(&m, std::slice::from_ref(it));
        }
    }
    match ops::next(vm, it)? {
        Some(v) => Ok(v),
        None => match args.pos().get(1) {
            Some(d) => Ok(d.clone()),
            None => Err(vm.stop_iteration(None)),
        },
    }
}

fn callable(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    fn_arg_count(vm, "callable", &args, 1, 1)?;
    Ok(Value::Bool(is_callable(&args.pos()[0])))
}

/// `callable(v)`: a function, class, bound method or an instance whose
/// class defines `__call__`.
pub(crate) fn is_callable(v: &Value) -> bool {
    match v {
        Value::Obj(o) => match &o.payload {
            Payload::Function(_)
            | Payload::Builtin(_)
            | Payload::BoundMethod(..)
            | Payload::Type(_) => true,
            _ => class_of(v)
                .type_data_of_self()
                .lookup(&crate::strobj::intern_static("__call__"))
                .is_some(),
        },
        _ => false,
    }
}

fn chr(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    fn_arg_count(vm, "chr", &args, 1, 1)?;
    let v = &args.pos()[0];
    let Some(b) = as_int_like(v) else {
        return Err(vm.type_error(format!(
            "'{}' object cannot be interpreted as an integer",
            vm.type_name(v)
        )));
    };
    match b.to_u32().and_then(char::from_u32) {
        Some(c) => Ok(crate::builtins::strmod::char_str(c)),
        None => {
            if b.to_u32()
                .map(|x| (0xD800..0xE000).contains(&x))
                .unwrap_or(false)
            {
                Err(crate::strobj::lone_surrogate_error(
                    vm,
                    &format!("chr({b:#x})"),
                ))
            } else {
                Err(vm.value_error("chr() arg not in range(0x110000)"))
            }
        }
    }
}

fn ord(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    fn_arg_count(vm, "ord", &args, 1, 1)?;
    let v = &args.pos()[0];
    match v.as_obj().map(|o| &o.payload) {
        Some(Payload::Str(s)) => {
            if s.char_len() != 1 {
                return Err(vm.type_error(format!(
                    "ord() expected a character, but string of length {} found",
                    s.char_len()
                )));
            }
            Ok(Value::Int(s.char_at(0).map(|c| c as i64).unwrap_or(0)))
        }
        Some(Payload::Bytes(b)) => {
            if b.len() != 1 {
                return Err(vm.type_error(format!(
                    "ord() expected a character, but string of length {} found",
                    b.len()
                )));
            }
            Ok(Value::Int(b[0] as i64))
        }
        _ => Err(vm.type_error(format!(
            "ord() expected string of length 1, but {} found",
            vm.type_name(v)
        ))),
    }
}

fn divmod(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    fn_arg_count(vm, "divmod", &args, 2, 2)?;
    let (a, b) = (&args.pos()[0], &args.pos()[1]);
    if let Some(m) = ops::special(a, "__divmod__") {
        return vm.call(&m, &[a.clone(), b.clone()]);
    }
    if let Some(m) = ops::special(b, "__rdivmod__") {
        return vm.call(&m, &[b.clone(), a.clone()]);
    }
    match crate::builtins::arith::divmod(vm, a, b)? {
        Some(r) => Ok(r),
        None => Err(vm.type_error(format!(
            "unsupported operand type(s) for divmod(): '{}' and '{}'",
            vm.type_name(a),
            vm.type_name(b)
        ))),
    }
}

fn pow(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let a = Args::parse(vm, "pow", args, &["base", "exp", "mod"], &[], 2)?;
    let base = a.get_or(0, Value::None);
    let exp = a.get_or(1, Value::None);
    match a.get(2) {
        Some(m) if !m.is_none() => {
            let (Some(b), Some(e), Some(md)) =
                (as_int_like(&base), as_int_like(&exp), as_int_like(m))
            else {
                return Err(vm.type_error(
                    "pow() 3rd argument not allowed unless all arguments are integers",
                ));
            };
            crate::builtins::int::int_pow(vm, &b, &e, Some(&md))
        }
        _ => ops::binary_op(vm, &base, &exp, weft_specializer::BinaryOperator::Power),
    }
}

fn round(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let a = Args::parse(vm, "round", args, &["number", "ndigits"], &[], 1)?;
    let x = a.get_or(0, Value::None);
    let nd = a.get(1).filter(|v| !v.is_none()).cloned();
    if let Some(m) = ops::special(&x, "__round__") {
        let mut v = vec![x.clone()];
        if let Some(n) = nd {
            v.push(n);
        }
        return vm.call(&m, &v);
    }
    if let Some(b) = as_int_like(&x) {
        return match nd {
            None => Ok(int_from_bigint(b)),
            Some(n) => {
                let n = ops::index_i64(vm, &n)?;
                if n >= 0 {
                    return Ok(int_from_bigint(b));
                }
                let p = num_traits::pow::pow(BigInt::from(10), (-n) as usize);
                let q = num_integer::Integer::div_floor(&b, &p);
                let r = &b - &q * &p;
                let twice = &r * 2;
                let q = if twice > p || (twice == p && num_integer::Integer::is_odd(&q)) {
                    q + 1
                } else {
                    q
                };
                Ok(int_from_bigint(q * p))
            }
        };
    }
    let f = match crate::builtins::int::to_f64(vm, &x)? {
        Some(f) => f,
        None => {
            return Err(vm.type_error(format!(
                "type {} doesn't define __round__ method",
                vm.type_name(&x)
            )))
        }
    };
    match nd {
        None => {
            if f.is_nan() {
                return Err(vm.value_error("cannot convert float NaN to integer"));
            }
            if f.is_infinite() {
                return Err(vm.overflow_error("cannot convert float infinity to integer"));
            }
            let r = f.round();
            let r = if (f - f.trunc()).abs() == 0.5 {
                2.0 * (f / 2.0).round()
            } else {
                r
            };
            crate::builtins::ctors::float_to_int(vm, r)
        }
        Some(n) => {
            let n = ops::index_i64(vm, &n)?;
            crate::format::round_float(f, n)
                .map(Value::Float)
                .map_err(|e| vm.fmt_err(e))
        }
    }
}

fn radix(vm: &Vm, args: CallArgs, r: u32) -> PyResult<Value> {
    fn_arg_count(vm, "hex", &args, 1, 1)?;
    let b = ops::index_of(vm, &args.pos()[0])?;
    Ok(new_str(crate::format::int_to_radix_string(&b, r, true)))
}

fn hex(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    radix(vm, args, 16)
}
fn oct(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    radix(vm, args, 8)
}
fn bin(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    radix(vm, args, 2)
}

fn format(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    fn_arg_count(vm, "format", &args, 1, 2)?;
    let spec = match args.pos().get(1) {
        Some(s) => s
            .as_obj()
            .and_then(|o| o.as_str())
            .ok_or_else(|| {
                vm.type_error(format!(
                    "format() argument 2 must be str, not {}",
                    vm.type_name(s)
                ))
            })?
            .to_string(),
        None => String::new(),
    };
    Ok(new_str(ops::format(vm, &args.pos()[0], &spec)?))
}

fn vars(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    fn_arg_count(vm, "vars", &args, 0, 1)?;
    match args.pos().first() {
        Some(v) => vm
            .get_attr_str(v, "__dict__")
            .map_err(|_| vm.type_error("vars() argument must have __dict__ attribute")),
        None => globals(vm, args),
    }
}

fn globals(vm: &Vm, _args: CallArgs) -> PyResult<Value> {
    match vm.current_globals() {
        Some(g) => Ok(Value::Obj(g)),
        None => Err(vm.runtime_error("globals(): no current frame")),
    }
}

fn any(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    fn_arg_count(vm, "any", &args, 1, 1)?;
    let it = ops::get_iter(vm, &args.pos()[0])?;
    while let Some(x) = ops::next(vm, &it)? {
        if ops::truthy(vm, &x)? {
            return Ok(Value::Bool(true));
        }
    }
    Ok(Value::Bool(false))
}

fn all(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    fn_arg_count(vm, "all", &args, 1, 1)?;
    let it = ops::get_iter(vm, &args.pos()[0])?;
    while let Some(x) = ops::next(vm, &it)? {
        if !ops::truthy(vm, &x)? {
            return Ok(Value::Bool(false));
        }
    }
    Ok(Value::Bool(true))
}

fn input(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    fn_arg_count(vm, "input", &args, 0, 1)?;
    if let Some(p) = args.pos().first() {
        write_stdout(vm, &vm.str_of(p)?);
        flush_stdout();
    }
    let mut line = String::new();
    match vm.detached(|| std::io::stdin().read_line(&mut line)) {
        Ok(0) => Err(vm.new_error(types().exc.eof_error, "EOF when reading a line")),
        Ok(_) => {
            if line.ends_with('\n') {
                line.pop();
                if line.ends_with('\r') {
                    line.pop();
                }
            }
            Ok(new_str(line))
        }
        Err(e) => Err(crate::builtins::oserror::from_io_error(vm, &e, None)),
    }
}

fn build_class(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    crate::builtins::typecall::build_class(vm, args)
}

/// Registers the built-in functions into the builtins namespace.
pub fn register(d: &crate::dict::DictObj) {
    let f: &[(&'static str, crate::function::NativeFn)] = &[
        ("print", print),
        ("len", len),
        ("repr", repr),
        ("ascii", ascii),
        ("abs", abs),
        ("min", min),
        ("max", max),
        ("sum", sum),
        ("sorted", sorted),
        ("isinstance", isinstance),
        ("issubclass", issubclass),
        ("getattr", getattr),
        ("hasattr", hasattr),
        ("setattr", setattr),
        ("delattr", delattr),
        ("id", id),
        ("hash", hash),
        ("iter", iter),
        ("next", next),
        ("callable", callable),
        ("chr", chr),
        ("ord", ord),
        ("divmod", divmod),
        ("pow", pow),
        ("round", round),
        ("hex", hex),
        ("oct", oct),
        ("bin", bin),
        ("format", format),
        ("vars", vars),
        ("globals", globals),
        ("any", any),
        ("all", all),
        ("input", input),
        ("open", crate::builtins::fileio::open),
        ("__build_class__", build_class),
    ];
    for (name, func) in f {
        d.set_by_name(name, crate::builtins::native_function(name, *func));
    }
    register_iterator_types(d);
}

/// The iterator kinds that are types in CPython (`enumerate`, `zip`,
/// `map`, `filter`, `reversed`): the builtins name the iterator class
/// itself, whose `__new__` drops the class argument and builds the
/// iterator, so `isinstance(x, enumerate)` and `type(map)` answer as
/// CPython's do.
fn register_iterator_types(d: &crate::dict::DictObj) {
    macro_rules! type_new {
        ($name:ident, $func:ident) => {
            fn $name(vm: &Vm, args: CallArgs) -> PyResult<Value> {
                if args.args.is_empty() {
                    return Err(vm.type_error(concat!(
                        stringify!($func),
                        ".__new__(): not enough arguments"
                    )));
                }
                $func(
                    vm,
                    CallArgs {
                        args: &args.args[1..],
                        kwnames: args.kwnames,
                    },
                )
            }
        };
    }
    type_new!(enumerate_new, enumerate);
    type_new!(zip_new, zip);
    type_new!(map_new, map);
    type_new!(filter_new, filter);
    type_new!(reversed_new, reversed);
    let kinds: &[(&'static str, crate::function::NativeFn)] = &[
        ("enumerate", enumerate_new),
        ("zip", zip_new),
        ("map", map_new),
        ("filter", filter_new),
        ("reversed", reversed_new),
    ];
    for (name, new) in kinds {
        let cls = crate::iterators::iter_class(name);
        crate::builtins::add_staticmethod(cls, "__new__", *new);
        d.set_by_name(name, class_value(cls));
    }
}
