"""Python objects -> JSON text (weft's pure-Python serializer)."""

__all__ = ['JSONEncoder']

_INF = float('inf')

# Escapes for characters below 0x20 plus the quote and backslash.
_ESCAPE_TABLE = {}
for _code in range(0x20):
    _ESCAPE_TABLE[_code] = '\\u%04x' % _code
_ESCAPE_TABLE.update({
    ord('"'): '\\"', ord('\\'): '\\\\', ord('\n'): '\\n', ord('\r'): '\\r',
    ord('\t'): '\\t', ord('\b'): '\\b', ord('\f'): '\\f',
})
del _code


def _ascii_escape(text):
    # Only reached for text with DEL or non-ASCII characters: spell them as
    # \uXXXX, using a surrogate pair above the BMP.
    parts = []
    run_start = 0
    for k, ch in enumerate(text):
        code = ord(ch)
        if code < 0x7f:
            continue
        if run_start < k:
            parts.append(text[run_start:k])
        if code < 0x10000:
            parts.append('\\u%04x' % code)
        else:
            code -= 0x10000
            parts.append('\\u%04x\\u%04x' % (0xd800 | (code >> 10),
                                             0xdc00 | (code & 0x3ff)))
        run_start = k + 1
    parts.append(text[run_start:])
    return ''.join(parts)


def encode_basestring(s):
    """JSON string literal for s, keeping non-ASCII characters as is."""
    return '"' + s.translate(_ESCAPE_TABLE) + '"'


def encode_basestring_ascii(s):
    """JSON string literal for s using only ASCII characters."""
    body = s.translate(_ESCAPE_TABLE)
    if not body.isascii() or '\x7f' in body:
        body = _ascii_escape(body)
    return '"' + body + '"'


class JSONEncoder(object):
    """Serializer for Python data structures.

    dict -> object, list/tuple -> array, str -> string, int/float -> number,
    True/False -> true/false, None -> null.  Other objects go through
    default(), which subclasses (or the `default` argument) may provide;
    it should return something serializable or raise TypeError.
    """

    def __init__(self, *, skipkeys=False, ensure_ascii=True,
                 check_circular=True, allow_nan=True, sort_keys=False,
                 indent=None, separators=None, default=None):
        self.indent = indent
        self.sort_keys, self.skipkeys = sort_keys, skipkeys
        self.ensure_ascii, self.allow_nan = ensure_ascii, allow_nan
        self.check_circular = check_circular
        if separators is None:
            if indent is not None:
                # a trailing space would end every indented line
                self.item_separator = ','
        else:
            self.item_separator, self.key_separator = separators
        if default is not None:
            # instance attribute shadows the method
            self.default = default

    def default(self, o):
        """Hook for unsupported objects: return a serializable stand-in or
        raise TypeError (the default)."""
        name = type(o).__name__
        raise TypeError(f'Object of type {name} is not JSON serializable')

    # defaults, replaced per instance by `separators` / `indent`
    key_separator = ': '
    item_separator = ', '

    def encode(self, o):
        """Return the JSON text for o as one str."""
        if not isinstance(o, str):
            out = []
            self._write(o, out, True)
            return ''.join(out)
        as_text = (encode_basestring_ascii if self.ensure_ascii
                   else encode_basestring)
        return as_text(o)

    def iterencode(self, o, _one_shot=False):
        """Yield the JSON text for o in pieces (as dump() writes it)."""
        out = []
        self._write(o, out, _one_shot)
        yield from out

    def _write(self, root, out, one_shot):
        emit = out.append
        quote = (encode_basestring_ascii if self.ensure_ascii
                 else encode_basestring)
        allow_nan = self.allow_nan
        # CPython's C accelerator (used for one-shot, unindented output)
        # words the NaN error without the value; mirror both spellings.
        terse_errors = one_shot and self.indent is None
        indent = self.indent
        if indent is not None and not isinstance(indent, str):
            indent = ' ' * indent
        item_sep = self.item_separator
        key_sep = self.key_separator
        sort_keys = self.sort_keys
        skipkeys = self.skipkeys
        active = {} if self.check_circular else None
        default = self.default

        def number(f):
            if f != f:
                text = 'NaN'
            elif f == _INF:
                text = 'Infinity'
            elif f == -_INF:
                text = '-Infinity'
            else:
                return float.__repr__(f)
            if not allow_nan:
                message = 'Out of range float values are not JSON compliant'
                if not terse_errors:
                    message += ': ' + repr(f)
                raise ValueError(message)
            return text

        def enter(o):
            if active is not None:
                key = id(o)
                if key in active:
                    raise ValueError('Circular reference detected')
                active[key] = o

        def leave(o):
            if active is not None:
                del active[id(o)]

        def write(o, depth):
            if isinstance(o, str):
                emit(quote(o))
            elif o is None:
                emit('null')
            elif o is True:
                emit('true')
            elif o is False:
                emit('false')
            elif isinstance(o, int):
                emit(int.__repr__(o))
            elif isinstance(o, float):
                emit(number(o))
            elif isinstance(o, (list, tuple)):
                write_array(o, depth)
            elif isinstance(o, dict):
                write_object(o, depth)
            else:
                enter(o)
                write(default(o), depth)
                leave(o)

        def write_array(seq, depth):
            if not seq:
                emit('[]')
                return
            enter(seq)
            if indent is None:
                sep = item_sep
                emit('[')
            else:
                depth += 1
                lead = '\n' + indent * depth
                sep = item_sep + lead
                emit('[' + lead)
            first = True
            for item in seq:
                if first:
                    first = False
                else:
                    emit(sep)
                write(item, depth)
            if indent is not None:
                emit('\n' + indent * (depth - 1))
            emit(']')
            leave(seq)

        def key_text(key):
            if isinstance(key, str):
                return key
            if isinstance(key, float):
                return number(key)
            if key is True:
                return 'true'
            if key is False:
                return 'false'
            if key is None:
                return 'null'
            if isinstance(key, int):
                return int.__repr__(key)
            if skipkeys:
                return None
            raise TypeError('keys must be str, int, float, bool or None, '
                            'not %s' % key.__class__.__name__)

        def write_object(mapping, depth):
            if not mapping:
                emit('{}')
                return
            enter(mapping)
            if indent is None:
                sep = item_sep
                emit('{')
            else:
                depth += 1
                lead = '\n' + indent * depth
                sep = item_sep + lead
                emit('{' + lead)
            items = mapping.items()
            if sort_keys:
                items = sorted(items)
            first = True
            for key, value in items:
                text = key_text(key)
                if text is None:
                    continue
                if first:
                    first = False
                else:
                    emit(sep)
                emit(quote(text))
                emit(key_sep)
                write(value, depth)
            if indent is not None:
                emit('\n' + indent * (depth - 1))
            emit('}')
            leave(mapping)

        write(root, 0)
