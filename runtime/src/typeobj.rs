//! Classes: `TypeData` (name, bases, C3 MRO, attribute dict, slots), the
//! type version tag that guards specialized instructions, and attribute
//! lookup along the MRO.
//!
//! Architecture Invariant: any change to a class's dict, bases or MRO goes
//! through [`TypeData::change`], which sets the version of that class and
//! of every subclass to 0 (invalid) before the change becomes visible and
//! again after it; the specializer assigns fresh versions.

use crate::object::{Object, Payload};
use crate::value::{ObjRef, Value};
use crate::versions::{VersionTag, TYPE_VERSIONS};
use parking_lot::{Mutex, RwLock};
use std::sync::atomic::{AtomicPtr, AtomicU32, Ordering};

/// Entries in each thread's method cache (a power of two).
const METHOD_CACHE_SIZE: usize = 1024;

/// One remembered MRO lookup: the class version and the interned name's
/// address it was made for, and what it found.
#[derive(Clone, Default)]
struct MethodCacheEntry {
    version: u32,
    name: usize,
    found: Option<(Value, &'static Object)>,
}

thread_local! {
    /// CPython's type method cache, one per thread (so no entry is ever
    /// shared or torn): direct-mapped by (class version, name). A class's
    /// version moves to 0 before any change to its dict, bases or MRO,
    /// and fresh versions are never reused, so an entry can only be found
    /// for the class state it was filled from. Entries hold their values
    /// (clones) until overwritten.
    static METHOD_CACHE: std::cell::RefCell<Vec<MethodCacheEntry>> =
        std::cell::RefCell::new(vec![MethodCacheEntry::default(); METHOD_CACHE_SIZE]);
}

/// The cache slot of (class version, interned name).
#[inline]
fn method_cache_slot(version: u32, name: &ObjRef) -> usize {
    let h = (version as usize).wrapping_mul(0x9E37_79B9) ^ (name.addr() >> 4);
    h & (METHOD_CACHE_SIZE - 1)
}

/// Names that some class, anywhere, defines as a data descriptor
/// (property or `__slots__` member): for such a name an instance dict entry
/// may be shadowed, depending on the class.
static SHADOWING_NAMES: Mutex<std::collections::BTreeSet<String>> =
    Mutex::new(std::collections::BTreeSet::new());
/// Set once any class overrides `__getattribute__`, `__setattr__` or
/// `__delattr__`.
static ACCESS_OVERRIDDEN: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
/// Moves whenever [`SHADOWING_NAMES`] grows or [`ACCESS_OVERRIDDEN`] is set.
static INSTANCE_ATTR_EPOCH: AtomicU32 = AtomicU32::new(1);

/// Records a class-namespace entry (at class creation and on class
/// attribute assignment) for the instance-attribute epoch.
pub fn note_class_attribute(name: &str, value: &Value) {
    let overrides = matches!(name, "__getattribute__" | "__setattr__" | "__delattr__")
        && !matches!(value, Value::Obj(o) if matches!(o.payload, Payload::Builtin(_)));
    if overrides {
        ACCESS_OVERRIDDEN.store(true, Ordering::Release);
    } else if !((crate::attrs::is_data_descriptor(value)
        || crate::attrs::maybe_user_descriptor(value))
        && SHADOWING_NAMES.lock().insert(name.to_string()))
    {
        return;
    }
    INSTANCE_ATTR_EPOCH.fetch_add(1, Ordering::AcqRel);
}

/// True once any class has overridden `__getattribute__`, `__setattr__`
/// or `__delattr__` (attribute reads look for a `__getattribute__`
/// override only then).
#[inline(always)]
pub fn access_overridden() -> bool {
    ACCESS_OVERRIDDEN.load(Ordering::Acquire)
}

/// The instance-attribute epoch to guard on when reading or writing `name`
/// straight in the dict of any plain instance, or None when some class
/// makes `name` a data descriptor or overrides attribute access. While the
/// epoch is unchanged, an instance dict entry named `name` is exactly what
/// `getattr` returns, whatever the instance's class.
pub fn instance_attr_epoch(name: &str) -> Option<u32> {
    // Read the epoch first: a name registered after this load moves it.
    let epoch = INSTANCE_ATTR_EPOCH.load(Ordering::Acquire);
    if ACCESS_OVERRIDDEN.load(Ordering::Acquire) || SHADOWING_NAMES.lock().contains(name) {
        return None;
    }
    Some(epoch)
}

/// The current instance-attribute epoch (see [`instance_attr_epoch`]).
#[inline(always)]
pub fn current_instance_attr_epoch() -> u32 {
    INSTANCE_ATTR_EPOCH.load(Ordering::Acquire)
}

/// Which built-in payload instances of a class carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BaseKind {
    /// object / plain instances
    Object,
    /// int (and bool)
    Int,
    /// float
    Float,
    /// complex
    Complex,
    /// str
    Str,
    /// bytes
    Bytes,
    /// bytearray
    ByteArray,
    /// tuple
    Tuple,
    /// list
    List,
    /// dict
    Dict,
    /// set
    Set,
    /// frozenset
    FrozenSet,
    /// BaseException and subclasses
    Exception,
    /// type (metaclass)
    Type,
    /// `_thread._local` and subclasses (per-thread attribute dicts)
    ThreadLocal,
    /// Anything else built in (not subclassable).
    Other,
    /// A native class whose behaviour is the native special methods in its
    /// dict (`modules::new_protocol_class`), created by its native
    /// `__new__`.
    Protocol,
}

/// A class object's data.
pub struct TypeData {
    /// The MRO, read without a lock on every attribute lookup: replaced
    /// (rarely: `__bases__` assignment, under stop-the-world) by a new box,
    /// the old one kept in `retired_mros` so no reader's pointer dangles.
    mro: AtomicPtr<Vec<&'static Object>>,
    /// The class namespace (a dict object).
    pub dict: ObjRef,
    version: VersionTag,
    /// Which payload instances carry.
    pub base_kind: BaseKind,
    has_dict: bool,
    /// Built-in classes reject attribute assignment.
    pub builtin: bool,
    /// What the attribute guards never read, out of line so that the
    /// fields above sit in the class object itself (one load from an
    /// instance's class pointer to its version).
    cold: Box<TypeCold>,
}

/// The rarely read part of a [`TypeData`].
struct TypeCold {
    name: RwLock<String>,
    qualname: RwLock<String>,
    bases: RwLock<Vec<&'static Object>>,
    #[allow(clippy::vec_box)]
    retired_mros: Mutex<Vec<Box<Vec<&'static Object>>>>,
    /// Names of `__slots__` entries, inherited ones first; index = slot index.
    slot_names: Vec<String>,
    subclasses: Mutex<Vec<&'static Object>>,
}

impl TypeData {
    /// Creates the data of a class.
    pub fn new(
        name: &str,
        bases: Vec<&'static Object>,
        dict: ObjRef,
        base_kind: BaseKind,
        slot_names: Vec<String>,
        has_dict: bool,
        builtin: bool,
    ) -> TypeData {
        TypeData {
            mro: AtomicPtr::new(Box::into_raw(Box::new(Vec::new()))),
            dict,
            version: VersionTag::new(),
            base_kind,
            has_dict,
            builtin,
            cold: Box::new(TypeCold {
                name: RwLock::new(name.to_string()),
                qualname: RwLock::new(name.to_string()),
                bases: RwLock::new(bases),
                retired_mros: Mutex::new(Vec::new()),
                slot_names,
                subclasses: Mutex::new(Vec::new()),
            }),
        }
    }

    /// Names of `__slots__` entries, inherited ones first; index = slot
    /// index.
    pub fn slot_names(&self) -> &[String] {
        &self.cold.slot_names
    }

    /// `__name__`
    pub fn name(&self) -> String {
        self.cold.name.read().clone()
    }

    /// Sets `__name__`.
    pub fn set_name(&self, n: &str) {
        *self.cold.name.write() = n.to_string();
    }

    /// `__qualname__`
    pub fn qualname(&self) -> String {
        self.cold.qualname.read().clone()
    }

    /// Sets `__qualname__`.
    pub fn set_qualname(&self, n: &str) {
        *self.cold.qualname.write() = n.to_string();
    }

    /// `__bases__`
    pub fn bases(&self) -> Vec<&'static Object> {
        self.cold.bases.read().clone()
    }

    /// `__mro__` (self first).
    pub fn mro(&self) -> Vec<&'static Object> {
        self.with_mro(|m| m.to_vec())
    }

    /// Runs `f` over the MRO without copying it.
    #[inline]
    pub fn with_mro<R>(&self, f: impl FnOnce(&[&'static Object]) -> R) -> R {
        let current = self.mro.load(Ordering::Acquire);
        // SAFETY: `mro` always holds a pointer from `Box::into_raw`; a
        // replaced box is moved into `retired_mros`, never freed while the
        // type lives (types are immortal), so `current` stays valid; the
        // Acquire load pairs with the Release store that published it.
        f(unsafe { &*current })
    }

    /// True when instances get a `__dict__`.
    pub fn instances_have_dict(&self) -> bool {
        self.has_dict
    }

    /// Number of slots instances carry.
    pub fn slot_count(&self) -> usize {
        self.cold.slot_names.len()
    }

    /// The slot index of a `__slots__` name.
    pub fn slot_index(&self, name: &str) -> Option<usize> {
        self.cold.slot_names.iter().position(|s| s == name)
    }

    /// The current version tag (0 = invalid).
    #[inline(always)]
    pub fn version(&self) -> u32 {
        self.version.current()
    }

    /// The version tag, assigning a fresh one if invalid (the specializer's
    /// call; read it before looking the class's state up). 0 once the
    /// versions are exhausted: the class stays unversioned (and its sites
    /// unspecialized) for good.
    #[inline]
    pub fn assign_version(&self) -> u32 {
        self.version.assign(&TYPE_VERSIONS)
    }

    /// Invalidates this class's version and every subclass's.
    pub fn invalidate(&self) {
        self.version.invalidate();
        self.invalidate_subclasses();
    }

    /// Invalidates every subclass's version.
    fn invalidate_subclasses(&self) {
        let subs = self.cold.subclasses.lock().clone();
        for s in subs {
            if let Payload::Type(t) = &s.payload {
                t.invalidate();
            }
        }
    }

    /// Runs `change` (of the class's dict, bases or MRO) between two
    /// invalidations of this class's version and every subclass's (the
    /// writer's side of `VersionTag`'s protocol), returning its result.
    pub fn change<R>(&self, change: impl FnOnce() -> R) -> R {
        self.version.change(|| self.invalidate_subclasses(), change)
    }

    /// Records a subclass (for invalidation).
    pub fn add_subclass(&self, sub: &'static Object) {
        self.cold.subclasses.lock().push(sub);
    }

    /// Direct subclasses.
    pub fn subclasses(&self) -> Vec<&'static Object> {
        self.cold.subclasses.lock().clone()
    }

    /// Sets bases and recomputes the MRO (callers invalidate).
    pub fn set_bases_and_mro(&self, bases: Vec<&'static Object>, mro: Vec<&'static Object>) {
        *self.cold.bases.write() = bases;
        let fresh = Box::into_raw(Box::new(mro));
        let old = self.mro.swap(fresh, Ordering::AcqRel);
        // SAFETY: `old` came from `Box::into_raw` (in `new` or here) and is
        // no longer reachable through `mro`; it is kept, not freed.
        self.cold
            .retired_mros
            .lock()
            .push(unsafe { Box::from_raw(old) });
    }

    /// Looks `name` up along the MRO (class dicts only).
    pub fn lookup(&self, name: &ObjRef) -> Option<Value> {
        self.lookup_with_owner(name).map(|(v, _)| v)
    }

    /// Looks `name` up along the MRO, also returning the defining class.
    /// Answers from this thread's method cache when it holds the lookup
    /// for the class's current version (see [`METHOD_CACHE`]).
    pub fn lookup_with_owner(&self, name: &ObjRef) -> Option<(Value, &'static Object)> {
        // The version is read before the walk: a change made during the
        // walk invalidates it first, so a result cached under it is never
        // found again (versions are never reused).
        // Only interned names (immortal, one object per spelling) may key
        // the cache: a temporary str's address can be reused by another.
        let interned = matches!(&name.payload, Payload::Str(s) if s.is_interned());
        let version = if interned { self.assign_version() } else { 0 };
        if version == 0 {
            return self.walk_mro(name);
        }
        let slot = method_cache_slot(version, name);
        let cached = METHOD_CACHE.try_with(|c| {
            let c = c.borrow();
            let e = &c[slot];
            (e.version == version && e.name == name.addr()).then(|| e.found.clone())
        });
        if let Ok(Some(found)) = cached {
            return found;
        }
        let found = self.walk_mro(name);
        let _ = METHOD_CACHE.try_with(|c| {
            c.borrow_mut()[slot] = MethodCacheEntry {
                version,
                name: name.addr(),
                found: found.clone(),
            };
        });
        found
    }

    /// The MRO walk behind `lookup_with_owner`.
    fn walk_mro(&self, name: &ObjRef) -> Option<(Value, &'static Object)> {
        self.with_mro(|mro| {
            for cls in mro {
                if let Payload::Type(t) = &cls.payload {
                    if let Payload::Dict(d) = &t.dict.payload {
                        if let Some(v) = d.get_str(name) {
                            return Some((v, *cls));
                        }
                    }
                }
            }
            None
        })
    }

    /// The class's own dict payload.
    pub fn own_dict(&self) -> &crate::dict::DictObj {
        match &self.dict.payload {
            Payload::Dict(d) => d,
            _ => unreachable_dict(),
        }
    }
}

#[cold]
fn unreachable_dict() -> &'static crate::dict::DictObj {
    static EMPTY: std::sync::OnceLock<crate::dict::DictObj> = std::sync::OnceLock::new();
    EMPTY.get_or_init(crate::dict::DictObj::new)
}

/// The `TypeData` of a class object.
pub fn type_data(cls: &Object) -> Option<&TypeData> {
    match &cls.payload {
        Payload::Type(t) => Some(t),
        _ => None,
    }
}

/// C3 linearization of `cls` with `bases`; Err on an inconsistent hierarchy.
pub fn c3_mro(
    cls: &'static Object,
    bases: &[&'static Object],
) -> Result<Vec<&'static Object>, String> {
    let mut seqs: Vec<Vec<&'static Object>> = bases
        .iter()
        .map(|b| type_data(b).map(|t| t.mro()).unwrap_or_default())
        .collect();
    seqs.push(bases.to_vec());
    let mut out = vec![cls];
    loop {
        seqs.retain(|s| !s.is_empty());
        if seqs.is_empty() {
            return Ok(out);
        }
        let mut chosen = None;
        for s in &seqs {
            let cand = s[0];
            let in_tail = seqs
                .iter()
                .any(|t| t[1..].iter().any(|x| std::ptr::eq(*x, cand)));
            if !in_tail {
                chosen = Some(cand);
                break;
            }
        }
        let Some(c) = chosen else {
            let names: Vec<String> = bases
                .iter()
                .map(|b| type_data(b).map(|t| t.name()).unwrap_or_default())
                .collect();
            return Err(format!(
                "Cannot create a consistent method resolution order (MRO) for bases {}",
                names.join(", ")
            ));
        };
        out.push(c);
        for s in seqs.iter_mut() {
            if std::ptr::eq(s[0], c) {
                s.remove(0);
            }
        }
    }
}

/// True when `sub` has `sup` in its MRO.
pub fn is_subtype(sub: &Object, sup: &Object) -> bool {
    if std::ptr::eq(sub, sup) {
        return true;
    }
    match &sub.payload {
        Payload::Type(t) => t.with_mro(|m| m.iter().any(|c| std::ptr::eq(*c, sup))),
        _ => false,
    }
}

impl Drop for TypeData {
    fn drop(&mut self) {
        // SAFETY: `mro` holds a pointer from `Box::into_raw` that nothing
        // else owns (replaced ones live in `retired_mros`); `&mut self`
        // means no reader can be using it.
        drop(unsafe { Box::from_raw(*self.mro.get_mut()) });
    }
}

#[cfg(test)]
mod tests {
    use crate::builtins::typecall::new_class;
    use crate::dict::DictObj;
    use crate::runtime::{Runtime, RuntimeOptions};
    use crate::vm::Vm;

    fn names(cls: &'static crate::object::Object) -> Vec<String> {
        cls.type_data_of_self()
            .mro()
            .iter()
            .map(|c| c.type_data_of_self().name())
            .collect()
    }

    #[test]
    fn c3_diamond_and_inconsistency() {
        let rt = Runtime::new(RuntimeOptions::default());
        let vm = Vm::new(rt.interp().clone(), 1 << 20, false);
        let ns = DictObj::new();
        let a = new_class(&vm, "A", vec![], &ns).unwrap();
        let b = new_class(&vm, "B", vec![a], &ns).unwrap();
        let c = new_class(&vm, "C", vec![a], &ns).unwrap();
        let d = new_class(&vm, "D", vec![b, c], &ns).unwrap();
        assert_eq!(names(d), ["D", "B", "C", "A", "object"]);
        assert!(new_class(&vm, "E", vec![a, b], &ns).is_err());
    }

    /// Only interned names key the method cache: two temporary strs that
    /// live one after the other (and may share an address) must each get
    /// their own answer.
    #[test]
    fn method_cache_ignores_temporary_names() {
        let rt = Runtime::new(RuntimeOptions::default());
        let vm = Vm::new(rt.interp().clone(), 1 << 20, false);
        let ns = DictObj::new();
        ns.set(
            &vm,
            crate::strobj::new_str("alpha"),
            crate::value::Value::Int(1),
        )
        .unwrap();
        ns.set(
            &vm,
            crate::strobj::new_str("gamma"),
            crate::value::Value::Int(3),
        )
        .unwrap();
        let a = new_class(&vm, "A", vec![], &ns).unwrap();
        let td = a.type_data_of_self();
        for (text, expected) in [("alpha", Some(1)), ("gamma", Some(3)), ("delta", None)] {
            for _ in 0..3 {
                let name = match crate::strobj::new_str(text) {
                    crate::value::Value::Obj(o) => o,
                    _ => unreachable!(),
                };
                let found = td.lookup(&name).map(|v| match v {
                    crate::value::Value::Int(i) => i,
                    _ => -1,
                });
                assert_eq!(found, expected, "{text}");
            }
        }
        // Interned names are answered (and then cached) the same way.
        assert!(td.lookup(&crate::strobj::intern("alpha")).is_some());
        assert!(td.lookup(&crate::strobj::intern("alpha")).is_some());
        assert!(td.lookup(&crate::strobj::intern("delta")).is_none());
    }

    /// Readers walk a class's MRO without a lock while it is replaced over
    /// and over: every slice they see must be a whole, live MRO.
    #[test]
    fn mro_readers_survive_replacement() {
        let rt = Runtime::new(RuntimeOptions::default());
        let vm = Vm::new(rt.interp().clone(), 1 << 20, false);
        let ns = DictObj::new();
        let a = new_class(&vm, "A", vec![], &ns).unwrap();
        let b = new_class(&vm, "B", vec![a], &ns).unwrap();
        let (short, long) = (a.type_data_of_self().mro(), b.type_data_of_self().mro());
        let stop = std::sync::atomic::AtomicBool::new(false);
        std::thread::scope(|s| {
            for _ in 0..2 {
                s.spawn(|| {
                    while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                        b.type_data_of_self().with_mro(|m| {
                            let same = |x: &[&'static crate::object::Object]| {
                                x.len() == m.len()
                                    && x.iter().zip(m).all(|(p, q)| std::ptr::eq(*p, *q))
                            };
                            assert!(same(&short) || same(&long));
                        });
                    }
                });
            }
            for i in 0..2000 {
                let mro = if i % 2 == 0 {
                    short.clone()
                } else {
                    long.clone()
                };
                b.type_data_of_self().set_bases_and_mro(vec![a], mro);
            }
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        });
    }

    #[test]
    fn changing_a_base_invalidates_subclass_versions() {
        let rt = Runtime::new(RuntimeOptions::default());
        let vm = Vm::new(rt.interp().clone(), 1 << 20, false);
        let ns = DictObj::new();
        let a = new_class(&vm, "A", vec![], &ns).unwrap();
        let b = new_class(&vm, "B", vec![a], &ns).unwrap();
        let (ta, tb) = (a.type_data_of_self(), b.type_data_of_self());
        let va = ta.assign_version();
        let vb = tb.assign_version();
        assert!(va != 0 && vb != 0 && va != vb);
        ta.invalidate();
        assert_eq!(ta.version(), 0);
        assert_eq!(tb.version(), 0);
        assert_ne!(tb.assign_version(), vb, "a fresh version is assigned");
    }
}
