# Differential test of uuid against CPython 3.11.
import copy
import threading
import uuid
from uuid import UUID


def attempt(fn, *args, **kw):
    try:
        print('ok', repr(fn(*args, **kw)))
    except Exception as e:
        print(type(e).__name__, e)


ATTRS = ['hex', 'int', 'bytes', 'bytes_le', 'fields', 'time_low', 'time_mid',
         'time_hi_version', 'clock_seq_hi_variant', 'clock_seq_low', 'time',
         'clock_seq', 'node', 'urn', 'variant', 'version']


def describe(u):
    print(str(u), repr(u))
    for name in ATTRS:
        print('   ', name, repr(getattr(u, name)))


print(uuid.RESERVED_NCS, '|', uuid.RFC_4122, '|', uuid.RESERVED_MICROSOFT, '|', uuid.RESERVED_FUTURE)
for ns in (uuid.NAMESPACE_DNS, uuid.NAMESPACE_URL, uuid.NAMESPACE_OID, uuid.NAMESPACE_X500):
    print(repr(ns), ns.version, ns.variant)

# --- construction -------------------------------------------------------------
base = UUID('12345678-1234-5678-1234-567812345678')
describe(base)
describe(UUID(int=0))
describe(UUID(int=(1 << 128) - 1))
describe(UUID('00010203-0405-0607-0809-0a0b0c0d0e0f', version=4))
for spelling in ['{12345678-1234-5678-1234-567812345678}',
                 '12345678123456781234567812345678',
                 'urn:uuid:12345678-1234-5678-1234-567812345678',
                 '{urn:uuid:12345678-1234-5678-1234-567812345678}',
                 'uuid:urn:12345678123456781234567812345678',
                 '12345678-1234-5678-1234-56781234567F'.lower(),
                 '1234_678123456781234567812345678',
                 ' {12345678-1234-5678-1234-567812345678}',
                 '{12345678-1234-5678-1234-567812345678',
                 '1234567812345678123456781234567',
                 '123456781234567812345678123456789',
                 '1234567812345678123456781234567g',
                 '']:
    attempt(UUID, spelling)
print(UUID(bytes=base.bytes) == base, UUID(bytes_le=base.bytes_le) == base,
      UUID(fields=base.fields) == base, UUID(int=base.int) == base)
print(base.bytes_le, UUID(bytes_le=b'\x78\x56\x34\x12\x34\x12\x78\x56' + b'\x12\x34\x56\x78\x12\x34\x56\x78'))
for v in range(1, 6):
    u = UUID(int=0, version=v)
    print(v, u, u.version, u.variant)
    u = UUID(int=(1 << 128) - 1, version=v)
    print(v, u, u.version, u.variant)
for top in range(8):
    u = UUID(int=top << 61)
    print(top, u.variant, u.version)

attempt(UUID)
attempt(UUID, int=1, hex='00' * 16)
attempt(UUID, hex=5)
attempt(UUID, bytes=b'x')
attempt(UUID, bytes=b'x' * 17)
attempt(UUID, bytes=bytearray(16))
attempt(UUID, bytes_le=b'x' * 15)
attempt(UUID, fields=(1, 2, 3))
attempt(UUID, fields=5)
for i, big in enumerate([1 << 32, 1 << 16, 1 << 16, 1 << 8, 1 << 8, 1 << 48]):
    f = [0] * 6
    f[i] = big
    attempt(UUID, fields=tuple(f))
    f[i] = -1
    attempt(UUID, fields=tuple(f))
attempt(UUID, int=-1)
attempt(UUID, int=1 << 128)
attempt(UUID, int=1, version=0)
attempt(UUID, int=1, version=6)
attempt(UUID, int=1, version=None)
attempt(UUID, 'x', is_safe=uuid.SafeUUID.safe)

# --- behaviour --------------------------------------------------------------------
a = UUID(int=1)
b = UUID(int=2)
print(a < b, a <= b, a > b, a >= b, a == b, a != b, a == UUID(int=1), a == 1, a != 1)
attempt(lambda: a < 1)
attempt(lambda: a >= 'x')
print(hash(a) == hash(UUID(int=1)), int(b), len({a, b, UUID(int=1)}))
print(sorted([UUID(int=5), UUID(int=3), UUID(int=9)]))
attempt(setattr, a, 'int', 5)
attempt(setattr, a, 'other', 5)
attempt(delattr, a, 'int')
attempt(lambda: a.int)
a = UUID(int=1)
attempt(lambda: a.__dict__)
print(UUID.__slots__)
print(list(uuid.SafeUUID), uuid.SafeUUID(0), uuid.SafeUUID(None), uuid.SafeUUID(-1).name)
print(a.is_safe, UUID(int=1, is_safe=uuid.SafeUUID.safe).is_safe)
print(a.__getstate__(), UUID(int=1, is_safe=uuid.SafeUUID.unsafe).__getstate__())
c = copy.copy(UUID(int=7, is_safe=uuid.SafeUUID.safe))
print(c, c.is_safe, type(c).__name__)
d = copy.deepcopy(UUID(int=8))
print(d, d.is_safe)
print(str(base), '%s' % base, f'{base}', format(base, ''))

class MyUUID(UUID):
    __slots__ = ()

m = MyUUID(int=3)
print(repr(m), m == UUID(int=3), isinstance(m, UUID))

# --- uuid1 / uuid4 / getnode ------------------------------------------------------------
node = uuid.getnode()
print(type(node).__name__, 0 <= node < (1 << 48), node == uuid.getnode())
u = uuid.uuid1(node=0x123456789abc, clock_seq=0x1234)
print(u.version, u.variant, hex(u.node), hex(u.clock_seq), u.clock_seq_hi_variant >> 6)
u = uuid.uuid1(node=1, clock_seq=0xffff)
print(hex(u.clock_seq), u.node)
attempt(uuid.uuid1, node=1 << 48)
attempt(uuid.uuid1, node=-1)
u = uuid.uuid1()
print(u.version, u.variant, u.node == node, 0 <= u.clock_seq < (1 << 14))
stamps = [uuid.uuid1(node=5, clock_seq=1).time for _ in range(200)]
print(all(x < y for x, y in zip(stamps, stamps[1:])))
r = uuid.uuid4()
print(r.version, r.variant, r.is_safe, len({uuid.uuid4() for _ in range(500)}))

# --- threads: uuid1's shared last timestamp, uuid4 ------------------------------------
print('threads')
out = [None] * 4
barrier = threading.Barrier(4)

def worker(i):
    barrier.wait()
    out[i] = ([uuid.uuid1(node=i, clock_seq=i).time for _ in range(150)],
              [uuid.uuid4() for _ in range(150)])

threads = [threading.Thread(target=worker, args=(i,)) for i in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
times = [t for o in out for t in o[0]]
randoms = [u for o in out for u in o[1]]
print(len(times), len(set(times)), all(all(x < y for x, y in zip(o[0], o[0][1:])) for o in out))
print(len(randoms), len(set(randoms)), all(u.version == 4 for u in randoms))

# --- uuid3 / uuid5 (need hashlib) -----------------------------------------------------
print('name based')
for ns in (uuid.NAMESPACE_DNS, uuid.NAMESPACE_URL, uuid.NAMESPACE_OID, uuid.NAMESPACE_X500):
    for name in ['python.org', 'http://python.org/', '', 'ünïcödé']:
        u3 = uuid.uuid3(ns, name)
        u5 = uuid.uuid5(ns, name)
        print(u3, u3.version, u5, u5.version, u5.variant)
attempt(uuid.uuid3, uuid.NAMESPACE_DNS, b'bytes')
attempt(uuid.uuid5, uuid.NAMESPACE_DNS, 1)
attempt(uuid.uuid5, 'x', 'x')
