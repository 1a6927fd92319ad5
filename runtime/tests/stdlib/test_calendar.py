import sys
sys.path[:] = [p for p in sys.path if p not in ("", ".") and not p.endswith("tests/stdlib")]
import threading
import calendar as C


def show(label, fn, *args, **kw):
    try:
        r = fn(*args, **kw)
        print(label, "->", repr(r))
    except Exception as e:
        print(label, "->", type(e).__name__, e)


print([C.isleap(y) for y in (1900, 2000, 2004, 2023, 2024, 2100, 0, -4)])
print(C.leapdays(2000, 2025), C.leapdays(1900, 1901), C.leapdays(2025, 2000), C.leapdays(1, 10000))
print([C.weekday(2024, 1, d) for d in range(1, 8)], C.weekday(10000, 1, 1), C.weekday(0, 3, 1), C.weekday(-1, 1, 1))
for y, m in [(2024, 2), (2023, 2), (2021, 8), (1, 1), (9999, 12)]:
    print(y, m, C.monthrange(y, m))
show("monthrange 13", C.monthrange, 2024, 13)
show("monthrange 0", C.monthrange, 2024, 0)
show("weekday bad", C.weekday, 2024, 2, 30)
print(C.monthcalendar(2024, 2))
print(C.monthcalendar(2021, 2))
print(list(C.day_name), list(C.day_abbr))
print(list(C.month_name), list(C.month_abbr), len(C.month_name), len(C.day_name))
print(C.day_name[0], C.month_name[12], C.month_abbr[1:4], C.day_abbr[-1])
print(C.MONDAY, C.SUNDAY, C.firstweekday(), C.EPOCH, C.mdays, C.error is ValueError)
print(C.timegm((1970, 1, 1, 0, 0, 0)), C.timegm((2021, 3, 4, 5, 6, 7, 0, 0, 0)), C.timegm((1969, 12, 31, 23, 59, 59)))
print(C.timegm((2000, 2, 30, 0, 0, 0)), C.timegm((2000, 1, 1, 25, 61, 61)))
e = C.IllegalMonthError(13)
print(str(e), e.month, isinstance(e, ValueError), e.args)
w = C.IllegalWeekdayError(9)
print(str(w), w.weekday)

print(C.month(2024, 2), end="|\n")
print(C.month(2024, 2, 3, 2), end="|\n")
print(C.month(2021, 8, w=10), end="|\n")
print(C.weekheader(2), "|", C.weekheader(3), "|", C.weekheader(9), "|", C.weekheader(1))
print(repr(C.week([(0, 0), (0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6)], 3)))
print(C.calendar(2024), end="|\n")
print(C.calendar(2023, w=3, l=2, c=4, m=4), end="|\n")
print(C.calendar(2022, m=2), end="|\n")
C.prmonth(2023, 12)
C.prcal(1999, m=6)
print(C.formatstring(["a", "bb", "ccc"], 5, 2) + "|")
C.format(["x", "y"], 3, 1)

show("setfirstweekday 7", C.setfirstweekday, 7)
show("setfirstweekday -1", C.setfirstweekday, -1)
C.setfirstweekday(C.SUNDAY)
print(C.firstweekday(), C.weekheader(2))
print(C.monthcalendar(2024, 3))
print(C.month(2024, 3), end="|\n")
C.setfirstweekday(0)

cal = C.Calendar(6)
print(cal.firstweekday, cal.getfirstweekday(), list(cal.iterweekdays()))
cal.firstweekday = 9
print(cal.firstweekday, list(cal.iterweekdays()))
cal.setfirstweekday(3)
print(list(cal.itermonthdays(2024, 2)))
print(list(cal.itermonthdays2(2024, 2))[:10])
print(list(cal.itermonthdays3(2024, 2))[:9], list(cal.itermonthdays3(2024, 12))[-5:])
print(list(cal.itermonthdays4(2024, 1))[:3])
print([str(d) for d in cal.itermonthdates(2024, 2)][:4], len(list(cal.itermonthdates(2024, 2))))
print(cal.monthdatescalendar(2021, 2)[0][0], len(cal.monthdatescalendar(2021, 2)))
print(cal.monthdays2calendar(2021, 2))
print(cal.monthdayscalendar(2021, 2))
yc = cal.yeardayscalendar(2021, 4)
print(len(yc), [len(r) for r in yc], yc[0][0][0])
print(len(C.Calendar().yeardays2calendar(2021)), len(C.Calendar().yeardatescalendar(2021, 5)))
show("itermonthdates end", lambda: list(C.Calendar().itermonthdates(9999, 12))[-1])
show("itermonthdays min", lambda: list(C.Calendar().itermonthdays(1, 1))[:3])
tc = C.TextCalendar(2)
print(tc.formatmonth(2024, 7), end="|\n")
print(repr(tc.formatday(5, 0, 4)), repr(tc.formatday(0, 0, 4)), repr(tc.formatweekday(0, 5)), repr(tc.formatweekday(0, 12)))
print(repr(tc.formatmonthname(2024, 7, 20)), repr(tc.formatmonthname(2024, 7, 20, False)))
tc.prmonth(2024, 7, 3)
tc.pryear(2020, 2, 1, 2, 6)
tc.prweek([(1, 2), (2, 3)], 2)
print("|")

hc = C.HTMLCalendar()
print(hc.formatmonth(2024, 2))
print(hc.formatmonth(2024, 2, withyear=False))
print(hc.formatyear(2023, 4))
print(hc.formatyear(2023, 0)[:200])
print(hc.formatweekheader(), hc.formatday(0, 3), hc.formatday(9, 6), hc.formatmonthname(2020, 1))
print(hc.formatyearpage(2022, 6).decode()[:700])
print(hc.formatyearpage(2022, css=None, encoding="ascii")[:300])
hs = C.HTMLCalendar(6)
hs.cssclasses = ["a", "b", "c", "d", "e", "f", "g"]
print(hs.formatmonth(2021, 10))

# four threads: one flips the module-wide first weekday while others render
results = []
lock = threading.Lock()
def render(k):
    seen = set()
    for _ in range(30):
        text = C.month(2024, 5 + k)
        header = text.splitlines()[1]
        seen.add(header in ("Mo Tu We Th Fr Sa Su", "Su Mo Tu We Th Fr Sa"))
    with lock:
        results.append((k, seen))
def flip():
    for i in range(60):
        C.setfirstweekday(6 if i % 2 else 0)
    C.setfirstweekday(0)
ts = [threading.Thread(target=render, args=(k,)) for k in range(3)] + [threading.Thread(target=flip)]
for t in ts:
    t.start()
for t in ts:
    t.join()
print(sorted(results), C.firstweekday())
