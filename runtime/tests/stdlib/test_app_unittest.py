# An application-style script: a small expression tokenizer and evaluator,
# with a unittest suite for it run through TextTestRunner into a buffer.
import io
import math
import os
import re
import unittest
from unittest import mock

TOKEN_RE = re.compile(r"\s*(?:(?P<num>\d+(?:\.\d*)?)|(?P<name>[A-Za-z_]\w*)|(?P<op>\*\*|[-+*/%(),]))")


class ExprError(ValueError):
    pass


def tokenize(text):
    pos, out = 0, []
    text = text.rstrip()
    while pos < len(text):
        while text[pos].isspace():
            pos += 1
        m = TOKEN_RE.match(text, pos)
        if not m or m.end() == pos:
            raise ExprError("unexpected character %r at %d" % (text[pos], pos))
        kind = m.lastgroup
        value = m.group(kind)
        out.append((kind, float(value) if kind == "num" else value))
        pos = m.end()
    return out


def current_rate(currency):
    raise RuntimeError("network access is not allowed in tests")


FUNCS = {"sqrt": math.sqrt, "max": max, "min": min, "rate": lambda c: current_rate(c)}


class Evaluator:
    def __init__(self, variables=None):
        self.variables = dict(variables or {})

    def evaluate(self, text):
        self.tokens = tokenize(text)
        self.i = 0
        value = self.expr()
        if self.i != len(self.tokens):
            raise ExprError("trailing input at token %d" % self.i)
        return value

    def peek(self):
        return self.tokens[self.i] if self.i < len(self.tokens) else (None, None)

    def take(self, op=None):
        tok = self.peek()
        if op is not None and tok != ("op", op):
            raise ExprError("expected %r, got %r" % (op, tok[1]))
        self.i += 1
        return tok

    def expr(self):
        value = self.term()
        while self.peek() in (("op", "+"), ("op", "-")):
            value = value + self.term() if self.take()[1] == "+" else value - self.term()
        return value

    def term(self):
        value = self.unary()
        while self.peek()[1] in ("*", "/", "%"):
            op, rhs = self.take()[1], self.unary()
            if op != "*" and rhs == 0:
                raise ZeroDivisionError("division by zero in expression")
            value = value * rhs if op == "*" else value / rhs if op == "/" else value % rhs
        return value

    def unary(self):
        if self.peek() == ("op", "-"):
            self.take()
            return -self.unary()
        return self.power()

    def power(self):
        base = self.primary()
        if self.peek() == ("op", "**"):
            self.take()
            return base ** self.unary()
        return base

    def primary(self):
        kind, value = self.take()
        if kind == "num":
            return value
        if kind == "name":
            if self.peek() == ("op", "("):
                self.take("(")
                args = [] if self.peek() == ("op", ")") else [self.expr()]
                while self.peek() == ("op", ","):
                    self.take()
                    args.append(self.expr())
                self.take(")")
                if value not in FUNCS:
                    raise ExprError("unknown function %s" % value)
                return FUNCS[value](*args)
            if value not in self.variables:
                raise NameError("undefined variable %r" % value)
            return self.variables[value]
        if value == "(":
            inner = self.expr()
            self.take(")")
            return inner
        raise ExprError("unexpected %r" % (value,))


class TokenizerTests(unittest.TestCase):
    def test_kinds(self):
        """Numbers, names and operators are told apart."""
        self.assertEqual(tokenize("x1 + 2.5**y"),
                         [("name", "x1"), ("op", "+"), ("num", 2.5), ("op", "**"), ("name", "y")])

    def test_bad_character(self):
        with self.assertRaises(ExprError) as cm:
            tokenize("1 + $")
        self.assertEqual(str(cm.exception), "unexpected character '$' at 4")
        self.assertRaisesRegex(ExprError, r"at 0$", tokenize, "#")

    def test_token_count_wrong(self):
        self.assertEqual([t[1] for t in tokenize("max(a, 2) - 1")], ["max", "(", "a", ",", 2.0, ")", "+", 1.0])


class EvaluatorTests(unittest.TestCase):
    def setUp(self):
        self.ev = Evaluator({"a": 3, "b": 4, "pi": math.pi})

    def test_arithmetic(self):
        cases = [("1 + 2 * 3", 7), ("(1 + 2) * 3", 9), ("2 ** 3 ** 2", 512), ("-2 ** 2", -4), ("2 ** -1", 0.5),
                 ("7 % 4 - 10 / 4", 0.5), ("max(a, b, 1) - min(a, b)", 1)]
        for text, expected in cases:
            with self.subTest(text=text):
                self.assertEqual(self.ev.evaluate(text), expected)

    def test_float_results(self):
        self.assertAlmostEqual(self.ev.evaluate("sqrt(a*a + b*b) / 3"), 1.6666667, places=6)
        self.assertAlmostEqual(self.ev.evaluate("pi * 2"), 6.2832, delta=1e-4)
        self.assertNotAlmostEqual(self.ev.evaluate("pi"), 3.14, places=3)

    def test_errors(self):
        for text, exc, message in [("1 / (a - 3)", ZeroDivisionError, "division by zero in expression"),
                                   ("c + 1", NameError, "undefined variable 'c'"),
                                   ("(1 + 2", ExprError, "expected ')', got None"),
                                   ("1 2", ExprError, "trailing input at token 1"),
                                   ("nope(1)", ExprError, "unknown function nope")]:
            with self.subTest(text=text), self.assertRaises(exc) as cm:
                self.ev.evaluate(text)
            self.assertEqual(str(cm.exception), message)

    @mock.patch(__name__ + ".current_rate", return_value=1.25)
    def test_rate_is_mocked(self, fake):
        self.assertEqual(self.ev.evaluate("100 * rate(a)"), 125.0)
        fake.assert_called_once_with(3)
        with mock.patch.dict(self.ev.variables, {"a": 10}):
            self.assertEqual(self.ev.evaluate("rate(a) + a"), 11.25)
        self.assertEqual(fake.call_args_list, [mock.call(3), mock.call(10)])

    def test_rate_unmocked_raises(self):
        with self.assertRaisesRegex(RuntimeError, "network"):
            self.ev.evaluate("rate(1)")

    @unittest.skip("unary plus is not supported yet")
    def test_unary_plus(self):
        self.assertEqual(self.ev.evaluate("+1"), 1)

    @unittest.expectedFailure
    def test_implicit_multiplication(self):
        self.assertEqual(self.ev.evaluate("2 a"), 6)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    loader = unittest.TestLoader()
    suite = unittest.TestSuite([loader.loadTestsFromTestCase(TokenizerTests),
                                loader.loadTestsFromTestCase(EvaluatorTests)])
    print("collected:", suite.countTestCases())
    stream = io.StringIO()
    result = unittest.TextTestRunner(stream=stream, verbosity=2).run(suite)
    text = re.sub(r"Ran (\d+) tests? in \d+\.\d+s", r"Ran \1 tests in X.XXXs", stream.getvalue())
    print(text.replace(here, "<dir>"), end="")
    print("summary:", result.testsRun, len(result.failures), len(result.errors), len(result.skipped),
          len(result.expectedFailures), len(result.unexpectedSuccesses), result.wasSuccessful())
    print("failed:", [t.id() for t, _ in result.failures], [reason for _, reason in result.skipped])


main()
