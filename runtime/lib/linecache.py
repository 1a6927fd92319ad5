"""Source lines of files, read once and kept in memory.

The traceback, warnings and inspect modules ask this module for the text of
a line.  Lines are remembered per file name together with the size and the
modification time the file had when it was read, so that checkcache() can
forget files that changed on disk.
"""

import os
import sys
import _thread

__all__ = ["getline", "clearcache", "checkcache", "lazycache"]

# file name -> (size, mtime, lines, full path), or (loader_callable,) for an
# entry registered by lazycache() and not read yet.
cache = {}

_guard = _thread.RLock()


def clearcache():
    """Forget every remembered file."""
    with _guard:
        cache.clear()


def getline(filename, lineno, module_globals=None):
    """Return line number `lineno` (1-based) of the file, or '' if absent."""
    found = getlines(filename, module_globals)
    return found[lineno - 1] if 0 < lineno <= len(found) else ''


def getlines(filename, module_globals=None):
    """Return all lines of the file as a list (read and remember it on demand)."""
    with _guard:
        entry = cache.get(filename)
        if entry is not None and len(entry) != 1:
            return entry[2]
    try:
        found = updatecache(filename, module_globals)
    except MemoryError:
        # out of memory: drop everything remembered so far
        clearcache()
        found = []
    return found


def checkcache(filename=None):
    """Drop remembered files whose size or mtime no longer match the disk."""
    with _guard:
        if filename is None:
            names = list(cache)
        elif filename in cache:
            names = [filename]
        else:
            return
        for name in names:
            entry = cache.get(name)
            if entry is None or len(entry) == 1:
                continue
            size, mtime, _lines, fullname = entry
            if mtime is None:
                # registered without a file behind it: nothing to compare
                continue
            try:
                st = os.stat(fullname)
            except (OSError, ValueError):
                cache.pop(name, None)
                continue
            if st.st_size != size or st.st_mtime != mtime:
                cache.pop(name, None)


def _is_pseudo_name(filename):
    return not filename or (filename.startswith('<') and filename.endswith('>'))


def _decode_source(data):
    # Honour a UTF-8 byte order mark or a PEP 263 coding declaration on one
    # of the first two lines; UTF-8 otherwise.
    if data.startswith(b'\xef\xbb\xbf'):
        return data[3:].decode('utf-8')
    encoding = 'utf-8'
    head = data.split(b'\n', 2)[:2]
    for raw in head:
        stripped = raw.lstrip()
        if not stripped.startswith(b'#'):
            if stripped:
                break
            continue
        pos = raw.find(b'coding')
        if pos >= 0 and pos + 6 < len(raw) and raw[pos + 6:pos + 7] in (b':', b'='):
            rest = raw[pos + 7:].lstrip()
            name = b''
            for ch in rest:
                c = bytes((ch,))
                if c.isalnum() or c in (b'-', b'_', b'.'):
                    name += c
                else:
                    break
            if name:
                encoding = name.decode('ascii')
            break
    return data.decode(encoding)


def _read_lines(fullname):
    with open(fullname, 'rb') as fp:
        data = fp.read()
    text = _decode_source(data)
    lines = text.splitlines(True)
    # universal newlines, as a text-mode read would give
    lines = [ln[:-2] + '\n' if ln.endswith('\r\n') else
             (ln[:-1] + '\n' if ln.endswith('\r') else ln) for ln in lines]
    return lines


def updatecache(filename, module_globals=None):
    """Read the file again (searching sys.path for relative names) and
    remember it; return its lines, or [] when it cannot be read."""
    with _guard:
        entry = cache.get(filename)
        if entry is not None and len(entry) != 1:
            cache.pop(filename, None)
    if _is_pseudo_name(filename):
        return []

    fullname = filename
    try:
        st = os.stat(fullname)
    except (OSError, ValueError, TypeError):
        st = None
        if lazycache(filename, module_globals):
            with _guard:
                entry = cache.get(filename)
            data = None
            if entry is not None and len(entry) == 1:
                try:
                    data = entry[0]()
                except (ImportError, OSError):
                    data = None
            if data is None:
                return []
            lines = [ln + '\n' for ln in data.splitlines()]
            with _guard:
                cache[filename] = (len(data), None, lines, fullname)
            return lines
        if os.path.isabs(filename):
            return []
        for dirname in sys.path:
            try:
                candidate = os.path.join(dirname, filename)
            except (TypeError, AttributeError):
                continue
            try:
                st = os.stat(candidate)
            except (OSError, ValueError):
                continue
            fullname = candidate
            break
        if st is None:
            return []
    try:
        lines = _read_lines(fullname)
    except (OSError, UnicodeDecodeError, LookupError, SyntaxError):
        return []
    if lines and not lines[-1].endswith('\n'):
        lines[-1] += '\n'
    with _guard:
        cache[filename] = (st.st_size, st.st_mtime, lines, fullname)
    return lines


def lazycache(filename, module_globals):
    """Register a module loader's get_source() for a file that is not on disk.

    Returns True when the file is (or now is) registered that way.  Weft's
    modules usually carry no __loader__, in which case this returns False.
    """
    with _guard:
        entry = cache.get(filename)
        if entry is not None:
            return len(entry) == 1
    if _is_pseudo_name(filename):
        return False
    if not module_globals or '__name__' not in module_globals:
        return False
    spec = module_globals.get('__spec__')
    loader = getattr(spec, 'loader', None) if spec is not None else None
    if loader is None:
        loader = module_globals.get('__loader__')
    name = getattr(spec, 'name', None) if spec is not None else None
    if name is None:
        name = module_globals['__name__']
    get_source = getattr(loader, 'get_source', None)
    if get_source is None:
        return False

    def fetch():
        return get_source(name)

    with _guard:
        cache[filename] = (fetch,)
    return True
