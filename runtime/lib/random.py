"""Pseudo-random numbers (Weft's implementation of `random`).

The core generator is the native `_random.Random` (Mersenne Twister, the
same API as CPython's `_random`); everything built on it here follows
CPython 3.11's algorithms exactly, so integer seeds reproduce CPython's
sequences for random, getrandbits, randrange, randint, choice, shuffle,
sample, choices, uniform, gauss and the other distributions."""

import _random
import math as _math
from math import log as _log, exp as _exp, pi as _pi, e as _e
from math import ceil as _ceil, sqrt as _sqrt, cos as _cos, sin as _sin
from math import floor as _floor

__all__ = [
    'Random', 'SystemRandom', 'betavariate', 'choice', 'choices',
    'expovariate', 'gammavariate', 'gauss', 'getrandbits', 'getstate',
    'lognormvariate', 'normalvariate', 'paretovariate', 'randbytes',
    'randint', 'random', 'randrange', 'sample', 'seed', 'setstate',
    'shuffle', 'triangular', 'uniform', 'vonmisesvariate', 'weibullvariate',
]

NV_MAGICCONST = 4 * _exp(-0.5) / _sqrt(2.0)
TWOPI = 2.0 * _pi
LOG4 = _log(4.0)
SG_MAGICCONST = 1.0 + _log(4.5)
BPF = 53
RECIP_BPF = 2 ** -BPF

try:
    _BYTES_TYPES = (bytes, bytearray)
except NameError:
    _BYTES_TYPES = (bytes,)
_STR_BYTES_TYPES = (str,) + _BYTES_TYPES
_SEED_TYPES = (type(None), int, float) + _STR_BYTES_TYPES

_MASK64 = (1 << 64) - 1


################################################################################
# SHA-512 (used to turn str/bytes seeds into integers, as CPython does)
################################################################################

_SHA512_K = None
_SHA512_H = None


def _icbrt(n):
    """Largest integer x with x**3 <= n (n > 0)."""
    x = 1 << ((n.bit_length() + 2) // 3)
    while True:
        y = (2 * x + n // (x * x)) // 3
        if y >= x:
            break
        x = y
    while x * x * x > n:
        x -= 1
    while (x + 1) * (x + 1) * (x + 1) <= n:
        x += 1
    return x


def _sha512_init():
    global _SHA512_K, _SHA512_H
    primes = []
    candidate = 2
    while len(primes) < 80:
        for p in primes:
            if p * p > candidate:
                primes.append(candidate)
                break
            if candidate % p == 0:
                break
        else:
            primes.append(candidate)
        candidate += 1
    # fractional parts of the cube roots of the first 80 primes, and of the
    # square roots of the first 8, as 64-bit words
    _SHA512_K = [_icbrt(p << 192) & _MASK64 for p in primes]
    _SHA512_H = [_math.isqrt(p << 128) & _MASK64 for p in primes[:8]]


def _rotr(x, n):
    return ((x >> n) | (x << (64 - n))) & _MASK64


def _sha512_int(data):
    """SHA-512 digest of the bytes `data`, as a 512-bit integer."""
    if _SHA512_K is None:
        _sha512_init()
    k = _SHA512_K
    mask = _MASK64
    nbits = len(data) * 8
    # message || 1 bit || zeros || 128-bit length, as one big integer
    nzero = (895 - nbits) % 1024
    total_bits = nbits + 1 + nzero + 128
    m = ((int.from_bytes(data, 'big') << 1 | 1) << (nzero + 128)) | nbits
    h = list(_SHA512_H)
    nblocks = total_bits // 1024
    for block in range(nblocks):
        chunk = (m >> ((nblocks - 1 - block) * 1024)) & ((1 << 1024) - 1)
        w = [(chunk >> (64 * (15 - i))) & mask for i in range(16)]
        for t in range(16, 80):
            x = w[t - 15]
            y = w[t - 2]
            s0 = _rotr(x, 1) ^ _rotr(x, 8) ^ (x >> 7)
            s1 = _rotr(y, 19) ^ _rotr(y, 61) ^ (y >> 6)
            w.append((w[t - 16] + s0 + w[t - 7] + s1) & mask)
        a, b, c, d, e, f, g, hh = h
        for t in range(80):
            s1 = _rotr(e, 14) ^ _rotr(e, 18) ^ _rotr(e, 41)
            ch = (e & f) ^ ((e ^ mask) & g)
            temp1 = hh + s1 + ch + k[t] + w[t]
            s0 = _rotr(a, 28) ^ _rotr(a, 34) ^ _rotr(a, 39)
            maj = (a & b) ^ (a & c) ^ (b & c)
            hh = g
            g = f
            f = e
            e = (d + temp1) & mask
            d = c
            c = b
            b = a
            a = (temp1 + s0 + maj) & mask
        h = [(h[0] + a) & mask, (h[1] + b) & mask, (h[2] + c) & mask,
             (h[3] + d) & mask, (h[4] + e) & mask, (h[5] + f) & mask,
             (h[6] + g) & mask, (h[7] + hh) & mask]
    digest = 0
    for word in h:
        digest = (digest << 64) | word
    return digest


################################################################################
# helpers
################################################################################

def _index(x):
    if isinstance(x, int):
        return int(x)
    meth = getattr(type(x), '__index__', None)
    if meth is None:
        raise TypeError("'%s' object cannot be interpreted as an integer"
                        % type(x).__name__)
    return meth(x)


def _bisect_right(a, x, lo, hi):
    while lo < hi:
        mid = (lo + hi) // 2
        if x < a[mid]:
            hi = mid
        else:
            lo = mid + 1
    return lo


def _is_sequence(population):
    if isinstance(population, (list, tuple, str, range) + _BYTES_TYPES):
        return True
    try:
        from collections import deque
    except ImportError:
        return False
    return isinstance(population, deque)


def _accumulate(values):
    total = None
    result = []
    first = True
    for v in values:
        if first:
            total = v
            first = False
        else:
            total = total + v
        result.append(total)
    return result


################################################################################
# Random
################################################################################

class Random:
    """Random number generator base class used by bound module functions.

    Each instance wraps its own native Mersenne Twister (`_random.Random`)."""

    VERSION = 3

    def __init__(self, x=None):
        self._gen = _random.Random()
        cls = type(self)
        # Use the native methods directly unless a subclass overrides them.
        if cls.random is Random.random:
            self.random = self._gen.random
        if cls.getrandbits is Random.getrandbits:
            self.getrandbits = self._gen.getrandbits
        if cls is not Random:
            # CPython picks _randbelow per subclass: a class overriding
            # random() but not getrandbits() draws integers from random().
            for klass in cls.__mro__:
                if '_randbelow' in klass.__dict__:
                    break
                if 'getrandbits' in klass.__dict__:
                    self._randbelow = self._randbelow_with_getrandbits
                    break
                if 'random' in klass.__dict__:
                    self._randbelow = self._randbelow_without_getrandbits
                    break
        self.seed(x)
        self.gauss_next = None

    def __getattr__(self, name):
        # a subclass whose __init__ did not call Random.__init__ still gets
        # its own (randomly seeded) generator, as with CPython's C base
        if name == '_gen':
            gen = _random.Random()
            self._gen = gen
            return gen
        raise AttributeError("'%s' object has no attribute '%s'"
                             % (type(self).__name__, name))

    def seed(self, a=None, version=2):
        """Initialize internal state from a seed.

        The only supported seed types are None, int, float, str, bytes and
        bytearray.  None seeds from the current time or the system's
        randomness source."""
        if version == 1 and isinstance(a, (str, bytes)):
            if isinstance(a, bytes):
                a = a.decode('latin-1')
            x = ord(a[0]) << 7 if a else 0
            for ch in a:
                x = ((1000003 * x) ^ ord(ch)) & _MASK64
            x ^= len(a)
            a = -2 if x == -1 else x
        elif version == 2 and isinstance(a, _STR_BYTES_TYPES):
            if isinstance(a, str):
                a = a.encode()
            else:
                a = bytes(a)
            a = (int.from_bytes(a, 'big') << 512) | _sha512_int(a)
        elif not isinstance(a, _SEED_TYPES):
            raise TypeError('The only supported seed types are: None,\n'
                            'int, float, str, bytes, and bytearray.')
        if a is None:
            self._gen.seed(None)
        elif isinstance(a, int):
            self._gen.seed(abs(int(a)))
        else:
            self._gen.seed(hash(a) & _MASK64)
        self.gauss_next = None

    def getstate(self):
        """Return internal state; can be passed to setstate() later."""
        return self.VERSION, self._gen.getstate(), self.gauss_next

    def setstate(self, state):
        """Restore internal state from object returned by getstate()."""
        version = state[0]
        if version == 3:
            version, internalstate, self.gauss_next = state
            self._gen.setstate(internalstate)
        elif version == 2:
            version, internalstate, self.gauss_next = state
            try:
                internalstate = tuple([x % (2 ** 32) for x in internalstate])
            except ValueError:
                raise TypeError('state vector must be a tuple') from None
            self._gen.setstate(internalstate)
        else:
            raise ValueError('state with version %s passed to '
                             'Random.setstate() of version %s'
                             % (version, self.VERSION))

    def random(self):
        """random() -> x in the interval [0, 1)."""
        return self._gen.random()

    def getrandbits(self, k):
        """getrandbits(k) -> x.  Generates an int with k random bits."""
        return self._gen.getrandbits(k)

    # -- integer methods --------------------------------------------------------

    def _randbelow(self, n):
        """Return a random int in the range [0,n).  Defined for n > 0."""
        getrandbits = self.getrandbits
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return r

    _randbelow_with_getrandbits = _randbelow

    def _randbelow_without_getrandbits(self, n, maxsize=1 << BPF):
        """Return a random int in the range [0,n), using only random()."""
        random = self.random
        if n >= maxsize:
            return _floor(random() * n)
        rem = maxsize % n
        limit = (maxsize - rem) / maxsize
        r = random()
        while r >= limit:
            r = random()
        return _floor(r * maxsize) % n

    def randbytes(self, n):
        """Generate n random bytes."""
        return self.getrandbits(n * 8).to_bytes(n, 'little')

    def randrange(self, start, stop=None, step=1):
        """Choose a random item from range(stop) or range(start, stop[, step])."""
        try:
            istart = _index(start)
        except TypeError:
            istart = int(start)
            if istart != start:
                raise ValueError('non-integer arg 1 for randrange()')
        if stop is None:
            if step != 1 or type(step) is not int:
                raise TypeError('Missing a non-None stop argument')
            if istart > 0:
                return self._randbelow(istart)
            raise ValueError('empty range for randrange()')

        try:
            istop = _index(stop)
        except TypeError:
            istop = int(stop)
            if istop != stop:
                raise ValueError('non-integer stop for randrange()')
        width = istop - istart
        try:
            istep = _index(step)
        except TypeError:
            istep = int(step)
            if istep != step:
                raise ValueError('non-integer step for randrange()')
        if istep == 1:
            if width > 0:
                return istart + self._randbelow(width)
            raise ValueError('empty range for randrange() (%d, %d, %d)'
                             % (istart, istop, width))

        if istep > 0:
            n = (width + istep - 1) // istep
        elif istep < 0:
            n = (width + istep + 1) // istep
        else:
            raise ValueError('zero step for randrange()')
        if n <= 0:
            raise ValueError('empty range for randrange()')
        return istart + istep * self._randbelow(n)

    def randint(self, a, b):
        """Return random integer in range [a, b], including both end points."""
        return self.randrange(a, b + 1)

    # -- sequence methods -------------------------------------------------------

    def choice(self, seq):
        """Choose a random element from a non-empty sequence."""
        if not len(seq):
            raise IndexError('Cannot choose from an empty sequence')
        return seq[self._randbelow(len(seq))]

    def shuffle(self, x):
        """Shuffle list x in place, and return None."""
        randbelow = self._randbelow
        for i in range(len(x) - 1, 0, -1):
            j = randbelow(i + 1)
            x[i], x[j] = x[j], x[i]

    def sample(self, population, k, *, counts=None):
        """Chooses k unique random elements from a population sequence."""
        if not _is_sequence(population):
            raise TypeError('Population must be a sequence.  '
                            'For dicts or sets, use sorted(d).')
        n = len(population)
        if counts is not None:
            cum_counts = _accumulate(counts)
            if len(cum_counts) != n:
                raise ValueError('The number of counts does not match the '
                                 'population')
            total = cum_counts.pop()
            if not isinstance(total, int):
                raise TypeError('Counts must be integers')
            if total <= 0:
                raise ValueError('Total of counts must be greater than zero')
            selections = self.sample(range(total), k=k)
            hi = len(cum_counts)
            return [population[_bisect_right(cum_counts, s, 0, hi)]
                    for s in selections]
        randbelow = self._randbelow
        if not 0 <= k <= n:
            raise ValueError('Sample larger than population or is negative')
        result = [None] * k
        setsize = 21
        if k > 5:
            setsize += 4 ** _ceil(_log(k * 3, 4))
        if n <= setsize:
            pool = list(population)
            for i in range(k):
                j = randbelow(n - i)
                result[i] = pool[j]
                pool[j] = pool[n - i - 1]
        else:
            selected = set()
            for i in range(k):
                j = randbelow(n)
                while j in selected:
                    j = randbelow(n)
                selected.add(j)
                result[i] = population[j]
        return result

    def choices(self, population, weights=None, *, cum_weights=None, k=1):
        """Return a k sized list of population elements chosen with
        replacement."""
        random = self.random
        n = len(population)
        if cum_weights is None:
            if weights is None:
                floor = _floor
                n += 0.0
                return [population[floor(random() * n)] for i in range(k)]
            try:
                cum_weights = _accumulate(weights)
            except TypeError:
                if not isinstance(weights, int):
                    raise
                k = weights
                raise TypeError('The number of choices must be a keyword '
                                'argument: k=%r' % (k,)) from None
        elif weights is not None:
            raise TypeError('Cannot specify both weights and cumulative '
                            'weights')
        if len(cum_weights) != n:
            raise ValueError('The number of weights does not match the '
                             'population')
        total = cum_weights[-1] + 0.0
        if total <= 0.0:
            raise ValueError('Total of weights must be greater than zero')
        if not _math.isfinite(total):
            raise ValueError('Total of weights must be finite')
        hi = n - 1
        return [population[_bisect_right(cum_weights, random() * total, 0, hi)]
                for i in range(k)]

    # -- real-valued distributions ----------------------------------------------

    def uniform(self, a, b):
        """Get a random number in the range [a, b) or [a, b] depending on
        rounding."""
        return a + (b - a) * self.random()

    def triangular(self, low=0.0, high=1.0, mode=None):
        """Triangular distribution."""
        u = self.random()
        try:
            c = 0.5 if mode is None else (mode - low) / (high - low)
        except ZeroDivisionError:
            return low
        if u > c:
            u = 1.0 - u
            c = 1.0 - c
            low, high = high, low
        return low + (high - low) * _sqrt(u * c)

    def normalvariate(self, mu=0.0, sigma=1.0):
        """Normal distribution (Kinderman and Monahan method)."""
        random = self.random
        while True:
            u1 = random()
            u2 = 1.0 - random()
            z = NV_MAGICCONST * (u1 - 0.5) / u2
            zz = z * z / 4.0
            if zz <= -_log(u2):
                break
        return mu + z * sigma

    def gauss(self, mu=0.0, sigma=1.0):
        """Gaussian distribution (Box-Muller, keeping the second value for
        the next call)."""
        random = self.random
        z = self.gauss_next
        self.gauss_next = None
        if z is None:
            x2pi = random() * TWOPI
            g2rad = _sqrt(-2.0 * _log(1.0 - random()))
            z = _cos(x2pi) * g2rad
            self.gauss_next = _sin(x2pi) * g2rad
        return mu + z * sigma

    def lognormvariate(self, mu, sigma):
        """Log normal distribution."""
        return _exp(self.normalvariate(mu, sigma))

    def expovariate(self, lambd=1.0):
        """Exponential distribution; lambd is 1.0 divided by the mean."""
        return -_log(1.0 - self.random()) / lambd

    def vonmisesvariate(self, mu, kappa):
        """Circular data distribution."""
        random = self.random
        if kappa <= 1e-6:
            return TWOPI * random()
        s = 0.5 / kappa
        r = s + _sqrt(1.0 + s * s)
        while True:
            u1 = random()
            z = _cos(_pi * u1)
            d = z / (r + z)
            u2 = random()
            if u2 < 1.0 - d * d or u2 <= (1.0 - d) * _exp(d):
                break
        q = 1.0 / r
        f = (q + z) / (1.0 + q * z)
        u3 = random()
        if u3 > 0.5:
            theta = (mu + _math.acos(f)) % TWOPI
        else:
            theta = (mu - _math.acos(f)) % TWOPI
        return theta

    def gammavariate(self, alpha, beta):
        """Gamma distribution.  Not the gamma function!"""
        if alpha <= 0.0 or beta <= 0.0:
            raise ValueError('gammavariate: alpha and beta must be > 0.0')
        random = self.random
        if alpha > 1.0:
            ainv = _sqrt(2.0 * alpha - 1.0)
            bbb = alpha - LOG4
            ccc = alpha + ainv
            while True:
                u1 = random()
                if not 1e-7 < u1 < 0.9999999:
                    continue
                u2 = 1.0 - random()
                v = _log(u1 / (1.0 - u1)) / ainv
                x = alpha * _exp(v)
                z = u1 * u1 * u2
                r = bbb + ccc * v - x
                if r + SG_MAGICCONST - 4.5 * z >= 0.0 or r >= _log(z):
                    return x * beta
        elif alpha == 1.0:
            return -_log(1.0 - random()) * beta
        else:
            while True:
                u = random()
                b = (_e + alpha) / _e
                p = b * u
                if p <= 1.0:
                    x = p ** (1.0 / alpha)
                else:
                    x = -_log((b - p) / alpha)
                u1 = random()
                if p > 1.0:
                    if u1 <= x ** (alpha - 1.0):
                        break
                elif u1 <= _exp(-x):
                    break
            return x * beta

    def betavariate(self, alpha, beta):
        """Beta distribution."""
        y = self.gammavariate(alpha, 1.0)
        if y:
            return y / (y + self.gammavariate(beta, 1.0))
        return 0.0

    def paretovariate(self, alpha):
        """Pareto distribution.  alpha is the shape parameter."""
        u = 1.0 - self.random()
        return u ** (-1.0 / alpha)

    def weibullvariate(self, alpha, beta):
        """Weibull distribution."""
        u = 1.0 - self.random()
        return alpha * (-_log(u)) ** (1.0 / beta)


class SystemRandom(Random):
    """Not available in Weft: there is no operating-system entropy source."""

    def __init__(self, x=None):
        raise NotImplementedError('SystemRandom is not available')


################################################################################
# module-level functions bound to a hidden instance
################################################################################

_inst = Random()
seed = _inst.seed
random = _inst.random
uniform = _inst.uniform
triangular = _inst.triangular
randint = _inst.randint
choice = _inst.choice
randrange = _inst.randrange
sample = _inst.sample
shuffle = _inst.shuffle
choices = _inst.choices
normalvariate = _inst.normalvariate
lognormvariate = _inst.lognormvariate
expovariate = _inst.expovariate
vonmisesvariate = _inst.vonmisesvariate
gammavariate = _inst.gammavariate
gauss = _inst.gauss
betavariate = _inst.betavariate
paretovariate = _inst.paretovariate
weibullvariate = _inst.weibullvariate
getstate = _inst.getstate
setstate = _inst.setstate
getrandbits = _inst.getrandbits
randbytes = _inst.randbytes
