//! Frame value storage: a frame's locals and value stack live in one block
//! of slots taken from a per-thread arena that frames use last-in,
//! first-out (a call's frame ends before its caller's), or from the heap
//! for frames that outlive their call (generators) and when the arena is
//! full. A call then costs a pointer bump instead of two pooled buffers.
//!
//! Architecture Invariant: an arena block is released by the thread that
//! took it, in the reverse order of taking; `release` checks this and
//! aborts the process on a violation rather than let two frames share
//! slots. A frame stored beyond its call must be moved to the heap first
//! ([`Block::move_to_heap`]).

use crate::value::Value;
use std::alloc::{alloc, dealloc, handle_alloc_error, Layout};
use std::cell::Cell;
use std::ptr::NonNull;

/// Slots in each thread's arena (1 MiB of values); deeper call chains
/// spill to the heap frame by frame.
const ARENA_SLOTS: usize = 1 << 16;

fn layout(slots: usize) -> Layout {
    match Layout::array::<Value>(slots.max(1)) {
        Ok(l) => l,
        Err(_) => std::process::abort(),
    }
}

/// Allocates room for `slots` values (uninitialized).
fn heap_alloc(slots: usize) -> NonNull<Value> {
    let l = layout(slots);
    // SAFETY: `l` has a non-zero size (at least one `Value`).
    let p = unsafe { alloc(l) } as *mut Value;
    NonNull::new(p).unwrap_or_else(|| handle_alloc_error(l))
}

/// Frees what `heap_alloc(slots)` returned.
///
/// # Safety
/// `p` must come from `heap_alloc(slots)` with the same `slots`, and must
/// not be used afterwards.
unsafe fn heap_free(p: NonNull<Value>, slots: usize) {
    // SAFETY: the caller passes an allocation of exactly this layout.
    unsafe { dealloc(p.as_ptr() as *mut u8, layout(slots)) }
}

/// One thread's arena: `[base, end)` allocated on first use; `[base, top)`
/// in use by live frames.
struct Arena {
    base: Cell<*mut Value>,
    top: Cell<*mut Value>,
    end: Cell<*mut Value>,
}

impl Arena {
    fn take(&self, slots: usize) -> Option<NonNull<Value>> {
        if self.base.get().is_null() {
            // Registers the freer (its first access); a thread exiting
            // already cannot register it, and then keeps no arena.
            if ARENA_FREER.try_with(|_| ()).is_err() {
                return None;
            }
            let p = heap_alloc(ARENA_SLOTS).as_ptr();
            self.base.set(p);
            self.top.set(p);
            // SAFETY: one past the end of the allocation just made.
            self.end.set(unsafe { p.add(ARENA_SLOTS) });
        }
        let top = self.top.get();
        let free = (self.end.get() as usize - top as usize) / std::mem::size_of::<Value>();
        if slots > free {
            return None;
        }
        // SAFETY: `slots <= free`, so the new top stays within (or one past
        // the end of) the arena's allocation.
        self.top.set(unsafe { top.add(slots) });
        NonNull::new(top)
    }

    fn release(&self, p: NonNull<Value>, slots: usize) {
        // The block must be the last one taken and not yet released.
        let expected_top = p.as_ptr().wrapping_add(slots);
        if expected_top != self.top.get() {
            eprintln!("weft: frame storage released out of order");
            std::process::abort();
        }
        self.top.set(p.as_ptr());
    }
}

/// Frees its thread's arena at thread exit. Kept apart from `ARENA`,
/// which has no destructor, so that a frame's take and release read the
/// arena without the state check of a destructor-bearing thread local.
struct ArenaFreer;

impl Drop for ArenaFreer {
    fn drop(&mut self) {
        let _ = ARENA.try_with(|a| {
            let base = a.base.replace(std::ptr::null_mut());
            a.top.set(std::ptr::null_mut());
            a.end.set(std::ptr::null_mut());
            if let Some(p) = NonNull::new(base) {
                // SAFETY: `base` came from `heap_alloc(ARENA_SLOTS)`; this
                // runs at thread exit, after every frame of the thread
                // (frames are locals of the calls that run them) has ended,
                // and the arena forgets the allocation first (a later take
                // would allocate anew).
                unsafe { heap_free(p, ARENA_SLOTS) }
            }
        });
    }
}

thread_local! {
    static ARENA: Arena = const {
        Arena {
            base: Cell::new(std::ptr::null_mut()),
            top: Cell::new(std::ptr::null_mut()),
            end: Cell::new(std::ptr::null_mut()),
        }
    };
    static ARENA_FREER: ArenaFreer = const { ArenaFreer };
}

/// The slots of one frame (uninitialized memory: the frame tracks which
/// of them hold values).
pub(crate) struct Block {
    ptr: NonNull<Value>,
    /// 32 bits, with `in_arena` beside it, keep a `Frame` at 128 bytes,
    /// within the size the compiler moves without a `memcpy` call (a frame
    /// is returned by value from `Frame::new` and boxed for a generator).
    slots: u32,
    in_arena: bool,
}

/// A slot count as stored in a `Block` or a `ValueStack`: no frame or
/// value stack comes near 2^32 slots (64 GiB), so a larger count is an
/// allocation that could not succeed anyway.
#[inline(always)]
fn slot_count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or_else(|_| std::process::abort())
}

impl Block {
    /// A block of `slots` slots from this thread's arena, or the heap.
    #[inline(always)]
    pub(crate) fn take(slots: usize) -> Block {
        let from_arena = ARENA.try_with(|a| a.take(slots)).ok().flatten();
        match from_arena {
            Some(ptr) => Block {
                ptr,
                slots: slot_count(slots),
                in_arena: true,
            },
            None => Block::heap(slots),
        }
    }

    fn heap(slots: usize) -> Block {
        Block {
            ptr: heap_alloc(slots),
            slots: slot_count(slots),
            in_arena: false,
        }
    }

    /// The first slot.
    pub(crate) fn ptr(&self) -> NonNull<Value> {
        self.ptr
    }

    /// Moves the first `live` slots (which must hold values) to a heap
    /// block, releasing this one; the frame can then outlive its call and
    /// move between threads.
    pub(crate) fn move_to_heap(&mut self, live: usize) {
        if !self.in_arena {
            return;
        }
        let heap = Block::heap(self.slots as usize);
        // SAFETY: both blocks have `self.slots >= live` slots and do not
        // overlap (one is in the arena, one freshly allocated); the values
        // are moved (the arena copy is forgotten by releasing the block
        // without dropping them).
        unsafe { std::ptr::copy_nonoverlapping(self.ptr.as_ptr(), heap.ptr.as_ptr(), live) };
        let old = std::mem::replace(self, heap);
        old.release();
    }

    /// Gives the block back (its values must have been dropped or moved).
    #[inline(always)]
    pub(crate) fn release(self) {
        if self.in_arena {
            let (p, n) = (self.ptr, self.slots as usize);
            if ARENA.try_with(|a| a.release(p, n)).is_err() {
                // The arena outlives every frame of its thread.
                std::process::abort();
            }
        } else {
            // SAFETY: a heap block comes from `heap_alloc(self.slots)`.
            unsafe { heap_free(self.ptr, self.slots as usize) }
        }
    }
}

/// A frame's fast locals: a view of the first slots of its block, every
/// one holding a value (`Null` = unbound).
pub struct Locals {
    ptr: NonNull<Value>,
    len: usize,
}

impl Locals {
    /// Views `len` initialized values at `ptr`.
    ///
    /// # Safety
    /// The slots must hold values and stay valid and unaliased for as long
    /// as the view is used (the frame owns both).
    pub(crate) unsafe fn new(ptr: NonNull<Value>, len: usize) -> Locals {
        Locals { ptr, len }
    }

    /// The first slot, for the dispatch loop to index locals from a
    /// register. The slots stay where they are for as long as the view
    /// does (a frame's block moves only before it first runs: `detach`).
    #[inline(always)]
    pub(crate) fn base_ptr(&self) -> *mut Value {
        self.ptr.as_ptr()
    }

    /// Drops the values (the view must not be used afterwards).
    #[inline]
    pub(crate) fn drop_values(&mut self) {
        let n = std::mem::replace(&mut self.len, 0);
        for i in 0..n {
            // SAFETY: the slots hold `n` values that nothing else owns; the
            // length is zeroed first, so each is read (and dropped) once.
            drop(unsafe { self.ptr.as_ptr().add(i).read() });
        }
    }
}

impl std::ops::Deref for Locals {
    type Target = [Value];
    #[inline(always)]
    fn deref(&self) -> &[Value] {
        // SAFETY: `new`'s contract: `len` values, owned by the frame.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl std::ops::DerefMut for Locals {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [Value] {
        // SAFETY: as in `deref`, and `&mut self` makes the access unique.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

/// A frame's value stack: the values from `base` up to `top`, room up to
/// `end`. It starts in its frame's block, sized from the code's stack
/// depth; should it ever need more, it moves to a heap buffer of its own
/// (`spilled`). A push or pop moves one pointer: no index arithmetic.
pub struct ValueStack {
    base: NonNull<Value>,
    /// One past the top value.
    top: *mut Value,
    /// One past the last slot.
    end: *mut Value,
    spilled: bool,
    /// Debug builds: the cached-top methods have moved the top since the
    /// last `set_top` (`top` is stale, `cached` is the truth); any other
    /// method asserts that it is not ("Cached top" below).
    #[cfg(debug_assertions)]
    stale: bool,
    #[cfg(debug_assertions)]
    cached: *mut Value,
}

impl Default for ValueStack {
    fn default() -> Self {
        ValueStack::with_capacity(8)
    }
}

impl ValueStack {
    /// An empty stack in a heap buffer of its own.
    pub fn with_capacity(cap: usize) -> ValueStack {
        let cap = cap.max(1);
        // SAFETY: a fresh buffer of `cap` slots, used by this stack alone.
        let mut s = unsafe { ValueStack::in_block(heap_alloc(cap), cap) };
        s.spilled = true;
        s
    }

    /// An empty stack over `cap` free slots at `base`.
    ///
    /// # Safety
    /// The slots must stay valid, and be used by nothing else, for as long
    /// as the stack is.
    pub(crate) unsafe fn in_block(base: NonNull<Value>, cap: usize) -> ValueStack {
        ValueStack {
            base,
            top: base.as_ptr(),
            // SAFETY: one past the end of the caller's `cap` slots.
            end: unsafe { base.as_ptr().add(cap) },
            spilled: false,
            #[cfg(debug_assertions)]
            stale: false,
            #[cfg(debug_assertions)]
            cached: base.as_ptr(),
        }
    }

    /// Number of values.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.assert_synced();
        // SAFETY: `top` and `base` point into (or one past) one buffer,
        // `top` never below `base`.
        unsafe { self.top.offset_from(self.base.as_ptr()) as usize }
    }

    /// True when there are no values.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.assert_synced();
        self.top == self.base.as_ptr()
    }

    /// Room in slots.
    fn capacity(&self) -> usize {
        // SAFETY: as in `len`, `end` is one past the same buffer.
        unsafe { self.end.offset_from(self.base.as_ptr()) as usize }
    }

    /// The top pointer, for the dispatch loop to keep in a register (see
    /// "Cached top" below).
    #[inline(always)]
    pub(crate) fn top_ptr(&self) -> *mut Value {
        self.assert_synced();
        self.top
    }

    /// Debug builds: asserts that no cached top has moved past `top`
    /// unsynced (every method but the cached-top ones reads `top`).
    #[inline(always)]
    fn assert_synced(&self) {
        #[cfg(debug_assertions)]
        debug_assert!(
            !self.stale,
            "value stack read with its top cached elsewhere"
        );
    }

    /// Makes `top` (a cached top the cached-top methods kept) the stack's
    /// top again: the sync point before any other method is used.
    ///
    /// # Safety
    /// `top` must be the cached top of the "Cached top" contract.
    #[inline(always)]
    pub(crate) unsafe fn set_top(&mut self, top: *mut Value) {
        self.assert_true_top(top);
        #[cfg(debug_assertions)]
        {
            self.stale = false;
        }
        self.top = top;
    }

    /// Debug builds: asserts that `top` is where the top truly is (the
    /// stored top, or the cached one recorded since it went stale).
    #[inline(always)]
    fn assert_true_top(&self, _top: *mut Value) {
        #[cfg(debug_assertions)]
        {
            let truth = if self.stale { self.cached } else { self.top };
            debug_assert_eq!(_top, truth, "stale cached stack top");
        }
    }

    /// Debug builds: records a move of the cached top (see `stale`).
    #[inline(always)]
    fn moved_cached(&mut self, _top: *mut Value) {
        #[cfg(debug_assertions)]
        {
            self.stale = true;
            self.cached = _top;
        }
    }

    /// Pushes `v` (moving the stack to a larger heap buffer when it is
    /// full).
    #[inline(always)]
    pub fn push(&mut self, v: Value) {
        if self.top_ptr() == self.end {
            self.grow();
        }
        let mut top = self.top_ptr();
        // SAFETY: `top` is the stack's top, below `end` after the check,
        // and made the top again after the push.
        unsafe {
            self.push_cached(&mut top, v);
            self.set_top(top);
        }
    }

    /// Pops the top value.
    #[inline(always)]
    pub fn pop(&mut self) -> Option<Value> {
        if self.is_empty() {
            return None;
        }
        let mut top = self.top_ptr();
        // SAFETY: `top` is the stack's top, above a value (checked), and
        // made the top again after the pop.
        unsafe {
            let v = self.pop_cached(&mut top);
            self.set_top(top);
            Some(v)
        }
    }

    /// Drops the values above the first `n`.
    #[inline]
    pub fn truncate(&mut self, n: usize) {
        self.truncate_from(self.len(), n);
    }

    /// `truncate` for a stack of `len` values.
    #[inline(always)]
    fn truncate_from(&mut self, len: usize, n: usize) {
        debug_assert_eq!(len, self.len());
        if n < len {
            // SAFETY: slots `n..len` hold values the stack owns; `top` is
            // lowered first, so they are dropped once and never reached
            // again (as `Vec::truncate` does).
            unsafe {
                let new_top = self.base.as_ptr().add(n);
                self.top = new_top;
                std::ptr::drop_in_place(std::ptr::slice_from_raw_parts_mut(new_top, len - n));
            }
        }
    }

    /// Drops every value (nothing to do, and no call, for the empty stack a
    /// returning frame leaves).
    #[inline(always)]
    pub fn clear(&mut self) {
        if !self.is_empty() {
            self.truncate(0);
        }
    }

    /// `clear` for the end of the stack's frame: when a panic is unwinding
    /// through a running frame the values are leaked instead, since `top`
    /// may be stale ("Cached top" below). Nothing to test, and no call,
    /// for the empty stack a returning frame leaves.
    #[inline(always)]
    pub(crate) fn clear_unless_unwinding(&mut self) {
        if self.top != self.base.as_ptr() {
            self.clear_nonempty_unless_unwinding();
        }
    }

    #[cold]
    #[inline(never)]
    fn clear_nonempty_unless_unwinding(&mut self) {
        if std::thread::panicking() {
            return;
        }
        self.clear();
    }

    /// Pops the top `n` values, bottom first.
    #[inline]
    pub fn split_off_top(&mut self, n: usize) -> Vec<Value> {
        let n = n.min(self.len());
        let mut out = Vec::with_capacity(n);
        // SAFETY: the `n` slots below `top` hold values; they are moved
        // into `out` (whose capacity is `n`) and no longer counted.
        unsafe {
            let at = self.top.sub(n);
            std::ptr::copy_nonoverlapping(at, out.as_mut_ptr(), n);
            out.set_len(n);
            self.top = at;
        }
        out
    }

    /// The top value (the slice method, without forming the slice).
    #[inline(always)]
    pub fn last(&self) -> Option<&Value> {
        if self.is_empty() {
            return None;
        }
        // SAFETY: the stack's own top, above a value (checked).
        unsafe { Some(self.last_cached(self.top_ptr())) }
    }

    /// The top value, mutably.
    #[inline(always)]
    pub fn last_mut(&mut self) -> Option<&mut Value> {
        if self.is_empty() {
            return None;
        }
        // SAFETY: the stack's own top, above a value (checked).
        unsafe { Some(self.last_mut_cached(self.top_ptr())) }
    }

    /// The two top values (the second, then the top), when there are two.
    #[inline(always)]
    pub fn top2(&self) -> Option<(&Value, &Value)> {
        if self.len() < 2 {
            return None;
        }
        // SAFETY: the stack's own top, above two values (checked).
        unsafe { Some(self.top2_cached(self.top_ptr())) }
    }

    /// The `N` top values (the top last), mutably, when there are `N`.
    #[inline(always)]
    pub fn top_mut<const N: usize>(&mut self) -> Option<&mut [Value; N]> {
        if self.len() < N {
            return None;
        }
        // SAFETY: the stack's own top, above `N` values (checked).
        unsafe { Some(self.top_mut_cached(self.top_ptr())) }
    }

    /// Drops the `n` top values (all of them if there are fewer).
    #[inline(always)]
    pub fn drop_top(&mut self, n: usize) {
        let len = self.len();
        self.truncate_from(len, len.saturating_sub(n));
    }

    /// Replaces the two top values with `v` (a binary operation's result);
    /// with fewer than two values, just pushes `v`.
    #[inline(always)]
    pub fn replace_top2(&mut self, v: Value) {
        if self.len() < 2 {
            self.push(v);
            return;
        }
        let mut top = self.top_ptr();
        // SAFETY: `top` is the stack's top, above two values (checked),
        // and made the top again after.
        unsafe {
            self.replace_top2_cached(&mut top, v);
            self.set_top(top);
        }
    }

    // ----- Cached top -----
    //
    // The dispatch loop keeps the top in a local (a register), the cached
    // top, and passes it to these methods; they move the cached top and
    // leave the stored `top` behind, as CPython's loop keeps its stack
    // pointer in a local. Before anything else reads or changes the stack
    // (every other method, and any code the frame is passed to), the loop
    // stores it back with `set_top`, and after such code it reloads it
    // with `top_ptr()`.
    //
    // Safety (every method here): the cached pointer passed in must be the
    // stack's true top: taken from `top_ptr()` and moved only by these
    // methods since. Debug builds check both sides: these methods compare
    // it with the truth they record, and every other method asserts that
    // no cached top has moved unsynced (`stale`); CI runs the corpus under
    // the debug build.
    //
    // Depth (also every method here, as CPython's loop does): the stack
    // must hold the values a method reads or pops, and have room for what
    // it pushes; none of them checks. The dispatch loop knows this of
    // verified code: `compiler::verify_stack_depths` proved, when the code
    // was loaded, that every instruction finds its operands on the stack
    // and that no instruction leaves more than `max_stack` values, and a
    // frame's stack has `max_stack + 2` slots (the two spare for the
    // instructions that push their results before dropping operands).
    // Debug builds assert the depth in each method; CI runs the corpus
    // and the tests under the debug build. The safe methods above check
    // the depth themselves.
    //
    // Unwinding: a panic inside the loop leaves `top` stale, either side
    // of the truth. The values are then leaked, not dropped
    // (`clear_unless_unwinding`): dropping up to a stale `top` above the
    // truth would drop moved-out values twice.

    /// Number of values, by the cached top.
    #[inline(always)]
    unsafe fn len_at(&self, top: *mut Value) -> usize {
        self.assert_true_top(top);
        // SAFETY: `top` is the stack's top (the contract above), which
        // points into (or one past) the buffer, never below `base`.
        unsafe { top.offset_from(self.base.as_ptr()) as usize }
    }

    /// `push`, by the cached top (the stack must have room).
    #[inline(always)]
    pub(crate) unsafe fn push_cached(&mut self, top: &mut *mut Value, v: Value) {
        self.assert_true_top(*top);
        debug_assert!(*top < self.end, "value stack overflow");
        // SAFETY: `top` (the stack's top) is below `end` (the contract),
        // so the slot is inside the buffer and holds no value.
        unsafe {
            top.write(v);
            *top = top.add(1);
        }
        self.moved_cached(*top);
    }

    /// Debug builds: asserts that the stack holds at least `n` values
    /// (the depth contract above).
    #[inline(always)]
    unsafe fn assert_holds(&self, top: *mut Value, n: usize) {
        // SAFETY: the caller's contract (`top` is the true top).
        debug_assert!(unsafe { self.len_at(top) } >= n, "value stack underflow");
    }

    /// `pop`, by the cached top (the stack must hold a value).
    #[inline(always)]
    pub(crate) unsafe fn pop_cached(&mut self, top: &mut *mut Value) -> Value {
        // SAFETY: the contract: `top` is the true top, above a value.
        unsafe {
            self.assert_holds(*top, 1);
            // The slot below `top` holds a value, now no longer counted
            // (`top` is lowered first), so it is moved out once.
            *top = top.sub(1);
            self.moved_cached(*top);
            Value::read_words(*top)
        }
    }

    /// `last`, by the cached top (the stack must hold a value).
    #[inline(always)]
    pub(crate) unsafe fn last_cached(&self, top: *mut Value) -> &Value {
        // SAFETY: the contract: the slot below `top` holds a value the
        // stack owns.
        unsafe {
            self.assert_holds(top, 1);
            &*top.sub(1)
        }
    }

    /// `last_mut`, by the cached top (the stack must hold a value).
    #[inline(always)]
    pub(crate) unsafe fn last_mut_cached(&mut self, top: *mut Value) -> &mut Value {
        // SAFETY: as in `last_cached`, and `&mut self` makes it unique.
        unsafe {
            self.assert_holds(top, 1);
            &mut *top.sub(1)
        }
    }

    /// `top2`, by the cached top (the stack must hold two values).
    #[inline(always)]
    pub(crate) unsafe fn top2_cached(&self, top: *mut Value) -> (&Value, &Value) {
        // SAFETY: the contract: the two slots below `top` hold values the
        // stack owns; the borrows live no longer than `&self`.
        unsafe {
            self.assert_holds(top, 2);
            (&*top.sub(2), &*top.sub(1))
        }
    }

    /// `top_mut`, by the cached top (the stack must hold `N` values).
    #[inline(always)]
    pub(crate) unsafe fn top_mut_cached<const N: usize>(
        &mut self,
        top: *mut Value,
    ) -> &mut [Value; N] {
        // SAFETY: the contract: the `N` slots below `top` hold values the
        // stack owns, contiguous and aligned as an array; `&mut self`
        // makes the borrow unique.
        unsafe {
            self.assert_holds(top, N);
            &mut *(top.sub(N) as *mut [Value; N])
        }
    }

    /// `replace_top2`, by the cached top (the stack must hold two values).
    #[inline(always)]
    pub(crate) unsafe fn replace_top2_cached(&mut self, top: &mut *mut Value, v: Value) {
        // SAFETY: the contract (`top` is the true top).
        unsafe { self.assert_holds(*top, 2) };
        // SAFETY: the two slots below `top` hold values: the top one is
        // uncounted (lower `top`) and then dropped, the other is replaced
        // by assignment (which drops it); `top` stays within the buffer.
        unsafe {
            *top = top.sub(1);
            self.moved_cached(*top);
            let popped = top.read();
            *top.sub(1) = v;
            drop(popped);
        }
    }

    /// Swaps the top value with the `n`th from the top (`SWAP n`), by the
    /// cached top (`n` ≥ 1, and the stack must hold `n` values).
    ///
    /// Each value moves as two 8-byte words (`Value::swap_words`): a value
    /// is often written as a tag and a payload (two stores: an arithmetic
    /// result) just before a `SWAP` moves it.
    #[inline(always)]
    pub(crate) unsafe fn swap_cached(&mut self, top: *mut Value, n: usize) {
        debug_assert!(n >= 1, "SWAP 0");
        // SAFETY: the contract: both slots hold values the stack owns
        // (`1 <= n <= len`); with `n == 1` they are the same slot and
        // nothing moves.
        unsafe {
            self.assert_holds(top, n);
            if n > 1 {
                Value::swap_words(&mut *top.sub(1), &mut *top.sub(n));
            }
        }
    }

    /// `drop_top`, by the cached top: the top `N` values (the stack must
    /// hold them) dropped in place, with no sync of the stored top.
    #[inline(always)]
    pub(crate) unsafe fn drop_top_cached<const N: usize>(&mut self, top: &mut *mut Value) {
        let n = N;
        // SAFETY: the contract (`top` is the true top).
        unsafe { self.assert_holds(*top, n) };
        // SAFETY: the contract: the `n` slots below `top` hold values the stack owns;
        // `top` is lowered past them first, so each is dropped once and
        // never reached again (as `truncate` does).
        unsafe {
            *top = top.sub(n);
            self.moved_cached(*top);
            std::ptr::drop_in_place(std::ptr::slice_from_raw_parts_mut(*top, n));
        }
    }

    /// Pushes every item of `items`.
    pub fn extend(&mut self, items: impl IntoIterator<Item = Value>) {
        for v in items {
            self.push(v);
        }
    }

    /// Moves the stack to a heap buffer twice as large.
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let (len, old_cap) = (self.len(), self.capacity());
        let cap = old_cap.max(4) * 2;
        let fresh = heap_alloc(cap);
        // SAFETY: the first `len` slots hold values, moved (not copied) to
        // the fresh buffer, which is at least as large and separate.
        unsafe { std::ptr::copy_nonoverlapping(self.base.as_ptr(), fresh.as_ptr(), len) };
        if self.spilled {
            // SAFETY: a spilled buffer came from `heap_alloc(old_cap)`;
            // its values were just moved out.
            unsafe { heap_free(self.base, old_cap) };
        }
        // SAFETY: `len <= cap` slots of the fresh buffer hold the values.
        unsafe {
            self.base = fresh;
            self.top = fresh.as_ptr().add(len);
            self.end = fresh.as_ptr().add(cap);
        }
        self.spilled = true;
    }
}

impl Drop for ValueStack {
    // Inline: a frame's stack is empty and in its block when the frame
    // ends, and the two tests that find so are cheaper than a call.
    #[inline(always)]
    fn drop(&mut self) {
        self.clear_unless_unwinding();
        if self.spilled {
            // SAFETY: a spilled buffer came from `heap_alloc(capacity)`,
            // and its values were just dropped.
            unsafe { heap_free(self.base, self.capacity()) };
        }
    }
}

impl std::ops::Deref for ValueStack {
    type Target = [Value];
    #[inline(always)]
    fn deref(&self) -> &[Value] {
        self.assert_synced();
        // SAFETY: the slots from `base` to `top` hold values the stack owns.
        unsafe { std::slice::from_raw_parts(self.base.as_ptr(), self.len()) }
    }
}

impl std::ops::DerefMut for ValueStack {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [Value] {
        self.assert_synced();
        // SAFETY: as in `deref`, and `&mut self` makes the access unique.
        unsafe { std::slice::from_raw_parts_mut(self.base.as_ptr(), self.len()) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::object::Object;
    use crate::value::ObjRef;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    struct DropCount(Arc<AtomicUsize>);
    impl Drop for DropCount {
        fn drop(&mut self) {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
    }

    fn counted(c: &Arc<AtomicUsize>) -> Value {
        Value::Obj(ObjRef::new(Object::native_for_tests(Box::new(DropCount(
            c.clone(),
        )))))
    }

    #[test]
    fn value_stack_pushes_pops_and_grows_like_a_vec() {
        let drops = Arc::new(AtomicUsize::new(0));
        let mut s = ValueStack::with_capacity(2);
        for i in 0..1000 {
            s.push(Value::Int(i));
        }
        s.push(counted(&drops));
        assert_eq!(s.len(), 1001);
        assert!(matches!(s.pop(), Some(Value::Obj(_))));
        assert_eq!(drops.load(Ordering::SeqCst), 1);
        assert!((0..1000).all(|i| matches!(s[i as usize], Value::Int(x) if x == i)));
        let top = s.split_off_top(3);
        assert!(matches!(
            top[..],
            [Value::Int(997), Value::Int(998), Value::Int(999)]
        ));
        s.push(counted(&drops));
        s.push(counted(&drops));
        s.truncate(996);
        assert_eq!(drops.load(Ordering::SeqCst), 3);
        s.push(counted(&drops));
        drop(s);
        assert_eq!(drops.load(Ordering::SeqCst), 4);
        assert_eq!(std::mem::size_of::<Value>(), 16);
    }

    #[test]
    fn cached_top_methods_track_the_stack_and_sync_back() {
        let drops = Arc::new(AtomicUsize::new(0));
        // Room for three: the cached-top methods never grow the stack (the
        // depth contract gives them room).
        let mut s = ValueStack::with_capacity(3);
        let mut top = s.top_ptr();
        // SAFETY: `top` comes from `top_ptr()` and the stack changes only
        // through the cached-top methods, which keep it the true top, and
        // it is stored back with `set_top` before any other method; every
        // call finds the values it reads and the room it pushes into.
        unsafe {
            s.push_cached(&mut top, Value::Int(1));
            s.push_cached(&mut top, counted(&drops));
            s.push_cached(&mut top, Value::Float(2.5));
            s.set_top(top);
            assert_eq!(top, s.top_ptr());
            assert_eq!(s.len(), 3);
            assert!(matches!(s.last_cached(top), Value::Float(x) if *x == 2.5));
            assert!(matches!(
                s.top2_cached(top),
                (Value::Obj(_), Value::Float(_))
            ));
            // SWAP 3: the top and the third from the top trade places.
            s.swap_cached(top, 3);
            assert!(matches!(
                s[..],
                [Value::Float(_), Value::Obj(_), Value::Int(1)]
            ));
            s.swap_cached(top, 1);
            assert!(matches!(
                s[..],
                [Value::Float(_), Value::Obj(_), Value::Int(1)]
            ));
            assert_eq!(drops.load(Ordering::SeqCst), 0);
            s.replace_top2_cached(&mut top, Value::Bool(true));
            s.set_top(top);
            assert_eq!(top, s.top_ptr());
            assert_eq!(drops.load(Ordering::SeqCst), 1);
            assert!(matches!(s.pop_cached(&mut top), Value::Bool(true)));
            assert!(matches!(s.pop_cached(&mut top), Value::Float(_)));
            s.set_top(top);
            assert_eq!((top, s.len()), (s.top_ptr(), 0));
            s.push_cached(&mut top, counted(&drops));
            s.push_cached(&mut top, Value::Int(7));
            s.drop_top_cached::<2>(&mut top);
            s.set_top(top);
            assert_eq!((top, s.len()), (s.top_ptr(), 0));
        }
        assert_eq!(drops.load(Ordering::SeqCst), 2);
        // The safe methods check the depth themselves: a push past the
        // room grows the stack, reads past the bottom find nothing.
        s.push(Value::Int(1));
        s.push(Value::Int(2));
        s.push(Value::Int(3));
        s.push(Value::Int(4));
        assert_eq!(s.len(), 4);
        s.truncate(0);
        assert!(s.pop().is_none() && s.last_mut().is_none());
        s.replace_top2(Value::Int(5));
        assert!(matches!(s[..], [Value::Int(5)]));
    }

    /// Debug builds catch a cached-top method that breaks the depth
    /// contract (the verified code's promise): a pop below the bottom.
    #[cfg(debug_assertions)]
    #[test]
    #[should_panic(expected = "value stack underflow")]
    fn a_cached_pop_below_the_bottom_is_caught() {
        let mut s = ValueStack::with_capacity(2);
        s.push(Value::Int(1));
        let mut top = s.top_ptr();
        // SAFETY: the first pop keeps the contract; the second is the
        // violation the assertion stops before it reads.
        unsafe {
            let _ = s.pop_cached(&mut top);
            let _ = s.pop_cached(&mut top);
        }
    }

    /// Debug builds catch a cached push past the stack's room.
    #[cfg(debug_assertions)]
    #[test]
    #[should_panic(expected = "value stack overflow")]
    fn a_cached_push_past_the_room_is_caught() {
        let mut s = ValueStack::with_capacity(1);
        let mut top = s.top_ptr();
        // SAFETY: the first push keeps the contract; the second is the
        // violation the assertion stops before it writes.
        unsafe {
            s.push_cached(&mut top, Value::Int(1));
            s.push_cached(&mut top, Value::Int(2));
        }
    }

    /// Debug builds catch a read of the stack while a cached top has moved
    /// past it unsynced (a missing `set_top` in the loop).
    #[cfg(debug_assertions)]
    #[test]
    #[should_panic(expected = "value stack read with its top cached elsewhere")]
    fn reading_past_an_unsynced_cached_top_is_caught() {
        let mut s = ValueStack::with_capacity(4);
        let mut top = s.top_ptr();
        // SAFETY: `top` is the true top; the read below is the violation.
        unsafe { s.push_cached(&mut top, Value::Int(1)) };
        let _ = s.len();
    }

    /// A panic unwinding through a frame whose cached top is above or
    /// below the stored one leaks the values rather than dropping any
    /// twice: a value popped through the cached top (moved out, and
    /// dropped by its taker) is not dropped again by the stack.
    #[test]
    fn unwinding_with_a_stale_top_drops_nothing_twice() {
        let drops = Arc::new(AtomicUsize::new(0));
        let d = drops.clone();
        let unwound = std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || {
            let mut s = ValueStack::with_capacity(4);
            s.push(counted(&d));
            s.push(counted(&d));
            let mut top = s.top_ptr();
            // SAFETY: `top` is the true top; the stored one is left stale
            // (above the truth) when the panic starts.
            let popped = unsafe { s.pop_cached(&mut top) };
            drop(popped);
            assert_eq!(d.load(Ordering::SeqCst), 1);
            panic!("unwinding through the frame");
        }));
        assert!(unwound.is_err());
        // The popped value was dropped once; the one below it is leaked.
        assert_eq!(drops.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn value_stack_top_accessors_see_and_drop_the_right_values() {
        let drops = Arc::new(AtomicUsize::new(0));
        let mut s = ValueStack::with_capacity(2);
        assert!(s.top2().is_none() && s.last().is_none() && s.top_mut::<1>().is_none());
        s.push(Value::Int(1));
        assert!(s.top2().is_none());
        s.push(counted(&drops));
        s.push(Value::Int(3));
        assert!(matches!(s.top2(), Some((Value::Obj(_), Value::Int(3)))));
        assert!(matches!(s.last(), Some(Value::Int(3))));
        *s.last_mut().unwrap() = Value::Int(4);
        // A binary operation's result replaces the two top values.
        s.replace_top2(Value::Int(9));
        assert_eq!(drops.load(Ordering::SeqCst), 1);
        assert!(matches!(s[..], [Value::Int(1), Value::Int(9)]));
        s.push(counted(&drops));
        let [a, b, c] = s.top_mut::<3>().unwrap();
        assert!(matches!(
            (&*a, &*b, &*c),
            (Value::Int(1), Value::Int(9), Value::Obj(_))
        ));
        *a = Value::Int(0);
        assert!(s.top_mut::<4>().is_none());
        s.drop_top(2);
        assert_eq!(drops.load(Ordering::SeqCst), 2);
        assert!(matches!(s[..], [Value::Int(0)]));
        // With fewer than two values, the result is pushed.
        s.pop();
        s.replace_top2(Value::Int(5));
        assert!(matches!(s[..], [Value::Int(5)]));
        s.drop_top(10);
        assert!(s.is_empty());
    }

    #[test]
    fn a_stack_in_an_arena_block_spills_to_the_heap_and_frees_once() {
        let drops = Arc::new(AtomicUsize::new(0));
        let block = Block::take(4);
        assert!(block.in_arena);
        // SAFETY: the block's 4 slots are used by this stack alone, which
        // is dropped before the block is released.
        let mut s = unsafe { ValueStack::in_block(block.ptr(), 4) };
        for _ in 0..10 {
            s.push(counted(&drops));
        }
        assert_eq!(s.len(), 10);
        drop(s);
        assert_eq!(drops.load(Ordering::SeqCst), 10);
        block.release();
    }

    #[test]
    fn arena_blocks_are_reused_last_in_first_out() {
        let a = Block::take(10);
        let b = Block::take(20);
        let b_ptr = b.ptr();
        b.release();
        let c = Block::take(5);
        assert_eq!(c.ptr(), b_ptr);
        c.release();
        a.release();
        // Larger than the arena: served by the heap.
        let big = Block::take(ARENA_SLOTS + 1);
        assert!(!big.in_arena);
        big.release();
    }

    #[test]
    fn a_block_moved_to_the_heap_keeps_its_values_and_frees_its_arena_slots() {
        let drops = Arc::new(AtomicUsize::new(0));
        let mut block = Block::take(3);
        let arena_ptr = block.ptr();
        // SAFETY: slots 0..3 are free and written once each.
        unsafe {
            for i in 0..3 {
                block.ptr().as_ptr().add(i).write(counted(&drops));
            }
        }
        block.move_to_heap(3);
        assert!(!block.in_arena);
        assert_ne!(block.ptr(), arena_ptr);
        // The arena slots are free again: the next block starts there.
        let next = Block::take(1);
        assert_eq!(next.ptr(), arena_ptr);
        next.release();
        // SAFETY: the heap block holds the 3 values moved into it.
        let mut locals = unsafe { Locals::new(block.ptr(), 3) };
        assert_eq!(drops.load(Ordering::SeqCst), 0);
        locals.drop_values();
        assert_eq!(drops.load(Ordering::SeqCst), 3);
        block.release();
    }

    /// Releasing a block that is not the arena's last aborts the process
    /// (checked in a child process running just this test).
    #[test]
    fn releasing_out_of_order_aborts() {
        if std::env::var_os("WEFT_ARENA_MISUSE").is_some() {
            let first = Block::take(2);
            let second = Block::take(2);
            first.release();
            second.release();
            return;
        }
        let out = std::process::Command::new(std::env::current_exe().expect("test binary"))
            .args([
                "--exact",
                "framestore::tests::releasing_out_of_order_aborts",
                "--nocapture",
                "--test-threads=1",
            ])
            .env("WEFT_ARENA_MISUSE", "1")
            .output()
            .expect("child test process");
        assert!(!out.status.success());
        assert!(String::from_utf8_lossy(&out.stderr).contains("released out of order"));
    }
}
