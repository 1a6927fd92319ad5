"""TestCase with its assert* methods, FunctionTestCase, and the skip and
expected-failure decorators."""

import sys
import types
import pprint
import functools
import collections

from . import result as _result_mod
from .util import (strclass, safe_repr, _common_shorten_repr,
                   _count_diff_all_purpose, _count_diff_hashable)

__unittest = True

DIFF_OMITTED = ('\nDiff is %s characters long. '
                'Set self.maxDiff to None to see it.')

# subTest() called without msg
_subtest_msg_sentinel = object()
_missing = object()


class SkipTest(Exception):
    """Raised by a test (see TestCase.skipTest) to mark it skipped."""


class _ShouldStop(Exception):
    """Raised inside a test run to end it early."""


class _UnexpectedSuccess(Exception):
    """Reported in place of a failure when an expected failure passed."""


def _re():
    import re
    return re


def _ndiff(a, b):
    import difflib
    return difflib.ndiff(a, b)


def _warn(message, category, level=1):
    try:
        import warnings
    except ImportError:
        return
    warnings.warn(message, category, level + 1)


def _marker(method, name, default):
    # attributes set on a test function, seen through the bound method
    value = getattr(method, name, _missing)
    if value is _missing:
        value = getattr(getattr(method, '__func__', None), name, default)
    return value


# ---------------------------------------------------------------------------
# filing outcomes with a result object

def _add_skip(result, test, reason):
    add = getattr(result, 'addSkip', None)
    if add is None:
        _warn("TestResult has no addSkip method, skips not reported",
              RuntimeWarning, 2)
        result.addSuccess(test)
    else:
        add(test, reason)


def _file_problem(result, test, info):
    if result is None or info is None:
        return
    is_failure = issubclass(info[0], test.failureException)
    (result.addFailure if is_failure else result.addError)(test, info)


class _Part(object):
    """Runs one piece of a test (setUp, body, tearDown, a cleanup, a
    subtest) and turns what it raises into a reported outcome."""

    def __init__(self, outcome, test, for_subtest):
        self.outcome, self.test, self.for_subtest = outcome, test, for_subtest
        self.before = True

    def __enter__(self):
        self.before, self.outcome.success = self.outcome.success, True
        return self

    def _caught(self, kind, value, tb):
        state, test = self.outcome, self.test
        if issubclass(kind, SkipTest):
            state.success = False
            _add_skip(state.result, test, str(value))
        elif issubclass(kind, _ShouldStop):
            pass
        elif state.expecting_failure:
            state.expectedFailure = (kind, value, tb)
        else:
            state.success = False
            if self.for_subtest:
                state.result.addSubTest(test.test_case, test, (kind, value, tb))
            else:
                _file_problem(state.result, test, (kind, value, tb))

    def __exit__(self, kind, value, tb):
        state = self.outcome
        try:
            if kind is None:
                if self.for_subtest and state.success:
                    state.result.addSubTest(self.test.test_case, self.test, None)
                return False
            if issubclass(kind, KeyboardInterrupt):
                return False
            self._caught(kind, value, tb)
            return True
        finally:
            state.success = state.success and self.before


class _Outcome(object):
    """Per-run bookkeeping of a TestCase: did every part pass, and the
    failure an expectedFailure test produced."""

    def __init__(self, result=None):
        self.result = result
        self.success, self.expecting_failure = True, False
        self.expectedFailure = None
        self.result_supports_subtests = hasattr(result, "addSubTest")

    def testPartExecutor(self, test_case, subTest=False):
        return _Part(self, test_case, subTest)


# ---------------------------------------------------------------------------
# module level cleanups

_module_cleanups = []


def addModuleCleanup(function, /, *args, **kwargs):
    """Register function(*args, **kwargs) to run after the module's tests."""
    _module_cleanups.append((function, args, kwargs))


def _enter_context(cm, register):
    kind = type(cm)
    try:
        enter, leave = kind.__enter__, kind.__exit__
    except AttributeError:
        raise TypeError("'%s.%s' object does not support the context manager "
                        "protocol" % (kind.__module__, kind.__qualname__)) from None
    value = enter(cm)
    register(leave, cm, None, None, None)
    return value


def enterModuleContext(cm):
    """Enter cm now and exit it with the module cleanups."""
    return _enter_context(cm, addModuleCleanup)


def doModuleCleanups():
    """Run the module cleanups, newest first, then re-raise the first
    exception one of them raised, if any."""
    first_error = None
    while True:
        try:
            func, args, kwargs = _module_cleanups.pop()
        except IndexError:
            break
        try:
            func(*args, **kwargs)
        except Exception as exc:
            if first_error is None:
                first_error = exc
    if first_error is not None:
        raise first_error


# ---------------------------------------------------------------------------
# decorators

def _id(obj):
    return obj


def skip(reason):
    """Skip the decorated test function or TestCase class."""
    def apply(item):
        if not isinstance(item, type):
            original = item

            @functools.wraps(original)
            def item(*args, **kwargs):
                raise SkipTest(reason)
        item.__unittest_skip__ = True
        item.__unittest_skip_why__ = reason
        return item
    if not isinstance(reason, types.FunctionType):
        return apply
    # used bare, as @skip
    target, reason = reason, ''
    return apply(target)


def skipIf(condition, reason):
    """Skip the decorated test if condition holds."""
    return skip(reason) if condition else _id


def skipUnless(condition, reason):
    """Skip the decorated test unless condition holds."""
    return _id if condition else skip(reason)


def expectedFailure(test_item):
    """Mark a test whose failure is expected."""
    test_item.__unittest_expecting_failure__ = True
    return test_item


# ---------------------------------------------------------------------------
# context managers behind assertRaises / assertWarns / assertLogs

def _all_subclasses_of(expected, base):
    if isinstance(expected, tuple):
        return all(_all_subclasses_of(e, base) for e in expected)
    return isinstance(expected, type) and issubclass(expected, base)


def _name_of(expected):
    try:
        return expected.__name__
    except AttributeError:
        return str(expected)


class _BaseTestCaseContext:
    # remembers the TestCase so failures use its failureException/longMessage

    def __init__(self, test_case):
        self.test_case = test_case

    def _raiseFailure(self, standardMsg):
        case = self.test_case
        raise case.failureException(case._formatMessage(self.msg, standardMsg))


class _AssertRaisesBaseContext(_BaseTestCaseContext):
    # subclasses give _base_type (what `expected` must derive from) and
    # _base_type_str (how TypeError messages name it)

    def __init__(self, expected, test_case, expected_regex=None):
        _BaseTestCaseContext.__init__(self, test_case)
        self.expected = expected
        self.expected_regex = (None if expected_regex is None
                               else _re().compile(expected_regex))
        self.msg = self.obj_name = None

    def handle(self, name, args, kwargs):
        """With no callable: the context manager itself (only msg= is
        accepted as keyword).  Otherwise call it inside the context."""
        if not _all_subclasses_of(self.expected, self._base_type):
            raise TypeError('%s() arg 1 must be %s' % (name, self._base_type_str))
        if args:
            func, rest = args[0], args[1:]
            self.obj_name = getattr(func, '__name__', _missing)
            if self.obj_name is _missing:
                self.obj_name = str(func)
            with self:
                func(*rest, **kwargs)
            return None
        self.msg = kwargs.pop('msg', None)
        for bad in kwargs:
            raise TypeError('%r is an invalid keyword argument for '
                            'this function' % (bad,))
        return self

    def _not_seen(self, verb):
        what = _name_of(self.expected)
        if self.obj_name:
            self._raiseFailure("%s not %s by %s" % (what, verb, self.obj_name))
        self._raiseFailure("%s not %s" % (what, verb))


class _AssertRaisesContext(_AssertRaisesBaseContext):
    """Returned by assertRaises/assertRaisesRegex; after the block,
    .exception holds what was raised."""

    _base_type, _base_type_str = (
        BaseException, 'an exception type or tuple of exception types')

    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        if kind is None:
            self._not_seen('raised')
        if not issubclass(kind, self.expected):
            return False            # let an unexpected exception through
        self.exception = value.with_traceback(None)
        pattern = self.expected_regex
        if pattern is not None and not pattern.search(str(value)):
            self._raiseFailure('"%s" does not match "%s"' % (pattern.pattern,
                                                             str(value)))
        return True


class _AssertWarnsContext(_AssertRaisesBaseContext):
    """Returned by assertWarns/assertWarnsRegex; after the block,
    .warning, .filename and .lineno describe the matching warning."""

    _base_type, _base_type_str = (
        Warning, 'a warning type or tuple of warning types')

    def __enter__(self):
        import warnings
        # forget "already warned" state so repeated warnings show up again
        for module in list(sys.modules.values()):
            seen = getattr(module, '__warningregistry__', None)
            if seen:
                seen.clear()
        self.warnings_manager = warnings.catch_warnings(record=True)
        self.warnings = self.warnings_manager.__enter__()
        warnings.simplefilter("always", self.expected)
        return self

    def __exit__(self, kind, value, tb):
        self.warnings_manager.__exit__(kind, value, tb)
        if kind is not None:
            return False
        pattern = self.expected_regex
        candidate = None
        for record in self.warnings:
            message = record.message
            if not isinstance(message, self.expected):
                continue
            candidate = message if candidate is None else candidate
            if pattern is None or pattern.search(str(message)):
                self.warning = message
                self.filename, self.lineno = record.filename, record.lineno
                return None
        if candidate is not None:
            self._raiseFailure('"%s" does not match "%s"' % (pattern.pattern,
                                                             str(candidate)))
        self._not_seen('triggered')


_LoggingWatcher = collections.namedtuple("_LoggingWatcher", ["records", "output"])


class _AssertLogsContext(_BaseTestCaseContext):
    """Returned by assertLogs/assertNoLogs: captures the records of one
    logger (and its children) while the block runs."""

    LOGGING_FORMAT = "%(levelname)s:%(name)s:%(message)s"

    def __init__(self, test_case, logger_name, level, no_logs):
        import logging
        _BaseTestCaseContext.__init__(self, test_case)
        self.logger_name, self.no_logs, self.msg = logger_name, no_logs, None
        if not level:
            self.level = logging.INFO
        elif hasattr(logging, '_nameToLevel'):
            self.level = logging._nameToLevel.get(level, level)
        elif isinstance(level, str):
            self.level = logging.getLevelName(level)
        else:
            self.level = level

    def __enter__(self):
        import logging
        target = self.logger_name
        if not isinstance(target, logging.Logger):
            target = logging.getLogger(target)
        self.logger = target
        catcher = _capturing_handler(logging)
        catcher.setFormatter(logging.Formatter(self.LOGGING_FORMAT))
        catcher.setLevel(self.level)
        self.watcher = catcher.watcher
        self._saved = (target.handlers[:], target.level, target.propagate)
        target.handlers = [catcher]
        target.setLevel(self.level)
        target.propagate = False
        return None if self.no_logs else catcher.watcher

    def __exit__(self, kind, value, tb):
        import logging
        handlers, level, propagate = self._saved
        self.logger.handlers = handlers
        self.logger.propagate = propagate
        self.logger.setLevel(level)
        if kind is not None:
            return False
        seen = self.watcher.records
        if self.no_logs and seen:
            self._raiseFailure("Unexpected logs found: {!r}".format(
                self.watcher.output))
        if not self.no_logs and not seen:
            self._raiseFailure("no logs of level {} or higher triggered on {}"
                               .format(logging.getLevelName(self.level),
                                       self.logger.name))


def _capturing_handler(logging):
    class _CapturingHandler(logging.Handler):
        """Keeps records and their formatted text instead of emitting."""

        def __init__(self):
            super().__init__()
            self.watcher = _LoggingWatcher([], [])

        def emit(self, record):
            self.watcher.records.append(record)
            self.watcher.output.append(self.format(record))

        def flush(self):
            return None
    return _CapturingHandler()


# ---------------------------------------------------------------------------
# subtests

class _ParamChain(object):
    """The keyword parameters of nested subTest() calls: innermost first,
    outer ones only where not overridden."""

    def __init__(self, maps):
        self.maps = maps

    def new_child(self, params):
        return _ParamChain([params] + self.maps)

    def __iter__(self):
        seen = set()
        for layer in self.maps:
            for key in layer:
                if key not in seen:
                    seen.add(key)
                    yield key

    def __getitem__(self, key):
        for layer in self.maps:
            if key in layer:
                return layer[key]
        raise KeyError(key)

    def __contains__(self, key):
        return any(key in layer for layer in self.maps)

    def __len__(self):
        return len(list(self))

    def __bool__(self):
        return any(self.maps)

    def keys(self):
        return list(self)

    def items(self):
        return [(key, self[key]) for key in self]

    def __repr__(self):
        return 'ChainMap(%s)' % ', '.join(map(repr, self.maps))


class _SubTestBlock(object):
    # what TestCase.subTest returns

    def __init__(self, case, msg, params):
        self.case, self.msg, self.params = case, msg, params
        self.part = self.outer = None

    def __enter__(self):
        case = self.case
        state = case._outcome
        if state is None or not state.result_supports_subtests:
            return None
        self.outer = case._subtest
        chain = (_ParamChain([self.params]) if self.outer is None
                 else self.outer.params.new_child(self.params))
        case._subtest = _SubTest(case, self.msg, chain)
        self.part = state.testPartExecutor(case._subtest, subTest=True)
        self.part.__enter__()
        return None

    def __exit__(self, kind, value, tb):
        if self.part is None:
            return False
        try:
            handled = self.part.__exit__(kind, value, tb)
            if kind is not None and not handled:
                return False
            state = self.case._outcome
            if state.success:
                if state.expectedFailure:
                    raise _ShouldStop
            elif state.result is not None and state.result.failfast:
                raise _ShouldStop
            return handled
        finally:
            self.case._subtest = self.outer


# ---------------------------------------------------------------------------

def _deprecated_alias(original):
    def alias(*args, **kwargs):
        _warn('Please use {0} instead.'.format(original.__name__),
              DeprecationWarning, 2)
        return original(*args, **kwargs)
    return alias


class TestCase(object):
    """A test: an instance runs the one method named methodName between
    setUp() and tearDown(), reporting the outcome to a TestResult.

    failureException is what the assert* methods raise; longMessage adds
    a custom msg after the standard message instead of replacing it;
    maxDiff bounds the length of diffs in failure messages (None: no
    bound)."""

    failureException = AssertionError
    longMessage = True
    maxDiff = 80 * 8
    _diffThreshold = 2 ** 16          # longer strings are not diffed

    _classSetupFailed = False
    _class_cleanups = []

    def __init_subclass__(cls, *args, **kwargs):
        # every class gets its own fixture state
        cls._class_cleanups, cls._classSetupFailed = [], False
        super().__init_subclass__(*args, **kwargs)

    def __init__(self, methodName='runTest'):
        self._testMethodName = methodName
        self._outcome = self._subtest = None
        self._cleanups = []
        method = getattr(self, methodName, _missing)
        if method is not _missing:
            self._testMethodDoc = method.__doc__
        elif methodName == 'runTest':
            self._testMethodDoc = 'No test'
        else:
            raise ValueError("no such test method in %s: %s" %
                             (self.__class__, methodName))
        self._type_equality_funcs = {}
        for kind, checker in ((dict, 'assertDictEqual'),
                              (list, 'assertListEqual'),
                              (tuple, 'assertTupleEqual'),
                              (set, 'assertSetEqual'),
                              (frozenset, 'assertSetEqual'),
                              (str, 'assertMultiLineEqual')):
            self.addTypeEqualityFunc(kind, checker)

    def addTypeEqualityFunc(self, typeobj, function):
        """Use function(first, second, msg=None) for assertEqual when both
        values have exactly type typeobj."""
        self._type_equality_funcs[typeobj] = function

    # -- fixtures and cleanups -------------------------------------------

    def setUp(self):
        "Runs before the test method."

    def tearDown(self):
        "Runs after the test method if setUp succeeded."

    @classmethod
    def setUpClass(cls):
        "Runs once before the class's tests."

    @classmethod
    def tearDownClass(cls):
        "Runs once after the class's tests."

    def addCleanup(self, function, /, *args, **kwargs):
        """Run function(*args, **kwargs) after tearDown (even when setUp
        failed), newest first."""
        self._cleanups.append((function, args, kwargs))

    def enterContext(self, cm):
        return _enter_context(cm, self.addCleanup)

    @classmethod
    def addClassCleanup(cls, function, /, *args, **kwargs):
        cls._class_cleanups.append((function, args, kwargs))

    @classmethod
    def enterClassContext(cls, cm):
        return _enter_context(cm, cls.addClassCleanup)

    def doCleanups(self):
        """Run the pending cleanups; true if they and the test passed."""
        state = self._outcome or _Outcome()
        while self._cleanups:
            func, args, kwargs = self._cleanups.pop()
            with state.testPartExecutor(self):
                self._callCleanup(func, *args, **kwargs)
        return state.success

    @classmethod
    def doClassCleanups(cls):
        """Run the class cleanups; their exceptions go to
        cls.tearDown_exceptions as exc_info triples."""
        cls.tearDown_exceptions = problems = []
        while cls._class_cleanups:
            func, args, kwargs = cls._class_cleanups.pop()
            try:
                func(*args, **kwargs)
            except Exception:
                problems.append(sys.exc_info())

    # -- identity ---------------------------------------------------------

    def countTestCases(self): return 1

    def defaultTestResult(self): return _result_mod.TestResult()

    def id(self):
        return strclass(self.__class__) + "." + self._testMethodName

    def shortDescription(self):
        """First line of the test method's docstring, or None."""
        doc = self._testMethodDoc
        return doc.strip().split("\n")[0].strip() if doc else None

    def __str__(self):
        name = self._testMethodName
        return "%s (%s.%s)" % (name, strclass(self.__class__), name)

    def __repr__(self):
        return "<%s testMethod=%s>" % (strclass(self.__class__),
                                       self._testMethodName)

    def __eq__(self, other):
        if type(other) is type(self):
            return other._testMethodName == self._testMethodName
        return NotImplemented

    def __hash__(self):
        return hash((type(self), self._testMethodName))

    # -- running ----------------------------------------------------------

    def subTest(self, msg=_subtest_msg_sentinel, **params):
        """A with-block whose failure is reported as a separate subtest
        (described by msg and params) without ending the test."""
        return _SubTestBlock(self, msg, params)

    def _addExpectedFailure(self, result, exc_info):
        add = getattr(result, 'addExpectedFailure', None)
        if add is None:
            _warn("TestResult has no addExpectedFailure method, reporting as "
                  "passes", RuntimeWarning)
            result.addSuccess(self)
        else:
            add(self, exc_info)

    def _addUnexpectedSuccess(self, result):
        add = getattr(result, 'addUnexpectedSuccess', None)
        if add is not None:
            add(self)
            return
        _warn("TestResult has no addUnexpectedSuccess method, reporting as "
              "failure", RuntimeWarning)
        try:
            raise _UnexpectedSuccess from None
        except _UnexpectedSuccess:
            result.addFailure(self, sys.exc_info())

    def _callSetUp(self): self.setUp()

    def _callTearDown(self): self.tearDown()

    def _callCleanup(self, function, /, *args, **kwargs): function(*args, **kwargs)

    def _callTestMethod(self, method):
        if method() is None:
            return
        _warn('It is deprecated to return a value that is not None from a '
              'test case (%s)' % (method,), DeprecationWarning, 3)

    def _skip_reason(self, method):
        cls = self.__class__
        if (getattr(cls, "__unittest_skip__", False)
                or _marker(method, "__unittest_skip__", False)):
            return (getattr(cls, '__unittest_skip_why__', '')
                    or _marker(method, '__unittest_skip_why__', ''))
        return None

    def _run_parts(self, result, method):
        xfail = (getattr(self, "__unittest_expecting_failure__", False)
                 or _marker(method, "__unittest_expecting_failure__", False))
        state = self._outcome = _Outcome(result)
        try:
            with state.testPartExecutor(self):
                self._callSetUp()
            if state.success:
                state.expecting_failure = xfail
                with state.testPartExecutor(self):
                    self._callTestMethod(method)
                state.expecting_failure = False
                with state.testPartExecutor(self):
                    self._callTearDown()
            self.doCleanups()
            if not state.success:
                return
            if not xfail:
                result.addSuccess(self)
            elif state.expectedFailure:
                self._addExpectedFailure(result, state.expectedFailure)
            else:
                self._addUnexpectedSuccess(result)
        finally:
            state.expectedFailure = None
            self._outcome = None

    def run(self, result=None):
        """Run the test, reporting to result (a fresh defaultTestResult(),
        with startTestRun/stopTestRun around it, when None)."""
        finish = None
        if result is None:
            result = self.defaultTestResult()
            begin = getattr(result, 'startTestRun', None)
            finish = getattr(result, 'stopTestRun', None)
            if begin is not None:
                begin()
        result.startTest(self)
        try:
            method = getattr(self, self._testMethodName)
            reason = self._skip_reason(method)
            if reason is None:
                self._run_parts(result, method)
            else:
                _add_skip(result, self, reason)
            return result
        finally:
            result.stopTest(self)
            if finish is not None:
                finish()

    def __call__(self, *args, **kwds):
        return self.run(*args, **kwds)

    def debug(self):
        """Run the test letting its exceptions propagate."""
        method = getattr(self, self._testMethodName)
        reason = self._skip_reason(method)
        if reason is not None:
            raise SkipTest(reason)
        self._callSetUp()
        self._callTestMethod(method)
        self._callTearDown()
        while self._cleanups:
            func, args, kwargs = self._cleanups.pop()
            self._callCleanup(func, *args, **kwargs)

    def skipTest(self, reason):
        """End this test now, reporting it as skipped for `reason`."""
        raise SkipTest(reason)

    def fail(self, msg=None):
        """Fail immediately with msg."""
        raise self.failureException(msg)

    # -- message helpers --------------------------------------------------

    def _formatMessage(self, msg, standardMsg):
        """The failure text: with longMessage, the custom msg follows the
        standard one; otherwise it replaces it."""
        if self.longMessage:
            if msg is None:
                return standardMsg
            try:
                return '%s : %s' % (standardMsg, msg)
            except UnicodeDecodeError:
                return '%s : %s' % (safe_repr(standardMsg), safe_repr(msg))
        return msg or standardMsg

    def _truncateMessage(self, message, diff):
        limit = self.maxDiff
        if limit is not None and len(diff) > limit:
            return message + (DIFF_OMITTED % len(diff))
        return message + diff

    def _require(self, ok, msg, template, *values):
        # fail unless ok; values are repr'd only when failing
        if not ok:
            text = template % tuple(safe_repr(v) for v in values)
            raise self.failureException(self._formatMessage(msg, text))

    # -- simple checks ----------------------------------------------------

    def assertTrue(self, expr, msg=None):
        self._require(expr, msg, "%s is not true", expr)

    def assertFalse(self, expr, msg=None):
        self._require(not expr, msg, "%s is not false", expr)

    def assertIs(self, expr1, expr2, msg=None):
        self._require(expr1 is expr2, msg, '%s is not %s', expr1, expr2)

    def assertIsNot(self, expr1, expr2, msg=None):
        self._require(expr1 is not expr2, msg, 'unexpectedly identical: %s', expr1)

    def assertIsNone(self, obj, msg=None):
        self._require(obj is None, msg, '%s is not None', obj)

    def assertIsNotNone(self, obj, msg=None):
        self._require(obj is not None, msg, 'unexpectedly None')

    def assertIsInstance(self, obj, cls, msg=None):
        if not isinstance(obj, cls):
            self.fail(self._formatMessage(
                msg, '%s is not an instance of %r' % (safe_repr(obj), cls)))

    def assertNotIsInstance(self, obj, cls, msg=None):
        if isinstance(obj, cls):
            self.fail(self._formatMessage(
                msg, '%s is an instance of %r' % (safe_repr(obj), cls)))

    def assertIn(self, member, container, msg=None):
        self._require(member in container, msg, '%s not found in %s',
                      member, container)

    def assertNotIn(self, member, container, msg=None):
        self._require(member not in container, msg,
                      '%s unexpectedly found in %s', member, container)

    def assertLess(self, a, b, msg=None):
        self._require(a < b, msg, '%s not less than %s', a, b)

    def assertLessEqual(self, a, b, msg=None):
        self._require(a <= b, msg, '%s not less than or equal to %s', a, b)

    def assertGreater(self, a, b, msg=None):
        self._require(a > b, msg, '%s not greater than %s', a, b)

    def assertGreaterEqual(self, a, b, msg=None):
        self._require(a >= b, msg, '%s not greater than or equal to %s', a, b)

    # -- exceptions, warnings, logs --------------------------------------

    def assertRaises(self, expected_exception, *args, **kwargs):
        """As a with-block (no callable given) or assertRaises(exc, func,
        *args, **kwargs): fail unless expected_exception is raised."""
        return _AssertRaisesContext(expected_exception, self).handle(
            'assertRaises', args, kwargs)

    def assertRaisesRegex(self, expected_exception, expected_regex,
                          *args, **kwargs):
        return _AssertRaisesContext(expected_exception, self,
                                    expected_regex).handle(
            'assertRaisesRegex', args, kwargs)

    def assertWarns(self, expected_warning, *args, **kwargs):
        return _AssertWarnsContext(expected_warning, self).handle(
            'assertWarns', args, kwargs)

    def assertWarnsRegex(self, expected_warning, expected_regex,
                         *args, **kwargs):
        return _AssertWarnsContext(expected_warning, self,
                                   expected_regex).handle(
            'assertWarnsRegex', args, kwargs)

    def assertLogs(self, logger=None, level=None):
        """With-block that fails unless logger logs at level or above."""
        return _AssertLogsContext(self, logger, level, no_logs=False)

    def assertNoLogs(self, logger=None, level=None):
        return _AssertLogsContext(self, logger, level, no_logs=True)

    # -- equality ---------------------------------------------------------

    def _getAssertEqualityFunc(self, first, second):
        if type(first) == type(second):
            checker = self._type_equality_funcs.get(type(first))
            if isinstance(checker, str):
                return getattr(self, checker)
            if checker is not None:
                return checker
        return self._baseAssertEqual

    def _baseAssertEqual(self, first, second, msg=None):
        if first == second:
            return
        text = '%s != %s' % _common_shorten_repr(first, second)
        raise self.failureException(self._formatMessage(msg, text))

    def assertEqual(self, first, second, msg=None):
        """Fail unless first == second (with a type-specific message for
        lists, tuples, dicts, sets and strings)."""
        self._getAssertEqualityFunc(first, second)(first, second, msg=msg)

    def assertNotEqual(self, first, second, msg=None):
        self._require(first != second, msg, '%s == %s', first, second)

    @staticmethod
    def _closeness(first, second, places, delta):
        if delta is not None and places is not None:
            raise TypeError("specify delta or places not both")
        return abs(first - second)

    def assertAlmostEqual(self, first, second, places=None, msg=None,
                          delta=None):
        """Fail unless first and second are equal, or differ by at most
        delta, or (default) round to the same value at `places` (7)
        decimal places."""
        if first == second:
            return
        gap = self._closeness(first, second, places, delta)
        if delta is None:
            places = 7 if places is None else places
            if round(gap, places) == 0:
                return
            text = '%s != %s within %r places (%s difference)' % (
                safe_repr(first), safe_repr(second), places, safe_repr(gap))
        else:
            if gap <= delta:
                return
            text = '%s != %s within %s delta (%s difference)' % (
                safe_repr(first), safe_repr(second), safe_repr(delta),
                safe_repr(gap))
        raise self.failureException(self._formatMessage(msg, text))

    def assertNotAlmostEqual(self, first, second, places=None, msg=None,
                             delta=None):
        gap = self._closeness(first, second, places, delta)
        same = first == second
        if delta is None:
            places = 7 if places is None else places
            if not same and round(gap, places) != 0:
                return
            text = '%s == %s within %r places' % (
                safe_repr(first), safe_repr(second), places)
        else:
            if not same and gap > delta:
                return
            text = '%s == %s within %s delta (%s difference)' % (
                safe_repr(first), safe_repr(second), safe_repr(delta),
                safe_repr(gap))
        raise self.failureException(self._formatMessage(msg, text))

    def _pformat_diff(self, a, b):
        return '\n' + '\n'.join(_ndiff(pprint.pformat(a).splitlines(),
                                       pprint.pformat(b).splitlines()))

    def _sequence_report(self, seq1, seq2, kind, typed):
        """The text explaining how two sequences differ, or None when
        they count as equal."""
        try:
            n1 = len(seq1)
        except (TypeError, NotImplementedError):
            return 'First %s has no length.    Non-sequence?' % kind
        try:
            n2 = len(seq2)
        except (TypeError, NotImplementedError):
            return 'Second %s has no length.    Non-sequence?' % kind
        if seq1 == seq2:
            return None
        lines = ['%ss differ: %s != %s\n' % (
            (kind.capitalize(),) + _common_shorten_repr(seq1, seq2))]
        mismatch = False
        for i in range(min(n1, n2)):
            pair = []
            for which, seq in (('first', seq1), ('second', seq2)):
                try:
                    pair.append(seq[i])
                except (TypeError, IndexError, NotImplementedError):
                    lines.append('\nUnable to index element %d of %s %s\n'
                                 % (i, which, kind))
                    break
            if len(pair) < 2:
                mismatch = True
                break
            if pair[0] != pair[1]:
                lines.append('\nFirst differing element %d:\n%s\n%s\n' % (
                    (i,) + _common_shorten_repr(pair[0], pair[1])))
                mismatch = True
                break
        if not mismatch and n1 == n2 and not typed and type(seq1) != type(seq2):
            return None
        if n1 != n2:
            longer, which = (seq1, 'first') if n1 > n2 else (seq2, 'second')
            short_len = min(n1, n2)
            lines.append('\n%s %s contains %d additional elements.\n' % (
                which.capitalize(), kind, abs(n1 - n2)))
            try:
                lines.append('First extra element %d:\n%s\n' % (
                    short_len, safe_repr(longer[short_len])))
            except (TypeError, IndexError, NotImplementedError):
                lines.append('Unable to index element %d of %s %s\n' % (
                    short_len, which, kind))
        return ''.join(lines)

    def assertSequenceEqual(self, seq1, seq2, msg=None, seq_type=None):
        """Fail unless the two sequences are equal item by item;
        seq_type, when given, is the type both must have."""
        if seq_type is None:
            kind = "sequence"
        else:
            kind = seq_type.__name__
            for label, seq in (('First', seq1), ('Second', seq2)):
                if not isinstance(seq, seq_type):
                    raise self.failureException('%s sequence is not a %s: %s'
                                                % (label, kind, safe_repr(seq)))
        report = self._sequence_report(seq1, seq2, kind, seq_type is not None)
        if report is None:
            return
        report = self._truncateMessage(report, self._pformat_diff(seq1, seq2))
        self.fail(self._formatMessage(msg, report))

    def assertListEqual(self, list1, list2, msg=None):
        self.assertSequenceEqual(list1, list2, msg, seq_type=list)

    def assertTupleEqual(self, tuple1, tuple2, msg=None):
        self.assertSequenceEqual(tuple1, tuple2, msg, seq_type=tuple)

    def assertSetEqual(self, set1, set2, msg=None):
        """Fail unless the sets are equal, listing the items in only one
        of them."""
        halves = []
        for label, a, b in (('first', set1, set2), ('second', set2, set1)):
            try:
                halves.append(a.difference(b))
            except TypeError as e:
                self.fail('invalid type when attempting set difference: %s' % e)
            except AttributeError as e:
                self.fail('%s argument does not support set difference: %s'
                          % (label, e))
        if not (halves[0] or halves[1]):
            return
        lines = []
        for extra, heading in ((halves[0], 'Items in the first set but not the second:'),
                               (halves[1], 'Items in the second set but not the first:')):
            if extra:
                lines.append(heading)
                lines.extend(map(repr, extra))
        self.fail(self._formatMessage(msg, '\n'.join(lines)))

    def assertDictEqual(self, d1, d2, msg=None):
        self.assertIsInstance(d1, dict, 'First argument is not a dictionary')
        self.assertIsInstance(d2, dict, 'Second argument is not a dictionary')
        if d1 == d2:
            return
        text = self._truncateMessage('%s != %s' % _common_shorten_repr(d1, d2),
                                     self._pformat_diff(d1, d2))
        self.fail(self._formatMessage(msg, text))

    def assertDictContainsSubset(self, subset, dictionary, msg=None):
        _warn('assertDictContainsSubset is deprecated', DeprecationWarning)
        absent = [k for k in subset if k not in dictionary]
        differing = ['%s, expected: %s, actual: %s' % (
            safe_repr(k), safe_repr(v), safe_repr(dictionary[k]))
            for k, v in subset.items() if k in dictionary and v != dictionary[k]]
        if not absent and not differing:
            return
        parts = []
        if absent:
            parts.append('Missing: %s' % ','.join(map(safe_repr, absent)))
        if differing:
            parts.append('Mismatched values: %s' % ','.join(differing))
        self.fail(self._formatMessage(msg, '; '.join(parts)))

    def assertCountEqual(self, first, second, msg=None):
        """Fail unless both iterables hold the same elements the same
        number of times, whatever the order."""
        items1, items2 = list(first), list(second)
        try:
            same = collections.Counter(items1) == collections.Counter(items2)
        except TypeError:
            differences = _count_diff_all_purpose(items1, items2)
        else:
            if same:
                return
            differences = _count_diff_hashable(items1, items2)
        if not differences:
            return
        body = '\n'.join('First has %d, Second has %d:  %r' % d
                         for d in differences)
        text = self._truncateMessage('Element counts were not equal:\n', body)
        self.fail(self._formatMessage(msg, text))

    def assertMultiLineEqual(self, first, second, msg=None):
        """String equality with a line diff in the failure message."""
        self.assertIsInstance(first, str, 'First argument is not a string')
        self.assertIsInstance(second, str, 'Second argument is not a string')
        if first == second:
            return
        if max(len(first), len(second)) > self._diffThreshold:
            self._baseAssertEqual(first, second, msg)
        lines1 = first.splitlines(keepends=True)
        lines2 = second.splitlines(keepends=True)
        if len(lines1) == 1 and first.strip('\r\n') == first:
            # one line without a line end: compare as whole lines
            lines1, lines2 = [first + '\n'], [second + '\n']
        text = self._truncateMessage(
            '%s != %s' % _common_shorten_repr(first, second),
            '\n' + ''.join(_ndiff(lines1, lines2)))
        self.fail(self._formatMessage(msg, text))

    # -- regular expressions ---------------------------------------------

    def assertRegex(self, text, expected_regex, msg=None):
        """Fail unless expected_regex (a pattern or its source) matches
        somewhere in text."""
        if isinstance(expected_regex, (str, bytes)):
            assert expected_regex, "expected_regex must not be empty."
            expected_regex = _re().compile(expected_regex)
        if expected_regex.search(text):
            return
        standard = "Regex didn't match: %r not found in %r" % (
            expected_regex.pattern, text)
        raise self.failureException(self._formatMessage(msg, standard))

    def assertNotRegex(self, text, unexpected_regex, msg=None):
        if isinstance(unexpected_regex, (str, bytes)):
            unexpected_regex = _re().compile(unexpected_regex)
        hit = unexpected_regex.search(text)
        if not hit:
            return
        standard = 'Regex matched: %r matches %r in %r' % (
            text[hit.start():hit.end()], unexpected_regex.pattern, text)
        raise self.failureException(self._formatMessage(msg, standard))

    # -- old names, kept with a DeprecationWarning -------------------------

    failUnlessEqual = assertEquals = _deprecated_alias(assertEqual)
    failIfEqual = assertNotEquals = _deprecated_alias(assertNotEqual)
    failUnlessAlmostEqual = assertAlmostEquals = _deprecated_alias(assertAlmostEqual)
    failIfAlmostEqual = assertNotAlmostEquals = _deprecated_alias(assertNotAlmostEqual)
    failUnless = assert_ = _deprecated_alias(assertTrue)
    failUnlessRaises = _deprecated_alias(assertRaises)
    failIf = _deprecated_alias(assertFalse)
    assertRaisesRegexp = _deprecated_alias(assertRaisesRegex)
    assertRegexpMatches = _deprecated_alias(assertRegex)
    assertNotRegexpMatches = _deprecated_alias(assertNotRegex)


class FunctionTestCase(TestCase):
    """A test case made of a plain function, with optional setUp and
    tearDown functions and a description."""

    def __init__(self, testFunc, setUp=None, tearDown=None, description=None):
        super().__init__()
        self._testFunc, self._description = testFunc, description
        self._setUpFunc, self._tearDownFunc = setUp, tearDown

    def _fields(self):
        return (self._setUpFunc, self._tearDownFunc, self._testFunc,
                self._description)

    def setUp(self):
        if self._setUpFunc is not None: self._setUpFunc()

    def tearDown(self):
        if self._tearDownFunc is not None: self._tearDownFunc()

    def runTest(self): self._testFunc()

    def id(self): return self._testFunc.__name__

    def __eq__(self, other):
        if isinstance(other, self.__class__):
            return self._fields() == other._fields()
        return NotImplemented

    def __hash__(self): return hash((type(self),) + self._fields())

    def __str__(self):
        return "%s (%s)" % (strclass(self.__class__), self._testFunc.__name__)

    def __repr__(self):
        return "<%s tec=%s>" % (strclass(self.__class__), self._testFunc)

    def shortDescription(self):
        if self._description is None:
            doc = self._testFunc.__doc__
            return (doc.split("\n")[0].strip() if doc else None) or None
        return self._description


class _SubTest(TestCase):
    """The stand-in reported for one subTest() block."""

    def __init__(self, test_case, message, params):
        super().__init__()
        self.test_case, self._message, self.params = test_case, message, params
        self.failureException = test_case.failureException

    def runTest(self): raise NotImplementedError("subtests cannot be run directly")

    def _subDescription(self):
        words = []
        if self._message is not _subtest_msg_sentinel:
            words.append("[%s]" % (self._message,))
        if self.params:
            words.append("(%s)" % ", ".join(
                "%s=%r" % (key, value) for key, value in self.params.items()))
        return " ".join(words) if words else '(<subtest>)'

    def id(self): return "%s %s" % (self.test_case.id(), self._subDescription())

    def __str__(self): return "%s %s" % (self.test_case, self._subDescription())

    def shortDescription(self): return self.test_case.shortDescription()
