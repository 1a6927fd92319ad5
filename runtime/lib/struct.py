"""Conversion between Python values and packed binary records.

A format string describes a record: an optional byte-order prefix
('@' native with alignment, '=' native order with standard sizes, '<'
little-endian, '>' and '!' big-endian) followed by codes, each optionally
preceded by a repeat count:

    x pad byte      c bytes of length 1   b/B  signed/unsigned char
    ? bool          h/H short             i/I  int
    l/L long        q/Q long long         n/N  ssize_t/size_t (native only)
    e half float    f float               d    double
    s bytes         p Pascal string       P    pointer (native only)

Native mode ('@') follows the x86_64 Linux ABI: long is 8 bytes and every
field is aligned to its own size.  Floats are encoded here from their
exponent and significand (IEEE 754 binary16/32/64, rounding to nearest
even); NaN payloads are not kept, only the sign of a NaN is.
"""

import _thread
import math as _math
import operator as _operator
import sys as _sys

__all__ = ['calcsize', 'pack', 'pack_into', 'unpack', 'unpack_from',
           'iter_unpack', 'Struct', 'error']


class error(Exception):
    pass


error.__module__ = 'struct'

_NATIVE_ORDER = _sys.byteorder
_LONG_MIN = -(1 << 63)
_LONG_MAX = (1 << 63) - 1
_ULONG_LIMIT = 1 << 64
_SSIZE_MAX = (1 << 63) - 1
_SPACES = ' \t\n\r\x0b\x0c'

# code -> (size, alignment) in '@' mode
_NATIVE_LAYOUT = {
    'x': (1, 1), 'c': (1, 1), 'b': (1, 1), 'B': (1, 1), '?': (1, 1),
    'h': (2, 2), 'H': (2, 2), 'i': (4, 4), 'I': (4, 4),
    'l': (8, 8), 'L': (8, 8), 'q': (8, 8), 'Q': (8, 8),
    'n': (8, 8), 'N': (8, 8), 'P': (8, 8),
    'e': (2, 2), 'f': (4, 4), 'd': (8, 8), 's': (1, 1), 'p': (1, 1),
}

# code -> size in the standard-size modes; no alignment there
_STANDARD_SIZE = {
    'x': 1, 'c': 1, 'b': 1, 'B': 1, '?': 1, 'h': 2, 'H': 2, 'i': 4, 'I': 4,
    'l': 4, 'L': 4, 'q': 8, 'Q': 8, 'e': 2, 'f': 4, 'd': 8, 's': 1, 'p': 1,
}

_SIGNED_CODES = 'bhilqn'
_UNSIGNED_CODES = 'BHILQN'

# the narrow codes whose range message names the C type instead of the code
_TYPE_WORDS = {'b': 'byte', 'B': 'ubyte', 'h': 'short', 'H': 'ushort'}


# ---------------------------------------------------------------------------
# IEEE 754 encoding and decoding

# kind -> (exponent bits, fraction bits)
_FLOAT_SHAPES = {'e': (5, 10), 'f': (8, 23), 'd': (11, 52)}


def _float_to_bits(x, code, strict):
    """Bit pattern of x as the IEEE binary format of code ('e', 'f', 'd').

    Rounds to nearest, ties to even.  When the rounded value is too large
    the result is infinity, or OverflowError if strict is true."""
    ebits, mbits = _FLOAT_SHAPES[code]
    bias = (1 << (ebits - 1)) - 1
    emax_field = (1 << ebits) - 1
    sign = 1 if _math.copysign(1.0, x) < 0 else 0
    top = sign << (ebits + mbits)
    if x != x:
        # quiet NaN: top fraction bit set, no payload
        return top | (emax_field << mbits) | (1 << (mbits - 1))
    if x in (_INF, _NEG_INF):
        return top | (emax_field << mbits)
    if x == 0.0:
        return top
    frac, exp = _math.frexp(abs(x))
    # abs(x) == digits * 2 ** (exp - 53) exactly, digits a 53-bit integer
    digits = int(frac * 9007199254740992.0)
    unbiased = exp - 1
    if unbiased >= 1 - bias:
        scale = unbiased - mbits
        subnormal = False
    else:
        scale = 1 - bias - mbits
        subnormal = True
    shift = scale - (exp - 53)
    if shift <= 0:
        sig = digits << -shift
    else:
        sig = digits >> shift
        rest = digits - (sig << shift)
        half = 1 << (shift - 1)
        if rest > half or (rest == half and sig & 1):
            sig += 1
    if subnormal:
        # a carry into bit mbits turns it into the smallest normal number,
        # which the same bit layout expresses
        return top | sig
    if sig >> (mbits + 1):
        sig >>= 1
        unbiased += 1
    field = unbiased + bias
    if field >= emax_field:
        if strict:
            raise OverflowError("float too large to pack with %s format"
                                % code)
        return top | (emax_field << mbits)
    return top | (field << mbits) | (sig & ((1 << mbits) - 1))


def _bits_to_float(bits, code):
    ebits, mbits = _FLOAT_SHAPES[code]
    bias = (1 << (ebits - 1)) - 1
    emax_field = (1 << ebits) - 1
    negative = (bits >> (ebits + mbits)) & 1
    field = (bits >> mbits) & emax_field
    frac = bits & ((1 << mbits) - 1)
    if field == emax_field:
        value = _NAN if frac else _INF
    elif field == 0:
        value = _math.ldexp(float(frac), 1 - bias - mbits)
    else:
        value = _math.ldexp(float(frac | (1 << mbits)), field - bias - mbits)
    if negative:
        return -value if value == value else _math.copysign(_NAN, -1.0)
    return value


_INF = float('inf')
_NEG_INF = float('-inf')
_NAN = float('nan')


# ---------------------------------------------------------------------------
# argument conversion

def _as_int(v):
    if isinstance(v, int):
        return v
    if not hasattr(type(v), '__index__'):
        raise error("required argument is not an integer")
    return _operator.index(v)


def _as_float(v):
    try:
        if isinstance(v, float):
            return float(v)
        kind = type(v)
        if hasattr(kind, '__float__'):
            result = kind.__float__(v)
            if not isinstance(result, float):
                raise TypeError
            return result
        if hasattr(kind, '__index__'):
            return float(_operator.index(v))
    except Exception:
        pass
    raise error("required argument is not a float")


def _readable(obj):
    """The bytes of a bytes-like object (bytes, bytearray, memoryview,
    array.array and objects providing __buffer__)."""
    if isinstance(obj, bytes):
        return obj
    if isinstance(obj, (bytearray, memoryview)):
        return bytes(obj)
    hook = getattr(type(obj), '__buffer__', None)
    if hook is not None and not isinstance(obj, str):
        return bytes(hook(obj, 0))
    raise TypeError("a bytes-like object is required, not '%s'"
                    % type(obj).__name__)


def _writable(obj):
    if isinstance(obj, bytearray):
        return obj
    if isinstance(obj, memoryview) and not obj.readonly:
        return obj
    raise TypeError("argument must be read-write bytes-like object, not %s"
                    % type(obj).__name__)


def _as_offset(v):
    v = _operator.index(v)
    if v < -_SSIZE_MAX - 1 or v > _SSIZE_MAX:
        raise OverflowError("Python int too large to convert to C ssize_t")
    return v


# ---------------------------------------------------------------------------
# per-code packers: each takes (value, size, order) and returns bytes


def _int_bounds(code, size):
    bits = size * 8
    if code in _SIGNED_CODES:
        return -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    return 0, (1 << bits) - 1


def _range_error(code, low, high, big):
    word = _TYPE_WORDS.get(code) if not big or code in 'bB' else None
    if word is not None:
        return error("%s format requires %d <= number <= %d"
                     % (word, low, high))
    return error("'%s' format requires %d <= number <= %d"
                 % (code, low, high))


def _make_int_packer(code, size, order, native):
    low, high = _int_bounds(code, size)
    signed = code in _SIGNED_CODES
    # the explicit big-endian modes differ from the others in their
    # messages: 'h' is named by its code, 'H' is fetched unsigned, and the
    # 8-byte codes report any overflow as "int too large to convert"
    big = order == 'big' and not native
    # codes fetched as a C long, the other unsigned codes as an unsigned
    # long: that decides which values count as "out of range"
    if signed or code == 'B' or (code == 'H' and not big):
        fetch_low, fetch_high = _LONG_MIN, _LONG_MAX
    else:
        fetch_low, fetch_high = 0, _ULONG_LIMIT - 1
    narrow = (low, high) != (fetch_low, fetch_high)
    overflow_kind = big and size == 8

    def pack_int(v):
        v = _as_int(v)
        if v < fetch_low or v > fetch_high:
            if overflow_kind:
                if v < 0 and not signed:
                    raise OverflowError("can't convert negative int to "
                                        "unsigned")
                raise OverflowError("int too big to convert")
            raise error("argument out of range")
        if narrow and (v < low or v > high):
            raise _range_error(code, low, high, big)
        return v.to_bytes(size, order, signed=signed)
    return pack_int


def _make_pointer_packer(order):
    def pack_pointer(v):
        v = _as_int(v)
        if v >= _ULONG_LIMIT:
            raise OverflowError("Python int too large to convert to C "
                                "unsigned long")
        if v < _LONG_MIN:
            raise OverflowError("Python int too large to convert to C long")
        return (v & (_ULONG_LIMIT - 1)).to_bytes(8, order)
    return pack_pointer


def _make_float_packer(code, size, order, strict):
    def pack_float(v):
        bits = _float_to_bits(_as_float(v), code, strict)
        return bits.to_bytes(size, order)
    return pack_float


def _pack_bool(v):
    return b'\x01' if v else b'\x00'


def _pack_char(v):
    if not isinstance(v, bytes) or len(v) != 1:
        raise error("char format requires a bytes object of length 1")
    return bytes(v)


def _make_int_unpacker(code, size, order):
    signed = code in _SIGNED_CODES
    from_bytes = int.from_bytes

    def unpack_int(chunk):
        return from_bytes(chunk, order, signed=signed)
    return unpack_int


def _make_float_unpacker(code, order):
    def unpack_float(chunk):
        return _bits_to_float(int.from_bytes(chunk, order), code)
    return unpack_float


def _unpack_bool(chunk):
    return chunk != b'\x00'


# ---------------------------------------------------------------------------
# format parsing

class _Layout:
    """A parsed format: total size, number of values, and the fields as
    (code, count, offset, item size, packer, unpacker) tuples."""

    __slots__ = ('size', 'nvalues', 'fields')

    def __init__(self, size, nvalues, fields):
        self.size = size
        self.nvalues = nvalues
        self.fields = fields


def _parse(fmt):
    if not fmt:
        return _Layout(0, 0, ())
    mode = fmt[0]
    pos = 1
    if mode not in '@=<>!':
        mode = '@'
        pos = 0
    native = mode == '@'
    order = 'big' if mode in '>!' else (
        'little' if mode == '<' else _NATIVE_ORDER)
    end = len(fmt)
    size = 0
    nvalues = 0
    fields = []
    while pos < end:
        ch = fmt[pos]
        pos += 1
        if ch in _SPACES:
            continue
        if '0' <= ch <= '9':
            count = ord(ch) - 48
            while True:
                if pos >= end:
                    raise error("repeat count given without format specifier")
                ch = fmt[pos]
                pos += 1
                if not ('0' <= ch <= '9'):
                    break
                count = count * 10 + ord(ch) - 48
                if count > _SSIZE_MAX:
                    raise error("total struct size too long")
        else:
            count = 1
        if native:
            shape = _NATIVE_LAYOUT.get(ch)
            if shape is None:
                raise error("bad char in struct format")
            itemsize, align = shape
            if align > 1 and size % align:
                size += align - size % align
        else:
            itemsize = _STANDARD_SIZE.get(ch)
            if itemsize is None:
                raise error("bad char in struct format")
        if count > (_SSIZE_MAX - size) // itemsize:
            raise error("total struct size too long")
        if ch in 'sp':
            nvalues += 1
        elif ch != 'x':
            nvalues += count
        fields.append((ch, count, size, itemsize) +
                      _codecs_for(ch, itemsize, order, native))
        size += count * itemsize
    return _Layout(size, nvalues, tuple(fields))


def _codecs_for(code, itemsize, order, native):
    if code in 'xsp':
        return (None, None)
    if code == 'c':
        return (_pack_char, None)
    if code == '?':
        return (_pack_bool, _unpack_bool)
    if code == 'P':
        return (_make_pointer_packer(order),
                _make_int_unpacker('Q', 8, order))
    if code in 'efd':
        # a native 'f' converts like a C cast: overflow gives infinity
        strict = not (native and code == 'f')
        return (_make_float_packer(code, itemsize, order, strict),
                _make_float_unpacker(code, order))
    return (_make_int_packer(code, itemsize, order, native),
            _make_int_unpacker(code, itemsize, order))


def _pack_fields(layout, values):
    out = bytearray()
    index = 0
    for code, count, offset, itemsize, packer, _ in layout.fields:
        if len(out) < offset:
            out += bytes(offset - len(out))
        if code == 'x':
            out += bytes(count)
        elif code == 's':
            v = values[index]
            index += 1
            if not isinstance(v, (bytes, bytearray)):
                raise error("argument for 's' must be a bytes object")
            v = bytes(v[:count])
            out += v
            out += bytes(count - len(v))
        elif code == 'p':
            v = values[index]
            index += 1
            if not isinstance(v, (bytes, bytearray)):
                raise error("argument for 'p' must be a bytes object")
            if count:
                n = min(len(v), count - 1)
                out.append(min(n, 255))
                out += v[:n]
                out += bytes(count - 1 - n)
        else:
            for v in values[index:index + count]:
                try:
                    out += packer(v)
                except OverflowError:
                    # an int argument's overflow is reported uniformly
                    if isinstance(v, int):
                        raise error("int too large to convert") from None
                    raise
            index += count
    if len(out) < layout.size:
        out += bytes(layout.size - len(out))
    return bytes(out)


def _unpack_fields(layout, data, start):
    result = []
    for code, count, offset, itemsize, _, unpacker in layout.fields:
        pos = start + offset
        if code == 'x':
            continue
        if code == 's':
            result.append(data[pos:pos + count])
        elif code == 'p':
            if count == 0:
                raise SystemError(
                    "Negative size passed to PyBytes_FromStringAndSize")
            n = min(data[pos], count - 1)
            result.append(data[pos + 1:pos + 1 + n])
        elif code == 'c':
            for i in range(pos, pos + count):
                result.append(data[i:i + 1])
        else:
            for i in range(count):
                p = pos + i * itemsize
                result.append(unpacker(data[p:p + itemsize]))
    return tuple(result)


# ---------------------------------------------------------------------------
# the Struct type

def _from_start(offset, size, length, too_close):
    """The offset of `size` bytes in a buffer of `length`, counted from
    the start (a negative one counts from the end); `too_close` is the
    message for a negative offset with fewer than `size` bytes after it."""
    if offset >= 0:
        return offset
    if offset + size > 0:
        raise error(too_close % (size, offset))
    if offset + length < 0:
        raise error("offset %d out of range for %d-byte buffer" % (offset, length))
    return offset + length


class Struct:
    """A compiled format string; pack and unpack records of that format."""

    def __init__(self, format):
        if isinstance(format, str):
            format.encode('ascii')
            text = format
        elif isinstance(format, bytes):
            text = format.decode('latin-1')
        else:
            raise TypeError("Struct() argument 1 must be a str or bytes "
                            "object, not %s" % type(format).__name__)
        if '\x00' in text:
            raise error("embedded null character")
        layout = _parse(text)
        self._format = text
        self._layout = layout

    @property
    def format(self):
        """The format string this object was built from."""
        return self._format

    @property
    def size(self):
        """Size in bytes of one packed record."""
        return self._layout.size

    def pack(self, *values):
        layout = self._layout
        if len(values) != layout.nvalues:
            raise error("pack expected %d items for packing (got %d)"
                        % (layout.nvalues, len(values)))
        return _pack_fields(layout, values)

    def pack_into(self, *args):
        layout = self._layout
        if len(args) != layout.nvalues + 2:
            if not args:
                raise error("pack_into expected buffer argument")
            if len(args) == 1:
                raise error("pack_into expected offset argument")
            raise error("pack_into expected %d items for packing (got %d)"
                        % (layout.nvalues, len(args) - 2))
        target = _writable(args[0])
        offset = _as_offset(args[1])
        size = layout.size
        length = len(target)
        offset = _from_start(offset, size, length,
                             "no space to pack %d bytes at offset %d")
        if length - offset < size:
            raise error("pack_into requires a buffer of at least %d bytes "
                        "for packing %d bytes at offset %d (actual buffer "
                        "size is %d)" % (size + offset, size, offset, length))
        packed = _pack_fields(layout, args[2:])
        target[offset:offset + size] = packed

    def unpack(self, buffer):
        data = _readable(buffer)
        size = self._layout.size
        if len(data) != size:
            raise error("unpack requires a buffer of %d bytes" % size)
        return _unpack_fields(self._layout, data, 0)

    def unpack_from(self, buffer, offset=0):
        data = _readable(buffer)
        offset = _as_offset(offset)
        size = self._layout.size
        length = len(data)
        offset = _from_start(offset, size, length,
                             "not enough data to unpack %d bytes at offset %d")
        if length - offset < size:
            raise error("unpack_from requires a buffer of at least %d bytes "
                        "for unpacking %d bytes at offset %d (actual buffer "
                        "size is %d)" % (size + offset, size, offset, length))
        return _unpack_fields(self._layout, data, offset)

    def iter_unpack(self, buffer):
        data = _readable(buffer)
        size = self._layout.size
        if size == 0:
            raise error("cannot iteratively unpack with a struct of length 0")
        if len(data) % size:
            raise error("iterative unpacking requires a buffer of a "
                        "multiple of %d bytes" % size)
        return unpack_iterator(self._layout, data)


class unpack_iterator:
    """Iterator over the consecutive records of a buffer."""

    def __init__(self, layout, data):
        self._layout = layout
        self._data = data
        self._pos = 0
        self._lock = _thread.allocate_lock()

    def __iter__(self):
        return self

    def __next__(self):
        size = self._layout.size
        with self._lock:
            pos = self._pos
            if pos + size > len(self._data):
                raise StopIteration
            self._pos = pos + size
        return _unpack_fields(self._layout, self._data, pos)

    def __length_hint__(self):
        remaining = len(self._data) - self._pos
        return remaining // self._layout.size if remaining > 0 else 0


# ---------------------------------------------------------------------------
# module-level functions over a small cache of compiled formats

_MAXCACHE = 100
_cache = {}
_cache_lock = _thread.allocate_lock()


def _clearcache():
    """Forget every cached compiled format."""
    with _cache_lock:
        _cache.clear()


def _compiled(fmt):
    if isinstance(fmt, Struct):
        return fmt
    try:
        found = _cache.get(fmt)
    except TypeError:
        found = None
    if found is not None:
        return found
    compiled = Struct(fmt)
    with _cache_lock:
        if len(_cache) >= _MAXCACHE:
            _cache.clear()
        _cache[fmt] = compiled
    return compiled


def calcsize(*args):
    """Size in bytes of the record described by a format."""
    if len(args) != 1:
        raise TypeError("_struct.calcsize() takes exactly one argument "
                        "(%d given)" % len(args))
    return _compiled(args[0]).size


def pack(*args):
    """Pack values into bytes following a format: pack(format, v1, ...)."""
    if not args:
        raise TypeError("missing format argument")
    return _compiled(args[0]).pack(*args[1:])


def pack_into(*args):
    """Pack values into a writable buffer at an offset:
    pack_into(format, buffer, offset, v1, ...)."""
    if not args:
        raise TypeError("missing format argument")
    return _compiled(args[0]).pack_into(*args[1:])


def unpack(*args):
    """Unpack a buffer whose size is exactly the format's size."""
    if len(args) != 2:
        raise TypeError("unpack expected 2 arguments, got %d" % len(args))
    return _compiled(args[0]).unpack(args[1])


_MISSING = object()


def unpack_from(format, /, buffer=_MISSING, offset=0):
    """Unpack one record from a buffer, starting at offset."""
    if buffer is _MISSING:
        raise TypeError("unpack_from() missing required argument 'buffer' "
                        "(pos 2)")
    return _compiled(format).unpack_from(buffer, offset)


def iter_unpack(*args):
    """Iterator unpacking consecutive records of a format from a buffer."""
    if len(args) != 2:
        raise TypeError("iter_unpack expected 2 arguments, got %d"
                        % len(args))
    return _compiled(args[0]).iter_unpack(args[1])
