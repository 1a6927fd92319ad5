//! The `str` payload: immutable UTF-8 text with a cached hash, its length in
//! characters, and O(1) indexing for ASCII text; plus the global interner
//! for identifiers and attribute names.

use crate::object::{Object, Payload};
use crate::value::{ObjRef, Value};
use parking_lot::Mutex;
use rustc_hash::FxHashMap;
use std::hash::Hasher;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::OnceLock;

/// Marker for "hash not computed yet" (Python hashes are never -1).
const NO_HASH: i64 = -1;

/// A Python `str`.
pub struct PyStr {
    text: Box<str>,
    hash: AtomicI64,
    char_len: usize,
    interned: bool,
}

impl PyStr {
    /// Wraps text.
    pub fn new(text: impl Into<Box<str>>) -> PyStr {
        let text: Box<str> = text.into();
        let char_len = if text.is_ascii() {
            text.len()
        } else {
            text.chars().count()
        };
        PyStr {
            text,
            hash: AtomicI64::new(NO_HASH),
            char_len,
            interned: false,
        }
    }

    /// True for the one interned str object of its text: two interned strs
    /// are equal exactly when they are the same object.
    #[inline(always)]
    pub fn is_interned(&self) -> bool {
        self.interned
    }

    /// The text.
    #[inline(always)]
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// Length in characters.
    #[inline(always)]
    pub fn char_len(&self) -> usize {
        self.char_len
    }

    /// True when every character is ASCII (byte index == char index).
    #[inline(always)]
    pub fn is_ascii(&self) -> bool {
        self.char_len == self.text.len()
    }

    /// Whether the two strs hold the same text, with most unequal pairs
    /// decided before their bytes are compared: two interned strs are
    /// equal only when they are one object; then the lengths, the cached
    /// hashes when both are known, and the first bytes are compared.
    #[inline(always)]
    pub fn same_text(&self, other: &PyStr) -> bool {
        if std::ptr::eq(self, other) {
            return true;
        }
        if self.interned && other.interned {
            return false;
        }
        let (a, b) = (self.text.as_bytes(), other.text.as_bytes());
        if a.len() != b.len() || a.first() != b.first() {
            return false;
        }
        let (ha, hb) = (
            self.hash.load(Ordering::Relaxed),
            other.hash.load(Ordering::Relaxed),
        );
        if ha != hb && ha != NO_HASH && hb != NO_HASH {
            return false;
        }
        a == b
    }

    /// The cached hash (computed on first use).
    #[inline]
    pub fn hash(&self) -> i64 {
        let h = self.hash.load(Ordering::Relaxed);
        if h != NO_HASH {
            return h;
        }
        let h = hash_str(&self.text);
        self.hash.store(h, Ordering::Relaxed);
        h
    }

    /// The i-th character (0 <= i < char_len).
    pub fn char_at(&self, i: usize) -> Option<char> {
        if self.is_ascii() {
            self.text.as_bytes().get(i).map(|b| *b as char)
        } else {
            self.text.chars().nth(i)
        }
    }

    /// Substring by character positions [start, end).
    pub fn slice_chars(&self, start: usize, end: usize) -> &str {
        if start >= end {
            return "";
        }
        if self.is_ascii() {
            &self.text[start.min(self.text.len())..end.min(self.text.len())]
        } else {
            let mut it = self
                .text
                .char_indices()
                .map(|(b, _)| b)
                .chain(std::iter::once(self.text.len()));
            let b0 = it.nth(start).unwrap_or(self.text.len());
            let b1 = if end > start {
                it.nth(end - start - 1).unwrap_or(self.text.len())
            } else {
                b0
            };
            &self.text[b0..b1]
        }
    }
}

/// The hash of a str's text (stable within a process; never -1).
pub fn hash_str(s: &str) -> i64 {
    let mut h = rustc_hash::FxHasher::default();
    h.write(s.as_bytes());
    h.write_u8(0xff);
    let v = h.finish() as i64;
    if v == -1 {
        -2
    } else {
        v
    }
}

/// A new (mortal) str value.
pub fn new_str(s: impl Into<Box<str>>) -> Value {
    Value::Obj(ObjRef::new(Object::new(
        crate::builtins::types::types().str,
        Payload::Str(PyStr::new(s)),
    )))
}

fn interner() -> &'static Mutex<FxHashMap<Box<str>, ObjRef>> {
    static INTERNER: OnceLock<Mutex<FxHashMap<Box<str>, ObjRef>>> = OnceLock::new();
    INTERNER.get_or_init(|| Mutex::new(FxHashMap::default()))
}

thread_local! {
    /// Per-thread front of the interner: special-method lookups intern
    /// their names on every use, and this keeps that off the global lock.
    static LOCAL_INTERNED: std::cell::RefCell<FxHashMap<Box<str>, ObjRef>> =
        std::cell::RefCell::new(FxHashMap::default());
}

/// Entries of each thread's `intern_static` cache (a power of two).
const STATIC_NAMES: usize = 256;

thread_local! {
    /// `intern_static` answers by the address and length of a `'static`
    /// text: such a text never moves or changes, so the pair names one
    /// spelling for the life of the process.
    static STATIC_INTERNED: std::cell::RefCell<Vec<Option<(usize, usize, ObjRef)>>> =
        std::cell::RefCell::new(vec![None; STATIC_NAMES]);
}

/// `intern` for names spelled in Weft's own source (special-method names
/// and the like), which hot paths look up over and over: answered from a
/// per-thread cache keyed by the text's address, without hashing it.
pub fn intern_static(s: &'static str) -> ObjRef {
    let key = s.as_ptr() as usize;
    let slot = (key >> 3 ^ s.len()) & (STATIC_NAMES - 1);
    let hit = STATIC_INTERNED.try_with(|c| match &c.borrow()[slot] {
        Some((p, n, o)) if *p == key && *n == s.len() => Some(o.clone()),
        _ => None,
    });
    if let Ok(Some(o)) = hit {
        return o;
    }
    let o = intern(s);
    let _ = STATIC_INTERNED.try_with(|c| c.borrow_mut()[slot] = Some((key, s.len(), o.clone())));
    o
}

/// The interned, immortal str object for `s` (identifiers, attribute names).
pub fn intern(s: &str) -> ObjRef {
    if let Ok(Some(o)) = LOCAL_INTERNED.try_with(|m| m.borrow().get(s).cloned()) {
        return o;
    }
    let o = intern_global(s);
    let _ = LOCAL_INTERNED.try_with(|m| {
        let mut m = m.borrow_mut();
        if m.len() < 4096 {
            m.insert(s.into(), o.clone());
        }
    });
    o
}

fn intern_global(s: &str) -> ObjRef {
    let mut map = interner().lock();
    if let Some(o) = map.get(s) {
        return o.clone();
    }
    let o = ObjRef::new_immortal(Object::new(
        crate::builtins::types::types().str,
        Payload::Str(PyStr {
            interned: true,
            ..PyStr::new(s)
        }),
    ));
    map.insert(s.into(), o.clone());
    o
}

/// The interned str as a value.
pub fn intern_value(s: &str) -> Value {
    Value::Obj(intern(s))
}

/// Weft's refusal of a lone surrogate (`chr(0xd800)`, the
/// `surrogateescape`/`surrogatepass` error handlers): a UTF-8 `str`
/// cannot hold one, and substituting U+FFFD would answer wrongly.
pub fn lone_surrogate_error(vm: &crate::vm::Vm, what: &str) -> crate::vm::PyErr {
    vm.new_error(
        crate::builtins::types::types().exc.not_implemented_error,
        format!("lone surrogates are not supported by Weft ({what}): str is stored as UTF-8"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn char_slicing_handles_non_ascii() {
        let s = PyStr::new("héllo wörld");
        assert_eq!(s.char_len(), 11);
        assert_eq!(s.slice_chars(1, 4), "éll");
        assert_eq!(s.char_at(7), Some('ö'));
        assert_eq!(s.slice_chars(8, 100), "rld");
    }

    #[test]
    fn hash_is_cached_and_never_minus_one() {
        let s = PyStr::new("abc");
        let h = s.hash();
        assert_ne!(h, -1);
        assert_eq!(h, s.hash());
        assert_eq!(h, hash_str("abc"));
    }

    /// Each shortcut of `same_text` decides only the pairs it may: equal
    /// text is equal whether or not either side is interned or hashed.
    #[test]
    fn same_text_agrees_with_comparing_the_text() {
        let words = ["", "a", "add", "sub", "mul", "mod", "muk", "push", "é", "è"];
        for x in words {
            for y in words {
                let want = x == y;
                let (a, b) = (PyStr::new(x), PyStr::new(y));
                assert_eq!(a.same_text(&b), want, "{x:?} {y:?} plain");
                a.hash();
                assert_eq!(a.same_text(&b), want, "{x:?} {y:?} one hashed");
                b.hash();
                assert_eq!(a.same_text(&b), want, "{x:?} {y:?} both hashed");
                let (ix, iy) = (intern(x), intern(y));
                let (Payload::Str(px), Payload::Str(py)) = (&ix.payload, &iy.payload) else {
                    unreachable!("intern makes strs");
                };
                assert!(px.is_interned() && py.is_interned());
                assert_eq!(a.same_text(py), want, "{x:?} {y:?} one interned");
                assert_eq!(px.same_text(py), want, "{x:?} {y:?} both interned");
            }
        }
    }
}
