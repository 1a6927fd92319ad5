"""A unit testing framework with the interface of CPython's unittest:
TestCase classes with assert* methods, suites, a loader with discovery,
a text runner and a command line (unittest.main, python -m unittest).

    import unittest

    class TestSums(unittest.TestCase):
        def test_small(self):
            self.assertEqual(sum([1, 2]), 3)

    if __name__ == '__main__':
        unittest.main()
"""

__all__ = ['TestCase', 'FunctionTestCase', 'SkipTest', 'TestSuite',
           'TestLoader', 'defaultTestLoader', 'TestResult', 'TextTestResult',
           'TextTestRunner', 'main', 'skip', 'skipIf', 'skipUnless',
           'expectedFailure', 'IsolatedAsyncioTestCase', 'installHandler',
           'registerResult', 'removeResult', 'removeHandler',
           'addModuleCleanup', 'doModuleCleanups', 'enterModuleContext']
__all__.extend(['getTestCaseNames', 'makeSuite', 'findTestCases'])

__unittest = True

from .result import TestResult
from .case import (addModuleCleanup, TestCase, FunctionTestCase, SkipTest,
                   skip, skipIf, skipUnless, expectedFailure,
                   doModuleCleanups, enterModuleContext)
from .suite import BaseTestSuite, TestSuite
from .loader import (TestLoader, defaultTestLoader, makeSuite,
                     getTestCaseNames, findTestCases)
from .main import TestProgram, main
from .runner import TextTestRunner, TextTestResult
from .signals import installHandler, registerResult, removeResult, removeHandler

_TextTestResult = TextTestResult


def __dir__():
    return list(globals()) + ['IsolatedAsyncioTestCase']


def __getattr__(name):
    if name == 'IsolatedAsyncioTestCase':
        from .async_case import IsolatedAsyncioTestCase
        globals()['IsolatedAsyncioTestCase'] = IsolatedAsyncioTestCase
        return IsolatedAsyncioTestCase
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
