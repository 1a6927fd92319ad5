import sys
sys.path.pop(0)  # this directory's test files share the modules' names
import bisect
import threading

a = [1, 2, 2, 2, 5, 8, 8, 13]
for x in (0, 1, 2, 3, 5, 8, 9, 13, 20):
    print(x, bisect.bisect_left(a, x), bisect.bisect_right(a, x), bisect.bisect(a, x))
print(bisect.bisect_left(a, 2, 2), bisect.bisect_right(a, 8, 0, 5), bisect.bisect_left(a, 8, hi=6))
print(bisect.bisect_left(a, 2, lo=5), bisect.bisect_right([], 3), bisect.bisect_left([], 3))
print(bisect.bisect_left(a, 100, 3, 3), bisect.bisect_right(a, -1, hi=100 // 50))
for call in (lambda: bisect.bisect_left(a, 1, -1), lambda: bisect.bisect_right(a, 1, lo=-3),
             lambda: bisect.insort(a, 1, -2)):
    try:
        call()
    except ValueError as e:
        print("ValueError", e)
try:
    bisect.bisect_left([1, 2], "x")
except TypeError as e:
    print("TypeError", e)

# key
recs = [("ann", 20), ("bob", 25), ("cy", 25), ("dee", 31)]
age = lambda r: r[1]
print(bisect.bisect_left(recs, 25, key=age), bisect.bisect_right(recs, 25, key=age))
print(bisect.bisect(recs, 40, key=age), bisect.bisect_left(recs, 1, key=age))
bisect.insort(recs, ("eve", 25), key=age)
bisect.insort_left(recs, ("fay", 25), key=age)
bisect.insort_right(recs, ("gus", 0), key=age)
print(recs)

# insort
b = []
for x in [5, 1, 4, 1, 5, 9, 2, 6, 5, 3]:
    bisect.insort(b, x)
print(b)
c = [1.0, 2.0, 3.0]
bisect.insort_left(c, 2)
bisect.insort_right(c, 2)
print(c, [type(v).__name__ for v in c])
d = [0, 10, 20, 30]
bisect.insort(d, 15, 0, 2)
print(d)
grades = "FDCBA"
print([grades[bisect.bisect([60, 70, 80, 90], s)] for s in (33, 99, 77, 70, 89, 90, 100)])

class Rev:
    def __init__(self, v): self.v = v
    def __lt__(self, other): return self.v > other.v
    def __repr__(self): return "Rev(%d)" % self.v
r = [Rev(9), Rev(7), Rev(3)]
bisect.insort(r, Rev(5))
print(r)

# threads: each thread its own list
res = [None] * 4
def work(k):
    lst = []
    for i in range(500):
        bisect.insort(lst, (i * 7919 + k) % 503)
    res[k] = (lst == sorted(lst), len(lst), bisect.bisect_left(lst, 250))
ts = [threading.Thread(target=work, args=(k,)) for k in range(4)]
for t in ts: t.start()
for t in ts: t.join()
print(res)
