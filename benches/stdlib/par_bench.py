# Session 26's stdlib measurement (docs/PERFORMANCE.md): run with weft and python3.11.
# THREADS independent json+re jobs, each on its own input; prints wall time.
import json, re, sys, threading, time, random
threads = int(sys.argv[1])
units = int(sys.argv[2])
def job(seed):
    rng = random.Random(seed)
    doc = [{"k": rng.random(), "s": "w%d" % i} for i in range(20000)]
    text = json.dumps(doc)
    back = json.loads(text)
    assert len(back) == len(doc)
    return len(re.findall(r"\w+", text))
def worker(jobs):
    for j in jobs:
        job(j)
jobs = list(range(units))
t = time.perf_counter()
ts = [threading.Thread(target=worker, args=(jobs[i::threads],)) for i in range(threads)]
for x in ts: x.start()
for x in ts: x.join()
print("threads %d units %d wall %.3f" % (threads, units, time.perf_counter() - t))
