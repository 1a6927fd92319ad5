"""Signal numbers and names (`Signals`, `SIGINT`, ...), `strsignal`,
`valid_signals`, `getsignal`, `raise_signal` and `pthread_kill`.

Partial: Weft turns SIGINT into KeyboardInterrupt itself and cannot yet
install Python handlers, so `signal()` accepts only the handler already
in force and otherwise raises NotImplementedError. The module keeps no
mutable state.
"""

import os as _os
from enum import IntEnum as _IntEnum

_NUMBERS = [
    ('SIGHUP', 1, 'Hangup'), ('SIGINT', 2, 'Interrupt'), ('SIGQUIT', 3, 'Quit'),
    ('SIGILL', 4, 'Illegal instruction'), ('SIGTRAP', 5, 'Trace/breakpoint trap'),
    ('SIGABRT', 6, 'Aborted'), ('SIGBUS', 7, 'Bus error'),
    ('SIGFPE', 8, 'Floating point exception'), ('SIGKILL', 9, 'Killed'),
    ('SIGUSR1', 10, 'User defined signal 1'), ('SIGSEGV', 11, 'Segmentation fault'),
    ('SIGUSR2', 12, 'User defined signal 2'), ('SIGPIPE', 13, 'Broken pipe'),
    ('SIGALRM', 14, 'Alarm clock'), ('SIGTERM', 15, 'Terminated'),
    ('SIGSTKFLT', 16, 'Stack fault'), ('SIGCHLD', 17, 'Child exited'),
    ('SIGCONT', 18, 'Continued'), ('SIGSTOP', 19, 'Stopped (signal)'),
    ('SIGTSTP', 20, 'Stopped'), ('SIGTTIN', 21, 'Stopped (tty input)'),
    ('SIGTTOU', 22, 'Stopped (tty output)'), ('SIGURG', 23, 'Urgent I/O condition'),
    ('SIGXCPU', 24, 'CPU time limit exceeded'), ('SIGXFSZ', 25, 'File size limit exceeded'),
    ('SIGVTALRM', 26, 'Virtual timer expired'), ('SIGPROF', 27, 'Profiling timer expired'),
    ('SIGWINCH', 28, 'Window changed'), ('SIGIO', 29, 'I/O possible'),
    ('SIGPWR', 30, 'Power failure'), ('SIGSYS', 31, 'Bad system call'),
    ('SIGRTMIN', 34, None), ('SIGRTMAX', 64, None),
]
_DESCRIPTIONS = {number: text for _, number, text in _NUMBERS}

Signals = _IntEnum('Signals', [(name, number) for name, number, _ in _NUMBERS],
                   module=__name__)
Handlers = _IntEnum('Handlers', [('SIG_DFL', 0), ('SIG_IGN', 1)], module=__name__)
Sigmasks = _IntEnum('Sigmasks', [('SIG_BLOCK', 0), ('SIG_UNBLOCK', 1),
                                 ('SIG_SETMASK', 2)], module=__name__)
globals().update(Signals.__members__)
globals().update(Handlers.__members__)
globals().update(Sigmasks.__members__)
SIGIOT = Signals.SIGABRT
SIGCLD = Signals.SIGCHLD
SIGPOLL = Signals.SIGIO
NSIG = 65


def default_int_handler(signalnum, frame, /):
    raise KeyboardInterrupt


def _checked(signalnum):
    number = int(signalnum)
    if not 1 <= number < NSIG:
        raise ValueError('signal number out of range')
    return number


def strsignal(signalnum, /):
    number = _checked(signalnum)
    if number in _DESCRIPTIONS and _DESCRIPTIONS[number]:
        return _DESCRIPTIONS[number]
    if 34 <= number <= 64:
        return 'Real-time signal %d' % (number - 34)
    return None


def valid_signals():
    return {number for number in range(1, NSIG) if number not in (32, 33)}


def getsignal(signalnum, /):
    number = _checked(signalnum)
    return default_int_handler if number == SIGINT else Handlers.SIG_DFL


def signal(signalnum, handler, /):
    current = getsignal(signalnum)
    if handler is current or handler == current:
        return current
    raise NotImplementedError('weft: installing signal handlers is not supported yet')


def raise_signal(signalnum, /):
    _os.kill(_os.getpid(), _checked(signalnum))


def pthread_kill(thread_id, signalnum, /):
    raise_signal(signalnum)
