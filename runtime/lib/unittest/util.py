"""Helpers shared by the unittest modules: abbreviated reprs, class
naming and the element-count comparisons behind assertCountEqual."""

__unittest = True

# How long a repr may get in a failure message, and how the shortened form
# is laid out: keep some leading characters of the shared prefix, replace
# the rest by "[N chars]", keep the tail of the differing part.
_MAX_LENGTH, _PLACEHOLDER_LEN = 80, 12
_MIN_BEGIN_LEN = _MIN_END_LEN = _MIN_COMMON_LEN = 5
_MIN_DIFF_LEN = _MAX_LENGTH - (_MIN_BEGIN_LEN + _PLACEHOLDER_LEN
                               + _MIN_COMMON_LEN + _MIN_END_LEN)


def _shorten(text, keep_front, keep_back):
    hidden = len(text) - keep_front - keep_back
    if hidden <= _PLACEHOLDER_LEN:
        return text
    return '%s[%d chars]%s' % (text[:keep_front], hidden,
                               text[len(text) - keep_back:])


def _shared_prefix(texts):
    lo, hi = min(texts), max(texts)
    n = 0
    for a, b in zip(lo, hi):
        if a != b:
            break
        n += 1
    return lo[:n]


def _common_shorten_repr(*args):
    reprs = tuple(safe_repr(a) for a in args)
    longest = max(len(r) for r in reprs)
    if longest <= _MAX_LENGTH:
        return reprs
    prefix = _shared_prefix(reprs)
    cut = len(prefix)
    room = _MAX_LENGTH - (longest - cut + _MIN_BEGIN_LEN + _PLACEHOLDER_LEN)
    if room > _MIN_COMMON_LEN:
        head = _shorten(prefix, _MIN_BEGIN_LEN, room)
        return tuple(head + r[cut:] for r in reprs)
    head = _shorten(prefix, _MIN_BEGIN_LEN, _MIN_COMMON_LEN)
    return tuple(head + _shorten(r[cut:], _MIN_DIFF_LEN, _MIN_END_LEN)
                 for r in reprs)


def safe_repr(obj, short=False):
    try:
        text = repr(obj)
    except Exception:
        text = object.__repr__(obj)
    if short and len(text) >= _MAX_LENGTH:
        text = text[:_MAX_LENGTH] + ' [truncated]...'
    return text


def strclass(cls):
    return "%s.%s" % (cls.__module__, cls.__qualname__)


def _skip_run(seq, pos):
    # index just past the run of items equal to seq[pos]
    first = seq[pos]
    pos += 1
    while pos < len(seq) and seq[pos] == first:
        pos += 1
    return pos


def sorted_list_difference(expected, actual):
    """Two sorted lists in, (items only in expected, items only in actual)
    out, repeats collapsed."""
    only_expected, only_actual = [], []
    i = j = 0
    while i < len(expected) and j < len(actual):
        left, right = expected[i], actual[j]
        if left < right:
            only_expected.append(left)
            i = _skip_run(expected, i)
        elif right < left:
            only_actual.append(right)
            j = _skip_run(actual, j)
        else:
            i = _skip_run(expected, i)
            j = _skip_run(actual, j)
    return only_expected + expected[i:], only_actual + actual[j:]


def unorderable_list_difference(expected, actual):
    """Like sorted_list_difference for items without an ordering.  Both
    lists are emptied."""
    only_expected = []
    while expected:
        item = expected.pop()
        if item in actual:
            actual.remove(item)
        else:
            only_expected.append(item)
    leftover = actual[:]
    del actual[:]
    return only_expected, leftover


def three_way_cmp(x, y):
    return (x > y) - (x < y)


def _take_all(items, used, start, elem):
    # count the unused items equal to elem from index start on, marking them
    n = 0
    for k in range(start, len(items)):
        if not used[k] and items[k] == elem:
            used[k] = True
            n += 1
    return n


def _count_diff_all_purpose(actual, expected):
    """(count in actual, count in expected, element) for every element
    whose multiplicity differs; works for unhashable elements."""
    left, right = list(actual), list(expected)
    used_l, used_r = [False] * len(left), [False] * len(right)
    report = []
    for i, elem in enumerate(left):
        if used_l[i]:
            continue
        n_left = _take_all(left, used_l, i, elem)
        n_right = _take_all(right, used_r, 0, elem)
        if n_left != n_right:
            report.append((n_left, n_right, elem))
    for i, elem in enumerate(right):
        if not used_r[i]:
            report.append((0, _take_all(right, used_r, i, elem), elem))
    return report


def _ordered_count(iterable):
    tally = {}
    for elem in iterable:
        tally[elem] = tally.get(elem, 0) + 1
    return tally


def _count_diff_hashable(actual, expected):
    """The same report as _count_diff_all_purpose, for hashable elements."""
    left, right = _ordered_count(actual), _ordered_count(expected)
    report = [(n, right.get(elem, 0), elem) for elem, n in left.items()
              if n != right.get(elem, 0)]
    report.extend((0, n, elem) for elem, n in right.items() if elem not in left)
    return report
