//! Code units shared by every thread, their side caches, quickening and the
//! specialize/unspecialize compare-exchange protocol.
//!
//! Layout: an instruction is one [`CodeUnit`] (an `AtomicU8` opcode and an
//! `AtomicU8` oparg) followed by `cache_units(opcode)` inline cache units,
//! which hold `(CACHE, 0)`. A family member's entry in the side array of
//! `AtomicU64` words starts at the index that `cache_index` keeps for its
//! unit, written before the code is shared and never changed. The entry's
//! words are: [`COUNTER_WORD`] (the backoff counter), then, for a family
//! with a payload, [`SEQUENCE_WORD`] (the entry's publication sequence),
//! [`GUARD_WORD`] (the guard, never 0 once published) and the family's
//! other payload words. Every location is always accessed as the same
//! atomic type (no mixed-size access): opcode/oparg bytes as `AtomicU8`,
//! cache words as `AtomicU64`.
//!
//! Architecture Invariant: every opcode byte, of every unit (inline cache
//! units included), is the discriminant of an [`Opcode`] at all times:
//! `new` stores validated bytes, `CACHE` and superinstructions, and
//! rewrites store `Opcode` values. The dispatch decode relies on it.
//!
//! Architecture Invariant: an opcode byte only ever changes through a
//! compare-exchange made by this module's writers ([`CodeUnits::rewrite`],
//! [`CodeUnits::instrument`], [`CodeUnits::deinstrument`],
//! [`CodeUnits::displace`], [`CodeUnits::restore_displaced`]), each under
//! the code's writers' lock, and only between members of the same family,
//! to or from their instrumented twin, or to or from a line/instruction
//! marker whose displaced byte is recorded first. The raw primitives are
//! private to this module (`weft-instrumentation` goes through the same
//! writers), so no caller can bypass the lock.
//!
//! Architecture Invariant: a payload is published seqlock-style under a
//! sequence that changes on every publication (odd while one is in
//! flight), so a reader never accepts words of two publications, even
//! when a later publication restores an earlier guard word (model:
//! `loom-tests` `republished_guard_never_pairs_with_another_payload`).

use crate::counter::BackoffCounter;
use crate::opcode::Opcode;
use crate::sync::{fence, AtomicPtr, AtomicU64, AtomicU8, Mutex, Ordering};

/// Entry word: the backoff counter.
pub const COUNTER_WORD: usize = 0;
/// Entry word: the publication sequence of the payload (even when no
/// write is in flight; it moves by two on every publication).
pub const SEQUENCE_WORD: usize = 1;
/// Entry word: the guard word (0 until a payload is first published).
pub const GUARD_WORD: usize = 2;

/// Deliberately broken forms of the rewrite protocol. A code array uses
/// one only when a `cfg(loom)` model builds it with
/// `CodeUnits::with_broken_twin`, to show that the model catches the
/// break; every other build always runs [`BrokenTwin::Sound`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BrokenTwin {
    /// The protocol as it is.
    Sound,
    /// The guard word doubles as the sequence (the protocol before the
    /// sequence word): a publication that restores an earlier guard word
    /// looks to a stalled reader like an untouched entry.
    GuardAsSequence,
    /// The reader takes the guard and payload words without checking the
    /// sequence again after reading them.
    UncheckedRead,
    /// A rewrite trusts the opcode its caller read and stores the new
    /// opcode plainly, without checking under the lock what the slot
    /// holds.
    UncheckedStore,
    /// An executor that read a marker looks its displaced instruction up
    /// by reading the slot again, and finds none when the marker was
    /// taken off in between.
    MarkerReread,
    /// A tick checks the counter, then counts it down with a separate
    /// atomic `fetch_sub` (instead of storing the advanced state it
    /// checked): two ticks that both saw value 1 take the word below
    /// zero, into a value no level starts at.
    CounterFetchSub,
}

/// The opcode of a byte loaded from a unit's opcode slot.
#[inline(always)]
fn stored_opcode(byte: u8) -> Opcode {
    // SAFETY: every opcode byte stored in a unit is an opcode's
    // discriminant (the module's Architecture Invariant: `CodeUnits::new`
    // stores `from_u8`-validated bytes, `CACHE` and `Opcode` values, and
    // rewrites compare-exchange to `Opcode` values only), and so below
    // `Opcode::ALL.len()` (the discriminants are 0, 1, 2, ... in table
    // order). Tested by `every_stored_opcode_byte_names_an_opcode`.
    unsafe {
        // Tells the compiler the byte's range, so that a `match` over the
        // opcodes jumps through its table with no range check.
        std::hint::assert_unchecked((byte as usize) < Opcode::ALL.len());
        Opcode::from_u8_unchecked(byte)
    }
}

/// Words of the longest side-cache entry (the counter and the largest
/// family's payload): every entry is viewed as this many words.
pub const MAX_ENTRY_WORDS: usize = {
    let mut max = 1;
    let mut i = 0;
    while i < Opcode::ALL.len() {
        if Opcode::ALL[i].cache_words() > max {
            max = Opcode::ALL[i].cache_words();
        }
        i += 1;
    }
    max
};

/// One 16-bit code unit: an opcode byte and an argument byte.
#[repr(C)]
pub struct CodeUnit {
    opcode: AtomicU8,
    oparg: AtomicU8,
}

impl CodeUnit {
    fn new(opcode: u8, oparg: u8) -> Self {
        CodeUnit {
            opcode: AtomicU8::new(opcode),
            oparg: AtomicU8::new(oparg),
        }
    }
}

/// Errors when building a code array from raw units.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CodeError {
    /// A byte that names no opcode, at this unit index.
    BadOpcode(usize),
    /// A cache-bearing instruction runs past the end of the array.
    Truncated(usize),
    /// More side cache words than an inline unit can index.
    TooManyCaches,
}

/// The executable code of one code object: units plus side caches.
pub struct CodeUnits {
    units: Box<[CodeUnit]>,
    /// Per unit: where a family member's entry starts in `cache_words`
    /// (0 for every other unit).
    cache_index: Box<[u16]>,
    cache_words: Box<[AtomicU64]>,
    /// The displaced-opcode side table: null until the first
    /// displacement, then one byte per unit (`len()` of them), the opcode
    /// a line/instruction marker displaced at that unit. Allocated and
    /// written only under `writers`; freed with the code.
    displaced: AtomicPtr<AtomicU8>,
    /// Serialises rewriters (specializers and the instrumenter) of this
    /// code object; executing threads never take it. Attempts are rare
    /// (counter-triggered), so this costs nothing on the hot path, and it
    /// keeps two writers from interleaving their payload writes on one
    /// slot.
    writers: Mutex<()>,
    #[cfg(loom)]
    twin: BrokenTwin,
}

/// A successful rewrite or the reason it did not happen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rewrite {
    /// The slot now holds the requested opcode.
    Done,
    /// The slot held something else (another specializer or
    /// instrumentation won); it was left alone.
    Lost(Opcode),
}

impl CodeUnits {
    /// Builds the units from raw `(opcode, oparg)` pairs produced by the
    /// assembler (cache units included, as `(CACHE, 0)`), assigns side cache
    /// entries and quickens: counters warm up when `specialize` is on
    /// (unreachable otherwise), and superinstructions are installed over
    /// the first instruction of each pair (only when `specialize` is on).
    pub fn new(raw: &[(u8, u8)], specialize: bool) -> Result<CodeUnits, CodeError> {
        let mut units = Vec::with_capacity(raw.len());
        let mut cache_index = vec![0u16; raw.len()];
        let mut words = 0usize;
        let mut counters = Vec::new();
        let mut i = 0;
        while i < raw.len() {
            let (op, arg) = raw[i];
            let opcode = Opcode::from_u8(op).ok_or(CodeError::BadOpcode(i))?;
            let n = opcode.cache_units();
            // Quickening installs superinstructions over the first of each
            // pair (the second stays in place: jumps may land on it).
            let fused = raw
                .get(i + 1 + n)
                .and_then(|&(next, _)| Opcode::from_u8(next))
                .and_then(|next| Opcode::superinstruction(opcode, next))
                .filter(|_| specialize);
            units.push(CodeUnit::new(fused.map_or(op, |f| f as u8), arg));
            if n > 0 {
                if i + n > raw.len() || i + 1 >= raw.len() {
                    return Err(CodeError::Truncated(i));
                }
                if words > u16::MAX as usize {
                    return Err(CodeError::TooManyCaches);
                }
                cache_index[i] = words as u16;
                units.push(CodeUnit::new(Opcode::CACHE as u8, 0));
                for _ in 1..n {
                    units.push(CodeUnit::new(Opcode::CACHE as u8, 0));
                }
                counters.push(words);
                words += opcode.cache_words();
                i += 1 + n;
            } else {
                i += 1;
            }
        }
        // Padded by a whole entry: every unit's `cache_index` (the last
        // entry's start at most, 0 elsewhere) starts `MAX_ENTRY_WORDS`
        // words in bounds, which `entry` relies on.
        let cache_words: Box<[AtomicU64]> = (0..words + MAX_ENTRY_WORDS)
            .map(|_| AtomicU64::new(0))
            .collect();
        let initial = if specialize {
            BackoffCounter::warmup()
        } else {
            BackoffCounter::unreachable()
        };
        for c in counters {
            cache_words[c].store(initial.0 as u64, Ordering::Relaxed);
        }
        Ok(CodeUnits {
            units: units.into_boxed_slice(),
            cache_index: cache_index.into_boxed_slice(),
            cache_words,
            displaced: AtomicPtr::new(std::ptr::null_mut()),
            writers: Mutex::new(()),
            #[cfg(loom)]
            twin: BrokenTwin::Sound,
        })
    }

    /// `new`, with the protocol broken as `twin` says (model checks only).
    #[cfg(loom)]
    pub fn with_broken_twin(
        raw: &[(u8, u8)],
        specialize: bool,
        twin: BrokenTwin,
    ) -> Result<CodeUnits, CodeError> {
        let mut code = CodeUnits::new(raw, specialize)?;
        code.twin = twin;
        Ok(code)
    }

    /// The form of the protocol this code array runs: always
    /// [`BrokenTwin::Sound`] outside the model checks (a constant the
    /// compiler folds away).
    #[inline(always)]
    fn twin(&self) -> BrokenTwin {
        #[cfg(loom)]
        {
            self.twin
        }
        #[cfg(not(loom))]
        {
            BrokenTwin::Sound
        }
    }

    /// Number of code units (instructions and inline caches).
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.units.len()
    }

    /// True when there are no units.
    pub fn is_empty(&self) -> bool {
        self.units.is_empty()
    }

    /// The opcode byte at `i` (Acquire: cache writes published by the CAS
    /// that installed it are visible after this load).
    #[inline(always)]
    pub fn opcode_byte(&self, i: usize) -> u8 {
        self.units[i].opcode.load(Ordering::Acquire)
    }

    /// The decoded opcode at `i`.
    #[inline(always)]
    pub fn opcode(&self, i: usize) -> Opcode {
        stored_opcode(self.opcode_byte(i))
    }

    /// The decoded opcode and the oparg byte at `i`, with one bounds check
    /// (the opcode load is Acquire, as in [`CodeUnits::opcode_byte`]).
    #[inline(always)]
    pub fn fetch(&self, i: usize) -> (Opcode, u8) {
        let unit = &self.units[i];
        let op = stored_opcode(unit.opcode.load(Ordering::Acquire));
        (op, unit.oparg.load(Ordering::Relaxed))
    }

    /// The first unit, for [`CodeUnits::fetch_at`] (a loop that keeps the
    /// pointer fetches with one load fewer than through `self`).
    #[inline(always)]
    pub fn first_unit(&self) -> *const CodeUnit {
        self.units.as_ptr()
    }

    /// `fetch` without the bounds check, through
    /// [`CodeUnits::first_unit`] (the eval loop's dispatch).
    ///
    /// # Safety
    /// `first` must be `first_unit()` of a live `CodeUnits` and `i` less
    /// than its `len()`.
    #[inline(always)]
    pub unsafe fn fetch_at(first: *const CodeUnit, i: usize) -> (Opcode, u8) {
        // SAFETY: the caller guarantees `first.add(i)` is a unit of a live
        // code array.
        let unit = unsafe { &*first.add(i) };
        let op = stored_opcode(unit.opcode.load(Ordering::Acquire));
        (op, unit.oparg.load(Ordering::Relaxed))
    }

    /// The oparg byte at `i` when the opcode there is `expected` (how a
    /// superinstruction checks that its second half is still the plain
    /// instruction: one Acquire load of the opcode byte, as in `fetch`).
    #[inline(always)]
    pub fn oparg_if(&self, i: usize, expected: Opcode) -> Option<u8> {
        let unit = self.units.get(i)?;
        (unit.opcode.load(Ordering::Acquire) == expected as u8)
            .then(|| unit.oparg.load(Ordering::Relaxed))
    }

    /// The oparg byte at `i` (never rewritten after creation).
    #[inline(always)]
    pub fn oparg(&self, i: usize) -> u8 {
        self.units[i].oparg.load(Ordering::Relaxed)
    }

    /// The side-cache words of the instruction at `i` (which must be a
    /// family member, or a marker displacing one): word 0 is the counter.
    #[inline(always)]
    pub fn cache(&self, i: usize) -> &[AtomicU64] {
        self.cache_for(i, self.resolved_opcode(i))
    }

    /// `cache(i)` for a caller that has read `op` at `i` (any member of the
    /// family has its cache size), without loading the opcode again.
    #[inline(always)]
    pub fn cache_for(&self, i: usize, op: Opcode) -> &[AtomicU64] {
        &self.entry(i)[..op.cache_words().min(MAX_ENTRY_WORDS)]
    }

    /// The side-cache words from the entry of the unit at `i` on, as many
    /// as the longest entry has (a shorter entry's view runs into the
    /// next entry's words or the padding: callers read only their
    /// family's `cache_words`).
    #[inline(always)]
    fn entry(&self, i: usize) -> &[AtomicU64; MAX_ENTRY_WORDS] {
        let start = self.cache_index[i] as usize;
        debug_assert!(start + MAX_ENTRY_WORDS <= self.cache_words.len());
        // SAFETY: `new` pads `cache_words` with `MAX_ENTRY_WORDS` words
        // after the last entry, so every unit's start (0, or a family
        // member's entry, at most where the padding begins) has
        // `MAX_ENTRY_WORDS` words after it, and
        // neither array changes afterwards; the array reference borrows
        // `self`. Tested by `every_entry_view_is_in_bounds`.
        unsafe { &*(self.cache_words.as_ptr().add(start) as *const [AtomicU64; MAX_ENTRY_WORDS]) }
    }

    /// The backoff counter of the instruction at `i`.
    #[inline(always)]
    pub fn counter(&self, i: usize) -> BackoffCounter {
        match self.cache(i).first() {
            Some(w) => BackoffCounter(w.load(Ordering::Relaxed) as u16),
            None => BackoffCounter::unreachable(),
        }
    }

    /// Stores the counter (relaxed: a lost update between threads only
    /// moves the next attempt).
    #[inline(always)]
    pub fn set_counter(&self, i: usize, c: BackoffCounter) {
        if let Some(w) = self.cache(i).first() {
            w.store(c.0 as u64, Ordering::Relaxed);
        }
    }

    /// One execution of the instruction at `i` without an attempt: None
    /// when its counter triggers (the word is left as is: the attempt
    /// that follows writes it), else the advanced counter, stored unless
    /// it did not change. A relaxed load and store: a tick racing another
    /// thread's tick or an attempt's write may be lost, which only moves
    /// the next attempt; the word only ever holds a state some thread
    /// computed from a valid one, so it always decodes to a valid
    /// value/backoff pair (model: `loom-tests` `counter_races`).
    #[inline(always)]
    pub fn tick_counter(&self, i: usize) -> Option<BackoffCounter> {
        let c = self.counter(i);
        if c.triggers() {
            return None;
        }
        let n = c.advance();
        if n != c {
            if self.twin() == BrokenTwin::CounterFetchSub {
                let word = &self.cache(i)[COUNTER_WORD];
                let before = word.fetch_sub(c.0 as u64 - n.0 as u64, Ordering::Relaxed);
                return Some(BackoffCounter(
                    before.wrapping_sub(c.0 as u64 - n.0 as u64) as u16
                ));
            }
            self.set_counter(i, n);
        }
        Some(n)
    }

    /// Raw compare-exchange of the opcode byte at `i` from `from` to `to`.
    /// Release on success publishes every cache write made before it.
    /// Private: every caller holds the writers' lock.
    fn compare_exchange_opcode(&self, i: usize, from: Opcode, to: Opcode) -> Rewrite {
        if self.twin() == BrokenTwin::UncheckedStore {
            self.units[i].opcode.store(to as u8, Ordering::Release);
            return Rewrite::Done;
        }
        match self.units[i].opcode.compare_exchange(
            from as u8,
            to as u8,
            Ordering::AcqRel,
            Ordering::Acquire,
        ) {
            Ok(_) => Rewrite::Done,
            Err(actual) => Rewrite::Lost(stored_opcode(actual)),
        }
    }

    /// specialize: adaptive base -> variant. Fails, leaving the slot alone,
    /// when the slot is no longer `variant`'s base (lost to another
    /// specializer or to instrumentation). On success the counter is set to
    /// cooldown. Cache payload words must be written before this call.
    fn specialize(&self, i: usize, variant: Opcode) -> Rewrite {
        debug_assert!(variant.is_specialized());
        let r = self.compare_exchange_opcode(i, variant.deopt(), variant);
        if r == Rewrite::Done {
            self.set_counter(i, BackoffCounter::cooldown());
        }
        r
    }

    /// A failed specialization attempt at an adaptive slot: restart the
    /// counter at the next backoff level.
    pub fn attempt_failed(&self, i: usize) {
        self.set_counter(i, self.counter(i).restart());
    }

    /// Publishes the payload words of the instruction at `i` (`words[0]`
    /// is the guard word, never 0) under the entry's sequence: the
    /// sequence is made odd, the words written, and the sequence made even
    /// again, two past where it started, with Release. Private: called
    /// under the writers' lock (one writer per entry at a time), before
    /// `specialize`'s compare-exchange publishes the variant.
    fn write_payload(&self, i: usize, words: &[u64]) {
        let cache = self.cache(i);
        if cache.len() < GUARD_WORD + words.len() || words.is_empty() {
            return;
        }
        if self.twin() == BrokenTwin::GuardAsSequence {
            cache[GUARD_WORD].store(0, Ordering::Relaxed);
            fence(Ordering::Release);
            for (k, w) in words.iter().enumerate().skip(1) {
                cache[GUARD_WORD + k].store(*w, Ordering::Relaxed);
            }
            cache[GUARD_WORD].store(words[0], Ordering::Release);
            return;
        }
        let sequence = &cache[SEQUENCE_WORD];
        let before = sequence.load(Ordering::Relaxed);
        sequence.store(before.wrapping_add(1), Ordering::Relaxed);
        fence(Ordering::Release);
        for (k, w) in words.iter().enumerate() {
            cache[GUARD_WORD + k].store(*w, Ordering::Relaxed);
        }
        sequence.store(before.wrapping_add(2), Ordering::Release);
    }

    /// The guard word of the instruction at `i` (0 when never published);
    /// `op` is the opcode the caller read there. One atomic load: a caller
    /// that needs only the guard word (its payload packed inside) needs no
    /// sequence check.
    #[inline(always)]
    pub fn guard_word(&self, i: usize, op: Opcode) -> u64 {
        if op.cache_words() <= GUARD_WORD {
            return 0;
        }
        self.entry(i)[GUARD_WORD].load(Ordering::Acquire)
    }

    /// Reads the guard word and the next payload word of one publication:
    /// None when a writer was active or the entry was republished while
    /// they were read (the caller treats it as a miss), or when nothing
    /// was ever published. `op` is the opcode the caller read at `i`.
    #[inline(always)]
    pub fn read_payload2(&self, i: usize, op: Opcode) -> Option<(u64, u64)> {
        if op.cache_words() <= GUARD_WORD + 1 {
            return None;
        }
        let [_, seq, g, p, ..] = self.entry(i);
        if self.twin() == BrokenTwin::GuardAsSequence {
            let g1 = g.load(Ordering::Acquire);
            if g1 == 0 {
                return None;
            }
            let p1 = p.load(Ordering::Relaxed);
            fence(Ordering::Acquire);
            let g2 = g.load(Ordering::Relaxed);
            return (g1 == g2).then_some((g1, p1));
        }
        let s1 = seq.load(Ordering::Acquire);
        let g1 = g.load(Ordering::Relaxed);
        let p1 = p.load(Ordering::Relaxed);
        if self.twin() == BrokenTwin::UncheckedRead {
            return (g1 != 0).then_some((g1, p1));
        }
        fence(Ordering::Acquire);
        let s2 = seq.load(Ordering::Relaxed);
        (s1 == s2 && s1 & 1 == 0 && g1 != 0).then_some((g1, p1))
    }

    /// The whole respecialization step under the writers' lock: if the slot
    /// holds `current` (a variant, it is first compare-exchanged back to
    /// its base; the base itself is taken as is), then either publish
    /// `to` = (variant, payload words) — payload first, then the opcode
    /// compare-exchange (cooldown) — or restart the counter. Returns what
    /// happened; `Lost` leaves the slot alone (another writer changed it).
    /// A slot lost to instrumentation (an instrumented twin or a marker
    /// that displaced the instruction) has its counter restarted, so the
    /// adaptive instruction run under it backs off instead of attempting
    /// on every execution.
    pub fn rewrite(&self, i: usize, current: Opcode, to: Option<(Opcode, &[u64])>) -> Rewrite {
        let _guard = self.writers.lock().unwrap_or_else(|e| e.into_inner());
        let held = self.opcode(i);
        if held != current && self.twin() != BrokenTwin::UncheckedStore {
            if held.is_instrumented() {
                self.attempt_failed(i);
            }
            return Rewrite::Lost(held);
        }
        if current.is_specialized() {
            let r = self.compare_exchange_opcode(i, current, current.deopt());
            if r != Rewrite::Done {
                return r;
            }
        }
        match to {
            Some((variant, words)) => {
                self.write_payload(i, words);
                self.specialize(i, variant)
            }
            None => {
                self.attempt_failed(i);
                Rewrite::Done
            }
        }
    }

    /// The displaced-opcode table, if any displacement was ever made.
    #[inline(always)]
    fn displaced_table(&self) -> Option<&[AtomicU8]> {
        let first = self.displaced.load(Ordering::Acquire);
        if first.is_null() {
            return None;
        }
        // SAFETY: a non-null pointer was stored once, by
        // `displaced_table_for_writing` under the writers' lock, from a
        // leaked `Box<[AtomicU8]>` of exactly `self.units.len()` bytes
        // (Release, paired with the Acquire load above, so the bytes'
        // initialisation is visible); it is freed only by `Drop`, which
        // has `&mut self`, so it lives as long as this borrow. Tested by
        // `displacement_keeps_the_instruction_and_its_cache`.
        Some(unsafe { std::slice::from_raw_parts(first, self.units.len()) })
    }

    /// The displaced-opcode table, allocating it on first use. The caller
    /// holds the writers' lock.
    fn displaced_table_for_writing(&self) -> &[AtomicU8] {
        if let Some(t) = self.displaced_table() {
            return t;
        }
        let table: Box<[AtomicU8]> = (0..self.units.len()).map(|_| AtomicU8::new(0)).collect();
        let first = Box::into_raw(table) as *mut AtomicU8;
        self.displaced.store(first, Ordering::Release);
        self.displaced_table().expect("just stored")
    }

    /// The opcode a line/instruction marker displaced at `i`, when the
    /// slot holds a marker (`INSTRUMENTED_LINE`/`INSTRUMENTED_INSTRUCTION`:
    /// opcodes with `is_instrumented()` and no family).
    #[inline(always)]
    pub fn displaced_opcode(&self, i: usize) -> Option<Opcode> {
        let op = self.opcode(i);
        if !op.is_marker() {
            return None;
        }
        self.displaced_by_marker(i)
    }

    /// The opcode recorded for a marker the caller has already read at
    /// `i` (with the Acquire load of `fetch`), without reading the slot
    /// again: a marker taken off between the caller's read and this one
    /// leaves its record in place, so the instruction the caller decoded
    /// still runs (re-reading the slot would find no marker and lose it).
    /// A record written since, by a marker put back, is the same
    /// instruction's. `None` only when no marker was ever placed.
    #[inline(always)]
    pub fn displaced_by_marker(&self, i: usize) -> Option<Opcode> {
        if self.twin() == BrokenTwin::MarkerReread && !self.opcode(i).is_marker() {
            return None;
        }
        let byte = self.displaced_table()?[i].load(Ordering::Relaxed);
        Some(stored_opcode(byte))
    }

    /// The instruction at `i` as it runs: the opcode there, or the one a
    /// marker displaced. Its `cache_units()` give the instruction's length.
    #[inline(always)]
    pub fn resolved_opcode(&self, i: usize) -> Opcode {
        let op = self.opcode(i);
        if op.is_marker() {
            self.displaced_or(i, op)
        } else {
            op
        }
    }

    /// The displaced opcode at `i`, or `marker` itself: out of line, so
    /// that the counter accessors inlined into the eval loop carry only
    /// the marker test.
    #[cold]
    #[inline(never)]
    fn displaced_or(&self, i: usize, marker: Opcode) -> Opcode {
        self.displaced_by_marker(i).unwrap_or(marker)
    }

    /// Puts the line/instruction `marker` over the instruction at `i`,
    /// under the writers' lock: the displaced opcode is recorded in the
    /// side table first (a family member as its adaptive base, so no
    /// specialization runs unguarded under the marker), then the opcode
    /// byte is compare-exchanged to the marker (Release: a thread that
    /// reads the marker reads the recorded byte). `Lost` when the slot
    /// already holds a marker.
    pub fn displace(&self, i: usize, marker: Opcode) -> Rewrite {
        assert!(marker.is_marker(), "{} is not a marker", marker.name());
        let _guard = self.writers.lock().unwrap_or_else(|e| e.into_inner());
        let held = self.opcode(i);
        if held.is_marker() {
            return Rewrite::Lost(held);
        }
        let recorded = if held.is_specialized() {
            held.deopt()
        } else {
            held
        };
        self.displaced_table_for_writing()[i].store(recorded as u8, Ordering::Relaxed);
        self.compare_exchange_opcode(i, held, marker)
    }

    /// Takes `marker` off the instruction at `i` under the writers' lock:
    /// the recorded opcode goes back, and a family member's counter is
    /// re-armed (adaptive again, attempting after the usual warm-up).
    /// `Lost` when the slot does not hold `marker`.
    pub fn restore_displaced(&self, i: usize, marker: Opcode) -> Rewrite {
        let _guard = self.writers.lock().unwrap_or_else(|e| e.into_inner());
        let held = self.opcode(i);
        if held != marker {
            return Rewrite::Lost(held);
        }
        let Some(recorded) = self.displaced_opcode(i) else {
            return Rewrite::Lost(held);
        };
        if recorded.family().is_some() {
            self.set_counter(i, BackoffCounter::warmup());
        }
        self.compare_exchange_opcode(i, marker, recorded)
    }

    /// Instruments the instruction at `i` with its instrumented twin, under
    /// the writers' lock: the slot's opcode (a specialized variant counts
    /// as its family) is compare-exchanged to the twin. A twin belongs to
    /// one base, so the slot's base opcode is the twin's `deopt()`: the
    /// opcode table is the side table for twins (markers, which displace
    /// any instruction, record theirs in `displace`). Any specialization
    /// the slot held is dropped (its payload stays, unread, until the next
    /// publication). `Done` when the slot now holds the twin (or already
    /// did); `Lost` when its instruction has no twin or a marker holds it.
    pub fn instrument(&self, i: usize) -> Rewrite {
        let _guard = self.writers.lock().unwrap_or_else(|e| e.into_inner());
        let held = self.opcode(i);
        if held.is_instrumented() && !held.is_marker() {
            return Rewrite::Done;
        }
        match held.instrumented() {
            Some(twin) if !held.is_marker() => self.compare_exchange_opcode(i, held, twin),
            _ => Rewrite::Lost(held),
        }
    }

    /// Takes the instrumented twin off the instruction at `i`, under the
    /// writers' lock: the slot goes back to its family's adaptive base (or
    /// the plain instruction), a family member's counter re-armed so it
    /// specializes again after the usual warm-up. `Lost` when the slot
    /// does not hold a twin.
    pub fn deinstrument(&self, i: usize) -> Rewrite {
        let _guard = self.writers.lock().unwrap_or_else(|e| e.into_inner());
        let held = self.opcode(i);
        if !held.is_instrumented() || held.is_marker() {
            return Rewrite::Lost(held);
        }
        let base = held.deopt();
        if base.family().is_some() {
            self.set_counter(i, BackoffCounter::warmup());
        }
        self.compare_exchange_opcode(i, held, base)
    }

    /// Iterates `(index, opcode as it runs, whole operand)` over
    /// instructions, skipping caches: the opcode is `resolved_opcode` (the
    /// one under a marker), and the operand has the `EXTENDED_ARG`
    /// prefixes before it folded in (a prefix is yielded too, with the
    /// operand folded so far).
    pub fn instructions_with_args(&self) -> impl Iterator<Item = (usize, Opcode, u32)> + '_ {
        let mut prefix: u32 = 0;
        self.instructions().map(move |(i, _, oparg)| {
            let op = self.resolved_opcode(i);
            let arg = (prefix << 8) | u32::from(oparg);
            prefix = if op == Opcode::EXTENDED_ARG { arg } else { 0 };
            (i, op, arg)
        })
    }

    /// Iterates `(index, opcode, oparg)` over instructions, skipping caches.
    pub fn instructions(&self) -> impl Iterator<Item = (usize, Opcode, u8)> + '_ {
        let mut i = 0;
        std::iter::from_fn(move || {
            if i >= self.units.len() {
                return None;
            }
            let op = self.opcode(i);
            let item = (i, op, self.oparg(i));
            i += 1 + self.resolved_opcode(i).cache_units();
            Some(item)
        })
    }
}

impl Drop for CodeUnits {
    fn drop(&mut self) {
        let first = self.displaced.load(Ordering::Acquire);
        if !first.is_null() {
            let table = std::ptr::slice_from_raw_parts_mut(first, self.units.len());
            // SAFETY: `first` is the leaked `Box<[AtomicU8]>` of `len()`
            // bytes that `displaced_table_for_writing` stored once; `&mut
            // self` means no reader holds it, and it is freed only here.
            drop(unsafe { Box::from_raw(table) });
        }
    }
}

#[cfg(all(test, not(loom)))]
mod tests {
    use super::*;

    fn sample() -> CodeUnits {
        let raw = [
            (Opcode::LOAD_FAST as u8, 0),
            (Opcode::LOAD_ATTR as u8, 2),
            (0, 0),
            (Opcode::BINARY_OP as u8, 0),
            (0, 0),
            (Opcode::RETURN_VALUE as u8, 0),
        ];
        CodeUnits::new(&raw, true).unwrap()
    }

    /// `entry`'s premise: every unit's entry start, family member or not,
    /// has `MAX_ENTRY_WORDS` words of the side array after it, for code
    /// that ends on the largest entry, code with no family member at all,
    /// and the sample; and a unit outside families has no cache words.
    #[test]
    fn every_entry_view_is_in_bounds() {
        let widest = Opcode::ALL
            .iter()
            .copied()
            .find(|op| op.cache_words() == MAX_ENTRY_WORDS && !op.is_specialized())
            .expect("a base opcode with the widest entry");
        let mut raw = vec![(Opcode::LOAD_FAST as u8, 0)];
        raw.push((widest as u8, 0));
        raw.extend(std::iter::repeat_n((0, 0), widest.cache_units()));
        raw.push((Opcode::RETURN_VALUE as u8, 0));
        let plain = [
            (Opcode::LOAD_FAST as u8, 0),
            (Opcode::RETURN_VALUE as u8, 0),
        ];
        for code in [
            CodeUnits::new(&raw, true).unwrap(),
            CodeUnits::new(&plain, true).unwrap(),
            sample(),
        ] {
            for i in 0..code.len() {
                assert!(code.cache_index[i] as usize + MAX_ENTRY_WORDS <= code.cache_words.len());
                assert_eq!(code.cache(i).len(), code.opcode(i).cache_words());
            }
        }
        assert_eq!(
            CodeUnits::new(&plain, true).unwrap().counter(0),
            BackoffCounter::unreachable()
        );
    }

    /// The dispatch decode's premise: with side-cache indexes past one
    /// byte, after quickening and after rewrites, every unit's opcode byte
    /// (inline cache units included) names an opcode.
    #[test]
    fn every_stored_opcode_byte_names_an_opcode() {
        let mut raw = Vec::new();
        for _ in 0..300 {
            raw.push((Opcode::LOAD_FAST as u8, 0));
            raw.push((Opcode::LOAD_ATTR as u8, 2));
            raw.push((0, 0));
        }
        raw.push((Opcode::RETURN_VALUE as u8, 0));
        let code = CodeUnits::new(&raw, true).unwrap();
        let last_attr = raw.len() - 3;
        assert_eq!(
            code.cache_index[last_attr] as usize,
            299 * Opcode::LOAD_ATTR.cache_words()
        );
        assert_eq!(
            code.specialize(last_attr, Opcode::LOAD_ATTR_SLOT),
            Rewrite::Done
        );
        for i in 0..code.len() {
            let byte = code.opcode_byte(i);
            assert!(
                Opcode::from_u8(byte).is_some(),
                "unit {i} holds byte {byte}"
            );
        }
        assert_eq!(code.opcode(last_attr), Opcode::LOAD_ATTR_SLOT);
        assert_eq!(code.opcode(last_attr + 1), Opcode::CACHE);
    }

    #[test]
    fn caches_are_assigned_and_quickened() {
        let code = sample();
        assert_eq!(code.len(), 6);
        assert_eq!(code.cache(1).len(), Opcode::LOAD_ATTR.cache_words());
        assert_eq!(code.cache(3).len(), Opcode::BINARY_OP.cache_words());
        assert_eq!(code.counter(1), BackoffCounter::warmup());
        let ops: Vec<_> = code.instructions().map(|(_, op, _)| op).collect();
        assert_eq!(
            ops,
            vec![
                Opcode::LOAD_FAST,
                Opcode::LOAD_ATTR,
                Opcode::BINARY_OP,
                Opcode::RETURN_VALUE
            ]
        );
    }

    #[test]
    fn quickening_installs_superinstructions_only_when_specializing() {
        use Opcode::*;
        let raw: Vec<(u8, u8)> = [
            (LOAD_FAST, 0),
            (LOAD_FAST, 1),
            (LOAD_CONST, 0),
            (STORE_FAST, 2),
            (STORE_FAST, 3),
            (LOAD_FAST, 2),
            (RETURN_VALUE, 0),
        ]
        .iter()
        .map(|&(op, arg)| (op as u8, arg))
        .collect();
        let quick = CodeUnits::new(&raw, true).unwrap();
        let ops: Vec<_> = quick.instructions().map(|(_, op, _)| op).collect();
        assert_eq!(
            ops,
            vec![
                LOAD_FAST__LOAD_FAST,
                LOAD_FAST__LOAD_CONST,
                LOAD_CONST,
                STORE_FAST__STORE_FAST,
                STORE_FAST__LOAD_FAST,
                LOAD_FAST,
                RETURN_VALUE
            ]
        );
        // The second half is checked by opcode before it runs fused.
        assert_eq!(quick.oparg_if(1, LOAD_FAST__LOAD_CONST), Some(1));
        assert_eq!(quick.oparg_if(1, LOAD_FAST), None);
        assert_eq!(quick.oparg_if(2, LOAD_CONST), Some(0));
        assert_eq!(quick.oparg_if(raw.len(), RETURN_VALUE), None);

        let plain = CodeUnits::new(&raw, false).unwrap();
        let ops: Vec<_> = plain.instructions().map(|(_, op, _)| op as u8).collect();
        let raw_ops: Vec<_> = raw.iter().map(|&(op, _)| op).collect();
        assert_eq!(ops, raw_ops);
    }

    #[test]
    fn specialize_is_a_cas_from_the_base() {
        let code = sample();
        assert_eq!(code.specialize(3, Opcode::BINARY_OP_ADD_INT), Rewrite::Done);
        assert_eq!(code.opcode(3), Opcode::BINARY_OP_ADD_INT);
        assert_eq!(code.counter(3), BackoffCounter::cooldown());
        // A second specializer racing from the base loses and leaves the slot alone.
        assert_eq!(
            code.specialize(3, Opcode::BINARY_OP_ADD_FLOAT),
            Rewrite::Lost(Opcode::BINARY_OP_ADD_INT)
        );
        // Respecialization goes back through the base under the lock.
        assert_eq!(
            code.rewrite(3, Opcode::BINARY_OP_ADD_FLOAT, None),
            Rewrite::Lost(Opcode::BINARY_OP_ADD_INT)
        );
        assert_eq!(
            code.rewrite(3, Opcode::BINARY_OP_ADD_INT, None),
            Rewrite::Done
        );
        assert_eq!(code.opcode(3), Opcode::BINARY_OP);
        assert_eq!(code.counter(3), BackoffCounter::cooldown().restart());
    }

    /// Every publication moves the entry's sequence by two, whatever the
    /// words (a republished guard word included), and the reader pairs
    /// the guard with the payload of the last publication.
    #[test]
    fn every_publication_moves_the_sequence() {
        let code = sample();
        let at = 1;
        let sequence = |code: &CodeUnits| code.cache(at)[SEQUENCE_WORD].load(Ordering::Relaxed);
        assert_eq!(
            code.read_payload2(at, Opcode::LOAD_ATTR),
            None,
            "nothing published"
        );
        let guard = (7u64 << 32) | Opcode::LOAD_ATTR_SLOT as u64;
        let mut current = Opcode::LOAD_ATTR;
        for (round, payload) in [0x51u64, 0x52, 0x51].into_iter().enumerate() {
            let before = sequence(&code);
            assert_eq!(
                code.rewrite(
                    at,
                    current,
                    Some((Opcode::LOAD_ATTR_SLOT, &[guard, payload]))
                ),
                Rewrite::Done,
                "round {round}"
            );
            current = Opcode::LOAD_ATTR_SLOT;
            assert_eq!(sequence(&code), before + 2);
            assert_eq!(
                code.read_payload2(at, Opcode::LOAD_ATTR_SLOT),
                Some((guard, payload))
            );
        }
        // A write in flight (odd sequence) is a miss for readers.
        code.cache(at)[SEQUENCE_WORD].fetch_add(1, Ordering::Relaxed);
        assert_eq!(code.read_payload2(at, Opcode::LOAD_ATTR_SLOT), None);
    }

    /// A specialized slot instrumented: the twin of its family replaces
    /// it, the specializer's rewrite from the variant or the base then
    /// loses (and backs off), and de-instrumenting leaves the adaptive base
    /// with a re-armed counter. Instructions without a twin are refused.
    #[test]
    fn instrumenting_a_specialized_slot_keeps_its_family_and_wins_over_the_specializer() {
        let raw = [
            (Opcode::CALL as u8, 1),
            (0, 0),
            (Opcode::LOAD_FAST as u8, 0),
            (Opcode::RETURN_VALUE as u8, 0),
        ];
        let code = CodeUnits::new(&raw, true).unwrap();
        let words = [(5u64 << 32) | Opcode::CALL_PY_EXACT_ARGS as u64, 0];
        assert_eq!(
            code.rewrite(0, Opcode::CALL, Some((Opcode::CALL_PY_EXACT_ARGS, &words))),
            Rewrite::Done
        );
        assert_eq!(code.instrument(0), Rewrite::Done);
        assert_eq!(code.opcode(0), Opcode::INSTRUMENTED_CALL);
        assert_eq!(code.opcode(0).deopt(), Opcode::CALL);
        assert_eq!(
            code.instrument(0),
            Rewrite::Done,
            "instrumenting twice is a no-op"
        );
        for current in [Opcode::CALL_PY_EXACT_ARGS, Opcode::CALL] {
            code.set_counter(0, BackoffCounter::cooldown());
            assert_eq!(
                code.rewrite(0, current, Some((Opcode::CALL_PY_GENERAL, &words))),
                Rewrite::Lost(Opcode::INSTRUMENTED_CALL)
            );
            assert_eq!(code.counter(0), BackoffCounter::cooldown().restart());
        }
        assert_eq!(code.deinstrument(0), Rewrite::Done);
        assert_eq!(code.opcode(0), Opcode::CALL);
        assert_eq!(code.counter(0), BackoffCounter::warmup());
        assert_eq!(code.deinstrument(0), Rewrite::Lost(Opcode::CALL));
        // A plain instruction with a twin, and one without.
        assert_eq!(code.instrument(3), Rewrite::Done);
        assert_eq!(code.opcode(3), Opcode::INSTRUMENTED_RETURN_VALUE);
        assert_eq!(code.deinstrument(3), Rewrite::Done);
        assert_eq!(code.opcode(3), Opcode::RETURN_VALUE);
        assert_eq!(code.instrument(2), Rewrite::Lost(Opcode::LOAD_FAST));
        // A marker's unit is not instrumented with a twin.
        assert_eq!(code.displace(3, Opcode::INSTRUMENTED_LINE), Rewrite::Done);
        assert_eq!(code.instrument(3), Rewrite::Lost(Opcode::INSTRUMENTED_LINE));
        assert_eq!(
            code.deinstrument(3),
            Rewrite::Lost(Opcode::INSTRUMENTED_LINE)
        );
    }

    /// A marker over a specialized family member: the base is recorded,
    /// the code still steps over the inline cache unit, the entry stays
    /// where it was, specialization attempts lose (and back off) while
    /// the marker is there, and taking it off leaves an adaptive slot
    /// with a re-armed counter.
    #[test]
    fn displacement_keeps_the_instruction_and_its_cache() {
        let code = sample();
        let words = [(3u64 << 32) | Opcode::LOAD_ATTR_SLOT as u64, 0x51];
        assert_eq!(
            code.rewrite(1, Opcode::LOAD_ATTR, Some((Opcode::LOAD_ATTR_SLOT, &words))),
            Rewrite::Done
        );
        assert_eq!(code.displaced_opcode(1), None);
        assert_eq!(code.displace(1, Opcode::INSTRUMENTED_LINE), Rewrite::Done);
        assert_eq!(code.opcode(1), Opcode::INSTRUMENTED_LINE);
        assert_eq!(code.displaced_opcode(1), Some(Opcode::LOAD_ATTR));
        assert_eq!(code.resolved_opcode(1), Opcode::LOAD_ATTR);
        assert_eq!(
            code.cache_for(1, code.resolved_opcode(1)).len(),
            Opcode::LOAD_ATTR.cache_words()
        );
        let ops: Vec<_> = code.instructions().map(|(i, op, _)| (i, op)).collect();
        assert_eq!(
            ops,
            vec![
                (0, Opcode::LOAD_FAST),
                (1, Opcode::INSTRUMENTED_LINE),
                (3, Opcode::BINARY_OP),
                (5, Opcode::RETURN_VALUE)
            ]
        );
        // A second marker on the same unit is refused.
        assert_eq!(
            code.displace(1, Opcode::INSTRUMENTED_INSTRUCTION),
            Rewrite::Lost(Opcode::INSTRUMENTED_LINE)
        );
        // The adaptive instruction run under the marker cannot specialize
        // the slot, and its counter backs off.
        code.set_counter(1, BackoffCounter::cooldown());
        assert_eq!(
            code.rewrite(1, Opcode::LOAD_ATTR, Some((Opcode::LOAD_ATTR_SLOT, &words))),
            Rewrite::Lost(Opcode::INSTRUMENTED_LINE)
        );
        assert_eq!(code.counter(1), BackoffCounter::cooldown().restart());
        assert_eq!(
            code.restore_displaced(1, Opcode::INSTRUMENTED_INSTRUCTION),
            Rewrite::Lost(Opcode::INSTRUMENTED_LINE)
        );
        assert_eq!(
            code.restore_displaced(1, Opcode::INSTRUMENTED_LINE),
            Rewrite::Done
        );
        assert_eq!(code.opcode(1), Opcode::LOAD_ATTR);
        assert_eq!(code.counter(1), BackoffCounter::warmup());
        assert_eq!(code.displaced_opcode(1), None);
        // An instruction outside families is displaced and restored as is.
        assert_eq!(
            code.displace(5, Opcode::INSTRUMENTED_INSTRUCTION),
            Rewrite::Done
        );
        assert_eq!(code.resolved_opcode(5), Opcode::RETURN_VALUE);
        assert_eq!(
            code.restore_displaced(5, Opcode::INSTRUMENTED_INSTRUCTION),
            Rewrite::Done
        );
        assert_eq!(code.opcode(5), Opcode::RETURN_VALUE);
    }

    #[test]
    fn disabled_specialization_never_triggers() {
        let raw = [(Opcode::BINARY_OP as u8, 0), (0, 0)];
        let code = CodeUnits::new(&raw, false).unwrap();
        assert!(!code.counter(0).triggers());
    }

    #[test]
    fn malformed_input_is_refused() {
        assert_eq!(
            CodeUnits::new(&[(255, 0)], true).err(),
            Some(CodeError::BadOpcode(0))
        );
        assert_eq!(
            CodeUnits::new(&[(Opcode::BINARY_OP as u8, 0)], true).err(),
            Some(CodeError::Truncated(0))
        );
    }
}
