import os
import threading

base = os.path.join(os.getcwd(), "_scratch_tempfile")


def wipe(path):
    if not os.path.lexists(path):
        return
    for top, dirs, files in os.walk(path, topdown=False):
        for name in files:
            os.unlink(os.path.join(top, name))
        for name in dirs:
            os.rmdir(os.path.join(top, name))
    os.rmdir(path)


wipe(base)
os.mkdir(base)
os.mkdir(os.path.join(base, 'envtmp'))
os.environ['TMPDIR'] = os.path.join(base, 'envtmp')
import tempfile

CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789_")


def rel(path):
    if isinstance(path, bytes):
        return os.fsencode(os.path.relpath(os.fsdecode(path), base))
    return os.path.relpath(path, base)


def shape(path, prefix='tmp', suffix=''):
    name = os.path.basename(path)
    if isinstance(name, bytes):
        name = os.fsdecode(name)
    if not (name.startswith(prefix) and name.endswith(suffix)):
        return 'bad: %s' % name
    middle = name[len(prefix):len(name) - len(suffix)]
    return len(middle) == 8 and set(middle) <= CHARS


def listing(path='envtmp'):
    return sorted(os.listdir(os.path.join(base, path)))


def attempt(label, fn):
    try:
        print(label, repr(fn()))
    except Exception as e:
        print(label, type(e).__name__, e)


old = os.getcwd()
os.chdir(base)
try:
    print("== directory and prefix")
    print(rel(tempfile.gettempdir()), rel(tempfile.gettempdirb()),
          tempfile.gettempprefix(), tempfile.gettempprefixb(),
          tempfile.template, rel(tempfile.tempdir))
    print(tempfile.gettempdir() is tempfile.gettempdir() or
          tempfile.gettempdir() == tempfile.gettempdir())
    print(listing())
    saved = tempfile.tempdir
    tempfile.tempdir = None
    os.environ['TMPDIR'] = os.path.join(base, 'no_such_dir')
    os.environ['TEMP'] = os.path.join(base, 'envtmp')
    print(rel(tempfile.gettempdir()))
    del os.environ['TEMP']
    tempfile.tempdir = saved
    os.environ['TMPDIR'] = os.path.join(base, 'envtmp')
    c = tempfile._candidate_tempdir_list()
    print([rel(x) for x in c[:1]], c[1:4])

    print("== mkstemp")
    fd, path = tempfile.mkstemp()
    print(type(fd).__name__, os.path.isabs(path), rel(os.path.dirname(path)),
          shape(path), oct(os.stat(path).st_mode & 0o777))
    os.write(fd, b'data')
    os.close(fd)
    with open(path, 'rb') as f:
        print(f.read())
    os.unlink(path)
    fd, path = tempfile.mkstemp(suffix='.txt', prefix='pre_', dir='.',
                                text=True)
    os.close(fd)
    print(os.path.isabs(path), rel(os.path.dirname(path)),
          shape(path, 'pre_', '.txt'))
    os.unlink(path)
    fd, path = tempfile.mkstemp(prefix=b'b_', dir=b'.')
    os.close(fd)
    print(type(path).__name__, shape(path, 'b_'))
    os.unlink(path)
    fd, path = tempfile.mkstemp(suffix=b'.bin')
    os.close(fd)
    print(type(path).__name__, shape(path, 'tmp', '.bin'), rel(path)[:7])
    os.unlink(path)
    attempt("mix", lambda: tempfile.mkstemp(prefix=b'x', suffix='y'))
    attempt("mix2", lambda: tempfile.mkdtemp(dir=b'.', suffix='y'))
    try:
        tempfile.mkstemp(dir='no_dir')
    except OSError as e:
        print("no dir", type(e).__name__, e.errno, rel(e.filename)[:10])

    print("== mkdtemp")
    d = tempfile.mkdtemp()
    print(os.path.isabs(d), rel(os.path.dirname(d)), shape(d),
          oct(os.stat(d).st_mode & 0o777), os.path.isdir(d))
    os.rmdir(d)
    d = tempfile.mkdtemp(suffix='_s', prefix='p_', dir='.')
    print(d.startswith('./p_'), shape(d, 'p_', '_s'))
    os.rmdir(d)
    d = tempfile.mkdtemp(dir=b'.')
    print(type(d).__name__, shape(d))
    os.rmdir(d)
    try:
        tempfile.mkdtemp(dir='no_dir')
    except OSError as e:
        print("no dir", type(e).__name__, e.errno, e.filename[:10])
    print(listing())

    print("== NamedTemporaryFile")
    f = tempfile.NamedTemporaryFile()
    name = f.name
    print(type(f).__name__, shape(name), os.path.exists(name),
          rel(os.path.dirname(name)), f.closed)
    f.write(b'hello')
    f.seek(0)
    print(f.read(), f.tell(), f.file.closed)
    f.close()
    print(os.path.exists(name), f.closed)
    f.close()
    with tempfile.NamedTemporaryFile('w+', suffix='.txt', dir='.') as f:
        name = f.name
        print(shape(name, 'tmp', '.txt'), f.write('line1\nline2\n'))
        f.seek(0)
        print(list(f), f.mode)
        f.seek(0)
        print([line for line in f.file])
    print(os.path.exists(name))
    with tempfile.NamedTemporaryFile('w', delete=False, dir='.') as f:
        f.write('kept')
        name = f.name
    print(os.path.exists(name), open(name).read())
    os.unlink(name)
    f = tempfile.NamedTemporaryFile(prefix='np', dir='.')
    print(shape(f.name, 'np'), f.delete, hasattr(f, 'flush'))
    write = f.write
    print(write(b'x'), write.__name__)
    f.close()
    print(os.path.exists(f.name))
    del write
    attempt("bad mode", lambda: tempfile.NamedTemporaryFile(mode='q'))
    print(listing(), sorted(x for x in os.listdir('.') if x.startswith('tmp')
                            or x.startswith('np')) == [] or 'leftovers')

    print("== TemporaryFile")
    with tempfile.TemporaryFile() as f:
        f.write(b'abc')
        f.seek(0)
        print(f.read(), listing())
    with tempfile.TemporaryFile('w+', dir='.') as f:
        f.write('text')
        f.seek(0)
        print(f.read())
    print(listing())

    print("== SpooledTemporaryFile")
    s = tempfile.SpooledTemporaryFile(max_size=10)
    print(s.mode, s.name, s._rolled, s.closed)
    s.write(b'12345')
    print(s._rolled, s.tell(), listing())
    s.write(b'678901')
    print(s._rolled, s.tell(), s.mode)
    s.seek(0)
    print(s.read(), listing())
    s.close()
    print(s.closed)
    s = tempfile.SpooledTemporaryFile(mode='w+')
    s.write('a\nb\n')
    s.seek(0)
    print(s.readline(), s.readlines(), s._rolled, s.mode)
    s.seek(0)
    print(list(s))
    s.rollover()
    print(s._rolled)
    s.seek(0)
    print(repr(s.read()))
    s.close()
    with tempfile.SpooledTemporaryFile(max_size=100) as s:
        s.write(b'abcdef')
        s.truncate(3)
        s.seek(0)
        print(s.read(), s._rolled)
        s.truncate(500)
        print(s._rolled)
    attempt("enter closed", lambda: s.__enter__())
    s = tempfile.SpooledTemporaryFile()
    s.writelines([b'a', b'b'])
    s.seek(0)
    print(s.read(), s.readable(), s.writable(), s.seekable())
    s.close()

    print("== TemporaryDirectory")
    with tempfile.TemporaryDirectory() as d:
        print(type(d).__name__, shape(d), rel(os.path.dirname(d)))
        os.makedirs(os.path.join(d, 'a', 'b'))
        with open(os.path.join(d, 'a', 'b', 'f'), 'w') as fh:
            fh.write('x')
    print(os.path.exists(d))
    t = tempfile.TemporaryDirectory(suffix='_x', prefix='td_', dir='.')
    print(repr(t).startswith("<TemporaryDirectory './td_"),
          shape(t.name, 'td_', '_x'))
    os.chmod(t.name, 0o500)
    t.cleanup()
    print(os.path.exists(t.name))
    t.cleanup()
    t = tempfile.TemporaryDirectory(dir='.', ignore_cleanup_errors=True)
    os.rmdir(t.name)
    t.cleanup()
    print(listing(), [x for x in os.listdir('.') if x.startswith('td_')])
    print(tempfile.TemporaryDirectory[str].__origin__.__name__)

    print("== names")
    seq = tempfile._RandomNameSequence()
    names = [next(seq) for _ in range(200)]
    print(len(set(names)), all(len(n) == 8 and set(n) <= CHARS
                               for n in names))
    print(tempfile._get_candidate_names() is tempfile._get_candidate_names())

    print("== threads")
    made = [None] * 4
    errors = []

    def worker(k):
        mine = []
        try:
            for i in range(50):
                if i % 2:
                    fd, path = tempfile.mkstemp(prefix='t%d_' % k)
                    os.write(fd, str(i).encode())
                    os.close(fd)
                else:
                    f = tempfile.NamedTemporaryFile(prefix='t%d_' % k,
                                                    delete=False)
                    f.write(str(i).encode())
                    f.close()
                    path = f.name
                mine.append(path)
        except Exception as e:
            errors.append(repr(e))
        made[k] = mine

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    every = [p for m in made for p in m]
    print(errors, len(every), len(set(every)),
          all(shape(p, os.path.basename(p)[:3]) for p in every),
          len(listing()))
    for p in every:
        os.unlink(p)
    print(listing())
    dirs = []

    def dworker():
        for _ in range(20):
            dirs.append(tempfile.mkdtemp())

    threads = [threading.Thread(target=dworker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print(len(dirs), len(set(dirs)))
    for d in dirs:
        os.rmdir(d)
    print(listing())
finally:
    os.chdir(old)
    wipe(base)
print(os.path.exists(base))
