"""Event logging for applications and libraries (Weft's implementation of
the standard `logging` package, behaving as CPython 3.11's).

Loggers form a tree by dotted name under the root logger; records that a
logger accepts go to its handlers and, while `propagate` is true, to the
handlers of its ancestors.  Handlers filter and format records and write
them somewhere (a stream, a file, a queue ...)."""

import sys
import os
import io
import time
import threading

try:
    import weakref as _weakref
except ImportError:
    _weakref = None

from string import Template as _Template
from string import Formatter as _StrFormatter

__all__ = (
    "BASIC_FORMAT BufferingFormatter CRITICAL DEBUG ERROR "
    "FATAL FileHandler Filter Formatter Handler "
    "INFO LogRecord Logger LoggerAdapter NOTSET "
    "NullHandler StreamHandler WARN WARNING addLevelName "
    "basicConfig captureWarnings critical debug disable "
    "error exception fatal getLevelName getLogger "
    "getLoggerClass info log makeLogRecord setLoggerClass "
    "shutdown warn warning getLogRecordFactory setLogRecordFactory "
    "lastResort raiseExceptions getLevelNamesMapping "
).split()

__author__ = "Weft project"
__status__ = "production"
__version__ = "0.5.1.2"
__date__ = "07 February 2010"

# ---------------------------------------------------------------------------
# Module-wide switches
# ---------------------------------------------------------------------------

# When true, errors met while emitting are reported on stderr (handleError);
# when false they are silently dropped.
raiseExceptions = True
# Whether records carry thread, process and process-name information.
logThreads = True
logMultiprocessing = True
logProcesses = True

_startTime = time.time()

# ---------------------------------------------------------------------------
# Levels
# ---------------------------------------------------------------------------

CRITICAL, ERROR, WARNING, INFO, DEBUG, NOTSET = 50, 40, 30, 20, 10, 0
FATAL, WARN = CRITICAL, WARNING

# Level number -> name, and name -> number (the latter also knows the
# aliases FATAL and WARN).
_levelToName = {}
_nameToLevel = {}
for _lvname, _lvnum in (('NOTSET', NOTSET), ('DEBUG', DEBUG), ('INFO', INFO),
                        ('WARNING', WARNING), ('ERROR', ERROR),
                        ('CRITICAL', CRITICAL)):
    _levelToName[_lvnum] = _lvname
    _nameToLevel[_lvname] = _lvnum
_nameToLevel['WARN'] = WARN
_nameToLevel['FATAL'] = FATAL
del _lvname, _lvnum

# One re-entrant lock guards the level tables, the logger registry, the
# named-handler table and the per-logger enabled caches.
_lock = threading.RLock()


def _acquireLock():
    if _lock:
        _lock.acquire()


def _releaseLock():
    if _lock:
        _lock.release()


def getLevelNamesMapping():
    return _nameToLevel.copy()


def getLevelName(level):
    """Name of a numeric level; the number of a level name; otherwise the
    text 'Level %s'."""
    found = _levelToName.get(level)
    if found is not None:
        return found
    found = _nameToLevel.get(level)
    if found is not None:
        return found
    return "Level %s" % level


def addLevelName(level, levelName):
    with _lock:
        _levelToName[level] = levelName
        _nameToLevel[levelName] = level


def _checkLevel(level):
    if isinstance(level, int):
        return level
    if str(level) == level:
        if level not in _nameToLevel:
            raise ValueError("Unknown level: %r" % level)
        return _nameToLevel[level]
    raise TypeError("Level not an integer or a valid string: %r" % (level,))


# ---------------------------------------------------------------------------
# Finding the caller
# ---------------------------------------------------------------------------

def currentframe():
    return sys._getframe(1)


_srcfile = os.path.normcase(addLevelName.__code__.co_filename)


def _is_internal_frame(frame):
    name = os.path.normcase(frame.f_code.co_filename)
    if name == _srcfile:
        return True
    return "importlib" in name and "_bootstrap" in name


def _exc_info_triple():
    info = sys.exc_info()
    # Some interpreters leave the traceback slot empty; the exception still
    # carries it.
    if info[1] is not None and info[2] is None:
        info = (info[0], info[1], info[1].__traceback__)
    return info


def _print_exception(etype, value, tb, out):
    try:
        import traceback
    except ImportError:
        traceback = None
    if traceback is not None:
        traceback.print_exception(etype, value, tb, None, out)
        return
    import _thread
    formatter = getattr(_thread, '_format_exception', None)
    if formatter is not None and isinstance(value, BaseException):
        out.write(formatter(value))
    else:
        out.write(''.join(_plain_exception_lines(etype, value)))


def _plain_exception_lines(etype, value):
    if value is None:
        return ['NoneType: None\n']
    text = str(value)
    name = getattr(etype, '__qualname__', None) or str(etype)
    mod = getattr(etype, '__module__', None)
    if mod not in (None, 'builtins', '__main__'):
        name = mod + '.' + name
    if text:
        return [name + ': ' + text + '\n']
    return [name + '\n']


def _print_stack(frame, out):
    try:
        import traceback
    except ImportError:
        traceback = None
    if traceback is not None:
        traceback.print_stack(frame, file=out)
        return
    frames = []
    while frame is not None:
        frames.append(frame)
        frame = frame.f_back
    for f in reversed(frames):
        out.write('  File "%s", line %s, in %s\n'
                  % (f.f_code.co_filename, f.f_lineno, f.f_code.co_name))


# ---------------------------------------------------------------------------
# LogRecord
# ---------------------------------------------------------------------------

def _file_and_module(pathname):
    try:
        base = os.path.basename(pathname)
        return base, os.path.splitext(base)[0]
    except (TypeError, ValueError, AttributeError):
        return pathname, "Unknown module"


def _process_name():
    # Only a multiprocessing module that is already loaded is consulted.
    mp = sys.modules.get('multiprocessing')
    if mp is not None:
        try:
            return mp.current_process().name
        except Exception:
            pass
    return 'MainProcess'


class LogRecord(object):
    """Everything known about one logged event."""

    def __init__(self, name, level, pathname, lineno, msg, args, exc_info,
                 func=None, sinfo=None, **kwargs):
        when = time.time()
        # A lone non-empty mapping argument is used for '%(key)s' messages.
        if args and len(args) == 1 and _is_mapping(args[0]) and args[0]:
            args = args[0]
        base, mod = _file_and_module(pathname)
        vars(self).update(
            name=name, msg=msg, args=args,
            levelname=getLevelName(level), levelno=level,
            pathname=pathname, filename=base, module=mod,
            exc_info=exc_info, exc_text=None, stack_info=sinfo,
            lineno=lineno, funcName=func, created=when,
            msecs=int((when - int(when)) * 1000) + 0.0,
            relativeCreated=(when - _startTime) * 1000)
        ident = tname = None
        if logThreads:
            ident = threading.get_ident()
            tname = threading.current_thread().name
        self.thread, self.threadName = ident, tname
        self.processName = _process_name() if logMultiprocessing else None
        pid = None
        if logProcesses and hasattr(os, 'getpid'):
            pid = os.getpid()
        self.process = pid

    def __repr__(self):
        return '<LogRecord: %s, %s, %s, %s, "%s">' % (
            self.name, self.levelno, self.pathname, self.lineno, self.msg)

    def getMessage(self):
        text = str(self.msg)
        if self.args:
            text = text % self.args
        return text


def _is_mapping(obj):
    try:
        from collections.abc import Mapping
    except ImportError:
        Mapping = None
    if Mapping is not None:
        try:
            return isinstance(obj, Mapping)
        except TypeError:
            pass
    return isinstance(obj, dict)


_logRecordFactory = LogRecord


def setLogRecordFactory(factory):
    global _logRecordFactory
    _logRecordFactory = factory


def getLogRecordFactory():
    return _logRecordFactory


def makeLogRecord(dict):
    """A record whose attributes are taken from a mapping (for records that
    travelled over a socket or a queue)."""
    rec = _logRecordFactory(None, None, "", 0, "", (), None, None)
    rec.__dict__.update(dict)
    return rec


# ---------------------------------------------------------------------------
# Format styles
# ---------------------------------------------------------------------------

_WORD_CHARS = frozenset('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'
                        '0123456789_')
_DIGITS = frozenset('0123456789')


def _is_word(text):
    if not text:
        return False
    for ch in text:
        if ch not in _WORD_CHARS and not (ch.isalnum() and ord(ch) > 127):
            return False
    return True


def _has_percent_placeholder(fmt):
    """True when fmt holds at least one '%(name)<conversion>' item."""
    n = len(fmt)
    start = fmt.find('%(')
    while start >= 0:
        close = fmt.find(')', start + 2)
        if close < 0:
            return False
        if _is_word(fmt[start + 2:close]):
            i = close + 1
            while i < n and fmt[i] in '#0+ -':
                i += 1
            if i < n and fmt[i] == '*':
                i += 1
            else:
                while i < n and fmt[i] in _DIGITS:
                    i += 1
            if i < n and fmt[i] == '.':
                j = i + 1
                if j < n and fmt[j] == '*':
                    i = j + 1
                elif j < n and fmt[j] in _DIGITS:
                    while j < n and fmt[j] in _DIGITS:
                        j += 1
                    i = j
            if i < n and fmt[i].lower() in 'diouxefgcrsa%':
                return True
        start = fmt.find('%(', start + 1)
    return False


def _valid_field_name(name):
    # A number or a word, then any number of '.word' or '[not-]]' parts.
    i = 0
    n = len(name)
    while i < n and (name[i] in _WORD_CHARS or
                     (name[i].isalnum() and ord(name[i]) > 127)):
        i += 1
    if i == 0:
        return False
    while i < n:
        if name[i] == '.':
            j = i + 1
            while j < n and (name[j] in _WORD_CHARS or
                             (name[j].isalnum() and ord(name[j]) > 127)):
                j += 1
            if j == i + 1:
                return False
            i = j
        elif name[i] == '[':
            j = name.find(']', i + 1)
            if j <= i + 1:
                return False
            i = j + 1
        else:
            return False
    return True


def _valid_format_spec(spec):
    n = len(spec)
    i = 0
    # optional [fill]align
    if n >= 2 and spec[1] in '<>=^':
        i = 2
    elif n >= 1 and spec[0] in '<>=^':
        i = 1
    if i < n and spec[i] in '+ -':
        i += 1
    if i < n and spec[i] == '#':
        i += 1
    if i < n and spec[i] == '0':
        i += 1

    def width(pos):
        if pos < n and spec[pos] in _DIGITS:
            while pos < n and spec[pos] in _DIGITS:
                pos += 1
            return pos
        if pos < n and spec[pos] == '{':
            end = spec.find('}', pos + 1)
            if end > pos + 1 and _is_word(spec[pos + 1:end]):
                return end + 1
        return pos

    i = width(i)
    if i < n and spec[i] in ',_':
        i += 1
    if i < n and spec[i] == '.':
        j = width(i + 1)
        if j == i + 1:
            return False
        i = j
    if i < n and spec[i].lower() in 'bcdefgnosx%':
        i += 1
    return i == n


class PercentStyle(object):
    """'%(name)s' formatting of a record's attributes."""

    default_format, asctime_format, asctime_search = (
        '%(message)s', '%(asctime)s', '%(asctime)')

    def __init__(self, fmt, *, defaults=None):
        self._defaults = defaults
        self._fmt = fmt if fmt else self.default_format

    def usesTime(self):
        return self.asctime_search in self._fmt

    def validate(self):
        if not _has_percent_placeholder(self._fmt):
            raise ValueError("Invalid format '%s' for '%s' style"
                             % (self._fmt, self.default_format[0]))

    def _values(self, record):
        if self._defaults:
            merged = dict(self._defaults)
            merged.update(record.__dict__)
            return merged
        return record.__dict__

    def _format(self, record):
        return self._fmt % self._values(record)

    def format(self, record):
        try:
            text = self._format(record)
        except KeyError as missing:
            raise ValueError('Formatting field not found in record: %s'
                             % missing)
        return text


class StrFormatStyle(PercentStyle):
    """'{name}' (str.format) formatting."""

    default_format, asctime_format, asctime_search = (
        '{message}', '{asctime}', '{asctime')

    def _format(self, record):
        return self._fmt.format(**self._values(record))

    def validate(self):
        seen = set()
        try:
            for _text, field, spec, conv in _StrFormatter().parse(self._fmt):
                if field:
                    if not _valid_field_name(field):
                        raise ValueError('invalid field name/expression: %r'
                                         % field)
                    seen.add(field)
                if conv and conv not in 'rsa':
                    raise ValueError('invalid conversion: %r' % conv)
                if spec and not _valid_format_spec(spec):
                    raise ValueError('bad specifier: %r' % spec)
        except ValueError as e:
            raise ValueError('invalid format: %s' % e)
        if not seen:
            raise ValueError('invalid format: no fields')


def _template_fields(fmt):
    """Names referenced by '$name' / '${name}' in fmt; a '$' that starts
    neither (nor '$$') is an error."""
    names = []
    i = 0
    n = len(fmt)
    ident_start = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_'
    while True:
        i = fmt.find('$', i)
        if i < 0:
            return names
        j = i + 1
        if j < n and fmt[j] == '$':
            i = j + 1
            continue
        if j < n and fmt[j] in ident_start:
            k = j + 1
            while k < n and fmt[k] in _WORD_CHARS:
                k += 1
            names.append(fmt[j:k])
            i = k
            continue
        if j < n and fmt[j] == '{' and j + 1 < n and fmt[j + 1] in ident_start:
            k = j + 2
            while k < n and fmt[k] in _WORD_CHARS:
                k += 1
            if k < n and fmt[k] == '}':
                names.append(fmt[j + 1:k])
                i = k + 1
                continue
        raise ValueError("invalid format: bare '$' not allowed")


class StringTemplateStyle(PercentStyle):
    """'$name' (string.Template) formatting."""

    default_format, asctime_format, asctime_search = (
        '${message}', '${asctime}', '${asctime}')

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._tpl = _Template(self._fmt)

    def usesTime(self):
        return '$asctime' in self._fmt or self.asctime_search in self._fmt

    def validate(self):
        if not _template_fields(self._fmt):
            raise ValueError('invalid format: no fields')

    def _format(self, record):
        return self._tpl.substitute(**self._values(record))


BASIC_FORMAT = "%(levelname)s:%(name)s:%(message)s"

# style character -> (style class, basicConfig's default format)
_STYLES = {}
_STYLES['%'] = (PercentStyle, BASIC_FORMAT)
_STYLES['{'] = (StrFormatStyle, '{levelname}:{name}:{message}')
_STYLES['$'] = (StringTemplateStyle, '${levelname}:${name}:${message}')


# ---------------------------------------------------------------------------
# Time conversion used by Formatter (natives preferred)
# ---------------------------------------------------------------------------

def _civil_from_days(days):
    # Days since 1970-01-01 -> (year, month, day), proleptic Gregorian.
    z = days + 719468
    era = (z if z >= 0 else z - 146096) // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    y = yoe + era * 400
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + 3 if mp < 10 else mp - 9
    if m <= 2:
        y += 1
    return y, m, d


def _utc_tuple(secs=None):
    if secs is None:
        secs = time.time()
    whole = int(secs // 1)
    days, rest = divmod(whole, 86400)
    y, m, d = _civil_from_days(days)
    leap = (y % 4 == 0 and y % 100 != 0) or y % 400 == 0
    before = (0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334)[m - 1]
    yday = before + d + (1 if leap and m > 2 else 0)
    wday = (days + 3) % 7
    return (y, m, d, rest // 3600, rest // 60 % 60, rest % 60, wday, yday, 0)


_DAY_ABBR = ('Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun')
_DAY_FULL = ('Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday',
             'Saturday', 'Sunday')
_MON_ABBR = ('Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep',
             'Oct', 'Nov', 'Dec')
_MON_FULL = ('January', 'February', 'March', 'April', 'May', 'June', 'July',
             'August', 'September', 'October', 'November', 'December')


def _py_strftime(fmt, t=None):
    """A C-locale strftime for the common directives, used only while the
    interpreter's time module has none."""
    if t is None:
        t = _utc_tuple()
    y, mo, d, h, mi, s, wd, yd = tuple(t)[:8]
    table = {
        'Y': str(y), 'y': '%02d' % (y % 100), 'm': '%02d' % mo,
        'd': '%02d' % d, 'H': '%02d' % h, 'M': '%02d' % mi, 'S': '%02d' % s,
        'I': '%02d' % ((h % 12) or 12), 'p': 'AM' if h < 12 else 'PM',
        'j': '%03d' % yd, 'a': _DAY_ABBR[wd], 'A': _DAY_FULL[wd],
        'b': _MON_ABBR[mo - 1], 'B': _MON_FULL[mo - 1], '%': '%',
        'e': '%2d' % d, 'w': str((wd + 1) % 7), 'Z': 'UTC', 'z': '+0000',
    }
    table['F'] = '%s-%s-%s' % (table['Y'], table['m'], table['d'])
    table['T'] = '%s:%s:%s' % (table['H'], table['M'], table['S'])
    table['D'] = '%s/%s/%s' % (table['m'], table['d'], table['y'])
    table['c'] = '%s %s %s %s %s' % (table['a'], table['b'], table['e'],
                                     table['T'], table['Y'])
    table['x'] = table['D']
    table['X'] = table['T']
    out = []
    i = 0
    n = len(fmt)
    while i < n:
        ch = fmt[i]
        if ch == '%' and i + 1 < n:
            code = fmt[i + 1]
            out.append(table.get(code, '%' + code))
            i += 2
        else:
            out.append(ch)
            i += 1
    return ''.join(out)


def _strftime(fmt, t):
    native = getattr(time, 'strftime', None)
    if native is not None:
        return native(fmt, t)
    return _py_strftime(fmt, t)


# ---------------------------------------------------------------------------
# Formatter
# ---------------------------------------------------------------------------

def _make_style(style, fmt, defaults):
    entry = _STYLES.get(style)
    if entry is None:
        raise ValueError('Style must be one of: %s' % ','.join(_STYLES))
    return entry[0](fmt, defaults=defaults)


class Formatter(object):
    """Turns a LogRecord into text following a format string in one of the
    three styles ('%', '{' or '$')."""

    converter = staticmethod(getattr(time, 'localtime', _utc_tuple))

    default_time_format = '%Y-%m-%d %H:%M:%S'
    default_msec_format = '%s,%03d'

    def __init__(self, fmt=None, datefmt=None, style='%', validate=True, *,
                 defaults=None):
        self._style = _make_style(style, fmt, defaults)
        if validate:
            self._style.validate()
        self.datefmt = datefmt
        self._fmt = self._style._fmt

    def formatTime(self, record, datefmt=None):
        stamp = self.converter(record.created)
        if datefmt:
            return _strftime(datefmt, stamp)
        text = _strftime(self.default_time_format, stamp)
        if self.default_msec_format:
            text = self.default_msec_format % (text, record.msecs)
        return text

    def formatException(self, ei):
        buf = io.StringIO()
        tb = ei[2]
        if tb is None and ei[1] is not None:
            tb = getattr(ei[1], '__traceback__', None)
        _print_exception(ei[0], ei[1], tb, buf)
        text = buf.getvalue()
        buf.close()
        if text.endswith("\n"):
            text = text[:-1]
        return text

    def formatStack(self, stack_info):
        return stack_info

    def usesTime(self):
        return self._style.usesTime()

    def formatMessage(self, record):
        return self._style.format(record)

    def format(self, record):
        record.message = record.getMessage()
        if self.usesTime():
            record.asctime = self.formatTime(record, self.datefmt)
        text = self.formatMessage(record)
        if record.exc_info:
            # The traceback text is kept on the record so other handlers
            # need not format it again.
            if not record.exc_text:
                record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            if not text.endswith("\n"):
                text += "\n"
            text += record.exc_text
        if record.stack_info:
            if not text.endswith("\n"):
                text += "\n"
            text += self.formatStack(record.stack_info)
        return text


_defaultFormatter = Formatter()


class BufferingFormatter(object):
    """Formats a batch of records, with an optional header and footer."""

    def __init__(self, linefmt=None):
        self.linefmt = linefmt if linefmt else _defaultFormatter

    def formatHeader(self, records):
        return ""

    def formatFooter(self, records):
        return ""

    def format(self, records):
        if not records:
            return ""
        pieces = [self.formatHeader(records)]
        for rec in records:
            pieces.append(self.linefmt.format(rec))
        pieces.append(self.formatFooter(records))
        return "".join(pieces)


# ---------------------------------------------------------------------------
# Filters
# ---------------------------------------------------------------------------

class Filter(object):
    """Lets through records of the named logger and of its descendants (all
    records when the name is empty)."""

    def __init__(self, name=''):
        self.name = name
        self.nlen = len(name)

    def filter(self, record):
        if self.nlen == 0 or record.name == self.name:
            return True
        if not record.name.startswith(self.name):
            return False
        return record.name[self.nlen:self.nlen + 1] == "."


class Filterer(object):
    """Holds a list of filters (objects with .filter(record) or plain
    callables); a record passes when none of them rejects it."""

    def __init__(self):
        self.filters = []

    def addFilter(self, filter):
        if filter not in self.filters:
            self.filters.append(filter)

    def removeFilter(self, filter):
        if filter in self.filters:
            self.filters.remove(filter)

    def filter(self, record):
        for f in self.filters:
            check = getattr(f, 'filter', None)
            verdict = check(record) if check is not None else f(record)
            if not verdict:
                return False
        return True


# ---------------------------------------------------------------------------
# Handlers
# ---------------------------------------------------------------------------

# Named handlers (dictConfig refers to them by name) and every live handler
# (closed by shutdown()).  With weakref available they do not keep
# handlers alive.
if _weakref is not None:
    _handlers = _weakref.WeakValueDictionary()
else:
    _handlers = {}
_handlerList = []


def _removeHandlerRef(ref):
    with _lock:
        try:
            _handlerList.remove(ref)
        except ValueError:
            pass


def _addHandlerRef(handler):
    with _lock:
        if _weakref is not None:
            _handlerList.append(_weakref.ref(handler, _removeHandlerRef))
        else:
            _handlerList.append(lambda h=handler: h)


class _NoLock(object):
    # Context manager standing in for a handler without a lock.
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


_NO_LOCK = _NoLock()


class Handler(Filterer):
    """Base class of handlers: a level, filters, a formatter and a lock
    serialising emit() calls."""

    def __init__(self, level=NOTSET):
        super().__init__()
        self.level = _checkLevel(level)
        self._name = self.formatter = None
        self._closed = False
        self.createLock()
        _addHandlerRef(self)

    def _guard(self):
        held = self.lock
        return held if held else _NO_LOCK

    def get_name(self):
        return self._name

    def set_name(self, name):
        with _lock:
            _handlers.pop(self._name, None)
            if name:
                _handlers[name] = self
            self._name = name

    name = property(get_name, set_name)

    def createLock(self):
        self.lock = threading.RLock()

    _at_fork_reinit = createLock

    def acquire(self):
        if self.lock:
            self.lock.acquire()

    def release(self):
        if self.lock:
            self.lock.release()

    def setLevel(self, level):
        self.level = _checkLevel(level)

    def setFormatter(self, fmt):
        self.formatter = fmt

    def format(self, record):
        return (self.formatter or _defaultFormatter).format(record)

    def emit(self, record):
        raise NotImplementedError('emit must be implemented '
                                  'by Handler subclasses')

    def handle(self, record):
        """Filter the record; emit it under the handler's lock when it
        passes.  Returns the filter verdict."""
        verdict = self.filter(record)
        if verdict:
            with self._guard():
                self.emit(record)
        return verdict

    def flush(self):
        """Nothing to flush at this level."""

    def close(self):
        with _lock:
            self._closed = True
            if self._name and _handlers.get(self._name) is self:
                del _handlers[self._name]

    def handleError(self, record):
        """Report an exception raised inside emit() on stderr (when
        raiseExceptions is set) and carry on."""
        err = sys.stderr
        if not raiseExceptions or not err:
            return
        etype, value, tb = _exc_info_triple()
        try:
            err.write('--- Logging error ---\n')
            _print_exception(etype, value, tb, err)
            err.write('Call stack:\n')
            origin = None if tb is None else tb.tb_frame
            while origin is not None and _is_internal_frame(origin):
                origin = origin.f_back
            if origin is None:
                err.write('Logged from file %s, line %s\n'
                          % (record.filename, record.lineno))
            else:
                _print_stack(origin, err)
            try:
                detail = 'Message: %r\nArguments: %s\n' % (record.msg,
                                                            record.args)
            except RecursionError:
                raise
            except Exception:
                detail = ('Unable to print the message and arguments - '
                          'possible formatting error.\nUse the traceback '
                          'above to help find the error.\n')
            err.write(detail)
        except OSError:
            pass
        finally:
            etype = value = tb = None

    def __repr__(self):
        return '<%s (%s)>' % (type(self).__name__, getLevelName(self.level))


class StreamHandler(Handler):
    """Writes each formatted record, plus `terminator`, to a stream
    (sys.stderr unless another is given)."""

    terminator = '\n'

    def __init__(self, stream=None):
        super().__init__()
        self.stream = sys.stderr if stream is None else stream

    def flush(self):
        with self._guard():
            target = self.stream
            if target and hasattr(target, "flush"):
                target.flush()

    def emit(self, record):
        try:
            line = self.format(record) + self.terminator
            self.stream.write(line)
            self.flush()
        except RecursionError:
            raise
        except Exception:
            self.handleError(record)

    def setStream(self, stream):
        """Switch to another stream, returning the previous one (None when
        it is the same stream)."""
        previous = self.stream
        if stream is previous:
            return None
        with self._guard():
            self.flush()
            self.stream = stream
        return previous

    def __repr__(self):
        label = str(getattr(self.stream, 'name', ''))
        return '<%s %s(%s)>' % (type(self).__name__,
                                label + ' ' if label else '',
                                getLevelName(self.level))

    def __class_getitem__(cls, item):
        return cls


class FileHandler(StreamHandler):
    """A StreamHandler writing to a file it opens itself (lazily when
    `delay` is true)."""

    def __init__(self, filename, mode='a', encoding=None, delay=False,
                 errors=None):
        self.baseFilename = os.path.abspath(os.fspath(filename))
        self.mode, self.errors, self.delay = mode, errors, delay
        if "b" not in mode and hasattr(io, 'text_encoding'):
            encoding = io.text_encoding(encoding)
        self.encoding = encoding
        self._builtin_open = open
        if not delay:
            StreamHandler.__init__(self, self._open())
        else:
            # Handler only: the stream is opened by the first emit().
            Handler.__init__(self)
            self.stream = None

    def close(self):
        with self._guard():
            try:
                current = self.stream
                if current:
                    self.stream = None
                    try:
                        if hasattr(current, "flush"):
                            current.flush()
                    finally:
                        if hasattr(current, "close"):
                            current.close()
            finally:
                StreamHandler.close(self)

    def _open(self):
        encoding = self.encoding
        if encoding == "locale":
            # Same meaning as no encoding; not every open() knows the name.
            encoding = None
        if encoding is None and self.errors is None:
            return self._builtin_open(self.baseFilename, self.mode)
        return self._builtin_open(self.baseFilename, self.mode,
                                  encoding=encoding, errors=self.errors)

    def emit(self, record):
        # A handler closed after writing in 'w' mode does not reopen (that
        # would truncate what it wrote).
        if self.stream is None and (self.mode != 'w' or not self._closed):
            self.stream = self._open()
        if not self.stream:
            return
        StreamHandler.emit(self, record)

    def __repr__(self):
        return '<%s %s (%s)>' % (type(self).__name__, self.baseFilename,
                                 getLevelName(self.level))


class _StderrHandler(StreamHandler):
    """Writes to whatever sys.stderr is at the moment of each record."""

    def __init__(self, level=NOTSET):
        Handler.__init__(self, level)

    stream = property(lambda self: sys.stderr)


lastResort = _defaultLastResort = _StderrHandler(WARNING)


class NullHandler(Handler):
    """Discards everything (for libraries that log but leave output
    configuration to the application)."""

    def createLock(self):
        self.lock = None

    def handle(self, record):
        """Records are dropped unexamined."""

    def emit(self, record):
        """Nothing is written."""

    def _at_fork_reinit(self):
        """No lock to renew."""


# ---------------------------------------------------------------------------
# Logger tree
# ---------------------------------------------------------------------------

class PlaceHolder(object):
    """Stands in the registry for a dotted name that has descendants but
    has not been asked for itself."""

    def __init__(self, alogger):
        self.loggerMap = {alogger: None}

    def append(self, alogger):
        if alogger not in self.loggerMap:
            self.loggerMap[alogger] = None


_loggerClass = None


def _require_logger_class(klass):
    if klass is not Logger and not issubclass(klass, Logger):
        raise TypeError("logger not derived from logging.Logger: "
                        + klass.__name__)
    return klass


def setLoggerClass(klass):
    global _loggerClass
    _loggerClass = _require_logger_class(klass)


def getLoggerClass():
    return _loggerClass


class Manager(object):
    """Registry of named loggers; wires up parents as loggers appear."""

    def __init__(self, rootnode):
        self.root = rootnode
        self.loggerDict = {}
        self.disable = 0
        self.loggerClass = self.logRecordFactory = None
        self.emittedNoHandlerWarning = False

    def _get_disable(self):
        return self._disable

    def _set_disable(self, value):
        self._disable = _checkLevel(value)

    disable = property(_get_disable, _set_disable)

    def getLogger(self, name):
        if not isinstance(name, str):
            raise TypeError('A logger name must be a string')
        with _lock:
            existing = self.loggerDict.get(name)
            if existing is not None and not isinstance(existing, PlaceHolder):
                return existing
            made = (self.loggerClass or _loggerClass)(name)
            made.manager = self
            self.loggerDict[name] = made
            if existing is not None:
                self._fixupChildren(existing, made)
            self._fixupParents(made)
            return made

    def setLoggerClass(self, klass):
        self.loggerClass = _require_logger_class(klass)

    def setLogRecordFactory(self, factory):
        self.logRecordFactory = factory

    def _fixupParents(self, alogger):
        # Walk the dotted prefixes from the longest; the first real logger
        # is the parent, shorter-named gaps get placeholders.
        name = alogger.name
        cut = name.rfind(".")
        parent = None
        while cut > 0 and parent is None:
            prefix = name[:cut]
            entry = self.loggerDict.get(prefix)
            if entry is None:
                self.loggerDict[prefix] = PlaceHolder(alogger)
            elif isinstance(entry, Logger):
                parent = entry
            else:
                entry.append(alogger)
            cut = name.rfind(".", 0, cut - 1)
        alogger.parent = parent if parent is not None else self.root

    def _fixupChildren(self, ph, alogger):
        # Loggers that were waiting under the placeholder now hang below
        # the new logger, unless they already have a nearer parent.
        name = alogger.name
        size = len(name)
        for child in ph.loggerMap.keys():
            if child.parent.name[:size] != name:
                alogger.parent = child.parent
                child.parent = alogger

    def _clear_cache(self):
        with _lock:
            for entry in self.loggerDict.values():
                if isinstance(entry, Logger):
                    entry._cache.clear()
            self.root._cache.clear()


class Logger(Filterer):
    """A named channel for log messages."""

    def __init__(self, name, level=NOTSET):
        super().__init__()
        self.name, self.level = name, _checkLevel(level)
        self.parent = None
        self.handlers = []
        self.propagate, self.disabled = True, False
        # level -> isEnabledFor() answer; emptied whenever levels change.
        self._cache = {}

    def setLevel(self, level):
        self.level = _checkLevel(level)
        self.manager._clear_cache()

    def debug(self, msg, *args, **kwargs):
        if self.isEnabledFor(DEBUG):
            self._log(DEBUG, msg, args, **kwargs)

    def info(self, msg, *args, **kwargs):
        if self.isEnabledFor(INFO):
            self._log(INFO, msg, args, **kwargs)

    def warning(self, msg, *args, **kwargs):
        if self.isEnabledFor(WARNING):
            self._log(WARNING, msg, args, **kwargs)

    def warn(self, msg, *args, **kwargs):
        _deprecated("The 'warn' method is deprecated, use 'warning' instead")
        self.warning(msg, *args, **kwargs)

    def error(self, msg, *args, **kwargs):
        if self.isEnabledFor(ERROR):
            self._log(ERROR, msg, args, **kwargs)

    def exception(self, msg, *args, exc_info=True, **kwargs):
        self.error(msg, *args, exc_info=exc_info, **kwargs)

    def critical(self, msg, *args, **kwargs):
        if self.isEnabledFor(CRITICAL):
            self._log(CRITICAL, msg, args, **kwargs)

    def fatal(self, msg, *args, **kwargs):
        self.critical(msg, *args, **kwargs)

    def log(self, level, msg, *args, **kwargs):
        if isinstance(level, int):
            if self.isEnabledFor(level):
                self._log(level, msg, args, **kwargs)
        elif raiseExceptions:
            raise TypeError("level must be an integer")

    def findCaller(self, stack_info=False, stacklevel=1):
        """(filename, line number, function name, stack text or None) of
        the stacklevel-th frame outside this package."""
        frame = currentframe()
        if frame is None:
            return "(unknown file)", 0, "(unknown function)", None
        while stacklevel > 0:
            older = frame.f_back
            if older is None:
                break
            frame = older
            if not _is_internal_frame(frame):
                stacklevel -= 1
        code = frame.f_code
        sinfo = None
        if stack_info:
            buf = io.StringIO()
            buf.write("Stack (most recent call last):\n")
            _print_stack(frame, buf)
            sinfo = buf.getvalue()
            if sinfo.endswith("\n"):
                sinfo = sinfo[:-1]
            buf.close()
        return code.co_filename, frame.f_lineno, code.co_name, sinfo

    def makeRecord(self, name, level, fn, lno, msg, args, exc_info,
                   func=None, extra=None, sinfo=None):
        record = _logRecordFactory(name, level, fn, lno, msg, args, exc_info,
                                   func, sinfo)
        if extra is not None:
            for key in extra:
                if key in ("message", "asctime") or key in record.__dict__:
                    raise KeyError("Attempt to overwrite %r in LogRecord"
                                   % key)
                record.__dict__[key] = extra[key]
        return record

    def _log(self, level, msg, args, exc_info=None, extra=None,
             stack_info=False, stacklevel=1):
        where = ("(unknown file)", 0, "(unknown function)", None)
        if _srcfile:
            try:
                where = self.findCaller(stack_info, stacklevel)
            except ValueError:
                pass
        if isinstance(exc_info, BaseException):
            exc_info = (type(exc_info), exc_info, exc_info.__traceback__)
        elif exc_info and not isinstance(exc_info, tuple):
            exc_info = _exc_info_triple()
        fn, lno, func, sinfo = where
        self.handle(self.makeRecord(self.name, level, fn, lno, msg, args,
                                    exc_info, func, extra, sinfo))

    def handle(self, record):
        if (not self.disabled) and self.filter(record):
            self.callHandlers(record)

    def addHandler(self, hdlr):
        with _lock:
            if hdlr not in self.handlers:
                self.handlers.append(hdlr)

    def removeHandler(self, hdlr):
        with _lock:
            if hdlr in self.handlers:
                self.handlers.remove(hdlr)

    def hasHandlers(self):
        node = self
        while node:
            if node.handlers:
                return True
            if not node.propagate:
                return False
            node = node.parent
        return False

    def callHandlers(self, record):
        node = self
        seen = 0
        while node:
            for hdlr in node.handlers:
                seen += 1
                if record.levelno >= hdlr.level:
                    hdlr.handle(record)
            node = node.parent if node.propagate else None
        if seen:
            return
        fallback = lastResort
        if fallback:
            if record.levelno >= fallback.level:
                fallback.handle(record)
            return
        # Without a last-resort handler: the old one-time notice.
        manager = self.manager
        if raiseExceptions and not manager.emittedNoHandlerWarning:
            manager.emittedNoHandlerWarning = True
            sys.stderr.write('No handlers could be found for logger "%s"\n'
                             % self.name)

    def getEffectiveLevel(self):
        node = self
        while node:
            if node.level:
                return node.level
            node = node.parent
        return NOTSET

    def isEnabledFor(self, level):
        if self.disabled:
            return False
        known = self._cache.get(level)
        if known is not None:
            return known
        with _lock:
            if self.manager.disable >= level:
                answer = False
            else:
                answer = level >= self.getEffectiveLevel()
            self._cache[level] = answer
        return answer

    def getChild(self, suffix):
        if self.root is not self:
            suffix = self.name + '.' + suffix
        return self.manager.getLogger(suffix)

    def __repr__(self):
        return '<%s %s (%s)>' % (type(self).__name__, self.name,
                                 getLevelName(self.getEffectiveLevel()))

    def __reduce__(self):
        # Loggers pickle by name: unpickling asks getLogger again.
        if getLogger(self.name) is self:
            return getLogger, (self.name,)
        import pickle
        raise pickle.PicklingError('logger cannot be pickled')


class RootLogger(Logger):
    """The logger at the top of the tree, named 'root'."""

    def __init__(self, level):
        super().__init__("root", level)

    def __reduce__(self):
        return (getLogger, ())


_loggerClass = Logger


class LoggerAdapter(object):
    """Wraps a logger, passing `extra` context with every call (override
    process() to change how)."""

    def __init__(self, logger, extra=None):
        self.logger = logger
        self.extra = extra

    def process(self, msg, kwargs):
        kwargs["extra"] = self.extra
        return msg, kwargs

    def debug(self, msg, *args, **kwargs):
        self.log(DEBUG, msg, *args, **kwargs)

    def info(self, msg, *args, **kwargs):
        self.log(INFO, msg, *args, **kwargs)

    def warning(self, msg, *args, **kwargs):
        self.log(WARNING, msg, *args, **kwargs)

    def warn(self, msg, *args, **kwargs):
        _deprecated("The 'warn' method is deprecated, use 'warning' instead")
        self.warning(msg, *args, **kwargs)

    def error(self, msg, *args, **kwargs):
        self.log(ERROR, msg, *args, **kwargs)

    def exception(self, msg, *args, exc_info=True, **kwargs):
        self.log(ERROR, msg, *args, exc_info=exc_info, **kwargs)

    def critical(self, msg, *args, **kwargs):
        self.log(CRITICAL, msg, *args, **kwargs)

    def log(self, level, msg, *args, **kwargs):
        if not self.isEnabledFor(level):
            return
        new_msg, new_kwargs = self.process(msg, kwargs)
        self.logger.log(level, new_msg, *args, **new_kwargs)

    def isEnabledFor(self, level):
        return self.logger.isEnabledFor(level)

    def setLevel(self, level):
        self.logger.setLevel(level)

    def getEffectiveLevel(self):
        return self.logger.getEffectiveLevel()

    def hasHandlers(self):
        return self.logger.hasHandlers()

    def _log(self, level, msg, args, exc_info=None, extra=None,
             stack_info=False):
        return self.logger._log(level, msg, args, exc_info=exc_info,
                                extra=extra, stack_info=stack_info)

    def _get_manager(self):
        return self.logger.manager

    def _set_manager(self, value):
        self.logger.manager = value

    manager = property(_get_manager, _set_manager)
    name = property(lambda self: self.logger.name)

    def __repr__(self):
        inner = self.logger
        return '<%s %s (%s)>' % (type(self).__name__, inner.name,
                                 getLevelName(inner.getEffectiveLevel()))

    def __class_getitem__(cls, item):
        return cls


root = RootLogger(WARNING)
Logger.root = root
Logger.manager = Manager(Logger.root)


def _deprecated(message):
    try:
        import warnings
    except ImportError:
        return
    warnings.warn(message, DeprecationWarning, 3)


# ---------------------------------------------------------------------------
# Configuration and module-level convenience functions
# ---------------------------------------------------------------------------

def _basic_handlers(kwargs, encoding, errors):
    given = kwargs.pop("handlers", None)
    has_stream, has_file = "stream" in kwargs, "filename" in kwargs
    if given is not None:
        if has_stream or has_file:
            raise ValueError("'stream' or 'filename' should not be "
                             "specified together with 'handlers'")
        return given
    if has_stream and has_file:
        raise ValueError("'stream' and 'filename' should not be "
                         "specified together")
    filename = kwargs.pop("filename", None)
    filemode = kwargs.pop("filemode", 'a')
    if not filename:
        return [StreamHandler(kwargs.pop("stream", None))]
    if 'b' in filemode:
        errors = None
    elif hasattr(io, 'text_encoding'):
        encoding = io.text_encoding(encoding)
    return [FileHandler(filename, filemode, encoding=encoding,
                        errors=errors)]


def basicConfig(**kwargs):
    """Give the root logger a handler and formatter, unless it already has
    handlers (or force=True replaces them)."""
    with _lock:
        if kwargs.pop('force', False):
            for old in list(root.handlers):
                root.removeHandler(old)
                old.close()
        encoding = kwargs.pop('encoding', None)
        errors = kwargs.pop('errors', 'backslashreplace')
        if root.handlers:
            return
        targets = _basic_handlers(kwargs, encoding, errors)
        datefmt = kwargs.pop("datefmt", None)
        style = kwargs.pop("style", '%')
        if style not in _STYLES:
            _make_style(style, None, None)
        shared = Formatter(kwargs.pop("format", _STYLES[style][1]), datefmt,
                           style)
        for target in targets:
            if target.formatter is None:
                target.setFormatter(shared)
            root.addHandler(target)
        if kwargs.get("level") is not None:
            root.setLevel(kwargs["level"])
        kwargs.pop("level", None)
        if kwargs:
            raise ValueError('Unrecognised argument(s): %s'
                             % ', '.join(kwargs))


def getLogger(name=None):
    """The logger with this dotted name (created on first use); the root
    logger when no name is given."""
    if not name or (isinstance(name, str) and name == root.name):
        return root
    return Logger.manager.getLogger(name)


def _configured_root():
    # The module-level functions configure logging on first use.
    if not root.handlers:
        basicConfig()
    return root


def critical(msg, *args, **kwargs):
    _configured_root().critical(msg, *args, **kwargs)


fatal = critical


def error(msg, *args, **kwargs):
    _configured_root().error(msg, *args, **kwargs)


def exception(msg, *args, exc_info=True, **kwargs):
    _configured_root().error(msg, *args, exc_info=exc_info, **kwargs)


def warning(msg, *args, **kwargs):
    _configured_root().warning(msg, *args, **kwargs)


def warn(msg, *args, **kwargs):
    _deprecated("The 'warn' function is deprecated, use 'warning' instead")
    _configured_root().warning(msg, *args, **kwargs)


def info(msg, *args, **kwargs):
    _configured_root().info(msg, *args, **kwargs)


def debug(msg, *args, **kwargs):
    _configured_root().debug(msg, *args, **kwargs)


def log(level, msg, *args, **kwargs):
    _configured_root().log(level, msg, *args, **kwargs)


def disable(level=CRITICAL):
    root.manager.disable = level
    root.manager._clear_cache()


def shutdown(handlerList=_handlerList):
    """Flush and close every handler still alive (newest first)."""
    for ref in reversed(handlerList[:]):
        try:
            h = ref()
            if h:
                try:
                    h.acquire()
                    if getattr(h, 'flushOnClose', True):
                        h.flush()
                    h.close()
                except (OSError, ValueError):
                    pass
                finally:
                    h.release()
        except:  # noqa: E722 -- shutdown must not fail
            if raiseExceptions:
                raise


try:
    import atexit as _atexit
except ImportError:
    _atexit = None
if _atexit is not None:
    _atexit.register(shutdown)


# ---------------------------------------------------------------------------
# Routing warnings.showwarning into the 'py.warnings' logger
# ---------------------------------------------------------------------------

_warnings_showwarning = None


def _showwarning(message, category, filename, lineno, file=None, line=None):
    if file is not None:
        if _warnings_showwarning is not None:
            _warnings_showwarning(message, category, filename, lineno,
                                  file, line)
        return
    import warnings
    text = warnings.formatwarning(message, category, filename, lineno, line)
    target = getLogger("py.warnings")
    if not target.handlers:
        target.addHandler(NullHandler())
    target.warning("%s", text)


def captureWarnings(capture):
    """Send warnings to logging (True) or restore their normal display
    (False).  Does nothing when there is no warnings module."""
    global _warnings_showwarning
    try:
        import warnings
    except ImportError:
        return
    saved = _warnings_showwarning
    if capture and saved is None:
        _warnings_showwarning = warnings.showwarning
        warnings.showwarning = _showwarning
    elif not capture and saved is not None:
        _warnings_showwarning = None
        warnings.showwarning = saved
