import unittest


class TopTest(unittest.TestCase):
    def test_top(self):
        self.assertTrue(True)
