"""TestResult: collects the outcome of tests."""

import io
import sys
import functools

from . import util

__unittest = True

STDOUT_LINE = '\nStdout:\n%s'
STDERR_LINE = '\nStderr:\n%s'


def failfast(method):
    """Make an add* method stop the run first when the result is in
    failfast mode."""
    @functools.wraps(method)
    def stopping_first(self, *args, **kw):
        if getattr(self, 'failfast', False):
            self.stop()
        return method(self, *args, **kw)
    return stopping_first


def _in_unittest(tb):
    return '__unittest' in tb.tb_frame.f_globals


def _relevant_entries(tb, trim_tail):
    """The traceback entries worth showing: leading unittest frames are
    dropped, and with trim_tail everything from the first unittest frame
    after the test code on (the assert* machinery) too."""
    while tb is not None and _in_unittest(tb):
        tb = tb.tb_next
    entries = []
    while tb is not None:
        if trim_tail and _in_unittest(tb):
            break
        entries.append(tb)
        tb = tb.tb_next
    return entries


_CAUSE_TEXT = ('\nThe above exception was the direct cause '
               'of the following exception:\n\n')
_CONTEXT_TEXT = ('\nDuring handling of the above exception, '
                 'another exception occurred:\n\n')


def _exception_only(exc_type, value):
    try:
        import traceback
        return traceback.format_exception_only(exc_type, value)
    except ImportError:
        pass
    name = getattr(exc_type, '__qualname__', None) or exc_type.__name__
    module = getattr(exc_type, '__module__', None)
    if module not in ('__main__', 'builtins', None):
        name = module + '.' + name
    try:
        text = str(value)
    except Exception:
        text = '<exception str() failed>'
    if value is None or not text:
        return ['%s\n' % name]
    return ['%s: %s\n' % (name, text)]


def _source_line(filename, lineno):
    try:
        with open(filename, encoding='utf-8') as f:
            for n, line in enumerate(f, 1):
                if n == lineno:
                    return line.strip()
    except Exception:
        return ''
    return ''


def _format_entries(entries):
    try:
        import traceback
        # the entries are one unbroken stretch of the traceback chain
        return traceback.format_list(
            traceback.extract_tb(entries[0], limit=len(entries)))
    except (ImportError, AttributeError):
        pass
    lines = []
    for tb in entries:
        code = tb.tb_frame.f_code
        text = '  File "%s", line %d, in %s\n' % (code.co_filename,
                                                   tb.tb_lineno, code.co_name)
        src = _source_line(code.co_filename, tb.tb_lineno)
        if src:
            text += '    %s\n' % src
        lines.append(text)
    return lines


def _format_chain(exc_type, value, tb, failure_type, seen):
    """Lines for one exception and (first) the ones it was raised from or
    while handling, with unittest's own frames left out."""
    out = []
    if value is not None:
        seen.add(id(value))
        cause = value.__cause__
        context = value.__context__
        if cause is not None and id(cause) not in seen:
            out.extend(_format_chain(type(cause), cause, cause.__traceback__,
                                     failure_type, seen))
            out.append(_CAUSE_TEXT)
        elif (context is not None and not value.__suppress_context__ and
              id(context) not in seen):
            out.extend(_format_chain(type(context), context,
                                     context.__traceback__, failure_type, seen))
            out.append(_CONTEXT_TEXT)
    entries = _relevant_entries(tb, exc_type is failure_type)
    if entries:
        out.append('Traceback (most recent call last):\n')
        out.extend(_format_entries(entries))
    out.extend(_exception_only(exc_type, value))
    return out


class TestResult(object):
    """Collects what happened to the tests of a run.

    Test cases report through the add* methods; runners read testsRun,
    failures and errors (lists of (test, formatted traceback)), skipped
    ((test, reason)), expectedFailures and unexpectedSuccesses.  Setting
    shouldStop (see stop()) ends the run after the current test."""

    _previousTestClass = None
    _testRunEntered = _moduleSetUpFailed = False

    def __init__(self, stream=None, descriptions=None, verbosity=None):
        for name in ('failures', 'errors', 'skipped', 'expectedFailures',
                     'unexpectedSuccesses'):
            setattr(self, name, [])
        self.testsRun = 0
        self.shouldStop = self.failfast = False
        self.buffer = self.tb_locals = False
        self._original_stdout, self._original_stderr = sys.stdout, sys.stderr
        self._stdout_buffer = self._stderr_buffer = None
        self._mirrorOutput = False

    # -- hooks a runner calls ---------------------------------------------

    def startTestRun(self):
        "Called once before any test runs."

    def stopTestRun(self):
        "Called once after all tests ran."

    def printErrors(self):
        "Called by runners to print the errors and failures."

    def startTest(self, test):
        self._mirrorOutput = False
        self.testsRun += 1
        self._setupStdout()

    def stopTest(self, test):
        self._restoreStdout()
        self._mirrorOutput = False

    # -- output buffering (buffer=True) -----------------------------------

    def _setupStdout(self):
        if not self.buffer:
            return
        if self._stdout_buffer is None:
            self._stdout_buffer, self._stderr_buffer = io.StringIO(), io.StringIO()
        sys.stdout, sys.stderr = self._stdout_buffer, self._stderr_buffer

    @staticmethod
    def _captured(stream, template):
        text = stream.getvalue()
        if text and not text.endswith('\n'):
            text += '\n'
        return template % text if text else ''

    def _restoreStdout(self):
        if not self.buffer:
            return
        if self._mirrorOutput:
            # a failing test shows what it printed
            out = self._captured(sys.stdout, STDOUT_LINE)
            err = self._captured(sys.stderr, STDERR_LINE)
            if out:
                self._original_stdout.write(out)
            if err:
                self._original_stderr.write(err)
        sys.stdout, sys.stderr = self._original_stdout, self._original_stderr
        for buf in (self._stdout_buffer, self._stderr_buffer):
            buf.seek(0)
            buf.truncate()

    # -- outcomes -----------------------------------------------------------

    @failfast
    def addError(self, test, err):
        """err: the (type, value, traceback) an unexpected exception gave."""
        self.errors.append((test, self._exc_info_to_string(err, test)))
        self._mirrorOutput = True

    @failfast
    def addFailure(self, test, err):
        """err: the (type, value, traceback) of a failed assertion."""
        self.failures.append((test, self._exc_info_to_string(err, test)))
        self._mirrorOutput = True

    def addSubTest(self, test, subtest, err):
        """A subtest ended; err is None when it passed."""
        if err is None:
            return
        if getattr(self, 'failfast', False):
            self.stop()
        bucket = (self.failures if issubclass(err[0], test.failureException)
                  else self.errors)
        bucket.append((subtest, self._exc_info_to_string(err, test)))
        self._mirrorOutput = True

    def addSuccess(self, test):
        "A test passed."

    def addSkip(self, test, reason):
        self.skipped.append((test, reason))

    def addExpectedFailure(self, test, err):
        self.expectedFailures.append((test, self._exc_info_to_string(err, test)))

    @failfast
    def addUnexpectedSuccess(self, test):
        self.unexpectedSuccesses.append(test)

    def wasSuccessful(self):
        """True unless something failed, errored or passed unexpectedly."""
        if self.failures or self.errors:
            return False
        return not getattr(self, 'unexpectedSuccesses', ())

    def stop(self):
        """Ask the run to end after the current test."""
        self.shouldStop = True

    def _exc_info_to_string(self, err, test):
        kind, value, tb = err
        parts = _format_chain(kind, value, tb, test.failureException, set())
        if self.buffer:
            parts.append(self._captured(sys.stdout, STDOUT_LINE))
            parts.append(self._captured(sys.stderr, STDERR_LINE))
        return ''.join(parts)

    def __repr__(self):
        return "<%s run=%i errors=%i failures=%i>" % (
            util.strclass(self.__class__), self.testsRun, len(self.errors),
            len(self.failures))
