"""Secure hashes and message digests: md5, sha1, the SHA-2 and SHA-3
families and BLAKE2, each as a constructor (`hashlib.sha256(data)`) and
through `new(name, data)`, plus `pbkdf2_hmac` and `file_digest`.

The digests are computed natively (`_hashlib`, over the RustCrypto
crates). Thread safety: a hash object may be updated from several threads
at once; each update is applied whole, under the object's own lock.
"""

import _hashlib

algorithms_guaranteed = frozenset(_hashlib.names)
algorithms_available = frozenset(_hashlib.names)

# The names the C library's lookup (OpenSSL's, in CPython) accepts in any
# case, and the algorithm each means.
_LIBRARY_NAMES = {
    'md5': 'md5', 'sha1': 'sha1', 'sha-1': 'sha1',
    'sha224': 'sha224', 'sha-224': 'sha224', 'sha256': 'sha256',
    'sha-256': 'sha256', 'sha384': 'sha384', 'sha-384': 'sha384',
    'sha512': 'sha512', 'sha-512': 'sha512',
    'sha3-224': 'sha3_224', 'sha3-256': 'sha3_256', 'sha3-384': 'sha3_384',
    'sha3-512': 'sha3_512', 'blake2b512': 'blake2b', 'blake2s256': 'blake2s',
}


class _UnsupportedDigestmodError(ValueError):
    pass


_UnsupportedDigestmodError.__name__ = 'UnsupportedDigestmodError'
_UnsupportedDigestmodError.__qualname__ = 'UnsupportedDigestmodError'
_UnsupportedDigestmodError.__module__ = '_hashlib'


def _canonical(name):
    """The algorithm `name` selects, or None."""
    if name in algorithms_guaranteed:
        return name
    return _LIBRARY_NAMES.get(name.lower())


_BLAKE2_LIMITS = {'blake2b': (64, 64, 16, 16), 'blake2s': (32, 32, 8, 8)}


class _Hash:
    """One digest computation (CPython's `_hashlib.HASH`)."""

    __slots__ = ('_handle', 'name', 'digest_size', 'block_size')

    def update(self, data, /):
        _hashlib.update(self._handle, data)

    def digest(self):
        return _hashlib.digest(self._handle)

    def hexdigest(self):
        return _hashlib.digest(self._handle).hex()

    def copy(self):
        twin = _Hash.__new__(_Hash)
        twin._handle = _hashlib.copy(self._handle)
        twin.name = self.name
        twin.digest_size = self.digest_size
        twin.block_size = self.block_size
        return twin

    def __repr__(self):
        return '<%s _hashlib.HASH object @ %#x>' % (self.name, id(self))


_Hash.__name__ = _Hash.__qualname__ = 'HASH'
_Hash.__module__ = '_hashlib'


def _start(name, data, digest_size=None):
    info = _hashlib.info(name)
    if info is None:
        raise ValueError('unsupported hash type ' + name)
    size, block = info
    if digest_size is not None:
        size = digest_size
    handle = _hashlib.new(name, size)
    h = _Hash.__new__(_Hash)
    h._handle = handle
    h.name = name
    h.digest_size = size
    h.block_size = block
    if data is not None:
        h.update(data)
    return h


def new(name, data=b'', **kwargs):
    if not isinstance(name, str):
        raise TypeError('new() argument \'name\' must be str, not %s'
                        % type(name).__name__)
    canonical = _canonical(name)
    if canonical is None:
        raise ValueError('unsupported hash type ' + name)
    if canonical in _BLAKE2_LIMITS:
        return _blake2(canonical, data, **kwargs)
    kwargs.pop('usedforsecurity', None)
    if kwargs:
        raise TypeError('new() got an unexpected keyword argument %r'
                        % next(iter(kwargs)))
    return _start(canonical, data)


def _fixed(name):
    def constructor(string=b'', *, usedforsecurity=True):
        return _start(name, string)
    constructor.__name__ = constructor.__qualname__ = 'openssl_' + name
    return constructor


md5 = _fixed('md5')
sha1 = _fixed('sha1')
sha224 = _fixed('sha224')
sha256 = _fixed('sha256')
sha384 = _fixed('sha384')
sha512 = _fixed('sha512')
sha3_224 = _fixed('sha3_224')
sha3_256 = _fixed('sha3_256')
sha3_384 = _fixed('sha3_384')
sha3_512 = _fixed('sha3_512')


def _blake2(name, data=b'', *, digest_size=None, key=b'', salt=b'',
            person=b'', fanout=1, depth=1, leaf_size=0, node_offset=0,
            node_depth=0, inner_size=0, last_node=False,
            usedforsecurity=True):
    max_digest = _BLAKE2_LIMITS[name][0]
    if digest_size is None:
        digest_size = max_digest
    if not 1 <= digest_size <= max_digest:
        raise ValueError('digest_size must be between 1 and %d bytes'
                         % max_digest)
    if key or salt or person or fanout != 1 or depth != 1 or leaf_size \
            or node_offset or node_depth or inner_size or last_node:
        raise NotImplementedError(
            'weft: %s supports digest_size only (no key, salt, person or '
            'tree parameters)' % name)
    return _start(name, data, digest_size)


def blake2b(data=b'', **kwargs):
    return _blake2('blake2b', data, **kwargs)


def blake2s(data=b'', **kwargs):
    return _blake2('blake2s', data, **kwargs)


blake2b.MAX_DIGEST_SIZE, blake2b.MAX_KEY_SIZE = 64, 64
blake2b.SALT_SIZE, blake2b.PERSON_SIZE = 16, 16
blake2s.MAX_DIGEST_SIZE, blake2s.MAX_KEY_SIZE = 32, 32
blake2s.SALT_SIZE, blake2s.PERSON_SIZE = 8, 8


def pbkdf2_hmac(hash_name, password, salt, iterations, dklen=None):
    if not isinstance(hash_name, str):
        raise TypeError("pbkdf2_hmac() argument 'hash_name' must be str, not %s"
                        % type(hash_name).__name__)
    canonical = _canonical(hash_name)
    if canonical is None:
        raise _UnsupportedDigestmodError('[digital envelope routines] unsupported')
    info = _hashlib.info(canonical)
    if iterations < 1:
        raise ValueError('iteration value must be greater than 0.')
    if dklen is None:
        dklen = info[0]
    if dklen < 1:
        raise ValueError('key length must be greater than 0.')
    return _hashlib.pbkdf2_hmac(canonical, password, salt, iterations, dklen)


def file_digest(fileobj, digest, /, *, _bufsize=2**18):
    h = new(digest) if isinstance(digest, str) else digest()
    if hasattr(fileobj, 'getbuffer'):
        h.update(fileobj.getbuffer())
        return h
    if not (hasattr(fileobj, 'readinto') and hasattr(fileobj, 'readable')
            and fileobj.readable()):
        raise ValueError(
            "'%r' is not a file-like object in binary reading mode." % fileobj)
    while True:
        chunk = fileobj.read(_bufsize)
        if not chunk:
            return h
        h.update(chunk)
