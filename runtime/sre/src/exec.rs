//! The matcher: a parsed pattern is flattened into a small instruction
//! program, run by a backtracking machine whose choice points and undo
//! records live on an explicit heap stack.

use crate::parse::{Anchor, Cat, CharMode, ClassItem, Greed, Node, MAX_REPEAT};
use crate::tables;

/// The subject of a match: a sequence of code points.
pub trait Text {
    /// The number of code points.
    fn len(&self) -> usize;
    /// Whether there are none.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The code point at `i` (`i < len()`).
    fn at(&self, i: usize) -> u32;
}

impl Text for [u8] {
    fn len(&self) -> usize {
        <[u8]>::len(self)
    }
    fn at(&self, i: usize) -> u32 {
        self[i] as u32
    }
}

impl Text for [char] {
    fn len(&self) -> usize {
        <[char]>::len(self)
    }
    fn at(&self, i: usize) -> u32 {
        self[i] as u32
    }
}

impl Text for [u32] {
    fn len(&self) -> usize {
        <[u32]>::len(self)
    }
    fn at(&self, i: usize) -> u32 {
        self[i]
    }
}

/// How the pattern is anchored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Anchored at `pos` (`Pattern.match`).
    Match,
    /// Anchored at `pos` and at `endpos` (`Pattern.fullmatch`).
    FullMatch,
    /// The leftmost match at or after `pos` (`Pattern.search`).
    Search,
}

/// A successful match: the span of every group (group 0 is the whole
/// match), and the number of the group that closed last.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Captures {
    pub spans: Vec<Option<(usize, usize)>>,
    pub lastindex: Option<usize>,
}

/// A one-character test.
#[derive(Clone, Debug)]
enum Test {
    Lit(u32),
    /// Case-insensitive literal: its lower- and upper-case forms.
    LitFold(u32, u32, bool),
    AnyNl,
    Any,
    Class(Box<ClassTest>),
}

#[derive(Clone, Debug)]
struct ClassTest {
    items: Vec<ClassItem>,
    negated: bool,
    mode: CharMode,
}

#[derive(Clone, Debug)]
enum Inst {
    Test(Test),
    /// A single-character test repeated `min..=max` times; continues at the
    /// next instruction.
    RepeatOne {
        test: Test,
        min: u32,
        max: u32,
        greed: Greed,
    },
    /// Try `.0`, on failure `.1`.
    Split(usize, usize),
    Jmp(usize),
    Save(usize),
    Anchor(Anchor, bool),
    Backref(usize, CharMode),
    LoopInit(usize),
    Loop {
        reg: usize,
        min: u32,
        max: u32,
        lazy: bool,
        exit: usize,
    },
    AtomicStart,
    /// Ends an atomic group.
    Cut,
    /// Ends a positive lookaround.
    PosLookEnd,
    LookStart {
        behind: bool,
        negated: bool,
        width: usize,
        cont: usize,
    },
    /// Ends a negative lookaround whose body matched.
    NegLookEnd,
    Cond(usize, usize),
    Match,
}

/// A compiled program.
#[derive(Debug)]
pub struct Program {
    insts: Vec<Inst>,
    nslots: usize,
    nregs: usize,
    /// A literal every match starts with, for fast scanning.
    first_lit: Option<u32>,
    /// The pattern can only match at the very beginning of the text.
    anchored_start: bool,
}

fn lower(c: u32, ascii: bool) -> u32 {
    if c < 128 || ascii {
        if (b'A' as u32..=b'Z' as u32).contains(&c) {
            return c + 32;
        }
        return c;
    }
    match char::from_u32(c) {
        Some(ch) => {
            let mut it = ch.to_lowercase();
            match (it.next(), it.next()) {
                (Some(l), None) => l as u32,
                _ => c,
            }
        }
        None => c,
    }
}

fn upper(c: u32, ascii: bool) -> u32 {
    if c < 128 || ascii {
        if (b'a' as u32..=b'z' as u32).contains(&c) {
            return c - 32;
        }
        return c;
    }
    match char::from_u32(c) {
        Some(ch) => {
            let mut it = ch.to_uppercase();
            match (it.next(), it.next()) {
                (Some(u), None) => u as u32,
                _ => c,
            }
        }
        None => c,
    }
}

fn in_table(t: &[(u32, u32)], c: u32) -> bool {
    t.binary_search_by(|&(a, b)| {
        if b < c {
            std::cmp::Ordering::Less
        } else if a > c {
            std::cmp::Ordering::Greater
        } else {
            std::cmp::Ordering::Equal
        }
    })
    .is_ok()
}

fn is_word(c: u32, ascii: bool) -> bool {
    if c < 128 {
        let b = c as u8;
        return b.is_ascii_alphanumeric() || b == b'_';
    }
    !ascii && in_table(tables::ALNUM, c)
}

fn cat_matches(k: Cat, c: u32, ascii: bool) -> bool {
    match k {
        Cat::Digit => {
            if c < 128 {
                (48..58).contains(&c)
            } else {
                !ascii && in_table(tables::DECIMAL, c)
            }
        }
        Cat::NotDigit => !cat_matches(Cat::Digit, c, ascii),
        Cat::Word => is_word(c, ascii),
        Cat::NotWord => !is_word(c, ascii),
        Cat::Space => {
            if c < 128 {
                matches!(c, 9..=13 | 32) || (!ascii && (28..=31).contains(&c))
            } else {
                !ascii && in_table(tables::SPACE, c)
            }
        }
        Cat::NotSpace => !cat_matches(Cat::Space, c, ascii),
    }
}

impl ClassTest {
    fn raw(&self, c: u32) -> bool {
        self.items.iter().any(|it| match *it {
            ClassItem::Range(a, b) => a <= c && c <= b,
            ClassItem::Cat(k) => cat_matches(k, c, self.mode.ascii),
        })
    }

    fn matches(&self, c: u32) -> bool {
        let mut hit = self.raw(c);
        if !hit && self.mode.icase {
            let l = lower(c, self.mode.ascii);
            let u = upper(c, self.mode.ascii);
            hit = (l != c && self.raw(l)) || (u != c && self.raw(u));
            if !hit && !self.mode.ascii {
                // Characters whose case partner's partner differs (e.g.
                // 'ſ' -> 'S' -> 's').
                let ul = lower(u, false);
                hit = ul != c && ul != l && self.raw(ul);
            }
        }
        hit != self.negated
    }
}

impl Test {
    #[inline]
    fn matches(&self, c: u32) -> bool {
        match self {
            Test::Lit(x) => c == *x,
            Test::LitFold(l, u, ascii) => {
                c == *l || c == *u || lower(c, *ascii) == *l || upper(c, *ascii) == *u
            }
            Test::AnyNl => c != 10,
            Test::Any => true,
            Test::Class(ct) => ct.matches(c),
        }
    }
}

fn single_test(n: &Node) -> Option<Test> {
    Some(match n {
        Node::Lit(c, m) => {
            if m.icase {
                let l = lower(*c, m.ascii);
                let u = upper(*c, m.ascii);
                if l == u {
                    Test::Lit(*c)
                } else {
                    Test::LitFold(l, u, m.ascii)
                }
            } else {
                Test::Lit(*c)
            }
        }
        Node::Any(true) => Test::Any,
        Node::Any(false) => Test::AnyNl,
        Node::Class {
            items,
            negated,
            mode,
        } => Test::Class(Box::new(ClassTest {
            items: items.clone(),
            negated: *negated,
            mode: *mode,
        })),
        Node::Group(None, inner) => return single_test(inner),
        _ => return None,
    })
}

struct Builder {
    insts: Vec<Inst>,
    nregs: usize,
}

impl Builder {
    fn push(&mut self, i: Inst) -> usize {
        self.insts.push(i);
        self.insts.len() - 1
    }

    fn emit(&mut self, n: &Node) {
        match n {
            Node::Empty => {}
            Node::Lit(..) | Node::Any(_) | Node::Class { .. } => {
                if let Some(t) = single_test(n) {
                    self.push(Inst::Test(t));
                }
            }
            Node::Cat(v) => v.iter().for_each(|n| self.emit(n)),
            Node::Alt(v) => {
                let mut jumps = Vec::new();
                for (i, b) in v.iter().enumerate() {
                    if i + 1 < v.len() {
                        let split = self.push(Inst::Split(0, 0));
                        self.emit(b);
                        jumps.push(self.push(Inst::Jmp(0)));
                        let next = self.insts.len();
                        self.insts[split] = Inst::Split(split + 1, next);
                    } else {
                        self.emit(b);
                    }
                }
                let end = self.insts.len();
                for j in jumps {
                    self.insts[j] = Inst::Jmp(end);
                }
            }
            Node::Group(Some(g), inner) => {
                self.push(Inst::Save(2 * g));
                self.emit(inner);
                self.push(Inst::Save(2 * g + 1));
            }
            Node::Group(None, inner) => self.emit(inner),
            Node::Atomic(inner) => {
                self.push(Inst::AtomicStart);
                self.emit(inner);
                self.push(Inst::Cut);
            }
            Node::Repeat {
                node,
                min,
                max,
                greed,
            } => self.emit_repeat(node, *min, *max, *greed),
            Node::Look {
                behind,
                negated,
                node,
            } => {
                let start = self.push(Inst::Match);
                self.emit(node);
                self.push(if *negated {
                    Inst::NegLookEnd
                } else {
                    Inst::PosLookEnd
                });
                let cont = self.insts.len();
                self.insts[start] = Inst::LookStart {
                    behind: *behind,
                    negated: *negated,
                    width: if *behind {
                        node.width().unwrap_or(0)
                    } else {
                        0
                    },
                    cont,
                };
            }
            Node::Backref(g, m, _) => {
                self.push(Inst::Backref(*g, *m));
            }
            Node::Cond(g, yes, no) => {
                let c = self.push(Inst::Cond(*g, 0));
                self.emit(yes);
                let j = self.push(Inst::Jmp(0));
                let no_at = self.insts.len();
                self.emit(no);
                let end = self.insts.len();
                self.insts[c] = Inst::Cond(*g, no_at);
                self.insts[j] = Inst::Jmp(end);
            }
            Node::Anchor(a, m) => {
                self.push(Inst::Anchor(*a, m.ascii));
            }
        }
    }

    fn emit_repeat(&mut self, node: &Node, min: u32, max: u32, greed: Greed) {
        if let Some(test) = single_test(node) {
            self.push(Inst::RepeatOne {
                test,
                min,
                max,
                greed,
            });
            return;
        }
        if greed == Greed::Possessive {
            self.push(Inst::AtomicStart);
            self.emit_repeat(node, min, max, Greed::Greedy);
            self.push(Inst::Cut);
            return;
        }
        if min == 1 && max == 1 {
            self.emit(node);
            return;
        }
        if min == 0 && max == 1 {
            let split = self.push(Inst::Split(0, 0));
            self.emit(node);
            let end = self.insts.len();
            self.insts[split] = if greed == Greed::Lazy {
                Inst::Split(end, split + 1)
            } else {
                Inst::Split(split + 1, end)
            };
            return;
        }
        let reg = self.nregs;
        self.nregs += 1;
        self.push(Inst::LoopInit(reg));
        let head = self.push(Inst::Match);
        self.emit(node);
        self.push(Inst::Jmp(head));
        let exit = self.insts.len();
        self.insts[head] = Inst::Loop {
            reg,
            min,
            max,
            lazy: greed == Greed::Lazy,
            exit,
        };
    }
}

/// A backtracking record.
enum Entry {
    /// Resume at `pc` from `pos`.
    Alt { pc: usize, pos: usize },
    /// Undo a capture slot.
    Slot { slot: usize, old: usize },
    /// Undo `lastindex`.
    LastIndex(usize),
    /// Undo a loop register.
    Reg { reg: usize, count: u32, last: usize },
    /// A greedy single-character repeat can give back one more character:
    /// it currently ends at `pos` and may shrink to `min_end`.
    GiveBack {
        next: usize,
        pos: usize,
        min_end: usize,
    },
    /// A lazy single-character repeat can take one more character.
    TakeMore { pc: usize, pos: usize, count: u32 },
    /// A lazy loop may run its body once more.
    LazyLoop { reg: usize, body: usize, pos: usize },
    /// The start of an atomic group or lookaround; `resume` is where to
    /// continue when popped (a negative lookaround whose body failed).
    Marker { pos: usize, resume: Option<usize> },
}

const UNSET: usize = usize::MAX;

struct Machine<'t, T: Text + ?Sized> {
    text: &'t T,
    end: usize,
    slots: Vec<usize>,
    regs: Vec<(u32, usize)>,
    lastindex: usize,
    stack: Vec<Entry>,
}

impl<T: Text + ?Sized> Machine<'_, T> {
    fn set_slot(&mut self, slot: usize, v: usize) {
        self.stack.push(Entry::Slot {
            slot,
            old: self.slots[slot],
        });
        self.slots[slot] = v;
    }

    fn set_reg(&mut self, reg: usize, count: u32, last: usize) {
        let (c, l) = self.regs[reg];
        self.stack.push(Entry::Reg {
            reg,
            count: c,
            last: l,
        });
        self.regs[reg] = (count, last);
    }

    /// Removes the choice points above the innermost marker (and the
    /// marker), keeping the undo records; returns the marker's position.
    fn cut(&mut self) -> usize {
        let mut keep = Vec::new();
        let mut mpos = 0;
        while let Some(e) = self.stack.pop() {
            match e {
                Entry::Marker { pos, .. } => {
                    mpos = pos;
                    break;
                }
                Entry::Slot { .. } | Entry::LastIndex(_) | Entry::Reg { .. } => keep.push(e),
                _ => {}
            }
        }
        self.stack.extend(keep.into_iter().rev());
        mpos
    }

    /// Undoes everything down to and including the innermost marker.
    fn unwind_marker(&mut self) {
        while let Some(e) = self.stack.pop() {
            match e {
                Entry::Marker { .. } => break,
                other => self.undo(other),
            }
        }
    }

    fn undo(&mut self, e: Entry) {
        match e {
            Entry::Slot { slot, old } => self.slots[slot] = old,
            Entry::LastIndex(v) => self.lastindex = v,
            Entry::Reg { reg, count, last } => self.regs[reg] = (count, last),
            _ => {}
        }
    }

    fn anchor(&self, a: Anchor, ascii: bool, pos: usize) -> bool {
        let t = self.text;
        let end = self.end;
        match a {
            Anchor::Bol { multiline } => pos == 0 || (multiline && t.at(pos - 1) == 10),
            Anchor::Eol { multiline } => {
                pos == end
                    || (multiline && t.at(pos) == 10)
                    || (!multiline && pos + 1 == end && t.at(pos) == 10)
            }
            Anchor::Start => pos == 0,
            Anchor::End => pos == end,
            Anchor::Boundary | Anchor::NotBoundary => {
                if end == 0 {
                    return false;
                }
                let before = pos > 0 && is_word(t.at(pos - 1), ascii);
                let after = pos < end && is_word(t.at(pos), ascii);
                (before != after) == (a == Anchor::Boundary)
            }
        }
    }

    /// Runs the program from `start`; on success the slots hold the groups.
    fn run(&mut self, prog: &Program, start: usize, full: bool, must_advance: bool) -> bool {
        self.stack.clear();
        self.slots.iter_mut().for_each(|s| *s = UNSET);
        self.regs.iter_mut().for_each(|r| *r = (0, UNSET));
        self.lastindex = UNSET;
        let insts = &prog.insts;
        let t = self.text;
        let end = self.end;
        let mut pc = 0usize;
        let mut pos = start;
        loop {
            let ok = match &insts[pc] {
                Inst::Test(test) => {
                    if pos < end && test.matches(t.at(pos)) {
                        pos += 1;
                        pc += 1;
                        true
                    } else {
                        false
                    }
                }
                Inst::RepeatOne {
                    test,
                    min,
                    max,
                    greed,
                } => {
                    let min = *min as usize;
                    let limit = if *max > MAX_REPEAT {
                        end
                    } else {
                        end.min(pos.saturating_add(*max as usize))
                    };
                    match greed {
                        Greed::Lazy => {
                            let need = pos + min;
                            if need > end || !(pos..need).all(|i| test.matches(t.at(i))) {
                                false
                            } else {
                                if need < limit {
                                    self.stack.push(Entry::TakeMore {
                                        pc,
                                        pos: need,
                                        count: min as u32,
                                    });
                                }
                                pos = need;
                                pc += 1;
                                true
                            }
                        }
                        _ => {
                            let mut e = pos;
                            while e < limit && test.matches(t.at(e)) {
                                e += 1;
                            }
                            if e - pos < min {
                                false
                            } else {
                                if *greed == Greed::Greedy && e > pos + min {
                                    self.stack.push(Entry::GiveBack {
                                        next: pc + 1,
                                        pos: e,
                                        min_end: pos + min,
                                    });
                                }
                                pos = e;
                                pc += 1;
                                true
                            }
                        }
                    }
                }
                Inst::Split(a, b) => {
                    self.stack.push(Entry::Alt { pc: *b, pos });
                    pc = *a;
                    true
                }
                Inst::Jmp(a) => {
                    pc = *a;
                    true
                }
                Inst::Save(slot) => {
                    self.set_slot(*slot, pos);
                    if slot % 2 == 1 {
                        self.stack.push(Entry::LastIndex(self.lastindex));
                        self.lastindex = slot / 2;
                    }
                    pc += 1;
                    true
                }
                Inst::Anchor(a, ascii) => {
                    if self.anchor(*a, *ascii, pos) {
                        pc += 1;
                        true
                    } else {
                        false
                    }
                }
                Inst::Backref(g, m) => {
                    let (s, e) = (self.slots[2 * g], self.slots[2 * g + 1]);
                    if s == UNSET || e == UNSET || e < s {
                        false
                    } else {
                        let n = e - s;
                        if pos + n > end {
                            false
                        } else {
                            let same = (0..n).all(|i| {
                                let a = t.at(s + i);
                                let b = t.at(pos + i);
                                a == b
                                    || (m.icase
                                        && (lower(a, m.ascii) == lower(b, m.ascii)
                                            || upper(a, m.ascii) == upper(b, m.ascii)))
                            });
                            if same {
                                pos += n;
                                pc += 1;
                            }
                            same
                        }
                    }
                }
                Inst::LoopInit(reg) => {
                    self.set_reg(*reg, 0, UNSET);
                    pc += 1;
                    true
                }
                Inst::Loop {
                    reg,
                    min,
                    max,
                    lazy,
                    exit,
                } => {
                    let (count, last) = self.regs[*reg];
                    if count >= *min && count > 0 && last == pos {
                        // The last iteration matched nothing: stop here.
                        pc = *exit;
                    } else if count < *min {
                        self.set_reg(*reg, count + 1, pos);
                        pc += 1;
                    } else if count < *max {
                        if *lazy {
                            self.stack.push(Entry::LazyLoop {
                                reg: *reg,
                                body: pc + 1,
                                pos,
                            });
                            pc = *exit;
                        } else {
                            self.stack.push(Entry::Alt { pc: *exit, pos });
                            self.set_reg(*reg, count + 1, pos);
                            pc += 1;
                        }
                    } else {
                        pc = *exit;
                    }
                    true
                }
                Inst::AtomicStart => {
                    self.stack.push(Entry::Marker { pos, resume: None });
                    pc += 1;
                    true
                }
                Inst::Cut => {
                    self.cut();
                    pc += 1;
                    true
                }
                Inst::PosLookEnd => {
                    // A lookaround leaves the position where it started.
                    pos = self.cut();
                    pc += 1;
                    true
                }
                Inst::LookStart {
                    behind,
                    negated,
                    width,
                    cont,
                } => {
                    if *behind && pos < *width {
                        if *negated {
                            pc = *cont;
                            true
                        } else {
                            false
                        }
                    } else {
                        self.stack.push(Entry::Marker {
                            pos,
                            resume: negated.then_some(*cont),
                        });
                        if *behind {
                            pos -= *width;
                        }
                        pc += 1;
                        true
                    }
                }
                Inst::NegLookEnd => {
                    self.unwind_marker();
                    false
                }
                Inst::Cond(g, no) => {
                    let (s, e) = (self.slots[2 * g], self.slots[2 * g + 1]);
                    if s != UNSET && e != UNSET {
                        pc += 1;
                    } else {
                        pc = *no;
                    }
                    true
                }
                Inst::Match => {
                    if (full && pos != end) || (must_advance && pos == start) {
                        false
                    } else {
                        self.slots[0] = start;
                        self.slots[1] = pos;
                        return true;
                    }
                }
            };
            if ok {
                continue;
            }
            // Backtrack.
            loop {
                let Some(e) = self.stack.pop() else {
                    return false;
                };
                match e {
                    Entry::Alt { pc: p, pos: q } => {
                        pc = p;
                        pos = q;
                        break;
                    }
                    Entry::GiveBack {
                        next,
                        pos: p,
                        min_end,
                    } => {
                        let np = p - 1;
                        if np > min_end {
                            self.stack.push(Entry::GiveBack {
                                next,
                                pos: np,
                                min_end,
                            });
                        }
                        pc = next;
                        pos = np;
                        break;
                    }
                    Entry::TakeMore {
                        pc: p,
                        pos: q,
                        count,
                    } => {
                        let Inst::RepeatOne { test, max, .. } = &insts[p] else {
                            continue;
                        };
                        if q < end && test.matches(t.at(q)) {
                            let count = count + 1;
                            if count < *max && q + 1 < end {
                                self.stack.push(Entry::TakeMore {
                                    pc: p,
                                    pos: q + 1,
                                    count,
                                });
                            }
                            pc = p + 1;
                            pos = q + 1;
                            break;
                        }
                    }
                    Entry::LazyLoop { reg, body, pos: q } => {
                        let (count, _) = self.regs[reg];
                        self.set_reg(reg, count + 1, q);
                        pc = body;
                        pos = q;
                        break;
                    }
                    Entry::Marker {
                        pos: q,
                        resume: Some(r),
                    } => {
                        pc = r;
                        pos = q;
                        break;
                    }
                    Entry::Marker { resume: None, .. } => {}
                    other => self.undo(other),
                }
            }
        }
    }
}

impl Program {
    /// Flattens a parsed pattern with `groups` capturing groups.
    pub fn build(node: &Node, groups: usize) -> Program {
        let mut b = Builder {
            insts: Vec::new(),
            nregs: 0,
        };
        b.emit(node);
        b.push(Inst::Match);
        let first_lit = match b.insts.first() {
            Some(Inst::Test(Test::Lit(c))) => Some(*c),
            Some(Inst::RepeatOne {
                test: Test::Lit(c),
                min,
                ..
            }) if *min > 0 => Some(*c),
            _ => None,
        };
        let anchored_start = matches!(
            b.insts.first(),
            Some(Inst::Anchor(Anchor::Start, _))
                | Some(Inst::Anchor(Anchor::Bol { multiline: false }, _))
        );
        Program {
            insts: b.insts,
            nslots: 2 * (groups + 1),
            nregs: b.nregs,
            first_lit,
            anchored_start,
        }
    }

    /// See [`crate::Regex::exec`].
    pub fn exec<T: Text + ?Sized>(
        &self,
        text: &T,
        pos: usize,
        endpos: usize,
        mode: Mode,
        must_advance: bool,
    ) -> Option<Captures> {
        let end = endpos.min(text.len());
        if pos > end {
            return None;
        }
        let mut m = Machine {
            text,
            end,
            slots: vec![UNSET; self.nslots],
            regs: vec![(0, UNSET); self.nregs],
            lastindex: UNSET,
            stack: Vec::new(),
        };
        let full = mode == Mode::FullMatch;
        let found = if mode == Mode::Search {
            let mut start = pos;
            loop {
                if let Some(c) = self.first_lit {
                    while start < end && text.at(start) != c {
                        start += 1;
                    }
                    if start >= end {
                        break false;
                    }
                }
                if m.run(self, start, full, must_advance && start == pos) {
                    break true;
                }
                if self.anchored_start || start >= end {
                    break false;
                }
                start += 1;
            }
        } else {
            m.run(self, pos, full, must_advance)
        };
        if !found {
            return None;
        }
        let spans = m
            .slots
            .chunks(2)
            .map(|p| (p[0] != UNSET && p[1] != UNSET).then_some((p[0], p[1])))
            .collect();
        Some(Captures {
            spans,
            lastindex: (m.lastindex != UNSET).then_some(m.lastindex),
        })
    }
}
