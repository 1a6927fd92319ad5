//! A deterministic profiler (`weft run --profile`): a native tool on the
//! frame events (PY_START/RESUME/THROW in, PY_RETURN/YIELD/UNWIND out)
//! and on calls of built-in functions (CALL in, C_RETURN/C_RAISE out)
//! that times every function per thread and reports, per function,
//! calls (total/primitive, as recursion makes them differ), total time,
//! cumulative time and the per-call times, sorted by cumulative time in
//! cProfile's table layout. Each thread keeps its own table behind an
//! uncontended lock, so counts under threads are exact; the report adds
//! the tables up.

use super::{events, Action, EventSet, Location, Tool};
use crate::code::CodeObject;
use crate::object::Payload;
use crate::value::Value;
use parking_lot::Mutex;
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What a row of the table is about.
#[derive(Clone, Copy)]
enum Function {
    /// A Python function (its code object).
    Code(&'static CodeObject),
    /// A built-in function or method.
    Builtin {
        name: &'static str,
        owner: &'static str,
        method: bool,
    },
}

impl Function {
    /// An identity that is cheap to hash: the code object's or the
    /// built-in's static strings' addresses.
    fn key(&self) -> (usize, usize, bool) {
        match *self {
            Function::Code(code) => (code as *const CodeObject as usize, 0, false),
            Function::Builtin {
                name,
                owner,
                method,
            } => (name.as_ptr() as usize, owner.as_ptr() as usize, method),
        }
    }

    /// The row's label, as pstats writes it.
    fn label(&self) -> String {
        match *self {
            Function::Code(code) => {
                format!("{}:{}({})", code.filename, code.first_line, code.name)
            }
            Function::Builtin {
                name,
                owner,
                method: true,
            } => format!("{{method '{name}' of '{owner}' objects}}"),
            Function::Builtin { name, owner, .. } if !owner.is_empty() => {
                format!("{{built-in method {owner}.{name}}}")
            }
            Function::Builtin { name, .. } => format!("{{built-in method {name}}}"),
        }
    }

    /// The built-in a CALL event calls, if it is one.
    fn builtin(callable: &Value) -> Option<Function> {
        match callable.as_obj().map(|o| &o.payload) {
            Some(Payload::Builtin(b)) => Some(Function::Builtin {
                name: b.name,
                owner: b.owner,
                method: b.bound.is_some() || b.is_method,
            }),
            _ => None,
        }
    }
}

/// One function's totals on one thread.
#[derive(Clone, Copy, Default, Debug)]
struct Totals {
    calls: u64,
    primitive_calls: u64,
    /// Time in the function itself (callees excluded).
    own: Duration,
    /// Time from the outermost entry to its exit (callees included).
    cumulative: Duration,
    /// Entries of this function on the thread's stack right now.
    active: u32,
}

/// A function entered and not yet left.
struct Entry {
    key: (usize, usize, bool),
    entered: Instant,
    in_callees: Duration,
}

/// One thread's stack and totals.
#[derive(Default)]
struct ThreadTable {
    totals: HashMap<(usize, usize, bool), (Function, Totals)>,
    stack: Vec<Entry>,
}

impl ThreadTable {
    fn enter(&mut self, function: Function, now: Instant) {
        let key = function.key();
        let row = &mut self
            .totals
            .entry(key)
            .or_insert((function, Totals::default()))
            .1;
        row.calls += 1;
        if row.active == 0 {
            row.primitive_calls += 1;
        }
        row.active += 1;
        self.stack.push(Entry {
            key,
            entered: now,
            in_callees: Duration::ZERO,
        });
    }

    /// Leaves `function` if it is the innermost entry (an exit without its
    /// entry, of a frame that began before the tool came, is ignored).
    fn leave(&mut self, function: Function, now: Instant) {
        let key = function.key();
        if self.stack.last().map(|e| e.key) != Some(key) {
            return;
        }
        let Some(entry) = self.stack.pop() else {
            return;
        };
        let elapsed = now.saturating_duration_since(entry.entered);
        if let Some((_, row)) = self.totals.get_mut(&key) {
            row.own += elapsed.saturating_sub(entry.in_callees);
            row.active -= 1;
            if row.active == 0 {
                row.cumulative += elapsed;
            }
        }
        if let Some(parent) = self.stack.last_mut() {
            parent.in_callees += elapsed;
        }
    }
}

static NEXT_PROFILE: AtomicU64 = AtomicU64::new(1);

thread_local! {
    /// This thread's table in each profiler it has reported to.
    static TABLES: RefCell<Vec<(u64, Arc<Mutex<ThreadTable>>)>> = const { RefCell::new(Vec::new()) };
}

/// The profiler: a table per thread.
pub struct Profile {
    id: u64,
    tables: Mutex<Vec<Arc<Mutex<ThreadTable>>>>,
}

impl Default for Profile {
    fn default() -> Self {
        Profile {
            id: NEXT_PROFILE.fetch_add(1, Ordering::Relaxed),
            tables: Mutex::new(Vec::new()),
        }
    }
}

impl Profile {
    /// Runs `f` on this thread's table (made on first use).
    fn with_table(&self, f: impl FnOnce(&mut ThreadTable)) {
        let table = TABLES.with(|tables| {
            let mut tables = tables.borrow_mut();
            if let Some((_, t)) = tables.iter().find(|(id, _)| *id == self.id) {
                return t.clone();
            }
            let t = Arc::new(Mutex::new(ThreadTable::default()));
            self.tables.lock().push(t.clone());
            tables.push((self.id, t.clone()));
            t
        });
        f(&mut table.lock());
    }

    fn enter(&self, function: Function) {
        let now = Instant::now();
        self.with_table(|t| t.enter(function, now));
    }

    fn leave(&self, function: Function) {
        let now = Instant::now();
        self.with_table(|t| t.leave(function, now));
    }

    /// Every function's totals over all threads, with its label.
    fn rows(&self) -> Vec<(String, Totals)> {
        let mut by_label: HashMap<String, Totals> = HashMap::new();
        for table in self.tables.lock().iter() {
            for (function, t) in table.lock().totals.values() {
                let row = by_label.entry(function.label()).or_default();
                row.calls += t.calls;
                row.primitive_calls += t.primitive_calls;
                row.own += t.own;
                row.cumulative += t.cumulative;
            }
        }
        let mut rows: Vec<(String, Totals)> = by_label.into_iter().collect();
        rows.sort_by(|a, b| {
            b.1.cumulative
                .cmp(&a.1.cumulative)
                .then_with(|| a.0.cmp(&b.0))
        });
        rows
    }

    /// The number of calls of `label`'s function over all threads (tests).
    pub fn calls_of(&self, label: &str) -> u64 {
        self.rows()
            .iter()
            .find(|(l, _)| l == label)
            .map_or(0, |(_, t)| t.calls)
    }

    /// cProfile's report sorted by cumulative time.
    pub fn report_text(&self) -> String {
        let rows = self.rows();
        let calls: u64 = rows.iter().map(|(_, t)| t.calls).sum();
        let primitive: u64 = rows.iter().map(|(_, t)| t.primitive_calls).sum();
        let total: f64 = rows.iter().map(|(_, t)| t.own.as_secs_f64()).sum();
        let mut out = if calls == primitive {
            format!("         {calls} function calls in {total:.3} seconds\n\n")
        } else {
            format!(
                "         {calls} function calls ({primitive} primitive calls) in {total:.3} seconds\n\n"
            )
        };
        out.push_str("   Ordered by: cumulative time\n\n");
        out.push_str("   ncalls  tottime  percall  cumtime  percall filename:lineno(function)\n");
        for (label, t) in &rows {
            let ncalls = if t.calls == t.primitive_calls {
                t.calls.to_string()
            } else {
                format!("{}/{}", t.calls, t.primitive_calls)
            };
            let own = t.own.as_secs_f64();
            let cumulative = t.cumulative.as_secs_f64();
            let per_call = |time: f64, n: u64| {
                if n == 0 {
                    " ".repeat(8)
                } else {
                    format!("{:8.3}", time / n as f64)
                }
            };
            out.push_str(&format!(
                "{ncalls:>9} {own:8.3} {} {cumulative:8.3} {} {label}\n",
                per_call(own, t.calls),
                per_call(cumulative, t.primitive_calls),
            ));
        }
        out.push_str("\n\n");
        out
    }
}

impl Tool for Profile {
    fn events(&self) -> EventSet {
        events::PY_START
            | events::PY_RESUME
            | events::PY_THROW
            | events::PY_RETURN
            | events::PY_YIELD
            | events::PY_UNWIND
            | events::CALL
            | events::C_RETURN
            | events::C_RAISE
    }

    fn py_start(&self, at: &Location) -> Action {
        self.enter(Function::Code(at.code));
        Action::Continue
    }

    fn py_resume(&self, at: &Location) -> Action {
        self.enter(Function::Code(at.code));
        Action::Continue
    }

    fn py_throw(&self, at: &Location, _exception: &Value) {
        self.enter(Function::Code(at.code));
    }

    fn py_return(&self, at: &Location, _value: &Value) -> Action {
        self.leave(Function::Code(at.code));
        Action::Continue
    }

    fn py_yield(&self, at: &Location, _value: &Value) -> Action {
        self.leave(Function::Code(at.code));
        Action::Continue
    }

    fn py_unwind(&self, at: &Location, _exception: &Value) {
        self.leave(Function::Code(at.code));
    }

    fn call(&self, _at: &Location, callable: &Value, _arg0: &Value) -> Action {
        if let Some(function) = Function::builtin(callable) {
            self.enter(function);
        }
        Action::Continue
    }

    fn c_return(&self, _at: &Location, callable: &Value, _arg0: &Value) {
        if let Some(function) = Function::builtin(callable) {
            self.leave(function);
        }
    }

    fn c_raise(&self, _at: &Location, callable: &Value, _arg0: &Value) {
        if let Some(function) = Function::builtin(callable) {
            self.leave(function);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const F: Function = Function::Builtin {
        name: "f",
        owner: "",
        method: false,
    };
    const G: Function = Function::Builtin {
        name: "g",
        owner: "",
        method: false,
    };

    #[test]
    fn recursion_counts_primitive_calls_and_cumulative_time_once() {
        let mut t = ThreadTable::default();
        let t0 = Instant::now();
        let ms = Duration::from_millis;
        t.enter(F, t0);
        t.enter(G, t0 + ms(1));
        t.enter(F, t0 + ms(2));
        t.leave(F, t0 + ms(4));
        t.leave(G, t0 + ms(5));
        t.leave(F, t0 + ms(10));
        let f = t.totals[&F.key()].1;
        let g = t.totals[&G.key()].1;
        assert_eq!((f.calls, f.primitive_calls), (2, 1));
        assert_eq!(f.cumulative, ms(10), "only the outermost entry counts");
        assert_eq!(f.own, ms(2) + ms(6), "callees' time excluded");
        assert_eq!((g.own, g.cumulative), (ms(2), ms(4)));
    }

    #[test]
    fn an_exit_without_its_entry_is_ignored() {
        let mut t = ThreadTable::default();
        let t0 = Instant::now();
        t.enter(F, t0);
        t.leave(G, t0);
        assert_eq!(t.stack.len(), 1);
    }
}
