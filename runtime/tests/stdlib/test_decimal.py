# Differential test for the decimal module (output recorded from CPython 3.11).
import decimal
import math
import threading
from fractions import Fraction
from decimal import (Decimal, Context, getcontext, setcontext, localcontext,
                     DefaultContext, BasicContext, ExtendedContext,
                     InvalidOperation, DivisionByZero, Inexact, Rounded,
                     Overflow, Underflow, Subnormal, Clamped, FloatOperation,
                     DecimalException, ConversionSyntax, DivisionImpossible,
                     DivisionUndefined, ROUND_UP, ROUND_DOWN, ROUND_CEILING,
                     ROUND_FLOOR, ROUND_HALF_UP, ROUND_HALF_DOWN,
                     ROUND_HALF_EVEN, ROUND_05UP)

ROUNDINGS = [ROUND_UP, ROUND_DOWN, ROUND_CEILING, ROUND_FLOOR, ROUND_HALF_UP,
             ROUND_HALF_DOWN, ROUND_HALF_EVEN, ROUND_05UP]


def flags(ctx):
    return [k.__name__ for k, v in ctx.flags.items() if v]


def show(label, fn):
    try:
        r = fn()
        if isinstance(r, Decimal):
            r = repr(r)
    except Exception as e:
        r = '%s: %s' % (type(e).__name__, e)
    print(label, '->', r)


print('== construction')
for s in ['0', '-0', '1.50', '  -12.345e-3 ', '1_000_000.5', '.5', '5.', '1E+3',
          '1e-7', 'inf', '-Infinity', 'NaN', '-nan', 'sNaN', 'NaN123',
          'sNaN0045', '+1.0', '0E-1000', '\u0663.\u0661\u0664', '1e999999999',
          'abc', '1.2.3', '', ' ', 'e5', '1e', '--1', 'Inf1', '1 000',
          '0x10', '_', '1e9999999999999999999']:
    show('Decimal(%r)' % s, lambda: Decimal(s))
for v in [0, -7, 10 ** 30, 0.1, -2.5, 1e300, float('inf'), float('-inf'),
          (0, (1, 2, 3), -2), (1, (0,), 5), (0, (), 'F'), (1, (4, 2), 'n'),
          (0, (1,), 'N'), [0, [1, 0], 3], (2, (1,), 0), (0, (1, 10), 0),
          (0, (1,), 'x'), (0, (1,)), None, 1j, Decimal('3.30')]:
    show('Decimal(%r)' % (v,), lambda: Decimal(v))
show('from_float(0.1)', lambda: Decimal.from_float(0.1))
show('from_float(-0.0)', lambda: Decimal.from_float(-0.0))
show('from_float(nan)', lambda: Decimal.from_float(float('nan')))
show('from_float(5)', lambda: Decimal.from_float(5))
getcontext().clear_flags()
Decimal(0.5)
print('float construction flags', flags(getcontext()))
getcontext().clear_flags()
Decimal.from_float(0.5)
print('from_float flags', flags(getcontext()))


class MyDec(Decimal):
    pass


m = MyDec('1.25')
print(type(m).__name__, m, type(m + 1).__name__, type(MyDec.from_float(0.25)).__name__)

print('== str / repr / eng')
for s in ['123', '-123.45', '1.23E+3', '1.23E-8', '0.000001', '0.0000001', '0E+4',
          '0E-8', '123E+5', '12.3E-9', '-0.00', '1E+999999', 'NaN7', '-sNaN']:
    d = Decimal(s)
    print(s, str(d), repr(d), d.to_eng_string())
with localcontext() as c:
    c.capitals = 0
    print('capitals=0', str(Decimal('1E+10')), Decimal('1.5E-10').to_eng_string())

print('== as_tuple / ratio / int / float')
for s in ['3.14', '-0', '1E+3', 'Infinity', 'NaN', '-NaN12', 'sNaN', '0.000']:
    print(s, Decimal(s).as_tuple())
for s in ['3.14', '-2.5', '1E+3', '0', '-0.125', 'Infinity', 'NaN']:
    show('ratio ' + s, lambda: Decimal(s).as_integer_ratio())
for s in ['3.99', '-3.99', '1E+20', '-0.5', 'Infinity', 'NaN', 'sNaN']:
    show('int ' + s, lambda: int(Decimal(s)))
    show('float ' + s, lambda: float(Decimal(s)))
for s in ['2.5', '3.5', '-2.5', '2.675', '-0.4', 'NaN', '-Infinity']:
    show('round ' + s, lambda: round(Decimal(s)))
    show('round2 ' + s, lambda: round(Decimal(s), 2))
    show('round-1 ' + s, lambda: round(Decimal(s), -1))
    show('floor ' + s, lambda: math.floor(Decimal(s)))
    show('ceil ' + s, lambda: math.ceil(Decimal(s)))
    show('trunc ' + s, lambda: math.trunc(Decimal(s)))
show('round big', lambda: round(Decimal('123.456'), 30))
print(complex(Decimal('2.5')), bool(Decimal('0.00')), bool(Decimal('NaN')))
print(Decimal('1.5').real, Decimal('1.5').imag, Decimal('1.5').conjugate())

print('== hashing')
for v in [0, 1, -1, 2, 10 ** 20, -(10 ** 40) - 3, 0.5, 1.25, -0.1, 2.0 ** 70,
          1e-300, Fraction(1, 3), Fraction(-7, 8), Fraction(10 ** 30, 7)]:
    if isinstance(v, Fraction):
        with localcontext(prec=60):
            d = Decimal(v.numerator) / Decimal(v.denominator)
        exact = d == v
        print('hash', v, exact, hash(Decimal(v.numerator) / 1) == hash(v.numerator))
        continue
    d = Decimal(v)
    print('hash', repr(d)[:40], hash(d) == hash(v))
print(hash(Decimal('1.000')) == hash(1), hash(Decimal('-0')) == hash(0),
      hash(Decimal('25E-2')) == hash(Fraction(1, 4)), hash(Decimal('Infinity')),
      hash(Decimal('-Infinity')))
show('hash sNaN', lambda: hash(Decimal('sNaN')))
print({Decimal('1.0'): 'a'}[1], Decimal('0.25') in {0.25}, Decimal(2) in {Fraction(4, 2)})

print('== arithmetic table')
ops = ['add', 'subtract', 'multiply', 'divide', 'divide_int', 'remainder',
       'remainder_near', 'power', 'max', 'min', 'compare', 'quantize']
operands = [('1', '3'), ('2', '3'), ('-7', '2'), ('7.5', '-2'), ('1E+28', '1'),
            ('9999999999999999999999999999', '1'), ('0.5', '0.25'),
            ('1E-999999', '3'), ('9E+999999', '10'), ('-0', '0'), ('0', '-5'),
            ('Infinity', '-Infinity'), ('Infinity', '2'), ('NaN1', '3'),
            ('sNaN2', '1'), ('-3', 'NaN'), ('2.5', '0'), ('0', '0'),
            ('1.23456789012345678901234567890', '1E-3'), ('12345', '1E+2'),
            ('1E+30', '7'), ('-15', '4'), ('1.000', '3.0')]
for rnd in [ROUND_HALF_EVEN, ROUND_HALF_UP, ROUND_DOWN, ROUND_CEILING]:
    ctx = Context(prec=28, rounding=rnd, traps=[])
    for op in ops:
        for a, b in operands:
            ctx.clear_flags()
            try:
                r = str(getattr(ctx, op)(Decimal(a), Decimal(b)))
            except Exception as e:
                r = type(e).__name__
            print(rnd[6:], op, a, b, '=', r, flags(ctx))

print('== rounding ties')
ties = ['0.5', '1.5', '2.5', '-0.5', '-1.5', '-2.5', '1.25', '1.35', '-1.45',
        '1.51', '0.05', '9.95', '0.15', '-0.04']
for rnd in ROUNDINGS:
    row = []
    for t in ties:
        row.append(str(Decimal(t).quantize(Decimal('0.1') if '.' in t[2:] or len(t) > 4 else Decimal(1), rounding=rnd)))
    row.append(str(Context(prec=2, rounding=rnd).plus(Decimal('1.25'))))
    row.append(str(Context(prec=2, rounding=rnd).plus(Decimal('-1.251'))))
    print(rnd, row)

print('== limits and subnormals')
small = Context(prec=3, Emin=-5, Emax=5, traps=[])
for s in ['1.23E-5', '1.23E-6', '1.25E-7', '9E-8', '5E-8', '4E-8', '9.995E+5',
          '1E+6', '123456', '-9.999E+5', '0.000001234']:
    small.clear_flags()
    r = small.plus(Decimal(s))
    print('small plus', s, r, flags(small), r.is_subnormal(small), r.is_normal(small),
          r.number_class(small))
for rnd in ROUNDINGS:
    c = Context(prec=3, Emin=-5, Emax=5, rounding=rnd, traps=[])
    print('overflow', rnd, c.multiply(Decimal('9E+5'), Decimal(10)),
          c.multiply(Decimal('-9E+5'), Decimal(10)), flags(c))
clamp = Context(prec=3, Emin=-5, Emax=5, clamp=1, traps=[])
print('clamp', clamp.plus(Decimal('1E+5')), clamp.plus(Decimal('0E+9')), flags(clamp))
print('Etiny', small.Etiny(), 'Etop', small.Etop())
show('trap overflow', lambda: Decimal('9E+999999') * 10)
show('trap divzero', lambda: Decimal(1) / 0)
show('trap divundef', lambda: Decimal(0) / 0)
show('trap invalid', lambda: Decimal('Infinity') - Decimal('Infinity'))
show('trap divmod', lambda: divmod(Decimal(1), 0))
show('trap mod0', lambda: Decimal(5) % 0)
show('trap impossible', lambda: Decimal('1E+40') // Decimal('0.1'))
show('trap sNaN', lambda: Decimal('sNaN') + 1)
try:
    Decimal(1) / 0
except ZeroDivisionError as e:
    print('is ZeroDivisionError', type(e).__name__, isinstance(e, ArithmeticError))
try:
    Decimal('xyz')
except InvalidOperation as e:
    print('args', e.args, e.args[0][0] is ConversionSyntax)
with localcontext() as c:
    c.traps[Inexact] = True
    c.traps[Rounded] = True
    show('inexact+rounded', lambda: Decimal(1) / 3)
    show('overflow all', lambda: Decimal('9E+999999') * 10)
    print(c)
with localcontext(traps=[FloatOperation]) as c:
    show('float lt', lambda: Decimal(1) < 1.5)
    show('float eq', lambda: Decimal(1) == 1.0)
    show('float ctor', lambda: Decimal(1.5))
    print('flags', flags(c))

print('== operators')
a = Decimal('7.25')
b = Decimal('-2')
for name, fn in [('+', lambda: a + b), ('-', lambda: a - b), ('*', lambda: a * b),
                 ('/', lambda: a / b), ('//', lambda: a // b), ('%', lambda: a % b),
                 ('divmod', lambda: divmod(a, b)), ('**', lambda: a ** 2),
                 ('** neg', lambda: Decimal(2) ** -3), ('rpow', lambda: 2 ** Decimal('0.5')),
                 ('pow3', lambda: Decimal(3).__pow__(200, 1000007)),
                 ('pow3 neg', lambda: Decimal(-3).__pow__(3, 7)),
                 ('pow3 ctx', lambda: getcontext().power(Decimal(5), 117, 1009)),
                 ('pow3 bad', lambda: getcontext().power(Decimal('5.5'), 2, 7)),
                 ('radd', lambda: 3 + a), ('rsub', lambda: 3 - a), ('rdiv', lambda: 1 / a),
                 ('rfloordiv', lambda: 100 // a), ('rmod', lambda: 100 % a),
                 ('neg', lambda: -a), ('pos', lambda: +Decimal('1.00000000000000000000000000001')),
                 ('abs', lambda: abs(b)), ('neg0', lambda: -Decimal('0')),
                 ('-7 // 2', lambda: Decimal(-7) // 2), ('-7 % 2', lambda: Decimal(-7) % 2),
                 ('float+', lambda: a + 1.5), ('+float', lambda: 1.5 + a),
                 ('str+', lambda: a + 'x'), ('None*', lambda: a * None),
                 ('2.0**2', lambda: Decimal('2.0') ** 2), ('2.0**-2', lambda: Decimal('2.0') ** -2),
                 ('10**30', lambda: Decimal(10) ** 30), ('0**0', lambda: Decimal(0) ** 0),
                 ('0**-1', lambda: Decimal(0) ** -1), ('-2**0.5', lambda: Decimal(-2) ** Decimal('0.5')),
                 ('inf**-1', lambda: Decimal('Infinity') ** -1), ('-inf**3', lambda: Decimal('-Infinity') ** 3),
                 ('2**0.5', lambda: Decimal(2) ** Decimal('0.5')), ('3**1.7', lambda: Decimal(3) ** Decimal('1.7')),
                 ('1.5**-2.25', lambda: Decimal('1.5') ** Decimal('-2.25')),
                 ('1**inf', lambda: Decimal(1) ** Decimal('Infinity')),
                 ('0.5**inf', lambda: Decimal('0.5') ** Decimal('Infinity')),
                 ('2**-inf', lambda: Decimal(2) ** Decimal('-Infinity')),
                 ('1.0001**10000', lambda: Decimal('1.0001') ** 10000),
                 ('big pow', lambda: Decimal('1.1') ** 123456),
                 ('7**-20', lambda: Decimal(7) ** -20)]:
    getcontext().clear_flags()
    show(name, fn)
getcontext().clear_flags()

print('== comparisons')
vals = [Decimal('1'), Decimal('1.0'), Decimal('-0'), Decimal('0'), Decimal('2.5'),
        Decimal('-Infinity'), Decimal('Infinity')]
for x in vals:
    print(x, [x < y for y in vals], [x == y for y in vals])
print(Decimal('0.5') == 0.5, Decimal('0.1') == 0.1, Decimal('0.1') < 0.1,
      Decimal(1) == Fraction(1), Decimal('0.5') < Fraction(2, 3),
      Decimal('0.75') == Fraction(3, 4), Decimal(1) == 1 + 0j, Decimal(1) == 1j,
      Decimal(3) > 2, 2 < Decimal('2.01'), Decimal(1) == 'x', Decimal(1) != None)
with localcontext(traps=[]) as c:
    print(Decimal('NaN') < 1, Decimal('NaN') == Decimal('NaN'), Decimal('NaN') != 1,
          flags(c))
show('nan lt', lambda: Decimal('NaN') < 1)
show('snan eq', lambda: Decimal('sNaN') == 1)
print(sorted([Decimal('3'), 1, Decimal('-2.5'), 2.25, Fraction(1, 2)]))
print(max(Decimal('1.0'), Decimal(1)), min(Decimal(2), Decimal('2.00')))

print('== methods')
d = Decimal('-123.4500')
unary = ['sqrt', 'exp', 'ln', 'log10', 'logb', 'normalize', 'next_plus', 'next_minus',
         'to_integral_value', 'to_integral_exact', 'adjusted', 'copy_abs',
         'copy_negate', 'is_nan', 'is_finite', 'is_infinite', 'is_zero', 'is_signed',
         'is_normal', 'is_subnormal', 'is_qnan', 'is_snan', 'number_class',
         'canonical', 'is_canonical', 'to_eng_string', 'radix', 'logical_invert']
samples = ['2', '-123.4500', '0.0001', '100', '1E+10', '-0', '0.00', '1', '0.5',
           '10', '1E-1000', 'Infinity', '-Infinity', 'NaN', '123456789.987654321',
           '1.0001', '0.999', '1E+100', '101', '1.00', '-0.5', '16.0000']
for meth in unary:
    row = []
    for s in samples:
        with localcontext(traps=[]) as c:
            try:
                r = getattr(Decimal(s), meth)()
            except Exception as e:
                r = type(e).__name__
            row.append('%s%s' % (r, '!' + ''.join(f[:2] for f in flags(c)) if flags(c) else ''))
    print(meth, ' '.join(row))
binary = ['compare', 'compare_signal', 'compare_total', 'compare_total_mag', 'copy_sign',
          'max', 'min', 'max_mag', 'min_mag', 'next_toward', 'remainder_near',
          'same_quantum', 'quantize', 'scaleb', 'rotate', 'shift', 'logical_and',
          'logical_or', 'logical_xor']
pairs = [('1', '2'), ('2.50', '2.5'), ('-1', '1'), ('-0', '0'), ('7', '-3'), ('1.23', '1E-1'),
         ('NaN', '1'), ('1', 'NaN'), ('sNaN', '1'), ('Infinity', '1'), ('1101', '110'),
         ('123456789', '2'), ('123456789', '-3'), ('10', '3'), ('11', '3'), ('-NaN5', 'NaN3'),
         ('5', '5.0'), ('-5', '-5.0'), ('0.1', '0.01')]
for meth in binary:
    row = []
    for x, y in pairs:
        with localcontext(traps=[]) as c:
            try:
                r = getattr(Decimal(x), meth)(Decimal(y))
            except Exception as e:
                r = type(e).__name__
            row.append('%s%s' % (r, '!' + ''.join(f[:2] for f in flags(c)) if flags(c) else ''))
    print(meth, ' '.join(row))
print('fma', Decimal(2).fma(3, 5), Decimal('1E+28').fma(Decimal('1E+28'), -1),
      Decimal('Infinity').fma(0, 1) if False else '')
with localcontext(traps=[]) as c:
    print('fma inf*0', Decimal('Infinity').fma(0, 1), flags(c))
print(Decimal('3.14159').quantize(Decimal('0.01'), rounding=ROUND_UP),
      Decimal('-3.145').quantize(Decimal('0.01'), ROUND_HALF_DOWN),
      Decimal('7').quantize(Decimal('1E+1')))
show('quantize too many', lambda: Decimal('1E+30').quantize(Decimal('0.01')))
show('quantize bad rounding', lambda: Decimal(1).quantize(Decimal(1), rounding='nope'))
show('quantize float', lambda: Decimal(1).quantize(0.1))
print(Decimal('2.345').to_integral_value(ROUND_HALF_DOWN), Decimal('2.5').to_integral(),
      Decimal('-2.7').to_integral_exact(ROUND_FLOOR))
for p in [9, 28, 50]:
    with localcontext(prec=p):
        print(p, Decimal(2).sqrt(), Decimal(2).ln(), Decimal(1).exp(), Decimal(7).log10(),
              Decimal('0.5').exp(), Decimal('-5').exp(), Decimal('1E-10').ln())
with localcontext(prec=28, traps=[]) as c:
    print(Decimal('1E+100').ln(), Decimal('1.0000000001').ln(), Decimal('0.9999999').log10(),
          Decimal('-1E-30').exp(), Decimal('230').exp(), Decimal('-230').exp())
    print(Decimal('2302586').exp(), flags(c))
    c.clear_flags()
    print(Decimal('-2302600').exp(), flags(c))

print('== formatting')
fmt_vals = ['0', '-0', '1234567.891', '-0.000123456', '1E+10', '123456', '0.5',
            '2.675', '-1.5', '1E-10', '99.999', 'Infinity', '-NaN', '12.3400']
specs = ['', 'f', '.2f', '.0f', 'e', '.3e', 'E', 'g', '.3g', '.2', 'G', '%', '.1%',
         ',', ',.2f', '_.3f', '>12', '<12.2f', '^14.3', '=+12.2f', '*^15,.1f',
         '012.2f', '012,.2f', '+', ' .3f', '#.0f', 'z.1f', 'n', '.3n', '020,.3f',
         '#g', '.0e', '.0%']
for s in fmt_vals:
    row = []
    for sp in specs:
        try:
            row.append(format(Decimal(s), sp))
        except Exception as e:
            row.append(type(e).__name__)
    print(s, '|'.join(row))
show('bad spec', lambda: format(Decimal(1), 'x'))
show('bad spec 2', lambda: format(Decimal(1), '.f'))
x = Decimal('1234.5678')
print(f'{x:,.2f} {x:.6} {x:e} {x:>15} {x!r} {x!s}')
with localcontext(rounding=ROUND_DOWN):
    print('format uses context rounding', format(Decimal('2.675'), '.2f'))

print('== context')
c = getcontext()
print(repr(c))
print(repr(BasicContext))
print(repr(ExtendedContext))
print(c.flags)
print(Context(prec=5, rounding=ROUND_UP, Emin=-9, Emax=9, capitals=0, clamp=1,
              flags=[Inexact], traps=[Overflow, FloatOperation]))
print(Context(traps={s: s is Clamped for s in c.traps}))
for bad in [dict(prec=0), dict(prec='x'), dict(rounding='nope'), dict(Emin=1),
            dict(Emax=-1), dict(capitals=2), dict(clamp=5), dict(flags=[KeyError]),
            dict(traps={Inexact: True})]:
    show('Context(%s)' % bad, lambda: Context(**bad))
show('flags[str]', lambda: c.flags['x'])
show('localcontext bad', lambda: localcontext(foo=1))
cc = c.copy()
cc.prec = 3
print(c.prec, cc.prec, cc.Etiny(), cc.Etop())
print(cc.add(1, 2), cc.divide(1, 3), cc.create_decimal('3.14159'), cc.power(2, 10),
      cc.sqrt(Decimal(10)), cc.multiply(Decimal('1.5'), 3), cc.subtract(5, '1') if False else '',
      cc.create_decimal_from_float(0.1), cc.abs(-4), cc.minus(4), cc.plus(Decimal('1.2345')),
      cc.to_sci_string(Decimal('1E+7')), cc.to_eng_string(Decimal('1E+7')),
      cc.compare(1, 2), cc.is_zero(0), cc.exp(1), cc.ln(10), cc.log10(100), cc.normalize(Decimal('1.200')),
      cc.quantize(Decimal('2.5555'), Decimal('0.01')), cc.remainder(10, 3), cc.divide_int(10, 3),
      cc.divmod(10, 3), cc.fma(2, 3, 4), cc.next_toward(1, 2), cc.max(1, 2), cc.min_mag(-1, 2),
      cc.same_quantum(Decimal('1.0'), Decimal('2.0')), cc.logb(Decimal(1000)), cc.scaleb(1, 3),
      cc.copy_sign(1, -2), cc.number_class(Decimal('0')), cc.radix())
show('ctx add float', lambda: cc.add(1.5, 1))
show('ctx create nan payload', lambda: cc.create_decimal('NaN12345'))
show('ctx create bad', lambda: cc.create_decimal('oops'))
cc.clear_flags()
cc.divide(1, 3)
print(flags(cc))
cc.flags[Overflow] = True
cc.traps[Inexact] = True
print(cc)
cc.clear_traps()
print(cc)
with localcontext(prec=5, rounding=ROUND_DOWN) as lc:
    print(lc.prec, lc.rounding, Decimal(2) / 3, getcontext() is lc)
print(getcontext().prec, Decimal(2) / 3)
with localcontext(BasicContext) as lc:
    print(lc.prec, Decimal(2) / 3)
saved = getcontext()
setcontext(ExtendedContext)
print(getcontext() is ExtendedContext, getcontext().prec, Decimal(1) / 0)
setcontext(saved)
print(getcontext() is saved)
print(decimal.MAX_PREC, decimal.MAX_EMAX, decimal.MIN_EMIN, decimal.MIN_ETINY,
      decimal.HAVE_THREADS)
print(decimal.ROUND_HALF_EVEN, decimal.DecimalTuple(1, (2,), 3))
print([cls.__name__ for cls in DivisionByZero.__mro__])
print([cls.__name__ for cls in Underflow.__mro__])
print([cls.__name__ for cls in FloatOperation.__mro__])
print(issubclass(DivisionUndefined, ZeroDivisionError), issubclass(ConversionSyntax, InvalidOperation),
      issubclass(DivisionImpossible, DecimalException))
import copy
print(copy.copy(Decimal('1.5')), copy.deepcopy(Decimal('-0')), Decimal('12.50').__reduce__())

print('== threads')
results = {}
errors = []


def worker(n, prec):
    try:
        out = []
        with localcontext(prec=prec) as ctx:
            for i in range(30):
                out.append(str(Decimal(1) / Decimal(7 + i % 3)))
                out.append(str(Decimal(2).sqrt()))
                if getcontext().prec != prec:
                    errors.append('prec changed in thread %d' % n)
            ctx.clear_flags()
        results[n] = (getcontext().prec, sorted(set(out)))
    except Exception as e:
        errors.append(repr(e))


threads = [threading.Thread(target=worker, args=(i, p)) for i, p in enumerate([5, 12, 20, 40])]
for t in threads:
    t.start()
for t in threads:
    t.join()
print('errors', errors)
for n in sorted(results):
    print(n, results[n])
print('main prec', getcontext().prec, Decimal(1) / 7)
