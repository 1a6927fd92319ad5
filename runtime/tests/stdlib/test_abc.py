# Differential test for abc (outputs recorded from CPython 3.11).
import abc
import threading
from abc import ABC, ABCMeta, abstractmethod


def show(label, fn):
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__, e)


class Shape(ABC):
    @abstractmethod
    def area(self): ...

    @abstractmethod
    def perimeter(self): ...

    def describe(self):
        return "shape with area %s" % self.area()


print(sorted(Shape.__abstractmethods__))
show("Shape()", lambda: Shape())


class HalfSquare(Shape):
    def area(self):
        return 4


print(sorted(HalfSquare.__abstractmethods__))
show("HalfSquare()", lambda: HalfSquare())


class Square(HalfSquare):
    def perimeter(self):
        return 8


print(sorted(Square.__abstractmethods__))
sq = Square()
print(sq.describe(), sq.perimeter())
print(isinstance(sq, Shape), issubclass(Square, Shape), isinstance(3, Shape))


# abstract classmethod / staticmethod / property through the modern spelling
class Base(metaclass=ABCMeta):
    @classmethod
    @abstractmethod
    def make(cls): ...

    @staticmethod
    @abstractmethod
    def helper(): ...

    @property
    @abstractmethod
    def value(self): ...


print(sorted(Base.__abstractmethods__))
show("Base()", lambda: Base())


class Impl(Base):
    @classmethod
    def make(cls):
        return cls()

    @staticmethod
    def helper():
        return "helped"

    @property
    def value(self):
        return 42


print(Impl.make().value, Impl.helper(), sorted(Impl.__abstractmethods__))


# the deprecated spellings
class Old(ABC):
    @abc.abstractclassmethod
    def c(cls): ...

    @abc.abstractstaticmethod
    def s(): ...

    @abc.abstractproperty
    def p(self): ...


print(sorted(Old.__abstractmethods__))
show("Old()", lambda: Old())


class OldImpl(Old):
    c = classmethod(lambda cls: cls.__name__)
    s = staticmethod(lambda: "s")
    p = property(lambda self: "p")


print(OldImpl.c(), OldImpl.s(), OldImpl().p)


# register and virtual subclasses
class Sized2(ABC):
    pass


@Sized2.register
class Thing:
    pass


print(Thing.__name__, issubclass(Thing, Sized2), isinstance(Thing(), Sized2))


class ThingChild(Thing):
    pass


print(issubclass(ThingChild, Sized2), issubclass(int, Sized2))
print(Sized2.register(Thing) is Thing)
show("register non-class", lambda: Sized2.register(3))
show("cycle", lambda: Thing.__class__ and ABCMeta.register(Sized2, Sized2))


class A1(ABC):
    pass


class B1(A1):
    pass


show("cycle2", lambda: B1.register(A1))
show("issubclass non-class", lambda: issubclass(3, Sized2))

t0 = abc.get_cache_token()
Sized2.register(float)
print(abc.get_cache_token() - t0 == 1, isinstance(1.5, Sized2))
Sized2.register(float)
print(abc.get_cache_token() - t0)


# __subclasshook__
class HasLen(ABC):
    @classmethod
    def __subclasshook__(cls, C):
        if cls is HasLen:
            if any("__len__" in B.__dict__ for B in C.__mro__):
                return True
        return NotImplemented


print(issubclass(list, HasLen), issubclass(int, HasLen),
      isinstance("abc", HasLen), isinstance(3, HasLen))


class Bad(ABC):
    @classmethod
    def __subclasshook__(cls, C):
        return 1


show("bad hook", lambda: issubclass(int, Bad))


# ABCMeta as metaclass with keyword arguments through __init_subclass__
class Plugin(ABC):
    kinds = []

    def __init_subclass__(cls, kind=None, **kw):
        super().__init_subclass__(**kw)
        Plugin.kinds.append(kind)


class P1(Plugin, kind="one"):
    pass


print(Plugin.kinds, type(P1).__name__)


# update_abstractmethods
class Late(ABC):
    def f(self):
        return 1


print(sorted(Late.__abstractmethods__))


def g(self):
    pass


Late.g = abstractmethod(g)
abc.update_abstractmethods(Late)
print(sorted(Late.__abstractmethods__))
show("Late()", lambda: Late())
Late.g = lambda self: 2
abc.update_abstractmethods(Late)
print(sorted(Late.__abstractmethods__), Late().g())


class Plain:
    pass


print(abc.update_abstractmethods(Plain) is Plain, hasattr(Plain, '__abstractmethods__'))
print(type(ABC).__name__, ABC.__slots__, isinstance(ABC, ABCMeta))


# one abstract method: singular wording
class One(ABC):
    @abstractmethod
    def only(self): ...


show("One()", lambda: One())


# caches clear
class Cached(ABC):
    pass


Cached.register(int)
print(isinstance(5, Cached))
Cached._abc_registry_clear()
Cached._abc_caches_clear()
print(isinstance(5, Cached))


# many threads registering and checking at once
class Shared(ABC):
    pass


classes = [type("K%d" % i, (), {}) for i in range(40)]
results = [None] * 4


def worker(n):
    mine = classes[n * 10:(n + 1) * 10]
    ok = 0
    for k in mine:
        Shared.register(k)
    for _ in range(20):
        for k in classes:
            if issubclass(k, Shared):
                ok += 1
            if isinstance(k(), Shared):
                ok += 1
    results[n] = ok >= 0


threads = [threading.Thread(target=worker, args=(i,)) for i in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(results, all(issubclass(k, Shared) for k in classes),
      sum(isinstance(k(), Shared) for k in classes))
