//! Loads a script once and runs one of its functions over 10,000 inputs
//! in parallel on a rayon pool, checking the result against a sequential
//! loop: `cargo run --release -p weft --example par_map`.

use weft::{Runtime, RuntimeOptions};

const SCRIPT: &str = r#"
def collatz(n):
    steps = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return steps
"#;

fn main() -> Result<(), weft::Error> {
    let rt = Runtime::new(RuntimeOptions::default());
    let module = rt.load_module("collatz", SCRIPT)?;
    let inputs: Vec<i64> = (1..=10_000).collect();
    let start = std::time::Instant::now();
    let parallel: Vec<i64> = rt.par_map(&module, "collatz", inputs.clone())?;
    let par_time = start.elapsed();
    let start = std::time::Instant::now();
    let sequential: Vec<i64> = inputs
        .iter()
        .map(|n| module.call("collatz", (*n,)))
        .collect::<Result<_, _>>()?;
    let seq_time = start.elapsed();
    assert_eq!(parallel, sequential);
    let longest = parallel
        .iter()
        .enumerate()
        .max_by_key(|(_, s)| **s)
        .map(|(i, s)| (i + 1, *s));
    println!("10000 inputs, results identical to a sequential loop: true");
    println!("longest chain: {:?}", longest);
    println!(
        "parallel {:.3}s, sequential {:.3}s",
        par_time.as_secs_f64(),
        seq_time.as_secs_f64()
    );
    Ok(())
}
