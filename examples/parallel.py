# The bundled demo: four threads run the same functions (one shared,
# specialized bytecode array) at the same time and agree with a
# sequential run.
import threading
import time


class Particle:
    __slots__ = ("x", "v")

    def __init__(self, x, v):
        self.x = x
        self.v = v

    def step(self, dt):
        self.x += self.v * dt
        if self.x < 0.0 or self.x > 100.0:
            self.v = -self.v


def simulate(seed, steps):
    ps = [Particle(float((seed * 7 + i * 13) % 100), 1.0 + (i % 5)) for i in range(20)]
    total = 0.0
    for _ in range(steps):
        for p in ps:
            p.step(0.1)
        total += ps[0].x
    return round(total, 6)


def worker(seed, steps, out):
    out[seed] = simulate(seed, steps)


STEPS = 20000
results = {}
start = time.perf_counter()
threads = [threading.Thread(target=worker, args=(s, STEPS, results)) for s in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
parallel = time.perf_counter() - start
sequential = {s: simulate(s, STEPS) for s in range(4)}
print("threads agree with a sequential run:", results == sequential)
print("checksum:", sum(results.values()))
print("parallel time: %.2fs" % parallel)
