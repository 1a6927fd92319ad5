"""Binary search over sorted sequences, and sorted insertion.

The searches narrow a window [first, first + count) by halving `count`,
the lower_bound/upper_bound formulation.
"""

__all__ = ['bisect_left', 'bisect_right', 'bisect', 'insort_left',
           'insort_right', 'insort']


def bisect_left(a, x, lo=0, hi=None, *, key=None):
    """First index i in a[lo:hi] where x could go keeping order
    (all of a[lo:i] < x)."""
    if lo < 0:
        raise ValueError('lo must be non-negative')
    count = (len(a) if hi is None else hi) - lo
    first = lo
    while count > 0:
        half = count >> 1
        probe = first + half
        item = a[probe] if key is None else key(a[probe])
        if item < x:
            # everything up to probe is too small
            first = probe + 1
            count -= half + 1
        else:
            count = half
    return first


def bisect_right(a, x, lo=0, hi=None, *, key=None):
    """Last index i in a[lo:hi] where x could go keeping order
    (no element of a[lo:i] is greater than x)."""
    if lo < 0:
        raise ValueError('lo must be non-negative')
    count = (len(a) if hi is None else hi) - lo
    first = lo
    while count > 0:
        half = count >> 1
        probe = first + half
        item = a[probe] if key is None else key(a[probe])
        if x < item:
            count = half
        else:
            first = probe + 1
            count -= half + 1
    return first


def insort_left(a, x, lo=0, hi=None, *, key=None):
    """Insert x before any equal items, keeping a sorted."""
    where = bisect_left(a, x if key is None else key(x), lo, hi, key=key)
    a.insert(where, x)


def insort_right(a, x, lo=0, hi=None, *, key=None):
    """Insert x after any equal items, keeping a sorted."""
    where = bisect_right(a, x if key is None else key(x), lo, hi, key=key)
    a.insert(where, x)


bisect = bisect_right
insort = insort_right
