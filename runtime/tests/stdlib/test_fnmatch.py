import sys
sys.path.pop(0)  # this directory's test files share the modules' names
import fnmatch
import threading


patterns = ["*", "*.py", "a*", "*a*", "*a*b", "a*b*c*d", "**x**y**", "?", "a?c",
            "[abc]", "[!abc]", "[a-z]*", "[!a-z]", "[]]", "[!]]", "[]a-]", "[a-]",
            "[-a]", "[z-a]", "[bz-ac]", "[!z-a]", "[\\]", "[a\\-z]", "[a-c-e]",
            "[--0]", "[&~|]", "[^x]", "[[]", "[", "a[", "[!", "[!]", "[]", "x[]y",
            "file.(1)+$^{2}", "tab\there", "a b#c", "*.[ch]", "[a-cx-z0-9_]?*",
            "[a-z][!0-9]*[.]txt", "ab\\*cd"]
for p in patterns:
    print(repr(p), repr(fnmatch.translate(p)))

names = ["", "a", "b", "z", "A", "-", "]", "!", "^", "\\", "[", "ab", "abc", "abcd",
         "aXbYcZd", "a.py", ".py", "x.pyc", "main.c", "main.h", "main.cpp", "xy",
         "axbxy", "a\nb", "tab\there", "a b#c", "file.(1)+$^{2}", "ab*cd", "ab\\xcd",
         "q1.txt", "qq.txt", "Q.TXT", "a-", "&", "~", "|", "0", "5", "x]y", "a[", "x[]y"]
for p in patterns:
    hits = [n for n in names if fnmatch.fnmatchcase(n, p)]
    print(repr(p), hits)
    assert hits == [n for n in names if fnmatch.fnmatch(n, p)]
    assert fnmatch.filter(names, p) == hits

print(fnmatch.fnmatch("README.md", "*.MD"), fnmatch.fnmatchcase("README.md", "*.MD"))
print(fnmatch.filter(["a.py", "b.txt", "c.py", "d.PY"], "*.py"))
print(fnmatch.filter(iter(["x1", "x2", "y1"]), "x?"))
print(fnmatch.filter([], "*"))

# pathological backtracking stays fast
long_name = "a" * 60
print(fnmatch.fnmatchcase(long_name, "*a*a*a*a*a*a*a*a*a*a*b"), fnmatch.fnmatchcase(long_name, "*a*a*a*a*a*a*a*a*a*a"))
print(fnmatch.fnmatchcase("x" * 1000 + "y", "*x*x*y"), fnmatch.fnmatchcase("ab" * 50, "*ab?b*b"))

# bytes
print(fnmatch.fnmatchcase(b"data.bin", b"*.bin"), fnmatch.fnmatchcase(b"d\xe9.x", b"d?.[x-z]"),
      fnmatch.fnmatch(b"abc", b"a[!x]c"), fnmatch.filter([b"a1", b"b2", b"a3"], b"a*"),
      fnmatch.fnmatchcase(bytearray(b"q"), b"?"), fnmatch.fnmatchcase(b"\xff\x00", b"[\xf0-\xff]*"))

for call in (lambda: fnmatch.fnmatchcase(1, "*"), lambda: fnmatch.fnmatchcase("x", 2),
             lambda: fnmatch.fnmatchcase(None, None), lambda: fnmatch.fnmatchcase(b"x", "x"),
             lambda: fnmatch.fnmatchcase("x", b"x"), lambda: fnmatch.fnmatch(3, "x"),
             lambda: fnmatch.fnmatch("x", 3), lambda: fnmatch.filter(["a", 1], "a"),
             lambda: fnmatch.filter([b"a"], "a")):
    try:
        call()
        print("no error")
    except TypeError as e:
        print("TypeError", e)

# threads: many patterns compiled concurrently through the shared cache
results = [None] * 4
def work(k):
    count = 0
    for i in range(300):
        pat = "*%d[0-%d]?" % (i % 13, (i + k) % 10)
        for n in ("f%d%d%s" % (i % 13, (i + k) % 10, "x"), "f%d0" % (i % 13), "nomatch"):
            if fnmatch.fnmatch(n, pat):
                count += 1
    results[k] = count
ts = [threading.Thread(target=work, args=(k,)) for k in range(4)]
for t in ts: t.start()
for t in ts: t.join()
print(results)
