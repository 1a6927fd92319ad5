# time: struct_time, the calendar conversions with their range checks,
# strftime/strptime, time zones (set through TZ and tzset), the clocks;
# and datetime's local-time paths, which sit on top of them.
import os
import threading
import time
import datetime


def attempt(label, func, *args):
    try:
        print(label, repr(func(*args)))
    except Exception as e:
        print(label, type(e).__name__, e)


print("== struct_time")
t = time.gmtime(0)
print(t)
print(len(t), t.tm_zone, t.tm_gmtoff, t[0], t[-1], t[2:5], list(t)[:3])
print(t == (1970, 1, 1, 0, 0, 0, 3, 1, 0), isinstance(t, tuple), type(t).__name__)
s = time.struct_time((2001, 2, 3, 4, 5, 6, 5, 34, 0))
print(s, s.tm_zone, s.tm_yday)
s11 = time.struct_time((2001, 2, 3, 4, 5, 6, 5, 34, 0, 'XYZ', 3600))
print(s11.tm_zone, s11.tm_gmtoff, len(s11))
for bad in [(1, 2), tuple(range(12))]:
    attempt("struct_time", time.struct_time, bad)
try:
    t.tm_year = 3
except AttributeError as e:
    print("setattr:", e)
print(time.struct_time.n_fields, time.struct_time.n_sequence_fields)

print("== gmtime")
for secs in [0, 1, -1, -1.5, 1.99, 86399, 951782400, 2 ** 31, 1e10, -86400 * 366]:
    print(secs, tuple(time.gmtime(secs)))
attempt("gmtime str", time.gmtime, "x")
attempt("gmtime nan", time.gmtime, float("nan"))
attempt("gmtime huge", time.gmtime, 1e30)
attempt("gmtime bigint", time.gmtime, 10 ** 30)

print("== strftime")
fmt = '%Y-%m-%d %H:%M:%S %a %A %b %B %j %U %W %w %y %p %I %e %%'
for secs in [0, 951782400, 1e9, 1234567890, 4102444800]:
    print(time.strftime(fmt, time.gmtime(secs)))
print(repr(time.strftime('', t)), time.strftime('%Y', (2020, 0, 0, 0, 0, 0, 7, 0, 5)))
base = [2020, 1, 1, 0, 0, 0, 0, 1, 0]
for index, values in [(1, (0, 13, -1)), (2, (0, 32, -1)), (3, (24, -1)),
                      (4, (60, -1)), (5, (61, 62, -1)), (6, (7, -1, -2, 8)),
                      (7, (0, 366, 367, -1)), (8, (-5, 5))]:
    for v in values:
        fields = list(base)
        fields[index] = v
        attempt("strftime %d=%d" % (index, v), time.strftime, '%a %b %d %H:%M:%S %j', tuple(fields))
        attempt("asctime %d=%d" % (index, v), time.asctime, tuple(fields))
for func in (time.mktime, time.asctime, lambda t: time.strftime('%Y', t)):
    for arg in [(1, 2), (1,) * 12, (1.5,) * 9, ('a',) * 9, [2020] * 9]:
        attempt("args", func, arg)
attempt("strftime fmt", time.strftime, 5)
attempt("strftime nul", time.strftime, 'a\0b', t)

print("== asctime/ctime")
print(time.asctime(time.gmtime(0)), time.asctime(time.gmtime(1e9)))
print(time.asctime((2020, 6, 5, 7, 8, 9, 4, 157, 0)))

print("== strptime")
print(time.strptime('2024-02-29 13:05:09', '%Y-%m-%d %H:%M:%S'))
print(time.strptime('Mon Jan  5 10:00:00 1970'))
print(time.strptime('31/12/99 11PM', '%d/%m/%y %I%p'))
print(time.strptime('2023 100', '%Y %j'))
z = time.strptime('2020-01-01 +0530', '%Y-%m-%d %z')
print(z, z.tm_gmtoff)
for args in [('2020', '%Y-%m'), ('2020-01-01x', '%Y-%m-%d'), ('1', '%q'), ('Feb 29', '%b %d'), (5, '%Y')]:
    attempt("strptime", time.strptime, *args)

print("== local time zones")
for zone in ['UTC', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata', 'Europe/London']:
    os.environ['TZ'] = zone
    time.tzset()
    print(zone, time.timezone, time.altzone, time.daylight, time.tzname)
    for secs in [0, 1e9, 1700000000, 1720000000]:
        local = time.localtime(secs)
        print(' ', tuple(local), local.tm_zone, local.tm_gmtoff,
              time.mktime(local), time.strftime('%Z %z %H:%M', local), time.ctime(secs))
        when = datetime.datetime.fromtimestamp(secs)
        print(' ', when, when.timestamp(), when.astimezone(), when.astimezone().tzname(),
              datetime.date.fromtimestamp(secs))
        aware = datetime.datetime.fromtimestamp(secs, datetime.timezone.utc)
        print(' ', aware.astimezone(), aware.astimezone().utcoffset())
    # The hour that does not exist and the one that happens twice.
    print(' ', time.mktime((2021, 3, 14, 2, 30, 0, 0, 0, -1)),
          time.mktime((2021, 11, 7, 1, 30, 0, 0, 0, -1)))
del os.environ['TZ']
time.tzset()

print("== clocks")
a = time.time()
b = time.time_ns()
print(abs(a - b / 1e9) < 5, type(a).__name__, type(b).__name__)
m1 = time.monotonic(); m2 = time.monotonic()
print(m2 >= m1, time.perf_counter_ns() > 0, time.monotonic_ns() > 0)
p = time.process_time()
sum(range(200000))
print(time.process_time() >= p, time.thread_time() >= 0, time.thread_time_ns() >= 0)
for name in ['time', 'monotonic', 'perf_counter', 'process_time', 'thread_time']:
    info = time.get_clock_info(name)
    print(name, info.implementation, info.monotonic, info.adjustable, info.resolution)
attempt("clock", time.get_clock_info, 'nope')
attempt("sleep neg", time.sleep, -1)
attempt("sleep str", time.sleep, 'x')
attempt("sleep nan", time.sleep, float('nan'))
start = time.monotonic()
time.sleep(0.02)
print(time.monotonic() - start >= 0.019)

print("== threads")
# Conversions keep no shared state: four threads convert at once.
results = {}


def convert(worker):
    out = []
    for i in range(300):
        secs = worker * 10 ** 8 + i * 86400 * 7
        fields = time.gmtime(secs)
        out.append((time.strftime('%Y-%m-%d %a', fields), time.mktime(time.localtime(secs)) == secs))
    results[worker] = out


threads = [threading.Thread(target=convert, args=(w,)) for w in range(4)]
for th in threads:
    th.start()
for th in threads:
    th.join()
for w in range(4):
    print(w, results[w][0], results[w][-1], all(ok for _, ok in results[w]), len(results[w]))
