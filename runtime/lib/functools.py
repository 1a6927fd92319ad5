"""Higher-order functions and operations on callables (Weft's implementation
of `functools`): reduce, partial, lru_cache, cache, wraps, update_wrapper,
total_ordering, cmp_to_key."""

import _thread
from collections import namedtuple

__all__ = ['update_wrapper', 'wraps', 'WRAPPER_ASSIGNMENTS', 'WRAPPER_UPDATES',
           'total_ordering', 'cache', 'cmp_to_key', 'lru_cache', 'reduce',
           'partial']


################################################################################
# update_wrapper() and wraps()
################################################################################

WRAPPER_ASSIGNMENTS = ('__module__', '__name__', '__qualname__', '__doc__',
                       '__annotations__')
WRAPPER_UPDATES = ('__dict__',)


def update_wrapper(wrapper, wrapped, assigned=WRAPPER_ASSIGNMENTS,
                   updated=WRAPPER_UPDATES):
    """Update a wrapper function to look like the wrapped function: copy the
    `assigned` attributes, merge the `updated` ones and set __wrapped__."""
    for attr in assigned:
        try:
            value = getattr(wrapped, attr)
        except AttributeError:
            continue
        try:
            setattr(wrapper, attr, value)
        except AttributeError:
            if attr != '__annotations__':
                raise
    for attr in updated:
        getattr(wrapper, attr).update(getattr(wrapped, attr, {}))
    # set last, so that a __wrapped__ copied from wrapped.__dict__ is replaced
    wrapper.__wrapped__ = wrapped
    return wrapper


def wraps(wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    """Decorator factory applying update_wrapper() to a wrapper function."""
    def decorator(wrapper):
        return update_wrapper(wrapper, wrapped, assigned, updated)
    return decorator


################################################################################
# total_ordering
################################################################################

def _gt_from_lt(self, other):
    'Return a > b.  Computed by @total_ordering from (not a < b) and (a != b).'
    op_result = type(self).__lt__(self, other)
    if op_result is NotImplemented:
        return op_result
    return not op_result and self != other


def _le_from_lt(self, other):
    'Return a <= b.  Computed by @total_ordering from (a < b) or (a == b).'
    op_result = type(self).__lt__(self, other)
    if op_result is NotImplemented:
        return op_result
    return op_result or self == other


def _ge_from_lt(self, other):
    'Return a >= b.  Computed by @total_ordering from (not a < b).'
    op_result = type(self).__lt__(self, other)
    if op_result is NotImplemented:
        return op_result
    return not op_result


def _ge_from_le(self, other):
    'Return a >= b.  Computed by @total_ordering from (not a <= b) or (a == b).'
    op_result = type(self).__le__(self, other)
    if op_result is NotImplemented:
        return op_result
    return not op_result or self == other


def _lt_from_le(self, other):
    'Return a < b.  Computed by @total_ordering from (a <= b) and (a != b).'
    op_result = type(self).__le__(self, other)
    if op_result is NotImplemented:
        return op_result
    return op_result and self != other


def _gt_from_le(self, other):
    'Return a > b.  Computed by @total_ordering from (not a <= b).'
    op_result = type(self).__le__(self, other)
    if op_result is NotImplemented:
        return op_result
    return not op_result


def _lt_from_gt(self, other):
    'Return a < b.  Computed by @total_ordering from (not a > b) and (a != b).'
    op_result = type(self).__gt__(self, other)
    if op_result is NotImplemented:
        return op_result
    return not op_result and self != other


def _ge_from_gt(self, other):
    'Return a >= b.  Computed by @total_ordering from (a > b) or (a == b).'
    op_result = type(self).__gt__(self, other)
    if op_result is NotImplemented:
        return op_result
    return op_result or self == other


def _le_from_gt(self, other):
    'Return a <= b.  Computed by @total_ordering from (not a > b).'
    op_result = type(self).__gt__(self, other)
    if op_result is NotImplemented:
        return op_result
    return not op_result


def _le_from_ge(self, other):
    'Return a <= b.  Computed by @total_ordering from (not a >= b) or (a == b).'
    op_result = type(self).__ge__(self, other)
    if op_result is NotImplemented:
        return op_result
    return not op_result or self == other


def _gt_from_ge(self, other):
    'Return a > b.  Computed by @total_ordering from (a >= b) and (a != b).'
    op_result = type(self).__ge__(self, other)
    if op_result is NotImplemented:
        return op_result
    return op_result and self != other


def _lt_from_ge(self, other):
    'Return a < b.  Computed by @total_ordering from (not a >= b).'
    op_result = type(self).__ge__(self, other)
    if op_result is NotImplemented:
        return op_result
    return not op_result


_CONVERT = {
    '__lt__': [('__gt__', _gt_from_lt), ('__le__', _le_from_lt),
               ('__ge__', _ge_from_lt)],
    '__le__': [('__ge__', _ge_from_le), ('__lt__', _lt_from_le),
               ('__gt__', _gt_from_le)],
    '__gt__': [('__lt__', _lt_from_gt), ('__ge__', _ge_from_gt),
               ('__le__', _le_from_gt)],
    '__ge__': [('__le__', _le_from_ge), ('__gt__', _gt_from_ge),
               ('__lt__', _lt_from_ge)],
}

_ORDER_OPS = ('__lt__', '__le__', '__gt__', '__ge__')


def _defines_op(cls, op):
    """True if op comes from a class other than object along cls's MRO."""
    for klass in cls.__mro__:
        if op in klass.__dict__:
            return klass is not object
    return False


def total_ordering(cls):
    """Class decorator that fills in missing ordering methods"""
    roots = [op for op in _ORDER_OPS if _defines_op(cls, op)]
    if not roots:
        raise ValueError('must define at least one ordering operation: '
                         '< > <= >=')
    root = max(roots)       # prefer __lt__ to __le__ to __gt__ to __ge__
    for opname, opfunc in _CONVERT[root]:
        if opname not in roots:
            opfunc.__name__ = opname
            setattr(cls, opname, opfunc)
    return cls


################################################################################
# cmp_to_key
################################################################################

def cmp_to_key(mycmp):
    """Convert a cmp= function into a key= function"""
    class KeyWrapper(object):
        __slots__ = ['obj']

        def __init__(self, obj):
            self.obj = obj

        def __lt__(self, other):
            return mycmp(self.obj, other.obj) < 0

        def __gt__(self, other):
            return mycmp(self.obj, other.obj) > 0

        def __eq__(self, other):
            return mycmp(self.obj, other.obj) == 0

        def __le__(self, other):
            return mycmp(self.obj, other.obj) <= 0

        def __ge__(self, other):
            return mycmp(self.obj, other.obj) >= 0

        __hash__ = None

    return KeyWrapper


################################################################################
# reduce
################################################################################

_initial_missing = object()


def reduce(function, sequence, initial=_initial_missing):
    """reduce(function, iterable[, initial]) -> value

    Apply a function of two arguments cumulatively to the items of a
    sequence or iterable, from left to right, so as to reduce the iterable
    to a single value."""
    try:
        it = iter(sequence)
    except TypeError:
        raise TypeError('reduce() arg 2 must support iteration') from None
    if initial is _initial_missing:
        for value in it:
            break
        else:
            raise TypeError('reduce() of empty iterable with no initial value')
    else:
        value = initial
    for element in it:
        value = function(value, element)
    return value


################################################################################
# partial
################################################################################

class partial:
    """New function with partial application of the given arguments and
    keywords."""

    def __init__(self, func, /, *args, **keywords):
        if not callable(func):
            raise TypeError('the first argument must be callable')
        if (isinstance(func, partial) and type(func).__call__ is partial.__call__
                and len(func.__dict__) == 3):
            args = func.args + args
            merged = dict(func.keywords)
            merged.update(keywords)
            keywords = merged
            func = func.func
        self.func = func
        self.args = args
        self.keywords = keywords

    def __call__(self, /, *args, **keywords):
        if keywords:
            merged = dict(self.keywords)
            merged.update(keywords)
            return self.func(*self.args, *args, **merged)
        return self.func(*self.args, *args, **self.keywords)

    def __repr__(self):
        parts = [repr(self.func)]
        for a in self.args:
            parts.append(repr(a))
        for k, v in self.keywords.items():
            parts.append('%s=%r' % (k, v))
        cls = type(self)
        if cls is partial:
            name = 'functools.partial'
        else:
            name = cls.__qualname__
        return '%s(%s)' % (name, ', '.join(parts))

    def __reduce__(self):
        return (type(self), (self.func,), (self.func, self.args,
                                           self.keywords or None, None))


################################################################################
# lru_cache
################################################################################

_CacheInfo = namedtuple('CacheInfo', ['hits', 'misses', 'maxsize', 'currsize'],
                        module='functools')

_KWD_MARK = (object(),)
_FAST_TYPES = (int, str)
_SENTINEL = object()


def _make_key(args, kwds, typed):
    """Cache key for a call: the positional args, then a marker and the
    keyword items in call order (and the argument types if typed)."""
    key = args
    if kwds:
        flat = list(args)
        flat.append(_KWD_MARK)
        for item in kwds.items():
            flat.append(item[0])
            flat.append(item[1])
        key = tuple(flat)
    if typed:
        key = key + tuple([type(v) for v in args])
        if kwds:
            key = key + tuple([type(v) for v in kwds.values()])
    elif len(key) == 1 and type(key[0]) in _FAST_TYPES:
        return key[0]
    return key


def lru_cache(maxsize=128, typed=False):
    """Least-recently-used cache decorator.

    If maxsize is None, the cache can grow without bound; maxsize 0 disables
    caching.  If typed is true, arguments of different types are cached
    separately.  The wrapper has cache_info(), cache_clear(),
    cache_parameters() and __wrapped__."""
    if isinstance(maxsize, int):
        if maxsize < 0:
            maxsize = 0
    elif callable(maxsize) and isinstance(typed, bool):
        user_function = maxsize
        maxsize = 128
        wrapper = _lru_cache_wrapper(user_function, maxsize, typed)
        return update_wrapper(wrapper, user_function)
    elif maxsize is not None:
        raise TypeError('Expected first argument to be an integer, a '
                        'callable, or None')

    def decorating_function(user_function):
        wrapper = _lru_cache_wrapper(user_function, maxsize, typed)
        return update_wrapper(wrapper, user_function)

    return decorating_function


def _lru_cache_wrapper(user_function, maxsize, typed):
    make_key = _make_key
    sentinel = _SENTINEL
    lock = _thread.allocate_lock()
    stats = [0, 0]          # hits, misses
    cache = {}              # key -> result (unbounded) or key -> link
    # bounded: circular doubly linked list of links [prev, next, key, result]
    # in recency order; root.next is the least recently used entry
    root = []
    root[:] = [root, root, None, None]

    if maxsize == 0:
        def wrapper(*args, **kwds):
            with lock:
                stats[1] += 1
            return user_function(*args, **kwds)

    elif maxsize is None:
        def wrapper(*args, **kwds):
            key = make_key(args, kwds, typed)
            result = cache.get(key, sentinel)
            if result is not sentinel:
                with lock:
                    stats[0] += 1
                return result
            with lock:
                stats[1] += 1
            result = user_function(*args, **kwds)
            cache[key] = result
            return result

    else:
        def wrapper(*args, **kwds):
            key = make_key(args, kwds, typed)
            with lock:
                link = cache.get(key)
                if link is not None:
                    # move the link to the most recently used end
                    prev = link[0]
                    nxt = link[1]
                    prev[1] = nxt
                    nxt[0] = prev
                    last = root[0]
                    last[1] = link
                    root[0] = link
                    link[0] = last
                    link[1] = root
                    stats[0] += 1
                    return link[3]
                stats[1] += 1
            result = user_function(*args, **kwds)
            with lock:
                if key in cache:
                    # the same key was added while user_function ran
                    pass
                else:
                    if len(cache) >= maxsize:
                        # evict the least recently used entry
                        oldest = root[1]
                        root[1] = oldest[1]
                        oldest[1][0] = root
                        del cache[oldest[2]]
                    last = root[0]
                    link = [last, root, key, result]
                    last[1] = link
                    root[0] = link
                    cache[key] = link
            return result

    def cache_info():
        """Report cache statistics"""
        with lock:
            return _CacheInfo(stats[0], stats[1], maxsize, len(cache))

    def cache_clear():
        """Clear the cache and cache statistics"""
        with lock:
            cache.clear()
            root[:] = [root, root, None, None]
            stats[0] = 0
            stats[1] = 0

    def cache_parameters():
        return {'maxsize': maxsize, 'typed': typed}

    wrapper.cache_info = cache_info
    wrapper.cache_clear = cache_clear
    wrapper.cache_parameters = cache_parameters
    return wrapper


def cache(user_function, /):
    'Simple lightweight unbounded cache.  Sometimes called "memoize".'
    return lru_cache(maxsize=None)(user_function)
