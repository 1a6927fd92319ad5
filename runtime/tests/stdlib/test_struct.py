import sys
sys.path.pop(0)  # this directory's test files share the modules' names
import math
import random
import struct
import threading


def show(label, f, *args, **kwargs):
    try:
        r = f(*args, **kwargs)
    except Exception as e:
        print(label, "->", type(e).__name__, e)
    else:
        print(label, "->", r.hex() if isinstance(r, bytes) else repr(r))


# ---- sizes and alignment
for fmt in ["", "x", "c", "b", "B", "?", "h", "H", "i", "I", "l", "L", "q",
            "Q", "n", "N", "P", "e", "f", "d", "s", "p", "5s", "0s", "3p",
            "bh", "bi", "bq", "hb", "bhbq0q", "cd", "c0d", "@bhbq", "=bhbq",
            "<bhbq", ">bhbq", "!bhbq", "<l", "@l", "=L", "3x", "0x", "0q",
            " 2h ", "< h\ti\n", "10c", "2e3f", "b0l", "@?e", "x h",
            b"hh", b"<q", "9223372036854775807x"]:
    show("calcsize %r" % (fmt,), struct.calcsize, fmt)

for fmt in ["z", "3", "h 2", "2 h", "h@", " <h", "<n", "<N", "<P", "=n",
            ">P", "!N", "99999999999999999999h", "4611686018427387904h",
            "9223372036854775807x2x", "9223372036854775808x", "h\x00h",
            "\u00e9", "A", "hZ"]:
    show("calcsize %r" % (fmt,), struct.calcsize, fmt)
show("calcsize int", struct.calcsize, 5)
show("calcsize none", struct.calcsize)
show("calcsize two", struct.calcsize, "h", "h")

# ---- integer codes: edge values in every byte order
edges = [-2**64 - 1, -2**64, -2**63 - 1, -2**63, -2**32, -2**31 - 1, -2**31,
         -2**16, -2**15 - 1, -2**15, -129, -128, -1, 0, 1, 127, 128, 255, 256,
         2**15 - 1, 2**15, 2**16 - 1, 2**16, 2**31 - 1, 2**31, 2**32 - 1,
         2**32, 2**63 - 1, 2**63, 2**64 - 1, 2**64]
for prefix in "@=<>!":
    for code in "bBhHiIlLqQnNP":
        fmt = prefix + code
        if prefix != "@" and code in "nNP":
            show("pack %r" % fmt, struct.pack, fmt, 1)
            continue
        line = []
        for v in edges:
            try:
                data = struct.pack(fmt, v)
            except struct.error as e:
                line.append("E(%s)" % e)
            else:
                back = struct.unpack(fmt, data)[0]
                line.append(data.hex() + ("" if back == v else "~%d" % back))
        print(fmt, " ".join(line))

# non-integers and __index__
class Idx:
    def __init__(self, v):
        self.v = v

    def __index__(self):
        return self.v


class BadIdx:
    def __index__(self):
        raise ValueError("no index here")


class Flt:
    def __float__(self):
        return 2.5


for code in "bBhHiIlLqQnNP":
    for arg in [1.5, "1", b"1", None, Idx(7), Idx(-7), Idx(2**70), True,
                BadIdx(), Flt()]:
        show("pack %r %s" % (code, type(arg).__name__), struct.pack, code, arg)
    show("pack <%s Idx" % code, struct.pack, "<" + code, Idx(3)) if code not in "nNP" else None

# ---- bool, char, pad, strings
for v in [0, 1, 5, -1, "", "x", [], [0], None, 0.0, 2**100]:
    show("pack ? %r" % (v,), struct.pack, "?", v)
for b in [b"\x00", b"\x01", b"\x05", b"\xff"]:
    show("unpack ? %r" % b, struct.unpack, "?", b)


class BadBool:
    def __bool__(self):
        raise RuntimeError("no truth")


show("pack ? BadBool", struct.pack, "?", BadBool())
for fmt, v in [("<f", 10**39), ("f", 10**39), ("<e", 70000), ("e", 70000),
               ("<e", True), ("P", Idx(2**70)), ("P", Idx(-2**70)),
               ("P", Idx(2**64)), ("P", 2**64), ("P", -2**63 - 1),
               ("P", -1), (">q", Idx(2**70)), (">Q", Idx(-1)),
               (">Q", Idx(2**64)), (">q", Idx(-2**70)), ("!q", Idx(2**63)),
               ("<q", Idx(2**70)), (">i", Idx(2**70)), ("<d", Idx(2**2000))]:
    show("overflow %s %s" % (fmt, type(v).__name__), struct.pack, fmt, v)
for v in [b"a", b"", b"ab", "a", 1, bytearray(b"a"), memoryview(b"a")]:
    show("pack c %s" % type(v).__name__, struct.pack, "c", v)
show("pack 3c", struct.pack, "3c", b"a", b"b", b"c")
show("unpack 3c", struct.unpack, "3c", b"xyz")
show("pack 3x", struct.pack, "3x")
show("pack x2xh", struct.pack, "x2xh", 5)
show("unpack x2xh", struct.unpack, "<x2xh", b"\x01\x02\x03\x04\x00")
for fmt in ["s", "0s", "1s", "3s", "5s", "0p", "1p", "2p", "3p", "5p",
            "300p"]:
    for v in [b"", b"abc", b"abcdefgh", bytearray(b"xy"), "ab", memoryview(b"q"), 7]:
        try:
            data = struct.pack(fmt, v)
        except Exception as e:
            print("pack", fmt, type(v).__name__, "->", type(e).__name__, e)
        else:
            if len(data) > 12:
                print("pack", fmt, repr(v), "->", data[:8].hex(), len(data))
            else:
                print("pack", fmt, repr(v), "->", data.hex())
            if fmt != "0p":
                print("   back", struct.unpack(fmt, data))
show("unpack 3p", struct.unpack, "3p", b"\x05ab")
show("unpack 5p", struct.unpack, "5p", b"\x02abcd")
show("unpack 1p", struct.unpack, "1p", b"\x05")
show("pack 300p len", lambda: struct.pack("300p", b"a" * 300)[:3])

# ---- floats
specials = [0.0, -0.0, 1.0, -1.0, 0.5, 1.5, 2.0, 3.0, 0.1, -0.1, 1 / 3,
            65504.0, 65505.0, 65519.0, 65519.99, 65520.0, 65536.0, 1e5,
            6.103515625e-05, 6.097555160522461e-05, 5.960464477539063e-08,
            2.9802322387695312e-08, 2.980232238769532e-08, 1e-8, 1e-300,
            3.4028234663852886e+38, 3.4028235677973362e+38,
            3.4028235677973366e+38, 3.5e38, 1e39, 1.1754943508222875e-38,
            1.401298464324817e-45, 7.006492321624085e-46,
            7.006492321624087e-46, 1e-46, 1.7976931348623157e308, 5e-324,
            2.2250738585072014e-308, 1.0000000596046448, 1.0000001788139343,
            1.0009765625, 1.00048828125, 1.00146484375, 2049.0, 2051.0,
            16777217.0, 16777219.0, 1e300, -1e300,
            float("inf"), float("-inf"), True, 7, Idx(3), Flt(), 2**2000,
            "1.0", None, BadIdx()]
for prefix in "@<>":
    for code in "efd":
        fmt = prefix + code
        for v in specials:
            try:
                data = struct.pack(fmt, v)
            except Exception as e:
                print(fmt, repr(v) if not isinstance(v, (Idx, Flt, BadIdx)) else type(v).__name__,
                      "->", type(e).__name__, e)
            else:
                back = struct.unpack(fmt, data)[0]
                print(fmt, repr(v) if not isinstance(v, (Idx, Flt, BadIdx)) else type(v).__name__,
                      "->", data.hex(), repr(back))

nan = float("nan")
for fmt in ["<e", ">e", "<f", ">f", "<d", ">d", "e", "f", "d"]:
    for v in [nan, -nan, math.copysign(nan, -1.0)]:
        data = struct.pack(fmt, v)
        back = struct.unpack(fmt, data)[0]
        print("nan", fmt, data.hex(), math.isnan(back), math.copysign(1.0, back))
for raw, fmt in [(b"\x00\x7e", "<e"), (b"\x00\xfe", "<e"), (b"\x00\x7c", "<e"),
                 (b"\x01\x00\xc0\x7f", "<f"), (b"\x00\x00\x80\xff", "<f"),
                 (b"\x01\x00\x00\x00\x00\x00\xf0\x7f", "<d"),
                 (b"\x01\x00", "<e"), (b"\xff\x03", "<e"), (b"\x00\x04", "<e"),
                 (b"\x01\x00\x00\x00", "<f"), (b"\x01" + bytes(7), "<d")]:
    v = struct.unpack(fmt, raw)[0]
    print("unpack", fmt, raw.hex(), repr(v) if v == v else "nan", math.copysign(1.0, v))

# every half-precision bit pattern round-trips (except NaNs, canonicalised)
bad = 0
for bits in range(65536):
    raw = bits.to_bytes(2, "little")
    v = struct.unpack("<e", raw)[0]
    if v != v:
        continue
    if struct.pack("<e", v) != raw:
        bad += 1
print("half patterns not round-tripping:", bad)

rng = random.Random(1234)
digest_f = []
digest_e = []
for i in range(400):
    kind = i % 4
    if kind == 0:
        x = rng.uniform(-1e6, 1e6)
    elif kind == 1:
        x = rng.random() * 10.0 ** rng.randint(-45, 38)
    elif kind == 2:
        x = math.ldexp(rng.random(), rng.randint(-30, 16)) * rng.choice([1, -1])
    else:
        x = struct.unpack("<d", bytes(rng.randrange(256) for _ in range(8)))[0]
    d = struct.pack(">d", x)
    assert struct.unpack(">d", d)[0] == x or x != x, x
    try:
        digest_f.append(struct.pack("<f", x).hex())
    except OverflowError:
        digest_f.append("OV")
    try:
        digest_e.append(struct.pack("<e", x).hex())
    except OverflowError:
        digest_e.append("OV")
    if i < 12:
        print("random", repr(x), d.hex(), digest_f[-1], digest_e[-1],
              struct.pack("f", x).hex())
print("f digest", " ".join(digest_f[:40]))
print("e digest", " ".join(digest_e[:40]))
print("f all", sum(int(h, 16) for h in digest_f if h != "OV"), digest_f.count("OV"))
print("e all", sum(int(h, 16) for h in digest_e if h != "OV"), digest_e.count("OV"))

# ---- mixed records, alignment in native mode
rec = struct.pack("@bhbqcd?", -1, 300, 7, -5, b"z", 2.5, True)
print("native rec", rec.hex(), struct.unpack("@bhbqcd?", rec))
rec = struct.pack("<bhbqcd?", -1, 300, 7, -5, b"z", 2.5, True)
print("little rec", rec.hex(), struct.unpack("<bhbqcd?", rec))
rec = struct.pack(">3h2s2Ie", 1, 2, 3, b"hi", 4, 5, -2.0)
print("big rec", rec.hex(), struct.unpack(">3h2s2Ie", rec))
rec = struct.pack("!HHL", 80, 443, 0xDEADBEEF)
print("network", rec.hex(), struct.unpack("!HHL", rec))

# ---- argument count errors
show("pack hh 1", struct.pack, "hh", 1)
show("pack h 1 2", struct.pack, "h", 1, 2)
show("pack none", struct.pack)
show("pack int fmt", struct.pack, 5)
show("pack bad type first", struct.pack, "hh", 1, "x")
show("pack 0s none", struct.pack, "0s")
show("unpack one arg", struct.unpack, "h")
show("unpack str", struct.unpack, "h", "ab")
show("unpack int", struct.unpack, "h", 5)
show("unpack short", struct.unpack, "i", b"abc")
show("unpack long", struct.unpack, "i", b"abcde")
show("unpack bytearray", struct.unpack, "<i", bytearray(b"abcd"))
show("unpack memoryview", struct.unpack, "<i", memoryview(b"xabcd")[1:])
show("unpack empty", struct.unpack, "", b"")

# ---- unpack_from / pack_into / iter_unpack
buf = bytes(range(10))
for off in [0, 3, 6, 7, 10, 11, -1, -4, -5, -10, -11, 2**70, "1", 1.0]:
    show("unpack_from <i %r" % (off,), struct.unpack_from, "<i", buf, off)
show("unpack_from kw", struct.unpack_from, "<h", buffer=buf, offset=8)
show("unpack_from default", struct.unpack_from, "<h", buf)
show("unpack_from missing", struct.unpack_from, "<h")
for off in [0, 2, 6, 7, -4, -3, -11, "x"]:
    target = bytearray(10)
    try:
        r = struct.pack_into("<i", target, off, 0x01020304)
    except Exception as e:
        print("pack_into", off, "->", type(e).__name__, e)
    else:
        print("pack_into", off, "->", r, target.hex())
show("pack_into bytes", struct.pack_into, "<i", b"abcdef", 0, 1)
show("pack_into no values", struct.pack_into, "<i", bytearray(6), 0)
show("pack_into no offset", struct.pack_into, "<i", bytearray(6))
show("pack_into no buffer", struct.pack_into, "<i")
show("pack_into nothing", struct.pack_into)
show("pack_into bad value", struct.pack_into, "<h", bytearray(2), 0, "x")
mv_target = bytearray(8)
struct.pack_into(">hh", memoryview(mv_target), 2, 1, -2)
print("pack_into memoryview", mv_target.hex())
show("pack_into readonly mv", struct.pack_into, "<h", memoryview(b"ab"), 0, 1)

show("iter_unpack list", lambda: list(struct.iter_unpack("<hb", b"abcdefghi")))
show("iter_unpack ragged", struct.iter_unpack, "<i", b"abcde")
show("iter_unpack empty fmt", struct.iter_unpack, "", b"abcde")
show("iter_unpack str", struct.iter_unpack, "<h", "ab")
show("iter_unpack one arg", struct.iter_unpack, "<h")
it = struct.iter_unpack("<h", b"abcdef")
print("iter hint", it.__length_hint__(), next(it), it.__length_hint__(),
      list(it), it.__length_hint__())
show("iter exhausted", next, it)
print("iter empty buffer", list(struct.iter_unpack("<h", b"")))
print("iter type name", type(struct.iter_unpack("<h", b"")).__name__)

# ---- Struct objects
s = struct.Struct("<hi")
print("Struct", s.format, s.size)
print("Struct bytes fmt", struct.Struct(b">q").format, struct.Struct(b">q").size)
print("Struct kw", struct.Struct(format="3s").size)
print("Struct pack", s.pack(1, 2).hex(), s.unpack(s.pack(-1, -2)))
print("Struct unpack_from", s.unpack_from(b"\x00" + s.pack(3, 4), 1))
print("Struct iter", list(s.iter_unpack(s.pack(1, 2) + s.pack(3, 4))))
show("Struct pack few", s.pack, 1)
show("Struct int", struct.Struct, 5)
show("Struct bad", struct.Struct, "hq?z")
show("Struct nonascii", struct.Struct, "h\u00e9")
show("Struct pack_into one", struct.Struct("hh").pack_into, bytearray(4))
show("Struct pack_into few", struct.Struct("hh").pack_into, bytearray(4), 0, 1)
print("Struct is Struct", isinstance(s, struct.Struct), issubclass(struct.error, Exception))
print("error mro", [c.__name__ for c in struct.error.__mro__])
print("pack with Struct-compatible fmt", struct.pack("<hi", 1, 2) == s.pack(1, 2))

# ---- threads sharing the format cache
formats = ["<%dh" % n for n in range(1, 60)] + [">%di" % n for n in range(1, 60)] + \
          ["@%dq" % n for n in range(1, 40)]
errors = []
results = [None] * 4


def worker(k):
    acc = 0
    try:
        for rep in range(3):
            for i, fmt in enumerate(formats):
                n = struct.calcsize(fmt)
                count = int(fmt[1:-1])
                vals = tuple((i * 7 + j + k) % 100 for j in range(count))
                data = struct.pack(fmt, *vals)
                if len(data) != n or struct.unpack(fmt, data) != vals:
                    errors.append((k, fmt))
                acc += sum(data)
            struct._clearcache()
    except Exception as e:
        errors.append(repr(e))
    results[k] = acc


threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print("threads errors", errors)
print("threads results", results)
