# asyncio with threads: to_thread and run_in_executor doing CPU work on the
# default thread pool, call_soon_threadsafe from a plain thread, and several
# OS threads each running their own asyncio.run at once.
import asyncio
import threading


def crunch(n):
    total = 0
    for i in range(n):
        total += i * i % 7
    return total


def named(a, b=0, *, c=0):
    return a + b + c


async def pool_work():
    loop = asyncio.get_running_loop()
    results = await asyncio.gather(*(asyncio.to_thread(crunch, 20000 + i) for i in range(4)))
    print(results)
    print(await loop.run_in_executor(None, crunch, 1000))
    print(await asyncio.to_thread(named, 1, 2, c=3))
    try:
        await asyncio.to_thread(int, "x")
    except ValueError as e:
        print("ValueError:", e)
    main_ident = threading.get_ident()
    other = await asyncio.to_thread(threading.get_ident)
    print(other != main_ident)


async def from_thread():
    loop = asyncio.get_running_loop()
    fut = loop.create_future()

    def worker():
        loop.call_soon_threadsafe(fut.set_result, "sent from a thread")

    t = threading.Thread(target=worker)
    t.start()
    print(await fut)
    t.join()
    got = []
    done = asyncio.Event()

    def many():
        for i in range(5):
            loop.call_soon_threadsafe(got.append, i)
        loop.call_soon_threadsafe(done.set)

    threading.Thread(target=many).start()
    await done.wait()
    print(got)


async def per_thread(k):
    loop = asyncio.get_running_loop()
    q = asyncio.Queue()

    async def producer():
        for i in range(20):
            await q.put(i * k)
            await asyncio.sleep(0)
        await q.put(None)

    async def consumer():
        total = 0
        while True:
            item = await q.get()
            if item is None:
                return total
            total += item

    _, total = await asyncio.gather(producer(), consumer())
    cpu = await loop.run_in_executor(None, crunch, 5000 * k)
    await asyncio.sleep(0.01)
    return k, total, cpu, asyncio.get_running_loop() is loop


print(asyncio.run(pool_work()))
print(asyncio.run(from_thread()))

results = {}
lock = threading.Lock()


def runner(k):
    r = asyncio.run(per_thread(k))
    with lock:
        results[k] = r


threads = [threading.Thread(target=runner, args=(k,)) for k in range(1, 7)]
for t in threads:
    t.start()
for t in threads:
    t.join()
for k in sorted(results):
    print(results[k])
