"""python -m unittest: discover or run the named tests."""

import sys

if sys.argv[0].endswith("__main__.py"):
    import os.path
    sys.argv[0] = os.path.basename(sys.executable) + " -m unittest"
    del os

__unittest = True

from .main import main

main(module=None)
