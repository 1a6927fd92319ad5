import sys
sys.path[:] = [p for p in sys.path if p not in ("", ".") and not p.endswith("tests/stdlib")]
import threading
import datetime as D
from datetime import date, time, datetime, timedelta, timezone, tzinfo


def show(label, fn, *args, **kw):
    try:
        r = fn(*args, **kw)
        print(label, "->", repr(r))
    except Exception as e:
        print(label, "->", type(e).__name__, e)


def ev(expr):
    show(expr, eval, expr)


print(D.MINYEAR, D.MAXYEAR, D.UTC is timezone.utc)
# timedelta
for expr in [
    "timedelta()", "timedelta(1)", "timedelta(-1)", "timedelta(0, 1)", "timedelta(0, -1)",
    "timedelta(microseconds=-1)", "timedelta(1.5)", "timedelta(seconds=0.5)",
    "timedelta(microseconds=0.5)", "timedelta(microseconds=1.5)", "timedelta(microseconds=2.5)",
    "timedelta(seconds=1e-6 * 0.5)", "timedelta(days=-0.3, hours=2.5, minutes=-7.25)",
    "timedelta(weeks=1, days=2, hours=3, minutes=4, seconds=5, milliseconds=6, microseconds=7)",
    "timedelta(days=10**9)", "timedelta(days=999999999, hours=24)", "timedelta('1')",
    "timedelta.min", "timedelta.max", "timedelta.resolution",
    "str(timedelta(-1, 1))", "str(timedelta(2, 3, 4))", "str(timedelta(1))", "str(timedelta())",
    "str(timedelta(hours=-1))", "str(timedelta(microseconds=-1))", "str(timedelta.max)", "str(timedelta.min)",
    "timedelta(1) + timedelta(hours=1)", "timedelta(1) - timedelta(hours=1)", "timedelta(1) * 3",
    "2 * timedelta(1)", "timedelta(1) * 0.1", "timedelta(seconds=1) * 2.5", "timedelta(1) / 7",
    "timedelta(1) / 0.5", "timedelta(1) / timedelta(hours=5)", "timedelta(1) // timedelta(hours=5)",
    "timedelta(1) // 7", "timedelta(1) % timedelta(hours=5)", "divmod(timedelta(1), timedelta(hours=7))",
    "timedelta(microseconds=1) / 2", "timedelta(microseconds=3) / 2", "timedelta(microseconds=-3) / 2",
    "timedelta(1) / 0", "timedelta(1) // 0", "timedelta(1) / timedelta(0)", "timedelta(1) * 'x'",
    "timedelta(1) % 3", "timedelta(1) + 1", "-timedelta(0, 1)", "+timedelta(3)", "abs(timedelta(-1))",
    "abs(timedelta(1))", "timedelta(hours=1) < 3", "timedelta(hours=1) == 3",
    "timedelta(hours=24) == timedelta(1)", "timedelta(hours=1) < timedelta(hours=2)",
    "sorted([timedelta(3), timedelta(-1), timedelta(0, 5)])", "bool(timedelta())", "bool(timedelta(0, 0, 1))",
    "timedelta(1, 2, 3).total_seconds()", "timedelta(-1, 2, 3).total_seconds()",
    "(timedelta(1).days, timedelta(-1, 5).seconds, timedelta(microseconds=-5).microseconds)",
    "hash(timedelta(1)) == hash(timedelta(hours=24))", "timedelta.max + timedelta(1)",
    "timedelta(days=1, seconds=86400)",
]:
    ev(expr)

# date
for expr in [
    "date(2020, 2, 29)", "date(2019, 2, 29)", "date(0, 1, 1)", "date(10000, 1, 1)", "date(2000, 13, 1)",
    "date(2000, 0, 1)", "date(2000, 4, 31)", "date(2000.0, 1, 1)", "date('2000', 1, 1)", "date(2000, 1)",
    "date(2000, 1, 1, 1)", "str(date(5, 1, 2))", "date(2021, 3, 4).isoformat()",
    "date(2021, 3, 4).ctime()", "date(2021, 3, 4).toordinal()", "date.fromordinal(737853)",
    "date.fromordinal(1)", "date.fromordinal(0)", "date.fromordinal(3652059)", "date.fromordinal(3652060)",
    "date(2021, 3, 4).weekday()", "date(2021, 3, 7).isoweekday()", "date(2021, 1, 1).isocalendar()",
    "date(2020, 12, 31).isocalendar()", "date(2019, 12, 30).isocalendar()", "date(2021, 3, 4).isocalendar().week",
    "tuple(date(2015, 1, 1).isocalendar())", "date.fromisocalendar(2020, 53, 7)", "date.fromisocalendar(2021, 53, 1)",
    "date.fromisocalendar(0, 1, 1)", "date.fromisocalendar(2020, 54, 1)", "date.fromisocalendar(2020, 1, 8)",
    "date.fromisoformat('2021-03-04')", "date.fromisoformat('20210304')", "date.fromisoformat('2021-W09-4')",
    "date.fromisoformat('2021W094')", "date.fromisoformat('2021-W09')", "date.fromisoformat('2021-3-4')",
    "date.fromisoformat('x')", "date.fromisoformat(3)", "date.fromisoformat('2021-02-29')",
    "date.fromisoformat('2021-03-04T00:00')", "date(2021, 3, 4).replace(day=31)",
    "date(2021, 3, 4).replace(month=2, day=28)", "date(2021, 3, 4).replace(month=13)",
    "date(2021, 3, 4) + timedelta(days=400, hours=30)", "timedelta(1) + date(2021, 3, 4)",
    "date(2021, 3, 4) - timedelta(days=1, hours=1)", "date(2021, 3, 4) - date(2020, 1, 1)",
    "date(2000, 1, 1) + 1", "date(2000, 1, 1) - 1", "1 + date(2000, 1, 1)", "date.max + timedelta(1)",
    "date.min - timedelta(1)", "date.min", "date.max", "date.resolution",
    "date(2000, 1, 1) < date(2000, 1, 2)", "date(2000, 1, 1) == date(2000, 1, 1)",
    "date(2000, 1, 1) == (2000, 1, 1)", "date(2000, 1, 1) < 5", "date(2020, 1, 1) == datetime(2020, 1, 1)",
    "date(2020, 1, 1) < datetime(2020, 1, 1)", "datetime(2020, 1, 1) < date(2020, 1, 1)",
    "date(2020, 1, 1) != datetime(2020, 1, 1)",
    "hash(date(2000, 1, 1)) == hash(date(2000, 1, 1))", "date(2021, 3, 4).timetuple()[:]",
    "date(2021, 3, 4).timetuple().tm_yday", "format(date(2021, 3, 4))", "format(date(2021, 3, 4), '%d/%m')",
    "format(date(2021, 3, 4), 3)", "'{:%Y %j}'.format(date(2021, 3, 4))", "date(999, 1, 1).strftime('%Y|%y')",
    "date(2021, 3, 4).strftime('%Y-%m-%d %H:%M:%S.%f %a %A %b %B %j %p %y %I %% %U %W %w %u %z|%Z|')",
    "date(2021, 3, 4).strftime('%c|%x|%X')", "date(2021, 3, 4).strftime(3)",
    "[date(y, 1, 1).strftime('%U %W %G %V') for y in range(2015, 2023)]",
    "(date(2021, 3, 4).year, date(2021, 3, 4).month, date(2021, 3, 4).day)",
]:
    ev(expr)

# time
for expr in [
    "time()", "time(1)", "time(1, 2)", "time(1, 2, 3)", "time(1, 2, 3, 4)", "time(1, 2, 0, 4)",
    "time(24)", "time(1, 60)", "time(1, 1, 60)", "time(1, 1, 1, 10**6)", "time(-1)", "time(fold=2)",
    "time(1, fold=1)", "time(tzinfo=1)", "time(1.5)", "time(12, 30, tzinfo=timezone.utc)",
    "time(12, 30, tzinfo=timezone(timedelta(hours=-5), 'EST'))", "str(time(1, 2, 3))",
    "str(time(1, 2, 3, 40))", "time(1, 2, 3, 456789).isoformat('milliseconds')",
    "time(1, 2, 3).isoformat('hours')", "time(1, 2, 3).isoformat('minutes')",
    "time(1, 2, 3).isoformat('microseconds')", "time(1, 2).isoformat('x')",
    "str(time(1, 2, tzinfo=timezone(timedelta(hours=5, minutes=30))))",
    "time.fromisoformat('12:34')", "time.fromisoformat('12:34:56')", "time.fromisoformat('12:34:56.123')",
    "time.fromisoformat('12:34:56.1234567')", "time.fromisoformat('12')", "time.fromisoformat('123456')",
    "time.fromisoformat('12:34:56+05:30')", "time.fromisoformat('12:34:56Z')", "time.fromisoformat('T12:34')",
    "time.fromisoformat('12:34:56-0200')", "time.fromisoformat('12:60')", "date.fromisoformat('2021-W53')",
    "date.fromisoformat('2020-W53-7')", "date.fromisoformat('0000-01-01')", "datetime.fromisoformat('2021-02-30T01:00')",
    "datetime.fromisoformat('2021-01-01T01:00+25:00')", "datetime(2021, 1, 1, 0, 0, 0, 0, None, 5)",
    "time(1, 2, 3, 4, None, 5)", "date()", "time.fromisoformat('1232456202160')", "time.fromisoformat('T0400.53')",
    "time.fromisoformat('2021,53000')", "time.fromisoformat('12:34:56x')", "time.fromisoformat('12.5')",
    "time.fromisoformat('12:34+0530.5')", "time.fromisoformat('12:34Zx')", "date.fromisoformat('241203212,')",
    "date.fromisoformat('104123041-')", "datetime.fromisoformat('2021-03-04Z1235312317')",
    "datetime.fromisoformat('2021-03-041239Z')", "datetime.fromisoformat('2021-W01-1T10')",
    "datetime.fromisoformat('2021W0110:00')", "datetime.fromisoformat('2021W011T10:00')",
    "datetime.fromisoformat('2021-W01-10:00')", "datetime.fromisoformat('2021-W01')", "datetime.fromisoformat('2021-W0')",
    "datetime.fromisoformat('2021-03-04T12:34:56.123456789+01:00')", "datetime.fromisoformat('2021-03-04T24:00')", "time.fromisoformat('25:00')", "time.fromisoformat('1:2')",
    "time.fromisoformat('')", "time(1, 2) < time(1, 3)", "time(1) == time(1, tzinfo=timezone.utc)",
    "time(1) < time(1, tzinfo=timezone.utc)",
    "time(1, tzinfo=timezone(timedelta(hours=1))) == time(0, tzinfo=timezone.utc)",
    "time(1) == 1", "time(1) < 1", "bool(time())", "time(1, 2).replace(minute=5, tzinfo=timezone.utc)",
    "time(1, 2, tzinfo=timezone.utc).replace(tzinfo=None)", "time(1, 2).replace(hour=30)",
    "time(13, 5, 7, 12).strftime('%H %I %M %S %f %p %Y %j')",
    "time(1, tzinfo=timezone(timedelta(hours=-3))).strftime('%z %Z')", "format(time(1, 2), '%H')",
    "format(time(1, 2), '')", "time.min", "time.max", "time.resolution",
    "time(1, tzinfo=timezone.utc).utcoffset()", "time(1).utcoffset()", "time(1, tzinfo=timezone.utc).tzname()",
    "time(1, tzinfo=timezone.utc).dst()",
    "hash(time(1, tzinfo=timezone(timedelta(hours=1)))) == hash(time(0, tzinfo=timezone.utc))",
]:
    ev(expr)

# timezone and tzinfo
for expr in [
    "timezone.utc", "timezone(timedelta(0))", "timezone(timedelta(0), 'UTC')", "timezone(timedelta(hours=1))",
    "timezone(timedelta(hours=-3, minutes=-30), 'X')", "str(timezone(timedelta(hours=-3, minutes=-30)))",
    "str(timezone(timedelta(seconds=3601)))", "str(timezone(timedelta(microseconds=1)))", "str(timezone.utc)",
    "timezone(timedelta(days=1))", "timezone(-timedelta(days=1))", "timezone(3)",
    "timezone(timedelta(hours=1), 3)", "timezone.min", "timezone.max",
    "timezone(timedelta(hours=1)) == timezone(timedelta(hours=1), 'x')", "timezone.utc == 0",
    "timezone(timedelta(hours=2)).utcoffset(None)", "timezone(timedelta(hours=2)).dst(None)",
    "timezone(timedelta(hours=2)).tzname(None)", "timezone(timedelta(hours=2)).utcoffset(3)",
    "timezone(timedelta(hours=2)).fromutc(datetime(2000, 1, 1, tzinfo=timezone(timedelta(hours=2))))",
    "timezone(timedelta(hours=2)).fromutc(datetime(2000, 1, 1))",
    "tzinfo().utcoffset(None)", "tzinfo().tzname(None)", "tzinfo().dst(None)",
    "hash(timezone(timedelta(hours=1))) == hash(timezone(timedelta(hours=1), 'A'))",
    "isinstance(timezone.utc, tzinfo)",
]:
    ev(expr)

# datetime
for expr in [
    "datetime(2021, 3, 4)", "datetime(2021, 3, 4, 5)", "datetime(2021, 3, 4, 5, 6, 7)",
    "datetime(2021, 3, 4, 5, 6, 0, 8)", "datetime(2021, 3, 4, 5, 6, 7, 8, timezone.utc)",
    "datetime(2021, 3, 4, fold=1)", "datetime(2021, 3, 4, 24)", "datetime(2021, 2, 29)", "datetime(2021)",
    "datetime(2021, 3, 4, tzinfo='x')", "str(datetime(2021, 3, 4, 5, 6, 7, 8))",
    "str(datetime(2021, 3, 4, tzinfo=timezone(timedelta(hours=-8))))",
    "datetime(2021, 3, 4, 5, 6, 7, 8).isoformat()", "datetime(2021, 3, 4, 5, 6).isoformat(' ')",
    "datetime(2021, 3, 4, 5, 6, 7, 8).isoformat(timespec='milliseconds')",
    "datetime(2021, 3, 4, 5, 6, 7, 8).isoformat(timespec='hours')", "datetime(2021, 3, 4).isoformat(timespec='x')",
    "datetime(2021, 3, 4, 5, 6, 7).ctime()", "datetime(2021, 3, 14, 15, 9, 26).ctime()",
    "datetime.fromisoformat('2021-03-04')", "datetime.fromisoformat('2021-03-04T05:06')",
    "datetime.fromisoformat('2021-03-04 05:06:07.123456')", "datetime.fromisoformat('2021-03-04T05:06:07+01:00')",
    "datetime.fromisoformat('2021-03-04T05:06:07Z')", "datetime.fromisoformat('20210304T050607')",
    "datetime.fromisoformat('2021-03-04T05')", "datetime.fromisoformat('2021-03-04T05:06:07.5-03:30')",
    "datetime.fromisoformat('2021-W09-4T10:00')", "datetime.fromisoformat('2021-03-04X05:06')",
    "datetime.fromisoformat('2021-03-04T')", "datetime.fromisoformat('2021-03-04T25:00')",
    "datetime.fromisoformat('nope')", "datetime.fromisoformat('2021-03-04T05:06:07+05')",
    "datetime.fromisoformat('2021-03-04T05:06:07,250')",
    "datetime.combine(date(2021, 3, 4), time(5, 6, tzinfo=timezone.utc))",
    "datetime.combine(date(2021, 3, 4), time(5, 6), timezone.utc)", "datetime.combine(1, time())",
    "datetime(2021, 3, 4, 5, 6).date()", "datetime(2021, 3, 4, 5, 6, tzinfo=timezone.utc).time()",
    "datetime(2021, 3, 4, 5, 6, tzinfo=timezone.utc).timetz()",
    "datetime(2021, 3, 4, 5, 6).replace(year=2020, tzinfo=timezone.utc)",
    "datetime(2021, 3, 4, 5, 6, tzinfo=timezone.utc).replace(tzinfo=None)",
    "datetime(2021, 3, 4, 23, 30) + timedelta(hours=1)", "timedelta(hours=1) + datetime(2021, 3, 4, 23, 30)",
    "datetime(2021, 3, 4) - timedelta(microseconds=1)", "datetime(2021, 3, 4) - datetime(2020, 3, 4, 12)",
    "datetime(2021, 3, 4) - date(2020, 3, 4)", "datetime(2021, 3, 4) + 1",
    "datetime(2000, 1, 1) - datetime(2000, 1, 1, tzinfo=timezone.utc)",
    "datetime(2000, 1, 1, tzinfo=timezone.utc) - datetime(2000, 1, 1, tzinfo=timezone(timedelta(hours=3)))",
    "datetime.max + timedelta(1)", "datetime.min - timedelta(microseconds=1)", "datetime.min", "datetime.max",
    "datetime.resolution", "datetime(2000, 1, 1) < datetime(2000, 1, 1, tzinfo=timezone.utc)",
    "datetime(2000, 1, 1) == datetime(2000, 1, 1, tzinfo=timezone.utc)",
    "datetime(2000, 1, 1) != datetime(2000, 1, 1, tzinfo=timezone.utc)",
    "datetime(2000, 1, 1, 3, tzinfo=timezone(timedelta(hours=3))) == datetime(2000, 1, 1, tzinfo=timezone.utc)",
    "datetime(2000, 1, 1, 3, tzinfo=timezone(timedelta(hours=3))) < datetime(2000, 1, 1, 1, tzinfo=timezone.utc)",
    "datetime(2000, 1, 1) < datetime(2000, 1, 1, 0, 0, 0, 1)", "datetime(2000, 1, 1) == 5",
    "datetime(2000, 1, 1) < 5",
    "hash(datetime(2000, 1, 1, 3, tzinfo=timezone(timedelta(hours=3)))) == hash(datetime(2000, 1, 1, tzinfo=timezone.utc))",
    "hash(datetime(2000, 1, 1)) == hash(datetime(2000, 1, 1, fold=1))",
    "datetime(2021, 3, 4, 5, 6, 7).timetuple()[:]", "datetime(2021, 3, 4, 5, 6, 7, tzinfo=timezone.utc).timetuple()[8]",
    "datetime(2021, 3, 4, 5, 6, 7, tzinfo=timezone(timedelta(hours=9))).utctimetuple()[:]",
    "datetime(2021, 3, 4, 5, 6, 7, 500000, tzinfo=timezone.utc).timestamp()",
    "datetime(1969, 12, 31, 23, 59, 59, tzinfo=timezone(timedelta(hours=-1))).timestamp()",
    "datetime.fromtimestamp(1614834367.25, timezone.utc)", "datetime.fromtimestamp(0, timezone(timedelta(hours=-5)))",
    "datetime.fromtimestamp(-1.5, timezone.utc)", "datetime.fromtimestamp(1.0000005, timezone.utc)",
    "datetime.fromtimestamp(1.0000015, timezone.utc)", "datetime.fromtimestamp(1e-7, timezone.utc)",
    "datetime.utcfromtimestamp(1614834367)", "datetime.utcfromtimestamp(1614834367.999999)",
    "datetime.utcfromtimestamp(-86400 * 365)", "datetime.fromtimestamp(float('nan'))",
    "datetime.fromtimestamp(1e20)", "datetime.fromtimestamp(0, 'x')",
    "datetime(2021, 3, 4, 5, tzinfo=timezone.utc).astimezone(timezone(timedelta(hours=-8)))",
    "datetime(2021, 3, 4, 5, tzinfo=timezone(timedelta(hours=2))).astimezone(timezone.utc)",
    "datetime(2021, 3, 4, 5, tzinfo=timezone.utc).astimezone(3)",
    "datetime(2021, 3, 4, 5, 6, 7, 8).strftime('%Y-%m-%d %H:%M:%S.%f %a %A %b %B %j %p %y %I %% %U %W')",
    "datetime(2021, 3, 4, 15, 6, 7, tzinfo=timezone(timedelta(hours=-3, minutes=-30), 'NST')).strftime('%z %Z %I%p')",
    "datetime(2021, 3, 4, 0, 6, 7, tzinfo=timezone(timedelta(seconds=5400, microseconds=7))).strftime('%z')",
    "datetime(2021, 3, 4, 12, 6, 7).strftime('%c|%x|%X|%I %p')", "format(datetime(2021, 3, 4, 5, 6), '%H:%M')",
    "format(datetime(2021, 3, 4, 5, 6), '')", "datetime(2021, 3, 4).utcoffset()", "datetime(2021, 3, 4).tzname()",
    "datetime(2021, 3, 4, tzinfo=timezone.utc).tzname()", "datetime(2021, 3, 4, tzinfo=timezone.utc).dst()",
    "datetime(2021, 3, 4).weekday()", "datetime(2021, 3, 4).isocalendar()", "datetime(2021, 3, 4, 23).toordinal()",
    "isinstance(datetime(2021, 3, 4), date)", "issubclass(datetime, date)",
]:
    ev(expr)

# strptime
for s, f in [
    ("2021-03-04 05:06:07", "%Y-%m-%d %H:%M:%S"), ("4/3/21", "%d/%m/%y"), ("4/3/69", "%d/%m/%y"),
    ("4/3/68", "%d/%m/%y"), ("2021 063", "%Y %j"), ("Thursday, March 04 2021", "%A, %B %d %Y"),
    ("thu mar  4 05:06:07 2021", "%a %b %d %H:%M:%S %Y"), ("Thu Mar  4 05:06:07 2021", "%c"),
    ("03/04/21", "%x"), ("05:06:07", "%X"), ("12:30 AM", "%I:%M %p"), ("12:30 PM", "%I:%M %p"),
    ("1:30 pm", "%I:%M %p"), ("7", "%I"), ("2021-03-04T05:06:07.123", "%Y-%m-%dT%H:%M:%S.%f"),
    ("2021-03-04 +0530", "%Y-%m-%d %z"), ("2021-03-04 -05:30", "%Y-%m-%d %z"), ("2021-03-04 Z", "%Y-%m-%d %z"),
    ("2021-03-04 +0000 UTC", "%Y-%m-%d %z %Z"), ("2021-03-04 +0100 UTC", "%Y-%m-%d %z %Z"),
    ("2021-03-04 UTC", "%Y-%m-%d %Z"), ("2021 10 4", "%Y %U %w"), ("2021 10 4", "%Y %W %w"),
    ("2021 0 0", "%Y %U %w"), ("2021 0 Mon", "%Y %W %a"), ("2021   3", "%Y %m"), ("20210304", "%Y%m%d"),
    ("202134", "%Y%m%d"), ("2021-13-01", "%Y-%m-%d"), ("2021-02-29", "%Y-%m-%d"), ("02-29", "%m-%d"),
    ("x", "%Y"), ("2021x", "%Y"), ("2021", "%Q"), ("2021", "%Y%"), ("100%", "%d%%"), ("2021", "%G"),
    ("  2021", "%Y"), ("2021-03-04 05:06:61", "%Y-%m-%d %H:%M:%S"), ("March", "%B"), ("mar", "%b"),
    ("12", "%H"), ("123", "%H%M"), (3, "%Y"), ("2021 10 4", "%G %V %u"), ("10", "%V"),
    ("2021 10", "%G %V"), ("2021 10 Sun", "%G %V %a"),
    ("2021 10 1", "%G %V %j"), ("2021 10 1", "%Y %V %u"), ("2020 2021 53 5", "%Y %G %V %u"),
    ("1999 21", "%Y%y"), ("21 1999", "%y %Y"), ("2021 0 6", "%Y %W %w"), ("2023 0 0", "%Y %U %w"),
    ("2024 52 6 5", "%Y %U %w %m"), ("Feb 29", "%b %d"), ("2024 60", "%Y %j"), ("2023 366", "%Y %j"),
    ("05Sat07/20/29329%", "%I%a%x%Y%%"), ("1 2 3", "%H %M %S"), ("0", "%y"), ("2021-001", "%Y-%j"),
]:
    show("strptime(%r, %r)" % (s, f), datetime.strptime, s, f)


for expr in ["timedelta(1) / 0.0", "timedelta(1) // 0.5", "timedelta(1) * float('nan')", "timedelta(1) * float('inf')",
             "timedelta(1) / float('nan')", "timedelta(days=float('nan'))", "timedelta(days=float('inf'))",
             "timedelta(1) // timedelta(0)", "timedelta(1) % timedelta(0)", "divmod(timedelta(1), timedelta(0))",
             "divmod(timedelta(1), 2)", "timedelta(1) ** 2", "date(2000, 1, 1) ** 2", "2 ** time(1)", "-timedelta.max",
             "timedelta.min - timedelta(1)", "abs(timedelta.min)", "timedelta(True)", "timedelta(seconds=True)",
             "date(2000, 1, True)", "datetime(2000, 1, 1, 1.0)", "date.fromordinal(1.5)", "date.fromtimestamp('x')",
             "datetime.fromtimestamp(None)", "datetime(2000, 1, 1).replace(tzinfo=3)",
             "datetime(2000, 1, 1).astimezone(timezone.utc)", "datetime(2000, 1, 1).timestamp()",
             "time(1) + timedelta(1)", "timedelta(1) + time(1)", "datetime(2000, 1, 1) + date(2000, 1, 1)",
             "date(2000, 1, 1) - datetime(2000, 1, 1)", "date(2000, 1, 1).strftime('%')",
             "date(2000, 1, 1).strftime('%Q %E %O')", "date(2000, 1, 2).strftime('%s')",
             "datetime(2000, 1, 1, 5, tzinfo=timezone.utc).strftime('%Z %z %s')",
             "datetime(2000, 1, 1, tzinfo=timezone(timedelta(hours=1), '%z')).strftime('%Z')",
             "datetime.combine(date(2000, 1, 1), time(1), tzinfo=None)", "datetime.now(3)",
             "timezone.utc.utcoffset(date(2000, 1, 1))", "str(timedelta(days=-2, seconds=5))",
             "repr(timedelta(microseconds=-1))", "timedelta(1) == timedelta(1.0)", "timedelta(minutes=0.5)"]:
    ev(expr)

# a user tzinfo with DST
class Simple(tzinfo):
    def utcoffset(self, dt):
        return timedelta(hours=1) + self.dst(dt)

    def dst(self, dt):
        if dt is not None and 4 <= dt.month <= 9:
            return timedelta(hours=1)
        return timedelta(0)

    def tzname(self, dt):
        return "S" + ("DT" if self.dst(dt) else "T")

    def __repr__(self):
        return "Simple()"

tz = Simple()
for expr in [
    "datetime(2021, 6, 1, 12, tzinfo=tz).utcoffset()", "datetime(2021, 6, 1, 12, tzinfo=tz).tzname()",
    "datetime(2021, 1, 1, 12, tzinfo=tz).isoformat()", "datetime(2021, 6, 1, 12, tzinfo=tz).timetuple()[8]",
    "datetime(2021, 6, 1, 12, tzinfo=timezone.utc).astimezone(tz)",
    "datetime(2021, 1, 1, 12, tzinfo=timezone.utc).astimezone(tz)",
    "datetime(2021, 6, 1, 12, tzinfo=tz) - datetime(2021, 1, 1, 12, tzinfo=tz)",
    "datetime(2021, 6, 1, 12, tzinfo=tz) - datetime(2021, 6, 1, 12, tzinfo=timezone.utc)",
    "datetime.fromtimestamp(1622548800, tz)", "time(1, tzinfo=tz).utcoffset()",
]:
    ev(expr)


class BadTZ(tzinfo):
    def utcoffset(self, dt):
        return 5

    def tzname(self, dt):
        return 7

class HugeTZ(tzinfo):
    def utcoffset(self, dt):
        return timedelta(hours=25)

show("bad utcoffset", datetime(2000, 1, 1, tzinfo=BadTZ()).utcoffset)
show("bad tzname", datetime(2000, 1, 1, tzinfo=BadTZ()).tzname)
show("huge utcoffset", datetime(2000, 1, 1, tzinfo=HugeTZ()).utcoffset)


# subclasses
class MyDate(date):
    pass

class MyDT(datetime):
    pass

class Outer:
    class TD(timedelta):
        pass
print(repr(Outer.TD(1, 2)), type(Outer.TD(1) + Outer.TD(2)).__name__)
try:
    class TZ(timezone):
        pass
except TypeError as e:
    print("TypeError", e)
md = MyDate(2021, 3, 4)
print(repr(md), type(md + timedelta(1)).__name__, type(md.replace(day=5)).__name__)
mdt = MyDT(2021, 3, 4, 5)
print(repr(mdt), type(mdt + timedelta(1)).__name__, type(MyDT.fromisoformat("2021-03-04")).__name__)

# struct_time, copying, reduce
tt = datetime(2021, 3, 4, 5, 6, 7).timetuple()
print(repr(tt), tt.tm_year, tt.tm_wday, tt.tm_isdst, len(tt), tuple(tt) == tt[:])
print(repr(date(2020, 12, 31).timetuple()))
import copy
for obj in [date(2021, 3, 4), datetime(2021, 3, 4, 5, 6, 7, 8, timezone(timedelta(hours=2), "X")),
            time(1, 2, 3, 4, timezone.utc), timedelta(1, 2, 3), timezone(timedelta(minutes=-90))]:
    c1 = copy.copy(obj)
    c2 = copy.deepcopy(obj)
    r = obj.__reduce__()
    print(repr(c1), c1 == obj, c2 == obj, type(c2).__name__, r[0].__name__, r[0](*r[1]) == obj)
print(copy.deepcopy(timezone.utc) is timezone.utc or copy.deepcopy(timezone.utc) == timezone.utc)

# round trips
import random
rng = random.Random(7)
ok = True
for _ in range(300):
    o = rng.randint(1, 3652059)
    d = date.fromordinal(o)
    if d.toordinal() != o or date.fromisoformat(d.isoformat()) != d:
        ok = False
    y, w, wd = d.isocalendar()
    if date.fromisocalendar(y, w, wd) != d:
        ok = False
    dt = datetime(d.year, d.month, d.day, rng.randrange(24), rng.randrange(60), rng.randrange(60),
                  rng.randrange(10**6))
    if datetime.fromisoformat(dt.isoformat()) != dt:
        ok = False
    if dt.year >= 1000 and datetime.strptime(dt.strftime("%Y-%m-%d %H:%M:%S.%f"),
                                             "%Y-%m-%d %H:%M:%S.%f") != dt:
        ok = False
print("round trips", ok)

# now/today: only types and consistency
n1 = datetime.now()
u = datetime.utcnow()
t = date.today()
n2 = datetime.now(timezone.utc)
print(type(n1).__name__, type(u).__name__, type(t).__name__, n1.tzinfo, n2.tzinfo)
print(abs(n2.replace(tzinfo=None) - u) < timedelta(seconds=5), n1.year >= 2024, t.year >= 2024)
print(abs(datetime.fromtimestamp(n2.timestamp(), timezone.utc) - n2) < timedelta(seconds=1))

# four threads building and comparing dates concurrently
out = [None] * 4
def work(k):
    base = datetime(2000 + k, 1, 1, tzinfo=timezone(timedelta(hours=k)))
    acc = []
    for i in range(200):
        d = base + timedelta(days=i * 3, minutes=i)
        acc.append(d.astimezone(timezone.utc).isoformat())
    out[k] = (acc[-1], len(set(acc)), sorted(acc)[0])
ts = [threading.Thread(target=work, args=(k,)) for k in range(4)]
for th in ts:
    th.start()
for th in ts:
    th.join()
for r in out:
    print(r)
