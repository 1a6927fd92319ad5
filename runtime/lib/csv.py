"""Read and write delimiter-separated records (Weft's csv).

reader() turns an iterable of text lines into lists of fields; writer()
turns sequences of values into lines written to an object with a write()
method.  A dialect (a registered name, a Dialect class or instance, or
keyword overrides) fixes the delimiter, quoting and escaping conventions.
DictReader/DictWriter map records to dicts; Sniffer guesses a dialect.
"""

import _thread

__all__ = ("QUOTE_MINIMAL QUOTE_ALL QUOTE_NONNUMERIC QUOTE_NONE Error "
           "Dialect __doc__ excel excel_tab field_size_limit reader writer "
           "register_dialect get_dialect list_dialects Sniffer "
           "unregister_dialect __version__ DictReader DictWriter "
           "unix_dialect").split()

__version__ = "1.0"

QUOTE_MINIMAL = 0
QUOTE_ALL = 1
QUOTE_NONNUMERIC = 2
QUOTE_NONE = 3


class Error(Exception):
    pass


Error.__module__ = "_csv"

# Shared state: the dialect registry and the field size limit.
_state_lock = _thread.allocate_lock()
_registry = {}
_limit = [128 * 1024]

_ATTRS = ('delimiter', 'doublequote', 'escapechar', 'lineterminator',
          'quotechar', 'quoting', 'skipinitialspace', 'strict')

_ABSENT = object()


def _arg_count_check(args, least, most):
    # Mirrors the (nameless) positional-count messages of the C module.
    count = len(args)
    if count < least:
        raise TypeError(" expected at least %d argument%s, got %d"
                        % (least, "" if least == 1 else "s", count))
    if count > most:
        raise TypeError(" expected at most %d argument%s, got %d"
                        % (most, "" if most == 1 else "s", count))


def _split_dialect(args, kwargs):
    # The dialect may come second positionally or as a keyword.
    if 'dialect' in kwargs:
        if len(args) > 1:
            raise TypeError("argument for function given by name "
                            "('dialect') and position (1)")
        return kwargs.pop('dialect')
    return args[1] if len(args) > 1 else None


def _one_char(name, value, allow_none):
    if value is None and allow_none:
        return None
    if not isinstance(value, str):
        if allow_none:
            raise TypeError('"%s" must be string or None, not %s'
                            % (name, type(value).__name__))
        raise TypeError('"%s" must be string, not %s'
                        % (name, type(value).__name__))
    if len(value) != 1:
        raise TypeError('"%s" must be a 1-character string' % name)
    return value


class _Dialect:
    """Validated, immutable formatting parameters (the C module's Dialect)."""

    __slots__ = ('_delimiter', '_doublequote', '_escapechar',
                 '_lineterminator', '_quotechar', '_quoting',
                 '_skipinitialspace', '_strict')

    def __new__(cls, dialect=None, **kwargs):
        for key in kwargs:
            if key not in _ATTRS:
                raise TypeError("%r is an invalid keyword argument for this "
                                "function" % (key,))
        if isinstance(dialect, str):
            dialect = get_dialect(dialect)
        if (type(dialect) is _Dialect and cls is _Dialect
                and not kwargs):
            return dialect

        given = {}
        for key in _ATTRS:
            value = kwargs.get(key, _ABSENT)
            if value is _ABSENT and dialect is not None:
                try:
                    value = getattr(dialect, key)
                except Exception:
                    value = _ABSENT
            given[key] = value

        self = object.__new__(cls)
        put = object.__setattr__

        value = given['delimiter']
        put(self, '_delimiter',
            ',' if value is _ABSENT else _one_char('delimiter', value, False))

        value = given['doublequote']
        put(self, '_doublequote', True if value is _ABSENT else bool(value))

        value = given['escapechar']
        put(self, '_escapechar',
            None if value is _ABSENT
            else _one_char('escapechar', value, True))

        value = given['lineterminator']
        if value is _ABSENT:
            value = '\r\n'
        elif value is not None and not isinstance(value, str):
            raise TypeError('"lineterminator" must be a string')
        put(self, '_lineterminator', value)

        quote_given = given['quotechar']
        put(self, '_quotechar',
            '"' if quote_given is _ABSENT
            else _one_char('quotechar', quote_given, True))

        quoting_given = given['quoting']
        if quoting_given is _ABSENT:
            quoting = QUOTE_MINIMAL
        else:
            if type(quoting_given) is not int:
                raise TypeError('"quoting" must be an integer')
            if not -2147483648 <= quoting_given <= 2147483647:
                raise OverflowError("Python int too large to convert to C int")
            quoting = quoting_given

        value = given['skipinitialspace']
        put(self, '_skipinitialspace',
            False if value is _ABSENT else bool(value))
        value = given['strict']
        put(self, '_strict', False if value is _ABSENT else bool(value))

        if quoting not in (QUOTE_MINIMAL, QUOTE_ALL, QUOTE_NONNUMERIC,
                           QUOTE_NONE):
            raise TypeError('bad "quoting" value')
        if quote_given is None and quoting_given is _ABSENT:
            quoting = QUOTE_NONE
        put(self, '_quoting', quoting)
        if quoting != QUOTE_NONE and self._quotechar is None:
            raise TypeError("quotechar must be set if quoting enabled")
        if self._lineterminator is None:
            raise TypeError("lineterminator must be set")
        return self

    def __setattr__(self, name, value):
        if name in _ATTRS:
            raise AttributeError("attribute '%s' of '_csv.Dialect' objects "
                                 "is not writable" % name)
        raise AttributeError("'_csv.Dialect' object has no attribute '%s'"
                             % name)

    def __delattr__(self, name):
        self.__setattr__(name, None)

    def __reduce_ex__(self, protocol):
        raise TypeError("cannot pickle '_csv.Dialect' object")

    delimiter = property(lambda self: self._delimiter)
    doublequote = property(lambda self: self._doublequote)
    escapechar = property(lambda self: self._escapechar)
    lineterminator = property(lambda self: self._lineterminator)
    quotechar = property(lambda self: self._quotechar)
    quoting = property(lambda self: self._quoting)
    skipinitialspace = property(lambda self: self._skipinitialspace)
    strict = property(lambda self: self._strict)


_Dialect.__name__ = _Dialect.__qualname__ = "Dialect"
_Dialect.__module__ = "_csv"


# ---------------------------------------------------------------- registry

def register_dialect(*args, **kwargs):
    """register_dialect(name[, dialect[, **fmtparams]]): name a dialect."""
    _arg_count_check(args, 1, 2)
    name = args[0]
    if not isinstance(name, str):
        raise TypeError("dialect name must be a string")
    base = _split_dialect(args, kwargs)
    made = _Dialect(base, **kwargs)
    with _state_lock:
        _registry[name] = made


def unregister_dialect(name):
    """Remove a dialect from the registry."""
    with _state_lock:
        try:
            del _registry[name]
        except KeyError:
            raise Error("unknown dialect") from None


def get_dialect(name):
    """Return the registered dialect called name."""
    with _state_lock:
        try:
            return _registry[name]
        except KeyError:
            raise Error("unknown dialect") from None


def list_dialects(*args):
    """Names of all registered dialects."""
    if args:
        raise TypeError("_csv.list_dialects() takes no arguments (%d given)"
                        % len(args))
    with _state_lock:
        return list(_registry)


def field_size_limit(*args, **kwargs):
    """field_size_limit([new_limit]): return the old limit, maybe set it."""
    if kwargs:
        if args or list(kwargs) != ['new_limit']:
            for key in kwargs:
                if key != 'new_limit':
                    raise TypeError("field_size_limit() got an unexpected "
                                    "keyword argument '%s'" % key)
            raise TypeError("field_size_limit() got multiple values for "
                            "argument 'new_limit'")
        args = (kwargs['new_limit'],)
    if len(args) > 1:
        raise TypeError("field_size_limit() takes at most 1 argument "
                        "(%d given)" % len(args))
    with _state_lock:
        old = _limit[0]
        if args:
            new = args[0]
            if not isinstance(new, int):
                raise TypeError("limit must be an integer")
            if not -(1 << 63) <= new < (1 << 63):
                raise OverflowError("Python int too large to convert to "
                                    "C long")
            _limit[0] = int(new)
        return old


# ------------------------------------------------------------------ reader

# Parser states.
_RECORD_START = 0
_FIELD_START = 1
_AFTER_ESCAPE = 2
_UNQUOTED = 3
_QUOTED = 4
_AFTER_ESCAPE_QUOTED = 5
_AFTER_QUOTE_QUOTED = 6
_SKIP_NEWLINES = 7
_AFTER_ESCAPED_NEWLINE = 8

_END = None   # stands for "end of the current input line"


class _Reader:
    """Iterator over the records of an iterable of lines."""

    def __init__(self, source, dialect):
        self._source = iter(source)
        self.dialect = dialect
        self.line_num = 0
        self._start()

    def _start(self):
        self._row = []
        self._chars = []
        self._state = _RECORD_START
        self._as_number = False

    def __iter__(self):
        return self

    def _keep(self, ch):
        if len(self._chars) >= _limit[0]:
            raise Error("field larger than field limit (%d)" % _limit[0])
        self._chars.append(ch)

    def _finish_field(self):
        text = "".join(self._chars)
        self._chars = []
        if self._as_number:
            self._as_number = False
            self._row.append(float(text))
        else:
            self._row.append(text)

    def _feed(self, ch):
        d = self.dialect
        state = self._state
        newline = ch == '\n' or ch == '\r'

        if state == _RECORD_START:
            if ch is _END:
                return
            if newline:
                self._state = _SKIP_NEWLINES
                return
            state = self._state = _FIELD_START

        if state == _FIELD_START:
            if newline or ch is _END:
                self._finish_field()
                self._state = _RECORD_START if ch is _END else _SKIP_NEWLINES
            elif ch == d._quotechar and d._quoting != QUOTE_NONE:
                self._state = _QUOTED
            elif ch == d._escapechar:
                self._state = _AFTER_ESCAPE
            elif ch == ' ' and d._skipinitialspace:
                pass
            elif ch == d._delimiter:
                self._finish_field()
            else:
                if d._quoting == QUOTE_NONNUMERIC:
                    self._as_number = True
                self._keep(ch)
                self._state = _UNQUOTED
            return

        if state == _AFTER_ESCAPE:
            if newline:
                self._keep(ch)
                self._state = _AFTER_ESCAPED_NEWLINE
                return
            self._keep('\n' if ch is _END else ch)
            self._state = _UNQUOTED
            return

        if state == _AFTER_ESCAPED_NEWLINE:
            if ch is _END:
                return
            state = _UNQUOTED   # the character is handled as unquoted data,
            # but the state itself only changes on a terminator

        if state == _UNQUOTED:
            if newline or ch is _END:
                self._finish_field()
                self._state = _RECORD_START if ch is _END else _SKIP_NEWLINES
            elif ch == d._escapechar:
                self._state = _AFTER_ESCAPE
            elif ch == d._delimiter:
                self._finish_field()
                self._state = _FIELD_START
            else:
                self._keep(ch)
            return

        if state == _QUOTED:
            if ch is _END:
                pass
            elif ch == d._escapechar:
                self._state = _AFTER_ESCAPE_QUOTED
            elif ch == d._quotechar and d._quoting != QUOTE_NONE:
                self._state = (_AFTER_QUOTE_QUOTED if d._doublequote
                               else _UNQUOTED)
            else:
                self._keep(ch)
            return

        if state == _AFTER_ESCAPE_QUOTED:
            self._keep('\n' if ch is _END else ch)
            self._state = _QUOTED
            return

        if state == _AFTER_QUOTE_QUOTED:
            if d._quoting != QUOTE_NONE and ch == d._quotechar:
                self._keep(ch)
                self._state = _QUOTED
            elif ch == d._delimiter:
                self._finish_field()
                self._state = _FIELD_START
            elif newline or ch is _END:
                self._finish_field()
                self._state = _RECORD_START if ch is _END else _SKIP_NEWLINES
            elif not d._strict:
                self._keep(ch)
                self._state = _UNQUOTED
            else:
                raise Error("'%s' expected after '%s'"
                            % (d._delimiter, d._quotechar))
            return

        if state == _SKIP_NEWLINES:
            if newline:
                return
            if ch is _END:
                self._state = _RECORD_START
                return
            raise Error("new-line character seen in unquoted field - do you "
                        "need to open the file in universal-newline mode?")

    def __next__(self):
        self._start()
        while True:
            try:
                line = next(self._source)
            except StopIteration:
                if self._chars or self._state == _QUOTED:
                    if self.dialect._strict:
                        raise Error("unexpected end of data") from None
                    self._finish_field()
                    break
                raise
            if not isinstance(line, str):
                raise Error("iterator should return strings, not %s (the "
                            "file should be opened in text mode)"
                            % type(line).__name__)
            self.line_num += 1
            feed = self._feed
            for ch in line:
                feed(ch)
            feed(_END)
            if self._state == _RECORD_START:
                break
        row = self._row
        self._row = []
        return row


_Reader.__name__ = _Reader.__qualname__ = "reader"
_Reader.__module__ = "_csv"


def reader(*args, **kwargs):
    """reader(iterable, dialect='excel', **fmtparams) -> record iterator.

    Each item of iterable is one line of text; each record is returned as
    a list of strings (floats for unquoted fields under QUOTE_NONNUMERIC).
    """
    _arg_count_check(args, 1, 2)
    source = iter(args[0])
    dialect = _Dialect(_split_dialect(args, kwargs), **kwargs)
    return _Reader(source, dialect)


# ------------------------------------------------------------------ writer

def _is_number(value):
    kind = type(value)
    return (hasattr(kind, '__index__') or hasattr(kind, '__int__')
            or hasattr(kind, '__float__') or isinstance(value, complex))


class _Writer:
    """Formats sequences of values as delimited lines."""

    def __init__(self, write, dialect):
        self._write = write
        self.dialect = dialect

    def _field(self, text, quoted, out):
        d = self.dialect
        delim = d._delimiter
        esc = d._escapechar
        quote = d._quotechar
        ending = d._lineterminator
        no_quoting = d._quoting == QUOTE_NONE
        pieces = []
        for ch in text:
            if ch == delim or ch == esc or ch == quote or ch in ending:
                needs_escape = False
                if no_quoting:
                    needs_escape = True
                elif ch == quote:
                    if d._doublequote:
                        pieces.append(quote)
                    else:
                        needs_escape = True
                elif ch == esc:
                    needs_escape = True
                if not no_quoting and not needs_escape:
                    quoted = True
                if needs_escape:
                    if esc is None:
                        raise Error("need to escape, but no escapechar set")
                    pieces.append(esc)
            pieces.append(ch)
        if quoted:
            out.append(quote + "".join(pieces) + quote)
        else:
            out.append("".join(pieces))

    def writerow(self, row):
        """Format one record, write it, and return what write() returned."""
        d = self.dialect
        try:
            values = iter(row)
        except TypeError:
            raise Error("iterable expected, not %s"
                        % type(row).__name__) from None
        quoting = d._quoting
        out = []
        for value in values:
            if quoting == QUOTE_ALL:
                quoted = True
            elif quoting == QUOTE_NONNUMERIC:
                quoted = not _is_number(value)
            else:
                quoted = False
            if isinstance(value, str):
                text = value
            elif value is None:
                text = ""
            else:
                text = str(value)
            self._field(text, quoted, out)
        if len(out) == 1 and out[0] == "":
            if quoting == QUOTE_NONE:
                raise Error("single empty field record must be quoted")
            out[0] = d._quotechar * 2
        return self._write(d._delimiter.join(out) + d._lineterminator)

    def writerows(self, rows):
        """Write every record of an iterable of records."""
        for row in rows:
            self.writerow(row)


_Writer.__name__ = _Writer.__qualname__ = "writer"
_Writer.__module__ = "_csv"


def writer(*args, **kwargs):
    """writer(fileobj, dialect='excel', **fmtparams) -> record writer."""
    _arg_count_check(args, 1, 2)
    try:
        write = args[0].write
    except AttributeError:
        write = None
    if write is None or not callable(write):
        raise TypeError('argument 1 must have a "write" method')
    dialect = _Dialect(_split_dialect(args, kwargs), **kwargs)
    return _Writer(write, dialect)


# ---------------------------------------------------------------- dialects

class Dialect:
    """Base for dialect classes: set the attributes in a subclass.

    Instantiating a subclass validates its settings (csv.Error if bad).
    """
    _name = ""
    _valid = False
    delimiter = quotechar = escapechar = doublequote = None
    skipinitialspace = lineterminator = quoting = None

    def __init__(self):
        # Only a subclass counts as a valid dialect; the base never does.
        self._valid = self.__class__ != Dialect or self._valid
        self._validate()

    def _validate(self):
        try:
            _Dialect(self)
        except TypeError as exc:
            raise Error(str(exc))


class excel(Dialect):
    """Excel's comma-separated format."""
    delimiter, quotechar, lineterminator = ',', '"', '\r\n'
    doublequote, skipinitialspace = True, False
    quoting = QUOTE_MINIMAL


class excel_tab(excel):
    """Excel's tab-separated format."""
    delimiter = '\t'


class unix_dialect(Dialect):
    """Every field quoted, records ended by a bare newline."""
    delimiter, quotechar, lineterminator = ',', '"', '\n'
    doublequote, skipinitialspace = True, False
    quoting = QUOTE_ALL


for _name, _cls in (("excel", excel), ("excel-tab", excel_tab),
                    ("unix", unix_dialect)):
    register_dialect(_name, _cls)
del _name, _cls


# ------------------------------------------------------------ dict classes

class DictReader:
    """Yield each record as a dict keyed by fieldnames.

    Without fieldnames the first record supplies them.  Surplus values are
    listed under restkey; missing ones are filled with restval.
    """

    def __init__(self, f, fieldnames=None, restkey=None, restval=None,
                 dialect="excel", *args, **kwds):
        self._fieldnames = fieldnames
        self.restkey = restkey
        self.restval = restval
        self.dialect = dialect
        self.reader = reader(f, dialect, *args, **kwds)
        self.line_num = 0

    def __iter__(self):
        return self

    def _get_fieldnames(self):
        # Read lazily: the first record names the fields unless given.
        if self._fieldnames is None:
            header = next(self.reader, None)
            if header is not None:
                self._fieldnames = header
        self.line_num = self.reader.line_num
        return self._fieldnames

    def _set_fieldnames(self, value):
        self._fieldnames = value

    fieldnames = property(_get_fieldnames, _set_fieldnames)

    def __next__(self):
        if self.line_num == 0:
            self.fieldnames
        record = next(self.reader)
        self.line_num = self.reader.line_num
        # blank lines carry no record
        while record == []:
            record = next(self.reader)
        names = self.fieldnames
        result = dict(zip(names, record))
        extra = len(record) - len(names)
        if extra > 0:
            result[self.restkey] = record[len(names):]
        elif extra < 0:
            for name in names[len(record):]:
                result[name] = self.restval
        return result


class DictWriter:
    """Write dicts as records, in the order given by fieldnames."""

    def __init__(self, f, fieldnames, restval="", extrasaction="raise",
                 dialect="excel", *args, **kwds):
        self.fieldnames = fieldnames
        self.restval = restval
        if extrasaction.lower() in ("raise", "ignore"):
            self.extrasaction = extrasaction
        else:
            raise ValueError("extrasaction (%s) must be 'raise' or 'ignore'"
                             % extrasaction)
        self.writer = writer(f, dialect, *args, **kwds)

    def writeheader(self):
        return self.writerow(dict(zip(self.fieldnames, self.fieldnames)))

    def _values(self, rowdict):
        if self.extrasaction == "raise":
            unknown = rowdict.keys() - self.fieldnames
            if unknown:
                raise ValueError("dict contains fields not in fieldnames: "
                                 + ", ".join([repr(k) for k in unknown]))
        fill = self.restval
        return (rowdict.get(name, fill) for name in self.fieldnames)

    def writerow(self, rowdict):
        return self.writer.writerow(self._values(rowdict))

    def writerows(self, rowdicts):
        return self.writer.writerows(map(self._values, rowdicts))


# ----------------------------------------------------------------- sniffer

class Sniffer:
    """Guess a dialect (sniff) or the presence of a header (has_header)."""

    def __init__(self):
        self.preferred = [',', '\t', ';', ' ', ':']

    def sniff(self, sample, delimiters=None):
        """Return a Dialect subclass describing sample."""
        guess = self._guess_quote_and_delimiter(sample, delimiters)
        quote, dquote, sep, skip = guess
        if not sep:
            sep, skip = self._guess_delimiter(sample, delimiters)
            if not sep:
                raise Error("Could not determine delimiter")

        class dialect(Dialect):
            delimiter = sep
            quotechar = quote or '"'
            doublequote = dquote
            skipinitialspace = skip
            quoting, lineterminator = QUOTE_MINIMAL, '\r\n'
            _name = "sniffed"

        return dialect

    def _guess_quote_and_delimiter(self, data, delimiters):
        # Look for quoted fields and note which character sits around
        # them; the first pattern (most context) that matches anything is
        # the one used.
        import re
        sep = r"""(?P<delim>[^\w\n"'])"""
        blank = r"(?P<space> ?)"
        quoted = r"""(?P<quote>["']).*?(?P=quote)"""
        line_start = r"(?:^|\n)"
        line_end = r"(?:$|\n)"
        candidates = (sep + blank + quoted + "(?P=delim)",
                      line_start + quoted + sep + blank,
                      sep + blank + quoted + line_end,
                      line_start + quoted + line_end)
        found = []
        for source in candidates:
            pattern = re.compile(source, re.DOTALL | re.MULTILINE)
            found = list(pattern.finditer(data))
            if found:
                break
        if not found:
            return ('', False, None, 0)

        has_delim = 'delim' in pattern.groupindex
        quote_votes = {}
        delim_votes = {}
        spaced = 0
        for m in found:
            q = m.group('quote')
            if q:
                quote_votes[q] = quote_votes.get(q, 0) + 1
            if not has_delim:
                continue
            sep_char = m.group('delim')
            if sep_char and (delimiters is None or sep_char in delimiters):
                delim_votes[sep_char] = delim_votes.get(sep_char, 0) + 1
            if m.group('space'):
                spaced += 1

        quotechar = max(quote_votes, key=quote_votes.get)
        if delim_votes:
            delim = max(delim_votes, key=delim_votes.get)
            skipinitialspace = delim_votes[delim] == spaced
            if delim == '\n':
                delim = ''
        else:
            delim = ''
            skipinitialspace = 0

        # A field holding a third quote (between two others) means quotes
        # are doubled inside fields.
        d = re.escape(delim)
        q = quotechar
        dq_source = ("((" + d + ")|^)\\W*" + q + "[^" + d + "\\n]*" + q
                     + "[^" + d + "\\n]*" + q + "\\W*((" + d + ")|$)")
        doublequote = bool(re.compile(dq_source, re.MULTILINE).search(data))
        return (quotechar, doublequote, delim, skipinitialspace)

    def _guess_delimiter(self, data, delimiters):
        # For every 7-bit character, find how many times it usually occurs
        # per line (its mode) and on how many lines; a character occurring
        # the same non-zero number of times on (nearly) every line is taken
        # as the delimiter.  Lines are examined ten at a time.
        lines = [line for line in data.split('\n') if line]
        chars = [chr(code) for code in range(127)]
        chunk = min(10, len(lines))
        histograms = {}
        modes = {}
        chosen = {}
        rounds = 0
        lo, hi = 0, chunk
        while lo < len(lines):
            rounds += 1
            for line in lines[lo:hi]:
                for ch in chars:
                    hist = histograms.get(ch)
                    if hist is None:
                        hist = histograms[ch] = {}
                    n = line.count(ch)
                    hist[n] = hist.get(n, 0) + 1

            for ch, hist in histograms.items():
                pairs = list(hist.items())
                if len(pairs) == 1:
                    if pairs[0][0] == 0:
                        continue
                    modes[ch] = pairs[0]
                    continue
                top = pairs[0]
                for pair in pairs[1:]:
                    if pair[1] > top[1]:
                        top = pair
                rest = 0
                removed = False
                for pair in pairs:
                    if not removed and pair == top:
                        removed = True
                        continue
                    rest += pair[1]
                modes[ch] = (top[0], top[1] - rest)

            seen = float(min(chunk * rounds, len(lines)))
            consistency = 1.0
            while not chosen and consistency >= 0.9:
                for ch, (count, weight) in modes.items():
                    if (count > 0 and weight > 0
                            and weight / seen >= consistency
                            and (delimiters is None or ch in delimiters)):
                        chosen[ch] = (count, weight)
                consistency -= 0.01

            if len(chosen) == 1:
                delim = next(iter(chosen))
                first = lines[0]
                return (delim, first.count(delim) == first.count(delim + ' '))

            lo = hi
            hi += chunk

        if not chosen:
            return ('', 0)

        first = lines[0]
        if len(chosen) > 1:
            for delim in self.preferred:
                if delim in chosen:
                    return (delim,
                            first.count(delim) == first.count(delim + ' '))

        ranked = sorted((stats, ch) for ch, stats in chosen.items())
        delim = ranked[-1][1]
        return (delim, first.count(delim) == first.count(delim + ' '))

    def has_header(self, sample):
        """Guess whether the first row of sample is a header.

        Columns whose later values are all numbers, or all of one length,
        vote for a header when the first row's entry breaks that pattern
        and against it otherwise.
        """
        from io import StringIO
        rows = reader(StringIO(sample), self.sniff(sample))
        header = next(rows)
        width = len(header)
        kinds = dict.fromkeys(range(width))
        checked = 0
        for row in rows:
            if checked > 20:
                break
            checked += 1
            if len(row) != width:
                continue
            for col in list(kinds):
                try:
                    complex(row[col])
                    kind = complex
                except (ValueError, OverflowError):
                    kind = len(row[col])
                if kind != kinds[col]:
                    if kinds[col] is None:
                        kinds[col] = kind
                    else:
                        del kinds[col]

        votes = 0
        for col, kind in kinds.items():
            if type(kind) == type(0):
                votes += 1 if len(header[col]) != kind else -1
            else:
                try:
                    kind(header[col])
                except (ValueError, TypeError):
                    votes += 1
                else:
                    votes -= 1
        return votes > 0
