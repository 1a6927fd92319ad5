//! Criterion suite over the `bench/` corpus, in process through the
//! embedding API: one group per program at a small fixed size (an
//! iteration takes roughly 10–200 ms), and the group `specialization`
//! comparing specialization on and off on the attribute- and call-heavy
//! programs. Parsing and compiling happen once, outside the timed part;
//! every iteration runs the program as a fresh `__main__` (fresh,
//! unspecialized code) with its output discarded.
//!
//! `cargo bench -p weft-benches --bench programs [-- --quick] [FILTER]`

use criterion::{criterion_group, BenchmarkId, Criterion, SamplingMode};
use std::time::Duration;
use weft::vm::{Config, THREAD_STACK_SIZE};
use weft::{Program, Runtime};
use weft_benches::{BenchProgram, Corpus};

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Programs whose test size (the SIZES.md default) runs in a few
/// milliseconds in Weft, with the size used here instead; every other
/// program runs at its test size.
const RAISED_SIZES: &[(&str, u64)] = &[
    ("mandelbrot", 96),
    ("nqueens", 9),
    ("pidigits", 1200),
    ("recursive", 23),
    ("spectral_norm", 60),
];

/// Programs of the `specialization` group (specialization on vs off).
const SPECIALIZATION_PROGRAMS: &[&str] = &[
    "nbody",
    "richards_like",
    "raytracer",
    "spectral_norm",
    "recursive",
    "vectors",
];

/// The size a program is benchmarked at.
fn size_of(p: &BenchProgram) -> u64 {
    RAISED_SIZES
        .iter()
        .find(|(n, _)| *n == p.name)
        .map(|(_, s)| *s)
        .or(p.test_size)
        .unwrap_or(p.timing_size / 100)
        .max(1)
}

/// A program compiled once into its own runtime (`sys.argv` carries the
/// size), checked to run cleanly once before it is timed.
struct Prepared {
    runtime: Runtime,
    program: Program,
}

impl Prepared {
    fn new(corpus: &Corpus, p: &BenchProgram, specialize: bool) -> Prepared {
        let file = p.path.display().to_string();
        let runtime = Runtime::with_config(Config {
            specialize,
            argv: vec![file.clone(), size_of(p).to_string()],
            script_dir: Some(corpus.bench_dir()),
            discard_stdout: true,
        });
        let source = p.source().unwrap_or_else(|e| fail(&e.to_string()));
        let program = runtime
            .compile_program(&source, &file)
            .unwrap_or_else(|e| fail(&format!("{file}: {e}\n{}", e.traceback)));
        let prepared = Prepared { runtime, program };
        if let Err(e) = prepared.run() {
            fail(&format!(
                "{file} {} failed: {e}\n{}",
                size_of(p),
                e.traceback
            ));
        }
        prepared
    }

    fn run(&self) -> Result<(), weft::Error> {
        self.runtime.run_program(&self.program)
    }
}

/// Reports a setup error and stops (a bench with broken input must not
/// publish numbers).
fn fail(msg: &str) -> ! {
    eprintln!("error: {msg}");
    std::process::exit(2)
}

fn corpus_programs() -> (Corpus, Vec<BenchProgram>) {
    let corpus = Corpus::locate().unwrap_or_else(|e| fail(&e.to_string()));
    let programs = corpus.programs().unwrap_or_else(|e| fail(&e.to_string()));
    (corpus, programs)
}

/// Times one prepared program; prepared lazily so that a criterion filter
/// skips the set-up of the programs it does not run.
fn bench_prepared(b: &mut criterion::Bencher<'_>, prepared: &Prepared) {
    b.iter(|| {
        if let Err(e) = prepared.run() {
            panic!("program failed while timed: {e}\n{}", e.traceback);
        }
    })
}

fn programs(c: &mut Criterion) {
    let (corpus, programs) = corpus_programs();
    for p in &programs {
        let mut group = c.benchmark_group(&p.name);
        group.sampling_mode(SamplingMode::Flat);
        let mut prepared: Option<Prepared> = None;
        group.bench_function(BenchmarkId::new("weft", size_of(p)), |b| {
            let prepared = prepared.get_or_insert_with(|| Prepared::new(&corpus, p, true));
            bench_prepared(b, prepared)
        });
        group.finish();
    }
}

fn specialization(c: &mut Criterion) {
    let (corpus, programs) = corpus_programs();
    let mut group = c.benchmark_group("specialization");
    group.sampling_mode(SamplingMode::Flat);
    for name in SPECIALIZATION_PROGRAMS {
        let Some(p) = programs.iter().find(|p| p.name == *name) else {
            fail(&format!(
                "specialization program {name}.py is not in SIZES.md"
            ));
        };
        for (label, specialize) in [("on", true), ("off", false)] {
            let mut prepared: Option<Prepared> = None;
            group.bench_function(BenchmarkId::new(label, &p.name), |b| {
                let prepared =
                    prepared.get_or_insert_with(|| Prepared::new(&corpus, p, specialize));
                bench_prepared(b, prepared)
            });
        }
    }
    group.finish();
}

/// Short warm-up (every iteration starts from unspecialized code anyway)
/// and few samples, so that the whole suite takes minutes; criterion's
/// command-line options (`--quick`, `--sample-size`, `--measurement-time`,
/// `--warm-up-time`) override these.
fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
}

criterion_group! {
    name = benches;
    config = config();
    targets = programs, specialization
}
/// `criterion_main!` on a thread with the stack `weft run` gives its main
/// thread: `run_program` recurses on the calling thread (recursive.py goes
/// 400 frames deep).
fn main() {
    let bench = std::thread::Builder::new()
        .name("main".into())
        .stack_size(THREAD_STACK_SIZE)
        .spawn(|| {
            benches();
            Criterion::default().configure_from_args().final_summary();
        })
        .unwrap_or_else(|e| fail(&format!("cannot start the bench thread: {e}")));
    if bench.join().is_err() {
        std::process::exit(101);
    }
}
