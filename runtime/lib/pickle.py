"""Serialise Python objects to bytes and back (the pickle format).

dumps()/dump() turn an object graph into a pickle: a little stack-machine
program of one-byte opcodes, each possibly followed by an argument.
loads()/load() run that program to rebuild the objects.  Protocols 0 to 5
are written and read; shared and recursive structures go through a memo so
that they come back shared.  Protocol 4+ groups opcodes into frames.

Pickler and Unpickler are the classes behind those functions; subclass
them to hook persistent_id/persistent_load, find_class, dispatch_table or
reducer_override.  The output is byte-for-byte the one CPython 3.11's
pickle produces for built-in values and ordinary classes.
"""

import sys
import math
import copyreg
from copyreg import (dispatch_table, _extension_registry,
                     _inverted_registry, _extension_cache)

__all__ = ["PickleError", "PicklingError", "UnpicklingError", "Pickler",
           "Unpickler", "dump", "dumps", "load", "loads", "PickleBuffer",
           "HIGHEST_PROTOCOL", "DEFAULT_PROTOCOL"]

bytes_types = (bytes, bytearray)

format_version = "4.0"
compatible_formats = ["1.0", "1.1", "1.2", "1.3", "2.0", "3.0", "4.0", "5.0"]

HIGHEST_PROTOCOL = 5
DEFAULT_PROTOCOL = 4


class PickleError(Exception):
    """Common base of the pickling and unpickling errors."""


class PicklingError(PickleError):
    """An object could not be pickled."""


class UnpicklingError(PickleError):
    """A pickle could not be read (corrupt data, security refusal, ...)."""


# -- opcodes -------------------------------------------------------------------
# The opcode table as the format defines it (see pickletools.dis).
_OPCODES = (
    # protocol 0 and 1
    ('MARK', b'('), ('STOP', b'.'), ('POP', b'0'), ('POP_MARK', b'1'),
    ('DUP', b'2'), ('FLOAT', b'F'), ('INT', b'I'), ('BININT', b'J'),
    ('BININT1', b'K'), ('LONG', b'L'), ('BININT2', b'M'), ('NONE', b'N'),
    ('PERSID', b'P'), ('BINPERSID', b'Q'), ('REDUCE', b'R'),
    ('STRING', b'S'), ('BINSTRING', b'T'), ('SHORT_BINSTRING', b'U'),
    ('UNICODE', b'V'), ('BINUNICODE', b'X'), ('APPEND', b'a'),
    ('BUILD', b'b'), ('GLOBAL', b'c'), ('DICT', b'd'), ('EMPTY_DICT', b'}'),
    ('APPENDS', b'e'), ('GET', b'g'), ('BINGET', b'h'), ('INST', b'i'),
    ('LONG_BINGET', b'j'), ('LIST', b'l'), ('EMPTY_LIST', b']'),
    ('OBJ', b'o'), ('PUT', b'p'), ('BINPUT', b'q'), ('LONG_BINPUT', b'r'),
    ('SETITEM', b's'), ('TUPLE', b't'), ('EMPTY_TUPLE', b')'),
    ('SETITEMS', b'u'), ('BINFLOAT', b'G'),
    # protocol 2
    ('PROTO', b'\x80'), ('NEWOBJ', b'\x81'), ('EXT1', b'\x82'),
    ('EXT2', b'\x83'), ('EXT4', b'\x84'), ('TUPLE1', b'\x85'),
    ('TUPLE2', b'\x86'), ('TUPLE3', b'\x87'), ('NEWTRUE', b'\x88'),
    ('NEWFALSE', b'\x89'), ('LONG1', b'\x8a'), ('LONG4', b'\x8b'),
    # protocol 3
    ('BINBYTES', b'B'), ('SHORT_BINBYTES', b'C'),
    # protocol 4
    ('SHORT_BINUNICODE', b'\x8c'), ('BINUNICODE8', b'\x8d'),
    ('BINBYTES8', b'\x8e'), ('EMPTY_SET', b'\x8f'), ('ADDITEMS', b'\x90'),
    ('FROZENSET', b'\x91'), ('NEWOBJ_EX', b'\x92'),
    ('STACK_GLOBAL', b'\x93'), ('MEMOIZE', b'\x94'), ('FRAME', b'\x95'),
    # protocol 5
    ('BYTEARRAY8', b'\x96'), ('NEXT_BUFFER', b'\x97'),
    ('READONLY_BUFFER', b'\x98'),
)
for _name, _code in _OPCODES:
    globals()[_name] = _code
    __all__.append(_name)
del _name, _code

TRUE = b'I01\n'
FALSE = b'I00\n'
__all__.extend(['TRUE', 'FALSE'])

_TUPLE_BY_SIZE = (EMPTY_TUPLE, TUPLE1, TUPLE2, TUPLE3)

_FRAME_TARGET = 64 * 1024       # commit a frame once it reaches this size
_FRAME_MIN = 4                  # smaller frames get no FRAME header
_FRAME_HEADER = 9               # FRAME opcode + 8-byte length
_BATCH = 1000                   # items per APPENDS/SETITEMS/ADDITEMS


# -- Python 2 name compatibility (protocols 0-2 with fix_imports) --------------

_PY2_EXCEPTIONS = (
    'ArithmeticError AssertionError AttributeError BaseException BufferError '
    'BytesWarning DeprecationWarning EOFError EnvironmentError Exception '
    'FloatingPointError FutureWarning GeneratorExit IOError ImportError '
    'ImportWarning IndentationError IndexError KeyError KeyboardInterrupt '
    'LookupError MemoryError NameError NotImplementedError OSError '
    'OverflowError PendingDeprecationWarning ReferenceError RuntimeError '
    'RuntimeWarning StopIteration SyntaxError SyntaxWarning SystemError '
    'SystemExit TabError TypeError UnboundLocalError UnicodeDecodeError '
    'UnicodeEncodeError UnicodeError UnicodeTranslateError UnicodeWarning '
    'UserWarning ValueError Warning ZeroDivisionError').split()

_OS_ERROR_CHILDREN = (
    'BrokenPipeError ChildProcessError ConnectionAbortedError '
    'ConnectionError ConnectionRefusedError ConnectionResetError '
    'FileExistsError FileNotFoundError InterruptedError IsADirectoryError '
    'NotADirectoryError PermissionError ProcessLookupError '
    'TimeoutError').split()

# Python 3 module -> Python 2 module, both ways where the rename is 1:1.
_MODULE_RENAMES = {
    'builtins': '__builtin__', 'copyreg': 'copy_reg', 'queue': 'Queue',
    'socketserver': 'SocketServer', 'configparser': 'ConfigParser',
    'reprlib': 'repr', '_markupbase': 'markupbase', 'winreg': '_winreg',
    '_thread': 'thread', '_dummy_thread': 'dummy_thread',
    'xmlrpc.client': 'xmlrpclib', 'xmlrpc.server': 'SimpleXMLRPCServer',
    'http.client': 'httplib', 'html.entities': 'htmlentitydefs',
    'html.parser': 'HTMLParser', 'http.cookies': 'Cookie',
    'http.cookiejar': 'cookielib', 'http.server': 'BaseHTTPServer',
    'test.support': 'test.test_support', 'subprocess': 'commands',
    'urllib.parse': 'urlparse', 'urllib.robotparser': 'robotparser',
    'urllib.request': 'urllib2', 'dbm': 'anydbm',
    'collections.abc': '_abcoll',
    'tkinter': 'Tkinter', 'tkinter.filedialog': 'tkFileDialog',
    'tkinter.simpledialog': 'tkSimpleDialog',
    'tkinter.colorchooser': 'tkColorChooser',
    'tkinter.commondialog': 'tkCommonDialog', 'tkinter.dialog': 'Dialog',
    'tkinter.dnd': 'Tkdnd', 'tkinter.font': 'tkFont',
    'tkinter.messagebox': 'tkMessageBox',
    'tkinter.scrolledtext': 'ScrolledText',
    'tkinter.constants': 'Tkconstants', 'tkinter.tix': 'Tix',
    'tkinter.ttk': 'ttk',
}
_REVERSE_IMPORT_MAPPING = dict(_MODULE_RENAMES)
_REVERSE_IMPORT_MAPPING.update({
    'dbm.bsd': 'dbhash', 'dbm.dumb': 'dumbdbm', 'dbm.ndbm': 'dbm',
    'dbm.gnu': 'gdbm', '_bz2': 'bz2', '_dbm': 'dbm', '_functools': 'functools',
    '_gdbm': 'gdbm', '_pickle': 'pickle'})
_IMPORT_MAPPING = {old: new for new, old in _MODULE_RENAMES.items()}
_IMPORT_MAPPING.update({
    'dbhash': 'dbm.bsd', 'dumbdbm': 'dbm.dumb', 'dbm': 'dbm.ndbm',
    'gdbm': 'dbm.gnu', 'cPickle': 'pickle',
    '_elementtree': 'xml.etree.ElementTree',
    'FileDialog': 'tkinter.filedialog', 'SimpleDialog': 'tkinter.simpledialog',
    'DocXMLRPCServer': 'xmlrpc.server', 'SimpleHTTPServer': 'http.server',
    'CGIHTTPServer': 'http.server', 'UserDict': 'collections',
    'UserList': 'collections', 'UserString': 'collections',
    'whichdb': 'dbm', 'StringIO': 'io', 'cStringIO': 'io'})

# (Python 3 module, name) -> (Python 2 module, name)
_REVERSE_NAME_MAPPING = {
    ('builtins', 'range'): ('__builtin__', 'xrange'),
    ('functools', 'reduce'): ('__builtin__', 'reduce'),
    ('builtins', 'chr'): ('__builtin__', 'unichr'),
    ('builtins', 'str'): ('__builtin__', 'unicode'),
    ('builtins', 'int'): ('__builtin__', 'long'),
    ('builtins', 'zip'): ('itertools', 'izip'),
    ('builtins', 'map'): ('itertools', 'imap'),
    ('builtins', 'filter'): ('itertools', 'ifilter'),
    ('itertools', 'filterfalse'): ('itertools', 'ifilterfalse'),
    ('itertools', 'zip_longest'): ('itertools', 'izip_longest'),
    ('collections', 'UserDict'): ('UserDict', 'IterableUserDict'),
    ('collections', 'UserList'): ('UserList', 'UserList'),
    ('collections', 'UserString'): ('UserString', 'UserString'),
}
_NAME_MAPPING = {old: new for new, old in _REVERSE_NAME_MAPPING.items()}
_NAME_MAPPING.update({
    ('__builtin__', 'basestring'): ('builtins', 'str'),
    ('exceptions', 'StandardError'): ('builtins', 'Exception'),
    ('UserDict', 'UserDict'): ('collections', 'UserDict'),
})
for _exc in _PY2_EXCEPTIONS:
    _REVERSE_NAME_MAPPING[('builtins', _exc)] = ('exceptions', _exc)
    _NAME_MAPPING[('exceptions', _exc)] = ('builtins', _exc)
for _exc in _OS_ERROR_CHILDREN:
    _REVERSE_NAME_MAPPING[('builtins', _exc)] = ('exceptions', 'OSError')
_REVERSE_NAME_MAPPING[('builtins', 'ModuleNotFoundError')] = (
    'exceptions', 'ImportError')
del _exc


# -- the helper that protocol 0-2 pickles of bytes name ------------------------

# Without a _codecs module, save_global writes a stand-in under the name
# CPython uses (_codecs.encode) and find_class maps that name back.
_CODECS_STAND_IN = False
try:
    from _codecs import encode as _codecs_encode
except ImportError:
    try:
        from codecs import encode as _codecs_encode
    except ImportError:
        def _codecs_encode(obj, encoding='utf-8', errors='strict'):
            return obj.encode(encoding, errors)
        _codecs_encode.__module__ = '_codecs'
        _codecs_encode.__qualname__ = _codecs_encode.__name__ = 'encode'
        _CODECS_STAND_IN = True


# -- PickleBuffer ----------------------------------------------------------------

_PICKLEBUFFER_PROTOCOL = "PickleBuffer can only pickled with protocol >= 5"


class PickleBuffer:
    """Wrapper for a buffer that protocol 5 may pickle out of band."""

    def __init__(self, buffer):
        self._view = memoryview(buffer)

    def _live_view(self):
        if self._view is None:
            raise ValueError("operation forbidden on released PickleBuffer object")
        return self._view

    def raw(self):
        """A flat, byte-format memoryview of the underlying buffer."""
        view = self._live_view()
        if not view.c_contiguous and not view.f_contiguous:
            raise BufferError("cannot extract raw buffer from "
                              "non-contiguous buffer")
        return view.cast('B')

    def release(self):
        if self._view is not None:
            self._view.release()
            self._view = None

    def __reduce_ex__(self, protocol):
        raise TypeError("cannot pickle 'pickle.PickleBuffer' object")


# -- number encodings ------------------------------------------------------------

def encode_long(x):
    """The smallest little-endian two's-complement bytes holding x
    (b'' for 0)."""
    if x == 0:
        return b''
    data = x.to_bytes((x.bit_length() >> 3) + 1, 'little', signed=True)
    if x < 0 and len(data) > 1 and data[-1] == 0xff and data[-2] & 0x80:
        data = data[:-1]
    return data


def decode_long(data):
    """Inverse of encode_long()."""
    return int.from_bytes(data, 'little', signed=True)


_MANTISSA_MASK = (1 << 52) - 1


def _pack_double(x):
    """IEEE 754 binary64, big-endian."""
    negative = math.copysign(1.0, x) < 0
    if x != x:
        bits = 0x7ff8000000000000
    else:
        x = abs(x)
        if x == math.inf:
            bits = 0x7ff << 52
        elif x == 0.0:
            bits = 0
        else:
            mant, exp = math.frexp(x)          # x = mant * 2**exp, mant in [0.5, 1)
            exp -= 1
            if exp < -1022:
                bits = int(math.ldexp(x, 1074))
            else:
                bits = ((exp + 1023) << 52) | int(math.ldexp(mant * 2.0 - 1.0, 52))
    if negative:
        bits |= 1 << 63
    return bits.to_bytes(8, 'big')


def _unpack_double(data):
    bits = int.from_bytes(data, 'big')
    exp = (bits >> 52) & 0x7ff
    mant = bits & _MANTISSA_MASK
    if exp == 0x7ff:
        value = math.nan if mant else math.inf
    elif exp == 0:
        value = math.ldexp(float(mant), -1074)
    else:
        value = math.ldexp(float(mant | (1 << 52)), exp - 1075)
    if bits >> 63:
        value = -value if value == value else -math.nan
    return value


_TEXT_ESCAPES = {ord('\\'): '\\u005c', 0: '\\u0000', ord('\n'): '\\u000a',
                 ord('\r'): '\\u000d', 0x1a: '\\u001a'}


def _raw_unicode_escape(text):
    """Protocol 0's UNICODE argument: latin-1 for code points below 256,
    \\uXXXX / \\UXXXXXXXX above, and the characters that would break the
    line-based format escaped too."""
    if text.isascii() and not any(c in text for c in '\\\0\n\r\x1a'):
        return text.encode('ascii')
    out = []
    for ch in text:
        code = ord(ch)
        if code in _TEXT_ESCAPES:
            out.append(_TEXT_ESCAPES[code])
        elif code < 256:
            out.append(ch)
        elif code < 0x10000:
            out.append('\\u%04x' % code)
        else:
            out.append('\\U%08x' % code)
    return ''.join(out).encode('latin-1')


def _raw_unicode_unescape(data):
    """Decode raw-unicode-escape bytes: \\u and \\U escapes (after an odd
    run of backslashes), every other byte as latin-1."""
    text = bytes(data).decode('latin-1')
    if '\\' not in text:
        return text
    out = []
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch != '\\':
            j = text.find('\\', i)
            if j < 0:
                j = n
            out.append(text[i:j])
            i = j
            continue
        run_end = i
        while run_end < n and text[run_end] == '\\':
            run_end += 1
        run = run_end - i
        if run % 2 == 1 and run_end < n and text[run_end] in 'uU':
            out.append('\\' * (run - 1))
            width = 4 if text[run_end] == 'u' else 8
            digits = text[run_end + 1:run_end + 1 + width]
            if len(digits) != width or not all(
                    c in '0123456789abcdefABCDEF' for c in digits):
                raise UnicodeDecodeError(
                    'rawunicodeescape', bytes(data), run_end - 1,
                    min(run_end + 1 + width, n),
                    'truncated \\uXXXX escape' if width == 4
                    else 'truncated \\UXXXXXXXX escape')
            code = int(digits, 16)
            if code > 0x10ffff:
                raise UnicodeDecodeError('rawunicodeescape', bytes(data),
                                         run_end - 1, run_end + 1 + width,
                                         '\\Uxxxxxxxx out of range')
            out.append(chr(code))
            i = run_end + 1 + width
        else:
            out.append('\\' * run)
            i = run_end
    return ''.join(out)


_SIMPLE_ESCAPES = {'\\': '\\', "'": "'", '"': '"', 'a': '\a', 'b': '\b',
                   'f': '\f', 'n': '\n', 'r': '\r', 't': '\t', 'v': '\v',
                   '\n': ''}


def _escape_decode(data):
    """Python 2 byte-string literal escapes -> bytes."""
    text = bytes(data).decode('latin-1')
    if '\\' not in text:
        return bytes(data)
    out = []
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        i += 1
        if ch != '\\':
            out.append(ch)
            continue
        if i >= n:
            raise ValueError("Trailing \\ in string")
        ch = text[i]
        i += 1
        if ch in _SIMPLE_ESCAPES:
            out.append(_SIMPLE_ESCAPES[ch])
        elif ch in '01234567':
            digits = ch
            while len(digits) < 3 and i < n and text[i] in '01234567':
                digits += text[i]
                i += 1
            out.append(chr(int(digits, 8) & 0xff))
        elif ch == 'x':
            digits = text[i:i + 2]
            if len(digits) != 2 or not all(
                    c in '0123456789abcdefABCDEF' for c in digits):
                raise ValueError("invalid \\x escape at position %d" % (i - 2))
            out.append(chr(int(digits, 16)))
            i += 2
        else:
            out.append('\\' + ch)
    return ''.join(out).encode('latin-1')


# -- locating globals ------------------------------------------------------------

def _dotted_path(name):
    """Split a qualified name, refusing names of local objects."""
    return name.split('.')


def _lookup_path(root, path):
    """Follow attribute `path` from root; returns (obj, parent)."""
    parent = None
    obj = root
    for part in path:
        parent = obj
        obj = getattr(obj, part)
    return obj, parent


def _getattribute(obj, name):
    path = name.split('.')
    for part in path:
        if part == '<locals>':
            raise AttributeError("Can't get local attribute {!r} on {!r}"
                                 .format(name, obj))
    root = obj
    try:
        return _lookup_path(root, path)
    except AttributeError:
        raise AttributeError("Can't get attribute {!r} on {!r}"
                             .format(name, root)) from None


def _qualified_name(obj):
    try:
        return obj.__qualname__
    except AttributeError:
        return obj.__name__


def whichmodule(obj, name):
    """The name of the module that holds `obj` under the qualified `name`."""
    module_name = getattr(obj, '__module__', None)
    if module_name is not None:
        return module_name
    path = name.split('.')
    # Built-ins first: CPython's built-in functions carry __module__.
    candidates = []
    builtins_module = sys.modules.get('builtins')
    if builtins_module is not None:
        candidates.append(('builtins', builtins_module))
    candidates.extend(list(sys.modules.items()))
    for module_name, module in candidates:
        if (module_name == '__main__' or module_name == '__mp_main__'
                or module is None):
            continue
        try:
            if _lookup_path(module, path)[0] is obj:
                return module_name
        except AttributeError:
            pass
    return '__main__'


_function_type = type(encode_long)
_NO_FILE = object()          # dumps(): the output stays in memory
_NoneType = type(None)
_EllipsisType = type(Ellipsis)
_NotImplementedType = type(NotImplemented)


def _intern(text):
    try:
        return sys.intern(text)
    except TypeError:
        return text


# -- pickling ----------------------------------------------------------------------

class Pickler:
    """Writes pickles of objects to a binary file (anything with write())."""

    def __init__(self, file, protocol=None, fix_imports=True,
                 buffer_callback=None):
        if protocol is None:
            protocol = DEFAULT_PROTOCOL
        protocol = int(protocol)
        if protocol < 0:
            protocol = HIGHEST_PROTOCOL
        elif protocol > HIGHEST_PROTOCOL:
            raise ValueError("pickle protocol must be <= %d" % HIGHEST_PROTOCOL)
        if buffer_callback is not None and protocol < 5:
            raise ValueError("buffer_callback needs protocol >= 5")
        if file is not _NO_FILE:
            try:
                self._file_write = file.write
            except AttributeError:
                raise TypeError("file must have a 'write' attribute") from None
        else:
            self._file_write = None
        self._buffer_callback = buffer_callback
        self.memo = {}
        self.proto = protocol
        self.bin = protocol >= 1
        self.fast = 0
        self.fix_imports = bool(fix_imports) and protocol < 3
        self._out = bytearray()
        self._frame_at = -1
        self._framing = False

    def clear_memo(self):
        """Forget the objects pickled so far (later dumps repeat them)."""
        self.memo.clear()

    # -- output and frames --------------------------------------------------

    def _write(self, data):
        if self._framing and self._frame_at < 0:
            self._frame_at = len(self._out)
            self._out += b'\0' * _FRAME_HEADER
        self._out += data

    def _commit_frame(self):
        start = self._frame_at
        if start < 0:
            return
        self._frame_at = -1
        out = self._out
        size = len(out) - start - _FRAME_HEADER
        if size >= _FRAME_MIN:
            out[start:start + _FRAME_HEADER] = FRAME + size.to_bytes(8, 'little')
        else:
            del out[start:start + _FRAME_HEADER]

    def _flush(self):
        if self._file_write is not None and self._out:
            data = bytes(self._out)
            self._out.clear()
            self._file_write(data)

    def _opcode_boundary(self):
        start = self._frame_at
        if start >= 0 and len(self._out) - start - _FRAME_HEADER >= _FRAME_TARGET:
            self._commit_frame()
            self._flush()

    def _write_large(self, header, payload):
        """Header + payload; a payload of frame size or more goes outside
        any frame (and straight to the file)."""
        if self._framing and len(payload) >= _FRAME_TARGET:
            self._commit_frame()
            self._out += header
            if self._file_write is not None:
                self._flush()
                self._file_write(payload)
            else:
                self._out += payload
        else:
            self._write(header)
            self._write(payload)

    # -- entry point ---------------------------------------------------------

    def dump(self, obj):
        """Write a pickle of obj to the file."""
        if not hasattr(self, '_out'):
            raise PicklingError("Pickler.__init__() was not called by %s.__init__()"
                                % type(self).__name__)
        self._pid_hook = getattr(self, 'persistent_id', None)
        self._override = getattr(self, 'reducer_override', None)
        table = getattr(self, 'dispatch_table', None)
        self._table = dispatch_table if table is None else table
        self._out.clear()
        self._frame_at = -1
        if self.proto >= 2:
            self._out += PROTO + bytes((self.proto,))
        self._framing = self.proto >= 4
        try:
            self.save(obj)
            self._write(STOP)
            self._commit_frame()
        finally:
            self._framing = False
            self._frame_at = -1
        if self._file_write is not None:
            self._flush()

    def _getvalue(self):
        data = bytes(self._out)
        self._out.clear()
        return data

    # -- memo ----------------------------------------------------------------

    def memoize(self, obj):
        if self.fast:
            return
        memo = self.memo
        index = len(memo)
        self._write(self._put_op(index))
        memo[id(obj)] = (index, obj)

    def _put_op(self, index):
        if self.proto >= 4:
            return MEMOIZE
        if self.bin:
            if index < 256:
                return BINPUT + bytes((index,))
            return LONG_BINPUT + index.to_bytes(4, 'little')
        return PUT + str(index).encode('ascii') + b'\n'

    def _get_op(self, index):
        if self.bin:
            if index < 256:
                return BINGET + bytes((index,))
            return LONG_BINGET + index.to_bytes(4, 'little')
        return GET + str(index).encode('ascii') + b'\n'

    # -- dispatch ------------------------------------------------------------

    def save(self, obj, save_persistent_id=True):
        self._save(obj, save_persistent_id)
        if self._framing:
            self._opcode_boundary()

    def _save(self, obj, save_persistent_id):
        hook = self._pid_hook
        if hook is not None and save_persistent_id:
            pid = hook(obj)
            if pid is not None:
                self.save_pers(pid)
                return
        kind = type(obj)
        if obj is None:
            self._write(NONE)
            return
        if obj is True or obj is False:
            if self.proto >= 2:
                self._write(NEWTRUE if obj else NEWFALSE)
            else:
                self._write(TRUE if obj else FALSE)
            return
        if kind is int:
            self.save_long(obj)
            return
        if kind is float:
            self.save_float(obj)
            return
        known = self.memo.get(id(obj))
        if known is not None:
            self._write(self._get_op(known[0]))
            return
        if kind is bytes:
            self.save_bytes(obj)
            return
        if kind is str:
            self.save_str(obj)
            return
        if kind is dict:
            self.save_dict(obj)
            return
        if kind is set:
            self.save_set(obj)
            return
        if kind is frozenset:
            self.save_frozenset(obj)
            return
        if kind is list:
            self.save_list(obj)
            return
        if kind is tuple:
            self.save_tuple(obj)
            return
        if kind is bytearray:
            self.save_bytearray(obj)
            return
        if kind is PickleBuffer:
            self.save_picklebuffer(obj)
            return

        rv = NotImplemented
        override = self._override
        if override is not None:
            rv = override(obj)
        if rv is NotImplemented:
            if kind is type:
                self.save_type(obj)
                return
            if kind is _function_type:
                self.save_global(obj)
                return
            reducer = self._table.get(kind)
            if reducer is not None:
                rv = reducer(obj)
            elif issubclass(kind, type):
                self.save_global(obj)
                return
            else:
                method = getattr(obj, '__reduce_ex__', None)
                if method is not None:
                    rv = method(self.proto)
                else:
                    rv = copyreg._default_reduce_ex(obj, self.proto)
        if isinstance(rv, str):
            self.save_global(obj, rv)
            return
        if not isinstance(rv, tuple):
            raise PicklingError("__reduce__ must return a string or tuple")
        size = len(rv)
        if not 2 <= size <= 6:
            raise PicklingError("tuple returned by __reduce__ must contain "
                                "2 through 6 elements")
        self.save_reduce(*rv, obj=obj)

    def save_pers(self, pid):
        if self.bin:
            self.save(pid, save_persistent_id=False)
            self._write(BINPERSID)
        else:
            try:
                text = str(pid).encode('ascii')
            except UnicodeEncodeError:
                raise PicklingError("persistent IDs in protocol 0 must be "
                                    "ASCII strings") from None
            self._write(PERSID + text + b'\n')

    # -- reduce values -------------------------------------------------------

    def save_reduce(self, func, args, state=None, listitems=None,
                    dictitems=None, state_setter=None, *, obj=None):
        if not callable(func):
            raise PicklingError("first item of the tuple returned by "
                                "__reduce__ must be callable")
        if not isinstance(args, tuple):
            raise PicklingError("second item of the tuple returned by "
                                "__reduce__ must be a tuple")
        if listitems is not None and not hasattr(listitems, '__next__'):
            raise PicklingError("fourth element of the tuple returned by "
                                "__reduce__ must be an iterator, not %s"
                                % type(listitems).__name__)
        if dictitems is not None and not hasattr(dictitems, '__next__'):
            raise PicklingError("fifth element of the tuple returned by "
                                "__reduce__ must be an iterator, not %s"
                                % type(dictitems).__name__)
        if state_setter is not None and not callable(state_setter):
            raise PicklingError("sixth element of the tuple returned by "
                                "__reduce__ must be a function, not %s"
                                % type(state_setter).__name__)
        save = self.save
        write = self._write
        func_name = getattr(func, '__name__', '') if self.proto >= 2 else ''
        if func_name == '__newobj_ex__':
            if len(args) != 3:
                raise PicklingError("length of the NEWOBJ_EX argument tuple "
                                    "must be exactly 3, not %d" % len(args))
            cls, cls_args, cls_kwargs = args
            if not isinstance(cls, type):
                raise PicklingError("first item from NEWOBJ_EX argument tuple "
                                    "must be a class, not %s"
                                    % type(cls).__name__)
            if not isinstance(cls_args, tuple):
                raise PicklingError("second item from NEWOBJ_EX argument tuple "
                                    "must be a tuple, not %s"
                                    % type(cls_args).__name__)
            if not isinstance(cls_kwargs, dict):
                raise PicklingError("third item from NEWOBJ_EX argument tuple "
                                    "must be a dict, not %s"
                                    % type(cls_kwargs).__name__)
            if self.proto >= 4:
                save(cls)
                save(cls_args)
                save(cls_kwargs)
                write(NEWOBJ_EX)
            else:
                import functools
                maker = functools.partial(cls.__new__, cls, *cls_args,
                                          **cls_kwargs)
                save(maker)
                save(())
                write(REDUCE)
        elif func_name == '__newobj__':
            if not args:
                raise PicklingError("__newobj__ arglist is empty")
            cls = args[0]
            if not isinstance(cls, type):
                raise PicklingError("args[0] from __newobj__ args is not a type")
            if obj is not None and cls is not getattr(obj, '__class__', None):
                raise PicklingError("args[0] from __newobj__ args has the "
                                    "wrong class")
            save(cls)
            save(args[1:])
            write(NEWOBJ)
        else:
            save(func)
            save(args)
            write(REDUCE)

        if obj is not None:
            known = self.memo.get(id(obj))
            if known is not None:
                write(POP + self._get_op(known[0]))
            else:
                self.memoize(obj)

        for items, batcher in ((listitems, self._batch_appends),
                               (dictitems, self._batch_setitems)):
            if items is not None:
                batcher(items)
        if state is None:
            return
        if state_setter is not None:
            # state_setter(obj, state) runs as a REDUCE whose result is dropped
            for part in (state_setter, obj, state):
                save(part)
            write(TUPLE2 + REDUCE + POP)
            return
        save(state)
        write(BUILD)

    # -- atoms ---------------------------------------------------------------

    def save_long(self, obj):
        write = self._write
        if -0x80000000 <= obj <= 0x7fffffff:
            if self.bin:
                if 0 <= obj <= 0xff:
                    write(BININT1 + bytes((obj,)))
                elif 0 <= obj <= 0xffff:
                    write(BININT2 + obj.to_bytes(2, 'little'))
                else:
                    write(BININT + obj.to_bytes(4, 'little', signed=True))
            else:
                write(INT + str(obj).encode('ascii') + b'\n')
            return
        if self.proto >= 2:
            data = encode_long(obj)
            size = len(data)
            if size < 256:
                write(LONG1 + bytes((size,)) + data)
            else:
                write(LONG4 + size.to_bytes(4, 'little', signed=True) + data)
            return
        if len(str(obj)) > 4300:
            raise ValueError("Exceeds the limit (4300 digits) for integer "
                             "string conversion; use sys.set_int_max_str_digits() "
                             "to increase the limit")
        write(LONG + str(obj).encode('ascii') + b'L\n')

    def save_float(self, obj):
        if self.bin:
            self._write(BINFLOAT + _pack_double(obj))
        else:
            self._write(FLOAT + repr(obj).encode('ascii') + b'\n')

    def save_bytes(self, obj):
        if self.proto < 3:
            if not obj:
                self.save_reduce(bytes, (), obj=obj)
            else:
                self.save_reduce(_codecs_encode,
                                 (obj.decode('latin-1'), 'latin1'), obj=obj)
            return
        size = len(obj)
        if size <= 0xff:
            self._write(SHORT_BINBYTES + bytes((size,)) + obj)
        elif size > 0xffffffff and self.proto >= 4:
            self._write_large(BINBYTES8 + size.to_bytes(8, 'little'), obj)
        else:
            self._write_large(BINBYTES + size.to_bytes(4, 'little'), obj)
        self.memoize(obj)

    def save_bytearray(self, obj):
        if self.proto < 5:
            # no bytearray opcode before protocol 5: rebuild from bytes
            args = (bytes(obj),) if obj else ()
            self.save_reduce(bytearray, args, obj=obj)
            return
        self._write_large(BYTEARRAY8 + len(obj).to_bytes(8, 'little'),
                          bytes(obj))
        self.memoize(obj)

    def save_picklebuffer(self, obj):
        if self.proto <= 4:
            raise PicklingError(_PICKLEBUFFER_PROTOCOL)
        view = obj.raw()
        in_band = True
        if self._buffer_callback is not None:
            in_band = bool(self._buffer_callback(obj))
        if in_band:
            if view.readonly:
                self.save_bytes(view.tobytes())
            else:
                data = view.tobytes()
                self._write_large(BYTEARRAY8 + len(data).to_bytes(8, 'little'),
                                  data)
                self.memoize(obj)
        else:
            self._write(NEXT_BUFFER)
            if view.readonly:
                self._write(READONLY_BUFFER)

    def save_str(self, obj):
        if self.bin:
            try:
                data = obj.encode('utf-8', 'surrogatepass')
            except LookupError:
                data = obj.encode('utf-8')
            size = len(data)
            if size <= 0xff and self.proto >= 4:
                self._write_large(SHORT_BINUNICODE + bytes((size,)), data)
            elif size > 0xffffffff and self.proto >= 4:
                self._write_large(BINUNICODE8 + size.to_bytes(8, 'little'), data)
            else:
                self._write_large(BINUNICODE + size.to_bytes(4, 'little'), data)
        else:
            self._write(UNICODE + _raw_unicode_escape(obj) + b'\n')
        self.memoize(obj)

    # -- containers ----------------------------------------------------------

    def save_tuple(self, obj):
        size = len(obj)
        write = self._write
        if size == 0:
            write(EMPTY_TUPLE if self.bin else MARK + TUPLE)
            return
        save = self.save
        if size <= 3 and self.proto >= 2:
            for item in obj:
                save(item)
            known = self.memo.get(id(obj))
            if known is not None:
                write(POP * size + self._get_op(known[0]))
            else:
                write(_TUPLE_BY_SIZE[size])
                self.memoize(obj)
            return
        write(MARK)
        for item in obj:
            save(item)
        known = self.memo.get(id(obj))
        if known is not None:
            if self.bin:
                write(POP_MARK + self._get_op(known[0]))
            else:
                write(POP * (size + 1) + self._get_op(known[0]))
            return
        write(TUPLE)
        self.memoize(obj)

    def save_list(self, obj):
        self._write(EMPTY_LIST if self.bin else MARK + LIST)
        self.memoize(obj)
        if not obj:
            return
        if self.bin and type(obj) is list:
            self._batch_list_exact(obj)
        else:
            self._batch_appends(iter(obj))

    def _batch_list_exact(self, obj):
        save = self.save
        write = self._write
        if len(obj) == 1:
            save(obj[0])
            write(APPEND)
            return
        done = 0
        while done < len(obj):
            write(MARK)
            count = 0
            while done < len(obj):
                save(obj[done])
                done += 1
                count += 1
                if count == _BATCH:
                    break
            write(APPENDS)

    def _batch_appends(self, items):
        save = self.save
        write = self._write
        if not self.bin:
            for item in items:
                save(item)
                write(APPEND)
            return
        items = iter(items)
        while True:
            batch = []
            for item in items:
                batch.append(item)
                if len(batch) == _BATCH:
                    break
            if len(batch) > 1:
                write(MARK)
                for item in batch:
                    save(item)
                write(APPENDS)
            elif batch:
                save(batch[0])
                write(APPEND)
            if len(batch) < _BATCH:
                return

    def save_dict(self, obj):
        self._write(EMPTY_DICT if self.bin else MARK + DICT)
        self.memoize(obj)
        if not obj:
            return
        if self.bin and type(obj) is dict:
            self._batch_dict_exact(obj)
        else:
            self._batch_setitems(iter(obj.items()))

    def _batch_dict_exact(self, obj):
        save = self.save
        write = self._write
        if len(obj) == 1:
            for key, value in obj.items():
                save(key)
                save(value)
            write(SETITEM)
            return
        items = iter(obj.items())
        while True:
            write(MARK)
            count = 0
            for key, value in items:
                save(key)
                save(value)
                count += 1
                if count == _BATCH:
                    break
            write(SETITEMS)
            if count != _BATCH:
                return

    def _batch_setitems(self, items):
        save = self.save
        write = self._write
        if not self.bin:
            for pair in items:
                if not isinstance(pair, tuple) or len(pair) != 2:
                    raise TypeError("dict items iterator must return 2-tuples")
                save(pair[0])
                save(pair[1])
                write(SETITEM)
            return
        items = iter(items)
        while True:
            batch = []
            for pair in items:
                if not isinstance(pair, tuple) or len(pair) != 2:
                    raise TypeError("dict items iterator must return 2-tuples")
                batch.append(pair)
                if len(batch) == _BATCH:
                    break
            if len(batch) > 1:
                write(MARK)
                for key, value in batch:
                    save(key)
                    save(value)
                write(SETITEMS)
            elif batch:
                save(batch[0][0])
                save(batch[0][1])
                write(SETITEM)
            if len(batch) < _BATCH:
                return

    def save_set(self, obj):
        if self.proto < 4:
            self.save_reduce(set, (list(obj),), obj=obj)
            return
        save = self.save
        write = self._write
        write(EMPTY_SET)
        self.memoize(obj)
        if not obj:
            return
        items = iter(obj)
        while True:
            write(MARK)
            count = 0
            for item in items:
                save(item)
                count += 1
                if count == _BATCH:
                    break
            write(ADDITEMS)
            if count != _BATCH:
                return

    def save_frozenset(self, obj):
        if self.proto < 4:
            self.save_reduce(frozenset, (list(obj),), obj=obj)
            return
        save = self.save
        write = self._write
        write(MARK)
        for item in obj:
            save(item)
        known = self.memo.get(id(obj))
        if known is not None:
            write(POP_MARK + self._get_op(known[0]))
            return
        write(FROZENSET)
        self.memoize(obj)

    # -- globals -------------------------------------------------------------

    def save_type(self, obj):
        if obj is _NoneType:
            return self.save_reduce(type, (None,), obj=obj)
        if obj is _EllipsisType:
            return self.save_reduce(type, (Ellipsis,), obj=obj)
        if obj is _NotImplementedType:
            return self.save_reduce(type, (NotImplemented,), obj=obj)
        return self.save_global(obj)

    def save_global(self, obj, name=None):
        write = self._write
        if name is None:
            name = _qualified_name(obj)
        if obj is _codecs_encode and _CODECS_STAND_IN:
            module_name = '_codecs'
            name = 'encode'
            module = None
            path = [name]
            parent = module
        else:
            path = name.split('.')
            if '<locals>' in path:
                raise AttributeError("Can't pickle local object %r" % name)
            module_name = whichmodule(obj, name)
            try:
                __import__(module_name, level=0)
                module = sys.modules[module_name]
            except (ImportError, KeyError, AttributeError):
                raise PicklingError("Can't pickle %r: import of module %r "
                                    "failed" % (obj, module_name)) from None
            try:
                found, parent = _lookup_path(module, path)
            except AttributeError:
                raise PicklingError("Can't pickle %r: attribute lookup %s on "
                                    "%s failed" % (obj, name, module_name)) from None
            if found is not obj:
                raise PicklingError("Can't pickle %r: it's not the same object "
                                    "as %s.%s" % (obj, module_name, name))
        module_name = _intern(module_name)
        name = _intern(name)

        if self.proto >= 2:
            code = _extension_registry.get((module_name, name))
            if code:
                if code <= 0xff:
                    write(EXT1 + bytes((code,)))
                elif code <= 0xffff:
                    write(EXT2 + code.to_bytes(2, 'little'))
                else:
                    write(EXT4 + code.to_bytes(4, 'little', signed=True))
                return

        if self.proto >= 4:
            for part in (module_name, name):
                self.save(part)
            write(STACK_GLOBAL)
        elif parent is not module:
            self.save_reduce(getattr, (parent, path[-1]))
        else:
            if self.proto >= 3:
                encoding = 'utf-8'
            else:
                encoding = 'ascii'
                if self.fix_imports:
                    if (module_name, name) in _REVERSE_NAME_MAPPING:
                        module_name, name = _REVERSE_NAME_MAPPING[
                            (module_name, name)]
                    elif module_name in _REVERSE_IMPORT_MAPPING:
                        module_name = _REVERSE_IMPORT_MAPPING[module_name]
            try:
                line = (GLOBAL + module_name.encode(encoding) + b'\n' +
                        name.encode(encoding) + b'\n')
            except UnicodeEncodeError:
                raise PicklingError(
                    "can't pickle global identifier '%s.%s' using pickle "
                    "protocol %d" % (module_name, name, self.proto)) from None
            write(line)
        self.memoize(obj)


# -- unpickling ----------------------------------------------------------------------

class _Truncated(Exception):
    pass


class Unpickler:
    """Reads pickles from a binary file (read() and readline())."""

    def __init__(self, file, *, fix_imports=True, encoding="ASCII",
                 errors="strict", buffers=None):
        self._file_read = getattr(file, 'read', None)
        self._file_readline = getattr(file, 'readline', None)
        if self._file_read is None or self._file_readline is None:
            raise TypeError("file must have 'read' and 'readline' attributes")
        self._file_readinto = getattr(file, 'readinto', None)
        self._buffers = iter(buffers) if buffers is not None else None
        self.encoding = encoding
        self.errors = errors
        self.fix_imports = fix_imports
        self.memo = {}
        self.proto = 0
        self._data = b''
        self._pos = 0

    # -- input ---------------------------------------------------------------

    def _read(self, n):
        pos = self._pos
        end = pos + n
        data = self._data
        if end <= len(data):
            self._pos = end
            return data[pos:end]
        head = data[pos:]
        self._data = b''
        self._pos = 0
        if self._file_read is None:
            raise _Truncated()
        rest = self._file_read(n - len(head))
        chunk = head + rest if head else rest
        if len(chunk) < n:
            raise _Truncated()
        return chunk

    def _readline(self):
        data = self._data
        pos = self._pos
        nl = data.find(b'\n', pos)
        if nl >= 0:
            self._pos = nl + 1
            return data[pos:nl + 1]
        head = data[pos:]
        self._data = b''
        self._pos = 0
        if self._file_readline is None:
            raise _Truncated()
        line = head + self._file_readline()
        if not line.endswith(b'\n'):
            raise _Truncated()
        return line

    def _read_opcode(self):
        data = self._data
        pos = self._pos
        if pos < len(data):
            self._pos = pos + 1
            return data[pos]
        self._data = b''
        self._pos = 0
        if self._file_read is None:
            return -1
        byte = self._file_read(1)
        if not byte:
            return -1
        return byte[0]

    # -- stack helpers -------------------------------------------------------

    def _underflow(self):
        if self._marks:
            return UnpicklingError("unexpected MARK found")
        return UnpicklingError("unpickling stack underflow")

    def _pop(self):
        stack = self._stack
        if len(stack) <= self._fence:
            raise self._underflow()
        return stack.pop()

    def _top(self):
        stack = self._stack
        if len(stack) <= self._fence:
            raise self._underflow()
        return stack[-1]

    def _pop_mark(self):
        marks = self._marks
        if not marks:
            raise UnpicklingError("could not find MARK")
        start = marks.pop()
        self._fence = marks[-1] if marks else 0
        stack = self._stack
        items = stack[start:]
        del stack[start:]
        return items

    # -- entry point ---------------------------------------------------------

    def load(self):
        """Read one pickle and return the object it describes."""
        if not hasattr(self, '_file_read'):
            raise UnpicklingError("Unpickler.__init__() was not called by "
                                  "%s.__init__()" % type(self).__name__)
        self._stack = []
        self._marks = []
        self._fence = 0
        self.proto = 0
        dispatch = _DISPATCH
        try:
            while True:
                code = self._read_opcode()
                if code < 0:
                    raise EOFError("Ran out of input")
                handler = dispatch[code]
                if handler is None:
                    shown = chr(code) if 0x20 <= code < 0x7f else '\\x%02x' % code
                    raise UnpicklingError("invalid load key, '%s'." % shown)
                if handler is _load_stop:
                    return self._pop()
                handler(self)
        except _Truncated:
            raise UnpicklingError("pickle data was truncated") from None
        finally:
            self._stack = None
            self._marks = None

    def persistent_load(self, pid):
        raise UnpicklingError("A load persistent id instruction was "
                              "encountered,\nbut no persistent_load function "
                              "was specified.")

    def find_class(self, module, name):
        """Return the global `name` of `module` (the security hook for
        GLOBAL, STACK_GLOBAL and INST)."""
        audit = getattr(sys, 'audit', None)
        if audit is not None:
            audit('pickle.find_class', module, name)
        if self.proto < 3 and self.fix_imports:
            if (module, name) in _NAME_MAPPING:
                module, name = _NAME_MAPPING[(module, name)]
            elif module in _IMPORT_MAPPING:
                module = _IMPORT_MAPPING[module]
        try:
            __import__(module, level=0)
        except ImportError:
            if (module in ('_codecs', 'codecs') and name == 'encode'):
                return _codecs_encode
            raise
        if self.proto >= 4:
            return _getattribute(sys.modules[module], name)[0]
        return getattr(sys.modules[module], name)

    # -- object construction helpers -------------------------------------------

    def _decode_string(self, value):
        if self.encoding == "bytes":
            return value
        return value.decode(self.encoding, self.errors)

    def _instantiate(self, klass, args):
        if (args or not isinstance(klass, type) or
                hasattr(klass, "__getinitargs__")):
            try:
                return klass(*args)
            except TypeError as exc:
                raise TypeError("in constructor for %s: %s" %
                                (klass.__name__, str(exc))) from exc
        return klass.__new__(klass)

    def _get_extension(self, code):
        if code <= 0:
            raise UnpicklingError("EXT specifies code <= 0")
        obj = _extension_cache.get(code, _MISSING)
        if obj is not _MISSING:
            self._stack.append(obj)
            return
        key = _inverted_registry.get(code)
        if not key:
            raise ValueError("unregistered extension code %d" % code)
        obj = self.find_class(*key)
        _extension_cache[code] = obj
        self._stack.append(obj)

    def _memo_get(self, index):
        try:
            self._stack.append(self.memo[index])
        except KeyError:
            raise UnpicklingError("Memo value not found at index %d"
                                  % index) from None

    def _memo_put(self, index):
        self.memo[index] = self._top()


_MISSING = object()


# -- opcode handlers (one function per opcode, indexed by byte) ----------------------

def _load_stop(self):
    pass


def _load_proto(self):
    proto = self._read(1)[0]
    if not 0 <= proto <= HIGHEST_PROTOCOL:
        raise ValueError("unsupported pickle protocol: %d" % proto)
    self.proto = proto


def _load_frame(self):
    size = int.from_bytes(self._read(8), 'little')
    if size > sys.maxsize:
        raise ValueError("frame size > sys.maxsize: %d" % size)
    if len(self._data) - self._pos >= size:
        return
    # Pull the whole frame in from the file.
    frame = self._read(size)
    self._data = frame
    self._pos = 0


def _load_persid(self):
    line = self._readline()[:-1]
    try:
        pid = line.decode('ascii')
    except UnicodeDecodeError:
        raise UnpicklingError("persistent IDs in protocol 0 must be "
                              "ASCII strings") from None
    self._stack.append(self.persistent_load(pid))


def _load_binpersid(self):
    pid = self._pop()
    self._stack.append(self.persistent_load(pid))


def _load_none(self):
    self._stack.append(None)


def _load_false(self):
    self._stack.append(False)


def _load_true(self):
    self._stack.append(True)


def _load_int(self):
    line = self._readline()
    if line == b'00\n':
        value = False
    elif line == b'01\n':
        value = True
    else:
        value = int(line)
    self._stack.append(value)


def _load_binint(self):
    self._stack.append(int.from_bytes(self._read(4), 'little', signed=True))


def _load_binint1(self):
    self._stack.append(self._read(1)[0])


def _load_binint2(self):
    self._stack.append(int.from_bytes(self._read(2), 'little'))


def _load_long(self):
    text = self._readline()[:-1]
    if text and text[-1:] == b'L':
        text = text[:-1]
    self._stack.append(int(text.decode('ascii'), 0))


def _load_long1(self):
    size = self._read(1)[0]
    self._stack.append(decode_long(self._read(size)))


def _load_long4(self):
    size = int.from_bytes(self._read(4), 'little', signed=True)
    if size < 0:
        raise UnpicklingError("LONG pickle has negative byte count")
    self._stack.append(decode_long(self._read(size)))


def _load_float(self):
    self._stack.append(float(self._readline()[:-1]))


def _load_binfloat(self):
    self._stack.append(_unpack_double(self._read(8)))


def _load_string(self):
    data = self._readline()[:-1]
    if len(data) >= 2 and data[0] == data[-1] and data[:1] in (b'"', b"'"):
        data = data[1:-1]
    else:
        raise UnpicklingError("the STRING opcode argument must be quoted")
    self._stack.append(self._decode_string(_escape_decode(data)))


def _load_binstring(self):
    size = int.from_bytes(self._read(4), 'little', signed=True)
    if size < 0:
        raise UnpicklingError("BINSTRING pickle has negative byte count")
    self._stack.append(self._decode_string(self._read(size)))


def _load_short_binstring(self):
    size = self._read(1)[0]
    self._stack.append(self._decode_string(self._read(size)))


def _load_binbytes(self):
    size = int.from_bytes(self._read(4), 'little')
    self._stack.append(bytes(self._read(size)))


def _load_short_binbytes(self):
    size = self._read(1)[0]
    self._stack.append(bytes(self._read(size)))


def _load_binbytes8(self):
    size = int.from_bytes(self._read(8), 'little')
    if size > sys.maxsize:
        raise UnpicklingError("BINBYTES8 exceeds system's maximum size of "
                              "%d bytes" % sys.maxsize)
    self._stack.append(bytes(self._read(size)))


def _load_bytearray8(self):
    size = int.from_bytes(self._read(8), 'little')
    if size > sys.maxsize:
        raise UnpicklingError("BYTEARRAY8 exceeds system's maximum size of "
                              "%d bytes" % sys.maxsize)
    self._stack.append(bytearray(self._read(size)))


def _load_next_buffer(self):
    source = self._buffers
    if source is None:
        raise UnpicklingError("pickle stream refers to out-of-band data "
                              "but no *buffers* argument was given")
    buf = next(source, _MISSING)
    if buf is _MISSING:
        raise UnpicklingError("not enough out-of-band buffers")
    self._stack.append(buf)


def _load_readonly_buffer(self):
    buf = self._top()
    view = buf.raw() if isinstance(buf, PickleBuffer) else memoryview(buf)
    if not view.readonly:
        self._stack[-1] = view.toreadonly()


def _utf8(data):
    try:
        return bytes(data).decode('utf-8', 'surrogatepass')
    except LookupError:
        return bytes(data).decode('utf-8')


def _load_unicode(self):
    self._stack.append(_raw_unicode_unescape(self._readline()[:-1]))


def _load_binunicode(self):
    size = int.from_bytes(self._read(4), 'little')
    self._stack.append(_utf8(self._read(size)))


def _load_binunicode8(self):
    size = int.from_bytes(self._read(8), 'little')
    if size > sys.maxsize:
        raise UnpicklingError("BINUNICODE8 exceeds system's maximum size of "
                              "%d bytes" % sys.maxsize)
    self._stack.append(_utf8(self._read(size)))


def _load_short_binunicode(self):
    size = self._read(1)[0]
    self._stack.append(_utf8(self._read(size)))


def _load_tuple(self):
    self._stack.append(tuple(self._pop_mark()))


def _load_empty_tuple(self):
    self._stack.append(())


def _load_tuple1(self):
    self._stack.append((self._pop(),))


def _load_tuple2(self):
    second = self._pop()
    first = self._pop()
    self._stack.append((first, second))


def _load_tuple3(self):
    third = self._pop()
    second = self._pop()
    first = self._pop()
    self._stack.append((first, second, third))


def _load_empty_list(self):
    self._stack.append([])


def _load_empty_dict(self):
    self._stack.append({})


def _load_empty_set(self):
    self._stack.append(set())


def _load_frozenset(self):
    self._stack.append(frozenset(self._pop_mark()))


def _load_list(self):
    self._stack.append(self._pop_mark())


def _load_dict(self):
    items = self._pop_mark()
    if len(items) % 2:
        raise UnpicklingError("odd number of items for DICT")
    self._stack.append({items[i]: items[i + 1]
                        for i in range(0, len(items), 2)})


def _load_inst(self):
    module = self._readline()[:-1].decode('ascii')
    name = self._readline()[:-1].decode('ascii')
    klass = self.find_class(module, name)
    args = tuple(self._pop_mark())
    self._stack.append(self._instantiate(klass, args))


def _load_obj(self):
    args = self._pop_mark()
    if not args:
        raise self._underflow()
    klass = args.pop(0)
    self._stack.append(self._instantiate(klass, tuple(args)))


def _load_newobj(self):
    args = self._pop()
    cls = self._pop()
    if not isinstance(args, tuple):
        raise UnpicklingError("NEWOBJ expected an arg tuple.")
    if not isinstance(cls, type):
        raise UnpicklingError("NEWOBJ class argument isn't a type object")
    self._stack.append(cls.__new__(cls, *args))


def _load_newobj_ex(self):
    kwargs = self._pop()
    args = self._pop()
    cls = self._pop()
    if not isinstance(cls, type):
        raise UnpicklingError("NEWOBJ_EX class argument must be a type, "
                              "not %s" % type(cls).__name__)
    if not isinstance(args, tuple):
        raise UnpicklingError("NEWOBJ_EX args argument must be a tuple, "
                              "not %s" % type(args).__name__)
    if not isinstance(kwargs, dict):
        raise UnpicklingError("NEWOBJ_EX kwargs argument must be a dict, "
                              "not %s" % type(kwargs).__name__)
    self._stack.append(cls.__new__(cls, *args, **kwargs))


def _load_global(self):
    module = self._readline()[:-1].decode('utf-8')
    name = self._readline()[:-1].decode('utf-8')
    self._stack.append(self.find_class(module, name))


def _load_stack_global(self):
    name = self._pop()
    module = self._pop()
    if type(name) is not str or type(module) is not str:
        raise UnpicklingError("STACK_GLOBAL requires str")
    self._stack.append(self.find_class(module, name))


def _load_ext1(self):
    self._get_extension(self._read(1)[0])


def _load_ext2(self):
    self._get_extension(int.from_bytes(self._read(2), 'little'))


def _load_ext4(self):
    self._get_extension(int.from_bytes(self._read(4), 'little', signed=True))


def _load_reduce(self):
    args = self._pop()
    func = self._top()
    self._stack[-1] = func(*args)


def _load_pop(self):
    marks = self._marks
    if marks and marks[-1] == len(self._stack):
        marks.pop()
        self._fence = marks[-1] if marks else 0
    else:
        self._pop()


def _load_pop_mark(self):
    self._pop_mark()


def _load_dup(self):
    self._stack.append(self._top())


def _load_get(self):
    self._memo_get(int(self._readline()[:-1]))


def _load_binget(self):
    self._memo_get(self._read(1)[0])


def _load_long_binget(self):
    self._memo_get(int.from_bytes(self._read(4), 'little'))


def _load_put(self):
    index = int(self._readline()[:-1])
    if index < 0:
        raise ValueError("negative PUT argument")
    self._memo_put(index)


def _load_binput(self):
    self._memo_put(self._read(1)[0])


def _load_long_binput(self):
    index = int.from_bytes(self._read(4), 'little')
    if index > sys.maxsize:
        raise ValueError("negative LONG_BINPUT argument")
    self._memo_put(index)


def _load_memoize(self):
    self._memo_put(len(self.memo))


def _load_append(self):
    value = self._pop()
    self._top().append(value)


def _load_appends(self):
    items = self._pop_mark()
    target = self._top()
    if type(target) is list:
        target.extend(items)
        return
    extend = getattr(target, 'extend', None)
    if extend is not None:
        extend(items)
    else:
        add = target.append
        for item in items:
            add(item)


def _load_setitem(self):
    value = self._pop()
    key = self._pop()
    self._top()[key] = value


def _load_setitems(self):
    items = self._pop_mark()
    if len(items) % 2:
        raise UnpicklingError("odd number of items for SETITEMS")
    target = self._top()
    for i in range(0, len(items), 2):
        target[items[i]] = items[i + 1]


def _load_additems(self):
    items = self._pop_mark()
    target = self._top()
    if type(target) is set:
        target.update(items)
    else:
        add = target.add
        for item in items:
            add(item)


def _load_build(self):
    state = self._pop()
    inst = self._top()
    setstate = getattr(inst, '__setstate__', None)
    if setstate is None:
        _set_plain_state(inst, state)
    else:
        setstate(state)


def _set_plain_state(inst, state):
    """BUILD without __setstate__: a dict updates __dict__; a pair
    (dict or None, slot dict) also sets attributes one by one."""
    pair = isinstance(state, tuple) and len(state) == 2
    slotstate = state[1] if pair else None
    if pair:
        state = state[0]
    if state:
        if not isinstance(state, dict):
            raise UnpicklingError("state is not a dictionary")
        inst_dict = inst.__dict__
        for key, value in state.items():
            if type(key) is str:
                key = _intern(key)
            inst_dict[key] = value
    if slotstate:
        if not isinstance(slotstate, dict):
            raise UnpicklingError("slot state is not a dictionary")
        for key, value in slotstate.items():
            setattr(inst, key, value)


def _load_mark(self):
    self._marks.append(len(self._stack))
    self._fence = len(self._stack)


_DISPATCH = [None] * 256
for _code, _handler in (
        (MARK, _load_mark), (STOP, _load_stop), (POP, _load_pop),
        (POP_MARK, _load_pop_mark), (DUP, _load_dup), (FLOAT, _load_float),
        (INT, _load_int), (BININT, _load_binint), (BININT1, _load_binint1),
        (LONG, _load_long), (BININT2, _load_binint2), (NONE, _load_none),
        (PERSID, _load_persid), (BINPERSID, _load_binpersid),
        (REDUCE, _load_reduce), (STRING, _load_string),
        (BINSTRING, _load_binstring),
        (SHORT_BINSTRING, _load_short_binstring), (UNICODE, _load_unicode),
        (BINUNICODE, _load_binunicode), (APPEND, _load_append),
        (BUILD, _load_build), (GLOBAL, _load_global), (DICT, _load_dict),
        (EMPTY_DICT, _load_empty_dict), (APPENDS, _load_appends),
        (GET, _load_get), (BINGET, _load_binget), (INST, _load_inst),
        (LONG_BINGET, _load_long_binget), (LIST, _load_list),
        (EMPTY_LIST, _load_empty_list), (OBJ, _load_obj), (PUT, _load_put),
        (BINPUT, _load_binput), (LONG_BINPUT, _load_long_binput),
        (SETITEM, _load_setitem), (TUPLE, _load_tuple),
        (EMPTY_TUPLE, _load_empty_tuple), (SETITEMS, _load_setitems),
        (BINFLOAT, _load_binfloat), (PROTO, _load_proto),
        (NEWOBJ, _load_newobj), (EXT1, _load_ext1), (EXT2, _load_ext2),
        (EXT4, _load_ext4), (TUPLE1, _load_tuple1), (TUPLE2, _load_tuple2),
        (TUPLE3, _load_tuple3), (NEWTRUE, _load_true),
        (NEWFALSE, _load_false), (LONG1, _load_long1), (LONG4, _load_long4),
        (BINBYTES, _load_binbytes), (SHORT_BINBYTES, _load_short_binbytes),
        (SHORT_BINUNICODE, _load_short_binunicode),
        (BINUNICODE8, _load_binunicode8), (BINBYTES8, _load_binbytes8),
        (EMPTY_SET, _load_empty_set), (ADDITEMS, _load_additems),
        (FROZENSET, _load_frozenset), (NEWOBJ_EX, _load_newobj_ex),
        (STACK_GLOBAL, _load_stack_global), (MEMOIZE, _load_memoize),
        (FRAME, _load_frame), (BYTEARRAY8, _load_bytearray8),
        (NEXT_BUFFER, _load_next_buffer),
        (READONLY_BUFFER, _load_readonly_buffer)):
    _DISPATCH[_code[0]] = _handler
del _code, _handler


# -- module-level shortcuts -------------------------------------------------------

def dump(obj, file, protocol=None, *, fix_imports=True, buffer_callback=None):
    """Write a pickle of obj to the binary file `file`."""
    Pickler(file, protocol, fix_imports=fix_imports,
            buffer_callback=buffer_callback).dump(obj)


def dumps(obj, protocol=None, *, fix_imports=True, buffer_callback=None):
    """Return the pickle of obj as a bytes object."""
    pickler = Pickler(_NO_FILE, protocol, fix_imports=fix_imports,
                      buffer_callback=buffer_callback)
    pickler.dump(obj)
    return pickler._getvalue()


def load(file, *, fix_imports=True, encoding="ASCII", errors="strict",
         buffers=None):
    """Read one pickle from the binary file `file` and return its object."""
    return Unpickler(file, fix_imports=fix_imports, buffers=buffers,
                     encoding=encoding, errors=errors).load()


def loads(data, /, *, fix_imports=True, encoding="ASCII", errors="strict",
          buffers=None):
    """Rebuild the object pickled in the bytes-like `data`."""
    if isinstance(data, str):
        raise TypeError("a bytes-like object is required, not 'str'")
    unpickler = Unpickler.__new__(Unpickler)
    unpickler._file_read = None
    unpickler._file_readline = None
    unpickler._file_readinto = None
    unpickler._buffers = iter(buffers) if buffers is not None else None
    unpickler.encoding = encoding
    unpickler.errors = errors
    unpickler.fix_imports = fix_imports
    unpickler.memo = {}
    unpickler.proto = 0
    unpickler._data = bytes(data)
    unpickler._pos = 0
    return unpickler.load()
