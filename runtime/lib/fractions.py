"""Exact rational numbers: the Fraction type.

A Fraction is immutable and always kept in lowest terms with a positive
denominator.  The module holds no mutable state, so fractions can be
shared and operated on from any number of threads.
"""

import math
import numbers
import operator
import sys

__all__ = ["Fraction"]

# Parameters of CPython's numeric hash, so that equal numbers hash equal.
_HASH_MODULUS = 2305843009213693951
_HASH_INF = 314159


def _real_pow(base, exponent):
    """base ** exponent for real operands; a negative base with a fractional
    exponent gives the complex principal value (as float ** float does)."""
    if (isinstance(base, (int, float)) and isinstance(exponent, float)
            and base < 0 and math.isfinite(exponent)
            and exponent != math.floor(exponent)):
        return complex(base) ** exponent
    return base ** exponent


def _digit_run(text, pos):
    """Return the end of a run of digits (single underscores allowed between
    digits) starting at pos, or -1 if no digit starts there."""
    n = len(text)
    if pos >= n or not text[pos].isdecimal():
        return -1
    i = pos
    while True:
        while i < n and text[i].isdecimal():
            i += 1
        if i + 1 < n and text[i] == "_" and text[i + 1].isdecimal():
            i += 1
            continue
        return i


def _parse_fraction(literal):
    """Split a Fraction literal into (numerator, denominator) ints, or return
    None if the text is not a valid literal."""
    text = literal.strip()
    n = len(text)
    i = 0
    negative = False
    if i < n and text[i] in "+-":
        negative = text[i] == "-"
        i += 1
    # A digit or a '.' followed by a digit must come next.
    start = i
    j = _digit_run(text, i)
    if j < 0:
        if not (i + 1 < n and text[i] == "." and text[i + 1].isdecimal()):
            return None
        whole = ""
        j = i
    else:
        whole = text[start:j]
    i = j
    if i < n and text[i] == "/":
        if not whole:
            return None
        k = _digit_run(text, i + 1)
        if k != n:
            return None
        num = int(whole)
        den = int(text[i + 1:k])
        return (-num if negative else num), den
    frac = ""
    if i < n and text[i] == ".":
        k = _digit_run(text, i + 1)
        if k < 0:
            k = i + 1
        frac = text[i + 1:k]
        i = k
    exp = 0
    if i < n and text[i] in "eE":
        k = i + 1
        exp_negative = False
        if k < n and text[k] in "+-":
            exp_negative = text[k] == "-"
            k += 1
        m = _digit_run(text, k)
        if m < 0:
            return None
        exp = int(text[k:m])
        if exp_negative:
            exp = -exp
        i = m
    if i != n:
        return None
    digits = (whole + frac).replace("_", "")
    num = int(digits) if digits else 0
    den = 1
    exp -= len(frac.replace("_", ""))
    if exp >= 0:
        num *= 10 ** exp
    else:
        den = 10 ** -exp
    return (-num if negative else num), den


class Fraction(numbers.Rational):
    """An exact rational number numerator/denominator.

    Fraction(7, 3), Fraction(Fraction(1, 2)), Fraction(0.25), Fraction('3/4'),
    Fraction('-1.5e-2') and Fraction() (zero) are all accepted.
    """

    __slots__ = ("_numerator", "_denominator")

    def __new__(cls, numerator=0, denominator=None, *, _normalize=True):
        obj = super(Fraction, cls).__new__(cls)
        if denominator is None:
            if type(numerator) is int:
                obj._numerator = numerator
                obj._denominator = 1
                return obj
            if isinstance(numerator, numbers.Rational):
                obj._numerator = numerator.numerator
                obj._denominator = numerator.denominator
                return obj
            if isinstance(numerator, float):
                obj._numerator, obj._denominator = numerator.as_integer_ratio()
                return obj
            if type(numerator).__name__ == "Decimal" and hasattr(numerator, "as_integer_ratio"):
                obj._numerator, obj._denominator = numerator.as_integer_ratio()
                return obj
            if isinstance(numerator, str):
                parsed = _parse_fraction(numerator)
                if parsed is None:
                    raise ValueError("Invalid literal for Fraction: %r" % numerator)
                numerator, denominator = parsed
            else:
                raise TypeError("argument should be a string or a Rational instance")
        elif type(numerator) is int and type(denominator) is int:
            pass
        elif (isinstance(numerator, numbers.Rational)
              and isinstance(denominator, numbers.Rational)):
            numerator, denominator = (
                numerator.numerator * denominator.denominator,
                denominator.numerator * numerator.denominator)
        else:
            raise TypeError("both arguments should be Rational instances")

        if denominator == 0:
            raise ZeroDivisionError("Fraction(%s, 0)" % numerator)
        if _normalize:
            common = math.gcd(numerator, denominator)
            if denominator < 0:
                common = -common
            numerator, denominator = numerator // common, denominator // common
        obj._numerator = numerator
        obj._denominator = denominator
        return obj

    @classmethod
    def from_float(cls, f):
        """Exact conversion of a float (or int) to a Fraction."""
        if isinstance(f, numbers.Integral):
            return cls(f)
        if not isinstance(f, float):
            raise TypeError("%s.from_float() only takes floats, not %r (%s)"
                            % (cls.__name__, f, type(f).__name__))
        return cls(*f.as_integer_ratio())

    @classmethod
    def from_decimal(cls, dec):
        """Exact conversion of a Decimal (or int) to a Fraction."""
        if isinstance(dec, numbers.Integral):
            return cls(int(dec))
        if type(dec).__name__ != "Decimal":
            raise TypeError("%s.from_decimal() only takes Decimals, not %r (%s)"
                            % (cls.__name__, dec, type(dec).__name__))
        return cls(*dec.as_integer_ratio())

    def as_integer_ratio(self):
        """The pair (numerator, denominator), denominator positive."""
        return (self._numerator, self._denominator)

    def limit_denominator(self, max_denominator=1000000):
        """The closest Fraction whose denominator is at most max_denominator."""
        if max_denominator < 1:
            raise ValueError("max_denominator should be at least 1")
        if max_denominator >= self._denominator:
            return Fraction(self)
        # Walk the continued-fraction convergents until the next one would
        # exceed the bound, then compare the last convergent with the best
        # semiconvergent below the bound.
        p_prev, q_prev, p_cur, q_cur = 0, 1, 1, 0
        n, d = self._numerator, self._denominator
        while True:
            a = n // d
            q_next = q_prev + a * q_cur
            if q_next > max_denominator:
                break
            p_prev, q_prev, p_cur, q_cur = p_cur, q_cur, p_prev + a * p_cur, q_next
            n, d = d, n - a * d
        k = (max_denominator - q_prev) // q_cur
        semi = Fraction(p_prev + k * p_cur, q_prev + k * q_cur)
        conv = Fraction(p_cur, q_cur)
        if abs(conv - self) <= abs(semi - self):
            return conv
        return semi

    @property
    def numerator(self):
        return self._numerator

    @property
    def denominator(self):
        return self._denominator

    def __repr__(self):
        return "%s(%s, %s)" % (self.__class__.__name__,
                               self._numerator, self._denominator)

    def __str__(self):
        if self._denominator == 1:
            return str(self._numerator)
        return "%s/%s" % (self._numerator, self._denominator)

    # -- arithmetic -------------------------------------------------------
    # Each operator works exactly on ints and Fractions; mixed with a float
    # or complex it converts itself and lets the float/complex do the work.

    def _binary(exact, inexact, name):
        def forward(a, b):
            if isinstance(b, Fraction) or type(b) is int or isinstance(b, int):
                return exact(a, b)
            if isinstance(b, float):
                return inexact(float(a), b)
            if isinstance(b, complex):
                return inexact(complex(a), b)
            return NotImplemented

        def reverse(b, a):
            if isinstance(a, numbers.Rational):
                return exact(Fraction(a), b)
            if isinstance(a, numbers.Real):
                return inexact(float(a), float(b))
            if isinstance(a, numbers.Complex):
                return inexact(complex(a), complex(b))
            return NotImplemented

        forward.__name__ = "__" + name + "__"
        reverse.__name__ = "__r" + name + "__"
        return forward, reverse

    def _exact_add(a, b):
        na, da = a.numerator, a.denominator
        nb, db = b.numerator, b.denominator
        return Fraction(na * db + nb * da, da * db)

    def _exact_sub(a, b):
        na, da = a.numerator, a.denominator
        nb, db = b.numerator, b.denominator
        return Fraction(na * db - nb * da, da * db)

    def _exact_mul(a, b):
        return Fraction(a.numerator * b.numerator, a.denominator * b.denominator)

    def _exact_div(a, b):
        num = a.numerator * b.denominator
        den = a.denominator * b.numerator
        if den == 0:
            # Report the numerator reduced the way the division reduces
            # common factors before multiplying (its sign, or 0).
            top = a.numerator
            if top:
                top = 1 if top > 0 else -1
            raise ZeroDivisionError("Fraction(%s, 0)" % top)
        return Fraction(num, den)

    def _exact_floordiv(a, b):
        return (a.numerator * b.denominator) // (a.denominator * b.numerator)

    def _exact_divmod(a, b):
        den = a.denominator * b.denominator
        q, r = divmod(a.numerator * b.denominator, a.denominator * b.numerator)
        return q, Fraction(r, den)

    def _exact_mod(a, b):
        den = a.denominator * b.denominator
        return Fraction((a.numerator * b.denominator) % (b.numerator * a.denominator), den)

    __add__, __radd__ = _binary(_exact_add, operator.add, "add")
    __sub__, __rsub__ = _binary(_exact_sub, operator.sub, "sub")
    __mul__, __rmul__ = _binary(_exact_mul, operator.mul, "mul")
    __truediv__, __rtruediv__ = _binary(_exact_div, operator.truediv, "truediv")
    __floordiv__, __rfloordiv__ = _binary(_exact_floordiv, operator.floordiv, "floordiv")
    __divmod__, __rdivmod__ = _binary(_exact_divmod, divmod, "divmod")
    __mod__, __rmod__ = _binary(_exact_mod, operator.mod, "mod")

    del _binary

    def __pow__(a, b):
        if isinstance(b, numbers.Rational):
            if b.denominator == 1:
                p = b.numerator
                if p >= 0:
                    return Fraction(a._numerator ** p, a._denominator ** p,
                                    _normalize=False)
                if a._numerator > 0:
                    return Fraction(a._denominator ** -p, a._numerator ** -p,
                                    _normalize=False)
                if a._numerator == 0:
                    raise ZeroDivisionError("Fraction(%s, 0)" % (a._denominator ** -p))
                return Fraction((-a._denominator) ** -p, (-a._numerator) ** -p,
                                _normalize=False)
            return _real_pow(float(a), float(b))
        if isinstance(b, float):
            return _real_pow(float(a), b)
        return float(a) ** b

    def __rpow__(self, base):
        num, den = self._numerator, self._denominator
        if den == 1 and num >= 0:
            return base ** num
        if isinstance(base, numbers.Rational):
            return Fraction(base.numerator, base.denominator) ** self
        if den == 1:
            return base ** num
        return _real_pow(base, float(self))

    def __pos__(self):
        return Fraction(self._numerator, self._denominator, _normalize=False)

    def __neg__(self):
        return Fraction(-self._numerator, self._denominator, _normalize=False)

    def __abs__(self):
        return Fraction(abs(self._numerator), self._denominator, _normalize=False)

    def __int__(a):
        if a._numerator < 0:
            return -(-a._numerator // a._denominator)
        return a._numerator // a._denominator

    def __trunc__(a):
        return a.__int__()

    def __floor__(a):
        return a._numerator // a._denominator

    def __ceil__(a):
        return -(-a._numerator // a._denominator)

    def __round__(self, ndigits=None):
        if ndigits is None:
            q, r = divmod(self._numerator, self._denominator)
            twice = 2 * r
            if twice < self._denominator:
                return q
            if twice > self._denominator:
                return q + 1
            return q if q % 2 == 0 else q + 1
        scale = 10 ** abs(ndigits)
        if ndigits > 0:
            return Fraction(round(self * scale), scale)
        return Fraction(round(self / scale) * scale)

    def __hash__(self):
        try:
            inverse = pow(self._denominator, -1, _HASH_MODULUS)
        except ValueError:
            # The denominator is a multiple of the modulus.
            h = _HASH_INF
        else:
            h = hash(hash(abs(self._numerator)) * inverse)
        if self._numerator < 0:
            h = -h
        return -2 if h == -1 else h

    # -- comparisons ------------------------------------------------------

    def __eq__(a, b):
        if type(b) is int:
            return a._denominator == 1 and a._numerator == b
        if isinstance(b, numbers.Rational):
            return a._numerator == b.numerator and a._denominator == b.denominator
        if isinstance(b, numbers.Complex) and b.imag == 0:
            b = b.real
        if isinstance(b, float):
            if math.isnan(b) or math.isinf(b):
                return b == 0.0
            return a == a.from_float(b)
        return NotImplemented

    def _compare(a, b, op):
        if isinstance(b, numbers.Rational):
            return op(a._numerator * b.denominator, a._denominator * b.numerator)
        if isinstance(b, float):
            if math.isnan(b) or math.isinf(b):
                return op(0.0, b)
            return op(a, a.from_float(b))
        return NotImplemented

    def __lt__(a, b):
        return a._compare(b, operator.lt)

    def __gt__(a, b):
        return a._compare(b, operator.gt)

    def __le__(a, b):
        return a._compare(b, operator.le)

    def __ge__(a, b):
        return a._compare(b, operator.ge)

    def __bool__(a):
        return a._numerator != 0

    # -- copying and pickling ----------------------------------------------

    def __reduce__(self):
        return (self.__class__, (self._numerator, self._denominator))

    def __copy__(self):
        if type(self) is Fraction:
            return self
        return self.__class__(self._numerator, self._denominator)

    def __deepcopy__(self, memo):
        if type(self) is Fraction:
            return self
        return self.__class__(self._numerator, self._denominator)
