# LINE events where jumps decide them: one-line loops (a jump back within
# the line raises no LINE), a loop that ends its function (the exit lands
# on the loop's own line), continue, break, while/else, nested loops and a
# handler; then the same with DISABLE, which takes every location off after
# its first event, so a second run raises nothing.
import sys

mon = sys.monitoring
TOOL = 2
events = []


def record(code, line):
    events.append((code.co_name, line - code.co_firstlineno))


def disabling(code, line):
    events.append((code.co_name, line - code.co_firstlineno))
    return mon.DISABLE


def one_line(xs):
    total = 0
    for x in xs: total += x
    while total > 10: total -= 10
    return total


def ends_with_loop(n, out):
    if n == 0:
        return
    for i in range(n):
        if i % 2:
            continue
        out.append(i)


def nested(n):
    found = []
    for i in range(n):
        for j in range(n):
            if j > i:
                break
            found.append((i, j))
        else:
            found.append(None)
    k = 0
    while k < 3:
        k += 1
    else:
        k = -k
    return len(found), k


def handler(xs):
    seen = 0
    for x in xs:
        try:
            seen += 10 // x
        except ZeroDivisionError:
            seen -= 1
    return seen


def run_all():
    out = []
    ends_with_loop(5, out)
    return one_line([4, 5, 6, 7]), out, nested(3), handler([1, 0, 2])


mon.use_tool_id(TOOL, "lines")
for callback in (record, disabling):
    mon.register_callback(TOOL, mon.events.LINE, callback)
    mon.set_events(TOOL, mon.events.LINE)
    for attempt in range(2):
        events.clear()
        result = run_all()
        seen = list(events)
        print(callback.__name__, attempt, result)
        print("  ", [e for e in seen if e[0] != "<module>"])
    mon.set_events(TOOL, 0)
    mon.restart_events()
mon.free_tool_id(TOOL)
