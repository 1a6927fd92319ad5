# cmath over the grid of special real and imaginary parts: every function's
# value (repr) or the name of the exception it raises.
import cmath
import math

inf, nan = math.inf, math.nan
parts = [-inf, -2.3, -0.0, 0.0, 2.3, inf, nan]
functions = ["exp", "log", "log10", "sqrt", "sin", "cos", "tan", "sinh", "cosh", "tanh",
             "asin", "acos", "atan", "asinh", "acosh", "atanh",
             "phase", "polar", "isfinite", "isinf", "isnan"]


def attempt(f, *args):
    try:
        return repr(f(*args))
    except Exception as e:
        return type(e).__name__


for name in functions:
    f = getattr(cmath, name)
    for x in parts:
        print(name, repr(x), " ".join(attempt(f, complex(x, y)) for y in parts))
for x in parts:
    print("rect", repr(x), " ".join(attempt(cmath.rect, x, y) for y in parts))
for x in parts:
    print("log base 2", repr(x), " ".join(attempt(cmath.log, complex(x, y), 2) for y in parts))
for base in [complex(inf, 0), complex(nan, 0), complex(0, inf), inf, -inf]:
    print("log of 2 base", repr(base), attempt(cmath.log, 2, base), attempt(cmath.log, 0j, base))
print(attempt(cmath.exp, complex(710, 0)), attempt(cmath.cosh, complex(711, 1)), attempt(cmath.log, 0j))
print(attempt(cmath.atanh, 1), attempt(cmath.atanh, -1), attempt(cmath.polar, complex(1e308, 1e308)))
