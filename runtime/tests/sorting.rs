//! `sorted` and `list.sort` decide most key orders natively (ints, floats,
//! exact strs, tuples of those) and fall back to the general comparison
//! for everything else; the output must be CPython 3.11's either way.
//! `scripts/sort_keys.out` is what `python3.11 scripts/sort_keys.py` prints.

mod common;

use common::run_weft;
use std::path::Path;
use std::time::Duration;

#[test]
fn sort_keys_match_cpython() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scripts");
    let out = run_weft(&["run", "sort_keys.py"], &dir, Duration::from_secs(60));
    assert_eq!(
        out.status,
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let expected = std::fs::read_to_string(dir.join("sort_keys.out")).unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
}
