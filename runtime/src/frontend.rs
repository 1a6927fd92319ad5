//! The one module that talks to the parser crate (`ruff_python_parser`).
//!
//! Everything the rest of Weft needs from the parser goes through here:
//! [`parse_module`] turns source text into a `ruff_python_ast` module or a
//! CPython-worded syntax error at a byte offset, [`LineIndex`] maps byte
//! offsets to 1-based lines and character columns, and the PEP 263 helpers
//! check `# -*- coding: ... -*-` declarations. The parser's API is unstable;
//! an upgrade should only ever touch this file.

use ruff_python_ast::token::{Token, TokenKind};
use ruff_python_ast::visitor::{self, Visitor};
use ruff_python_ast::{Expr, ModModule, Number, PythonVersion};
use ruff_python_parser::{
    parse_unchecked, InterpolatedStringErrorType, LexicalErrorType, Mode, ParseError,
    ParseErrorType, ParseOptions,
};
use ruff_text_size::{Ranged, TextRange};

/// CPython's tokenizer limit on bracket nesting (`MAXLEVEL`).
const MAX_BRACKET_DEPTH: usize = 200;

/// A syntax error found while reading source text, worded as CPython words it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseFailure {
    /// CPython's message (`invalid syntax`, `expected ':'`, ...).
    pub message: String,
    /// Byte offset of the error in the source.
    pub offset: usize,
    /// Byte offset just past the offending text, when known.
    pub end_offset: Option<usize>,
    /// True for CPython's `IndentationError` (a subclass of `SyntaxError`).
    pub indentation: bool,
}

impl ParseFailure {
    fn new(message: impl Into<String>, offset: usize, end_offset: Option<usize>) -> Self {
        ParseFailure {
            message: message.into(),
            offset,
            end_offset,
            indentation: false,
        }
    }

    fn indentation(message: impl Into<String>, offset: usize) -> Self {
        ParseFailure {
            message: message.into(),
            offset,
            end_offset: None,
            indentation: true,
        }
    }
}

/// Parses a whole module. On failure returns CPython's message and the byte
/// offset of the error (see [`parse_module_detailed`] for the error kind).
pub fn parse_module(source: &str) -> Result<ModModule, (String, usize)> {
    parse_module_detailed(source).map_err(|f| (f.message, f.offset))
}

/// Parses a whole module, reporting the first syntax error CPython would
/// report (message, range and whether it is an `IndentationError`).
///
/// Checks the PEP 263 coding declaration, null bytes and bracket nesting
/// before parsing. Never panics: a panic inside the parser crate is caught
/// and reported as `invalid syntax`.
pub fn parse_module_detailed(source: &str) -> Result<ModModule, ParseFailure> {
    check_encoding_declaration(source)?;
    if let Some(pos) = source.find('\0') {
        return Err(ParseFailure::new(
            "source code cannot contain null bytes",
            pos,
            None,
        ));
    }
    check_bracket_depth(source)?;
    let options = ParseOptions::from(Mode::Module).with_target_version(PythonVersion::PY313);
    let parsed = std::panic::catch_unwind(|| parse_unchecked(source, options))
        .map_err(|_| ParseFailure::new("invalid syntax", 0, None))?;
    let errors = parsed.errors().to_vec();
    let unsupported: Vec<TextRange> = parsed
        .unsupported_syntax_errors()
        .iter()
        .map(|e| e.range)
        .collect();
    let tokens: Vec<Token> = parsed.tokens().iter().copied().collect();
    let module = match parsed.try_into_module() {
        Some(m) => m.into_syntax(),
        None => return Err(ParseFailure::new("invalid syntax", 0, None)),
    };
    if errors.is_empty() {
        check_surrogate_escapes(source, &tokens)?;
        if let Some(range) = unsupported.first() {
            return Err(ParseFailure::new(
                "invalid syntax",
                range.start().to_usize(),
                Some(range.end().to_usize()),
            ));
        }
        return Ok(module);
    }
    Err(describe_errors(source, &module, &errors, &tokens))
}

/// Maps byte offsets to lines and columns. Lines end at `\n`, `\r\n` or `\r`.
#[derive(Clone, Debug)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    /// Indexes the line starts of `source`.
    pub fn new(source: &str) -> LineIndex {
        let bytes = source.as_bytes();
        let mut starts = vec![0];
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'\n' => starts.push(i + 1),
                b'\r' => {
                    if bytes.get(i + 1) == Some(&b'\n') {
                        i += 1;
                    }
                    starts.push(i + 1);
                }
                _ => {}
            }
            i += 1;
        }
        LineIndex { starts }
    }

    /// 1-based line of a byte offset (offsets past the end map to the last line).
    pub fn line(&self, offset: usize) -> u32 {
        let idx = match self.starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        };
        u32::try_from(idx + 1).unwrap_or(u32::MAX)
    }

    /// 1-based line and 1-based column (in characters) of a byte offset.
    pub fn line_col(&self, source: &str, offset: usize) -> (u32, u32) {
        let line = self.line(offset);
        let start = self.line_start(line);
        let offset = floor_char_boundary(source, offset.min(source.len()));
        let col = source
            .get(start.min(offset)..offset)
            .map_or(0, |s| s.chars().count());
        (line, u32::try_from(col + 1).unwrap_or(u32::MAX))
    }

    /// Byte offset where a 1-based line starts.
    pub fn line_start(&self, line: u32) -> usize {
        let idx = (line as usize).saturating_sub(1);
        self.starts
            .get(idx)
            .copied()
            .unwrap_or_else(|| self.starts.last().copied().unwrap_or(0))
    }

    /// Number of lines (a final line without a terminator counts).
    pub fn line_count(&self) -> usize {
        self.starts.len()
    }

    /// The text of a 1-based line, without its line terminator.
    pub fn line_text<'s>(&self, source: &'s str, line: u32) -> Option<&'s str> {
        let idx = (line as usize).checked_sub(1)?;
        let start = *self.starts.get(idx)?;
        let end = self.starts.get(idx + 1).copied().unwrap_or(source.len());
        let text = source.get(start..end)?;
        Some(text.trim_end_matches(['\n', '\r']))
    }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

// ---------------------------------------------------------------------------
// PEP 263

/// The encoding named by a PEP 263 declaration on line 1 or 2 of raw source
/// bytes (line 2 counts only when line 1 is blank or a comment), as written.
pub fn declared_encoding(source: &[u8]) -> Option<String> {
    let mut lines = source.split(|&b| b == b'\n').take(2);
    let first = lines.next()?;
    if let Some(name) = coding_of_line(first) {
        return Some(name);
    }
    let trimmed: Vec<u8> = first
        .iter()
        .copied()
        .skip_while(|b| matches!(b, b' ' | b'\t' | b'\x0c' | b'\r'))
        .collect();
    let first_is_comment_or_blank = trimmed.is_empty() || trimmed.first() == Some(&b'#');
    if first_is_comment_or_blank {
        if let Some(second) = lines.next() {
            return coding_of_line(second);
        }
    }
    None
}

/// Matches CPython's `^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)` on one line.
fn coding_of_line(line: &[u8]) -> Option<String> {
    let mut i = 0;
    while i < line.len() && matches!(line[i], b' ' | b'\t' | b'\x0c') {
        i += 1;
    }
    if line.get(i) != Some(&b'#') {
        return None;
    }
    let rest = &line[i + 1..];
    let mut pos = 0;
    while pos + 6 < rest.len() + 1 {
        let found = find_sub(&rest[pos..], b"coding")?;
        let after = pos + found + 6;
        if matches!(rest.get(after), Some(b':') | Some(b'=')) {
            let mut j = after + 1;
            while j < rest.len() && matches!(rest[j], b' ' | b'\t') {
                j += 1;
            }
            let start = j;
            while j < rest.len()
                && (rest[j].is_ascii_alphanumeric() || matches!(rest[j], b'-' | b'_' | b'.'))
            {
                j += 1;
            }
            if j > start {
                return Some(String::from_utf8_lossy(&rest[start..j]).into_owned());
            }
        }
        pos = after;
    }
    None
}

fn find_sub(hay: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.is_empty() || hay.len() < needle.len() {
        return None;
    }
    hay.windows(needle.len()).position(|w| w == needle)
}

/// Normalizes an encoding name to one Weft supports: `"utf-8"`,
/// `"latin-1"` or `"ascii"`; `None` for anything else.
pub fn normalize_encoding(name: &str) -> Option<&'static str> {
    let lowered: String = name
        .trim()
        .chars()
        .map(|c| match c {
            '_' | ' ' => '-',
            c => c.to_ascii_lowercase(),
        })
        .collect();
    let base = lowered.as_str();
    if base == "utf-8" || base == "utf8" || base == "u8" || base == "utf" || base == "cp65001" {
        return Some("utf-8");
    }
    if base.starts_with("utf-8-") || base == "utf-8-sig" || base == "utf8-sig" {
        return Some("utf-8");
    }
    let latin = [
        "latin-1",
        "latin1",
        "latin",
        "l1",
        "iso-8859-1",
        "iso8859-1",
        "iso-8859-1-1987",
        "iso-ir-100",
        "iso-latin-1",
        "8859",
        "cp819",
        "ibm819",
    ];
    if latin.contains(&base) || base.starts_with("latin-1-") || base.starts_with("iso-8859-1-") {
        return Some("latin-1");
    }
    let ascii = [
        "ascii",
        "us-ascii",
        "646",
        "ansi-x3.4-1968",
        "ansi-x3-4-1968",
        "ansi-x3.4-1986",
        "cp367",
        "csascii",
        "ibm367",
        "iso646-us",
        "iso-646.irv-1991",
        "iso-ir-6",
        "us",
    ];
    if ascii.contains(&base) {
        return Some("ascii");
    }
    None
}

/// Rejects an unknown PEP 263 encoding with CPython's message for a script
/// (`encoding problem: NAME`). A UTF-8 BOM forces UTF-8.
pub fn check_encoding_declaration(source: &str) -> Result<(), ParseFailure> {
    let Some(name) = declared_encoding(source.as_bytes()) else {
        return Ok(());
    };
    let offset = source.find(name.as_str()).unwrap_or(0);
    match normalize_encoding(&name) {
        Some("utf-8") => Ok(()),
        Some(_) if source.starts_with('\u{feff}') => Err(ParseFailure::new(
            format!("encoding problem: {name} with BOM"),
            offset,
            None,
        )),
        Some(_) => Ok(()),
        None => Err(ParseFailure::new(
            format!("encoding problem: {name}"),
            offset,
            None,
        )),
    }
}

// ---------------------------------------------------------------------------
// Lone surrogates

/// Refuses `\uD800`-style escapes (and their `\U0000D800` forms) in str
/// literals: Weft's strings are UTF-8 and cannot hold a lone surrogate,
/// where the parser crate would silently substitute U+FFFD. CPython keeps
/// such escapes as lone surrogates, even a valid high/low pair.
fn check_surrogate_escapes(source: &str, tokens: &[Token]) -> Result<(), ParseFailure> {
    for tok in tokens {
        let Some(flags) = tok.string_flags() else {
            continue;
        };
        if flags.is_raw_string() || flags.is_byte_string() {
            continue;
        }
        let start = tok.range().start().to_usize();
        let text = &source[start..tok.range().end().to_usize()];
        if let Some((at, code)) = find_surrogate_escape(text) {
            return Err(ParseFailure::new(
                format!(
                    "(unicode error) lone surrogates are not supported by Weft: \\u{code:04x} \
                     cannot be stored in a UTF-8 str"
                ),
                start + at,
                Some(start + at + if code > 0xffff { 10 } else { 6 }),
            ));
        }
    }
    Ok(())
}

/// The offset and code point of the first `\uXXXX`/`\UXXXXXXXX` escape
/// naming a surrogate in a literal's text.
fn find_surrogate_escape(text: &str) -> Option<(usize, u32)> {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i + 1 < bytes.len() {
        if bytes[i] != b'\\' {
            i += 1;
            continue;
        }
        let digits = match bytes[i + 1] {
            b'u' => 4,
            b'U' => 8,
            _ => {
                i += 2;
                continue;
            }
        };
        let hex = text.get(i + 2..i + 2 + digits)?;
        if let Ok(code) = u32::from_str_radix(hex, 16) {
            if (0xD800..=0xDFFF).contains(&code) {
                return Some((i, code));
            }
        }
        i += 2;
    }
    None
}

// ---------------------------------------------------------------------------
// Bracket nesting

/// CPython refuses more than 200 nested brackets ("too many nested
/// parentheses"); checking before parsing also keeps the parser's
/// recursion bounded.
fn check_bracket_depth(source: &str) -> Result<(), ParseFailure> {
    let mut lexer = ruff_python_parser::lexer::lex(source, Mode::Module);
    let mut depth = 0usize;
    let mut max = 0usize;
    loop {
        match lexer.next_token() {
            TokenKind::EndOfFile => break,
            TokenKind::Lpar | TokenKind::Lsqb | TokenKind::Lbrace => {
                depth += 1;
                max = max.max(depth);
            }
            TokenKind::Rpar | TokenKind::Rsqb | TokenKind::Rbrace => {
                depth = depth.saturating_sub(1);
            }
            _ => {}
        }
    }
    if max <= MAX_BRACKET_DEPTH {
        return Ok(());
    }
    // Locate the first bracket beyond the limit with a rough scan that skips
    // comments and simple strings (only the location depends on it).
    let bytes = source.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    let mut offset = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'#' => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            q @ (b'\'' | b'"') => {
                i += 1;
                while i < bytes.len() && bytes[i] != q && bytes[i] != b'\n' {
                    if bytes[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            b'(' | b'[' | b'{' => {
                depth += 1;
                if depth > MAX_BRACKET_DEPTH {
                    offset = i;
                    break;
                }
            }
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    Err(ParseFailure::new(
        "too many nested parentheses",
        offset,
        Some(offset + 1),
    ))
}

// ---------------------------------------------------------------------------
// Error wording

fn describe_errors(
    source: &str,
    module: &ModModule,
    errors: &[ParseError],
    tokens: &[Token],
) -> ParseFailure {
    let mut sorted: Vec<&ParseError> = errors.iter().collect();
    sorted.sort_by_key(|e| e.location.start());
    let Some(first) = sorted.first() else {
        return ParseFailure::new("invalid syntax", 0, None);
    };
    let brackets = scan_brackets(source, tokens);
    let first_offset = first.location.start().to_usize();

    // A bracket mismatch before the parse error is what CPython's tokenizer
    // would have hit first.
    if let Some(b) = &brackets.anomaly {
        if b.offset <= first_offset {
            return b.clone();
        }
    }
    let (failure, generic) = describe_one(source, module, first, tokens, &brackets);
    if !generic {
        return failure;
    }
    // A generic "invalid syntax" is replaced by the first tokenizer error in
    // the rest of the file, like CPython's second tokenizer pass.
    for e in sorted.iter().skip(1) {
        if let ParseErrorType::Lexical(kind) = &e.error {
            if let Some(f) = describe_lexical(source, kind, e.location, &brackets) {
                if !f.1 {
                    return f.0;
                }
            }
        }
    }
    if let Some(b) = brackets.anomaly {
        return b;
    }
    let runs_to_end = matches!(
        first.error,
        ParseErrorType::ExpectedToken {
            expected: TokenKind::Comma
                | TokenKind::Rpar
                | TokenKind::Rsqb
                | TokenKind::Rbrace
                | TokenKind::Newline,
            ..
        } | ParseErrorType::ExpectedExpression
            | ParseErrorType::Lexical(LexicalErrorType::Eof)
    );
    if runs_to_end {
        if let Some(b) = brackets.unclosed {
            return b;
        }
    }
    failure
}

/// The innermost conditional expression around a byte offset.
fn enclosing_if_expr(module: &ModModule, offset: usize) -> Option<TextRange> {
    struct Finder {
        offset: usize,
        found: Option<TextRange>,
    }
    impl<'a> Visitor<'a> for Finder {
        fn visit_expr(&mut self, expr: &'a Expr) {
            if let Expr::If(i) = expr {
                let r = i.range;
                if r.start().to_usize() < self.offset && r.end().to_usize() >= self.offset {
                    self.found = Some(r);
                }
            }
            visitor::walk_expr(self, expr);
        }
    }
    let mut f = Finder {
        offset,
        found: None,
    };
    for stmt in &module.body {
        f.visit_stmt(stmt);
    }
    f.found
}

#[derive(Default)]
struct BracketReport {
    /// First unmatched or mismatched closing bracket.
    anomaly: Option<ParseFailure>,
    /// The innermost bracket still open at the end of the file.
    unclosed: Option<ParseFailure>,
}

fn bracket_char(kind: TokenKind) -> Option<(char, bool)> {
    Some(match kind {
        TokenKind::Lpar => ('(', true),
        TokenKind::Lsqb => ('[', true),
        TokenKind::Lbrace => ('{', true),
        TokenKind::Rpar => (')', false),
        TokenKind::Rsqb => (']', false),
        TokenKind::Rbrace => ('}', false),
        _ => return None,
    })
}

fn scan_brackets(source: &str, tokens: &[Token]) -> BracketReport {
    let index = LineIndex::new(source);
    let mut stack: Vec<(char, usize)> = Vec::new();
    let mut report = BracketReport::default();
    for tok in tokens {
        let Some((ch, open)) = bracket_char(tok.kind()) else {
            continue;
        };
        let start = tok.range().start().to_usize();
        if open {
            stack.push((ch, start));
            continue;
        }
        let expected = match ch {
            ')' => '(',
            ']' => '[',
            _ => '{',
        };
        match stack.pop() {
            None => {
                if report.anomaly.is_none() {
                    report.anomaly = Some(ParseFailure::new(
                        format!("unmatched '{ch}'"),
                        start,
                        Some(start + 1),
                    ));
                }
            }
            Some((opener, at)) if opener != expected => {
                if report.anomaly.is_none() {
                    let msg = if index.line(at) != index.line(start) {
                        format!(
                            "closing parenthesis '{ch}' does not match opening parenthesis '{opener}' on line {}",
                            index.line(at)
                        )
                    } else {
                        format!(
                            "closing parenthesis '{ch}' does not match opening parenthesis '{opener}'"
                        )
                    };
                    report.anomaly = Some(ParseFailure::new(msg, start, Some(start + 1)));
                }
            }
            Some(_) => {}
        }
    }
    if let Some((ch, at)) = stack.last() {
        report.unclosed = Some(ParseFailure::new(
            format!("'{ch}' was never closed"),
            *at,
            Some(at + 1),
        ));
    }
    report
}

/// Words one parser error; the flag is true for a generic "invalid syntax"
/// that a later tokenizer error may replace.
fn describe_one(
    source: &str,
    module: &ModModule,
    error: &ParseError,
    tokens: &[Token],
    brackets: &BracketReport,
) -> (ParseFailure, bool) {
    let range = error.location;
    let start = range.start().to_usize();
    let end = range.end().to_usize();
    let plain = |msg: &str| {
        (
            ParseFailure::new(msg, start, Some(end.max(start + 1))),
            false,
        )
    };
    match &error.error {
        ParseErrorType::Lexical(kind) => describe_lexical(source, kind, range, brackets)
            .unwrap_or_else(|| (ParseFailure::new("invalid syntax", start, None), true)),
        ParseErrorType::UnexpectedIndentation => (
            // CPython points at the last character of the indentation.
            ParseFailure::indentation("unexpected indent", end.max(start + 1) - 1),
            false,
        ),
        ParseErrorType::OtherError(msg) if msg.starts_with("Expected an indented block after") => {
            let clause = msg
                .trim_start_matches("Expected an indented block after ")
                .replace('`', "'")
                .replace(" clause", " statement");
            let line = header_line(source, tokens, start);
            (
                ParseFailure::indentation(
                    format!("expected an indented block after {clause} on line {line}"),
                    start,
                ),
                false,
            )
        }
        ParseErrorType::ExpectedToken {
            expected: TokenKind::Colon,
            ..
        } => plain("expected ':'"),
        ParseErrorType::InvalidAssignmentTarget => {
            let kind = target_kind(module, range);
            let msg = match kind {
                "None" | "True" | "False" | "__debug__" => format!("cannot assign to {kind}"),
                "yield expression" => "assignment to yield expression not possible".to_string(),
                "list" | "tuple" | "generator expression" => format!("cannot assign to {kind}"),
                _ if followed_by_assign(source, end) => {
                    format!("cannot assign to {kind} here. Maybe you meant '==' instead of '='?")
                }
                _ => format!("cannot assign to {kind}"),
            };
            plain(&msg)
        }
        ParseErrorType::InvalidDeleteTarget => {
            plain(&format!("cannot delete {}", target_kind(module, range)))
        }
        ParseErrorType::InvalidAugmentedAssignmentTarget => plain(&format!(
            "'{}' is an illegal expression for augmented assignment",
            target_kind(module, range)
        )),
        ParseErrorType::InvalidNamedAssignmentTarget => plain(&format!(
            "cannot use assignment expressions with {}",
            target_kind(module, range)
        )),
        ParseErrorType::InvalidAnnotatedAssignmentTarget => plain("illegal target for annotation"),
        ParseErrorType::PositionalAfterKeywordArgument => (
            ParseFailure::new(
                "positional argument follows keyword argument",
                end,
                Some(end + 1),
            ),
            false,
        ),
        ParseErrorType::PositionalAfterKeywordUnpacking => (
            ParseFailure::new(
                "positional argument follows keyword argument unpacking",
                end,
                Some(end + 1),
            ),
            false,
        ),
        ParseErrorType::ExpectedToken {
            expected: TokenKind::Else,
            ..
        } => match enclosing_if_expr(module, start) {
            Some(r) => (
                ParseFailure::new(
                    "expected 'else' after 'if' expression",
                    r.start().to_usize(),
                    Some(r.end().to_usize()),
                ),
                false,
            ),
            None => (ParseFailure::new("invalid syntax", start, Some(end)), true),
        },
        ParseErrorType::InvalidArgumentUnpackingOrder => {
            plain("iterable argument unpacking follows keyword argument unpacking")
        }
        ParseErrorType::UnparenthesizedGeneratorExpression => {
            plain("Generator expression must be parenthesized")
        }
        ParseErrorType::NonDefaultParamAfterDefaultParam => {
            plain("parameter without a default follows parameter with a default")
        }
        ParseErrorType::ExpectedKeywordParam => plain("named arguments must follow bare *"),
        // `case x as _:` (CPython's message), `case {**_}:` (a plain error).
        ParseErrorType::InvalidMatchPatternTarget => {
            if source.get(..start).unwrap_or("").trim_end().ends_with("as") {
                plain("cannot use '_' as a target")
            } else {
                plain("invalid syntax")
            }
        }
        ParseErrorType::ExpectedRealNumber => plain("real number required in complex literal"),
        ParseErrorType::ExpectedImaginaryNumber => {
            plain("imaginary number required in complex literal")
        }
        ParseErrorType::ParamAfterVarKeywordParam => {
            plain("arguments cannot follow var-keyword argument")
        }
        ParseErrorType::VarParameterWithDefault => {
            plain("var-positional argument cannot have default value")
        }
        ParseErrorType::EmptyImportNames => plain("Expected one or more names after 'import'"),
        ParseErrorType::SimpleStatementsOnSameLine => {
            let line_start = source[..floor_char_boundary(source, start)]
                .rfind(['\n', '\r'])
                .map_or(0, |p| p + 1);
            let stmt = source[line_start..floor_char_boundary(source, start)].trim_start();
            if stmt.starts_with("print ") || stmt == "print" {
                let s = line_start
                    + (source[line_start..].len() - source[line_start..].trim_start().len());
                (
                    ParseFailure::new(
                        "Missing parentheses in call to 'print'. Did you mean print(...)?",
                        s,
                        None,
                    ),
                    false,
                )
            } else {
                (ParseFailure::new("invalid syntax", start, Some(end)), true)
            }
        }
        ParseErrorType::FStringError(e) => describe_fstring_error(source, e, range),
        ParseErrorType::OtherError(msg)
            if msg == "Cannot have both 'except' and 'except*' on the same 'try'" =>
        {
            // CPython underlines the clause's keyword.
            let rest = source.get(start..).unwrap_or("");
            let keyword = if rest.starts_with("except*") { 7 } else { 6 };
            (
                ParseFailure::new(
                    "cannot have both 'except' and 'except*' on the same 'try'",
                    start,
                    Some(start + keyword),
                ),
                false,
            )
        }
        ParseErrorType::OtherError(msg) if msg == "Expected one or more exception types" => {
            plain("expected one or more exception types")
        }
        _ => (
            ParseFailure::new("invalid syntax", start, Some(end.max(start + 1))),
            true,
        ),
    }
}

fn describe_fstring_error(
    source: &str,
    error: &InterpolatedStringErrorType,
    range: TextRange,
) -> (ParseFailure, bool) {
    let start = range.start().to_usize();
    let msg = match error {
        InterpolatedStringErrorType::UnclosedLbrace => "f-string: expecting '}'".to_string(),
        InterpolatedStringErrorType::InvalidConversionFlag => {
            match source.get(start..).and_then(|s| s.chars().next()) {
                Some(c) if !matches!(c, '}' | ':' | '\n') => format!(
                    "f-string: invalid conversion character '{c}': expected 's', 'r', or 'a'"
                ),
                _ => "f-string: missing conversion character".to_string(),
            }
        }
        InterpolatedStringErrorType::SingleRbrace => "f-string: single '}' is not allowed".into(),
        InterpolatedStringErrorType::UnterminatedString
        | InterpolatedStringErrorType::UnterminatedTripleQuotedString => {
            "unterminated f-string literal".into()
        }
        InterpolatedStringErrorType::LambdaWithoutParentheses => {
            "f-string: lambda expressions are not allowed without parentheses".into()
        }
        InterpolatedStringErrorType::ConversionFlagNotImmediatelyAfterExclamation => {
            "f-string: conversion type must come right after the exclamanation mark".into()
        }
        InterpolatedStringErrorType::NewlineInFormatSpec => {
            "f-string: newlines are not allowed in format specifiers for single quoted f-strings"
                .into()
        }
    };
    (ParseFailure::new(msg, start, None), false)
}

/// Words a lexer error; `None` when it is not a tokenizer-level error that
/// CPython words specially. The flag marks a generic message.
fn describe_lexical(
    source: &str,
    kind: &LexicalErrorType,
    range: TextRange,
    brackets: &BracketReport,
) -> Option<(ParseFailure, bool)> {
    let start = range.start().to_usize();
    let end = range.end().to_usize();
    let index = LineIndex::new(source);
    Some(match kind {
        LexicalErrorType::UnclosedStringError => {
            let detected = index.line(end.saturating_sub(1).max(start));
            let text = source.get(start..).unwrap_or("");
            let body = text.trim_start_matches(|c: char| c.is_ascii_alphabetic());
            let msg = if body.starts_with("\"\"\"") || body.starts_with("'''") {
                format!("unterminated triple-quoted string literal (detected at line {detected})")
            } else {
                format!("unterminated string literal (detected at line {detected})")
            };
            (ParseFailure::new(msg, start, None), false)
        }
        LexicalErrorType::FStringError(e) => describe_fstring_error(source, e, range),
        LexicalErrorType::IndentationError => {
            // CPython points just past the end of the offending line.
            let eol = source
                .get(start..)
                .and_then(|rest| rest.find(['\n', '\r']))
                .map_or(source.len(), |p| start + p);
            (
                ParseFailure::indentation(
                    "unindent does not match any outer indentation level",
                    eol,
                ),
                false,
            )
        }
        LexicalErrorType::Eof => match &brackets.unclosed {
            Some(b) => (b.clone(), false),
            None => (
                ParseFailure::new("unexpected EOF while parsing", start, None),
                false,
            ),
        },
        LexicalErrorType::UnrecognizedToken { tok } => {
            let c = *tok;
            if c.is_ascii() && !c.is_ascii_control() {
                (ParseFailure::new("invalid syntax", start, Some(end)), true)
            } else if c.is_control() {
                (
                    ParseFailure::new(
                        format!("invalid non-printable character U+{:04X}", c as u32),
                        start,
                        None,
                    ),
                    false,
                )
            } else {
                (
                    ParseFailure::new(
                        format!("invalid character '{c}' (U+{:04X})", c as u32),
                        start,
                        None,
                    ),
                    false,
                )
            }
        }
        LexicalErrorType::OtherError(msg) => {
            let text = source.get(start..end).unwrap_or("");
            let m = if msg.contains("Invalid decimal integer literal") {
                "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers".to_string()
            } else if text.starts_with("0x") || text.starts_with("0X") {
                "invalid hexadecimal literal".to_string()
            } else if text.starts_with("0o") || text.starts_with("0O") {
                "invalid octal literal".to_string()
            } else if text.starts_with("0b") || text.starts_with("0B") {
                "invalid binary literal".to_string()
            } else {
                return Some((ParseFailure::new("invalid syntax", start, None), true));
            };
            (ParseFailure::new(m, start, None), false)
        }
        LexicalErrorType::LineContinuationError => (
            ParseFailure::new("unexpected character after line continuation character", start, None),
            false,
        ),
        LexicalErrorType::InvalidByteLiteral => (
            ParseFailure::new("bytes can only contain ASCII literal characters", start, None),
            false,
        ),
        LexicalErrorType::UnicodeError
        | LexicalErrorType::MissingUnicodeLbrace
        | LexicalErrorType::MissingUnicodeRbrace => (
            ParseFailure::new(
                "(unicode error) 'unicodeescape' codec can't decode bytes: malformed \\N character escape",
                start,
                None,
            ),
            false,
        ),
        _ => return None,
    })
}

/// The line of the compound statement header whose block is missing: the
/// first token of the logical line that holds the last `:` before `offset`.
fn header_line(source: &str, tokens: &[Token], offset: usize) -> u32 {
    let index = LineIndex::new(source);
    let before: Vec<&Token> = tokens
        .iter()
        .filter(|t| t.range().start().to_usize() < offset)
        .collect();
    let Some(colon) = before.iter().rposition(|t| t.kind() == TokenKind::Colon) else {
        return index.line(offset.saturating_sub(1));
    };
    let mut first = colon;
    while first > 0 {
        let k = before[first - 1].kind();
        if matches!(
            k,
            TokenKind::Newline | TokenKind::Indent | TokenKind::Dedent
        ) {
            break;
        }
        first -= 1;
    }
    let mut i = first;
    while i < colon
        && matches!(
            before[i].kind(),
            TokenKind::Comment | TokenKind::NonLogicalNewline
        )
    {
        i += 1;
    }
    index.line(before[i].range().start().to_usize())
}

fn followed_by_assign(source: &str, end: usize) -> bool {
    let rest = source.get(end..).unwrap_or("");
    let rest = rest.trim_start_matches([' ', '\t', ')']);
    rest.starts_with('=') && !rest.starts_with("==")
}

/// CPython's `_PyPegen_get_expr_name` for the expression at `range`.
fn target_kind(module: &ModModule, range: TextRange) -> &'static str {
    struct Finder<'a> {
        range: TextRange,
        found: Option<&'a Expr>,
    }
    impl<'a> Visitor<'a> for Finder<'a> {
        fn visit_expr(&mut self, expr: &'a Expr) {
            if self.found.is_some() {
                return;
            }
            if expr.range() == self.range {
                self.found = Some(expr);
                return;
            }
            visitor::walk_expr(self, expr);
        }
    }
    let mut finder = Finder { range, found: None };
    for stmt in &module.body {
        finder.visit_stmt(stmt);
        if finder.found.is_some() {
            break;
        }
    }
    match finder.found {
        Some(e) => expr_kind_name(e),
        None => "expression",
    }
}

/// The name CPython uses for an expression kind in syntax errors.
pub fn expr_kind_name(e: &Expr) -> &'static str {
    match e {
        Expr::Attribute(_) => "attribute",
        Expr::Subscript(_) => "subscript",
        Expr::Starred(_) => "starred",
        Expr::Name(n) if n.id.as_str() == "__debug__" => "__debug__",
        Expr::Name(_) => "name",
        Expr::List(_) => "list",
        Expr::Tuple(_) => "tuple",
        Expr::Lambda(_) => "lambda",
        Expr::Call(_) => "function call",
        Expr::BoolOp(_) | Expr::BinOp(_) | Expr::UnaryOp(_) => "expression",
        Expr::Generator(_) => "generator expression",
        Expr::Yield(_) | Expr::YieldFrom(_) => "yield expression",
        Expr::Await(_) => "await expression",
        Expr::ListComp(_) => "list comprehension",
        Expr::SetComp(_) => "set comprehension",
        Expr::DictComp(_) => "dict comprehension",
        Expr::Dict(_) => "dict literal",
        Expr::Set(_) => "set display",
        Expr::FString(_) | Expr::TString(_) => "f-string expression",
        Expr::NoneLiteral(_) => "None",
        Expr::BooleanLiteral(b) if b.value => "True",
        Expr::BooleanLiteral(_) => "False",
        Expr::EllipsisLiteral(_) => "ellipsis",
        Expr::NumberLiteral(n) if matches!(n.value, Number::Complex { .. }) => "literal",
        Expr::StringLiteral(_) | Expr::BytesLiteral(_) | Expr::NumberLiteral(_) => "literal",
        Expr::Compare(_) => "comparison",
        Expr::If(_) => "conditional expression",
        Expr::Named(_) => "named expression",
        Expr::Slice(_) => "slice",
        Expr::IpyEscapeCommand(_) => "expression",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(src: &str) -> ParseFailure {
        match parse_module_detailed(src) {
            Ok(_) => panic!("expected an error for {src:?}"),
            Err(e) => e,
        }
    }

    #[test]
    fn line_index_maps_offsets() {
        let src = "ab\ncdé\r\nx\ry";
        let idx = LineIndex::new(src);
        assert_eq!(idx.line_col(src, 0), (1, 1));
        assert_eq!(idx.line_col(src, 3), (2, 1));
        assert_eq!(idx.line_col(src, 7), (2, 4));
        assert_eq!(idx.line_col(src, 9), (3, 1));
        assert_eq!(idx.line_col(src, 11), (4, 1));
        assert_eq!(idx.line_text(src, 2), Some("cdé"));
        assert_eq!(idx.line_count(), 4);
    }

    #[test]
    fn cpython_messages() {
        let cases: &[(&str, &str, bool)] = &[
            ("x = 1\n  y = 2\n", "unexpected indent", true),
            (
                "if x:\n    y = 2\n  z = 3\n",
                "unindent does not match any outer indentation level",
                true,
            ),
            (
                "if x:\ny = 2\n",
                "expected an indented block after 'if' statement on line 1",
                true,
            ),
            (
                "def f(a,\n      b):\n\nx = 1\n",
                "expected an indented block after function definition on line 1",
                true,
            ),
            ("x = (1,\n2\n", "'(' was never closed", false),
            ("x = [1, 2\ny = 3\n", "'[' was never closed", false),
            (
                "x = \"abc\n",
                "unterminated string literal (detected at line 1)",
                false,
            ),
            (
                "x = \"\"\"abc\n\n",
                "unterminated triple-quoted string literal (detected at line 2)",
                false,
            ),
            ("if x\n  pass\n", "expected ':'", false),
            (
                "1 = x\n",
                "cannot assign to literal here. Maybe you meant '==' instead of '='?",
                false,
            ),
            ("None = 1\n", "cannot assign to None", false),
            ("for 1 in x: pass\n", "cannot assign to literal", false),
            ("del f()\n", "cannot delete function call", false),
            (
                "f(x) += 1\n",
                "'function call' is an illegal expression for augmented assignment",
                false,
            ),
            ("x = 1)\n", "unmatched ')'", false),
            ("x = 1 +\n", "invalid syntax", false),
            (
                "f(a=1, b)\n",
                "positional argument follows keyword argument",
                false,
            ),
            ("# coding: foo\nx = 1\n", "encoding problem: foo", false),
        ];
        for (src, msg, indent) in cases {
            let e = err(src);
            assert_eq!(&e.message, msg, "for {src:?}");
            assert_eq!(e.indentation, *indent, "for {src:?}");
        }
    }

    #[test]
    fn coding_declarations() {
        assert_eq!(
            declared_encoding(b"# -*- coding: latin-1 -*-\n"),
            Some("latin-1".to_string())
        );
        assert_eq!(
            declared_encoding(b"#!/usr/bin/python\n# vim: set fileencoding=utf8 :\n"),
            Some("utf8".to_string())
        );
        assert_eq!(declared_encoding(b"x = 1\n# coding: foo\n"), None);
        assert_eq!(normalize_encoding("UTF_8"), Some("utf-8"));
        assert_eq!(normalize_encoding("iso-8859-1"), Some("latin-1"));
        assert_eq!(normalize_encoding("us-ascii"), Some("ascii"));
        assert_eq!(normalize_encoding("klingon"), None);
        assert!(parse_module("# -*- coding: utf-8 -*-\nx = 1\n").is_ok());
    }

    #[test]
    fn deep_brackets_are_refused() {
        let src = format!("x = {}1{}\n", "(".repeat(300), ")".repeat(300));
        let e = err(&src);
        assert_eq!(e.message, "too many nested parentheses");
        assert_eq!(e.offset, 4 + 200);
    }
}

/// How the lines of a source file group into statements, for reports that
/// count statements by line (line coverage): every line of a logical line
/// that spans several physical lines (a bracketed call, a multi-line
/// string) belongs to its first line, and the lines of docstrings hold no
/// statement.
#[derive(Clone, Debug, Default)]
pub struct StatementLines {
    /// Later lines of multi-line logical lines, to their first line.
    first_line: std::collections::HashMap<u32, u32>,
    /// Lines of module, class and function docstrings.
    docstring: std::collections::BTreeSet<u32>,
}

impl StatementLines {
    /// The analysis of `source`; `None` when it does not parse.
    pub fn of(source: &str) -> Option<StatementLines> {
        let options = ParseOptions::from(Mode::Module).with_target_version(PythonVersion::PY313);
        let parsed = std::panic::catch_unwind(|| parse_unchecked(source, options)).ok()?;
        if !parsed.errors().is_empty() {
            return None;
        }
        let index = LineIndex::new(source);
        let mut lines = StatementLines::default();
        let mut start: Option<u32> = None;
        for token in parsed.tokens().iter() {
            let kind = token.kind();
            if matches!(
                kind,
                TokenKind::Comment
                    | TokenKind::NonLogicalNewline
                    | TokenKind::Indent
                    | TokenKind::Dedent
            ) && start.is_none()
            {
                continue;
            }
            let first = *start.get_or_insert_with(|| index.line(token.range().start().to_usize()));
            let last = index.line(token.range().end().to_usize().saturating_sub(1));
            for line in first + 1..=last {
                lines.first_line.insert(line, first);
            }
            if kind == TokenKind::Newline {
                start = None;
            }
        }
        let module = parsed.try_into_module()?.into_syntax();
        struct Docstrings<'i> {
            index: &'i LineIndex,
            lines: std::collections::BTreeSet<u32>,
        }
        impl Docstrings<'_> {
            fn body(&mut self, body: &[ruff_python_ast::Stmt]) {
                if let Some(ruff_python_ast::Stmt::Expr(e)) = body.first() {
                    if let Expr::StringLiteral(_) = e.value.as_ref() {
                        let first = self.index.line(e.range.start().to_usize());
                        let last = self.index.line(e.range.end().to_usize().saturating_sub(1));
                        self.lines.extend(first..=last);
                    }
                }
            }
        }
        impl<'a> Visitor<'a> for Docstrings<'_> {
            fn visit_stmt(&mut self, stmt: &'a ruff_python_ast::Stmt) {
                match stmt {
                    ruff_python_ast::Stmt::FunctionDef(f) => self.body(&f.body),
                    ruff_python_ast::Stmt::ClassDef(c) => self.body(&c.body),
                    _ => {}
                }
                visitor::walk_stmt(self, stmt);
            }
        }
        let mut finder = Docstrings {
            index: &index,
            lines: Default::default(),
        };
        finder.body(&module.body);
        for stmt in &module.body {
            finder.visit_stmt(stmt);
        }
        lines.docstring = finder.lines;
        Some(lines)
    }

    /// The statement line that `line` belongs to (`None` for a docstring's).
    pub fn statement_of(&self, line: u32) -> Option<u32> {
        let first = self.first_line.get(&line).copied().unwrap_or(line);
        (!self.docstring.contains(&first)).then_some(first)
    }
}
