//! Criterion suite of multi-thread throughput over the `scaling/`
//! workloads: each workload is loaded once as a module (its `main()` runs
//! with `THREADS UNITS` = `1 0`, doing no work), then a fixed number of
//! `unit(u)` calls is split over 1, 2, 4 and 8 Rust threads calling into
//! the one shared runtime. The threads are started before the clock and
//! released together by a barrier; the time runs until the last one
//! finishes. Every round's results must equal a sequential reference run,
//! so the bench cannot silently compute garbage.
//!
//! `cargo bench -p weft-benches --bench scaling [-- --quick] [FILTER]`

use criterion::{
    criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode, Throughput,
};
use std::sync::Barrier;
use std::time::{Duration, Instant};
use weft::vm::Config;
use weft::{Module, Runtime};
use weft_benches::{Corpus, Workload};

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Thread counts measured.
const THREADS: &[usize] = &[1, 2, 4, 8];

/// Units per measured round (a multiple of 8), chosen so that one thread
/// takes roughly 0.1 s.
const UNITS: &[(&str, u64)] = &[("independent", 48), ("shared_read", 24), ("contended", 160)];

/// Native stack of the calling threads.
const WORKER_STACK: usize = 16 * 1024 * 1024;

/// What `unit(u)` returns: `independent` gives `(float, int)`, the others
/// an int (kept as `(0.0, int)`).
#[derive(Clone, Copy, Debug)]
enum UnitKind {
    Pair,
    Int,
}

type UnitResult = (f64, i64);

/// A loaded workload.
struct Loaded {
    module: Module,
    kind: UnitKind,
    units: u64,
    /// `unit(u)` for every u, computed sequentially before timing.
    reference: Vec<UnitResult>,
    _runtime: Runtime,
}

fn fail(msg: &str) -> ! {
    eprintln!("error: {msg}");
    std::process::exit(2)
}

fn call_unit(module: &Module, kind: UnitKind, u: u64) -> Result<UnitResult, weft::Error> {
    let u = u as i64;
    match kind {
        UnitKind::Pair => module.call::<(i64,), (f64, i64)>("unit", (u,)),
        UnitKind::Int => module.call::<(i64,), i64>("unit", (u,)).map(|i| (0.0, i)),
    }
}

impl Loaded {
    fn new(corpus: &Corpus, w: &Workload) -> Loaded {
        let file = w.path.display().to_string();
        let runtime = Runtime::with_config(Config {
            specialize: true,
            argv: vec![file.clone(), "1".into(), "0".into()],
            script_dir: Some(corpus.scaling_dir()),
            discard_stdout: true,
        });
        let source = w.source().unwrap_or_else(|e| fail(&e.to_string()));
        let module = runtime
            .load_module(&w.name, &source)
            .unwrap_or_else(|e| fail(&format!("{file}: {e}\n{}", e.traceback)));
        let kind = if module.call::<(i64,), (f64, i64)>("unit", (0,)).is_ok() {
            UnitKind::Pair
        } else {
            UnitKind::Int
        };
        let units = UNITS
            .iter()
            .find(|(n, _)| *n == w.name)
            .map(|(_, u)| *u)
            .unwrap_or_else(|| fail(&format!("no unit count for workload {}", w.name)));
        let reference = (0..units)
            .map(|u| {
                call_unit(&module, kind, u)
                    .unwrap_or_else(|e| fail(&format!("{file}: unit({u}): {e}\n{}", e.traceback)))
            })
            .collect();
        Loaded {
            module,
            kind,
            units,
            reference,
            _runtime: runtime,
        }
    }

    /// One timed round on `threads` threads (units `t, t+threads, ...` on
    /// thread `t`): the time from the barrier's release until the last
    /// thread finished, and the results by unit.
    fn round(&self, threads: usize) -> (Duration, Vec<UnitResult>) {
        let barrier = Barrier::new(threads + 1);
        let mut results = vec![(0.0, 0); self.units as usize];
        let (start, finishes) = std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let barrier = &barrier;
                    std::thread::Builder::new()
                        .stack_size(WORKER_STACK)
                        .spawn_scoped(s, move || {
                            barrier.wait();
                            let out: Vec<(u64, UnitResult)> = (t as u64..self.units)
                                .step_by(threads)
                                .map(|u| match call_unit(&self.module, self.kind, u) {
                                    Ok(r) => (u, r),
                                    Err(e) => panic!("unit({u}) failed: {e}\n{}", e.traceback),
                                })
                                .collect();
                            (Instant::now(), out)
                        })
                        .unwrap_or_else(|e| fail(&format!("cannot start a thread: {e}")))
                })
                .collect();
            barrier.wait();
            let start = Instant::now();
            let finishes: Vec<_> = handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|_| fail("a worker thread panicked"))
                })
                .collect();
            (start, finishes)
        });
        let mut last = start;
        for (end, out) in finishes {
            last = last.max(end);
            for (u, r) in out {
                results[u as usize] = r;
            }
        }
        (last - start, results)
    }
}

/// A checksum of a round's results, in unit order.
fn checksum(results: &[UnitResult]) -> (f64, i64) {
    results
        .iter()
        .fold((0.0, 0i64), |(f, i), r| (f + r.0, i.wrapping_add(r.1)))
}

fn scaling(c: &mut Criterion) {
    let corpus = Corpus::locate().unwrap_or_else(|e| fail(&e.to_string()));
    let workloads = corpus.workloads().unwrap_or_else(|e| fail(&e.to_string()));
    let mut group = c.benchmark_group("scaling");
    group.sampling_mode(SamplingMode::Flat);
    for w in &workloads {
        let mut loaded: Option<Loaded> = None;
        let units = UNITS.iter().find(|(n, _)| *n == w.name).map_or(0, |u| u.1);
        group.throughput(Throughput::Elements(units));
        for &threads in THREADS {
            group.bench_function(BenchmarkId::new(&w.name, threads), |b| {
                let loaded = loaded.get_or_insert_with(|| Loaded::new(&corpus, w));
                let expected = checksum(&loaded.reference);
                b.iter_custom(|iters| {
                    let mut total = Duration::ZERO;
                    for _ in 0..iters {
                        let (elapsed, results) = loaded.round(threads);
                        assert_eq!(
                            checksum(&results),
                            expected,
                            "{} on {threads} threads: checksum differs from the sequential run",
                            w.name
                        );
                        assert!(
                            results == loaded.reference,
                            "{} on {threads} threads: results differ from the sequential run",
                            w.name
                        );
                        total += elapsed;
                    }
                    total
                })
            });
        }
    }
    group.finish();
}

/// Few samples and short phases, so that the suite takes about a minute
/// or two; criterion's command-line options override these.
fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
}

criterion_group! {
    name = benches;
    config = config();
    targets = scaling
}
criterion_main!(benches);
