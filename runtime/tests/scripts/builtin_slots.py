# Special methods of built-in types called explicitly, through type(x),
# and through super() in subclasses (issue 26, item 6).
print((5).__repr__(), (2.5).__repr__(), "a'b".__repr__(), [1, "x"].__repr__())
print((1, 2).__repr__(), {1: 2}.__repr__(), {3}.__repr__(), b"z".__repr__(), range(3).__repr__())
print([1].__eq__([1]), [1].__eq__((1,)), (1,).__ne__((2,)), "a".__lt__("b"), [1].__gt__([0, 5]))
print((1,).__hash__() == hash((1,)), "abc".__hash__() == hash("abc"), frozenset({1}).__hash__() == hash(frozenset({1})))
print([1, 2].__len__(), "abc".__len__(), {1: 2}.__len__(), {1, 2, 3}.__len__(), range(10).__len__())
print([1, 2].__getitem__(1), "abc".__getitem__(-1), {"k": 9}.__getitem__("k"), range(5).__getitem__(2))
print([1, 2].__contains__(2), {1}.__contains__(3), "hello".__contains__("ell"), range(5).__contains__(4))
print(list([3, 4].__iter__()), list({"a": 1}.__iter__()))
print({1, 2}.__or__({3}), {1, 2}.__and__({2}), {1, 2}.__sub__({1}), {1, 2}.__xor__({2, 3}))
print({1}.__or__([2]), [1].__add__([2]), (1,).__mul__(3), "ab".__mul__(2))
print("%s-%d".__mod__(("x", 4)), {1: 2}.__or__({3: 4}))
l = [1, 2, 3]
l.__setitem__(0, 9)
l.__delitem__(1)
print(l)
d = {}
d.__setitem__("a", 1)
print(d, type([]).__dict__["__len__"]([1, 2, 3]), list.__len__([1]))
print(list.__hash__, dict.__hash__, set.__hash__)
print(object().__ne__(object()), object().__eq__(3))
o = object()
print(o.__ne__(o), o.__eq__(o))

class I(int):
    def __repr__(self):
        return "I(" + super().__repr__() + ")"
    def __eq__(self, other):
        return super().__eq__(other)
    def __hash__(self):
        return super().__hash__()

print(repr(I(5)), I(5) == 5, hash(I(7)) == hash(7), {I(3): "three"}[3])

class L(list):
    def __repr__(self):
        return "L" + super().__repr__()
    def __len__(self):
        return super().__len__() * 10
    def __getitem__(self, i):
        return ("got", super().__getitem__(i))
    def __eq__(self, other):
        return super().__eq__(other)
    def __contains__(self, x):
        return super().__contains__(x) or x == "any"

ll = L([1, 2])
print(repr(ll), len(ll), ll[0], ll == [1, 2], "any" in ll, 2 in ll, 5 in ll)

class T(tuple):
    def __repr__(self):
        return "T" + super().__repr__()
    def __hash__(self):
        return super().__hash__() + 1

print(repr(T((1, 2))), hash(T((1, 2))) == hash((1, 2)) + 1)

class D(dict):
    def __getitem__(self, k):
        return super().__getitem__(k) * 2
    def __setitem__(self, k, v):
        super().__setitem__(k, v + 1)
    def __repr__(self):
        return "D" + super().__repr__()

dd = D()
dd["x"] = 1
print(dd["x"], repr(dd), dict.__repr__(dd))

class S(str):
    def __str__(self):
        return "S:" + super().__str__()
    def __len__(self):
        return super().__len__() + 100

print(str(S("hi")), len(S("hi")), S("hi").upper())

class F(float):
    def __repr__(self):
        return "F" + super().__repr__()

print(repr(F(1.5)), F(1.5) + 1)

class St(set):
    def __or__(self, other):
        return ("or", sorted(super().__or__(other)))

print(St({1}) | {2})
try:
    list.__len__(5)
except TypeError as e:
    print("TypeError")
