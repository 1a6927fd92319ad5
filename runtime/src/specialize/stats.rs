//! Specialization statistics per family: attempts, successes, failures by
//! reason, hits (executions of specialized variants), misses (failed
//! guards), deopts, and generic executions. Counting is per thread (no
//! shared writes on the hot path) and merged into a global table when a
//! thread ends or when the report is taken; when stats are off every
//! `record` is a single relaxed load.

use parking_lot::Mutex;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use weft_specializer::Family;

static ENABLED: AtomicBool = AtomicBool::new(false);

/// One counted event.
#[derive(Clone, Copy, Debug)]
pub enum Event {
    /// A specialization attempt started.
    Attempt,
    /// The slot now holds a variant.
    Success,
    /// The attempt was refused, with the reason.
    Failure(&'static str),
    /// A specialized variant ran its fast path.
    Hit,
    /// A specialized variant's guard failed.
    Miss,
    /// A variant was rewritten back to its base.
    Deopt,
    /// The adaptive base ran its generic path.
    Generic,
}

/// Counters of one family.
#[derive(Clone, Debug, Default)]
pub struct FamilyStats {
    /// attempts
    pub attempts: u64,
    /// successes
    pub successes: u64,
    /// failures by reason
    pub failures: BTreeMap<&'static str, u64>,
    /// hits
    pub hits: u64,
    /// misses
    pub misses: u64,
    /// deopts
    pub deopts: u64,
    /// generic executions
    pub generic: u64,
}

impl FamilyStats {
    fn add(&mut self, o: &FamilyStats) {
        self.attempts += o.attempts;
        self.successes += o.successes;
        for (k, v) in &o.failures {
            *self.failures.entry(k).or_default() += v;
        }
        self.hits += o.hits;
        self.misses += o.misses;
        self.deopts += o.deopts;
        self.generic += o.generic;
    }
}

struct Local(Vec<FamilyStats>);

impl Drop for Local {
    fn drop(&mut self) {
        merge(&self.0);
    }
}

thread_local! {
    static LOCAL: RefCell<Local> = RefCell::new(Local(vec![FamilyStats::default(); Family::ALL.len()]));
}

static GLOBAL: Mutex<Vec<FamilyStats>> = Mutex::new(Vec::new());

fn merge(local: &[FamilyStats]) {
    let mut g = GLOBAL.lock();
    if g.is_empty() {
        g.resize(Family::ALL.len(), FamilyStats::default());
    }
    for (a, b) in g.iter_mut().zip(local) {
        a.add(b);
    }
}

/// Turns counting on or off (off by default). The eval loop's own count
/// of the hits it decides follows the switch from the next frame that
/// starts running (a frame runs in the loop compiled with or without it).
pub fn set_enabled(on: bool) {
    ENABLED.store(on, Ordering::Relaxed);
}

/// True when counting.
#[inline(always)]
pub fn enabled() -> bool {
    ENABLED.load(Ordering::Relaxed)
}

/// Counts an event for a family.
#[inline(always)]
pub fn record(family: Option<Family>, event: Event) {
    if !enabled() {
        return;
    }
    let Some(f) = family else { return };
    record_slow(f, event);
}

#[inline(never)]
fn record_slow(f: Family, event: Event) {
    let _ = LOCAL.try_with(|l| {
        let mut l = l.borrow_mut();
        let s = &mut l.0[f as usize];
        match event {
            Event::Attempt => s.attempts += 1,
            Event::Success => s.successes += 1,
            Event::Failure(r) => *s.failures.entry(r).or_default() += 1,
            Event::Hit => s.hits += 1,
            Event::Miss => s.misses += 1,
            Event::Deopt => s.deopts += 1,
            Event::Generic => s.generic += 1,
        }
    });
}

/// Merges this thread's counters into the global table now.
pub fn flush_thread() {
    let _ = LOCAL.try_with(|l| {
        let mut l = l.borrow_mut();
        merge(&l.0);
        for s in l.0.iter_mut() {
            *s = FamilyStats::default();
        }
    });
}

/// The merged counters of every thread that has finished or flushed.
pub fn snapshot() -> Vec<(Family, FamilyStats)> {
    let g = GLOBAL.lock();
    Family::ALL
        .iter()
        .map(|f| (*f, g.get(*f as usize).cloned().unwrap_or_default()))
        .collect()
}

/// The report `weft run --stats` prints.
pub fn report_text() -> String {
    let mut out = String::from("specialization stats (per family)\n");
    out.push_str(&format!(
        "{:<18} {:>10} {:>10} {:>12} {:>10} {:>8} {:>12} {:>7}\n",
        "family", "attempts", "successes", "hits", "misses", "deopts", "generic", "spec%"
    ));
    let mut total_hits = 0u64;
    let mut total_exec = 0u64;
    for (f, s) in snapshot() {
        let exec = s.hits + s.misses + s.generic;
        total_hits += s.hits;
        total_exec += exec;
        let share = if exec > 0 {
            100.0 * s.hits as f64 / exec as f64
        } else {
            0.0
        };
        out.push_str(&format!(
            "{:<18} {:>10} {:>10} {:>12} {:>10} {:>8} {:>12} {:>6.1}%\n",
            f.name(),
            s.attempts,
            s.successes,
            s.hits,
            s.misses,
            s.deopts,
            s.generic,
            share
        ));
        for (reason, n) in &s.failures {
            out.push_str(&format!("    failed: {reason}: {n}\n"));
        }
    }
    let share = if total_exec > 0 {
        100.0 * total_hits as f64 / total_exec as f64
    } else {
        0.0
    };
    out.push_str(&format!(
        "specialized share of cache-bearing executions: {share:.1}%\n"
    ));
    out
}

/// The report as JSON.
pub fn report_json() -> String {
    let mut parts = Vec::new();
    for (f, s) in snapshot() {
        let failures: Vec<String> = s
            .failures
            .iter()
            .map(|(k, v)| format!("\"{k}\": {v}"))
            .collect();
        parts.push(format!(
            "\"{}\": {{\"attempts\": {}, \"successes\": {}, \"failures\": {{{}}}, \"hits\": {}, \"misses\": {}, \"deopts\": {}, \"generic\": {}}}",
            f.name(),
            s.attempts,
            s.successes,
            failures.join(", "),
            s.hits,
            s.misses,
            s.deopts,
            s.generic
        ));
    }
    format!("{{{}}}", parts.join(", "))
}
