//! The specialized variants of CALL, LOAD_ATTR, STORE_ATTR and BINARY_OP,
//! end to end: for each, a script runs a site hot, shows with
//! `dis.dis(f, adaptive=True)` that the variant was chosen, checks the
//! answer, changes the world so that the variant's guard fails (rebinding
//! a builtin, replacing a property, assigning `__getitem__`, ...), and
//! checks the answer again; the miss must show in `--stats=json`.
//! Expected answers are CPython 3.12's.

mod common;

use common::{run_with_stats, stat};

/// Runs a script made of `setup` (defining `f`), a hot phase printing
/// `before: ...`, the adaptive disassembly of `f`, then `change` and an
/// `after: ...` phase (both phases evaluate `probe`, an expression, 300
/// times through `f`). Checks both answers, that `variant` was in `f`'s
/// code before the change, and that `family` missed afterwards.
fn check(
    setup: &str,
    probe: &str,
    change: &str,
    variant: &str,
    family: &str,
    before: &str,
    after: &str,
) {
    let src = format!(
        "import dis\n{setup}\n\
def run():\n    r = None\n    for _ in range(300):\n        r = {probe}\n    return r\n\n\
print('before:', run())\ndis.dis(f, adaptive=True)\n{change}\nprint('after:', run())\n"
    );
    let (out, stats) = run_with_stats(&src);
    let (hot, rest) = out
        .split_once("\nafter: ")
        .unwrap_or_else(|| panic!("no after phase in:\n{out}"));
    assert!(
        hot.starts_with(&format!("before: {before}\n")),
        "before phase of {variant}:\n{out}"
    );
    assert!(
        hot.lines()
            .any(|l| l.split_whitespace().nth(1) == Some(variant)
                || l.split_whitespace().nth(2) == Some(variant)),
        "{variant} not chosen:\n{hot}"
    );
    assert_eq!(rest.trim_end(), after, "after phase of {variant}:\n{out}");
    assert!(stat(&stats, family, "hits") >= 250, "{variant}: {stats}");
    assert!(stat(&stats, family, "misses") > 0, "{variant}: {stats}");
}

// ----- CALL ---------------------------------------------------------------

#[test]
fn call_py_general_defaults_varargs_kwonly() {
    check(
        "def g(a, b=2, *rest, k=3):\n    return a + b + k + len(rest)\n\ndef f(x):\n    return g(x) + g(x, 1, 9, 9)\n",
        "f(1)",
        "g.__defaults__ = (10,)",
        "CALL_PY_GENERAL",
        "CALL",
        "13",
        "21",
    );
}

#[test]
fn call_py_general_generator() {
    check(
        "def gen(n):\n    yield n\n    yield n + 1\n\ndef f(x):\n    return sum(gen(x))\n",
        "f(4)",
        "def gen(n):\n    yield n * 10",
        "CALL_PY_GENERAL",
        "CALL",
        "9",
        "40",
    );
}

#[test]
fn call_bound_method_general() {
    check(
        "class C:\n    def m(self, a, b=5):\n        return a + b\n\nc = C()\nbm = c.m\n\ndef f(x):\n    return bm(x)\n",
        "f(1)",
        "C.m.__defaults__ = (50,)",
        "CALL_BOUND_METHOD_GENERAL",
        "CALL",
        "6",
        "51",
    );
}

#[test]
fn call_bound_method_exact_args_with_exit() {
    // `with` calls the bound `__exit__` with its first argument in the
    // `self|null` slot: the receiver goes before it.
    check(
        "class CM:\n    def __init__(self):\n        self.n = 0\n    def __enter__(self):\n        self.n += 1\n        return self\n    def __exit__(self, t, v, tb):\n        self.n += 10\n\ncm = CM()\n\ndef f(cm):\n    with cm:\n        pass\n    return cm.n\n",
        "f(cm)",
        "def ex(self, t, v, tb, extra=100):\n    self.n += extra\nCM.__exit__ = ex",
        "CALL_BOUND_METHOD_EXACT_ARGS",
        "CALL",
        "3300",
        "33600",
    );
}

#[test]
fn call_builtin_fast_with_keywords_with_exit() {
    check(
        "import threading\nlock = threading.Lock()\ncount = [0]\nclass Counting:\n    def __enter__(self):\n        return self\n    def __exit__(self, t, v, tb):\n        count[0] += 1\n\ndef f():\n    with lock:\n        pass\n    return count[0] + lock.locked()\n",
        "f()",
        "lock = Counting()\nlock.locked = lambda: 1000",
        "CALL_BUILTIN_FAST_WITH_KEYWORDS",
        "CALL",
        "0",
        "1300",
    );
}

#[test]
fn call_builtin_o() {
    check(
        "def f(x):\n    return abs(x)\n",
        "f(-3)",
        "abs = lambda x: 'shadowed'",
        "CALL_BUILTIN_O",
        "CALL",
        "3",
        "shadowed",
    );
}

#[test]
fn call_builtin_fast_with_keywords_is_a_bound_native() {
    check(
        "items = []\npush = items.append\n\ndef f(x):\n    push(x)\n    return len(items)\n",
        "f(1)",
        "push = lambda x: items.extend([x, x])",
        "CALL_BUILTIN_FAST_WITH_KEYWORDS",
        "CALL",
        "300",
        "900",
    );
}

#[test]
fn call_method_descriptor_o() {
    check(
        "class Splitter:\n    def split(self, sep):\n        return ['own']\n\ndef f(s):\n    return s.split(',')\n\nsubject = 'a,b'\n",
        "f(subject)",
        "subject = Splitter()",
        "CALL_METHOD_DESCRIPTOR_O",
        "CALL",
        "['a', 'b']",
        "['own']",
    );
}

#[test]
fn call_method_descriptor_noargs() {
    check(
        "class Shouter:\n    def upper(self):\n        return 'OWN'\n\ndef f(s):\n    return s.upper()\n\nsubject = 'ab'\n",
        "f(subject)",
        "subject = Shouter()",
        "CALL_METHOD_DESCRIPTOR_NOARGS",
        "CALL",
        "AB",
        "OWN",
    );
}

#[test]
fn call_list_append() {
    check(
        "class Log(list):\n    def append(self, x):\n        list.append(self, x * 100)\n\ndef f(l):\n    l.append(1)\n    return l.pop()\n\ntarget = []\n",
        "f(target)",
        "target = Log()",
        "CALL_LIST_APPEND",
        "CALL",
        "1",
        "100",
    );
}

#[test]
fn call_list_append_on_a_list_subclass_misses() {
    // Same site, the receiver becomes a list subclass that inherits append:
    // LIST_APPEND requires an exact list, the generic path must still work.
    check(
        "class L(list):\n    pass\n\ndef f(l):\n    l.append(2)\n    return l.pop() + len(l)\n\ntarget = [0]\n",
        "f(target)",
        "target = L([0, 0])",
        "CALL_LIST_APPEND",
        "CALL",
        "3",
        "4",
    );
}

#[test]
fn call_len() {
    check(
        "def f(x):\n    return len(x)\n",
        "f([1, 2, 3])",
        "len = lambda x: -1",
        "CALL_LEN",
        "CALL",
        "3",
        "-1",
    );
}

#[test]
fn call_len_through_builtins_module() {
    check(
        "import builtins\ndef f(x):\n    return len(x)\n",
        "f('abcd')",
        "builtins.len = lambda x: 'patched'",
        "CALL_LEN",
        "CALL",
        "4",
        "patched",
    );
}

#[test]
fn call_isinstance() {
    check(
        "class A:\n    pass\n\nclass B(A):\n    pass\n\ndef f(x):\n    return isinstance(x, A) + 2 * isinstance(x, (int, str))\n",
        "f(B())",
        "isinstance = lambda x, c: 7",
        "CALL_ISINSTANCE",
        "CALL",
        "1",
        "21",
    );
}

#[test]
fn call_type_1() {
    check(
        "def f(x):\n    return type(x).__name__\n",
        "f(1.5)",
        "type = lambda x: str",
        "CALL_TYPE_1",
        "CALL",
        "float",
        "str",
    );
}

#[test]
fn call_str_1() {
    check(
        "class P:\n    def __str__(self):\n        return 'p!'\n\ndef f(x):\n    return str(x) + str(P())\n",
        "f(12)",
        "str = lambda x: 'S'",
        "CALL_STR_1",
        "CALL",
        "12p!",
        "SS",
    );
}

#[test]
fn call_tuple_1() {
    check(
        "def f(x):\n    return tuple(x)\n",
        "f([1, 2])",
        "tuple = list",
        "CALL_TUPLE_1",
        "CALL",
        "(1, 2)",
        "[1, 2]",
    );
}

#[test]
fn call_non_py_general() {
    check(
        "class Adder:\n    def __init__(self, k):\n        self.k = k\n    def __call__(self, x):\n        return x + self.k\n\ncb = Adder(5)\n\ndef f(x):\n    return cb(x)\n",
        "f(1)",
        "cb = lambda x: x * 100",
        "CALL_NON_PY_GENERAL",
        "CALL",
        "6",
        "100",
    );
}

// ----- LOAD_ATTR ----------------------------------------------------------

#[test]
fn load_attr_property() {
    check(
        "class C:\n    def __init__(self):\n        self._v = 4\n    @property\n    def v(self):\n        return self._v * 2\n\nc = C()\n\ndef f(o):\n    return o.v\n",
        "f(c)",
        "C.v = property(lambda self: -self._v)",
        "LOAD_ATTR_PROPERTY",
        "LOAD_ATTR",
        "8",
        "-4",
    );
}

#[test]
fn load_attr_property_getter_with_defaults_and_errors() {
    // A getter that takes defaults binds through the general binder; an
    // exception from the getter propagates from the fast path.
    check(
        "class C:\n    def __init__(self):\n        self.n = 0\n    def get(self, extra=1):\n        self.n += extra\n        if self.n > 10000:\n            raise ValueError('big')\n        return self.n\n    v = property(get)\n\nc = C()\n\ndef f(o):\n    try:\n        return o.v\n    except ValueError:\n        return 'raised'\n",
        "f(c)",
        "c.n = 20000\nC.v = property(C.get)",
        "LOAD_ATTR_PROPERTY",
        "LOAD_ATTR",
        "300",
        "raised",
    );
}

#[test]
fn load_attr_nondescriptor_with_values() {
    check(
        "class C:\n    scale = 3\n    ratio = 0.5\n    def __init__(self):\n        self.x = 1\n\nc = C()\n\ndef f(o):\n    return o.scale + o.ratio\n",
        "f(c)",
        "c.scale = 100",
        "LOAD_ATTR_NONDESCRIPTOR_WITH_VALUES",
        "LOAD_ATTR",
        "3.5",
        "100.5",
    );
}

#[test]
fn load_attr_nondescriptor_class_change() {
    check(
        "class Base:\n    unit = 'm'\n\nclass C(Base):\n    pass\n\nc = C()\n\ndef f(o):\n    return o.unit\n",
        "f(c)",
        "Base.unit = 'km'",
        "LOAD_ATTR_NONDESCRIPTOR_WITH_VALUES",
        "LOAD_ATTR",
        "m",
        "km",
    );
}

#[test]
fn load_attr_slot() {
    // The dispatch loop's own LOAD_ATTR_SLOT arm: the slot read while the
    // class keeps its version; the slot's descriptor replaced by a
    // property moves the version, the arm misses and the property runs.
    check(
        "class V:\n    __slots__ = ('x',)\n    def __init__(self, x):\n        self.x = x\n\nv = V(2)\n\ndef f(o):\n    return o.x\n",
        "f(v)",
        "V.x = property(lambda self: 42)",
        "LOAD_ATTR_SLOT",
        "LOAD_ATTR",
        "2",
        "42",
    );
}

#[test]
fn load_attr_nondescriptor_no_dict() {
    check(
        "class V:\n    __slots__ = ('x',)\n    zero = 0.0\n    def __init__(self, x):\n        self.x = x\n\nv = V(2)\n\ndef f(o):\n    return o.x + o.zero\n",
        "f(v)",
        "V.zero = 10",
        "LOAD_ATTR_NONDESCRIPTOR_NO_DICT",
        "LOAD_ATTR",
        "2.0",
        "12",
    );
}

#[test]
fn load_attr_with_hint() {
    // Instances of one class store their attributes in different orders:
    // the INSTANCE_VALUE index misses although its guard holds, and the
    // site settles on WITH_HINT (index, then probe). A property added later
    // moves the guard.
    check(
        "class P:\n    def __init__(self, flip):\n        if flip:\n            self.a = 1\n            self.v = 10\n        else:\n            self.v = 20\n            self.a = 2\n\nps = [P(True), P(False)]\n\
def f(ps):\n    s = 0\n    for p in ps:\n        s += p.v\n    return s\n",
        "f(ps)",
        "P.v = property(lambda self: self.a)",
        "LOAD_ATTR_WITH_HINT",
        "LOAD_ATTR",
        "30",
        "3",
    );
}

#[test]
fn load_attr_method_no_dict_on_builtin_instances() {
    // `lst.append` on a built-in class: the method form caches the native
    // descriptor (the class's dict never changes); a different receiver
    // type misses.
    check(
        "def f(d):\n    return d.get('k', 0)\n\nsubject = {'k': 5}\nclass G:\n    def get(self, k, default):\n        return 'own'\n",
        "f(subject)",
        "subject = G()",
        "LOAD_ATTR_METHOD_NO_DICT",
        "LOAD_ATTR",
        "5",
        "own",
    );
}

#[test]
fn load_attr_method_shadowed_by_instance_dict_reads_the_dict() {
    // Method form where the instance dict shadows the class's method: the
    // site specializes as an instance-dict read and pushes no self.
    check(
        "class C:\n    def m(self):\n        return 'method'\n\nc = C()\nc.m = lambda: 'instance'\n\ndef f(o):\n    return o.m()\n",
        "f(c)",
        "del c.m",
        "LOAD_ATTR_INSTANCE_VALUE",
        "LOAD_ATTR",
        "instance",
        "method",
    );
}

#[test]
fn load_attr_method_with_values_sees_a_shadow_stored_through_the_dict() {
    // The method variant skips the instance-dict probe while no instance
    // dict has ever held the name; a key stored straight into `__dict__`
    // (not through STORE_ATTR) must still shadow it at once.
    check(
        "class C:\n    def meth(self):\n        return 'method'\n\nc = C()\n\ndef f(o):\n    return o.meth()\n",
        "f(c)",
        "c.__dict__['meth'] = lambda: 'shadow'",
        "LOAD_ATTR_METHOD_WITH_VALUES",
        "LOAD_ATTR",
        "method",
        "shadow",
    );
}

#[test]
fn load_attr_method_with_values_sees_a_shadow_with_a_computed_name() {
    // The same with a name built at run time (not the interned constant).
    check(
        "class C:\n    def other(self):\n        return 'method'\n\nc = C()\n\ndef f(o):\n    return o.other()\n",
        "f(c)",
        "setattr(c, ''.join(['ot', 'her']), lambda: 'shadow')",
        "LOAD_ATTR_METHOD_WITH_VALUES",
        "LOAD_ATTR",
        "method",
        "shadow",
    );
}

// ----- STORE_ATTR / BINARY_OP ---------------------------------------------

#[test]
fn store_attr_with_hint_module_attribute() {
    check(
        "import sys\nsys.counter = 0\n\ndef f(i):\n    sys.counter = i\n    return sys.counter\n",
        "f(7)",
        "del sys.counter\nsys.other = 1\nsys.counter = 0",
        "STORE_ATTR_WITH_HINT",
        "STORE_ATTR",
        "7",
        "7",
    );
}

#[test]
fn store_attr_instance_value_on_function_objects() {
    check(
        "def target():\n    pass\n\ndef f(i):\n    target.calls = i\n    return target.calls\n",
        "f(3)",
        "target = type('T', (), {})()",
        "STORE_ATTR_INSTANCE_VALUE",
        "STORE_ATTR",
        "3",
        "3",
    );
}

#[test]
fn binary_op_subscr_getitem() {
    check(
        "class Grid:\n    def __init__(self):\n        self.cells = [1, 2, 3]\n    def __getitem__(self, i):\n        return self.cells[i] * 10\n\ng = Grid()\n\ndef f(g):\n    return g[1] + g[2]\n",
        "f(g)",
        "Grid.__getitem__ = lambda self, i, extra=1: -i - extra",
        "BINARY_OP_SUBSCR_GETITEM",
        "BINARY_OP",
        "50",
        "-5",
    );
}

#[test]
fn binary_op_py_special() {
    // `a + b` on two instances of a class with a Python `__add__`; then
    // the class's method is replaced (its version moves).
    check(
        "class V:\n    def __init__(self, x):\n        self.x = x\n    def __add__(self, o):\n        return self.x + o.x\n\na, b = V(2), V(3)\n\ndef f(a, b):\n    return a + b\n",
        "f(a, b)",
        "V.__add__ = lambda self, o: self.x * o.x",
        "BINARY_OP_PY_SPECIAL",
        "BINARY_OP",
        "5",
        "6",
    );
}

#[test]
fn binary_op_py_special_inplace_method() {
    // `a += n` on an instance of a class with a Python `__iadd__`: the
    // in-place method is cached whatever the right operand is.
    check(
        "class Acc:\n    def __init__(self):\n        self.n = 0\n    def __iadd__(self, k):\n        self.n += k\n        return self\n\ndef f():\n    a = Acc()\n    for k in range(4):\n        a += k\n    return a.n\n",
        "f()",
        "Acc.__iadd__ = lambda self, k: (setattr(self, 'n', self.n + 10 * k), self)[1]",
        "BINARY_OP_PY_SPECIAL",
        "BINARY_OP",
        "6",
        "60",
    );
}

#[test]
fn binary_op_py_special_declined_raises_type_error() {
    // The cached `__add__` returns NotImplemented once the class says so:
    // for operands of one class no reflected method runs, and the error
    // is CPython's.
    check(
        "class V:\n    ok = True\n    def __init__(self, x):\n        self.x = x\n    def __add__(self, o):\n        return self.x + o.x if V.ok else NotImplemented\n    def __radd__(self, o):\n        return 'reflected'\n\na, b = V(2), V(3)\n\ndef f(a, b):\n    try:\n        return a + b\n    except TypeError as e:\n        return str(e)\n",
        "f(a, b)",
        "V.ok = False",
        "BINARY_OP_PY_SPECIAL",
        "BINARY_OP",
        "5",
        "unsupported operand type(s) for +: 'V' and 'V'",
    );
}

#[test]
fn binary_op_subscr_getitem_raises_index_error_for_iteration() {
    // The old iteration protocol runs through the cached __getitem__ and
    // stops on its IndexError.
    check(
        "class Seq:\n    def __getitem__(self, i):\n        if i >= 3:\n            raise IndexError(i)\n        return i\n\ns = Seq()\n\ndef f(s):\n    t = 0\n    i = 0\n    while True:\n        try:\n            t += s[i]\n        except IndexError:\n            return t\n        i += 1\n",
        "f(s)",
        "Seq.__getitem__ = lambda self, i: 5 if i < 2 else [][i]",
        "BINARY_OP_SUBSCR_GETITEM",
        "BINARY_OP",
        "3",
        "10",
    );
}

#[test]
fn cached_getters_and_methods_race_with_class_changes() {
    // Threads run PROPERTY, SUBSCR_GETITEM, NONDESCRIPTOR and LIST_APPEND
    // sites while the main thread keeps replacing what they cached: every
    // read returns one of the published values, nothing is lost.
    let (out, _) = run_with_stats(
        "import threading\n\
class C:\n    v = property(lambda self: 1)\n    k = 1\n    def __getitem__(self, i):\n        return 1\n\n\
c = C()\nbad = []\n\n\
def work(out):\n    for i in range(20000):\n        x = c.v\n        y = c[i]\n        z = c.k\n        if x not in (1, 2) or y not in (1, 2) or z not in (1, 2):\n            bad.append((x, y, z))\n        out.append(x)\n\n\
outs = [[] for _ in range(4)]\nts = [threading.Thread(target=work, args=(o,)) for o in outs]\nfor t in ts:\n    t.start()\n\
n = 0\nwhile any(t.is_alive() for t in ts):\n    n += 1\n    two = n % 2 == 0\n    C.v = property((lambda self: 2) if two else (lambda self: 1))\n    C.__getitem__ = (lambda self, i: 2) if two else (lambda self, i: 1)\n    C.k = 2 if two else 1\n\
for t in ts:\n    t.join()\nprint(bad, [len(o) for o in outs])\n",
    );
    assert_eq!(out, "[] [20000, 20000, 20000, 20000]\n");
}

// ----- COMPARE_OP with the to-bool bit ------------------------------------

/// A comparison feeding a branch (`COMPARE_OP` with COMPARE_TO_BOOL, no
/// TO_BOOL after it) specializes for ints, and once the operands become
/// objects whose `__lt__` returns a non-bool, the branch follows that
/// object's truth.
#[test]
fn compare_op_int_in_a_branch_then_rich_non_bool_results() {
    check(
        "class W:\n    def __init__(s, v):\n        s.v = v\n    def __lt__(s, o):\n        return W(s.v < o.v)\n    def __bool__(s):\n        return s.v\n\na, b = 1, 2\n\ndef f():\n    if a < b:\n        return 'yes'\n    return 'no'\n",
        "f()",
        "a, b = W(5), W(3)",
        "COMPARE_OP_INT",
        "COMPARE_OP",
        "yes",
        "no",
    );
}

// ----- FOR_ITER_NATIVE ------------------------------------------------------

/// A loop over an iterator of a builtin type other than list, tuple and
/// range (here `enumerate`) takes FOR_ITER_NATIVE; a user iterator class
/// at the same site misses, and still runs its `__next__`.
#[test]
fn for_iter_native_then_a_user_iterator() {
    check(
        "class Count:\n    def __init__(s, xs):\n        s.xs = list(xs)\n    def __iter__(s):\n        return s\n    def __next__(s):\n        if not s.xs:\n            raise StopIteration\n        return (10, s.xs.pop())\n\nsrc = enumerate\n\ndef f():\n    t = 0\n    for i, x in src('abc'):\n        t += i * ord(x)\n    return t\n",
        "f()",
        "src = Count",
        "FOR_ITER_NATIVE",
        "FOR_ITER",
        "296",
        "2940",
    );
}

// ----- STORE_ATTR_INSTANCE_VALUE entry hint --------------------------------

/// The store overwrites the entry it was specialized at when that entry
/// holds the name, and stores through the dict otherwise: instances whose
/// dicts hold their attributes in another order, or lack the name, get
/// the right values (and the store still counts as a hit).
#[test]
fn store_attr_instance_value_hint_and_other_layouts() {
    let src = "class P:\n    pass\n\ndef mk(order):\n    p = P()\n    for k in order:\n        setattr(p, k, 0)\n    return p\n\na = mk('xy')\nb = mk('yx')\nc = mk('z')\n\ndef f(o, v):\n    o.x = v\n    return o.x\n\nfor i in range(300):\n    f(a, i)\nprint(a.x, a.y, list(a.__dict__))\nprint(f(b, 5), b.x, b.y, list(b.__dict__))\nprint(f(c, 7), c.z, list(c.__dict__))\n";
    let (out, stats) = run_with_stats(src);
    assert_eq!(out, "299 0 ['x', 'y']\n5 5 0 ['y', 'x']\n7 0 ['z', 'x']\n");
    assert!(stat(&stats, "STORE_ATTR", "hits") >= 290, "{stats}");
}
