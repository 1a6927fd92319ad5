//! Shared helpers of the Weft benchmarks, used by the criterion suites
//! (`benches/programs.rs`, `benches/scaling.rs`) and by the `compare`
//! command (`src/bin/compare.rs`): where the shared corpus is
//! ([`Corpus`]), which `bench/` programs exist and at which sizes (parsed
//! from `SIZES.md`), the `scaling/` workloads, and program selection.
//! Statistics live in [`stats`], Markdown tables and machine facts in
//! [`report`], interpreter commands in [`interp`] and the SVG bar chart in
//! [`plot`].

pub mod interp;
pub mod plot;
pub mod report;
pub mod stats;

use std::fmt;
use std::path::{Path, PathBuf};

/// Environment variable naming the shared directory (the one holding
/// `corpus/bench/` and `scaling/`); the default is `../shared` next to the
/// workspace root, where CI puts it.
pub const SHARED_ENV: &str = "WEFT_SHARED";

/// The `scaling/` workloads, in report order. Each takes `THREADS UNITS`
/// and defines a module-level `unit(u)`.
pub const SCALING_WORKLOADS: &[&str] = &["independent", "shared_read", "contended"];

/// A benchmark setup or run error, with a message meant for the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error(pub String);

impl Error {
    /// An error with `msg`.
    pub fn new(msg: impl Into<String>) -> Error {
        Error(msg.into())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

/// `Result` with this crate's [`Error`].
pub type Result<T> = std::result::Result<T, Error>;

/// The workspace root (the parent of this crate's directory).
pub fn workspace_root() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    here.parent().unwrap_or(here).to_path_buf()
}

/// The shared benchmark corpus (`corpus/bench/` and `scaling/`).
#[derive(Clone, Debug)]
pub struct Corpus {
    /// The shared directory.
    pub shared: PathBuf,
}

/// One `bench/` program and its sizes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchProgram {
    /// The name without `.py`, e.g. `nbody`.
    pub name: String,
    /// The script.
    pub path: PathBuf,
    /// The SIZES.md timing size (~1–2 s on python3.11).
    pub timing_size: u64,
    /// The SIZES.md test size (the script's default, recorded in `NAME.out`).
    pub test_size: Option<u64>,
}

impl BenchProgram {
    /// The expected output at the test size (`NAME.out`).
    pub fn expected_output_path(&self) -> PathBuf {
        self.path.with_extension("out")
    }

    /// The script's source text.
    pub fn source(&self) -> Result<String> {
        read_text(&self.path)
    }
}

/// One `scaling/` workload.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Workload {
    /// The name without `.py`, e.g. `independent`.
    pub name: String,
    /// The script.
    pub path: PathBuf,
}

impl Workload {
    /// The script's source text.
    pub fn source(&self) -> Result<String> {
        read_text(&self.path)
    }
}

fn read_text(path: &Path) -> Result<String> {
    std::fs::read_to_string(path)
        .map_err(|e| Error::new(format!("cannot read {}: {e}", path.display())))
}

impl Corpus {
    /// The corpus at `$WEFT_SHARED`, else at `../shared` beside the
    /// workspace root; an error says where it looked and how to fix it.
    pub fn locate() -> Result<Corpus> {
        match std::env::var_os(SHARED_ENV) {
            Some(dir) if !dir.is_empty() => Corpus::at(Path::new(&dir))
                .map_err(|e| Error::new(format!("{e} (from ${SHARED_ENV})"))),
            _ => Corpus::at(&workspace_root().join("..").join("shared")).map_err(|e| {
                Error::new(format!(
                    "{e} (the default location, beside the workspace; set ${SHARED_ENV} to the shared directory)"
                ))
            }),
        }
    }

    /// The corpus in `shared`, which must hold `corpus/bench/SIZES.md` and
    /// `scaling/`.
    pub fn at(shared: &Path) -> Result<Corpus> {
        let sizes = shared.join("corpus").join("bench").join("SIZES.md");
        if !sizes.is_file() {
            return Err(Error::new(format!(
                "no benchmark corpus at {}: {} is missing",
                shared.display(),
                sizes.display()
            )));
        }
        if !shared.join("scaling").is_dir() {
            return Err(Error::new(format!(
                "no scaling workloads at {}: {} is missing",
                shared.display(),
                shared.join("scaling").display()
            )));
        }
        let shared = shared
            .canonicalize()
            .unwrap_or_else(|_| shared.to_path_buf());
        Ok(Corpus { shared })
    }

    /// `corpus/bench/`
    pub fn bench_dir(&self) -> PathBuf {
        self.shared.join("corpus").join("bench")
    }

    /// `scaling/`
    pub fn scaling_dir(&self) -> PathBuf {
        self.shared.join("scaling")
    }

    /// Every program listed in `SIZES.md`, in its order; each script must
    /// exist.
    pub fn programs(&self) -> Result<Vec<BenchProgram>> {
        let sizes_path = self.bench_dir().join("SIZES.md");
        let sizes = parse_sizes(&read_text(&sizes_path)?)
            .map_err(|e| Error::new(format!("{}: {e}", sizes_path.display())))?;
        sizes
            .into_iter()
            .map(|s| {
                let path = self.bench_dir().join(format!("{}.py", s.name));
                if !path.is_file() {
                    return Err(Error::new(format!(
                        "SIZES.md lists {}.py but {} does not exist",
                        s.name,
                        path.display()
                    )));
                }
                Ok(BenchProgram {
                    name: s.name,
                    path,
                    timing_size: s.timing_size,
                    test_size: s.test_size,
                })
            })
            .collect()
    }

    /// The [`SCALING_WORKLOADS`]; each script must exist.
    pub fn workloads(&self) -> Result<Vec<Workload>> {
        SCALING_WORKLOADS
            .iter()
            .map(|name| {
                let path = self.scaling_dir().join(format!("{name}.py"));
                if !path.is_file() {
                    return Err(Error::new(format!(
                        "scaling workload {} does not exist",
                        path.display()
                    )));
                }
                Ok(Workload {
                    name: name.to_string(),
                    path,
                })
            })
            .collect()
    }
}

/// One program's line of `SIZES.md`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SizeEntry {
    /// The program name without `.py`.
    pub name: String,
    /// Its timing size.
    pub timing_size: u64,
    /// Its test size, from the table's last column, when the table has it.
    pub test_size: Option<u64>,
}

/// Parses `SIZES.md`: the machine-readable `program size` lines give the
/// programs and timing sizes (in order); the Markdown table's last column
/// gives the test sizes.
pub fn parse_sizes(text: &str) -> Result<Vec<SizeEntry>> {
    let mut entries: Vec<SizeEntry> = Vec::new();
    let mut test_sizes: Vec<(String, u64)> = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('|') {
            let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
            let first = cells.first().map(|c| c.trim_matches('`')).unwrap_or("");
            if let (Some(name), Some(last)) = (first.strip_suffix(".py"), cells.last()) {
                if let Ok(n) = last.trim_matches('*').parse::<u64>() {
                    test_sizes.push((name.to_string(), n));
                }
            }
            continue;
        }
        let parts: Vec<&str> = line.split_whitespace().collect();
        if let [file, size] = parts[..] {
            if let (Some(name), Ok(size)) = (file.strip_suffix(".py"), size.parse::<u64>()) {
                if entries.iter().any(|e| e.name == name) {
                    return Err(Error::new(format!("{file} is listed twice")));
                }
                entries.push(SizeEntry {
                    name: name.to_string(),
                    timing_size: size,
                    test_size: None,
                });
            }
        }
    }
    if entries.is_empty() {
        return Err(Error::new("no `program.py size` lines found"));
    }
    for e in &mut entries {
        e.test_size = test_sizes.iter().find(|(n, _)| *n == e.name).map(|t| t.1);
    }
    Ok(entries)
}

/// Splits a comma-separated option value (`a,b,,c` → `[a, b, c]`).
pub fn split_list(value: &str) -> Vec<String> {
    value
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| s.trim_end_matches(".py").to_string())
        .collect()
}

/// The items of `all` named in `wanted` (all of them when `wanted` is
/// empty), in `all`'s order; an unknown name is an error listing the
/// known ones. `what` names the kind of item in the message.
pub fn select<'a, T>(
    all: &'a [T],
    wanted: &[String],
    name_of: impl Fn(&T) -> &str,
    what: &str,
) -> Result<Vec<&'a T>> {
    if wanted.is_empty() {
        return Ok(all.iter().collect());
    }
    for w in wanted {
        if !all.iter().any(|x| name_of(x) == w) {
            let known: Vec<&str> = all.iter().map(&name_of).collect();
            return Err(Error::new(format!(
                "unknown {what} `{w}`; known: {}",
                known.join(", ")
            )));
        }
    }
    Ok(all
        .iter()
        .filter(|x| wanted.iter().any(|w| w == name_of(x)))
        .collect())
}

/// Thread counts for a scaling run on a machine with `parallelism`
/// hardware threads: 1 and 2, then doubling while not above
/// `parallelism`.
pub fn default_thread_counts(parallelism: usize) -> Vec<usize> {
    let mut out = vec![1, 2];
    let mut n = 4;
    while n <= parallelism {
        out.push(n);
        n *= 2;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIZES: &str = "# Benchmark sizes\n\
| program | timing size | size means | median | min | max | test size (default) |\n\
|---|---:|---|---:|---:|---:|---:|\n\
| `fannkuch.py` | **800000** | permutations examined | 1.44s | 1.31s | 1.46s | 6000 |\n\
| `nbody.py` | **220000** | time steps | 1.39s | 1.24s | 1.40s | 2000 |\n\
\n\
Machine-readable form (`program size`), one per line:\n\
\n\
```\n\
fannkuch.py 800000\n\
nbody.py 220000\n\
recursive.py 34\n\
```\n";

    #[test]
    fn parses_sizes_and_test_sizes() {
        let e = parse_sizes(SIZES).unwrap();
        let names: Vec<&str> = e.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["fannkuch", "nbody", "recursive"]);
        assert_eq!(e[0].timing_size, 800000);
        assert_eq!(e[0].test_size, Some(6000));
        assert_eq!(e[1].test_size, Some(2000));
        assert_eq!(e[2].timing_size, 34);
        assert_eq!(e[2].test_size, None);
    }

    #[test]
    fn rejects_sizes_without_programs_or_with_duplicates() {
        assert!(parse_sizes("# nothing here\n").is_err());
        let err = parse_sizes("a.py 1\na.py 2\n").unwrap_err();
        assert!(err.0.contains("twice"), "{err}");
    }

    #[test]
    fn selects_known_names_in_corpus_order() {
        let all = vec!["a".to_string(), "b".to_string(), "c".to_string()];
        let got = select(&all, &split_list("c, a.py"), |s| s.as_str(), "program").unwrap();
        assert_eq!(got, [&all[0], &all[2]]);
        assert_eq!(
            select(&all, &[], |s| s.as_str(), "program").unwrap().len(),
            3
        );
        let err = select(&all, &split_list("a,zz"), |s| s.as_str(), "program").unwrap_err();
        assert_eq!(err.0, "unknown program `zz`; known: a, b, c");
    }

    #[test]
    fn missing_shared_dir_is_a_clear_error() {
        let err = Corpus::at(Path::new("/nonexistent/weft-shared")).unwrap_err();
        assert!(
            err.0
                .contains("no benchmark corpus at /nonexistent/weft-shared"),
            "{err}"
        );
    }

    #[test]
    fn thread_counts_follow_parallelism() {
        assert_eq!(default_thread_counts(1), [1, 2]);
        assert_eq!(default_thread_counts(2), [1, 2]);
        assert_eq!(default_thread_counts(4), [1, 2, 4]);
        assert_eq!(default_thread_counts(12), [1, 2, 4, 8]);
    }

    #[test]
    fn real_corpus_when_present() {
        // The shared corpus is beside the workspace in CI; skip elsewhere.
        let Ok(corpus) = Corpus::locate() else { return };
        let programs = corpus.programs().unwrap();
        assert!(programs.len() >= 17, "{}", programs.len());
        assert!(programs.iter().all(|p| p.test_size.is_some()));
        assert_eq!(corpus.workloads().unwrap().len(), SCALING_WORKLOADS.len());
    }
}
