"""Weft's `abc` module: abstract base classes.

ABCMeta keeps, for every class it makes, a small state record (registered
virtual subclasses, positive and negative subclass-check caches) guarded by
a lock of its own; the global cache token is bumped under a module lock.
Any number of threads may register classes and run isinstance/issubclass
checks at once."""

import _thread

__all__ = ['ABCMeta', 'ABC', 'abstractmethod', 'abstractclassmethod',
           'abstractstaticmethod', 'abstractproperty', 'get_cache_token',
           'update_abstractmethods']


# -- marking things abstract ----------------------------------------------------

def abstractmethod(funcobj):
    """Mark a function as abstract: a class built by ABCMeta (or given to
    update_abstractmethods) that still has it cannot be instantiated."""
    funcobj.__isabstractmethod__ = True
    return funcobj


def _flag_of(obj):
    # The abstract flag of a class attribute.  Descriptor wrappers
    # (classmethod, staticmethod, property) answer from what they wrap when
    # they do not report the flag themselves.
    try:
        return bool(obj.__isabstractmethod__)
    except AttributeError:
        pass
    if isinstance(obj, (classmethod, staticmethod)):
        return _flag_of(obj.__func__)
    if isinstance(obj, property):
        return any(part is not None and _flag_of(part)
                   for part in (obj.fget, obj.fset, obj.fdel))
    return False


try:
    class abstractclassmethod(classmethod):
        """Deprecated: use classmethod over abstractmethod."""
        __isabstractmethod__ = True

        def __init__(self, func):
            super().__init__(abstractmethod(func))

    class abstractstaticmethod(staticmethod):
        """Deprecated: use staticmethod over abstractmethod."""
        __isabstractmethod__ = True

        def __init__(self, func):
            super().__init__(abstractmethod(func))

    class abstractproperty(property):
        """Deprecated: use property over abstractmethod."""
        __isabstractmethod__ = True
except TypeError:
    # The descriptor types cannot be subclassed here: hand back the plain
    # descriptor around an abstract function instead.
    def abstractclassmethod(callable):
        """Deprecated: use classmethod over abstractmethod."""
        callable.__isabstractmethod__ = True
        return classmethod(callable)

    def abstractstaticmethod(callable):
        """Deprecated: use staticmethod over abstractmethod."""
        callable.__isabstractmethod__ = True
        return staticmethod(callable)

    def abstractproperty(fget=None, fset=None, fdel=None, doc=None):
        """Deprecated: use property over abstractmethod."""
        for part in (fget, fset, fdel):
            if part is not None:
                part.__isabstractmethod__ = True
        return property(fget, fset, fdel, doc)


# -- the cache token --------------------------------------------------------------

_token_lock = _thread.allocate_lock()
_token = [0]


def get_cache_token():
    """Return a value that changes whenever any ABC gains a virtual
    subclass (so that caches built on isinstance answers know to clear)."""
    return _token[0]


def _bump_token():
    with _token_lock:
        _token[0] += 1


# -- computing __abstractmethods__ ----------------------------------------------

def _own_abstracts(cls):
    try:
        return cls.__dict__['__abstractmethods__']
    except KeyError:
        return None


def _compute_abstracts(cls):
    names = set()
    for name, value in cls.__dict__.items():
        if _flag_of(value):
            names.add(name)
    for base in cls.__bases__:
        inherited = _own_abstracts(base)
        if inherited is None:
            inherited = getattr(base, '__abstractmethods__', ())
        for name in inherited:
            if _flag_of(getattr(cls, name, None)):
                names.add(name)
    return frozenset(names)


def update_abstractmethods(cls):
    """Recompute cls.__abstractmethods__ after abstract methods were added
    or implemented once the class already exists.  Classes that do not
    track abstract methods are returned untouched."""
    if not hasattr(cls, '__abstractmethods__'):
        return cls
    cls.__abstractmethods__ = _compute_abstracts(cls)
    return cls


def _abstract_error(cls):
    names = sorted(cls.__abstractmethods__)
    plural = 's' if len(names) > 1 else ''
    return TypeError("Can't instantiate abstract class %s with abstract "
                     "method%s %s" % (cls.__name__, plural, ', '.join(names)))


def _instantiation_is_checked():
    # Does object creation itself refuse a class with abstract methods?
    class Probe:
        pass
    Probe.__abstractmethods__ = frozenset({'probe'})
    try:
        Probe()
    except TypeError:
        return True
    return False


# -- per-class state --------------------------------------------------------------

class _ABCState:
    __slots__ = ('lock', 'registry', 'cache', 'negative', 'negative_token')

    def __init__(self):
        self.lock = _thread.RLock()
        self.registry = []
        self.cache = set()
        self.negative = set()
        self.negative_token = get_cache_token()


def _state(cls):
    try:
        return cls.__dict__['_abc_impl']
    except KeyError:
        raise TypeError('%r is not an abstract base class' % (cls,)) from None


class ABCMeta(type):
    """The metaclass of abstract base classes.

    Classes it builds compute __abstractmethods__ and accept virtual
    subclasses through register(); isinstance/issubclass consult the
    __subclasshook__, the real inheritance, the registry and the
    subclasses, and cache the answers."""

    def __new__(mcls, name, bases, namespace, /, **kwargs):
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        cls.__abstractmethods__ = _compute_abstracts(cls)
        cls._abc_impl = _ABCState()
        return cls

    if not _instantiation_is_checked():
        def __call__(cls, *args, **kwargs):
            if cls.__abstractmethods__:
                raise _abstract_error(cls)
            return super().__call__(*args, **kwargs)

    def register(cls, subclass):
        """Make `subclass` a virtual subclass of this ABC; returns it, so
        that it can be used as a class decorator."""
        if not isinstance(subclass, type):
            raise TypeError("Can only register classes")
        if issubclass(subclass, cls):
            return subclass
        if issubclass(cls, subclass):
            raise RuntimeError("Refusing to create an inheritance cycle")
        state = _state(cls)
        with state.lock:
            if not any(r is subclass for r in state.registry):
                state.registry.append(subclass)
        _bump_token()
        return subclass

    def __instancecheck__(cls, instance):
        """isinstance(instance, cls)"""
        state = _state(cls)
        subclass = instance.__class__
        with state.lock:
            if subclass in state.cache:
                return True
        subtype = type(instance)
        if subtype is subclass:
            with state.lock:
                if (state.negative_token == get_cache_token()
                        and subclass in state.negative):
                    return False
            return cls.__subclasscheck__(subclass)
        return any(cls.__subclasscheck__(c) for c in (subclass, subtype))

    def __subclasscheck__(cls, subclass):
        """issubclass(subclass, cls)"""
        if not isinstance(subclass, type):
            raise TypeError('issubclass() arg 1 must be a class')
        state = _state(cls)
        with state.lock:
            if subclass in state.cache:
                return True
            token = get_cache_token()
            if state.negative_token < token:
                state.negative = set()
                state.negative_token = token
            elif subclass in state.negative:
                return False
            registry = list(state.registry)
        hook = getattr(cls, '__subclasshook__', None)
        answer = NotImplemented if hook is None else hook(subclass)
        if answer is not NotImplemented:
            if not isinstance(answer, bool):
                raise AssertionError("__subclasshook__ must return either "
                                     "False, True, or NotImplemented")
        elif cls in getattr(subclass, '__mro__', ()):
            answer = True
        elif any(issubclass(subclass, r) for r in registry):
            answer = True
        elif any(issubclass(subclass, s) for s in cls.__subclasses__()):
            answer = True
        else:
            answer = False
        with state.lock:
            if answer:
                state.cache.add(subclass)
            else:
                state.negative.add(subclass)
        return answer

    def _dump_registry(cls, file=None):
        """Print the registry and caches of this ABC (for debugging)."""
        state = _state(cls)
        print("Class: %s.%s" % (cls.__module__, cls.__qualname__), file=file)
        print("Inv. counter: %s" % get_cache_token(), file=file)
        with state.lock:
            print("_abc_registry: %r" % (set(state.registry),), file=file)
            print("_abc_cache: %r" % (state.cache,), file=file)
            print("_abc_negative_cache: %r" % (state.negative,), file=file)
            print("_abc_negative_cache_version: %r" % (state.negative_token,),
                  file=file)

    def _abc_registry_clear(cls):
        """Forget every registered virtual subclass."""
        state = _state(cls)
        with state.lock:
            state.registry = []

    def _abc_caches_clear(cls):
        """Empty both subclass-check caches."""
        state = _state(cls)
        with state.lock:
            state.cache = set()
            state.negative = set()


class ABC(metaclass=ABCMeta):
    """Base class to derive from to get ABCMeta as metaclass."""
    __slots__ = ()
