//! The `posix` module: the operating-system calls under `os` (files and
//! directories, the working directory, file descriptors, the process's
//! environment and identity). `lib/os.py` builds the `os` module users
//! import on top of it; this module keeps to plain arguments (paths as
//! str or bytes, numbers) and leaves keyword handling, `stat_result` and
//! `DirEntry` to the Python side.
//!
//! Failures are `OSError`s of the subclass their errno selects, carrying
//! the path they concern, as CPython reports them.

use crate::builtins::args::module_fn_arg_count;
use crate::builtins::buffer::require_bytes_like;
use crate::builtins::bytes::{bytes_of, new_bytes};
use crate::builtins::list::new_list;
use crate::builtins::oserror::from_io_error;
use crate::builtins::tuple::new_tuple;
use crate::function::{CallArgs, NativeFn};
use crate::ops::index_i64;
use crate::strobj::new_str;
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};
use std::ffi::{CString, OsStr, OsString};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::PathBuf;

/// A path argument: the path, and whether it was given as bytes (then
/// names derived from it are bytes too).
struct PathArg {
    path: PathBuf,
    as_bytes: bool,
    given: Value,
}

fn path_arg(vm: &Vm, v: &Value, func: &str, param: &str) -> PyResult<PathArg> {
    if let Some(s) = v.as_obj().and_then(|o| o.as_str()) {
        if s.contains('\0') {
            return Err(vm.value_error(format!("{func}: embedded null character in {param}")));
        }
        return Ok(PathArg {
            path: PathBuf::from(s),
            as_bytes: false,
            given: v.clone(),
        });
    }
    if let Some(b) = bytes_of(v) {
        if b.contains(&0) {
            return Err(vm.value_error(format!("{func}: embedded null character in {param}")));
        }
        return Ok(PathArg {
            path: PathBuf::from(OsStr::from_bytes(b)),
            as_bytes: true,
            given: v.clone(),
        });
    }
    if let Some(m) = crate::ops::special(v, "__fspath__") {
        let p = vm.call(&m, std::slice::from_ref(v))?;
        if p.as_obj().and_then(|o| o.as_str()).is_some() || bytes_of(&p).is_some() {
            return path_arg(vm, &p, func, param);
        }
        return Err(vm.type_error(format!(
            "expected {}.__fspath__() to return str or bytes, not {}",
            vm.type_name(v),
            vm.type_name(&p)
        )));
    }
    Err(vm.type_error(format!(
        "{func}: {param} should be string, bytes or os.PathLike, not {}",
        vm.type_name(v)
    )))
}

/// A name or path produced by the system, as str (or bytes when the
/// argument was bytes). Names that are not UTF-8 are decoded lossily:
/// Weft's str cannot hold the lone surrogates CPython would use.
fn os_text(name: &OsStr, as_bytes: bool) -> Value {
    if as_bytes {
        new_bytes(name.as_bytes().to_vec())
    } else {
        new_str(name.to_string_lossy().as_ref())
    }
}

fn int_arg(vm: &Vm, a: &CallArgs, i: usize) -> PyResult<i64> {
    index_i64(vm, &a.pos()[i])
}

fn fd_arg(vm: &Vm, a: &CallArgs, i: usize) -> PyResult<i32> {
    let fd = int_arg(vm, a, i)?;
    i32::try_from(fd).map_err(|_| vm.overflow_error("fd is greater than maximum"))
}

/// The error of a failed libc call (from `errno`), with `path` when the
/// call concerned one.
fn last_os_error(vm: &Vm, path: Option<&PathArg>) -> crate::vm::PyErr {
    from_io_error(
        vm,
        &std::io::Error::last_os_error(),
        path.map(|p| p.given.clone()),
    )
}

fn io_result<T>(vm: &Vm, r: std::io::Result<T>, path: Option<&PathArg>) -> PyResult<T> {
    r.map_err(|e| from_io_error(vm, &e, path.map(|p| p.given.clone())))
}

fn getcwd(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "posix", "getcwd", &a, 0, 0)?;
    let dir = io_result(vm, std::env::current_dir(), None)?;
    Ok(os_text(dir.as_os_str(), false))
}

fn getcwdb(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "posix", "getcwdb", &a, 0, 0)?;
    let dir = io_result(vm, std::env::current_dir(), None)?;
    Ok(os_text(dir.as_os_str(), true))
}

fn chdir(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "posix", "chdir", &a, 1, 1)?;
    let p = path_arg(vm, &a.pos()[0], "chdir", "path")?;
    io_result(vm, std::env::set_current_dir(&p.path), Some(&p))?;
    Ok(Value::None)
}

fn listdir(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "posix", "listdir", &a, 0, 1)?;
    let p = match a.pos().first() {
        Some(v) if !v.is_none() => path_arg(vm, v, "listdir", "path")?,
        _ => PathArg {
            path: PathBuf::from("."),
            as_bytes: false,
            given: new_str("."),
        },
    };
    let entries = io_result(vm, std::fs::read_dir(&p.path), Some(&p))?;
    let mut names = Vec::new();
    for entry in entries {
        let entry = io_result(vm, entry, Some(&p))?;
        names.push(os_text(&entry.file_name(), p.as_bytes));
    }
    Ok(new_list(names))
}

/// The fields `os.stat_result` is built from: mode, ino, dev, nlink, uid,
/// gid, size, then atime, mtime and ctime in nanoseconds.
fn stat_fields(m: &std::fs::Metadata) -> Value {
    let ns = |secs: i64, nanos: i64| {
        let total = secs as i128 * 1_000_000_000 + nanos as i128;
        crate::builtins::int::int_from_i128(total)
    };
    new_tuple(vec![
        Value::Int(m.mode() as i64),
        crate::builtins::int::int_from_i128(m.ino() as i128),
        crate::builtins::int::int_from_i128(m.dev() as i128),
        Value::Int(m.nlink() as i64),
        Value::Int(m.uid() as i64),
        Value::Int(m.gid() as i64),
        Value::Int(m.size() as i64),
        ns(m.atime(), m.atime_nsec()),
        ns(m.mtime(), m.mtime_nsec()),
        ns(m.ctime(), m.ctime_nsec()),
    ])
}

/// `stat(path, follow_symlinks)`: the fields of `stat_fields`; `path` may
/// be an open file descriptor.
fn stat(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "posix", "stat", &a, 2, 2)?;
    let follow = crate::ops::truthy(vm, &a.pos()[1])?;
    if let Value::Int(_) = a.pos()[0] {
        return fstat(vm, CallArgs::positional(&a.pos()[..1]));
    }
    let p = path_arg(vm, &a.pos()[0], "stat", "path")?;
    let m = if follow {
        std::fs::metadata(&p.path)
    } else {
        std::fs::symlink_metadata(&p.path)
    };
    Ok(stat_fields(&io_result(vm, m, Some(&p))?))
}

fn fstat(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "posix", "fstat", &a, 1, 1)?;
    let fd = fd_arg(vm, &a, 0)?;
    // /proc/self/fd/N names the open file itself; its metadata is the
    // descriptor's, without taking ownership of the descriptor.
    let m = std::fs::metadata(format!("/proc/self/fd/{fd}"));
    Ok(stat_fields(&io_result(vm, m, None)?))
}

fn mkdir(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "posix", "mkdir", &a, 2, 2)?;
    let p = path_arg(vm, &a.pos()[0], "mkdir", "path")?;
    let mode = int_arg(vm, &a, 1)?;
    let mut builder = std::fs::DirBuilder::new();
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, mode as u32);
    io_result(vm, builder.create(&p.path), Some(&p))?;
    Ok(Value::None)
}

/// One path-taking call that returns nothing: rmdir, unlink.
fn path_call(
    vm: &Vm,
    a: &CallArgs,
    name: &str,
    call: fn(&std::path::Path) -> std::io::Result<()>,
) -> PyResult<Value> {
    module_fn_arg_count(vm, "posix", name, a, 1, 1)?;
    let p = path_arg(vm, &a.pos()[0], name, "path")?;
    io_result(vm, call(&p.path), Some(&p))?;
    Ok(Value::None)
}

fn rmdir(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    path_call(vm, &a, "rmdir", |p| std::fs::remove_dir(p))
}

fn unlink(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    path_call(vm, &a, "unlink", |p| std::fs::remove_file(p))
}

/// One call of two paths: rename, link, symlink. A failure names both
/// paths, as CPython's does (`[Errno 2] ...: 'a' -> 'b'`).
fn two_path_call(
    vm: &Vm,
    a: &CallArgs,
    name: &str,
    call: fn(&std::path::Path, &std::path::Path) -> std::io::Result<()>,
) -> PyResult<Value> {
    module_fn_arg_count(vm, "posix", name, a, 2, 2)?;
    let src = path_arg(vm, &a.pos()[0], name, "src")?;
    let dst = path_arg(vm, &a.pos()[1], name, "dst")?;
    if let Err(e) = call(&src.path, &dst.path) {
        let Some(code) = e.raw_os_error() else {
            return Err(from_io_error(vm, &e, Some(src.given)));
        };
        let args = [
            Value::Int(code as i64),
            new_str(crate::builtins::oserror::strerror(code)),
            src.given,
            Value::Int(0),
            dst.given,
        ];
        let types = crate::builtins::types::types();
        return Err(crate::vm::PyErr(crate::builtins::oserror::new_os_error(
            vm,
            types.exc.os_error,
            &args,
        )));
    }
    Ok(Value::None)
}

fn rename(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    two_path_call(vm, &a, "rename", |s, d| std::fs::rename(s, d))
}

fn link(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    two_path_call(vm, &a, "link", |s, d| std::fs::hard_link(s, d))
}

fn symlink(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    two_path_call(vm, &a, "symlink", |s, d| std::os::unix::fs::symlink(s, d))
}

fn readlink(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "posix", "readlink", &a, 1, 1)?;
    let p = path_arg(vm, &a.pos()[0], "readlink", "path")?;
    let target = io_result(vm, std::fs::read_link(&p.path), Some(&p))?;
    Ok(os_text(target.as_os_str(), p.as_bytes))
}

fn chmod(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "posix", "chmod", &a, 2, 2)?;
    let p = path_arg(vm, &a.pos()[0], "chmod", "path")?;
    let mode = int_arg(vm, &a, 1)? as u32;
    let perms = std::fs::Permissions::from_mode(mode);
    io_result(vm, std::fs::set_permissions(&p.path, perms), Some(&p))?;
    Ok(Value::None)
}

fn c_path(vm: &Vm, p: &PathArg) -> PyResult<CString> {
    CString::new(p.path.as_os_str().as_bytes()).map_err(|_| vm.value_error("embedded null byte"))
}

fn access(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "posix", "access", &a, 2, 2)?;
    let p = path_arg(vm, &a.pos()[0], "access", "path")?;
    let mode = int_arg(vm, &a, 1)? as i32;
    let c = c_path(vm, &p)?;
    // SAFETY: `c` is a NUL-terminated string that outlives the call, and
    // access(2) only reads it. Tested by `os_module.py` (access of files
    // that exist and do not).
    let r = unsafe { libc::access(c.as_ptr(), mode) };
    Ok(Value::Bool(r == 0))
}

/// `utime(path, (atime_ns, mtime_ns) or None)`.
fn utime(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "posix", "utime", &a, 2, 2)?;
    let p = path_arg(vm, &a.pos()[0], "utime", "path")?;
    let times = match crate::builtins::tuple::tuple_items(&a.pos()[1]) {
        Some(t) if t.len() == 2 => {
            let mut spec = [libc::timespec {
                tv_sec: 0,
                tv_nsec: 0,
            }; 2];
            for (slot, v) in spec.iter_mut().zip(t.iter()) {
                let ns = crate::builtins::int::as_i128_like(v)
                    .ok_or_else(|| vm.type_error("utime: times must be integers (nanoseconds)"))?;
                slot.tv_sec = ns.div_euclid(1_000_000_000) as libc::time_t;
                slot.tv_nsec = ns.rem_euclid(1_000_000_000) as libc::c_long;
            }
            Some(spec)
        }
        _ => None,
    };
    let c = c_path(vm, &p)?;
    let ptr = times.as_ref().map_or(std::ptr::null(), |t| t.as_ptr());
    // SAFETY: `c` is NUL-terminated and `ptr` is null or points at two
    // timespecs, both alive for the call, which only reads them. Tested by
    // `os_module.py` (utime then stat).
    let r = unsafe { libc::utimensat(libc::AT_FDCWD, c.as_ptr(), ptr, 0) };
    if r != 0 {
        return Err(last_os_error(vm, Some(&p)));
    }
    Ok(Value::None)
}

fn open(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "posix", "open", &a, 3, 3)?;
    let p = path_arg(vm, &a.pos()[0], "open", "path")?;
    let flags = int_arg(vm, &a, 1)? as i32 | libc::O_CLOEXEC;
    let mode = int_arg(vm, &a, 2)? as libc::c_uint;
    let c = c_path(vm, &p)?;
    // SAFETY: `c` is NUL-terminated and alive for the call; open(2) reads
    // it and returns a new descriptor this module hands to Python, which
    // owns it from then on (`os.close`). Tested by `os_module.py`.
    let fd = vm.detached(|| unsafe { libc::open(c.as_ptr(), flags, mode) });
    if fd < 0 {
        return Err(last_os_error(vm, Some(&p)));
    }
    Ok(Value::Int(fd as i64))
}

fn close(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "posix", "close", &a, 1, 1)?;
    let fd = fd_arg(vm, &a, 0)?;
    // SAFETY: close(2) takes any integer; a descriptor that is not open
    // fails with EBADF. Closing a descriptor someone else uses is the
    // program's logic error, as in CPython; it touches no memory of ours.
    // Tested by `os_module.py` (close twice: EBADF).
    if unsafe { libc::close(fd) } != 0 {
        return Err(last_os_error(vm, None));
    }
    Ok(Value::None)
}

fn read(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "posix", "read", &a, 2, 2)?;
    let fd = fd_arg(vm, &a, 0)?;
    let n = int_arg(vm, &a, 1)?;
    if n < 0 {
        return Err(vm.value_error("negative buffersize in read"));
    }
    let mut buf = vec![0u8; n as usize];
    // SAFETY: `buf` is a live, writable allocation of exactly `n` bytes
    // for the whole call, and read(2) writes at most `n` bytes into it.
    // Tested by `os_module.py` (reads shorter and longer than the file).
    let got = vm.detached(|| unsafe { libc::read(fd, buf.as_mut_ptr().cast(), buf.len()) });
    if got < 0 {
        return Err(last_os_error(vm, None));
    }
    buf.truncate(got as usize);
    Ok(new_bytes(buf))
}

fn write(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "posix", "write", &a, 2, 2)?;
    let fd = fd_arg(vm, &a, 0)?;
    let data = require_bytes_like(vm, &a.pos()[1])?.into_owned();
    // SAFETY: `data` is a live allocation of `data.len()` bytes for the
    // whole call, which only reads it. Tested by `os_module.py`.
    let put = vm.detached(|| unsafe { libc::write(fd, data.as_ptr().cast(), data.len()) });
    if put < 0 {
        return Err(last_os_error(vm, None));
    }
    Ok(Value::Int(put as i64))
}

fn lseek(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "posix", "lseek", &a, 3, 3)?;
    let fd = fd_arg(vm, &a, 0)?;
    let pos = int_arg(vm, &a, 1)?;
    let how = int_arg(vm, &a, 2)? as i32;
    // SAFETY: lseek(2) takes plain integers and touches no memory of ours.
    let r = unsafe { libc::lseek(fd, pos as libc::off_t, how) };
    if r < 0 {
        return Err(last_os_error(vm, None));
    }
    Ok(Value::Int(r as i64))
}

/// One call on a descriptor that returns 0 or -1: fsync.
fn fsync(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "posix", "fsync", &a, 1, 1)?;
    let fd = fd_arg(vm, &a, 0)?;
    // SAFETY: fsync(2) takes a plain integer and touches no memory of ours.
    if vm.detached(|| unsafe { libc::fsync(fd) }) != 0 {
        return Err(last_os_error(vm, None));
    }
    Ok(Value::None)
}

fn ftruncate(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "posix", "ftruncate", &a, 2, 2)?;
    let fd = fd_arg(vm, &a, 0)?;
    let len = int_arg(vm, &a, 1)?;
    // SAFETY: ftruncate(2) takes plain integers and touches no memory of
    // ours.
    if unsafe { libc::ftruncate(fd, len as libc::off_t) } != 0 {
        return Err(last_os_error(vm, None));
    }
    Ok(Value::None)
}

fn isatty(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "posix", "isatty", &a, 1, 1)?;
    let fd = fd_arg(vm, &a, 0)?;
    // SAFETY: isatty(3) takes a plain integer and touches no memory of ours.
    Ok(Value::Bool(unsafe { libc::isatty(fd) } == 1))
}

fn pipe(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "posix", "pipe", &a, 0, 0)?;
    let mut fds = [0i32; 2];
    // SAFETY: `fds` is a live array of two ints, which pipe2(2) fills.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(last_os_error(vm, None));
    }
    Ok(new_tuple(vec![
        Value::Int(fds[0] as i64),
        Value::Int(fds[1] as i64),
    ]))
}

fn getpid(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "posix", "getpid", &a, 0, 0)?;
    Ok(Value::Int(std::process::id() as i64))
}

/// One identity query that cannot fail: getppid, getuid, geteuid, getgid,
/// getegid.
fn identity(vm: &Vm, a: &CallArgs, name: &str, query: fn() -> i64) -> PyResult<Value> {
    module_fn_arg_count(vm, "posix", name, a, 0, 0)?;
    Ok(Value::Int(query()))
}

fn getppid(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    // SAFETY: getppid(2) takes nothing and cannot fail.
    identity(vm, &a, "getppid", || unsafe { libc::getppid() } as i64)
}

fn getuid(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    // SAFETY: getuid(2) takes nothing and cannot fail.
    identity(vm, &a, "getuid", || unsafe { libc::getuid() } as i64)
}

fn geteuid(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    // SAFETY: geteuid(2) takes nothing and cannot fail.
    identity(vm, &a, "geteuid", || unsafe { libc::geteuid() } as i64)
}

fn getgid(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    // SAFETY: getgid(2) takes nothing and cannot fail.
    identity(vm, &a, "getgid", || unsafe { libc::getgid() } as i64)
}

fn umask(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "posix", "umask", &a, 1, 1)?;
    let mask = int_arg(vm, &a, 0)? as libc::mode_t;
    // SAFETY: umask(2) takes a plain integer and cannot fail.
    Ok(Value::Int(unsafe { libc::umask(mask) } as i64))
}

fn kill(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "posix", "kill", &a, 2, 2)?;
    let pid = int_arg(vm, &a, 0)? as libc::pid_t;
    let sig = int_arg(vm, &a, 1)? as i32;
    // SAFETY: kill(2) takes plain integers and touches no memory of ours.
    if unsafe { libc::kill(pid, sig) } != 0 {
        return Err(last_os_error(vm, None));
    }
    vm.safepoint()?;
    Ok(Value::None)
}

fn cpu_count(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "posix", "cpu_count", &a, 0, 0)?;
    // SAFETY: sysconf(3) takes a plain integer and touches no memory of
    // ours.
    let n = unsafe { libc::sysconf(libc::_SC_NPROCESSORS_ONLN) };
    Ok(if n > 0 {
        Value::Int(n as i64)
    } else {
        Value::None
    })
}

fn urandom(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "posix", "urandom", &a, 1, 1)?;
    let n = int_arg(vm, &a, 0)?;
    if n < 0 {
        return Err(vm.value_error("negative argument not allowed"));
    }
    let mut buf = vec![0u8; n as usize];
    let filled = std::fs::File::open("/dev/urandom")
        .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut buf));
    io_result(vm, filled, None)?;
    Ok(new_bytes(buf))
}

fn strerror(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "posix", "strerror", &a, 1, 1)?;
    let code = int_arg(vm, &a, 0)? as i32;
    Ok(new_str(crate::builtins::oserror::strerror(code)))
}

/// `putenv(key, value)`: the process environment that child processes
/// inherit. std's environment lock orders it with std's own readers.
fn putenv(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "posix", "putenv", &a, 2, 2)?;
    let key = env_text(vm, &a.pos()[0], "putenv")?;
    let value = env_text(vm, &a.pos()[1], "putenv")?;
    if key.is_empty() || key.as_bytes().contains(&b'=') {
        return Err(vm.value_error("illegal environment variable name"));
    }
    std::env::set_var(key, value);
    Ok(Value::None)
}

fn unsetenv(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "posix", "unsetenv", &a, 1, 1)?;
    let key = env_text(vm, &a.pos()[0], "unsetenv")?;
    if key.is_empty() || key.as_bytes().contains(&b'=') {
        return Err(vm.value_error("illegal environment variable name"));
    }
    std::env::remove_var(key);
    Ok(Value::None)
}

fn env_text(vm: &Vm, v: &Value, func: &str) -> PyResult<OsString> {
    let text = if let Some(s) = v.as_obj().and_then(|o| o.as_str()) {
        OsString::from(s)
    } else if let Some(b) = bytes_of(v) {
        OsString::from_vec(b.to_vec())
    } else {
        return Err(vm.type_error(format!(
            "{func}: expected str, bytes or os.PathLike object, not {}",
            vm.type_name(v)
        )));
    };
    if text.as_bytes().contains(&0) {
        return Err(vm.value_error("embedded null byte"));
    }
    Ok(text)
}

/// `system(command)`: the command run by `/bin/sh -c`, its wait status.
fn system(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "posix", "system", &a, 1, 1)?;
    let cmd = env_text(vm, &a.pos()[0], "system")?;
    let status = vm.detached(|| {
        std::process::Command::new("/bin/sh")
            .arg("-c")
            .arg(cmd)
            .status()
    });
    let status = io_result(vm, status, None)?;
    Ok(Value::Int(
        std::os::unix::process::ExitStatusExt::into_raw(status) as i64,
    ))
}

/// `get_terminal_size(fd)`: (columns, lines) of the terminal on `fd`.
fn get_terminal_size(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "posix", "get_terminal_size", &a, 1, 1)?;
    let fd = fd_arg(vm, &a, 0)?;
    let mut size = libc::winsize {
        ws_row: 0,
        ws_col: 0,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: TIOCGWINSZ writes one `winsize`, and `size` is a live one
    // for the whole call. Tested by `os_module.py` (not a terminal:
    // OSError).
    if unsafe { libc::ioctl(fd, libc::TIOCGWINSZ, &mut size as *mut libc::winsize) } != 0 {
        return Err(last_os_error(vm, None));
    }
    Ok(new_tuple(vec![
        Value::Int(size.ws_col as i64),
        Value::Int(size.ws_row as i64),
    ]))
}

/// `uname()`: (sysname, nodename, release, version, machine).
fn uname(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "posix", "uname", &a, 0, 0)?;
    // SAFETY: an all-zero `utsname` is a valid value of that plain C
    // struct of byte arrays.
    let mut u: libc::utsname = unsafe { std::mem::zeroed() };
    // SAFETY: uname(2) fills the live struct it is given.
    if unsafe { libc::uname(&mut u) } != 0 {
        return Err(last_os_error(vm, None));
    }
    let field = |chars: &[libc::c_char]| {
        let bytes: Vec<u8> = chars
            .iter()
            .take_while(|&&c| c != 0)
            .map(|&c| c as u8)
            .collect();
        new_str(String::from_utf8_lossy(&bytes).as_ref())
    };
    Ok(new_tuple(vec![
        field(&u.sysname),
        field(&u.nodename),
        field(&u.release),
        field(&u.version),
        field(&u.machine),
    ]))
}

/// The environment at startup as a str-to-str dict (`os.environ` copies
/// it; later changes go through `putenv`/`unsetenv`).
fn environ_dict(vm: &Vm) -> ObjRef {
    let d = crate::dict::new_dict_obj();
    for (k, v) in std::env::vars_os() {
        let _ = vm
            .dict_of(&d)
            .set(vm, os_text(&k, false), os_text(&v, false));
    }
    d
}

const FUNCTIONS: &[(&str, NativeFn)] = &[
    ("getcwd", getcwd),
    ("getcwdb", getcwdb),
    ("chdir", chdir),
    ("listdir", listdir),
    ("stat", stat),
    ("fstat", fstat),
    ("mkdir", mkdir),
    ("rmdir", rmdir),
    ("unlink", unlink),
    ("remove", unlink),
    ("rename", rename),
    ("replace", rename),
    ("link", link),
    ("symlink", symlink),
    ("readlink", readlink),
    ("chmod", chmod),
    ("access", access),
    ("utime", utime),
    ("open", open),
    ("close", close),
    ("read", read),
    ("write", write),
    ("lseek", lseek),
    ("fsync", fsync),
    ("ftruncate", ftruncate),
    ("isatty", isatty),
    ("pipe", pipe),
    ("getpid", getpid),
    ("getppid", getppid),
    ("getuid", getuid),
    ("geteuid", geteuid),
    ("getgid", getgid),
    ("umask", umask),
    ("kill", kill),
    ("cpu_count", cpu_count),
    ("urandom", urandom),
    ("strerror", strerror),
    ("putenv", putenv),
    ("unsetenv", unsetenv),
    ("system", system),
    ("get_terminal_size", get_terminal_size),
    ("uname", uname),
];

/// The integer constants `os` re-exports, with this system's values.
const CONSTANTS: &[(&str, i64)] = &[
    ("O_RDONLY", libc::O_RDONLY as i64),
    ("O_WRONLY", libc::O_WRONLY as i64),
    ("O_RDWR", libc::O_RDWR as i64),
    ("O_APPEND", libc::O_APPEND as i64),
    ("O_CREAT", libc::O_CREAT as i64),
    ("O_EXCL", libc::O_EXCL as i64),
    ("O_TRUNC", libc::O_TRUNC as i64),
    ("O_NONBLOCK", libc::O_NONBLOCK as i64),
    ("O_CLOEXEC", libc::O_CLOEXEC as i64),
    ("O_DIRECTORY", libc::O_DIRECTORY as i64),
    ("O_NOFOLLOW", libc::O_NOFOLLOW as i64),
    ("O_SYNC", libc::O_SYNC as i64),
    ("F_OK", libc::F_OK as i64),
    ("R_OK", libc::R_OK as i64),
    ("W_OK", libc::W_OK as i64),
    ("X_OK", libc::X_OK as i64),
    ("SEEK_SET", libc::SEEK_SET as i64),
    ("SEEK_CUR", libc::SEEK_CUR as i64),
    ("SEEK_END", libc::SEEK_END as i64),
    ("EX_OK", 0),
];

/// The `posix` module.
pub fn make(vm: &Vm) -> ObjRef {
    let m = super::make_module("posix", FUNCTIONS);
    for &(name, value) in CONSTANTS {
        super::set_attr(&m, name, Value::Int(value));
    }
    super::set_attr(&m, "environ", Value::Obj(environ_dict(vm)));
    super::set_attr(
        &m,
        "error",
        crate::builtins::types::class_value(crate::builtins::types::types().exc.os_error),
    );
    m
}
