//! Unit tests for `mathcore`, with expected values produced by CPython 3.11
//! (the generated `*_data.rs` files).

mod math;
mod math_data;
mod mt19937;
mod mt_data;
