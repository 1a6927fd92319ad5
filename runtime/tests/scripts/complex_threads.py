# Several threads computing with complex values and big ranges at once,
# appending to one bytearray, sharing one list and one dict keyed by
# complex numbers.
import cmath
import threading

results = []
shared = bytearray()
by_key = {}
lock = threading.Lock()

def work(k):
    z = complex(k, -k)
    acc = 0j
    for i in range(2000):
        acc += (z * 1j + i) / (1 + 1j)
        acc = acc.conjugate()
    for i in range(500):
        shared.append(k)
        shared.extend(bytes([k + 100]))
    roots = [cmath.sqrt(complex(k, i)) for i in range(50)]
    span = range(10**25 + k, 10**25 + k + 300, 3)
    s = sum(x - 10**25 for x in span)
    with lock:
        by_key[complex(k, k)] = (repr(acc), repr(roots[-1]), s)
    results.append(k)

threads = [threading.Thread(target=work, args=(k,)) for k in range(8)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(sorted(results), len(shared), sorted(set(shared)), sum(shared), shared.count(7), shared.count(107))
for key in sorted(by_key, key=lambda c: c.real):
    print(key, by_key[key], hash(key) == hash(complex(key.real, key.imag)))
