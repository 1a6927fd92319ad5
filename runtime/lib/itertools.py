"""Iterator building blocks (Weft's implementation of `itertools`).

Every function is lazy like CPython's: arguments are checked and turned into
iterators when the object is created, items are produced on demand."""

import _thread
import builtins as _builtins

__all__ = ['accumulate', 'chain', 'combinations',
           'combinations_with_replacement', 'compress', 'count', 'cycle',
           'dropwhile', 'filterfalse', 'groupby', 'islice', 'pairwise',
           'permutations', 'product', 'repeat', 'starmap', 'takewhile', 'tee',
           'zip_longest']

_MAXSIZE = 9223372036854775807

_NUMBER_TYPES = (int, float)
if hasattr(_builtins, 'complex'):
    _NUMBER_TYPES = (int, float, _builtins.complex)


def _is_number(x):
    if isinstance(x, _NUMBER_TYPES):
        return True
    t = type(x)
    return (hasattr(t, '__index__') or hasattr(t, '__int__') or
            hasattr(t, '__float__') or hasattr(t, '__complex__'))


# ------------------------------------------------------------ infinite ones

class count:
    """count(start=0, step=1): start, start+step, start+2*step, ..."""

    __slots__ = ('_value', '_step', '_lock')

    def __init__(self, start=0, step=1):
        if not _is_number(start) or not _is_number(step):
            raise TypeError('a number is required')
        self._value = start
        self._step = step
        self._lock = _thread.allocate_lock()

    def __iter__(self):
        return self

    def __next__(self):
        with self._lock:
            value = self._value
            self._value = value + self._step
        return value

    def __repr__(self):
        step = self._step
        if type(step) is int and step == 1:
            return '%s(%r)' % (type(self).__name__, self._value)
        return '%s(%r, %r)' % (type(self).__name__, self._value, step)


def cycle(iterable):
    """cycle(p): p0, p1, ... plast, p0, p1, ..."""
    return _cycle(iter(iterable))


def _cycle(it):
    saved = []
    for element in it:
        yield element
        saved.append(element)
    if not saved:
        return
    while True:
        for element in saved:
            yield element


class repeat:
    """repeat(object [,times]): object, object, ... endlessly or times times."""

    __slots__ = ('_object', '_times')

    def __init__(self, object, times=None):
        self._object = object
        if times is None:
            self._times = None
        else:
            if not isinstance(times, int):
                raise TypeError("'%s' object cannot be interpreted as an integer"
                                % type(times).__name__)
            self._times = times if times > 0 else 0

    def __iter__(self):
        return self

    def __next__(self):
        times = self._times
        if times is None:
            return self._object
        if times <= 0:
            raise StopIteration
        self._times = times - 1
        return self._object

    def __length_hint__(self):
        if self._times is None:
            raise TypeError('len() of unsized object')
        return self._times

    def __repr__(self):
        if self._times is None:
            return '%s(%r)' % (type(self).__name__, self._object)
        return '%s(%r, %d)' % (type(self).__name__, self._object, self._times)


# ---------------------------------------------- terminating on shortest input

def accumulate(iterable, func=None, *, initial=None):
    """Running totals (or running results of the binary function func)."""
    return _accumulate(iter(iterable), func, initial)


def _accumulate(it, func, initial):
    total = initial
    if initial is None:
        for total in it:
            break
        else:
            return
    yield total
    if func is None:
        for element in it:
            total = total + element
            yield total
    else:
        for element in it:
            total = func(total, element)
            yield total


def chain(*iterables):
    """chain(*iterables): items of the first iterable, then the second, ..."""
    return _chain(iterables)


def _chain_from_iterable(iterable):
    """Alternate chain() constructor taking one iterable of iterables."""
    return _chain(iter(iterable))


chain.from_iterable = _chain_from_iterable


def _chain(iterables):
    for it in iterables:
        yield from it


def compress(data, selectors):
    """compress(data, selectors): data items whose selector is true."""
    return _compress(iter(data), iter(selectors))


def _compress(data, selectors):
    for d, s in zip(data, selectors):
        if s:
            yield d


def dropwhile(predicate, iterable):
    """Skip items while predicate(item) is true, then yield every item."""
    return _dropwhile(predicate, iter(iterable))


def _dropwhile(predicate, it):
    for x in it:
        if not predicate(x):
            yield x
            break
    for x in it:
        yield x


def filterfalse(function, iterable):
    """Items of iterable for which function(item) is false."""
    return _filterfalse(function, iter(iterable))


def _filterfalse(function, it):
    if function is None:
        for x in it:
            if not x:
                yield x
    else:
        for x in it:
            if not function(x):
                yield x


_NULL = object()


class groupby:
    """groupby(iterable, key=None): consecutive (key, group) pairs."""

    __slots__ = ('_it', '_keyfunc', '_tgtkey', '_currkey', '_currvalue',
                 '_currgrouper')

    def __init__(self, iterable, key=None):
        self._it = iter(iterable)
        self._keyfunc = key
        self._tgtkey = _NULL
        self._currkey = _NULL
        self._currvalue = _NULL
        self._currgrouper = None

    def __iter__(self):
        return self

    def _step(self):
        value = next(self._it)
        if self._keyfunc is None:
            key = value
        else:
            key = self._keyfunc(value)
        self._currvalue = value
        self._currkey = key

    def __next__(self):
        self._currgrouper = None
        while True:
            if self._currkey is _NULL:
                pass
            elif self._tgtkey is _NULL:
                break
            elif not (self._tgtkey == self._currkey):
                break
            self._step()
        self._tgtkey = self._currkey
        marker = object()
        self._currgrouper = marker
        return (self._currkey, self._grouper(self._tgtkey, marker))

    def _grouper(self, tgtkey, marker):
        while True:
            if self._currgrouper is not marker:
                return
            if self._currvalue is _NULL:
                try:
                    self._step()
                except StopIteration:
                    return
            if not (tgtkey == self._currkey):
                return
            value = self._currvalue
            self._currvalue = _NULL
            yield value


def islice(iterable, *args):
    """islice(iterable, stop) or islice(iterable, start, stop[, step])."""
    nargs = len(args)
    if nargs < 1:
        raise TypeError('islice expected at least 2 arguments, got %d'
                        % (nargs + 1))
    if nargs > 3:
        raise TypeError('islice expected at most 4 arguments, got %d'
                        % (nargs + 1))
    start = 0
    step = 1
    bad_start = False
    if nargs == 1:
        stop = _islice_stop(args[0])
    else:
        start = args[0]
        if start is None:
            start = 0
        elif not isinstance(start, int) or start < 0 or start > _MAXSIZE:
            bad_start = True
        stop = _islice_stop(args[1])
    if bad_start or (stop is not None and stop < 0):
        raise ValueError('Indices for islice() must be None or an '
                         'integer: 0 <= x <= sys.maxsize.')
    if nargs == 3:
        step = args[2]
        if step is None:
            step = 1
        elif not isinstance(step, int) or step < 1 or step > _MAXSIZE:
            raise ValueError('Step for islice() must be a positive '
                             'integer or None.')
    it = iter(iterable)
    if start == 0 and step == 1:
        if stop is None:
            return _islice_all(it)
        return _islice_head(it, stop)
    return _islice(it, start, stop, step)


def _islice_stop(stop):
    if stop is None:
        return None
    if (not isinstance(stop, int) or stop == -1 or stop > _MAXSIZE
            or stop < -_MAXSIZE - 1):
        raise ValueError('Stop argument for islice() must be None or '
                         'an integer: 0 <= x <= sys.maxsize.')
    return stop


def _islice_all(it):
    for item in it:
        yield item


def _islice_head(it, stop):
    # zip asks range first, so no item is taken from `it` past `stop`
    for _, item in zip(range(stop), it):
        yield item


def _islice(it, start, stop, step):
    counter = 0
    wanted = start
    while True:
        while counter < wanted:
            try:
                next(it)
            except StopIteration:
                return
            counter += 1
        if stop is not None and counter >= stop:
            return
        try:
            item = next(it)
        except StopIteration:
            return
        counter += 1
        wanted += step
        if stop is not None and wanted > stop:
            wanted = stop
        yield item


def pairwise(iterable):
    """pairwise('ABCD') -> AB BC CD"""
    return _pairwise(iter(iterable))


def _pairwise(it):
    for a in it:
        break
    else:
        return
    for b in it:
        yield (a, b)
        a = b


def starmap(function, iterable):
    """starmap(f, seq): f(*seq[0]), f(*seq[1]), ..."""
    return _starmap(function, iter(iterable))


def _starmap(function, it):
    for args in it:
        yield function(*args)


def takewhile(predicate, iterable):
    """Items while predicate(item) is true."""
    return _takewhile(predicate, iter(iterable))


def _takewhile(predicate, it):
    for x in it:
        if predicate(x):
            yield x
        else:
            return


def tee(iterable, n=2):
    """tee(it, n=2): n independent iterators over one iterable."""
    if not isinstance(n, int):
        raise TypeError("'%s' object cannot be interpreted as an integer"
                        % type(n).__name__)
    if n < 0:
        raise ValueError('n must be >= 0')
    it = iter(iterable)
    if n == 0:
        return ()
    shared = [it, _thread.allocate_lock()]
    start = [None, None]
    return tuple([_tee(shared, start) for _ in range(n)])


def _tee(shared, link):
    # link is [value, next-link]; next-link None means "not fetched yet"
    it = shared[0]
    lock = shared[1]
    while True:
        nxt = link[1]
        if nxt is None:
            with lock:
                nxt = link[1]
                if nxt is None:
                    try:
                        value = next(it)
                    except StopIteration:
                        return
                    nxt = [value, None]
                    link[1] = nxt
        link = nxt
        yield nxt[0]


def zip_longest(*iterables, fillvalue=None):
    """zip_longest('ABCD', 'xy', fillvalue='-') -> Ax By C- D-"""
    iterators = [iter(it) for it in iterables]
    return _zip_longest(iterators, fillvalue)


def _zip_longest(iterators, fillvalue):
    num_active = len(iterators)
    if not num_active:
        return
    while True:
        values = []
        for i in range(len(iterators)):
            it = iterators[i]
            if it is None:
                values.append(fillvalue)
                continue
            try:
                value = next(it)
            except StopIteration:
                num_active -= 1
                if not num_active:
                    return
                iterators[i] = None
                value = fillvalue
            values.append(value)
        yield tuple(values)


# ------------------------------------------------------------- combinatorics

def _check_r(r):
    if not isinstance(r, int):
        raise TypeError('Expected int as r')
    if r < 0:
        raise ValueError('r must be non-negative')


def product(*iterables, repeat=1):
    """Cartesian product: product('ab', range(2)) -> a0 a1 b0 b1."""
    if not isinstance(repeat, int):
        raise TypeError("'%s' object cannot be interpreted as an integer"
                        % type(repeat).__name__)
    if repeat < 0:
        raise ValueError('repeat argument cannot be negative')
    pools = [tuple(pool) for pool in iterables] * repeat
    return _product(pools)


def _product(pools):
    n = len(pools)
    for pool in pools:
        if not pool:
            return
    indices = [0] * n
    current = [pool[0] for pool in pools]
    yield tuple(current)
    if n == 0:
        return
    sizes = [len(pool) for pool in pools]
    last = n - 1
    while True:
        i = last
        while i >= 0:
            j = indices[i] + 1
            if j < sizes[i]:
                indices[i] = j
                current[i] = pools[i][j]
                break
            indices[i] = 0
            current[i] = pools[i][0]
            i -= 1
        if i < 0:
            return
        yield tuple(current)


def permutations(iterable, r=None):
    """r-length permutations of the items, in lexicographic index order."""
    pool = tuple(iterable)
    n = len(pool)
    if r is None:
        r = n
    else:
        _check_r(r)
    return _permutations(pool, n, r)


def _permutations(pool, n, r):
    if r > n:
        return
    indices = list(range(n))
    cycles = list(range(n, n - r, -1))
    yield tuple([pool[i] for i in indices[:r]])
    if n == 0:
        return
    while True:
        i = r - 1
        while i >= 0:
            c = cycles[i] - 1
            if c == 0:
                # move indices[i] to the end, shifting the rest left
                moved = indices[i]
                indices[i:n - 1] = indices[i + 1:n]
                indices[n - 1] = moved
                cycles[i] = n - i
                i -= 1
            else:
                cycles[i] = c
                j = n - c
                indices[i], indices[j] = indices[j], indices[i]
                yield tuple([pool[k] for k in indices[:r]])
                break
        if i < 0:
            return


def combinations(iterable, r=_NULL):
    """r-length subsequences of the items, in lexicographic index order."""
    if r is _NULL:
        raise TypeError("combinations() missing required argument 'r' (pos 2)")
    _check_r(r)
    pool = tuple(iterable)
    return _combinations(pool, len(pool), r)


def _combinations(pool, n, r):
    if r > n:
        return
    indices = list(range(r))
    yield tuple([pool[i] for i in indices])
    while True:
        i = r - 1
        while i >= 0 and indices[i] == i + n - r:
            i -= 1
        if i < 0:
            return
        indices[i] += 1
        for j in range(i + 1, r):
            indices[j] = indices[j - 1] + 1
        yield tuple([pool[k] for k in indices])


def combinations_with_replacement(iterable, r=_NULL):
    """r-length subsequences allowing individual items to repeat."""
    if r is _NULL:
        raise TypeError("combinations_with_replacement() missing required "
                        "argument 'r' (pos 2)")
    _check_r(r)
    pool = tuple(iterable)
    return _combinations_wr(pool, len(pool), r)


def _combinations_wr(pool, n, r):
    if not n and r:
        return
    indices = [0] * r
    yield tuple([pool[i] for i in indices])
    while True:
        i = r - 1
        while i >= 0 and indices[i] == n - 1:
            i -= 1
        if i < 0:
            return
        v = indices[i] + 1
        for j in range(i, r):
            indices[j] = v
        yield tuple([pool[k] for k in indices])
