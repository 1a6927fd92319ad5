//! Deterministic interleaving points for the specializer's unit tests.
//!
//! Some races of the specialization policy sit between two reads of one
//! attempt or hit (a lookup and the version it is recorded under; a
//! guard check and the state it guards). A unit test makes such a race
//! happen every time by installing an action at the named [`Point`] of
//! its own thread: the action stands in for another thread's write
//! landing exactly there. Outside `cfg(test)` every point is an empty
//! inline function, so the production code pays nothing.

/// A place in the policy code where another thread's write may land.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Point {
    /// `LOAD_GLOBAL`'s attempt has found the name missing from the
    /// globals and is about to look in the builtins.
    GlobalsMissed,
    /// `CALL_ALLOC_AND_ENTER_INIT`'s attempt has looked up the class's
    /// `__new__` and `__init__`.
    InitLookedUp,
    /// A `CALL_PY_*` / `CALL_BOUND_METHOD_*` hit has checked the
    /// function's version against its guard.
    FunctionVersionChecked,
}

#[cfg(test)]
type Action = Box<dyn FnOnce()>;

#[cfg(test)]
thread_local! {
    static PENDING: std::cell::RefCell<Option<(Point, Action)>> = const {
        std::cell::RefCell::new(None)
    };
}

/// Runs the action installed for `point` on this thread, once (tests
/// only; nothing otherwise).
#[inline(always)]
pub fn reach(point: Point) {
    #[cfg(test)]
    {
        let due = PENDING.with(|p| {
            let mut p = p.borrow_mut();
            match p.take() {
                Some((at, action)) if at == point => Some(action),
                other => {
                    *p = other;
                    None
                }
            }
        });
        if let Some(action) = due {
            action();
        }
    }
    #[cfg(not(test))]
    let _ = point;
}

/// Installs `action` to run the next time this thread reaches `point`.
#[cfg(test)]
pub fn at(point: Point, action: impl FnOnce() + 'static) {
    PENDING.with(|p| *p.borrow_mut() = Some((point, Box::new(action))));
}

/// True when the action installed with [`at`] has run.
#[cfg(test)]
pub fn ran() -> bool {
    PENDING.with(|p| p.borrow().is_none())
}
