# Differential test of the atexit module (callbacks run by calling
# atexit._run_exitfuncs() directly; stderr is captured and addresses removed).
import atexit
import io
import os
import re
import sys
import threading


def run_captured():
    saved = sys.stderr
    sys.stderr = buf = io.StringIO()
    try:
        atexit._run_exitfuncs()
    finally:
        sys.stderr = saved
    text = buf.getvalue().replace(__file__, os.path.basename(__file__))
    return re.sub(r' at 0x[0-9a-fA-F]+>', ' at ADDR>', text)


def hello(*args, **kwargs):
    print("hello", args, sorted(kwargs.items()))


def fails():
    raise ValueError("oops")


def exits():
    raise SystemExit(3)


def interrupted():
    raise KeyboardInterrupt


class MyErr(Exception):
    pass


class Other(Exception):
    pass


Other.__module__ = "pkg"


def empty_message():
    raise MyErr()


def other_module():
    raise Other("o")


class BadStr(Exception):
    def __str__(self):
        raise RuntimeError("no str")


def bad_str():
    raise BadStr()


def with_note():
    err = ValueError("noted")
    err.add_note("a note")
    raise err


def chained():
    try:
        {}["missing"]
    except KeyError:
        raise TypeError("while handling")


class BadRepr:
    def __repr__(self):
        raise RuntimeError("no repr")

    def __call__(self):
        raise ValueError("from BadRepr")


def recurse(n):
    if n == 0:
        raise ValueError("deep")
    recurse(n - 1)


def deep():
    recurse(6)


# start from a known state: forget whatever the runtime registered already
atexit._clear()
print([hasattr(atexit, n) for n in ('register', 'unregister', '_run_exitfuncs', '_clear', '_ncallbacks')])
print(atexit.register(hello, 1, x=2) is hello)
atexit.register(hello)
atexit.register(hello, "a", "b", k="v", j=0)
print(atexit._ncallbacks())
print(run_captured(), end='')
print(atexit._ncallbacks())

# decorator use
@atexit.register
def decorated():
    print("decorated ran")


print(decorated.__name__, atexit._ncallbacks())
print(run_captured(), end='')

# errors
for bad in (5, None, "str"):
    try:
        atexit.register(bad)
    except TypeError as e:
        print(type(e).__name__, e)
try:
    atexit.register()
except TypeError as e:
    print(type(e).__name__)
try:
    atexit.unregister()
except TypeError as e:
    print(type(e).__name__)

# exceptions in callbacks are reported and the rest still run
for fn in (hello, fails, exits, interrupted, empty_message, other_module, bad_str,
           with_note, chained, BadRepr(), deep, hello):
    atexit.register(fn)
print(run_captured(), end='')
print(atexit._ncallbacks())

# unregister removes every registration; its slot still counts until cleared
atexit.register(hello, 1)
atexit.register(fails)
atexit.register(hello, 2)
atexit.unregister(hello)
print(atexit._ncallbacks())
atexit.unregister(print)
print(atexit._ncallbacks())
atexit.register(hello, 3)
print(atexit._ncallbacks())
print(run_captured(), end='')
print(atexit._ncallbacks())


class AlwaysEqual:
    def __eq__(self, other):
        return True

    def __hash__(self):
        return 0

    def __call__(self):
        print("AlwaysEqual called")


atexit.register(AlwaysEqual())
atexit.register(hello, "kept?")
atexit.unregister(hello)
print(run_captured(), end='')

# _clear
atexit.register(hello)
atexit.register(hello)
atexit._clear()
print(atexit._ncallbacks(), repr(run_captured()))

# a callback registered while running is not run, and is cleared
atexit.register(lambda: atexit.register(hello, "late"))
atexit.register(hello, "early")
print(run_captured(), end='')
print(atexit._ncallbacks())

# four threads registering and unregistering at once
def noop():
    pass


def worker(k, barrier):
    barrier.wait()
    for i in range(250):
        atexit.register(noop)
        if i % 50 == 0:
            atexit.register(ran.append, (k, i))
        if i % 100 == 99:
            atexit.unregister(noop)


ran = []
barrier = threading.Barrier(4)
threads = [threading.Thread(target=worker, args=(k, barrier)) for k in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(atexit._ncallbacks())
atexit.unregister(noop)
out = run_captured()
print(out == '', atexit._ncallbacks(), len(ran), sorted(ran))
# each thread's own callbacks ran newest first
print(all([i for k2, i in ran if k2 == k] == sorted([i for k2, i in ran if k2 == k], reverse=True) for k in range(4)))
