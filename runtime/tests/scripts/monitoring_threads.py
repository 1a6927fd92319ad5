# sys.monitoring while several threads run the same hot, specialized code.
#
# 1. LINE events are switched on while the workers loop: every call a worker
#    begins after it has seen set_events return raises exactly the call's
#    LINE events (counted on the worker's own thread), and every worker
#    reports lines; after set_events(0) returns, calls raise none.
# 2. Events (LINE, CALL, PY_START, PY_RETURN, BRANCH) are switched on and off
#    1000 times while the workers run; every result stays exact.

import sys
import threading

mon = sys.monitoring
EV = mon.events
TOOL = 4
WORKERS = 3
N = 60
EXPECTED = sum(i % 7 for i in range(N))
LINES_PER_CALL = 2 * N + 3


def hot(n):
    total = 0
    for i in range(n):
        total += i % 7
    return total


hot_code = hot.__code__
line_counts = {}
event_counts = {}


def on_line(code, line_number):
    if code is hot_code:
        me = threading.get_ident()
        line_counts[me] = line_counts.get(me, 0) + 1


def on_any(code, offset, *rest):
    if code is hot_code:
        me = threading.get_ident()
        event_counts[me] = event_counts.get(me, 0) + 1


state = {"phase": "warm", "stop": False}
rounds = [0] * WORKERS
failures = []
wrong_results = [0] * WORKERS


def worker(w):
    me = threading.get_ident()
    while not state["stop"]:
        phase = state["phase"]
        before = line_counts.get(me, 0)
        result = hot(N)
        after = line_counts.get(me, 0)
        if result != EXPECTED:
            wrong_results[w] += 1
        # "on" before and after: the call ran wholly between set_events
        # returning and the switch-off starting.
        if phase == "on" and state["phase"] == "on" and after - before != LINES_PER_CALL:
            failures.append(("on", after - before))
        if phase == "off" and after != before:
            failures.append(("off", after - before))
        rounds[w] += 1


def wait_rounds(more):
    marks = list(rounds)
    while any(rounds[w] < marks[w] + more for w in range(WORKERS)):
        pass


mon.use_tool_id(TOOL, "thread-test")
mon.register_callback(TOOL, EV.LINE, on_line)
threads = [threading.Thread(target=worker, args=(w,)) for w in range(WORKERS)]
for t in threads:
    t.start()
wait_rounds(200)
mon.set_events(TOOL, EV.LINE)
state["phase"] = "on"
wait_rounds(20)
state["phase"] = "between"
mon.set_events(TOOL, 0)
state["phase"] = "off"
wait_rounds(20)
print("1. every worker saw lines:", len(line_counts) == WORKERS)
print("   calls with the wrong number of LINE events:", failures[:5])

mon.register_callback(TOOL, EV.CALL, on_any)
mon.register_callback(TOOL, EV.PY_START, on_any)
mon.register_callback(TOOL, EV.PY_RETURN, on_any)
mon.register_callback(TOOL, EV.BRANCH, on_any)
state["phase"] = "toggling"
for flip in range(1000):
    if flip % 2 == 0:
        mon.set_events(TOOL, EV.LINE | EV.CALL | EV.PY_START | EV.PY_RETURN | EV.BRANCH)
    else:
        mon.set_events(TOOL, 0)
mon.set_events(TOOL, 0)
wait_rounds(5)
state["stop"] = True
for t in threads:
    t.join()
print("2. wrong results:", wrong_results)
print("   every worker ran:", all(r > 200 for r in rounds))
for event in (EV.LINE, EV.CALL, EV.PY_START, EV.PY_RETURN, EV.BRANCH):
    mon.register_callback(TOOL, event, None)
mon.free_tool_id(TOOL)
print("done")
