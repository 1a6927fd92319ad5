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

/// Frame objects read the running frames through each thread's chain of
/// frame links (`Vm::with_running_frames`): chains deeper than the arena
/// (frames spilled to the heap), walked on four threads at once, after
/// other chains have come and gone, and generator frames resumed on other
/// threads; every walk must see exactly its own live frames.
const RUNNING_FRAMES_SCRIPT: &str = r#"
import sys
import threading
sys.setrecursionlimit(20000)

def chain_names():
    names = []
    f = sys._getframe()
    while f is not None:
        names.append(f.f_code.co_name)
        f = f.f_back
    return names

def deep(n, tag):
    mine = tag
    if n == 0:
        names = chain_names()
        caller = sys._getframe(1)
        return names.count("deep"), caller.f_locals["mine"], caller.f_locals["n"]
    return deep(n - 1, tag)

def fail(n, tag):
    mine = tag
    if n == 0:
        raise KeyError(tag)
    return fail(n - 1, tag)

def traceback_depth(n, tag):
    try:
        fail(n, tag)
    except KeyError as e:
        tb = e.__traceback__
        count = 0
        tags = set()
        while tb is not None:
            count += 1
            tags.add(tb.tb_frame.f_locals.get("mine"))
            tb = tb.tb_next
        return count, sorted(t for t in tags if t is not None)

def gen(tag):
    here = tag
    while True:
        frame = sys._getframe()
        yield frame.f_back.f_code.co_name, frame.f_locals["here"]

bad = []
start = threading.Barrier(4)

def worker(n):
    tag = "w%d" % n
    start.wait()
    for depth in (5, 7000, 3, 6000):
        got = deep(depth, tag)
        if got != (depth + 1, tag, 1):
            bad.append((tag, depth, got))
        got = traceback_depth(depth, tag)
        if got != (depth + 2, [tag]):
            bad.append((tag, "tb", depth, got))

gens = [gen("g%d" % i) for i in range(4)]
for g in gens:
    next(g)

def drive(g, i):
    for _ in range(50):
        who, here = g.send(None)
        if (who, here) != ("drive", "g%d" % i):
            bad.append((who, here))
        frame = g.gi_frame
        if frame.f_back is not None or frame.f_locals["here"] != "g%d" % i:
            bad.append(("suspended", i))

threads = [threading.Thread(target=worker, args=(n,)) for n in range(4)]
threads += [threading.Thread(target=drive, args=(g, i)) for i, g in enumerate(gens)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print("bad", bad)
print(deep(8000, "main"))
"#;

#[test]
fn running_frames_are_live() {
    let dir = std::env::temp_dir().join(format!("weft-running-frames-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let script = dir.join("running_frames.py");
    std::fs::write(&script, RUNNING_FRAMES_SCRIPT).expect("write script");
    for flags in [&[][..], &["--no-specialize"][..]] {
        let mut args = vec!["run"];
        args.extend_from_slice(flags);
        args.push(script.to_str().expect("utf-8 path"));
        let out = run_weft(&args, &dir, Duration::from_secs(180));
        assert_eq!(
            out.status,
            Some(0),
            "stderr: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        // What python3.11 prints for the script.
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            "bad []\n(8001, 'main', 1)\n"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
