# Binary operators on instances of user classes, each site run often
# enough to be specialized, then the world changed under it.


class V:
    def __init__(self, x):
        self.x = x

    def __add__(self, o):
        if isinstance(o, V):
            return V(self.x + o.x)
        return NotImplemented

    def __radd__(self, o):
        return V(o + self.x)

    def __mul__(self, o):
        return V(self.x * (o.x if isinstance(o, V) else o))

    def __repr__(self):
        return "V(%r)" % (self.x,)


class W(V):
    def __radd__(self, o):
        return "W.__radd__ first"


class Acc(V):
    def __iadd__(self, o):
        self.x += o.x * 100
        return self


class Num(int):
    def __add__(self, o):
        return NotImplemented


def add(a, b):
    return a + b


def iadd(a, b):
    a += b
    return a


def run(label, f, *pairs):
    out = []
    for _ in range(40):
        for a, b in pairs:
            try:
                out.append(repr(f(a, b)))
            except TypeError as e:
                out.append("TypeError: %s" % e)
    print(label, out[: len(pairs)], out[-len(pairs) :], len(out))


run("same class", add, (V(1), V(2)))
run("mixed", add, (V(1), V(2)), (V(1), W(5)), (V(3), 4), (4, V(3)))
run("subclass reflected first", add, (V(1), W(2)))
run("inplace without __iadd__", iadd, (V(1), V(2)))
run("inplace with __iadd__", iadd, (Acc(1), Acc(2)))
run("int subclass declining", add, (Num(5), Num(6)), (Num(5), 6), (5, Num(6)), (Num(5), 6.5))
run("multiply", lambda a, b: a * b, (V(2), V(3)), (V(2), 3), (V(2), 2.5), (V(2), "ab"), (2, V(3)))


class Picky(V):
    def __iadd__(self, o):
        if isinstance(o, int):
            self.x += o
            return self
        return NotImplemented


class Other:
    def __radd__(self, o):
        return "Other.__radd__"


run(
    "in-place method declining",
    iadd,
    (Picky(1), 2),
    (Picky(1), Picky(2)),
    (Picky(1), Other()),
    (Picky(1), "s"),
    (Picky(1), W(3)),
)

# The class changes under the specialized site.
pairs = (V(1), V(2))
run("before change", add, pairs)
V.__add__ = lambda self, o: "replaced"
run("after replacing __add__", add, pairs)
del V.__add__
run("after deleting __add__", add, pairs)
V.__add__ = lambda self, o: NotImplemented
run("declining", add, pairs)
V.__iadd__ = lambda self, o: "iadd now"
run("inplace after adding __iadd__", iadd, pairs)


# A method that raises, and one with a default argument.
class E:
    def __sub__(self, o, extra=1):
        return extra

    def __truediv__(self, o):
        raise ZeroDivisionError("from __truediv__")


def sub(a, b):
    return a - b


def div(a, b):
    return a / b


run("default argument", sub, (E(), E()))


def trydiv(a, b):
    try:
        return div(a, b)
    except ZeroDivisionError as e:
        return "ZeroDivisionError: %s" % e


run("raising", trydiv, (E(), E()))
Picky.__iadd__ = lambda self, o: "replaced iadd"
run("in-place method replaced", iadd, (Picky(1), 2), (Picky(1), "s"))
del Picky.__iadd__
run("in-place method deleted", iadd, (Picky(1), 2), (Picky(1), Picky(2)), (Picky(1), "s"))
