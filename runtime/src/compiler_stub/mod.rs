//! Temporary stand-in for the compiler while it is being written.
#[path = "../compiler/output.rs"]
pub mod output;

/// Kind of compile error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompileErrorKind {
    /// SyntaxError
    SyntaxError,
    /// IndentationError
    IndentationError,
}

/// A compile error.
#[derive(Debug, Clone)]
pub struct CompileError {
    pub kind: CompileErrorKind,
    pub message: String,
    pub filename: String,
    pub line: u32,
    pub column: u32,
    pub end_column: Option<u32>,
    pub source_line: Option<String>,
}

/// Stub.
pub fn compile_module(_source: &str, filename: &str) -> Result<output::CompiledCode, CompileError> {
    Err(CompileError { kind: CompileErrorKind::SyntaxError, message: "stub".into(), filename: filename.into(), line: 1, column: 1, end_column: None, source_line: None })
}

/// Stub.
pub fn disassemble(_c: &output::CompiledCode) -> String {
    String::new()
}
