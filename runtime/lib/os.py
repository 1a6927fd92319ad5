"""Weft's os module: the operating system's services over the native
`posix` module, with `os.path` (posixpath), `environ`, `stat_result`,
`scandir`, `walk` and `makedirs`.

Thread safety: every function may be called from many threads at once.
`environ` takes a lock around each change, so concurrent updates are
neither lost nor torn; the working directory (`chdir`) and the umask are
process-wide, as in CPython.
"""

import sys
import posix
import posixpath as path
from posix import (
    F_OK, R_OK, W_OK, X_OK, O_RDONLY, O_WRONLY, O_RDWR, O_APPEND, O_CREAT,
    O_EXCL, O_TRUNC, O_NONBLOCK, O_CLOEXEC, O_DIRECTORY, O_NOFOLLOW, O_SYNC,
    SEEK_SET, SEEK_CUR, SEEK_END, EX_OK,
    getcwd, getcwdb, chdir, listdir as _listdir, rmdir, unlink, remove,
    rename, replace, readlink, access as _access, close, read, write, lseek,
    fsync, ftruncate, isatty, pipe, getpid, getppid, getuid, geteuid,
    getgid, umask, kill, cpu_count, urandom, strerror, system,
)
import _thread

sys.modules['os.path'] = path

name = 'posix'
error = OSError
sep = path.sep
altsep = path.altsep
extsep = path.extsep
pathsep = path.pathsep
curdir = path.curdir
pardir = path.pardir
defpath = path.defpath
devnull = path.devnull
linesep = '\n'


class _PathLikeType(type):
    def __instancecheck__(cls, obj):
        return cls.__subclasscheck__(type(obj))

    def __subclasscheck__(cls, sub):
        if cls in sub.__mro__:
            return True
        return cls is PathLike and any('__fspath__' in vars(k)
                                       for k in sub.__mro__)


class PathLike(metaclass=_PathLikeType):
    """The interface of objects with a file-system path: __fspath__()."""

    def __fspath__(self):
        raise NotImplementedError

    def __class_getitem__(cls, item):
        return cls


def fspath(path):
    if isinstance(path, (str, bytes)):
        return path
    method = getattr(type(path), '__fspath__', None)
    if method is None:
        raise TypeError('expected str, bytes or os.PathLike object, not '
                        + type(path).__name__)
    result = method(path)
    if isinstance(result, (str, bytes)):
        return result
    raise TypeError('expected %s.__fspath__() to return str or bytes, not %s'
                    % (type(path).__name__, type(result).__name__))


def fsencode(filename):
    filename = fspath(filename)
    return filename.encode() if isinstance(filename, str) else filename


def fsdecode(filename):
    filename = fspath(filename)
    return filename.decode() if isinstance(filename, bytes) else filename


# ----- the environment ------------------------------------------------

class _Environ:
    """os.environ: a str-to-str mapping whose changes reach the process
    environment (putenv/unsetenv) and so child processes."""

    def __init__(self, initial):
        self._data = dict(initial)
        self._lock = _thread.allocate_lock()

    @staticmethod
    def _text(value, what):
        if not isinstance(value, str):
            raise TypeError('str expected, not %s' % type(value).__name__)
        return value

    def __getitem__(self, key):
        try:
            return self._data[key]
        except KeyError:
            raise KeyError(key) from None

    def __setitem__(self, key, value):
        key = self._text(key, 'key')
        value = self._text(value, 'value')
        with self._lock:
            posix.putenv(key, value)
            self._data[key] = value

    def __delitem__(self, key):
        with self._lock:
            if key not in self._data:
                raise KeyError(key)
            posix.unsetenv(key)
            del self._data[key]

    def __iter__(self):
        with self._lock:
            keys = list(self._data)
        return iter(keys)

    def __len__(self):
        return len(self._data)

    def __contains__(self, key):
        return key in self._data

    def __eq__(self, other):
        if isinstance(other, _Environ):
            other = other.copy()
        return self.copy() == other

    __hash__ = None

    def get(self, key, default=None):
        return self._data.get(key, default)

    def keys(self):
        return self.copy().keys()

    def values(self):
        return self.copy().values()

    def items(self):
        return self.copy().items()

    def copy(self):
        with self._lock:
            return dict(self._data)

    def setdefault(self, key, value):
        with self._lock:
            if key not in self._data:
                value = self._text(value, 'value')
                posix.putenv(self._text(key, 'key'), value)
                self._data[key] = value
            return self._data[key]

    _MISSING = object()

    def pop(self, key, default=_MISSING):
        with self._lock:
            if key in self._data:
                posix.unsetenv(key)
                return self._data.pop(key)
        if default is self._MISSING:
            raise KeyError(key)
        return default

    def popitem(self):
        with self._lock:
            if not self._data:
                raise KeyError('popitem(): dictionary is empty')
            key = next(reversed(self._data))
            posix.unsetenv(key)
            return key, self._data.pop(key)

    def clear(self):
        for key in list(self):
            self.pop(key, None)

    def update(self, other=(), /, **kwds):
        pairs = other.items() if hasattr(other, 'items') else other
        for key, value in pairs:
            self[key] = value
        for key, value in kwds.items():
            self[key] = value

    def __or__(self, other):
        if not hasattr(other, 'keys'):
            return NotImplemented
        merged = self.copy()
        merged.update(other)
        return merged

    def __ror__(self, other):
        if not hasattr(other, 'keys'):
            return NotImplemented
        merged = dict(other)
        merged.update(self.copy())
        return merged

    def __ior__(self, other):
        self.update(other)
        return self

    def __repr__(self):
        return 'environ(%r)' % (self.copy(),)


environ = _Environ(posix.environ)


def getenv(key, default=None):
    return environ.get(key, default)


def putenv(key, value):
    posix.putenv(key, value)


def unsetenv(key):
    posix.unsetenv(key)


# ----- stat -------------------------------------------------------------

class stat_result(tuple):
    """The answer of stat(): a 10-tuple (mode, ino, dev, nlink, uid, gid,
    size, atime, mtime, ctime; times in whole seconds) with st_* names and
    the float and nanosecond times."""

    n_sequence_fields = 10
    n_fields = 16
    n_unnamed_fields = 3
    _names = ('st_mode', 'st_ino', 'st_dev', 'st_nlink', 'st_uid', 'st_gid',
              'st_size', 'st_atime', 'st_mtime', 'st_ctime')

    def __new__(cls, fields):
        fields = tuple(fields)
        if len(fields) < 10:
            raise TypeError('os.stat_result() takes an at least 10-sequence '
                            '(%d-sequence given)' % len(fields))
        self = tuple.__new__(cls, fields[:10])
        self._ns = fields[10:13] if len(fields) >= 13 else tuple(
            x * 10**9 for x in fields[7:10])
        return self

    @classmethod
    def _from_native(cls, native):
        ns = native[7:10]
        self = tuple.__new__(cls, native[:7] + tuple(t // 10**9 for t in ns))
        self._ns = ns
        return self

    def __repr__(self):
        inner = ', '.join('%s=%r' % (n, v) for n, v in zip(self._names, self))
        return 'os.stat_result(%s)' % inner

    def __reduce__(self):
        return (stat_result, (tuple(self),))

    st_mode = property(lambda self: self[0])
    st_ino = property(lambda self: self[1])
    st_dev = property(lambda self: self[2])
    st_nlink = property(lambda self: self[3])
    st_uid = property(lambda self: self[4])
    st_gid = property(lambda self: self[5])
    st_size = property(lambda self: self[6])
    st_atime = property(lambda self: self._ns[0] / 1e9)
    st_mtime = property(lambda self: self._ns[1] / 1e9)
    st_ctime = property(lambda self: self._ns[2] / 1e9)
    st_atime_ns = property(lambda self: self._ns[0])
    st_mtime_ns = property(lambda self: self._ns[1])
    st_ctime_ns = property(lambda self: self._ns[2])


def stat(path, *, dir_fd=None, follow_symlinks=True):
    if dir_fd is not None:
        raise NotImplementedError('dir_fd unavailable on this platform')
    if not isinstance(path, int):
        path = fspath(path)
    return stat_result._from_native(posix.stat(path, follow_symlinks))


def lstat(path, *, dir_fd=None):
    return stat(path, dir_fd=dir_fd, follow_symlinks=False)


def fstat(fd):
    return stat_result._from_native(posix.fstat(fd))


class terminal_size(tuple):
    """(columns, lines) of a terminal window."""

    def __new__(cls, pair):
        return tuple.__new__(cls, pair)

    columns = property(lambda self: self[0])
    lines = property(lambda self: self[1])

    def __repr__(self):
        return 'os.terminal_size(columns=%d, lines=%d)' % self


def get_terminal_size(fd=1):
    return terminal_size(posix.get_terminal_size(fd))


class uname_result(tuple):
    """(sysname, nodename, release, version, machine)."""

    _names = ('sysname', 'nodename', 'release', 'version', 'machine')

    def __new__(cls, fields):
        return tuple.__new__(cls, fields)

    sysname = property(lambda self: self[0])
    nodename = property(lambda self: self[1])
    release = property(lambda self: self[2])
    version = property(lambda self: self[3])
    machine = property(lambda self: self[4])

    def __repr__(self):
        inner = ', '.join('%s=%r' % pair for pair in zip(self._names, self))
        return 'posix.uname_result(%s)' % inner


def uname():
    return uname_result(posix.uname())


# ----- files and directories ---------------------------------------------

def open(path, flags, mode=0o777, *, dir_fd=None):
    if dir_fd is not None:
        raise NotImplementedError('dir_fd unavailable on this platform')
    return posix.open(fspath(path), flags, mode)


def access(path, mode, *, dir_fd=None, effective_ids=False,
           follow_symlinks=True):
    return _access(fspath(path), mode)


def listdir(path=None):
    if path is None:
        return _listdir('.')
    return _listdir(path if isinstance(path, int) else fspath(path))


def mkdir(path, mode=0o777, *, dir_fd=None):
    if dir_fd is not None:
        raise NotImplementedError('dir_fd unavailable on this platform')
    posix.mkdir(path, mode)


def makedirs(name, mode=0o777, exist_ok=False):
    name = fspath(name)
    parent, leaf = path.split(name)
    if not leaf:
        parent, leaf = path.split(parent)
    if parent and leaf and not path.exists(parent):
        try:
            makedirs(parent, exist_ok=exist_ok)
        except FileExistsError:
            pass
        here = curdir if isinstance(leaf, str) else curdir.encode()
        if leaf == here:
            return
    try:
        mkdir(name, mode)
    except OSError:
        if not exist_ok or not path.isdir(name):
            raise


def removedirs(name):
    rmdir(name)
    parent, leaf = path.split(fspath(name))
    if not leaf:
        parent, leaf = path.split(parent)
    while parent and leaf:
        try:
            rmdir(parent)
        except OSError:
            break
        parent, leaf = path.split(parent)


def renames(old, new):
    parent, leaf = path.split(fspath(new))
    if parent and leaf and not path.exists(parent):
        makedirs(parent)
    rename(old, new)
    parent, leaf = path.split(fspath(old))
    if parent and leaf:
        try:
            removedirs(parent)
        except OSError:
            pass


def chmod(path, mode, *, dir_fd=None, follow_symlinks=True):
    posix.chmod(fspath(path), mode)


def symlink(src, dst, target_is_directory=False, *, dir_fd=None):
    posix.symlink(src, dst)


def link(src, dst, *, src_dir_fd=None, dst_dir_fd=None,
         follow_symlinks=True):
    posix.link(src, dst)


def truncate(path, length):
    fd = posix.open(fspath(path), O_WRONLY, 0)
    try:
        ftruncate(fd, length)
    finally:
        close(fd)


def utime(path, times=None, *, ns=None, dir_fd=None, follow_symlinks=True):
    if times is not None and ns is not None:
        raise ValueError("utime: you may specify either 'times' or 'ns' but "
                         "not both")
    if times is not None:
        if not isinstance(times, tuple) or len(times) != 2:
            raise TypeError('utime: \'times\' must be either a tuple of two '
                            'ints or None')
        ns = tuple(int(round(t * 10**9)) if isinstance(t, float)
                   else t * 10**9 for t in times)
    elif ns is not None:
        if not isinstance(ns, tuple) or len(ns) != 2:
            raise TypeError('utime: \'ns\' must be a tuple of two ints')
    posix.utime(fspath(path), ns)


def _stat_type(mode):
    return mode & 0o170000


class DirEntry:
    """One entry of scandir(): its name and path, with its stat read
    once and kept."""

    __slots__ = ('name', 'path', '_lstat', '_stat')

    def __init__(self, directory, name):
        self.name = name
        self.path = path.join(directory, name)
        self._lstat = None
        self._stat = None

    def __class_getitem__(cls, item):
        return cls

    def __fspath__(self):
        return self.path

    def __repr__(self):
        return '<DirEntry %r>' % (self.name,)

    def stat(self, *, follow_symlinks=True):
        if not follow_symlinks:
            if self._lstat is None:
                self._lstat = lstat(self.path)
            return self._lstat
        if self._stat is None:
            if self.is_symlink():
                self._stat = stat(self.path)
            else:
                self._stat = self.stat(follow_symlinks=False)
        return self._stat

    def inode(self):
        return self.stat(follow_symlinks=False).st_ino

    def _is(self, kind, follow_symlinks):
        try:
            mode = self.stat(follow_symlinks=follow_symlinks).st_mode
        except FileNotFoundError:
            return False
        return _stat_type(mode) == kind

    def is_dir(self, *, follow_symlinks=True):
        return self._is(0o040000, follow_symlinks)

    def is_file(self, *, follow_symlinks=True):
        return self._is(0o100000, follow_symlinks)

    def is_symlink(self):
        return self._is(0o120000, False)


class _ScandirIterator:
    def __init__(self, directory):
        self._directory = directory
        self._names = iter(_listdir(directory))

    def __iter__(self):
        return self

    def __next__(self):
        return DirEntry(self._directory, next(self._names))

    def close(self):
        self._names = iter(())

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


def scandir(path=None):
    directory = curdir if path is None else fspath(path)
    return _ScandirIterator(directory)


def walk(top, topdown=True, onerror=None, followlinks=False):
    top = fspath(top)
    try:
        entries = list(scandir(top))
    except OSError as e:
        if onerror is not None:
            onerror(e)
        return
    dirs, files, below = [], [], []
    for entry in entries:
        try:
            is_dir = entry.is_dir()
        except OSError:
            is_dir = False
        (dirs if is_dir else files).append(entry.name)
        if is_dir and not topdown:
            try:
                skip = not followlinks and entry.is_symlink()
            except OSError:
                skip = True
            if not skip:
                below.append(entry.path)
    if topdown:
        yield top, dirs, files
        for name in dirs:
            child = path.join(top, name)
            if followlinks or not path.islink(child):
                yield from walk(child, topdown, onerror, followlinks)
    else:
        for child in below:
            yield from walk(child, topdown, onerror, followlinks)
        yield top, dirs, files


def get_exec_path(env=None):
    env = environ if env is None else env
    return env.get('PATH', defpath).split(pathsep)


def getlogin():
    name = environ.get('LOGNAME') or environ.get('USER')
    if not name:
        raise OSError(6, 'No such device or address')
    return name
