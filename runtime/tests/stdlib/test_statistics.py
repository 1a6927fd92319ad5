import sys
# Other scripts in this directory are named after standard modules; keep
# them from shadowing the real ones.
sys.path[:] = [p for p in sys.path if p not in ("", ".") and not p.endswith("tests/stdlib")]
import math
import threading
import statistics as st
from fractions import Fraction as F


def show(label, fn, *args, **kw):
    try:
        r = fn(*args, **kw)
        print(label, type(r).__name__, repr(r))
    except Exception as e:
        print(label, type(e).__name__, e)


datasets = [
    [1, 2, 3, 4, 4],
    [1, 2, 3, 4],
    [2.5, 3.25, 5.5, 11.25, 11.75],
    [0.1] * 10,
    [1e50, 1, -1e50] * 10,
    [F(1, 2), F(3, 4), F(5, 8)],
    [F(1, 2), 2],
    [1.5, F(1, 2)],
    [True, False, True],
    [3],
    [],
    [1, float("inf")],
    [1, float("nan")],
    [float("inf"), float("-inf")],
    [-1, -2, 7.5, 1e-3],
    [10**20, 10**20 + 1, 10**20 + 3],
    [0.1, 0.2, 0.3, 0.4, 1e-17],
    list(range(1, 101)),
]

funcs = [st.mean, st.fmean, st.geometric_mean, st.harmonic_mean, st.median,
         st.median_low, st.median_high, st.median_grouped, st.mode,
         st.multimode, st.pstdev, st.pvariance, st.stdev, st.variance]
for data in datasets:
    print("data", data if len(data) < 12 else data[:5])
    for f in funcs:
        show("  " + f.__name__, f, data)
    show("  quantiles", st.quantiles, data)
    show("  quantiles incl", st.quantiles, data, n=10, method="inclusive")

show("mean iter", st.mean, iter([1, 2, 3]))
show("mean gen", st.mean, (x * 0.5 for x in range(7)))
show("mean str", st.mean, ["a", "b"])
show("mean mixed", st.mean, [1.5, "a"])
show("fmean weights", st.fmean, [1, 2, 3], [3, 2, 1])
show("fmean weights len", st.fmean, [1, 2, 3], [3, 2])
show("fmean weights zero", st.fmean, [1, 2], [0, 0])
show("fmean iter", st.fmean, iter([1.5, 2.5]))
show("fmean empty", st.fmean, iter([]))
show("geo neg", st.geometric_mean, [1, -2])
show("geo zero", st.geometric_mean, [0, 2])
show("harm weights", st.harmonic_mean, [40, 60], weights=[5, 30])
show("harm weights len", st.harmonic_mean, [40, 60], weights=[5])
show("harm zero", st.harmonic_mean, [1, 0, 3])
show("harm neg", st.harmonic_mean, [1, -2])
show("harm one neg", st.harmonic_mean, [-2])
show("harm one str", st.harmonic_mean, ["x"])
show("harm one frac", st.harmonic_mean, [F(3, 4)])
show("harm frac", st.harmonic_mean, [F(1, 2), F(1, 3)])
show("harm float", st.harmonic_mean, [2.5, 3.0, 10])
show("harm neg weight", st.harmonic_mean, [1, 2], weights=[1, -1])
show("harm zero weights", st.harmonic_mean, [1, 2], weights=[0, 0])
show("median strs", st.median_low, ["b", "a", "c", "d"])
show("mode strs", st.mode, "aabbbcccc")
show("mode tie", st.mode, [3, 1, 1, 3, 2])
show("multimode", st.multimode, "aabbbcccbc")
show("multimode empty", st.multimode, "")
show("mode empty", st.mode, [])
show("grouped interval", st.median_grouped, [1, 3, 3, 5, 7], interval=2)
show("grouped str", st.median_grouped, ["a", "b", "c"])
show("grouped even", st.median_grouped, [52, 52, 53, 54])
show("grouped frac", st.median_grouped, [F(1, 2), F(3, 2), F(3, 2)])
show("variance xbar", st.variance, [1, 2, 3, 4], 2.5)
show("pvariance mu", st.pvariance, [1, 2, 3, 4], F(5, 2))
show("stdev xbar", st.stdev, [1.5, 2.5, 2.5, 2.75, 3.25, 4.75], 2.875)
show("pstdev frac", st.pstdev, [F(1, 3), F(2, 3), 1])
show("stdev frac", st.stdev, [F(1, 3), F(2, 3), 1])
show("variance one", st.variance, [1])
show("stdev one", st.stdev, [1])
show("pstdev empty", st.pstdev, [])
show("pvariance empty", st.pvariance, [])
show("pvariance bool", st.pvariance, [True, False, True, True])
show("quantiles n0", st.quantiles, [1, 2, 3], n=0)
show("quantiles one", st.quantiles, [1], n=4)
show("quantiles method", st.quantiles, [1, 2, 3], method="bogus")
show("quantiles 1", st.quantiles, [1, 2, 3], n=1)
show("quantiles floats", st.quantiles, [105.0, 129.0, 87.0, 86.0, 111.0, 111.0, 89.0, 81.0, 108.0, 92.0], n=10)
show("quantiles frac", st.quantiles, [F(1, 3), F(1, 2), 2, 5], n=3)
show("quantiles 2pts", st.quantiles, [1, 10], n=5, method="inclusive")

x = [1, 2, 3, 4, 5, 6, 7, 8, 9]
y = [1, 2, 3, 1, 2, 3, 1, 2, 3]
z = [9, 8, 7, 6, 5, 4, 3, 2, 1]
show("covariance", st.covariance, x, y)
show("covariance neg", st.covariance, x, z)
show("correlation", st.correlation, x, y)
show("correlation neg", st.correlation, x, z)
show("correlation const", st.correlation, x, [5] * 9)
show("correlation len", st.correlation, x, y[:-1])
show("covariance len", st.covariance, x, y[:-1])
show("covariance short", st.covariance, [1], [2])
show("correlation short", st.correlation, [1], [2])
show("linreg", st.linear_regression, [1, 2, 3, 4, 5], [1.5, 3.1, 4.4, 6.2, 7.9])
show("linreg prop", st.linear_regression, [1, 2, 3, 4, 5], [1.5, 3.1, 4.4, 6.2, 7.9], proportional=True)
show("linreg const", st.linear_regression, [2, 2, 2], [1, 2, 3])
show("linreg len", st.linear_regression, [1, 2], [1])
show("linreg short", st.linear_regression, [1], [1])
lr = st.linear_regression([1, 2, 3], [2, 4, 6.5])
print(lr.slope, lr.intercept, lr[0], tuple(lr), type(lr).__name__)

# NormalDist
N = st.NormalDist
d = N(100, 15)
print(repr(d), d.mean, d.median, d.mode, d.stdev, d.variance, repr(N()))
print(d.pdf(100), d.pdf(130), N().pdf(0.5))
print([round(d.cdf(v), 12) for v in (70, 100, 115, 160)], round(N().cdf(-1.5), 12))
print(d.inv_cdf(0.5), d.inv_cdf(0.975), N().inv_cdf(0.01), N().inv_cdf(1e-20), N(2, 3).inv_cdf(0.9))
print(d.quantiles(), N().quantiles(10))
print(round(N(2.4, 1.6).overlap(N(3.2, 2.0)), 12), round(N(0, 1).overlap(N(1, 1)), 12), N(1, 2).overlap(N(1, 2)))
print(d.zscore(130), repr(d + 5), repr(5 + d), repr(d - 5), repr(200 - d), repr(d * -2), repr(d / 3))
print(repr(d + N(0, 20)), repr(d - N(10, 20)), repr(-d), repr(+d), d == N(100.0, 15.0), d == N(100, 16), d == 3)
print(hash(d) == hash(N(100, 15)), len({d, N(100.0, 15), N(0, 1)}))
print(repr(N.from_samples([2.5, 3.25, 5.5, 11.25, 11.75])), repr(N.from_samples([1, 2, 3, 4])))
print(d.__getstate__())
s = d.samples(5, seed=42)
print(len(s), [round(v, 6) for v in s], s == d.samples(5, seed=42))
show("sigma neg", N, 0, -1)
show("pdf zero", N(0, 0).pdf, 1)
show("cdf zero", N(0, 0).cdf, 1)
show("zscore zero", N(0, 0).zscore, 1)
show("inv_cdf 0", N().inv_cdf, 0)
show("inv_cdf 1", N().inv_cdf, 1.0)
show("inv_cdf sigma0", N(0, 0).inv_cdf, 0.5)
show("overlap type", N().overlap, 3)
show("overlap zero", N().overlap, N(0, 0))
show("from_samples one", N.from_samples, [1])
print(issubclass(st.StatisticsError, ValueError), sorted(st.__all__))

# four threads computing statistics on their own data concurrently
out = [None] * 4
def work(k):
    data = [((i * 7919 + k) % 101) / 4 for i in range(500)]
    out[k] = (st.mean(data), st.median(data), st.pstdev(data), st.mode(data),
              st.quantiles(data)[1], st.variance([F(v) for v in data[:50]]))
ts = [threading.Thread(target=work, args=(k,)) for k in range(4)]
for t in ts:
    t.start()
for t in ts:
    t.join()
for r in out:
    print(r)
