import sys


def show(f):
    return (f.f_code.co_name, f.f_lineno, type(f.f_lasti).__name__)


def inner(a, b=2):
    c = a + b
    print("locals", sorted(sys._getframe().f_locals.items()))
    f = sys._getframe(); print("inner", show(f))
    print("back", show(f.f_back))
    print("caller name", sys._getframe(1).f_code.co_name)
    print("back locals", sorted(k for k in f.f_back.f_locals))
    print("globals is module", f.f_globals is globals())
    print("builtins has len", "len" in f.f_builtins)
    return f


def outer():
    x = 10
    return inner(x)


f = outer()
print("after return", f.f_code.co_name, show(f.f_back))
top = sys._getframe()
print("module", top.f_code.co_name, top.f_back, top.f_locals is globals())
print(type(top).__name__)
r = repr(sys._getframe())
print(r.startswith("<frame at 0x"), r.split(", ", 1)[1].replace(__file__, "FILE"))
try:
    sys._getframe(100)
except ValueError as e:
    print("ValueError", e)
print(sys._getframe(-5).f_code.co_name)


def chain():
    names = []
    f = sys._getframe()
    while f is not None:
        names.append(f.f_code.co_name)
        f = f.f_back
    return names


def a():
    return b()


def b():
    return chain()


print(a())
print(list(map(lambda _: chain(), [0])))
# (Weft runs comprehensions inline, as CPython 3.12 does: no frame.)


class C:
    y = 5
    frame = sys._getframe()
    print("class body", frame.f_code.co_name, sorted(k for k in frame.f_locals if not k.startswith("__")))


def closure():
    v = 1

    def g():
        return v + 1

    return sys._getframe().f_locals


print(sorted(closure()))


# traceback objects
def fail(n):
    if n == 0:
        raise KeyError("deep")
    return fail(n - 1)


def walk(tb):
    out = []
    while tb is not None:
        out.append((tb.tb_frame.f_code.co_name, tb.tb_lineno))
        tb = tb.tb_next
    return out


try:
    fail(2)
except KeyError as e:
    tb = e.__traceback__
    print(walk(tb))
    print(type(tb).__name__, type(tb.tb_lasti).__name__)
    inner_tb = tb.tb_next.tb_next.tb_next
    print(inner_tb.tb_next, sorted(inner_tb.tb_frame.f_locals.items()))
    print(inner_tb.tb_frame.f_back.f_code.co_name, inner_tb.tb_frame.f_back.f_locals)
    print(tb.tb_frame.f_back)

print(ValueError("x").__traceback__)


def handler():
    try:
        fail(0)
    except KeyError as e:
        t = e.__traceback__
        return walk(t), t.tb_frame.f_back.f_code.co_name


print(handler())

e = ValueError("again")
print(e.with_traceback(None) is e, e.__traceback__)
try:
    fail(1)
except KeyError as k:
    saved = k.__traceback__
e2 = RuntimeError("moved").with_traceback(saved)
print(walk(e2.__traceback__))
try:
    raise e2
except RuntimeError as r:
    print(walk(r.__traceback__))
e2.__traceback__ = None
print(e2.__traceback__)
try:
    e2.__traceback__ = 5
except TypeError as t:
    print("TypeError", t)
try:
    e2.with_traceback(5)
except TypeError as t:
    print("TypeError", t)


def reraiser():
    try:
        fail(0)
    except KeyError:
        raise


try:
    reraiser()
except KeyError as e:
    print(walk(e.__traceback__))


def raise_local():
    err = OSError("local")
    raise err


try:
    raise_local()
except OSError as e:
    print(walk(e.__traceback__))


# generators and coroutines
def gen(n):
    total = 0
    for i in range(n):
        total += i
        yield i
    return total


g = gen(3)
print("fresh", g.gi_frame.f_lineno, g.gi_frame.f_code.co_name, g.gi_running, g.gi_code.co_name)
next(g)
fr = g.gi_frame
print("suspended", fr.f_lineno, sorted(fr.f_locals.items()), fr.f_back)
next(g)
print("again", g.gi_frame.f_lineno, sorted(g.gi_frame.f_locals.items()))
print(list(g), g.gi_frame, g.gi_running)


def self_inspect():
    me = yield
    yield (me.gi_running, me.gi_frame.f_code.co_name, me.gi_frame.f_back.f_code.co_name)


s = self_inspect()
next(s)
print(s.send(s))


async def coro():
    return 1


c = coro()
print("coroutine", c.cr_frame.f_code.co_name, c.cr_frame.f_lineno, c.cr_running, c.cr_code.co_name)
try:
    c.send(None)
except StopIteration as stop:
    print("done", stop.value, c.cr_frame)


async def agen():
    yield 1


ag = agen()
print("asyncgen", ag.ag_frame.f_code.co_name, ag.ag_running)
