"""Weft's `random` module: pseudo-random numbers over the native Mersenne
Twister `_random.Random`.

Seeded runs give exactly CPython 3.11's numbers: the integer, sequence and
distribution methods consume the generator in CPython's order and do its
arithmetic.  A Random instance (and so the module-level functions) may be
used from many threads at once."""

import _random
from _thread import allocate_lock as _allocate_lock
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


def _whole(value, what):
    # randrange's arguments: integers, or floats with an integral value
    # (which CPython 3.11 still accepts, deprecated).
    try:
        return _index(value)
    except TypeError:
        whole = int(value)
        if whole != value:
            raise ValueError('non-integer %s for randrange()' % what)
        return whole


def _first_above(cumulative, x, hi):
    """The least index i < hi with x < cumulative[i] (hi if none): where a
    draw x lands among running totals."""
    lo = 0
    while hi > lo:
        middle = (lo + hi) // 2
        if cumulative[middle] > x:
            hi = middle
        else:
            lo = middle + 1
    return lo


def _is_sequence(population):
    if isinstance(population, (list, tuple, str, range) + _BYTES_TYPES):
        return True
    try:
        from collections import deque
    except ImportError:
        return False
    return isinstance(population, deque)


def _running_totals(values):
    totals = []
    for v in values:
        totals.append(totals[-1] + v if totals else v)
    return totals


def _small_pool_limit(k):
    # sample() copies the population when a list of it would be no larger
    # than a set holding k indices; CPython's estimate of that set's size.
    limit = 21
    if k > 5:
        limit += 4 ** _ceil(_log(k * 3, 4))
    return limit


################################################################################
# Random
################################################################################

class Random:
    """A pseudo-random number generator; the module-level functions are the
    methods of one shared instance.

    Each instance has its own native Mersenne Twister (`_random.Random`),
    seeded from `x` (see seed()).  The state this class adds (the spare
    normal deviate of gauss()) changes only with the instance's lock held,
    so an instance may be shared by threads."""

    VERSION = 3

    def __init__(self, x=None):
        self._gen = _random.Random()
        self._lock = _allocate_lock()
        kind = type(self)
        # Call the native methods directly unless a subclass overrides them.
        if kind.random is Random.random:
            self.random = self._gen.random
        if kind.getrandbits is Random.getrandbits:
            self.getrandbits = self._gen.getrandbits
        if kind is not Random:
            self._pick_randbelow(kind)
        self.seed(x)
        self.gauss_next = None

    def _pick_randbelow(self, kind):
        # As CPython: the class nearest in the MRO that defines _randbelow,
        # getrandbits or random decides how integers are drawn; one that
        # overrides only random() draws them from random().
        for klass in kind.__mro__:
            own = klass.__dict__
            if '_randbelow' in own:
                return
            if 'getrandbits' in own:
                self._randbelow = self._randbelow_with_getrandbits
                return
            if 'random' in own:
                self._randbelow = self._randbelow_without_getrandbits
                return

    def __getattr__(self, name):
        # A subclass whose __init__ skipped Random.__init__ still gets its
        # own (randomly seeded) generator and lock, as with CPython's C base.
        if name == '_gen':
            value = _random.Random()
        elif name == '_lock':
            value = _allocate_lock()
        else:
            raise AttributeError("'%s' object has no attribute '%s'"
                                 % (type(self).__name__, name))
        setattr(self, name, value)
        return value

    def seed(self, a=None, version=2):
        """Start the generator afresh from `a`: None (fresh entropy), an int,
        a float, or a str, bytes or bytearray.  The same seed gives CPython's
        sequence."""
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
            native_seed = None
        elif isinstance(a, int):
            native_seed = abs(int(a))
        else:
            native_seed = hash(a) & _MASK64
        with self._lock:
            self._gen.seed(native_seed)
            self.gauss_next = None

    def getstate(self):
        """A snapshot of the generator, for setstate()."""
        with self._lock:
            return self.VERSION, self._gen.getstate(), self.gauss_next

    def setstate(self, state):
        """Return the generator to a snapshot taken by getstate()."""
        version = state[0]
        if version == 3:
            _, words, spare = state
        elif version == 2:
            _, words, spare = state
            # version 2 snapshots may hold words as signed or large ints
            try:
                words = tuple([w % (2 ** 32) for w in words])
            except ValueError:
                raise TypeError('state vector must be a tuple') from None
        else:
            raise ValueError('state with version %s passed to '
                             'Random.setstate() of version %s'
                             % (version, self.VERSION))
        with self._lock:
            self._gen.setstate(words)
            self.gauss_next = spare

    def random(self):
        """A float x with 0.0 <= x < 1.0."""
        return self._gen.random()

    def getrandbits(self, k):
        """A non-negative int of k random bits."""
        return self._gen.getrandbits(k)

    # -- integers ----------------------------------------------------------------

    def _randbelow_with_getrandbits(self, n):
        """A uniform int in range(n), n > 0: draw n.bit_length() bits until
        they fall below n."""
        width = n.bit_length()
        draw = self.getrandbits
        while True:
            r = draw(width)
            if r < n:
                return r

    _randbelow = _randbelow_with_getrandbits

    def _randbelow_without_getrandbits(self, n, maxsize=1 << BPF):
        """A uniform int in range(n) from random() alone (for subclasses
        that replace only random())."""
        draw = self.random
        if n >= maxsize:
            return _floor(draw() * n)
        # reject the top sliver of [0, 1) that would favour small results
        cutoff = (maxsize - maxsize % n) / maxsize
        while True:
            r = draw()
            if r < cutoff:
                return _floor(r * maxsize) % n

    def randbytes(self, n):
        """n random bytes."""
        return self.getrandbits(n * 8).to_bytes(n, 'little')

    def randrange(self, start, stop=None, step=1):
        """A random member of range(start), or of range(start, stop[, step])
        when stop is given."""
        first = _whole(start, 'arg 1')
        if stop is None:
            if type(step) is not int or step != 1:
                raise TypeError('Missing a non-None stop argument')
            if first <= 0:
                raise ValueError('empty range for randrange()')
            return self._randbelow(first)
        end = _whole(stop, 'stop')
        width = end - first
        stride = _whole(step, 'step')
        if stride == 1:
            if width <= 0:
                raise ValueError('empty range for randrange() (%d, %d, %d)'
                                 % (first, end, width))
            return first + self._randbelow(width)
        if stride == 0:
            raise ValueError('zero step for randrange()')
        # how many members range(first, end, stride) has
        if stride > 0:
            count = (width + stride - 1) // stride
        else:
            count = (width + stride + 1) // stride
        if count <= 0:
            raise ValueError('empty range for randrange()')
        return first + stride * self._randbelow(count)

    def randint(self, a, b):
        """A random int N with a <= N <= b."""
        return self.randrange(a, b + 1)

    # -- sequences ---------------------------------------------------------------

    def choice(self, seq):
        """A random element of the non-empty sequence seq."""
        size = len(seq)
        if not size:
            raise IndexError('Cannot choose from an empty sequence')
        return seq[self._randbelow(size)]

    def shuffle(self, x):
        """Put the list x in a random order, in place (returns None)."""
        below = self._randbelow
        for last in reversed(range(1, len(x))):
            other = below(last + 1)
            x[last], x[other] = x[other], x[last]

    def sample(self, population, k, *, counts=None):
        """k distinct picks from the sequence population, in pick order.
        counts, when given, repeats each element that many times."""
        if not _is_sequence(population):
            raise TypeError('Population must be a sequence.  '
                            'For dicts or sets, use sorted(d).')
        n = len(population)
        if counts is not None:
            return self._sample_counted(population, n, k, counts)
        if not 0 <= k <= n:
            raise ValueError('Sample larger than population or is negative')
        below = self._randbelow
        picks = []
        if n <= _small_pool_limit(k):
            # draw from a shrinking copy: the last live slot refills the hole
            pool = list(population)
            for live in range(n, n - k, -1):
                slot = below(live)
                picks.append(pool[slot])
                pool[slot] = pool[live - 1]
        else:
            # draw indices, redrawing any already taken
            taken = set()
            while len(picks) < k:
                slot = below(n)
                if slot not in taken:
                    taken.add(slot)
                    picks.append(population[slot])
        return picks

    def _sample_counted(self, population, n, k, counts):
        totals = _running_totals(counts)
        if len(totals) != n:
            raise ValueError('The number of counts does not match the '
                             'population')
        everything = totals.pop()
        if not isinstance(everything, int):
            raise TypeError('Counts must be integers')
        if everything <= 0:
            raise ValueError('Total of counts must be greater than zero')
        chosen = self.sample(range(everything), k=k)
        edge = len(totals)
        return [population[_first_above(totals, c, edge)] for c in chosen]

    def choices(self, population, weights=None, *, cum_weights=None, k=1):
        """k picks from population with replacement, weighted by weights or
        by the running totals cum_weights (else all equally likely)."""
        draw = self.random
        n = len(population)
        if cum_weights is None and weights is None:
            scale = n + 0.0
            return [population[_floor(draw() * scale)] for _ in range(k)]
        if cum_weights is None:
            try:
                cum_weights = _running_totals(weights)
            except TypeError:
                if isinstance(weights, int):
                    raise TypeError('The number of choices must be a keyword '
                                    'argument: k=%r' % (weights,)) from None
                raise
        elif weights is not None:
            raise TypeError('Cannot specify both weights and cumulative '
                            'weights')
        if len(cum_weights) != n:
            raise ValueError('The number of weights does not match the '
                             'population')
        grand = cum_weights[-1] + 0.0
        if grand <= 0.0:
            raise ValueError('Total of weights must be greater than zero')
        if not _math.isfinite(grand):
            raise ValueError('Total of weights must be finite')
        edge = n - 1
        return [population[_first_above(cum_weights, draw() * grand, edge)]
                for _ in range(k)]

    # -- real-valued distributions -------------------------------------------
    # Each draws from random() in CPython's order with CPython's arithmetic,
    # so seeded runs agree with CPython to the last bit.

    def uniform(self, a, b):
        """A random float between a and b (b itself may come up, by
        rounding)."""
        return a + (b - a) * self.random()

    def triangular(self, low=0.0, high=1.0, mode=None):
        """Triangular distribution on [low, high] peaking at mode (the
        midpoint by default)."""
        u = self.random()
        if mode is None:
            split = 0.5
        else:
            try:
                split = (mode - low) / (high - low)
            except ZeroDivisionError:
                return low
        if u > split:
            # the right-hand side, measured down from high
            return high + (low - high) * _sqrt((1.0 - u) * (1.0 - split))
        return low + (high - low) * _sqrt(u * split)

    def normalvariate(self, mu=0.0, sigma=1.0):
        """Normal distribution with mean mu and standard deviation sigma
        (Kinderman and Monahan's ratio of uniforms)."""
        draw = self.random
        while True:
            a = draw()
            b = 1.0 - draw()
            z = NV_MAGICCONST * (a - 0.5) / b
            if z * z / 4.0 <= -_log(b):
                return mu + z * sigma

    def gauss(self, mu=0.0, sigma=1.0):
        """Normal distribution with mean mu and standard deviation sigma, by
        Box and Muller: each pair of draws makes two deviates, the second
        kept for the next call."""
        draw = self.random
        with self._lock:
            z = self.gauss_next
            self.gauss_next = None
            if z is None:
                angle = draw() * TWOPI
                radius = _sqrt(-2.0 * _log(1.0 - draw()))
                z = _cos(angle) * radius
                self.gauss_next = _sin(angle) * radius
        return mu + z * sigma

    def lognormvariate(self, mu, sigma):
        """exp() of a normal deviate with mean mu and standard deviation
        sigma."""
        return _exp(self.normalvariate(mu, sigma))

    def expovariate(self, lambd=1.0):
        """Exponential distribution with rate lambd (mean 1/lambd)."""
        return -_log(1.0 - self.random()) / lambd

    def vonmisesvariate(self, mu, kappa):
        """Von Mises distribution of angles: mean angle mu, concentration
        kappa (0 gives a uniform angle)."""
        draw = self.random
        if kappa <= 1e-6:
            return TWOPI * draw()
        half = 0.5 / kappa
        r = half + _sqrt(1.0 + half * half)
        while True:
            z = _cos(_pi * draw())
            d = z / (r + z)
            u = draw()
            if u < 1.0 - d * d or u <= (1.0 - d) * _exp(d):
                break
        q = 1.0 / r
        spread = _math.acos((q + z) / (1.0 + q * z))
        if draw() > 0.5:
            return (mu + spread) % TWOPI
        return (mu - spread) % TWOPI

    def gammavariate(self, alpha, beta):
        """Gamma distribution with shape alpha and scale beta (both > 0)."""
        if alpha <= 0.0 or beta <= 0.0:
            raise ValueError('gammavariate: alpha and beta must be > 0.0')
        if alpha > 1.0:
            return self._gamma_above_one(alpha) * beta
        if alpha == 1.0:
            return -_log(1.0 - self.random()) * beta
        return self._gamma_below_one(alpha) * beta

    def _gamma_above_one(self, alpha):
        # Cheng's rejection method (R. C. H. Cheng, 1977).
        draw = self.random
        root = _sqrt(2.0 * alpha - 1.0)
        shift = alpha - LOG4
        slope = alpha + root
        while True:
            a = draw()
            if not 1e-7 < a < 0.9999999:
                continue
            b = 1.0 - draw()
            w = _log(a / (1.0 - a)) / root
            g = alpha * _exp(w)
            q = a * a * b
            t = shift + slope * w - g
            if t + SG_MAGICCONST - 4.5 * q >= 0.0 or t >= _log(q):
                return g

    def _gamma_below_one(self, alpha):
        # Ahrens and Dieter's GS algorithm (as in Numerical Recipes).
        draw = self.random
        b = (_e + alpha) / _e
        while True:
            p = b * draw()
            if p <= 1.0:
                x = p ** (1.0 / alpha)
                if draw() <= _exp(-x):
                    return x
            else:
                x = -_log((b - p) / alpha)
                if draw() <= x ** (alpha - 1.0):
                    return x

    def betavariate(self, alpha, beta):
        """Beta distribution (alpha > 0, beta > 0), between 0 and 1."""
        y = self.gammavariate(alpha, 1.0)
        if not y:
            return 0.0
        return y / (y + self.gammavariate(beta, 1.0))

    def paretovariate(self, alpha):
        """Pareto distribution with shape alpha."""
        return (1.0 - self.random()) ** (-1.0 / alpha)

    def weibullvariate(self, alpha, beta):
        """Weibull distribution with scale alpha and shape beta."""
        return alpha * (-_log(1.0 - self.random())) ** (1.0 / beta)


class SystemRandom(Random):
    """Not available in Weft: there is no operating-system entropy source."""

    def __init__(self, x=None):
        raise NotImplementedError('SystemRandom is not available')


################################################################################
# the module-level functions: bound methods of one hidden instance
################################################################################

_inst = Random()
seed, getstate, setstate = _inst.seed, _inst.getstate, _inst.setstate
random, getrandbits, randbytes = _inst.random, _inst.getrandbits, \
    _inst.randbytes
randrange, randint = _inst.randrange, _inst.randint
choice, choices, shuffle, sample = (_inst.choice, _inst.choices,
                                    _inst.shuffle, _inst.sample)
uniform, triangular = _inst.uniform, _inst.triangular
normalvariate, gauss, lognormvariate = (_inst.normalvariate, _inst.gauss,
                                        _inst.lognormvariate)
expovariate, vonmisesvariate = _inst.expovariate, _inst.vonmisesvariate
gammavariate, betavariate = _inst.gammavariate, _inst.betavariate
paretovariate, weibullvariate = _inst.paretovariate, _inst.weibullvariate
