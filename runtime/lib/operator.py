"""Standard operators as functions (Weft's implementation of `operator`)."""

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

_builtin_abs = _builtins.abs
_builtin_pow = _builtins.pow


# ---------------------------------------------------------------- comparisons

def lt(a, b):
    "Same as a < b."
    return a < b


def le(a, b):
    "Same as a <= b."
    return a <= b


def eq(a, b):
    "Same as a == b."
    return a == b


def ne(a, b):
    "Same as a != b."
    return a != b


def ge(a, b):
    "Same as a >= b."
    return a >= b


def gt(a, b):
    "Same as a > b."
    return a > b


# ---------------------------------------------------------- logical / identity

def not_(a):
    "Same as not a."
    return not a


def truth(a):
    "Return True if a is true, False otherwise."
    return True if a else False


def is_(a, b):
    "Same as a is b."
    return a is b


def is_not(a, b):
    "Same as a is not b."
    return a is not b


# ---------------------------------------------------------------- arithmetic

def abs(a):
    "Same as abs(a)."
    return _builtin_abs(a)


def add(a, b):
    "Same as a + b."
    return a + b


def and_(a, b):
    "Same as a & b."
    return a & b


def floordiv(a, b):
    "Same as a // b."
    return a // b


def _type_name(obj):
    return type(obj).__name__


def index(a):
    "Same as a.__index__()"
    if type(a) is int:
        return a
    if isinstance(a, int):
        return int(a)
    meth = getattr(type(a), '__index__', None)
    if meth is None:
        raise TypeError("'%s' object cannot be interpreted as an integer"
                        % _type_name(a))
    result = meth(a)
    if not isinstance(result, int):
        raise TypeError("__index__ returned non-int (type %s)"
                        % _type_name(result))
    return result


def inv(a):
    "Same as ~a."
    return ~a


invert = inv


def lshift(a, b):
    "Same as a << b."
    return a << b


def mod(a, b):
    "Same as a % b."
    return a % b


def mul(a, b):
    "Same as a * b."
    return a * b


def matmul(a, b):
    "Same as a @ b."
    meth = getattr(type(a), '__matmul__', None)
    if meth is not None:
        result = meth(a, b)
        if result is not NotImplemented:
            return result
    rmeth = getattr(type(b), '__rmatmul__', None)
    if rmeth is not None:
        result = rmeth(b, a)
        if result is not NotImplemented:
            return result
    raise TypeError("unsupported operand type(s) for @: '%s' and '%s'"
                    % (_type_name(a), _type_name(b)))


def neg(a):
    "Same as -a."
    return -a


def or_(a, b):
    "Same as a | b."
    return a | b


def pos(a):
    "Same as +a."
    return +a


def pow(a, b):
    "Same as a ** b."
    return a ** b


def rshift(a, b):
    "Same as a >> b."
    return a >> b


def sub(a, b):
    "Same as a - b."
    return a - b


def truediv(a, b):
    "Same as a / b."
    return a / b


def xor(a, b):
    "Same as a ^ b."
    return a ^ b


# ------------------------------------------------------------------ sequences

def concat(a, b):
    "Same as a + b, for a and b sequences."
    if not hasattr(a, '__getitem__'):
        raise TypeError("'%s' object can't be concatenated" % _type_name(a))
    return a + b


def contains(a, b):
    "Same as b in a (note reversed operands)."
    return b in a


def countOf(a, b):
    "Return the number of items in a which are, or which equal, b."
    n = 0
    for item in a:
        if item is b or item == b:
            n += 1
    return n


def delitem(a, b):
    "Same as del a[b]."
    del a[b]


def getitem(a, b):
    "Same as a[b]."
    return a[b]


def indexOf(a, b):
    "Return the first index of b in a."
    i = 0
    for item in a:
        if item is b or item == b:
            return i
        i += 1
    raise ValueError('sequence.index(x): x not in sequence')


def setitem(a, b, c):
    "Same as a[b] = c."
    a[b] = c


def length_hint(obj, default=0):
    """Return an estimate of the number of items in obj.

    If the object does not provide a length, return default."""
    if not isinstance(default, int):
        raise TypeError("'%s' object cannot be interpreted as an integer"
                        % _type_name(default))
    try:
        return len(obj)
    except TypeError:
        pass
    hint = getattr(type(obj), '__length_hint__', None)
    if hint is None:
        return default
    try:
        val = hint(obj)
    except TypeError:
        return default
    if val is NotImplemented:
        return default
    if not isinstance(val, int):
        raise TypeError('__length_hint__ must be an integer, not %s'
                        % _type_name(val))
    if val < 0:
        raise ValueError('__length_hint__() should return >= 0')
    return val


def call(obj, /, *args, **kwargs):
    "Same as obj(*args, **kwargs)."
    return obj(*args, **kwargs)


# ------------------------------------------------------------ getter objects

class attrgetter:
    """Return a callable object that fetches the given attribute(s) from its
    operand.  Dotted names ("a.b") fetch nested attributes."""

    __slots__ = ('_attrs', '_paths', '_single')

    def __init__(self, attr, *attrs):
        names = (attr,) + attrs
        paths = []
        for name in names:
            if not isinstance(name, str):
                raise TypeError('attribute name must be a string')
            paths.append(tuple(name.split('.')))
        self._attrs = names
        self._paths = tuple(paths)
        self._single = len(names) == 1

    def __call__(self, obj):
        if self._single:
            path = self._paths[0]
            if len(path) == 1:
                return getattr(obj, path[0])
            for name in path:
                obj = getattr(obj, name)
            return obj
        result = []
        for path in self._paths:
            value = obj
            for name in path:
                value = getattr(value, name)
            result.append(value)
        return tuple(result)

    def __repr__(self):
        return 'operator.%s(%s)' % (type(self).__name__,
                                    ', '.join([repr(a) for a in self._attrs]))

    def __reduce__(self):
        return (type(self), self._attrs)


class itemgetter:
    """Return a callable object that fetches the given item(s) from its
    operand: one key gives the item, several give a tuple."""

    __slots__ = ('_items', '_item', '_single')

    def __init__(self, item, *items):
        if items:
            self._items = (item,) + items
            self._single = False
        else:
            self._items = (item,)
            self._single = True
        self._item = item

    def __call__(self, obj):
        if self._single:
            return obj[self._item]
        return tuple([obj[i] for i in self._items])

    def __repr__(self):
        return 'operator.%s(%s)' % (type(self).__name__,
                                    ', '.join([repr(i) for i in self._items]))

    def __reduce__(self):
        return (type(self), self._items)


class methodcaller:
    """Return a callable object that calls the given method on its operand,
    with the given extra arguments."""

    __slots__ = ('_name', '_args', '_kwargs')

    def __init__(self, name, /, *args, **kwargs):
        if not isinstance(name, str):
            raise TypeError('method name must be a string')
        self._name = name
        self._args = args
        self._kwargs = kwargs

    def __call__(self, obj):
        return getattr(obj, self._name)(*self._args, **self._kwargs)

    def __repr__(self):
        parts = [repr(self._name)]
        for a in self._args:
            parts.append(repr(a))
        for k, v in self._kwargs.items():
            parts.append('%s=%r' % (k, v))
        return 'operator.%s(%s)' % (type(self).__name__, ', '.join(parts))


# ------------------------------------------------------------ in-place forms

def iadd(a, b):
    "Same as a += b."
    a += b
    return a


def iand(a, b):
    "Same as a &= b."
    a &= b
    return a


def iconcat(a, b):
    "Same as a += b, for a and b sequences."
    if not hasattr(a, '__getitem__'):
        raise TypeError("'%s' object can't be concatenated" % _type_name(a))
    a += b
    return a


def ifloordiv(a, b):
    "Same as a //= b."
    a //= b
    return a


def ilshift(a, b):
    "Same as a <<= b."
    a <<= b
    return a


def imod(a, b):
    "Same as a %= b."
    a %= b
    return a


def imul(a, b):
    "Same as a *= b."
    a *= b
    return a


def imatmul(a, b):
    "Same as a @= b."
    meth = getattr(type(a), '__imatmul__', None)
    if meth is not None:
        result = meth(a, b)
        if result is not NotImplemented:
            return result
    return matmul(a, b)


def ior(a, b):
    "Same as a |= b."
    a |= b
    return a


def ipow(a, b):
    "Same as a **= b."
    a **= b
    return a


def irshift(a, b):
    "Same as a >>= b."
    a >>= b
    return a


def isub(a, b):
    "Same as a -= b."
    a -= b
    return a


def itruediv(a, b):
    "Same as a /= b."
    a /= b
    return a


def ixor(a, b):
    "Same as a ^= b."
    a ^= b
    return a


# ------------------------------------------------------------ dunder aliases

__lt__ = lt
__le__ = le
__eq__ = eq
__ne__ = ne
__ge__ = ge
__gt__ = gt
__not__ = not_
__abs__ = abs
__add__ = add
__and__ = and_
__call__ = call
__floordiv__ = floordiv
__index__ = index
__inv__ = inv
__invert__ = invert
__lshift__ = lshift
__mod__ = mod
__mul__ = mul
__matmul__ = matmul
__neg__ = neg
__or__ = or_
__pos__ = pos
__pow__ = pow
__rshift__ = rshift
__sub__ = sub
__truediv__ = truediv
__xor__ = xor
__concat__ = concat
__contains__ = contains
__delitem__ = delitem
__getitem__ = getitem
__setitem__ = setitem
__iadd__ = iadd
__iand__ = iand
__iconcat__ = iconcat
__ifloordiv__ = ifloordiv
__ilshift__ = ilshift
__imod__ = imod
__imul__ = imul
__imatmul__ = imatmul
__ior__ = ior
__ipow__ = ipow
__irshift__ = irshift
__isub__ = isub
__itruediv__ = itruediv
__ixor__ = ixor
