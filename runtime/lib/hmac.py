"""Keyed-hashing for message authentication (RFC 2104): `HMAC`, `new`,
`digest` and `compare_digest`, over `hashlib`.

Thread safety: an HMAC object may be updated from several threads; each
update goes whole into its inner hash, which has its own lock.
"""

import hashlib as _hashlib

trans_5C = bytes((x ^ 0x5C) for x in range(256))
trans_36 = bytes((x ^ 0x36) for x in range(256))
digest_size = None


def _digest_constructor(digestmod):
    if digestmod is None or digestmod == '':
        raise TypeError("Missing required parameter 'digestmod'.")
    if isinstance(digestmod, str):
        return lambda data=b'': _hashlib.new(digestmod, data)
    if callable(digestmod):
        return digestmod
    return lambda data=b'': digestmod.new(data)


def _padded_key(key, block, make):
    """The key as one block: hashed first when longer than a block, then
    filled out with zero bytes."""
    short = make(key).digest() if len(key) > block else bytes(key)
    return short + bytes(block - len(short))


class HMAC:
    """RFC 2104 HMAC over any hashlib digest."""

    blocksize = 64

    def __init__(self, key, msg=None, digestmod=''):
        if not isinstance(key, (bytes, bytearray)):
            raise TypeError('key: expected bytes or bytearray, but got %r'
                            % type(key).__name__)
        make = _digest_constructor(digestmod)
        self._inner = make()
        self._outer = make()
        self.digest_size = self._inner.digest_size
        block = getattr(self._inner, 'block_size', 64)
        if not isinstance(block, int) or block < 16:
            block = self.blocksize
        self.block_size = block
        padded = _padded_key(key, block, make)
        self._outer.update(padded.translate(trans_5C))
        self._inner.update(padded.translate(trans_36))
        if msg is not None:
            self._inner.update(msg)

    name = property(lambda self: 'hmac-%s' % self._inner.name)

    def update(self, msg):
        """Feeds more of the message."""
        self._inner.update(msg)

    def copy(self):
        twin = HMAC.__new__(HMAC)
        twin._inner = self._inner.copy()
        twin._outer = self._outer.copy()
        twin.digest_size = self.digest_size
        twin.block_size = self.block_size
        return twin

    def _finished_outer(self):
        outer = self._outer.copy()
        outer.update(self._inner.digest())
        return outer

    def digest(self):
        return self._finished_outer().digest()

    def hexdigest(self):
        return self._finished_outer().hexdigest()


def new(key, msg=None, digestmod=''):
    return HMAC(key, msg, digestmod)


def digest(key, msg, digest):
    return HMAC(key, msg, digest).digest()


def compare_digest(a, b, /):
    if isinstance(a, str) and isinstance(b, str):
        try:
            a = a.encode('ascii')
            b = b.encode('ascii')
        except UnicodeEncodeError:
            raise TypeError('comparing strings with non-ASCII characters is '
                            'not supported') from None
    for operand in (a, b):
        if not isinstance(operand, (bytes, bytearray, memoryview)):
            raise TypeError("a bytes-like object is required, not '%s'"
                            % type(operand).__name__)
    a = bytes(a)
    b = bytes(b)
    # Every byte is compared whatever the first difference, so the time
    # taken does not tell where the inputs part.
    difference = len(a) ^ len(b)
    for x, y in zip(a, b if len(a) == len(b) else a):
        difference |= x ^ y
    return difference == 0
