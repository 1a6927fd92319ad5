//! The hash table behind Python `set` and `frozenset`, laid out exactly like
//! CPython 3.11's (`Objects/setobject.c`).
//!
//! This module owns slot layout, probing, growth, deletion and iteration
//! order. Given the same sequence of operations with the same hashes, a
//! [`SetTable`] holds every key in the same slot as CPython does, so
//! iterating it (and therefore `repr`, `list(s)`, `s.pop()`, ...) yields the
//! same order. For `int` keys, whose hashes are their values (see
//! `numhash`), this makes printed sets match CPython's output.
//!
//! What is reproduced:
//!
//! * a table of `2**k >= 8` slots (`PySet_MINSIZE`), each empty, a *dummy*
//!   left by a deletion, or active with a key and its cached hash;
//! * lookup probing `LINEAR_PROBES` (9) neighbouring slots after the home
//!   slot `hash & mask` (when they fit before the end of the table), then
//!   jumping with `i = i*5 + 1 + perturb`, `perturb >>= PERTURB_SHIFT` (5);
//! * `fill` (active + dummy) versus `used` (active); an insert that finds no
//!   equal key goes into the *most recent* dummy its probe passed (CPython
//!   3.11 overwrites its `freeslot` at every dummy), else into the empty slot
//!   that ended the probe;
//! * the growth rule, applied only after an insert into an empty slot: when
//!   `fill*5 >= mask*3` the table is rebuilt for `used*4` (`used*2` above
//!   50000 keys), i.e. at the smallest power of two strictly greater than
//!   that, reinserting keys in old slot order;
//! * `pop()`'s search finger, which survives `clear()` and rebuilds;
//! * the bulk operations in [`ops`] (update, copy, union, intersection,
//!   difference, symmetric difference, their in-place forms and the subset
//!   tests), each following the CPython function named in its docs,
//!   including which operand is iterated and which is probed.
//!
//! Keys are generic. Hashes are supplied by the caller and must be the
//! Python hash of the key (never `-1`, which CPython reserves). Equality is
//! a caller-supplied, fallible callback, because a Python `__eq__` can
//! raise; it is called as `eq(stored_key, probe_key)` (CPython calls
//! `stored.__eq__(probe)` first) and only for keys whose hashes are equal.
//! The callback should itself treat identical objects as equal without
//! calling `__eq__`, as `PyObject_RichCompareBool` does.
//!
//! The callback style holds a borrow of the table while `eq` runs. When the
//! comparison may run arbitrary Python code that could touch the same set,
//! use the resumable [`Probe`] interface instead: it pauses at every
//! candidate slot, so the caller can release its borrow, compare, and
//! resume; a probe notices if the table changed meanwhile and restarts, as
//! CPython restarts a lookup whose comparison mutated the set.
//!
//! Nothing here panics or uses `unsafe`. Keys removed by an operation are
//! dropped inside it; callers whose key destructors can run Python code and
//! who need to avoid that while borrowed can use
//! [`SetTable::replace_body`] and [`SetTable::remove_at`], which hand keys
//! back.

pub mod ops;

#[cfg(test)]
mod tests;

pub use ops::{DictOperand, Other};

/// Number of slots in a new table (`PySet_MINSIZE`).
pub const MIN_SIZE: usize = 8;

/// Number of consecutive slots examined after the home slot before jumping
/// (`LINEAR_PROBES`).
pub const LINEAR_PROBES: usize = 9;

/// Shift applied to `perturb` at every jump (`PERTURB_SHIFT`).
pub const PERTURB_SHIFT: u32 = 5;

/// Above this many keys a growing table doubles instead of quadrupling.
pub const GROWTH_SWITCH: usize = 50_000;

/// The fallible equality callback used by every lookup: called as
/// `eq(stored_key, probe_key)`.
pub type EqFn<'a, K, E> = dyn FnMut(&K, &K) -> Result<bool, E> + 'a;

/// The hash of a dummy slot: `-1`, which no key has (CPython reserves it).
const DUMMY_HASH: i64 = -1;

/// One table slot, CPython's `setentry`: the hash, then the key.
///
/// * empty (never used since the table was (re)built; ends a probe
///   sequence): no key, hash 0;
/// * dummy (held a key that was deleted; skipped by lookups, reusable by
///   inserts): no key, [`DUMMY_HASH`];
/// * active: a key and its hash.
///
/// A lookup's commonest step, an active slot of another hash, is one hash
/// comparison and one test of the key's presence.
#[derive(Clone, Debug)]
struct Slot<K> {
    hash: i64,
    key: Option<K>,
}

impl<K> Slot<K> {
    const EMPTY: Slot<K> = Slot { hash: 0, key: None };
    const DUMMY: Slot<K> = Slot {
        hash: DUMMY_HASH,
        key: None,
    };

    fn active(key: K, hash: i64) -> Slot<K> {
        Slot {
            hash,
            key: Some(key),
        }
    }

    #[inline(always)]
    fn is_empty(&self) -> bool {
        self.key.is_none() && self.hash != DUMMY_HASH
    }

    #[inline(always)]
    fn is_dummy(&self) -> bool {
        self.key.is_none() && self.hash == DUMMY_HASH
    }

    #[inline(always)]
    fn is_active(&self) -> bool {
        self.key.is_some()
    }

    /// The key and hash of an active slot.
    #[inline(always)]
    fn entry(&self) -> Option<(&K, i64)> {
        self.key.as_ref().map(|k| (k, self.hash))
    }
}

/// A CPython-layout hash set table (the body of a `set`/`frozenset`).
///
/// See the [module docs](self) for what is reproduced. The table keeps
/// CPython's `fill`, `used`, `mask` and `finger` fields; it does not keep a
/// frozenset's cached hash, which belongs to the owning object.
#[derive(Debug)]
pub struct SetTable<K> {
    slots: Vec<Slot<K>>,
    fill: usize,
    used: usize,
    finger: usize,
    stamp: u64,
    /// Moves whenever `slots` is replaced by another array (CPython's
    /// table pointer changing): a resize, `clear`, `replace_body`.
    layout: u64,
}

impl<K> Default for SetTable<K> {
    fn default() -> Self {
        Self::new()
    }
}

/// Outcome of one step of a [`Probe`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProbeStep {
    /// The slot at this index holds a key whose hash equals the probe's:
    /// compare it with the probe key (`eq(stored, probe)`). If equal, the
    /// key is found at this index; otherwise call
    /// [`SetTable::probe_next`] again.
    Candidate(usize),
    /// The probe reached an empty slot: the key is not in the table. The
    /// probe now remembers where [`SetTable::insert_at_probe`] would put it.
    Absent,
}

/// Resumable state of a lookup (CPython's probe loop, paused at each slot
/// that needs a comparison).
///
/// Create with [`SetTable::probe`], advance with [`SetTable::probe_next`].
/// If the table is modified between steps, the next step restarts the
/// lookup from the beginning.
#[derive(Clone, Debug)]
pub struct Probe {
    hash: i64,
    perturb: u64,
    /// Start of the current run of consecutive slots (CPython's `i`).
    base: usize,
    /// Next slot to examine.
    next: usize,
    /// Last slot of the current run (inclusive).
    run_end: usize,
    /// First dummy seen, where an insert would go.
    freeslot: Option<usize>,
    /// Empty slot that ended the probe, once reached.
    end: Option<usize>,
    mask: usize,
    stamp: u64,
    layout: u64,
}

impl Probe {
    /// The hash this probe looks for.
    pub fn hash(&self) -> i64 {
        self.hash
    }

    /// Whether the probe has reached an empty slot ([`ProbeStep::Absent`]).
    pub fn is_finished(&self) -> bool {
        self.end.is_some()
    }
}

/// Where a lookup by [`SetTable::lookup_native`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NativeLookup {
    /// The slot of the key equal to the probe key.
    Found(usize),
    /// The key is not in the table. An insert goes to `freeslot` (the last
    /// dummy passed) when there is one, else to `end`, the empty slot that
    /// ended the probe (arguments of [`SetTable::insert_absent`]).
    Absent { freeslot: Option<usize>, end: usize },
    /// A stored key with the probe's hash needs Python code to be compared:
    /// the caller runs the resumable lookup instead.
    Undecided,
}

/// Result of a probe that ran to completion under one borrow.
enum Lookup {
    Found(usize),
    Absent(Probe),
}

/// Builds `n` empty slots.
fn empty_slots<K>(n: usize) -> Vec<Slot<K>> {
    std::iter::repeat_with(|| Slot::EMPTY).take(n).collect()
}

/// Index of the last slot of the linear run starting at `base`.
#[inline]
fn run_end(base: usize, mask: usize) -> usize {
    if base.saturating_add(LINEAR_PROBES) <= mask {
        base + LINEAR_PROBES
    } else {
        base
    }
}

/// Start of the run after `base` (CPython: `i = (i * 5 + 1 + perturb) & mask`,
/// after `perturb >>= PERTURB_SHIFT`).
#[inline]
fn next_base(base: usize, perturb: u64, mask: usize) -> usize {
    let i = (base as u64)
        .wrapping_mul(5)
        .wrapping_add(1)
        .wrapping_add(perturb);
    (i & mask as u64) as usize
}

/// A slot index kept as `usize::MAX` for none, as an `Option`.
#[inline(always)]
fn some_slot(idx: usize) -> Option<usize> {
    (idx != usize::MAX).then_some(idx)
}

/// Home slot of a hash.
#[inline]
fn home(hash: i64, mask: usize) -> usize {
    ((hash as u64) & mask as u64) as usize
}

/// Puts a key known to be absent into a table without dummies
/// (`set_insert_clean`): the first empty slot of its probe sequence.
fn insert_clean<K>(slots: &mut [Slot<K>], key: K, hash: i64) {
    let mask = slots.len().wrapping_sub(1);
    let mut perturb = hash as u64;
    let mut base = home(hash, mask);
    loop {
        for i in base..=run_end(base, mask) {
            if let Some(slot) = slots.get_mut(i).filter(|s| s.is_empty()) {
                *slot = Slot::active(key, hash);
                return;
            }
        }
        perturb >>= PERTURB_SHIFT;
        base = next_base(base, perturb, mask);
    }
}

/// Smallest power of two `>= MIN_SIZE` strictly greater than `minused`.
fn table_size_for(minused: usize) -> usize {
    let mut size = MIN_SIZE;
    while size <= minused {
        match size.checked_mul(2) {
            Some(s) => size = s,
            None => break,
        }
    }
    size
}

impl<K> SetTable<K> {
    /// An empty set with the minimal 8-slot table (`make_new_set` without
    /// an iterable: `set()`, a `{...}` display before its items are added).
    pub fn new() -> Self {
        SetTable {
            slots: empty_slots(MIN_SIZE),
            fill: 0,
            used: 0,
            finger: 0,
            stamp: 0,
            layout: 0,
        }
    }

    /// Number of keys (`len(s)`, CPython's `used`).
    pub fn len(&self) -> usize {
        self.used
    }

    /// Whether the set has no keys.
    pub fn is_empty(&self) -> bool {
        self.used == 0
    }

    /// Active plus dummy slots (CPython's `fill`).
    pub fn fill(&self) -> usize {
        self.fill
    }

    /// Table size minus one (CPython's `mask`); the table has `mask() + 1`
    /// slots.
    pub fn mask(&self) -> usize {
        self.slots.len().wrapping_sub(1)
    }

    /// The `pop()` search finger (CPython's `finger`).
    pub fn finger(&self) -> usize {
        self.finger
    }

    /// A counter that changes whenever the table is modified; a [`Probe`]
    /// taken before a change restarts. Useful to callers as a cheap "has
    /// this set changed" check.
    pub fn stamp(&self) -> u64 {
        self.stamp
    }

    #[inline]
    fn touch(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
    }

    /// Iterates over the keys in table order (CPython's iteration order).
    pub fn iter(&self) -> impl Iterator<Item = &K> + '_ {
        self.entries().map(|(k, _)| k)
    }

    /// Iterates over `(key, hash)` in table order.
    pub fn entries(&self) -> impl Iterator<Item = (&K, i64)> + '_ {
        self.slots.iter().filter_map(Slot::entry)
    }

    /// Iterates over the cached hashes of the keys in table order (e.g. for
    /// `numhash::hash_frozenset`).
    pub fn hashes(&self) -> impl Iterator<Item = i64> + '_ {
        self.entries().map(|(_, h)| h)
    }

    /// The first active slot at or after `pos` (CPython's `set_next`), as
    /// `(index, key, hash)`; `None` at the end. A set iterator stores
    /// `index + 1` as its next position, and (like CPython's) should compare
    /// [`len`](Self::len) with the length it started with to detect "Set
    /// changed size during iteration".
    pub fn next_entry(&self, pos: usize) -> Option<(usize, &K, i64)> {
        self.slots
            .iter()
            .enumerate()
            .skip(pos)
            .find_map(|(i, s)| s.entry().map(|(k, h)| (i, k, h)))
    }

    /// The key and hash in slot `index`, if that slot is active.
    pub fn entry_at(&self, index: usize) -> Option<(&K, i64)> {
        self.slots.get(index)?.entry()
    }

    /// The key in slot `index`, if that slot is active.
    pub fn key_at(&self, index: usize) -> Option<&K> {
        self.entry_at(index).map(|(k, _)| k)
    }

    // ----- resumable lookups -------------------------------------------

    /// Starts a lookup for `hash` (positioned at the home slot).
    pub fn probe(&self, hash: i64) -> Probe {
        let mask = self.mask();
        let base = home(hash, mask);
        Probe {
            hash,
            perturb: hash as u64,
            base,
            next: base,
            run_end: run_end(base, mask),
            freeslot: None,
            end: None,
            mask,
            stamp: self.stamp,
            layout: self.layout,
        }
    }

    /// After a comparison made with the table unlocked (it may have run
    /// user code that changed the set), whether the lookup may go on from
    /// `probe`, CPython's `set_lookkey` test: the table was not replaced
    /// and slot `idx` still holds the key compared (`same_key`). The probe
    /// is then made current again; otherwise the caller starts over.
    pub fn resume_probe(
        &self,
        probe: &mut Probe,
        idx: usize,
        same_key: impl Fn(&K) -> bool,
    ) -> bool {
        if probe.layout != self.layout || probe.mask != self.mask() {
            return false;
        }
        match self.key_at(idx) {
            Some(k) if same_key(k) => {
                probe.stamp = self.stamp;
                true
            }
            _ => false,
        }
    }

    /// Whether `probe` was started (or last advanced) on the current state
    /// of this table.
    pub fn probe_is_current(&self, probe: &Probe) -> bool {
        probe.stamp == self.stamp && probe.mask == self.mask()
    }

    /// Advances `probe` to the next slot that needs a comparison, or to the
    /// empty slot that proves the key absent.
    ///
    /// Dummies are skipped (the first one is remembered for an insert);
    /// slots with a different hash are skipped without comparing. If the
    /// table changed since the probe's last step, the lookup starts over, as
    /// CPython's does when a comparison mutates the set. Once
    /// [`ProbeStep::Absent`] is returned it is returned again.
    #[inline]
    pub fn probe_next(&self, probe: &mut Probe) -> ProbeStep {
        if !self.probe_is_current(probe) {
            *probe = self.probe(probe.hash);
        }
        if probe.end.is_some() {
            return ProbeStep::Absent;
        }
        let mask = probe.mask;
        // The probe's position is walked in locals (registers) and stored
        // back once: a lookup passes several slots per step (dummies left
        // by deletions, keys of other hashes). Every index is at most
        // `mask` (a run starts at `x & mask` and ends by `mask`), so with
        // the table viewed as its `mask + 1` slots no access is checked.
        let slots = self.slots.get(..=mask).unwrap_or(&[]);
        let hash = probe.hash;
        let (mut next, mut run_last, mut base) = (probe.next, probe.run_end, probe.base);
        let mut perturb = probe.perturb;
        // `usize::MAX` for none: a plain register, not an `Option`.
        let mut freeslot = probe.freeslot.unwrap_or(usize::MAX);
        let step = loop {
            let idx = next;
            if next < run_last {
                next += 1;
            } else {
                perturb >>= PERTURB_SHIFT;
                base = next_base(base, perturb, mask);
                next = base;
                run_last = run_end(base, mask);
            }
            let Some(slot) = slots.get(idx & mask) else {
                probe.end = Some(idx);
                break ProbeStep::Absent;
            };
            if slot.is_active() {
                if slot.hash == hash {
                    break ProbeStep::Candidate(idx);
                }
            } else if slot.hash == DUMMY_HASH {
                // CPython 3.11 remembers the most recent dummy passed, not
                // the first.
                freeslot = idx;
            } else {
                probe.end = Some(idx);
                break ProbeStep::Absent;
            }
        };
        probe.next = next;
        probe.run_end = run_last;
        probe.base = base;
        probe.perturb = perturb;
        probe.freeslot = (freeslot != usize::MAX).then_some(freeslot);
        step
    }

    /// Inserts `key` where a finished probe says it belongs
    /// (`set_add_entry` after finding no equal key): into the first dummy
    /// passed, else into the empty slot reached, then grows the table if
    /// the growth rule says so.
    ///
    /// Fails, handing `key` back, if the probe is not finished
    /// ([`ProbeStep::Absent`]) or the table changed since its last step; the
    /// caller should then probe again.
    pub fn insert_at_probe(&mut self, probe: &Probe, key: K) -> Result<(), K> {
        if !self.probe_is_current(probe) {
            return Err(key);
        }
        let Some(end) = probe.end else {
            return Err(key);
        };
        // Defensive: the slots must still be what the probe saw.
        let end_ok = self.slots.get(end).is_some_and(Slot::is_empty);
        let free_ok = probe
            .freeslot
            .is_none_or(|f| self.slots.get(f).is_some_and(Slot::is_dummy));
        if !(end_ok && free_ok) {
            return Err(key);
        }
        self.place(probe.hash, probe.freeslot, end, key);
        Ok(())
    }

    /// Stores a key at the position a finished probe found.
    fn place(&mut self, hash: i64, freeslot: Option<usize>, end: usize, key: K) {
        self.touch();
        if let Some(free) = freeslot {
            if let Some(slot) = self.slots.get_mut(free) {
                *slot = Slot::active(key, hash);
                self.used += 1;
            }
            return;
        }
        if let Some(slot) = self.slots.get_mut(end) {
            *slot = Slot::active(key, hash);
            self.fill += 1;
            self.used += 1;
        }
        let mask = self.mask();
        if self.fill.saturating_mul(5) >= mask.saturating_mul(3) {
            let used = self.used;
            let minused = if used > GROWTH_SWITCH {
                used.saturating_mul(2)
            } else {
                used.saturating_mul(4)
            };
            self.resize(minused);
        }
    }

    /// Deletes the key in slot `index`, leaving a dummy, and returns it;
    /// `None` if the slot is not active. Used after a probe found the key
    /// (`set_discard_entry`).
    pub fn remove_at(&mut self, index: usize) -> Option<K> {
        let slot = self.slots.get_mut(index)?;
        if !slot.is_active() {
            return None;
        }
        let old = std::mem::replace(slot, Slot::DUMMY);
        self.used -= 1;
        self.touch();
        old.key
    }

    /// Runs a probe to completion with `eq` (`set_lookkey` / the search in
    /// `set_add_entry`).
    fn lookup<E>(&self, key: &K, hash: i64, eq: &mut EqFn<'_, K, E>) -> Result<Lookup, E> {
        let mut probe = self.probe(hash);
        loop {
            match self.probe_next(&mut probe) {
                ProbeStep::Absent => return Ok(Lookup::Absent(probe)),
                ProbeStep::Candidate(idx) => {
                    if let Some(stored) = self.key_at(idx) {
                        if eq(stored, key)? {
                            return Ok(Lookup::Found(idx));
                        }
                    }
                }
            }
        }
    }

    /// CPython's probe sequence for `hash` run to its end in one pass, for
    /// the keys whose comparisons need no Python code: `is_key(stored)`
    /// decides a stored key with the probe's hash (Some(equal)), or says
    /// that Python code must (None, and the lookup ends
    /// [`Undecided`](NativeLookup::Undecided)). No [`Probe`] is kept: this
    /// is the path of `x in s`, `s.add(x)` and `s.discard(x)` for ints and
    /// strs, whose walks over dummies are most of their cost.
    #[inline]
    pub fn lookup_native(
        &self,
        hash: i64,
        mut is_key: impl FnMut(&K) -> Option<bool>,
    ) -> NativeLookup {
        let mask = self.mask();
        // Every index below is at most `mask` (a run starts at `x & mask`
        // and ends by `mask`).
        let Some(slots) = self.slots.get(..=mask) else {
            return NativeLookup::Undecided;
        };
        let mut perturb = hash as u64;
        let mut base = home(hash, mask);
        // `usize::MAX` for none: a plain register, not an `Option`.
        let mut freeslot = usize::MAX;
        loop {
            let Some(run) = slots.get(base..=run_end(base, mask)) else {
                return NativeLookup::Undecided;
            };
            for (idx, slot) in (base..).zip(run) {
                // The hash first, as CPython's loop: the empty slot that
                // ends a lookup has hash 0 and no key; a dummy has
                // `DUMMY_HASH`, which no key has.
                if slot.hash == hash {
                    match &slot.key {
                        Some(stored) => match is_key(stored) {
                            Some(true) => return NativeLookup::Found(idx),
                            Some(false) => {}
                            None => return NativeLookup::Undecided,
                        },
                        None => {
                            let freeslot = some_slot(freeslot);
                            return NativeLookup::Absent { freeslot, end: idx };
                        }
                    }
                } else if slot.hash == 0 && slot.key.is_none() {
                    let freeslot = some_slot(freeslot);
                    return NativeLookup::Absent { freeslot, end: idx };
                } else if slot.hash == DUMMY_HASH && slot.key.is_none() {
                    // CPython 3.11 remembers the most recent dummy.
                    freeslot = idx;
                }
            }
            perturb >>= PERTURB_SHIFT;
            base = next_base(base, perturb, mask);
        }
    }

    /// Inserts `key`, found absent by [`lookup_native`](Self::lookup_native)
    /// on the table as it still is, where that lookup said it goes.
    pub fn insert_absent(&mut self, hash: i64, freeslot: Option<usize>, end: usize, key: K) {
        self.place(hash, freeslot, end, key);
    }

    /// Finds the slot holding a key equal to `key`, if any.
    pub fn find_index<E>(
        &self,
        key: &K,
        hash: i64,
        eq: &mut EqFn<'_, K, E>,
    ) -> Result<Option<usize>, E> {
        Ok(match self.lookup(key, hash, eq)? {
            Lookup::Found(i) => Some(i),
            Lookup::Absent(_) => None,
        })
    }

    /// The stored key equal to `key`, if any.
    pub fn get<E>(&self, key: &K, hash: i64, eq: &mut EqFn<'_, K, E>) -> Result<Option<&K>, E> {
        Ok(self.find_index(key, hash, eq)?.and_then(|i| self.key_at(i)))
    }

    /// Whether a key equal to `key` is present (`set_contains_entry`, `key
    /// in s`).
    pub fn contains<E>(&self, key: &K, hash: i64, eq: &mut EqFn<'_, K, E>) -> Result<bool, E> {
        Ok(self.find_index(key, hash, eq)?.is_some())
    }

    /// Adds `key` unless an equal key is present (`set_add_entry`,
    /// `s.add(key)`); returns whether it was added. An equal key already
    /// present is kept and `key` is dropped. May grow the table (only when
    /// the key went into an empty slot rather than a dummy).
    pub fn insert<E>(&mut self, key: K, hash: i64, eq: &mut EqFn<'_, K, E>) -> Result<bool, E> {
        match self.lookup(&key, hash, eq)? {
            Lookup::Found(_) => Ok(false),
            Lookup::Absent(probe) => {
                let end = probe.end.unwrap_or(0);
                self.place(hash, probe.freeslot, end, key);
                Ok(true)
            }
        }
    }

    /// Like [`insert`](Self::insert) but takes the key by reference and
    /// clones it only if it is added (used when copying keys from another
    /// set).
    pub fn insert_cloned<E>(
        &mut self,
        key: &K,
        hash: i64,
        eq: &mut EqFn<'_, K, E>,
    ) -> Result<bool, E>
    where
        K: Clone,
    {
        match self.lookup(key, hash, eq)? {
            Lookup::Found(_) => Ok(false),
            Lookup::Absent(probe) => {
                let end = probe.end.unwrap_or(0);
                self.place(hash, probe.freeslot, end, key.clone());
                Ok(true)
            }
        }
    }

    /// Removes the key equal to `key`, leaving a dummy, and returns the
    /// stored key (`set_discard_entry`; `s.discard(key)`, and `s.remove(key)`
    /// which raises `KeyError` on `None`). Never shrinks the table.
    pub fn remove<E>(
        &mut self,
        key: &K,
        hash: i64,
        eq: &mut EqFn<'_, K, E>,
    ) -> Result<Option<K>, E> {
        match self.lookup(key, hash, eq)? {
            Lookup::Found(i) => Ok(self.remove_at(i)),
            Lookup::Absent(_) => Ok(None),
        }
    }

    /// Removes and returns an arbitrary key exactly as CPython's
    /// `set.pop()` does: the first active slot at or after
    /// `finger & mask`, wrapping around; the finger then points just past
    /// it. `None` for an empty set (`KeyError: 'pop from an empty set'`).
    pub fn pop(&mut self) -> Option<K> {
        if self.used == 0 {
            return None;
        }
        let mask = self.mask();
        let mut idx = self.finger & mask;
        // `used > 0` guarantees an active slot, so this terminates.
        for _ in 0..self.slots.len() {
            if self.slots.get(idx).is_some_and(Slot::is_active) {
                break;
            }
            idx = if idx >= mask { 0 } else { idx + 1 };
        }
        let key = self.remove_at(idx)?;
        self.finger = idx + 1;
        Some(key)
    }

    /// Empties the set and returns to the minimal 8-slot table
    /// (`set_clear_internal`). The pop finger is kept, as in CPython.
    pub fn clear(&mut self) {
        self.slots = empty_slots(MIN_SIZE);
        self.fill = 0;
        self.used = 0;
        self.touch();
        self.layout = self.layout.wrapping_add(1);
    }

    /// Replaces this table's contents (slots, `fill`, `used`) with
    /// `new`'s, keeping this set's pop finger, and returns the old contents
    /// (CPython's `set_swap_bodies`, used by `intersection_update`).
    ///
    /// `s.replace_body(SetTable::new())` is equivalent to
    /// [`clear`](Self::clear) but hands the old keys back instead of
    /// dropping them.
    pub fn replace_body(&mut self, mut new: SetTable<K>) -> SetTable<K> {
        std::mem::swap(&mut self.slots, &mut new.slots);
        std::mem::swap(&mut self.fill, &mut new.fill);
        std::mem::swap(&mut self.used, &mut new.used);
        self.touch();
        new.touch();
        self.layout = self.layout.wrapping_add(1);
        new.layout = new.layout.wrapping_add(1);
        new
    }

    /// Rebuilds the table with the smallest power-of-two size (at least 8)
    /// greater than `minused`, dropping dummies and reinserting keys in old
    /// slot order (`set_table_resize`). An 8-slot table without dummies
    /// that would stay at 8 slots is left untouched.
    fn resize(&mut self, minused: usize) {
        let newsize = table_size_for(minused);
        if newsize == MIN_SIZE && self.slots.len() == MIN_SIZE && self.fill == self.used {
            return;
        }
        let old = std::mem::replace(&mut self.slots, empty_slots(newsize));
        self.fill = self.used;
        self.touch();
        self.layout = self.layout.wrapping_add(1);
        for slot in old {
            if let Some(k) = slot.key {
                insert_clean(&mut self.slots, k, slot.hash);
            }
        }
    }

    /// Copies another table's keys into this empty one without comparisons
    /// (the `so->fill == 0` paths of `set_merge`). The caller has already
    /// sized this table.
    fn fill_from_empty(&mut self, other: &SetTable<K>)
    where
        K: Clone,
    {
        if self.slots.len() == other.slots.len() && other.fill == other.used {
            // Same size and no dummies: copy slot for slot.
            for (dst, src) in self.slots.iter_mut().zip(other.slots.iter()) {
                if let Some((k, h)) = src.entry() {
                    *dst = Slot::active(k.clone(), h);
                }
            }
            self.fill = other.fill;
            self.used = other.used;
        } else {
            self.fill = other.used;
            self.used = other.used;
            for (k, h) in other.entries() {
                insert_clean(&mut self.slots, k.clone(), h);
            }
        }
        self.touch();
    }

    /// Presizes before adding `incoming` keys (the "one big resize" at the
    /// start of `set_merge` and of `set_update_internal`'s dict path).
    fn presize_for(&mut self, incoming: usize) {
        let needed = self.fill.saturating_add(incoming).saturating_mul(5);
        if needed >= self.mask().saturating_mul(3) {
            self.resize(self.used.saturating_add(incoming).saturating_mul(2));
        }
    }

    /// Shrinks away dummies after a bulk removal when more than a quarter
    /// of the slots are dummies (end of `set_difference_update_internal`).
    fn compact_after_removals(&mut self) {
        if self.fill.saturating_sub(self.used) <= self.mask() / 4 {
            return;
        }
        let used = self.used;
        self.resize(if used > GROWTH_SWITCH {
            used.saturating_mul(2)
        } else {
            used.saturating_mul(4)
        });
    }

    /// A new set with the same keys (`set_copy`: a new set updated from
    /// this one, see [`ops::update`]). The copy's layout is CPython's: slot
    /// for slot when the table sizes agree and there are no dummies,
    /// otherwise rebuilt, possibly at a different size. Needs no
    /// comparisons, so it cannot fail.
    pub fn copy(&self) -> SetTable<K>
    where
        K: Clone,
    {
        let mut result = SetTable::new();
        if self.used > 0 {
            result.presize_for(self.used);
            result.fill_from_empty(self);
        }
        result
    }
}
