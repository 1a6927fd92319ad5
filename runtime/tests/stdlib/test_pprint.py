import sys
sys.path.pop(0)  # this directory's test files share the modules' names
import pprint
import collections
import threading


class Sink:
    def __init__(self):
        self.parts = []
    def write(self, s):
        self.parts.append(s)
    def text(self):
        return "".join(self.parts)


data = {
    "name": "weft interpreter",
    "numbers": list(range(30)),
    "nested": {"alpha": [1, 2, {"deep": ("x", "y", 3.5)}], "beta": None, "gamma": True},
    "tuple1": (1,),
    "empty": [[], {}, (), set()],
    "words": "the quick brown fox jumps over the lazy dog " * 3,
    "bytes": bytes(range(40)),
    "ba": bytearray(b"hello world, this is a fairly long bytearray value"),
    "set": set(range(25, 0, -1)),
    "fs": frozenset(range(40, 10, -1)),
    10: "int key",
}
del data[10]
print(pprint.pformat(data))
print(pprint.pformat(data, width=40))
print(pprint.pformat(data, indent=4, width=60))
print(pprint.pformat(data, depth=1))
print(pprint.pformat(data, depth=2, width=50))
print(pprint.pformat(data, compact=True, width=50))
print(pprint.pformat(data, sort_dicts=False, width=70))
print(pprint.pformat(list(range(100)), compact=True))
print(pprint.pformat([list(range(10)) for _ in range(5)], compact=True, width=40))
print(pprint.pformat(list(range(1000000, 1000030)), underscore_numbers=True, compact=True))
print(pprint.pformat({"a": 12345678, "b": [10 ** 12]}, underscore_numbers=True))
print(pprint.pformat((("x" * 30,), ["y" * 30, ("z",) * 3]), width=30))
print(pprint.pformat("a" * 200))
print(pprint.pformat("line one\nline two is somewhat longer than the first one\n" * 3, width=30))
print(pprint.pformat(["a long string that needs to be wrapped inside a list " * 2], width=40))
print(pprint.pformat({"k": "value text that is long enough to wrap around the width"}, width=30))
print(pprint.pformat("word " * 30, width=25))
print(pprint.pformat(b"\x00\x01binary data that is fairly long and must be wrapped" * 2, width=30))
print(pprint.pformat([b"abcdefgh" * 8], width=30))
print(pprint.pformat(b"abc", width=1), pprint.pformat("", width=1), pprint.pformat(b"", width=1))
print(pprint.pformat(bytearray(b"short")), pprint.pformat(bytearray(range(60)), width=40))
print(pprint.pformat({"mixed": {1: "a", "b": 2, None: 3, 2.5: 4}}, width=20))
print(pprint.pformat([3, "a", None, 2.0], width=5))
print(pprint.pformat({(1, 2): [3, 4], (0, 9): "x" * 50}, width=30))

# collections types
od = collections.OrderedDict((k, k * 2) for k in "abcdefghijkl")
print(pprint.pformat(od, width=40))
dd = collections.defaultdict(list, {"k%d" % i: [i] * 3 for i in range(8)})
print(pprint.pformat(dd, width=40))
cnt = collections.Counter("the quick brown fox jumps over the lazy dog".replace(" ", ""))
print(pprint.pformat(cnt, width=40))
dq = collections.deque(range(30))
print(pprint.pformat(dq, width=40))
dq2 = collections.deque(range(30), maxlen=40)
print(pprint.pformat(dq2, width=40))
print(pprint.pformat([collections.OrderedDict(), collections.deque(), collections.Counter()]))

# subclasses: kept built-in repr -> laid out; own repr -> left alone
class MyList(list):
    pass
class Shouty(list):
    def __repr__(self):
        return "SHOUTY"
print(pprint.pformat(MyList(range(40)), width=40))
print(pprint.pformat(Shouty(range(40)), width=10))

# recursion
rec = [1, 2]
rec.append(rec)
print(pprint.isrecursive(rec), pprint.isreadable(rec), pprint.saferepr(rec).startswith("[1, 2, <Recursion on list with id="))
d = {"self": None}
d["self"] = d
print(pprint.isrecursive(d), pprint.saferepr(d).startswith("{'self': <Recursion on dict with id="))
shared = [1]
print(pprint.isrecursive([shared, shared]), pprint.saferepr([shared, shared]))

# readability
for obj in [1, "s", [1, (2, 3)], {"a": {1, 2}}, object(), [object()], {1: len}, 2.5, None, b"x", int]:
    print(pprint.isreadable(obj), end=" ")
print()
print(pprint.saferepr({"b": 1, "a": [3, {"z": 0, "y": 1}]}), pprint.saferepr((1,)), pprint.saferepr(()))

# PrettyPrinter object
pp = pprint.PrettyPrinter(indent=2, width=30, depth=3)
print(pp.pformat(data["nested"]))
print(pp.isreadable([1, 2]), pp.isrecursive(rec), pp.isreadable(rec))
print(pp.format([1, [2, [3, [4]]]], {}, 2, 0))
print(pp.format({"k": 1}, {}, 0, 0))
out = Sink()
pprint.PrettyPrinter(stream=out, width=20).pprint({"x": list(range(8))})
print(repr(out.text()))
out = Sink()
pprint.pprint([1, 2], stream=out)
pprint.pp({"b": 1, "a": 2}, stream=out)
pprint.pp({"b": 1, "a": 2}, stream=out, sort_dicts=True)
print(repr(out.text()))
pprint.pprint({"printed": "to stdout", "list": list(range(3))})
pprint.pp({"z": 1, "y": [1, 2]}, width=10)

class Custom(pprint.PrettyPrinter):
    def format(self, object, context, maxlevels, level):
        if isinstance(object, str):
            return repr(object.upper()), True, False
        return pprint.PrettyPrinter.format(self, object, context, maxlevels, level)
print(Custom(width=20).pformat({"key": ["value", "other"]}))

for kwargs in ({"indent": -1}, {"depth": 0}, {"depth": -2}, {"width": 0}):
    try:
        pprint.PrettyPrinter(**kwargs)
    except ValueError as e:
        print("ValueError", e)
print(pprint.pformat([1, 2, 3], width=-5))

# threads
results = [None] * 4
def work(k):
    texts = set()
    for i in range(40):
        texts.add(pprint.pformat({"k": k, "vals": list(range(i % 20)), "s": "x" * i}, width=30))
    results[k] = (len(texts), pprint.pformat(list(range(k * 10, k * 10 + 25)), compact=True, width=30))
ts = [threading.Thread(target=work, args=(k,)) for k in range(4)]
for t in ts: t.start()
for t in ts: t.join()
for r in results:
    print(r[0])
    print(r[1])
