# Dict lookups by str key: the native str probe (identity, then text)
# beside entries it cannot decide (a user key of equal hash whose __eq__
# runs, a str subclass overriding __eq__), and keys built at run time.


class Alias:
    """Equal to one str, with its hash."""

    def __init__(self, text):
        self.text = text
        self.compared = 0

    def __hash__(self):
        return hash(self.text)

    def __eq__(self, other):
        self.compared += 1
        return other == self.text


class Loud(str):
    def __eq__(self, other):
        return True

    def __hash__(self):
        return str.__hash__(self)


d = {}
for i in range(50):
    d["k%d" % i] = i
a = Alias("k7")
d[a] = "alias"
print(len(d), d["k7"], d.get("k7"), "k7" in d)
print(d["".join(["k", "4", "9"])], d.get("k" + "50", "absent"), "k50" in d)
key = "k" + "7"
print(d[key], a.compared > 0)
e = {a: 1}
print(e.get("k7"), e.get("k8"), "k7" in e)
loud = Loud("zz")
f = {"zz": 1, loud: 2}
print(len(f), f["zz"], f.get("zz"), f[Loud("zz")])
g = {1: "one", 2.5: "float", None: "none", True: "true", "1": "str one"}
print(g["1"], g.get("2.5"), g[1], g[True])
h = {}
for w in "the quick brown fox jumps over the lazy dog the end".split():
    h[w] = h.get(w, 0) + 1
print(sorted(h.items()))
del d["k3"]
print(d.get("k3"), d.get("k4"), len(d))
print(getattr(a, "text"), hasattr(a, "compared"))
