"""Ctrl-C during a test run (-c/--catch): the first SIGINT asks every
registered result to stop after the current test; a second one raises
KeyboardInterrupt as usual.  Without a signal module these calls do
nothing."""

import functools

__unittest = True

try:
    import signal as _signal
except ImportError:
    _signal = None

try:
    import weakref as _weakref
except ImportError:
    _weakref = None

# results are held weakly so that registering does not keep them alive
_results = _weakref.WeakKeyDictionary() if _weakref is not None else None
_interrupt_handler = None


def _ignore(signum, frame):
    return None


class _InterruptHandler(object):
    def __init__(self, default_handler):
        self.original_handler = default_handler
        self.called = False
        if default_handler == _signal.SIG_DFL:
            default_handler = _signal.default_int_handler
        elif default_handler == _signal.SIG_IGN:
            default_handler = _ignore
        elif isinstance(default_handler, int):
            raise TypeError("expected SIGINT signal handler to be signal.SIG_IGN, "
                            "signal.SIG_DFL, or a callable object")
        self.default_handler = default_handler

    def __call__(self, signum, frame):
        # someone replaced us, or this is the second Ctrl-C: old behaviour
        if _signal.getsignal(_signal.SIGINT) is not self or self.called:
            self.default_handler(signum, frame)
        self.called = True
        for res in list(_results.keys()) if _results is not None else ():
            res.stop()


def registerResult(result):
    if _results is not None:
        _results[result] = 1


def removeResult(result):
    if _results is None:
        return False
    return bool(_results.pop(result, None))


def installHandler():
    global _interrupt_handler
    if _signal is None or _interrupt_handler is not None:
        return
    _interrupt_handler = _InterruptHandler(_signal.getsignal(_signal.SIGINT))
    _signal.signal(_signal.SIGINT, _interrupt_handler)


def removeHandler(method=None):
    """Restore the SIGINT handler; used as a decorator, restore it only
    while the decorated function runs."""
    if method is None:
        if _interrupt_handler is not None and _signal is not None:
            _signal.signal(_signal.SIGINT, _interrupt_handler.original_handler)
        return None

    @functools.wraps(method)
    def without_handler(*args, **kwargs):
        if _signal is None:
            return method(*args, **kwargs)
        saved = _signal.getsignal(_signal.SIGINT)
        removeHandler()
        try:
            return method(*args, **kwargs)
        finally:
            _signal.signal(_signal.SIGINT, saved)
    return without_handler
