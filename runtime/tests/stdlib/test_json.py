import sys
sys.path.pop(0)  # this directory's test files share the modules' names
import json
import threading
from json.decoder import JSONDecodeError


def attempt(fn, *args, **kw):
    try:
        print(repr(fn(*args, **kw)))
    except JSONDecodeError as e:
        print("JSONDecodeError", e, "|", e.msg, e.pos, e.lineno, e.colno)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)


class Sink:
    def __init__(self):
        self.parts = []
    def write(self, s):
        self.parts.append(s)


class Source:
    def __init__(self, text):
        self.text = text
    def read(self):
        return self.text


print("-- dumps scalars")
for v in [None, True, False, 0, -7, 10**25, 1.5, -0.0, 1e100, 1e-7, 0.1 + 0.2, 3.0,
          float("inf"), float("-inf"), float("nan"), "", "plain", "quote\"back\\slash",
          "ctl\n\r\t\b\f\x00\x01\x1f\x7f", "é ü ß", "\u2028\u2029", "\U0001f600 smile",
          "/slash", [], {}, (), (1, 2)]:
    print(json.dumps(v), json.dumps(v, ensure_ascii=False))

print("-- dumps containers")
doc = {"name": "weft", "tags": ["a", "b"], "n": 3, "pi": 3.14159, "nested": {"ok": True, "none": None, "empty": [], "e2": {}}}
print(json.dumps(doc))
print(json.dumps(doc, sort_keys=True))
print(json.dumps(doc, indent=2, sort_keys=True))
print(json.dumps(doc, indent="\t"))
print(json.dumps(doc, indent=0))
print(json.dumps([1, [2, [3, []]]], indent=""))
print(json.dumps(doc, separators=(",", ":"), sort_keys=True))
print(json.dumps([1, {"a": 2}], indent=2, separators=(" ,", " = ")))
print(json.dumps({1: "int", 2.5: "float", True: "t", False: "f", None: "n", "s": "str"}))
print(json.dumps({10: 1, 2: 2}, sort_keys=True))
attempt(json.dumps, {(1, 2): 3})
print(json.dumps({(1, 2): 3, "ok": 1, frozenset(): 2}, skipkeys=True))
attempt(json.dumps, {1: 1, "a": 2}, sort_keys=True)
attempt(json.dumps, {1, 2})
attempt(json.dumps, [1, object()])
attempt(json.dumps, b"bytes")
attempt(json.dumps, float("nan"), allow_nan=False)
attempt(json.dumps, [float("inf")], allow_nan=False)
attempt(json.dumps, [float("-inf")], allow_nan=False, indent=1)
attempt(json.dumps, {float("nan"): 1}, allow_nan=False)
print(json.dumps({float("nan"): 1, float("inf"): 2}))
cyc = [1]
cyc.append(cyc)
attempt(json.dumps, cyc)
cd = {}
cd["me"] = cd
attempt(json.dumps, cd, indent=2)
shared = [1]
print(json.dumps([shared, shared, {"x": shared}]))
class Forever:
    pass
attempt(json.dumps, Forever(), default=lambda o: o)
print(json.dumps({"c": 1j}, default=lambda o: {"re": o.real, "im": o.imag}))
print(json.dumps(["x", 2], default=str, check_circular=False))

class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y

class PointEncoder(json.JSONEncoder):
    def default(self, o):
        if isinstance(o, Point):
            return {"x": o.x, "y": o.y}
        if isinstance(o, set):
            return sorted(o)
        return json.JSONEncoder.default(self, o)

print(json.dumps([Point(1, 2), {3, 1, 2}], cls=PointEncoder))
print(json.dumps({"p": Point(0, [1])}, cls=PointEncoder, indent=1))
print(PointEncoder(sort_keys=True).encode({"b": Point(5, 6), "a": 1}))
attempt(PointEncoder().encode, object)
print(json.JSONEncoder().encode("just a string"), json.JSONEncoder(ensure_ascii=False).encode("é"))
print("".join(json.JSONEncoder(indent=2).iterencode({"k": [1, 2]})))
print(json.JSONEncoder.item_separator, json.JSONEncoder.key_separator)
enc = json.JSONEncoder(indent=4)
print(repr(enc.item_separator), repr(enc.key_separator), enc.indent, enc.sort_keys, enc.skipkeys)

class IntSub(int):
    def __repr__(self):
        return "IntSub!"
class FloatSub(float):
    def __repr__(self):
        return "FloatSub!"
class StrSub(str):
    pass
print(json.dumps([IntSub(5), FloatSub(2.5), StrSub("s"), {StrSub("k"): IntSub(1)}]))
class ListSub(list):
    pass
class DictSub(dict):
    pass
print(json.dumps([ListSub([1, 2]), DictSub(a=1)]))

print("-- dump")
sink = Sink()
json.dump({"a": [1, 2, {"b": None}]}, sink)
print("".join(sink.parts))
sink = Sink()
json.dump([1, "two"], sink, indent=1)
print("".join(sink.parts))
try:
    json.dump([float("nan")], Sink(), allow_nan=False)
except ValueError as e:
    print("ValueError", e)

print("-- loads values")
for text in ['null', 'true', 'false', '0', '-0', '-0.0', '12', '-12', '1.5', '1e3', '1E+3',
             '2.5e-3', '-12.5E2', '123456789012345678901234567890', '1e400', '-1e400', '0e0',
             'NaN', 'Infinity', '-Infinity', '""', '"abc"', '" spaced "',
             '"esc \\" \\\\ \\/ \\b \\f \\n \\r \\t"', '"\\u00e9\\u4e2d"', '"\\ud83d\\ude00"',
             '"\\uD83D\\uDE00!"', '"mixed é 中"', '[]', '{}', '[1, 2.0, "3", null, true]',
             '{"a": {"b": {"c": [1, {"d": []}]}}}', '  \n\t\r 7 \n ', '{"a": 1, "a": 2}',
             '[[[[[]]]]]', '{"": ""}', '"\x7f"']:
    attempt(json.loads, text)

print("-- loads errors")
for text in ['', '   ', 'x', 'nul', 'tru', 'fals', '-', '+1', '.5', '1.', '1e', '1e+', '01', '-01',
             '00', '[', '[1', '[1,', '[1,]', '[,]', '[1 2]', '{', '{"a"', '{"a":', '{"a":1',
             '{"a":1,', '{"a":1,}', '{,}', '{1: 2}', "{'a': 1}", '{"a" 1}', '{"a":1 "b":2}',
             '"abc', '"abc\\', '"x\\"', '"\\x"', '"a\\q"', '"\\u12"', '"\\u1234', '"\\uZZZZ"',
             '"\\u+123"', '"\\u 123"', '"\\ud83d\\uZZZZ"', '"\\ud83d\\ude00', '"tab\there"',
             '"nl\nhere"', '"\x00"', '"abc\x1fdef"', '1 2', '[1] [2]', '{"a":1}x', 'Infinityx',
             'truex', '[1,\n  2,\n  x]', '{\n"a": 1,\n"b" 2}', '\n\n  @', 'NaNa', '-Inf',
             '[-]', '[1, 2, 3,, 4]', '"\\', '"']:
    attempt(json.loads, text)
attempt(json.loads, "\ufeff[1]")
attempt(json.loads, 42)
attempt(json.loads, None)
attempt(json.loads, ["[]"])

print("-- loads options")
attempt(json.loads, '"tab\there\nnewline"', strict=False)
attempt(json.loads, '{"a": [1, 2.5, "x", 1e2]}', parse_float=str, parse_int=lambda t: int(t) * 10)
attempt(json.loads, '[NaN, Infinity, -Infinity]', parse_constant=lambda c: "const:" + c)
attempt(json.loads, '{"b": 1, "a": {"c": 2}}', object_hook=lambda d: sorted(d.items()))
attempt(json.loads, '{"b": 1, "a": {"c": 2}}', object_pairs_hook=lambda p: p)
attempt(json.loads, '{}', object_pairs_hook=lambda p: ("pairs", p), object_hook=lambda d: "hook")
attempt(json.loads, '[{}]', object_hook=lambda d: "hook")
attempt(json.loads, b'{"bytes": [1, "\xc3\xa9"]}')
attempt(json.loads, bytearray(b'[true]'))
attempt(json.loads, b'\xef\xbb\xbf[1]')

class Hooked(json.JSONDecoder):
    def __init__(self, **kw):
        kw["object_hook"] = self.hook
        json.JSONDecoder.__init__(self, **kw)
    def hook(self, d):
        if "x" in d and "y" in d:
            return ("point", d["x"], d["y"])
        return d
attempt(json.loads, '[{"x": 1, "y": 2}, {"z": 3}]', cls=Hooked)
dec = json.JSONDecoder()
attempt(dec.raw_decode, '[1, 2] trailing')
attempt(dec.raw_decode, 'xx{"a": 1}yy', 2)
attempt(dec.raw_decode, ' 1')
attempt(dec.decode, '  "ok"  ')
print(json.load(Source('{"from": "file"}')))
attempt(json.load, Source('[1,'))

print("-- JSONDecodeError")
e = JSONDecodeError("Custom message", "line one\nline two", 12)
print(e, "|", e.msg, repr(e.doc), e.pos, e.lineno, e.colno, e.args)
print(isinstance(e, ValueError), json.JSONDecodeError is JSONDecodeError)
try:
    json.loads('{"a": 1,\n "b": [1, 2,\n  }')
except ValueError as err:
    print(type(err).__name__, err, err.lineno, err.colno)

print("-- round trips")
samples = [doc, [1, -2.5, "s\u00e9\n", None, True, [{}], {"k": [[]]}], "\U0001f600\u2028",
           {"deep": [[[[{"x": [1e-300, 1e300, 123.456]}]]]]}]
for sample in samples:
    for kw in ({}, {"indent": 2}, {"ensure_ascii": False}, {"sort_keys": True, "separators": (",", ":")}):
        assert json.loads(json.dumps(sample, **kw)) == sample, (sample, kw)
print("round trips ok")
big = [{"id": i, "name": "item%d" % i, "vals": [i * 0.5, -i, str(i) * 3], "flag": i % 2 == 0} for i in range(2000)]
text = json.dumps(big)
print(len(text), json.loads(text) == big, json.loads(json.dumps(big, indent=1)) == big)
long_str = "abc\"def\\" * 5000 + "é" * 100
print(json.loads(json.dumps(long_str)) == long_str, len(json.dumps(long_str)))

print("-- threads")
results = [None] * 4
def work(k):
    ok = True
    for i in range(150):
        obj = {"k": k, "i": i, "items": list(range(i % 7)), "s": "t%d\n" % k, "f": i / 7}
        t1 = json.dumps(obj, sort_keys=True)
        t2 = json.dumps(obj)
        back = json.loads(t1)
        ok = ok and back == obj and json.loads(t2) == obj
        try:
            json.loads('{"bad": ' + str(i))
            ok = False
        except json.JSONDecodeError as err:
            ok = ok and err.msg == "Expecting ',' delimiter"
    results[k] = ok
ts = [threading.Thread(target=work, args=(k,)) for k in range(4)]
for t in ts: t.start()
for t in ts: t.join()
print(results)
