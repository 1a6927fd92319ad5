"""Shallow and deep copying of Python objects.

copy(x) duplicates the outer container only; deepcopy(x) duplicates
recursively, sharing nothing mutable with the original, and keeps shared
references and cycles intact through the `memo` dictionary (id -> copy).

Classes customise the result with __copy__() / __deepcopy__(memo), with
__reduce_ex__ / __reduce__ as the pickle protocol describes, or with
__getstate__ / __setstate__ / __getnewargs__ / __getnewargs_ex__.  Plain
instances are rebuilt with cls.__new__ and get their __dict__ (and slot
values) copied.
"""

__all__ = ['Error', 'copy', 'deepcopy']


class Error(Exception):
    pass


error = Error


def _kinds():
    # Types whose instances are immutable or identity-like: copying returns
    # the object itself.
    kinds = [type(None), int, float, bool, complex, str, bytes, tuple,
             frozenset, type, range, slice, property, type(Ellipsis),
             type(NotImplemented), type(len), type(_kinds)]
    for probe in (lambda: (lambda: 0).__code__,
                  lambda: [].append):
        try:
            kinds.append(type(probe()))
        except Exception:
            pass
    return frozenset(kinds)


# Built once at import; never mutated afterwards (safe to share).
_SELF = _kinds()
_DEEP_SELF = _SELF - {tuple, frozenset}

try:
    _object_reduce_ex = object.__reduce_ex__
except AttributeError:
    _object_reduce_ex = None
try:
    _object_reduce = object.__reduce__
except AttributeError:
    _object_reduce = None


def _custom_reducer(cls):
    """The class's own reduce hook as (name, function), or None when it
    only inherits object's default."""
    hook = getattr(cls, '__reduce_ex__', None)
    if hook is not None and hook is not _object_reduce_ex:
        return '__reduce_ex__'
    hook = getattr(cls, '__reduce__', None)
    if hook is not None and hook is not _object_reduce:
        return '__reduce__'
    return None


def copy(x):
    """Return a shallow copy of x."""
    cls = type(x)
    if cls in _SELF:
        return x
    if cls is list:
        return x[:]
    if cls is dict or cls is set or cls is bytearray:
        return x.copy()
    if issubclass(cls, type):
        return x
    hook = getattr(cls, '__copy__', None)
    if hook is not None:
        return hook(x)
    which = _custom_reducer(cls)
    if which is not None:
        rv = x.__reduce_ex__(4) if which == '__reduce_ex__' else x.__reduce__()
        if isinstance(rv, str):
            return x
        return _rebuild(x, rv, False, None)
    return _generic(x, False, None)


def deepcopy(x, memo=None, _nil=[]):
    """Return a deep copy of x; `memo` maps id(original) -> copy."""
    if memo is None:
        memo = {}
    key = id(x)
    found = memo.get(key, _nil)
    if found is not _nil:
        return found
    cls = type(x)
    if cls in _DEEP_SELF or issubclass(cls, type):
        y = x
    elif cls is list:
        y = []
        memo[key] = y
        for item in x:
            y.append(deepcopy(item, memo))
    elif cls is dict:
        y = {}
        memo[key] = y
        for k, v in x.items():
            y[deepcopy(k, memo)] = deepcopy(v, memo)
    elif cls is tuple:
        parts = [deepcopy(item, memo) for item in x]
        # a cycle through this tuple may already have produced its copy
        found = memo.get(key, _nil)
        if found is not _nil:
            return found
        same = True
        for old, new in zip(x, parts):
            if old is not new:
                same = False
                break
        y = x if same else tuple(parts)
    elif cls is set:
        y = set()
        memo[key] = y
        for item in x:
            y.add(deepcopy(item, memo))
    elif cls is frozenset:
        y = frozenset([deepcopy(item, memo) for item in x])
    elif cls is bytearray:
        y = bytearray(x)
    else:
        hook = getattr(x, '__deepcopy__', None)
        if hook is not None:
            y = hook(memo)
        else:
            which = _custom_reducer(cls)
            if which is not None:
                if which == '__reduce_ex__':
                    rv = x.__reduce_ex__(4)
                else:
                    rv = x.__reduce__()
                if isinstance(rv, str):
                    y = x
                else:
                    y = _rebuild(x, rv, True, memo)
            else:
                y = _generic(x, True, memo)
    if y is not x:
        memo[key] = y
        _keep_alive(x, memo)
    return y


def _keep_alive(x, memo):
    # The memo is keyed by id(); hold the originals so that no id can be
    # reused by a new object while the memo is in use.
    holder = memo.get(id(memo))
    if holder is None:
        memo[id(memo)] = [x]
    else:
        holder.append(x)


def _apply_state(y, state, deep, memo):
    if deep:
        state = deepcopy(state, memo)
    setter = getattr(y, '__setstate__', None)
    if setter is not None:
        setter(state)
        return
    slot_values = None
    if isinstance(state, tuple) and len(state) == 2:
        state, slot_values = state
    if state:
        y.__dict__.update(state)
    if slot_values:
        for name, value in slot_values.items():
            setattr(y, name, value)


def _rebuild(x, rv, deep, memo):
    """Recreate an object from a pickle-style reduce value:
    (callable, args[, state[, list items[, dict items]]])."""
    if not isinstance(rv, tuple):
        raise Error("un(deep)copyable object of type %s" % type(x)
                    if deep else
                    "un(shallow)copyable object of type %s" % type(x))
    size = len(rv)
    func = rv[0]
    args = rv[1]
    state = rv[2] if size > 2 else None
    listiter = rv[3] if size > 3 else None
    dictiter = rv[4] if size > 4 else None
    if deep:
        args = tuple(deepcopy(arg, memo) for arg in args)
    y = func(*args)
    if deep:
        memo[id(x)] = y
    if state is not None:
        _apply_state(y, state, deep, memo)
    if listiter is not None:
        for item in listiter:
            y.append(deepcopy(item, memo) if deep else item)
    if dictiter is not None:
        for k, v in dictiter:
            if deep:
                y[deepcopy(k, memo)] = deepcopy(v, memo)
            else:
                y[k] = v
    return y


def _slot_names(cls):
    names = []
    for klass in cls.__mro__:
        slots = klass.__dict__.get('__slots__') if hasattr(klass, '__dict__') else None
        if slots is None:
            continue
        if isinstance(slots, str):
            slots = (slots,)
        for name in slots:
            if name in ('__dict__', '__weakref__'):
                continue
            if name.startswith('__') and not name.endswith('__'):
                name = '_%s%s' % (klass.__name__.lstrip('_'), name)
            if name not in names:
                names.append(name)
    return names


def _default_state(x, cls):
    state = getattr(x, '__dict__', None)
    if state is not None and not state:
        state = None
    slots = None
    for name in _slot_names(cls):
        marker = _keep_alive  # any unique sentinel
        value = getattr(x, name, marker)
        if value is not marker:
            if slots is None:
                slots = {}
            slots[name] = value
    if slots is not None:
        return (state, slots)
    return state


_VALUE_BASES = (int, float, complex, str, bytes, tuple, frozenset)


def _generic(x, deep, memo):
    """Copy an instance that has no custom hooks: build a new instance with
    cls.__new__ and transfer its state."""
    cls = type(x)
    new_args = ()
    new_kwargs = None
    getter = getattr(x, '__getnewargs_ex__', None)
    if getter is not None:
        new_args, new_kwargs = getter()
    else:
        getter = getattr(x, '__getnewargs__', None)
        if getter is not None:
            new_args = getter()
        else:
            # subclasses of immutable built-ins need their value passed to
            # __new__ (for interpreters whose built-ins lack __getnewargs__)
            for base in _VALUE_BASES:
                if isinstance(x, base):
                    new_args = (base(x),)
                    break
    if deep:
        new_args = deepcopy(new_args, memo)
        if new_kwargs:
            new_kwargs = deepcopy(new_kwargs, memo)
    if new_kwargs:
        y = cls.__new__(cls, *new_args, **new_kwargs)
    else:
        y = cls.__new__(cls, *new_args)
    if deep:
        memo[id(x)] = y
    own_getstate = getattr(cls, '__getstate__', None)
    if own_getstate is not None and own_getstate is not getattr(object, '__getstate__', None):
        state = x.__getstate__()
    else:
        state = _default_state(x, cls)
    # contents of built-in container bases
    if isinstance(x, list):
        for item in x:
            y.append(deepcopy(item, memo) if deep else item)
    elif isinstance(x, dict):
        for k, v in x.items():
            if deep:
                y[deepcopy(k, memo)] = deepcopy(v, memo)
            else:
                y[k] = v
    elif isinstance(x, set):
        for item in x:
            y.add(deepcopy(item, memo) if deep else item)
    if state is not None:
        _apply_state(y, state, deep, memo)
    return y
