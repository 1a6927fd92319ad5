# async for / async with / async generators / async comprehensions, driven
# by a tiny hand-written runner (no asyncio).


def run(coro):
    try:
        while True:
            coro.send(None)
    except StopIteration as e:
        return e.value


class Suspend:
    def __await__(self):
        yield "suspended"


class ARange:
    def __init__(self, n):
        self.n = n
        self.i = 0

    def __aiter__(self):
        return self

    async def __anext__(self):
        if self.i >= self.n:
            raise StopAsyncIteration
        await Suspend()
        self.i += 1
        return self.i - 1


class Manager:
    def __init__(self, name, suppress=False):
        self.name = name
        self.suppress = suppress

    async def __aenter__(self):
        print("enter", self.name)
        await Suspend()
        return self.name.upper()

    async def __aexit__(self, typ, val, tb):
        print("exit", self.name, typ.__name__ if typ else None, val)
        await Suspend()
        return self.suppress


async def agen(n):
    for i in range(n):
        await Suspend()
        got = yield i * 10
        if got is not None:
            print("agen got", got)
    print("agen done")


async def main():
    async for i in ARange(3):
        print("arange", i)
    else:
        print("arange else")
    async for v in agen(3):
        print("agen", v)
        if v == 10:
            break
    async with Manager("a") as m:
        print("inside", m)
    async with Manager("b", suppress=True) as m, Manager("c"):
        print("inside two", m)
        raise KeyError("k")
    try:
        async with Manager("d"):
            raise ValueError("v")
    except ValueError as e:
        print("propagated", e)
    print([x async for x in agen(3)])
    print({x: y async for x in ARange(2) async for y in ARange(2)})
    print([x async for x in ARange(6) if x % 2])
    print([await sq(x) for x in range(3)])
    print([x for x in [await sq(5)]])
    g = (x + 1 async for x in ARange(3))
    print(type(g).__name__)
    print([y async for y in g])
    for n in range(3):
        async with Manager("loop%d" % n):
            if n == 1:
                continue
            if n == 2:
                break
            print("body", n)
    return await returns_in_with()


async def sq(x):
    await Suspend()
    return x * x


async def returns_in_with():
    async with Manager("r"):
        return "from with"


print(run(main()))


async def drive_by_hand():
    g = agen(3)
    print(type(g).__name__, repr(g).startswith("<async_generator object agen at"))
    print(await g.__anext__())
    print(await g.asend("hello"))
    try:
        await g.athrow(ValueError("thrown"))
    except ValueError as e:
        print("athrow raised", e)
    try:
        await g.__anext__()
    except StopAsyncIteration:
        print("exhausted")
    g2 = agen(5)
    print(await g2.__anext__())
    await g2.aclose()
    try:
        await g2.__anext__()
    except StopAsyncIteration:
        print("closed gen exhausted")
    aw = g2.__anext__()
    print(type(aw).__name__)
    print(g2.ag_running)


run(drive_by_hand())


async def closing():
    try:
        yield 1
        yield 2
    finally:
        print("agen finally")


async def close_it():
    g = closing()
    print(await g.__anext__())
    await g.aclose()


run(close_it())


async def ignores_exit():
    while True:
        try:
            yield 1
        except GeneratorExit:
            pass


async def bad_close():
    g = ignores_exit()
    await g.__anext__()
    try:
        await g.aclose()
    except RuntimeError as e:
        print("RuntimeError:", e)


run(bad_close())


async def stop_inside():
    yield 1
    raise StopAsyncIteration


async def use_stop_inside():
    try:
        async for x in stop_inside():
            print("x", x)
    except RuntimeError as e:
        print("RuntimeError:", e)


run(use_stop_inside())


async def errors():
    for obj in [1, [1, 2]]:
        try:
            async for x in obj:
                pass
        except TypeError as e:
            print("TypeError:", e)
    try:
        async with 5:
            pass
    except TypeError as e:
        print("TypeError:", e)

    class NoAwait:
        async def __aenter__(self):
            return 1

        def __aexit__(self, *a):
            return 5

    try:
        async with NoAwait():
            pass
    except TypeError as e:
        print("TypeError:", e)

    class BadIter:
        def __aiter__(self):
            return 1

    try:
        async for x in BadIter():
            pass
    except TypeError as e:
        print("TypeError:", e)


run(errors())
