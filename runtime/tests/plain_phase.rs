//! The single-thread phase and its end, in a process of their own (the
//! phase is process-wide): object locks taken plainly before the first
//! thread starts still exclude threads started while they are held, and
//! after the switch locks and reference counts are exact under contention.

use std::sync::Arc;
use std::time::Duration;
use weft::object::Object;
use weft::objlock::ObjMutex;
use weft::value::ObjRef;

#[test]
fn a_plain_hold_excludes_threads_started_during_it_and_locks_stay_exact_after() {
    // SAFETY: this test binary has a single test, and until
    // `threads_may_start` below only this thread touches the locks.
    unsafe { weft::value::assume_single_thread_counts() };

    // Plain phase: lock and try_lock behave as a mutex on one thread.
    let m = Arc::new(ObjMutex::new((false, 0u64)));
    {
        let mut g = m.lock();
        assert!(m.is_locked());
        assert!(
            m.try_lock().is_none(),
            "a held lock must not be taken again"
        );
        g.1 += 1;
        // SAFETY: the pointer is not used.
        let unlocked = unsafe { weft::objlock::unlocked_contents(&m) };
        assert!(
            unlocked.is_none(),
            "contents reached without the lock while it is held"
        );
    }
    assert!(!m.is_locked());
    // SAFETY: read at once, with no lock taken meanwhile.
    let unlocked = unsafe { weft::objlock::unlocked_contents(&m) };
    assert_eq!(unlocked.map(|p| unsafe { p.as_ref().1 }), Some(1));

    // Plain phase: an immortal object's count moves with its clones and
    // drops (no test of the immortal bit there) but never reaches zero,
    // even when the object became immortal while references to it lived
    // and all of them are dropped.
    let marker = Arc::new(());
    let object = || Object::native_for_tests(Box::new(marker.clone()));
    let first = ObjRef::new(object());
    let others: Vec<ObjRef> = (0..3).map(|_| first.clone()).collect();
    first.make_immortal();
    let at_immortal = first.ref_count();
    let clones: Vec<ObjRef> = (0..100).map(|_| first.clone()).collect();
    assert_eq!(first.ref_count(), at_immortal + 100, "plain counting moves");
    drop(clones);
    drop(others);
    drop(first);
    assert_eq!(
        Arc::strong_count(&marker),
        2,
        "an immortal object was freed"
    );
    // A mortal one is still freed by its last plain drop.
    let mortal = ObjRef::new(object());
    let second = mortal.clone();
    drop(mortal);
    assert_eq!(Arc::strong_count(&marker), 3);
    drop(second);
    assert_eq!(
        Arc::strong_count(&marker),
        2,
        "a mortal object was not freed"
    );
    // Kept into the threaded phase (below).
    let immortal = ObjRef::new(object());
    immortal.make_immortal();
    let kept_from_before = immortal.clone();

    // A hold taken plainly, then threads start while it is held.
    let mut held = m.lock();
    weft::value::threads_may_start();
    let other = ObjMutex::new(0u64);
    // SAFETY: the pointer is not used.
    let unlocked = unsafe { weft::objlock::unlocked_contents(&other) };
    assert!(
        unlocked.is_none(),
        "contents reached without the lock after threads may start"
    );
    let waiters: Vec<_> = (0..2)
        .map(|_| {
            let m = m.clone();
            std::thread::spawn(move || {
                let g = m.lock();
                assert!(g.0, "entered while the plain hold was still held");
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(100));
    held.0 = true;
    drop(held);
    for w in waiters {
        w.join().unwrap();
    }

    // After the switch: an immortal object's count is not written, and a
    // reference cloned plainly but dropped now leaves it immortal.
    let at_switch = immortal.ref_count();
    let handles: Vec<_> = (0..2)
        .map(|_| {
            let r = kept_from_before.clone();
            std::thread::spawn(move || {
                for _ in 0..10_000 {
                    drop(r.clone());
                }
                drop(r);
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
    drop(kept_from_before);
    assert_eq!(
        immortal.ref_count(),
        at_switch,
        "an immortal count was written"
    );
    assert!(immortal.is_immortal());

    // After the switch: contended increments are exact.
    let workers: Vec<_> = (0..4)
        .map(|_| {
            let m = m.clone();
            std::thread::spawn(move || {
                for _ in 0..20_000 {
                    m.lock().1 += 1;
                }
            })
        })
        .collect();
    for w in workers {
        w.join().unwrap();
    }
    assert_eq!(m.lock().1, 1 + 4 * 20_000);
}
