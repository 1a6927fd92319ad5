"""Pretty-printing of Python data structures.

PrettyPrinter lays out dicts, lists, tuples, sets, strings and bytes (and
some collections types) over several lines when their repr does not fit
in `width` columns.  saferepr/isreadable/isrecursive inspect recursive
structures without looping forever.
"""

import sys as _sys

try:
    import collections as _collections
except ImportError:
    _collections = None

__all__ = ["pprint", "pformat", "isreadable", "isrecursive", "saferepr",
           "PrettyPrinter", "pp"]


def pprint(object, stream=None, indent=1, width=80, depth=None, *,
           compact=False, sort_dicts=True, underscore_numbers=False):
    """Write the pretty form of object, and a newline, to stream
    (default sys.stdout)."""
    PrettyPrinter(stream=stream, indent=indent, width=width, depth=depth,
                  compact=compact, sort_dicts=sort_dicts,
                  underscore_numbers=underscore_numbers).pprint(object)


def pformat(object, indent=1, width=80, depth=None, *, compact=False,
            sort_dicts=True, underscore_numbers=False):
    """The pretty form of object as a str."""
    return PrettyPrinter(indent=indent, width=width, depth=depth,
                         compact=compact, sort_dicts=sort_dicts,
                         underscore_numbers=underscore_numbers
                         ).pformat(object)


def pp(object, *args, sort_dicts=False, **kwargs):
    """pprint() with dictionaries kept in insertion order by default."""
    pprint(object, *args, sort_dicts=sort_dicts, **kwargs)


def saferepr(object):
    """repr() that shows recursive references as <Recursion on ...>."""
    return PrettyPrinter()._safe_repr(object, {}, None, 0)[0]


def isreadable(object):
    """Could eval() of the pretty form rebuild object?"""
    return PrettyPrinter()._safe_repr(object, {}, None, 0)[1]


def isrecursive(object):
    """Does object contain a reference to itself?"""
    return PrettyPrinter()._safe_repr(object, {}, None, 0)[2]


class _Ordered:
    """Sort key that tolerates values of mixed, unorderable types: those
    fall back to ordering by type name, then by id."""
    __slots__ = ('value',)

    def __init__(self, value):
        self.value = value

    def __lt__(self, other):
        try:
            return self.value < other.value
        except TypeError:
            mine = (str(type(self.value)), id(self.value))
            theirs = (str(type(other.value)), id(other.value))
            return mine < theirs


def _pair_key(pair):
    return (_Ordered(pair[0]), _Ordered(pair[1]))


def _recursion(object):
    return "<Recursion on %s with id=%s>" % (type(object).__name__,
                                            id(object))


class _Collector:
    # minimal text stream for pformat()
    def __init__(self):
        self.parts = []

    def write(self, text):
        self.parts.append(text)

    def getvalue(self):
        return ''.join(self.parts)


def _word_runs(line):
    """Split line into pieces that are each a run of non-whitespace
    followed by a run of whitespace."""
    pieces = []
    n = len(line)
    i = 0
    while i < n:
        j = i
        while j < n and not line[j].isspace():
            j += 1
        while j < n and line[j].isspace():
            j += 1
        pieces.append(line[i:j])
        i = j
    return pieces


_SCALARS = frozenset({str, bytes, bytearray, float, complex, bool,
                      type(None)})


class PrettyPrinter:
    def __init__(self, indent=1, width=80, depth=None, stream=None, *,
                 compact=False, sort_dicts=True, underscore_numbers=False):
        """indent: extra columns per nesting level; width: target line
        length; depth: levels shown before eliding with '...'; stream:
        output file for pprint() (default sys.stdout); compact: pack
        several short sequence items per line; sort_dicts: order dict
        entries by key; underscore_numbers: write ints as 1_000."""
        indent, width = int(indent), int(width)
        problem = None
        if indent < 0:
            problem = 'indent must be >= 0'
        elif depth is not None and depth <= 0:
            problem = 'depth must be > 0'
        elif width == 0:
            problem = 'width must be != 0'
        if problem is not None:
            raise ValueError(problem)
        self._stream = _sys.stdout if stream is None else stream
        self._width, self._depth = width, depth
        self._indent_per_level = indent
        self._sort_dicts, self._compact = sort_dicts, bool(compact)
        self._underscore_numbers = underscore_numbers

    # -- public API

    def pprint(self, object):
        out = self._stream
        if out is None:
            return
        self._format(object, out, 0, 0, {}, 0)
        out.write("\n")

    def pformat(self, object):
        out = _Collector()
        self._format(object, out, 0, 0, {}, 0)
        return out.getvalue()

    def isrecursive(self, object):
        return self.format(object, {}, 0, 0)[2]

    def isreadable(self, object):
        found = self.format(object, {}, 0, 0)
        return found[1] and not found[2]

    def format(self, object, context, maxlevels, level):
        """(repr text, readable, recursive) for object; subclasses may
        override to change how single objects are shown."""
        return self._safe_repr(object, context, maxlevels, level)

    # -- layout

    def _format(self, object, stream, indent, allowance, context, level):
        key = id(object)
        if key in context:
            stream.write(_recursion(object))
            self._recursive = True
            self._readable = False
            return
        text = self._repr(object, context, level)
        if len(text) > self._width - indent - allowance:
            layout = self._layouts.get(type(object).__repr__)
            if layout is not None:
                context[key] = 1
                layout(self, object, stream, indent, allowance, context,
                       level + 1)
                del context[key]
                return
        stream.write(text)

    def _repr(self, object, context, level):
        # the copy of context keeps the one-line pass from disturbing the
        # layout's own bookkeeping
        found = self.format(object, dict(context), self._depth, level)
        if found[2]:
            self._recursive = True
        if not found[1]:
            self._readable = False
        return found[0]

    def _pprint_dict(self, object, stream, indent, allowance, context, level):
        stream.write('{')
        if self._indent_per_level > 1:
            stream.write(' ' * (self._indent_per_level - 1))
        if len(object):
            if self._sort_dicts:
                entries = sorted(object.items(), key=_pair_key)
            else:
                entries = object.items()
            self._format_dict_items(entries, stream, indent, allowance + 1,
                                    context, level)
        stream.write('}')

    def _format_dict_items(self, items, stream, indent, allowance, context,
                           level):
        indent += self._indent_per_level
        between = ',\n' + ' ' * indent
        items = list(items)
        final = len(items) - 1
        for k, (key, value) in enumerate(items):
            key_text = self._repr(key, context, level)
            stream.write(key_text + ': ')
            self._format(value, stream, indent + len(key_text) + 2,
                         allowance if k == final else 1, context, level)
            if k != final:
                stream.write(between)

    def _format_items(self, items, stream, indent, allowance, context, level):
        indent += self._indent_per_level
        if self._indent_per_level > 1:
            stream.write(' ' * (self._indent_per_level - 1))
        items = list(items)
        if not items:
            return
        newline = ',\n' + ' ' * indent
        sep = ''
        full = self._width - indent + 1   # room on a fresh line
        room = full
        final = len(items) - 1
        for k, item in enumerate(items):
            last = k == final
            if last:
                full -= allowance
                room -= allowance
            if self._compact:
                text = self._repr(item, context, level)
                need = len(text) + 2
                if room < need:
                    # start a new line
                    room = full
                    if sep:
                        sep = newline
                if room >= need:
                    room -= need
                    stream.write(sep + text)
                    sep = ', '
                    continue
            stream.write(sep)
            sep = newline
            self._format(item, stream, indent, allowance if last else 1,
                         context, level)

    def _pprint_list(self, object, stream, indent, allowance, context, level):
        stream.write('[')
        self._format_items(object, stream, indent, allowance + 1, context,
                           level)
        stream.write(']')

    def _pprint_tuple(self, object, stream, indent, allowance, context,
                      level):
        close = ',)' if len(object) == 1 else ')'
        stream.write('(')
        self._format_items(object, stream, indent, allowance + len(close),
                           context, level)
        stream.write(close)

    def _pprint_set(self, object, stream, indent, allowance, context, level):
        if not len(object):
            stream.write(repr(object))
            return
        kind = type(object)
        if kind is set:
            stream.write('{')
            close = '}'
        else:
            stream.write(kind.__name__ + '({')
            close = '})'
            indent += len(kind.__name__) + 1
        ordered = sorted(object, key=_Ordered)
        self._format_items(ordered, stream, indent, allowance + len(close),
                           context, level)
        stream.write(close)

    def _pprint_str(self, object, stream, indent, allowance, context, level):
        if not len(object):
            stream.write(repr(object))
            return
        if level == 1:
            # room for the enclosing parentheses
            indent += 1
            allowance += 1
        pieces = []
        lines = object.splitlines(True)
        line_room = self._width - indent
        final_line = len(lines) - 1
        text = ''
        for n, line in enumerate(lines):
            text = repr(line)
            room = line_room - allowance if n == final_line else line_room
            if len(text) <= room:
                pieces.append(text)
                continue
            # too long: cut between words
            words = _word_runs(line)
            word_room = line_room
            current = ''
            for m, word in enumerate(words):
                if n == final_line and m == len(words) - 1:
                    word_room -= allowance
                joined = current + word
                if len(repr(joined)) <= word_room:
                    current = joined
                    continue
                if current:
                    pieces.append(repr(current))
                current = word
            if current:
                pieces.append(repr(current))
        if len(pieces) == 1:
            stream.write(text)
            return
        if level == 1:
            stream.write('(')
        stream.write(('\n' + ' ' * indent).join(pieces))
        if level == 1:
            stream.write(')')

    def _pprint_bytes(self, object, stream, indent, allowance, context,
                      level):
        if len(object) <= 4:
            stream.write(repr(object))
            return
        wrapped = level == 1
        if wrapped:
            indent += 1
            allowance += 1
            stream.write('(')
        room = self._width - indent
        last_start = len(object) // 4 * 4
        pieces = []
        current = b''
        for start in range(0, len(object), 4):
            four = object[start:start + 4]
            if start == last_start:
                room -= allowance
            joined = current + four
            if len(repr(joined)) <= room:
                current = joined
                continue
            if current:
                pieces.append(repr(current))
            current = four
        if current:
            pieces.append(repr(current))
        stream.write(('\n' + ' ' * indent).join(pieces))
        if wrapped:
            stream.write(')')

    def _pprint_bytearray(self, object, stream, indent, allowance, context,
                          level):
        stream.write('bytearray(')
        self._pprint_bytes(bytes(object), stream, indent + 10,
                           allowance + 1, context, level + 1)
        stream.write(')')

    def _pprint_ordered_dict(self, object, stream, indent, allowance,
                             context, level):
        if not len(object):
            stream.write(repr(object))
            return
        name = type(object).__name__
        stream.write(name + '(')
        self._format(list(object.items()), stream, indent + len(name) + 1,
                     allowance + 1, context, level)
        stream.write(')')

    def _pprint_default_dict(self, object, stream, indent, allowance,
                             context, level):
        if not len(object):
            stream.write(repr(object))
            return
        factory = self._repr(object.default_factory, context, level)
        name = type(object).__name__
        indent += len(name) + 1
        stream.write('%s(%s,\n%s' % (name, factory, ' ' * indent))
        self._pprint_dict(object, stream, indent, allowance + 1, context,
                          level)
        stream.write(')')

    def _pprint_counter(self, object, stream, indent, allowance, context,
                        level):
        if not len(object):
            stream.write(repr(object))
            return
        name = type(object).__name__
        stream.write(name + '({')
        if self._indent_per_level > 1:
            stream.write(' ' * (self._indent_per_level - 1))
        self._format_dict_items(object.most_common(), stream,
                                indent + len(name) + 1, allowance + 2,
                                context, level)
        stream.write('})')

    def _pprint_deque(self, object, stream, indent, allowance, context,
                      level):
        if not len(object):
            stream.write(repr(object))
            return
        name = type(object).__name__
        stream.write(name + '([')
        indent += len(name) + 1
        bounded = object.maxlen is not None
        self._format_items(object, stream, indent,
                           2 if bounded else allowance + 2, context, level)
        if bounded:
            limit = self._repr(object.maxlen, context, level)
            stream.write('],\n' + ' ' * indent + 'maxlen=' + limit + ')')
        else:
            stream.write('])')

    def _pprint_chain_map(self, object, stream, indent, allowance, context,
                          level):
        maps = object.maps
        if not len(maps) or (len(maps) == 1 and not len(maps[0])):
            stream.write(repr(object))
            return
        name = type(object).__name__
        stream.write(name + '(')
        indent += len(name) + 1
        final = len(maps) - 1
        for k, mapping in enumerate(maps):
            if k == final:
                self._format(mapping, stream, indent, allowance + 1, context,
                             level)
                stream.write(')')
            else:
                self._format(mapping, stream, indent, 1, context, level)
                stream.write(',\n' + ' ' * indent)

    def _pprint_user_wrapper(self, object, stream, indent, allowance,
                             context, level):
        # UserDict / UserList / UserString print like what they wrap
        self._format(object.data, stream, indent, allowance, context,
                     level - 1)

    # -- one-line representations

    def _safe_repr(self, object, context, maxlevels, level):
        kind = type(object)
        if kind in _SCALARS:
            return repr(object), True, False
        own_repr = getattr(kind, '__repr__', None)
        if issubclass(kind, int) and own_repr is int.__repr__:
            if self._underscore_numbers:
                return f"{object:_d}", True, False
            return repr(object), True, False
        if issubclass(kind, dict) and own_repr is dict.__repr__:
            if not object:
                return '{}', True, False
            return self._safe_container(
                object, context, maxlevels, level, '{%s}', True)
        if issubclass(kind, list) and own_repr is list.__repr__:
            if not object:
                return '[]', True, False
            return self._safe_container(
                object, context, maxlevels, level, '[%s]', False)
        if issubclass(kind, tuple) and own_repr is tuple.__repr__:
            if not object:
                return '()', True, False
            shape = '(%s,)' if len(object) == 1 else '(%s)'
            return self._safe_container(
                object, context, maxlevels, level, shape, False)
        text = repr(object)
        return text, bool(text) and not text.startswith('<'), False

    def _safe_container(self, object, context, maxlevels, level, shape,
                        is_mapping):
        key = id(object)
        if maxlevels and level >= maxlevels:
            return shape % '...', False, key in context
        if key in context:
            return _recursion(object), False, True
        context[key] = 1
        readable = True
        recursive = False
        parts = []
        level += 1
        if is_mapping:
            entries = object.items()
            if self._sort_dicts:
                entries = sorted(entries, key=_pair_key)
            for k, v in entries:
                k_text, k_ok, k_rec = self.format(k, context, maxlevels, level)
                v_text, v_ok, v_rec = self.format(v, context, maxlevels, level)
                parts.append(k_text + ': ' + v_text)
                readable = readable and k_ok and v_ok
                recursive = recursive or k_rec or v_rec
        else:
            for item in object:
                text, ok, rec = self.format(item, context, maxlevels, level)
                parts.append(text)
                readable = readable and ok
                recursive = recursive or rec
        del context[key]
        return shape % ', '.join(parts), readable, recursive


# Multi-line layouts, chosen by the type's __repr__ (so subclasses that keep
# the built-in repr are laid out the same way).  Built at import and only
# read afterwards.
PrettyPrinter._layouts = {
    dict.__repr__: PrettyPrinter._pprint_dict,
    list.__repr__: PrettyPrinter._pprint_list,
    tuple.__repr__: PrettyPrinter._pprint_tuple,
    set.__repr__: PrettyPrinter._pprint_set,
    frozenset.__repr__: PrettyPrinter._pprint_set,
    str.__repr__: PrettyPrinter._pprint_str,
    bytes.__repr__: PrettyPrinter._pprint_bytes,
    bytearray.__repr__: PrettyPrinter._pprint_bytearray,
}


def _register_collections():
    if _collections is None:
        return
    for type_name, method in (
            ('OrderedDict', PrettyPrinter._pprint_ordered_dict),
            ('defaultdict', PrettyPrinter._pprint_default_dict),
            ('Counter', PrettyPrinter._pprint_counter),
            ('deque', PrettyPrinter._pprint_deque),
            ('ChainMap', PrettyPrinter._pprint_chain_map),
            ('UserDict', PrettyPrinter._pprint_user_wrapper),
            ('UserList', PrettyPrinter._pprint_user_wrapper),
            ('UserString', PrettyPrinter._pprint_user_wrapper)):
        cls = getattr(_collections, type_name, None)
        if cls is not None:
            PrettyPrinter._layouts[cls.__repr__] = method


_register_collections()
