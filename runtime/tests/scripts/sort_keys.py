import random
random.seed(5)
xs = [random.randint(-50, 50) for _ in range(300)]
print(sorted(xs)[:10], sorted(xs, reverse=True)[:10])
fs = [random.choice([0.0, -0.0, 1.5, -2.25, 3.0]) for _ in range(50)]
print([str(f) for f in sorted(fs)][:12])
print([str(f) for f in sorted(fs, reverse=True)][:12])
nan = float("nan")
print(sorted([3.0, nan, 1.0, 2.0]), sorted([nan, 2.0, 1.0]))
ws = ["b", "a", "é", "z", "ä", "ab", "", "Z", "😀", "a"]
print(sorted(ws), sorted(ws, reverse=True))
ts = [(random.randint(0, 3), random.choice("xyz"), i) for i in range(40)]
print(sorted(ts)[:8])
print(sorted(ts, key=lambda t: (t[0], t[1]))[:8])
print(sorted(ts, key=lambda t: (-t[0], t[1]), reverse=True)[:8])
pairs = [(1, "a"), (1, 2)]
try:
    sorted(pairs)
except TypeError as e:
    print("TypeError:", e)
try:
    sorted([1, "a", 2])
except TypeError as e:
    print("TypeError:", e)
print(sorted([True, 0, -1, False, 2]))
class S(str):
    def __lt__(self, o):
        return len(self) < len(o)
print(sorted([S("ccc"), S("a"), S("bb")]))
print(sorted([(1, 2), (1,), (0, 5, 6), ()]))
print(sorted([10**30, 5, -10**30, 7]))
words = "the quick brown fox jumps over the lazy dog the end".split()
from collections import Counter
c = Counter(words)
print(sorted(c.items(), key=lambda kv: (-kv[1], kv[0])))
l = [3, 1, 2]
l.sort(key=lambda v: -v)
print(l)
