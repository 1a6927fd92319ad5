"""Additional logging handlers: size- and time-based file rotation, a
file handler that notices its file being replaced, queue hand-off and
in-memory buffering (Weft's implementation, behaving as CPython 3.11's)."""

import io
import os
import time
import threading
import copy
import queue

import logging

# Well-known ports (the network handlers themselves are not provided).
(DEFAULT_TCP_LOGGING_PORT, DEFAULT_UDP_LOGGING_PORT,
 DEFAULT_HTTP_LOGGING_PORT, DEFAULT_SOAP_LOGGING_PORT) = range(9020, 9024)
SYSLOG_UDP_PORT = SYSLOG_TCP_PORT = 514

_MIDNIGHT = 24 * 60 * 60


class BaseRotatingHandler(logging.FileHandler):
    """A file handler that may switch to a fresh file before writing a
    record (subclasses decide when and how)."""

    namer = None
    rotator = None

    def __init__(self, filename, mode, encoding=None, delay=False,
                 errors=None):
        super().__init__(filename, mode=mode, encoding=encoding,
                         delay=delay, errors=errors)
        self.mode, self.encoding, self.errors = mode, encoding, errors

    def emit(self, record):
        try:
            due = self.shouldRollover(record)
            if due:
                self.doRollover()
            logging.FileHandler.emit(self, record)
        except Exception:
            return self.handleError(record)

    def rotation_filename(self, default_name):
        if callable(self.namer):
            return self.namer(default_name)
        return default_name

    def rotate(self, source, dest):
        if callable(self.rotator):
            self.rotator(source, dest)
        elif os.path.exists(source):
            os.rename(source, dest)


class RotatingFileHandler(BaseRotatingHandler):
    """Starts a new file when the current one would grow past maxBytes;
    keeps backupCount old files named FILE.1 (newest) .. FILE.N."""

    def __init__(self, filename, mode='a', maxBytes=0, backupCount=0,
                 encoding=None, delay=False, errors=None):
        if maxBytes > 0:
            mode = 'a'
        if "b" not in mode and hasattr(io, 'text_encoding'):
            encoding = io.text_encoding(encoding)
        super().__init__(filename, mode, encoding=encoding, delay=delay,
                         errors=errors)
        self.maxBytes, self.backupCount = maxBytes, backupCount

    def _drop_stream(self):
        current, self.stream = self.stream, None
        if current:
            current.close()

    def doRollover(self):
        self._drop_stream()
        if self.backupCount > 0:
            base = self.baseFilename
            for n in range(self.backupCount - 1, 0, -1):
                older = self.rotation_filename("%s.%d" % (base, n))
                newer = self.rotation_filename("%s.%d" % (base, n + 1))
                if os.path.exists(older):
                    if os.path.exists(newer):
                        os.remove(newer)
                    os.rename(older, newer)
            first = self.rotation_filename(base + ".1")
            if os.path.exists(first):
                os.remove(first)
            self.rotate(base, first)
        if not self.delay:
            self.stream = self._open()

    def shouldRollover(self, record):
        # Special files (pipes, devices) are never rotated.
        if (os.path.exists(self.baseFilename)
                and not os.path.isfile(self.baseFilename)):
            return False
        if self.stream is None:
            self.stream = self._open()
        if self.maxBytes > 0:
            text = "%s\n" % self.format(record)
            self.stream.seek(0, 2)
            if self.stream.tell() + len(text) >= self.maxBytes:
                return True
        return False


def _time_tuple(secs, utc):
    if utc:
        conv = getattr(time, 'gmtime', None)
    else:
        conv = getattr(time, 'localtime', None)
    if conv is None:
        return logging._utc_tuple(secs)
    return conv(secs)


class TimedRotatingFileHandler(BaseRotatingHandler):
    """Starts a new file at fixed time intervals ('S', 'M', 'H', 'D',
    'MIDNIGHT' or 'W0'..'W6'), naming old files with a time suffix."""

    def __init__(self, filename, when='h', interval=1, backupCount=0,
                 encoding=None, delay=False, utc=False, atTime=None,
                 errors=None):
        if hasattr(io, 'text_encoding'):
            encoding = io.text_encoding(encoding)
        super().__init__(filename, 'a', encoding=encoding, delay=delay,
                         errors=errors)
        self.backupCount, self.utc, self.atTime = backupCount, utc, atTime
        self.when = when.upper()
        unit = self.when
        if unit == 'S':
            seconds, self.suffix = 1, "%Y-%m-%d_%H-%M-%S"
        elif unit == 'M':
            seconds, self.suffix = 60, "%Y-%m-%d_%H-%M"
        elif unit == 'H':
            seconds, self.suffix = 60 * 60, "%Y-%m-%d_%H"
        elif unit == 'D' or unit == 'MIDNIGHT':
            seconds, self.suffix = 60 * 60 * 24, "%Y-%m-%d"
        elif unit.startswith('W'):
            seconds, self.suffix = 60 * 60 * 24 * 7, "%Y-%m-%d"
            if len(unit) != 2:
                raise ValueError("You must specify a day for weekly rollover "
                                 "from 0 to 6 (0 is Monday): %s" % self.when)
            if unit[1] < '0' or unit[1] > '6':
                raise ValueError("Invalid day specified for weekly rollover: "
                                 "%s" % self.when)
            self.dayOfWeek = int(unit[1])
        else:
            raise ValueError("Invalid rollover interval specified: %s"
                             % self.when)
        self.interval = seconds * interval
        if os.path.exists(self.baseFilename):
            start = int(os.stat(self.baseFilename).st_mtime)
        else:
            start = int(time.time())
        self.rolloverAt = self.computeRollover(start)

    def computeRollover(self, currentTime):
        result = currentTime + self.interval
        if self.when != 'MIDNIGHT' and not self.when.startswith('W'):
            return result
        parts = _time_tuple(currentTime, self.utc)
        hour, minute, second = parts[3], parts[4], parts[5]
        weekday = parts[6]
        if self.atTime is None:
            target = _MIDNIGHT
        else:
            at = self.atTime
            target = (at.hour * 60 + at.minute) * 60 + at.second
        left = target - ((hour * 60 + minute) * 60 + second)
        if left < 0:
            left += _MIDNIGHT
            weekday = (weekday + 1) % 7
        result = currentTime + left
        if self.when.startswith('W'):
            ahead = self.dayOfWeek - weekday
            if ahead != 0:
                if ahead < 0:
                    ahead += 7
                result += _MIDNIGHT * ahead
        if not self.utc:
            dst_now = parts[-1]
            dst_then = _time_tuple(result, self.utc)[-1]
            if dst_now != dst_then:
                result += -3600 if not dst_now else 3600
        return result

    def shouldRollover(self, record):
        if (os.path.exists(self.baseFilename)
                and not os.path.isfile(self.baseFilename)):
            return False
        return int(time.time()) >= self.rolloverAt

    def _suffix_matches(self, text):
        # The suffix is digits where the format has directives and the
        # literal separators elsewhere.
        widths = {'Y': 4, 'm': 2, 'd': 2, 'H': 2, 'M': 2, 'S': 2}
        fmt = self.suffix
        i = j = 0
        while i < len(fmt):
            if fmt[i] == '%' and i + 1 < len(fmt):
                size = widths.get(fmt[i + 1], 0)
                chunk = text[j:j + size]
                if len(chunk) != size or not chunk.isdigit():
                    return False
                j += size
                i += 2
            else:
                if j >= len(text) or text[j] != fmt[i]:
                    return False
                i += 1
                j += 1
        return j == len(text)

    def getFilesToDelete(self):
        folder, base = os.path.split(self.baseFilename)
        found = []
        if self.namer is None:
            head = base + "."
            for name in os.listdir(folder):
                if name.startswith(head) and \
                        self._suffix_matches(name[len(head):]):
                    found.append(os.path.join(folder, name))
        else:
            for name in os.listdir(folder):
                if not name.startswith(base):
                    continue
                rest = name[len(base):]
                if len(rest) > 1 and rest[0] in "._":
                    for cut in range(1, len(rest)):
                        if self._suffix_matches(rest[1:cut + 1]) or \
                                self._suffix_matches(rest[1:]):
                            found.append(os.path.join(folder, name))
                            break
        if len(found) < self.backupCount:
            return []
        found.sort()
        return found[:len(found) - self.backupCount]

    def doRollover(self):
        RotatingFileHandler._drop_stream(self)
        now = int(time.time())
        period_start = self.rolloverAt - self.interval
        stamp = _time_tuple(period_start, self.utc)
        if not self.utc:
            dst_now = _time_tuple(now, False)[-1]
            dst_then = stamp[-1]
            if dst_now != dst_then:
                shift = 3600 if dst_now else -3600
                stamp = _time_tuple(period_start + shift, False)
        target = self.rotation_filename(
            self.baseFilename + "." + logging._strftime(self.suffix, stamp))
        if os.path.exists(target):
            os.remove(target)
        self.rotate(self.baseFilename, target)
        if self.backupCount > 0:
            for old in self.getFilesToDelete():
                os.remove(old)
        if not self.delay:
            self.stream = self._open()
        upcoming = self.computeRollover(now)
        while upcoming <= now:
            upcoming += self.interval
        self.rolloverAt = upcoming


class WatchedFileHandler(logging.FileHandler):
    """Re-opens its file when the name no longer refers to the file it has
    open (for use with external log rotation)."""

    def __init__(self, filename, mode='a', encoding=None, delay=False,
                 errors=None):
        if "b" not in mode and hasattr(io, 'text_encoding'):
            encoding = io.text_encoding(encoding)
        super().__init__(filename, mode=mode, encoding=encoding,
                         delay=delay, errors=errors)
        self.dev = self.ino = -1
        self._statstream()

    def _statstream(self):
        if self.stream:
            try:
                info = os.fstat(self.stream.fileno())
            except (AttributeError, OSError, ValueError):
                info = os.stat(self.baseFilename)
            self.dev, self.ino = info.st_dev, info.st_ino

    def reopenIfNeeded(self):
        try:
            info = os.stat(self.baseFilename)
        except FileNotFoundError:
            info = None
        if info is not None and info.st_dev == self.dev and \
                info.st_ino == self.ino:
            return
        if self.stream is not None:
            self.stream.flush()
            self.stream.close()
            self.stream = None
            self.stream = self._open()
            self._statstream()

    def emit(self, record):
        self.reopenIfNeeded()
        logging.FileHandler.emit(self, record)


class QueueHandler(logging.Handler):
    """Puts records (already formatted, made picklable) on a queue, for a
    QueueListener or another consumer to handle elsewhere."""

    def __init__(self, queue):
        logging.Handler.__init__(self)
        self.queue = queue

    def enqueue(self, record):
        self.queue.put_nowait(record)

    def prepare(self, record):
        text = self.format(record)
        # A copy, so that other handlers still see the original; the
        # message text replaces everything that may not pickle.
        copied = copy.copy(record)
        copied.message = copied.msg = text
        for attr in ('args', 'exc_info', 'exc_text', 'stack_info'):
            setattr(copied, attr, None)
        return copied

    def emit(self, record):
        try:
            prepared = self.prepare(record)
            self.enqueue(prepared)
        except Exception:
            self.handleError(record)


class QueueListener(object):
    """Takes records off a queue in a background thread and passes them to
    handlers."""

    _sentinel = None

    def __init__(self, queue, *handlers, respect_handler_level=False):
        self.queue, self.handlers = queue, handlers
        self.respect_handler_level = respect_handler_level
        self._thread = None

    def dequeue(self, block):
        return self.queue.get(block)

    def start(self):
        worker = threading.Thread(target=self._monitor)
        worker.daemon = True
        self._thread = worker
        worker.start()

    def prepare(self, record):
        return record

    def handle(self, record):
        record = self.prepare(record)
        for handler in self.handlers:
            if self.respect_handler_level and record.levelno < handler.level:
                continue
            handler.handle(record)

    def _monitor(self):
        source = self.queue
        acknowledge = getattr(source, 'task_done', None)
        while True:
            try:
                record = self.dequeue(True)
            except queue.Empty:
                break
            if record is self._sentinel:
                if acknowledge is not None:
                    acknowledge()
                break
            self.handle(record)
            if acknowledge is not None:
                acknowledge()

    def enqueue_sentinel(self):
        self.queue.put_nowait(self._sentinel)

    def stop(self):
        self.enqueue_sentinel()
        self._thread.join()
        self._thread = None


class BufferingHandler(logging.Handler):
    """Collects records in a list; flush() (called once `capacity` records
    are held) empties it.  Subclasses decide what flushing does."""

    def __init__(self, capacity):
        super().__init__()
        self.buffer = []
        self.capacity = capacity

    def shouldFlush(self, record):
        return len(self.buffer) >= self.capacity

    def emit(self, record):
        self.buffer.append(record)
        full = self.shouldFlush(record)
        if full:
            self.flush()

    def flush(self):
        with self._guard():
            del self.buffer[:]

    def close(self):
        try:
            self.flush()
        finally:
            logging.Handler.close(self)


class MemoryHandler(BufferingHandler):
    """Buffers records and hands them to a target handler when the buffer
    is full or a record at flushLevel or above arrives."""

    def __init__(self, capacity, flushLevel=logging.ERROR, target=None,
                 flushOnClose=True):
        super().__init__(capacity)
        self.flushLevel, self.target = flushLevel, target
        self.flushOnClose = flushOnClose

    def shouldFlush(self, record):
        if record.levelno >= self.flushLevel:
            return True
        return len(self.buffer) >= self.capacity

    def setTarget(self, target):
        with self._guard():
            self.target = target

    def flush(self):
        # Without a target the records stay buffered.
        with self._guard():
            receiver = self.target
            if not receiver:
                return
            for record in self.buffer:
                receiver.handle(record)
            del self.buffer[:]

    def close(self):
        try:
            if self.flushOnClose:
                self.flush()
        finally:
            with self._guard():
                self.target = None
                BufferingHandler.close(self)
