"""Regenerates vectors.txt: CPython 3.11 hash values for numhash's tests.

Run with python3.11 (64-bit):  python3.11 gen_vectors.py > vectors.txt
Line formats (all numbers decimal):
  i <int> <hash>                      hash(int)
  f <ieee754 bits as u64> <hash>      hash(float), NaN excluded
  c <real hash> <imag hash> <hash>    hash(complex)
  r <num> <den> <hash>                hash(Fraction(num, den))
  t <h1,h2,...|-> <hash>              hash(tuple) from item hashes
  s <h1,h2,...|-> <hash>              hash(frozenset) from member hashes
  p <address> <hash>                  hash(object()) from id()
"""
import random
import struct
from fractions import Fraction

rng = random.Random(311)
P = 2**61 - 1
out = []


def ints():
    vals = [0, 1, -1, -2, 2, 7, -7, 2**31, 2**32, 2**61 - 2, 2**61 - 1, 2**61,
            2**61 + 1, 2**62, 2**63 - 1, -2**63, 2**63, 2**64 - 1, 2**64,
            2**70, -2**70, 2**122 - 1, 2**122, 2**183 - 1, -(2**61 - 1),
            -(2**61 - 2), -(2**61), P * 12345, -P * 7 - 1, P * P, 10**100,
            -10**100, 2**1000 + 17]
    for bits in (5, 30, 31, 60, 61, 62, 63, 64, 65, 90, 128, 200, 700):
        for _ in range(25):
            v = rng.getrandbits(bits)
            vals.append(v)
            vals.append(-v)
    for _ in range(40):
        k = rng.randrange(1, 20)
        vals.append(P * k + rng.choice([-2, -1, 0, 1, 2]))
        vals.append(-(P * k + rng.choice([-2, -1, 0, 1, 2])))
    return vals


for v in ints():
    out.append(f"i {v} {hash(v)}")


def fbits(x):
    return struct.unpack('<Q', struct.pack('<d', x))[0]


floats = [0.0, -0.0, 1.0, -1.0, 1.5, -1.5, 0.5, 0.1, 1e16, 1e300, -1e300,
          5e-324, -5e-324, 2.2250738585072014e-308, 1.7976931348623157e308,
          float('inf'), float('-inf'), 2.0**61, 2.0**62, 2.0**-61, 3.141592653589793,
          -2.0, 123456789.0, 2.0**53 + 2, 0.3333333333333333]
for _ in range(300):
    b = rng.getrandbits(64)
    x = struct.unpack('<d', struct.pack('<Q', b))[0]
    if x != x:
        continue
    floats.append(x)
for _ in range(100):
    floats.append(rng.uniform(-1e6, 1e6))
    floats.append(float(rng.randrange(-2**70, 2**70)))
for x in floats:
    out.append(f"f {fbits(x)} {hash(x)}")

for _ in range(150):
    a = rng.choice(floats)
    b = rng.choice(floats)
    out.append(f"c {hash(a)} {hash(b)} {hash(complex(a, b))}")
# a complex hashing to -1 before the fix-up: real part chosen so that
# real + 1000003*imag == -1 with imag = 1.0
out.append(f"c {hash(-1000004.0)} {hash(1.0)} {hash(complex(-1000004.0, 1.0))}")

for _ in range(200):
    n = rng.randrange(-10**30, 10**30)
    d = rng.choice([rng.randrange(1, 10**30), rng.randrange(1, 100), P, 2 * P, P * 3 + 0])
    out.append(f"r {n} {d} {hash(Fraction(n, d))}")
out.append(f"r 0 5 {hash(Fraction(0, 5))}")
out.append(f"r -1 1 {hash(Fraction(-1, 1))}")


def rand_item(depth=0):
    k = rng.randrange(6 if depth < 2 else 4)
    if k == 0:
        return rng.randrange(-100, 100)
    if k == 1:
        return rng.getrandbits(rng.choice([10, 62, 64, 100])) * rng.choice([1, -1])
    if k == 2:
        return rng.choice(floats)
    if k == 3:
        return 'str%d' % rng.randrange(1000)
    if k == 4:
        return tuple(rand_item(depth + 1) for _ in range(rng.randrange(4)))
    return frozenset(rand_item(depth + 1) for _ in range(rng.randrange(4)))


def hl(hs):
    return ','.join(str(h) for h in hs) if hs else '-'


items = [(), (1,), (1, 2), (-1,), (-2,), (-1, -1)]
for _ in range(300):
    items.append(tuple(rand_item() for _ in range(rng.randrange(8))))
for t in items:
    out.append(f"t {hl([hash(x) for x in t])} {hash(t)}")

sets = [frozenset(), frozenset({1}), frozenset({1, 2}), frozenset({-1}),
        frozenset(range(100))]
for _ in range(300):
    sets.append(frozenset(rand_item() for _ in range(rng.randrange(12))))
for fs in sets:
    out.append(f"s {hl([hash(x) for x in fs])} {hash(fs)}")

keep = []
for _ in range(50):
    o = object()
    keep.append(o)
    out.append(f"p {id(o)} {hash(o)}")

print('\n'.join(out))
