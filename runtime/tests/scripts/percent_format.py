# `%`-formatting scanned by bytes (literal runs copied whole, exact str and
# plain int pieces written straight in), beside the general conversions,
# and `list.pop` taking the last item without a shift.


class S(str):
    def __str__(self):
        return "sub!"


class N:
    def __str__(self):
        return "N()"

    def __repr__(self):
        return "<N>"


def show(template, args):
    try:
        print(repr(template % args))
    except Exception as e:
        print(type(e).__name__, e)


show("%d|%s|u%d|%d", (1, "click", 7, 250))
show("ünï %s cödé %d ✓", ("ok", -3))
show("%s %s %s", ("plain", S("x"), N()))
show("%r %a %s", ("é", "é", 3.5))
show("[%5s][%-5s][%.2s][%5.1s]", ("ab", "ab", "abc", "xyz"))
show("[%5d][%-5d][%05d][%+d][% d][%.3d]", (42, 42, 42, 42, 42, 7))
show("%x %X %o %#x %#o", (255, 255, 8, 255, 8))
show("%d %i %u", (10**20, -(10**20), 3))
show("%d", 2.9)
show("%f %.2f %e %g", (1.5, 2.345, 12345.678, 0.0001))
show("%c%c", (65, "é"))
show("%*d|%-*d|%.*s", (5, 1, 4, 2, 2, "abcdef"))
show("100%% %s", "sure")
show("%(name)s is %(age)d (%(a(b))s)", {"name": "Ann", "age": 30, "a(b)": "nested"})
show("%s", ())
show("%s", ((1, 2),))
show("%s", [1, 2])
show("%s and %s", ("one",))
show("%s", ("one", "two"))
show("no conversions", 5)
show("no conversions", ())
show("%(k)s", ("tuple",))
show("abc %", ())
show("abc %(k", {"k": 1})
show("x %é y", (1,))
show("ünï %y", (1,))
show("%d", "text")
show("%x", 1.5)
show("%s%s", "ab")
show("%ld %hd %Lf", (1, 2, 3.0))

items = [1, 2, 3, 4, 5]
print(items.pop(), items)
print(items.pop(0), items)
print(items.pop(-1), items)
print(items.pop(1), items)
print(items.pop(-1), items)
for bad in ([], [1]):
    try:
        print(bad.pop(5))
    except IndexError as e:
        print("IndexError", e)
try:
    [].pop()
except IndexError as e:
    print("IndexError", e)
