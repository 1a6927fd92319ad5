"""Weft's `dataclasses` module: the @dataclass decorator, which writes
__init__, __repr__, __eq__, ordering, __hash__ and friends from a class's
annotated fields, and the helpers around it (field, fields, asdict,
astuple, replace, make_dataclass, ...).

The decorator works on the one class it is given; the only state shared
between threads is the set of reprs in progress, keyed by object and
thread, so that recursion is caught per thread."""

import sys
import builtins
import _thread
import abc

__all__ = ['dataclass', 'field', 'Field', 'FrozenInstanceError', 'InitVar',
           'KW_ONLY', 'MISSING', 'fields', 'asdict', 'astuple',
           'make_dataclass', 'replace', 'is_dataclass']


class FrozenInstanceError(AttributeError):
    """Raised on assigning to, or deleting, a field of a frozen instance."""


class _MISSING_TYPE:
    pass


MISSING = _MISSING_TYPE()


class _HasFactory:
    # the default of an __init__ parameter whose field has a default_factory
    def __repr__(self):
        return '<factory>'


_HAS_DEFAULT_FACTORY = _HasFactory()


class _KW_ONLY_TYPE:
    pass


KW_ONLY = _KW_ONLY_TYPE()


class _FieldKind:
    """Which sort of field: a real one, a ClassVar or an InitVar."""

    def __init__(self, label):
        self._label = label

    __repr__ = __str__ = lambda self: self._label


_FIELD = _FieldKind('_FIELD')
_FIELD_CLASSVAR = _FieldKind('_FIELD_CLASSVAR')
_FIELD_INITVAR = _FieldKind('_FIELD_INITVAR')


class _ReadOnlyDict:
    """Read-only view of a mapping (field metadata)."""
    __slots__ = ('_mapping',)

    def __init__(self, mapping):
        object.__setattr__(self, '_mapping', mapping)

    def __getitem__(self, key):
        return self._mapping[key]

    def __contains__(self, key):
        return key in self._mapping

    def __iter__(self):
        return iter(self._mapping)

    def __len__(self):
        return len(self._mapping)

    def __eq__(self, other):
        return self._mapping == other

    def get(self, key, default=None):
        return self._mapping.get(key, default)

    def keys(self):
        return self._mapping.keys()

    def items(self):
        return self._mapping.items()

    def values(self):
        return self._mapping.values()

    def copy(self):
        return dict(self._mapping)

    def __setattr__(self, name, value):
        raise AttributeError("'mappingproxy' object attribute '%s' is "
                             "read-only" % name)

    def __repr__(self):
        return 'mappingproxy(%r)' % (self._mapping,)


_proxy = type(type.__dict__)
if _proxy is dict:
    _proxy = _ReadOnlyDict

_NO_METADATA = _proxy({})


class InitVar:
    """Annotation marking an init-only pseudo-field: an __init__ parameter
    passed on to __post_init__, never stored."""
    __slots__ = ('type',)

    def __init__(self, type):
        self.type = type

    def __class_getitem__(cls, type):
        return InitVar(type)

    def __repr__(self):
        of = self.type
        return 'dataclasses.InitVar[%s]' % (
            of.__name__ if isinstance(of, type) else repr(of))


class Field:
    """What the class knows about one field (see field())."""
    __slots__ = ('name', 'type', 'default', 'default_factory', 'repr', 'hash',
                 'init', 'compare', 'metadata', 'kw_only', '_field_type')

    def __init__(self, default, default_factory, init, repr, hash, compare,
                 metadata, kw_only):
        view = _NO_METADATA if not metadata else _proxy(metadata)
        for slot, value in (('name', None), ('type', None),
                            ('default', default),
                            ('default_factory', default_factory),
                            ('init', init), ('repr', repr), ('hash', hash),
                            ('compare', compare), ('metadata', view),
                            ('kw_only', kw_only), ('_field_type', None)):
            setattr(self, slot, value)

    _SHOWN = ('name', 'type', 'default', 'default_factory', 'init', 'repr',
              'hash', 'compare', 'metadata', 'kw_only')

    def __repr__(self):
        shown = ['%s=%r' % (slot, getattr(self, slot)) for slot in self._SHOWN]
        shown.append('_field_type=%s' % (self._field_type,))
        return 'Field(%s)' % ','.join(shown)

    def __set_name__(self, owner, name):
        # let a descriptor used as the default learn its name too
        hook = getattr(type(self.default), '__set_name__', None)
        if hook is not None:
            hook(self.default, owner, name)


def field(*, default=MISSING, default_factory=MISSING, init=True, repr=True,
          hash=None, compare=True, metadata=None, kw_only=MISSING):
    """Describe a field beyond its default: a default_factory, whether it is
    an __init__ parameter, shown by repr, compared, hashed, keyword-only,
    and free-form metadata."""
    given = [v for v in (default, default_factory) if v is not MISSING]
    if len(given) == 2:
        raise ValueError('cannot specify both default and default_factory')
    made = Field(default, default_factory, init, repr, hash, compare,
                 metadata, kw_only)
    return made


class _DataclassParams:
    __slots__ = ('init', 'repr', 'eq', 'order', 'unsafe_hash', 'frozen')

    def __init__(self, *flags):
        for slot, flag in zip(self.__slots__, flags):
            setattr(self, slot, flag)

    def __repr__(self):
        return '_DataclassParams(%s)' % ','.join(
            '%s=%r' % (name, getattr(self, name)) for name in self.__slots__)


# -- reading the class ------------------------------------------------------------

def _annotation_names(text):
    # "mod.Name[...]" -> ('mod', 'Name'); "Name[...]" -> (None, 'Name')
    text = text.strip()
    end = 0
    while end < len(text) and (text[end].isalnum() or text[end] in '_.'):
        end += 1
    head = text[:end].split('.')
    if len(head) == 1:
        return None, head[0]
    if len(head) == 2:
        return head[0], head[1]
    return None, None


def _string_names(cls, text, module_name, wanted):
    # Does the string annotation `text` name `wanted` (directly, or through
    # a module named `module_name` that is imported in cls's module)?
    prefix, name = _annotation_names(text)
    if name is None:
        return False
    module = sys.modules.get(cls.__module__)
    namespace = getattr(module, '__dict__', {})
    if prefix is None:
        return namespace.get(name) is wanted
    holder = namespace.get(prefix)
    return (getattr(holder, '__name__', None) == module_name
            and getattr(holder, name, None) is wanted)


def _is_classvar(cls, annotation):
    typing = sys.modules.get('typing')
    if typing is None:
        return False
    classvar = getattr(typing, 'ClassVar', None)
    if classvar is None:
        return False
    if isinstance(annotation, str):
        return _string_names(cls, annotation, 'typing', classvar)
    return (annotation is classvar
            or getattr(annotation, '__origin__', None) is classvar)


def _is_initvar(cls, annotation):
    if isinstance(annotation, str):
        return _string_names(cls, annotation, 'dataclasses', InitVar)
    return annotation is InitVar or type(annotation) is InitVar


def _is_kw_only_marker(cls, annotation):
    if isinstance(annotation, str):
        return _string_names(cls, annotation, 'dataclasses', KW_ONLY)
    return annotation is KW_ONLY


def _slot_type():
    class Probe:
        __slots__ = ('x',)
    return type(Probe.__dict__['x'])


_SlotDescriptor = _slot_type()


def _make_field(cls, name, annotation, kw_only):
    default = getattr(cls, name, MISSING)
    if isinstance(default, Field):
        f = default
    else:
        if isinstance(default, _SlotDescriptor):
            default = MISSING
        f = field(default=default)
    f.name = name
    f.type = annotation
    f._field_type = _FIELD
    if _is_classvar(cls, annotation):
        f._field_type = _FIELD_CLASSVAR
    elif _is_initvar(cls, annotation):
        f._field_type = _FIELD_INITVAR
    if f._field_type is not _FIELD:
        if f.default_factory is not MISSING:
            raise TypeError('field %s cannot have a default factory' % name)
    if f._field_type is _FIELD_CLASSVAR:
        if f.kw_only is not MISSING:
            raise TypeError('field %s is a ClassVar but specifies kw_only'
                            % name)
    elif f.kw_only is MISSING:
        f.kw_only = kw_only
    if (f._field_type is _FIELD
            and getattr(type(f.default), '__hash__', 0) is None):
        raise ValueError('mutable default %s for field %s is not allowed: '
                         'use default_factory' % (type(f.default), name))
    return f


# -- writing methods --------------------------------------------------------------

def _build(cls, name, params, lines, env, annotations=None):
    """Compile `def name(params): lines` with `env` as its globals and
    return the function, named as a method of cls."""
    env.setdefault('__builtins__', builtins)
    if not lines:
        lines = ['pass']
    header = 'def %s(%s)%s:' % (name, ', '.join(params),
                                ' -> __dataclass_return__' if annotations else '')
    if annotations:
        env['__dataclass_return__'] = None
    src = header + '\n' + ''.join('    %s\n' % line for line in lines)
    space = {}
    exec(src, env, space)
    fn = space[name]
    fn.__qualname__ = '%s.%s' % (cls.__qualname__, name)
    return fn


def _attach(cls, name, value):
    # Add a generated attribute unless the class defines its own; tells
    # whether the class already had one.
    if name in cls.__dict__:
        return True
    setattr(cls, name, value)
    return False


def _field_tuple(names, obj):
    if not names:
        return '()'
    return '(' + ''.join('%s.%s,' % (obj, n) for n in names) + ')'


def _init_method(cls, std_fields, kw_fields, all_fields, frozen, has_post_init):
    seen_default = False
    for f in std_fields:
        if not f.init:
            continue
        if f.default is not MISSING or f.default_factory is not MISSING:
            seen_default = True
        elif seen_default:
            raise TypeError('non-default argument %r follows default '
                            'argument' % (f.name,))

    self_name = '__dataclass_self__' if 'self' in cls.__dataclass_fields__ else 'self'
    env = {'__dataclass_HAS_FACTORY__': _HAS_DEFAULT_FACTORY,
           '__dataclass_object__': object}

    def param(f):
        env['__dataclass_type_%s__' % f.name] = f.type
        text = '%s:__dataclass_type_%s__' % (f.name, f.name)
        if f.default_factory is not MISSING:
            text += '=__dataclass_HAS_FACTORY__'
        elif f.default is not MISSING:
            text += '=__dataclass_dflt_%s__' % f.name
        return text

    def store(name, expr):
        if frozen:
            return '__dataclass_object__.__setattr__(%s, %r, %s)' % (
                self_name, name, expr)
        return '%s.%s = %s' % (self_name, name, expr)

    lines = []
    for f in all_fields:
        dflt = '__dataclass_dflt_%s__' % f.name
        if f.default_factory is not MISSING:
            env[dflt] = f.default_factory
            if f.init:
                expr = '%s() if %s is __dataclass_HAS_FACTORY__ else %s' % (
                    dflt, f.name, f.name)
            else:
                expr = dflt + '()'
        else:
            if f.default is not MISSING:
                env[dflt] = f.default
            if not f.init:
                continue
            expr = f.name
        if f._field_type is _FIELD:
            lines.append(store(f.name, expr))
    if has_post_init:
        extra = [f.name for f in all_fields if f._field_type is _FIELD_INITVAR]
        lines.append('%s.__post_init__(%s)' % (self_name, ', '.join(extra)))

    params = [self_name] + [param(f) for f in std_fields if f.init]
    keyword = [param(f) for f in kw_fields if f.init]
    if keyword:
        params += ['*'] + keyword
    return _build(cls, '__init__', params, lines, env, annotations=True)


_repr_busy = set()


def _repr_method(cls, shown):
    names = [f.name for f in shown]

    def __repr__(self):
        key = (id(self), _thread.get_ident())
        if key in _repr_busy:
            return '...'
        _repr_busy.add(key)
        try:
            inner = ', '.join('%s=%r' % (name, getattr(self, name))
                              for name in names)
        finally:
            _repr_busy.discard(key)
        return '%s(%s)' % (self.__class__.__qualname__, inner)
    __repr__.__qualname__ = '%s.__repr__' % cls.__qualname__
    return __repr__


def _compare_method(cls, name, op, names):
    mine = _field_tuple(names, 'self')
    theirs = _field_tuple(names, 'other')
    return _build(cls, name, ['self', 'other'], [
        'if other.__class__ is self.__class__:',
        '    return %s %s %s' % (mine, op, theirs),
        'return NotImplemented'], {})


def _frozen_methods(cls, names):
    env = {'__dataclass_cls__': cls, '__dataclass_names__': frozenset(names),
           'FrozenInstanceError': FrozenInstanceError}
    guard = ('if type(self) is __dataclass_cls__ or name in '
             '__dataclass_names__:')
    setter = _build(cls, '__setattr__', ['self', 'name', 'value'], [
        guard,
        '    raise FrozenInstanceError("cannot assign to field %r" % (name,))',
        'super(__dataclass_cls__, self).__setattr__(name, value)'], env)
    deleter = _build(cls, '__delattr__', ['self', 'name'], [
        guard,
        '    raise FrozenInstanceError("cannot delete field %r" % (name,))',
        'super(__dataclass_cls__, self).__delattr__(name)'], dict(env))
    return setter, deleter


def _hash_method(cls, names):
    return _build(cls, '__hash__', ['self'],
                  ['return hash(%s)' % _field_tuple(names, 'self')], {})


# -- the docstring --------------------------------------------------------------

def _show_annotation(annotation):
    if getattr(annotation, '__module__', None) == 'typing':
        return repr(annotation).replace('typing.', '')
    if isinstance(annotation, type) and not hasattr(annotation, '__origin__'):
        if annotation.__module__ == 'builtins':
            return annotation.__qualname__
        return '%s.%s' % (annotation.__module__, annotation.__qualname__)
    return repr(annotation)


def _signature_text(std_fields, kw_fields):
    def one(f):
        text = '%s: %s' % (f.name, _show_annotation(f.type))
        if f.default_factory is not MISSING:
            text += ' = <factory>'
        elif f.default is not MISSING:
            text += ' = %r' % (f.default,)
        return text
    parts = [one(f) for f in std_fields if f.init]
    keyword = [one(f) for f in kw_fields if f.init]
    if keyword:
        parts += ['*'] + keyword
    return '(' + ', '.join(parts) + ')'


# -- slots ----------------------------------------------------------------------

def _slots_of(klass):
    own = klass.__dict__.get('__slots__')
    if own is None:
        return []
    if isinstance(own, str):
        return [own]
    return list(own)


def _with_slots(cls, field_names, frozen, weakref_slot):
    if '__slots__' in cls.__dict__:
        raise TypeError('%s already specifies __slots__' % cls.__name__)
    namespace = dict(cls.__dict__)
    inherited = set()
    for klass in cls.__mro__[1:-1]:
        inherited.update(_slots_of(klass))
    wanted = list(field_names) + (['__weakref__'] if weakref_slot else [])
    namespace['__slots__'] = tuple(n for n in wanted if n not in inherited)
    for name in field_names:
        namespace.pop(name, None)
    namespace.pop('__dict__', None)
    namespace.pop('__weakref__', None)
    qualname = getattr(cls, '__qualname__', None)
    made = type(cls)(cls.__name__, cls.__bases__, namespace)
    if qualname is not None:
        made.__qualname__ = qualname
    if frozen:
        if '__getstate__' not in namespace:
            made.__getstate__ = _frozen_getstate
        if '__setstate__' not in namespace:
            made.__setstate__ = _frozen_setstate
    return made


def _frozen_getstate(self):
    return [getattr(self, f.name) for f in fields(self)]


def _frozen_setstate(self, state):
    for f, value in zip(fields(self), state):
        object.__setattr__(self, f.name, value)


# -- the decorator -------------------------------------------------------------

def _process(cls, init, repr, eq, order, unsafe_hash, frozen, match_args,
             kw_only, slots, weakref_slot):
    all_fields = {}
    has_dataclass_bases = False
    any_frozen_base = False
    all_frozen_bases = None
    for base in cls.__mro__[-1:0:-1]:
        base_fields = base.__dict__.get('__dataclass_fields__')
        if base_fields is not None:
            has_dataclass_bases = True
            for f in base_fields.values():
                all_fields[f.name] = f
            base_frozen = base.__dict__['__dataclass_params__'].frozen
            if all_frozen_bases is None:
                all_frozen_bases = True
            all_frozen_bases = all_frozen_bases and base_frozen
            any_frozen_base = any_frozen_base or base_frozen

    annotations = cls.__dict__.get('__annotations__', {})
    own_fields = []
    kw_only_now = kw_only
    marker_seen = False
    for name, annotation in annotations.items():
        if _is_kw_only_marker(cls, annotation):
            if marker_seen:
                raise TypeError('%r is KW_ONLY, but KW_ONLY has already been '
                                'specified' % (name,))
            marker_seen = True
            kw_only_now = True
            continue
        own_fields.append(_make_field(cls, name, annotation, kw_only_now))

    for f in own_fields:
        all_fields[f.name] = f
        if isinstance(cls.__dict__.get(f.name), Field):
            if f.default is MISSING:
                delattr(cls, f.name)
            else:
                setattr(cls, f.name, f.default)

    for name, value in cls.__dict__.items():
        if isinstance(value, Field) and name not in annotations:
            raise TypeError('%r is a field but has no type annotation' % (name,))

    if has_dataclass_bases:
        if any_frozen_base and not frozen:
            raise TypeError('cannot inherit non-frozen dataclass from a '
                            'frozen one')
        if all_frozen_bases is False and frozen:
            raise TypeError('cannot inherit frozen dataclass from a '
                            'non-frozen one')

    cls.__dataclass_fields__ = all_fields
    cls.__dataclass_params__ = _DataclassParams(init, repr, eq, order,
                                                unsafe_hash, frozen)

    own_hash = cls.__dict__.get('__hash__', MISSING)
    explicit_hash = not (own_hash is MISSING
                         or (own_hash is None and '__eq__' in cls.__dict__))

    if order and not eq:
        raise ValueError('eq must be true if order is true')

    init_fields = [f for f in all_fields.values()
                   if f._field_type in (_FIELD, _FIELD_INITVAR)]
    std_fields = [f for f in init_fields if not f.kw_only]
    kw_fields = [f for f in init_fields if f.kw_only]
    real_fields = [f for f in all_fields.values() if f._field_type is _FIELD]

    if init:
        _attach(cls, '__init__',
                _init_method(cls, std_fields, kw_fields, init_fields, frozen,
                             hasattr(cls, '__post_init__')))

    if repr:
        _attach(cls, '__repr__', _repr_method(cls, [f for f in real_fields
                                                    if f.repr]))

    compared = [f.name for f in real_fields if f.compare]
    if eq:
        _attach(cls, '__eq__', _compare_method(cls, '__eq__', '==', compared))

    if order:
        for name, op in (('__lt__', '<'), ('__le__', '<='), ('__gt__', '>'),
                         ('__ge__', '>=')):
            if _attach(cls, name, _compare_method(cls, name, op, compared)):
                raise TypeError('Cannot overwrite attribute %s in class %s. '
                                'Consider using functools.total_ordering'
                                % (name, cls.__name__))

    if frozen:
        setter, deleter = _frozen_methods(cls, [f.name for f in real_fields])
        for name, fn in (('__setattr__', setter), ('__delattr__', deleter)):
            if _attach(cls, name, fn):
                raise TypeError('Cannot overwrite attribute %s in class %s'
                                % (name, cls.__name__))

    hashed = [f.name for f in real_fields
              if (f.compare if f.hash is None else f.hash)]
    if unsafe_hash:
        if explicit_hash:
            raise TypeError('Cannot overwrite attribute __hash__ in class %s'
                            % cls.__name__)
        cls.__hash__ = _hash_method(cls, hashed)
    elif eq and not explicit_hash:
        if frozen:
            cls.__hash__ = _hash_method(cls, hashed)
        else:
            cls.__hash__ = None

    if not getattr(cls, '__doc__'):
        cls.__doc__ = cls.__name__ + _signature_text(std_fields, kw_fields)

    if match_args:
        _attach(cls, '__match_args__', tuple(f.name for f in std_fields))

    if weakref_slot and not slots:
        raise TypeError('weakref_slot is True but slots is False')
    if slots:
        cls = _with_slots(cls, [f.name for f in real_fields], frozen,
                          weakref_slot)

    abc.update_abstractmethods(cls)
    return cls


def dataclass(cls=None, /, *, init=True, repr=True, eq=True, order=False,
              unsafe_hash=False, frozen=False, match_args=True, kw_only=False,
              slots=False, weakref_slot=False):
    """Class decorator that adds generated special methods to a class from
    its annotated fields.  Usable bare (@dataclass) or with options
    (@dataclass(frozen=True, order=True, ...))."""
    def wrap(cls):
        return _process(cls, init, repr, eq, order, unsafe_hash, frozen,
                        match_args, kw_only, slots, weakref_slot)
    if cls is None:
        return wrap
    return wrap(cls)


# -- working with dataclasses ------------------------------------------------------

def fields(class_or_instance):
    """The Field objects of a dataclass (type or instance), in order,
    leaving out ClassVar and InitVar pseudo-fields."""
    try:
        found = class_or_instance.__dataclass_fields__
    except AttributeError:
        raise TypeError('must be called with a dataclass type or instance') from None
    return tuple(f for f in found.values() if f._field_type is _FIELD)


def _is_instance(obj):
    return hasattr(type(obj), '__dataclass_fields__')


def is_dataclass(obj):
    """Whether obj is a dataclass or an instance of one."""
    cls = obj if isinstance(obj, type) else type(obj)
    return hasattr(cls, '__dataclass_fields__')


_ATOMIC = (type(None), bool, int, float, complex, str, bytes, type, range,
           type(Ellipsis), type(NotImplemented), type(len), type(_is_instance),
           property)


def _deep_copy(value):
    if type(value) in _ATOMIC:
        return value
    import copy
    return copy.deepcopy(value)


def _convert(obj, make, as_dict):
    if _is_instance(obj):
        values = [(f.name, _convert(getattr(obj, f.name), make, as_dict))
                  for f in fields(obj)]
        return make(values) if as_dict else make(v for _, v in values)
    if isinstance(obj, tuple) and hasattr(obj, '_fields'):
        # a named tuple is rebuilt from positional values
        return type(obj)(*[_convert(v, make, as_dict) for v in obj])
    if isinstance(obj, (list, tuple)):
        return type(obj)(_convert(v, make, as_dict) for v in obj)
    if isinstance(obj, dict):
        if hasattr(type(obj), 'default_factory'):
            result = type(obj)(obj.default_factory)
            for k, v in obj.items():
                result[_convert(k, make, as_dict)] = _convert(v, make, as_dict)
            return result
        return type(obj)((_convert(k, make, as_dict),
                          _convert(v, make, as_dict)) for k, v in obj.items())
    return _deep_copy(obj)


def asdict(obj, *, dict_factory=dict):
    """The fields of a dataclass instance as a dict, converting nested
    dataclasses, lists, tuples and dicts too (other values are deep-copied)."""
    if not _is_instance(obj):
        raise TypeError('asdict() should be called on dataclass instances')
    return _convert(obj, dict_factory, True)


def astuple(obj, *, tuple_factory=tuple):
    """The field values of a dataclass instance as a tuple, converted as
    asdict() converts them."""
    if not _is_instance(obj):
        raise TypeError('astuple() should be called on dataclass instances')
    return _convert(obj, tuple_factory, False)


def replace(obj, /, **changes):
    """A new instance of obj's class, with obj's field values except those
    given as keyword arguments."""
    if not _is_instance(obj):
        raise TypeError('replace() should be called on dataclass instances')
    for f in obj.__dataclass_fields__.values():
        if f._field_type is _FIELD_CLASSVAR:
            continue
        if not f.init:
            if f.name in changes:
                raise ValueError('field %s is declared with init=False, it '
                                 'cannot be specified with replace()' % f.name)
            continue
        if f.name not in changes:
            if f._field_type is _FIELD_INITVAR and f.default is MISSING:
                raise ValueError('InitVar %r must be specified with replace()'
                                 % (f.name,))
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)


_KEYWORDS = frozenset((
    'False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await',
    'break', 'class', 'continue', 'def', 'del', 'elif', 'else', 'except',
    'finally', 'for', 'from', 'global', 'if', 'import', 'in', 'is', 'lambda',
    'nonlocal', 'not', 'or', 'pass', 'raise', 'return', 'try', 'while',
    'with', 'yield'))


def _metaclass_for(bases):
    winner = type
    for base in bases:
        meta = type(base)
        if issubclass(winner, meta):
            continue
        if issubclass(meta, winner):
            winner = meta
            continue
        raise TypeError('metaclass conflict: the metaclass of a derived class '
                        'must be a (non-strict) subclass of the metaclasses '
                        'of all its bases')
    return winner


def make_dataclass(cls_name, fields, *, bases=(), namespace=None,
                   init=True, repr=True, eq=True, order=False,
                   unsafe_hash=False, frozen=False, match_args=True,
                   kw_only=False, slots=False, weakref_slot=False):
    """Create a dataclass named cls_name.  Each item of `fields` is a name,
    a (name, type) pair or a (name, type, Field) triple."""
    namespace = {} if namespace is None else dict(namespace)
    seen = set()
    annotations = {}
    for item in fields:
        if isinstance(item, str):
            name, annotation = item, 'typing.Any'
        elif len(item) == 2:
            name, annotation = item
        elif len(item) == 3:
            name, annotation, spec = item
            namespace[name] = spec
        else:
            raise TypeError('Invalid field: %r' % (item,))
        if not isinstance(name, str) or not name.isidentifier():
            raise TypeError('Field names must be valid identifiers: %r'
                            % (name,))
        if name in _KEYWORDS:
            raise TypeError('Field names must not be keywords: %r' % (name,))
        if name in seen:
            raise TypeError('Field name duplicated: %r' % (name,))
        seen.add(name)
        annotations[name] = annotation
    namespace['__annotations__'] = annotations
    bases = tuple(bases)
    made = _metaclass_for(bases)(cls_name, bases, namespace)
    options = dict(init=init, repr=repr, eq=eq, order=order, frozen=frozen,
                   unsafe_hash=unsafe_hash, match_args=match_args,
                   kw_only=kw_only, slots=slots, weakref_slot=weakref_slot)
    return dataclass(made, **options)
