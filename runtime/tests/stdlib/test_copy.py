import sys
sys.path.pop(0)  # this directory's test files share the modules' names
import copy
import threading

# atomic values come back as themselves
for v in (None, 1, 2.5, True, 3j, "s", b"b", (1, 2), frozenset([1]), int, len, range(3), Ellipsis):
    print(type(v).__name__, copy.copy(v) is v, copy.deepcopy(v) is v)
def f(): pass
print(copy.copy(f) is f, copy.deepcopy(f) is f)

# containers
lst = [1, [2, 3], {"k": [4]}]
s = copy.copy(lst)
d = copy.deepcopy(lst)
print(s == lst, s is lst, s[1] is lst[1], d == lst, d[1] is lst[1], d[2]["k"] is lst[2]["k"])
dct = {"a": [1], "b": (2, [3])}
s = copy.copy(dct); d = copy.deepcopy(dct)
print(s == dct, s["a"] is dct["a"], d == dct, d["a"] is dct["a"], d["b"] is dct["b"], d["b"][1] is dct["b"][1])
t = (1, 2, "x")
print(copy.deepcopy(t) is t)
t2 = (1, [2])
dt = copy.deepcopy(t2)
print(dt == t2, dt is t2, dt[1] is t2[1])
st = {1, 2, 3}
print(copy.copy(st) == st, copy.copy(st) is st, copy.deepcopy(st) == st)
fs = frozenset([(1, 2)])
print(copy.deepcopy(fs) == fs)
ba = bytearray(b"xyz")
print(copy.copy(ba), copy.copy(ba) is ba, copy.deepcopy(ba))

# shared references and cycles
shared = [0]
outer = [shared, shared]
d = copy.deepcopy(outer)
print(d[0] is d[1], d[0] is shared)
cyc = [1]
cyc.append(cyc)
d = copy.deepcopy(cyc)
print(d[1] is d, d is cyc, len(d))
cd = {}
cd["self"] = cd
d = copy.deepcopy(cd)
print(d["self"] is d)
ct = ([],)
ct[0].append(ct)
d = copy.deepcopy(ct)
print(d[0][0] is d, d is ct)

# memo
memo = {}
x = [1, 2]
y = copy.deepcopy([x, x], memo)
print(y[0] is y[1], memo[id(x)] == x, memo[id(x)] is y[0])
pre = ["pre"]
memo2 = {id(x): pre}
print(copy.deepcopy([x], memo2)[0] is pre)

# plain classes
class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def __repr__(self):
        return "Point(%r, %r)" % (self.x, self.y)
p = Point(1, [2])
c = copy.copy(p)
dp = copy.deepcopy(p)
print(c, type(c).__name__, c is p, c.y is p.y, dp, dp.y is p.y)
class Empty:
    pass
e = copy.copy(Empty())
print(type(e).__name__, e.__dict__)

class Slotted:
    __slots__ = ("a", "b")
sl = Slotted(); sl.a = [1]
c = copy.copy(sl); d = copy.deepcopy(sl)
print(c.a, c.a is sl.a, hasattr(c, "b"), d.a, d.a is sl.a)

class Both(Point):
    __slots__ = ("z",)
bo = Both(1, 2); bo.z = [9]
c = copy.deepcopy(bo)
print(c, c.z, c.z is bo.z)

# hooks
class Custom:
    def __init__(self, v):
        self.v = v
    def __copy__(self):
        print("  __copy__ called")
        return Custom(self.v + 1)
    def __deepcopy__(self, memo):
        print("  __deepcopy__ called", type(memo).__name__)
        return Custom(copy.deepcopy(self.v, memo) * 10)
print(copy.copy(Custom(1)).v, copy.deepcopy(Custom([1])).v)

class St:
    def __init__(self):
        self.data = [1, 2]
        self.cache = "big"
    def __getstate__(self):
        return {"data": self.data}
    def __setstate__(self, state):
        print("  setstate", sorted(state))
        self.__dict__.update(state)
        self.cache = None
c = copy.copy(St())
print(c.data, c.cache)
c = copy.deepcopy(St())
print(c.data, c.cache)

class NewArgs:
    def __new__(cls, n):
        self = object.__new__(cls)
        self.n = n
        return self
    def __getnewargs__(self):
        return (self.n,)
print(copy.copy(NewArgs(5)).n, copy.deepcopy(NewArgs([6])).n)

class Red:
    def __init__(self, a, b):
        self.a, self.b = a, b
    def __reduce__(self):
        return (Red, (self.a, self.b))
r = copy.deepcopy(Red([1], "q"))
print(type(r).__name__, r.a, r.b)

class MyList(list):
    pass
ml = MyList([1, [2]]); ml.tag = "t"
c = copy.copy(ml); d = copy.deepcopy(ml)
print(type(c).__name__, c, c.tag, c[1] is ml[1], type(d).__name__, d, d[1] is ml[1], d.tag)
class MyDict(dict):
    pass
md = MyDict(a=[1])
d = copy.deepcopy(md)
print(type(d).__name__, dict(d), d["a"] is md["a"])

# subclasses of immutable built-ins keep their value (and attributes)
class I(int):
    pass
class S(str):
    pass
class T(tuple):
    pass
class F(float):
    pass
class FS(frozenset):
    pass
tagged = I(5)
tagged.tag = [1]
for base, v in ((int, tagged), (str, S("abc")), (tuple, T((1, [2]))), (float, F(2.5)), (frozenset, FS([3]))):
    c = copy.copy(v)
    d = copy.deepcopy(v)
    # values compared as the base type
    print(type(c).__name__, base(c) == base(v), c is v, type(d).__name__, base(d) == base(v),
          getattr(c, "tag", None), getattr(d, "tag", None))
dt = copy.deepcopy(T((1, [2])))
print(dt, dt[1] is not None)
d = copy.deepcopy(tagged)
print(d.tag is tagged.tag, copy.copy(tagged).tag is tagged.tag)

# classes themselves are atomic
print(copy.copy(Point) is Point, copy.deepcopy(Point) is Point)
print(issubclass(copy.Error, Exception), copy.error is copy.Error)

# threads
res = [None] * 4
base = {"k": [[i] for i in range(50)], "p": Point(1, [2, 3])}
def work(k):
    ok = True
    for _ in range(200):
        d = copy.deepcopy(base)
        d["k"][0].append(k)
        ok = ok and d["k"][1] == [1] and d["p"].y == [2, 3] and base["k"][0] == [0]
    res[k] = ok
ts = [threading.Thread(target=work, args=(k,)) for k in range(4)]
for t in ts: t.start()
for t in ts: t.join()
print(res, base["k"][0])
