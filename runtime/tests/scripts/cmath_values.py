# cmath over finite values: branch cuts, signed zeros, domain errors.
import cmath

vals = [0j, complex(-0.0, 0.0), complex(0.0, -0.0), complex(-0.0, -0.0), 1, -1, 2, -2, 0.5, -0.5,
        1j, -1j, 2j, -2j, 0.5j, 1 + 1j, 1 - 1j, -1 + 1j, -1 - 1j, 3 + 4j, -3 - 4j, 0.1 + 0.2j,
        complex(2, 0.0), complex(2, -0.0), complex(-2, 0.0), complex(-2, -0.0),
        complex(0.0, 2), complex(-0.0, 2), complex(0.0, -2), complex(-0.0, -2),
        complex(1, 0.0), complex(1, -0.0), complex(-1, 0.0), complex(0.0, 1), complex(0.0, -1),
        1e-10 + 1e-10j, 1e-300 + 1e-300j, 5e-324 + 5e-324j, 1e10 + 1e10j, 1e300 + 1e300j,
        1e308 - 1e308j, 0.7 + 0.7j, 0.99 + 0.1j, 1e-20 + 1j, 1 + 1e-20j, 710 + 1j, -710 + 2j, 20 + 30j,
        complex(0.0, 1e-200)]
names = ['sqrt', 'exp', 'log', 'log10', 'sin', 'cos', 'tan', 'asin', 'acos', 'atan',
         'sinh', 'cosh', 'tanh', 'asinh', 'acosh', 'atanh']
for name in names:
    f = getattr(cmath, name)
    for v in vals:
        try:
            r = f(v)
            print(name, repr(v), repr(r))
        except (ValueError, OverflowError) as e:
            print(name, repr(v), type(e).__name__, e)

for v in vals:
    print('phase', repr(v), cmath.phase(v), cmath.polar(v), cmath.isfinite(v), cmath.isinf(v), cmath.isnan(v))
for v in [complex('inf'), complex('nan'), complex(1, float('inf')), complex(float('nan'), 1)]:
    print('classify', repr(v), cmath.phase(v), cmath.isfinite(v), cmath.isinf(v), cmath.isnan(v))
for r, phi in [(1, 0), (2, cmath.pi / 2), (1, cmath.pi), (3, -1.5), (0, 1), (-1, 0.5), (1, -0.0)]:
    print('rect', r, phi, cmath.rect(r, phi))
print(cmath.log(8, 2), cmath.log(100, 10), cmath.log(1j, 1j), cmath.log(-8, 2 + 1j), cmath.log(10, 0.5))
for args in [(1, 1), (0, 2), (1, 0)]:
    try:
        print(cmath.log(*args))
    except Exception as e:
        print('log', args, type(e).__name__, e)
print(cmath.isclose(1 + 1j, 1 + 1.0000000001j), cmath.isclose(1, 1.1), cmath.isclose(1j, 1.05j, rel_tol=0.1),
      cmath.isclose(0, 1e-12, abs_tol=1e-10), cmath.isclose(complex('inf'), complex('inf')), cmath.isclose(complex('inf'), 1))
for bad in [lambda: cmath.isclose(1, 2, rel_tol=-1), lambda: cmath.sqrt('x'), lambda: cmath.rect(1j, 0),
            lambda: cmath.sqrt(), lambda: cmath.exp(1000), lambda: cmath.cosh(1000 + 1j)]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
print(cmath.pi, cmath.e, cmath.tau, cmath.inf, cmath.nan, cmath.infj, cmath.nanj)
class C:
    def __complex__(self):
        return 2j
class F:
    def __float__(self):
        return 4.0
print(cmath.sqrt(C()), cmath.sqrt(F()), cmath.exp(True), cmath.sqrt(10**20), cmath.phase(-1), cmath.polar(-2))
