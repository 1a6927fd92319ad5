//! Version tags: the process-wide sources of the 32-bit type, dict-keys
//! and code versions that specialized instructions record in their guard
//! words.
//!
//! A tag is never handed out twice. The count behind it is 64-bit, so it
//! cannot wrap; once the 2^32 - 1 nonzero tags of a source are used up,
//! the source hands out 0, the "no version" tag, for good: a guard never
//! records 0 (`specialize::pack` refuses it), so from then on the sites
//! those versions would guard stay unspecialized, as CPython does when
//! its version counters run out. A wrapped counter would instead hand out
//! a tag still recorded in some guard, and that guard would pass on a
//! state it never saw.

use std::sync::atomic::{AtomicU64, Ordering};

/// One source of version tags.
pub struct VersionCounter(AtomicU64);

impl VersionCounter {
    /// A source whose first tag is 1.
    pub const fn new() -> VersionCounter {
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

/// Type versions (`TypeData::assign_version`).
pub static TYPE_VERSIONS: VersionCounter = VersionCounter::new();
/// Dict keys and values versions (`dict::next_keys_version`).
pub static DICT_VERSIONS: VersionCounter = VersionCounter::new();
/// Code object versions (the initial version of the functions made from
/// them).
pub static CODE_VERSIONS: VersionCounter = VersionCounter::new();

/// Leaves `remaining` tags in each of the process's version sources:
/// for tests of what a long-running program meets when they run out
/// (the runtime must keep giving correct results, unspecialized).
#[doc(hidden)]
pub fn leave_only(remaining: u32) {
    for source in [&TYPE_VERSIONS, &DICT_VERSIONS, &CODE_VERSIONS] {
        source.leave_only(remaining);
    }
}

#[cfg(test)]
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
}
