# Regression checks for answers that used to differ from CPython's:
# iterator kinds that are types, StopIteration from callbacks of native
# iterators, property.__new__, recursion through __call__, descriptors
# whose __get__ is a callable instance, one-argument super, and the
# platform module's basics.


class Loud:
    def __init__(self, name):
        self.name = name

    def __bool__(self):
        print("bool of", self.name)
        return True


print(Loud("a") and False or False)
print((Loud("b") or False and False).name)
print(not (Loud("c") and Loud("d")))

for kind in (enumerate, zip, map, filter, reversed):
    print(kind.__name__, type(kind).__name__, kind.__module__ if hasattr(kind, "__module__") else "-")
print(isinstance(enumerate("ab"), enumerate), isinstance(iter([]), enumerate))
print(isinstance(map(str, []), map), isinstance(filter(None, []), filter))
print(isinstance(zip(), zip), isinstance(reversed([1]), reversed))
print(type(enumerate([])) is enumerate, type(zip([], [])) is zip)
print(list(enumerate("xy", start=5)), list(zip("ab", [1, 2], strict=True)))
print(list(map(pow, [2, 3], [3, 2])), list(filter(None, [0, 1, "", "z"])))
print(list(reversed(range(4))), list(reversed({"k": 1, "j": 2})))
try:
    enumerate()
except TypeError:
    print("enumerate() needs an iterable")
print(type(reversed([1])).__name__, type(reversed((1,))).__name__)
for bad in (lambda: map(len), lambda: filter(None), lambda: reversed(5)):
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)


def stop(value):
    if value > 2:
        raise StopIteration
    return value * 10


print(list(map(stop, [1, 2, 3, 4])))
print(list(filter(stop, [1, 2, 3, 4])))
print([v for v in map(stop, range(10))])
print(sum(map(stop, [1, 1, 5, 1])))
calls = iter([1, 2, 3])
print(list(iter(lambda: stop(next(calls)), None)))


class Halting:
    def __len__(self):
        return 5

    def __getitem__(self, i):
        if i < 3:
            raise StopIteration
        return i


print(list(reversed(Halting())))


def gen_map():
    yield from map(stop, [1, 2, 3])
    yield "after"


print(list(gen_map()))

try:
    property.__new__(object)
except TypeError as e:
    print("TypeError:", e)
try:
    property.__new__(5)
except TypeError as e:
    print("TypeError:", e)
empty = property.__new__(property)
print(type(empty).__name__, empty.fget, empty.fset)


class Selfish:
    pass


selfish = Selfish()
Selfish.__call__ = selfish
try:
    selfish()
except RecursionError as e:
    print("RecursionError:", e)


class Getter:
    def __call__(self, descriptor, instance, owner):
        print("get", type(descriptor).__name__, instance is None, owner.__name__)
        return 42


class Descriptor:
    pass


Descriptor.__get__ = Getter()


class Holder:
    attr = Descriptor()


print(Holder().attr, Holder.attr)


class Base:
    def who(self):
        return "Base.who"

    @classmethod
    def kind(cls):
        return f"Base.kind({cls.__name__})"


class Child(Base):
    def who(self):
        return "Child.who"


unbound = super(Child)
print(repr(unbound))
print(unbound.__thisclass__.__name__, unbound.__self__, unbound.__self_class__)
bound = unbound.__get__(Child(), Child)
print(bound.who(), repr(bound))
print(super(Child, Child).kind())
print(super(Child, Child()).__self_class__.__name__)
try:
    unbound.who
except AttributeError as e:
    print("AttributeError:", e)
try:
    super(Child, 5)
except TypeError as e:
    print("TypeError:", e)
try:
    super(5)
except TypeError as e:
    print("TypeError:", e)
try:
    super(Child, Child(), 3)
except TypeError as e:
    print("TypeError:", e)

import platform

print(platform.system(), platform.machine(), platform.architecture()[0])
print(platform.uname().system == platform.system(), len(platform.python_version_tuple()))
print(isinstance(platform.node(), str), isinstance(platform.release(), str))
