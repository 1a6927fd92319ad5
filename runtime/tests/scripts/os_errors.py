import errno
import io

cases = [
    (2, "x", "f"),
    (2, "x", None),
    (2, "x", "a", None, "b"),
    (2, "x", "a", 5, "b", 6),
    ("a",),
    (99999, "x"),
    (),
    ("2", "x"),
    (0, ""),
    (None, "x"),
    (1, "x", ""),
]
for args in cases:
    e = OSError(*args)
    print(type(e).__name__, e.args, e.errno, e.strerror, e.filename, e.filename2, repr(str(e)), repr(e))

print(type(FileNotFoundError(13, "x")).__name__)
print(IOError is OSError, EnvironmentError is OSError)
e = OSError("a")
e.errno = 3
e.strerror = "z"
print(str(e), e.errno)
e = OSError()
e.filename = "q"
print(str(e))


class MyError(OSError):
    pass


m = MyError(2, "x", "name")
print(type(m).__name__, str(m), m.errno, m.filename, m.args)
print(io.UnsupportedOperation.__mro__)
print(issubclass(io.UnsupportedOperation, ValueError), issubclass(io.UnsupportedOperation, OSError))

for code in [errno.EPERM, errno.ENOENT, errno.ESRCH, errno.EINTR, errno.ECHILD, errno.EAGAIN,
             errno.EACCES, errno.EEXIST, errno.ENOTDIR, errno.EISDIR, errno.EPIPE,
             errno.ECONNABORTED, errno.ECONNRESET, errno.ESHUTDOWN, errno.ETIMEDOUT,
             errno.ECONNREFUSED, errno.EALREADY, errno.EINPROGRESS, errno.EINVAL]:
    c = type(OSError(code, "m"))
    print(errno.errorcode[code], c.__name__, [k.__name__ for k in c.__mro__[1:-3]])

for cls in [ConnectionError, BrokenPipeError, ConnectionAbortedError, ConnectionRefusedError,
            ConnectionResetError, BlockingIOError, ChildProcessError, InterruptedError,
            ProcessLookupError, NotADirectoryError, TimeoutError]:
    print(cls.__name__, cls.__bases__[0].__name__)

try:
    open("no_such_file_here.txt")
except FileNotFoundError as e:
    print(type(e).__name__, e.errno, e.strerror, e.filename, e.args, str(e))
except OSError as e:
    print("other", type(e).__name__)

try:
    open(".")
except IsADirectoryError as e:
    print(type(e).__name__, e.errno, e.strerror, e.filename, str(e))

try:
    open("no_such_dir_here/x.txt", "w")
except OSError as e:
    print(type(e).__name__, e.errno == errno.ENOENT, e.filename, str(e))

# Append mode does not change the file: this script opened for appending
# is not readable.
with open(__file__, "a") as w:
    try:
        w.read()
    except io.UnsupportedOperation as e:
        print("UnsupportedOperation", e, isinstance(e, OSError), isinstance(e, ValueError), e.errno)
with open(__file__) as r:
    try:
        r.write("x")
    except io.UnsupportedOperation as e:
        print("UnsupportedOperation", e)
