"""Weft's `operator` module: Python's operators as plain functions (lt, add,
getitem, iadd, ...), their __dunder__ aliases, and the attrgetter,
itemgetter and methodcaller callables."""

import builtins as _builtins

__all__ = [
    'abs', 'add', 'and_', 'attrgetter', 'call', 'concat', 'contains', 'countOf',
    'delitem', 'eq', 'floordiv', 'ge', 'getitem', 'gt', 'iadd', 'iand',
    'iconcat', 'ifloordiv', 'ilshift', 'imatmul', 'imod', 'imul', 'index',
    'indexOf', 'inv', 'invert', 'ior', 'ipow', 'irshift', 'is_', 'is_not',
    'isub', 'itemgetter', 'itruediv', 'ixor', 'le', 'length_hint', 'lshift',
    'lt', 'matmul', 'methodcaller', 'mod', 'mul', 'ne', 'neg', 'not_', 'or_',
    'pos', 'pow', 'rshift', 'setitem', 'sub', 'truediv', 'truth', 'xor',
]


def _kind(obj):
    return type(obj).__name__


def _not_an_integer(obj):
    return TypeError("'%s' object cannot be interpreted as an integer"
                     % _kind(obj))


# ------------------------------------------------------------------ comparing

def lt(a, b):
    "Return a < b."
    return a < b


def le(a, b):
    "Return a <= b."
    return a <= b


def eq(a, b):
    "Return a == b."
    return a == b


def ne(a, b):
    "Return a != b."
    return a != b


def ge(a, b):
    "Return a >= b."
    return a >= b


def gt(a, b):
    "Return a > b."
    return a > b


# ------------------------------------------------------- truth and identity

def not_(a):
    "Return not a."
    return not a


def truth(a):
    "Return bool(a): True when a is true, else False."
    return not not a


def is_(a, b):
    "Return a is b."
    return a is b


def is_not(a, b):
    "Return a is not b."
    return a is not b


# ----------------------------------------------------------------- arithmetic

def abs(a):
    "Return abs(a)."
    return _builtins.abs(a)


def pos(a):
    "Return +a."
    return +a


def neg(a):
    "Return -a."
    return -a


def inv(a):
    "Return ~a, the bitwise inverse."
    return ~a


invert = inv


def add(a, b):
    "Return a + b."
    return a + b


def sub(a, b):
    "Return a - b."
    return a - b


def mul(a, b):
    "Return a * b."
    return a * b


def truediv(a, b):
    "Return a / b."
    return a / b


def floordiv(a, b):
    "Return a // b."
    return a // b


def mod(a, b):
    "Return a % b."
    return a % b


def pow(a, b):
    "Return a ** b."
    return a ** b


def lshift(a, b):
    "Return a << b."
    return a << b


def rshift(a, b):
    "Return a >> b."
    return a >> b


def and_(a, b):
    "Return a & b."
    return a & b


def or_(a, b):
    "Return a | b."
    return a | b


def xor(a, b):
    "Return a ^ b."
    return a ^ b


def _binary_dunder(a, b, name, reflected):
    # a OP b for an operator the compiler may not offer us directly: try
    # a's method, then b's reflected one.
    for method, x, y in ((getattr(type(a), name, None), a, b),
                         (getattr(type(b), reflected, None), b, a)):
        if method is not None:
            answer = method(x, y)
            if answer is not NotImplemented:
                return answer
    return NotImplemented


def matmul(a, b):
    "Return a @ b."
    answer = _binary_dunder(a, b, '__matmul__', '__rmatmul__')
    if answer is NotImplemented:
        raise TypeError("unsupported operand type(s) for @: '%s' and '%s'"
                        % (_kind(a), _kind(b)))
    return answer


def index(a):
    "Return a as an int through a.__index__()."
    if type(a) is int:
        return a
    if isinstance(a, int):
        return int(a)
    hook = getattr(type(a), '__index__', None)
    if hook is None:
        raise _not_an_integer(a)
    answer = hook(a)
    if isinstance(answer, int):
        return answer
    raise TypeError('__index__ returned non-int (type %s)' % _kind(answer))


# ------------------------------------------------------------------ sequences

def _require_sequence(a):
    if isinstance(a, dict) or not hasattr(a, '__getitem__'):
        raise TypeError("'%s' object can't be concatenated" % _kind(a))


def concat(a, b):
    "Return a + b where a is a sequence."
    _require_sequence(a)
    return a + b


def contains(a, b):
    "Return b in a (the container comes first)."
    return b in a


def _matches(item, wanted):
    return item is wanted or item == wanted


def countOf(a, b):
    "Count the items of a that are b or equal to b."
    return sum([1 for item in a if _matches(item, b)])


def indexOf(a, b):
    "Return the position of the first item of a that is b or equal to b."
    for position, item in enumerate(a):
        if _matches(item, b):
            return position
    raise ValueError('sequence.index(x): x not in sequence')


def getitem(a, b):
    "Return a[b]."
    return a[b]


def setitem(a, b, c):
    "Do a[b] = c."
    a[b] = c


def delitem(a, b):
    "Do del a[b]."
    del a[b]


def length_hint(obj, default=0):
    """Guess how many items obj holds: len(obj) when it has a length, else
    what obj.__length_hint__() says, else default."""
    if not isinstance(default, int):
        raise _not_an_integer(default)
    default = int(default)
    try:
        return len(obj)
    except TypeError:
        pass
    hint_method = getattr(type(obj), '__length_hint__', None)
    if hint_method is None:
        return default
    try:
        guess = hint_method(obj)
    except TypeError:
        return default
    if guess is NotImplemented:
        return default
    if not isinstance(guess, int):
        raise TypeError('__length_hint__ must be an integer, not %s'
                        % _kind(guess))
    if guess < 0:
        raise ValueError('__length_hint__() should return >= 0')
    return guess


def call(obj, /, *args, **kwargs):
    "Return obj(*args, **kwargs)."
    return obj(*args, **kwargs)


# ----------------------------------------------------------- in-place forms
# Each returns the (possibly new) left operand, as the statement form would
# rebind it.

def iadd(a, b):
    "Do a += b and return the result."
    a += b
    return a


def isub(a, b):
    "Do a -= b and return the result."
    a -= b
    return a


def imul(a, b):
    "Do a *= b and return the result."
    a *= b
    return a


def itruediv(a, b):
    "Do a /= b and return the result."
    a /= b
    return a


def ifloordiv(a, b):
    "Do a //= b and return the result."
    a //= b
    return a


def imod(a, b):
    "Do a %= b and return the result."
    a %= b
    return a


def ipow(a, b):
    "Do a **= b and return the result."
    a **= b
    return a


def ilshift(a, b):
    "Do a <<= b and return the result."
    a <<= b
    return a


def irshift(a, b):
    "Do a >>= b and return the result."
    a >>= b
    return a


def iand(a, b):
    "Do a &= b and return the result."
    a &= b
    return a


def ior(a, b):
    "Do a |= b and return the result."
    a |= b
    return a


def ixor(a, b):
    "Do a ^= b and return the result."
    a ^= b
    return a


def iconcat(a, b):
    "Do a += b where a is a sequence, and return the result."
    _require_sequence(a)
    a += b
    return a


def imatmul(a, b):
    "Do a @= b and return the result."
    in_place = getattr(type(a), '__imatmul__', None)
    if in_place is not None:
        answer = in_place(a, b)
        if answer is not NotImplemented:
            return answer
    answer = _binary_dunder(a, b, '__matmul__', '__rmatmul__')
    if answer is NotImplemented:
        raise TypeError("unsupported operand type(s) for @=: '%s' and '%s'"
                        % (_kind(a), _kind(b)))
    return answer


# ----------------------------------------------------------- callable objects

def _arguments_repr(args, kwargs):
    shown = [repr(x) for x in args]
    shown.extend(['%s=%r' % pair for pair in kwargs.items()])
    return ', '.join(shown)


def _at_least_one(kind, given):
    if not given:
        raise TypeError('%s expected 1 argument, got 0' % kind)


def _getter_repr(self):
    return 'operator.%s(%s)' % (_kind(self), _arguments_repr(self._given, {}))


def _getter_reduce(self):
    return (type(self), self._given)


class attrgetter:
    """attrgetter(name, ...): a callable that returns obj.name for its
    argument obj (a tuple of them for several names).  A dotted name such as
    'a.b' follows the attributes one after another."""

    __slots__ = ('_given', '_chains')

    def __init__(self, *names):
        _at_least_one('attrgetter', names)
        chains = []
        for name in names:
            if not isinstance(name, str):
                raise TypeError('attribute name must be a string')
            chains.append(name.split('.'))
        self._given = names
        self._chains = chains

    def __call__(self, obj):
        found = []
        for chain in self._chains:
            value = obj
            for part in chain:
                value = getattr(value, part)
            found.append(value)
        if len(found) == 1:
            return found[0]
        return tuple(found)

    __repr__ = _getter_repr
    __reduce__ = _getter_reduce


class itemgetter:
    """itemgetter(key, ...): a callable that returns obj[key] for its argument
    obj (a tuple of them for several keys)."""

    __slots__ = ('_given',)

    def __init__(self, *keys):
        _at_least_one('itemgetter', keys)
        self._given = keys

    def __call__(self, obj):
        keys = self._given
        if len(keys) == 1:
            return obj[keys[0]]
        return tuple([obj[key] for key in keys])

    __repr__ = _getter_repr
    __reduce__ = _getter_reduce


class methodcaller:
    """methodcaller(name, /, *args, **kwargs): a callable that returns
    obj.name(*args, **kwargs) for its argument obj."""

    __slots__ = ('_method', '_positional', '_keywords')

    def __init__(self, /, *args, **kwargs):
        if not args:
            raise TypeError('methodcaller needs at least one argument, the '
                            'method name')
        if not isinstance(args[0], str):
            raise TypeError('method name must be a string')
        self._method = args[0]
        self._positional = args[1:]
        self._keywords = kwargs

    def __call__(self, obj):
        return getattr(obj, self._method)(*self._positional, **self._keywords)

    def __repr__(self):
        return 'operator.%s(%s)' % (
            _kind(self), _arguments_repr((self._method,) + self._positional,
                                         self._keywords))


# ------------------------------------------------------------- dunder aliases

__lt__, __le__, __eq__, __ne__, __ge__, __gt__ = lt, le, eq, ne, ge, gt
__not__, __abs__, __pos__, __neg__ = not_, abs, pos, neg
__inv__, __invert__, __index__, __call__ = inv, invert, index, call
__add__, __sub__, __mul__, __truediv__ = add, sub, mul, truediv
__floordiv__, __mod__, __pow__, __matmul__ = floordiv, mod, pow, matmul
__lshift__, __rshift__, __and__, __or__, __xor__ = (lshift, rshift, and_,
                                                    or_, xor)
__concat__, __contains__ = concat, contains
__getitem__, __setitem__, __delitem__ = getitem, setitem, delitem
__iadd__, __isub__, __imul__, __itruediv__ = iadd, isub, imul, itruediv
__ifloordiv__, __imod__, __ipow__, __imatmul__ = ifloordiv, imod, ipow, imatmul
__ilshift__, __irshift__, __iand__, __ior__, __ixor__ = (ilshift, irshift,
                                                         iand, ior, ixor)
__iconcat__ = iconcat
