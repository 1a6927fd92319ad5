# List, set and dict comprehensions compiled into the code around them
# (PEP 709): their variables stay their own, whatever the enclosing scope
# holds under the same names, also when an exception leaves them.

import sys

counter = "global counter"
item = "global item"


def shadowing():
    item = "outer"
    squares = [item * item for item in range(4)]
    return item, squares


def unbound_after():
    values = [x for x in range(3)]
    try:
        return x  # noqa: F821
    except NameError as e:
        return type(e).__name__, values


def restored_after_error(xs):
    x = "kept"
    try:
        return [10 // x for x in xs]
    except ZeroDivisionError:
        return "divided by zero, x is still " + x


def nested(matrix):
    row = "outer row"
    flat = [v * 10 for row in matrix for v in row]
    grid = [[v + len(row) for v in row] for row in matrix]
    return row, flat, grid


def dict_and_set(words):
    k = 1
    lengths = {w: len(w) for w in words}
    initials = {w[0] for w in words if len(w) > k}
    return k, lengths, sorted(initials)


def walrus(xs):
    found = [last := x for x in xs if x % 2]
    return last, found


def closures(xs):
    base = 100
    adders = [lambda y, x=x: x + y + base for x in xs]
    late = [lambda: x for x in xs]
    return [f(1) for f in adders], [f() for f in late]


def free_from_grandparent():
    scale = 3

    def inner(xs):
        return [x * scale for x in xs]

    return inner([1, 2, 3])


def cell_shadowed():
    x = "cell"

    def read():
        return x

    doubled = [x * 2 for x in range(3)]
    return read(), x, doubled


def in_generator(n):
    for i in range(n):
        yield [i * j for j in range(i)]


def in_finally():
    out = []
    try:
        out.append([t for t in "ab"])
    finally:
        out.append({t: t.upper() for t in "cd"})
    return out


def attribute_targets():
    class Box:
        pass

    box = Box()
    seen = [box.value for box.value in range(3)]
    return seen, box.value


def star_targets(pairs):
    first = "unchanged"
    heads = [first for first, *rest in pairs]
    return first, heads


def global_name_inside():
    global counter
    names = [counter for counter in ("a", "b")]
    return counter, names


def read_before_bound():
    try:
        r = [later for _ in range(1)]
    except NameError as e:
        # 3.11 raises NameError, 3.12+ its subclass UnboundLocalError.
        r = isinstance(e, NameError)
    later = 1
    return r, later


def deep_error():
    def boom(v):
        if v == 2:
            raise ValueError("boom at %d" % v)
        return v

    x = "x before"
    v = "v before"
    try:
        [[boom(v) for v in range(x)] for x in range(4)]
    except ValueError as e:
        return str(e), x, v


class Config:
    factor = 10
    scaled = [n * 2 for n in range(3)]
    keys = {name: len(name) for name in ("alpha", "be")}
    outer_iterable = [n for n in [factor, factor + 1]]
    try:
        hidden = [factor for _ in range(1)]
    except NameError as e:
        hidden = type(e).__name__


def class_in_function():
    offset = 5

    class Inner:
        offset_here = "class attribute"
        values = [i + offset for i in range(3)]

    return Inner.values, Inner.offset_here


module_level = [item.upper() for item in ("p", "q")]
module_dict = {counter: counter * 2 for counter in range(3)}

print(shadowing())
print(unbound_after())
print(restored_after_error([5, 2, 0]))
print(restored_after_error([5, 2]))
print(nested([[1, 2], [3]]))
print(dict_and_set(["apple", "b", "cherry"]))
print(walrus([2, 3, 4, 5, 6]))
print(closures([1, 2]))
print(free_from_grandparent())
print(cell_shadowed())
print(list(in_generator(4)))
print(in_finally())
print(attribute_targets())
print(star_targets([(1, 2, 3), (4,)]))
print(global_name_inside(), counter)
print(read_before_bound())
print(deep_error())
print(Config.scaled, Config.keys, Config.outer_iterable, Config.hidden)
print(sorted(k for k in vars(Config) if not k.startswith("__")))
print(class_in_function())
print(module_level, module_dict, item, counter)
print("n" in globals(), "name" in globals())
