//! `weft-sre`: Weft's regular-expression engine with the syntax and the
//! matching semantics of Python 3.11's `re` (a backtracking matcher).
//!
//! [`compile`] parses a pattern (the code points of a str pattern, or the
//! bytes of a bytes pattern) and builds a [`Regex`]; [`Regex::exec`] runs it
//! over any [`Text`] (bytes, chars or code points) with an explicit
//! backtracking stack, so long inputs never deepen the native stack.

mod exec;
mod parse;
mod tables;

pub use exec::{Captures, Mode, Text};
pub use parse::{Node, MAX_REPEAT};

/// `re.TEMPLATE` (accepted, no effect).
pub const TEMPLATE: u32 = 1;
/// `re.IGNORECASE`
pub const IGNORECASE: u32 = 2;
/// `re.LOCALE`
pub const LOCALE: u32 = 4;
/// `re.MULTILINE`
pub const MULTILINE: u32 = 8;
/// `re.DOTALL`
pub const DOTALL: u32 = 16;
/// `re.UNICODE`
pub const UNICODE: u32 = 32;
/// `re.VERBOSE`
pub const VERBOSE: u32 = 64;
/// `re.DEBUG`
pub const DEBUG: u32 = 128;
/// `re.ASCII`
pub const ASCII: u32 = 256;

/// A compile error: `re.error`'s message and position (in pattern
/// characters), if it has one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub msg: String,
    pub pos: Option<usize>,
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.pos {
            Some(p) => write!(f, "{} at position {}", self.msg, p),
            None => f.write_str(&self.msg),
        }
    }
}

/// A compiled pattern. Immutable: share it freely between threads.
#[derive(Debug)]
pub struct Regex {
    prog: exec::Program,
    /// The number of capturing groups.
    pub groups: usize,
    /// Group names with their numbers, in definition order.
    pub names: Vec<(String, usize)>,
    /// The effective flags (with `UNICODE` added for str patterns that are
    /// not ASCII).
    pub flags: u32,
}

/// Compiles `pattern` (code points; bytes values when `bytes`) under
/// `flags`.
pub fn compile(pattern: &[u32], bytes: bool, flags: u32) -> Result<Regex, Error> {
    let msg = |m: &str| Error {
        msg: m.into(),
        pos: None,
    };
    if bytes {
        if flags & UNICODE != 0 {
            return Err(msg("cannot use UNICODE flag with a bytes pattern"));
        }
        if flags & LOCALE != 0 && flags & ASCII != 0 {
            return Err(msg("ASCII and LOCALE flags are incompatible"));
        }
    } else {
        if flags & LOCALE != 0 {
            return Err(msg("cannot use LOCALE flag with a str pattern"));
        }
        if flags & ASCII != 0 && flags & UNICODE != 0 {
            return Err(msg("ASCII and UNICODE flags are incompatible"));
        }
    }
    let parsed = parse::parse(pattern, bytes, flags)?;
    let prog = exec::Program::build(&parsed.node, parsed.groups);
    Ok(Regex {
        prog,
        groups: parsed.groups,
        names: parsed.names,
        flags: parsed.flags,
    })
}

/// Compiles a str pattern.
pub fn compile_str(pattern: &str, flags: u32) -> Result<Regex, Error> {
    let cps: Vec<u32> = pattern.chars().map(|c| c as u32).collect();
    compile(&cps, false, flags)
}

impl Regex {
    /// Runs the pattern over `text[..endpos]` from `pos` (both clamped) in
    /// `mode`. With `must_advance`, an empty match at `pos` is rejected (the
    /// rule `finditer`/`sub` use after an empty match).
    pub fn exec<T: Text + ?Sized>(
        &self,
        text: &T,
        pos: usize,
        endpos: usize,
        mode: Mode,
        must_advance: bool,
    ) -> Option<Captures> {
        self.prog.exec(text, pos, endpos, mode, must_advance)
    }

    /// All successive non-overlapping matches from `pos` to `endpos`, as
    /// `finditer` finds them.
    pub fn find_all<T: Text + ?Sized>(&self, text: &T, pos: usize, endpos: usize) -> Vec<Captures> {
        let end = endpos.min(text.len());
        let mut out = Vec::new();
        let mut at = pos.min(end);
        let mut must_advance = false;
        while at <= end {
            let Some(c) = self.exec(text, at, end, Mode::Search, must_advance) else {
                break;
            };
            let (s, e) = c.spans[0].unwrap_or((at, at));
            must_advance = s == e;
            at = e;
            out.push(c);
        }
        out
    }
}

#[cfg(test)]
mod tests;
