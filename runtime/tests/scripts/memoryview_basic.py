# memoryview over bytes, bytearray and other views: items, slices, casts,
# comparisons, hashing, assignment, release and the bytearray export lock.


def show(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)


b = b"abcdef"
m = memoryview(b)
print(len(m), m[0], m[-1], m.tobytes(), m.tolist())
print(m.obj is b, m.nbytes, m.readonly, m.format, m.itemsize, m.ndim)
print(m.shape, m.strides, m.suboffsets, m.contiguous, m.c_contiguous)
print(m[1:4].tobytes(), m[::2].tobytes(), m[::-1].tobytes(), m[::-2].tolist())
print(m[1:4].strides, m[::2].strides, m[::-1].strides, m[4:1].tobytes())
print(m[1:5][::2].tobytes(), m[::-1][1:3].tobytes(), m[::2].obj is b)
print(m.hex(), m.hex(":"), m[::2].hex("-", 2), bytes(m), bytearray(m))
print(list(m), [x for x in m[::3]], 98 in m, bool(memoryview(b"")))
print(m == b, b == m, m == bytearray(b), m == memoryview(b"abcdef"))
print(m == b"abc", m != b"abd", m == [97], m == "abcdef")
print(hash(m) == hash(b), hash(m[::2]) == hash(b"ace"))
print(repr(m).startswith("<memory at 0x"))
show("m[6]", lambda: m[6])
show("m[-7]", lambda: m[-7])
show("m['a']", lambda: m["a"])
show("m[1.0]", lambda: m[1.0])

# casts and formats
c = m.cast("c")
print(c.format, c[0], c[1:3].tolist(), c.tolist()[-1], c == m, c == b"abcdef")
s = memoryview(bytes([1, 200, 255])).cast("b")
print(s.format, s.tolist(), s[1], s == bytes([1, 200, 255]), s == bytes([1, 200, 255]).decode("latin-1"))
print(memoryview(b"xy").cast("B").tolist(), memoryview(b"xy").cast("@B").format)
show("cast strided", lambda: m[::2].cast("B"))
show("cast 42", lambda: m.cast(42))

# a view of a view
m2 = memoryview(m)
print(m2.obj is b, m2.tobytes(), m2 == m, memoryview(m[::-1]).tobytes())

# read-only views
show("setitem ro", lambda: m.__setitem__(0, 1))
show("delitem ro", lambda: m.__delitem__(0))

# writable views over a bytearray
ba = bytearray(b"hello world")
w = memoryview(ba)
print(w.readonly, w.obj is ba, w.toreadonly().readonly, w.toreadonly().tobytes())
w[0] = 72
w[-5:] = b"WORLD"
w[1:5:2] = bytearray(b"EL")
print(ba, w.tobytes())
w[6:8] = memoryview(b"wo")
print(ba)
show("hash writable", lambda: hash(w))
show("value 256", lambda: w.__setitem__(0, 256))
show("value -1", lambda: w.__setitem__(0, -1))
show("value bytes", lambda: w.__setitem__(0, b"a"))
show("value str", lambda: w.__setitem__(0, "a"))
show("short slice", lambda: w.__setitem__(slice(0, 3), b"ab"))
show("slice int", lambda: w.__setitem__(slice(0, 3), 5))
show("index out", lambda: w.__setitem__(20, 1))
show("delitem", lambda: w.__delitem__(0))
wc = w.cast("c")
wc[0] = b"j"
show("c int", lambda: wc.__setitem__(0, 1))
show("c long", lambda: wc.__setitem__(0, b"ab"))
wb = w.cast("b")
wb[1] = -1
print(ba[:2], wb[1], w[1])
show("b 200", lambda: wb.__setitem__(1, 200))

# exports lock the bytearray's size
for op in [
    lambda: ba.append(1),
    lambda: ba.extend(b"xy"),
    lambda: ba.pop(),
    lambda: ba.insert(0, 1),
    lambda: ba.remove(ba[0]),
    lambda: ba.clear(),
    lambda: ba.__delitem__(0),
    lambda: ba.__setitem__(slice(0, 2), b"x"),
    lambda: ba.__iadd__(b"z"),
]:
    show("resize", op)
ba[0:2] = b"JE"
ba[0] = 74
print(ba, w[0])
del w, wc, wb
ba.append(33)
print(ba)

# release and the context manager
ba2 = bytearray(b"abc")
with memoryview(ba2) as v:
    print(v[0], v.tobytes())
    show("in with", lambda: ba2.append(1))
ba2.append(100)
print(ba2)
for name, f in [
    ("len", lambda: len(v)),
    ("getitem", lambda: v[0]),
    ("tobytes", lambda: v.tobytes()),
    ("tolist", lambda: v.tolist()),
    ("obj", lambda: v.obj),
    ("format", lambda: v.format),
    ("bytes", lambda: bytes(v)),
    ("slice", lambda: v[1:]),
    ("with", lambda: v.__enter__()),
    ("release again", lambda: v.release()),
    ("eq", lambda: v == b"abc"),
    ("eq self", lambda: v == v),
    ("memoryview", lambda: memoryview(v)),
]:
    show(name, f)
print(repr(v).startswith("<released memory at 0x"))
v2 = memoryview(ba2)
s2 = v2[1:]
v2.release()
show("slice still locks", lambda: ba2.append(1))
s2.release()
ba2.append(101)
print(ba2)

# constructor errors
show("memoryview(42)", lambda: memoryview(42))
show("memoryview('s')", lambda: memoryview("s"))
show("memoryview()", lambda: memoryview())
show("kw", lambda: memoryview(object=b"ab").tobytes())
print(type(memoryview(b"")).__name__, isinstance(m, memoryview), memoryview)
