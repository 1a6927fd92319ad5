# Differential test for typing (outputs recorded from CPython 3.11).
import sys
import threading
import typing
from typing import (Any, Annotated, Callable, ClassVar, Dict, Final,
                    FrozenSet, Generic, Iterable, Iterator, List, Literal,
                    Mapping, MutableMapping, NamedTuple, NewType, NoReturn,
                    Never, Optional, ParamSpec, Protocol, Self, Sequence, Set,
                    Tuple, Type, TypedDict, TypeVar, Union, cast, get_args,
                    get_origin, get_type_hints, overload, runtime_checkable,
                    TYPE_CHECKING, Required, NotRequired, TypeAlias)


def show(label, fn):
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__, e)


print(TYPE_CHECKING, Any, NoReturn, Never, Self, TypeAlias, ClassVar, Final)
print(List, Dict, Set, FrozenSet, Tuple, Type, Callable, Iterable, Mapping)
print(List[int], Dict[str, List[int]], Set[bytes], FrozenSet[str], Type[int])
print(Tuple[int, str], Tuple[int, ...], Tuple[()], Callable[[int, str], bool])
print(Callable[..., int], Callable[[], None], Iterator[str], Sequence[Any])
print(MutableMapping[str, Tuple[int, ...]], typing.DefaultDict[str, int])
print(typing.Deque[int], typing.OrderedDict[str, int], typing.Counter[str])
print(typing.Generator[int, None, str], typing.AsyncIterator[int])
print(Optional[int], Union[int, str], Union[int, str, None], Union[int])
print(Union[int, Union[str, float]], Union[int, int, str], Optional[Optional[int]])
print(Union[int, str] == Union[str, int], hash(Union[int, str]) == hash(Union[str, int]))
print(Optional[int] == Union[int, None], List[int] == List[int], List[int] != List[str])
print(Literal[1, 'a', True], Literal[Literal[1, 2], 3], Literal[1, 1, 2])
print(Literal[1, 2] == Literal[2, 1], ClassVar[int], Final[List[int]])
print(Annotated[int, 'meta'], Annotated[Annotated[int, 1], 2], Annotated[List[int], 'x', 3])
print(List['int'], Optional['Node'], typing.ForwardRef('X'))
print(List[int] | None, Optional[int] | str, int | List[str])

# errors
show('List[int, str]', lambda: List[int, str])
show('Dict[int]', lambda: Dict[int])
show('Union[]', lambda: Union[()])
show('Callable[int]', lambda: Callable[int])
show('Callable[int, str]', lambda: Callable[int, str])
show('ClassVar[int, str]', lambda: ClassVar[int, str])
show('Union[ClassVar]', lambda: Union[ClassVar])
show('List()', lambda: List())
show('Any()', lambda: Any())
show('Union()', lambda: Union())
show('isinstance Any', lambda: isinstance(1, Any))
show('subclass Union', lambda: exec('class X(Union): pass', {'Union': Union}))
show('Annotated[int]', lambda: Annotated[int])
show('Annotated()', lambda: Annotated())
show('TypeAlias[int]', lambda: TypeAlias[int])
show('NoReturn[int]', lambda: NoReturn[int])
show('Hashable[int]', lambda: typing.Hashable[int])
show('ForwardRef(1)', lambda: typing.ForwardRef(1))
show('ForwardRef syntax', lambda: typing.ForwardRef('a b'))

# get_origin / get_args
for tp in [List[int], Dict[str, int], Callable[[int], str], Callable[..., str],
           Union[int, str], Optional[int], Annotated[int, 'x'], Literal[1],
           ClassVar[int], Tuple[int, ...], Tuple[()], int, List, Generic,
           Iterable[int], Type[str]]:
    print(repr(tp), get_origin(tp), get_args(tp))

# TypeVar and generics
T = TypeVar('T')
K = TypeVar('K')
V = TypeVar('V')
Co = TypeVar('Co', covariant=True)
Contra = TypeVar('Contra', contravariant=True)
Num = TypeVar('Num', int, float)
B = TypeVar('B', bound=Sequence[int])
print(T, Co, Contra, Num, Num.__constraints__, B.__bound__, T.__name__, T.__module__)
print(T.__bound__, T.__covariant__, Co.__covariant__, Contra.__contravariant__)
show('bivariant', lambda: TypeVar('X', covariant=True, contravariant=True))
show('one constraint', lambda: TypeVar('X', int))
show('bound and constraints', lambda: TypeVar('X', int, str, bound=int))
print(List[T], List[T][int], Dict[K, V][str, int], Dict[str, T][float])
print(List[T].__parameters__, Dict[K, List[V]].__parameters__, Dict[K, List[V]][int, str])
print(Callable[[T], K][int, str], Tuple[T, ...][bytes], Union[T, int][str])
print(T | None, Optional[T][int])
show('List[T][int, str]', lambda: List[T][int, str])
show('List[int][str]', lambda: List[int][str])


class Box(Generic[T]):
    def __init__(self, item: T):
        self.item = item

    def get(self) -> T:
        return self.item


class Pair(Generic[K, V]):
    pass


class IntBox(Box[int]):
    pass


class Mixed(Box[T], Pair[str, V]):
    pass


print(Box[int], Box[List[str]], Box.__parameters__, IntBox.__parameters__)
print(Pair[int, str], Pair.__parameters__, Mixed.__parameters__, Mixed[int, bytes])
b = Box[int](5)
print(b.get(), b.__orig_class__, type(b).__name__, IntBox(3).get())
print(Box.__orig_bases__, Mixed.__orig_bases__, Box.__mro__)
print(IntBox.__orig_bases__, IntBox.__mro__)
print(get_origin(Box[int]), get_args(Pair[int, str]), Box[T][int])
show('Box[int, str]', lambda: Box[int, str])
show('IntBox[int]', lambda: IntBox[int])
show('Generic[int]', lambda: Generic[int])
show('Generic[T, T]', lambda: Generic[T, T])
show('Generic[]', lambda: Generic[()])
show('plain Generic', lambda: exec('class X(Generic): pass', {'Generic': Generic}))


def missing_var():
    class Bad(Generic[T], Pair[K, V]):
        pass


show('missing var', missing_var)


class ListLike(List[int]):
    pass


class MapLike(Mapping[str, int]):
    def __init__(self, d):
        self._d = d

    def __getitem__(self, k):
        return self._d[k]

    def __iter__(self):
        return iter(self._d)

    def __len__(self):
        return len(self._d)


print(ListLike.__mro__, ListLike([1, 2]))
m = MapLike({'a': 1, 'b': 2})
print(m['a'], m.get('c', 0), 'b' in m, sorted(m.keys()), sorted(m.items()), m == {'a': 1, 'b': 2})
print([c.__name__ for c in MapLike.__mro__])

P = ParamSpec('P')
print(P, P.args, P.kwargs, Callable[P, int], Callable[P, int][[str, int]])
print(typing.Concatenate[int, P], Callable[typing.Concatenate[int, P], str])


# more subscription errors and odd corners
show('Optional[int, str]', lambda: Optional[int, str])
show('Literal unhashable', lambda: Literal[[1]])
show('Union forward', lambda: Union[int, 'str'])


class Proto(Protocol[T]):
    def get(self) -> T: ...


show('Proto[int]', lambda: Proto[int])
show('Proto[int, str]', lambda: Proto[int, str])
show('Final[int, str]', lambda: Final[int, str])
show('List[ClassVar]', lambda: List[ClassVar[int]])
show('List[Final]', lambda: List[Final[int]])
show('Tuple[..., int]', lambda: Tuple[..., int])
show('alias attr', lambda: List[int].append)
show('alias name', lambda: (typing.List.__name__, typing.Iterable.__qualname__))
show('Union origin', lambda: Union[int, str].__origin__)


class MyAny(Any):
    pass


print(MyAny.__mro__, isinstance(MyAny(), MyAny), repr(MyAny))
show('TypeVar[int]', lambda: TypeVar('Z')[int])
show('Tuple[(int, str)]', lambda: Tuple[(int, str)])
show('Dict forward', lambda: Dict['K', 'V'])
module_level: 'List[str]' = []
print(get_type_hints(sys.modules[__name__])['module_level'])


# Protocol
@runtime_checkable
class Closable(Protocol):
    def close(self) -> None: ...


class HasName(Protocol):
    name: str


class File:
    def close(self):
        pass


class Named:
    name = 'n'


print(isinstance(File(), Closable), isinstance(3, Closable), issubclass(File, Closable))
show('non-runtime', lambda: isinstance(Named(), HasName))
show('instantiate protocol', lambda: Closable())
show('runtime_checkable on class', lambda: runtime_checkable(File))


@runtime_checkable
class HasLen(Protocol):
    size: int

    def __len__(self) -> int: ...


class Sized3:
    size = 3

    def __len__(self):
        return 3


print(isinstance(Sized3(), HasLen), isinstance([], HasLen))
show('data protocol issubclass', lambda: issubclass(Sized3, HasLen))


class Impl(Closable):
    def __init__(self, x):
        self.x = x


print(Impl(4).x, isinstance(Impl(1), Closable), Closable._is_protocol, Impl._is_protocol)
class Rounder:
    def __round__(self, n=0):
        return 1


print(isinstance(3, typing.SupportsInt), isinstance('x', typing.SupportsInt),
      isinstance(2.5, typing.SupportsFloat), isinstance(3, typing.SupportsIndex),
      isinstance(-1, typing.SupportsAbs), isinstance(Rounder(), typing.SupportsRound))
print(typing.SupportsAbs[int], typing.SupportsInt.__doc__)
show('protocol from class', lambda: exec('class X(Protocol, File): pass', {'Protocol': Protocol, 'File': File}))


# NamedTuple
class Point(NamedTuple):
    x: int
    y: int = 0
    label: str = 'p'

    def norm(self):
        return abs(self.x) + abs(self.y)


p = Point(3, -4)
print(p, p.norm(), Point._fields, Point._field_defaults, Point.__annotations__)
print(p._replace(x=1), p._asdict(), tuple(p), Point._make([1, 2, 'q']))
print(isinstance(p, tuple), Point.__mro__, Point.__name__)
Emp = NamedTuple('Emp', [('name', str), ('id', int)])
print(Emp('a', 1), Emp.__annotations__, Emp.__module__)
Kw = NamedTuple('Kw', x=int, y=float)
print(Kw(1, 2.0), Kw._fields)
show('NT bad default order', lambda: exec("class Q(NamedTuple):\n    a: int = 1\n    b: int\n",
                                          {'NamedTuple': NamedTuple}))
show('NT bad default order 2', lambda: exec("class Q(NamedTuple):\n    a: int = 1\n    c: int = 2\n    b: int\n",
                                            {'NamedTuple': NamedTuple}))
show('NT overwrite', lambda: exec("class Q(NamedTuple):\n    a: int\n    def _asdict(self): pass\n",
                                  {'NamedTuple': NamedTuple}))
show('NT bad base', lambda: exec("class Q(NamedTuple, int):\n    a: int\n",
                                 {'NamedTuple': NamedTuple}))
show('NT both', lambda: NamedTuple('X', [('a', int)], b=int))


# TypedDict
class Movie(TypedDict):
    title: str
    year: int


class Partial(TypedDict, total=False):
    rating: float


class Full(Movie, Partial):
    extra: NotRequired[str]
    must: Required[int]


mv = Movie(title='Blade Runner', year=1982)
print(mv, type(mv).__name__, Movie.__total__, sorted(Movie.__required_keys__))
print(Partial.__total__, sorted(Partial.__optional_keys__), sorted(Full.__required_keys__),
      sorted(Full.__optional_keys__), list(Full.__annotations__))
show('isinstance TypedDict', lambda: isinstance(mv, Movie))
Func = TypedDict('Func', {'a': int, 'b': str}, total=False)
print(Func(a=1), sorted(Func.__optional_keys__), Func.__module__, typing.is_typeddict(Func),
      typing.is_typeddict(dict))
show('TD bad base', lambda: exec("class Q(TypedDict, int):\n    a: int\n", {'TypedDict': TypedDict}))


class GPair(NamedTuple, Generic[T]):
    a: T
    b: T


class GTD(TypedDict, Generic[T]):
    x: T


print(GPair(1, 2), GPair[int], GPair.__parameters__, GPair[int](3, 4), GTD(x=1), GTD[int])

# NewType
UserId = NewType('UserId', int)
print(UserId, UserId(5), UserId.__supertype__, UserId.__name__, type(UserId(5)).__name__)
print(Optional[UserId], UserId | None)
show('subclass NewType', lambda: exec('class Sub(UserId): pass', {'UserId': UserId}))

# cast, overload, no_type_check, final, assert_never
print(cast(int, 'x'), cast('List[int]', [1]), typing.assert_type(3, int))


@overload
def area(x: int) -> int: ...


@overload
def area(x: str) -> str: ...


def area(x):
    return x * 2


print(area(2), area('a'), len(typing.get_overloads(area)))
show('call overload', lambda: overload(lambda x: x)(1))
typing.clear_overloads()
print(len(typing.get_overloads(area)))
show('assert_never', lambda: typing.assert_never('x' * 200))


@typing.no_type_check
def untyped(a: 'nonsense') -> 'more':
    return a


print(untyped.__no_type_check__, get_type_hints(untyped))


@typing.final
class Leaf:
    @typing.final
    def f(self):
        pass


print(Leaf.__final__, Leaf.f.__final__)


# get_type_hints
class Node:
    value: int
    next: 'Optional[Node]'
    tags: List['str'] = []
    meta: Annotated[int, 'units'] = 0
    count: ClassVar[int] = 0


print(get_type_hints(Node))
print(get_type_hints(Node, include_extras=True)['meta'])


class SubNode(Node):
    extra: 'Dict[str, Node]'


print(list(get_type_hints(SubNode)), get_type_hints(SubNode)['extra'])


def func(a: int, b: 'str' = 'x', c: None = None, *args: 'Tuple[int, ...]',
         d: 'Optional[List[Node]]' = None, **kw: Any) -> 'Dict[str, int]':
    pass


print(get_type_hints(func))
print(get_type_hints(func, localns={'Node': int})['d'])
show('hints of 3', lambda: get_type_hints(3))

# Self, Literal use at run time, TYPE_CHECKING guard
if TYPE_CHECKING:
    import nonexistent_module_for_typing


class Chain:
    def set(self, v) -> Self:
        self.v = v
        return self


print(Chain().set(3).v, get_type_hints(Chain.set))
Mode = Literal['r', 'w']


def open_it(mode: Mode) -> str:
    return mode


print(open_it('r'), get_args(Mode), get_type_hints(open_it))
print(typing.Text, typing.AnyStr, typing.AnyStr.__constraints__)
print(typing.IO, typing.TextIO.__mro__[1], typing.IO[str], typing.BinaryIO.__orig_bases__)

# pickling-related reduce of aliases
print(List[int].__reduce__()[1], Union[int, str].__reduce__()[1], typing.List.__reduce__())

# many threads subscribing, evaluating hints and registering overloads at once
results = [None] * 4


def worker(n):
    made = []
    for i in range(200):
        a = Dict[str, List[Tuple[int, ...]]]
        b = Union[int, str, None]
        c = Box[Dict[str, int]]
        d = Callable[[int], Optional[str]]
        made.append(repr(a) + repr(b) + repr(c) + repr(d))
        get_type_hints(Node)

        def f(x: int) -> int:
            return x
        f.__qualname__ = 'shared_%d' % n
        overload(f)
    results[n] = (len(set(made)), made[0], len(typing.get_overloads(f)))


threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
for r in results:
    print(r)
