# Threads inspecting their own stacks at once: each sees its own frames,
# its own locals and its own tracebacks.
import sys
import threading


def leaf(tag, depth):
    f = sys._getframe()
    names = []
    while f is not None:
        names.append(f.f_code.co_name)
        f = f.f_back
    caller = sys._getframe(1)
    return names, caller.f_locals["depth"], caller.f_code.co_name


def descend(tag, depth):
    if depth == 0:
        return leaf(tag, depth)
    return descend(tag, depth - 1)


def fail(tag, depth):
    marker = tag
    if depth == 0:
        raise ValueError(tag)
    return fail(tag, depth - 1)


def walk_traceback(tag, depth):
    try:
        fail(tag, depth)
    except ValueError as e:
        tb = e.__traceback__
        out = []
        while tb is not None:
            out.append((tb.tb_frame.f_code.co_name, tb.tb_lineno, tb.tb_frame.f_locals.get("marker")))
            tb = tb.tb_next
        return out, str(e)


def gen_frames(tag):
    def g():
        local = tag
        yield sys._getframe().f_back.f_code.co_name
        yield local

    it = g()
    first = next(it)
    fr = it.gi_frame
    return first, fr.f_locals["local"], fr.f_lineno


results = {}
errors = []
start = threading.Barrier(4)


def worker(n):
    try:
        start.wait()
        tag = "t%d" % n
        for round_ in range(200):
            depth = (n + round_) % 5
            names, seen_depth, caller = descend(tag, depth)
            expected = ["leaf"] + ["descend"] * (depth + 1) + ["worker", "run", "_bootstrap_inner", "_bootstrap"]
            if names[: len(expected) - 3] != expected[: len(expected) - 3] or seen_depth != 0 or caller != "descend":
                errors.append((n, names, seen_depth, caller))
            out, msg = walk_traceback(tag, depth)
            if msg != tag or [o[0] for o in out] != ["walk_traceback"] + ["fail"] * (depth + 1):
                errors.append((n, out, msg))
            if any(o[2] not in (None, tag) for o in out):
                errors.append((n, "marker", out))
            first, local, line = gen_frames(tag)
            if (first, local) != ("gen_frames", tag):
                errors.append((n, first, local, line))
        results[n] = (walk_traceback(tag, 2)[0], gen_frames(tag))
    except Exception as e:
        errors.append((n, repr(e)))


threads = [threading.Thread(target=worker, args=(n,)) for n in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print("errors", errors)
for n in sorted(results):
    print(n, results[n])
