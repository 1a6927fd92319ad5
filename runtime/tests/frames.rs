//! Frame storage (`framestore`): call chains deeper than a thread's arena
//! (frames spill to the heap and come back), exceptions unwinding through
//! many frames, and generator frames (moved to the heap) created on one
//! thread and resumed on others — each checked against the answer CPython
//! gives.

mod common;

use common::run_weft;
use std::time::Duration;

const SCRIPT: &str = r#"
import sys
import threading
sys.setrecursionlimit(20000)

def deep(n, a=1, b=2, c=3, d=4, e=5, f=6, g=7, h=8, i=9, j=10, k=11, l=12):
    # 13 locals and a few stack slots a frame: 8000 frames pass the
    # arena's 65536 slots.
    if n == 0:
        return a + b + c + d + e + f + g + h + i + j + k + l
    return deep(n - 1, a, b, c, d, e, f, g, h, i, j, k, l) + 1

print(deep(8000))
print(deep(10))

def fail(n):
    if n == 0:
        raise ValueError("bottom")
    x = [n] * 3
    return fail(n - 1) + x[0]

for depth in (10, 7000, 10):
    try:
        fail(depth)
    except ValueError as err:
        print("caught", err, depth)

def gen(n):
    total = 0
    for i in range(n):
        got = yield i * i
        total += got or 0
    return total

gens = [gen(50) for _ in range(8)]
for g in gens:
    next(g)
results = []
lock = threading.Lock()

def drive(g):
    try:
        while True:
            g.send(1)
    except StopIteration as stop:
        with lock:
            results.append(stop.value)

threads = [threading.Thread(target=drive, args=(g,)) for g in gens]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(sorted(results))
print(deep(6000) + deep(20))
"#;

#[test]
fn deep_chains_exceptions_and_migrating_generators() {
    let dir = std::env::temp_dir().join(format!("weft-frames-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let script = dir.join("frames.py");
    std::fs::write(&script, SCRIPT).expect("write script");
    let out = run_weft(
        &["run", script.to_str().expect("utf-8 path")],
        &dir,
        Duration::from_secs(120),
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status,
        Some(0),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let expected = "8078\n88\ncaught bottom 10\ncaught bottom 7000\ncaught bottom 10\n\
                    [50, 50, 50, 50, 50, 50, 50, 50]\n6176\n";
    assert_eq!(stdout, expected);
    let _ = std::fs::remove_dir_all(&dir);
}
