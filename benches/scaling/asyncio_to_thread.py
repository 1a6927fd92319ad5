# Strong-scaling workload for async code that hands CPU work to threads:
# one asyncio loop splits UNITS of pure-Python work into chunks and awaits
# them through asyncio.to_thread on an executor of THREADS workers.
# usage: asyncio_to_thread.py THREADS UNITS   (the checksum does not depend on THREADS)
import asyncio
import concurrent.futures
import sys


def collatz_steps(n):
    steps = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return steps


def work(first, count):
    total = 0
    for unit in range(first, first + count):
        base = unit * 97 + 1
        for k in range(base, base + 40):
            total += collatz_steps(k)
    return total


async def main(threads, units):
    loop = asyncio.get_running_loop()
    loop.set_default_executor(concurrent.futures.ThreadPoolExecutor(max_workers=threads))
    chunks = 8 * threads
    size, extra = divmod(units, chunks)
    jobs = []
    first = 0
    for c in range(chunks):
        count = size + (1 if c < extra else 0)
        jobs.append(asyncio.to_thread(work, first, count))
        first += count
    return sum(await asyncio.gather(*jobs))


if __name__ == "__main__":
    threads = int(sys.argv[1])
    units = int(sys.argv[2])
    print(asyncio.run(main(threads, units)))
