//! The native `_zlib` module under `lib/zlib.py`: DEFLATE streams (zlib,
//! gzip and raw framing) through `flate2` over the `zlib-rs` engine, and
//! the CRC-32 and Adler-32 checksums. A stream is an opaque handle whose
//! state sits behind a mutex, so threads feeding one compressor at once
//! are serialised. Failures come back as a message string that `zlib.py`
//! raises as `zlib.error`, with zlib's own wording.

use crate::builtins::buffer::require_bytes_like;
use crate::builtins::bytes::new_bytes;
use crate::builtins::tuple::new_tuple;
use crate::function::CallArgs;
use crate::object::{Object, Payload};
use crate::ops::index_i64;
use crate::strobj::new_str;
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};
use flate2::{Compress, Compression, Decompress, FlushCompress, FlushDecompress, Status};
use parking_lot::Mutex;
use std::sync::OnceLock;

struct Compressor(Mutex<Compress>);
struct Decompressor(Mutex<Decompress>);

fn class() -> &'static Object {
    static CLS: OnceLock<&'static Object> = OnceLock::new();
    CLS.get_or_init(|| super::new_native_class("zstream", "_zlib"))
}

fn wrap<T: Send + Sync + 'static>(state: T) -> Value {
    Value::Obj(ObjRef::new(Object::new(
        class(),
        Payload::Native(Box::new(state)),
    )))
}

fn arg<'a>(vm: &Vm, a: &CallArgs<'a>, i: usize) -> PyResult<&'a Value> {
    super::handle_arg(vm, a, i, "_zlib")
}

fn native<'a, T: 'static>(vm: &Vm, v: &'a Value) -> PyResult<&'a T> {
    super::handle_state(vm, v, "zlib stream")
}

fn int_arg(vm: &Vm, a: &CallArgs, i: usize) -> PyResult<i64> {
    index_i64(vm, arg(vm, a, i)?)
}

/// The framing a `wbits` value selects: (zlib header, gzip, window bits),
/// or None when it is out of zlib's ranges.
fn framing(wbits: i64) -> Option<(bool, bool, u8)> {
    match wbits {
        9..=15 => Some((true, false, wbits as u8)),
        -15..=-9 => Some((false, false, (-wbits) as u8)),
        25..=31 => Some((false, true, (wbits - 16) as u8)),
        _ => None,
    }
}

/// `compressor(level, wbits)`: a handle, or an error message.
fn compressor(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let level = int_arg(vm, &a, 0)?;
    let wbits = int_arg(vm, &a, 1)?;
    let level = match level {
        -1 => Compression::default(),
        0..=9 => Compression::new(level as u32),
        _ => return Ok(new_str("Bad compression level")),
    };
    let Some((zlib_header, gzip, bits)) = framing(wbits) else {
        return Ok(new_str("Invalid initialization option"));
    };
    let engine = if gzip {
        Compress::new_gzip(level, bits)
    } else {
        Compress::new_with_window_bits(level, zlib_header, bits)
    };
    Ok(wrap(Compressor(Mutex::new(engine))))
}

/// `compress(handle, data, mode)`: the output produced by feeding `data`
/// and then flushing with zlib's flush `mode` (0 = none, 2 = sync,
/// 3 = full, 4 = finish), or an error message.
fn compress(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let stream = native::<Compressor>(vm, arg(vm, &a, 0)?)?;
    let data = require_bytes_like(vm, arg(vm, &a, 1)?)?;
    let flush = match int_arg(vm, &a, 2)? {
        0 => FlushCompress::None,
        1 | 2 => FlushCompress::Sync,
        3 => FlushCompress::Full,
        _ => FlushCompress::Finish,
    };
    let mut engine = stream.0.lock();
    let mut out = Vec::with_capacity(data.len() / 2 + 64);
    let mut fed = 0usize;
    loop {
        if out.capacity() - out.len() < 1024 {
            out.reserve(out.capacity().max(4096));
        }
        let before_in = engine.total_in();
        let before_out = engine.total_out();
        let status = match engine.compress_vec(&data[fed..], &mut out, flush) {
            Ok(s) => s,
            Err(e) => {
                return Ok(new_str(format!(
                    "Error -2 while compressing data: {}",
                    e.message().unwrap_or("inconsistent stream state")
                )))
            }
        };
        fed += (engine.total_in() - before_in) as usize;
        let progressed = engine.total_out() != before_out || engine.total_in() != before_in;
        let room_left = out.capacity() > out.len();
        match status {
            Status::StreamEnd => break,
            _ if fed < data.len() => continue,
            // All input taken: done once a flush leaves spare room.
            _ if matches!(flush, FlushCompress::None) => break,
            _ if room_left && !progressed => break,
            _ if room_left && matches!(flush, FlushCompress::Sync | FlushCompress::Full) => break,
            _ => continue,
        }
    }
    Ok(new_bytes(out))
}

/// `decompressor(wbits, gzip_or_zlib)`: a handle for `wbits` (zlib's
/// ranges, 0 meaning "from the header"), or an error message.
fn decompressor(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let wbits = int_arg(vm, &a, 0)?;
    let engine = match wbits {
        0 => Decompress::new(true),
        8..=15 => Decompress::new_with_window_bits(true, wbits.max(9) as u8),
        -15..=-8 => Decompress::new_with_window_bits(false, (-wbits).max(9) as u8),
        24..=31 => Decompress::new_gzip((wbits - 16).max(9) as u8),
        _ => return Ok(new_str("Invalid initialization option")),
    };
    Ok(wrap(Decompressor(Mutex::new(engine))))
}

/// `decompress(handle, data, max_length)`: `(output, consumed, at_end)`,
/// with at most `max_length` bytes of output when it is positive; or an
/// error message.
fn decompress(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let stream = native::<Decompressor>(vm, arg(vm, &a, 0)?)?;
    let data = require_bytes_like(vm, arg(vm, &a, 1)?)?;
    let limit = usize::try_from(int_arg(vm, &a, 2)?).unwrap_or(0);
    let mut engine = stream.0.lock();
    let start_in = engine.total_in();
    let mut out = Vec::new();
    let mut chunk = vec![0u8; 1 << 16];
    let mut at_end = false;
    loop {
        let want = if limit > 0 {
            chunk.len().min(limit - out.len())
        } else {
            chunk.len()
        };
        if want == 0 {
            break;
        }
        let consumed = (engine.total_in() - start_in) as usize;
        let before_out = engine.total_out();
        let status =
            engine.decompress(&data[consumed..], &mut chunk[..want], FlushDecompress::None);
        let produced = (engine.total_out() - before_out) as usize;
        out.extend_from_slice(&chunk[..produced]);
        match status {
            Ok(Status::StreamEnd) => {
                at_end = true;
                break;
            }
            Ok(_) => {
                let taken = (engine.total_in() - start_in) as usize;
                let stalled = produced == 0 && taken == consumed;
                if stalled || (produced < want && taken == data.len()) {
                    break;
                }
            }
            Err(e) => {
                return Ok(new_str(format!(
                    "Error -3 while decompressing data: {}",
                    e.message().unwrap_or("invalid stored block lengths")
                )))
            }
        }
    }
    let consumed = (engine.total_in() - start_in) as i64;
    Ok(new_tuple(vec![
        new_bytes(out),
        Value::Int(consumed),
        Value::Bool(at_end),
    ]))
}

fn checksum_start(vm: &Vm, a: &CallArgs, default: u32) -> PyResult<u32> {
    match a.pos().get(1) {
        None => Ok(default),
        Some(v) => {
            let n = crate::builtins::int::as_int_like(v).ok_or_else(|| {
                vm.type_error(format!(
                    "'{}' object cannot be interpreted as an integer",
                    vm.type_name(v)
                ))
            })?;
            let modulus = num_bigint::BigInt::from(1u64 << 32);
            let reduced = ((n % &modulus) + &modulus) % &modulus;
            Ok(u32::try_from(reduced).unwrap_or(0))
        }
    }
}

fn crc32(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let data = require_bytes_like(vm, arg(vm, &a, 0)?)?;
    let start = checksum_start(vm, &a, 0)?;
    let mut hasher = crc32fast::Hasher::new_with_initial(start);
    hasher.update(&data);
    Ok(Value::Int(hasher.finalize() as i64))
}

fn adler32(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let data = require_bytes_like(vm, arg(vm, &a, 0)?)?;
    let start = checksum_start(vm, &a, 1)?;
    let mut hasher = adler2::Adler32::from_checksum(start);
    hasher.write_slice(&data);
    Ok(Value::Int(hasher.checksum() as i64))
}

/// Builds the module.
pub fn make() -> ObjRef {
    super::make_module(
        "_zlib",
        &[
            ("compressor", compressor),
            ("compress", compress),
            ("decompressor", decompressor),
            ("decompress", decompress),
            ("crc32", crc32),
            ("adler32", adler32),
        ],
    )
}
