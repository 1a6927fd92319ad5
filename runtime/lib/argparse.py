"""Command-line parsing (Weft's implementation of the standard `argparse`
module, behaving as CPython 3.11's).

An ArgumentParser holds argument descriptions (Action objects made by
add_argument); parse_args() turns a list of strings into a Namespace,
reporting mistakes as "usage: ..." plus "PROG: error: ..." on stderr and
exit status 2.  Help text is laid out by HelpFormatter and its variants.

No regular expressions are used: the argument-count patterns are matched by
a small backtracking matcher over the 'O'/'A'/'-' classification of the
command line, which gives the same answers as CPython's patterns."""

import os as _os
import sys as _sys

__version__ = '1.1'
__all__ = [
    'ArgumentParser', 'ArgumentError', 'ArgumentTypeError',
    'BooleanOptionalAction', 'FileType', 'HelpFormatter',
    'ArgumentDefaultsHelpFormatter', 'RawDescriptionHelpFormatter',
    'RawTextHelpFormatter', 'MetavarTypeHelpFormatter', 'Namespace',
    'Action', 'ONE_OR_MORE', 'OPTIONAL', 'PARSER', 'REMAINDER', 'SUPPRESS',
    'ZERO_OR_MORE',
]

# Marker values (compared by identity or equality, as in CPython).
SUPPRESS = '==SUPPRESS=='
OPTIONAL, ZERO_OR_MORE, ONE_OR_MORE = '?', '*', '+'
PARSER, REMAINDER = 'A...', '...'
# Namespace attribute where sub-parsers leave strings they did not use.
_UNRECOGNIZED_ARGS_ATTR = '_unrecognized_args'


def _(text):
    # Message catalogue hook (no translation in Weft).
    return text


def _ngettext(singular, plural, count):
    return singular if count == 1 else plural


_ASCII_SPACE = ' \t\n\r\x0b\x0c'


def _squash_spaces(text):
    """Runs of ASCII whitespace become one space; ends are stripped."""
    out = []
    pending = False
    for ch in text:
        if ch in _ASCII_SPACE:
            pending = True
        else:
            if pending and out:
                out.append(' ')
            pending = False
            out.append(ch)
    return ''.join(out)


def _terminal_columns():
    try:
        import shutil
    except ImportError:
        shutil = None
    if shutil is not None and hasattr(shutil, 'get_terminal_size'):
        return shutil.get_terminal_size().columns
    try:
        columns = int(_os.environ['COLUMNS'])
    except (KeyError, ValueError):
        columns = 0
    if columns > 0:
        return columns
    try:
        size = _os.get_terminal_size(_sys.__stdout__.fileno())
        columns = size[0]
    except (AttributeError, ValueError, OSError, TypeError):
        columns = 0
    return columns or 80


def _is_negative_number(text):
    """True for '-5' and '-.5' / '-1.25' shapes (the strings argparse treats
    as negative numbers rather than options)."""
    if len(text) < 2 or text[0] != '-':
        return False
    body = text[1:]
    if body.isdigit() and body.isascii():
        return True
    head, dot, tail = body.partition('.')
    if not dot or not tail:
        return False
    if head and not (head.isdigit() and head.isascii()):
        return False
    return tail.isdigit() and tail.isascii()


# ---------------------------------------------------------------------------
# Helpers for reprs and error names
# ---------------------------------------------------------------------------

class _AttributeHolder(object):
    """repr() as 'ClassName(arg, name=value, ...)'."""

    def __repr__(self):
        pieces = [repr(value) for value in self._get_args()]
        leftovers = {}
        for key, value in self._get_kwargs():
            if key.isidentifier():
                pieces.append('%s=%r' % (key, value))
            else:
                leftovers[key] = value
        if leftovers:
            pieces.append('**%s' % repr(leftovers))
        return '%s(%s)' % (type(self).__name__, ', '.join(pieces))

    def _get_args(self):
        return []

    def _get_kwargs(self):
        return list(self.__dict__.items())


def _copy_items(items):
    # Copy before appending so a shared default list is never changed.
    if items is None:
        return []
    if type(items) is list:
        return list(items)
    import copy
    return copy.copy(items)


def _get_action_name(argument):
    if argument is None:
        return None
    if argument.option_strings:
        return '/'.join(argument.option_strings)
    for candidate in (argument.metavar, argument.dest):
        if candidate not in (None, SUPPRESS):
            return candidate
    if argument.choices:
        return '{' + ','.join(argument.choices) + '}'
    return None


class ArgumentError(Exception):
    """A problem with one argument (or with the command line, when the
    argument is None)."""

    def __init__(self, argument, message):
        self.message = message
        self.argument_name = _get_action_name(argument)

    def __str__(self):
        name = self.argument_name
        if name is None:
            return self.message
        return 'argument %s: %s' % (name, self.message)


class ArgumentTypeError(Exception):
    """Raised by a type= converter to supply its own error message."""


# ---------------------------------------------------------------------------
# Help formatting
# ---------------------------------------------------------------------------

class HelpFormatter(object):
    """Lays out usage, description, argument groups and epilog.

    Only the method names are public; their behaviour is what
    ArgumentParser relies on."""

    def __init__(self, prog, indent_increment=2, max_help_position=24,
                 width=None):
        if width is None:
            width = _terminal_columns() - 2
        self._prog, self._width = prog, width
        self._indent_increment = indent_increment
        # The help column never sits further right than width - 20.
        self._max_help_position = min(max_help_position,
                                      max(width - 20, indent_increment * 2))
        self._current_indent = self._level = 0
        self._action_max_length = 0
        self._current_section = self._root_section = self._Section(self,
                                                                   None)

    # --- indentation ---

    def _indent(self):
        self._level += 1
        self._current_indent += self._indent_increment

    def _dedent(self):
        self._level -= 1
        self._current_indent -= self._indent_increment
        if self._current_indent < 0:
            raise AssertionError('Indent decreased below 0.')

    class _Section(object):
        # A titled block; its items are (callable, args) pairs rendered
        # lazily, so that column widths are known by then.

        def __init__(self, formatter, parent, heading=None):
            self.formatter, self.parent = formatter, parent
            self.heading = heading
            self.items = []

        def format_help(self):
            fmt = self.formatter
            nested = self.parent is not None
            if nested:
                fmt._indent()
            body = fmt._join_parts([func(*args) for func, args in self.items])
            if nested:
                fmt._dedent()
            if not body:
                return ''
            title = ''
            if self.heading is not None and self.heading is not SUPPRESS:
                title = '%*s%s:\n' % (fmt._current_indent, '', self.heading)
            return fmt._join_parts(['\n', title, body, '\n'])

    def _add_item(self, func, args):
        self._current_section.items.append((func, args))

    # --- public building interface ---

    def start_section(self, heading):
        self._indent()
        opened = self._Section(self, self._current_section, heading)
        self._add_item(opened.format_help, [])
        self._current_section = opened

    def end_section(self):
        self._dedent()
        self._current_section = self._current_section.parent

    def add_text(self, text):
        if text is not None and text is not SUPPRESS:
            self._add_item(self._format_text, [text])

    def add_usage(self, usage, actions, groups, prefix=None):
        if usage is not SUPPRESS:
            self._add_item(self._format_usage, [usage, actions, groups,
                                                prefix])

    def add_argument(self, action):
        if action.help is SUPPRESS:
            return
        invoke = self._format_action_invocation
        widest = len(invoke(action))
        for sub in self._iter_indented_subactions(action):
            widest = max(widest, len(invoke(sub)))
        self._action_max_length = max(self._action_max_length,
                                      widest + self._current_indent)
        self._add_item(self._format_action, [action])

    def add_arguments(self, actions):
        for one in actions:
            self.add_argument(one)

    def format_help(self):
        text = self._root_section.format_help()
        if text:
            text = self._collapse_blank_lines(text).strip('\n') + '\n'
        return text

    @staticmethod
    def _collapse_blank_lines(text):
        # Three or more newlines in a row become two.
        out = []
        run = 0
        for ch in text:
            if ch == '\n':
                run += 1
                if run > 2:
                    continue
            else:
                run = 0
            out.append(ch)
        return ''.join(out)

    def _join_parts(self, part_list):
        return ''.join(p for p in part_list if p and p is not SUPPRESS)

    # --- usage ---

    def _format_usage(self, usage, actions, groups, prefix):
        if prefix is None:
            prefix = _('usage: ')
        if usage is not None:
            usage = usage % dict(prog=self._prog)
        elif not actions:
            usage = '%(prog)s' % dict(prog=self._prog)
        else:
            usage = self._build_usage(actions, groups, prefix)
        return '%s%s\n\n' % (prefix, usage)

    def _build_usage(self, actions, groups, prefix):
        prog = '%(prog)s' % dict(prog=self._prog)
        optionals = [a for a in actions if a.option_strings]
        positionals = [a for a in actions if not a.option_strings]
        together = self._format_actions_usage(optionals + positionals,
                                              groups)
        usage = ' '.join(piece for piece in (prog, together) if piece)
        room = self._width - self._current_indent
        if len(prefix) + len(usage) <= room:
            return usage
        opt_parts = _usage_parts(self._format_actions_usage(optionals,
                                                            groups))
        pos_parts = _usage_parts(self._format_actions_usage(positionals,
                                                            groups))

        def wrap(parts, indent, lead=None):
            lines = []
            current = []
            used = (len(lead) if lead is not None else len(indent)) - 1
            for part in parts:
                if current and used + 1 + len(part) > room:
                    lines.append(indent + ' '.join(current))
                    current = []
                    used = len(indent) - 1
                current.append(part)
                used += len(part) + 1
            if current:
                lines.append(indent + ' '.join(current))
            if lead is not None:
                lines[0] = lines[0][len(indent):]
            return lines

        if len(prefix) + len(prog) <= 0.75 * room:
            indent = ' ' * (len(prefix) + len(prog) + 1)
            if opt_parts:
                lines = wrap([prog] + opt_parts, indent, prefix)
                lines.extend(wrap(pos_parts, indent))
            elif pos_parts:
                lines = wrap([prog] + pos_parts, indent, prefix)
            else:
                lines = [prog]
        else:
            indent = ' ' * len(prefix)
            lines = wrap(opt_parts + pos_parts, indent)
            if len(lines) > 1:
                lines = wrap(opt_parts, indent) + wrap(pos_parts, indent)
            lines = [prog] + lines
        return '\n'.join(lines)

    def _format_actions_usage(self, actions, groups):
        in_group = set()
        marks = {}

        def mark(index, text, spaced):
            if index in marks and spaced:
                marks[index] += ' ' + text
            elif index in marks:
                marks[index] += text
            else:
                marks[index] = text

        for group in groups:
            members = group._group_actions
            if not members:
                raise ValueError(f'empty group {group}')
            if members[0] not in actions:
                continue
            first = actions.index(members[0])
            last = first + len(members)
            if actions[first:last] != members:
                continue
            shown = 0
            for member in members:
                in_group.add(member)
                if member.help is not SUPPRESS:
                    shown += 1
            if not group.required:
                mark(first, '[', True)
                mark(last, ']', False)
            elif shown > 1:
                mark(first, '(', True)
                mark(last, ')', False)
            for i in range(first + 1, last):
                marks[i] = '|'

        parts = []
        for i, action in enumerate(actions):
            if action.help is SUPPRESS:
                parts.append(None)
                if marks.get(i) == '|':
                    del marks[i]
                elif marks.get(i + 1) == '|':
                    del marks[i + 1]
                continue
            if not action.option_strings:
                text = self._format_args(
                    action, self._get_default_metavar_for_positional(action))
                if action in in_group and text[:1] == '[' \
                        and text[-1:] == ']':
                    text = text[1:-1]
            else:
                if action.nargs == 0:
                    text = action.format_usage()
                else:
                    text = '%s %s' % (action.option_strings[0],
                                      self._format_args(
                                          action,
                                          self._get_default_metavar_for_optional(action)))
                if not action.required and action not in in_group:
                    text = '[%s]' % text
            parts.append(text)
        for index in sorted(marks, reverse=True):
            parts[index:index] = [marks[index]]
        joined = ' '.join(p for p in parts if p is not None)
        return _tidy_brackets(joined).strip()

    # --- text blocks ---

    def _format_text(self, text):
        if '%(prog)' in text:
            text = text % dict(prog=self._prog)
        width = max(self._width - self._current_indent, 11)
        indent = ' ' * self._current_indent
        return self._fill_text(text, width, indent) + '\n\n'

    # --- one argument ---

    def _format_action(self, action):
        # Column where help text starts; the invocation gets the room
        # before it (less two spaces of gap).
        help_position = min(self._max_help_position,
                            self._action_max_length + 2)
        action_width = help_position - self._current_indent - 2
        help_width = max(11, self._width - help_position)
        header = self._format_action_invocation(action)
        indent_first = 0
        if not action.help:
            header = '%*s%s\n' % (self._current_indent, '', header)
        elif len(header) <= action_width:
            header = '%*s%-*s  ' % (self._current_indent, '', action_width,
                                    header)
        else:
            header = '%*s%s\n' % (self._current_indent, '', header)
            indent_first = help_position
        parts = [header]
        if action.help and action.help.strip():
            text = self._expand_help(action)
            if text:
                lines = self._split_lines(text, help_width)
                parts.append('%*s%s\n' % (indent_first, '', lines[0]))
                for line in lines[1:]:
                    parts.append('%*s%s\n' % (help_position, '', line))
        elif not header.endswith('\n'):
            parts.append('\n')
        for sub in self._iter_indented_subactions(action):
            parts.append(self._format_action(sub))
        return self._join_parts(parts)

    def _format_action_invocation(self, action):
        if not action.option_strings:
            fallback = self._get_default_metavar_for_positional(action)
            return self._metavar_formatter(action, fallback)(1)[0]
        if action.nargs == 0:
            return ', '.join(action.option_strings)
        args_text = self._format_args(
            action, self._get_default_metavar_for_optional(action))
        return ', '.join('%s %s' % (opt, args_text)
                         for opt in action.option_strings)

    def _metavar_formatter(self, action, default_metavar):
        if action.metavar is not None:
            shown = action.metavar
        elif action.choices is not None:
            shown = '{%s}' % ','.join(str(c) for c in action.choices)
        else:
            shown = default_metavar

        def sized(count):
            if isinstance(shown, tuple):
                return shown
            return (shown,) * count
        return sized

    def _format_args(self, action, default_metavar):
        metavars = self._metavar_formatter(action, default_metavar)
        nargs = action.nargs
        if nargs is None:
            return '%s' % metavars(1)
        if nargs == OPTIONAL:
            return '[%s]' % metavars(1)
        if nargs == ZERO_OR_MORE:
            names = metavars(1)
            if len(names) == 2:
                return '[%s [%s ...]]' % names
            return '[%s ...]' % names
        if nargs == ONE_OR_MORE:
            return '%s [%s ...]' % metavars(2)
        if nargs == REMAINDER:
            return '...'
        if nargs == PARSER:
            return '%s ...' % metavars(1)
        if nargs == SUPPRESS:
            return ''
        try:
            slots = ['%s'] * nargs if isinstance(nargs, int) else \
                ['%s' for _unused in range(nargs)]
        except TypeError:
            raise ValueError("invalid nargs value") from None
        return ' '.join(slots) % metavars(nargs)

    def _expand_help(self, action):
        params = dict(vars(action), prog=self._prog)
        for key in list(params):
            if params[key] is SUPPRESS:
                del params[key]
        for key in list(params):
            if hasattr(params[key], '__name__'):
                params[key] = params[key].__name__
        if params.get('choices') is not None:
            params['choices'] = ', '.join(str(c) for c in params['choices'])
        return self._get_help_string(action) % params

    def _iter_indented_subactions(self, action):
        fetch = getattr(action, '_get_subactions', None)
        if fetch is None:
            return
        self._indent()
        try:
            yield from fetch()
        finally:
            self._dedent()

    def _split_lines(self, text, width):
        import textwrap
        return textwrap.wrap(_squash_spaces(text), width)

    def _fill_text(self, text, width, indent):
        import textwrap
        return textwrap.fill(_squash_spaces(text), width,
                             initial_indent=indent, subsequent_indent=indent)

    def _get_default_metavar_for_positional(self, action):
        return action.dest

    def _get_default_metavar_for_optional(self, action):
        return action.dest.upper()

    def _get_help_string(self, action):
        return action.help


def _tidy_brackets(text):
    """Drop the space after an opening bracket and before a closing one,
    and remove brackets left empty."""
    opening, closing = '[(', '])'
    out = []
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch in opening and i + 1 < n and text[i + 1] == ' ':
            out.append(ch)
            i += 2
            continue
        if ch == ' ' and i + 1 < n and text[i + 1] in closing:
            i += 1
            continue
        out.append(ch)
        i += 1
    text = ''.join(out)
    # empty pairs, possibly with spaces between
    out = []
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch in opening:
            j = i + 1
            while j < n and text[j] == ' ':
                j += 1
            if j < n and text[j] in closing:
                i = j + 1
                continue
        out.append(ch)
        i += 1
    return ''.join(out)


def _usage_parts(text):
    """Split usage text into wrap units: a bracketed or parenthesised run
    (ending where a closing bracket meets a space or the end) stays whole;
    anything else splits at whitespace."""
    parts = []
    i = 0
    n = len(text)
    while i < n:
        if text[i].isspace():
            i += 1
            continue
        ch = text[i]
        end = -1
        if ch in '([':
            close = ')' if ch == '(' else ']'
            k = i + 1
            while k < n and text[k] != '\n':
                if text[k] == close:
                    m = k
                    while m < n and text[m] == close:
                        m += 1
                    if m == n or text[m].isspace():
                        end = m
                        break
                k += 1
        if end < 0:
            end = i
            while end < n and not text[end].isspace():
                end += 1
        parts.append(text[i:end])
        i = end
    return parts


class RawDescriptionHelpFormatter(HelpFormatter):
    """Keeps description and epilog line breaks as written."""

    def _fill_text(self, text, width, indent):
        return ''.join(indent + line
                       for line in text.splitlines(keepends=True))


class RawTextHelpFormatter(RawDescriptionHelpFormatter):
    """Keeps line breaks in all help text, argument help included."""

    def _split_lines(self, text, width):
        return text.splitlines()


class ArgumentDefaultsHelpFormatter(HelpFormatter):
    """Appends ' (default: ...)' to argument help."""

    def _get_help_string(self, action):
        text = action.help
        if text is None:
            text = ''
        if '%(default)' not in text and action.default is not SUPPRESS:
            if action.option_strings or action.nargs in (OPTIONAL,
                                                         ZERO_OR_MORE):
                text += ' (default: %(default)s)'
        return text


class MetavarTypeHelpFormatter(HelpFormatter):
    """Uses the type's name as the default metavar."""

    def _type_name(self, action):
        return action.type.__name__

    _get_default_metavar_for_optional = _type_name
    _get_default_metavar_for_positional = _type_name


# ---------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------

class Action(_AttributeHolder):
    """What to do with an argument once it is recognised; called as
    action(parser, namespace, values, option_string)."""

    def __init__(self, option_strings, dest, nargs=None, const=None,
                 default=None, type=None, choices=None, required=False,
                 help=None, metavar=None):
        self.option_strings, self.dest = option_strings, dest
        self.nargs, self.const, self.default = nargs, const, default
        self.type, self.choices = type, choices
        self.required, self.help, self.metavar = required, help, metavar

    def _get_kwargs(self):
        keys = ('option_strings', 'dest', 'nargs', 'const', 'default',
                'type', 'choices', 'required', 'help', 'metavar')
        return [(key, getattr(self, key)) for key in keys]

    def format_usage(self):
        first = self.option_strings[0]
        return first

    def __call__(self, parser, namespace, values, option_string=None):
        raise NotImplementedError(_('.__call__() not defined'))


class BooleanOptionalAction(Action):
    """--flag sets True, --no-flag sets False."""

    def __init__(self, option_strings, dest, default=None, type=None,
                 choices=None, required=False, help=None, metavar=None):
        spelled = []
        for opt in option_strings:
            spelled.append(opt)
            if opt.startswith('--'):
                spelled.append('--no-' + opt[2:])
        super().__init__(option_strings=spelled, dest=dest, nargs=0,
                         default=default, type=type, choices=choices,
                         required=required, help=help, metavar=metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        if option_string in self.option_strings:
            setattr(namespace, self.dest,
                    not option_string.startswith('--no-'))

    def format_usage(self):
        return ' | '.join(self.option_strings)


def _check_value_nargs(nargs, const, verb_hint):
    if nargs == 0:
        raise ValueError(verb_hint)
    if const is not None and nargs != OPTIONAL:
        raise ValueError('nargs must be %r to supply const' % OPTIONAL)


class _StoreAction(Action):

    def __init__(self, option_strings, dest, nargs=None, const=None,
                 default=None, type=None, choices=None, required=False,
                 help=None, metavar=None):
        _check_value_nargs(nargs, const,
                           'nargs for store actions must be != 0; if you '
                           'have nothing to store, actions such as store '
                           'true or store const may be more appropriate')
        super().__init__(option_strings=option_strings, dest=dest,
                         nargs=nargs, const=const, default=default,
                         type=type, choices=choices, required=required,
                         help=help, metavar=metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        setattr(namespace, self.dest, values)


class _StoreConstAction(Action):

    def __init__(self, option_strings, dest, const=None, default=None,
                 required=False, help=None, metavar=None):
        super().__init__(option_strings=option_strings, dest=dest, nargs=0,
                         const=const, default=default, required=required,
                         help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        setattr(namespace, self.dest, self.const)


class _StoreTrueAction(_StoreConstAction):

    def __init__(self, option_strings, dest, default=False, required=False,
                 help=None):
        super().__init__(option_strings=option_strings, dest=dest,
                         const=True, default=default, required=required,
                         help=help)


class _StoreFalseAction(_StoreConstAction):

    def __init__(self, option_strings, dest, default=True, required=False,
                 help=None):
        super().__init__(option_strings=option_strings, dest=dest,
                         const=False, default=default, required=required,
                         help=help)


class _AppendAction(Action):

    def __init__(self, option_strings, dest, nargs=None, const=None,
                 default=None, type=None, choices=None, required=False,
                 help=None, metavar=None):
        _check_value_nargs(nargs, const,
                           'nargs for append actions must be != 0; if arg '
                           'strings are not supplying the value to append, '
                           'the append const action may be more appropriate')
        super().__init__(option_strings=option_strings, dest=dest,
                         nargs=nargs, const=const, default=default,
                         type=type, choices=choices, required=required,
                         help=help, metavar=metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        grown = _copy_items(getattr(namespace, self.dest, None))
        grown.append(values)
        setattr(namespace, self.dest, grown)


class _AppendConstAction(Action):

    def __init__(self, option_strings, dest, const=None, default=None,
                 required=False, help=None, metavar=None):
        super().__init__(option_strings=option_strings, dest=dest, nargs=0,
                         const=const, default=default, required=required,
                         help=help, metavar=metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        grown = _copy_items(getattr(namespace, self.dest, None))
        grown.append(self.const)
        setattr(namespace, self.dest, grown)


class _CountAction(Action):

    def __init__(self, option_strings, dest, default=None, required=False,
                 help=None):
        super().__init__(option_strings=option_strings, dest=dest, nargs=0,
                         default=default, required=required, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        so_far = getattr(namespace, self.dest, None)
        setattr(namespace, self.dest, (so_far or 0) + 1)


class _HelpAction(Action):

    def __init__(self, option_strings, dest=SUPPRESS, default=SUPPRESS,
                 help=None):
        super().__init__(option_strings=option_strings, dest=dest,
                         default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        parser.print_help()
        parser.exit(0)


class _VersionAction(Action):

    def __init__(self, option_strings, version=None, dest=SUPPRESS,
                 default=SUPPRESS,
                 help="show program's version number and exit"):
        super().__init__(option_strings=option_strings, dest=dest,
                         default=default, nargs=0, help=help)
        self.version = version

    def __call__(self, parser, namespace, values, option_string=None):
        text = self.version
        if text is None:
            text = parser.version
        formatter = parser._get_formatter()
        formatter.add_text(text)
        parser._print_message(formatter.format_help(), _sys.stdout)
        parser.exit()


class _SubParsersAction(Action):
    """The positional that selects a sub-command and hands the rest of the
    command line to that sub-command's parser."""

    class _ChoicesPseudoAction(Action):

        def __init__(self, name, aliases, help):
            shown = name
            if aliases:
                shown += ' (%s)' % ', '.join(aliases)
            super().__init__(option_strings=[], dest=name, help=help,
                             metavar=shown)

    def __init__(self, option_strings, prog, parser_class, dest=SUPPRESS,
                 required=False, help=None, metavar=None):
        self._prog_prefix, self._parser_class = prog, parser_class
        # name (or alias) -> parser; doubles as the action's choices.
        self._name_parser_map = {}
        self._choices_actions = []
        super().__init__(option_strings=option_strings, dest=dest,
                         nargs=PARSER, choices=self._name_parser_map,
                         required=required, help=help, metavar=metavar)

    def add_parser(self, name, **kwargs):
        taken = self._name_parser_map
        if kwargs.get('prog') is None:
            kwargs['prog'] = self._prog_prefix + ' ' + name
        aliases = kwargs.pop('aliases', ())
        if name in taken:
            raise ArgumentError(self, _('conflicting subparser: %s') % name)
        clash = [alias for alias in aliases if alias in taken]
        if clash:
            raise ArgumentError(
                self, _('conflicting subparser alias: %s') % clash[0])
        if 'help' in kwargs:
            self._choices_actions.append(self._ChoicesPseudoAction(
                name, aliases, kwargs.pop('help')))
        made = self._parser_class(**kwargs)
        self._name_parser_map[name] = made
        for alias in aliases:
            self._name_parser_map[alias] = made
        return made

    def _get_subactions(self):
        return self._choices_actions

    def __call__(self, parser, namespace, values, option_string=None):
        chosen, rest = values[0], values[1:]
        if self.dest is not SUPPRESS:
            setattr(namespace, self.dest, chosen)
        sub = self._name_parser_map.get(chosen)
        if sub is None:
            raise ArgumentError(self, _('unknown parser %(parser_name)r '
                                        '(choices: %(choices)s)') % {
                'parser_name': chosen,
                'choices': ', '.join(self._name_parser_map)})
        # The sub-parser fills a fresh namespace whose values then win over
        # the parent's (including the parent's defaults).
        inner, rest = sub.parse_known_args(rest, None)
        for key, value in vars(inner).items():
            setattr(namespace, key, value)
        if rest:
            vars(namespace).setdefault(_UNRECOGNIZED_ARGS_ATTR, [])
            getattr(namespace, _UNRECOGNIZED_ARGS_ATTR).extend(rest)


class _ExtendAction(_AppendAction):

    def __call__(self, parser, namespace, values, option_string=None):
        grown = _copy_items(getattr(namespace, self.dest, None))
        grown.extend(values)
        setattr(namespace, self.dest, grown)


# ---------------------------------------------------------------------------
# Type factories
# ---------------------------------------------------------------------------

class FileType(object):
    """type= factory opening the named file ('-' is stdin or stdout)."""

    def __init__(self, mode='r', bufsize=-1, encoding=None, errors=None):
        self._mode, self._bufsize = mode, bufsize
        self._encoding, self._errors = encoding, errors

    def __call__(self, string):
        if string == '-':
            binary = 'b' in self._mode
            if 'r' in self._mode:
                return _sys.stdin.buffer if binary else _sys.stdin
            if any(c in self._mode for c in 'wax'):
                return _sys.stdout.buffer if binary else _sys.stdout
            raise ValueError(_('argument "-" with mode %r') % self._mode)
        try:
            return open(string, self._mode, self._bufsize, self._encoding,
                        self._errors)
        except OSError as e:
            raise ArgumentTypeError(_("can't open '%(filename)s': %(error)s")
                                    % {'filename': string, 'error': e})

    def __repr__(self):
        shown = [repr(v) for v in (self._mode, self._bufsize) if v != -1]
        for key, value in (('encoding', self._encoding),
                           ('errors', self._errors)):
            if value is not None:
                shown.append('%s=%r' % (key, value))
        return '%s(%s)' % (type(self).__name__, ', '.join(shown))


# ---------------------------------------------------------------------------
# Namespace
# ---------------------------------------------------------------------------

class Namespace(_AttributeHolder):
    """Plain attribute bag holding parse results."""

    def __init__(self, **kwargs):
        for key, value in kwargs.items():
            setattr(self, key, value)

    def __contains__(self, key):
        return key in vars(self)

    def __eq__(self, other):
        if isinstance(other, Namespace):
            return vars(self) == vars(other)
        return NotImplemented

    __hash__ = None


# ---------------------------------------------------------------------------
# Argument-count patterns
# ---------------------------------------------------------------------------
#
# Each argument string is classified: 'O' (looks like a known or unknown
# option), 'A' (an argument) or '-' (the '--' separator).  An action's
# nargs becomes a list of (allowed classes, minimum, maximum) steps; the
# steps of several actions are matched greedily from the left with
# backtracking, exactly like the equivalent regular expression would.

_MANY = 1 << 30


def _nargs_steps(action):
    nargs = action.nargs
    dash = ('-', 0, _MANY)
    if nargs is None:
        steps = [dash, ('A', 1, 1), dash]
    elif nargs == OPTIONAL:
        steps = [dash, ('A', 0, 1), dash]
    elif nargs == ZERO_OR_MORE:
        steps = [dash, ('A-', 0, _MANY)]
    elif nargs == ONE_OR_MORE:
        steps = [dash, ('A', 1, 1), ('A-', 0, _MANY)]
    elif nargs == REMAINDER:
        steps = [('-AO', 0, _MANY)]
    elif nargs == PARSER:
        steps = [dash, ('A', 1, 1), ('-AO', 0, _MANY)]
    elif nargs == SUPPRESS:
        steps = [dash, dash]
    else:
        steps = [dash]
        for _unused in range(nargs):
            steps.append(('A', 1, 1))
            steps.append(dash)
    if action.option_strings:
        # Options never swallow '--'.
        trimmed = []
        for allowed, low, high in steps:
            allowed = allowed.replace('-', '')
            if allowed:
                trimmed.append((allowed, low, high))
        steps = trimmed
    return steps


def _match_groups(step_groups, pattern):
    """Match the concatenated groups of steps at the start of pattern;
    return each group's matched length, or None."""
    flat = []
    owners = []
    for index, steps in enumerate(step_groups):
        for step in steps:
            flat.append(step)
            owners.append(index)
    total = len(flat)
    ends = [0] * total

    def attempt(k, pos):
        if k == total:
            return True
        allowed, low, high = flat[k]
        limit = pos
        stop = min(len(pattern), pos + high) if high < _MANY else \
            len(pattern)
        while limit < stop and pattern[limit] in allowed:
            limit += 1
        count = limit - pos
        if count < low:
            return False
        while count >= low:
            ends[k] = pos + count
            if attempt(k + 1, pos + count):
                return True
            count -= 1
        return False

    if not attempt(0, 0):
        return None
    lengths = [0] * len(step_groups)
    start = 0
    for k in range(total):
        lengths[owners[k]] += ends[k] - start
        start = ends[k]
    return lengths


# ---------------------------------------------------------------------------
# Containers: parsers and argument groups
# ---------------------------------------------------------------------------

class _ActionsContainer(object):

    def __init__(self, description, prefix_chars, argument_default,
                 conflict_handler):
        super().__init__()
        self.description, self.prefix_chars = description, prefix_chars
        self.argument_default = argument_default
        self.conflict_handler = conflict_handler

        self._registries = {}
        for name, klass in ((None, _StoreAction), ('store', _StoreAction),
                            ('store_const', _StoreConstAction),
                            ('store_true', _StoreTrueAction),
                            ('store_false', _StoreFalseAction),
                            ('append', _AppendAction),
                            ('append_const', _AppendConstAction),
                            ('count', _CountAction), ('help', _HelpAction),
                            ('version', _VersionAction),
                            ('parsers', _SubParsersAction),
                            ('extend', _ExtendAction)):
            self.register('action', name, klass)

        self._get_handler()

        self._actions, self._action_groups = [], []
        self._option_string_actions = {}
        self._mutually_exclusive_groups = []
        self._defaults = {}
        # Non-empty once an option string looks like a negative number;
        # a list so that argument groups can share it with the parser.
        self._has_negative_number_optionals = []

    # --- registries ---

    def register(self, registry_name, value, object):
        self._registries.setdefault(registry_name, {})[value] = object

    def _registry_get(self, registry_name, value, default=None):
        return self._registries[registry_name].get(value, default)

    # --- defaults ---

    def set_defaults(self, **kwargs):
        self._defaults.update(kwargs)
        for known in self._actions:
            if known.dest in kwargs:
                known.default = kwargs[known.dest]

    def get_default(self, dest):
        for known in self._actions:
            if known.dest == dest and known.default is not None:
                return known.default
        return self._defaults.get(dest)

    # --- adding arguments ---

    def add_argument(self, *args, **kwargs):
        """add_argument(dest, ..., name=value, ...) for a positional;
        add_argument(option_string, option_string, ..., name=value, ...)
        for an option."""
        prefixes = self.prefix_chars
        if not args or (len(args) == 1 and args[0][0] not in prefixes):
            if args and 'dest' in kwargs:
                raise ValueError('dest supplied twice for positional '
                                 'argument')
            kwargs = self._get_positional_kwargs(*args, **kwargs)
        else:
            kwargs = self._get_optional_kwargs(*args, **kwargs)

        if 'default' not in kwargs:
            # set_defaults() wins over argument_default.
            if kwargs['dest'] in self._defaults:
                kwargs['default'] = self._defaults[kwargs['dest']]
            elif self.argument_default is not None:
                kwargs['default'] = self.argument_default

        factory = self._pop_action_class(kwargs)
        if not callable(factory):
            raise ValueError('unknown action "%s"' % (factory,))
        action = factory(**kwargs)

        converter = self._registry_get('type', action.type, action.type)
        if not callable(converter):
            raise ValueError('%r is not callable' % (converter,))
        if converter is FileType:
            raise ValueError('%r is a FileType class object, instance of it'
                             ' must be passed' % (converter,))

        if hasattr(self, "_get_formatter"):
            try:
                self._get_formatter()._format_args(action, None)
            except TypeError:
                raise ValueError("length of metavar tuple does not match "
                                 "nargs")
        return self._add_action(action)

    def add_argument_group(self, *args, **kwargs):
        made = _ArgumentGroup(self, *args, **kwargs)
        self._action_groups.append(made)
        return made

    def add_mutually_exclusive_group(self, **kwargs):
        made = _MutuallyExclusiveGroup(self, **kwargs)
        self._mutually_exclusive_groups.append(made)
        return made

    def _add_action(self, action):
        self._check_conflict(action)
        self._actions.append(action)
        action.container = self
        for opt in action.option_strings:
            self._option_string_actions[opt] = action
        for opt in action.option_strings:
            if _is_negative_number(opt) and \
                    not self._has_negative_number_optionals:
                self._has_negative_number_optionals.append(True)
        return action

    def _add_container_actions(self, container):
        # Copy a parent parser's arguments, keeping their groups.
        by_title = {}
        for group in self._action_groups:
            if group.title in by_title:
                raise ValueError(_('cannot merge actions - two groups are '
                                   'named %r') % (group.title))
            by_title[group.title] = group
        destination = {}
        for group in container._action_groups:
            if group.title not in by_title:
                by_title[group.title] = self.add_argument_group(
                    title=group.title, description=group.description,
                    conflict_handler=group.conflict_handler)
            for action in group._group_actions:
                destination[action] = by_title[group.title]
        for group in container._mutually_exclusive_groups:
            twin = self.add_mutually_exclusive_group(required=group.required)
            for action in group._group_actions:
                destination[action] = twin
        for action in container._actions:
            destination.get(action, self)._add_action(action)

    def _get_positional_kwargs(self, dest, **kwargs):
        if 'required' in kwargs:
            raise TypeError(_("'required' is an invalid argument for "
                              "positionals"))
        nargs = kwargs.get('nargs')
        if nargs not in (OPTIONAL, ZERO_OR_MORE):
            kwargs['required'] = True
        if nargs == ZERO_OR_MORE and 'default' not in kwargs:
            kwargs['required'] = True
        return dict(kwargs, dest=dest, option_strings=[])

    def _get_optional_kwargs(self, *args, **kwargs):
        prefixes = self.prefix_chars
        option_strings = []
        long_ones = []
        for opt in args:
            if opt[0] not in prefixes:
                raise ValueError(
                    _('invalid option string %(option)r: must start with a '
                      'character %(prefix_chars)r')
                    % {'option': opt, 'prefix_chars': prefixes})
            option_strings.append(opt)
            if len(opt) > 1 and opt[1] in prefixes:
                long_ones.append(opt)
        dest = kwargs.pop('dest', None)
        if dest is None:
            source = long_ones[0] if long_ones else option_strings[0]
            dest = source.lstrip(prefixes)
            if not dest:
                raise ValueError(_('dest= is required for options like %r')
                                 % opt)
            dest = dest.replace('-', '_')
        return dict(kwargs, dest=dest, option_strings=option_strings)

    def _remove_action(self, action):
        self._actions.remove(action)

    def _pop_action_class(self, kwargs, default=None):
        chosen = kwargs.pop('action', default)
        return self._registry_get('action', chosen, chosen)

    # --- conflicts ---

    def _get_handler(self):
        name = '_handle_conflict_%s' % self.conflict_handler
        handler = getattr(self, name, None)
        if handler is None:
            raise ValueError(_('invalid conflict_resolution value: %r')
                             % self.conflict_handler)
        return handler

    def _check_conflict(self, action):
        clashes = []
        for opt in action.option_strings:
            if opt in self._option_string_actions:
                clashes.append((opt, self._option_string_actions[opt]))
        if clashes:
            self._get_handler()(action, clashes)

    def _handle_conflict_error(self, action, conflicting_actions):
        message = _ngettext('conflicting option string: %s',
                            'conflicting option strings: %s',
                            len(conflicting_actions))
        listed = ', '.join(opt for opt, _other in conflicting_actions)
        raise ArgumentError(action, message % listed)

    def _handle_conflict_resolve(self, action, conflicting_actions):
        for opt, other in conflicting_actions:
            other.option_strings.remove(opt)
            self._option_string_actions.pop(opt, None)
            if not other.option_strings:
                other.container._remove_action(other)


class _ArgumentGroup(_ActionsContainer):
    """A titled group of arguments for help output; shares its parser's
    tables."""

    def __init__(self, container, title=None, description=None, **kwargs):
        kwargs.setdefault('conflict_handler', container.conflict_handler)
        kwargs.setdefault('prefix_chars', container.prefix_chars)
        kwargs.setdefault('argument_default', container.argument_default)
        super().__init__(description=description, **kwargs)
        self.title = title
        self._group_actions = []
        # Everything but the group's own list is the container's.
        for shared in ('_registries', '_actions', '_option_string_actions',
                       '_defaults', '_has_negative_number_optionals',
                       '_mutually_exclusive_groups'):
            setattr(self, shared, getattr(container, shared))

    def _add_action(self, action):
        added = super()._add_action(action)
        self._group_actions.append(added)
        return added

    def _remove_action(self, action):
        super()._remove_action(action)
        self._group_actions.remove(action)


class _MutuallyExclusiveGroup(_ArgumentGroup):
    """Arguments of which at most one (exactly one when required) may be
    given."""

    def __init__(self, container, required=False):
        super().__init__(container)
        self._container = container
        self.required = required

    def _add_action(self, action):
        if action.required:
            raise ValueError(_('mutually exclusive arguments must be '
                               'optional'))
        added = self._container._add_action(action)
        self._group_actions.append(added)
        return added

    def _remove_action(self, action):
        self._container._remove_action(action)
        self._group_actions.remove(action)


class ArgumentParser(_AttributeHolder, _ActionsContainer):
    """Turns command-line strings into a Namespace of values."""

    def __init__(self, prog=None, usage=None, description=None, epilog=None,
                 parents=[], formatter_class=HelpFormatter,
                 prefix_chars='-', fromfile_prefix_chars=None,
                 argument_default=None, conflict_handler='error',
                 add_help=True, allow_abbrev=True, exit_on_error=True):
        super().__init__(description=description, prefix_chars=prefix_chars,
                         argument_default=argument_default,
                         conflict_handler=conflict_handler)
        if prog is None:
            prog = _os.path.basename(_sys.argv[0]) if _sys.argv else ''
        self.prog, self.usage, self.epilog = prog, usage, epilog
        self.formatter_class = formatter_class
        self.fromfile_prefix_chars = fromfile_prefix_chars
        self.add_help, self.allow_abbrev = add_help, allow_abbrev
        self.exit_on_error = exit_on_error

        self._positionals = self.add_argument_group(_('positional arguments'))
        self._optionals = self.add_argument_group(_('options'))
        self._subparsers = None

        def identity(string):
            return string
        self.register('type', None, identity)

        lead = '-' if '-' in prefix_chars else prefix_chars[0]
        if self.add_help:
            self.add_argument(lead + 'h', lead * 2 + 'help', action='help',
                              default=SUPPRESS,
                              help=_('show this help message and exit'))

        for parent in parents:
            self._add_container_actions(parent)
            inherited = getattr(parent, '_defaults', None)
            if inherited is not None:
                self._defaults.update(inherited)

    def _get_kwargs(self):
        keys = ('prog', 'usage', 'description', 'formatter_class',
                'conflict_handler', 'add_help')
        return [(key, getattr(self, key)) for key in keys]

    # --- sub-commands ---

    def add_subparsers(self, **kwargs):
        if self._subparsers is not None:
            self.error(_('cannot have multiple subparser arguments'))
        kwargs.setdefault('parser_class', type(self))
        if 'title' in kwargs or 'description' in kwargs:
            title = kwargs.pop('title', _('subcommands'))
            description = kwargs.pop('description', None)
            self._subparsers = self.add_argument_group(title, description)
        else:
            self._subparsers = self._positionals
        if kwargs.get('prog') is None:
            formatter = self._get_formatter()
            formatter.add_usage(self.usage, self._get_positional_actions(),
                                self._mutually_exclusive_groups, '')
            kwargs['prog'] = formatter.format_help().strip()
        action_class = self._pop_action_class(kwargs, 'parsers')
        action = action_class(option_strings=[], **kwargs)
        self._subparsers._add_action(action)
        return action

    def _add_action(self, action):
        # Arguments added to the parser itself go to one of the two
        # default groups.
        home = self._optionals if action.option_strings else \
            self._positionals
        home._add_action(action)
        return action

    def _get_optional_actions(self):
        return [a for a in self._actions if a.option_strings]

    def _get_positional_actions(self):
        return [a for a in self._actions if not a.option_strings]

    # --- parsing entry points ---

    def parse_args(self, args=None, namespace=None):
        result, leftovers = self.parse_known_args(args, namespace)
        if leftovers:
            self.error(_('unrecognized arguments: %s') % ' '.join(leftovers))
        return result

    def parse_known_args(self, args=None, namespace=None):
        args = _sys.argv[1:] if args is None else list(args)
        if namespace is None:
            namespace = Namespace()
        for action in self._actions:
            if action.dest is SUPPRESS or hasattr(namespace, action.dest):
                continue
            if action.default is not SUPPRESS:
                setattr(namespace, action.dest, action.default)
        for dest, value in self._defaults.items():
            if not hasattr(namespace, dest):
                setattr(namespace, dest, value)
        try:
            namespace, args = self._parse_known_args(args, namespace)
        except ArgumentError as err:
            if not self.exit_on_error:
                raise
            self.error(str(err))
        leftover = vars(namespace).pop(_UNRECOGNIZED_ARGS_ATTR, None)
        if leftover is not None:
            args.extend(leftover)
        return namespace, args

    def _parse_known_args(self, arg_strings, namespace):
        if self.fromfile_prefix_chars is not None:
            arg_strings = self._read_args_from_files(arg_strings)

        # Which actions exclude which (mutually exclusive groups).
        excludes = {}
        for group in self._mutually_exclusive_groups:
            members = group._group_actions
            for i, member in enumerate(members):
                others = excludes.setdefault(member, [])
                others.extend(members[:i])
                others.extend(members[i + 1:])

        # Classify every string: 'O' option, 'A' argument, '-' for '--'
        # (everything after the first '--' is an argument).
        option_at = {}
        classes = []
        after_separator = False
        for index, text in enumerate(arg_strings):
            if after_separator:
                classes.append('A')
            elif text == '--':
                classes.append('-')
                after_separator = True
            else:
                found = self._parse_optional(text)
                if found is None:
                    classes.append('A')
                else:
                    option_at[index] = found
                    classes.append('O')
        pattern = ''.join(classes)

        seen = set()
        seen_explicit = set()
        extras = []

        def take_action(action, argument_strings, option_string=None):
            seen.add(action)
            values = self._get_values(action, argument_strings)
            # Supplying the default object itself does not count as use
            # for the exclusion check.
            if values is not action.default:
                seen_explicit.add(action)
                for other in excludes.get(action, ()):
                    if other in seen_explicit:
                        raise ArgumentError(
                            action, _('not allowed with argument %s')
                            % _get_action_name(other))
            if values is not SUPPRESS:
                action(self, namespace, values, option_string)

        def consume_optional(start):
            action, option_string, explicit = option_at[start]
            queued = []
            while True:
                if action is None:
                    extras.append(arg_strings[start])
                    return start + 1
                if explicit is None:
                    first = start + 1
                    count = self._match_argument(action, pattern[first:])
                    stop = first + count
                    queued.append((action, arg_strings[first:stop],
                                   option_string))
                    break
                count = self._match_argument(action, 'A')
                if count == 0 and option_string[1] not in self.prefix_chars \
                        and explicit != '':
                    # '-xyz' where -x takes nothing: -x now, then '-yz'.
                    queued.append((action, [], option_string))
                    option_string = option_string[0] + explicit[0]
                    rest = explicit[1:] or None
                    nxt = self._option_string_actions.get(option_string)
                    if nxt is None:
                        raise ArgumentError(
                            action, _('ignored explicit argument %r')
                            % explicit)
                    action, explicit = nxt, rest
                elif count == 1:
                    stop = start + 1
                    queued.append((action, [explicit], option_string))
                    break
                else:
                    raise ArgumentError(action,
                                        _('ignored explicit argument %r')
                                        % explicit)
            for act, values, opt in queued:
                take_action(act, values, opt)
            return stop

        positionals = self._get_positional_actions()

        def consume_positionals(start):
            counts = self._match_arguments_partial(positionals,
                                                   pattern[start:])
            for action, count in zip(positionals, counts):
                values = arg_strings[start:start + count]
                start += count
                take_action(action, values)
            del positionals[:len(counts)]
            return start

        position = 0
        last_option = max(option_at) if option_at else -1
        while position <= last_option:
            next_option = min(i for i in option_at if i >= position)
            if position != next_option:
                reached = consume_positionals(position)
                if reached > position:
                    position = reached
                    continue
                position = reached
            if position not in option_at:
                extras.extend(arg_strings[position:next_option])
                position = next_option
            position = consume_optional(position)
        position = consume_positionals(position)
        extras.extend(arg_strings[position:])

        missing = []
        for action in self._actions:
            if action in seen:
                continue
            if action.required:
                missing.append(_get_action_name(action))
            elif (isinstance(action.default, str)
                  and hasattr(namespace, action.dest)
                  and action.default is getattr(namespace, action.dest)):
                # String defaults go through type= conversion, once.
                setattr(namespace, action.dest,
                        self._get_value(action, action.default))
        if missing:
            self.error(_('the following arguments are required: %s')
                       % ', '.join(missing))

        for group in self._mutually_exclusive_groups:
            if not group.required:
                continue
            if any(a in seen_explicit for a in group._group_actions):
                continue
            names = [_get_action_name(a) for a in group._group_actions
                     if a.help is not SUPPRESS]
            self.error(_('one of the arguments %s is required')
                       % ' '.join(names))

        return namespace, extras

    def _read_args_from_files(self, arg_strings):
        expanded = []
        for text in arg_strings:
            if not text or text[0] not in self.fromfile_prefix_chars:
                expanded.append(text)
                continue
            try:
                with open(text[1:]) as handle:
                    found = []
                    for line in handle.read().splitlines():
                        found.extend(self.convert_arg_line_to_args(line))
                expanded.extend(self._read_args_from_files(found))
            except OSError as err:
                self.error(str(err))
        return expanded

    def convert_arg_line_to_args(self, arg_line):
        return [arg_line]

    def _match_argument(self, action, arg_strings_pattern):
        lengths = _match_groups([_nargs_steps(action)], arg_strings_pattern)
        if lengths is None:
            nargs = action.nargs
            if nargs is None:
                message = _('expected one argument')
            elif nargs == OPTIONAL:
                message = _('expected at most one argument')
            elif nargs == ONE_OR_MORE:
                message = _('expected at least one argument')
            else:
                message = _ngettext('expected %s argument',
                                    'expected %s arguments',
                                    nargs) % nargs
            raise ArgumentError(action, message)
        return lengths[0]

    def _match_arguments_partial(self, actions, arg_strings_pattern):
        for size in range(len(actions), 0, -1):
            lengths = _match_groups([_nargs_steps(a) for a in actions[:size]],
                                    arg_strings_pattern)
            if lengths is not None:
                return lengths
        return []

    def _parse_optional(self, arg_string):
        if not arg_string or arg_string[0] not in self.prefix_chars:
            return None
        known = self._option_string_actions
        if arg_string in known:
            return known[arg_string], arg_string, None
        if len(arg_string) == 1:
            return None
        if '=' in arg_string:
            name, value = arg_string.split('=', 1)
            if name in known:
                return known[name], name, value
        candidates = self._get_option_tuples(arg_string)
        if len(candidates) > 1:
            listed = ', '.join(opt for _a, opt, _e in candidates)
            self.error(_('ambiguous option: %(option)s could match '
                         '%(matches)s') % {'option': arg_string,
                                           'matches': listed})
        elif len(candidates) == 1:
            return candidates[0]
        if _is_negative_number(arg_string):
            if not self._has_negative_number_optionals:
                return None
        if ' ' in arg_string:
            return None
        return None, arg_string, None

    def _get_option_tuples(self, option_string):
        found = []
        prefixes = self.prefix_chars
        known = self._option_string_actions
        if option_string[0] in prefixes and option_string[1] in prefixes:
            if self.allow_abbrev:
                if '=' in option_string:
                    stem, explicit = option_string.split('=', 1)
                else:
                    stem, explicit = option_string, None
                for opt in known:
                    if opt.startswith(stem):
                        found.append((known[opt], opt, explicit))
        elif option_string[0] in prefixes:
            short = option_string[:2]
            short_rest = option_string[2:]
            for opt in known:
                if opt == short:
                    found.append((known[opt], opt, short_rest))
                elif opt.startswith(option_string):
                    found.append((known[opt], opt, None))
        else:
            self.error(_('unexpected option string: %s') % option_string)
        return found

    # --- values ---

    def _get_values(self, action, arg_strings):
        nargs = action.nargs
        if nargs not in (PARSER, REMAINDER):
            try:
                arg_strings.remove('--')
            except ValueError:
                pass
        if not arg_strings and nargs == OPTIONAL:
            value = action.const if action.option_strings else action.default
            if isinstance(value, str):
                value = self._get_value(action, value)
                self._check_value(action, value)
        elif not arg_strings and nargs == ZERO_OR_MORE and \
                not action.option_strings:
            value = action.default if action.default is not None \
                else arg_strings
            self._check_value(action, value)
        elif len(arg_strings) == 1 and nargs in (None, OPTIONAL):
            value = self._get_value(action, arg_strings[0])
            self._check_value(action, value)
        elif nargs == REMAINDER:
            value = [self._get_value(action, s) for s in arg_strings]
        elif nargs == PARSER:
            value = [self._get_value(action, s) for s in arg_strings]
            self._check_value(action, value[0])
        elif nargs == SUPPRESS:
            value = SUPPRESS
        else:
            value = [self._get_value(action, s) for s in arg_strings]
            for item in value:
                self._check_value(action, item)
        return value

    def _get_value(self, action, arg_string):
        converter = self._registry_get('type', action.type, action.type)
        if not callable(converter):
            raise ArgumentError(action, _('%r is not callable') % converter)
        try:
            return converter(arg_string)
        except ArgumentTypeError as err:
            raise ArgumentError(action, str(err))
        except (TypeError, ValueError):
            name = getattr(action.type, '__name__', repr(action.type))
            raise ArgumentError(action, _('invalid %(type)s value: %(value)r')
                                % {'type': name, 'value': arg_string})

    def _check_value(self, action, value):
        if action.choices is not None and value not in action.choices:
            raise ArgumentError(
                action, _('invalid choice: %(value)r (choose from '
                          '%(choices)s)')
                % {'value': value,
                   'choices': ', '.join(map(repr, action.choices))})

    # --- help ---

    def _formatter_with_usage(self):
        made = self._get_formatter()
        made.add_usage(self.usage, self._actions,
                       self._mutually_exclusive_groups)
        return made

    def format_usage(self):
        return self._formatter_with_usage().format_help()

    def format_help(self):
        formatter = self._formatter_with_usage()
        formatter.add_text(self.description)
        for group in self._action_groups:
            formatter.start_section(group.title)
            formatter.add_text(group.description)
            formatter.add_arguments(group._group_actions)
            formatter.end_section()
        formatter.add_text(self.epilog)
        return formatter.format_help()

    def _get_formatter(self):
        return self.formatter_class(prog=self.prog)

    def print_usage(self, file=None):
        self._print_message(self.format_usage(),
                            _sys.stdout if file is None else file)

    def print_help(self, file=None):
        self._print_message(self.format_help(),
                            _sys.stdout if file is None else file)

    def _print_message(self, message, file=None):
        if not message:
            return
        target = file or _sys.stderr
        try:
            target.write(message)
        except (AttributeError, OSError):
            pass

    # --- leaving ---

    def exit(self, status=0, message=None):
        if message:
            self._print_message(message, _sys.stderr)
        raise SystemExit(status)

    def error(self, message):
        """Print usage and the message to stderr, then exit with status 2."""
        self.print_usage(_sys.stderr)
        self.exit(2, _('%(prog)s: error: %(message)s\n')
                  % {'prog': self.prog, 'message': message})
