"""Conversions between binary data and ASCII encodings: hexadecimal,
base64, quoted-printable and uuencode lines, plus the CRC-32 and
CRC-CCITT checksums.

Decoders accept bytes-like objects or str holding only ASCII characters;
encoders accept bytes-like objects only.
"""

__all__ = ['Error', 'Incomplete', 'a2b_base64', 'a2b_hex', 'a2b_qp',
           'a2b_uu', 'b2a_base64', 'b2a_hex', 'b2a_qp', 'b2a_uu', 'crc32',
           'crc_hqx', 'hexlify', 'unhexlify']


class Error(ValueError):
    pass


class Incomplete(Exception):
    pass


Error.__module__ = 'binascii'
Incomplete.__module__ = 'binascii'


def _binary(data):
    """bytes of a bytes-like argument (encoders)."""
    if isinstance(data, bytes):
        return data
    if isinstance(data, (bytearray, memoryview)):
        return bytes(data)
    hook = getattr(type(data), '__buffer__', None)
    if hook is not None and not isinstance(data, str):
        return bytes(hook(data, 0))
    raise TypeError("a bytes-like object is required, not '%s'"
                    % type(data).__name__)


def _ascii(data):
    """bytes of a decoder argument: bytes-like or ASCII-only str."""
    if isinstance(data, str):
        if not data.isascii():
            raise ValueError("string argument should contain only ASCII "
                             "characters")
        return data.encode('ascii')
    try:
        return _binary(data)
    except TypeError:
        raise TypeError("argument should be bytes, buffer or ASCII string, "
                        "not '%s'" % type(data).__name__) from None


# ---- hexadecimal

def b2a_hex(data, sep=None, bytes_per_sep=1):
    """Hexadecimal text of data, two digits per byte; with sep, a separator
    every bytes_per_sep bytes (counted from the right, or from the left
    when negative)."""
    data = _binary(data)
    if sep is None:
        return data.hex().encode('ascii')
    if isinstance(sep, (bytes, bytearray)):
        sep = bytes(sep).decode('latin-1')
    elif not isinstance(sep, str):
        raise TypeError("sep must be str or bytes.")
    if len(sep) != 1:
        raise ValueError("sep must be length 1.")
    return data.hex(sep, bytes_per_sep).encode('latin-1')


hexlify = b2a_hex

_HEXVAL = {}
for _k, _ch in enumerate(b'0123456789abcdef'):
    _HEXVAL[_ch] = _k
for _k, _ch in enumerate(b'ABCDEF'):
    _HEXVAL[_ch] = _k + 10
del _k, _ch


def a2b_hex(hexstr):
    """Bytes of a hexadecimal string (two digits per byte)."""
    data = _ascii(hexstr)
    if len(data) % 2:
        raise Error("Odd-length string")
    out = bytearray()
    values = _HEXVAL
    for k in range(0, len(data), 2):
        hi = values.get(data[k])
        lo = values.get(data[k + 1])
        if hi is None or lo is None:
            raise Error("Non-hexadecimal digit found")
        out.append(hi * 16 + lo)
    return bytes(out)


unhexlify = a2b_hex


# ---- base64

_B64 = b'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
_B64VAL = {c: k for k, c in enumerate(_B64)}
_PAD = 61  # '='


def b2a_base64(data, *, newline=True):
    """Base64 text of data, with a trailing newline unless newline is
    false."""
    data = _binary(data)
    alphabet = _B64
    out = bytearray()
    n = len(data)
    full = n - n % 3
    for k in range(0, full, 3):
        chunk = (data[k] << 16) | (data[k + 1] << 8) | data[k + 2]
        out.append(alphabet[chunk >> 18])
        out.append(alphabet[(chunk >> 12) & 63])
        out.append(alphabet[(chunk >> 6) & 63])
        out.append(alphabet[chunk & 63])
    rest = n - full
    if rest == 1:
        chunk = data[full] << 16
        out += bytes((alphabet[chunk >> 18], alphabet[(chunk >> 12) & 63],
                      _PAD, _PAD))
    elif rest == 2:
        chunk = (data[full] << 16) | (data[full + 1] << 8)
        out += bytes((alphabet[chunk >> 18], alphabet[(chunk >> 12) & 63],
                      alphabet[(chunk >> 6) & 63], _PAD))
    if newline:
        out.append(10)
    return bytes(out)


def a2b_base64(data, /, *, strict_mode=False):
    """Bytes of base64 text.  Characters outside the alphabet are skipped
    (an error with strict_mode), and decoding stops at the padding that
    completes a group."""
    data = _ascii(data)
    values = _B64VAL
    out = bytearray()
    group = 0       # bits gathered for the current group
    filled = 0      # characters in the current group (0..3)
    pads = 0
    padding_seen = False
    total = len(data)
    for pos in range(total):
        ch = data[pos]
        if ch == _PAD:
            padding_seen = True
            if strict_mode and filled == 0:
                raise Error("Leading padding not allowed")
            if filled >= 2:
                pads += 1
                if filled + pads >= 4:
                    if strict_mode and pos + 1 < total:
                        raise Error("Excess data after padding")
                    return bytes(out)
            continue
        value = values.get(ch)
        if value is None:
            if strict_mode:
                raise Error("Only base64 data is allowed")
            continue
        if strict_mode and padding_seen:
            raise Error("Discontinuous padding not allowed")
        pads = 0
        group = (group << 6) | value
        filled += 1
        if filled == 2:
            out.append(group >> 4)
            group &= 0xF
        elif filled == 3:
            out.append(group >> 2)
            group &= 0x3
        elif filled == 4:
            out.append(group)
            group = 0
            filled = 0
    if filled == 1:
        raise Error("Invalid base64-encoded string: number of data "
                    "characters (%d) cannot be 1 more than a multiple of 4"
                    % (len(out) // 3 * 4 + 1))
    if filled:
        raise Error("Incorrect padding")
    return bytes(out)


# ---- checksums

def _crc32_table():
    table = []
    for n in range(256):
        c = n
        for _ in range(8):
            c = (c >> 1) ^ 0xEDB88320 if c & 1 else c >> 1
        table.append(c)
    return tuple(table)


def _crc_ccitt_table():
    table = []
    for n in range(256):
        c = n << 8
        for _ in range(8):
            c = ((c << 1) ^ 0x1021) if c & 0x8000 else c << 1
        table.append(c & 0xFFFF)
    return tuple(table)


_CRC32 = _crc32_table()
_CRC16 = _crc_ccitt_table()


def _mask_arg(value, bits):
    import operator
    return operator.index(value) & ((1 << bits) - 1)


def crc32(data, crc=0, /):
    """CRC-32 of data (the zlib/PNG checksum), continuing from crc."""
    data = _binary(data)
    table = _CRC32
    c = _mask_arg(crc, 32) ^ 0xFFFFFFFF
    for b in data:
        c = table[(c ^ b) & 0xFF] ^ (c >> 8)
    return c ^ 0xFFFFFFFF


def crc_hqx(*args):
    """CRC-CCITT (polynomial 0x1021, as in binhex4) of data, starting
    from crc: crc_hqx(data, crc)."""
    if len(args) != 2:
        raise TypeError("crc_hqx expected 2 arguments, got %d" % len(args))
    data = _binary(args[0])
    table = _CRC16
    c = _mask_arg(args[1], 16)
    for b in data:
        c = ((c << 8) & 0xFF00) ^ table[(c >> 8) ^ b]
    return c


# ---- quoted-printable

_MAXLINE = 76
_HEXUP = b'0123456789ABCDEF'


def a2b_qp(data, header=False):
    """Bytes of quoted-printable text: '=XX' escapes, '=' line
    continuations, and with header, '_' for space."""
    data = _ascii(data)
    n = len(data)
    out = bytearray()
    pos = 0
    while pos < n:
        ch = data[pos]
        if ch == 61:  # '='
            pos += 1
            if pos >= n:
                break
            nxt = data[pos]
            if nxt == 10 or nxt == 13:
                # soft line break: skip to just past the newline
                while pos < n and data[pos] != 10:
                    pos += 1
                if pos < n:
                    pos += 1
            elif nxt == 61:
                out.append(61)
                pos += 1
            elif (pos + 1 < n and nxt in _HEXVAL
                    and data[pos + 1] in _HEXVAL):
                out.append(_HEXVAL[nxt] * 16 + _HEXVAL[data[pos + 1]])
                pos += 2
            else:
                out.append(61)
        elif header and ch == 95:  # '_'
            out.append(32)
            pos += 1
        else:
            out.append(ch)
            pos += 1
    return bytes(out)


def b2a_qp(data, quotetabs=False, istext=True, header=False):
    """Quoted-printable text of data, lines at most 76 characters.
    quotetabs escapes every space and tab, istext=False escapes line
    breaks too, header writes spaces as '_' (and escapes '_')."""
    data = _binary(data)
    n = len(data)
    first_nl = data.find(b'\n')
    crlf = first_nl > 0 and data[first_nl - 1] == 13
    eol = b'\r\n' if crlf else b'\n'
    soft = b'=' + eol
    out = bytearray()
    linelen = 0
    pos = 0
    while pos < n:
        ch = data[pos]
        last = pos + 1 == n
        nxt = -1 if last else data[pos + 1]
        escape = (
            ch > 126 or ch == 61
            or (header and ch == 95)
            or (ch == 46 and linelen == 0
                and (last or nxt in (10, 13, 0)))
            or (not istext and ch in (10, 13))
            or (ch in (9, 32) and last)
            or (ch < 33 and ch not in (10, 13)
                and (quotetabs or ch not in (9, 32))))
        if escape:
            if linelen + 3 >= _MAXLINE:
                out += soft
                linelen = 0
            out.append(61)
            out.append(_HEXUP[ch >> 4])
            out.append(_HEXUP[ch & 15])
            linelen += 3
            pos += 1
            continue
        if istext and (ch == 10 or (ch == 13 and nxt == 10)):
            linelen = 0
            if out and out[-1] in (9, 32):
                # trailing whitespace would be lost: escape it
                tail = out[-1]
                out[-1] = 61
                out.append(_HEXUP[tail >> 4])
                out.append(_HEXUP[tail & 15])
            out += eol
            pos += 2 if ch == 13 else 1
            continue
        if not last and nxt != 10 and linelen + 1 >= _MAXLINE:
            out += soft
            linelen = 0
        linelen += 1
        out.append(95 if header and ch == 32 else ch)
        pos += 1
    return bytes(out)


# ---- uuencode

def b2a_uu(data, /, *, backtick=False):
    """One uuencoded line (at most 45 bytes of data)."""
    data = _binary(data)
    n = len(data)
    if n > 45:
        raise Error("At most 45 bytes at once")

    def char(v):
        return 96 if backtick and v == 0 else 32 + v
    out = bytearray([char(n)])
    padded = data + bytes(-n % 3)
    for k in range(0, len(padded), 3):
        chunk = (padded[k] << 16) | (padded[k + 1] << 8) | padded[k + 2]
        for shift in (18, 12, 6, 0):
            out.append(char((chunk >> shift) & 63))
    out.append(10)
    return bytes(out)


def a2b_uu(data, /):
    """Bytes of one uuencoded line."""
    data = _ascii(data)
    if not data:
        return bytes(32)
    length = (data[0] - 32) & 63
    body = data[1:]
    out = bytearray()
    bits = 0
    nbits = 0
    pos = 0
    while len(out) < length:
        if pos < len(body) and body[pos] not in (10, 13):
            ch = body[pos]
            if ch < 32 or ch > 96:
                raise Error("Illegal char")
            value = (ch - 32) & 63
        else:
            value = 0   # a short line is filled with zero bits
        pos += 1
        bits = (bits << 6) | value
        nbits += 6
        if nbits >= 8:
            nbits -= 8
            out.append((bits >> nbits) & 0xFF)
            bits &= (1 << nbits) - 1
    for ch in body[pos:]:
        if ch not in (32, 96, 10, 13):
            raise Error("Trailing garbage")
    return bytes(out)
