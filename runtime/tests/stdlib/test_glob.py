import glob
import os
import threading


def show(label, value):
    if isinstance(value, (list, tuple)) or hasattr(value, '__next__'):
        value = sorted(value)
    print(label, value)


def attempt(label, fn):
    try:
        show(label, fn())
    except Exception as e:
        print(label, type(e).__name__, e)


base = os.path.join(os.getcwd(), "_scratch_glob")


def wipe():
    if not os.path.lexists(base):
        return
    for top, dirs, files in os.walk(base, topdown=False):
        for name in files:
            os.unlink(os.path.join(top, name))
        for name in dirs:
            p = os.path.join(top, name)
            (os.unlink if os.path.islink(p) else os.rmdir)(p)
    os.rmdir(base)


def touch(path):
    with open(path, 'w') as f:
        f.write('x')


wipe()
os.mkdir(base)
old = os.getcwd()
os.chdir(base)
try:
    for d in ['a', 'a/b', 'a/b/c', 'a/.hid', 'aab', 'x y', '.dotdir',
              'a/.hid/deep']:
        os.mkdir(d)
    for f in ['a/1.txt', 'a/2.py', 'a/b/3.txt', 'a/b/c/4.txt', 'a/.h.txt',
              'a/.hid/5.txt', 'a/.hid/deep/6.txt', 'top.txt', '.top.txt',
              'x y/sp ace.txt', 'aab/[x].txt', 'q?.txt', '.dotdir/in.txt']:
        touch(f)
    os.symlink('a/b', 'lnk')
    os.symlink('nowhere', 'broken')

    print("== simple")
    show("*", glob.glob('*'))
    show(".*", glob.glob('.*'))
    show("*.txt", glob.glob('*.txt'))
    show("a/*", glob.glob('a/*'))
    show("a/.*", glob.glob('a/.*'))
    show("a/*/", glob.glob('a/*/'))
    show("*/", glob.glob('*/'))
    show("?/*.py", glob.glob('?/*.py'))
    show("a/[12].*", glob.glob('a/[12].*'))
    show("a/[!1]*", glob.glob('a/[!1]*'))
    show("*/*.txt", glob.glob('*/*.txt'))
    show("*/*/*", glob.glob('*/*/*'))
    show("a/b", glob.glob('a/b'))
    show("a/b/", glob.glob('a/b/'))
    show("top.txt/", glob.glob('top.txt/'))
    show("missing", glob.glob('missing'))
    show("missing/*", glob.glob('missing/*'))
    show("broken", glob.glob('broken'))
    show("b*", glob.glob('b*'))
    show("lnk/*", glob.glob('lnk/*'))
    show("x y/*", glob.glob('x y/*'))
    show("empty", glob.glob(''))
    show("no recursion without flag", glob.glob('**/*.txt'))

    print("== recursive")
    show("**", glob.glob('**', recursive=True))
    show("**/", glob.glob('**/', recursive=True))
    show("**/*.txt", glob.glob('**/*.txt', recursive=True))
    show("a/**", glob.glob('a/**', recursive=True))
    show("a/**/*.txt", glob.glob('a/**/*.txt', recursive=True))
    show("a/**/c", glob.glob('a/**/c', recursive=True))
    show("**/4.txt", glob.glob('**/4.txt', recursive=True))
    show("a/**/", glob.glob('a/**/', recursive=True))
    show("hidden **", glob.glob('a/**', recursive=True,
                                include_hidden=True))
    show("hidden *", glob.glob('a/*', include_hidden=True))
    show("a/.hid/**", glob.glob('a/.hid/**', recursive=True))

    print("== root_dir")
    show("root_dir *", glob.glob('*', root_dir='a'))
    show("root_dir **", glob.glob('**', root_dir='a', recursive=True))
    show("root_dir b/*", glob.glob('b/*', root_dir='a'))
    show("root_dir exact", glob.glob('1.txt', root_dir='a'))
    show("root_dir missing", glob.glob('nope', root_dir='a'))
    show("root_dir dir/", glob.glob('b/', root_dir='a'))
    show("root_dir abs", glob.glob(os.path.join(base, 'top.*'),
                                   root_dir='a') == [os.path.join(base,
                                                                  'top.txt')])

    print("== iglob")
    it = glob.iglob('a/*.txt')
    print(hasattr(it, '__next__'), sorted(it))
    show("iglob **", glob.iglob('**/*.py', recursive=True))

    print("== bytes")
    show("bytes *", glob.glob(b'a/*.txt'))
    show("bytes **", glob.glob(b'**/4.txt', recursive=True))

    print("== escape / has_magic")
    for text in ['plain', 'a*b', 'q?.txt', '[x]', 'a/[b]/c*']:
        print(repr(text), glob.has_magic(text), repr(glob.escape(text)))
    print(glob.has_magic(b'x[y'), glob.escape(b'a?b*'))
    show("escaped", glob.glob(glob.escape('q?.txt')))
    show("escaped2", glob.glob('aab/' + glob.escape('[x].txt')))
    show("magic literal", glob.glob('aab/[[]x].txt'))

    print("== threads")
    results = [None] * 4

    def worker(k):
        out = []
        for _ in range(10):
            out.append(tuple(sorted(glob.glob('**/*.txt', recursive=True))))
            out.append(tuple(sorted(glob.glob('a/*'))))
        results[k] = out

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    flat = set()
    for r in results:
        flat.update(r)
    print(len(results), all(len(r) == 20 for r in results), len(flat))
finally:
    os.chdir(old)
    wipe()
print(os.path.exists(base))
