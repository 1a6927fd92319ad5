import threading

results = {}
lock = threading.Lock()


def worker(k):
    caught = []
    for i in range(200):
        try:
            try:
                raise ExceptionGroup(f"w{k}", [ValueError(i), TypeError(k), KeyError(i % 3)])
            except* ValueError as e:
                caught.append(("V", e.exceptions[0].args[0]))
            except* TypeError:
                raise RuntimeError(k)
        except ExceptionGroup as g:
            caught.append(tuple(sorted(type(x).__name__ for x in g.exceptions)))
    with lock:
        results[k] = caught


threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
for k in sorted(results):
    r = results[k]
    print(k, len(r), r[:3], r[-2:], sum(x[1] for x in r if x[0] == "V"))
