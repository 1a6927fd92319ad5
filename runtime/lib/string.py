"""Weft's `string` module: the character-class constants, capwords(),
Template and Formatter."""

__all__ = ['ascii_letters', 'ascii_lowercase', 'ascii_uppercase', 'capwords',
           'digits', 'hexdigits', 'octdigits', 'printable', 'punctuation',
           'whitespace', 'Formatter', 'Template']

# The values are CPython's; they are built here from a few literals.
digits = '0123456789'
octdigits = digits[:8]
ascii_lowercase = 'abcdefghijklmnopqrstuvwxyz'
ascii_uppercase = ascii_lowercase.upper()
ascii_letters = ascii_lowercase + ascii_uppercase
hexdigits = digits + ascii_lowercase[:6] + ascii_uppercase[:6]
punctuation = r"""!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~"""
whitespace = ' \t\n\r\x0b\x0c'
printable = digits + ascii_letters + punctuation + whitespace


def capwords(s, sep=None):
    """Capitalize every word of s.  Words are what s.split(sep) yields; they
    are joined again with sep, or with one space when sep is None."""
    pieces = [word.capitalize() for word in s.split(sep)]
    return (' ' if sep is None else sep).join(pieces)


def _is_identifier_start(ch):
    return ch == '_' or ('a' <= ch <= 'z') or ('A' <= ch <= 'Z')


def _identifier_end(text, start):
    """The end of the ASCII identifier that starts at `start` (== start
    when there is none)."""
    if start >= len(text) or not _is_identifier_start(text[start]):
        return start
    end = start + 1
    while end < len(text) and (_is_identifier_start(text[end]) or
                               '0' <= text[end] <= '9'):
        end += 1
    return end


class Template:
    """A string with $-placeholders: `$name`, `${name}`, and `$$` for a
    literal dollar sign."""

    delimiter = '$'
    # The default identifier pattern, as CPython spells it.  Weft's
    # scanner matches exactly what it describes: an ASCII letter or
    # underscore, then ASCII letters, digits and underscores.
    idpattern = r'(?a:[_a-z][_a-z0-9]*)'
    braceidpattern = None

    def __init__(self, template):
        self.template = template

    def _pieces(self):
        """Yields (start, end, kind, name) for every delimiter occurrence:
        kind is 'escaped', 'named', 'braced' or 'invalid'."""
        text = self.template
        delim = self.delimiter
        step = len(delim)
        pos = text.find(delim)
        while pos >= 0:
            after = pos + step
            if text.startswith(delim, after):
                yield pos, after + step, 'escaped', None
                pos = text.find(delim, after + step)
                continue
            end = _identifier_end(text, after)
            if end > after:
                yield pos, end, 'named', text[after:end]
                pos = text.find(delim, end)
                continue
            if text.startswith('{', after):
                end = _identifier_end(text, after + 1)
                if end > after + 1 and text.startswith('}', end):
                    yield pos, end + 1, 'braced', text[after + 1:end]
                    pos = text.find(delim, end + 1)
                    continue
            yield pos, after, 'invalid', None
            pos = text.find(delim, after)

    def _invalid(self, start):
        before = self.template[:start].splitlines(keepends=True)
        if before:
            line = len(before)
            column = start - sum(len(chunk) for chunk in before[:-1]) + 1
        else:
            line = column = 1
        raise ValueError(
            'Invalid placeholder in string: line %d, col %d' % (line, column))

    def _render(self, mapping, kws, strict):
        if mapping is None:
            lookup = kws
        elif kws:
            lookup = _TwoLevelLookup(kws, mapping)
        else:
            lookup = mapping
        text = self.template
        out = []
        done = 0
        for start, end, kind, name in self._pieces():
            out.append(text[done:start])
            if kind == 'escaped':
                out.append(self.delimiter)
            elif kind == 'invalid':
                if strict:
                    self._invalid(start)
                out.append(text[start:end])
            elif strict:
                out.append(str(lookup[name]))
            else:
                try:
                    out.append(str(lookup[name]))
                except KeyError:
                    out.append(text[start:end])
            done = end
        out.append(text[done:])
        return ''.join(out)

    def substitute(self, mapping=None, /, **kws):
        return self._render(mapping, kws, True)

    def safe_substitute(self, mapping=None, /, **kws):
        return self._render(mapping, kws, False)

    def is_valid(self):
        return all(kind != 'invalid' for _, _, kind, _ in self._pieces())

    def get_identifiers(self):
        seen = []
        for _, _, kind, name in self._pieces():
            if name is not None and name not in seen:
                seen.append(name)
        return seen


class _TwoLevelLookup:
    """Keyword arguments first, then the mapping argument."""

    def __init__(self, first, second):
        self.first = first
        self.second = second

    def __getitem__(self, key):
        if key in self.first:
            return self.first[key]
        return self.second[key]


def _parse_format(text):
    """Splits a format string into (literal, field, spec, conversion)
    tuples the way str.format reads it."""
    literal = []
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch == '}':
            if text.startswith('}', i + 1):
                literal.append('}')
                yield ''.join(literal), None, None, None
                literal = []
                i += 2
                continue
            raise ValueError("Single '}' encountered in format string")
        if ch != '{':
            literal.append(ch)
            i += 1
            continue
        if text.startswith('{', i + 1):
            literal.append('{')
            yield ''.join(literal), None, None, None
            literal = []
            i += 2
            continue
        if i + 1 == n:
            raise ValueError("Single '{' encountered in format string")
        name, conversion, spec, i = _read_field(text, i + 1)
        yield ''.join(literal), name, spec, conversion
        literal = []
    if literal:
        yield ''.join(literal), None, None, None


def _read_field(text, start):
    """Reads the replacement field whose text starts at `start` (just
    after its '{'): (name, conversion, spec, index after its '}')."""
    n = len(text)
    j = start
    in_index = False
    while j < n:
        c = text[j]
        if in_index:
            in_index = c != ']'
        elif c == '[':
            in_index = True
        elif c in ':!}':
            break
        j += 1
    if j >= n:
        raise ValueError("expected '}' before end of string")
    name = text[start:j]
    conversion = None
    if text[j] == '!':
        if j + 1 >= n:
            raise ValueError('end of string while looking for conversion '
                             'specifier')
        conversion = text[j + 1]
        j += 2
        if j >= n:
            raise ValueError("unmatched '{' in format spec")
        if text[j] not in ':}':
            raise ValueError("expected ':' after conversion specifier")
    if text[j] == '}':
        return name, conversion, '', j + 1
    # A format spec, which may hold nested fields: up to the '}' that
    # balances the field's '{'.
    depth = 1
    k = j + 1
    while k < n:
        if text[k] == '{':
            depth += 1
        elif text[k] == '}':
            depth -= 1
            if depth == 0:
                return name, conversion, text[j + 1:k], k + 1
        k += 1
    raise ValueError("unmatched '{' in format spec")


def _split_field_name(name):
    """The first part of a field name (an int when all digits) and its
    (is_attribute, key) accessors."""
    k = 0
    while k < len(name) and name[k] not in '.[':
        k += 1
    first = name[:k]
    if first.isdigit():
        first = int(first)
    parts = []
    while k < len(name):
        if name[k] == '.':
            end = k + 1
            while end < len(name) and name[end] not in '.[':
                end += 1
            if end == k + 1:
                raise ValueError('Empty attribute in format string')
            parts.append((True, name[k + 1:end]))
            k = end
        elif name[k] == '[':
            end = name.find(']', k)
            if end < 0:
                raise ValueError("Missing ']' in format string")
            key = name[k + 1:end]
            if key == '':
                raise ValueError('Empty attribute in format string')
            parts.append((False, int(key) if key.isdigit() else key))
            k = end + 1
            if k < len(name) and name[k] not in '.[':
                raise ValueError('Only \'.\' or \'[\' may follow \']\' in '
                                 'format field specifier')
        else:
            raise ValueError('Only \'.\' or \'[\' may follow \']\' in '
                             'format field specifier')
    return first, parts


class Formatter:
    """str.format's algorithm as overridable methods."""

    def format(self, format_string, /, *args, **kwargs):
        return self.vformat(format_string, args, kwargs)

    def vformat(self, format_string, args, kwargs):
        used = set()
        text, _ = self._vformat(format_string, args, kwargs, used, 2)
        self.check_unused_args(used, args, kwargs)
        return text

    def _vformat(self, format_string, args, kwargs, used, depth,
                 auto_index=0):
        if depth < 0:
            raise ValueError('Max string recursion exceeded')
        out = []
        for literal, name, spec, conversion in self.parse(format_string):
            if literal:
                out.append(literal)
            if name is None:
                continue
            if name == '':
                if auto_index is False:
                    raise ValueError('cannot switch from manual field '
                                     'specification to automatic field '
                                     'numbering')
                name = str(auto_index)
                auto_index += 1
            elif name.isdigit():
                if auto_index:
                    raise ValueError('cannot switch from manual field '
                                     'specification to automatic field '
                                     'numbering')
                auto_index = False
            value, key = self.get_field(name, args, kwargs)
            used.add(key)
            value = self.convert_field(value, conversion)
            spec, auto_index = self._vformat(spec, args, kwargs, used,
                                             depth - 1, auto_index)
            out.append(self.format_field(value, spec))
        return ''.join(out), auto_index

    def parse(self, format_string):
        return _parse_format(format_string)

    def get_field(self, field_name, args, kwargs):
        first, parts = _split_field_name(field_name)
        value = self.get_value(first, args, kwargs)
        for is_attribute, key in parts:
            value = getattr(value, key) if is_attribute else value[key]
        return value, first

    def get_value(self, key, args, kwargs):
        source = args if isinstance(key, int) else kwargs
        return source[key]

    def check_unused_args(self, used_args, args, kwargs):
        """A hook: the base class accepts arguments the format left out."""

    def format_field(self, value, format_spec):
        return format(value, format_spec)

    def convert_field(self, value, conversion):
        if conversion is None:
            return value
        converter = _CONVERTERS.get(conversion)
        if converter is None:
            raise ValueError('Unknown conversion specifier %s' % conversion)
        return converter(value)


_CONVERTERS = {'s': str, 'r': repr, 'a': ascii}
