# os and os.path: files, directories, descriptors, environ, walk, stat.
import os
import os.path
import threading

base = '/tmp/weft-os-test-%d' % os.getpid()
os.makedirs(os.path.join(base, 'a', 'b', 'c'))
os.makedirs(os.path.join(base, 'a', 'b'), exist_ok=True)
try:
    os.makedirs(os.path.join(base, 'a'))
except FileExistsError as e:
    print('FileExistsError', e.errno, e.strerror, e.filename == os.path.join(base, 'a'))
try:
    os.mkdir(os.path.join(base, 'missing', 'x'))
except FileNotFoundError as e:
    print('FileNotFoundError', e.errno, e.strerror)

start = os.getcwd()
os.chdir(base)
print(os.path.basename(os.getcwd()) == os.path.basename(base))
with open('a/f1.txt', 'w') as f:
    f.write('hello\n')
with open('a/b/f2.bin', 'wb') as f:
    f.write(b'\x00' * 300)
print(sorted(os.listdir('a')), sorted(os.listdir(b'a')))
print(sorted(e.name for e in os.scandir('a')))
with os.scandir('a') as it:
    for e in sorted(it, key=lambda e: e.name):
        print(repr(e), e.is_dir(), e.is_file(), e.is_symlink(), os.fspath(e))
st = os.stat('a/f1.txt')
print(st.st_size, st[6], len(st), type(st).__name__, isinstance(st, tuple))
print(os.path.getsize('a/b/f2.bin'), os.stat('a/b/f2.bin').st_size)
print(st.st_mtime_ns // 10**9 == st[8], abs(st.st_mtime - st[8]) < 1)
os.utime('a/f1.txt', (1000000000, 1200000000))
st = os.stat('a/f1.txt')
print(st.st_atime, st.st_mtime, st[7], st[8], st.st_mtime_ns)
os.utime('a/f1.txt', ns=(5 * 10**9 + 7, 6 * 10**9 + 9))
print(os.stat('a/f1.txt').st_mtime_ns)
for root, dirs, files in os.walk('a'):
    print(root, sorted(dirs), sorted(files))
for root, dirs, files in os.walk('a', topdown=False):
    print('up', root, sorted(dirs), sorted(files))
print(list(os.walk('nothing-here')))
errors = []
list(os.walk('nothing-here', onerror=errors.append))
print([type(e).__name__ for e in errors])

os.symlink('f1.txt', 'a/link')
print(os.path.islink('a/link'), os.readlink('a/link'), os.path.isfile('a/link'))
print(os.lstat('a/link').st_mode & 0o170000 == 0o120000)
print(os.path.realpath('a/link') == os.path.join(os.path.realpath(base), 'a', 'f1.txt'))
os.rename('a/f1.txt', 'a/g1.txt')
print(os.path.exists('a/f1.txt'), os.path.exists('a/g1.txt'), os.path.lexists('a/link'))
try:
    os.rename('a/nope', 'a/other')
except FileNotFoundError as e:
    print(e)
os.replace('a/g1.txt', 'a/b/f2.bin')
print(os.path.getsize('a/b/f2.bin'))
try:
    os.remove('a/nope')
except FileNotFoundError as e:
    print(e)
try:
    os.rmdir('a')
except OSError as e:
    print(type(e).__name__, e.errno)
try:
    os.listdir('a/b/f2.bin')
except NotADirectoryError as e:
    print(e)

fd = os.open('fd.bin', os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o644)
print(os.write(fd, b'abcdefgh'), os.lseek(fd, 2, os.SEEK_SET), os.read(fd, 3))
print(os.lseek(fd, 0, os.SEEK_END), os.read(fd, 10), os.fstat(fd).st_size)
os.ftruncate(fd, 4)
os.lseek(fd, 0, os.SEEK_SET)
print(os.read(fd, 100), os.isatty(fd))
os.close(fd)
try:
    os.close(fd)
except OSError as e:
    print(type(e).__name__, e.errno, e.strerror)
r, w = os.pipe()
os.write(w, b'through a pipe')
os.close(w)
print(os.read(r, 100), os.read(r, 100))
os.close(r)
print(os.access('fd.bin', os.R_OK), os.access('no-such', os.F_OK))
os.chmod('fd.bin', 0o600)
print(oct(os.stat('fd.bin').st_mode & 0o777))
os.truncate('fd.bin', 1)
print(os.path.getsize('fd.bin'))

os.environ['WEFT_TEST_VAR'] = 'v1'
print(os.environ['WEFT_TEST_VAR'], os.getenv('WEFT_TEST_VAR'), 'WEFT_TEST_VAR' in os.environ)
print(os.system('test "$WEFT_TEST_VAR" = v1'), os.system('exit 3') >> 8)
del os.environ['WEFT_TEST_VAR']
print(os.getenv('WEFT_TEST_VAR'), os.getenv('WEFT_TEST_VAR', 'dflt'), os.environ.get('WEFT_TEST_VAR'))
try:
    os.environ['X'] = 1
except TypeError as e:
    print(e)
try:
    os.environ['WEFT_NOT_SET']
except KeyError as e:
    print(repr(e))
print(os.environ.setdefault('WEFT_TEST_2', 'sd'), os.environ.pop('WEFT_TEST_2'), os.environ.pop('WEFT_TEST_2', 'gone'))
print(type(os.environ.copy()).__name__, isinstance(os.environ | {}, dict))

print(os.fspath('p'), os.fspath(b'p'), os.fsencode('p'), os.fsdecode(b'p'))


class P:
    def __fspath__(self):
        return 'a/b'


print(os.fspath(P()), isinstance(P(), os.PathLike), isinstance('s', os.PathLike), os.path.join(P(), 'c'))
try:
    os.fspath(3)
except TypeError as e:
    print(e)
print(os.sep, os.pathsep, os.curdir, os.pardir, os.extsep, repr(os.linesep), os.devnull, os.name)
print(type(os.getpid()).__name__, os.cpu_count() >= 1, len(os.urandom(16)), os.urandom(0))
print(os.strerror(2), os.error is OSError)
try:
    os.get_terminal_size(os.open('fd.bin', os.O_RDONLY))
except OSError as e:
    print(type(e).__name__, e.errno)
print(type(os.uname()).__name__, os.uname().sysname)

# os.path on its own: no file system needed.
P = os.path
for p in ['', '/', '//', '///', 'a', '/a/b/', 'a/./b/../c', '../x', '/../x', 'a//b', './', 'a/..', '//a/b']:
    print(repr(p), P.normpath(p), P.split(p), P.dirname(p), repr(P.basename(p)), P.isabs(p))
for p in ['a.txt', 'a.tar.gz', '.bashrc', '..x', 'dir.d/file', 'dir.d/.hidden', 'a.', '/x/y.z']:
    print(repr(p), P.splitext(p))
print(P.join('a', 'b', 'c'), P.join('a/', 'b'), P.join('a', '/b', 'c'), P.join('', 'x'), P.join(b'a', b'b'))
try:
    P.join('a', b'b')
except TypeError as e:
    print(e)
print(P.commonprefix(['/usr/lib', '/usr/local']), P.commonpath(['/usr/lib', '/usr/local', '/usr']))
try:
    P.commonpath(['/a', 'b'])
except ValueError as e:
    print(e)
print(P.relpath('/a/b/c', '/a/x'), P.relpath('/a', '/a'), P.relpath('a/b', 'a'))
print(P.splitdrive('/a/b'), P.normcase('AbC'), P.abspath('x/../y') == P.join(os.getcwd(), 'y'))
os.environ['WEFT_HOME_TEST'] = 'val'
print(P.expandvars('$WEFT_HOME_TEST/${WEFT_HOME_TEST}/$UNSET_WEFT/$'), P.expanduser('no-tilde'))
print(P.expanduser('~/x') == os.environ['HOME'].rstrip('/') + '/x')

# Many threads changing the environment at once: no update lost.
def worker(k):
    for i in range(200):
        os.environ['WEFT_T%d_%d' % (k, i)] = str(i)
    for i in range(0, 200, 2):
        del os.environ['WEFT_T%d_%d' % (k, i)]


threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(sum(1 for k in os.environ if k.startswith('WEFT_T')))

# Clean up.
os.chdir(start)
for root, dirs, files in os.walk(base, topdown=False):
    for name in files:
        os.remove(os.path.join(root, name))
    for name in dirs:
        p = os.path.join(root, name)
        (os.remove if os.path.islink(p) else os.rmdir)(p)
os.rmdir(base)
print(os.path.exists(base))
