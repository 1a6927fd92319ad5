//! Unit tests for `mathcore`, with expected values produced by CPython 3.11
//! (the generated `mt_data.rs` and `math_cases.txt`).

mod math;
mod mt19937;
mod mt_data;
// Data generators (run under python3.11): gen_mt.py, gen_cases.py.
