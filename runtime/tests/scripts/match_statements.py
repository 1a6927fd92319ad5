# match statements: every pattern kind, guards, binding after a match,
# class patterns with __match_args__, run-time errors, and the `@`
# operator. Recorded with `python3.11 match_statements.py`.
import threading


def literal(x):
    match x:
        case 0:
            return "zero"
        case 1 | 2 | 3:
            return "small"
        case -1:
            return "minus one"
        case 2.5:
            return "two and a half"
        case "hello":
            return "greeting"
        case b"raw":
            return "bytes"
        case "con" "cat":
            return "concatenated"
        case None:
            return "none"
        case True:
            return "true"
        case False:
            return "false"
        case _:
            return "other"


for v in [0, 1, 2, 3, -1, 2.5, "hello", b"raw", "concat", None, True, False, 1.0, 0.0, 4, "x"]:
    print(repr(v), literal(v))


def capture(x):
    match x:
        case 5:
            return "five"
        case y:
            return ("captured", y)


print(capture(5), capture([1, 2]))


class Color:
    RED = 1
    GREEN = 2
    BLUE = 3


class Ns:
    class Inner:
        VALUE = "deep"


def value(x):
    match x:
        case Color.RED:
            return "red"
        case Color.GREEN | Color.BLUE:
            return "green or blue"
        case Ns.Inner.VALUE:
            return "deep value"
    return "no color"


print([value(v) for v in [1, 2, 3, 4, "deep"]])


def sequences(x):
    match x:
        case []:
            return "empty"
        case [a]:
            return ("one", a)
        case [a, b] if a == b:
            return ("pair of equal", a)
        case (a, b):
            return ("pair", a, b)
        case [1, *rest]:
            return ("starts with 1", rest)
        case [*init, 9]:
            return ("ends with 9", init)
        case [a, *_, z]:
            return ("first and last", a, z)
        case _:
            return "not a sequence"


for v in [[], [7], (3, 3), [3, 4], (1, 2, 3), [5, 6, 9], (4, 5, 6, 7), "ab", "abc", b"ab",
          {1: 2}, range(2), range(5), 42, [[1, 2], [3]]]:
    print(repr(v), sequences(v))


def nested(x):
    match x:
        case [[a, b], [c]]:
            return ("nested", a, b, c)
        case [(1 | 2) as k, [*_]]:
            return ("or inside as", k)
        case [_, _, *_, [*mid]]:
            return ("tail list", mid)
        case (((x))):
            return ("group", x)


print(nested([[1, 2], [3]]), nested([2, []]), nested([0, 0, 0, [1, 2]]), nested(9))


def star_wild(x):
    match x:
        case [1, *_, 2]:
            return "1 ... 2"
        case [*_]:
            return "any sequence"
        case _:
            return "no"


print(star_wild([1, 2]), star_wild([1, 5, 5, 2]), star_wild((1,)), star_wild({}))


class MyList(list):
    pass


class MyTuple(tuple):
    pass


print(sequences(MyList([1, 2, 3])), sequences(MyTuple((8, 8))))


def mappings(x):
    match x:
        case {"kind": "point", "x": px, "y": py}:
            return ("point", px, py)
        case {"kind": "circle", **rest}:
            return ("circle", sorted(rest.items()))
        case {Color.RED: r}:
            return ("red key", r)
        case {}:
            return "some mapping"
        case _:
            return "not a mapping"


for v in [{"kind": "point", "x": 1, "y": 2, "z": 3}, {"kind": "circle", "r": 5, "c": (0, 0)},
          {1: "one"}, {"kind": "square"}, {}, [1], "kind"]:
    print(mappings(v))


class MyDict(dict):
    pass


class GetDict(dict):
    def get(self, key, default=None):
        print("get", key)
        return dict.get(self, key, default)


print(mappings(MyDict(kind="point", x=0, y=-1)))
print(mappings(GetDict(kind="point", x=0, y=-1)))

match {"a": 1, "b": 2}:
    case {"a": 1, **others}:
        print("others", others, type(others).__name__)


class Point:
    __match_args__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __repr__(self):
        return f"Point({self.x}, {self.y})"


class Point3(Point):
    __match_args__ = ("x", "y", "z")

    def __init__(self, x, y, z):
        super().__init__(x, y)
        self.z = z


class Plain:
    def __init__(self):
        self.a = 1
        self.b = 2


def classes(p):
    match p:
        case Point3(0, 0, 0):
            return "origin 3d"
        case Point(0, 0):
            return "origin"
        case Point(0, y):
            return ("on y axis", y)
        case Point(x=0, y=yy):
            return "unreachable keyword form"
        case Point(x, 0):
            return ("on x axis", x)
        case Point(x, y=5):
            return ("y is 5", x)
        case Point(x=px) if px > 100:
            return ("far", px)
        case Plain(a=1, b=b):
            return ("plain", b)
        case Plain(c=_):
            return "plain with c"
        case Point():
            return ("some point", p)
        case _:
            return "not a point"


for v in [Point3(0, 0, 0), Point(0, 0), Point(0, 7), Point(3, 0), Point(4, 5), Point(101, 1),
          Point(1, 1), Plain(), Point3(1, 2, 3), 5]:
    print(classes(v))

p = Plain()
p.a = 2
print(classes(p))


def builtins_self(x):
    match x:
        case bool(b):
            return ("bool", b)
        case int(i) if i < 0:
            return ("negative int", i)
        case int(0 | 1 as i):
            return ("bit", i)
        case int():
            return ("int", x)
        case float(f):
            return ("float", f)
        case str("") | bytes(b""):
            return "empty text"
        case str(s):
            return ("str", s)
        case bytes(b):
            return ("bytes", b)
        case list([a, b]):
            return ("list of two", a, b)
        case tuple(t):
            return ("tuple", t)
        case dict({"k": v}):
            return ("dict with k", v)
        case frozenset(fs):
            return ("frozenset", sorted(fs))
        case set(s):
            return ("set", sorted(s))
        case _:
            return "other"


for v in [True, False, -3, 0, 1, 99, 1.5, "", b"", "text", b"by", [1, 2], [1], (1, 2),
          {"k": 9}, frozenset({2, 1}), {3, 4}, None]:
    print(repr(v), builtins_self(v))


class MyInt(int):
    pass


class MyStr(str):
    __match_args__ = ("upper_form",)

    @property
    def upper_form(self):
        return self.upper()


match MyInt(7):
    case int(n):
        print("MyInt matched itself", n)

match MyStr("abc"):
    case MyStr("ABC"):
        print("MyStr matched through __match_args__")
    case str(s):
        print("MyStr matched itself", s)


class Dyn:
    pass


Dyn.__match_args__ = ("v",)
d = Dyn()
d.v = 10
match d:
    case Dyn(10):
        print("match args set after class creation")


class Attr:
    __match_args__ = ("missing",)


match Attr():
    case Attr(_):
        print("wrong")
    case Attr():
        print("missing attribute only fails the match")


def as_patterns(x):
    match x:
        case [1, 2] as whole:
            return ("whole", whole)
        case (Point(x=0) | Point(y=0)) as axis:
            return ("axis", axis)
        case str() | bytes() as text:
            return ("text", text)
        case other:
            return ("other", other)


print(as_patterns([1, 2]), as_patterns(Point(0, 3)), as_patterns(Point(3, 0)), as_patterns(b"x"),
      as_patterns(1.5))


def or_patterns(x):
    match x:
        case [a, 1] | [1, a] | (a, "x"):
            return ("or binds a", a)
        case {"k": v} | [_, _, v]:
            return ("v", v)
        case Point(x, y) | [x, y, _, _]:
            return ("xy", x, y)
    return "none"


for v in [[5, 1], [1, 6], (7, "x"), {"k": 0}, [0, 0, "third"], Point(1, 2), [3, 4, 5, 6], [1]]:
    print(or_patterns(v))


def guards(x):
    hits = []
    match x:
        case int(n) if hits.append("first guard") or n > 10:
            return ("big", n, hits)
        case int(n) if hits.append("second guard") or n > 5:
            return ("medium", n, hits)
        case int(n):
            return ("small", n, hits)
        case _ if hits.append("wild guard"):
            return "never"
        case _:
            return ("fallthrough", hits)


print(guards(20), guards(7), guards(1), guards("s"))


# Names bound by the successful case survive the statement.
match (1, (2, 3)):
    case (a, (b, c)):
        pass
print("bound after match", a, b, c)

# Nothing runs when no case matches, and the subject is evaluated once.
calls = []


def subject():
    calls.append(1)
    return 42


match subject():
    case 1:
        print("no")
    case 2:
        print("no")
print("subject evaluated", len(calls), "time(s)")

# A guard failing leaves the later cases to try.
match 3:
    case x if x > 5:
        print("no")
    case 3:
        print("guard fell through to literal")


# Control flow from inside a case.
def first_negative(items):
    for item in items:
        match item:
            case int(n) if n < 0:
                return n
            case "stop":
                break
            case "skip":
                continue
            case _:
                pass
    return None


print(first_negative([1, "skip", -4, 5]), first_negative([1, "stop", -1]), first_negative([]))


def in_loop():
    out = []
    for i in range(6):
        match i % 3, i:
            case 0, j:
                out.append(("zero", j))
            case 1, _:
                out.append("one")
            case _:
                out.append("two")
    return out


print(in_loop())


# Equality goes through __eq__ for value patterns; singletons use `is`.
class Loose:
    def __eq__(self, other):
        print("eq called with", other)
        return other == 1


match Loose():
    case 1:
        print("value pattern used __eq__")

match 1.0:
    case True:
        print("wrong")
    case 1:
        print("1.0 == 1 but is not True")

match 0:
    case False:
        print("wrong")
    case _:
        print("0 is not False")


# Class pattern errors.
class NoArgs:
    pass


class BadArgs:
    __match_args__ = ["a"]


class BadElem:
    __match_args__ = (1,)


class Dup:
    __match_args__ = ("a",)
    a = 1


def err(thunk):
    try:
        thunk()
    except Exception as e:
        print(type(e).__name__ + ":", e)


def m_noargs():
    match NoArgs():
        case NoArgs(1):
            pass


def m_badargs():
    match BadArgs():
        case BadArgs(1):
            pass


def m_badelem():
    match BadElem():
        case BadElem(1):
            pass


def m_toomany():
    match Dup():
        case Dup(1, 2):
            pass


def m_dup():
    match Dup():
        case Dup(1, a=1):
            pass


def m_notype():
    match 1:
        case len(1):
            pass


def m_int_two():
    match 1:
        case int(1, 2):
            pass


def m_noargs_nomatch():
    # The isinstance check runs first: no error when it fails.
    match 5:
        case NoArgs(1):
            pass
        case _:
            print("no error when the subject is no instance")


for t in [m_noargs, m_badargs, m_badelem, m_toomany, m_dup, m_notype, m_int_two,
          m_noargs_nomatch]:
    err(t)


# The `@` operator.
class Mat:
    def __init__(self, v):
        self.v = v

    def __matmul__(self, other):
        if isinstance(other, Mat):
            return Mat(self.v * other.v)
        if isinstance(other, int):
            return Mat(self.v * other)
        return NotImplemented

    def __rmatmul__(self, other):
        return Mat(other * self.v + 1000)

    def __repr__(self):
        return f"Mat({self.v})"


class IMat(Mat):
    def __imatmul__(self, other):
        self.v = self.v - other.v
        return self


print(Mat(2) @ Mat(3), Mat(2) @ 5, 5 @ Mat(2))
m = Mat(4)
m @= Mat(5)
print(m)
im = IMat(10)
alias = im
im @= Mat(3)
print(im, alias is im)
err(lambda: 1 @ 2)
err(lambda: [1] @ [2])
err(lambda: Mat(1) @ "s")


def imatmul_error():
    x = 1.5
    x @= 2


err(imatmul_error)
for i in range(3):
    # Warm up the specializer on the operator.
    print(Mat(i) @ Mat(i))


# A match statement run from several threads at once.
def classify(v):
    match v:
        case int(n) if n % 15 == 0:
            return "fizzbuzz"
        case int(n) if n % 5 == 0:
            return "buzz"
        case int(n) if n % 3 == 0:
            return "fizz"
        case [x, *rest]:
            return len(rest) + classify(x).__len__()
        case {"n": n}:
            return classify(n)
        case Point(x, y):
            return x + y
        case _:
            return "num"


results = [None] * 4


def worker(k):
    acc = {}
    for i in range(2000):
        subject = [i, (i, i), {"n": i}, Point(i, k)][i % 4]
        r = classify(subject)
        key = r if isinstance(r, str) else "sum"
        acc[key] = acc.get(key, 0) + (r if isinstance(r, int) else 1)
    results[k] = sorted(acc.items())


threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
for r in results:
    print(r)
