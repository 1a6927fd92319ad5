import math
import numbers
import threading
from fractions import Fraction as F


def show(label, fn):
    try:
        r = fn()
        print(label, type(r).__name__, repr(r))
    except Exception as e:
        print(label, type(e).__name__, e)


# construction
for args in [(), (3,), (6, 4), (-6, 4), (6, -4), (0, -5), (F(1, 2),), (F(1, 2), F(3, 4)),
             (2.5,), (0.1,), (-0.0,), (True,), (True, 2), (1, 0), (0, 0),
             ("3/4",), ("1.5",), ("1e-3",), (" -2 ",), ("-.5",), ("1_000",), ("1__0",),
             ("3 / 4",), ("1.",), ("1.e3",), ("1e",), ("_1",), ("x",), ("1/0",),
             ("0x10",), ("1.5/2",), ("7/-3",), ("\t+5\n",), ("1.5E-2_0",), ("inf",),
             ("١٢",), ("",), ("  ",), ("+",), (".",), ("12/3_4",), ("-0",),
             (float("nan"),), (float("inf"),), (1.5, 2), ("1", 2), ([1],), (None,), (1 + 0j,)]:
    show("F%r" % (args,), lambda: F(*args))

a, b = F(3, 4), F(-5, 6)
print(a.numerator, a.denominator, a.as_integer_ratio(), str(a), str(F(4, 2)), repr(F(4, 2)))
print(str(b), repr(b), a.real, a.imag, a.conjugate())

# arithmetic
ops = [("+", lambda x, y: x + y), ("-", lambda x, y: x - y), ("*", lambda x, y: x * y),
       ("/", lambda x, y: x / y), ("//", lambda x, y: x // y), ("%", lambda x, y: x % y),
       ("divmod", divmod), ("**", lambda x, y: x ** y)]
operands = [F(3, 4), F(-5, 6), 2, -3, 0, 1.5, 2j + 1, F(0), True]
for name, op in ops:
    for x in operands[:3]:
        for y in operands:
            show("%r %s %r" % (x, name, y), lambda: op(x, y))
            show("%r %s %r" % (y, name, x), lambda: op(y, x))

show("pow neg", lambda: F(-2, 3) ** -3)
show("pow zero neg", lambda: F(0) ** -1)
show("pow frac", lambda: F(9, 4) ** F(1, 2))
show("pow float", lambda: F(9, 4) ** 0.5)
show("rpow frac", lambda: 4 ** F(1, 2))
show("rpow int", lambda: 2 ** F(10))
show("rpow neg", lambda: 2 ** F(-2))
show("rpow float", lambda: 2.0 ** F(1, 2))
show("add str", lambda: F(1) + "x")
show("radd str", lambda: "x" + F(1))

# unary, conversions, rounding
for x in [F(7, 2), F(-7, 2), F(5, 2), F(-5, 2), F(1, 3), F(-1, 3), F(0), F(10**30, 7)]:
    print(repr(x), -x, +x, abs(x), int(x), math.trunc(x), math.floor(x), math.ceil(x),
          round(x), round(x, 2), round(x, -1), float(x), bool(x), complex(x))
print(round(F(25, 100), 1), round(F(35, 100), 1), round(F(-15), -1), round(F(25), -1))
print(type(round(F(1, 3))), type(round(F(1, 3), 1)))

# comparisons
for x, y in [(F(1, 2), 0.5), (F(1, 2), F(2, 4)), (F(1, 3), 0.3333333333333333), (F(2), 2),
             (F(1, 2), 1), (F(1, 2), float("inf")), (F(1, 2), float("nan")),
             (F(1, 2), -float("inf")), (F(1, 2), 0.5 + 0j), (F(1, 2), 0.5 + 1j), (F(-1), True)]:
    print(repr(x), repr(y), x == y, y == x, x != y)
    try:
        print(" ", x < y, x <= y, x > y, x >= y, y < x, y > x)
    except TypeError as e:
        print(" ", type(e).__name__, e)
show("lt str", lambda: F(1) < "a")
print(F(1, 2) == "1/2", F(0) == 0, sorted([F(1, 3), 0.25, 1, F(-1, 2), 0]))

# hashing
for x in [F(1, 2), F(-1, 2), F(5), F(-1), F(1, 3), F(10**40, 3), F(1, 2**61 - 1),
          F(3, 2 * (2**61 - 1)), F(-7, 2**61 - 1), F(2**100, 2**80)]:
    print(repr(x), hash(x))
print(hash(F(1, 2)) == hash(0.5), hash(F(3)) == hash(3), hash(F(-3, 8)) == hash(-0.375))
print(len({F(1, 2), 0.5, F(2, 4), 1, F(1)}))

# limit_denominator
for x, m in [(F(3141592653589793, 10**15), 10), (F(3141592653589793, 10**15), 100),
             (F(3141592653589793, 10**15), 1000000), (F(1, 3), 2), (F(1, 2), 1),
             (F(-355, 113), 100), (F(1234567, 1000000), 1000), (F(201, 200), 100), (F(3, 4), 4)]:
    print(repr(x), m, repr(x.limit_denominator(m)))
print(repr(F(0.1).limit_denominator()), repr(F(math.pi).limit_denominator(1000)))
show("limit 0", lambda: F(1, 3).limit_denominator(0))

# from_float, from_decimal
for v in [0.1, -2.5, 3, 1e300, 5e-324]:
    show("from_float %r" % v, lambda: F.from_float(v))
show("from_float str", lambda: F.from_float("1"))
show("from_float nan", lambda: F.from_float(float("nan")))
show("from_float inf", lambda: F.from_float(float("inf")))
show("from_decimal str", lambda: F.from_decimal("1"))
show("from_decimal int", lambda: F.from_decimal(4))

# numbers tower
print(isinstance(F(1), numbers.Rational), isinstance(F(1), numbers.Integral),
      issubclass(F, numbers.Real), isinstance(F(1), numbers.Number))

# subclasses
class G(F):
    pass
g = G(3, 6)
print(repr(g), type(g).__name__, type(g + 1).__name__, type(-g).__name__, g == F(1, 2))
print(repr(G.from_float(0.25)), type(G.from_float(0.25)).__name__)
print(a.__copy__() is a, a.__deepcopy__({}) is a, repr(g.__copy__()), a.__reduce__())

# immutability
try:
    a.x = 1
except AttributeError as e:
    print("AttributeError")
print(sum([F(1, n) for n in range(1, 11)]), max(F(1, 3), F(1, 2)), min([F(2), 1.5]))

# four threads summing fractions concurrently
results = [None] * 4
def work(k):
    total = F(0)
    for n in range(1, 201):
        total += F(k, n * (n + 1))
    results[k] = total
threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print([str(r) for r in results])
