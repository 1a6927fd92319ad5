//! The embedding API: one module called from many Rust threads at once,
//! `par_map` equal to a sequential loop, conversions both ways, and Python
//! exceptions surfacing as `weft::Error`.

use std::collections::HashMap;
use std::sync::Arc;
use weft::{Runtime, RuntimeOptions};

const SCRIPT: &str = "
def collatz(n):
    steps = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return steps

def describe(name, values, opts):
    return (name.upper(), sum(values), opts.get('flag'))

def tally(words):
    out = {}
    for w in words:
        out[w] = out.get(w, 0) + 1
    return out

def fail(x):
    return 1 / x
";

#[test]
fn par_map_matches_a_sequential_loop() {
    let rt = Runtime::new(RuntimeOptions::default());
    let m = rt.load_module("c", SCRIPT).unwrap();
    let inputs: Vec<i64> = (1..=3000).collect();
    let par: Vec<i64> = rt.par_map(&m, "collatz", inputs.clone()).unwrap();
    let seq: Vec<i64> = inputs
        .iter()
        .map(|n| m.call("collatz", (*n,)).unwrap())
        .collect();
    assert_eq!(par, seq);
    assert_eq!(par[26], 111);
}

#[test]
fn one_module_from_many_threads() {
    let rt = Runtime::new(RuntimeOptions::default());
    let m = Arc::new(rt.load_module("c", SCRIPT).unwrap());
    let handles: Vec<_> = (0..8)
        .map(|t| {
            let m = m.clone();
            std::thread::spawn(move || {
                (1..200i64)
                    .map(|n| m.call::<_, i64>("collatz", (n + t,)).unwrap())
                    .sum::<i64>()
            })
        })
        .collect();
    let totals: Vec<i64> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    for (t, total) in totals.iter().enumerate() {
        let expect: i64 = (1..200i64)
            .map(|n| m.call::<_, i64>("collatz", (n + t as i64,)).unwrap())
            .sum();
        assert_eq!(*total, expect);
    }
}

#[test]
fn conversions_and_errors() {
    let rt = Runtime::new(RuntimeOptions::default());
    let m = rt.load_module("c", SCRIPT).unwrap();
    let mut opts = HashMap::new();
    opts.insert("flag".to_string(), true);
    let (name, total, flag): (String, i64, Option<bool>) =
        m.call("describe", ("ab", vec![1i64, 2, 3], opts)).unwrap();
    assert_eq!((name.as_str(), total, flag), ("AB", 6, Some(true)));
    let (_, _, none): (String, i64, Option<bool>) = m
        .call(
            "describe",
            ("x", Vec::<i64>::new(), HashMap::<String, bool>::new()),
        )
        .unwrap();
    assert_eq!(none, None);
    let counts: HashMap<String, i64> = m.call("tally", (vec!["a", "b", "a"],)).unwrap();
    assert_eq!(counts.get("a"), Some(&2));
    assert_eq!(counts.get("b"), Some(&1));
    let f: f64 = m.call("fail", (4i64,)).unwrap();
    assert_eq!(f, 0.25);
    let err = m.call::<_, f64>("fail", (0i64,)).unwrap_err();
    assert_eq!(err.type_name, "ZeroDivisionError");
    assert_eq!(err.message, "division by zero");
    assert!(err.traceback.contains("Traceback (most recent call last):"));
    let bad = rt.load_module("bad", "def f(:\n    pass\n").err().unwrap();
    assert_eq!(bad.type_name, "SyntaxError");
    let wrong = m.call::<_, String>("collatz", (3i64,)).unwrap_err();
    assert_eq!(wrong.type_name, "TypeError");
}

#[test]
fn run_program_recursion_is_bounded_by_the_calling_threads_stack() {
    // 900 frames deep, as `weft run` allows on its big main-thread stack.
    let source = "
def down(n):
    return 0 if n == 0 else 1 + down(n - 1)
print(down(900))
";
    let rt = Runtime::with_config(weft::vm::Config {
        discard_stdout: true,
        ..weft::vm::Config::default()
    });
    let program = rt.compile_program(source, "deep.py").unwrap();
    std::thread::Builder::new()
        .stack_size(weft::vm::THREAD_STACK_SIZE)
        .spawn(move || {
            rt.run_program(&program).unwrap();
            rt.run_program(&program).unwrap();
        })
        .unwrap()
        .join()
        .unwrap();
}
