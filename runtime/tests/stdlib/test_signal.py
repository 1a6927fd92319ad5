# signal: the numbers, names and descriptions, and the handlers in force.
import signal
print([(s.name, s.value) for s in signal.Signals])
print(signal.SIG_DFL, signal.SIG_IGN, repr(signal.SIG_DFL), signal.Handlers, signal.NSIG, signal.getsignal(signal.SIGINT) is signal.default_int_handler, signal.getsignal(signal.SIGTERM))
print(signal.strsignal(9), signal.strsignal(2), signal.strsignal(40), signal.valid_signals() == set(range(1,65)) - {32,33})
print(signal.SIGTERM, repr(signal.SIGKILL), signal.Signals(15), signal.SIGIOT, int(signal.SIGUSR1), signal.SIG_BLOCK)
try: signal.strsignal(0)
except ValueError as e: print(e)
