//! The pattern parser: Python 3.11 regular-expression syntax (str and bytes
//! patterns) into a [`Node`] tree, with `re.error`-compatible messages and
//! positions.

use crate::{Error, ASCII, DOTALL, IGNORECASE, LOCALE, MULTILINE, UNICODE, VERBOSE};

/// The largest repeat count a pattern may spell (CPython's MAXREPEAT - 1).
pub const MAX_REPEAT: u32 = u32::MAX - 1;

/// A category escape (`\d`, `\w`, `\s` and their negations).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cat {
    Digit,
    NotDigit,
    Word,
    NotWord,
    Space,
    NotSpace,
}

/// One member of a character class.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClassItem {
    Range(u32, u32),
    Cat(Cat),
}

/// A zero-width anchor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// `^` (line start when multi-line).
    Bol { multiline: bool },
    /// `$` (line end when multi-line, else end or before a final newline).
    Eol { multiline: bool },
    /// `\A`
    Start,
    /// `\Z`
    End,
    /// `\b`
    Boundary,
    /// `\B`
    NotBoundary,
}

/// How a repeat gives back what it matched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Greed {
    Greedy,
    Lazy,
    Possessive,
}

/// Text-matching mode captured from the flags in force where a node was
/// written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CharMode {
    /// Case-insensitive.
    pub icase: bool,
    /// ASCII-only categories and case folding.
    pub ascii: bool,
}

/// A parsed pattern.
#[derive(Clone, Debug)]
pub enum Node {
    Empty,
    Lit(u32, CharMode),
    /// `.`; the flag says whether it also matches a newline.
    Any(bool),
    Class {
        items: Vec<ClassItem>,
        negated: bool,
        mode: CharMode,
    },
    Cat(Vec<Node>),
    Alt(Vec<Node>),
    /// A group; `Some(i)` when it captures as group `i`.
    Group(Option<usize>, Box<Node>),
    Repeat {
        node: Box<Node>,
        min: u32,
        max: u32,
        greed: Greed,
    },
    Atomic(Box<Node>),
    Look {
        behind: bool,
        negated: bool,
        node: Box<Node>,
    },
    /// A backreference, with the referenced group's width range.
    Backref(usize, CharMode, (usize, Option<usize>)),
    /// `(?(group)yes|no)`
    Cond(usize, Box<Node>, Box<Node>),
    Anchor(Anchor, CharMode),
}

impl Node {
    /// The fixed width of this node in characters, if it has one.
    pub fn width(&self) -> Option<usize> {
        let (lo, hi) = self.width_range();
        (Some(lo) == hi).then_some(lo)
    }

    /// The minimum and (if bounded) maximum width.
    pub fn width_range(&self) -> (usize, Option<usize>) {
        match self {
            Node::Empty | Node::Look { .. } | Node::Anchor(..) => (0, Some(0)),
            Node::Lit(..) | Node::Any(_) | Node::Class { .. } => (1, Some(1)),
            Node::Cat(v) => v.iter().fold((0, Some(0)), |(lo, hi), n| {
                let (a, b) = n.width_range();
                (
                    lo.saturating_add(a),
                    hi.and_then(|h| b.map(|b| h.saturating_add(b))),
                )
            }),
            Node::Alt(v) => {
                let mut lo = usize::MAX;
                let mut hi = Some(0);
                for n in v {
                    let (a, b) = n.width_range();
                    lo = lo.min(a);
                    hi = match (hi, b) {
                        (Some(h), Some(b)) => Some(h.max(b)),
                        _ => None,
                    };
                }
                (if v.is_empty() { 0 } else { lo }, hi)
            }
            Node::Group(_, n) | Node::Atomic(n) => n.width_range(),
            Node::Repeat { node, min, max, .. } => {
                let (a, b) = node.width_range();
                let lo = a.saturating_mul(*min as usize);
                let hi = if *max == MAX_REPEAT + 1 {
                    if b == Some(0) {
                        Some(0)
                    } else {
                        None
                    }
                } else {
                    b.map(|b| b.saturating_mul(*max as usize))
                };
                (lo, hi)
            }
            Node::Backref(_, _, w) => *w,
            Node::Cond(_, a, b) => {
                let (a0, a1) = a.width_range();
                let (b0, b1) = b.width_range();
                (
                    a0.min(b0),
                    match (a1, b1) {
                        (Some(x), Some(y)) => Some(x.max(y)),
                        _ => None,
                    },
                )
            }
        }
    }
}

/// The result of parsing: the tree, the number of groups, the group names
/// and the final global flags.
pub struct Parsed {
    pub node: Node,
    pub groups: usize,
    pub names: Vec<(String, usize)>,
    pub flags: u32,
}

struct Parser<'a> {
    src: &'a [u32],
    pos: usize,
    bytes: bool,
    flags: u32,
    groups: usize,
    names: Vec<(String, usize)>,
    open: Vec<usize>,
    /// Lookbehind nesting: the first group number inside the innermost one.
    lookbehind_groups: Option<usize>,
    /// Where the run of global-flag groups at the start of the pattern
    /// ends (global flags may only appear there).
    globals_end: usize,
    /// The width range of each closed group, by number.
    widths: Vec<(usize, Option<usize>)>,
}

fn err<T>(msg: impl Into<String>, pos: usize) -> Result<T, Error> {
    Err(Error {
        msg: msg.into(),
        pos: Some(pos),
    })
}

fn ch(c: u32) -> char {
    char::from_u32(c).unwrap_or('\u{FFFD}')
}

fn is_digit(c: u32) -> bool {
    (b'0' as u32..=b'9' as u32).contains(&c)
}

fn is_octal(c: u32) -> bool {
    (b'0' as u32..=b'7' as u32).contains(&c)
}

fn is_ident_start(c: char) -> bool {
    c == '_' || c.is_alphabetic()
}

fn is_ident_continue(c: char) -> bool {
    c == '_' || c.is_alphanumeric() || c == '\u{B7}'
}

fn is_identifier(s: &str, bytes: bool) -> bool {
    let mut it = s.chars();
    match it.next() {
        Some(c) if is_ident_start(c) && (!bytes || c.is_ascii()) => {}
        _ => return false,
    }
    it.all(|c| is_ident_continue(c) && (!bytes || c.is_ascii()))
}

const WHITESPACE: &[u8] = b" \t\n\r\x0b\x0c";

/// Parses `src` (code points of a str pattern, or bytes) under `flags`.
pub fn parse(src: &[u32], bytes: bool, flags: u32) -> Result<Parsed, Error> {
    let mut p = Parser {
        src,
        pos: 0,
        bytes,
        flags,
        groups: 0,
        names: Vec::new(),
        open: Vec::new(),
        lookbehind_groups: None,
        globals_end: 0,
        widths: Vec::new(),
    };
    let node = p.alternation(p.flags, true)?;
    if p.pos < src.len() {
        // Only a stray ')' stops the top level early.
        return err("unbalanced parenthesis", p.pos);
    }
    let mut flags = p.flags;
    if !bytes && flags & ASCII == 0 {
        flags |= UNICODE;
    }
    Ok(Parsed {
        node,
        groups: p.groups,
        names: p.names,
        flags,
    })
}

impl Parser<'_> {
    fn peek(&self) -> Option<u32> {
        self.src.get(self.pos).copied()
    }

    fn peek_is(&self, c: u8) -> bool {
        self.peek() == Some(c as u32)
    }

    fn eat(&mut self, c: u8) -> bool {
        if self.peek_is(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn mode(&self, flags: u32) -> CharMode {
        CharMode {
            icase: flags & IGNORECASE != 0,
            ascii: self.bytes || flags & (ASCII | LOCALE) != 0,
        }
    }

    fn skip_verbose(&mut self, flags: u32) {
        if flags & VERBOSE == 0 {
            return;
        }
        loop {
            match self.peek() {
                Some(c) if c < 128 && WHITESPACE.contains(&(c as u8)) => self.pos += 1,
                Some(35) => {
                    while let Some(c) = self.peek() {
                        self.pos += 1;
                        if c == 10 {
                            break;
                        }
                    }
                }
                _ => return,
            }
        }
    }

    fn alternation(&mut self, flags: u32, top: bool) -> Result<Node, Error> {
        let mut branches = vec![self.sequence(flags)?];
        // Global flags (only ever in the first branch of the whole pattern)
        // also apply to the later branches.
        let flags = if top { self.flags } else { flags };
        while self.eat(b'|') {
            branches.push(self.sequence(flags)?);
        }
        Ok(if branches.len() == 1 {
            branches.pop().unwrap_or(Node::Empty)
        } else {
            Node::Alt(branches)
        })
    }

    fn sequence(&mut self, mut flags: u32) -> Result<Node, Error> {
        let mut items: Vec<Node> = Vec::new();
        loop {
            self.skip_verbose(flags);
            let start = self.pos;
            let Some(c) = self.peek() else { break };
            if c == b'|' as u32 || c == b')' as u32 {
                break;
            }
            let item = match ch(c) {
                '*' | '+' | '?' => return err("nothing to repeat", start),
                '{' if self.repeat_spec(start + 1)?.is_some() => {
                    return err("nothing to repeat", start)
                }
                '(' => {
                    self.pos += 1;
                    match self.group(start, &mut flags)? {
                        Some(n) => n,
                        None => continue,
                    }
                }
                '[' => {
                    self.pos += 1;
                    self.class(start, flags)?
                }
                '.' => {
                    self.pos += 1;
                    Node::Any(flags & DOTALL != 0)
                }
                '^' => {
                    self.pos += 1;
                    Node::Anchor(
                        Anchor::Bol {
                            multiline: flags & MULTILINE != 0,
                        },
                        self.mode(flags),
                    )
                }
                '$' => {
                    self.pos += 1;
                    Node::Anchor(
                        Anchor::Eol {
                            multiline: flags & MULTILINE != 0,
                        },
                        self.mode(flags),
                    )
                }
                '\\' => self.escape(flags)?,
                _ => {
                    self.pos += 1;
                    Node::Lit(c, self.mode(flags))
                }
            };
            let item = self.quantifiers(item, flags)?;
            items.push(item);
        }
        Ok(match items.len() {
            0 => Node::Empty,
            1 => items.pop().unwrap_or(Node::Empty),
            _ => Node::Cat(items),
        })
    }

    /// Reads `{m,n}` starting at `at` (just after `{`); `None` when the text
    /// there is not a repeat (then `{` is a literal).
    #[allow(clippy::type_complexity)]
    fn repeat_spec(&self, at: usize) -> Result<Option<(u32, u32, usize)>, Error> {
        let mut i = at;
        let s = self.src;
        let lo_start = i;
        while i < s.len() && is_digit(s[i]) {
            i += 1;
        }
        let lo_end = i;
        let (hi_start, hi_end) = if i < s.len() && s[i] == b',' as u32 {
            i += 1;
            let hs = i;
            while i < s.len() && is_digit(s[i]) {
                i += 1;
            }
            (hs, i)
        } else {
            (lo_start, lo_end)
        };
        if i >= s.len() || s[i] != b'}' as u32 {
            return Ok(None);
        }
        if lo_end == lo_start && hi_end == hi_start && hi_start == lo_start {
            // "{}" is literal text.
            return Ok(None);
        }
        let num = |a: usize, b: usize| -> Result<Option<u32>, Error> {
            if a == b {
                return Ok(None);
            }
            let mut v: u64 = 0;
            for &d in &s[a..b] {
                v = v * 10 + (d - b'0' as u32) as u64;
                if v > MAX_REPEAT as u64 {
                    return err("the repetition number is too large", a);
                }
            }
            Ok(Some(v as u32))
        };
        let min = num(lo_start, lo_end)?.unwrap_or(0);
        let max = num(hi_start, hi_end)?.unwrap_or(MAX_REPEAT + 1);
        if max < min {
            return err("min repeat greater than max repeat", lo_start);
        }
        Ok(Some((min, max, i + 1)))
    }

    fn quantifiers(&mut self, mut item: Node, flags: u32) -> Result<Node, Error> {
        let mut repeated = false;
        loop {
            self.skip_verbose(flags);
            let start = self.pos;
            let (min, max) = match self.peek().map(ch) {
                Some('*') => {
                    self.pos += 1;
                    (0, MAX_REPEAT + 1)
                }
                Some('+') => {
                    self.pos += 1;
                    (1, MAX_REPEAT + 1)
                }
                Some('?') => {
                    self.pos += 1;
                    (0, 1)
                }
                Some('{') => match self.repeat_spec(start + 1)? {
                    Some((a, b, end)) => {
                        self.pos = end;
                        (a, b)
                    }
                    None => return Ok(item),
                },
                _ => return Ok(item),
            };
            if repeated {
                return err("multiple repeat", start);
            }
            if matches!(item, Node::Empty | Node::Anchor(..)) {
                return err("nothing to repeat", start);
            }
            let greed = if self.eat(b'?') {
                Greed::Lazy
            } else if self.eat(b'+') {
                Greed::Possessive
            } else {
                Greed::Greedy
            };
            item = Node::Repeat {
                node: Box::new(item),
                min,
                max,
                greed,
            };
            repeated = true;
        }
    }

    /// Reads a group name ending at `term`; positions errors at its start.
    fn name(&mut self, term: u8) -> Result<(String, usize), Error> {
        let start = self.pos;
        let mut s = String::new();
        loop {
            match self.peek() {
                None => {
                    if s.is_empty() {
                        return err("missing group name", start);
                    }
                    let what = if term == b'>' { ">" } else { ")" };
                    return err(format!("missing {what}, unterminated name"), start);
                }
                Some(c) if c == term as u32 => {
                    self.pos += 1;
                    break;
                }
                Some(c) => {
                    s.push(ch(c));
                    self.pos += 1;
                }
            }
        }
        if s.is_empty() {
            return err("missing group name", start);
        }
        Ok((s, start))
    }

    fn lookup_name(&self, name: &str, at: usize) -> Result<usize, Error> {
        if !is_identifier(name, self.bytes) {
            return err(format!("bad character in group name '{name}'"), at);
        }
        match self.names.iter().find(|(n, _)| n == name) {
            Some(&(_, i)) => Ok(i),
            None => err(format!("unknown group name '{name}'"), at),
        }
    }

    fn body(&mut self, open_at: usize, flags: u32) -> Result<Node, Error> {
        let n = self.alternation(flags, false)?;
        if !self.eat(b')') {
            return err("missing ), unterminated subpattern", open_at);
        }
        Ok(n)
    }

    fn capture(
        &mut self,
        open_at: usize,
        flags: u32,
        name: Option<(String, usize)>,
    ) -> Result<Node, Error> {
        self.groups += 1;
        let idx = self.groups;
        if let Some((name, at)) = name {
            if !is_identifier(&name, self.bytes) {
                return err(format!("bad character in group name '{name}'"), at);
            }
            if let Some(&(_, old)) = self.names.iter().find(|(n, _)| *n == name) {
                return err(
                    format!("redefinition of group name '{name}' as group {idx}; was group {old}"),
                    at,
                );
            }
            self.names.push((name, idx));
        }
        self.open.push(idx);
        let n = self.body(open_at, flags)?;
        self.open.retain(|&g| g != idx);
        if self.widths.len() <= idx {
            self.widths.resize(idx + 1, (0, None));
        }
        self.widths[idx] = n.width_range();
        Ok(Node::Group(Some(idx), Box::new(n)))
    }

    /// Parses what follows `(`; `None` for constructs that produce nothing
    /// (comments and global flags).
    fn group(&mut self, open_at: usize, flags: &mut u32) -> Result<Option<Node>, Error> {
        let f = *flags;
        if !self.eat(b'?') {
            return self.capture(open_at, f, None).map(Some);
        }
        let qpos = self.pos - 1;
        let Some(c) = self.peek() else {
            return err("unexpected end of pattern", self.pos);
        };
        self.pos += 1;
        match ch(c) {
            'P' => {
                let Some(d) = self.peek() else {
                    return err("unexpected end of pattern", self.pos);
                };
                self.pos += 1;
                match ch(d) {
                    '<' => {
                        let name = self.name(b'>')?;
                        self.capture(open_at, f, Some(name)).map(Some)
                    }
                    '=' => {
                        let (name, at) = self.name(b')')?;
                        let g = self.lookup_name(&name, at)?;
                        self.check_backref(g, at, self.pos)?;
                        Ok(Some(Node::Backref(g, self.mode(f), self.group_width(g))))
                    }
                    d => err(format!("unknown extension ?P{d}"), qpos),
                }
            }
            ':' => Ok(Some(Node::Group(None, Box::new(self.body(open_at, f)?)))),
            '>' => Ok(Some(Node::Atomic(Box::new(self.body(open_at, f)?)))),
            '#' => {
                loop {
                    match self.peek() {
                        None => return err("missing ), unterminated comment", open_at),
                        Some(41) => {
                            self.pos += 1;
                            break;
                        }
                        _ => self.pos += 1,
                    }
                }
                Ok(None)
            }
            '=' | '!' => {
                let node = self.body(open_at, f)?;
                Ok(Some(Node::Look {
                    behind: false,
                    negated: c == b'!' as u32,
                    node: Box::new(node),
                }))
            }
            '<' => {
                let Some(d) = self.peek() else {
                    return err("unexpected end of pattern", self.pos);
                };
                self.pos += 1;
                if d != b'=' as u32 && d != b'!' as u32 {
                    return err(format!("unknown extension ?<{}", ch(d)), qpos);
                }
                let saved = self.lookbehind_groups;
                if saved.is_none() {
                    self.lookbehind_groups = Some(self.groups + 1);
                }
                let node = self.body(open_at, f)?;
                self.lookbehind_groups = saved;
                if node.width().is_none() {
                    return Err(Error {
                        msg: "look-behind requires fixed-width pattern".into(),
                        pos: None,
                    });
                }
                Ok(Some(Node::Look {
                    behind: true,
                    negated: d == b'!' as u32,
                    node: Box::new(node),
                }))
            }
            '(' => {
                let (name, at) = self.name(b')')?;
                let numeric = name.chars().all(|c| c.is_ascii_digit());
                let g = if numeric {
                    let g: usize = name.parse().unwrap_or(usize::MAX);
                    if g == 0 {
                        return err("bad group number", at);
                    }
                    g
                } else {
                    self.lookup_name(&name, at)?
                };
                let yes = self.sequence(f)?;
                let no = if self.eat(b'|') {
                    let no = self.sequence(f)?;
                    if self.peek_is(b'|') {
                        return err("conditional backref with more than two branches", self.pos);
                    }
                    no
                } else {
                    Node::Empty
                };
                if !self.eat(b')') {
                    return err("missing ), unterminated subpattern", open_at);
                }
                if numeric && g > self.groups {
                    return err(format!("invalid group reference {name}"), at);
                }
                Ok(Some(Node::Cond(g, Box::new(yes), Box::new(no))))
            }
            c if "aiLmsux-".contains(c) => {
                self.pos -= 1;
                self.inline_flags(open_at, flags)
            }
            c => err(format!("unknown extension ?{c}"), qpos),
        }
    }

    fn flag_bit(c: char) -> Option<u32> {
        Some(match c {
            'a' => ASCII,
            'i' => IGNORECASE,
            'L' => LOCALE,
            'm' => MULTILINE,
            's' => DOTALL,
            'u' => UNICODE,
            'x' => VERBOSE,
            _ => return None,
        })
    }

    fn inline_flags(&mut self, open_at: usize, flags: &mut u32) -> Result<Option<Node>, Error> {
        let mut on = 0u32;
        let mut off = 0u32;
        // Flags to turn on.
        loop {
            let Some(c) = self.peek() else {
                return err("missing -, : or )", self.pos);
            };
            let c = ch(c);
            match Self::flag_bit(c) {
                Some(b) => {
                    self.pos += 1;
                    if b == LOCALE && !self.bytes {
                        return err(
                            "bad inline flags: cannot use 'L' flag with a str pattern",
                            self.pos,
                        );
                    }
                    if b == UNICODE && self.bytes {
                        return err(
                            "bad inline flags: cannot use 'u' flag with a bytes pattern",
                            self.pos,
                        );
                    }
                    on |= b;
                    if (on & (ASCII | LOCALE | UNICODE)).count_ones() > 1 {
                        return err(
                            "bad inline flags: flags 'a', 'u' and 'L' are incompatible",
                            self.pos,
                        );
                    }
                }
                None => break,
            }
        }
        let c = self.peek().map(ch);
        if c == Some(')') {
            // Global flags.
            self.pos += 1;
            if open_at != self.globals_end {
                return err("global flags not at the start of the expression", open_at);
            }
            self.globals_end = self.pos;
            let new = self.flags | on;
            if (new & (ASCII | LOCALE | UNICODE)).count_ones() > 1 {
                return err(
                    "bad inline flags: flags 'a', 'u' and 'L' are incompatible",
                    self.pos - 1,
                );
            }
            self.flags = new;
            *flags |= on;
            return Ok(None);
        }
        if c == Some('-') {
            self.pos += 1;
            loop {
                let Some(c) = self.peek() else {
                    return err("missing flag", self.pos);
                };
                let c = ch(c);
                match Self::flag_bit(c) {
                    Some(b) if b & (ASCII | LOCALE | UNICODE) != 0 => {
                        return err(
                            "bad inline flags: cannot turn off flags 'a', 'u' and 'L'",
                            self.pos + 1,
                        )
                    }
                    Some(b) => {
                        self.pos += 1;
                        off |= b;
                        if on & off != 0 {
                            return err("bad inline flags: flag turned on and off", self.pos);
                        }
                    }
                    None if off == 0 => {
                        if c.is_alphabetic() {
                            return err("unknown flag", self.pos);
                        }
                        return err("missing flag", self.pos);
                    }
                    None => break,
                }
            }
            if self.peek_is(b':') {
                self.pos += 1;
            } else {
                if self.peek().is_none() {
                    return err("missing :", self.pos);
                }
                if self.peek_is(b')') {
                    return err("missing :", self.pos);
                }
                return err("unknown flag", self.pos);
            }
        } else if c == Some(':') {
            self.pos += 1;
        } else {
            match c {
                None => return err("missing -, : or )", self.pos),
                Some(c) if c.is_alphabetic() => return err("unknown flag", self.pos),
                _ => return err("missing -, : or )", self.pos),
            }
        }
        let mut inner = (*flags | on) & !off;
        if on & (ASCII | LOCALE | UNICODE) != 0 {
            inner &= !(ASCII | LOCALE | UNICODE);
            inner |= on & (ASCII | LOCALE | UNICODE);
        }
        let n = self.body(open_at, inner)?;
        Ok(Some(Node::Group(None, Box::new(n))))
    }

    fn group_width(&self, g: usize) -> (usize, Option<usize>) {
        self.widths.get(g).copied().unwrap_or((0, None))
    }

    fn check_backref(&self, g: usize, at: usize, _end: usize) -> Result<(), Error> {
        if self.open.contains(&g) {
            return err("cannot refer to an open group", at);
        }
        if let Some(first) = self.lookbehind_groups {
            if g >= first {
                return err(
                    "cannot refer to group defined in the same lookbehind subpattern",
                    _end,
                );
            }
        }
        Ok(())
    }

    fn hex(&mut self, start: usize, letter: char, n: usize) -> Result<u32, Error> {
        let mut v: u32 = 0;
        let mut text = String::new();
        for _ in 0..n {
            match self.peek().and_then(|c| ch(c).to_digit(16)) {
                Some(d) => {
                    text.push(ch(self.src[self.pos]));
                    v = v.wrapping_mul(16).wrapping_add(d);
                    self.pos += 1;
                }
                None => return err(format!("incomplete escape \\{letter}{text}"), start),
            }
        }
        if letter == 'U' && v > 0x10FFFF {
            return err(format!("bad escape \\{letter}{text}"), start);
        }
        Ok(v)
    }

    /// Escapes valid in both classes and sequences that stand for one
    /// character: `Ok(Some(c))`, or `Ok(None)` when not such an escape.
    fn char_escape(&mut self, start: usize, c: char) -> Result<Option<u32>, Error> {
        Ok(Some(match c {
            'a' => 7,
            'f' => 12,
            'n' => 10,
            'r' => 13,
            't' => 9,
            'v' => 11,
            '\\' => 92,
            'x' => self.hex(start, 'x', 2)?,
            'u' | 'U' if !self.bytes => self.hex(start, c, if c == 'u' { 4 } else { 8 })?,
            'N' if !self.bytes => {
                if !self.peek_is(b'{') {
                    return err("missing {", self.pos);
                }
                return err("Weft: \\N{...} is not supported", start);
            }
            _ => return Ok(None),
        }))
    }

    fn escape(&mut self, flags: u32) -> Result<Node, Error> {
        let start = self.pos;
        self.pos += 1;
        let Some(c) = self.peek() else {
            return err("bad escape (end of pattern)", start);
        };
        self.pos += 1;
        let m = self.mode(flags);
        let cc = ch(c);
        let cat = |k: Cat| Node::Class {
            items: vec![ClassItem::Cat(k)],
            negated: false,
            mode: m,
        };
        Ok(match cc {
            'A' => Node::Anchor(Anchor::Start, m),
            'Z' => Node::Anchor(Anchor::End, m),
            'b' => Node::Anchor(Anchor::Boundary, m),
            'B' => Node::Anchor(Anchor::NotBoundary, m),
            'd' => cat(Cat::Digit),
            'D' => cat(Cat::NotDigit),
            'w' => cat(Cat::Word),
            'W' => cat(Cat::NotWord),
            's' => cat(Cat::Space),
            'S' => cat(Cat::NotSpace),
            '0' => {
                let mut v = 0;
                for _ in 0..2 {
                    match self.peek() {
                        Some(d) if is_octal(d) => {
                            v = v * 8 + (d - 48);
                            self.pos += 1;
                        }
                        _ => break,
                    }
                }
                Node::Lit(v, m)
            }
            '1'..='9' => {
                let d1 = c - 48;
                if let Some(d2) = self.peek().filter(|&d| is_digit(d)) {
                    if is_octal(c) && is_octal(d2) {
                        if let Some(d3) =
                            self.src.get(self.pos + 1).copied().filter(|&d| is_octal(d))
                        {
                            self.pos += 2;
                            let v = d1 * 64 + (d2 - 48) * 8 + (d3 - 48);
                            if v > 0o377 {
                                return err(
                                    format!(
                                        "octal escape value \\{}{}{} outside of range 0-0o377",
                                        cc,
                                        ch(d2),
                                        ch(d3)
                                    ),
                                    start,
                                );
                            }
                            return Ok(Node::Lit(v, m));
                        }
                    }
                    self.pos += 1;
                    let g = (d1 * 10 + (d2 - 48)) as usize;
                    return self.group_ref(g, start, m);
                }
                self.group_ref(d1 as usize, start, m)?
            }
            _ => match self.char_escape(start, cc)? {
                Some(v) => Node::Lit(v, m),
                None if cc.is_ascii_alphanumeric() => {
                    return err(format!("bad escape \\{cc}"), start)
                }
                None => Node::Lit(c, m),
            },
        })
    }

    fn group_ref(&mut self, g: usize, start: usize, m: CharMode) -> Result<Node, Error> {
        if g > self.groups {
            return err(format!("invalid group reference {g}"), start + 1);
        }
        self.check_backref(g, start, self.pos)?;
        Ok(Node::Backref(g, m, self.group_width(g)))
    }

    /// One class member after `[`: a char, or a category.
    fn class_atom(&mut self) -> Result<ClassItem, Error> {
        let start = self.pos;
        let c = self.src[self.pos];
        self.pos += 1;
        if c != b'\\' as u32 {
            return Ok(ClassItem::Range(c, c));
        }
        let Some(e) = self.peek() else {
            return err("bad escape (end of pattern)", start);
        };
        self.pos += 1;
        let ec = ch(e);
        let cat = match ec {
            'd' => Some(Cat::Digit),
            'D' => Some(Cat::NotDigit),
            'w' => Some(Cat::Word),
            'W' => Some(Cat::NotWord),
            's' => Some(Cat::Space),
            'S' => Some(Cat::NotSpace),
            _ => None,
        };
        if let Some(k) = cat {
            return Ok(ClassItem::Cat(k));
        }
        if ec == 'b' {
            return Ok(ClassItem::Range(8, 8));
        }
        if is_octal(e) {
            let mut v = e - 48;
            for _ in 0..2 {
                match self.peek() {
                    Some(d) if is_octal(d) => {
                        v = v * 8 + (d - 48);
                        self.pos += 1;
                    }
                    _ => break,
                }
            }
            if v > 0o377 {
                let text: String = self.src[start..self.pos].iter().map(|&c| ch(c)).collect();
                return err(
                    format!("octal escape value {text} outside of range 0-0o377"),
                    start,
                );
            }
            return Ok(ClassItem::Range(v, v));
        }
        match self.char_escape(start, ec)? {
            Some(v) => Ok(ClassItem::Range(v, v)),
            None if ec.is_ascii_alphanumeric() => err(format!("bad escape \\{ec}"), start),
            None => Ok(ClassItem::Range(e, e)),
        }
    }

    fn class(&mut self, open_at: usize, flags: u32) -> Result<Node, Error> {
        let negated = self.eat(b'^');
        let mut items = Vec::new();
        let mut first = true;
        loop {
            let Some(c) = self.peek() else {
                return err("unterminated character set", open_at);
            };
            if c == b']' as u32 && !first {
                self.pos += 1;
                break;
            }
            first = false;
            let start = self.pos;
            let a = self.class_atom()?;
            if self.peek_is(b'-')
                && self
                    .src
                    .get(self.pos + 1)
                    .is_some_and(|&c| c != b']' as u32)
            {
                self.pos += 1;
                let b = self.class_atom()?;
                match (&a, &b) {
                    (ClassItem::Range(x, _), ClassItem::Range(y, _)) => {
                        if y < x {
                            let text: String =
                                self.src[start..self.pos].iter().map(|&c| ch(c)).collect();
                            return err(format!("bad character range {text}"), start);
                        }
                        items.push(ClassItem::Range(*x, *y));
                    }
                    _ => {
                        let text: String =
                            self.src[start..self.pos].iter().map(|&c| ch(c)).collect();
                        return err(format!("bad character range {text}"), start);
                    }
                }
            } else {
                items.push(a);
            }
        }
        Ok(Node::Class {
            items,
            negated,
            mode: self.mode(flags),
        })
    }
}
