"""Basic statistics on numeric data: averages, spread, relations between
two variables, and the NormalDist distribution.

Sums that feed means and variances are accumulated exactly as fractions
and converted to the data's type only at the end, so results do not depend
on the order of the data.  The module keeps no mutable shared state:
every function works on its own locals and NormalDist instances are not
changed after construction, so all of it may be used from many threads.
"""

import math
import numbers
import random
from fractions import Fraction
from collections import namedtuple

__all__ = [
    "NormalDist", "StatisticsError", "correlation", "covariance", "fmean",
    "geometric_mean", "harmonic_mean", "linear_regression", "mean", "median",
    "median_grouped", "median_high", "median_low", "mode", "multimode",
    "pstdev", "pvariance", "quantiles", "stdev", "variance",
]

_SQRT2 = math.sqrt(2.0)
_MANT_DIG = 53


class StatisticsError(ValueError):
    pass


# -- exact accumulation ------------------------------------------------------

def _ratio(x):
    """(numerator, denominator) of a real number; (x, None) for inf/nan."""
    get = getattr(x, "as_integer_ratio", None)
    if get is not None:
        try:
            return get()
        except (OverflowError, ValueError):
            return (x, None)
    try:
        return (x.numerator, x.denominator)
    except AttributeError:
        raise TypeError("can't convert type '%s' to numerator/denominator"
                        % type(x).__name__)


def _common_type(T, S):
    """The type a result mixing types T and S is reported in."""
    if T is S or S is int or S is bool:
        return T
    if T is int:
        return S
    if issubclass(S, T):
        return S
    if issubclass(T, S) or issubclass(S, int):
        return T
    if issubclass(T, int):
        return S
    if issubclass(T, Fraction) and issubclass(S, float):
        return S
    if issubclass(T, float) and issubclass(S, Fraction):
        return T
    raise TypeError("don't know how to coerce %s and %s"
                    % (T.__name__, S.__name__))


def _result_type(types):
    T = int
    for S in types:
        T = _common_type(T, S)
    return T


def _exact_sum(values):
    """Return (type, exact total, count) for an iterable of numbers.  The
    total is a Fraction, or a float inf/nan when such a value occurred."""
    count = 0
    types = []
    by_den = {}
    for x in values:
        t = type(x)
        if t not in types:
            types.append(t)
        n, d = _ratio(x)
        count += 1
        by_den[d] = by_den.get(d, 0) + n
    if None in by_den:
        total = by_den[None]
    else:
        total = Fraction(0)
        for d, n in by_den.items():
            total += Fraction(n, d)
    return _result_type(types), total, count


def _sum_sq_dev(data, center=None):
    """Return (type, exact sum of squared deviations, center, count)."""
    if center is not None:
        T, ss, count = _exact_sum((x - center) * (x - center) for x in data)
        return T, ss, center, count
    count = 0
    types = []
    s1 = {}
    s2 = {}
    for x in data:
        t = type(x)
        if t not in types:
            types.append(t)
        n, d = _ratio(x)
        count += 1
        s1[d] = s1.get(d, 0) + n
        s2[d] = s2.get(d, 0) + n * n
    if not count:
        ss = center = Fraction(0)
    elif None in s1:
        ss = center = s1[None]
    else:
        sx = Fraction(0)
        for d, n in s1.items():
            sx += Fraction(n, d)
        sxx = Fraction(0)
        for d, n in s2.items():
            sxx += Fraction(n, d * d)
        ss = (count * sxx - sx * sx) / count
        center = sx / count
    return _result_type(types), ss, center, count


def _to_type(value, T):
    if type(value) is T:
        return value
    if issubclass(T, int) and value.denominator != 1:
        T = float
    return T(value)


def _nonneg(values, message):
    for x in values:
        if x < 0:
            raise StatisticsError(message)
        yield x


def _sqrt_frac(n, m):
    """Correctly rounded float square root of the fraction n/m (n >= 0)."""
    shift = (n.bit_length() - m.bit_length() - (2 * _MANT_DIG + 3)) // 2
    if shift >= 0:
        top, bottom = n, m << (2 * shift)
    else:
        top, bottom = n << (-2 * shift), m
    root = math.isqrt(top // bottom)
    # Round to odd: an inexact root gets its last bit set, so the final
    # conversion to float rounds the right way.
    if root * root * bottom != top:
        root |= 1
    if shift >= 0:
        return (root << shift) / 1
    return root / (1 << -shift)


# -- averages ------------------------------------------------------------------

def mean(data):
    """Arithmetic mean of the data, in the data's type."""
    T, total, n = _exact_sum(data)
    if n < 1:
        raise StatisticsError("mean requires at least one data point")
    return _to_type(total / n, T)


def fmean(data, weights=None):
    """Fast floating-point (optionally weighted) arithmetic mean."""
    if weights is None:
        values = list(data)
        if not values:
            raise StatisticsError("fmean requires at least one data point")
        return math.fsum(values) / len(values)
    values = list(data)
    weights = list(weights)
    num = math.fsum([x * w for x, w in zip(values, weights)])
    if len(values) != len(weights):
        raise StatisticsError("data and weights must be the same length")
    den = math.fsum(weights)
    if not den:
        raise StatisticsError("sum of weights must be non-zero")
    return num / den


def geometric_mean(data):
    """Geometric mean of positive data, as a float."""
    try:
        return math.exp(fmean([math.log(x) for x in data]))
    except ValueError:
        raise StatisticsError("geometric mean requires a non-empty dataset "
                              "containing positive numbers") from None


def harmonic_mean(data, weights=None):
    """(Weighted) harmonic mean of non-negative data."""
    data = list(data)
    message = "harmonic mean does not support negative values"
    n = len(data)
    if n < 1:
        raise StatisticsError("harmonic_mean requires at least one data point")
    if n == 1 and weights is None:
        x = data[0]
        if isinstance(x, numbers.Real) or type(x).__name__ == "Decimal":
            if x < 0:
                raise StatisticsError(message)
            return x
        raise TypeError("unsupported type")
    if weights is None:
        weights = [1] * n
        total_weight = n
    else:
        weights = list(weights)
        if len(weights) != n:
            raise StatisticsError("Number of weights does not match data size")
        total_weight = _exact_sum(_nonneg(weights, message))[1]
    try:
        pairs = zip(weights, _nonneg(data, message))
        T, total, count = _exact_sum((w / x) if w else 0 for w, x in pairs)
    except ZeroDivisionError:
        return 0
    if total <= 0:
        raise StatisticsError("Weighted sum must be positive")
    return _to_type(total_weight / total, T)


def median(data):
    """Middle value of the data; the mean of the two middle values when the
    number of points is even."""
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError("no median for empty data")
    half = n // 2
    if n % 2:
        return data[half]
    return (data[half - 1] + data[half]) / 2


def median_low(data):
    """Middle value, or the smaller of the two middle values."""
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError("no median for empty data")
    return data[n // 2] if n % 2 else data[n // 2 - 1]


def median_high(data):
    """Middle value, or the larger of the two middle values."""
    ordered = sorted(data)
    if not ordered:
        raise StatisticsError("no median for empty data")
    return ordered[len(ordered) // 2]


def median_grouped(data, interval=1.0):
    """Median of data grouped in classes of the given width (the 50th
    percentile, interpolated inside the median's class)."""
    data = sorted(data)
    n = len(data)
    if not n:
        raise StatisticsError("no median for empty data")
    x = data[n // 2]
    below = 0
    while data[below] < x:
        below += 1
    upto = below
    while upto < n and not (x < data[upto]):
        upto += 1
    try:
        interval = float(interval)
        x = float(x)
    except ValueError:
        raise TypeError("Value cannot be converted to a float")
    lower = x - interval / 2.0
    return lower + interval * (n / 2 - below) / (upto - below)


def mode(data):
    """Most common value; the first one seen wins a tie."""
    counts = {}
    for x in data:
        counts[x] = counts.get(x, 0) + 1
    best = None
    best_count = 0
    for x, c in counts.items():
        if c > best_count:
            best, best_count = x, c
    if not best_count:
        raise StatisticsError("no mode for empty data")
    return best


def multimode(data):
    """All most common values, in order of first appearance."""
    counts = {}
    for x in data:
        counts[x] = counts.get(x, 0) + 1
    if not counts:
        return []
    top = max(counts.values())
    return [x for x, c in counts.items() if c == top]


def quantiles(data, *, n=4, method="exclusive"):
    """n - 1 cut points dividing the data into n equal-probability groups."""
    if n < 1:
        raise StatisticsError("n must be at least 1")
    data = sorted(data)
    size = len(data)
    if size < 2:
        raise StatisticsError("must have at least two data points")
    cuts = []
    if method == "inclusive":
        span = size - 1
        for i in range(1, n):
            j, frac = divmod(i * span, n)
            cuts.append((data[j] * (n - frac) + data[j + 1] * frac) / n)
        return cuts
    if method == "exclusive":
        span = size + 1
        for i in range(1, n):
            j = min(max(i * span // n, 1), size - 1)
            frac = i * span - j * n
            cuts.append((data[j - 1] * (n - frac) + data[j] * frac) / n)
        return cuts
    raise ValueError("Unknown method: %r" % (method,))


# -- spread --------------------------------------------------------------------

def variance(data, xbar=None):
    """Sample variance (n - 1 in the denominator)."""
    T, ss, _, n = _sum_sq_dev(data, xbar)
    if n < 2:
        raise StatisticsError("variance requires at least two data points")
    return _to_type(ss / (n - 1), T)


def pvariance(data, mu=None):
    """Population variance."""
    T, ss, _, n = _sum_sq_dev(data, mu)
    if n < 1:
        raise StatisticsError("pvariance requires at least one data point")
    return _to_type(ss / n, T)


def _root(value):
    # value is a Fraction; for data holding inf or nan it is a float and,
    # as in CPython 3.11, the missing numerator attribute is reported.
    return _sqrt_frac(value.numerator, value.denominator)


def stdev(data, xbar=None):
    """Sample standard deviation."""
    T, ss, _, n = _sum_sq_dev(data, xbar)
    if n < 2:
        raise StatisticsError("stdev requires at least two data points")
    return _root(ss / (n - 1))


def pstdev(data, mu=None):
    """Population standard deviation."""
    T, ss, _, n = _sum_sq_dev(data, mu)
    if n < 1:
        raise StatisticsError("pstdev requires at least one data point")
    return _root(ss / n)


# -- two variables -------------------------------------------------------------

def _paired(x, y, what):
    n = len(x)
    if len(y) != n:
        raise StatisticsError("%s requires that both inputs have same number "
                              "of data points" % what)
    if n < 2:
        raise StatisticsError("%s requires at least two data points" % what)
    return n


def covariance(x, y, /):
    """Sample covariance of two equally long inputs."""
    n = _paired(x, y, "covariance")
    mx = math.fsum(x) / n
    my = math.fsum(y) / n
    sxy = math.fsum([(a - mx) * (b - my) for a, b in zip(x, y)])
    return sxy / (n - 1)


def correlation(x, y, /):
    """Pearson's correlation coefficient."""
    n = _paired(x, y, "correlation")
    mx = math.fsum(x) / n
    my = math.fsum(y) / n
    sxy = math.fsum([(a - mx) * (b - my) for a, b in zip(x, y)])
    sxx = math.fsum([(a - mx) * (a - mx) for a in x])
    syy = math.fsum([(b - my) * (b - my) for b in y])
    try:
        return sxy / math.sqrt(sxx * syy)
    except ZeroDivisionError:
        raise StatisticsError("at least one of the inputs is constant")


LinearRegression = namedtuple("LinearRegression", ("slope", "intercept"))


def linear_regression(x, y, /, *, proportional=False):
    """Least-squares slope and intercept of y against x (intercept 0.0 with
    proportional=True)."""
    n = _paired(x, y, "linear regression")
    if proportional:
        sxy = math.fsum([a * b for a, b in zip(x, y)])
        sxx = math.fsum([a * a for a in x])
    else:
        mx = math.fsum(x) / n
        my = math.fsum(y) / n
        sxy = math.fsum([(a - mx) * (b - my) for a, b in zip(x, y)])
        sxx = math.fsum([(a - mx) * (a - mx) for a in x])
    try:
        slope = sxy / sxx
    except ZeroDivisionError:
        raise StatisticsError("x is constant")
    intercept = 0.0 if proportional else my - slope * mx
    return LinearRegression(slope=slope, intercept=intercept)


# -- the normal distribution ---------------------------------------------------

def _erf_series(x):
    # erf(x) = 2/sqrt(pi) * exp(-x*x) * sum_k (2x^2)^k x / (1*3*...*(2k+1)),
    # a series of positive terms (no cancellation) for x >= 0.
    xx = 2.0 * x * x
    term = x
    total = x
    k = 1
    while True:
        term *= xx / (2 * k + 1)
        new = total + term
        if new == total:
            break
        total = new
        k += 1
    return 2.0 / math.sqrt(math.pi) * math.exp(-x * x) * total


def _erf(x):
    if x != x:
        return x
    if x < 0:
        return -_erf(-x)
    if x > 6.0:
        return 1.0
    return _erf_series(x)


_erf = getattr(math, "erf", _erf)

# Rational approximations of the normal quantile function (Wichura's
# algorithm AS 241), coefficients from the highest power down.
_CENTRAL_NUM = (2509.0809287301226727, 33430.575583588128105,
                67265.770927008700853, 45921.953931549871457,
                13731.693765509461125, 1971.5909503065514427,
                133.14166789178437745, 3.387132872796366608)
_CENTRAL_DEN = (5226.495278852854561, 28729.085735721942674,
                39307.89580009271061, 21213.794301586595867,
                5394.1960214247511077, 687.1870074920579083,
                42.313330701600911252, 1.0)
_NEAR_NUM = (0.00077454501427834140764, 0.022723844989269184583,
             0.24178072517745061177, 1.27045825245236838258,
             3.64784832476320460504, 5.7694972214606914055,
             4.6303378461565452959, 1.42343711074968357734)
_NEAR_DEN = (1.05075007164441684324e-9, 0.0005475938084995344946,
             0.01519866656361645719660, 0.14810397642748007459,
             0.68976733498510000455, 1.6763848301838038494,
             2.05319162663775882187, 1.0)
_FAR_NUM = (2.01033439929228813265e-7, 2.71155556874348757815e-5,
            0.0012426609473880784386, 0.026532189526576123093,
            0.29656057182850489123, 1.7848265399172913358,
            5.4637849111641143699, 6.6579046435011037772)
_FAR_DEN = (2.04426310338993978564e-15, 1.4215117583164458887e-7,
            1.8463183175100546818e-5, 0.00078686913114561329059,
            0.0148753612908506148525, 0.13692988092273580531,
            0.59983220655588793769, 1.0)


def _horner(coefficients, r):
    acc = coefficients[0]
    for c in coefficients[1:]:
        acc = acc * r + c
    return acc


def _normal_quantile(p, mu, sigma):
    q = p - 0.5
    if math.fabs(q) <= 0.425:
        r = 0.180625 - q * q
        z = _horner(_CENTRAL_NUM, r) * q / _horner(_CENTRAL_DEN, r)
        return mu + (z * sigma)
    r = p if q <= 0.0 else 1.0 - p
    r = math.sqrt(-math.log(r))
    if r <= 5.0:
        r = r - 1.6
        z = _horner(_NEAR_NUM, r) / _horner(_NEAR_DEN, r)
    else:
        r = r - 5.0
        z = _horner(_FAR_NUM, r) / _horner(_FAR_DEN, r)
    if q < 0.0:
        z = -z
    return mu + (z * sigma)


class NormalDist:
    """A normal (Gaussian) distribution with mean mu and standard
    deviation sigma."""

    __slots__ = ("_mu", "_sigma")

    def __init__(self, mu=0.0, sigma=1.0):
        if sigma < 0.0:
            raise StatisticsError("sigma must be non-negative")
        self._sigma = float(sigma)
        self._mu = float(mu)

    @classmethod
    def from_samples(cls, data):
        T, ss, center, n = _sum_sq_dev(data)
        if n < 2:
            raise StatisticsError("stdev requires at least two data points")
        return cls(float(center), _root(ss / (n - 1)))

    def samples(self, n, *, seed=None):
        gauss = random.gauss if seed is None else random.Random(seed).gauss
        return [gauss(self._mu, self._sigma) for _ in range(n)]

    def pdf(self, x):
        var = self._sigma * self._sigma
        if not var:
            raise StatisticsError("pdf() not defined when sigma is zero")
        dx = x - self._mu
        return math.exp(dx * dx / (-2.0 * var)) / math.sqrt(math.tau * var)

    def cdf(self, x):
        if not self._sigma:
            raise StatisticsError("cdf() not defined when sigma is zero")
        return 0.5 * (1.0 + _erf((x - self._mu) / (self._sigma * _SQRT2)))

    def inv_cdf(self, p):
        """Inverse cumulative distribution function: the x with
        P(X <= x) == p."""
        if p <= 0.0 or p >= 1.0:
            raise StatisticsError("p must be in the range 0.0 < p < 1.0")
        if self._sigma <= 0.0:
            raise StatisticsError("cdf() not defined when sigma at or below zero")
        return _normal_quantile(p, self._mu, self._sigma)

    def quantiles(self, n=4):
        """n - 1 cut points dividing the distribution into n groups of
        equal probability."""
        return [self.inv_cdf(i / n) for i in range(1, n)]

    def overlap(self, other):
        """Overlapping coefficient: the area shared by the two densities."""
        if not isinstance(other, NormalDist):
            raise TypeError("Expected another NormalDist instance")
        a, b = self, other
        if (b._sigma, b._mu) < (a._sigma, a._mu):
            a, b = b, a
        va, vb = a.variance, b.variance
        if not va or not vb:
            raise StatisticsError("overlap() not defined when sigma is zero")
        dv = vb - va
        dm = math.fabs(b._mu - a._mu)
        if not dv:
            return 1.0 - _erf(dm / (2.0 * a._sigma * _SQRT2))
        s = a._mu * vb - b._mu * va
        t = a._sigma * b._sigma * math.sqrt(dm * dm + dv * math.log(vb / va))
        x1 = (s + t) / dv
        x2 = (s - t) / dv
        return 1.0 - (math.fabs(b.cdf(x1) - a.cdf(x1))
                      + math.fabs(b.cdf(x2) - a.cdf(x2)))

    def zscore(self, x):
        """Number of standard deviations x lies above the mean."""
        if not self._sigma:
            raise StatisticsError("zscore() not defined when sigma is zero")
        return (x - self._mu) / self._sigma

    # mean, median and mode coincide for a normal distribution.
    mean = property(lambda self: self._mu)
    median = property(lambda self: self._mu)
    mode = property(lambda self: self._mu)
    stdev = property(lambda self: self._sigma)
    variance = property(lambda self: self._sigma * self._sigma)

    def __add__(self, other):
        if isinstance(other, NormalDist):
            return NormalDist(self._mu + other._mu,
                              math.hypot(self._sigma, other._sigma))
        return NormalDist(self._mu + other, self._sigma)

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, NormalDist):
            return NormalDist(self._mu - other._mu,
                              math.hypot(self._sigma, other._sigma))
        return NormalDist(self._mu - other, self._sigma)

    def __rsub__(self, other):
        return -(self - other)

    def __mul__(self, k):
        return NormalDist(self._mu * k, self._sigma * math.fabs(k))

    __rmul__ = __mul__

    def __truediv__(self, k):
        return NormalDist(self._mu / k, self._sigma / math.fabs(k))

    def __pos__(self):
        return NormalDist(self._mu, self._sigma)

    def __neg__(self):
        return NormalDist(-self._mu, self._sigma)

    def __eq__(self, other):
        if not isinstance(other, NormalDist):
            return NotImplemented
        return self._mu == other._mu and self._sigma == other._sigma

    def __hash__(self):
        return hash((self._mu, self._sigma))

    def __repr__(self):
        return "%s(mu=%r, sigma=%r)" % (type(self).__name__, self._mu, self._sigma)

    def __getstate__(self):
        return (self._mu, self._sigma)

    def __setstate__(self, state):
        mu, sigma = state
        self._mu = mu
        self._sigma = sigma
