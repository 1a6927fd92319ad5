"""Weft's `typing` module: the run-time side of type hints.

Everything an annotation or a TYPE_CHECKING-guarded program evaluates when
it runs: special forms (Any, Union, Optional, Literal, ClassVar, Final,
Annotated, ...), generic aliases of the builtin and abstract collections
(List[int], Mapping[str, int], Callable[[int], str], ...), TypeVar and
ParamSpec, Generic and Protocol, NamedTuple, TypedDict, NewType, and the
introspection helpers (get_type_hints, get_origin, get_args, ...).

Subscriptions are memoised in thread-safe lru caches; the overload registry
is guarded by a lock.  Everything else is immutable once made, so the
module may be used from any number of threads at once."""

import sys
import functools
import _thread
import collections
from abc import ABCMeta, abstractmethod

try:
    import collections.abc as _cabc
except ImportError:
    import _collections_abc as _cabc

__all__ = [
    'Annotated', 'Any', 'Callable', 'ClassVar', 'Concatenate', 'Final',
    'ForwardRef', 'Generic', 'Literal', 'Optional', 'ParamSpec', 'Protocol',
    'Tuple', 'Type', 'TypeVar', 'TypeVarTuple', 'Union',
    'AbstractSet', 'ByteString', 'Container', 'ContextManager', 'Hashable',
    'ItemsView', 'Iterable', 'Iterator', 'KeysView', 'Mapping',
    'MappingView', 'MutableMapping', 'MutableSequence', 'MutableSet',
    'Sequence', 'Sized', 'ValuesView', 'Awaitable', 'AsyncIterator',
    'AsyncIterable', 'Coroutine', 'Collection', 'AsyncGenerator',
    'AsyncContextManager', 'Reversible', 'SupportsAbs', 'SupportsBytes',
    'SupportsComplex', 'SupportsFloat', 'SupportsIndex', 'SupportsInt',
    'SupportsRound', 'ChainMap', 'Counter', 'Deque', 'Dict', 'DefaultDict',
    'List', 'OrderedDict', 'Set', 'FrozenSet', 'NamedTuple', 'TypedDict',
    'Generator', 'BinaryIO', 'IO', 'Match', 'Pattern', 'TextIO', 'AnyStr',
    'assert_type', 'assert_never', 'cast', 'clear_overloads',
    'dataclass_transform', 'final', 'get_args', 'get_origin',
    'get_overloads', 'get_type_hints', 'is_typeddict', 'LiteralString',
    'Never', 'NewType', 'no_type_check', 'no_type_check_decorator',
    'NoReturn', 'NotRequired', 'overload', 'ParamSpecArgs',
    'ParamSpecKwargs', 'Required', 'reveal_type', 'runtime_checkable',
    'Self', 'Text', 'TYPE_CHECKING', 'TypeAlias', 'TypeGuard', 'Unpack',
]

TYPE_CHECKING = False

_GenericAliasType = type(list[int])
if _GenericAliasType is type:
    class _GenericAliasType:
        """Stands in for types.GenericAlias where list[int] does not make
        one (nothing is ever an instance of it)."""
try:
    _UnionType = type(int | str)
except TypeError:
    class _UnionType:
        """Stands in for types.UnionType where `int | str` is not
        supported (nothing is ever an instance of it)."""
_FunctionType = type(lambda: None)
_NoneType = type(None)


def _caller(depth=2, default='__main__'):
    try:
        return sys._getframe(depth).f_globals.get('__name__', default)
    except (AttributeError, ValueError):
        return default


def _type_repr(obj):
    """How an argument of a generic alias is shown in its repr."""
    if isinstance(obj, type) and not isinstance(obj, _GenericAliasType):
        module = obj.__module__
        if module == 'builtins':
            module = ''
        else:
            module += '.'
        return module + obj.__qualname__
    if isinstance(obj, _FunctionType):
        return obj.__name__
    return '...' if obj is ... else repr(obj)


def _tp_cache(func):
    """Memoise a subscription (hashable arguments only; others are worked
    out each time)."""
    remembered = functools.lru_cache(maxsize=None, typed=True)(func)

    @functools.wraps(func)
    def lookup(*args, **kwds):
        try:
            return remembered(*args, **kwds)
        except TypeError:
            pass
        return func(*args, **kwds)
    return lookup


def _is_dunder(name):
    return name.startswith('__') and name.endswith('__')


# -- checking what may stand as a type ------------------------------------------

def _type_convert(arg, module=None, *, allow_special_forms=False):
    if arg is None:
        return _NoneType
    if isinstance(arg, str):
        return ForwardRef(arg, module=module, is_class=allow_special_forms)
    return arg


def _type_check(arg, msg, is_argument=True, module=None, *,
                allow_special_forms=False):
    """Refuse what can never be a type argument (a tuple, a bare special
    form, ClassVar/Final where they are not allowed); turn None into
    NoneType and strings into ForwardRefs."""
    refused = (Generic, Protocol)
    if not allow_special_forms:
        refused += (ClassVar,)
        if is_argument:
            refused += (Final,)
    arg = _type_convert(arg, module=module,
                        allow_special_forms=allow_special_forms)
    if isinstance(arg, _GenericAlias) and arg.__origin__ in refused:
        raise TypeError('%s is not valid as type argument' % (arg,))
    if arg in (Any, LiteralString, NoReturn, Never, Self, TypeAlias):
        return arg
    if allow_special_forms and arg in (ClassVar, Final):
        return arg
    if isinstance(arg, _SpecialForm) or arg in (Generic, Protocol):
        raise TypeError('Plain %s is not valid as type argument' % (arg,))
    if type(arg) is tuple:
        raise TypeError('%s Got %.100r.' % (msg, arg))
    return arg


def _is_typevar_like(obj):
    return isinstance(obj, (TypeVar, ParamSpec))


def _is_param_expr(obj):
    return (obj is ... or isinstance(obj, (tuple, list, ParamSpec))
            or (isinstance(obj, _GenericAlias)
                and obj.__origin__ is Concatenate))


def _collect_parameters(args):
    found = []
    for t in args:
        if isinstance(t, type):
            continue
        if isinstance(t, (TypeVar, ParamSpec, TypeVarTuple)):
            if t not in found:
                found.append(t)
            continue
        for inner in getattr(t, '__parameters__', ()):
            if inner not in found:
                found.append(inner)
    return tuple(found)


def _check_generic(cls, parameters, expected):
    if not expected:
        raise TypeError('%s is not a generic class' % (cls,))
    actual = len(parameters)
    if actual != expected:
        raise TypeError('Too %s arguments for %s; actual %d, expected %d'
                        % ('many' if actual > expected else 'few', cls,
                           actual, expected))


def _unique(params):
    kept = []
    for p in params:
        if p not in kept:
            kept.append(p)
    return kept


def _flatten_union(params):
    flat = []
    for p in params:
        if isinstance(p, (_UnionGenericAlias, _UnionType)):
            flat.extend(p.__args__)
        else:
            flat.append(p)
    return tuple(_unique(flat))


# -- special forms -----------------------------------------------------------------

class _SpecialForm:
    """A typing construct that is not a class (Union, Optional, ClassVar,
    ...): shown as typing.<name>, subscripted through its function."""

    def __init__(self, getitem):
        self._name, self.__doc__ = getitem.__name__, getitem.__doc__
        self._getitem = getitem

    def __getattr__(self, item):
        if item not in ('__name__', '__qualname__'):
            raise AttributeError(item)
        return self._name

    def __mro_entries__(self, bases):
        raise TypeError('Cannot subclass %r' % (self,))

    def __reduce__(self):
        return self._name

    def __repr__(self):
        return 'typing.%s' % (self._name,)

    def __call__(self, *args, **kwds):
        raise TypeError('Cannot instantiate %r' % (self,))

    __or__ = lambda self, other: Union[self, other]
    __ror__ = lambda self, other: Union[other, self]

    def __instancecheck__(self, obj):
        raise TypeError('%s cannot be used with isinstance()' % (self,))

    def __subclasscheck__(self, cls):
        raise TypeError('%s cannot be used with issubclass()' % (self,))

    @_tp_cache
    def __getitem__(self, parameters):
        return self._getitem(self, parameters)


class _LiteralSpecialForm(_SpecialForm):
    @_tp_cache
    def __getitem__(self, parameters):
        if isinstance(parameters, tuple):
            return self._getitem(self, *parameters)
        return self._getitem(self, parameters)


class _AnyMeta(type):
    def __instancecheck__(self, obj):
        if self is Any:
            raise TypeError('typing.Any cannot be used with isinstance()')
        return super().__instancecheck__(obj)

    def __repr__(self):
        if self is Any:
            return 'typing.Any'
        return "<class '%s.%s'>" % (self.__module__, self.__qualname__)


class Any(metaclass=_AnyMeta):
    """The type every type is compatible with."""

    def __new__(cls, *args, **kwargs):
        if cls is Any:
            raise TypeError('Any cannot be instantiated')
        return super().__new__(cls, *args, **kwargs)


@_SpecialForm
def NoReturn(self, parameters):
    """The return type of functions that never return."""
    raise TypeError('%s is not subscriptable' % (self,))


@_SpecialForm
def Never(self, parameters):
    """The bottom type, which has no values."""
    raise TypeError('%s is not subscriptable' % (self,))


@_SpecialForm
def Self(self, parameters):
    """The type of the enclosing class's instances."""
    raise TypeError('%s is not subscriptable' % (self,))


@_SpecialForm
def LiteralString(self, parameters):
    """Any string built only from literals."""
    raise TypeError('%s is not subscriptable' % (self,))


@_SpecialForm
def TypeAlias(self, parameters):
    """Marks an assignment as the definition of a type alias."""
    raise TypeError('%s is not subscriptable' % (self,))


@_SpecialForm
def ClassVar(self, parameters):
    """Marks a class attribute that instances do not set."""
    item = _type_check(parameters, '%s accepts only single type.' % (self,))
    return _GenericAlias(self, (item,))


@_SpecialForm
def Final(self, parameters):
    """Marks a name that may not be reassigned or overridden."""
    item = _type_check(parameters, '%s accepts only single type.' % (self,))
    return _GenericAlias(self, (item,))


@_SpecialForm
def Union(self, parameters):
    """Union[X, Y]: a value of type X or of type Y."""
    if parameters == ():
        raise TypeError('Cannot take a Union of no types.')
    if not isinstance(parameters, tuple):
        parameters = (parameters,)
    msg = 'Union[arg, ...]: each arg must be a type.'
    parameters = _flatten_union(tuple(_type_check(p, msg)
                                      for p in parameters))
    if len(parameters) == 1:
        return parameters[0]
    if len(parameters) == 2 and _NoneType in parameters:
        return _UnionGenericAlias(self, parameters, name='Optional')
    return _UnionGenericAlias(self, parameters)


@_SpecialForm
def Optional(self, parameters):
    """Optional[X] is Union[X, None]."""
    arg = _type_check(parameters, '%s requires a single type.' % (self,))
    return Union[arg, _NoneType]


def _literal_key(values):
    return [(v, type(v)) for v in values]


@_LiteralSpecialForm
def Literal(self, *parameters):
    """Literal[v, ...]: exactly one of the given values."""
    flat = []
    for p in parameters:
        if isinstance(p, _LiteralGenericAlias):
            flat.extend(p.__args__)
        else:
            flat.append(p)
    try:
        seen = []
        kept = []
        for key, value in zip(_literal_key(flat), flat):
            if key not in seen:
                seen.append(key)
                kept.append(value)
        flat = kept
    except TypeError:
        pass
    return _LiteralGenericAlias(self, tuple(flat))


@_SpecialForm
def TypeGuard(self, parameters):
    """The return type of a function that narrows its argument's type."""
    item = _type_check(parameters, '%s accepts only single type.' % (self,))
    return _GenericAlias(self, (item,))


@_SpecialForm
def Required(self, parameters):
    """Marks a TypedDict key as required."""
    item = _type_check(parameters,
                       '%s accepts only a single type.' % (self._name,))
    return _GenericAlias(self, (item,))


@_SpecialForm
def NotRequired(self, parameters):
    """Marks a TypedDict key as possibly missing."""
    item = _type_check(parameters,
                       '%s accepts only a single type.' % (self._name,))
    return _GenericAlias(self, (item,))


@_SpecialForm
def Unpack(self, parameters):
    """Unpacks a TypeVarTuple (the same as *Ts)."""
    item = _type_check(parameters, '%s accepts only single type.' % (self,))
    return _GenericAlias(self, (item,))


@_SpecialForm
def Concatenate(self, parameters):
    """Concatenate[X, P]: parameters X followed by those of ParamSpec P."""
    if parameters == ():
        raise TypeError('Cannot take a Concatenate of no types.')
    if not isinstance(parameters, tuple):
        parameters = (parameters,)
    if not isinstance(parameters[-1], ParamSpec) and parameters[-1] is not ...:
        raise TypeError('The last parameter to Concatenate should be a '
                        'ParamSpec variable or ellipsis.')
    msg = 'Concatenate[arg, ...]: each arg must be a type.'
    parameters = (*(_type_check(p, msg) for p in parameters[:-1]),
                  parameters[-1])
    return _GenericAlias(self, parameters)


# -- forward references ------------------------------------------------------------

class ForwardRef:
    """A type written as a string, evaluated when the hints are asked for."""

    def __init__(self, arg, is_argument=True, module=None, *, is_class=False):
        if not isinstance(arg, str):
            raise TypeError('Forward reference must be a string -- got %r'
                            % (arg,))
        try:
            code = compile(arg, '<string>', 'eval')
        except SyntaxError:
            raise SyntaxError('Forward reference must be an expression -- '
                              'got %r' % (arg,))
        self.__forward_arg__, self.__forward_code__ = arg, code
        self.__forward_module__ = module
        self.__forward_is_argument__, self.__forward_is_class__ = (is_argument,
                                                                  is_class)
        # filled in by the first evaluation
        self.__forward_evaluated__, self.__forward_value__ = False, None

    def _evaluate(self, globalns, localns, recursive_guard=frozenset()):
        if self.__forward_arg__ in recursive_guard:
            return self
        if self.__forward_evaluated__ and localns is globalns:
            return self.__forward_value__
        if globalns is None:
            globalns = {} if localns is None else localns
        if localns is None:
            localns = globalns
        if self.__forward_module__ is not None:
            module = sys.modules.get(self.__forward_module__)
            globalns = getattr(module, '__dict__', globalns)
        value = _type_check(eval(self.__forward_code__, globalns, localns),
                            'Forward references must evaluate to types.',
                            is_argument=self.__forward_is_argument__,
                            allow_special_forms=self.__forward_is_class__)
        value = _eval_type(value, globalns, localns,
                           recursive_guard | {self.__forward_arg__})
        self.__forward_value__ = value
        self.__forward_evaluated__ = True
        return value

    def __eq__(self, other):
        if isinstance(other, ForwardRef):
            if self.__forward_arg__ != other.__forward_arg__:
                return False
            both = self.__forward_evaluated__ and other.__forward_evaluated__
            if both:
                return self.__forward_value__ == other.__forward_value__
            return self.__forward_module__ == other.__forward_module__
        return NotImplemented

    __hash__ = lambda self: hash((self.__forward_arg__,
                                  self.__forward_module__))

    __or__ = lambda self, other: Union[self, other]
    __ror__ = lambda self, other: Union[other, self]

    def __repr__(self):
        if self.__forward_module__ is None:
            return 'ForwardRef(%r)' % (self.__forward_arg__,)
        return 'ForwardRef(%r, module=%r)' % (self.__forward_arg__,
                                              self.__forward_module__)


def _rebuild(t, args):
    # the same kind of alias as t, over new arguments
    if isinstance(t, _GenericAliasType):
        return _GenericAliasType(t.__origin__, args)
    if isinstance(t, _UnionType):
        return functools.reduce(lambda a, b: a | b, args)
    return t.copy_with(args)


def _eval_type(t, globalns, localns, recursive_guard=frozenset()):
    if isinstance(t, ForwardRef):
        return t._evaluate(globalns, localns, recursive_guard)
    if isinstance(t, (_GenericAlias, _GenericAliasType, _UnionType)):
        args = t.__args__
        if isinstance(t, _GenericAliasType):
            args = tuple(ForwardRef(a) if isinstance(a, str) else a
                         for a in args)
        evaluated = tuple(_eval_type(a, globalns, localns, recursive_guard)
                          for a in args)
        if evaluated == t.__args__:
            return t
        return _rebuild(t, evaluated)
    return t


# -- type variables -----------------------------------------------------------------

class _TypeVarLike:
    __or__ = lambda self, other: Union[self, other]
    __ror__ = lambda self, other: Union[other, self]

    def __repr__(self):
        if self.__covariant__ or self.__contravariant__:
            return ('+' if self.__covariant__ else '-') + self.__name__
        return '~' + self.__name__

    def __reduce__(self):
        return self.__name__

    def __init_subclass__(cls, *args, **kwargs):
        if cls.__module__ != __name__:
            raise TypeError("type '%s' is not an acceptable base type"
                            % cls.__mro__[1].__name__)

    def _variance(self, covariant, contravariant):
        if covariant and contravariant:
            raise ValueError('Bivariant types are not supported.')
        self.__covariant__ = bool(covariant)
        self.__contravariant__ = bool(contravariant)


class TypeVar(_TypeVarLike):
    """A type variable: TypeVar('T'), TypeVar('T', bound=X),
    TypeVar('T', X, Y) (constrained), with covariant/contravariant."""

    def __init__(self, name, *constraints, bound=None, covariant=False,
                 contravariant=False):
        self.__name__ = name
        self._variance(covariant, contravariant)
        if constraints and bound is not None:
            raise TypeError('Constraints cannot be combined with bound=...')
        if len(constraints) == 1:
            raise TypeError('A single constraint is not allowed')
        msg = 'TypeVar(name, constraint, ...): constraints must be types.'
        self.__constraints__ = tuple(_type_check(t, msg) for t in constraints)
        if bound is not None:
            bound = _type_check(bound, 'Bound must be a type.')
        self.__bound__ = bound
        module = _caller()
        if module != 'typing':
            self.__module__ = module

    def __typing_subst__(self, arg):
        return _type_check(arg, 'Parameters to generic types must be types.')


class TypeVarTuple:
    """A variadic type variable (used as *Ts or Unpack[Ts])."""

    def __init__(self, name):
        self.__name__ = name
        module = _caller()
        if module != 'typing':
            self.__module__ = module

    __repr__ = __reduce__ = lambda self: self.__name__

    def __iter__(self):
        return iter((Unpack[self],))


class _ParamSpecPart:
    # P.args / P.kwargs of a ParamSpec P
    def __init__(self, origin):
        self.__origin__ = origin

    def __repr__(self):
        return '%s.%s' % (self.__origin__.__name__, self._part)

    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return self.__origin__ == other.__origin__

    def __hash__(self):
        return hash((self._part, id(self.__origin__)))


class ParamSpecArgs(_ParamSpecPart):
    """The type of P.args for a ParamSpec P."""
    _part = 'args'


class ParamSpecKwargs(_ParamSpecPart):
    """The type of P.kwargs for a ParamSpec P."""
    _part = 'kwargs'


class ParamSpec(_TypeVarLike):
    """A parameter specification variable: stands for the whole parameter
    list of a callable (Callable[P, R])."""

    args = property(lambda self: ParamSpecArgs(self))
    kwargs = property(lambda self: ParamSpecKwargs(self))

    def __init__(self, name, *, bound=None, covariant=False,
                 contravariant=False):
        self.__name__ = name
        self._variance(covariant, contravariant)
        if bound is not None:
            bound = _type_check(bound, 'Bound must be a type.')
        self.__bound__ = bound
        module = _caller()
        if module != 'typing':
            self.__module__ = module


# -- generic aliases ------------------------------------------------------------------

class _BaseGenericAlias:
    """What subscripting (or naming) a generic gives: knows its origin
    class and forwards most attribute reads to it."""

    def __init__(self, origin, *, inst=True, name=None):
        self.__origin__ = origin
        self._name, self._inst = name, inst

    def __call__(self, *args, **kwargs):
        if not self._inst:
            raise TypeError('Type %s cannot be instantiated; use %s() instead'
                            % (self._name, self.__origin__.__name__))
        made = self.__origin__(*args, **kwargs)
        try:
            made.__orig_class__ = self
        except AttributeError:
            pass
        return made

    def __mro_entries__(self, bases):
        entries = []
        if self.__origin__ not in bases:
            entries.append(self.__origin__)
        later = bases[bases.index(self) + 1:]
        if not any(isinstance(b, _BaseGenericAlias)
                   or (isinstance(b, type) and issubclass(b, Generic))
                   for b in later):
            entries.append(Generic)
        return tuple(entries)

    def __getattr__(self, attr):
        if attr in ('__name__', '__qualname__'):
            return self._name or self.__origin__.__name__
        if attr in ('__origin__', '__args__'):
            raise AttributeError(attr)
        if '__origin__' in self.__dict__ and not _is_dunder(attr):
            return getattr(self.__origin__, attr)
        raise AttributeError(attr)

    def __setattr__(self, attr, value):
        if _is_dunder(attr) or attr in ('_name', '_inst', '_nparams'):
            object.__setattr__(self, attr, value)
        else:
            setattr(self.__origin__, attr, value)

    def __instancecheck__(self, obj):
        return self.__subclasscheck__(type(obj))

    def __subclasscheck__(self, cls):
        raise TypeError('Subscripted generics cannot be used with class and '
                        'instance checks')

    def __dir__(self):
        return sorted(set(object.__dir__(self))
                      | {a for a in dir(self.__origin__) if not _is_dunder(a)})


class _GenericAlias(_BaseGenericAlias):
    """A subscripted generic: List[int], Dict[str, T], MyGeneric[int]."""

    def __init__(self, origin, args, *, inst=True, name=None):
        super().__init__(origin, inst=inst, name=name)
        if not isinstance(args, tuple):
            args = (args,)
        self.__args__ = tuple(... if a is _TypingEllipsis else a for a in args)
        self.__parameters__ = _collect_parameters(args)
        if not name:
            self.__module__ = origin.__module__

    def _key(self):
        return self.__origin__, self.__args__

    def __eq__(self, other):
        if isinstance(other, _GenericAlias):
            return self._key() == other._key()
        return NotImplemented

    __hash__ = lambda self: hash(self._key())

    __or__ = lambda self, other: Union[self, other]
    __ror__ = lambda self, other: Union[other, self]

    @_tp_cache
    def __getitem__(self, args):
        if self.__origin__ in (Generic, Protocol):
            raise TypeError('Cannot subscript already-subscripted %s' % (self,))
        if not self.__parameters__:
            raise TypeError('%s is not a generic class' % (self,))
        if not isinstance(args, tuple):
            args = (args,)
        args = tuple(_type_convert(a) for a in args)
        params = self.__parameters__
        if (len(params) == 1 and isinstance(params[0], ParamSpec)
                and not (len(args) == 1 and _is_param_expr(args[0]))):
            args = (args,)
        _check_generic(self, args, len(params))
        mapping = dict(zip(params, args))
        return self.copy_with(tuple(_substitute(a, mapping)
                                    for a in self.__args__))

    def copy_with(self, args):
        return self.__class__(self.__origin__, args, name=self._name,
                              inst=self._inst)

    def __repr__(self):
        if self._name:
            head = 'typing.' + self._name
        else:
            head = _type_repr(self.__origin__)
        if self.__args__:
            inner = ', '.join(_type_repr(a) for a in self.__args__)
        else:
            inner = '()'
        return '%s[%s]' % (head, inner)

    def __reduce__(self):
        origin = globals()[self._name] if self._name else self.__origin__
        args = self.__args__
        single = len(args) == 1 and not isinstance(args[0], tuple)
        return _getitem, (origin, args[0] if single else args)

    def __mro_entries__(self, bases):
        if isinstance(self.__origin__, _SpecialForm):
            raise TypeError('Cannot subclass %r' % (self,))
        if self._name:
            return super().__mro_entries__(bases)
        if self.__origin__ is Generic:
            if Protocol in bases:
                return ()
            for b in bases[bases.index(self) + 1:]:
                if b is not self and isinstance(b, _BaseGenericAlias):
                    return ()
        return (self.__origin__,)

    def __iter__(self):
        return iter((Unpack[self],))


def _getitem(origin, args):
    return origin[args]


def _substitute(arg, mapping):
    if isinstance(arg, (TypeVar, ParamSpec)):
        return mapping.get(arg, arg)
    if isinstance(arg, (list, tuple)):
        return type(arg)(_substitute(a, mapping) for a in arg)
    inner = getattr(arg, '__parameters__', None)
    if inner and isinstance(arg, (_GenericAlias, _GenericAliasType)):
        chosen = tuple(mapping.get(p, p) for p in inner)
        if len(chosen) == 1:
            chosen = chosen[0]
        return arg[chosen]
    return arg


class _TypingEllipsis:
    """Stands for ... inside the arguments of Tuple and Callable."""


class _SpecialGenericAlias(_BaseGenericAlias):
    """An unsubscripted generic alias of a concrete class: List, Dict,
    Iterable, ..."""

    def __init__(self, origin, nparams, *, inst=True, name=None):
        super().__init__(origin, inst=inst, name=name or origin.__name__)
        self._nparams = nparams
        self.__doc__ = 'A generic version of %s.' % (_type_repr(origin),)

    @_tp_cache
    def __getitem__(self, params):
        if not isinstance(params, tuple):
            params = (params,)
        msg = 'Parameters to generic types must be types.'
        checked = tuple(_type_check(p, msg) for p in params)
        _check_generic(self, checked, self._nparams)
        return self.copy_with(checked)

    def copy_with(self, params):
        return _GenericAlias(self.__origin__, params, name=self._name,
                             inst=self._inst)

    def __subclasscheck__(self, cls):
        if isinstance(cls, _GenericAlias):
            return super().__subclasscheck__(cls)
        if isinstance(cls, _SpecialGenericAlias):
            cls = cls.__origin__
        return issubclass(cls, self.__origin__)

    __reduce__ = lambda self: self._name
    __repr__ = lambda self: 'typing.%s' % (self._name,)

    __or__ = lambda self, other: Union[self, other]
    __ror__ = lambda self, other: Union[other, self]

    def __iter__(self):
        raise TypeError('%r object is not iterable' % (self,))


class _CallableGenericAlias(_GenericAlias):
    def __init__(self, origin, args, *, inst=True, name=None):
        # a parameter list substituted for a ParamSpec joins the others
        flat = []
        for position, arg in enumerate(args):
            last = position == len(args) - 1
            if not last and isinstance(arg, (list, tuple)):
                flat.extend(arg)
            else:
                flat.append(arg)
        super().__init__(origin, tuple(flat), inst=inst, name=name)

    def __repr__(self):
        args = self.__args__
        if len(args) == 2 and _is_param_expr(args[0]):
            return super().__repr__()
        return 'typing.Callable[[%s], %s]' % (
            ', '.join(_type_repr(a) for a in args[:-1]), _type_repr(args[-1]))

    def copy_with(self, params):
        return _CallableGenericAlias(self.__origin__, params,
                                     name=self._name, inst=self._inst)


class _CallableType(_SpecialGenericAlias):
    def copy_with(self, params):
        return _CallableGenericAlias(self.__origin__, params,
                                     name=self._name, inst=self._inst)

    def __getitem__(self, params):
        if not isinstance(params, tuple) or len(params) != 2:
            raise TypeError('Callable must be used as '
                            'Callable[[arg, ...], result].')
        args, result = params
        if isinstance(args, list):
            params = (tuple(args), result)
        else:
            params = (args, result)
        return self._subscript(params)

    @_tp_cache
    def _subscript(self, params):
        args, result = params
        result = _type_check(result, 'Callable[args, result]: result must '
                                     'be a type.')
        if args is ...:
            return self.copy_with((_TypingEllipsis, result))
        if not isinstance(args, tuple):
            args = (args,)
        return self.copy_with(tuple(_type_convert(a) for a in args)
                              + (result,))


class _TupleType(_SpecialGenericAlias):
    @_tp_cache
    def __getitem__(self, params):
        params = params if isinstance(params, tuple) else (params,)
        if params[-1:] == (...,) and len(params) > 1:
            msg = 'Tuple[t, ...]: t must be a type.'
            params = tuple(_type_check(p, msg) for p in params[:-1])
            return self.copy_with(params + (_TypingEllipsis,))
        msg = 'Tuple[t0, t1, ...]: each t must be a type.'
        return self.copy_with(tuple(_type_check(p, msg) for p in params))


class _UnionGenericAlias(_GenericAlias):
    def copy_with(self, params):
        return Union[params]

    def __eq__(self, other):
        if not isinstance(other, (_UnionGenericAlias, _UnionType)):
            return NotImplemented
        return set(self.__args__) == set(other.__args__)

    __hash__ = lambda self: hash(frozenset(self.__args__))

    def __repr__(self):
        args = self.__args__
        if len(args) == 2 and _NoneType in args:
            other = args[1] if args[0] is _NoneType else args[0]
            return 'typing.Optional[%s]' % _type_repr(other)
        return super().__repr__()

    def __subclasscheck__(self, cls):
        return any(issubclass(cls, arg) for arg in self.__args__)

    def __instancecheck__(self, obj):
        return self.__subclasscheck__(type(obj))

    def __reduce__(self):
        return _getitem, (Union, self.__args__)


class _LiteralGenericAlias(_GenericAlias):
    def __eq__(self, other):
        if not isinstance(other, _LiteralGenericAlias):
            return NotImplemented
        return set(_literal_key(self.__args__)) == set(_literal_key(other.__args__))

    def __hash__(self):
        return hash(frozenset(_literal_key(self.__args__)))


class _AnnotatedAlias(_GenericAlias):
    """Annotated[T, x, ...]: T carrying extra metadata."""

    def __init__(self, origin, metadata):
        while isinstance(origin, _AnnotatedAlias):
            origin, metadata = origin.__origin__, origin.__metadata__ + metadata
        super().__init__(origin, origin)
        self.__metadata__ = metadata

    def copy_with(self, params):
        return _AnnotatedAlias(params[0], self.__metadata__)

    def __repr__(self):
        return 'typing.Annotated[%s, %s]' % (
            _type_repr(self.__origin__),
            ', '.join(repr(m) for m in self.__metadata__))

    def __reduce__(self):
        return _getitem, (Annotated, (self.__origin__,) + self.__metadata__)

    def _key(self):
        return self.__origin__, self.__metadata__

    def __eq__(self, other):
        if isinstance(other, _AnnotatedAlias):
            return self._key() == other._key()
        return NotImplemented

    __hash__ = lambda self: hash(self._key())

    def __getattr__(self, attr):
        if attr in ('__name__', '__qualname__'):
            return 'Annotated'
        return super().__getattr__(attr)

    def __mro_entries__(self, bases):
        return (self.__origin__,)


class Annotated:
    """Annotated[T, x, ...]: the type T, with metadata x, ... attached for
    tools that read it (ignored by type checkers that do not)."""
    __slots__ = ()

    def __new__(cls, *args, **kwargs):
        raise TypeError('Type Annotated cannot be instantiated.')

    @_tp_cache
    def __class_getitem__(cls, params):
        if not isinstance(params, tuple) or len(params) < 2:
            raise TypeError('Annotated[...] should be used with at least two '
                            'arguments (a type and an annotation).')
        origin = _type_check(params[0], 'Annotated[t, ...]: t must be a type.',
                             allow_special_forms=True)
        return _AnnotatedAlias(origin, tuple(params[1:]))

    def __init_subclass__(cls, *args, **kwargs):
        raise TypeError('Cannot subclass %s.Annotated' % (cls.__module__,))


# -- Generic and Protocol -------------------------------------------------------------

@_tp_cache
def _subscript_generic(cls, params):
    """C[params] for a user generic class C (and Generic[...] /
    Protocol[...] themselves, which declare the type variables)."""
    params = tuple(map(_type_convert,
                       params if isinstance(params, tuple) else (params,)))
    if cls in (Generic, Protocol):
        if not params:
            raise TypeError('Parameter list to %s[...] cannot be empty'
                            % (cls.__qualname__,))
        if not all(_is_typevar_like(p) for p in params):
            raise TypeError('Parameters to %s[...] must all be type '
                            'variables or parameter specification '
                            'variables.' % (cls.__name__,))
        if len(set(params)) != len(params):
            raise TypeError('Parameters to %s[...] must all be unique'
                            % (cls.__name__,))
    else:
        own = cls.__dict__.get('__parameters__', ())
        if (len(own) == 1 and isinstance(own[0], ParamSpec)
                and not (len(params) == 1 and _is_param_expr(params[0]))):
            params = (params,)
        _check_generic(cls, params, len(own))
    return _GenericAlias(cls, params)


class Generic:
    """Base class of user generics: class C(Generic[T]) makes C[int]
    meaningful."""
    __slots__ = ()
    _is_protocol = False

    __class_getitem__ = classmethod(_subscript_generic)

    def __init_subclass__(cls, *args, **kwargs):
        super().__init_subclass__(*args, **kwargs)
        if '__orig_bases__' in cls.__dict__:
            plain = Generic in cls.__orig_bases__
        else:
            plain = (Generic in cls.__bases__ and cls.__name__ != 'Protocol'
                     and type(cls) is not _TypedDictMeta)
        if plain:
            raise TypeError('Cannot inherit from plain Generic')
        tvars = ()
        if '__orig_bases__' in cls.__dict__:
            tvars = _collect_parameters(cls.__orig_bases__)
            declared = None
            for base in cls.__orig_bases__:
                if isinstance(base, _GenericAlias) and base.__origin__ is Generic:
                    if declared is not None:
                        raise TypeError('Cannot inherit from Generic[...] '
                                        'multiple times.')
                    declared = base.__parameters__
            if declared is not None:
                missing = [t for t in tvars if t not in declared]
                if missing:
                    raise TypeError(
                        'Some type variables (%s) are not listed in '
                        'Generic[%s]' % (', '.join(str(t) for t in missing),
                                         ', '.join(str(g) for g in declared)))
                tvars = declared
        cls.__parameters__ = tuple(tvars)


_TYPING_INTERNALS = frozenset({
    '__parameters__', '__orig_bases__', '__orig_class__', '_is_protocol',
    '_is_runtime_protocol'})
_SPECIAL_NAMES = frozenset({
    '__abstractmethods__', '__annotations__', '__dict__', '__doc__',
    '__init__', '__module__', '__new__', '__slots__', '__subclasshook__',
    '__weakref__', '__class_getitem__', '__qualname__', '__firstlineno__',
    '__static_attributes__', '__match_args__'})
_NOT_PROTOCOL_ATTRS = _TYPING_INTERNALS | _SPECIAL_NAMES | {'_MutableMapping__marker'}


def _protocol_attrs(cls):
    names = set()
    for base in cls.__mro__[:-1]:
        if base.__name__ in ('Protocol', 'Generic'):
            continue
        annotations = base.__dict__.get('__annotations__', {})
        for name in list(base.__dict__) + list(annotations):
            if not name.startswith('_abc_') and name not in _NOT_PROTOCOL_ATTRS:
                names.add(name)
    return names


def _only_callable_members(cls):
    return all(callable(getattr(cls, name, None))
               for name in _protocol_attrs(cls))


def _called_from_machinery(depth):
    # isinstance/issubclass machinery (abc, functools) may ask about any
    # protocol; users may only ask about runtime-checkable ones.
    try:
        caller = sys._getframe(depth).f_globals.get('__name__')
    except (AttributeError, ValueError):
        return True
    return caller in ('abc', 'functools')


def _no_init(self, *args, **kwargs):
    cls = type(self)
    if cls._is_protocol:
        raise TypeError('Protocols cannot be instantiated')
    for base in cls.__mro__[1:]:
        init = base.__dict__.get('__init__', _no_init)
        if init is not _no_init:
            return init(self, *args, **kwargs)


class _ProtocolMeta(ABCMeta):
    def __instancecheck__(cls, instance):
        if (getattr(cls, '_is_protocol', False)
                and not getattr(cls, '_is_runtime_protocol', False)
                and not _called_from_machinery(2)):
            raise TypeError('Instance and class checks can only be used with '
                            '@runtime_checkable protocols')
        if ((not getattr(cls, '_is_protocol', False)
             or _only_callable_members(cls))
                and issubclass(instance.__class__, cls)):
            return True
        if cls._is_protocol:
            if all(hasattr(instance, name)
                   and (not callable(getattr(cls, name, None))
                        or getattr(instance, name) is not None)
                   for name in _protocol_attrs(cls)):
                return True
        return super().__instancecheck__(instance)


class Protocol(Generic, metaclass=_ProtocolMeta):
    """Base class of structural types: a class matches a runtime-checkable
    protocol when it has all the protocol's members."""
    __slots__ = ()
    _is_runtime_protocol = False
    _is_protocol = True

    def __init_subclass__(cls, *args, **kwargs):
        super().__init_subclass__(*args, **kwargs)
        if not cls.__dict__.get('_is_protocol', False):
            cls._is_protocol = any(b is Protocol for b in cls.__bases__)

        def _proto_hook(other):
            if not cls.__dict__.get('_is_protocol', False):
                return NotImplemented
            if not getattr(cls, '_is_runtime_protocol', False):
                if _called_from_machinery(4):
                    return NotImplemented
                raise TypeError('Instance and class checks can only be used '
                                'with @runtime_checkable protocols')
            if not _only_callable_members(cls):
                if _called_from_machinery(4):
                    return NotImplemented
                raise TypeError("Protocols with non-method members don't "
                                "support issubclass()")
            if not isinstance(other, type):
                raise TypeError('issubclass() arg 1 must be a class')
            for name in _protocol_attrs(cls):
                for base in other.__mro__:
                    if name in base.__dict__:
                        if base.__dict__[name] is None:
                            return NotImplemented
                        break
                    annotations = base.__dict__.get('__annotations__', {})
                    if (name in annotations and issubclass(other, Generic)
                            and other._is_protocol):
                        break
                else:
                    return NotImplemented
            return True

        if '__subclasshook__' not in cls.__dict__:
            cls.__subclasshook__ = classmethod(lambda c, other: _proto_hook(other))

        if not cls._is_protocol:
            return
        for base in cls.__bases__:
            allowed = (base in (object, Generic)
                       or (base.__module__ in _PROTO_ALLOWLIST
                           and base.__name__ in _PROTO_ALLOWLIST[base.__module__])
                       or (issubclass(base, Generic) and base._is_protocol))
            if not allowed:
                raise TypeError('Protocols can only inherit from other '
                                'protocols, got %r' % (base,))
        if '__init__' not in cls.__dict__:
            cls.__init__ = _no_init


_PROTO_ALLOWLIST = {
    'collections.abc': ['Callable', 'Awaitable', 'Iterable', 'Iterator',
                        'AsyncIterable', 'Hashable', 'Sized', 'Container',
                        'Collection', 'Reversible'],
    '_collections_abc': ['Callable', 'Awaitable', 'Iterable', 'Iterator',
                         'AsyncIterable', 'Hashable', 'Sized', 'Container',
                         'Collection', 'Reversible'],
    'contextlib': ['AbstractContextManager', 'AbstractAsyncContextManager'],
}


def runtime_checkable(cls):
    """Let isinstance() and issubclass() be used with a protocol class."""
    if not (isinstance(cls, type) and issubclass(cls, Generic)
            and cls._is_protocol):
        raise TypeError('@runtime_checkable can be only applied to protocol '
                        'classes, got %r' % (cls,))
    cls._is_runtime_protocol = True
    return cls


# -- aliases of concrete and abstract collections -------------------------------------

# name: (origin, number of parameters); the builtin containers themselves
# (inst=False) refuse to be instantiated through the alias.
_ALIASES = [
    ('Hashable', _cabc.Hashable, 0), ('Awaitable', _cabc.Awaitable, 1),
    ('Coroutine', _cabc.Coroutine, 3),
    ('AsyncIterable', _cabc.AsyncIterable, 1),
    ('AsyncIterator', _cabc.AsyncIterator, 1),
    ('Iterable', _cabc.Iterable, 1), ('Iterator', _cabc.Iterator, 1),
    ('Reversible', _cabc.Reversible, 1), ('Sized', _cabc.Sized, 0),
    ('Container', _cabc.Container, 1), ('Collection', _cabc.Collection, 1),
    ('AbstractSet', _cabc.Set, 1), ('MutableSet', _cabc.MutableSet, 1),
    ('Mapping', _cabc.Mapping, 2), ('MutableMapping', _cabc.MutableMapping, 2),
    ('Sequence', _cabc.Sequence, 1),
    ('MutableSequence', _cabc.MutableSequence, 1),
    ('ByteString', _cabc.ByteString, 0),
    ('MappingView', _cabc.MappingView, 1), ('KeysView', _cabc.KeysView, 1),
    ('ItemsView', _cabc.ItemsView, 2), ('ValuesView', _cabc.ValuesView, 1),
    ('Generator', _cabc.Generator, 3),
    ('AsyncGenerator', _cabc.AsyncGenerator, 2),
    ('Deque', collections.deque, 1),
    ('DefaultDict', collections.defaultdict, 2),
    ('OrderedDict', collections.OrderedDict, 2),
    ('Counter', collections.Counter, 1),
    ('ChainMap', getattr(collections, 'ChainMap', None), 2),
]
_BUILTIN_ALIASES = [('List', list, 1), ('Set', set, 1),
                    ('FrozenSet', frozenset, 1), ('Dict', dict, 2),
                    ('Type', type, 1)]

for _name, _origin, _count in _ALIASES + _BUILTIN_ALIASES:
    if _origin is not None:
        globals()[_name] = _SpecialGenericAlias(
            _origin, _count, name=_name,
            inst=(_name, _origin, _count) not in _BUILTIN_ALIASES)
del _name, _origin, _count

Callable = _CallableType(_cabc.Callable, 2)
Tuple = _TupleType(tuple, -1, inst=False, name='Tuple')

try:
    import contextlib as _contextlib
    ContextManager = _SpecialGenericAlias(
        _contextlib.AbstractContextManager, 1, name='ContextManager')
    AsyncContextManager = _SpecialGenericAlias(
        _contextlib.AbstractAsyncContextManager, 1, name='AsyncContextManager')
except (ImportError, AttributeError):
    pass

try:
    import re as _re
    Pattern = _SpecialGenericAlias(_re.Pattern, 1)
    Match = _SpecialGenericAlias(_re.Match, 1)
except (ImportError, AttributeError):
    pass


# -- the Supports* protocols -------------------------------------------------------------

T = TypeVar('T')
KT = TypeVar('KT')
VT = TypeVar('VT')
T_co = TypeVar('T_co', covariant=True)
V_co = TypeVar('V_co', covariant=True)
VT_co = TypeVar('VT_co', covariant=True)
T_contra = TypeVar('T_contra', contravariant=True)
CT_co = TypeVar('CT_co', covariant=True, bound=type)
AnyStr = TypeVar('AnyStr', bytes, str)
Text = str


def _resolved_bases(bases):
    # class-statement base resolution (__mro_entries__) for classes made
    # by calling a metaclass directly
    out = []
    for b in bases:
        entries = getattr(b, '__mro_entries__', None) if not isinstance(b, type) else None
        out.extend(entries(bases) if entries else (b,))
    return tuple(out)


def _supports(method, returns, generic=False):
    """A runtime-checkable protocol with the one abstract method `method`."""
    def stub(self, *args):
        pass
    stub.__name__ = method
    stub.__annotations__ = {'return': returns}
    name = 'Supports' + method.strip('_').capitalize()
    stub.__qualname__ = '%s.%s' % (name, method)
    doc = 'An ABC with one abstract method %s' % method
    if generic:
        doc += ' that is covariant in its return type'
    bases = (Protocol[T_co],) if generic else (Protocol,)
    ns = {'__module__': __name__, '__qualname__': name, '__doc__': doc + '.',
          '__slots__': (), method: abstractmethod(stub)}
    if generic:
        ns['__orig_bases__'] = bases
    return runtime_checkable(_ProtocolMeta(name, _resolved_bases(bases), ns))


SupportsInt = _supports('__int__', int)
SupportsFloat = _supports('__float__', float)
SupportsComplex = _supports('__complex__', complex)
SupportsBytes = _supports('__bytes__', bytes)
SupportsIndex = _supports('__index__', int)
SupportsAbs = _supports('__abs__', T_co, generic=True)
SupportsRound = _supports('__round__', T_co, generic=True)


# -- NamedTuple ------------------------------------------------------------------------

_NT_PROHIBITED = frozenset({'__new__', '__init__', '__slots__', '__getnewargs__',
                            '_fields', '_field_defaults', '_make', '_replace',
                            '_asdict', '_source'})
_NT_SPECIAL = frozenset({'__module__', '__name__', '__annotations__'})


def _make_nmtuple(name, types, module, defaults=()):
    names = []
    checked = {}
    for field_name, annotation in types:
        names.append(field_name)
        checked[field_name] = _type_check(
            annotation, 'field %s annotation must be a type' % (field_name,))
    made = collections.namedtuple(name, names, defaults=defaults,
                                  module=module)
    made.__annotations__ = checked
    try:
        made.__new__.__annotations__ = checked
    except (AttributeError, TypeError):
        pass
    return made


class NamedTupleMeta(type):
    def __new__(cls, typename, bases, ns):
        for base in bases:
            if base is not _NamedTuple and base is not Generic:
                raise TypeError('can only inherit from a NamedTuple type and '
                                'Generic')
        types = ns.get('__annotations__', {})
        with_default = []
        for field_name in types:
            if field_name in ns:
                with_default.append(field_name)
            elif with_default:
                raise TypeError('Non-default namedtuple field %s cannot follow '
                                'default field%s %s'
                                % (field_name,
                                   's' if len(with_default) > 1 else '',
                                   ', '.join(with_default)))
        made = _make_nmtuple(typename, types.items(),
                             defaults=[ns[n] for n in with_default],
                             module=ns['__module__'])
        for key, value in ns.items():
            if key in _NT_PROHIBITED:
                raise AttributeError('Cannot overwrite NamedTuple attribute '
                                     + key)
            if key not in _NT_SPECIAL and key not in made._fields:
                setattr(made, key, value)
        if Generic in bases:
            made.__class_getitem__ = classmethod(_subscript_generic)
            made.__parameters__ = _collect_parameters(
                ns.get('__orig_bases__', ()))
        return made


class _NamedTupleFactory:
    """NamedTuple('Name', [('field', type), ...]) or, as a base class,
    class Name(NamedTuple): field: type = default."""

    __name__ = __qualname__ = 'NamedTuple'

    def __call__(self, typename, fields=None, /, **kwargs):
        if fields is None:
            fields = kwargs.items()
        elif kwargs:
            raise TypeError('Either list of fields or keywords can be provided '
                            'to NamedTuple, not both')
        return _make_nmtuple(typename, fields, module=_caller())

    def __mro_entries__(self, bases):
        return (_NamedTuple,)

    def __repr__(self):
        return '<function NamedTuple>'


NamedTuple = _NamedTupleFactory()
_NamedTuple = type.__new__(NamedTupleMeta, 'NamedTuple', (), {})


# -- TypedDict --------------------------------------------------------------------------

class _TypedDictMeta(type):
    def __new__(cls, name, bases, ns, total=True):
        for base in bases:
            if type(base) is not _TypedDictMeta and base is not Generic:
                raise TypeError('cannot inherit from both a TypedDict type and '
                                'a non-TypedDict base class')
        generic = (Generic,) if any(issubclass(b, Generic) for b in bases) else ()
        made = type.__new__(_TypedDictMeta, name, generic + (dict,), ns)

        msg = "TypedDict('Name', {f0: t0, f1: t1, ...}); each t must be a type"
        own = {key: _type_check(tp, msg, module=made.__module__)
               for key, tp in ns.get('__annotations__', {}).items()}
        annotations = {}
        required = set()
        optional = set()
        for base in bases:
            annotations.update(base.__dict__.get('__annotations__', {}))
            required.update(base.__dict__.get('__required_keys__', ()))
            optional.update(base.__dict__.get('__optional_keys__', ()))
        annotations.update(own)
        for key, tp in own.items():
            origin = get_origin(tp)
            if origin is Annotated:
                inner = get_args(tp)
                if inner:
                    tp = inner[0]
                    origin = get_origin(tp)
            if origin is Required:
                needed = True
            elif origin is NotRequired:
                needed = False
            else:
                needed = total
            if needed:
                required.add(key)
                optional.discard(key)
            else:
                optional.add(key)
                required.discard(key)
        made.__annotations__ = annotations
        made.__required_keys__ = frozenset(required)
        made.__optional_keys__ = frozenset(optional)
        if not hasattr(made, '__total__'):
            made.__total__ = total
        return made

    def __call__(cls, *args, **kwargs):
        return dict(*args, **kwargs)

    def __subclasscheck__(cls, other):
        raise TypeError('TypedDict does not support instance and class checks')

    __instancecheck__ = __subclasscheck__


class _TypedDictFactory:
    """TypedDict('Name', {'key': type, ...}, total=True) or, as a base class,
    class Name(TypedDict, total=True): key: type."""

    __name__ = __qualname__ = 'TypedDict'

    def __call__(self, typename, fields=None, /, *, total=True, **kwargs):
        if fields is None:
            fields = kwargs
        elif kwargs:
            raise TypeError('TypedDict takes either a dict or keyword '
                            'arguments, but not both')
        ns = {'__annotations__': dict(fields)}
        module = _caller()
        if module is not None:
            ns['__module__'] = module
        return _TypedDictMeta(typename, (), ns, total=total)

    def __mro_entries__(self, bases):
        return (_TypedDict,)

    def __repr__(self):
        return '<function TypedDict>'


TypedDict = _TypedDictFactory()
_TypedDict = type.__new__(_TypedDictMeta, 'TypedDict', (), {})


def is_typeddict(tp):
    """Whether tp is a class made with TypedDict."""
    return isinstance(tp, _TypedDictMeta)


# -- NewType ------------------------------------------------------------------------

class NewType:
    """NewType('UserId', int): a distinct name for a type, for the type
    checker; at run time calling it returns its argument unchanged."""

    def __init__(self, name, tp):
        self.__supertype__ = tp
        self.__name__ = name.split('.')[-1]
        self.__qualname__ = name
        module = _caller()
        if module != 'typing':
            self.__module__ = module

    def __call__(self, x):
        return x

    def __mro_entries__(self, bases):
        supername = self.__name__

        class Dummy:
            def __init_subclass__(cls):
                sub = cls.__name__
                raise TypeError('Cannot subclass an instance of NewType. '
                                'Perhaps you were looking for: `%s = '
                                'NewType(%r, %s)`' % (sub, sub, supername))
        return (Dummy,)

    def __repr__(self):
        return '%s.%s' % (self.__module__, self.__qualname__)

    def __reduce__(self):
        return self.__qualname__

    __or__ = lambda self, other: Union[self, other]
    __ror__ = lambda self, other: Union[other, self]


# -- functions ----------------------------------------------------------------------

def cast(typ, val):
    """Tell the type checker that val has type typ; returns val unchanged."""
    return val


def assert_type(val, typ, /):
    """Ask the type checker to confirm val's type; returns val."""
    return val


def reveal_type(obj, /):
    """Show obj's run-time type on stderr (and the static one to a type
    checker); returns obj."""
    print('Runtime type is %r' % (type(obj).__name__,), file=sys.stderr)
    return obj


def assert_never(arg, /):
    """Mark code that the type checker proves unreachable."""
    shown = repr(arg)
    if len(shown) > 100:
        shown = shown[:100] + '...'
    raise AssertionError('Expected code to be unreachable, but got: ' + shown)


def final(f):
    """Mark a method or class final (not to be overridden or subclassed)."""
    try:
        f.__final__ = True
    except (AttributeError, TypeError):
        pass
    return f


def dataclass_transform(*, eq_default=True, order_default=False,
                        kw_only_default=False, field_specifiers=(),
                        **kwargs):
    """Mark a decorator, base class or metaclass as creating dataclass-like
    classes."""
    def decorator(cls_or_fn):
        cls_or_fn.__dataclass_transform__ = {
            'eq_default': eq_default,
            'order_default': order_default,
            'kw_only_default': kw_only_default,
            'field_specifiers': field_specifiers,
            'kwargs': kwargs,
        }
        return cls_or_fn
    return decorator


_overloads_lock = _thread.allocate_lock()
_overloads = {}


def _overload_dummy(*args, **kwds):
    raise NotImplementedError(
        'You should not call an overloaded function. A series of @overload-'
        'decorated functions outside a stub module should always be followed '
        'by an implementation that is not @overload-ed.')


def overload(func):
    """Decorator for the signatures of an overloaded function; the
    undecorated definition that follows them is the implementation."""
    f = getattr(func, '__func__', func)
    try:
        key = (f.__module__, f.__qualname__)
        line = f.__code__.co_firstlineno
    except AttributeError:
        return _overload_dummy
    with _overloads_lock:
        _overloads.setdefault(key, {})[line] = func
    return _overload_dummy


def get_overloads(func):
    """The @overload signatures recorded for func, in definition order."""
    f = getattr(func, '__func__', func)
    key = (getattr(f, '__module__', None), getattr(f, '__qualname__', None))
    with _overloads_lock:
        return list(_overloads.get(key, {}).values())


def clear_overloads():
    """Forget every recorded overload."""
    with _overloads_lock:
        _overloads.clear()


def no_type_check(arg):
    """Tell type checkers to ignore a function's (or a class's methods')
    annotations."""
    if isinstance(arg, type):
        for key in dir(arg):
            obj = getattr(arg, key)
            if (not hasattr(obj, '__qualname__')
                    or obj.__qualname__ != '%s.%s' % (arg.__qualname__,
                                                       getattr(obj, '__name__', ''))
                    or getattr(obj, '__module__', None) != arg.__module__):
                continue
            if isinstance(obj, _FunctionType):
                obj.__no_type_check__ = True
            elif isinstance(getattr(obj, '__func__', None), _FunctionType):
                obj.__func__.__no_type_check__ = True
            elif isinstance(obj, type):
                no_type_check(obj)
    try:
        arg.__no_type_check__ = True
    except TypeError:
        pass
    return arg


def no_type_check_decorator(decorator):
    """Make `decorator` give no_type_check to what it decorates."""
    @functools.wraps(decorator)
    def wrapped(*args, **kwds):
        return no_type_check(decorator(*args, **kwds))
    return wrapped


# -- introspection -----------------------------------------------------------------

def _strip_annotations(t):
    if isinstance(t, _AnnotatedAlias):
        return _strip_annotations(t.__origin__)
    if isinstance(t, _GenericAlias) and t.__origin__ in (Required, NotRequired):
        return _strip_annotations(t.__args__[0])
    if isinstance(t, (_GenericAlias, _GenericAliasType, _UnionType)):
        stripped = tuple(_strip_annotations(a) for a in t.__args__)
        if stripped == t.__args__:
            return t
        return _rebuild(t, stripped)
    return t


def get_type_hints(obj, globalns=None, localns=None, include_extras=False):
    """The evaluated annotations of a module, class, method or function
    (string annotations evaluated, None turned into NoneType; for classes,
    those of every base in MRO order).  Annotated metadata is dropped unless
    include_extras is true."""
    if getattr(obj, '__no_type_check__', None):
        return {}
    if isinstance(obj, type):
        hints = {}
        for base in reversed(obj.__mro__):
            if globalns is None:
                base_globals = getattr(sys.modules.get(base.__module__),
                                       '__dict__', {})
            else:
                base_globals = globalns
            annotations = base.__dict__.get('__annotations__', {})
            if not isinstance(annotations, dict):
                annotations = {}
            base_locals = dict(vars(base)) if localns is None else localns
            if localns is None and globalns is None:
                # the class namespace wins over the module's, as in CPython
                base_globals, base_locals = base_locals, base_globals
            for name, value in annotations.items():
                if value is None:
                    value = _NoneType
                if isinstance(value, str):
                    value = ForwardRef(value, is_argument=False, is_class=True)
                hints[name] = _eval_type(value, base_globals, base_locals)
        if include_extras:
            return hints
        return {k: _strip_annotations(t) for k, t in hints.items()}

    is_module = type(obj) is type(sys)
    if globalns is None:
        if is_module:
            globalns = obj.__dict__
        else:
            inner = obj
            while hasattr(inner, '__wrapped__'):
                inner = inner.__wrapped__
            globalns = getattr(inner, '__globals__', {})
    if localns is None:
        localns = globalns
    annotations = getattr(obj, '__annotations__', None)
    if annotations is None:
        if is_module or callable(obj):
            return {}
        raise TypeError('%r is not a module, class, method, or function.'
                        % (obj,))
    hints = {}
    for name, value in dict(annotations).items():
        if value is None:
            value = _NoneType
        if isinstance(value, str):
            value = ForwardRef(value, is_argument=not is_module, is_class=False)
        hints[name] = _eval_type(value, globalns, localns)
    if include_extras:
        return hints
    return {k: _strip_annotations(t) for k, t in hints.items()}


def get_origin(tp):
    """The unsubscripted form of a generic type: get_origin(List[int]) is
    list, get_origin(Union[int, str]) is Union; None for anything else."""
    if isinstance(tp, _AnnotatedAlias):
        return Annotated
    if isinstance(tp, (_BaseGenericAlias, _GenericAliasType, ParamSpecArgs,
                       ParamSpecKwargs)):
        return tp.__origin__
    if tp is Generic:
        return Generic
    if isinstance(tp, _UnionType):
        return _UnionType
    return None


def get_args(tp):
    """The arguments of a subscripted type, with Callable's parameter list
    as a list: get_args(Callable[[int], str]) == ([int], str)."""
    if isinstance(tp, _AnnotatedAlias):
        return (tp.__origin__,) + tp.__metadata__
    if isinstance(tp, (_GenericAlias, _GenericAliasType)):
        args = tp.__args__
        if (tp.__origin__ is _cabc.Callable
                and not (len(args) == 2 and _is_param_expr(args[0]))):
            return (list(args[:-1]), args[-1])
        return args
    if isinstance(tp, _UnionType):
        return tp.__args__
    return ()


# -- IO classes ------------------------------------------------------------------------

def _io_members(cls, methods, properties):
    # abstract stubs: the IO classes only describe file objects
    for name in methods:
        def stub(self, *args, **kwargs):
            pass
        stub.__name__ = name
        stub.__qualname__ = '%s.%s' % (cls.__name__, name)
        setattr(cls, name, abstractmethod(stub))
    for name in properties:
        def getter(self):
            pass
        getter.__name__ = name
        setattr(cls, name, property(abstractmethod(getter)))
    return cls


class IO(Generic[AnyStr]):
    """The generic type of file objects (what open() returns)."""
    __slots__ = ()


class BinaryIO(IO[bytes]):
    """Typed version of the return of open() in binary mode."""
    __slots__ = ()


class TextIO(IO[str]):
    """Typed version of the return of open() in text mode."""
    __slots__ = ()


_io_members(IO, ['close', 'fileno', 'flush', 'isatty', 'read', 'readable',
                 'readline', 'readlines', 'seek', 'seekable', 'tell',
                 'truncate', 'writable', 'write', 'writelines', '__enter__',
                 '__exit__'],
            ['mode', 'name', 'closed'])
_io_members(BinaryIO, ['write', '__enter__'], [])
_io_members(TextIO, ['__enter__'],
            ['buffer', 'encoding', 'errors', 'line_buffering', 'newlines'])


# Aliases whose origin module is not available here are left out.
__all__ = [name for name in __all__ if name in globals()]
