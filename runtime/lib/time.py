"""Time access and conversions: the clocks, `sleep`, `struct_time`, and
the calendar conversions `gmtime`, `localtime`, `mktime`, `asctime`,
`ctime`, `strftime` and `strptime`.

The clocks and the C library calls come from the native `_time`; this
module owns `struct_time`, the defaults ("now"), and the argument checks
CPython makes before it hands a time tuple to the C library.

Thread safety: every function may be called from many threads at once;
the conversions keep no shared state. `tzset` changes process-wide state,
as in CPython.
"""

import _time
from _time import (
    time, time_ns, perf_counter, perf_counter_ns, monotonic, monotonic_ns,
    process_time, process_time_ns, thread_time, thread_time_ns, sleep,
)

CLOCK_REALTIME = 0
CLOCK_MONOTONIC = 1
CLOCK_PROCESS_CPUTIME_ID = 2
CLOCK_THREAD_CPUTIME_ID = 3
CLOCK_MONOTONIC_RAW = 4
CLOCK_BOOTTIME = 7
CLOCK_TAI = 11

_FIELD_NAMES = ('tm_year', 'tm_mon', 'tm_mday', 'tm_hour', 'tm_min',
                'tm_sec', 'tm_wday', 'tm_yday', 'tm_isdst')


class struct_time(tuple):
    """The broken-down time: a 9-tuple (year, month, day, hour, minute,
    second, weekday, day of the year, DST flag) whose fields also have
    names, plus the zone name and UTC offset as `tm_zone`/`tm_gmtoff`."""

    n_sequence_fields = 9
    n_fields = 11
    n_unnamed_fields = 0

    def __new__(cls, seq, dict=None):
        items = tuple(seq)
        count = len(items)
        if count < 9:
            raise TypeError('time.struct_time() takes an at least 9-sequence '
                            '(%d-sequence given)' % count)
        if count > 11:
            raise TypeError('time.struct_time() takes an at most 11-sequence '
                            '(%d-sequence given)' % count)
        self = tuple.__new__(cls, items[:9])
        extra = list(items[9:]) + [None] * (11 - count)
        if dict:
            extra[0] = dict.get('tm_zone', extra[0])
            extra[1] = dict.get('tm_gmtoff', extra[1])
        object.__setattr__(self, '_zone_and_offset', tuple(extra))
        return self

    @property
    def tm_zone(self):
        return self._zone_and_offset[0]

    @property
    def tm_gmtoff(self):
        return self._zone_and_offset[1]

    def __repr__(self):
        shown = ', '.join('%s=%r' % pair for pair in zip(_FIELD_NAMES, self))
        return 'time.struct_time(%s)' % shown

    def __reduce__(self):
        zone, offset = self._zone_and_offset
        return (struct_time, (tuple(self), {'tm_zone': zone, 'tm_gmtoff': offset}))


class _Field:
    """A named field of struct_time: reads its tuple item, refuses writes.
    (A descriptor rather than a `__setattr__` override: a class that
    overrides attribute access anywhere slows every program's attribute
    reads, see `ACCESS_OVERRIDDEN` in typeobj.rs.)"""

    def __init__(self, index):
        self._index = index

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        return tuple.__getitem__(obj, self._index)

    def __set__(self, obj, value):
        raise AttributeError('readonly attribute')

    def __delete__(self, obj):
        raise AttributeError('readonly attribute')


for _index, _name in enumerate(_FIELD_NAMES):
    setattr(struct_time, _name, _Field(_index))
del _index, _name
struct_time.__module__ = 'time'


def _now_if_none(secs):
    return time() if secs is None else secs


def gmtime(secs=None):
    return struct_time(_time._gmtime(_now_if_none(secs)))


def localtime(secs=None):
    return struct_time(_time._localtime(_now_if_none(secs)))


def _fields_of(t, func):
    """The fields of a time tuple argument, with the zone and offset a
    struct_time carries."""
    if isinstance(t, struct_time):
        return tuple(t) + t._zone_and_offset
    if not isinstance(t, tuple):
        raise TypeError('Tuple or struct_time argument required')
    if len(t) != 9:
        raise TypeError('%s(): illegal time tuple argument' % func)
    for item in t:
        if not isinstance(item, int):
            raise TypeError("'%s' object cannot be interpreted as an integer"
                            % type(item).__name__)
    return t + (None, None)


def _c_weekday(wday):
    """The C library's weekday (0 = Sunday) of Python's (0 = Monday),
    with C's sign rule for the remainder."""
    shifted = wday + 1
    return shifted % 7 if shifted >= 0 else -((-shifted) % 7)


def mktime(t):
    fields = _fields_of(t, 'mktime')
    return _time._mktime(fields[:9])


_DAY_ABBR = ('Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun')
_MONTH_ABBR = ('Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug',
               'Sep', 'Oct', 'Nov', 'Dec')


def asctime(t=None):
    if t is None:
        t = localtime()
    year, mon, mday, hour, minute, sec, wday = _checked_fields(t, 'asctime')[:7]
    return '%s %s%3d %.2d:%.2d:%.2d %d' % (
        _DAY_ABBR[wday], _MONTH_ABBR[mon - 1], mday, hour, minute, sec, year)


def ctime(secs=None):
    return asctime(localtime(secs))


def _checked_fields(t, func):
    """The fields of `t` with CPython's range checks for asctime and
    strftime applied; a zero month, day or day of the year means the
    first, and the weekday and DST flag are brought into range."""
    fields = list(_fields_of(t, func))
    year, mon, mday, hour, minute, sec, wday, yday, isdst = fields[:9]
    if mon == 0:
        mon = 1
    elif not 1 <= mon <= 12:
        raise ValueError('month out of range')
    if mday == 0:
        mday = 1
    elif not 1 <= mday <= 31:
        raise ValueError('day of month out of range')
    if not 0 <= hour <= 23:
        raise ValueError('hour out of range')
    if not 0 <= minute <= 59:
        raise ValueError('minute out of range')
    if not 0 <= sec <= 61:
        raise ValueError('seconds out of range')
    c_wday = _c_weekday(wday)
    if c_wday < 0:
        raise ValueError('day of week out of range')
    if yday == 0:
        yday = 1
    elif not 1 <= yday <= 366:
        raise ValueError('day of year out of range')
    isdst = max(-1, min(1, isdst))
    fields[:9] = [year, mon, mday, hour, minute, sec, (c_wday + 6) % 7,
                  yday, isdst]
    return tuple(fields)


def strftime(format, t=None):
    if not isinstance(format, str):
        raise TypeError('strftime() argument 1 must be str, not %s'
                        % type(format).__name__)
    if t is None:
        t = localtime()
    fields = _checked_fields(t, 'strftime')
    return _time._strftime(format, fields)


def strptime(string, format='%a %b %d %H:%M:%S %Y'):
    for position, arg in enumerate((string, format)):
        if not isinstance(arg, str):
            raise TypeError('strptime() argument %d must be str, not %s'
                            % (position, type(arg)))
    # The parser is datetime's; this builds the time tuple from its fields.
    from datetime import _strptime_fields, date
    (year, month, day, hour, minute, second, _micro, offset, zone,
     year_given) = _strptime_fields(string, format)
    # Without a year, February 29th is read in a leap year (1904) and
    # reported in the default year 1900, as CPython does.
    calendar_year = year
    if not year_given and (month, day) == (2, 29):
        calendar_year = 1904
    when = date(calendar_year, month, day)
    yday = when.toordinal() - date(calendar_year, 1, 1).toordinal() + 1
    gmtoff = None if offset is None else offset // 10**6
    return struct_time((year, month, day, hour, minute, second,
                        when.weekday(), yday, -1 if zone is None else 0,
                        zone, gmtoff))


def _zone_facts():
    """(timezone, altzone, daylight, tzname) from the offsets in force in
    January and in July of this year, as CPython computes them."""
    year = _time._localtime(time())[0]
    january = _time._localtime(mktime((year, 1, 1, 0, 0, 0, 0, 1, -1)))
    july = _time._localtime(mktime((year, 7, 1, 0, 0, 0, 0, 182, -1)))
    jan_off, jul_off = january[10], july[10]
    jan_name, jul_name = january[9], july[9]
    if jan_off <= jul_off:
        return -jan_off, -jul_off, int(jan_off != jul_off), (jan_name, jul_name)
    return -jul_off, -jan_off, int(jan_off != jul_off), (jul_name, jan_name)


def tzset():
    global timezone, altzone, daylight, tzname
    _time.tzset()
    timezone, altzone, daylight, tzname = _zone_facts()


timezone, altzone, daylight, tzname = _zone_facts()


class _ClockInfo:
    def __init__(self, implementation, monotonic, adjustable, resolution):
        self.implementation = implementation
        self.monotonic = monotonic
        self.adjustable = adjustable
        self.resolution = resolution

    def __repr__(self):
        return ('namespace(implementation=%r, monotonic=%r, adjustable=%r, '
                'resolution=%r)' % (self.implementation, self.monotonic,
                                    self.adjustable, self.resolution))


_CLOCKS = {
    'time': ('clock_gettime(CLOCK_REALTIME)', False, True),
    'monotonic': ('clock_gettime(CLOCK_MONOTONIC)', True, False),
    'perf_counter': ('clock_gettime(CLOCK_MONOTONIC)', True, False),
    'process_time': ('clock_gettime(CLOCK_PROCESS_CPUTIME_ID)', True, False),
    'thread_time': ('clock_gettime(CLOCK_THREAD_CPUTIME_ID)', True, False),
}


def get_clock_info(name):
    try:
        implementation, is_monotonic, adjustable = _CLOCKS[name]
    except (KeyError, TypeError):
        raise ValueError('unknown clock') from None
    return _ClockInfo(implementation, is_monotonic, adjustable, 1e-09)
