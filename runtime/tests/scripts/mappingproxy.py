# A class's __dict__ is a read-only mappingproxy; types.MappingProxyType.
import types

class C:
    """doc"""
    x = 1
    def m(self):
        return 2

d = C.__dict__
print(type(d).__name__, type(d) is types.MappingProxyType)
print(d["x"], d.get("x"), d.get("missing"), d.get("missing", 5))
print("x" in d, "nope" in d, len(d) == len(dict(d)))
print(sorted(k for k in d if not k.startswith("__")))
print("x" in d.keys(), "m" in list(d), type(d.copy()).__name__)
print([k for k, v in d.items() if k == "x"], 1 in list(d.values()))
try:
    d["x"] = 5
except TypeError as e:
    print("TypeError", e)
try:
    del d["x"]
except TypeError as e:
    print("TypeError", e)
try:
    d["missing"]
except KeyError as e:
    print("KeyError", e)
try:
    d.clear()
except AttributeError as e:
    print("AttributeError", e)

p = types.MappingProxyType({"a": 1, "b": 2})
print(p, repr(p), str(p))
print(p | {"c": 3}, {"z": 0} | p, p == {"a": 1, "b": 2}, p != {"a": 1})
print(list(reversed(p)), p.copy(), list(iter(p)))
try:
    p |= {"c": 3}
except TypeError as e:
    print("TypeError", e)
try:
    types.MappingProxyType([1, 2])
except TypeError as e:
    print("TypeError", e)
try:
    hash(p)
except TypeError as e:
    print("TypeError", e)
backing = {"k": 1}
live = types.MappingProxyType(backing)
backing["k2"] = 2
print(live, len(live))
print(type(vars(C)).__name__)

# A class mutated after its proxy was read: attribute reads that the
# specializer cached must see the new value.
class Hot:
    value = 10

def read_many(n):
    total = 0
    obj = Hot()
    for _ in range(n):
        total += Hot.value + obj.value
    return total

print(read_many(2000))
proxy = Hot.__dict__
print(proxy["value"])
Hot.value = 20
print(proxy["value"], read_many(2000))
setattr(Hot, "value", 30)
print(read_many(2000), Hot.__dict__["value"])
del Hot.value
try:
    read_many(1)
except AttributeError as e:
    print("AttributeError", e)

# The proxy has no writing methods at all.
for name in ["__setitem__", "update", "setdefault", "pop", "popitem"]:
    print(name, hasattr(C.__dict__, name))
try:
    class Sub(types.MappingProxyType):
        pass
except TypeError as e:
    print("TypeError", e)
