//! Model checks of the code-unit rewrite races (run with RUSTFLAGS="--cfg loom --cfg crossbeam_loom").
