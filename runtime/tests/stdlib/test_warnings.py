# Differential test of the warnings module.
import io
import os
import sys
import threading
import warnings

HERE = os.path.basename(__file__)


def clean(text):
    return text.replace(__file__, HERE)


def capture_stderr(fn, *args, **kwargs):
    saved = sys.stderr
    sys.stderr = buf = io.StringIO()
    try:
        fn(*args, **kwargs)
    finally:
        sys.stderr = saved
    return clean(buf.getvalue())


def record(fn, *args, **kwargs):
    with warnings.catch_warnings(record=True) as log:
        fn(*args, **kwargs)
    return [(m.category.__name__, str(m.message), os.path.basename(str(m.filename)), m.lineno) for m in log]


print(warnings.__all__)
print(warnings.filters)
print(warnings.defaultaction, warnings.onceregistry)


# --- default filters -----------------------------------------------------
def emit_all():
    warnings.warn("user")
    warnings.warn("dep", DeprecationWarning)
    warnings.warn("pending", PendingDeprecationWarning)
    warnings.warn("import", ImportWarning)
    warnings.warn("resource", ResourceWarning)
    warnings.warn("runtime", RuntimeWarning)
    warnings.warn("future", FutureWarning)


print(capture_stderr(emit_all), end='')
# the same calls again: "default" shows each location only once
print(repr(capture_stderr(emit_all)))
print(sorted((k[0], k[1].__name__, k[2]) for k in __warningregistry__ if k != 'version'))


# a DeprecationWarning from outside __main__ is ignored by default
def other_module_warn():
    ns = {'__name__': 'othermod', 'warnings': warnings}
    exec("def f():\n    warnings.warn('dep elsewhere', DeprecationWarning)\n", ns)
    ns['f']()
    return ns.get('__warningregistry__')


print(repr(capture_stderr(other_module_warn)))


# --- warn() arguments --------------------------------------------------------
def levels():
    warnings.warn("level1", stacklevel=1)
    warnings.warn("level2", stacklevel=2)
    warnings.warn("level0", stacklevel=0)
    warnings.warn("too deep", stacklevel=100)


warnings.simplefilter("always")
print(record(levels))
print(record(warnings.warn, UserWarning("instance"), DeprecationWarning))
print(record(warnings.warn, "cat", SyntaxWarning))
print(record(warnings.warn, 5))
for bad in (5, int, "x", ValueError):
    try:
        warnings.warn("m", bad)
    except TypeError as e:
        print(type(e).__name__, e)

# formatting through showwarning to stderr
print(capture_stderr(warnings.warn, "shown", RuntimeWarning), end='')
print(capture_stderr(warnings.warn_explicit, "explicit", UserWarning, "nofile.py", 12), end='')
print(capture_stderr(warnings.showwarning, "direct", UserWarning, "f.py", 3, line="  some code  "), end='')
buf = io.StringIO()
warnings.showwarning("to file", FutureWarning, "g.py", 9, file=buf, line="")
print(repr(buf.getvalue()))
print(repr(warnings.formatwarning("msg", UserWarning, "f.py", 3)))
print(repr(warnings.formatwarning("msg", UserWarning, "f.py", 3, "  line text ")))
print(repr(warnings.formatwarning(UserWarning("inst"), UserWarning, HERE, 1)))
print(repr(warnings._formatwarnmsg(warnings.WarningMessage("m", ResourceWarning, "f.py", 3, None, None, source=object()))))


# replaced showwarning / formatwarning
def my_show(message, category, filename, lineno, file=None, line=None):
    print("my_show:", category.__name__, message, os.path.basename(filename), lineno, file, line)


saved = warnings.showwarning
warnings.showwarning = my_show
warnings.warn("hooked")
warnings.showwarning = 42
try:
    warnings.warn("hooked")
except TypeError as e:
    print(type(e).__name__, e)
warnings.showwarning = saved
saved_fmt = warnings.formatwarning
warnings.formatwarning = lambda m, c, f, l, line=None: "FMT %s %s\n" % (c.__name__, m)
print(capture_stderr(warnings.warn, "custom format"), end='')
warnings.formatwarning = saved_fmt


# --- WarningMessage ------------------------------------------------------------
m = warnings.WarningMessage("m", UserWarning, "f", 1)
print(str(m), m.file, m.line, m.source, m._WARNING_DETAILS)
print(str(warnings.WarningMessage("m", None, "f", 2, line="x")))


# --- actions and registries -----------------------------------------------------
def explicit(text, lineno, registry, category=UserWarning, module="mod"):
    return record(warnings.warn_explicit, text, category, "mod.py", lineno, module, registry)


for action in ("default", "once", "module", "always", "ignore"):
    warnings.resetwarnings()
    r1, r2 = {}, {}
    with warnings.catch_warnings(record=True) as log:
        warnings.simplefilter(action)
        for text, lineno, reg in [("a", 1, r1), ("a", 1, r1), ("a", 2, r1), ("a", 2, r2),
                                  ("b", 2, r2), ("a", 3, None), ("a", 3, None)]:
            warnings.warn_explicit(text, UserWarning, "mod.py", lineno, "mod", reg)
    print(action, [(str(m.message), m.lineno) for m in log])
    print("  r1", sorted(str(k) for k in r1 if k != 'version'), "r2", sorted(str(k) for k in r2 if k != 'version'))
    print("  once", sorted((k[0], k[1].__name__) for k in warnings.onceregistry if k != 'version'))
    warnings.onceregistry.clear()

warnings.resetwarnings()
warnings.simplefilter("error")
try:
    warnings.warn("boom")
except UserWarning as e:
    print("raised", type(e).__name__, e)
try:
    warnings.warn(RuntimeWarning("inst boom"))
except RuntimeWarning as e:
    print("raised", type(e).__name__, e)

# registry reset when the filters change
reg = {}
warnings.resetwarnings()
warnings.simplefilter("default")
saved = warnings.showwarning
warnings.showwarning = my_show
warnings.warn_explicit("r", UserWarning, "r.py", 1, "r", reg)
warnings.warn_explicit("r", UserWarning, "r.py", 1, "r", reg)
v1 = reg['version']
warnings.simplefilter("default")
print(reg['version'] == v1)
warnings.warn_explicit("r", UserWarning, "r.py", 1, "r", reg)
print(reg['version'] == v1, len(reg))
warnings.showwarning = saved

# unrecognised action in the list
warnings.filters.insert(0, ("bogus", None, Warning, None, 0))
try:
    warnings.warn_explicit("x", UserWarning, "b.py", 4, "b", {})
except RuntimeError as e:
    print(type(e).__name__, e)
warnings.resetwarnings()


# --- filter matching ----------------------------------------------------------------
def check(filters, text, category=UserWarning, module="pkg.mod", lineno=10):
    warnings.resetwarnings()
    for f in filters:
        warnings.filterwarnings(*f[0], **f[1])
    warnings.filterwarnings("always", append=True)  # everything else shows
    try:
        got = explicit(text, lineno, {}, category, module)
        return "shown" if got else "hidden"
    except Warning as e:
        return "error " + type(e).__name__


F = lambda *a, **k: (a, k)
print(check([F("ignore", message="hello")], "Hello world"))
print(check([F("ignore", message="hello")], "say hello"))
print(check([F("ignore", message="hel+o$")], "hellllo"))
print(check([F("error", category=DeprecationWarning)], "x"))
print(check([F("error", category=DeprecationWarning)], "x", PendingDeprecationWarning))
print(check([F("error", category=Warning)], "x", FutureWarning))
print(check([F("error", module="pkg")], "x"))
print(check([F("error", module="pkg$")], "x"))
print(check([F("error", module="pkg\\.mod$")], "x"))
print(check([F("error", lineno=10)], "x"))
print(check([F("error", lineno=11)], "x"))
print(check([F("error"), F("ignore")], "x"))
print(check([F("error"), F("ignore", append=True)], "x"))
warnings.resetwarnings()
warnings.filterwarnings("ignore", "m1", UserWarning, "mod1", 3)
warnings.filterwarnings("error", "m2", append=True)
warnings.simplefilter("once", RuntimeWarning)
warnings.simplefilter("module", lineno=4, append=True)
warnings.filterwarnings("ignore", "m1", UserWarning, "mod1", 3)  # moves to front
print([(a, getattr(m, 'pattern', m), c.__name__, getattr(mo, 'pattern', mo), l) for a, m, c, mo, l in warnings.filters])
warnings.simplefilter("module", lineno=4, append=True)  # already there
print(len(warnings.filters))
for bad in [dict(action="bogus"), dict(action="error", message=1), dict(action="error", category=1),
            dict(action="error", category=int), dict(action="error", module=1),
            dict(action="error", lineno=-1), dict(action="error", lineno="x")]:
    try:
        warnings.filterwarnings(**bad)
    except AssertionError as e:
        print(type(e).__name__, e)
for bad in [("bogus",), ("error", Warning, -1)]:
    try:
        warnings.simplefilter(*bad)
    except AssertionError as e:
        print(type(e).__name__, e)

# defaultaction when nothing matches
warnings.resetwarnings()
print(record(lambda: [warnings.warn("dflt") for i in range(3)]))
warnings.defaultaction = "ignore"
print(record(lambda: warnings.warn("dflt2")))
warnings.defaultaction = "default"

# -W style options
for opt in ["error", "ignore::DeprecationWarning", "x", "error::Foo", "error:::mod:zz",
            "error::nosuchmodule_xyz.Bar", "default:msg:UserWarning:mod.name:12", "error::int",
            "a:b:c:d:e:f", "all", "i::UserWarning::5", "once:x:builtins.RuntimeWarning", ""]:
    warnings.resetwarnings()
    try:
        warnings._setoption(opt)
        print(repr(opt), [(a, getattr(m, 'pattern', m), c.__name__, getattr(mo, 'pattern', mo), l) for a, m, c, mo, l in warnings.filters])
    except warnings._OptionError as e:
        print(repr(opt), type(e).__name__, e)
warnings.resetwarnings()
print(capture_stderr(warnings._processoptions, ["error::Nope", "ignore"]), end='')
print(len(warnings.filters))


# --- catch_warnings ----------------------------------------------------------------------
warnings.resetwarnings()
warnings.simplefilter("ignore")
before = list(warnings.filters)
with warnings.catch_warnings(record=True) as log:
    warnings.simplefilter("always")
    warnings.warn("in block")
    warnings.warn("in block", FutureWarning)
    print(len(warnings.filters), warnings.filters is not before)
print([(type(m).__name__, str(m.message), m.category.__name__, m.lineno - 0 > 0) for m in log])
print(warnings.filters == before, repr(capture_stderr(warnings.warn, "ignored now")))
with warnings.catch_warnings():
    warnings.simplefilter("error")
    try:
        warnings.warn("err in block")
    except UserWarning as e:
        print("inner error", e)
print(warnings.filters == before)
with warnings.catch_warnings(record=True, action="always", category=RuntimeWarning) as log:
    print(warnings.filters[0])
    warnings.warn("rt", RuntimeWarning)
    warnings.warn("user ignored")
print([str(m.message) for m in log])
with warnings.catch_warnings(record=True) as outer_log:
    warnings.simplefilter("always")
    with warnings.catch_warnings(record=True) as inner_log:
        warnings.warn("inner")
    warnings.warn("outer")
print([str(m.message) for m in outer_log], [str(m.message) for m in inner_log])
cw = warnings.catch_warnings(record=True)
print(repr(cw), repr(warnings.catch_warnings()))
try:
    cw.__exit__(None, None, None)
except RuntimeError as e:
    print(e)
cw.__enter__()
try:
    cw.__enter__()
except RuntimeError as e:
    print(e)
cw.__exit__(None, None, None)
print(warnings.filters == before)
with warnings.catch_warnings():
    print(warnings.catch_warnings().__enter__())
print(warnings.filters == before)

# showwarning replaced inside a record block is not used
with warnings.catch_warnings(record=True) as log:
    warnings.simplefilter("always")
    warnings.showwarning = my_show
    warnings.warn("via hook")
print(len(log), warnings.showwarning is saved)


# --- four threads at once -----------------------------------------------------------------
def worker(k, rounds, barrier):
    barrier.wait()
    for i in range(rounds):
        warnings.warn("shared message", UserWarning)           # same line for all
        warnings.warn("per thread %d" % k, RuntimeWarning)      # one per thread
        warnings.warn("round %d" % (i % 5), FutureWarning)      # 5 distinct texts
        if i % 10 == 0:
            warnings.warn_explicit("explicit", UserWarning, "x.py", k, "x", thread_registry)


def run_threads(action):
    global thread_registry
    thread_registry = {}
    g = globals()
    g.pop('__warningregistry__', None)
    with warnings.catch_warnings(record=True) as log:
        warnings.simplefilter(action)
        barrier = threading.Barrier(4)
        threads = [threading.Thread(target=worker, args=(k, 60, barrier)) for k in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    counts = {}
    for m in log:
        key = (m.category.__name__, str(m.message))
        counts[key] = counts.get(key, 0) + 1
    return sorted(counts.items())


for action in ("once", "default", "module", "always"):
    print(action, run_threads(action))

print(warnings.filters == before)
warnings.resetwarnings()
