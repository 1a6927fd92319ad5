"""Execute computations asynchronously using threads (Weft's implementation
of `concurrent.futures`: Future, ThreadPoolExecutor, wait, as_completed)."""

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

FIRST_COMPLETED = 'FIRST_COMPLETED'
FIRST_EXCEPTION = 'FIRST_EXCEPTION'
ALL_COMPLETED = 'ALL_COMPLETED'
_AS_COMPLETED = '_AS_COMPLETED'

# Possible future states (for internal use by the futures package).
PENDING = 'PENDING'
RUNNING = 'RUNNING'
CANCELLED = 'CANCELLED'
CANCELLED_AND_NOTIFIED = 'CANCELLED_AND_NOTIFIED'
FINISHED = 'FINISHED'

_FUTURE_STATES = [PENDING, RUNNING, CANCELLED, CANCELLED_AND_NOTIFIED,
                  FINISHED]

_STATE_TO_DESCRIPTION_MAP = {
    PENDING: 'pending',
    RUNNING: 'running',
    CANCELLED: 'cancelled',
    CANCELLED_AND_NOTIFIED: 'cancelled',
    FINISHED: 'finished',
}

_DONE_STATES = (CANCELLED_AND_NOTIFIED, FINISHED)
_CANCELLED_STATES = (CANCELLED, CANCELLED_AND_NOTIFIED)


class Error(Exception):
    """Base class for all future-related exceptions."""
    pass


class CancelledError(Error):
    """The Future was cancelled."""
    pass


if hasattr(_builtins, 'TimeoutError'):
    TimeoutError = _builtins.TimeoutError
else:
    class TimeoutError(Error):
        """The operation exceeded the given deadline."""
        pass


class InvalidStateError(Error):
    """The operation is not allowed in this state."""
    pass


class BrokenExecutor(RuntimeError):
    """Raised when a executor has become non-functional after a severe
    failure."""


def _report_callback_error(future, exc):
    stderr = threading._stderr_for(None)
    if stderr is not None:
        threading._write_flush(stderr, 'exception calling callback for %r\n'
                               % (future,) + threading._exception_text(exc))


################################################################################
# waiters (used by wait() and as_completed())
################################################################################

class _Waiter:
    """Provides the event that wait() and as_completed() block on."""

    def __init__(self):
        self.event = threading.Event()
        self.finished_futures = []

    def add_result(self, future):
        self.finished_futures.append(future)

    def add_exception(self, future):
        self.finished_futures.append(future)

    def add_cancelled(self, future):
        self.finished_futures.append(future)


class _AsCompletedWaiter(_Waiter):
    """Used by as_completed()."""

    def __init__(self):
        _Waiter.__init__(self)
        self.lock = threading.Lock()

    def add_result(self, future):
        with self.lock:
            _Waiter.add_result(self, future)
            self.event.set()

    def add_exception(self, future):
        with self.lock:
            _Waiter.add_exception(self, future)
            self.event.set()

    def add_cancelled(self, future):
        with self.lock:
            _Waiter.add_cancelled(self, future)
            self.event.set()


class _FirstCompletedWaiter(_Waiter):
    """Used by wait(return_when=FIRST_COMPLETED)."""

    def add_result(self, future):
        _Waiter.add_result(self, future)
        self.event.set()

    def add_exception(self, future):
        _Waiter.add_exception(self, future)
        self.event.set()

    def add_cancelled(self, future):
        _Waiter.add_cancelled(self, future)
        self.event.set()


class _AllCompletedWaiter(_Waiter):
    """Used by wait(return_when=FIRST_EXCEPTION and ALL_COMPLETED)."""

    def __init__(self, num_pending_calls, stop_on_exception):
        self.num_pending_calls = num_pending_calls
        self.stop_on_exception = stop_on_exception
        self.lock = threading.Lock()
        _Waiter.__init__(self)

    def _decrement_pending_calls(self):
        with self.lock:
            self.num_pending_calls -= 1
            if not self.num_pending_calls:
                self.event.set()

    def add_result(self, future):
        _Waiter.add_result(self, future)
        self._decrement_pending_calls()

    def add_exception(self, future):
        _Waiter.add_exception(self, future)
        if self.stop_on_exception:
            self.event.set()
        else:
            self._decrement_pending_calls()

    def add_cancelled(self, future):
        _Waiter.add_cancelled(self, future)
        self._decrement_pending_calls()


class _AcquireFutures:
    """A context manager that does an ordered acquire of Future conditions."""

    def __init__(self, futures):
        self.futures = sorted(futures, key=id)

    def __enter__(self):
        for future in self.futures:
            future._condition.acquire()

    def __exit__(self, *args):
        for future in self.futures:
            future._condition.release()


def _create_and_install_waiters(fs, return_when):
    if return_when == _AS_COMPLETED:
        waiter = _AsCompletedWaiter()
    elif return_when == FIRST_COMPLETED:
        waiter = _FirstCompletedWaiter()
    else:
        pending_count = 0
        for f in fs:
            if f._state not in _DONE_STATES:
                pending_count += 1
        if return_when == FIRST_EXCEPTION:
            waiter = _AllCompletedWaiter(pending_count, stop_on_exception=True)
        elif return_when == ALL_COMPLETED:
            waiter = _AllCompletedWaiter(pending_count,
                                         stop_on_exception=False)
        else:
            raise ValueError('Invalid return condition: %r' % return_when)
    for f in fs:
        f._waiters.append(waiter)
    return waiter


def _yield_finished_futures(fs, waiter, ref_collect):
    """Iterate on the list fs, yielding finished futures one by one in
    reverse order, removing them from the sets in ref_collect and
    uninstalling the waiter."""
    while fs:
        f = fs[-1]
        for futures_set in ref_collect:
            futures_set.remove(f)
        with f._condition:
            f._waiters.remove(waiter)
        del f
        yield fs.pop()


def as_completed(fs, timeout=None):
    """An iterator over the given futures that yields each as it completes.

    Raises TimeoutError if __next__() is called and the result isn't
    available after timeout seconds from the original call."""
    if timeout is not None:
        end_time = timeout + _time()
    fs = set(fs)
    total_futures = len(fs)
    with _AcquireFutures(fs):
        finished = set([f for f in fs if f._state in _DONE_STATES])
        pending = fs - finished
        waiter = _create_and_install_waiters(fs, _AS_COMPLETED)
    finished = list(finished)
    try:
        yield from _yield_finished_futures(finished, waiter,
                                           ref_collect=(fs,))
        while pending:
            if timeout is None:
                wait_timeout = None
            else:
                wait_timeout = end_time - _time()
                if wait_timeout < 0:
                    raise TimeoutError('%d (of %d) futures unfinished'
                                       % (len(pending), total_futures))
            waiter.event.wait(wait_timeout)
            with waiter.lock:
                finished = waiter.finished_futures
                waiter.finished_futures = []
                waiter.event.clear()
            # reverse to keep finishing order
            finished.reverse()
            yield from _yield_finished_futures(finished, waiter,
                                               ref_collect=(fs, pending))
    finally:
        # remove the waiter from unfinished futures
        for f in fs:
            with f._condition:
                f._waiters.remove(waiter)


DoneAndNotDoneFutures = namedtuple('DoneAndNotDoneFutures', 'done not_done',
                                   module='concurrent.futures')


def wait(fs, timeout=None, return_when=ALL_COMPLETED):
    """Wait for the futures in the given sequence to complete.

    Returns a named 2-tuple of sets (done, not_done)."""
    fs = set(fs)
    with _AcquireFutures(fs):
        done = set([f for f in fs if f._state in _DONE_STATES])
        not_done = fs - done
        if return_when == FIRST_COMPLETED and done:
            return DoneAndNotDoneFutures(done, not_done)
        elif return_when == FIRST_EXCEPTION and done:
            for f in done:
                if not f.cancelled() and f.exception() is not None:
                    return DoneAndNotDoneFutures(done, not_done)
        if len(done) == len(fs):
            return DoneAndNotDoneFutures(done, not_done)
        waiter = _create_and_install_waiters(fs, return_when)
    waiter.event.wait(timeout)
    for f in fs:
        with f._condition:
            f._waiters.remove(waiter)
    done.update(waiter.finished_futures)
    return DoneAndNotDoneFutures(done, fs - done)


def _result_or_cancel(fut, timeout=None):
    try:
        return fut.result(timeout)
    finally:
        fut.cancel()


################################################################################
# Future
################################################################################

class Future:
    """Represents the result of an asynchronous computation."""

    def __init__(self):
        """Initializes the future. Should not be called by clients."""
        self._condition = threading.Condition()
        self._state = PENDING
        self._result = None
        self._exception = None
        self._waiters = []
        self._done_callbacks = []

    def _invoke_callbacks(self):
        for callback in self._done_callbacks:
            try:
                callback(self)
            except Exception as exc:
                _report_callback_error(self, exc)

    def __repr__(self):
        with self._condition:
            if self._state == FINISHED:
                if self._exception:
                    return '<%s at %#x state=%s raised %s>' % (
                        self.__class__.__name__, id(self),
                        _STATE_TO_DESCRIPTION_MAP[self._state],
                        self._exception.__class__.__name__)
                return '<%s at %#x state=%s returned %s>' % (
                    self.__class__.__name__, id(self),
                    _STATE_TO_DESCRIPTION_MAP[self._state],
                    self._result.__class__.__name__)
            return '<%s at %#x state=%s>' % (
                self.__class__.__name__, id(self),
                _STATE_TO_DESCRIPTION_MAP[self._state])

    def cancel(self):
        """Cancel the future if possible.

        Returns True if the future was cancelled, False otherwise."""
        with self._condition:
            if self._state == RUNNING or self._state == FINISHED:
                return False
            if self._state in _CANCELLED_STATES:
                return True
            self._state = CANCELLED
            self._condition.notify_all()
        self._invoke_callbacks()
        return True

    def cancelled(self):
        """Return True if the future was cancelled."""
        with self._condition:
            return self._state in _CANCELLED_STATES

    def running(self):
        """Return True if the future is currently executing."""
        with self._condition:
            return self._state == RUNNING

    def done(self):
        """Return True if the future was cancelled or finished executing."""
        with self._condition:
            return self._state in (CANCELLED, CANCELLED_AND_NOTIFIED,
                                   FINISHED)

    def _get_result(self):
        if self._exception:
            raise self._exception
        return self._result

    def add_done_callback(self, fn):
        """Attaches a callable that will be called when the future finishes
        (immediately if it already has)."""
        with self._condition:
            if self._state not in (CANCELLED, CANCELLED_AND_NOTIFIED,
                                   FINISHED):
                self._done_callbacks.append(fn)
                return
        try:
            fn(self)
        except Exception as exc:
            _report_callback_error(self, exc)

    def result(self, timeout=None):
        """Return the result of the call that the future represents,
        waiting at most timeout seconds.

        Raises CancelledError, TimeoutError, or the call's exception."""
        with self._condition:
            if self._state in _CANCELLED_STATES:
                raise CancelledError()
            elif self._state == FINISHED:
                return self._get_result()
            self._condition.wait(timeout)
            if self._state in _CANCELLED_STATES:
                raise CancelledError()
            elif self._state == FINISHED:
                return self._get_result()
            else:
                raise TimeoutError()

    def exception(self, timeout=None):
        """Return the exception raised by the call that the future
        represents (None if it completed normally)."""
        with self._condition:
            if self._state in _CANCELLED_STATES:
                raise CancelledError()
            elif self._state == FINISHED:
                return self._exception
            self._condition.wait(timeout)
            if self._state in _CANCELLED_STATES:
                raise CancelledError()
            elif self._state == FINISHED:
                return self._exception
            else:
                raise TimeoutError()

    # The following methods should only be used by Executors and in tests.

    def set_running_or_notify_cancel(self):
        """Mark the future as running or process any cancel notifications.

        Returns False if the Future was cancelled, True otherwise."""
        with self._condition:
            if self._state == CANCELLED:
                self._state = CANCELLED_AND_NOTIFIED
                for waiter in self._waiters:
                    waiter.add_cancelled(self)
                # self._condition.notify_all() is not necessary because
                # self.cancel() triggers a notification.
                return False
            elif self._state == PENDING:
                self._state = RUNNING
                return True
            else:
                raise RuntimeError('Future in unexpected state')

    def set_result(self, result):
        """Sets the return value of work associated with the future."""
        with self._condition:
            if self._state in (CANCELLED, CANCELLED_AND_NOTIFIED, FINISHED):
                raise InvalidStateError('%s: %r' % (self._state, self))
            self._result = result
            self._state = FINISHED
            for waiter in self._waiters:
                waiter.add_result(self)
            self._condition.notify_all()
        self._invoke_callbacks()

    def set_exception(self, exception):
        """Sets the result of the future as being the given exception."""
        with self._condition:
            if self._state in (CANCELLED, CANCELLED_AND_NOTIFIED, FINISHED):
                raise InvalidStateError('%s: %r' % (self._state, self))
            self._exception = exception
            self._state = FINISHED
            for waiter in self._waiters:
                waiter.add_exception(self)
            self._condition.notify_all()
        self._invoke_callbacks()


################################################################################
# Executor
################################################################################

class Executor:
    """This is an abstract base class for concrete asynchronous executors."""

    def submit(self, fn, /, *args, **kwargs):
        """Submits a callable to be executed with the given arguments;
        returns a Future."""
        raise NotImplementedError()

    def map(self, fn, *iterables, timeout=None, chunksize=1):
        """Returns an iterator equivalent to map(fn, iter), running the calls
        concurrently; results come in order.  All calls are submitted
        immediately."""
        if timeout is not None:
            end_time = timeout + _time()
        else:
            end_time = None
        fs = [self.submit(fn, *args) for args in zip(*iterables)]
        return _map_results(fs, timeout, end_time)

    def shutdown(self, wait=True, *, cancel_futures=False):
        """Clean-up the resources associated with the Executor."""
        pass

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        self.shutdown(wait=True)
        return False


def _map_results(fs, timeout, end_time):
    # Yield must be hidden in a generator so that the submissions happen
    # when map() is called, not on the first next().
    try:
        fs.reverse()
        while fs:
            if timeout is None:
                yield _result_or_cancel(fs.pop())
            else:
                yield _result_or_cancel(fs.pop(), end_time - _time())
    finally:
        for future in fs:
            future.cancel()


################################################################################
# ThreadPoolExecutor
################################################################################

_threads_queues = {}            # worker Thread -> its work queue
_shutdown = False
_global_shutdown_lock = threading.Lock()


def _python_exit():
    global _shutdown
    with _global_shutdown_lock:
        _shutdown = True
    items = list(_threads_queues.items())
    for t, q in items:
        q.put(None)
    for t, q in items:
        t.join()


threading._register_atexit(_python_exit)


def _cpu_count():
    fn = getattr(_thread, '_cpu_count', None)
    if fn is not None:
        try:
            n = fn()
        except Exception:
            n = None
        if n:
            return n
    return 1


class _WorkItem:

    def __init__(self, future, fn, args, kwargs):
        self.future = future
        self.fn = fn
        self.args = args
        self.kwargs = kwargs

    def run(self):
        if not self.future.set_running_or_notify_cancel():
            return
        try:
            result = self.fn(*self.args, **self.kwargs)
        except BaseException as exc:
            self.future.set_exception(exc)
        else:
            self.future.set_result(result)


def _worker(executor, work_queue, initializer, initargs):
    if initializer is not None:
        try:
            initializer(*initargs)
        except BaseException as exc:
            stderr = threading._stderr_for(None)
            if stderr is not None:
                threading._write_flush(stderr, 'Exception in initializer:\n'
                                       + threading._exception_text(exc))
            executor._initializer_failed()
            return
    try:
        while True:
            work_item = work_queue.get(block=True)
            if work_item is not None:
                work_item.run()
                del work_item
                # the worker is idle again
                executor._idle_semaphore.release()
                continue
            # None: wake-up to check for shutdown
            if _shutdown or executor._shutdown:
                executor._shutdown = True
                # notify the other workers
                work_queue.put(None)
                return
    except BaseException as exc:
        stderr = threading._stderr_for(None)
        if stderr is not None:
            threading._write_flush(stderr, 'Exception in worker\n'
                                   + threading._exception_text(exc))


class BrokenThreadPool(BrokenExecutor):
    """Raised when a worker thread in a ThreadPoolExecutor failed
    initializing."""


_executor_counter_lock = threading.Lock()
_executor_counter = [0]


def _next_executor_number():
    with _executor_counter_lock:
        n = _executor_counter[0]
        _executor_counter[0] = n + 1
    return n


class ThreadPoolExecutor(Executor):
    """An Executor running calls in a pool of at most max_workers threads,
    started lazily as work arrives."""

    def __init__(self, max_workers=None, thread_name_prefix='',
                 initializer=None, initargs=()):
        if max_workers is None:
            max_workers = min(32, _cpu_count() + 4)
        if max_workers <= 0:
            raise ValueError('max_workers must be greater than 0')
        if initializer is not None and not callable(initializer):
            raise TypeError('initializer must be a callable')
        self._max_workers = max_workers
        self._work_queue = _SimpleQueue()
        self._idle_semaphore = threading.Semaphore(0)
        self._threads = set()
        self._broken = False
        self._shutdown = False
        self._shutdown_lock = threading.Lock()
        self._thread_name_prefix = (thread_name_prefix or
                                    ('ThreadPoolExecutor-%d'
                                     % _next_executor_number()))
        self._initializer = initializer
        self._initargs = initargs

    def submit(self, fn, /, *args, **kwargs):
        """Submits a callable to be executed with the given arguments;
        returns a Future."""
        with self._shutdown_lock, _global_shutdown_lock:
            if self._broken:
                raise BrokenThreadPool(self._broken)
            if self._shutdown:
                raise RuntimeError('cannot schedule new futures after shutdown')
            if _shutdown:
                raise RuntimeError('cannot schedule new futures after '
                                   'interpreter shutdown')
            f = Future()
            w = _WorkItem(f, fn, args, kwargs)
            self._work_queue.put(w)
            self._adjust_thread_count()
            return f

    def _adjust_thread_count(self):
        # if idle threads are available, don't spin new threads
        if self._idle_semaphore.acquire(timeout=0):
            return
        num_threads = len(self._threads)
        if num_threads < self._max_workers:
            thread_name = '%s_%d' % (self._thread_name_prefix or self,
                                     num_threads)
            t = threading.Thread(name=thread_name, target=_worker,
                                 args=(self, self._work_queue,
                                       self._initializer, self._initargs))
            t.start()
            self._threads.add(t)
            _threads_queues[t] = self._work_queue

    def _initializer_failed(self):
        with self._shutdown_lock:
            self._broken = ('A thread initializer failed, the thread pool '
                            'is not usable anymore')
            # drain work queue and mark pending futures failed
            while True:
                try:
                    work_item = self._work_queue.get_nowait()
                except _Empty:
                    break
                if work_item is not None:
                    work_item.future.set_exception(
                        BrokenThreadPool(self._broken))

    def shutdown(self, wait=True, *, cancel_futures=False):
        """Clean-up the resources associated with the Executor: no new
        submissions; if wait, join the worker threads."""
        with self._shutdown_lock:
            self._shutdown = True
            if cancel_futures:
                # drain all work items from the queue, and then cancel their
                # associated futures
                while True:
                    try:
                        work_item = self._work_queue.get_nowait()
                    except _Empty:
                        break
                    if work_item is not None:
                        work_item.future.cancel()
            # send a wake-up to prevent threads calling
            # _work_queue.get(block=True) from permanently blocking
            self._work_queue.put(None)
        if wait:
            for t in list(self._threads):
                t.join()
            for t in list(self._threads):
                _threads_queues.pop(t, None)
