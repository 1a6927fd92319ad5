# Function, class and module __annotations__ (CPython 3.11 semantics).
order = []
def note(tag, value):
    order.append(tag)
    return value

def f(a: note("a", int), b: note("b", str) = note("bdef", 1), /, c: note("c", float) = 2, *args: note("args", tuple), d: note("d", list), e: note("e", dict) = note("edef", 3), **kw: note("kw", set)) -> note("ret", bool):
    pass
print(order)
print(f.__annotations__)
print(list(f.__annotations__))

def g(x, y=1): pass
print(g.__annotations__)
print(g.__annotations__ is g.__annotations__)
g.__annotations__ = {"x": int}
print(g.__annotations__)
del g.__annotations__
print(g.__annotations__)
try:
    g.__annotations__ = 5
except TypeError as ex:
    print("TypeError", ex)
lam = lambda q: q
print(lam.__annotations__)

def only_ret() -> "str":
    return "x"
print(only_ret.__annotations__)

def body_not_evaluated():
    inner: undefined_name_xyz = 1
    other: undefined_too
    return inner
print(body_not_evaluated())
print(body_not_evaluated.__annotations__)

class C:
    x: int
    y: str = "hi"
    def m(self) -> int: return 1
print(C.__annotations__)
print("x" in C.__dict__, C.y)
print(C.m.__annotations__)

class NoAnn:
    z = 1
print("__annotations__" in NoAnn.__dict__)

class Private:
    __secret: int
    def meth(self, __p: int): pass
print(Private.__annotations__)
print(Private.meth.__annotations__)

class Obj:
    pass
o = Obj()
seen = []
class Rec:
    def __getitem__(self, k):
        seen.append(("get", k))
obj_list = [0]
o.attr: note("attr-ann", int) = 5
obj_list[0]: note("sub-ann", int)
print(o.attr, order[-2:])
(paren): int = 3
print(paren)

module_var: int = 4
other_var: "forward"
print(__annotations__)
print(type(__annotations__).__name__)

class Nested:
    class Inner:
        a: int
    b: Inner
print(Nested.__annotations__, Nested.Inner.__annotations__)

def outer():
    T = int
    def inner(p: T) -> T: pass
    return inner
print(outer().__annotations__)

class Counter:
    n: int = 0
    for i in range(3):
        n += i
    k: bool
print(Counter.__annotations__, Counter.n)

def kwo(*, k: int): pass
print(kwo.__annotations__)
def varonly(*a: int, **k: str): pass
print(varonly.__annotations__)
