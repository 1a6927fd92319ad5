print("init sub", __name__, __package__)
from .. import VERSION as PARENT_VERSION
from ..util import helper
