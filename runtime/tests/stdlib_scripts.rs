//! The standard library's differential tests: every `stdlib/NAME.py` runs
//! under Weft, with the specializer on and then off, and must print
//! exactly `stdlib/NAME.out`, which is what `python3.11 NAME.py` printed
//! in that folder. A new module's test is a new pair of files there; this
//! runner finds it without an edit. Scripts run two at a time, and every
//! mismatch is reported before the test fails.

mod common;

use common::run_weft;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The test scripts under `stdlib/`, sorted by name.
fn scripts(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("runtime/tests/stdlib exists")
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().to_string_lossy().to_string();
            name.strip_suffix(".py").map(str::to_string)
        })
        .collect();
    names.sort();
    names
}

/// The mismatches of one script under `flags`, as report lines.
fn mismatches(dir: &Path, name: &str, flags: &[&str]) -> Option<String> {
    let script = format!("{name}.py");
    let mut args = vec!["run"];
    args.extend_from_slice(flags);
    args.push(&script);
    let out = run_weft(&args, dir, Duration::from_secs(120));
    let expected = match std::fs::read_to_string(dir.join(format!("{name}.out"))) {
        Ok(text) => text,
        Err(e) => return Some(format!("{name}: no {name}.out ({e})")),
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    if out.status != Some(0) {
        return Some(format!(
            "{name} {flags:?}: exit {:?}\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    if stdout != expected {
        let line = stdout
            .lines()
            .zip(expected.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| stdout.lines().count().min(expected.lines().count()));
        return Some(format!(
            "{name} {flags:?}: output differs from line {}:\n  weft:    {:?}\n  cpython: {:?}",
            line + 1,
            stdout.lines().nth(line).unwrap_or("<end>"),
            expected.lines().nth(line).unwrap_or("<end>")
        ));
    }
    None
}

#[test]
fn stdlib_scripts_match_cpython() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/stdlib");
    let names = scripts(&dir);
    assert!(!names.is_empty(), "no scripts in {}", dir.display());
    let failures: Vec<String> = std::thread::scope(|scope| {
        let halves: Vec<_> = [0, 1]
            .into_iter()
            .map(|half| {
                let (dir, names) = (&dir, &names);
                scope.spawn(move || {
                    names
                        .iter()
                        .skip(half)
                        .step_by(2)
                        .flat_map(|name| {
                            [&[][..], &["--no-specialize"][..]]
                                .into_iter()
                                .filter_map(move |flags| mismatches(dir, name, flags))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        halves
            .into_iter()
            .flat_map(|h| h.join().expect("a runner thread"))
            .collect()
    });
    assert!(
        failures.is_empty(),
        "{} of {} stdlib scripts differ from CPython:\n{}",
        failures.len(),
        names.len(),
        failures.join("\n")
    );
}
