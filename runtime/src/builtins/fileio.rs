//! `open()`: file objects over an OS file handle, in binary mode
//! (`BufferedReader`/`BufferedWriter`/`BufferedRandom`: bytes in, bytes
//! out) and text mode (`TextIOWrapper`: decoding with the file's encoding
//! and error handler, universal newlines on reading, `newline=`
//! translation on writing), with `read`/`readline`/iteration/`write`,
//! `seek`/`tell`/`truncate`, and the context-manager protocol.
//!
//! Each file object owns one handle under one lock: a read-ahead buffer
//! of raw bytes (given back to the OS position before a write or seek),
//! and for text files the decoded text not yet returned; writes go
//! straight to the OS. Text is decoded
//! in one piece from the position of the first read to the end of the
//! file, which is what scripts reading configuration and data need.

use crate::builtins::args::Args;
use crate::builtins::bytes::{bytes_of, new_bytes};
use crate::builtins::list::new_list;
use crate::builtins::types::types;
use crate::builtins::{add_method, add_property, BuiltinRegistry};
use crate::function::CallArgs;
use crate::object::{Object, Payload};
use crate::strobj::new_str;
use crate::value::{ObjRef, Value};
use crate::vm::{PyErr, PyResult, Vm};
use parking_lot::Mutex;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::sync::OnceLock;

/// Bytes gathered by one read-ahead.
const CHUNK: usize = 64 * 1024;

struct FileState {
    /// `None` once closed.
    file: Option<File>,
    name: Value,
    mode: String,
    binary: bool,
    readable: bool,
    writable: bool,
    encoding: Option<Value>,
    errors: Option<Value>,
    /// The `newline=` argument: `None` for universal newlines.
    newline: Option<String>,
    /// Raw bytes read ahead of the position, from `rpos` on.
    rbuf: Vec<u8>,
    rpos: usize,
    /// Text mode: decoded text not yet returned, from `tpos` on.
    text: String,
    tpos: usize,
}

struct PyFile(Mutex<FileState>);

/// The classes of file objects, as `type(f).__name__` shows them.
#[derive(Clone, Copy)]
enum FileKind {
    Text,
    Reader,
    Writer,
    Random,
}

fn class(kind: FileKind) -> &'static Object {
    file_classes()[kind as usize]
}

/// The native file classes `open` returns: `_io.TextIOWrapper`,
/// `BufferedReader`, `BufferedWriter` and `BufferedRandom`.
pub fn file_classes() -> &'static [&'static Object; 4] {
    static CLASSES: OnceLock<[&'static Object; 4]> = OnceLock::new();
    CLASSES.get_or_init(|| {
        [
            "TextIOWrapper",
            "BufferedReader",
            "BufferedWriter",
            "BufferedRandom",
        ]
        .map(|n| crate::modules::new_native_class(n, "_io"))
    })
}

fn file_of<'a>(vm: &Vm, v: &'a Value) -> PyResult<&'a Mutex<FileState>> {
    match v.as_obj().map(|o| &o.payload) {
        Some(Payload::Native(b)) => b
            .downcast_ref::<PyFile>()
            .map(|f| &f.0)
            .ok_or_else(|| vm.type_error("not a file")),
        _ => Err(vm.type_error("not a file")),
    }
}

fn io_err(vm: &Vm, e: std::io::Error, path: Option<&str>) -> PyErr {
    crate::builtins::oserror::from_io_error(vm, &e, path.map(new_str))
}

fn closed_error(vm: &Vm) -> PyErr {
    vm.value_error("I/O operation on closed file.")
}

/// The parsed `mode` argument: (binary, readable, writable, how to open).
fn parse_mode(vm: &Vm, mode: &str) -> PyResult<(bool, bool, bool, std::fs::OpenOptions)> {
    let mut seen = String::new();
    for c in mode.chars() {
        if !"rwxabt+".contains(c) || seen.contains(c) {
            return Err(vm.value_error(format!("invalid mode: '{mode}'")));
        }
        seen.push(c);
    }
    let has = |c: char| seen.contains(c);
    let creating = ["r", "w", "x", "a"]
        .iter()
        .filter(|m| seen.contains(**m))
        .count();
    if has('b') && has('t') {
        return Err(vm.value_error("can't have text and binary mode at once"));
    }
    match creating {
        0 => {
            return Err(vm.value_error(
                "Must have exactly one of create/read/write/append mode and at most one plus",
            ))
        }
        1 => {}
        _ => return Err(vm.value_error("must have exactly one of create/read/write/append mode")),
    }
    let plus = has('+');
    let mut opts = std::fs::OpenOptions::new();
    let (readable, writable) = if has('r') {
        opts.read(true).write(plus);
        (true, plus)
    } else if has('w') {
        opts.write(true).create(true).truncate(true).read(plus);
        (plus, true)
    } else if has('x') {
        opts.write(true).create_new(true).read(plus);
        (plus, true)
    } else {
        opts.append(true).create(true).read(plus);
        (plus, true)
    };
    Ok((has('b'), readable, writable, opts))
}

fn optional_str(vm: &Vm, v: Option<&Value>, what: &str) -> PyResult<Option<String>> {
    match v {
        None => Ok(None),
        Some(v) if v.is_none() => Ok(None),
        Some(v) => match v.as_obj().and_then(|o| o.as_str()) {
            Some(s) => Ok(Some(s.to_string())),
            None => Err(vm.type_error(format!(
                "open() argument '{what}' must be str or None, not {}",
                vm.type_name(v)
            ))),
        },
    }
}

/// The file-system path `file` names (a str, or an object with
/// `__fspath__` returning one).
fn path_of(vm: &Vm, file: &Value) -> PyResult<String> {
    if let Some(s) = file.as_obj().and_then(|o| o.as_str()) {
        return Ok(s.to_string());
    }
    if let Some(b) = bytes_of(file) {
        return Ok(String::from_utf8_lossy(b).into_owned());
    }
    if let Some(m) = crate::ops::special(file, "__fspath__") {
        let p = vm.call(&m, std::slice::from_ref(file))?;
        if let Some(s) = p.as_obj().and_then(|o| o.as_str()) {
            return Ok(s.to_string());
        }
    }
    Err(vm.type_error(format!(
        "expected str, bytes or os.PathLike object, not {}",
        vm.type_name(file)
    )))
}

/// `open(file, mode='r', buffering=-1, encoding=None, errors=None, newline=None)`
pub fn open(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let a = Args::parse(
        vm,
        "open",
        args,
        &["file", "mode", "buffering", "encoding", "errors", "newline"],
        &[],
        1,
    )?;
    let file = a.get(0).cloned().unwrap_or(Value::None);
    let path = path_of(vm, &file)?;
    let mode = optional_str(vm, a.get(1), "mode")?.unwrap_or_else(|| "r".into());
    let (binary, readable, writable, opts) = parse_mode(vm, &mode)?;
    // "locale" names the locale's encoding, which Weft takes as UTF-8.
    let encoding = a
        .get(3)
        .filter(|v| !v.is_none() && v.as_obj().and_then(|o| o.as_str()) != Some("locale"))
        .cloned();
    let errors = a.get(4).filter(|v| !v.is_none()).cloned();
    let newline = optional_str(vm, a.get(5), "newline")?;
    if binary {
        for (given, what) in [(&encoding, "encoding"), (&errors, "errors")] {
            if given.is_some() {
                return Err(vm.value_error(format!("binary mode doesn't take an {what} argument")));
            }
        }
        if newline.is_some() {
            return Err(vm.value_error("binary mode doesn't take a newline argument"));
        }
    }
    if let Some(n) = &newline {
        if !["", "\n", "\r", "\r\n"].contains(&n.as_str()) {
            return Err(vm.value_error(format!("illegal newline value: {n}")));
        }
    }
    if let Some(e) = &encoding {
        // An unknown codec fails at open, as CPython's lookup does.
        crate::builtins::bytes::decode(vm, b"", Some(e), None)?;
    }
    let handle = opts.open(&path).map_err(|e| io_err(vm, e, Some(&path)))?;
    if handle.metadata().map(|m| m.is_dir()).unwrap_or(false) {
        return Err(io_err(
            vm,
            std::io::Error::from_raw_os_error(21),
            Some(&path),
        ));
    }
    let kind = match (binary, readable, writable) {
        (false, _, _) => FileKind::Text,
        (true, true, true) => FileKind::Random,
        (true, true, false) => FileKind::Reader,
        (true, _, _) => FileKind::Writer,
    };
    let st = FileState {
        file: Some(handle),
        name: file,
        mode,
        binary,
        readable,
        writable,
        encoding,
        errors,
        newline,
        rbuf: Vec::new(),
        rpos: 0,
        text: String::new(),
        tpos: 0,
    };
    Ok(Value::Obj(ObjRef::new(Object::new(
        class(kind),
        Payload::Native(Box::new(PyFile(Mutex::new(st)))),
    ))))
}

impl FileState {
    fn handle(&mut self, vm: &Vm) -> PyResult<&mut File> {
        self.file.as_mut().ok_or_else(|| closed_error(vm))
    }

    /// Gives the OS position back to the logical one (unread read-ahead
    /// returned) and forgets buffered text, before a write or a seek.
    fn drop_read_ahead(&mut self, vm: &Vm) -> PyResult<()> {
        let unread = (self.rbuf.len() - self.rpos) as i64;
        self.rbuf.clear();
        self.rpos = 0;
        let text_left = self.unread_text_bytes();
        self.text.clear();
        self.tpos = 0;
        if unread + text_left > 0 {
            self.handle(vm)?
                .seek(SeekFrom::Current(-(unread + text_left)))
                .map_err(|e| io_err(vm, e, None))?;
        }
        Ok(())
    }

    /// The raw size of the decoded text not yet returned (as the file's
    /// codec writes it back).
    fn unread_text_bytes(&self) -> i64 {
        let rest = &self.text[self.tpos..];
        if rest.is_empty() {
            0
        } else {
            rest.len() as i64
        }
    }

    fn check_readable(&self, vm: &Vm) -> PyResult<()> {
        if self.file.is_none() {
            return Err(closed_error(vm));
        }
        if !self.readable {
            return Err(vm.new_error(types().exc.unsupported_operation, "not readable"));
        }
        Ok(())
    }

    /// Reads ahead into `rbuf`; false at end of file.
    fn fill(&mut self, vm: &Vm) -> PyResult<bool> {
        if self.rpos > 0 {
            self.rbuf.drain(..self.rpos);
            self.rpos = 0;
        }
        let start = self.rbuf.len();
        self.rbuf.resize(start + CHUNK, 0);
        let got = loop {
            let handle = self.file.as_mut().ok_or_else(|| closed_error(vm))?;
            match handle.read(&mut self.rbuf[start..]) {
                Ok(n) => break n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.rbuf.truncate(start);
                    return Err(io_err(vm, e, None));
                }
            }
        };
        self.rbuf.truncate(start + got);
        Ok(got > 0)
    }

    /// Up to `n` raw bytes (all that is left for a negative `n`).
    fn read_raw(&mut self, vm: &Vm, n: i64) -> PyResult<Vec<u8>> {
        self.check_readable(vm)?;
        loop {
            let have = self.rbuf.len() - self.rpos;
            if n >= 0 && have >= n as usize {
                break;
            }
            if !self.fill(vm)? {
                break;
            }
        }
        let have = self.rbuf.len() - self.rpos;
        let take = if n < 0 { have } else { have.min(n as usize) };
        let out = self.rbuf[self.rpos..self.rpos + take].to_vec();
        self.rpos += take;
        Ok(out)
    }

    /// One raw line, `\n` included, at most `limit` bytes (no limit when
    /// negative).
    fn readline_raw(&mut self, vm: &Vm, limit: i64) -> PyResult<Vec<u8>> {
        self.check_readable(vm)?;
        let mut searched = 0;
        loop {
            let window = &self.rbuf[self.rpos..];
            if let Some(i) = window[searched..].iter().position(|&b| b == b'\n') {
                return Ok(self.take_raw(searched + i + 1, limit));
            }
            searched = window.len();
            if limit >= 0 && searched >= limit as usize {
                return Ok(self.take_raw(searched, limit));
            }
            if !self.fill(vm)? {
                return Ok(self.take_raw(self.rbuf.len() - self.rpos, limit));
            }
        }
    }

    fn take_raw(&mut self, n: usize, limit: i64) -> Vec<u8> {
        let n = if limit >= 0 { n.min(limit as usize) } else { n };
        let out = self.rbuf[self.rpos..self.rpos + n].to_vec();
        self.rpos += n;
        out
    }

    /// Text mode: decodes the rest of the file into `text` once what was
    /// decoded before is used up.
    fn load_text(&mut self, vm: &Vm) -> PyResult<()> {
        if self.tpos < self.text.len() {
            return Ok(());
        }
        let raw = self.read_raw(vm, -1)?;
        let decoded =
            crate::builtins::bytes::decode(vm, &raw, self.encoding.as_ref(), self.errors.as_ref())?;
        self.text = match self.newline.as_deref() {
            None => decoded.replace("\r\n", "\n").replace('\r', "\n"),
            Some(_) => decoded,
        };
        self.tpos = 0;
        Ok(())
    }

    fn read_text(&mut self, vm: &Vm, n: i64) -> PyResult<String> {
        self.check_readable(vm)?;
        self.load_text(vm)?;
        let rest = &self.text[self.tpos..];
        let end = if n < 0 {
            rest.len()
        } else {
            rest.char_indices()
                .nth(n as usize)
                .map(|(i, _)| i)
                .unwrap_or(rest.len())
        };
        let out = rest[..end].to_string();
        self.tpos += end;
        Ok(out)
    }

    fn readline_text(&mut self, vm: &Vm, limit: i64) -> PyResult<String> {
        self.check_readable(vm)?;
        self.load_text(vm)?;
        let rest = &self.text[self.tpos..];
        let ends: &[char] = match self.newline.as_deref() {
            Some("") => &['\n', '\r'],
            Some("\r") => &['\r'],
            _ => &['\n'],
        };
        let mut end = match rest.find(ends) {
            Some(i) if rest[i..].starts_with("\r\n") && self.newline.as_deref() != Some("\r") => {
                i + 2
            }
            Some(i) => i + 1,
            None => rest.len(),
        };
        if self.newline.as_deref() == Some("\r\n") {
            end = rest.find("\r\n").map(|i| i + 2).unwrap_or(rest.len());
        }
        if limit >= 0 {
            if let Some((i, _)) = rest[..end].char_indices().nth(limit as usize) {
                end = i;
            }
        }
        let out = rest[..end].to_string();
        self.tpos += end;
        Ok(out)
    }

    fn write_raw(&mut self, vm: &Vm, data: &[u8]) -> PyResult<()> {
        if self.file.is_none() {
            return Err(closed_error(vm));
        }
        if !self.writable {
            return Err(vm.new_error(types().exc.unsupported_operation, "not writable"));
        }
        self.drop_read_ahead(vm)?;
        // Written through at once: a file a script never closes still
        // holds everything it wrote when the process ends.
        self.handle(vm)?
            .write_all(data)
            .map_err(|e| io_err(vm, e, None))
    }

    fn position(&mut self, vm: &Vm) -> PyResult<u64> {
        let unread = (self.rbuf.len() - self.rpos) as u64 + self.unread_text_bytes() as u64;
        let at = self
            .handle(vm)?
            .stream_position()
            .map_err(|e| io_err(vm, e, None))?;
        Ok(at.saturating_sub(unread))
    }
}

fn with_file<R>(
    vm: &Vm,
    args: &CallArgs,
    run: impl FnOnce(&mut FileState) -> PyResult<R>,
) -> PyResult<R> {
    let f = file_of(vm, &args.pos()[0])?;
    let mut g = f.lock();
    run(&mut g)
}

/// The optional size argument at `index` (-1 for None or absent).
fn size_arg(vm: &Vm, args: &CallArgs, index: usize) -> PyResult<i64> {
    match args.pos().get(index) {
        Some(v) if !v.is_none() => crate::ops::index_i64(vm, v),
        _ => Ok(-1),
    }
}

fn read(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let n = size_arg(vm, &args, 1)?;
    with_file(vm, &args, |g| {
        if g.binary {
            g.read_raw(vm, n).map(new_bytes)
        } else {
            g.read_text(vm, n).map(new_str)
        }
    })
}

fn readline(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let limit = size_arg(vm, &args, 1)?;
    with_file(vm, &args, |g| {
        if g.binary {
            g.readline_raw(vm, limit).map(new_bytes)
        } else {
            g.readline_text(vm, limit).map(new_str)
        }
    })
}

fn is_empty_line(v: &Value) -> bool {
    match v.as_obj() {
        Some(o) => {
            o.as_str().map(str::is_empty).unwrap_or(false)
                || bytes_of(v).map(<[u8]>::is_empty).unwrap_or(false)
        }
        None => true,
    }
}

fn readlines(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let hint = size_arg(vm, &args, 1)?;
    let receiver = &args.pos()[..1];
    let mut out = Vec::new();
    let mut total = 0i64;
    loop {
        let line = readline(vm, CallArgs::positional(receiver))?;
        if is_empty_line(&line) {
            break;
        }
        total += crate::ops::len(vm, &line)? as i64;
        out.push(line);
        if hint > 0 && total >= hint {
            break;
        }
    }
    Ok(new_list(out))
}

fn next_line(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let line = readline(vm, CallArgs::positional(&args.pos()[..1]))?;
    if is_empty_line(&line) {
        return Err(vm.stop_iteration(None));
    }
    Ok(line)
}

fn write(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    crate::builtins::args::arg_count(vm, "write", &args, 2, 2)?;
    let data = &args.pos()[1];
    with_file(vm, &args, |g| {
        if g.binary {
            let b = bytes_of(data).ok_or_else(|| {
                vm.type_error(format!(
                    "a bytes-like object is required, not '{}'",
                    vm.type_name(data)
                ))
            })?;
            g.write_raw(vm, b)?;
            return Ok(Value::Int(b.len() as i64));
        }
        let s = data.as_obj().and_then(|o| o.as_str()).ok_or_else(|| {
            vm.type_error(format!(
                "write() argument must be str, not {}",
                vm.type_name(data)
            ))
        })?;
        let translated;
        let text = match g.newline.as_deref() {
            Some(nl @ ("\r" | "\r\n")) => {
                translated = s.replace('\n', nl);
                translated.as_str()
            }
            _ => s,
        };
        let encoded =
            crate::builtins::bytes::encode(vm, text, g.encoding.as_ref(), g.errors.as_ref())?;
        g.write_raw(vm, bytes_of(&encoded).unwrap_or_default())?;
        Ok(Value::Int(s.chars().count() as i64))
    })
}

fn writelines(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    crate::builtins::args::arg_count(vm, "writelines", &args, 2, 2)?;
    let receiver = args.pos()[0].clone();
    for line in crate::ops::collect_iter(vm, &args.pos()[1])? {
        write(vm, CallArgs::positional(&[receiver.clone(), line]))?;
    }
    Ok(Value::None)
}

fn seek(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    crate::builtins::args::arg_count(vm, "seek", &args, 2, 3)?;
    let offset = crate::ops::index_i64(vm, &args.pos()[1])?;
    let whence = match args.pos().get(2) {
        Some(w) => crate::ops::index_i64(vm, w)?,
        None => 0,
    };
    with_file(vm, &args, |g| {
        if g.file.is_none() {
            return Err(closed_error(vm));
        }
        if !g.binary && whence != 0 && offset != 0 {
            return Err(vm.new_error(
                types().exc.os_error,
                if whence == 1 {
                    "can't do nonzero cur-relative seeks"
                } else {
                    "can't do nonzero end-relative seeks"
                },
            ));
        }
        let to = match whence {
            0 if offset < 0 => {
                return Err(vm.value_error(format!("negative seek position {offset}")))
            }
            0 => SeekFrom::Start(offset as u64),
            1 => SeekFrom::Current(offset),
            2 => SeekFrom::End(offset),
            _ => {
                return Err(
                    vm.value_error(format!("invalid whence ({whence}, should be 0, 1 or 2)"))
                )
            }
        };
        g.drop_read_ahead(vm)?;
        let at = g.handle(vm)?.seek(to).map_err(|e| io_err(vm, e, None))?;
        Ok(Value::Int(at as i64))
    })
}

fn tell(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    with_file(vm, &args, |g| g.position(vm).map(|p| Value::Int(p as i64)))
}

fn truncate(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    with_file(vm, &args, |g| {
        if !g.writable {
            return Err(vm.new_error(types().exc.os_error, "File not open for writing"));
        }
        let size = match args.pos().get(1) {
            Some(v) if !v.is_none() => crate::ops::index_i64(vm, v)? as u64,
            _ => g.position(vm)?,
        };
        g.drop_read_ahead(vm)?;
        g.handle(vm)?
            .set_len(size)
            .map_err(|e| io_err(vm, e, None))?;
        Ok(Value::Int(size as i64))
    })
}

fn close(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    with_file(vm, &args, |g| {
        if g.file.is_some() {
            g.file = None;
            g.rbuf = Vec::new();
            g.text = String::new();
        }
        Ok(Value::None)
    })
}

fn flush(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    with_file(vm, &args, |g| {
        if g.file.is_none() {
            return Err(closed_error(vm));
        }
        Ok(Value::None)
    })
}

fn fileno(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    use std::os::fd::AsRawFd;
    with_file(vm, &args, |g| {
        Ok(Value::Int(g.handle(vm)?.as_raw_fd() as i64))
    })
}

fn flag(vm: &Vm, args: &CallArgs, pick: fn(&FileState) -> bool) -> PyResult<Value> {
    with_file(vm, args, |g| {
        if g.file.is_none() {
            return Err(closed_error(vm));
        }
        Ok(Value::Bool(pick(g)))
    })
}

fn readable(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    flag(vm, &args, |g| g.readable)
}

fn writable(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    flag(vm, &args, |g| g.writable)
}

fn seekable(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    flag(vm, &args, |_| true)
}

fn isatty(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    flag(vm, &args, |_| false)
}

fn closed(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    with_file(vm, &args, |g| Ok(Value::Bool(g.file.is_none())))
}

fn name(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    with_file(vm, &args, |g| Ok(g.name.clone()))
}

fn mode(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    with_file(vm, &args, |g| {
        // A text file reports the mode it was opened with; a binary one
        // the mode of its raw file, as CPython's FileIO spells it (so
        // "w+b" reads "rb+": the truncation is done once open).
        if !g.binary {
            return Ok(new_str(g.mode.as_str()));
        }
        let plus = if g.readable && g.writable { "+" } else { "" };
        Ok(new_str(if g.mode.contains('x') {
            format!("xb{plus}")
        } else if g.mode.contains('a') {
            format!("ab{plus}")
        } else if g.readable {
            format!("rb{plus}")
        } else {
            "wb".to_string()
        }))
    })
}

fn encoding(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    with_file(vm, &args, |g| {
        Ok(g.encoding.clone().unwrap_or_else(|| new_str("UTF-8")))
    })
}

fn errors(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    with_file(vm, &args, |g| {
        Ok(g.errors.clone().unwrap_or_else(|| new_str("strict")))
    })
}

fn repr(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    let this = args.pos()[0].clone();
    let type_name = vm.type_name(&this).to_string();
    let (name, mode, binary) = with_file(vm, &args, |g| {
        Ok((g.name.clone(), g.mode.clone(), g.binary))
    })?;
    let shown = crate::builtins::repr::repr(vm, &name)?;
    Ok(new_str(if binary {
        format!("<_io.{type_name} name={shown}>")
    } else {
        let enc = encoding(vm, CallArgs::positional(std::slice::from_ref(&this)))?;
        let enc = crate::builtins::repr::repr(vm, &enc)?;
        format!("<_io.{type_name} name={shown} mode='{mode}' encoding={enc}>")
    }))
}

fn enter(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    with_file(vm, &args, |g| {
        if g.file.is_none() {
            return Err(closed_error(vm));
        }
        Ok(())
    })?;
    Ok(args.pos()[0].clone())
}

fn iter_self(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    enter(vm, args)
}

fn exit(vm: &Vm, args: CallArgs) -> PyResult<Value> {
    close(vm, CallArgs::positional(&args.pos()[..1]))?;
    Ok(Value::Bool(false))
}

/// Registers the file methods on every file class.
pub fn register(_r: &mut BuiltinRegistry) {
    for kind in [
        FileKind::Text,
        FileKind::Reader,
        FileKind::Writer,
        FileKind::Random,
    ] {
        let c = class(kind);
        add_method(c, "read", read);
        add_method(c, "readline", readline);
        add_method(c, "readlines", readlines);
        add_method(c, "write", write);
        add_method(c, "writelines", writelines);
        add_method(c, "seek", seek);
        add_method(c, "tell", tell);
        add_method(c, "truncate", truncate);
        add_method(c, "close", close);
        add_method(c, "flush", flush);
        add_method(c, "fileno", fileno);
        add_method(c, "readable", readable);
        add_method(c, "writable", writable);
        add_method(c, "seekable", seekable);
        add_method(c, "isatty", isatty);
        add_method(c, "__repr__", repr);
        add_method(c, "__enter__", enter);
        add_method(c, "__exit__", exit);
        add_method(c, "__iter__", iter_self);
        add_method(c, "__next__", next_line);
        add_property(c, "closed", closed);
        add_property(c, "name", name);
        add_property(c, "mode", mode);
        if matches!(kind, FileKind::Text) {
            add_property(c, "encoding", encoding);
            add_property(c, "errors", errors);
        }
    }
}
