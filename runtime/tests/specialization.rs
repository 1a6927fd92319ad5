//! Version-tag guards, end to end: a script runs an instruction hot,
//! changes the world, and runs it again; the output must be right, the
//! guard miss must show in `--stats=json`, and the site must specialize
//! again after its cooldown.

mod common;

use common::{run_with_stats, stat};

#[test]
fn type_version_guards_attribute_loads() {
    let (out, stats) = run_with_stats(
        "class P:\n    def __init__(self):\n        self.x = 1\n\ndef total(p, n):\n    s = 0\n    for _ in range(n):\n        s += p.x\n    return s\n\np = P()\nprint(total(p, 3000))\nP.x = property(lambda self: 10)\nprint(total(p, 3000))\n",
    );
    assert_eq!(out, "3000\n30000\n");
    assert!(stat(&stats, "LOAD_ATTR", "misses") > 0, "{stats}");
    assert!(stat(&stats, "LOAD_ATTR", "deopts") > 0, "{stats}");
}

#[test]
fn dict_keys_version_guards_global_loads() {
    let (out, stats) = run_with_stats(
        "K = 1\ndef f(n):\n    s = 0\n    for _ in range(n):\n        s += K\n    return s\nprint(f(3000))\ndel K\nK = 5\nprint(f(3000))\nglobals()['K'] = 7\nprint(f(3000))\n",
    );
    assert_eq!(out, "3000\n15000\n21000\n");
    assert!(stat(&stats, "LOAD_GLOBAL", "misses") > 0, "{stats}");
    assert!(stat(&stats, "LOAD_GLOBAL", "successes") >= 2, "{stats}");
}

#[test]
fn function_version_guards_calls() {
    let (out, stats) = run_with_stats(
        "def g(a, b=1):\n    return a + b\n\ndef h(a, b):\n    return a * b\n\ndef loop(fn, n):\n    s = 0\n    for i in range(n):\n        s += fn(i, 2)\n    return s\n\nprint(loop(g, 3000))\ng.__defaults__ = (5,)\nprint(loop(g, 3000))\nprint(loop(h, 3000))\n",
    );
    assert_eq!(out, "4504500\n4504500\n8997000\n");
    assert!(stat(&stats, "CALL", "misses") > 0, "{stats}");
    assert!(stat(&stats, "CALL", "successes") >= 2, "{stats}");
}

#[test]
fn builtins_keys_version_guards_builtin_loads() {
    // A builtin load hits on every execution after warmup, misses when a
    // module global shadows the builtin, and then specializes again.
    let (out, stats) = run_with_stats(
        "def f(n):\n    s = 0\n    for _ in range(n):\n        s += len('ab')\n    return s\nprint(f(3000))\nlen = lambda x: 5\nprint(f(3000))\n",
    );
    assert_eq!(out, "6000\n15000\n");
    let hits = stat(&stats, "LOAD_GLOBAL", "hits");
    assert!(hits >= 5900, "builtin loads should hit: {stats}");
    assert!(stat(&stats, "LOAD_GLOBAL", "misses") > 0, "{stats}");
    assert!(stat(&stats, "LOAD_GLOBAL", "successes") >= 2, "{stats}");
}

#[test]
fn instance_attribute_epoch_guards_polymorphic_sites() {
    // One load site and one store site see instances of two classes: while
    // no class makes `x`/`y` a data descriptor they hit for both (guarded
    // by the instance-attribute epoch); a property added to either class
    // moves the epoch, and the answers follow it.
    let (out, stats) = run_with_stats(
        "class A:\n    def __init__(self):\n        self.x = 1\n\nclass B:\n    def __init__(self):\n        self.x = 2\n\n\
def total(objs, n):\n    s = 0\n    for i in range(n):\n        o = objs[i % 2]\n        o.y = i\n        s += o.x\n    return s\n\n\
objs = [A(), B()]\nprint(total(objs, 3000), objs[0].y, objs[1].y)\n\
B.x = property(lambda self: 10)\nprint(total(objs, 3000))\n\
stored = []\nA.y = property(lambda self: -1, lambda self, v: stored.append(v))\nprint(total(objs, 4), objs[0].y, stored)\n",
    );
    assert_eq!(out, "4500 2998 2999\n16500\n22 -1 [0, 2]\n");
    assert!(stat(&stats, "LOAD_ATTR", "hits") >= 2900, "{stats}");
    assert!(stat(&stats, "STORE_ATTR", "hits") >= 2900, "{stats}");
    assert!(stat(&stats, "LOAD_ATTR", "misses") > 0, "{stats}");
    assert!(stat(&stats, "STORE_ATTR", "misses") > 0, "{stats}");
}

#[test]
fn values_version_guards_cached_global_values() {
    // LOAD_GLOBAL_MODULE caches the value itself under the namespace's
    // values version: rebinding a global (same keys) must be seen, and a
    // site in a namespace that keeps changing settles on the keys-guarded
    // variant instead of missing forever.
    let (out, stats) = run_with_stats(
        "K = 1\ndef f(n):\n    s = 0\n    for _ in range(n):\n        s += K\n    return s\nprint(f(3000))\nK = 5\nprint(f(3000))\n\
def churn(n):\n    global K\n    s = 0\n    for i in range(n):\n        K = i\n        s += K\n    return s\nprint(churn(3000))\n",
    );
    assert_eq!(out, "3000\n15000\n4498500\n");
    assert!(stat(&stats, "LOAD_GLOBAL", "misses") > 0, "{stats}");
    // Warm-up, one miss per rebinding of K in f, and a short settling
    // period in churn; everything else hits.
    assert!(stat(&stats, "LOAD_GLOBAL", "hits") >= 8700, "{stats}");
}

#[test]
fn type_version_guards_class_attribute_loads() {
    // LOAD_ATTR_CLASS caches `C.k` under C's type version: assigning the
    // attribute on C, or on a base of D, must be seen.
    let (out, stats) = run_with_stats(
        "class C:\n    k = 3\n\nclass D(C):\n    pass\n\n\
def f(cls, n):\n    s = 0\n    for _ in range(n):\n        s += cls.k\n    return s\n\n\
print(f(C, 3000))\nC.k = 4\nprint(f(C, 3000))\nprint(f(D, 3000))\nC.k = 10\nprint(f(D, 3000))\n",
    );
    assert_eq!(out, "9000\n12000\n12000\n30000\n");
    assert!(stat(&stats, "LOAD_ATTR", "misses") >= 3, "{stats}");
    assert!(stat(&stats, "LOAD_ATTR", "hits") >= 11000, "{stats}");
}

#[test]
fn method_cache_follows_class_changes() {
    // Special-method lookups (`b + b`, `bool(b)`) go through each thread's
    // method cache; every change to a class or a base must be seen at
    // once: replacing, adding and deleting the method, and `__bases__`.
    let (out, _stats) = run_with_stats(
        "class A:\n    def __add__(self, o):\n        return 1\nclass C:\n    def __add__(self, o):\n        return 4\nclass B(A):\n    pass\nb = B()\n\ndef add(n):\n    return sorted({b + b for _ in range(n)})\n\nprint(add(300))\nA.__add__ = lambda self, o: 2\nprint(add(300))\nB.__add__ = lambda self, o: 3\nprint(add(300))\ndel B.__add__\nprint(add(300))\nB.__bases__ = (C,)\nprint(add(300))\nB.__bool__ = lambda self: False\nprint(bool(b), [bool(b) for _ in range(3)])\n",
    );
    assert_eq!(
        out,
        "[1]\n[2]\n[3]\n[2]\n[4]\nFalse [False, False, False]\n"
    );
}

#[test]
fn alloc_and_enter_init_follows_the_class() {
    // Instantiation sites hit ALLOC_AND_ENTER_INIT's direct path (default
    // `__new__`, Python `__init__` taking exactly the arguments) and leave
    // it for every other shape; replacing `__init__`, an `__init__` that
    // returns a value, a user `__new__`, defaults and a built-in base all
    // behave as in CPython.
    let (out, stats) = run_with_stats(
        "class P:\n    def __init__(self, x):\n        self.x = x\n\ndef make(cls, n):\n    return [cls(i).x for i in range(n)][-1]\n\nprint(make(P, 300))\nP.__init__ = lambda self, x: setattr(self, \"x\", -x)\nprint(make(P, 300))\ndef bad(self, x):\n    self.x = x\n    return 5\nP.__init__ = bad\ntry:\n    make(P, 300)\nexcept TypeError as e:\n    print(\"TypeError:\", e)\nclass Q(P):\n    def __new__(cls, x):\n        o = object.__new__(cls)\n        o.y = 7\n        return o\n    def __init__(self, x):\n        self.x = x * 2\nprint(make(Q, 300), Q(1).y)\nclass R:\n    def __init__(self, x, y=3):\n        self.x = x + y\nprint(make(R, 300))\nclass L(list):\n    def __init__(self, x):\n        super().__init__([x])\n        self.x = x\nprint(make(L, 300), L(4))\n",
    );
    assert_eq!(
        out,
        "299\n-299\nTypeError: __init__() should return None, not 'int'\n598 7\n302\n299 [4]\n"
    );
    assert!(stat(&stats, "CALL", "hits") > 1000, "{stats}");
}
