//! The native monitoring tools: `weft run --coverage[=json]`,
//! `--profile` and `--trace` against recorded references (coverage.py's
//! report of `scripts/coverage_threads.py`, recorded with coverage.py
//! 7.18 under CPython 3.11: `coverage run coverage_threads.py; coverage
//! report -m` and `coverage json`), exact counts while threads run, the
//! program's stdout and exit status untouched; and the embedding API's
//! `Runtime::attach_tool` with a tool of the host's.

mod common;

use common::run_weft;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use weft::tools::{events, Action, EventSet, Location, Tool};
use weft::{Runtime, RuntimeOptions};

fn scripts() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scripts")
}

fn run_in(dir: &Path, args: &[&str]) -> (String, String, Option<i32>) {
    let out = run_weft(args, dir, Duration::from_secs(60));
    assert!(!out.timed_out, "{args:?} timed out");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status,
    )
}

fn expected(name: &str) -> String {
    std::fs::read_to_string(scripts().join(name)).unwrap()
}

#[test]
fn coverage_report_is_coverage_py_s() {
    let (stdout, stderr, status) =
        run_in(&scripts(), &["run", "--coverage", "coverage_threads.py"]);
    assert_eq!(status, Some(0), "{stderr}");
    assert_eq!(stdout, expected("coverage_threads.out"));
    assert_eq!(stderr, expected("coverage_threads.coverage"));
}

#[test]
fn coverage_json_has_coverage_py_s_lines_and_summary() {
    let (stdout, stderr, status) = run_in(
        &scripts(),
        &["run", "--coverage=json", "coverage_threads.py"],
    );
    assert_eq!(status, Some(0), "{stderr}");
    assert_eq!(stdout, expected("coverage_threads.out"));
    let got: serde_json::Value = serde_json::from_str(&stderr).expect("a JSON report");
    let want: serde_json::Value = serde_json::from_str(&expected("coverage_threads.json")).unwrap();
    let file = &got["files"]["coverage_threads.py"];
    assert_eq!(file["executed_lines"], want["executed_lines"]);
    assert_eq!(file["missing_lines"], want["missing_lines"]);
    for key in [
        "covered_lines",
        "num_statements",
        "missing_lines",
        "percent_covered_display",
    ] {
        assert_eq!(file["summary"][key], want["summary"][key], "{key}");
    }
    assert_eq!(
        got["totals"]["num_statements"],
        want["summary"]["num_statements"]
    );
}

/// A scratch directory with one script in it.
fn script_dir(name: &str, text: &str) -> tempdir::Dir {
    let dir = tempdir::Dir::new(name);
    std::fs::write(dir.path().join("prog.py"), text).unwrap();
    dir
}

mod tempdir {
    /// A directory under the target dir, removed on drop.
    pub struct Dir(std::path::PathBuf);
    impl Dir {
        pub fn new(name: &str) -> Dir {
            let p = std::env::temp_dir().join(format!("weft-tools-{}-{name}", std::process::id()));
            let _ = std::fs::remove_dir_all(&p);
            std::fs::create_dir_all(&p).unwrap();
            Dir(p)
        }
        pub fn path(&self) -> &std::path::Path {
            &self.0
        }
    }
    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

const THREADED_CALLS: &str = "\
import threading

def leaf(x):
    return x + 1

def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)

def work():
    for i in range(2500):
        leaf(i)
    fact(10)

ts = [threading.Thread(target=work) for _ in range(4)]
for t in ts:
    t.start()
for t in ts:
    t.join()
print('done')
";

/// The profile row of `label`: its columns before the label.
fn profile_row<'r>(report: &'r str, label: &str) -> Vec<&'r str> {
    let line = report
        .lines()
        .find(|l| l.ends_with(label))
        .unwrap_or_else(|| panic!("no row for {label} in\n{report}"));
    line.split_whitespace().collect()
}

#[test]
fn profile_counts_every_call_of_every_thread() {
    let dir = script_dir("profile", THREADED_CALLS);
    let (stdout, stderr, status) = run_in(dir.path(), &["run", "--profile", "prog.py"]);
    assert_eq!((stdout.as_str(), status), ("done\n", Some(0)), "{stderr}");
    assert_eq!(profile_row(&stderr, "prog.py:3(leaf)")[0], "10000");
    assert_eq!(profile_row(&stderr, "prog.py:9(work)")[0], "4");
    // Recursion: 40 calls, 4 of them primitive (not inside another fact).
    assert_eq!(profile_row(&stderr, "prog.py:6(fact)")[0], "40/4");
    let lines: Vec<&str> = stderr.lines().collect();
    assert!(
        lines[0].trim_start().starts_with(&format!(
            "{} function calls (",
            stderr
                .lines()
                .skip(5)
                .filter_map(|l| l.split_whitespace().next())
                .filter_map(|n| n.split('/').next()?.parse::<u64>().ok())
                .sum::<u64>()
        )),
        "{}",
        lines[0]
    );
    assert_eq!(lines[2], "   Ordered by: cumulative time");
    assert_eq!(
        lines[4],
        "   ncalls  tottime  percall  cumtime  percall filename:lineno(function)"
    );
    // Sorted by cumulative time (threads' times add up, so <module> need
    // not come first).
    let cumulative: Vec<f64> = lines[5..]
        .iter()
        .take_while(|l| !l.is_empty())
        .map(|l| l.split_whitespace().nth(3).unwrap().parse().unwrap())
        .collect();
    assert!(cumulative.len() > 5);
    assert!(cumulative.windows(2).all(|w| w[0] >= w[1]), "{stderr}");
}

#[test]
fn trace_writes_every_line_of_every_thread() {
    let dir = script_dir(
        "trace",
        "import threading\n\ndef work(n):\n    for i in range(n):\n        pass\n\nts = [threading.Thread(target=work, args=(300,)) for _ in range(2)]\nfor t in ts:\n    t.start()\nfor t in ts:\n    t.join()\n",
    );
    let (stdout, stderr, status) = run_in(dir.path(), &["run", "--trace", "prog.py"]);
    assert_eq!((stdout.as_str(), status), ("", Some(0)), "{stderr}");
    let mut body_lines_per_thread = std::collections::BTreeMap::new();
    for line in stderr.lines() {
        if line.ends_with("prog.py(5):         pass") {
            let thread = line.split(']').next().unwrap().to_string();
            *body_lines_per_thread.entry(thread).or_insert(0) += 1;
        }
    }
    let counts: Vec<i32> = body_lines_per_thread.values().copied().collect();
    assert_eq!(counts, vec![300, 300], "{body_lines_per_thread:?}");
    assert!(stderr.starts_with("[thread "), "{stderr}");
    assert!(stderr.contains("prog.py(1): import threading\n"));
}

#[test]
fn tools_leave_stdout_exit_status_and_the_traceback_last() {
    let dir = script_dir(
        "status",
        "import sys\nprint('before')\nif len(sys.argv) > 1:\n    sys.exit(3)\n1 / 0\n",
    );
    for tool in ["--coverage", "--coverage=json", "--profile", "--trace"] {
        let (stdout, stderr, status) = run_in(dir.path(), &["run", tool, "prog.py"]);
        assert_eq!((stdout.as_str(), status), ("before\n", Some(1)), "{tool}");
        assert_eq!(
            stderr.lines().last(),
            Some("ZeroDivisionError: division by zero"),
            "{tool}: {stderr}"
        );
        let (stdout, _, status) = run_in(dir.path(), &["run", tool, "prog.py", "x"]);
        assert_eq!((stdout.as_str(), status), ("before\n", Some(3)), "{tool}");
    }
}

/// A host's tool: counts PY_START per function name and LINE events.
#[derive(Default)]
struct Counter {
    starts: parking_lot::Mutex<std::collections::HashMap<String, u64>>,
    lines: AtomicU64,
}

impl Tool for Counter {
    fn events(&self) -> EventSet {
        events::PY_START | events::LINE
    }
    fn py_start(&self, at: &Location) -> Action {
        *self
            .starts
            .lock()
            .entry(at.qualname().to_string())
            .or_default() += 1;
        Action::Continue
    }
    fn line(&self, _at: &Location, _line: u32) -> Action {
        self.lines.fetch_add(1, Ordering::Relaxed);
        Action::Continue
    }
}

const COUNTED: &str = "\
def step(x):
    y = x * 2
    return y + 1

def run(n):
    total = 0
    for i in range(n):
        total += step(i)
    return total
";

#[test]
fn a_host_tool_counts_exactly_while_threads_run() {
    let rt = Runtime::new(RuntimeOptions::default());
    let m = rt.load_module("counted", COUNTED).unwrap();
    // Warm up: the code is specialized before the tool comes.
    assert_eq!(m.call::<(i64,), i64>("run", (1000,)).unwrap(), 1_000_000);
    let counter = Arc::new(Counter::default());
    rt.attach_tool(4, "host counter", counter.clone()).unwrap();
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| {
                assert_eq!(m.call::<(i64,), i64>("run", (500,)).unwrap(), 250_000);
            });
        }
    });
    rt.detach_tool(4);
    let starts = counter.starts.lock().clone();
    assert_eq!(starts.get("step"), Some(&2000));
    assert_eq!(starts.get("run"), Some(&4));
    // As CPython 3.13 counts them: run's `total = 0`, its `for` line 501
    // times (once more to leave the loop), the body 500 times and the
    // return; step's two lines per call.
    let per_run = 1 + 501 + 500 + 1 + 2 * 500;
    assert_eq!(counter.lines.load(Ordering::Relaxed), 4 * per_run);
    // Detached: nothing more arrives.
    m.call::<(i64,), i64>("run", (10,)).unwrap();
    assert_eq!(counter.lines.load(Ordering::Relaxed), 4 * per_run);
}

#[test]
fn attaching_takes_the_tool_id() {
    let rt = Runtime::new(RuntimeOptions::default());
    let counter = Arc::new(Counter::default());
    rt.attach_tool(5, "first", counter.clone()).unwrap();
    let err = rt.attach_tool(5, "second", counter.clone()).unwrap_err();
    assert_eq!(
        (err.type_name.as_str(), err.message.as_str()),
        ("ValueError", "tool 5 is already in use")
    );
    let m = rt
        .load_module(
            "names",
            "import sys\ndef name():\n    return sys.monitoring.get_tool(5)\n",
        )
        .unwrap();
    assert_eq!(m.call::<(), String>("name", ()).unwrap(), "first");
    rt.detach_tool(5);
    assert_eq!(m.call::<(), Option<String>>("name", ()).unwrap(), None);
    let err = rt.attach_tool(6, "bad", counter).unwrap_err();
    assert_eq!(err.message, "invalid tool 6 (must be between 0 and 5)");
}

#[test]
fn another_runtime_s_threads_do_not_call_the_tool() {
    let host = Runtime::new(RuntimeOptions::default());
    let other = Runtime::new(RuntimeOptions::default());
    let counter = Arc::new(Counter::default());
    host.attach_tool(3, "host only", counter.clone()).unwrap();
    let m = other.load_module("elsewhere", COUNTED).unwrap();
    m.call::<(i64,), i64>("run", (50,)).unwrap();
    let seen = counter.lines.load(Ordering::Relaxed);
    let mine = host.load_module("here", COUNTED).unwrap();
    mine.call::<(i64,), i64>("run", (50,)).unwrap();
    host.detach_tool(3);
    assert_eq!(seen, 0);
    assert!(counter.lines.load(Ordering::Relaxed) > 0);
}

const LOOPS: &str = "\
def place(row, n, seen, out):
    if row == n:
        out.append(1)
        return
    for c in range(n):
        if c in seen or (row + c) % 7 == 3:
            continue
        seen.add(c)
        place(row + 1, n, seen, out)
        seen.discard(c)

def run_place(n):
    out = []
    place(0, n, set(), out)
    return len(out)

def one_line(xs):
    total = 0
    for x in xs: total += x
    while total > 100: total -= 100
    return total
";

/// Coverage answers DISABLE at each line's first hit: once every line of
/// the loops has run, no instruction of theirs is left instrumented (no
/// marker, and no jump kept as a twin to tell a marker where it came
/// from), so covered code runs at full speed.
#[test]
fn covered_loops_are_left_without_instrumentation() {
    let rt = Runtime::new(RuntimeOptions::default());
    let coverage = Arc::new(weft::tools::coverage::Coverage::default());
    rt.attach_tool(1, "coverage", coverage.clone()).unwrap();
    let m = rt.load_module("loops", LOOPS).unwrap();
    for _ in 0..3 {
        m.call::<(i64,), i64>("run_place", (5,)).unwrap();
        m.call::<(Vec<i64>,), i64>("one_line", (vec![70, 80, 90],))
            .unwrap();
    }
    let instrumented: Vec<String> = weft::monitoring::loaded_code()
        .into_iter()
        .filter(|code| code.filename == "<loops>")
        .flat_map(|code| {
            code.units
                .instructions()
                .filter(|(_, op, _)| op.is_instrumented() || op.is_marker())
                .map(move |(i, op, _)| format!("{} unit {i}: {op:?}", code.qualname))
                .collect::<Vec<_>>()
        })
        .collect();
    rt.detach_tool(1);
    assert!(instrumented.is_empty(), "{instrumented:#?}");
}
