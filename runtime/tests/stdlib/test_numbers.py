import numbers
from numbers import Number, Complex, Real, Rational, Integral

vals = [1, True, 2.5, 1+2j, "x", None, [1]]
for v in vals:
    print(repr(v), [isinstance(v, c) for c in (Number, Complex, Real, Rational, Integral)])
for t in (int, bool, float, complex, str):
    print(t.__name__, [issubclass(t, c) for c in (Number, Complex, Real, Rational, Integral)])
print([c.__name__ for c in Integral.__mro__])
print(sorted(numbers.__all__))
print(Number.__hash__)

try:
    Real()
except TypeError as e:
    print(type(e).__name__, str(e).split(" with")[0])


class MyInt(Integral):
    def __init__(self, v): self.v = v
    def __int__(self): return self.v
    def __pow__(self, e, m=None): return MyInt(self.v ** int(e))
    def __lshift__(self, o): return NotImplemented
    __rlshift__ = __rshift__ = __rrshift__ = __and__ = __rand__ = __lshift__
    __xor__ = __rxor__ = __or__ = __ror__ = __lshift__
    def __invert__(self): return MyInt(~self.v)
    def __trunc__(self): return self.v
    __floor__ = __ceil__ = __trunc__
    def __round__(self, n=None): return self.v
    def __floordiv__(self, o): return MyInt(self.v // int(o))
    def __rfloordiv__(self, o): return MyInt(int(o) // self.v)
    def __mod__(self, o): return MyInt(self.v % int(o))
    def __rmod__(self, o): return MyInt(int(o) % self.v)
    def __lt__(self, o): return self.v < int(o)
    def __le__(self, o): return self.v <= int(o)
    def __add__(self, o): return MyInt(self.v + int(o))
    __radd__ = __add__
    def __neg__(self): return MyInt(-self.v)
    def __pos__(self): return MyInt(self.v)
    def __mul__(self, o): return MyInt(self.v * int(o))
    __rmul__ = __mul__
    def __truediv__(self, o): return self.v / int(o)
    def __rtruediv__(self, o): return int(o) / self.v
    def __rpow__(self, b): return b ** self.v
    def __abs__(self): return MyInt(abs(self.v))
    def __eq__(self, o): return self.v == int(o)
    def __repr__(self): return "MyInt(%d)" % self.v
    __hash__ = None

m = MyInt(7)
print(m, float(m), m.numerator, m.denominator, m.real, m.imag, m.conjugate())
print(complex(m), m.__index__(), divmod(m, 3), divmod(20, m), m - 2, 10 - m, bool(m), bool(MyInt(0)))
print(isinstance(m, Rational), isinstance(m, Real))


class Half:
    numerator = 1
    denominator = 2
print(Rational.__float__(Half()))
print(sorted(Rational.__abstractmethods__)[:5], len(Integral.__abstractmethods__))

class Reg: pass
Real.register(Reg)
print(isinstance(Reg(), Complex), isinstance(Reg(), Rational))
