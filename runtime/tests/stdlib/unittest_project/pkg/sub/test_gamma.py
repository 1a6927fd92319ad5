import unittest


@unittest.skipIf(True, "whole class skipped")
class GammaSkipped(unittest.TestCase):
    def test_one(self):
        pass


class GammaTest(unittest.TestCase):
    def test_length(self):
        self.assertEqual(len("four"), 4)
