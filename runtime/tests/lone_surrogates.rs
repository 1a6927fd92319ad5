//! Weft's refusal of lone surrogates (its `str` is UTF-8): string
//! literals with `\uD800`-style escapes (even a valid high/low pair,
//! which CPython keeps as two lone surrogates), `chr()` of a surrogate,
//! and the `surrogateescape`/`surrogatepass` decode handlers all fail
//! with an error that names the limitation, instead of the silent U+FFFD
//! substitution they used to give. Not a CPython differential test:
//! CPython accepts all of these.

mod common;

use std::time::Duration;

/// Runs `code` with `weft -c`; (stdout, stderr).
fn run(code: &str) -> (String, String) {
    let dir = std::env::temp_dir();
    let out = common::run_weft(&["-c", code], &dir, Duration::from_secs(60));
    assert!(!out.timed_out, "weft timed out");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const REFUSAL: &str = "lone surrogates are not supported by Weft";

#[test]
fn surrogate_escapes_in_literals_are_syntax_errors() {
    let code = r#"
sources = [
    '"\\ud800"', '"a\\udfff"', '"\\U0000d800"', '"\\ud83d\\ude00"',
    'f"x{1}\\udc80"', '"\\\\ud800"', 'r"\\ud800"', 'b"\\ud800"', '"\\u00e9"',
]
for src in sources:
    for mode in ["eval", "exec"]:
        try:
            code = compile(src, "<literal>", mode)
            print("compiled", ascii(eval(code)) if mode == "eval" else "")
        except SyntaxError as e:
            print(type(e).__name__, e.msg)
"#;
    let (stdout, stderr) = run(code);
    assert_eq!(stderr, "");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 18, "{stdout}");
    let refused = format!("SyntaxError (unicode error) {REFUSAL}");
    for line in &lines[..10] {
        assert!(line.starts_with(&refused), "{line}");
    }
    assert!(lines[0].contains("\\ud800"), "{}", lines[0]);
    assert!(lines[2].contains("\\udfff"), "{}", lines[2]);
    assert!(lines[6].contains("\\ud83d"), "{}", lines[6]);
    assert_eq!(lines[10], "compiled '\\\\ud800'");
    assert_eq!(lines[12], "compiled '\\\\ud800'");
    assert_eq!(lines[14], "compiled b'\\\\ud800'");
    assert_eq!(lines[16], "compiled '\\xe9'");
}

#[test]
fn surrogate_literal_in_a_script_is_reported_at_compile_time() {
    let (stdout, stderr) = run("print('before')\ns = '\\ud800'\n");
    assert_eq!(stdout, "");
    assert!(
        stderr.contains("SyntaxError: (unicode error) lone surrogates are not supported by Weft"),
        "{stderr}"
    );
}

#[test]
fn chr_of_a_surrogate_is_refused() {
    let code = r#"
for n in [0xd800, 0xdbff, 0xdc00, 0xdfff]:
    try:
        chr(n)
    except NotImplementedError as e:
        print(e)
print(ascii(chr(0xd7ff)), ascii(chr(0xe000)))
"#;
    let (stdout, stderr) = run(code);
    assert_eq!(stderr, "");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 5, "{stdout}");
    assert!(
        lines[0].starts_with(REFUSAL) && lines[0].contains("chr(0xd800)"),
        "{}",
        lines[0]
    );
    assert!(lines[3].contains("chr(0xdfff)"), "{}", lines[3]);
    assert_eq!(lines[4], "'\\ud7ff' '\\ue000'");
}

#[test]
fn surrogate_error_handlers_refuse_undecodable_bytes() {
    let code = r#"
cases = [
    (b"a\xff", "utf-8", "surrogateescape"),
    (b"\xed\xa0\x80", "utf-8", "surrogatepass"),
    (b"a\x80", "ascii", "surrogateescape"),
]
for data, enc, errors in cases:
    try:
        print(ascii(data.decode(enc, errors)))
    except NotImplementedError as e:
        print("NotImplementedError", e)
print(b"plain".decode("utf-8", "surrogateescape"), "x".encode("ascii", "surrogateescape"))
try:
    "\xe9".encode("ascii", "surrogateescape")
except UnicodeEncodeError as e:
    print("UnicodeEncodeError", e)
"#;
    let (stdout, stderr) = run(code);
    assert_eq!(stderr, "");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 5, "{stdout}");
    for line in &lines[..3] {
        assert!(
            line.starts_with(&format!("NotImplementedError {REFUSAL}")),
            "{line}"
        );
    }
    assert!(lines[0].contains("surrogateescape"));
    assert!(lines[1].contains("surrogatepass"));
    assert_eq!(lines[3], "plain b'x'");
    assert!(
        lines[4].starts_with("UnicodeEncodeError 'ascii' codec can't encode"),
        "{}",
        lines[4]
    );
}
