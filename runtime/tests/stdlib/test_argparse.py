# Differential test for argparse (compare with CPython 3.11).
import io
import os
import sys
import threading
import argparse

os.environ['COLUMNS'] = '80'


def run(parser, args, known=False):
    """Parse args with stdout/stderr captured; print what happened."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    outcome = None
    try:
        if known:
            outcome = parser.parse_known_args(args)
        else:
            outcome = parser.parse_args(args)
        code = None
    except SystemExit as e:
        code = e.code
    except argparse.ArgumentError as e:
        code = "ArgumentError: %s" % e
    finally:
        sys.stdout, sys.stderr = saved
    print(">>", args)
    if code is None:
        print("  ", outcome)
    else:
        print("   exit:", code)
    if out.getvalue():
        print("   stdout:", repr(out.getvalue()))
    if err.getvalue():
        print("   stderr:", repr(err.getvalue()))


def attempt(label, fn, *args, **kwargs):
    try:
        result = fn(*args, **kwargs)
    except Exception as e:
        print(label, "->", type(e).__name__, e)
    else:
        print(label, "->", result)


def show_help(parser):
    buf = io.StringIO()
    parser.print_help(file=buf)
    print(buf.getvalue(), end="")
    print("~~~~")


print("== basic")
p = argparse.ArgumentParser(prog='prog', description='A test program.')
p.add_argument('src', help='source file')
p.add_argument('dst', nargs='?', default='out.txt', help='destination (default %(default)s)')
p.add_argument('-n', '--num', type=int, default=3, help='how many')
p.add_argument('-v', '--verbose', action='count', default=0)
p.add_argument('--flag', action='store_true')
p.add_argument('--no-thing', dest='thing', action='store_false')
p.add_argument('--const', action='store_const', const=42)
run(p, ['a'])
run(p, ['a', 'b', '-n', '7', '-vvv', '--flag', '--no-thing', '--const'])
run(p, ['-n5', 'x', '--num=9'])
run(p, ['--nu', '4', 'x'])
run(p, [])
run(p, ['a', 'b', 'c'])
run(p, ['a', '-n', 'q'])
run(p, ['a', '-n'])
run(p, ['a', '--bogus', 'zz'])
run(p, ['a', '--bogus', 'zz'], known=True)
run(p, ['--', '-x'])
run(p, ['a', '--flag=1'])
show_help(p)
print(repr(p.format_usage()))

print("== nargs")
p = argparse.ArgumentParser(prog='nargs')
p.add_argument('--two', nargs=2, metavar=('A', 'B'))
p.add_argument('--opt', nargs='?', const='C', default='D')
p.add_argument('--star', nargs='*')
p.add_argument('--plus', nargs='+', type=int)
p.add_argument('pos', nargs='*')
run(p, ['--two', '1', '2', 'x', 'y'])
run(p, ['--two', '1'])
run(p, ['--opt'])
run(p, ['--opt', 'v', 'w'])
run(p, ['--star', '--plus', '1', '2', '3', 'z'])
run(p, ['--plus'])
run(p, ['--plus', 'x'])
run(p, [])
show_help(p)
p = argparse.ArgumentParser(prog='rem')
p.add_argument('cmd')
p.add_argument('rest', nargs=argparse.REMAINDER)
run(p, ['ls', '-l', '--all', 'x'])
p = argparse.ArgumentParser(prog='mix')
p.add_argument('first', nargs=2)
p.add_argument('mid', nargs='+')
p.add_argument('last')
run(p, ['1', '2', '3', '4', '5', '6'])
run(p, ['1', '2', '3'])
run(p, ['1', '2'])
show_help(p)
p = argparse.ArgumentParser(prog='neg')
p.add_argument('-x', type=float)
p.add_argument('vals', nargs='*', type=float)
run(p, ['-x', '-1.5', '-2', '-.5'])
p2 = argparse.ArgumentParser(prog='neg2')
p2.add_argument('-1', dest='one', action='store_true')
p2.add_argument('vals', nargs='*')
run(p2, ['-1', '-2'])

print("== append / extend / append_const / choices")
p = argparse.ArgumentParser(prog='acc')
p.add_argument('-a', action='append')
p.add_argument('-e', action='extend', nargs='+')
p.add_argument('-c', action='append_const', const='C', dest='consts')
p.add_argument('-k', action='append_const', const='K', dest='consts')
p.add_argument('--mode', choices=['fast', 'slow'])
p.add_argument('--level', type=int, choices=range(1, 4))
run(p, ['-a', '1', '-a', '2', '-e', 'x', 'y', '-e', 'z', '-c', '-k', '-c'])
run(p, ['--mode', 'medium'])
run(p, ['--level', '5'])
run(p, ['--level', '2', '--mode', 'fast'])
show_help(p)
p = argparse.ArgumentParser(prog='dflt')
p.add_argument('-a', action='append', default=['base'])
run(p, ['-a', 'x'])
run(p, [])

print("== BooleanOptionalAction / version")
p = argparse.ArgumentParser(prog='bool')
p.add_argument('--color', action=argparse.BooleanOptionalAction, default=True, help='use colours')
p.add_argument('--dry', action=argparse.BooleanOptionalAction)
p.add_argument('--version', action='version', version='%(prog)s 1.2.3')
run(p, [])
run(p, ['--no-color', '--dry'])
run(p, ['--no-dry', '--color'])
run(p, ['--version'])
show_help(p)

print("== types")


def even(text):
    n = int(text)
    if n % 2:
        raise argparse.ArgumentTypeError('%r is not even' % text)
    return n


class Point:
    def __init__(self, s):
        self.xy = tuple(int(v) for v in s.split(','))

    def __repr__(self):
        return 'Point%r' % (self.xy,)


p = argparse.ArgumentParser(prog='types')
p.add_argument('--even', type=even)
p.add_argument('--pt', type=Point)
p.add_argument('--fl', type=float, default='2.5')
p.add_argument('--lam', type=lambda s: s.upper())
run(p, ['--even', '4', '--pt', '1,2', '--lam', 'abc'])
run(p, ['--even', '3'])
run(p, ['--pt', 'x'])
run(p, ['--fl', 'nan?'])
attempt("not callable", p.add_argument, '--bad', type='int')
attempt("FileType class", p.add_argument, '--file', type=argparse.FileType)
print(repr(argparse.FileType('w')), repr(argparse.FileType('rb', 0, encoding='utf-8', errors='strict')))
print(argparse.FileType('r')('-') is sys.stdin, argparse.FileType('w')('-') is sys.stdout)
attempt("FileType missing", argparse.FileType('r'), os.path.join('no', 'such', 'file.txt'))

print("== required / subparsers")
p = argparse.ArgumentParser(prog='req')
p.add_argument('--must', required=True)
p.add_argument('pos')
run(p, [])
run(p, ['x'])
attempt("required positional", p.add_argument, 'q', required=True)
p = argparse.ArgumentParser(prog='git')
p.add_argument('--debug', action='store_true')
sub = p.add_subparsers(dest='cmd', help='sub-command help')
c1 = sub.add_parser('commit', help='record changes')
c1.add_argument('-m', '--message', required=True)
c1.add_argument('--amend', action='store_true')
c2 = sub.add_parser('push', aliases=['p'], help='send changes')
c2.add_argument('remote', nargs='?', default='origin')
c3 = sub.add_parser('status')
run(p, ['commit', '-m', 'hi'])
run(p, ['--debug', 'push', 'up'])
run(p, ['p'])
run(p, ['status', 'extra'])
run(p, ['oops'])
run(p, [])
run(p, ['commit'])
show_help(p)
show_help(c1)
p = argparse.ArgumentParser(prog='tool')
sub = p.add_subparsers(title='commands', description='available commands', dest='which', required=True, metavar='CMD')
sub.add_parser('a', help='do a')
sub.add_parser('b', help='do b')
run(p, [])
run(p, ['z'])
show_help(p)
p = argparse.ArgumentParser(prog='nodest')
sub = p.add_subparsers(required=True)
sub.add_parser('x')
sub.add_parser('y')
run(p, [])
saved_err = sys.stderr
sys.stderr = io.StringIO()
try:
    p.add_subparsers()
except SystemExit as e:
    captured = sys.stderr.getvalue()
    sys.stderr = saved_err
    print("second subparsers exit", e.code, repr(captured))
sys.stderr = saved_err
try:
    sub.add_parser('x')
except argparse.ArgumentError as e:
    print("ArgumentError", e)
p = argparse.ArgumentParser(prog='setdef')
sub = p.add_subparsers()
s1 = sub.add_parser('one')
s1.set_defaults(func='f1', shared=1)
s2 = sub.add_parser('two')
s2.set_defaults(func='f2')
run(p, ['one'])
run(p, ['two'])

print("== mutually exclusive")
p = argparse.ArgumentParser(prog='mx')
g = p.add_mutually_exclusive_group()
g.add_argument('-x', action='store_true')
g.add_argument('-y', action='store_true')
g.add_argument('--zed', metavar='Z')
p.add_argument('-q')
run(p, ['-x'])
run(p, ['-x', '-y'])
run(p, ['-y', '--zed', '1'])
run(p, ['-xy'])
show_help(p)
p = argparse.ArgumentParser(prog='mxr')
g = p.add_mutually_exclusive_group(required=True)
g.add_argument('--one', action='store_true')
g.add_argument('--two', action='store_true')
g.add_argument('--hidden', action='store_true', help=argparse.SUPPRESS)
run(p, [])
run(p, ['--two'])
print(repr(p.format_usage()))
attempt("required in group", g.add_argument, '--three', required=True)
p = argparse.ArgumentParser(prog='mxp')
g = p.add_mutually_exclusive_group()
g.add_argument('--opt')
g.add_argument('pos', nargs='?')
run(p, ['v'])
run(p, ['--opt', 'o', 'v'])
print(repr(p.format_usage()))

print("== argument groups / parents / conflicts")
parent = argparse.ArgumentParser(add_help=False)
parent.add_argument('--shared', default='S')
grp = parent.add_argument_group('common', 'Options shared by tools.')
grp.add_argument('--level', type=int, default=1, help='the level')
child = argparse.ArgumentParser(prog='child', parents=[parent], epilog='That is all.')
child.add_argument('name')
extra = child.add_argument_group('extra things')
extra.add_argument('--deep', action='store_true', help='go deep')
run(child, ['n', '--level', '3'])
show_help(child)
p = argparse.ArgumentParser(prog='conf')
p.add_argument('-f', '--foo')
attempt("conflict", p.add_argument, '--foo')
attempt("conflicts", p.add_argument, '-f', '--foo')
p = argparse.ArgumentParser(prog='res', conflict_handler='resolve')
p.add_argument('-f', '--foo', help='old foo')
p.add_argument('--foo', help='new foo')
show_help(p)
attempt("bad handler", argparse.ArgumentParser, conflict_handler='weird')
attempt("bad option", p.add_argument, 'a', 'b')
attempt("dest twice", p.add_argument, 'a', dest='b')
attempt("no dest", p.add_argument, '-')
attempt("unknown action", p.add_argument, '--u', action='frobnicate')
attempt("store nargs 0", p.add_argument, '--z', nargs=0)
attempt("append nargs 0", p.add_argument, '--z', action='append', nargs=0)
attempt("const no ?", p.add_argument, '--z', const=1)
attempt("metavar tuple", p.add_argument, '--z', nargs=3, metavar=('a', 'b'))
attempt("bad nargs", p.add_argument, '--z', nargs='x')

print("== defaults / namespace")
p = argparse.ArgumentParser(prog='defs', argument_default=argparse.SUPPRESS)
p.add_argument('--a')
p.add_argument('--b', default=5)
run(p, [])
run(p, ['--a', '1'])
p = argparse.ArgumentParser(prog='defs2')
p.add_argument('--a', default='x')
p.set_defaults(a='y', other=7)
print(p.get_default('a'), p.get_default('other'), p.get_default('zzz'))
run(p, [])
ns = argparse.Namespace(pre=1)
print(p.parse_args(['--a', 'q'], namespace=ns) is ns, ns)
n1 = argparse.Namespace(a=1, b=2)
print(n1 == argparse.Namespace(a=1, b=2), n1 != argparse.Namespace(a=1), 'a' in n1, 'c' in n1, n1 == 5)
print(repr(argparse.Namespace(**{'x-y': 1, 'z': 2})))
print(vars(argparse.Namespace(k='v')))
print(repr(p._actions[1]))
print(repr(argparse.ArgumentParser(prog='r')))

print("== prefix chars / abbrev / fromfile")
p = argparse.ArgumentParser(prog='plus', prefix_chars='+/')
p.add_argument('+f', action='store_true')
p.add_argument('++bar')
p.add_argument('/baz')
run(p, ['+f', '++bar', 'B', '/baz', 'Z'])
show_help(p)
p = argparse.ArgumentParser(prog='noabbrev', allow_abbrev=False)
p.add_argument('--foobar')
run(p, ['--foo', '1'])
run(p, ['--foobar', '1'])
scratch = '_scratch_argparse'
os.makedirs(scratch, exist_ok=True)
argfile = os.path.join(scratch, 'args.txt')
with open(argfile, 'w') as fh:
    fh.write('--x\n1\nfree\n')
p = argparse.ArgumentParser(prog='ff', fromfile_prefix_chars='@')
p.add_argument('--x')
p.add_argument('word')
run(p, ['@' + argfile])
os.remove(argfile)
os.rmdir(scratch)

print("== exit_on_error")
p = argparse.ArgumentParser(prog='noexit', exit_on_error=False)
p.add_argument('--n', type=int)
try:
    p.parse_args(['--n', 'q'])
except argparse.ArgumentError as e:
    print("ArgumentError:", e, "|", e.argument_name, "|", e.message)
run(p, ['--zz'])

print("== formatters")
desc = """First line of description
   indented second line

Second paragraph with a rather long sentence that will need wrapping when the formatter fills it."""
for cls in (argparse.HelpFormatter, argparse.RawDescriptionHelpFormatter,
            argparse.RawTextHelpFormatter, argparse.ArgumentDefaultsHelpFormatter,
            argparse.MetavarTypeHelpFormatter):
    p = argparse.ArgumentParser(prog='fmt', description=desc, formatter_class=cls)
    p.add_argument('--alpha', type=int, default=10, help='alpha value\nwith a newline')
    p.add_argument('--beta', type=str, help='beta')
    p.add_argument('gamma', type=float, nargs='?', default=1.5, help='gamma')
    print("---", cls.__name__)
    show_help(p)

print("== long usage wrapping")
p = argparse.ArgumentParser(prog='wrapper-program')
for name in ('alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta'):
    p.add_argument('--' + name, metavar=name.upper() + '_VALUE', help='the %s setting, which is described at some length so that it wraps' % name)
p.add_argument('input_file')
p.add_argument('output_files', nargs='+')
g = p.add_mutually_exclusive_group()
g.add_argument('--quiet', action='store_true')
g.add_argument('--loud', action='store_true')
show_help(p)
p = argparse.ArgumentParser(prog='a-very-long-program-name-that-takes-up-most-of-the-usage-line-space')
p.add_argument('--option-one', metavar='VALUE')
p.add_argument('--option-two', metavar='VALUE')
p.add_argument('positional_arg')
print(p.format_usage(), end="")
p = argparse.ArgumentParser(prog='custom', usage='%(prog)s [options] FILE')
p.add_argument('--x')
print(p.format_usage(), end="")
show_help(p)
p = argparse.ArgumentParser(prog='bare', add_help=False)
print(repr(p.format_usage()), repr(p.format_help()))
p = argparse.ArgumentParser(prog='hid')
p.add_argument('--secret', help=argparse.SUPPRESS)
p.add_argument('--shown', help='visible %(prog)s %(default)s %(dest)s')
p.add_argument('--ch', choices=['a', 'b'], help='one of %(choices)s')
show_help(p)
os.environ['COLUMNS'] = '40'
p = argparse.ArgumentParser(prog='narrow', description='This description is wrapped to a narrow width of forty columns.')
p.add_argument('--long-option-name', help='some help text that wraps')
p.add_argument('x', help='x help')
show_help(p)
os.environ['COLUMNS'] = '80'
print(argparse.HelpFormatter('p', width=50)._width, argparse.HelpFormatter('p')._width)

print("== help action output to stdout")
p = argparse.ArgumentParser(prog='hh', description='desc')
p.add_argument('-z', help='zz')
run(p, ['-h'])
run(p, ['--he'])

print("== threads")
tp = argparse.ArgumentParser(prog='thr')
tp.add_argument('--n', type=int)
tp.add_argument('items', nargs='*')
tp.add_argument('-v', action='count', default=0)
results = {}
errors = []


def worker(k):
    got = []
    for i in range(100):
        ns = tp.parse_args(['--n', str(k * 1000 + i), '-vv', 'a%d' % k, 'b%d' % i])
        if ns.n != k * 1000 + i or ns.items != ['a%d' % k, 'b%d' % i] or ns.v != 2:
            errors.append((k, i))
        got.append(ns.n)
        if i % 25 == 0:
            buf = io.StringIO()
            tp.print_usage(file=buf)
            if buf.getvalue() != 'usage: thr [-h] [--n N] [-v] [items ...]\n':
                errors.append(('usage', k, i))
    results[k] = got


threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(errors, sorted((k, len(v), v[0], v[-1]) for k, v in results.items()))
print("done")
