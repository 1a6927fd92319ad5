//! The monitoring state and its version protocol: each tool's global
//! event set and a global monitoring version ([`Monitor`]) that moves on
//! every change of any event set, global or local; per code object, each
//! tool's local event set and the version its code units were last
//! instrumented for ([`CodeMonitor`]); and the step that brings
//! a code object's units up to date ([`CodeMonitor::ensure_current`]),
//! which the eval loop runs at `RESUME` when the versions differ.
//!
//! Protocol:
//! * a change of event sets (`set_events`, `set_local_events`) stores the
//!   new set, then moves the version it belongs to (SeqCst);
//! * `ensure_current` reads the version first, then the sets, applies
//!   them to the units through the substrate's writers (`instrument` /
//!   `deinstrument`, under the code's writers' lock), and only then
//!   records the version it read. A change landing while it applies
//!   moves the version past the recorded one, so the next `RESUME`
//!   instruments again: a code object never claims a version whose sets
//!   it has not applied (model: `loom-tests`
//!   `instrumentation_races::lazy_reinstrumentation_never_claims_an_unapplied_version`).

use crate::events::{twin_events, EventSet};
use crate::sync::{AtomicU32, AtomicU64, Mutex, Ordering};
use weft_specializer::{CodeUnits, Rewrite};

/// Tool ids are 0..TOOLS (`DEBUGGER_ID` 0 ... `OPTIMIZER_ID` 5).
pub const TOOLS: usize = 6;

/// Deliberately broken forms of the version protocol, selected only by
/// `cfg(loom)` models (`CodeMonitor::with_broken_twin`) to show that the
/// models catch them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BrokenTwin {
    /// The protocol as it is.
    Sound,
    /// `ensure_current` records the version it reads *after* applying
    /// the sets, so a change that landed meanwhile is taken as applied.
    VersionReadAfterApplying,
    /// `set_events` moves the version *before* storing the set, so a
    /// concurrent `ensure_current` can record the new version with the
    /// old set.
    VersionMovedBeforeSet,
}

/// The process-wide monitoring state: every tool's global event set and
/// the version that moves whenever any tool's sets change.
pub struct Monitor {
    global: [AtomicU32; TOOLS],
    version: AtomicU64,
    writers: Mutex<()>,
    #[cfg(loom)]
    twin: BrokenTwin,
}

impl Monitor {
    /// No tool has events; version 0.
    pub fn new() -> Monitor {
        Monitor {
            global: std::array::from_fn(|_| AtomicU32::new(0)),
            version: AtomicU64::new(0),
            writers: Mutex::new(()),
            #[cfg(loom)]
            twin: BrokenTwin::Sound,
        }
    }

    /// `new`, with the protocol broken as `twin` says (model checks only).
    #[cfg(loom)]
    pub fn with_broken_twin(twin: BrokenTwin) -> Monitor {
        Monitor {
            twin,
            ..Monitor::new()
        }
    }

    /// The global monitoring version (what `RESUME` compares).
    #[inline(always)]
    pub fn version(&self) -> u64 {
        self.version.load(Ordering::SeqCst)
    }

    /// Tool `tool`'s global event set.
    pub fn events(&self, tool: usize) -> EventSet {
        self.global[tool].load(Ordering::Acquire)
    }

    /// The union of every tool's global event set.
    pub fn all_events(&self) -> EventSet {
        self.global
            .iter()
            .fold(0, |all, set| all | set.load(Ordering::Acquire))
    }

    /// Sets tool `tool`'s global event set (already validated) and moves
    /// the version; the new version.
    pub fn set_events(&self, tool: usize, set: EventSet) -> u64 {
        let _guard = self.writers.lock().unwrap_or_else(|e| e.into_inner());
        #[cfg(loom)]
        if self.twin == BrokenTwin::VersionMovedBeforeSet {
            let version = self.advance();
            self.global[tool].store(set, Ordering::Release);
            return version;
        }
        self.global[tool].store(set, Ordering::Release);
        self.advance()
    }

    /// Moves the version after an event set was stored; the new version.
    fn advance(&self) -> u64 {
        self.version.fetch_add(1, Ordering::SeqCst) + 1
    }
}

impl Default for Monitor {
    fn default() -> Self {
        Monitor::new()
    }
}

/// One code object's monitoring state.
pub struct CodeMonitor {
    local: [AtomicU32; TOOLS],
    /// The monitoring version the units were last brought up to date for.
    instrumented: AtomicU64,
    /// Serialises `ensure_current` runs of this code (a second thread
    /// finds the work done).
    updating: Mutex<()>,
    #[cfg(loom)]
    twin: BrokenTwin,
}

impl CodeMonitor {
    /// No local events; never instrumented (so the first `RESUME` after
    /// any tool is enabled brings it up to date).
    pub fn new() -> CodeMonitor {
        CodeMonitor {
            local: std::array::from_fn(|_| AtomicU32::new(0)),
            instrumented: AtomicU64::new(0),
            updating: Mutex::new(()),
            #[cfg(loom)]
            twin: BrokenTwin::Sound,
        }
    }

    /// `new`, with the protocol broken as `twin` says (model checks only).
    #[cfg(loom)]
    pub fn with_broken_twin(twin: BrokenTwin) -> CodeMonitor {
        CodeMonitor {
            twin,
            ..CodeMonitor::new()
        }
    }

    #[inline(always)]
    fn twin(&self) -> BrokenTwin {
        #[cfg(loom)]
        {
            self.twin
        }
        #[cfg(not(loom))]
        {
            BrokenTwin::Sound
        }
    }

    /// Tool `tool`'s local event set for this code.
    pub fn local_events(&self, tool: usize) -> EventSet {
        self.local[tool].load(Ordering::Acquire)
    }

    /// Sets tool `tool`'s local event set for this code (validated) and
    /// moves the monitoring version (local changes are rare: every code
    /// object rechecks at its next `RESUME`, and only this one changes).
    pub fn set_local_events(&self, monitor: &Monitor, tool: usize, set: EventSet) {
        let _guard = monitor.writers.lock().unwrap_or_else(|e| e.into_inner());
        self.local[tool].store(set, Ordering::Release);
        monitor.advance();
    }

    /// True when the units may lag the event sets (the `RESUME` check:
    /// two loads and a compare).
    #[inline(always)]
    pub fn is_stale(&self, monitor: &Monitor) -> bool {
        self.instrumented.load(Ordering::Acquire) != monitor.version()
    }

    /// Brings `units` up to date with the event sets: every instruction
    /// with an instrumented twin holds it exactly when some tool wants
    /// one of the events it delivers (globally or for this code).
    /// Returns the event set applied.
    pub fn ensure_current(&self, monitor: &Monitor, units: &CodeUnits) -> EventSet {
        let _guard = self.updating.lock().unwrap_or_else(|e| e.into_inner());
        let mut version = monitor.version();
        let wanted = monitor.all_events()
            | self
                .local
                .iter()
                .fold(0, |all, set| all | set.load(Ordering::Acquire));
        for (i, op, _) in units.instructions() {
            let base = units.resolved_opcode(i);
            let events = twin_events(base);
            if events == 0 {
                continue;
            }
            let r = if events & wanted != 0 {
                units.instrument(i)
            } else if op.is_instrumented() && !op.is_marker() {
                units.deinstrument(i)
            } else {
                Rewrite::Done
            };
            debug_assert!(r == Rewrite::Done || op.is_marker(), "{r:?} at {i}");
        }
        if self.twin() == BrokenTwin::VersionReadAfterApplying {
            version = monitor.version();
        }
        self.instrumented.store(version, Ordering::Release);
        wanted
    }
}

impl Default for CodeMonitor {
    fn default() -> Self {
        CodeMonitor::new()
    }
}

#[cfg(all(test, not(loom)))]
mod tests {
    use super::*;
    use crate::events::{CALL, LINE, PY_RETURN};
    use weft_specializer::Opcode;

    fn sample() -> CodeUnits {
        let raw = [
            (Opcode::RESUME as u8, 0),
            (0, 0),
            (Opcode::CALL as u8, 0),
            (0, 0),
            (Opcode::RETURN_VALUE as u8, 0),
        ];
        CodeUnits::new(&raw, true).unwrap()
    }

    fn ops(units: &CodeUnits) -> Vec<Opcode> {
        units.instructions().map(|(_, op, _)| op).collect()
    }

    /// Global and local sets are applied at the next `ensure_current`,
    /// only the instructions whose events are wanted are instrumented,
    /// and turning the events off takes the twins away again.
    #[test]
    fn ensure_current_applies_global_and_local_sets() {
        let monitor = Monitor::new();
        let code = CodeMonitor::new();
        let units = sample();
        assert!(!code.is_stale(&monitor), "nothing to do before any tool");
        monitor.set_events(3, CALL);
        assert!(code.is_stale(&monitor));
        assert_eq!(code.ensure_current(&monitor, &units), CALL);
        assert!(!code.is_stale(&monitor));
        assert_eq!(
            ops(&units),
            [
                Opcode::RESUME,
                Opcode::INSTRUMENTED_CALL,
                Opcode::RETURN_VALUE
            ]
        );
        code.set_local_events(&monitor, 1, PY_RETURN | LINE);
        assert!(code.is_stale(&monitor));
        code.ensure_current(&monitor, &units);
        assert_eq!(
            ops(&units),
            [
                Opcode::RESUME,
                Opcode::INSTRUMENTED_CALL,
                Opcode::INSTRUMENTED_RETURN_VALUE
            ]
        );
        monitor.set_events(3, 0);
        code.set_local_events(&monitor, 1, 0);
        code.ensure_current(&monitor, &units);
        assert_eq!(
            ops(&units),
            [Opcode::RESUME, Opcode::CALL, Opcode::RETURN_VALUE]
        );
        assert!(!code.is_stale(&monitor));
    }
}
