//! Weft: a free-threaded, specializing interpreter for a Python 3 subset.
//!
//! Source text goes through `frontend` (the parser) and `compiler` to
//! `CompiledCode`, becomes an immortal `code::CodeObject` over the shared
//! `weft_specializer::CodeUnits`, and runs in `eval::run_frame` on any
//! number of threads, each with its own `vm::Vm` over one `vm::Interp`.
//! `runtime` is the embedding API and `main.rs` the CLI.

pub mod attrs;
pub mod bigrange;
pub mod builtins;
pub mod code;
pub mod compiler;
pub mod dict;
pub mod embed;
pub mod eval;
pub mod exceptions;
pub mod format;
pub mod frameobj;
pub mod framestore;
pub mod freeze;
pub mod frontend;
pub mod function;
pub mod generator;
pub mod import;
pub mod iterators;
pub mod listobj;
pub mod mathcore;
pub mod modules;
pub mod monitoring;
pub mod numhash;
pub mod object;
pub mod objlock;
pub mod ops;
pub mod patterns;
pub mod readview;
pub mod repl;
pub mod runtime;
pub mod set;
pub mod settable;
pub mod specialize;
pub mod strobj;
pub mod tools;
pub mod typeobj;
pub mod value;
pub mod versions;
pub mod vm;
pub use weft_kernels::world;

pub use embed::{Error, FromPython, IntoArgs, IntoPython, Module};
pub use runtime::{Program, Runtime, RuntimeOptions};
pub use value::Value;
