# Metaclasses, descriptors, class-creation hooks and attribute-access
# overrides, as CPython 3.11 runs them.

# --- descriptors -----------------------------------------------------------
class Typed:
    def __init__(self, kind):
        self.kind = kind
    def __set_name__(self, owner, name):
        self.name = "_" + name
        print("set_name", owner.__name__, name)
    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return getattr(obj, self.name)
    def __set__(self, obj, value):
        if not isinstance(value, self.kind):
            raise TypeError(f"{self.name[1:]} must be {self.kind.__name__}")
        setattr(obj, self.name, value)
    def __delete__(self, obj):
        print("delete", self.name)
        delattr(obj, self.name)

class Point:
    x = Typed(int)
    y = Typed(int)
    def __init__(self, x, y):
        self.x = x
        self.y = y

p = Point(1, 2)
for _ in range(30):
    p.x = p.x + 1
print(p.x, p.y, type(Point.x).__name__)
try:
    p.y = "no"
except TypeError as e:
    print("TypeError:", e)
del p.x
print(hasattr(p, "_x"))

class NonData:
    def __get__(self, obj, objtype=None):
        return ("computed", obj is None, objtype.__name__)

class HasNonData:
    attr = NonData()

h = HasNonData()
print(h.attr, HasNonData.attr)
h.__dict__["attr"] = "instance wins"
print(h.attr)

class Counter:
    calls = 0
    def __get__(self, obj, objtype=None):
        Counter.calls += 1
        return Counter.calls

class UsesCounter:
    c = Counter()

u = UsesCounter()
print([u.c for _ in range(40)][-3:], UsesCounter.c)

# a class attribute that becomes a descriptor after its first reads
class Late:
    pass

class Holder:
    item = Late()

hl = Holder()
for _ in range(40):
    first = hl.item
Late.__get__ = lambda self, obj, t=None: "late descriptor"
print(type(first).__name__, hl.item)

# --- __set_name__ / __init_subclass__ ------------------------------------------
class Registry:
    subclasses = []
    def __init_subclass__(cls, tag="none", **kw):
        super().__init_subclass__(**kw)
        cls.tag = tag
        Registry.subclasses.append(cls.__name__)

class A(Registry, tag="a"):
    pass

class B(A):
    pass

print(Registry.subclasses, A.tag, B.tag)
try:
    class Bad(object, flavour=1):
        pass
except TypeError as e:
    print("TypeError:", e)

class Failing:
    def __set_name__(self, owner, name):
        raise ValueError("nope")
try:
    class Owner:
        f = Failing()
except RuntimeError as e:
    print("RuntimeError:", e, repr(e.__cause__))

# --- metaclasses ----------------------------------------------------------------
class Meta(type):
    def __new__(mcls, name, bases, ns, **kw):
        ns["created_by"] = mcls.__name__
        cls = super().__new__(mcls, name, bases, ns)
        print("Meta.__new__", name, sorted(kw))
        return cls
    def __init__(cls, name, bases, ns, **kw):
        super().__init__(name, bases, ns)
        cls.extra = kw.get("extra", 0)
    def __call__(cls, *args, **kw):
        inst = super().__call__(*args, **kw)
        inst.made_by_meta = True
        return inst
    def describe(cls):
        return f"<{cls.__name__} by {cls.created_by}>"
    @property
    def shout(cls):
        return cls.__name__.upper()

class Base(metaclass=Meta, extra=5):
    def __init__(self, v):
        self.v = v

class Derived(Base):
    pass

d = Derived(3)
print(type(Base).__name__, type(Derived).__name__, Base.extra, Derived.extra)
print(d.v, d.made_by_meta, Derived.describe(), Derived.shout, Base.created_by)
print(isinstance(Base, Meta), isinstance(Base, type), issubclass(Meta, type))
print(Meta.__mro__ == (Meta, type, object))

class Ordered(type):
    @classmethod
    def __prepare__(mcls, name, bases, **kw):
        print("prepare", name, len(bases))
        return {"prepared": True}
    def __new__(mcls, name, bases, ns):
        cls = super().__new__(mcls, name, bases, dict(ns))
        cls.order = [k for k in ns if not k.startswith("__")]
        return cls

class Fields(metaclass=Ordered):
    zeta = 1
    alpha = 2
    def method(self):
        return 3

print(Fields.order, Fields.prepared)

class M1(type):
    pass
class M2(type):
    pass
class X1(metaclass=M1):
    pass
try:
    class Y1(X1, metaclass=M2):
        pass
except TypeError as e:
    print("TypeError:", e)

class SubM1(M1):
    pass
class Z1(X1, metaclass=SubM1):
    pass
class Z2(Z1):
    pass
print(type(Z1).__name__, type(Z2).__name__)

Dyn = Meta("Dyn", (), {"k": 1})
print(Dyn.k, Dyn.created_by, Dyn.extra)
T = type("T", (), {"a": 1})
print(T.a, type(T).__name__, type(5).__name__)
try:
    type.__new__(M1, "a")
except TypeError as e:
    print("TypeError:", e)
try:
    type.__new__(M1, "a", (), [])
except TypeError as e:
    print("TypeError:", e)

class Singleton(type):
    instances = {}
    def __call__(cls, *a):
        if cls not in Singleton.instances:
            Singleton.instances[cls] = super().__call__(*a)
        return Singleton.instances[cls]

class Config(metaclass=Singleton):
    def __init__(self):
        print("Config init")

print(Config() is Config(), Config() is Config())

# metaclass __setattr__ and class attribute invalidation through it
class Watch(type):
    def __setattr__(cls, name, value):
        print("set", name)
        super().__setattr__(name, value)

class Watched(metaclass=Watch):
    rate = 1
    def get(self):
        return self.rate

w = Watched()
total = 0
for i in range(60):
    total += w.get()
    if i == 30:
        Watched.rate = 10
print(total)

# --- instance and subclass checks ------------------------------------------
class Duck(type):
    def __instancecheck__(cls, obj):
        return hasattr(obj, "quack")
    def __subclasscheck__(cls, sub):
        return hasattr(sub, "quack")

class Quacker(metaclass=Duck):
    pass

class Mallard:
    def quack(self):
        return "quack"

print(isinstance(Mallard(), Quacker), isinstance(3, Quacker), issubclass(Mallard, Quacker))
print(isinstance(Mallard(), (int, Quacker)), isinstance(Quacker(), Quacker))

# --- __getattribute__ / __getattr__ / __setattr__ / __delattr__ -------------
class Loud:
    def __init__(self):
        self.value = 1
    def __getattribute__(self, name):
        if name.startswith("shout_"):
            return name[6:].upper()
        return object.__getattribute__(self, name)
    def __getattr__(self, name):
        return "missing:" + name

lo = Loud()
print([lo.shout_hi for _ in range(30)][-1], lo.value, lo.nothing)

class Frozen:
    def __init__(self):
        object.__setattr__(self, "a", 1)
    def __setattr__(self, name, value):
        raise AttributeError(f"frozen: {name}")
    def __delattr__(self, name):
        raise AttributeError(f"frozen del: {name}")

fr = Frozen()
for attempt in ("a", "b"):
    try:
        setattr(fr, attempt, 2)
    except AttributeError as e:
        print(e)
try:
    del fr.a
except AttributeError as e:
    print(e)
print(fr.a)

# --- __mro_entries__ / __class_getitem__ -----------------------------------------
class Alias:
    def __init__(self, target):
        self.target = target
    def __mro_entries__(self, bases):
        return (self.target,)

class Real:
    kind = "real"

class FromAlias(Alias(Real)):
    pass

print(FromAlias.kind, FromAlias.__bases__ == (Real,), len(FromAlias.__orig_bases__))

class Box:
    def __class_getitem__(cls, item):
        return f"Box[{item.__name__}]"

print(Box[int], Box[str])

# --- super() through descriptors -------------------------------------------
class Parent:
    p = NonData()
class Child(Parent):
    def get(self):
        return super().p
print(Child().get())
