# Differential test for pickle and copyreg (expected output recorded from
# CPython 3.11).
import pickle
import copyreg
import copy
import io
import re
import collections
import dataclasses
import datetime
import enum
import threading


def show(label, func):
    try:
        result = func()
    except Exception as exc:
        text = re.sub(r' at 0x[0-9a-fA-F]+', '', str(exc))
        print(label, '->', type(exc).__name__, text)
    else:
        print(label, '->', result)


def canon(value):
    """A deterministic description (sets sorted)."""
    if isinstance(value, (set, frozenset)):
        return '%s(%s)' % (type(value).__name__,
                           sorted(canon(v) for v in value))
    if isinstance(value, list):
        return '[' + ', '.join(canon(v) for v in value) + ']'
    if isinstance(value, tuple) and type(value) is tuple:
        return '(' + ', '.join(canon(v) for v in value) + ',)'
    if isinstance(value, dict) and type(value) is not dict and \
            type(value).__repr__ is dict.__repr__:
        return type(value).__name__ + canon(dict(value))
    if type(value) is dict:
        return '{' + ', '.join('%s: %s' % (canon(k), canon(v))
                               for k, v in value.items()) + '}'
    return re.sub(r' at 0x[0-9a-fA-F]+', '', repr(value))


# -- classes used below ---------------------------------------------------------

class Plain:
    def __init__(self, x=1):
        self.x = x
        self.items = [x, 'two']

    def __eq__(self, other):
        return type(other) is Plain and self.__dict__ == other.__dict__

    def __repr__(self):
        return 'Plain(%r, %r)' % (self.x, self.items)


class Slotted:
    __slots__ = ('a', 'b')

    def __init__(self, a):
        self.a = a

    def __repr__(self):
        return 'Slotted(a=%r, b=%r)' % (self.a, getattr(self, 'b', '<unset>'))


class SlottedDict(Slotted):
    __slots__ = ('c', '__dict__')


class WithState:
    def __init__(self, value):
        self.value = value
        self.cache = 'derived'

    def __getstate__(self):
        return {'v': self.value}

    def __setstate__(self, state):
        self.value = state['v']
        self.cache = 'rebuilt'

    def __repr__(self):
        return 'WithState(%r, %r)' % (self.value, self.cache)


class NewArgs:
    def __new__(cls, a, b):
        self = object.__new__(cls)
        self.a, self.b = a, b
        return self

    def __getnewargs__(self):
        return (self.a, self.b)

    def __repr__(self):
        return 'NewArgs(%r, %r)' % (self.a, self.b)


class NewArgsEx:
    def __new__(cls, a, *, b):
        self = object.__new__(cls)
        self.a, self.b = a, b
        return self

    def __getnewargs_ex__(self):
        return ((self.a,), {'b': self.b})

    def __repr__(self):
        return 'NewArgsEx(%r, b=%r)' % (self.a, self.b)


class Reduced:
    def __init__(self, n):
        self.n = n

    def __reduce__(self):
        return (Reduced, (self.n * 2,))

    def __repr__(self):
        return 'Reduced(%r)' % self.n


class ReducedEx:
    def __init__(self, tag):
        self.tag = tag

    def __reduce_ex__(self, protocol):
        return (ReducedEx, ('p%d' % protocol,))

    def __repr__(self):
        return 'ReducedEx(%r)' % self.tag


class Outer:
    class Inner:
        class Deepest:
            pass


class MyList(list):
    pass


class MyDict(dict):
    pass


class MyInt(int):
    pass


class MyTuple(tuple):
    pass


class Old:
    pass


Point = collections.namedtuple('Point', 'x y')


@dataclasses.dataclass
class Card:
    rank: int
    suit: str = 'hearts'


class Colour(enum.Enum):
    RED = 1
    GREEN = 2


class Level(enum.IntEnum):
    LOW = 10
    HIGH = 20


# -- 1. byte-exact output for built-in values ------------------------------------

print('== dumps hex')
HEX_VALUES = [
    None, True, False, 0, 1, -1, 255, 256, 65535, 65536, 2**31 - 1, 2**31,
    -2**31, -2**31 - 1, 2**64, -2**64, 10**40, 1.5, -0.0, 1e300,
    float('inf'), 5e-324, '', 'abc', 'a\\b\nc\x00\u1234\U0001f600\xe9',
    b'', b'abc', bytearray(b'xy'), bytearray(), (), (1,), (1, 2), (1, 2, 3),
    (1, 2, 3, 4), [], [1], [1, 2, 3], {}, {'a': 1}, {'a': 1, 'b': [2]},
    set(), {1, 2, 3}, frozenset(), frozenset({1, 2}), 1 + 2j, range(1, 10, 2),
    slice(1, 2, 3), Ellipsis, NotImplemented, type(None), type(Ellipsis), int,
    list, len, Plain, Outer.Inner, Outer.Inner.Deepest, Plain(3), Slotted(1),
    SlottedDict(2), WithState(5), NewArgs(1, 2), NewArgsEx(1, b=2),
    Reduced(4), ReducedEx(0), MyList([1, 2]), MyDict(a=1), MyInt(7),
    MyTuple((1, 2)), Point(1, 2), Card(3), Colour.GREEN, Level.HIGH,
    collections.defaultdict(list, {'a': [1]}),
]
for index, value in enumerate(HEX_VALUES):
    for proto in range(6):
        show('%d p%d' % (index, proto), lambda: pickle.dumps(value, proto).hex())

print('== shared and recursive structures')
inner = [1, 2]
shared = [inner, inner, (inner,)]
looped = []
looped.append(looped)
selfdict = {}
selfdict['me'] = selfdict
obj = Plain(0)
obj.me = obj
for proto in range(6):
    print(proto, pickle.dumps(shared, proto).hex())
    print(proto, pickle.dumps(looped, proto).hex())
    back = pickle.loads(pickle.dumps(shared, proto))
    print(' shared', back[0] is back[1], back[2][0] is back[0], back)
    back = pickle.loads(pickle.dumps(looped, proto))
    print(' looped', back[0] is back, len(back))
    back = pickle.loads(pickle.dumps(selfdict, proto))
    print(' selfdict', back['me'] is back)
    back = pickle.loads(pickle.dumps(obj, proto))
    print(' selfobj', back.me is back, back.x)
    tup = ([],)
    tup[0].append(tup)
    back = pickle.loads(pickle.dumps(tup, proto))
    print(' tuple cycle', back[0][0] is back, pickle.dumps(tup, proto).hex())

print('== bigger data (frames)')


def digest(data):
    total = 0
    for i in range(0, len(data), 997):
        total = (total * 31 + sum(data[i:i + 997])) % 1000000007
    return len(data), total, data[:24].hex(), data[-24:].hex()


BIG = [list(range(20000)), ['s%d' % i for i in range(9000)], b'z' * 70000,
       [b'a' * 66000, 'b' * 66000, 1], {i: i * 2 for i in range(3000)},
       set(range(1000)), dict.fromkeys(range(1000)), list(range(1001))]
for index, value in enumerate(BIG):
    for proto in (1, 2, 4, 5):
        data = pickle.dumps(value, proto)
        print(index, proto, digest(data), pickle.loads(data) == value)

# -- 2. round trips for every protocol -------------------------------------------

print('== round trips')
ROUND = HEX_VALUES + [
    collections.OrderedDict([('x', 1), ('y', 2)]),
    collections.deque([1, 2, 3], maxlen=5), collections.deque('ab'),
    datetime.date(2021, 3, 4), datetime.datetime(2020, 1, 2, 3, 4, 5, 6),
    datetime.timedelta(days=2, seconds=5), datetime.time(12, 30),
    [Card(1, 'spades'), Card(2)], {Colour.RED: Level.LOW},
    Point(x=[1], y={'k': 'v'}), float('nan'),
]
for index, value in enumerate(ROUND):
    for proto in range(6):
        if isinstance(value, NewArgsEx) and proto in (2, 3):
            continue        # rebuilt through functools.partial's state
        try:
            back = pickle.loads(pickle.dumps(value, proto))
        except Exception as exc:
            print(index, proto, 'error', type(exc).__name__, exc)
            continue
        if isinstance(value, float) and value != value:
            same = back != back
        else:
            same = canon(back) == canon(value)
        if not same or type(back) is not type(value):
            print(index, proto, 'MISMATCH', canon(value), canon(back))
    print(index, canon(value))

d = collections.defaultdict(list, {'k': [1]})
for proto in range(6):
    back = pickle.loads(pickle.dumps(d, proto))
    back['new'].append(proto)
    print('defaultdict', proto, back.default_factory is list, dict(back))
dq = pickle.loads(pickle.dumps(collections.deque([1, 2], maxlen=3), 2))
print('deque', dq, dq.maxlen)
s = Slotted(9)
s.b = 'bee'
for proto in range(2, 6):
    back = pickle.loads(pickle.dumps(s, proto))
    print('slots', proto, back)
sd = SlottedDict(1)
sd.c = 3
sd.extra = 'e'
back = pickle.loads(pickle.dumps(sd, 4))
print('slots+dict', back, back.c, back.extra)
for proto in range(2):
    show('slots p%d' % proto, lambda: pickle.dumps(Slotted(1), proto))
    show('state p%d' % proto, lambda: pickle.loads(pickle.dumps(WithState(7), proto)))

# -- 3. pickles recorded from CPython 3.11 ----------------------------------------

print('== loads of CPython pickles')
RECORDED = [
    ('mixed', 0, '286c70300a49310a61492d320a6146332e32350a61567478740a70310a61635f636f646563730a656e636f64650a70320a28567261770a70330a566c6174696e310a70340a7470350a5270360a612849310a49320a7470370a61286470380a566b0a70390a286c7031300a4e614930310a617361635f5f6275696c74696e5f5f0a7365740a7031310a28286c7031320a49330a61747031330a527031340a61635f5f6275696c74696e5f5f0a66726f7a656e7365740a7031350a28286c7031360a49340a61747031370a527031380a614c313138303539313632303731373431313330333432344c0a614c2d313138303539313632303731373431313330333432344c0a61635f5f6275696c74696e5f5f0a636f6d706c65780a7031390a2846312e300a46322e300a747032300a527032310a612e'),
    ('mixed', 2, '80025d7100284b014afeffffff47400a00000000000058030000007478747101635f636f646563730a656e636f64650a71025803000000726177710358060000006c6174696e3171048671055271064b014b028671077d710858010000006b71095d710a284e886573635f5f6275696c74696e5f5f0a7365740a710b5d710c4b036185710d52710e635f5f6275696c74696e5f5f0a66726f7a656e7365740a710f5d71104b04618571115271128a090000000000000000408a090000000000000000c0635f5f6275696c74696e5f5f0a636f6d706c65780a7113473ff0000000000000474000000000000000867114527115652e'),
    ('mixed', 4, '80049582000000000000005d94284b014afeffffff47400a0000000000008c03747874944303726177944b014b0286947d948c016b945d94284e8865738f94284b0390284b0491948a090000000000000000408a090000000000000000c08c086275696c74696e73948c07636f6d706c6578949394473ff000000000000047400000000000000086945294652e'),
    ('mixed', 5, '80059582000000000000005d94284b014afeffffff47400a0000000000008c03747874944303726177944b014b0286947d948c016b945d94284e8865738f94284b0390284b0491948a090000000000000000408a090000000000000000c08c086275696c74696e73948c07636f6d706c6578949394473ff000000000000047400000000000000086945294652e'),
    ('nested', 0, '286470300a56610a70310a2849310a286c70320a49320a61286470330a56620a70340a635f636f646563730a656e636f64650a70350a2856630a70360a566c6174696e310a70370a7470380a5270390a7361747031300a7356650a7031310a56e95c75323061630a7031320a732e'),
    ('nested', 2, '80027d71002858010000006171014b015d7102284b027d71035801000000627104635f636f646563730a656e636f64650a7105580100000063710658060000006c6174696e317107867108527109736586710a580100000065710b5805000000c3a9e282ac710c752e'),
    ('nested', 4, '8004952a000000000000007d94288c0161944b015d94284b027d948c01629443016394736586948c0165948c05c3a9e282ac94752e'),
    ('nested', 5, '8005952a000000000000007d94288c0161944b015d94284b027d948c01629443016394736586948c0165948c05c3a9e282ac94752e'),
    ('types', 0, '286c70300a635f5f6275696c74696e5f5f0a6c6f6e670a70310a61635f5f6275696c74696e5f5f0a756e69636f64650a70320a61635f5f6275696c74696e5f5f0a7872616e67650a70330a2849320a49380a49330a7470340a5270350a61635f5f6275696c74696e5f5f0a736c6963650a70360a284e49350a4e7470370a5270380a61635f5f6275696c74696e5f5f0a456c6c69707369730a70390a61635f5f6275696c74696e5f5f0a4e6f74496d706c656d656e7465640a7031300a61635f5f6275696c74696e5f5f0a747970650a7031310a284e747031320a527031330a612e'),
    ('types', 2, '80025d710028635f5f6275696c74696e5f5f0a6c6f6e670a7101635f5f6275696c74696e5f5f0a756e69636f64650a7102635f5f6275696c74696e5f5f0a7872616e67650a71034b024b084b03877104527105635f5f6275696c74696e5f5f0a736c6963650a71064e4b054e877107527108635f5f6275696c74696e5f5f0a456c6c69707369730a7109635f5f6275696c74696e5f5f0a4e6f74496d706c656d656e7465640a710a635f5f6275696c74696e5f5f0a747970650a710b4e85710c52710d652e'),
    ('types', 4, '80049580000000000000005d94288c086275696c74696e73948c03696e7494939468018c0373747294939468018c0572616e67659493944b024b084b038794529468018c05736c6963659493944e4b054e8794529468018c08456c6c697073697394939468018c0e4e6f74496d706c656d656e74656494939468018c04747970659493944e85945294652e'),
    ('types', 5, '80059580000000000000005d94288c086275696c74696e73948c03696e7494939468018c0373747294939468018c0572616e67659493944b024b084b038794529468018c05736c6963659493944e4b054e8794529468018c08456c6c697073697394939468018c0e4e6f74496d706c656d656e74656494939468018c04747970659493944e85945294652e'),
    ('od', 0, '63636f6c6c656374696f6e730a4f726465726564446963740a70300a28745270310a56780a70320a49310a7356790a70330a49320a732e'),
    ('od', 2, '800263636f6c6c656374696f6e730a4f726465726564446963740a7100295271012858010000007871024b0158010000007971034b02752e'),
    ('od', 4, '80049530000000000000008c0b636f6c6c656374696f6e73948c0b4f72646572656444696374949394295294288c0178944b018c0179944b02752e'),
    ('od', 5, '80059530000000000000008c0b636f6c6c656374696f6e73948c0b4f72646572656444696374949394295294288c0178944b018c0179944b02752e'),
    ('dq', 0, '63636f6c6c656374696f6e730a64657175650a70300a28287449350a7470310a5270320a49310a6149320a6149330a612e'),
    ('dq', 2, '800263636f6c6c656374696f6e730a64657175650a7100294b05867101527102284b014b024b03652e'),
    ('dq', 4, '80049528000000000000008c0b636f6c6c656374696f6e73948c056465717565949394294b0586945294284b014b024b03652e'),
    ('dq', 5, '80059528000000000000008c0b636f6c6c656374696f6e73948c056465717565949394294b0586945294284b014b024b03652e'),
    ('dd', 0, '63636f6c6c656374696f6e730a64656661756c74646963740a70300a28635f5f6275696c74696e5f5f0a6c6f6e670a70310a7470320a5270330a567a0a70340a49330a732e'),
    ('dd', 2, '800263636f6c6c656374696f6e730a64656661756c74646963740a7100635f5f6275696c74696e5f5f0a6c6f6e670a710185710252710358010000007a71044b03732e'),
    ('dd', 4, '8004953d000000000000008c0b636f6c6c656374696f6e73948c0b64656661756c74646963749493948c086275696c74696e73948c03696e74949394859452948c017a944b03732e'),
    ('dd', 5, '8005953d000000000000008c0b636f6c6c656374696f6e73948c0b64656661756c74646963749493948c086275696c74696e73948c03696e74949394859452948c017a944b03732e'),
    ('py2str', 0, '286c70300a5327616263270a70310a615327615c6e625c7834315c2771270a70320a6149350a614c31323334353637383930313233343536373839304c0a61286470330a53276b270a70340a46312e350a73612e'),
    ('xrange', 2, '8002635f5f6275696c74696e5f5f0a7872616e67650a71004b004b034b018771015271022e'),
    ('unicode', 0, '5661625c75323061635c75303035630a70300a2e'),
    ('inst', 0, '28695f5f6d61696e5f5f0a4f6c640a70300a286470310a56760a70320a49330a73622e'),
    ('misc', 2, '80025d7100284b0188894e7d71015801000000617102680273652e'),
]
for name, proto, text in RECORDED:
    show('%s p%d' % (name, proto),
         lambda: canon(pickle.loads(bytes.fromhex(text))))
raw = bytes.fromhex(RECORDED[-5][2])
show('py2str bytes', lambda: pickle.loads(raw, encoding='bytes'))
show('py2str latin1', lambda: pickle.loads(raw, encoding='latin1'))
back = pickle.loads(bytes.fromhex(RECORDED[-2][2]))
print('inst', type(back).__name__, back.__dict__)

# -- 4. errors ---------------------------------------------------------------------

print('== errors')


def local_factory():
    def helper():
        pass
    return helper


class BadReduce1:
    def __reduce__(self):
        return 42


class BadReduce2:
    def __reduce__(self):
        return (len,)


class BadReduce3:
    def __reduce__(self):
        return (len, 5)


class BadReduce4:
    def __reduce__(self):
        return (5, ())


class BadNewArgs:
    def __getnewargs__(self):
        return [1]


show('lambda', lambda: pickle.dumps(lambda: 0))
show('lambda p0', lambda: pickle.dumps(lambda: 0, 0))
show('local', lambda: pickle.dumps(local_factory()))
show('lock', lambda: pickle.dumps(threading.Lock()))
show('reduce int', lambda: pickle.dumps(BadReduce1()))
show('reduce short', lambda: pickle.dumps(BadReduce2()))
show('reduce args', lambda: pickle.dumps(BadReduce3()))
show('reduce func', lambda: pickle.dumps(BadReduce4()))
show('newargs list', lambda: pickle.dumps(BadNewArgs(), 2))
show('protocol 6', lambda: pickle.dumps(1, 6))
show('protocol -1', lambda: pickle.dumps(1, -1)[:2])
show('callback p4', lambda: pickle.dumps(1, 4, buffer_callback=print))
show('no write', lambda: pickle.Pickler(5))
show('empty', lambda: pickle.loads(b''))
show('bad key', lambda: pickle.loads(b'x'))
show('bad key nul', lambda: pickle.loads(b'\x00'))
show('proto 6', lambda: pickle.loads(b'\x80\x06'))
show('truncated frame', lambda: pickle.loads(b'\x80\x04\x95\x05'))
show('truncated arg', lambda: pickle.loads(b'K'))
show('no stop', lambda: pickle.loads(b'\x80\x02N'))
show('underflow', lambda: pickle.loads(b'a.'))
show('stop empty', lambda: pickle.loads(b'.'))
show('mark', lambda: pickle.loads(b'(.'))
show('no mark', lambda: pickle.loads(b'}K\x01u.'))
show('memo', lambda: pickle.loads(b'h\x05.'))
show('persid', lambda: pickle.loads(b'P1\n.'))
show('str data', lambda: pickle.loads('abc'))
show('stack global', lambda: pickle.loads(b'\x80\x04K\x01K\x02\x93.'))
show('no module', lambda: pickle.loads(b'cno_such_module_x\nthing\n.'))
try:
    pickle.loads(b'\x80\x04\x8c\x08builtins\x8c\x07nothing\x93.')
except AttributeError as exc:
    # the module's repr differs between interpreters: keep the first part
    print('no attr p4 ->', str(exc).split(' on ')[0])
show('ext missing', lambda: pickle.loads(b'\x80\x02\x82\xfa.'))
show('isinstance', lambda: issubclass(pickle.PicklingError, pickle.PickleError)
     and issubclass(pickle.UnpicklingError, pickle.PickleError))
print(pickle.HIGHEST_PROTOCOL, pickle.DEFAULT_PROTOCOL)

# -- 5. Pickler / Unpickler hooks ---------------------------------------------------

print('== hooks')


class Ref:
    def __init__(self, key):
        self.key = key


STORE = {'alpha': 'ALPHA-VALUE', 'beta': [1, 2]}


class RefPickler(pickle.Pickler):
    def persistent_id(self, obj):
        if isinstance(obj, Ref):
            return obj.key
        return None


class RefUnpickler(pickle.Unpickler):
    def persistent_load(self, pid):
        return STORE[pid]


for proto in range(6):
    buf = io.BytesIO()
    RefPickler(buf, proto).dump([Ref('alpha'), 3, Ref('beta')])
    print(proto, buf.getvalue().hex())
    buf.seek(0)
    print(' ', RefUnpickler(buf).load())


class Safe(pickle.Unpickler):
    def find_class(self, module, name):
        if module == 'builtins' and name in ('range', 'complex'):
            return super().find_class(module, name)
        raise pickle.UnpicklingError('global %s.%s is forbidden'
                                     % (module, name))


for proto in (3, 4, 5):
    ok = pickle.dumps([range(3), 1j], proto)
    print('safe', proto, Safe(io.BytesIO(ok)).load())
    show(' forbidden', lambda: Safe(io.BytesIO(pickle.dumps(Plain(), proto))).load())


class Money:
    def __init__(self, cents):
        self.cents = cents


def reduce_money(m):
    return (Money, (m.cents + 1,))


class TablePickler(pickle.Pickler):
    dispatch_table = {Money: reduce_money}


buf = io.BytesIO()
TablePickler(buf, 2).dump(Money(5))
print('table', buf.getvalue().hex(), pickle.loads(buf.getvalue()).cents)
buf = io.BytesIO()
p = pickle.Pickler(buf, 3)
p.dispatch_table = copyreg.dispatch_table.copy()
p.dispatch_table[Money] = reduce_money
p.dump(Money(10))
print('instance table', pickle.loads(buf.getvalue()).cents)


class OverridePickler(pickle.Pickler):
    def reducer_override(self, obj):
        if isinstance(obj, Money):
            return (str, ('money:%d' % obj.cents,))
        if obj is len:
            return (max, ())
        return NotImplemented


buf = io.BytesIO()
OverridePickler(buf, 4).dump([Money(3), 4, 'x', Money(4)])
print('override', buf.getvalue().hex(), pickle.loads(buf.getvalue()))

buf = io.BytesIO()
p = pickle.Pickler(buf, 2)
item = ['shared']
p.dump(item)
p.dump(item)
print('memo kept', buf.getvalue().hex(), len(p.memo.copy()))
p.clear_memo()
p.dump(item)
print('memo cleared', buf.getvalue().hex(), len(p.memo.copy()))
buf.seek(0)
u = pickle.Unpickler(buf)
print('three loads', u.load(), u.load(), u.load(), sorted(u.memo.copy()))
show('eof', lambda: u.load())

buf = io.BytesIO()
for proto in range(6):
    pickle.dump(('item', proto, {proto}), buf, proto)
buf.seek(0)
print([pickle.load(buf) for _ in range(6)], buf.read())

# protocol 5 buffers
ba = bytearray(b'payload')
show('pb p4', lambda: pickle.dumps(pickle.PickleBuffer(ba), 4))
print('pb in band', pickle.dumps(pickle.PickleBuffer(ba), 5).hex())
print('pb readonly', pickle.dumps(pickle.PickleBuffer(b'ro'), 5).hex())
oob = []
data = pickle.dumps([pickle.PickleBuffer(ba), 1], 5, buffer_callback=oob.append)
print('pb out of band', data.hex(), len(oob))
show('no buffers', lambda: pickle.loads(data))
show('few buffers', lambda: pickle.loads(data, buffers=[]))
print('with buffers', type(pickle.loads(data, buffers=[b'xyz'])[0]).__name__)

# -- 6. copyreg ----------------------------------------------------------------------

print('== copyreg')


class Celsius:
    def __init__(self, degrees):
        self.degrees = degrees


def reduce_celsius(c):
    return (Celsius, (c.degrees,))


copyreg.pickle(Celsius, reduce_celsius)
print('registered', copyreg.dispatch_table[Celsius] is reduce_celsius,
      pickle.dumps(Celsius(21), 2).hex())
show('not callable', lambda: copyreg.pickle(Celsius, 5))
show('constructor', lambda: copyreg.constructor(5))
del copyreg.dispatch_table[Celsius]
print('complex reducer', copyreg.dispatch_table[complex](3 + 4j))

copyreg.add_extension('__main__', 'Plain', 0xf0)
copyreg.add_extension('__main__', 'Slotted', 0x1234)
copyreg.add_extension('__main__', 'Money', 0x12345678)
copyreg.add_extension('__main__', 'Plain', 0xf0)       # same pair again: fine
for proto in range(6):
    print('ext', proto, pickle.dumps([Plain, Slotted, Money], proto).hex())
print('ext load', pickle.loads(pickle.dumps([Plain, Slotted, Money], 2)))
show('ext taken key', lambda: copyreg.add_extension('__main__', 'Plain', 7))
show('ext taken code', lambda: copyreg.add_extension('__main__', 'Other', 0xf0))
show('ext range', lambda: copyreg.add_extension('m', 'n', 0))
show('ext remove bad', lambda: copyreg.remove_extension('__main__', 'Plain', 1))
for name, code in (('Plain', 0xf0), ('Slotted', 0x1234), ('Money', 0x12345678)):
    copyreg.remove_extension('__main__', name, code)
copyreg.clear_extension_cache()
print('ext cleared', copyreg._extension_registry, copyreg._inverted_registry,
      copyreg._extension_cache)


class Base:
    __slots__ = ('x', '_y')


class Child(Base):
    __slots__ = ('z', '__dict__', '__weakref__')


print('slotnames', copyreg._slotnames(Child), copyreg._slotnames(Plain))
print('newobj', copyreg.__newobj__(Point, 1, 2),
      copyreg.__newobj_ex__(NewArgsEx, (1,), {'b': 5}))
rebuilt = copyreg._reconstructor(MyList, list, [1, 2])
print('reconstructor', type(rebuilt).__name__, rebuilt,
      type(copyreg._reconstructor(Plain, object, None)).__name__)
print(sorted(copyreg.__all__))

# -- 7. copy still works --------------------------------------------------------------

print('== copy')
orig = {'p': Plain(2), 's': Slotted(4), 'w': WithState(3), 'n': NewArgs(1, [2])}
dup = copy.deepcopy(orig)
print(dup['p'], dup['p'] is not orig['p'], dup['p'].items is not orig['p'].items)
print(dup['s'], dup['w'], dup['n'], dup['n'].b is not orig['n'].b)
print(copy.copy(Reduced(3)), copy.copy(MyList([1, 2])), copy.deepcopy(Point(1, [2])))
print(copy.copy(collections.OrderedDict(a=1)), copy.deepcopy(Card(5)))

# -- 8. threads ------------------------------------------------------------------------

print('== threads')
results = {}
errors = []


def worker(n):
    try:
        good = 0
        for i in range(40):
            value = {'thread': n, 'i': i, 'data': [n] * (i % 7),
                     'obj': Plain(n * 100 + i), 'set': {n, i}}
            proto = (n + i) % 6
            back = pickle.loads(pickle.dumps(value, proto))
            if back == value:
                good += 1
        copyreg.add_extension('threadmod%d' % n, 'name', 500 + n)
        copyreg.pickle(type('T%d' % n, (), {}), reduce_celsius)
        results[n] = good
    except Exception as exc:
        errors.append(repr(exc))


threads = [threading.Thread(target=worker, args=(n,)) for n in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(sorted(results.items()), errors)
print(sorted(copyreg._extension_registry.items()))
print(sorted(copyreg._inverted_registry.items()))
print(sorted(t.__name__ for t in copyreg.dispatch_table if t.__name__.startswith('T')))
for n in range(4):
    copyreg.remove_extension('threadmod%d' % n, 'name', 500 + n)
print(copyreg._extension_registry)
