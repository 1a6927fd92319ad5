# The main script's path as CPython 3.11 shows it: `__file__`, code
# filenames and tracebacks use the path joined to the working directory,
# `sys.argv[0]` keeps it as given, `sys.path[0]` is the script's folder.
# (Printed with the script's folder replaced by <DIR>.)
import sys

here = sys.path[0]


def shown(path):
    return path.replace(here, "<DIR>")


print("file", shown(__file__))
print("argv0", shown(sys.argv[0]))
print("path0", shown(here), here.startswith("/"))
print("co_filename", shown(sys._getframe().f_code.co_filename))


def boom():
    raise RuntimeError("x")


try:
    boom()
except RuntimeError as e:
    tb = e.__traceback__
    while tb is not None:
        print("tb", shown(tb.tb_frame.f_code.co_filename), tb.tb_lineno)
        tb = tb.tb_next
