# range over arbitrary-precision bounds, and range slicing bounds.
big = 10**30
r = range(big, big + 200)
print(r, r.start, r.stop, r.step, bool(r), len(r))
print(r[5], r[-1], r[0], r[199], r[10:20:3], r[::-1][:3], r[-5:], r[100:50], r[::50])
print(list(r[10:20:3]), list(r)[:3], sum(r) % 1000, big + 7 in r, big - 1 in r, big + 200 in r, 3.5 in r)
print(r.index(big + 42), r.count(big + 42), r.count(5), r == range(big, big + 200), r == range(big, big + 201))
print(hash(r) == hash(range(big, big + 200)), hash(r) == hash(range(big, big + 200, 1)), hash(range(big, big + 10, 3)) == hash(range(big, big + 12, 3)))
print(list(reversed(range(big, big + 5))), list(reversed(range(-big, -big - 10, -3))))
it = iter(range(big, big + 3))
print(type(it).__name__, next(it), next(it), next(it), next(it, 'done'))
huge = range(0, 10**40, 7)
print(huge, bool(huge), huge[10**38], huge[-1], 7 * 10**35 in huge, 7 * 10**35 + 1 in huge, huge.index(7 * 10**20))
print(huge[10**38:10**38 + 30:10], range(-big, big)[big], range(big, 0, -big // 4), list(range(big, 0, -big // 4)))
for f in [lambda: len(huge), lambda: len(range(big)), lambda: huge[10**40], lambda: r[200], lambda: r[-201],
          lambda: r.index(big - 1), lambda: range(0, big, 0), lambda: r['a'], lambda: r[::0], lambda: range(big, 'x')]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
print(range(10)[1:8:3], range(10)[::-1], range(10)[8:1:-2], range(0, 20, 3)[2:], range(5)[10:], range(10)[-100:100])
print(range(2**63 - 2, 2**63 + 2), list(range(2**63 - 2, 2**63 + 2)), range(-2**63 - 1, -2**63 + 1)[1])
e = range(big, big)
print(e, bool(e), len(e), list(e), e == range(0), hash(e) == hash(range(5, 5)))
total = 0
for i in range(1000):
    total += i
for i in range(big, big + 1000):
    total += i - big
print(total)
