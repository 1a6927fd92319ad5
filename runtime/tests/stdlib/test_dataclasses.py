# Differential test for dataclasses (outputs recorded from CPython 3.11).
import dataclasses
import threading
from dataclasses import (dataclass, field, fields, asdict, astuple, replace,
                         is_dataclass, make_dataclass, FrozenInstanceError,
                         InitVar, KW_ONLY)


def show(label, fn):
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__, e)


@dataclass
class Point:
    x: int
    y: int = 0


p = Point(1, 2)
print(p, repr(Point(3)), p == Point(1, 2), p != Point(2, 1), p == (1, 2))
print(Point.__doc__, Point.__match_args__, Point.__hash__)
print([f.name for f in fields(Point)], [f.type for f in fields(p)])
print(is_dataclass(Point), is_dataclass(p), is_dataclass(3), is_dataclass(int))
print(asdict(p), astuple(p), replace(p, y=5), p)
show('missing arg', lambda: Point())
show('too many', lambda: Point(1, 2, 3))
show('fields(int)', lambda: fields(int))
show('asdict(Point)', lambda: asdict(Point))
show('astuple(3)', lambda: astuple(3))
show('replace(3)', lambda: replace(3))
show('replace bad', lambda: replace(p, z=1))
print(Point(x=4, y=5), Point(y=1, x=2))


@dataclass(order=True, frozen=True)
class Version:
    major: int
    minor: int = 0
    tag: str = field(default='', compare=False)


a, b = Version(1, 2), Version(1, 10, 'rc')
print(a < b, a <= b, a > b, sorted([b, a, Version(0, 9)]))
print(hash(a) == hash(Version(1, 2, 'other')), a == Version(1, 2, 'x'))
show('frozen set', lambda: setattr(a, 'major', 3))
show('frozen del', lambda: delattr(a, 'minor'))
show('frozen new', lambda: setattr(a, 'other', 3))
show('lt other', lambda: a < (1, 2))
print({a: 'found'}[Version(1, 2)])


@dataclass
class Inventory:
    items: list = field(default_factory=list)
    counts: dict = field(default_factory=dict, repr=False)
    label: str = field(default='inv', metadata={'unit': 'none'})
    hidden: int = field(default=7, init=False)
    made: list = field(default_factory=lambda: ['made'], init=False)


i1, i2 = Inventory(), Inventory()
i1.items.append(1)
print(i1, i2, i1.items is not i2.items, i1.hidden, i1.made)
print(fields(Inventory)[2].metadata['unit'], len(fields(Inventory)[0].metadata))
print(Inventory.__doc__)
show('hidden arg', lambda: Inventory(hidden=3))
show('replace init=False', lambda: replace(i1, hidden=1))

# errors at class creation
def build(src):
    def run():
        ns = {'dataclass': dataclass, 'field': field, 'KW_ONLY': KW_ONLY,
              'InitVar': InitVar}
        exec(src, ns)
        return 'built'
    return run


show('order of defaults', build("@dataclass\nclass A:\n    x: int = 1\n    y: int\n"))
show('mutable list', build("@dataclass\nclass A:\n    x: list = []\n"))
show('mutable dict', build("@dataclass\nclass A:\n    x: dict = {}\n"))
show('mutable set', build("@dataclass\nclass A:\n    x: set = set()\n"))
show('both defaults', lambda: field(default=1, default_factory=list))
show('no annotation', build("@dataclass\nclass A:\n    x = field()\n"))
show('order without eq', build("@dataclass(order=True, eq=False)\nclass A:\n    x: int\n"))
show('overwrite lt', build("@dataclass(order=True)\nclass A:\n    x: int\n"
                           "    def __lt__(self, o): return True\n"))
show('unsafe hash', build("@dataclass(unsafe_hash=True)\nclass A:\n    x: int\n"
                          "    def __hash__(self): return 1\n"))
show('frozen from plain', build("@dataclass\nclass A:\n    x: int\n"
                                "@dataclass(frozen=True)\nclass B(A):\n    y: int\n"))
show('plain from frozen', build("@dataclass(frozen=True)\nclass A:\n    x: int\n"
                                "@dataclass\nclass B(A):\n    y: int\n"))
show('two KW_ONLY', build("@dataclass\nclass A:\n    _: KW_ONLY\n    x: int\n"
                          "    __: KW_ONLY\n"))
show('frozen setattr', build("@dataclass(frozen=True)\nclass A:\n    x: int\n"
                             "    def __setattr__(self, n, v): pass\n"))
show('initvar factory', build("@dataclass\nclass A:\n    x: InitVar[list] = field(default_factory=list)\n"))


# inheritance, kw_only, KW_ONLY
@dataclass
class Base:
    a: int
    b: str = 'b'


@dataclass
class Child(Base):
    c: float = 1.5
    a: int = 10


print(Child(), Child(1, 'x', 2.5), [f.name for f in fields(Child)])


@dataclass(kw_only=True)
class Opts:
    verbose: bool = False
    level: int


print(Opts(level=3), Opts.__match_args__)
show('positional', lambda: Opts(3))


@dataclass
class Mixed:
    x: int
    _: KW_ONLY
    y: int = 2
    z: int


print(Mixed(1, z=3), Mixed.__match_args__, Mixed.__doc__)


@dataclass
class Flags:
    a: int = field(kw_only=True, default=0)
    b: int = 1


print(Flags(5), Flags(5, a=3))


# __post_init__ and InitVar
@dataclass
class Rect:
    w: int
    h: int
    scale: InitVar[int] = 1
    area: int = field(init=False)

    def __post_init__(self, scale):
        self.w *= scale
        self.h *= scale
        self.area = self.w * self.h


r = Rect(2, 3, 10)
print(r, [f.name for f in fields(Rect)], replace(r, scale=1))
show('replace initvar', lambda: replace(Rect(1, 1, 1), w=2))
print(repr(InitVar[int]), repr(InitVar[list]), Rect.__dataclass_fields__['scale']._field_type)

# ClassVar
import typing


@dataclass
class Counter:
    total: typing.ClassVar[int] = 0
    step: int = 1


print(Counter(), [f.name for f in fields(Counter)], Counter.total)


# unsafe_hash, eq=False, repr=False, explicit __repr__ kept
@dataclass(unsafe_hash=True)
class H:
    a: int
    b: list = field(hash=False, default_factory=list)


print(hash(H(1)) == hash((1,)), H(1) == H(1))


@dataclass(eq=False)
class NoEq:
    a: int


print(NoEq(1) == NoEq(1), NoEq.__hash__ is object.__hash__)


@dataclass
class OwnRepr:
    a: int

    def __repr__(self):
        return 'mine'


print(repr(OwnRepr(1)), OwnRepr.__hash__)


@dataclass(repr=False)
class NoRepr:
    a: int


print(repr(NoRepr(1)).startswith('<'))


# recursion guard in repr
@dataclass
class Node:
    value: int
    children: list = field(default_factory=list)
    parent: object = None


root = Node(1)
root.children.append(Node(2, parent=root))
print(root)
root.parent = root
print(root)


# nested asdict / astuple
@dataclass
class Line:
    start: Point
    end: Point
    tags: tuple = ()
    meta: dict = field(default_factory=dict)


ln = Line(Point(0, 0), Point(1, 1), ('a', 'b'), {'k': [Point(2, 2)]})
print(asdict(ln))
print(astuple(ln))
print(asdict(ln, dict_factory=lambda kv: sorted(kv)))

from collections import namedtuple
NT = namedtuple('NT', 'p q')


@dataclass
class WithNT:
    nt: NT


print(asdict(WithNT(NT(Point(1, 2), 3))))


# slots
@dataclass(slots=True)
class Slotted:
    a: int
    b: int = 2


s = Slotted(1)
print(s, Slotted.__slots__, hasattr(s, '__dict__'))
show('slot new attr', lambda: setattr(s, 'c', 3))
show('slots twice', build("@dataclass(slots=True)\nclass A:\n    __slots__ = ('x',)\n    x: int\n"))


@dataclass(frozen=True, slots=True)
class FS:
    a: int


print(FS(3), hash(FS(3)) == hash(FS(3)))
show('fs set', lambda: setattr(FS(1), 'a', 2))


# make_dataclass
MD = make_dataclass('MD', ['a', ('b', int), ('c', list, field(default_factory=list))],
                    namespace={'total': lambda self: self.b + len(self.c)})
m = MD(1, 2)
print(m, m.total(), [f.type for f in fields(MD)])
show('md keyword', lambda: make_dataclass('X', ['class']))
show('md ident', lambda: make_dataclass('X', ['a b']))
show('md dup', lambda: make_dataclass('X', ['a', 'a']))
MF = make_dataclass('MF', [('x', int, field(default=4))], order=True, bases=(Base,))
print(MF(1, 'q', 2), MF.__mro__[1].__name__)

# Field repr pieces and the MISSING sentinel
f = fields(Point)[1]
print(f.name, f.type, f.default, f.default_factory is dataclasses.MISSING,
      f.init, f.repr, f.hash, f.compare, f.kw_only, f._field_type)
print(type(FrozenInstanceError()).__mro__[1].__name__)


# a descriptor as a default learns its name
class Desc:
    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, obj, objtype=None):
        if obj is None:
            return 5
        return obj.__dict__.get('_' + self.name, 5)

    def __set__(self, obj, value):
        obj.__dict__['_' + self.name] = value


@dataclass
class UsesDesc:
    d: int = Desc()


print(UsesDesc(), UsesDesc(9).d)


# match statement with __match_args__
def where(pt):
    match pt:
        case Point(0, 0):
            return 'origin'
        case Point(x, 0):
            return 'x-axis %d' % x
        case Point(x=x, y=y):
            return 'at %d,%d' % (x, y)


print(where(Point(0, 0)), where(Point(4)), where(Point(1, 2)))

# abstract methods are recomputed
import abc


class Shape(abc.ABC):
    @abc.abstractmethod
    def area(self): ...


@dataclass
class Sq(Shape):
    side: int

    def area(self):
        return self.side ** 2


print(Sq(3).area(), sorted(Sq.__abstractmethods__))


# kw-only fields from a base, uninitialised fields, cross-class equality
@dataclass
class KBase:
    a: int
    _: KW_ONLY
    k: int = 0


@dataclass
class KChild(KBase):
    b: str = 'x'
    c: int = 1


print(KChild(1), KChild(1, 'q', 2, k=5), KChild.__match_args__, KChild.__doc__)


@dataclass
class Uninit:
    x: int = field(init=False)


show('repr missing', lambda: repr(Uninit()))


@dataclass
class E1:
    x: int


@dataclass
class E2:
    x: int


print(E1(1) == E2(1), E1(1) != E2(1))
show('inherit order', build("@dataclass\nclass A:\n    a: int = 1\n"
                            "@dataclass\nclass Bb(A):\n    b: int\n"))
from collections import OrderedDict
print(asdict(E1(3), dict_factory=OrderedDict))


@dataclass
class Calls:
    n: int = 0
    calls: int = field(init=False, default=0)

    def __post_init__(self):
        self.calls += 1


cc = Calls(2)
cc.calls = 10
print(replace(cc, n=5))


@dataclass
class PBase:
    def __post_init__(self):
        print('base post')


@dataclass
class PSub(PBase):
    y: int = 0

    def __post_init__(self):
        super().__post_init__()
        print('sub post', self.y)


PSub(3)


@dataclass
class WithProp:
    _v: int = 0

    @property
    def v(self):
        return self._v


print(WithProp(4).v, WithProp())
print(Uninit.__init__.__qualname__, E1.__repr__.__qualname__, E1.__eq__.__name__)


# many threads building and printing dataclasses at once
out = [None] * 4


def worker(n):
    got = []
    for i in range(30):
        C = make_dataclass('C%d' % i, [('a', int), ('b', int, field(default=n))])
        inst = C(i)
        inst.self_ref = inst
        got.append(repr(C(i)))
        got.append(repr(replace(inst, a=i + 1)))
    node = Node(n)
    node.parent = node
    got.append(repr(node))
    out[n] = got


threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
for got in out:
    print(len(got), got[0], got[-2], got[-1])
