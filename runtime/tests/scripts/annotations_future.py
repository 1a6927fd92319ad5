# `from __future__ import annotations`: annotations are stored as text.
from __future__ import annotations

def f(a: list[int], b: int | None = None, *args: tuple[int, ...], k: dict[str, list[int]], **kw: "quoted") -> Callable[[int, str], None]:
    pass
for name, text in f.__annotations__.items():
    print(name, repr(text))

def g(x: undefined.attr[1:2, ::3], y: -1 + 2 * 3 ** -4, z: (a, b), w: not x and y or z) -> a if b else c:
    pass
print(g.__annotations__)

def h(p: x.y.z[()], q: 1 .real, r: f(a, *b, k=1, **d), s: [1, 2.5, 1e999, 3j, b'x', ...], t: {1: 2, **m}, u: {1, 2}, v: a < b <= c is not d not in e) -> ~a | b & c ^ d << 2:
    pass
print(h.__annotations__)

def i(a: (x | y) | z, b: x | (y | z), c: (a ** b) ** c, d: a ** (b ** c), e: (-a) ** b, f: -a ** b, g: (a, b)[0], h: 'it''s', j: "a\nb", k: True, l: None, m: x[a, b:c], n: x[(a, b)], o: x[a,]):
    pass
print(i.__annotations__)

class C:
    attr: list[int]
    other: dict[str, "C"] = {}
    def m(self) -> C: ...
print(C.__annotations__)
print(C.m.__annotations__)

module_level: set[frozenset[int]] = set()
never_evaluated: this_name_does_not_exist
print(__annotations__)

class Obj: pass
o = Obj()
o.x: undefined_name = 5
print(o.x)
