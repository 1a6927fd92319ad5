//! The `sys.monitoring` namespace (PEP 669): the tool registry, event
//! sets, callbacks, `DISABLE`/`MISSING` and the `events` constants, with
//! CPython's argument checks and messages. The state and the delivery of
//! events are `crate::monitoring`'s.

use crate::builtins::args::module_fn_arg_count;
use crate::code::CodeObject;
use crate::function::CallArgs;
use crate::monitoring as mon;
use crate::object::Payload;
use crate::strobj::new_str;
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};
use weft_instrumentation::events::{self, check_global, check_local, ALL_EVENTS};

fn args_checked<'a>(
    vm: &Vm,
    name: &str,
    a: &CallArgs<'a>,
    min: usize,
    max: usize,
) -> PyResult<&'a [Value]> {
    module_fn_arg_count(vm, "sys.monitoring", name, a, min, max)?;
    Ok(a.pos())
}

fn code_arg(vm: &Vm, v: &Value) -> PyResult<&'static CodeObject> {
    match v.as_obj().map(|o| &o.payload) {
        Some(Payload::Code(c)) => Ok(c),
        _ => Err(vm.type_error("code must be a code object")),
    }
}

fn in_use(vm: &Vm, tool: usize) -> PyResult<()> {
    if mon::tool_in_use(tool) {
        Ok(())
    } else {
        Err(vm.value_error(format!("tool {tool} is not in use")))
    }
}

fn use_tool_id(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let p = args_checked(vm, "use_tool_id", &a, 2, 2)?;
    let tool = mon::tool_id(vm, &p[0])?;
    let Some(name) = p[1].as_obj().and_then(|o| o.as_str()) else {
        return Err(vm.value_error("tool name must be a str"));
    };
    mon::use_tool(tool, name.to_string()).map_err(|m| vm.value_error(m))?;
    Ok(Value::None)
}

fn free_tool_id(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let p = args_checked(vm, "free_tool_id", &a, 1, 1)?;
    mon::free_tool(mon::tool_id(vm, &p[0])?);
    Ok(Value::None)
}

fn clear_tool_id(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let p = args_checked(vm, "clear_tool_id", &a, 1, 1)?;
    let tool = mon::tool_id(vm, &p[0])?;
    if mon::tool_in_use(tool) {
        mon::clear_tool(tool);
    }
    Ok(Value::None)
}

fn get_tool(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let p = args_checked(vm, "get_tool", &a, 1, 1)?;
    Ok(match mon::tool_name(mon::tool_id(vm, &p[0])?) {
        Some(name) => new_str(name),
        None => Value::None,
    })
}

fn register_callback(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let p = args_checked(vm, "register_callback", &a, 3, 3)?;
    let tool = mon::tool_id(vm, &p[0])?;
    let event = mon::event_set_arg(vm, &p[1])?;
    if event < 0 || event as u64 & !(ALL_EVENTS as u64) != 0 {
        return Err(vm.value_error(format!("invalid event {event}")));
    }
    if (event as u32).count_ones() != 1 {
        return Err(vm.value_error("The callback can only be set for one event at a time"));
    }
    Ok(mon::register_callback(tool, event as u32, p[2].clone()))
}

fn get_events(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let p = args_checked(vm, "get_events", &a, 1, 1)?;
    let tool = mon::tool_id(vm, &p[0])?;
    Ok(Value::Int(mon::MONITOR.events(tool) as i64))
}

fn set_events(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let p = args_checked(vm, "set_events", &a, 2, 2)?;
    let tool = mon::tool_id(vm, &p[0])?;
    let set = mon::event_set_arg(vm, &p[1])?;
    in_use(vm, tool)?;
    let set = check_global(set).map_err(|e| mon::event_set_error(vm, e))?;
    mon::set_events(tool, set);
    Ok(Value::None)
}

fn get_local_events(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let p = args_checked(vm, "get_local_events", &a, 2, 2)?;
    let tool = mon::tool_id(vm, &p[0])?;
    let code = code_arg(vm, &p[1])?;
    Ok(Value::Int(code.monitor.local_events(tool) as i64))
}

fn set_local_events(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let p = args_checked(vm, "set_local_events", &a, 3, 3)?;
    let tool = mon::tool_id(vm, &p[0])?;
    let code = code_arg(vm, &p[1])?;
    let set = mon::event_set_arg(vm, &p[2])?;
    in_use(vm, tool)?;
    let set = check_local(set).map_err(|e| mon::event_set_error(vm, e))?;
    mon::set_local_events(code, tool, set);
    Ok(Value::None)
}

fn restart_events(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    args_checked(vm, "restart_events", &a, 0, 0)?;
    mon::restart_events();
    Ok(Value::None)
}

/// Builds `sys.monitoring`.
pub fn make() -> ObjRef {
    let m = super::make_module(
        "sys.monitoring",
        &[
            ("use_tool_id", use_tool_id),
            ("free_tool_id", free_tool_id),
            ("clear_tool_id", clear_tool_id),
            ("get_tool", get_tool),
            ("register_callback", register_callback),
            ("get_events", get_events),
            ("set_events", set_events),
            ("get_local_events", get_local_events),
            ("set_local_events", set_local_events),
            ("restart_events", restart_events),
        ],
    );
    for (name, id) in [
        ("DEBUGGER_ID", 0),
        ("COVERAGE_ID", 1),
        ("PROFILER_ID", 2),
        ("OPTIMIZER_ID", 5),
    ] {
        super::set_attr(&m, name, Value::Int(id));
    }
    super::set_attr(&m, "DISABLE", mon::disable_sentinel());
    super::set_attr(&m, "MISSING", mon::missing_sentinel());
    let namespace = crate::import::new_module("sys.monitoring.events");
    for (name, bit) in events::NAMED {
        super::set_attr(&namespace, name, Value::Int(bit as i64));
    }
    super::set_attr(&namespace, "NO_EVENTS", Value::Int(0));
    super::set_attr(&m, "events", Value::Obj(namespace));
    m
}
