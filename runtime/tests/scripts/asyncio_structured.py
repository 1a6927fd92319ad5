import asyncio

async def ok(n, d=0):
    await asyncio.sleep(d)
    return n * 2

async def bad(msg, d=0):
    await asyncio.sleep(d)
    raise ValueError(msg)

async def slow(log, name):
    try:
        await asyncio.sleep(10)
    except asyncio.CancelledError:
        log.append(name + ' cancelled')
        raise

async def main():
    async with asyncio.TaskGroup() as tg:
        a = tg.create_task(ok(1))
        b = tg.create_task(ok(2, 0.01))
    print('results', a.result(), b.result())
    print(repr(tg)[:11])
    log = []
    try:
        async with asyncio.TaskGroup() as tg:
            tg.create_task(slow(log, 's1'))
            tg.create_task(bad('boom', 0.01))
            tg.create_task(slow(log, 's2'))
    except* ValueError as eg:
        print('caught', type(eg).__name__, eg.message, [str(e) for e in eg.exceptions])
    print(sorted(log))
    try:
        async with asyncio.TaskGroup() as tg:
            tg.create_task(bad('x', 0.01))
            tg.create_task(bad('y', 0.01))
    except ExceptionGroup as eg:
        print('two', sorted(str(e) for e in eg.exceptions), str(eg))
    try:
        async with asyncio.TaskGroup() as tg:
            tg.create_task(slow(log, 's3'))
            raise KeyError('body')
    except BaseException as e:
        print('body error', type(e).__name__, [repr(x) for x in getattr(e, 'exceptions', [])])
    tg = asyncio.TaskGroup()
    coro = ok(1)
    try:
        tg.create_task(coro)
    except RuntimeError as e:
        coro.close()
        print('not entered', str(e).split(' ')[0], 'has not been entered' in str(e))
    async with tg:
        pass
    coro = ok(3)
    try:
        tg.create_task(coro)
    except RuntimeError as e:
        print('finished', 'is finished' in str(e))
    coro.close()
    # nested cancellation from outside
    async def runner():
        async with asyncio.TaskGroup() as tg:
            tg.create_task(slow(log, 's4'))
            await asyncio.sleep(10)
    t = asyncio.create_task(runner())
    await asyncio.sleep(0.01)
    t.cancel()
    try:
        await t
    except asyncio.CancelledError:
        print('outer cancelled', t.cancelled())
    print(sorted(log))

    # timeout
    try:
        async with asyncio.timeout(0.01) as cm:
            await asyncio.sleep(1)
    except TimeoutError as e:
        print('timeout', type(e).__name__, cm.expired(), type(e.__cause__).__name__, type(e.__context__).__name__)
    async with asyncio.timeout(1) as cm:
        await asyncio.sleep(0)
    print('not expired', cm.expired(), cm.when() is not None)
    async with asyncio.timeout(None) as cm:
        cm.reschedule(asyncio.get_running_loop().time() + 0.01)
        try:
            await asyncio.sleep(1)
        except asyncio.CancelledError:
            print('inner sees cancel')
            raise
    print('unreachable')

async def main2():
    try:
        await main()
    except TimeoutError:
        print('timeout via reschedule')
    loop = asyncio.get_running_loop()
    try:
        async with asyncio.timeout_at(loop.time() - 1):
            await asyncio.sleep(1)
    except TimeoutError:
        print('timeout_at past')
    t = asyncio.timeout(5)
    print(repr(t).startswith('<Timeout [created]'))
    try:
        t.reschedule(1)
    except RuntimeError as e:
        print('reschedule', e)
    # shield
    inner_done = []
    async def work():
        await asyncio.sleep(0.02)
        inner_done.append(1)
        return 'w'
    inner = asyncio.ensure_future(work())
    outer = asyncio.shield(inner)
    outer.cancel()
    try:
        await outer
    except asyncio.CancelledError:
        print('outer cancelled')
    print('inner', await inner, inner_done)
    # Condition
    cond = asyncio.Condition()
    items = []
    async def consumer(i):
        async with cond:
            await cond.wait_for(lambda: items)
            return (i, items.pop())
    cs = [asyncio.create_task(consumer(i)) for i in range(3)]
    await asyncio.sleep(0)
    for v in 'abc':
        async with cond:
            items.append(v)
            cond.notify()
        await asyncio.sleep(0)
    print(sorted(r for _, r in await asyncio.gather(*cs)))
    try:
        cond.notify()
    except RuntimeError as e:
        print(e)
    try:
        await cond.wait()
    except RuntimeError as e:
        print(e)
    async def waiter_all(i):
        async with cond:
            await cond.wait()
            return i
    ws = [asyncio.create_task(waiter_all(i)) for i in range(3)]
    await asyncio.sleep(0)
    async with cond:
        cond.notify_all()
    print(await asyncio.gather(*ws))
    print(cond.locked(), repr(cond).split()[0])

asyncio.run(main2())


# TaskGroups and timeouts on four threads at once, one loop each.
import threading

async def per_thread(k):
    async with asyncio.TaskGroup() as tg:
        tasks = [tg.create_task(ok(k * 10 + i, 0.001 * i)) for i in range(5)]
    try:
        async with asyncio.timeout(0.005):
            await asyncio.sleep(1)
    except TimeoutError:
        timed_out = True
    try:
        async with asyncio.TaskGroup() as tg:
            tg.create_task(bad('t%d' % k, 0.002))
            tg.create_task(asyncio.sleep(1))
    except* ValueError as eg:
        failed = [str(e) for e in eg.exceptions]
    return sum(t.result() for t in tasks), timed_out, failed

results = {}
def run_thread(k):
    results[k] = asyncio.run(per_thread(k))
threads = [threading.Thread(target=run_thread, args=(k,)) for k in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(sorted(results.items()))
