//! The interactive prompt (`weft` with no script, or `weft -i`): reads
//! statements a line at a time from a caller-supplied reader (the command
//! line gives a line editor on a terminal, plain reads otherwise), compiles
//! each complete statement in `'single'` mode in `__main__` and runs it, so
//! that expression values are echoed through `sys.displayhook` and kept in
//! `_`. An error prints its traceback and the session goes on; `exit()`,
//! `SystemExit` or end of input leave it.

use crate::builtins::types::types;
use crate::compiler::{CompileError, CompileMode};
use crate::runtime::Runtime;
use crate::value::Value;
use crate::vm::{Vm, THREAD_STACK_SIZE};

/// What one read of a line gave.
pub enum ReadLine {
    /// A line, without its line terminator.
    Line(String),
    /// End of input (Ctrl-D on an empty line).
    Eof,
    /// Ctrl-C: the statement being typed is dropped.
    Interrupted,
}

/// Whether the text typed so far is a whole statement.
enum Typed {
    /// Ready to run.
    Complete,
    /// More lines are needed (an open block, bracket or string).
    Incomplete,
    /// A syntax error to report.
    Error(CompileError),
}

/// True for an error that more input could fix.
fn needs_more_input(e: &CompileError) -> bool {
    let m = e.message.as_str();
    m.starts_with("expected an indented block")
        || m.contains("was never closed")
        || m.starts_with("unterminated triple-quoted string")
        || m.starts_with("unexpected EOF")
}

fn classify(text: &str) -> Typed {
    // Each line typed ends with a newline: drop the empty piece after it.
    let lines: Vec<&str> = text
        .strip_suffix('\n')
        .unwrap_or(text)
        .split('\n')
        .collect();
    let last = lines.last().copied().unwrap_or("");
    let ended_by_blank = lines.len() > 1 && last.trim().is_empty();
    if last.ends_with('\\') {
        return Typed::Incomplete;
    }
    match crate::compiler::compile_source(text, "<stdin>", CompileMode::Single) {
        Ok(_) => {
            // A compound statement ends at a blank line.
            let opens_block = lines
                .first()
                .is_some_and(|l| l.split('#').next().unwrap_or("").trim_end().ends_with(':'));
            if opens_block && !ended_by_blank {
                Typed::Incomplete
            } else {
                Typed::Complete
            }
        }
        Err(e) if needs_more_input(&e) && !ended_by_blank => Typed::Incomplete,
        Err(e) => Typed::Error(e),
    }
}

/// True when `text` holds nothing to run (blank lines and comments).
fn is_blank(text: &str) -> bool {
    text.lines().all(|l| {
        let t = l.trim();
        t.is_empty() || t.starts_with('#')
    })
}

fn print_syntax_error(vm: &Vm, e: &CompileError) {
    let err = crate::import::syntax_error(vm, e);
    crate::builtins::functions::flush_stdout();
    eprint!("{}", crate::exceptions::format_exception(vm, &err.0));
}

impl Runtime {
    /// Runs the interactive prompt in this runtime's `__main__` (made if
    /// no script ran first), reading lines with `read(prompt)`, until end
    /// of input or `SystemExit`. Returns the exit status.
    ///
    /// ```
    /// use weft::repl::ReadLine;
    /// let rt = weft::Runtime::new(weft::RuntimeOptions::default());
    /// let mut lines = vec!["x = 6 * 7", "assert x == 42", "raise SystemExit(3)"].into_iter();
    /// let status = rt.interact(&mut |_prompt: &str| match lines.next() {
    ///     Some(l) => ReadLine::Line(l.to_string()),
    ///     None => ReadLine::Eof,
    /// });
    /// assert_eq!(status, 3);
    /// ```
    pub fn interact(&self, read: &mut dyn FnMut(&str) -> ReadLine) -> i32 {
        let vm = Vm::new(self.interp().clone(), THREAD_STACK_SIZE, true);
        let main = self.main_module(&vm);
        let globals = match crate::import::module_dict(&main) {
            Some(d) => d.clone(),
            None => return 1,
        };
        loop {
            let mut text = String::new();
            let mut prompt = prompt_text(&vm, "ps1", ">>> ");
            let typed = loop {
                crate::builtins::functions::flush_stdout();
                match read(&prompt) {
                    ReadLine::Line(l) => {
                        text.push_str(&l);
                        text.push('\n');
                    }
                    ReadLine::Eof => {
                        if text.is_empty() {
                            return 0;
                        }
                        // End of input finishes the statement being typed.
                        text.push('\n');
                        break classify(&text);
                    }
                    ReadLine::Interrupted => {
                        eprintln!("\nKeyboardInterrupt");
                        text.clear();
                        prompt = prompt_text(&vm, "ps1", ">>> ");
                        continue;
                    }
                }
                if is_blank(&text) {
                    text.clear();
                    continue;
                }
                match classify(&text) {
                    Typed::Incomplete => prompt = prompt_text(&vm, "ps2", "... "),
                    other => break other,
                }
            };
            match typed {
                Typed::Complete | Typed::Incomplete => {}
                Typed::Error(e) => {
                    print_syntax_error(&vm, &e);
                    continue;
                }
            }
            let code = match crate::builtins::dynamic::compile_to_code(
                &vm,
                &text,
                "<stdin>",
                CompileMode::Single,
            ) {
                Ok(c) => c,
                Err(e) => {
                    crate::builtins::functions::flush_stdout();
                    eprint!("{}", crate::exceptions::format_exception(&vm, &e.0));
                    continue;
                }
            };
            if let Err(e) = crate::builtins::dynamic::run_code(&vm, code, globals.clone(), None) {
                if vm.err_matches(&e, types().exc.system_exit) {
                    return crate::runtime::report_uncaught(&vm, &e);
                }
                crate::builtins::functions::flush_stdout();
                eprint!("{}", crate::exceptions::format_exception(&vm, &e.0));
            }
        }
    }
}

/// `sys.ps1`/`sys.ps2` when `sys` is loaded and they are set, else `default`.
fn prompt_text(vm: &Vm, name: &str, default: &str) -> String {
    let sys = vm.interp.modules.lock().get("sys").cloned();
    sys.and_then(|s| vm.get_attr_str(&Value::Obj(s), name).ok())
        .and_then(|p| vm.str_of(&p).ok())
        .unwrap_or_else(|| default.to_string())
}
