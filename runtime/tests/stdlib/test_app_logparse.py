# An application-style script: produce a synthetic web-server access log,
# then parse it and print an aggregated report.
import json
import logging
import os
import random
import re
import shutil
import statistics
import sys
from collections import Counter, defaultdict
from datetime import datetime, timedelta

log = logging.getLogger("logparse")
log.setLevel(logging.DEBUG)
_handler = logging.StreamHandler(sys.stdout)
_handler.setFormatter(logging.Formatter("[%(levelname)-7s] %(name)s: %(message)s"))
log.addHandler(_handler)
log.propagate = False

SCRATCH = os.path.join("_scratch_app_logparse")
PATHS = ["/", "/index.html", "/api/items", "/api/items/42", "/login",
         "/static/app.js", "/static/style.css", "/search?q=weft"]
METHODS = ["GET", "GET", "GET", "POST", "PUT", "DELETE"]
AGENTS = ["curl/8.0", "Mozilla/5.0 (X11)", "python-requests/2.31", "Bot/1.2"]
STATUSES = [200] * 12 + [201, 204, 301, 304, 400, 403, 404, 404, 500, 503]

LINE_RE = re.compile(
    r'(?P<ip>\d{1,3}(?:\.\d{1,3}){3}) - (?P<user>\S+) '
    r'\[(?P<ts>[^\]]+)\] "(?P<method>[A-Z]+) (?P<path>\S+) HTTP/(?P<ver>[\d.]+)" '
    r'(?P<status>\d{3}) (?P<size>\d+|-) "(?P<agent>[^"]*)" (?P<ms>\d+)ms$'
)


def generate(path, count, seed):
    rng = random.Random(seed)
    start = datetime(2024, 3, 9, 22, 0, 0)
    moment = start
    with open(path, "w", encoding="utf-8") as fh:
        for i in range(count):
            moment += timedelta(seconds=rng.randint(0, 7))
            ip = "10.0.%d.%d" % (rng.randint(0, 3), rng.randint(1, 40))
            user = rng.choice(["-", "-", "-", "alice", "bob"])
            method = rng.choice(METHODS)
            target = rng.choice(PATHS)
            status = rng.choice(STATUSES)
            size = "-" if status in (204, 304) else str(rng.randint(80, 90000))
            agent = rng.choice(AGENTS)
            ms = int(rng.expovariate(1 / 120)) + 1
            if i % 997 == 13:
                fh.write("garbage line number %d\n" % i)
                continue
            stamp = moment.strftime("%d/%b/%Y:%H:%M:%S +0000")
            fh.write('%s - %s [%s] "%s %s HTTP/1.1" %d %s "%s" %dms\n'
                     % (ip, user, stamp, method, target, status, size, agent, ms))
    log.info("wrote %d lines to %s", count, os.path.basename(path))


def parse(path):
    records, bad = [], 0
    with open(path, encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            m = LINE_RE.match(line.rstrip("\n"))
            if m is None:
                bad += 1
                log.warning("line %d unparsable: %r", lineno, line[:24])
                continue
            rec = m.groupdict()
            rec["when"] = datetime.strptime(rec.pop("ts"), "%d/%b/%Y:%H:%M:%S %z")
            rec["status"] = int(rec["status"])
            rec["size"] = 0 if rec["size"] == "-" else int(rec["size"])
            rec["ms"] = int(rec["ms"])
            records.append(rec)
    log.debug("parsed %d records, %d bad", len(records), bad)
    return records, bad


def report(records, bad):
    by_status = Counter(r["status"] for r in records)
    by_class = Counter("%dxx" % (r["status"] // 100) for r in records)
    by_path = Counter(r["path"].split("?")[0] for r in records)
    bytes_by_ip = defaultdict(int)
    latency_by_method = defaultdict(list)
    per_hour = defaultdict(int)
    users = defaultdict(set)
    for r in records:
        bytes_by_ip[r["ip"]] += r["size"]
        latency_by_method[r["method"]].append(r["ms"])
        per_hour[r["when"].strftime("%Y-%m-%d %H:00")] += 1
        if r["user"] != "-":
            users[r["user"]].add(r["path"])
    all_ms = [r["ms"] for r in records]
    q = statistics.quantiles(all_ms, n=4)
    first, last = records[0]["when"], records[-1]["when"]
    top_ips = sorted(bytes_by_ip.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
    errors = [r for r in records if r["status"] >= 500]
    return {
        "total": len(records),
        "unparsable": bad,
        "span": {"first": first.isoformat(), "last": last.isoformat(),
                 "seconds": int((last - first).total_seconds())},
        "status": {str(k): v for k, v in by_status.items()},
        "status_class": dict(by_class),
        "top_paths": by_path.most_common(3),
        "top_ips_by_bytes": [{"ip": ip, "bytes": n} for ip, n in top_ips],
        "latency_ms": {
            "mean": round(statistics.mean(all_ms), 3),
            "median": statistics.median(all_ms),
            "quartiles": [round(x, 2) for x in q],
            "stdev": round(statistics.stdev(all_ms), 3),
            "by_method": {m: {"n": len(v), "median": statistics.median(v),
                              "max": max(v)}
                          for m, v in latency_by_method.items()},
        },
        "per_hour": dict(per_hour),
        "users": {u: sorted(p) for u, p in users.items()},
        "error_rate": round(len(errors) / len(records), 4),
        "first_error": None if not errors else {
            "line": "%s %s" % (errors[0]["method"], errors[0]["path"]),
            "at": errors[0]["when"].strftime("%H:%M:%S %Z"),
            "weekday": errors[0]["when"].strftime("%A"),
        },
    }


def main():
    if os.path.isdir(SCRATCH):
        shutil.rmtree(SCRATCH)
    os.mkdir(SCRATCH)
    try:
        path = os.path.join(SCRATCH, "access.log")
        generate(path, 3000, seed=20240309)
        with open(path, encoding="utf-8") as fh:
            head = [next(fh) for _ in range(2)]
        for line in head:
            print("sample:", line.rstrip())
        records, bad = parse(path)
        result = report(records, bad)
        print(json.dumps(result, indent=2, sort_keys=True))
        assert json.loads(json.dumps(result)) == json.loads(json.dumps(result, sort_keys=True))
        slow = [r for r in records if r["ms"] > 600]
        log.info("%d slow requests; slowest %s", len(slow),
                 max(slow, key=lambda r: (r["ms"], r["when"]))["path"] if slow else None)
        if result["error_rate"] > 0.05:
            log.error("error rate %.2f%% above threshold", result["error_rate"] * 100)
    finally:
        shutil.rmtree(SCRATCH)
    print("scratch removed:", not os.path.exists(SCRATCH))


main()
