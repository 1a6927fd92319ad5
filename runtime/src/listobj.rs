//! The `list` payload: items behind a per-object lock, plus a
//! [`ReadView`](crate::readview::ReadView) so that a list shared
//! read-mostly between threads is indexed without the lock.

use crate::objlock::{unlocked_contents, ObjMutex as Mutex, ObjMutexGuard as MutexGuard};
use crate::readview::ReadView;
use crate::specialize::{decode_unowned, encode_unowned};
use crate::value::Value;
use std::ops::{Deref, DerefMut};

/// A list's state.
#[derive(Default)]
pub struct ListObj {
    items: Mutex<Vec<Value>>,
    view: ReadView<Box<[u64]>>,
}

/// The locked items; mutable access drops the read view first.
pub struct ListGuard<'a> {
    list: &'a ListObj,
    items: MutexGuard<'a, Vec<Value>>,
}

impl Deref for ListGuard<'_> {
    type Target = Vec<Value>;
    #[inline(always)]
    fn deref(&self) -> &Vec<Value> {
        &self.items
    }
}

impl DerefMut for ListGuard<'_> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut Vec<Value> {
        self.list.view.invalidate();
        &mut self.items
    }
}

/// Python's index normalisation: `i` (negative from the end) into `0..len`.
#[inline(always)]
pub fn normalize_index(i: i64, len: usize) -> Option<usize> {
    let j = if i < 0 { i + len as i64 } else { i };
    (j >= 0 && (j as usize) < len).then_some(j as usize)
}

/// Moves `v` into `items[i]` (Python indexing), returning the old value;
/// hands `v` back when `i` is out of range.
#[inline(always)]
fn replace_in(items: &mut [Value], i: i64, v: Value) -> Result<Value, Value> {
    match normalize_index(i, items.len()) {
        Some(k) => Ok(std::mem::replace(&mut items[k], v)),
        None => Err(v),
    }
}

fn encode_all(items: &[Value]) -> Box<[u64]> {
    items
        .iter()
        .map(|v| encode_unowned(v).unwrap_or(0))
        .collect()
}

impl ListObj {
    /// A list holding `items`.
    pub fn new(items: Vec<Value>) -> ListObj {
        ListObj {
            items: Mutex::new(items),
            view: ReadView::default(),
        }
    }

    /// `self[i] = v` (Python indexing) when `i` is in range; hands `v`
    /// back otherwise. Without the lock where none is needed; the old
    /// value is dropped after the access.
    #[inline(always)]
    pub fn set_at(&self, i: i64, v: Value) -> Result<(), Value> {
        let unlocked = if self.view.enabled() {
            None
        } else {
            // SAFETY: one value is swapped at once, taking no lock; the
            // old one is dropped after the access.
            unsafe { unlocked_contents(&self.items) }
        };
        let old = match unlocked {
            // SAFETY: (see above) the only access to the items.
            Some(mut items) => replace_in(unsafe { items.as_mut() }, i, v)?,
            None => replace_in(&mut self.lock(), i, v)?,
        };
        drop(old);
        Ok(())
    }

    /// Appends `v`, without the lock where none is needed.
    #[inline(always)]
    pub fn push(&self, v: Value) {
        if !self.view.enabled() {
            // SAFETY: one value is pushed at once (a reallocation moves the
            // values bitwise and runs no code), taking no lock.
            if let Some(mut items) = unsafe { unlocked_contents(&self.items) } {
                // SAFETY: (see above) the only access to the items.
                unsafe { items.as_mut() }.push(v);
                return;
            }
        }
        self.lock().push(v);
    }

    /// The item at `k` (no negative indexing), for iterators.
    #[inline(always)]
    pub fn item_at(&self, k: usize) -> Option<Value> {
        // SAFETY: one value is cloned at once, taking no lock.
        if let Some(items) = unsafe { unlocked_contents(&self.items) } {
            // SAFETY: (see above) the only access to the items.
            return unsafe { items.as_ref() }.get(k).cloned();
        }
        self.lock().get(k).cloned()
    }

    /// Locks the items.
    #[inline(always)]
    pub fn lock(&self) -> ListGuard<'_> {
        ListGuard {
            list: self,
            items: self.items.lock(),
        }
    }

    /// `self[i]` with Python's negative indexing; None when out of range.
    /// Without the lock where none is needed, and lock-free when the list
    /// keeps a read view holding that item.
    #[inline(always)]
    pub fn get(&self, i: i64) -> Option<Value> {
        if !self.view.enabled() {
            // SAFETY: one value is cloned at once, taking no lock.
            if let Some(items) = unsafe { unlocked_contents(&self.items) } {
                // SAFETY: (see above) the only access to the items.
                let items = unsafe { items.as_ref() };
                return normalize_index(i, items.len()).map(|k| items[k].clone());
            }
        }
        self.get_locked(i)
    }

    /// `get` through the read view or the lock.
    #[inline(never)]
    fn get_locked(&self, i: i64) -> Option<Value> {
        if let Some(v) = self.view.read(|items| {
            let k = normalize_index(i, items.len())?;
            (items[k] != 0).then(|| decode_unowned(items[k]))
        }) {
            return Some(v);
        }
        let items = self.items.lock();
        let r = normalize_index(i, items.len()).map(|k| items[k].clone());
        if self.view.wants_rebuild(items.len()) {
            self.view.publish(encode_all(&items));
        }
        r
    }

    /// Starts keeping a read view (the list is shared read-mostly).
    pub fn enable_read_view(&self) {
        let items = self.items.lock();
        self.view.enable();
        self.view.publish(encode_all(&items));
    }
}
