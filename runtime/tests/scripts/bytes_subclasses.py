# Subclasses of bytearray and bytes: extra state and methods, super() calls,
# isinstance, and the base types CPython's methods return.


class Buffer(bytearray):
    kind = "buffer"

    def __init__(self, data=b"", label="?"):
        super().__init__(data)
        self.label = label

    def shout(self):
        return self.upper()

    def append(self, x):
        super().append(x)
        super().append(x)

    def __repr__(self):
        return "Buffer<" + self.label + ">" + super().__repr__()


b = Buffer(b"abc", label="x")
print(b, repr(b), len(b), b.label, b.kind, isinstance(b, bytearray), isinstance(b, Buffer))
b.append(100)
b.extend(b"ef")
b[0] = 65
print(b, bytes(b), b == b"Abcddef", b.shout(), type(b.shout()).__name__)
for r in [b[1:3], b + b"!", b * 2, b.copy(), b.replace(b"d", b"D"), b.strip(b"A"),
          b.split(b"d"), b.partition(b"c")]:
    print(type(r).__name__, r)
print(type(b.__class__.__mro__[1]).__name__, [c.__name__ for c in Buffer.__mro__])
b += b"++"
print(type(b).__name__, b.label, b)
print(b.find(b"dd"), b"dd" in b, b.hex(), b.decode(), list(b[:3]))
print(hash(Buffer.__hash__) is not None, Buffer.__hash__ is None)
m = memoryview(b)
print(m.obj is b, m[0], m.tobytes())
try:
    b.append(1)
except BufferError as e:
    print("BufferError", e)
m.release()


class Plain(bytearray):
    pass


p = Plain(b"xyz")
print(repr(p), str(p), p, Plain(3), Plain(), Plain([1, 2]), Plain("hé", "utf-8"))
print(p.__dict__, type(p).__name__, Plain.__name__)
p.tag = 1
print(p.tag, vars(p))
print(bytearray.__new__(Plain), type(bytearray.__new__(Plain)).__name__)


class Tag(bytes):
    def __new__(cls, data, note):
        self = super().__new__(cls, data)
        self.note = note
        return self

    def twice(self):
        return self + self


t = Tag(b"hi", "n")
print(t, t.note, t.twice(), type(t.twice()).__name__, isinstance(t, bytes), len(t))
print(type(t[0:1]).__name__, type(t.upper()).__name__, t == b"hi", hash(t) == hash(b"hi"))
print(type(bytes(t)).__name__, bytes(t) == t, repr(t), {t: 1}[b"hi"])
