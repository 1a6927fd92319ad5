# exec, eval and compile: namespaces, modes, code objects, errors.
import sys

print(eval("1 + 2"))
print(eval("  [x * x for x in range(5)]"))
x = 10
print(eval("x + 1"))
exec("y = x * 3")
print(y)

g = {"a": 4}
exec("b = a + 1\ndef f(n):\n    return n + b\n", g)
print(sorted(k for k in g if k != "__builtins__"), g["b"], g["f"](1))
print("__builtins__" in g)

l = {}
exec("z = 5\nw = z * 2", {}, l)
print(sorted(l.items()))
print(eval("p + q", {"p": 1}, {"q": 2}))

def in_function():
    local_v = 7
    print(eval("local_v * 6"))
    print(sorted(locals()))
    exec("print('exec sees', local_v)")
    ns = {}
    exec("r = len(ns_name)", {"ns_name": "abc"}, ns)
    print(ns)

in_function()

def locals_snapshot(a, b=2, *args, **kw):
    c = a + b
    def inner():
        return c
    return locals()

snap = locals_snapshot(1, 3, 4, k=5)
print(sorted(snap), snap["a"], snap["c"], snap["args"], snap["kw"])

code = compile("total = sum(range(n))", "<calc>", "exec")
print(type(code).__name__, code.co_filename, code.co_name)
for n in (3, 4, 5):
    ns = {"n": n}
    exec(code, ns)
    print(ns["total"])

expr = compile("a * 2", "<e>", "eval")
print([eval(expr, {"a": i}) for i in range(4)])

single = compile("a + 1", "<s>", "single")
exec(single, {"a": 41})
exec(compile("None", "<s>", "single"))
exec(compile("for i in range(2): i\n", "<s>", "single"))

for src, mode in [("1 +", "eval"), ("x = = 1", "exec"), ("def f(:\n  pass", "exec"),
                  ("x = 1", "eval"), ("a = 1\nb = 2\n", "single"), ("  if 1:\n pass", "exec")]:
    try:
        compile(src, "<bad>", mode)
    except SyntaxError as e:
        print(type(e).__name__, e.msg, e.filename, e.lineno)

try:
    eval("1 +")
except SyntaxError as e:
    print("eval:", e.msg, e.filename, e.lineno)
try:
    exec("def g():\n    return 1 +\n")
except SyntaxError as e:
    print("exec:", e.msg, e.filename, e.lineno)

try:
    compile("1", "f", "bogus")
except ValueError as e:
    print(e)
try:
    exec(42)
except TypeError as e:
    print(e)
try:
    eval("1", [])
except TypeError as e:
    print(e)
try:
    exec("1", [])
except TypeError as e:
    print(e)

try:
    eval("undefined_name")
except NameError as e:
    print(e)

def traced():
    exec("1 / 0")
try:
    traced()
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)

print(eval(b"3 * 3"))
print(eval(compile(b"'bytes source'", "<b>", "eval")))

def func(a, b, *, c, d=1):
    e = a + b
    return e
co = func.__code__
print(co.co_name, co.co_qualname, co.co_argcount, co.co_kwonlyargcount, co.co_posonlyargcount)
print(co.co_varnames, co.co_firstlineno > 0, co.co_filename.endswith("dynamic_code.py"))

print(__import__("math").sqrt(16))
os_path = __import__("collections", fromlist=["OrderedDict"])
print(os_path.__name__)
import importlib
print(importlib.import_module("math").floor(2.5))
print(importlib.import_module("concurrent.futures").__name__)

made = []
for i in range(3):
    made.append(eval("lambda v: v + %d" % i))
print([f(10) for f in made])
exec("class K:\n    attr = 3\n    def m(self):\n        return self.attr * 2\n")
print(K().m(), K.__name__, K.__module__)
