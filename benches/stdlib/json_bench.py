# Session 26's stdlib measurement (docs/PERFORMANCE.md): run with weft and python3.11.
import json, sys, time, random
rng = random.Random(5)
doc = {"items": [{"id": i, "name": "item%d" % i, "price": rng.random() * 100,
                  "tags": ["a", "b", "c"][: i % 4], "nested": {"x": i, "y": [i, i + 1]}}
                 for i in range(30000)]}
text = json.dumps(doc)
t = time.perf_counter(); s = json.dumps(doc); t1 = time.perf_counter() - t
t = time.perf_counter(); back = json.loads(text); t2 = time.perf_counter() - t
print("json MB %.1f dumps %.3f loads %.3f ok %s" % (len(text) / 1e6, t1, t2, back == doc))
