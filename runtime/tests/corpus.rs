//! Differential test: every program of `shared/corpus/{lang,bench,errors,
//! invalidate}` run through the built `weft` binary must reproduce
//! CPython's stdout byte for byte, the last stderr line for `errors/`, and
//! the exit status. Programs listed in `corpus_known_failures.txt` are the
//! open work of the interpreter issue: they are run too, and the test
//! fails if one of them starts passing (so the list only ever shrinks) or
//! if any other program fails.

mod common;

use common::{last_line, run_weft, shared_dir};
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Duration;

fn check(category: &str, dir: &std::path::Path, name: &str) -> Option<String> {
    let base = dir.join(name.trim_end_matches(".py"));
    let expected_out = std::fs::read(base.with_extension("out")).ok()?;
    let o = run_weft(&["run", name], dir, Duration::from_secs(60));
    if o.timed_out {
        return Some("timed out".into());
    }
    let mut problems = Vec::new();
    if o.stdout != expected_out {
        let exp = String::from_utf8_lossy(&expected_out).to_string();
        let got = String::from_utf8_lossy(&o.stdout).to_string();
        let line = exp
            .lines()
            .zip(got.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(exp.lines().count().min(got.lines().count()));
        problems.push(format!(
            "stdout differs at line {}: expected {:?}, got {:?}",
            line + 1,
            exp.lines().nth(line).unwrap_or("<end>"),
            got.lines().nth(line).unwrap_or("<end>")
        ));
    }
    if category == "errors" {
        let want = std::fs::read_to_string(base.with_extension("err")).unwrap_or_default();
        let got = last_line(&o.stderr);
        if got != want.trim() {
            problems.push(format!(
                "last stderr line: expected {:?}, got {:?}",
                want.trim(),
                got
            ));
        }
        if o.status != Some(1) {
            problems.push(format!("exit status {:?}, expected 1", o.status));
        }
    } else if o.status != Some(0) {
        problems.push(format!(
            "exit status {:?} (stderr: {})",
            o.status,
            last_line(&o.stderr)
        ));
    }
    if problems.is_empty() {
        None
    } else {
        Some(problems.join("; "))
    }
}

#[test]
fn corpus_matches_cpython() {
    let Some(shared) = shared_dir() else {
        eprintln!("shared/ not found; set WEFT_SHARED");
        return;
    };
    let known: BTreeSet<String> = include_str!("corpus_known_failures.txt")
        .lines()
        .map(|l| l.trim())
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.to_string())
        .collect();
    let mut programs: Vec<(String, PathBuf, String)> = Vec::new();
    for category in [
        "lang",
        "bench",
        "errors",
        "invalidate",
        "threads",
        "monitoring",
    ] {
        let dir = shared.join("corpus").join(category);
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .expect("corpus dir")
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().to_string())
            .filter(|n| n.ends_with(".py") && !n.starts_with('_'))
            .collect();
        names.sort();
        for n in names {
            programs.push((category.to_string(), dir.clone(), n));
        }
    }
    assert!(
        programs.len() >= 102,
        "corpus incomplete: {}",
        programs.len()
    );
    let queue = Mutex::new(programs.clone());
    let results = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let next = queue.lock().unwrap().pop();
                let Some((cat, dir, name)) = next else { break };
                let key = format!("{}/{}", cat, name.trim_end_matches(".py"));
                let r = check(&cat, &dir, &name);
                results.lock().unwrap().push((key, r));
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort();
    let mut unexpected = Vec::new();
    let mut fixed = Vec::new();
    let mut passed = 0;
    for (key, r) in &results {
        match (r, known.contains(key)) {
            (None, false) => passed += 1,
            (None, true) => fixed.push(key.clone()),
            (Some(p), false) => unexpected.push(format!("FAIL {key}: {p}")),
            (Some(_), true) => {}
        }
    }
    println!(
        "corpus: {} passed, {} known failures, {} unexpected failures, {} fixed",
        passed,
        known.len(),
        unexpected.len(),
        fixed.len()
    );
    for u in &unexpected {
        println!("{u}");
    }
    assert!(
        unexpected.is_empty(),
        "{} corpus programs fail:\n{}",
        unexpected.len(),
        unexpected.join("\n")
    );
    assert!(
        fixed.is_empty(),
        "now passing, remove from corpus_known_failures.txt: {:?}",
        fixed
    );
}
