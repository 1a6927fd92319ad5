//! Reference counts stay exact across the command line's switch from plain
//! (single-thread) count updates to atomic ones when the first thread
//! starts: four threads and the main thread clone and drop references to
//! one mortal object, and `sys.getrefcount` must come back to where it was.

mod common;

use std::time::Duration;

const SCRIPT: &str = r#"
import sys, threading

def main():
    # Before any thread: plain count updates.
    first = [1, 2, 3]
    base = sys.getrefcount(first)
    holders = [first for _ in range(1000)]
    assert sys.getrefcount(first) == base + 1000, (sys.getrefcount(first), base)
    del holders

    # Threads start (module data reachable then is frozen), then take a
    # mortal object made afterwards and clone and drop it many times.
    box = []
    go = threading.Event()

    def work(n):
        go.wait()
        obj = box[0]
        keep = []
        for i in range(n):
            keep.append(obj)
            x = obj
            if i % 2:
                keep.pop()
        del keep, x, obj

    ts = [threading.Thread(target=work, args=(100000,)) for _ in range(4)]
    for t in ts:
        t.start()
    obj = [4, 5, 6]
    base = sys.getrefcount(obj)
    assert base < 1000, "the object must be mortal for this test to mean anything"
    box.append(obj)
    go.set()
    holders = []
    for i in range(100000):
        holders.append(obj)
        holders.pop()
    for t in ts:
        t.join()
    print("refcount", sys.getrefcount(obj) - base)

main()
"#;

#[test]
fn counts_stay_exact_when_threads_start() {
    let dir = std::env::temp_dir().join(format!("weft-refcounts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("refcounts.py"), SCRIPT).unwrap();
    for round in 0..3 {
        let out = common::run_weft(&["run", "refcounts.py"], &dir, Duration::from_secs(120));
        assert!(!out.timed_out, "round {round}: timed out");
        assert_eq!(
            common::last_line(&out.stdout),
            "refcount 1", // `box` still holds it, as in CPython
            "round {round}: stderr {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(out.status, Some(0));
    }
    let _ = std::fs::remove_dir_all(&dir);
}
