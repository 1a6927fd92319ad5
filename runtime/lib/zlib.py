"""DEFLATE compression compatible with zlib: one-shot `compress` and
`decompress`, the streaming `compressobj`/`decompressobj`, and the
`crc32`/`adler32` checksums, with zlib's framing choices through `wbits`
(zlib header, gzip header, raw).

The engine is native (`_zlib`, flate2 over zlib-rs). Thread safety: a
stream object may be fed from several threads; each call is applied
whole under the stream's lock.
"""

import _zlib
from _zlib import crc32, adler32

MAX_WBITS = 15
DEFLATED = 8
DEF_MEM_LEVEL = 8
DEF_BUF_SIZE = 16384
Z_NO_COMPRESSION = 0
Z_BEST_SPEED = 1
Z_BEST_COMPRESSION = 9
Z_DEFAULT_COMPRESSION = -1
Z_DEFAULT_STRATEGY = 0
Z_FILTERED = 1
Z_HUFFMAN_ONLY = 2
Z_RLE = 3
Z_FIXED = 4
Z_NO_FLUSH = 0
Z_PARTIAL_FLUSH = 1
Z_SYNC_FLUSH = 2
Z_FULL_FLUSH = 3
Z_FINISH = 4
Z_BLOCK = 5
Z_TREES = 6
ZLIB_VERSION = '1.2.13'
ZLIB_RUNTIME_VERSION = '1.2.13'


class error(Exception):
    pass


error.__module__ = 'zlib'


def _checked(result):
    """A native result, or zlib.error when it is an error message."""
    if isinstance(result, str):
        raise error(result)
    return result


def _bytes_like(data):
    if isinstance(data, str):
        raise TypeError("a bytes-like object is required, not 'str'")
    return data


def compress(data, /, level=Z_DEFAULT_COMPRESSION, wbits=MAX_WBITS):
    stream = _checked(_zlib.compressor(level, wbits))
    return _checked(_zlib.compress(stream, _bytes_like(data), Z_FINISH))


class _Compress:
    """A compression stream (zlib's `Compress` object)."""

    def __init__(self, stream):
        self._stream = stream
        self._finished = False

    def compress(self, data, /):
        if self._finished:
            raise error('Error -2 while compressing data: inconsistent stream state')
        return _checked(_zlib.compress(self._stream, _bytes_like(data), Z_NO_FLUSH))

    def flush(self, mode=Z_FINISH, /):
        if mode == Z_NO_FLUSH:
            return b''
        if self._finished:
            raise error('Error -2 while flushing: inconsistent stream state')
        out = _checked(_zlib.compress(self._stream, b'', mode))
        if mode == Z_FINISH:
            self._finished = True
        return out

    def copy(self):
        raise ValueError("weft: copying a compression stream is not supported")


_Compress.__name__ = _Compress.__qualname__ = 'Compress'
_Compress.__module__ = 'zlib'


def compressobj(level=Z_DEFAULT_COMPRESSION, method=DEFLATED, wbits=MAX_WBITS,
                memLevel=DEF_MEM_LEVEL, strategy=Z_DEFAULT_STRATEGY, zdict=None):
    if method != DEFLATED or not 1 <= memLevel <= 9:
        raise ValueError('Invalid initialization option')
    if zdict is not None:
        raise ValueError("weft: zdict is not supported")
    stream = _zlib.compressor(level, wbits)
    if isinstance(stream, str):
        raise ValueError(stream) if stream.startswith('Invalid') else error(stream)
    return _Compress(stream)


class _Decompress:
    """A decompression stream (zlib's `Decompress` object)."""

    def __init__(self, wbits):
        self._wbits = wbits
        self._stream = None
        self.unused_data = b''
        self.unconsumed_tail = b''
        self.eof = False

    def _open(self, data):
        wbits = self._wbits
        if wbits >= 40 or wbits == 32:
            # Automatic header detection: gzip's magic, else zlib's.
            window = (wbits - 32) or MAX_WBITS
            wbits = window + 16 if data[:1] == b'\x1f' else window
        stream = _zlib.decompressor(wbits)
        if isinstance(stream, str):
            raise ValueError(stream)
        self._stream = stream

    def decompress(self, data, /, max_length=0):
        data = bytes(_bytes_like(data))
        if max_length < 0:
            raise ValueError('max_length must be non-negative')
        if self.eof:
            self.unused_data += data
            return b''
        if self._stream is None:
            if not data:
                return b''
            self._open(data)
        out, used, at_end = _checked(_zlib.decompress(self._stream, data, max_length))
        rest = data[used:]
        if at_end:
            self.eof = True
            self.unused_data += rest
            self.unconsumed_tail = b''
        else:
            self.unconsumed_tail = rest
        return out

    def flush(self, length=DEF_BUF_SIZE, /):
        if length <= 0:
            raise ValueError('length must be greater than zero')
        tail = self.unconsumed_tail
        if not tail or self._stream is None:
            return b''
        return self.decompress(tail)

    def copy(self):
        raise ValueError("weft: copying a decompression stream is not supported")


_Decompress.__name__ = _Decompress.__qualname__ = 'Decompress'
_Decompress.__module__ = 'zlib'


def decompressobj(wbits=MAX_WBITS, zdict=b''):
    if zdict:
        raise ValueError("weft: zdict is not supported")
    if not (-15 <= wbits <= -8 or 0 <= wbits <= 15 or 24 <= wbits <= 31
            or wbits == 32 or 40 <= wbits <= 47):
        raise ValueError('Invalid initialization option')
    return _Decompress(wbits)


def decompress(data, /, wbits=MAX_WBITS, bufsize=DEF_BUF_SIZE):
    if bufsize < 0:
        raise ValueError('bufsize must be non-negative')
    stream = decompressobj(wbits)
    data = bytes(_bytes_like(data))
    out = stream.decompress(data)
    if not stream.eof:
        raise error('Error -5 while decompressing data: incomplete or '
                    'truncated stream')
    return out
