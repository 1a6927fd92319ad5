# Functions and classes made by exec/eval, and one code object, run on
# several threads at once.
import threading

ns = {}
exec("""
def fib(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a

class Acc:
    def __init__(self):
        self.total = 0
    def add(self, v):
        self.total += v
        return self
""", ns)
square = eval("lambda x: x * x")
code = compile("result = sum(i * k for i in range(200))", "<shared>", "exec")

results = {}
lock = threading.Lock()

def work(k):
    acc = ns["Acc"]()
    for i in range(300):
        acc.add(ns["fib"](i % 40) + square(i))
    local = {"k": k}
    for _ in range(50):
        exec(code, local)
    value = eval("k * 2 + result", local)
    with lock:
        results[k] = (acc.total, value)

threads = [threading.Thread(target=work, args=(k,)) for k in range(8)]
for t in threads:
    t.start()
for t in threads:
    t.join()

expected_total = sum(ns["fib"](i % 40) + i * i for i in range(300))
for k in sorted(results):
    total, value = results[k]
    print(k, total == expected_total, value == k * 2 + sum(i * k for i in range(200)))
