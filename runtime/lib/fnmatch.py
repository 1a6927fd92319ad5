"""Shell-style wildcard matching of file names.

    *       any run of characters (also empty)
    ?       any single character
    [seq]   one character from seq (ranges like a-z allowed)
    [!seq]  one character not in seq

Matching does not use regular expressions: patterns are compiled into a
small token list and matched directly.  translate() still produces the
regular-expression text CPython's fnmatch.translate gives.
"""

import _thread

try:
    import os.path as _ospath
    import posixpath as _posixpath
    _normcase = _ospath.normcase
    # on POSIX normcase changes nothing, and filter() skips it
    _case_folds = _ospath is not _posixpath
except (ImportError, AttributeError):
    _case_folds = False

    def _normcase(s):
        # POSIX: names are compared exactly
        if not isinstance(s, (str, bytes)):
            raise TypeError("expected str, bytes or os.PathLike object, "
                            "not %s" % type(s).__name__)
        return s

__all__ = ["filter", "fnmatch", "fnmatchcase", "translate"]


def fnmatch(name, pat):
    """Does name match the shell pattern pat?  Both go through
    os.path.normcase first (no change on POSIX)."""
    return fnmatchcase(_normcase(name), _normcase(pat))


def fnmatchcase(name, pat):
    """Does name match pat, comparing characters exactly?"""
    return _match(_compiled(pat), name)


def filter(names, pat):
    """The elements of names that match pat (a new list)."""
    tokens = _compiled(_normcase(pat))
    if not _case_folds:
        return [name for name in names if _match(tokens, name)]
    return [name for name in names if _match(tokens, _normcase(name))]


# ---------------------------------------------------------------------------
# Pattern cache: pattern -> token list.  Reads are plain dict lookups;
# insertions take the lock so the size bound is kept when several threads
# compile at once.

_CACHE_LIMIT = 32768
_cache = {}
_cache_lock = _thread.allocate_lock()


def _compiled(pat):
    """(pattern is bytes, token list) for pat."""
    tokens = _cache.get(pat)
    if tokens is None:
        if isinstance(pat, bytes):
            # bytes patterns work on their Latin-1 decoding, one character
            # per byte
            tokens = (True, _tokenize(str(pat, 'ISO-8859-1')))
        else:
            len(pat)    # TypeError for objects that are not text at all
            tokens = (False, _tokenize(pat))
        with _cache_lock:
            if len(_cache) >= _CACHE_LIMIT:
                _cache.clear()
            _cache[pat] = tokens
    return tokens


# ---------------------------------------------------------------------------
# Bracket expressions.  Both the matcher and translate() start from the
# character-class body CPython would put in its regular expression, so the
# two always agree (ranges written backwards are dropped, a trailing '-'
# is literal, and so on).

def _bracket_end(pat, i):
    """Index of the ']' closing the bracket whose contents start at i, or
    -1 when there is none (then '[' is an ordinary character)."""
    n = len(pat)
    j = i
    if j < n and pat[j] == '!':
        j += 1
    if j < n and pat[j] == ']':
        j += 1
    j = pat.find(']', j)
    return j


def _class_body(pat, i, j):
    """Regular-expression class text for the bracket contents pat[i:j]."""
    inner = pat[i:j]
    if '-' not in inner:
        body = inner.replace('\\', '\\\\')
    else:
        # split at the hyphens that form ranges; a hyphen right after the
        # opening (or after '!') is literal, and a range's end character
        # cannot start another range
        pieces = []
        start = i
        look = i + 2 if pat[i] == '!' else i + 1
        while True:
            dash = pat.find('-', look, j)
            if dash < 0:
                break
            pieces.append(pat[start:dash])
            start = dash + 1
            look = dash + 3
        tail = pat[start:j]
        if tail:
            pieces.append(tail)
        else:
            pieces[-1] += '-'
        # drop ranges whose end comes before their start
        k = len(pieces) - 1
        while k > 0:
            left, right = pieces[k - 1], pieces[k]
            if left[-1] > right[0]:
                pieces[k - 1] = left[:-1] + right[1:]
                del pieces[k]
            k -= 1
        body = '-'.join(piece.replace('\\', '\\\\').replace('-', '\\-')
                        for piece in pieces)
    for special in '&~|':
        if special in body:
            body = body.replace(special, '\\' + special)
    return body


def _class_text(body):
    # the complete regular-expression piece for a class body
    if not body:
        return '(?!)'
    if body == '!':
        return '.'
    if body[0] == '!':
        return '[^' + body[1:] + ']'
    if body[0] in '^[':
        return '[\\' + body + ']'
    return '[' + body + ']'


class _CharSet:
    """One bracket expression as the matcher uses it."""
    __slots__ = ('negated', 'chars', 'ranges')

    def __init__(self, body):
        # `body` is a class body as produced by _class_body(); read it
        # the way the regular-expression engine reads a class.
        self.negated = False
        if body.startswith('!'):
            self.negated = True
            body = body[1:]
        elif body.startswith('^') or body.startswith('['):
            body = '\\' + body
        atoms = []
        k = 0
        n = len(body)
        while k < n:
            if body[k] == '\\' and k + 1 < n:
                atoms.append((body[k + 1], True))
                k += 2
            else:
                atoms.append((body[k], False))
                k += 1
        chars = set()
        ranges = []
        m = 0
        while m < len(atoms):
            ch, escaped = atoms[m]
            if (m + 2 < len(atoms) and atoms[m + 1] == ('-', False)):
                ranges.append((ch, atoms[m + 2][0]))
                m += 3
            else:
                chars.add(ch)
                m += 1
        self.chars = frozenset(chars)
        self.ranges = tuple(ranges)

    def __call__(self, ch):
        found = ch in self.chars
        if not found:
            for low, high in self.ranges:
                if low <= ch <= high:
                    found = True
                    break
        return found != self.negated


# token kinds
_STAR = 0
_TEXT = 1     # literal run; payload is the text
_ONE = 2      # any one character
_SET = 3      # payload is a _CharSet
_NEVER = 4    # empty class: matches nothing


def _tokenize(pat):
    tokens = []
    text = []

    def flush():
        if text:
            tokens.append((_TEXT, ''.join(text)))
            del text[:]

    i = 0
    n = len(pat)
    while i < n:
        c = pat[i]
        i += 1
        if c == '*':
            flush()
            if not tokens or tokens[-1][0] != _STAR:
                tokens.append((_STAR, None))
        elif c == '?':
            flush()
            tokens.append((_ONE, None))
        elif c == '[':
            j = _bracket_end(pat, i)
            if j < 0:
                text.append(c)
                continue
            body = _class_body(pat, i, j)
            i = j + 1
            flush()
            if not body:
                tokens.append((_NEVER, None))
            elif body == '!':
                tokens.append((_ONE, None))
            else:
                tokens.append((_SET, _CharSet(body)))
        else:
            text.append(c)
    flush()
    return tokens


def _step(token, name, i):
    """Length consumed by a non-star token at name[i], or -1."""
    kind, payload = token
    if kind == _TEXT:
        return len(payload) if name.startswith(payload, i) else -1
    if i >= len(name):
        return -1
    if kind == _ONE:
        return 1
    if kind == _SET:
        return 1 if payload(name[i]) else -1
    return -1


def _match(compiled, name):
    # Greedy scan remembering the last '*': on a mismatch the star takes
    # one more character and matching resumes after it.  Every other token
    # has a fixed width, which makes this exact.
    binary, tokens = compiled
    if isinstance(name, str):
        if binary:
            raise TypeError("cannot use a bytes pattern on a string-like "
                            "object")
    elif isinstance(name, (bytes, bytearray)):
        if not binary:
            raise TypeError("cannot use a string pattern on a bytes-like "
                            "object")
        name = str(name, 'ISO-8859-1')
    else:
        raise TypeError("expected string or bytes-like object, got '%s'"
                        % type(name).__name__)
    count = len(tokens)
    size = len(name)
    t = 0
    i = 0
    star_t = -1
    star_i = 0
    while i < size or t < count:
        if t < count:
            token = tokens[t]
            if token[0] == _STAR:
                star_t = t
                star_i = i
                t += 1
                continue
            width = _step(token, name, i)
            if width >= 0:
                i += width
                t += 1
                continue
        if star_t < 0 or star_i >= size:
            return False
        star_i += 1
        i = star_i
        t = star_t + 1
    return True


# ---------------------------------------------------------------------------
# translate()

_RE_SPECIAL = frozenset('()[]{}?*+-|^$\\.&~# \t\n\r\v\f')
def _re_escape(text):
    return ''.join('\\' + ch if ch in _RE_SPECIAL else ch for ch in text)


def translate(pat):
    """Regular-expression text equivalent to the shell pattern pat (the
    same text CPython's fnmatch.translate returns)."""
    parts = []       # regex pieces, with None standing for '*'
    i = 0
    n = len(pat)
    while i < n:
        c = pat[i]
        i += 1
        if c == '*':
            if not parts or parts[-1] is not None:
                parts.append(None)
        elif c == '?':
            parts.append('.')
        elif c == '[':
            j = _bracket_end(pat, i)
            if j < 0:
                parts.append('\\[')
            else:
                parts.append(_class_text(_class_body(pat, i, j)))
                i = j + 1
        else:
            parts.append(_re_escape(c))
    # Stars: a final one is '.*'; one followed by more stars later becomes
    # an atomic group (no backtracking into it).
    out = []
    k = 0
    while k < len(parts) and parts[k] is not None:
        out.append(parts[k])
        k += 1
    while k < len(parts):
        k += 1  # the star itself
        fixed = []
        while k < len(parts) and parts[k] is not None:
            fixed.append(parts[k])
            k += 1
        fixed = ''.join(fixed)
        if k >= len(parts):
            out.append('.*' + fixed)
        else:
            out.append('(?>.*?' + fixed + ')')
    return '(?s:%s)\\Z' % ''.join(out)
