# zlib: one-shot and streaming compression at every level and framing
# (round trips), decompression of streams CPython's zlib produced, the
# checksums, max_length/unconsumed_tail/unused_data, errors, and four
# threads compressing at once. Compressed bytes themselves are not
# printed: zlib-rs and C zlib may pick different (equally valid) matches.
import threading
import zlib

data = b"hello world " * 1000 + bytes(range(256)) * 10
for level in [-1, 0, 1, 6, 9]:
    c = zlib.compress(data, level)
    print(level, c[:2].hex(), zlib.decompress(c) == data, len(c) < len(data) or level == 0)
for wbits in [15, 9, -15, 31, -9, 25]:
    c = zlib.compress(data, 6, wbits)
    print(wbits, zlib.decompress(c, wbits) == data,
          zlib.decompress(c, 47) == data if wbits > 0 else '-')

print("== CPython's streams")
BLOBS = """78da0bc94855282ccd4cce56482aca2fcf5348cbaf50c82acd2d2856c82f4b2d5228014ae72456552aa4e4a7eb29848c2a1e553caa98da8a0147a5431c
1f8b08000000000000034bafca2c50482b4acc4d4d512849ad2851481fac020082dc021caa000000
010001fffe000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9fa0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebfc0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedfe0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff""".split()
print(zlib.decompress(bytes.fromhex(BLOBS[0]))[:50])
print(zlib.decompress(bytes.fromhex(BLOBS[1]), 31)[:40], zlib.decompress(bytes.fromhex(BLOBS[1]), 47)[:17])
print(zlib.decompress(bytes.fromhex(BLOBS[2]), -15) == bytes(range(256)))

print("== checksums")
print(zlib.crc32(b'abc'), zlib.crc32(b'abc', 5), zlib.adler32(b'abc'), zlib.adler32(b'abc', 7))
print(zlib.crc32(b''), zlib.crc32(b'x', -1), zlib.crc32(b'x' * 100000), zlib.adler32(bytes(range(256)) * 300))
print(zlib.crc32(bytearray(b'abc')), zlib.crc32(memoryview(b'abc')), zlib.adler32(b'', 2 ** 40 + 3))

print("== streams")
co = zlib.compressobj(9)
parts = [co.compress(data[i:i + 1000]) for i in range(0, len(data), 1000)]
parts.append(co.flush())
c = b''.join(parts)
print(zlib.decompress(c) == data)
for again in (co.flush, lambda: co.compress(b'late')):
    try:
        again()
    except zlib.error as e:
        print('error', e)
do = zlib.decompressobj()
out = b''
for i in range(0, len(c), 100):
    out += do.decompress(c[i:i + 100])
out += do.flush()
print(out == data, do.eof, do.unused_data)
do = zlib.decompressobj()
piece = do.decompress(c + b'TRAILER', 100)
print(len(piece), len(do.unconsumed_tail) > 0, do.eof)
while not do.eof:
    piece += do.decompress(do.unconsumed_tail, 100)
print(piece == data, do.unused_data, do.decompress(b'more'), do.unused_data)
co = zlib.compressobj()
a = co.compress(b'abc')
b = co.flush(zlib.Z_SYNC_FLUSH)
do = zlib.decompressobj()
print(a, do.decompress(a + b), b[-4:].hex())
print(do.decompress(co.flush()), do.eof)
gz = zlib.compressobj(wbits=31)
framed = gz.compress(b'framed') + gz.flush()
print(framed[:3].hex(), zlib.decompressobj(47).decompress(framed), zlib.decompressobj(31).decompress(framed))

print("== errors")
for bad in [b'garbage', zlib.compress(data)[:-5], b'', b'x\x9c']:
    try:
        zlib.decompress(bad)
    except zlib.error as e:
        print('error', e)
for call in [lambda: zlib.compress(b'x', 12), lambda: zlib.compress('x'),
             lambda: zlib.decompressobj(99), lambda: zlib.decompressobj().decompress(b'x', -1),
             lambda: zlib.crc32('x'), lambda: zlib.decompress(b'x', bufsize=-1),
             lambda: zlib.compressobj(method=3)]:
    try:
        call()
    except Exception as e:
        print(type(e).__name__, e)
print(zlib.MAX_WBITS, zlib.DEFLATED, zlib.Z_BEST_COMPRESSION, zlib.Z_DEFAULT_COMPRESSION, zlib.Z_FINISH, zlib.DEF_BUF_SIZE)

print("== threads")
results = {}


def worker(n):
    blob = bytes([n]) * 5000 + str(n).encode() * 3000
    ok = all(zlib.decompress(zlib.compress(blob, level)) == blob for level in range(10))
    results[n] = (ok, zlib.crc32(blob))


threads = [threading.Thread(target=worker, args=(n,)) for n in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print([results[n] for n in range(4)])
shared = zlib.compressobj()
pieces = []


def feed(n):
    for _ in range(50):
        pieces.append(shared.compress(bytes([65 + n]) * 100))


threads = [threading.Thread(target=feed, args=(n,)) for n in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
pieces.append(shared.flush())
whole = zlib.decompress(b''.join(pieces))
print(len(whole), sorted(set(whole)))
