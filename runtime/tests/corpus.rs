//! Differential test: every program of `shared/corpus/{lang,bench,errors,
//! invalidate}` run through the built `weft` binary must reproduce
//! CPython's stdout byte for byte, the last stderr line for `errors/`, and
//! the exit status. Programs listed in `corpus_known_failures.txt` are the
//! open work of the interpreter issue: they are run too, and the test
//! fails if one of them starts passing (so the list only ever shrinks) or
//! if any other program fails.
//!
//! The same programs (all but `monitoring/`, whose programs take tool ids
//! themselves) run again under each native monitoring tool
//! (`--coverage`, `--profile`, `--trace`), which must leave stdout, the
//! last stderr line and the exit status as they are; and `threads/` runs
//! 20 times in a row with a tool attached.

mod common;

use common::{last_line, run_weft, shared_dir};
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Duration;

fn check(category: &str, dir: &std::path::Path, name: &str, tool: &[&str]) -> Option<String> {
    let base = dir.join(name.trim_end_matches(".py"));
    let expected_out = std::fs::read(base.with_extension("out")).ok()?;
    let mut args = vec!["run"];
    args.extend_from_slice(tool);
    args.push(name);
    let o = run_weft(&args, dir, Duration::from_secs(60));
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

/// The programs of `categories`, as (category, directory, file name).
fn programs(shared: &std::path::Path, categories: &[&str]) -> Vec<(String, PathBuf, String)> {
    let mut programs = Vec::new();
    for category in categories {
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
    programs
}

/// Runs every program with `tool`'s options on two threads: each
/// program's `category/name` and its problems (`None` when it passed),
/// sorted.
fn run_all(programs: &[(String, PathBuf, String)], tool: &[&str]) -> Vec<(String, Option<String>)> {
    let queue = Mutex::new(programs.to_vec());
    let results = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let next = queue.lock().unwrap().pop();
                let Some((cat, dir, name)) = next else { break };
                let key = format!("{}/{}", cat, name.trim_end_matches(".py"));
                let r = check(&cat, &dir, &name, tool);
                results.lock().unwrap().push((key, r));
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort();
    results
}

fn known_failures() -> BTreeSet<String> {
    include_str!("corpus_known_failures.txt")
        .lines()
        .map(|l| l.trim())
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.to_string())
        .collect()
}

#[test]
fn corpus_matches_cpython() {
    let Some(shared) = shared_dir() else {
        eprintln!("shared/ not found; set WEFT_SHARED");
        return;
    };
    let known = known_failures();
    let programs = programs(
        &shared,
        &[
            "lang",
            "bench",
            "errors",
            "invalidate",
            "threads",
            "monitoring",
        ],
    );
    assert!(
        programs.len() >= 102,
        "corpus incomplete: {}",
        programs.len()
    );
    let results = run_all(&programs, &[]);
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

/// Failures of `programs` under `tool` that are not known failures.
fn failures_with(programs: &[(String, PathBuf, String)], tool: &[&str]) -> Vec<String> {
    let known = known_failures();
    run_all(programs, tool)
        .into_iter()
        .filter_map(|(key, r)| match r {
            Some(p) if !known.contains(&key) => Some(format!("FAIL {key} with {tool:?}: {p}")),
            _ => None,
        })
        .collect()
}

#[test]
fn corpus_output_is_unchanged_under_each_native_tool() {
    let Some(shared) = shared_dir() else {
        eprintln!("shared/ not found; set WEFT_SHARED");
        return;
    };
    let programs = programs(
        &shared,
        &["lang", "bench", "errors", "invalidate", "threads"],
    );
    let mut failures = Vec::new();
    for tool in ["--coverage", "--profile", "--trace"] {
        failures.extend(failures_with(&programs, &[tool]));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn threads_corpus_passes_20_runs_in_a_row_with_a_tool_attached() {
    let Some(shared) = shared_dir() else {
        eprintln!("shared/ not found; set WEFT_SHARED");
        return;
    };
    let programs = programs(&shared, &["threads"]);
    assert!(programs.len() >= 12);
    // All three tools at once: coverage's DISABLEs remove markers while
    // the tracer's LINE keeps them and the profiler times every call.
    for round in 0..20 {
        let failures = failures_with(&programs, &["--coverage", "--profile", "--trace"]);
        assert!(
            failures.is_empty(),
            "round {round}:\n{}",
            failures.join("\n")
        );
    }
}
