"""Weft's `re` module: regular expressions with Python 3.11's syntax and
semantics, over the native `_sre` engine (crate weft-sre).

Compiled patterns are immutable and shared by all threads; the cache of
compiled patterns is guarded by one lock and holds at most _MAXCACHE
entries (the oldest goes first)."""

import enum
import _sre
import _thread

__all__ = ['match', 'fullmatch', 'search', 'sub', 'subn', 'split',
           'findall', 'finditer', 'compile', 'purge', 'template', 'escape',
           'error', 'Pattern', 'Match', 'A', 'I', 'L', 'M', 'S', 'X', 'U',
           'ASCII', 'IGNORECASE', 'LOCALE', 'MULTILINE', 'DOTALL', 'VERBOSE',
           'UNICODE', 'NOFLAG', 'RegexFlag']

_MAXREPEAT = 4294967295


_FLAG_NAMES = ('ASCII', 'IGNORECASE', 'LOCALE', 'UNICODE', 'MULTILINE',
               'DOTALL', 'VERBOSE', 'TEMPLATE', 'DEBUG')
_PATTERN_FLAG_NAMES = ('TEMPLATE', 'IGNORECASE', 'LOCALE', 'MULTILINE',
                       'DOTALL', 'UNICODE', 'VERBOSE', 'DEBUG', 'ASCII')


def _flag_text(value, order):
    if value == 0:
        return 're.NOFLAG'
    names = []
    for name in order:
        bit = _FLAG_VALUES[name]
        if value & bit:
            names.append('re.' + name)
            value &= ~bit
    if value:
        names.append(hex(value))
    return '|'.join(names)


class RegexFlag(enum.IntFlag):
    NOFLAG = 0
    ASCII = A = 256
    IGNORECASE = I = 2
    LOCALE = L = 4
    UNICODE = U = 32
    MULTILINE = M = 8
    DOTALL = S = 16
    VERBOSE = X = 64
    TEMPLATE = T = 1
    DEBUG = 128

    def __repr__(self):
        return _flag_text(int(self), _FLAG_NAMES)

    __str__ = __repr__

    def __format__(self, spec):
        return format(str(self), spec)


_FLAG_VALUES = {'ASCII': 256, 'IGNORECASE': 2, 'LOCALE': 4, 'UNICODE': 32,
                'MULTILINE': 8, 'DOTALL': 16, 'VERBOSE': 64, 'TEMPLATE': 1,
                'DEBUG': 128}

NOFLAG = RegexFlag.NOFLAG
TEMPLATE = T = RegexFlag.TEMPLATE
IGNORECASE = I = RegexFlag.IGNORECASE
LOCALE = L = RegexFlag.LOCALE
MULTILINE = M = RegexFlag.MULTILINE
DOTALL = S = RegexFlag.DOTALL
UNICODE = U = RegexFlag.UNICODE
VERBOSE = X = RegexFlag.VERBOSE
DEBUG = RegexFlag.DEBUG
ASCII = A = RegexFlag.ASCII


class error(Exception):
    """A pattern or replacement template that is not valid."""

    def __init__(self, msg, pattern=None, pos=None):
        text = msg
        line = col = None
        if pos is not None and pattern is not None:
            newline = b'\n' if isinstance(pattern, bytes) else '\n'
            before = pattern[:pos]
            line = before.count(newline) + 1
            col = len(before) - before.rfind(newline)
            text = '%s at position %d' % (msg, pos)
            if newline in pattern:
                text += ' (line %d, column %d)' % (line, col)
        Exception.__init__(self, text)
        self.msg, self.pattern, self.pos = msg, pattern, pos
        self.lineno, self.colno = line, col


error.__module__ = 're'
PatternError = error


def _subject(string):
    if isinstance(string, (str, bytes)):
        return string
    if isinstance(string, (bytearray, memoryview)):
        return bytes(string)
    raise TypeError("expected string or bytes-like object, got '%s'"
                    % type(string).__name__)


class Pattern:
    """A compiled regular expression."""

    __slots__ = ('_handle', 'pattern', 'flags', 'groups', '_groupindex',
                 '_bytes')

    def __init__(self, *args, **kwargs):
        raise TypeError("cannot create 're.Pattern' instances")

    @property
    def groupindex(self):
        return dict(self._groupindex)

    def __repr__(self):
        text = repr(self.pattern)
        if len(text) > 200:
            text = text[:200]
        flags = self.flags
        if not self._bytes:
            flags &= ~32
        if flags:
            return 're.compile(%s, %s)' % (
                text, _flag_text(flags, _PATTERN_FLAG_NAMES))
        return 're.compile(%s)' % text

    def __eq__(self, other):
        if not isinstance(other, Pattern):
            return NotImplemented
        return (self.pattern == other.pattern and self.flags == other.flags
                and self._bytes == other._bytes)

    def __hash__(self):
        return hash((self.pattern, self.flags))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return (_compile, (self.pattern, self.flags))

    def _check(self, string):
        string = _subject(string)
        if self._bytes:
            if isinstance(string, str):
                raise TypeError(
                    'cannot use a bytes pattern on a string-like object')
        elif not isinstance(string, str):
            raise TypeError(
                'cannot use a string pattern on a bytes-like object')
        return string

    def _run(self, string, pos, endpos, mode):
        orig = string
        string = self._check(string)
        n = len(string)
        pos = min(max(pos, 0), n)
        endpos = min(max(endpos, 0), n)
        spans = _sre.exec(self._handle, string, pos, endpos, mode, False)
        if spans is None:
            return None
        return _make_match(self, orig, spans, pos, endpos)

    def match(self, string, pos=0, endpos=_MAXREPEAT):
        return self._run(string, pos, endpos, 0)

    def fullmatch(self, string, pos=0, endpos=_MAXREPEAT):
        return self._run(string, pos, endpos, 1)

    def search(self, string, pos=0, endpos=_MAXREPEAT):
        return self._run(string, pos, endpos, 2)

    def _all(self, string, pos=0, endpos=_MAXREPEAT):
        string = self._check(string)
        n = len(string)
        pos = min(max(pos, 0), n)
        endpos = min(max(endpos, 0), n)
        return string, pos, endpos, _sre.find_all(self._handle, string, pos,
                                                   endpos)

    def finditer(self, string, pos=0, endpos=_MAXREPEAT):
        orig = string
        string, pos, endpos, found = self._all(string, pos, endpos)
        return iter([_make_match(self, orig, s, pos, endpos) for s in found])

    def findall(self, string, pos=0, endpos=_MAXREPEAT):
        string, pos, endpos, found = self._all(string, pos, endpos)
        empty = string[:0]
        out = []
        for s in found:
            if self.groups == 0:
                out.append(string[s[1]:s[2]])
            else:
                items = []
                for g in range(1, self.groups + 1):
                    a = s[1 + 2 * g]
                    items.append(empty if a < 0 else string[a:s[2 + 2 * g]])
                out.append(items[0] if self.groups == 1 else tuple(items))
        return out

    def split(self, string, maxsplit=0):
        orig = string
        string, pos, endpos, found = self._all(string)
        out = []
        last = 0
        count = 0
        for s in found:
            if maxsplit > 0 and count >= maxsplit:
                break
            out.append(string[last:s[1]])
            for g in range(1, self.groups + 1):
                a = s[1 + 2 * g]
                out.append(None if a < 0 else string[a:s[2 + 2 * g]])
            last = s[2]
            count += 1
        out.append(string[last:])
        return out

    def subn(self, repl, string, count=0):
        orig = string
        string, pos, endpos, found = self._all(string)
        if callable(repl):
            filler = None
        else:
            repl = _subject(repl)
            if isinstance(repl, str) != (not self._bytes):
                if self._bytes:
                    raise TypeError('expected a bytes-like object, %s found'
                                    % type(repl).__name__)
                raise TypeError('expected str instance, %s found'
                                % type(repl).__name__)
            backslash = '\\' if isinstance(repl, str) else b'\\'
            if backslash in repl:
                filler = _parse_template(self, repl)
            else:
                filler = repl
        pieces = []
        last = 0
        n = 0
        for s in found:
            if count > 0 and n >= count:
                break
            pieces.append(string[last:s[1]])
            if filler is None:
                r = repl(_make_match(self, orig, s, pos, endpos))
                if r:
                    pieces.append(r)
            elif isinstance(filler, list):
                m = _make_match(self, orig, s, pos, endpos)
                pieces.append(_expand(m, filler))
            else:
                pieces.append(filler)
            last = s[2]
            n += 1
        pieces.append(string[last:])
        return string[:0].join(pieces), n

    def sub(self, repl, string, count=0):
        return self.subn(repl, string, count)[0]

    def scanner(self, string, pos=0, endpos=_MAXREPEAT):
        return _Scanner(self, string, pos, endpos)


class _Scanner:
    def __init__(self, pattern, string, pos, endpos):
        self.pattern = pattern
        self._string = pattern._check(string)
        self._orig = string
        n = len(self._string)
        self._pos = min(max(pos, 0), n)
        self._start = self._pos
        self._endpos = min(max(endpos, 0), n)
        self._advance = False
        self._done = False

    def _step(self, mode):
        if self._done or self._pos > self._endpos:
            return None
        s = _sre.exec(self.pattern._handle, self._string, self._pos,
                      self._endpos, mode, self._advance)
        if s is None:
            self._done = True
            return None
        self._advance = s[1] == s[2]
        self._pos = s[2]
        return _make_match(self.pattern, self._orig, s, self._start,
                           self._endpos)

    def match(self):
        return self._step(0)

    def search(self):
        return self._step(2)


class Match:
    """The result of a successful match."""

    __slots__ = ('re', 'string', 'pos', 'endpos', '_spans', 'lastindex',
                 '_subject')

    def __init__(self, *args, **kwargs):
        raise TypeError("cannot create 're.Match' instances")

    def _index(self, g):
        if isinstance(g, int) or hasattr(type(g), '__index__') and \
                not isinstance(g, (str, bytes)):
            try:
                g = g.__index__()
            except (AttributeError, TypeError):
                raise IndexError('no such group')
            if 0 <= g <= self.re.groups:
                return g
            raise IndexError('no such group')
        if isinstance(g, str):
            i = self.re._groupindex.get(g)
            if i is not None:
                return i
        raise IndexError('no such group')

    def _get(self, i, default=None):
        a, b = self._spans[2 * i], self._spans[2 * i + 1]
        if a < 0:
            return default
        return self._subject[a:b]

    def group(self, *groups):
        if not groups:
            return self._get(0)
        if len(groups) == 1:
            return self._get(self._index(groups[0]))
        return tuple(self._get(self._index(g)) for g in groups)

    def __getitem__(self, g):
        return self._get(self._index(g))

    def groups(self, default=None):
        return tuple(self._get(i, default)
                     for i in range(1, self.re.groups + 1))

    def groupdict(self, default=None):
        return {name: self._get(i, default)
                for name, i in self.re._groupindex.items()}

    def start(self, group=0):
        return self._spans[2 * self._index(group)]

    def end(self, group=0):
        return self._spans[2 * self._index(group) + 1]

    def span(self, group=0):
        i = self._index(group)
        return (self._spans[2 * i], self._spans[2 * i + 1])

    @property
    def regs(self):
        return tuple((self._spans[2 * i], self._spans[2 * i + 1])
                     for i in range(self.re.groups + 1))

    @property
    def lastgroup(self):
        if self.lastindex is None:
            return None
        for name, i in self.re._groupindex.items():
            if i == self.lastindex:
                return name
        return None

    def expand(self, template):
        template = _subject(template)
        return _expand(self, _parse_template(self.re, template))

    def __repr__(self):
        return '<re.Match object; span=(%d, %d), match=%r>' % (
            self._spans[0], self._spans[1], self.group(0))

    def __bool__(self):
        return True

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __class_getitem__(cls, item):
        return cls


def _class_getitem(cls, item):
    return cls


Pattern.__class_getitem__ = classmethod(_class_getitem)


def _make_match(pattern, orig, spans, pos, endpos):
    m = object.__new__(Match)
    m.re = pattern
    m.string = orig
    m._subject = orig if isinstance(orig, (str, bytes)) else bytes(orig)
    m.pos = pos
    m.endpos = endpos
    m._spans = spans[1:]
    m.lastindex = None if spans[0] < 0 else spans[0]
    return m


_ESCAPES = {'a': '\a', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r',
            't': '\t', 'v': '\v', '\\': '\\'}
_ASCII_LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'
_DIGITS = '0123456789'
_OCTAL = '01234567'


def _parse_template(pattern, template):
    """A replacement template as a list of literal pieces and group
    numbers."""
    is_bytes = isinstance(template, bytes)
    text = template.decode('latin-1') if is_bytes else template
    parts = []
    lit = []
    i = 0
    n = len(text)

    def fail(msg, pos):
        raise error(msg, template, pos)

    def group_ref(num_text, pos):
        g = int(num_text)
        if g > pattern.groups:
            fail('invalid group reference %d' % g, pos)
        return g

    while i < n:
        c = text[i]
        if c != '\\':
            lit.append(c)
            i += 1
            continue
        start = i
        i += 1
        if i >= n:
            fail('bad escape (end of pattern)', start)
        c = text[i]
        i += 1
        if c == 'g':
            if i >= n or text[i] != '<':
                fail('missing <', i)
            i += 1
            close = text.find('>', i)
            if close < 0:
                if i >= n:
                    fail('missing group name', i)
                fail('missing >, unterminated name', i)
            name = text[i:close]
            if not name:
                fail('missing group name', i)
            if name.isdigit() and name.isascii():
                g = group_ref(name, i)
            elif name.isidentifier() and (not is_bytes or name.isascii()):
                g = pattern._groupindex.get(name)
                if g is None:
                    raise IndexError("unknown group name '%s'" % name)
            else:
                fail("bad character in group name '%s'" % name, i)
            i = close + 1
            if lit:
                parts.append(''.join(lit))
                lit = []
            parts.append(g)
        elif c == '0':
            value = 0
            k = 0
            while k < 2 and i < n and text[i] in _OCTAL:
                value = value * 8 + int(text[i])
                i += 1
                k += 1
            lit.append(chr(value))
        elif c in _DIGITS:
            if i < n and text[i] in _DIGITS:
                if (c in _OCTAL and text[i] in _OCTAL and i + 1 < n
                        and text[i + 1] in _OCTAL):
                    value = int(c + text[i:i + 2], 8)
                    if value > 0o377:
                        fail('octal escape value \\%s outside of range '
                             '0-0o377' % (c + text[i:i + 2]), start)
                    lit.append(chr(value))
                    i += 2
                    continue
                num = c + text[i]
                i += 1
            else:
                num = c
            g = group_ref(num, start + 1)
            if lit:
                parts.append(''.join(lit))
                lit = []
            parts.append(g)
        elif c in _ESCAPES:
            lit.append(_ESCAPES[c])
        elif c in _ASCII_LETTERS:
            fail('bad escape \\%s' % c, start)
        else:
            lit.append('\\' + c)
    if lit:
        parts.append(''.join(lit))
    if is_bytes:
        parts = [p.encode('latin-1') if isinstance(p, str) else p
                 for p in parts]
    return parts


def _expand(m, parts):
    empty = m._subject[:0]
    out = []
    for p in parts:
        if isinstance(p, int):
            v = m._get(p)
            if v is not None:
                out.append(v)
        else:
            out.append(p)
    return empty.join(out)


# -- the compiled-pattern cache -----------------------------------------------

_MAXCACHE = 512
_cache = {}
_cache_lock = _thread.allocate_lock()


def _compile(pattern, flags):
    if isinstance(flags, RegexFlag):
        flags = flags.value
    if isinstance(pattern, Pattern):
        if flags:
            raise ValueError(
                'cannot process flags argument with a compiled pattern')
        return pattern
    key = (type(pattern), pattern, flags)
    with _cache_lock:
        p = _cache.get(key)
    if p is not None:
        return p
    if not isinstance(pattern, (str, bytes)):
        raise TypeError('first argument must be string or compiled pattern')
    handle = _sre.compile(pattern, flags)
    if isinstance(handle, tuple):
        msg, pos = handle
        if pos is None and msg.startswith(('cannot use', 'ASCII and')):
            raise ValueError(msg)
        raise error(msg, pattern, pos)
    groups, names, final_flags = _sre.info(handle)
    p = object.__new__(Pattern)
    p._handle = handle
    p.pattern = pattern
    p.flags = final_flags
    p.groups = groups
    p._groupindex = dict(names)
    p._bytes = isinstance(pattern, bytes)
    if not flags & DEBUG.value:
        with _cache_lock:
            if key not in _cache:
                if len(_cache) >= _MAXCACHE:
                    try:
                        del _cache[next(iter(_cache))]
                    except (StopIteration, KeyError):
                        pass
                _cache[key] = p
            p = _cache[key]
    return p


def compile(pattern, flags=0):
    return _compile(pattern, flags)


def match(pattern, string, flags=0):
    return _compile(pattern, flags).match(string)


def fullmatch(pattern, string, flags=0):
    return _compile(pattern, flags).fullmatch(string)


def search(pattern, string, flags=0):
    return _compile(pattern, flags).search(string)


def sub(pattern, repl, string, count=0, flags=0):
    return _compile(pattern, flags).sub(repl, string, count)


def subn(pattern, repl, string, count=0, flags=0):
    return _compile(pattern, flags).subn(repl, string, count)


def split(pattern, string, maxsplit=0, flags=0):
    return _compile(pattern, flags).split(string, maxsplit)


def findall(pattern, string, flags=0):
    return _compile(pattern, flags).findall(string)


def finditer(pattern, string, flags=0):
    return _compile(pattern, flags).finditer(string)


def purge():
    with _cache_lock:
        _cache.clear()


def template(pattern, flags=0):
    return _compile(pattern, flags | TEMPLATE.value)


_SPECIAL = frozenset('()[]{}?*+-|^$\\.&~# \t\n\r\v\f')


def escape(pattern):
    if isinstance(pattern, str):
        return ''.join('\\' + c if c in _SPECIAL else c for c in pattern)
    data = bytes(pattern)
    out = bytearray()
    for b in data:
        if chr(b) in _SPECIAL:
            out.append(92)
        out.append(b)
    return bytes(out)
