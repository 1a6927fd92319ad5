//! The native `_subprocess` module under `lib/subprocess.py`: starting a
//! child process (`std::process::Command`, which is safe to use while
//! other threads run) with each standard stream inherited, piped, sent to
//! /dev/null, merged into stdout or taken from a descriptor, and waiting
//! for it with an optional timeout. The parent's ends of the pipes come
//! back as plain descriptors; `subprocess.py` builds the file objects,
//! `communicate` and the rest of the API on top.

use crate::builtins::oserror::from_io_error;
use crate::builtins::tuple::{new_tuple, tuple_items};
use crate::function::CallArgs;
use crate::object::{Object, Payload};
use crate::ops::index_i64;
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};
use parking_lot::Mutex;
use std::os::fd::{FromRawFd, IntoRawFd, OwnedFd};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

struct Process(Mutex<Child>);

fn class() -> &'static Object {
    static CLS: OnceLock<&'static Object> = OnceLock::new();
    CLS.get_or_init(|| super::new_native_class("process", "_subprocess"))
}

fn arg<'a>(vm: &Vm, a: &CallArgs<'a>, i: usize) -> PyResult<&'a Value> {
    super::handle_arg(vm, a, i, "_subprocess")
}

fn process<'a>(vm: &Vm, v: &'a Value) -> PyResult<&'a Process> {
    super::handle_state(vm, v, "process handle")
}

fn text<'a>(vm: &Vm, v: &'a Value, what: &str) -> PyResult<&'a str> {
    v.as_obj()
        .and_then(|o| o.as_str())
        .ok_or_else(|| vm.type_error(format!("{what} must be str")))
}

/// A pipe whose both ends close on exec: (read end, write end).
fn pipe(vm: &Vm) -> PyResult<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    // SAFETY: `fds` has room for the two descriptors pipe2 writes.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(from_io_error(vm, &std::io::Error::last_os_error(), None));
    }
    // SAFETY: pipe2 succeeded, so both are fresh descriptors we own.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

/// A duplicate of descriptor `fd` for the child.
fn duplicate(vm: &Vm, fd: i64) -> PyResult<OwnedFd> {
    let fd = i32::try_from(fd).map_err(|_| vm.overflow_error("fd is greater than maximum"))?;
    // SAFETY: F_DUPFD_CLOEXEC only reads `fd`; a bad one is an error.
    let copy = unsafe { libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, 0) };
    if copy < 0 {
        return Err(from_io_error(vm, &std::io::Error::last_os_error(), None));
    }
    // SAFETY: `copy` is a new descriptor that nothing else owns.
    Ok(unsafe { OwnedFd::from_raw_fd(copy) })
}

/// What the child gets for one stream, and the parent's end of a pipe.
/// `spec`: None inherits, -1 pipes, -3 is /dev/null, a descriptor >= 0 is
/// used as it is; `child_reads` tells the pipe's direction.
fn stream(vm: &Vm, spec: &Value, child_reads: bool) -> PyResult<(Stdio, Option<OwnedFd>)> {
    if spec.is_none() {
        return Ok((Stdio::inherit(), None));
    }
    match index_i64(vm, spec)? {
        -1 => {
            let (read, write) = pipe(vm)?;
            Ok(if child_reads {
                (Stdio::from(read), Some(write))
            } else {
                (Stdio::from(write), Some(read))
            })
        }
        -3 => Ok((Stdio::null(), None)),
        fd if fd >= 0 => Ok((Stdio::from(duplicate(vm, fd)?), None)),
        _ => Err(vm.value_error("invalid stream specification")),
    }
}

fn fd_value(fd: Option<OwnedFd>) -> Value {
    fd.map_or(Value::None, |fd| Value::Int(fd.into_raw_fd() as i64))
}

/// `spawn(argv, executable, cwd, env, stdin, stdout, stderr)`:
/// `(handle, pid, stdin_fd, stdout_fd, stderr_fd)`, the descriptors being
/// the parent's ends of the pipes asked for (else None). `env` is None or
/// a list of (name, value) pairs; `stderr` may also be -2 (into stdout).
fn spawn(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let argv = tuple_items(arg(vm, &a, 0)?).ok_or_else(|| vm.type_error("argv must be a tuple"))?;
    let words = argv
        .iter()
        .map(|v| text(vm, v, "argument").map(str::to_string))
        .collect::<PyResult<Vec<String>>>()?;
    let Some(first) = words.first() else {
        return Err(vm.value_error("empty argument list"));
    };
    let program = match arg(vm, &a, 1)? {
        v if v.is_none() => first.clone(),
        v => text(vm, v, "executable")?.to_string(),
    };
    let mut command = Command::new(&program);
    command.arg0(first).args(&words[1..]);
    let cwd = arg(vm, &a, 2)?;
    if !cwd.is_none() {
        command.current_dir(text(vm, cwd, "cwd")?);
    }
    let env = arg(vm, &a, 3)?;
    if !env.is_none() {
        command.env_clear();
        for pair in tuple_items(env).unwrap_or_default() {
            let kv = tuple_items(&pair).unwrap_or_default();
            if let [k, v] = kv.as_slice() {
                command.env(
                    text(vm, k, "environment name")?,
                    text(vm, v, "environment value")?,
                );
            }
        }
    }
    let (stdin, stdin_end) = stream(vm, arg(vm, &a, 4)?, true)?;
    let stdout_spec = arg(vm, &a, 5)?;
    let stderr_spec = arg(vm, &a, 6)?;
    let merged = !stderr_spec.is_none() && index_i64(vm, stderr_spec)? == -2;
    let (stdout, stdout_end, stderr, stderr_end);
    if merged {
        // Both streams go to one place: the stdout pipe, or a copy of
        // whatever stdout is (inherited: descriptor 1).
        let (read, write) = match index_i64(vm, stdout_spec).unwrap_or(-4) {
            -1 => {
                let (r, w) = pipe(vm)?;
                (Some(r), w)
            }
            -3 => (
                None,
                std::fs::File::create("/dev/null")
                    .map_err(|e| from_io_error(vm, &e, None))?
                    .into(),
            ),
            fd if fd >= 0 => (None, duplicate(vm, fd)?),
            _ => (None, duplicate(vm, 1)?),
        };
        let second = write.try_clone().map_err(|e| from_io_error(vm, &e, None))?;
        stdout = Stdio::from(write);
        stderr = Stdio::from(second);
        stdout_end = read;
        stderr_end = None;
    } else {
        (stdout, stdout_end) = stream(vm, stdout_spec, false)?;
        (stderr, stderr_end) = stream(vm, stderr_spec, false)?;
    }
    command.stdin(stdin).stdout(stdout).stderr(stderr);
    let child = command
        .spawn()
        .map_err(|e| from_io_error(vm, &e, Some(crate::strobj::new_str(program.as_str()))))?;
    // The child's ends were moved into `command`; drop them now so that a
    // reader sees end-of-file when the child exits.
    drop(command);
    let pid = child.id() as i64;
    let handle = Value::Obj(ObjRef::new(Object::new(
        class(),
        Payload::Native(Box::new(Process(Mutex::new(child)))),
    )));
    Ok(new_tuple(vec![
        handle,
        Value::Int(pid),
        fd_value(stdin_end),
        fd_value(stdout_end),
        fd_value(stderr_end),
    ]))
}

/// The return code as Python reports it: the exit status, or minus the
/// signal that ended the process.
fn return_code(status: std::process::ExitStatus) -> i64 {
    status
        .code()
        .map(i64::from)
        .or_else(|| status.signal().map(|s| -i64::from(s)))
        .unwrap_or(-1)
}

/// `poll(handle)`: the return code, or None while the child runs.
fn poll(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let p = process(vm, arg(vm, &a, 0)?)?;
    let status =
        p.0.lock()
            .try_wait()
            .map_err(|e| from_io_error(vm, &e, None))?;
    Ok(status.map_or(Value::None, |s| Value::Int(return_code(s))))
}

/// `wait(handle, timeout)`: the return code, or None when `timeout`
/// seconds (None: no limit) pass first. Waits in short detached naps, so
/// other threads and Ctrl-C are served meanwhile.
fn wait(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let p = process(vm, arg(vm, &a, 0)?)?;
    let timeout = arg(vm, &a, 1)?;
    let deadline = if timeout.is_none() {
        None
    } else {
        let secs = crate::builtins::int::to_f64(vm, timeout)?
            .unwrap_or(0.0)
            .max(0.0);
        Some(Instant::now() + Duration::from_secs_f64(secs.min(1e9)))
    };
    let mut nap = Duration::from_micros(200);
    loop {
        if let Some(status) =
            p.0.lock()
                .try_wait()
                .map_err(|e| from_io_error(vm, &e, None))?
        {
            return Ok(Value::Int(return_code(status)));
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return Ok(Value::None);
        }
        vm.detached(|| std::thread::sleep(nap));
        nap = (nap * 2).min(Duration::from_millis(20));
        vm.take_interrupt()?;
    }
}

/// Builds the module.
pub fn make() -> ObjRef {
    super::make_module(
        "_subprocess",
        &[("spawn", spawn), ("poll", poll), ("wait", wait)],
    )
}
