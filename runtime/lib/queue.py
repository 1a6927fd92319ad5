"""Weft's `queue` module: thread-safe FIFO, LIFO and priority queues.

Every queue keeps its items behind one mutex, so producers and consumers on
truly parallel threads see each put and get happen whole."""

import threading
from collections import deque
from time import monotonic as _now

__all__ = ['Empty', 'Full', 'Queue', 'PriorityQueue', 'LifoQueue',
           'SimpleQueue']

_NEGATIVE_TIMEOUT = "'timeout' must be a non-negative number"


class Empty(Exception):
    'Raised by get() when no item comes (non-blocking, or timed out).'
    __module__ = '_queue'   # CPython defines it in its C accelerator


class Full(Exception):
    'Raised by put() when no slot frees up (non-blocking, or timed out).'


def _wait_while(cond, blocked, block, timeout, failure):
    """With cond's lock held: return once blocked() is false, waiting on cond
    if block is true (up to timeout seconds when it is not None); raise
    failure when giving up."""
    if not block:
        if blocked():
            raise failure
        return
    if timeout is None:
        while blocked():
            cond.wait()
        return
    if timeout < 0:
        raise ValueError(_NEGATIVE_TIMEOUT)
    deadline = _now() + timeout
    while blocked():
        left = deadline - _now()
        if left <= 0.0:
            raise failure
        cond.wait(left)


class Queue:
    """A FIFO queue that many threads may share.

    maxsize bounds how many items it holds; zero or less means no bound."""

    def __init__(self, maxsize=0):
        self.maxsize = maxsize
        self._init(maxsize)
        # All state below is read and written with `mutex` held; the three
        # conditions are views of that same lock.
        self.mutex = threading.Lock()
        self.not_empty = threading.Condition(self.mutex)
        self.not_full = threading.Condition(self.mutex)
        self.all_tasks_done = threading.Condition(self.mutex)
        self.unfinished_tasks = 0

    # -- predicates used with the mutex held -----------------------------------

    def _is_empty_locked(self):
        return self._qsize() == 0

    def _is_full_locked(self):
        return 0 < self.maxsize <= self._qsize()

    # -- task accounting ---------------------------------------------------------

    def task_done(self):
        """Tell the queue that one item taken by get() has been handled; when
        every put item is handled, join() returns."""
        with self.all_tasks_done:
            if self.unfinished_tasks <= 0:
                raise ValueError('task_done() called too many times')
            self.unfinished_tasks -= 1
            if self.unfinished_tasks == 0:
                self.all_tasks_done.notify_all()

    def join(self):
        """Wait until task_done() has been called once for every item ever
        put."""
        with self.all_tasks_done:
            while self.unfinished_tasks:
                self.all_tasks_done.wait()

    # -- size queries (a snapshot: other threads may change it at once) ---------

    def qsize(self):
        """How many items the queue holds at this moment."""
        with self.mutex:
            return self._qsize()

    def empty(self):
        """Whether the queue holds no item at this moment."""
        with self.mutex:
            return self._is_empty_locked()

    def full(self):
        """Whether the queue is at its bound at this moment."""
        with self.mutex:
            return self._is_full_locked()

    # -- put and get ---------------------------------------------------------------

    def get(self, block=True, timeout=None):
        """Take the next item.  On an empty queue: wait for one when block is
        true (no longer than timeout seconds if given), else raise Empty."""
        with self.mutex:
            _wait_while(self.not_empty, self._is_empty_locked, block, timeout,
                        Empty)
            item = self._get()
            self.not_full.notify()
        return item

    def put(self, item, block=True, timeout=None):
        """Add item.  On a full bounded queue: wait for room when block is
        true (no longer than timeout seconds if given), else raise Full."""
        with self.mutex:
            if self.maxsize > 0:
                _wait_while(self.not_full, self._is_full_locked, block,
                            timeout, Full)
            self._put(item)
            self.unfinished_tasks += 1
            self.not_empty.notify()

    def put_nowait(self, item):
        """put(item) that never waits."""
        return self.put(item, False)

    def get_nowait(self):
        """get() that never waits."""
        return self.get(False)

    # -- storage: subclasses change the order by overriding these four; they
    #    always run with the mutex held ------------------------------------------

    def _qsize(self):
        return len(self.queue)

    def _init(self, maxsize):
        self.queue = deque()

    def _put(self, item):
        self.queue.append(item)

    def _get(self):
        return self.queue.popleft()


# -- a binary min-heap on a list.  It moves items exactly as heapq does, so
#    entries that compare equal leave a PriorityQueue in CPython's order. -----

def _heap_rise(heap, index, top=0):
    # Carry heap[index] towards `top` past every parent greater than it.
    moving = heap[index]
    while index > top:
        above = (index - 1) // 2
        if not moving < heap[above]:
            break
        heap[index] = heap[above]
        index = above
    heap[index] = moving


def _heap_refill(heap, index):
    # The slot at `index` was just overwritten: pull the lesser child up
    # level by level down to a leaf, drop the displaced value there, then let
    # it rise back to where it belongs.
    size = len(heap)
    moving = heap[index]
    hole = index
    below = 2 * hole + 1
    while below < size:
        if below + 1 < size and not heap[below] < heap[below + 1]:
            below += 1
        heap[hole] = heap[below]
        hole = below
        below = 2 * hole + 1
    heap[hole] = moving
    _heap_rise(heap, hole, index)


class PriorityQueue(Queue):
    """A Queue whose get() returns the least entry first; entries are often
    (priority, payload) tuples."""

    def _init(self, maxsize):
        self.queue = []

    def _put(self, item):
        heap = self.queue
        heap.append(item)
        _heap_rise(heap, len(heap) - 1)

    def _get(self):
        heap = self.queue
        tail = heap.pop()
        if not heap:
            return tail
        least = heap[0]
        heap[0] = tail
        _heap_refill(heap, 0)
        return least


class LifoQueue(Queue):
    """A Queue whose get() returns the newest entry first (a stack)."""

    def _init(self, maxsize):
        self.queue = []

    def _get(self):
        return self.queue.pop()

    def _put(self, item):
        self.queue.append(item)


class SimpleQueue:
    """An unbounded FIFO queue without task tracking; put() never waits."""

    def __init__(self):
        self._items = deque()
        self._lock = threading.Lock()
        self._ready = threading.Condition(self._lock)

    def _is_empty_locked(self):
        return not self._items

    def put(self, item, block=True, timeout=None):
        """Add item at once (block and timeout exist only to match Queue)."""
        with self._lock:
            self._items.append(item)
            self._ready.notify()

    def get(self, block=True, timeout=None):
        """Take the oldest item, waiting for one when block is true (no
        longer than timeout seconds if given); raise Empty otherwise."""
        with self._lock:
            _wait_while(self._ready, self._is_empty_locked, block, timeout,
                        Empty)
            return self._items.popleft()

    def put_nowait(self, item):
        """put(item) that never waits."""
        return self.put(item, False)

    def get_nowait(self):
        """get() that never waits."""
        return self.get(False)

    def empty(self):
        """Whether the queue holds no item at this moment."""
        with self._lock:
            return not self._items

    def qsize(self):
        """How many items the queue holds at this moment."""
        with self._lock:
            return len(self._items)
