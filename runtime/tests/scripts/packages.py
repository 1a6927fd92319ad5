# A local package: __init__.py, submodules, relative imports, import *,
# sys.modules, dir().
import sys
import pkgdemo
print(pkgdemo.VERSION, pkgdemo.shout("hi"), pkgdemo.__package__)
print(pkgdemo.__path__[0].endswith("pkgdemo"), pkgdemo.__file__.endswith("__init__.py"))
print(pkgdemo.__doc__)
import pkgdemo.sub
print(pkgdemo.sub.PARENT_VERSION, pkgdemo.sub.helper("x"))
from pkgdemo.sub import deep
print(deep.NAMES, deep.where())
import pkgdemo.sub.deep as d2
print(d2 is deep, "pkgdemo.sub.deep" in sys.modules, sys.modules["pkgdemo.util"] is pkgdemo.util)
print(sys.modules["pkgdemo"].VERSION, type(sys.modules).__name__)
try:
    import pkgdemo.sub.leaf
except ImportError as e:
    print("ImportError:", e)
try:
    import pkgdemo.broken
except ImportError as e:
    print(type(e).__name__, e)
try:
    from pkgdemo import nonexistent
except ImportError as e:
    print("ImportError:", str(e).split(" (")[0])
try:
    import pkgdemo.util.deeper
except ImportError as e:
    print(type(e).__name__, e)
try:
    import no_such_module_xyz
except ModuleNotFoundError as e:
    print(type(e).__name__, e)

from pkgdemo import *
print(sorted(n for n in dir() if not n.startswith("__")))
from pkgdemo.util import *
print("public" in dir(), "_private" in dir(), "helper" in dir())

def f():
    a = 1
    b = 2
    return dir()
print(f())
class C:
    x = 1
    def m(self):
        pass
print([n for n in dir(C) if not n.startswith("__")])
print("__init__" in dir(C), "x" in dir(C()), "m" in dir(C()))
print([n for n in dir(pkgdemo) if not n.startswith("__")])
print(sys.path[0] == sys.path[0].rstrip("/") and sys.path[0].endswith("scripts"))
try:
    from . import something
except ImportError as e:
    print(e)
print(__import__("pkgdemo.sub", fromlist=["x"]).__name__, __import__("pkgdemo.sub").__name__)
print(__import__("util", globals=vars(pkgdemo), level=1).__name__)
import importlib
print(importlib.import_module(".util", "pkgdemo").__name__)
print(sys.implementation.cache_tag is None or sys.implementation.cache_tag.startswith("cpython"))
print(repr(exit), repr(quit))
try:
    exit(3)
except SystemExit as e:
    print("SystemExit", e.code)
