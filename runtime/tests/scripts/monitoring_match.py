# sys.monitoring LINE events through a match statement: each case's pattern
# line when it is tried, guards, an or-pattern, the default case's line
# (a NOP). Its .out is CPython 3.13's.
import sys

mon = sys.monitoring
TOOL = 2
events = []


def line(code, ln):
    events.append(("LINE", code.co_name, ln - code.co_firstlineno))


def branch(code, src, dst):
    events.append(("BRANCH", code.co_name, src >= 0, dst > src))


class P:
    __match_args__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y


def f(v):
    match v:
        case 0:
            r = "zero"
        case [a, b] if a > b:
            r = "desc"
        case [a, *rest]:
            r = "list"
        case {"k": k} | P(k, _):
            r = "k"
        case str() as s:
            r = s
        case _:
            r = "other"
    return r


mon.use_tool_id(TOOL, "t")
mon.register_callback(TOOL, mon.events.LINE, line)
mon.set_local_events(TOOL, f.__code__, mon.events.LINE)
out = [f(x) for x in [0, [2, 1], [1, 2], {"k": 3}, P(4, 5), "s", 1.5]]
mon.set_local_events(TOOL, f.__code__, 0)
print(out)
for e in events:
    print(e)
