//! Robustness: 500 malformed inputs derived from the corpus (truncated
//! files, deleted lines, random bytes) must each end in a clear error or a
//! clean exit — never a panic, a crash by signal, or a hang.

mod common;

use common::{last_line, run_weft, shared_dir};
use std::time::Duration;

struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

#[test]
fn malformed_inputs_never_panic_or_hang() {
    let Some(shared) = shared_dir() else { return };
    let mut sources = Vec::new();
    for cat in ["lang", "errors", "invalidate", "bench"] {
        let dir = shared.join("corpus").join(cat);
        let mut names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .map(|e| e.path())
            .collect();
        names.sort();
        for p in names {
            if p.extension().map(|e| e == "py").unwrap_or(false) {
                sources.push(std::fs::read(&p).unwrap());
            }
        }
    }
    let tmp = std::env::temp_dir().join(format!("weft-malformed-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let mut rng = Lcg(0x5eed);
    let mut errors = 0;
    let mut cases = Vec::new();
    for i in 0..500 {
        let src = &sources[rng.below(sources.len())];
        let case: Vec<u8> = match i % 3 {
            0 => src[..rng.below(src.len())].to_vec(),
            1 => {
                let text = String::from_utf8_lossy(src).to_string();
                let lines: Vec<&str> = text.lines().collect();
                let mut kept = Vec::new();
                for l in &lines {
                    if rng.below(8) != 0 {
                        kept.push(*l);
                    }
                }
                kept.join("\n").into_bytes()
            }
            _ => (0..rng.below(400)).map(|_| rng.next() as u8).collect(),
        };
        cases.push(case);
    }
    for (i, case) in cases.iter().enumerate() {
        let path = tmp.join(format!("case{i}.py"));
        std::fs::write(&path, case).unwrap();
        // Compile-only: a truncated loop may legitimately run forever.
        let o = run_weft(
            &["dis", path.to_str().unwrap()],
            &tmp,
            Duration::from_secs(20),
        );
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert!(!o.timed_out, "case {i} hung");
        assert!(!stderr.contains("panicked"), "case {i} panicked: {stderr}");
        match o.status {
            Some(0) => {}
            Some(1) => {
                errors += 1;
                let last = last_line(&o.stderr);
                assert!(
                    last.starts_with("SyntaxError") || last.starts_with("IndentationError"),
                    "case {i}: unclear error {last:?}"
                );
            }
            other => panic!("case {i}: exit status {other:?}, stderr {stderr}"),
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
    assert!(
        errors > 150,
        "only {errors} of 500 malformed inputs were rejected"
    );
}
