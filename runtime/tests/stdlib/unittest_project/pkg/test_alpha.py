import unittest


class AlphaTest(unittest.TestCase):
    def test_add(self):
        self.assertEqual(1 + 1, 2)

    def test_upper(self):
        self.assertEqual("abc".upper(), "ABC")


class HelperNotATest:
    def test_ignored(self):
        pass
