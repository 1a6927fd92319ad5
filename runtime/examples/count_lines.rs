//! A host that counts what the scripts it runs do: a native monitoring
//! tool (`weft::tools::Tool`) attached to a `Runtime` counts calls per
//! function and lines per line while four threads run a script's function
//! at once; the counts are exact: `cargo run --release -p weft --example
//! count_lines`.

use parking_lot::Mutex;
use std::collections::BTreeMap;
use std::sync::Arc;
use weft::tools::{events, Action, EventSet, Location, Tool};
use weft::{Runtime, RuntimeOptions};

const SCRIPT: &str = r#"
def classify(n):
    if n % 15 == 0:
        return "fizzbuzz"
    if n % 3 == 0:
        return "fizz"
    if n % 5 == 0:
        return "buzz"
    return "number"

def tally(count):
    seen = {}
    for n in range(1, count + 1):
        kind = classify(n)
        seen[kind] = seen.get(kind, 0) + 1
    return seen["fizzbuzz"]
"#;

/// Calls per function and hits per (function, line).
#[derive(Default)]
struct Counts {
    calls: Mutex<BTreeMap<&'static str, u64>>,
    lines: Mutex<BTreeMap<(&'static str, u32), u64>>,
}

impl Tool for Counts {
    fn events(&self) -> EventSet {
        events::PY_START | events::LINE
    }

    fn py_start(&self, at: &Location) -> Action {
        *self.calls.lock().entry(at.qualname()).or_default() += 1;
        Action::Continue
    }

    fn line(&self, at: &Location, line: u32) -> Action {
        *self.lines.lock().entry((at.qualname(), line)).or_default() += 1;
        Action::Continue
    }
}

fn main() -> Result<(), weft::Error> {
    let rt = Runtime::new(RuntimeOptions::default());
    let module = rt.load_module("fizz", SCRIPT)?;
    let counts = Arc::new(Counts::default());
    rt.attach_tool(4, "line counter", counts.clone())?;
    let results: Result<Vec<i64>, weft::Error> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..4)
            .map(|_| s.spawn(|| module.call::<(i64,), i64>("tally", (3000,))))
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    let results = results?;
    rt.detach_tool(4);
    assert_eq!(results, vec![200; 4]);
    println!("4 threads ran tally(3000): {results:?}");
    println!("calls:");
    for (function, n) in counts.calls.lock().iter() {
        println!("  {function:<10} {n:>6}");
    }
    println!("lines:");
    for ((function, line), n) in counts.lines.lock().iter() {
        println!("  {function:<10} line {line:>2} {n:>6}");
    }
    let classify_calls = counts.calls.lock()["classify"];
    assert_eq!(classify_calls, 4 * 3000, "no call lost between threads");
    Ok(())
}
