"""Helpers for building and combining context managers (`with` blocks)."""

import sys
from functools import wraps

__all__ = ['asynccontextmanager', 'contextmanager', 'closing', 'nullcontext',
           'AbstractContextManager', 'AbstractAsyncContextManager',
           'AsyncExitStack', 'ContextDecorator', 'ExitStack',
           'redirect_stdout', 'redirect_stderr', 'suppress', 'aclosing']


def _alias(cls, item):
    # Parameterised form, e.g. AbstractContextManager[int].  Uses the
    # interpreter's generic-alias type when it has one.
    alias_type = type(list[int])
    if alias_type is type:
        return cls
    return alias_type(cls, item)


def _defines(klass, names):
    """True when every name is found in the MRO of klass and not set to
    None there (None means "explicitly unsupported")."""
    mro = getattr(klass, '__mro__', None)
    if mro is None:
        return False
    for name in names:
        for base in mro:
            if name in base.__dict__:
                if base.__dict__[name] is None:
                    return False
                break
        else:
            return False
    return True


class _ProtocolMeta(type):
    """Metaclass for the two abstract context-manager classes: the root
    class matches any class that has the protocol's methods; subclasses of
    it are checked by ordinary inheritance."""

    def __instancecheck__(cls, instance):
        return cls.__subclasscheck__(type(instance))

    def __subclasscheck__(cls, sub):
        if cls in getattr(sub, '__mro__', ()):
            return True
        names = cls.__dict__.get('_protocol_names')
        if names is None:
            return False
        return _defines(sub, names)


class AbstractContextManager(metaclass=_ProtocolMeta):
    """Base for context managers: __enter__ returns self by default,
    subclasses supply __exit__."""

    _protocol_names = ('__enter__', '__exit__')
    __slots__ = ()

    __class_getitem__ = classmethod(_alias)

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        return None


class AbstractAsyncContextManager(metaclass=_ProtocolMeta):
    """Base for asynchronous context managers: __aenter__ returns self by
    default, subclasses supply __aexit__."""

    _protocol_names = ('__aenter__', '__aexit__')
    __slots__ = ()

    __class_getitem__ = classmethod(_alias)

    async def __aenter__(self):
        return self

    async def __aexit__(self, exc_type, exc_value, traceback):
        return None


class ContextDecorator(object):
    """Mixin letting a context manager also be used as a decorator: the
    decorated function runs inside `with self._recreate_cm():`."""

    def _recreate_cm(self):
        return self

    def __call__(self, func):
        @wraps(func)
        def decorated(*args, **kwds):
            with self._recreate_cm():
                return func(*args, **kwds)
        return decorated


class AsyncContextDecorator(object):
    """Async counterpart of ContextDecorator for coroutine functions."""

    def _recreate_cm(self):
        return self

    def __call__(self, func):
        @wraps(func)
        async def decorated(*args, **kwds):
            async with self._recreate_cm():
                return await func(*args, **kwds)
        return decorated


_RERAISE = object()


def _verdict(sent, caught, tb):
    """__exit__'s answer once throwing `sent` into the generator made it
    raise `caught`; _RERAISE means the caller must re-raise `caught`."""
    if isinstance(caught, (StopIteration, StopAsyncIteration)):
        # the generator swallowed the exception and finished: that counts
        # as suppression, unless what came back is the very object sent
        return caught is not sent
    if caught is sent:
        caught.__traceback__ = tb
        return False
    # a StopIteration thrown in is turned into RuntimeError by PEP 479
    converted = (isinstance(caught, RuntimeError)
                 and isinstance(sent, (StopIteration, StopAsyncIteration))
                 and caught.__cause__ is sent)
    if converted:
        sent.__traceback__ = tb
        return False
    return _RERAISE


class _GenCMBase:
    def __init__(self, func, args, kwds):
        self._recipe = (func, args, kwds)
        self.gen = func(*args, **kwds)
        self.__doc__ = getattr(func, '__doc__', None) or type(self).__doc__

    def _recreate_cm(self):
        # each use as a decorator needs a fresh generator
        return type(self)(*self._recipe)

    def _start_failed(self):
        return RuntimeError("generator didn't yield")


class _GeneratorContextManager(_GenCMBase, AbstractContextManager,
                               ContextDecorator):
    """Context manager driven by a one-shot generator."""

    def __enter__(self):
        # drop the recipe: it is only needed for decorator use
        self._recipe = None
        for first in self.gen:
            return first
        raise self._start_failed()

    def __exit__(self, typ, value, traceback):
        gen = self.gen
        if typ is not None:
            sent = typ() if value is None else value
            try:
                gen.throw(sent)
            except BaseException as caught:
                answer = _verdict(sent, caught, traceback)
                if answer is _RERAISE:
                    raise
                return answer
            problem = "generator didn't stop after throw()"
        else:
            finished = object()
            if next(gen, finished) is finished:
                return False
            problem = "generator didn't stop"
        try:
            raise RuntimeError(problem)
        finally:
            gen.close()


class _AsyncGeneratorContextManager(_GenCMBase, AbstractAsyncContextManager,
                                    AsyncContextDecorator):
    """Async context manager driven by a one-shot async generator."""

    async def __aenter__(self):
        self._recipe = None
        async for first in self.gen:
            return first
        raise self._start_failed()

    async def __aexit__(self, typ, value, traceback):
        gen = self.gen
        if typ is not None:
            sent = typ() if value is None else value
            try:
                await gen.athrow(sent)
            except BaseException as caught:
                answer = _verdict(sent, caught, traceback)
                if answer is _RERAISE:
                    raise
                return answer
            problem = "generator didn't stop after athrow()"
        else:
            try:
                await gen.__anext__()
            except StopAsyncIteration:
                return False
            problem = "generator didn't stop"
        try:
            raise RuntimeError(problem)
        finally:
            await gen.aclose()


def contextmanager(func):
    """Decorator turning a generator function that yields once into a
    context manager factory: code before the yield runs on entry, the
    yielded value is bound by `as`, code after it runs on exit."""
    def build(*args, **kwds):
        return _GeneratorContextManager(func, args, kwds)
    return wraps(func)(build)


def asynccontextmanager(func):
    """Like contextmanager, for async generator functions (`async with`)."""
    def build(*args, **kwds):
        return _AsyncGeneratorContextManager(func, args, kwds)
    return wraps(func)(build)


class _Holder(AbstractContextManager):
    # keeps one object and hands it out on entry
    def __init__(self, obj=None):
        self._held = obj

    def __enter__(self):
        return self._held


class closing(_Holder):
    """Call thing.close() when the block ends; `as` binds thing."""

    def __init__(self, thing):
        _Holder.__init__(self, thing)

    def __exit__(self, *exc_info):
        self._held.close()


class aclosing(AbstractAsyncContextManager):
    """Await thing.aclose() when the `async with` block ends."""

    def __init__(self, thing):
        self._held = thing

    async def __aenter__(self):
        return self._held

    async def __aexit__(self, *exc_info):
        await self._held.aclose()


class _StreamSwap(AbstractContextManager):
    _stream = None

    def __init__(self, new_target):
        self._new_target = new_target
        # a stack, so one instance may be entered again while active
        self._saved = []

    def __enter__(self):
        self._saved.append(getattr(sys, self._stream))
        setattr(sys, self._stream, self._new_target)
        return self._new_target

    def __exit__(self, exctype, excinst, exctb):
        setattr(sys, self._stream, self._saved.pop())


class redirect_stdout(_StreamSwap):
    """Temporarily replace sys.stdout with another file-like object."""
    _stream = 'stdout'


class redirect_stderr(_StreamSwap):
    """Temporarily replace sys.stderr with another file-like object."""
    _stream = 'stderr'


class suppress(AbstractContextManager):
    """Swallow the listed exception types raised inside the block."""

    def __init__(self, *exceptions):
        self._swallowed = tuple(exceptions)

    def __enter__(self):
        return None

    def __exit__(self, exctype, excinst, exctb):
        if exctype is None:
            return False
        return issubclass(exctype, self._swallowed)


class nullcontext(_Holder, AbstractAsyncContextManager):
    """A context manager that does nothing; `as` binds enter_result."""

    def __exit__(self, *excinfo):
        return None

    async def __aenter__(self):
        return self._held

    async def __aexit__(self, *excinfo):
        return None


def _type_label(cls):
    return "%s.%s" % (cls.__module__, cls.__qualname__)


def _bound_exit(cm, exit_func):
    def call_exit(exc_type, exc, tb):
        return exit_func(cm, exc_type, exc, tb)
    call_exit.__self__ = cm
    return call_exit


def _relink(new_exc, prior, outer):
    """Make the exception raised by a later callback (`new_exc`) carry the
    earlier callback's exception (`prior`) as context.  Its chain currently
    leads to the exception that was active around __exit__ (`outer`)."""
    node = new_exc
    while True:
        nxt = node.__context__
        if nxt is None or nxt is prior:
            return
        if nxt is outer:
            node.__context__ = prior
            return
        node = nxt


class _StackBase:
    def __init__(self):
        # entries are (is_sync, callable taking (type, value, traceback))
        self._exit_callbacks = []

    def pop_all(self):
        """Move all registered callbacks to a new stack and return it."""
        other = type(self)()
        other._exit_callbacks = self._exit_callbacks
        self._exit_callbacks = []
        return other

    def push(self, exit):
        """Register an __exit__-style callback, or an object whose
        type has __exit__; returns the argument (usable as a decorator)."""
        cls = type(exit)
        try:
            exit_method = cls.__exit__
        except AttributeError:
            # a plain callable with the __exit__ signature
            self._exit_callbacks.append((True, exit))
        else:
            self._exit_callbacks.append((True, _bound_exit(exit, exit_method)))
        return exit

    def enter_context(self, cm):
        """Enter cm and register its __exit__; returns __enter__'s result."""
        cls = type(cm)
        try:
            enter = cls.__enter__
            exit_method = cls.__exit__
        except AttributeError:
            raise TypeError("'%s' object does not support the context "
                            "manager protocol" % _type_label(cls)) from None
        result = enter(cm)
        self._exit_callbacks.append((True, _bound_exit(cm, exit_method)))
        return result

    def callback(*args, **kwds):
        """Register callback(*args, **kwds) to run on exit; returns it."""
        self, callback = args[0], args[1]
        args = args[2:]

        def run_callback(exc_type, exc, tb):
            callback(*args, **kwds)
        run_callback.__wrapped__ = callback
        self._exit_callbacks.append((True, run_callback))
        return callback


class ExitStack(_StackBase, AbstractContextManager):
    """Collects context managers and callbacks, and unwinds them in reverse
    order when the `with` block (or close()) ends, passing any exception
    from one to the next like nested `with` statements would."""

    def __enter__(self):
        return self

    def __exit__(self, *exc_details):
        had_exc = exc_details[0] is not None
        outer = sys.exc_info()[1]
        current = exc_details[1]
        if current is None and had_exc:
            current = exc_details[0]()
        original = current
        suppressed = False
        while self._exit_callbacks:
            is_sync, cb = self._exit_callbacks.pop()
            if current is None:
                details = (None, None, None)
            else:
                details = (type(current), current, current.__traceback__)
            try:
                if cb(*details):
                    suppressed = True
                    current = None
            except BaseException as exc:
                _relink(exc, current, outer)
                current = exc
        if current is not None and current is not original:
            kept = current.__context__
            try:
                raise current
            except BaseException:
                current.__context__ = kept
                raise
        return had_exc and suppressed and current is None

    def close(self):
        """Run all callbacks now, as if the `with` block ended normally."""
        self.__exit__(None, None, None)


class AsyncExitStack(_StackBase, AbstractAsyncContextManager):
    """ExitStack for `async with`: also accepts async context managers and
    coroutine callbacks."""

    async def enter_async_context(self, cm):
        """Enter an async context manager, registering its __aexit__."""
        cls = type(cm)
        try:
            enter = cls.__aenter__
            exit_method = cls.__aexit__
        except AttributeError:
            raise TypeError("'%s' object does not support the asynchronous "
                            "context manager protocol"
                            % _type_label(cls)) from None
        result = await enter(cm)
        self._exit_callbacks.append((False, _bound_exit(cm, exit_method)))
        return result

    def push_async_exit(self, exit):
        """Register an __aexit__-style coroutine function, or an object
        whose type has __aexit__."""
        cls = type(exit)
        try:
            exit_method = cls.__aexit__
        except AttributeError:
            self._exit_callbacks.append((False, exit))
        else:
            self._exit_callbacks.append((False, _bound_exit(exit, exit_method)))
        return exit

    def push_async_callback(*args, **kwds):
        """Register a coroutine function to be awaited on exit."""
        self, callback = args[0], args[1]
        args = args[2:]

        async def run_callback(exc_type, exc, tb):
            await callback(*args, **kwds)
        run_callback.__wrapped__ = callback
        self._exit_callbacks.append((False, run_callback))
        return callback

    async def aclose(self):
        """Unwind the stack now."""
        await self.__aexit__(None, None, None)

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc_details):
        had_exc = exc_details[0] is not None
        outer = sys.exc_info()[1]
        current = exc_details[1]
        if current is None and had_exc:
            current = exc_details[0]()
        original = current
        suppressed = False
        while self._exit_callbacks:
            is_sync, cb = self._exit_callbacks.pop()
            if current is None:
                details = (None, None, None)
            else:
                details = (type(current), current, current.__traceback__)
            try:
                if is_sync:
                    answer = cb(*details)
                else:
                    answer = await cb(*details)
                if answer:
                    suppressed = True
                    current = None
            except BaseException as exc:
                _relink(exc, current, outer)
                current = exc
        if current is not None and current is not original:
            kept = current.__context__
            try:
                raise current
            except BaseException:
                current.__context__ = kept
                raise
        return had_exc and suppressed and current is None
