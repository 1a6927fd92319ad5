"""The command line front end: unittest.main() and python -m unittest."""

import sys
import os

from .signals import installHandler
from . import runner, loader

__unittest = True


def _examples(rows):
    # the "Examples:" epilog of the help text; %(prog)s is filled in later
    lines = ['Examples:']
    for usage, meaning in rows:
        lines.append('  %(prog)s ' + usage.ljust(26) + '- ' + meaning)
    return '\n'.join(lines).replace('@', '\n' + ' ' * 39) + '\n'


MODULE_EXAMPLES = _examples([
    ('', 'run default set of tests'),
    ('MyTestSuite', "run suite 'MyTestSuite'"),
    ('MyTestCase.testSomething', 'run MyTestCase.testSomething'),
    ('MyTestCase', "run all 'test*' test methods@in MyTestCase"),
])

MAIN_EXAMPLES = _examples([
    ('test_module', 'run tests from test_module'),
    ('module.TestClass', 'run tests from module.TestClass'),
    ('module.Class.test_method', 'run specified test method'),
    ('path/to/test_file.py', 'run tests from test_file.py'),
])


def _convert_name(name):
    # a path to a .py file (inside the current directory) becomes the
    # module's dotted name; anything else is taken as a dotted name
    if os.path.isfile(name) and name.lower().endswith('.py'):
        if os.path.isabs(name):
            rel = os.path.relpath(name, os.getcwd())
            if os.path.isabs(rel) or rel.startswith(os.pardir):
                return name
            name = rel
        return os.path.normpath(name)[:-3].replace('\\', '.').replace('/', '.')
    return name


def _convert_names(names):
    return list(map(_convert_name, names))


def _convert_select_pattern(pattern):
    # -k foo means "names containing foo"; with a '*' it is a glob
    return pattern if '*' in pattern else '*%s*' % pattern


class _UsageError(Exception):
    pass


class _Option(object):
    def __init__(self, flags, dest, kind, const=None, metavar=None, help=''):
        self.flags = flags
        self.dest = dest
        self.kind = kind          # 'const', 'true', 'value', 'append'
        self.const = const
        self.metavar = metavar
        self.help = help

    def takes_value(self):
        return self.kind in ('value', 'append')


class _ArgParser(object):
    """A small command line parser with argparse's conventions for the
    options unittest understands."""

    def __init__(self, prog, usage_tail, epilog=None, positional_help=None):
        self.prog = prog
        self.options = []
        self.positionals = []       # (dest, many)
        self.usage_tail = usage_tail
        self.epilog = epilog
        self.positional_help = positional_help

    def add(self, *flags, dest, kind, const=None, metavar=None, help=''):
        self.options.append(_Option(flags, dest, kind, const, metavar, help))

    def _find(self, flag):
        for opt in self.options:
            if flag in opt.flags:
                return opt
        return None

    def _find_long(self, text):
        if text in ('--help',):
            return 'help'
        exact = self._find(text)
        if exact is not None:
            return exact
        matches = [o for o in self.options
                   if any(f.startswith(text) for f in o.flags if f.startswith('--'))]
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            raise _UsageError('ambiguous option: %s could match %s' % (
                text, ', '.join(f for o in matches for f in o.flags
                                if f.startswith(text))))
        return None

    def _store(self, opt, value, namespace):
        if opt.kind == 'const':
            setattr(namespace, opt.dest, opt.const)
        elif opt.kind == 'true':
            setattr(namespace, opt.dest, True)
        elif opt.kind == 'value':
            setattr(namespace, opt.dest, value)
        else:
            current = getattr(namespace, opt.dest, None)
            current = list(current) if current else []
            current.append(_convert_select_pattern(value))
            setattr(namespace, opt.dest, current)

    def format_usage(self):
        # argparse's layout: one line if it fits the width, otherwise the
        # options wrapped under the program name, then the positionals
        flags = ['[-h]']
        for opt in self.options:
            if opt.takes_value():
                flags.append('[%s %s]' % (opt.flags[0], opt.metavar))
            else:
                flags.append('[%s]' % opt.flags[0])
        positional = [self.usage_tail.strip()] if self.usage_tail.strip() else []
        try:
            width = int(os.environ['COLUMNS']) - 2
        except (KeyError, ValueError):
            width = 78
        one_line = 'usage: %s %s\n' % (self.prog, ' '.join(flags + positional))
        if len(one_line) - 1 <= width:
            return one_line
        indent = ' ' * len('usage: %s ' % self.prog)
        rows = []
        for group, first in ((flags, True), (positional, False)):
            current = [self.prog] if first else []
            used = len('usage: ') + len(self.prog) if first else len(indent) - 1
            for part in group:
                if current and used + 1 + len(part) > width:
                    rows.append(' '.join(current))
                    current, used = [], len(indent) - 1
                current.append(part)
                used += len(part) + 1
            if current:
                rows.append(' '.join(current))
        return 'usage: ' + ('\n' + indent).join(rows) + '\n'

    def _rows(self):
        rows = [('-h, --help', 'show this help message and exit')]
        for opt in self.options:
            if opt.takes_value():
                rows.append((', '.join('%s %s' % (f, opt.metavar)
                                       for f in opt.flags), opt.help))
            else:
                rows.append((', '.join(opt.flags), opt.help))
        return rows

    def format_help(self):
        import textwrap
        width = 78
        rows = self._rows()
        positional_rows = list(self.positional_help or ())
        longest = max(len(name) for name, _ in rows + positional_rows) + 2
        column = min(longest + 2, 24)

        def section(title, entries):
            text = [title + ':\n']
            for name, help_text in entries:
                wrapped = textwrap.wrap(help_text, width - column) or ['']
                head = '  ' + name
                if len(head) <= column - 2:
                    text.append(head.ljust(column) + wrapped[0] + '\n')
                else:
                    text.append(head + '\n' + ' ' * column + wrapped[0] + '\n')
                text.extend(' ' * column + more + '\n' for more in wrapped[1:])
            return ''.join(text)

        out = [self.format_usage(), '\n']
        if positional_rows:
            out.append(section('positional arguments', positional_rows))
            out.append('\n')
        out.append(section('options', rows))
        if self.epilog:
            out.append('\n' + textwrap.fill(self.epilog, width) + '\n')
        return ''.join(out)

    def show_help(self):
        sys.stdout.write(self.format_help())

    def error(self, message):
        sys.stderr.write(self.format_usage())
        sys.stderr.write('%s: error: %s\n' % (self.prog, message))
        sys.exit(2)

    def parse_args(self, args, namespace):
        try:
            rest = self._parse(list(args), namespace)
        except _UsageError as e:
            self.error(str(e))
        return rest

    def _parse(self, args, namespace):
        positional = []
        only_positional = False
        i = 0
        while i < len(args):
            arg = args[i]
            i += 1
            if only_positional or arg == '-' or not arg.startswith('-'):
                positional.append(arg)
                continue
            if arg == '--':
                only_positional = True
                continue
            if arg.startswith('--'):
                name, eq, value = arg.partition('=')
                opt = self._find_long(name)
                if opt == 'help':
                    self.show_help()
                    sys.exit(0)
                if opt is None:
                    raise _UsageError('unrecognized arguments: %s' % arg)
                if opt.takes_value():
                    if not eq:
                        if i >= len(args) or args[i].startswith('-'):
                            raise _UsageError('argument %s: expected one argument'
                                              % '/'.join(opt.flags))
                        value = args[i]
                        i += 1
                    self._store(opt, value, namespace)
                elif eq:
                    raise _UsageError('argument %s: ignored explicit argument %r'
                                      % ('/'.join(opt.flags), value))
                else:
                    self._store(opt, None, namespace)
                continue
            # a cluster of short options, e.g. -vf or -kpattern
            j = 1
            while j < len(arg):
                flag = '-' + arg[j]
                j += 1
                if flag == '-h':
                    self.show_help()
                    sys.exit(0)
                opt = self._find(flag)
                if opt is None:
                    raise _UsageError('unrecognized arguments: %s' % arg)
                if opt.takes_value():
                    value = arg[j:]
                    if value.startswith('='):
                        value = value[1:]
                    if not value:
                        if i >= len(args) or args[i].startswith('-'):
                            raise _UsageError('argument %s: expected one argument'
                                              % '/'.join(opt.flags))
                        value = args[i]
                        i += 1
                    self._store(opt, value, namespace)
                    break
                self._store(opt, None, namespace)
        if self.positionals:
            slots = self.positionals
            if len(slots) == 1 and slots[0][1]:
                setattr(namespace, slots[0][0], positional)
            else:
                if len(positional) > len(slots):
                    raise _UsageError('unrecognized arguments: %s' %
                                      ' '.join(positional[len(slots):]))
                for (dest, _many), value in zip(slots, positional):
                    setattr(namespace, dest, value)
        elif positional:
            raise _UsageError('unrecognized arguments: %s' % ' '.join(positional))
        return namespace


class TestProgram(object):
    """Command line test running: parse argv, load the tests (from module,
    from the names given, or by discovery when module is None) and run
    them; with exit true, exit with status 0 if they passed, 1 if not."""

    module = None
    verbosity = 1
    failfast = catchbreak = buffer = progName = warnings = None
    testNamePatterns = None
    _discovery_parser = None

    def __init__(self, module='__main__', defaultTest=None, argv=None, testRunner=None,
                 testLoader=loader.defaultTestLoader, exit=True, verbosity=1,
                 failfast=None, catchbreak=None, buffer=None, warnings=None, *,
                 tb_locals=False):
        if isinstance(module, str):
            first, *rest = module.split('.')
            found = __import__(module)
            for part in rest:
                found = getattr(found, part)
            module = found
        self.module = module
        argv = sys.argv if argv is None else argv
        self.exit, self.verbosity, self.tb_locals = exit, verbosity, tb_locals
        self.failfast, self.catchbreak, self.buffer = failfast, catchbreak, buffer
        if warnings is None and not getattr(sys, 'warnoptions', None):
            warnings = 'default'     # show DeprecationWarnings and the like
        self.warnings = warnings
        self.defaultTest = defaultTest
        self.testRunner, self.testLoader = testRunner, testLoader
        self.progName = os.path.basename(argv[0])
        self.parseArgs(argv)
        # (runs the tests, and exits if self.exit)
        self.runTests()

    def _print_help(self, *args, **kwargs):
        examples = MAIN_EXAMPLES if self.module is None else MODULE_EXAMPLES
        print(self._main_parser.format_help())
        print(examples % {'prog': self.progName})
        if self.module is None:
            # "python -m unittest": also how to use discovery
            self._discovery_parser.show_help()

    def usageExit(self, msg=None):
        if msg:
            print(msg)
        if self._discovery_parser is None:
            self._initArgParsers()
        self._print_help()
        sys.exit(2)

    def parseArgs(self, argv):
        self._initArgParsers()
        rest = argv[1:]
        if self.module is None and rest and rest[0].lower() == 'discover':
            self._do_discovery(rest[1:])
            return
        self._main_parser.parse_args(rest, self)
        if self.module is None and not self.tests:
            # "python -m unittest [options]" alone: discover from '.'
            self._do_discovery([])
            return
        if self.tests:
            self.testNames = _convert_names(self.tests)
        elif self.defaultTest is None:
            self.testNames = None
        elif isinstance(self.defaultTest, str):
            self.testNames = (self.defaultTest,)
        else:
            self.testNames = list(self.defaultTest)   # an iterable of names
        self.createTests()

    def createTests(self, from_discovery=False, Loader=None):
        patterns = self.testNamePatterns
        if patterns:
            self.testLoader.testNamePatterns = patterns
        if from_discovery:
            chosen = self.testLoader if Loader is None else Loader()
            self.test = chosen.discover(self.start, self.pattern, self.top)
            return
        chosen = self.testLoader
        if self.testNames is None:
            self.test = chosen.loadTestsFromModule(self.module)
        else:
            self.test = chosen.loadTestsFromNames(self.testNames, self.module)

    def _add_common_options(self, parser):
        parser.add('-v', '--verbose', dest='verbosity', kind='const', const=2,
                   help='Verbose output')
        parser.add('-q', '--quiet', dest='verbosity', kind='const', const=0,
                   help='Quiet output')
        parser.add('--locals', dest='tb_locals', kind='true',
                   help='Show local variables in tracebacks')
        # options fixed by the caller of main() are not offered
        for attr, short, long_, text in (
                ('failfast', '-f', '--failfast', 'Stop on first fail or error'),
                ('catchbreak', '-c', '--catch',
                 'Catch Ctrl-C and display results so far'),
                ('buffer', '-b', '--buffer',
                 'Buffer stdout and stderr during tests')):
            if getattr(self, attr) is None:
                parser.add(short, long_, dest=attr, kind='true', help=text)
        if self.testNamePatterns is None:
            parser.add('-k', dest='testNamePatterns', kind='append',
                       metavar='TESTNAMEPATTERNS',
                       help='Only run tests which match the given substring')

    def _initArgParsers(self):
        self._main_parser = _ArgParser(
            self.progName, ' [tests ...]', None,
            [('tests', 'a list of any number of test modules, classes and '
                       'test methods.')])
        self._main_parser.show_help = self._print_help
        self._add_common_options(self._main_parser)
        self._main_parser.positionals = [('tests', True)]
        self.tests = []

        disc = _ArgParser('%s discover' % self.progName, '',
                          'For test discovery all test modules must be '
                          'importable from the top level directory of the '
                          'project.')
        self._add_common_options(disc)
        disc.add('-s', '--start-directory', dest='start', kind='value',
                 metavar='START',
                 help="Directory to start discovery ('.' default)")
        disc.add('-p', '--pattern', dest='pattern', kind='value',
                 metavar='PATTERN',
                 help="Pattern to match tests ('test*.py' default)")
        disc.add('-t', '--top-level-directory', dest='top', kind='value',
                 metavar='TOP',
                 help='Top level directory of project (defaults to start '
                      'directory)')
        disc.positionals = [('start', False), ('pattern', False), ('top', False)]
        self._discovery_parser = disc

    def _do_discovery(self, argv, Loader=None):
        self.start, self.pattern, self.top = '.', 'test*.py', None
        if argv is not None:
            if self._discovery_parser is None:
                self._initArgParsers()
            self._discovery_parser.parse_args(argv, self)
        self.createTests(from_discovery=True, Loader=Loader)

    def _make_runner(self):
        factory = self.testRunner
        if not isinstance(factory, type):
            return factory               # already an instance
        options = dict(verbosity=self.verbosity, failfast=self.failfast,
                       buffer=self.buffer, warnings=self.warnings,
                       tb_locals=self.tb_locals)
        try:
            try:
                return factory(**options)
            except TypeError:
                del options['tb_locals']   # a runner without tb_locals
                return factory(**options)
        except TypeError:
            return factory()

    def runTests(self):
        if self.testRunner is None:
            self.testRunner = runner.TextTestRunner
        if self.catchbreak:
            installHandler()
        self.result = self._make_runner().run(self.test)
        if self.exit:
            sys.exit(not self.result.wasSuccessful())


main = TestProgram
