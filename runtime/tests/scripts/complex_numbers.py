# complex: literals, construction, arithmetic, text, hashing, errors.
def show(label, f):
    try:
        r = f()
        print(label, repr(r))
    except Exception as e:
        print(label, type(e).__name__, e)

vals = [1j, 2.5J, 1e3j, 0j, -0j, 1 + 2j, 1 - 2j, -1 - 1j, 3.25 + 0j]
for v in vals:
    print(repr(v), str(v), v.real, v.imag, v.conjugate(), bool(v), abs(v))

print(complex(), complex(1), complex(1.5), complex(1, 2), complex(1.5, -2.5))
print(complex(-0.0, -0.0), complex(0.0, -0.0), complex(-0.0, 0.0))
print(complex(1j, 1j), complex(1 + 2j, 3), complex(2, 1j), complex(True, False))
print(complex(real=3, imag=4), complex(imag=2), complex(10**20, 2))
for s in ['1+2j', ' (1-2j) ', '2j', '-j', '+j', 'j', '1e3+1e-3j', '-1.5e+2-2.5E-1J',
          'inf+nanj', 'infj', '-infj', 'nan', '1_000+2_0j', '3', '(  4.5  )', '1e5j']:
    show('complex(%r)' % s, lambda: complex(s))
for s in ['1+', '1 + 2j', '(1+2j', 'j1', '1+2', '', '()', '1jj', 'abc', '1++2j']:
    show('complex(%r)' % s, lambda: complex(s))
show('str second', lambda: complex(1, '2'))
show('str first with second', lambda: complex('1', 2))
show('list', lambda: complex([]))
show('second list', lambda: complex(1, []))
show('None', lambda: complex(None))

class WithComplex:
    def __complex__(self):
        return 3 + 4j
class BadComplex:
    def __complex__(self):
        return 5.0
class WithFloat:
    def __float__(self):
        return 2.5
class WithIndex:
    def __index__(self):
        return 7
print(complex(WithComplex()), complex(WithFloat()), complex(WithIndex()), complex(WithFloat(), WithIndex()))
show('bad __complex__', lambda: complex(BadComplex()))

class MyComplex(complex):
    def double(self):
        return self * 2
m = MyComplex(1, 2)
print(type(m).__name__, m, m.double(), m.real, isinstance(m, complex), m == 1 + 2j, hash(m) == hash(1 + 2j))
print(type(complex.__new__(MyComplex, 5)).__name__, complex.__new__(MyComplex, '1+1j'))
z = 1 + 2j
print(complex(z) is z)

# arithmetic
ops = [(1 + 2j, 3 - 4j), (2, 1j), (1j, 2.5), (0.5, -1j), (-3j, -3), (10**20, 1j), (True, 2j)]
for a, b in ops:
    print(a + b, a - b, a * b, a / b, b + a, b - a, b * a)
print(-(1 + 2j), +(1 + 2j), -(0j), -(1 - 0j))
print((1 + 2j) ** 2, (1 + 2j) ** -2, (2j) ** 0.5, 2 ** 1j, (1 + 1j) ** (1 + 1j), 0j ** 0, 0j ** 2.5, (1j) ** 101)
print(pow(1 + 1j, 3), (3 + 4j) ** 0, abs(3 + 4j), abs(-5j), abs(complex('nan+infj')))
print(1e308j * 10, (1 + 1j) / (1e-320 + 0j) if False else 'skip')
print((1 + 2j) / (3 + 4j), (1 + 2j) / 2, 5 / (1 + 2j), (1e300 + 1e300j) / (1e300 + 1e300j))
show('div zero', lambda: (1 + 2j) / 0)
show('div zero c', lambda: 1 / 0j)
show('div zero f', lambda: 1.5 / (0 + 0j))
show('zero neg pow', lambda: 0j ** -1)
show('zero complex pow', lambda: 0j ** 1j)
show('overflow pow', lambda: (1e200 + 1e200j) ** 2)
show('floordiv', lambda: (1 + 2j) // 2)
show('mod', lambda: (1 + 2j) % 2)
show('rmod', lambda: 2 % (1 + 2j))
show('divmod', lambda: divmod(1j, 2))
show('lshift', lambda: 1j << 1)
show('lt', lambda: 1j < 2)
show('gt', lambda: 1j > 2j)
show('le float', lambda: 2.0 <= 1j)
show('int', lambda: int(1j))
show('float', lambda: float(1j))
show('str concat', lambda: 1j + 'a')
show('mul list', lambda: [1] * 1j)

# equality and hashing
print(1 + 0j == 1, 1 == 1 + 0j, 1.5 + 0j == 1.5, 1j == 1, 1j != 1j, 2j == 2j, (1 + 0j) != 1.0)
print(10**20 + 0j == 10**20, 10**20 + 1 + 0j == 10**20 + 1, complex('nan') == complex('nan'))
print(hash(1 + 0j) == hash(1), hash(2.5 + 0j) == hash(2.5), hash(0j), hash(1j), hash(1 + 2j), hash(-1 - 1j), hash(3.5 - 7.25j))
print(hash(complex(-1, 0)), hash(complex(1e300, 1e-300)))
d = {1: 'int', 1 + 0j: 'complex', 2j: 'two-j'}
print(d, {1j, 1j, 2, 2 + 0j})

# formatting
z = 3.14159 + 2.71828j
for spec in ['', '.2f', '10.3f', '<30', '^30', '>30', '*^30.1e', '+.3g', ' .2f', 'g', 'G', 'e', 'E', 'F', 'n', '.0f', '#.0f', ',.2f', '_', 'z.1f', '.3', '15']:
    print(repr(spec), repr(format(z, spec)), repr(format(-z, spec)), repr(format(2j, spec)), repr(format(-0.0 - 0j, spec)))
print(f'{1+2j}', f'{1+2j!r}', f'{1.5j:>10}', f'{1234567.5+8j:,}', '{:.1f}'.format(1 - 1j), '%s %r' % (1j, 2 - 1j))
for spec in ['=10', '010', '0<12', '%', 'd', 'x', 's', 'c']:
    show('format %r' % spec, lambda: format(3 + 4j, spec))
print(repr(complex(1e16, 1e-5)), repr(complex(123456789012345678, 0.1)), complex(float('inf'), float('-inf')), complex(float('-nan'), 1))
print(str(complex(-0.0, 0.0)), str(complex(0.0, -0.0)), repr(complex(-0.0, -0.0)), repr(1e-7j), repr(1e22j))

# methods and attributes
print((1 + 2j).__complex__(), (3j).__getnewargs__(), (5).real, (5).imag, (5).conjugate(), (2.5).real, (2.5).imag, (2.5).conjugate(), True.imag)
print(sum([1j, 2, 3.5, 1 + 1j]), [x * 1j for x in range(3)], sorted([3j, 1j], key=abs))
print(isinstance(1j, complex), type(1j), type(1j).__name__, complex.__name__)
