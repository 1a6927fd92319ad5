//! Tests for the set table: replays of operation sequences recorded from
//! CPython 3.11 (`testdata/orders.txt`, made by `testdata/gen_orders.py`)
//! compared step by step, plus unit tests of the API.

use super::ops::{self, DictOperand, Other};
use super::{NativeLookup, ProbeStep, SetTable};
use std::collections::HashSet;

const ORDERS: &str = include_str!("testdata/orders.txt");

const P: i128 = (1 << 61) - 1;

/// Python's `hash()` of an int (kept local so these tests do not depend on
/// where the numeric hashing module lives).
fn py_hash(v: i128) -> i64 {
    let r = (v.unsigned_abs() % P as u128) as i64;
    let h = if v < 0 { -r } else { r };
    if h == -1 {
        -2
    } else {
        h
    }
}

fn int_eq(a: &i128, b: &i128) -> Result<bool, ()> {
    Ok(a == b)
}

const SPECIALS: [i128; 27] = [
    0,
    1,
    -1,
    -2,
    2,
    7,
    8,
    16,
    (1 << 61) - 1,
    1 << 61,
    (1 << 61) + 1,
    -((1 << 61) - 1),
    (1 << 61) - 2,
    1 << 62,
    (1 << 63) - 1,
    -(1 << 63),
    1 << 64,
    1 << 100,
    -(1 << 100),
    (1 << 122) - 1,
    1 << 70,
    P * 3 + 5,
    -P,
    1023,
    1024,
    1025,
    -1024,
];

/// Mirrors `value()` in gen_orders.py.
fn value(kind: u64, r: u64) -> i128 {
    let ri = r as i128;
    match kind {
        0 => ri % 32,
        1 => ri % 80 - 40,
        2 => (ri % 128) * 8,
        3 => ri % 10000,
        4 => SPECIALS[(r % SPECIALS.len() as u64) as usize],
        5 => {
            let v = (ri >> 1) << (r % 90);
            if r & 1 == 1 {
                -v
            } else {
                v
            }
        }
        6 => (ri % 16) * 1024 + (ri >> 4) % 4,
        8 => ri,
        _ => (ri % 5 - 2) * P + (ri >> 3) % 8 - 4,
    }
}

/// Mirrors `gen_values()` in gen_orders.py.
fn gen_values(spec: &str) -> Vec<i128> {
    let parts: Vec<&str> = spec.split(':').collect();
    if parts[0] == "r" {
        let a: i128 = parts[1].parse().unwrap();
        let b: i128 = parts[2].parse().unwrap();
        let step: usize = parts[3].parse().unwrap();
        return (a..b).step_by(step).collect();
    }
    let mut state: u64 = parts[1].parse().unwrap();
    let n: usize = parts[2].parse().unwrap();
    let kind: u64 = parts[3].parse().unwrap();
    (0..n)
        .map(|_| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            value(kind, state >> 33)
        })
        .collect()
}

fn digest(values: impl Iterator<Item = i128>) -> String {
    let mut h: u64 = 0xcbf29ce484222325;
    for v in values {
        for b in v.to_le_bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x100000001b3);
        }
    }
    format!("{h:016x}")
}

fn reg(tok: &str) -> usize {
    match tok {
        "A" => 0,
        "B" => 1,
        "C" => 2,
        _ => panic!("bad register {tok}"),
    }
}

/// A parsed operand.
enum Src {
    Reg(usize),
    List(Vec<i128>),
    Dict(Vec<i128>),
    Frozen(SetTable<i128>),
}

fn from_list(vals: &[i128]) -> SetTable<i128> {
    let mut it = vals.iter().map(|&v| Ok((v, py_hash(v))));
    ops::from_iterable(Other::Iter(&mut it), &mut int_eq).unwrap()
}

fn parse_src(tok: &str) -> Src {
    let (kind, rest) = tok.split_at(1);
    match kind {
        "S" => Src::Reg(reg(rest)),
        "L" => Src::List(gen_values(rest)),
        "D" => {
            let mut seen = HashSet::new();
            let keys = gen_values(rest)
                .into_iter()
                .filter(|v| seen.insert(*v))
                .collect();
            Src::Dict(keys)
        }
        "F" => Src::Frozen(from_list(&gen_values(rest))),
        _ => panic!("bad operand {tok}"),
    }
}

/// Calls `f` with `src` as an [`Other`]. `taken` is the register whose set
/// was moved out to be the receiver of an in-place operation: naming it
/// means the receiver itself.
fn with_other<R>(
    src: &Src,
    regs: &[SetTable<i128>],
    taken: Option<usize>,
    f: impl FnOnce(Other<'_, i128, ()>) -> R,
) -> R {
    match src {
        Src::Reg(i) if Some(*i) == taken => f(Other::Itself),
        Src::Reg(i) => f(Other::Set(&regs[*i])),
        Src::Frozen(t) => f(Other::Set(t)),
        Src::List(v) => {
            let mut it = v.iter().map(|&x| Ok((x, py_hash(x))));
            f(Other::Iter(&mut it))
        }
        Src::Dict(v) => {
            let members: HashSet<i128> = v.iter().copied().collect();
            let mut keys = v.iter().map(|&x| Ok((x, py_hash(x))));
            let mut contains = |k: &i128, _h: i64| Ok(members.contains(k));
            f(Other::Dict(DictOperand {
                len: v.len(),
                keys: &mut keys,
                contains: &mut contains,
            }))
        }
    }
}

/// Applies one recorded operation; returns the target register and extras.
fn apply(regs: &mut [SetTable<i128>], line: &str) -> (usize, Vec<i128>) {
    let t: Vec<&str> = line.split_whitespace().collect();
    let r = reg(t[1]);
    let eq = &mut int_eq;
    let mut extras = Vec::new();
    match t[0] {
        "add" => {
            let v: i128 = t[2].parse().unwrap();
            regs[r].insert(v, py_hash(v), eq).unwrap();
        }
        "adds" => {
            for v in gen_values(t[2]) {
                regs[r].insert(v, py_hash(v), eq).unwrap();
            }
        }
        "disc" => {
            let v: i128 = t[2].parse().unwrap();
            regs[r].remove(&v, py_hash(v), eq).unwrap();
        }
        "discs" => {
            for v in gen_values(t[2]) {
                regs[r].remove(&v, py_hash(v), eq).unwrap();
            }
        }
        "pop" => {
            for _ in 0..t[2].parse::<usize>().unwrap() {
                if let Some(v) = regs[r].pop() {
                    extras.push(v);
                }
            }
        }
        "clear" => regs[r].clear(),
        "new" => {
            let src = parse_src(t[2]);
            let s = with_other(&src, regs, None, |o| ops::from_iterable(o, eq)).unwrap();
            regs[r] = s;
        }
        "copy" => regs[r] = regs[reg(t[2])].copy(),
        "upd" | "iinter" | "idiff" | "isym" => {
            let srcs: Vec<Src> = t[2..].iter().map(|s| parse_src(s)).collect();
            let mut recv = std::mem::take(&mut regs[r]);
            if t[0] == "iinter" && srcs.len() > 1 {
                // set_intersection_update_multiple: intersect step by step
                // into a new set, then swap bodies.
                let mut acc: Option<SetTable<i128>> = None;
                for src in &srcs {
                    let next = match &acc {
                        None => with_other(src, regs, Some(r), |o| ops::intersection(&recv, o, eq)),
                        Some(cur) => match src {
                            Src::Reg(i) if *i == r => ops::intersection(cur, Other::Set(&recv), eq),
                            _ => with_other(src, regs, None, |o| ops::intersection(cur, o, eq)),
                        },
                    };
                    acc = Some(next.unwrap());
                }
                if let Some(result) = acc {
                    recv.replace_body(result);
                }
            } else {
                for src in &srcs {
                    with_other(src, regs, Some(r), |o| match t[0] {
                        "upd" => ops::update(&mut recv, o, eq),
                        "iinter" => ops::intersection_update(&mut recv, o, eq),
                        "idiff" => ops::difference_update(&mut recv, o, eq),
                        _ => ops::symmetric_difference_update(&mut recv, o, eq),
                    })
                    .unwrap();
                }
            }
            regs[r] = recv;
        }
        "union" | "inter" | "diff" | "sym" => {
            let y = reg(t[2]);
            let srcs: Vec<Src> = t[3..].iter().map(|s| parse_src(s)).collect();
            let base = &regs[y];
            let result = match t[0] {
                "union" => {
                    // set_union: copy, then update with each operand that is
                    // not the receiver itself.
                    let mut acc = base.copy();
                    for src in &srcs {
                        if matches!(src, Src::Reg(i) if *i == y) {
                            continue;
                        }
                        with_other(src, regs, None, |o| ops::update(&mut acc, o, eq)).unwrap();
                    }
                    acc
                }
                "inter" => {
                    let mut acc: Option<SetTable<i128>> = None;
                    for src in &srcs {
                        let next = match &acc {
                            None => with_other(src, regs, None, |o| ops::intersection(base, o, eq)),
                            Some(cur) => {
                                with_other(src, regs, None, |o| ops::intersection(cur, o, eq))
                            }
                        };
                        acc = Some(next.unwrap());
                    }
                    acc.unwrap_or_else(|| base.copy())
                }
                "diff" => match srcs.split_first() {
                    None => base.copy(),
                    Some((first, rest)) => {
                        let mut acc =
                            with_other(first, regs, None, |o| ops::difference(base, o, eq))
                                .unwrap();
                        for src in rest {
                            with_other(src, regs, None, |o| {
                                ops::difference_update(&mut acc, o, eq)
                            })
                            .unwrap();
                        }
                        acc
                    }
                },
                _ => with_other(&srcs[0], regs, None, |o| {
                    ops::symmetric_difference(base, o, eq)
                })
                .unwrap(),
            };
            regs[r] = result;
        }
        "cmp" => {
            let src = parse_src(t[2]);
            let s = &regs[r];
            for f in [ops::is_subset, ops::is_superset, ops::is_disjoint] {
                let b = with_other(&src, regs, None, |o| f(s, o, eq)).unwrap();
                extras.push(i128::from(b));
            }
        }
        other => panic!("unknown op {other}"),
    }
    (r, extras)
}

fn state_digest(s: &SetTable<i128>, extras: &[i128]) -> String {
    digest(
        std::iter::once(s.len() as i128)
            .chain(s.iter().copied())
            .chain(extras.iter().copied()),
    )
}

#[test]
fn replays_cpython_orders() {
    let mut regs: Vec<SetTable<i128>> = Vec::new();
    let mut seq = "";
    let mut steps = 0;
    for line in ORDERS.lines() {
        if let Some(name) = line.strip_prefix("# seq ") {
            regs = (0..3).map(|_| SetTable::new()).collect();
            seq = name;
            continue;
        }
        let (op, expected) = line.split_once(" => ").unwrap();
        let (r, extras) = apply(&mut regs, op);
        let got = state_digest(&regs[r], &extras);
        assert_eq!(
            got,
            expected,
            "sequence {seq}, op `{op}`: order now {:?}",
            regs[r].iter().take(40).collect::<Vec<_>>()
        );
        steps += 1;
    }
    assert!(steps > 5000, "only {steps} steps replayed");
}

#[test]
fn small_sets_iterate_like_cpython() {
    // Literal expectations from python3.11.
    let mut s = SetTable::new();
    for v in [5i128, 3, 1 << 70, -1, 13, 8] {
        s.insert(v, py_hash(v), &mut int_eq).unwrap();
    }
    let order: Vec<i128> = s.iter().copied().collect();
    // list({5, 3, 2**70, -1, 13, 8})
    assert_eq!(order, vec![1 << 70, 3, 5, 8, 13, -1]);
    assert_eq!(s.mask(), 31);
    assert_eq!(s.pop(), Some(1 << 70));
    assert_eq!(s.pop(), Some(3));
    assert_eq!(s.finger(), 4);
}

#[test]
fn basic_api() {
    let eq = &mut int_eq;
    let mut s: SetTable<i128> = SetTable::default();
    assert!(s.is_empty());
    assert_eq!(s.pop(), None);
    assert!(s.insert(1, 1, eq).unwrap());
    assert!(!s.insert(1, 1, eq).unwrap());
    // Same hash, different key: both stored.
    assert!(s.insert(P + 1, py_hash(P + 1), eq).unwrap());
    assert_eq!(s.len(), 2);
    assert!(s.contains(&(P + 1), 1, eq).unwrap());
    assert_eq!(s.get(&1, 1, eq).unwrap(), Some(&1));
    assert_eq!(s.remove(&1, 1, eq).unwrap(), Some(1));
    assert_eq!(s.remove(&1, 1, eq).unwrap(), None);
    assert_eq!((s.len(), s.fill()), (1, 2));
    assert!(s.contains(&(P + 1), 1, eq).unwrap());
    // The dummy left by 1 is reused.
    assert!(s.insert(1, 1, eq).unwrap());
    assert_eq!((s.len(), s.fill()), (2, 2));
    let (i, k, h) = s.next_entry(0).unwrap();
    assert_eq!((i, *k, h), (1, 1, 1));
    let (i2, k2, _) = s.next_entry(i + 1).unwrap();
    assert_eq!(*k2, P + 1);
    assert!(s.next_entry(i2 + 1).is_none());
    assert_eq!(s.hashes().collect::<Vec<_>>(), vec![1, 1]);
    s.clear();
    assert_eq!((s.len(), s.fill(), s.mask()), (0, 0, 7));
    assert!(ops::equals(&s, &SetTable::new(), eq).unwrap());
}

#[test]
fn errors_propagate_and_leave_table_consistent() {
    let mut s = SetTable::new();
    for v in 0..20i128 {
        s.insert(v, py_hash(v), &mut int_eq).unwrap();
    }
    let mut failing = |a: &i128, _b: &i128| if *a == 7 { Err("boom") } else { Ok(false) };
    assert_eq!(s.insert(7, 7, &mut failing), Err("boom"));
    assert_eq!(s.contains(&7, 7, &mut failing), Err("boom"));
    assert_eq!(s.len(), 20);
    // An erroring operand iterator stops update but keeps earlier items.
    let mut items = vec![Ok((100i128, 100i64)), Err("bad item"), Ok((101, 101))].into_iter();
    let r = ops::update(
        &mut s,
        Other::Iter(&mut items),
        &mut |a: &i128, b: &i128| Ok(a == b),
    );
    assert_eq!(r, Err("bad item"));
    assert_eq!(s.len(), 21);
    // intersection_update leaves the receiver untouched on error.
    let before: Vec<i128> = s.iter().copied().collect();
    let mut items = vec![Ok((3i128, 3i64)), Err("bad")].into_iter();
    let r = ops::intersection_update(
        &mut s,
        Other::Iter(&mut items),
        &mut |a: &i128, b: &i128| Ok(a == b),
    );
    assert_eq!(r, Err("bad"));
    assert_eq!(s.iter().copied().collect::<Vec<_>>(), before);
}

#[test]
fn resumable_probe_matches_callback_api() {
    let mut s = SetTable::new();
    let mut reference = SetTable::new();
    let keys: Vec<i128> = (0..200).map(|i| (i * 37) % 101 + (i % 3) * P).collect();
    for &k in &keys {
        let h = py_hash(k);
        // Insert through the probe interface, comparing "outside" the table.
        let mut probe = s.probe(h);
        let found = loop {
            match s.probe_next(&mut probe) {
                ProbeStep::Candidate(i) => {
                    if s.key_at(i) == Some(&k) {
                        break true;
                    }
                }
                ProbeStep::Absent => break false,
            }
        };
        if !found {
            assert!(s.insert_at_probe(&probe, k).is_ok());
        }
        reference.insert(k, h, &mut int_eq).unwrap();
        if k % 5 == 0 {
            s.remove(&k, h, &mut int_eq).unwrap();
            reference.remove(&k, h, &mut int_eq).unwrap();
        }
    }
    assert_eq!(
        s.iter().collect::<Vec<_>>(),
        reference.iter().collect::<Vec<_>>()
    );
    // A probe taken before a modification is stale and restarts.
    let probe = s.probe(12345);
    let mut stale = probe.clone();
    s.insert(999, 999, &mut int_eq).unwrap();
    assert!(!s.probe_is_current(&stale));
    assert_eq!(s.insert_at_probe(&stale, 12345), Err(12345));
    assert_eq!(s.probe_next(&mut stale), ProbeStep::Absent);
    assert!(stale.is_finished());
    assert!(s.insert_at_probe(&stale, 12345).is_ok());
    assert!(s.contains(&12345, 12345, &mut int_eq).unwrap());
    // An unfinished probe cannot insert.
    let unfinished = s.probe(1);
    assert_eq!(s.insert_at_probe(&unfinished, 1), Err(1));
    assert_eq!(s.remove_at(usize::MAX), None);
    assert_eq!(s.entry_at(usize::MAX), None);
}

/// The one-pass lookup agrees with the callback API on every key (table
/// order after inserts through it, found slots, membership) while dummies
/// accumulate and the table grows; an undecided comparison ends it.
#[test]
fn native_lookup_matches_callback_api() {
    let mut s = SetTable::new();
    let mut reference = SetTable::new();
    // Colliding keys (the same hash modulo the table size and P) and
    // deletions, so that probes pass dummies and other hashes.
    let keys: Vec<i128> = (0..400)
        .map(|i| (i * 37) % 61 - 30 + (i % 3) * P + (i % 4) * 64)
        .collect();
    for (n, &k) in keys.iter().enumerate() {
        let h = py_hash(k);
        let want = reference.find_index(&k, h, &mut int_eq).unwrap();
        match s.lookup_native(h, |stored| Some(*stored == k)) {
            NativeLookup::Found(i) => assert_eq!(Some(i), want, "{k}"),
            NativeLookup::Absent { freeslot, end } => {
                assert_eq!(want, None, "{k}");
                s.insert_absent(h, freeslot, end, k);
            }
            NativeLookup::Undecided => panic!("every comparison was decided"),
        }
        reference.insert(k, h, &mut int_eq).unwrap();
        if n % 3 == 0 {
            let gone = keys[n / 2];
            let gh = py_hash(gone);
            if let NativeLookup::Found(i) = s.lookup_native(gh, |stored| Some(*stored == gone)) {
                s.remove_at(i);
            }
            reference.remove(&gone, gh, &mut int_eq).unwrap();
        }
        assert_eq!(
            s.iter().collect::<Vec<_>>(),
            reference.iter().collect::<Vec<_>>(),
            "after {k}"
        );
    }
    let k = 12345;
    s.insert(k, py_hash(k), &mut int_eq).unwrap();
    assert!(matches!(
        s.lookup_native(py_hash(k), |_| None),
        NativeLookup::Undecided
    ));
}

#[test]
fn replace_body_keeps_finger() {
    let mut s = SetTable::new();
    for v in 0..6i128 {
        s.insert(v, v as i64, &mut int_eq).unwrap();
    }
    s.pop();
    s.pop();
    let finger = s.finger();
    let old = s.replace_body(SetTable::new());
    assert_eq!(old.len(), 4);
    assert_eq!((s.len(), s.finger()), (0, finger));
}

/// Keys that compare by value but remember where they came from, like
/// `1` and `1.0` in Python.
type Tagged = (i128, char);

fn tagged_eq(a: &Tagged, b: &Tagged) -> Result<bool, ()> {
    Ok(a.0 == b.0)
}

fn tagged(items: &[Tagged]) -> SetTable<Tagged> {
    let mut s = SetTable::new();
    for &k in items {
        s.insert(k, py_hash(k.0), &mut tagged_eq).unwrap();
    }
    s
}

fn tags(s: &SetTable<Tagged>) -> String {
    s.iter()
        .map(|k| format!("{}{}", k.0, k.1))
        .collect::<Vec<_>>()
        .join(",")
}

#[test]
fn keeps_the_same_key_objects_as_cpython() {
    // 'i' marks an int, 'f' a float: expectations from python3.11.
    let eq = &mut tagged_eq;
    let one_i = tagged(&[(1, 'i')]);
    let one_f = tagged(&[(1, 'f')]);
    let one_two_i = tagged(&[(1, 'i'), (2, 'i')]);
    // {1} & {1.0} -> {1.0}; {1, 2} & {1.0} -> {1.0}; {1.0} & {1, 2} -> {1.0}
    let r = ops::intersection(&one_i, Other::Set(&one_f), eq).unwrap();
    assert_eq!(tags(&r), "1f");
    let r = ops::intersection(&one_two_i, Other::Set(&one_f), eq).unwrap();
    assert_eq!(tags(&r), "1f");
    let r = ops::intersection(&one_f, Other::Set(&one_two_i), eq).unwrap();
    assert_eq!(tags(&r), "1f");
    // {1}.intersection([1.0]) -> {1.0}
    let mut it = vec![Ok(((1, 'f'), 1))].into_iter();
    let r = ops::intersection(&one_i, Other::Iter(&mut it), eq).unwrap();
    assert_eq!(tags(&r), "1f");
    // {1} | {1.0} -> {1}
    let r = ops::union(&one_i, Other::Set(&one_f), eq).unwrap();
    assert_eq!(tags(&r), "1i");
    // {1.0} ^ {2} -> [1.0, 2] (built from the right operand)
    let two = tagged(&[(2, 'i')]);
    let r = ops::symmetric_difference(&one_f, Other::Set(&two), eq).unwrap();
    assert_eq!(tags(&r), "1f,2i");
    // {1.0, 2} - {1, 3} -> {2}
    let a = tagged(&[(1, 'f'), (2, 'i')]);
    let b = tagged(&[(1, 'i'), (3, 'i')]);
    assert_eq!(
        tags(&ops::difference(&a, Other::Set(&b), eq).unwrap()),
        "2i"
    );
    // s = {1}; s.update([1.0, True]) -> {1}
    let mut s = tagged(&[(1, 'i')]);
    let mut it = vec![Ok(((1, 'f'), 1)), Ok(((1, 'b'), 1))].into_iter();
    ops::update(&mut s, Other::Iter(&mut it), eq).unwrap();
    assert_eq!(tags(&s), "1i");
    // s = {1, 2, 3}; s.intersection_update({1.0, 2.0, 3.0, 4.0}) -> {1, 2, 3}
    let mut s = tagged(&[(1, 'i'), (2, 'i'), (3, 'i')]);
    let o = tagged(&[(1, 'f'), (2, 'f'), (3, 'f'), (4, 'f')]);
    ops::intersection_update(&mut s, Other::Set(&o), eq).unwrap();
    assert_eq!(tags(&s), "1i,2i,3i");
    // s = {1.0}; s ^= {1, 2.0} -> {2.0}
    let mut s = tagged(&[(1, 'f')]);
    let o = tagged(&[(1, 'i'), (2, 'f')]);
    ops::symmetric_difference_update(&mut s, Other::Set(&o), eq).unwrap();
    assert_eq!(tags(&s), "2f");
}

#[test]
fn intersection_with_iterable_stops_when_full() {
    // {0, 1}.intersection(gen) stops after the generator has produced 0 and 1.
    let s = {
        let mut s = SetTable::new();
        s.insert(0i128, 0, &mut int_eq).unwrap();
        s.insert(1, 1, &mut int_eq).unwrap();
        s
    };
    let mut consumed = 0;
    let mut it = (0..5i128).map(|v| {
        consumed += 1;
        Ok((v, py_hash(v)))
    });
    let r = ops::intersection(&s, Other::Iter(&mut it), &mut int_eq).unwrap();
    drop(it);
    assert_eq!(r.len(), 2);
    assert_eq!(consumed, 2);
}

#[test]
fn issubset_of_iterable_builds_a_set_first() {
    // {1}.issubset([1, 1, 2]) hashes every item before probing (CPython
    // builds a temporary set), then compares.
    let s = {
        let mut s = SetTable::new();
        s.insert(1i128, 1, &mut int_eq).unwrap();
        s
    };
    let mut calls = Vec::new();
    let mut eq = |a: &i128, b: &i128| {
        calls.push((*a, *b));
        Ok::<bool, ()>(a == b)
    };
    let mut it = [1i128, 1, 2].into_iter().map(|v| Ok((v, py_hash(v))));
    assert!(ops::is_subset(&s, Other::Iter(&mut it), &mut eq).unwrap());
    // One comparison building the temporary set (second 1), one probing.
    assert_eq!(calls, vec![(1, 1), (1, 1)]);
}
