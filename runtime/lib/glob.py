"""Unix shell-style path-name expansion: glob() and iglob().

Wildcards (*, ?, [seq]) match within one path component, using fnmatch.
Names starting with '.' are only matched by a pattern component that
itself starts with '.', unless include_hidden=True.  With recursive=True
a component '**' matches any number of directories (including none).

Thread safety: the module holds no state; each call walks the file
system on its own.
"""

import fnmatch
import itertools
import os

__all__ = ["escape", "glob", "iglob", "has_magic"]

_MAGIC = '*?['


def glob(pathname, *, root_dir=None, dir_fd=None, recursive=False,
         include_hidden=False):
    """The list of paths matching pathname (in directory order)."""
    return list(iglob(pathname, root_dir=root_dir, dir_fd=dir_fd,
                      recursive=recursive, include_hidden=include_hidden))


def iglob(pathname, *, root_dir=None, dir_fd=None, recursive=False,
          include_hidden=False):
    """Like glob(), but yields the paths one at a time."""
    if dir_fd is not None:
        raise NotImplementedError("glob: dir_fd is not supported")
    pathname = os.fspath(pathname)
    if root_dir is None:
        root_dir = pathname[:0]
    else:
        root_dir = os.fspath(root_dir)
    found = _expand(pathname, root_dir, recursive, False, include_hidden)
    if not pathname or (recursive and _is_recursive(pathname[:2])):
        # a leading '**' yields an empty first match (the start itself),
        # which is not a useful answer: drop it
        try:
            first = next(found)
        except StopIteration:
            return iter(())
        if first:
            found = itertools.chain((first,), found)
    return found


def _expand(pathname, root_dir, recursive, dironly, include_hidden):
    head, tail = os.path.split(pathname)
    if not has_magic(pathname):
        if tail:
            if os.path.lexists(_join(root_dir, pathname)):
                yield pathname
        elif os.path.isdir(_join(root_dir, head)):
            # a pattern ending in a separator names a directory
            yield pathname
        return
    if not head:
        if recursive and _is_recursive(tail):
            yield from _in_dir_recursive(root_dir, tail, dironly,
                                         include_hidden)
        else:
            yield from _in_dir_wild(root_dir, tail, dironly, include_hidden)
        return
    if head != pathname and has_magic(head):
        parents = _expand(head, root_dir, recursive, True, include_hidden)
    else:
        parents = [head]
    if not has_magic(tail):
        matcher = _in_dir_literal
    elif recursive and _is_recursive(tail):
        matcher = _in_dir_recursive
    else:
        matcher = _in_dir_wild
    for parent in parents:
        for name in matcher(_join(root_dir, parent), tail, dironly,
                            include_hidden):
            yield os.path.join(parent, name)


def _in_dir_wild(dirname, pattern, dironly, include_hidden=False):
    names = _names_in(dirname, dironly)
    if not include_hidden and not _is_hidden(pattern):
        names = [n for n in names if not _is_hidden(n)]
    return fnmatch.filter(names, pattern)


def _in_dir_literal(dirname, name, dironly, include_hidden=False):
    if name:
        if os.path.lexists(_join(dirname, name)):
            return [name]
    elif os.path.isdir(dirname):
        return [name]
    return []


def _in_dir_recursive(dirname, pattern, dironly, include_hidden=False):
    yield pattern[:0]
    yield from _walk_names(dirname, dironly, include_hidden)


# the older public names of the single-directory matchers
def glob0(dirname, pattern):
    return _in_dir_literal(dirname, pattern, False)


def glob1(dirname, pattern):
    return _in_dir_wild(dirname, pattern, False)


def _scan(dirname, dironly):
    """The names in dirname (only directories when dironly); an
    unreadable directory has none."""
    try:
        target = dirname if dirname else (
            os.curdir if isinstance(dirname, str) else os.curdir.encode())
        want_bytes = isinstance(dirname, bytes)
        with os.scandir(os.fsdecode(target)) as it:
            for entry in it:
                try:
                    if dironly and not entry.is_dir():
                        continue
                except OSError:
                    continue
                yield os.fsencode(entry.name) if want_bytes else entry.name
    except OSError:
        return


def _names_in(dirname, dironly):
    return list(_scan(dirname, dironly))


def _walk_names(dirname, dironly, include_hidden=False):
    for name in _names_in(dirname, dironly):
        if not include_hidden and _is_hidden(name):
            continue
        yield name
        below = _join(dirname, name) if dirname else name
        for sub in _walk_names(below, dironly, include_hidden):
            yield _join(name, sub)


def _join(dirname, basename):
    if dirname and basename:
        return os.path.join(dirname, basename)
    return dirname or basename


def has_magic(s):
    if isinstance(s, bytes):
        return any(ch in s for ch in b'*?[')
    return any(ch in s for ch in _MAGIC)


def _is_hidden(path):
    return path[0] in ('.', 46)


def _is_recursive(pattern):
    return pattern == ('**' if isinstance(pattern, str) else b'**')


def escape(pathname):
    """Make every wildcard character of pathname match only itself."""
    drive, rest = os.path.splitdrive(pathname)
    if isinstance(rest, bytes):
        out = b''.join(b'[' + bytes([c]) + b']' if c in b'*?[' else
                       bytes([c]) for c in rest)
    else:
        out = ''.join('[' + c + ']' if c in _MAGIC else c for c in rest)
    return drive + out
