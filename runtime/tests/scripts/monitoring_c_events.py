# C_RETURN answering DISABLE is refused (a ValueError, the callback
# removed); an exception raised by a C_RAISE callback replaces the call's.
import sys
m = sys.monitoring
m.use_tool_id(3, "x")
def cr(code, off, c, a):
    return m.DISABLE
m.register_callback(3, m.events.C_RETURN, cr)
m.register_callback(3, m.events.CALL, lambda *a: None)
m.set_events(3, m.events.CALL | m.events.C_RETURN | m.events.C_RAISE)
try:
    len([1])
    print("no error")
except ValueError as e:
    print("VE", e)
m.set_events(3, 0)
def craise(code, off, c, a):
    raise KeyError("from callback")
m.register_callback(3, m.events.C_RAISE, craise)
m.set_events(3, m.events.CALL | m.events.C_RETURN | m.events.C_RAISE)
try:
    int("x")
except Exception as e:
    print(type(e).__name__, e)
m.set_events(3, 0)
