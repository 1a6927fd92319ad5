"""Test suites.  TestSuite also runs the class and module fixtures
(setUpClass/tearDownClass, setUpModule/tearDownModule) at the points
where the tests it runs change class or module."""

import sys

from . import util
from . import case

__unittest = True


def _call_if_exists(parent, attr):
    hook = getattr(parent, attr, None)
    if hook is not None:
        hook()


def _isnotsuite(test):
    # a suite is anything iterable
    try:
        iter(test)
    except TypeError:
        return True
    return False


class BaseTestSuite(object):
    """Tests (cases or suites) run in order; after running, each is
    dropped from the suite (unless _cleanup is false) so its memory can
    be reclaimed, while countTestCases() keeps counting it."""

    _cleanup = True

    def __init__(self, tests=()):
        self._tests, self._removed_tests = [], 0
        self.addTests(tests)

    def __iter__(self):
        return iter(self._tests)

    def __eq__(self, other):
        if isinstance(other, self.__class__):
            return list(self) == list(other)
        return NotImplemented

    def __repr__(self):
        return "<%s tests=%s>" % (util.strclass(self.__class__), list(self))

    def countTestCases(self):
        return self._removed_tests + sum(t.countTestCases() for t in self if t)

    def addTest(self, test):
        if not callable(test):
            raise TypeError("{} is not callable".format(repr(test)))
        if isinstance(test, type) and issubclass(test, (case.TestCase, TestSuite)):
            raise TypeError("TestCases and TestSuites must be instantiated "
                            "before passing them to addTest()")
        self._tests += [test]

    def addTests(self, tests):
        """Add every test of the iterable tests."""
        if isinstance(tests, str):
            raise TypeError("tests must be an iterable of tests, not a string")
        for one in tests:
            self.addTest(one)

    def _removeTestAtIndex(self, index):
        try:
            gone = self._tests[index]
        except TypeError:
            return      # _tests may be something that cannot be indexed
        if hasattr(gone, 'countTestCases'):
            self._removed_tests += gone.countTestCases()
        self._tests[index] = None

    def run(self, result):
        position = 0
        for test in self:
            if result.shouldStop:
                break
            test(result)
            if self._cleanup:
                self._removeTestAtIndex(position)
            position += 1
        return result

    def __call__(self, *args, **kwds):
        return self.run(*args, **kwds)

    def debug(self):
        """Run the tests without a result, letting exceptions through."""
        for test in self:
            test.debug()


class _DebugResult(object):
    # stands in for a result in TestSuite.debug()
    _previousTestClass = None
    _moduleSetUpFailed = False
    shouldStop = False


class TestSuite(BaseTestSuite):
    """A suite that runs class and module fixtures.  Suites nested in it
    share the bookkeeping, which lives on the result object
    (_previousTestClass, _moduleSetUpFailed); the outermost suite runs
    the final tearDownClass/tearDownModule."""

    def run(self, result, debug=False):
        outermost = getattr(result, '_testRunEntered', False) is False
        if outermost:
            result._testRunEntered = True
        for position, test in enumerate(self):
            if result.shouldStop:
                break
            if _isnotsuite(test):
                # a test case: leave the previous class/module if it changed
                for step in (self._tearDownPreviousClass,
                             self._handleModuleFixture, self._handleClassSetUp):
                    step(test, result)
                result._previousTestClass = test.__class__
                blocked = (getattr(test.__class__, '_classSetupFailed', False)
                           or getattr(result, '_moduleSetUpFailed', False))
                if blocked:
                    continue
            if debug:
                test.debug()
            else:
                test(result)
            if self._cleanup:
                self._removeTestAtIndex(position)
        if outermost:
            # the run is over: tear down the last class and module
            self._tearDownPreviousClass(None, result)
            self._handleModuleTearDown(result)
            result._testRunEntered = outermost = False
        return result

    def debug(self):
        self.run(_DebugResult(), True)

    # -- reporting fixture errors ------------------------------------------

    def _createClassOrModuleLevelException(self, result, exc, method_name,
                                           parent, info=None):
        label = '%s (%s)' % (method_name, parent)
        self._addClassOrModuleLevelException(result, exc, label, info)

    def _addClassOrModuleLevelException(self, result, exception, errorName,
                                        info=None):
        holder = _ErrorHolder(errorName)
        add_skip = getattr(result, 'addSkip', None)
        if isinstance(exception, case.SkipTest) and add_skip is not None:
            add_skip(holder, str(exception))
            return
        if not info:
            info = (type(exception), exception, exception.__traceback__)
        result.addError(holder, info)

    def _guarded(self, result, func, method_name, owner):
        """Call a fixture function; report (not raise) what it raises.
        True if it raised."""
        try:
            func()
        except Exception as exc:
            if isinstance(result, _DebugResult):
                raise
            self._createClassOrModuleLevelException(result, exc, method_name,
                                                    owner)
            return True
        return False

    def _report_class_cleanups(self, result, cls, method_name, owner):
        for info in cls.tearDown_exceptions:
            if isinstance(result, _DebugResult):
                raise info[1]
            self._createClassOrModuleLevelException(
                result, info[1], method_name, owner, info=info)

    # -- class fixtures ----------------------------------------------------

    def _handleClassSetUp(self, test, result):
        cls = test.__class__
        if cls == getattr(result, '_previousTestClass', None):
            return
        if result._moduleSetUpFailed or getattr(cls, "__unittest_skip__", False):
            return
        try:
            cls._classSetupFailed = False
        except TypeError:
            pass                        # e.g. a built-in type
        setup = getattr(cls, 'setUpClass', None)
        if setup is None:
            return
        owner = util.strclass(cls)
        _call_if_exists(result, '_setupStdout')
        try:
            if not self._guarded(result, setup, 'setUpClass', owner):
                return
            try:
                cls._classSetupFailed = True
            except TypeError:
                pass
            cleanups = getattr(cls, 'doClassCleanups', None)
            if cleanups is not None:
                cleanups()
                self._report_class_cleanups(result, cls, 'setUpClass', owner)
        finally:
            _call_if_exists(result, '_restoreStdout')

    def _tearDownPreviousClass(self, test, result):
        cls = getattr(result, '_previousTestClass', None)
        if cls is None or cls == test.__class__:
            return
        if (getattr(cls, '_classSetupFailed', False)
                or getattr(result, '_moduleSetUpFailed', False)
                or getattr(cls, "__unittest_skip__", False)):
            return
        teardown = getattr(cls, 'tearDownClass', None)
        cleanups = getattr(cls, 'doClassCleanups', None)
        if teardown is None and cleanups is None:
            return
        owner = util.strclass(cls)
        _call_if_exists(result, '_setupStdout')
        try:
            if teardown is not None:
                self._guarded(result, teardown, 'tearDownClass', owner)
            if cleanups is not None:
                cleanups()
                self._report_class_cleanups(result, cls, 'tearDownClass', owner)
        finally:
            _call_if_exists(result, '_restoreStdout')

    # -- module fixtures ---------------------------------------------------

    def _get_previous_module(self, result):
        cls = getattr(result, '_previousTestClass', None)
        return None if cls is None else cls.__module__

    def _handleModuleFixture(self, test, result):
        name = test.__class__.__module__
        if name == self._get_previous_module(result):
            return
        self._handleModuleTearDown(result)
        result._moduleSetUpFailed = False
        module = sys.modules.get(name)
        if module is None:
            return
        setup = getattr(module, 'setUpModule', None)
        if setup is None:
            return
        _call_if_exists(result, '_setupStdout')
        try:
            if self._guarded(result, setup, 'setUpModule', name):
                result._moduleSetUpFailed = True
                self._guarded(result, case.doModuleCleanups, 'setUpModule', name)
        finally:
            _call_if_exists(result, '_restoreStdout')

    def _handleModuleTearDown(self, result):
        name = self._get_previous_module(result)
        if name is None or result._moduleSetUpFailed:
            return
        module = sys.modules.get(name)
        if module is None:
            return
        _call_if_exists(result, '_setupStdout')
        try:
            teardown = getattr(module, 'tearDownModule', None)
            if teardown is not None:
                self._guarded(result, teardown, 'tearDownModule', name)
            self._guarded(result, case.doModuleCleanups, 'tearDownModule', name)
        finally:
            _call_if_exists(result, '_restoreStdout')


class _ErrorHolder(object):
    """Takes a test's place in reports when a class or module fixture
    fails; description is e.g. 'setUpClass (module.Class)'."""

    failureException = None

    def __init__(self, description):
        self.description = description

    def id(self): return self.description

    def __str__(self): return self.description

    def __repr__(self): return "<ErrorHolder description=%r>" % (self.description,)

    def shortDescription(self): return None

    def countTestCases(self): return 0

    def run(self, result):
        "Nothing to run."

    __call__ = run
