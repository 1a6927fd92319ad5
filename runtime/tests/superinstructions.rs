//! Superinstructions end to end: quickening installs them (and
//! `--no-specialize` does not), `dis` shows them only when adaptive, a jump
//! into the second half of a pair runs that instruction alone, and an
//! error raised by a fused second half is reported at the second
//! instruction (its line, its exception handler).

mod common;

use common::run_weft;
use std::path::PathBuf;
use std::time::Duration;

/// Runs `source` as `t.py` in a fresh directory with `weft ARGS t.py`;
/// (stdout, stderr, exit status).
fn run(args: &[&str], source: &str) -> (String, String, Option<i32>) {
    let dir: PathBuf = std::env::temp_dir().join(format!(
        "weft-super-{}-{}",
        std::process::id(),
        source.len() ^ args.len() << 20
    ));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("t.py"), source).unwrap();
    let mut all: Vec<&str> = args.to_vec();
    all.push("t.py");
    let o = run_weft(&all, &dir, Duration::from_secs(60));
    let _ = std::fs::remove_dir_all(&dir);
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
        o.status,
    )
}

const PAIRS: &str = "import dis
def f(a, b):
    c = a + b
    d = c * 2
    x = y = d
    return a + d + x + y
for i in range(5):
    f(i, 2)
print('plain')
dis.dis(f)
print('adaptive')
dis.dis(f, adaptive=True)
";

/// The opcode names in the `dis` listing between `from` and `to`.
fn names(out: &str, from: &str, to: Option<&str>) -> Vec<String> {
    let start = out.find(from).expect("section") + from.len();
    let end = to
        .and_then(|t| out[start..].find(t))
        .map_or(out.len(), |e| start + e);
    out[start..end]
        .lines()
        .filter_map(|l| {
            l.split_whitespace()
                .find(|w| w.chars().all(|c| c.is_ascii_uppercase() || c == '_') && w.len() > 2)
                .map(str::to_string)
        })
        .collect()
}

#[test]
fn quickening_installs_the_pairs_and_dis_shows_them_only_when_adaptive() {
    let (out, err, status) = run(&["run"], PAIRS);
    assert_eq!(status, Some(0), "{err}");
    let plain = names(&out, "plain\n", Some("adaptive\n"));
    let adaptive = names(&out, "adaptive\n", None);
    assert!(plain.iter().all(|n| !n.contains("__")), "{plain:?}");
    for sup in [
        "LOAD_FAST__LOAD_FAST",
        "STORE_FAST__LOAD_FAST",
        "LOAD_FAST__LOAD_CONST",
        "STORE_FAST__STORE_FAST",
    ] {
        assert!(
            adaptive.iter().any(|n| n == sup),
            "{sup} missing: {adaptive:?}"
        );
    }
    // The second instruction of each pair stays in place.
    assert_eq!(plain.len(), adaptive.len(), "{plain:?}\n{adaptive:?}");
    for (p, a) in plain.iter().zip(&adaptive) {
        if let Some((first, _)) = a.split_once("__") {
            assert_eq!(p, first);
        }
    }

    let (out, err, status) = run(&["run", "--no-specialize"], PAIRS);
    assert_eq!(status, Some(0), "{err}");
    let adaptive = names(&out, "adaptive\n", None);
    assert!(adaptive.iter().all(|n| !n.contains("__")), "{adaptive:?}");
}

#[test]
fn a_jump_to_the_second_half_runs_it_alone() {
    // `i = 0` then the loop head `i < n` (a jump target): STORE_FAST i is
    // fused with the LOAD_FAST i that every iteration jumps back to.
    let src = "def g(n):
    total = 0
    i = 0
    while i < n:
        total += i * i
        i += 1
    return total
print(sum(g(k) for k in range(60)))
";
    for args in [&["run"][..], &["run", "--no-specialize"][..]] {
        let (out, err, status) = run(args, src);
        assert_eq!(status, Some(0), "{err}");
        assert_eq!(out.trim(), "1009490", "{args:?}");
    }
}

#[test]
fn an_error_in_a_fused_second_half_is_the_second_instructions() {
    // `x` and `z` are loaded by one LOAD_FAST__LOAD_FAST; `z` is unbound,
    // on the next line, and only that line is inside the `try`.
    let src = "def k(catch):
    x = 1
    if catch:
        try:
            return (x +
                    z)
        except UnboundLocalError as e:
            return 'caught: ' + str(e)
    y = (x +
         z)
    z = 0
    return y
for _ in range(5):
    print(k(True))
k(False)
";
    let (out, err, status) = run(&["run"], src);
    assert_eq!(status, Some(1), "{out}\n{err}");
    assert_eq!(
        out.lines().last(),
        Some("caught: cannot access local variable 'z' where it is not associated with a value")
    );
    assert!(err.contains("line 10, in k"), "{err}");
    assert!(err.trim_end().ends_with(
        "UnboundLocalError: cannot access local variable 'z' where it is not associated with a value"
    ));
}
