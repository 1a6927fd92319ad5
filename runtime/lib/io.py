"""Weft's io module: `open` and the native file classes from `_io`, the
abstract I/O classes, in-memory streams (StringIO, BytesIO) and a
TextIOWrapper over any binary stream.

Thread safety: each stream object takes its own lock around every
operation, so threads sharing one StringIO or BytesIO never see torn
state or lose a write; the interleaving of writes from several threads
is whatever order they take the lock in.
"""

import _io
import _thread
from _io import (open, UnsupportedOperation, SEEK_SET, SEEK_CUR, SEEK_END,
                 DEFAULT_BUFFER_SIZE)

__all__ = ['BlockingIOError', 'open', 'open_code', 'IOBase', 'RawIOBase',
           'FileIO', 'BytesIO', 'StringIO', 'BufferedIOBase',
           'BufferedReader', 'BufferedWriter', 'BufferedRWPair',
           'BufferedRandom', 'TextIOBase', 'TextIOWrapper',
           'UnsupportedOperation', 'SEEK_SET', 'SEEK_CUR', 'SEEK_END',
           'DEFAULT_BUFFER_SIZE', 'text_encoding', 'IncrementalNewlineDecoder']

BlockingIOError = BlockingIOError


def open_code(path):
    return open(path, 'rb')


def text_encoding(encoding, stacklevel=2):
    return 'locale' if encoding is None else encoding


_all_kinds = []


class _IOKind(type):
    """The metaclass of the abstract I/O classes: a class counts as a
    subclass when it derives from one, or when its native class was
    registered under it (the `_io` file classes)."""

    def __init__(cls, name, bases, namespace):
        super().__init__(name, bases, namespace)
        cls._virtual = []
        _all_kinds.append(cls)

    def register(cls, subclass):
        cls._virtual.append(subclass)
        return subclass

    def __instancecheck__(cls, obj):
        return cls.__subclasscheck__(type(obj))

    def __subclasscheck__(cls, sub):
        if cls in sub.__mro__:
            return True
        for k in sub.__mro__:
            for kind in _all_kinds:
                if k in kind._virtual and cls in kind.__mro__:
                    return True
        return False


class IOBase(metaclass=_IOKind):
    """The base of every stream: closing, context management, iteration
    by lines, and the capability queries."""

    _closed = False

    def _unsupported(self, name):
        raise UnsupportedOperation('%s.%s() not supported'
                                   % (type(self).__name__, name))

    def _check_open(self):
        if self.closed:
            raise ValueError('I/O operation on closed file.')

    @property
    def closed(self):
        return self._closed

    def close(self):
        if not self._closed:
            try:
                self.flush()
            finally:
                self._closed = True

    def flush(self):
        self._check_open()

    def readable(self):
        return False

    def writable(self):
        return False

    def seekable(self):
        return False

    def isatty(self):
        self._check_open()
        return False

    def fileno(self):
        self._unsupported('fileno')

    def seek(self, pos, whence=0):
        self._unsupported('seek')

    def tell(self):
        return self.seek(0, 1)

    def truncate(self, pos=None):
        self._unsupported('truncate')

    def __enter__(self):
        self._check_open()
        return self

    def __exit__(self, *exc):
        self.close()

    def __iter__(self):
        self._check_open()
        return self

    def __next__(self):
        line = self.readline()
        if line:
            return line
        raise StopIteration

    def readlines(self, hint=-1):
        if hint is None or hint <= 0:
            return list(self)
        gathered = []
        budget = hint
        while budget > 0:
            line = self.readline()
            if not line:
                break
            gathered.append(line)
            budget -= len(line)
        return gathered

    def writelines(self, lines):
        self._check_open()
        for line in lines:
            self.write(line)


class RawIOBase(IOBase):
    """Unbuffered binary streams."""


class BufferedIOBase(IOBase):
    """Buffered binary streams."""

    def readinto(self, b):
        data = self.read(len(b))
        b[:len(data)] = data
        return len(data)

    def detach(self):
        self._unsupported('detach')


class TextIOBase(IOBase):
    """Text streams."""

    encoding = None
    errors = None
    newlines = None

    def detach(self):
        self._unsupported('detach')



FileIO = _io.BufferedRandom
BufferedReader = _io.BufferedReader
BufferedWriter = _io.BufferedWriter
BufferedRandom = _io.BufferedRandom
BufferedRWPair = _io.BufferedRandom
for _native in (_io.BufferedReader, _io.BufferedWriter, _io.BufferedRandom):
    BufferedIOBase.register(_native)
del _native




def _split_lines(text, newline, limit):
    """The length of the first line of `text` (up to and including its
    ending), under the `newline` rule of a text stream; at most `limit`
    characters when limit >= 0."""
    if newline is None or newline == '\n':
        end = text.find('\n')
        length = len(text) if end < 0 else end + 1
    elif newline == '':
        length = len(text)
        for i, ch in enumerate(text):
            if ch == '\n':
                length = i + 1
                break
            if ch == '\r':
                length = i + 2 if text.startswith('\n', i + 1) else i + 1
                break
    else:
        end = text.find(newline)
        length = len(text) if end < 0 else end + len(newline)
    if 0 <= limit < length:
        return limit
    return length


def _translate_in(text):
    return text.replace('\r\n', '\n').replace('\r', '\n')


class _InMemory:
    """What StringIO and BytesIO share: they read, write and seek while
    open, and closing only marks them closed."""

    def readable(self):
        self._check_open()
        return True

    writable = seekable = readable

    def close(self):
        self._closed = True


class StringIO(_InMemory, TextIOBase):
    """A text stream over a str in memory."""

    def __init__(self, initial_value='', newline='\n'):
        if newline is not None and not isinstance(newline, str):
            raise TypeError('newline must be str or None, not %s'
                            % type(newline).__name__)
        if newline not in (None, '', '\n', '\r', '\r\n'):
            raise ValueError('illegal newline value: %r' % (newline,))
        if initial_value is not None and not isinstance(initial_value, str):
            raise TypeError('initial_value must be str or None, not %s'
                            % type(initial_value).__name__)
        self._lock = _thread.RLock()
        self._newline = newline
        self._text = ''
        # Text written at the end is kept in pieces (and their total
        # length) and joined on demand.
        self._tail = []
        self._tail_length = 0
        self._pos = 0
        self._seen_newlines = set()
        if initial_value:
            self.write(initial_value)
            self._pos = 0

    def _check_open(self):
        if self._closed:
            raise ValueError('I/O operation on closed file')

    def _value(self):
        if self._tail:
            self._text += ''.join(self._tail)
            self._tail = []
            self._tail_length = 0
        return self._text

    def _length(self):
        return len(self._text) + self._tail_length

    @property
    def line_buffering(self):
        return False

    @property
    def newlines(self):
        seen = [n for n in ('\r', '\n', '\r\n') if n in self._seen_newlines]
        if not seen or self._newline is not None:
            return None
        return seen[0] if len(seen) == 1 else tuple(seen)

    def getvalue(self):
        with self._lock:
            self._check_open()
            return self._value()

    def write(self, s):
        with self._lock:
            self._check_open()
            if not isinstance(s, str):
                raise TypeError('string argument expected, got %r'
                                % type(s).__name__)
            count = len(s)
            if self._newline is None:
                for mark in ('\r\n', '\r', '\n'):
                    if mark in s.replace('\r\n', '') or (
                            mark == '\r\n' and mark in s):
                        self._seen_newlines.add(mark)
                s = _translate_in(s)
            elif self._newline not in ('', '\n'):
                s = s.replace('\n', self._newline)
            if not s:
                return count
            length = self._length()
            if self._pos == length:
                self._tail.append(s)
                self._tail_length += len(s)
            else:
                text = self._value()
                if self._pos > length:
                    text += '\0' * (self._pos - length)
                self._text = text[:self._pos] + s + text[self._pos + len(s):]
            self._pos += len(s)
            return count

    def read(self, size=-1):
        with self._lock:
            self._check_open()
            if size is None:
                size = -1
            if not isinstance(size, int):
                raise TypeError("argument should be integer or None, not '%s'"
                                % type(size).__name__)
            text = self._value()
            start = min(self._pos, len(text))
            end = len(text) if size < 0 else min(len(text), start + size)
            self._pos = max(self._pos, end)
            return text[start:end]

    def readline(self, size=-1):
        with self._lock:
            self._check_open()
            if size is None:
                size = -1
            text = self._value()
            start = min(self._pos, len(text))
            rule = '\n' if self._newline is None else self._newline
            length = _split_lines(text[start:], rule, size)
            self._pos = start + length
            return text[start:start + length]

    def tell(self):
        with self._lock:
            self._check_open()
            return self._pos

    def seek(self, pos, whence=0):
        with self._lock:
            self._check_open()
            if whence == 0:
                if pos < 0:
                    raise ValueError('Negative seek position %d' % pos)
                self._pos = pos
            elif whence == 1:
                if pos != 0:
                    raise OSError("Can't do nonzero cur-relative seeks")
            elif whence == 2:
                if pos != 0:
                    raise OSError("Can't do nonzero cur-relative seeks")
                self._pos = self._length()
            else:
                raise ValueError('Invalid whence (%d, should be 0, 1 or 2)'
                                 % whence)
            return self._pos

    def truncate(self, pos=None):
        with self._lock:
            self._check_open()
            if pos is None:
                pos = self._pos
            if pos < 0:
                raise ValueError('Negative size value %d' % pos)
            text = self._value()
            if pos < len(text):
                self._text = text[:pos]
            return pos

    def __getstate__(self):
        return (self.getvalue(), self._newline, self.tell())


class BytesIO(_InMemory, BufferedIOBase):
    """A binary stream over bytes in memory."""

    def __init__(self, initial_bytes=b''):
        self._lock = _thread.RLock()
        self._data = bytearray(initial_bytes if initial_bytes is not None
                               else b'')
        self._pos = 0

    def getvalue(self):
        with self._lock:
            self._check_open()
            return bytes(self._data)

    def getbuffer(self):
        with self._lock:
            self._check_open()
            return memoryview(self._data)

    def write(self, b):
        with self._lock:
            self._check_open()
            if isinstance(b, str):
                raise TypeError("a bytes-like object is required, not 'str'")
            data = bytes(b)
            end = self._pos + len(data)
            if self._pos > len(self._data):
                self._data.extend(bytes(self._pos - len(self._data)))
            self._data[self._pos:end] = data
            self._pos = end
            return len(data)

    def read(self, size=-1):
        with self._lock:
            self._check_open()
            if size is None or size < 0:
                end = len(self._data)
            else:
                end = min(len(self._data), self._pos + size)
            start = min(self._pos, len(self._data))
            self._pos = max(self._pos, end)
            return bytes(self._data[start:end])

    read1 = read

    def readline(self, size=-1):
        with self._lock:
            self._check_open()
            start = min(self._pos, len(self._data))
            end = self._data.find(b'\n', start)
            end = len(self._data) if end < 0 else end + 1
            if size is not None and size >= 0:
                end = min(end, start + size)
            self._pos = end
            return bytes(self._data[start:end])

    def tell(self):
        with self._lock:
            self._check_open()
            return self._pos

    def seek(self, pos, whence=0):
        with self._lock:
            self._check_open()
            if whence not in (0, 1, 2):
                raise ValueError('invalid whence (%d, should be 0, 1 or 2)'
                                 % whence)
            if whence == 0 and pos < 0:
                raise ValueError('negative seek value %d' % pos)
            origin = (0, self._pos, len(self._data))[whence]
            self._pos = max(0, origin + pos)
            return self._pos

    def truncate(self, size=None):
        with self._lock:
            self._check_open()
            if size is None:
                size = self._pos
            if size < 0:
                raise ValueError('negative size value %d' % size)
            del self._data[size:]
            return size


class TextIOWrapper(TextIOBase):
    """Text over a binary stream: encodes what is written, decodes what
    is read, and translates line endings by the `newline` rule."""

    def __init__(self, buffer, encoding=None, errors=None, newline=None,
                 line_buffering=False, write_through=False):
        if newline not in (None, '', '\n', '\r', '\r\n'):
            raise ValueError('illegal newline value: %s' % (newline,))
        self._lock = _thread.RLock()
        self.buffer = buffer
        self.encoding = 'utf-8' if encoding in (None, 'locale') else encoding
        self.errors = 'strict' if errors is None else errors
        self._newline = newline
        self.line_buffering = line_buffering
        self.write_through = write_through
        self._pending = ''

    closed = property(lambda self: self.buffer.closed)
    name = property(lambda self: self.buffer.name)

    def flush(self):
        self.buffer.flush()

    def close(self):
        if not self.buffer.closed:
            try:
                self.flush()
            finally:
                self.buffer.close()

    def detach(self):
        buffer = self.buffer
        self.flush()
        self.buffer = None
        return buffer

    def write(self, s):
        with self._lock:
            if not isinstance(s, str):
                raise TypeError('write() argument must be str, not %s'
                                % type(s).__name__)
            out = s
            if self._newline not in (None, '', '\n'):
                out = out.replace('\n', self._newline)
            self.buffer.write(out.encode(self.encoding, self.errors))
            if self.line_buffering and ('\n' in s or '\r' in s):
                self.flush()
            return len(s)

    def _decoded(self, data):
        text = data.decode(self.encoding, self.errors)
        return _translate_in(text) if self._newline is None else text

    def read(self, size=-1):
        with self._lock:
            if size is None or size < 0:
                text = self._pending + self._decoded(self.buffer.read())
                self._pending = ''
                return text
            while len(self._pending) < size:
                chunk = self.buffer.read(max(size, 8192))
                if not chunk:
                    break
                self._pending += self._decoded(chunk)
            text, self._pending = self._pending[:size], self._pending[size:]
            return text

    def readline(self, size=-1):
        with self._lock:
            rule = '\n' if self._newline is None else self._newline
            while True:
                length = _split_lines(self._pending, rule, -1)
                ends = length < len(self._pending) or (
                    self._pending.endswith('\n') and rule in ('\n', '', '\r\n'))
                if ends or (size is not None and 0 <= size <= length):
                    break
                chunk = self.buffer.read(8192)
                if not chunk:
                    break
                self._pending += self._decoded(chunk)
            length = _split_lines(self._pending, rule,
                                  -1 if size is None else size)
            line, self._pending = (self._pending[:length],
                                   self._pending[length:])
            return line

    def tell(self):
        with self._lock:
            if self._pending:
                raise OSError('telling position disabled by next() call')
            return self.buffer.tell()

    def seek(self, pos, whence=0):
        with self._lock:
            self._pending = ''
            return self.buffer.seek(pos, whence)

    def truncate(self, pos=None):
        self.flush()
        return self.buffer.truncate(pos)

    def __repr__(self):
        return '<_io.TextIOWrapper encoding=%r>' % self.encoding


def _delegate_to_buffer(method):
    def call(self):
        return getattr(self.buffer, method)()
    call.__name__ = method
    return call


for _method in ('readable', 'writable', 'seekable', 'fileno', 'isatty'):
    setattr(TextIOWrapper, _method, _delegate_to_buffer(_method))
del _method

TextIOWrapper.register(_io.TextIOWrapper)


def _register_standard_streams():
    import sys
    for name in ('stdin', 'stdout', 'stderr'):
        stream = getattr(sys, '__%s__' % name, None) or getattr(sys, name, None)
        if stream is not None and type(stream) not in TextIOWrapper._virtual:
            TextIOWrapper.register(type(stream))


_register_standard_streams()


class IncrementalNewlineDecoder:
    """Translates '\\r\\n' and '\\r' to '\\n' across chunk boundaries."""

    def __init__(self, decoder, translate, errors='strict'):
        self.decoder = decoder
        self.translate = translate
        self.errors = errors
        self._held_cr = False

    def decode(self, input, final=False):
        text = self.decoder.decode(input, final) if self.decoder else input
        if self._held_cr:
            text = '\r' + text
            self._held_cr = False
        if text.endswith('\r') and not final:
            text = text[:-1]
            self._held_cr = True
        return _translate_in(text) if self.translate else text

    def reset(self):
        self._held_cr = False
        if self.decoder:
            self.decoder.reset()
