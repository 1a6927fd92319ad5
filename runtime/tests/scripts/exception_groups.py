eg = ExceptionGroup("x", [ValueError(1), TypeError(2), ExceptionGroup("n", [ValueError(3), KeyError(4)])])
print(eg.subgroup(lambda e: True) is eg, eg.subgroup(ValueError) is eg)
m, r = eg.split(ValueError)
print(repr(m), repr(r), m.__suppress_context__)
print(eg.split((ValueError, KeyError)))
print(eg.split(lambda e: isinstance(e, TypeError)))
print(eg.subgroup(OSError), eg.split(OSError)[1] is eg)
print(str(eg), str(ExceptionGroup("one", [ValueError()])), eg.message, eg.exceptions)
try:
    eg.split(1)
except TypeError as e:
    print(e)
eg.add_note("hello")
eg.__cause__ = KeyError("c")
m, r = eg.split(ValueError)
print(m.__notes__, m.__notes__ is eg.__notes__, m.__cause__, r.__notes__)
class MyEG(ExceptionGroup):
    def __new__(cls, msg, excs, code):
        o = super().__new__(cls, msg, excs)
        o.code = code
        return o
    def __init__(self, msg, excs, code):
        super().__init__(msg, excs)
    def derive(self, excs):
        return MyEG(self.message, excs, self.code)
e = MyEG("my", [ValueError(1), TypeError(2)], 42)
m, r = e.split(ValueError)
print(type(m).__name__, m.code, repr(r), e.args)
print(isinstance(e, ExceptionGroup), isinstance(e, BaseExceptionGroup), isinstance(e, Exception))
print(ExceptionGroup.__mro__)
be = BaseExceptionGroup("b", [KeyboardInterrupt()])
print(type(be).__name__, repr(be.split(KeyboardInterrupt)))
print(type(BaseExceptionGroup("b", [ValueError()])).__name__)
print(eg.derive([KeyError(9)]).message, type(eg.derive([KeyboardInterrupt()])).__name__)
class BadDerive(ExceptionGroup):
    def derive(self, excs):
        return 1
try:
    BadDerive("b", [ValueError(), TypeError()]).split(ValueError)
except TypeError as x:
    print(x)
for args in [("x",), (1, []), ("x", 1), ("x", []), ("x", [1]), ("x", [ValueError(), 2])]:
    try:
        ExceptionGroup(*args)
    except (TypeError, ValueError) as err:
        print(type(err).__name__, err)
try:
    ExceptionGroup("x", [KeyboardInterrupt()])
except TypeError as err:
    print(err)
class M(ExceptionGroup):
    pass
try:
    M("x", [KeyboardInterrupt()])
except TypeError as err:
    print(err)
class BM(BaseExceptionGroup):
    pass
print(type(BM("x", [ValueError()])).__name__, repr(BM("x", [ValueError()])))
try:
    ValueError().add_note(1)
except TypeError as err:
    print(err)
v = ValueError("v")
v.add_note("first")
v.add_note("second")
print(v.__notes__)
print(ExceptionGroup("x", (ValueError(),)).args)
print(str(ExceptionGroup("", [ValueError()])), repr(ExceptionGroup("m", [ValueError(), TypeError()])))
