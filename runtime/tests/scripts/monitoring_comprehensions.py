# sys.monitoring around list, set and dict comprehensions, which CPython
# 3.12+ runs in the frame of the code around them (PEP 709): no PY_START
# of their own, their lines and branches charged to that code, and an
# exception leaving one passes through the cleanup handler that puts the
# enclosing code's variables back (EXCEPTION_HANDLED, LINE, RERAISE).
# Generator expressions keep frames of their own.

import sys

mon = sys.monitoring
E = mon.events
TOOL = 3
WATCHED = ("f", "g", "h", "nested", "K", "<module>", "<genexpr>", "gen", "<lambda>")
mon.use_tool_id(TOOL, "comprehensions")


def reporter(name):
    def report(code, where, *args):
        if code.co_name in WATCHED:
            if name == "LINE":
                print(name, code.co_name, "+%d" % (where - code.co_firstlineno))
            else:
                print(name, code.co_name, *[type(a).__name__ for a in args])
    return report


EVENTS = ("LINE", "RAISE", "RERAISE", "EXCEPTION_HANDLED", "PY_UNWIND",
          "PY_START", "PY_RETURN", "BRANCH")
for event_name in EVENTS:
    mon.register_callback(TOOL, getattr(E, event_name), reporter(event_name))


def f(xs):
    return [1 // x for x in xs]


def g(xs):
    try:
        return [1 // x
                for x in xs]
    except ZeroDivisionError:
        return "caught"


def h():
    x = 5
    r = {x: x * x for x in range(2)}
    return x, r


def nested(m):
    try:
        return [[10 // v for v in row] for row in m]
    except ZeroDivisionError:
        return "inner"


def gen():
    return sum(x for x in range(2))


mask = 0
for event_name in EVENTS:
    mask |= getattr(E, event_name)
mon.set_events(TOOL, mask)
try:
    f([1, 0])
except ZeroDivisionError:
    pass
print(g([2, 0]))
print(h())
print(nested([[1, 2], [5, 0]]))
print(gen())


class K:
    squares = {n * n for n in range(3)}


print(sorted(K.squares))
mon.set_events(TOOL, 0)
for event_name in EVENTS:
    mon.register_callback(TOOL, getattr(E, event_name), None)
mon.free_tool_id(TOOL)


# Comprehensions over several lines: each loop step is charged to its
# iterable's line, each `if` clause's jump to the comprehension's line.
def spread(xs, ys):
    return [x + y
            for x in
              xs
            if x
            for y in ys]


def spread_gen(xs):
    return list(x
                for x in xs)


# A body on its `def`'s own line raises LINE after the frame's start only
# while PY_START is monitored (CPython 3.13 compares with the instruction
# before, its RESUME, which it spares only when instrumented).
def one_line(): return 1
class OneLine: a = 1


WATCHED = ("spread", "spread_gen", "<genexpr>", "<lambda>", "one_line", "OneLine")
mon.use_tool_id(TOOL, "comprehensions")
for event_name in ("LINE", "BRANCH", "PY_START"):
    mon.register_callback(TOOL, getattr(E, event_name), reporter(event_name))
mon.set_events(TOOL, E.LINE | E.BRANCH)
print(spread([0, 1, 2], [5, 6]))
print(spread_gen([1, 2]))
print(one_line(), OneLine.a)
mon.set_events(TOOL, E.LINE | E.PY_START)
print(one_line(), (lambda: 7)(), sum(v for v in (1, 2)))
mon.set_events(TOOL, 0)
for event_name in ("LINE", "BRANCH", "PY_START"):
    mon.register_callback(TOOL, getattr(E, event_name), None)
mon.free_tool_id(TOOL)
