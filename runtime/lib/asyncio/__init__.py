"""Weft's asyncio: one event loop per thread over plain generators.

The loop keeps a deque of ready callbacks and a binary heap of timers.
When nothing is ready it sleeps on a condition variable until the earliest
timer is due or another thread hands it a callback (call_soon_threadsafe),
so an idle loop blocks instead of spinning. Executor work runs on a real
concurrent.futures thread pool. TaskGroup and timeout() follow Python
3.11's structured-concurrency rules. Streams, subprocesses, sockets and
contextvars are not provided.
"""

import sys as _sys
import threading as _threading
import time as _time
from collections import deque as _deque
import concurrent.futures as _cf

__all__ = [
    'run', 'get_running_loop', 'get_event_loop', 'new_event_loop',
    'set_event_loop', 'create_task', 'ensure_future', 'Task', 'Future',
    'gather', 'sleep', 'wait_for', 'wait', 'as_completed', 'Queue',
    'LifoQueue', 'PriorityQueue', 'QueueEmpty', 'QueueFull', 'Lock',
    'Event', 'Semaphore', 'BoundedSemaphore', 'TimeoutError',
    'CancelledError', 'InvalidStateError', 'to_thread', 'current_task',
    'all_tasks', 'iscoroutine', 'isfuture', 'FIRST_COMPLETED',
    'FIRST_EXCEPTION', 'ALL_COMPLETED', 'AbstractEventLoop', 'TaskGroup',
    'Timeout', 'timeout', 'timeout_at', 'shield', 'Condition',
    'run_coroutine_threadsafe',
]

FIRST_COMPLETED = _cf.FIRST_COMPLETED
FIRST_EXCEPTION = _cf.FIRST_EXCEPTION
ALL_COMPLETED = _cf.ALL_COMPLETED

TimeoutError = TimeoutError


class CancelledError(BaseException):
    """The awaited Task or Future was cancelled."""


class InvalidStateError(Exception):
    """The Future is not in a state that allows the operation."""


class QueueEmpty(Exception):
    """get_nowait() on an empty Queue."""


class QueueFull(Exception):
    """put_nowait() on a full Queue."""


async def _probe():
    pass


_p = _probe()
_coroutine_type = type(_p)
_p.close()
del _p


def iscoroutine(obj):
    return type(obj) is _coroutine_type


def isfuture(obj):
    return getattr(type(obj), '_asyncio_future_blocking', None) is not None \
        and getattr(obj, '_asyncio_future_blocking', None) is not None


# ---------------------------------------------------------------------------
# Per-thread loop bookkeeping

class _ThreadState(_threading.local):
    running = None
    current = None
    task = None


_state = _ThreadState()


def _get_running_loop():
    return _state.running


def get_running_loop():
    loop = _state.running
    if loop is None:
        raise RuntimeError('no running event loop')
    return loop


def get_event_loop():
    loop = _state.running
    if loop is not None:
        return loop
    if _state.current is None:
        _state.current = new_event_loop()
    return _state.current


def set_event_loop(loop):
    _state.current = loop


def new_event_loop():
    return _EventLoop()


def current_task(loop=None):
    if loop is None:
        loop = get_running_loop()
    return loop._current_task


def all_tasks(loop=None):
    if loop is None:
        loop = get_running_loop()
    return {t for t in list(loop._tasks) if not t.done()}


# ---------------------------------------------------------------------------
# Callbacks and timers

def _describe_callback(fn):
    return getattr(fn, '__qualname__', None) or repr(fn)


class Handle:
    def __init__(self, callback, args, loop):
        self._callback = callback
        self._args = args
        self._loop = loop
        self._cancelled = False

    def cancelled(self):
        return self._cancelled

    def cancel(self):
        self._cancelled = True
        self._callback = self._args = None

    def get_loop(self):
        return self._loop

    def _run(self):
        try:
            self._callback(*self._args)
        except (SystemExit, KeyboardInterrupt):
            raise
        except BaseException as exc:
            self._loop.call_exception_handler({
                'message': 'Exception in callback ' + _describe_callback(self._callback),
                'exception': exc,
                'handle': self,
            })

    def __repr__(self):
        state = ' cancelled' if self._cancelled else ''
        return '<%s%s %s>' % (type(self).__name__, state, _describe_callback(self._callback))


class TimerHandle(Handle):
    def __init__(self, when, seq, callback, args, loop):
        Handle.__init__(self, callback, args, loop)
        self._when = when
        self._seq = seq

    def when(self):
        return self._when

    def _key(self):
        return (self._when, self._seq)

    def __lt__(self, other):
        return self._key() < other._key()


def _heap_push(heap, item):
    heap.append(item)
    i = len(heap) - 1
    while i > 0:
        parent = (i - 1) // 2
        if heap[i] < heap[parent]:
            heap[i], heap[parent] = heap[parent], heap[i]
            i = parent
        else:
            break


def _heap_pop(heap):
    last = heap.pop()
    if not heap:
        return last
    top = heap[0]
    heap[0] = last
    i = 0
    n = len(heap)
    while True:
        small = i
        for child in (2 * i + 1, 2 * i + 2):
            if child < n and heap[child] < heap[small]:
                small = child
        if small == i:
            return top
        heap[i], heap[small] = heap[small], heap[i]
        i = small


# ---------------------------------------------------------------------------
# The event loop

class AbstractEventLoop:
    pass


class _EventLoop(AbstractEventLoop):
    def __init__(self):
        self._ready = _deque()
        self._timers = []
        self._timer_seq = 0
        self._wakeup = _threading.Condition(_threading.Lock())
        self._from_threads = []
        self._stopping = False
        self._closed = False
        self._thread_id = None
        self._executor = None
        self._tasks = set()
        self._current_task = None
        self._exception_handler = None
        self._debug = False
        self._asyncgens = set()
        self._asyncgens_prune_at = 64

    def __repr__(self):
        return '<_EventLoop running=%s closed=%s debug=%s>' % (
            self.is_running(), self._closed, self._debug)

    # -- state
    def time(self):
        return _time.monotonic()

    def is_running(self):
        return self._thread_id is not None

    def is_closed(self):
        return self._closed

    def get_debug(self):
        return self._debug

    def set_debug(self, enabled):
        self._debug = bool(enabled)

    def _check_open(self):
        if self._closed:
            raise RuntimeError('Event loop is closed')

    # -- scheduling
    def call_soon(self, callback, *args, context=None):
        self._check_open()
        handle = Handle(callback, args, self)
        self._ready.append(handle)
        return handle

    def call_later(self, delay, callback, *args, context=None):
        if delay is None:
            raise TypeError('delay must not be None')
        return self.call_at(self.time() + delay, callback, *args)

    def call_at(self, when, callback, *args, context=None):
        if when is None:
            raise TypeError('when cannot be None')
        self._check_open()
        self._timer_seq += 1
        timer = TimerHandle(when, self._timer_seq, callback, args, self)
        _heap_push(self._timers, timer)
        return timer

    def call_soon_threadsafe(self, callback, *args, context=None):
        self._check_open()
        handle = Handle(callback, args, self)
        with self._wakeup:
            self._from_threads.append(handle)
            self._wakeup.notify()
        return handle

    def stop(self):
        self._stopping = True

    # -- futures and tasks
    def create_future(self):
        return Future(loop=self)

    def create_task(self, coro, *, name=None, context=None):
        self._check_open()
        return Task(coro, loop=self, name=name)

    # -- running
    def _step(self):
        timers = self._timers
        while timers and timers[0]._cancelled:
            _heap_pop(timers)
        with self._wakeup:
            if not self._ready and not self._from_threads and not self._stopping:
                if timers:
                    delay = timers[0]._when - self.time()
                    if delay > 0:
                        self._wakeup.wait(delay)
                else:
                    self._wakeup.wait()
            arrived = self._from_threads
            self._from_threads = []
        self._ready.extend(arrived)
        deadline = self.time() + 1e-9
        while timers and timers[0]._when < deadline:
            timer = _heap_pop(timers)
            if not timer._cancelled:
                self._ready.append(timer)
        for _ in range(len(self._ready)):
            handle = self._ready.popleft()
            if not handle._cancelled:
                handle._run()

    def run_forever(self):
        self._check_open()
        if self.is_running():
            raise RuntimeError('This event loop is already running')
        if _state.running is not None:
            raise RuntimeError('Cannot run the event loop while another loop is running')
        self._thread_id = _threading.get_ident()
        _state.running = self
        saved_hooks = _sys.get_asyncgen_hooks()
        _sys.set_asyncgen_hooks(firstiter=self._track_asyncgen, finalizer=None)
        try:
            while True:
                self._step()
                if self._stopping:
                    break
        finally:
            _sys.set_asyncgen_hooks(*saved_hooks)
            self._stopping = False
            self._thread_id = None
            _state.running = None

    # -- async generators: remembered at their first iteration, so that
    # shutdown_asyncgens() can close the ones a program left suspended.
    def _track_asyncgen(self, agen):
        gens = self._asyncgens
        gens.add(agen)
        if len(gens) >= self._asyncgens_prune_at:
            for done in [g for g in gens if g.ag_frame is None]:
                gens.discard(done)
            self._asyncgens_prune_at = max(64, 2 * len(gens))

    def run_until_complete(self, future):
        self._check_open()
        fresh = not isfuture(future)
        future = ensure_future(future, loop=self)

        def _stop_when_done(fut):
            fut.get_loop().stop()

        future.add_done_callback(_stop_when_done)
        try:
            self.run_forever()
        except BaseException:
            if fresh and future.done() and not future.cancelled():
                future.exception()
            raise
        finally:
            future.remove_done_callback(_stop_when_done)
        if not future.done():
            raise RuntimeError('Event loop stopped before Future completed.')
        return future.result()

    def close(self):
        if self.is_running():
            raise RuntimeError('Cannot close a running event loop')
        if self._closed:
            return
        self._closed = True
        self._ready.clear()
        self._timers.clear()
        executor = self._executor
        if executor is not None:
            self._executor = None
            executor.shutdown(wait=False)

    async def shutdown_asyncgens(self):
        open_gens = [g for g in self._asyncgens if g.ag_frame is not None]
        self._asyncgens.clear()
        if not open_gens:
            return
        outcomes = await gather(*[g.aclose() for g in open_gens], return_exceptions=True)
        for agen, outcome in zip(open_gens, outcomes):
            if isinstance(outcome, Exception):
                self.call_exception_handler(dict(
                    message='an error occurred during closing of asynchronous generator %r' % (agen,),
                    exception=outcome, asyncgen=agen))

    async def shutdown_default_executor(self):
        executor = self._executor
        if executor is None:
            return
        done = self.create_future()

        def _shut():
            executor.shutdown(wait=True)
            self.call_soon_threadsafe(_set_result_unless_cancelled, done, None)

        _threading.Thread(target=_shut).start()
        await done

    # -- threads
    def run_in_executor(self, executor, func, *args):
        self._check_open()
        if executor is None:
            executor = self._executor
            if executor is None:
                executor = _cf.ThreadPoolExecutor(thread_name_prefix='asyncio')
                self._executor = executor
        return wrap_future(executor.submit(func, *args), loop=self)

    def set_default_executor(self, executor):
        self._executor = executor

    # -- errors
    def set_exception_handler(self, handler):
        self._exception_handler = handler

    def get_exception_handler(self):
        return self._exception_handler

    def default_exception_handler(self, context):
        message = context.get('message') or 'Unhandled exception in event loop'
        lines = [message]
        for key in sorted(context):
            if key not in ('message', 'exception'):
                lines.append('%s: %r' % (key, context[key]))
        _sys.stderr.write('\n'.join(lines) + '\n')
        exc = context.get('exception')
        if exc is not None:
            _sys.stderr.write('%s: %s\n' % (type(exc).__name__, exc))

    def call_exception_handler(self, context):
        handler = self._exception_handler
        if handler is None:
            self.default_exception_handler(context)
        else:
            handler(self, context)


# ---------------------------------------------------------------------------
# Futures

_PENDING = 'PENDING'
_CANCELLED = 'CANCELLED'
_FINISHED = 'FINISHED'


class Future:
    _asyncio_future_blocking = False
    _cancel_message = _loop = None
    _result = _exception = None
    _state = _PENDING

    def __init__(self, *, loop=None):
        self._loop = get_event_loop() if loop is None else loop
        self._callbacks = []

    def __repr__(self):
        info = [self._state.lower()]
        if self._state == _FINISHED:
            if self._exception is not None:
                info.append('exception=%r' % (self._exception,))
            else:
                info.append('result=%r' % (self._result,))
        return '<%s %s>' % (type(self).__name__, ' '.join(info))

    def get_loop(self):
        return self._loop

    def _cancelled_error(self):
        if self._cancel_message is None:
            return CancelledError()
        return CancelledError(self._cancel_message)

    def cancel(self, msg=None):
        if self._state == _PENDING:
            self._state, self._cancel_message = _CANCELLED, msg
            self._schedule_callbacks()
            return True
        return False

    def _schedule_callbacks(self):
        waiting = self._callbacks[:]
        self._callbacks[:] = []
        for fn in waiting:
            self._loop.call_soon(fn, self)

    def cancelled(self):
        return self._state == _CANCELLED

    def done(self):
        return self._state != _PENDING

    def result(self):
        if self._state == _CANCELLED:
            raise self._cancelled_error()
        if self._state != _FINISHED:
            raise InvalidStateError('Result is not set.')
        if self._exception is not None:
            raise self._exception.with_traceback(self._exception.__traceback__)
        return self._result

    def exception(self):
        if self._state == _CANCELLED:
            raise self._cancelled_error()
        if self._state != _FINISHED:
            raise InvalidStateError('Exception is not set.')
        return self._exception

    def add_done_callback(self, fn, *, context=None):
        if self._state != _PENDING:
            self._loop.call_soon(fn, self)
        else:
            self._callbacks.append(fn)

    def remove_done_callback(self, fn):
        kept = [f for f in self._callbacks if f != fn]
        removed = len(self._callbacks) - len(kept)
        self._callbacks[:] = kept
        return removed

    def set_result(self, result):
        if self._state != _PENDING:
            raise InvalidStateError('%s: %r' % (self._state, self))
        self._result = result
        self._state = _FINISHED
        self._schedule_callbacks()

    def set_exception(self, exception):
        if self._state != _PENDING:
            raise InvalidStateError('%s: %r' % (self._state, self))
        if isinstance(exception, type):
            exception = exception()
        if type(exception) is StopIteration:
            raise TypeError('StopIteration interacts badly with generators '
                            'and cannot be raised into a Future')
        self._exception = exception
        self._state = _FINISHED
        self._schedule_callbacks()

    def __await__(self):
        if not self.done():
            self._asyncio_future_blocking = True
            yield self
        if not self.done():
            raise RuntimeError("await wasn't used with future")
        return self.result()

    __iter__ = __await__


def _set_result_unless_cancelled(fut, result):
    if not fut.cancelled():
        fut.set_result(result)


def wrap_future(future, *, loop=None):
    if isfuture(future):
        return future
    if loop is None:
        loop = get_event_loop()
    outer = loop.create_future()

    def _copy(src):
        if outer.cancelled():
            return
        if src.cancelled():
            outer.cancel()
            return
        exc = src.exception()
        if exc is not None:
            outer.set_exception(exc)
        else:
            outer.set_result(src.result())

    def _from_thread(src):
        if not loop.is_closed():
            loop.call_soon_threadsafe(_copy, src)

    def _propagate_cancel(fut):
        if fut.cancelled():
            future.cancel()

    outer.add_done_callback(_propagate_cancel)
    future.add_done_callback(_from_thread)
    return outer


# ---------------------------------------------------------------------------
# Tasks

_task_numbers = [0]
_task_numbers_lock = _threading.Lock()


def _next_task_name():
    with _task_numbers_lock:
        _task_numbers[0] += 1
        return 'Task-%d' % _task_numbers[0]


class _Yield:
    def __await__(self):
        yield


class Task(Future):
    def __init__(self, coro, *, loop=None, name=None):
        Future.__init__(self, loop=loop)
        if not iscoroutine(coro):
            raise TypeError('a coroutine was expected, got %r' % (coro,))
        self._coro = coro
        self._name = _next_task_name() if name is None else str(name)
        self._waiting_on = None
        self._must_cancel = False
        self._cancel_requests = 0
        self._loop.call_soon(self._advance)
        self._loop._tasks.add(self)

    def __repr__(self):
        info = [self._state.lower(), 'name=%r' % (self._name,)]
        info.append('coro=<%s()>' % (getattr(self._coro, '__qualname__', '?'),))
        if self._state == _FINISHED:
            if self._exception is not None:
                info.append('exception=%r' % (self._exception,))
            else:
                info.append('result=%r' % (self._result,))
        return '<Task %s>' % ' '.join(info)

    def set_name(self, value):
        self._name = str(value)

    def get_name(self):
        return self._name

    def get_coro(self):
        return self._coro

    def cancelling(self):
        return self._cancel_requests

    def uncancel(self):
        if self._cancel_requests > 0:
            self._cancel_requests -= 1
        return self._cancel_requests

    def set_exception(self, exception):
        raise RuntimeError('Task does not support set_exception operation')

    def set_result(self, result):
        raise RuntimeError('Task does not support set_result operation')

    def cancel(self, msg=None):
        if self.done():
            return False
        self._cancel_requests += 1
        waiting = self._waiting_on
        if waiting is not None and waiting.cancel(msg=msg):
            return True
        self._must_cancel = True
        self._cancel_message = msg
        return True

    def _finish(self, how, value):
        self._loop._tasks.discard(self)
        if how == 'result':
            Future.set_result(self, value)
        elif how == 'exception':
            Future.set_exception(self, value)
        else:
            Future.cancel(self, msg=value)

    def _advance(self, exc=None):
        if self.done():
            raise InvalidStateError('_advance(): already done: %r' % (self,))
        if self._must_cancel:
            if not isinstance(exc, CancelledError):
                exc = self._cancelled_error()
            self._must_cancel = False
        self._waiting_on = None
        loop = self._loop
        previous = loop._current_task
        loop._current_task = self
        try:
            if exc is None:
                yielded = self._coro.send(None)
            else:
                yielded = self._coro.throw(exc)
        except StopIteration as stop:
            if self._must_cancel:
                self._must_cancel = False
                self._finish('cancel', self._cancel_message)
            else:
                self._finish('result', stop.value)
        except CancelledError as err:
            self._finish('cancel', err.args[0] if err.args else None)
        except (KeyboardInterrupt, SystemExit) as err:
            self._finish('exception', err)
            raise
        except BaseException as err:
            self._finish('exception', err)
        else:
            self._suspend_on(yielded)
        finally:
            loop._current_task = previous

    def _suspend_on(self, yielded):
        loop = self._loop
        blocking = getattr(yielded, '_asyncio_future_blocking', None)
        if blocking is not None:
            if yielded.get_loop() is not loop:
                loop.call_soon(self._advance, RuntimeError(
                    'Task %r got Future %r attached to a different loop' % (self, yielded)))
            elif not blocking:
                loop.call_soon(self._advance, RuntimeError(
                    'yield was used instead of yield from in task %r with %r' % (self, yielded)))
            elif yielded is self:
                loop.call_soon(self._advance, RuntimeError(
                    'Task cannot await on itself: %r' % (self,)))
            else:
                yielded._asyncio_future_blocking = False
                yielded.add_done_callback(self._wake)
                self._waiting_on = yielded
                if self._must_cancel and yielded.cancel(msg=self._cancel_message):
                    self._must_cancel = False
        elif yielded is None:
            loop.call_soon(self._advance)
        else:
            loop.call_soon(self._advance, RuntimeError('Task got bad yield: %r' % (yielded,)))

    def _wake(self, future):
        try:
            future.result()
        except BaseException as exc:
            self._advance(exc)
        else:
            self._advance()


def create_task(coro, *, name=None, context=None):
    return get_running_loop().create_task(coro, name=name)


async def _await_it(awaitable):
    return await awaitable


def ensure_future(coro_or_future, *, loop=None):
    if isfuture(coro_or_future):
        if loop is not None and loop is not coro_or_future.get_loop():
            raise ValueError('The future belongs to a different loop than '
                             'the one specified as the loop argument')
        return coro_or_future
    if iscoroutine(coro_or_future):
        if loop is None:
            loop = get_event_loop()
        return loop.create_task(coro_or_future)
    if hasattr(type(coro_or_future), '__await__'):
        if loop is None:
            loop = get_event_loop()
        return loop.create_task(_await_it(coro_or_future))
    raise TypeError('An asyncio.Future, a coroutine or an awaitable is required')


# ---------------------------------------------------------------------------
# Combinators

async def sleep(delay, result=None):
    if delay <= 0:
        await _Yield()
        return result
    loop = get_running_loop()
    fut = loop.create_future()
    timer = loop.call_later(delay, _set_result_unless_cancelled, fut, result)
    try:
        return await fut
    finally:
        timer.cancel()


class _GatheringFuture(Future):
    def __init__(self, children, *, loop):
        Future.__init__(self, loop=loop)
        self._cancel_requested = False
        self._children = children

    def cancel(self, msg=None):
        hit = False
        if not self.done():
            hit = [c.cancel(msg=msg) for c in self._children].count(True) > 0
            self._cancel_requested = self._cancel_requested or hit
        return hit


def gather(*aws, return_exceptions=False):
    if not aws:
        loop = get_event_loop()
        outer = loop.create_future()
        outer.set_result([])
        return outer
    children = []
    by_arg = {}
    loop = None
    outer = None
    counts = [0, 0]

    def _child_done(fut):
        counts[1] += 1
        if outer is None or outer.done():
            if not fut.cancelled():
                fut.exception()
            return
        if not return_exceptions:
            if fut.cancelled():
                outer.set_exception(fut._cancelled_error())
                return
            exc = fut.exception()
            if exc is not None:
                outer.set_exception(exc)
                return
        if counts[1] == counts[0]:
            results = []
            for child in children:
                if child.cancelled():
                    msg = child._cancel_message
                    results.append(CancelledError('' if msg is None else msg))
                else:
                    exc = child.exception()
                    results.append(child.result() if exc is None else exc)
            if outer._cancel_requested:
                outer.set_exception(fut._cancelled_error())
            else:
                outer.set_result(results)

    for arg in aws:
        fut = by_arg.get(arg)
        if fut is None:
            fut = ensure_future(arg, loop=loop)
            if loop is None:
                loop = fut.get_loop()
            counts[0] += 1
            by_arg[arg] = fut
            fut.add_done_callback(_child_done)
        children.append(fut)
    outer = _GatheringFuture(children, loop=loop)
    return outer


def _release_waiter(waiter, *args):
    if not waiter.done():
        waiter.set_result(None)


async def _cancel_and_wait(fut):
    loop = get_running_loop()
    waiter = loop.create_future()

    def _on_done(f):
        _release_waiter(waiter)

    fut.add_done_callback(_on_done)
    try:
        fut.cancel()
        await waiter
    finally:
        fut.remove_done_callback(_on_done)


async def wait_for(fut, timeout):
    loop = get_running_loop()
    if timeout is None:
        return await fut
    if timeout <= 0:
        task = ensure_future(fut, loop=loop)
        if task.done():
            return task.result()
        fut = task
        await _cancel_and_wait(fut)
        try:
            return fut.result()
        except CancelledError as exc:
            raise TimeoutError() from exc
    waiter = loop.create_future()
    timer = loop.call_later(timeout, _release_waiter, waiter)

    def _on_done(f):
        _release_waiter(waiter)

    fut = ensure_future(fut, loop=loop)
    fut.add_done_callback(_on_done)
    try:
        try:
            await waiter
        except CancelledError:
            if fut.done():
                return fut.result()
            fut.remove_done_callback(_on_done)
            await _cancel_and_wait(fut)
            raise
        if fut.done():
            return fut.result()
        fut.remove_done_callback(_on_done)
        await _cancel_and_wait(fut)
        try:
            return fut.result()
        except CancelledError as exc:
            raise TimeoutError() from exc
    finally:
        timer.cancel()


async def wait(fs, *, timeout=None, return_when=ALL_COMPLETED):
    if isfuture(fs) or iscoroutine(fs):
        raise TypeError('expect a list of futures, not %s' % type(fs).__name__)
    if not fs:
        raise ValueError('Set of Tasks/Futures is empty.')
    if return_when not in (FIRST_COMPLETED, FIRST_EXCEPTION, ALL_COMPLETED):
        raise ValueError('Invalid return_when value: %s' % (return_when,))
    fs = set(fs)
    if any(iscoroutine(f) for f in fs):
        raise TypeError('Passing coroutines is forbidden, use tasks explicitly.')
    loop = get_running_loop()
    waiter = loop.create_future()
    timer = None
    if timeout is not None:
        timer = loop.call_later(timeout, _release_waiter, waiter)
    left = [len(fs)]

    def _one_done(f):
        left[0] -= 1
        failed = (return_when == FIRST_EXCEPTION and not f.cancelled()
                  and f.exception() is not None)
        if left[0] <= 0 or return_when == FIRST_COMPLETED or failed:
            if timer is not None:
                timer.cancel()
            _release_waiter(waiter)

    for f in fs:
        f.add_done_callback(_one_done)
    try:
        await waiter
    finally:
        if timer is not None:
            timer.cancel()
        for f in fs:
            f.remove_done_callback(_one_done)
    done = {f for f in fs if f.done()}
    return done, fs - done


def as_completed(fs, *, timeout=None):
    if isfuture(fs) or iscoroutine(fs):
        raise TypeError('expect an iterable of futures, not %s' % type(fs).__name__)
    finished = Queue()
    loop = get_event_loop()
    todo = {ensure_future(f, loop=loop) for f in set(fs)}
    timer = [None]

    def _on_timeout():
        for f in todo:
            f.remove_done_callback(_on_done)
            finished.put_nowait(None)
        todo.clear()

    def _on_done(f):
        if not todo:
            return
        todo.discard(f)
        finished.put_nowait(f)
        if not todo and timer[0] is not None:
            timer[0].cancel()

    async def _next_one():
        f = await finished.get()
        if f is None:
            raise TimeoutError
        return f.result()

    for f in todo:
        f.add_done_callback(_on_done)
    if todo and timeout is not None:
        timer[0] = loop.call_later(timeout, _on_timeout)
    return iter([_next_one() for _ in range(len(todo))])


async def to_thread(func, /, *args, **kwargs):
    loop = get_running_loop()
    if kwargs:
        return await loop.run_in_executor(None, lambda: func(*args, **kwargs))
    return await loop.run_in_executor(None, func, *args)


# ---------------------------------------------------------------------------
# asyncio.run

def _cancel_all_tasks(loop):
    left = all_tasks(loop)
    if not left:
        return
    for task in left:
        task.cancel()
    loop.run_until_complete(gather(*left, return_exceptions=True))
    for task in left:
        if not task.cancelled() and task.exception() is not None:
            loop.call_exception_handler(dict(
                message='unhandled exception during asyncio.run() shutdown',
                exception=task.exception(), task=task))


def run(main, *, debug=None):
    if _state.running is not None:
        raise RuntimeError('asyncio.run() cannot be called from a running event loop')
    if not iscoroutine(main):
        raise ValueError('a coroutine was expected, got %r' % (main,))
    loop = new_event_loop()
    if debug is not None:
        loop.set_debug(debug)
    set_event_loop(loop)
    try:
        return loop.run_until_complete(main)
    finally:
        try:
            _cancel_all_tasks(loop)
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.run_until_complete(loop.shutdown_default_executor())
        finally:
            set_event_loop(None)
            loop.close()


# ---------------------------------------------------------------------------
# Synchronization primitives (one loop, no threads)

class _AcquiredInBlock:
    # `async with x:` acquires x for the block and releases it after.
    async def __aenter__(self):
        await self.acquire()

    async def __aexit__(self, typ, value, tb):
        self.release()


def _lock_state(locked, waiters):
    text = 'locked' if locked else 'unlocked'
    if waiters:
        text = '%s, waiters:%d' % (text, len(waiters))
    return text


class Lock(_AcquiredInBlock):
    def __init__(self):
        self._waiters = _deque()
        self._locked = False

    def __repr__(self):
        return '<asyncio.locks.Lock object [%s]>' % _lock_state(self._locked, self._waiters)

    def locked(self):
        return self._locked

    async def acquire(self):
        if not self._locked and all(w.cancelled() for w in self._waiters):
            self._locked = True
            return True
        fut = get_running_loop().create_future()
        self._waiters.append(fut)
        try:
            try:
                await fut
            finally:
                self._waiters.remove(fut)
        except CancelledError:
            if not self._locked:
                self._wake_first()
            raise
        self._locked = True
        return True

    def release(self):
        if not self._locked:
            raise RuntimeError('Lock is not acquired.')
        self._locked = False
        self._wake_first()

    def _wake_first(self):
        for fut in self._waiters:
            if not fut.done():
                fut.set_result(True)
            return


class Event:
    def __init__(self):
        self._waiters = _deque()
        self._value = False

    def __repr__(self):
        return '<asyncio.locks.Event object [%s]>' % ('set' if self._value else 'unset')

    def is_set(self):
        return self._value

    def set(self):
        if self._value:
            return
        self._value = True
        for fut in [w for w in self._waiters if not w.done()]:
            fut.set_result(True)

    def clear(self):
        self._value = False

    async def wait(self):
        if self._value:
            return True
        fut = get_running_loop().create_future()
        self._waiters.append(fut)
        try:
            await fut
            return True
        finally:
            self._waiters.remove(fut)


class Semaphore(_AcquiredInBlock):
    def __init__(self, value=1):
        if value < 0:
            raise ValueError('Semaphore initial value must be >= 0')
        self._value = value
        self._waiters = _deque()

    def locked(self):
        return self._value == 0 or any(not w.cancelled() for w in self._waiters)

    async def acquire(self):
        if not self.locked():
            self._value -= 1
            return True
        fut = get_running_loop().create_future()
        self._waiters.append(fut)
        try:
            try:
                await fut
            finally:
                self._waiters.remove(fut)
        except CancelledError:
            if not fut.cancelled():
                self._value += 1
                self._wake_next()
            raise
        if self._value > 0:
            self._wake_next()
        return True

    def release(self):
        self._value += 1
        self._wake_next()

    def _wake_next(self):
        for fut in self._waiters:
            if fut.done():
                continue
            fut.set_result(True)
            self._value -= 1
            return True
        return False


class BoundedSemaphore(Semaphore):
    def __init__(self, value=1):
        self._bound = value
        Semaphore.__init__(self, value)

    def release(self):
        if self._value >= self._bound:
            raise ValueError('BoundedSemaphore released too many times')
        Semaphore.release(self)


# ---------------------------------------------------------------------------
# Queues

class Queue:
    def __init__(self, maxsize=0):
        self._maxsize = maxsize
        self._getters = _deque()
        self._putters = _deque()
        self._unfinished = 0
        self._all_done = Event()
        self._all_done.set()
        self._init(maxsize)

    def _init(self, maxsize):
        self._queue = _deque()

    def _put(self, item):
        self._queue.append(item)

    def _get(self):
        return self._queue.popleft()

    def __repr__(self):
        return '<%s maxsize=%r>' % (type(self).__name__, self._maxsize)

    @property
    def maxsize(self):
        return self._maxsize

    def qsize(self):
        return len(self._queue)

    def empty(self):
        return not self._queue

    def full(self):
        return self._maxsize > 0 and self.qsize() >= self._maxsize

    @staticmethod
    def _wake_one(waiters):
        while waiters:
            fut = waiters.popleft()
            if not fut.done():
                fut.set_result(None)
                return

    async def _wait_turn(self, waiters, blocked):
        fut = get_running_loop().create_future()
        waiters.append(fut)
        try:
            await fut
        except BaseException:
            fut.cancel()
            if fut in waiters:
                waiters.remove(fut)
            if not blocked() and not fut.cancelled():
                self._wake_one(waiters)
            raise

    async def put(self, item):
        while self.full():
            await self._wait_turn(self._putters, self.full)
        return self.put_nowait(item)

    def put_nowait(self, item):
        if self.full():
            raise QueueFull
        self._put(item)
        self._unfinished += 1
        self._all_done.clear()
        self._wake_one(self._getters)

    async def get(self):
        while self.empty():
            await self._wait_turn(self._getters, self.empty)
        return self.get_nowait()

    def get_nowait(self):
        if self.empty():
            raise QueueEmpty
        item = self._get()
        self._wake_one(self._putters)
        return item

    def task_done(self):
        if self._unfinished <= 0:
            raise ValueError('task_done() called too many times')
        self._unfinished -= 1
        if self._unfinished == 0:
            self._all_done.set()

    async def join(self):
        if self._unfinished > 0:
            await self._all_done.wait()


class LifoQueue(Queue):
    def _init(self, maxsize):
        self._queue = []

    def _get(self):
        return self._queue.pop()


class PriorityQueue(Queue):
    def _init(self, maxsize):
        self._queue = []

    def _put(self, item):
        _heap_push(self._queue, item)

    def _get(self):
        return _heap_pop(self._queue)


# ---------------------------------------------------------------------------
# Structured concurrency: TaskGroup, timeout(), shield()

def _is_fatal(exc):
    return isinstance(exc, (KeyboardInterrupt, SystemExit))


class TaskGroup:
    """Runs child tasks that all finish before the `async with` block ends.

    The first child to fail cancels its siblings and the task that owns the
    group; the failures come out of `__aexit__` together as an
    ExceptionGroup. A KeyboardInterrupt or SystemExit in a child is raised
    as itself instead.
    """

    __module__ = 'asyncio.taskgroups'

    def __init__(self):
        self._children = set()
        self._failures = []
        self._loop = self._owner = self._fatal = self._all_done = None
        self._entered = self._exiting = self._aborting = False
        self._owner_cancel_requested = False

    def __repr__(self):
        parts = []
        if self._children:
            parts.append('tasks=%d' % len(self._children))
        if self._failures:
            parts.append('errors=%d' % len(self._failures))
        if self._aborting:
            parts.append('cancelling')
        elif self._entered:
            parts.append('entered')
        return '<TaskGroup%s>' % ''.join(' ' + p for p in parts)

    async def __aenter__(self):
        if self._entered:
            raise RuntimeError('TaskGroup %r has been already entered' % (self,))
        loop = get_running_loop()
        owner = current_task(loop)
        if owner is None:
            raise RuntimeError('TaskGroup %r cannot determine the parent task' % (self,))
        self._loop = loop
        self._owner = owner
        self._entered = True
        return self

    def create_task(self, coro, *, name=None, context=None):
        if not self._entered:
            raise RuntimeError('TaskGroup %r has not been entered' % (self,))
        if self._exiting and not self._children:
            raise RuntimeError('TaskGroup %r is finished' % (self,))
        if self._aborting:
            raise RuntimeError('TaskGroup %r is shutting down' % (self,))
        task = self._loop.create_task(coro, name=name)
        if task.done():
            self._child_finished(task)
        else:
            self._children.add(task)
            task.add_done_callback(self._child_finished)
        return task

    def _cancel_children(self):
        self._aborting = True
        for task in self._children:
            if not task.done():
                task.cancel()

    def _child_finished(self, task):
        self._children.discard(task)
        if self._all_done is not None and not self._children:
            if not self._all_done.done():
                self._all_done.set_result(True)
        if task.cancelled():
            return
        exc = task.exception()
        if exc is None:
            return
        self._failures.append(exc)
        if _is_fatal(exc) and self._fatal is None:
            self._fatal = exc
        if self._owner.done():
            self._loop.call_exception_handler(dict(
                message='Task %r has errored out but its parent task %r is already completed'
                        % (task, self._owner),
                exception=exc, task=task))
            return
        if not self._aborting and not self._owner_cancel_requested:
            self._cancel_children()
            self._owner_cancel_requested = True
            self._owner.cancel()

    async def __aexit__(self, et, exc, tb):
        self._exiting = True
        if exc is not None and _is_fatal(exc) and self._fatal is None:
            self._fatal = exc
        cancelled_by = exc if et is CancelledError else None
        if et is not None and not self._aborting:
            self._cancel_children()
        while self._children:
            if self._all_done is None:
                self._all_done = self._loop.create_future()
            try:
                await self._all_done
            except CancelledError as err:
                if not self._aborting:
                    cancelled_by = err
                    self._cancel_children()
            self._all_done = None
        if self._owner_cancel_requested and self._owner.uncancel() == 0:
            cancelled_by = None
        if self._fatal is not None:
            raise self._fatal
        if et is not None and et is not CancelledError:
            self._failures.append(exc)
        if cancelled_by is not None and not self._failures:
            raise cancelled_by
        if self._failures:
            failures = self._failures
            self._failures = None
            raise BaseExceptionGroup('unhandled errors in a TaskGroup', failures)
        return None


_TIMEOUT_STATES = ('created', 'active', 'expiring', 'expired', 'finished')


class Timeout:
    """An `async with` block that cancels its task at a deadline (a loop
    time, or None for none) and turns that cancellation into TimeoutError."""

    __module__ = 'asyncio.timeouts'

    def __init__(self, when):
        self._state = 'created'
        self._when = when
        self._timer = None
        self._task = None

    def when(self):
        return self._when

    def expired(self):
        return self._state in ('expiring', 'expired')

    def reschedule(self, when):
        if self._state != 'active':
            if self._state == 'created':
                raise RuntimeError('Timeout has not been entered')
            raise RuntimeError('Cannot change state of %s Timeout' % self._state)
        self._when = when
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if when is None:
            return
        loop = get_running_loop()
        if when <= loop.time():
            self._timer = loop.call_soon(self._fire)
        else:
            self._timer = loop.call_at(when, self._fire)

    def _fire(self):
        self._task.cancel()
        self._state = 'expiring'
        self._timer = None

    def __repr__(self):
        text = '[%s]' % self._state
        if self._state == 'active':
            when = None if self._when is None else round(self._when, 3)
            text += ' when=%s' % (when,)
        return '<Timeout %s>' % text

    async def __aenter__(self):
        if self._state != 'created':
            raise RuntimeError('Timeout has already been entered')
        task = current_task()
        if task is None:
            raise RuntimeError('Timeout should be used inside a task')
        self._task = task
        self._state = 'active'
        self.reschedule(self._when)
        return self

    async def __aexit__(self, et, exc, tb):
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._state == 'expiring':
            self._state = 'expired'
            if self._task.uncancel() == 0 and et is CancelledError:
                raise TimeoutError from exc
        elif self._state == 'active':
            self._state = 'finished'
        return None


def timeout(delay):
    return Timeout(None if delay is None else get_running_loop().time() + delay)


def timeout_at(when):
    return Timeout(when)


def shield(arg):
    inner = ensure_future(arg)
    if inner.done():
        return inner
    outer = inner.get_loop().create_future()

    def _inner_finished(fut):
        if outer.cancelled():
            if not fut.cancelled():
                fut.exception()
            return
        if fut.cancelled():
            outer.cancel()
        elif fut.exception() is not None:
            outer.set_exception(fut.exception())
        else:
            outer.set_result(fut.result())

    def _outer_finished(fut):
        if not inner.done():
            inner.remove_done_callback(_inner_finished)

    inner.add_done_callback(_inner_finished)
    outer.add_done_callback(_outer_finished)
    return outer


def run_coroutine_threadsafe(coro, loop):
    if not iscoroutine(coro):
        raise TypeError('A coroutine object is required')
    result = _cf.Future()

    def _start():
        try:
            task = loop.create_task(coro)
        except BaseException as exc:
            if result.set_running_or_notify_cancel():
                result.set_exception(exc)
            raise

        def _copy_back(done):
            if done.cancelled():
                result.cancel()
                result.set_running_or_notify_cancel()
            elif done.exception() is not None:
                if result.set_running_or_notify_cancel():
                    result.set_exception(done.exception())
            elif result.set_running_or_notify_cancel():
                result.set_result(done.result())

        def _cancel_task(f):
            if f.cancelled():
                loop.call_soon_threadsafe(task.cancel)

        task.add_done_callback(_copy_back)
        result.add_done_callback(_cancel_task)

    loop.call_soon_threadsafe(_start)
    return result


class Condition(_AcquiredInBlock):
    """Tasks wait until notified, holding `lock` (a new Lock by default)
    whenever they are not waiting."""

    __module__ = 'asyncio.locks'

    def __init__(self, lock=None):
        self._lock = Lock() if lock is None else lock
        self._waiters = _deque()
        self.locked = self._lock.locked
        self.acquire = self._lock.acquire
        self.release = self._lock.release

    def __repr__(self):
        return '<asyncio.locks.Condition object at %#x [%s]>' % (
            id(self), _lock_state(self.locked(), self._waiters))

    async def wait(self):
        if not self.locked():
            raise RuntimeError('cannot wait on un-acquired lock')
        self.release()
        try:
            fut = get_running_loop().create_future()
            self._waiters.append(fut)
            try:
                await fut
                return True
            finally:
                self._waiters.remove(fut)
        finally:
            interrupted = None
            while True:
                try:
                    await self.acquire()
                    break
                except CancelledError as err:
                    interrupted = err
            if interrupted is not None:
                raise interrupted

    async def wait_for(self, predicate):
        while True:
            outcome = predicate()
            if outcome:
                return outcome
            await self.wait()

    def notify(self, n=1):
        if not self.locked():
            raise RuntimeError('cannot notify on un-acquired lock')
        woken = 0
        for fut in self._waiters:
            if woken >= n:
                break
            if not fut.done():
                woken += 1
                fut.set_result(False)

    def notify_all(self):
        self.notify(len(self._waiters))
