# Classes made by a metaclass, descriptors and __getattribute__ overrides
# used from several threads at once; every thread's result is exact.
import threading

class Registered(type):
    made = []
    lock = threading.Lock()
    def __new__(mcls, name, bases, ns, **kw):
        cls = super().__new__(mcls, name, bases, ns)
        with Registered.lock:
            Registered.made.append(name)
        return cls
    def __call__(cls, *args):
        inst = super().__call__(*args)
        inst.tagged = True
        return inst

class Clamp:
    def __init__(self, lo, hi):
        self.lo, self.hi = lo, hi
    def __set_name__(self, owner, name):
        self.slot = "_" + name
    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return getattr(obj, self.slot)
    def __set__(self, obj, value):
        setattr(obj, self.slot, max(self.lo, min(self.hi, value)))

class Tracked:
    def __getattribute__(self, name):
        if name == "double":
            return object.__getattribute__(self, "level") * 2
        return object.__getattribute__(self, name)

results = {}

def worker(n):
    class Gauge(Tracked, metaclass=Registered):
        level = Clamp(0, 100)
        def __init__(self, v):
            self.level = v
    total = 0
    for i in range(3000):
        g = Gauge(i % 150)
        total += g.level + g.double + (1 if g.tagged else 0)
    results[n] = total

threads = [threading.Thread(target=worker, args=(n,)) for n in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(sorted(results.items()))
print(sorted(Registered.made))
