//! The `dict` payload: an insertion-ordered hash table behind a per-object
//! lock, with a keys version that moves on every key insertion or deletion
//! (guards of `LOAD_GLOBAL`), and Python-level `__eq__` called with the lock
//! released.

use crate::object::{Object, Payload};
use crate::objlock::{unlocked_contents, ObjMutex as Mutex, ObjMutexGuard as MutexGuard};
use crate::ops::native_eq;
use crate::readview::ReadView;
use crate::specialize::{decode_unowned, encode_unowned};
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

const EMPTY: u32 = u32::MAX;
const DUMMY: u32 = u32::MAX - 1;

/// A fresh, process-unique keys (or values) version; 0 once the
/// versions are exhausted (`crate::versions`), which no guard records.
#[inline(always)]
pub fn next_keys_version() -> u32 {
    crate::versions::DICT_VERSIONS.next()
}

/// One slot of the ordered entry array.
#[derive(Clone)]
pub struct Entry {
    /// The key's hash.
    pub hash: i64,
    /// The key.
    pub key: Value,
    /// The value.
    pub value: Value,
}

/// The table behind the lock.
#[derive(Default, Clone)]
pub struct DictTable {
    entries: Vec<Option<Entry>>,
    indices: Vec<u32>,
    len: usize,
    /// Moves on every mutation (lets a lookup that released the lock detect changes).
    stamp: u64,
    /// True for an instance's attribute dict: every key it ever gets is
    /// noted in [`INSTANCE_KEY_BITS`].
    instance_keys: bool,
}

/// Words of [`INSTANCE_KEY_BITS`].
const INSTANCE_KEY_WORDS: usize = 64;

/// A Bloom-style set (one bit per key hash, 4096 bits) of the hashes of
/// every key ever stored in any instance's attribute dict. A method or
/// class-constant cache (`LOAD_ATTR_METHOD_WITH_VALUES`,
/// `LOAD_ATTR_NONDESCRIPTOR_WITH_VALUES`) whose name's bit is clear knows
/// without a lookup that no instance dict shadows it; a set bit (a real
/// instance attribute of that name somewhere, or a collision) only means
/// the instance dict is probed. Bits are only ever set, before the key is
/// inserted, so a clear bit read at any time is the truth for that time.
static INSTANCE_KEY_BITS: [AtomicU64; INSTANCE_KEY_WORDS] =
    [const { AtomicU64::new(0) }; INSTANCE_KEY_WORDS];

fn instance_key_bit(hash: i64) -> (usize, u64) {
    let h = (hash as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 52;
    ((h >> 6) as usize % INSTANCE_KEY_WORDS, 1u64 << (h & 63))
}

fn note_instance_key(hash: i64) {
    let (w, bit) = instance_key_bit(hash);
    // Load first: the common case (bit already set) writes nothing shared.
    if INSTANCE_KEY_BITS[w].load(Ordering::Relaxed) & bit == 0 {
        INSTANCE_KEY_BITS[w].fetch_or(bit, Ordering::Release);
    }
}

/// False only when no instance attribute dict has ever held a key with
/// the hash of `name` (so `name` is in none of them now).
#[inline(always)]
pub fn maybe_instance_key(name: &ObjRef) -> bool {
    match &name.payload {
        Payload::Str(s) => {
            let (w, bit) = instance_key_bit(s.hash());
            INSTANCE_KEY_BITS[w].load(Ordering::Acquire) & bit != 0
        }
        _ => true,
    }
}

enum Probe {
    Found(usize),
    Missing,
    NeedsPython(Vec<(usize, Value)>),
}

/// The index slots of a hash's probe sequence, in a table of `mask + 1`
/// slots: CPython's `i = i*5 + 1 + perturb` after `perturb >>= 5`. Endless;
/// the walks stop at an empty slot (a table always has one) or a bound.
struct ProbeSeq {
    i: usize,
    perturb: u64,
    mask: usize,
}

impl ProbeSeq {
    #[inline(always)]
    fn new(hash: i64, mask: usize) -> ProbeSeq {
        ProbeSeq {
            i: (hash as u64 as usize) & mask,
            perturb: hash as u64,
            mask,
        }
    }

    /// The next slot of the sequence (the home slot first).
    #[inline(always)]
    fn next_slot(&mut self) -> usize {
        let slot = self.i;
        self.perturb >>= 5;
        self.i = (slot
            .wrapping_mul(5)
            .wrapping_add(1)
            .wrapping_add(self.perturb as usize))
            & self.mask;
        slot
    }
}

/// The outcome of [`DictTable::probe_exact_str`].
#[derive(Clone, Copy)]
enum StrProbe {
    Found(usize),
    Missing,
    /// An entry of equal hash whose key is not an exact str: its `__eq__`
    /// may be Python code, so the general probe must decide.
    Undecided,
}

/// True for an object of exactly type `str` (no subclass, which could
/// override `__eq__`).
#[inline(always)]
fn is_exact_str(o: &ObjRef) -> bool {
    std::ptr::eq(o.class(), crate::builtins::types::types().str)
}

impl DictTable {
    /// The value at entry `ix` if its key is `key` (identity).
    #[inline(always)]
    fn value_at_if_key(&self, ix: usize, key: &ObjRef) -> Option<Value> {
        match self.entries.get(ix) {
            Some(Some(e)) if matches!(&e.key, Value::Obj(k) if ObjRef::ptr_eq(k, key)) => {
                Some(e.value.clone())
            }
            _ => None,
        }
    }

    /// Moves `value` into entry `ix` if its key is `key` (identity),
    /// returning the old value; hands `value` back otherwise.
    #[inline(always)]
    fn replace_at_if_key(&mut self, ix: usize, key: &ObjRef, value: Value) -> Result<Value, Value> {
        match self.entries.get_mut(ix) {
            Some(Some(e)) if matches!(&e.key, Value::Obj(k) if ObjRef::ptr_eq(k, key)) => {
                Ok(std::mem::replace(&mut e.value, value))
            }
            _ => Err(value),
        }
    }

    /// `probe` for `key`, an exact str of text `text` and hash `hash`:
    /// decided natively (identity, then the text of exact-str keys) with
    /// nothing to collect, except that an entry of equal hash whose key
    /// is any other object leaves it `Undecided`. A key of another kind
    /// that is not an object (int, float, bool, None) never equals a str.
    #[inline(always)]
    fn probe_exact_str(&self, key: &ObjRef, text: &str, hash: i64) -> StrProbe {
        if self.indices.is_empty() {
            return StrProbe::Missing;
        }
        let mask = self.indices.len() - 1;
        let mut seq = ProbeSeq::new(hash, mask);
        loop {
            let i = seq.next_slot();
            let ix = self.indices[i];
            if ix == EMPTY {
                return StrProbe::Missing;
            }
            if ix != DUMMY {
                if let Some(e) = &self.entries[ix as usize] {
                    if e.hash == hash {
                        if let Value::Obj(k) = &e.key {
                            if ObjRef::ptr_eq(k, key) {
                                return StrProbe::Found(ix as usize);
                            }
                            match &k.payload {
                                Payload::Str(s) if is_exact_str(k) => {
                                    if s.as_str() == text {
                                        return StrProbe::Found(ix as usize);
                                    }
                                }
                                _ => return StrProbe::Undecided,
                            }
                        }
                    }
                }
            }
        }
    }

    /// Finds `key` (of hash `hash`): an exact-str key by
    /// `probe_exact_str` when it can decide, any other by comparing keys
    /// natively, collecting the entries whose `__eq__` must run.
    #[inline(always)]
    fn probe(&self, key: &Value, hash: i64) -> Probe {
        if let Value::Obj(k) = key {
            if let Payload::Str(s) = &k.payload {
                if is_exact_str(k) {
                    match self.probe_exact_str(k, s.as_str(), hash) {
                        StrProbe::Found(ix) => return Probe::Found(ix),
                        StrProbe::Missing => return Probe::Missing,
                        StrProbe::Undecided => {}
                    }
                }
            }
        }
        self.probe_general(key, hash)
    }

    fn probe_general(&self, key: &Value, hash: i64) -> Probe {
        if self.indices.is_empty() {
            return Probe::Missing;
        }
        let mask = self.indices.len() - 1;
        let mut seq = ProbeSeq::new(hash, mask);
        let mut pending = Vec::new();
        loop {
            let ix = self.indices[seq.next_slot()];
            if ix == EMPTY {
                return if pending.is_empty() {
                    Probe::Missing
                } else {
                    Probe::NeedsPython(pending)
                };
            }
            if ix != DUMMY {
                if let Some(e) = &self.entries[ix as usize] {
                    if e.hash == hash {
                        if e.key.is(key) {
                            return Probe::Found(ix as usize);
                        }
                        match native_eq(&e.key, key) {
                            Some(true) => return Probe::Found(ix as usize),
                            Some(false) => {}
                            None => pending.push((ix as usize, e.key.clone())),
                        }
                    }
                }
            }
        }
    }

    fn insert_index(&mut self, hash: i64, entry_ix: u32) {
        let mask = self.indices.len() - 1;
        let mut seq = ProbeSeq::new(hash, mask);
        loop {
            let i = seq.next_slot();
            let ix = self.indices[i];
            if ix == EMPTY || ix == DUMMY {
                self.indices[i] = entry_ix;
                return;
            }
        }
    }

    fn rebuild(&mut self) {
        let live: Vec<Entry> = self.entries.drain(..).flatten().collect();
        let mut size = 8;
        while size * 2 < (live.len() + 1) * 3 {
            size <<= 1;
        }
        self.indices = vec![EMPTY; size];
        self.entries = live.into_iter().map(Some).collect();
        for ix in 0..self.entries.len() {
            let h = self.entries[ix].as_ref().map(|e| e.hash).unwrap_or(0);
            self.insert_index(h, ix as u32);
        }
    }

    fn push(&mut self, hash: i64, key: Value, value: Value) {
        if self.instance_keys {
            note_instance_key(hash);
        }
        if self.indices.is_empty() || (self.entries.len() + 1) * 3 >= self.indices.len() * 2 {
            self.entries.push(Some(Entry { hash, key, value }));
            self.rebuild();
        } else {
            self.entries.push(Some(Entry { hash, key, value }));
            let ix = (self.entries.len() - 1) as u32;
            self.insert_index(hash, ix);
        }
        self.len += 1;
        self.stamp += 1;
    }

    fn remove_at(&mut self, ix: usize) -> Option<Entry> {
        let e = self.entries.get_mut(ix)?.take()?;
        let mask = self.indices.len() - 1;
        let mut seq = ProbeSeq::new(e.hash, mask);
        for _ in 0..self.indices.len() * 2 {
            let i = seq.next_slot();
            if self.indices[i] == ix as u32 {
                self.indices[i] = DUMMY;
                break;
            }
        }
        self.len -= 1;
        self.stamp += 1;
        if self.entries.len() > 16 && self.len * 2 < self.entries.len() {
            self.rebuild();
        }
        Some(e)
    }

    /// Number of live entries.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Live entries in insertion order.
    pub fn iter(&self) -> impl Iterator<Item = &Entry> {
        self.entries.iter().flatten()
    }
}

/// How a key is compared in a read view without running Python code.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ViewKey {
    /// Only the full lookup under the lock can compare it (floats, bools,
    /// tuples, non-interned strs, ...).
    Undecidable,
    /// An interned str: equal to another interned str iff identical.
    InternedStr,
    /// An int or None encoded unowned: equal iff the same word.
    Immediate,
}

#[inline(always)]
fn key_address(key: &ObjRef) -> u64 {
    &**key as *const Object as u64
}

#[inline(always)]
fn view_key(key: &Value) -> (u64, ViewKey) {
    match key {
        Value::Obj(o) if matches!(&o.payload, Payload::Str(s) if s.is_interned()) => {
            (key_address(o), ViewKey::InternedStr)
        }
        Value::Int(_) | Value::None => match encode_unowned(key) {
            Some(w) => (w, ViewKey::Immediate),
            None => (0, ViewKey::Undecidable),
        },
        _ => (0, ViewKey::Undecidable),
    }
}

struct ViewEntry {
    hash: i64,
    key: u64,
    kind: ViewKey,
    /// The value encoded unowned, 0 when it cannot be (read it locked).
    value: u64,
}

/// An immutable snapshot of a dict's table for lock-free reads.
pub struct DictView {
    indices: Box<[u32]>,
    entries: Box<[ViewEntry]>,
}

impl DictView {
    fn of(t: &DictTable) -> DictView {
        DictView {
            indices: t.indices.clone().into_boxed_slice(),
            entries: t
                .entries
                .iter()
                .map(|e| match e {
                    Some(e) => {
                        let (key, kind) = view_key(&e.key);
                        ViewEntry {
                            hash: e.hash,
                            key,
                            kind,
                            value: encode_unowned(&e.value).unwrap_or(0),
                        }
                    }
                    None => ViewEntry {
                        hash: 0,
                        key: 0,
                        kind: ViewKey::Undecidable,
                        value: 0,
                    },
                })
                .collect(),
        }
    }

    /// The probe of `DictTable::probe` over the snapshot, for a decidable
    /// key: Some(Some(value word)) when found, Some(None) when absent, None
    /// when some entry with the same hash cannot be compared here.
    fn lookup(&self, word: u64, kind: ViewKey, hash: i64) -> Option<Option<u64>> {
        if self.indices.is_empty() {
            return Some(None);
        }
        let mask = self.indices.len() - 1;
        let mut seq = ProbeSeq::new(hash, mask);
        loop {
            let i = seq.next_slot();
            let ix = self.indices[i];
            if ix == EMPTY {
                return Some(None);
            }
            if ix != DUMMY {
                let e = &self.entries[ix as usize];
                if e.hash == hash {
                    if e.kind == ViewKey::Undecidable {
                        return None;
                    }
                    if e.kind == kind && e.key == word {
                        return Some(Some(e.value));
                    }
                }
            }
        }
    }
}

/// A dict: a locked table plus its keys version and, for namespaces, a
/// values version.
pub struct DictObj {
    table: Mutex<DictTable>,
    keys_version: AtomicU32,
    /// 0 while untracked; for namespaces (module dicts), a process-unique
    /// version that moves on every change of any key or value, so that a
    /// `LOAD_GLOBAL` may cache a value itself under it.
    values_version: AtomicU32,
    view: ReadView<DictView>,
}

impl Default for DictObj {
    fn default() -> Self {
        DictObj::new()
    }
}

/// A new empty dict object.
pub fn new_dict_obj() -> ObjRef {
    ObjRef::new(Object::new(
        crate::builtins::types::types().dict,
        Payload::Dict(Box::default()),
    ))
}

/// A new empty dict for an instance's attributes (its keys are noted for
/// [`maybe_instance_key`]).
pub fn new_instance_dict_obj() -> ObjRef {
    let d = DictObj::new();
    d.table.lock().instance_keys = true;
    ObjRef::new(Object::new(
        crate::builtins::types::types().dict,
        Payload::Dict(Box::new(d)),
    ))
}

impl DictObj {
    /// An empty dict.
    pub fn new() -> DictObj {
        DictObj {
            table: Mutex::new(DictTable::default()),
            keys_version: AtomicU32::new(next_keys_version()),
            values_version: AtomicU32::new(0),
            view: ReadView::default(),
        }
    }

    /// The current keys version.
    #[inline(always)]
    pub fn keys_version(&self) -> u32 {
        self.keys_version.load(Ordering::Acquire)
    }

    /// Locks the table to change it: the read view goes first.
    fn lock_for_write(&self) -> MutexGuard<'_, DictTable> {
        let t = self.table.lock();
        self.view.invalidate();
        t
    }

    /// Counts a locked read; rebuilds the read view when reads dominate.
    #[inline(always)]
    fn after_locked_read(&self, t: &DictTable) {
        if self.view.wants_rebuild(t.len) {
            self.view.publish(DictView::of(t));
        }
    }

    /// Starts keeping a read view (the dict is shared read-mostly).
    pub fn enable_read_view(&self) {
        let t = self.table.lock();
        self.view.enable();
        self.view.publish(DictView::of(&t));
    }

    fn bump_keys(&self) {
        self.keys_version
            .store(next_keys_version(), Ordering::Release);
        self.bump_values();
    }

    /// Starts tracking a values version (module namespaces).
    pub fn track_values(&self) {
        self.values_version
            .store(next_keys_version(), Ordering::Release);
    }

    /// The values version: 0 when untracked, else it moves (after the
    /// change is made) on every key or value change.
    #[inline(always)]
    pub fn values_version(&self) -> u32 {
        self.values_version.load(Ordering::Acquire)
    }

    #[inline(always)]
    fn bump_values(&self) {
        if self.values_version.load(Ordering::Relaxed) != 0 {
            self.values_version
                .store(next_keys_version(), Ordering::Release);
        }
    }

    /// Number of items.
    pub fn len(&self) -> usize {
        self.table.lock().len
    }

    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The mutation stamp (for iterators).
    pub fn stamp(&self) -> u64 {
        self.table.lock().stamp
    }

    fn find(&self, vm: &Vm, key: &Value, hash: i64) -> PyResult<Option<usize>> {
        loop {
            let (pending, stamp) = {
                let t = self.table.lock();
                match t.probe(key, hash) {
                    Probe::Found(ix) => return Ok(Some(ix)),
                    Probe::Missing => return Ok(None),
                    Probe::NeedsPython(p) => (p, t.stamp),
                }
            };
            let mut found = None;
            for (ix, k) in pending {
                if vm.eq_bool(&k, key)? {
                    found = Some(ix);
                    break;
                }
            }
            if self.table.lock().stamp == stamp {
                return Ok(found);
            }
        }
    }

    /// Lookup of an exact-str `key` (`text` and `hash` its own) decided
    /// without Python code: Some(the value, or None when absent), or None
    /// when an entry's `__eq__` must decide (see `probe_exact_str`).
    #[inline(always)]
    fn lookup_exact_str(&self, key: &ObjRef, text: &str, hash: i64) -> Option<Option<Value>> {
        if self.view.enabled() {
            if let Some(found) = self.view_lookup(&Value::Obj(key.clone()), hash) {
                return Some(found);
            }
        }
        let decide = |t: &DictTable| match t.probe_exact_str(key, text, hash) {
            StrProbe::Found(ix) => Some(t.entries[ix].as_ref().map(|e| e.value.clone())),
            StrProbe::Missing => Some(None),
            StrProbe::Undecided => None,
        };
        // SAFETY: the probe runs no Python code and takes no lock, and the
        // found value is cloned before the access ends.
        if let Some(t) = unsafe { unlocked_contents(&self.table) } {
            // SAFETY: (see above) the only access to the table.
            return decide(unsafe { t.as_ref() });
        }
        let t = self.table.lock();
        self.after_locked_read(&t);
        decide(&t)
    }

    /// `d[key]` without raising: the value or None.
    pub fn get(&self, vm: &Vm, key: &Value) -> PyResult<Option<Value>> {
        if let Value::Obj(k) = key {
            if let Payload::Str(s) = &k.payload {
                if is_exact_str(k) {
                    if let Some(found) = self.lookup_exact_str(k, s.as_str(), s.hash()) {
                        return Ok(found);
                    }
                }
            }
        }
        let hash = vm.hash(key)?;
        self.get_hashed(vm, key, hash)
    }

    /// Lookup with a precomputed hash.
    pub fn get_hashed(&self, vm: &Vm, key: &Value, hash: i64) -> PyResult<Option<Value>> {
        if let Some(found) = self.view_lookup(key, hash) {
            return Ok(found);
        }
        if let Some(found) = self.probe_unlocked(key, hash) {
            return Ok(found);
        }
        {
            let t = self.table.lock();
            self.after_locked_read(&t);
            match t.probe(key, hash) {
                Probe::Found(ix) => return Ok(t.entries[ix].as_ref().map(|e| e.value.clone())),
                Probe::Missing => return Ok(None),
                Probe::NeedsPython(_) => {}
            }
        }
        match self.find(vm, key, hash)? {
            Some(ix) => Ok(self
                .table
                .lock()
                .entries
                .get(ix)
                .and_then(|e| e.as_ref().map(|e| e.value.clone()))),
            None => Ok(None),
        }
    }

    /// Lookup of a str key (no Python code can run: str equality is native).
    pub fn get_str(&self, key: &ObjRef) -> Option<Value> {
        let hash = match &key.payload {
            Payload::Str(s) => {
                if is_exact_str(key) {
                    if let Some(found) = self.lookup_exact_str(key, s.as_str(), s.hash()) {
                        return found;
                    }
                }
                s.hash()
            }
            _ => return None,
        };
        let key = Value::Obj(key.clone());
        if let Some(found) = self.view_lookup(&key, hash) {
            return found;
        }
        if let Some(found) = self.probe_unlocked(&key, hash) {
            return found;
        }
        let t = self.table.lock();
        self.after_locked_read(&t);
        match t.probe(&key, hash) {
            Probe::Found(ix) => t.entries[ix].as_ref().map(|e| e.value.clone()),
            _ => None,
        }
    }

    /// A lookup decided without the lock where none is needed (see
    /// `objlock::unlocked_contents`) and without Python code: Some(value
    /// or None when absent); None when the lock is needed or a key's
    /// `__eq__` must run.
    #[inline(always)]
    fn probe_unlocked(&self, key: &Value, hash: i64) -> Option<Option<Value>> {
        // SAFETY: the probe runs no Python code (keys it cannot compare
        // natively end it with `NeedsPython`) and takes no lock, and the
        // found value is cloned before the access ends.
        let t = unsafe { unlocked_contents(&self.table) }?;
        // SAFETY: (see above) the only access to the table.
        let t = unsafe { t.as_ref() };
        match t.probe(key, hash) {
            Probe::Found(ix) => Some(t.entries[ix].as_ref().map(|e| e.value.clone())),
            Probe::Missing => Some(None),
            Probe::NeedsPython(_) => None,
        }
    }

    /// A lookup answered by the read view alone: None when there is no
    /// view or it cannot decide (the caller takes the lock).
    #[inline]
    fn view_lookup(&self, key: &Value, hash: i64) -> Option<Option<Value>> {
        if !self.view.enabled() {
            return None;
        }
        let (word, kind) = view_key(key);
        if kind == ViewKey::Undecidable {
            return None;
        }
        self.view.read(|v| match v.lookup(word, kind, hash)? {
            None => Some(None),
            Some(0) => None,
            Some(value) => Some(Some(decode_unowned(value))),
        })
    }

    /// Lookup by a Rust string (builds a temporary key).
    pub fn get_by_name(&self, name: &str) -> Option<Value> {
        self.get_str(&crate::strobj::intern(name))
    }

    /// The entry index of a str key, for specialization hints.
    pub fn index_of_str(&self, key: &ObjRef) -> Option<usize> {
        let hash = match &key.payload {
            Payload::Str(s) => s.hash(),
            _ => return None,
        };
        match self.table.lock().probe(&Value::Obj(key.clone()), hash) {
            Probe::Found(ix) => Some(ix),
            _ => None,
        }
    }

    /// The value at an entry index if its key is `key` (identity).
    #[inline(always)]
    pub fn value_at_if_key(&self, ix: usize, key: &ObjRef) -> Option<Value> {
        if !self.view.enabled() {
            // SAFETY: the table is read at once, taking no lock.
            if let Some(t) = unsafe { unlocked_contents(&self.table) } {
                // SAFETY: (see above) the only access to the table.
                return unsafe { t.as_ref() }.value_at_if_key(ix, key);
            }
        }
        self.value_at_if_key_locked(ix, key)
    }

    /// `value_at_if_key` through the read view or the lock.
    #[inline(never)]
    fn value_at_if_key_locked(&self, ix: usize, key: &ObjRef) -> Option<Value> {
        if let Some(v) = self.view.read(|v| {
            let e = v.entries.get(ix)?;
            let same_key = e.kind == ViewKey::InternedStr && e.key == key_address(key);
            (same_key && e.value != 0).then(|| decode_unowned(e.value))
        }) {
            return Some(v);
        }
        let t = self.table.lock();
        self.after_locked_read(&t);
        t.value_at_if_key(ix, key)
    }

    /// Replaces the value at entry `ix` if its key is `key` (identity);
    /// hands `value` back otherwise. Never inserts, so the keys version
    /// stays.
    #[inline(always)]
    pub fn replace_at_if_key(&self, ix: usize, key: &ObjRef, value: Value) -> Result<(), Value> {
        if self.view.enabled() {
            return self.replace_at_if_key_locked(ix, key, value);
        }
        // SAFETY: one value is swapped at once, taking no lock; the old
        // one is dropped after the access.
        let Some(mut t) = (unsafe { unlocked_contents(&self.table) }) else {
            return self.replace_at_if_key_locked(ix, key, value);
        };
        // SAFETY: (see above) the only access to the table.
        let old = unsafe { t.as_mut() }.replace_at_if_key(ix, key, value)?;
        self.bump_values();
        drop(old);
        Ok(())
    }

    /// `replace_at_if_key` under the lock.
    #[inline(never)]
    fn replace_at_if_key_locked(&self, ix: usize, key: &ObjRef, value: Value) -> Result<(), Value> {
        let mut t = self.lock_for_write();
        let old = t.replace_at_if_key(ix, key, value)?;
        drop(t);
        self.bump_values();
        drop(old);
        Ok(())
    }

    /// `d[key] = value`.
    pub fn set(&self, vm: &Vm, key: Value, value: Value) -> PyResult<()> {
        let hash = vm.hash(&key)?;
        self.set_hashed(vm, key, hash, value)
    }

    /// Store with a precomputed hash.
    pub fn set_hashed(&self, vm: &Vm, key: Value, hash: i64, value: Value) -> PyResult<()> {
        loop {
            let stamp;
            {
                let mut t = self.lock_for_write();
                match t.probe(&key, hash) {
                    Probe::Found(ix) => {
                        if let Some(e) = t.entries[ix].as_mut() {
                            let old = std::mem::replace(&mut e.value, value);
                            drop(t);
                            self.bump_values();
                            drop(old);
                        }
                        return Ok(());
                    }
                    Probe::Missing => {
                        t.push(hash, key, value);
                        drop(t);
                        self.bump_keys();
                        return Ok(());
                    }
                    Probe::NeedsPython(_) => stamp = t.stamp,
                }
            }
            let found = self.find(vm, &key, hash)?;
            let mut t = self.lock_for_write();
            if t.stamp != stamp {
                continue;
            }
            match found {
                Some(ix) => {
                    if let Some(e) = t.entries[ix].as_mut() {
                        let old = std::mem::replace(&mut e.value, value);
                        drop(t);
                        self.bump_values();
                        drop(old);
                    }
                }
                None => {
                    t.push(hash, key, value);
                    drop(t);
                    self.bump_keys();
                }
            }
            return Ok(());
        }
    }

    /// Store under a str key (never runs Python code).
    pub fn set_str(&self, key: ObjRef, value: Value) {
        let hash = match &key.payload {
            Payload::Str(s) => s.hash(),
            _ => return,
        };
        let k = Value::Obj(key);
        let mut t = self.lock_for_write();
        match t.probe(&k, hash) {
            Probe::Found(ix) => {
                if let Some(e) = t.entries[ix].as_mut() {
                    let old = std::mem::replace(&mut e.value, value);
                    drop(t);
                    self.bump_values();
                    drop(old);
                }
            }
            _ => {
                t.push(hash, k, value);
                drop(t);
                self.bump_keys();
            }
        }
    }

    /// Store by Rust name (interned key).
    pub fn set_by_name(&self, name: &str, value: Value) {
        self.set_str(crate::strobj::intern(name), value)
    }

    /// `del d[key]`; returns the removed value, None when missing.
    pub fn remove(&self, vm: &Vm, key: &Value) -> PyResult<Option<Value>> {
        let hash = vm.hash(key)?;
        loop {
            let stamp;
            {
                let mut t = self.lock_for_write();
                match t.probe(key, hash) {
                    Probe::Found(ix) => {
                        let e = t.remove_at(ix);
                        drop(t);
                        self.bump_keys();
                        return Ok(e.map(|e| e.value));
                    }
                    Probe::Missing => return Ok(None),
                    Probe::NeedsPython(_) => stamp = t.stamp,
                }
            }
            let found = self.find(vm, key, hash)?;
            let mut t = self.lock_for_write();
            if t.stamp != stamp {
                continue;
            }
            return Ok(match found {
                Some(ix) => {
                    let e = t.remove_at(ix);
                    drop(t);
                    self.bump_keys();
                    e.map(|e| e.value)
                }
                None => None,
            });
        }
    }

    /// Removes a str key (never runs Python code).
    pub fn remove_str(&self, key: &ObjRef) -> Option<Value> {
        let hash = match &key.payload {
            Payload::Str(s) => s.hash(),
            _ => return None,
        };
        let mut t = self.lock_for_write();
        match t.probe(&Value::Obj(key.clone()), hash) {
            Probe::Found(ix) => {
                let e = t.remove_at(ix);
                drop(t);
                self.bump_keys();
                e.map(|e| e.value)
            }
            _ => None,
        }
    }

    /// Keys in order.
    pub fn keys(&self) -> Vec<Value> {
        self.table.lock().iter().map(|e| e.key.clone()).collect()
    }

    /// Values in order.
    pub fn values(&self) -> Vec<Value> {
        self.table.lock().iter().map(|e| e.value.clone()).collect()
    }

    /// Items in order.
    pub fn items(&self) -> Vec<(Value, Value)> {
        self.table
            .lock()
            .iter()
            .map(|e| (e.key.clone(), e.value.clone()))
            .collect()
    }

    /// Entries with hashes, in order.
    pub fn entries(&self) -> Vec<Entry> {
        self.table.lock().iter().cloned().collect()
    }

    /// The n-th live entry position at or after `pos` in the entry array,
    /// with its stamp: for iterators. Returns (next_pos, key, value).
    pub fn next_entry(&self, pos: usize) -> Option<(usize, Value, Value)> {
        let t = self.table.lock();
        let mut p = pos;
        while p < t.entries.len() {
            if let Some(e) = &t.entries[p] {
                return Some((p + 1, e.key.clone(), e.value.clone()));
            }
            p += 1;
        }
        None
    }

    /// The n-th live entry from the end (for reversed()).
    pub fn entry_from_end(&self, n: usize) -> Option<(Value, Value)> {
        let t = self.table.lock();
        t.entries
            .iter()
            .flatten()
            .rev()
            .nth(n)
            .map(|e| (e.key.clone(), e.value.clone()))
    }

    /// Removes everything.
    pub fn clear(&self) {
        let old = {
            let mut t = self.lock_for_write();
            let instance_keys = t.instance_keys;
            let old = std::mem::take(&mut *t);
            t.instance_keys = instance_keys;
            t.stamp = 1;
            old
        };
        drop(old);
        self.bump_keys();
    }

    /// Removes and returns the last (or first) item.
    pub fn pop_item(&self, last: bool) -> Option<(Value, Value)> {
        let mut t = self.lock_for_write();
        let ix = if last {
            t.entries.iter().rposition(|e| e.is_some())?
        } else {
            t.entries.iter().position(|e| e.is_some())?
        };
        let e = t.remove_at(ix)?;
        drop(t);
        self.bump_keys();
        Some((e.key, e.value))
    }

    /// A copy of the table (for `dict.copy()`).
    pub fn copy(&self) -> DictObj {
        let t = self.table.lock().clone();
        DictObj {
            table: Mutex::new(t),
            keys_version: AtomicU32::new(next_keys_version()),
            values_version: AtomicU32::new(0),
            view: ReadView::default(),
        }
    }

    /// Replaces the contents with `items` in order (for move_to_end-like rebuilds).
    pub fn replace_all(&self, entries: Vec<Entry>) {
        let mut t = DictTable {
            instance_keys: self.table.lock().instance_keys,
            ..DictTable::default()
        };
        for e in entries {
            t.push(e.hash, e.key, e.value);
        }
        let old = std::mem::replace(&mut *self.lock_for_write(), t);
        drop(old);
        self.bump_keys();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strobj::intern;

    #[test]
    fn instance_dict_keys_are_noted_even_after_clear_and_rebuild() {
        // (Only the positive direction is deterministic: other tests in
        // this process may set colliding bits at any time.)
        let name = intern("a_name_no_instance_has_had_before_this_test");
        let inst = new_instance_dict_obj();
        let Payload::Dict(d) = &inst.payload else {
            unreachable!()
        };
        d.clear();
        d.replace_all(Vec::new());
        d.set_str(name.clone(), Value::Int(1));
        assert!(
            maybe_instance_key(&name),
            "cleared/rebuilt instance dict lost its flag"
        );
    }

    fn keys(d: &DictObj) -> Vec<String> {
        d.keys()
            .iter()
            .map(|k| {
                k.as_obj()
                    .and_then(|o| o.as_str())
                    .unwrap_or("")
                    .to_string()
            })
            .collect()
    }

    #[test]
    fn insertion_order_update_and_reinsert() {
        let d = DictObj::new();
        for n in ["a", "b", "c", "d"] {
            d.set_by_name(n, Value::Int(1));
        }
        d.set_by_name("b", Value::Int(2)); // update keeps position
        assert_eq!(keys(&d), ["a", "b", "c", "d"]);
        d.remove_str(&intern("a"));
        d.set_by_name("a", Value::Int(3)); // delete + reinsert moves to the end
        assert_eq!(keys(&d), ["b", "c", "d", "a"]);
        assert!(matches!(d.get_by_name("b"), Some(Value::Int(2))));
    }

    #[test]
    fn keys_version_moves_only_on_key_changes() {
        let d = DictObj::new();
        d.set_by_name("x", Value::Int(1));
        let v1 = d.keys_version();
        d.set_by_name("x", Value::Int(2));
        assert_eq!(d.keys_version(), v1, "a value write keeps the keys version");
        d.set_by_name("y", Value::Int(3));
        let v2 = d.keys_version();
        assert_ne!(v2, v1);
        d.remove_str(&intern("y"));
        assert_ne!(d.keys_version(), v2);
    }

    #[test]
    fn many_keys_survive_growth_and_deletion() {
        let d = DictObj::new();
        for i in 0..2000 {
            d.set_by_name(&format!("k{i}"), Value::Int(i));
        }
        for i in (0..2000).step_by(2) {
            assert!(d.remove_str(&intern(&format!("k{i}"))).is_some());
        }
        assert_eq!(d.len(), 1000);
        for i in 0..2000 {
            let got = d.get_by_name(&format!("k{i}"));
            if i % 2 == 0 {
                assert!(got.is_none());
            } else {
                assert!(matches!(got, Some(Value::Int(v)) if v == i));
            }
        }
        let order = keys(&d);
        assert_eq!(order.first().map(|s| s.as_str()), Some("k1"));
        assert_eq!(order.last().map(|s| s.as_str()), Some("k1999"));
    }
}
