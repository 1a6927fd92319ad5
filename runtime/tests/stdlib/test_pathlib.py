import os
import pathlib
import threading
from pathlib import (PurePath, PurePosixPath as PP, PureWindowsPath as PW,
                     Path, PosixPath)


def show(label, fn):
    try:
        print(label, repr(fn()))
    except Exception as e:
        print(label, type(e).__name__, e)


print("== parsing")
for args in [(), ('',), ('.',), ('a',), ('a/b',), ('/a/b',), ('//a/b',),
             ('///a/b',), ('a//b/./c/',), ('a', 'b', 'c'), ('a', '/b', 'c'),
             ('/a', '..', 'b'), ('a/../b',), (PP('x/y'), 'z'),
             ('a', PP('/q'))]:
    p = PP(*args)
    print(args, repr(p), str(p), p.parts, repr(p.drive), repr(p.root),
          repr(p.anchor))
print(type(PurePath('a')).__name__, type(Path('a')).__name__)
show("bytes arg", lambda: PP(b'x'))
show("int arg", lambda: PP(3))

print("== windows parsing")
for args in [('c:/a/b',), ('c:a\\b',), ('/a',), ('//srv/share/x/y',),
             ('c:/a', '/b'), ('c:/a', 'd:b'), ('c:/a', 'c:b'), ('A:',),
             ('a/b\\c',)]:
    p = PW(*args)
    print(args, repr(p), str(p), p.parts, repr(p.drive), repr(p.root),
          p.is_absolute())
print(PW('c:/a') / 'c:b', PW('c:/a') / 'd:/b', PW('c:/a') / '/x')
print(PW('C:/A') == PW('c:/a'), PW('c:/A').name, PW('c:/a').as_uri())
print(PW('c:/a').relative_to('c:'), PW('C:/Foo/Bar').relative_to('c:/foo'))
print(PW('c:/x/CON.txt').is_reserved(), PW('c:/x/a.txt').is_reserved())
print(PW('//srv/share/a').as_uri(), PW('c:/a b/c').match('*\\C'))

print("== components")
for text in ['a/b.tar.gz', '/', '', '.hidden', 'a/b.', 'x.y/z', 'lib.so.1',
             '..', 'a/..', '/usr/lib/', 'a.b.', '.a.b']:
    p = PP(text)
    print(repr(text), repr(p.name), repr(p.stem), repr(p.suffix),
          p.suffixes, repr(p.parent))
p = PP('/a/b/c')
print(list(p.parents), len(p.parents), p.parents[0], p.parents[-1],
      p.parents[1:], p.parents[::-1])
print(list(PP('a/b').parents), list(PP('').parents), repr(PP('/').parent))
show("parents[3]", lambda: p.parents[3])
show("parents[-4]", lambda: p.parents[-4])
print(repr(p.parents).replace('PurePosixPath', 'X'))

print("== with_*")
show("with_name", lambda: PP('a/b.txt').with_name('c.py'))
show("with_name empty", lambda: PP('/').with_name('x'))
show("with_name sep", lambda: PP('a').with_name('x/y'))
show("with_name blank", lambda: PP('a').with_name(''))
show("with_name dot", lambda: PP('a').with_name('.'))
show("with_stem", lambda: PP('a/b.txt').with_stem('zz'))
show("with_suffix", lambda: PP('a/b.txt').with_suffix('.md'))
show("with_suffix add", lambda: PP('a/b').with_suffix('.md'))
show("with_suffix drop", lambda: PP('a/b.tar.gz').with_suffix(''))
show("with_suffix bad", lambda: PP('a/b').with_suffix('md'))
show("with_suffix dot", lambda: PP('a/b').with_suffix('.'))
show("with_suffix sep", lambda: PP('a/b').with_suffix('./x'))
show("with_suffix empty", lambda: PP('').with_suffix('.x'))

print("== joining")
print(PP('a') / 'b' / 'c', 'x' / PP('y'), PP('a').joinpath('b', '/c', 'd'))
print(PP('a') / PP('/b'), PP('/a').joinpath())
show("pure / concrete", lambda: PP('c') / Path('b'))
show("concrete / pure", lambda: Path('b') / PP('c'))
show("div int", lambda: PP('a') / 3)
show("rdiv int", lambda: 3 / PP('a'))

print("== relative_to")
show("rel1", lambda: PP('/a/b/c').relative_to('/a'))
show("rel2", lambda: PP('/a/b/c').relative_to('/a', 'b'))
show("rel3", lambda: PP('/a/b/c').relative_to('/'))
show("rel4", lambda: PP('a/b').relative_to('a/b'))
show("rel5", lambda: PP('a/b').relative_to(''))
show("rel err", lambda: PP('/a/b').relative_to('/c'))
show("rel err2", lambda: PP('a').relative_to('/a'))
show("rel err3", lambda: PP('/a').relative_to(''))
show("rel none", lambda: PP('/a').relative_to())
print(PP('/a/b').is_relative_to('/a'), PP('/a/b').is_relative_to('b'),
      PP('a').is_relative_to('a'))
print(PP('/a').is_absolute(), PP('a').is_absolute(), PW('/a').is_absolute(),
      PW('c:a').is_absolute(), PW('c:/a').is_absolute())

print("== match")
for path, pat in [('a/b.py', '*.py'), ('/a/b/c.py', 'b/*.py'),
                  ('/a/b/c.py', 'a/*.py'), ('/a/b.py', '/*.py'),
                  ('/a/b.py', '/a/*.py'), ('a/b.py', '/*.py'),
                  ('b.py', 'a/*.py'), ('A.PY', '*.py'), ('a/b', '*'),
                  ('.x', '*'), ('a/b', '[ab]/?')]:
    print(path, pat, PP(path).match(pat))
show("match empty", lambda: PP('a').match(''))
print(PW('a/B.PY').match('*.py'))

print("== text forms")
p = PP('/a b/ü/c')
print(str(p), repr(p), p.as_posix(), p.as_uri(), os.fspath(p))
show("bytes", lambda: bytes(p))
show("uri relative", lambda: PP('a').as_uri())
print(PW('c:/a/b').as_posix(), repr(PW('c:\\a')), str(PW('c:/a/b')))
print(PP('//h/x').as_uri())

print("== comparison and hashing")
print(PP('a/b') == PP('a//b/'), PP('a') == PW('a'), PP('a') == 'a',
      PP('a') != PP('b'))
print(hash(PP('a/b')) == hash(PP('a/./b')), len({PP('a'), PP('a/'),
                                                  PP('./a')}))
print(sorted([PP('b'), PP('a/c'), PP('a'), PP('/z'), PP('a/b')]))
print(PP('a') < PP('b'), PP('a/b') <= PP('a/b'), PP('b') > PP('a'),
      PP('a') >= PP('a/b'))
show("lt mixed", lambda: PP('a') < PW('a'))
show("lt str", lambda: PP('a') < 'a')
print(isinstance(PP('a'), os.PathLike), isinstance(Path('a'), os.PathLike),
      os.fspath(Path('x/y')), isinstance(Path('a'), PurePath),
      isinstance(Path('a'), PP))

print("== file system")
base = os.path.join(os.getcwd(), "_scratch_pathlib")
if os.path.isdir(base):
    for top, dirs, files in os.walk(base, topdown=False):
        for f in files:
            os.unlink(os.path.join(top, f))
        for d in dirs:
            p = os.path.join(top, d)
            (os.unlink if os.path.islink(p) else os.rmdir)(p)
    os.rmdir(base)
os.mkdir(base)
old = os.getcwd()
os.chdir(base)
try:
    here = Path.cwd()
    print(here.name, here.is_absolute(), Path('.').absolute() == here)
    root = Path('root')
    root.mkdir()
    show("mkdir again", lambda: root.mkdir())
    root.mkdir(exist_ok=True)
    show("mkdir no parent", lambda: Path('root/x/y').mkdir())
    Path('root/x/y').mkdir(parents=True)
    Path('root/x/y').mkdir(parents=True, exist_ok=True)
    print(Path('root/x/y').is_dir(), Path('root/x').exists())
    f = root / 'a.txt'
    print(f.write_text('hello\nworld\n'), repr(f.read_text()))
    print(f.write_bytes(b'\x00\x01bin'), f.read_bytes())
    print(f.write_bytes(bytearray(b'ba')), f.read_bytes())
    show("write_text bytes", lambda: f.write_text(b'x'))
    with f.open('w') as fh:
        fh.write('via open')
    with f.open() as fh:
        print(repr(fh.read()))
    with (root / 'b.py').open('wb') as fh:
        fh.write(b'print(1)\n')
    (root / 'x' / 'c.py').touch()
    (root / 'x' / 'y' / 'd.py').touch()
    (root / '.hidden').touch()
    (root / 'x' / 'c.py').touch()
    show("touch excl", lambda: (root / 'x' / 'c.py').touch(exist_ok=False))
    print(f.exists(), f.is_file(), f.is_dir(), root.is_dir(),
          root.is_file(), Path('nope').exists(), Path('nope').is_dir(),
          Path('root/a.txt/sub').exists(), f.is_symlink())
    print(f.stat().st_size, f.lstat().st_size == f.stat().st_size)
    show("stat missing", lambda: Path('nope').stat())
    print(sorted(p.name for p in root.iterdir()))
    print(sorted(str(p) for p in root.iterdir()))
    print(sorted(map(str, root.glob('*.py'))))
    print(sorted(map(str, root.glob('*'))))
    print(sorted(map(str, root.glob('**/*.py'))))
    print(sorted(map(str, root.glob('**'))))
    print(sorted(map(str, root.glob('x/'))))
    print(sorted(map(str, root.glob('*/'))))
    print(sorted(map(str, root.glob('x/*'))))
    print(sorted(map(str, root.glob('?.txt'))))
    print(sorted(map(str, root.glob('a.txt'))), list(root.glob('zz')))
    print(sorted(map(str, root.rglob('*.py'))))
    print(sorted(map(str, root.rglob('*'))))
    print(sorted(map(str, Path('.').glob('root/*/*.py'))))
    print(sorted(map(str, Path('.').rglob('d.py'))))
    show("glob empty", lambda: list(root.glob('')))
    show("glob abs", lambda: list(root.glob('/x')))
    show("glob bad **", lambda: list(root.glob('a**')))
    print(list(Path('nope').glob('*')))

    link = root / 'link'
    link.symlink_to('a.txt')
    print(link.is_symlink(), link.is_file(), link.read_text(),
          link.readlink(), link.samefile(f), link.samefile('root/a.txt'),
          f.samefile(root / 'b.py'))
    print(link.resolve() == f.resolve(), link.resolve().name,
          Path('root/x/../a.txt').resolve() == here / 'root' / 'a.txt')
    dangling = root / 'dangle'
    dangling.symlink_to('missing')
    print(dangling.is_symlink(), dangling.exists(), dangling.is_file())
    try:
        dangling.resolve(strict=True)
    except OSError as e:
        # (the message's file name is posixpath.realpath's business)
        print("resolve strict", type(e).__name__, e.errno)
    print(dangling.resolve().name)
    dangling.unlink()
    link.unlink()

    f.chmod(0o600)
    print(oct(f.stat().st_mode & 0o777))
    f.chmod(0o644)
    print(oct(f.stat().st_mode & 0o777))

    g = f.rename(root / 'renamed.txt')
    print(type(g).__name__, g, f.exists(), g.exists())
    h = g.replace('root/x/moved.txt')
    print(h, g.exists(), h.read_text())
    h.unlink()
    show("unlink missing", lambda: h.unlink())
    h.unlink(missing_ok=True)
    show("rmdir nonempty", lambda: Path('root/x').rmdir())
    (root / 'x' / 'y' / 'd.py').unlink()
    Path('root/x/y').rmdir()
    show("rmdir gone", lambda: Path('root/x/y').rmdir())
    print(Path('~').expanduser() == Path.home(),
          Path('a/~').expanduser(), Path.home().is_absolute())
    os.environ['HOME'] = '/home/tester'
    print(Path('~/x').expanduser(), Path.home())
finally:
    os.chdir(old)
    for top, dirs, files in os.walk(base, topdown=False):
        for name in files:
            os.unlink(os.path.join(top, name))
        for name in dirs:
            os.rmdir(os.path.join(top, name))
    os.rmdir(base)
print(os.path.exists(base))

print("== threads")
results = [None] * 4


def worker(k):
    out = []
    for i in range(200):
        p = PP('/base') / ('t%d' % k) / ('f%d.txt' % i)
        out.append((str(p.relative_to('/base')), p.suffix, p.stem,
                    hash(p) == hash(PP(str(p))), p.parent.name))
    results[k] = out


threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
for k, out in enumerate(results):
    print(k, len(out), out[0], out[-1],
          all(o[3] for o in out), len(set(o[0] for o in out)))
shared = PP('/s/h/a/r/e/d.txt')
seen = []


def reader():
    for _ in range(200):
        seen.append((hash(shared), str(shared), shared.parts))


threads = [threading.Thread(target=reader) for _ in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(len(seen), len(set(seen)))
