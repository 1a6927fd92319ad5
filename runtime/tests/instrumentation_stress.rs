//! Stress beyond loom's reach: worker threads run real bytecode (a hot
//! loop calling a function and a method of a class) through the eval loop
//! while one thread keeps switching a `sys.monitoring` LINE/CALL tool on
//! and off and another keeps replacing the class's method (a class change:
//! stop-the-world, type version invalidation, respecialization of the
//! workers' `LOAD_ATTR`/`CALL` sites). Both switchers publish a phase
//! word around each change (odd while the change is under way, even once
//! it returned), and a worker checks every call that ran wholly inside
//! one stable phase: its result is exact for the method of that phase,
//! and its events are exactly the reference count (measured once, single
//! threaded) when the tool was on and none when it was off, so a lost or
//! stale instrumentation and a stale specialization each fail the run.
//! The script also requires enough calls of each kind to have been
//! checked, so a run cannot pass by checking nothing.

mod common;

use common::run_weft;
use std::time::Duration;

const SCRIPT: &str = r#"
import sys
import threading
import time

mon = sys.monitoring
EV = mon.events
TOOL = 4
WORKERS = int(sys.argv[1])
CALLS = int(sys.argv[2])
SIZE = 12

tls = threading.local()


def on_line(code, line_number):
    if code.co_name == "measured" or code.co_name == "step":
        tls.lines += 1


def on_call(code, offset, callable_obj, arg0):
    if code.co_name == "measured":
        tls.calls += 1


class Shape:
    def __init__(self, w, h):
        self.w = w
        self.h = h

    def area(self):
        return self.w * self.h


# The methods the mutator installs in turn: each gives a different result,
# so a call that ran a stale specialization gets a wrong total.
def area_0(self):
    return self.w * self.h


def area_1(self):
    return self.w * self.h + 1


def area_2(self):
    return (self.w + self.h) * 2


AREAS = [area_0, area_1, area_2]


def step(i):
    return i & 3


def measured(shape, n):
    t = 0
    for i in range(n):
        t += step(i) + shape.area()
    return t


def expected(shape, k, n):
    return sum(i & 3 for i in range(n)) + n * AREAS[k](shape)


# Reference counts of one measured call, single threaded.
tls.lines = tls.calls = 0
mon.use_tool_id(TOOL, "stress")
mon.register_callback(TOOL, EV.LINE, on_line)
mon.register_callback(TOOL, EV.CALL, on_call)
probe = Shape(3, 4)
for _ in range(50):
    measured(probe, SIZE)                # warm: specialized before tracing
mon.set_events(TOOL, EV.LINE | EV.CALL)
tls.lines = tls.calls = 0
measured(probe, SIZE)
REF = (tls.lines, tls.calls)
mon.set_events(TOOL, 0)
assert REF[0] > 0 and REF[1] == 2 * SIZE + 1, REF

# phase[0]: the monitoring phase, 4k: off, 4k+1: turning on, 4k+2: on,
# 4k+3: turning off. phase[1]: the class phase, 2k: method AREAS[k % 3]
# installed, odd: being replaced.
phase = [0, 0]
Shape.area = area_0
stop = threading.Event()


def toggler():
    while not stop.is_set():
        phase[0] += 1
        mon.set_events(TOOL, EV.LINE | EV.CALL)
        phase[0] += 1
        time.sleep(0.002)
        phase[0] += 1
        mon.set_events(TOOL, 0)
        phase[0] += 1
        time.sleep(0.002)


def mutator():
    k = 0
    while not stop.is_set():
        phase[1] += 1
        k += 1
        Shape.area = AREAS[k % 3]
        phase[1] += 1
        time.sleep(0.003)


checked = [None] * WORKERS


def worker(idx):
    tls.lines = tls.calls = 0
    shape = Shape(idx + 2, idx + 5)
    on = off = exact = 0
    for _ in range(CALLS):
        m1 = phase[0]
        c1 = phase[1]
        tls.lines = tls.calls = 0
        r = measured(shape, SIZE)
        seen = (tls.lines, tls.calls)
        c2 = phase[1]
        m2 = phase[0]
        if c1 == c2 and c1 % 2 == 0:
            want = expected(shape, (c1 // 2) % 3, SIZE)
            assert r == want, ("stale method", idx, r, want, c1)
            exact += 1
        if m1 == m2 and m1 % 4 == 2:
            assert seen == REF, ("events lost while on", idx, seen, REF, m1)
            on += 1
        elif m1 == m2 and m1 % 4 == 0:
            assert seen == (0, 0), ("events while off", idx, seen, m1)
            off += 1
    checked[idx] = (on, off, exact)


threads = [threading.Thread(target=worker, args=(i,)) for i in range(WORKERS)]
switchers = [threading.Thread(target=toggler), threading.Thread(target=mutator)]
for t in switchers + threads:
    t.start()
for t in threads:
    t.join()
stop.set()
for t in switchers:
    t.join()
mon.set_events(TOOL, 0)
mon.free_tool_id(TOOL)

total = [sum(c[j] for c in checked) for j in range(3)]
assert all(c is not None for c in checked), checked
assert total[0] >= 10 and total[1] >= 10 and total[2] >= 10 * WORKERS, total
print("ok", WORKERS, file=sys.stdout)
print("checked (on, off, exact):", total, file=sys.stderr)
"#;

#[test]
fn instrumentation_and_class_changes_race_running_bytecode() {
    let dir = std::env::temp_dir().join(format!("weft-instr-stress-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("instr_stress.py"), SCRIPT).unwrap();
    for round in 0..8 {
        let workers = [3, 4, 2][round % 3].to_string();
        let o = run_weft(
            &["run", "instr_stress.py", &workers, "1500"],
            &dir,
            Duration::from_secs(120),
        );
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert!(!o.timed_out, "round {round} hung");
        assert_eq!(o.status, Some(0), "round {round}: {stderr}");
        assert_eq!(
            String::from_utf8_lossy(&o.stdout).trim(),
            format!("ok {workers}"),
            "round {round}: {stderr}"
        );
        eprintln!("round {round}: {}", stderr.trim());
    }
    let _ = std::fs::remove_dir_all(&dir);
}
