"""Look inside live objects: classify them, read their source, describe
their call signatures.

Behaves as CPython 3.11's inspect for what it covers.  Notes for Weft:

* Code-object flags come from ``co_flags``.  While Weft's code objects do
  not have it, the flags this module needs (generator, coroutine, *args,
  **kwargs) are worked out from the function's source text instead.
* Built-in functions carry no ``__text_signature__`` in Weft, so
  signature() of a builtin raises ValueError, as CPython does for builtins
  without one.
"""

import builtins
import collections
import enum
import functools
import keyword
import linecache
import os
import re
import sys
import types

# ---------------------------------------------------------------------------
# code flags (the values of CPython's compiler flags)

CO_OPTIMIZED = 1
CO_NEWLOCALS = 2
CO_VARARGS = 4
CO_VARKEYWORDS = 8
CO_NESTED = 16
CO_GENERATOR = 32
CO_NOFREE = 64
CO_COROUTINE = 128
CO_ITERABLE_COROUTINE = 256
CO_ASYNC_GENERATOR = 512

TPFLAGS_IS_ABSTRACT = 1 << 20


def _get_frame_type():
    return type(sys._getframe())


def _get_traceback_type():
    try:
        raise TypeError
    except TypeError as exc:
        return type(exc.__traceback__)


_FrameType = getattr(types, 'FrameType', None) or _get_frame_type()
_TracebackType = getattr(types, 'TracebackType', None) or _get_traceback_type()
_CodeType = types.CodeType


# ---------------------------------------------------------------------------
# type predicates

def ismodule(object):
    """True for module objects."""
    return isinstance(object, types.ModuleType)


def isclass(object):
    """True for classes (instances of type)."""
    return isinstance(object, type)


def ismethod(object):
    """True for bound methods."""
    return isinstance(object, types.MethodType)


def isfunction(object):
    """True for functions written in Python (def and lambda)."""
    return isinstance(object, types.FunctionType)


def isbuiltin(object):
    """True for built-in functions and methods of built-in objects."""
    return isinstance(object, types.BuiltinFunctionType)


def istraceback(object):
    """True for traceback objects."""
    return isinstance(object, _TracebackType)


def isframe(object):
    """True for frame objects."""
    return isinstance(object, _FrameType)


def iscode(object):
    """True for code objects."""
    return isinstance(object, _CodeType)


def ismethoddescriptor(object):
    """True for objects whose type has __get__ but not __set__ (and that
    are not classes, methods or functions), e.g. int.__add__."""
    if isclass(object) or ismethod(object) or isfunction(object):
        return False
    kind = type(object)
    return hasattr(kind, "__get__") and not hasattr(kind, "__set__")


def isdatadescriptor(object):
    """True for objects whose type defines __set__ or __delete__."""
    if isclass(object) or ismethod(object) or isfunction(object):
        return False
    kind = type(object)
    return hasattr(kind, "__set__") or hasattr(kind, "__delete__")


def ismemberdescriptor(object):
    """True for the descriptors __slots__ creates."""
    member_type = getattr(types, 'MemberDescriptorType', None)
    return member_type is not None and isinstance(object, member_type)


def isgetsetdescriptor(object):
    """True for getset descriptors of extension types."""
    getset_type = getattr(types, 'GetSetDescriptorType', None)
    return getset_type is not None and isinstance(object, getset_type)


def isroutine(object):
    """True for any kind of function or method."""
    return (isbuiltin(object) or isfunction(object) or ismethod(object) or
            ismethoddescriptor(object))


def isgenerator(object):
    """True for generator objects."""
    return isinstance(object, types.GeneratorType)


def iscoroutine(object):
    """True for coroutine objects made by async def functions."""
    return isinstance(object, types.CoroutineType)


def isasyncgen(object):
    """True for asynchronous generator objects."""
    return isinstance(object, types.AsyncGeneratorType)


def isawaitable(object):
    """True for objects usable in an await expression."""
    if isinstance(object, types.CoroutineType):
        return True
    if isinstance(object, types.GeneratorType):
        code = getattr(object, 'gi_code', None)
        if code is not None and _flags_of(code) & CO_ITERABLE_COROUTINE:
            return True
    from _collections_abc import Awaitable
    return isinstance(object, Awaitable)


def isabstract(object):
    """True for classes that still have abstract methods."""
    if not isinstance(object, type):
        return False
    flags = getattr(object, '__flags__', 0)
    if flags & TPFLAGS_IS_ABSTRACT:
        return True
    return bool(getattr(object, '__abstractmethods__', False))


def _plain_function(obj):
    # look through bound methods and functools.partial
    while True:
        if ismethod(obj):
            obj = obj.__func__
        elif isinstance(obj, functools.partial):
            obj = obj.func
        else:
            return obj


def _has_code_flag(obj, flag):
    func = _plain_function(obj)
    if not (isfunction(func) or _signature_is_functionlike(func)):
        return False
    return bool(_flags_of(func.__code__) & flag)


def isgeneratorfunction(obj):
    """True for functions whose body contains yield (not async)."""
    return _has_code_flag(obj, CO_GENERATOR)


def iscoroutinefunction(obj):
    """True for async def functions without yield."""
    return _has_code_flag(obj, CO_COROUTINE)


def isasyncgenfunction(obj):
    """True for async def functions containing yield."""
    return _has_code_flag(obj, CO_ASYNC_GENERATOR)


# ---------------------------------------------------------------------------
# code flags when the code object cannot tell

_flag_cache = {}


def _flags_of(code):
    flags = getattr(code, 'co_flags', None)
    if flags is not None:
        return flags
    key = (code.co_filename, code.co_firstlineno, code.co_name)
    found = _flag_cache.get(key)
    if found is None:
        try:
            found = _flags_from_source(code)
        except Exception:
            found = 0
        _flag_cache[key] = found
    return found


def _flags_from_source(code):
    # Rebuild the flags from the text of the def statement: '*name' and
    # '**name' in the parameter list, 'async def', and a yield in the body
    # outside nested functions and classes.
    lines = linecache.getlines(code.co_filename)
    if not lines:
        return 0
    if code.co_name == '<lambda>':
        return _lambda_flags(lines, code.co_firstlineno)
    start = code.co_firstlineno - 1
    logical = _logical_lines(lines[start:])
    header = None
    for first, last, text in logical:
        stripped = text.lstrip()
        if stripped.startswith('@'):
            continue
        header = (first, last, text)
        break
    if header is None:
        return 0
    text = header[2].strip()
    is_async = text.startswith('async')
    match = re.match(r'(?:async\s+)?def\s+\w+\s*\(', text)
    if match is None:
        return 0
    flags = 0
    params, _after = _split_parenthesised(text, match.end() - 1)
    for piece in params:
        piece = piece.strip()
        if piece.startswith('**'):
            flags |= CO_VARKEYWORDS
        elif piece.startswith('*') and piece[1:].strip()[:1].isidentifier():
            flags |= CO_VARARGS
    block = getblock(lines[start:])
    has_yield = _body_yields(block)
    if is_async:
        flags |= CO_ASYNC_GENERATOR if has_yield else CO_COROUTINE
    elif has_yield:
        flags |= CO_GENERATOR
    return flags


def _lambda_flags(lines, lineno):
    # Only decidable when the line holds exactly one lambda.
    if not 0 < lineno <= len(lines):
        return 0
    code = _strip_strings(lines[lineno - 1])
    found = [m.end() for m in re.finditer(r'(?<![\w.])lambda\b', code)]
    if len(found) != 1:
        return 0
    params, _rest = _split_parenthesised('(' + code[found[0]:], 0,
                                         stop_at_colon=True)
    flags = 0
    for piece in params:
        piece = piece.strip()
        if piece.startswith('**'):
            flags |= CO_VARKEYWORDS
        elif piece.startswith('*') and piece[1:].strip()[:1].isidentifier():
            flags |= CO_VARARGS
    return flags


def _split_parenthesised(text, open_at, stop_at_colon=False):
    # Split the text inside the bracket at open_at on its top-level commas.
    depth = 0
    pieces = []
    current = []
    i = open_at
    quote = None
    while i < len(text):
        ch = text[i]
        if quote is not None:
            current.append(ch)
            if ch == '\\':
                current.append(text[i + 1:i + 2])
                i += 2
                continue
            if text.startswith(quote, i):
                current.append(text[i + 1:i + len(quote)])
                i += len(quote)
                quote = None
                continue
        elif ch in '\'"':
            quote = text[i:i + 3] if text[i:i + 3] in ('"""', "'''") else ch
            current.append(quote)
            i += len(quote)
            continue
        elif ch in '([{':
            depth += 1
            if depth > 1:
                current.append(ch)
        elif ch in ')]}':
            depth -= 1
            if depth == 0:
                pieces.append(''.join(current))
                return [p for p in pieces if p.strip()], text[i + 1:]
            current.append(ch)
        elif ch == ',' and depth == 1:
            pieces.append(''.join(current))
            current = []
        elif ch == ':' and depth == 1 and stop_at_colon:
            pieces.append(''.join(current))
            return [p for p in pieces if p.strip()], text[i + 1:]
        elif ch == '#':
            while i < len(text) and text[i] != '\n':
                i += 1
            continue
        else:
            current.append(ch)
        i += 1
    return [p for p in pieces if p.strip()], ''


def _body_yields(block):
    # Does the function body (first entry: its header) contain 'yield'
    # outside nested def/class/lambda?
    logical = _logical_lines(block)
    if not logical:
        return False
    header_index = 0
    while (header_index < len(logical) and
           logical[header_index][2].lstrip().startswith('@')):
        header_index += 1
    body = logical[header_index:]
    skip_deeper_than = None
    for index, (_first, _last, text) in enumerate(body):
        code = _strip_strings(text)
        if index == 0:
            # body on the header line?
            colon = _header_colon(code)
            code = code[colon + 1:] if colon is not None else ''
            indent = -1
        else:
            indent = len(text) - len(text.lstrip())
            if skip_deeper_than is not None:
                if indent > skip_deeper_than:
                    continue
                skip_deeper_than = None
            if re.match(r'\s*(async\s+def|def|class)\b', code):
                skip_deeper_than = indent
                continue
        code = re.sub(r'\blambda\b[^:]*:.*', '', code)
        if re.search(r'\byield\b', code):
            return True
    return False


def _header_colon(code):
    # position of the colon ending a def/class header (outside brackets)
    depth = 0
    for i, ch in enumerate(code):
        if ch in '([{':
            depth += 1
        elif ch in ')]}':
            depth -= 1
        elif ch == ':' and depth == 0:
            return i
    return None


def _strip_strings(text):
    # Replace string literals and comments by blanks (keeps offsets).
    out = []
    i = 0
    quote = None
    while i < len(text):
        ch = text[i]
        if quote is not None:
            if ch == '\\':
                out.append('  ')
                i += 2
                continue
            if text.startswith(quote, i):
                out.append(' ' * len(quote))
                i += len(quote)
                quote = None
                continue
            out.append('\n' if ch == '\n' else ' ')
            i += 1
            continue
        if ch in '\'"':
            quote = text[i:i + 3] if text[i:i + 3] in ('"""', "'''") else ch
            out.append(' ' * len(quote))
            i += len(quote)
            continue
        if ch == '#':
            while i < len(text) and text[i] != '\n':
                out.append(' ')
                i += 1
            continue
        out.append(ch)
        i += 1
    return ''.join(out)


# ---------------------------------------------------------------------------
# source blocks

def _logical_lines(lines):
    """Group physical lines into logical ones.

    Returns (first_index, last_index, text) triples; lines that hold only
    blanks or a comment come out as their own entries with text ''.
    """
    result = []
    depth = 0
    quote = None
    start = None
    pieces = []
    for index, line in enumerate(lines):
        if start is None:
            if quote is None and depth == 0 and (
                    not line.strip() or line.lstrip().startswith('#')):
                result.append((index, index, ''))
                continue
            start = index
            pieces = []
        pieces.append(line)
        i = 0
        continued = False
        while i < len(line):
            ch = line[i]
            if quote is not None:
                if ch == '\\':
                    i += 2
                    continue
                if line.startswith(quote, i):
                    i += len(quote)
                    quote = None
                    continue
                i += 1
                continue
            if ch in '\'"':
                quote = line[i:i + 3] if line[i:i + 3] in ('"""', "'''") else ch
                i += len(quote)
                continue
            if ch == '#':
                break
            if ch == '\\' and line[i + 1:].strip() == '':
                continued = True
                break
            if ch in '([{':
                depth += 1
            elif ch in ')]}':
                depth = max(depth - 1, 0)
            i += 1
        if quote is not None and len(quote) == 1:
            # an unterminated one-quote string ends with its line
            quote = None
        if quote is None and depth == 0 and not continued:
            result.append((start, index, ''.join(pieces)))
            start = None
    if start is not None:
        result.append((start, len(lines) - 1, ''.join(pieces)))
    return result


def getblock(lines):
    """The lines of the def, class or lambda block starting at lines[0]."""
    logical = _logical_lines(lines)
    position = 0
    # decorators
    while position < len(logical):
        text = logical[position][2]
        if text and text.lstrip().startswith('@'):
            position += 1
            continue
        if not text:
            position += 1
            continue
        break
    if position >= len(logical):
        return lines[:1]
    first, last, text = logical[position]
    word = text.lstrip()
    if not re.match(r'(async\s+def|def|class)\b', word):
        # a lambda or other expression: one logical line
        return lines[:last + 1]
    code = _strip_strings(text)
    colon = _header_colon(code)
    if colon is not None and code[colon + 1:].strip():
        # the body shares the header's line
        return lines[:last + 1]
    base = len(text) - len(text.lstrip())
    end = last
    for first_b, last_b, text_b in logical[position + 1:]:
        if not text_b:
            continue
        indent = len(text_b) - len(text_b.lstrip())
        if indent <= base:
            break
        end = last_b
    return lines[:end + 1]


# ---------------------------------------------------------------------------
# source files and modules

def getfile(object):
    """The name of the file an object was defined in."""
    if ismodule(object):
        path = getattr(object, '__file__', None)
        if not path:
            raise TypeError('{!r} is a built-in module'.format(object))
        return path
    if isclass(object):
        modname = getattr(object, '__module__', None)
        if modname is not None:
            path = getattr(sys.modules.get(modname), '__file__', None)
            if path:
                return path
            if modname == '__main__':
                raise OSError('source code not available')
        raise TypeError('{!r} is a built-in class'.format(object))
    target = object
    if ismethod(target):
        target = target.__func__
    if isfunction(target):
        target = target.__code__
    if istraceback(target):
        target = target.tb_frame
    if isframe(target):
        target = target.f_code
    if iscode(target):
        return target.co_filename
    expected = ('module, class, method, function, traceback, frame, or '
                'code object was expected, got {}')
    raise TypeError(expected.format(type(object).__name__))


def getmodulename(path):
    """The module name a file path would import as, or None."""
    name = os.path.basename(path)
    for suffix in ('.py', '.pyc', '.pyw'):
        if name.endswith(suffix) and len(name) > len(suffix):
            return name[:-len(suffix)]
    return None


def getsourcefile(object):
    """The source file of an object, or None when there is none."""
    filename = getfile(object)
    if filename.endswith('.pyc'):
        filename = filename[:-1]
    if os.path.exists(filename):
        return filename
    module = getmodule(object, filename)
    if getattr(module, '__loader__', None) is not None:
        return filename
    if getattr(getattr(module, '__spec__', None), 'loader', None) is not None:
        return filename
    if filename in linecache.cache:
        return filename
    return None


def getabsfile(object, _filename=None):
    """Absolute, normalised path of an object's source (or compiled) file."""
    if _filename is None:
        _filename = getsourcefile(object) or getfile(object)
    return os.path.normcase(os.path.abspath(_filename))


def getmodule(object, _filename=None):
    """The module an object was defined in, or None."""
    if ismodule(object):
        return object
    try:
        modname = object.__module__
    except AttributeError:
        pass
    else:
        return sys.modules.get(modname)
    if _filename is None:
        try:
            _filename = getsourcefile(object) or getfile(object)
        except TypeError:
            return None
    wanted = os.path.abspath(_filename)
    for module in list(sys.modules.values()):
        path = getattr(module, '__file__', None)
        if isinstance(path, str) and os.path.abspath(path) == wanted:
            return module
    main = sys.modules.get('__main__')
    target = object
    if ismethod(target):
        target = target.__func__
    if isfunction(target):
        name = target.__name__
        if main is not None and getattr(main, name, None) is target:
            return main
    return None


def _find_class_line(lines, qualname):
    # Index of the 'class' line for a (possibly nested) qualified name,
    # found by indentation since there is no parser to ask.
    wanted = qualname.split('.')
    stack = []      # (indent, name) of enclosing class/def headers
    pattern = re.compile(r'^(\s*)(?:(?:async\s+)?def|class)\s+(\w+)')
    decorated_from = None
    for index, line in enumerate(lines):
        stripped = line.strip()
        if not stripped or stripped.startswith('#'):
            continue
        indent = len(line) - len(line.lstrip())
        while stack and stack[-1][0] >= indent:
            stack.pop()
        if stripped.startswith('@'):
            if decorated_from is None:
                decorated_from = index
            continue
        match = pattern.match(line)
        if match is None:
            decorated_from = None
            continue
        name = match.group(2)
        path = [n for _i, n in stack] + [name]
        is_class = line.lstrip().startswith('class')
        if is_class and path == [p for p in wanted if p != '<locals>']:
            return decorated_from if decorated_from is not None else index
        stack.append((indent, name if is_class else name))
        decorated_from = None
    return None


def findsource(object):
    """All lines of an object's source file and the index of its first
    line.  Raises OSError when the source cannot be found."""
    file = getsourcefile(object)
    if file:
        linecache.checkcache(file)
    else:
        file = getfile(object)
        if not (file.startswith('<') and file.endswith('>')):
            raise OSError('source code not available')
    module = getmodule(object, file)
    namespace = module.__dict__ if module is not None else None
    lines = linecache.getlines(file, namespace)
    if not lines:
        raise OSError('could not get source code')
    if ismodule(object):
        # a module's source starts at its first line
        return lines, 0
    if isclass(object):
        found = _find_class_line(lines, object.__qualname__)
        if found is None:
            raise OSError('could not find class definition')
        return lines, found
    target = object
    if ismethod(target):
        target = target.__func__
    if isfunction(target):
        target = target.__code__
    if istraceback(target):
        target = target.tb_frame
    if isframe(target):
        target = target.f_code
    if iscode(target):
        if not hasattr(target, 'co_firstlineno'):
            raise OSError('could not find function definition')
        lnum = target.co_firstlineno - 1
        starts = re.compile(r'^(\s*def\s)|(\s*async\s+def\s)|'
                            r'(.*(?<!\w)lambda(:|\s))|^(\s*@)')
        while lnum > 0:
            if lnum >= len(lines):
                raise OSError('lineno is out of bounds')
            if starts.match(lines[lnum]):
                break
            lnum -= 1
        return lines, lnum
    raise OSError('could not find code object')


def getsourcelines(object):
    """(lines, first line number) of an object's source."""
    target = unwrap(object)
    lines, lnum = findsource(target)
    if istraceback(target):
        target = target.tb_frame
    object = target
    if ismodule(object) or (isframe(object) and
                            object.f_code.co_name == "<module>"):
        return lines, 0
    return getblock(lines[lnum:]), lnum + 1


def getsource(object):
    """The source text of an object, as one string."""
    lines, _lnum = getsourcelines(object)
    return ''.join(lines)


def getcomments(object):
    """The comment lines just above an object's source, or None."""
    try:
        lines, lnum = findsource(object)
    except (OSError, TypeError):
        return None
    if ismodule(object):
        start = 0
        if lines and lines[0][:2] == '#!':
            start = 1
        while start < len(lines) and lines[start].strip() in ('', '#'):
            start += 1
        if start < len(lines) and lines[start][:1] == '#':
            picked = []
            end = start
            while end < len(lines) and lines[end][:1] == '#':
                picked.append(lines[end].expandtabs())
                end += 1
            return ''.join(picked)
        return None
    if lnum > 0:
        indent = len(lines[lnum].expandtabs()) - len(lines[lnum].lstrip().expandtabs())
        end = lnum - 1
        if end >= 0 and lines[end].lstrip()[:1] == '#':
            ind = len(lines[end].expandtabs()) - len(lines[end].lstrip().expandtabs())
            if ind == indent:
                picked = [lines[end].expandtabs().lstrip()]
                end -= 1
                while end >= 0:
                    line = lines[end]
                    ind = len(line.expandtabs()) - len(line.lstrip().expandtabs())
                    if line.lstrip()[:1] != '#' or ind != indent:
                        break
                    picked.insert(0, line.expandtabs().lstrip())
                    end -= 1
                while picked and picked[0].strip() == '#':
                    picked.pop(0)
                while picked and picked[-1].strip() == '#':
                    picked.pop()
                return ''.join(picked) if picked else None
    return None


# ---------------------------------------------------------------------------
# documentation

def cleandoc(doc):
    """Normalise a docstring's indentation: the first line loses its
    leading blanks, the others their common indentation; blank lines at
    both ends go."""
    rows = doc.expandtabs().split('\n')
    common = None
    for row in rows[1:]:
        text = row.lstrip()
        if text:
            width = len(row) - len(text)
            common = width if common is None else min(common, width)
    if rows:
        rows[0] = rows[0].lstrip()
    if common is not None:
        rows[1:] = [row[common:] for row in rows[1:]]
    while rows and not rows[-1]:
        rows.pop()
    while rows and not rows[0]:
        del rows[0]
    return '\n'.join(rows)


def _owner_class(func):
    # The class a function was defined in, found through its qualname.
    qualname = getattr(func, '__qualname__', '')
    parts = qualname.split('.')
    if len(parts) < 2 or '<locals>' in parts[:-1]:
        return None
    holder = sys.modules.get(getattr(func, '__module__', None))
    for part in parts[:-1]:
        holder = getattr(holder, part, None)
        if holder is None:
            return None
    return holder if isclass(holder) else None


def _inherited_doc(obj):
    # Look for the documentation of the same member in base classes.
    if isclass(obj):
        for base in obj.__mro__:
            if base is not object:
                doc = base.__dict__.get('__doc__')
                if doc is not None:
                    return doc
        return None
    if ismethod(obj):
        name = obj.__func__.__name__
        owner = obj.__self__
        if not isclass(owner):
            owner = type(owner)
        if getattr(owner, name, None) is not None and (
                getattr(getattr(owner, name), '__func__', None) is not obj.__func__):
            owner = _owner_class(obj.__func__) or owner
    elif isfunction(obj):
        name = obj.__name__
        owner = _owner_class(obj)
        if owner is None or getattr(owner, name, None) is not obj:
            return None
    elif isinstance(obj, property):
        func = obj.fget
        name = func.__name__
        owner = _owner_class(func)
        if owner is None or owner.__dict__.get(name) is not obj:
            return None
    else:
        return None
    if owner is None:
        return None
    for base in owner.__mro__[1:]:
        try:
            doc = getattr(base.__dict__.get(name), '__doc__', None)
        except AttributeError:
            doc = None
        if doc is not None:
            return doc
    return None


def getdoc(object):
    """The cleaned-up docstring of an object, inherited from base classes
    when the object has none; None when there is none."""
    try:
        doc = object.__doc__
    except AttributeError:
        return None
    if doc is None:
        try:
            doc = _inherited_doc(object)
        except (AttributeError, TypeError):
            return None
    if not isinstance(doc, str):
        return None
    return cleandoc(doc)


# ---------------------------------------------------------------------------
# classes and members

def getmro(cls):
    """The method resolution order of a class, as a tuple."""
    return cls.__mro__


def _collect_members(object, predicate, fetch):
    names = dir(object)
    owners = ()
    if isclass(object):
        owners = (object,) + getmro(object)
    found = []
    seen = set()
    for name in names:
        try:
            value = fetch(object, name)
            if name in seen:
                raise AttributeError(name)
        except AttributeError:
            for owner in owners:
                if name in owner.__dict__:
                    value = owner.__dict__[name]
                    break
            else:
                continue
        if not predicate or predicate(value):
            found.append((name, value))
        seen.add(name)
    found.sort(key=lambda pair: pair[0])
    return found


def getmembers(object, predicate=None):
    """(name, value) pairs of an object's attributes, sorted by name,
    optionally only those for which predicate(value) is true."""
    return _collect_members(object, predicate, getattr)


def getmembers_static(object, predicate=None):
    """getmembers() without running descriptors or __getattr__."""
    return _collect_members(object, predicate, getattr_static)


Attribute = collections.namedtuple('Attribute', 'name kind defining_class object')


def classify_class_attrs(cls):
    """Attribute(name, kind, defining_class, object) for each attribute of
    a class; kind is 'class method', 'static method', 'property', 'method'
    or 'data'."""
    mro = getmro(cls)
    result = []
    for name in dir(cls):
        home = None
        raw = None
        for base in mro:
            if name in base.__dict__:
                home = base
                raw = base.__dict__[name]
                break
        if home is None:
            try:
                raw = getattr(cls, name)
            except AttributeError:
                continue
        if isinstance(raw, staticmethod):
            kind = "static method"
        elif isinstance(raw, classmethod):
            kind = "class method"
        elif isinstance(raw, property):
            kind = "property"
        elif isroutine(raw):
            kind = "method"
        else:
            kind = "data"
        result.append(Attribute(name, kind, home, raw))
    return result


_absent = object()


def _instance_dict_lookup(obj, attr):
    try:
        instance_dict = object.__getattribute__(obj, "__dict__")
    except AttributeError:
        return _absent
    return instance_dict.get(attr, _absent) if isinstance(instance_dict, dict) \
        else _absent


def _class_lookup(klass, attr):
    for entry in getattr(klass, '__mro__', (klass,)):
        namespace = entry.__dict__
        if attr in namespace:
            return namespace[attr]
    return _absent


def getattr_static(obj, attr, default=_absent):
    """Find an attribute without triggering descriptors, __getattr__ or
    __getattribute__ (basic version: instance __dict__ and class dicts)."""
    if isinstance(obj, type):
        klass = obj
        from_instance = _absent
    else:
        klass = type(obj)
        from_instance = _instance_dict_lookup(obj, attr)
    from_class = _class_lookup(klass, attr)
    if from_instance is not _absent and from_class is not _absent:
        kind = type(from_class)
        if (_class_lookup(kind, '__get__') is not _absent and
                (_class_lookup(kind, '__set__') is not _absent or
                 _class_lookup(kind, '__delete__') is not _absent)):
            return from_class
    if from_instance is not _absent:
        return from_instance
    if from_class is not _absent:
        return from_class
    if obj is klass:
        from_meta = _class_lookup(type(klass), attr)
        if from_meta is not _absent:
            return from_meta
    if default is not _absent:
        return default
    raise AttributeError(attr)


def unwrap(func, *, stop=None):
    """Follow a chain of __wrapped__ attributes to the innermost object,
    or until stop(obj) is true."""
    start = func
    visited = {id(func)}
    limit = sys.getrecursionlimit()
    while hasattr(func, '__wrapped__'):
        if stop is not None and stop(func):
            break
        func = func.__wrapped__
        if id(func) in visited or len(visited) >= limit:
            raise ValueError('wrapper loop when unwrapping {!r}'.format(start))
        visited.add(id(func))
    return func


def get_annotations(obj, *, globals=None, locals=None, eval_str=False):
    """The annotations dict of a module, class or callable (a new dict);
    with eval_str=True, string annotations are evaluated."""
    if isinstance(obj, type):
        namespace = getattr(obj, '__dict__', None)
        found = namespace.get('__annotations__', None) \
            if namespace is not None and hasattr(namespace, 'get') else None
        module = sys.modules.get(getattr(obj, '__module__', None) or '')
        home_globals = getattr(module, '__dict__', None) if module else None
        home_locals = dict(vars(obj))
        target = obj
    elif isinstance(obj, types.ModuleType):
        found = getattr(obj, '__annotations__', None)
        home_globals = getattr(obj, '__dict__')
        home_locals = None
        target = None
    elif callable(obj):
        found = getattr(obj, '__annotations__', None)
        home_globals = getattr(obj, '__globals__', None)
        home_locals = None
        target = obj
    else:
        raise TypeError(f"{obj!r} is not a module, class, or callable.")

    if found is None:
        return {}
    if not isinstance(found, dict):
        raise ValueError(f"{obj!r}.__annotations__ is neither a dict nor None")
    if not found:
        return {}
    if not eval_str:
        return dict(found)

    if target is not None:
        while True:
            if hasattr(target, '__wrapped__'):
                target = target.__wrapped__
                continue
            if isinstance(target, functools.partial):
                target = target.func
                continue
            break
        if hasattr(target, '__globals__'):
            home_globals = target.__globals__
    if globals is None:
        globals = home_globals
    if locals is None:
        locals = home_locals
    return {key: (eval(value, globals, locals) if isinstance(value, str)
                  else value)
            for key, value in found.items()}


# ---------------------------------------------------------------------------
# frames and stacks

def currentframe():
    """The caller's frame."""
    return sys._getframe(1) if hasattr(sys, "_getframe") else None


class _Positions(tuple):
    __slots__ = ()
    _fields = ('lineno', 'end_lineno', 'col_offset', 'end_col_offset')

    def __new__(cls, lineno=None, end_lineno=None, col_offset=None,
                end_col_offset=None):
        return tuple.__new__(cls, (lineno, end_lineno, col_offset,
                                   end_col_offset))

    lineno = property(lambda self: self[0])
    end_lineno = property(lambda self: self[1])
    col_offset = property(lambda self: self[2])
    end_col_offset = property(lambda self: self[3])

    def __repr__(self):
        return ('Positions(lineno=%r, end_lineno=%r, col_offset=%r, '
                'end_col_offset=%r)' % tuple(self))


_TracebackBase = collections.namedtuple(
    'Traceback', 'filename lineno function code_context index')


class Traceback(_TracebackBase):
    """Where a frame is: (filename, lineno, function, code_context, index),
    plus its positions."""

    def __new__(cls, filename, lineno, function, code_context, index, *,
                positions=None):
        made = super().__new__(cls, filename, lineno, function, code_context,
                               index)
        made.positions = positions
        return made

    def __repr__(self):
        return ('Traceback(filename={!r}, lineno={!r}, function={!r}, '
                'code_context={!r}, index={!r}, positions={!r})'.format(
                    self.filename, self.lineno, self.function,
                    self.code_context, self.index, self.positions))


_FrameInfoBase = collections.namedtuple(
    'FrameInfo', 'frame filename lineno function code_context index')


class FrameInfo(_FrameInfoBase):
    """A frame and where it is; see Traceback."""

    def __new__(cls, frame, filename, lineno, function, code_context, index,
                *, positions=None):
        made = super().__new__(cls, frame, filename, lineno, function,
                               code_context, index)
        made.positions = positions
        return made

    def __repr__(self):
        return ('FrameInfo(frame={!r}, filename={!r}, lineno={!r}, '
                'function={!r}, code_context={!r}, index={!r}, '
                'positions={!r})'.format(
                    self.frame, self.filename, self.lineno, self.function,
                    self.code_context, self.index, self.positions))


def getframeinfo(frame, context=1):
    """A Traceback tuple for a frame or traceback object, with `context`
    lines of source around the current line."""
    if istraceback(frame):
        lineno = frame.tb_lineno
        frame = frame.tb_frame
    else:
        lineno = frame.f_lineno
    if not isframe(frame):
        raise TypeError('{!r} is not a frame or traceback object'.format(frame))
    filename = getsourcefile(frame) or getfile(frame)
    code_context = index = None
    if context > 0:
        start = lineno - 1 - context // 2
        try:
            lines, _lnum = findsource(frame)
        except OSError:
            pass
        else:
            start = max(0, min(start, len(lines) - context))
            code_context = lines[start:start + context]
            index = lineno - 1 - start
    return Traceback(filename, lineno, frame.f_code.co_name, code_context,
                     index, positions=_Positions(lineno))


def getlineno(frame):
    """The current line number of a frame."""
    return frame.f_lineno


def getouterframes(frame, context=1):
    """FrameInfo records from frame outwards (callers last)."""
    records = []
    while frame is not None:
        info = getframeinfo(frame, context)
        records.append(FrameInfo(frame, *info, positions=info.positions))
        frame = frame.f_back
    return records


def getinnerframes(tb, context=1):
    """FrameInfo records of a traceback, outermost first."""
    records = []
    while tb is not None:
        info = getframeinfo(tb, context)
        records.append(FrameInfo(tb.tb_frame, *info, positions=info.positions))
        tb = tb.tb_next
    return records


def stack(context=1):
    """FrameInfo records of the caller's stack, innermost first."""
    return getouterframes(sys._getframe(1), context)


def trace(context=1):
    """FrameInfo records of the exception being handled."""
    exc = sys.exc_info()[1]
    tb = exc.__traceback__ if exc is not None else None
    return getinnerframes(tb, context)


# ---------------------------------------------------------------------------
# generator and coroutine states

GEN_CREATED, GEN_RUNNING, GEN_SUSPENDED, GEN_CLOSED = (
    'GEN_CREATED', 'GEN_RUNNING', 'GEN_SUSPENDED', 'GEN_CLOSED')


def getgeneratorstate(generator):
    """GEN_CREATED, GEN_RUNNING, GEN_SUSPENDED or GEN_CLOSED."""
    if generator.gi_running:
        return GEN_RUNNING
    if getattr(generator, 'gi_suspended', False):
        return GEN_SUSPENDED
    if generator.gi_frame is None:
        return GEN_CLOSED
    if getattr(generator, 'gi_suspended', None) is None and \
            generator.gi_frame.f_lasti != -1:
        return GEN_SUSPENDED
    return GEN_CREATED


CORO_CREATED, CORO_RUNNING, CORO_SUSPENDED, CORO_CLOSED = (
    'CORO_CREATED', 'CORO_RUNNING', 'CORO_SUSPENDED', 'CORO_CLOSED')


def getcoroutinestate(coroutine):
    """CORO_CREATED, CORO_RUNNING, CORO_SUSPENDED or CORO_CLOSED."""
    if coroutine.cr_running:
        return CORO_RUNNING
    if getattr(coroutine, 'cr_suspended', False):
        return CORO_SUSPENDED
    if coroutine.cr_frame is None:
        return CORO_CLOSED
    if getattr(coroutine, 'cr_suspended', None) is None and \
            coroutine.cr_frame.f_lasti != -1:
        return CORO_SUSPENDED
    return CORO_CREATED


def getgeneratorlocals(generator):
    """The local variables of a suspended generator."""
    if not isgenerator(generator):
        raise TypeError("{!r} is not a Python generator".format(generator))
    frame = getattr(generator, "gi_frame", None)
    return frame.f_locals if frame is not None else {}


def getcoroutinelocals(coroutine):
    """The local variables of a suspended coroutine."""
    frame = getattr(coroutine, "cr_frame", None)
    return frame.f_locals if frame is not None else {}


# ---------------------------------------------------------------------------
# argument specs

FullArgSpec = collections.namedtuple(
    'FullArgSpec',
    'args, varargs, varkw, defaults, kwonlyargs, kwonlydefaults, annotations')

ArgInfo = collections.namedtuple('ArgInfo', 'args varargs keywords locals')


def getfullargspec(func):
    """The parameters of a callable as a FullArgSpec (bound methods keep
    their first parameter)."""
    try:
        sig = _signature_from_callable(func, follow_wrapper_chains=False,
                                       skip_bound_arg=False,
                                       sigcls=Signature, eval_str=False)
    except Exception as ex:
        raise TypeError('unsupported callable') from ex

    args, kwonlyargs = [], []
    varargs = varkw = None
    defaults = ()
    kwdefaults, annotations = {}, {}
    if sig.return_annotation is not sig.empty:
        annotations['return'] = sig.return_annotation
    for name, param in sig.parameters.items():
        kind = param.kind
        has_default = param.default is not param.empty
        if kind is _VAR_POSITIONAL:
            varargs = name
        elif kind is _VAR_KEYWORD:
            varkw = name
        elif kind is _KEYWORD_ONLY:
            kwonlyargs.append(name)
            if has_default:
                kwdefaults[name] = param.default
        else:
            args.append(name)
            if has_default:
                defaults = defaults + (param.default,)
        if param.annotation is not param.empty:
            annotations[name] = param.annotation
    return FullArgSpec(args, varargs, varkw, defaults or None, kwonlyargs,
                       kwdefaults or None, annotations)


def getargvalues(frame):
    """ArgInfo(args, varargs, keywords, locals) of a frame."""
    code = frame.f_code
    names = list(code.co_varnames)
    npos = code.co_argcount
    nkw = code.co_kwonlyargcount
    args = names[:npos + nkw]
    flags = _flags_of(code)
    index = npos + nkw
    varargs = keywords = None
    if flags & CO_VARARGS:
        varargs = names[index]
        index += 1
    if flags & CO_VARKEYWORDS:
        keywords = names[index]
    return ArgInfo(args, varargs, keywords, frame.f_locals)


def formatannotation(annotation, base_module=None):
    """How an annotation appears in a rendered signature."""
    if getattr(annotation, '__module__', None) == 'typing':
        return re.sub(r'[\w\.]+',
                      lambda m: m.group()[7:] if m.group().startswith('typing.')
                      else m.group(),
                      repr(annotation))
    generic_alias = getattr(types, 'GenericAlias', None)
    if generic_alias is not None and isinstance(annotation, generic_alias):
        return str(annotation)
    if not isinstance(annotation, type):
        return repr(annotation)
    owner = annotation.__module__
    if owner == 'builtins' or owner == base_module:
        return annotation.__qualname__
    return '%s.%s' % (owner, annotation.__qualname__)


def formatannotationrelativeto(object):
    """A formatannotation() that leaves out `object`'s own module name."""
    return functools.partial(formatannotation,
                             base_module=getattr(object, '__module__', None))


# ---------------------------------------------------------------------------
# signatures

class _void:
    """Marks 'argument not given' in replace() methods."""


class _empty:
    """Marks the absence of a default or an annotation."""


class _ParameterKind(enum.IntEnum):
    POSITIONAL_ONLY = 0
    POSITIONAL_OR_KEYWORD = 1
    VAR_POSITIONAL = 2
    KEYWORD_ONLY = 3
    VAR_KEYWORD = 4

    def __str__(self):
        return self.name

    @property
    def description(self):
        return _KIND_DESCRIPTIONS[self]


(_POSITIONAL_ONLY, _POSITIONAL_OR_KEYWORD, _VAR_POSITIONAL, _KEYWORD_ONLY,
 _VAR_KEYWORD) = tuple(_ParameterKind)

_KIND_DESCRIPTIONS = {
    _POSITIONAL_ONLY: 'positional-only',
    _POSITIONAL_OR_KEYWORD: 'positional or keyword',
    _VAR_POSITIONAL: 'variadic positional',
    _KEYWORD_ONLY: 'keyword-only',
    _VAR_KEYWORD: 'variadic keyword',
}


class Parameter:
    """One parameter of a Signature: name, kind, default and annotation
    (Parameter.empty when absent).  Immutable; see replace()."""

    __slots__ = ('_name', '_kind', '_default', '_annotation')

    (POSITIONAL_ONLY, POSITIONAL_OR_KEYWORD, VAR_POSITIONAL, KEYWORD_ONLY,
     VAR_KEYWORD) = tuple(_ParameterKind)
    empty = _empty

    def __init__(self, name, kind, *, default=_empty, annotation=_empty):
        if kind not in _KIND_DESCRIPTIONS:
            raise ValueError(f'value {kind!r} is not a valid Parameter.kind')
        self._kind = _ParameterKind(kind)
        if default is not _empty and self._kind in (_VAR_POSITIONAL,
                                                    _VAR_KEYWORD):
            raise ValueError('{} parameters cannot have default values'
                             .format(self._kind.description))
        self._default, self._annotation = default, annotation
        if name is _empty:
            raise ValueError('name is a required attribute for Parameter')
        if not isinstance(name, str):
            raise TypeError('name must be a str, not a {}'.format(
                type(name).__name__))
        if name[:1] == '.' and name[1:].isdigit():
            # the hidden argument of comprehension code objects
            if self._kind != _POSITIONAL_OR_KEYWORD:
                raise ValueError(
                    'implicit arguments must be passed as positional or '
                    'keyword arguments, not {}'.format(self._kind.description))
            self._kind = _POSITIONAL_ONLY
            name = 'implicit' + name[1:]
        reserved = keyword.iskeyword(name) and self._kind is not _POSITIONAL_ONLY
        if reserved or not name.isidentifier():
            raise ValueError('{!r} is not a valid parameter name'.format(name))
        self._name = name

    def __reduce__(self):
        return (type(self), (self._name, self._kind),
                {'_default': self._default, '_annotation': self._annotation})

    def __setstate__(self, state):
        self._default, self._annotation = state['_default'], state['_annotation']

    name = property(lambda self: self._name)
    kind = property(lambda self: self._kind)
    default = property(lambda self: self._default)
    annotation = property(lambda self: self._annotation)

    def replace(self, *, name=_void, kind=_void, annotation=_void,
                default=_void):
        """A copy with some fields changed."""
        return type(self)(
            self._name if name is _void else name,
            self._kind if kind is _void else kind,
            default=self._default if default is _void else default,
            annotation=(self._annotation if annotation is _void
                        else annotation))

    def __str__(self):
        text = self._name
        if self._annotation is not _empty:
            text = '{}: {}'.format(text, formatannotation(self._annotation))
        if self._default is not _empty:
            joiner = ' = ' if self._annotation is not _empty else '='
            text = text + joiner + repr(self._default)
        if self._kind == _VAR_POSITIONAL:
            return '*' + text
        if self._kind == _VAR_KEYWORD:
            return '**' + text
        return text

    def __repr__(self):
        return '<{} "{}">'.format(type(self).__name__, self)

    def _key(self):
        return (self._name, self._kind, self._annotation, self._default)

    def __hash__(self):
        return hash(self._key())

    def __eq__(self, other):
        if not isinstance(other, Parameter):
            return NotImplemented
        if self is other:
            return True
        return (self._name == other._name and self._kind == other._kind and
                self._default == other._default and
                self._annotation == other._annotation)


class BoundArguments:
    """The result of Signature.bind(): `arguments` maps parameter names to
    values; `args` and `kwargs` rebuild a call."""

    __slots__ = ('arguments', '_signature', '__weakref__')

    def __init__(self, signature, arguments):
        self._signature, self.arguments = signature, arguments

    signature = property(lambda self: self._signature)

    @property
    def args(self):
        collected = []
        for name, param in self._signature.parameters.items():
            if param.kind in (_VAR_KEYWORD, _KEYWORD_ONLY):
                break
            if name not in self.arguments:
                break
            value = self.arguments[name]
            if param.kind == _VAR_POSITIONAL:
                collected.extend(value)
            else:
                collected.append(value)
        return tuple(collected)

    @property
    def kwargs(self):
        collected = {}
        as_keywords = False
        for name, param in self._signature.parameters.items():
            if not as_keywords:
                if param.kind in (_VAR_KEYWORD, _KEYWORD_ONLY):
                    as_keywords = True
                elif name not in self.arguments:
                    # a gap: everything after must go by keyword
                    as_keywords = True
                    continue
            if not as_keywords or name not in self.arguments:
                continue
            value = self.arguments[name]
            if param.kind == _VAR_KEYWORD:
                collected.update(value)
            else:
                collected[name] = value
        return collected

    def apply_defaults(self):
        """Fill in defaults (and () / {} for *args / **kwargs) for the
        parameters that got no value."""
        given = self.arguments
        complete = {}
        for name, param in self._signature.parameters.items():
            if name in given:
                complete[name] = given[name]
            elif param.default is not _empty:
                complete[name] = param.default
            elif param.kind is _VAR_POSITIONAL:
                complete[name] = ()
            elif param.kind is _VAR_KEYWORD:
                complete[name] = {}
        self.arguments = complete

    def __eq__(self, other):
        if not isinstance(other, BoundArguments):
            return NotImplemented
        return self is other or (self.signature, self.arguments) == (
            other.signature, other.arguments)

    def __getstate__(self):
        return dict(_signature=self._signature, arguments=self.arguments)

    def __setstate__(self, state):
        self._signature, self.arguments = state['_signature'], state['arguments']

    def __repr__(self):
        shown = ', '.join('{}={!r}'.format(name, value)
                          for name, value in self.arguments.items())
        return '<{} ({})>'.format(type(self).__name__, shown)


class Signature:
    """The call signature of a callable: an ordered mapping of Parameter
    objects plus a return annotation.  Immutable; see replace()."""

    __slots__ = ('_return_annotation', '_parameters')
    empty = _empty
    _bound_arguments_cls = BoundArguments
    _parameter_cls = Parameter

    def __init__(self, parameters=None, *, return_annotation=_empty,
                 __validate_parameters__=True):
        table = {}
        if parameters is not None:
            if __validate_parameters__:
                highest = _POSITIONAL_ONLY
                defaults_started = False
                for param in parameters:
                    kind = param.kind
                    if kind < highest:
                        raise ValueError(
                            'wrong parameter order: {} parameter before {} '
                            'parameter'.format(highest.description,
                                               kind.description))
                    highest = max(highest, kind)
                    if kind in (_POSITIONAL_ONLY, _POSITIONAL_OR_KEYWORD):
                        if param.default is not _empty:
                            defaults_started = True
                        elif defaults_started:
                            raise ValueError('non-default argument follows '
                                             'default argument')
                    if param.name in table:
                        raise ValueError('duplicate parameter name: {!r}'
                                         .format(param.name))
                    table[param.name] = param
            else:
                for param in parameters:
                    table[param.name] = param
        self._parameters = types.MappingProxyType(table)
        self._return_annotation = return_annotation

    @classmethod
    def from_callable(cls, obj, *, follow_wrapped=True, globals=None,
                      locals=None, eval_str=False):
        """The signature of a callable object."""
        return _signature_from_callable(obj, sigcls=cls,
                                        follow_wrapper_chains=follow_wrapped,
                                        globals=globals, locals=locals,
                                        eval_str=eval_str)

    parameters = property(lambda self: self._parameters)
    return_annotation = property(lambda self: self._return_annotation)

    def replace(self, *, parameters=_void, return_annotation=_void):
        """A copy with the parameters and/or return annotation changed."""
        new_params = (self._parameters.values() if parameters is _void
                      else parameters)
        new_return = (self._return_annotation if return_annotation is _void
                      else return_annotation)
        return type(self)(new_params, return_annotation=new_return)

    def _hash_basis(self):
        ordered = tuple(p for p in self.parameters.values()
                        if p.kind != _KEYWORD_ONLY)
        unordered = {p.name: p for p in self.parameters.values()
                     if p.kind == _KEYWORD_ONLY}
        return ordered, unordered, self.return_annotation

    def __hash__(self):
        ordered, unordered, annotation = self._hash_basis()
        return hash((ordered, frozenset(unordered.values()), annotation))

    def __eq__(self, other):
        if not isinstance(other, Signature):
            return NotImplemented
        return self is other or self._hash_basis() == other._hash_basis()

    def _bind(self, args, kwargs, *, partial=False):
        bound = {}
        params = list(self.parameters.values())
        kwargs = dict(kwargs)
        position = 0
        count = len(params)
        # positional arguments first
        for index, value in enumerate(args):
            if position >= count:
                raise TypeError('too many positional arguments') from None
            param = params[position]
            if param.kind in (_VAR_KEYWORD, _KEYWORD_ONLY):
                raise TypeError('too many positional arguments') from None
            if param.kind == _VAR_POSITIONAL:
                bound[param.name] = tuple(args[index:])
                position += 1
                break
            if param.name in kwargs and param.kind != _POSITIONAL_ONLY:
                raise TypeError('multiple values for argument {arg!r}'.format(
                    arg=param.name)) from None
            bound[param.name] = value
            position += 1
        else:
            # positional arguments ran out: check the next parameter
            if position < count:
                param = params[position]
                if param.kind == _VAR_POSITIONAL:
                    position += 1
                elif param.name in kwargs:
                    if param.kind == _POSITIONAL_ONLY:
                        raise TypeError(
                            '{arg!r} parameter is positional only, but was '
                            'passed as a keyword'.format(arg=param.name))
                elif not (param.kind == _VAR_KEYWORD or
                          param.default is not _empty or partial):
                    raise TypeError('missing a required argument: {arg!r}'
                                    .format(arg=param.name)) from None
        # then keywords for the rest
        catch_all = None
        for param in params[position:]:
            if param.kind == _VAR_KEYWORD:
                catch_all = param
                continue
            if param.kind == _VAR_POSITIONAL:
                continue
            if param.name in kwargs:
                if param.kind == _POSITIONAL_ONLY:
                    raise TypeError(
                        '{arg!r} parameter is positional only, but was '
                        'passed as a keyword'.format(arg=param.name))
                bound[param.name] = kwargs.pop(param.name)
            elif not partial and param.default is _empty:
                raise TypeError('missing a required argument: {arg!r}'
                                .format(arg=param.name)) from None
        if kwargs:
            if catch_all is None:
                raise TypeError('got an unexpected keyword argument {arg!r}'
                                .format(arg=next(iter(kwargs))))
            bound[catch_all.name] = kwargs
        return self._bound_arguments_cls(self, bound)

    def bind(self, /, *args, **kwargs):
        """Map call arguments to parameters; TypeError if the call would
        fail."""
        return self._bind(args, kwargs)

    def bind_partial(self, /, *args, **kwargs):
        """Like bind(), but required arguments may be missing."""
        return self._bind(args, kwargs, partial=True)

    def __reduce__(self):
        state = {'_return_annotation': self._return_annotation}
        return (type(self), (tuple(self._parameters.values()),), state)

    def __setstate__(self, state):
        self._return_annotation = state['_return_annotation']

    def __repr__(self):
        return '<%s %s>' % (type(self).__name__, self)

    def __str__(self):
        rendered = []
        pending_slash = False
        star_needed = True
        for param in self.parameters.values():
            kind = param.kind
            if kind == _POSITIONAL_ONLY:
                pending_slash = True
            elif pending_slash:
                rendered.append('/')
                pending_slash = False
            if kind == _VAR_POSITIONAL:
                star_needed = False
            elif kind == _KEYWORD_ONLY and star_needed:
                rendered.append('*')
                star_needed = False
            rendered.append(str(param))
        if pending_slash:
            rendered.append('/')
        text = '(' + ', '.join(rendered) + ')'
        if self.return_annotation is not _empty:
            text += ' -> ' + formatannotation(self.return_annotation)
        return text


def signature(obj, *, follow_wrapped=True, globals=None, locals=None,
              eval_str=False):
    """The Signature of a callable."""
    return Signature.from_callable(obj, follow_wrapped=follow_wrapped,
                                   globals=globals, locals=locals,
                                   eval_str=eval_str)


def _signature_is_functionlike(obj):
    # Objects that quack like Python functions (e.g. Cython's)
    if not callable(obj) or isclass(obj):
        return False
    name = getattr(obj, '__name__', None)
    code = getattr(obj, '__code__', None)
    defaults = getattr(obj, '__defaults__', _void)
    kwdefaults = getattr(obj, '__kwdefaults__', _void)
    annotations = getattr(obj, '__annotations__', None)
    return (isinstance(code, _CodeType) and isinstance(name, str) and
            (defaults is None or isinstance(defaults, tuple)) and
            (kwdefaults is None or isinstance(kwdefaults, dict)) and
            (isinstance(annotations, dict) or annotations is None))


def _signature_bound_method(sig):
    # drop the parameter a bound method supplies itself
    params = tuple(sig.parameters.values())
    if not params or params[0].kind in (_VAR_KEYWORD, _KEYWORD_ONLY):
        raise ValueError('invalid method signature')
    first = params[0].kind
    if first in (_POSITIONAL_OR_KEYWORD, _POSITIONAL_ONLY):
        params = params[1:]
    elif first is not _VAR_POSITIONAL:
        raise ValueError('invalid argument type')
    return sig.replace(parameters=params)


def _signature_from_function(cls, func, skip_bound_arg=True, globals=None,
                             locals=None, eval_str=False):
    duck = False
    if not isfunction(func):
        if _signature_is_functionlike(func):
            duck = True
        else:
            raise TypeError('{!r} is not a Python function'.format(func))
    text_sig = getattr(func, "__text_signature__", None)
    if text_sig:
        return _signature_fromstr(cls, func, text_sig, skip_bound_arg)

    make = cls._parameter_cls
    code = func.__code__
    names = code.co_varnames
    npos = code.co_argcount
    nposonly = code.co_posonlyargcount
    nkwonly = code.co_kwonlyargcount
    flags = _flags_of(code)
    annotations = get_annotations(func, globals=globals, locals=locals,
                                  eval_str=eval_str)
    defaults = func.__defaults__ or ()
    kwdefaults = func.__kwdefaults__
    first_default = npos - len(defaults)

    params = []
    for index, name in enumerate(names[:npos]):
        kind = _POSITIONAL_ONLY if index < nposonly else _POSITIONAL_OR_KEYWORD
        default = defaults[index - first_default] \
            if index >= first_default else _empty
        params.append(make(name, kind, default=default,
                           annotation=annotations.get(name, _empty)))
    next_index = npos + nkwonly
    if flags & CO_VARARGS:
        name = names[next_index]
        params.append(make(name, _VAR_POSITIONAL,
                           annotation=annotations.get(name, _empty)))
        next_index += 1
    for name in names[npos:npos + nkwonly]:
        default = _empty
        if kwdefaults is not None:
            default = kwdefaults.get(name, _empty)
        params.append(make(name, _KEYWORD_ONLY, default=default,
                           annotation=annotations.get(name, _empty)))
    if flags & CO_VARKEYWORDS:
        name = names[next_index]
        params.append(make(name, _VAR_KEYWORD,
                           annotation=annotations.get(name, _empty)))
    return cls(params, return_annotation=annotations.get('return', _empty),
               __validate_parameters__=duck)


def _signature_fromstr(cls, obj, text, skip_bound_arg=True):
    # Builtins with a __text_signature__ such as "($self, x, /, y=1)".
    inner = text.strip()
    if not (inner.startswith('(') and inner.endswith(')')):
        raise ValueError("{!r} builtin has invalid signature".format(obj))
    pieces, _rest = _split_parenthesised(inner, 0)
    params = []
    kind = _POSITIONAL_OR_KEYWORD
    self_skipped = False
    pending_posonly = []
    for raw in pieces:
        piece = raw.strip()
        if piece == '/':
            for index in pending_posonly:
                params[index] = params[index].replace(kind=_POSITIONAL_ONLY)
            pending_posonly = []
            continue
        if piece == '*':
            kind = _KEYWORD_ONLY
            continue
        this_kind = kind
        if piece.startswith('**'):
            piece, this_kind = piece[2:], _VAR_KEYWORD
        elif piece.startswith('*'):
            piece, this_kind = piece[1:], _VAR_POSITIONAL
            kind = _KEYWORD_ONLY
        if piece.startswith('$'):
            if skip_bound_arg or ismethod(obj) or getattr(obj, '__self__', None) is not None:
                self_skipped = True
                continue
            piece = piece[1:]
        name, eq, default_text = piece.partition('=')
        default = _empty
        if eq:
            try:
                default = eval(default_text.strip(), {'sys': sys}, {})
            except Exception:
                raise ValueError("{!r} builtin has invalid signature".format(obj))
        params.append(cls._parameter_cls(name.strip(), this_kind,
                                         default=default))
        if this_kind == _POSITIONAL_OR_KEYWORD:
            pending_posonly.append(len(params) - 1)
    return cls(params, __validate_parameters__=False)


def _signature_get_partial(wrapped_sig, partial, extra_args=()):
    old_params = wrapped_sig.parameters
    given_args = tuple(extra_args) + tuple(partial.args or ())
    given_kwargs = partial.keywords or {}
    try:
        bound = wrapped_sig.bind_partial(*given_args, **given_kwargs)
    except TypeError as ex:
        raise ValueError('partial object {!r} has incorrect arguments'
                         .format(partial)) from ex

    order = list(old_params)
    current = dict(old_params)
    to_keyword_only = False

    def move_to_end(name):
        order.remove(name)
        order.append(name)

    def drop(name):
        order.remove(name)
        del current[name]

    for name, param in old_params.items():
        if name in bound.arguments:
            value = bound.arguments[name]
            if param.kind is _POSITIONAL_ONLY:
                drop(name)
                continue
            if param.kind is _POSITIONAL_OR_KEYWORD:
                if name in given_kwargs:
                    to_keyword_only = True
                    current[name] = param.replace(default=value)
                else:
                    drop(name)
                    continue
            if param.kind is _KEYWORD_ONLY:
                current[name] = param.replace(default=value)
        if to_keyword_only:
            if param.kind is _POSITIONAL_OR_KEYWORD:
                current[name] = current[name].replace(kind=_KEYWORD_ONLY)
                move_to_end(name)
            elif param.kind in (_KEYWORD_ONLY, _VAR_KEYWORD):
                move_to_end(name)
            elif param.kind is _VAR_POSITIONAL:
                drop(name)
    return wrapped_sig.replace(parameters=[current[n] for n in order])


def _user_defined_method(cls, name):
    # cls.name unless it is a slot wrapper or builtin inherited from C
    try:
        method = getattr(cls, name)
    except AttributeError:
        return None
    if isinstance(method, _NON_USER_CALLABLES):
        return None
    return method


_NON_USER_CALLABLES = tuple({
    types.BuiltinFunctionType,
    type(object.__init__),
    type(object().__init__),
    type(type.__dict__.get('__call__', len)),
    type(str.join),
})


def _signature_from_callable(obj, *, follow_wrapper_chains=True,
                             skip_bound_arg=True, globals=None, locals=None,
                             eval_str=False, sigcls):
    def again(inner):
        return _signature_from_callable(
            inner, follow_wrapper_chains=follow_wrapper_chains,
            skip_bound_arg=skip_bound_arg, globals=globals, locals=locals,
            sigcls=sigcls, eval_str=eval_str)

    if not callable(obj):
        raise TypeError('{!r} is not a callable object'.format(obj))

    if isinstance(obj, types.MethodType):
        sig = again(obj.__func__)
        return _signature_bound_method(sig) if skip_bound_arg else sig

    if follow_wrapper_chains:
        obj = unwrap(obj, stop=lambda f: (hasattr(f, "__signature__") or
                                          isinstance(f, types.MethodType)))
        if isinstance(obj, types.MethodType):
            return again(obj)

    sig = getattr(obj, '__signature__', None)
    if sig is not None:
        if not isinstance(sig, Signature):
            raise TypeError('unexpected object {!r} in __signature__ '
                            'attribute'.format(sig))
        return sig

    if isfunction(obj) or _signature_is_functionlike(obj):
        return _signature_from_function(sigcls, obj,
                                        skip_bound_arg=skip_bound_arg,
                                        globals=globals, locals=locals,
                                        eval_str=eval_str)

    if isinstance(obj, functools.partial):
        return _signature_get_partial(again(obj.func), obj)

    if isbuiltin(obj) or isinstance(obj, _NON_USER_CALLABLES):
        text_sig = getattr(obj, '__text_signature__', None)
        if text_sig:
            return _signature_fromstr(sigcls, obj, text_sig, skip_bound_arg)
        raise ValueError('no signature found for builtin {!r}'.format(obj))

    sig = None
    if isinstance(obj, type):
        call = _user_defined_method(type(obj), '__call__')
        if call is not None:
            sig = again(call)
        else:
            new = _user_defined_method(obj, '__new__')
            init = _user_defined_method(obj, '__init__')
            chosen = None
            for base in obj.__mro__:
                if new is not None and '__new__' in base.__dict__:
                    chosen = new
                    break
                if init is not None and '__init__' in base.__dict__:
                    chosen = init
                    break
            if chosen is not None:
                sig = again(chosen)
        if sig is None:
            for base in obj.__mro__[:-1]:
                text_sig = getattr(base, '__text_signature__', None)
                if text_sig:
                    return _signature_fromstr(sigcls, base, text_sig)
            if type not in obj.__mro__:
                if (obj.__init__ is object.__init__ and
                        obj.__new__ is object.__new__):
                    # object() takes no arguments
                    return sigcls([])
                raise ValueError('no signature found for builtin type {!r}'
                                 .format(obj))
    elif not isinstance(obj, _NON_USER_CALLABLES):
        call = _user_defined_method(type(obj), '__call__')
        if call is not None:
            try:
                sig = again(call)
            except ValueError as ex:
                raise ValueError('no signature found for {!r}'.format(obj)) \
                    from ex

    if sig is not None:
        return _signature_bound_method(sig) if skip_bound_arg else sig

    if isinstance(obj, types.BuiltinFunctionType):
        raise ValueError('no signature found for builtin function {!r}'
                         .format(obj))
    raise ValueError('callable {!r} is not supported by signature'.format(obj))


class BlockFinder:
    """Kept for compatibility; getblock() does the work."""


class EndOfBlock(Exception):
    pass


class ClassFoundException(Exception):
    pass


def indentsize(line):
    """The width of a line's leading whitespace, tabs expanded."""
    expanded = line.expandtabs()
    return len(expanded) - len(expanded.lstrip())
