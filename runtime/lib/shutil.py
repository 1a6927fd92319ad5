"""High-level file operations: copying files and trees, removing trees,
moving, locating programs (which), terminal and disk sizes.

Everything is built on the os module.  Missing native pieces are
detected at import: disk_usage exists only when os.statvfs does, and
mode/time copying of symbolic links themselves is skipped (as CPython
does on systems without lchmod / lutimes).

Thread safety: the module keeps no shared state; concurrent calls on
different files are independent, and calls racing on the same files
behave as the underlying system calls do.
"""

import collections
import fnmatch
import os
import sys

__all__ = ["copyfileobj", "copyfile", "copymode", "copystat", "copy",
           "copy2", "copytree", "move", "rmtree", "Error",
           "SpecialFileError", "ExecError", "ignore_patterns", "which",
           "get_terminal_size", "SameFileError", "chown"]

COPY_BUFSIZE = 1024 * 1024 if os.name == 'nt' else 64 * 1024

_S_IFMT = 0o170000
_S_IFDIR = 0o040000
_S_IFLNK = 0o120000
_S_IFIFO = 0o010000


class Error(OSError):
    pass


class SameFileError(Error):
    """Source and destination are one and the same file."""


class SpecialFileError(OSError):
    """An operation met a special file (a named pipe) it cannot handle."""


class ExecError(OSError):
    """A command could not be run."""


class ReadError(OSError):
    """An archive could not be read."""


class RegistryError(Exception):
    """A problem with the archive-format registry."""


def _entry_path(fn):
    return fn.path if isinstance(fn, os.DirEntry) else fn


def _stat_of(fn):
    if isinstance(fn, os.DirEntry):
        return fn.stat()
    return os.stat(fn)


def _is_link(fn):
    if isinstance(fn, os.DirEntry):
        return fn.is_symlink()
    return os.path.islink(fn)


def _same_stat(a, b):
    return a.st_ino == b.st_ino and a.st_dev == b.st_dev


def _samefile(src, dst):
    if isinstance(src, os.DirEntry):
        try:
            return _same_stat(src.stat(), os.stat(dst))
        except OSError:
            return False
    try:
        return _same_stat(os.stat(src), os.stat(dst))
    except OSError:
        return False


def copyfileobj(fsrc, fdst, length=0):
    """Copy the rest of file object fsrc into fdst, length bytes at a
    time (COPY_BUFSIZE when 0)."""
    size = length or COPY_BUFSIZE
    read, write = fsrc.read, fdst.write
    while True:
        chunk = read(size)
        if not chunk:
            return
        write(chunk)


def copyfile(src, dst, *, follow_symlinks=True):
    """Copy the contents of src to dst (no metadata); return dst."""
    if _samefile(src, dst):
        raise SameFileError("{!r} and {!r} are the same file"
                            .format(src, dst))
    for fn in (src, dst):
        try:
            st = _stat_of(fn)
        except OSError:
            continue
        if st.st_mode & _S_IFMT == _S_IFIFO:
            raise SpecialFileError("`%s` is a named pipe" % _entry_path(fn))
    if not follow_symlinks and _is_link(src):
        os.symlink(os.readlink(src), dst)
        return dst
    with open(src, 'rb') as fsrc:
        try:
            with open(dst, 'wb') as fdst:
                copyfileobj(fsrc, fdst)
        except IsADirectoryError as e:
            if os.path.exists(dst):
                raise
            raise FileNotFoundError(
                'Directory does not exist: %s' % (dst,)) from e
    return dst


def copymode(src, dst, *, follow_symlinks=True):
    """Give dst the permission bits of src."""
    if not follow_symlinks and _is_link(src) and os.path.islink(dst):
        lchmod = getattr(os, 'lchmod', None)
        if lchmod is None:
            return
        lchmod(dst, os.lstat(src).st_mode & 0o7777)
        return
    os.chmod(dst, _stat_of(src).st_mode & 0o7777)


def copystat(src, dst, *, follow_symlinks=True):
    """Give dst the permission bits and access/modification times of
    src.  With follow_symlinks false and both links, the links themselves
    are changed where the system allows it."""
    links_only = (not follow_symlinks and _is_link(src)
                  and os.path.islink(_entry_path(dst)))
    if links_only:
        # changing a link itself needs lutimes/lchmod, which this
        # system's os module does not offer: nothing to do, as CPython
        # does in that case
        if not hasattr(os, 'lchmod'):
            return
        st = os.lstat(_entry_path(src))
        os.lchmod(dst, st.st_mode & 0o7777)
        return
    if isinstance(src, os.DirEntry):
        st = src.stat()
    else:
        st = os.stat(src)
    os.utime(dst, ns=(st.st_atime_ns, st.st_mtime_ns))
    try:
        os.chmod(dst, st.st_mode & 0o7777)
    except NotImplementedError:
        pass


def _copy_with(meta, src, dst, follow):
    target = dst
    if os.path.isdir(target):
        # into the directory, under the source's own name
        target = os.path.join(target, os.path.basename(src))
    copyfile(src, target, follow_symlinks=follow)
    meta(src, target, follow_symlinks=follow)
    return target


def copy(src, dst, *, follow_symlinks=True):
    """Copy data and permission bits; dst may be a directory.  Returns
    the path of the new file."""
    return _copy_with(copymode, src, dst, follow_symlinks)


def copy2(src, dst, *, follow_symlinks=True):
    """Like copy(), but also carries over the times (copystat)."""
    return _copy_with(copystat, src, dst, follow_symlinks)


def ignore_patterns(*patterns):
    """An `ignore` callable for copytree that leaves out names matching
    any of the glob-style patterns."""
    def _ignore_patterns(path, names):
        skipped = set()
        for pattern in patterns:
            skipped.update(fnmatch.filter(names, pattern))
        return skipped
    return _ignore_patterns


def copytree(src, dst, symlinks=False, ignore=None, copy_function=copy2,
             ignore_dangling_symlinks=False, dirs_exist_ok=False):
    """Copy the directory tree at src to dst; return dst.  Errors on
    single entries are gathered and raised together as Error(list of
    (src, dst, reason))."""
    with os.scandir(src) as it:
        entries = list(it)
    if ignore is None:
        skipped = set()
    else:
        skipped = ignore(os.fspath(src), [e.name for e in entries])
    os.makedirs(dst, exist_ok=dirs_exist_ok)
    problems = []
    pass_entry = copy_function in (copy, copy2)
    for entry in entries:
        if entry.name in skipped:
            continue
        from_path = os.path.join(src, entry.name)
        to_path = os.path.join(dst, entry.name)
        source = entry if pass_entry else from_path
        try:
            if entry.is_symlink():
                target = os.readlink(from_path)
                if symlinks:
                    os.symlink(target, to_path)
                    copystat(source, to_path, follow_symlinks=False)
                    continue
                if ignore_dangling_symlinks and not os.path.exists(target):
                    continue
            if entry.is_dir():
                copytree(source, to_path, symlinks, ignore, copy_function,
                         ignore_dangling_symlinks, dirs_exist_ok)
            else:
                copy_function(source, to_path)
        except Error as err:
            problems.extend(err.args[0])
        except OSError as why:
            problems.append((from_path, to_path, str(why)))
    try:
        copystat(src, dst)
    except OSError as why:
        problems.append((src, dst, str(why)))
    if problems:
        raise Error(problems)
    return dst


def _rmtree_walk(path, onerror):
    """Remove what is inside directory `path`, then path itself,
    reporting each failure to onerror(function, path, exc_info)."""
    entries = ()
    try:
        with os.scandir(path) as it:
            entries = list(it)
    except OSError:
        onerror(os.scandir, path, sys.exc_info())
    for entry in entries:
        full = entry.path
        try:
            is_dir = entry.is_dir(follow_symlinks=False)
        except OSError:
            is_dir = False
        if is_dir:
            _rmtree_walk(full, onerror)
        else:
            try:
                os.unlink(full)
            except OSError:
                onerror(os.unlink, full, sys.exc_info())
    try:
        os.rmdir(path)
    except OSError:
        onerror(os.rmdir, path, sys.exc_info())


def _swallow(func, path, exc_info):
    return None


def _reraise(func, path, exc_info):
    raise exc_info[1]


def rmtree(path, ignore_errors=False, onerror=None, *, dir_fd=None):
    """Delete the directory tree at path.  Failures are ignored when
    ignore_errors is true, else passed to onerror(function, path,
    exc_info) when given, else raised."""
    if dir_fd is not None:
        raise NotImplementedError("rmtree: dir_fd is not supported")
    if ignore_errors:
        onerror = _swallow
    elif onerror is None:
        onerror = _reraise
    if isinstance(path, bytes):
        path = os.fsdecode(path)
    try:
        st = os.lstat(path)
    except OSError:
        onerror(os.lstat, path, sys.exc_info())
        return
    if st.st_mode & _S_IFMT == _S_IFLNK:
        try:
            # (opening the directory would follow the link)
            os.stat(path)
        except OSError:
            onerror(os.open, path, sys.exc_info())
            return
        try:
            raise OSError("Cannot call rmtree on a symbolic link")
        except OSError:
            onerror(os.path.islink, path, sys.exc_info())
        return
    _rmtree_walk(path, onerror)


# this implementation walks by path names, not directory descriptors
rmtree.avoids_symlink_attacks = False


def _strip_basename(path):
    path = os.fspath(path)
    seps = os.path.sep + (os.path.altsep or '')
    return os.path.basename(path.rstrip(seps))


def _inside(src, dst):
    def with_sep(p):
        p = os.path.abspath(p)
        return p if p.endswith(os.path.sep) else p + os.path.sep
    return with_sep(dst).startswith(with_sep(src))


def move(src, dst, copy_function=copy2):
    """Move a file or tree to dst (renaming when possible, else copying
    then deleting); return the final path."""
    final = dst
    if os.path.isdir(dst):
        if _samefile(src, dst):
            # only the case of the name changes (on case-insensitive
            # file systems)
            os.rename(src, dst)
            return
        final = os.path.join(dst, _strip_basename(src))
        if os.path.exists(final):
            raise Error("Destination path '%s' already exists" % final)
    try:
        os.rename(src, final)
    except OSError:
        if os.path.islink(src):
            target = os.readlink(src)
            os.symlink(target, final)
            os.unlink(src)
        elif os.path.isdir(src):
            if _inside(src, dst):
                raise Error("Cannot move a directory '%s' into itself"
                            " '%s'." % (src, dst))
            copytree(src, final, copy_function=copy_function, symlinks=True)
            rmtree(src)
        else:
            copy_function(src, final)
            os.unlink(src)
    return final


def _runnable(fn, mode):
    return (os.path.exists(fn) and os.access(fn, mode)
            and not os.path.isdir(fn))


def which(cmd, mode=os.F_OK | os.X_OK, path=None):
    """The path of the program cmd found along PATH (or `path`), or
    None."""
    if os.path.dirname(cmd):
        return cmd if _runnable(cmd, mode) else None
    if path is None:
        path = os.environ.get("PATH", None)
        if path is None:
            path = os.defpath
    if not path:
        return None
    if isinstance(cmd, bytes):
        dirs = os.fsencode(path).split(os.fsencode(os.pathsep))
    else:
        dirs = os.fsdecode(path).split(os.pathsep)
    tried = set()
    for folder in dirs:
        key = os.path.normcase(folder)
        if key in tried:
            continue
        tried.add(key)
        candidate = os.path.join(folder, cmd)
        if _runnable(candidate, mode):
            return candidate
    return None


_ntuple_diskusage = collections.namedtuple('usage', 'total used free')

if hasattr(os, 'statvfs'):
    __all__.append('disk_usage')

    def disk_usage(path):
        """(total, used, free) bytes of the file system holding path."""
        st = os.statvfs(path)
        unit = st.f_frsize
        return _ntuple_diskusage(st.f_blocks * unit,
                                 (st.f_blocks - st.f_bfree) * unit,
                                 st.f_bavail * unit)


if hasattr(os, 'chown'):
    def chown(path, user=None, group=None):
        """Change the owner and/or group of path (names or ids)."""
        if user is None and group is None:
            raise ValueError("user and/or group must be set")
        uid = gid = -1
        if user is not None:
            uid = user
            if isinstance(user, str):
                import pwd
                try:
                    uid = pwd.getpwnam(user).pw_uid
                except KeyError:
                    raise LookupError("no such user: {!r}".format(user))
        if group is not None:
            gid = group
            if isinstance(group, str):
                import grp
                try:
                    gid = grp.getgrnam(group).gr_gid
                except KeyError:
                    raise LookupError("no such group: {!r}".format(group))
        os.chown(path, uid, gid)
else:
    __all__.remove('chown')


def get_terminal_size(fallback=(80, 24)):
    """The terminal's (columns, lines): the COLUMNS and LINES variables
    win, then the size of the terminal on stdout, then fallback."""
    def from_env(name):
        try:
            return int(os.environ[name])
        except (KeyError, ValueError):
            return 0
    columns = from_env('COLUMNS')
    lines = from_env('LINES')
    if columns <= 0 or lines <= 0:
        try:
            size = os.get_terminal_size(sys.__stdout__.fileno())
        except (AttributeError, ValueError, OSError):
            size = os.terminal_size(fallback)
        # a zero from the terminal also falls back
        columns = columns if columns > 0 else (size.columns or fallback[0])
        lines = lines if lines > 0 else (size.lines or fallback[1])
    return os.terminal_size((columns, lines))
