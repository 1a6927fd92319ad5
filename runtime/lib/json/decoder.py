"""JSON text -> Python objects (weft's pure-Python parser).

A recursive-descent parser over a str and an index.  Errors are raised as
JSONDecodeError carrying the same messages and positions as CPython.
"""

__all__ = ['JSONDecoder', 'JSONDecodeError']

_INF = float('inf')
_CONSTANTS = {
    '-Infinity': -_INF,
    'Infinity': _INF,
    'NaN': _INF - _INF,
}
_SPACE = ' \t\n\r'
_DIGITS = '0123456789'
_HEX = frozenset('0123456789abcdefABCDEF')
_SIMPLE_ESCAPES = {
    '"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n',
    'r': '\r', 't': '\t',
}


class JSONDecodeError(ValueError):
    """ValueError raised for malformed JSON.

    msg: the bare message; doc: the text being parsed; pos: index of the
    problem in doc; lineno, colno: 1-based line and column of pos.
    """

    def __init__(self, msg, doc, pos):
        line = doc.count('\n', 0, pos) + 1
        col = pos - doc.rfind('\n', 0, pos)
        ValueError.__init__(
            self, '%s: line %d column %d (char %d)' % (msg, line, col, pos))
        self.msg = msg
        self.doc = doc
        self.pos = pos
        self.lineno = line
        self.colno = col

    def __reduce__(self):
        return type(self), (self.msg, self.doc, self.pos)


class _NoValue(Exception):
    # internal: no JSON value starts at .args[0]
    pass


def _skip(s, i):
    """Index of the first non-whitespace character at or after i."""
    try:
        while s[i] in _SPACE:
            i += 1
    except IndexError:
        pass
    return i


def _hex4(s, at):
    """Value of the four hex digits after the 'u' at index `at`."""
    # like CPython, at least one character must follow the four digits
    digits = s[at + 1:at + 5]
    if at + 5 >= len(s):
        raise JSONDecodeError('Invalid \\uXXXX escape', s, at)
    for ch in digits:
        if ch not in _HEX:
            raise JSONDecodeError('Invalid \\uXXXX escape', s, at)
    return int(digits, 16)


def _first_control(chunk):
    for k, ch in enumerate(chunk):
        if ch < ' ':
            return k
    return -1


def scanstring(s, end, strict=True):
    """Decode the JSON string whose opening quote is at end - 1.
    Returns (text, index after the closing quote)."""
    start = end - 1
    pieces = []
    pos = end
    while True:
        quote = s.find('"', pos)
        if quote < 0:
            # keep scanning to the end: a bad escape or control character
            # before it is reported first
            quote = len(s)
        slash = s.find('\\', pos, quote)
        stop = quote if slash < 0 else slash
        chunk = s[pos:stop]
        if chunk and strict and min(chunk) < ' ':
            bad = pos + _first_control(chunk)
            raise JSONDecodeError('Invalid control character at', s, bad)
        if slash < 0:
            if quote == len(s):
                raise JSONDecodeError('Unterminated string starting at',
                                      s, start)
            if pieces:
                pieces.append(chunk)
                return ''.join(pieces), quote + 1
            return chunk, quote + 1
        if chunk:
            pieces.append(chunk)
        kind_at = slash + 1
        if kind_at >= len(s):
            raise JSONDecodeError('Unterminated string starting at', s, start)
        kind = s[kind_at]
        if kind != 'u':
            decoded = _SIMPLE_ESCAPES.get(kind)
            if decoded is None:
                raise JSONDecodeError('Invalid \\escape', s, slash)
            pieces.append(decoded)
            pos = kind_at + 1
            continue
        code = _hex4(s, kind_at)
        pos = kind_at + 5
        if 0xd800 <= code <= 0xdbff and s[pos:pos + 2] == '\\u':
            low = _hex4(s, pos + 1)
            if 0xdc00 <= low <= 0xdfff:
                code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00)
                pos += 6
        pieces.append(chr(code))


class _Parser:
    """One parse run's settings; the methods return (value, end index)."""

    def __init__(self, decoder):
        self.strict = decoder.strict
        self.object_hook = decoder.object_hook
        self.pairs_hook = decoder.object_pairs_hook
        self.parse_float = decoder.parse_float
        self.parse_int = decoder.parse_int
        self.parse_constant = decoder.parse_constant
        self.keys = {}

    def value(self, s, i):
        try:
            ch = s[i]
        except IndexError:
            raise _NoValue(i) from None
        if ch == '"':
            return scanstring(s, i + 1, self.strict)
        if ch == '{':
            return self.obj(s, i + 1)
        if ch == '[':
            return self.array(s, i + 1)
        if ch == 'n' and s.startswith('null', i):
            return None, i + 4
        if ch == 't' and s.startswith('true', i):
            return True, i + 4
        if ch == 'f' and s.startswith('false', i):
            return False, i + 5
        if ch in _DIGITS or ch == '-':
            found = self.number(s, i)
            if found is not None:
                return found
        if ch == 'N' and s.startswith('NaN', i):
            return self.parse_constant('NaN'), i + 3
        if ch == 'I' and s.startswith('Infinity', i):
            return self.parse_constant('Infinity'), i + 8
        if ch == '-' and s.startswith('-Infinity', i):
            return self.parse_constant('-Infinity'), i + 9
        raise _NoValue(i)

    def number(self, s, i):
        # -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?
        n = len(s)
        j = i
        if s[j] == '-':
            j += 1
            if j >= n or s[j] not in _DIGITS:
                return None
        if s[j] == '0':
            j += 1
        else:
            while j < n and s[j] in _DIGITS:
                j += 1
        int_end = j
        is_float = False
        if j + 1 < n and s[j] == '.' and s[j + 1] in _DIGITS:
            j += 2
            while j < n and s[j] in _DIGITS:
                j += 1
            is_float = True
        if j < n and s[j] in 'eE':
            k = j + 1
            if k < n and s[k] in '+-':
                k += 1
            if k < n and s[k] in _DIGITS:
                k += 1
                while k < n and s[k] in _DIGITS:
                    k += 1
                j = k
                is_float = True
        if is_float:
            return self.parse_float(s[i:j]), j
        return self.parse_int(s[i:int_end]), int_end

    def obj(self, s, i):
        pairs = []
        i = _skip(s, i)
        if s[i:i + 1] == '}':
            return self.finish_object(pairs), i + 1
        keys = self.keys
        while True:
            if s[i:i + 1] != '"':
                raise JSONDecodeError(
                    'Expecting property name enclosed in double quotes', s, i)
            key, i = scanstring(s, i + 1, self.strict)
            key = keys.setdefault(key, key)
            i = _skip(s, i)
            if s[i:i + 1] != ':':
                raise JSONDecodeError("Expecting ':' delimiter", s, i)
            i = _skip(s, i + 1)
            try:
                val, i = self.value(s, i)
            except _NoValue as missing:
                raise JSONDecodeError('Expecting value', s,
                                      missing.args[0]) from None
            pairs.append((key, val))
            i = _skip(s, i)
            sep = s[i:i + 1]
            if sep == '}':
                return self.finish_object(pairs), i + 1
            if sep != ',':
                raise JSONDecodeError("Expecting ',' delimiter", s, i)
            i = _skip(s, i + 1)

    def finish_object(self, pairs):
        if self.pairs_hook is not None:
            return self.pairs_hook(pairs)
        result = dict(pairs)
        if self.object_hook is not None:
            return self.object_hook(result)
        return result

    def array(self, s, i):
        items = []
        i = _skip(s, i)
        if s[i:i + 1] == ']':
            return items, i + 1
        while True:
            try:
                val, i = self.value(s, i)
            except _NoValue as missing:
                raise JSONDecodeError('Expecting value', s,
                                      missing.args[0]) from None
            items.append(val)
            i = _skip(s, i)
            sep = s[i:i + 1]
            if sep == ']':
                return items, i + 1
            if sep != ',':
                raise JSONDecodeError("Expecting ',' delimiter", s, i)
            i = _skip(s, i + 1)


class JSONDecoder(object):
    """Decoder for JSON text.

    Conversions: object -> dict, array -> list, string -> str,
    integer -> int, real -> float, true/false -> True/False, null -> None;
    NaN, Infinity and -Infinity are also accepted.

    object_hook(dict) / object_pairs_hook(list of pairs) replace decoded
    objects (the pairs hook wins when both are given); parse_float,
    parse_int and parse_constant receive the source text of numbers and of
    the three special constants.  strict=False allows control characters
    inside strings.
    """

    def __init__(self, *, object_hook=None, parse_float=None,
                 parse_int=None, parse_constant=None, strict=True,
                 object_pairs_hook=None):
        self.strict = strict
        self.object_hook, self.object_pairs_hook = object_hook, object_pairs_hook
        self.parse_int = int if parse_int is None else parse_int
        self.parse_float = float if parse_float is None else parse_float
        if parse_constant is None:
            parse_constant = _CONSTANTS.__getitem__
        self.parse_constant = parse_constant

    def decode(self, s):
        """Decode the whole of str s (surrounding whitespace allowed)."""
        obj, end = self.raw_decode(s, _skip(s, 0))
        end = _skip(s, end)
        if end != len(s):
            raise JSONDecodeError('Extra data', s, end)
        return obj

    def raw_decode(self, s, idx=0):
        """Decode one JSON value starting exactly at s[idx]; returns
        (value, index where it ended), ignoring anything after it."""
        try:
            return _Parser(self).value(s, idx)
        except _NoValue as missing:
            raise JSONDecodeError('Expecting value', s,
                                  missing.args[0]) from None
