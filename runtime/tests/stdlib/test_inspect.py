# Differential test of the inspect module.
import abc
import functools
import inspect
import os
import re
import sys
import threading
import types


def show(label, fn):
    try:
        print(label, fn())
    except Exception as e:
        print(label, "!!", type(e).__name__, re.sub(r' at 0x[0-9a-f]+>', ' at ADDR>', str(e)))


# --- predicates ---------------------------------------------------------------
def plain(a, b=1):
    """Plain function."""
    return a


def gen_func():
    yield 1


async def coro_func():
    return 1


async def agen_func():
    yield 1


def outer_with_inner():
    def inner():
        yield 1
    return inner


class Base:
    """Base docstring.

        Indented more.
    """
    attr = 5

    def method(self, x):
        """Method doc."""
        return x

    @classmethod
    def cmethod(cls, y):
        return y

    @staticmethod
    def smethod(z):
        return z

    @property
    def prop(self):
        """Prop doc."""
        return 1


class Derived(Base):
    def method(self, x):
        return x + 1


class Abstract(abc.ABC):
    @abc.abstractmethod
    def must(self):
        pass


class Concrete(Abstract):
    def must(self):
        return 1


b = Base()
checks = [
    ("ismodule", inspect.ismodule, [inspect, plain, Base]),
    ("isclass", inspect.isclass, [Base, b, int, plain]),
    ("isfunction", inspect.isfunction, [plain, b.method, Base.method, len, lambda: 0]),
    ("ismethod", inspect.ismethod, [b.method, Base.method, Base.cmethod, Base.smethod, plain]),
    ("isgeneratorfunction", inspect.isgeneratorfunction, [gen_func, plain, coro_func, agen_func, outer_with_inner, outer_with_inner(), functools.partial(gen_func)]),
    ("iscoroutinefunction", inspect.iscoroutinefunction, [coro_func, gen_func, agen_func, plain]),
    ("isasyncgenfunction", inspect.isasyncgenfunction, [agen_func, coro_func, gen_func]),
    ("isgenerator", inspect.isgenerator, [gen_func(), gen_func, [1]]),
    ("isabstract", inspect.isabstract, [Abstract, Concrete, Base, 5]),
    ("isroutine", inspect.isroutine, [plain, b.method, len, Base]),
    ("isbuiltin", inspect.isbuiltin, [len, plain, print]),
    ("isframe", inspect.isframe, [sys._getframe(), plain]),
    ("iscode", inspect.iscode, [plain.__code__, plain]),
    ("isdatadescriptor", inspect.isdatadescriptor, [Base, plain, 5]),
]
for name, pred, objs in checks:
    print(name, [pred(o) for o in objs])
co = coro_func()
print("iscoroutine", inspect.iscoroutine(co), inspect.iscoroutine(gen_func()), inspect.isawaitable(co), inspect.isawaitable(5))
co.close()


class Awaitable:
    def __await__(self):
        yield


print("isawaitable custom", inspect.isawaitable(Awaitable()))
try:
    raise ValueError
except ValueError as e:
    print("istraceback", inspect.istraceback(e.__traceback__), inspect.istraceback(e))


class DataDesc:
    def __get__(self, obj, owner=None):
        return 1

    def __set__(self, obj, value):
        pass


class NonDataDesc:
    def __get__(self, obj, owner=None):
        return 2


print("descriptors", inspect.isdatadescriptor(DataDesc()), inspect.ismethoddescriptor(DataDesc()),
      inspect.isdatadescriptor(NonDataDesc()), inspect.ismethoddescriptor(NonDataDesc()),
      inspect.ismethoddescriptor(plain))
print([n for n in dir(inspect) if n.startswith('CO_')])
print(inspect.CO_GENERATOR, inspect.CO_COROUTINE, inspect.CO_VARARGS, inspect.CO_VARKEYWORDS, inspect.CO_ASYNC_GENERATOR)


# --- members, mro, docs ----------------------------------------------------------
print(inspect.getmro(Derived))
print([n for n, v in inspect.getmembers(Derived) if not n.startswith('__')])
print([n for n, v in inspect.getmembers(b, inspect.ismethod) if not n.startswith('__')])
print([n for n, v in inspect.getmembers(Derived, inspect.isfunction)])
print(inspect.getmembers(Derived, lambda v: isinstance(v, int) and not isinstance(v, bool)))
mod = sys.modules[__name__]
print([n for n, v in inspect.getmembers(mod, inspect.isclass)][:6], [n for n, v in inspect.getmembers(mod, inspect.isfunction)][:6])
print(repr(inspect.getdoc(Base)))
print(repr(inspect.getdoc(Base.method)), repr(inspect.getdoc(Derived.method)), repr(inspect.getdoc(Derived().method)))
print(repr(inspect.getdoc(Base.prop)), repr(inspect.getdoc(Derived)))
print(repr(inspect.getdoc(5 .__class__.__dict__.get('nope'))))
print(repr(inspect.cleandoc("  First line\n      second\n    third\n\n")))
print(repr(inspect.cleandoc("\n\n   only\n     indented\n")))
print(repr(inspect.cleandoc("tabs\n\tx\n\t  y")))
print(repr(inspect.cleandoc("")))
print(inspect.getmodule(plain) is sys.modules[__name__], inspect.getmodule(inspect) is inspect,
      inspect.getmodule(inspect.signature) is inspect, inspect.getmodule(Base).__name__)
print(os.path.basename(inspect.getfile(plain)), os.path.basename(inspect.getfile(Base.method)),
      os.path.basename(inspect.getfile(sys._getframe())), os.path.basename(inspect.getfile(plain.__code__)))
print(os.path.basename(inspect.getsourcefile(plain)))
show("getfile(5)", lambda: inspect.getfile(5))
show("getfile(Base)", lambda: os.path.basename(inspect.getfile(Base)))
show("getfile(int)", lambda: inspect.getfile(int))
print(inspect.getmodulename("/a/b/mod.py"), inspect.getmodulename("x.txt"))


# --- source -------------------------------------------------------------------
def multi_line_header(a,
                      b=(1,
                         2),
                      *rest):
    """doc"""
    x = """
not code
"""
    if a:
        return b

    # trailing comment inside

    return rest
# a comment after the function


def deco(f):
    return f


@deco
def decorated(x):
    return x


def one_liner(): return 42


class WithNested:
    x = 1

    class Inner:
        def deep(self):
            return 2

    def after(self):
        pass


lam = lambda v: v * 2  # noqa


print(inspect.getsource(plain), end='')
print(inspect.getsource(multi_line_header), end='')
print(inspect.getsourcelines(decorated))
print(inspect.getsource(one_liner), end='')
print(inspect.getsource(WithNested.Inner.deep), end='')
print(inspect.getsource(WithNested.Inner), end='')
print(inspect.getsource(WithNested), end='')
print(inspect.getsource(lam), end='')
print(inspect.getsourcelines(Base.method)[1], inspect.getsourcelines(Derived().method)[1])
print(inspect.getsource(gen_func), end='')
print(inspect.findsource(plain)[1])
show("getsource(len)", lambda: inspect.getsource(len))
show("getsource(5)", lambda: inspect.getsource(5))
ns = {}
exec("def from_exec():\n    pass\n", ns)
show("getsource(from_exec)", lambda: inspect.getsource(ns['from_exec']))
print(inspect.indentsize("    \tx"), inspect.indentsize("x"))


# --- unwrap -------------------------------------------------------------------
def wrapper_deco(f):
    @functools.wraps(f)
    def wrapper(*args, **kwargs):
        return f(*args, **kwargs)
    return wrapper


@wrapper_deco
@wrapper_deco
def wrapped_twice(p, q=3):
    return p


print(inspect.unwrap(wrapped_twice) is wrapped_twice.__wrapped__.__wrapped__)
print(inspect.unwrap(wrapped_twice, stop=lambda f: f.__wrapped__.__name__ == 'wrapped_twice' and not hasattr(f.__wrapped__, '__wrapped__')) is wrapped_twice.__wrapped__)
print(inspect.unwrap(plain) is plain)


class Loop:
    pass


loop = Loop()
loop.__wrapped__ = loop
try:
    inspect.unwrap(loop)
except ValueError as e:
    print("ValueError", str(e).split(' at ')[0])


# --- signature ----------------------------------------------------------------
def full(a, b: int, /, c, d=4, *args: str, e, f: float = 1.5, **kw) -> list:
    pass


def no_params():
    pass


def only_kw(*, x, y=2):
    pass


def only_var(*args, **kwargs):
    pass


def posonly_defaults(a=1, b=2, /, c=3):
    pass


def annotated(a: "str annotation", b: list[int], c: Base, d: types.ModuleType = None) -> None:
    pass


import typing


def typed(a: typing.List[int], b: typing.Optional[str] = None) -> typing.Dict[str, int]:
    pass


for fn in (plain, full, no_params, only_kw, only_var, posonly_defaults, annotated, typed,
           lambda x, *y, z=3: 0, gen_func, coro_func, multi_line_header, wrapped_twice):
    sig = inspect.signature(fn)
    print(str(sig), repr(sig).startswith('<Signature ('))
print(inspect.signature(wrapped_twice, follow_wrapped=False))
sig = inspect.signature(full)
for p in sig.parameters.values():
    print(repr(p), p.name, p.kind, int(p.kind), p.kind.description, p.default is p.empty, p.annotation)
print(list(sig.parameters), sig.return_annotation, type(sig.parameters).__name__)
print(sig.parameters['d'].default, sig.parameters['e'].default is inspect.Parameter.empty)
print(inspect.Parameter.empty is inspect.Signature.empty, inspect.Parameter.empty, repr(inspect._empty))
print([str(k) for k in inspect._ParameterKind], repr(inspect.Parameter.KEYWORD_ONLY))

# methods, classes, callables
print(inspect.signature(b.method), inspect.signature(Base.method), inspect.signature(Base.cmethod), inspect.signature(Base.smethod))


class WithInit:
    def __init__(self, x, y=2):
        pass


class WithNew:
    def __new__(cls, a, *b):
        return super().__new__(cls)


class InitAndNew(WithInit):
    def __new__(cls, *args, **kwargs):
        return super().__new__(cls)


class NoInit:
    pass


class Callable:
    def __call__(self, q, *, r=1):
        pass


class Meta(type):
    def __call__(cls, meta_arg):
        pass


class WithMeta(metaclass=Meta):
    def __init__(self, ignored):
        pass


class HasSignature:
    __signature__ = inspect.Signature([inspect.Parameter('custom', inspect.Parameter.POSITIONAL_OR_KEYWORD)])

    def __call__(self, *a):
        pass


class ChildOfInit(WithInit):
    pass


for obj in (WithInit, WithNew, InitAndNew, NoInit, Callable(), WithMeta, ChildOfInit, HasSignature, HasSignature()):
    show("sig %s" % getattr(obj, '__name__', type(obj).__name__), lambda: inspect.signature(obj))

# partial
def target(a, b, c=3, *, d, e=5):
    pass


for p in (functools.partial(target, 1), functools.partial(target, 1, 2), functools.partial(target, b=2),
          functools.partial(target, 1, d=4), functools.partial(target, c=9), functools.partial(full, 1, 2, 3)):
    show("partial", lambda: inspect.signature(p))
show("bad partial", lambda: inspect.signature(functools.partial(target, 1, 2, 3, 4)))
show("partial of partial", lambda: inspect.signature(functools.partial(functools.partial(target, 1), 2)))


# bound method of a method with *args only
class VarOnly:
    def m(*args):
        pass

    def kwonly(*, k):
        pass


show("varonly", lambda: inspect.signature(VarOnly().m))
show("kwonly method", lambda: inspect.signature(VarOnly().kwonly))

# errors
show("not callable", lambda: inspect.signature(5))
show("bad __signature__", lambda: inspect.signature(type("X", (), {"__signature__": 5, "__call__": lambda s: 0})()))

# Parameter construction
P = inspect.Parameter
for args, kwargs in [(("x", P.POSITIONAL_OR_KEYWORD), {}), (("x", 7), {}), (("*", P.KEYWORD_ONLY), {}),
                     (("class", P.KEYWORD_ONLY), {}), (("class", P.POSITIONAL_ONLY), {}),
                     ((5, P.KEYWORD_ONLY), {}), (("a", P.VAR_POSITIONAL), {"default": 1}),
                     (("a", P.VAR_KEYWORD), {"default": 1}), ((".0", P.POSITIONAL_OR_KEYWORD), {}),
                     ((".0", P.KEYWORD_ONLY), {}), (("x", 2), {"annotation": int}),
                     (("x", P.KEYWORD_ONLY), {"default": None, "annotation": "s"})]:
    show("Parameter%r" % (args,), lambda: repr(P(*args, **kwargs)))
p = P("x", P.POSITIONAL_ONLY, default=1)
print(p.replace(name="y"), p.replace(kind=P.KEYWORD_ONLY, annotation=int), p.replace(default=P.empty))
print(p == P("x", P.POSITIONAL_ONLY, default=1), p == P("x", P.POSITIONAL_ONLY), hash(p) == hash(P("x", P.POSITIONAL_ONLY, default=1)), p == 5)
try:
    p.name = "z"
except AttributeError as e:
    print("AttributeError")

# Signature construction
S = inspect.Signature
for params in ([P("a", P.KEYWORD_ONLY), P("b", P.POSITIONAL_ONLY)],
               [P("a", P.POSITIONAL_OR_KEYWORD, default=1), P("b", P.POSITIONAL_OR_KEYWORD)],
               [P("a", P.POSITIONAL_ONLY, default=1), P("b", P.POSITIONAL_OR_KEYWORD)],
               [P("a", P.POSITIONAL_OR_KEYWORD, default=1), P("b", P.KEYWORD_ONLY)],
               [P("a", P.POSITIONAL_ONLY), P("a", P.KEYWORD_ONLY)],
               [P("a", P.POSITIONAL_ONLY), P("b", P.POSITIONAL_OR_KEYWORD), P("c", P.VAR_POSITIONAL), P("d", P.KEYWORD_ONLY), P("e", P.VAR_KEYWORD)],
               [P("a", P.POSITIONAL_ONLY), P("d", P.KEYWORD_ONLY)],
               [P("a", P.POSITIONAL_ONLY)],
               []):
    show("Signature", lambda: S(params))
print(S(return_annotation=int), S([P("a", P.POSITIONAL_ONLY)], return_annotation="x"))
s1 = inspect.signature(full)
print(s1.replace(return_annotation=S.empty), s1.replace(parameters=[]), s1 == inspect.signature(full), s1 == inspect.signature(plain), s1 == 3)
print(S([P("a", 3), P("b", 3)]) == S([P("b", 3), P("a", 3)]), hash(S([P("a", 3), P("b", 3)])) == hash(S([P("b", 3), P("a", 3)])))
print(inspect.Signature.from_callable(plain))


# --- bind ---------------------------------------------------------------------
def bind_case(fn, *args, **kwargs):
    sig = inspect.signature(fn)
    for binder in (sig.bind, sig.bind_partial):
        try:
            ba = binder(*args, **kwargs)
            text = "%r args=%r kwargs=%r" % (ba, ba.args, ba.kwargs)
            ba.apply_defaults()
            print(binder.__name__, text, "| defaults:", ba.arguments)
        except TypeError as e:
            print(binder.__name__, "TypeError", e)


bind_case(full, 1, 2, 3, e=5)
bind_case(full, 1, 2, 3, 4, 5, 6, e=7, z=8)
bind_case(full, 1, 2, c=3, e=5)
bind_case(full, 1, b=2, c=3, e=5)
bind_case(full, 1)
bind_case(full, 1, 2, 3)
bind_case(full, 1, 2, 3, c=4, e=5)
bind_case(plain)
bind_case(plain, 1, 2, 3)
bind_case(plain, 1, c=3)
bind_case(plain, b=2)
bind_case(only_kw, 1)
bind_case(only_kw, x=1)
bind_case(only_var, 1, 2, a=3)
bind_case(only_var)
bind_case(posonly_defaults, c=5)
bind_case(posonly_defaults, a=5)
bind_case(target, 1, 2, d=4)


def posonly_kw(a, /, **kw):
    pass


bind_case(posonly_kw, 1, a=2)
bind_case(posonly_kw, a=2)
ba = inspect.signature(target).bind(1, 2, d=4)
print(ba.signature is not None, ba == inspect.signature(target).bind(1, 2, d=4), ba == inspect.signature(target).bind(1, 3, d=4))
ba.arguments['c'] = 10
print(ba.args, ba.kwargs)


# --- getfullargspec -------------------------------------------------------------
for fn in (plain, full, no_params, only_kw, only_var, b.method, Base.method, wrapped_twice, WithInit):
    show("argspec", lambda: inspect.getfullargspec(fn))
show("argspec(5)", lambda: inspect.getfullargspec(5))


# --- get_annotations --------------------------------------------------------------
class Annotated:
    x: int
    y: "str" = "s"


print(inspect.get_annotations(annotated), inspect.get_annotations(Annotated), inspect.get_annotations(plain))
print(inspect.get_annotations(annotated, eval_str=True)["a"] if False else inspect.get_annotations(Annotated, eval_str=True))
print(inspect.get_annotations(mod))
show("get_annotations(5)", lambda: inspect.get_annotations(5))


def str_ann(a: "int", b: "Base") -> "list":
    pass


print(inspect.get_annotations(str_ann, eval_str=True))
print(inspect.signature(str_ann, eval_str=True), inspect.signature(str_ann))


# --- frames ------------------------------------------------------------------------
def frame_user():
    fr = inspect.currentframe()
    info = inspect.getframeinfo(inspect.currentframe())
    st = inspect.stack()
    return (fr.f_code.co_name, os.path.basename(info.filename), info.lineno, info.function,
            info.code_context, info.index, [f.function for f in st[:2]], st[0].lineno,
            os.path.basename(st[0].filename), st[0].code_context, st[0][3])


print(frame_user())
print(inspect.getframeinfo(sys._getframe(), context=3).code_context)
print(inspect.getlineno(sys._getframe()))


def arg_frame(a, b=2, *c, d, **e):
    return inspect.getargvalues(inspect.currentframe())


av = arg_frame(1, 3, 4, d=5, f=6)
print(av.args, av.varargs, av.keywords, sorted(av.locals))
try:
    raise KeyError("k")
except KeyError as e:
    print([(f.function, f.lineno) for f in inspect.getinnerframes(e.__traceback__)])
    print([f.function for f in inspect.trace()])


# --- getattr_static --------------------------------------------------------------------
class Dyn:
    cls_attr = "class"

    def __getattr__(self, name):
        return "dynamic " + name

    @property
    def p(self):
        return "computed"


d = Dyn()
d.inst = "instance"
print(inspect.getattr_static(d, "inst"), inspect.getattr_static(d, "cls_attr"),
      type(inspect.getattr_static(d, "p")).__name__, inspect.getattr_static(d, "nope", "default"))
show("getattr_static missing", lambda: inspect.getattr_static(d, "nope"))
print(getattr(d, "nope"), inspect.getattr_static(Dyn, "cls_attr"), type(inspect.getattr_static(Base, "cmethod")).__name__)


# --- threads: signatures and sources from 4 threads at once ----------------------------------
results = [None] * 4


def worker(k):
    out = []
    for i in range(30):
        fn = (plain, full, target, multi_line_header)[(k + i) % 4]
        out.append(str(inspect.signature(fn)))
        out.append(inspect.getsource(fn).count("\n"))
        out.append(inspect.isgeneratorfunction(gen_func))
    results[k] = out


threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print([len(r) for r in results], sorted(set(str(x) for r in results for x in r)))
