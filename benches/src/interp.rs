//! Interpreter commands for side-by-side timing: parsing `NAME=CMD`
//! specifications, finding the default interpreters (the real binaries
//! behind pyenv shims), probing that they run, and timing one run of a
//! script as a child process.

use crate::{Error, Result};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// An interpreter command: `ENV=VALUE... PROGRAM ARGS... SCRIPT SCRIPT_ARGS...`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Interp {
    /// Report name, e.g. `python3.11`.
    pub name: String,
    /// Environment variables set for the command.
    pub env: Vec<(String, String)>,
    /// The executable.
    pub program: String,
    /// Arguments before the script.
    pub args: Vec<String>,
    /// Arguments (instead of `args`) that make the interpreter start and
    /// exit successfully, printing its version when it can (`--version`).
    pub probe_args: Vec<String>,
    /// What the probe printed (filled by [`Interp::probe`]).
    pub version: Option<String>,
}

impl Interp {
    /// A plain command without environment.
    pub fn new(name: &str, program: &str, args: &[&str]) -> Interp {
        Interp {
            name: name.to_string(),
            env: Vec::new(),
            program: program.to_string(),
            args: args.iter().map(|s| s.to_string()).collect(),
            probe_args: vec!["--version".into()],
            version: None,
        }
    }

    /// Parses `NAME=CMD`, where CMD is split on whitespace and leading
    /// `VAR=VALUE` words are environment variables:
    /// `python3.12=PYENV_VERSION=3.12.1 python3.12 -X faulthandler`.
    pub fn parse_spec(spec: &str) -> Result<Interp> {
        let bad = || {
            Error::new(format!(
                "bad interpreter `{spec}`: expected NAME=COMMAND, e.g. pypy=pypy3 or py312='PYENV_VERSION=3.12.1 python3.12'"
            ))
        };
        let (name, cmd) = spec.split_once('=').ok_or_else(bad)?;
        let name = name.trim();
        if name.is_empty() || name.contains(char::is_whitespace) {
            return Err(bad());
        }
        let mut words = cmd.split_whitespace().peekable();
        let mut env = Vec::new();
        while let Some(w) = words.peek() {
            match w.split_once('=') {
                Some((k, v))
                    if !k.is_empty()
                        && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') =>
                {
                    env.push((k.to_string(), v.to_string()));
                    words.next();
                }
                _ => break,
            }
        }
        let program = words.next().ok_or_else(bad)?.to_string();
        Ok(Interp {
            name: name.to_string(),
            env,
            program,
            args: words.map(str::to_string).collect(),
            probe_args: vec!["--version".into()],
            version: None,
        })
    }

    /// The command words (environment first), for reports.
    pub fn words(&self) -> Vec<String> {
        let mut w: Vec<String> = self.env.iter().map(|(k, v)| format!("{k}={v}")).collect();
        w.push(self.program.clone());
        w.extend(self.args.iter().cloned());
        w
    }

    /// A `Command` running `script` with `script_args` in `cwd`.
    pub fn command(&self, script: &Path, script_args: &[String], cwd: &Path) -> Command {
        let mut c = Command::new(&self.program);
        c.args(&self.args)
            .arg(script)
            .args(script_args)
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .current_dir(cwd)
            .stdin(Stdio::null());
        c
    }

    /// Runs the probe; on success records its first output line as the
    /// version. An error says why the interpreter cannot be used.
    pub fn probe(&mut self) -> Result<()> {
        let out = Command::new(&self.program)
            .args(&self.probe_args)
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::null())
            .output()
            .map_err(|e| Error::new(format!("{}: cannot run {}: {e}", self.name, self.program)))?;
        if !out.status.success() {
            return Err(Error::new(format!(
                "{}: `{}` failed ({}): {}",
                self.name,
                crate::report::shell_join(
                    &[vec![self.program.clone()], self.probe_args.clone()].concat()
                ),
                out.status,
                tail(&String::from_utf8_lossy(&out.stderr), 300)
            )));
        }
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        self.version = text
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty())
            .map(str::to_string);
        Ok(())
    }
}

/// The last `max` bytes of `s` (at a char boundary), trimmed.
pub fn tail(s: &str, max: usize) -> &str {
    let mut start = s.len().saturating_sub(max);
    while !s.is_char_boundary(start) {
        start += 1;
    }
    s[start..].trim()
}

/// Looks `name` up on `PATH`.
pub fn which(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

fn pyenv(args: &[&str], version: Option<&str>) -> Option<String> {
    let mut c = Command::new("pyenv");
    c.args(args).stdin(Stdio::null()).stderr(Stdio::null());
    if let Some(v) = version {
        c.env("PYENV_VERSION", v);
    }
    let out = c.output().ok().filter(|o| o.status.success())?;
    let s = String::from_utf8_lossy(&out.stdout).trim().to_string();
    (!s.is_empty()).then_some(s)
}

/// The newest of `versions` (pyenv's `versions --bare` lines) in the
/// `minor` series, e.g. `3.12` → `3.12.1`.
pub fn newest_in_series(versions: &str, minor: &str) -> Option<String> {
    let prefix = format!("{minor}.");
    versions
        .lines()
        .map(str::trim)
        .filter_map(|v| {
            let patch = v.strip_prefix(&prefix)?.parse::<u32>().ok()?;
            Some((patch, v.to_string()))
        })
        .max()
        .map(|(_, v)| v)
}

/// The real binary of `python{minor}`: pyenv's (the shim adds ~0.1 s of
/// start-up), else the one on `PATH`.
pub fn find_python(minor: &str) -> Option<Interp> {
    let exe = format!("python{minor}");
    let real = pyenv(&["versions", "--bare"], None)
        .and_then(|versions| newest_in_series(&versions, minor))
        .and_then(|v| pyenv(&["which", &exe], Some(&v)))
        .or_else(|| pyenv(&["which", &exe], None))
        .or_else(|| which(&exe).map(|p| p.display().to_string()))?;
    Some(Interp::new(&exe, &real, &[]))
}

/// Runs `command` to completion, returning the wall time in seconds and
/// its stdout; a failure (cannot start, or non-zero exit) is an error with
/// the end of its stderr.
pub fn time_run(mut command: Command) -> Result<(f64, Vec<u8>)> {
    command.stdout(Stdio::piped()).stderr(Stdio::piped());
    let start = Instant::now();
    let out = command
        .output()
        .map_err(|e| Error::new(format!("cannot start {:?}: {e}", command.get_program())))?;
    let elapsed = start.elapsed().as_secs_f64();
    if !out.status.success() {
        return Err(Error::new(format!(
            "exited with {}: {}",
            out.status,
            tail(&String::from_utf8_lossy(&out.stderr), 400)
        )));
    }
    Ok((elapsed, out.stdout))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_specs_with_environment() {
        let i = Interp::parse_spec("py312=PYENV_VERSION=3.12.1 python3.12 -X dev").unwrap();
        assert_eq!(i.name, "py312");
        assert_eq!(i.env, [("PYENV_VERSION".to_string(), "3.12.1".to_string())]);
        assert_eq!(i.program, "python3.12");
        assert_eq!(i.args, ["-X", "dev"]);
        assert_eq!(
            i.words().join(" "),
            "PYENV_VERSION=3.12.1 python3.12 -X dev"
        );
        let p = Interp::parse_spec("pypy=pypy3").unwrap();
        assert_eq!((p.program.as_str(), p.args.len()), ("pypy3", 0));
    }

    #[test]
    fn rejects_bad_specs() {
        for spec in ["pypy3", "=pypy3", "x=", "x=A=1", "a b=c"] {
            let e = Interp::parse_spec(spec).unwrap_err();
            assert!(e.0.starts_with("bad interpreter"), "{spec}: {e}");
        }
    }

    #[test]
    fn picks_newest_patch_of_a_series() {
        let versions = "2.7.18\n3.12.1\n3.12.10\n3.12.9\n3.13.0\nsystem\n";
        assert_eq!(
            newest_in_series(versions, "3.12").as_deref(),
            Some("3.12.10")
        );
        assert_eq!(
            newest_in_series(versions, "3.13").as_deref(),
            Some("3.13.0")
        );
        assert_eq!(newest_in_series(versions, "3.1"), None);
    }

    #[test]
    fn tails_on_char_boundaries() {
        assert_eq!(tail("  abc  ", 100), "abc");
        assert_eq!(tail("ééé", 3), "é");
    }

    #[test]
    fn times_a_command_and_reports_failure() {
        let mut ok = Interp::new("sh", "sh", &["-c"]);
        ok.probe_args = vec!["-c".into(), "exit 0".into()];
        ok.probe().unwrap();
        let (t, out) = time_run(ok.command(Path::new("echo hi"), &[], Path::new("."))).unwrap();
        assert!(t >= 0.0);
        assert_eq!(out, b"hi\n");
        let err = time_run(ok.command(Path::new("echo oops >&2; exit 3"), &[], Path::new(".")))
            .unwrap_err();
        assert!(err.0.contains("oops"), "{err}");
        let mut missing = Interp::new("nope", "/nonexistent/interp", &[]);
        assert!(missing.probe().unwrap_err().0.contains("cannot run"));
    }
}
