import asyncio, sys

log = []

async def ticker(name):
    try:
        i = 0
        while True:
            yield i
            i += 1
    finally:
        log.append(name + ' closed')

async def never_started():
    try:
        yield 1
    finally:
        log.append('never')

async def main():
    t = ticker('a')
    async for v in t:
        if v == 2:
            break
    g2 = ticker('b')
    print(await g2.__anext__(), await g2.asend(None))
    never_started()
    print('main done', log)

asyncio.run(main())
print('after run', sorted(log))
print(sys.get_asyncgen_hooks())

seen = []
def first(agen):
    seen.append(agen.__name__)
sys.set_asyncgen_hooks(firstiter=first)
print(sys.get_asyncgen_hooks().firstiter is first, sys.get_asyncgen_hooks().finalizer)
async def drive():
    g = ticker('c')
    await g.__anext__()
    await g.__anext__()
    await g.aclose()
    h = ticker('d')
    await h.aclose()
c = drive()
try:
    c.send(None)
except StopIteration:
    pass
print(seen, sorted(log))
for bad in ((1,), (None, 2)):
    try:
        sys.set_asyncgen_hooks(*bad)
    except TypeError as e:
        print(e)
sys.set_asyncgen_hooks(None, None)
print(sys.get_asyncgen_hooks())

async def many():
    for i in range(300):
        g = ticker(str(i))
        await g.__anext__()
        await g.aclose()
    return len(asyncio.get_running_loop()._asyncgens) < 300 if hasattr(asyncio.get_running_loop(), '_asyncgens') else True
log.clear()
print(asyncio.run(many()), len(log))
