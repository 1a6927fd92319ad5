//! Stress: 4 to 8 threads hammer one shared list, dict, set and instance
//! with mixed operations while another thread adds and removes class
//! attributes, rebinds globals and replaces methods; each run checks its
//! invariants (no lost append, counts, membership) and is repeated so
//! that a rare interleaving has a real chance to show.

mod common;

use common::run_weft;
use std::time::Duration;

const SCRIPT: &str = r#"
import sys
import threading

THREADS = int(sys.argv[1])
N = 3000

shared_list = []
shared_dict = {}
shared_set = set()
lock = threading.Lock()
counter = [0]

class Box:
    def __init__(self):
        self.hits = 0
    def bump(self):
        return 1

box = Box()
SCALE = 1
stop = threading.Event()

def mutator():
    i = 0
    global SCALE
    while not stop.is_set():
        Box.extra = i
        if i % 2:
            del Box.extra
        Box.bump = (lambda self: 1) if i % 3 else (lambda self: 1)
        SCALE = 1
        i += 1

def worker(tid):
    local = 0
    for i in range(N):
        shared_list.append((tid, i))
        shared_dict[(tid, i)] = i
        shared_set.add(tid * N + i)
        local += box.bump() * SCALE
        if i % 7 == 0:
            shared_dict.pop((tid, i))
            shared_set.discard(tid * N + i)
        with lock:
            counter[0] += 1
    return local

results = [0] * THREADS
def run(tid):
    results[tid] = worker(tid)

m = threading.Thread(target=mutator)
m.start()
ts = [threading.Thread(target=run, args=(t,)) for t in range(THREADS)]
for t in ts:
    t.start()
for t in ts:
    t.join()
stop.set()
m.join()

removed = len(range(0, N, 7))
assert len(shared_list) == THREADS * N, len(shared_list)
for tid in range(THREADS):
    mine = [i for (t, i) in shared_list if t == tid]
    assert mine == list(range(N)), "per-thread order lost"
assert len(shared_dict) == THREADS * (N - removed), len(shared_dict)
assert len(shared_set) == THREADS * (N - removed), len(shared_set)
assert counter[0] == THREADS * N
assert results == [N] * THREADS, results
print("ok", THREADS)
"#;

#[test]
fn shared_containers_survive_concurrent_mutation() {
    let dir = std::env::temp_dir().join(format!("weft-stress-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("stress.py"), SCRIPT).unwrap();
    for round in 0..20 {
        let threads = [4, 8, 6][round % 3].to_string();
        let o = run_weft(
            &["run", "stress.py", &threads],
            &dir,
            Duration::from_secs(120),
        );
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert!(!o.timed_out, "round {round} hung");
        assert_eq!(o.status, Some(0), "round {round}: {stderr}");
        assert_eq!(
            String::from_utf8_lossy(&o.stdout).trim(),
            format!("ok {threads}")
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
