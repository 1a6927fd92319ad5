//! What a long-running program meets when the version tags run out: the
//! type, dict and code version sources are left with a few tags, the
//! program goes on defining classes, writing module globals and calling
//! functions past that point, and every result stays exact (the sites
//! that would need a fresh version stay unspecialized). A test binary of
//! its own, so the exhausted sources of this process touch no other test.

use weft::{Runtime, RuntimeOptions};

const SCRIPT: &str = "
class A:
    def __init__(self, v):
        self.x = v
        self.y = -v

def read_x(objs):
    total = 0
    for o in objs:
        total += o.x
    return total

counter = 0
def bump(n):
    global counter
    for _ in range(n):
        counter += 1
    return counter

def make_and_read(n):
    class B:
        def __init__(self, v):
            self.y = v * 100
            self.x = v * 3
    objs = [A(i) for i in range(n)] + [B(i) for i in range(n)]
    return read_x(objs) + read_x(objs)

def read_x_of_a(o):
    return o.x

def read_x_of_b(o):
    return o.x

def probe(rounds):
    # read_x_of_a is specialized for A (x first in its instances); each
    # round makes a class whose instances hold x second, has another site
    # give it a version, and asks read_x_of_a: a guard that passed on a
    # reused version would read the wrong slot.
    for _ in range(4):
        read_x_of_a(A(5))
    wrong = 0
    for _ in range(rounds):
        class C:
            def __init__(self):
                self.y = 100
                self.x = 3
        c = C()
        for _ in range(3):
            read_x_of_b(c)
        if read_x_of_a(c) != 3:
            wrong += 1
    return wrong

def shadowed():
    return len([1, 2, 3])

def shadow_len():
    global len
    len = lambda s: -1
    return shadowed()
";

#[test]
fn results_stay_exact_after_the_versions_run_out() {
    let rt = Runtime::new(RuntimeOptions::default());
    let m = rt.load_module("long_running", SCRIPT).unwrap();
    let before: i64 = m.call("make_and_read", (200,)).unwrap();
    assert_eq!(before, 2 * (199 * 200 / 2 + 3 * 199 * 200 / 2));
    assert_eq!(m.call::<_, i64>("shadowed", ()).unwrap(), 3);
    assert_eq!(m.call::<_, i64>("bump", (1000,)).unwrap(), 1000);

    assert_eq!(m.call::<_, i64>("probe", (50,)).unwrap(), 0);

    weft::versions::leave_only(8);

    // Classes made after exhaustion are never taken for earlier ones.
    assert_eq!(m.call::<_, i64>("probe", (3000,)).unwrap(), 0);

    // Past exhaustion: new classes, new code objects, global writes.
    for round in 1..=5 {
        let again: i64 = m.call("make_and_read", (200,)).unwrap();
        assert_eq!(again, before, "round {round}");
        let bumped: i64 = m.call("bump", (1000,)).unwrap();
        assert_eq!(bumped, 1000 * (round + 1));
    }
    assert_eq!(m.call::<_, i64>("shadowed", ()).unwrap(), 3);
    assert_eq!(m.call::<_, i64>("shadow_len", ()).unwrap(), -1);
    assert_eq!(m.call::<_, i64>("shadowed", ()).unwrap(), -1);
}
