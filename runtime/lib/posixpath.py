"""Weft's posixpath (os.path): path-name manipulation for POSIX systems.

Every function takes str or bytes (or an os.PathLike) and answers in the
same kind.  The ones that ask the file system go through `posix`.
"""

import posix

__all__ = ['abspath', 'basename', 'commonpath', 'commonprefix', 'curdir',
           'defpath', 'devnull', 'dirname', 'exists', 'expanduser',
           'expandvars', 'extsep', 'getatime', 'getctime', 'getmtime',
           'getsize', 'isabs', 'isdir', 'isfile', 'islink', 'ismount',
           'join', 'lexists', 'normcase', 'normpath', 'pardir', 'pathsep',
           'realpath', 'relpath', 'samefile', 'sep', 'split', 'splitdrive',
           'splitext', 'supports_unicode_filenames']

sep = '/'
altsep = None
extsep = '.'
pathsep = ':'
curdir = '.'
pardir = '..'
defpath = '/bin:/usr/bin'
devnull = '/dev/null'
supports_unicode_filenames = False

_S_IFMT = 0o170000
_S_IFDIR = 0o040000
_S_IFREG = 0o100000
_S_IFLNK = 0o120000


def _fspath(p):
    if isinstance(p, (str, bytes)):
        return p
    method = getattr(type(p), '__fspath__', None)
    if method is None:
        raise TypeError('expected str, bytes or os.PathLike object, not '
                        + type(p).__name__)
    result = method(p)
    if not isinstance(result, (str, bytes)):
        raise TypeError('expected %s.__fspath__() to return str or bytes, '
                        'not %s' % (type(p).__name__, type(result).__name__))
    return result


class _Kind:
    """The separators and special names in the kind (str or bytes) of one
    path argument."""

    def __init__(self, text):
        if isinstance(text, bytes):
            self.sep, self.dot, self.dotdot, self.empty = b'/', b'.', b'..', b''
            self.tilde = b'~'
        else:
            self.sep, self.dot, self.dotdot, self.empty = '/', '.', '..', ''
            self.tilde = '~'


def _kind_of(text):
    return _BYTES_KIND if isinstance(text, bytes) else _STR_KIND


_STR_KIND = _Kind('')
_BYTES_KIND = _Kind(b'')


def _mix_error(name, parts):
    kinds = {type(p) for p in parts}
    if str in kinds and bytes in kinds:
        raise TypeError("Can't mix strings and bytes in path components")
    for p in parts:
        if not isinstance(p, (str, bytes)):
            raise TypeError('%s() argument must be str, bytes, or os.PathLike '
                            'object, not %r' % (name, type(p).__name__))


def normcase(s):
    return _fspath(s)


def isabs(s):
    s = _fspath(s)
    return s.startswith(_kind_of(s).sep)


def join(a, *p):
    a = _fspath(a)
    parts = [_fspath(x) for x in p]
    k = _kind_of(a)
    try:
        out = a
        for piece in parts:
            if piece.startswith(k.sep):
                out = piece
            elif not out or out.endswith(k.sep):
                out = out + piece
            else:
                out = out + k.sep + piece
    except TypeError:
        _mix_error('join', [a] + parts)
        raise
    return out


def split(p):
    p = _fspath(p)
    k = _kind_of(p)
    cut = p.rfind(k.sep) + 1
    head, tail = p[:cut], p[cut:]
    stripped = head.rstrip(k.sep)
    if stripped:
        head = stripped
    return head, tail


def splitext(p):
    p = _fspath(p)
    k = _kind_of(p)
    base_start = p.rfind(k.sep) + 1
    dot = p.rfind(k.dot)
    if dot <= base_start:
        return p, p[:0]
    # A name made only of leading dots has no extension (".bashrc").
    if not p[base_start:dot].strip(k.dot):
        return p, p[:0]
    return p[:dot], p[dot:]


def splitdrive(p):
    p = _fspath(p)
    return p[:0], p


def basename(p):
    p = _fspath(p)
    return p[p.rfind(_kind_of(p).sep) + 1:]


def dirname(p):
    p = _fspath(p)
    k = _kind_of(p)
    head = p[:p.rfind(k.sep) + 1]
    return head.rstrip(k.sep) or head


def commonprefix(m):
    if not m:
        return ''
    if not isinstance(m[0], (list, tuple)):
        m = [_fspath(x) for x in m]
    low, high = min(m), max(m)
    for i, ch in enumerate(low):
        if ch != high[i]:
            return low[:i]
    return low


def normpath(path):
    path = _fspath(path)
    k = _kind_of(path)
    if not path:
        return k.dot
    # POSIX keeps exactly two leading slashes; three or more become one.
    lead = len(path) - len(path.lstrip(k.sep))
    if lead == 2:
        prefix = k.sep * 2
    elif lead:
        prefix = k.sep
    else:
        prefix = k.empty
    kept = []
    for part in path.split(k.sep):
        if not part or part == k.dot:
            continue
        if part == k.dotdot:
            if kept and kept[-1] != k.dotdot:
                kept.pop()
                continue
            if prefix:
                continue
        kept.append(part)
    return (prefix + k.sep.join(kept)) or k.dot


def abspath(path):
    path = _fspath(path)
    if not isabs(path):
        cwd = posix.getcwdb() if isinstance(path, bytes) else posix.getcwd()
        path = join(cwd, path)
    return normpath(path)


def _stat(path, follow=True):
    try:
        return posix.stat(_fspath(path), follow)
    except (OSError, ValueError):
        return None


def exists(path):
    return _stat(path) is not None


def lexists(path):
    return _stat(path, False) is not None


def _has_type(path, kind, follow=True):
    fields = _stat(path, follow)
    return fields is not None and fields[0] & _S_IFMT == kind


def isdir(s):
    return _has_type(s, _S_IFDIR)


def isfile(path):
    return _has_type(path, _S_IFREG)


def islink(path):
    return _has_type(path, _S_IFLNK, False)


def ismount(path):
    path = _fspath(path)
    if islink(path) or not isdir(path):
        return False
    here = posix.stat(path, False)
    parent = posix.stat(join(path, _kind_of(path).dotdot), False)
    return here[2] != parent[2] or here[1] == parent[1]


def getsize(filename):
    return posix.stat(_fspath(filename), True)[6]


def _seconds(filename, index):
    return posix.stat(_fspath(filename), True)[index] / 1e9


def getatime(filename):
    return _seconds(filename, 7)


def getmtime(filename):
    return _seconds(filename, 8)


def getctime(filename):
    return _seconds(filename, 9)


def samefile(f1, f2):
    a = posix.stat(_fspath(f1), True)
    b = posix.stat(_fspath(f2), True)
    return a[1] == b[1] and a[2] == b[2]


def _environ():
    # os imports this module, so os.environ is looked up when needed.
    import os
    return os.environ


def expanduser(path):
    path = _fspath(path)
    k = _kind_of(path)
    if not path.startswith(k.tilde):
        return path
    end = path.find(k.sep, 1)
    if end < 0:
        end = len(path)
    if end != 1:
        # ~user: Weft has no password database; leave the path as it is.
        return path
    home = _environ().get('HOME')
    if home is None:
        return path
    if isinstance(path, bytes):
        home = home.encode()
    home = home.rstrip(k.sep) or k.sep
    return home + path[end:]


def expandvars(path):
    path = _fspath(path)
    if isinstance(path, bytes):
        return expandvars(path.decode()).encode()
    if '$' not in path:
        return path
    environ = _environ()
    out = []
    i = 0
    n = len(path)
    while i < n:
        ch = path[i]
        if ch != '$':
            out.append(ch)
            i += 1
            continue
        if path.startswith('{', i + 1):
            close = path.find('}', i + 2)
            name = path[i + 2:close] if close > 0 else ''
            end = close + 1
        else:
            end = i + 1
            while end < n and (path[end].isalnum() or path[end] == '_'):
                end += 1
            name = path[i + 1:end]
        value = environ.get(name) if name else None
        if value is None:
            out.append(ch)
            i += 1
        else:
            out.append(value)
            i = end
    return ''.join(out)


def realpath(filename, *, strict=False):
    filename = _fspath(filename)
    k = _kind_of(filename)
    pending = abspath(filename).split(k.sep)[1:]
    resolved = k.empty
    hops = 0
    while pending:
        part = pending.pop(0)
        if not part or part == k.dot:
            continue
        if part == k.dotdot:
            resolved = resolved[:resolved.rfind(k.sep)]
            continue
        candidate = resolved + k.sep + part
        try:
            target = posix.readlink(candidate)
        except OSError as e:
            if strict and e.errno != 22:
                raise
            resolved = candidate
            continue
        hops += 1
        if hops > 40:
            if strict:
                raise OSError(40, 'Too many levels of symbolic links',
                              candidate)
            resolved = candidate
            continue
        if target.startswith(k.sep):
            resolved = k.empty
        pending = target.split(k.sep) + pending
    return resolved or k.sep


def relpath(path, start=None):
    path = _fspath(path)
    if not path:
        raise ValueError('no path specified')
    k = _kind_of(path)
    start = k.dot if start is None else _fspath(start)
    _mix_error('relpath', [path, start])
    here = [x for x in abspath(start).split(k.sep) if x]
    there = [x for x in abspath(path).split(k.sep) if x]
    common = 0
    for a, b in zip(here, there):
        if a != b:
            break
        common += 1
    parts = [k.dotdot] * (len(here) - common) + there[common:]
    return k.sep.join(parts) if parts else k.dot


def commonpath(paths):
    paths = [_fspath(p) for p in paths]
    if not paths:
        raise ValueError('commonpath() arg is an empty sequence')
    _mix_error('commonpath', paths)
    k = _kind_of(paths[0])
    absolute = {p.startswith(k.sep) for p in paths}
    if len(absolute) > 1:
        raise ValueError("Can't mix absolute and relative paths")
    split_paths = [[x for x in p.split(k.sep) if x and x != k.dot]
                   for p in paths]
    first, last = min(split_paths), max(split_paths)
    common = first
    for i, part in enumerate(first):
        if part != last[i]:
            common = first[:i]
            break
    prefix = k.sep if absolute.pop() else k.empty
    return prefix + k.sep.join(common)
