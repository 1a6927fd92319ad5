# Differential test of unittest.mock (no ids printed: reprs of unnamed
# mocks contain addresses).
import sys
import threading
import types
import unittest
from unittest import mock
from unittest.mock import (Mock, MagicMock, NonCallableMock, patch, call,
                           ANY, sentinel, DEFAULT, PropertyMock)


def show(label, func):
    try:
        value = func()
        print(label, "->", repr(value) if value is not None else "ok")
    except Exception as e:
        print(label, "->", type(e).__name__, str(e))


print("== basics")
m = Mock()
print(m.called, m.call_count, m.call_args, m.call_args_list, m.mock_calls)
r = m(1, 2, key="v")
print(r is m.return_value, m.called, m.call_count)
print(m.call_args, m.call_args.args, m.call_args.kwargs)
print(m.call_args == call(1, 2, key="v"), m.call_args == ((1, 2), {"key": "v"}))
m.method(3)
m.attr.deeper("x")
m()(4)
print(m.mock_calls)
print(m.method_calls)
print(m.call_args_list)
print(m.attr is m.attr, m.attr.deeper.call_args)
named = Mock(name="thing")
print(repr(named).split(" id=")[0], repr(named.child).split(" id=")[0],
      repr(named().x).split(" id=")[0])
print(repr(Mock(spec=int)).split(" id=")[0])

print("== return_value and side_effect")
m = Mock(return_value=42)
print(m(), m(1))
m.return_value = "changed"
print(m())
m = Mock(side_effect=[1, 2, ValueError("third")])
print(m(), m())
show("third call", m)
show("exhausted", m)
m = Mock(side_effect=KeyError("nope"))
show("exception", m)
m = Mock(side_effect=lambda x: x * 2)
print(m(21))
m = Mock(side_effect=lambda: DEFAULT, return_value="fallback")
print(m())
m = Mock(return_value=5, x=1, **{"child.value": 9, "child.method.return_value": 3})
print(m(), m.x, m.child.value, m.child.method())
m.configure_mock(y=2)
print(m.y)
wrapped = Mock(wraps=len)
print(wrapped([1, 2, 3]), wrapped.call_args)

print("== asserts")
m = Mock()
show("called_with not called", lambda: m.assert_called_with(1, 2))
show("called not called", m.assert_called)
show("called_once not called", m.assert_called_once)
show("called_once_with not called", lambda: m.assert_called_once_with(1))
show("any_call not called", lambda: m.assert_any_call(1))
show("not_called ok", m.assert_not_called)
m(1, a=2)
show("called_with ok", lambda: m.assert_called_with(1, a=2))
show("called_once_with ok", lambda: m.assert_called_once_with(1, a=2))
m(3)
show("called_with mismatch", lambda: m.assert_called_with(1, 2))
show("called_once", m.assert_called_once)
show("called_once_with", lambda: m.assert_called_once_with(3))
show("not_called", m.assert_not_called)
show("any_call ok", lambda: m.assert_any_call(1, a=2))
show("any_call missing", lambda: m.assert_any_call(5))
show("ANY", lambda: m.assert_called_with(ANY))
show("ANY kw", lambda: m.assert_any_call(1, a=ANY))
show("has_calls ok", lambda: m.assert_has_calls([call(1, a=2), call(3)]))
show("has_calls order", lambda: m.assert_has_calls([call(3), call(1, a=2)]))
show("has_calls any order", lambda: m.assert_has_calls([call(3), call(1, a=2)], any_order=True))
n = Mock(name="foo")
n.bar(1)
show("child called_with", lambda: n.bar.assert_called_with(2))
show("child not_called", n.bar.assert_not_called)
show("typo", lambda: m.assret_called_once())
show("assert prefix", lambda: m.assert_foo())
print(m.call_args_list == [call(1, a=2), call(3)], call(1) in m.call_args_list,
      call(3) in m.call_args_list)

print("== reset_mock")
m = Mock(return_value=3, side_effect=None)
m(1)
m.child(2)
m.reset_mock()
print(m.called, m.call_count, m.mock_calls, m.child.called, m())
m.reset_mock(return_value=True)
print(m() is m.return_value, isinstance(m(), Mock))

print("== spec")
class Thing:
    size = 3
    def run(self, x):
        return x
s = Mock(spec=Thing)
print(isinstance(s.run, Mock), s.size is not None)
show("missing attr", lambda: s.nothing)
s2 = Mock(spec=["alpha", "beta"])
s2.alpha(1)
show("list spec", lambda: s2.gamma)
s3 = Mock(spec_set=["alpha"])
def set_bad():
    s3.beta = 1
show("spec_set", set_bad)
s3.alpha = 5
print(s3.alpha)
del m.child
show("deleted", lambda: m.child)

print("== call objects")
print(call(1, x=2), call.a.b(3), call().x(), call.f, repr(call))
print(call(1) == call(1), call(1) == call(2), call.a(1) == call.b(1),
      call(ANY) == call("anything"))
print(call(1, 2).args, call(1, k=3).kwargs)
print(call(1).method(2).call_list())

print("== sentinel and ANY")
print(sentinel.alpha, sentinel.alpha is sentinel.alpha, sentinel.alpha is sentinel.beta)
print(repr(ANY), ANY == 3, ANY != "x", [1, ANY] == [1, object()])
print(DEFAULT)

print("== MagicMock")
mm = MagicMock()
print(len(mm), bool(mm), int(mm), float(mm), 3 in mm, mm[1] is mm[2])
print(list(iter(mm)))
with mm as entered:
    print(entered is mm.__enter__.return_value)
mm.__len__.return_value = 7
mm.__iter__.return_value = [1, 2]
mm.__getitem__.side_effect = lambda k: k * 10
mm.__contains__.return_value = True
print(len(mm), list(iter(mm)), mm[4], "x" in mm)
mm.__str__.return_value = "custom str"
print(str(mm))
print(mm == mm, mm == MagicMock(), mm != mm)
mm2 = MagicMock()
mm2.__eq__.return_value = True
print(mm2 == 3)
print(mm.mock_calls[:3])
mm.__setitem__("k", "v")
mm["k2"] = "v2"
print(mm.__setitem__.call_args_list)
m = Mock()
m.__len__ = Mock(return_value=11)
print(len(m))
mm3 = MagicMock()
mm3.__lt__.return_value = True
print(mm3 < 5)
show("unsupported compare", lambda: MagicMock() < 5)
print(isinstance(mm.anything, MagicMock), isinstance(m.anything, MagicMock))
nc = NonCallableMock()
show("noncallable", nc)

print("== PropertyMock")
class WithProp:
    pass
prop = PropertyMock(return_value=10)
WithProp.value = prop
w = WithProp()
print(w.value)
w.value = 20
print(prop.mock_calls)
del WithProp.value

print("== patch")
class _Target:
    # stands for a module (creating module objects is not what is tested)
    def __repr__(self):
        return "<patch target>"


target = _Target()
target.VALUE = 1
target.func = lambda: "real"
sys.modules["patch_target"] = target


class Holder:
    attr = "class level"


with patch("patch_target.VALUE", 99) as new:
    print(target.VALUE, new)
print(target.VALUE)
with patch("patch_target.func") as fake:
    fake.return_value = "fake"
    print(target.func(), isinstance(fake, MagicMock))
print(target.func())


@patch("patch_target.func")
@patch("patch_target.VALUE", 5)
def decorated(a, fake):
    fake.return_value = "decorated"
    return (a, target.VALUE, target.func())


print(decorated("arg"), target.VALUE, target.func())


@patch("patch_target.func", return_value="kw")
@patch("patch_target.other", create=True, new="made")
def two(fake):
    return target.func(), target.other


print(two(), hasattr(target, "other"))
with patch.object(Holder, "attr", "patched") as val:
    print(Holder.attr, val)
print(Holder.attr)
h = Holder()
with patch.object(h, "attr", "instance"):
    print(h.attr, "attr" in h.__dict__)
print(h.attr, "attr" in h.__dict__)
p = patch.object(target, "VALUE", 123)
print(p.start(), target.VALUE)
p.stop()
print(target.VALUE)
p1 = patch("patch_target.VALUE", 7)
p2 = patch.object(Holder, "attr", "again")
p1.start()
p2.start()
print(target.VALUE, Holder.attr)
patch.stopall()
print(target.VALUE, Holder.attr)
show("bad target", lambda: patch("nodots").start())
show("missing attr", lambda: patch("patch_target.nope").start())
show("new and new_callable", lambda: patch("patch_target.VALUE", 1, new_callable=Mock))
with patch("patch_target.func", new_callable=lambda: "from callable") as v:
    print(v, target.func)
with patch.multiple(target, VALUE=50, func=DEFAULT) as values:
    print(target.VALUE, sorted(values), values["func"] is target.func)
print(target.VALUE)

print("== patch.dict")
config = {"a": 1, "b": 2}
with patch.dict(config, {"b": 20, "c": 30}):
    print(sorted(config.items()))
print(sorted(config.items()))
with patch.dict(config, {"z": 0}, clear=True):
    print(sorted(config.items()))
print(sorted(config.items()))
target.SETTINGS = {"x": 1}


@patch.dict("patch_target.SETTINGS", y=2)
def uses_settings():
    return sorted(target.SETTINGS.items())


print(uses_settings(), target.SETTINGS)
pd = patch.dict(config, q=9)
pd.start()
print(sorted(config))
pd.stop()
print(sorted(config))


@patch("patch_target.VALUE", 1000)
class PatchedCase(unittest.TestCase):
    def test_value(self):
        self.assertEqual(target.VALUE, 1000)

    def helper(self):
        return target.VALUE


res = unittest.TestResult()
unittest.TestLoader().loadTestsFromTestCase(PatchedCase).run(res)
print(res.testsRun, res.wasSuccessful(), PatchedCase("test_value").helper())

print("== mock in a test")


class UsesMock(unittest.TestCase):
    def test_fails(self):
        m = Mock(name="service")
        m.fetch(1)
        m.fetch.assert_called_once_with(2)


res = unittest.TestResult()
UsesMock("test_fails").run(res)
print(res.failures[0][1].splitlines()[-3:])

print("== threads")
shared = Mock()


def worker(k):
    for i in range(200):
        shared(k, i)
        shared.child.method(i)


threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
for th in threads:
    th.start()
for th in threads:
    th.join()
print(shared.call_count, len(shared.call_args_list), len(shared.mock_calls),
      shared.child.method.call_count, len(shared.method_calls))
print(sorted(set(c.args[0] for c in shared.call_args_list)))
