//! Version tags: the sources of the 32-bit type, dict-keys and code
//! versions that specialized instructions record in their guard words
//! ([`VersionCounter`]), and one type's tag with its assignment and
//! invalidation protocol ([`VersionTag`]).
//!
//! A tag is never handed out twice. The count behind it is 64-bit, so it
//! cannot wrap; once the 2^32 - 1 nonzero tags of a source are used up,
//! the source hands out 0, the "no version" tag, for good: a guard never
//! records 0 (`specialize::pack` refuses it), so from then on the sites
//! those versions would guard stay unspecialized, as CPython does when
//! its version counters run out. A wrapped counter would instead hand out
//! a tag still recorded in some guard, and that guard would pass on a
//! state it never saw.
//!
//! Protocol of a type's tag: a reader (a specializer, the method cache)
//! reads the tag — assigning a fresh one with a compare-exchange when it
//! is 0 — *before* it looks the type's state up, and records the pair. A
//! writer invalidates the tag (stores 0), changes the state and
//! invalidates it again ([`VersionTag::change`]). A reader whose tag was
//! assigned before the second invalidation loses it there; one whose
//! compare-exchange read that second 0 synchronizes with it and sees the
//! whole change. So the tag a type holds is only ever recorded with the
//! state it names, and a guard on an invalidated tag misses for good
//! (model: `loom-tests/tests/version_races.rs`).

use crate::sync::{AtomicU32, AtomicU64, Ordering};

/// One source of version tags.
pub struct VersionCounter(AtomicU64);

impl VersionCounter {
    /// A source whose first tag is 1.
    #[cfg(not(loom))]
    pub const fn new() -> VersionCounter {
        VersionCounter(AtomicU64::new(1))
    }

    /// A source whose first tag is 1.
    #[cfg(loom)]
    pub fn new() -> VersionCounter {
        VersionCounter(AtomicU64::new(1))
    }

    /// A fresh tag, or 0 when the source is exhausted.
    #[inline(always)]
    pub fn next(&self) -> u32 {
        u32::try_from(self.0.fetch_add(1, Ordering::Relaxed)).unwrap_or(0)
    }

    /// Leaves `remaining` tags in this source (tests of the exhaustion
    /// path; never lowers the count, so no tag is handed out twice).
    pub fn leave_only(&self, remaining: u32) {
        let start = u32::MAX as u64 + 1 - remaining as u64;
        self.0.fetch_max(start, Ordering::Relaxed);
    }
}

impl Default for VersionCounter {
    fn default() -> Self {
        VersionCounter::new()
    }
}

/// Deliberately broken forms of the tag protocol, selected only by
/// `cfg(loom)` models ([`VersionTag::with_broken_twin`]) to show that the
/// models catch them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BrokenTwin {
    /// The protocol as it is.
    #[default]
    Sound,
    /// `assign` stores its fresh tag plainly instead of
    /// compare-exchanging it from 0, so it can land after a writer's
    /// second invalidation without having seen the change.
    UncheckedAssign,
    /// `change` invalidates only before the change, so a tag assigned
    /// while the change is under way stays valid with the old state.
    InvalidateOnlyBefore,
}

/// A type's version tag (0 = none: invalid, or never assigned).
pub struct VersionTag {
    tag: AtomicU32,
    #[cfg(loom)]
    twin: BrokenTwin,
}

impl VersionTag {
    /// No tag yet.
    #[cfg(not(loom))]
    pub const fn new() -> VersionTag {
        VersionTag {
            tag: AtomicU32::new(0),
        }
    }

    /// No tag yet.
    #[cfg(loom)]
    pub fn new() -> VersionTag {
        VersionTag::with_broken_twin(BrokenTwin::Sound)
    }

    /// `new`, with the protocol broken as `twin` says (model checks only).
    #[cfg(loom)]
    pub fn with_broken_twin(twin: BrokenTwin) -> VersionTag {
        VersionTag {
            tag: AtomicU32::new(0),
            twin,
        }
    }

    /// The protocol this tag runs: always [`BrokenTwin::Sound`] outside
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

    /// The current tag, 0 when invalid (a guard's load: Acquire, so a
    /// reader that finds a tag sees the state it was assigned for).
    #[inline(always)]
    pub fn current(&self) -> u32 {
        self.tag.load(Ordering::Acquire)
    }

    /// The current tag, assigning a fresh one from `source` if there is
    /// none: 0 only when the source is exhausted. Two threads assigning at
    /// once agree on one tag (the compare-exchange's loser takes the
    /// winner's).
    #[inline]
    pub fn assign(&self, source: &VersionCounter) -> u32 {
        let v = self.current();
        if v != 0 {
            return v;
        }
        self.assign_fresh(source)
    }

    /// The rare part of `assign`.
    #[cold]
    fn assign_fresh(&self, source: &VersionCounter) -> u32 {
        let fresh = source.next();
        if fresh == 0 {
            return 0;
        }
        if self.twin() == BrokenTwin::UncheckedAssign {
            self.tag.store(fresh, Ordering::Release);
            return fresh;
        }
        match self
            .tag
            .compare_exchange(0, fresh, Ordering::AcqRel, Ordering::Acquire)
        {
            Ok(_) => fresh,
            Err(other) => other,
        }
    }

    /// Invalidates the tag (alone: writers go through [`VersionTag::change`]).
    ///
    /// A swap rather than a Release store: under the C++ model a store
    /// would do (a compare-exchange that assigns after the change's second
    /// invalidation reads that store and synchronizes with it), but loom
    /// 0.7 lets a compare-exchange that follows two stores of 0 take its
    /// synchronization from the first one, and so reports the store form
    /// as a stale assignment. Invalidations are rare (a class change,
    /// already under stop-the-world), so the read-modify-write costs
    /// nothing that matters and keeps the model checking everything else.
    #[inline]
    pub fn invalidate(&self) {
        self.tag.swap(0, Ordering::AcqRel);
    }

    /// Runs `change` (a change of the state the tag names) between two
    /// invalidations of this tag and of its dependents (`invalidate_dependents`:
    /// a class's subclasses), and returns its result.
    pub fn change<R>(&self, invalidate_dependents: impl Fn(), change: impl FnOnce() -> R) -> R {
        self.invalidate();
        invalidate_dependents();
        let r = change();
        if self.twin() != BrokenTwin::InvalidateOnlyBefore {
            self.invalidate();
            invalidate_dependents();
        }
        r
    }
}

impl Default for VersionTag {
    fn default() -> Self {
        VersionTag::new()
    }
}

#[cfg(all(test, not(loom)))]
mod tests {
    use super::*;

    /// Started near its end, a source hands out its last tags once each
    /// and then only 0, never a tag it gave before.
    #[test]
    fn an_exhausted_source_hands_out_no_tag_twice() {
        let source = VersionCounter::new();
        let early: Vec<u32> = (0..3).map(|_| source.next()).collect();
        assert_eq!(early, [1, 2, 3]);
        source.leave_only(2);
        assert_eq!(source.next(), u32::MAX - 1);
        assert_eq!(source.next(), u32::MAX);
        for _ in 0..10 {
            let tag = source.next();
            assert!(!early.contains(&tag), "tag {tag} handed out twice");
            assert_eq!(tag, 0, "a tag after exhaustion");
        }
        // Lowering is refused: the count only grows.
        source.leave_only(100);
        assert_eq!(source.next(), 0);
    }

    /// A tag is assigned once, kept until a change, and a fresh one is
    /// assigned after it; an exhausted source leaves the type untagged.
    #[test]
    fn a_change_moves_the_tag_to_a_fresh_one() {
        let source = VersionCounter::new();
        let tag = VersionTag::new();
        assert_eq!(tag.current(), 0);
        let first = tag.assign(&source);
        assert_ne!(first, 0);
        assert_eq!(tag.assign(&source), first);
        let invalidated = std::cell::Cell::new(0);
        let r = tag.change(|| invalidated.set(invalidated.get() + 1), || tag.current());
        assert_eq!(r, 0, "invalid while the change is made");
        assert_eq!(
            invalidated.get(),
            2,
            "dependents invalidated before and after"
        );
        assert_eq!(tag.current(), 0);
        let second = tag.assign(&source);
        assert!(second > first);
        source.leave_only(0);
        tag.invalidate();
        assert_eq!(tag.assign(&source), 0);
    }
}
