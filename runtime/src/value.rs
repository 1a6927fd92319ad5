//! Values and object references: `Value` (immediates for None, bool, small
//! int and float; a reference for everything else) and `ObjRef`, a
//! reference-counted pointer whose objects can be made immortal so that
//! reading shared long-lived objects writes nothing shared.

use crate::object::Object;
use std::ptr::NonNull;
use weft_kernels::phase::RefCount;

/// Lets reference counts be updated without atomic read-modify-writes until
/// [`threads_may_start`] is called (the `weft` command line does this
/// before it creates the thread that runs the script; `_thread` calls
/// `threads_may_start` before it creates another). The phase and the
/// counts are `weft_kernels::phase` (model-checked by loom:
/// `loom-tests/tests/refcount_races.rs`).
///
/// # Safety
/// No object lock may be held when this is called. Until
/// `threads_may_start` is called, at most one thread at a time may
/// create, clone or drop references to objects (immortal ones included:
/// their counts move too in this phase), and a thread that
/// takes over must be ordered after the previous one (spawned or joined
/// by it). Embedders sharing a `Runtime` between threads must not call
/// this.
pub unsafe fn assume_single_thread_counts() {
    // SAFETY: the caller's promise, which is the kernel's contract.
    unsafe { weft_kernels::phase::assume_single_thread() }
}

/// True during the single-thread phase (before `threads_may_start`, once
/// `assume_single_thread_counts` was called): object locks and counts are
/// then plain loads and stores.
#[inline(always)]
pub(crate) fn single_thread_phase() -> bool {
    weft_kernels::phase::single_thread()
}

/// Switches reference counting to atomic read-modify-writes for good. Call
/// on the thread that is about to create another thread, before creating
/// it: the new thread, ordered after this store by its spawn, and this
/// thread, by program order, both see atomic counting from then on.
pub fn threads_may_start() {
    weft_kernels::phase::threads_may_start()
}

struct ObjectBox {
    count: RefCount,
    object: Object,
}

/// A counted reference to a heap object.
pub struct ObjRef {
    ptr: NonNull<ObjectBox>,
}

// SAFETY: `Object` is `Send + Sync` (all interior mutability goes through
// atomics and locks), and the count is atomic, so references may move
// between and be shared by threads exactly like `Arc<Object>`.
unsafe impl Send for ObjRef {}
// SAFETY: see `Send` above.
unsafe impl Sync for ObjRef {}

impl ObjRef {
    /// Allocates a new object with count 1.
    pub fn new(object: Object) -> ObjRef {
        let b = Box::new(ObjectBox {
            count: RefCount::new(),
            object,
        });
        ObjRef {
            ptr: NonNull::from(Box::leak(b)),
        }
    }

    /// Allocates an object that is immortal from the start.
    pub fn new_immortal(object: Object) -> ObjRef {
        let r = ObjRef::new(object);
        r.make_immortal();
        r
    }

    #[inline(always)]
    fn inner(&self) -> &ObjectBox {
        // SAFETY: `ptr` came from `Box::leak` and the box is freed only when
        // the count drops to zero, which cannot happen while `self` (one of
        // the counted references) exists.
        unsafe { self.ptr.as_ref() }
    }

    /// Makes the object immortal: it is never freed, and clones and drops of
    /// references to it write nothing once threads may run (single-thread
    /// counting still adds and subtracts, within `IMMORTAL_MARGIN`).
    pub fn make_immortal(&self) {
        self.inner().count.make_immortal();
    }

    /// The reference count (`sys.getrefcount`); an immortal object's has
    /// the immortal bit and its margin set (2**62 + 2**61 above its count
    /// when it became immortal, moved by single-thread clones and drops).
    pub fn ref_count(&self) -> usize {
        self.inner().count.get()
    }

    /// True when the object is immortal.
    pub fn is_immortal(&self) -> bool {
        self.inner().count.is_immortal()
    }

    /// The object, mutably, when this is its only reference (as
    /// `Arc::get_mut`): nobody else can reach it, so nobody can see it
    /// change. None for a shared or immortal object.
    #[inline]
    pub fn get_mut(&mut self) -> Option<&mut Object> {
        // Acquire (in `is_unique`): orders the other holders' last uses
        // (each drop's Release decrement) before the changes made through
        // the result.
        if !self.inner().count.is_unique() {
            return None;
        }
        // SAFETY: the count is 1 and `self` is that reference, borrowed
        // mutably for the result's lifetime: no other reference exists
        // (an immortal object's count has the IMMORTAL bit, never 1), and
        // none can be made except by cloning `self`, which the borrow
        // prevents. Tested by `get_mut_only_for_the_only_reference`.
        Some(unsafe { &mut (*self.ptr.as_ptr()).object })
    }

    /// Identity comparison.
    #[inline(always)]
    pub fn ptr_eq(a: &ObjRef, b: &ObjRef) -> bool {
        a.ptr == b.ptr
    }

    /// The address, for `id()` and identity hashing.
    #[inline(always)]
    pub fn addr(&self) -> usize {
        self.ptr.as_ptr() as usize
    }

    /// A `'static` borrow of an immortal object (None if mortal).
    pub fn as_static(&self) -> Option<&'static Object> {
        if self.is_immortal() {
            // SAFETY: immortal objects are never freed, so the borrow can
            // outlive every reference.
            Some(unsafe { &(*self.ptr.as_ptr()).object })
        } else {
            None
        }
    }

    /// Recovers the reference of an object from a `&Object` that is known to
    /// live in an `ObjRef` allocation, adding one count.
    pub fn from_object(obj: &Object) -> ObjRef {
        let offset = std::mem::offset_of!(ObjectBox, object);
        let p = (obj as *const Object as *const u8).wrapping_sub(offset) as *mut ObjectBox;
        // SAFETY: every `Object` in the runtime is allocated inside an
        // `ObjectBox` by `ObjRef::new` (objects are never created on the
        // stack or moved out), so stepping back by the field offset yields
        // the live box; the borrow `obj` keeps it alive while we add a count.
        let r = ObjRef {
            ptr: unsafe { NonNull::new_unchecked(p) },
        };
        std::mem::forget(r.clone());
        r
    }
}

impl Clone for ObjRef {
    #[inline(always)]
    fn clone(&self) -> ObjRef {
        self.inner().count.increment();
        ObjRef { ptr: self.ptr }
    }
}

impl Drop for ObjRef {
    #[inline(always)]
    fn drop(&mut self) {
        if self.inner().count.decrement() {
            // SAFETY: the count went from 1 to 0, so this was the last
            // reference (an immortal object never reaches 1: its count stays
            // above the immortal bit by its margin), and `decrement` ordered
            // every other thread's use before this free (its Acquire fence;
            // in the single-thread phase there is no other thread).
            unsafe { free_object(self.ptr) };
        }
    }
}

/// Frees an object whose count reached zero. Out of line and cold, so the
/// drop of a `Value` (a tag test and a decrement) stays small enough to be
/// inlined into the eval loop's handlers.
///
/// # Safety
/// `ptr` must be the last reference to a live `ObjectBox` made by
/// `ObjRef::new`.
#[cold]
#[inline(never)]
unsafe fn free_object(ptr: NonNull<ObjectBox>) {
    // SAFETY: the caller guarantees this is the last reference to a box
    // allocated with `Box::new`.
    unsafe { drop(Box::from_raw(ptr.as_ptr())) };
}

impl std::ops::Deref for ObjRef {
    type Target = Object;
    #[inline(always)]
    fn deref(&self) -> &Object {
        &self.inner().object
    }
}

impl std::fmt::Debug for ObjRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "<object at {:#x}>", self.addr())
    }
}

/// A Python value: an immediate or a heap reference.
#[derive(Debug, Default)]
// A whole-word tag: moving a value is two 8-byte moves, never the partial
// copies (tag byte, padding, payload) that stall store forwarding.
#[repr(u64)]
pub enum Value {
    /// The empty marker (unbound local, the null of `self_or_null`).
    #[default]
    Null,
    /// `None`
    None,
    /// `True` / `False`
    Bool(bool),
    /// An `int` that fits in 64 bits.
    Int(i64),
    /// A `float`.
    Float(f64),
    /// Any heap object.
    Obj(ObjRef),
}

impl Clone for Value {
    /// One tag test: a reference adds a count; every immediate is copied
    /// as its two words (the derived clone branches on every tag).
    #[inline(always)]
    fn clone(&self) -> Value {
        match self {
            Value::Obj(o) => Value::Obj(o.clone()),
            // SAFETY: every variant but `Obj` is plain data (unit, bool,
            // i64, f64) that owns nothing, so a bitwise copy is its clone.
            _ => unsafe { Value::read_words(self) },
        }
    }
}

impl Value {
    /// Swaps two values word by word (see `read_words`: no 16-byte load
    /// of a value whose two words were just stored separately).
    #[inline(always)]
    pub(crate) fn swap_words(a: &mut Value, b: &mut Value) {
        let a = a as *mut Value as *mut std::mem::MaybeUninit<u64>;
        let b = b as *mut Value as *mut std::mem::MaybeUninit<u64>;
        // SAFETY: two distinct values (two `&mut`), each 16 bytes and
        // 8-aligned, so two in-bounds words each (`MaybeUninit`: a bool
        // payload's padding is uninitialized); swapping every word swaps
        // the values whole. Volatile keeps each word its own access.
        unsafe {
            for word in 0..2 {
                let x = a.add(word).read_volatile();
                let y = b.add(word).read_volatile();
                a.add(word).write_volatile(y);
                b.add(word).write_volatile(x);
            }
        }
    }

    /// Reads the value at `p` as its two 8-byte words, each its own load
    /// (volatile, so never merged into one 16-byte load): a value just
    /// written as a tag and a payload (two stores, as every constructed
    /// value is) cannot be forwarded to a 16-byte load, which then waits
    /// for both stores to reach the cache.
    ///
    /// # Safety
    /// As `std::ptr::read`: `p` is valid for reads and holds a value, of
    /// which the result is a bitwise copy (the caller decides who owns it).
    #[inline(always)]
    pub(crate) unsafe fn read_words(p: *const Value) -> Value {
        const _: () = assert!(std::mem::size_of::<Value>() == 16);
        let words = p as *const std::mem::MaybeUninit<u64>;
        let mut out = std::mem::MaybeUninit::<Value>::uninit();
        let out_words = out.as_mut_ptr() as *mut std::mem::MaybeUninit<u64>;
        // SAFETY: `p` is valid for 16 bytes (the caller's contract), read
        // as two 8-aligned words (`MaybeUninit`: a bool payload's padding
        // is uninitialized) into a value-sized, value-aligned buffer, which
        // then holds an exact copy of the value.
        unsafe {
            out_words.write(words.read_volatile());
            out_words.add(1).write(words.add(1).read_volatile());
            out.assume_init()
        }
    }
}

impl Value {
    /// True for the null marker.
    #[inline(always)]
    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }

    /// True for `None`.
    #[inline(always)]
    pub fn is_none(&self) -> bool {
        matches!(self, Value::None)
    }

    /// The heap object, if any.
    #[inline(always)]
    pub fn as_obj(&self) -> Option<&ObjRef> {
        match self {
            Value::Obj(o) => Some(o),
            _ => None,
        }
    }

    /// Python's `is`.
    pub fn is(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Null, Value::Null) | (Value::None, Value::None) => true,
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::Int(a), Value::Int(b)) => a == b,
            (Value::Float(a), Value::Float(b)) => a.to_bits() == b.to_bits(),
            (Value::Obj(a), Value::Obj(b)) => ObjRef::ptr_eq(a, b),
            _ => false,
        }
    }
}

impl From<ObjRef> for Value {
    fn from(o: ObjRef) -> Value {
        Value::Obj(o)
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Bool(b)
    }
}

impl From<i64> for Value {
    fn from(i: i64) -> Value {
        Value::Int(i)
    }
}

impl From<f64> for Value {
    fn from(f: f64) -> Value {
        Value::Float(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::object::{Object, Payload};
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    struct DropFlag(Arc<AtomicUsize>);
    impl Drop for DropFlag {
        fn drop(&mut self) {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
    }

    fn probe(flag: &Arc<AtomicUsize>) -> ObjRef {
        ObjRef::new(Object::native_for_tests(Box::new(DropFlag(flag.clone()))))
    }

    /// `get_mut` hands out the object only through its sole reference:
    /// never while a clone lives (a change would show through it), never
    /// for an immortal object.
    #[test]
    fn get_mut_only_for_the_only_reference() {
        let flag = Arc::new(AtomicUsize::new(0));
        let mut a = probe(&flag);
        assert!(a.get_mut().is_some());
        let b = a.clone();
        assert!(a.get_mut().is_none());
        drop(b);
        assert!(a.get_mut().is_some());
        let mut c = ObjRef::new_immortal(Object::native_for_tests(Box::new(0u8)));
        assert!(c.get_mut().is_none());
        drop(a);
        assert_eq!(flag.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn word_by_word_copies_and_swaps_keep_values_whole() {
        let flag = Arc::new(AtomicUsize::new(0));
        let values = [
            Value::Null,
            Value::None,
            Value::Bool(true),
            Value::Bool(false),
            Value::Int(-7),
            Value::Int(i64::MAX),
            Value::Float(-0.5),
            Value::Obj(probe(&flag)),
        ];
        for v in &values {
            let copy = v.clone();
            assert_eq!(format!("{copy:?}"), format!("{v:?}"));
        }
        let mut a = Value::Obj(probe(&flag));
        let mut b = Value::Bool(true);
        Value::swap_words(&mut a, &mut b);
        assert!(matches!((&a, &b), (Value::Bool(true), Value::Obj(_))));
        drop(b);
        assert_eq!(
            flag.load(Ordering::SeqCst),
            1,
            "a swap neither drops nor copies"
        );
        drop(values);
        assert_eq!(flag.load(Ordering::SeqCst), 2);
    }

    #[test]
    fn last_reference_frees_exactly_once() {
        let flag = Arc::new(AtomicUsize::new(0));
        let a = probe(&flag);
        let b = a.clone();
        let handles: Vec<_> = (0..8)
            .map(|_| {
                let c = b.clone();
                std::thread::spawn(move || {
                    for _ in 0..10_000 {
                        let d = c.clone();
                        drop(d);
                    }
                })
            })
            .collect();
        for h in handles {
            h.join().unwrap();
        }
        drop(a);
        assert_eq!(flag.load(Ordering::SeqCst), 0);
        drop(b);
        assert_eq!(flag.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn value_clones_copy_immediates_and_count_references() {
        for v in [
            Value::Null,
            Value::None,
            Value::Bool(true),
            Value::Int(-7),
            Value::Float(2.5),
        ] {
            let c = v.clone();
            assert_eq!(format!("{v:?}"), format!("{c:?}"));
        }
        let flag = Arc::new(AtomicUsize::new(0));
        let o = probe(&flag);
        let v = Value::Obj(o.clone());
        assert_eq!(o.ref_count(), 2);
        let c = v.clone();
        assert!(matches!(&c, Value::Obj(p) if ObjRef::ptr_eq(p, &o)));
        assert_eq!(o.ref_count(), 3);
        drop((v, c));
        assert_eq!(o.ref_count(), 1);
        drop(o);
        assert_eq!(flag.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn immortal_objects_are_never_freed() {
        let flag = Arc::new(AtomicUsize::new(0));
        let a = probe(&flag);
        a.make_immortal();
        let b = a.clone();
        drop(a);
        drop(b);
        assert_eq!(flag.load(Ordering::SeqCst), 0);
    }

    #[test]
    fn from_object_round_trips() {
        let flag = Arc::new(AtomicUsize::new(0));
        let a = probe(&flag);
        let b = ObjRef::from_object(&a);
        assert!(ObjRef::ptr_eq(&a, &b));
        drop(a);
        assert_eq!(flag.load(Ordering::SeqCst), 0);
        assert!(matches!(b.payload, Payload::Native(_)));
        drop(b);
        assert_eq!(flag.load(Ordering::SeqCst), 1);
    }
}
