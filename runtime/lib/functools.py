"""Weft's `functools` module: tools that take or make callables (reduce,
partial, lru_cache and cache, wraps and update_wrapper, total_ordering,
cmp_to_key).

lru_cache keeps its table and its counters behind one lock per decorated
function, so it can be hit from many threads at once."""

import _thread
from collections import namedtuple

__all__ = ['update_wrapper', 'wraps', 'WRAPPER_ASSIGNMENTS', 'WRAPPER_UPDATES',
           'total_ordering', 'cache', 'cmp_to_key', 'lru_cache', 'reduce',
           'partial']


# -- making a wrapper look like what it wraps -----------------------------------

WRAPPER_ASSIGNMENTS = ('__module__', '__name__', '__qualname__', '__doc__',
                       '__annotations__')
WRAPPER_UPDATES = ('__dict__',)


_ABSENT = object()


def _copy_attribute(wrapper, wrapped, attr):
    value = getattr(wrapped, attr, _ABSENT)
    if value is _ABSENT:
        return
    try:
        setattr(wrapper, attr, value)
    except AttributeError:
        # some callables refuse new annotations; nothing else may fail
        if attr != '__annotations__':
            raise


def update_wrapper(wrapper, wrapped, assigned=WRAPPER_ASSIGNMENTS,
                   updated=WRAPPER_UPDATES):
    """Give `wrapper` the look of `wrapped`: copy over the attributes named in
    `assigned`, merge those named in `updated` into wrapper's own, and point
    wrapper.__wrapped__ at wrapped.  Returns wrapper."""
    for attr in assigned:
        _copy_attribute(wrapper, wrapped, attr)
    for attr in updated:
        getattr(wrapper, attr).update(getattr(wrapped, attr, {}))
    # Done last: a __wrapped__ that came along in wrapped.__dict__ must not
    # survive.
    wrapper.__wrapped__ = wrapped
    return wrapper


def wraps(wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    """A decorator that calls update_wrapper(decorated, wrapped, assigned,
    updated)."""
    def apply(wrapper):
        return update_wrapper(wrapper, wrapped, assigned, updated)
    return apply


# -- total_ordering --------------------------------------------------------------
#
# From one comparison the class defines (the "root"), each missing one is r,
# its negation, or either of those tightened with != or loosened with ==,
# where r is the root's answer.  A NotImplemented answer passes through.

def _opposite(r, a, b):
    return not r


def _opposite_strict(r, a, b):
    return not r and a != b


def _opposite_loose(r, a, b):
    return not r or a == b


def _same_strict(r, a, b):
    return r and a != b


def _same_loose(r, a, b):
    return r or a == b


_SYMBOLS = {'__lt__': '<', '__le__': '<=', '__gt__': '>', '__ge__': '>='}

# root -> the (missing operation, rule) pairs it provides, in the order
# CPython installs them
_DERIVATIONS = {
    '__lt__': (('__gt__', _opposite_strict), ('__le__', _same_loose),
               ('__ge__', _opposite)),
    '__le__': (('__ge__', _opposite_loose), ('__lt__', _same_strict),
               ('__gt__', _opposite)),
    '__gt__': (('__lt__', _opposite_strict), ('__ge__', _same_loose),
               ('__le__', _opposite)),
    '__ge__': (('__le__', _opposite_loose), ('__gt__', _same_strict),
               ('__lt__', _opposite)),
}


def _derived_comparison(root, target, rule):
    def compare(self, other):
        r = getattr(type(self), root)(self, other)
        if r is NotImplemented:
            return r
        return rule(r, self, other)

    compare.__name__ = target
    compare.__qualname__ = '_%s_from_%s' % (target.strip('_'),
                                            root.strip('_'))
    compare.__doc__ = ('a %s b, worked out by @total_ordering from a %s b.'
                       % (_SYMBOLS[target], _SYMBOLS[root]))
    return compare


# Built once: every class ordered from the same root shares these functions.
_DERIVED = {}
for _root, _pairs in _DERIVATIONS.items():
    _DERIVED[_root] = [(_target, _derived_comparison(_root, _target, _rule))
                       for _target, _rule in _pairs]
del _root, _pairs


def _defines_op(cls, op):
    """Whether cls gets `op` from somewhere other than object."""
    for klass in cls.__mro__:
        if op in klass.__dict__:
            return klass is not object
    return False


def total_ordering(cls):
    """Class decorator: from one of __lt__, __le__, __gt__ or __ge__ (and
    __eq__), supply whichever of the other three the class lacks."""
    present = [op for op in ('__lt__', '__le__', '__gt__', '__ge__')
               if _defines_op(cls, op)]
    if not present:
        raise ValueError('must define at least one ordering operation: '
                         '< > <= >=')
    # CPython's choice of root: the greatest name, so __lt__ first, then
    # __le__, __gt__, __ge__
    root = max(present)
    for target, method in _DERIVED[root]:
        if target not in present:
            setattr(cls, target, method)
    return cls


# -- cmp_to_key ------------------------------------------------------------------

def cmp_to_key(mycmp):
    """Adapt an old-style comparison function (negative, zero or positive
    for less, equal, greater) into a key= function."""
    def order(a, b):
        return mycmp(a.obj, b.obj)

    class KeyWrapper(object):
        __slots__ = ('obj',)
        __hash__ = None

        def __init__(self, obj):
            self.obj = obj

        def __lt__(self, other):
            return order(self, other) < 0

        def __le__(self, other):
            return order(self, other) <= 0

        def __eq__(self, other):
            return order(self, other) == 0

        def __ge__(self, other):
            return order(self, other) >= 0

        def __gt__(self, other):
            return order(self, other) > 0

    return KeyWrapper


# -- reduce ------------------------------------------------------------------------

_initial_missing = object()


def reduce(function, sequence, initial=_initial_missing):
    """reduce(function, iterable[, initial]) -> value

    Fold the items of the iterable from the left with a two-argument
    function: function(function(initial, x0), x1) and so on.  Without an
    initial value the first item starts the fold."""
    try:
        items = iter(sequence)
    except TypeError:
        raise TypeError('reduce() arg 2 must support iteration') from None
    if initial is not _initial_missing:
        acc = initial
    else:
        try:
            acc = next(items)
        except StopIteration:
            raise TypeError('reduce() of empty iterable with no initial '
                            'value') from None
    for item in items:
        acc = function(acc, item)
    return acc


# -- partial -----------------------------------------------------------------------

class partial:
    """partial(func, *args, **keywords): a callable that calls func with
    args followed by its own positional arguments, and keywords updated by
    its own keyword arguments."""

    def __init__(self, func, /, *args, **keywords):
        if not callable(func):
            raise TypeError('the first argument must be callable')
        # A plain partial of a plain partial is flattened into one.
        flatten = (isinstance(func, partial) and
                   type(func).__call__ is partial.__call__ and
                   len(func.__dict__) == 3)
        if flatten:
            inner = func
            func = inner.func
            args = inner.args + args
            keywords = dict(inner.keywords, **keywords)
        self.func, self.args, self.keywords = func, args, keywords

    def __call__(self, /, *args, **keywords):
        if keywords:
            keywords = dict(self.keywords, **keywords)
        else:
            keywords = self.keywords
        return self.func(*self.args, *args, **keywords)

    def __repr__(self):
        shown = [repr(self.func)] + [repr(a) for a in self.args]
        shown.extend(['%s=%r' % pair for pair in self.keywords.items()])
        kind = type(self)
        prefix = 'functools.partial' if kind is partial else kind.__qualname__
        return '%s(%s)' % (prefix, ', '.join(shown))

    def __reduce__(self):
        state = (self.func, self.args, self.keywords or None, None)
        return (type(self), (self.func,), state)


# -- lru_cache and cache -----------------------------------------------------------

_CacheInfo = namedtuple('CacheInfo', ['hits', 'misses', 'maxsize', 'currsize'],
                        module='functools')

_KWD_MARK = (object(),)
_FAST_TYPES = (int, str)


def _make_key(args, kwds, typed):
    """The cache key of one call: the positional arguments, then a marker and
    the keyword items in call order (and the argument types if typed)."""
    key = args
    if kwds:
        flat = list(args)
        flat.append(_KWD_MARK)
        for item in kwds.items():
            flat.extend(item)
        key = tuple(flat)
    if typed:
        key += tuple([type(v) for v in args])
        if kwds:
            key += tuple([type(v) for v in kwds.values()])
    elif len(key) == 1 and type(key[0]) in _FAST_TYPES:
        return key[0]
    return key


def lru_cache(maxsize=128, typed=False):
    """Decorator that remembers the results of up to `maxsize` recent calls,
    forgetting the least recently used first (maxsize None: no limit;
    0: remember nothing).  With typed true, arguments of different types
    (1 and 1.0) are cached apart.

    The decorated function gains cache_info(), cache_clear() and
    cache_parameters(), and __wrapped__."""
    if isinstance(maxsize, int):
        maxsize = max(maxsize, 0)
    elif callable(maxsize) and isinstance(typed, bool):
        # used bare, as @lru_cache
        return update_wrapper(_lru_cache_wrapper(maxsize, 128, typed),
                              maxsize)
    elif maxsize is not None:
        raise TypeError('Expected first argument to be an integer, a '
                        'callable, or None')

    def decorate(user_function):
        return update_wrapper(_lru_cache_wrapper(user_function, maxsize,
                                                 typed), user_function)

    return decorate


class _LruState:
    # A decorated function's table and counters.  `results` maps keys to
    # results in recency order (a hit moves its key to the end), so the
    # first key is the one to evict.  Everything is read and changed with
    # `lock` held; the user function runs outside it.
    __slots__ = ('lock', 'results', 'hits', 'misses')

    def __init__(self):
        self.lock = _thread.allocate_lock()
        self.results = {}
        self.hits = 0
        self.misses = 0


def _lru_cache_wrapper(user_function, maxsize, typed):
    state = _LruState()
    lock = state.lock
    bounded = maxsize is not None

    if maxsize == 0:
        def wrapper(*args, **kwds):
            with lock:
                state.misses += 1
            return user_function(*args, **kwds)

    else:
        def wrapper(*args, **kwds):
            key = _make_key(args, kwds, typed)
            table = state.results
            with lock:
                found = table.get(key, _ABSENT)
                if found is not _ABSENT:
                    if bounded:
                        # move the key to the most recent end
                        del table[key]
                        table[key] = found
                    state.hits += 1
                    return found
                state.misses += 1
            result = user_function(*args, **kwds)
            with lock:
                # another thread may have stored this key meanwhile; its
                # result stays
                if key not in table:
                    if bounded and len(table) >= maxsize:
                        del table[next(iter(table))]
                    table[key] = result
            return result

    def cache_info():
        """The cache's hits, misses, maxsize and current size."""
        with lock:
            return _CacheInfo(state.hits, state.misses, maxsize,
                              len(state.results))

    def cache_clear():
        """Forget every stored result and zero the counters."""
        with lock:
            state.results.clear()
            state.hits = state.misses = 0

    def cache_parameters():
        return {'maxsize': maxsize, 'typed': typed}

    wrapper.cache_info = cache_info
    wrapper.cache_clear = cache_clear
    wrapper.cache_parameters = cache_parameters
    return wrapper


def cache(user_function, /):
    'lru_cache(maxsize=None): remember the result of every distinct call.'
    return lru_cache(maxsize=None)(user_function)
