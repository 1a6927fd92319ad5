# Differential test of the re module: API, syntax, flags, errors, and
# several threads sharing the compiled-pattern cache.
import re
import threading


def show(label, value):
    print(label, '->', repr(value))


def try_(label, f):
    try:
        show(label, f())
    except re.error as e:
        print(label, '-> re.error:', e, '|', e.msg, e.pos, e.lineno, e.colno)
    except (IndexError, TypeError, ValueError) as e:
        print(label, '->', type(e).__name__, e)


# -- basic API ------------------------------------------------------------
m = re.search(r'(\w+) (\w+)', 'hello big world')
show('repr', m)
show('group', m.group())
show('group1', m.group(1))
show('group12', m.group(1, 2))
show('groups', m.groups())
show('span', m.span(2))
show('start', (m.start(), m.end(), m.start(1), m.end(2)))
show('getitem', (m[0], m[1], m[2]))
show('pos', (m.pos, m.endpos, m.string, m.re))
show('lastindex', (m.lastindex, m.lastgroup))
show('regs', m.regs)
try_('nogroup', lambda: m.group(3))
try_('nogroupname', lambda: m.group('x'))

m = re.match(r'(?P<first>\w+) (?P<last>\w+)?', 'Jane ')
show('groupdict', m.groupdict())
show('groupdict default', m.groupdict('-'))
show('groups default', m.groups(0))
show('named', (m.group('first'), m['first'], m.span('last')))
show('lastgroup', (m.lastindex, m.lastgroup))

show('match none', re.match('b', 'ab'))
show('fullmatch', re.fullmatch('a|ab', 'ab'))
show('fullmatch none', re.fullmatch('a', 'ab'))
p = re.compile('a+', re.I)
show('pattern repr', p)
show('pattern attrs', (p.pattern, p.flags, p.groups, p.groupindex))
show('pattern repr plain', re.compile('x'))
show('pattern repr flags', re.compile('x', re.M | re.S | re.X))
show('bytes pattern', re.compile(b'a', re.I))
show('pos endpos', (p.search('xaAax', 2), p.search('xaAax', 1, 3),
                    p.match('xaa', 1), p.fullmatch('xaa', 1, 2)))
show('negative pos', p.search('aa', -5))
show('cache identity', re.compile('q+') is re.compile('q+'))

# -- findall / finditer / split / sub -------------------------------------
show('findall0', re.findall(r'\d+', 'a1b22c333'))
show('findall1', re.findall(r'(\d)\d*', 'a1b22c333'))
show('findall2', re.findall(r'(\w)(\d)?', 'a1bc2'))
show('findall empty', re.findall(r'x*', 'axxb'))
show('finditer', [m.span() for m in re.finditer(r'\w+', 'ab cd  ef')])
show('split', re.split(r'\W+', 'Words, words, words.'))
show('split groups', re.split(r'(\W+)', 'Words, words, words.'))
show('split max', re.split(r'\W+', 'Words, words, words.', 1))
show('split empty', re.split(r'x*', 'axbc'))
show('split opt group', re.split(r'(a)|b', 'xaybz'))
show('sub', re.sub(r'(\w+)@(\w+)', r'\2 at \1', 'joe@home, ann@work'))
show('sub g', re.sub(r'(?P<w>\w+)', r'<\g<w>|\g<1>|\g<0>>', 'ab cd'))
show('sub func', re.sub(r'\d+', lambda m: str(int(m.group()) * 2), 'a1b22'))
show('sub count', re.sub('a', 'b', 'aaaa', count=2))
show('subn', re.subn('a', 'b', 'aaaa'))
show('sub empty', re.sub('x*', '-', 'abxd'))
show('sub escapes', re.sub('a', r'\n\t\\', 'bab'))
show('sub unmatched', re.sub('(a)|b', r'[\1]', 'ab'))
show('sub bytes', re.sub(b'a(.)', rb'\1\1', b'xabac'))
try_('sub bad escape', lambda: re.sub('a', r'\q', 'a'))
try_('sub bad group', lambda: re.sub('a', r'\1', 'a'))
try_('sub bad name', lambda: re.sub('(a)', r'\g<x>', 'a'))
try_('sub bad name chars', lambda: re.sub('(a)', r'\g<1x>', 'a'))
try_('sub unterminated', lambda: re.sub('(a)', r'\g<1', 'a'))
show('expand', re.match(r'(\w)(\w)', 'ab').expand(r'\2\1\g<0>'))
show('escape', re.escape('a.b*c?d(e)f[g]h{i}j|k^l$m\\n o#p&q~r-s'))
show('escape bytes', re.escape(b'a.b c'))

# -- syntax ---------------------------------------------------------------
cases = [
    (r'a.c', 'abc a\nc'),
    (r'(?s)a.c', 'a\nc'),
    (r'^\w+$', 'foo\nbar\n'),
    (r'(?m)^\w+$', 'foo\nbar\n'),
    (r'bar$', 'foo\nbar\n'),
    (r'bar\Z', 'foo\nbar\n'),
    (r'\Afoo', 'foo'),
    (r'\bcat\b', 'concat cat'),
    (r'\Bcat', 'concat cat'),
    (r'[a-c]+', 'xxabcabd'),
    (r'[^a-c]+', 'abcxyzabc'),
    (r'[\d\s]+', 'ab1 2 3cd'),
    (r'[]a]+', 'x]a]'),
    (r'[a-]+', 'x-a-'),
    (r'\x41\u0042\101\0', 'AB A\x00'),
    (r'a{2}', 'aaaa'),
    (r'a{2,}', 'aaaa'),
    (r'a{,2}', 'aaaa'),
    (r'a{1,3}?', 'aaaa'),
    (r'a{', 'a{'),
    (r'a{x}', 'a{x}'),
    (r'(a|b)*c', 'ababc'),
    (r'(a*)*b', 'aaab'),
    (r'(a*)+b', 'aaab'),
    (r'(?:a|b)+?c', 'abc'),
    (r'(a)(?:b)(?P<c>c)', 'abc'),
    (r'(\w+)\s+\1', 'the the cat'),
    (r'(?P<q>["\']).*?(?P=q)', 'say "hi" \'x\''),
    (r'(?i)hello', 'HeLLo'),
    (r'(?i:a)b', 'Ab AB'),
    (r'a(?i:b)c', 'aBc abC'),
    (r'(?-i:a)b', 'ab'),
    (r'(?x) a  b # comment\n c', 'abc'),
    (r'a(?#comment)b', 'ab'),
    (r'foo(?=bar)', 'foobaz foobar'),
    (r'foo(?!bar)', 'foobar foobaz'),
    (r'(?<=\$)\d+', 'cost $42'),
    (r'(?<!\$)\b\d+', '$42 17'),
    (r'(?<=ab|cd)x', 'abx cdx'),
    (r'(<)?\w+(?(1)>|$)', '<abc>'),
    (r'(<)?\w+(?(1)>|$)', 'abc'),
    (r'(?P<a><)?\w+(?(a)>)', '<abc'),
    (r'a*+b', 'aaab'),
    (r'a*+a', 'aaaa'),
    (r'(?>a+)b', 'aaab'),
    (r'(?>a|ab)c', 'abc'),
    (r'(?:ab)++', 'ababab'),
    (r'x?+x', 'x'),
    (r'a{2,3}+a', 'aaaa'),
    (r'(a)|(b)', 'b'),
    (r'((a)(b))', 'ab'),
    (r'(a)(b)?', 'a'),
    (r'\d+', 'x\u0663\u0664y'),
    (r'\w+', 'caf\xe9 ok'),
    (r'(?a)\w+', 'caf\xe9 ok'),
    (r'\s+', 'a\u3000\x1cb'),
    (r'(?i)\xe9', '\xc9'),
    (r'(?i)[a-z]+', 'HeLLo'),
    (r'(?i)[^a-z]+', 'HeLLo123'),
    (r'(?i)k', '\u212a'),
    (r'(?ai)k', '\u212a'),
    (r'.*', ''),
    (r'', 'abc'),
    (r'|a', 'a'),
    (r'(?:)', 'x'),
    (r'()', 'x'),
    (r'\(\)', '()'),
    (r'\.\*\+', '.*+'),
    (r'[\]]', ']'),
    (r'[\\]', '\\'),
    (r'[.]', 'a.'),
    (r'\t\n', 'x\t\n'),
    (r'(a+|b+)*c', 'aabbac'),
    (r'(ab|a)(bc|c)?', 'abc'),
    (r'^(?:(a)|b)*$', 'ab'),
]
for pat, text in cases:
    found = re.search(pat, text)
    print('search', repr(pat), repr(text), '->',
          found and (found.span(), found.groups(), found.lastindex))
    print('  findall', re.findall(pat, text))

# -- backtracking and group semantics ---------------------------------------
tricky = [
 (r'(a|b)*?c', 'abac'), (r'(?:(a)|b)*', 'ab'), (r'(a)*', 'aaa'), (r'(a*)+', 'b'),
 (r'(a*)*', 'b'), (r'(?:a*)*b', 'aab'), (r'(\w+)(?<=foo)bar', 'xfoobar'),
 (r'\b', ''), (r'\B', ''), (r'$', 'a\n'), (r'(?m)$', 'a\nb\n'), (r'^', 'a\nb'),
 (r'(?m)^', 'a\nb\n'), (r'a|b|', 'c'), (r'(a)(?(1)b)', 'a'), (r'(?i)[k]', '\u212a'),
 (r'(?i)\u017f', 'S'), (r'(?i)s', '\u017f'), (r'[\w-]+', 'a-b_c d'), (r'(?<=a)', 'aaa'),
 (r'x*', 'xaxx'), (r'(?=x)', 'axbx'), (r'((a)|b)+', 'ab'), (r'(a)|\1', 'x'),
 (r'(?P<n>a)(?P=n)', 'aa'), (r'(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\10', 'abcdefghijj'),
 (r'[^\W\d]+', 'ab12cd'), (r'\d{2,}?', '12345'), (r'(?s:.)+', 'a\nb'),
 (r'(?x)[ ]a', ' a'), (r'a{,3}b', 'aaaab'), (r'(?:x|(y))+z', 'xyxz'),
 (r'(a+)+$', 'aaaaaaaaaaaaaaaaaaaaa!'), (r'\Z', 'ab'), (r'.\Z', 'ab\n'),
 (r'(ab)*+c', 'ababc'), (r'(?>(a)|ab)*c', 'ababc'), (r'(?<!^)x', 'xx'),
]
for p, t in tricky:
    print(repr(p), repr(t), [ (m.span(), m.groups(), m.lastindex) for m in re.finditer(p, t)])
    print('  ', re.sub(p, '<\\g<0>>', t), re.split(p, t))


flag_cases = [
    ('a.b', re.S, 'a\nb'),
    ('^b', re.M, 'a\nb'),
    ('A', re.I, 'xa'),
    (' a b ', re.X, 'ab'),
    (r'\w', re.A, '\xe9a'),
    (b'\\w+', 0, b'\xe9ab'),
    (b'(?i)A', 0, b'a'),
    (b'[a-z]+', re.I, b'ABC'),
    (rb'\d\s', 0, b'1 '),
    (b'.', re.S, b'\n'),
]
for pat, fl, text in flag_cases:
    found = re.search(pat, text, fl)
    print('flags', repr(pat), repr(fl), repr(text), '->', found)

show('flag repr', (re.I, re.I | re.M, re.A | re.X | re.S, re.NOFLAG))
show('flag int', (int(re.I | re.M), re.IGNORECASE == 2, re.L.value))
show('flags value', re.compile('(?im)x').flags)
show('bytes flags', re.compile(b'(?i)x').flags)

# -- errors ---------------------------------------------------------------
bad = ['(', 'a)', '*', '+a', 'a**', 'a*?+', 'a{1,2}{3}', '(?<x)', '(?z)',
       r'\q', '[a', '[]', '[^]', '[z-a]', r'(a)\3', r'\8', r'(a\1)',
       '(?P=x)', 'a(?i)', '(?P<a>x)(?P<a>y)', '(?<=a+)b', '(?<=a|bc)',
       'a{3,2}', '(?P<1a>x)', '(?P<a', '(?P<>x)', '(?', '(?P', '(?Px)',
       r'\x4', r'\777', '(?#abc', '(?i', '(?-i)', '(?i-i:a)',
       '(a)(?(2)a|b)', '(?(a)b|c)', '(a)(?(1)a|b|c)', r'\u12', r'[\d-z]',
       r'[a-\d]', 'x|*', '^*', r'\b+', '(?i:', '(?>a', r'\Z*', '\\',
       'a\n(', 'ab\ncd)', '(?x)\n  (', '(?au)x']
for pat in bad:
    try_('compile %r' % pat, lambda: re.compile(pat))

# -- more syntax, str and bytes ----------------------------------------------
more_patterns = ['(?<=a)(?<!b)c', '(?P<a>)(?P=a', '(?P=1)', '(?P<a-b>x)', '(?(1a)x)', '(?(0)a)', '[a-]', '[-a]', '[a-\\]', '(?i-:a)', '(?-:a)',
 '(?i)(?m)a', '(?s)x(?i)', '(?x: a # c\n b)', '(?x)[ #]', r'\N', r'\ud800', '[\\z]', '[\\A]', '\\U00110000', '\\x', '\\0777', '[\\777]',
 '(?ia)x', '(?a-i:x)', '(?-a:x)', '(?u:x)', '(?<', '(?<=', '(?(', '(?(1)', 'a{1', 'a{1,', 'a{,', '{', 'x{1}{', '(?:)', '(?', '(?P<', '(?P=', '(?#', 
 '\\g', '\\1', '[\\1]', '(a)[\\1]', '\\12', '\\123', '[\\8]', '(?aL)', '(?uL)', 'a++', 'a+?+', 'a??', 'a?+?', '(?>)', '(?=)*', '(?<=\\b)a', '(?<=a{2})b', '(?<=a{1,2})b']
for p in more_patterns:
    for form in (p, p.encode('latin-1')):
        try:
            r = re.compile(form)
            print(repr(form), 'OK', r.groups, r.flags)
        except re.error as e:
            print(repr(form), 'error', e)
        except Exception as e:
            print(repr(form), type(e).__name__, e)

try_('bytes L ok', lambda: re.compile(b'(?L)a').flags)
try_('str L', lambda: re.compile('a', re.L))
try_('bytes U', lambda: re.compile(b'a', re.U))
try_('mixed', lambda: re.search('a', b'a'))
try_('mixed2', lambda: re.search(b'a', 'a'))
try_('flags with pattern', lambda: re.compile(re.compile('a'), re.I))
e = None
try:
    re.compile('ab\n(c')
except re.error as err:
    e = err
show('error attrs', (e.msg, e.pattern, e.pos, e.lineno, e.colno, str(e)))
show('error class', (re.error.__name__, issubclass(re.error, Exception)))

# -- lookbehind ----------------------------------------------------------------
for lb_pat in [r'(?<=(?P<x>a)(?P=x))b', r'(?<=(a)\1)b', r'(a)(?<=\1)b', r'(?<=a(?=b))', r'(?<!(a|b))c', r'(?<=\Ab)c', '(?i)(?<=A)b', '(?=a)*b']:
    try:
        print(lb_pat, re.compile(lb_pat).findall('aabc bc ab'))
    except re.error as e:
        print(lb_pat, 'error', e)

# -- more API ---------------------------------------------------------------
p = re.compile(r'(?P<x>a)(b)?')
m = p.search('zab', endpos=3, pos=1)
print(isinstance(m, re.Match), isinstance(p, re.Pattern), type(m).__name__, type(p).__name__)
print(m, m.group(0, 'x', 2), m.span('x'), m.lastgroup)
print(p.sub('-', 'aabab', count=1), re.sub('A', 'x', 'aA', flags=re.I), re.subn('a', 'x', 'aaa', 2))
print(re.findall(b'a.', bytearray(b'abac')), re.search(b'b', memoryview(b'ab')))
print(p == re.compile(r'(?P<x>a)(b)?'), p.__copy__() is p, m.__deepcopy__({}) is m)
print(re.compile('a', re.I) == re.compile('a'), hash(p) == hash(re.compile(r'(?P<x>a)(b)?')))
print(re.match('(a)(b)', 'ab').expand(r'\2-\1'), re.match(b'(a)', b'a').expand(rb'[\1]'))
print(list(re.finditer('', 'ab')), re.split('', 'ab'))
print(re.escape('\u00e9-x'), re.fullmatch(r'\w+', 'ab', re.A))
s = p.scanner('aab')
print(s.search(), s.search(), s.search())
print(re.compile('x').search('x', 5), re.compile('x').search('xx', 1, 0))
try:
    re.compile('(')
except re.error as e:
    print(type(e).__module__, type(e).__name__, e.args)
print(re.sub('(b)', lambda m: m.group(1).upper(), 'abcb'), re.sub('a', lambda m: '', 'aba'))
print(re.compile('(?i)x').pattern, re.compile(b'x').groupindex, p.groupindex)
print(repr(re.I | re.M), re.I in (re.I | re.M), re.RegexFlag(10))

# -- long inputs ----------------------------------------------------------
long = 'ab' * 50000
show('long alt star', re.match('(a|b)*', long).span())
show('long lazy', re.match('(?:a|b)*?$', long).span())
show('long search', re.search('b{3}', long + 'bbb').span())
show('long findall', len(re.findall('ab', long)))
show('long sub', len(re.sub('a', 'xy', long)))

# -- threads sharing the cache --------------------------------------------
results = {}
lock = threading.Lock()


def worker(n):
    total = 0
    for i in range(200):
        pat = r'(\d+)-%d' % (i % 25)
        text = 'x %d-%d y' % (n * 1000 + i, i % 25)
        m = re.search(pat, text)
        total += int(m.group(1))
        total += len(re.findall(r'[a-z]', text))
        re.sub(r'\s', '_', text)
    with lock:
        results[n] = total


threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
show('threads', sorted(results.items()))
re.purge()
show('after purge', re.match('a', 'a').span())
show('pattern flag order', (re.compile('a', re.A | re.I), re.compile('a', re.U),
                            re.compile(b'a', re.L), re.compile('(?a)x')))
show('flag str', (str(re.I), '%s' % re.A, format(re.M)))
show('long pattern repr', re.compile('x' * 300))
show('global flag branches', (re.findall('(?i)a|b', 'AB'),
                              re.findall('(?x) a | b ', 'ab')))
