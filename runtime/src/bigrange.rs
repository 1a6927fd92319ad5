//! `range` objects whose bounds or step do not fit an `i64`
//! (`Payload::BigRange`): construction (which picks the small `RangeObj`
//! whenever the bounds fit, so the FOR_ITER_RANGE fast path keeps them),
//! length, indexing and slicing (for small ranges too, so that a slice
//! keeps CPython's bounds), membership, `index`, equality, hashing,
//! iteration, reversal and repr.

use crate::builtins::types::types;
use crate::iterators::{new_iter, IterState};
use crate::object::{Object, Payload, RangeObj};
use crate::ops;
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// A range with arbitrary-precision bounds (step never 0).
#[derive(Clone, Debug)]
pub struct BigRangeObj {
    /// start
    pub start: BigInt,
    /// stop
    pub stop: BigInt,
    /// step
    pub step: BigInt,
    /// Number of elements (computed once).
    pub len: BigInt,
}

fn length(start: &BigInt, stop: &BigInt, step: &BigInt) -> BigInt {
    if step.is_positive() && start < stop {
        (stop - start - 1) / step + 1
    } else if step.is_negative() && start > stop {
        (start - stop - 1) / (-step) + 1
    } else {
        BigInt::zero()
    }
}

/// A `range` value; the small representation when everything fits.
pub fn new_range(start: BigInt, stop: BigInt, step: BigInt) -> Value {
    let payload = match (start.to_i64(), stop.to_i64(), step.to_i64()) {
        (Some(start), Some(stop), Some(step)) => Payload::Range(RangeObj { start, stop, step }),
        _ => {
            let len = length(&start, &stop, &step);
            Payload::BigRange(Box::new(BigRangeObj {
                start,
                stop,
                step,
                len,
            }))
        }
    };
    Value::Obj(ObjRef::new(Object::new(types().range, payload)))
}

/// Any range's (start, stop, step, len) as big ints.
pub fn parts(o: &Object) -> Option<BigRangeObj> {
    match &o.payload {
        Payload::Range(r) => Some(BigRangeObj {
            start: r.start.into(),
            stop: r.stop.into(),
            step: r.step.into(),
            len: r.len().into(),
        }),
        Payload::BigRange(r) => Some((**r).clone()),
        _ => None,
    }
}

impl BigRangeObj {
    fn item(&self, i: &BigInt) -> BigInt {
        &self.start + i * &self.step
    }

    /// The position of `v` in the range, if it is an element.
    pub fn position(&self, v: &BigInt) -> Option<BigInt> {
        if self.len.is_zero() {
            return None;
        }
        let (k, rem) = (v - &self.start).div_rem(&self.step);
        (rem.is_zero() && !k.is_negative() && k < self.len).then_some(k)
    }
}

/// `len(r)` for a big range.
pub fn len(vm: &Vm, r: &BigRangeObj) -> PyResult<usize> {
    r.len
        .to_i64()
        .map(|n| n as usize)
        .ok_or_else(|| vm.overflow_error("Python int too large to convert to C ssize_t"))
}

/// One bound of a slice over `len` items (CPython's long slice indices).
fn slice_bound(
    vm: &Vm,
    v: &Value,
    len: &BigInt,
    step_negative: bool,
    default_low: bool,
) -> PyResult<BigInt> {
    let (lower, upper) = if step_negative {
        (BigInt::from(-1), len - 1)
    } else {
        (BigInt::zero(), len.clone())
    };
    if v.is_none() {
        return Ok(if default_low { lower } else { upper });
    }
    let mut i = ops::index_of(vm, v)?;
    if i.is_negative() {
        i += len;
        if i < lower {
            i = lower;
        }
    } else if i > upper {
        i = upper;
    }
    Ok(i)
}

/// `r[key]` for any range (an index or a slice).
pub fn getitem(vm: &Vm, r: &BigRangeObj, key: &Value) -> PyResult<Value> {
    if let Some(Payload::Slice(a, b, c)) = key.as_obj().map(|o| &o.payload) {
        let step = if c.is_none() {
            BigInt::one()
        } else {
            ops::index_of(vm, c)?
        };
        if step.is_zero() {
            return Err(vm.value_error("slice step cannot be zero"));
        }
        let neg = step.is_negative();
        let start = slice_bound(vm, a, &r.len, neg, !neg)?;
        let stop = slice_bound(vm, b, &r.len, neg, neg)?;
        return Ok(new_range(r.item(&start), r.item(&stop), &r.step * step));
    }
    let is_index =
        crate::builtins::int::is_int_like(key) || ops::special(key, "__index__").is_some();
    if !is_index {
        return Err(vm.type_error(format!(
            "range indices must be integers or slices, not {}",
            vm.type_name(key)
        )));
    }
    let mut i = ops::index_of(vm, key)?;
    if i.is_negative() {
        i += &r.len;
    }
    if i.is_negative() || i >= r.len {
        return Err(vm.index_error("range object index out of range"));
    }
    Ok(crate::builtins::int::int_from_bigint(r.item(&i)))
}

/// Equality of two ranges (as sequences).
pub fn eq(a: &BigRangeObj, b: &BigRangeObj) -> bool {
    a.len == b.len
        && (a.len.is_zero() || (a.start == b.start && (a.len.is_one() || a.step == b.step)))
}

/// `hash(range)`: the hash of `(len, start, step)` with `None` for what
/// does not matter (start and step of an empty range, step of a
/// one-element range).
pub fn hash(vm: &Vm, r: &BigRangeObj) -> PyResult<i64> {
    let big = |b: &BigInt| crate::numhash::hash_bigint(b);
    let none = vm.hash(&Value::None)?;
    let hs = if r.len.is_zero() {
        [big(&r.len), none, none]
    } else if r.len.is_one() {
        [big(&r.len), big(&r.start), none]
    } else {
        [big(&r.len), big(&r.start), big(&r.step)]
    };
    Ok(crate::numhash::hash_tuple(&hs))
}

/// `repr(range)`.
pub fn repr(r: &BigRangeObj) -> String {
    if r.step.is_one() {
        format!("range({}, {})", r.start, r.stop)
    } else {
        format!("range({}, {}, {})", r.start, r.stop, r.step)
    }
}

/// An iterator over a big range.
pub fn iter(r: &BigRangeObj) -> Value {
    new_iter(IterState::BigRange {
        next: r.start.clone(),
        step: r.step.clone(),
        remaining: r.len.clone(),
    })
}

/// `reversed(range)` for a big range.
pub fn reversed(r: &BigRangeObj) -> Value {
    let last = if r.len.is_zero() {
        r.start.clone()
    } else {
        r.item(&(&r.len - 1))
    };
    new_iter(IterState::BigRange {
        next: last,
        step: -&r.step,
        remaining: r.len.clone(),
    })
}

/// One step of a big range iterator.
pub fn next(next: &mut BigInt, step: &BigInt, remaining: &mut BigInt) -> Option<Value> {
    if remaining.is_zero() {
        return None;
    }
    let v = next.clone();
    *next += step;
    *remaining -= 1;
    Some(crate::builtins::int::int_from_bigint(v))
}

/// `range(...)` over big-int arguments (the small constructor's fallback).
pub fn make(vm: &Vm, pos: &[Value]) -> PyResult<Value> {
    let arg = |v: &Value| ops::index_of(vm, v);
    let (start, stop, step) = match pos.len() {
        1 => (BigInt::zero(), arg(&pos[0])?, BigInt::one()),
        2 => (arg(&pos[0])?, arg(&pos[1])?, BigInt::one()),
        _ => (arg(&pos[0])?, arg(&pos[1])?, arg(&pos[2])?),
    };
    if step.is_zero() {
        return Err(vm.value_error("range() arg 3 must not be zero"));
    }
    Ok(new_range(start, stop, step))
}
