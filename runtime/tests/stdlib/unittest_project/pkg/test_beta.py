import unittest


class BetaTest(unittest.TestCase):
    def test_good(self):
        self.assertIn(2, [1, 2, 3])

    def test_bad(self):
        self.assertEqual([1, 2], [1, 3])

    @unittest.skip("not ready")
    def test_later(self):
        self.fail("should not run")
