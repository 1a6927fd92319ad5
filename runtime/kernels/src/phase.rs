//! The single-thread phase and reference counts: until a program starts
//! its first thread, the `weft` command promises that one thread alone
//! touches objects, and counts (and the object locks of [`crate::objlock`])
//! are then a plain load and store instead of a locked read-modify-write;
//! [`start_thread`] ends the phase for good just before the first other
//! thread is created. [`RefCount`] is an object's count word, with its
//! immortal bit, counting plainly or atomically as the phase says.
//!
//! Protocol of the switch: the phase flag is set back to atomic on the
//! thread about to create another, *before* it creates it. That thread
//! then sees atomic counting by program order, and the new one by the
//! spawn's happens-before (which also makes every count written plainly
//! before it visible to it); a count never goes back to plain. So counts
//! made plainly before the switch and atomically after it never lose an
//! update, and the last drop frees the object once, after every other
//! thread's use (model: `loom-tests/tests/refcount_races.rs`).

use crate::sync::{fence, AtomicBool, AtomicUsize, Ordering};

/// The immortal bit of a count: once set, the object is never freed, and
/// clones and drops with atomic counting stop touching the count.
pub const IMMORTAL: usize = 1 << (usize::BITS - 2);
/// Set with `IMMORTAL` when an object becomes immortal: single-thread
/// counting adds and subtracts without testing the bit (one test and
/// branch fewer per clone and per drop). The counts of immortal objects
/// may then drift: upward when a reference cloned in the single-thread
/// phase is dropped after threads start (atomic drops leave immortal
/// counts alone). No path drifts them downward today; the margin is there
/// so that one never could clear the bit or reach zero short of 2**61
/// unbalanced drops.
pub const IMMORTAL_MARGIN: usize = IMMORTAL >> 1;
// Counts are not checked for overflow (`Arc` aborts past `isize::MAX`):
// a count reaches `IMMORTAL` only after 2**62 increments, more than a
// century of them at one per nanosecond, and even then the carry sets the
// immortal bit, so the object is leaked, never freed early; wrapping to
// zero would take 2**64.

/// Deliberately broken forms of the switch and of counting, selected only
/// by `cfg(loom)` models ([`start_thread_broken`],
/// [`RefCount::with_broken_twin`]) to show that the models catch them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BrokenTwin {
    /// The protocol as it is.
    #[default]
    Sound,
    /// [`start_thread`] switches to atomic counting only after the new
    /// thread was created: the two threads may both still count plainly.
    SwitchAfterSpawn,
    /// The last atomic drop frees without its Acquire fence: another
    /// thread's use of the object is not ordered before the free.
    DropWithoutFence,
}

/// The phase flag: false only while the process has promised (see
/// [`assume_single_thread`]) that one thread alone touches objects.
struct Phase {
    atomic_counts: AtomicBool,
}

#[cfg(not(loom))]
static PHASE: Phase = Phase {
    atomic_counts: AtomicBool::new(true),
};

#[cfg(loom)]
loom::lazy_static! {
    // One per model execution: every execution starts in atomic counting.
    static ref PHASE: Phase = Phase { atomic_counts: AtomicBool::new(true) };
}

/// Lets reference counts and object locks be plain loads and stores until
/// [`start_thread`] (or [`threads_may_start`]) is called.
///
/// # Safety
/// No object lock may be held when this is called. Until
/// `threads_may_start` is called, at most one thread at a time may
/// create, clone or drop references to objects or lock them (immortal
/// ones included: their counts move too in this phase), and a thread that
/// takes over must be ordered after the previous one (spawned or joined
/// by it). Embedders sharing a runtime between threads must not call
/// this.
pub unsafe fn assume_single_thread() {
    PHASE.atomic_counts.store(false, Ordering::Relaxed);
}

/// True during the single-thread phase: object locks and counts are then
/// plain loads and stores.
#[inline(always)]
pub fn single_thread() -> bool {
    !PHASE.atomic_counts.load(Ordering::Relaxed)
}

/// Switches counting and object locks to atomic read-modify-writes for
/// good. Call on the thread that is about to create another thread, before
/// creating it (or use [`start_thread`], which does both in this order).
pub fn threads_may_start() {
    if !PHASE.atomic_counts.load(Ordering::Relaxed) {
        PHASE.atomic_counts.store(true, Ordering::Relaxed);
    }
}

/// Creates a thread that may touch objects: `spawn` creates it, after the
/// switch to atomic counting (so the new thread, ordered after the switch
/// by its creation, counts atomically from its first instruction).
#[inline]
pub fn start_thread<R>(spawn: impl FnOnce() -> R) -> R {
    start_thread_as(BrokenTwin::Sound, spawn)
}

/// [`start_thread`] with the protocol broken as `twin` says (model checks
/// only).
#[cfg(loom)]
pub fn start_thread_broken<R>(twin: BrokenTwin, spawn: impl FnOnce() -> R) -> R {
    start_thread_as(twin, spawn)
}

#[inline(always)]
fn start_thread_as<R>(twin: BrokenTwin, spawn: impl FnOnce() -> R) -> R {
    if twin == BrokenTwin::SwitchAfterSpawn {
        let r = spawn();
        threads_may_start();
        return r;
    }
    threads_may_start();
    spawn()
}

/// An object's reference count: the number of references, or a value
/// with [`IMMORTAL`] set for an object that is never freed.
pub struct RefCount {
    count: AtomicUsize,
    #[cfg(loom)]
    twin: BrokenTwin,
}

impl RefCount {
    /// The count of a new object: its one reference.
    #[cfg(not(loom))]
    #[inline(always)]
    pub const fn new() -> RefCount {
        RefCount {
            count: AtomicUsize::new(1),
        }
    }

    /// The count of a new object: its one reference.
    #[cfg(loom)]
    pub fn new() -> RefCount {
        RefCount::with_broken_twin(BrokenTwin::Sound)
    }

    /// `new`, with counting broken as `twin` says (model checks only).
    #[cfg(loom)]
    pub fn with_broken_twin(twin: BrokenTwin) -> RefCount {
        RefCount {
            count: AtomicUsize::new(1),
            twin,
        }
    }

    /// The protocol this count runs: always [`BrokenTwin::Sound`] outside
    /// the model checks (a constant the compiler folds away).
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

    /// Makes the count immortal (with its margin, see [`IMMORTAL_MARGIN`]).
    #[inline]
    pub fn make_immortal(&self) {
        self.count
            .fetch_or(IMMORTAL | IMMORTAL_MARGIN, Ordering::Relaxed);
    }

    /// The count (`sys.getrefcount`), immortal bit and margin included.
    #[inline(always)]
    pub fn get(&self) -> usize {
        self.count.load(Ordering::Relaxed)
    }

    /// True when the object is immortal.
    #[inline(always)]
    pub fn is_immortal(&self) -> bool {
        self.get() & IMMORTAL != 0
    }

    /// True when the count is exactly one (the caller's reference is the
    /// only one). Acquire: orders the other holders' last uses (each
    /// drop's Release decrement) before what the caller then does alone.
    #[inline]
    pub fn is_unique(&self) -> bool {
        self.count.load(Ordering::Acquire) == 1
    }

    /// Counts one more reference (a clone).
    #[inline(always)]
    pub fn increment(&self) {
        let count = &self.count;
        if !single_thread() {
            if count.load(Ordering::Relaxed) & IMMORTAL == 0 {
                count.fetch_add(1, Ordering::Relaxed);
            }
        } else {
            // One thread alone touches objects (the promise of
            // `assume_single_thread`): nobody else can change the count
            // between this load and store. An immortal object's count
            // moves too, inside its margin, so no test is needed.
            count.store(count.load(Ordering::Relaxed) + 1, Ordering::Relaxed);
        }
    }

    /// Counts one reference fewer (a drop): true when it was the last, and
    /// the caller must free the object (every other thread's use of it is
    /// then ordered before the caller's next access).
    #[inline(always)]
    #[must_use]
    pub fn decrement(&self) -> bool {
        let count = &self.count;
        let seen = count.load(Ordering::Relaxed);
        if single_thread() {
            // One thread alone touches objects (see `increment`). An
            // immortal count never reaches 1: it stays above `IMMORTAL`
            // by its margin.
            count.store(seen - 1, Ordering::Relaxed);
            return seen == 1;
        }
        if seen & IMMORTAL != 0 {
            return false;
        }
        if count.fetch_sub(1, Ordering::Release) == 1 {
            if self.twin() != BrokenTwin::DropWithoutFence {
                fence(Ordering::Acquire);
            }
            return true;
        }
        false
    }
}

impl Default for RefCount {
    fn default() -> Self {
        RefCount::new()
    }
}
