import sys
sys.path.pop(0)  # this directory's test files share the modules' names
import base64 as B
import io
import random


def t(f, *a, **k):
    try:
        r = f(*a, **k)
        print(repr(r))
    except Exception as e:
        print('ERR', type(e).__name__, e)


t(B.b64encode, b'ab?>'); t(B.b64encode, b'\xfb\xff', b'-_'); t(B.b64encode, b'\xfb\xff', '-_'); t(B.b64encode, 'ab'); t(B.b64encode, b'a', b'-'); t(B.b64encode, b'\xfb\xff', b'-_+')
t(B.b64decode, 'YWI='); t(B.b64decode, b'YW I='); t(B.b64decode, b'YW I=', validate=True); t(B.b64decode, b'-_8=', b'-_'); t(B.b64decode, b'-_8=', '-_'); t(B.b64decode, 5); t(B.b64decode, 'é'); t(B.b64decode, b'+/8=', b'-_', True); t(B.b64decode, b'YQ', validate=True); t(B.b64decode, b'a', b'ab', 1)
t(B.b64decode, b'-_8=', b'-'); 
t(B.standard_b64encode, b'\xfb\xff'); t(B.standard_b64decode, '-_8='); t(B.urlsafe_b64encode, b'\xfb\xff'); t(B.urlsafe_b64decode, '-_8='); t(B.urlsafe_b64decode, '+/8=')
t(B.b32encode, b'hello'); t(B.b32encode, b''); t(B.b32encode, b'a'); t(B.b32encode, 'a')
for s in [b'NBSWY3DP', b'nbswy3dp', b'MFRGG===', b'MFRGG==', b'MFRGG', b'ME======', b'M=======', b'MF0GG===', b'MF1GG===', b'MFRG G===', b'', 'MFRGG===', b'MFRGG=A=', b'MFRGGZDFMZTWQ===', b'MFRGGZDF']:
    t(B.b32decode, s); t(B.b32decode, s, True); t(B.b32decode, s, map01=b'L'); t(B.b32decode, s, True, 'I')
t(B.b32decode, b'MF0GG===', map01=b'LI')
t(B.b32hexencode, b'hello'); t(B.b32hexdecode, b'D1IMOR3F'); t(B.b32hexdecode, b'd1imor3f', True); t(B.b32hexdecode, b'd1imor3f'); t(B.b32hexdecode, b'D1IMOR3')
t(B.b16encode, b'\x01\xab'); t(B.b16decode, b'01AB'); t(B.b16decode, b'01ab'); t(B.b16decode, b'01ab', True); t(B.b16decode, b'01A'); t(B.b16decode, b'0G')
t(B.a85encode, b'hello world'); t(B.a85encode, b'\0\0\0\0abc'); t(B.a85encode, b'    x', foldspaces=True); t(B.a85encode, b'hello world'*5, wrapcol=20); t(B.a85encode, b'hi', adobe=True); t(B.a85encode, b'hello world'*3, wrapcol=10, adobe=True); t(B.a85encode, b'\0\0\0\0', pad=True); t(B.a85encode, b'a', pad=True)
t(B.a85decode, b'BOu!rD]j7BEbo7'); t(B.a85decode, b'z'); t(B.a85decode, b'<~BOu!r~>', adobe=True); t(B.a85decode, b'BOu!r~>', adobe=True); t(B.a85decode, b'<~BOu!r', adobe=True); t(B.a85decode, b'y', foldspaces=True); t(B.a85decode, b'BO u!\nr'); t(B.a85decode, b'BOu!rz'); t(B.a85decode, b'BOuz!r'); t(B.a85decode, b'{'); t(B.a85decode, b's8W-"'); t(B.a85decode, b's8W-#'); t(B.a85decode, b'B', ); t(B.a85decode, b'BO'); t(B.a85decode, b'BOu!r', ignorechars=b'u'); t(B.a85decode, 'BOu!r'); t(B.a85decode, b'y')
t(B.b85encode, b'hello world'); t(B.b85encode, b'a', pad=True); t(B.b85encode, b'\0\0\0\0'); t(B.b85decode, b'Xk~0{Zy<MXa%^M'); t(B.b85decode, b'Xk~0{'); t(B.b85decode, b'|NsC0'); t(B.b85decode, b'|NsC1'); t(B.b85decode, b'Xk~0"'); t(B.b85decode, b'X'); t(B.b85decode, 'Xk~0{'); t(B.b85decode, b'Xk ~0{')
t(B.encodebytes, b'a'*60); t(B.encodebytes, b''); t(B.encodebytes, 'a'); t(B.decodebytes, b'YWFh\nYQ==\n'); t(B.decodebytes, 'YQ=='); t(B.encodebytes, bytearray(b'ab')); t(B.encodebytes, memoryview(b'ab'))
out = io.BytesIO(); B.encode(io.BytesIO(b'x'*100), out); t(out.getvalue)
out = io.BytesIO(); B.decode(io.BytesIO(out.getvalue() or B.encodebytes(b'x'*100)), out); t(out.getvalue)
t(B.b64encode, memoryview(b'ab')); t(B.b64decode, bytearray(b'YWI=')); t(B.b64decode, memoryview(b'YWI='))
t(B.b64encode, [1])
t(B.b85encode, 'a'); t(B.a85encode, 'a'); t(B.b16encode, 'a'); t(B.b32hexencode, 'a')
t(lambda: B.__all__)
t(B.b64decode, b'YWJjZA==YQ=='); t(B.b64decode, b'YWJjZ')
t(B.a85encode, b'\0'); t(B.a85encode, b'\0\0'); t(B.a85encode, b'\0', pad=True); t(B.a85encode, b'    ', foldspaces=True)
t(B.a85encode, b'', adobe=True); t(B.a85encode, b'', wrapcol=5, adobe=True); t(B.a85encode, b'abcdefgh', wrapcol=1, adobe=True)
t(B.a85decode, b'<~~>', adobe=True); t(B.a85decode, b'', adobe=True); t(B.a85decode, b'!!', ignorechars=b'')
t(B.b85encode, b''); t(B.b85decode, b''); t(B.b85encode, b'\xff' * 7, pad=True)
t(B.b32decode, b'MFRGG===', map01='L'); t(B.b32decode, b'mfrgg===', map01=b'l')
t(B.b64encode, bytearray(b'\xfb\xff'), bytearray(b'*!'))
t(B.urlsafe_b64decode, b'-_8')

rng = random.Random(99)
for n in list(range(0, 14)) + [31, 57, 58, 200]:
    data = bytes(rng.randrange(256) for _ in range(n))
    e64 = B.b64encode(data)
    assert B.b64decode(e64) == data and B.b64decode(e64.decode(), validate=True) == data
    assert B.urlsafe_b64decode(B.urlsafe_b64encode(data)) == data
    assert B.b64decode(B.b64encode(data, b'*!'), b'*!') == data
    e32 = B.b32encode(data)
    assert B.b32decode(e32) == data and B.b32decode(e32.lower(), True) == data
    e32h = B.b32hexencode(data)
    assert B.b32hexdecode(e32h) == data
    e16 = B.b16encode(data)
    assert B.b16decode(e16) == data and B.b16decode(e16.lower(), True) == data
    e85 = B.a85encode(data)
    assert B.a85decode(e85) == data
    assert B.a85decode(B.a85encode(data, adobe=True, wrapcol=7, foldspaces=True), adobe=True, foldspaces=True) == data
    assert B.a85decode(B.a85encode(data, pad=True))[:n] == data
    b85 = B.b85encode(data)
    assert B.b85decode(b85) == data
    assert B.b85decode(B.b85encode(data, pad=True))[:n] == data
    eb = B.encodebytes(data)
    assert B.decodebytes(eb) == data
    print(n, e64[:20], e32[:16], e32h[:16], e16[:16], e85[:15], b85[:15], eb.count(b'\n'))
data = bytes(rng.randrange(256) for _ in range(300))
src = io.BytesIO(data)
enc = io.BytesIO()
B.encode(src, enc)
print(enc.getvalue().count(b'\n'), enc.getvalue()[:40])
dec = io.BytesIO()
B.decode(io.BytesIO(enc.getvalue()), dec)
print(dec.getvalue() == data)
