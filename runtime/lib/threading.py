"""Weft's `threading` module: Thread objects and the synchronization
primitives (Condition, Semaphore, Event, Barrier, Timer) over the native
`_thread` module.

Nothing here leans on a global interpreter lock: every piece of shared state
is read and changed with a lock held."""

import sys as _sys
import _thread
from time import monotonic as _time

__all__ = ['get_ident', 'active_count', 'Condition', 'current_thread',
           'enumerate', 'main_thread', 'TIMEOUT_MAX', 'Event', 'Lock',
           'RLock', 'Semaphore', 'BoundedSemaphore', 'Thread', 'Barrier',
           'BrokenBarrierError', 'Timer', 'ThreadError', 'ExceptHookArgs',
           'setprofile', 'settrace', 'local', 'stack_size', 'excepthook',
           'gettrace', 'getprofile']

_start_new_thread = _thread.start_new_thread
_allocate_lock = _thread.allocate_lock
get_ident = _thread.get_ident
ThreadError = getattr(_thread, 'error', RuntimeError)
TIMEOUT_MAX = _thread.TIMEOUT_MAX

_get_native_id = getattr(_thread, 'get_native_id', None)
if _get_native_id is not None:
    get_native_id = _get_native_id
    __all__.append('get_native_id')

Lock = _allocate_lock
RLock = _thread.RLock
_RLockType = type(RLock())
local = _thread._local


# -- hooks installed in every thread this module starts -------------------------

_hooks = {'trace': None, 'profile': None}


def settrace(func):
    """Make func the trace function (see sys.settrace) of each thread started
    from now on by this module."""
    _hooks['trace'] = func


def gettrace():
    """The function last given to settrace(), or None."""
    return _hooks['trace']


def setprofile(func):
    """Make func the profile function (see sys.setprofile) of each thread
    started from now on by this module."""
    _hooks['profile'] = func


def getprofile():
    """The function last given to setprofile(), or None."""
    return _hooks['profile']


def stack_size(*args):
    """Report the stack size used for new threads; with an argument, set it
    first (where the native layer allows)."""
    native = getattr(_thread, 'stack_size', None)
    if native is not None:
        return native(*args)
    if args and args[0]:
        raise ThreadError('setting stack size not supported')
    return 0


# ==============================================================================
# Condition
# ==============================================================================

def _acquire_within(lock, timeout):
    # lock.acquire() waiting at most timeout seconds: None waits as long as
    # it takes, zero or less only tries.
    if timeout is None:
        return lock.acquire()
    if timeout > 0:
        return lock.acquire(True, timeout)
    return lock.acquire(False)


def _unwind_rlock(lock):
    # Release a re-entrant lock this thread holds until it is free; the
    # number of releases is what _rewind_rlock needs to restore it.  Once the
    # lock is not ours any more, release() raises RuntimeError.
    depth = 0
    while True:
        try:
            lock.release()
        except RuntimeError:
            return depth
        depth += 1


def _rewind_rlock(lock, depth):
    for _ in range(depth):
        lock.acquire()


class Condition:
    """A condition variable: threads holding its lock wait() until another
    thread holding the lock calls notify() or notify_all().

    The lock may be passed in (a Lock or an RLock); by default a fresh RLock
    is made."""

    def __init__(self, lock=None):
        self._lock = RLock() if lock is None else lock
        self.acquire = self._lock.acquire
        self.release = self._lock.release
        # One gate lock per waiting thread, oldest first; only ever touched
        # with self._lock held.
        self._waiters = []
        # A lock with the native ownership helpers (our RLock) lends them;
        # otherwise the fallbacks below stand in.
        self._native_rlock = False
        for helper in ('_is_owned', '_release_save', '_acquire_restore'):
            method = getattr(self._lock, helper, None)
            if method is not None:
                setattr(self, helper, method)
                self._native_rlock = True
        self._plain_rlock = (not self._native_rlock and
                             isinstance(self._lock, _RLockType))

    def __enter__(self):
        return self._lock.__enter__()

    def __exit__(self, *exc_info):
        return self._lock.__exit__(*exc_info)

    def __repr__(self):
        return '<Condition(%s, %d)>' % (self._lock, len(self._waiters))

    # Fallbacks for locks without the native helpers.

    def _release_save(self):
        if self._plain_rlock:
            return _unwind_rlock(self._lock)
        self._lock.release()
        return None

    def _acquire_restore(self, saved):
        if self._plain_rlock:
            _rewind_rlock(self._lock, saved)
        else:
            self._lock.acquire()

    def _is_owned(self):
        # Probe with a non-blocking acquire.  A plain lock that we can take
        # was not held by anyone.  A re-entrant lock we can take may be ours
        # or free (the public API cannot tell), so only "held by another
        # thread" counts as not owned.
        free_for_us = self._lock.acquire(False)
        if free_for_us:
            self._lock.release()
        if self._plain_rlock:
            return free_for_us
        return not free_for_us

    def wait(self, timeout=None):
        """Release the lock, sleep until notified (or until timeout seconds
        pass), then take the lock back.  False means the timeout ran out."""
        if not self._is_owned():
            raise RuntimeError('cannot wait on un-acquired lock')
        gate = _allocate_lock()
        gate.acquire()
        self._waiters.append(gate)
        saved = self._release_save()
        woken = False
        try:
            # notify() opens the gate by releasing it.
            woken = _acquire_within(gate, timeout)
            return woken
        finally:
            self._acquire_restore(saved)
            if not woken and gate in self._waiters:
                self._waiters.remove(gate)

    def wait_for(self, predicate, timeout=None):
        """wait() until predicate() is true, or until timeout seconds in all
        have passed; return the last value predicate() gave."""
        outcome = predicate()
        if outcome:
            return outcome
        deadline = None if timeout is None else _time() + timeout
        pause = timeout
        while True:
            self.wait(pause)
            outcome = predicate()
            if outcome:
                return outcome
            if deadline is not None:
                pause = deadline - _time()
                if pause <= 0:
                    return outcome

    def notify(self, n=1):
        """Wake up to n of the threads waiting on this condition, oldest
        first.  The caller must hold the lock."""
        if not self._is_owned():
            raise RuntimeError('cannot notify on un-acquired lock')
        waiting = self._waiters
        woken = 0
        while woken < n and waiting:
            gate = waiting.pop(0)
            try:
                gate.release()
            except RuntimeError:
                continue
            woken += 1

    def notify_all(self):
        """Wake up every thread waiting on this condition."""
        self.notify(len(self._waiters))

    def notifyAll(self):
        """Old spelling of notify_all()."""
        self.notify_all()


# ==============================================================================
# Semaphores
# ==============================================================================

def _object_label(obj):
    kind = type(obj)
    return '%s.%s at %#x' % (kind.__module__, kind.__qualname__, id(obj))


class Semaphore:
    """A counter that acquire() takes one from, waiting while it is zero, and
    release() adds to."""

    def __init__(self, value=1):
        if value < 0:
            raise ValueError('semaphore initial value must be >= 0')
        self._cond = Condition(Lock())
        self._value = value

    def __repr__(self):
        return '<%s: value=%s>' % (_object_label(self), self._value)

    def _positive(self):
        return self._value > 0

    def acquire(self, blocking=True, timeout=None):
        """Take one from the counter and return True; while it is zero, wait
        (when blocking, and for at most timeout seconds if given) or give up
        and return False."""
        if timeout is not None and not blocking:
            raise ValueError("can't specify timeout for non-blocking acquire")
        with self._cond:
            if blocking:
                available = self._cond.wait_for(self._positive, timeout)
            else:
                available = self._value > 0
            if available:
                self._value -= 1
            return bool(available)

    __enter__ = acquire

    def _check_release(self, n):
        if n < 1:
            raise ValueError('n must be one or more')

    def release(self, n=1):
        """Add n to the counter, waking up to n waiting threads."""
        self._check_release(n)
        with self._cond:
            self._value += n
            self._cond.notify(n)

    def __exit__(self, exc_type, exc_value, traceback):
        self.release()


class BoundedSemaphore(Semaphore):
    """A Semaphore whose counter may never go above its starting value:
    releasing past it raises ValueError."""

    def __init__(self, value=1):
        self._initial_value = value
        Semaphore.__init__(self, value)

    def __repr__(self):
        return '<%s: value=%s/%s>' % (_object_label(self), self._value,
                                      self._initial_value)

    def release(self, n=1):
        """Add n to the counter, waking up to n waiting threads; ValueError
        if that would pass the starting value."""
        self._check_release(n)
        with self._cond:
            if self._initial_value - self._value < n:
                raise ValueError('Semaphore released too many times')
            self._value += n
            self._cond.notify(n)


# ==============================================================================
# Event
# ==============================================================================

class Event:
    """A flag threads can wait on: set() raises it and wakes the waiters,
    clear() lowers it again."""

    def __init__(self):
        self._flag = False
        self._cond = Condition(Lock())

    def __repr__(self):
        return '<%s: %s>' % (_object_label(self),
                             'set' if self._flag else 'unset')

    def is_set(self):
        """Whether the flag is up."""
        return self._flag

    def isSet(self):
        """Old spelling of is_set()."""
        return self.is_set()

    def set(self):
        """Raise the flag and wake every waiting thread."""
        with self._cond:
            # waiters look at the flag only once we let go of the lock
            self._cond.notify_all()
            self._flag = True

    def clear(self):
        """Lower the flag."""
        with self._cond:
            self._flag = False

    def wait(self, timeout=None):
        """Return True at once if the flag is up; otherwise wait for set()
        (no longer than timeout seconds if given) and return False if the
        time ran out."""
        with self._cond:
            if self._flag:
                return True
            return self._cond.wait(timeout)


# ==============================================================================
# Barrier
# ==============================================================================

class BrokenBarrierError(RuntimeError):
    pass


# A barrier's round goes FILLING (threads arrive) -> DRAINING (the last one
# arrived; everybody leaves) -> FILLING.  reset() while threads wait makes it
# RESETTING until they have left; abort() or a failure makes it BROKEN.
_FILLING = 'filling'
_DRAINING = 'draining'
_RESETTING = 'resetting'
_BROKEN = 'broken'


class Barrier:
    """Holds threads in wait() until `parties` of them have arrived, then lets
    them all go (after running `action`, if given, in one of them)."""

    def __init__(self, parties, action=None, timeout=None):
        self._cond = Condition(Lock())
        self._parties = parties
        self._action = action
        self._timeout = timeout
        self._phase = _FILLING
        self._count = 0     # threads inside wait()

    def __repr__(self):
        if self.broken:
            return '<%s: broken>' % (_object_label(self),)
        return '<%s: waiters=%d/%d>' % (_object_label(self), self.n_waiting,
                                        self.parties)

    def _leaving_round(self):
        return self._phase == _DRAINING or self._phase == _RESETTING

    def _round_over(self):
        return self._phase != _FILLING

    def wait(self, timeout=None):
        """Arrive at the barrier and wait for the others; return this
        thread's arrival number, from 0 to parties - 1."""
        if timeout is None:
            timeout = self._timeout
        with self._cond:
            # the previous round must be empty before this one fills
            while self._leaving_round():
                self._cond.wait()
            if self._phase == _BROKEN:
                raise BrokenBarrierError
            arrival = self._count
            self._count += 1
            try:
                if arrival == self._parties - 1:
                    self._trip()
                else:
                    self._await_trip(timeout)
                return arrival
            finally:
                self._count -= 1
                if self._count == 0 and self._leaving_round():
                    self._phase = _FILLING
                    self._cond.notify_all()

    def _trip(self):
        # The last arrival runs the action, then releases everybody.
        try:
            if self._action:
                self._action()
        except BaseException:
            self._break()
            raise
        self._phase = _DRAINING
        self._cond.notify_all()

    def _await_trip(self, timeout):
        if not self._cond.wait_for(self._round_over, timeout):
            self._break()
            raise BrokenBarrierError
        if self._phase != _DRAINING:
            raise BrokenBarrierError

    def _break(self):
        self._phase = _BROKEN
        self._cond.notify_all()

    def reset(self):
        """Bring the barrier back to its empty state; threads waiting in it
        get BrokenBarrierError."""
        with self._cond:
            if self._count == 0:
                self._phase = _FILLING
            elif self._phase != _DRAINING:
                self._phase = _RESETTING
            self._cond.notify_all()

    def abort(self):
        """Break the barrier: waiting and arriving threads get
        BrokenBarrierError until reset()."""
        with self._cond:
            self._break()

    @property
    def parties(self):
        """How many threads make a round."""
        return self._parties

    @property
    def n_waiting(self):
        """How many threads are waiting for the current round to fill."""
        return self._count if self._phase == _FILLING else 0

    @property
    def broken(self):
        """Whether the barrier is broken."""
        return self._phase == _BROKEN


# ==============================================================================
# Registry of threads
# ==============================================================================

_name_lock = _allocate_lock()
_name_serial = [0]


def _newname(name_template):
    with _name_lock:
        _name_serial[0] += 1
        serial = _name_serial[0]
    return name_template % serial


# `_registry_lock` guards the two maps, the exit callbacks and the shutdown
# flag.
_registry_lock = _allocate_lock()
_active = {}        # ident -> Thread, for running threads
_limbo = {}         # Thread -> Thread, started but not yet running
_threading_atexits = []
_SHUTTING_DOWN = False


def _register(thread):
    with _registry_lock:
        _active[thread._ident] = thread


# ==============================================================================
# excepthook: reporting what a thread raised
# ==============================================================================

def _exception_text(exc):
    """The traceback report of exc as CPython prints it (native helper when
    the interpreter provides one)."""
    fmt = getattr(_thread, '_format_exception', None)
    if fmt is not None:
        return fmt(exc)
    return _fallback_format(exc, set())


def _exception_only(exc):
    etype = type(exc)
    stype = etype.__qualname__
    smod = etype.__module__
    if smod not in ('__main__', 'builtins'):
        stype = smod + '.' + stype
    try:
        value = str(exc)
    except Exception:
        value = '<exception str() failed>'
    if value:
        return '%s: %s\n' % (stype, value)
    return stype + '\n'


def _fallback_format(exc, seen):
    seen.add(id(exc))
    text = ''
    cause = getattr(exc, '__cause__', None)
    context = getattr(exc, '__context__', None)
    if cause is not None and id(cause) not in seen:
        text = (_fallback_format(cause, seen) + '\nThe above exception was '
                'the direct cause of the following exception:\n\n')
    elif (context is not None and id(context) not in seen
          and not getattr(exc, '__suppress_context__', False)):
        text = (_fallback_format(context, seen) + '\nDuring handling of the '
                'above exception, another exception occurred:\n\n')
    tb = getattr(exc, '__traceback__', None)
    if tb is not None:
        text += 'Traceback (most recent call last):\n'
        while tb is not None:
            try:
                code = tb.tb_frame.f_code
                text += '  File "%s", line %s, in %s\n' % (
                    code.co_filename, tb.tb_lineno, code.co_name)
            except AttributeError:
                break
            tb = getattr(tb, 'tb_next', None)
    return text + _exception_only(exc)


def _tuple_item(index):
    def item(self):
        return self[index]
    return item


class _ExceptHookArgs(tuple):
    """ExceptHookArgs(exc_type, exc_value, exc_traceback, thread)"""

    __slots__ = ()

    exc_type = property(_tuple_item(0))
    exc_value = property(_tuple_item(1))
    exc_traceback = property(_tuple_item(2))
    thread = property(_tuple_item(3))

    def __repr__(self):
        return ('_thread._ExceptHookArgs(exc_type=%r, exc_value=%r, '
                'exc_traceback=%r, thread=%r)' % tuple(self))


def ExceptHookArgs(args):
    return _ExceptHookArgs(tuple(args))


def _stderr_for(thread):
    stderr = getattr(_sys, 'stderr', None)
    if stderr is None and thread is not None:
        stderr = getattr(thread, '_stderr', None)
    return stderr


def _write_flush(stream, text):
    stream.write(text)
    flush = getattr(stream, 'flush', None)
    if flush is not None:
        flush()


def excepthook(args, /):
    """Handle uncaught Thread.run() exception: print the report to
    stderr (SystemExit is ignored silently)."""
    if args.exc_type is SystemExit or (
            isinstance(args.exc_type, type) and
            issubclass(args.exc_type, SystemExit)):
        return
    stderr = _stderr_for(args.thread)
    if stderr is None:
        return
    if args.thread is not None:
        name = args.thread.name
    else:
        name = get_ident()
    _write_flush(stderr, 'Exception in thread %s:\n' % (name,))
    if args.exc_value is not None:
        _write_flush(stderr, _exception_text(args.exc_value))


__excepthook__ = excepthook


def _invoke_excepthook(thread, exc):
    hook = excepthook       # the module global, possibly replaced by the user
    if hook is None:
        hook = __excepthook__
    try:
        hook(ExceptHookArgs([type(exc), exc,
                             getattr(exc, '__traceback__', None), thread]))
    except Exception as hook_exc:
        stderr = _stderr_for(thread)
        if stderr is not None:
            _write_flush(stderr, 'Exception in threading.excepthook:\n')
            _write_flush(stderr, _exception_text(hook_exc))


# ==============================================================================
# Thread
# ==============================================================================

def _ensure_init(thread):
    if not thread._initialized:
        raise RuntimeError('Thread.__init__() not called')


class Thread:
    """One thread of control.  Give the work as `target` (called with `args`
    and `kwargs`), or subclass and override run(); start() launches it."""

    _initialized = False

    def __init__(self, group=None, target=None, name=None,
                 args=(), kwargs=None, *, daemon=None):
        assert group is None, 'group argument must be None for now'
        if name:
            name = str(name)
        else:
            name = _newname('Thread-%d')
            label = getattr(target, '__name__', None) if target else None
            if label is not None:
                name = '%s (%s)' % (name, label)
        if daemon is None:
            daemon = current_thread().daemon
        self._target = target
        self._args = args
        self._kwargs = {} if kwargs is None else kwargs
        self._name = name
        self._daemonic = daemon
        self._ident = None
        self._native_id = None
        self._done_lock = None      # held by the thread while it runs
        self._started = Event()
        self._is_stopped = False
        self._stderr = getattr(_sys, 'stderr', None)
        self._initialized = True

    def __repr__(self):
        assert self._initialized, 'Thread.__init__() was not called'
        if self._is_stopped:
            words = ['stopped']
        elif self._started.is_set():
            words = ['started']
        else:
            words = ['initial']
        if self._daemonic:
            words.append('daemon')
        if self._ident is not None:
            words.append(str(self._ident))
        return '<%s(%s, %s)>' % (type(self).__name__, self._name,
                                 ' '.join(words))

    def start(self):
        """Launch run() in a new thread; a Thread can be started once."""
        if not self._initialized:
            raise RuntimeError('thread.__init__() not called')
        # Claim the thread under the registry lock, so that two threads
        # calling start() at once cannot both launch it.
        with _registry_lock:
            if self._started.is_set() or self._done_lock is not None:
                raise RuntimeError('threads can only be started once')
            running = _allocate_lock()
            running.acquire()
            self._done_lock = running
            _limbo[self] = self
        try:
            _start_new_thread(self._bootstrap, ())
        except Exception:
            with _registry_lock:
                _limbo.pop(self, None)
                self._done_lock = None
            raise
        self._started.wait()

    def run(self):
        """The thread's work: by default, call the target given to the
        constructor."""
        try:
            if self._target is not None:
                self._target(*self._args, **self._kwargs)
        finally:
            # drop the references, so that arguments pointing back at the
            # thread do not keep it alive
            del self._target, self._args, self._kwargs

    def _bootstrap(self):
        try:
            self._ident = get_ident()
            if _get_native_id is not None:
                self._native_id = _get_native_id()
            with _registry_lock:
                _limbo.pop(self, None)
                _active[self._ident] = self
            self._started.set()
            trace, profile = _hooks['trace'], _hooks['profile']
            if trace is not None and hasattr(_sys, 'settrace'):
                _sys.settrace(trace)
            if profile is not None and hasattr(_sys, 'setprofile'):
                _sys.setprofile(profile)
            try:
                self.run()
            except BaseException as exc:
                _invoke_excepthook(self, exc)
        finally:
            with _registry_lock:
                if _active.get(self._ident) is self:
                    del _active[self._ident]
            self._is_stopped = True
            self._done_lock.release()

    def join(self, timeout=None):
        """Wait for the thread to end, or for timeout seconds if given (then
        is_alive() tells which happened)."""
        _ensure_init(self)
        if not self._started.is_set():
            raise RuntimeError('cannot join thread before it is started')
        if current_thread() is self:
            raise RuntimeError('cannot join current thread')
        self._wait_done(timeout)

    def _wait_done(self, timeout=None):
        running = self._done_lock
        if running is None or self._is_stopped:
            return
        if _acquire_within(running, timeout):
            # leave the lock free for every other joiner
            running.release()

    @property
    def name(self):
        """The thread's name (only a label: names need not be unique)."""
        assert self._initialized, 'Thread.__init__() not called'
        return self._name

    @name.setter
    def name(self, name):
        assert self._initialized, 'Thread.__init__() not called'
        self._name = str(name)

    @property
    def ident(self):
        """The thread's identifier (see get_ident()), None before start()."""
        assert self._initialized, 'Thread.__init__() not called'
        return self._ident

    @property
    def native_id(self):
        """The operating system's id of the thread, None before start()."""
        assert self._initialized, 'Thread.__init__() not called'
        return self._native_id

    def is_alive(self):
        """Whether run() has begun and not yet ended."""
        assert self._initialized, 'Thread.__init__() not called'
        return self._started.is_set() and not self._is_stopped

    @property
    def daemon(self):
        """Whether this is a daemon thread (the program does not wait for
        those at exit).  Settable before start() only."""
        assert self._initialized, 'Thread.__init__() not called'
        return self._daemonic

    @daemon.setter
    def daemon(self, daemonic):
        _ensure_init(self)
        if self._started.is_set():
            raise RuntimeError('cannot set daemon status of active thread')
        self._daemonic = daemonic

    def isDaemon(self):
        """Old spelling of the daemon property's getter."""
        return self.daemon

    def setDaemon(self, daemonic):
        """Old spelling of the daemon property's setter."""
        self.daemon = daemonic

    def getName(self):
        """Old spelling of the name property's getter."""
        return self.name

    def setName(self, name):
        """Old spelling of the name property's setter."""
        self.name = name


class Timer(Thread):
    """A thread that calls function(*args, **kwargs) once `interval` seconds
    have passed after start(), unless cancel() comes first."""

    def __init__(self, interval, function, args=None, kwargs=None):
        Thread.__init__(self)
        self.function = function
        self.interval = interval
        self.args = [] if args is None else args
        self.kwargs = {} if kwargs is None else kwargs
        self.finished = Event()

    def cancel(self):
        """Call the function off, if it has not been called yet."""
        self.finished.set()

    def run(self):
        if not self.finished.wait(self.interval) and \
                not self.finished.is_set():
            self.function(*self.args, **self.kwargs)
        self.finished.set()


class _MainThread(Thread):
    # The thread the program began in; it counts as started from the outset.

    def __init__(self):
        Thread.__init__(self, name='MainThread', daemon=False)
        running = _allocate_lock()
        running.acquire()
        self._done_lock = running
        self._started.set()
        main_ident = getattr(_thread, '_get_main_thread_ident', None)
        self._ident = get_ident() if main_ident is None else main_ident()
        if _get_native_id is not None and self._ident == get_ident():
            self._native_id = _get_native_id()
        _register(self)


class _DummyThread(Thread):
    # Stands for a thread this module did not start (one from _thread, say):
    # always alive, a daemon, and not joinable.

    def __init__(self):
        Thread.__init__(self, name=_newname('Dummy-%d'), daemon=True)
        self._started.set()
        self._ident = get_ident()
        if _get_native_id is not None:
            self._native_id = _get_native_id()
        _register(self)

    def is_alive(self):
        assert self._started.is_set() and not self._is_stopped
        return True

    def join(self, timeout=None):
        assert False, 'cannot join a dummy thread'


# ==============================================================================
# Module-level queries
# ==============================================================================

def current_thread():
    """The Thread object of the calling thread (a dummy one for threads that
    this module did not start)."""
    found = _active.get(get_ident())
    if found is None:
        found = _DummyThread()
    return found


def currentThread():
    """Old spelling of current_thread()."""
    return current_thread()


def _living():
    with _registry_lock:
        return list(_active.values()) + list(_limbo.values())


def active_count():
    """How many Thread objects are alive (the length of enumerate())."""
    return len(_living())


def activeCount():
    """Old spelling of active_count()."""
    return active_count()


def enumerate():
    """A list of the Thread objects alive now, dummy and main ones included."""
    return _living()


def main_thread():
    """The Thread object of the thread the program started in."""
    return _main_thread


def _register_atexit(func, *arg, **kwargs):
    """Have _shutdown() call func(*arg, **kwargs) before it waits for the
    non-daemon threads (latest registered first); concurrent.futures uses
    this."""
    def call_it():
        func(*arg, **kwargs)

    with _registry_lock:
        if _SHUTTING_DOWN:
            raise RuntimeError("can't register atexit after shutdown")
        _threading_atexits.append(call_it)


def _shutdown():
    """Called by the interpreter when the main program ends: run the exit
    callbacks, mark the main thread stopped, then wait for every non-daemon
    thread."""
    global _SHUTTING_DOWN
    if _main_thread._is_stopped:
        return
    with _registry_lock:
        _SHUTTING_DOWN = True
        callbacks = list(_threading_atexits)
    callbacks.reverse()
    for callback in callbacks:
        callback()
    me = get_ident()
    if _main_thread._ident == me:
        _main_thread._is_stopped = True
        if _main_thread._done_lock is not None:
            _main_thread._done_lock.release()
    while True:
        waited_for = [t for t in _living()
                      if t is not _main_thread and t._ident != me
                      and not t._daemonic and not t._is_stopped]
        if not waited_for:
            return
        for thread in waited_for:
            thread._wait_done()


_main_thread = _MainThread()
