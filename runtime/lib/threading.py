"""Thread module emulating a subset of Java's threading model (Weft's
implementation of `threading`, built on the native `_thread` module)."""

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

_trace_hook = None
_profile_hook = None


def setprofile(func):
    """Set a profile function for all threads started from the threading
    module."""
    global _profile_hook
    _profile_hook = func


def getprofile():
    """Get the profiler function as set by threading.setprofile()."""
    return _profile_hook


def settrace(func):
    """Set a trace function for all threads started from the threading
    module."""
    global _trace_hook
    _trace_hook = func


def gettrace():
    """Get the trace function as set by threading.settrace()."""
    return _trace_hook


def stack_size(*args):
    """Return (and optionally set) the thread stack size."""
    fn = getattr(_thread, 'stack_size', None)
    if fn is None:
        if args and args[0]:
            raise ThreadError('setting stack size not supported')
        return 0
    return fn(*args)


################################################################################
# Condition variables
################################################################################

def _rlock_release_all(lock):
    # Fully release a re-entrant lock owned by the current thread; the count
    # of releases restores it later.  Once the lock is no longer ours,
    # release() raises RuntimeError.
    count = 0
    while True:
        try:
            lock.release()
        except RuntimeError:
            return count
        count += 1


class Condition:
    """Class that implements a condition variable.

    A condition variable allows one or more threads to wait until they are
    notified by another thread.  If the lock argument is given and not None,
    it must be a Lock or RLock object; otherwise a new RLock is created."""

    def __init__(self, lock=None):
        if lock is None:
            lock = RLock()
        self._lock = lock
        self.acquire = lock.acquire
        self.release = lock.release
        self._reentrant = False
        release_save = getattr(lock, '_release_save', None)
        if release_save is not None:
            self._release_save = release_save
        acquire_restore = getattr(lock, '_acquire_restore', None)
        if acquire_restore is not None:
            self._acquire_restore = acquire_restore
        is_owned = getattr(lock, '_is_owned', None)
        if is_owned is not None:
            self._is_owned = is_owned
        if release_save is None and isinstance(lock, _RLockType):
            self._reentrant = True
        self._waiters = []

    def __enter__(self):
        return self._lock.__enter__()

    def __exit__(self, *args):
        return self._lock.__exit__(*args)

    def __repr__(self):
        return '<Condition(%s, %d)>' % (self._lock, len(self._waiters))

    def _release_save(self):
        if self._reentrant:
            return _rlock_release_all(self._lock)
        self._lock.release()
        return None

    def _acquire_restore(self, state):
        if self._reentrant:
            for _ in range(state):
                self._lock.acquire()
            return
        self._lock.acquire()

    def _is_owned(self):
        if self._reentrant:
            # cannot tell "owned by this thread" from "free" through the
            # public RLock API; only detect a lock held by another thread
            if self._lock.acquire(False):
                self._lock.release()
            else:
                return False
            return True
        if self._lock.acquire(False):
            self._lock.release()
            return False
        return True

    def wait(self, timeout=None):
        """Wait until notified or until a timeout occurs.

        Returns True unless a given timeout expired."""
        if not self._is_owned():
            raise RuntimeError('cannot wait on un-acquired lock')
        waiter = _allocate_lock()
        waiter.acquire()
        self._waiters.append(waiter)
        saved_state = self._release_save()
        gotit = False
        try:
            if timeout is None:
                waiter.acquire()
                gotit = True
            elif timeout > 0:
                gotit = waiter.acquire(True, timeout)
            else:
                gotit = waiter.acquire(False)
            return gotit
        finally:
            self._acquire_restore(saved_state)
            if not gotit:
                try:
                    self._waiters.remove(waiter)
                except ValueError:
                    pass

    def wait_for(self, predicate, timeout=None):
        """Wait until a condition evaluates to True; returns the last value
        of the predicate."""
        endtime = None
        waittime = timeout
        result = predicate()
        while not result:
            if waittime is not None:
                if endtime is None:
                    endtime = _time() + waittime
                else:
                    waittime = endtime - _time()
                    if waittime <= 0:
                        break
            self.wait(waittime)
            result = predicate()
        return result

    def notify(self, n=1):
        """Wake up one or more threads waiting on this condition, if any."""
        if not self._is_owned():
            raise RuntimeError('cannot notify on un-acquired lock')
        waiters = self._waiters
        while waiters and n > 0:
            waiter = waiters[0]
            try:
                waiter.release()
            except RuntimeError:
                # the waiter timed out and already released its lock
                pass
            else:
                n -= 1
            try:
                waiters.remove(waiter)
            except ValueError:
                pass

    def notify_all(self):
        """Wake up all threads waiting on this condition."""
        self.notify(len(self._waiters))

    def notifyAll(self):
        """Wake up all threads waiting on this condition (deprecated)."""
        self.notify_all()


################################################################################
# Semaphores
################################################################################

class Semaphore:
    """This class implements semaphore objects: a counter decremented by
    acquire() and incremented by release()."""

    def __init__(self, value=1):
        if value < 0:
            raise ValueError('semaphore initial value must be >= 0')
        self._cond = Condition(Lock())
        self._value = value

    def __repr__(self):
        cls = self.__class__
        return ('<%s.%s at %#x: value=%s>'
                % (cls.__module__, cls.__qualname__, id(self), self._value))

    def acquire(self, blocking=True, timeout=None):
        """Acquire a semaphore, decrementing the internal counter by one."""
        if not blocking and timeout is not None:
            raise ValueError("can't specify timeout for non-blocking acquire")
        rc = False
        endtime = None
        with self._cond:
            while self._value == 0:
                if not blocking:
                    break
                if timeout is not None:
                    if endtime is None:
                        endtime = _time() + timeout
                    else:
                        timeout = endtime - _time()
                        if timeout <= 0:
                            break
                self._cond.wait(timeout)
            else:
                self._value -= 1
                rc = True
        return rc

    __enter__ = acquire

    def release(self, n=1):
        """Release a semaphore, incrementing the internal counter by n."""
        if n < 1:
            raise ValueError('n must be one or more')
        with self._cond:
            self._value += n
            for _ in range(n):
                self._cond.notify()

    def __exit__(self, t, v, tb):
        self.release()


class BoundedSemaphore(Semaphore):
    """A bounded semaphore checks that its value never exceeds its initial
    value."""

    def __init__(self, value=1):
        Semaphore.__init__(self, value)
        self._initial_value = value

    def __repr__(self):
        cls = self.__class__
        return ('<%s.%s at %#x: value=%s/%s>'
                % (cls.__module__, cls.__qualname__, id(self), self._value,
                   self._initial_value))

    def release(self, n=1):
        """Release a semaphore; ValueError if it would exceed the initial
        value."""
        if n < 1:
            raise ValueError('n must be one or more')
        with self._cond:
            if self._value + n > self._initial_value:
                raise ValueError('Semaphore released too many times')
            self._value += n
            for _ in range(n):
                self._cond.notify()


################################################################################
# Event
################################################################################

class Event:
    """Class implementing event objects: a flag that set() makes true,
    clear() false, and that wait() blocks on until it is true."""

    def __init__(self):
        self._cond = Condition(Lock())
        self._flag = False

    def __repr__(self):
        cls = self.__class__
        status = 'set' if self._flag else 'unset'
        return '<%s.%s at %#x: %s>' % (cls.__module__, cls.__qualname__,
                                       id(self), status)

    def is_set(self):
        """Return true if and only if the internal flag is true."""
        return self._flag

    def isSet(self):
        """Return true if and only if the internal flag is true (deprecated)."""
        return self._flag

    def set(self):
        """Set the internal flag to true, waking all waiting threads."""
        with self._cond:
            self._flag = True
            self._cond.notify_all()

    def clear(self):
        """Reset the internal flag to false."""
        with self._cond:
            self._flag = False

    def wait(self, timeout=None):
        """Block until the internal flag is true or the timeout expires;
        return the flag."""
        with self._cond:
            signaled = self._flag
            if not signaled:
                signaled = self._cond.wait(timeout)
            return signaled


################################################################################
# Barrier
################################################################################

class BrokenBarrierError(RuntimeError):
    pass


# Barrier states
_FILLING = 0
_DRAINING = 1
_RESETTING = -1
_BROKEN = -2


class Barrier:
    """Implements a Barrier: `parties` threads block in wait() until all of
    them have called it, then all are released together."""

    def __init__(self, parties, action=None, timeout=None):
        self._cond = Condition(Lock())
        self._action = action
        self._timeout = timeout
        self._parties = parties
        self._state = _FILLING
        self._count = 0

    def __repr__(self):
        cls = self.__class__
        if self.broken:
            return '<%s.%s at %#x: broken>' % (cls.__module__,
                                               cls.__qualname__, id(self))
        return '<%s.%s at %#x: waiters=%d/%d>' % (
            cls.__module__, cls.__qualname__, id(self), self.n_waiting,
            self.parties)

    def wait(self, timeout=None):
        """Wait for the barrier; returns this thread's arrival index
        (0 .. parties-1)."""
        if timeout is None:
            timeout = self._timeout
        with self._cond:
            self._enter()
            index = self._count
            self._count += 1
            try:
                if index + 1 == self._parties:
                    self._release()
                else:
                    self._wait(timeout)
                return index
            finally:
                self._count -= 1
                self._exit()

    def _enter(self):
        # wait while a previous cycle drains or resets
        while self._state == _RESETTING or self._state == _DRAINING:
            self._cond.wait()
        if self._state < 0:
            raise BrokenBarrierError
        assert self._state == _FILLING

    def _release(self):
        try:
            if self._action:
                self._action()
            self._state = _DRAINING
            self._cond.notify_all()
        except BaseException:
            self._break()
            raise

    def _wait(self, timeout):
        if not self._cond.wait_for(self._not_filling, timeout):
            self._break()
            raise BrokenBarrierError
        if self._state < 0:
            raise BrokenBarrierError
        assert self._state == _DRAINING

    def _not_filling(self):
        return self._state != _FILLING

    def _exit(self):
        if self._count == 0:
            if self._state == _RESETTING or self._state == _DRAINING:
                self._state = _FILLING
                self._cond.notify_all()

    def reset(self):
        """Reset the barrier to the initial state; waiting threads get
        BrokenBarrierError."""
        with self._cond:
            if self._count > 0:
                if self._state == _FILLING or self._state == _BROKEN:
                    self._state = _RESETTING
            else:
                self._state = _FILLING
            self._cond.notify_all()

    def abort(self):
        """Place the barrier into a 'broken' state."""
        with self._cond:
            self._break()

    def _break(self):
        self._state = _BROKEN
        self._cond.notify_all()

    @property
    def parties(self):
        """Return the number of threads required to trip the barrier."""
        return self._parties

    @property
    def n_waiting(self):
        """Return the number of threads currently waiting at the barrier."""
        if self._state == _FILLING:
            return self._count
        return 0

    @property
    def broken(self):
        """Return True if the barrier is in a broken state."""
        return self._state == _BROKEN


################################################################################
# Thread registry
################################################################################

_counter_lock = _allocate_lock()
_counter_value = 0


def _newname(name_template):
    global _counter_value
    with _counter_lock:
        _counter_value += 1
        n = _counter_value
    return name_template % n


_active_limbo_lock = _allocate_lock()
_active = {}        # thread ident -> Thread
_limbo = {}         # Thread -> Thread, for threads between start() and run
_threading_atexits = []
_SHUTTING_DOWN = False


################################################################################
# excepthook
################################################################################

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


class _ExceptHookArgs(tuple):
    """ExceptHookArgs(exc_type, exc_value, exc_traceback, thread)"""

    __slots__ = ()

    @property
    def exc_type(self):
        return self[0]

    @property
    def exc_value(self):
        return self[1]

    @property
    def exc_traceback(self):
        return self[2]

    @property
    def thread(self):
        return self[3]

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


################################################################################
# Thread
################################################################################

class Thread:
    """A class that represents a thread of control.

    Pass a callable as `target` or override run() in a subclass."""

    _initialized = False

    def __init__(self, group=None, target=None, name=None,
                 args=(), kwargs=None, *, daemon=None):
        assert group is None, 'group argument must be None for now'
        if kwargs is None:
            kwargs = {}
        if name:
            name = str(name)
        else:
            name = _newname('Thread-%d')
            if target is not None:
                try:
                    target_name = target.__name__
                    name += ' (%s)' % (target_name,)
                except AttributeError:
                    pass
        self._target = target
        self._name = name
        self._args = args
        self._kwargs = kwargs
        if daemon is not None:
            self._daemonic = daemon
        else:
            self._daemonic = current_thread().daemon
        self._ident = None
        self._native_id = None
        self._done_lock = None      # held while the thread runs
        self._started = Event()
        self._is_stopped = False
        self._initialized = True
        self._stderr = getattr(_sys, 'stderr', None)

    def __repr__(self):
        assert self._initialized, 'Thread.__init__() was not called'
        status = 'initial'
        if self._started.is_set():
            status = 'started'
        if self._is_stopped:
            status = 'stopped'
        if self._daemonic:
            status += ' daemon'
        if self._ident is not None:
            status += ' %s' % self._ident
        return '<%s(%s, %s)>' % (self.__class__.__name__, self._name, status)

    def start(self):
        """Start the thread's activity (at most once per Thread object)."""
        if not self._initialized:
            raise RuntimeError('thread.__init__() not called')
        if self._started.is_set() or self._done_lock is not None:
            raise RuntimeError('threads can only be started once')
        done = _allocate_lock()
        done.acquire()
        self._done_lock = done
        with _active_limbo_lock:
            _limbo[self] = self
        try:
            _start_new_thread(self._bootstrap, ())
        except Exception:
            with _active_limbo_lock:
                del _limbo[self]
            self._done_lock = None
            raise
        self._started.wait()

    def run(self):
        """Method representing the thread's activity: calls the target."""
        try:
            if self._target is not None:
                self._target(*self._args, **self._kwargs)
        finally:
            # avoid a refcycle if the thread is running a function with an
            # argument that has a member that points to the thread
            del self._target, self._args, self._kwargs

    def _bootstrap(self):
        try:
            self._ident = get_ident()
            if _get_native_id is not None:
                self._native_id = _get_native_id()
            with _active_limbo_lock:
                _active[self._ident] = self
                del _limbo[self]
            self._started.set()
            if _trace_hook is not None and hasattr(_sys, 'settrace'):
                _sys.settrace(_trace_hook)
            if _profile_hook is not None and hasattr(_sys, 'setprofile'):
                _sys.setprofile(_profile_hook)
            try:
                self.run()
            except BaseException as exc:
                _invoke_excepthook(self, exc)
        finally:
            with _active_limbo_lock:
                if _active.get(self._ident) is self:
                    del _active[self._ident]
            self._is_stopped = True
            self._done_lock.release()

    def join(self, timeout=None):
        """Wait until the thread terminates (or the timeout, in seconds,
        expires)."""
        if not self._initialized:
            raise RuntimeError('Thread.__init__() not called')
        if not self._started.is_set():
            raise RuntimeError('cannot join thread before it is started')
        if self is current_thread():
            raise RuntimeError('cannot join current thread')
        self._wait_done(timeout)

    def _wait_done(self, timeout=None):
        lock = self._done_lock
        if lock is None or self._is_stopped:
            return
        if timeout is None:
            got = lock.acquire()
        elif timeout > 0:
            got = lock.acquire(True, timeout)
        else:
            got = lock.acquire(False)
        if got:
            lock.release()

    @property
    def name(self):
        """A string used for identification purposes only."""
        assert self._initialized, 'Thread.__init__() not called'
        return self._name

    @name.setter
    def name(self, name):
        assert self._initialized, 'Thread.__init__() not called'
        self._name = str(name)

    @property
    def ident(self):
        """Thread identifier of this thread or None if it has not been
        started."""
        assert self._initialized, 'Thread.__init__() not called'
        return self._ident

    @property
    def native_id(self):
        """Native integral thread ID of this thread, or None if it has not
        been started."""
        assert self._initialized, 'Thread.__init__() not called'
        return self._native_id

    def is_alive(self):
        """Return whether the thread is alive."""
        assert self._initialized, 'Thread.__init__() not called'
        return self._started.is_set() and not self._is_stopped

    @property
    def daemon(self):
        """A boolean value indicating whether this thread is a daemon
        thread."""
        assert self._initialized, 'Thread.__init__() not called'
        return self._daemonic

    @daemon.setter
    def daemon(self, daemonic):
        if not self._initialized:
            raise RuntimeError('Thread.__init__() not called')
        if self._started.is_set():
            raise RuntimeError('cannot set daemon status of active thread')
        self._daemonic = daemonic

    def isDaemon(self):
        """Return whether this thread is a daemon (deprecated)."""
        return self.daemon

    def setDaemon(self, daemonic):
        """Set whether this thread is a daemon (deprecated)."""
        self.daemon = daemonic

    def getName(self):
        """Return a string used for identification purposes only
        (deprecated)."""
        return self.name

    def setName(self, name):
        """Set the name string for this thread (deprecated)."""
        self.name = name


class Timer(Thread):
    """Call a function after a specified number of seconds:

        t = Timer(30.0, f, args=None, kwargs=None)
        t.start()
        t.cancel()     # stop the timer's action if it's still waiting
    """

    def __init__(self, interval, function, args=None, kwargs=None):
        Thread.__init__(self)
        self.interval = interval
        self.function = function
        self.args = args if args is not None else []
        self.kwargs = kwargs if kwargs is not None else {}
        self.finished = Event()

    def cancel(self):
        """Stop the timer if it hasn't finished yet."""
        self.finished.set()

    def run(self):
        self.finished.wait(self.interval)
        if not self.finished.is_set():
            self.function(*self.args, **self.kwargs)
        self.finished.set()


class _MainThread(Thread):

    def __init__(self):
        Thread.__init__(self, name='MainThread', daemon=False)
        done = _allocate_lock()
        done.acquire()
        self._done_lock = done
        self._started.set()
        main_ident = getattr(_thread, '_get_main_thread_ident', None)
        self._ident = main_ident() if main_ident is not None else get_ident()
        if _get_native_id is not None and self._ident == get_ident():
            self._native_id = _get_native_id()
        with _active_limbo_lock:
            _active[self._ident] = self


class _DummyThread(Thread):
    # A thread not started by this module (e.g. by _thread directly): alive
    # and daemonic, and cannot be joined.

    def __init__(self):
        Thread.__init__(self, name=_newname('Dummy-%d'), daemon=True)
        self._started.set()
        self._ident = get_ident()
        if _get_native_id is not None:
            self._native_id = _get_native_id()
        with _active_limbo_lock:
            _active[self._ident] = self

    def is_alive(self):
        assert not self._is_stopped and self._started.is_set()
        return True

    def join(self, timeout=None):
        assert False, 'cannot join a dummy thread'


################################################################################
# module functions
################################################################################

def current_thread():
    """Return the current Thread object, corresponding to the caller's thread
    of control."""
    try:
        return _active[get_ident()]
    except KeyError:
        return _DummyThread()


def currentThread():
    """Return the current Thread object (deprecated)."""
    return current_thread()


def active_count():
    """Return the number of Thread objects currently alive."""
    with _active_limbo_lock:
        return len(_active) + len(_limbo)


def activeCount():
    """Return the number of Thread objects currently alive (deprecated)."""
    return active_count()


def enumerate():
    """Return a list of all Thread objects currently active."""
    with _active_limbo_lock:
        return list(_active.values()) + list(_limbo.values())


def main_thread():
    """Return the main thread object."""
    return _main_thread


def _register_atexit(func, *arg, **kwargs):
    """Register a function to be called by _shutdown() before joining the
    non-daemon threads (used by concurrent.futures)."""
    if _SHUTTING_DOWN:
        raise RuntimeError("can't register atexit after shutdown")

    def call():
        func(*arg, **kwargs)

    _threading_atexits.append(call)


def _shutdown():
    """Wait until all non-daemon threads have finished; the interpreter calls
    this when the main program ends."""
    global _SHUTTING_DOWN
    if _main_thread._is_stopped:
        return
    _SHUTTING_DOWN = True
    for atexit_call in reversed(_threading_atexits):
        atexit_call()
    me = get_ident()
    if _main_thread._ident == me:
        _main_thread._is_stopped = True
        lock = _main_thread._done_lock
        if lock is not None:
            lock.release()
    while True:
        with _active_limbo_lock:
            pending = [t for t in list(_active.values()) + list(_limbo.values())
                       if not t._daemonic and not t._is_stopped
                       and t._ident != me and t is not _main_thread]
        if not pending:
            break
        for t in pending:
            t._wait_done()


_main_thread = _MainThread()
