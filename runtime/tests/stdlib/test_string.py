# string: constants, capwords, Template and Formatter against CPython.
import string
import threading

print(string.ascii_letters, string.digits, string.hexdigits, string.octdigits)
print(repr(string.whitespace), len(string.printable), string.punctuation)
print(string.capwords('  hello   wide world '), string.capwords('a-b-c', '-'))

T = string.Template
t = T('$who likes ${what} $$ and $9 more')
print(t.safe_substitute(who='Ann'))
print(t.safe_substitute({'who': 'map', 'what': 'tea'}, who='kw'))
for template, args in [('$who likes ${what}', {'who': 'A', 'what': 'B'}),
                       ('$who likes ${what} $$ $9', {'who': 'A', 'what': 'B'}),
                       ('line one\nline $two $', {'two': 2}),
                       ('${broken', {}), ('$missing', {}), ('$$$x$', {'x': 1}),
                       ('$a_1b.$A', {'a_1b': 'v', 'A': 'w'}), ('', {}),
                       ('${a}x${b}', {'a': 1.5, 'b': [1]})]:
    try:
        print(repr(T(template).substitute(args)))
    except (KeyError, ValueError) as e:
        print(type(e).__name__, e)
    print(T(template).is_valid(), T(template).get_identifiers())


class Percent(string.Template):
    delimiter = '%%'


p = Percent('%%name costs %%%%5, ${x}')
print(p.substitute(name='tea'), p.get_identifiers())
print(T.delimiter, T.idpattern, T.braceidpattern)

f = string.Formatter()
for s in ['a{{b', 'x{0!r:>{w}}y}}z', '{a.b[0][x]}', '{}', '}', '{', 'ab{0:{1}{2}}',
          '{!r}', '{0[}', 'plain', '{:}', '{0!}', '{0!rr}', '{0', '{0!', '{0!r',
          '{a!}x', '{0!:}', '{0:x', '{:{{}}}', '{0[}]}', '{0[:]}', 'a{0:}}b',
          '{0:[}', '{0:]{1}}', '{0[1]x}']:
    try:
        print(repr(s), list(f.parse(s)))
    except ValueError as e:
        print(repr(s), type(e).__name__, e)


class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y


cases = [('{}{}', (1, 2), {}), ('{0}{}', (1, 2), {}), ('{}{0}', (1, 2), {}),
         ('{:{}}|', ('x', 5), {}), ('{0:{1:{2}}}', (1, 2, 3), {}),
         ('{!x}', (1,), {}), ('{a.real}', (), {'a': 3}),
         ('{p.x},{p.y} {d[k]} {l[1]}', (), {'p': Point(1, 2), 'd': {'k': 'v'}, 'l': [5, 6]}),
         ('{0!r} {0!s} {0!a}', ('é',), {}), ('{:>8.3f}|{:<6}|{:^7}', (3.14159, 'ab', 'c'), {}),
         ('{name:*^9}', (), {'name': 'mid'}), ('{2}', (1,), {}), ('{x}', (), {}),
         ('{0.nope}', (1,), {}), ('{:d}', ('s',), {})]
for s, a, k in cases:
    try:
        print(repr(f.format(s, *a, **k)))
    except Exception as e:
        print(type(e).__name__, e)


class Strict(string.Formatter):
    def check_unused_args(self, used, args, kwargs):
        unused = [k for k in kwargs if k not in used]
        if unused:
            raise ValueError('unused: %s' % ', '.join(sorted(unused)))

    def get_value(self, key, args, kwargs):
        if isinstance(key, str) and key not in kwargs:
            return '<%s>' % key
        return super().get_value(key, args, kwargs)

    def convert_field(self, value, conversion):
        if conversion == 'u':
            return str(value).upper()
        return super().convert_field(value, conversion)


s = Strict()
print(s.format('{a} {b!u} {c}', a=1, b='x'))
try:
    s.format('{a}', a=1, extra=2, more=3)
except ValueError as e:
    print(e)

# Templates and formatters shared by four threads.
shared = T('$n:${n}')
fmt = string.Formatter()
results = [None] * 4


def work(k):
    out = []
    for i in range(300):
        out.append(shared.substitute(n=i * k) + fmt.format('{0}-{1:03d}', k, i))
    results[k] = len(''.join(out))


threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
for th in threads:
    th.start()
for th in threads:
    th.join()
print(results)
