from . import PARENT_VERSION
from .. import util
from ..util import *
NAMES = sorted(n for n in dir() if not n.startswith("__"))
def where():
    return __name__, __package__
