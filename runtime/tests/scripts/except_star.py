import sys
try:
    raise ExceptionGroup("a", [ValueError(1), TypeError(2), ExceptionGroup("b", [ValueError(3), OSError(4)])])
except* ValueError as e:
    print("V", repr(e))
except* TypeError as e:
    print("T", repr(e))
except* OSError:
    print("O")
print("after1")
try:
    try:
        raise ValueError(5)
    except* ValueError as e:
        print("naked", repr(e), repr(e.exceptions[0]))
        raise
except ExceptionGroup as g:
    print("outer", repr(g))
try:
    try:
        raise KeyError(5)
    except* ValueError as e:
        print("no")
except KeyError as k:
    print("naked passthrough", repr(k))
try:
    try:
        raise ExceptionGroup("x", [ValueError(1), TypeError(2)])
    except* ValueError:
        raise KeyError("new")
except ExceptionGroup as g:
    print(repr(g), repr(g.exceptions[0].__context__))
try:
    try:
        raise ExceptionGroup("x", [ValueError(1)])
    except* ExceptionGroup:
        pass
except TypeError as t:
    print(t)
try:
    try:
        raise ExceptionGroup("x", [ValueError(1)])
    except* (ValueError, int):
        pass
except TypeError as t:
    print(t)
try:
    raise ExceptionGroup("x", [ValueError(1), TypeError(2)])
except* (ValueError, TypeError) as e:
    print("both", repr(e))
else:
    print("else")
finally:
    print("finally")
try:
    pass
except* ValueError:
    pass
else:
    print("else2")
import sys
try:
    raise ExceptionGroup("x", [ValueError(1), TypeError(2)])
except* ValueError:
    print(repr(sys.exc_info()[1]))
except* TypeError:
    print(repr(sys.exc_info()[1]))
print(sys.exc_info())
def gen():
    try:
        yield 1
        raise ExceptionGroup("g", [ValueError(1)])
    except* ValueError as e:
        yield repr(e)
print(list(gen()))


def nested():
    try:
        raise ExceptionGroup("outer", [ValueError(1), ExceptionGroup("inner", [TypeError(2), KeyError(3)])])
    except* TypeError as e:
        print("T", repr(e))
    except* KeyError as e:
        print("K", repr(e))
        raise


try:
    nested()
except ExceptionGroup as g:
    print("left", repr(g))


def handler_raises_twice():
    try:
        raise ExceptionGroup("x", [ValueError(1), TypeError(2), OSError(3)])
    except* ValueError:
        raise RuntimeError("from V")
    except* TypeError:
        raise RuntimeError("from T")


try:
    handler_raises_twice()
except ExceptionGroup as g:
    print(repr(g))
    for sub in g.exceptions:
        print("  ", repr(sub), repr(sub.__context__))


def predicate_subclass():
    class E(ExceptionGroup):
        def derive(self, excs):
            return E(self.message + "!", excs)
    try:
        raise E("e", [ValueError(1), TypeError(2)])
    except* ValueError as e:
        print(type(e).__name__, repr(e))


try:
    predicate_subclass()
except ExceptionGroup as g:
    print(type(g).__name__, repr(g))
for n in range(3):
    try:
        raise ExceptionGroup("loop", [ValueError(n)] * (n + 1))
    except* ValueError as e:
        print(n, len(e.exceptions))
try:
    raise BaseExceptionGroup("base", [KeyboardInterrupt(), ValueError(1)])
except* KeyboardInterrupt as e:
    print("KI", repr(e))
except* ValueError as e:
    print("VE", repr(e))
