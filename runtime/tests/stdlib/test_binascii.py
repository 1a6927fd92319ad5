import sys
sys.path.pop(0)  # this directory's test files share the modules' names
import binascii as B
import random


def t(f, *a, **k):
    try:
        r = f(*a, **k)
        print(repr(r))
    except Exception as e:
        print('ERR', type(e).__name__, e)


t(B.hexlify, b'\x01\xab\xff'); t(B.hexlify, b'abcdef', '-'); t(B.hexlify, b'abcdef', b':', 2); t(B.hexlify, b'abcdef', ':', -2); t(B.hexlify, b'abcdef', 'ab')
t(B.b2a_hex, b'ab', sep=':', bytes_per_sep=1)
t(B.unhexlify, b'abcd'); t(B.unhexlify, 'ABcd'); t(B.unhexlify, b'abc'); t(B.unhexlify, b'zz'); t(B.unhexlify, 'é1'); t(B.unhexlify, 5); t(B.a2b_hex, b'')
t(B.b2a_base64, b'abcd'); t(B.b2a_base64, b'abcd', newline=False); t(B.b2a_base64, b''); t(B.b2a_base64, 'ab'); t(B.b2a_base64, b'a'*100)
for s in [b'YWJjZA==', b'YWJjZA', b'YWJjZA=', b'YWJjZ', b'Y', b'YW Jj\nZA==', b'YWJjZA==YQ==', b'YWJj ZA== junk', b'', b'====', b'=YWJj', b'YW=Jj', b'YWJjZA===', 'YWJj', 'YWé', b'YWJ\xffj', b'YQ==\n', b'YQ']:
    t(B.a2b_base64, s); t(B.a2b_base64, s, strict_mode=True)
t(B.crc32, b'hello'); t(B.crc32, b'hello', 12345); t(B.crc32, b''); t(B.crc32, b'a', -1); t(B.crc32, b'a', 2**40); t(B.crc32, 'a')
t(B.crc_hqx, b'hello', 0); t(B.crc_hqx, b'hello', 0xffff); t(B.crc_hqx, b'hello', 2**20); t(B.crc_hqx, b'hello', -1); t(B.crc_hqx, b'hello')
t(B.b2a_qp, b'hello = world\t\n'); t(B.b2a_qp, b'a'*100); t(B.b2a_qp, b'caf\xc3\xa9'); t(B.b2a_qp, b'x y ', quotetabs=True); t(B.b2a_qp, b'.\nabc', istext=False); t(B.b2a_qp, b'a_b c', header=True)
t(B.b2a_qp, b'line\r\nnext\n'); t(B.b2a_qp, b'end  '); t(B.b2a_qp, b'From x'); t(B.b2a_qp, b'\x00\x7f')
t(B.a2b_qp, b'caf=C3=A9'); t(B.a2b_qp, b'a=\nb'); t(B.a2b_qp, b'a_b', header=True); t(B.a2b_qp, b'=zz=4'); t(B.a2b_qp, 'abc=41'); t(B.a2b_qp, b'a=\r\nb'); t(B.a2b_qp, b'=')
t(lambda: B.Error.__mro__); t(lambda: B.Incomplete.__mro__)
t(lambda: sorted(n for n in dir(B) if not n.startswith('_')))
t(B.b2a_uu, b'abc'); t(B.a2b_uu, b'#86)C\n')
t(B.b2a_uu, b''); t(B.b2a_uu, b'\x00\x00', backtick=True); t(B.b2a_uu, b'x' * 46)
t(B.a2b_uu, B.b2a_uu(b'hello world')); t(B.a2b_uu, '!80  \n'); t(B.a2b_uu, b'#86)C  junk')

# round trips over random data
rng = random.Random(2024)
for n in list(range(0, 20)) + [45, 57, 100, 1000]:
    data = bytes(rng.randrange(256) for _ in range(n))
    h = B.hexlify(data)
    assert B.unhexlify(h) == data and B.unhexlify(h.upper().decode()) == data
    b = B.b2a_base64(data)
    assert B.a2b_base64(b) == data
    assert B.a2b_base64(B.b2a_base64(data, newline=False), strict_mode=True) == data
    q = B.b2a_qp(data)
    assert B.a2b_qp(q) == data, (data, q)
    q2 = B.b2a_qp(data, quotetabs=True, istext=False)
    assert B.a2b_qp(q2) == data
    if n <= 45:
        assert B.a2b_uu(B.b2a_uu(data)) == data
        assert B.a2b_uu(B.b2a_uu(data, backtick=True)) == data
    print(n, h[:16], b[:24], q[:24], B.crc32(data), B.crc_hqx(data, n), B.crc32(data, n))
text = b''.join(rng.choice([b'word', b' ', b'\t', b'\n', b'=', b'.', b'\r\n', b'\xc3\xa9', b'_'])
                for _ in range(400))
for kw in [{}, {'quotetabs': True}, {'istext': False}, {'header': True}]:
    enc = B.b2a_qp(text, **kw)
    print(kw, len(enc), max(len(line) for line in enc.split(b'\n')), enc[:60])
    print('round trip', B.a2b_qp(enc, header=kw.get('header', False)) == text, B.a2b_qp(enc, header=kw.get('header', False))[:60])
print(B.crc32(b'The quick brown fox jumps over the lazy dog'))
print(B.crc32(b' dog', B.crc32(b'The quick brown fox jumps over the lazy')))
print(B.crc_hqx(b'123456789', 0), B.crc_hqx(b'123456789', 0xffff))
print(B.hexlify(bytes(range(256)), ' ', 4)[-40:], B.hexlify(b'abcde', ':', 2), B.hexlify(b'abcde', ':', -2))
