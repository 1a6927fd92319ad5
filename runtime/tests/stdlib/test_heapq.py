import sys
sys.path.pop(0)  # this directory's test files share the modules' names
import heapq
import random
import threading

rng = random.Random(12345)

def check_heap(h):
    for i in range(len(h)):
        for c in (2 * i + 1, 2 * i + 2):
            if c < len(h) and h[c] < h[i]:
                return False
    return True

# push/pop sorts
data = [rng.randrange(1000) for _ in range(300)]
h = []
for x in data:
    heapq.heappush(h, x)
    assert check_heap(h)
out = [heapq.heappop(h) for _ in range(len(h))]
print(out == sorted(data), out[:10])

# heapify
for n in range(0, 40):
    d = [rng.randrange(50) for _ in range(n)]
    heapq.heapify(d)
    assert check_heap(d), d
print("heapify ok")
d = [9, 3, 7, 1, 8, 2]
heapq.heapify(d)
print(d[0], check_heap(d))

# replace / pushpop
h = [5, 7, 9]
heapq.heapify(h)
print(heapq.heapreplace(h, 10), h)
print(heapq.heappushpop(h, 1), h)
print(heapq.heappushpop(h, 8), h)
print(heapq.heappushpop([], 3))
for fn in (heapq.heappop, lambda x: heapq.heapreplace(x, 1)):
    try:
        fn([])
    except IndexError as e:
        print("IndexError", e)
try:
    heapq.heappush([1, 2], "a")
except TypeError as e:
    print("TypeError", e)

# tuples & stability through counters
h = []
for i, w in enumerate(["pear", "fig", "apple", "kiwi", "fig"]):
    heapq.heappush(h, (len(w), i, w))
print([heapq.heappop(h)[2] for _ in range(5)])

# nsmallest / nlargest
vals = [rng.randrange(100) for _ in range(200)]
for n in (-1, 0, 1, 2, 5, 50, 199, 200, 300):
    assert heapq.nsmallest(n, vals) == sorted(vals)[:max(n, 0)], n
    assert heapq.nlargest(n, vals) == sorted(vals, reverse=True)[:max(n, 0)], n
    assert heapq.nsmallest(n, iter(vals)) == sorted(vals)[:max(n, 0)], n
    assert heapq.nlargest(n, iter(vals)) == sorted(vals, reverse=True)[:max(n, 0)], n
print("n* ok")
words = "the quick brown fox jumps over a lazy dog and the cat".split()
print(heapq.nsmallest(4, words, key=len))
print(heapq.nlargest(4, words, key=len))
print(heapq.nsmallest(3, iter(words), key=len))
print(heapq.nlargest(3, iter(words), key=len))
print(heapq.nlargest(1, words, key=len), heapq.nsmallest(1, []), heapq.nlargest(1, iter([])))
print(heapq.nlargest(2, []), heapq.nsmallest(3, iter([4, 1])))
pairs = [(i % 3, i) for i in range(12)]
print(heapq.nsmallest(5, pairs, key=lambda p: p[0]))
print(heapq.nlargest(5, iter(pairs), key=lambda p: p[0]))

# merge
a = [1, 4, 7, 10]
b = [2, 4, 8]
c = []
d = [0, 11]
print(list(heapq.merge(a, b, c, d)))
print(list(heapq.merge()))
print(list(heapq.merge([3])))
print(list(heapq.merge([5, 3, 1], [4, 3, 2], reverse=True)))
print(list(heapq.merge(["aa", "c"], ["b", "ddd"], key=len)))
print(list(heapq.merge(["ccc", "a"], ["bb", "d"], key=len, reverse=True)))
ta = [(1, "a1"), (2, "a2"), (2, "a3")]
tb = [(1, "b1"), (2, "b2")]
print(list(heapq.merge(ta, tb, key=lambda t: t[0])))
print(list(heapq.merge(list(reversed(ta)), list(reversed(tb)), key=lambda t: t[0], reverse=True)))
streams = [sorted(rng.randrange(100) for _ in range(rng.randrange(20))) for _ in range(7)]
print(list(heapq.merge(*streams)) == sorted(sum(streams, [])))
g = heapq.merge(iter([1, 3]), iter([2]))
print(next(g), next(g), next(g), next(g, "done"))

# threads: each thread works on its own heap
results = [None] * 4
def work(k):
    r = random.Random(k)
    h = []
    for _ in range(2000):
        heapq.heappush(h, r.randrange(10000))
    s = [heapq.heappop(h) for _ in range(len(h))]
    results[k] = (s == sorted(s), len(s), heapq.nsmallest(3, s), heapq.nlargest(2, s))
ts = [threading.Thread(target=work, args=(k,)) for k in range(4)]
for t in ts:
    t.start()
for t in ts:
    t.join()
for r in results:
    print(r[0], r[1])
