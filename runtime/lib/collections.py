"""Container datatypes (Weft's implementation of `collections`):
deque, defaultdict, Counter, namedtuple, OrderedDict."""

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
    """deque([iterable[, maxlen]]) --> deque object

    A list-like sequence optimized for data accesses near its endpoints."""

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
        """Add an element to the right side of the deque."""
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
        """Add an element to the left side of the deque."""
        with self._lock:
            self._state += 1
            if self._maxlen is not None and self._size >= self._maxlen:
                if self._maxlen == 0:
                    return
                self._pop_right()
            self._push_left(x)

    def pop(self):
        """Remove and return the rightmost element."""
        with self._lock:
            if not self._size:
                raise IndexError('pop from an empty deque')
            self._state += 1
            return self._pop_right()

    def popleft(self):
        """Remove and return the leftmost element."""
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
        """Extend the right side of the deque with elements from the iterable."""
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
        """Extend the left side of the deque with elements from the iterable."""
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
        """Remove all elements from the deque."""
        with self._lock:
            self._state += 1
            self._buf = [None] * _MIN_CAPACITY
            self._cap = _MIN_CAPACITY
            self._head = 0
            self._size = 0

    def insert(self, i, x):
        """Insert x before index i."""
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
        """Remove the first occurrence of value."""
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
        """Rotate the deque n steps to the right (default n=1).
        If n is negative, rotates left."""
        steps = _as_index(n)
        if steps is None:
            raise TypeError("'%s' object cannot be interpreted as an integer"
                            % _type_name(n))
        with self._lock:
            self._state += 1
            self._rotate(steps)

    def reverse(self):
        """Reverse *IN PLACE*."""
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
        """Return number of occurrences of value."""
        n = 0
        for item in self._snapshot():
            if item is value or item == value:
                n += 1
        return n

    def index(self, value, start=0, stop=9223372036854775807):
        """Return first index of value.  Raises ValueError if not present."""
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
        """maximum size of a deque or None if unbounded"""
        return self._maxlen

    def copy(self):
        """Return a shallow copy of a deque."""
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
    """defaultdict(default_factory=None, /, [...]) --> dict with default factory

    Missing keys are created by calling default_factory() (KeyError when it
    is None)."""

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
        """D.copy() -> a shallow copy of D."""
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
        """Update from a mapping or an iterable of pairs, then keywords."""
        if isinstance(other, dict):
            for key in other:
                self[key] = other[key]
        elif hasattr(other, 'keys'):
            for key in other.keys():
                self[key] = other[key]
        else:
            for key, value in other:
                self[key] = value
        for key, value in kwds.items():
            self[key] = value

    def move_to_end(self, key, last=True):
        """Move an existing element to the end (or beginning if last is
        false).  Raise KeyError if the element does not exist."""
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
        """Insert key with a value of default if key is not in the dictionary.
        Return the value for key if key is in the dictionary, else default."""
        if key in self:
            return self[key]
        self[key] = default
        return default

    def copy(self):
        """od.copy() -> a shallow copy of od"""
        return type(self)(self)

    __copy__ = copy

    @classmethod
    def fromkeys(cls, iterable, value=None):
        """Create a new ordered dictionary with keys from iterable and values
        set to value."""
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

def _count_value(item):
    return item[1]


def _mapping_items(obj):
    if hasattr(obj, 'items'):
        return obj.items()
    return [(k, obj[k]) for k in obj.keys()]


def _is_mapping(obj):
    return isinstance(obj, dict) or (hasattr(obj, 'keys') and
                                     hasattr(obj, '__getitem__'))


class Counter(dict):
    """Dict subclass for counting hashable items (a multiset).  Missing
    elements count as zero."""

    def __init__(self, iterable=None, /, **kwds):
        dict.__init__(self)
        self.update(iterable, **kwds)

    def __missing__(self, key):
        return 0

    def total(self):
        """Sum of the counts"""
        total = 0
        for v in self.values():
            total = total + v
        return total

    def most_common(self, n=None):
        """List the n most common elements and their counts from the most
        common to the least (ties keep insertion order).  If n is None, list
        all element counts."""
        ordered = sorted(self.items(), key=_count_value, reverse=True)
        if n is None:
            return ordered
        if n <= 0:
            return []
        return ordered[:n]

    def elements(self):
        """Iterator over elements repeating each as many times as its count.
        Elements with a count below one are ignored."""
        return _counter_elements(list(self.items()))

    @classmethod
    def fromkeys(cls, iterable, v=None):
        raise NotImplementedError(
            'Counter.fromkeys() is undefined.  Use Counter(iterable) instead.')

    def update(self, iterable=None, /, **kwds):
        """Add counts from an iterable of elements or from a mapping of
        counts (and from keyword arguments)."""
        if iterable is not None:
            if _is_mapping(iterable):
                if self:
                    get = self.get
                    for elem, count in _mapping_items(iterable):
                        self[elem] = count + get(elem, 0)
                elif isinstance(iterable, dict):
                    dict.update(self, iterable)
                else:
                    for elem, count in _mapping_items(iterable):
                        self[elem] = count
            else:
                get = self.get
                for elem in iterable:
                    self[elem] = get(elem, 0) + 1
        if kwds:
            self.update(kwds)

    def subtract(self, iterable=None, /, **kwds):
        """Subtract counts (which may go to zero or below) given an iterable
        of elements or a mapping of counts."""
        if iterable is not None:
            get = self.get
            if _is_mapping(iterable):
                for elem, count in _mapping_items(iterable):
                    self[elem] = get(elem, 0) - count
            else:
                for elem in iterable:
                    self[elem] = get(elem, 0) - 1
        if kwds:
            self.subtract(kwds)

    def copy(self):
        """Return a shallow copy."""
        return type(self)(self)

    __copy__ = copy

    def __reduce__(self):
        return (type(self), (dict(self),))

    def __delitem__(self, elem):
        """Like dict.__delitem__() but does not raise KeyError for missing
        values."""
        if elem in self:
            dict.__delitem__(self, elem)

    def __repr__(self):
        if not self:
            return '%s()' % _type_name(self)
        try:
            d = dict(self.most_common())
        except TypeError:
            d = dict(self)
        return '%s(%r)' % (_type_name(self), d)

    # -- multiset comparisons (missing elements count as zero) -----------------

    def __eq__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        for c in (self, other):
            for e in c:
                if not (self[e] == other[e]):
                    return False
        return True

    def __ne__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return not self == other

    def __le__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        for c in (self, other):
            for e in c:
                if not (self[e] <= other[e]):
                    return False
        return True

    def __lt__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self <= other and self != other

    def __ge__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        for c in (self, other):
            for e in c:
                if not (self[e] >= other[e]):
                    return False
        return True

    def __gt__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self >= other and self != other

    __hash__ = None

    # -- multiset arithmetic (results keep only positive counts) ---------------

    def __add__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            newcount = count + other[elem]
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count > 0:
                result[elem] = count
        return result

    def __sub__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            newcount = count - other[elem]
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count < 0:
                result[elem] = 0 - count
        return result

    def __or__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            other_count = other[elem]
            newcount = other_count if count < other_count else count
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count > 0:
                result[elem] = count
        return result

    def __and__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            other_count = other[elem]
            newcount = count if count < other_count else other_count
            if newcount > 0:
                result[elem] = newcount
        return result

    def __pos__(self):
        """Adds an empty counter, effectively stripping negative and zero
        counts"""
        result = Counter()
        for elem, count in self.items():
            if count > 0:
                result[elem] = count
        return result

    def __neg__(self):
        """Subtracts from an empty counter.  Strips positive and zero counts,
        and flips the sign on negative counts."""
        result = Counter()
        for elem, count in self.items():
            if count < 0:
                result[elem] = 0 - count
        return result

    def _keep_positive(self):
        nonpositive = [elem for elem, count in self.items() if not count > 0]
        for elem in nonpositive:
            dict.__delitem__(self, elem)
        return self

    def __iadd__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        for elem, count in other.items():
            self[elem] += count
        return self._keep_positive()

    def __isub__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        for elem, count in other.items():
            self[elem] -= count
        return self._keep_positive()

    def __ior__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        for elem, other_count in other.items():
            count = self[elem]
            if other_count > count:
                self[elem] = other_count
        return self._keep_positive()

    def __iand__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        for elem, count in list(self.items()):
            other_count = other[elem]
            if other_count < count:
                self[elem] = other_count
        return self._keep_positive()


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


def namedtuple(typename, field_names, *, rename=False, defaults=None,
               module=None):
    """Returns a new subclass of tuple with named fields.

    >>> Point = namedtuple('Point', ['x', 'y'])
    >>> Point(11, y=22)
    Point(x=11, y=22)
    """
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

    for name in [typename] + field_names:
        if type(name) is not str:
            raise TypeError('Type names and field names must be strings')
        if not name.isidentifier():
            raise ValueError('Type names and field names must be valid '
                             'identifiers: %r' % (name,))
        if name in _KEYWORDS:
            raise ValueError('Type names and field names cannot be a '
                             'keyword: %r' % (name,))

    seen = set()
    for name in field_names:
        if name.startswith('_') and not rename:
            raise ValueError('Field names cannot start with an underscore: '
                             '%r' % (name,))
        if name in seen:
            raise ValueError('Encountered duplicate field name: %r' % (name,))
        seen.add(name)

    field_defaults = {}
    if defaults is not None:
        defaults = tuple(defaults)
        if len(defaults) > len(field_names):
            raise TypeError('Got more default values than field names')
        first = len(field_names) - len(defaults)
        for i in range(len(defaults)):
            field_defaults[field_names[first + i]] = defaults[i]
    else:
        defaults = ()

    fields = tuple(field_names)
    nfields = len(fields)
    arg_list = ', '.join(fields)
    if nfields == 1:
        arg_list += ','
    tuple_new = tuple.__new__

    __new__ = _make_new(typename, fields, defaults)
    __new__.__doc__ = 'Create new instance of %s(%s)' % (typename, arg_list)

    def _make(cls, iterable):
        result = tuple_new(cls, iterable)
        if len(result) != nfields:
            raise TypeError('Expected %d arguments, got %d'
                            % (nfields, len(result)))
        return result

    _make.__doc__ = 'Make a new %s object from a sequence or iterable' % (
        typename,)

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

    _replace.__doc__ = ('Return a new %s object replacing specified fields '
                        'with new values' % (typename,))

    def __repr__(self):
        """Return a nicely formatted representation string"""
        parts = []
        for i in range(nfields):
            parts.append('%s=%r' % (fields[i], self[i]))
        return '%s(%s)' % (type(self).__name__, ', '.join(parts))

    def _asdict(self):
        """Return a new dict which maps field names to their values."""
        result = {}
        for i in range(nfields):
            result[fields[i]] = self[i]
        return result

    def __getnewargs__(self):
        """Return self as a plain tuple.  Used by copy and pickle."""
        return tuple(self)

    for method in (_make, _replace, __repr__, _asdict, __getnewargs__):
        method.__qualname__ = typename + '.' + method.__name__

    namespace = {
        '__doc__': '%s(%s)' % (typename, arg_list),
        '__slots__': (),
        '_fields': fields,
        '_field_defaults': field_defaults,
        '__new__': staticmethod(__new__),
        '_make': classmethod(_make),
        '_replace': _replace,
        '__repr__': __repr__,
        '_asdict': _asdict,
        '__getnewargs__': __getnewargs__,
        '__match_args__': fields,
        '__module__': '__main__' if module is None else module,
        '__qualname__': typename,
    }
    for index in range(nfields):
        namespace[fields[index]] = _field_property(
            index, 'Alias for field number %d' % index)

    return type(typename, (tuple,), namespace)
