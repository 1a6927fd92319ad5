"""Typed arrays of numbers or characters.

array(typecode[, initializer]) holds items that all have one C type:

    'b' signed char      'B' unsigned char    'u' wchar_t (4 bytes here)
    'h' signed short     'H' unsigned short   'i' signed int
    'I' unsigned int     'l' signed long      'L' unsigned long
    'q' signed long long 'Q' unsigned long long
    'f' float            'd' double

Items are kept as Python values that have already been checked against
(and, for 'f', rounded to) the C type, so every stored item is exactly
what the C array would give back.  Byte conversions use the machine's
native order and sizes (x86_64 Linux: long is 8 bytes, wchar_t 4).

Each mutating method checks all of its input before it changes the array
and then changes it with one list operation, so an error or a concurrent
reader never sees a half-done update.  (extend() with a plain iterable
appends item by item, as CPython's does.)
"""

import operator as _operator
import sys as _sys

from struct import _float_to_bits, _bits_to_float

__all__ = ['ArrayType', 'array', 'typecodes']

typecodes = 'bBuhHiIlLqQfd'

_ORDER = _sys.byteorder
_LONG_MIN = -(1 << 63)
_LONG_MAX = (1 << 63) - 1
_ULONG_MAX = (1 << 64) - 1
_INT_MIN = -(1 << 31)
_INT_MAX = (1 << 31) - 1

_ITEMSIZE = {'b': 1, 'B': 1, 'u': 4, 'h': 2, 'H': 2, 'i': 4, 'I': 4,
             'l': 8, 'L': 8, 'q': 8, 'Q': 8, 'f': 4, 'd': 8}

_SIGNED = 'bhilq'

_C_LONG = (_LONG_MIN, _LONG_MAX,
           "Python int too large to convert to C long",
           "Python int too large to convert to C long")
_C_ULONG = (0, _ULONG_MAX,
            "Python int too large to convert to C unsigned long",
            "can't convert negative value to unsigned int")
_C_INT = (_INT_MIN, _INT_MAX,
          "signed integer is greater than maximum",
          "signed integer is less than minimum")
_C_SHORT = (-32768, 32767,
            "signed short integer is greater than maximum",
            "signed short integer is less than minimum")

# typecode -> the range checks an integer goes through, in order; each is
# (lowest, highest, message when above, message when below)
_INT_CHECKS = {
    'b': (_C_LONG, _C_SHORT,
          (-128, 127, "signed char is greater than maximum",
           "signed char is less than minimum")),
    'B': (_C_LONG,
          (0, 255, "unsigned byte integer is greater than maximum",
           "unsigned byte integer is less than minimum")),
    'h': (_C_LONG, _C_SHORT),
    'H': (_C_LONG, _C_INT,
          (0, 65535, "unsigned short is greater than maximum",
           "unsigned short is less than minimum")),
    'i': (_C_LONG, _C_INT),
    'I': (_C_ULONG,
          (0, (1 << 32) - 1, "unsigned int is greater than maximum", "")),
    'l': (_C_LONG,),
    'L': (_C_ULONG,),
    'q': ((_LONG_MIN, _LONG_MAX, "int too big to convert",
           "int too big to convert"),),
    'Q': ((0, _ULONG_MAX, "int too big to convert",
           "can't convert negative int to unsigned"),),
}


def _int_converter(code):
    checks = _INT_CHECKS[code]

    def convert(v):
        v = _operator.index(v)
        for low, high, above, below in checks:
            if v > high:
                raise OverflowError(above)
            if v < low:
                raise OverflowError(below)
        return v
    return convert


def _real(v):
    if isinstance(v, float):
        return float(v)
    kind = type(v)
    if hasattr(kind, '__float__'):
        return kind.__float__(v)
    if hasattr(kind, '__index__'):
        return float(_operator.index(v))
    raise TypeError("must be real number, not %s" % kind.__name__)


def _to_single(v):
    # a C float holds the double rounded to single precision
    return _bits_to_float(_float_to_bits(_real(v), 'f', False), 'f')


def _to_char(v):
    if not isinstance(v, str) or len(v) != 1:
        raise TypeError("array item must be unicode character")
    return v


_CONVERT = {code: _int_converter(code) for code in _INT_CHECKS}
_CONVERT['f'] = _to_single
_CONVERT['d'] = _real
_CONVERT['u'] = _to_char


# ---- raw bytes <-> items

def _encode(code, items):
    size = _ITEMSIZE[code]
    if code == 'u':
        return b''.join([ord(c).to_bytes(4, _ORDER) for c in items])
    if code in 'fd':
        return b''.join([_float_to_bits(x, code, False).to_bytes(size, _ORDER)
                         for x in items])
    signed = code in _SIGNED
    return b''.join([x.to_bytes(size, _ORDER, signed=signed)
                     for x in items])


def _decode(code, data):
    size = _ITEMSIZE[code]
    count = len(data) // size
    from_bytes = int.from_bytes
    if code == 'u':
        out = []
        for k in range(count):
            point = from_bytes(data[k * 4:k * 4 + 4], _ORDER)
            if point > 0x10FFFF:
                raise ValueError("character U+%x is not in range "
                                 "[U+0000; U+10ffff]" % point)
            out.append(chr(point))
        return out
    if code in 'fd':
        return [_bits_to_float(from_bytes(data[k * size:(k + 1) * size],
                                          _ORDER), code)
                for k in range(count)]
    signed = code in _SIGNED
    if size == 1:
        if signed:
            return [b - 256 if b > 127 else b for b in data]
        return list(data)
    return [from_bytes(data[k * size:(k + 1) * size], _ORDER, signed=signed)
            for k in range(count)]


def _bytes_of(obj):
    if isinstance(obj, bytes):
        return obj
    if isinstance(obj, (bytearray, memoryview)):
        return bytes(obj)
    if isinstance(obj, array):
        return obj.tobytes()
    hook = getattr(type(obj), '__buffer__', None)
    if hook is not None and not isinstance(obj, str):
        return bytes(hook(obj, 0))
    raise TypeError("a bytes-like object is required, not '%s'"
                    % type(obj).__name__)


def _index_arg(v):
    if hasattr(type(v), '__index__'):
        return _operator.index(v)
    raise TypeError("array indices must be integers")


def _slice_bound(v):
    if not hasattr(type(v), '__index__'):
        raise TypeError("slice indices must be integers or have an "
                        "__index__ method")
    return _operator.index(v)


def _repeat_count(n):
    if not hasattr(type(n), '__index__'):
        raise TypeError("can't multiply sequence by non-int of type '%s'"
                        % type(n).__name__)
    n = _operator.index(n)
    if n > _LONG_MAX or n < _LONG_MIN:
        raise OverflowError("cannot fit 'int' into an index-sized integer")
    return n


class array:
    """array(typecode[, initializer]) -> array of items of one C type."""

    __slots__ = ('_code', '_items', '__weakref__')

    def __new__(cls, *args, **kwargs):
        if kwargs and cls is array:
            raise TypeError("array.array() takes no keyword arguments")
        if not args:
            raise TypeError("array() takes at least 1 argument (0 given)")
        if len(args) > 2:
            raise TypeError("array() takes at most 2 arguments (%d given)"
                            % len(args))
        code = args[0]
        if not isinstance(code, str) or len(code) != 1:
            raise TypeError("array() argument 1 must be a unicode character,"
                            " not %s" % type(code).__name__)
        if code not in _ITEMSIZE:
            raise ValueError("bad typecode (must be b, B, u, h, H, i, I, l, "
                             "L, q, Q, f or d)")
        self = object.__new__(cls)
        self._code = code
        self._items = []
        if len(args) < 2 or args[1] is None:
            return self
        init = args[1]
        if isinstance(init, str):
            if code != 'u':
                raise TypeError("cannot use a str to initialize an array "
                                "with typecode '%s'" % code)
            self._items = list(init)
        elif isinstance(init, array) and init._code == 'u' and code != 'u':
            raise TypeError("cannot use a unicode array to initialize an "
                            "array with typecode '%s'" % code)
        elif isinstance(init, (bytes, bytearray)):
            self.frombytes(init)
        elif isinstance(init, array):
            items = list(init._items)
            if init._code != code:
                convert = _CONVERT[code]
                items = [convert(v) for v in items]
            self._items = items
        elif isinstance(init, (list, tuple)):
            convert = _CONVERT[code]
            self._items = [convert(v) for v in init]
        else:
            self.extend(init)
        return self

    # ---- construction helpers

    def _like(self, items):
        # a plain array of this typecode (slices and concatenations are
        # base-type arrays, as CPython makes them)
        other = object.__new__(array)
        other._code = self._code
        other._items = items
        return other

    # ---- attributes

    @property
    def typecode(self):
        """The typecode character used to create the array."""
        return self._code

    @property
    def itemsize(self):
        """Size in bytes of one item."""
        return _ITEMSIZE[self._code]

    # ---- sequence protocol

    def __len__(self):
        return len(self._items)

    def __iter__(self):
        return arrayiterator(self)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return self._like(self._items[index])
        index = _index_arg(index)
        try:
            return self._items[index]
        except IndexError:
            raise IndexError("array index out of range") from None

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            if not isinstance(value, array):
                raise TypeError('can only assign array (not "%s") to array '
                                'slice' % type(value).__name__)
            if value._code != self._code:
                raise TypeError("bad argument type for built-in operation")
            new = list(value._items)
            items = self._items
            step = index.step
            if step is not None and _slice_bound(step) != 1:
                wanted = len(range(*index.indices(len(items))))
                if wanted != len(new):
                    raise ValueError("attempt to assign array of size %d to "
                                     "extended slice of size %d"
                                     % (len(new), wanted))
            items[index] = new
            return
        index = _index_arg(index)
        value = _CONVERT[self._code](value)
        try:
            self._items[index] = value
        except IndexError:
            raise IndexError("array assignment index out of range") from None

    def __delitem__(self, index):
        if isinstance(index, slice):
            del self._items[index]
            return
        index = _index_arg(index)
        try:
            del self._items[index]
        except IndexError:
            raise IndexError("array assignment index out of range") from None

    def __contains__(self, value):
        for item in self._items:
            if item == value:
                return True
        return False

    def __add__(self, other):
        if not isinstance(other, array):
            raise TypeError('can only append array (not "%s") to array'
                            % type(other).__name__)
        if other._code != self._code:
            raise TypeError("bad argument type for built-in operation")
        return self._like(self._items + other._items)

    def __iadd__(self, other):
        if not isinstance(other, array):
            raise TypeError('can only extend array with array (not "%s")'
                            % type(other).__name__)
        if other._code != self._code:
            raise TypeError("can only extend with array of same kind")
        self._items.extend(list(other._items))
        return self

    def __mul__(self, n):
        return self._like(self._items * _repeat_count(n))

    def __rmul__(self, n):
        return self._like(self._items * _repeat_count(n))

    def __imul__(self, n):
        n = _repeat_count(n)
        items = self._items
        if n <= 0:
            del items[:]
        elif n > 1:
            items.extend(items * (n - 1))
        return self

    # ---- comparisons: item by item, as the values compare

    def _compare(self, other, op):
        if not isinstance(other, array):
            return NotImplemented
        mine = self._items
        theirs = other._items
        if len(mine) != len(theirs) and op in ('eq', 'ne'):
            return op == 'ne'
        for a, b in zip(mine, theirs):
            if not a == b:
                break
        else:
            a = len(mine)
            b = len(theirs)
        return getattr(_operator, op)(a, b)

    def __eq__(self, other):
        return self._compare(other, 'eq')

    def __ne__(self, other):
        return self._compare(other, 'ne')

    def __lt__(self, other):
        return self._compare(other, 'lt')

    def __le__(self, other):
        return self._compare(other, 'le')

    def __gt__(self, other):
        return self._compare(other, 'gt')

    def __ge__(self, other):
        return self._compare(other, 'ge')

    __hash__ = None

    # ---- list-like methods

    def append(self, v, /):
        """Add one item at the end."""
        self._items.append(_CONVERT[self._code](v))

    def extend(self, bb, /):
        """Append the items of an array of the same kind or of an
        iterable."""
        if isinstance(bb, array):
            if bb._code != self._code:
                raise TypeError("can only extend with array of same kind")
            self._items.extend(list(bb._items))
            return
        convert = _CONVERT[self._code]
        append = self._items.append
        for v in bb:
            append(convert(v))

    def insert(self, i, v, /):
        """Insert v before position i."""
        i = _operator.index(i)
        self._items.insert(i, _CONVERT[self._code](v))

    def pop(self, i=-1, /):
        """Remove the item at position i (default last) and return it."""
        i = _operator.index(i)
        items = self._items
        try:
            return items.pop(i)
        except IndexError:
            if not items:
                raise IndexError("pop from empty array") from None
            raise IndexError("pop index out of range") from None

    def _find(self, v, start, stop):
        items = self._items
        n = len(items)
        begin, end, _ = slice(start, stop).indices(n)
        for k in range(begin, end):
            if items[k] == v:
                return k
        return -1

    def remove(self, v, /):
        """Remove the first item equal to v."""
        k = self._find(v, 0, None)
        if k < 0:
            raise ValueError("array.remove(x): x not in array")
        del self._items[k]

    def index(self, v, start=0, stop=_sys.maxsize, /):
        """Position of the first item equal to v within [start, stop)."""
        start = _slice_bound(start)
        stop = _slice_bound(stop)
        k = self._find(v, start, stop)
        if k < 0:
            raise ValueError("array.index(x): x not in array")
        return k

    def count(self, v, /):
        """Number of items equal to v."""
        n = 0
        for item in self._items:
            if item == v:
                n += 1
        return n

    def reverse(self):
        """Reverse the items in place."""
        self._items.reverse()

    def buffer_info(self):
        """(address, length); the address is an identifier for the item
        storage, 0 when the array is empty."""
        n = len(self._items)
        return (id(self._items) if n else 0, n)

    def byteswap(self):
        """Reverse the byte order of every item."""
        size = _ITEMSIZE[self._code]
        if size == 1:
            return
        swapped = []
        chunk = _encode(self._code, self._items)
        for k in range(0, len(chunk), size):
            swapped.append(chunk[k:k + size][::-1])
        self._items[:] = _decode(self._code, b''.join(swapped))

    # ---- conversions

    def tobytes(self):
        """The items as machine values, in one bytes object."""
        return _encode(self._code, list(self._items))

    def frombytes(self, buffer, /):
        """Append items read from machine values in a bytes-like object."""
        data = _bytes_of(buffer)
        if len(data) % _ITEMSIZE[self._code]:
            raise ValueError("bytes length not a multiple of item size")
        self._items.extend(_decode(self._code, data))

    def tolist(self):
        """The items as a list."""
        return list(self._items)

    def fromlist(self, list_, /):
        """Append the items of a list (all of them or, on error, none)."""
        if not isinstance(list_, list):
            raise TypeError("arg must be list")
        convert = _CONVERT[self._code]
        self._items.extend([convert(v) for v in list_])

    def tounicode(self):
        """The characters of a 'u' array as a str."""
        if self._code != 'u':
            raise ValueError("tounicode() may only be called on unicode "
                             "type arrays")
        return ''.join(self._items)

    def fromunicode(self, ustr, /):
        """Append the characters of a str to a 'u' array."""
        if not isinstance(ustr, str):
            raise TypeError("fromunicode() argument must be str, not %s"
                            % type(ustr).__name__)
        if self._code != 'u':
            raise ValueError("fromunicode() may only be called on unicode "
                             "type arrays")
        self._items.extend(list(ustr))

    def tofile(self, f, /):
        """Write the machine values of the items to a binary file."""
        f.write(self.tobytes())

    def fromfile(self, f, n, /):
        """Read n items from a binary file and append them."""
        n = _operator.index(n)
        if n < 0:
            raise ValueError("negative count")
        size = _ITEMSIZE[self._code]
        data = f.read(n * size)
        if not isinstance(data, bytes):
            raise TypeError("read() didn't return bytes")
        self.frombytes(data)
        if len(data) != n * size:
            raise EOFError("read() didn't return enough bytes")

    def __bytes__(self):
        return self.tobytes()

    def __buffer__(self, flags):
        return memoryview(self.tobytes())

    # ---- copying, pickling, display

    def __copy__(self):
        return self._like(list(self._items))

    def __deepcopy__(self, memo):
        return self._like(list(self._items))

    def __reduce_ex__(self, protocol):
        state = getattr(self, '__dict__', None) or None
        return (type(self), (self._code, list(self._items)), state)

    def __repr__(self):
        name = type(self).__name__
        if not self._items:
            return "%s('%s')" % (name, self._code)
        if self._code == 'u':
            return "%s('u', %r)" % (name, ''.join(self._items))
        return "%s('%s', %r)" % (name, self._code, list(self._items))


class arrayiterator:
    """Iterator over an array; it sees changes made while iterating."""

    __slots__ = ('_array', '_pos')

    def __init__(self, arr):
        self._array = arr
        self._pos = 0

    def __iter__(self):
        return self

    def __next__(self):
        arr = self._array
        if arr is None:
            raise StopIteration
        pos = self._pos
        try:
            item = arr._items[pos]
        except IndexError:
            self._array = None
            raise StopIteration from None
        self._pos = pos + 1
        return item


ArrayType = array
