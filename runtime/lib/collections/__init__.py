"""Weft's `collections` module: deque, defaultdict, OrderedDict, Counter
and namedtuple.

deque is a ring buffer whose every operation holds the deque's own lock, so
threads may share one."""

import _thread

__all__ = ['Counter', 'OrderedDict', 'defaultdict', 'deque', 'namedtuple']

_get_ident = _thread.get_ident

# Objects whose repr is being computed, per thread: guards recursive reprs.
_repr_running = set()


def _repr_enter(obj):
    key = (id(obj), _get_ident())
    if key in _repr_running:
        return None
    _repr_running.add(key)
    return key


def _type_name(obj):
    return type(obj).__name__


def _as_index(i):
    """Integer value of a sequence index, or None if it is not an integer."""
    if isinstance(i, int):
        return i
    meth = getattr(type(i), '__index__', None)
    if meth is None:
        return None
    return meth(i)


################################################################################
# deque
################################################################################

_MIN_CAPACITY = 8


class deque:
    """deque([iterable[, maxlen]]): a double-ended queue, cheap to grow and
    shrink at either end; with maxlen, adding past it drops items from the
    other end."""

    __class_getitem__ = classmethod(type(list[int]))

    # Items live in a circular buffer `_buf` whose length `_cap` is a power of
    # two; the first item is at `_head`, there are `_size` items.  `_state`
    # changes on every structural mutation (iterators watch it).  `_lock`
    # makes each operation atomic with respect to other threads.
    __slots__ = ('_buf', '_head', '_size', '_cap', '_maxlen', '_state',
                 '_lock')

    def __init__(self, iterable=(), maxlen=None):
        if maxlen is not None:
            m = _as_index(maxlen)
            if m is None:
                raise TypeError('an integer is required')
            if m < 0:
                raise ValueError('maxlen must be non-negative')
            maxlen = m
        try:
            self._lock
        except AttributeError:
            self._lock = _thread.allocate_lock()
            self._buf = [None] * _MIN_CAPACITY
            self._cap = _MIN_CAPACITY
            self._head = 0
            self._size = 0
            self._state = 0
        self._maxlen = maxlen
        if self._size:
            self.clear()
        self.extend(iterable)

    # -- internal helpers (caller holds the lock) ------------------------------

    def _resize(self, newcap):
        buf = self._buf
        head = self._head
        size = self._size
        end = head + size
        if end <= self._cap:
            items = buf[head:end]
        else:
            items = buf[head:] + buf[:end - self._cap]
        items.extend([None] * (newcap - size))
        self._buf = items
        self._cap = newcap
        self._head = 0

    def _tolist(self):
        buf = self._buf
        head = self._head
        end = head + self._size
        if end <= self._cap:
            return buf[head:end]
        return buf[head:] + buf[:end - self._cap]

    def _push_right(self, x):
        if self._size == self._cap:
            self._resize(self._cap * 2)
        self._buf[(self._head + self._size) & (self._cap - 1)] = x
        self._size += 1

    def _push_left(self, x):
        if self._size == self._cap:
            self._resize(self._cap * 2)
        head = (self._head - 1) & (self._cap - 1)
        self._buf[head] = x
        self._head = head
        self._size += 1

    def _pop_right(self):
        size = self._size - 1
        i = (self._head + size) & (self._cap - 1)
        x = self._buf[i]
        self._buf[i] = None
        self._size = size
        if size < (self._cap >> 2) and self._cap > 64:
            self._resize(self._cap >> 1)
        return x

    def _pop_left(self):
        head = self._head
        x = self._buf[head]
        self._buf[head] = None
        self._head = (head + 1) & (self._cap - 1)
        self._size -= 1
        if self._size < (self._cap >> 2) and self._cap > 64:
            self._resize(self._cap >> 1)
        return x

    def _rotate(self, n):
        size = self._size
        if size <= 1:
            return
        half = size >> 1
        if n > half or n < -half:
            n %= size
            if n > half:
                n -= size
            elif n < -half:
                n += size
        buf = self._buf
        mask = self._cap - 1
        head = self._head
        if self._size == self._cap:
            # full buffer: rotating is just moving the head
            self._head = (head - n) & mask
            return
        tail = (head + size - 1) & mask
        if n > 0:
            for _ in range(n):
                x = buf[tail]
                buf[tail] = None
                tail = (tail - 1) & mask
                head = (head - 1) & mask
                buf[head] = x
        else:
            for _ in range(-n):
                x = buf[head]
                buf[head] = None
                head = (head + 1) & mask
                tail = (tail + 1) & mask
                buf[tail] = x
        self._head = head

    def _norm_index(self, i):
        idx = _as_index(i)
        if idx is None:
            raise TypeError('sequence index must be integer, not %r'
                            % _type_name(i))
        size = self._size
        if idx < 0:
            idx += size
        if idx < 0 or idx >= size:
            raise IndexError('deque index out of range')
        return idx

    # -- adding and removing ---------------------------------------------------

    def append(self, x):
        """Put x at the right end."""
        with self._lock:
            self._state += 1
            size = self._size
            if self._maxlen is not None and size >= self._maxlen:
                if self._maxlen == 0:
                    return
                self._pop_left()
                size = self._size
            cap = self._cap
            if size == cap:
                self._resize(cap * 2)
                cap = self._cap
            self._buf[(self._head + size) & (cap - 1)] = x
            self._size = size + 1

    def appendleft(self, x):
        """Put x at the left end."""
        with self._lock:
            self._state += 1
            if self._maxlen is not None and self._size >= self._maxlen:
                if self._maxlen == 0:
                    return
                self._pop_right()
            self._push_left(x)

    def pop(self):
        """Take the item at the right end off and return it."""
        with self._lock:
            if not self._size:
                raise IndexError('pop from an empty deque')
            self._state += 1
            return self._pop_right()

    def popleft(self):
        """Take the item at the left end off and return it."""
        with self._lock:
            if not self._size:
                raise IndexError('pop from an empty deque')
            self._state += 1
            head = self._head
            x = self._buf[head]
            self._buf[head] = None
            self._head = (head + 1) & (self._cap - 1)
            self._size -= 1
            if self._size < (self._cap >> 2) and self._cap > 64:
                self._resize(self._cap >> 1)
            return x

    def extend(self, iterable):
        """append() each item of iterable in turn."""
        if iterable is self:
            iterable = self._snapshot()
        if type(iterable) is list or type(iterable) is tuple:
            if not iterable:
                return
            with self._lock:
                self._state += 1
                maxlen = self._maxlen
                if maxlen == 0:
                    return
                for x in iterable:
                    if maxlen is not None and self._size >= maxlen:
                        self._pop_left()
                    self._push_right(x)
            return
        append = self.append
        for x in iterable:
            append(x)

    def extendleft(self, iterable):
        """appendleft() each item of iterable in turn (so they end up
        reversed)."""
        if iterable is self:
            iterable = self._snapshot()
        if type(iterable) is list or type(iterable) is tuple:
            if not iterable:
                return
            with self._lock:
                self._state += 1
                maxlen = self._maxlen
                if maxlen == 0:
                    return
                for x in iterable:
                    if maxlen is not None and self._size >= maxlen:
                        self._pop_right()
                    self._push_left(x)
            return
        appendleft = self.appendleft
        for x in iterable:
            appendleft(x)

    def clear(self):
        """Empty the deque."""
        with self._lock:
            self._state += 1
            self._buf = [None] * _MIN_CAPACITY
            self._cap = _MIN_CAPACITY
            self._head = 0
            self._size = 0

    def insert(self, i, x):
        """Put x in front of position i."""
        idx = _as_index(i)
        if idx is None:
            raise TypeError("'%s' object cannot be interpreted as an integer"
                            % _type_name(i))
        with self._lock:
            size = self._size
            if self._maxlen is not None and size >= self._maxlen:
                raise IndexError('deque already at its maximum size')
            if idx < 0:
                idx += size
                if idx < 0:
                    idx = 0
            elif idx > size:
                idx = size
            self._state += 1
            items = self._tolist()
            items.insert(idx, x)
            self._load(items)

    def _load(self, items):
        size = len(items)
        cap = _MIN_CAPACITY
        while cap < size:
            cap *= 2
        items.extend([None] * (cap - size))
        self._buf = items
        self._cap = cap
        self._head = 0
        self._size = size

    def remove(self, value):
        """Delete the leftmost item equal to value."""
        items = self._snapshot()
        state = self._state
        for i in range(len(items)):
            item = items[i]
            if item is value or item == value:
                with self._lock:
                    if self._state != state:
                        raise IndexError('deque mutated during remove().')
                    self._state += 1
                    items = self._tolist()
                    del items[i]
                    self._load(items)
                return
        raise ValueError('%r is not in deque' % (value,))

    def rotate(self, n=1):
        """Move the last n items to the front (n < 0: the first -n items to
        the back)."""
        steps = _as_index(n)
        if steps is None:
            raise TypeError("'%s' object cannot be interpreted as an integer"
                            % _type_name(n))
        with self._lock:
            self._state += 1
            self._rotate(steps)

    def reverse(self):
        """Turn the deque back to front, in place."""
        with self._lock:
            buf = self._buf
            mask = self._cap - 1
            lo = self._head
            hi = self._head + self._size - 1
            while lo < hi:
                i = lo & mask
                j = hi & mask
                buf[i], buf[j] = buf[j], buf[i]
                lo += 1
                hi -= 1

    # -- queries ---------------------------------------------------------------

    def _snapshot(self):
        with self._lock:
            return self._tolist()

    def count(self, value):
        """How many items equal value."""
        n = 0
        for item in self._snapshot():
            if item is value or item == value:
                n += 1
        return n

    def index(self, value, start=0, stop=9223372036854775807):
        """Position of the leftmost item equal to value (within start:stop);
        ValueError if there is none."""
        items = self._snapshot()
        size = len(items)
        if start < 0:
            start += size
            if start < 0:
                start = 0
        if stop < 0:
            stop += size
            if stop < 0:
                stop = 0
        if stop > size:
            stop = size
        state = self._state
        i = start
        while i < stop:
            item = items[i]
            if item is value or item == value:
                return i
            if self._state != state:
                raise RuntimeError('deque mutated during iteration')
            i += 1
        raise ValueError('%r is not in deque' % (value,))

    @property
    def maxlen(self):
        """The bound on the length given at creation, or None."""
        return self._maxlen

    def copy(self):
        """A new deque with the same items and maxlen."""
        return type(self)(self._snapshot(), self._maxlen)

    __copy__ = copy

    def __len__(self):
        return self._size

    def __bool__(self):
        return self._size != 0

    def __getitem__(self, i):
        with self._lock:
            idx = self._norm_index(i)
            return self._buf[(self._head + idx) & (self._cap - 1)]

    def __setitem__(self, i, value):
        with self._lock:
            idx = self._norm_index(i)
            self._buf[(self._head + idx) & (self._cap - 1)] = value

    def __delitem__(self, i):
        with self._lock:
            idx = self._norm_index(i)
            self._state += 1
            if idx == 0:
                self._pop_left()
            elif idx == self._size - 1:
                self._pop_right()
            else:
                items = self._tolist()
                del items[idx]
                self._load(items)

    def __contains__(self, value):
        state = self._state
        for item in self._snapshot():
            if item is value or item == value:
                return True
            if self._state != state:
                raise RuntimeError('deque mutated during iteration')
        return False

    def __iter__(self):
        return _deque_iterator(self, False)

    def __reversed__(self):
        return _deque_iterator(self, True)

    def __repr__(self):
        key = _repr_enter(self)
        if key is None:
            return '[...]'
        try:
            body = repr(self._snapshot())
        finally:
            _repr_running.discard(key)
        if self._maxlen is not None:
            return '%s(%s, maxlen=%d)' % (_type_name(self), body, self._maxlen)
        return '%s(%s)' % (_type_name(self), body)

    # -- operators -------------------------------------------------------------

    def __eq__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._snapshot() == other._snapshot()

    def __ne__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._snapshot() != other._snapshot()

    def __lt__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._snapshot() < other._snapshot()

    def __le__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._snapshot() <= other._snapshot()

    def __gt__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._snapshot() > other._snapshot()

    def __ge__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._snapshot() >= other._snapshot()

    __hash__ = None

    def __add__(self, other):
        if not isinstance(other, deque):
            raise TypeError('can only concatenate deque (not "%s") to deque'
                            % _type_name(other))
        result = type(self)(self._snapshot(), self._maxlen)
        result.extend(other._snapshot())
        return result

    def __iadd__(self, other):
        self.extend(other)
        return self

    def __mul__(self, n):
        times = _as_index(n)
        if times is None:
            return NotImplemented
        items = self._snapshot()
        if self._maxlen is not None and self._maxlen < len(items) * times:
            # only the last maxlen items survive
            result = type(self)((), self._maxlen)
            for _ in range(times):
                result.extend(items)
            return result
        return type(self)(items * times, self._maxlen)

    __rmul__ = __mul__

    def __imul__(self, n):
        times = _as_index(n)
        if times is None:
            return NotImplemented
        items = self._snapshot()
        if times <= 0:
            self.clear()
        else:
            for _ in range(times - 1):
                self.extend(items)
        return self

    def __reduce__(self):
        return (type(self), (self._snapshot(), self._maxlen))


class _deque_iterator:
    # Reads the deque live (like CPython's iterator, an item replaced with
    # d[i] = x is seen), and fails once the deque's structure changed.

    __slots__ = ('_dq', '_state', '_index', '_count', '_reverse')

    def __init__(self, dq, reverse):
        with dq._lock:
            self._state = dq._state
            self._count = dq._size
        self._dq = dq
        self._index = 0
        self._reverse = reverse

    def __iter__(self):
        return self

    def __next__(self):
        dq = self._dq
        state = self._state
        if dq._state != state:
            raise RuntimeError('deque mutated during iteration')
        i = self._index
        if i >= self._count:
            raise StopIteration
        if self._reverse:
            i = self._count - 1 - i
        buf = dq._buf
        item = buf[(dq._head + i) & (len(buf) - 1)]
        if dq._state != state:
            raise RuntimeError('deque mutated during iteration')
        self._index += 1
        return item

    def __length_hint__(self):
        return self._count - self._index


################################################################################
# defaultdict
################################################################################

class defaultdict(dict):
    """defaultdict(default_factory=None, /, ...): a dict that fills in a
    missing key with default_factory() on lookup (a KeyError when the factory
    is None).  The other arguments are dict()'s."""

    def __init__(self, default_factory=None, /, *args, **kwargs):
        if default_factory is not None and not callable(default_factory):
            raise TypeError('first argument must be callable or None')
        self.default_factory = default_factory
        dict.__init__(self, *args, **kwargs)

    def __missing__(self, key):
        factory = self.default_factory
        if factory is None:
            raise KeyError(key)
        value = factory()
        self[key] = value
        return value

    def __repr__(self):
        factory = self.default_factory
        if factory is None:
            frepr = 'None'
        else:
            key = _repr_enter(factory)
            if key is None:
                frepr = '...'
            else:
                try:
                    frepr = repr(factory)
                finally:
                    _repr_running.discard(key)
        return '%s(%s, %s)' % (_type_name(self), frepr, dict.__repr__(self))

    def copy(self):
        """A new defaultdict with the same factory and items."""
        return type(self)(self.default_factory, self)

    __copy__ = copy

    def __reduce__(self):
        return (type(self), (self.default_factory,), None, None,
                iter(self.items()))

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        result = self.copy()
        result.update(other)
        return result

    def __ror__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        result = type(self)(self.default_factory, other)
        result.update(self)
        return result

    def __ior__(self, other):
        self.update(other)
        return self


################################################################################
# OrderedDict
################################################################################

class OrderedDict(dict):
    """Dictionary that remembers insertion order, with order-aware equality,
    move_to_end() and popitem(last=...)."""

    def __init__(self, other=(), /, **kwds):
        self.update(other, **kwds)

    def update(self, other=(), /, **kwds):
        """Set keys from a mapping (anything with keys()) or from an iterable
        of pairs, then from the keywords."""
        if isinstance(other, dict) or hasattr(other, 'keys'):
            keys = other if isinstance(other, dict) else other.keys()
            pairs = [(key, other[key]) for key in keys]
        else:
            pairs = other
        for key, value in pairs:
            self[key] = value
        for key in kwds:
            self[key] = kwds[key]

    def move_to_end(self, key, last=True):
        """Make key the last one (the first with last=False); KeyError if
        it is absent."""
        value = dict.pop(self, key)
        if last:
            dict.__setitem__(self, key, value)
        else:
            rest = list(dict.items(self))
            dict.clear(self)
            dict.__setitem__(self, key, value)
            for k, v in rest:
                dict.__setitem__(self, k, v)

    def popitem(self, last=True):
        """Remove and return a (key, value) pair, LIFO order if last is true
        or FIFO order if false."""
        if not self:
            raise KeyError('dictionary is empty')
        if last:
            key = next(reversed(dict.keys(self)))
        else:
            key = next(iter(dict.keys(self)))
        value = dict.pop(self, key)
        return key, value

    def setdefault(self, key, default=None):
        """The value of key; an absent key is first added with value
        default."""
        if key not in self:
            self[key] = default
            return default
        return self[key]

    def copy(self):
        """A new dictionary of the same class with the same items."""
        return type(self)(self)

    __copy__ = copy

    @classmethod
    def fromkeys(cls, iterable, value=None):
        """A new dictionary of this class mapping each item of iterable to
        value."""
        result = cls()
        for key in iterable:
            result[key] = value
        return result

    def __repr__(self):
        if not self:
            return '%s()' % _type_name(self)
        key = _repr_enter(self)
        if key is None:
            return '...'
        try:
            return '%s(%r)' % (_type_name(self), list(self.items()))
        finally:
            _repr_running.discard(key)

    def __eq__(self, other):
        if isinstance(other, OrderedDict):
            if not dict.__eq__(self, other):
                return False
            for a, b in zip(self, other):
                if not (a is b or a == b):
                    return False
            return True
        return dict.__eq__(self, other)

    def __ne__(self, other):
        result = self.__eq__(other)
        if result is NotImplemented:
            return result
        return not result

    __hash__ = None

    def __reversed__(self):
        return reversed(dict.keys(self))

    def __reduce__(self):
        return (type(self), (list(self.items()),))

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        result = type(self)(self)
        result.update(other)
        return result

    def __ror__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        result = type(self)(other)
        result.update(self)
        return result

    def __ior__(self, other):
        self.update(other)
        return self


################################################################################
# Counter
################################################################################

def _mapping_items(obj):
    if hasattr(obj, 'items'):
        return obj.items()
    return [(k, obj[k]) for k in obj.keys()]


def _is_mapping(obj):
    return isinstance(obj, dict) or (hasattr(obj, 'keys') and
                                     hasattr(obj, '__getitem__'))


def _count_of(pair):
    return pair[1]


# How two counts combine in the multiset operators, and what becomes of a
# count present only on the right-hand side (None: dropped).
def _plus(mine, theirs):
    return mine + theirs


def _minus(mine, theirs):
    return mine - theirs


def _larger(mine, theirs):
    return theirs if mine < theirs else mine


def _smaller(mine, theirs):
    return mine if mine < theirs else theirs


def _if_positive(count):
    return count if count > 0 else None


def _negated_if_negative(count):
    return 0 - count if count < 0 else None


def _merge(left, right, combine, right_only):
    """A new Counter: left's keys (in left's order) with combine(left count,
    right count) where that is positive, then right's other keys mapped by
    right_only."""
    merged = Counter()
    for key, count in left.items():
        value = combine(count, right[key])
        if value > 0:
            merged[key] = value
    if right_only is not None:
        for key, count in right.items():
            if key in left:
                continue
            value = right_only(count)
            if value is not None:
                merged[key] = value
    return merged


def _every_count(left, right, holds):
    # holds(left[k], right[k]) for every key of either (absent keys count 0)
    for side in (left, right):
        for key in side:
            if not holds(left[key], right[key]):
                return False
    return True


def _equal(x, y):
    return x == y


def _at_most(x, y):
    return x <= y


def _at_least(x, y):
    return x >= y


class Counter(dict):
    """A dict that counts things: keys are elements, values their counts
    (a multiset).  Looking up an absent element gives 0."""

    def __init__(self, iterable=None, /, **kwds):
        dict.__init__(self)
        self.update(iterable, **kwds)

    def __missing__(self, key):
        return 0

    def total(self):
        """The sum of all the counts."""
        grand = 0
        for count in self.values():
            grand = grand + count
        return grand

    def most_common(self, n=None):
        """(element, count) pairs from the highest count down, ties in
        insertion order; only the first n when n is given."""
        ranked = sorted(self.items(), key=_count_of, reverse=True)
        if n is None:
            return ranked
        return ranked[:n] if n > 0 else []

    def elements(self):
        """An iterator repeating each element as often as its count says
        (elements with counts below one do not appear)."""
        return _counter_elements(list(self.items()))

    @classmethod
    def fromkeys(cls, iterable, v=None):
        raise NotImplementedError(
            'Counter.fromkeys() is undefined.  Use Counter(iterable) instead.')

    def update(self, iterable=None, /, **kwds):
        """Add counts: one per item of an iterable, or the values of a
        mapping, then those given as keywords."""
        if iterable is not None:
            if not _is_mapping(iterable):
                for elem in iterable:
                    self[elem] = self.get(elem, 0) + 1
            elif self:
                for elem, count in _mapping_items(iterable):
                    self[elem] = count + self.get(elem, 0)
            elif isinstance(iterable, dict):
                # an empty Counter takes a dict's counts as they are
                dict.update(self, iterable)
            else:
                for elem, count in _mapping_items(iterable):
                    self[elem] = count
        if kwds:
            self.update(kwds)

    def subtract(self, iterable=None, /, **kwds):
        """Take counts away (they may drop to zero or below): one per item
        of an iterable, or the values of a mapping, then keywords."""
        if iterable is not None:
            if _is_mapping(iterable):
                pairs = _mapping_items(iterable)
            else:
                pairs = [(elem, 1) for elem in iterable]
            for elem, count in pairs:
                self[elem] = self.get(elem, 0) - count
        if kwds:
            self.subtract(kwds)

    def copy(self):
        """A shallow copy, of the same class."""
        return type(self)(self)

    __copy__ = copy

    def __reduce__(self):
        return (type(self), (dict(self),))

    def __delitem__(self, elem):
        """Remove elem's count; an absent elem is no error."""
        if elem in self:
            dict.__delitem__(self, elem)

    def __repr__(self):
        if not self:
            return '%s()' % _type_name(self)
        try:
            shown = dict(self.most_common())
        except TypeError:
            # counts that do not order among themselves
            shown = dict(self)
        return '%s(%r)' % (_type_name(self), shown)

    # -- comparisons: as multisets, an absent element counting zero ---------

    def __eq__(self, other):
        if isinstance(other, Counter):
            return _every_count(self, other, _equal)
        return NotImplemented

    def __ne__(self, other):
        if isinstance(other, Counter):
            return not _every_count(self, other, _equal)
        return NotImplemented

    def __le__(self, other):
        if isinstance(other, Counter):
            return _every_count(self, other, _at_most)
        return NotImplemented

    def __ge__(self, other):
        if isinstance(other, Counter):
            return _every_count(self, other, _at_least)
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, Counter):
            return self <= other and self != other
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, Counter):
            return self >= other and self != other
        return NotImplemented

    __hash__ = None

    # -- arithmetic: results hold only positive counts -----------------------

    def __add__(self, other):
        if isinstance(other, Counter):
            return _merge(self, other, _plus, _if_positive)
        return NotImplemented

    def __sub__(self, other):
        if isinstance(other, Counter):
            return _merge(self, other, _minus, _negated_if_negative)
        return NotImplemented

    def __or__(self, other):
        if isinstance(other, Counter):
            return _merge(self, other, _larger, _if_positive)
        return NotImplemented

    def __and__(self, other):
        if isinstance(other, Counter):
            return _merge(self, other, _smaller, None)
        return NotImplemented

    def __pos__(self):
        """The positive counts only."""
        return _merge(Counter(), self, None, _if_positive)

    def __neg__(self):
        """The negative counts only, negated."""
        return _merge(Counter(), self, None, _negated_if_negative)

    # In place: any mapping on the right (as CPython); afterwards only
    # positive counts stay.

    def _drop_non_positive(self):
        for elem in [e for e, count in self.items() if not count > 0]:
            dict.__delitem__(self, elem)
        return self

    def __iadd__(self, other):
        for elem, count in other.items():
            self[elem] = self[elem] + count
        return self._drop_non_positive()

    def __isub__(self, other):
        for elem, count in other.items():
            self[elem] = self[elem] - count
        return self._drop_non_positive()

    def __ior__(self, other):
        for elem, theirs in other.items():
            if theirs > self[elem]:
                self[elem] = theirs
        return self._drop_non_positive()

    def __iand__(self, other):
        for elem, mine in list(self.items()):
            theirs = other[elem]
            if theirs < mine:
                self[elem] = theirs
        return self._drop_non_positive()


def _counter_elements(items):
    for elem, count in items:
        for _ in range(count):
            yield elem


################################################################################
# namedtuple
################################################################################

_KEYWORDS = frozenset([
    'False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await', 'break',
    'class', 'continue', 'def', 'del', 'elif', 'else', 'except', 'finally',
    'for', 'from', 'global', 'if', 'import', 'in', 'is', 'lambda', 'nonlocal',
    'not', 'or', 'pass', 'raise', 'return', 'try', 'while', 'with', 'yield',
])


def _field_property(index, doc):
    def getter(self):
        return self[index]
    return property(getter, doc=doc)


def _plural(n, word):
    return '%d %s%s' % (n, word, '' if n == 1 else 's')


def _quoted_list(names):
    quoted = ["'%s'" % n for n in names]
    if len(quoted) == 1:
        return quoted[0]
    if len(quoted) == 2:
        return '%s and %s' % (quoted[0], quoted[1])
    return '%s, and %s' % (', '.join(quoted[:-1]), quoted[-1])


def _make_new(typename, field_names, defaults):
    """Build the class's __new__: binds arguments like the generated
    `def __new__(_cls, f1, f2, ...)` of CPython, with the same errors."""
    nfields = len(field_names)
    ndefaults = len(defaults)
    nrequired = nfields - ndefaults
    positions = {}
    for i in range(nfields):
        positions[field_names[i]] = i
    fname = typename + '.__new__'
    tuple_new = tuple.__new__

    def __new__(_cls, *args, **kwargs):
        nargs = len(args)
        if not kwargs:
            if nargs == nfields:
                return tuple_new(_cls, args)
            if nrequired <= nargs < nfields:
                return tuple_new(_cls, args + defaults[nargs - nrequired:])
        values = list(args[:nfields])
        missing_marker = _MISSING
        values.extend([missing_marker] * (nfields - len(values)))
        for name, value in kwargs.items():
            pos = positions.get(name)
            if pos is None:
                raise TypeError('%s() got an unexpected keyword argument %r'
                                % (fname, name))
            if values[pos] is not missing_marker:
                raise TypeError('%s() got multiple values for argument %r'
                                % (fname, name))
            values[pos] = value
        if nargs > nfields:
            if ndefaults:
                raise TypeError(
                    '%s() takes from %d to %d positional arguments but %d '
                    'were given' % (fname, nrequired + 1, nfields + 1,
                                    nargs + 1))
            raise TypeError('%s() takes %s but %d %s given'
                            % (fname, _plural(nfields + 1,
                                              'positional argument'),
                               nargs + 1, 'was' if nargs + 1 == 1 else 'were'))
        missing = []
        for i in range(nfields):
            if values[i] is missing_marker:
                if i >= nrequired:
                    values[i] = defaults[i - nrequired]
                else:
                    missing.append(field_names[i])
        if missing:
            raise TypeError('%s() missing %d required positional argument%s: %s'
                            % (fname, len(missing),
                               '' if len(missing) == 1 else 's',
                               _quoted_list(missing)))
        return tuple_new(_cls, values)

    __new__.__name__ = '__new__'
    __new__.__qualname__ = fname
    return __new__


_MISSING = object()


def _check_names(typename, field_names, renamed):
    # The type name and every field name must be identifiers and not
    # keywords; field names must also be distinct and (unless rename= made
    # them) not start with an underscore.
    for candidate in [typename] + field_names:
        problem = None
        if type(candidate) is not str:
            raise TypeError('Type names and field names must be strings')
        if not candidate.isidentifier():
            problem = 'must be valid identifiers'
        elif candidate in _KEYWORDS:
            problem = 'cannot be a keyword'
        if problem is not None:
            raise ValueError('Type names and field names %s: %r'
                             % (problem, candidate))
    distinct = set()
    for field in field_names:
        if field[:1] == '_' and not renamed:
            raise ValueError('Field names cannot start with an underscore: '
                             '%r' % (field,))
        if field in distinct:
            raise ValueError('Encountered duplicate field name: %r'
                             % (field,))
        distinct.add(field)


def namedtuple(typename, field_names, *, rename=False, defaults=None,
               module=None):
    """Make a tuple subclass whose items can also be read by name:
    namedtuple('Point', 'x y')(1, y=2) is Point(x=1, y=2), with .x == 1."""
    if isinstance(field_names, str):
        field_names = field_names.replace(',', ' ').split()
    field_names = [str(name) for name in field_names]
    typename = str(typename)

    if rename:
        seen = set()
        for index in range(len(field_names)):
            name = field_names[index]
            if (not name.isidentifier() or name in _KEYWORDS
                    or name.startswith('_') or name in seen):
                field_names[index] = '_%d' % index
            seen.add(field_names[index])

    _check_names(typename, field_names, rename)

    defaults = () if defaults is None else tuple(defaults)
    if len(field_names) < len(defaults):
        raise TypeError('Got more default values than field names')
    # the defaults belong to the last fields
    defaulted = field_names[len(field_names) - len(defaults):]
    field_defaults = dict(zip(defaulted, defaults))

    fields = tuple(field_names)
    nfields = len(fields)
    arg_list = ', '.join(fields)
    if nfields == 1:
        arg_list += ','
    tuple_new = tuple.__new__

    __new__ = _make_new(typename, fields, defaults)
    __new__.__doc__ = 'Build a %s from its fields: %s(%s)' % (
        typename, typename, arg_list)

    def _make(cls, iterable):
        result = tuple_new(cls, iterable)
        if len(result) != nfields:
            raise TypeError('Expected %d arguments, got %d'
                            % (nfields, len(result)))
        return result

    _make.__doc__ = 'Build a %s from the items of an iterable' % (typename,)

    def _replace(self, /, **kwds):
        values = []
        for i in range(nfields):
            name = fields[i]
            if name in kwds:
                values.append(kwds.pop(name))
            else:
                values.append(self[i])
        if kwds:
            raise ValueError('Got unexpected field names: %r' % (list(kwds),))
        return self._make(values)

    _replace.__doc__ = ('A copy of this %s with the fields named as keywords '
                        'set to new values' % (typename,))

    def __repr__(self):
        """Name(field=value, ...)"""
        parts = []
        for i in range(nfields):
            parts.append('%s=%r' % (fields[i], self[i]))
        return '%s(%s)' % (type(self).__name__, ', '.join(parts))

    def _asdict(self):
        """A dict from each field name to its value."""
        result = {}
        for i in range(nfields):
            result[fields[i]] = self[i]
        return result

    def __getnewargs__(self):
        """The items as a plain tuple, for copy and pickle."""
        return tuple(self)

    for method in (_make, _replace, __repr__, _asdict, __getnewargs__):
        method.__qualname__ = typename + '.' + method.__name__

    namespace = {'__doc__': '%s(%s)' % (typename, arg_list), '__slots__': (),
                 '_fields': fields, '_field_defaults': field_defaults,
                 '__new__': staticmethod(__new__),
                 '_make': classmethod(_make)}
    for method in (_replace, __repr__, _asdict, __getnewargs__):
        namespace[method.__name__] = method
    namespace['__match_args__'] = fields
    for index in range(nfields):
        namespace[fields[index]] = _field_property(
            index, 'Item %d of the tuple, by name' % index)
    namespace['__module__'] = '__main__' if module is None else module
    namespace['__qualname__'] = typename

    return type(typename, (tuple,), namespace)
