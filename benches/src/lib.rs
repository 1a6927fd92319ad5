//! Shared helpers for the Weft benchmarks.
