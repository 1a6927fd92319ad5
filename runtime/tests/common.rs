//! Shared helpers of the integration tests: locating the differential
//! corpus and running the built `weft` binary with a timeout.

#![allow(dead_code)]

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The `shared/` folder beside the repository (or `$WEFT_SHARED`).
pub fn shared_dir() -> Option<PathBuf> {
    if let Ok(p) = std::env::var("WEFT_SHARED") {
        return Some(PathBuf::from(p));
    }
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared");
    p.is_dir().then(|| p.canonicalize().unwrap_or(p))
}

/// What a run produced.
pub struct Outcome {
    pub status: Option<i32>,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub timed_out: bool,
}

/// Runs `weft ARGS` in `cwd` with stdin closed, killing it after `timeout`.
pub fn run_weft(args: &[&str], cwd: &Path, timeout: Duration) -> Outcome {
    let mut child = Command::new(env!("CARGO_BIN_EXE_weft"))
        .args(args)
        .current_dir(cwd)
        .env("PYTHONIOENCODING", "utf-8")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn weft");
    let mut out = child.stdout.take().expect("stdout");
    let mut err = child.stderr.take().expect("stderr");
    let t_out = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = out.read_to_end(&mut v);
        v
    });
    let t_err = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = err.read_to_end(&mut v);
        v
    });
    let start = Instant::now();
    let mut timed_out = false;
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break s.code(),
            Ok(None) => {
                if start.elapsed() > timeout {
                    let _ = child.kill();
                    timed_out = true;
                    break child.wait().ok().and_then(|s| s.code());
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            Err(_) => break None,
        }
    };
    Outcome {
        status,
        stdout: t_out.join().unwrap_or_default(),
        stderr: t_err.join().unwrap_or_default(),
        timed_out,
    }
}

/// The last non-empty line of some output.
pub fn last_line(b: &[u8]) -> String {
    String::from_utf8_lossy(b)
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("")
        .trim()
        .to_string()
}

static RUN: AtomicUsize = AtomicUsize::new(0);

/// Runs `source` with `weft run --stats=json` in a fresh directory and
/// returns (stdout, the stats JSON line); the run must succeed.
pub fn run_with_stats(source: &str) -> (String, String) {
    let dir = std::env::temp_dir().join(format!(
        "weft-stats-{}-{}",
        std::process::id(),
        RUN.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("t.py"), source).unwrap();
    let o = run_weft(
        &["run", "--stats=json", "t.py"],
        &dir,
        Duration::from_secs(60),
    );
    assert_eq!(
        o.status,
        Some(0),
        "stderr: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let stdout = String::from_utf8_lossy(&o.stdout).to_string();
    let stats = String::from_utf8_lossy(&o.stderr)
        .lines()
        .last()
        .unwrap_or("")
        .to_string();
    let _ = std::fs::remove_dir_all(&dir);
    (stdout, stats)
}

/// Extracts `"family": {... "field": N ...}` from the stats JSON.
pub fn stat(json: &str, family: &str, field: &str) -> u64 {
    let start = json
        .find(&format!("\"{family}\": {{"))
        .unwrap_or_else(|| panic!("no {family} in {json}"));
    // Fields come in a fixed order inside the family's object, so the first
    // occurrence after the family's name is its own.
    let body = &json[start..];
    let key = format!("\"{field}\": ");
    let at = body
        .find(&key)
        .unwrap_or_else(|| panic!("no {field} in {body}"))
        + key.len();
    body[at..]
        .chars()
        .take_while(|c| c.is_ascii_digit())
        .collect::<String>()
        .parse()
        .unwrap()
}
