import threading


def decorate(fn):
    def wrapper(*args):
        return fn(*args)
    return wrapper


@decorate
def add(a, b):
    return a + b


def gen(n):
    i = 0
    while i < n:
        yield i
        i += 1


def risky(x):
    try:
        if x > 2:
            raise ValueError("big")
        return x
    except ValueError as e:
        return str(e)
    finally:
        pass


total = add(
    1,
    2,
)
data = {
    "a": 1,
    "b": [x * 2 for x in range(3)],
}
squares = list(map(lambda v: v * v, gen(4)))
results = [risky(i) for i in range(5)]
with threading.Lock():
    total += 1


class Point:
    """A point."""

    def __init__(self, x, y):
        self.x = x
        self.y = y

    def norm(self):
        return abs(self.x) + abs(self.y)


def never_called():
    return [
        1,
        2,
    ]


lock = threading.Lock()
counts = []


def work(k):
    s = 0
    for j in range(k):
        s += j
    with lock:
        counts.append(s)


ts = [threading.Thread(target=work, args=(n,)) for n in (10, 20)]
for t in ts:
    t.start()
for t in ts:
    t.join()
print(total, data, squares, results, Point(3, -4).norm(), sorted(counts))
if total < 0:
    print("negative")
elif total > 100:
    print("big")
else:
    print("small")
