//! `compare`: side-by-side wall-clock timing of the `weft` binary against
//! other Python interpreters (python3.11 as the reference, plus
//! python3.12/3.13/pypy3 when present) on the shared `bench/` programs
//! at their SIZES.md sizes, or with `--scaling` on the `scaling/`
//! workloads at several thread counts. Runs alternate between
//! interpreters within each round after a warm-up round; every run's
//! stdout must match the reference. Prints a Markdown report (medians,
//! ratios to the reference, geometric mean; or speedup and efficiency)
//! and can write it to a file, as JSON, and as an SVG chart.
//!
//! `cargo run -p weft-benches --bin compare --release -- --help`

use serde_json::{json, Map, Value};
use std::path::{Path, PathBuf};
use weft_benches::interp::{self, Interp};
use weft_benches::plot::{BarChart, Series};
use weft_benches::report::{self, Align, Machine, Table};
use weft_benches::stats::{efficiency, geomean, median, speedup};
use weft_benches::{
    default_thread_counts, select, split_list, workspace_root, BenchProgram, Corpus, Error, Result,
    Workload,
};

const USAGE: &str = "\
usage: compare [OPTIONS]

Times the weft binary against other Python interpreters on the shared
bench/ programs (or, with --scaling, the scaling/ workloads), alternating
interpreters within each round, and prints a Markdown report.

options:
  --runs N             timed runs per interpreter and program (default 5)
  --warmup N           untimed warm-up rounds before them (default 1)
  --programs A,B       only these programs (with --scaling: workloads)
  --test-sizes         run at the SIZES.md test sizes (quick; output is
                       then also checked against NAME.out)
  --size-scale F       multiply each SIZES.md timing size by F
  --weft PATH          the weft binary (default: target/release/weft)
  --interp NAME=CMD    add an interpreter, or replace the default of that
                       NAME; CMD is split on spaces, leading VAR=VALUE
                       words are environment (repeatable)
  --skip A,B           leave out interpreters (weft-nospec, python3.13, ...)
  --reference NAME     the interpreter ratios are taken to (python3.11)
  --scaling            time the scaling/ workloads at 1, 2 (and, on more
                       cores, 4, 8, ...) threads: speedup and efficiency
  --units N            --scaling: units for every workload (default:
                       independent 1000, shared_read 520, contended 3600)
  --threads 1,2,4      --scaling: thread counts
  --json FILE          write the results as JSON
  --markdown FILE      write the report (with date, machine, command)
  --plot FILE.svg      write a bar chart (time ratio to the reference per
                       program; with --scaling the speedups)
  -h, --help           this text

Default interpreters: weft (`weft run`), weft-nospec (`weft run
--no-specialize`, not with --scaling), python3.11 (the real binary behind
the pyenv shim), and python3.12, python3.13, pypy3 when found (not with
--scaling). WEFT_SHARED overrides the shared directory (default ../shared
beside the workspace).";

/// Units per workload for `--scaling`: one thread of weft takes 1–2 s.
const SCALING_UNITS: &[(&str, u64)] = &[
    ("independent", 1000),
    ("shared_read", 520),
    ("contended", 3600),
];

/// Which argument each program gets.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Sizes {
    Timing,
    Test,
    Scaled(f64),
}

/// Parsed command line.
#[derive(Debug)]
struct Options {
    runs: usize,
    warmup: usize,
    only: Vec<String>,
    sizes: Sizes,
    weft: PathBuf,
    extra: Vec<Interp>,
    skip: Vec<String>,
    reference: String,
    scaling: bool,
    units: Option<u64>,
    threads: Option<Vec<usize>>,
    json: Option<PathBuf>,
    markdown: Option<PathBuf>,
    plot: Option<PathBuf>,
}

fn parse_number<T: std::str::FromStr>(opt: &str, v: &str) -> Result<T> {
    v.parse()
        .map_err(|_| Error::new(format!("{opt}: `{v}` is not a valid number")))
}

fn parse_args(args: &[String]) -> Result<Option<Options>> {
    let mut o = Options {
        runs: 5,
        warmup: 1,
        only: Vec::new(),
        sizes: Sizes::Timing,
        weft: workspace_root().join("target").join("release").join("weft"),
        extra: Vec::new(),
        skip: Vec::new(),
        reference: "python3.11".into(),
        scaling: false,
        units: None,
        threads: None,
        json: None,
        markdown: None,
        plot: None,
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let (opt, inline) = match arg.split_once('=') {
            Some((o, v)) if o.starts_with("--") => (o, Some(v.to_string())),
            _ => (arg.as_str(), None),
        };
        let mut value = || -> Result<String> {
            inline
                .clone()
                .or_else(|| it.next().cloned())
                .ok_or_else(|| Error::new(format!("{opt} needs a value")))
        };
        match opt {
            "-h" | "--help" => return Ok(None),
            "--runs" => o.runs = parse_number(opt, &value()?)?,
            "--warmup" => o.warmup = parse_number(opt, &value()?)?,
            "--programs" | "--only" => o.only.extend(split_list(&value()?)),
            "--test-sizes" => o.sizes = Sizes::Test,
            "--size-scale" => {
                let f: f64 = parse_number(opt, &value()?)?;
                if !(f.is_finite() && f > 0.0) {
                    return Err(Error::new("--size-scale must be a positive number"));
                }
                o.sizes = Sizes::Scaled(f);
            }
            "--weft" => o.weft = PathBuf::from(value()?),
            "--interp" => o.extra.push(Interp::parse_spec(&value()?)?),
            "--skip" => o.skip.extend(split_list(&value()?)),
            "--reference" => o.reference = value()?,
            "--scaling" => o.scaling = true,
            "--units" => o.units = Some(parse_number(opt, &value()?)?),
            "--threads" => {
                let list = value()?;
                let threads = list
                    .split(',')
                    .map(|t| parse_number::<usize>(opt, t.trim()))
                    .collect::<Result<Vec<_>>>()?;
                if threads.is_empty() || threads.contains(&0) {
                    return Err(Error::new("--threads needs positive thread counts"));
                }
                o.threads = Some(threads);
            }
            "--json" => o.json = Some(PathBuf::from(value()?)),
            "--markdown" => o.markdown = Some(PathBuf::from(value()?)),
            "--plot" => o.plot = Some(PathBuf::from(value()?)),
            _ => return Err(Error::new(format!("unknown option `{arg}` (see --help)"))),
        }
    }
    if o.runs == 0 {
        return Err(Error::new("--runs must be at least 1"));
    }
    Ok(Some(o))
}

/// An interpreter program given as a relative path runs from the corpus
/// directory, so make it absolute now.
fn absolute(program: &str) -> String {
    if program.contains('/') {
        if let Ok(p) = Path::new(program).canonicalize() {
            return p.display().to_string();
        }
    }
    program.to_string()
}

fn weft_interp(weft: &str, name: &str, extra: &[&str]) -> Interp {
    let mut args = vec!["run"];
    args.extend_from_slice(extra);
    let mut i = Interp::new(name, weft, &args);
    i.probe_args = vec!["-c".into(), "pass".into()];
    i
}

/// The interpreters to time, probed; the weft binary and every `--interp`
/// must work, an absent optional default is skipped with a note.
fn interpreters(o: &Options) -> Result<Vec<Interp>> {
    if !o.weft.is_file() {
        return Err(Error::new(format!(
            "the weft binary {} does not exist: build it with `cargo build --release -p weft`, or pass --weft PATH",
            o.weft.display()
        )));
    }
    let weft = absolute(&o.weft.display().to_string());
    let mut list = vec![weft_interp(&weft, "weft", &[])];
    if !o.scaling {
        list.push(weft_interp(&weft, "weft-nospec", &["--no-specialize"]));
    }
    let mut optional: Vec<Interp> = Vec::new();
    match interp::find_python("3.11") {
        Some(p) => list.push(p),
        None => eprintln!("note: python3.11 not found"),
    }
    if !o.scaling {
        optional.extend(
            ["3.12", "3.13"]
                .iter()
                .filter_map(|v| interp::find_python(v)),
        );
        if let Some(p) = interp::which("pypy3") {
            optional.push(Interp::new("pypy3", &p.display().to_string(), &[]));
        }
    }
    for mut e in o.extra.clone() {
        e.program = absolute(&e.program);
        optional.retain(|x| x.name != e.name);
        match list.iter_mut().find(|x| x.name == e.name) {
            Some(slot) => *slot = e,
            None => list.push(e),
        }
    }
    for s in &o.skip {
        let known = list.iter().chain(&optional).any(|i| &i.name == s)
            || ["weft-nospec", "python3.12", "python3.13", "pypy3"].contains(&s.as_str());
        if !known {
            return Err(Error::new(format!("--skip: no interpreter named `{s}`")));
        }
    }
    list.retain(|i| !o.skip.contains(&i.name));
    optional.retain(|i| !o.skip.contains(&i.name));
    for i in &mut list {
        i.probe()?;
    }
    for mut i in optional {
        match i.probe() {
            Ok(()) => list.push(i),
            Err(e) => eprintln!("note: skipping {}: {e}", i.name),
        }
    }
    Ok(list)
}

/// The timings and outputs of one interpreter on one program (or one
/// workload at one thread count).
#[derive(Clone, Debug, Default)]
struct Cell {
    times: Vec<f64>,
    outputs: Vec<Vec<u8>>,
    error: Option<String>,
    mismatches: usize,
    first_difference: Option<String>,
}

impl Cell {
    fn median(&self) -> Option<f64> {
        if self.error.is_some() {
            None
        } else {
            median(&self.times)
        }
    }

    fn run(&mut self, interp: &Interp, script: &Path, args: &[String], cwd: &Path, timed: bool) {
        if self.error.is_some() {
            return;
        }
        match interp::time_run(interp.command(script, args, cwd)) {
            Ok((t, out)) => {
                if timed {
                    self.times.push(t);
                }
                self.outputs.push(out);
            }
            Err(e) => self.error = Some(e.0),
        }
    }

    /// Counts the outputs that differ from `expected`.
    fn check(&mut self, expected: &[u8]) {
        for out in &self.outputs {
            if out.as_slice() != expected {
                self.mismatches += 1;
                if self.first_difference.is_none() {
                    self.first_difference = Some(first_difference(expected, out));
                }
            }
        }
    }

    fn json(&self) -> Value {
        json!({
            "median": self.median(),
            "times": self.times,
            "error": self.error,
            "output_mismatches": self.mismatches,
        })
    }
}

/// Where two outputs first differ, for the report.
fn first_difference(expected: &[u8], got: &[u8]) -> String {
    let e = String::from_utf8_lossy(expected);
    let g = String::from_utf8_lossy(got);
    let (mut el, mut gl) = (e.lines(), g.lines());
    let mut n = 1;
    loop {
        match (el.next(), gl.next()) {
            (Some(a), Some(b)) if a == b => n += 1,
            (None, None) => return "outputs differ only in line endings".into(),
            (a, b) => {
                let show = |s: Option<&str>| match s {
                    Some(s) => format!("`{}`", s.chars().take(80).collect::<String>()),
                    None => "end of output".into(),
                };
                return format!("line {n}: expected {}, got {}", show(a), show(b));
            }
        }
    }
}

/// The reference output of a set of cells: `given` (NAME.out), else the
/// first output of the reference interpreter, else of any interpreter.
fn reference_output(
    given: Option<(Vec<u8>, String)>,
    cells: &[&Cell],
    names: &[&str],
    reference: &str,
) -> Option<(Vec<u8>, String)> {
    given.or_else(|| {
        let order = names
            .iter()
            .position(|n| *n == reference)
            .into_iter()
            .chain(0..cells.len());
        order
            .filter_map(|k| Some((cells[k].outputs.first()?.clone(), names[k].to_string())))
            .next()
    })
}

/// The fixed top of a report: title, facts, interpreters, command.
fn preamble(title: &str, machine: &Machine, interps: &[Interp], method: &str) -> String {
    let root = workspace_root();
    let mut s = format!("# {title}\n\n{}", machine.markdown());
    s.push_str("- interpreters:\n");
    for i in interps {
        let words: Vec<String> = i
            .words()
            .into_iter()
            .map(|w| match Path::new(&w).strip_prefix(&root) {
                Ok(rel) if w.starts_with('/') => rel.display().to_string(),
                _ => w,
            })
            .collect();
        let version = i
            .version
            .as_deref()
            .map(|v| format!(" ({v})"))
            .unwrap_or_default();
        s.push_str(&format!(
            "  - {}: `{}`{version}\n",
            i.name,
            report::shell_join(&words)
        ));
    }
    s.push_str(&format!("- command: `{}`\n", command_line()));
    s.push_str(&format!("- method: {method}\n\n"));
    s
}

/// How to reproduce this run.
fn command_line() -> String {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut s = "cargo run -p weft-benches --bin compare --release --".to_string();
    if !args.is_empty() {
        s.push(' ');
        s.push_str(&report::shell_join(&args));
    }
    s
}

fn size_for(p: &BenchProgram, sizes: Sizes) -> Result<u64> {
    Ok(match sizes {
        Sizes::Timing => p.timing_size,
        Sizes::Test => p
            .test_size
            .ok_or_else(|| Error::new(format!("SIZES.md gives no test size for {}.py", p.name)))?,
        Sizes::Scaled(f) => ((p.timing_size as f64 * f).round() as u64).max(1),
    })
}

/// Everything a run produced, for the report, the JSON and the chart.
struct Outcome {
    report: String,
    json: Value,
    chart: BarChart,
}

fn compare_programs(o: &Options, corpus: &Corpus, interps: &[Interp]) -> Result<Outcome> {
    let all = corpus.programs()?;
    let programs = select(&all, &o.only, |p| p.name.as_str(), "program")?;
    let names: Vec<&str> = interps.iter().map(|i| i.name.as_str()).collect();
    let ref_index = names.iter().position(|n| *n == o.reference);
    if ref_index.is_none() {
        eprintln!(
            "note: reference {} is not among the interpreters: no ratios",
            o.reference
        );
    }
    let machine = Machine::current(&workspace_root());
    let bench_dir = corpus.bench_dir();

    let mut rows: Vec<(&BenchProgram, u64, Vec<Cell>, String)> = Vec::new();
    for p in programs {
        let size = size_for(p, o.sizes)?;
        let args = vec![size.to_string()];
        let mut cells = vec![Cell::default(); interps.len()];
        for round in 0..o.warmup + o.runs {
            for (cell, i) in cells.iter_mut().zip(interps) {
                cell.run(i, &p.path, &args, &bench_dir, round >= o.warmup);
            }
        }
        let given = (Some(size) == p.test_size)
            .then(|| std::fs::read(p.expected_output_path()).ok())
            .flatten()
            .map(|b| (b, format!("{}.out", p.name)));
        let refs: Vec<&Cell> = cells.iter().collect();
        let expected = reference_output(given, &refs, &names, &o.reference);
        let source = expected.as_ref().map(|e| e.1.clone()).unwrap_or_default();
        if let Some((bytes, _)) = &expected {
            for c in &mut cells {
                c.check(bytes);
            }
        }
        let line: Vec<String> = names
            .iter()
            .zip(&cells)
            .map(|(n, c)| match (c.median(), &c.error) {
                (Some(m), _) => format!("{n}={}", report::secs(m).replace(" s", "s")),
                _ => format!("{n}=FAILED"),
            })
            .collect();
        eprintln!("  {:<16} {size:>8}  {}", p.name, line.join("  "));
        rows.push((p, size, cells, source));
    }

    // The table.
    let mut table = Table::new();
    table
        .column("program", Align::Left)
        .column("size", Align::Right);
    for n in &names {
        table.column(*n, Align::Right);
    }
    let others: Vec<usize> = (0..names.len()).filter(|k| Some(*k) != ref_index).collect();
    if ref_index.is_some() {
        for &k in &others {
            table.column(format!("{} / {}", names[k], o.reference), Align::Right);
        }
    }
    let mut ratios: Vec<Vec<f64>> = vec![Vec::new(); names.len()];
    let mut ratio_rows: Vec<Vec<Option<f64>>> = Vec::new();
    let mut notes: Vec<String> = Vec::new();
    let mut json_programs = Map::new();
    for (p, size, cells, source) in &rows {
        let mut r = vec![p.name.clone(), size.to_string()];
        for (n, c) in names.iter().zip(cells) {
            r.push(match (c.median(), &c.error) {
                (Some(m), _) if c.mismatches > 0 => format!("{} †", report::secs(m)),
                (Some(m), _) => report::secs(m),
                (None, Some(e)) => {
                    notes.push(format!("- {}: {n} failed: {}", p.name, one_line(e)));
                    "failed".into()
                }
                (None, None) => "-".into(),
            });
            if c.mismatches > 0 {
                notes.push(format!(
                    "- {}: {n}: {} of {} runs (warm-up included) printed something else than {source}; {}",
                    p.name,
                    c.mismatches,
                    c.outputs.len(),
                    c.first_difference.as_deref().unwrap_or("")
                ));
            }
        }
        let mut row_ratios = vec![None; names.len()];
        let mut json_ratios = Map::new();
        if let Some(rk) = ref_index {
            for &k in &others {
                // A run that printed the wrong answer gets no ratio.
                let wrong = cells[k].mismatches > 0 || cells[rk].mismatches > 0;
                let q = cells[k]
                    .median()
                    .zip(cells[rk].median())
                    .filter(|_| !wrong)
                    .map(|(a, b)| a / b);
                if let Some(q) = q {
                    ratios[k].push(q);
                    json_ratios.insert(names[k].to_string(), json!(q));
                }
                row_ratios[k] = q;
                r.push(if wrong {
                    "†".into()
                } else {
                    report::or_dash(q, report::ratio)
                });
            }
        }
        ratio_rows.push(row_ratios);
        table.row(r);
        let results: Map<String, Value> = names
            .iter()
            .zip(cells)
            .map(|(n, c)| (n.to_string(), c.json()))
            .collect();
        json_programs.insert(
            p.name.clone(),
            json!({"size": size, "output_reference": source, "results": results, "ratios": json_ratios}),
        );
    }
    let mut geo = Map::new();
    if ref_index.is_some() {
        let mut r = vec!["**geometric mean**".to_string(), String::new()];
        r.extend(names.iter().map(|_| String::new()));
        for &k in &others {
            let g = geomean(&ratios[k]);
            if let Some(g) = g {
                geo.insert(names[k].to_string(), json!(g));
            }
            let partial = if ratios[k].len() < rows.len() {
                format!(" ({} of {})", ratios[k].len(), rows.len())
            } else {
                String::new()
            };
            r.push(format!(
                "**{}**{partial}",
                report::or_dash(g, report::ratio)
            ));
        }
        table.row(r);
    }

    let sizes = match o.sizes {
        Sizes::Timing => "the SIZES.md timing sizes".to_string(),
        Sizes::Test => "the SIZES.md test sizes".to_string(),
        Sizes::Scaled(f) => format!("the SIZES.md timing sizes × {f}"),
    };
    let method = format!(
        "{} timed run(s) per interpreter after {} warm-up round(s), interpreters alternating within each round; median wall time of the whole process; {sizes}.",
        o.runs, o.warmup
    );
    let mut report = preamble(
        "Weft against other interpreters: the bench/ corpus",
        &machine,
        interps,
        &method,
    );
    report.push_str(&table.to_markdown());
    report.push('\n');
    if notes.is_empty() {
        report.push_str("Every run printed the same output as the reference.\n");
    } else {
        report.push_str("Notes (†: the output differs from the reference, so no ratio):\n\n");
        for n in &notes {
            report.push_str(n);
            report.push('\n');
        }
    }

    let (value_label, series) = match ref_index {
        Some(_) => (
            format!("wall time / {} (lower is faster)", o.reference),
            others
                .iter()
                .map(|&k| Series {
                    name: names[k].to_string(),
                    values: ratio_rows.iter().map(|r| r[k]).collect(),
                })
                .collect(),
        ),
        None => (
            "median wall time, s".to_string(),
            (0..names.len())
                .map(|k| Series {
                    name: names[k].to_string(),
                    values: rows.iter().map(|r| r.2[k].median()).collect(),
                })
                .collect(),
        ),
    };
    let chart = BarChart {
        title: match ref_index {
            Some(_) => format!("Wall time relative to {} ({})", o.reference, machine.date),
            None => format!("Median wall time ({})", machine.date),
        },
        value_label,
        groups: rows.iter().map(|r| r.0.name.clone()).collect(),
        series,
        reference: ref_index.map(|_| 1.0),
    };
    let json = json!({
        "kind": "programs",
        "machine": machine.json(),
        "command": command_line(),
        "runs": o.runs,
        "warmup": o.warmup,
        "reference": o.reference,
        "interpreters": interps_json(interps),
        "programs": json_programs,
        "geomean_ratio": geo,
    });
    Ok(Outcome {
        report,
        json,
        chart,
    })
}

fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn interps_json(interps: &[Interp]) -> Value {
    Value::Array(
        interps
            .iter()
            .map(|i| json!({"name": i.name, "command": i.words(), "version": i.version}))
            .collect(),
    )
}

fn units_for(o: &Options, w: &Workload) -> u64 {
    o.units.unwrap_or_else(|| {
        SCALING_UNITS
            .iter()
            .find(|(n, _)| *n == w.name)
            .map_or(1000, |(_, u)| *u)
    })
}

fn compare_scaling(o: &Options, corpus: &Corpus, interps: &[Interp]) -> Result<Outcome> {
    let all = corpus.workloads()?;
    let workloads = select(&all, &o.only, |w| w.name.as_str(), "workload")?;
    let threads = o.threads.clone().unwrap_or_else(|| {
        default_thread_counts(std::thread::available_parallelism().map_or(1, |n| n.get()))
    });
    let names: Vec<&str> = interps.iter().map(|i| i.name.as_str()).collect();
    let machine = Machine::current(&workspace_root());
    let dir = corpus.scaling_dir();

    // cells[interp][thread index]
    let mut results: Vec<(&Workload, u64, Vec<Vec<Cell>>, String)> = Vec::new();
    for w in workloads {
        let units = units_for(o, w);
        let mut cells = vec![vec![Cell::default(); threads.len()]; interps.len()];
        for _ in 0..o.warmup {
            for (k, i) in interps.iter().enumerate() {
                let args = vec![threads[0].to_string(), units.to_string()];
                cells[k][0].run(i, &w.path, &args, &dir, false);
            }
        }
        for _ in 0..o.runs {
            for (ti, t) in threads.iter().enumerate() {
                for (k, i) in interps.iter().enumerate() {
                    let args = vec![t.to_string(), units.to_string()];
                    cells[k][ti].run(i, &w.path, &args, &dir, true);
                }
            }
        }
        let firsts: Vec<&Cell> = cells.iter().map(|c| &c[0]).collect();
        let expected = reference_output(None, &firsts, &names, &o.reference);
        let source = expected
            .as_ref()
            .map(|e| format!("{} on {} thread(s)", e.1, threads[0]))
            .unwrap_or_default();
        if let Some((bytes, _)) = &expected {
            for c in cells.iter_mut().flatten() {
                c.check(bytes);
            }
        }
        let line: Vec<String> = names
            .iter()
            .zip(&cells)
            .map(|(n, cs)| {
                let ts: Vec<String> = cs
                    .iter()
                    .map(|c| report::or_dash(c.median(), |m| report::secs(m).replace(" s", "s")))
                    .collect();
                format!("{n}={}", ts.join("/"))
            })
            .collect();
        eprintln!("  {:<12} {units:>6}  {}", w.name, line.join("  "));
        results.push((w, units, cells, source));
    }

    let mut table = Table::new();
    table
        .column("workload", Align::Left)
        .column("units", Align::Right)
        .column("interpreter", Align::Left);
    for t in &threads {
        table.column(
            format!("{t} thread{}", if *t == 1 { "" } else { "s" }),
            Align::Right,
        );
    }
    let multi: Vec<(usize, usize)> = threads
        .iter()
        .enumerate()
        .filter(|(ti, _)| *ti > 0)
        .map(|(ti, t)| (ti, *t))
        .collect();
    for (_, t) in &multi {
        table.column(format!("speedup {t}"), Align::Right);
        table.column(format!("efficiency {t}"), Align::Right);
    }
    let mut notes = Vec::new();
    let mut groups = Vec::new();
    let mut speedups: Vec<Vec<Option<f64>>> = vec![Vec::new(); interps.len()];
    let mut json_workloads = Map::new();
    for (w, units, cells, source) in &results {
        for (_, t) in &multi {
            groups.push(format!("{}, {t} threads", w.name));
        }
        let mut json_interps = Map::new();
        for (k, n) in names.iter().enumerate() {
            let mut r = vec![w.name.clone(), units.to_string(), n.to_string()];
            for (ti, c) in cells[k].iter().enumerate() {
                r.push(match (c.median(), &c.error) {
                    (Some(m), _) if c.mismatches > 0 => format!("{} †", report::secs(m)),
                    (Some(m), _) => report::secs(m),
                    (None, Some(e)) => {
                        notes.push(format!(
                            "- {} on {} threads: {n} failed: {}",
                            w.name,
                            threads[ti],
                            one_line(e)
                        ));
                        "failed".into()
                    }
                    (None, None) => "-".into(),
                });
                if c.mismatches > 0 {
                    notes.push(format!(
                        "- {} on {} threads: {n}: {} of {} runs (warm-up included) printed something else than {source}; {}",
                        w.name,
                        threads[ti],
                        c.mismatches,
                        c.outputs.len(),
                        c.first_difference.as_deref().unwrap_or("")
                    ));
                }
            }
            let t1 = cells[k][0].median();
            let mut json_threads = Map::new();
            for (ti, c) in cells[k].iter().enumerate() {
                let mut j = c.json();
                if ti > 0 {
                    let s = t1.zip(c.median()).map(|(a, b)| speedup(a, b));
                    let e = t1
                        .zip(c.median())
                        .map(|(a, b)| efficiency(a, b, threads[ti]));
                    j["speedup"] = json!(s);
                    j["efficiency"] = json!(e);
                }
                json_threads.insert(threads[ti].to_string(), j);
            }
            for (ti, t) in &multi {
                let tn = cells[k][*ti].median();
                let s = t1.zip(tn).map(|(a, b)| speedup(a, b));
                let e = t1.zip(tn).map(|(a, b)| efficiency(a, b, *t));
                speedups[k].push(s);
                r.push(report::or_dash(s, |v| format!("{v:.2}×")));
                r.push(report::or_dash(e, report::ratio));
            }
            table.row(r);
            json_interps.insert(n.to_string(), Value::Object(json_threads));
        }
        json_workloads.insert(
            w.name.clone(),
            json!({"units": units, "output_reference": source, "results": json_interps}),
        );
    }

    let method = format!(
        "strong scaling: the same UNITS split over the threads of one process; {} timed run(s) per interpreter and thread count after {} warm-up round(s), alternating; median wall time of the whole process; speedup = t(1 thread) / t(N threads), efficiency = speedup / N.",
        o.runs, o.warmup
    );
    let mut report = preamble(
        "Weft against other interpreters: multi-thread scaling",
        &machine,
        interps,
        &method,
    );
    report.push_str(&table.to_markdown());
    report.push('\n');
    if notes.is_empty() {
        report.push_str(
            "Every run printed the same checksum as the reference, at every thread count.\n",
        );
    } else {
        report.push_str("Notes (†: the output differs from the reference):\n\n");
        for n in &notes {
            report.push_str(n);
            report.push('\n');
        }
    }
    let chart = BarChart {
        title: format!("Speedup over 1 thread ({})", machine.date),
        value_label: "t(1 thread) / t(N threads) (higher is better; 1 = no gain)".into(),
        groups,
        series: names
            .iter()
            .zip(speedups)
            .map(|(n, v)| Series {
                name: n.to_string(),
                values: v,
            })
            .collect(),
        reference: Some(1.0),
    };
    let json = json!({
        "kind": "scaling",
        "machine": machine.json(),
        "command": command_line(),
        "runs": o.runs,
        "warmup": o.warmup,
        "threads": threads,
        "interpreters": interps_json(interps),
        "workloads": json_workloads,
    });
    Ok(Outcome {
        report,
        json,
        chart,
    })
}

fn write_file(path: &Path, text: &str) -> Result<()> {
    make_parent(path)?;
    std::fs::write(path, text)
        .map_err(|e| Error::new(format!("cannot write {}: {e}", path.display())))
}

/// Creates the folder an output file goes to.
fn make_parent(path: &Path) -> Result<()> {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => std::fs::create_dir_all(dir)
            .map_err(|e| Error::new(format!("cannot create {}: {e}", dir.display()))),
        _ => Ok(()),
    }
}

fn run(args: &[String]) -> Result<()> {
    let Some(o) = parse_args(args)? else {
        println!("{USAGE}");
        return Ok(());
    };
    let corpus = Corpus::locate()?;
    let interps = interpreters(&o)?;
    let outcome = if o.scaling {
        compare_scaling(&o, &corpus, &interps)?
    } else {
        compare_programs(&o, &corpus, &interps)?
    };
    println!("{}", outcome.report);
    if let Some(path) = &o.markdown {
        write_file(path, &outcome.report)?;
    }
    if let Some(path) = &o.json {
        let text = serde_json::to_string_pretty(&outcome.json)
            .map_err(|e| Error::new(format!("JSON: {e}")))?;
        write_file(path, &(text + "\n"))?;
    }
    if let Some(path) = &o.plot {
        make_parent(path)?;
        outcome.chart.write_svg(path)?;
    }
    Ok(())
}

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("compare: error: {e}");
            std::process::ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn parses_options() {
        let o = parse_args(&args(
            "--runs 3 --programs nbody,recursive --size-scale=0.5 --skip python3.13 --interp pp=pypy3 --scaling --threads 1,2,4",
        ))
        .unwrap()
        .unwrap();
        assert_eq!(o.runs, 3);
        assert_eq!(o.only, ["nbody", "recursive"]);
        assert_eq!(o.sizes, Sizes::Scaled(0.5));
        assert_eq!(o.skip, ["python3.13"]);
        assert_eq!(o.extra[0].name, "pp");
        assert!(o.scaling);
        assert_eq!(o.threads, Some(vec![1, 2, 4]));
        assert!(parse_args(&args("--help")).unwrap().is_none());
    }

    #[test]
    fn rejects_bad_options() {
        for (a, msg) in [
            ("--runs", "needs a value"),
            ("--runs x", "not a valid number"),
            ("--runs 0", "at least 1"),
            ("--frobnicate", "unknown option"),
            ("--threads 1,0", "positive"),
            ("--size-scale -1", "positive"),
        ] {
            let e = parse_args(&args(a)).unwrap_err();
            assert!(e.0.contains(msg), "{a}: {e}");
        }
    }

    #[test]
    fn reports_first_difference() {
        assert_eq!(
            first_difference(b"a\nb\n", b"a\nc\n"),
            "line 2: expected `b`, got `c`"
        );
        assert_eq!(
            first_difference(b"a\n", b"a\nmore\n"),
            "line 2: expected end of output, got `more`"
        );
    }

    #[test]
    fn reference_output_prefers_given_then_reference() {
        let cell = |out: &str| Cell {
            outputs: vec![out.as_bytes().to_vec()],
            ..Cell::default()
        };
        let (a, b) = (cell("weft"), cell("py"));
        let names = ["weft", "python3.11"];
        let r = reference_output(None, &[&a, &b], &names, "python3.11").unwrap();
        assert_eq!(r, (b"py".to_vec(), "python3.11".to_string()));
        let r = reference_output(None, &[&a, &b], &names, "pypy3").unwrap();
        assert_eq!(r.1, "weft");
        let given = Some((b"x".to_vec(), "n.out".to_string()));
        assert_eq!(
            reference_output(given, &[&a], &names, "x").unwrap().1,
            "n.out"
        );
    }
}
