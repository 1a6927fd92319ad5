import sys
sys.path.pop(0)  # this directory's test files share the modules' names
import contextlib
import asyncio
import threading


def show(exc):
    print(type(exc).__name__, exc)


class Sink:
    def __init__(self):
        self.parts = []
    def write(self, s):
        self.parts.append(s)
        return len(s)
    def flush(self):
        pass
    def text(self):
        return "".join(self.parts)


# contextmanager basics
@contextlib.contextmanager
def tag(name, log):
    """Wrap in a tag."""
    log.append("<%s>" % name)
    try:
        yield name.upper()
    finally:
        log.append("</%s>" % name)

log = []
with tag("b", log) as v:
    log.append(v)
print(log, tag.__name__, tag.__doc__)

log = []
try:
    with tag("i", log):
        raise KeyError("boom")
except KeyError as e:
    show(e)
print(log)

@contextlib.contextmanager
def swallow(*types):
    try:
        yield
    except types as e:
        print("  swallowed", type(e).__name__)

with swallow(ValueError):
    raise ValueError("x")
print("continued")
try:
    with swallow(ValueError):
        raise TypeError("not me")
except TypeError as e:
    show(e)

@contextlib.contextmanager
def no_yield():
    if False:
        yield

try:
    with no_yield():
        pass
except RuntimeError as e:
    show(e)

@contextlib.contextmanager
def two_yields():
    yield 1
    yield 2

try:
    with two_yields():
        pass
except RuntimeError as e:
    show(e)
try:
    with two_yields():
        raise ValueError("v")
except (RuntimeError, ValueError) as e:
    show(e)

@contextlib.contextmanager
def yield_again_on_error():
    try:
        yield
    except ValueError:
        yield

try:
    with yield_again_on_error():
        raise ValueError
except RuntimeError as e:
    show(e)

@contextlib.contextmanager
def translating():
    try:
        yield
    except KeyError as e:
        raise LookupError("translated") from e

try:
    with translating():
        raise KeyError("k")
except LookupError as e:
    print(type(e).__name__, e, repr(e.__cause__))

@contextlib.contextmanager
def passthrough():
    yield

try:
    with passthrough():
        raise StopIteration("stop")
except StopIteration as e:
    show(e)
try:
    with passthrough():
        raise RuntimeError("rt")
except RuntimeError as e:
    show(e)

# exception class (not instance) passed to __exit__
cm = passthrough()
cm.__enter__()
try:
    cm.__exit__(ZeroDivisionError, None, None)
except ZeroDivisionError as e:
    print("class form", type(e).__name__)

# used as a decorator: re-created every call
calls = []
@contextlib.contextmanager
def counted():
    calls.append("in")
    yield
    calls.append("out")

@counted()
def work(x):
    calls.append(x)
    return x * 2

print(work(1), work(2), calls)

# ContextDecorator
class Announce(contextlib.ContextDecorator):
    def __enter__(self):
        print("  enter")
        return self
    def __exit__(self, *exc):
        print("  exit", exc[0].__name__ if exc[0] else None)
        return False

@Announce()
def greet(who):
    print("  hello", who)
    return who

print(greet("bob"))

# closing / suppress / nullcontext
class Res:
    def close(self):
        print("  closed")
with contextlib.closing(Res()) as r:
    print(" ", type(r).__name__)

with contextlib.suppress(KeyError, IndexError) as s:
    print(" ", s)
    [][1]
print("after suppress")
with contextlib.suppress():
    pass
try:
    with contextlib.suppress(KeyError):
        1 / 0
except ZeroDivisionError as e:
    show(e)
with contextlib.suppress(LookupError):
    {}["x"]
with contextlib.nullcontext(42) as n:
    print(n)
with contextlib.nullcontext() as n:
    print(n)

# redirect_stdout / stderr: the swapped object is what sys.stdout is
sink = Sink()
real = sys.stdout
with contextlib.redirect_stdout(sink) as got:
    sys.stdout.write("captured line\n")
    inside = sys.stdout is sink
print(got is sink, inside, sys.stdout is real, repr(sink.text()))
err = Sink()
real_err = sys.stderr
with contextlib.redirect_stderr(err):
    sys.stderr.write("oops\n")
print(sys.stderr is real_err, repr(err.text()))
outer, inner = Sink(), Sink()
rd = contextlib.redirect_stdout(outer)
with rd:
    with contextlib.redirect_stdout(inner):
        sys.stdout.write("in")
    sys.stdout.write("out")
    with rd:
        sys.stdout.write("again")
    sys.stdout.write("!")
print(sys.stdout is real, outer.text(), inner.text())

# abstract classes
class Mine(contextlib.AbstractContextManager):
    def __exit__(self, *a):
        return None
m = Mine()
with m as entered:
    print(entered is m)

class Duck:
    def __enter__(self):
        return self
    def __exit__(self, *a):
        pass
class NoExit:
    def __enter__(self):
        pass
class Disabled(Duck):
    __exit__ = None
print(isinstance(Duck(), contextlib.AbstractContextManager),
      isinstance(NoExit(), contextlib.AbstractContextManager),
      isinstance(Disabled(), contextlib.AbstractContextManager),
      issubclass(Duck, contextlib.AbstractContextManager),
      isinstance(Duck(), Mine), issubclass(Mine, contextlib.AbstractContextManager),
      isinstance(contextlib.nullcontext(), contextlib.AbstractAsyncContextManager),
      isinstance(Duck(), contextlib.AbstractAsyncContextManager))
contextlib.AbstractContextManager[int]

# ExitStack
with contextlib.ExitStack() as stack:
    order = []
    for i in range(3):
        stack.callback(order.append, i)
    stack.callback(lambda *a, **k: order.append((a, k)), 1, key="v")
print(order)

with contextlib.ExitStack() as stack:
    log = []
    names = [stack.enter_context(tag(n, log)) for n in "xyz"]
print(names, log)

try:
    contextlib.ExitStack().enter_context(object())
except TypeError as e:
    show(e)

def suppressing_exit(*exc):
    print("  exit got", exc[0].__name__ if exc[0] else None)
    return True
with contextlib.ExitStack() as stack:
    stack.push(suppressing_exit)
    raise ValueError("hidden")
print("suppressed by stack")

pushed = Duck()
with contextlib.ExitStack() as stack:
    print(stack.push(pushed) is pushed)

with contextlib.ExitStack() as stack:
    log = []
    stack.callback(log.append, "a")
    moved = stack.pop_all()
print(log)
moved.close()
print(log)

def raiser(exc):
    def cb(*args):
        raise exc
    return cb

try:
    with contextlib.ExitStack() as stack:
        stack.push(raiser(KeyError("first")))
        stack.push(raiser(IndexError("second")))
        raise ValueError("body")
except KeyError as e:
    c1 = e.__context__
    c2 = c1.__context__ if c1 is not None else None
    print(repr(e), repr(c1), repr(c2))

try:
    with contextlib.ExitStack() as stack:
        stack.push(raiser(KeyError("only")))
except KeyError as e:
    print(repr(e), repr(e.__context__))

try:
    with contextlib.ExitStack() as stack:
        stack.push(raiser(KeyError("k")))
        stack.push(suppressing_exit)
        raise ValueError("v")
except KeyError as e:
    print(repr(e), repr(e.__context__))

with contextlib.ExitStack() as stack:
    stack.push(suppressing_exit)
    stack.push(raiser(KeyError("k2")))
print("second suppresses the first's error")

s = contextlib.ExitStack()
s.callback(print, "closing now")
s.close()
s.close()

# asynchronous parts
@contextlib.asynccontextmanager
async def atag(name, log):
    log.append("open " + name)
    try:
        yield name * 2
    finally:
        log.append("close " + name)

@contextlib.asynccontextmanager
async def aswallow():
    try:
        yield
    except ValueError:
        pass

@contextlib.asynccontextmanager
async def anoyield():
    if False:
        yield

@contextlib.asynccontextmanager
async def atwice():
    yield
    yield

class AClosable:
    async def aclose(self):
        print("  aclosed")

async def main():
    log = []
    async with atag("q", log) as v:
        log.append(v)
    print(log)
    async with aswallow():
        raise ValueError
    print("async swallowed")
    try:
        async with anoyield():
            pass
    except RuntimeError as e:
        show(e)
    try:
        async with atwice():
            pass
    except RuntimeError as e:
        show(e)
    try:
        async with atwice():
            raise KeyError
    except KeyError as e:
        print("KeyError propagated")
    try:
        async with atag("e", log):
            raise IndexError("ie")
    except IndexError as e:
        show(e)
    print(log)
    async with contextlib.aclosing(AClosable()) as a:
        print(" ", type(a).__name__)
    async with contextlib.nullcontext("n") as n:
        print(n)

    @atag("deco", log)
    async def decorated(x):
        log.append(x)
        return x + 1
    log.clear()
    print(await decorated(1), await decorated(5), log)

    async with contextlib.AsyncExitStack() as stack:
        out = []
        v1 = await stack.enter_async_context(atag("s1", out))
        v2 = stack.enter_context(tag("s2", out))
        async def acb(x, y=0):
            out.append(("acb", x, y))
        stack.push_async_callback(acb, 1, y=2)
        stack.callback(out.append, "sync")
        async def aexit(*exc):
            out.append("aexit")
        stack.push_async_exit(aexit)
        print(v1, v2)
    print(out)
    try:
        await contextlib.AsyncExitStack().enter_async_context(42)
    except TypeError as e:
        show(e)
    async def asuppress(*exc):
        return True
    async with contextlib.AsyncExitStack() as stack:
        stack.push_async_exit(asuppress)
        raise KeyError
    print("async stack suppressed")
    st = contextlib.AsyncExitStack()
    st.callback(print, "  aclose ran")
    await st.aclose()

asyncio.run(main())

# threads: independent managers in parallel
results = [None] * 4
def run(k):
    seen = []
    for i in range(100):
        with contextlib.ExitStack() as stack:
            stack.callback(seen.append, i)
            with contextlib.suppress(ZeroDivisionError):
                with tag("t%d" % k, []):
                    if i % 3 == 0:
                        1 / 0
    results[k] = (len(seen), sum(seen))
ts = [threading.Thread(target=run, args=(k,)) for k in range(4)]
for t in ts: t.start()
for t in ts: t.join()
print(results)
