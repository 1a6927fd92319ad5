#!/usr/bin/env python3
"""Side-by-side timing of Weft against other Python interpreters.

Runs every program of ../shared/corpus/bench at its SIZES.md argument
under each interpreter, alternating interpreters within each round
(A B C, A B C, ...) after one warm-up round, and prints per program the
median wall time of each interpreter and its ratio to the reference
(python3.11), plus the geometric mean of the ratios. Also writes JSON.

usage: benches/compare.py [--runs 5] [--only nbody,recursive]
                          [--weft target/release/weft] [--no-specialize]
                          [--interp NAME=COMMAND ...] [--json out.json]
"""

import argparse
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SHARED = os.environ.get("WEFT_SHARED", os.path.join(ROOT, "..", "shared"))
BENCH = os.path.join(SHARED, "corpus", "bench")


def sizes():
    out = []
    with open(os.path.join(BENCH, "SIZES.md")) as fh:
        for line in fh:
            parts = line.split()
            if len(parts) == 2 and parts[0].endswith(".py") and parts[1].isdigit():
                out.append((parts[0], parts[1]))
    return out


def real_python(name, env_version=None):
    """The real interpreter binary behind a pyenv shim (the shim adds ~0.1 s)."""
    try:
        env = dict(os.environ)
        if env_version:
            env["PYENV_VERSION"] = env_version
        p = subprocess.run(["pyenv", "which", name], capture_output=True, text=True, env=env)
        if p.returncode == 0 and p.stdout.strip():
            return [p.stdout.strip()]
    except OSError:
        pass
    found = shutil.which(name)
    return [found] if found else None


def time_once(cmd, prog, size):
    start = time.perf_counter()
    p = subprocess.run(cmd + [prog, size], cwd=BENCH, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if p.returncode != 0:
        raise RuntimeError("%s %s failed: %s" % (" ".join(cmd), prog, p.stderr.decode()[-300:]))
    return elapsed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--only", default="")
    ap.add_argument("--weft", default=os.path.join(ROOT, "target", "release", "weft"))
    ap.add_argument("--no-specialize", action="store_true", help="also time weft --no-specialize")
    ap.add_argument("--interp", action="append", default=[], help="NAME=COMMAND (space separated)")
    ap.add_argument("--json", default="")
    args = ap.parse_args()

    interps = [("weft", [args.weft, "run"])]
    if args.no_specialize:
        interps.append(("weft-nospec", [args.weft, "--no-specialize", "run"]))
    ref = real_python("python3.11")
    if ref:
        interps.append(("python3.11", ref))
    for spec in args.interp:
        name, _, cmd = spec.partition("=")
        interps.append((name, cmd.split()))
    programs = sizes()
    if args.only:
        keep = set(args.only.split(","))
        programs = [(p, s) for p, s in programs if p[:-3] in keep]

    results = {}
    for prog, size in programs:
        times = {name: [] for name, _ in interps}
        for _, cmd in interps:  # warm-up round
            time_once(cmd, prog, size)
        for _ in range(args.runs):
            for name, cmd in interps:
                times[name].append(time_once(cmd, prog, size))
        results[prog[:-3]] = {name: statistics.median(ts) for name, ts in times.items()}
        print("  %-16s %s" % (prog[:-3], "  ".join("%s=%.2fs" % (n, t) for n, t in results[prog[:-3]].items())),
              file=sys.stderr, flush=True)

    names = [n for n, _ in interps]
    header = "| program | " + " | ".join(names) + " | " + " | ".join("%s / python3.11" % n for n in names if n != "python3.11") + " |"
    print(header)
    print("|" + "---|" * (1 + len(names) + len([n for n in names if n != "python3.11"])))
    logs = {n: [] for n in names if n != "python3.11"}
    for prog, med in results.items():
        cells = ["%.2f s" % med[n] for n in names]
        ratios = []
        for n in names:
            if n == "python3.11":
                continue
            if "python3.11" in med:
                r = med[n] / med["python3.11"]
                logs[n].append(math.log(r))
                ratios.append("%.2f" % r)
            else:
                ratios.append("-")
        print("| %s | %s | %s |" % (prog, " | ".join(cells), " | ".join(ratios)))
    geo = {n: math.exp(sum(v) / len(v)) for n, v in logs.items() if v}
    print("| **geometric mean** | %s | %s |" % (" | ".join("" for _ in names),
                                              " | ".join("**%.2f**" % geo.get(n, float("nan")) for n in logs)))
    if args.json:
        with open(args.json, "w") as fh:
            json.dump({"medians": results, "geomean_ratio_to_python3.11": geo, "runs": args.runs}, fh, indent=2)


if __name__ == "__main__":
    main()
