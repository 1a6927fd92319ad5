# Floor division, modulo and divmod of big ints whose quotient fits in one
# machine word (and some whose quotient does not), for every sign
# combination, around exact multiples: Python's floor semantics.

divisors = [
    (1 << 200) + 12345,
    (1 << 256) - 1,
    1 << 300,
    ((1 << 64) - 1) << 4000,
    7 ** 400,
    3 ** 1000 + 1,
]
quotients = [1, 2, 9, 10, 12345, (1 << 59) + 3, (1 << 60) - 1, 1 << 61, 1 << 200]

checksum = 0
lines = 0
for d in divisors:
    for q in quotients:
        for delta in (0, 1, -1, d - 1, d // 3):
            a = d * q + delta
            for sa in (1, -1):
                for sd in (1, -1):
                    x, y = sa * a, sd * d
                    fq, fr = x // y, x % y
                    assert divmod(x, y) == (fq, fr)
                    assert fq * y + fr == x
                    assert fr == 0 or (fr > 0) == (y > 0)
                    checksum = (checksum * 31 + fq % 1000003 + fr % 999983) % (1 << 61)
                    lines += 1
print("cases:", lines, "checksum:", checksum)

# pidigits' shape: numbers of the same size, a digit as the quotient
q, r, t, k = 1, 0, 1, 1
digits = []
while len(digits) < 300:
    q, r, t = q * k, (2 * q + r) * (2 * k + 1), t * (2 * k + 1)
    k += 1
    d = (3 * q + r) // t
    if d == (4 * q + r) // t:
        digits.append(d)
        q, r = 10 * q, 10 * (r - d * t)
print("".join(map(str, digits[:60])), sum(digits))
print(-(10 ** 50) // 7, (10 ** 50) % -7, divmod(-(3 ** 300), 3 ** 299 + 1))
