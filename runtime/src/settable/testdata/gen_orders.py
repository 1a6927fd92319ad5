"""Regenerates orders.txt: CPython 3.11 set layouts for settable's tests.

Run with python3.11:  python3.11 gen_orders.py > orders.txt

The file is a list of operation sequences on three int-set registers
A, B, C (all start empty). Each line is one operation followed by
` => ` and a digest of the resulting state; `# seq N` starts a new
sequence. The Rust test replays every operation on SetTable and compares
digests, so it checks the exact iteration order after every step.

Digest: FNV-1a 64 over 16-byte little-endian two's-complement encodings of
[len(target), *list(target), *extras], where extras are popped values and
boolean results (0/1) in the order produced.

Operand tokens:
  S<R>        the set in register R (the receiver itself when R is it)
  L<gen>      a list of the generated ints
  D<gen>      dict.fromkeys(list) (an exact dict)
  F<gen>      frozenset(list)
Generators:
  r:a:b:step  range(a, b, step)
  g:seed:n:kind   n values from an LCG (see value()), kind 0..8
Operations:
  add R v | adds R gen | disc R v | discs R gen | pop R n | clear R
  new R src | copy R R2 | upd R src...
  union R R2 src... | inter R R2 src... | diff R R2 src... | sym R R2 src
  iinter R src... | idiff R src... | isym R src
  cmp R src     (records issubset, issuperset, isdisjoint)
"""
import random
import sys

P = 2**61 - 1
SPECIALS = [0, 1, -1, -2, 2, 7, 8, 16, 2**61 - 1, 2**61, 2**61 + 1, -(2**61 - 1),
            2**61 - 2, 2**62, 2**63 - 1, -2**63, 2**64, 2**100, -2**100,
            2**122 - 1, 1 << 70, P * 3 + 5, -P, 1023, 1024, 1025, -1024]
M64 = (1 << 64) - 1


def value(kind, r):
    if kind == 0:
        return r % 32
    if kind == 1:
        return r % 80 - 40
    if kind == 2:
        return (r % 128) * 8
    if kind == 3:
        return r % 10000
    if kind == 4:
        return SPECIALS[r % len(SPECIALS)]
    if kind == 5:
        v = (r >> 1) << (r % 90)
        return -v if r & 1 else v
    if kind == 6:
        return (r % 16) * 1024 + (r >> 4) % 4
    if kind == 8:
        return r
    return (r % 5 - 2) * P + (r >> 3) % 8 - 4


def gen_values(spec):
    parts = spec.split(':')
    if parts[0] == 'r':
        a, b, step = map(int, parts[1:])
        return list(range(a, b, step))
    seed, n, kind = map(int, parts[1:])
    state = seed & M64
    out = []
    for _ in range(n):
        state = (state * 6364136223846793005 + 1442695040888963407) & M64
        out.append(value(kind, state >> 33))
    return out


def digest(values):
    h = 0xcbf29ce484222325
    for v in values:
        for b in (v & ((1 << 128) - 1)).to_bytes(16, 'little'):
            h ^= b
            h = (h * 0x100000001b3) & M64
    return '%016x' % h


regs = {'A': set(), 'B': set(), 'C': set()}


def operand(tok):
    kind, rest = tok[0], tok[1:]
    if kind == 'S':
        return regs[rest]
    vals = gen_values(rest)
    if kind == 'L':
        return vals
    if kind == 'D':
        return dict.fromkeys(vals)
    if kind == 'F':
        return frozenset(vals)
    raise ValueError(tok)


def run(line):
    t = line.split()
    op, r = t[0], t[1]
    extras = []
    if op == 'add':
        regs[r].add(int(t[2]))
    elif op == 'adds':
        for v in gen_values(t[2]):
            regs[r].add(v)
    elif op == 'disc':
        regs[r].discard(int(t[2]))
    elif op == 'discs':
        for v in gen_values(t[2]):
            regs[r].discard(v)
    elif op == 'pop':
        for _ in range(int(t[2])):
            if regs[r]:
                extras.append(regs[r].pop())
    elif op == 'clear':
        regs[r].clear()
    elif op == 'new':
        regs[r] = set(operand(t[2]))
    elif op == 'copy':
        regs[r] = regs[t[2]].copy()
    elif op == 'upd':
        regs[r].update(*[operand(x) for x in t[2:]])
    elif op in ('union', 'inter', 'diff', 'sym'):
        recv = regs[t[2]]
        args = [operand(x) for x in t[3:]]
        meth = {'union': set.union, 'inter': set.intersection,
                'diff': set.difference, 'sym': set.symmetric_difference}[op]
        regs[r] = meth(recv, *args)
    elif op == 'iinter':
        regs[r].intersection_update(*[operand(x) for x in t[2:]])
    elif op == 'idiff':
        regs[r].difference_update(*[operand(x) for x in t[2:]])
    elif op == 'isym':
        regs[r].symmetric_difference_update(operand(t[2]))
    elif op == 'cmp':
        o = operand(t[2])
        extras += [int(regs[r].issubset(o)), int(regs[r].issuperset(o)),
                   int(regs[r].isdisjoint(o))]
    else:
        raise ValueError(op)
    s = regs[r]
    return digest([len(s)] + list(s) + extras)


rng = random.Random(20231111)
REGS = 'ABC'


def rgen():
    if rng.random() < 0.15:
        a = rng.randrange(-50, 200)
        return 'r:%d:%d:%d' % (a, a + rng.randrange(0, 120), rng.choice([1, 1, 2, 3, 8, 32]))
    return 'g:%d:%d:%d' % (rng.randrange(1 << 30), rng.choice([1, 2, 3, 5, 8, 12, 20, 40, 90]),
                           rng.choice([0, 0, 1, 2, 3, 4, 5, 6, 7]))


def rsrc(recv=None):
    x = rng.random()
    if x < 0.4:
        return 'S' + rng.choice(REGS)
    if x < 0.65:
        return 'L' + rgen()
    if x < 0.85:
        return 'D' + rgen()
    return 'F' + rgen()


def rval():
    return str(gen_values('g:%d:1:%d' % (rng.randrange(1 << 30), rng.randrange(8)))[0])


def rop():
    r = rng.choice(REGS)
    ops = [
        (10, lambda: 'add %s %s' % (r, rval())),
        (12, lambda: 'adds %s %s' % (r, rgen())),
        (6, lambda: 'disc %s %s' % (r, rval())),
        (10, lambda: 'discs %s %s' % (r, rgen())),
        (5, lambda: 'pop %s %d' % (r, rng.choice([1, 1, 2, 5, 20]))),
        (1, lambda: 'clear %s' % r),
        (5, lambda: 'new %s %s' % (r, rsrc())),
        (4, lambda: 'copy %s %s' % (r, rng.choice(REGS))),
        (8, lambda: 'upd %s %s' % (r, ' '.join(rsrc() for _ in range(rng.choice([1, 1, 1, 2, 3]))))),
        (4, lambda: 'union %s %s %s' % (r, rng.choice(REGS), ' '.join(rsrc() for _ in range(rng.choice([0, 1, 1, 2]))))),
        (5, lambda: 'inter %s %s %s' % (r, rng.choice(REGS), ' '.join(rsrc() for _ in range(rng.choice([0, 1, 1, 2]))))),
        (5, lambda: 'diff %s %s %s' % (r, rng.choice(REGS), ' '.join(rsrc() for _ in range(rng.choice([0, 1, 1, 2]))))),
        (4, lambda: 'sym %s %s %s' % (r, rng.choice(REGS), rsrc())),
        (4, lambda: 'iinter %s %s' % (r, ' '.join(rsrc() for _ in range(rng.choice([1, 1, 2]))))),
        (5, lambda: 'idiff %s %s' % (r, ' '.join(rsrc() for _ in range(rng.choice([1, 1, 2]))))),
        (4, lambda: 'isym %s %s' % (r, rsrc())),
        (3, lambda: 'cmp %s %s' % (r, rsrc())),
    ]
    total = sum(w for w, _ in ops)
    x = rng.randrange(total)
    for w, f in ops:
        if x < w:
            return f()
        x -= w


def emit(lines, out):
    for line in lines:
        out.append('%s => %s' % (line, run(line)))


out = []
# Hand-written sequences first: growth past 50000, the 8-slot table, dummy
# reuse, difference_update compaction, pop finger across clear.
fixed = [
    ['adds A r:0:5:1', 'disc A 3', 'add A 11', 'add A 3', 'pop A 2', 'clear A', 'adds A r:0:9:1', 'pop A 3'],
    ['adds A r:0:60000:1', 'pop A 3', 'discs A r:0:60000:7', 'adds A r:59000:70000:3', 'copy B A',
     'idiff B Lr:0:1:1', 'diff C A SB', 'sym B A SC', 'add A 1000000', 'pop A 5'],
    ['new A Lr:0:52000:1', 'adds A r:52000:80000:1', 'new B SA', 'discs B r:0:79000:1', 'add B 3', 'idiff A Lr:0:100:1'],
    ['adds A r:0:100:1', 'idiff A Lr:0:90:1', 'add A 1000'],
    ['adds A r:0:100:1', 'discs A r:0:90:1', 'add A 1000'],
    ['adds A r:0:4:1', 'discs A r:0:4:1', 'add A 8', 'add A 16', 'add A 24', 'add A 0', 'add A 32'],
    ['adds A r:0:40:8', 'new B SA', 'copy C A', 'disc A 8', 'copy B A', 'upd C SA SB', 'iinter A SA', 'isym B SB', 'idiff C SC'],
    ['adds A g:5:90000:8', 'pop A 4', 'discs A g:5:30000:8', 'adds A g:6:30000:8', 'idiff A Lg:5:45000:8',
     'copy B A', 'upd C SA', 'adds C g:9:40000:8'],
    ['adds A g:11:60000:8', 'new B Lr:0:1:1', 'new B Lg:11:80000:8', 'new C Dg:12:70000:8', 'sym A B SC',
     'diff B C SA', 'inter C B SA'],
    ['adds A g:5:200000:8', 'idiff A Lg:5:140000:8', 'add A 7', 'pop A 3'],
    ['add A 0', 'add A 2305843009213693951', 'add A 4611686018427387902', 'add B 4611686018427387902', 'add B 2305843009213693951', 'add B 0', 'inter C A SB',
     'inter C B SA', 'iinter A SB', 'add B 8', 'iinter B SA', 'sym C A SB'],
    ['adds A g:1:30:7', 'adds B g:2:30:7', 'union C A SB', 'inter C A SB', 'diff C A SB', 'sym C A SB', 'cmp A SB'],
]
for i, seq in enumerate(fixed):
    regs = {'A': set(), 'B': set(), 'C': set()}
    out.append('# seq fixed%d' % i)
    emit(seq, out)

for i in range(int(sys.argv[1]) if len(sys.argv) > 1 else 300):
    regs = {'A': set(), 'B': set(), 'C': set()}
    out.append('# seq %d' % i)
    emit([rop() for _ in range(rng.randrange(5, 40))], out)

print('\n'.join(out))
