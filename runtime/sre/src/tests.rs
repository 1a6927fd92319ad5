//! Unit tests of the parser's errors and the matcher's semantics.

use crate::{compile, compile_str, Mode, IGNORECASE, MULTILINE};

fn spans(p: &str, t: &str, mode: Mode) -> Option<Vec<Option<(usize, usize)>>> {
    let r = compile_str(p, 0).expect("compiles");
    let cs: Vec<char> = t.chars().collect();
    r.exec(&cs[..], 0, cs.len(), mode, false).map(|c| c.spans)
}

fn whole(p: &str, t: &str) -> Option<(usize, usize)> {
    spans(p, t, Mode::Search).and_then(|s| s[0])
}

fn error(p: &str) -> String {
    compile_str(p, 0).expect_err("should fail").to_string()
}

#[test]
fn errors() {
    assert_eq!(
        error("("),
        "missing ), unterminated subpattern at position 0"
    );
    assert_eq!(error("*"), "nothing to repeat at position 0");
    assert_eq!(error("(?<x)"), "unknown extension ?<x at position 1");
    assert_eq!(error("\\q"), "bad escape \\q at position 0");
    assert_eq!(error("a)"), "unbalanced parenthesis at position 1");
    assert_eq!(error("[a"), "unterminated character set at position 0");
    assert_eq!(
        error("(?P<a>x)(?P<a>y)"),
        "redefinition of group name 'a' as group 2; was group 1 at position 12"
    );
    assert_eq!(
        error("(?<=a+)b"),
        "look-behind requires fixed-width pattern"
    );
    assert_eq!(error("a**"), "multiple repeat at position 2");
    assert_eq!(
        error("(?<=(?P<x>a)(?P=x))b"),
        "cannot refer to group defined in the same lookbehind subpattern at position 18"
    );
    assert_eq!(
        error("(?i)(?m)a|(?s)"),
        "global flags not at the start of the expression at position 10"
    );
    assert_eq!(error("[z-a]"), "bad character range z-a at position 1");
    assert_eq!(error("(a)\\3"), "invalid group reference 3 at position 4");
    assert_eq!(error("(?P=x)"), "unknown group name 'x' at position 4");
    assert_eq!(
        error("a(?i)"),
        "global flags not at the start of the expression at position 1"
    );
    assert_eq!(
        error("a{3,2}"),
        "min repeat greater than max repeat at position 2"
    );
    assert_eq!(
        error("(a)(?(1)a|b|c)"),
        "conditional backref with more than two branches at position 11"
    );
}

#[test]
fn basics() {
    assert_eq!(whole("abc", "xxabcx"), Some((2, 5)));
    assert_eq!(whole("a+", "baaa"), Some((1, 4)));
    assert_eq!(whole("a+?", "baaa"), Some((1, 2)));
    assert_eq!(whole("a*+a", "aaa"), None);
    assert_eq!(whole("(?>a*)a", "aaa"), None);
    assert_eq!(whole("(a|ab)(c|bcd)(d*)", "abcd"), Some((0, 4)));
    assert_eq!(whole("x$", "ax\n"), Some((1, 2)));
    assert_eq!(whole("x\\Z", "ax\n"), None);
    assert_eq!(whole("(?<=a)b", "cbab"), Some((3, 4)));
    assert_eq!(whole("(?<!a)b", "abcb"), Some((3, 4)));
    assert_eq!(whole("a(?=b)", "acab"), Some((2, 3)));
    assert_eq!(whole("a(?!b)", "abac"), Some((2, 3)));
    assert_eq!(whole("(a)?(?(1)b|c)", "xc"), Some((1, 2)));
    assert_eq!(whole("(a)?(?(1)b|c)", "ab"), Some((0, 2)));
    assert_eq!(whole("(\\w+) \\1", "hey hey"), Some((0, 7)));
    assert_eq!(whole("(?i)straße", "STRAßE"), Some((0, 6)));
    assert_eq!(whole("(?i)a|b", "xB"), Some((1, 2)));
    assert_eq!(whole("(?x) a | b ", "xb"), Some((1, 2)));
    assert_eq!(whole("(a)(?<=\\1)b", "xab"), Some((1, 3)));
    assert_eq!(whole("(?i)(?<=A)b", "ab"), Some((1, 2)));
    assert_eq!(whole("\\d+", "x١٢٣"), Some((1, 4)));
    assert_eq!(whole("a{2,3}", "aaaa"), Some((0, 3)));
    assert_eq!(whole("(?:ab){2}", "abababx"), Some((0, 4)));
    assert_eq!(whole("(?:ab){2,}?", "abababx"), Some((0, 4)));
    assert_eq!(whole("\\bfoo\\b", "a foo b"), Some((2, 5)));
    assert_eq!(
        spans("(a)|b", "b", Mode::Match),
        Some(vec![Some((0, 1)), None])
    );
    assert_eq!(
        spans("(a|b)*", "abab", Mode::FullMatch),
        Some(vec![Some((0, 4)), Some((3, 4))])
    );
    assert_eq!(
        spans("a|ab", "ab", Mode::FullMatch).map(|s| s[0]),
        Some(Some((0, 2)))
    );
}

#[test]
fn flags() {
    let r = compile_str("^b", MULTILINE).expect("compiles");
    let t: Vec<char> = "a\nb".chars().collect();
    assert!(r.exec(&t[..], 0, 3, Mode::Search, false).is_some());
    let r = compile_str("B", IGNORECASE).expect("compiles");
    assert!(r.exec(&t[..], 0, 3, Mode::Search, false).is_some());
    let r = compile(&[b'a' as u32, b'.' as u32], true, 0).expect("compiles");
    assert!(r.exec(&b"xab"[..], 0, 3, Mode::Search, false).is_some());
}

#[test]
fn long_inputs_do_not_overflow() {
    let t: String = "ab".repeat(100_000);
    assert_eq!(whole("(a|b)*", &t), Some((0, 200_000)));
    assert_eq!(whole("(?:a|b)*?$", &t), Some((0, 200_000)));
    assert_eq!(whole("(ab)+c|.*", &t), Some((0, 200_000)));
}

#[test]
fn find_all_empty_matches() {
    let r = compile_str("x*", 0).expect("compiles");
    let t: Vec<char> = "abxd".chars().collect();
    let all: Vec<_> = r
        .find_all(&t[..], 0, 4)
        .iter()
        .map(|c| c.spans[0])
        .collect();
    assert_eq!(
        all,
        vec![
            Some((0, 0)),
            Some((1, 1)),
            Some((2, 3)),
            Some((3, 3)),
            Some((4, 4))
        ]
    );
}
