//! The single-thread phase and its end, in a process of their own (the
//! phase is process-wide): object locks taken plainly before the first
//! thread starts still exclude threads started while they are held, and
//! after the switch locks and reference counts are exact under contention.

use std::sync::Arc;
use std::time::Duration;
use weft::objlock::ObjMutex;

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
