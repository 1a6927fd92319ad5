# types.GenericAlias from the built-in __class_getitem__, and X | Y unions.
import types
import collections

for alias in [list[int], dict[str, list[int]], tuple[int, ...], tuple[()], set[bytes],
              frozenset[str], type[int], list[list[list[int]]], dict[str, types.GenericAlias],
              collections.deque[int], collections.defaultdict[str, int],
              collections.OrderedDict[str, int], collections.Counter[str], list["Forward"], list[3]]:
    print(repr(alias), type(alias).__name__)

a = list[int]
print(a.__origin__, a.__args__, a.__parameters__)
print(dict[str, int].__args__, tuple[()].__args__)
print(type(a) is types.GenericAlias, types.GenericAlias(list, (int,)) == a, types.GenericAlias(list, int))
print(a == list[int], a != list[int], a == list[str], a == list, hash(a) == hash(list[int]))
print({list[int]: 1}[list[int]])
print(a([1, 2, 3]), type(a(range(2))).__name__, dict[str, int](x=1))
print(a.__name__, a.append is list.append)
try:
    isinstance([], list[int])
except TypeError as e:
    print("TypeError", e)
try:
    issubclass(list, list[int])
except TypeError as e:
    print("TypeError", e)
try:
    int[int]
except TypeError as e:
    print("TypeError", e)

u = int | None
print(repr(u), type(u).__name__, u.__args__)
print(int | str | None, (int | str) | (bytes | None), int | int, (int | str) == (str | int))
print(list[int] | None, None | list[int], int | list[str])
print(hash(int | str) == hash(str | int), type(int | str) is types.UnionType)
print(isinstance(1, int | str), isinstance(b"", int | str), isinstance(None, int | None))
print(issubclass(bool, int | str), issubclass(float, int | str))
try:
    isinstance(1, int | list[int])
except TypeError as e:
    print("TypeError", e)
try:
    int | 3
except TypeError as e:
    print("TypeError", e)

class Mine:
    pass
print(list[Mine], Mine | None)

class FromAlias(list[int]):
    pass
print(FromAlias.__mro__, FromAlias([1]))
print(types.MappingProxyType, types.FunctionType, types.NoneType)
print(types.SimpleNamespace(a=1, b="x"))

# Substituting into an alias or union that has no type variables.
for subscripted in [lambda: list[int][str], lambda: (int | str)[int]]:
    try:
        subscripted()
    except TypeError as e:
        print("TypeError", e)
try:
    None | None
except TypeError as e:
    print("TypeError", e)

class Meta(type):
    pass

class WithMeta(metaclass=Meta):
    pass

print(WithMeta | None, isinstance(WithMeta(), WithMeta | int))
acc = int
acc |= str
print(acc, acc | bytes)
