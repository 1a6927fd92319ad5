def f():
    raise ValueError(1)
def g():
    try:
        f()
    except ValueError as e:
        e.add_note("note A")
        raise ExceptionGroup("inner", [e, TypeError("t")])
try:
    g()
except Exception as e:
    eg0 = e
eg = ExceptionGroup("outer", [eg0, KeyError("k")])
eg.add_note("outer note")
raise eg
