# hashlib and hmac: every guaranteed digest over several inputs, copy and
# incremental updates, the errors CPython raises, pbkdf2_hmac, hmac, and
# four threads updating one hash object at once.
import hashlib
import hmac
import io
import threading

NAMES = ['md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512',
         'sha3_224', 'sha3_256', 'sha3_384', 'sha3_512', 'blake2b', 'blake2s']
INPUTS = [b'', b'abc', b'The quick brown fox jumps over the lazy dog',
          bytes(range(256)) * 40, bytearray(b'xyz'), memoryview(b'view')]


def attempt(label, func, *args, **kwargs):
    try:
        print(label, repr(func(*args, **kwargs)))
    except Exception as e:
        print(label, type(e).__name__, e)


print(sorted(n for n in NAMES if n in hashlib.algorithms_guaranteed))
for name in NAMES:
    ctor = getattr(hashlib, name)
    for data in INPUTS:
        h = ctor(data)
        assert h.hexdigest() == hashlib.new(name, data).hexdigest()
        print(name, h.name, h.digest_size, h.block_size, len(data), h.hexdigest())
    # Incremental updates equal one update; a copy diverges independently.
    h = ctor()
    for piece in (b'a', b'bc', b'', b'd' * 1000):
        h.update(piece)
    twin = h.copy()
    twin.update(b'more')
    print(name, h.digest() == ctor(b'abc' + b'd' * 1000).digest(),
          twin.hexdigest() == ctor(b'abc' + b'd' * 1000 + b'more').hexdigest())

for alias in ['SHA256', 'sha-1', 'SHA-256', 'sha3-256', 'SHA3_256', 'Sha512', 'BLAKE2B', 'md-5', 'blake2b512']:
    attempt(alias, lambda n: hashlib.new(n, b'x').name, alias)
print(hashlib.blake2b(b'abc', digest_size=20).hexdigest(),
      hashlib.blake2s(b'abc', digest_size=7).hexdigest(),
      hashlib.new('blake2b', b'abc', digest_size=16).hexdigest())
attempt('str', hashlib.sha256, 'text')
attempt('int', hashlib.md5, 5)
attempt('update str', hashlib.md5().update, 'x')
attempt('unknown', hashlib.new, 'nope')
attempt('blake size', hashlib.blake2b, b'', digest_size=65)
attempt('blake size 0', hashlib.blake2s, b'', digest_size=0)

print(hashlib.pbkdf2_hmac('sha256', b'password', b'salt', 1).hex())
print(hashlib.pbkdf2_hmac('sha1', b'password', b'salt', 4096, 20).hex())
print(hashlib.pbkdf2_hmac('sha512', b'pw', b'NaCl', 1000, 80).hex())
attempt('pbkdf2 name', hashlib.pbkdf2_hmac, 'nope', b'p', b's', 1)

print(hashlib.pbkdf2_hmac('blake2b', b'p', b's', 3).hex(), hashlib.pbkdf2_hmac('sha3_256', b'p', b's', 3).hex())
attempt('pbkdf2 iterations', hashlib.pbkdf2_hmac, 'sha256', b'p', b's', 0)
attempt('pbkdf2 dklen', hashlib.pbkdf2_hmac, 'sha256', b'p', b's', 1, 0)
print(hashlib.file_digest(io.BytesIO(b'file contents' * 1000), 'sha256').hexdigest())

print('== hmac')
for digestmod in ['md5', 'sha1', 'sha256', hashlib.sha512, 'sha3_256']:
    for key in [b'', b'key', b'k' * 200]:
        mac = hmac.new(key, b'The quick brown fox', digestmod)
        mac2 = mac.copy()
        mac2.update(b' jumps')
        print(mac.name, mac.digest_size, mac.block_size, mac.hexdigest(),
              mac2.hexdigest() == hmac.new(key, b'The quick brown fox jumps', digestmod).hexdigest(),
              hmac.digest(key, b'The quick brown fox', digestmod) == mac.digest())
attempt('hmac no digestmod', hmac.new, b'k', b'm')
attempt('hmac key str', hmac.new, 'k', b'm', 'sha256')
for a, b in [(b'abc', b'abc'), (b'abc', b'abd'), (b'abc', b'ab'), ('abc', 'abc'), (bytearray(b'x'), b'x')]:
    print('compare', a, b, hmac.compare_digest(a, b))
for a, b in [('a', b'a'), (b'a', 'a'), (1, b'a'), (b'a', 1)]:
    attempt('compare mixed', hmac.compare_digest, a, b)

print('== threads')
shared = hashlib.sha256()
blocks = [bytes([w]) * 1000 for w in range(4)]


def feed(worker):
    for _ in range(250):
        shared.update(blocks[worker])


threads = [threading.Thread(target=feed, args=(w,)) for w in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
# The order of the blocks varies; the total length and the per-thread
# digests do not.
copy = shared.copy()
print(len(copy.digest()), shared.hexdigest() == copy.hexdigest())
results = {}


def own(worker):
    h = hashlib.md5()
    for i in range(300):
        h.update(str(i * worker).encode())
    results[worker] = h.hexdigest()


threads = [threading.Thread(target=own, args=(w,)) for w in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print([results[w] for w in range(4)])
