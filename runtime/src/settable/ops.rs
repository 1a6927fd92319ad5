//! Bulk set operations on [`SetTable`], each mirroring a function of
//! CPython 3.11's `Objects/setobject.c` so that results are laid out (and so
//! iterate) exactly as CPython's.
//!
//! The second operand is an [`Other`], which tells which of CPython's type
//! dispatches applies (`PyAnySet_Check`, `PyDict_CheckExact`, or generic
//! iteration), or that the operand is the receiver itself (CPython
//! special-cases `s.op(s)` by identity).
//!
//! How the Python-level methods and operators map onto these functions
//! (`s` is the receiver, `o` an operand; `copy` is [`SetTable::copy`]):
//!
//! | Python | CPython | here |
//! |---|---|---|
//! | `set(it)`, `frozenset(it)` | `make_new_set` | [`from_iterable`] |
//! | `s.update(*os)`, `s \|= o`, `{*a, *b}` | `set_update_internal` per operand | [`update`] per operand |
//! | `s.copy()` | `set_copy` | [`SetTable::copy`] |
//! | `s \| o` | `set_or` | [`union`] |
//! | `s.union(*os)` | `set_union` | `r = s.copy()`; for each `o` that is not `s` itself: [`update`]`(r, o)` |
//! | `s & o` | `set_and` → `set_intersection` | [`intersection`] |
//! | `s.intersection(*os)` | `set_intersection_multi` | no operands: `s.copy()`; else `r = intersection(s, o1)`, then `r = intersection(r, oi)` for the rest (an `oi` that is the original `s` is `Other::Set(s)`) |
//! | `s &= o`, `s.intersection_update(o)` | `set_intersection_update` | [`intersection_update`] |
//! | `s.intersection_update(*os)` | `set_intersection_update_multiple` | compute `r` as for `s.intersection(*os)` (so with no operands `r = s.copy()`, which re-lays `s` out), then [`SetTable::replace_body`]`(r)` |
//! | `s - o` | `set_sub` → `set_difference` | [`difference`] |
//! | `s.difference(*os)` | `set_difference_multi` | no operands: `s.copy()`; else `r = difference(s, o1)`, then [`difference_update`]`(r, oi)` for the rest |
//! | `s -= o`, `s.difference_update(*os)` | `set_difference_update_internal` per operand | [`difference_update`] per operand |
//! | `s ^ o`, `s.symmetric_difference(o)` | `set_symmetric_difference` | [`symmetric_difference`] |
//! | `s ^= o`, `s.symmetric_difference_update(o)` | `set_symmetric_difference_update` | [`symmetric_difference_update`] |
//! | `s <= o`, `s.issubset(o)` | `set_issubset` | [`is_subset`] (`<` also needs `len(s) < len(o)`) |
//! | `s >= o`, `s.issuperset(o)` | `set_issuperset` | [`is_superset`] (`>` also needs `len(s) > len(o)`) |
//! | `s == o` | `set_richcompare` | [`equals`] (plus, for two frozensets with cached hashes, "different hashes → not equal") |
//! | `s.isdisjoint(o)` | `set_isdisjoint` | [`is_disjoint`] |
//!
//! Operators (`|`, `&`, `-`, `^` and the comparisons) only accept sets;
//! the caller returns `NotImplemented` for anything else before calling in.
//!
//! Other CPython paths that build sets, and how to reproduce them:
//!
//! * a display `{a, b, c}` and a set comprehension: [`SetTable::new`], then
//!   [`SetTable::insert`] per item in order (`BUILD_SET` / `SET_ADD`);
//!   `{*a, *b}` is [`update`] per starred operand (`SET_UPDATE`), so a set
//!   operand takes the merge path;
//! * `s.__init__(it)` on an existing set: [`SetTable::clear`] only if
//!   [`SetTable::fill`] is non-zero, then [`update`];
//! * `frozenset(fs)` and `fs.copy()` for an exact frozenset `fs` return `fs`
//!   itself (no new table); frozensets have no in-place operators, so
//!   `fs |= o` is `fs = fs | o`;
//! * dict views (`Objects/dictobject.c`): `view | o`, `view - o`,
//!   `view ^ o` (and the same with the view on the right) start from
//!   `set(left)`, which is `set(d)` (the [`Other::Dict`] path) when `left`
//!   is a keys view of an exact dict `d`, then call
//!   [`update`], [`difference_update`] or [`symmetric_difference_update`]
//!   with `o` (items views `^` items views has its own algorithm).
//!   `view & o` (either side) is `o.intersection(view)` when `o` is an
//!   exact `set` at least as large as the view; otherwise a new set gets
//!   each item of `o` that is in the view, in `o`'s iteration order (when
//!   both are views, `o` is the smaller one and the larger is probed).
//!
//! Errors from `eq`, from an operand's iterator or from a dict membership
//! callback end the operation at that point: an in-place operation keeps
//! the changes made so far (as CPython's does), except
//! [`intersection_update`], which leaves the receiver untouched.

use super::{EqFn, SetTable};

/// The second operand of a set operation, classified the way CPython's
/// code dispatches on it.
pub enum Other<'a, K, E> {
    /// The receiver itself (`s.update(s)`, `s - s`, `s &= s`, ...). CPython
    /// checks identity before anything else, so in-place operations treat
    /// this case specially; binary operations treat it as
    /// `Other::Set(receiver)`.
    Itself,
    /// A `set` or `frozenset` (or a subclass instance: `PyAnySet_Check`)
    /// other than the receiver. Passing the receiver here is detected by
    /// address and treated as [`Other::Itself`].
    Set(&'a SetTable<K>),
    /// An exact `dict` (`PyDict_CheckExact`; a subclass instance is an
    /// [`Other::Iter`] over its keys).
    Dict(DictOperand<'a, K, E>),
    /// Any other iterable (list, tuple, generator, dict view, `dict`
    /// subclass, ...): its items in iteration order, each with its hash.
    /// The iterator should compute each hash when the item is produced, so
    /// that a failing `__hash__` surfaces at the same point as in CPython.
    Iter(&'a mut dyn Iterator<Item = Result<(K, i64), E>>),
}

/// An exact `dict` used as an operand.
pub struct DictOperand<'a, K, E> {
    /// `len(d)`, used for presizing and size comparisons.
    pub len: usize,
    /// The keys in dict order, each with the hash cached in the dict.
    pub keys: &'a mut dyn Iterator<Item = Result<(K, i64), E>>,
    /// Membership test with a known hash (`_PyDict_Contains_KnownHash`);
    /// only [`difference`] calls it.
    pub contains: &'a mut dyn FnMut(&K, i64) -> Result<bool, E>,
}

/// Resolves "the receiver passed as a set" to [`Other::Itself`].
fn normalize<'a, K, E>(s: &SetTable<K>, other: Other<'a, K, E>) -> Other<'a, K, E> {
    match other {
        Other::Set(o) if std::ptr::eq(o, s) => Other::Itself,
        other => other,
    }
}

/// Adds every key of `other` (`set_merge`): presize once, then copy slot
/// for slot into an empty table of the same size with no dummies in
/// `other`, or insert cleanly into an empty table, or add one by one in
/// `other`'s table order.
fn merge<K: Clone, E>(
    s: &mut SetTable<K>,
    other: &SetTable<K>,
    eq: &mut EqFn<'_, K, E>,
) -> Result<(), E> {
    if other.used == 0 {
        return Ok(());
    }
    s.presize_for(other.used);
    if s.fill == 0 {
        s.fill_from_empty(other);
        return Ok(());
    }
    for (k, h) in other.entries() {
        s.insert_cloned(k, h, eq)?;
    }
    Ok(())
}

/// Adds the keys of `other` to `s` (`set_update_internal`; `s.update(o)`,
/// `s |= o`, `set(o)`).
///
/// * a set: `set_merge` (a no-op for [`Other::Itself`]);
/// * an exact dict: one resize up front if `(fill + len(d))*5 >= mask*3`
///   (to hold `(len(s) + len(d))*2`), then each key in dict order;
/// * anything else: each item in iteration order, growing as needed.
pub fn update<K: Clone, E>(
    s: &mut SetTable<K>,
    other: Other<'_, K, E>,
    eq: &mut EqFn<'_, K, E>,
) -> Result<(), E> {
    match normalize(s, other) {
        Other::Itself => Ok(()),
        Other::Set(o) => merge(s, o, eq),
        Other::Dict(d) => {
            s.presize_for(d.len);
            for item in d.keys {
                let (k, h) = item?;
                s.insert(k, h, eq)?;
            }
            Ok(())
        }
        Other::Iter(it) => {
            for item in it {
                let (k, h) = item?;
                s.insert(k, h, eq)?;
            }
            Ok(())
        }
    }
}

/// A new set holding the keys of `other` (`make_new_set`: `set(o)`,
/// `frozenset(o)`, and the temporary sets CPython builds internally).
/// [`Other::Itself`] has no receiver here and gives an empty set.
pub fn from_iterable<K: Clone, E>(
    other: Other<'_, K, E>,
    eq: &mut EqFn<'_, K, E>,
) -> Result<SetTable<K>, E> {
    let mut result = SetTable::new();
    update(&mut result, other, eq)?;
    Ok(result)
}

/// `s | o` (`set_or`): a copy of `s` updated with `o` (the copy alone if
/// `o` is `s`).
pub fn union<K: Clone, E>(
    s: &SetTable<K>,
    other: Other<'_, K, E>,
    eq: &mut EqFn<'_, K, E>,
) -> Result<SetTable<K>, E> {
    let mut result = s.copy();
    match normalize(s, other) {
        Other::Itself => {}
        other => update(&mut result, other, eq)?,
    }
    Ok(result)
}

/// `s & o`, `s.intersection(o)` (`set_intersection`).
///
/// * `o` is `s`: a copy;
/// * a set: iterates the smaller of the two (`o` when the sizes are
///   equal) in table order, probing the other one, and adds the common
///   keys (as stored in the iterated set) to a new set;
/// * anything else (dicts included): iterates `o`, adding the items found
///   in `s` (as produced by `o`), and stops early once the result is as
///   large as `s`.
pub fn intersection<K: Clone, E>(
    s: &SetTable<K>,
    other: Other<'_, K, E>,
    eq: &mut EqFn<'_, K, E>,
) -> Result<SetTable<K>, E> {
    let mut result = SetTable::new();
    let it: &mut dyn Iterator<Item = Result<(K, i64), E>> = match normalize(s, other) {
        Other::Itself => return Ok(s.copy()),
        Other::Set(o) => {
            let (probed, iterated) = if o.len() > s.len() { (o, s) } else { (s, o) };
            for (k, h) in iterated.entries() {
                if probed.contains(k, h, eq)? {
                    result.insert_cloned(k, h, eq)?;
                }
            }
            return Ok(result);
        }
        Other::Dict(d) => d.keys,
        Other::Iter(it) => it,
    };
    for item in it {
        let (k, h) = item?;
        if s.contains(&k, h, eq)? {
            result.insert(k, h, eq)?;
            if result.len() >= s.len() {
                break;
            }
        }
    }
    Ok(result)
}

/// `s &= o`, `s.intersection_update(o)` (`set_intersection_update`):
/// computes [`intersection`] and swaps its table into `s` (keeping `s`'s
/// pop finger). On error `s` is unchanged.
pub fn intersection_update<K: Clone, E>(
    s: &mut SetTable<K>,
    other: Other<'_, K, E>,
    eq: &mut EqFn<'_, K, E>,
) -> Result<(), E> {
    let result = intersection(s, other, eq)?;
    s.replace_body(result);
    Ok(())
}

/// `s -= o`, `s.difference_update(o)` (`set_difference_update_internal`).
///
/// * `o` is `s`: clears `s`;
/// * a set: removes each key of `o` in its table order, except that when
///   `len(o) >> 3 > len(s)` it first replaces `o` by
///   `intersection(s, o)` and iterates that;
/// * anything else (dicts included): removes each item in iteration
///   order.
///
/// Afterwards, if more than a quarter of the slots (`mask / 4`) are
/// dummies, the table is rebuilt for `len(s)*4` (`*2` above 50000).
pub fn difference_update<K: Clone, E>(
    s: &mut SetTable<K>,
    other: Other<'_, K, E>,
    eq: &mut EqFn<'_, K, E>,
) -> Result<(), E> {
    match normalize(s, other) {
        Other::Itself => {
            s.clear();
            return Ok(());
        }
        Other::Set(o) => {
            if (o.len() >> 3) > s.len() {
                let common = intersection(s, Other::Set(o), eq)?;
                for (k, h) in common.entries() {
                    s.remove(k, h, eq)?;
                }
            } else {
                for (k, h) in o.entries() {
                    s.remove(k, h, eq)?;
                }
            }
        }
        Other::Dict(d) => remove_each(s, d.keys, eq)?,
        Other::Iter(it) => remove_each(s, it, eq)?,
    }
    s.compact_after_removals();
    Ok(())
}

/// Removes every item an iterator produces.
fn remove_each<K, E>(
    s: &mut SetTable<K>,
    it: &mut dyn Iterator<Item = Result<(K, i64), E>>,
    eq: &mut EqFn<'_, K, E>,
) -> Result<(), E> {
    for item in it {
        let (k, h) = item?;
        s.remove(&k, h, eq)?;
    }
    Ok(())
}

/// `s - o`, `s.difference(o)` (`set_difference`).
///
/// If `o` is neither a set nor an exact dict, or `len(s) >> 2 > len(o)`,
/// this is a copy of `s` followed by [`difference_update`]
/// (`set_copy_and_difference`). Otherwise it iterates `s` in table order
/// and adds to a new set the keys not in `o` (probing `o`, or calling the
/// dict's `contains` with the cached hash).
pub fn difference<K: Clone, E>(
    s: &SetTable<K>,
    other: Other<'_, K, E>,
    eq: &mut EqFn<'_, K, E>,
) -> Result<SetTable<K>, E> {
    match normalize(s, other) {
        // len(s) >> 2 > len(s) never holds.
        Other::Itself => keys_not_in_set(s, s, eq),
        Other::Set(o) if (s.len() >> 2) <= o.len() => keys_not_in_set(s, o, eq),
        Other::Dict(d) if (s.len() >> 2) <= d.len => {
            let mut result = SetTable::new();
            for (k, h) in s.entries() {
                if !(d.contains)(k, h)? {
                    result.insert_cloned(k, h, eq)?;
                }
            }
            Ok(result)
        }
        other => {
            let mut result = s.copy();
            difference_update(&mut result, other, eq)?;
            Ok(result)
        }
    }
}

/// The keys of `s` (table order) not in `o`, added to a new set.
fn keys_not_in_set<K: Clone, E>(
    s: &SetTable<K>,
    o: &SetTable<K>,
    eq: &mut EqFn<'_, K, E>,
) -> Result<SetTable<K>, E> {
    let mut result = SetTable::new();
    for (k, h) in s.entries() {
        if !o.contains(k, h, eq)? {
            result.insert_cloned(k, h, eq)?;
        }
    }
    Ok(result)
}

/// Toggles each key of a set in `s`, in that set's table order.
fn toggle_each_of<K: Clone, E>(
    s: &mut SetTable<K>,
    other: &SetTable<K>,
    eq: &mut EqFn<'_, K, E>,
) -> Result<(), E> {
    for (k, h) in other.entries() {
        if s.remove(k, h, eq)?.is_none() {
            s.insert_cloned(k, h, eq)?;
        }
    }
    Ok(())
}

/// `s ^= o`, `s.symmetric_difference_update(o)`
/// (`set_symmetric_difference_update`).
///
/// * `o` is `s`: clears `s`;
/// * an exact dict: for each key in dict order, removes it from `s` if
///   present, else adds it;
/// * a set: the same over `o`'s table order;
/// * anything else: first builds a temporary set from `o`
///   ([`from_iterable`]), then as for a set.
pub fn symmetric_difference_update<K: Clone, E>(
    s: &mut SetTable<K>,
    other: Other<'_, K, E>,
    eq: &mut EqFn<'_, K, E>,
) -> Result<(), E> {
    match normalize(s, other) {
        Other::Itself => {
            s.clear();
            Ok(())
        }
        Other::Dict(d) => {
            for item in d.keys {
                let (k, h) = item?;
                if s.remove(&k, h, eq)?.is_none() {
                    s.insert(k, h, eq)?;
                }
            }
            Ok(())
        }
        Other::Set(o) => toggle_each_of(s, o, eq),
        Other::Iter(it) => {
            let tmp = from_iterable(Other::Iter(it), eq)?;
            toggle_each_of(s, &tmp, eq)
        }
    }
}

/// `s ^ o`, `s.symmetric_difference(o)` (`set_symmetric_difference`): a new
/// set built from `o` ([`from_iterable`]; a copy of `s` if `o` is `s`),
/// then [`symmetric_difference_update`] with `s`. Note the result starts
/// from `o`, not `s`.
pub fn symmetric_difference<K: Clone, E>(
    s: &SetTable<K>,
    other: Other<'_, K, E>,
    eq: &mut EqFn<'_, K, E>,
) -> Result<SetTable<K>, E> {
    let mut result = match normalize(s, other) {
        Other::Itself => s.copy(),
        other => from_iterable(other, eq)?,
    };
    toggle_each_of(&mut result, s, eq)?;
    Ok(result)
}

/// `s <= o`, `s.issubset(o)` (`set_issubset`): for a set, false if `s` is
/// larger, else every key of `s` (table order) is probed in `o`; any other
/// iterable is first made into a temporary set.
pub fn is_subset<K: Clone, E>(
    s: &SetTable<K>,
    other: Other<'_, K, E>,
    eq: &mut EqFn<'_, K, E>,
) -> Result<bool, E> {
    let tmp;
    let o = match normalize(s, other) {
        Other::Itself => s,
        Other::Set(o) => o,
        other => {
            tmp = from_iterable(other, eq)?;
            &tmp
        }
    };
    if s.len() > o.len() {
        return Ok(false);
    }
    for (k, h) in s.entries() {
        if !o.contains(k, h, eq)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// `s >= o`, `s.issuperset(o)` (`set_issuperset`): for a set,
/// `is_subset(o, s)`; otherwise every item of `o` is probed in `s`,
/// stopping at the first miss.
pub fn is_superset<K: Clone, E>(
    s: &SetTable<K>,
    other: Other<'_, K, E>,
    eq: &mut EqFn<'_, K, E>,
) -> Result<bool, E> {
    let it: &mut dyn Iterator<Item = Result<(K, i64), E>> = match normalize(s, other) {
        Other::Itself => return Ok(true),
        Other::Set(o) => return is_subset(o, Other::Set(s), eq),
        Other::Dict(d) => d.keys,
        Other::Iter(it) => it,
    };
    for item in it {
        let (k, h) = item?;
        if !s.contains(&k, h, eq)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// `s.isdisjoint(o)` (`set_isdisjoint`).
///
/// * `o` is `s`: true only when empty;
/// * a set: iterates the smaller (`o` on a tie) probing the larger,
///   stopping at the first common key. CPython takes this path only for
///   exact `set`/`frozenset` (`PyAnySet_CheckExact`); pass a subclass
///   instance as [`Other::Iter`];
/// * anything else: probes `s` with each item, stopping at the first hit.
pub fn is_disjoint<K, E>(
    s: &SetTable<K>,
    other: Other<'_, K, E>,
    eq: &mut EqFn<'_, K, E>,
) -> Result<bool, E> {
    let it: &mut dyn Iterator<Item = Result<(K, i64), E>> = match normalize(s, other) {
        Other::Itself => return Ok(s.is_empty()),
        Other::Set(o) => {
            let (probed, iterated) = if o.len() > s.len() { (o, s) } else { (s, o) };
            for (k, h) in iterated.entries() {
                if probed.contains(k, h, eq)? {
                    return Ok(false);
                }
            }
            return Ok(true);
        }
        Other::Dict(d) => d.keys,
        Other::Iter(it) => it,
    };
    for item in it {
        let (k, h) = item?;
        if s.contains(&k, h, eq)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// `a == b` for two sets (`set_richcompare` with `Py_EQ`): equal sizes and
/// `is_subset(a, b)`. The frozenset cached-hash shortcut is the caller's.
pub fn equals<K: Clone, E>(
    a: &SetTable<K>,
    b: &SetTable<K>,
    eq: &mut EqFn<'_, K, E>,
) -> Result<bool, E> {
    if a.len() != b.len() {
        return Ok(false);
    }
    is_subset(a, Other::Set(b), eq)
}
