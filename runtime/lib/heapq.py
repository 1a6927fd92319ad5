"""Binary min-heap operations on plain lists (weft's own implementation).

The heap invariant: for every index i, a[i] <= a[2*i+1] and a[i] <= a[2*i+2].
"""

__all__ = ['heappush', 'heappop', 'heapify', 'heapreplace', 'merge',
           'nlargest', 'nsmallest', 'heappushpop']


def _sift_up(a, start, pos):
    # Move a[pos] towards the root (not above `start`) until its parent is
    # not larger.
    item = a[pos]
    while pos > start:
        parent = (pos - 1) >> 1
        above = a[parent]
        if item < above:
            a[pos] = above
            pos = parent
        else:
            break
    a[pos] = item


def _sift_down(a, pos):
    # Sink the hole at `pos` to a leaf along the smaller children, then let
    # the displaced item rise again (fewer comparisons on average).
    end = len(a)
    start = pos
    item = a[pos]
    child = 2 * pos + 1
    while child < end:
        right = child + 1
        if right < end and not a[child] < a[right]:
            child = right
        a[pos] = a[child]
        pos = child
        child = 2 * pos + 1
    a[pos] = item
    _sift_up(a, start, pos)


def _sift_up_max(a, start, pos):
    item = a[pos]
    while pos > start:
        parent = (pos - 1) >> 1
        above = a[parent]
        if above < item:
            a[pos] = above
            pos = parent
        else:
            break
    a[pos] = item


def _sift_down_max(a, pos):
    end = len(a)
    start = pos
    item = a[pos]
    child = 2 * pos + 1
    while child < end:
        right = child + 1
        if right < end and not a[right] < a[child]:
            child = right
        a[pos] = a[child]
        pos = child
        child = 2 * pos + 1
    a[pos] = item
    _sift_up_max(a, start, pos)


def heappush(heap, item):
    """Add item to the heap, keeping the invariant."""
    heap.append(item)
    _sift_up(heap, 0, len(heap) - 1)


def heappop(heap):
    """Remove and return the smallest item."""
    if not heap:
        raise IndexError('index out of range')
    last = heap.pop()
    if not heap:
        return last
    smallest = heap[0]
    heap[0] = last
    _sift_down(heap, 0)
    return smallest


def heapreplace(heap, item):
    """Pop the smallest item, then push `item` (heap must be non-empty)."""
    if not heap:
        raise IndexError('index out of range')
    smallest = heap[0]
    heap[0] = item
    _sift_down(heap, 0)
    return smallest


def heappushpop(heap, item):
    """Push `item` then pop the smallest, done in one step."""
    if heap and heap[0] < item:
        item, heap[0] = heap[0], item
        _sift_down(heap, 0)
    return item


def heapify(x):
    """Rearrange list x into a heap in place, in linear time."""
    for i in range(len(x) // 2 - 1, -1, -1):
        _sift_down(x, i)


def _heapify_max(x):
    for i in range(len(x) // 2 - 1, -1, -1):
        _sift_down_max(x, i)


def _heappop_max(heap):
    last = heap.pop()
    if not heap:
        return last
    top = heap[0]
    heap[0] = last
    _sift_down_max(heap, 0)
    return top


def _heapreplace_max(heap, item):
    top = heap[0]
    heap[0] = item
    _sift_down_max(heap, 0)
    return top


def merge(*iterables, key=None, reverse=False):
    """Lazily merge sorted inputs into one sorted stream.

    Ties are resolved in favour of the earlier iterable (a stable merge).
    """
    # Entries are [sort_value, order, item, next_function]; `order` breaks
    # ties so items themselves are never compared with each other directly.
    if reverse:
        # order must decrease so that earlier inputs win in a max-heap
        sign = -1
        push_down = _sift_down_max
        make_heap = _heapify_max
    else:
        sign = 1
        push_down = _sift_down
        make_heap = heapify
    entries = []
    for idx, it in enumerate(iterables):
        nxt = iter(it).__next__
        try:
            value = nxt()
        except StopIteration:
            continue
        sk = value if key is None else key(value)
        entries.append([sk, sign * idx, value, nxt])
    make_heap(entries)
    while len(entries) > 1:
        top = entries[0]
        while True:
            yield top[2]
            try:
                value = top[3]()
            except StopIteration:
                break
            top[0] = value if key is None else key(value)
            top[2] = value
            push_down(entries, 0)
            top = entries[0]
        # the exhausted input is at the top: drop it
        if reverse:
            _heappop_max(entries)
        else:
            heappop(entries)
    if entries:
        top = entries[0]
        yield top[2]
        nxt = top[3]
        while True:
            try:
                value = nxt()
            except StopIteration:
                return
            yield value


def nsmallest(n, iterable, key=None):
    """The n smallest items, as a sorted list (same as sorted(...)[:n])."""
    if n == 1:
        marker = object()
        if key is None:
            best = min(iterable, default=marker)
        else:
            best = min(iterable, default=marker, key=key)
        return [] if best is marker else [best]
    try:
        total = len(iterable)
    except (TypeError, AttributeError):
        pass
    else:
        if n >= total:
            return sorted(iterable, key=key)[:n]
    if n <= 0:
        return []
    # Keep a max-heap of the n best candidates seen so far.  Entries are
    # [sort_value, index, item]; the index keeps the result stable.
    it = iter(iterable)
    pool = []
    for i in range(n):
        try:
            item = next(it)
        except StopIteration:
            break
        pool.append([item if key is None else key(item), i, item])
    if not pool:
        return []
    _heapify_max(pool)
    worst = pool[0][0]
    i = n
    for item in it:
        sk = item if key is None else key(item)
        if sk < worst:
            _heapreplace_max(pool, [sk, i, item])
            worst = pool[0][0]
        i += 1
    pool.sort()
    return [e[2] for e in pool]


def nlargest(n, iterable, key=None):
    """The n largest items, as a list sorted from largest down
    (same as sorted(..., reverse=True)[:n])."""
    if n == 1:
        marker = object()
        if key is None:
            best = max(iterable, default=marker)
        else:
            best = max(iterable, default=marker, key=key)
        return [] if best is marker else [best]
    try:
        total = len(iterable)
    except (TypeError, AttributeError):
        pass
    else:
        if n >= total:
            return sorted(iterable, key=key, reverse=True)[:n]
    if n <= 0:
        return []
    # Min-heap of the n largest so far; a decreasing index makes earlier
    # items win ties once the pool is sorted in reverse.
    it = iter(iterable)
    pool = []
    for i in range(n):
        try:
            item = next(it)
        except StopIteration:
            break
        pool.append([item if key is None else key(item), -i, item])
    if not pool:
        return []
    heapify(pool)
    worst = pool[0][0]
    i = n
    for item in it:
        sk = item if key is None else key(item)
        if worst < sk:
            heapreplace(pool, [sk, -i, item])
            worst = pool[0][0]
        i += 1
    pool.sort(reverse=True)
    return [e[2] for e in pool]
