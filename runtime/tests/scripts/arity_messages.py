# The argument-count errors of native callables, in the words of the
# CPython calling convention each stands for: functions and methods with a
# fixed count of 0 or 1 (qualified names: `len()`, `math.sqrt()`,
# `list.append()`), Argument Clinic's positional check for other counts and
# for types (`isinstance expected 2 arguments, got 1`, `reversed expected 1
# argument, got 0`), ranges, and `math.log`'s own message.
import math, sys
cases = [
    lambda: len(), lambda: len(1, 2), lambda: abs(), lambda: repr(), lambda: id(),
    lambda: iter(), lambda: iter(1, 2, 3), lambda: next(), lambda: format(), lambda: hash(),
    lambda: isinstance(1), lambda: issubclass(int), lambda: getattr(1), lambda: setattr(1, 2),
    lambda: hasattr(1), lambda: delattr(1), lambda: divmod(1), lambda: vars(1, 2), lambda: any(),
    lambda: chr(), lambda: ord(), lambda: hex(), lambda: callable(), lambda: filter(1),
    lambda: reversed(), lambda: input(1, 2),
    lambda: math.sqrt(), lambda: math.fabs(), lambda: math.log(), lambda: math.comb(1),
    lambda: math.perm(), lambda: math.isqrt(), lambda: math.ldexp(1), lambda: math.floor(),
    lambda: math.isnan(), lambda: math.atan2(1), lambda: math.fsum(),
    lambda: sys.getrefcount(), lambda: sys.intern(), lambda: sys.setrecursionlimit(),
    lambda: [].pop(1, 2), lambda: [].insert(1), lambda: [].append(), lambda: [].copy(1),
    lambda: [].index(), lambda: [].count(), lambda: [].clear(1), lambda: [].reverse(1),
    lambda: {}.get(), lambda: {}.keys(1), lambda: {}.pop(), lambda: {}.setdefault(),
    lambda: set().pop(1), lambda: set().add(), lambda: set().copy(1), lambda: set().discard(),
    lambda: (1).bit_length(1),
]
for f in cases:
    try:
        f()
        print("no error")
    except TypeError as e:
        print(e)


class L(list):
    pass


for f in (lambda: L().append(), lambda: L().pop(1, 2), lambda: "a".lower(1),
          lambda: "a".center(), lambda: "a".replace("x")):
    try:
        f()
    except TypeError as e:
        print(e)

# Keyword arguments where none are taken, under the same qualified names.
for f in (lambda: [].append(x=1), lambda: [].pop(x=1), lambda: {}.get(x=1),
          lambda: reversed(x=1), lambda: iter(x=1), lambda: (1).bit_length(x=1),
          lambda: set().add(x=1), lambda: isinstance(x=1), lambda: len(obj=1),
          lambda: math.sqrt(x=1), lambda: math.log(x=1), lambda: math.log(1, 2, 3),
          lambda: L().append(x=1)):
    try:
        f()
    except TypeError as e:
        print(e)
