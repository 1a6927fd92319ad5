from . import PARENT_VERSION
from .. import util
from ..util import *
from ... import nothing  # beyond the top-level package
