//! The native `_time` module under `lib/time.py`: the clocks (wall,
//! monotonic, performance, process and thread CPU time), `sleep`, and the
//! C library's calendar conversions (`_gmtime`, `_localtime`, `_mktime`,
//! `_strftime`, `tzset`). It takes and returns plain tuples; `time.py`
//! owns `struct_time`, argument defaults and the range checks CPython
//! makes before calling the C library.

use crate::builtins::args::module_fn_arg_count;
use crate::builtins::tuple::{new_tuple, tuple_items};
use crate::function::CallArgs;
use crate::ops::index_i64;
use crate::strobj::new_str;
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};
use std::sync::OnceLock;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

fn origin() -> Instant {
    static START: OnceLock<Instant> = OnceLock::new();
    *START.get_or_init(Instant::now)
}

fn since_epoch() -> Duration {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
}

fn now(_vm: &Vm, _a: CallArgs) -> PyResult<Value> {
    Ok(Value::Float(since_epoch().as_secs_f64()))
}

fn now_ns(_vm: &Vm, _a: CallArgs) -> PyResult<Value> {
    Ok(Value::Int(since_epoch().as_nanos() as i64))
}

fn perf(_vm: &Vm, _a: CallArgs) -> PyResult<Value> {
    Ok(Value::Float(origin().elapsed().as_secs_f64()))
}

fn perf_ns(_vm: &Vm, _a: CallArgs) -> PyResult<Value> {
    Ok(Value::Int(origin().elapsed().as_nanos() as i64))
}

/// Nanoseconds of CPU time on `clock` (a `CLOCK_*_CPUTIME_ID`).
fn cpu_clock_ns(clock: libc::clockid_t) -> i64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec for the duration of the
    // call; clock_gettime writes only into it.
    let rc = unsafe { libc::clock_gettime(clock, &mut ts) };
    if rc != 0 {
        return 0;
    }
    ts.tv_sec * 1_000_000_000 + ts.tv_nsec
}

fn process_time(_vm: &Vm, _a: CallArgs) -> PyResult<Value> {
    Ok(Value::Float(
        cpu_clock_ns(libc::CLOCK_PROCESS_CPUTIME_ID) as f64 / 1e9,
    ))
}

fn process_time_ns(_vm: &Vm, _a: CallArgs) -> PyResult<Value> {
    Ok(Value::Int(cpu_clock_ns(libc::CLOCK_PROCESS_CPUTIME_ID)))
}

fn thread_time(_vm: &Vm, _a: CallArgs) -> PyResult<Value> {
    Ok(Value::Float(
        cpu_clock_ns(libc::CLOCK_THREAD_CPUTIME_ID) as f64 / 1e9,
    ))
}

fn thread_time_ns(_vm: &Vm, _a: CallArgs) -> PyResult<Value> {
    Ok(Value::Int(cpu_clock_ns(libc::CLOCK_THREAD_CPUTIME_ID)))
}

fn sleep(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "time", "sleep", &a, 1, 1)?;
    let s = crate::builtins::int::to_f64(vm, &a.pos()[0])?.ok_or_else(|| {
        vm.type_error(format!(
            "'{}' object cannot be interpreted as an integer",
            vm.type_name(&a.pos()[0])
        ))
    })?;
    if s.is_nan() {
        return Err(vm.value_error("Invalid value NaN (not a number)"));
    }
    if s < 0.0 {
        return Err(vm.value_error("sleep length must be non-negative"));
    }
    let length = Duration::try_from_secs_f64(s)
        .map_err(|_| vm.overflow_error("timestamp too large to convert to C _PyTime_t"))?;
    let deadline = Instant::now() + length;
    if s == 0.0 {
        vm.detached(std::thread::yield_now);
    }
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            break;
        }
        // Sleep in slices so Ctrl-C interrupts the main thread promptly.
        vm.detached(|| std::thread::sleep(left.min(Duration::from_millis(50))));
        vm.take_interrupt()?;
    }
    vm.safepoint()?;
    Ok(Value::None)
}

/// A timestamp argument as whole seconds, rounded toward minus infinity
/// as CPython's `gmtime`/`localtime` do.
fn timestamp_arg(vm: &Vm, v: &Value) -> PyResult<libc::time_t> {
    if let Value::Float(f) = v {
        if f.is_nan() {
            return Err(vm.value_error("Invalid value NaN (not a number)"));
        }
        let floored = f.floor();
        if !(-9.2e18..9.2e18).contains(&floored) {
            return Err(vm.overflow_error("timestamp out of range for platform time_t"));
        }
        return Ok(floored as libc::time_t);
    }
    if let Some(f) = v.as_obj().and_then(|o| match &o.payload {
        crate::object::Payload::Float(f) => Some(*f),
        _ => None,
    }) {
        return timestamp_arg(vm, &Value::Float(f));
    }
    let is_int = matches!(
        v.as_obj().map(|o| &o.payload),
        Some(crate::object::Payload::Int(_))
    );
    index_i64(vm, v).map_err(|e| {
        if is_int {
            vm.overflow_error("timestamp out of range for platform time_t")
        } else {
            e
        }
    })
}

fn zeroed_tm() -> libc::tm {
    // SAFETY: `libc::tm` is a plain C struct of integers and one pointer,
    // for which all-zero bytes are a valid value (a null `tm_zone`).
    unsafe { std::mem::zeroed() }
}

/// A broken-down time as the tuple `time.py` turns into `struct_time`:
/// the nine fields in Python's conventions, then the zone name and the
/// UTC offset in seconds.
fn tm_tuple(tm: &libc::tm) -> Value {
    let zone = if tm.tm_zone.is_null() {
        Value::None
    } else {
        // SAFETY: a non-null `tm_zone` filled in by gmtime_r/localtime_r
        // points to a NUL-terminated string owned by the C library that
        // lives for the whole process (tzname storage).
        let name = unsafe { std::ffi::CStr::from_ptr(tm.tm_zone) };
        new_str(name.to_string_lossy().as_ref())
    };
    new_tuple(vec![
        Value::Int(tm.tm_year as i64 + 1900),
        Value::Int(tm.tm_mon as i64 + 1),
        Value::Int(tm.tm_mday as i64),
        Value::Int(tm.tm_hour as i64),
        Value::Int(tm.tm_min as i64),
        Value::Int(tm.tm_sec as i64),
        Value::Int((tm.tm_wday as i64 + 6) % 7),
        Value::Int(tm.tm_yday as i64 + 1),
        Value::Int(tm.tm_isdst as i64),
        zone,
        Value::Int(tm.tm_gmtoff),
    ])
}

fn broken_down(
    vm: &Vm,
    a: &CallArgs,
    name: &str,
    convert: unsafe extern "C" fn(*const libc::time_t, *mut libc::tm) -> *mut libc::tm,
) -> PyResult<Value> {
    module_fn_arg_count(vm, "time", name, a, 1, 1)?;
    let secs = timestamp_arg(vm, &a.pos()[0])?;
    let mut tm = zeroed_tm();
    // SAFETY: both pointers refer to live locals for the whole call; the
    // reentrant `_r` conversions write only into `tm`.
    let r = unsafe { convert(&secs, &mut tm) };
    if r.is_null() {
        return Err(vm.overflow_error("timestamp out of range for platform time_t"));
    }
    Ok(tm_tuple(&tm))
}

fn gmtime(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    broken_down(vm, &a, "_gmtime", libc::gmtime_r)
}

fn localtime(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    broken_down(vm, &a, "_localtime", libc::localtime_r)
}

/// A C `tm` from the nine Python fields (already range-checked by
/// `time.py`), with the zone name kept alive in `zone` when given.
fn tm_from_fields(
    vm: &Vm,
    fields: &[Value],
    zone: &mut Option<std::ffi::CString>,
) -> PyResult<libc::tm> {
    let mut n = [0i64; 9];
    for (slot, v) in n.iter_mut().zip(fields) {
        *slot = index_i64(vm, v)?;
    }
    let c_int = |v: i64| -> PyResult<libc::c_int> {
        libc::c_int::try_from(v)
            .map_err(|_| vm.overflow_error("Python int too large to convert to C int"))
    };
    let mut tm = zeroed_tm();
    tm.tm_year = c_int(n[0] - 1900)?;
    tm.tm_mon = c_int(n[1] - 1)?;
    tm.tm_mday = c_int(n[2])?;
    tm.tm_hour = c_int(n[3])?;
    tm.tm_min = c_int(n[4])?;
    tm.tm_sec = c_int(n[5])?;
    tm.tm_wday = c_int((n[6] + 1).rem_euclid(7))?;
    tm.tm_yday = c_int(n[7] - 1)?;
    tm.tm_isdst = c_int(n[8])?;
    if let Some(z) = fields
        .get(9)
        .and_then(|v| v.as_obj())
        .and_then(|o| o.as_str())
    {
        let c = std::ffi::CString::new(z).map_err(|_| vm.value_error("embedded null character"))?;
        tm.tm_zone = c.as_ptr();
        *zone = Some(c);
    }
    if let Some(off) = fields.get(10).filter(|v| !matches!(v, Value::None)) {
        tm.tm_gmtoff = index_i64(vm, off)?;
    }
    Ok(tm)
}

fn fields_arg(vm: &Vm, v: &Value, func: &str) -> PyResult<Vec<Value>> {
    let items = tuple_items(v)
        .ok_or_else(|| vm.type_error(format!("Tuple or struct_time argument required ({func})")))?;
    if items.len() < 9 {
        return Err(vm.type_error(format!("{func}(): illegal time tuple argument")));
    }
    Ok(items)
}

fn mktime(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "time", "_mktime", &a, 1, 1)?;
    let fields = fields_arg(vm, &a.pos()[0], "mktime")?;
    let mut zone = None;
    let mut tm = tm_from_fields(vm, &fields[..9], &mut zone)?;
    // mktime cannot signal failure apart from -1, which is also a valid
    // answer; a wday it leaves untouched tells the two apart.
    tm.tm_wday = -1;
    // SAFETY: `tm` is a valid local struct; mktime normalises it in place.
    let t = unsafe { libc::mktime(&mut tm) };
    if t == -1 && tm.tm_wday == -1 {
        return Err(vm.overflow_error("mktime argument out of range"));
    }
    Ok(Value::Float(t as f64))
}

fn strftime(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "time", "_strftime", &a, 2, 2)?;
    let format = a.pos()[0]
        .as_obj()
        .and_then(|o| o.as_str())
        .ok_or_else(|| vm.type_error("strftime() argument 1 must be str"))?
        .to_string();
    let fields = fields_arg(vm, &a.pos()[1], "strftime")?;
    let mut zone = None;
    let tm = tm_from_fields(vm, &fields, &mut zone)?;
    if format.contains('\0') {
        return Err(vm.value_error("embedded null character"));
    }
    if format.is_empty() {
        return Ok(new_str(""));
    }
    let c_format = std::ffi::CString::new(format.as_str())
        .map_err(|_| vm.value_error("embedded null character"))?;
    // strftime's answer may legitimately be empty, so a zero length is
    // only trusted once the buffer is far larger than the format.
    let mut capacity = 1024usize.max(format.len() * 4);
    loop {
        let mut buf = vec![0u8; capacity];
        // SAFETY: `buf` has `capacity` writable bytes, `c_format` is
        // NUL-terminated and `tm` (with `zone` alive) is fully initialised.
        let n = unsafe {
            libc::strftime(
                buf.as_mut_ptr() as *mut libc::c_char,
                capacity,
                c_format.as_ptr(),
                &tm,
            )
        };
        if n > 0 || capacity >= 256 * format.len().max(16) {
            buf.truncate(n);
            return Ok(new_str(String::from_utf8_lossy(&buf).as_ref()));
        }
        capacity *= 4;
    }
}

/// Makes the C library read the TZ environment variable again
/// (`localtime_r` does not do it by itself).
fn reread_time_zone() {
    extern "C" {
        fn tzset();
    }
    // SAFETY: tzset only re-reads the TZ environment variable into the C
    // library's time-zone state, which glibc guards with its own lock.
    unsafe { tzset() };
}

fn tzset(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "time", "tzset", &a, 0, 0)?;
    reread_time_zone();
    Ok(Value::None)
}

/// Builds the module.
pub fn make() -> ObjRef {
    origin();
    reread_time_zone();
    super::make_module(
        "_time",
        &[
            ("time", now),
            ("time_ns", now_ns),
            ("perf_counter", perf),
            ("perf_counter_ns", perf_ns),
            ("monotonic", perf),
            ("monotonic_ns", perf_ns),
            ("process_time", process_time),
            ("process_time_ns", process_time_ns),
            ("thread_time", thread_time),
            ("thread_time_ns", thread_time_ns),
            ("sleep", sleep),
            ("_gmtime", gmtime),
            ("_localtime", localtime),
            ("_mktime", mktime),
            ("_strftime", strftime),
            ("tzset", tzset),
        ],
    )
}
