//! Version tags: the process-wide sources of the 32-bit type, dict-keys
//! and code versions that specialized instructions record in their guard
//! words. The sources and a type's tag ([`VersionTag`]: assignment and
//! invalidation) are `weft_kernels::versions`, model-checked by loom.
//!
//! A tag is never handed out twice. The count behind it is 64-bit, so it
//! cannot wrap; once the 2^32 - 1 nonzero tags of a source are used up,
//! the source hands out 0, the "no version" tag, for good: a guard never
//! records 0 (`specialize::pack` refuses it), so from then on the sites
//! those versions would guard stay unspecialized, as CPython does when
//! its version counters run out. A wrapped counter would instead hand out
//! a tag still recorded in some guard, and that guard would pass on a
//! state it never saw.

pub use weft_kernels::versions::{VersionCounter, VersionTag};

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
