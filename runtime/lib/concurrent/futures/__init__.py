"""Weft's `concurrent.futures`: Future, ThreadPoolExecutor, wait() and
as_completed().

A Future's state, result and waiter list change only under the Future's own
condition lock; the pool's bookkeeping only under the pool's locks."""

import builtins as _builtins
import threading
import _thread
from time import monotonic as _time
from collections import namedtuple
from queue import SimpleQueue as _SimpleQueue, Empty as _Empty

__all__ = ['FIRST_COMPLETED', 'FIRST_EXCEPTION', 'ALL_COMPLETED',
           'CancelledError', 'TimeoutError', 'InvalidStateError',
           'BrokenExecutor', 'Future', 'Executor', 'wait', 'as_completed',
           'ThreadPoolExecutor']

# wait()'s return_when choices (their values are their names, as CPython's)
FIRST_COMPLETED, FIRST_EXCEPTION, ALL_COMPLETED = (
    'FIRST_COMPLETED', 'FIRST_EXCEPTION', 'ALL_COMPLETED')
_AS_COMPLETED = '_AS_COMPLETED'

# A Future's life: PENDING -> RUNNING -> FINISHED, or PENDING -> CANCELLED
# -> CANCELLED_AND_NOTIFIED (once the executor has seen the cancellation).
PENDING, RUNNING, FINISHED = 'PENDING', 'RUNNING', 'FINISHED'
CANCELLED, CANCELLED_AND_NOTIFIED = 'CANCELLED', 'CANCELLED_AND_NOTIFIED'

_DONE_STATES = (CANCELLED, CANCELLED_AND_NOTIFIED, FINISHED)
_CANCELLED_STATES = (CANCELLED, CANCELLED_AND_NOTIFIED)


def _describe(state):
    # the word a Future's repr uses for its state
    return 'cancelled' if state in _CANCELLED_STATES else state.lower()


class Error(Exception):
    """Root of the exceptions defined here."""


class CancelledError(Error):
    """Raised when asking a cancelled Future for its outcome."""


if hasattr(_builtins, 'TimeoutError'):
    TimeoutError = _builtins.TimeoutError
else:
    class TimeoutError(Error):
        """A wait ran past its timeout."""


class InvalidStateError(Error):
    """Raised when a Future is asked to change in a way its state forbids."""


class BrokenExecutor(RuntimeError):
    """Raised by an executor that can no longer run work."""


def _report(headline, exc):
    stderr = threading._stderr_for(None)
    if stderr is not None:
        threading._write_flush(stderr, headline + threading._exception_text(exc))


def _report_callback_error(future, exc):
    _report('exception calling callback for %r\n' % (future,), exc)


# ==============================================================================
# Waiters: how wait() and as_completed() hear about futures finishing
# ==============================================================================

class _Waiter:
    # Installed in each watched Future's _waiters list; the Future calls
    # record() (with its own lock held) when it finishes.  `event` is set once
    # the watcher should look; `finished` collects the futures that finished,
    # in order.  Several futures may finish at once on different threads, so
    # everything here changes under `lock`.

    def __init__(self, mode, pending):
        self.mode = mode
        self.pending = pending      # futures still to finish (wait modes)
        self.lock = threading.Lock()
        self.event = threading.Event()
        self.finished = []

    def record(self, future, raised):
        with self.lock:
            self.finished.append(future)
            if self.mode == _AS_COMPLETED or self.mode == FIRST_COMPLETED:
                wake = True
            elif raised and self.mode == FIRST_EXCEPTION:
                wake = True
            else:
                self.pending -= 1
                wake = self.pending == 0
            if wake:
                self.event.set()

    def take_finished(self):
        # as_completed(): hand over what finished so far and re-arm
        with self.lock:
            batch = self.finished
            self.finished = []
            self.event.clear()
        return batch


class _HoldingAll:
    # Holds the condition locks of many futures at once, taken in one global
    # order (by id) so that two holders can never deadlock.

    def __init__(self, futures):
        self._ordered = sorted(futures, key=id)

    def __enter__(self):
        for future in self._ordered:
            future._condition.acquire()

    def __exit__(self, *exc_info):
        for future in reversed(self._ordered):
            future._condition.release()


def _uninstall(futures, waiter):
    for future in futures:
        with future._condition:
            if waiter in future._waiters:
                future._waiters.remove(waiter)


def as_completed(fs, timeout=None):
    """Yield the given futures (duplicates once) as they finish, those
    already finished first.  If timeout seconds after the first next() some
    are still unfinished, raise TimeoutError."""
    deadline = None if timeout is None else timeout + _time()
    watched = set(fs)
    total = len(watched)
    with _HoldingAll(watched):
        ready = [f for f in watched if f._state in _DONE_STATES]
        pending = watched.difference(ready)
        waiter = _Waiter(_AS_COMPLETED, len(pending))
        for future in watched:
            future._waiters.append(waiter)
    try:
        while ready:
            yield ready.pop()
        while pending:
            budget = None
            if deadline is not None:
                budget = deadline - _time()
                if budget < 0:
                    raise TimeoutError('%d (of %d) futures unfinished'
                                       % (len(pending), total))
            waiter.event.wait(budget)
            for future in waiter.take_finished():
                pending.discard(future)
                yield future
    finally:
        _uninstall(watched, waiter)


DoneAndNotDoneFutures = namedtuple('DoneAndNotDoneFutures', 'done not_done',
                                   module='concurrent.futures')


def _failed(future):
    return not future.cancelled() and future.exception() is not None


def wait(fs, timeout=None, return_when=ALL_COMPLETED):
    """Wait (at most timeout seconds) until the futures satisfy return_when:
    FIRST_COMPLETED, FIRST_EXCEPTION or ALL_COMPLETED.  Returns the named
    pair of sets (done, not_done)."""
    watched = set(fs)
    with _HoldingAll(watched):
        done = set([f for f in watched if f._state in _DONE_STATES])
        settled = len(done) == len(watched)
        if done and return_when == FIRST_COMPLETED:
            settled = True
        elif done and return_when == FIRST_EXCEPTION:
            settled = settled or any([_failed(f) for f in done])
        if settled:
            return DoneAndNotDoneFutures(done, watched - done)
        if return_when not in (FIRST_COMPLETED, FIRST_EXCEPTION,
                               ALL_COMPLETED):
            raise ValueError('Invalid return condition: %r' % return_when)
        waiter = _Waiter(return_when, len(watched) - len(done))
        for future in watched:
            future._waiters.append(waiter)
    waiter.event.wait(timeout)
    _uninstall(watched, waiter)
    # no future can reach the waiter any more
    done.update(waiter.finished)
    return DoneAndNotDoneFutures(done, watched - done)


# ==============================================================================
# Future
# ==============================================================================

class Future:
    """The outcome, now or later, of a call that an executor runs."""

    def __init__(self):
        """Made by executors; client code gets Futures from submit()."""
        self._state = PENDING
        self._result = self._exception = None
        self._condition = threading.Condition()
        self._waiters = []
        self._done_callbacks = []

    def _invoke_callbacks(self):
        # runs once the future is done, when no callback can be added any more
        for callback in self._done_callbacks:
            try:
                callback(self)
            except Exception as exc:
                _report_callback_error(self, exc)

    def __repr__(self):
        with self._condition:
            head = '<%s at %#x state=%s' % (type(self).__name__, id(self),
                                            _describe(self._state))
            if self._state != FINISHED:
                return head + '>'
            if self._exception:
                return '%s raised %s>' % (head,
                                          type(self._exception).__name__)
            return '%s returned %s>' % (head, type(self._result).__name__)

    def cancel(self):
        """Cancel the call unless it is running or done; True if the future
        is (now) cancelled."""
        with self._condition:
            if self._state == RUNNING or self._state == FINISHED:
                return False
            if self._state in _CANCELLED_STATES:
                return True
            # the threads blocked in result() look once we let go
            self._condition.notify_all()
            self._state = CANCELLED
        self._invoke_callbacks()
        return True

    def cancelled(self):
        """Whether the future was cancelled."""
        with self._condition:
            return self._state in _CANCELLED_STATES

    def running(self):
        """Whether the call is running now."""
        with self._condition:
            return self._state == RUNNING

    def done(self):
        """Whether the future is finished or cancelled."""
        with self._condition:
            return self._state in _DONE_STATES

    def add_done_callback(self, fn):
        """Have fn(future) called when the future is done (at once if it
        already is).  An exception from fn is reported, not raised."""
        with self._condition:
            if self._state not in _DONE_STATES:
                self._done_callbacks.append(fn)
                return
        try:
            fn(self)
        except Exception as exc:
            _report_callback_error(self, exc)

    def _settle(self, timeout):
        # With the lock held: wait (at most timeout seconds) until done;
        # CancelledError or TimeoutError when there is no outcome to give.
        if self._state not in _DONE_STATES:
            self._condition.wait(timeout)
        if self._state in _CANCELLED_STATES:
            raise CancelledError()
        if self._state != FINISHED:
            raise TimeoutError()

    def result(self, timeout=None):
        """The call's return value, waiting at most timeout seconds for it;
        re-raises the call's exception, or raises CancelledError or
        TimeoutError."""
        with self._condition:
            self._settle(timeout)
            if self._exception:
                raise self._exception
            return self._result

    def exception(self, timeout=None):
        """The exception the call raised (None if it returned), waiting at
        most timeout seconds; raises CancelledError or TimeoutError."""
        with self._condition:
            self._settle(timeout)
            return self._exception

    # -- for executors (and tests) --------------------------------------------

    def set_running_or_notify_cancel(self):
        """Called by an executor before running the call: False if the future
        was cancelled (the waiters are then told), True once it is marked
        running."""
        with self._condition:
            if self._state == PENDING:
                self._state = RUNNING
                return True
            if self._state != CANCELLED:
                raise RuntimeError('Future in unexpected state')
            self._state = CANCELLED_AND_NOTIFIED
            for waiter in self._waiters:
                waiter.record(self, False)
            # cancel() already woke the threads blocked in result()
            return False

    def _finish(self, result, exception):
        with self._condition:
            if self._state in _DONE_STATES:
                raise InvalidStateError('%s: %r' % (self._state, self))
            self._result = result
            self._exception = exception
            self._state = FINISHED
            for waiter in self._waiters:
                waiter.record(self, exception is not None)
            self._condition.notify_all()
        self._invoke_callbacks()

    def set_result(self, result):
        """Finish the future with the call's return value."""
        self._finish(result, None)

    def set_exception(self, exception):
        """Finish the future with the exception the call raised."""
        self._finish(None, exception)


# ==============================================================================
# Executor
# ==============================================================================

def _result_or_cancel(future, timeout=None):
    try:
        return future.result(timeout)
    finally:
        future.cancel()


def _results_in_order(futures, deadline):
    # map()'s results.  Futures are dropped as they are consumed; if the
    # consumer stops early (or a call failed), the rest are cancelled.
    futures.reverse()
    try:
        while futures:
            budget = None if deadline is None else deadline - _time()
            yield _result_or_cancel(futures.pop(), budget)
    finally:
        for future in futures:
            future.cancel()


class Executor:
    """The interface of executors: submit(), map() and shutdown(); a with
    block shuts the executor down at its end."""

    def submit(self, fn, /, *args, **kwargs):
        """Arrange for fn(*args, **kwargs) to run; return its Future."""
        raise NotImplementedError()

    def map(self, fn, *iterables, timeout=None, chunksize=1):
        """Like map(fn, *iterables), with the calls running concurrently:
        all are submitted at once, results come back in order.  A result
        not ready timeout seconds after this call raises TimeoutError."""
        deadline = None if timeout is None else timeout + _time()
        futures = [self.submit(fn, *args) for args in zip(*iterables)]
        return _results_in_order(futures, deadline)

    def shutdown(self, wait=True, *, cancel_futures=False):
        """Accept no more work and release the executor's resources (after
        the pending work is done, when wait is true)."""
        pass

    def __exit__(self, exc_type, exc_val, exc_tb):
        self.shutdown(wait=True)
        return False

    def __enter__(self):
        return self


# ==============================================================================
# ThreadPoolExecutor
# ==============================================================================

# Every pool's worker threads and their queues, for the interpreter's exit;
# changed and read with _global_shutdown_lock held, as is _shutdown.
_threads_queues = {}
_shutdown = False
_global_shutdown_lock = threading.Lock()


def _python_exit():
    # Run by threading._shutdown() when the main program ends: wake every
    # worker so that it exits once the queue is empty, then wait for them.
    global _shutdown
    with _global_shutdown_lock:
        _shutdown = True
        workers = list(_threads_queues.items())
    for _, work_queue in workers:
        work_queue.put(None)
    for thread, _ in workers:
        thread.join()


threading._register_atexit(_python_exit)


def _cpu_count():
    native = getattr(_thread, '_cpu_count', None)
    try:
        count = native() if native is not None else None
    except Exception:
        count = None
    return count or 1


def _run_work(item):
    # item: (future, fn, args, kwargs)
    future, fn, args, kwargs = item
    if not future.set_running_or_notify_cancel():
        return
    try:
        outcome = fn(*args, **kwargs)
    except BaseException as exc:
        future.set_exception(exc)
    else:
        future.set_result(outcome)


def _worker(executor, work_queue, initializer, initargs):
    if initializer is not None:
        try:
            initializer(*initargs)
        except BaseException as exc:
            _report('Exception in initializer:\n', exc)
            executor._initializer_failed()
            return
    try:
        while True:
            item = work_queue.get(block=True)
            if item is None:
                # a wake-up: leave if the pool or the interpreter is shutting
                # down, passing the wake-up on to the next worker
                if _shutdown or executor._shutdown:
                    with executor._shutdown_lock:
                        executor._shutdown = True
                    work_queue.put(None)
                    return
                continue
            _run_work(item)
            del item
            executor._idle_semaphore.release()
    except BaseException as exc:
        _report('Exception in worker\n', exc)


class BrokenThreadPool(BrokenExecutor):
    """Raised by a ThreadPoolExecutor once a worker's initializer failed."""


_INITIALIZER_FAILED = ('A thread initializer failed, the thread pool is not '
                       'usable anymore')

_pool_serial_lock = threading.Lock()
_pool_serial = [0]


def _next_pool_number():
    with _pool_serial_lock:
        number = _pool_serial[0]
        _pool_serial[0] = number + 1
    return number


class ThreadPoolExecutor(Executor):
    """Runs submitted calls on up to max_workers threads (by default
    min(32, CPUs + 4)), started one by one as work arrives and no started
    thread is idle."""

    def __init__(self, max_workers=None, thread_name_prefix='',
                 initializer=None, initargs=()):
        if max_workers is None:
            max_workers = min(32, _cpu_count() + 4)
        if max_workers <= 0:
            raise ValueError('max_workers must be greater than 0')
        if initializer is not None and not callable(initializer):
            raise TypeError('initializer must be a callable')
        self._max_workers = max_workers
        self._initializer = initializer
        self._initargs = initargs
        self._thread_name_prefix = (thread_name_prefix or
                                    'ThreadPoolExecutor-%d'
                                    % _next_pool_number())
        self._work_queue = _SimpleQueue()
        # released by a worker each time it finishes an item and goes idle
        self._idle_semaphore = threading.Semaphore(0)
        self._threads = set()
        # _shutdown_lock guards _shutdown, _broken and _threads
        self._shutdown_lock = threading.Lock()
        self._shutdown = False
        self._broken = False

    def submit(self, fn, /, *args, **kwargs):
        """Queue fn(*args, **kwargs) to run on a worker; return its Future."""
        with self._shutdown_lock, _global_shutdown_lock:
            if self._broken:
                raise BrokenThreadPool(self._broken)
            if self._shutdown or _shutdown:
                raise RuntimeError('cannot schedule new futures after %s'
                                   % ('shutdown' if self._shutdown else
                                      'interpreter shutdown'))
            future = Future()
            self._work_queue.put((future, fn, args, kwargs))
            self._add_worker_if_needed()
            return future

    def _add_worker_if_needed(self):
        # Called with both locks held.  An idle worker takes the new item;
        # otherwise start one more, up to the limit.
        if self._idle_semaphore.acquire(timeout=0):
            return
        count = len(self._threads)
        if count >= self._max_workers:
            return
        worker = threading.Thread(
            name='%s_%d' % (self._thread_name_prefix or self, count),
            target=_worker,
            args=(self, self._work_queue, self._initializer, self._initargs))
        worker.start()
        self._threads.add(worker)
        _threads_queues[worker] = self._work_queue

    def _drain(self):
        # With _shutdown_lock held: take every queued item off the queue.
        items = []
        while True:
            try:
                item = self._work_queue.get_nowait()
            except _Empty:
                return items
            if item is not None:
                items.append(item)

    def _initializer_failed(self):
        with self._shutdown_lock:
            self._broken = _INITIALIZER_FAILED
            for item in self._drain():
                item[0].set_exception(BrokenThreadPool(self._broken))

    def shutdown(self, wait=True, *, cancel_futures=False):
        """Take no more work; with cancel_futures, cancel what has not
        started; with wait, return once the workers have finished."""
        with self._shutdown_lock:
            self._shutdown = True
            if cancel_futures:
                for item in self._drain():
                    item[0].cancel()
            # wake a worker blocked on the queue; it passes the wake-up on
            self._work_queue.put(None)
            workers = list(self._threads)
        if wait:
            for worker in workers:
                worker.join()
            with _global_shutdown_lock:
                for worker in workers:
                    _threads_queues.pop(worker, None)
