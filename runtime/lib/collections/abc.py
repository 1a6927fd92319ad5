"""`collections.abc`: the abstract base classes of containers, which live
in `_collections_abc` (so that modules below `collections` can use them
without importing it)."""

from _collections_abc import *
from _collections_abc import __all__
