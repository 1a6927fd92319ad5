# Set membership, add and discard for keys that compare without Python
# code (ints, floats, strs, tuples, bools), with many deletions so lookups
# walk over dummies; the table order is printed after each phase.
import math

s = set()
for r in range(5):
    for k in range(-40, 41, 3):
        s.add(k * (r + 1))
    for k in range(-40, 41, 7):
        s.discard(k)
    print(r, len(s), list(s)[:12], sum(1 for k in range(-200, 201) if k in s))

# Equal keys of different types: the first stored one stays.
t = {1, 2.0, "a", (1, 2), True, 0, False, 3.5}
t.add(1.0)
t.add(2)
t.add((1.0, 2))
print(sorted(map(repr, t)), 2 in t, 1.0 in t, (1, 2.0) in t, "a" in t)
t.discard(2)
t.discard(True)
print(sorted(map(repr, t)))

# NaN is found by identity (floats are immediates in Weft, so two NaNs
# made apart are not told apart: only the same one is looked up here).
nan = float("nan")
u = {nan, 1.5}
print(nan in u, len(u))

# Strs, hashed before and not, with shared prefixes and equal lengths.
words = ["push", "pop", "add", "sub", "mul", "mod", "muk", "é", "è", ""]
w = set()
for i in range(300):
    x = words[i % len(words)] + str(i % 7)
    if i % 3:
        w.add(x)
    else:
        w.discard(x)
print(len(w), sorted(w)[:8], "mul3" in w, "mod3" in w, "é" + "1" in w)


# A user key with __eq__ among native keys: its comparisons run Python.
class K:
    def __init__(self, v):
        self.v = v

    def __hash__(self):
        return hash(self.v)

    def __eq__(self, o):
        return isinstance(o, K) and o.v == self.v


m = {1, 2, K(1), K(2), 33}
print(K(1) in m, 1 in m, K(3) in m, 33 in m, len(m))
m.discard(K(1))
m.discard(1)
print(len(m), K(2) in m, 2 in m, math.inf in m)
