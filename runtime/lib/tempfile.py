"""Temporary files and directories.

Low level: mkstemp() and mkdtemp() create a uniquely named file or
directory (exclusive creation, retried under a new random name while the
name is taken) and leave removal to the caller.  High level:
TemporaryFile, NamedTemporaryFile, SpooledTemporaryFile and
TemporaryDirectory remove what they made when closed or cleaned up.

Names are the prefix, eight random characters from
"abcdefghijklmnopqrstuvwxyz0123456789_" and the suffix.  The directory
is taken from TMPDIR, TEMP or TMP, else /tmp, /var/tmp, /usr/tmp, else
the current directory: the first one a file can be written in.

Thread safety: the default directory and the random name source are made
once under a lock; drawing names takes the name source's lock, so threads
creating files at the same time get distinct names.  Each returned file
object is the caller's.
"""

import errno as _errno
import io as _io
import os as _os
import shutil as _shutil
import sys as _sys
import types as _types
import _thread
from random import Random as _Random

__all__ = [
    "NamedTemporaryFile", "TemporaryFile", "SpooledTemporaryFile",
    "TemporaryDirectory", "mkstemp", "mkdtemp", "mktemp", "TMP_MAX",
    "gettempprefix", "tempdir", "gettempdir", "gettempprefixb",
    "gettempdirb",
]

# exclusive creation, never through a symbolic link
_text_openflags = (_os.O_RDWR | _os.O_CREAT | _os.O_EXCL
                   | getattr(_os, 'O_NOFOLLOW', 0))
_bin_openflags = _text_openflags | getattr(_os, 'O_BINARY', 0)

TMP_MAX = getattr(_os, 'TMP_MAX', 10000)

template = "tmp"

# the default directory, found on first use (or set by the user)
tempdir = None

_once_lock = _thread.allocate_lock()
_name_sequence = None


def _infer_return_type(*args):
    """str or bytes, from the non-None arguments (which must agree)."""
    kind = None
    for arg in args:
        if arg is None:
            continue
        if isinstance(arg, _os.PathLike) and not isinstance(arg, bytes):
            arg = _os.fspath(arg)
        this = bytes if isinstance(arg, bytes) else str
        if kind is not None and kind is not this:
            raise TypeError("Can't mix bytes and non-bytes in "
                            "path components.")
        kind = this
    if kind is None:
        return bytes if isinstance(tempdir, bytes) else str
    return kind


def _sanitize_params(prefix, suffix, dir):
    kind = _infer_return_type(prefix, suffix, dir)
    if suffix is None:
        suffix = kind()
    if prefix is None:
        prefix = template if kind is str else _os.fsencode(template)
    if dir is None:
        dir = gettempdir() if kind is str else gettempdirb()
    return prefix, suffix, dir, kind


class _RandomNameSequence:
    """An endless iterator of 8-character random names.  Safe to share
    between threads; a forked child gets a freshly seeded generator."""

    characters = "abcdefghijklmnopqrstuvwxyz0123456789_"

    def __init__(self):
        self._lock = _thread.allocate_lock()
        self._rng = None
        self._rng_pid = None

    @property
    def rng(self):
        pid = _os.getpid()
        if self._rng is None or self._rng_pid != pid:
            self._rng = _Random()
            self._rng_pid = pid
        return self._rng

    def __iter__(self):
        return self

    def __next__(self):
        with self._lock:
            picks = self.rng.choices(self.characters, k=8)
        return ''.join(picks)


def _candidate_tempdir_list():
    """The directories to try for gettempdir(), in order."""
    found = []
    for var in ('TMPDIR', 'TEMP', 'TMP'):
        value = _os.getenv(var)
        if value:
            found.append(value)
    if _os.name == 'nt':
        found.extend([_os.path.expanduser(r'~\AppData\Local\Temp'),
                      _os.path.expandvars(r'%SYSTEMROOT%\Temp'),
                      r'c:\temp', r'c:\tmp', r'\temp', r'\tmp'])
    else:
        found.extend(['/tmp', '/var/tmp', '/usr/tmp'])
    try:
        found.append(_os.getcwd())
    except OSError:
        found.append(_os.curdir)
    return found


def _get_default_tempdir():
    """The first candidate directory in which a file can really be
    created, written and removed."""
    names = _RandomNameSequence()
    candidates = _candidate_tempdir_list()
    for folder in candidates:
        if folder != _os.curdir:
            folder = _os.path.abspath(folder)
        for _ in range(100):
            probe = _os.path.join(folder, next(names))
            try:
                fd = _os.open(probe, _bin_openflags, 0o600)
            except FileExistsError:
                continue
            except OSError:
                break
            try:
                try:
                    _os.write(fd, b'blat')
                finally:
                    _os.close(fd)
            except OSError:
                _os.unlink(probe)
                break
            _os.unlink(probe)
            return folder
    raise FileNotFoundError(_errno.ENOENT,
                            "No usable temporary directory found in %s"
                            % candidates)


def _get_candidate_names():
    """The module's shared random name sequence."""
    global _name_sequence
    if _name_sequence is None:
        with _once_lock:
            if _name_sequence is None:
                _name_sequence = _RandomNameSequence()
    return _name_sequence


def _mkstemp_inner(dir, pre, suf, flags, output_type):
    """Create and open a new file; return (fd, absolute path)."""
    dir = _os.path.abspath(dir)
    names = _get_candidate_names()
    for _ in range(TMP_MAX):
        name = next(names)
        if output_type is bytes:
            name = _os.fsencode(name)
        path = _os.path.join(dir, pre + name + suf)
        try:
            fd = _os.open(path, flags, 0o600)
        except FileExistsError:
            continue
        return fd, path
    raise FileExistsError(_errno.EEXIST, "No usable temporary file name found")


def gettempprefix():
    """The default prefix of temporary names, as str."""
    return _os.fsdecode(template)


def gettempprefixb():
    """The default prefix of temporary names, as bytes."""
    return _os.fsencode(template)


def _gettempdir():
    global tempdir
    if tempdir is None:
        with _once_lock:
            if tempdir is None:
                tempdir = _get_default_tempdir()
    return tempdir


def gettempdir():
    """The default directory for temporary files, as str."""
    return _os.fsdecode(_gettempdir())


def gettempdirb():
    """The default directory for temporary files, as bytes."""
    return _os.fsencode(_gettempdir())


def mkstemp(suffix=None, prefix=None, dir=None, text=False):
    """Create a new file only the user can read and write, opened
    exclusively; return (OS-level handle, absolute path).  The caller
    closes and deletes it."""
    prefix, suffix, dir, kind = _sanitize_params(prefix, suffix, dir)
    flags = _text_openflags if text else _bin_openflags
    return _mkstemp_inner(dir, prefix, suffix, flags, kind)


def mkdtemp(suffix=None, prefix=None, dir=None):
    """Create a new directory only the user can use; return its path.
    The caller removes it."""
    prefix, suffix, dir, kind = _sanitize_params(prefix, suffix, dir)
    names = _get_candidate_names()
    for _ in range(TMP_MAX):
        name = next(names)
        if kind is bytes:
            name = _os.fsencode(name)
        path = _os.path.join(dir, prefix + name + suffix)
        try:
            _os.mkdir(path, 0o700)
        except FileExistsError:
            continue
        return path
    raise FileExistsError(_errno.EEXIST,
                          "No usable temporary directory name found")


def mktemp(suffix="", prefix=template, dir=None):
    """Deprecated and unsafe: a name that did not exist when checked
    (someone else may create it before you do)."""
    if dir is None:
        dir = gettempdir()
    names = _get_candidate_names()
    for _ in range(TMP_MAX):
        path = _os.path.join(dir, prefix + next(names) + suffix)
        if not _os.path.lexists(path):
            return path
    raise FileExistsError(_errno.EEXIST, "No usable temporary filename found")


def _open_created(fd, path, mode, buffering, encoding, newline, errors):
    """A file object on the just-created file (fd, path).  Opening by
    descriptor is preferred; where io.open does not take descriptors the
    descriptor is closed and the (exclusively created) file reopened by
    name, which keeps the same file."""
    try:
        return _io.open(fd, mode, buffering=buffering, newline=newline,
                        encoding=encoding, errors=errors)
    except TypeError:
        pass
    except BaseException:
        _os.close(fd)
        raise
    _os.close(fd)
    # the file exists already: exclusive-create mode would now fail
    return _io.open(path, mode.replace('x', 'w'), buffering=buffering,
                    newline=newline, encoding=encoding, errors=errors)


class _TemporaryFileCloser:
    """Closes the file and, when asked, deletes it; once only."""

    close_called = False

    def __init__(self, file, name, delete=True):
        self.file, self.name, self.delete = file, name, delete
        self._lock = _thread.allocate_lock()

    def close(self, unlink=_os.unlink):
        with self._lock:
            first = not self.close_called and self.file is not None
            self.close_called = True
        if not first:
            return
        try:
            self.file.close()
        finally:
            if self.delete:
                unlink(self.name)

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass


class _TemporaryFileWrapper:
    """A file object that deletes its file on close (by delegation to
    the real file object, kept in .file; the path is .name)."""

    def __init__(self, file, name, delete=True):
        self._closer = _TemporaryFileCloser(file, name, delete)
        self.file, self.name, self.delete = file, name, delete

    def __getattr__(self, name):
        target = getattr(self.__dict__['file'], name)
        if callable(target):
            method = target

            # the bound method keeps this wrapper (and so the file)
            # alive while it is in use
            def forward(*args, **kwargs):
                return method(*args, **kwargs)
            forward.__name__ = getattr(method, '__name__', name)
            forward.__doc__ = getattr(method, '__doc__', None)
            forward._owner = self
            target = forward
        if not isinstance(target, int):
            setattr(self, name, target)
        return target

    def __enter__(self):
        self.file.__enter__()
        return self

    def __exit__(self, exc, value, tb):
        try:
            return self.file.__exit__(exc, value, tb)
        finally:
            self._closer.close()

    def close(self):
        self._closer.close()

    def __iter__(self):
        # a generator, so that the wrapper lives while iterating (a
        # plain loop: Weft's `yield from` wants .send on native files)
        lines = iter(self.file)
        for line in lines:
            yield line


def NamedTemporaryFile(mode='w+b', buffering=-1, encoding=None,
                       newline=None, suffix=None, prefix=None,
                       dir=None, delete=True, *, errors=None):
    """A temporary file with a visible name (.name), deleted when
    closed if delete is true."""
    prefix, suffix, dir, kind = _sanitize_params(prefix, suffix, dir)
    fd, path = _mkstemp_inner(dir, prefix, suffix, _bin_openflags, kind)
    try:
        file = _open_created(fd, path, mode, buffering, encoding, newline,
                             errors)
    except BaseException:
        _os.unlink(path)
        raise
    return _TemporaryFileWrapper(file, path, delete)


if _os.name != 'posix' or _sys.platform == 'cygwin':
    TemporaryFile = NamedTemporaryFile
else:
    def TemporaryFile(mode='w+b', buffering=-1, encoding=None,
                      newline=None, suffix=None, prefix=None,
                      dir=None, *, errors=None):
        """An unnamed temporary file: its directory entry is removed at
        once, so the file vanishes when closed."""
        prefix, suffix, dir, kind = _sanitize_params(prefix, suffix, dir)
        fd, path = _mkstemp_inner(dir, prefix, suffix, _bin_openflags, kind)
        try:
            file = _open_created(fd, path, mode, buffering, encoding,
                                 newline, errors)
        finally:
            _os.unlink(path)
        return file


class SpooledTemporaryFile(_io.IOBase):
    """A temporary file kept in memory until it grows past max_size
    bytes (or fileno() is asked for); then it moves to a real
    TemporaryFile."""

    _rolled = False

    def __init__(self, max_size=0, mode='w+b', buffering=-1,
                 encoding=None, newline=None, suffix=None, prefix=None,
                 dir=None, *, errors=None):
        if 'b' in mode:
            self._file = _io.BytesIO()
        else:
            self._file = _io.TextIOWrapper(
                _io.BytesIO(), encoding=_io.text_encoding(encoding),
                errors=errors, newline=newline)
        self._max_size = max_size
        self._rolled = False
        self._TemporaryFileArgs = {
            'mode': mode, 'buffering': buffering, 'suffix': suffix,
            'prefix': prefix, 'encoding': encoding, 'newline': newline,
            'dir': dir, 'errors': errors}

    __class_getitem__ = classmethod(_types.GenericAlias)

    def _check(self, file):
        if self._rolled:
            return
        limit = self._max_size
        if limit and file.tell() > limit:
            self.rollover()

    def rollover(self):
        """Move the data to a real temporary file (once)."""
        if self._rolled:
            return
        memory = self._file
        args = self._TemporaryFileArgs
        real = TemporaryFile(**args)
        position = memory.tell()
        if isinstance(memory, _io.TextIOWrapper):
            memory.flush()
            codec = memory.encoding
            data = memory.detach().getvalue()
            if hasattr(real, 'buffer'):
                real.buffer.write(data)
            else:
                # a text file without a binary layer: write the text
                real.write(data.decode(codec))
        else:
            real.write(memory.getvalue())
        real.seek(position, 0)
        self._file = real
        del self._TemporaryFileArgs
        self._rolled = True

    def __enter__(self):
        if not self._file.closed:
            return self
        raise ValueError("Cannot enter context with closed file")

    def __exit__(self, exc, value, tb):
        self.close()

    def close(self):
        self._file.close()

    def fileno(self):
        # a descriptor needs a real file
        self.rollover()
        return self._file.fileno()

    # in memory there is no file name, and the mode is the one asked for
    mode = property(lambda self: getattr(self._file, 'mode', None)
                    or self._TemporaryFileArgs['mode'])
    name = property(lambda self: getattr(self._file, 'name', None))

    def truncate(self, size=None):
        if size is not None and size > self._max_size:
            # growing past the limit: move to disk first
            self.rollover()
        if size is None:
            return self._file.truncate()
        return self._file.truncate(size)

    def _grow(self, method, data):
        file = self._file
        result = getattr(file, method)(data)
        self._check(file)
        return result

    def write(self, s):
        return self._grow('write', s)

    def writelines(self, iterable):
        return self._grow('writelines', iterable)


def _forwarder(name):
    def forward(self, *args):
        return getattr(self._file, name)(*args)
    forward.__name__ = name
    return forward


for _name in ('__iter__', '__next__', 'flush', 'isatty', 'read', 'read1',
              'readinto', 'readinto1', 'readline', 'readlines', 'readable',
              'seek', 'seekable', 'tell', 'writable', 'detach'):
    setattr(SpooledTemporaryFile, _name, _forwarder(_name))
for _name in ('closed', 'encoding', 'errors', 'newlines'):
    setattr(SpooledTemporaryFile, _name,
            property(lambda self, _attr=_name: getattr(self._file, _attr)))
del _name


class TemporaryDirectory:
    """A temporary directory, removed with everything in it by cleanup(),
    at the end of a with block (which gives its name), or when the
    object is collected.

    ignore_cleanup_errors=True ignores failures while removing."""

    def __init__(self, suffix=None, prefix=None, dir=None,
                 ignore_cleanup_errors=False):
        self._ignore_cleanup_errors = bool(ignore_cleanup_errors)
        self.name = mkdtemp(suffix, prefix, dir)
        self._pending = True

    @classmethod
    def _rmtree(cls, name, ignore_errors=False):
        def on_error(func, path, exc_info):
            exc = exc_info[1]
            if isinstance(exc, PermissionError):
                # give ourselves the rights back, then try again
                def grant(p):
                    try:
                        _os.chmod(p, 0o700)
                    except OSError:
                        pass
                try:
                    if path != name:
                        grant(_os.path.dirname(path))
                    grant(path)
                    try:
                        _os.unlink(path)
                    except (IsADirectoryError, PermissionError):
                        cls._rmtree(path, ignore_errors=ignore_errors)
                except FileNotFoundError:
                    pass
            elif isinstance(exc, FileNotFoundError):
                pass
            elif not ignore_errors:
                raise exc
        _shutil.rmtree(name, onerror=on_error)

    def __repr__(self):
        return "<%s %r>" % (type(self).__name__, self.name)

    def __exit__(self, exc, value, tb):
        self.cleanup()

    def __enter__(self):
        return self.name

    def cleanup(self):
        was_pending = self._pending
        self._pending = False
        if was_pending or _os.path.exists(self.name):
            self._rmtree(self.name, ignore_errors=self._ignore_cleanup_errors)

    def __del__(self):
        if getattr(self, '_pending', False):
            self._pending = False
            try:
                self._rmtree(self.name, ignore_errors=True)
            except Exception:
                pass

    __class_getitem__ = classmethod(_types.GenericAlias)
