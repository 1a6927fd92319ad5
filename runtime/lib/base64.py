"""Base16, Base32, Base64 (RFC 4648), Ascii85 and Base85 encodings.

Encoders take bytes-like objects and return bytes.  Decoders also accept
str made only of ASCII characters.  Malformed input raises binascii.Error
(Base16/32/64) or ValueError (Ascii85/Base85).
"""

import binascii

__all__ = [
    'encode', 'decode', 'encodebytes', 'decodebytes',
    'b64encode', 'b64decode', 'b32encode', 'b32decode',
    'b32hexencode', 'b32hexdecode', 'b16encode', 'b16decode',
    'b85encode', 'b85decode', 'a85encode', 'a85decode',
    'standard_b64encode', 'standard_b64decode',
    'urlsafe_b64encode', 'urlsafe_b64decode',
]

bytes_types = (bytes, bytearray)


def _as_buffer(obj):
    # bytes of a bytes-like object, or None when obj is not one
    if isinstance(obj, bytes):
        return obj
    if isinstance(obj, (bytearray, memoryview)):
        return bytes(obj)
    if isinstance(obj, str):
        return None
    hook = getattr(type(obj), '__buffer__', None)
    if hook is not None:
        return bytes(hook(obj, 0))
    return None


def _decode_input(s):
    """Decoder input as bytes: ASCII str or bytes-like."""
    if isinstance(s, str):
        if not s.isascii():
            raise ValueError('string argument should contain only ASCII '
                             'characters')
        return s.encode('ascii')
    data = _as_buffer(s)
    if data is None:
        raise TypeError("argument should be a bytes-like object or ASCII "
                        "string, not %r" % type(s).__name__)
    return data


def _encode_input(s):
    """Encoder input as bytes; the error names memoryview, as CPython's
    does (it wraps the argument in one)."""
    data = _as_buffer(s)
    if data is None:
        raise TypeError("memoryview: a bytes-like object is required, "
                        "not '%s'" % type(s).__name__)
    return data


def _swap(data, source, target):
    # replace each byte of source with the byte of target at its place
    return data.translate(bytes.maketrans(source, target))


# ---- Base64

def b64encode(s, altchars=None):
    """Base64 of s; altchars (2 bytes) replaces '+' and '/'."""
    encoded = binascii.b2a_base64(s, newline=False)
    if altchars is not None:
        alt = _as_buffer(altchars)
        if alt is None:
            raise TypeError("a bytes-like object is required, not '%s'"
                            % type(altchars).__name__)
        if len(alt) != 2:
            raise AssertionError(repr(altchars))
        return _swap(encoded, b'+/', alt)
    return encoded


def b64decode(s, altchars=None, validate=False):
    """Bytes of Base64 s.  altchars (2 bytes) stands for '+' and '/'.
    Without validate, characters outside the alphabet are skipped; with
    it they are an error."""
    s = _decode_input(s)
    if altchars is not None:
        alt = _decode_input(altchars)
        if len(alt) != 2:
            raise AssertionError(repr(alt))
        s = _swap(s, alt, b'+/')
    return binascii.a2b_base64(s, strict_mode=validate)


def standard_b64encode(s):
    """Base64 of s with the standard alphabet."""
    return b64encode(s)


def standard_b64decode(s):
    """Bytes of Base64 s in the standard alphabet."""
    return b64decode(s)


def urlsafe_b64encode(s):
    """Base64 of s with '-' and '_' in place of '+' and '/'."""
    return _swap(b64encode(s), b'+/', b'-_')


def urlsafe_b64decode(s):
    """Bytes of URL-safe Base64 s ('-' and '_' for '+' and '/')."""
    s = _decode_input(s)
    return b64decode(_swap(s, b'-_', b'+/'))


# ---- Base32

_B32_STD = b'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
_B32_HEX = b'0123456789ABCDEFGHIJKLMNOPQRSTUV'
# trailing '=' count -> number of bytes the last 8-character group holds
_B32_TAIL = {0: 5, 1: 4, 3: 3, 4: 2, 6: 1}


def _b32_encode(alphabet, s):
    data = _encode_input(s)
    out = bytearray()
    n = len(data)
    padded = data + bytes(-n % 5)
    for k in range(0, len(padded), 5):
        word = int.from_bytes(padded[k:k + 5], 'big')
        for shift in range(35, -1, -5):
            out.append(alphabet[(word >> shift) & 31])
    tail = n % 5
    if tail:
        keep = {1: 2, 2: 4, 3: 5, 4: 7}[tail]
        out[len(out) - 8 + keep:] = b'=' * (8 - keep)
    return bytes(out)


def _b32_decode(alphabet, s, casefold, map01):
    s = _decode_input(s)
    if len(s) % 8:
        raise binascii.Error('Incorrect padding')
    if map01 is not None:
        target = _decode_input(map01)
        if len(target) != 1:
            raise AssertionError(repr(target))
        s = _swap(s, b'01', b'O' + target)
    if casefold:
        s = s.upper()
    body = s.rstrip(b'=')
    pads = len(s) - len(body)
    values = {c: k for k, c in enumerate(alphabet)}
    out = bytearray()
    for k in range(0, len(s), 8):
        group = body[k:k + 8]
        word = 0
        for ch in group:
            v = values.get(ch)
            if v is None:
                raise binascii.Error('Non-base32 digit found')
            word = (word << 5) | v
        word <<= 5 * (8 - len(group))
        out += word.to_bytes(5, 'big')
    if pads:
        if pads not in _B32_TAIL:
            raise binascii.Error('Incorrect padding')
        del out[len(out) - 5 + _B32_TAIL[pads]:]
    return bytes(out)


def b32encode(s):
    """Base32 of s (RFC 4648 alphabet)."""
    return _b32_encode(_B32_STD, s)


def b32decode(s, casefold=False, map01=None):
    """Bytes of Base32 s.  casefold accepts lowercase; map01 names the
    letter ('I' or 'L') that the digit 1 stands for, and maps 0 to O."""
    return _b32_decode(_B32_STD, s, casefold, map01)


def b32hexencode(s):
    """Base32 of s with the extended hex alphabet (RFC 4648 section 7)."""
    return _b32_encode(_B32_HEX, s)


def b32hexdecode(s, casefold=False):
    """Bytes of Base32 s in the extended hex alphabet."""
    return _b32_decode(_B32_HEX, s, casefold, None)


# ---- Base16

def b16encode(s):
    """Uppercase hexadecimal of s."""
    return binascii.hexlify(s).upper()


def b16decode(s, casefold=False):
    """Bytes of uppercase hexadecimal s (any case with casefold)."""
    s = _decode_input(s)
    if casefold:
        s = s.upper()
    for ch in s:
        if not (48 <= ch <= 57 or 65 <= ch <= 70):
            raise binascii.Error('Non-base16 digit found')
    return binascii.unhexlify(s)


# ---- Ascii85 and Base85

_A85_START = b'<~'
_A85_END = b'~>'
_B85_ALPHABET = (b'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'
                 b'abcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~')


def _base85_words(data, digits, fold_zero, fold_spaces, pad):
    """Encode data 4 bytes at a time into 5 digits (most significant
    first).  The last group is zero-filled, and unless pad is set the
    digits standing for the fill are dropped."""
    fill = -len(data) % 4
    padded = data + bytes(fill)
    pieces = []
    for k in range(0, len(padded), 4):
        word = int.from_bytes(padded[k:k + 4], 'big')
        if fold_zero and word == 0:
            pieces.append(b'z')
            continue
        if fold_spaces and word == 0x20202020:
            pieces.append(b'y')
            continue
        group = bytearray(5)
        for j in range(4, -1, -1):
            word, rem = divmod(word, 85)
            group[j] = digits[rem]
        pieces.append(bytes(group))
    if fill and not pad:
        last = pieces[-1]
        if len(last) == 1:
            # a folded final group is written out before it is cut short
            last = bytes([digits[0]]) * 5
        pieces[-1] = last[:5 - fill]
    return b''.join(pieces)


def a85encode(b, *, foldspaces=False, wrapcol=0, pad=False, adobe=False):
    """Ascii85 of b.  foldspaces writes 'y' for four spaces, wrapcol
    breaks lines, pad keeps the digits of the final group's fill, adobe
    adds the <~ ~> frame."""
    data = _encode_input(b)
    digits = bytes(range(33, 33 + 85))
    result = _base85_words(data, digits, True, foldspaces, pad)
    if adobe:
        result = _A85_START + result
    if wrapcol:
        width = max(2 if adobe else 1, wrapcol)
        lines = [result[k:k + width] for k in range(0, len(result), width)]
        if adobe and len(lines[-1]) + 2 > width:
            lines.append(b'')
        result = b'\n'.join(lines)
    if adobe:
        result += _A85_END
    return result


def a85decode(b, *, foldspaces=False, adobe=False,
              ignorechars=b' \t\n\r\x0b'):
    """Bytes of Ascii85 b.  foldspaces accepts 'y' for four spaces, adobe
    expects the <~ ~> frame, ignorechars are skipped."""
    data = _decode_input(b)
    if adobe:
        if not data.endswith(_A85_END):
            raise ValueError("Ascii85 encoded byte sequences must end "
                             "with %r" % (_A85_END,))
        if data.startswith(_A85_START):
            data = data[2:-2]
        else:
            data = data[:-2]
    out = bytearray()
    group = []
    for ch in data:
        if 33 <= ch <= 117:
            group.append(ch - 33)
            if len(group) == 5:
                word = 0
                for v in group:
                    word = word * 85 + v
                if word > 0xFFFFFFFF:
                    raise ValueError('Ascii85 overflow')
                out += word.to_bytes(4, 'big')
                group = []
        elif ch == 122:  # 'z'
            if group:
                raise ValueError('z inside Ascii85 5-tuple')
            out += b'\x00\x00\x00\x00'
        elif foldspaces and ch == 121:  # 'y'
            if group:
                raise ValueError('y inside Ascii85 5-tuple')
            out += b'    '
        elif ch in ignorechars:
            continue
        else:
            raise ValueError('Non-Ascii85 digit found: %c' % ch)
    if group:
        missing = 5 - len(group)
        group += [84] * missing
        word = 0
        for v in group:
            word = word * 85 + v
        if word > 0xFFFFFFFF:
            raise ValueError('Ascii85 overflow')
        out += word.to_bytes(4, 'big')[:4 - missing]
    return bytes(out)


_B85_VALUES = {c: k for k, c in enumerate(_B85_ALPHABET)}


def b85encode(b, pad=False):
    """Base85 of b (the alphabet of git's binary patches); pad keeps the
    digits of the final group's fill."""
    data = _encode_input(b)
    return _base85_words(data, _B85_ALPHABET, False, False, pad)


def b85decode(b):
    """Bytes of Base85 b."""
    data = _decode_input(b)
    missing = -len(data) % 5
    data = data + b'~' * missing
    out = bytearray()
    values = _B85_VALUES
    for k in range(0, len(data), 5):
        word = 0
        for j in range(k, k + 5):
            v = values.get(data[j])
            if v is None:
                raise ValueError('bad base85 character at position %d' % j)
            word = word * 85 + v
        if word > 0xFFFFFFFF:
            raise ValueError('base85 overflow in hunk starting at byte %d'
                             % k)
        out += word.to_bytes(4, 'big')
    if missing:
        del out[len(out) - missing:]
    return bytes(out)


# ---- MIME-style line-wrapped Base64

MAXLINESIZE = 76
MAXBINSIZE = (MAXLINESIZE // 4) * 3


def _legacy_input(s):
    data = _as_buffer(s)
    if data is None:
        raise TypeError("expected bytes-like object, not %s"
                        % type(s).__name__)
    return data


def encodebytes(s):
    """Base64 of s in lines of at most 76 characters, each ending with a
    newline."""
    data = _legacy_input(s)
    return b''.join(binascii.b2a_base64(data[k:k + MAXBINSIZE])
                    for k in range(0, len(data), MAXBINSIZE))


def decodebytes(s):
    """Bytes of (possibly multi-line) Base64 s."""
    return binascii.a2b_base64(_legacy_input(s))


def encode(input, output):
    """Read binary data from file input until EOF and write its Base64,
    in lines, to file output."""
    while True:
        chunk = input.read(MAXBINSIZE)
        if not chunk:
            break
        while len(chunk) < MAXBINSIZE:
            more = input.read(MAXBINSIZE - len(chunk))
            if not more:
                break
            chunk += more
        output.write(binascii.b2a_base64(chunk))


def decode(input, output):
    """Read Base64 lines from file input until EOF and write the decoded
    bytes to file output."""
    while True:
        line = input.readline()
        if not line:
            break
        output.write(binascii.a2b_base64(line))
