"""Issue warnings and decide, through a list of filters, what becomes of them.

Each warning is matched against `filters`, a list of 5-tuples
(action, message, category, module, lineno); the first match decides the
action: "error" raises it, "ignore" drops it, "always" shows it every time,
"default" once per source location, "module" once per module and "once"
once per registry.  Per-module registries (``__warningregistry__``) remember
what was already shown; they are reset whenever the filters change.

The filter list, the change counter and the registries are updated under
one lock, so that threads warning at the same time never show a "once"
warning twice.
"""

import sys
import _thread

__all__ = ["warn", "warn_explicit", "showwarning",
           "formatwarning", "filterwarnings", "simplefilter",
           "resetwarnings", "catch_warnings"]

_ACTIONS = ("error", "ignore", "always", "default", "module", "once")


def _supply_missing_categories():
    # Stop-gap: Weft's builtins lack some of CPython's warning categories.
    # Create the absent ones (same names, bases and module as CPython's) so
    # the default filters and programs naming them work.  Does nothing once
    # the interpreter provides them natively.
    import builtins
    wanted = (
        ("PendingDeprecationWarning", Warning),
        ("SyntaxWarning", Warning),
        ("FutureWarning", Warning),
        ("ImportWarning", Warning),
        ("UnicodeWarning", Warning),
        ("BytesWarning", Warning),
        ("ResourceWarning", Warning),
        ("EncodingWarning", Warning),
    )
    for name, base in wanted:
        if not hasattr(builtins, name):
            made = type(name, (base,), {'__module__': 'builtins'})
            setattr(builtins, name, made)
            globals()[name] = made


_supply_missing_categories()

_lock = _thread.RLock()

# Bumped every time the filters change; registries carry the value they
# were filled under in their 'version' key.
_filters_version = 0

filters = [
    ("default", None, DeprecationWarning, "__main__", 0),
    ("ignore", None, DeprecationWarning, None, 0),
    ("ignore", None, PendingDeprecationWarning, None, 0),
    ("ignore", None, ImportWarning, None, 0),
    ("ignore", None, ResourceWarning, None, 0),
]
_defaultaction = defaultaction = "default"
_onceregistry = onceregistry = {}


def _filters_mutated():
    global _filters_version
    with _lock:
        _filters_version += 1


# ---------------------------------------------------------------------------
# showing

def showwarning(message, category, filename, lineno, file=None, line=None):
    """Write a warning to a file (by default sys.stderr)."""
    _showwarnmsg_impl(WarningMessage(message, category, filename, lineno,
                                     file, line))


def formatwarning(message, category, filename, lineno, line=None):
    """The text showwarning() writes for a warning."""
    return _formatwarnmsg_impl(WarningMessage(message, category, filename,
                                              lineno, None, line))


def _showwarnmsg_impl(msg):
    target = msg.file
    if target is None:
        target = sys.stderr
        if target is None:
            # no stderr (e.g. a windowed program): nowhere to write
            return
    text = _formatwarnmsg(msg)
    try:
        target.write(text)
    except OSError:
        pass


def _formatwarnmsg_impl(msg):
    kind = msg.category.__name__
    text = "{}:{}: {}: {}\n".format(msg.filename, msg.lineno, kind,
                                    msg.message)
    source_line = msg.line
    if source_line is None:
        try:
            import linecache
            source_line = linecache.getline(msg.filename, msg.lineno)
        except Exception:
            source_line = None
    if source_line:
        text += "  %s\n" % source_line.strip()
    if msg.source is not None:
        # Weft has no tracemalloc, so no allocation traceback can be shown.
        text += ('{}: Enable tracemalloc to get the object allocation '
                 'traceback\n'.format(kind))
    return text


_showwarning_orig = showwarning
_formatwarning_orig = formatwarning


def _showwarnmsg(msg):
    # A replaced warnings.showwarning takes precedence over the default.
    hook = showwarning
    if hook is not _showwarning_orig:
        if not callable(hook):
            raise TypeError("warnings.showwarning() must be set to a "
                            "function or method")
        hook(msg.message, msg.category, msg.filename, msg.lineno,
             msg.file, msg.line)
        return
    _showwarnmsg_impl(msg)


def _formatwarnmsg(msg):
    hook = formatwarning
    if hook is not _formatwarning_orig:
        return hook(msg.message, msg.category, msg.filename, msg.lineno,
                    msg.line)
    return _formatwarnmsg_impl(msg)


# ---------------------------------------------------------------------------
# filters

def filterwarnings(action, message="", category=Warning, module="", lineno=0,
                   append=False):
    """Add a filter: `message` is a case-insensitive regular expression
    the warning text must match at its start, `module` a regular
    expression for the module name; lineno 0 matches every line.  The
    filter goes first, or last with append=True."""
    assert action in _ACTIONS, "invalid action: %r" % (action,)
    assert isinstance(message, str), \
        "message must be a string"
    assert isinstance(category, type), \
        "category must be a class"
    assert issubclass(category, Warning), \
        "category must be a Warning subclass"
    assert isinstance(module, str), \
        "module must be a string"
    assert isinstance(lineno, int) and lineno >= 0, \
        "lineno must be an int >= 0"
    message_re = module_re = None
    if message or module:
        import re
        if message:
            message_re = re.compile(message, re.I)
        if module:
            module_re = re.compile(module)
    _add_filter(action, message_re, category, module_re, lineno,
                append=append)


def simplefilter(action, category=Warning, lineno=0, append=False):
    """Add a filter that matches any message from any module."""
    assert action in _ACTIONS, "invalid action: %r" % (action,)
    assert isinstance(lineno, int) and lineno >= 0, \
        "lineno must be an int >= 0"
    _add_filter(action, None, category, None, lineno, append=append)


def _add_filter(*entry, append):
    with _lock:
        current = filters
        if append:
            if entry not in current:
                current.append(entry)
        else:
            # an existing identical filter moves to the front
            if entry in current:
                current.remove(entry)
            current.insert(0, entry)
        _filters_mutated()


def resetwarnings():
    """Remove every filter (the default ones included)."""
    with _lock:
        filters[:] = []
        _filters_mutated()


class _OptionError(Exception):
    """A -W option string could not be understood."""
    pass


def _processoptions(args):
    for option in args:
        try:
            _setoption(option)
        except _OptionError as err:
            print("Invalid -W option ignored:", err, file=sys.stderr)


def _setoption(arg):
    fields = arg.split(':')
    if len(fields) > 5:
        raise _OptionError("too many fields (max 5): %r" % (arg,))
    fields = [f.strip() for f in fields] + [''] * (5 - len(fields))
    action, message, category, module, lineno = fields
    action = _getaction(action)
    category = _getcategory(category)
    if message or module:
        import re
        message = re.escape(message) if message else message
        module = re.escape(module) + r'\Z' if module else module
    if not lineno:
        lineno = 0
    else:
        try:
            number = int(lineno)
        except (ValueError, OverflowError):
            number = -1
        if number < 0:
            raise _OptionError("invalid lineno %r" % (lineno,))
        lineno = number
    filterwarnings(action, message, category, module, lineno)


def _getaction(action):
    if not action:
        return "default"
    if action == "all":
        return "always"
    for name in ('default', 'always', 'ignore', 'module', 'once', 'error'):
        if name.startswith(action):
            return name
    raise _OptionError("invalid action: %r" % (action,))


def _getcategory(category):
    if not category:
        return Warning
    if '.' in category:
        modname, _, attr = category.rpartition('.')
        try:
            holder = __import__(modname, None, None, [attr])
        except ImportError:
            raise _OptionError("invalid module name: %r" % (modname,)) from None
    else:
        import builtins as holder
        attr = category
    try:
        found = getattr(holder, attr)
    except AttributeError:
        raise _OptionError("unknown warning category: %r" % (category,)) from None
    if not (isinstance(found, type) and issubclass(found, Warning)):
        raise _OptionError("invalid warning category: %r" % (category,))
    return found


# ---------------------------------------------------------------------------
# issuing

def _is_internal_frame(frame):
    name = frame.f_code.co_filename
    return 'importlib' in name and '_bootstrap' in name


def _next_external_frame(frame):
    outer = frame.f_back
    while outer is not None:
        if not _is_internal_frame(outer):
            break
        outer = outer.f_back
    return outer


def warn(message, category=None, stacklevel=1, source=None):
    """Issue a warning, attributed to the code `stacklevel` frames up
    (1: the caller of warn())."""
    if isinstance(message, Warning):
        category = message.__class__
    if category is None:
        category = UserWarning
    if not (isinstance(category, type) and issubclass(category, Warning)):
        raise TypeError("category must be a Warning subclass, not '{:s}'"
                        .format(type(category).__name__))
    try:
        frame = sys._getframe(1)
        for _ in range(stacklevel - 1):
            frame = frame.f_back
            if frame is None:
                raise ValueError
    except ValueError:
        frame = None
    if frame is None:
        where_globals = sys.__dict__
        filename = "sys"
        lineno = 1
    else:
        where_globals = frame.f_globals
        filename = frame.f_code.co_filename
        lineno = frame.f_lineno
    module = where_globals.get('__name__', "<string>")
    with _lock:
        registry = where_globals.get("__warningregistry__")
        if registry is None:
            registry = where_globals["__warningregistry__"] = {}
    warn_explicit(message, category, filename, lineno, module, registry,
                  where_globals, source)


def _matches(pattern, text):
    if pattern is None:
        return True
    if type(pattern) is str:
        return pattern == text
    return bool(pattern.match(text))


def _choose_action(text, category, module, lineno):
    for entry in filters:
        if len(entry) != 5:
            raise ValueError("warnings.filters item %r isn't a 5-tuple"
                             % (entry,))
        action, msg_pat, cat, mod_pat, line = entry
        if (_matches(msg_pat, text) and issubclass(category, cat) and
                _matches(mod_pat, module) and (line == 0 or lineno == line)):
            return action, entry
    return defaultaction, None


def _decide(text, category, module, lineno, registry):
    """Under the lock: return the action to take, or None when the warning
    is not to be shown (already shown, or ignored)."""
    if registry is not None:
        if registry.get('version') != _filters_version:
            registry.clear()
            registry['version'] = _filters_version
        if registry.get((text, category, lineno)):
            return None
    action, entry = _choose_action(text, category, module, lineno)
    if not isinstance(action, str):
        raise TypeError("action must be a string, not '%s'"
                        % type(action).__name__)
    if action in ("error", "ignore"):
        return action
    if action == "always":
        return action
    if registry is not None:
        registry[(text, category, lineno)] = True
    if action == "default":
        return action
    if action == "once":
        if registry is None:
            registry = onceregistry
        key = (text, category)
    elif action == "module":
        if registry is None:
            return action
        key = (text, category)
    else:
        raise RuntimeError("Unrecognized action (%r) in warnings.filters:\n %r"
                           % (action, entry))
    if registry.get(key):
        return None
    registry[key] = True
    return action


def warn_explicit(message, category, filename, lineno, module=None,
                  registry=None, module_globals=None, source=None):
    """Issue a warning with an explicit location and registry."""
    lineno = int(lineno)
    if module is None:
        module = filename or "<unknown>"
        if module[-3:] == ".py":
            module = module[:-3]
    if not isinstance(message, Warning):
        text, message = message, category(message)
    else:
        text, category = str(message), message.__class__
    with _lock:
        action = _decide(text, category, module, lineno, registry)
    if action is None or action == "ignore":
        return
    if action == "error":
        raise message
    import linecache
    linecache.getlines(filename, module_globals)
    _showwarnmsg(WarningMessage(message, category, filename, lineno, None,
                                None, source))


class WarningMessage(object):
    """What a recorded warning carries (see catch_warnings(record=True))."""

    _WARNING_DETAILS = (
        "message", "category", "filename", "lineno", "file", "line", "source",
    )

    def __init__(self, message, category, filename, lineno, file=None,
                 line=None, source=None):
        given = (message, category, filename, lineno, file, line, source)
        for attr, value in zip(self._WARNING_DETAILS, given):
            setattr(self, attr, value)
        self._category_name = None if not category else category.__name__

    def __str__(self):
        layout = ("{message : %r, category : %r, filename : %r, "
                  "lineno : %s, line : %r}")
        return layout % (self.message, self._category_name, self.filename,
                         self.lineno, self.line)


class catch_warnings(object):
    """Context manager that saves the filters and showwarning() on entry and
    puts them back on exit.  With record=True, warnings are collected as
    WarningMessage objects in the list __enter__ returns instead of being
    shown.  `action` (with category, lineno, append) adds a simplefilter()
    for the duration.  Not thread-safe: it swaps module-wide state."""

    def __init__(self, *, record=False, module=None, action=None,
                 category=Warning, lineno=0, append=False):
        self._entered = False
        self._record = record
        self._module = module if module is not None else sys.modules['warnings']
        self._filter = (None if action is None
                        else (action, category, lineno, append))

    def __repr__(self):
        shown = ["record=True"] if self._record else []
        if self._module is not sys.modules['warnings']:
            shown.append("module=%r" % self._module)
        return type(self).__name__ + "(" + ", ".join(shown) + ")"

    def __enter__(self):
        if self._entered:
            raise RuntimeError("Cannot enter %r twice" % (self,))
        self._entered = True
        mod = self._module
        self._saved = (mod.filters, mod.showwarning, mod._showwarnmsg_impl)
        mod.filters = mod.filters[:]
        mod._filters_mutated()
        if self._filter is not None:
            mod.simplefilter(*self._filter)
        if not self._record:
            return None
        collected = []
        mod._showwarnmsg_impl = collected.append
        mod.showwarning = mod._showwarning_orig
        return collected

    def __exit__(self, *exc_info):
        if not self._entered:
            raise RuntimeError("Cannot exit %r without entering first" % self)
        mod = self._module
        mod.filters, mod.showwarning, mod._showwarnmsg_impl = self._saved
        mod._filters_mutated()


_DEPRECATED_MSG = "{name!r} is deprecated and slated for removal in Python {remove}"


def _deprecated(name, message=_DEPRECATED_MSG, *, remove, _version=sys.version_info):
    """Warn that `name` is deprecated; once the Python version reaches
    `remove` (a (major, minor) tuple or 'X.Y' string), raise instead."""
    if isinstance(remove, str):
        remove = tuple(int(piece) for piece in remove.split('.'))
    remove_text = "{}.{}".format(*remove[:2])
    if (_version[:2] > tuple(remove[:2]) or
            (_version[:2] == tuple(remove[:2]) and _version[3] != "alpha")):
        raise RuntimeError("{name!r} was slated for removal after Python "
                           "{remove} alpha".format(name=name,
                                                   remove=remove_text))
    warn(message.format(name=name, remove=remove_text), DeprecationWarning,
         stacklevel=3)


def _warn_unawaited_coroutine(coro):
    text = "coroutine '{}' was never awaited\n".format(coro.__qualname__)
    warn(text, category=RuntimeWarning, stacklevel=2, source=coro)


_warnings_defaults = True
_processoptions(getattr(sys, 'warnoptions', ()))
