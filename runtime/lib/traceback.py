"""Extract, format and print stack traces and exceptions.

Output follows CPython 3.11's layout.  Column markers (the ``^^^^`` lines)
are only produced when code objects provide ``co_positions()``; Weft's do
not yet, so those lines are left out.
"""

import collections
import itertools
from _collections_abc import Sequence as _Sequence
import linecache
import sys

__all__ = [
    'FrameSummary', 'StackSummary', 'TracebackException',
    'clear_frames', 'extract_stack', 'extract_tb',
    'format_exc', 'format_exception', 'format_exception_only',
    'format_list', 'format_stack', 'format_tb',
    'print_exc', 'print_exception', 'print_last',
    'print_stack', 'print_tb', 'walk_stack', 'walk_tb',
]

# Beyond this many consecutive identical frames, the rest are summarised.
_RECURSIVE_CUTOFF = 3

_cause_message = ("\nThe above exception was the direct cause "
                  "of the following exception:\n\n")

_context_message = ("\nDuring handling of the above exception, "
                    "another exception occurred:\n\n")

# Marks "argument not passed" for the (value, tb) parameters.
_sentinel = object()


# ---------------------------------------------------------------------------
# small helpers

def _safe_string(value, what, func=str):
    try:
        return func(value)
    except Exception:
        return '<%s %s() failed>' % (what, func.__name__)


def _split_args(exc, value, tb):
    """Resolve the (exc) / (etype, value, tb) calling conventions."""
    value_given = value is not _sentinel
    tb_given = tb is not _sentinel
    if value_given != tb_given:
        raise ValueError("Both or neither of value and tb must be given")
    if value_given:
        return value, tb
    if exc is None:
        return None, None
    if isinstance(exc, BaseException):
        return exc, exc.__traceback__
    raise TypeError('Exception expected for value, %s found'
                    % type(exc).__name__)


def _current_exception():
    # sys.exc_info() as a (type, value, tb) triple; the traceback is taken
    # from the exception itself when the interpreter does not supply it.
    etype, value, tb = sys.exc_info()
    if tb is None and value is not None:
        tb = value.__traceback__
    return etype, value, tb


def _final_line(type_name, value):
    text = _safe_string(value, 'exception')
    if value is None or not text:
        return "%s\n" % type_name
    return "%s: %s\n" % (type_name, text)


def _indent_all(text, prefix):
    # Prefix every line of text (blank ones included), keeping line ends.
    if not prefix:
        return text
    return ''.join(prefix + piece for piece in text.splitlines(True))


# ---------------------------------------------------------------------------
# printing and formatting functions

def print_list(extracted_list, file=None):
    """Print (filename, lineno, name, line) entries as format_list does."""
    if file is None:
        file = sys.stderr
    for chunk in StackSummary.from_list(extracted_list).format():
        print(chunk, file=file, end="")


def format_list(extracted_list):
    """Format FrameSummary objects or 4-tuples as traceback entry strings."""
    return StackSummary.from_list(extracted_list).format()


def print_tb(tb, limit=None, file=None):
    """Print up to `limit` entries of a traceback object."""
    print_list(extract_tb(tb, limit=limit), file=file)


def format_tb(tb, limit=None):
    """The entries of a traceback object as a list of strings."""
    return extract_tb(tb, limit=limit).format()


def extract_tb(tb, limit=None):
    """A StackSummary of a traceback object's entries."""
    return StackSummary._extract_from_extended_frame_gen(
        _walk_tb_with_full_positions(tb), limit=limit)


def print_exception(exc, /, value=_sentinel, tb=_sentinel, limit=None,
                    file=None, chain=True):
    """Print an exception with its traceback (and chained exceptions)."""
    value, tb = _split_args(exc, value, tb)
    te = TracebackException(type(value), value, tb, limit=limit, compact=True)
    te.print(file=file, chain=chain)


def format_exception(exc, /, value=_sentinel, tb=_sentinel, limit=None,
                     chain=True):
    """What print_exception() would print, as a list of strings."""
    value, tb = _split_args(exc, value, tb)
    te = TracebackException(type(value), value, tb, limit=limit, compact=True)
    return list(te.format(chain=chain))


def format_exception_only(exc, /, value=_sentinel):
    """The 'Type: message' part of an exception as a list of strings."""
    if value is _sentinel:
        value = exc
    te = TracebackException(type(value), value, None, compact=True)
    return list(te.format_exception_only())


def print_exc(limit=None, file=None, chain=True):
    """Print the exception currently being handled."""
    print_exception(*_current_exception(), limit=limit, file=file, chain=chain)


def format_exc(limit=None, chain=True):
    """The exception currently being handled, formatted as one string."""
    return "".join(format_exception(*_current_exception(), limit=limit,
                                    chain=chain))


def print_last(limit=None, file=None, chain=True):
    """Print the exception stored in sys.last_type/last_value/last_traceback."""
    try:
        triple = (sys.last_type, sys.last_value, sys.last_traceback)
    except AttributeError:
        raise ValueError("no last exception") from None
    print_exception(*triple, limit=limit, file=file, chain=chain)


def print_stack(f=None, limit=None, file=None):
    """Print the stack leading to frame f (default: the caller)."""
    frame = f if f is not None else sys._getframe(1)
    print_list(extract_stack(frame, limit=limit), file=file)


def format_stack(f=None, limit=None):
    """The stack leading to frame f (default: the caller) as strings."""
    frame = f if f is not None else sys._getframe(1)
    return format_list(extract_stack(frame, limit=limit))


def extract_stack(f=None, limit=None):
    """A StackSummary of the stack leading to f, oldest frame first."""
    frame = f if f is not None else sys._getframe(1)
    summary = StackSummary.extract(walk_stack(frame), limit=limit)
    summary.reverse()
    return summary


def clear_frames(tb):
    """Clear the local variables of every frame of a traceback."""
    while tb is not None:
        clear = getattr(tb.tb_frame, 'clear', None)
        if clear is not None:
            try:
                clear()
            except RuntimeError:
                # the frame is still running
                pass
        tb = tb.tb_next


# ---------------------------------------------------------------------------
# frame summaries

class FrameSummary:
    """One entry of a stack: file, line number, function name, source line
    and (optionally) the repr of its local variables."""

    __slots__ = ('filename', 'lineno', 'name', 'locals', '_line',
                 'end_lineno', 'colno', 'end_colno')

    def __init__(self, filename, lineno, name, *, lookup_line=True,
                 locals=None, line=None,
                 end_lineno=None, colno=None, end_colno=None):
        self.filename, self.lineno, self.name = filename, lineno, name
        self.end_lineno, self.colno, self.end_colno = (end_lineno, colno,
                                                       end_colno)
        self._line = line
        if lookup_line:
            self.line
        if locals:
            self.locals = {key: repr(val) for key, val in locals.items()}
        else:
            self.locals = None

    def _fields(self):
        return (self.filename, self.lineno, self.name, self.line)

    def __eq__(self, other):
        if isinstance(other, FrameSummary):
            mine = (self.filename, self.lineno, self.name, self.locals)
            theirs = (other.filename, other.lineno, other.name, other.locals)
            return mine == theirs
        if isinstance(other, tuple):
            return self._fields() == other
        return NotImplemented

    def __getitem__(self, index):
        return self._fields()[index]

    def __iter__(self):
        return iter(self._fields())

    def __len__(self):
        return 4

    def __repr__(self):
        return "<FrameSummary file {}, line {} in {}>".format(
            self.filename, self.lineno, self.name)

    @property
    def _original_line(self):
        # the untrimmed text (loads it if needed)
        self.line
        return self._line

    @property
    def line(self):
        text = self._line
        if text is None:
            if self.lineno is None:
                return None
            text = self._line = linecache.getline(self.filename, self.lineno)
        return text.strip()


def walk_stack(f):
    """Yield (frame, lineno) from f outwards through f_back.

    With f None, start from the frame that called the caller of this
    generator's consumer, as CPython 3.11 does.
    """
    frame = f
    if frame is None:
        frame = sys._getframe(4)
    while frame is not None:
        yield frame, frame.f_lineno
        frame = frame.f_back


def walk_tb(tb):
    """Yield (frame, lineno) for every entry of a traceback, via tb_next."""
    while tb is not None:
        yield tb.tb_frame, tb.tb_lineno
        tb = tb.tb_next


def _code_position(code, lasti):
    # (lineno, end_lineno, colno, end_colno) of the instruction at byte
    # offset lasti, when the code object can tell.
    positions = getattr(code, 'co_positions', None)
    if positions is None or lasti is None or lasti < 0:
        return None
    try:
        return next(itertools.islice(positions(), lasti // 2, None))
    except (StopIteration, TypeError, ValueError):
        return None


def _walk_tb_with_full_positions(tb):
    while tb is not None:
        frame = tb.tb_frame
        pos = _code_position(frame.f_code, getattr(tb, 'tb_lasti', None))
        if pos is None or pos[0] is None:
            rest = pos[1:] if pos is not None else (None, None, None)
            yield frame, (tb.tb_lineno,) + tuple(rest)
        else:
            yield frame, tuple(pos)
        tb = tb.tb_next


def _with_positions(frame_gen):
    for frame, lineno in frame_gen:
        yield frame, (lineno, None, None, None)


def _byte_to_char_offset(text, offset):
    # co_positions columns count UTF-8 bytes
    return len(text.encode('utf-8')[:offset].decode('utf-8', 'replace'))


def _apply_limit(entries, limit):
    # limit >= 0 keeps the first entries, a negative one the last -limit;
    # without one, sys.tracebacklimit (if set) caps the count.
    if limit is None:
        limit = getattr(sys, 'tracebacklimit', None)
        if limit is None:
            return entries
        limit = max(limit, 0)
    if limit < 0:
        return collections.deque(entries, maxlen=-limit)
    return itertools.islice(entries, limit)


class StackSummary(list):
    """A list of FrameSummary objects that knows how to format itself."""

    @classmethod
    def extract(klass, frame_gen, *, limit=None, lookup_lines=True,
                capture_locals=False):
        """Build a summary from an iterable of (frame, lineno) pairs."""
        return klass._extract_from_extended_frame_gen(
            _with_positions(frame_gen), limit=limit,
            lookup_lines=lookup_lines, capture_locals=capture_locals)

    @classmethod
    def _extract_from_extended_frame_gen(klass, frame_gen, *, limit=None,
                                         lookup_lines=True,
                                         capture_locals=False):
        frame_gen = _apply_limit(frame_gen, limit)

        summary = klass()
        seen_files = set()
        for frame, (lineno, end_lineno, colno, end_colno) in frame_gen:
            code = frame.f_code
            filename = code.co_filename
            seen_files.add(filename)
            linecache.lazycache(filename, frame.f_globals)
            frame_locals = frame.f_locals if capture_locals else None
            summary.append(FrameSummary(
                filename, lineno, code.co_name, lookup_line=False,
                locals=frame_locals, end_lineno=end_lineno, colno=colno,
                end_colno=end_colno))
        for filename in seen_files:
            linecache.checkcache(filename)
        if lookup_lines:
            for entry in summary:
                entry.line
        return summary

    @classmethod
    def from_list(klass, a_list):
        """Build a summary from FrameSummary objects or 4-tuples."""
        summary = StackSummary()
        for item in a_list:
            if isinstance(item, FrameSummary):
                summary.append(item)
            else:
                filename, lineno, name, line = item
                summary.append(FrameSummary(filename, lineno, name,
                                            line=line))
        return summary

    def format_frame_summary(self, frame_summary):
        """The text of one entry: location line, source line, locals."""
        parts = ['  File "{}", line {}, in {}\n'.format(
            frame_summary.filename, frame_summary.lineno, frame_summary.name)]
        if frame_summary.line:
            parts.append('    {}\n'.format(frame_summary.line.strip()))
            marker = self._marker_line(frame_summary)
            if marker:
                parts.append(marker)
        if frame_summary.locals:
            for key in sorted(frame_summary.locals):
                parts.append('    {name} = {value}\n'.format(
                    name=key, value=frame_summary.locals[key]))
        return ''.join(parts)

    def _marker_line(self, fs):
        # '^' markers under the failing expression; needs column data and
        # is skipped when the marked span is the whole line.
        if fs.colno is None or fs.end_colno is None:
            return None
        original = fs._original_line
        stripped = original.strip()
        indent = len(original) - len(original.lstrip())
        start = _byte_to_char_offset(original, fs.colno)
        if fs.end_lineno is not None and fs.end_lineno != fs.lineno:
            end = len(original.rstrip())
        else:
            end = _byte_to_char_offset(original, fs.end_colno)
        width = end - start
        if width <= 0 or width >= len(stripped):
            return None
        return '    ' + ' ' * (start - indent) + '^' * width + '\n'

    def format(self):
        """Format the entries as strings, folding long runs of identical
        frames into a "[Previous line repeated N more times]" note."""
        out = []
        previous = None
        run = 0

        def note(count):
            extra = count - _RECURSIVE_CUTOFF
            return ('  [Previous line repeated {} more time{}]\n'
                    .format(extra, 's' if extra > 1 else ''))

        for fs in self:
            text = self.format_frame_summary(fs)
            if text is None:
                continue
            where = (fs.filename, fs.lineno, fs.name)
            if previous is None or where != previous or None in previous:
                if run > _RECURSIVE_CUTOFF:
                    out.append(note(run))
                previous = where
                run = 0
            run += 1
            if run <= _RECURSIVE_CUTOFF:
                out.append(text)
        if run > _RECURSIVE_CUTOFF:
            out.append(note(run))
        return out


# ---------------------------------------------------------------------------
# exceptions

_SYNTAX_FIELDS = ('filename', 'lineno', 'offset', 'text', 'end_lineno',
                  'end_offset')


def _syntax_fields(exc):
    # The attributes of a SyntaxError.  Where the interpreter did not fill
    # them in from the constructor arguments, (msg, (filename, lineno,
    # offset, text[, end_lineno, end_offset])) are unpacked here instead.
    args = getattr(exc, 'args', ())
    details = ()
    if len(args) == 2 and isinstance(args[1], tuple):
        details = args[1]
    fallback = {'msg': args[0] if args else None}
    for i, name in enumerate(_SYNTAX_FIELDS):
        fallback[name] = details[i] if i < len(details) else None
    fields = {}
    for name in ('msg',) + _SYNTAX_FIELDS:
        try:
            fields[name] = getattr(exc, name)
        except AttributeError:
            fields[name] = fallback[name]
    return fields


class _PrintContext:
    """Indentation state while printing nested exception groups."""

    def __init__(self):
        self.need_close = False
        self.exception_group_depth = 0

    def indent(self):
        return '  ' * self.exception_group_depth

    def prefix(self, margin_char=None):
        text = self.indent()
        if self.exception_group_depth:
            text += (margin_char if margin_char is not None else '|') + ' '
        return text

    def emit(self, chunks, margin_char=None):
        prefix = self.prefix(margin_char)
        if isinstance(chunks, str):
            chunks = (chunks,)
        for chunk in chunks:
            yield _indent_all(chunk, prefix)


class TracebackException:
    """A snapshot of an exception, its traceback and its chained
    exceptions, ready to be formatted without keeping frames alive."""

    def __init__(self, exc_type, exc_value, exc_traceback, *, limit=None,
                 lookup_lines=True, capture_locals=False, compact=False,
                 max_group_width=15, max_group_depth=10, _seen=None):
        nested = _seen is not None
        seen = set() if _seen is None else _seen
        seen.add(id(exc_value))
        _seen = seen

        self.max_group_width, self.max_group_depth = (max_group_width,
                                                      max_group_depth)
        self.stack = StackSummary._extract_from_extended_frame_gen(
            _walk_tb_with_full_positions(exc_traceback), limit=limit,
            lookup_lines=lookup_lines, capture_locals=capture_locals)
        self.exc_type = exc_type
        self._str = _safe_string(exc_value, 'exception')
        self.__notes__ = getattr(exc_value, '__notes__', None)

        if exc_type and issubclass(exc_type, SyntaxError):
            fields = _syntax_fields(exc_value)
            self.filename = fields['filename']
            lno = fields['lineno']
            self.lineno = str(lno) if lno is not None else None
            end_lno = fields['end_lineno']
            self.end_lineno = str(end_lno) if end_lno is not None else None
            self.text = fields['text']
            self.offset = fields['offset']
            self.end_offset = fields['end_offset']
            self.msg = fields['msg']
        if lookup_lines:
            self._load_lines()
        if exc_value is not None:
            self.__suppress_context__ = exc_value.__suppress_context__
        else:
            self.__suppress_context__ = False
        self.__cause__ = None
        self.__context__ = None
        self.exceptions = None

        if nested:
            # the outermost instance walks the whole exception graph
            return
        options = dict(limit=limit, lookup_lines=lookup_lines,
                       capture_locals=capture_locals,
                       max_group_width=max_group_width,
                       max_group_depth=max_group_depth, _seen=_seen)
        pending = [(self, exc_value)]
        while pending:
            te, exc = pending.pop()
            cause = None
            if exc is not None:
                linked = exc.__cause__
                if linked is not None and id(linked) not in _seen:
                    cause = TracebackException(
                        type(linked), linked, linked.__traceback__, **options)
            if compact:
                want_context = (cause is None and exc is not None and
                                not exc.__suppress_context__)
            else:
                want_context = True
            context = None
            if exc is not None and want_context:
                linked = exc.__context__
                if linked is not None and id(linked) not in _seen:
                    context = TracebackException(
                        type(linked), linked, linked.__traceback__, **options)
            members = None
            if exc is not None and isinstance(exc, BaseExceptionGroup):
                members = []
                for sub in exc.exceptions:
                    members.append(TracebackException(
                        type(sub), sub, sub.__traceback__, **options))
            te.__cause__ = cause
            te.__context__ = context
            te.exceptions = members
            if cause is not None:
                pending.append((cause, exc.__cause__))
            if context is not None:
                pending.append((context, exc.__context__))
            if members:
                pending.extend(zip(members, exc.exceptions))

    @classmethod
    def from_exception(cls, exc, *args, **kwargs):
        """Build one from an exception object and its __traceback__."""
        return cls(type(exc), exc, exc.__traceback__, *args, **kwargs)

    def _load_lines(self):
        for entry in self.stack:
            entry.line

    def __eq__(self, other):
        if not isinstance(other, TracebackException):
            return NotImplemented
        return vars(self) == vars(other)

    def __str__(self):
        return self._str

    def format_exception_only(self):
        """Yield the 'Type: message' line(s), notes included; for
        SyntaxError also the location, source text and caret."""
        if self.exc_type is None:
            yield _final_line(None, self._str)
            return

        type_name = self.exc_type.__qualname__
        module = self.exc_type.__module__
        if module not in ("__main__", "builtins"):
            if not isinstance(module, str):
                module = "<unknown>"
            type_name = module + '.' + type_name

        if issubclass(self.exc_type, SyntaxError):
            yield from self._format_syntax_error(type_name)
        else:
            yield _final_line(type_name, self._str)

        notes = self.__notes__
        if isinstance(notes, _Sequence):
            for note in notes:
                note = _safe_string(note, 'note')
                for piece in note.split('\n'):
                    yield piece + '\n'
        elif notes is not None:
            yield _safe_string(notes, '__notes__', func=repr) + '\n'

    def _format_syntax_error(self, type_name):
        where = ''
        if self.lineno is None:
            if self.filename is not None:
                where = ' ({})'.format(self.filename)
        else:
            yield '  File "{}", line {}\n'.format(
                self.filename or "<string>", self.lineno)

        text = self.text
        if text is not None:
            body = text.rstrip('\n')
            shown = body.lstrip(' \n\f')
            dropped = len(body) - len(shown)
            yield '    {}\n'.format(shown)
            if self.offset is not None:
                start = self.offset
                stop = self.end_offset
                if stop is None or stop == 0:
                    stop = start
                if start == stop or start == -1:
                    stop = start + 1
                first = start - 1 - dropped
                last = stop - 1 - dropped
                if first >= 0:
                    lead = ''.join(ch if ch.isspace() else ' '
                                   for ch in shown[:first])
                    yield '    {}{}\n'.format(lead, '^' * (last - first))
        message = self.msg or "<no detail available>"
        yield "{}: {}{}\n".format(type_name, message, where)

    def format(self, *, chain=True, _ctx=None):
        """Yield the full report: tracebacks of the chained exceptions
        (oldest first) with their linking sentences, then this one."""
        if _ctx is None:
            _ctx = _PrintContext()

        sequence = []
        current = self
        while current is not None:
            if not chain:
                sequence.append((None, current))
                break
            if current.__cause__ is not None:
                link, following = _cause_message, current.__cause__
            elif (current.__context__ is not None and
                  not current.__suppress_context__):
                link, following = _context_message, current.__context__
            else:
                link, following = None, None
            sequence.append((link, current))
            current = following

        for link, te in reversed(sequence):
            if link is not None:
                yield from _ctx.emit(link)
            if te.exceptions is None:
                if te.stack:
                    yield from _ctx.emit('Traceback (most recent call last):\n')
                    yield from _ctx.emit(te.stack.format())
                yield from _ctx.emit(te.format_exception_only())
            elif _ctx.exception_group_depth > self.max_group_depth:
                yield from _ctx.emit('... (max_group_depth is {})\n'.format(
                    self.max_group_depth))
            else:
                yield from te._format_group(_ctx, chain)

    def _format_group(self, ctx, chain):
        outermost = ctx.exception_group_depth == 0
        if outermost:
            ctx.exception_group_depth += 1
        if self.stack:
            yield from ctx.emit(
                'Exception Group Traceback (most recent call last):\n',
                margin_char='+' if outermost else None)
            yield from ctx.emit(self.stack.format())
        yield from ctx.emit(self.format_exception_only())

        total = len(self.exceptions)
        width = self.max_group_width
        shown = total if total <= width else width + 1
        ctx.need_close = False
        for i in range(shown):
            is_last = i == shown - 1
            if is_last:
                ctx.need_close = True
            cut = width is not None and i >= width
            title = '...' if cut else str(i + 1)
            yield (ctx.indent() + ('+-' if i == 0 else '  ') +
                   '+---------------- {} ----------------\n'.format(title))
            ctx.exception_group_depth += 1
            if cut:
                rest = total - width
                yield from ctx.emit('and {} more exception{}\n'.format(
                    rest, 's' if rest > 1 else ''))
            else:
                yield from self.exceptions[i].format(chain=chain, _ctx=ctx)
            if is_last and ctx.need_close:
                yield ctx.indent() + '+------------------------------------\n'
                ctx.need_close = False
            ctx.exception_group_depth -= 1
        if outermost:
            ctx.exception_group_depth = 0

    def print(self, *, file=None, chain=True):
        """Write format() to file (default sys.stderr)."""
        if file is None:
            file = sys.stderr
        for chunk in self.format(chain=chain):
            print(chunk, file=file, end="")
