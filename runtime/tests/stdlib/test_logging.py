# Differential test for the logging package (compare with CPython 3.11).
import io
import os
import sys
import threading
import queue
import logging
import logging.handlers


def show(label, value):
    print(label, value)


def attempt(label, fn, *args, **kwargs):
    try:
        result = fn(*args, **kwargs)
    except Exception as e:
        print(label, "->", type(e).__name__, e)
    else:
        print(label, "->", repr(result))


def fresh(name, fmt="%(levelname)s|%(name)s|%(message)s", style='%',
          level=logging.DEBUG, propagate=False):
    buf = io.StringIO()
    h = logging.StreamHandler(buf)
    h.setFormatter(logging.Formatter(fmt, style=style))
    lg = logging.getLogger(name)
    lg.handlers[:] = []
    lg.addHandler(h)
    lg.setLevel(level)
    lg.propagate = propagate
    return lg, h, buf


print("== levels")
for lv in (0, 10, 20, 30, 40, 50, 15, 'INFO', 'WARN', 'FATAL', 'nope'):
    print(repr(lv), repr(logging.getLevelName(lv)))
logging.addLevelName(25, "NOTICE")
print(logging.getLevelName(25), logging.getLevelName("NOTICE"))
print(sorted(logging.getLevelNamesMapping().items()))
print(logging.WARN, logging.FATAL, logging.BASIC_FORMAT)
lg, h, buf = fresh("lv")
attempt("setLevel bogus", lg.setLevel, "BOGUS")
attempt("setLevel float", lg.setLevel, 1.5)
lg.setLevel("INFO")
print(lg.level, lg.getEffectiveLevel())
attempt("log non-int level", lg.log, "INFO", "x")
lg.log(25, "notice %d", 7)
print(repr(buf.getvalue()))

print("== hierarchy")
a = logging.getLogger("h1.a.b")
print(a.parent is logging.root, a.name)
mid = logging.getLogger("h1.a")
print(a.parent is mid, mid.parent is logging.root)
top = logging.getLogger("h1")
print(mid.parent is top, a.parent is mid)
c = top.getChild("a.b")
print(c is a, logging.getLogger("root") is logging.root, logging.getLogger() is logging.root)
print(logging.getLogger("") is logging.root)
print(repr(a), repr(logging.root))
print(type(logging.Logger.manager.loggerDict.get("h2")).__name__ if "h2" in logging.Logger.manager.loggerDict else None)
x = logging.getLogger("h2.x.y")
print(type(logging.Logger.manager.loggerDict["h2.x"]).__name__)
y = logging.getLogger("h2.x")
print(x.parent is y)
attempt("getLogger(5)", logging.getLogger, 5)
top.setLevel(logging.ERROR)
print(a.getEffectiveLevel(), a.isEnabledFor(logging.WARNING), a.isEnabledFor(logging.ERROR))
top.setLevel(logging.NOTSET)
print(a.getEffectiveLevel(), a.isEnabledFor(logging.WARNING))

print("== propagation")
plg, ph, pbuf = fresh("prop", level=logging.DEBUG)
child = logging.getLogger("prop.child")
cbuf = io.StringIO()
ch = logging.StreamHandler(cbuf)
ch.setFormatter(logging.Formatter("child:%(message)s"))
child.addHandler(ch)
child.info("to both")
child.propagate = False
child.info("child only")
child.propagate = True
ch.setLevel(logging.ERROR)
child.warning("parent only")
child.error("both again")
print(repr(pbuf.getvalue()))
print(repr(cbuf.getvalue()))
print(child.hasHandlers(), logging.getLogger("nohandlers.zz").hasHandlers() == logging.root.hasHandlers())

print("== formatter styles")
rec = logging.LogRecord("fmt.name", logging.WARNING, "/some/dir/mod.py", 42,
                        "value %s and %d", ("x", 5), None, func="fn")
print(rec.getMessage(), rec.filename, rec.module, rec.levelname, rec.lineno, rec.funcName)
print(repr(rec))
for style, fmt in (('%', "%(levelname)-8s[%(name)s] %(message)s (%(module)s:%(lineno)d %(funcName)s)"),
                   ('{', "{levelname:>8}[{name}] {message} ({filename}:{lineno:04d})"),
                   ('$', "$levelname [${name}] $message $$")):
    print(repr(logging.Formatter(fmt, style=style).format(rec)))
print(repr(logging.Formatter().format(rec)))
print(repr(logging.Formatter(None, style='{').format(rec)))
rec2 = logging.LogRecord("d", 20, "p.py", 1, "%(a)s-%(b)s", ({"a": 1, "b": 2},), None)
print(rec2.getMessage(), rec2.args)
rec3 = logging.LogRecord("d", 20, "p.py", 1, "m", (), None)
print(rec3.args, rec3.funcName, rec3.stack_info, rec3.exc_text)
f = logging.Formatter("%(message)s %(custom)s", defaults={"custom": "dflt"})
print(f.format(rec3))
f = logging.Formatter("{message} {custom}", style='{', defaults={"custom": "D"})
print(f.format(rec3))
attempt("missing field", logging.Formatter("%(nope)s").format, rec3)
attempt("missing field {", logging.Formatter("{nope}", style='{').format, rec3)
attempt("missing field $", logging.Formatter("$nope", style='$').format, rec3)
for fmt in ["%(message)", "%(message)s", "abc", "%(x)5.2f", "%s", "%(a)*d", "%(a)-#5.3X"]:
    attempt("validate % " + fmt, lambda f: logging.Formatter(f)._fmt, fmt)
for fmt in ["{message}", "{0}", "{a.b[c]}", "{a!x}", "{a:zz}", "{a:>10}", "plain",
            "{a:{w}}", "{a", "{a-b}", "{a:*^+#010,.3f}", "{a:.}"]:
    attempt("validate { " + fmt, lambda f: logging.Formatter(f, style='{')._fmt, fmt)
for fmt in ["$message", "${message}", "$$", "$ x $a", "${a", "$1", "x", "a $b c"]:
    attempt("validate $ " + fmt, lambda f: logging.Formatter(f, style='$')._fmt, fmt)
attempt("bad style", logging.Formatter, "x", style='?')
print(logging.Formatter("%(nothing)d", validate=False)._fmt)
print(logging.Formatter("%(asctime)s").usesTime(), logging.Formatter("x%(message)s").usesTime(),
      logging.Formatter("{asctime:>5}", style='{').usesTime(), logging.Formatter("$asctime", style='$').usesTime(),
      logging.Formatter("${asctime}", style='$').usesTime())

print("== formatTime deterministic")
ft = logging.Formatter("%(asctime)s %(message)s", datefmt="%Y/%m/%d %H:%M:%S")
ft.converter = lambda secs: (2024, 3, 9, 14, 5, 7, 5, 69, 0)
r = logging.LogRecord("t", 20, "p.py", 1, "hello", (), None)
r.msecs = 123.0
print(ft.format(r))
ft2 = logging.Formatter("%(asctime)s|%(message)s")
ft2.converter = lambda secs: (1999, 12, 31, 23, 59, 58, 4, 365, 0)
print(ft2.format(r))
ft2.default_msec_format = '%s.%03d'
print(ft2.format(r))
ft2.default_msec_format = None
print(ft2.format(r))


class FixedTime(logging.Formatter):
    def formatTime(self, record, datefmt=None):
        return "T(%s)" % datefmt


print(FixedTime("{asctime} {message}", style='{', datefmt="%H").format(r))

print("== record attributes")
elg, eh, ebuf = fresh("attrs", fmt="%(threadName)s %(processName)s %(module)s %(filename)s %(funcName)s %(levelno)d")


def caller_function():
    elg.info("x")


caller_function()
print(repr(ebuf.getvalue()))
r = logging.makeLogRecord({"msg": "made %s", "args": ("it",), "levelno": 5, "extra1": 9})
print(r.getMessage(), r.levelno, r.extra1, r.name)
print(type(r.created).__name__, type(r.msecs).__name__, r.msecs >= 0, r.relativeCreated >= 0,
      r.process == os.getpid(), r.thread == threading.get_ident())

print("== lineno and stacklevel")
slg, sh, sbuf = fresh("stack", fmt="%(funcName)s:%(lineno)d")


def inner_helper():
    slg.warning("a", stacklevel=2)


def outer_helper():
    inner_helper()


outer_helper()
slg.warning("here")


def too_far():
    slg.warning("b", stacklevel=50)


too_far()
adapter = logging.LoggerAdapter(slg, {"k": 1})


def adapter_caller():
    adapter.warning("c")


adapter_caller()
print(sbuf.getvalue().split())
base_line = [int(v.split(":")[1]) for v in sbuf.getvalue().split()]
print([b - base_line[0] for b in base_line])

print("== extra and adapter")
xlg, xh, xbuf = fresh("extra", fmt="%(message)s user=%(user)s")
xlg.info("one", extra={"user": "ann"})
attempt("overwrite", xlg.info, "two", extra={"message": "no"})
attempt("overwrite name", xlg.info, "two", extra={"name": "no"})
ad = logging.LoggerAdapter(xlg, {"user": "bob"})
ad.info("via adapter %d", 3)
ad.debug("debug via adapter")
print(repr(ad), ad.name, ad.manager is logging.Logger.manager, ad.isEnabledFor(10), ad.getEffectiveLevel())


class Prefixed(logging.LoggerAdapter):
    def process(self, msg, kwargs):
        kwargs.setdefault("extra", {})["user"] = "cat"
        return "[%s] %s" % (self.extra["tag"], msg), kwargs


Prefixed(xlg, {"tag": "T"}).warning("custom")
ad.setLevel(logging.WARNING)
ad.info("hidden")
ad.error("shown")
print(repr(xbuf.getvalue()))

print("== filters")
flg, fh, fbuf = fresh("filt", fmt="%(name)s:%(message)s")
flt = logging.Filter("filt.a")
for nm in ("filt.a", "filt.a.b", "filt.ab", "filt", "other"):
    print(nm, flt.filter(logging.LogRecord(nm, 20, "p", 1, "m", (), None)))
print(logging.Filter().filter(logging.LogRecord("any", 20, "p", 1, "m", (), None)))
fh.addFilter(lambda rec: "skip" not in rec.getMessage())
fh.addFilter(lambda rec: rec.levelno > 10)
flg.info("keep me")
flg.info("skip me")
flg.debug("low")


class OddFilter:
    def filter(self, record):
        return record.args and record.args[0] % 2 == 1


of = OddFilter()
flg.addFilter(of)
flg.addFilter(of)
print(len(flg.filters))
for i in range(4):
    flg.info("n=%d", i)
flg.removeFilter(of)
flg.info("n=%d", 10)
print(repr(fbuf.getvalue()))

print("== exceptions")
xxlg, xxh, xxbuf = fresh("exc", fmt="%(levelname)s:%(message)s")


class Boom(Exception):
    pass


try:
    raise Boom("bad thing")
except Boom:
    xxlg.exception("caught %s", "it")
out = xxbuf.getvalue()
lines = out.splitlines()
print(lines[0], lines[1], lines[-1])
try:
    raise ValueError("v")
except ValueError as e:
    err_obj = e
xxbuf.seek(0)
xxbuf.truncate()
xxlg.error("with object", exc_info=err_obj)
lines = xxbuf.getvalue().splitlines()
print(lines[0], lines[1], lines[-1])
xxbuf.seek(0)
xxbuf.truncate()
xxlg.error("with tuple", exc_info=(type(err_obj), err_obj, err_obj.__traceback__))
print(xxbuf.getvalue().splitlines()[-1])
xxbuf.seek(0)
xxbuf.truncate()
xxlg.error("no exception active", exc_info=True)
print(repr(xxbuf.getvalue()))
xxbuf.seek(0)
xxbuf.truncate()
xxlg.info("stack", stack_info=True)
lines = xxbuf.getvalue().splitlines()
print(lines[0], lines[1], any(ln.endswith(", in <module>") for ln in lines))
fe = logging.Formatter()
text = fe.formatException((type(err_obj), err_obj, err_obj.__traceback__))
print(text.splitlines()[0], text.splitlines()[-1], text.endswith("\n"))
rec = logging.LogRecord("e", 40, "p", 1, "msg", (), (type(err_obj), err_obj, err_obj.__traceback__))
fe.format(rec)
print(rec.exc_text.splitlines()[-1])
rec.exc_text = "cached text"
print(repr(fe.format(rec)))

print("== handleError")
saved = sys.stderr
sys.stderr = io.StringIO()
hlg, hh, hbuf = fresh("herr", fmt="%(message)s")
hlg.info("bad %d", "notint")
captured = sys.stderr.getvalue()
sys.stderr = saved
for line in captured.splitlines():
    if line.startswith(("---", "Message", "Arguments", "TypeError", "Call stack")):
        print(line)
logging.raiseExceptions = False
sys.stderr = io.StringIO()
hlg.info("bad %d", "again")
captured = sys.stderr.getvalue()
sys.stderr = saved
logging.raiseExceptions = True
print(repr(captured), repr(hbuf.getvalue()))

print("== handlers basics")
h = logging.Handler()
print(repr(h), h.name, h.level, h.formatter)
attempt("emit", h.emit, logging.LogRecord("n", 20, "p", 1, "m", (), None))
h.name = "named-handler"
print(h.name, h.get_name())
h.setLevel("ERROR")
print(repr(h))
h.acquire()
h.acquire()
h.release()
h.release()
h.createLock()
h.close()
sh = logging.StreamHandler(io.StringIO())
print(repr(sh))
sh2 = logging.StreamHandler()
print(repr(sh2), sh2.stream is sys.stderr)


class Named:
    name = "mystream"

    def write(self, s):
        pass


sh3 = logging.StreamHandler(Named())
print(repr(sh3))
newbuf = io.StringIO()
old = sh.setStream(newbuf)
print(type(old).__name__, sh.setStream(newbuf))
sh.terminator = "<END>\n"
sh.setFormatter(logging.Formatter("%(message)s"))
sh.handle(logging.LogRecord("n", 20, "p", 1, "term", (), None))
print(repr(newbuf.getvalue()))
nh = logging.NullHandler()
print(nh.lock, nh.handle(None), repr(nh))
print(repr(logging.lastResort), logging.lastResort.level)

print("== lastResort")
saved = sys.stderr
sys.stderr = io.StringIO()
lonely = logging.getLogger("lonely.one")
lonely.propagate = False
lonely.warning("only %s", "message")
lonely.info("not shown")
lonely.error("error too")
got = sys.stderr.getvalue()
sys.stderr = saved
print(repr(got))
keep = logging.lastResort
logging.lastResort = None
sys.stderr = io.StringIO()
lonely.warning("again")
lonely.warning("and again")
got = sys.stderr.getvalue()
sys.stderr = saved
logging.lastResort = keep
print(repr(got))
logging.Logger.manager.emittedNoHandlerWarning = False

print("== basicConfig and module functions")
out = io.StringIO()
logging.basicConfig(stream=out, level=logging.INFO)
print(len(logging.root.handlers), logging.root.level)
logging.basicConfig(stream=io.StringIO(), level=logging.DEBUG)
print(len(logging.root.handlers), logging.root.level)
logging.info("info %s", 1)
logging.debug("debug hidden")
logging.warning("warn")
logging.error("err")
logging.critical("crit")
logging.fatal("fatal")
logging.log(25, "notice")
try:
    1 / 0
except ZeroDivisionError:
    logging.exception("div")
lines = out.getvalue().splitlines()
print(lines[:7], lines[-1])
out2 = io.StringIO()
logging.basicConfig(stream=out2, force=True, format="{levelname}-{message}", style='{', level="WARNING")
logging.warning("braces")
logging.info("nope")
print(repr(out2.getvalue()))
out3 = io.StringIO()
logging.basicConfig(stream=out3, force=True, format="$levelname $message", style='$')
logging.warning("dollars")
print(repr(out3.getvalue()))
attempt("stream+filename", logging.basicConfig, force=True, stream=out, filename="x.log")
attempt("handlers+stream", logging.basicConfig, force=True, stream=out, handlers=[logging.NullHandler()])
attempt("bad style", logging.basicConfig, force=True, style="#")
attempt("unknown kw", logging.basicConfig, force=True, bogus=1, other=2)
hb = io.StringIO()
hd = logging.StreamHandler(hb)
preset = logging.StreamHandler(hb)
preset.setFormatter(logging.Formatter("PRESET %(message)s"))
logging.basicConfig(force=True, handlers=[hd, preset], format="%(name)s>%(message)s", datefmt="%H")
logging.getLogger("bc").warning("two handlers")
print(repr(hb.getvalue()), hd.formatter.datefmt, preset.formatter.datefmt)
scratch = os.path.join(os.getcwd(), "_scratch_logging")
os.makedirs(scratch, exist_ok=True)
logfile = os.path.join(scratch, "basic.log")
logging.basicConfig(force=True, filename=logfile, filemode="w", format="%(message)s")
logging.warning("to file")
logging.warning("second line")
fhandler = logging.root.handlers[0]
print(type(fhandler).__name__, fhandler.mode, os.path.basename(fhandler.baseFilename))
logging.basicConfig(force=True, stream=io.StringIO())
print(fhandler.stream)
with open(logfile) as fp:
    print(repr(fp.read()))

print("== disable")
dlg, dh, dbuf = fresh("dis", fmt="%(message)s")
logging.disable(logging.WARNING)
dlg.warning("hidden warning")
dlg.error("error passes")
logging.disable()
dlg.critical("hidden critical")
logging.disable(logging.NOTSET)
dlg.info("all back")
print(repr(dbuf.getvalue()), logging.root.manager.disable)
dlg.disabled = True
dlg.error("disabled logger")
dlg.disabled = False
print(repr(dbuf.getvalue()))

print("== FileHandler")
path = os.path.join(scratch, "fh.log")
fh = logging.FileHandler(path, mode="w")
fh.setFormatter(logging.Formatter("%(levelname)s %(message)s"))
flog = logging.getLogger("filelog")
flog.propagate = False
flog.addHandler(fh)
flog.warning("first")
flog.error("second")
print(os.path.basename(fh.baseFilename), fh.mode, fh.delay, repr(fh).startswith("<FileHandler "), repr(fh).endswith(" (NOTSET)>"))
fh.close()
print(fh.stream)
flog.removeHandler(fh)
with open(path) as fp:
    print(repr(fp.read()))
dpath = os.path.join(scratch, "delay.log")
dfh = logging.FileHandler(dpath, delay=True)
print(dfh.stream, os.path.exists(dpath))
dfh.handle(logging.LogRecord("d", 20, "p", 1, "delayed", (), None))
print(os.path.exists(dpath))
dfh.close()
with open(dpath) as fp:
    print(repr(fp.read()))

print("== RotatingFileHandler")
rpath = os.path.join(scratch, "rot.log")
rh = logging.handlers.RotatingFileHandler(rpath, maxBytes=30, backupCount=2)
rh.setFormatter(logging.Formatter("%(message)s"))
for i in range(8):
    rh.handle(logging.LogRecord("r", 20, "p", 1, "line number %d", (i,), None))
rh.close()
for suffix in ("", ".1", ".2", ".3"):
    p = rpath + suffix
    if os.path.exists(p):
        with open(p) as fp:
            print(suffix or "(base)", repr(fp.read()))
    else:
        print(suffix, "missing")
named = logging.handlers.RotatingFileHandler(os.path.join(scratch, "nm.log"), maxBytes=10, backupCount=1)
named.namer = lambda name: name + ".bak"
named.setFormatter(logging.Formatter("%(message)s"))
for i in range(3):
    named.handle(logging.LogRecord("r", 20, "p", 1, "entry %d", (i,), None))
named.close()
print(sorted(n for n in os.listdir(scratch) if n.startswith("nm.")))

print("== TimedRotatingFileHandler")
for when in ("S", "M", "H", "D", "midnight", "W3", "W", "W9", "X"):
    try:
        t = logging.handlers.TimedRotatingFileHandler(os.path.join(scratch, "timed.log"), when=when, interval=2, delay=True)
        print(when, t.when, t.interval, t.suffix)
        t.close()
    except ValueError as e:
        print(when, "ValueError", e)

print("== MemoryHandler / BufferingHandler")
target_buf = io.StringIO()
target = logging.StreamHandler(target_buf)
target.setFormatter(logging.Formatter("%(levelname)s:%(message)s"))
mh = logging.handlers.MemoryHandler(3, flushLevel=logging.ERROR, target=target)
mlg = logging.getLogger("mem")
mlg.propagate = False
mlg.setLevel(logging.DEBUG)
mlg.addHandler(mh)
mlg.info("a")
mlg.info("b")
print(len(mh.buffer), repr(target_buf.getvalue()))
mlg.info("c")
print(len(mh.buffer), repr(target_buf.getvalue()))
mlg.info("d")
mlg.error("e")
print(len(mh.buffer), repr(target_buf.getvalue()))
mlg.info("f")
mh.close()
print(len(mh.buffer), mh.target, repr(target_buf.getvalue()))
mlg.removeHandler(mh)
bh = logging.handlers.BufferingHandler(2)
print(repr(bh), bh.capacity)
bh.handle(logging.LogRecord("b", 20, "p", 1, "1", (), None))
print(len(bh.buffer))
bh.handle(logging.LogRecord("b", 20, "p", 1, "2", (), None))
print(len(bh.buffer))
mh2 = logging.handlers.MemoryHandler(10, flushOnClose=False)
mh2.setTarget(target)
mh2.handle(logging.LogRecord("b", 20, "p", 1, "never", (), None))
mh2.close()
print(repr(target_buf.getvalue()[-10:]))

print("== QueueHandler / QueueListener")
q = queue.Queue()
qh = logging.handlers.QueueHandler(q)
qh.setFormatter(logging.Formatter("Q:%(message)s"))
qlg = logging.getLogger("queued")
qlg.propagate = False
qlg.addHandler(qh)
try:
    raise KeyError("k")
except KeyError:
    qlg.exception("with %s", "exc", stack_info=True)
item = q.get_nowait()
print(item.msg.splitlines()[0], item.args, item.exc_info, item.exc_text, item.stack_info, item.message.splitlines()[0])
qlg.warning("plain %d", 5)
item = q.get_nowait()
print(repr(item.msg), repr(item.message), item.levelname, item.name)
lbuf = io.StringIO()
lh = logging.StreamHandler(lbuf)
lh.setFormatter(logging.Formatter("L:%(levelname)s:%(message)s"))
lh.setLevel(logging.ERROR)
listener = logging.handlers.QueueListener(q, lh)
listener.start()
qlg.warning("w1")
qlg.error("e1")
listener.stop()
print(repr(lbuf.getvalue()))
lbuf.seek(0)
lbuf.truncate()
listener = logging.handlers.QueueListener(q, lh, respect_handler_level=True)
listener.start()
qlg.warning("w2")
qlg.error("e2")
listener.stop()
print(repr(lbuf.getvalue()), listener._thread)

print("== threads")
tbuf = io.StringIO()
th = logging.StreamHandler(tbuf)
th.setFormatter(logging.Formatter("%(threadName)s|%(message)s|end"))
tlg = logging.getLogger("threads")
tlg.propagate = False
tlg.setLevel(logging.DEBUG)
tlg.addHandler(th)
PER = 200


def worker(n):
    child = logging.getLogger("threads.w%d" % n)
    for i in range(PER):
        child.info("worker %d item %d %s", n, i, "x" * (i % 7))
        logging.getLogger("threads.shared.%d" % (i % 5))


threads = [threading.Thread(target=worker, args=(n,), name="T%d" % n) for n in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
lines = tbuf.getvalue().split("\n")
print(lines[-1] == "", len(lines) - 1)
counts = {}
whole = True
for line in lines[:-1]:
    parts = line.split("|")
    if len(parts) != 3 or parts[2] != "end":
        whole = False
        continue
    tname, msg = parts[0], parts[1]
    words = msg.split()
    n, i = int(words[1]), int(words[3])
    if tname != "T%d" % n or (len(words) == 5 and words[4] != "x" * (i % 7)):
        whole = False
    counts.setdefault(n, set()).add(i)
print("whole lines:", whole)
print(sorted((n, len(s)) for n, s in counts.items()))
print(sorted(k for k in logging.Logger.manager.loggerDict if k.startswith("threads.")))
print(all(logging.getLogger("threads.shared.%d" % k).parent is tlg for k in range(5)))

print("== dictConfig")
import logging.config
dc_buf = io.StringIO()
pre = logging.getLogger("pre.existing")
pre_child = logging.getLogger("app.sub")
cfg = {
    "version": 1,
    "formatters": {"brief": {"format": "%(levelname)s:%(name)s:%(message)s"},
                   "braces": {"format": "{name}|{message}", "style": "{"}},
    "filters": {"onlyapp": {"name": "app"}},
    "handlers": {"out": {"class": "logging.StreamHandler", "formatter": "brief",
                         "stream": "ext://__main__.dc_buf", "level": "INFO"},
                 "mem": {"class": "logging.handlers.MemoryHandler", "capacity": 2,
                         "target": "out2"},
                 "out2": {"class": "logging.StreamHandler", "formatter": "braces",
                          "stream": "cfg://streams.main", "filters": ["onlyapp"]}},
    "streams": {"main": dc_buf},
    "loggers": {"app": {"level": "DEBUG", "handlers": ["out"], "propagate": False},
                "other": {"handlers": ["mem"], "level": "WARNING"}},
    "root": {"level": "ERROR", "handlers": ["out2"]},
}
logging.config.dictConfig(cfg)
logging.getLogger("app").debug("debug dropped by handler level")
logging.getLogger("app").info("info shown")
logging.getLogger("app.sub").warning("child")
logging.getLogger("other").warning("o1")
logging.getLogger("other").warning("o2")
logging.getLogger("other.x").error("to root, filtered out")
logging.error("root error filtered")
print(repr(dc_buf.getvalue()))
print(pre.disabled, pre_child.disabled, logging.getLogger("app").propagate)
h = logging.getLogger("app").handlers[0]
print(type(h).__name__, h.name, h.level)
for bad in ({}, {"version": 2}, {"version": 1, "handlers": {"h": {"class": "nope.Nothing"}}},
            {"version": 1, "formatters": {"f": {"format": "%(x)", "style": "%"}}},
            {"version": 1, "handlers": {"h": {"class": "logging.StreamHandler", "formatter": "missing"}}},
            {"version": 1, "loggers": {"l": {"level": "LOUD"}}},
            {"version": 1, "root": {"handlers": ["none"]}}):
    try:
        logging.config.dictConfig(bad)
        print("ok")
    except Exception as e:
        print(type(e).__name__, e, "| cause:", type(e.__cause__).__name__, e.__cause__)
logging.config.dictConfig({"version": 1, "disable_existing_loggers": False})
print(pre.disabled)
logging.config.dictConfig({"version": 1, "incremental": True, "loggers": {"app": {"level": "ERROR"}}})
print(logging.getLogger("app").level)

for name in os.listdir(scratch):
    os.remove(os.path.join(scratch, name))
os.rmdir(scratch)
logging.basicConfig(force=True, stream=io.StringIO())
print("done")
