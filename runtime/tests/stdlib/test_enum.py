# Differential test for enum (outputs recorded from CPython 3.11).
import enum
import threading
from enum import (Enum, IntEnum, StrEnum, Flag, IntFlag, auto, unique,
                  EnumMeta, EnumType)


def show(label, fn):
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__, e)


def build(src):
    def run():
        ns = {'Enum': Enum, 'Flag': Flag, 'IntEnum': IntEnum,
              'StrEnum': StrEnum, 'auto': auto, 'enum': enum}
        exec(src, ns)
        return 'built'
    return run


class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3
    CRIMSON = 1          # alias

    def describe(self):
        return '%s is %d' % (self.name, self.value)

    @classmethod
    def favourite(cls):
        return cls.GREEN


print(list(Color), len(Color), Color.CRIMSON is Color.RED)
print(Color.RED, repr(Color.RED), Color.RED.name, Color.RED.value)
print(Color(2), Color['BLUE'], Color.CRIMSON.name, Color.RED.describe())
print(Color.favourite(), list(Color.__members__), list(reversed(Color)))
print(Color.RED in Color, isinstance(Color.RED, Color), type(Color.RED).__name__)
print(Color.RED == Color.RED, Color.RED != Color.GREEN, Color.RED == 1)
print(hash(Color.RED) == hash(Color.RED), {Color.RED: 'r'}[Color.CRIMSON])
print(f"{Color.RED}", format(Color.GREEN, '>14'), '%s' % Color.BLUE)
print(repr(Color), type(Color) is EnumMeta, EnumMeta is EnumType)
print(Color.__members__['CRIMSON'], len(Color.__members__))
print(bool(Color), bool(Color.RED), Color.RED.__class__.__name__)
show('Color(7)', lambda: Color(7))
show("Color['X']", lambda: Color['X'])
show('reassign', lambda: setattr(Color, 'RED', 5))
show('delete', lambda: delattr(Color, 'RED'))
show('in int', lambda: 1 in Color)
show('extend', build('class More(Enum):\n    A = 1\nclass Most(More):\n    B = 2\n'))
print(sorted(m.name for m in Color), max(Color, key=lambda m: m.value))

# auto and _generate_next_value_
class Auto(Enum):
    A = auto()
    B = auto()
    C = 10
    D = auto()


print([(m.name, m.value) for m in Auto])


class Named(Enum):
    def _generate_next_value_(name, start, count, last_values):
        return name.lower() + str(count)
    X = auto()
    Y = auto()


print([m.value for m in Named], repr(Named.Y))
show('gnv late', build("class A(Enum):\n    a = auto()\n"
                       "    def _generate_next_value_(n, s, c, l):\n        return 1\n"))

# errors in the class body
show('reuse', build("class A(Enum):\n    x = 1\n    x = 2\n"))
show('method over member', build("class A(Enum):\n    x = 1\n    def x(self): pass\n"))
show('sunder', build("class A(Enum):\n    _bad_ = 1\n"))
show('order', build("class A(Enum):\n    _order_ = 'b a'\n    a = 1\n    b = 2\n"))
show('order ok', build("class A(Enum):\n    _order_ = 'a b'\n    a = 1\n    b = 2\n"))
show('mixin order', build("class A(Enum, int):\n    x = 1\n"))
show('ignore', build("class A(Enum):\n    _ignore_ = 'tmp'\n    tmp = 5\n    a = 1\n"
                     "assert not hasattr(A, 'tmp')\n"))


# _missing_
class Level(Enum):
    LOW = 1
    HIGH = 2

    @classmethod
    def _missing_(cls, value):
        if isinstance(value, str):
            return cls[value.upper()]
        return None


print(Level('low'), Level(2))
show('Level(3)', lambda: Level(3))
show('Level(x)', lambda: Level('nope'))


class BadMissing(Enum):
    A = 1

    @classmethod
    def _missing_(cls, value):
        return 'wrong'


show('bad missing', lambda: BadMissing(5))


# unique
show('unique', lambda: unique(Color))


@unique
class Fine(Enum):
    A = 1
    B = 2


print(list(Fine))

# functional API
Animal = Enum('Animal', 'ANT BEE CAT')
print(list(Animal), Animal.__module__, Animal.BEE.value)
Pairs = Enum('Pairs', [('ONE', 1), ('TWO', 2)])
print(list(Pairs), Pairs(2))
Mapped = Enum('Mapped', {'X': 'x', 'Y': 'y'})
print(repr(Mapped.Y))
Started = Enum('Started', 'A,B', start=10)
print([m.value for m in Started])
Ints = IntEnum('Ints', 'A B')
print(Ints.B + 1, repr(Ints.A))


# IntEnum and a custom mixin
class Num(IntEnum):
    ONE = 1
    TWO = 2


print(Num.ONE, repr(Num.ONE), Num.TWO * 3, Num.ONE < Num.TWO, Num(2), Num.ONE == 1)
print(f"{Num.TWO}", format(Num.TWO, '03d'), str(Num.ONE), sorted([Num.TWO, Num.ONE]))
print(isinstance(Num.ONE, int), int(Num.TWO), [1, 2, 3][Num.ONE])


class Mixed(int, Enum):
    A = 1


print(repr(Mixed.A), str(Mixed.A), format(Mixed.A), Mixed.A + 1)


class Planet(Enum):
    MERCURY = (3.303e+23, 2.4397e6)
    EARTH = (5.976e+24, 6.37814e6)

    def __init__(self, mass, radius):
        self.mass = mass
        self.radius = radius

    @property
    def gravity(self):
        return round(6.673e-11 * self.mass / (self.radius * self.radius), 3)


print(Planet.EARTH.value, Planet.EARTH.mass, Planet.EARTH.gravity)


class Coord(bytes, Enum):
    def __new__(cls, value, label):
        obj = bytes.__new__(cls, [value])
        obj._value_ = value
        obj.label = label
        return obj
    PX = (0, 'P.X')
    PY = (1, 'P.Y')


print(Coord.PY.label, Coord(1), Coord.PX.value)


class Fl(float, Enum):
    A = 1.5
    B = 2.5


class By(bytes, Enum):
    X = b'ab'


class Tu(tuple, Enum):
    P = (1, 2)


print(repr(Fl.A), Fl.A + 1, repr(By.X), By.X[0], repr(Tu.P), Tu.P[1], Fl(2.5), str(By.X))


# StrEnum
class Mode(StrEnum):
    READ = auto()
    WRITE = 'w'


print(Mode.READ, repr(Mode.READ), Mode.WRITE.upper(), Mode('w'), Mode.READ == 'read')
print(f"{Mode.WRITE:>3}|", '+'.join(Mode))
show('strenum int', build("class S(StrEnum):\n    A = 1\n"))


# members named like the properties
class Odd(Enum):
    name = 1
    value = 2


print(Odd.name, Odd.value.value, Odd(1).name, list(Odd))


# Flag
class Perm(Flag):
    R = 4
    W = 2
    X = 1
    RW = 6


for x in [Perm.R | Perm.W, Perm.RW, Perm(0), ~Perm.R, Perm.R & Perm.W,
          Perm.R ^ Perm.RW, Perm(7), ~Perm(0)]:
    print(repr(x), str(x), list(x), len(x), bool(x))
print(Perm.R in Perm.RW, Perm.X in Perm.RW, list(Perm), Perm.RW is Perm(6))
show('Perm(8)', lambda: Perm(8))
show('Perm(x)', lambda: Perm('x'))
show('in', lambda: 1 in Perm.RW)
show('or int', lambda: Perm.R | 1)


class Auto2(Flag):
    A = auto()
    B = auto()
    C = auto()


print([m.value for m in Auto2], repr(Auto2.A | Auto2.C))


class Conform(Flag, boundary=enum.CONFORM):
    A = 1
    B = 2


print(repr(Conform(7)), repr(Conform(4)))


class Eject(Flag, boundary=enum.EJECT):
    A = 1
    B = 2


print(Eject(7), type(Eject(7)).__name__, repr(Eject(3)))


class IP(IntFlag):
    R = 4
    W = 2
    X = 1


for x in [IP.R | IP.W, IP(0), ~IP.R, IP(8), IP.R | 8, IP.R | IP.W | IP.X]:
    print(repr(x), str(x), format(x), list(x), len(x), x + 0)
print(IP.R + 1, IP.R == 4, isinstance(IP.W, int), repr(IP.R & 6), repr(5 | IP.W))
print(enum.show_flag_values(13), enum.bin(5), enum.bin(-5, 6))


# member / nonmember / verify
class Holder(Enum):
    A = 1
    helper = enum.nonmember(10)
    func = enum.member(len)


print(list(Holder), Holder.helper, Holder.func.value is len)


@enum.verify(enum.UNIQUE, enum.CONTINUOUS)
class Cont(Enum):
    A = 1
    B = 2
    C = 3


print(list(Cont))
show('verify unique', lambda: enum.verify(enum.UNIQUE)(Enum('Dup', [('A', 1), ('B', 1)])))
show('verify continuous', lambda: enum.verify(enum.CONTINUOUS)(Enum('Gap', [('A', 1), ('C', 3)])))
show('verify flag continuous', lambda: enum.verify(enum.CONTINUOUS)(Flag('FGap', [('A', 1), ('C', 4)])))


class NF(Flag):
    A = 1
    B = 2
    AB = 3


print(enum.verify(enum.NAMED_FLAGS)(NF) is NF, list(NF), NF.AB, repr(NF.A | NF.B))
print(enum.STRICT, enum.KEEP, repr(enum.CONFORM), enum.FlagBoundary.EJECT.value)
print(IntEnum.__mro__, IntFlag.__mro__[:3], StrEnum.__mro__[:2])
print(Color.RED.__reduce_ex__(2), Perm.R.__reduce_ex__(2)[1])


# attribute errors and odd calls
show('set name', lambda: setattr(Color.RED, 'name', 'x'))
show('del value', lambda: delattr(Color.RED, 'value'))
Color.RED.extra = 5
print(Color.RED.extra)
show('call with names', lambda: Color(1, 2))
show('Color.name', lambda: Color.name)
show('getitem int', lambda: Color[1])
show('Perm(-1)', lambda: Perm(-1))
show('Perm & 3', lambda: Perm.R & 3)
show('IP(-1)', lambda: repr(IP(-1)))
show('hash IP', lambda: hash(IP.R) == hash(4))


# introspection
print(dir(Color.RED), dir(Num.ONE) == sorted(set(dir(Num.ONE))), 'ONE' in dir(Num.ONE))
print(EnumType.__dir__(Color), EnumType.__dir__(Num)[:3])

print(Color._member_names_, sorted(Color._value2member_map_), Perm._flag_mask_)

# many threads creating enumerations and combining flags
results = [None] * 4


def worker(n):
    made = []
    for i in range(25):
        E = Enum('T%d_%d' % (n, i), ['A', 'B', 'C'])
        made.append(E.C.value + len(E))
    combos = []
    for i in range(200):
        combos.append(IP(i % 8))
        combos.append(Perm(i % 8))
    same = all(c is IP(c.value) for c in combos if isinstance(c, IP))
    results[n] = (sum(made), same, len({id(c) for c in combos}))


threads = [threading.Thread(target=worker, args=(i,)) for i in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(results)
print(all(IP(v) is IP(v) for v in range(8)))
