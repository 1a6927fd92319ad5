//! Model checks (run with `RUSTFLAGS="--cfg loom --cfg crossbeam_loom"`) of a type's version
//! tag (`weft_kernels::versions::VersionTag`, the runtime's
//! `TypeData::version`): two threads assign a version to one type and
//! record it with the type's state (as a specializer records a guard and
//! the descriptor it found, or the method cache an entry), reading the
//! version first, while a third changes the state through
//! `VersionTag::change`. The state here is one atomic word, read with
//! Acquire and written with Release, as a class dict's read view is.
//! Each broken twin (`weft_kernels::versions::BrokenTwin`) is shown to be
//! caught.

#![cfg(loom)]

use loom::sync::atomic::{AtomicU64, Ordering};
use loom::sync::Arc;
use loom::thread;
use weft_kernels::versions::{BrokenTwin, VersionCounter, VersionTag};

/// The type's state before and after the change.
const OLD: u64 = 1;
const NEW: u64 = 2;

/// What a reader records: the version (assigned if need be) read before
/// the state.
fn record(tag: &VersionTag, source: &VersionCounter, state: &AtomicU64) -> (u32, u64) {
    let version = tag.assign(source);
    (version, state.load(Ordering::Acquire))
}

fn assigners_against_a_change(twin: BrokenTwin) {
    loom::model(move || {
        let source = Arc::new(VersionCounter::new());
        let tag = Arc::new(VersionTag::with_broken_twin(twin));
        let state = Arc::new(AtomicU64::new(OLD));
        let first = tag.assign(&source);
        assert_ne!(first, 0);
        let readers: Vec<_> = (0..2)
            .map(|_| {
                let (tag, source, state) = (tag.clone(), source.clone(), state.clone());
                thread::spawn(move || record(&tag, &source, &state))
            })
            .collect();
        tag.change(|| {}, || state.store(NEW, Ordering::Release));
        let recorded: Vec<(u32, u64)> = readers.into_iter().map(|r| r.join().unwrap()).collect();
        let current = tag.current();
        assert_ne!(current, first, "a guard on the invalidated version passes");
        for &(version, seen) in &recorded {
            if version != 0 && version == current {
                assert_eq!(
                    seen, NEW,
                    "a stale state recorded under the type's current version {version}"
                );
            }
        }
        if let [(a, sa), (b, sb)] = recorded[..] {
            if a == b && a == current && a != 0 {
                assert_eq!(sa, sb, "two type states share version {a}");
            }
        }
    });
}

#[test]
fn a_current_version_names_one_state() {
    assigners_against_a_change(BrokenTwin::Sound);
}

/// Broken twin: the fresh version is stored plainly, landing after the
/// change's second invalidation without having synchronized with it.
#[test]
#[should_panic(expected = "a stale state recorded under the type's current version")]
fn version_twin_unchecked_assign() {
    assigners_against_a_change(BrokenTwin::UncheckedAssign);
}

/// Broken twin: the change invalidates only before it is made, so a
/// version assigned meanwhile stays valid with the old state.
#[test]
#[should_panic(expected = "a stale state recorded under the type's current version")]
fn version_twin_invalidate_only_before() {
    assigners_against_a_change(BrokenTwin::InvalidateOnlyBefore);
}
