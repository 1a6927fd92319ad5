"""TestLoader: builds test suites from classes, modules, dotted names and
directory trees (discovery)."""

import os
import sys
import types
import functools
from fnmatch import fnmatch, fnmatchcase

from . import case, suite, util

__unittest = True


def _valid_module_file(basename):
    # an identifier-like stem (ASCII letter or underscore first) and '.py'
    if len(basename) < 4 or basename[-3:].lower() != '.py':
        return False
    stem = basename[:-3]
    first = stem[0]
    if not (first == '_' or ('a' <= first.lower() <= 'z')):
        return False
    return all(ch == '_' or ch.isalnum() for ch in stem[1:])


def _format_current_exception():
    try:
        import traceback
        return traceback.format_exc()
    except ImportError:
        from .result import _format_chain
        exc = sys.exc_info()[1]
        return ''.join(_format_chain(type(exc), exc, exc.__traceback__,
                                     None, set()))


class _FailedTest(case.TestCase):
    """A test that raises the exception met while loading its name."""

    _testMethodName = None

    def __init__(self, method_name, exception):
        self._exception = exception
        super().__init__(method_name)

    def __getattr__(self, name):
        if name == self._testMethodName:
            problem = self._exception

            def testFailure():
                raise problem
            return testFailure
        raise AttributeError("'%s' object has no attribute '%s'"
                             % (type(self).__name__, name))


def _make_failed_test(methodname, exception, suiteClass, message):
    return suiteClass((_FailedTest(methodname, exception),)), message


def _make_failed_import_test(name, suiteClass):
    text = 'Failed to import test module: %s\n%s' % (
        name, _format_current_exception())
    return _make_failed_test(name, ImportError(text), suiteClass, text)


def _make_failed_load_tests(name, exception, suiteClass):
    text = 'Failed to call load_tests:\n%s' % (_format_current_exception(),)
    return _make_failed_test(name, exception, suiteClass, text)


def _make_skipped_test(methodname, exception, suiteClass):
    def testSkipped(self):
        pass
    body = {methodname: case.skip(str(exception))(testSkipped)}
    holder = type("ModuleSkipped", (case.TestCase,), body)
    return suiteClass((holder(methodname),))


def _splitext(path):
    return os.path.splitext(path)[0]


class TestLoader(object):
    """Finds tests and collects them into suites."""

    suiteClass = suite.TestSuite
    testMethodPrefix = 'test'
    testNamePatterns = None
    # how test method names are ordered (a cmp function; None: dir() order)
    sortTestMethodsUsing = staticmethod(util.three_way_cmp)
    _top_level_dir = None

    def __init__(self):
        super().__init__()
        self._loading_packages = set()
        self.errors = []      # messages about tests that could not be loaded

    def loadTestsFromTestCase(self, testCaseClass):
        """A suite with one instance of testCaseClass per test method."""
        if issubclass(testCaseClass, suite.TestSuite):
            raise TypeError("Test cases should not be derived from TestSuite."
                            " Maybe you meant to derive from TestCase?")
        names = self.getTestCaseNames(testCaseClass)
        if not names and hasattr(testCaseClass, 'runTest'):
            names = ['runTest']
        return self.suiteClass([testCaseClass(n) for n in names])

    def loadTestsFromModule(self, module, *args, pattern=None, **kws):
        """A suite of the tests of every TestCase subclass found in module,
        or what module.load_tests(loader, tests, pattern) returns."""
        if args or 'use_load_tests' in kws:
            try:
                import warnings
                warnings.warn('use_load_tests is deprecated and ignored',
                              DeprecationWarning)
            except ImportError:
                pass
            kws.pop('use_load_tests', None)
        if len(args) > 1:
            raise TypeError('loadTestsFromModule() takes 1 positional '
                            'argument but {} were given'.format(len(args) + 1))
        if kws:
            raise TypeError("loadTestsFromModule() got an unexpected keyword "
                            "argument '{}'".format(min(kws)))
        classes = [getattr(module, n) for n in dir(module)]
        tests = self.suiteClass([
            self.loadTestsFromTestCase(c) for c in classes
            if isinstance(c, type) and issubclass(c, case.TestCase)])
        hook = getattr(module, 'load_tests', None)
        if hook is None:
            return tests
        try:
            return hook(self, tests, pattern)
        except Exception as exc:
            failed, message = _make_failed_load_tests(module.__name__, exc,
                                                      self.suiteClass)
            self.errors.append(message)
            return failed

    def _import_longest_prefix(self, parts):
        """Import the longest importable prefix of the dotted name parts;
        returns (module, failure) where failure is the (suite, message)
        of the last import error seen (or None)."""
        failure = None
        for n in range(len(parts), 0, -1):
            try:
                return __import__('.'.join(parts[:n])), failure
            except ImportError:
                failure = _make_failed_import_test(parts[n - 1], self.suiteClass)
        return None, failure

    def loadTestsFromName(self, name, module=None):
        """Tests named by a dotted name: a module, a TestCase class, a test
        method, a TestSuite, or a callable returning a case or suite.  The
        name is resolved inside module if one is given."""
        parts = name.split('.')
        failure = None
        if module is None:
            module, failure = self._import_longest_prefix(parts)
            if module is None:
                self.errors.append(failure[1])
                return failure[0]
            parts = parts[1:]
        parent, obj = None, module
        for part in parts:
            try:
                parent, obj = obj, getattr(obj, part)
            except AttributeError as exc:
                if failure is None or getattr(obj, '__path__', None) is None:
                    failure = _make_failed_test(
                        part, exc, self.suiteClass,
                        'Failed to access attribute:\n%s' % (
                            _format_current_exception(),))
                # inside a package, the import error explains more
                self.errors.append(failure[1])
                return failure[0]
        return self._tests_from_object(obj, parent, parts)

    def _tests_from_object(self, obj, parent, parts):
        if isinstance(obj, types.ModuleType):
            return self.loadTestsFromModule(obj)
        if isinstance(obj, type) and issubclass(obj, case.TestCase):
            return self.loadTestsFromTestCase(obj)
        if isinstance(obj, suite.TestSuite):
            return obj
        if (isinstance(obj, types.FunctionType) and isinstance(parent, type)
                and issubclass(parent, case.TestCase)):
            method = parts[-1]
            instance = parent(method)
            # a staticmethod stays a plain function: treated as a factory
            if not isinstance(getattr(instance, method), types.FunctionType):
                return self.suiteClass([instance])
        if not callable(obj):
            raise TypeError("don't know how to make test from: %s" % obj)
        made = obj()
        if isinstance(made, suite.TestSuite):
            return made
        if isinstance(made, case.TestCase):
            return self.suiteClass([made])
        raise TypeError("calling %s returned %s, not a test" % (obj, made))

    def loadTestsFromNames(self, names, module=None):
        """A suite of the suites loadTestsFromName gives for each name."""
        return self.suiteClass([self.loadTestsFromName(n, module) for n in names])

    def getTestCaseNames(self, testCaseClass):
        """The test method names of testCaseClass, sorted."""
        prefix, patterns = self.testMethodPrefix, self.testNamePatterns

        def wanted(attrname):
            if not attrname.startswith(prefix):
                return False
            if not callable(getattr(testCaseClass, attrname)):
                return False
            if patterns is None:
                return True
            full = '%s.%s.%s' % (testCaseClass.__module__,
                                 testCaseClass.__qualname__, attrname)
            return any(fnmatchcase(full, p) for p in patterns)

        names = [n for n in dir(testCaseClass) if wanted(n)]
        if self.sortTestMethodsUsing:
            names.sort(key=functools.cmp_to_key(self.sortTestMethodsUsing))
        return names

    def discover(self, start_dir, pattern='test*.py', top_level_dir=None):
        """Find the test modules (file names matching pattern) in start_dir
        and the packages below it, and load their tests.

        Modules are imported by dotted names relative to top_level_dir,
        which goes on sys.path; it defaults to start_dir (or to the one
        of an earlier discover() call).  start_dir may also be the dotted
        name of an importable package."""
        implicit_top = False
        if top_level_dir is None:
            if self._top_level_dir is not None:
                top_level_dir = self._top_level_dir
            else:
                implicit_top, top_level_dir = True, start_dir
        top_level_dir = os.path.abspath(top_level_dir)
        if top_level_dir not in sys.path:
            sys.path.insert(0, top_level_dir)
        self._top_level_dir = top_level_dir

        unusable = False
        if os.path.isdir(os.path.abspath(start_dir)):
            start_dir = os.path.abspath(start_dir)
            if start_dir != top_level_dir:
                init = os.path.join(start_dir, '__init__.py')
                unusable = not os.path.isfile(init)
        else:
            try:
                __import__(start_dir)
            except ImportError:
                unusable = True
            else:
                start_dir = self._directory_of_package(start_dir)
                if implicit_top:
                    self._top_level_dir = self._get_directory_containing_module(
                        self._dotted_start.split('.')[0])
                    sys.path.remove(top_level_dir)
        if unusable:
            raise ImportError('Start directory is not importable: %r' % start_dir)
        return self.suiteClass(list(self._find_tests(start_dir, pattern)))

    def _directory_of_package(self, dotted):
        self._dotted_start = dotted
        package = sys.modules[dotted]
        try:
            return os.path.abspath(os.path.dirname(package.__file__))
        except (AttributeError, TypeError):
            if package.__name__ in getattr(sys, 'builtin_module_names', ()):
                raise TypeError('Can not use builtin modules '
                                'as dotted module names') from None
            raise TypeError("don't know how to discover from {!r}"
                            .format(package)) from None

    def _get_directory_containing_module(self, module_name):
        where = os.path.abspath(sys.modules[module_name].__file__)
        folder = os.path.dirname(where)
        if os.path.basename(where).lower().startswith('__init__.py'):
            # a package: the directory holding the package's directory
            folder = os.path.dirname(folder)
        return folder

    def _get_name_from_path(self, path):
        if path == self._top_level_dir:
            return '.'
        rel = os.path.relpath(_splitext(os.path.normpath(path)),
                              self._top_level_dir)
        assert not os.path.isabs(rel), "Path must be within the project"
        assert not rel.startswith('..'), "Path must be within the project"
        return rel.replace(os.path.sep, '.')

    def _get_module_from_name(self, name):
        __import__(name)
        return sys.modules[name]     # the submodule, not the top package

    def _match_path(self, path, full_path, pattern):
        return fnmatch(path, pattern)

    def _find_tests(self, start_dir, pattern):
        """Yield the suites of the test modules and packages under
        start_dir (and of start_dir itself if it is a package)."""
        own = self._get_name_from_path(start_dir)
        if own != '.' and own not in self._loading_packages:
            found, go_on = self._find_test_path(start_dir, pattern)
            if found is not None:
                yield found
            if not go_on:
                return
        for entry in sorted(os.listdir(start_dir)):
            path = os.path.join(start_dir, entry)
            found, go_on = self._find_test_path(path, pattern)
            if found is not None:
                yield found
            if not go_on:
                continue
            package = self._get_name_from_path(path)
            self._loading_packages.add(package)
            try:
                yield from self._find_tests(path, pattern)
            finally:
                self._loading_packages.discard(package)

    def _import_for_discovery(self, path):
        """(module, None) or (None, suite reporting the failure)."""
        name = self._get_name_from_path(path)
        try:
            return self._get_module_from_name(name), None
        except case.SkipTest as exc:
            return None, _make_skipped_test(name, exc, self.suiteClass)
        except:
            failed, message = _make_failed_import_test(name, self.suiteClass)
            self.errors.append(message)
            return None, failed

    def _find_test_path(self, full_path, pattern):
        """For one directory entry: (suite or None, whether to descend)."""
        base = os.path.basename(full_path)
        if os.path.isfile(full_path):
            if not (_valid_module_file(base)
                    and self._match_path(base, full_path, pattern)):
                return None, False
            module, failed = self._import_for_discovery(full_path)
            if module is None:
                return failed, False
            self._check_module_location(module, full_path)
            return self.loadTestsFromModule(module, pattern=pattern), False
        if not os.path.isdir(full_path):
            return None, False
        if not os.path.isfile(os.path.join(full_path, '__init__.py')):
            return None, False
        package, failed = self._import_for_discovery(full_path)
        if package is None:
            return failed, False
        name = package.__name__
        self._loading_packages.add(name)
        try:
            found = self.loadTestsFromModule(package, pattern=pattern)
        finally:
            self._loading_packages.discard(name)
        # a package with load_tests decides about its contents itself
        return found, getattr(package, 'load_tests', None) is None

    def _check_module_location(self, module, full_path):
        loaded = _splitext(os.path.realpath(
            os.path.abspath(getattr(module, '__file__', full_path))))
        wanted = _splitext(os.path.realpath(full_path))
        if loaded.lower() == wanted.lower():
            return
        raise ImportError(
            "%r module incorrectly imported from %r. Expected %r. "
            "Is this module globally installed?" % (
                _splitext(os.path.basename(full_path)),
                os.path.dirname(loaded), os.path.dirname(full_path)))


defaultTestLoader = TestLoader()


def _make_loader(prefix, sortUsing, suiteClass=None, testNamePatterns=None):
    made = TestLoader()
    made.testMethodPrefix, made.sortTestMethodsUsing = prefix, sortUsing
    made.testNamePatterns = testNamePatterns
    if suiteClass:
        made.suiteClass = suiteClass
    return made


def getTestCaseNames(testCaseClass, prefix, sortUsing=util.three_way_cmp,
                     testNamePatterns=None):
    made = _make_loader(prefix, sortUsing, testNamePatterns=testNamePatterns)
    return made.getTestCaseNames(testCaseClass)


def makeSuite(testCaseClass, prefix='test', sortUsing=util.three_way_cmp,
              suiteClass=suite.TestSuite):
    made = _make_loader(prefix, sortUsing, suiteClass)
    return made.loadTestsFromTestCase(testCaseClass)


def findTestCases(module, prefix='test', sortUsing=util.three_way_cmp,
                  suiteClass=suite.TestSuite):
    return _make_loader(prefix, sortUsing, suiteClass).loadTestsFromModule(module)
