# An application-style script: a small CSV command-line tool built on
# argparse, driven in-process by calling main() with argument lists.
import argparse
import contextlib
import csv
import hashlib
import io
import os
import shutil
import sys
import tempfile
import textwrap
import time
from pathlib import Path

os.environ["COLUMNS"] = "80"
SCRATCH = Path("_scratch_app_csvtool")
STAMP = time.strftime("%Y-%m-%d %H:%M:%S %a %j", time.gmtime(1700000000))


def read_rows(path):
    with open(path, newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        return reader.fieldnames, list(reader)


def write_rows(path, fieldnames, rows, delimiter=","):
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=fieldnames, delimiter=delimiter,
                                extrasaction="ignore", quoting=csv.QUOTE_MINIMAL)
        writer.writeheader()
        writer.writerows(rows)


def digest(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16]


def cmd_summarize(args):
    for name in args.files:
        fields, rows = read_rows(name)
        print("%s: %d rows, columns %s" % (Path(name).name, len(rows), ", ".join(fields)))
        for col in [c for c in args.numeric or [] if c in fields]:
            values = [float(r[col]) for r in rows if r[col].strip()]
            if not values:
                print("  %s: no values" % col)
                continue
            print("  %-8s min=%g max=%g sum=%.2f avg=%.3f" % (
                col, min(values), max(values), sum(values), sum(values) / len(values)))
    return 0


def cmd_filter(args):
    fields, rows = read_rows(args.source)
    col, _, wanted = args.where.partition("=")
    if col not in fields:
        print("csvtool: unknown column %r" % col)
        return 2
    kept = [r for r in rows if (r[col] == wanted) != args.invert]
    out = Path(args.output)
    write_rows(out, args.columns.split(",") if args.columns else fields, kept)
    print("filter: kept %d of %d -> %s sha=%s" % (len(kept), len(rows), out.name, digest(out)))
    return 0


def cmd_convert(args):
    fields, rows = read_rows(args.source)
    out = Path(args.output)
    if args.to == "tsv":
        write_rows(out, fields, rows, delimiter="\t")
    elif args.to == "md":
        lines = ["| " + " | ".join(fields) + " |", "|" + "---|" * len(fields)]
        lines += ["| " + " | ".join(r[f].replace("|", "\\|") for f in fields) + " |" for r in rows]
        out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    else:
        body = "; ".join("%s is %s" % (r[fields[0]], r[fields[1]]) for r in rows)
        out.write_text(textwrap.fill(body, width=args.width, initial_indent="* ",
                                     subsequent_indent="  ") + "\n", encoding="utf-8")
    print("convert: %s -> %s (%d bytes) sha=%s" % (Path(args.source).name, out.name,
                                                   out.stat().st_size, digest(out)))
    return 0


def build_parser():
    parser = argparse.ArgumentParser(
        prog="csvtool", description="Inspect and reshape small CSV files.",
        epilog="Generated " + STAMP)
    parser.add_argument("-q", "--quiet", action="store_true", help="print less")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    p = sub.add_parser("summarize", help="row counts and numeric column statistics")
    p.add_argument("files", nargs="+", help="CSV files to read")
    p.add_argument("-n", "--numeric", action="append", metavar="COL", help="numeric column (repeatable)")
    p.set_defaults(func=cmd_summarize)
    p = sub.add_parser("filter", help="keep rows where COL=VALUE")
    p.add_argument("source")
    p.add_argument("--where", required=True, metavar="COL=VALUE")
    p.add_argument("-v", "--invert", action="store_true", help="drop matching rows instead")
    p.add_argument("-c", "--columns", help="comma separated output columns")
    p.add_argument("-o", "--output", default="filtered.csv")
    p.set_defaults(func=cmd_filter)
    p = sub.add_parser("convert", help="write the rows in another format")
    p.add_argument("source")
    p.add_argument("output")
    p.add_argument("--to", choices=["tsv", "md", "text"], default="tsv")
    p.add_argument("--width", type=int, default=40, help="text width (default: %(default)s)")
    p.set_defaults(func=cmd_convert)
    return parser


def main(argv):
    args = build_parser().parse_args(argv)
    if not args.quiet:
        print("csvtool %s" % args.command)
    return args.func(args)


def run(argv, tmp=None):
    err = io.StringIO()
    shown = " ".join(argv)
    print("$ csvtool", shown.replace(str(tmp), "<tmp>") if tmp else shown)
    try:
        with contextlib.redirect_stderr(err):
            status = main(argv)
    except SystemExit as e:
        status = "SystemExit(%r)" % (e.code,)
    print("status:", status)
    if err.getvalue():
        print("stderr:", err.getvalue().rstrip().replace("\n", "\n        "))


def setup():
    if SCRATCH.exists():
        shutil.rmtree(SCRATCH)
    (SCRATCH / "data" / "archive").mkdir(parents=True)
    write_rows(SCRATCH / "data" / "fruit.csv", ["name", "colour", "price", "stock"], [
        {"name": "apple", "colour": "red", "price": "0.5", "stock": "120"},
        {"name": "banana", "colour": "yellow", "price": "0.25", "stock": "80"},
        {"name": "cherry", "colour": "red", "price": "4", "stock": ""},
        {"name": "kiwi, gold", "colour": "green", "price": "0.75", "stock": "33"},
        {"name": 'say "lime"', "colour": "green", "price": "0.3", "stock": "7"},
    ])
    (SCRATCH / "data" / "towns.csv").write_text(
        "town,population\nAbbotsford,1200\nBrill,950\nCrail,1700\n", encoding="utf-8")
    shutil.copy(SCRATCH / "data" / "towns.csv", SCRATCH / "data" / "archive" / "towns-old.csv")


def main_script():
    setup()
    data = SCRATCH / "data"
    print("stamp:", STAMP)
    print("files:", sorted(p.relative_to(SCRATCH).as_posix() for p in SCRATCH.glob("**/*.csv")))
    run(["--help"])
    run(["filter", "--help"])
    run(["convert", "-h"])
    run(["summarize", str(data / "fruit.csv"), str(data / "towns.csv"), "-n", "price", "-n", "stock"])
    run(["filter", str(data / "fruit.csv"), "--where", "colour=red", "-o", str(data / "red.csv")])
    print(textwrap.indent((data / "red.csv").read_text(encoding="utf-8"), "    | "), end="")
    run(["-q", "filter", str(data / "fruit.csv"), "--where", "colour=red", "-v",
         "-c", "name,price", "-o", str(data / "other.csv")])
    print((data / "other.csv").read_text(encoding="utf-8"), end="")
    run(["filter", str(data / "fruit.csv"), "--where", "size=big"])
    run(["convert", str(data / "fruit.csv"), str(data / "fruit.md"), "--to", "md"])
    print((data / "fruit.md").read_text(encoding="utf-8"), end="")
    run(["convert", str(data / "towns.csv"), str(data / "towns.txt"), "--to", "text", "--width", "30"])
    print((data / "towns.txt").read_text(encoding="utf-8"), end="")
    run(["convert", str(data / "fruit.csv"), str(data / "fruit.tsv")])
    print(repr((data / "fruit.tsv").read_text(encoding="utf-8").splitlines()[4]))
    run(["convert", str(data / "fruit.csv"), "x.out", "--to", "xml"])
    run(["summarize"])
    run(["convert", "a", "b", "--width", "wide"])
    run(["frobnicate"])
    run([])
    with tempfile.TemporaryDirectory(prefix="csvtool-") as tmp:
        tmp = Path(tmp)
        for p in sorted(data.glob("*.csv")):
            shutil.copy(p, tmp / p.name)
        copies = sorted(tmp.glob("*.csv"))
        print("temp copies:", [p.name for p in copies],
              all(digest(p) == digest(data / p.name) for p in copies))
        run(["-q", "summarize", *[str(p) for p in copies], "-n", "population"], tmp)
    print("temp removed:", not tmp.exists())
    listing = sorted((p.relative_to(SCRATCH).as_posix(), p.stat().st_size)
                     for p in SCRATCH.rglob("*") if p.is_file())
    print("listing:", listing)
    shutil.rmtree(SCRATCH)
    print("scratch removed:", not SCRATCH.exists())


main_script()
