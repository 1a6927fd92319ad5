# Differential test for _collections_abc (outputs recorded from CPython 3.11).
import threading
import _collections_abc as cabc


def show(label, fn):
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__, e)


names = ['Hashable', 'Iterable', 'Iterator', 'Sized',
         'Container', 'Collection', 'Callable', 'Sequence', 'MutableSequence',
         'Set', 'MutableSet', 'Mapping', 'MutableMapping', 'ByteString',
         'Generator']
samples = [1, 'ab', b'x', bytearray(b'y'), [1], (1,), {1: 2}, {1}, frozenset(),
           range(3), iter([]), (x for x in ()), len, lambda: 0, None, 2.5]
for name in names:
    abc_class = getattr(cabc, name)
    print(name, abc_class.__module__,
          ''.join('1' if isinstance(s, abc_class) else '0' for s in samples))

print('Reversible', ''.join('1' if isinstance(s, cabc.Reversible) else '0'
                           for s in samples if type(s) is not dict))
print(sorted(cabc.Sequence.__abstractmethods__), sorted(cabc.MutableMapping.__abstractmethods__))
print(sorted(cabc.MutableSet.__abstractmethods__), sorted(cabc.Generator.__abstractmethods__))
show('Sequence()', lambda: cabc.Sequence())


class Duck:
    def __iter__(self):
        return iter([1, 2])

    def __len__(self):
        return 2

    def __contains__(self, x):
        return x in (1, 2)


class NoHash:
    __hash__ = None


print(issubclass(Duck, cabc.Iterable), issubclass(Duck, cabc.Collection),
      issubclass(Duck, cabc.Sequence), issubclass(NoHash, cabc.Hashable),
      issubclass(Duck, cabc.Hashable), issubclass(Duck, cabc.Reversible))


class Seq(cabc.Sequence):
    def __init__(self, *items):
        self.items = list(items)

    def __getitem__(self, i):
        return self.items[i]

    def __len__(self):
        return len(self.items)


s = Seq(3, 1, 4, 1, 5)
print(list(s), list(reversed(s)), 4 in s, 9 in s, s.index(1), s.index(1, 2),
      s.count(1), s.index(5, -2))
show('index missing', lambda: s.index(9))


class MSeq(cabc.MutableSequence):
    def __init__(self):
        self.items = []

    def __getitem__(self, i):
        return self.items[i]

    def __setitem__(self, i, v):
        self.items[i] = v

    def __delitem__(self, i):
        del self.items[i]

    def __len__(self):
        return len(self.items)

    def insert(self, i, v):
        self.items.insert(i, v)


ms = MSeq()
ms.append(1)
ms.extend([2, 3, 4])
ms += [5]
ms.reverse()
print(ms.items, ms.pop(), ms.pop(0), ms.items)
ms.remove(3)
print(ms.items)
ms.clear()
print(ms.items, len(ms))


class Map(cabc.MutableMapping):
    def __init__(self):
        self.d = {}

    def __getitem__(self, k):
        return self.d[k]

    def __setitem__(self, k, v):
        self.d[k] = v

    def __delitem__(self, k):
        del self.d[k]

    def __iter__(self):
        return iter(self.d)

    def __len__(self):
        return len(self.d)


mp = Map()
mp.update({'a': 1}, b=2)
mp.update([('c', 3)])
print(sorted(mp.items()), mp.get('z'), mp.get('a'), 'a' in mp, mp.setdefault('d', 4),
      mp.setdefault('a', 9), mp.pop('b'), mp.pop('b', 'gone'))
show('pop missing', lambda: mp.pop('zz'))
print(mp == {'a': 1, 'c': 3, 'd': 4}, mp != {'a': 1}, sorted(mp.keys()), sorted(mp.values()))
print(mp.keys() & {'a', 'q'}, ('a', 1) in mp.items(), ('a', 2) in mp.items(), 3 in mp.values())
print(repr(cabc.KeysView({'k': 1})), len(mp.keys()))
k, v = mp.popitem()
print(len(mp))
mp.clear()
print(len(mp))
show('popitem empty', lambda: mp.popitem())


class FSet(cabc.Set):
    def __init__(self, items=()):
        self.items = []
        for i in items:
            if i not in self.items:
                self.items.append(i)

    def __contains__(self, x):
        return x in self.items

    def __iter__(self):
        return iter(self.items)

    def __len__(self):
        return len(self.items)

    __hash__ = cabc.Set._hash


a, b = FSet([1, 2, 3]), FSet([3, 4])
print(sorted(a | b), sorted(a & b), sorted(a - b), sorted(a ^ b), sorted(b - [4]))
print(a <= FSet([1, 2, 3, 4]), a < a, a == FSet([3, 2, 1]), a >= b, a.isdisjoint([7]))
print(hash(FSet([1, 2, 3])) == hash(frozenset([1, 2, 3])), hash(FSet()) == hash(frozenset()),
      hash(FSet(['a', 'b'])) == hash(frozenset(['a', 'b'])))


class MSet(FSet, cabc.MutableSet):
    def add(self, x):
        if x not in self.items:
            self.items.append(x)

    def discard(self, x):
        if x in self.items:
            self.items.remove(x)


m = MSet([1, 2])
m |= [3]
m -= [1]
m ^= [2, 9]
print(sorted(m))
m &= [3]
print(sorted(m))
show('remove missing', lambda: m.remove(42))
print(m.pop(), len(m))
show('pop empty', lambda: m.pop())


def gen():
    x = yield 1
    yield x


g = gen()
print(isinstance(g, cabc.Generator), next(g), g.send(7))
print(cabc.Iterable[int], cabc.Mapping[str, int].__origin__ is cabc.Mapping)

# many threads checking and registering at once
out = [None] * 4


class Base(cabc.Sized):
    pass


def worker(n):
    made = [type('R%d_%d' % (n, i), (), {}) for i in range(25)]
    for k in made:
        cabc.Sequence.register(k)
    hits = 0
    for _ in range(10):
        for k in made:
            hits += issubclass(k, cabc.Sequence) + issubclass(k, cabc.Sized)
            hits += isinstance([], cabc.MutableSequence)
    out[n] = hits


threads = [threading.Thread(target=worker, args=(i,)) for i in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(out)

# The public spelling: collections.abc, a submodule of the collections package.
import collections.abc
from collections import abc as collections_abc
from collections.abc import Mapping as PublicMapping
print(collections.abc.Mapping is PublicMapping, collections_abc.Callable,
      isinstance({}, PublicMapping), len(collections.abc.__all__), collections.abc.__name__)
