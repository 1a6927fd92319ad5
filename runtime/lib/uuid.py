"""RFC 4122 universally unique identifiers (Weft's uuid).

UUID objects are immutable 128-bit values with views as hex text, bytes,
little-endian bytes, RFC 4122 fields and an integer.  uuid1() is time and
node based, uuid3()/uuid5() hash a name inside a namespace (MD5 / SHA-1,
from hashlib, imported when first needed) and uuid4() is random.
"""

import os
import _thread
from enum import Enum

__author__ = 'Ka-Ping Yee <ping@zesty.ca>'

RESERVED_NCS = 'reserved for NCS compatibility'
RFC_4122 = 'specified in RFC 4122'
RESERVED_MICROSOFT = 'reserved for Microsoft compatibility'
RESERVED_FUTURE = 'reserved for future definition'

int_ = int      # the constructor's parameters shadow these two builtins
bytes_ = bytes


class SafeUUID(Enum):
    safe = 0
    unsafe = -1
    unknown = None


def _swap_le(raw):
    # Reverse the byte order of the first three fields (4, 2 and 2 bytes);
    # the same operation converts in either direction.
    return raw[3::-1] + raw[5:3:-1] + raw[7:5:-1] + raw[8:]


_FIELD_LIMITS = (
    (32, 'field 1 out of range (need a 32-bit value)'),
    (16, 'field 2 out of range (need a 16-bit value)'),
    (16, 'field 3 out of range (need a 16-bit value)'),
    (8, 'field 4 out of range (need an 8-bit value)'),
    (8, 'field 5 out of range (need an 8-bit value)'),
    (48, 'field 6 out of range (need a 48-bit value)'),
)


class UUID:
    """A UUID.  Build it from exactly one of:

        hex       -- 32 hex digits; braces, hyphens and a 'urn:uuid:'
                     prefix are ignored
        bytes     -- 16 bytes, most significant first
        bytes_le  -- 16 bytes with the first three fields little-endian
        fields    -- (time_low, time_mid, time_hi_version,
                      clock_seq_hi_variant, clock_seq_low, node)
        int       -- a 128-bit integer

    version (1-5) overwrites the variant bits with RFC 4122's and the
    version bits with that number.  is_safe records whether the generator
    guaranteed uniqueness across processes (a SafeUUID).
    """

    __slots__ = ('int', 'is_safe', '__weakref__')

    def __init__(self, hex=None, bytes=None, bytes_le=None, fields=None,
                 int=None, version=None, *, is_safe=SafeUUID.unknown):
        given = 0
        for source in (hex, bytes, bytes_le, fields, int):
            if source is not None:
                given += 1
        if given != 1:
            raise TypeError('one of the hex, bytes, bytes_le, fields, '
                            'or int arguments must be given')
        if hex is not None:
            digits = hex.replace('urn:', '').replace('uuid:', '')
            digits = digits.strip('{}').replace('-', '')
            if len(digits) != 32:
                raise ValueError('badly formed hexadecimal UUID string')
            int = int_(digits, 16)
        if bytes_le is not None:
            if len(bytes_le) != 16:
                raise ValueError('bytes_le is not a 16-char string')
            bytes = _swap_le(bytes_le)
        if bytes is not None:
            if len(bytes) == 16:
                assert isinstance(bytes, bytes_), repr(bytes)
            else:
                raise ValueError('bytes is not a 16-char string')
            int = int_.from_bytes(bytes, 'big')
        if fields is not None:
            if len(fields) != 6:
                raise ValueError('fields is not a 6-tuple')
            value = 0
            for part, (width, message) in zip(fields, _FIELD_LIMITS):
                if not 0 <= part < 1 << width:
                    raise ValueError(message)
                value = (value << width) | part
            int = value
        if not 0 <= int < 1 << 128:
            raise ValueError('int is out of range (need a 128-bit value)')
        if version is not None:
            if version < 1 or version > 5:
                raise ValueError('illegal version number')
            # variant bits (top two of clock_seq_hi) := 10
            int = (int & ~(0xc000 << 48)) | (0x8000 << 48)
            # version nibble (top of time_hi_version) := version
            int = (int & ~(0xf000 << 64)) | (version << 76)
        object.__setattr__(self, 'int', int)
        object.__setattr__(self, 'is_safe', is_safe)

    def __getstate__(self):
        state = {'int': self.int}
        if self.is_safe != SafeUUID.unknown:
            state['is_safe'] = self.is_safe.value
        return state

    def __setstate__(self, state):
        object.__setattr__(self, 'int', state['int'])
        if 'is_safe' in state:
            safety = SafeUUID(state['is_safe'])
        else:
            safety = SafeUUID.unknown
        object.__setattr__(self, 'is_safe', safety)

    def __eq__(self, other):
        if not isinstance(other, UUID):
            return NotImplemented
        return self.int == other.int

    def __lt__(self, other):
        if not isinstance(other, UUID):
            return NotImplemented
        return self.int < other.int

    def __gt__(self, other):
        if not isinstance(other, UUID):
            return NotImplemented
        return self.int > other.int

    def __le__(self, other):
        if not isinstance(other, UUID):
            return NotImplemented
        return self.int <= other.int

    def __ge__(self, other):
        if not isinstance(other, UUID):
            return NotImplemented
        return self.int >= other.int

    def __int__(self):
        return self.int

    def __hash__(self):
        return hash(self.int)

    def __repr__(self):
        return '%s(%r)' % (type(self).__name__, str(self))

    def __setattr__(self, name, value):
        raise TypeError('UUID objects are immutable')

    def __str__(self):
        text = '%032x' % self.int
        return '-'.join((text[:8], text[8:12], text[12:16], text[16:20],
                         text[20:]))

    @property
    def bytes(self):
        return self.int.to_bytes(16, 'big')

    @property
    def bytes_le(self):
        return _swap_le(self.bytes)

    def _bits(shift, width):
        # A read-only view of `width` bits of the integer, `shift` bits up.
        mask = (1 << width) - 1
        return property(lambda self: (self.int >> shift) & mask)

    time_low = _bits(96, 32)
    time_mid = _bits(80, 16)
    time_hi_version = _bits(64, 16)
    clock_seq_hi_variant = _bits(56, 8)
    clock_seq_low = _bits(48, 8)
    node = _bits(0, 48)
    del _bits

    @property
    def fields(self):
        return tuple(getattr(self, name) for name in
                     ('time_low', 'time_mid', 'time_hi_version',
                      'clock_seq_hi_variant', 'clock_seq_low', 'node'))

    @property
    def time(self):
        # 60-bit timestamp: time_hi (12 bits), time_mid, time_low
        return (((self.time_hi_version & 0x0fff) << 48)
                | (self.time_mid << 32) | self.time_low)

    @property
    def clock_seq(self):
        return ((self.clock_seq_hi_variant & 0x3f) << 8) | self.clock_seq_low

    hex = property(lambda self: '%032x' % self.int)
    urn = property(lambda self: 'urn:uuid:%s' % (self,))

    @property
    def variant(self):
        top = self.int >> 61     # the three most significant variant bits
        if not top & 4:
            return RESERVED_NCS
        if not top & 2:
            return RFC_4122
        if not top & 1:
            return RESERVED_MICROSOFT
        return RESERVED_FUTURE

    @property
    def version(self):
        # Only RFC 4122 UUIDs carry a version number.
        if self.variant == RFC_4122:
            return int_((self.int >> 76) & 0xf)
        return None


# ------------------------------------------------------------- node lookup

def _is_universal(mac):
    # The "locally administered" bit is clear in vendor-assigned addresses.
    return not mac & (1 << 41)


def _parse_mac(text):
    parts = text.strip().split(':')
    if len(parts) != 6:
        return None
    try:
        value = 0
        for part in parts:
            if not 1 <= len(part) <= 2:
                return None
            value = (value << 8) | int(part, 16)
    except ValueError:
        return None
    return value


def _sysfs_getnode():
    """A hardware address from /sys/class/net (Linux), or None.

    A universally administered address wins; otherwise the first locally
    administered one.  Zero and multicast addresses are skipped.
    """
    base = '/sys/class/net'
    try:
        names = sorted(os.listdir(base))
    except OSError:
        return None
    fallback = None
    for name in names:
        try:
            with open(base + '/' + name + '/address') as handle:
                mac = _parse_mac(handle.read())
        except OSError:
            continue
        if not mac or mac & (1 << 40):
            continue
        if _is_universal(mac):
            return mac
        if fallback is None:
            fallback = mac
    return fallback


def _random_getnode():
    """A random 48-bit node with the multicast bit set (RFC 4122, 4.5),
    so that it can never equal a real network card's address."""
    return int_.from_bytes(os.urandom(6), 'big') | (1 << 40)


_GETTERS = [_sysfs_getnode]

_node = None
_node_lock = _thread.allocate_lock()


def getnode():
    """The 48-bit hardware address of this machine as an integer.

    When no usable address is found a random one with the multicast bit
    set is chosen.  The result is computed once and then reused.
    """
    global _node
    with _node_lock:
        if _node is not None:
            return _node
        for getter in _GETTERS + [_random_getnode]:
            try:
                found = getter()
            except Exception:
                continue
            if found is not None and 0 <= found < (1 << 48):
                _node = found
                return _node
        raise AssertionError('_random_getnode() returned invalid value: {}'
                             .format(found))


# --------------------------------------------------------------- factories

_last_timestamp = None
_time_lock = _thread.allocate_lock()

# 100 ns intervals from the Gregorian reform (1582-10-15) to the Unix epoch
_GREGORIAN_OFFSET = 0x01b21dd213814000


def uuid1(node=None, clock_seq=None):
    """A version-1 UUID from the current time, clock_seq and node.

    node defaults to getnode(), clock_seq to 14 random bits.  Timestamps
    handed out by this process strictly increase.
    """
    global _last_timestamp
    import time
    stamp = time.time_ns() // 100 + _GREGORIAN_OFFSET
    with _time_lock:
        if _last_timestamp is not None and stamp <= _last_timestamp:
            stamp = _last_timestamp + 1
        _last_timestamp = stamp
    if clock_seq is None:
        clock_seq = int_.from_bytes(os.urandom(2), 'big') & 0x3fff
    if node is None:
        node = getnode()
    parts = (stamp & 0xffffffff,
             (stamp >> 32) & 0xffff,
             (stamp >> 48) & 0x0fff,
             (clock_seq >> 8) & 0x3f,
             clock_seq & 0xff,
             node)
    return UUID(fields=parts, version=1)


def uuid3(namespace, name):
    """A version-3 UUID: MD5 of the namespace UUID's bytes and name."""
    data = namespace.bytes + bytes(name, "utf-8")
    from hashlib import md5
    return UUID(bytes=md5(data).digest()[:16], version=3)


def uuid4():
    """A random (version-4) UUID."""
    return UUID(bytes=os.urandom(16), version=4)


def uuid5(namespace, name):
    """A version-5 UUID: SHA-1 of the namespace UUID's bytes and name."""
    data = namespace.bytes + bytes(name, "utf-8")
    from hashlib import sha1
    return UUID(bytes=sha1(data).digest()[:16], version=5)


# The RFC 4122 (appendix C) namespaces differ only in their last hex
# digit of time_low.
def _namespace(digit):
    return UUID('6ba7b81%s-9dad-11d1-80b4-00c04fd430c8' % digit)


NAMESPACE_DNS = _namespace('0')
NAMESPACE_URL = _namespace('1')
NAMESPACE_OID = _namespace('2')
NAMESPACE_X500 = _namespace('4')
del _namespace
