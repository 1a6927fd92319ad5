"""Object-oriented file-system paths.

Pure paths (PurePath, PurePosixPath, PureWindowsPath) only manipulate
text; concrete paths (Path, PosixPath) also reach the file system through
the os module.  A path is kept as (drive, root, parts) where parts starts
with drive+root when the path is anchored.

Thread safety: path objects are immutable once built (their string,
hash and case-folded form are computed lazily, but a racing computation
only stores an equal value), so they can be shared between threads.
"""

import fnmatch
import os
import posixpath
import sys
from _collections_abc import Sequence
from errno import ENOENT, ENOTDIR, EBADF, ELOOP

__all__ = [
    "PurePath", "PurePosixPath", "PureWindowsPath",
    "Path", "PosixPath", "WindowsPath",
]

# File-type bits of st_mode (the stat module's S_IF* values).
_S_IFMT = 0o170000
_S_IFDIR = 0o040000
_S_IFREG = 0o100000
_S_IFLNK = 0o120000
_S_IFBLK = 0o060000
_S_IFCHR = 0o020000
_S_IFIFO = 0o010000
_S_IFSOCK = 0o140000

# errors that mean "no such thing" for the is_*/exists queries
_QUIET_ERRNOS = (ENOENT, ENOTDIR, EBADF, ELOOP)


def _quiet(exc):
    return getattr(exc, 'errno', None) in _QUIET_ERRNOS


# ----- flavours: how each system spells a path ----------------------------

class _PosixFlavour:
    sep = '/'
    altsep = ''
    has_drv = False
    is_supported = (os.name != 'nt')

    def split_anchor(self, text):
        """(drive, root, rest) of one path string."""
        if text[:1] != '/':
            return '', '', text
        rest = text.lstrip('/')
        # exactly two leading slashes are kept (POSIX leaves them
        # implementation-defined); one or three-plus mean '/'
        root = '//' if len(text) - len(rest) == 2 else '/'
        return '', root, rest

    def fold(self, text):
        return text

    def fold_parts(self, parts):
        return parts

    def uri(self, path):
        return 'file://' + _quote(os.fsencode(str(path)))

    def reserved(self, parts):
        return False


class _WindowsFlavour:
    sep = '\\'
    altsep = '/'
    has_drv = True
    is_supported = (os.name == 'nt')
    _letters = set('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ')
    _reserved_names = (
        {'CON', 'PRN', 'AUX', 'NUL', 'CONIN$', 'CONOUT$'}
        | {'COM%s' % c for c in '123456789\xb9\xb2\xb3'}
        | {'LPT%s' % c for c in '123456789\xb9\xb2\xb3'}
    )

    def split_anchor(self, text):
        text = text.replace('/', '\\')
        if text[:2] == '\\\\' and text[2:3] != '\\':
            # UNC: \\server\share is the drive
            cut = text.find('\\', 2)
            if cut != -1:
                end = text.find('\\', cut + 1)
                if end != cut + 1:
                    if end == -1:
                        end = len(text)
                    return text[:end], '\\', text[end + 1:].lstrip('\\')
        drive = root = ''
        if text[1:2] == ':' and text[:1] in self._letters:
            drive, text = text[:2], text[2:]
        if text[:1] == '\\':
            root = '\\'
            text = text.lstrip('\\')
        return drive, root, text

    def fold(self, text):
        return text.lower()

    def fold_parts(self, parts):
        return [p.lower() for p in parts]

    def uri(self, path):
        drive = path.drive
        if len(drive) == 2 and drive[1] == ':':
            rest = path.as_posix()[2:].lstrip('/')
            return 'file:///%s/%s' % (drive, _quote(rest.encode('utf-8')))
        return 'file:' + _quote(path.as_posix().encode('utf-8'))

    def reserved(self, parts):
        if not parts or parts[0].startswith('\\\\'):
            return False
        last = parts[-1].partition('.')[0].partition(':')[0].rstrip(' ')
        return last.upper() in self._reserved_names


_posix_flavour = _PosixFlavour()
_windows_flavour = _WindowsFlavour()

_URI_SAFE = frozenset(b'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
                      b'0123456789_.-~/')


def _quote(data):
    """Percent-encode bytes for a file URI (slashes stay)."""
    out = []
    for byte in data:
        if byte in _URI_SAFE:
            out.append(chr(byte))
        else:
            out.append('%%%02X' % byte)
    return ''.join(out)


def _split_pieces(flavour, text):
    """(drive, root, [names]) of one string; '' and '.' names vanish."""
    drive, root, rest = flavour.split_anchor(text)
    sep = flavour.sep
    if flavour.altsep:
        rest = rest.replace(flavour.altsep, sep)
    names = [n for n in rest.split(sep) if n and n != '.']
    return drive, root, names


def _parse_args(flavour, args):
    """Combine constructor arguments into (drive, root, parts)."""
    texts = []
    for arg in args:
        if isinstance(arg, PurePath):
            texts.extend(arg._segs)
            continue
        value = os.fspath(arg)
        if not isinstance(value, str):
            raise TypeError(
                "argument should be a str object or an os.PathLike object "
                "returning str, not %r" % (type(value),))
        texts.append(value)
    # Walk from the last argument backwards: an anchored argument cuts
    # off everything before it (except, on Windows, a drive that a bare
    # root still needs).
    drive = root = ''
    names = []
    pending = list(reversed(texts))
    for index, text in enumerate(pending):
        if not text:
            continue
        d, r, pieces = _split_pieces(flavour, text)
        names[:0] = pieces
        if d or r:
            drive, root = d, r
            if not drive and flavour.has_drv:
                for earlier in pending[index + 1:]:
                    if earlier:
                        drive = flavour.split_anchor(earlier)[0]
                        if drive:
                            break
            break
    if drive or root:
        names.insert(0, drive + root)
    return drive, root, names


def _join_parsed(flavour, drv, root, parts, drv2, root2, parts2):
    """Append parsed path 2 to parsed path 1 (the / operator)."""
    if root2:
        if not drv2 and drv:
            return drv, root2, [drv + root2] + parts2[1:]
    elif drv2:
        if flavour.fold(drv2) == flavour.fold(drv):
            # same drive, relative second path: plain concatenation
            return drv, root, parts + parts2[1:]
    else:
        return drv, root, parts + parts2
    return drv2, root2, parts2


# ----- pure paths ---------------------------------------------------------

class _PathParents(Sequence):
    """The ancestors of a path, nearest first (path.parents)."""

    __slots__ = ('_of', '_count')

    def __init__(self, path):
        self._of = path
        anchored = 1 if (path._d or path._r) else 0
        self._count = len(path._segs) - anchored

    def __len__(self):
        return self._count

    def __getitem__(self, idx):
        count = self._count
        if isinstance(idx, slice):
            picks = range(count)[idx]
            return tuple(self[i] for i in picks)
        if not -count <= idx < count:
            raise IndexError(idx)
        keep = (count + idx if idx < 0 else idx) + 1
        path = self._of
        return path._build(path._d, path._r, path._segs[:-keep])

    def __repr__(self):
        return "<%s.parents>" % (type(self._of).__name__,)


class PurePath(object):
    """A file-system path without I/O.  PurePath() itself makes the
    flavour of the running system."""

    __slots__ = ('_d', '_r', '_segs', '_str', '_hash', '_folded')

    def __new__(cls, *args):
        if cls is PurePath:
            cls = PureWindowsPath if os.name == 'nt' else PurePosixPath
        return cls._from_args(args)

    def __reduce__(self):
        return (self.__class__, tuple(self._segs))

    # -- construction helpers
    @classmethod
    def _from_args(cls, args):
        self = object.__new__(cls)
        self._d, self._r, self._segs = _parse_args(cls._fl, args)
        return self

    @classmethod
    def _build(cls, drv, root, parts):
        self = object.__new__(cls)
        self._d, self._r, self._segs = drv, root, parts
        return self

    def _text(self):
        try:
            return self._str
        except AttributeError:
            pass
        if self._d or self._r:
            text = (self._d + self._r
                    + self._fl.sep.join(self._segs[1:]))
        else:
            text = self._fl.sep.join(self._segs) or '.'
        self._str = text
        return text

    def _key(self):
        try:
            return self._folded
        except AttributeError:
            self._folded = self._fl.fold_parts(self._segs)
            return self._folded

    def _child(self, args):
        drv, root, parts = _parse_args(self._fl, args)
        drv, root, parts = _join_parsed(self._fl, self._d, self._r,
                                        self._segs, drv, root, parts)
        return self._build(drv, root, parts)

    def _child_name(self, name):
        # a name known to be a single plain component (from listdir)
        return self._build(self._d, self._r, self._segs + [name])

    # -- text forms
    def __str__(self):
        return self._text()

    def __fspath__(self):
        return self._text()

    def as_posix(self):
        return self._text().replace(self._fl.sep, '/')

    def __bytes__(self):
        return os.fsencode(self)

    def __repr__(self):
        return '%s(%r)' % (type(self).__name__, self.as_posix())

    def as_uri(self):
        if not self.is_absolute():
            raise ValueError("relative path can't be expressed as a file URI")
        return self._fl.uri(self)

    # -- comparisons
    def __eq__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self._fl is other._fl and self._key() == other._key()

    def __hash__(self):
        try:
            return self._hash
        except AttributeError:
            self._hash = hash(tuple(self._key()))
            return self._hash

    def _comparable(self, other):
        return isinstance(other, PurePath) and self._fl is other._fl

    def __lt__(self, other):
        if not self._comparable(other):
            return NotImplemented
        return self._key() < other._key()

    def __le__(self, other):
        if not self._comparable(other):
            return NotImplemented
        return self._key() <= other._key()

    def __gt__(self, other):
        if not self._comparable(other):
            return NotImplemented
        return self._key() > other._key()

    def __ge__(self, other):
        if not self._comparable(other):
            return NotImplemented
        return self._key() >= other._key()

    # -- components
    drive = property(lambda self: self._d,
                     doc="The drive prefix (letter or UNC share), or ''.")
    root = property(lambda self: self._r, doc="The root, or ''.")

    @property
    def anchor(self):
        return self._d + self._r

    @property
    def parts(self):
        return tuple(self._segs)

    @property
    def name(self):
        segs = self._segs
        anchored = 1 if (self._d or self._r) else 0
        return segs[-1] if len(segs) > anchored else ''

    @property
    def suffix(self):
        name = self.name
        dot = name.rfind('.')
        if 0 < dot < len(name) - 1:
            return name[dot:]
        return ''

    @property
    def suffixes(self):
        name = self.name
        if name.endswith('.'):
            return []
        pieces = name.lstrip('.').split('.')[1:]
        return ['.' + piece for piece in pieces]

    @property
    def stem(self):
        name = self.name
        dot = name.rfind('.')
        if 0 < dot < len(name) - 1:
            return name[:dot]
        return name

    @property
    def parent(self):
        if len(self._segs) == 1 and (self._d or self._r):
            return self
        return self._build(self._d, self._r, self._segs[:-1])

    @property
    def parents(self):
        return _PathParents(self)

    def with_name(self, name):
        if not self.name:
            raise ValueError("%r has an empty name" % (self,))
        flavour = self._fl
        drv, root, pieces = _split_pieces(flavour, name)
        seps = flavour.sep + flavour.altsep
        if (not name or name[-1] in seps or drv or root
                or len(pieces) != 1):
            raise ValueError("Invalid name %r" % (name,))
        return self._build(self._d, self._r, self._segs[:-1] + [name])

    def with_stem(self, stem):
        return self.with_name(stem + self.suffix)

    def with_suffix(self, suffix):
        flavour = self._fl
        if flavour.sep in suffix or (flavour.altsep
                                     and flavour.altsep in suffix):
            raise ValueError("Invalid suffix %r" % (suffix,))
        if (suffix and not suffix.startswith('.')) or suffix == '.':
            raise ValueError("Invalid suffix %r" % (suffix,))
        name = self.name
        if not name:
            raise ValueError("%r has an empty name" % (self,))
        old = self.suffix
        base = name[:len(name) - len(old)] if old else name
        return self._build(self._d, self._r,
                           self._segs[:-1] + [base + suffix])

    # -- relations
    def _anchored_key(self, drv, root, parts):
        if root:
            return [drv, root] + parts[1:]
        return list(parts)

    def relative_to(self, *other):
        if not other:
            raise TypeError("need at least one argument")
        flavour = self._fl
        mine = self._anchored_key(self._d, self._r, self._segs)
        odrv, oroot, oparts = _parse_args(flavour, other)
        theirs = self._anchored_key(odrv, oroot, oparts)
        count = len(theirs)
        if count == 0:
            bad = bool(self._r or self._d)
        else:
            bad = (flavour.fold_parts(mine[:count])
                   != flavour.fold_parts(theirs))
        if bad:
            if odrv or oroot:
                shown = odrv + oroot + flavour.sep.join(oparts[1:])
            else:
                shown = flavour.sep.join(oparts)
            raise ValueError(
                "{!r} is not in the subpath of {!r} OR one path is relative "
                "and the other is absolute.".format(str(self), shown))
        root = self._r if count == 1 else ''
        return self._build('', root, mine[count:])

    def is_relative_to(self, *other):
        try:
            self.relative_to(*other)
        except ValueError:
            return False
        return True

    def is_absolute(self):
        if self._fl.has_drv:
            return bool(self._r and self._d)
        return bool(self._r)

    def is_reserved(self):
        return self._fl.reserved(self._segs)

    def joinpath(self, *args):
        return self._child(args)

    def __truediv__(self, key):
        try:
            return self._child((key,))
        except TypeError:
            return NotImplemented

    def __rtruediv__(self, key):
        try:
            return self._from_args([key] + self._segs)
        except TypeError:
            return NotImplemented

    def match(self, path_pattern):
        flavour = self._fl
        pattern = flavour.fold(path_pattern)
        drv, root, pat_parts = _parse_args(flavour, (pattern,))
        if not pat_parts:
            raise ValueError("empty pattern")
        if drv and drv != flavour.fold(self._d):
            return False
        if root and root != flavour.fold(self._r):
            return False
        segs = self._key()
        if drv or root:
            # an anchored pattern must cover the whole path
            if len(segs) != len(pat_parts):
                return False
            segs, pat_parts = segs[1:], pat_parts[1:]
        elif len(segs) < len(pat_parts):
            return False
        else:
            segs = segs[len(segs) - len(pat_parts):]
        return all(fnmatch.fnmatchcase(seg, pat)
                   for seg, pat in zip(segs, pat_parts))


class PurePosixPath(PurePath):
    """A pure path in POSIX spelling ('/' separators, no drives)."""
    _fl = _posix_flavour
    __slots__ = ()


class PureWindowsPath(PurePath):
    """A pure path in Windows spelling (drives, UNC shares, '\\')."""
    _fl = _windows_flavour
    __slots__ = ()


# ----- concrete paths -----------------------------------------------------

def _mode_of(path, follow=True):
    try:
        st = path.stat() if follow else path.lstat()
    except OSError as e:
        if not _quiet(e):
            raise
        return None
    except ValueError:
        return None
    return st.st_mode


# selectors for glob(): each yields the matching paths below one path

class _Terminal:
    def select(self, path, is_dir):
        yield path


class _Precise:
    def __init__(self, name, rest, dironly):
        self.name = name
        self.rest = rest
        self.dironly = dironly

    def select(self, path, is_dir):
        child = path._child_name(self.name) if self.name else path
        check = _is_dir_quiet if self.dironly else _exists_quiet
        if check(child):
            yield from self.rest.select(child, is_dir)


class _Wildcard:
    def __init__(self, pattern, rest, dironly, flavour):
        self.pattern = pattern
        self.rest = rest
        self.dironly = dironly
        self.fold = flavour.fold

    def select(self, path, is_dir):
        try:
            with os.scandir(str(path)) as it:
                entries = list(it)
        except PermissionError:
            return
        for entry in entries:
            if self.dironly:
                try:
                    if not entry.is_dir():
                        continue
                except OSError as e:
                    if not _quiet(e):
                        raise
                    continue
            name = entry.name
            if fnmatch.fnmatchcase(self.fold(name), self.pattern):
                yield from self.rest.select(path._child_name(name), is_dir)


class _Recursive:
    def __init__(self, rest):
        self.rest = rest

    def _dirs(self, path):
        yield path
        try:
            with os.scandir(str(path)) as it:
                entries = list(it)
        except PermissionError:
            return
        for entry in entries:
            try:
                is_dir = entry.is_dir()
            except OSError as e:
                if not _quiet(e):
                    raise
                is_dir = False
            if is_dir and not entry.is_symlink():
                yield from self._dirs(path._child_name(entry.name))

    def select(self, path, is_dir):
        seen = set()
        for start in self._dirs(path):
            for found in self.rest.select(start, is_dir):
                if found not in seen:
                    seen.add(found)
                    yield found


def _has_wildcard(part):
    return '*' in part or '?' in part or '[' in part


def _build_selector(parts, flavour):
    if not parts:
        return _Terminal()
    head, tail = parts[0], parts[1:]
    rest = _build_selector(tail, flavour)
    if head == '**':
        return _Recursive(rest)
    if '**' in head:
        raise ValueError("Invalid pattern: '**' can only be an entire "
                         "path component")
    dironly = bool(tail)
    if _has_wildcard(head):
        return _Wildcard(flavour.fold(head), rest, dironly, flavour)
    return _Precise(head, rest, dironly)


def _exists_quiet(path):
    return _mode_of(path) is not None


def _is_dir_quiet(path):
    mode = _mode_of(path)
    return mode is not None and mode & _S_IFMT == _S_IFDIR


class Path(PurePath):
    """A path with file-system operations.  Path() makes a PosixPath on
    POSIX systems."""

    __slots__ = ()

    def __new__(cls, *args, **kwargs):
        if cls is Path:
            # the concrete class of the running system
            cls = PosixPath if os.name != 'nt' else WindowsPath
        self = cls._from_args(args)
        if not self._fl.is_supported:
            raise NotImplementedError("cannot instantiate %r on your system"
                                      % (cls.__name__,))
        return self

    # -- constructors
    @classmethod
    def cwd(cls):
        return cls(os.getcwd())

    @classmethod
    def home(cls):
        return cls("~").expanduser()

    def absolute(self):
        if self.is_absolute():
            return self
        return self._from_args([os.getcwd()] + self._segs)

    def resolve(self, strict=False):
        text = posixpath.realpath(str(self), strict=strict)
        result = self._from_args((text,))
        if not strict:
            try:
                result.stat()
            except OSError as e:
                if getattr(e, 'errno', None) == ELOOP:
                    raise RuntimeError("Symlink loop from %r" % e.filename)
        return result

    def expanduser(self):
        parts = self._segs
        if not (self._d or self._r) and parts and parts[0][:1] == '~':
            home = os.path.expanduser(parts[0])
            if home[:1] == '~':
                raise RuntimeError("Could not determine home directory.")
            return self._from_args([home] + parts[1:])
        return self

    def readlink(self):
        return self._from_args((os.readlink(str(self)),))

    # -- queries
    def stat(self, *, follow_symlinks=True):
        return os.stat(str(self), follow_symlinks=follow_symlinks)

    def lstat(self):
        return self.stat(follow_symlinks=False)

    def owner(self):
        try:
            import pwd
        except ImportError:
            raise NotImplementedError("Path.owner() is unsupported on this "
                                      "system")
        return pwd.getpwuid(self.stat().st_uid).pw_name

    def group(self):
        try:
            import grp
        except ImportError:
            raise NotImplementedError("Path.group() is unsupported on this "
                                      "system")
        return grp.getgrgid(self.stat().st_gid).gr_name

    def exists(self):
        return _mode_of(self) is not None

    def _kind_is(self, kind, follow=True):
        mode = _mode_of(self, follow)
        return mode is not None and mode & _S_IFMT == kind

    def is_dir(self):
        return self._kind_is(_S_IFDIR)

    def is_file(self):
        return self._kind_is(_S_IFREG)

    def is_symlink(self):
        return self._kind_is(_S_IFLNK, False)

    def is_block_device(self):
        return self._kind_is(_S_IFBLK)

    def is_char_device(self):
        return self._kind_is(_S_IFCHR)

    def is_fifo(self):
        return self._kind_is(_S_IFIFO)

    def is_socket(self):
        return self._kind_is(_S_IFSOCK)

    def is_mount(self):
        if not self.is_dir():
            return False
        try:
            up = self.parent.stat()
        except OSError:
            return False
        here = self.stat()
        # a mount point sits on another device than its parent, or is
        # its own parent (the root)
        return here.st_dev != up.st_dev or here.st_ino == up.st_ino

    def samefile(self, other_path):
        st = self.stat()
        try:
            other = other_path.stat()
        except AttributeError:
            other = os.stat(other_path)
        return st.st_ino == other.st_ino and st.st_dev == other.st_dev

    # -- directories
    def iterdir(self):
        for name in os.listdir(str(self)):
            yield self._child_name(name)

    def _selector_for(self, pattern, recursive):
        if not pattern:
            raise ValueError("Unacceptable pattern: {!r}".format(pattern))
        flavour = self._fl
        drv, root, parts = _parse_args(flavour, (pattern,))
        if drv or root:
            raise NotImplementedError("Non-relative patterns are unsupported")
        if pattern[-1] in (flavour.sep, flavour.altsep or flavour.sep):
            parts.append('')
        if recursive:
            parts = ['**'] + parts
        return _build_selector(parts, flavour)

    def glob(self, pattern):
        selector = self._selector_for(pattern, False)
        if not self.is_dir():
            return
        yield from selector.select(self, None)

    def rglob(self, pattern):
        selector = self._selector_for(pattern, True)
        if not self.is_dir():
            return
        yield from selector.select(self, None)

    def mkdir(self, mode=0o777, parents=False, exist_ok=False):
        try:
            os.mkdir(str(self), mode)
        except FileNotFoundError:
            up = self.parent
            if not parents or up == self:
                raise
            # make the missing ancestors, then retry this one
            up.mkdir(parents=True, exist_ok=True)
            self.mkdir(mode, exist_ok=exist_ok)
        except OSError:
            if exist_ok and self.is_dir():
                return
            raise

    def rmdir(self):
        os.rmdir(str(self))

    # -- files
    def touch(self, mode=0o666, exist_ok=True):
        if exist_ok:
            try:
                os.utime(str(self), None)
            except OSError:
                pass
            else:
                return
        flags = os.O_CREAT | os.O_WRONLY
        if not exist_ok:
            flags |= os.O_EXCL
        os.close(os.open(str(self), flags, mode))

    def unlink(self, missing_ok=False):
        try:
            os.unlink(str(self))
        except FileNotFoundError:
            if not missing_ok:
                raise

    def rename(self, target):
        os.rename(str(self), os.fspath(target))
        return self.__class__(target)

    def replace(self, target):
        os.replace(str(self), os.fspath(target))
        return self.__class__(target)

    def symlink_to(self, target, target_is_directory=False):
        os.symlink(os.fspath(target), str(self))

    def hardlink_to(self, target):
        os.link(os.fspath(target), str(self))

    def chmod(self, mode, *, follow_symlinks=True):
        os.chmod(str(self), mode, follow_symlinks=follow_symlinks)

    def lchmod(self, mode):
        self.chmod(mode, follow_symlinks=False)

    def open(self, mode='r', buffering=-1, encoding=None, errors=None,
             newline=None):
        return open(str(self), mode, buffering, encoding, errors, newline)

    def read_bytes(self):
        with self.open(mode='rb') as f:
            return f.read()

    def read_text(self, encoding=None, errors=None):
        with self.open(mode='r', encoding=encoding, errors=errors) as f:
            return f.read()

    def write_bytes(self, data):
        data = bytes(memoryview(data))
        with self.open(mode='wb') as f:
            return f.write(data)

    def write_text(self, data, encoding=None, errors=None, newline=None):
        if not isinstance(data, str):
            raise TypeError('data must be str, not %s'
                            % data.__class__.__name__)
        with self.open(mode='w', encoding=encoding, errors=errors,
                       newline=newline) as f:
            return f.write(data)


class PosixPath(Path, PurePosixPath):
    """A concrete path on a POSIX system."""
    __slots__ = ()


class WindowsPath(Path, PureWindowsPath):
    """A concrete path on Windows (cannot be made elsewhere)."""
    __slots__ = ()

    def is_mount(self):
        raise NotImplementedError("Path.is_mount() is unsupported on this "
                                  "system")
