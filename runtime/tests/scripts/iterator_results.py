# zip, enumerate and other native iterators: results refilled in place
# when they come back unshared must never change a result someone holds.
a = [1, 2, 3, 4]
b = "wxyz"

kept = []
for t in zip(a, b):
    kept.append(t)
print(kept, len(set(map(id, kept))) == len(kept))

kept = []
for t in enumerate(b, 10):
    kept.append(t)
print(kept)

# the loop variable holds the last result while the next one is made
prev = None
for t in zip(a, b):
    if prev is not None:
        print(prev, t, prev is t)
    prev = t

# unpacked: the usual case, results refilled
total = 0
for i, (x, y) in enumerate(zip(a, b)):
    total += i * x + ord(y)
print(total)

print(list(zip(a, b, a)), list(enumerate("ab")))
print(dict(zip(b, a)), sorted(enumerate([3, 1, 2]), key=lambda p: p[1]))

# results stored in containers while iterating, then compared
pairs = {}
for i, t in enumerate(zip(a, a[1:])):
    pairs[t] = i
print(pairs)

# a nested pair that escapes through a closure
grab = []
for t in enumerate("pq"):
    grab.append(lambda t=t: t)
print([g() for g in grab])

# an inner iterator that raises in the middle
def gen():
    yield 1
    yield 2
    raise ValueError("inner")

e = enumerate(gen())
print(next(e), next(e))
try:
    next(e)
except ValueError as err:
    print("raised:", err)
print(list(e))

# strict zip, and a zip whose results are kept through a generator
try:
    print(list(zip([1, 2], [3], strict=True)))
except ValueError as err:
    print(err)
print(max(zip(a, b)), min(enumerate(b), key=lambda p: p[1]))
it = zip(a, b)
first = next(it)
second = next(it)
print(first, second, first is second)
# big counts
e = enumerate("ab", 2**63 - 1)
print(list(e))

# map and zip over strings, dict items
d = {"k%d" % i: i for i in range(5)}
for k, v in d.items():
    print(k, v, end="; ")
print()
print(list(map(lambda p, q: p + q, a, a)))
for ch, n in zip("héllo", range(5)):
    print(ch, n, end=" ")
print()
