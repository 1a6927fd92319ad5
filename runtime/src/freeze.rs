//! Freezing module-level data: when a program goes multi-threaded (every
//! `_thread.start_new_thread`) and when an embedder's module finishes
//! loading, every object reachable from the loaded modules' namespaces —
//! module-level tables, lists, instances, functions, classes and their
//! class attributes — becomes immortal, so that reading it from many
//! threads writes no shared reference count (DESIGN.md: long-lived shared
//! objects must not bounce a count). This is CPython 3.13t's
//! immortalization at first thread start, extended from functions, code
//! and types to the data they work on.
//!
//! The price is memory: an object frozen here is never freed, even if the
//! program later drops every reference to it. Objects created after the
//! freeze, including new elements of frozen containers, are counted as
//! usual until the next freeze finds them reachable from a namespace.

use crate::object::{Object, Payload};
use crate::value::{ObjRef, Value};
use crate::vm::Vm;
use std::collections::HashSet;

/// Makes every object reachable from a loaded module's namespace immortal.
pub fn freeze_module_data(vm: &Vm) {
    let mut roots: Vec<ObjRef> = vm.interp.modules.lock().values().cloned().collect();
    roots.push(vm.interp.builtins.clone());
    freeze_reachable(roots);
}

/// Makes `roots` and everything reachable from them immortal. Classes,
/// modules and their namespace dicts (immortal from birth) are walked once
/// per call; other objects that are already immortal are taken as frozen
/// with their contents.
pub fn freeze_reachable(roots: Vec<ObjRef>) {
    let mut walked: HashSet<*const Object> = HashSet::new();
    let mut containers = Vec::new();
    // Namespace dicts are immortal from birth but must still be walked.
    let mut namespace_dicts: HashSet<usize> = HashSet::new();
    let mut pending = roots;
    while let Some(o) = pending.pop() {
        let namespace = matches!(o.payload, Payload::Type(_) | Payload::Module(_))
            || (matches!(o.payload, Payload::Dict(_)) && namespace_dicts.contains(&o.addr()));
        if namespace {
            if !walked.insert(&*o as *const Object) {
                continue;
            }
        } else if o.is_immortal() {
            continue;
        }
        o.make_immortal();
        match &o.payload {
            Payload::Type(td) => namespace_dicts.insert(td.dict.addr()),
            Payload::Module(m) => namespace_dicts.insert(m.dict.addr()),
            _ => false,
        };
        push_children(&o, &mut pending);
        if matches!(o.payload, Payload::List(_) | Payload::Dict(_)) {
            containers.push(o);
        }
    }
    // Now that their contents are immortal too, views can hold them.
    for c in containers {
        match &c.payload {
            Payload::List(l) => l.enable_read_view(),
            Payload::Dict(d) => d.enable_read_view(),
            _ => {}
        }
    }
}

fn push_value(v: &Value, pending: &mut Vec<ObjRef>) {
    if let Value::Obj(o) = v {
        pending.push(o.clone());
    }
}

fn push_children(o: &Object, pending: &mut Vec<ObjRef>) {
    if let Some(d) = &o.dict {
        pending.push(d.clone());
    }
    for slot in o.slots.iter() {
        push_value(&slot.lock(), pending);
    }
    match &o.payload {
        Payload::Tuple(items) => items.iter().for_each(|v| push_value(v, pending)),
        Payload::List(items) => items.lock().iter().for_each(|v| push_value(v, pending)),
        Payload::Dict(d) => {
            for (k, v) in d.items() {
                push_value(&k, pending);
                push_value(&v, pending);
            }
        }
        Payload::Set(s) => s.items().iter().for_each(|v| push_value(v, pending)),
        Payload::Function(f) => {
            let state = f.state();
            push_value(&state.defaults, pending);
            push_value(&state.kwdefaults, pending);
            if let Some(cells) = &f.closure {
                pending.extend(cells.iter().cloned());
            }
        }
        Payload::BoundMethod(func, recv) => {
            push_value(func, pending);
            push_value(recv, pending);
        }
        Payload::StaticMethod(f) | Payload::ClassMethod(f) => push_value(f, pending),
        Payload::Property(p) => {
            for v in [&p.fget, &p.fset, &p.fdel] {
                push_value(v, pending);
            }
        }
        Payload::Type(td) => pending.push(td.dict.clone()),
        Payload::Module(m) => pending.push(m.dict.clone()),
        Payload::Cell(c) => push_value(&c.lock(), pending),
        Payload::Slice(a, b, c) => {
            for v in [a, b, c] {
                push_value(v, pending);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtins::list::new_list;
    use crate::builtins::tuple::new_tuple;

    #[test]
    fn freezes_nested_containers_and_their_elements() {
        let inner = new_list(vec![Value::Int(1)]);
        let leaf = match &inner {
            Value::Obj(o) => o.clone(),
            _ => unreachable!(),
        };
        let outer = new_tuple(vec![inner.clone(), Value::None]);
        let root = match &outer {
            Value::Obj(o) => o.clone(),
            _ => unreachable!(),
        };
        assert!(!leaf.is_immortal());
        freeze_reachable(vec![root.clone()]);
        assert!(root.is_immortal() && leaf.is_immortal());
        // Dropping frozen objects' references is harmless: nothing is freed.
        drop(inner);
        drop(outer);
        assert!(leaf.is_immortal());
    }
}
