//! Scripts whose output must be CPython 3.11's, for runtime fast paths
//! that have a general path beside them: `sorted`/`list.sort` ordering
//! native keys directly (`sort_keys.py`), and Python functions the
//! runtime calls with an exact argument fit run without the binder
//! (`direct_calls.py`), and sets looking keys up without their lock
//! while a user `__eq__` runs (`user_eq_in_containers.py`; it used to
//! hang), and `int(str)` and `%d` without big ints for the values that
//! fit an `i64` (`int_text.py`), and `zip`/`enumerate` refilling their
//! last result tuple when it comes back unshared (`iterator_results.py`),
//! and dicts looking exact-str keys up natively beside keys whose
//! `__eq__` must decide (`str_keys.py`), and `%`-formatting scanned by
//! bytes with its plain pieces written straight in, and `list.pop`
//! without a shift for the last item (`percent_format.py`), and the
//! argument-count errors of native callables, reported after the calling
//! convention each stands for (`arity_messages.py`), and closure
//! variables read by the dispatch loop's LOAD_DEREF arm, unbound ones
//! included (`closure_cells.py`), and big-int division by a one-word
//! quotient in one pass (`bigint_division.py`), and set lookups of
//! natively compared keys in one pass over the table (`set_lookups.py`),
//! and binary operators calling a class's Python special method from the
//! BINARY_OP_PY_SPECIAL cache (`operator_methods.py`), and answers that
//! used to differ from CPython's: iterator kinds as types, StopIteration
//! from `map`/`filter` callbacks, `property.__new__`, recursion through
//! `__call__`, one-argument `super`, `platform` (`builtin_defects.py`),
//! and `open()` in binary and text modes with seeks, newlines and
//! encodings (`file_modes.py`), and `complex`,
//! `cmath`, big-int exponent and bytes-conversion regressions, and ranges
//! over big-int bounds, and `bytearray` (`complex_numbers.py`,
//! `cmath_values.py`, `number_defects.py`, `big_range.py`,
//! `bytes_containers.py`, `complex_threads.py`), and exception
//! groups (`exception_groups.py`), `except*` (`except_star.py`, and on
//! four threads at once, `except_star_threads.py`) and the stderr report
//! of an uncaught group (`eg_traceback*.py` against `.err`), and coroutines
//! driven by hand, `await` on coroutines and `__await__` objects and the
//! async syntax's errors (`coroutines.py`), `async for`/`async with`,
//! async generators and async comprehensions (`async_syntax.py`), and
//! `asyncio` on one loop (`asyncio_basics.py`) and on threads
//! (`asyncio_threads.py`), TaskGroup, timeouts, shield and Condition
//! (`asyncio_structured.py`) and async-generator hooks and their closing
//! at `asyncio.run` shutdown (`asyncgen_hooks.py`), and frame objects from `sys._getframe`,
//! tracebacks and generators (`frame_objects.py`, and on four threads at
//! once, `frame_threads.py`), and `OSError`'s fields, subclasses and
//! strings, `errno` and `io.UnsupportedOperation` (`os_errors.py`), and
//! the main script's path as `__file__`, `sys.argv[0]`, `sys.path[0]` and
//! in tracebacks, run as `NAME.py`, `./NAME.py`, `DIR/NAME.py` and by
//! absolute path (`main_path.py`), and `__annotations__` of functions,
//! classes and modules, evaluated or (under `from __future__ import
//! annotations`) as text (`annotations.py`, `annotations_future.py`), and
//! `memoryview` over bytes, bytearrays and other views, with the export
//! count that stops a viewed bytearray from resizing
//! (`memoryview_basic.py`, and views read and written by threads at once,
//! `memoryview_threads.py`), bytes, bytearray and memoryview arguments
//! wherever CPython takes a bytes-like object (`bytes_like_args.py`),
//! `bytearray` and `bytes` subclasses (`bytes_subclasses.py`), and `cmath`
//! over the grid of infinite, NaN, zero and finite parts
//! (`cmath_special_values.py`), and
//! `types.GenericAlias` and `X | Y` unions (`generic_alias.py`), and a
//! class's `__dict__` as a read-only mappingproxy, with class attributes
//! the specializer cached read again after the class changes
//! (`mappingproxy.py`). Each
//! `scripts/NAME.out` is what `python3.11 scripts/NAME.py` prints.

mod common;

use common::run_weft;
use std::path::Path;
use std::time::Duration;

fn matches_cpython(name: &str) {
    matches_cpython_with(name, &[]);
}

/// `matches_cpython` with the specializer on and then off.
fn matches_cpython_both_ways(name: &str) {
    matches_cpython_with(name, &[]);
    matches_cpython_with(name, &["--no-specialize"]);
}

fn matches_cpython_with(name: &str, flags: &[&str]) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scripts");
    let script = format!("{name}.py");
    let mut args = vec!["run"];
    args.extend_from_slice(flags);
    args.push(&script);
    let out = run_weft(&args, &dir, Duration::from_secs(60));
    assert_eq!(
        out.status,
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let expected = std::fs::read_to_string(dir.join(format!("{name}.out"))).unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
}

#[test]
fn sort_keys_match_cpython() {
    matches_cpython("sort_keys");
}

#[test]
fn int_text_matches_cpython() {
    matches_cpython("int_text");
}

#[test]
fn direct_calls_match_cpython() {
    matches_cpython("direct_calls");
}

#[test]
fn user_eq_in_containers_matches_cpython() {
    matches_cpython("user_eq_in_containers");
}

#[test]
fn int_operators_at_fast_path_edges_match_cpython() {
    matches_cpython("int_boundaries");
}

#[test]
fn extended_arg_prefixes_match_cpython() {
    matches_cpython("extended_args");
}

#[test]
fn iterator_results_refilled_only_when_unshared_match_cpython() {
    matches_cpython("iterator_results");
}

#[test]
fn str_key_lookups_match_cpython() {
    matches_cpython("str_keys");
}

#[test]
fn percent_format_and_list_pop_match_cpython() {
    matches_cpython("percent_format");
}

#[test]
fn arity_messages_match_cpython() {
    matches_cpython("arity_messages");
}

#[test]
fn closure_variables_read_in_the_dispatch_loop_match_cpython() {
    matches_cpython("closure_cells");
}

#[test]
fn big_int_division_with_one_word_quotients_matches_cpython() {
    matches_cpython("bigint_division");
}

#[test]
fn set_lookups_of_native_keys_match_cpython() {
    matches_cpython("set_lookups");
}

#[test]
fn operators_with_python_special_methods_match_cpython() {
    matches_cpython("operator_methods");
}

/// `sys.monitoring` switched on and off while threads run hot specialized
/// code: every thread reports lines after `set_events` returns, none
/// after it is switched off, and 1,000 flips leave every result exact.
/// Its `.out` is CPython 3.13's (3.11 has no `sys.monitoring`).
#[test]
fn monitoring_under_running_threads_matches_cpython() {
    matches_cpython("monitoring_threads");
}

/// The events after a call of a built-in: DISABLE from C_RETURN is a
/// ValueError (the callback removed), and a C_RAISE callback's exception
/// replaces the one the call raised. Its `.out` is CPython 3.13's.
#[test]
fn c_return_and_c_raise_callbacks_match_cpython() {
    matches_cpython("monitoring_c_events");
}

/// LINE events where a jump decides them (one-line loops, a loop ending
/// its function, continue/break/else, a handler), and the same under
/// DISABLE, where a second run raises nothing. Its `.out` is CPython
/// 3.13's.
#[test]
fn line_events_across_jumps_match_cpython() {
    matches_cpython("monitoring_line_jumps");
}

/// List, set and dict comprehensions compiled into the code around them
/// (PEP 709): their variables stay their own whatever the enclosing
/// function, class or module holds under those names, also when an
/// exception leaves them; walrus targets, closures, nested comprehensions
/// and class bodies as CPython. Its `.out` is CPython 3.11's (3.13 prints
/// the same).
#[test]
fn inlined_comprehensions_match_cpython() {
    matches_cpython("inlined_comprehensions");
}

/// sys.monitoring around comprehensions: no frame of their own, their
/// lines and branches charged to the enclosing code, an exception passing
/// through the cleanup handler; multi-line comprehensions' lines; LINE
/// after the frame's start on the `def`'s own line only with PY_START.
/// Its `.out` is CPython 3.13's.
#[test]
fn monitoring_around_comprehensions_matches_cpython() {
    matches_cpython("monitoring_comprehensions");
}

#[test]
fn match_statements_match_cpython() {
    matches_cpython_both_ways("match_statements");
}

/// sys.monitoring LINE events through a match statement (CPython 3.13's
/// output).
#[test]
fn monitoring_match_statement_lines_match_cpython() {
    matches_cpython("monitoring_match");
}

#[test]
fn object_model_matches_cpython() {
    matches_cpython_both_ways("object_model");
}

#[test]
fn object_model_threads_match_cpython() {
    matches_cpython_both_ways("object_model_threads");
}

#[test]
fn builtin_slots_match_cpython() {
    matches_cpython_both_ways("builtin_slots");
}

/// `exec`, `eval` and `compile` in every mode, with default, given and
/// separate namespaces, `locals()` snapshots in functions, SyntaxErrors
/// with `<string>` locations, code object attributes, `__import__` and
/// `importlib.import_module`.
#[test]
fn dynamic_code_matches_cpython() {
    matches_cpython_both_ways("dynamic_code");
}

/// A local package (`pkgdemo/`): `__init__.py`, submodules, subpackages,
/// relative imports at every level and beyond the top, `import *` with and
/// without `__all__`, `sys.modules`, `dir()`, `exit`/`quit`.
#[test]
fn packages_match_cpython() {
    matches_cpython_both_ways("packages");
}

/// Functions, classes and code objects made by `exec`/`eval`/`compile`
/// running on eight threads at once.
#[test]
fn exec_made_code_on_threads_matches_cpython() {
    matches_cpython_both_ways("exec_threads");
}

#[test]
fn builtin_defects_match_cpython() {
    matches_cpython_both_ways("builtin_defects");
}

#[test]
fn file_modes_match_cpython() {
    matches_cpython_both_ways("file_modes");
}

/// `complex`: imaginary literals, construction from numbers, strings and
/// `__complex__`, arithmetic with int/float, signed zeros in repr,
/// numeric hashing, `format` specs and CPython's error messages.
#[test]
fn complex_numbers_match_cpython() {
    matches_cpython_both_ways("complex_numbers");
}

/// `cmath` over finite values: branch cuts, signed zeros, domain and
/// range errors, `phase`/`polar`/`rect`, `isclose`, the constants.
#[test]
fn cmath_values_match_cpython() {
    matches_cpython_both_ways("cmath_values");
}

/// Big-int exponents of 0, 1 and -1, `int * bytes`, `float(bytes)` and
/// `int(bytes)` (each once a silent wrong answer or a refusal).
#[test]
fn number_defects_match_cpython() {
    matches_cpython_both_ways("number_defects");
}

/// `range` with bounds beyond `i64`: indexing, slicing, membership,
/// `index`, equality, hashing, iteration, reversal, `len` overflow; and
/// range slices keeping CPython's bounds.
#[test]
fn big_range_matches_cpython() {
    matches_cpython_both_ways("big_range");
}

/// Eight threads computing with complex values and big ranges at once,
/// filling a shared list and a dict keyed by complex numbers.
#[test]
fn complex_threads_match_cpython() {
    matches_cpython_both_ways("complex_threads");
}

/// `bytearray`: construction, item and slice assignment and deletion, the
/// mutating methods, `+=`/`*=`, the bytes methods on bytearrays,
/// comparisons with bytes, and CPython's error messages.
#[test]
fn bytes_containers_match_cpython() {
    matches_cpython_both_ways("bytes_containers");
}

/// `ExceptionGroup`/`BaseExceptionGroup`: construction checks, `split`,
/// `subgroup`, `derive`, subclasses, `add_note`.
#[test]
fn exception_groups_match_cpython() {
    matches_cpython_both_ways("exception_groups");
}

/// `except*`: splitting, wrapping naked exceptions, re-raising, handlers
/// that raise, the TypeErrors of bad clause types.
#[test]
fn except_star_matches_cpython() {
    matches_cpython_both_ways("except_star");
}

/// Four threads raising and handling exception groups with `except*`.
#[test]
fn except_star_threads_match_cpython() {
    matches_cpython_both_ways("except_star_threads");
}

/// The stderr of an uncaught exception group is CPython's (boxed layout,
/// notes, chained context); `NAME.err` is `python3.11 NAME.py`'s stderr,
/// with the directory it was recorded in taken out of its paths.
fn stderr_matches_cpython(name: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scripts");
    let script = format!("{name}.py");
    for flags in [&[][..], &["--no-specialize"][..]] {
        let mut args = vec!["run"];
        args.extend_from_slice(flags);
        args.push(&script);
        let out = run_weft(&args, &dir, Duration::from_secs(60));
        assert_eq!(out.status, Some(1));
        let recorded = std::fs::read_to_string(dir.join(format!("{name}.err"))).unwrap();
        let without_folders = |text: &str| -> String {
            text.split_inclusive('\n')
                .map(|line| relative_script_path(line, &script))
                .collect()
        };
        assert_eq!(
            without_folders(&String::from_utf8_lossy(&out.stderr)),
            without_folders(&recorded)
        );
    }
}

#[test]
fn uncaught_exception_group_report_matches_cpython() {
    stderr_matches_cpython("eg_traceback");
    stderr_matches_cpython("eg_traceback_star");
}

/// `line` with a `File "/any/dir/SCRIPT"` path made `File "SCRIPT"`.
fn relative_script_path(line: &str, script: &str) -> String {
    let tail = format!("/{script}\"");
    match (line.find("File \""), line.find(&tail)) {
        (Some(a), Some(b)) if a + 6 <= b => format!("{}{}", &line[..a + 6], &line[b + 1..]),
        _ => line.to_string(),
    }
}

/// Coroutine objects (`send`/`throw`/`close`, `cr_*`), `await` on
/// coroutines and on `__await__` iterators, the await protocol's
/// TypeErrors and the async syntax's SyntaxErrors.
#[test]
fn coroutines_match_cpython() {
    matches_cpython_both_ways("coroutines");
}

/// `async for`, `async with` (several items, suppression, break/continue/
/// return through it), async generators (`asend`/`athrow`/`aclose`) and
/// async comprehensions, driven without asyncio.
#[test]
fn async_syntax_matches_cpython() {
    matches_cpython_both_ways("async_syntax");
}

/// `asyncio` on one loop: tasks, futures, gather, sleep, wait_for, wait,
/// as_completed, queues, locks, events, semaphores, cancellation, loop
/// callbacks and misuse errors.
#[test]
fn asyncio_basics_matches_cpython() {
    matches_cpython_both_ways("asyncio_basics");
}

/// `asyncio` with threads: `to_thread`/`run_in_executor` CPU work on the
/// pool, `call_soon_threadsafe` from plain threads, and six threads each
/// running its own `asyncio.run` at once.
#[test]
fn asyncio_threads_matches_cpython() {
    matches_cpython_both_ways("asyncio_threads");
}

/// Frame objects: `sys._getframe` (depths, `f_back` chains through
/// lambdas and comprehensions, `f_locals` of functions, modules and class
/// bodies, `f_globals`, `f_builtins`, repr), traceback objects (order,
/// `tb_frame`, `tb_lineno`, `tb_next`, `with_traceback`, assigning
/// `__traceback__`), and `gi_frame`/`cr_frame`/`ag_frame`.
#[test]
fn frame_objects_match_cpython() {
    matches_cpython_both_ways("frame_objects");
}

/// Four threads walking `sys._getframe()` chains, their tracebacks and
/// their generators' frames at once.
#[test]
fn frame_threads_match_cpython() {
    matches_cpython_both_ways("frame_threads");
}

/// `OSError(errno, strerror, filename, winerror, filename2)`, the subclass
/// an error number selects, `str()` forms, the errors of `open()`, and
/// `io.UnsupportedOperation`.
#[test]
fn os_errors_match_cpython() {
    matches_cpython_both_ways("os_errors");
}

/// The main script run as `main_path.py`; and as `./main_path.py`,
/// `scripts/main_path.py` (from the folder above) and by absolute path,
/// where CPython 3.11 prints the recorded answer with the path forms
/// substituted: `__file__`, code filenames and tracebacks are the path
/// joined to the working directory as given, `sys.argv[0]` is the path as
/// given.
#[test]
fn main_path_matches_cpython() {
    matches_cpython_both_ways("main_path");
    let scripts = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scripts");
    let recorded = std::fs::read_to_string(scripts.join("main_path.out")).unwrap();
    let absolute = scripts.join("main_path.py");
    let absolute = absolute.to_str().expect("utf-8 path");
    let forms: [(&str, &Path, String); 3] = [
        (
            "./main_path.py",
            &scripts,
            recorded
                .replace("<DIR>/main_path.py", "<DIR>/./main_path.py")
                .replace("argv0 main_path.py", "argv0 ./main_path.py"),
        ),
        (
            "scripts/main_path.py",
            scripts.parent().expect("tests folder"),
            recorded.replace("argv0 main_path.py", "argv0 scripts/main_path.py"),
        ),
        (
            absolute,
            Path::new("/"),
            recorded.replace("argv0 main_path.py", "argv0 <DIR>/main_path.py"),
        ),
    ];
    for (given, cwd, expected) in forms {
        let out = run_weft(&["run", given], cwd, Duration::from_secs(60));
        assert_eq!(
            out.status,
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            expected,
            "run as {given}"
        );
    }
}

/// `asyncio.TaskGroup`, `timeout`/`timeout_at`, `shield` and `Condition`,
/// and TaskGroups on four threads at once.
#[test]
fn asyncio_structured_matches_cpython() {
    matches_cpython_both_ways("asyncio_structured");
}

/// `sys.set_asyncgen_hooks`/`get_asyncgen_hooks` and `asyncio.run`
/// closing the async generators a program left suspended.
#[test]
fn asyncgen_hooks_matches_cpython() {
    matches_cpython_both_ways("asyncgen_hooks");
}

/// `__annotations__`: function signatures in CPython's order and
/// evaluation order, class and module bodies, targets that are not simple
/// names, bodies of functions left unevaluated, assignment and deletion.
#[test]
fn annotations_match_cpython() {
    matches_cpython_both_ways("annotations");
}

/// `from __future__ import annotations`: the text CPython regenerates for
/// each expression kind, with its precedence parentheses.
#[test]
fn future_annotations_match_cpython() {
    matches_cpython_both_ways("annotations_future");
}

/// `memoryview` over bytes, bytearray and other views: items, slices,
/// casts, comparison, hashing, assignment, release, and the export lock.
#[test]
fn memoryview_basic_matches_cpython() {
    matches_cpython_both_ways("memoryview_basic");
}

/// Threads writing a bytearray whole (directly and through a view) while
/// others read it through views and one tries to resize it.
#[test]
fn memoryview_threads_matches_cpython() {
    matches_cpython_both_ways("memoryview_threads");
}

/// Bytes-like arguments of every kind to the bytes and bytearray methods
/// and operators, with CPython's result types.
#[test]
fn bytes_like_args_matches_cpython() {
    matches_cpython_both_ways("bytes_like_args");
}

/// Subclasses of bytearray and bytes.
#[test]
fn bytes_subclasses_matches_cpython() {
    matches_cpython_both_ways("bytes_subclasses");
}

/// cmath's functions over the whole grid of special values.
#[test]
fn cmath_special_values_matches_cpython() {
    matches_cpython_both_ways("cmath_special_values");
}

/// `list[int]` and the other built-in generic aliases (repr, equality,
/// hash, calls, attribute pass-through, the isinstance refusal) and
/// `int | None` unions, and the `types` module's names for them.
#[test]
fn generic_aliases_match_cpython() {
    matches_cpython_both_ways("generic_alias");
}

/// A class's `__dict__` and `types.MappingProxyType`: reads, the refused
/// writes, `|`, and a class attribute read in a hot loop before and after
/// the class is changed behind a proxy that was read.
#[test]
fn mappingproxy_matches_cpython() {
    matches_cpython_both_ways("mappingproxy");
}
