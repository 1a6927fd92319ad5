//! The `weft` command line: `weft run FILE [ARGS]`, `weft FILE [ARGS]`,
//! `weft -c CODE`, `weft dis FILE`, with `--no-specialize`.

use std::process::ExitCode;
use std::sync::Arc;
use weft::vm::{Config, THREAD_STACK_SIZE};
use weft::Runtime;

#[global_allocator]
static GLOBAL: Mimalloc = Mimalloc;

/// mimalloc, called through its plain entry points whenever their
/// alignment covers the layout (the test std's `System` allocator makes
/// for `malloc`). `mimalloc::MiMalloc` calls the aligned ones for every
/// layout, which check the block's alignment at run time and cost about
/// twice the instructions of `mi_malloc` on the eval loop's allocations.
struct Mimalloc;

/// The alignment of every block `mi_malloc` returns of at least this size
/// (mimalloc's `MI_MAX_ALIGN_SIZE`; smaller blocks are word-aligned, which
/// covers any alignment up to their size).
const MI_MALLOC_ALIGN: usize = 16;

/// True when `mi_malloc(size)` is aligned enough for `align`.
#[inline(always)]
fn plain_alignment_suffices(size: usize, align: usize) -> bool {
    align <= MI_MALLOC_ALIGN && align <= size
}

/// A block for `layout` from `plain` (`mi_malloc`/`mi_zalloc`) where its
/// alignment suffices, else from `aligned`.
///
/// # Safety
/// `plain` and `aligned` must be mimalloc's matching entry points.
#[inline(always)]
unsafe fn allocate(
    layout: std::alloc::Layout,
    plain: unsafe extern "C" fn(usize) -> *mut std::ffi::c_void,
    aligned: unsafe extern "C" fn(usize, usize) -> *mut std::ffi::c_void,
) -> *mut u8 {
    // SAFETY: mimalloc's entry points take any size and a power-of-two
    // alignment (a `Layout`'s).
    unsafe {
        if plain_alignment_suffices(layout.size(), layout.align()) {
            plain(layout.size()) as *mut u8
        } else {
            aligned(layout.size(), layout.align()) as *mut u8
        }
    }
}

// SAFETY: every block comes from mimalloc and goes back to `mi_free`,
// which frees blocks of either entry point. The plain entry points are
// used only where mimalloc guarantees the alignment: blocks of at least
// `MI_MALLOC_ALIGN` bytes are aligned to it, smaller ones to a word, and
// `align <= size` keeps a small block's alignment within a word (a power
// of two at most `size` and below 16 is at most 8). Tested by
// `tests::every_layout_is_aligned`.
unsafe impl std::alloc::GlobalAlloc for Mimalloc {
    #[inline(always)]
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        // SAFETY: mimalloc's allocation entry points take any size.
        unsafe {
            allocate(
                layout,
                libmimalloc_sys::mi_malloc,
                libmimalloc_sys::mi_malloc_aligned,
            )
        }
    }

    #[inline(always)]
    unsafe fn alloc_zeroed(&self, layout: std::alloc::Layout) -> *mut u8 {
        // SAFETY: as in `alloc`.
        unsafe {
            allocate(
                layout,
                libmimalloc_sys::mi_zalloc,
                libmimalloc_sys::mi_zalloc_aligned,
            )
        }
    }

    #[inline(always)]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: std::alloc::Layout) {
        // SAFETY: `ptr` was returned by this allocator (the caller's
        // contract), so by mimalloc.
        unsafe { libmimalloc_sys::mi_free(ptr as *mut std::ffi::c_void) }
    }

    #[inline(always)]
    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, new_size: usize) -> *mut u8 {
        let p = ptr as *mut std::ffi::c_void;
        // SAFETY: `ptr` was returned by this allocator (the caller's
        // contract); `mi_realloc` keeps the plain alignment guarantee and
        // `mi_realloc_aligned` the requested one.
        unsafe {
            if plain_alignment_suffices(new_size, layout.align()) {
                libmimalloc_sys::mi_realloc(p, new_size) as *mut u8
            } else {
                libmimalloc_sys::mi_realloc_aligned(p, new_size, layout.align()) as *mut u8
            }
        }
    }
}

/// mimalloc's `mi_option_purge_delay` (its `mimalloc.h`, v2 and v3 alike;
/// the `extended` bindings name only some options).
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// Tells mimalloc to keep freed pages committed instead of handing them
/// back to the kernel a second later (v3's default delay). Allocation-heavy scripts free and
/// reuse memory in waves; with purging on, every wave faults the pages
/// in again and the kernel zeroes them (`clear_page_erms` was 16% of
/// `wordfreq`'s profile). A process keeps its peak heap, as CPython's
/// arenas mostly do.
fn keep_freed_pages_committed() {
    // SAFETY: `mi_option_set` stores one integer in mimalloc's option
    // table (an atomic store in the C code); any value is valid for the
    // purge delay and -1 means "never purge".
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, -1) }
}

/// Turns transparent huge pages off for this process. mimalloc reserves
/// its first arena (before `main`) with `MADV_HUGEPAGE`, so a first touch
/// faults in 2 MiB at once; on a machine whose free memory is fragmented
/// the kernel compacts memory to find one, and `sieve` spent 0.02-0.3 s
/// (up to 15%) of system time on it, varying run to run. With 4 KiB pages
/// the cost is small and steady. Pages already faulted stay as they are.
#[cfg(target_os = "linux")]
fn disable_transparent_huge_pages() {
    // SAFETY: PR_SET_THP_DISABLE takes an integer flag and no pointers; it
    // only sets a flag on this process's memory descriptor. A failure (an
    // old kernel) leaves THP as it was, which is harmless.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
}

#[cfg(not(target_os = "linux"))]
fn disable_transparent_huge_pages() {}

const USAGE: &str = "usage: weft [option] ... [-c cmd | -m mod | file | -] [arg] ...
       weft [option] ... run FILE [arg] ...
       weft dis FILE
Try `weft -h' for more information.";

const HELP: &str = "usage: weft [option] ... [-c cmd | -m mod | file | -] [arg] ...
       weft [option] ... run FILE [arg] ...   (same as `weft FILE`)
       weft dis FILE                          (print FILE's bytecode)
Weft runs Python 3.11 programs, with CPython's command line conventions.
Options (and corresponding environment variables):
-c cmd : program passed in as string (terminates option list)
-h     : print this help message and exit (also -? or --help)
-i     : inspect interactively after running script or command; forces a
         prompt even if stdin does not appear to be a terminal
-m mod : run library module as a script (terminates option list)
-u     : unbuffered stdout and stderr
-V     : print the version number and exit (also --version)
-X opt : implementation-specific option (none is defined; accepted and ignored)
-B, -E, -I, -O, -OO, -q, -s, -S : accepted for compatibility and ignored
file   : program read from script file
-      : program read from stdin (default; interactive mode if a tty)
arg ...: arguments passed to program in sys.argv[1:]

Weft's own options (before the script, or after `run`):
--no-specialize    : run without the specializing interpreter (quickening off)
--stats[=json]     : print specialization statistics to stderr at exit
--coverage[=json]  : print line coverage to stderr at exit
--profile          : print a call profile to stderr at exit
--trace            : trace calls and lines to stderr

With no script and a terminal, an interactive prompt starts: `>>>` and
`...` prompts, line editing and history (~/.weft_history), expression
values echoed with repr and kept in `_`, Ctrl-D or exit() to leave.

Environment variables:
PYTHONPATH : ':'-separated list of directories searched for modules after
             the script's folder (sys.path).";

/// The native monitoring tools asked for on the command line.
#[derive(Default)]
struct NativeTools {
    /// `--coverage` (`Some(false)`) or `--coverage=json` (`Some(true)`).
    coverage: Option<bool>,
    profile: bool,
    trace: bool,
}

impl NativeTools {
    fn any(&self) -> bool {
        self.coverage.is_some() || self.profile || self.trace
    }

    /// Takes `option` if it names a tool.
    fn take(&mut self, option: &str) -> bool {
        match option {
            "--coverage" | "--coverage=text" => self.coverage = Some(false),
            "--coverage=json" => self.coverage = Some(true),
            "--profile" => self.profile = true,
            "--trace" => self.trace = true,
            _ => return false,
        }
        true
    }
}

/// The tools attached to a runtime, to report when the program ends.
struct AttachedTools {
    coverage: Option<(bool, Arc<weft::tools::coverage::Coverage>)>,
    profile: Option<Arc<weft::tools::profile::Profile>>,
    trace: bool,
}

/// `sys.monitoring`'s ids the command-line tools take.
const DEBUGGER_ID: usize = 0;
const COVERAGE_ID: usize = 1;
const PROFILER_ID: usize = 2;

impl AttachedTools {
    fn attach(rt: &Runtime, wanted: &NativeTools) -> AttachedTools {
        let mut attached = AttachedTools {
            coverage: None,
            profile: None,
            trace: false,
        };
        let attach =
            |id, name, tool: Arc<dyn weft::tools::Tool>| match rt.attach_tool(id, name, tool) {
                Ok(()) => true,
                Err(e) => {
                    eprintln!("weft: cannot attach {name}: {e}");
                    false
                }
            };
        if let Some(json) = wanted.coverage {
            let tool = Arc::new(weft::tools::coverage::Coverage::default());
            if attach(COVERAGE_ID, "weft coverage", tool.clone()) {
                attached.coverage = Some((json, tool));
            }
        }
        if wanted.profile {
            let tool = Arc::new(weft::tools::profile::Profile::default());
            if attach(PROFILER_ID, "weft profile", tool.clone()) {
                attached.profile = Some(tool);
            }
        }
        if wanted.trace {
            let tool = Arc::new(weft::tools::trace::Trace::default());
            attached.trace = attach(DEBUGGER_ID, "weft trace", tool);
        }
        attached
    }

    /// Detaches the tools and writes their reports to stderr.
    fn report(self, rt: &Runtime) {
        if self.trace {
            rt.detach_tool(DEBUGGER_ID);
        }
        if let Some(profile) = self.profile {
            rt.detach_tool(PROFILER_ID);
            eprint!("{}", profile.report_text());
        }
        if let Some((json, coverage)) = self.coverage {
            rt.detach_tool(COVERAGE_ID);
            if json {
                eprintln!("{}", coverage.report_json());
            } else {
                eprint!("{}", coverage.report_text());
            }
        }
    }
}

enum Job {
    Run {
        source: Vec<u8>,
        filename: String,
    },
    Dis {
        source: Vec<u8>,
        filename: String,
    },
    Module {
        name: String,
    },
    /// The interactive prompt, with nothing run before it.
    Interactive,
}

/// Reads all of standard input (a script piped in, or `weft -`).
fn read_stdin_all() -> Vec<u8> {
    use std::io::Read;
    let mut buf = Vec::new();
    let _ = std::io::stdin().lock().read_to_end(&mut buf);
    buf
}

fn stdin_is_terminal() -> bool {
    use std::io::IsTerminal;
    std::io::stdin().is_terminal()
}

/// Lines for the interactive prompt: a line editor with history on a
/// terminal, plain reads (prompts on stderr) otherwise.
fn prompt_reader() -> Box<dyn FnMut(&str) -> weft::repl::ReadLine> {
    use weft::repl::ReadLine;
    if stdin_is_terminal() {
        if let Ok(mut editor) = rustyline::DefaultEditor::new() {
            let history =
                std::env::var_os("HOME").map(|h| std::path::PathBuf::from(h).join(".weft_history"));
            if let Some(h) = &history {
                let _ = editor.load_history(h);
            }
            return Box::new(move |prompt: &str| match editor.readline(prompt) {
                Ok(line) => {
                    if !line.trim().is_empty() {
                        let _ = editor.add_history_entry(line.as_str());
                        if let Some(h) = &history {
                            let _ = editor.append_history(h);
                        }
                    }
                    ReadLine::Line(line)
                }
                Err(rustyline::error::ReadlineError::Interrupted) => ReadLine::Interrupted,
                Err(_) => ReadLine::Eof,
            });
        }
    }
    Box::new(|prompt: &str| {
        use std::io::{BufRead, Write};
        if !stdin_is_terminal() {
            // As python3 -i on a pipe: prompts go to stderr.
            eprint!("{prompt}");
            let _ = std::io::stderr().flush();
        } else {
            print!("{prompt}");
            let _ = std::io::stdout().flush();
        }
        let mut line = String::new();
        match std::io::stdin().lock().read_line(&mut line) {
            Ok(0) | Err(_) => ReadLine::Eof,
            Ok(_) => {
                if line.ends_with('\n') {
                    line.pop();
                    if line.ends_with('\r') {
                        line.pop();
                    }
                }
                ReadLine::Line(line)
            }
        }
    })
}

fn decode_source(bytes: Vec<u8>, filename: &str) -> Result<String, String> {
    match String::from_utf8(bytes) {
        Ok(s) => Ok(s
            .strip_prefix('\u{feff}')
            .map(|x| x.to_string())
            .unwrap_or(s)),
        Err(e) => {
            let pos = e.utf8_error().valid_up_to();
            let bytes = e.into_bytes();
            let line = bytes[..pos].iter().filter(|b| **b == b'\n').count() + 1;
            Err(format!(
                "SyntaxError: Non-UTF-8 code starting with '\\x{:02x}' in file {} on line {}, but no encoding declared; see https://peps.python.org/pep-0263/ for details",
                bytes[pos], filename, line
            ))
        }
    }
}

fn main() -> ExitCode {
    keep_freed_pages_committed();
    disable_transparent_huge_pages();
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut specialize = true;
    let mut stats: Option<bool> = None; // Some(json?)
    let mut tools = NativeTools::default();
    let mut inspect = false;
    let mut job: Option<Job> = None;
    let mut argv: Vec<String> = Vec::new();
    let mut script_dir: Option<std::path::PathBuf> = None;
    while let Some(a) = args.first().cloned() {
        if tools.take(&a) {
            args.remove(0);
            continue;
        }
        match a.as_str() {
            "--no-specialize" => specialize = false,
            "--stats" | "--stats=text" => stats = Some(false),
            "--stats=json" => stats = Some(true),
            "-u" => weft::builtins::functions::set_unbuffered(true),
            "-i" => inspect = true,
            "-B" | "-E" | "-s" | "-S" | "-I" | "-O" | "-OO" | "-q" | "-b" | "-bb" | "-R" => {}
            "-X" | "-W" => {
                if args.len() < 2 {
                    eprintln!("Argument expected for the {a} option\n{USAGE}");
                    return ExitCode::from(2);
                }
                args.remove(0);
            }
            _ if (a.starts_with("-X") || a.starts_with("-W")) && a.len() > 2 => {}
            "-h" | "-?" | "--help" => {
                println!("{HELP}");
                return ExitCode::SUCCESS;
            }
            "-V" | "--version" => {
                println!(
                    "Weft {} (Python 3.11 compatible)",
                    env!("CARGO_PKG_VERSION")
                );
                return ExitCode::SUCCESS;
            }
            "-c" | "-m" => {
                let Some(value) = args.get(1).cloned() else {
                    eprintln!("Argument expected for the {a} option\n{USAGE}");
                    return ExitCode::from(2);
                };
                if a == "-c" {
                    argv.push("-c".into());
                    job = Some(Job::Run {
                        source: value.into_bytes(),
                        filename: "<string>".into(),
                    });
                } else {
                    // `sys.argv[0]` becomes the module's file once found.
                    argv.push(value.clone());
                    script_dir = std::env::current_dir().ok();
                    job = Some(Job::Module { name: value });
                }
                argv.extend(args[2..].iter().cloned());
                break;
            }
            "-" => {
                argv = args.clone();
                job = Some(Job::Run {
                    source: read_stdin_all(),
                    filename: "<stdin>".into(),
                });
                break;
            }
            _ if a.starts_with('-') && a.len() > 1 && a != "run" && a != "dis" => {
                eprintln!("Unknown option: {a}\n{USAGE}");
                return ExitCode::from(2);
            }
            _ => break,
        }
        args.remove(0);
    }
    if job.is_none() && args.first().map(|s| s.as_str()) == Some("run") {
        // Options may also follow `run`.
        while let Some(opt) = args.get(1).cloned() {
            if tools.take(&opt) {
                args.remove(1);
                continue;
            }
            match opt.as_str() {
                "--no-specialize" => specialize = false,
                "--stats" | "--stats=text" => stats = Some(false),
                "--stats=json" => stats = Some(true),
                _ => break,
            }
            args.remove(1);
        }
    }
    let job = match job {
        Some(j) => j,
        None => match args.first().map(|s| s.as_str()) {
            None => {
                if stdin_is_terminal() || inspect {
                    inspect = false;
                    argv.push(String::new());
                    Job::Interactive
                } else {
                    argv.push(String::new());
                    Job::Run {
                        source: read_stdin_all(),
                        filename: "<stdin>".into(),
                    }
                }
            }
            Some(cmd) => {
                let (is_dis, rest) = match cmd {
                    "run" => (false, &args[1..]),
                    "dis" => (true, &args[1..]),
                    _ => (false, &args[..]),
                };
                let Some(file) = rest.first() else {
                    eprintln!("{USAGE}");
                    return ExitCode::from(2);
                };
                // CPython runs a script under its path joined to the working
                // directory as given (`./x.py` stays `/cwd/./x.py`): the
                // script's `__file__`, code objects and tracebacks show it,
                // while `sys.argv[0]` keeps the path as typed.
                let script_path = script_path_for_running(file);
                let source = match std::fs::read(file) {
                    Ok(s) => s,
                    Err(e) => {
                        let errno = e.raw_os_error().unwrap_or(libc::ENOENT);
                        eprintln!(
                            "weft: can't open file '{}': [Errno {}] {}",
                            script_path,
                            errno,
                            weft::builtins::oserror::strerror(errno)
                        );
                        return ExitCode::from(2);
                    }
                };
                argv = rest.to_vec();
                script_dir = Some(normalized_parent(&script_path));
                if is_dis {
                    Job::Dis {
                        source,
                        filename: file.clone(),
                    }
                } else {
                    Job::Run {
                        source,
                        filename: script_path,
                    }
                }
            }
        },
    };
    if argv.is_empty() {
        argv.push(String::new());
    }
    let config = Config {
        specialize,
        argv,
        script_dir,
        ..Config::default()
    };
    if stats.is_some() {
        weft::specialize::stats::set_enabled(true);
    }
    // SAFETY: no object lock is held (no Python code has run); from here
    // on only the thread spawned below touches Python objects (this
    // thread only waits for it); `_thread` switches counts
    // back to atomic before it starts any other thread. Tested by
    // runtime/tests/refcounts.rs (counts stay exact across the switch).
    unsafe { weft::value::assume_single_thread_counts() };
    let interactive = inspect || matches!(job, Job::Interactive);
    let handle = std::thread::Builder::new()
        .name("main".into())
        .stack_size(THREAD_STACK_SIZE)
        .spawn(move || {
            let rt = Runtime::with_config(config);
            if let Err(e) = rt.install_sigint_handler() {
                eprintln!("weft: cannot handle Ctrl-C: {e}");
            }
            let status = match job {
                Job::Interactive => 0,
                Job::Module { name } => rt.run_module_main(&name),
                Job::Run { source, filename } => match decode_source(source, &filename) {
                    Ok(src) => {
                        let status = if tools.any() {
                            let mut attached = Some(AttachedTools::attach(&rt, &tools));
                            let mut report = || {
                                if let Some(tools) = attached.take() {
                                    tools.report(&rt)
                                }
                            };
                            rt.run_main_reporting(&src, &filename, true, Some(&mut report))
                        } else {
                            rt.run_main(&src, &filename, true)
                        };
                        if let Some(json) = stats {
                            weft::specialize::stats::flush_thread();
                            if json {
                                eprintln!("{}", weft::specialize::stats::report_json());
                            } else {
                                eprint!("{}", weft::specialize::stats::report_text());
                            }
                        }
                        status
                    }
                    Err(msg) => {
                        eprintln!("{msg}");
                        1
                    }
                },
                Job::Dis { source, filename } => match decode_source(source, &filename) {
                    Ok(src) => match weft::compiler::compile_module(&src, &filename) {
                        Ok(cc) => {
                            print!("{}", weft::compiler::disassemble(&cc));
                            0
                        }
                        Err(e) => {
                            eprintln!(
                                "  File \"{}\", line {}\nSyntaxError: {}",
                                e.filename, e.line, e.message
                            );
                            1
                        }
                    },
                    Err(msg) => {
                        eprintln!("{msg}");
                        1
                    }
                },
            };
            if !interactive {
                return status;
            }
            let mut read = prompt_reader();
            rt.interact(&mut *read)
        });
    let status = match handle {
        Ok(h) => h.join().unwrap_or(1),
        Err(e) => {
            eprintln!("weft: cannot start the interpreter thread: {e}");
            1
        }
    };
    ExitCode::from(status.clamp(0, 255) as u8)
}

/// The path a script given on the command line runs under: as given when
/// absolute, else joined to the working directory without normalizing
/// (CPython 3.11's `__file__` for `python3.11 PATH`).
fn script_path_for_running(given: &str) -> String {
    let path = std::path::Path::new(given);
    if path.is_absolute() {
        return given.to_string();
    }
    match std::env::current_dir() {
        Ok(cwd) => format!("{}/{}", cwd.to_string_lossy().trim_end_matches('/'), given),
        Err(_) => given.to_string(),
    }
}

/// The folder of `script` (an absolute path) with `.` and `..` resolved
/// lexically: `sys.path[0]` for a script.
fn normalized_parent(script: &str) -> std::path::PathBuf {
    use std::path::Component;
    let mut out = std::path::PathBuf::new();
    let path = std::path::Path::new(script);
    for c in path.parent().unwrap_or(path).components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other.as_os_str()),
        }
    }
    if out.as_os_str().is_empty() {
        out.push(".");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::alloc::{GlobalAlloc, Layout};

    /// Every size from 1 to 600 bytes with every alignment up to 64, and
    /// reallocations across the plain/aligned boundary, come back aligned
    /// and usable.
    #[test]
    fn every_layout_is_aligned() {
        let mut blocks = Vec::new();
        for size in 1..=600usize {
            for align in [1usize, 2, 4, 8, 16, 32, 64] {
                let layout = Layout::from_size_align(size, align).unwrap();
                // SAFETY: a non-zero size; freed below with its layout.
                let p = unsafe { GLOBAL.alloc(layout) };
                assert!(!p.is_null());
                assert_eq!(p as usize % align, 0, "size {size}, align {align}");
                // SAFETY: `size` bytes were just allocated at `p`.
                unsafe { p.write_bytes(0xa5, size) };
                blocks.push((p, layout));
            }
        }
        for (p, layout) in blocks {
            // SAFETY: allocated above with this layout; the new size is
            // non-zero; freed at once with the new layout.
            unsafe {
                let q = GLOBAL.realloc(p, layout, layout.size() * 3 + 1);
                assert_eq!(q as usize % layout.align(), 0);
                assert_eq!(*q, 0xa5, "contents kept");
                let grown = Layout::from_size_align(layout.size() * 3 + 1, layout.align()).unwrap();
                GLOBAL.dealloc(q, grown);
            }
            let zeroed = Layout::from_size_align(layout.size(), layout.align()).unwrap();
            // SAFETY: a non-zero size; freed at once.
            unsafe {
                let z = GLOBAL.alloc_zeroed(zeroed);
                assert_eq!(z as usize % zeroed.align(), 0);
                assert!(std::slice::from_raw_parts(z, zeroed.size())
                    .iter()
                    .all(|b| *b == 0));
                GLOBAL.dealloc(z, zeroed);
            }
        }
    }

    #[test]
    fn purge_delay_option_is_the_one_we_set() {
        // SAFETY: reading an option is a load from mimalloc's option table.
        let before = unsafe { libmimalloc_sys::mi_option_get(MI_OPTION_PURGE_DELAY) };
        // mimalloc v3's default purge delay is 1000 ms (`options.c`); a
        // wrong option number would read some other option's default.
        assert_eq!(before, 1000);
        keep_freed_pages_committed();
        // SAFETY: as above.
        let after = unsafe { libmimalloc_sys::mi_option_get(MI_OPTION_PURGE_DELAY) };
        assert_eq!(after, -1);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn transparent_huge_pages_end_up_disabled() {
        disable_transparent_huge_pages();
        // SAFETY: PR_GET_THP_DISABLE takes no pointers and returns the flag.
        let flag = unsafe { libc::prctl(libc::PR_GET_THP_DISABLE, 0, 0, 0, 0) };
        assert_eq!(flag, 1);
    }
}
