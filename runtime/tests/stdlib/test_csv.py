# Differential test of csv against CPython 3.11.
import csv
import io
import os
import threading


def attempt(fn, *args, **kw):
    try:
        result = fn(*args, **kw)
        print('ok', repr(result))
    except Exception as e:
        print(type(e).__name__, e)


def read(lines, *args, **kw):
    try:
        r = csv.reader(lines, *args, **kw)
    except Exception as e:
        print('  create:', type(e).__name__, e)
        return
    try:
        for row in r:
            print('  ', r.line_num, row)
    except Exception as e:
        print('  ', r.line_num, type(e).__name__, e)


def write(rows, *args, **kw):
    buf = io.StringIO()
    try:
        w = csv.writer(buf, *args, **kw)
    except Exception as e:
        print('  create:', type(e).__name__, e)
        return
    for row in rows:
        try:
            n = w.writerow(row)
            print('  wrote', n)
        except Exception as e:
            print('  ', type(e).__name__, e)
    print('  ->', repr(buf.getvalue()))


print(csv.QUOTE_MINIMAL, csv.QUOTE_ALL, csv.QUOTE_NONNUMERIC, csv.QUOTE_NONE)
print(csv.__version__, sorted(csv.__all__))
print(issubclass(csv.Error, Exception), csv.Error.__name__)

# --- reader -----------------------------------------------------------------
print('reader basics')
read(['a,b,c\r\n', '1,2,3\n', '\n', 'x\r', '"q,1","q""2",""\n', ',,\n', 'end'])
read(['a,"multi\n', 'line",b\n', 'c,d\n'])
read(['"unterminated\n', 'still'])
read(['"unterminated'], strict=True)
read(['"ab"c,d'])
read(['"ab"c,d'], strict=True)
read(['a\rb'])
read(['a\nb,c'])
read(['a\0b,c'])
read(['ab\r\n', 'x'])
read([b'bytes,line'])
read(['ok\n', 5])
read([' a, b,  "c", "d"e'], skipinitialspace=True)
read(['a;b;"c;d"'], delimiter=';')
read(["'a','b''c'"], quotechar="'")
read(['a\\,b,c\\\\d,"q\\"x"'], escapechar='\\')
read(['"a\\"b""c"'], escapechar='\\', doublequote=False)
read(['a\\', 'next'], escapechar='\\')
read(['a\\\n', 'b', 'c,d'], escapechar='\\')
read(['1,"2",3.5, 4 ,,abc'], quoting=csv.QUOTE_NONNUMERIC)
read(['1,2.5e3,-7'], quoting=csv.QUOTE_NONNUMERIC)
read(['"a",b"c,"d'], quoting=csv.QUOTE_NONE)
read(['a\tb\t"c\td"'], dialect='excel-tab')
read(['a b  c'], delimiter=' ', skipinitialspace=True)
read(['"a""b"x'], doublequote=False)
read(['', '\n', ' ', 'z'])
read([], 'unix')
read(iter(['a,b', 'c']))
read('abc')
read(5)
read([], 'nosuch')
r = csv.reader(['a,b'], delimiter=';')
print(type(r).__name__, r.line_num, r.dialect.delimiter, iter(r) is r)
print(next(r), r.line_num)
attempt(next, r)

print('field size limit')
print(csv.field_size_limit())
print(csv.field_size_limit(5))
read(['abcde,f'])
read(['abcdef,g'])
read(['"abcdef"'])
print(csv.field_size_limit(131072))
attempt(csv.field_size_limit, 'x')
attempt(csv.field_size_limit, 1, 2)
print(csv.field_size_limit())

# --- dialect parameters ---------------------------------------------------------
print('dialect parameters')
for kw in [dict(delimiter=None), dict(delimiter='ab'), dict(delimiter=1), dict(delimiter=''),
           dict(quotechar=1), dict(quotechar=''), dict(quotechar='ab'), dict(escapechar=''),
           dict(escapechar=5), dict(lineterminator=None), dict(lineterminator=1),
           dict(quoting=None), dict(quoting=7), dict(quoting=-1), dict(quoting=True), dict(quoting=1.0),
           dict(quotechar=None, quoting=csv.QUOTE_ALL), dict(foo=1),
           dict(delimiter='ab', quoting=9), dict(quotechar=3, lineterminator=4)]:
    print(' ', kw, end=' ')
    attempt(csv.reader, [], **kw)
d = csv.reader([], quotechar=None).dialect
print(d.quoting, d.quotechar)
d = csv.reader([], doublequote=[], skipinitialspace=2, strict='yes').dialect
print(d.doublequote, d.skipinitialspace, d.strict)
attempt(csv.reader)
attempt(csv.reader, [], 'excel', 'extra')
attempt(csv.reader, [], 'excel', dialect='excel')

d = csv.get_dialect('excel')
print(type(d).__name__, [(k, getattr(d, k)) for k in ['delimiter', 'doublequote', 'escapechar',
      'lineterminator', 'quotechar', 'quoting', 'skipinitialspace', 'strict']])
attempt(setattr, d, 'delimiter', ';')
for name in ['excel', 'excel-tab', 'unix']:
    d = csv.get_dialect(name)
    print(name, repr(d.delimiter), repr(d.lineterminator), d.quoting)

class Semi(csv.excel):
    delimiter = ';'

class Partial:
    delimiter = '|'

print(csv.reader(['a;b'], Semi).dialect.delimiter, list(csv.reader(['a;b'], Semi)))
print(list(csv.reader(['a;b|c'], Partial)), csv.reader([], Partial).dialect.quotechar)
print(list(csv.reader(['a;b|c'], Partial, delimiter=';')))
print(list(csv.reader(['a,b'], dialect=None)), list(csv.reader(['a,b'], 3)))
print(Semi()._valid, csv.excel()._valid, Semi().delimiter)
attempt(csv.Dialect)

class Bad(csv.Dialect):
    delimiter = ','
    quotechar = None
    quoting = csv.QUOTE_MINIMAL
    lineterminator = '\n'

attempt(Bad)

class NoQuote(csv.Dialect):
    delimiter = ','
    quotechar = None
    escapechar = '\\'
    lineterminator = '\n'
    quoting = csv.QUOTE_NONE
print(NoQuote()._valid, list(csv.reader(['a"b,c\\,d'], NoQuote)))

# --- registry -----------------------------------------------------------------
print('registry')
print(sorted(csv.list_dialects()))
csv.register_dialect('semi', delimiter=';', quoting=csv.QUOTE_ALL)
csv.register_dialect('semi2', 'semi', lineterminator='\n')
csv.register_dialect('tabby', dialect='excel-tab', quoting=1)
print(sorted(csv.list_dialects()))
print(csv.get_dialect('semi2').delimiter, csv.get_dialect('semi2').quoting, repr(csv.get_dialect('semi2').lineterminator))
print(csv.get_dialect('tabby').delimiter == '\t', csv.get_dialect('tabby').quoting)
print(csv.get_dialect('semi') is csv.get_dialect('semi'))
print(csv.reader([], 'semi').dialect is csv.get_dialect('semi'))
print(csv.reader([], csv.get_dialect('semi')).dialect is csv.get_dialect('semi'))
print(csv.reader([], csv.get_dialect('semi'), strict=True).dialect is csv.get_dialect('semi'))
write([['a', 'b']], 'semi2')
csv.unregister_dialect('semi')
csv.unregister_dialect('semi2')
csv.unregister_dialect('tabby')
print(sorted(csv.list_dialects()))
attempt(csv.get_dialect, 'semi')
attempt(csv.unregister_dialect, 'semi')
attempt(csv.register_dialect, 1)
attempt(csv.register_dialect)
attempt(csv.register_dialect, 'x', 'excel', 'y')
attempt(csv.register_dialect, 'x', delimiter='ab')
attempt(csv.get_dialect, [])
attempt(csv.list_dialects, 1)
print(sorted(csv.list_dialects()))

# --- writer ---------------------------------------------------------------------
print('writer')
write([['a', 'b,c', 'd"e', 'f\ng', 'h\ri', ' j ', ''], [], [''], [None], ['', ''], [None, None],
       [1, 2.5, 0.1, 1e100, 1 / 3, -0.0, True, None, 10 ** 20, 1 + 2j], 'abc', (x for x in 'xy')])
write([['a', 'b']], lineterminator='\n')
write([['a', 'b,c', 1, None, 2.5]], quoting=csv.QUOTE_ALL)
write([['a', 'b,c', 1, None, 2.5, True, '3']], quoting=csv.QUOTE_NONNUMERIC)
write([['a', 'b,c'], ['d"e'], [''], ['x\ny']], quoting=csv.QUOTE_NONE)
write([['a', 'b,c', 'd"e', 'e\\f', '']], quoting=csv.QUOTE_NONE, escapechar='\\')
write([['d"e', 'e\\f', 'g,h']], escapechar='\\')
write([['d"e', 'e\\f', 'g,h']], escapechar='\\', doublequote=False)
write([['d"e']], doublequote=False)
write([["it's", 'a b', 'x!y']], quotechar="'", delimiter=' ', lineterminator='!')
write([['a', 'b']], delimiter='\t', lineterminator='\r')
write([['x\ny', 'z\rw']], lineterminator='!')
write([['a']], 'unix')
write([5, None, 'ok'])
write([[1, 2]], dialect='excel-tab')
attempt(csv.writer, None)
attempt(csv.writer)

class WriteAttr:
    write = 3
attempt(csv.writer, WriteAttr())

class Logger:
    def __init__(self):
        self.parts = []
    def write(self, s):
        self.parts.append(s)
        return len(s) * 10
lg = Logger()
w = csv.writer(lg)
print(w.writerow(['a', 'b']), w.writerows([['c'], ['d', 'e']]), lg.parts, w.dialect.delimiter)
attempt(w.writerows, 5)

class Boom:
    def __str__(self):
        raise RuntimeError('no str')
attempt(w.writerow, ['a', Boom()])

class Num:
    def __float__(self):
        return 1.0
    def __str__(self):
        return 'N'
write([[Num(), 'x']], quoting=csv.QUOTE_NONNUMERIC)

# round trip
print('round trip')
rows = [['plain', 'with,comma', 'with "quote"', 'multi\nline', 'cr\rhere', '', ' lead', 'trail '],
        ['1', '2.5', '', '', 'x', 'y', 'z', 'w']]
for dialect, extra in [('excel', {}), ('unix', {}), ('excel-tab', {}),
                       ('excel', {'quoting': csv.QUOTE_ALL}),
                       ('excel', {'escapechar': '\\', 'doublequote': False}),
                       ('excel', {'quotechar': "'", 'delimiter': ';'})]:
    buf = io.StringIO()
    csv.writer(buf, dialect, **extra).writerows(rows)
    text = buf.getvalue()
    back = list(csv.reader(io.StringIO(text, newline=''), dialect, **extra))
    print(dialect, extra, repr(text), back == rows)

# --- DictReader / DictWriter ------------------------------------------------------
print('dict classes')
src = io.StringIO('name,age,city\r\nann,30,Oslo\r\n\r\nbob,25\r\ncy,40,Rome,extra,more\r\n')
dr = csv.DictReader(src)
print(dr.line_num, dr.fieldnames, dr.line_num)
for row in dr:
    print(dr.line_num, row)
dr = csv.DictReader(io.StringIO('a;b\n1;2;3\n4\n'), restkey='REST', restval='?', delimiter=';')
print(list(dr))
dr = csv.DictReader(['1,2', '3,4'], fieldnames=('x', 'y'))
print(dr.fieldnames, list(dr))
dr = csv.DictReader([])
print(dr.fieldnames, list(dr))
dr = csv.DictReader(['h1,h2', '1,2'])
dr.fieldnames = ['X', 'Y']
print(list(dr))
dr = csv.DictReader(io.StringIO('a,b\n1,2\n'), dialect='excel')
print(dr.dialect, next(dr), dr.reader.line_num)
attempt(lambda: csv.DictReader[str])

buf = io.StringIO()
dw = csv.DictWriter(buf, fieldnames=['name', 'age', 'city'], restval='N/A')
print(dw.writeheader())
print(dw.writerow({'name': 'ann', 'age': 30, 'city': 'Oslo'}))
dw.writerow({'name': 'bob'})
print(dw.writerows([{'name': 'x,y', 'age': None}, {'city': 'q"q'}]))
attempt(dw.writerow, {'name': 'c', 'zip': 123})
print(repr(buf.getvalue()))
buf = io.StringIO()
dw = csv.DictWriter(buf, ('a', 'b'), extrasaction='ignore', delimiter='|')
dw.writeheader()
dw.writerow({'a': 1, 'b': 2, 'c': 3})
print(dw.fieldnames, repr(buf.getvalue()))
dw = csv.DictWriter(io.StringIO(), ['a'], extrasaction='RAISE')
print(dw.extrasaction)
dw.writerow({'a': 1, 'zz': 2})
attempt(csv.DictWriter, io.StringIO(), ['a'], extrasaction='other')
attempt(lambda: csv.DictWriter[int])

# --- Sniffer ------------------------------------------------------------------
print('sniffer')
samples = [
    'name,age,city\r\nann,30,Oslo\r\nbob,25,Rome\r\ncy,40,Paris\r\n',
    'a;b;c\n1;2;3\n4;5;6\n',
    'x\ty\tz\n1\t2\t3\n',
    '"a","b","c"\n"1","2","3"\n',
    "'a'; 'b'; 'c'\n'1'; '2'; '3'\n",
    'a, b, c\n1, 2, 3\n',
    'title,"said ""hi""",x\n1,"a ""b"" c",2\n',
    'single\ncolumn\nof\nwords\n',
    '"only"\n"quoted"\n',
    'a:b:c\n1:2:3\n',
    'id|value\n1|ten\n2|twenty\n3|thirty\n',
    '',
    'abc',
]
for sample in samples:
    try:
        d = csv.Sniffer().sniff(sample)
        print(repr(sample[:20]), repr(d.delimiter), repr(d.quotechar), d.doublequote,
              d.skipinitialspace, type(d.skipinitialspace).__name__, d._name, d.quoting,
              repr(d.lineterminator), d.escapechar, issubclass(d, csv.Dialect))
    except csv.Error as e:
        print(repr(sample[:20]), 'Error', e)
    try:
        print('  header:', csv.Sniffer().has_header(sample))
    except Exception as e:
        print('  header:', type(e).__name__, e)
print(csv.Sniffer().sniff('a;b,c\n1;2,3\n', delimiters=';').delimiter)
print(csv.Sniffer().sniff('a;b,c\n1;2,3\n', delimiters=',').delimiter)
print(csv.Sniffer().preferred)
d = csv.Sniffer().sniff(samples[0])
print(list(csv.reader(io.StringIO(samples[0]), d)))

# --- real files and newline='' ------------------------------------------------------
print('files')
scratch = os.path.join(os.getcwd(), '_scratch_csv')
os.makedirs(scratch, exist_ok=True)
try:
    path = os.path.join(scratch, 'data.csv')
    with open(path, 'w', newline='') as f:
        w = csv.writer(f)
        w.writerow(['id', 'text'])
        w.writerow([1, 'line one\r\nline two'])
        w.writerow([2, 'cr\ronly'])
    with open(path, 'rb') as f:
        print(f.read())
    with open(path, newline='') as f:
        print(list(csv.reader(f)))
    with open(path) as f:
        print(list(csv.reader(f)))
    with open(path, 'w') as f:
        csv.writer(f, lineterminator='\n').writerows([['a', 'b\nc'], ['d', 'e']])
    with open(path, 'rb') as f:
        print(f.read())
    with open(path, newline='') as f:
        print(list(csv.DictReader(f)))
    with open(path, 'w', newline='') as f:
        csv.DictWriter(f, ['k', 'v']).writerows([{'k': 1, 'v': 'x'}, {'k': 2}])
    with open(path, newline='') as f:
        r = csv.reader(f)
        print(list(r), r.line_num)
    with open(path, 'w', newline='') as f:
        f.write('a,"b\nc"\r\nd,e\n')
    with open(path, newline='') as f:
        print(list(csv.reader(f)))
finally:
    for name in os.listdir(scratch):
        os.remove(os.path.join(scratch, name))
    os.rmdir(scratch)
print(os.path.exists(scratch))

# --- threads and the dialect registry ------------------------------------------------
print('threads')
results = {}
errors = []
barrier = threading.Barrier(4)

def worker(tid):
    try:
        barrier.wait()
        seps = ';|:!'
        got = []
        for i in range(60):
            name = 'thr%d_%d' % (tid, i % 5)
            csv.register_dialect(name, delimiter=seps[tid], quoting=i % 3)
            d = csv.get_dialect(name)
            if d.delimiter != seps[tid]:
                errors.append((tid, i, 'delimiter'))
            buf = io.StringIO()
            csv.writer(buf, name).writerow(['t%d' % tid, i, 'x%sy' % seps[tid]])
            row = next(csv.reader([buf.getvalue()], name))
            got.append(tuple(row))
            if name not in csv.list_dialects():
                errors.append((tid, i, 'missing'))
            if i % 5 == 4:
                for k in range(5):
                    csv.unregister_dialect('thr%d_%d' % (tid, k))
        results[tid] = got
    except Exception as e:
        errors.append((tid, type(e).__name__, str(e)))

threads = [threading.Thread(target=worker, args=(t,)) for t in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print('errors', errors)
for tid in range(4):
    print(tid, len(results[tid]), results[tid][:2], results[tid][-1])
print(sorted(csv.list_dialects()))

# --- deterministic pseudo-random reader/writer batch --------------------------------
print('batch')
state = 2024
def rnd(k):
    global state
    state = (state * 1103515245 + 12345) % 2147483648
    return (state >> 8) % k

alphabet = 'ab,;" \\\n\r\tx1.'
options = [{}, {'escapechar': '\\'}, {'quoting': csv.QUOTE_NONE, 'escapechar': '\\'},
           {'doublequote': False, 'escapechar': '\\'}, {'skipinitialspace': True},
           {'strict': True}, {'quoting': csv.QUOTE_NONNUMERIC}, {'delimiter': ';', 'quotechar': "'"},
           {'quoting': csv.QUOTE_ALL, 'lineterminator': '\n'}]
for it in range(150):
    kw = options[it % len(options)]
    lines = [''.join(alphabet[rnd(len(alphabet))] for _ in range(rnd(9))) for _ in range(rnd(4))]
    print(it, repr(lines), kw)
    read(lines, **kw)
    fields = ['', 'a', 'a b', ' a', 'x,y', 'q"q', '"', 'e\\s', 'n\nl', 'c\rr', None, 1, 2.5, 'x;y', "'"]
    rows = [[fields[rnd(len(fields))] for _ in range(rnd(4))] for _ in range(2)]
    write(rows, **kw)
