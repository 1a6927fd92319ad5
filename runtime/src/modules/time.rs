//! The `time` module: wall clock, monotonic and performance counters, sleep.

use crate::builtins::args::module_fn_arg_count;
use crate::function::CallArgs;
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};
use std::sync::OnceLock;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

fn origin() -> Instant {
    static START: OnceLock<Instant> = OnceLock::new();
    *START.get_or_init(Instant::now)
}

fn now(_vm: &Vm, _a: CallArgs) -> PyResult<Value> {
    let d = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    Ok(Value::Float(d.as_secs_f64()))
}

fn now_ns(_vm: &Vm, _a: CallArgs) -> PyResult<Value> {
    let d = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    Ok(Value::Int(d.as_nanos() as i64))
}

fn perf(_vm: &Vm, _a: CallArgs) -> PyResult<Value> {
    Ok(Value::Float(origin().elapsed().as_secs_f64()))
}

fn perf_ns(_vm: &Vm, _a: CallArgs) -> PyResult<Value> {
    Ok(Value::Int(origin().elapsed().as_nanos() as i64))
}

fn sleep(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    module_fn_arg_count(vm, "time", "sleep", &a, 1, 1)?;
    let s = crate::builtins::int::to_f64(vm, &a.pos()[0])?
        .ok_or_else(|| vm.type_error("'str' object cannot be interpreted as an integer"))?;
    if s < 0.0 {
        return Err(vm.value_error("sleep length must be non-negative"));
    }
    let deadline = Instant::now() + Duration::from_secs_f64(s);
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

/// Builds the module.
pub fn make() -> ObjRef {
    origin();
    super::make_module(
        "time",
        &[
            ("time", now),
            ("time_ns", now_ns),
            ("perf_counter", perf),
            ("perf_counter_ns", perf_ns),
            ("monotonic", perf),
            ("monotonic_ns", perf_ns),
            ("process_time", perf),
            ("sleep", sleep),
        ],
    )
}
