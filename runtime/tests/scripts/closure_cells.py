# Closure variables (LOAD_DEREF) read in loops long enough to specialize
# the code around them, rebound through `nonlocal`, deleted, and read while
# unbound: the value and the error must be CPython's.


def counter():
    total = 0
    step = 3

    def bump(n):
        nonlocal total
        for _ in range(n):
            total += step
        return total

    return bump


b = counter()
print(b(10), b(5))


def late_binding():
    fns = []
    for i in range(4):
        fns.append(lambda: i)
    return [f() for f in fns]


print(late_binding())


def unbound_read():
    def inner():
        return x

    try:
        inner()
    except NameError as e:
        print(type(e).__name__, e)
    x = 5
    return inner()


print(unbound_read())


def deleted_cell():
    y = 1

    def inner():
        return y

    first = inner()
    del y
    try:
        inner()
    except NameError as e:
        print(type(e).__name__, e)
    y = 7
    return first, inner()


print(deleted_cell())


def hot_reads(n):
    acc = []
    base = 10
    scale = 2

    def f(k):
        return base + scale * k

    for k in range(n):
        acc.append(f(k))
        if k == n // 2:
            scale = 3
    return sum(acc)


print(hot_reads(200))
