import sys
sys.path.pop(0)  # this directory's test files share the modules' names
import keyword
import threading

print(keyword.kwlist)
print(keyword.softkwlist)
print(len(keyword.kwlist), sorted(keyword.__all__))
for word in ["if", "If", "match", "case", "_", "print", "None", "none", "async", "await",
             "nonlocal", "", "type", "yield", "exec", "True"]:
    print(repr(word), keyword.iskeyword(word), keyword.issoftkeyword(word))
for bad in ([], None, 3):
    try:
        print(keyword.iskeyword(bad), keyword.issoftkeyword(bad))
    except TypeError as e:
        print("TypeError")
print(all(keyword.iskeyword(k) for k in keyword.kwlist), any(keyword.iskeyword(k) for k in keyword.softkwlist))

results = [None] * 4
def work(k):
    results[k] = sum(keyword.iskeyword(w) for w in keyword.kwlist * 50 + ["x%d" % i for i in range(100)])
ts = [threading.Thread(target=work, args=(k,)) for k in range(4)]
for t in ts: t.start()
for t in ts: t.join()
print(results)
