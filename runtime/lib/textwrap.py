"""Filling and wrapping paragraphs of plain text, plus dedent/indent/shorten.

Text is cut into chunks (words, runs of whitespace, and pieces of
hyphenated words), and the chunks are packed greedily into lines of at
most `width` characters.
"""

__all__ = ['TextWrapper', 'wrap', 'fill', 'dedent', 'indent', 'shorten']

# Only ASCII whitespace separates words (a no-break space does not).
_whitespace = '\t\n\x0b\x0c\r '
_SPACE_SET = frozenset(_whitespace)


def _is_word(ch):
    # the regular-expression class \w
    return ch.isalnum() or ch == '_'


def _is_letter(ch):
    # \w without the decimal digits
    return (ch.isalnum() or ch == '_') and not ch.isdecimal()


def _is_word_punct(ch):
    return _is_word(ch) or ch in '!"\'&.,?'


def _hyphen_run(s, i):
    """Length of the run of '-' starting at s[i]."""
    j = i
    n = len(s)
    while j < n and s[j] == '-':
        j += 1
    return j - i


def _split_simple(text):
    # alternating runs of whitespace and of everything else
    chunks = []
    n = len(text)
    i = 0
    while i < n:
        in_space = text[i] in _SPACE_SET
        j = i + 1
        while j < n and (text[j] in _SPACE_SET) == in_space:
            j += 1
        chunks.append(text[i:j])
        i = j
    return chunks


def _dash_follows(s, k):
    """An em-dash (two or more '-') starts at s[k], followed by a word
    character."""
    run = _hyphen_run(s, k)
    return run >= 2 and k + run < len(s) and _is_word(s[k + run])


def _split_hyphenated(text):
    # Like _split_simple, but a word may also end after a hyphen that
    # joins letters ("long-term" -> "long-", "term"), or before an em-dash
    # ("this--that" -> "this", "--", "that").
    chunks = []
    n = len(text)
    i = 0
    while i < n:
        ch = text[i]
        if ch in _SPACE_SET:
            j = i + 1
            while j < n and text[j] in _SPACE_SET:
                j += 1
            chunks.append(text[i:j])
            i = j
            continue
        if ch == '-' and i > 0 and _is_word_punct(text[i - 1]) \
                and _dash_follows(text, i):
            run = _hyphen_run(text, i)
            chunks.append(text[i:i + run])
            i += run
            continue
        # grow the word one character at a time until it may end
        k = i + 1
        while True:
            if k >= n or text[k] in _SPACE_SET:
                break
            if text[k] == '-' and _breakable_hyphen(text, k):
                k += 1
                break
            if _is_word_punct(text[k - 1]) and _dash_follows(text, k):
                break
            k += 1
        chunks.append(text[i:k])
        i = k
    return chunks


def _breakable_hyphen(s, k):
    """The '-' at s[k] may end a chunk: two letters (or letter, '-',
    letter) before it and a letter, optionally '-', and a letter after."""
    n = len(s)
    before = (k >= 2 and _is_letter(s[k - 2]) and _is_letter(s[k - 1])) or \
        (k >= 3 and _is_letter(s[k - 3]) and s[k - 2] == '-'
         and _is_letter(s[k - 1]))
    if not before:
        return False
    if k + 1 >= n or not _is_letter(s[k + 1]):
        return False
    if k + 2 < n and _is_letter(s[k + 2]):
        return True
    return k + 3 < n and s[k + 2] == '-' and _is_letter(s[k + 3])


def _ends_sentence(chunk):
    # lowercase ASCII letter, then . ! or ?, then optionally a quote
    if chunk[-1:] in ('"', "'"):
        chunk = chunk[:-1]
    return (len(chunk) >= 2 and chunk[-1] in '.!?'
            and 'a' <= chunk[-2] <= 'z')


class TextWrapper:
    """Configurable paragraph wrapper; wrap() gives a list of lines, fill()
    one string.  Options (also attributes of the same name):

    width, initial_indent, subsequent_indent, expand_tabs, tabsize,
    replace_whitespace, fix_sentence_endings, break_long_words,
    drop_whitespace, break_on_hyphens, max_lines, placeholder.
    """

    def __init__(self, width=70, initial_indent="", subsequent_indent="",
                 expand_tabs=True, replace_whitespace=True,
                 fix_sentence_endings=False, break_long_words=True,
                 drop_whitespace=True, break_on_hyphens=True, tabsize=8,
                 *, max_lines=None, placeholder=' [...]'):
        self.width = width
        self.initial_indent, self.subsequent_indent = (initial_indent,
                                                       subsequent_indent)
        self.expand_tabs, self.tabsize = expand_tabs, tabsize
        self.replace_whitespace = replace_whitespace
        self.fix_sentence_endings = fix_sentence_endings
        self.break_long_words = break_long_words
        self.break_on_hyphens = break_on_hyphens
        self.drop_whitespace = drop_whitespace
        self.max_lines, self.placeholder = max_lines, placeholder

    # -- turning text into chunks

    def _munge_whitespace(self, text):
        if self.expand_tabs:
            text = text.expandtabs(self.tabsize)
        if self.replace_whitespace:
            for ch in '\t\n\x0b\x0c\r':
                if ch in text:
                    text = text.replace(ch, ' ')
        return text

    def _split(self, text):
        if self.break_on_hyphens:
            return _split_hyphenated(text)
        return _split_simple(text)

    def _fix_sentence_endings(self, chunks):
        # two spaces after a sentence end (the chunk list is edited in place)
        for k in range(len(chunks) - 1):
            if chunks[k + 1] == ' ' and _ends_sentence(chunks[k]):
                chunks[k + 1] = '  '

    def _split_chunks(self, text):
        return self._split(self._munge_whitespace(text))

    # -- packing chunks into lines

    def _handle_long_word(self, reversed_chunks, cur_line, cur_len, width):
        # The next chunk is longer than a whole line.
        room = width - cur_len if width >= 1 else 1
        if not self.break_long_words:
            # it gets a line of its own, overflowing
            if not cur_line:
                cur_line.append(reversed_chunks.pop())
            return
        word = reversed_chunks[-1]
        cut = room
        if self.break_on_hyphens and len(word) > room:
            # prefer to cut just after a hyphen that fits
            at = word.rfind('-', 0, room)
            if at > 0 and word[:at].strip('-'):
                cut = at + 1
        cur_line.append(word[:cut])
        reversed_chunks[-1] = word[cut:]

    def _wrap_chunks(self, chunks):
        if self.width <= 0:
            raise ValueError("invalid width %r (must be > 0)" % self.width)
        limit = self.max_lines
        if limit is not None:
            first_indent = (self.subsequent_indent if limit > 1
                            else self.initial_indent)
            if len(first_indent) + len(self.placeholder.lstrip()) > self.width:
                raise ValueError("placeholder too large for max width")
        lines = []
        pending = chunks[::-1]   # next chunk at the end
        while pending:
            lead = self.subsequent_indent if lines else self.initial_indent
            room = self.width - len(lead)
            if lines and self.drop_whitespace and not pending[-1].strip():
                # no whitespace at the start of continuation lines
                pending.pop()
            if room < 0 and pending and pending[-1] == '':
                # An empty leftover of a word cut when the indent is wider
                # than the line.  It can never fit, and CPython loops
                # forever on it; it is discarded instead.
                pending.pop()
                continue
            line = []
            used = 0
            while pending and used + len(pending[-1]) <= room:
                piece = pending.pop()
                line.append(piece)
                used += len(piece)
            if pending and len(pending[-1]) > room:
                self._handle_long_word(pending, line, used, room)
                used = 0
                for piece in line:
                    used += len(piece)
            if self.drop_whitespace and line and not line[-1].strip():
                used -= len(line[-1])
                line.pop()
            if not line:
                continue
            rest_is_blank = not pending or (
                self.drop_whitespace and len(pending) == 1
                and not pending[0].strip())
            if (limit is None or len(lines) + 1 < limit
                    or (rest_is_blank and used <= room)):
                lines.append(lead + ''.join(line))
                continue
            # the last permitted line: end it with the placeholder
            self._close_with_placeholder(lines, line, used, lead, room)
            break
        return lines

    def _close_with_placeholder(self, lines, line, used, lead, room):
        mark = self.placeholder
        while line:
            if line[-1].strip() and used + len(mark) <= room:
                lines.append(lead + ''.join(line) + mark)
                return
            used -= len(line[-1])
            line.pop()
        if lines:
            previous = lines[-1].rstrip()
            if len(previous) + len(mark) <= self.width:
                lines[-1] = previous + mark
                return
        lines.append(lead + mark.lstrip())

    # -- public interface

    def wrap(self, text):
        """Wrap one paragraph: a list of lines without final newlines."""
        pieces = self._split_chunks(text)
        if not self.fix_sentence_endings:
            return self._wrap_chunks(pieces)
        self._fix_sentence_endings(pieces)
        return self._wrap_chunks(pieces)

    def fill(self, text):
        """Wrap one paragraph into a single string with newlines."""
        return '\n'.join(self.wrap(text))


def _wrapper(width, options):
    return TextWrapper(width=width, **options)


def wrap(text, width=70, **kwargs):
    """Wrap text into lines of at most width characters (list of str).
    Keyword arguments are TextWrapper options."""
    return _wrapper(width, kwargs).wrap(text)


def fill(text, width=70, **kwargs):
    """Like wrap(), joined with newlines."""
    return '\n'.join(_wrapper(width, kwargs).wrap(text))


def shorten(text, width, **kwargs):
    """Squash whitespace and cut text to fit on one line of width
    characters, marking a cut with the placeholder."""
    squashed = ' '.join(text.strip().split())
    kwargs['max_lines'] = 1
    return _wrapper(width, kwargs).fill(squashed)


def dedent(text):
    """Remove the indentation (spaces and tabs) common to all non-blank
    lines.  Lines of only spaces/tabs become empty.  A tab and spaces are
    not treated as equal."""
    lines = text.split('\n')
    margin = None
    for k, line in enumerate(lines):
        body = line.lstrip(' \t')
        if not body:
            lines[k] = ''
            continue
        lead = line[:len(line) - len(body)]
        if margin is None or lead.startswith(margin):
            if margin is None:
                margin = lead
            continue
        # keep the longest shared prefix
        size = 0
        limit = min(len(margin), len(lead))
        while size < limit and margin[size] == lead[size]:
            size += 1
        margin = margin[:size]
    if margin:
        cut = len(margin)
        lines = [line[cut:] if line.startswith(margin) else line
                 for line in lines]
    return '\n'.join(lines)


def indent(text, prefix, predicate=None):
    """Put prefix in front of the lines of text for which predicate(line)
    is true (default: lines that are not just whitespace)."""
    pieces = []
    for line in text.splitlines(True):
        keep = line.strip() if predicate is None else predicate(line)
        pieces.append(prefix + line if keep else line)
    return ''.join(pieces)
