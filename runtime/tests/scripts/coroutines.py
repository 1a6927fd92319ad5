# Coroutine objects driven by hand: send/throw/close, await on coroutines and
# on objects with __await__, errors, and the async syntax's error messages.


async def add(a, b):
    return a + b


async def chain(n):
    total = 0
    for i in range(n):
        total += await add(i, 1)
    return total


def run(coro):
    try:
        while True:
            coro.send(None)
    except StopIteration as e:
        return e.value


print(run(chain(5)))
c = add(1, 2)
print(type(c).__name__, c.__name__, c.__qualname__)
print(repr(c).startswith("<coroutine object add at 0x"))
print(c.cr_running, c.cr_code.co_name)
try:
    c.send(None)
except StopIteration as e:
    print("stop", e.value, repr(e))
try:
    c.send(None)
except RuntimeError as e:
    print("RuntimeError:", e)
print(c.cr_frame)


class Ticker:
    def __init__(self, n):
        self.n = n

    def __await__(self):
        for i in range(self.n):
            got = yield ("tick", i)
            print("got", got)
        return "ticked"


async def use_ticker():
    r = await Ticker(3)
    print("ticker result", r)
    return r


co = use_ticker()
print(co.send(None))
print(co.send("a"))
print(co.send("b"))
try:
    co.send("c")
except StopIteration as e:
    print("done", e.value)


async def catcher():
    try:
        await Ticker(5)
    except ValueError as e:
        print("caught", e)
        return "recovered"


co = catcher()
print(co.send(None))
try:
    co.throw(ValueError("boom"))
except StopIteration as e:
    print("throw result", e.value)


async def cleanup():
    try:
        await Ticker(5)
    finally:
        print("cleanup ran")


co = cleanup()
co.send(None)
co.close()
print("closed")


async def bad_await(x):
    return await x


for bad in [3, "s", None]:
    try:
        bad_await(bad).send(None)
    except TypeError as e:
        print("TypeError:", e)


class BadAwait:
    def __await__(self):
        return 5


try:
    bad_await(BadAwait()).send(None)
except TypeError as e:
    print("TypeError:", e)

try:
    for x in add(1, 2):
        pass
except TypeError as e:
    print("TypeError:", e)

try:
    next(add(1, 2))
except TypeError as e:
    print("TypeError:", e)


async def raises_stop():
    raise StopIteration(5)


try:
    raises_stop().send(None)
except RuntimeError as e:
    print("RuntimeError:", e, type(e.__cause__).__name__)

w = add(2, 3).__await__()
print(type(w).__name__)
try:
    next(w)
except StopIteration as e:
    print("wrapper stop", e.value)


async def nested():
    async def inner(x):
        return x * 2

    results = []
    for i in range(3):
        results.append(await inner(i))
    return results


print(run(nested()))


async def with_comp():
    return [await add(i, i) for i in range(4)], {k: await add(k, "!") for k in "ab"}


print(run(with_comp()))

co = add(1, 1)
co.close()
try:
    co.send(None)
except RuntimeError as e:
    print("RuntimeError:", e)

co = use_ticker()
try:
    co.send(1)
except TypeError as e:
    print("TypeError:", e)

for src in [
    "await x",
    "def f():\n    await x\n",
    "def f():\n    async for x in y: pass\n",
    "def f():\n    async with x: pass\n",
    "async def f():\n    yield from x\n",
    "async def f():\n    yield 1\n    return 2\n",
    "def f():\n    return [x async for x in y]\n",
    "def f():\n    return [await x for x in y]\n",
    "async def f():\n    return lambda: [x async for x in y]\n",
    "class C:\n    await x\n",
    "async def f():\n    def g():\n        await x\n",
]:
    try:
        compile(src, "<src>", "exec")
        print("compiled")
    except SyntaxError as e:
        print("SyntaxError:", e.msg, e.lineno)

for src in [
    "def f():\n    return (await x for x in y)\n",
    "async def f():\n    return [[x async for x in y] for z in w]\n",
    "def f():\n    return [(x async for x in y) for z in w]\n",
]:
    compile(src, "<src>", "exec")
    print("compiled ok")
