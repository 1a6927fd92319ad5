# bytearray: construction, mutation, slicing, bytes methods, comparisons.
def show(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)

print(bytearray(), bytearray(3), bytearray(b'abc'), bytearray([65, 66, 67]), bytearray('héllo', 'utf-8'),
      bytearray(bytearray(b'xy')), bytearray(range(5)), bytearray('ab', encoding='ascii'))
b = bytearray(b'hello')
b.append(33)
b.extend(b' world')
b.extend([1, 2])
b.insert(0, 62)
b.insert(-1, 63)
b.insert(100, 64)
print(b, len(b), b.pop(), b.pop(0), b.pop(-2), b)
b.remove(33)
print(b)
b.reverse()
print(b)
b.reverse()
b[0] = 72
b[-1] = 0x5a
print(b, b[0], b[-1], b[1:4], b[::2], b[::-1][:3], type(b[1:3]).__name__)
b[1:3] = b'EL'
b[5:5] = b'---'
b[0:1] = [104, 105]
print(b)
b[::2] = bytes(len(b[::2]))
print(b)
del b[0]
del b[1:4]
del b[::3]
print(b, len(b))
b.clear()
print(b, bool(b), len(b))
c = bytearray(b'ab')
c += b'cd'
c += bytearray(b'ef')
d = c
c *= 2
print(c, d is c, c + b'!', b'<' + c, c * 2, 2 * c, type(b'x' + c).__name__, type(c + b'x').__name__)
print(bytearray(b'abc') == b'abc', b'abc' == bytearray(b'abc'), bytearray(b'a') < b'b', bytearray(b'b') >= bytearray(b'a'),
      bytearray(b'x') != b'x', bytes(bytearray(b'\x00\xffz')), list(bytearray(b'AB')), 66 in bytearray(b'AB'), b'B' in bytearray(b'AB'))
s = bytearray(b'  Hello, World  ')
print(s.strip(), s.lstrip(), s.rstrip(), s.upper(), s.lower(), s.swapcase(), s.title(), s.split(), s.split(b','),
      s.replace(b'l', b'L'), s.find(b'o'), s.rfind(b'o'), s.count(b'l'), s.index(b'W'), s.startswith(b'  H'),
      s.endswith(b'  '), s.decode(), s.hex(), s.strip().center(20, b'*'), bytearray(b'-').join([b'a', b'b']),
      s.partition(b','), s.isspace(), bytearray(b'12').isdigit(), bytearray(b'abc').hex(':'), bytearray(b'a\nb').splitlines())
print(str(bytearray(b'q')), repr(bytearray(b"it's")), float(bytearray(b'2')), int(bytearray(b' 12 ')), bytearray(b'x') * 0)
show('hash', lambda: hash(bytearray(b'a')))
show('bad byte', lambda: bytearray([256]))
show('bad append', lambda: bytearray().append(300))
show('bad append type', lambda: bytearray().append('a'))
show('index', lambda: bytearray(b'ab')[5])
show('set index', lambda: bytearray(b'ab').__setitem__(5, 1))
show('pop empty', lambda: bytearray().pop())
show('remove missing', lambda: bytearray(b'a').remove(98))
show('ext slice', lambda: bytearray(b'abcd').__setitem__(slice(None, None, 2), b'xyz'))
show('concat', lambda: bytearray(b'a') + 'b')
show('str no encoding', lambda: bytearray('abc'))
show('set str', lambda: bytearray(b'ab').__setitem__(0, 'a'))
show('negative', lambda: bytearray(-1))
show('float(bad)', lambda: float(bytearray(b'x')))
print(sorted([bytearray(b'b'), bytearray(b'a')]), {bytes(bytearray(b'k')): 1})
show('key type', lambda: bytearray(b'ab')['x'])
show('key float', lambda: bytearray(b'ab')[1.0])
