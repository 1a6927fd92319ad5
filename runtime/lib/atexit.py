"""Functions to call when the interpreter exits.

register() adds a callback, unregister() removes every registration of a
function; at exit the interpreter calls _run_exitfuncs(), which runs the
callbacks newest first.  A callback that raises does not stop the others:
its exception is reported on sys.stderr as an "Exception ignored in atexit
callback" message.

As in CPython, an unregistered callback leaves an empty slot behind that
still counts in _ncallbacks() until the list is cleared.
"""

import sys
import _thread

# Slots of (func, args, kwargs); None where a callback was unregistered.
_slots = []
_guard = _thread.allocate_lock()


def register(func, *args, **kwargs):
    """Call func(*args, **kwargs) at exit; returns func (usable as a
    decorator)."""
    if not callable(func):
        raise TypeError("the first argument must be callable")
    with _guard:
        _slots.append((func, args, kwargs))
    return func


def unregister(func):
    """Forget every registration of func (compared with ==)."""
    with _guard:
        for index, slot in enumerate(_slots):
            if slot is None:
                continue
            registered = slot[0]
            if registered is func or registered == func:
                _slots[index] = None


def _clear():
    """Forget all callbacks."""
    with _guard:
        _slots.clear()


def _ncallbacks():
    """The number of callback slots in use."""
    with _guard:
        return len(_slots)


def _run_exitfuncs():
    """Run the callbacks, last registered first, then forget them all."""
    with _guard:
        pending = list(_slots)
    for slot in reversed(pending):
        if slot is None:
            continue
        func, args, kwargs = slot
        try:
            func(*args, **kwargs)
        except BaseException as exc:
            # the report starts at the callback's own frame
            tb = exc.__traceback__
            tb = tb.tb_next if tb is not None else None
            _report_unraisable(exc, tb, func)
    _clear()


class _UnraisableArgs:
    # what sys.unraisablehook receives
    def __init__(self, exc, tb, err_msg, obj):
        self.exc_type = type(exc)
        self.exc_value = exc
        self.exc_traceback = tb
        self.err_msg = err_msg
        self.object = obj


def _report_unraisable(exc, tb, func):
    hook = getattr(sys, 'unraisablehook', None)
    message = "Exception ignored in atexit callback"
    if hook is not None:
        try:
            hook(_UnraisableArgs(exc, tb, message, func))
            return
        except BaseException:
            pass
    stream = sys.stderr
    if stream is None:
        return
    try:
        shown = repr(func)
    except Exception:
        shown = "<object repr() failed>"
    parts = ["%s: %s\n" % (message, shown)]
    if tb is not None:
        import traceback
        parts.append("Traceback (most recent call last):\n")
        parts.extend(traceback.format_tb(tb))
    kind = type(exc)
    name = kind.__qualname__
    module = kind.__module__
    if module not in ("builtins", "__main__"):
        name = "%s.%s" % (module, name)
    try:
        text = str(exc)
    except Exception:
        text = "<exception str() failed>"
    parts.append("%s: %s\n" % (name, text))
    try:
        stream.write("".join(parts))
        stream.flush()
    except Exception:
        pass
