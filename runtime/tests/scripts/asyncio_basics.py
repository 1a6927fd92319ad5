# asyncio's common API on one event loop: tasks, futures, gather, sleep,
# wait_for, wait, as_completed, queues, locks, events, semaphores,
# cancellation and the loop's callbacks. Output is deterministic.
import asyncio


async def work(name, delay, result, log):
    log.append("start " + name)
    await asyncio.sleep(delay)
    log.append("end " + name)
    return result


async def fails(delay, exc):
    await asyncio.sleep(delay)
    raise exc


async def basics():
    log = []
    t1 = asyncio.create_task(work("a", 0.02, 1, log), name="first")
    t2 = asyncio.create_task(work("b", 0.01, 2, log))
    print(t1.get_name(), t1.done(), t1.cancelled())
    print(await t1, await t2, t1.result(), t2.done())
    print(log)
    print(await asyncio.sleep(0.001, result="slept"))
    loop = asyncio.get_running_loop()
    print(loop is asyncio.get_event_loop(), loop.is_running())
    fut = loop.create_future()
    loop.call_soon(fut.set_result, "via call_soon")
    print(await fut)
    fut = loop.create_future()
    loop.call_later(0.01, fut.set_result, "via call_later")
    print(await fut)
    fut = loop.create_future()
    try:
        fut.result()
    except asyncio.InvalidStateError as e:
        print("InvalidStateError:", e)
    fut.set_exception(ValueError("bad"))
    print(type(fut.exception()).__name__, fut.done())
    calls = []
    fut2 = loop.create_future()
    fut2.add_done_callback(lambda f: calls.append(("cb1", f.result())))
    fut2.add_done_callback(lambda f: calls.append(("cb2", f.result())))
    fut2.set_result(7)
    await asyncio.sleep(0)
    print(calls)
    t0 = loop.time()
    await asyncio.sleep(0.05)
    print(loop.time() - t0 >= 0.045)


async def gathering():
    log = []
    print(await asyncio.gather(work("x", 0.03, "X", log), work("y", 0.01, "Y", log), work("z", 0.02, "Z", log)))
    print(log)
    res = await asyncio.gather(fails(0.01, KeyError("k")), work("w", 0.02, "W", log), return_exceptions=True)
    print([type(r).__name__ if isinstance(r, BaseException) else r for r in res])
    try:
        await asyncio.gather(fails(0.01, ValueError("first")), work("v", 0.03, "V", log))
    except ValueError as e:
        print("gather raised", e)
    print(await asyncio.gather())


async def timeouts():
    try:
        await asyncio.wait_for(asyncio.sleep(1), timeout=0.02)
    except asyncio.TimeoutError as e:
        print("timed out", type(e).__name__, asyncio.TimeoutError is TimeoutError)
    print(await asyncio.wait_for(work("quick", 0.001, "fast", []), timeout=1))
    print(await asyncio.wait_for(work("none", 0.001, "no timeout", []), None))


async def waiting():
    log = []
    tasks = [asyncio.create_task(work(n, d, n.upper(), log)) for n, d in [("p", 0.03), ("q", 0.01), ("r", 0.05)]]
    done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    print(sorted(t.result() for t in done), len(pending))
    done, pending = await asyncio.wait(tasks, timeout=0.025)
    print(sorted(t.result() for t in done), len(pending))
    done, pending = await asyncio.wait(tasks)
    print(sorted(t.result() for t in done), len(pending))
    bad = [asyncio.create_task(fails(0.01, OSError("os"))), asyncio.create_task(work("s", 0.2, "S", log))]
    done, pending = await asyncio.wait(bad, return_when=asyncio.FIRST_EXCEPTION)
    print(len(done), len(pending), type(list(done)[0].exception()).__name__)
    for t in pending:
        t.cancel()
    try:
        await asyncio.wait([])
    except ValueError as e:
        print("ValueError:", e)
    order = []
    for c in asyncio.as_completed([work("m", 0.03, 3, log), work("n", 0.01, 1, log), work("o", 0.02, 2, log)]):
        order.append(await c)
    print(order)


async def cancelling():
    started = asyncio.Event()

    async def victim():
        started.set()
        try:
            await asyncio.sleep(10)
        except asyncio.CancelledError:
            print("victim saw CancelledError")
            raise

    t = asyncio.create_task(victim())
    await started.wait()
    print(t.cancel(), t.cancel())
    try:
        await t
    except asyncio.CancelledError:
        print("awaiting cancelled task raised CancelledError")
    print(t.cancelled(), t.done())
    print(issubclass(asyncio.CancelledError, BaseException), issubclass(asyncio.CancelledError, Exception))

    async def outer():
        inner = asyncio.create_task(asyncio.sleep(10))
        try:
            await inner
        finally:
            print("inner cancelled too:", inner.cancelled())

    o = asyncio.create_task(outer())
    await asyncio.sleep(0.01)
    o.cancel()
    await asyncio.gather(o, return_exceptions=True)
    print(o.cancelled())

    async def swallow():
        try:
            await asyncio.sleep(10)
        except asyncio.CancelledError:
            return "swallowed"

    s = asyncio.create_task(swallow())
    await asyncio.sleep(0)
    s.cancel()
    print(await s, s.cancelled())
    done_task = asyncio.create_task(work("d", 0, 0, []))
    await done_task
    print(done_task.cancel())


async def queues():
    q = asyncio.Queue(maxsize=2)
    print(q.maxsize, q.empty(), q.full(), q.qsize())
    results = []

    async def producer():
        for i in range(5):
            await q.put(i)
            results.append("put %d" % i)
        await q.put(None)

    async def consumer():
        while True:
            item = await q.get()
            q.task_done()
            if item is None:
                break
            results.append("got %d" % item)
            await asyncio.sleep(0.001)

    await asyncio.gather(producer(), consumer())
    print(results)
    await q.join()
    q.put_nowait("a")
    q.put_nowait("b")
    try:
        q.put_nowait("c")
    except asyncio.QueueFull:
        print("QueueFull", q.full())
    print(q.get_nowait(), q.get_nowait())
    try:
        q.get_nowait()
    except asyncio.QueueEmpty:
        print("QueueEmpty")
    q.task_done()
    q.task_done()
    try:
        q.task_done()
    except ValueError as e:
        print("ValueError:", e)
    pq = asyncio.PriorityQueue()
    for x in [5, 1, 4, 2, 3]:
        pq.put_nowait(x)
    print([pq.get_nowait() for _ in range(5)])
    lq = asyncio.LifoQueue()
    for x in "abc":
        lq.put_nowait(x)
    print([lq.get_nowait() for _ in range(3)])


async def locks():
    lock = asyncio.Lock()
    log = []

    async def critical(name):
        async with lock:
            log.append(name + " in")
            await asyncio.sleep(0.001)
            log.append(name + " out")

    await asyncio.gather(critical("a"), critical("b"), critical("c"))
    print(log, lock.locked())
    try:
        lock.release()
    except RuntimeError as e:
        print("RuntimeError:", e)
    sem = asyncio.Semaphore(2)
    active = []
    peak = [0]

    async def limited(i):
        async with sem:
            active.append(i)
            peak[0] = max(peak[0], len(active))
            await asyncio.sleep(0.005)
            active.remove(i)
        return i

    print(await asyncio.gather(*(limited(i) for i in range(6))), peak[0])
    ev = asyncio.Event()
    seen = []

    async def waiter(i):
        await ev.wait()
        seen.append(i)

    ws = [asyncio.create_task(waiter(i)) for i in range(3)]
    await asyncio.sleep(0.001)
    print(ev.is_set(), seen)
    ev.set()
    await asyncio.gather(*ws)
    print(ev.is_set(), seen)
    bs = asyncio.BoundedSemaphore(1)
    await bs.acquire()
    bs.release()
    try:
        bs.release()
    except ValueError as e:
        print("ValueError:", e)


async def misuse():
    try:
        asyncio.run(asyncio.sleep(0))
    except RuntimeError as e:
        print("RuntimeError:", e)
    try:
        asyncio.create_task(42)
    except TypeError as e:
        print("TypeError:", str(e)[:28])
    t = asyncio.current_task()
    print(t.get_name() == "Task-1" or t.get_name().startswith("Task-"))


async def main():
    for part in [basics, gathering, timeouts, waiting, cancelling, queues, locks, misuse]:
        print("==", part.__name__)
        await part()
    return "main done"


print(asyncio.run(main()))
try:
    asyncio.get_running_loop()
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    asyncio.run(123)
except ValueError as e:
    print("ValueError:", e)


async def boom():
    raise KeyError("from main")


try:
    asyncio.run(boom())
except KeyError as e:
    print("KeyError", e)
