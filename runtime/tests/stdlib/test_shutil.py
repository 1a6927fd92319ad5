import io
import os
import shutil
import sys
import threading

base = os.path.join(os.getcwd(), "_scratch_shutil")


def wipe(path):
    if not os.path.lexists(path):
        return
    if os.path.islink(path) or not os.path.isdir(path):
        os.unlink(path)
        return
    for top, dirs, files in os.walk(path, topdown=False):
        for name in files:
            os.unlink(os.path.join(top, name))
        for name in dirs:
            p = os.path.join(top, name)
            (os.unlink if os.path.islink(p) else os.rmdir)(p)
    os.rmdir(path)


def write(path, text):
    with open(path, 'w') as f:
        f.write(text)


def read(path):
    with open(path) as f:
        return f.read()


def tree(path):
    out = []
    for top, dirs, files in os.walk(path):
        rel = os.path.relpath(top, path)
        for name in sorted(dirs):
            p = os.path.join(top, name)
            out.append(os.path.join(rel, name) + ('@' if os.path.islink(p)
                                                  else '/'))
        for name in sorted(files):
            p = os.path.join(top, name)
            kind = '@' if os.path.islink(p) else ''
            text = read(p) if os.path.exists(p) else '?'
            out.append('%s%s=%s' % (os.path.join(rel, name), kind, text))
    return sorted(out)


def attempt(label, fn):
    try:
        print(label, repr(fn()))
    except Exception as e:
        print(label, type(e).__name__, e)


wipe(base)
os.mkdir(base)
old = os.getcwd()
os.chdir(base)
try:
    print("== copyfileobj")
    src = io.BytesIO(b'x' * 100000 + b'end')
    dst = io.BytesIO()
    shutil.copyfileobj(src, dst)
    print(len(dst.getvalue()), dst.getvalue()[-3:])
    src = io.StringIO('abcdefg')
    dst = io.StringIO()
    shutil.copyfileobj(src, dst, 3)
    print(dst.getvalue(), shutil.COPY_BUFSIZE)

    print("== copyfile / copy / copy2")
    write('a.txt', 'alpha')
    os.chmod('a.txt', 0o640)
    os.utime('a.txt', (1000000000, 1000000000))
    print(shutil.copyfile('a.txt', 'b.txt'), read('b.txt'))
    attempt("same file", lambda: shutil.copyfile('a.txt', 'a.txt'))
    attempt("missing src", lambda: shutil.copyfile('nope.txt', 'c.txt'))
    attempt("missing dir", lambda: shutil.copyfile('a.txt', 'nodir/c.txt'))
    os.mkdir('d')
    attempt("dst is dir", lambda: shutil.copyfile('a.txt', 'd'))
    print(shutil.copy('a.txt', 'd'), oct(os.stat('d/a.txt').st_mode & 0o777))
    print(os.stat('d/a.txt').st_mtime == 1000000000)
    print(shutil.copy2('a.txt', 'c.txt'), oct(os.stat('c.txt').st_mode
                                              & 0o777),
          os.stat('c.txt').st_mtime_ns,
          os.stat('c.txt').st_atime_ns == os.stat('a.txt').st_atime_ns)
    write('e.txt', 'e')
    os.chmod('e.txt', 0o600)
    shutil.copymode('a.txt', 'e.txt')
    print(oct(os.stat('e.txt').st_mode & 0o777))
    shutil.copystat('a.txt', 'e.txt')
    print(os.stat('e.txt').st_mtime_ns, read('e.txt'))
    attempt("copymode missing", lambda: shutil.copymode('zz', 'e.txt'))
    os.symlink('a.txt', 'ln')
    print(shutil.copyfile('ln', 'f.txt'), os.path.islink('f.txt'),
          read('f.txt'))
    print(shutil.copyfile('ln', 'g', follow_symlinks=False),
          os.path.islink('g'), os.readlink('g'))
    attempt("same via link", lambda: shutil.copy('ln', 'a.txt'))
    print(issubclass(shutil.SameFileError, shutil.Error),
          issubclass(shutil.Error, OSError),
          issubclass(shutil.SpecialFileError, OSError))

    print("== copytree")
    os.makedirs('src/sub/deep')
    write('src/one.txt', '1')
    write('src/two.py', '2')
    write('src/sub/three.txt', '3')
    write('src/sub/deep/four.pyc', '4')
    os.symlink('one.txt', 'src/link')
    os.symlink('sub', 'src/dirlink')
    print(shutil.copytree('src', 'dst1'))
    print(tree('dst1'))
    shutil.copytree('src', 'dst2', symlinks=True)
    print(tree('dst2'))
    shutil.copytree('src', 'dst3', ignore=shutil.ignore_patterns('*.py',
                                                                 'deep'))
    print(tree('dst3'))
    attempt("exists", lambda: shutil.copytree('src', 'dst3'))
    write('dst3/extra.txt', 'x')
    shutil.copytree('src', 'dst3', dirs_exist_ok=True)
    print(tree('dst3'))
    seen = []

    def spy(path, names):
        seen.append((os.path.relpath(path), sorted(names)))
        return ['two.py']
    shutil.copytree('src', 'dst4', ignore=spy)
    print(sorted(seen))
    print(tree('dst4'))
    copied = []

    def fake_copy(s, d):
        copied.append((type(s).__name__, s, d))
        return d
    shutil.copytree('src', 'dst5', copy_function=fake_copy)
    print(sorted(copied))
    os.symlink('nowhere', 'src/broken')
    try:
        shutil.copytree('src', 'dst6')
    except shutil.Error as e:
        print("broken", type(e).__name__, len(e.args[0]),
              [(s, d) for s, d, why in e.args[0]],
              [why.split(']')[0] for s, d, why in e.args[0]])
    shutil.copytree('src', 'dst7', ignore_dangling_symlinks=True)
    print(tree('dst7'))
    os.unlink('src/broken')
    attempt("copytree missing", lambda: shutil.copytree('nosrc', 'dst8'))

    print("== rmtree")
    shutil.rmtree('dst1')
    print(os.path.exists('dst1'))
    calls = []

    def onerror(func, path, info):
        calls.append((func.__name__, path, type(info[1]).__name__,
                      str(info[1])))
    shutil.rmtree('nope', onerror=onerror)
    shutil.rmtree('a.txt', onerror=onerror)
    shutil.rmtree('ln', onerror=onerror)
    os.symlink('dst2', 'dlink')
    shutil.rmtree('dlink', onerror=onerror)
    os.symlink('gone', 'dangle')
    shutil.rmtree('dangle', onerror=onerror)
    for c in calls:
        print(c)
    attempt("rmtree missing", lambda: shutil.rmtree('nope'))
    attempt("rmtree link", lambda: shutil.rmtree('dlink'))
    attempt("rmtree file", lambda: shutil.rmtree('a.txt'))
    print(shutil.rmtree('nope', ignore_errors=True),
          shutil.rmtree('dlink', ignore_errors=True))
    print(os.path.isdir('dst2'), os.path.islink('dlink'))
    os.unlink('dlink')
    os.unlink('dangle')
    shutil.rmtree('dst2')
    shutil.rmtree(b'dst3')
    print(sorted(os.listdir('.')))

    print("== move")
    write('m1.txt', 'moved')
    print(shutil.move('m1.txt', 'm2.txt'), read('m2.txt'),
          os.path.exists('m1.txt'))
    print(shutil.move('m2.txt', 'd'), read('d/m2.txt'))
    write('m2.txt', 'again')
    attempt("move exists", lambda: shutil.move('m2.txt', 'd'))
    print(shutil.move('dst4', 'd'), tree('d/dst4'))
    print(shutil.move('d/dst4', 'moved_tree'), os.path.exists('d/dst4'))
    attempt("move into itself", lambda: shutil.move('moved_tree',
                                                    'moved_tree/inner'))
    attempt("move missing", lambda: shutil.move('nothing', 'x'))
    print(shutil.move('ln', 'ln2'), os.readlink('ln2'))
    print(sorted(os.listdir('.')))

    print("== which")
    os.mkdir('bin1')
    os.mkdir('bin2')
    write('bin1/tool', '#!/bin/sh\n')
    write('bin2/tool', '#!/bin/sh\n')
    write('bin2/other', '#!/bin/sh\n')
    os.chmod('bin2/tool', 0o755)
    os.chmod('bin2/other', 0o755)
    os.mkdir('bin1/dirtool')
    os.chmod('bin1/dirtool', 0o755)
    here = os.getcwd()
    p = os.pathsep.join(['bin1', 'bin2', 'bin1'])
    print(shutil.which('tool', path=p), shutil.which('other', path=p),
          shutil.which('dirtool', path=p), shutil.which('missing', path=p))
    print(shutil.which('tool', mode=os.F_OK, path=p),
          shutil.which('bin2/tool'), shutil.which('bin1/tool'))
    print(shutil.which('tool', path=''), shutil.which(b'tool', path=p))
    saved = os.environ.get('PATH')
    os.environ['PATH'] = os.path.join(here, 'bin2')
    print(os.path.relpath(shutil.which('other')))
    if saved is None:
        del os.environ['PATH']
    else:
        os.environ['PATH'] = saved

    print("== get_terminal_size")
    for name in ('COLUMNS', 'LINES'):
        os.environ.pop(name, None)
    print(shutil.get_terminal_size(), shutil.get_terminal_size((10, 5)))
    os.environ['COLUMNS'] = '132'
    print(shutil.get_terminal_size((10, 5)))
    os.environ['LINES'] = '50'
    print(tuple(shutil.get_terminal_size()))
    os.environ['COLUMNS'] = 'junk'
    os.environ['LINES'] = '-3'
    print(shutil.get_terminal_size((7, 8)))
    del os.environ['COLUMNS']
    del os.environ['LINES']

    print("== threads")
    os.mkdir('par')
    for i in range(5):
        write('par/f%d.txt' % i, 'file %d' % i)
    errors = []

    def worker(k):
        try:
            for r in range(5):
                dest = 'par_copy_%d_%d' % (k, r)
                shutil.copytree('par', dest)
                shutil.copy2('par/f0.txt', dest + '/extra.txt')
                shutil.move(dest, dest + '_m')
                shutil.rmtree(dest + '_m')
        except Exception as e:
            errors.append(repr(e))

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print(errors, sorted(os.listdir('.')))
finally:
    os.chdir(old)
    wipe(base)
print(os.path.exists(base))
