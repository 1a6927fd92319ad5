"""A package for the import tests."""
print("init pkgdemo", __name__, __package__)
from . import util
from .util import helper as _helper
VERSION = "1.0"
__all__ = ["VERSION", "util", "shout"]

def shout(s):
    return _helper(s).upper()
