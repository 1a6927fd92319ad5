"""TextTestRunner and TextTestResult: run tests and report on a text
stream."""

import sys
import time

from .signals import registerResult
from .case import _SubTest
from . import result

__unittest = True


class _WritelnDecorator(object):
    """Wraps a stream, adding writeln(); all else is delegated."""

    def __init__(self, stream):
        self.stream = stream

    def __getattr__(self, name):
        if name == 'stream' or name == '__getstate__':
            # not found on the wrapper itself: don't recurse into the stream
            raise AttributeError(name)
        return getattr(self.stream, name)

    def writeln(self, arg=None):
        if arg:
            self.write(arg)
        self.write('\n')


class TextTestResult(result.TestResult):
    """A TestResult that shows progress on a stream: one character per test
    at verbosity 1, a line per test at verbosity 2 and above, nothing at 0;
    printErrors() then lists the errors and failures."""

    separator1, separator2 = '=' * 70, '-' * 70

    def __init__(self, stream, descriptions, verbosity):
        super().__init__(stream, descriptions, verbosity)
        self.stream, self.descriptions = stream, descriptions
        self.dots, self.showAll = verbosity == 1, verbosity > 1
        self._newline = True

    def getDescription(self, test):
        text = str(test)
        doc = test.shortDescription()
        if doc and self.descriptions:
            text = text + '\n' + doc
        return text

    def _announce(self, test):
        self.stream.write(self.getDescription(test))
        self.stream.write(" ... ")

    def startTest(self, test):
        super().startTest(test)
        if not self.showAll:
            return
        self._announce(test)
        self.stream.flush()
        self._newline = False

    def _write_status(self, test, status):
        # a subtest line goes below its test's "... " line, indented
        if isinstance(test, _SubTest):
            if not self._newline:
                self.stream.writeln()
            self.stream.write("  ")
            self._announce(test)
        elif self._newline:
            self._announce(test)
        self.stream.writeln(status)
        self.stream.flush()
        self._newline = True

    def _progress(self, test, word, letter):
        if self.showAll:
            self._write_status(test, word)
        elif self.dots:
            self.stream.write(letter)
            self.stream.flush()

    def addSuccess(self, test):
        super().addSuccess(test)
        self._progress(test, "ok", '.')

    def addError(self, test, err):
        super().addError(test, err)
        self._progress(test, "ERROR", 'E')

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._progress(test, "FAIL", 'F')

    def addSubTest(self, test, subtest, err):
        if err is not None:
            if issubclass(err[0], subtest.failureException):
                self._progress(subtest, "FAIL", 'F')
            else:
                self._progress(subtest, "ERROR", 'E')
        super().addSubTest(test, subtest, err)

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self._progress(test, "skipped %r" % (reason,), 's')

    def addExpectedFailure(self, test, err):
        super().addExpectedFailure(test, err)
        self._progress(test, "expected failure", 'x')

    def addUnexpectedSuccess(self, test):
        super().addUnexpectedSuccess(test)
        self._progress(test, "unexpected success", 'u')

    def printErrors(self):
        out = self.stream
        if self.showAll or self.dots:
            out.writeln()
            out.flush()
        self.printErrorList('ERROR', self.errors)
        self.printErrorList('FAIL', self.failures)
        surprises = getattr(self, 'unexpectedSuccesses', ())
        if surprises:
            out.writeln(self.separator1)
            for test in surprises:
                out.writeln("UNEXPECTED SUCCESS: " + self.getDescription(test))
            out.flush()

    def printErrorList(self, flavour, errors):
        out = self.stream
        for test, text in errors:
            out.writeln(self.separator1)
            out.writeln(flavour + ": " + self.getDescription(test))
            out.writeln(self.separator2)
            out.writeln(str(text))
            out.flush()


def _summary(res):
    """('OK' or 'FAILED', [count notes]) for the last line of a run."""
    notes = []
    verdict = "OK" if res.wasSuccessful() else "FAILED"
    if verdict == "FAILED":
        for label, items in (("failures", res.failures), ("errors", res.errors)):
            if items:
                notes.append("%s=%d" % (label, len(items)))
    try:
        counts = (("skipped", len(res.skipped)),
                  ("expected failures", len(res.expectedFailures)),
                  ("unexpected successes", len(res.unexpectedSuccesses)))
    except AttributeError:
        counts = ()
    notes.extend("%s=%d" % (label, n) for label, n in counts if n)
    return verdict, notes


class TextTestRunner(object):
    """Runs tests with a TextTestResult (or resultclass) writing to stream
    (default sys.stderr), then prints the errors and a summary."""

    resultclass = TextTestResult

    def __init__(self, stream=None, descriptions=True, verbosity=1, failfast=False,
                 buffer=False, resultclass=None, warnings=None, *, tb_locals=False):
        # warnings: a warnings filter action to run the tests under
        self.stream = _WritelnDecorator(sys.stderr if stream is None else stream)
        self.descriptions, self.verbosity = descriptions, verbosity
        self.failfast, self.buffer, self.tb_locals = failfast, buffer, tb_locals
        if resultclass is not None:
            self.resultclass = resultclass
        self.warnings = warnings

    def _makeResult(self):
        return self.resultclass(self.stream, self.descriptions, self.verbosity)

    def _timed_run(self, test, res):
        begin = getattr(res, 'startTestRun', None)
        if begin is not None:
            begin()
        started = time.perf_counter()
        try:
            test(res)
        finally:
            end = getattr(res, 'stopTestRun', None)
            if end is not None:
                end()
        return time.perf_counter() - started

    def run(self, test):
        """Run test; print the report; return the result object."""
        res = self._makeResult()
        registerResult(res)
        res.failfast, res.buffer, res.tb_locals = (self.failfast, self.buffer,
                                                   self.tb_locals)
        try:
            import warnings
        except ImportError:
            elapsed = self._timed_run(test, res)
        else:
            with warnings.catch_warnings():
                if self.warnings:
                    warnings.simplefilter(self.warnings)
                    if self.warnings in ('default', 'always'):
                        # the deprecated assert aliases warn once per module
                        warnings.filterwarnings(
                            'module', category=DeprecationWarning,
                            message=r'Please use assert\w+ instead.')
                elapsed = self._timed_run(test, res)
        res.printErrors()
        out = self.stream
        if hasattr(res, 'separator2'):
            out.writeln(res.separator2)
        n = res.testsRun
        out.writeln("Ran %d test%s in %.3fs" % (n, "" if n == 1 else "s", elapsed))
        out.writeln()
        verdict, notes = _summary(res)
        out.write(verdict)
        out.write(" (%s)\n" % ", ".join(notes) if notes else "\n")
        out.flush()
        return res
