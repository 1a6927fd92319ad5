"""Dates, times, durations and fixed-offset time zones.

Local time comes from the C library through `time.localtime` and
`time.mktime`: now(), today(), fromtimestamp() without tz, timestamp() of
naive values and astimezone() follow the process's TZ setting.

Every object here is immutable after construction and the module keeps
no mutable shared state, so values may be shared freely between threads.
"""

import sys
import time as _time
import math as _math

__all__ = ("date", "datetime", "time", "timedelta", "timezone", "tzinfo",
           "MINYEAR", "MAXYEAR", "UTC")

MINYEAR = 1
MAXYEAR = 9999
_MAX_ORDINAL = 3652059
_US_PER_DAY = 86400 * 10**6

_MONTH_LENGTHS = (0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
_DAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday",
              "Saturday", "Sunday")
_MONTH_NAMES = ("", "January", "February", "March", "April", "May", "June",
                "July", "August", "September", "October", "November",
                "December")


# -- calendar arithmetic ---------------------------------------------------------

def _is_leap(year):
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def _month_length(year, month):
    if month == 2 and _is_leap(year):
        return 29
    return _MONTH_LENGTHS[month]


def _days_before_month(year, month):
    total = 0
    for m in range(1, month):
        total += _MONTH_LENGTHS[m]
    if month > 2 and _is_leap(year):
        total += 1
    return total


def _to_ordinal(year, month, day):
    """Day number of a proleptic Gregorian date, 0001-01-01 being day 1."""
    y = year - 1
    return y * 365 + y // 4 - y // 100 + y // 400 + _days_before_month(year, month) + day


def _from_ordinal(n):
    """Inverse of _to_ordinal: (year, month, day)."""
    n -= 1
    cycles400, n = divmod(n, 146097)
    cycles100, n = divmod(n, 36524)
    cycles4, n = divmod(n, 1461)
    years, n = divmod(n, 365)
    year = cycles400 * 400 + cycles100 * 100 + cycles4 * 4 + years + 1
    if years == 4 or cycles100 == 4:
        # The last day of a leap cycle.
        return year - 1, 12, 31
    month = 1
    while True:
        length = _month_length(year, month)
        if n < length:
            return year, month, n + 1
        n -= length
        month += 1


def _iso_week1_monday(year):
    jan1 = _to_ordinal(year, 1, 1)
    weekday = (jan1 + 6) % 7
    monday = jan1 - weekday
    if weekday > 3:
        monday += 7
    return monday


def _as_int(value):
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float) or not hasattr(type(value), "__index__"):
        raise TypeError("'%s' object cannot be interpreted as an integer"
                        % type(value).__name__)
    return value.__index__()


def _check_date(year, month, day):
    year, month, day = _as_int(year), _as_int(month), _as_int(day)
    if not MINYEAR <= year <= MAXYEAR:
        raise ValueError("year %d is out of range" % year)
    if not 1 <= month <= 12:
        raise ValueError("month must be in 1..12")
    if not 1 <= day <= _month_length(year, month):
        raise ValueError("day is out of range for month")
    return year, month, day


def _check_time(hour, minute, second, microsecond, fold):
    hour, minute = _as_int(hour), _as_int(minute)
    second, microsecond = _as_int(second), _as_int(microsecond)
    if not 0 <= hour <= 23:
        raise ValueError("hour must be in 0..23")
    if not 0 <= minute <= 59:
        raise ValueError("minute must be in 0..59")
    if not 0 <= second <= 59:
        raise ValueError("second must be in 0..59")
    if not 0 <= microsecond <= 999999:
        raise ValueError("microsecond must be in 0..999999")
    if fold not in (0, 1):
        raise ValueError("fold must be either 0 or 1")
    return hour, minute, second, microsecond, fold


def _check_tzinfo(tz):
    if tz is not None and not isinstance(tz, tzinfo):
        raise TypeError("tzinfo argument must be None or of a tzinfo subclass, "
                        "not type '%s'" % type(tz).__name__)


_MISSING = object()


def _check_arity(required, names, extra, most=3):
    if extra:
        if most == 3:
            raise TypeError("function takes at most 3 arguments (%d given)"
                            % (most + len(extra)))
        raise TypeError("function takes at most %d positional arguments (%d given)"
                        % (most, most + len(extra)))
    for position, (value, name) in enumerate(zip(required, names), 1):
        if value is _MISSING:
            raise TypeError("function missing required argument '%s' (pos %d)"
                            % (name, position))


def _build(cls, **fields):
    """A new instance of cls with the given slot values."""
    obj = object.__new__(cls)
    for name, value in fields.items():
        setattr(obj, name, value)
    obj._hashcode = -1
    return obj


def _type_name(obj):
    return type(obj).__name__


def _check_offset(name, offset):
    """Validate what a tzinfo method returned."""
    if offset is None:
        return None
    if not isinstance(offset, timedelta):
        raise TypeError("tzinfo.%s() must return None or timedelta, not '%s'"
                        % (name, type(offset).__name__))
    if not -timedelta(1) < offset < timedelta(1):
        raise ValueError("offset must be a timedelta strictly between "
                         "-timedelta(hours=24) and timedelta(hours=24).")
    return offset


def _format_offset(offset, sep=":"):
    """+HH:MM[:SS[.ffffff]] text of a timedelta offset ('' for None)."""
    if offset is None:
        return ""
    sign = "+"
    if offset.days < 0:
        sign = "-"
        offset = -offset
    hours, rest = divmod(offset.seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    text = "%s%02d%s%02d" % (sign, hours, sep, minutes)
    if seconds or offset.microseconds:
        text += "%s%02d" % (sep, seconds)
        if offset.microseconds:
            text += ".%06d" % offset.microseconds
    return text


def _format_clock(hh, mm, ss, us, timespec):
    if timespec == "auto":
        timespec = "microseconds" if us else "seconds"
    if timespec == "hours":
        return "%02d" % hh
    if timespec == "minutes":
        return "%02d:%02d" % (hh, mm)
    if timespec == "seconds":
        return "%02d:%02d:%02d" % (hh, mm, ss)
    if timespec == "milliseconds":
        return "%02d:%02d:%02d.%03d" % (hh, mm, ss, us // 1000)
    if timespec == "microseconds":
        return "%02d:%02d:%02d.%06d" % (hh, mm, ss, us)
    raise ValueError("Unknown timespec value")


class _StructTime(tuple):
    """Stand-in for time.struct_time when the time module lacks it."""
    _fields = ("tm_year", "tm_mon", "tm_mday", "tm_hour", "tm_min", "tm_sec",
               "tm_wday", "tm_yday", "tm_isdst")

    def __new__(cls, values):
        return tuple.__new__(cls, values)

    def __repr__(self):
        parts = ", ".join("%s=%r" % (n, v) for n, v in zip(self._fields, self))
        return "time.struct_time(%s)" % parts

    def __getattr__(self, name):
        try:
            return self[self._fields.index(name)]
        except ValueError:
            raise AttributeError(name) from None


def _struct_time(values):
    maker = getattr(_time, "struct_time", None)
    if maker is not None:
        return maker(values)
    return _StructTime(values)


# -- strftime ------------------------------------------------------------------

def _strftime(obj, fmt, fields):
    """Format using (year, month, day, hour, minute, second, microsecond)."""
    if not isinstance(fmt, str):
        raise TypeError("strftime() argument 1 must be str, not %s"
                        % type(fmt).__name__)
    year, month, day, hh, mm, ss, us = fields
    ordinal = _to_ordinal(year, month, day)
    weekday = (ordinal + 6) % 7                 # Monday is 0
    yday = ordinal - _to_ordinal(year, 1, 1)    # 0-based
    out = []
    i = 0
    n = len(fmt)
    while i < n:
        ch = fmt[i]
        if ch != "%" or i + 1 >= n:
            out.append(ch)
            i += 1
            continue
        code = fmt[i + 1]
        i += 2
        if code == "Y":
            out.append(str(year))
        elif code == "y":
            out.append("%02d" % (year % 100))
        elif code == "C":
            out.append("%02d" % (year // 100))
        elif code == "m":
            out.append("%02d" % month)
        elif code == "d":
            out.append("%02d" % day)
        elif code == "e":
            out.append("%2d" % day)
        elif code == "H":
            out.append("%02d" % hh)
        elif code == "I":
            out.append("%02d" % ((hh + 11) % 12 + 1))
        elif code == "M":
            out.append("%02d" % mm)
        elif code == "S":
            out.append("%02d" % ss)
        elif code == "f":
            out.append("%06d" % us)
        elif code == "p":
            out.append("AM" if hh < 12 else "PM")
        elif code == "a":
            out.append(_DAY_NAMES[weekday][:3])
        elif code == "A":
            out.append(_DAY_NAMES[weekday])
        elif code in "bh":
            out.append(_MONTH_NAMES[month][:3])
        elif code == "B":
            out.append(_MONTH_NAMES[month])
        elif code == "j":
            out.append("%03d" % (yday + 1))
        elif code == "w":
            out.append(str((weekday + 1) % 7))
        elif code == "u":
            out.append(str(weekday + 1))
        elif code == "U":
            out.append("%02d" % ((yday + 7 - (weekday + 1) % 7) // 7))
        elif code == "W":
            out.append("%02d" % ((yday + 7 - weekday) // 7))
        elif code in "GV":
            iso_year, iso_week, _ = _iso_calendar(ordinal, year)
            out.append(str(iso_year) if code == "G" else "%02d" % iso_week)
        elif code == "z":
            off = obj.utcoffset() if obj is not None else None
            out.append(_format_offset(off, ""))
        elif code == "Z":
            name = obj.tzname() if obj is not None else None
            out.append("" if name is None else name)
        elif code == "s":
            # Seconds since the epoch of the fields read as local time (UTC).
            days = ordinal - _to_ordinal(1970, 1, 1)
            out.append(str(days * 86400 + hh * 3600 + mm * 60 + ss))
        elif code == "c":
            out.append("%s %s %2d %02d:%02d:%02d %d" % (
                _DAY_NAMES[weekday][:3], _MONTH_NAMES[month][:3], day,
                hh, mm, ss, year))
        elif code == "x":
            out.append("%02d/%02d/%02d" % (month, day, year % 100))
        elif code in "XT":
            out.append("%02d:%02d:%02d" % (hh, mm, ss))
        elif code == "R":
            out.append("%02d:%02d" % (hh, mm))
        elif code == "D":
            out.append("%02d/%02d/%02d" % (month, day, year % 100))
        elif code == "F":
            out.append("%d-%02d-%02d" % (year, month, day))
        elif code == "n":
            out.append("\n")
        elif code == "t":
            out.append("\t")
        elif code == "%":
            out.append("%")
        else:
            out.append("%" + code)
    return "".join(out)


def _iso_calendar(ordinal, year):
    monday = _iso_week1_monday(year)
    week, day = divmod(ordinal - monday, 7)
    if week < 0:
        year -= 1
        monday = _iso_week1_monday(year)
        week, day = divmod(ordinal - monday, 7)
    elif week >= 52 and ordinal >= _iso_week1_monday(year + 1):
        year += 1
        week = 0
    return year, week + 1, day + 1


# -- timedelta -----------------------------------------------------------------

_FACTORS = (("microseconds", 1), ("milliseconds", 1000),
            ("seconds", 10**6), ("minutes", 60 * 10**6),
            ("hours", 3600 * 10**6), ("days", _US_PER_DAY),
            ("weeks", 7 * _US_PER_DAY))


def _round_half_even_us(value):
    """Round a Fraction-free float/int-ratio to an int, ties to even."""
    return round(value)


class timedelta:
    """A duration: days, seconds (0..86399) and microseconds (0..999999)."""

    __slots__ = ("_days", "_seconds", "_microseconds", "_hashcode")

    def __new__(cls, days=0, seconds=0, microseconds=0,
                milliseconds=0, minutes=0, hours=0, weeks=0):
        given = {"days": days, "seconds": seconds,
                 "microseconds": microseconds, "milliseconds": milliseconds,
                 "minutes": minutes, "hours": hours, "weeks": weeks}
        total = 0
        leftover = 0.0
        for name, factor in _FACTORS:
            value = given[name]
            if isinstance(value, int):
                total += int(value) * factor
            elif isinstance(value, float):
                frac, whole = _math.modf(value)
                total += int(whole) * factor
                if frac:
                    frac, whole = _math.modf(frac * factor)
                    total += int(whole)
                    leftover += frac
            else:
                raise TypeError("unsupported type for timedelta %s component: %s"
                                % (name, type(value).__name__))
        if leftover:
            whole = round(leftover)
            if abs(whole - leftover) == 0.5:
                # Tie: round so that the total comes out even.
                odd = total & 1
                whole = 2.0 * round((leftover + odd) * 0.5) - odd
            total += int(whole)
        return cls._from_us(total)

    @classmethod
    def _from_us(cls, total):
        days, rest = divmod(total, _US_PER_DAY)
        seconds, us = divmod(rest, 10**6)
        if not -999999999 <= days <= 999999999:
            raise OverflowError("days=%d; must have magnitude <= 999999999" % days)
        self = object.__new__(cls)
        self._days = days
        self._seconds = seconds
        self._microseconds = us
        self._hashcode = -1
        return self

    def _us(self):
        return (self._days * 86400 + self._seconds) * 10**6 + self._microseconds

    days = property(lambda self: self._days)
    seconds = property(lambda self: self._seconds)
    microseconds = property(lambda self: self._microseconds)

    def total_seconds(self):
        """The duration in seconds, as a float."""
        return self._us() / 10**6

    def __repr__(self):
        parts = []
        if self._days:
            parts.append("days=%d" % self._days)
        if self._seconds:
            parts.append("seconds=%d" % self._seconds)
        if self._microseconds:
            parts.append("microseconds=%d" % self._microseconds)
        name = "datetime.timedelta" if type(self) is timedelta else type(self).__name__
        return "%s(%s)" % (name, ", ".join(parts) or "0")

    def __str__(self):
        minutes, secs = divmod(self._seconds, 60)
        hours, minutes = divmod(minutes, 60)
        text = "%d:%02d:%02d" % (hours, minutes, secs)
        if self._microseconds:
            text += ".%06d" % self._microseconds
        if self._days:
            plural = "" if abs(self._days) == 1 else "s"
            text = "%d day%s, %s" % (self._days, plural, text)
        return text

    def __add__(self, other):
        if isinstance(other, timedelta):
            return timedelta._from_us(self._us() + other._us())
        return NotImplemented

    def __sub__(self, other):
        if not isinstance(other, timedelta):
            return NotImplemented
        return timedelta._from_us(self._us() - other._us())

    def __rsub__(self, other):
        if not isinstance(other, timedelta):
            return NotImplemented
        return timedelta._from_us(other._us() - self._us())

    __radd__ = __add__

    def __neg__(self):
        return timedelta._from_us(-self._us())

    def __pos__(self):
        return timedelta._from_us(self._us())

    def __abs__(self):
        return -self if self._days < 0 else +self

    def __mul__(self, other):
        if isinstance(other, int):
            return timedelta._from_us(self._us() * other)
        if isinstance(other, float):
            num, den = other.as_integer_ratio()
            return timedelta._from_us(_div_half_even(self._us() * num, den))
        return NotImplemented

    __rmul__ = __mul__

    def __truediv__(self, other):
        if isinstance(other, timedelta):
            return self._us() / other._us()
        if isinstance(other, int):
            if other == 0:
                raise ZeroDivisionError("integer division or modulo by zero")
            return timedelta._from_us(_div_half_even(self._us(), other))
        if isinstance(other, float):
            num, den = other.as_integer_ratio()
            if num == 0:
                raise ZeroDivisionError("integer division or modulo by zero")
            return timedelta._from_us(_div_half_even(den * self._us(), num))
        return NotImplemented

    def __floordiv__(self, other):
        if isinstance(other, timedelta):
            if not other._us():
                raise ZeroDivisionError("integer division or modulo by zero")
            return self._us() // other._us()
        if isinstance(other, int):
            if other == 0:
                raise ZeroDivisionError("integer division or modulo by zero")
            return timedelta._from_us(self._us() // other)
        return NotImplemented

    def __mod__(self, other):
        if isinstance(other, timedelta):
            return timedelta._from_us(self._us() % other._us())
        return NotImplemented

    def __divmod__(self, other):
        if isinstance(other, timedelta):
            if not other._us():
                raise ZeroDivisionError("integer division or modulo by zero")
            q, r = divmod(self._us(), other._us())
            return q, timedelta._from_us(r)
        return NotImplemented

    def _cmp_key(self):
        return (self._days, self._seconds, self._microseconds)

    def __eq__(self, other):
        if isinstance(other, timedelta):
            return self._cmp_key() == other._cmp_key()
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, timedelta):
            return self._cmp_key() < other._cmp_key()
        return NotImplemented

    def __le__(self, other):
        if isinstance(other, timedelta):
            return self._cmp_key() <= other._cmp_key()
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, timedelta):
            return self._cmp_key() > other._cmp_key()
        return NotImplemented

    def __ge__(self, other):
        if isinstance(other, timedelta):
            return self._cmp_key() >= other._cmp_key()
        return NotImplemented

    def __hash__(self):
        return hash(self._cmp_key())

    def __bool__(self):
        return bool(self._days or self._seconds or self._microseconds)

    def __reduce__(self):
        return (type(self), self._cmp_key())


def _div_half_even(a, b):
    """a / b rounded to the nearest int, ties to even (b may be negative)."""
    if b < 0:
        a, b = -a, -b
    q, r = divmod(a, b)
    twice = 2 * r
    if twice > b or (twice == b and q % 2 == 1):
        q += 1
    return q


timedelta.resolution = timedelta(microseconds=1)
timedelta.min = timedelta(days=-999999999)
timedelta.max = timedelta._from_us(1000000000 * _US_PER_DAY - 1)


# -- date ------------------------------------------------------------------------

class date:
    """A calendar date (proleptic Gregorian), year in 1..9999."""

    __slots__ = ("_year", "_month", "_day", "_hashcode")

    def __new__(cls, year=_MISSING, month=_MISSING, day=_MISSING, *extra):
        _check_arity((year, month, day), ("year", "month", "day"), extra)
        year, month, day = _check_date(year, month, day)
        return _build(cls, _year=year, _month=month, _day=day)

    @classmethod
    def fromtimestamp(cls, t):
        y, m, d, *_ = _local_fields(t)
        return cls(y, m, d)

    @classmethod
    def today(cls):
        return cls.fromtimestamp(_time.time())

    @classmethod
    def fromordinal(cls, n):
        if n < 1:
            raise ValueError("ordinal must be >= 1")
        if n > _MAX_ORDINAL:
            raise ValueError("year %d is out of range" % _from_ordinal(n)[0])
        return cls(*_from_ordinal(n))

    @classmethod
    def fromisoformat(cls, text):
        if not isinstance(text, str):
            raise TypeError("fromisoformat: argument must be str")
        if len(text) not in (7, 8, 10):
            raise ValueError("Invalid isoformat string: %r" % (text,))
        try:
            fields = _parse_iso_date(text)
        except ValueError:
            raise ValueError("Invalid isoformat string: %r" % (text,)) from None
        return cls(*fields)

    @classmethod
    def fromisocalendar(cls, year, week, day):
        return cls(*_from_iso_calendar(year, week, day))

    year = property(lambda self: self._year)
    month = property(lambda self: self._month)
    day = property(lambda self: self._day)

    def __repr__(self):
        name = "datetime.date" if type(self) is date else type(self).__name__
        return "%s(%d, %d, %d)" % (name, self._year, self._month, self._day)

    def isoformat(self):
        return "%04d-%02d-%02d" % (self._year, self._month, self._day)

    __str__ = isoformat

    def ctime(self):
        weekday = self.toordinal() % 7 or 7
        return "%s %s %2d 00:00:00 %04d" % (
            _DAY_NAMES[weekday - 1][:3], _MONTH_NAMES[self._month][:3],
            self._day, self._year)

    def strftime(self, fmt):
        return _strftime(None, fmt, (self._year, self._month, self._day, 0, 0, 0, 0))

    def __format__(self, fmt):
        if not isinstance(fmt, str):
            raise TypeError("format() argument 2 must be str, not %s" % type(fmt).__name__)
        if fmt:
            return self.strftime(fmt)
        return str(self)

    def timetuple(self):
        ordinal = self.toordinal()
        yday = ordinal - _to_ordinal(self._year, 1, 1) + 1
        return _struct_time((self._year, self._month, self._day, 0, 0, 0,
                             (ordinal + 6) % 7, yday, -1))

    def toordinal(self):
        return _to_ordinal(self._year, self._month, self._day)

    def replace(self, year=None, month=None, day=None):
        return type(self)(self._year if year is None else year,
                          self._month if month is None else month,
                          self._day if day is None else day)

    def weekday(self):
        return (self.toordinal() + 6) % 7

    def isoweekday(self):
        return self.toordinal() % 7 or 7

    def isocalendar(self):
        return IsoCalendarDate(*_iso_calendar(self.toordinal(), self._year))

    def _date_key(self):
        return (self._year, self._month, self._day)

    def _comparable(self, other):
        return (isinstance(other, date) and not isinstance(other, datetime)
                and not isinstance(self, datetime))

    def __eq__(self, other):
        if isinstance(other, datetime) or isinstance(self, datetime):
            return NotImplemented if not isinstance(other, date) else False
        if isinstance(other, date):
            return self._date_key() == other._date_key()
        return NotImplemented

    def _order(self, other, op):
        if self._comparable(other):
            return op(self._date_key(), other._date_key())
        if isinstance(other, date):
            raise TypeError("can't compare datetime.datetime to datetime.date")
        return NotImplemented

    def __lt__(self, other):
        return self._order(other, lambda a, b: a < b)

    def __le__(self, other):
        return self._order(other, lambda a, b: a <= b)

    def __gt__(self, other):
        return self._order(other, lambda a, b: a > b)

    def __ge__(self, other):
        return self._order(other, lambda a, b: a >= b)

    def __hash__(self):
        return hash(("date",) + self._date_key())

    def __add__(self, other):
        if isinstance(other, timedelta):
            n = self.toordinal() + other.days
            if not 1 <= n <= _MAX_ORDINAL:
                raise OverflowError("date value out of range")
            return type(self).fromordinal(n)
        return NotImplemented

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return self + timedelta(-other.days)
        if isinstance(other, date) and not isinstance(other, datetime):
            return timedelta(self.toordinal() - other.toordinal())
        return NotImplemented

    def __reduce__(self):
        return (type(self), self._date_key())

    __radd__ = __add__




class IsoCalendarDate(tuple):
    """(year, week, weekday) as returned by date.isocalendar()."""

    def __new__(cls, year, week, weekday):
        return tuple.__new__(cls, (year, week, weekday))

    year = property(lambda self: self[0])
    week = property(lambda self: self[1])
    weekday = property(lambda self: self[2])

    def __repr__(self):
        return ("datetime.IsoCalendarDate(year=%d, week=%d, weekday=%d)"
                % tuple(self))

    def __reduce__(self):
        return (tuple, (tuple(self),))


def _from_iso_calendar(year, week, day):
    if not MINYEAR <= year <= MAXYEAR:
        raise ValueError("Year is out of range: %d" % year)
    if not 0 < week < 53:
        ok = False
        if week == 53:
            # Only years starting on a Thursday (or leap years starting on
            # a Wednesday) have a week 53.
            first = _to_ordinal(year, 1, 1) % 7
            ok = first == 4 or (first == 3 and _is_leap(year))
        if not ok:
            raise ValueError("Invalid week: %d" % week)
    if not 0 < day < 8:
        raise ValueError("Invalid day: %d (range is [1, 7])" % day)
    ordinal = _iso_week1_monday(year) + (week - 1) * 7 + (day - 1)
    return _from_ordinal(ordinal)


# ISO 8601 parsing.  The rules follow CPython 3.11's C parser, which is
# lenient in places; positions index the whole input, and reading past its
# end yields "\0", as reading a C string would.

def _char(text, i):
    return text[i] if 0 <= i < len(text) else "\0"


def _digits(text, start, count):
    """Value of exactly count ASCII digits at start; ValueError otherwise."""
    value = 0
    for i in range(start, start + count):
        c = _char(text, i)
        if not "0" <= c <= "9":
            raise ValueError("expected a digit")
        value = value * 10 + (ord(c) - 48)
    return value


def _parse_iso_date(text, limit=None):
    """(year, month, day) from YYYY-MM-DD, YYYYMMDD, YYYY-Www[-D] or YYYYWww[D]
    at the start of text; characters after the date are not examined."""
    if limit is None:
        limit = len(text)
    year = _digits(text, 0, 4)
    p = 4
    dashed = _char(text, p) == "-"
    if dashed:
        p += 1
    if _char(text, p) == "W":
        week = _digits(text, p + 1, 2)
        p += 3
        day = 1
        if p < limit:
            if dashed:
                if _char(text, p) != "-":
                    raise ValueError("bad week date")
                p += 1
            day = _digits(text, p, 1)
        return _from_iso_calendar(year, week, day)
    month = _digits(text, p, 2)
    p += 2
    if dashed:
        if _char(text, p) != "-":
            raise ValueError("bad date")
        p += 1
    return year, month, _digits(text, p, 2)


def _iso_separator(text):
    """Position of the character between the date and the time."""
    n = len(text)
    if n == 7:
        return 7
    if _char(text, 4) == "-":
        if _char(text, 5) != "W":
            return 10
        if n < 8:
            raise ValueError("short week date")
        if n > 8 and text[8] == "-":
            if n == 9:
                raise ValueError("bad week date")
            if n > 10 and text[10].isdigit() and text[10].isascii():
                return 8
            return 10
        return 8
    if _char(text, 4) == "W":
        i = 7
        while i < n and "0" <= text[i] <= "9":
            i += 1
        if i < 9:
            return i
        return 7 if i % 2 == 0 else 8
    return 8


def _clock_fields(text, start, end):
    """Read [HH[:?MM[:?SS]]][(.|,)fraction] from text[start:end].  Returns
    (more, hour, minute, second, microsecond) where more says the text goes
    on at the point where reading stopped."""
    values = [0, 0, 0]
    p = start
    colons = True
    finished = False
    for i in range(3):
        values[i] = _digits(text, p, 2)
        p += 2
        c = _char(text, p)
        p += 1
        if i == 0:
            colons = c == ":"
        if p >= end:
            return c != "\0", values[0], values[1], values[2], 0
        if colons and c == ":":
            continue
        if c in ".,":
            break
        if colons:
            raise ValueError("bad time separator")
        p -= 1
    # Fraction: up to six digits count, further digits are dropped.
    size = min(end - p, 6)
    us = _digits(text, p, size) * 10 ** (6 - size) if size > 0 else 0
    p += max(size, 0)
    while "0" <= _char(text, p) <= "9":
        p += 1
    return _char(text, p) != "\0", values[0], values[1], values[2], us


def _parse_iso_time(text, start=0):
    """(hour, minute, second, microsecond, offset) from text[start:], the
    offset in microseconds or None."""
    end = len(text)
    tz_at = start
    while True:
        if _char(text, tz_at) in "Z+-":
            break
        tz_at += 1
        if tz_at >= end:
            break
    more, hh, mm, ss, us = _clock_fields(text, start, tz_at)
    if tz_at >= end:
        if more:
            raise ValueError("trailing characters")
        return hh, mm, ss, us, None
    if text[tz_at] == "Z":
        if _char(text, tz_at + 1) != "\0":
            raise ValueError("text after Z")
        return hh, mm, ss, us, 0
    sign = -1 if text[tz_at] == "-" else 1
    more, oh, om, osec, ous = _clock_fields(text, tz_at + 1, end)
    if more:
        raise ValueError("bad offset")
    return hh, mm, ss, us, sign * (((oh * 60 + om) * 60 + osec) * 10**6 + ous)


def _make_tz(offset_us):
    if offset_us is None:
        return None
    if not offset_us:
        return timezone.utc
    return timezone(timedelta(microseconds=offset_us))


# -- tzinfo and timezone -------------------------------------------------------

class tzinfo:
    """Abstract base for time zone information objects."""
    __slots__ = ()

    def tzname(self, dt):
        raise NotImplementedError("a tzinfo subclass must implement tzname()")

    def utcoffset(self, dt):
        raise NotImplementedError("a tzinfo subclass must implement utcoffset()")

    def dst(self, dt):
        raise NotImplementedError("a tzinfo subclass must implement dst()")

    def fromutc(self, dt):
        if not isinstance(dt, datetime):
            raise TypeError("fromutc: argument must be a datetime")
        if dt.tzinfo is not self:
            raise ValueError("fromutc: dt.tzinfo is not self")
        offset = dt.utcoffset()
        if offset is None:
            raise ValueError("fromutc: non-None utcoffset() result required")
        delta = dt.dst()
        if delta is None:
            raise ValueError("fromutc: non-None dst() result required")
        std = offset - delta
        if std:
            dt += std
            delta = dt.dst()
            if delta is None:
                raise ValueError("fromutc: tz.dst() gave inconsistent results; "
                                 "cannot convert")
        return dt + delta




class timezone(tzinfo):
    """A fixed offset from UTC, with an optional name."""

    __slots__ = ("_offset", "_name")

    def __init_subclass__(cls, **kwargs):
        raise TypeError("type 'datetime.timezone' is not an acceptable base type")

    def __new__(cls, offset, name=None):
        if not isinstance(offset, timedelta):
            raise TypeError("timezone() argument 1 must be datetime.timedelta, "
                            "not %s" % type(offset).__name__)
        if name is not None and not isinstance(name, str):
            raise TypeError("timezone() argument 2 must be str, not %s"
                            % type(name).__name__)
        if name is None and not offset and "utc" in globals().get("_SINGLETONS", {}):
            return _SINGLETONS["utc"]
        if not -timedelta(1) < offset < timedelta(1):
            raise ValueError("offset must be a timedelta strictly between "
                             "-timedelta(hours=24) and timedelta(hours=24), "
                             "not %r." % (offset,))
        self = tzinfo.__new__(cls)
        self._offset = offset
        self._name = name
        return self

    def __repr__(self):
        if self is _SINGLETONS.get("utc"):
            return "datetime.timezone.utc"
        name = "datetime.timezone" if type(self) is timezone else type(self).__name__
        if self._name is None:
            return "%s(%r)" % (name, self._offset)
        return "%s(%r, %r)" % (name, self._offset, self._name)

    def __str__(self):
        return self.tzname(None)

    def __hash__(self):
        return hash(self._offset)

    def __eq__(self, other):
        if not isinstance(other, timezone):
            return NotImplemented
        return self._offset == other._offset

    def _check_arg(self, dt, what):
        if dt is not None and not isinstance(dt, datetime):
            raise TypeError("%s(dt) argument must be a datetime instance or None, "
                            "not %s" % (what, _op_name(dt)))

    def utcoffset(self, dt):
        self._check_arg(dt, "utcoffset")
        return self._offset

    def dst(self, dt):
        self._check_arg(dt, "dst")
        return None

    def tzname(self, dt):
        self._check_arg(dt, "tzname")
        if self._name is not None:
            return self._name
        if not self._offset:
            return "UTC"
        return "UTC" + _format_offset(self._offset)

    def fromutc(self, dt):
        if not isinstance(dt, datetime):
            raise TypeError("fromutc: argument must be a datetime")
        if dt.tzinfo is not self:
            raise ValueError("fromutc: dt.tzinfo is not self")
        return dt + self._offset

    def __getinitargs__(self):
        return (self._offset,) if self._name is None else (self._offset, self._name)

    def __reduce__(self):
        return (type(self), self.__getinitargs__())


_SINGLETONS = {}
_SINGLETONS["utc"] = timezone(timedelta(0))
timezone.utc = UTC = _SINGLETONS["utc"]
timezone.min = timezone(-timedelta(hours=23, minutes=59))
timezone.max = timezone(timedelta(hours=23, minutes=59))


# -- time ------------------------------------------------------------------------

def _offset_of(tz, dt, method="utcoffset"):
    if tz is None:
        return None
    return _check_offset(method, getattr(tz, method)(dt))


class time:
    """A time of day, optionally with a tzinfo."""

    __slots__ = ("_hour", "_minute", "_second", "_microsecond", "_tzinfo",
                 "_fold", "_hashcode")

    def __new__(cls, hour=0, minute=0, second=0, microsecond=0, tzinfo=None,
                *extra, fold=0):
        _check_arity((), (), extra, 5)
        hour, minute, second, microsecond, fold = _check_time(
            hour, minute, second, microsecond, fold)
        _check_tzinfo(tzinfo)
        return _build(cls, _hour=hour, _minute=minute, _second=second,
                      _microsecond=microsecond, _tzinfo=tzinfo, _fold=fold)

    hour = property(lambda self: self._hour)
    minute = property(lambda self: self._minute)
    second = property(lambda self: self._second)
    microsecond = property(lambda self: self._microsecond)
    tzinfo = property(lambda self: self._tzinfo)
    fold = property(lambda self: self._fold)

    @classmethod
    def fromisoformat(cls, text):
        if not isinstance(text, str):
            raise TypeError("fromisoformat: argument must be str")
        try:
            hh, mm, ss, us, tz = _parse_iso_time(text, 1 if text.startswith("T") else 0)
        except ValueError:
            raise ValueError("Invalid isoformat string: %r" % (text,)) from None
        return cls(hh, mm, ss, us, _make_tz(tz))

    def utcoffset(self):
        return _offset_of(self._tzinfo, None)

    def dst(self):
        return _offset_of(self._tzinfo, None, "dst")

    def tzname(self):
        if self._tzinfo is None:
            return None
        name = self._tzinfo.tzname(None)
        if name is not None and not isinstance(name, str):
            raise TypeError("tzinfo.tzname() must return None or a string, not '%s'"
                            % type(name).__name__)
        return name

    def isoformat(self, timespec="auto"):
        text = _format_clock(self._hour, self._minute, self._second,
                             self._microsecond, timespec)
        return text + _format_offset(self.utcoffset())

    __str__ = isoformat

    def strftime(self, fmt):
        return _strftime(self, fmt, (1900, 1, 1, self._hour, self._minute,
                                     self._second, self._microsecond))

    def __format__(self, fmt):
        if not isinstance(fmt, str):
            raise TypeError("format() argument 2 must be str, not %s" % type(fmt).__name__)
        return self.strftime(fmt) if fmt else str(self)

    def __repr__(self):
        name = "datetime.time" if type(self) is time else type(self).__name__
        if self._microsecond:
            text = "%s(%d, %d, %d, %d" % (name, self._hour, self._minute,
                                          self._second, self._microsecond)
        elif self._second:
            text = "%s(%d, %d, %d" % (name, self._hour, self._minute, self._second)
        else:
            text = "%s(%d, %d" % (name, self._hour, self._minute)
        if self._tzinfo is not None:
            text += ", tzinfo=%r" % (self._tzinfo,)
        if self._fold:
            text += ", fold=1"
        return text + ")"

    def replace(self, hour=None, minute=None, second=None, microsecond=None,
                tzinfo=True, *, fold=None):
        return type(self)(
            self._hour if hour is None else hour,
            self._minute if minute is None else minute,
            self._second if second is None else second,
            self._microsecond if microsecond is None else microsecond,
            self._tzinfo if tzinfo is True else tzinfo,
            fold=self._fold if fold is None else fold)

    def _us_of_day(self):
        return ((self._hour * 60 + self._minute) * 60 + self._second) * 10**6 + self._microsecond

    def _key(self, other, equality):
        """Comparable keys of self and other, or None when they are unequal
        because exactly one of them is aware (equality only)."""
        if self._tzinfo is other._tzinfo:
            return self._us_of_day(), other._us_of_day()
        a = self.utcoffset()
        b = other.utcoffset()
        if (a is None) != (b is None):
            if equality:
                return None
            raise TypeError("can't compare offset-naive and offset-aware times")
        ka, kb = self._us_of_day(), other._us_of_day()
        if a is not None:
            ka -= a._us()
            kb -= b._us()
        return ka, kb

    def _compare(self, other, op, equality=False):
        if not isinstance(other, time):
            return NotImplemented
        keys = self._key(other, equality)
        if keys is None:
            return op is _ne
        return op(*keys)

    def __eq__(self, other):
        return self._compare(other, _eq, True)

    def __ne__(self, other):
        return self._compare(other, _ne, True)

    def __lt__(self, other):
        return self._compare(other, _lt)

    def __le__(self, other):
        return self._compare(other, _le)

    def __gt__(self, other):
        return self._compare(other, _gt)

    def __ge__(self, other):
        return self._compare(other, _ge)

    def __hash__(self):
        offset = self.utcoffset()
        key = self._us_of_day()
        if offset is not None:
            key -= offset._us()
        return hash(("time", key))

    def __bool__(self):
        return True

    def __reduce__(self):
        return (type(self), (self._hour, self._minute, self._second,
                             self._microsecond, self._tzinfo))


time.min = time(0, 0, 0)
time.max = time(23, 59, 59, 999999)
time.resolution = timedelta(microseconds=1)


def _eq(a, b): return a == b
def _ne(a, b): return a != b
def _lt(a, b): return a < b
def _le(a, b): return a <= b
def _gt(a, b): return a > b
def _ge(a, b): return a >= b


# -- datetime --------------------------------------------------------------------

_EPOCH_ORDINAL = 719163   # date(1970, 1, 1).toordinal()


def _split_timestamp(t):
    """(whole seconds, microseconds) of a timestamp, ties rounded to even."""
    if isinstance(t, float):
        if t != t:
            raise ValueError("Invalid value NaN (not a number)")
        if _math.isinf(t) or abs(t) > 1e18:
            raise OverflowError("timestamp out of range for platform time_t")
        frac, whole = _math.modf(t)
        carry, us = divmod(round(frac * 1e6), 1000000)
        return int(whole) + carry, us
    secs = _as_int(t)
    if abs(secs) > 10**18:
        raise OverflowError("timestamp out of range for platform time_t")
    return secs, 0


def _local_fields(t):
    """The local (y, m, d, hh, mm, ss, us) of a timestamp."""
    _utc_fields(t)              # the range checks and their messages
    secs, us = _split_timestamp(t)
    y, m, d, hh, mm, ss = _time.localtime(secs)[:6]
    return y, m, d, hh, mm, min(ss, 59), us


def _local_timestamp(y, m, d, hh, mm, ss):
    """Seconds since the epoch of a local wall time (the first of two
    readings an ambiguous time has)."""
    return int(_time.mktime((y, m, d, hh, mm, ss, -1, -1, -1)))


def _local_zone(secs):
    """The fixed-offset zone in force locally at a timestamp."""
    local = _time.localtime(secs)
    return timezone(timedelta(seconds=local.tm_gmtoff), local.tm_zone)


def _utc_fields(t):
    secs, us = _split_timestamp(t)
    days, secs = divmod(secs, 86400)
    ordinal = _EPOCH_ORDINAL + days
    if not 1 <= ordinal <= _MAX_ORDINAL:
        raise ValueError("year %d is out of range" % (1 if ordinal < 1 else 10000))
    y, m, d = _from_ordinal(ordinal)
    hh, rest = divmod(secs, 3600)
    mm, ss = divmod(rest, 60)
    return y, m, d, hh, mm, ss, us


class datetime(date):
    """A date together with a time of day and an optional tzinfo."""

    __slots__ = ("_hour", "_minute", "_second", "_microsecond", "_tzinfo", "_fold")

    def __new__(cls, year=_MISSING, month=_MISSING, day=_MISSING, hour=0,
                minute=0, second=0, microsecond=0, tzinfo=None, *extra, fold=0):
        _check_arity((year, month, day), ("year", "month", "day"), extra, 8)
        year, month, day = _check_date(year, month, day)
        hour, minute, second, microsecond, fold = _check_time(
            hour, minute, second, microsecond, fold)
        _check_tzinfo(tzinfo)
        return _build(cls, _year=year, _month=month, _day=day, _hour=hour,
                      _minute=minute, _second=second, _microsecond=microsecond,
                      _tzinfo=tzinfo, _fold=fold)

    hour = property(lambda self: self._hour)
    minute = property(lambda self: self._minute)
    second = property(lambda self: self._second)
    microsecond = property(lambda self: self._microsecond)
    tzinfo = property(lambda self: self._tzinfo)
    fold = property(lambda self: self._fold)

    # -- construction --

    @classmethod
    def fromtimestamp(cls, t, tz=None):
        _check_tzinfo(tz)
        if tz is None:
            return cls(*_local_fields(t))
        return tz.fromutc(cls(*_utc_fields(t), tzinfo=tz))

    @classmethod
    def utcfromtimestamp(cls, t):
        return cls(*_utc_fields(t))

    @classmethod
    def now(cls, tz=None):
        return cls.fromtimestamp(_time.time(), tz)

    @classmethod
    def utcnow(cls):
        return cls.utcfromtimestamp(_time.time())

    @classmethod
    def today(cls):
        return cls.fromtimestamp(_time.time())

    @classmethod
    def combine(cls, date_part, time_part, tzinfo=True):
        if not isinstance(date_part, date):
            raise TypeError("combine() argument 1 must be datetime.date, not %s"
                            % type(date_part).__name__)
        if not isinstance(time_part, time):
            raise TypeError("combine() argument 2 must be datetime.time, not %s"
                            % type(time_part).__name__)
        if tzinfo is True:
            tzinfo = time_part.tzinfo
        return cls(date_part.year, date_part.month, date_part.day,
                   time_part.hour, time_part.minute, time_part.second,
                   time_part.microsecond, tzinfo, fold=time_part.fold)

    @classmethod
    def fromisoformat(cls, text):
        if not isinstance(text, str):
            raise TypeError("fromisoformat: argument must be str")
        try:
            cut = _iso_separator(text)
            y, m, d = _parse_iso_date(text, cut)
            if len(text) > cut:
                hh, mm, ss, us, tz = _parse_iso_time(text, cut + 1)
            else:
                hh = mm = ss = us = 0
                tz = None
        except ValueError:
            raise ValueError("Invalid isoformat string: %r" % (text,)) from None
        return cls(y, m, d, hh, mm, ss, us, _make_tz(tz))

    @classmethod
    def strptime(cls, text, fmt):
        return _strptime_datetime(cls, text, fmt)

    # -- accessors --

    def date(self):
        return date(self._year, self._month, self._day)

    def time(self):
        return time(self._hour, self._minute, self._second, self._microsecond,
                    fold=self._fold)

    def timetz(self):
        return time(self._hour, self._minute, self._second, self._microsecond,
                    self._tzinfo, fold=self._fold)

    def utcoffset(self):
        return _offset_of(self._tzinfo, self)

    def dst(self):
        return _offset_of(self._tzinfo, self, "dst")

    def tzname(self):
        if self._tzinfo is None:
            return None
        name = self._tzinfo.tzname(self)
        if name is not None and not isinstance(name, str):
            raise TypeError("tzinfo.tzname() must return None or a string, not '%s'"
                            % type(name).__name__)
        return name

    def replace(self, year=None, month=None, day=None, hour=None, minute=None,
                second=None, microsecond=None, tzinfo=True, *, fold=None):
        return type(self)(
            self._year if year is None else year,
            self._month if month is None else month,
            self._day if day is None else day,
            self._hour if hour is None else hour,
            self._minute if minute is None else minute,
            self._second if second is None else second,
            self._microsecond if microsecond is None else microsecond,
            self._tzinfo if tzinfo is True else tzinfo,
            fold=self._fold if fold is None else fold)

    def timetuple(self):
        dst = self.dst()
        flag = -1 if dst is None else (1 if dst else 0)
        ordinal = self.toordinal()
        yday = ordinal - _to_ordinal(self._year, 1, 1) + 1
        return _struct_time((self._year, self._month, self._day, self._hour,
                             self._minute, self._second, (ordinal + 6) % 7,
                             yday, flag))

    def utctimetuple(self):
        offset = self.utcoffset()
        dt = self
        if offset:
            dt = dt - offset
        ordinal = dt.toordinal()
        yday = ordinal - _to_ordinal(dt._year, 1, 1) + 1
        return _struct_time((dt._year, dt._month, dt._day, dt._hour, dt._minute,
                             dt._second, (ordinal + 6) % 7, yday, 0))

    def _us_since_epoch(self):
        days = self.toordinal() - _EPOCH_ORDINAL
        return ((days * 86400 + self._hour * 3600 + self._minute * 60
                 + self._second) * 10**6 + self._microsecond)

    def timestamp(self):
        offset = self.utcoffset()
        if offset is None:
            secs = _local_timestamp(self._year, self._month, self._day,
                                    self._hour, self._minute, self._second)
            return secs + self._microsecond / 10**6
        return (self._us_since_epoch() - offset._us()) / 10**6

    def astimezone(self, tz=None):
        if tz is not None and not isinstance(tz, tzinfo):
            _check_tzinfo(tz)
        offset = self.utcoffset()
        if offset is None:
            # A naive value is local time: its offset is the one in force.
            secs = _local_timestamp(self._year, self._month, self._day,
                                    self._hour, self._minute, self._second)
            offset = _local_zone(secs).utcoffset(None)
        if tz is None:
            utc = self - offset
            secs = (utc.replace(tzinfo=None) - _EPOCH_NAIVE) // timedelta(seconds=1)
            tz = _local_zone(secs)
        if self._tzinfo is tz:
            return self
        utc = (self - offset).replace(tzinfo=tz)
        return tz.fromutc(utc)

    # -- text --

    def ctime(self):
        weekday = self.toordinal() % 7 or 7
        return "%s %s %2d %02d:%02d:%02d %04d" % (
            _DAY_NAMES[weekday - 1][:3], _MONTH_NAMES[self._month][:3],
            self._day, self._hour, self._minute, self._second, self._year)

    def isoformat(self, sep="T", timespec="auto"):
        text = "%04d-%02d-%02d%s%s" % (
            self._year, self._month, self._day, sep,
            _format_clock(self._hour, self._minute, self._second,
                          self._microsecond, timespec))
        return text + _format_offset(self.utcoffset())

    def __str__(self):
        return self.isoformat(sep=" ")

    def strftime(self, fmt):
        return _strftime(self, fmt, (self._year, self._month, self._day,
                                     self._hour, self._minute, self._second,
                                     self._microsecond))

    def __repr__(self):
        name = "datetime.datetime" if type(self) is datetime else type(self).__name__
        fields = [self._year, self._month, self._day, self._hour, self._minute,
                  self._second, self._microsecond]
        if fields[6] == 0:
            del fields[6]
            if fields[5] == 0:
                del fields[5]
        text = "%s(%s" % (name, ", ".join(map(str, fields)))
        if self._tzinfo is not None:
            text += ", tzinfo=%r" % (self._tzinfo,)
        if self._fold:
            text += ", fold=1"
        return text + ")"

    # -- arithmetic and comparison --

    def __add__(self, other):
        if not isinstance(other, timedelta):
            return NotImplemented
        total = self._us_since_epoch() + other._us()
        days, rest = divmod(total, _US_PER_DAY)
        ordinal = days + _EPOCH_ORDINAL
        if not 1 <= ordinal <= _MAX_ORDINAL:
            raise OverflowError("date value out of range")
        y, m, d = _from_ordinal(ordinal)
        secs, us = divmod(rest, 10**6)
        hh, secs = divmod(secs, 3600)
        mm, ss = divmod(secs, 60)
        return type(self)(y, m, d, hh, mm, ss, us, self._tzinfo)

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return self + -other
        if not isinstance(other, datetime):
            return NotImplemented
        a = self._us_since_epoch()
        b = other._us_since_epoch()
        if self._tzinfo is not other._tzinfo:
            oa = self.utcoffset()
            ob = other.utcoffset()
            if (oa is None) != (ob is None):
                raise TypeError("can't subtract offset-naive and offset-aware datetimes")
            if oa is not None:
                a -= oa._us()
                b -= ob._us()
        return timedelta._from_us(a - b)

    def _compare(self, other, op, equality=False):
        if not isinstance(other, datetime):
            if isinstance(other, date):
                if equality:
                    return op is _ne
                raise TypeError("can't compare datetime.datetime to datetime.date")
            return NotImplemented
        a = self._us_since_epoch()
        b = other._us_since_epoch()
        if self._tzinfo is not other._tzinfo:
            oa = self.utcoffset()
            ob = other.utcoffset()
            if (oa is None) != (ob is None):
                if equality:
                    return op is _ne
                raise TypeError("can't compare offset-naive and offset-aware datetimes")
            if oa is not None:
                a -= oa._us()
                b -= ob._us()
        return op(a, b)

    def __eq__(self, other):
        return self._compare(other, _eq, True)

    def __ne__(self, other):
        return self._compare(other, _ne, True)

    def __lt__(self, other):
        return self._compare(other, _lt)

    def __le__(self, other):
        return self._compare(other, _le)

    def __gt__(self, other):
        return self._compare(other, _gt)

    def __ge__(self, other):
        return self._compare(other, _ge)

    def __hash__(self):
        # Both folds of an ambiguous local time hash like the first one.
        plain = self.replace(fold=0) if self._fold else self
        key = plain._us_since_epoch()
        offset = plain.utcoffset()
        if offset is not None:
            key -= offset._us()
        return hash(("datetime", key))

    def __reduce__(self):
        return (type(self), (self._year, self._month, self._day, self._hour,
                             self._minute, self._second, self._microsecond,
                             self._tzinfo))


datetime.min = datetime(1, 1, 1)
_EPOCH_NAIVE = datetime(1970, 1, 1)
datetime.max = datetime(9999, 12, 31, 23, 59, 59, 999999)
datetime.resolution = timedelta(microseconds=1)
date.min = date(1, 1, 1)
date.max = date(9999, 12, 31)
date.resolution = timedelta(days=1)


# -- strptime --------------------------------------------------------------------

def _names_lookup(names, text, pos):
    """Longest case-insensitive match of one of names at pos: (index, end)."""
    best = None
    lowered = text.lower()
    for index, name in enumerate(names):
        if name and lowered.startswith(name.lower(), pos):
            if best is None or len(name) > best[1] - pos:
                best = (index, pos + len(name))
    return best


# Numeric directives: (maximum digits, minimum value, maximum value).
_NUMERIC = {
    "d": (2, 1, 31), "m": (2, 1, 12), "H": (2, 0, 23), "I": (2, 1, 12),
    "M": (2, 0, 59), "S": (2, 0, 61), "j": (3, 1, 366), "U": (2, 0, 53),
    "W": (2, 0, 53), "y": (2, 0, 99), "w": (1, 0, 6), "u": (1, 1, 7),
    "V": (2, 1, 53),
}
_EXPANSIONS = {"c": "%a %b %d %H:%M:%S %Y", "x": "%m/%d/%y", "X": "%H:%M:%S",
               "D": "%m/%d/%y", "T": "%H:%M:%S", "R": "%H:%M", "F": "%Y-%m-%d"}
_KNOWN = set(_NUMERIC) | set(_EXPANSIONS) | set("YGfzZaAbBhp%")


def _tokenize(fmt):
    """Turn a format into tokens: ('lit', char), ('space',), ('dir', code)."""
    tokens = []
    i = 0
    n = len(fmt)
    while i < n:
        ch = fmt[i]
        if ch == "%":
            if i + 1 >= n:
                raise ValueError("stray %% in format '%s'" % fmt)
            code = fmt[i + 1]
            if code not in _KNOWN:
                raise ValueError("'%s' is a bad directive in format '%s'" % (code, fmt))
            if code in _EXPANSIONS:
                tokens.extend(_tokenize(_EXPANSIONS[code]))
            elif code == "%":
                tokens.append(("lit", "%"))
            else:
                tokens.append(("dir", "b" if code == "h" else code))
            i += 2
        elif ch.isspace():
            while i < n and fmt[i].isspace():
                i += 1
            tokens.append(("space",))
        else:
            tokens.append(("lit", ch))
            i += 1
    return tokens


def _candidates(code, text, pos):
    """Possible (value, end) readings of one directive at pos, preferred first."""
    n = len(text)
    if code in _NUMERIC:
        width, lo, hi = _NUMERIC[code]
        out = []
        for size in range(width, 0 if code != "y" else 1, -1):
            part = text[pos:pos + size]
            if len(part) == size and part.isdigit() and part.isascii():
                if lo <= int(part) <= hi:
                    out.append((int(part), pos + size))
        if code == "d" and text[pos:pos + 1] == " " and text[pos + 1:pos + 2].isdigit() \
                and text[pos + 1] != "0":
            out.append((int(text[pos + 1]), pos + 2))
        return out
    if code in "YG":
        part = text[pos:pos + 4]
        if len(part) == 4 and part.isdigit() and part.isascii():
            return [(int(part), pos + 4)]
        return []
    if code == "f":
        out = []
        for size in range(6, 0, -1):
            part = text[pos:pos + size]
            if len(part) == size and part.isdigit() and part.isascii():
                out.append((int(part + "0" * (6 - size)), pos + size))
        return out
    if code in "aA":
        names = list(_DAY_NAMES) if code == "A" else [d[:3] for d in _DAY_NAMES]
        hit = _names_lookup(names, text, pos)
        return [hit] if hit else []
    if code == "b":
        hit = _names_lookup([m[:3] for m in _MONTH_NAMES], text, pos)
        return [hit] if hit else []
    if code == "B":
        hit = _names_lookup(list(_MONTH_NAMES), text, pos)
        return [hit] if hit else []
    if code == "p":
        hit = _names_lookup(["AM", "PM"], text, pos)
        return [hit] if hit else []
    if code == "Z":
        hit = _names_lookup(["UTC", "GMT"], text, pos)
        return [(text[pos:hit[1]], hit[1])] if hit else []
    if code == "z":
        return _offset_candidates(text, pos)
    return []


def _offset_candidates(text, pos):
    if text[pos:pos + 1] == "Z":
        return [(0, pos + 1)]
    if text[pos:pos + 1] not in ("+", "-"):
        return []
    sign = -1 if text[pos] == "-" else 1
    i = pos + 1

    def two(at):
        part = text[at:at + 2]
        return int(part) if len(part) == 2 and part.isdigit() and part.isascii() else None

    hh = two(i)
    if hh is None:
        return []
    i += 2
    colon = text[i:i + 1] == ":"
    if colon:
        i += 1
    mm = two(i)
    if mm is None or mm > 59:
        return []
    i += 2
    secs = 0
    us = 0
    j = i + 1 if colon and text[i:i + 1] == ":" else i
    if (not colon or j != i) and two(j) is not None and two(j) <= 59:
        secs = two(j)
        i = j + 2
        if text[i:i + 1] == ".":
            k = i + 1
            while k < len(text) and k - i <= 6 and text[k].isdigit():
                k += 1
            if k > i + 1:
                frac = text[i + 1:k]
                us = int(frac + "0" * (6 - len(frac)))
                i = k
    total = sign * ((hh * 3600 + mm * 60 + secs) * 10**6 + us)
    return [(total, i)]


def _match(tokens, k, text, pos, found):
    """Backtracking match of tokens[k:] against text[pos:]; returns end."""
    if k == len(tokens):
        return pos
    token = tokens[k]
    kind = token[0]
    if kind == "lit":
        if pos < len(text) and text[pos].lower() == token[1].lower():
            return _match(tokens, k + 1, text, pos + 1, found)
        return -1
    if kind == "space":
        end = pos
        while end < len(text) and text[end].isspace():
            end += 1
        if end == pos:
            return -1
        return _match(tokens, k + 1, text, end, found)
    code = token[1]
    for value, end in _candidates(code, text, pos):
        previous = found.get(code, _MISSING)
        found[code] = value
        result = _match(tokens, k + 1, text, end, found)
        if result >= 0:
            return result
        if previous is _MISSING:
            del found[code]
        else:
            found[code] = previous
    return -1


def _strptime_fields(text, fmt):
    for arg, what in ((text, 1), (fmt, 2)):
        if not isinstance(arg, str):
            raise TypeError("strptime() argument %d must be str, not %s"
                            % (what, type(arg).__name__))
    tokens = _tokenize(fmt)
    found = {}
    end = _match(tokens, 0, text, 0, found)
    if end < 0:
        raise ValueError("time data %r does not match format %r" % (text, fmt))
    if end != len(text):
        raise ValueError("unconverted data remains: %s" % text[end:])
    # When several directives set the same field, the later one wins.
    year = weekday = week_of_year = None
    month = day = 1
    hour = minute = second = us = 0
    for code, value in found.items():
        if code == "Y":
            year = value
        elif code == "y":
            year = value + (2000 if value <= 68 else 1900)
        elif code in "mBb":
            month = value
        elif code == "d":
            day = value
        elif code == "H":
            hour = value
        elif code == "I":
            hour = value
            if found.get("p", 0) == 0:
                if hour == 12:
                    hour = 0
            elif hour != 12:
                hour += 12
        elif code == "M":
            minute = value
        elif code == "S":
            second = value
        elif code == "f":
            us = value
        elif code in "aA":
            weekday = value
        elif code == "w":
            weekday = (value - 1) % 7
        elif code == "u":
            weekday = value - 1
        elif code in "UW":
            week_of_year = value
            week_start = code
    year_given = year is not None
    # The ISO directives only make sense together (and with a weekday).
    if year is None and "G" in found:
        if "V" not in found or weekday is None:
            raise ValueError("ISO year directive '%G' must be used with the ISO "
                             "week directive '%V' and a weekday directive "
                             "('%A', '%a', '%w', or '%u').")
        if "j" in found:
            raise ValueError("Day of the year directive '%j' is not compatible "
                             "with ISO year directive '%G'. Use '%Y' instead.")
    elif week_of_year is None and "V" in found:
        if weekday is None:
            raise ValueError("ISO week directive '%V' must be used with the ISO "
                             "year directive '%G' and a weekday directive "
                             "('%A', '%a', '%w', or '%u').")
        raise ValueError("ISO week directive '%V' is incompatible with the year "
                         "directive '%Y'. Use the ISO year '%G' instead.")
    if year is None:
        year = 1900
    yday = None                  # 0-based day of the year, may overflow
    if "j" in found:
        yday = found["j"] - 1
    elif weekday is not None:
        if week_of_year is not None:
            # Positions of January 1st and of the day within a week that
            # starts on Monday (%W) or Sunday (%U).
            jan1 = (_to_ordinal(year, 1, 1) + 6) % 7
            day_index = weekday
            if week_start == "U":
                jan1 = (jan1 + 1) % 7
                day_index = (weekday + 1) % 7
            if week_of_year == 0:
                yday = day_index - jan1
            else:
                yday = (7 - jan1) % 7 + (week_of_year - 1) * 7 + day_index
        elif "G" in found and "V" in found:
            first = _iso_week1_monday(found["G"]) + (found["V"] - 1) * 7 + weekday
            year = _from_ordinal(first)[0] if first >= 1 else found["G"] - 1
            yday = first - _to_ordinal(year, 1, 1)
        if yday is not None and yday < 0:
            year -= 1
            yday += 366 if _is_leap(year) else 365
    if yday is not None:
        year, month, day = _from_ordinal(_to_ordinal(year, 1, 1) + yday)
    offset = found.get("z")
    tzname = found.get("Z")
    return (year, month, day, hour, minute, second, us, offset, tzname, year_given)


def _strptime_datetime(cls, text, fmt):
    (year, month, day, hour, minute, second, us, offset, tzname,
     year_given) = _strptime_fields(text, fmt)
    tz = None
    if offset is not None:
        delta = timedelta(microseconds=offset)
        tz = timezone(delta, tzname) if tzname else timezone(delta)
    return cls(year, month, day, hour, minute, second, us, tz)


# -- CPython-style messages for unsupported operands -----------------------------
# The classes call themselves datetime.X in error messages.  When an
# operation fails against a built-in type (which cannot handle it either),
# report it here with those names instead of leaving the message to the
# interpreter.

_PUBLIC = (date, datetime, time, timedelta, timezone, tzinfo)
_SEQUENCES = (str, list, tuple, bytes, bytearray)


def _op_name(obj):
    t = type(obj)
    if t in _PUBLIC:
        return "datetime." + t.__name__
    return t.__name__


def _guard(cls, method, symbol, kind):
    original = cls.__dict__.get(method)

    def guarded(self, other):
        result = NotImplemented if original is None else original(self, other)
        if result is not NotImplemented:
            return result
        home = type(other).__module__
        # A built-in cannot handle the operation either; one of these
        # classes as the left operand has had its turn when we are the
        # reflected method.
        if home != "builtins" and not (kind == "right" and home == __name__):
            return result
        if method in ("__mul__", "__rmul__") and isinstance(other, _SEQUENCES):
            raise TypeError("can't multiply sequence by non-int of type '%s'"
                            % _op_name(self))
        if kind == "cmp":
            raise TypeError("'%s' not supported between instances of '%s' and '%s'"
                            % (symbol, _op_name(self), _op_name(other)))
        left, right = (other, self) if kind == "right" else (self, other)
        raise TypeError("unsupported operand type(s) for %s: '%s' and '%s'"
                        % (symbol, _op_name(left), _op_name(right)))

    guarded.__name__ = method
    guarded.__qualname__ = cls.__qualname__ + "." + method
    setattr(cls, method, guarded)


_ARITH = (("add", "+"), ("sub", "-"), ("pow", "** or pow()"), ("mul", "*"),
          ("truediv", "/"), ("floordiv", "//"), ("mod", "%"),
          ("divmod", "divmod()"))
_CMP = (("lt", "<"), ("le", "<="), ("gt", ">"), ("ge", ">="))

for _cls, _ops in ((timedelta, _ARITH), (date, _ARITH[:3]),
                   (datetime, _ARITH[:3]), (time, _ARITH[:3])):
    for _name, _symbol in _ops:
        _guard(_cls, "__%s__" % _name, _symbol, "left")
        _guard(_cls, "__r%s__" % _name, _symbol, "right")
    for _name, _symbol in _CMP:
        _guard(_cls, "__%s__" % _name, _symbol, "cmp")
del _cls, _ops, _name, _symbol
