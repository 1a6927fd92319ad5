"""Registries that pickle and copy consult.

dispatch_table maps a type to a reduction function (obj -> reduce value);
pickle() fills it.  The extension registry gives (module, name) pairs a
small integer code so that protocol 2+ pickles can name a global with an
EXT opcode instead of spelling it out.

This module also holds the helpers that reduce values refer to by name:
__newobj__, __newobj_ex__ and _reconstructor, plus _reduce_ex, the
protocol 0/1 default reduction, and _slotnames.

Weft note: built-in objects have no object.__reduce_ex__ yet, so the
default reduction for protocol 2+ lives here too, as _reduce_newobj and
_default_reduce_ex (the pickle and copy modules call them when the object
offers no reduce method of its own).
"""

import _thread

__all__ = ["pickle", "constructor",
           "add_extension", "remove_extension", "clear_extension_cache"]

# The registries are shared by every thread: changes go through one lock.
_lock = _thread.allocate_lock()

dispatch_table = {}


def pickle(ob_type, pickle_function, constructor_ob=None):
    """Register pickle_function as the reducer for instances of ob_type."""
    if not callable(pickle_function):
        raise TypeError("reduction functions must be callable")
    dispatch_table[ob_type] = pickle_function
    if constructor_ob is not None:
        constructor(constructor_ob)


def constructor(object):
    """Check that `object` is callable (kept for compatibility)."""
    if not callable(object):
        raise TypeError("constructors must be callable")


def pickle_complex(c):
    parts = (c.real, c.imag)
    return complex, parts


dispatch_table[complex] = pickle_complex


def pickle_union(obj):
    import functools
    import operator
    return functools.reduce, (operator.or_, obj.__args__)


try:
    _union_type = type(int | str)
    if _union_type is not type:
        pickle(_union_type, pickle_union)
    del _union_type
except Exception:
    pass


# -- helpers named by reduce values -------------------------------------------

def _reconstructor(cls, base, state):
    """Rebuild an instance reduced by _reduce_ex: `base` is the first
    built-in class in cls's MRO, `state` its value (or None)."""
    if base is not object:
        made = base.__new__(cls, state)
        initialiser = base.__init__
        if initialiser != object.__init__:
            initialiser(made, state)
        return made
    return object.__new__(cls)


def __newobj__(cls, *args):
    return cls.__new__(cls, *args)


def __newobj_ex__(cls, args, kwargs):
    """Call cls.__new__ with positional and keyword arguments."""
    return cls.__new__(cls, *args, **kwargs)


_HEAPTYPE = 1 << 9

_new_type = type(int.__new__)


def _is_builtin_class(klass):
    """True for classes implemented natively (not made by a class
    statement or type())."""
    flags = getattr(klass, '__flags__', None)
    if flags is not None:
        return not (flags & _HEAPTYPE)
    try:
        return '__module__' not in klass.__dict__
    except AttributeError:
        return True


def _own_new_is_native(klass):
    new = klass.__dict__.get('__new__') if hasattr(klass, '__dict__') else None
    if new is None:
        return False
    return isinstance(new, _new_type) and getattr(new, '__self__', None) is klass


def _has_default_getstate(cls):
    own = getattr(cls, '__getstate__', None)
    return own is None or own is getattr(object, '__getstate__', None)


def _reduce_ex(self, proto):
    """Default reduction for protocols 0 and 1."""
    assert proto < 2
    cls = self.__class__
    base = object
    for klass in cls.__mro__:
        if _is_builtin_class(klass) or _own_new_is_native(klass):
            base = klass
            break
    if base is cls and base is not object:
        raise TypeError(f"cannot pickle {cls.__name__!r} object")
    value = None if base is object else base(self)
    args = (cls, base, value)
    if _has_default_getstate(cls):
        if getattr(self, "__slots__", None):
            raise TypeError("a class that defines __slots__ without "
                            "defining __getstate__ cannot be pickled")
        state_value = _default_getstate(self, False)
    else:
        state_value = self.__getstate__()
    if state_value:
        return _reconstructor, args, state_value
    return _reconstructor, args


def _slotnames(cls):
    """The names of cls's slot attributes along its MRO (private names
    mangled, __dict__ and __weakref__ left out).  Cached on the class as
    __slotnames__."""
    cached = cls.__dict__.get("__slotnames__")
    if cached is not None:
        return cached
    found = []
    if hasattr(cls, "__slots__"):
        for klass in cls.__mro__:
            if "__slots__" not in klass.__dict__:
                continue
            declared = klass.__dict__["__slots__"]
            if isinstance(declared, str):
                declared = (declared,)
            for name in declared:
                if name in ("__dict__", "__weakref__"):
                    continue
                if name.startswith('__') and not name.endswith('__'):
                    owner = klass.__name__.lstrip('_')
                    if owner:
                        name = '_%s%s' % (owner, name)
                found.append(name)
    try:
        cls.__slotnames__ = found
    except Exception:
        pass
    return found


# -- the default reduction (object.__reduce_ex__), for Weft --------------------

_MISSING = object()

# Built-in value types whose instances pass their value to __new__ (the
# interpreter's own types may lack __getnewargs__).
_VALUE_ARGS = (
    (bool, lambda v: (bool(v),)),
    (int, lambda v: (int(v),)),
    (float, lambda v: (float(v),)),
    (complex, lambda v: (complex(v).real, complex(v).imag)),
    (str, lambda v: (str(v),)),
    (bytes, lambda v: (bytes(v),)),
    (tuple, lambda v: (tuple(v),)),
)


def _value_newargs(obj):
    for base, make in _VALUE_ARGS:
        if isinstance(obj, base):
            return make(obj)
    return None


def _hidden_native_state(obj, cls):
    """True for instances of natively implemented classes that keep their
    state out of reach (no __dict__, no declared slots)."""
    if cls is object or hasattr(obj, '__dict__'):
        return False
    for klass in cls.__mro__:
        if '__slots__' in klass.__dict__:
            return False
    return True


def _type_name(cls, obj=None):
    module = getattr(cls, '__module__', None)
    native = _is_builtin_class(cls) or (obj is not None and
                                        _hidden_native_state(obj, cls))
    if native and module and module != 'builtins':
        return '%s.%s' % (module, cls.__qualname__)
    return cls.__name__


def _native_base(cls):
    for klass in cls.__mro__:
        if _is_builtin_class(klass):
            return klass
    return object


def _default_getstate(obj, required):
    """What object.__getstate__ returns: the instance dict (None when
    empty), paired with a dict of slot values when slots are set."""
    cls = type(obj)
    if required and (_native_base(cls) is not object or
                     _hidden_native_state(obj, cls)):
        raise TypeError(f"cannot pickle {_type_name(cls, obj)!r} object")
    try:
        state = obj.__dict__
    except AttributeError:
        state = None
    if state is not None:
        state = dict(state) if state else None
    names = _slotnames(cls)
    if names:
        slots = {}
        for name in names:
            value = getattr(obj, name, _MISSING)
            if value is not _MISSING:
                slots[name] = value
        if slots:
            state = (state, slots)
    return state


def _getstate(obj, required):
    cls = type(obj)
    if _has_default_getstate(cls):
        return _default_getstate(obj, required)
    return obj.__getstate__()


def _reduce_newobj(obj):
    """Default reduction for protocol 2 and later."""
    cls = type(obj)
    kwargs = None
    hook = getattr(obj, '__getnewargs_ex__', None)
    if hook is not None:
        pair = hook()
        if not isinstance(pair, tuple):
            raise TypeError("__getnewargs_ex__ should return a tuple, "
                            "not '%.200s'" % type(pair).__name__)
        if len(pair) != 2:
            raise ValueError("__getnewargs_ex__ should return a tuple of "
                             "length 2, not %d" % len(pair))
        args, kwargs = pair
        if not isinstance(args, tuple):
            raise TypeError("first item of the tuple returned by "
                            "__getnewargs_ex__ must be a tuple, not '%.200s'"
                            % type(args).__name__)
        if not isinstance(kwargs, dict):
            raise TypeError("second item of the tuple returned by "
                            "__getnewargs_ex__ must be a dict, not '%.200s'"
                            % type(kwargs).__name__)
    else:
        hook = getattr(obj, '__getnewargs__', None)
        if hook is not None:
            args = hook()
            if not isinstance(args, tuple):
                raise TypeError("__getnewargs__ should return a tuple, "
                                "not '%.200s'" % type(args).__name__)
        else:
            args = _value_newargs(obj)
    has_args = args is not None
    if not kwargs:
        func = __newobj__
        newargs = (cls,) + (args or ())
    else:
        func = __newobj_ex__
        newargs = (cls, args, kwargs)
    required = not (has_args or isinstance(obj, (list, dict)))
    state = _getstate(obj, required)
    listitems = iter(obj) if isinstance(obj, list) else None
    dictitems = iter(obj.items()) if isinstance(obj, dict) else None
    return func, newargs, state, listitems, dictitems


def _instance_dict(obj):
    found = getattr(obj, '__dict__', None)
    return found if found else None


def _reduce_collection(obj, proto):
    return type(obj), (list(obj),), _instance_dict(obj)


def _reduce_bytearray(obj, proto):
    if not obj:
        args = ()
    elif proto < 3:
        args = (bytes(obj).decode('latin-1'), 'latin-1')
    else:
        args = (bytes(obj),)
    return type(obj), args, _instance_dict(obj)


def _reduce_range(obj, proto):
    return range, (obj.start, obj.stop, obj.step)


def _reduce_slice(obj, proto):
    return slice, (obj.start, obj.stop, obj.step)


def _reduce_exception(obj, proto):
    state = _instance_dict(obj)
    if state is None:
        return type(obj), obj.args
    return type(obj), obj.args, state


def _reduce_named_singleton(obj, proto):
    return 'Ellipsis' if obj is Ellipsis else 'NotImplemented'


def _reduce_method(obj, proto):
    return getattr, (obj.__self__, obj.__name__)


def _reduce_builtin_callable(obj, proto):
    owner = getattr(obj, '__self__', None)
    if owner is None or type(owner) is type(_lock_module):
        return obj.__qualname__
    return getattr, (owner, obj.__name__)


_lock_module = _thread
class _Probe:
    def method(self):
        pass


_method_type = type(_Probe().method)
del _Probe
_builtin_callable_type = type(len)


def _native_reducer(cls):
    """The reduction CPython's built-in classes provide themselves, for the
    Weft classes that do not have it yet."""
    if issubclass(cls, (set, frozenset)):
        return _reduce_collection
    if issubclass(cls, bytearray):
        return _reduce_bytearray
    if issubclass(cls, BaseException):
        return _reduce_exception
    if cls is range:
        return _reduce_range
    if cls is slice:
        return _reduce_slice
    if cls is _method_type:
        return _reduce_method
    if cls is _builtin_callable_type:
        return _reduce_builtin_callable
    if cls is type(Ellipsis) or cls is type(NotImplemented):
        return _reduce_named_singleton
    return None


def _default_reduce_ex(obj, proto):
    """object.__reduce_ex__(obj, proto) for interpreters without it: a
    class's own __reduce__ wins, then protocol 2+ use __newobj__ and older
    protocols _reconstructor."""
    cls = type(obj)
    override = getattr(cls, '__reduce__', None)
    if override is not None and override is not getattr(object, '__reduce__', None):
        return obj.__reduce__()
    native = _native_reducer(cls)
    if native is not None:
        return native(obj, proto)
    if proto >= 2:
        return _reduce_newobj(obj)
    return _reduce_ex(obj, proto)


# -- extension codes -----------------------------------------------------------

_extension_registry = {}                # (module, name) -> code
_inverted_registry = {}                 # code -> (module, name)
_extension_cache = {}                   # code -> object


def add_extension(module, name, code):
    """Give the global module.name the extension code `code`."""
    code = int(code)
    if code < 1 or code > 0x7fffffff:
        raise ValueError("code out of range")
    pair = (module, name)
    with _lock:
        known_code = _extension_registry.get(pair)
        known_pair = _inverted_registry.get(code)
        if known_code == code and known_pair == pair:
            return                      # registering again is harmless
        if known_code is not None:
            raise ValueError("key %s is already registered with code %s"
                             % (pair, known_code))
        if known_pair is not None:
            raise ValueError("code %s is already in use for key %s"
                             % (code, known_pair))
        _inverted_registry[code] = pair
        _extension_registry[pair] = code


def remove_extension(module, name, code):
    """Withdraw a registration made by add_extension()."""
    pair = (module, name)
    with _lock:
        if (_inverted_registry.get(code) == pair and
                _extension_registry.get(pair) == code):
            _inverted_registry.pop(code)
            _extension_registry.pop(pair)
            _extension_cache.pop(code, None)
            return
    raise ValueError("key %s is not registered with code %s" % (pair, code))


def clear_extension_cache():
    with _lock:
        _extension_cache.clear()
