# Integer operators at the edges of the machine-integer fast paths (i64
# immediates, 127-bit big ints) against CPython: every result must be the
# same whichever path computes it.
edges = [0, 1, -1, 2, -2, 3, -3, 7, -7, 33, -33, 63, 64, 127, 128,
         2**31, -2**31, 2**62, 2**63 - 1, -2**63, 2**63, -2**63 - 1,
         2**64 - 1, 2**64, -2**64, 6364136223846793005, 2**100 + 12345,
         -(2**100) - 6789, 2**126, 2**127 - 1, -2**127, 2**127, -2**127 - 1,
         2**128 + 1, -(2**200)]
ops = [
    ("+", lambda a, b: a + b),
    ("-", lambda a, b: a - b),
    ("*", lambda a, b: a * b),
    ("//", lambda a, b: a // b),
    ("%", lambda a, b: a % b),
    ("&", lambda a, b: a & b),
    ("|", lambda a, b: a | b),
    ("^", lambda a, b: a ^ b),
]
lines = 0
for name, f in ops:
    for a in edges:
        for b in edges:
            try:
                r = f(a, b)
            except ZeroDivisionError as e:
                r = "ZeroDivisionError: " + str(e)
            print(name, a, b, r)
            lines += 1
shifts = [0, 1, 5, 31, 62, 63, 64, 65, 100, 126, 127, 128, 200]
for a in edges:
    for s in shifts:
        print("<<", a, s, a << s)
        print(">>", a, s, a >> s)
for a in [5, -5, 2**70]:
    for s in [-1, -64]:
        for op in ("<<", ">>"):
            try:
                r = a << s if op == "<<" else a >> s
            except ValueError as e:
                r = "ValueError: " + str(e)
            print(op, a, s, r)
# an LCG that lives between 64 and 127 bits, as hashing code does
state = 2718281828
total = 0
for _ in range(1000):
    state = (state * 6364136223846793005 + 1442695040888963407) % (2 ** 64)
    total += (state >> 33) % 1000
    total ^= state & 0xFFFF
print("lcg", state, total)
x = 2**63
x += 1
x -= 2
x *= 3
x //= 7
x %= 2**64 + 13
print("inplace", x, type(x).__name__)
print("lines", lines)
