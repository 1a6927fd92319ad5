# io: StringIO, BytesIO, TextIOWrapper over a binary stream, the abstract
# classes and the native file classes, and a stream shared by threads.
import io
import sys
import threading

s = io.StringIO('ab\ncd\nef')
print(repr(s.readline()), s.tell(), repr(s.read(2)), s.readlines(), repr(s.getvalue()), repr(s.read()))
s = io.StringIO()
print(s.write('x'), s.seek(0), s.write('yz'), s.getvalue(), s.tell())
s = io.StringIO('abc')
s.seek(10)
s.write('z')
print(repr(s.getvalue()))
for args in [(-1,), (1, 1), (1, 2), (0, 5)]:
    try:
        s.seek(*args)
    except (ValueError, OSError) as e:
        print(type(e).__name__, e)
s.close()
print(s.closed)
for call in [s.getvalue, s.read, lambda: s.write('x'), s.tell]:
    try:
        call()
    except ValueError as e:
        print('ValueError', e)
try:
    io.StringIO(3)
except TypeError as e:
    print('TypeError', e)
try:
    io.StringIO('', newline='x')
except ValueError as e:
    print('ValueError', e)
try:
    io.StringIO().write(b'x')
except TypeError as e:
    print('TypeError', e)
print(repr(io.StringIO('a\r\nb\rc\n', newline=None).read()))
s = io.StringIO(newline=None)
s.write('a\r\nb\rc')
print(repr(s.getvalue()))
print(list(io.StringIO('a\r\nb\rc\nd', newline='')))
print(list(io.StringIO('a\nb\n')), list(io.StringIO('')))
s = io.StringIO(newline='\r\n')
s.write('one\ntwo\n')
print(repr(s.getvalue()))
s = io.StringIO('hello world')
s.seek(5)
print(s.truncate(), repr(s.getvalue()), s.tell(), s.truncate(2), repr(s.getvalue()))
s = io.StringIO('line1\nline2\nline3\n')
print(repr(s.readline(3)), repr(s.readline()), s.readlines(1), s.readlines())
s = io.StringIO()
s.writelines(['a', 'b', 'c'])
print(s.getvalue(), s.readable(), s.writable(), s.seekable(), s.isatty())
with io.StringIO('ctx') as s:
    print(s.read())
print(s.closed)
print(repr(io.StringIO().newlines), repr(io.StringIO().read()))

b = io.BytesIO(b'abc')
print(b.read(1), b.getvalue(), b.seek(0, 2), b.write(b'de'), b.getvalue(), b.tell())
try:
    b.write('s')
except TypeError as e:
    print('TypeError', e)
b.seek(1)
print(b.read(), b.read(), b.seek(-2, 2), b.read(5), b.seek(10), b.write(b'!'), b.getvalue())
b = io.BytesIO(b'l1\nl2\nl3')
print(b.readline(), list(b), b.tell())
b.seek(0)
print(b.readlines(), b.truncate(4), b.getvalue(), bytes(b.getbuffer()))
b.write(bytearray(b'XY'))
print(b.getvalue())
b.close()
try:
    b.read()
except ValueError as e:
    print('ValueError', e)

raw = io.BytesIO()
w = io.TextIOWrapper(raw, encoding='utf-8')
print(w.write('héllo\n'), w.write('wörld'))
w.flush()
print(raw.getvalue(), w.encoding)
r = io.TextIOWrapper(io.BytesIO('a\r\nb\nc'.encode()), encoding='utf-8')
print(repr(r.readline()), repr(r.read()))
r = io.TextIOWrapper(io.BytesIO(b'x\ny\n'), encoding='utf-8', newline='')
print(list(r))
r = io.TextIOWrapper(io.BytesIO('ünï'.encode('latin-1')), encoding='latin-1')
print(r.read(2), r.read())
try:
    io.TextIOWrapper(io.BytesIO(), encoding='utf-8').write(b'x')
except TypeError as e:
    print('TypeError', e)

print(isinstance(sys.stdout, io.TextIOBase), isinstance(io.StringIO(), io.TextIOBase),
      isinstance(io.BytesIO(), io.BufferedIOBase), issubclass(io.StringIO, io.IOBase),
      isinstance(io.StringIO(), io.BufferedIOBase), isinstance(io.BytesIO(), io.IOBase))
with open(__file__, 'rb') as f:
    print(isinstance(f, io.BufferedIOBase), isinstance(f, io.IOBase), isinstance(f, io.TextIOBase))
with open(__file__) as f:
    print(isinstance(f, io.TextIOBase), isinstance(f, io.TextIOWrapper))
print(io.DEFAULT_BUFFER_SIZE, io.SEEK_SET, io.SEEK_CUR, io.SEEK_END, issubclass(io.UnsupportedOperation, OSError))

# One StringIO and one BytesIO written by four threads: no write is lost.
shared_text = io.StringIO()
shared_bytes = io.BytesIO()


def writer(k):
    for i in range(500):
        shared_text.write('%d:%d;' % (k, i))
        shared_bytes.write(str(i).encode() + b',')


threads = [threading.Thread(target=writer, args=(k,)) for k in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
pieces = shared_text.getvalue().split(';')[:-1]
print(len(pieces), len(set(pieces)), len(shared_bytes.getvalue().split(b',')) - 1)
