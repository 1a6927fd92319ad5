"""Running child processes: `run`, `Popen`, `call`, `check_call`,
`check_output`, `getoutput`/`getstatusoutput`, with pipes, /dev/null,
merged stderr, timeouts, text mode and the CPython exception classes.

Processes start through the native `_subprocess` (Rust's process
spawning, which is safe while other threads run). `communicate` feeds
stdin and drains stdout and stderr on helper threads, so a child that
fills one pipe while another is being read never deadlocks.

Thread safety: a Popen object may be waited on from several threads;
each module function keeps no shared state.
"""

import _subprocess
import os
import sys
import threading
import time

__all__ = ['Popen', 'PIPE', 'STDOUT', 'DEVNULL', 'run', 'call', 'check_call',
           'check_output', 'getoutput', 'getstatusoutput', 'CompletedProcess',
           'SubprocessError', 'CalledProcessError', 'TimeoutExpired']

PIPE = -1
STDOUT = -2
DEVNULL = -3


class SubprocessError(Exception):
    pass


class _Outcome(SubprocessError):
    """What the failing child printed: `output` (also `stdout`) and
    `stderr`, for the two failures below."""

    def _keep(self, cmd, output, stderr):
        self.cmd, self.output, self.stderr = cmd, output, stderr

    stdout = property(lambda self: self.output,
                      lambda self, value: setattr(self, 'output', value))


class CalledProcessError(_Outcome):
    def __init__(self, returncode, cmd, output=None, stderr=None):
        self._keep(cmd, output, stderr)
        self.returncode = returncode

    def __str__(self):
        code = self.returncode
        if not code or code > 0:
            return "Command '%s' returned non-zero exit status %d." % (self.cmd, code)
        try:
            from signal import Signals
            cause = repr(Signals(-code))
        except (ImportError, ValueError):
            cause = 'unknown signal %d' % -code
        return "Command '%s' died with %s." % (self.cmd, cause)


class TimeoutExpired(_Outcome):
    def __init__(self, cmd, timeout, output=None, stderr=None):
        self._keep(cmd, output, stderr)
        self.timeout = timeout

    def __str__(self):
        return "Command '%s' timed out after %s seconds" % (self.cmd, self.timeout)


# Only the subclasses are raised; CPython has no such middle class.
_Outcome.__qualname__ = _Outcome.__name__ = 'SubprocessError'


class CompletedProcess:
    """The result of `run`: the arguments, return code and captured
    output of a finished child."""

    def __init__(self, args, returncode, stdout=None, stderr=None):
        self.args, self.returncode = args, returncode
        self.stdout, self.stderr = stdout, stderr

    def __repr__(self):
        fields = [('args', self.args), ('returncode', self.returncode),
                  ('stdout', self.stdout), ('stderr', self.stderr)]
        shown = ', '.join('%s=%r' % (name, value) for name, value in fields
                          if value is not None or name in ('args', 'returncode'))
        return '%s(%s)' % (type(self).__name__, shown)

    def check_returncode(self):
        if self.returncode:
            raise CalledProcessError(self.returncode, self.args, self.stdout,
                                     self.stderr)


class _PipeEnd:
    """A binary file over one end of a pipe to the child."""

    def __init__(self, fd, mode):
        self._fd = fd
        self.mode = mode
        self.closed = False
        self._pending = b''

    def fileno(self):
        return self._fd

    def readable(self):
        return 'r' in self.mode

    def writable(self):
        return 'w' in self.mode

    def seekable(self):
        return False

    def _chunk(self):
        return os.read(self._fd, 65536)

    def read(self, size=-1):
        if size is None or size < 0:
            pieces = [self._pending]
            self._pending = b''
            while True:
                piece = self._chunk()
                if not piece:
                    return b''.join(pieces)
                pieces.append(piece)
        while len(self._pending) < size:
            piece = self._chunk()
            if not piece:
                break
            self._pending += piece
        out, self._pending = self._pending[:size], self._pending[size:]
        return out

    read1 = read

    def readline(self, size=-1):
        while b'\n' not in self._pending:
            piece = self._chunk()
            if not piece:
                break
            self._pending += piece
        cut = self._pending.find(b'\n') + 1 or len(self._pending)
        if size is not None and 0 <= size < cut:
            cut = size
        out, self._pending = self._pending[:cut], self._pending[cut:]
        return out

    def readlines(self):
        return list(self)

    def __iter__(self):
        return iter(self.readline, b'')

    def write(self, data):
        view = bytes(data)
        done = 0
        while done < len(view):
            done += os.write(self._fd, view[done:])
        return len(view)

    def flush(self):
        pass

    def close(self):
        if not self.closed:
            self.closed = True
            os.close(self._fd)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _text_stream(end, encoding, errors):
    import io
    return io.TextIOWrapper(end, encoding=encoding or 'utf-8',
                            errors=errors or 'strict', write_through=True)


class Popen:
    """A child process."""

    def __init__(self, args, bufsize=-1, executable=None, stdin=None,
                 stdout=None, stderr=None, preexec_fn=None, close_fds=True,
                 shell=False, cwd=None, env=None, universal_newlines=None,
                 startupinfo=None, creationflags=0, restore_signals=True,
                 start_new_session=False, pass_fds=(), *, user=None,
                 group=None, extra_groups=None, encoding=None, errors=None,
                 text=None, umask=-1, pipesize=-1, process_group=None):
        self.args = args
        self.returncode = None
        self._text = bool(text or universal_newlines or encoding or errors)
        self.encoding = encoding
        self.errors = errors
        self._lock = threading.Lock()
        if isinstance(args, (str, bytes, os.PathLike)):
            argv = [args]
        else:
            argv = list(args)
        argv = [os.fsdecode(a) if isinstance(a, (bytes, os.PathLike)) else a
                for a in argv]
        if shell:
            argv = ['/bin/sh', '-c'] + argv
        for item in argv:
            if not isinstance(item, str):
                raise TypeError('expected str, bytes or os.PathLike object, '
                                'not %s' % type(item).__name__)
        if executable is not None:
            executable = os.fsdecode(executable)
        if cwd is not None:
            cwd = os.fsdecode(cwd)
        pairs = None
        if env is not None:
            pairs = tuple((os.fsdecode(k), os.fsdecode(v)) for k, v in env.items())
        specs = [self._spec(stdin), self._spec(stdout), self._spec(stderr)]
        handle, self.pid, in_fd, out_fd, err_fd = _subprocess.spawn(
            tuple(argv), executable, cwd, pairs, *specs)
        self._handle = handle
        self.stdin = self._wrap(in_fd, 'wb')
        self.stdout = self._wrap(out_fd, 'rb')
        self.stderr = self._wrap(err_fd, 'rb')

    @staticmethod
    def _spec(target):
        if target is None or target in (PIPE, DEVNULL, STDOUT):
            return target
        if isinstance(target, int):
            return target
        return target.fileno()

    def _wrap(self, fd, mode):
        if fd is None:
            return None
        end = _PipeEnd(fd, mode)
        if self._text:
            return _text_stream(end, self.encoding, self.errors)
        return end

    def __repr__(self):
        return '<Popen: returncode: {} args: {!r}>'.format(self.returncode, self.args)

    def poll(self):
        if self.returncode is None:
            self.returncode = _subprocess.poll(self._handle)
        return self.returncode

    def wait(self, timeout=None):
        if self.returncode is None:
            code = _subprocess.wait(self._handle, timeout)
            if code is None:
                raise TimeoutExpired(self.args, timeout)
            self.returncode = code
        return self.returncode

    def send_signal(self, sig):
        if self.poll() is None:
            os.kill(self.pid, sig)

    def terminate(self):
        self.send_signal(15)

    def kill(self):
        self.send_signal(9)

    def _decoded(self, data):
        if data is None or not self._text:
            return data
        text = data.decode(self.encoding or 'utf-8', self.errors or 'strict')
        return text.replace('\r\n', '\n').replace('\r', '\n')

    def communicate(self, input=None, timeout=None):
        deadline = None if timeout is None else time.monotonic() + timeout
        if not hasattr(self, '_collected'):
            self._collected = {}
            self._helpers = []
            if self.stdin is not None:
                payload = input
                if self._text and isinstance(payload, str):
                    payload = payload.encode(self.encoding or 'utf-8',
                                             self.errors or 'strict')
                raw_in = getattr(self.stdin, 'buffer', self.stdin)
                self._start(self._feed, raw_in, payload)
            for name in ('stdout', 'stderr'):
                stream = getattr(self, name)
                if stream is not None:
                    raw = getattr(stream, 'buffer', stream)
                    self._start(self._drain, name, raw)
        for helper in self._helpers:
            left = None if deadline is None else max(0, deadline - time.monotonic())
            helper.join(left)
            if helper.is_alive():
                raise TimeoutExpired(self.args, timeout)
        left = None if deadline is None else max(0, deadline - time.monotonic())
        try:
            self.wait(left)
        except TimeoutExpired:
            raise TimeoutExpired(self.args, timeout) from None
        out = self._decoded(self._collected.get('stdout'))
        err = self._decoded(self._collected.get('stderr'))
        return out, err

    def _start(self, target, *args):
        helper = threading.Thread(target=target, args=args, daemon=True)
        helper.start()
        self._helpers.append(helper)

    @staticmethod
    def _feed(raw, payload):
        try:
            if payload:
                raw.write(payload)
        except BrokenPipeError:
            pass
        finally:
            try:
                raw.close()
            except OSError:
                pass

    def _drain(self, name, raw):
        data = raw.read()
        raw.close()
        self._collected[name] = data

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        for stream in (self.stdout, self.stderr, self.stdin):
            if stream is not None:
                try:
                    stream.close()
                except OSError:
                    pass
        self.wait()


def run(*popenargs, input=None, capture_output=False, timeout=None,
        check=False, **kwargs):
    feeding = input is not None
    if feeding and kwargs.get('stdin') is not None:
        raise ValueError('stdin and input arguments may not both be used.')
    if feeding:
        kwargs['stdin'] = PIPE
    if capture_output:
        if (kwargs.get('stdout'), kwargs.get('stderr')) != (None, None):
            raise ValueError('stdout and stderr arguments may not be used '
                             'with capture_output.')
        kwargs.update(stdout=PIPE, stderr=PIPE)
    with Popen(*popenargs, **kwargs) as child:
        try:
            captured = child.communicate(input, timeout=timeout)
        except TimeoutExpired as late:
            # Stop the child, then collect what it wrote before giving up.
            child.kill()
            late.output, late.stderr = child.communicate()
            raise
        except BaseException:
            child.kill()
            raise
        code = child.poll()
    result = CompletedProcess(child.args, code, *captured)
    if check:
        result.check_returncode()
    return result


def call(*popenargs, timeout=None, **kwargs):
    with Popen(*popenargs, **kwargs) as p:
        try:
            return p.wait(timeout=timeout)
        except BaseException:
            p.kill()
            raise


def check_call(*popenargs, **kwargs):
    code = call(*popenargs, **kwargs)
    if code:
        cmd = kwargs.get('args', popenargs[0] if popenargs else None)
        raise CalledProcessError(code, cmd)
    return 0


def check_output(*popenargs, timeout=None, **kwargs):
    if 'stdout' in kwargs:
        raise ValueError('stdout argument not allowed, it will be overridden.')
    if kwargs.get('input') is None and kwargs.get('stdin') is None:
        kwargs.pop('input', None)
    return run(*popenargs, stdout=PIPE, timeout=timeout, check=True,
               **kwargs).stdout


def getstatusoutput(cmd, *, encoding=None, errors=None):
    try:
        data = check_output(cmd, shell=True, text=True, stderr=STDOUT,
                            encoding=encoding, errors=errors)
        status = 0
    except CalledProcessError as failure:
        data = failure.output
        status = failure.returncode
    if data[-1:] == '\n':
        data = data[:-1]
    return status, data


def getoutput(cmd, *, encoding=None, errors=None):
    return getstatusoutput(cmd, encoding=encoding, errors=errors)[1]
