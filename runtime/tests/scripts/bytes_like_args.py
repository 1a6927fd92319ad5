# bytes, bytearray and memoryview accepted wherever CPython takes a
# bytes-like argument; result types follow the receiver.

def show(label, f):
    try:
        r = f()
        print(label, type(r).__name__, repr(r))
    except Exception as e:
        print(label, type(e).__name__, e)


b = b"hello world"
ba = bytearray(b"hello world")
mv = memoryview(b"o")
args = [b"o", bytearray(b"o"), memoryview(b"o"), memoryview(b"xox")[1:2]]
for recv in [b, ba]:
    name = type(recv).__name__
    for a in args:
        tag = name + "/" + type(a).__name__
        show(tag + " find", lambda: recv.find(a))
        show(tag + " rfind", lambda: recv.rfind(a))
        show(tag + " index", lambda: recv.index(a))
        show(tag + " count", lambda: recv.count(a))
        show(tag + " in", lambda: a in recv)
        show(tag + " startswith", lambda: recv.startswith((a, b"h")))
        show(tag + " endswith", lambda: recv.endswith(a))
        show(tag + " split", lambda: recv.split(a))
        show(tag + " rsplit", lambda: recv.rsplit(a, 1))
        show(tag + " partition", lambda: [(type(p).__name__, bytes(p)) for p in recv.partition(a)])
        show(tag + " rpartition", lambda: [(type(p).__name__, bytes(p)) for p in recv.rpartition(a)])
        show(tag + " partition miss", lambda: [(type(p).__name__, bytes(p)) for p in recv.partition(a + b"q" if isinstance(a, bytes) else b"q")])
        show(tag + " replace", lambda: recv.replace(a, bytearray(b"0")))
        show(tag + " strip", lambda: recv.strip(a + b"hd" if isinstance(a, bytes) else b"ohd"))
        show(tag + " lstrip", lambda: recv.lstrip(memoryview(b"leh")))
        show(tag + " removeprefix", lambda: recv.removeprefix(memoryview(b"hel")))
        show(tag + " removesuffix", lambda: recv.removesuffix(bytearray(b"rld")))
        show(tag + " join", lambda: recv[:1].join([a, bytearray(b"x"), memoryview(b"yz")]))
        show(tag + " +", lambda: recv + a)
        show(tag + " ==", lambda: recv == bytes(recv))
        show(tag + " translate", lambda: recv.translate(None, a))

show("bytes(bytearray)", lambda: bytes(bytearray(b"ab")))
show("bytes(memoryview)", lambda: bytes(memoryview(b"ab")[::-1]))
show("bytearray(memoryview)", lambda: bytearray(memoryview(b"ab")))
show("bytearray + bytes", lambda: bytearray(b"a") + b"b")
show("bytes + bytearray", lambda: b"a" + bytearray(b"b"))
show("bytes + memoryview", lambda: b"a" + memoryview(b"b"))
show("bytearray + memoryview", lambda: bytearray(b"a") + memoryview(b"b"))
show("bytes + str", lambda: b"a" + "b")
show("bytearray + str", lambda: bytearray(b"a") + "b")
show("join bad", lambda: b"".join([b"a", "b"]))
show("join mixed", lambda: b",".join([bytearray(b"a"), memoryview(b"b"), b"c"]))
show("bytearray join", lambda: bytearray(b",").join([b"a", memoryview(b"b")]))
show("maketrans", lambda: bytes.maketrans(bytearray(b"ab"), memoryview(b"xy"))[97:99])
show("find int", lambda: b.find(111))
show("find str", lambda: b.find("o"))
show("split str", lambda: b.split("o"))
show("startswith str", lambda: b.startswith("h"))
show("eq mixed", lambda: (b == ba, ba == b, b != ba, b"a" < bytearray(b"b"), bytearray(b"b") > b"a"))
show("eq mv", lambda: (bytearray(b"ab") == memoryview(b"ab"), bytearray(b"a") < memoryview(b"b")))
show("cmp bytes mv", lambda: b"a" < memoryview(b"b"))
show("ba += mv", lambda: bytearray(b"x").__iadd__(memoryview(b"yz")))
x = bytearray(b"x")
x += memoryview(b"yz")
x.extend(memoryview(b"!"))
x[0:1] = memoryview(b"XX")
print(x, b"y" in x, memoryview(b"z") in x, bytearray(b"yz") in b"xyz")
show("decode", lambda: bytearray(b"caf\xc3\xa9").decode())
show("str(ba, enc)", lambda: str(bytearray(b"abc"), "ascii"))
show("str(mv, enc)", lambda: str(memoryview(b"abc"), "ascii"))
show("int(ba)", lambda: int(bytearray(b"42")))
show("upper", lambda: bytearray(b"ab").upper())
show("split ws", lambda: bytearray(b"a b").split())
show("hex", lambda: bytearray(b"ab").hex())
show("zfill", lambda: bytearray(b"7").zfill(3))
