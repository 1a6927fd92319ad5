# Differential test of difflib against CPython 3.11.
import difflib
import pprint
from difflib import SequenceMatcher


def show(label, *value):
    print(label, *value)


def err(fn, *args, **kw):
    try:
        r = fn(*args, **kw)
        if hasattr(r, '__next__'):
            r = list(r)
        print('ok', r)
    except Exception as e:
        print(type(e).__name__, e)


# --- SequenceMatcher basics -------------------------------------------------
s = SequenceMatcher(None, "abxcd", "abcd")
show('blocks', s.get_matching_blocks())
show('opcodes', s.get_opcodes())
show('ratio', s.ratio(), s.quick_ratio(), s.real_quick_ratio())
show('longest', s.find_longest_match(0, 5, 0, 4))
show('longest-default', s.find_longest_match())
m = s.find_longest_match(2)
show('match fields', m.a, m.b, m.size, type(m).__name__, m._fields)

s = SequenceMatcher(lambda x: x == " ", " abcd", "abcd abcd")
show('junk longest', s.find_longest_match(0, 5, 0, 9))
show('bjunk', sorted(s.bjunk), sorted(s.bpopular))
s = SequenceMatcher(None, " abcd", "abcd abcd")
show('nojunk longest', s.find_longest_match(0, 5, 0, 9))

s = SequenceMatcher(lambda x: x == " ", "private Thread currentThread;",
                    "private volatile Thread currentThread;")
show('ratio', round(s.ratio(), 3))
for tag, i1, i2, j1, j2 in s.get_opcodes():
    print("%7s a[%d:%d] (%s) b[%d:%d] (%s)" % (tag, i1, i2, s.a[i1:i2], j1, j2, s.b[j1:j2]))

# set_seq1 / set_seq2 / set_seqs
s = SequenceMatcher()
show('empty', s.get_opcodes(), s.get_matching_blocks(), s.ratio())
show('empty grouped', list(s.get_grouped_opcodes()))
s.set_seqs("abcd", "bcde")
show('seqs', s.get_opcodes())
s.set_seq1("xbcd")
show('seq1', s.get_opcodes())
s.set_seq2("xbcz")
show('seq2', s.get_opcodes(), sorted(s.b2j.items()))
s.set_seq1("abc")
show('seq1 again', s.ratio())

# lists of lines and tuples
s = SequenceMatcher(None, [1, 2, 3, 4, 5], (1, 3, 4, 9, 5))
show('ints', s.get_opcodes())

# autojunk: popular elements in long b
a = "x" * 100 + "ab"
b = "x" * 150 + "y" * 60 + "ab"
s = SequenceMatcher(None, a, b)
show('popular', sorted(s.bpopular), len(s.b2j), s.get_matching_blocks())
s = SequenceMatcher(None, a, b, autojunk=False)
show('no autojunk', sorted(s.bpopular), s.get_matching_blocks())
s = SequenceMatcher(None, "a" * 300, "a" * 300)
show('all popular', s.get_matching_blocks(), s.ratio())
s = SequenceMatcher(None, "a" * 300, "a" * 300, False)
show('all popular off', s.get_matching_blocks())
b = "".join(chr(97 + (i * 7) % 5) for i in range(250))
a = b[:100] + "Q" + b[101:]
s = SequenceMatcher(None, a, b)
show('popular2', sorted(s.bpopular), s.get_opcodes())

# grouped opcodes and the in-place trimming
s = SequenceMatcher(None, list(range(30)), list(range(5)) + [99] + list(range(6, 25)) + [77] + list(range(26, 30)))
for n in (0, 1, 3, 5, 20):
    show('grouped %d' % n, list(s.get_grouped_opcodes(n)))
s = SequenceMatcher(None, "a" * 10 + "b", "a" * 10 + "c")
show('before', s.get_opcodes())
list(s.get_grouped_opcodes(2))
show('after', s.get_opcodes())
s = SequenceMatcher(None, "abc", "abc")
show('equal grouped', list(s.get_grouped_opcodes()))

show('generic', SequenceMatcher[int])

# --- get_close_matches --------------------------------------------------------
show('close', difflib.get_close_matches("appel", ["ape", "apple", "peach", "puppy"]))
import keyword
show('close kw', difflib.get_close_matches("wheel", keyword.kwlist))
show('close kw2', difflib.get_close_matches("pineapple", keyword.kwlist))
show('close kw3', difflib.get_close_matches("accept", keyword.kwlist))
show('close n', difflib.get_close_matches("ab", ["ab", "abc", "abd", "xab", "b", "a"], n=4, cutoff=0.3))
show('close ties', difflib.get_close_matches("abc", ["abd", "abe", "abf", "abx"], n=2))
err(difflib.get_close_matches, "a", ["a"], n=0)
err(difflib.get_close_matches, "a", ["a"], cutoff=1.5)
err(difflib.get_close_matches, "a", ["a"], cutoff=-0.1)

# --- junk predicates ------------------------------------------------------------
for line in ["\n", "  #   \n", "hello\n", "#", " # x", "", " \t ", "##"]:
    print(repr(line), difflib.IS_LINE_JUNK(line))
for ch in " \tx\n":
    print(repr(ch), difflib.IS_CHARACTER_JUNK(ch))

# --- Differ / ndiff -------------------------------------------------------------
text1 = '''  1. Beautiful is better than ugly.
  2. Explicit is better than implicit.
  3. Simple is better than complex.
  4. Complex is better than complicated.
'''.splitlines(keepends=True)
text2 = '''  1. Beautiful is better than ugly.
  3.   Simple is better than complex.
  4. Complicated is better than complex.
  5. Flat is better than nested.
'''.splitlines(keepends=True)
d = difflib.Differ()
print(''.join(d.compare(text1, text2)), end='')
print('---')
diff = list(difflib.ndiff('one\ntwo\nthree\n'.splitlines(keepends=True),
                          'ore\ntree\nemu\n'.splitlines(keepends=True)))
print(''.join(diff), end='')
print(''.join(difflib.restore(diff, 1)), end='')
print(''.join(difflib.restore(diff, 2)), end='')
err(difflib.restore, diff, 3)
err(difflib.restore, diff, "2")
print('---')
print(''.join(difflib.ndiff(["\tabc\n", "x y z\n"], ["\tabd\n", "x  y z\n"])), end='')
print(''.join(difflib.ndiff(["abc\n", "same\n"], ["same\n", "abc\n"])), end='')
print(''.join(difflib.ndiff(["aaa\n", "bbb\n"], ["xyz\n", "qqq\n", "rrr\n"])), end='')
print(''.join(difflib.ndiff(["aaa\n", "bbb\n", "ccc\n"], ["zzz\n"])), end='')
print(''.join(difflib.ndiff(["\n", "abc\n", "\n"], ["abc\n", "\n", "\n", "x\n"], linejunk=difflib.IS_LINE_JUNK)), end='')
print(''.join(difflib.ndiff(["a b c d\n"], ["a  b c d e\n"], charjunk=None)), end='')
print(list(difflib.ndiff([], [])), list(difflib.ndiff(["x"], [])))
err(lambda: list(difflib.Differ().compare("abc", "abd")))

# unittest-style diffs (assertEqual of containers / strings)
def seqdiff(x, y):
    return '\n' + '\n'.join(difflib.ndiff(pprint.pformat(x).splitlines(),
                                          pprint.pformat(y).splitlines()))

print(seqdiff([1, 2, 3, 4], [1, 2, 5, 4]))
print(seqdiff({'a': 1, 'b': [1, 2, 3], 'c': 'hello'}, {'a': 1, 'b': [1, 2, 4], 'c': 'hallo'}))
print(seqdiff(list(range(30)), list(range(1, 31))))
print(seqdiff(['alpha', 'beta', 'gamma'], ['alpha', 'betta', 'gamma', 'delta']))
print(seqdiff((1, 'x'), (1, 'y', None)))
first = "The quick brown fox\njumps over\nthe lazy dog\n"
second = "The quick brown cat\njumps over\nthe lazy dogs\nand more\n"
print(''.join(difflib.ndiff(first.splitlines(keepends=True), second.splitlines(keepends=True))), end='')
print(''.join(difflib.ndiff(["foo bar baz qux\n"], ["foo baz bar qux\n"])), end='')
print(''.join(difflib.ndiff(["x" * 40 + "\n"], ["x" * 20 + "y" * 20 + "\n"])), end='')

# --- unified_diff / context_diff --------------------------------------------------
s1 = ['bacon\n', 'eggs\n', 'ham\n', 'guido\n']
s2 = ['python\n', 'eggy\n', 'hamster\n', 'guido\n']
print(''.join(difflib.unified_diff(s1, s2, fromfile='before.py', tofile='after.py')), end='')
print(''.join(difflib.context_diff(s1, s2, fromfile='before.py', tofile='after.py')), end='')
a = ['one', 'two', 'three', 'four']
b = ['zero', 'one', 'tree', 'four']
for line in difflib.unified_diff(a, b, 'Original', 'Current', '2005-01-26 23:30:50', '2010-04-02 10:20:52', lineterm=''):
    print(line)
for line in difflib.context_diff(a, b, 'Original', 'Current', '2005-01-26 23:30:50', '2010-04-02 10:20:52', lineterm=''):
    print(line)
long_a = ['line %d\n' % i for i in range(40)]
long_b = list(long_a)
long_b[3] = 'changed 3\n'
del long_b[20]
long_b.insert(30, 'new\n')
long_b.append('tail\n')
for n in (0, 1, 3, 10):
    print(''.join(difflib.unified_diff(long_a, long_b, n=n)), end='')
    print(''.join(difflib.context_diff(long_a, long_b, n=n)), end='')
print(list(difflib.unified_diff(['a\n'], ['a\n'])))
print(list(difflib.unified_diff([], ['a\n'])))
print(list(difflib.unified_diff(['a\n'], [])))
print(list(difflib.context_diff([], ['a\n'])))
print(list(difflib.context_diff(['a\n'], [])))
print(list(difflib.unified_diff(['a\n', 'b\n'], ['b\n', 'c\n'], n=0)))
print(list(difflib.context_diff(['a\n', 'b\n'], ['b\n', 'c\n'], n=0)))
err(difflib.unified_diff, [b'a'], ['b'])
err(difflib.unified_diff, ['a'], [1])
err(difflib.context_diff, ['a'], ['b'], fromfile=b'x')
err(difflib.unified_diff, ['a'], ['b'], lineterm=None)

# --- diff_bytes ---------------------------------------------------------------
ba = [b'caf\xc3\xa9\n', b'\xff\xfe raw\n', b'same\n']
bb = [b'cafe\n', b'\xff\xfe raw!\n', b'same\n']
for line in difflib.diff_bytes(difflib.unified_diff, ba, bb, b'a.txt', b'b.txt', b'd1', b'd2'):
    print(line)
for line in difflib.diff_bytes(difflib.context_diff, ba, bb, n=1, lineterm=b''):
    print(line)
err(difflib.diff_bytes, difflib.unified_diff, ['a'], [b'b'])
err(difflib.diff_bytes, difflib.unified_diff, [b'a'], [b'b'], fromfile='x')

# --- deterministic pseudo-random batch ------------------------------------------
state = 12345
def rnd(k):
    global state
    state = (state * 1103515245 + 12345) % 2147483648
    return (state >> 8) % k

def rstr(n, alpha):
    return ''.join(alpha[rnd(len(alpha))] for _ in range(n))

total = 0
for it in range(120):
    alpha = ['ab', 'abc', 'abcdef ', 'a b\t'][it % 4]
    a = rstr(rnd(30 if it % 7 else 260), alpha)
    b = rstr(rnd(30 if it % 7 else 260), alpha)
    junk = (lambda c: c == ' ') if it % 3 == 0 else None
    sm = SequenceMatcher(junk, a, b, autojunk=bool(it % 2))
    ops = sm.get_opcodes()
    total += len(ops)
    print(it, [tuple(m) for m in sm.get_matching_blocks()], round(sm.ratio(), 6), round(sm.quick_ratio(), 6))
    la = [rstr(rnd(10), alpha) + '\n' for _ in range(rnd(9))]
    lb = [x if rnd(2) else rstr(rnd(10), alpha) + '\n' for x in la] + [rstr(4, alpha) + '\n' for _ in range(rnd(3))]
    print(''.join(difflib.ndiff(la, lb)), end='')
    print(''.join(difflib.unified_diff(la, lb, n=rnd(3))), end='')
print('total', total)
