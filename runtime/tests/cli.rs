//! The command line as a `python3` user types it: a script piped on
//! standard input (no prompt), `weft -`, `-c`, `-m` with `__main__`
//! semantics, `-i` after a command, `-V`, `--help`, `PYTHONPATH`, and the
//! interactive prompt driven through a pseudo-terminal (util-linux
//! `script`): a multi-line function, a failing statement and an
//! expression, whose values are echoed and after which the session goes
//! on.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Runs `weft ARGS` in `cwd` with `input` on stdin; (status, stdout, stderr).
fn run_with_stdin(
    args: &[&str],
    cwd: &Path,
    input: &str,
    env: &[(&str, &str)],
) -> (i32, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_weft"));
    cmd.args(args)
        .current_dir(cwd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().expect("spawn weft");
    {
        let mut stdin = child.stdin.take().expect("stdin");
        stdin.write_all(input.as_bytes()).expect("write stdin");
    }
    let out = wait_with_timeout(child, Duration::from_secs(60));
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn wait_with_timeout(mut child: std::process::Child, timeout: Duration) -> std::process::Output {
    let start = Instant::now();
    let mut out = child.stdout.take().expect("stdout");
    let mut err = child.stderr.take().expect("stderr");
    let t_out = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = out.read_to_end(&mut v);
        v
    });
    let t_err = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = err.read_to_end(&mut v);
        v
    });
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait") {
            break s;
        }
        if start.elapsed() > timeout {
            let _ = child.kill();
            break child.wait().expect("wait");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    std::process::Output {
        status,
        stdout: t_out.join().unwrap_or_default(),
        stderr: t_err.join().unwrap_or_default(),
    }
}

/// A fresh empty directory under the target directory.
fn temp_dir(name: &str) -> PathBuf {
    let d =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

#[test]
fn piped_script_runs_without_a_prompt() {
    let dir = temp_dir("piped");
    let (status, out, err) =
        run_with_stdin(&[], &dir, "print(1+1)\nimport sys\nprint(sys.argv)\n", &[]);
    assert_eq!(status, 0, "{err}");
    assert_eq!(out, "2\n['']\n");
    assert!(!out.contains(">>>") && !err.contains(">>>"), "{err}");
    for specialize in [&["-"][..], &["--no-specialize", "-", "a"][..]] {
        let (status, out, err) = run_with_stdin(
            specialize,
            &dir,
            "import sys\nprint(sys.argv, 6 * 7)\n",
            &[],
        );
        assert_eq!(status, 0, "{err}");
        assert!(out.ends_with(" 42\n") && out.starts_with("['-'"), "{out}");
    }
    let (status, _, err) = run_with_stdin(&[], &dir, "print(\n", &[]);
    assert_eq!(status, 1);
    assert!(err.contains("SyntaxError"), "{err}");
    let (status, _, err) = run_with_stdin(&[], &dir, "1/0\n", &[]);
    assert_eq!(status, 1);
    assert!(err.contains("File \"<stdin>\", line 1"), "{err}");
}

#[test]
fn dash_c_dash_m_and_version() {
    let dir = temp_dir("m");
    std::fs::write(
        dir.join("greet.py"),
        "import sys\nprint(__name__, sys.argv[1:], sys.argv[0].endswith('greet.py'))\nif __name__ == '__main__':\n    print('main!')\n",
    )
    .unwrap();
    std::fs::create_dir_all(dir.join("tool")).unwrap();
    std::fs::write(dir.join("tool/__init__.py"), "X = 1\n").unwrap();
    std::fs::write(
        dir.join("tool/__main__.py"),
        "from . import X\nprint('tool main', __name__, __package__, X)\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("tool/run.py"),
        "from .helper import f\nprint(f(), __package__)\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("tool/helper.py"),
        "def f():\n    return 'helped'\n",
    )
    .unwrap();
    let (status, out, err) = run_with_stdin(&["-m", "greet", "a", "b"], &dir, "", &[]);
    assert_eq!(
        (status, out.as_str()),
        (0, "__main__ ['a', 'b'] True\nmain!\n"),
        "{err}"
    );
    let (status, out, err) = run_with_stdin(&["-m", "tool"], &dir, "", &[]);
    assert_eq!(
        (status, out.as_str()),
        (0, "tool main __main__ tool 1\n"),
        "{err}"
    );
    let (status, out, err) = run_with_stdin(&["--no-specialize", "-m", "tool.run"], &dir, "", &[]);
    assert_eq!((status, out.as_str()), (0, "helped tool\n"), "{err}");
    let (status, _, err) = run_with_stdin(&["-m", "no_such_mod"], &dir, "", &[]);
    assert_eq!(status, 1);
    assert!(err.contains("No module named no_such_mod"), "{err}");
    let (status, out, _) = run_with_stdin(
        &["-c", "import sys; print(sys.argv, sys.path[0] == '')", "x"],
        &dir,
        "",
        &[],
    );
    assert_eq!((status, out.as_str()), (0, "['-c', 'x'] True\n"));
    let (status, out, _) = run_with_stdin(&["-V"], &dir, "", &[]);
    assert_eq!(status, 0);
    assert!(
        out.starts_with("Weft ") && out.contains("Python 3.11"),
        "{out}"
    );
    let (status, out, _) = run_with_stdin(&["--help"], &dir, "", &[]);
    assert_eq!(status, 0);
    for opt in [
        "-c cmd",
        "-m mod",
        "-i ",
        "-u ",
        "-V ",
        "--no-specialize",
        "PYTHONPATH",
    ] {
        assert!(out.contains(opt), "--help lacks {opt}");
    }
    let (status, out, _) =
        run_with_stdin(&["-u", "-c", "print('unbuffered', end='')"], &dir, "", &[]);
    assert_eq!((status, out.as_str()), (0, "unbuffered"));
}

#[test]
fn pythonpath_and_script_folder_come_first() {
    let dir = temp_dir("path");
    let lib = dir.join("lib");
    std::fs::create_dir_all(lib.join("pkg")).unwrap();
    std::fs::write(lib.join("pkg/__init__.py"), "from .mod import VALUE\n").unwrap();
    std::fs::write(lib.join("pkg/mod.py"), "VALUE = 'from PYTHONPATH'\n").unwrap();
    std::fs::create_dir_all(dir.join("app")).unwrap();
    std::fs::write(
        dir.join("app/main.py"),
        "import sys, pkg, sibling\nprint(pkg.VALUE, sibling.S, sys.path[0].endswith('app'))\n",
    )
    .unwrap();
    std::fs::write(dir.join("app/sibling.py"), "S = 'sibling'\n").unwrap();
    let lib_s = lib.to_string_lossy().to_string();
    let (status, out, err) = run_with_stdin(&["app/main.py"], &dir, "", &[("PYTHONPATH", &lib_s)]);
    assert_eq!(
        (status, out.as_str()),
        (0, "from PYTHONPATH sibling True\n"),
        "{err}"
    );
}

#[test]
fn inspect_after_command_reads_piped_statements() {
    let dir = temp_dir("inspect");
    let input = "x * 2\ndef f(n):\n    return n + x\n\nf(1)\n1/0\n'still here'\n_\n";
    let (status, out, err) = run_with_stdin(&["-i", "-c", "x = 5"], &dir, input, &[]);
    assert_eq!(status, 0, "{err}");
    assert_eq!(out, "10\n6\n'still here'\n'still here'\n");
    assert!(err.contains("ZeroDivisionError: division by zero"), "{err}");
    assert!(err.contains(">>> ") && err.contains("... "), "{err}");
    let (status, _, _) = run_with_stdin(&["-i"], &dir, "exit(4)\n", &[]);
    assert_eq!(status, 4);
}

/// The interactive prompt on a pseudo-terminal, through util-linux's
/// `script` (skipped where it is missing): with the line editor
/// (`TERM=xterm`) and on a terminal it does not drive (`TERM=dumb`).
#[test]
fn interactive_prompt_on_a_terminal() {
    let Ok(script) = which("script") else {
        eprintln!("skipped: util-linux `script` not found");
        return;
    };
    for term in ["xterm", "dumb"] {
        prompt_session(&script, term);
    }
}

fn prompt_session(script: &Path, term: &str) {
    let dir = temp_dir(&format!("repl-{term}"));
    let weft = env!("CARGO_BIN_EXE_weft");
    let mut child = Command::new(script)
        .args(["-q", "-e", "-c", weft, "/dev/null"])
        .current_dir(&dir)
        .env("TERM", term)
        .env("HOME", &dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn script");
    let mut stdin = child.stdin.take().expect("stdin");
    let typed = [
        "def add(a, b):",
        "    total = a + b",
        "    return total",
        "",
        "add(2, 3)",
        "1/0",
        "add('x', 'y') * 2",
        "_",
        "exit()",
    ];
    let writer = std::thread::spawn(move || {
        for line in typed {
            std::thread::sleep(Duration::from_millis(150));
            let _ = stdin.write_all(format!("{line}\r").as_bytes());
            let _ = stdin.flush();
        }
        std::thread::sleep(Duration::from_millis(500));
    });
    let out = wait_with_timeout(child, Duration::from_secs(60));
    let _ = writer.join();
    let text = String::from_utf8_lossy(&out.stdout).replace('\r', "");
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains(">>> "), "no prompt: {text}");
    assert!(text.contains("... "), "no continuation prompt: {text}");
    assert!(text.contains("\n5\n"), "value not echoed: {text}");
    assert!(
        text.contains("ZeroDivisionError: division by zero"),
        "{text}"
    );
    assert!(
        text.contains("'xyxy'"),
        "session did not survive the error: {text}"
    );
    assert!(text.matches("'xyxy'").count() >= 2, "`_` not kept: {text}");
}

fn which(name: &str) -> Result<PathBuf, ()> {
    let path = std::env::var_os("PATH").ok_or(())?;
    std::env::split_paths(&path)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
        .ok_or(())
}

#[test]
fn standard_streams_read_and_write() {
    let dir = temp_dir("streams");
    let prog = "import sys\nprint(sys.stdin.readline().strip())\nfirst = input('p> ')\nprint(first.upper())\nprint(sum(int(l) for l in sys.stdin))\nsys.stdout.write('w\\n')\nsys.stdout.flush()\nsys.stdout.buffer.write(b'raw\\n')\nsys.stderr.write('err\\n')\nprint(sys.stdin.read() == '', sys.stdin.isatty(), sys.stdout.encoding)\n";
    let script = dir.join("streams.py");
    std::fs::write(&script, prog).unwrap();
    let (status, out, err) = run_with_stdin(&["streams.py"], &dir, "hello\nabc\n1\n2\n3\n", &[]);
    assert_eq!(status, 0, "{err}");
    assert_eq!(out, "hello\np> ABC\n6\nw\nraw\nTrue False utf-8\n");
    assert_eq!(err, "err\n");
    let (status, out, _) = run_with_stdin(
        &[
            "-c",
            "import sys\nlines = sys.stdin.readlines()\nprint(lines, sys.stdin.read(3) == '')",
        ],
        &dir,
        "a\nb\n",
        &[],
    );
    assert_eq!((status, out.as_str()), (0, "['a\\n', 'b\\n'] True\n"));
}

/// Replaces the folder `dir` and the run time in a unittest report, the
/// two things that differ from run to run.
fn normalise_unittest_report(report: &str, dir: &Path) -> String {
    let text = report.replace(&dir.display().to_string(), "<dir>");
    text.lines()
        .map(|line| match line.strip_prefix("Ran ") {
            Some(rest) if rest.contains(" tests in ") => {
                format!(
                    "Ran {} tests in <time>",
                    rest.split(' ').next().unwrap_or("")
                )
            }
            _ => line.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

#[test]
fn dash_m_unittest_discovers_a_project() {
    // The fixture project and CPython 3.11's report of
    // `python3.11 -m unittest -v` in it (folder and time masked).
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/stdlib/unittest_project");
    let expected = std::fs::read_to_string(dir.join("cpython_verbose_run.txt")).unwrap();
    let (status, out, err) = run_with_stdin(&["-m", "unittest", "-v"], &dir, "", &[]);
    assert_eq!(status, 1, "{err}");
    assert_eq!(out, "");
    assert_eq!(normalise_unittest_report(&err, &dir), expected);
    let (status, _, err) =
        run_with_stdin(&["-m", "unittest", "-q", "pkg.test_alpha"], &dir, "", &[]);
    assert_eq!(status, 0, "{err}");
    assert!(err.contains("Ran 2 tests"), "{err}");
    assert!(err.trim_end().ends_with("OK"), "{err}");
}
