# Differential test of the traceback and linecache modules.
import io
import os
import re
import sys
import threading
import traceback
import linecache

HERE = os.path.basename(__file__)


def clean(text):
    # absolute paths -> basenames, so the output does not depend on where
    # the test runs
    out = []
    for line in text.splitlines(True):
        if line.startswith('  File "') or line.lstrip(' |').startswith('File "'):
            start = line.index('File "') + 6
            end = line.index('"', start)
            line = line[:start] + os.path.basename(line[start:end]) + line[end:]
        out.append(re.sub(r' at 0x[0-9a-f]+>', ' at ADDR>', line))
    return ''.join(out)


def show(title, text):
    print('---', title)
    print(clean(text), end='')


def fails():
    raise ValueError("bad value")


def middle():
    fails()


def outer():
    middle()


def catch(fn, *args):
    try:
        fn(*args)
    except BaseException as e:
        return e
    raise AssertionError("no exception")


# --- basic formatting ---------------------------------------------------
e = catch(outer)
show("format_exception(e)", ''.join(traceback.format_exception(e)))
show("format_exception(type, value, tb)",
     ''.join(traceback.format_exception(type(e), e, e.__traceback__)))
show("limit=2", ''.join(traceback.format_exception(e, limit=2)))
show("limit=-2", ''.join(traceback.format_exception(e, limit=-2)))
show("limit=0", ''.join(traceback.format_exception(e, limit=0)))
show("format_tb", ''.join(traceback.format_tb(e.__traceback__)))
show("format_tb limit=1", ''.join(traceback.format_tb(e.__traceback__, limit=1)))
buf = io.StringIO()
traceback.print_exception(e, file=buf)
show("print_exception", buf.getvalue())
buf = io.StringIO()
traceback.print_tb(e.__traceback__, file=buf)
show("print_tb", buf.getvalue())
print(traceback.format_exception_only(e))
print(traceback.format_exception_only(type(e), e))
print(traceback.format_exception_only(None))
print(traceback.format_exception_only(ValueError, None))
print(traceback.format_exception_only(KeyError('k')))
print(traceback.format_exception_only(ValueError()))
print(traceback.format_exception(None))

# wrong argument combinations
for args in [(e, e), (e, None, None, None)]:
    try:
        traceback.format_exception(*args[:2]) if len(args) == 2 else None
    except Exception as err:
        print(type(err).__name__, err)
try:
    traceback.format_exception(42)
except Exception as err:
    print(type(err).__name__, err)
try:
    traceback.print_exception(e, e)
except Exception as err:
    print(type(err).__name__, err)


# --- extract_tb / FrameSummary ------------------------------------------
entries = traceback.extract_tb(e.__traceback__)
print(type(entries).__name__, len(entries))
for fs in entries:
    print(os.path.basename(fs.filename), fs.lineno, fs.name, repr(fs.line), fs.locals)
    fn, ln, name, line = fs
    print(' unpacked', ln, name, line, len(fs), fs[2])
print(entries[-1] == (entries[-1].filename, entries[-1].lineno, 'fails', 'raise ValueError("bad value")'))
print(entries[-1] == entries[-1], entries[0] == entries[1])
print(repr(traceback.FrameSummary("f.py", 3, "fn", lookup_line=False, line="x = 1")))
fs = traceback.FrameSummary("nonexistent_file.py", 3, "fn")
print(repr(fs.line), fs.locals)
fs = traceback.FrameSummary("f.py", 3, "fn", line="  x = 1  ", locals={'a': 1, 'b': 'two'})
print(repr(fs.line), fs.locals)
fs = traceback.FrameSummary("f.py", None, "fn")
print(fs.line)


# --- walk_tb / walk_stack -----------------------------------------------
print([(f.f_code.co_name, ln) for f, ln in traceback.walk_tb(e.__traceback__)])


def inner_stack():
    return [(f.f_code.co_name) for f, ln in traceback.walk_stack(sys._getframe())][:3]


def outer_stack():
    return inner_stack()


print(outer_stack())


# --- format_list / StackSummary -------------------------------------------
lst = [("a.py", 1, "f", "x = 1"), ("b.py", 2, "g", ""), ("c.py", 3, "<module>", None)]
print(traceback.format_list(lst))
ss = traceback.StackSummary.from_list(lst)
print(type(ss).__name__, [type(x).__name__ for x in ss], ss.format() == traceback.format_list(lst))
buf = io.StringIO()
traceback.print_list(lst, file=buf)
print(buf.getvalue(), end='')
# recursion folding
for n in (3, 4, 5, 10):
    rec = [("r.py", 7, "rec", "return rec(n - 1)")] * n + [("r.py", 9, "main", "rec(5)")]
    print(n, ''.join(traceback.format_list(rec)), end='')
    print(''.join(traceback.StackSummary.from_list(list(reversed(rec))).format()), end='')


# locals capture
class Loc(traceback.StackSummary):
    pass


def with_locals(a, b=2):
    c = [a, b]
    return traceback.StackSummary.extract(traceback.walk_stack(sys._getframe()), limit=1, capture_locals=True)


s = with_locals(1)
print(s[0].name, s[0].locals)
print(clean(''.join(s.format())), end='')
s = traceback.StackSummary.extract(iter([]))
print(s, s.format())


class BadRepr:
    def __repr__(self):
        raise RuntimeError("nope")


def bad_locals():
    x = BadRepr()
    return traceback.StackSummary.extract(traceback.walk_stack(sys._getframe()), limit=1, capture_locals=True)


try:
    bad_locals()
except RuntimeError as err:
    print("bad repr:", err)


# custom format_frame_summary
class Short(traceback.StackSummary):
    def format_frame_summary(self, fs):
        if fs.name == "skip":
            return None
        return "<%s:%s>\n" % (fs.name, fs.lineno)


print(Short.from_list([("a", 1, "f", ""), ("a", 2, "skip", ""), ("a", 3, "g", "")]).format())


# --- extract_stack / format_stack / print_stack -----------------------------
def level2():
    st = traceback.extract_stack()
    return [(os.path.basename(f.filename), f.name, f.line) for f in st][-3:]


def level1():
    return level2()


print(level1())


def level2b():
    return traceback.format_stack(limit=2)


def level1b():
    return level2b()


show("format_stack", ''.join(level1b()))


def level2c():
    buf = io.StringIO()
    traceback.print_stack(limit=2, file=buf)
    return buf.getvalue()


show("print_stack", level2c())
print([fs.name for fs in traceback.extract_stack(sys._getframe(), limit=1)])


# --- print_exc / format_exc -------------------------------------------------
try:
    middle()
except ValueError:
    show("format_exc", traceback.format_exc())
    show("format_exc limit=1", traceback.format_exc(limit=1))
    buf = io.StringIO()
    traceback.print_exc(file=buf)
    show("print_exc", buf.getvalue())
print(repr(traceback.format_exc()))


# --- chains -----------------------------------------------------------------
def raise_cause():
    try:
        fails()
    except ValueError as exc:
        raise KeyError("k") from exc


def raise_context():
    try:
        fails()
    except ValueError:
        raise TypeError("while handling")


def raise_suppressed():
    try:
        fails()
    except ValueError:
        raise TypeError("suppressed") from None


def raise_three():
    try:
        raise_context()
    except TypeError as exc:
        raise RuntimeError("third") from exc


for fn in (raise_cause, raise_context, raise_suppressed, raise_three):
    exc = catch(fn)
    show(fn.__name__, ''.join(traceback.format_exception(exc)))
    show(fn.__name__ + " chain=False", ''.join(traceback.format_exception(exc, chain=False)))

# cycle in the chain
a = ValueError("a")
b = TypeError("b")
a.__context__ = b
b.__context__ = a
show("cycle", ''.join(traceback.format_exception(a)))
# cause without traceback
x = RuntimeError("outer")
x.__cause__ = ValueError("inner")
show("tb-less cause", ''.join(traceback.format_exception(x)))


# --- notes --------------------------------------------------------------------
exc = ValueError("with notes")
exc.add_note("first note")
exc.add_note("second\nmultiline")
print(traceback.format_exception_only(exc))
exc = ValueError("odd notes")
exc.__notes__ = "not a list"
print(traceback.format_exception_only(exc))
exc = ValueError("tuple notes")
exc.__notes__ = ("a", 42)
print(traceback.format_exception_only(exc))


# --- modules in the type name, broken __str__ ------------------------------
class Custom(Exception):
    pass


Custom.__module__ = "pkg.mod"
print(traceback.format_exception_only(Custom("m")))


class BadStr(Exception):
    def __str__(self):
        raise RuntimeError("no str")


print(traceback.format_exception_only(BadStr()))
print(traceback.format_exception_only(Exception("")))


class Nested:
    class Inner(Exception):
        pass


print(traceback.format_exception_only(Nested.Inner("q")))


# --- SyntaxError ----------------------------------------------------------------
def syn(msg, filename, lineno, offset, text, end_lineno=None, end_offset=None):
    err = SyntaxError(msg, (filename, lineno, offset, text, end_lineno, end_offset))
    return ''.join(traceback.format_exception_only(err))


print(syn("invalid syntax", "x.py", 1, 3, "a b\n"), end='')
print(syn("invalid syntax", "x.py", 2, 7, "    a b c\n"), end='')
print(syn("bad", "x.py", 2, 7, "    a b c\n", 2, 10), end='')
print(syn("bad", None, 2, 3, "a b c"), end='')
print(syn("bad", "y.py", None, None, None), end='')
print(syn("", "y.py", 4, None, "text"), end='')
print(syn("bad", "y.py", 4, -1, "text"), end='')
print(syn("bad", "y.py", 4, 0, "text"), end='')
print(syn("tabs", "y.py", 4, 4, "\ta\tb"), end='')
print(''.join(traceback.format_exception_only(SyntaxError("just a message"))), end='')
print(''.join(traceback.format_exception_only(IndentationError("unexpected indent", ("i.py", 3, 5, "    x = 1\n", 3, 6)))), end='')
te = traceback.TracebackException.from_exception(SyntaxError("m", ("f.py", 9, 2, "ab", 9, 3)))
print(te.filename, repr(te.lineno), te.text, te.offset, te.msg, te.end_offset)


# --- TracebackException -------------------------------------------------------
exc = catch(raise_cause)
te = traceback.TracebackException.from_exception(exc)
print(te.exc_type.__name__, str(te), len(te.stack), [f.name for f in te.stack])
print(type(te.__cause__).__name__, te.__cause__.exc_type.__name__, te.__context__ is None, te.__suppress_context__)
print(te.__cause__.__context__)
te2 = traceback.TracebackException(type(exc), exc, exc.__traceback__)
print(te2.__context__, te2.__cause__.exc_type.__name__)
show("TE.format", ''.join(te.format()))
print(list(te.format_exception_only()))
print(te == traceback.TracebackException.from_exception(exc), te == 5)
te3 = traceback.TracebackException.from_exception(exc, limit=1)
print(len(te3.stack), len(te3.__cause__.stack))
te4 = traceback.TracebackException.from_exception(exc, lookup_lines=False)
print([f._line for f in te4.stack][:1])
buf = io.StringIO()
te.print(file=buf, chain=False)
show("TE.print", buf.getvalue())
te5 = traceback.TracebackException(None, None, None)
print(list(te5.format_exception_only()), list(te5.format()))


def capture():
    local_value = 42
    raise ValueError("cap")


te6 = traceback.TracebackException.from_exception(catch(capture), capture_locals=True)
print(te6.stack[-1].locals)
show("capture_locals", ''.join(te6.format()))


# --- exception groups -------------------------------------------------------------
def group_raiser():
    raise ExceptionGroup("many", [ValueError("v1"), TypeError("t1")])


def nested_group():
    try:
        group_raiser()
    except ExceptionGroup as g:
        raise ExceptionGroup("outer", [g, KeyError("k")])


show("group", ''.join(traceback.format_exception(catch(group_raiser))))
show("nested group", ''.join(traceback.format_exception(catch(nested_group))))
eg = ExceptionGroup("no tb", [ValueError(i) for i in range(20)])
show("wide group", ''.join(traceback.format_exception(eg)))
te = traceback.TracebackException.from_exception(eg, max_group_width=2)
show("max_group_width=2", ''.join(te.format()))
deep = ValueError("leaf")
for i in range(4):
    deep = ExceptionGroup("level %d" % i, [deep])
te = traceback.TracebackException.from_exception(deep, max_group_depth=2)
show("max_group_depth=2", ''.join(te.format()))
inner = ValueError("inner")
inner.__cause__ = KeyError("why")
g = ExceptionGroup("eg", [inner, TypeError("x")])
g.add_note("group note")
show("group with chained member", ''.join(traceback.format_exception(g)))
te = traceback.TracebackException.from_exception(g)
print(len(te.exceptions), [t.exc_type.__name__ for t in te.exceptions])
bg = BaseExceptionGroup("base", [KeyboardInterrupt()])
show("base group", ''.join(traceback.format_exception(bg)))


# --- recursion in a real traceback --------------------------------------------------
def recurse(n):
    if n == 0:
        raise RecursionError("bottom")
    recurse(n - 1)


show("recursion", ''.join(traceback.format_exception(catch(recurse, 8))))


# --- sys.tracebacklimit -------------------------------------------------------------
sys.tracebacklimit = 1
show("tracebacklimit=1", ''.join(traceback.format_exception(catch(outer))))
sys.tracebacklimit = -5
show("tracebacklimit=-5", ''.join(traceback.format_exception(catch(outer))))
del sys.tracebacklimit

try:
    traceback.print_last()
except ValueError as err:
    print("print_last:", err)

traceback.clear_frames(catch(outer).__traceback__)
print("clear_frames ok")


# --- linecache ----------------------------------------------------------------------
print(repr(linecache.getline(__file__, 1)))
print(repr(linecache.getline(__file__, 0)), repr(linecache.getline(__file__, 10 ** 6)))
print(repr(linecache.getline("<stdin>", 1)), linecache.getlines("<string>"))
print(repr(linecache.getline("definitely/not/here.py", 1)))
print(linecache.getlines(HERE) == linecache.getlines(__file__))
scratch = os.path.join(os.getcwd(), "_scratch_traceback")
os.makedirs(scratch, exist_ok=True)
try:
    path = os.path.join(scratch, "mod.py")
    with open(path, "w") as fh:
        fh.write("line one\nline two\nno newline")
    print(linecache.getlines(path))
    print(path in linecache.cache, len(linecache.cache[path]))
    with open(path, "w") as fh:
        fh.write("changed content here\n")
    print(repr(linecache.getline(path, 1)))  # still cached
    linecache.checkcache(path)
    print(repr(linecache.getline(path, 1)))
    os.remove(path)
    linecache.checkcache()
    print(path in linecache.cache)
    print(repr(linecache.getline(path, 1)))
    with open(path, "w", encoding="latin-1") as fh:
        fh.write("# -*- coding: latin-1 -*-\ns = '\xe9'\n")
    print(linecache.getlines(path))
    linecache.clearcache()
    print(linecache.cache)
    print(linecache.lazycache("<x>", {}), linecache.lazycache(path, None), linecache.lazycache(path, {}))

    # four threads reading and invalidating the cache at once
    files = []
    for i in range(4):
        p = os.path.join(scratch, "t%d.py" % i)
        with open(p, "w") as fh:
            fh.write("".join("thread %d line %d\n" % (i, j) for j in range(50)))
        files.append(p)
    errors = []
    counts = [0] * 4
    linecache.clearcache()

    def worker(k):
        for rep in range(200):
            p = files[(k + rep) % 4]
            j = rep % 50
            got = linecache.getline(p, j + 1)
            if got != "thread %d line %d\n" % ((k + rep) % 4, j):
                errors.append((k, rep, got))
            else:
                counts[k] += 1

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print("threads:", counts, errors[:3])
    print(sorted(os.path.basename(k) for k in linecache.cache))
    linecache.checkcache()
    print(sorted(os.path.basename(k) for k in linecache.cache))
    os.remove(files[0])
    linecache.checkcache()
    print(sorted(os.path.basename(k) for k in linecache.cache))
finally:
    for name in os.listdir(scratch):
        os.remove(os.path.join(scratch, name))
    os.rmdir(scratch)
linecache.clearcache()
