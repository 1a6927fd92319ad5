# Differential test of the unittest package (runner output, assert
# messages, loader, discovery, main, threads).
import io
import os
import sys
import threading
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))


def clean(text):
    # path- and time-independent report text
    text = text.replace(HERE, "<dir>")
    out = []
    for line in text.split("\n"):
        if line.startswith("Ran ") and " in " in line and line.endswith("s"):
            line = line[:line.rindex(" in ")] + " in <T>s"
        out.append(line)
    return "\n".join(out)


def run_suite(suite, verbosity=1, **kw):
    buf = io.StringIO()
    runner = unittest.TextTestRunner(stream=buf, verbosity=verbosity, **kw)
    result = runner.run(suite)
    print(clean(buf.getvalue()))
    return result


def show(label, func):
    try:
        func()
        print(label, "-> no error")
    except Exception as e:
        print(label, "->", type(e).__name__, clean(str(e)))


# ---------------------------------------------------------------- asserts
print("== assert messages")
t = unittest.TestCase()
show("equal", lambda: t.assertEqual(1, 2))
show("equal msg", lambda: t.assertEqual(1, 2, "custom"))
show("notequal", lambda: t.assertNotEqual(3, 3))
show("true", lambda: t.assertTrue(0))
show("false", lambda: t.assertFalse([1]))
show("is", lambda: t.assertIs(None, 1))
show("isnot", lambda: t.assertIsNot(None, None))
show("isnone", lambda: t.assertIsNone(5))
show("isnotnone", lambda: t.assertIsNotNone(None))
show("in", lambda: t.assertIn('a', 'bcd'))
show("notin", lambda: t.assertNotIn(2, [1, 2]))
show("isinstance", lambda: t.assertIsInstance(3, str))
show("notisinstance", lambda: t.assertNotIsInstance(3, int))
show("greater", lambda: t.assertGreater(1, 2))
show("greaterequal", lambda: t.assertGreaterEqual(1, 2))
show("less", lambda: t.assertLess(2, 1))
show("lessequal", lambda: t.assertLessEqual(2, 1))
show("almost", lambda: t.assertAlmostEqual(1.0, 1.1))
show("almost places", lambda: t.assertAlmostEqual(1.0, 1.01, places=3))
show("almost ok", lambda: t.assertAlmostEqual(1.0, 1.00000001))
show("almost delta", lambda: t.assertAlmostEqual(10, 13, delta=2))
show("almost both", lambda: t.assertAlmostEqual(1, 2, places=1, delta=1))
show("notalmost", lambda: t.assertNotAlmostEqual(1.0, 1.00000001))
show("notalmost delta", lambda: t.assertNotAlmostEqual(10, 11, delta=2))
show("regex", lambda: t.assertRegex("hello", "x+y"))
show("notregex", lambda: t.assertNotRegex("hello", "l+"))
show("list", lambda: t.assertEqual([1, 2], [1, 3]))
show("list longer", lambda: t.assertListEqual([1, 2, 3], [1, 2]))
show("list shorter", lambda: t.assertListEqual([1], [1, 2, 3]))
show("list type", lambda: t.assertListEqual((1,), [1]))
show("tuple", lambda: t.assertTupleEqual((1, 'a'), (1, 'b')))
show("sequence", lambda: t.assertSequenceEqual("abc", "abd"))
show("seq same diff types", lambda: t.assertSequenceEqual([1, 2], (1, 2)))
show("dict", lambda: t.assertEqual({'a': 1, 'b': 2}, {'a': 1, 'b': 3}))
show("dict type", lambda: t.assertDictEqual([], {}))
show("set", lambda: t.assertEqual({1, 2}, {2, 3}))
show("set bad", lambda: t.assertSetEqual([1], {1}))
show("multiline", lambda: t.assertEqual("one\ntwo\nthree\n", "one\nTWO\nthree\n"))
show("oneline", lambda: t.assertEqual("hello world", "hello there"))
show("countequal", lambda: t.assertCountEqual([1, 1, 2], [1, 2, 2, 3]))
show("countequal unhashable", lambda: t.assertCountEqual([[1], [2]], [[2], [2]]))
show("countequal ok", lambda: t.assertCountEqual("abc", "cab"))
show("long repr", lambda: t.assertEqual("x" * 100 + "a", "x" * 100 + "b"))
show("long list", lambda: t.assertEqual(list(range(100)), list(range(99)) + [5]))
show("fail", lambda: t.fail("stop"))
show("fail none", lambda: t.fail())
t.longMessage = False
show("short msg", lambda: t.assertEqual(1, 2, "only this"))
t.longMessage = True
t.maxDiff = None
show("maxDiff None", lambda: t.assertEqual(list(range(30)), list(range(29)) + [0]))

print("== assertRaises")
def boom(x):
    raise ValueError("bad value %s" % x)
with t.assertRaises(ValueError) as cm:
    boom(3)
print(type(cm.exception).__name__, cm.exception, cm.exception.__traceback__)
show("raises callable", lambda: t.assertRaises(ValueError, boom, 4))
show("raises not raised", lambda: t.assertRaises(KeyError, len, "abc"))
def not_raised_ctx():
    with t.assertRaises(KeyError):
        pass
show("raises ctx not raised", not_raised_ctx)
def ctx_msg():
    with t.assertRaises(KeyError, msg="extra"):
        pass
show("raises ctx msg", ctx_msg)
show("raises wrong type", lambda: t.assertRaises(KeyError, boom, 1))
show("raises bad arg", lambda: t.assertRaises(5, boom))
show("raises bad kw", lambda: t.assertRaises(KeyError, bogus=1))
show("raises tuple", lambda: t.assertRaises((KeyError, ValueError), boom, 1))
show("raisesregex ok", lambda: t.assertRaisesRegex(ValueError, "value [0-9]", boom, 7))
show("raisesregex bad", lambda: t.assertRaisesRegex(ValueError, "^nothing", boom, 7))
try:
    import warnings
except ImportError:
    warnings = None
if warnings is not None:
    def warn_it():
        warnings.warn("careful now", UserWarning)
    with t.assertWarns(UserWarning) as wcm:
        warn_it()
    print("warning:", wcm.warning, os.path.basename(wcm.filename))
    show("warns none", lambda: t.assertWarns(UserWarning, len, "x"))
    show("warnsregex bad", lambda: t.assertWarnsRegex(UserWarning, "xyz", warn_it))
    show("warns bad type", lambda: t.assertWarns(ValueError, warn_it))
try:
    import logging
except ImportError:
    logging = None
if logging is not None:
    with t.assertLogs("demo.log", level="INFO") as lcm:
        logging.getLogger("demo.log").info("first %d", 1)
        logging.getLogger("demo.log.child").warning("second")
        logging.getLogger("demo.log").debug("hidden")
    print(lcm.output, [r.getMessage() for r in lcm.records])
    def no_logs():
        with t.assertLogs("demo.quiet"):
            pass
    show("logs none", no_logs)
    def unwanted():
        with t.assertNoLogs("demo.quiet"):
            logging.getLogger("demo.quiet").error("oops")
    show("nologs", unwanted)


# ---------------------------------------------------------------- runner
print("== runner")
events = []


class Basic(unittest.TestCase):
    """Class docstring is not shown."""

    @classmethod
    def setUpClass(cls):
        events.append("setUpClass")

    @classmethod
    def tearDownClass(cls):
        events.append("tearDownClass")

    def setUp(self):
        events.append("setUp " + self._testMethodName)
        self.addCleanup(events.append, "cleanup " + self._testMethodName)

    def tearDown(self):
        events.append("tearDown " + self._testMethodName)

    def test_ok(self):
        """Checks that things work.

        More text."""
        self.assertEqual(2 + 2, 4)

    def test_fail(self):
        self.assertEqual("abc", "abd")

    def test_error(self):
        raise KeyError("missing")

    def test_skip(self):
        self.skipTest("not today")

    @unittest.skip("decorated")
    def test_skip_dec(self):
        pass

    @unittest.skipUnless(False, "unless false")
    def test_skip_unless(self):
        pass

    @unittest.expectedFailure
    def test_xfail(self):
        self.assertTrue(False)

    @unittest.expectedFailure
    def test_xpass(self):
        pass

    def test_subtests(self):
        for i in range(4):
            with self.subTest(i=i):
                self.assertLess(i, 2)
        with self.subTest("labelled", kind="x"):
            raise RuntimeError("in subtest")


def helper_raises():
    raise OSError("deep")


class Chains(unittest.TestCase):
    def test_chain(self):
        try:
            helper_raises()
        except OSError as exc:
            raise ValueError("wrapped") from exc

    def test_context(self):
        try:
            helper_raises()
        except OSError:
            raise TypeError("while handling")

    def test_nested_call(self):
        helper_raises()


def make_suite(*names, cls=Basic):
    return unittest.TestSuite(cls(n) for n in names)


ALL = ["test_ok", "test_fail", "test_error", "test_skip", "test_skip_dec",
       "test_skip_unless", "test_xfail", "test_xpass", "test_subtests"]
for verbosity in (0, 1, 2):
    print("-- verbosity", verbosity)
    del events[:]
    res = run_suite(make_suite(*ALL), verbosity=verbosity)
    print(res, res.wasSuccessful(), res.testsRun, len(res.failures),
          len(res.errors), len(res.skipped), len(res.expectedFailures),
          len(res.unexpectedSuccesses))
print(events)
print([(str(tc), reason) for tc, reason in res.skipped])
print([str(tc) for tc, _ in res.failures])

print("-- chains")
run_suite(unittest.TestLoader().loadTestsFromTestCase(Chains), verbosity=2)

print("-- failfast")
res = run_suite(make_suite("test_ok", "test_fail", "test_error", "test_ok"),
                failfast=True)
print(res.testsRun, res.shouldStop)

print("-- buffer")


class Noisy(unittest.TestCase):
    def test_quiet_pass(self):
        sys.stdout.write("you should not see this\n")

    def test_loud_fail(self):
        sys.stdout.write("captured output")
        sys.stderr.write("captured error\n")
        self.fail("noisy failure")


saved_out = sys.stdout
res = run_suite(unittest.TestLoader().loadTestsFromTestCase(Noisy),
                verbosity=2, buffer=True)
print(sys.stdout is saved_out)

print("-- fixtures")


class BrokenSetUpClass(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        raise RuntimeError("class setup broke")

    def test_never(self):
        pass


class BrokenTearDown(unittest.TestCase):
    def tearDown(self):
        raise RuntimeError("teardown broke")

    def test_body(self):
        pass


class ClassCleanups(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.addClassCleanup(events.append, "class cleanup")

    def test_a(self):
        events.append("test_a")


del events[:]
suite = unittest.TestSuite()
for cls in (BrokenSetUpClass, BrokenTearDown, ClassCleanups):
    suite.addTests(unittest.defaultTestLoader.loadTestsFromTestCase(cls))
run_suite(suite, verbosity=2)
print(events)

print("-- direct run and debug")
r = unittest.TestResult()
Basic("test_fail").run(r)
print(r, [str(x[0]) for x in r.failures])
r2 = Basic("test_ok").run()
print(type(r2).__name__, r2.testsRun, r2.wasSuccessful())
Basic("test_ok").debug()
show("debug fail", Basic("test_fail").debug)
show("bad method", lambda: Basic("test_nope"))
tc = Basic("test_ok")
print(tc.id(), "|", str(tc), "|", repr(tc), "|", tc.shortDescription())
print(Basic("test_fail").shortDescription(), tc == Basic("test_ok"),
      tc != Basic("test_fail"), hash(tc) == hash(Basic("test_ok")))
print(tc.countTestCases(), tc.maxDiff, tc.longMessage, tc.failureException.__name__)
ft = unittest.FunctionTestCase(lambda: None, description="a function test")
print(ft.shortDescription(), ft.countTestCases())

print("-- suites")
s = make_suite("test_ok", "test_fail")
outer = unittest.TestSuite([s, make_suite("test_error")])
print(outer.countTestCases(), len(list(outer)))
show("add non-callable", lambda: unittest.TestSuite().addTest(5))
show("add class", lambda: unittest.TestSuite().addTest(Basic))
show("add string", lambda: unittest.TestSuite().addTests("abc"))
res = unittest.TestResult()
outer.run(res)
print(res.testsRun, outer.countTestCases(), list(outer))

# ---------------------------------------------------------------- loader
print("== loader")
loader = unittest.TestLoader()
print(loader.getTestCaseNames(Basic))
loader.testMethodPrefix = "test_skip"
print(loader.getTestCaseNames(Basic))
loader = unittest.TestLoader()
loader.testNamePatterns = ["*_x*"]
print(loader.getTestCaseNames(Basic))
loader = unittest.TestLoader()
loader.sortTestMethodsUsing = None
print(sorted(loader.getTestCaseNames(Basic)) == unittest.TestLoader().getTestCaseNames(Basic))
loader = unittest.TestLoader()
this = sys.modules[__name__]
s = loader.loadTestsFromName("Basic.test_ok", this)
print(s.countTestCases(), [str(x) for x in s])
s = loader.loadTestsFromName("Chains", this)
print(s.countTestCases())
s = loader.loadTestsFromNames(["Basic.test_ok", "Chains.test_chain"], this)
print(s.countTestCases())
s = loader.loadTestsFromName("Basic.test_missing", this)
res = unittest.TestResult()
s.run(res)
print(s.countTestCases(), res.errors[0][1].splitlines()[-1])
print(len(loader.errors))
s = loader.loadTestsFromName("no_such_module_here")
res = unittest.TestResult()
s.run(res)
print(res.errors[0][1].splitlines()[0], "|", res.errors[0][1].splitlines()[-1])
mod_suite = loader.loadTestsFromModule(this)
print(mod_suite.countTestCases())
show("not a test", lambda: loader.loadTestsFromName("HERE", this))
show("derived suite", lambda: loader.loadTestsFromTestCase(unittest.TestSuite))

print("== discover")
project = os.path.join(HERE, "unittest_project")
saved_path = list(sys.path)
disc = unittest.TestLoader().discover(project)
print(disc.countTestCases())


def flatten(suite):
    for item in suite:
        if isinstance(item, unittest.TestSuite):
            yield from flatten(item)
        else:
            yield item


print([x.id() for x in flatten(disc)])
run_suite(disc, verbosity=2)
disc2 = unittest.TestLoader().discover(project, pattern="test_a*.py")
print([x.id() for x in flatten(disc2)])
disc3 = unittest.TestLoader().discover(os.path.join(project, "pkg", "sub"),
                                       top_level_dir=project)
print([x.id() for x in flatten(disc3)])
show("not importable", lambda: unittest.TestLoader().discover(
    os.path.join(HERE, "unittest_project_missing"), top_level_dir=project))
sys.path[:] = saved_path
for name in list(sys.modules):
    if name == "pkg" or name.startswith("pkg.") or name == "test_top":
        del sys.modules[name]

print("== main")


class BufRunner(unittest.TextTestRunner):
    last = None

    def __init__(self, **kw):
        BufRunner.last = io.StringIO()
        super().__init__(stream=BufRunner.last, **kw)


for argv in (["prog"], ["prog", "-v", "Basic.test_ok", "Chains.test_chain"],
             ["prog", "-q", "Basic.test_ok"], ["prog", "-k", "skip"],
             ["prog", "-f", "Basic"], ["prog", "-k", "*_x*", "-v"]):
    prog = unittest.main(module=__name__, argv=argv, exit=False,
                         testRunner=BufRunner)
    print("argv:", argv[1:], "ok" if prog.result.wasSuccessful() else "failed",
          prog.result.testsRun)
    print(clean(BufRunner.last.getvalue()))
try:
    unittest.main(module=__name__, argv=["prog", "Basic.test_ok"],
                  testRunner=BufRunner)
except SystemExit as e:
    print("exit code", e.code)
try:
    unittest.main(module=__name__, argv=["prog", "Basic.test_fail"],
                  testRunner=BufRunner)
except SystemExit as e:
    print("exit code", e.code)

print("== threads")


class Counting(unittest.TestCase):
    def test_a(self):
        self.assertEqual(sum(range(100)), 4950)

    def test_b(self):
        for i in range(3):
            with self.subTest(i=i):
                self.assertNotEqual(i, 1)

    def test_c(self):
        self.skipTest("skip in thread")

    def test_d(self):
        raise ValueError("thread error")


outcomes = [None] * 4


def worker(slot):
    result = unittest.TestResult()
    suite = unittest.TestSuite()
    for _ in range(10):
        suite.addTests(unittest.TestLoader().loadTestsFromTestCase(Counting))
    suite.run(result)
    outcomes[slot] = (result.testsRun, len(result.failures),
                      len(result.errors), len(result.skipped),
                      sorted(set(str(t) for t, _ in result.failures)))


threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
for th in threads:
    th.start()
for th in threads:
    th.join()
for item in outcomes:
    print(item)
