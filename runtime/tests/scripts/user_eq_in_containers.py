# A user __eq__ (or __hash__) runs with no container lock held: it may read
# or change the very set, dict or list being searched, as in CPython.
s = set()
class K:
    def __init__(self, tag):
        self.tag = tag
    def __hash__(self):
        return 1
    def __eq__(self, o):
        print("eq", self.tag, "sees", len(s), 0 in s)
        return isinstance(o, K) and o.tag == self.tag
s.add(K("a"))
s.add(K("b"))
print(K("a") in s, K("c") in s, len(s))
s.discard(K("b"))
print(len(s))
s.remove(K("a"))
print(len(s))
class Grow:
    def __hash__(self):
        return 7
    def __eq__(self, o):
        t.add(len(t) + 100)
        return False
t = {Grow()}
print(Grow() in t, len(t) > 1)
d = {}
class DK:
    def __hash__(self):
        return 3
    def __eq__(self, o):
        print("dict eq sees", len(d), d.get(-1))
        return True
d[DK()] = 1
print(d[DK()])
l = [1, 2]
class LK:
    def __eq__(self, o):
        print("list eq sees", len(l), l.count(2))
        return o == 2
print(LK() in l, l.index(LK()), l.count(LK()))
