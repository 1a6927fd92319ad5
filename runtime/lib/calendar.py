"""Calendar computations and plain-text calendars (English names; the
week starts on Monday unless setfirstweekday() says otherwise).

Thread safety: the module-wide first weekday is one integer guarded by a
lock; every module-level function reads it once and then works on its own
Calendar object, so concurrent calls never see a half-changed setting.
Calendar instances themselves are not locked: share them only if nobody
changes their firstweekday while others use them.
"""

import datetime
import _thread

__all__ = [
    "Calendar", "TextCalendar", "HTMLCalendar", "IllegalMonthError", "IllegalWeekdayError",
    "calendar", "day_abbr", "day_name", "firstweekday", "isleap", "leapdays",
    "month", "month_abbr", "month_name", "monthcalendar", "monthrange",
    "prcal", "prmonth", "setfirstweekday", "timegm", "weekday", "weekheader",
    "MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY",
    "SUNDAY",
]

error = ValueError


class IllegalMonthError(ValueError):
    """A month number outside 1..12."""

    def __init__(self, month):
        ValueError.__init__(self, month)
        self.month = month

    def __str__(self):
        return "bad month number %r; must be 1-12" % (self.month,)


class IllegalWeekdayError(ValueError):
    """A weekday number outside 0..6."""

    def __init__(self, weekday):
        ValueError.__init__(self, weekday)
        self.weekday = weekday

    def __str__(self):
        return "bad weekday number %r; must be 0 (Monday) to 6 (Sunday)" % (self.weekday,)


MONDAY, TUESDAY, WEDNESDAY, THURSDAY, FRIDAY, SATURDAY, SUNDAY = range(7)
EPOCH = 1970
_EPOCH_ORDINAL = datetime.date(EPOCH, 1, 1).toordinal()

mdays = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]


class _Names:
    """Read-only sequence of names (indexable, sliceable, iterable)."""

    def __init__(self, names):
        self._names = tuple(names)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return list(self._names[index])
        return self._names[index]

    def __len__(self):
        return len(self._names)

    def __iter__(self):
        return iter(self._names)


_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
         "Sunday")
_MONTHS = ("January", "February", "March", "April", "May", "June", "July",
           "August", "September", "October", "November", "December")

day_name = _Names(_DAYS)
day_abbr = _Names(d[:3] for d in _DAYS)
month_name = _Names(("",) + _MONTHS)
month_abbr = _Names(("",) + tuple(m[:3] for m in _MONTHS))


def isleap(year):
    """True for leap years of the Gregorian calendar."""
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def leapdays(y1, y2):
    """Number of leap years in the range [y1, y2)."""
    def upto(y):
        # leap years strictly before year y
        y -= 1
        return y // 4 - y // 100 + y // 400
    return upto(y2) - upto(y1)


def weekday(year, month, day):
    """Day of the week (0 is Monday) of the given date."""
    if not datetime.MINYEAR <= year <= datetime.MAXYEAR:
        # The Gregorian calendar repeats every 400 years.
        year = 2000 + year % 400
    return datetime.date(year, month, day).weekday()


def _month_length(year, month):
    if month == 2 and isleap(year):
        return 29
    return mdays[month]


def monthrange(year, month):
    """(weekday of the first day, number of days) of a month."""
    if not 1 <= month <= 12:
        raise IllegalMonthError(month)
    return weekday(year, month, 1), _month_length(year, month)


def _previous_month(year, month):
    return (year - 1, 12) if month == 1 else (year, month - 1)


def _next_month(year, month):
    return (year + 1, 1) if month == 12 else (year, month + 1)


class Calendar:
    """Base calendar: iterators over the days of months and years."""

    def __init__(self, firstweekday=0):
        self.firstweekday = firstweekday

    def setfirstweekday(self, firstweekday):
        self._firstweekday = firstweekday

    def getfirstweekday(self):
        return self._firstweekday % 7

    firstweekday = property(getfirstweekday, setfirstweekday)

    def iterweekdays(self):
        start = self.firstweekday
        return iter([(start + i) % 7 for i in range(7)])

    def _padding(self, year, month):
        first = self.firstweekday
        day1, ndays = monthrange(year, month)
        before = (day1 - first) % 7
        after = (first - day1 - ndays) % 7
        return first, before, ndays, after

    def itermonthdates(self, year, month):
        for y, m, d in self.itermonthdays3(year, month):
            yield datetime.date(y, m, d)

    def itermonthdays(self, year, month):
        _, before, ndays, after = self._padding(year, month)
        for _ in range(before):
            yield 0
        for d in range(1, ndays + 1):
            yield d
        for _ in range(after):
            yield 0

    def itermonthdays2(self, year, month):
        first = self.firstweekday
        for i, d in enumerate(self.itermonthdays(year, month)):
            yield d, (first + i) % 7

    def itermonthdays3(self, year, month):
        _, before, ndays, after = self._padding(year, month)
        py, pm = _previous_month(year, month)
        last = _month_length(py, pm)
        for d in range(last - before + 1, last + 1):
            yield py, pm, d
        for d in range(1, ndays + 1):
            yield year, month, d
        ny, nm = _next_month(year, month)
        for d in range(1, after + 1):
            yield ny, nm, d

    def itermonthdays4(self, year, month):
        first = self.firstweekday
        for i, (y, m, d) in enumerate(self.itermonthdays3(year, month)):
            yield y, m, d, (first + i) % 7

    @staticmethod
    def _weeks(items):
        return [items[i:i + 7] for i in range(0, len(items), 7)]

    def monthdatescalendar(self, year, month):
        return self._weeks(list(self.itermonthdates(year, month)))

    def monthdays2calendar(self, year, month):
        return self._weeks(list(self.itermonthdays2(year, month)))

    def monthdayscalendar(self, year, month):
        return self._weeks(list(self.itermonthdays(year, month)))

    def _year(self, make, year, width):
        months = [make(year, m) for m in range(1, 13)]
        return [months[i:i + width] for i in range(0, 12, width)]

    def yeardatescalendar(self, year, width=3):
        return self._year(self.monthdatescalendar, year, width)

    def yeardays2calendar(self, year, width=3):
        return self._year(self.monthdays2calendar, year, width)

    def yeardayscalendar(self, year, width=3):
        return self._year(self.monthdayscalendar, year, width)


class TextCalendar(Calendar):
    """Calendar rendering months and years as plain text."""

    def prweek(self, theweek, width):
        print(self.formatweek(theweek, width), end="")

    def formatday(self, day, weekday, width):
        text = "%2i" % day if day else ""
        return text.center(width)

    def formatweek(self, theweek, width):
        return " ".join(self.formatday(d, wd, width) for d, wd in theweek)

    def formatweekday(self, day, width):
        names = day_name if width >= 9 else day_abbr
        return names[day][:width].center(width)

    def formatweekheader(self, width):
        return " ".join(self.formatweekday(i, width) for i in self.iterweekdays())

    def formatmonthname(self, theyear, themonth, width, withyear=True):
        text = month_name[themonth]
        if withyear:
            text = "%s %r" % (text, theyear)
        return text.center(width)

    def prmonth(self, theyear, themonth, w=0, l=0):
        print(self.formatmonth(theyear, themonth, w, l), end="")

    def formatmonth(self, theyear, themonth, w=0, l=0):
        w = max(2, w)
        gap = "\n" * max(1, l)
        lines = [self.formatmonthname(theyear, themonth, 7 * (w + 1) - 1).rstrip(),
                 self.formatweekheader(w).rstrip()]
        for week in self.monthdays2calendar(theyear, themonth):
            lines.append(self.formatweek(week, w).rstrip())
        return "".join(line + gap for line in lines)

    def formatyear(self, theyear, w=2, l=1, c=6, m=3):
        w = max(2, w)
        gap = "\n" * max(1, l)
        c = max(2, c)
        colwidth = (w + 1) * 7 - 1
        out = [repr(theyear).center(colwidth * m + c * (m - 1)).rstrip(), gap]
        header = self.formatweekheader(w)
        for row_index, row in enumerate(self.yeardays2calendar(theyear, m)):
            months = range(m * row_index + 1, min(m * (row_index + 1) + 1, 13))
            out.append(gap)
            names = [self.formatmonthname(theyear, k, colwidth, False) for k in months]
            out.append(formatstring(names, colwidth, c).rstrip())
            out.append(gap)
            out.append(formatstring([header for _ in months], colwidth, c).rstrip())
            out.append(gap)
            for j in range(max(len(cal) for cal in row)):
                weeks = [self.formatweek(cal[j], w) if j < len(cal) else ""
                         for cal in row]
                out.append(formatstring(weeks, colwidth, c).rstrip())
                out.append(gap)
        return "".join(out)

    def pryear(self, theyear, w=0, l=0, c=6, m=3):
        print(self.formatyear(theyear, w, l, c, m), end="")


class HTMLCalendar(Calendar):
    """Calendar rendering months and years as HTML tables."""

    cssclasses = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    cssclasses_weekday_head = cssclasses
    cssclass_noday = "noday"
    cssclass_month_head = "month"
    cssclass_month = "month"
    cssclass_year_head = "year"
    cssclass_year = "year"

    _TABLE = '<table border="0" cellpadding="0" cellspacing="0" class="%s">'

    def formatday(self, day, weekday):
        if not day:
            return '<td class="%s">&nbsp;</td>' % self.cssclass_noday
        return '<td class="%s">%d</td>' % (self.cssclasses[weekday], day)

    def formatweek(self, theweek):
        return "<tr>" + "".join(self.formatday(d, wd) for d, wd in theweek) + "</tr>"

    def formatweekday(self, day):
        return '<th class="%s">%s</th>' % (self.cssclasses_weekday_head[day],
                                            day_abbr[day])

    def formatweekheader(self):
        cells = "".join(self.formatweekday(i) for i in self.iterweekdays())
        return "<tr>" + cells + "</tr>"

    def formatmonthname(self, theyear, themonth, withyear=True):
        title = month_name[themonth]
        if withyear:
            title = "%s %s" % (title, theyear)
        return '<tr><th colspan="7" class="%s">%s</th></tr>' % (
            self.cssclass_month_head, title)

    def formatmonth(self, theyear, themonth, withyear=True):
        rows = [self._TABLE % self.cssclass_month,
                self.formatmonthname(theyear, themonth, withyear=withyear),
                self.formatweekheader()]
        rows.extend(self.formatweek(w)
                    for w in self.monthdays2calendar(theyear, themonth))
        rows.append("</table>")
        return "".join(r + "\n" for r in rows)

    def formatyear(self, theyear, width=3):
        width = max(width, 1)
        out = [self._TABLE % self.cssclass_year, "\n",
               '<tr><th colspan="%d" class="%s">%s</th></tr>' % (
                   width, self.cssclass_year_head, theyear)]
        for first in range(1, 13, width):
            out.append("<tr>")
            for m in range(first, min(first + width, 13)):
                out.append("<td>" + self.formatmonth(theyear, m, withyear=False) + "</td>")
            out.append("</tr>")
        out.append("</table>")
        return "".join(out)

    def formatyearpage(self, theyear, width=3, css="calendar.css", encoding=None):
        if encoding is None:
            encoding = "utf-8"
        head = ['<?xml version="1.0" encoding="%s"?>' % encoding,
                '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" '
                '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">',
                "<html>", "<head>",
                '<meta http-equiv="Content-Type" content="text/html; charset=%s" />'
                % encoding]
        if css is not None:
            head.append('<link rel="stylesheet" type="text/css" href="%s" />' % css)
        head += ["<title>Calendar for %d</title>" % theyear, "</head>", "<body>"]
        page = "".join(line + "\n" for line in head)
        page += self.formatyear(theyear, width) + "</body>\n</html>\n"
        return page.encode(encoding, "xmlcharrefreplace")


# -- module-level interface -------------------------------------------------------

_first_lock = _thread.allocate_lock()
_first = [0]


def firstweekday():
    with _first_lock:
        return _first[0]


def setfirstweekday(firstweekday):
    if not MONDAY <= firstweekday <= SUNDAY:
        raise IllegalWeekdayError(firstweekday)
    with _first_lock:
        _first[0] = firstweekday


def _calendar():
    return TextCalendar(firstweekday())


def monthcalendar(year, month):
    return _calendar().monthdayscalendar(year, month)


def prweek(theweek, width):
    _calendar().prweek(theweek, width)


def week(theweek, width):
    return _calendar().formatweek(theweek, width)


def weekheader(width):
    return _calendar().formatweekheader(width)


def prmonth(theyear, themonth, w=0, l=0):
    _calendar().prmonth(theyear, themonth, w, l)


def month(theyear, themonth, w=0, l=0):
    return _calendar().formatmonth(theyear, themonth, w, l)


def prcal(theyear, w=0, l=0, c=6, m=3):
    _calendar().pryear(theyear, w, l, c, m)


def calendar(theyear, w=2, l=1, c=6, m=3):
    return _calendar().formatyear(theyear, w, l, c, m)


_COLWIDTH = 7 * 3 - 1
_SPACING = 6


def format(cols, colwidth=_COLWIDTH, spacing=_SPACING):
    print(formatstring(cols, colwidth, spacing))


def formatstring(cols, colwidth=_COLWIDTH, spacing=_SPACING):
    return (" " * spacing).join(col.center(colwidth) for col in cols)


def timegm(tuple):
    """Seconds since the epoch of a UTC time tuple (inverse of gmtime)."""
    year, month, day, hour, minute, second = tuple[:6]
    days = datetime.date(year, month, 1).toordinal() - _EPOCH_ORDINAL + day - 1
    return ((days * 24 + hour) * 60 + minute) * 60 + second
