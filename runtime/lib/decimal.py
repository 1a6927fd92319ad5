"""Decimal fixed and floating point arithmetic (Weft implementation).

Numbers are kept as a sign, an integer coefficient and a power-of-ten
exponent; every operation works on exact integers and then rounds once
to the precision of the active context, following the General Decimal
Arithmetic specification as CPython 3.11's decimal module does.
"""

import math as _math
import _thread
import numbers as _numbers
from collections import namedtuple as _namedtuple

__version__ = '1.70'
__libmpdec_version__ = '2.5.1'

__all__ = [
    'Decimal', 'Context', 'DecimalTuple',
    'DefaultContext', 'BasicContext', 'ExtendedContext',
    'DecimalException', 'Clamped', 'InvalidOperation', 'DivisionByZero',
    'Inexact', 'Rounded', 'Subnormal', 'Overflow', 'Underflow',
    'FloatOperation', 'DivisionImpossible', 'InvalidContext',
    'ConversionSyntax', 'DivisionUndefined',
    'ROUND_DOWN', 'ROUND_HALF_UP', 'ROUND_HALF_EVEN', 'ROUND_CEILING',
    'ROUND_FLOOR', 'ROUND_UP', 'ROUND_HALF_DOWN', 'ROUND_05UP',
    'setcontext', 'getcontext', 'localcontext',
    'MAX_PREC', 'MAX_EMAX', 'MIN_EMIN', 'MIN_ETINY',
    'HAVE_THREADS', 'HAVE_CONTEXTVAR',
]

MAX_PREC = 999999999999999999
MAX_EMAX = 999999999999999999
MIN_EMIN = -999999999999999999
MIN_ETINY = MIN_EMIN - (MAX_PREC - 1)
HAVE_THREADS = True
# The active context lives in thread-local storage; Weft has no contextvars.
HAVE_CONTEXTVAR = False

# rounding modes, alphabetically
ROUND_05UP = 'ROUND_05UP'
ROUND_CEILING = 'ROUND_CEILING'
ROUND_DOWN = 'ROUND_DOWN'
ROUND_FLOOR = 'ROUND_FLOOR'
ROUND_HALF_DOWN = 'ROUND_HALF_DOWN'
ROUND_HALF_EVEN = 'ROUND_HALF_EVEN'
ROUND_HALF_UP = 'ROUND_HALF_UP'
ROUND_UP = 'ROUND_UP'
_ROUNDINGS = (ROUND_UP, ROUND_DOWN, ROUND_CEILING, ROUND_FLOOR,
              ROUND_HALF_UP, ROUND_HALF_DOWN, ROUND_HALF_EVEN, ROUND_05UP)

try:
    import sys as _sys
    _MODULUS = _sys.hash_info.modulus
    _HASH_INF = _sys.hash_info.inf
except Exception:
    _MODULUS = 2 ** 61 - 1
    _HASH_INF = 314159
_HASH_10INV = pow(10, _MODULUS - 2, _MODULUS)


# ---------------------------------------------------------------- signals

class DecimalException(ArithmeticError):
    pass

class Clamped(DecimalException):
    pass

class InvalidOperation(DecimalException):
    pass

class ConversionSyntax(InvalidOperation):
    pass

class DivisionByZero(DecimalException, ZeroDivisionError):
    pass

class DivisionImpossible(InvalidOperation):
    pass

class DivisionUndefined(InvalidOperation, ZeroDivisionError):
    pass

class Inexact(DecimalException):
    pass

class InvalidContext(InvalidOperation):
    pass

class Rounded(DecimalException):
    pass

class Subnormal(DecimalException):
    pass

class Overflow(Inexact, Rounded):
    pass

class Underflow(Inexact, Rounded, Subnormal):
    pass

class FloatOperation(DecimalException, TypeError):
    pass


# Condition bits, in the order the context repr lists them.
_S_CLAMPED = 1
_S_CONV = 2
_S_DIVZERO = 4
_S_DIVIMP = 8
_S_DIVUNDEF = 16
_S_FPU = 32
_S_INEXACT = 64
_S_INVCTX = 128
_S_INVOP = 256
_S_MALLOC = 512
_S_FLOATOP = 1024
_S_OVERFLOW = 2048
_S_ROUNDED = 4096
_S_SUBNORMAL = 8192
_S_UNDERFLOW = 16384
_S_INVALID_ALL = (_S_CONV | _S_DIVIMP | _S_DIVUNDEF | _S_FPU | _S_INVCTX |
                  _S_INVOP | _S_MALLOC)

# Public signals with the bits they stand for, in CPython's signal order.
_SIGNALS = (
    (InvalidOperation, _S_INVALID_ALL),
    (FloatOperation, _S_FLOATOP),
    (DivisionByZero, _S_DIVZERO),
    (Overflow, _S_OVERFLOW),
    (Underflow, _S_UNDERFLOW),
    (Subnormal, _S_SUBNORMAL),
    (Inexact, _S_INEXACT),
    (Rounded, _S_ROUNDED),
    (Clamped, _S_CLAMPED),
)
_SIGNAL_BITS = dict(_SIGNALS)
_CONDITIONS = (
    (InvalidOperation, _S_INVOP),
    (ConversionSyntax, _S_CONV),
    (DivisionImpossible, _S_DIVIMP),
    (DivisionUndefined, _S_DIVUNDEF),
    (InvalidContext, _S_INVCTX),
)
_BIT_NAMES = (
    (_S_CLAMPED, 'Clamped'), (_S_CONV, 'InvalidOperation'),
    (_S_DIVZERO, 'DivisionByZero'), (_S_DIVIMP, 'InvalidOperation'),
    (_S_DIVUNDEF, 'InvalidOperation'), (_S_FPU, 'InvalidOperation'),
    (_S_INEXACT, 'Inexact'), (_S_INVCTX, 'InvalidOperation'),
    (_S_INVOP, 'InvalidOperation'), (_S_MALLOC, 'InvalidOperation'),
    (_S_FLOATOP, 'FloatOperation'), (_S_OVERFLOW, 'Overflow'),
    (_S_ROUNDED, 'Rounded'), (_S_SUBNORMAL, 'Subnormal'),
    (_S_UNDERFLOW, 'Underflow'),
)

_SIGNAL_KEY_MSG = ('valid values for signals are:\n'
                   '  [InvalidOperation, FloatOperation, DivisionByZero,\n'
                   '   Overflow, Underflow, Subnormal, Inexact, Rounded,\n'
                   '   Clamped]')


def _bits_names(mask):
    names = []
    for bit, name in _BIT_NAMES:
        if mask & bit and name not in names:
            names.append(name)
    return names


class SignalDict:
    """A live view of a context's flags or traps keyed by signal class."""

    __slots__ = ('_ctx', '_which')

    def __init__(self, ctx, which):
        self._ctx = ctx
        self._which = which

    def _mask(self):
        return self._ctx._flags if self._which == 'f' else self._ctx._traps

    def _set_mask(self, value):
        if self._which == 'f':
            self._ctx._flags = value
        else:
            self._ctx._traps = value

    def __getitem__(self, key):
        bit = _SIGNAL_BITS.get(key) if isinstance(key, type) else None
        if bit is None:
            raise KeyError(_SIGNAL_KEY_MSG)
        return bool(self._mask() & bit)

    def __setitem__(self, key, value):
        bit = _SIGNAL_BITS.get(key) if isinstance(key, type) else None
        if bit is None:
            raise KeyError(_SIGNAL_KEY_MSG)
        if value:
            self._set_mask(self._mask() | bit)
        else:
            self._set_mask(self._mask() & ~bit)

    def __delitem__(self, key):
        raise ValueError('signal keys cannot be deleted')

    def __contains__(self, key):
        return key in _SIGNAL_BITS

    def __iter__(self):
        return iter([s for s, _ in _SIGNALS])

    def __len__(self):
        return len(_SIGNALS)

    def keys(self):
        return [s for s, _ in _SIGNALS]

    def values(self):
        m = self._mask()
        return [bool(m & b) for _, b in _SIGNALS]

    def items(self):
        m = self._mask()
        return [(s, bool(m & b)) for s, b in _SIGNALS]

    def get(self, key, default=None):
        if key in _SIGNAL_BITS:
            return self[key]
        return default

    def copy(self):
        return dict(self.items())

    def __eq__(self, other):
        if isinstance(other, SignalDict):
            return self._mask() == other._mask()
        if isinstance(other, dict):
            return dict(self.items()) == other
        return NotImplemented

    def __repr__(self):
        return '{' + ', '.join('%r:%r' % kv for kv in self.items()) + '}'


SignalDict.__module__ = 'abc'


def _mask_from(value, what):
    """Turn a list of signals or a signal dict into a condition mask."""
    mask = 0
    if isinstance(value, SignalDict):
        return value._mask()
    if isinstance(value, dict):
        if len(value) != len(_SIGNALS) or any(k not in _SIGNAL_BITS for k in value):
            raise KeyError('invalid signal dict')
        for k, v in value.items():
            if v:
                mask |= _SIGNAL_BITS[k]
        return mask
    for sig in value:
        bit = _SIGNAL_BITS.get(sig) if isinstance(sig, type) else None
        if bit is None:
            raise KeyError(_SIGNAL_KEY_MSG)
        mask |= bit
    return mask


# ---------------------------------------------------------------- context

def _bounded_setting(slot, lowest, highest, message):
    """A Context attribute kept in `slot`: an int from lowest to highest,
    with CPython's TypeError and ValueError otherwise."""
    def store(self, value):
        if not isinstance(value, int):
            raise TypeError('an integer is required')
        if not lowest <= value <= highest:
            raise ValueError(message)
        setattr(self, slot, value)
    return property(lambda self: getattr(self, slot), store)


class Context(object):
    """Arithmetic settings: precision, rounding, exponent limits, flags, traps."""

    def __init__(self, prec=None, rounding=None, Emin=None, Emax=None,
                 capitals=None, clamp=None, flags=None, traps=None):
        try:
            base = DefaultContext
        except NameError:
            base = None
        if base is not None:
            self._prec = base._prec
            self._rounding = base._rounding
            self._emin = base._emin
            self._emax = base._emax
            self._capitals = base._capitals
            self._clamp = base._clamp
            self._traps = base._traps
        else:
            self._prec = 28
            self._rounding = ROUND_HALF_EVEN
            self._emin = -999999
            self._emax = 999999
            self._capitals = 1
            self._clamp = 0
            self._traps = _S_INVALID_ALL | _S_DIVZERO | _S_OVERFLOW
        self._flags = 0
        if prec is not None:
            self.prec = prec
        if rounding is not None:
            self.rounding = rounding
        if Emin is not None:
            self.Emin = Emin
        if Emax is not None:
            self.Emax = Emax
        if capitals is not None:
            self.capitals = capitals
        if clamp is not None:
            self.clamp = clamp
        if traps is not None:
            self._traps = _mask_from(traps, 'traps')
        if flags is not None:
            self._flags = _mask_from(flags, 'flags')

    # -- attributes with validation
    prec = _bounded_setting('_prec', 1, MAX_PREC,
                            'valid range for prec is [1, MAX_PREC]')
    Emin = _bounded_setting('_emin', MIN_EMIN, 0,
                            'valid range for Emin is [MIN_EMIN, 0]')
    Emax = _bounded_setting('_emax', 0, MAX_EMAX,
                            'valid range for Emax is [0, MAX_EMAX]')
    capitals = _bounded_setting('_capitals', 0, 1,
                                'valid values for capitals are 0 or 1')
    clamp = _bounded_setting('_clamp', 0, 1,
                             'valid values for clamp are 0 or 1')

    def _get_rounding(self):
        return self._rounding

    def _set_rounding(self, value):
        if value not in _ROUNDINGS:
            raise TypeError('valid values for rounding are:\n'
                            '  [ROUND_CEILING, ROUND_FLOOR, ROUND_UP, ROUND_DOWN,\n'
                            '   ROUND_HALF_UP, ROUND_HALF_DOWN, ROUND_HALF_EVEN,\n'
                            '   ROUND_05UP]')
        for r in _ROUNDINGS:
            if r == value:
                value = r
        self._rounding = value

    rounding = property(_get_rounding, _set_rounding)

    def _get_flags(self):
        return SignalDict(self, 'f')

    def _set_flags(self, value):
        self._flags = _mask_from(value, 'flags')

    flags = property(_get_flags, _set_flags)

    def _get_traps(self):
        return SignalDict(self, 't')

    def _set_traps(self, value):
        self._traps = _mask_from(value, 'traps')

    traps = property(_get_traps, _set_traps)

    def __repr__(self):
        return ('Context(prec=%d, rounding=%s, Emin=%d, Emax=%d, capitals=%d, '
                'clamp=%d, flags=[%s], traps=[%s])' % (
                    self._prec, self._rounding, self._emin, self._emax,
                    self._capitals, self._clamp,
                    ', '.join(_bits_names(self._flags)),
                    ', '.join(_bits_names(self._traps))))

    def Etiny(self):
        return self._emin - self._prec + 1

    def Etop(self):
        return self._emax - self._prec + 1

    def clear_flags(self):
        self._flags = 0

    def clear_traps(self):
        self._traps = 0

    def copy(self):
        c = Context.__new__(Context)
        c._prec = self._prec
        c._rounding = self._rounding
        c._emin = self._emin
        c._emax = self._emax
        c._capitals = self._capitals
        c._clamp = self._clamp
        c._flags = self._flags
        c._traps = self._traps
        return c

    __copy__ = copy

    def __reduce__(self):
        return (self.__class__, (self._prec, self._rounding, self._emin,
                                 self._emax, self._capitals, self._clamp,
                                 [s for s, b in _SIGNALS if self._flags & b],
                                 [s for s, b in _SIGNALS if self._traps & b]))

    def _apply(self, status):
        """Record conditions in the flags and raise the first trapped one."""
        self._flags |= status
        trapped = status & self._traps
        if trapped:
            cls = None
            for sig, bits in _SIGNALS:
                if trapped & bits:
                    cls = sig
                    break
            listed = []
            for cond, bit in _CONDITIONS:
                if trapped & bit:
                    listed.append(cond)
            for sig, bits in _SIGNALS[1:]:
                if trapped & bits:
                    listed.append(sig)
            raise cls(listed)

    def _raise_error(self, condition, explanation=None, *args):
        bit = _SIGNAL_BITS.get(condition)
        if bit is None:
            for cond, b in _CONDITIONS:
                if cond is condition:
                    bit = b
        self._apply(bit or _S_INVOP)

    # -- context versions of the operations
    def create_decimal(self, num='0'):
        if isinstance(num, float):
            st = [_S_FLOATOP]
            d = Decimal(num)
        elif isinstance(num, str):
            st = [0]
            d = _from_string(num, st)
            if d._kind >= _QNAN and d._coef and \
                    _ndigits(d._coef) > self._prec - self._clamp:
                st[0] |= _S_CONV
                d = _new(0, 0, 0, _QNAN)
        else:
            st = [0]
            d = Decimal(num)
        if d._kind == _FINITE:
            d = _fix(d._sign, d._coef, d._exp, self, st)
        elif d._kind >= _QNAN:
            d = _fix_nan(d, self)
        if st[0]:
            self._apply(st[0])
        return d

    def create_decimal_from_float(self, f):
        d = Decimal.from_float(f)
        st = [0]
        if d._kind == _FINITE:
            d = _fix(d._sign, d._coef, d._exp, self, st)
        if st[0]:
            self._apply(st[0])
        return d

    def _run(self, fn, *args):
        st = [0]
        r = fn(*args, self, st)
        if st[0]:
            self._apply(st[0])
        return r

    def abs(self, a):
        return self._run(_op_abs, _conv_strict(a))

    def add(self, a, b):
        return self._run(_op_add, _conv_strict(a), _conv_strict(b))

    def subtract(self, a, b):
        return self._run(_op_sub, _conv_strict(a), _conv_strict(b))

    def multiply(self, a, b):
        return self._run(_op_mul, _conv_strict(a), _conv_strict(b))

    def divide(self, a, b):
        return self._run(_op_div, _conv_strict(a), _conv_strict(b))

    def divide_int(self, a, b):
        return self._run(_op_floordiv, _conv_strict(a), _conv_strict(b))

    def remainder(self, a, b):
        return self._run(_op_mod, _conv_strict(a), _conv_strict(b))

    def divmod(self, a, b):
        return self._run(_op_divmod, _conv_strict(a), _conv_strict(b))

    def remainder_near(self, a, b):
        return self._run(_op_remainder_near, _conv_strict(a), _conv_strict(b))

    def power(self, a, b, modulo=None):
        a = _conv_strict(a)
        b = _conv_strict(b)
        if modulo is None:
            return self._run(_op_pow, a, b)
        return self._run(_op_pow3, a, b, _conv_strict(modulo))

    def plus(self, a):
        return self._run(_op_plus, _conv_strict(a))

    def minus(self, a):
        return self._run(_op_minus, _conv_strict(a))

    def sqrt(self, a):
        return self._run(_op_sqrt, _conv_strict(a))

    def exp(self, a):
        return self._run(_op_exp, _conv_strict(a))

    def ln(self, a):
        return self._run(_op_ln, _conv_strict(a))

    def log10(self, a):
        return self._run(_op_log10, _conv_strict(a))

    def logb(self, a):
        return self._run(_op_logb, _conv_strict(a))

    def scaleb(self, a, b):
        return self._run(_op_scaleb, _conv_strict(a), _conv_strict(b))

    def fma(self, a, b, c):
        return self._run(_op_fma, _conv_strict(a), _conv_strict(b), _conv_strict(c))

    def quantize(self, a, b):
        return self._run(_op_quantize, _conv_strict(a), _conv_strict(b), None)

    def normalize(self, a):
        return self._run(_op_normalize, _conv_strict(a))

    def compare(self, a, b):
        return self._run(_op_compare, _conv_strict(a), _conv_strict(b), False)

    def compare_signal(self, a, b):
        return self._run(_op_compare, _conv_strict(a), _conv_strict(b), True)

    def compare_total(self, a, b):
        return _conv_strict(a).compare_total(_conv_strict(b))

    def compare_total_mag(self, a, b):
        return _conv_strict(a).compare_total_mag(_conv_strict(b))

    def max(self, a, b):
        return self._run(_op_max, _conv_strict(a), _conv_strict(b), False, False)

    def min(self, a, b):
        return self._run(_op_max, _conv_strict(a), _conv_strict(b), True, False)

    def max_mag(self, a, b):
        return self._run(_op_max, _conv_strict(a), _conv_strict(b), False, True)

    def min_mag(self, a, b):
        return self._run(_op_max, _conv_strict(a), _conv_strict(b), True, True)

    def next_plus(self, a):
        return self._run(_op_next, _conv_strict(a), 1)

    def next_minus(self, a):
        return self._run(_op_next, _conv_strict(a), -1)

    def next_toward(self, a, b):
        return _conv_strict(a).next_toward(_conv_strict(b), self)

    def to_integral_value(self, a):
        return self._run(_op_to_integral, _conv_strict(a), None, False)

    to_integral = to_integral_value

    def to_integral_exact(self, a):
        return self._run(_op_to_integral, _conv_strict(a), None, True)

    def to_sci_string(self, a):
        return _conv_strict(a).__str__(context=self)

    def to_eng_string(self, a):
        return _conv_strict(a).to_eng_string(context=self)

    def copy_abs(self, a):
        return _conv_strict(a).copy_abs()

    def copy_negate(self, a):
        return _conv_strict(a).copy_negate()

    def copy_sign(self, a, b):
        return _conv_strict(a).copy_sign(_conv_strict(b))

    def copy_decimal(self, a):
        return _conv_strict(a)

    def canonical(self, a):
        if not isinstance(a, Decimal):
            raise TypeError('argument must be a Decimal')
        return a

    def number_class(self, a):
        return _conv_strict(a).number_class(self)

    def same_quantum(self, a, b):
        return _conv_strict(a).same_quantum(_conv_strict(b))

    def is_canonical(self, a):
        if not isinstance(a, Decimal):
            raise TypeError('argument must be a Decimal')
        return True

    def is_finite(self, a):
        return _conv_strict(a).is_finite()

    def is_infinite(self, a):
        return _conv_strict(a).is_infinite()

    def is_nan(self, a):
        return _conv_strict(a).is_nan()

    def is_qnan(self, a):
        return _conv_strict(a).is_qnan()

    def is_snan(self, a):
        return _conv_strict(a).is_snan()

    def is_signed(self, a):
        return _conv_strict(a).is_signed()

    def is_zero(self, a):
        return _conv_strict(a).is_zero()

    def is_normal(self, a):
        return _conv_strict(a).is_normal(self)

    def is_subnormal(self, a):
        return _conv_strict(a).is_subnormal(self)

    def radix(self):
        return Decimal(10)

    def Etiny_(self):
        return self.Etiny()


DefaultContext = Context(prec=28, rounding=ROUND_HALF_EVEN, Emin=-999999,
                         Emax=999999, capitals=1, clamp=0, flags=[],
                         traps=[DivisionByZero, Overflow, InvalidOperation])
BasicContext = Context(prec=9, rounding=ROUND_HALF_UP,
                       traps=[DivisionByZero, Overflow, InvalidOperation,
                              Clamped, Underflow], flags=[])
ExtendedContext = Context(prec=9, rounding=ROUND_HALF_EVEN, traps=[], flags=[])

_tls = _thread._local()


def getcontext():
    """Return this thread's current context, creating it on first use."""
    try:
        return _tls.context
    except AttributeError:
        ctx = DefaultContext.copy()
        _tls.context = ctx
        return ctx


def setcontext(context):
    """Make context the current context of this thread."""
    if not isinstance(context, Context):
        raise TypeError('argument must be a context')
    if (context is DefaultContext or context is BasicContext
            or context is ExtendedContext):
        context = context.copy()
        context._flags = 0
    _tls.context = context


_LOCALCONTEXT_KEYS = ('prec', 'rounding', 'Emin', 'Emax', 'capitals', 'clamp',
                      'flags', 'traps')


class _LocalContext(object):
    """Installs a context for the duration of a with block."""

    def __init__(self, ctx):
        self._ctx = ctx
        self._outer = None

    def __enter__(self):
        self._outer = getcontext()
        setcontext(self._ctx)
        return self._ctx

    def __exit__(self, *exc_info):
        setcontext(self._outer)
        return False


def localcontext(ctx=None, **kwargs):
    """Context manager running its block with a copy of ctx (or the current
    context), changed by the keyword arguments."""
    if ctx is None:
        ctx = getcontext()
    elif not isinstance(ctx, Context):
        raise TypeError('optional argument must be a context')
    new = ctx.copy()
    for key, value in kwargs.items():
        if key not in _LOCALCONTEXT_KEYS:
            raise TypeError("'%s' is an invalid keyword argument for this function" % key)
        setattr(new, key, value)
    return _LocalContext(new)


# ---------------------------------------------------------------- helpers

_FINITE = 0
_INF = 1
_QNAN = 2
_SNAN = 3

DecimalTuple = _namedtuple('DecimalTuple', 'sign digits exponent', module='decimal')


def _ndigits(n):
    """Number of decimal digits of a non-negative int (0 has one digit)."""
    if n < 10:
        return 1
    if n < 10 ** 18:
        return len(str(n))
    # estimate from the bit length, then correct
    d = (n.bit_length() * 30103) // 100000
    if n >= 10 ** (d + 1):
        d += 1
    while n >= 10 ** d:
        d += 1
    while d > 1 and n < 10 ** (d - 1):
        d -= 1
    return d


def _new(sign, coef, exp, kind=_FINITE):
    d = object.__new__(Decimal)
    d._sign = sign
    d._coef = coef
    d._exp = exp
    d._kind = kind
    return d


def _round_decision(sign, q, r, half, rounding):
    """Whether to increment the kept part q given the dropped remainder r
    (compared with half = half of one unit of q)."""
    if r == 0:
        return False
    if rounding == ROUND_HALF_EVEN:
        return r > half or (r == half and q & 1)
    if rounding == ROUND_HALF_UP:
        return r >= half
    if rounding == ROUND_HALF_DOWN:
        return r > half
    if rounding == ROUND_DOWN:
        return False
    if rounding == ROUND_UP:
        return True
    if rounding == ROUND_CEILING:
        return sign == 0
    if rounding == ROUND_FLOOR:
        return sign == 1
    # ROUND_05UP
    return q % 5 == 0


def _drop(sign, coef, n, rounding):
    """Remove n (> 0) low digits of coef with rounding; returns
    (new coefficient, whether the dropped digits were nonzero)."""
    if n > 40 and coef.bit_length() * 302 // 1000 + 3 < n:
        # coef is far below half a unit: one sticky digit decides the same
        coef = 1 if coef else 0
        n = 2
    p = 10 ** n
    q, r = divmod(coef, p)
    if r and _round_decision(sign, q, r, p >> 1, rounding):
        q += 1
    return q, r != 0


def _overflow_result(sign, ctx, rounding):
    if rounding in (ROUND_HALF_UP, ROUND_HALF_EVEN, ROUND_HALF_DOWN, ROUND_UP) \
            or (rounding == ROUND_CEILING and sign == 0) \
            or (rounding == ROUND_FLOOR and sign == 1):
        return _new(sign, 0, 0, _INF)
    return _new(sign, 10 ** ctx._prec - 1, ctx._emax - ctx._prec + 1)


def _fix(sign, coef, exp, ctx, st, rounding=None):
    """Round an exact finite value to the context: precision, exponent
    range, clamping. Conditions are or-ed into st[0]."""
    if rounding is None:
        rounding = ctx._rounding
    prec = ctx._prec
    emax = ctx._emax
    emin = ctx._emin
    etiny = emin - prec + 1
    if coef == 0:
        top = emax - prec + 1 if ctx._clamp else emax
        if exp > top:
            exp = top
            st[0] |= _S_CLAMPED
        elif exp < etiny:
            exp = etiny
            st[0] |= _S_CLAMPED
        return _new(sign, 0, exp)
    nd = _ndigits(coef)
    adj = exp + nd - 1
    if adj > emax:
        st[0] |= _S_OVERFLOW | _S_INEXACT | _S_ROUNDED
        return _overflow_result(sign, ctx, rounding)
    if adj < emin:
        # subnormal range: the quantum cannot go below etiny
        st[0] |= _S_SUBNORMAL
        if exp < etiny:
            n = etiny - exp
            if n > nd + 1:
                # everything is below half a unit: keep a sticky digit
                coef = 1
                n = 2
            coef, inexact = _drop(sign, coef, n, rounding)
            exp = etiny
            st[0] |= _S_ROUNDED
            if inexact:
                st[0] |= _S_INEXACT | _S_UNDERFLOW
            if coef == 0:
                st[0] |= _S_CLAMPED
        return _new(sign, coef, exp)
    if nd > prec:
        n = nd - prec
        coef, inexact = _drop(sign, coef, n, rounding)
        exp += n
        st[0] |= _S_ROUNDED
        if inexact:
            st[0] |= _S_INEXACT
        if coef == 10 ** prec:
            coef //= 10
            exp += 1
        if exp + prec - 1 > emax:
            st[0] |= _S_OVERFLOW | _S_INEXACT | _S_ROUNDED
            return _overflow_result(sign, ctx, rounding)
        return _new(sign, coef, exp)
    if ctx._clamp:
        top = emax - prec + 1
        if exp > top:
            coef *= 10 ** (exp - top)
            exp = top
            st[0] |= _S_CLAMPED
    return _new(sign, coef, exp)


def _fix_nan(d, ctx):
    """A NaN result keeps its payload only when it fits the precision."""
    keep = ctx._prec - ctx._clamp
    if d._coef and _ndigits(d._coef) > keep:
        return _new(d._sign, d._coef % 10 ** keep if keep > 0 else 0, 0, d._kind)
    return d


def _check_nans(a, b, ctx, st):
    """NaN propagation for two operands; returns None when neither is a NaN."""
    ka = a._kind
    kb = b._kind if b is not None else _FINITE
    if ka < _QNAN and kb < _QNAN:
        return None
    if ka == _SNAN:
        st[0] |= _S_INVOP
        return _fix_nan(_new(a._sign, a._coef, 0, _QNAN), ctx)
    if kb == _SNAN:
        st[0] |= _S_INVOP
        return _fix_nan(_new(b._sign, b._coef, 0, _QNAN), ctx)
    if ka == _QNAN:
        return _fix_nan(a, ctx)
    return _fix_nan(b, ctx)


def _nan_result(st, bit=_S_INVOP):
    st[0] |= bit
    return _new(0, 0, 0, _QNAN)


# ---------------------------------------------------------------- parsing

def _from_string(s, st):
    text = s.strip()
    if '_' in text:
        text = text.replace('_', '')
    if not text.isascii():
        chars = []
        for ch in text:
            if ch.isascii():
                chars.append(ch)
            elif ch.isdecimal():
                chars.append(str(int(ch)))
            else:
                chars.append('\x00')
        text = ''.join(chars)
    res = _parse_ascii(text)
    if res is None:
        st[0] |= _S_CONV
        return _new(0, 0, 0, _QNAN)
    if res == 'range':
        st[0] |= _S_INVOP
        return _new(0, 0, 0, _QNAN)
    return res


_DIGITS = frozenset('0123456789')


def _all_digits(t):
    if not t:
        return False
    for ch in t:
        if ch not in _DIGITS:
            return False
    return True


def _parse_ascii(t):
    sign = 0
    if t[:1] in ('+', '-'):
        sign = 1 if t[0] == '-' else 0
        t = t[1:]
    low = t.lower()
    if low in ('inf', 'infinity'):
        return _new(sign, 0, 0, _INF)
    if low.startswith('nan') or low.startswith('snan'):
        kind = _QNAN if low[0] == 'n' else _SNAN
        payload = t[3:] if kind == _QNAN else t[4:]
        if payload == '':
            return _new(sign, 0, 0, kind)
        if not _all_digits(payload):
            return None
        return _new(sign, int(payload), 0, kind)
    epos = low.find('e')
    if epos >= 0:
        mant = t[:epos]
        ex = t[epos + 1:]
        esign = 1
        if ex[:1] in ('+', '-'):
            esign = -1 if ex[0] == '-' else 1
            ex = ex[1:]
        if not _all_digits(ex):
            return None
        exp = esign * int(ex)
    else:
        mant = t
        exp = 0
    dot = mant.find('.')
    if dot >= 0:
        ipart = mant[:dot]
        fpart = mant[dot + 1:]
    else:
        ipart = mant
        fpart = ''
    if ipart and not _all_digits(ipart):
        return None
    if fpart and not _all_digits(fpart):
        return None
    digits = ipart + fpart
    if not digits:
        return None
    exp -= len(fpart)
    coef = int(digits)
    if exp + len(digits) - 1 > MAX_EMAX or exp < MIN_ETINY:
        return 'range'
    return _new(sign, coef, exp)


def _from_float(f):
    if isinstance(f, int):
        return _new(1 if f < 0 else 0, abs(f), 0)
    if f != f:
        return _new(0, 0, 0, _QNAN)
    sign = 1 if _math.copysign(1.0, f) < 0 else 0
    if f in (float('inf'), float('-inf')):
        return _new(sign, 0, 0, _INF)
    n, d = abs(f).as_integer_ratio()
    k = d.bit_length() - 1
    return _new(sign, n * 5 ** k, -k)


def _from_tuple(v):
    if len(v) != 3:
        raise ValueError('argument must be a sequence of length 3')
    sign, digits, exp = v
    if not (isinstance(sign, int) and sign in (0, 1)):
        raise ValueError('sign must be an integer with the value 0 or 1')
    if isinstance(exp, str):
        if exp == 'F':
            return _new(sign, 0, 0, _INF)
        if exp not in ('n', 'N'):
            raise ValueError("string argument in the third position must be 'F', 'n' or 'N'")
        kind = _QNAN if exp == 'n' else _SNAN
    elif isinstance(exp, int):
        kind = _FINITE
    else:
        raise ValueError('exponent must be an integer')
    if not isinstance(digits, (tuple, list)):
        raise ValueError('coefficient must be a tuple of digits')
    coef = 0
    for dg in digits:
        if not (isinstance(dg, int) and 0 <= dg <= 9):
            raise ValueError('coefficient must be a tuple of digits')
        coef = coef * 10 + dg
    if kind != _FINITE:
        return _new(sign, coef, 0, kind)
    return _new(sign, coef, exp)


def _conv(other, allow_float=False):
    """Operand conversion for operators: Decimal and int (and, for
    comparisons, float); anything else gives NotImplemented."""
    if isinstance(other, Decimal):
        return other
    if isinstance(other, int):
        return _new(1 if other < 0 else 0, abs(other), 0)
    return NotImplemented


def _conv_strict(other):
    if isinstance(other, Decimal):
        return other
    if isinstance(other, int):
        return _new(1 if other < 0 else 0, abs(other), 0)
    raise TypeError('conversion from %s to Decimal is not supported'
                    % type(other).__name__)


def _conv_method(other, ctx=None):
    return _conv_strict(other)


def _ctx(context):
    if context is None:
        return getcontext()
    if not isinstance(context, Context):
        raise TypeError('optional argument must be a context')
    return context


def _finish(ctx, st, result):
    if st[0]:
        ctx._apply(st[0])
    return result


# ---------------------------------------------------------------- arithmetic

def _inf(sign):
    return _new(sign, 0, 0, _INF)


def _op_plus(a, ctx, st):
    r = _check_nans(a, None, ctx, st)
    if r is not None:
        return r
    if a._kind == _INF:
        return a if type(a) is Decimal else _inf(a._sign)
    sign = a._sign
    if a._coef == 0 and ctx._rounding != ROUND_FLOOR:
        sign = 0
    return _fix(sign, a._coef, a._exp, ctx, st)


def _negated(a):
    return _new(a._sign ^ 1, a._coef, a._exp, a._kind)


def _op_minus(a, ctx, st):
    r = _check_nans(a, None, ctx, st)
    if r is not None:
        return r
    return _op_plus(_negated(a), ctx, st)


def _op_abs(a, ctx, st):
    r = _check_nans(a, None, ctx, st)
    if r is not None:
        return r
    return _op_plus(_new(0, a._coef, a._exp, a._kind), ctx, st)


def _add_raw(sa, ca, ea, sb, cb, eb, ctx, st, rounding=None):
    if rounding is None:
        rounding = ctx._rounding
    exp = ea if ea < eb else eb
    if ca == 0 and cb == 0:
        if sa == sb:
            sign = sa
        else:
            sign = 1 if rounding == ROUND_FLOOR else 0
        return _fix(sign, 0, exp, ctx, st, rounding)
    if ca == 0 or cb == 0:
        if ca == 0:
            sign, c, e = sb, cb, eb
        else:
            sign, c, e = sa, ca, ea
        shift = e - exp
        if shift > 0:
            room = ctx._prec - _ndigits(c)
            if shift > room:
                shift = room if room > 0 else 0
                st[0] |= _S_ROUNDED
            c *= 10 ** shift
            e -= shift
        return _fix(sign, c, e, ctx, st, rounding)
    if ea < eb:
        sa, ca, ea, sb, cb, eb = sb, cb, eb, sa, ca, ea
    if ea - eb > ctx._prec + 3:
        nda = _ndigits(ca)
        lim = min(ea, ea + nda - ctx._prec - 3) - 1
        if eb + _ndigits(cb) - 1 < lim:
            cb = 1
            eb = lim
    ca *= 10 ** (ea - eb)
    total = (-ca if sa else ca) + (-cb if sb else cb)
    if total == 0:
        sign = 1 if rounding == ROUND_FLOOR else 0
    elif total < 0:
        sign = 1
        total = -total
    else:
        sign = 0
    return _fix(sign, total, eb, ctx, st, rounding)


def _add_signed(sa, a, sb, b, ctx, st):
    if a._kind == _INF:
        if b._kind == _INF and sa != sb:
            return _nan_result(st)
        return _inf(sa)
    if b._kind == _INF:
        return _inf(sb)
    return _add_raw(sa, a._coef, a._exp, sb, b._coef, b._exp, ctx, st)


def _op_add(a, b, ctx, st):
    r = _check_nans(a, b, ctx, st)
    if r is not None:
        return r
    return _add_signed(a._sign, a, b._sign, b, ctx, st)


def _op_sub(a, b, ctx, st):
    r = _check_nans(a, b, ctx, st)
    if r is not None:
        return r
    return _add_signed(a._sign, a, b._sign ^ 1, b, ctx, st)


def _is_zero(a):
    return a._kind == _FINITE and a._coef == 0


def _op_mul(a, b, ctx, st):
    r = _check_nans(a, b, ctx, st)
    if r is not None:
        return r
    sign = a._sign ^ b._sign
    if a._kind == _INF or b._kind == _INF:
        if _is_zero(a) or _is_zero(b):
            return _nan_result(st)
        return _inf(sign)
    return _fix(sign, a._coef * b._coef, a._exp + b._exp, ctx, st)


def _div_raw(sign, ca, ea, cb, eb, ctx, st, rounding=None):
    ideal = ea - eb
    if ca == 0:
        return _fix(sign, 0, ideal, ctx, st, rounding)
    s = ctx._prec + _ndigits(cb) - _ndigits(ca) + 1
    if s >= 0:
        q, r = divmod(ca * 10 ** s, cb)
    else:
        q, r = divmod(ca, cb * 10 ** (-s))
    exp = ideal - s
    if r:
        if q % 5 == 0:
            q += 1
    else:
        while exp < ideal and q % 10 == 0:
            q //= 10
            exp += 1
    return _fix(sign, q, exp, ctx, st, rounding)


def _op_div(a, b, ctx, st):
    r = _check_nans(a, b, ctx, st)
    if r is not None:
        return r
    sign = a._sign ^ b._sign
    if a._kind == _INF:
        if b._kind == _INF:
            return _nan_result(st)
        return _inf(sign)
    if b._kind == _INF:
        st[0] |= _S_CLAMPED
        return _new(sign, 0, ctx._emin - ctx._prec + 1)
    if b._coef == 0:
        if a._coef == 0:
            return _nan_result(st, _S_DIVUNDEF)
        st[0] |= _S_DIVZERO
        return _inf(sign)
    return _div_raw(sign, a._coef, a._exp, b._coef, b._exp, ctx, st)


def _adjusted(a):
    return a._exp + _ndigits(a._coef) - 1


def _divint_raw(a, b, ctx):
    """Truncated quotient and remainder of finite a by finite nonzero b:
    (q, r, exp) with the remainder scaled to exp, or None when the
    quotient needs more digits than the precision."""
    exp = a._exp if a._exp < b._exp else b._exp
    if a._coef == 0:
        return 0, 0, exp
    adja = _adjusted(a)
    adjb = _adjusted(b)
    if adja - adjb > ctx._prec:
        return None
    if adja < adjb:
        return 0, a._coef * 10 ** (a._exp - exp), exp
    ca = a._coef * 10 ** (a._exp - exp)
    cb = b._coef * 10 ** (b._exp - exp)
    q, r = divmod(ca, cb)
    if _ndigits(q) > ctx._prec:
        return None
    return q, r, exp


def _op_floordiv(a, b, ctx, st):
    r = _check_nans(a, b, ctx, st)
    if r is not None:
        return r
    sign = a._sign ^ b._sign
    if a._kind == _INF:
        if b._kind == _INF:
            return _nan_result(st)
        return _inf(sign)
    if b._kind == _INF:
        return _new(sign, 0, 0)
    if b._coef == 0:
        if a._coef == 0:
            return _nan_result(st, _S_DIVUNDEF)
        st[0] |= _S_DIVZERO
        return _inf(sign)
    res = _divint_raw(a, b, ctx)
    if res is None:
        return _nan_result(st, _S_DIVIMP)
    return _fix(sign, res[0], 0, ctx, st)


def _op_mod(a, b, ctx, st):
    r = _check_nans(a, b, ctx, st)
    if r is not None:
        return r
    if a._kind == _INF:
        return _nan_result(st)
    if b._kind == _INF:
        return _fix(a._sign, a._coef, a._exp, ctx, st)
    if b._coef == 0:
        if a._coef == 0:
            return _nan_result(st, _S_DIVUNDEF)
        return _nan_result(st)
    res = _divint_raw(a, b, ctx)
    if res is None:
        return _nan_result(st, _S_DIVIMP)
    return _fix(a._sign, res[1], res[2], ctx, st)


def _op_divmod(a, b, ctx, st):
    r = _check_nans(a, b, ctx, st)
    if r is not None:
        return r, r
    sign = a._sign ^ b._sign
    if a._kind == _INF:
        if b._kind == _INF:
            n = _nan_result(st)
            return n, n
        return _inf(sign), _nan_result(st)
    if b._kind == _INF:
        return _new(sign, 0, 0), _fix(a._sign, a._coef, a._exp, ctx, st)
    if b._coef == 0:
        if a._coef == 0:
            n = _nan_result(st, _S_DIVUNDEF)
            return n, n
        st[0] |= _S_DIVZERO
        return _inf(sign), _nan_result(st)
    res = _divint_raw(a, b, ctx)
    if res is None:
        n = _nan_result(st, _S_DIVIMP)
        return n, n
    q, rem, exp = res
    return _fix(sign, q, 0, ctx, st), _fix(a._sign, rem, exp, ctx, st)


def _op_remainder_near(a, b, ctx, st):
    r = _check_nans(a, b, ctx, st)
    if r is not None:
        return r
    if a._kind == _INF:
        return _nan_result(st)
    if b._kind == _INF:
        return _fix(a._sign, a._coef, a._exp, ctx, st)
    if b._coef == 0:
        if a._coef == 0:
            return _nan_result(st, _S_DIVUNDEF)
        return _nan_result(st)
    exp = a._exp if a._exp < b._exp else b._exp
    if a._coef == 0:
        return _fix(a._sign, 0, exp, ctx, st)
    adja = _adjusted(a)
    adjb = _adjusted(b)
    if adja - adjb > ctx._prec:
        return _nan_result(st, _S_DIVIMP)
    if adja < adjb - 1:
        return _fix(a._sign, a._coef * 10 ** (a._exp - exp), exp, ctx, st)
    ca = a._coef * 10 ** (a._exp - exp)
    cb = b._coef * 10 ** (b._exp - exp)
    q, rem = divmod(ca, cb)
    sign = a._sign
    twice = 2 * rem
    if twice > cb or (twice == cb and q & 1):
        q += 1
        rem = cb - rem
        sign ^= 1
    if _ndigits(q) > ctx._prec:
        return _nan_result(st, _S_DIVIMP)
    if rem == 0:
        sign = a._sign
    return _fix(sign, rem, exp, ctx, st)


# ---------------------------------------------------------------- comparison

def _cmp_abs(a, b):
    """Compare magnitudes of finite values (zeros allowed)."""
    if a._coef == 0:
        return 0 if b._coef == 0 else -1
    if b._coef == 0:
        return 1
    adja = _adjusted(a)
    adjb = _adjusted(b)
    if adja != adjb:
        return 1 if adja > adjb else -1
    ca = a._coef
    cb = b._coef
    if a._exp > b._exp:
        ca *= 10 ** (a._exp - b._exp)
    elif b._exp > a._exp:
        cb *= 10 ** (b._exp - a._exp)
    return (ca > cb) - (ca < cb)


def _cmp(a, b):
    """Numeric comparison of non-NaN values: -1, 0 or 1."""
    if a._kind == _INF:
        if b._kind == _INF:
            return b._sign - a._sign
        return -1 if a._sign else 1
    if b._kind == _INF:
        return 1 if b._sign else -1
    if a._coef == 0:
        if b._coef == 0:
            return 0
        return 1 if b._sign else -1
    if b._coef == 0:
        return -1 if a._sign else 1
    if a._sign != b._sign:
        return -1 if a._sign else 1
    c = _cmp_abs(a, b)
    return -c if a._sign else c


def _op_compare(a, b, signal, ctx, st):
    if a._kind >= _QNAN or b._kind >= _QNAN:
        if signal:
            st[0] |= _S_INVOP
            return _check_nans(a, b, ctx, [0])
        return _check_nans(a, b, ctx, st)
    c = _cmp(a, b)
    return _ZERO if c == 0 else (_ONE if c > 0 else _MINUS_ONE)


def _total_rank(a):
    if a._kind == _FINITE:
        return 0
    if a._kind == _INF:
        return 1
    if a._kind == _SNAN:
        return 2
    return 3


def _total_mag(a, b):
    ra = _total_rank(a)
    rb = _total_rank(b)
    if ra != rb:
        return 1 if ra > rb else -1
    if ra >= 2:
        return (a._coef > b._coef) - (a._coef < b._coef)
    if ra == 1:
        return 0
    c = _cmp_abs(a, b)
    if c:
        return c
    return (a._exp > b._exp) - (a._exp < b._exp)


def _total(a, b):
    if a._sign != b._sign:
        return -1 if a._sign else 1
    c = _total_mag(a, b)
    return -c if a._sign else c


def _op_max(a, b, want_min, mag, ctx, st):
    if a._kind >= _QNAN or b._kind >= _QNAN:
        if a._kind == _SNAN or b._kind == _SNAN or \
                (a._kind >= _QNAN and b._kind >= _QNAN):
            return _check_nans(a, b, ctx, st)
        keep = b if a._kind == _QNAN else a
        if keep._kind == _INF:
            return _inf(keep._sign)
        return _fix(keep._sign, keep._coef, keep._exp, ctx, st)
    c = 0
    if mag:
        if a._kind == _INF or b._kind == _INF:
            c = (a._kind == _INF) - (b._kind == _INF)
        else:
            c = _cmp_abs(a, b)
    if c == 0:
        c = _cmp(a, b)
    if c == 0:
        # numerically equal: pick by sign, then by exponent
        if a._sign != b._sign:
            c = -1 if a._sign else 1
        else:
            c = (a._exp > b._exp) - (a._exp < b._exp)
            if a._sign:
                c = -c
    pick = a
    if (c < 0) != bool(want_min):
        pick = b
    if c == 0:
        pick = a
    if pick._kind == _INF:
        return _inf(pick._sign)
    return _fix(pick._sign, pick._coef, pick._exp, ctx, st)


# ---------------------------------------------------------------- rounding ops

def _op_quantize(a, b, rounding, ctx, st):
    r = _check_nans(a, b, ctx, st)
    if r is not None:
        return r
    if rounding is None:
        rounding = ctx._rounding
    if a._kind == _INF or b._kind == _INF:
        if a._kind == _INF and b._kind == _INF:
            return _inf(a._sign)
        return _nan_result(st)
    e = b._exp
    prec = ctx._prec
    if e > ctx._emax or e < ctx._emin - prec + 1:
        return _nan_result(st)
    if a._coef == 0:
        return _quantized_zero(a._sign, e, ctx, st)
    coef = a._coef
    inexact = False
    if e > a._exp:
        coef, inexact = _drop(a._sign, coef, e - a._exp, rounding)
    elif e < a._exp:
        if a._exp - e + _ndigits(coef) > prec:
            return _nan_result(st)
        coef *= 10 ** (a._exp - e)
    if coef:
        nd = _ndigits(coef)
        if nd > prec:
            return _nan_result(st)
        adj = e + nd - 1
        if adj > ctx._emax:
            return _nan_result(st)
        if adj < ctx._emin:
            st[0] |= _S_SUBNORMAL
    if e > a._exp:
        st[0] |= _S_ROUNDED
    if inexact:
        st[0] |= _S_INEXACT
    if coef == 0:
        return _quantized_zero(a._sign, e, ctx, st)
    if ctx._clamp:
        top = ctx._emax - prec + 1
        if e > top:
            coef *= 10 ** (e - top)
            e = top
            st[0] |= _S_CLAMPED
    return _new(a._sign, coef, e)


def _quantized_zero(sign, e, ctx, st):
    if ctx._clamp:
        top = ctx._emax - ctx._prec + 1
        if e > top:
            st[0] |= _S_CLAMPED
            e = top
    return _new(sign, 0, e)


def _op_to_integral(a, rounding, exact, ctx, st):
    r = _check_nans(a, None, ctx, st)
    if r is not None:
        return r
    if a._kind == _INF:
        return _inf(a._sign)
    if a._exp >= 0:
        return a if type(a) is Decimal else _new(a._sign, a._coef, a._exp)
    if rounding is None:
        rounding = ctx._rounding
    if a._coef == 0:
        return _new(a._sign, 0, 0)
    coef, inexact = _drop(a._sign, a._coef, -a._exp, rounding)
    if exact:
        st[0] |= _S_ROUNDED
        if inexact:
            st[0] |= _S_INEXACT
    return _new(a._sign, coef, 0)


def _op_normalize(a, ctx, st):
    r = _check_nans(a, None, ctx, st)
    if r is not None:
        return r
    if a._kind == _INF:
        return _inf(a._sign)
    d = _fix(a._sign, a._coef, a._exp, ctx, st)
    if d._kind != _FINITE:
        return d
    if d._coef == 0:
        return _new(d._sign, 0, 0)
    c = d._coef
    e = d._exp
    top = ctx._emax - ctx._prec + 1 if ctx._clamp else ctx._emax
    while e < top and c % 10 == 0:
        c //= 10
        e += 1
    return _new(d._sign, c, e)


def _op_logb(a, ctx, st):
    r = _check_nans(a, None, ctx, st)
    if r is not None:
        return r
    if a._kind == _INF:
        return _inf(0)
    if a._coef == 0:
        st[0] |= _S_DIVZERO
        return _inf(1)
    adj = _adjusted(a)
    return _fix(1 if adj < 0 else 0, abs(adj), 0, ctx, st)


def _op_scaleb(a, b, ctx, st):
    r = _check_nans(a, b, ctx, st)
    if r is not None:
        return r
    if b._kind != _FINITE or b._exp != 0:
        return _nan_result(st)
    n = -b._coef if b._sign else b._coef
    limit = 2 * (ctx._emax + ctx._prec)
    if n > limit or n < -limit:
        return _nan_result(st)
    if a._kind == _INF:
        return _inf(a._sign)
    return _fix(a._sign, a._coef, a._exp + n, ctx, st)


def _op_fma(a, b, c, ctx, st):
    r = _check_nans(a, b, ctx, st)
    if r is not None:
        if c._kind == _SNAN and a._kind != _SNAN and b._kind != _SNAN:
            return _check_nans(c, None, ctx, st)
        return r
    sign = a._sign ^ b._sign
    if a._kind == _INF or b._kind == _INF:
        if _is_zero(a) or _is_zero(b):
            return _nan_result(st)
        prod = _inf(sign)
    else:
        prod = _new(sign, a._coef * b._coef, a._exp + b._exp)
    return _op_add(prod, c, ctx, st)


def _op_next(a, direction, ctx, st):
    r = _check_nans(a, None, ctx, st)
    if r is not None:
        return r
    prec = ctx._prec
    if a._kind == _INF:
        if (direction > 0) == (a._sign == 0):
            return _inf(a._sign)
        return _new(a._sign, 10 ** prec - 1, ctx._emax - prec + 1)
    etiny = ctx._emin - prec + 1
    rounding = ROUND_CEILING if direction > 0 else ROUND_FLOOR
    tmp = [0]
    first = _fix(a._sign, a._coef, a._exp, ctx, tmp, rounding)
    if tmp[0] & _S_INEXACT:
        return first
    return _add_raw(first._sign, first._coef, first._exp,
                    0 if direction > 0 else 1, 1, etiny - 1, ctx, [0], rounding)


def _op_next_toward(a, b, ctx, st):
    r = _check_nans(a, b, ctx, st)
    if r is not None:
        return r
    c = _cmp(a, b)
    if c == 0:
        return _new(b._sign, a._coef, a._exp, a._kind)
    res = _op_next(a, -1 if c > 0 else 1, ctx, st)
    if res._kind == _INF:
        st[0] |= _S_OVERFLOW | _S_INEXACT | _S_ROUNDED
    elif res._coef == 0 or _adjusted(res) < ctx._emin:
        st[0] |= _S_UNDERFLOW | _S_SUBNORMAL | _S_INEXACT | _S_ROUNDED
        if res._coef == 0:
            st[0] |= _S_CLAMPED
    return res


# ---------------------------------------------------------------- roots, logs

def _op_sqrt(a, ctx, st):
    r = _check_nans(a, None, ctx, st)
    if r is not None:
        return r
    if a._kind == _INF:
        if a._sign:
            return _nan_result(st)
        return _inf(0)
    if a._coef == 0:
        return _fix(a._sign, 0, a._exp >> 1, ctx, st, ROUND_HALF_EVEN)
    if a._sign:
        return _nan_result(st)
    c = a._coef
    e = a._exp
    ideal = e >> 1
    if e & 1:
        c *= 10
        e -= 1
    t = ctx._prec + 1 - (_ndigits(c) + 1) // 2
    if t < 0:
        t = 0
    c2 = c * 10 ** (2 * t)
    root = _math.isqrt(c2)
    exp = e // 2 - t
    if root * root == c2:
        while exp < ideal and root % 10 == 0:
            root //= 10
            exp += 1
    elif root % 5 == 0:
        root += 1
    return _fix(0, root, exp, ctx, st, ROUND_HALF_EVEN)


def _ln_unit(M, W):
    """ln(M / 10**W) * 10**W for M / 10**W in about [0.05, 20]; the error
    is a few thousand units at most (callers keep guard digits)."""
    S = 10 ** W
    k = 0
    lo = S - (S >> 4)
    hi = S + (S >> 4)
    while M > hi or M < lo:
        M = _math.isqrt(M * S)
        k += 1
    z = (M - S) * S // (M + S)
    z2 = z * z // S
    term = z
    total = 0
    i = 1
    while term:
        total += term // i
        term = term * z2 // S
        i += 2
    return (2 * total) << k


_ln10_cache = (0, 0)


def _ln10(W):
    """ln(10) * 10**W, truncated (error below one unit)."""
    global _ln10_cache
    have, value = _ln10_cache
    if have >= W:
        return value // 10 ** (have - W)
    target = max(W, 2 * have) + 20
    v = _ln_unit(10 ** (target + 1), target) // 10 ** 20
    _ln10_cache = (target - 20, v)
    return v // 10 ** (target - 20 - W)


def _ln_fixed(c, e, W):
    """ln(c * 10**e) * 10**W for c > 0, error within about two units."""
    G = W + 14
    nd = _ndigits(c)
    adj = e + nd - 1
    sh = G - (nd - 1)
    M = c * 10 ** sh if sh >= 0 else c // 10 ** (-sh)
    L = _ln_unit(M, G)
    if adj:
        k = _ndigits(abs(adj)) + 2
        L += adj * _ln10(G + k) // 10 ** k
    return L // 10 ** 14


def _exp_fixed(X, W):
    """exp(X / 10**W) as (M, ex) with M * 10**ex close to it; M has about
    W significant digits and an error of a few units."""
    G = W + 14
    # n: the power of ten taken out, so that the rest is within [-1.2, 1.2]
    L10 = _ln10(W + 4)
    Xs = X * 10 ** 4
    n = (2 * Xs + L10) // (2 * L10)
    k = _ndigits(abs(n)) + 2
    L10g = _ln10(G + k)
    rem = (X * 10 ** (G + k - W) - n * L10g) // 10 ** k
    halvings = 12
    S = 10 ** G
    red = rem >> halvings
    total = S
    term = S
    i = 1
    while term:
        term = term * red // (S * i)
        total += term
        i += 1
    for _ in range(halvings):
        total = total * total // S
    return total // 10 ** 14, n - W


def _ziv_done(sign, A, E, exp, ctx):
    """True when every value in [A-E, A+E] * 10**exp rounds alike."""
    if A - E <= 0:
        return False
    t1 = [0]
    t2 = [0]
    lo = _fix(sign, A - E, exp, ctx, t1, ROUND_HALF_EVEN)
    hi = _fix(sign, A + E, exp, ctx, t2, ROUND_HALF_EVEN)
    return (lo._kind == hi._kind and lo._coef == hi._coef and
            lo._exp == hi._exp)


def _excess_near_one(c, e):
    """How many extra digits ln needs for arguments close to 1."""
    adj = e + _ndigits(c) - 1
    if e < 0 and adj in (0, -1):
        t = abs(c - 10 ** (-e))
        if t == 0:
            return 0
        return max(0, -(e + _ndigits(t) - 1))
    return 0


def _op_exp(a, ctx, st):
    r = _check_nans(a, None, ctx, st)
    if r is not None:
        return r
    if a._kind == _INF:
        return _new(0, 0, 0) if a._sign else _inf(0)
    if a._coef == 0:
        return _new(0, 1, 0)
    prec = ctx._prec
    adj = _adjusted(a)
    if adj < -(prec + 2):
        if a._sign:
            return _fix(0, 10 ** (prec + 2) - 1, -(prec + 2), ctx, st, ROUND_HALF_EVEN)
        return _fix(0, 10 ** (prec + 2) + 1, -(prec + 2), ctx, st, ROUND_HALF_EVEN)
    big = _ndigits(max(ctx._emax, ctx._prec - ctx._emin)) + 1
    if adj > big:
        if a._sign:
            return _fix(0, 1, ctx._emin - prec - 1, ctx, st, ROUND_HALF_EVEN)
        return _fix(0, 1, ctx._emax + 1, ctx, st, ROUND_HALF_EVEN)
    W = prec + 8
    while True:
        sh = a._exp + W
        X = a._coef * 10 ** sh if sh >= 0 else a._coef // 10 ** (-sh)
        if a._sign:
            X = -X
        M, ex = _exp_fixed(X, W)
        if _ziv_done(0, M, 8, ex, ctx):
            return _fix(0, M * 10 + 1, ex - 1, ctx, st, ROUND_HALF_EVEN)
        W += prec + 10


def _ln_checks(a, ctx, st):
    r = _check_nans(a, None, ctx, st)
    if r is not None:
        return r
    if a._kind == _INF:
        if a._sign:
            return _nan_result(st)
        return _inf(0)
    if a._coef == 0:
        return _inf(1)
    if a._sign:
        return _nan_result(st)
    return None


def _op_ln(a, ctx, st):
    r = _ln_checks(a, ctx, st)
    if r is not None:
        return r
    c = a._coef
    e = a._exp
    if e <= 0 and c == 10 ** (-e):
        return _new(0, 0, 0)
    prec = ctx._prec
    W = prec + 6 + _excess_near_one(c, e)
    while True:
        L = _ln_fixed(c, e, W)
        sign = 1 if L < 0 else 0
        L = abs(L)
        if _ziv_done(sign, L, 4, -W, ctx):
            return _fix(sign, L * 10 + 1, -W - 1, ctx, st, ROUND_HALF_EVEN)
        W += prec + 10


def _op_log10(a, ctx, st):
    r = _ln_checks(a, ctx, st)
    if r is not None:
        return r
    c = a._coef
    e = a._exp
    nd = _ndigits(c)
    if c == 10 ** (nd - 1):
        adj = e + nd - 1
        return _fix(1 if adj < 0 else 0, abs(adj), 0, ctx, st)
    prec = ctx._prec
    W = prec + 6 + _excess_near_one(c, e)
    while True:
        L = _ln_fixed(c, e, W + 4)
        R = L * 10 ** W // _ln10(W + 4)
        sign = 1 if R < 0 else 0
        R = abs(R)
        if _ziv_done(sign, R, 4, -W, ctx):
            return _fix(sign, R * 10 + 1, -W - 1, ctx, st, ROUND_HALF_EVEN)
        W += prec + 10


# ---------------------------------------------------------------- power

def _integral_info(b):
    """For a finite b: None when not an integer, else (value or None when
    too large to hold, odd)."""
    if b._coef == 0:
        return (0, False)
    if b._exp >= 0:
        if b._exp + _ndigits(b._coef) > 60:
            return (None, False)
        v = b._coef * 10 ** b._exp
        return (-v if b._sign else v, bool(v & 1))
    q, r = divmod(b._coef, 10 ** (-b._exp))
    if r:
        return None
    return (-q if b._sign else q, bool(q & 1))


def _op_pow(a, b, ctx, st):
    r = _check_nans(a, b, ctx, st)
    if r is not None:
        return r
    prec = ctx._prec
    if _is_zero(b):
        if _is_zero(a):
            return _nan_result(st)
        return _fix(0, 1, 0, ctx, st)
    info = _integral_info(b) if b._kind == _FINITE else None
    rsign = 1 if (a._sign and info is not None and info[1]) else 0
    if a._sign and not _is_zero(a) and info is None:
        return _nan_result(st)
    b_pos = b._sign == 0
    if _is_zero(a):
        if b_pos:
            return _new(rsign, 0, 0)
        return _inf(rsign)
    if a._kind == _INF:
        if b_pos:
            return _inf(rsign)
        return _new(rsign, 0, 0)
    if b._kind == _INF:
        one = _new(0, 1, 0)
        c = _cmp_abs(a, one)
        if c == 0:
            st[0] |= _S_INEXACT | _S_ROUNDED
            return _fix(0, 10 ** (prec - 1), 1 - prec, ctx, st)
        if (c < 0) == b_pos:
            return _new(0, 0, 0)
        return _inf(0)
    if info is not None:
        return _pow_int(a, info[0], rsign, b, ctx, st)
    return _pow_real(a, b, ctx, st)


def _pow_int(a, n, rsign, b, ctx, st):
    prec = ctx._prec
    c = a._coef
    e = a._exp
    if n is None:
        # an enormous integral exponent: only the magnitude matters
        n = -10 ** 30 if b._sign else 10 ** 30
    m = -n if n < 0 else n
    # results far below the subnormal range vanish whatever the rounding
    low = ctx._emin - (prec + _ndigits(m) + 2)
    adjx = e + _ndigits(c) - 1
    if n > 0:
        if (adjx + 1) * m < low - 3:
            if m < 100:
                return _vanished(rsign, ctx, st)
            return _fix(rsign, 1, low - 3, ctx, st)
    elif -adjx * m < low - 3:
        return _fix(rsign, 1, low - 3, ctx, st)
    if c == 1:
        if n > 0:
            return _pow_finish(rsign, 1, e * m, low, ctx, st)
        return _pow_finish_inv(rsign, 1, e * m, low, ctx, st)
    est = (c.bit_length() - 1) * m * 302 // 1000 + 1
    if est <= max(4000, 6 * prec):
        p = c ** m
        if n > 0:
            return _pow_finish(rsign, p, e * m, low, ctx, st)
        return _pow_finish_inv(rsign, p, e * m, low, ctx, st)
    wp = prec + _ndigits(m) + 12
    limit = 10 ** wp
    rc, rexp = 1, 0
    bc, bexp = c, e
    inexact = False
    k = m
    while True:
        if k & 1:
            rc *= bc
            rexp += bexp
            if rc >= limit:
                drop = _ndigits(rc) - wp
                rc, rem = divmod(rc, 10 ** drop)
                rexp += drop
                inexact = inexact or rem != 0
        k >>= 1
        if not k:
            break
        bc *= bc
        bexp += bexp
        if bc >= limit:
            drop = _ndigits(bc) - wp
            bc, rem = divmod(bc, 10 ** drop)
            bexp += drop
            inexact = inexact or rem != 0
    if n > 0:
        if inexact:
            rc = rc * 10 + 1
            rexp -= 1
        return _pow_finish(rsign, rc, rexp, low, ctx, st)
    if not inexact:
        return _pow_finish_inv(rsign, rc, rexp, low, ctx, st)
    scale = 2 * wp
    q = 10 ** scale // rc
    return _fix(rsign, q * 10 + 1, -scale - rexp - 1, ctx, st)


def _vanished(sign, ctx, st):
    return _fix(sign, 1, ctx._emin - 2 * ctx._prec - 4, ctx, st, ROUND_HALF_EVEN)


def _below(coef, exp, low):
    """Whether coef * 10**exp rounds to zero at the quantum 10**low."""
    adj = exp + _ndigits(coef) - 1
    if adj < low - 1:
        return True
    if adj == low - 1:
        return coef < 5 * 10 ** (_ndigits(coef) - 1)
    return False


def _pow_finish(sign, coef, exp, low, ctx, st):
    if _below(coef, exp, low):
        return _vanished(sign, ctx, st)
    return _fix(sign, coef, exp, ctx, st)


def _pow_finish_inv(sign, coef, exp, low, ctx, st):
    k = _ndigits(coef) + 3
    approx = 10 ** k // coef
    if approx and _below(approx, -k - exp, low):
        return _vanished(sign, ctx, st)
    return _div_raw(sign, 1, 0, coef, exp, ctx, st)


def _pow_real(a, b, ctx, st):
    prec = ctx._prec
    if a._exp <= 0 and a._coef == 10 ** (-a._exp):
        # ln(1) is exactly zero: the result is one, still flagged inexact
        st[0] |= _S_INEXACT | _S_ROUNDED
        return _fix(0, 10 ** (prec - 1), 1 - prec, ctx, st)
    lim = max(ctx._emax, ctx._prec - ctx._emin) + prec + 10
    adjb = _adjusted(b)
    adja = _adjusted(a)
    if adjb + _ndigits(abs(adja) + 1) + 1 < -(prec + 2):
        # |b * ln(a)| is far below one unit of the precision
        up = (adja >= 0) == (b._sign == 0)
        if up:
            return _fix(0, 10 ** (prec + 2) + 1, -(prec + 2), ctx, st)
        return _fix(0, 10 ** (prec + 2) - 1, -(prec + 2), ctx, st)
    W = prec + 10 + abs(adjb + 1) + _excess_near_one(a._coef, a._exp)
    tries = 0
    while True:
        W2 = W + _ndigits(abs(_adjusted(a)) + 1)
        L = _ln_fixed(a._coef, a._exp, W2)
        V = L * b._coef
        if b._exp >= 0:
            V *= 10 ** b._exp
        else:
            V //= 10 ** (-b._exp)
        if b._sign:
            V = -V
        if abs(V) > 3 * lim * 10 ** W2:
            if V > 0:
                return _fix(0, 1, ctx._emax + 1, ctx, st)
            return _fix(0, 1, ctx._emin - prec - 1, ctx, st)
        M, ex = _exp_fixed(V, W2)
        tries += 1
        err = 20 * 10 ** max(0, _adjusted(b) + 1)
        if tries >= 3 or _ziv_done(0, M, err, ex, ctx):
            st[0] |= _S_INEXACT | _S_ROUNDED
            return _fix(0, M * 10 + 1, ex - 1, ctx, st)
        W += prec + 10


def _op_pow3(a, b, m, ctx, st):
    for x in (a, b, m):
        if x._kind == _SNAN:
            st[0] |= _S_INVOP
            return _fix_nan(_new(x._sign, x._coef, 0, _QNAN), ctx)
    for x in (a, b, m):
        if x._kind == _QNAN:
            return _fix_nan(x, ctx)
    infos = []
    for x in (a, b, m):
        if x._kind != _FINITE:
            return _nan_result(st)
        info = _integral_info(x)
        if info is None or info[0] is None:
            return _nan_result(st)
        infos.append(info[0])
    ia, ib, im = infos
    if ib < 0 or im == 0 or (ia == 0 and ib == 0):
        return _nan_result(st)
    if _ndigits(abs(im)) > ctx._prec:
        return _nan_result(st)
    res = pow(abs(ia), ib, abs(im))
    sign = a._sign if ib & 1 else 0
    return _fix(sign, res, 0, ctx, st)


# ---------------------------------------------------------------- formatting

def _sci_parts(coef, exp, dot):
    """Split digits around the decimal point position dot (counted from the
    left of the coefficient); returns (integer part, fraction part)."""
    digits = str(coef)
    nd = len(digits)
    if dot <= 0:
        return '0', '.' + '0' * (-dot) + digits
    if dot >= nd:
        return digits + '0' * (dot - nd), ''
    return digits[:dot], '.' + digits[dot:]


def _group_digits(digits, sep, min_width):
    parts = []
    while True:
        size = min(max(len(digits), min_width, 1), 3)
        chunk = digits[-size:] if size <= len(digits) else digits
        parts.append('0' * (size - len(chunk)) + chunk)
        digits = digits[:-size] if size < len(digits) else ''
        min_width -= size
        if not digits and min_width <= 0:
            break
        min_width -= len(sep)
    parts.reverse()
    return sep.join(parts)


def _parse_spec(spec):
    res = {'fill': None, 'align': None, 'sign': '-', 'z': False, 'alt': False,
           'zeropad': False, 'width': 0, 'sep': '', 'prec': None, 'type': None}
    i = 0
    n = len(spec)
    if n >= 2 and spec[1] in '<>=^':
        res['fill'] = spec[0]
        res['align'] = spec[1]
        i = 2
    elif n >= 1 and spec[0] in '<>=^':
        res['align'] = spec[0]
        i = 1
    if i < n and spec[i] in '+- ':
        res['sign'] = spec[i]
        i += 1
    if i < n and spec[i] == 'z':
        res['z'] = True
        i += 1
    if i < n and spec[i] == '0':
        res['zeropad'] = True
        i += 1
    j = i
    while i < n and spec[i].isdigit():
        i += 1
    if i > j:
        res['width'] = int(spec[j:i])
    if i < n and spec[i] == ',':
        res['sep'] = spec[i]
        i += 1
    if i < n and spec[i] == '.':
        i += 1
        j = i
        while i < n and spec[i].isdigit():
            i += 1
        if i == j:
            raise ValueError('invalid format string')
        res['prec'] = int(spec[j:i])
    if i < n and spec[i] in 'eEfFgGn%':
        res['type'] = spec[i]
        i += 1
    if i != n:
        raise ValueError('invalid format string')
    if res['zeropad']:
        if res['fill'] is None:
            res['fill'] = '0'
        if res['align'] is None:
            res['align'] = '='
    if res['type'] == 'n' and res['sep']:
        raise ValueError('invalid format string')
    return res


def _format_decimal(d, spec, ctx):
    f = _parse_spec(spec)
    typ = f['type']
    prec = f['prec']
    sign = d._sign
    if d._kind != _FINITE:
        if d._kind == _INF:
            body = 'Infinity'
        else:
            body = ('NaN' if d._kind == _QNAN else 'sNaN') + (str(d._coef) if d._coef else '')
        if typ == '%':
            body += '%'
        intpart = body
        rest = ''
        if f['zeropad']:
            f['zeropad'] = False
            if f['fill'] == '0' and f['align'] == '=':
                f['fill'] = None
                f['align'] = None
    else:
        coef = d._coef
        exp = d._exp
        if typ == '%':
            exp += 2
        rounding = ctx._rounding
        if prec is not None:
            if typ in ('e', 'E'):
                want = prec + 1
                nd = _ndigits(coef)
                if nd < want and coef:
                    coef *= 10 ** (want - nd)
                    exp -= want - nd
                elif nd > want and coef:
                    coef, _ = _drop(sign, coef, nd - want, rounding)
                    exp += nd - want
                    if _ndigits(coef) > want:
                        coef //= 10
                        exp += 1
            elif typ in ('f', 'F', '%'):
                if exp > -prec:
                    coef *= 10 ** (exp + prec)
                elif exp < -prec:
                    coef, _ = _drop(sign, coef, -prec - exp, rounding)
                exp = -prec
            else:
                want = prec if prec else 1
                nd = _ndigits(coef)
                if nd > want and coef:
                    coef, _ = _drop(sign, coef, nd - want, rounding)
                    exp += nd - want
                    if _ndigits(coef) > want:
                        coef //= 10
                        exp += 1
        nd = _ndigits(coef)
        left = exp + nd
        if typ in ('e', 'E'):
            dot = 1 - prec if (coef == 0 and prec is not None) else 1
        elif typ in ('f', 'F', '%'):
            dot = left
        elif exp <= 0 and left > -6:
            dot = left
        else:
            dot = 1
        intpart, frac = _sci_parts(coef, exp, dot)
        if coef == 0 and len(intpart) > 1:
            intpart = '0'
        if left != dot or typ in ('e', 'E'):
            if typ in ('E', 'G'):
                ech = 'E'
            elif typ is None:
                ech = 'E' if ctx._capitals else 'e'
            else:
                ech = 'e'
            expstr = '%s%+d' % (ech, left - dot)
        else:
            expstr = ''
        rest = frac + expstr
        if typ == '%':
            rest += '%'
        if f['z'] and coef == 0:
            sign = 0
    if sign:
        sgn = '-'
    elif f['sign'] == '+':
        sgn = '+'
    elif f['sign'] == ' ':
        sgn = ' '
    else:
        sgn = ''
    width = f['width']
    if f['sep'] and d._kind == _FINITE:
        minw = 0
        if f['zeropad'] and f['fill'] == '0' and f['align'] == '=':
            minw = width - len(sgn) - len(rest)
        intpart = _group_digits(intpart, f['sep'], minw)
    body = intpart + rest
    fill = f['fill'] if f['fill'] is not None else ' '
    align = f['align'] or '>'
    pad = width - len(sgn) - len(body)
    if pad <= 0:
        return sgn + body
    if align == '<':
        return sgn + body + fill * pad
    if align == '^':
        lpad = pad // 2
        return fill * lpad + sgn + body + fill * (pad - lpad)
    if align == '=':
        return sgn + fill * pad + body
    return fill * pad + sgn + body


# ---------------------------------------------------------------- Decimal

_NO_REFLECT = (float, complex, str, bytes, type(None))


def _unsupported(sym, left, right):
    def name(x):
        return 'decimal.Decimal' if isinstance(x, Decimal) else type(x).__name__
    return TypeError("unsupported operand type(s) for %s: '%s' and '%s'"
                     % (sym, name(left), name(right)))


def _make_binary(fn, sym):
    def forward(self, other):
        o = _conv(other)
        if o is NotImplemented:
            if isinstance(other, _NO_REFLECT) and not (sym == '*' and isinstance(other, (str, bytes))):
                raise _unsupported(sym, self, other)
            return NotImplemented
        ctx = getcontext()
        st = [0]
        r = fn(self, o, ctx, st)
        if st[0]:
            ctx._apply(st[0])
        return r

    def reflected(self, other):
        o = _conv(other)
        if o is NotImplemented:
            if isinstance(other, _NO_REFLECT):
                raise _unsupported(sym, other, self)
            return NotImplemented
        ctx = getcontext()
        st = [0]
        r = fn(o, self, ctx, st)
        if st[0]:
            ctx._apply(st[0])
        return r
    return forward, reflected


def _unary(fn, self, context):
    ctx = _ctx(context)
    st = [0]
    r = fn(self, ctx, st)
    if st[0]:
        ctx._apply(st[0])
    return r


def _binary(fn, self, other, context, *extra):
    ctx = _ctx(context)
    o = _conv_strict(other)
    st = [0]
    r = fn(self, o, *extra, ctx, st) if extra else fn(self, o, ctx, st)
    if st[0]:
        ctx._apply(st[0])
    return r


def _logical_digits(d, ctx):
    if d._kind != _FINITE or d._sign or d._exp != 0:
        return None
    s = str(d._coef)
    if len(s) > ctx._prec:
        return None
    for ch in s:
        if ch not in '01':
            return None
    return s


class Decimal(object):
    """Immutable decimal floating point number."""

    __slots__ = ('_sign', '_coef', '_exp', '_kind')

    def __new__(cls, value='0', context=None):
        if isinstance(value, str):
            st = [0]
            d = _from_string(value, st)
            if st[0]:
                _ctx(context)._apply(st[0])
        elif isinstance(value, Decimal):
            d = value
        elif isinstance(value, int):
            d = _new(1 if value < 0 else 0, abs(value), 0)
        elif isinstance(value, float):
            ctx = _ctx(context)
            ctx._apply(_S_FLOATOP)
            d = _from_float(value)
        elif isinstance(value, (tuple, list)):
            d = _from_tuple(value)
        else:
            raise TypeError('conversion from %s to Decimal is not supported'
                            % type(value).__name__)
        if cls is Decimal and type(d) is Decimal:
            return d
        obj = object.__new__(cls)
        obj._sign = d._sign
        obj._coef = d._coef
        obj._exp = d._exp
        obj._kind = d._kind
        return obj

    @classmethod
    def from_float(cls, f):
        if not isinstance(f, (int, float)):
            raise TypeError('argument must be int or float')
        d = _from_float(f)
        if cls is Decimal:
            return d
        return cls(d)

    # -- conversions to text
    def __str__(self, eng=False, context=None):
        sign = '-' if self._sign else ''
        kind = self._kind
        if kind == _INF:
            return sign + 'Infinity'
        if kind == _QNAN:
            return sign + 'NaN' + (str(self._coef) if self._coef else '')
        if kind == _SNAN:
            return sign + 'sNaN' + (str(self._coef) if self._coef else '')
        coef = self._coef
        exp = self._exp
        nd = _ndigits(coef)
        left = exp + nd
        if exp <= 0 and left > -6:
            dot = left
        elif not eng:
            dot = 1
        elif coef == 0:
            dot = (left + 1) % 3 - 1
        else:
            dot = (left - 1) % 3 + 1
        intpart, frac = _sci_parts(coef, exp, dot)
        if left == dot:
            return sign + intpart + frac
        if context is None:
            context = getcontext()
        return '%s%s%s%s%+d' % (sign, intpart, frac,
                                'E' if context._capitals else 'e', left - dot)

    def to_eng_string(self, context=None):
        return self.__str__(True, context)

    def __repr__(self):
        return "Decimal('%s')" % self.__str__()

    def __format__(self, spec, _localeconv=None):
        if not isinstance(spec, str):
            raise TypeError('format spec must be a string')
        return _format_decimal(self, spec, getcontext())

    # -- structure
    def as_tuple(self):
        if self._kind == _INF:
            return DecimalTuple(self._sign, (0,), 'F')
        digits = tuple(int(ch) for ch in str(self._coef))
        if self._kind == _QNAN:
            return DecimalTuple(self._sign, digits if self._coef else (), 'n')
        if self._kind == _SNAN:
            return DecimalTuple(self._sign, digits if self._coef else (), 'N')
        return DecimalTuple(self._sign, digits, self._exp)

    def as_integer_ratio(self):
        if self._kind != _FINITE:
            if self._kind == _INF:
                raise OverflowError('cannot convert Infinity to integer ratio')
            raise ValueError('cannot convert NaN to integer ratio')
        if self._coef == 0:
            return 0, 1
        n = self._coef
        if self._exp >= 0:
            n *= 10 ** self._exp
            d = 1
        else:
            d = 10 ** (-self._exp)
            g = _math.gcd(n, d)
            n //= g
            d //= g
        return (-n if self._sign else n), d

    def adjusted(self):
        if self._kind != _FINITE:
            return 0
        return self._exp + _ndigits(self._coef) - 1

    def canonical(self):
        return self

    def is_canonical(self):
        return True

    def radix(self):
        return Decimal(10)

    def conjugate(self):
        return self

    real = property(conjugate)
    imag = property(lambda self: _new(0, 0, 0))

    def __reduce__(self):
        return type(self), (self.__str__(),)

    def __copy__(self):
        if type(self) is Decimal:
            return self
        return self.__class__(str(self))

    def __deepcopy__(self, memo):
        if type(self) is Decimal:
            return self
        return self.__class__(str(self))

    # -- conversions to numbers
    def __bool__(self):
        return self._kind != _FINITE or self._coef != 0

    def __int__(self):
        if self._kind != _FINITE:
            if self._kind == _INF:
                raise OverflowError('cannot convert Infinity to integer')
            raise ValueError('cannot convert NaN to integer')
        if self._exp >= 0:
            v = self._coef * 10 ** self._exp
        else:
            v = self._coef // 10 ** (-self._exp)
        return -v if self._sign else v

    __trunc__ = __int__

    def __float__(self):
        if self._kind == _SNAN:
            raise ValueError('cannot convert signaling NaN to float')
        if self._kind == _QNAN:
            return float('-nan') if self._sign else float('nan')
        return float(self.__str__(context=DefaultContext))

    def __complex__(self):
        return complex(float(self))

    def _integral(self, rounding):
        if self._kind != _FINITE:
            if self._kind == _INF:
                raise OverflowError('cannot convert Infinity to integer')
            raise ValueError('cannot convert NaN to integer')
        d = _op_to_integral(self, rounding, False, getcontext(), [0])
        return int(d)

    def __floor__(self):
        return self._integral(ROUND_FLOOR)

    def __ceil__(self):
        return self._integral(ROUND_CEILING)

    def __round__(self, n=None):
        if n is None:
            return self._integral(ROUND_HALF_EVEN)
        if not isinstance(n, int):
            raise TypeError('optional arg must be an integer')
        ctx = getcontext()
        st = [0]
        r = _op_quantize(self, _new(0, 1, -n), None, ctx, st)
        if st[0]:
            ctx._apply(st[0])
        return r

    def __hash__(self):
        kind = self._kind
        if kind == _SNAN:
            raise TypeError('Cannot hash a signaling NaN value')
        if kind == _QNAN:
            return object.__hash__(self)
        if kind == _INF:
            return -_HASH_INF if self._sign else _HASH_INF
        if self._exp >= 0:
            m = pow(10, self._exp, _MODULUS)
        else:
            m = pow(_HASH_10INV, -self._exp, _MODULUS)
        h = self._coef * m % _MODULUS
        if self._sign:
            h = -h
        return -2 if h == -1 else h

    # -- comparisons
    def _compare_with(self, other, equality):
        """Return the converted pair (a, b) or NotImplemented; records
        FloatOperation for floats."""
        a = self
        if isinstance(other, Decimal):
            return a, other
        if isinstance(other, int):
            return a, _new(1 if other < 0 else 0, abs(other), 0)
        if isinstance(other, float):
            ctx = getcontext()
            if equality:
                ctx._flags |= _S_FLOATOP
            else:
                ctx._apply(_S_FLOATOP)
            return a, _from_float(other)
        if equality and isinstance(other, complex):
            if other.imag != 0:
                return None
            ctx = getcontext()
            ctx._flags |= _S_FLOATOP
            return a, _from_float(other.real)
        if isinstance(other, _numbers.Rational):
            num = other.numerator
            den = other.denominator
            if a._kind == _FINITE:
                a = _new(a._sign, a._coef * den, a._exp)
            return a, _new(1 if num < 0 else 0, abs(num), 0)
        return NotImplemented

    def _order(self, other, test):
        pair = self._compare_with(other, False)
        if pair is NotImplemented or pair is None:
            return NotImplemented
        a, b = pair
        if a._kind >= _QNAN or b._kind >= _QNAN:
            getcontext()._apply(_S_INVOP)
            return False
        return test(_cmp(a, b))

    def __eq__(self, other):
        pair = self._compare_with(other, True)
        if pair is NotImplemented:
            return NotImplemented
        if pair is None:
            return False
        a, b = pair
        if a._kind >= _QNAN or b._kind >= _QNAN:
            if a._kind == _SNAN or b._kind == _SNAN:
                getcontext()._apply(_S_INVOP)
            return False
        return _cmp(a, b) == 0

    def __ne__(self, other):
        r = self.__eq__(other)
        if r is NotImplemented:
            return r
        return not r

    def __lt__(self, other):
        return self._order(other, lambda c: c < 0)

    def __le__(self, other):
        return self._order(other, lambda c: c <= 0)

    def __gt__(self, other):
        return self._order(other, lambda c: c > 0)

    def __ge__(self, other):
        return self._order(other, lambda c: c >= 0)

    # -- arithmetic operators
    __add__, __radd__ = _make_binary(_op_add, '+')
    __sub__, __rsub__ = _make_binary(_op_sub, '-')
    __mul__, __rmul__ = _make_binary(_op_mul, '*')
    __truediv__, __rtruediv__ = _make_binary(_op_div, '/')
    __floordiv__, __rfloordiv__ = _make_binary(_op_floordiv, '//')
    __mod__, __rmod__ = _make_binary(_op_mod, '%')
    __divmod__, __rdivmod__ = _make_binary(_op_divmod, 'divmod()')
    _pow2, __rpow__ = _make_binary(_op_pow, '** or pow()')

    def __pow__(self, other, modulo=None):
        if modulo is None:
            return self._pow2(other)
        o = _conv(other)
        m = _conv(modulo)
        if o is NotImplemented or m is NotImplemented:
            return NotImplemented
        ctx = getcontext()
        st = [0]
        r = _op_pow3(self, o, m, ctx, st)
        if st[0]:
            ctx._apply(st[0])
        return r

    def __neg__(self):
        return _unary(_op_minus, self, None)

    def __pos__(self):
        return _unary(_op_plus, self, None)

    def __abs__(self, round=True, context=None):
        return _unary(_op_abs, self, context)

    # -- methods with an optional context
    def sqrt(self, context=None):
        return _unary(_op_sqrt, self, context)

    def exp(self, context=None):
        return _unary(_op_exp, self, context)

    def ln(self, context=None):
        return _unary(_op_ln, self, context)

    def log10(self, context=None):
        return _unary(_op_log10, self, context)

    def logb(self, context=None):
        return _unary(_op_logb, self, context)

    def normalize(self, context=None):
        return _unary(_op_normalize, self, context)

    def next_plus(self, context=None):
        return _binary_dir(self, 1, context)

    def next_minus(self, context=None):
        return _binary_dir(self, -1, context)

    def next_toward(self, other, context=None):
        return _binary(_op_next_toward, self, other, context)

    def quantize(self, exp, rounding=None, context=None):
        if rounding is not None and rounding not in _ROUNDINGS:
            raise TypeError('valid values for rounding are:\n'
                            '  [ROUND_CEILING, ROUND_FLOOR, ROUND_UP, ROUND_DOWN,\n'
                            '   ROUND_HALF_UP, ROUND_HALF_DOWN, ROUND_HALF_EVEN,\n'
                            '   ROUND_05UP]')
        return _binary(_op_quantize, self, exp, context, rounding)

    def to_integral_value(self, rounding=None, context=None):
        ctx = _ctx(context)
        st = [0]
        r = _op_to_integral(self, rounding, False, ctx, st)
        if st[0]:
            ctx._apply(st[0])
        return r

    to_integral = to_integral_value

    def to_integral_exact(self, rounding=None, context=None):
        ctx = _ctx(context)
        st = [0]
        r = _op_to_integral(self, rounding, True, ctx, st)
        if st[0]:
            ctx._apply(st[0])
        return r

    def compare(self, other, context=None):
        return _binary(_op_compare, self, other, context, False)

    def compare_signal(self, other, context=None):
        return _binary(_op_compare, self, other, context, True)

    def compare_total(self, other, context=None):
        o = _conv_strict(other)
        c = _total(self, o)
        return _ZERO if c == 0 else (_ONE if c > 0 else _MINUS_ONE)

    def compare_total_mag(self, other, context=None):
        o = _conv_strict(other)
        c = _total_mag(self, o)
        return _ZERO if c == 0 else (_ONE if c > 0 else _MINUS_ONE)

    def max(self, other, context=None):
        return _binary(_op_max, self, other, context, False, False)

    def min(self, other, context=None):
        return _binary(_op_max, self, other, context, True, False)

    def max_mag(self, other, context=None):
        return _binary(_op_max, self, other, context, False, True)

    def min_mag(self, other, context=None):
        return _binary(_op_max, self, other, context, True, True)

    def remainder_near(self, other, context=None):
        return _binary(_op_remainder_near, self, other, context)

    def scaleb(self, other, context=None):
        return _binary(_op_scaleb, self, other, context)

    def fma(self, other, third, context=None):
        ctx = _ctx(context)
        st = [0]
        r = _op_fma(self, _conv_strict(other), _conv_strict(third), ctx, st)
        if st[0]:
            ctx._apply(st[0])
        return r

    def copy_abs(self):
        return _new(0, self._coef, self._exp, self._kind)

    def copy_negate(self):
        return _new(self._sign ^ 1, self._coef, self._exp, self._kind)

    def copy_sign(self, other, context=None):
        o = _conv_strict(other)
        return _new(o._sign, self._coef, self._exp, self._kind)

    def same_quantum(self, other, context=None):
        o = _conv_strict(other)
        if self._kind != _FINITE or o._kind != _FINITE:
            return (self._kind >= _QNAN and o._kind >= _QNAN) or \
                (self._kind == _INF and o._kind == _INF)
        return self._exp == o._exp

    # -- predicates
    def is_finite(self):
        return self._kind == _FINITE

    def is_infinite(self):
        return self._kind == _INF

    def is_nan(self):
        return self._kind >= _QNAN

    def is_qnan(self):
        return self._kind == _QNAN

    def is_snan(self):
        return self._kind == _SNAN

    def is_signed(self):
        return self._sign == 1

    def is_zero(self):
        return self._kind == _FINITE and self._coef == 0

    def is_normal(self, context=None):
        if self._kind != _FINITE or self._coef == 0:
            return False
        return self.adjusted() >= _ctx(context)._emin

    def is_subnormal(self, context=None):
        if self._kind != _FINITE or self._coef == 0:
            return False
        return self.adjusted() < _ctx(context)._emin

    def number_class(self, context=None):
        if self._kind == _SNAN:
            return 'sNaN'
        if self._kind == _QNAN:
            return 'NaN'
        sign = '-' if self._sign else '+'
        if self._kind == _INF:
            return sign + 'Infinity'
        if self._coef == 0:
            return sign + 'Zero'
        if self.is_subnormal(context):
            return sign + 'Subnormal'
        return sign + 'Normal'

    # -- digit-wise operations
    def _logical(self, other, context, fn):
        ctx = _ctx(context)
        o = _conv_strict(other)
        a = _logical_digits(self, ctx)
        b = _logical_digits(o, ctx) if o is not None else None
        if a is None or (o is not None and b is None):
            ctx._apply(_S_INVOP)
            return _new(0, 0, 0, _QNAN)
        width = ctx._prec
        a = a.rjust(width, '0')
        b = b.rjust(width, '0')
        out = ''.join(fn(x, y) for x, y in zip(a, b))
        return _new(0, int(out), 0)

    def logical_and(self, other, context=None):
        return self._logical(other, context, lambda x, y: '1' if x == y == '1' else '0')

    def logical_or(self, other, context=None):
        return self._logical(other, context, lambda x, y: '1' if '1' in (x, y) else '0')

    def logical_xor(self, other, context=None):
        return self._logical(other, context, lambda x, y: '1' if x != y else '0')

    def logical_invert(self, context=None):
        return self._logical(_new(0, 0, 0), context, lambda x, y: '0' if x == '1' else '1')

    def _shift_amount(self, other, ctx, st):
        r = _check_nans(self, other, ctx, st)
        if r is not None:
            return r, None
        if other._kind != _FINITE or other._exp != 0 or other._coef > ctx._prec:
            return _nan_result(st), None
        return None, (-other._coef if other._sign else other._coef)

    def rotate(self, other, context=None):
        ctx = _ctx(context)
        st = [0]
        res, n = self._shift_amount(_conv_strict(other), ctx, st)
        if res is None:
            if self._kind == _INF:
                res = self
            else:
                prec = ctx._prec
                digits = str(self._coef).rjust(prec, '0')[-prec:]
                n %= prec
                digits = digits[n:] + digits[:n]
                res = _new(self._sign, int(digits), self._exp)
        if st[0]:
            ctx._apply(st[0])
        return res

    def shift(self, other, context=None):
        ctx = _ctx(context)
        st = [0]
        res, n = self._shift_amount(_conv_strict(other), ctx, st)
        if res is None:
            if self._kind == _INF:
                res = self
            else:
                prec = ctx._prec
                if n >= 0:
                    c = (self._coef * 10 ** n) % 10 ** prec
                else:
                    c = self._coef // 10 ** (-n)
                res = _new(self._sign, c, self._exp)
        if st[0]:
            ctx._apply(st[0])
        return res


def _binary_dir(self, direction, context):
    ctx = _ctx(context)
    st = [0]
    r = _op_next(self, direction, ctx, st)
    if st[0]:
        ctx._apply(st[0])
    return r


_numbers.Number.register(Decimal)

_ONE = _new(0, 1, 0)
_MINUS_ONE = _new(1, 1, 0)
_ZERO = _new(0, 0, 0)
