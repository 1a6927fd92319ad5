# Regenerate with: python3.11 gen_cases.py > math_cases.txt (from this directory).
# Writes math_cases.txt: one case per line, "<fn> <args> => <expected>",
# evaluated with python3.11.  Floats are IEEE bit patterns in hex; ints are signed hex.
import math, random, struct, sys
sys.set_int_max_str_digits(0)
random.seed(20240611)
def hb(x): return "%016x" % struct.unpack('<Q', struct.pack('<d', x))[0]
def fb(b): return struct.unpack('<d', struct.pack('<Q', b))[0]
def hi(n): return ("-" if n < 0 else "") + "%x" % abs(n)
def enc(fn):
    try: v = fn()
    except Exception as e: return "E:%s:%s" % (type(e).__name__, e)
    if isinstance(v, bool): return "B:%s" % ("true" if v else "false")
    if isinstance(v, float): return "F:nan" if v != v else "F:" + hb(v)
    if isinstance(v, int): return "I:" + hi(v)
    a, b = v
    if isinstance(a, float) and isinstance(b, int): return "P:%s,%d" % ("nan" if a != a else hb(a), b)
    if isinstance(a, float): return "M:%s,%s" % tuple("nan" if t != t else hb(t) for t in (a, b))
    return "R:%s/%s" % (hi(a), hi(b))
lines = []
def add(name, args, fn): lines.append("%s %s => %s" % (name, " ".join(args), enc(fn)))
inf = float('inf'); nan = float('nan')
specials = [0.0, -0.0, inf, -inf, nan, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, -3.0, 1.5, 2.5, -2.5, 1e-300, -1e-300, 5e-324, -5e-324,
            2.2250738585072014e-308, 2.225073858507201e-308, 1.7976931348623157e308, -1.7976931348623157e308, 709.78, 710.0, -745.1, -746.0,
            3.141592653589793, 1.5707963267948966, 1e16, -1e16, 0.1, 100.0, 1e300, -1e300, 123456.789, -1e-10, 4503599627370495.5, 2.0**52,
            2.0**53, 2.0**63, -2.0**63, 2.0**64, 1e22, 0.9999999999999999, 1.0000000000000002, -1.0000000000000002, 1e-16, 1024.0, -1075.0, 1023.5, 1e308]
def rf():
    c = random.randrange(5)
    if c == 0: return fb(random.getrandbits(64))
    if c == 1: return random.uniform(-10, 10)
    if c == 2: return random.choice([-1, 1]) * 10 ** random.uniform(-310, 308)
    if c == 3: return float(random.randrange(-1000, 1000)) / random.choice([1, 2, 4, 8, 3])
    return random.choice([-1, 1]) * random.random()
floats = specials + [rf() for _ in range(35)]
F1 = {
 'sqrt': math.sqrt, 'exp': math.exp, 'exp2': math.exp2, 'expm1': math.expm1, 'log1p': math.log1p, 'sin': math.sin, 'cos': math.cos,
 'tan': math.tan, 'asin': math.asin, 'acos': math.acos, 'atan': math.atan, 'sinh': math.sinh, 'cosh': math.cosh, 'tanh': math.tanh,
 'cbrt': math.cbrt, 'fabs': math.fabs, 'degrees': math.degrees, 'radians': math.radians, 'log': math.log, 'log2': math.log2,
 'log10': math.log10, 'floor': math.floor, 'ceil': math.ceil, 'trunc': math.trunc, 'int': int, 'ratio': lambda x: x.as_integer_ratio(),
 'frexp': math.frexp, 'modf': math.modf, 'ulp': math.ulp,
}
for name, f in F1.items():
    for x in floats: add(name, [hb(x)], lambda: f(x))
for _ in range(250):  # cbrt is our own code: more cases
    x = rf(); add('cbrt', [hb(x)], lambda: math.cbrt(x))
F2 = {'atan2': math.atan2, 'copysign': math.copysign, 'fmod': math.fmod, 'remainder': math.remainder, 'pow': math.pow, 'logb': math.log, 'nextafter': math.nextafter}
pairs = [(a, b) for a in specials[:13] for b in specials[:13]] + [(rf(), rf()) for _ in range(40)]
pairs += [(random.uniform(-100, 100), random.choice([1.0, 2.0, 0.5, 3.0, -2.0, 7.5])) for _ in range(20)]
pairs += [(float(a), float(b)) for a in range(-8, 9) for b in [-3, -2, 2, 3, 4]]  # remainder half-way cases
pairs += [(random.uniform(0, 3), random.randrange(-1100, 1100) + random.choice([0.0, 0.5])) for _ in range(30)]  # pow overflow
for name, f in F2.items():
    for a, b in pairs: add(name, [hb(a), hb(b)], lambda: f(a, b))
for x in specials[:24]:
    for e in [0, 1, -1, 1023, 1024, -1022, -1074, -1075, -1076, 2000, -2000, 2**31, -2**31 - 1, 2**70, -2**70]:
        add('ldexp', [hb(x), hi(e)], lambda: math.ldexp(x, e))
for _ in range(100): x = rf(); e = random.randrange(-2200, 2200); add('ldexp', [hb(x), hi(e)], lambda: math.ldexp(x, e))
for _ in range(60):  # rounding into the subnormal range
    x = random.uniform(1, 2) * random.choice([1, -1]); e = random.randrange(-1080, -1020); add('ldexp', [hb(x), hi(e)], lambda: math.ldexp(x, e))
tols = [(1e-9, 0.0), (0.0, 0.0), (0.1, 0.0), (1e-9, 1e-6), (-1.0, 0.0), (0.0, -1.0), (inf, 0.0), (nan, 0.0)]
for a in [1.0, 1.0 + 1e-10, 1.1, 0.0, inf, nan]:
    for b in [1.0, 1.000000001, 0.0, inf, nan]:
        for rt, at in tols:
            add('isclose', [hb(a), hb(b), hb(rt), hb(at)], lambda: math.isclose(a, b, rel_tol=rt, abs_tol=at))
vecs = [[], [-0.0], [0.0, -0.0], [1e100, 1.0, -1e100], [1e16, 1.0, 1e-16], [1e-16, 1.0, 1e16], [0.1] * 10, [1e308, 1e308], [inf, 1e308, 1e308],
        [inf, -inf], [nan], [inf, nan], [nan, inf, -inf], [inf, inf], [-inf, 1.0], [1.0, 2.0**-53, 2.0**-106], [2.0**53, 1.0, 2.0**-100],
        [1e308, -1e308, 1e308], [1.7976931348623157e308, 1.7976931348623157e308, -1.7976931348623157e308], [5e-324, 5e-324], [3.0, 4.0],
        [5e-324, 1e-320], [1e-310, 2e-310, 3e-310], [2.2250738585072014e-308, 1e-310], [1.0, -1.0], [-3.0], [inf], [nan, 1.0], [1e-320] * 7,
        [2.0**-1050, 2.0**-1060, 2.0**-1070], [1e200, 1e200]]
for _ in range(100):
    n = random.randrange(2, 10); kind = random.randrange(4)
    if kind == 0: v = [random.uniform(-1, 1) * 10 ** random.randrange(-20, 20) for _ in range(n)]
    elif kind == 1: v = [random.choice([-1, 1]) * 10 ** random.uniform(-320, -300) for _ in range(n)]
    elif kind == 2: v = [rf() for _ in range(n)]
    else:
        base = [random.uniform(-1e10, 1e10) for _ in range(n)]
        v = base + [-x for x in base[:-1]] + [random.uniform(-1e-5, 1e-5)]
        random.shuffle(v)
    vecs.append(v)
for v in vecs:
    add('fsum', [hb(x) for x in v], lambda: math.fsum(v))
    add('hypot', [hb(x) for x in v], lambda: math.hypot(*v))
dcases = [([1.0], [1.0, 2.0]), ([], []), ([1.0, 2.0], [4.0, 6.0])]
for _ in range(80):
    n = random.randrange(1, 6)
    if random.random() < 0.3:
        p = [random.choice([-1, 1]) * 10 ** random.uniform(-320, -305) for _ in range(n)]
        q = [random.choice([-1, 1]) * 10 ** random.uniform(-320, -305) for _ in range(n)]
    else:
        p = [rf() if random.random() < 0.2 else random.uniform(-100, 100) for _ in range(n)]
        q = [random.uniform(-100, 100) for _ in range(n)]
    dcases.append((p, q))
for p, q in dcases:
    add('dist', [hb(x) for x in p] + ['|'] + [hb(x) for x in q], lambda: math.dist(p, q))
def ri():
    c = random.randrange(4)
    if c == 0: return random.randrange(-1000, 1000)
    if c == 1: return random.getrandbits(random.randrange(1, 200)) * random.choice([1, -1])
    if c == 2: return random.getrandbits(random.randrange(900, 1200))
    return random.getrandbits(random.randrange(1, 2500))
ints = [0, 1, -1, 2, 3, 10, 2**52, 2**53, 2**53 + 1, 2**53 + 2, 2**53 + 3, 2**54 + 2, 2**63, 2**64 - 1, 2**64, -2**63,
        2**1024, 2**1024 - 2**970, 2**1024 - 2**970 - 1, 2**1024 - 2**971, -(2**1024 - 2**970 - 1), 10**308, 10**309, 10**400, -10**400,
        2**2000, 2**5000, 3**3000, 10**22, 10**23, 2**1023 * 3, 2**1023 * 3 - 1] + [ri() for _ in range(40)]
for name, f in {'isqrt': math.isqrt, 'float': float, 'logi': math.log, 'log2i': math.log2, 'log10i': math.log10}.items():
    for n in ints: add(name, [hi(n)], lambda: f(n))
for n in list(range(-3, 40)) + [100, 170, 171, 300, 2**63 - 1 + 1, -2**70]:
    add('factorial', [hi(n)], lambda: math.factorial(n))
for n in [-1, 0, 5, 20, 2**63]:
    add('perm1', [hi(n)], lambda: math.perm(n))
i2 = []
for n in list(range(-2, 10)) + [20, 50, 2**64, 2**64 + 5, 10**30]:
    for k in list(range(-1, 10)) + [n - 1, n, n + 1, 2**64, 2**70]:
        i2.append(('comb', n, k)); i2.append(('perm', n, k))
i2 += [('comb', 2**70, 2**65), ('perm', 2**70, 2**65), ('comb', 2**70, 2**70 - 3), ('perm', 2**64, 2**65), ('comb', 1000, 500), ('perm', 500, 200),
       ('comb', 2**64 - 1, 3), ('perm', 2**64 - 1, 0), ('perm', 2**64 - 1, 2), ('comb', 2**64 - 1, 2**64 - 3)]
tdp = [(10**400, 10**399), (1, 3), (2, 3), (-1, 3), (0, 5), (0, -5), (1, 0), (0, 0), (10**400, 1), (1, 10**400), (-1, 10**400), (1, -(10**400)),
       (2**1024 - 2**970, 1), (2**1024 - 2**970 - 1, 1), (2**1025 - 2**971, 2), (1, 2**1074), (1, 2**1075), (3, 2**1076), (1, 2**1075 - 1),
       (3, 2**1075), (2**2000, 2**976), (2**2000, 2**977), (2**2000, 2**975), (10**30, 7), (2**53 + 1, 1), (-(2**53 + 1), 3), (7, 2**1080),
       (2**5000 + 1, 2**5000), (2**5000 + 1, 2**4999 + 1), (1, 2**1022 * 3), (2, 2**1022 * 3), (2**60 + 1, 2**60 + 3)]
tdp += [(ri() >> random.choice([0, 1000]), ri() >> random.choice([0, 1000])) for _ in range(60)]
tdp = [t for t in tdp]
tdp += [(random.getrandbits(random.randrange(1, 120)) + 1, random.getrandbits(random.randrange(1050, 1150)) + 1) for _ in range(50)]
i2 += [('truediv', a, b) for a, b in tdp]
i2 += [('logii', a, b) for a, b in [(8, 2), (10**400, 10), (10**400, 10**200), (1, 10), (100, 1), (0, 2), (5, 0), (2**3000, 2), (7, 10**500), (3, -2)]]
fmap = {'comb': math.comb, 'perm': math.perm, 'truediv': lambda a, b: a / b, 'logii': math.log}
for name, a, b in i2: add(name, [hi(a), hi(b)], lambda: fmap[name](a, b))
iv = [[], [0], [5], [-5], [0, 0], [4, 6], [-4, 6], [0, -7], [12, 18, 27], [2**100, 2**80 * 3], [3**50, 3**40 * 2**10, 0], [-4, 6, 10]]
iv += [[ri() * random.choice([1, 6, 3**20]) for _ in range(random.randrange(1, 5))] for _ in range(15)]
for v in iv:
    add('gcd', [hi(x) for x in v], lambda: math.gcd(*v))
    add('lcm', [hi(x) for x in v], lambda: math.lcm(*v))
print("# Generated by gen_cases.py from python3.11 %s; one case per line:" % sys.version.split()[0])
print("# <function> <args> => <expected>. Floats are IEEE-754 bit patterns in hex, ints signed hex.")
print("# Expected: F:<bits>|F:nan, I:<int>, R:<num>/<den>, P:<mantissa>,<exp>, M:<frac>,<int>, B:<bool>, E:<exception>:<message>.")
print("\n".join(l.replace("  ", " ") for l in lines))
