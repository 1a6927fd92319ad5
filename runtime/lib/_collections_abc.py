"""Weft's abstract base classes of containers (what `collections.abc`
exports): one-method ABCs recognised by their methods (Iterable, Sized,
Hashable, ...), and the collection ABCs with their mixin methods (Sequence,
Mapping, Set and their mutable variants, the mapping views, Generator, ...).

Built on abc.ABCMeta, whose registries and caches are lock-protected; the
classes here hold no other state, so they may be used from any thread."""

from abc import ABCMeta, abstractmethod
import sys

# The classes below present themselves as members of collections.abc.
__name__ = 'collections.abc'

__all__ = ['Awaitable', 'Coroutine', 'AsyncIterable', 'AsyncIterator',
           'AsyncGenerator', 'Hashable', 'Iterable', 'Iterator', 'Generator',
           'Reversible', 'Sized', 'Container', 'Callable', 'Collection',
           'Set', 'MutableSet', 'Mapping', 'MutableMapping', 'MappingView',
           'KeysView', 'ItemsView', 'ValuesView', 'Sequence',
           'MutableSequence', 'ByteString']

_GenericAlias = type(list[int])
if _GenericAlias is type:
    # list[int] does not make a types.GenericAlias here
    _GenericAlias = None


class _AbcAlias:
    """collections.abc.X[args] where the interpreter's GenericAlias cannot
    be built over an arbitrary class."""

    def __init__(self, origin, args):
        self.__origin__ = origin
        self.__args__ = args if isinstance(args, tuple) else (args,)
        params = []
        for arg in self.__args__:
            if type(arg).__name__ in ('TypeVar', 'ParamSpec'):
                candidates = [arg]
            elif isinstance(arg, type):
                candidates = []
            else:
                candidates = getattr(arg, '__parameters__', ())
            params.extend(p for p in candidates if p not in params)
        self.__parameters__ = tuple(params)

    def __call__(self, *args, **kwargs):
        return self.__origin__(*args, **kwargs)

    def __mro_entries__(self, bases):
        return (self.__origin__,)

    def __getattr__(self, name):
        if name[:2] == '__' == name[-2:]:
            raise AttributeError(name)
        return getattr(self.__origin__, name)

    def __eq__(self, other):
        if isinstance(other, _AbcAlias) or type(other).__name__ == 'GenericAlias':
            return (self.__origin__, self.__args__) == (other.__origin__,
                                                        other.__args__)
        return NotImplemented

    def __hash__(self):
        return hash((self.__origin__, self.__args__))

    def __or__(self, other):
        import typing
        return typing.Union[self, other]

    def __ror__(self, other):
        import typing
        return typing.Union[other, self]

    def __repr__(self):
        return '%s[%s]' % (_shown(self.__origin__),
                           ', '.join(map(_shown, self.__args__)) or '()')


def _shown(a):
    if isinstance(a, list):
        return '[%s]' % ', '.join(map(_shown, a))
    if a is ...:
        return '...'
    if not isinstance(a, type):
        return repr(a)
    if a.__module__ == 'builtins':
        return a.__qualname__
    return a.__module__ + '.' + a.__qualname__


def _subscript(cls, params):
    if _GenericAlias is not None:
        try:
            return _GenericAlias(cls, params)
        except TypeError:
            pass
    return _AbcAlias(cls, params)


def _provides(C, names):
    """Whether class C provides every one of `names` somewhere in its MRO
    (NotImplemented, the hook's "don't know", when one is missing or
    blocked by being set to None)."""
    for name in names:
        owner = next((k for k in C.__mro__ if name in vars(k)), None)
        if owner is None or vars(owner)[name] is None:
            return NotImplemented
    return True


def _recognised_by(*names):
    """Class decorator: the ABC (but not its subclasses) counts as a
    superclass of every class that provides `names`."""
    def decorate(abc_class):
        def hook(cls, C):
            if cls is abc_class:
                return _provides(C, names)
            return NotImplemented
        hook.__name__ = '__subclasshook__'
        abc_class.__subclasshook__ = classmethod(hook)
        return abc_class
    return decorate


def _abstract(name, body):
    # An abstract method whose own body (reachable with super()) is `body`.
    body.__name__ = name
    return abstractmethod(body)


def _raise_into(typ, val=None, tb=None):
    # what throw()/athrow() do by default: raise the exception given in
    # any of the accepted spellings
    if val is None:
        if tb is None:
            raise typ
        val = typ()
    raise val if tb is None else val.with_traceback(tb)


def _stop(exc_type):
    def stopper(self, *args):
        raise exc_type
    return stopper


def _empty_generator(self):
    return
    yield


# -- one-trick ABCs ------------------------------------------------------------------

@_recognised_by('__hash__')
class Hashable(metaclass=ABCMeta):
    __slots__ = ()
    __hash__ = _abstract('__hash__', lambda self: 0)


@_recognised_by('__await__')
class Awaitable(metaclass=ABCMeta):
    __slots__ = ()
    __await__ = _abstract('__await__', _empty_generator)
    __class_getitem__ = classmethod(_subscript)


def _close_by_throwing(what):
    def close(self):
        """Raise GeneratorExit inside; it must not go on yielding."""
        try:
            self.throw(GeneratorExit)
        except (GeneratorExit, StopIteration):
            return
        raise RuntimeError('%s ignored GeneratorExit' % what)
    return close


@_recognised_by('__await__', 'send', 'throw', 'close')
class Coroutine(Awaitable):
    __slots__ = ()
    send = _abstract('send', _stop(StopIteration))
    throw = _abstract('throw', lambda self, typ, val=None, tb=None:
                      _raise_into(typ, val, tb))
    close = _close_by_throwing('coroutine')


@_recognised_by('__aiter__')
class AsyncIterable(metaclass=ABCMeta):
    __slots__ = ()
    __aiter__ = _abstract('__aiter__', lambda self: AsyncIterator())
    __class_getitem__ = classmethod(_subscript)


async def _no_more_async(self, *args):
    raise StopAsyncIteration


@_recognised_by('__anext__', '__aiter__')
class AsyncIterator(AsyncIterable):
    __slots__ = ()
    __anext__ = _abstract('__anext__', _no_more_async)

    def __aiter__(self):
        return self


async def _athrow_default(self, typ, val=None, tb=None):
    _raise_into(typ, val, tb)


@_recognised_by('__aiter__', '__anext__', 'asend', 'athrow', 'aclose')
class AsyncGenerator(AsyncIterator):
    __slots__ = ()

    async def __anext__(self):
        return await self.asend(None)

    asend = _abstract('asend', _no_more_async)
    athrow = _abstract('athrow', _athrow_default)

    async def aclose(self):
        """Raise GeneratorExit inside; it must not go on yielding."""
        try:
            await self.athrow(GeneratorExit)
        except (GeneratorExit, StopAsyncIteration):
            return
        raise RuntimeError('asynchronous generator ignored GeneratorExit')


@_recognised_by('__iter__')
class Iterable(metaclass=ABCMeta):
    __slots__ = ()
    __iter__ = _abstract('__iter__', _empty_generator)
    __class_getitem__ = classmethod(_subscript)


@_recognised_by('__iter__', '__next__')
class Iterator(Iterable):
    __slots__ = ()
    __next__ = _abstract('__next__', _stop(StopIteration))

    def __iter__(self):
        return self


@_recognised_by('__reversed__', '__iter__')
class Reversible(Iterable):
    __slots__ = ()
    __reversed__ = _abstract('__reversed__', _empty_generator)


@_recognised_by('__iter__', '__next__', 'send', 'throw', 'close')
class Generator(Iterator):
    __slots__ = ()

    def __next__(self):
        return self.send(None)

    send = _abstract('send', _stop(StopIteration))
    throw = _abstract('throw', lambda self, typ, val=None, tb=None:
                      _raise_into(typ, val, tb))
    close = _close_by_throwing('generator')


@_recognised_by('__len__')
class Sized(metaclass=ABCMeta):
    __slots__ = ()
    __len__ = _abstract('__len__', lambda self: 0)


@_recognised_by('__contains__')
class Container(metaclass=ABCMeta):
    __slots__ = ()
    __contains__ = _abstract('__contains__', lambda self, x: False)
    __class_getitem__ = classmethod(_subscript)


@_recognised_by('__len__', '__iter__', '__contains__')
class Collection(Sized, Iterable, Container):
    __slots__ = ()


@_recognised_by('__call__')
class Callable(metaclass=ABCMeta):
    __slots__ = ()
    __call__ = _abstract('__call__', lambda self, *args, **kwds: False)
    __class_getitem__ = classmethod(_subscript)


# -- sets ---------------------------------------------------------------------------

def _as_set(self, other):
    # other as something with fast membership, or None if it is no iterable
    if isinstance(other, Set):
        return other
    if isinstance(other, Iterable):
        return self._from_iterable(other)
    return None


class Set(Collection):
    """A finite, iterable container of distinct items; the comparison and
    set-algebra operators come from __contains__, __iter__ and __len__."""
    __slots__ = ()

    @classmethod
    def _from_iterable(cls, it):
        return cls(it)

    def _within(self, other):
        # every item of self is in other
        return len(self) <= len(other) and all(v in other for v in self)

    def __le__(self, other):
        return self._within(other) if isinstance(other, Set) else NotImplemented

    def __ge__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        return len(other) <= len(self) and all(v in self for v in other)

    def __lt__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        return len(self) != len(other) and self._within(other)

    def __gt__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        return len(self) != len(other) and self.__ge__(other)

    def __eq__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        return len(self) == len(other) and self._within(other)

    def isdisjoint(self, other):
        """Whether the two have no item in common."""
        for v in other:
            if v in self:
                return False
        return True

    def __and__(self, other):
        if isinstance(other, Iterable):
            return self._from_iterable([v for v in other if v in self])
        return NotImplemented

    def __or__(self, other):
        if isinstance(other, Iterable):
            return self._from_iterable([*self, *other])
        return NotImplemented

    def __sub__(self, other):
        other = _as_set(self, other)
        if other is None:
            return NotImplemented
        return self._from_iterable([v for v in self if v not in other])

    def __rsub__(self, other):
        other = _as_set(self, other)
        if other is None:
            return NotImplemented
        return self._from_iterable([v for v in other if v not in self])

    def __xor__(self, other):
        other = _as_set(self, other)
        if other is None:
            return NotImplemented
        return self._from_iterable([v for v in self if v not in other]
                                   + [v for v in other if v not in self])

    __rand__, __ror__, __rxor__ = __and__, __or__, __xor__

    def _hash(self):
        """The hash a frozenset of the same items would have (for
        immutable Set classes to use as their __hash__)."""
        width = sys.maxsize.bit_length() + 1
        mask = (1 << width) - 1
        acc = (1927868237 * (len(self) + 1)) & mask
        for item in self:
            h = hash(item)
            acc = (acc ^ ((h ^ (h << 16) ^ 89869747) * 3644798167)) & mask
        acc ^= (acc >> 11) ^ (acc >> 25)
        acc = (acc * 69069 + 907133923) & mask
        if acc >> (width - 1):
            acc -= 1 << width
        return 590923713 if acc == -1 else acc


class MutableSet(Set):
    """A Set that can change: add() and discard() give the rest."""
    __slots__ = ()

    add = _abstract('add', _stop(NotImplementedError))
    discard = _abstract('discard', _stop(NotImplementedError))

    def remove(self, value):
        """Remove an item; KeyError if absent."""
        if value in self:
            self.discard(value)
        else:
            raise KeyError(value)

    def pop(self):
        """Remove and return some item; KeyError if empty."""
        for value in self:
            break
        else:
            raise KeyError
        self.discard(value)
        return value

    def clear(self):
        """Remove every item."""
        for value in list(self):
            self.discard(value)

    def __ior__(self, it):
        return _each(self, it, self.add)

    def __iand__(self, it):
        return _each(self, [v for v in self if v not in it], self.discard)

    def __ixor__(self, it):
        if it is self:
            self.clear()
        else:
            flip = lambda v: self.discard(v) if v in self else self.add(v)
            _each(self, _as_set(self, it), flip)
        return self

    def __isub__(self, it):
        if it is self:
            self.clear()
            return self
        return _each(self, it, self.discard)


def _each(target, values, action):
    # apply action to each value, then hand back target (for in-place ops)
    for v in values:
        action(v)
    return target


# -- mappings ----------------------------------------------------------------------

def _no_key(self, *args):
    raise KeyError


class Mapping(Collection):
    """A read-only mapping: __getitem__, __iter__ and __len__ give get,
    keys, items, values, __contains__ and __eq__."""
    __slots__ = ()

    __getitem__ = _abstract('__getitem__', _no_key)
    __reversed__ = None

    def get(self, key, default=None):
        """self[key] if key is present, else default."""
        return self[key] if key in self else default

    def __contains__(self, key):
        found = True
        try:
            self[key]
        except KeyError:
            found = False
        return found

    keys = lambda self: KeysView(self)
    items = lambda self: ItemsView(self)
    values = lambda self: ValuesView(self)

    def __eq__(self, other):
        same = NotImplemented
        if isinstance(other, Mapping):
            same = dict(self.items()) == dict(other.items())
        return same


class MappingView(Sized):
    __slots__ = ('_mapping',)

    def __init__(self, mapping):
        self._mapping = mapping

    __len__ = lambda self: self._mapping.__len__()
    __repr__ = lambda self: '%s(%r)' % (type(self).__name__, self._mapping)

    __class_getitem__ = classmethod(_subscript)


def _plain_set(cls, it):
    return set(it)


class KeysView(MappingView, Set):
    __slots__ = ()
    _from_iterable = classmethod(_plain_set)

    def __contains__(self, key):
        return key in self._mapping

    def __iter__(self):
        return iter(self._mapping)


class ItemsView(MappingView, Set):
    __slots__ = ()
    _from_iterable = classmethod(_plain_set)

    def __contains__(self, item):
        key, value = item
        mapping = self._mapping
        if key not in mapping:
            return False
        present = mapping[key]
        return present is value or present == value

    def __iter__(self):
        mapping = self._mapping
        return ((key, mapping[key]) for key in mapping)


class ValuesView(MappingView, Collection):
    __slots__ = ()

    def __contains__(self, value):
        return any(v is value or v == value for v in self)

    def __iter__(self):
        mapping = self._mapping
        return (mapping[key] for key in mapping)


_NOTHING = object()


class MutableMapping(Mapping):
    """A mapping that can change: __setitem__ and __delitem__ give pop,
    popitem, clear, update and setdefault."""
    __slots__ = ()

    __setitem__ = _abstract('__setitem__', _no_key)
    __delitem__ = _abstract('__delitem__', _no_key)

    def pop(self, key, default=_NOTHING):
        """Remove key and return its value (or default; KeyError without
        one)."""
        if key not in self:
            if default is _NOTHING:
                raise KeyError(key)
            return default
        value = self[key]
        del self[key]
        return value

    def popitem(self):
        """Remove and return some (key, value) pair; KeyError if empty."""
        first = next(iter(self), _NOTHING)
        if first is _NOTHING:
            raise KeyError
        return first, self.pop(first)

    def clear(self):
        """Remove every item."""
        keys = list(self)
        while keys:
            del self[keys.pop()]

    def update(self, other=(), /, **kwds):
        """Add the items of a mapping (or of an iterable of pairs), then
        the keyword arguments."""
        if isinstance(other, Mapping) or hasattr(other, 'keys'):
            other = [(k, other[k]) for k in other.keys()]
        for pairs in (other, kwds.items()):
            for key, value in pairs:
                self[key] = value

    def setdefault(self, key, default=None):
        """self[key], first setting it to default if absent."""
        try:
            default = self[key]
        except KeyError:
            self[key] = default
        return default


# -- sequences ----------------------------------------------------------------------

def _no_index(self, *args):
    raise IndexError


class Sequence(Reversible, Collection):
    """A read-only sequence: __getitem__ and __len__ give iteration,
    __contains__, __reversed__, index and count."""
    __slots__ = ()

    __getitem__ = _abstract('__getitem__', _no_index)

    def __iter__(self):
        position = 0
        while True:
            try:
                item = self[position]
            except IndexError:
                return
            yield item
            position += 1

    def __contains__(self, value):
        return any(v is value or v == value for v in self)

    def __reversed__(self):
        return (self[i] for i in reversed(range(len(self))))

    def index(self, value, start=0, stop=None):
        """The first index of value (within start:stop); ValueError if it
        is not there."""
        size = len(self)
        if start is not None and start < 0:
            start = max(0, start + size)
        if stop is not None and stop < 0:
            stop += size
        position = start
        while stop is None or position < stop:
            try:
                item = self[position]
            except IndexError:
                break
            if item is value or item == value:
                return position
            position += 1
        raise ValueError

    def count(self, value):
        """How many times value occurs."""
        return len([v for v in self if v is value or v == value])


class ByteString(Sequence):
    """Both bytes and bytearray."""
    __slots__ = ()


class MutableSequence(Sequence):
    """A sequence that can change: __setitem__, __delitem__ and insert
    give append, extend, pop, remove, reverse, clear and +=."""
    __slots__ = ()

    __setitem__ = _abstract('__setitem__', _no_index)
    __delitem__ = _abstract('__delitem__', _no_index)
    insert = _abstract('insert', _no_index)

    def append(self, value):
        """Add value at the end."""
        self.insert(len(self), value)

    def clear(self):
        """Remove every item."""
        while len(self):
            self.pop()

    def reverse(self):
        """Reverse in place."""
        last = len(self) - 1
        for i in range(len(self) // 2):
            self[i], self[last - i] = self[last - i], self[i]

    def extend(self, values):
        """Append every item of values."""
        for v in (list(values) if values is self else values):
            self.append(v)

    def pop(self, index=-1):
        """Remove and return the item at index (the last by default)."""
        item = self[index]
        del self[index]
        return item

    def remove(self, value):
        """Remove the first occurrence of value; ValueError if absent."""
        del self[self.index(value)]

    def __iadd__(self, values):
        self.extend(values)
        return self


# -- the built-in types ----------------------------------------------------------------

def _registrations():
    def gen():
        yield

    async def coro():
        pass

    c = coro()
    c.close()
    samples = [b'', bytearray(), {}.keys(), {}.values(), {}.items(), [],
               reversed([]), range(0), range(1 << 1000), set(), '', (),
               zip()]
    table = [(Iterator, type(iter(s))) for s in samples]
    table += [(Generator, type(gen())), (Coroutine, type(c)),
              (Callable, type(len)), (Callable, type(gen)),
              (Callable, type([].append)),
              (Set, frozenset), (MutableSet, set),
              (KeysView, type({}.keys())), (ValuesView, type({}.values())),
              (ItemsView, type({}.items())), (MutableMapping, dict),
              (Sequence, tuple), (Sequence, str), (Sequence, range),
              (Sequence, memoryview), (ByteString, bytes),
              (ByteString, bytearray), (MutableSequence, list),
              (MutableSequence, bytearray)]
    for abc_class, concrete in table:
        abc_class.register(concrete)


_registrations()
