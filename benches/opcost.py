#!/usr/bin/env python3
"""Per-operation cost, in machine instructions, side by side with CPython.

Each case is one statement run in a loop inside a function (its operands
are the function's locals). Every case runs under `valgrind --tool=callgrind`
twice per interpreter, with N and with 0 iterations; the difference over N
is the cost of one iteration: the loop's own `FOR_ITER_RANGE`,
`STORE_FAST` and `JUMP_BACKWARD` (the `empty` case) plus the statement.
Instruction counts do not drift with the machine's load, so two builds can
be compared with one run each (docs/PERFORMANCE.md, "Per-operation cost").

Usage (from the workspace root, after `cargo build --release -p weft`):

    python3 benches/opcost.py [--weft target/release/weft]
        [--python python3.11] [--iterations 20000] [CASE ...]
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

SETUP = """
class C:
    def __init__(self):
        self.a = 1
        self.b = 2
    def m(self):
        return self.a
    def m1(self, x):
        return x
class S:
    __slots__ = ('a',)
    def __init__(self):
        self.a = 1
def f0():
    return 1
def f1(x):
    return x
def f2(x, y):
    return x
o = C(); s = S(); d = {'k%d' % i: i for i in range(50)}; k = 'k7'
lst = [1, 2, 3, 4, 5]; t = (1, 2, 3); st = set(range(50))
x = 5; y = 7.0; z = 3.5; s1 = 'abc'; s2 = 'abd'
"""

# name -> the statement timed (the loop's body).
CASES = {
    "empty": "pass",
    "load_fast": "q = x",
    "add_int": "q = x + 1",
    "add_float": "q = y + z",
    "cmp_int": "q = x < 9",
    "if_int": "if x < 9: pass",
    "attr_inst": "q = o.a",
    "attr_slot": "q = s.a",
    "store_attr": "o.a = 1",
    "meth0": "q = o.m()",
    "meth1": "q = o.m1(x)",
    "call0": "q = f0()",
    "call1": "q = f1(x)",
    "call2": "q = f2(x, x)",
    "new_obj": "q = C()",
    "global": "q = C",
    "dict_get": "q = d[k]",
    "dict_set": "d[k] = 1",
    "dict_meth_get": "q = d.get(k, 0)",
    "in_dict": "q = k in d",
    "in_set": "q = 7 in st",
    "list_idx": "q = lst[2]",
    "list_set": "lst[2] = 3",
    "tuple_idx": "q = t[1]",
    "swap": "lst[0], lst[1] = lst[1], lst[0]",
    "unpack": "a, b = t[0], t[1]",
    "append_pop": "lst.append(1); lst.pop()",
    "len": "q = len(lst)",
    "isinstance": "q = isinstance(x, int)",
    "build_tuple": "q = (x, x)",
    "build_list": "q = [x, x]",
    "str_eq": "q = s1 == s2",
    "str_concat": "q = s1 + s2",
    "format": "q = 'k%d' % x",
    "for_list": "for _ in lst: pass",
    "for_range": "for _ in range(3): pass",
}

PROGRAM = """{setup}
def run(n, o=o, s=s, d=d, k=k, lst=lst, t=t, st=st, x=x, y=y, z=z, s1=s1, s2=s2):
    for i in range(n):
        {statement}
import sys
run(int(sys.argv[1]))
"""


def instructions(command):
    """Instructions callgrind counts for `command` (its output discarded)."""
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + command,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    found = re.search(r"refs:\s*([\d,]+)", run.stderr)
    if run.returncode != 0 or not found:
        sys.exit("failed: %s\n%s" % (" ".join(command), run.stderr[-2000:]))
    return int(found.group(1).replace(",", ""))


def per_iteration(interpreter, path, iterations):
    """Instructions of one iteration of the case's loop."""
    full = instructions(interpreter + [path, str(iterations)])
    none = instructions(interpreter + [path, "0"])
    return (full - none) / iterations


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--weft", default="target/release/weft")
    parser.add_argument("--python", default="python3.11")
    parser.add_argument("--iterations", type=int, default=20000)
    parser.add_argument("cases", nargs="*", help="cases to run (default: all)")
    args = parser.parse_args()
    unknown = [c for c in args.cases if c not in CASES]
    if unknown:
        sys.exit("unknown case(s): %s (known: %s)" % (", ".join(unknown), ", ".join(CASES)))
    names = args.cases or list(CASES)
    print("| case | statement | weft | python3.11 | ratio |")
    print("|---|---|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as folder:
        for name in names:
            path = os.path.join(folder, name + ".py")
            statement = CASES[name].replace("; ", "\n        ")
            with open(path, "w") as out:
                out.write(PROGRAM.format(setup=SETUP, statement=statement))
            weft = per_iteration([args.weft, "run"], path, args.iterations)
            python = per_iteration([args.python], path, args.iterations)
            print(
                "| %s | `%s` | %.0f | %.0f | %.2f |"
                % (name, CASES[name], weft, python, weft / python)
            )
            sys.stdout.flush()


if __name__ == "__main__":
    main()
