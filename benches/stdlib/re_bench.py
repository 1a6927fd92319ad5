# Session 26's stdlib measurement (docs/PERFORMANCE.md): run with weft and python3.11.
import re, time, random
rng = random.Random(7)
words = ["alpha", "beta", "gamma", "delta", "x1", "y22", "zeta", "omega-3"]
text = " ".join(rng.choice(words) for _ in range(500000))
t = time.perf_counter(); found = re.findall(r"\w+", text); t1 = time.perf_counter() - t
t = time.perf_counter(); n = len(re.findall(r"[a-z]+\d+", text)); t2 = time.perf_counter() - t
print("re MB %.1f findall(\\w+) %.3f (%d) findall([a-z]+\\d+) %.3f (%d)" % (len(text) / 1e6, t1, len(found), t2, n))
