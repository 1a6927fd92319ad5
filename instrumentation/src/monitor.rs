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

use crate::events::{is_jump, jump_destinations, twin_events, EventSet, INSTRUCTION, LINE};
use crate::sync::{AtomicBool, AtomicU32, AtomicU64, Mutex, Ordering};
use weft_specializer::{CodeUnits, Opcode, Rewrite};

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
    /// `restart_events` moves the version *before* forgetting the
    /// `DISABLE`d locations, so a code brought up to date in between
    /// claims the new version with the locations still off.
    VersionMovedBeforeRestart,
    /// `disable` takes the location's instrumentation off without asking
    /// whether another tool still wants its events there.
    DisableIgnoresOtherTools,
    /// `disable` records the location but never raises the
    /// `any_disabled` flag, so event delivery skips the table.
    DisabledFlagNotSet,
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
    /// No tool has events; version 0 (a `const fn`, for the runtime's
    /// process-wide monitor).
    #[cfg(not(loom))]
    pub const fn new() -> Monitor {
        Monitor {
            global: [const { AtomicU32::new(0) }; TOOLS],
            version: AtomicU64::new(0),
            writers: Mutex::new(()),
        }
    }

    /// No tool has events; version 0.
    #[cfg(loom)]
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

    /// `restart_events`: every code object in `codes` forgets its
    /// `DISABLE`d locations, *then* the version moves, so that each code
    /// re-instruments them at its next `RESUME` (or when the caller
    /// brings it up to date). The other order would let a code brought up
    /// to date in between record the new version with the locations
    /// still off (model: `loom-tests` `instrumentation_races`
    /// `restart_events_is_never_lost`). The new version.
    pub fn restart_events<'a>(&self, codes: impl IntoIterator<Item = &'a CodeMonitor>) -> u64 {
        #[cfg(loom)]
        if self.twin == BrokenTwin::VersionMovedBeforeRestart {
            let version = self.touch();
            codes.into_iter().for_each(CodeMonitor::restart);
            return version;
        }
        codes.into_iter().for_each(CodeMonitor::restart);
        self.touch()
    }

    /// Moves the version without changing a set; the new version.
    fn touch(&self) -> u64 {
        let _guard = self.writers.lock().unwrap_or_else(|e| e.into_inner());
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

/// Which instrumentation of a location a `DISABLE` turns off: the
/// instruction's own twin (its CALL, BRANCH, JUMP, PY_* events), or the
/// line or instruction marker over it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlotKind {
    Twin,
    Line,
    Instruction,
}

/// One `DISABLE`d location: unit index, marker or twin, and the tools
/// (bit per tool id) that turned it off.
#[derive(Clone, Copy, Debug)]
struct Disabled {
    index: u32,
    kind: SlotKind,
    tools: u8,
}

/// The locations this code's tools have `DISABLE`d (until
/// `restart_events`).
#[derive(Default)]
struct DisabledTable {
    entries: Vec<Disabled>,
}

impl DisabledTable {
    fn tools(&self, index: usize, kind: SlotKind) -> u8 {
        self.entries
            .iter()
            .find(|d| d.index as usize == index && d.kind == kind)
            .map_or(0, |d| d.tools)
    }

    fn add(&mut self, index: usize, kind: SlotKind, tool: usize) {
        let bit = 1u8 << tool;
        match self
            .entries
            .iter_mut()
            .find(|d| d.index as usize == index && d.kind == kind)
        {
            Some(d) => d.tools |= bit,
            None => self.entries.push(Disabled {
                index: index as u32,
                kind,
                tools: bit,
            }),
        }
    }
}

/// The tools (bit per tool id) whose set in `sets` holds one of
/// `events`, leaving out those in `disabled`.
fn tools_wanting(sets: &[EventSet; TOOLS], events: EventSet, disabled: u8) -> u8 {
    let mut tools = 0u8;
    for (tool, set) in sets.iter().enumerate() {
        if set & events != 0 {
            tools |= 1 << tool;
        }
    }
    tools & !disabled
}

/// One code object's monitoring state.
pub struct CodeMonitor {
    local: [AtomicU32; TOOLS],
    /// The monitoring version the units were last brought up to date for.
    instrumented: AtomicU64,
    /// Serialises `ensure_current` and `disable` runs of this code (a
    /// second thread finds the work done), and holds the `DISABLE`d
    /// locations.
    updating: Mutex<DisabledTable>,
    /// True when the table above may hold an entry (so that delivering
    /// an event takes the lock only then).
    any_disabled: AtomicBool,
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
            updating: Mutex::new(DisabledTable::default()),
            any_disabled: AtomicBool::new(false),
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

    fn lock(&self) -> crate::sync::MutexGuard<'_, DisabledTable> {
        self.updating.lock().unwrap_or_else(|e| e.into_inner())
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

    /// Each tool's events for this code: its global set and its local
    /// set for this code.
    pub fn tool_sets(&self, monitor: &Monitor) -> [EventSet; TOOLS] {
        std::array::from_fn(|tool| monitor.events(tool) | self.local_events(tool))
    }

    /// The tools (bit per tool id) an event of `events` at unit `index`
    /// goes to: those whose sets for this code hold it, less those that
    /// `DISABLE`d the location's `kind`.
    pub fn tools_for(
        &self,
        monitor: &Monitor,
        events: EventSet,
        index: usize,
        kind: SlotKind,
    ) -> u8 {
        let disabled = if self.any_disabled.load(Ordering::Acquire) {
            self.lock().tools(index, kind)
        } else {
            0
        };
        tools_wanting(&self.tool_sets(monitor), events, disabled)
    }

    /// Brings `units` up to date with the event sets: every instruction
    /// with an instrumented twin holds it exactly when some tool wants
    /// one of the events it delivers (globally or for this code) at that
    /// location, or when it is a jump and LINE events are wanted (the
    /// jump tells the next line marker where it came from); every
    /// instruction is under the instruction marker when INSTRUCTION
    /// events are wanted there, else every line start (`lines`)
    /// under the line marker when LINE events are. Returns the events
    /// wanted anywhere in the code.
    pub fn ensure_current(
        &self,
        monitor: &Monitor,
        units: &CodeUnits,
        lines: &dyn LineTable,
    ) -> EventSet {
        let table = self.lock();
        let mut version = monitor.version();
        let sets = self.tool_sets(monitor);
        let wanted = sets.iter().fold(0, |all, set| all | set);
        for (i, destinations) in instructions_with_destinations(units) {
            update_slot(units, i, destinations, &sets, &table, lines);
        }
        if self.twin() == BrokenTwin::VersionReadAfterApplying {
            version = monitor.version();
        }
        self.instrumented.store(version, Ordering::Release);
        wanted
    }

    /// A tool's callback returned `DISABLE` for the `kind` instrumentation
    /// of unit `index`: no more such events for it there (until
    /// [`CodeMonitor::restart`]); when no tool wants the location any
    /// more, its instrumentation is taken off.
    pub fn disable(
        &self,
        monitor: &Monitor,
        units: &CodeUnits,
        index: usize,
        kind: SlotKind,
        tool: usize,
        lines: &dyn LineTable,
    ) {
        let mut table = self.lock();
        table.add(index, kind, tool);
        if self.twin() != BrokenTwin::DisabledFlagNotSet {
            self.any_disabled.store(true, Ordering::Release);
        }
        let mut sets = self.tool_sets(monitor);
        if self.twin() == BrokenTwin::DisableIgnoresOtherTools {
            sets = [0; TOOLS];
        }
        for (i, destinations) in instructions_with_destinations(units) {
            // The location itself, and the jumps into a line start whose
            // LINE event went (they kept their twins only to tell it
            // where they came from).
            let jumps_here = kind == SlotKind::Line && destinations.contains(&Some(index));
            if i == index || jumps_here {
                update_slot(units, i, destinations, &sets, &table, lines);
            }
        }
    }

    /// Forgets every `DISABLE` (through [`Monitor::restart_events`],
    /// which then moves the monitoring version so the locations are
    /// instrumented again).
    fn restart(&self) {
        let mut table = self.lock();
        table.entries.clear();
        self.any_disabled.store(false, Ordering::Release);
    }
}

/// What the instrumenter needs to know of a code object's lines.
pub trait LineTable {
    /// True when a LINE marker goes at unit `i` (an instruction that can
    /// start a line).
    fn is_line_start(&self, i: usize) -> bool;

    /// True when the LINE marker at `destination` decides differently for
    /// an arrival by the jump at `jump` than for one by falling through
    /// (so the jump must carry its twin to say where it came from while
    /// that marker raises events). The default is the safe answer.
    fn jump_decides_line(&self, jump: usize, destination: usize) -> bool {
        let _ = (jump, destination);
        true
    }
}

/// A closure answering `is_line_start` (every jump told to its markers).
impl<F: Fn(usize) -> bool> LineTable for F {
    fn is_line_start(&self, i: usize) -> bool {
        self(i)
    }
}

/// Every instruction's unit (an `EXTENDED_ARG` prefix is one of its own)
/// with the units a jump may go on at (`jump_destinations`).
fn instructions_with_destinations(
    units: &CodeUnits,
) -> impl Iterator<Item = (usize, [Option<usize>; 2])> + '_ {
    units
        .instructions_with_args()
        .map(|(i, op, arg)| (i, jump_destinations(op, i, arg)))
}

/// Puts unit `index`'s instrumentation in the state `sets` and the
/// `DISABLE`d locations call for (see `ensure_current`); `destinations`
/// are where it may jump to, if it is a jump. The caller holds the code's
/// updating lock.
fn update_slot(
    units: &CodeUnits,
    index: usize,
    destinations: [Option<usize>; 2],
    sets: &[EventSet; TOOLS],
    table: &DisabledTable,
    lines: &dyn LineTable,
) {
    let held = units.opcode(index);
    let marker = held.is_marker().then_some(held);
    let under = units.resolved_opcode(index);
    let twin_set = twin_events(under);
    let line_wanted = tools_wanting(sets, LINE, 0) != 0;
    // A jump carries its twin for LINE only while a line start it goes to
    // raises LINE and decides by where the frame came from.
    let told_marker_at = |d: usize| {
        lines.is_line_start(d)
            && lines.jump_decides_line(index, d)
            && tools_wanting(sets, LINE, table.tools(d, SlotKind::Line)) != 0
    };
    let jump_feeds_a_line_marker =
        line_wanted && is_jump(under) && destinations.iter().flatten().any(|&d| told_marker_at(d));
    let want_twin = twin_set != 0
        && (tools_wanting(sets, twin_set, table.tools(index, SlotKind::Twin)) != 0
            || jump_feeds_a_line_marker);
    let want_marker =
        if tools_wanting(sets, INSTRUCTION, table.tools(index, SlotKind::Instruction)) != 0 {
            Some(Opcode::INSTRUMENTED_INSTRUCTION)
        } else if line_wanted
            && lines.is_line_start(index)
            && tools_wanting(sets, LINE, table.tools(index, SlotKind::Line)) != 0
        {
            Some(Opcode::INSTRUMENTED_LINE)
        } else {
            None
        };
    let has_twin = under.is_instrumented();
    if marker == want_marker && has_twin == want_twin {
        return;
    }
    if let Some(m) = marker {
        units.restore_displaced(index, m);
    }
    if want_twin != has_twin {
        let r = if want_twin {
            units.instrument(index)
        } else {
            units.deinstrument(index)
        };
        debug_assert_eq!(r, Rewrite::Done, "at {index}");
    }
    if let Some(m) = want_marker {
        units.displace(index, m);
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
        assert_eq!(code.ensure_current(&monitor, &units, &|_| false), CALL);
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
        code.ensure_current(&monitor, &units, &|_| false);
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
        code.ensure_current(&monitor, &units, &|_| false);
        assert_eq!(
            ops(&units),
            [Opcode::RESUME, Opcode::CALL, Opcode::RETURN_VALUE]
        );
        assert!(!code.is_stale(&monitor));
    }
}
