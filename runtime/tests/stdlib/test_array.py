import sys
sys.path.pop(0)  # this directory's test files share the modules' names
import array
import copy
import io
import random
import struct
import threading
from array import array as A


def show(label, f, *args, **kwargs):
    try:
        r = f(*args, **kwargs)
    except Exception as e:
        print(label, "->", type(e).__name__, e)
    else:
        print(label, "->", repr(r))


print("typecodes", array.typecodes, array.ArrayType is A)
print("itemsizes", [A(c).itemsize for c in array.typecodes])

# ---- item range checks
edges = [-2**70, -2**64, -2**63 - 1, -2**63, -2**31 - 1, -2**31, -2**16,
         -32769, -32768, -129, -128, -1, 0, 1, 127, 128, 255, 256, 32767,
         32768, 65535, 65536, 2**31 - 1, 2**31, 2**32 - 1, 2**32, 2**63 - 1,
         2**63, 2**64 - 1, 2**64, 2**70]
for code in "bBhHiIlLqQ":
    cells = []
    for v in edges:
        try:
            a = A(code, [v])
        except OverflowError as e:
            cells.append("E(%s)" % e)
        else:
            assert a[0] == v
            cells.append("ok")
    print(code, " ".join(cells))
    for bad in [1.5, "1", None, b"x"]:
        show("  %s %r" % (code, bad), A, code, [bad])

for code in "fd":
    for v in [0, 1, -1, 0.1, 1 / 3, 1e300, -1e300, 1e-50, 2**70, 2**2000,
              True, float("inf"), "x", None, 3.4028235677973362e+38]:
        show("%s %r" % (code, v), A, code, [v])
for v in ["a", "ab", "", 1, b"a", "\U0010ffff"]:
    show("u %r" % (v,), A, "u", [v])

# ---- construction
show("bad code", A, "z")
show("long code", A, "bb")
show("int code", A, 5)
show("no args", A)
show("too many", A, "b", [], 1)
show("kwargs", A, "b", initializer=[1])
show("int init", A, "b", 5)
show("str init b", A, "b", "ab")
show("str init u", A, "u", "ab")
show("bytes init b", A, "b", b"\x01\xff")
show("bytes init B", A, "B", b"\x01\xff")
show("bytes init h", A, "h", b"\x01\x02\x03\x04")
show("bytes odd h", A, "h", b"\x01\x02\x03")
show("bytearray init", A, "H", bytearray(b"\x01\x02"))
show("bytes init u", A, "u", b"a\x00\x00\x00b\x00\x00\x00")
show("bytes bad u", lambda: repr(A("u", b"\xff\xff\xff\xff")))
show("memoryview init", A, "b", memoryview(b"ab"))
show("tuple init", A, "h", (1, 2, -3))
show("range init", A, "i", range(4))
show("generator init", A, "d", (x / 2 for x in range(3)))
show("array init same", A, "i", A("i", [1, 2]))
show("array init other", A, "i", A("b", [1, 2]))
show("array init narrowing", A, "h", A("i", [1, 70000]))
show("u array to i", A, "i", A("u", "xy"))
show("i array to u", A, "u", A("i", [97]))
show("partial list", A, "b", [1, 2, 300])

# ---- repr and basic protocol
for a in [A("b"), A("u"), A("i", [1, 2]), A("u", "ab"), A("d", [1.5, -0.0]),
          A("f", [0.1, 1e300, -1e-50, float("-inf")]), A("Q", [2**64 - 1])]:
    print(repr(a), str(a), len(a), list(a), a.typecode, a.itemsize)

a = A("i", [1, 2, 3, 4, 5])
print(a[0], a[-1], a[1:3], a[::2], a[::-1], a[10:], a[-100:2])
show("index 5", lambda: a[5])
show("index -6", lambda: a[-6])
show("index str", lambda: a["x"])
show("index float", lambda: a[1.5])
print("in", 3 in a, 9 in a, "x" in a, 3.0 in a)
print("count", A("b", [1, 2, 1]).count(1), a.count("x"))
print("index", a.index(3), A("b", [1, 2, 1]).index(1, 1), a.index(5, -1))
show("index missing", a.index, 9)
show("index range", A("b", [1, 2, 1]).index, 1, 1, 2)
show("index bad start", a.index, 1, "x")
print("reversed", list(reversed(a)), sorted(A("i", [3, 1, 2])))


def setitem(a, i, v):
    a[i] = v
    return a


def delitem(a, i):
    del a[i]
    return a


show("set 0", setitem, A("i", [1, 2, 3]), 0, 9)
show("set -1", setitem, A("i", [1, 2, 3]), -1, 9)
show("set 3", setitem, A("i", [1, 2, 3]), 3, 9)
show("set str idx", setitem, A("i", [1, 2, 3]), "x", 9)
show("set str val", setitem, A("i", [1, 2, 3]), 0, "x")
show("set big val", setitem, A("i", [1, 2, 3]), 0, 2**40)
show("set slice", setitem, A("i", [1, 2, 3, 4, 5]), slice(1, 3), A("i", [9, 9, 9]))
show("set slice empty", setitem, A("i", [1, 2, 3, 4, 5]), slice(1, 1), A("i", [7]))
show("set slice clear", setitem, A("i", [1, 2, 3, 4, 5]), slice(0, 5, 1), A("i"))
show("set ext", setitem, A("i", [1, 2, 3, 4, 5]), slice(None, None, 2), A("i", [0, 0, 0]))
show("set ext rev", setitem, A("i", [1, 2, 3, 4, 5]), slice(None, None, -1), A("i", [9, 8, 7, 6, 5]))
show("set ext size", setitem, A("i", [1, 2, 3, 4, 5]), slice(None, None, 2), A("i", [0]))
show("set slice list", setitem, A("i", [1, 2, 3]), slice(0, 1), [1])
show("set slice kind", setitem, A("i", [1, 2, 3]), slice(0, 1), A("h", [1]))
show("set slice self", lambda: (lambda z: setitem(z, slice(1, 2), z))(A("b", [1, 2, 3])))
show("del 0", delitem, A("i", [1, 2, 3]), 0)
show("del 3", delitem, A("i", [1, 2, 3]), 3)
show("del str", delitem, A("i", [1, 2, 3]), "x")
show("del slice", delitem, A("i", [1, 2, 3, 4, 5]), slice(None, None, 2))
show("del all", delitem, A("i", [1, 2, 3, 4, 5]), slice(None))

# ---- arithmetic
show("add", lambda: A("i", [1]) + A("i", [2, 3]))
show("add list", lambda: A("i", [1]) + [2])
show("add kind", lambda: A("i", [1]) + A("h", [2]))
show("mul", lambda: A("i", [1, 2]) * 3)
show("rmul", lambda: 2 * A("u", "ab"))
show("mul neg", lambda: A("i", [1, 2]) * -1)
show("mul str", lambda: A("i", [1, 2]) * "x")
show("mul huge", lambda: A("i", [1]) * 2**70)


def iadd(a, b):
    a += b
    return a


def imul(a, n):
    a *= n
    return a


show("iadd", iadd, A("i", [1]), A("i", [2]))
show("iadd list", iadd, A("i", [1]), [2])
show("iadd kind", iadd, A("i", [1]), A("h", [2]))
show("iadd self", lambda: (lambda z: iadd(z, z))(A("b", [1, 2])))
show("imul 3", imul, A("b", [1, 2]), 3)
show("imul 0", imul, A("b", [1, 2]), 0)
show("imul str", imul, A("b", [1, 2]), "x")

# ---- comparisons
nan = float("nan")
print(A("b", [1]) < A("b", [2]), A("b", [1, 2]) < A("b", [1, 2, 0]),
      A("b", [1, 2]) >= A("B", [1, 2]), A("b", [1]) == A("d", [1.0]),
      A("b", [1]) == [1], A("b", [1]) != [1], A("i") == A("i"),
      A("d", [nan]) == A("d", [nan]), A("i", [1, 2]) != A("i", [1, 2]),
      A("i", [1, 3]) > A("i", [1, 2, 9]), A("u", "ab") < A("u", "b"))
n = float("nan")
print("nan", A("d", [n]) == A("d", [n]), n in A("d", [n]), A("d", [n]).count(n))
for label, f in [("lt list", lambda: A("b", [1]) < [2]),
                 ("hash", lambda: hash(A("b")))]:
    try:
        f()
    except TypeError:
        print(label, "TypeError")

# ---- list-like methods
a = A("h", [1, 2, 3])
a.append(4)
show("append bad", a.append, "x")
show("append big", a.append, 40000)
a.extend([5, 6])
a.extend(A("h", [7]))
show("extend kind", a.extend, A("i", [8]))
show("extend int", a.extend, 5)
show("extend partial", a.extend, [8, "x", 9])
print("after extend", a)
a.insert(0, -1)
a.insert(100, 100)
a.insert(-100, -100)
show("insert bad", a.insert, "x", 1)
print("after insert", a)
print("pop", a.pop(), a.pop(0), a.pop(-2), a)
show("pop far", a.pop, 50)
show("pop str", a.pop, "x")
show("pop empty", A("i").pop)
a.remove(3)
show("remove missing", a.remove, 3)
a.reverse()
print("after remove/reverse", a)
print("tolist", a.tolist(), type(a.tolist()).__name__)
a.fromlist([10, 11])
show("fromlist tuple", a.fromlist, (1,))
show("fromlist bad", a.fromlist, [12, "x"])
print("after fromlist", a)
info = A("i", [1, 2, 3]).buffer_info()
print("buffer_info", type(info).__name__, len(info), info[1], A("i").buffer_info())

# ---- unicode
u = A("u", "hé")
u.fromunicode("llo")
print("unicode", u, u.tounicode(), u.tolist(), u.tobytes())
show("fromunicode int", u.fromunicode, 5)
show("fromunicode on i", A("i").fromunicode, "x")
show("tounicode on i", A("i").tounicode)
show("u add", lambda: A("u", "ab") + A("u", "c"))

# ---- bytes conversion, byteswap, round trips
rng = random.Random(77)
limits = {"b": (-128, 127), "B": (0, 255), "h": (-32768, 32767),
          "H": (0, 65535), "i": (-2**31, 2**31 - 1), "I": (0, 2**32 - 1),
          "l": (-2**63, 2**63 - 1), "L": (0, 2**64 - 1),
          "q": (-2**63, 2**63 - 1), "Q": (0, 2**64 - 1)}
for code, (lo, hi) in limits.items():
    vals = [lo, hi, 0, 1, lo + 1, hi - 1] + [rng.randint(lo, hi) for _ in range(40)]
    a = A(code, vals)
    raw = a.tobytes()
    assert raw == struct.pack("@%d%s" % (len(vals), code), *vals), code
    b = A(code)
    b.frombytes(raw)
    assert b == a and b.tolist() == vals
    c = A(code, vals)
    c.byteswap()
    assert c.tobytes() == b"".join(raw[k:k + a.itemsize][::-1]
                                   for k in range(0, len(raw), a.itemsize))
    c.byteswap()
    assert c == a
    print(code, raw[:16].hex(), len(raw), sum(vals) % 1000003)
for code in "fd":
    # (values whose byte-swapped forms are not NaN patterns: NaN payloads
    # are not kept, see the module's notes)
    vals = [0.0, -0.0, 1.5, 0.1, 1e30, -1e-30, float("inf"), 2.0, -3.25,
            1e-300, 123456.75]
    a = A(code, vals)
    raw = a.tobytes()
    assert raw == struct.pack("@%d%s" % (len(vals), code), *vals), code
    b = A(code, raw)
    assert b == a
    c = A(code, vals)
    c.byteswap()
    print(code, raw[:16].hex(), c[:3], a[:4])
    c.byteswap()
    assert c == a
show("frombytes odd", A("i").frombytes, b"abc")
show("frombytes str", A("i").frombytes, "abcd")
x = A("i")
x.frombytes(memoryview(b"\x01\x00\x00\x00"))
x.frombytes(A("b", [2, 0, 0, 0]))
print("frombytes buffers", x)
x = A("h", [1, -2, 3])
x.byteswap()
print("byteswap h", x)
x = A("b", [1, -2])
x.byteswap()
print("byteswap b", x)
print("struct on array", struct.unpack("<2h", A("h", [5, -6])))

# ---- files
bio = io.BytesIO()
A("h", [1, 2, 3]).tofile(bio)
print("tofile", bio.getvalue())
bio.seek(0)
r = A("h")
r.fromfile(bio, 2)
print("fromfile", r)
show("fromfile short", r.fromfile, bio, 5)
print("after short", r)
show("fromfile ragged", A("h").fromfile, io.BytesIO(b"abc"), 2)
show("fromfile negative", A("h").fromfile, io.BytesIO(b"abc"), -1)
show("fromfile str n", A("h").fromfile, io.BytesIO(b"abc"), "x")

# ---- iteration sees changes; copies; pickling
a = A("i", [1, 2, 3])
it = iter(a)
print("iter", next(it), type(it).__name__)
a.append(4)
print("iter rest", list(it), list(it))
c1 = copy.copy(a)
c2 = copy.deepcopy(a)
c1.append(5)
print("copies", a, c1, c2)
for obj in [A("i", [1, -2]), A("u", "xy"), A("d", [0.5]), A("B")]:
    func, args, state = obj.__reduce_ex__(2)
    back = func(*args)
    print("reduce", args, state, back == obj, type(back).__name__)


class Sub(A):
    def __init__(self, code, init=(), tag="t"):
        self.tag = tag


s = Sub("i", [1, 2], tag="x")
print("subclass", repr(s), s.tag, type(s[:1]).__name__, type(s + s).__name__)

# ---- threads appending to one array keep every item
shared = A("q")


def appender(k):
    for j in range(500):
        shared.append(k * 1000 + j)
    shared.extend(A("q", [k] * 50))


threads = [threading.Thread(target=appender, args=(k,)) for k in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print("threads", len(shared), sorted(shared.tolist()) == sorted(
    [k * 1000 + j for k in range(4) for j in range(500)] + [k for k in range(4) for _ in range(50)]))
