//! Stop-the-world: the registry of threads attached to one interpreter and
//! the protocol by which one thread parks every other at a safepoint while
//! it changes state that running code must see change all at once (class
//! attributes, `__bases__`).
//!
//! A thread is *attached* while it may run Python code or touch Python
//! objects, and *detached* while it blocks in the runtime (a lock wait,
//! `time.sleep`, a join, the import lock). A stopper detaches itself, waits
//! until no thread is attached, does its work as the only attached thread
//! and then lets the others re-attach. Attached threads notice a pending
//! stop at safepoints — `RESUME` and `JUMP_BACKWARD`, the same places that
//! check for Ctrl-C — so between two safepoints a thread's reads of class
//! state are never interleaved with a stopper's writes, as under CPython's
//! GIL.
//!
//! Architecture invariant: a thread never blocks while attached on anything
//! another attached thread may hold across a safepoint; every potentially
//! long wait goes through [`World::detached`].
//!
//! Model: `loom-tests/tests/world_races.rs` (a stopper against a thread
//! running between safepoints and one returning from a blocking call: no
//! thread runs Python code while the world is stopped, none is left
//! parked).

use crate::sync::{AtomicBool, Condvar, Mutex, MutexGuard, Ordering};

/// Deliberately broken forms of the protocol, selected only by
/// `cfg(loom)` models ([`World::with_broken_twin`]) to show that the
/// models catch them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BrokenTwin {
    /// The protocol as it is.
    #[default]
    Sound,
    /// `attach` does not wait for a stop in progress: a thread returning
    /// from a blocking call runs Python code while the world is stopped.
    AttachIgnoresStop,
    /// Restarting the world does not wake the threads waiting to attach:
    /// they stay parked.
    RestartWithoutNotify,
}

#[derive(Default)]
struct WorldState {
    attached: usize,
    stopping: bool,
}

/// The attached-thread registry of one interpreter.
#[derive(Default)]
pub struct World {
    stop_requested: AtomicBool,
    state: Mutex<WorldState>,
    changed: Condvar,
    stoppers: Mutex<()>,
    #[cfg(loom)]
    twin: BrokenTwin,
}

/// Held by the stopper while every other thread is parked; dropping it
/// restarts the world.
pub struct StoppedWorld<'a> {
    world: &'a World,
    _one_stopper: MutexGuard<'a, ()>,
}

impl World {
    /// `default()`, with the protocol broken as `twin` says (model checks
    /// only).
    #[cfg(loom)]
    pub fn with_broken_twin(twin: BrokenTwin) -> World {
        World {
            twin,
            ..World::default()
        }
    }

    /// The protocol this world runs: always [`BrokenTwin::Sound`] outside
    /// the model checks (a constant the compiler folds away).
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

    /// Registers the calling thread as attached, waiting first for a stop
    /// in progress to end.
    pub fn attach(&self) {
        let mut s = self.state.lock();
        while s.stopping && self.twin() != BrokenTwin::AttachIgnoresStop {
            self.changed.wait(&mut s);
        }
        s.attached += 1;
    }

    /// Unregisters the calling thread (it will not touch Python state until
    /// it attaches again).
    pub fn detach(&self) {
        let mut s = self.state.lock();
        s.attached -= 1;
        if s.stopping {
            self.changed.notify_all();
        }
    }

    /// Number of attached threads (for tests and diagnostics).
    pub fn attached(&self) -> usize {
        self.state.lock().attached
    }

    /// True when a stopper is waiting; polled at safepoints (one relaxed
    /// load, no shared write).
    #[inline(always)]
    pub fn stop_requested(&self) -> bool {
        self.stop_requested.load(Ordering::Relaxed)
    }

    /// A safepoint of an attached thread: parks it while a stop is pending
    /// (one relaxed load when none is).
    #[inline(always)]
    pub fn safepoint(&self) {
        if self.stop_requested() {
            self.park();
        }
    }

    /// Parks the calling (attached) thread until the pending stop ends.
    #[cold]
    pub fn park(&self) {
        self.detach();
        self.attach();
    }

    /// Runs `blocking` detached, so that a stopper need not wait for it.
    pub fn detached<R>(&self, blocking: impl FnOnce() -> R) -> R {
        struct Reattach<'a>(&'a World);
        impl Drop for Reattach<'_> {
            fn drop(&mut self) {
                self.0.attach();
            }
        }
        self.detach();
        let _reattach = Reattach(self);
        blocking()
    }

    /// Stops the world: returns once the calling (attached) thread is the
    /// only attached one. Other threads stay parked until the guard drops.
    pub fn stop(&self) -> StoppedWorld<'_> {
        // Wait for any other stopper detached, so it can stop us too.
        let one_stopper = self.detached(|| self.stoppers.lock());
        let mut s = self.state.lock();
        s.attached -= 1;
        s.stopping = true;
        self.stop_requested.store(true, Ordering::Relaxed);
        while s.attached > 0 {
            self.changed.wait(&mut s);
        }
        s.attached = 1;
        StoppedWorld {
            world: self,
            _one_stopper: one_stopper,
        }
    }
}

impl Drop for StoppedWorld<'_> {
    fn drop(&mut self) {
        let mut s = self.world.state.lock();
        s.stopping = false;
        self.world.stop_requested.store(false, Ordering::Relaxed);
        if self.world.twin() != BrokenTwin::RestartWithoutNotify {
            self.world.changed.notify_all();
        }
    }
}

#[cfg(all(test, not(loom)))]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;
    use std::sync::Arc;

    /// Workers bump a pair of counters with a safepoint only between
    /// iterations; a stopper that reads the pair while the world is stopped
    /// must never see it half-updated.
    #[test]
    fn stopper_never_sees_a_worker_between_safepoints() {
        let world = Arc::new(World::default());
        let first = Arc::new(AtomicUsize::new(0));
        let second = Arc::new(AtomicUsize::new(0));
        let done = Arc::new(AtomicBool::new(false));
        let mut workers = Vec::new();
        for _ in 0..3 {
            let (world, first, second, done) =
                (world.clone(), first.clone(), second.clone(), done.clone());
            workers.push(std::thread::spawn(move || {
                world.attach();
                while !done.load(Ordering::Relaxed) {
                    first.fetch_add(1, Ordering::Relaxed);
                    std::hint::spin_loop();
                    second.fetch_add(1, Ordering::Relaxed);
                    world.safepoint();
                }
                world.detach();
            }));
        }
        world.attach();
        for _ in 0..200 {
            let stopped = world.stop();
            assert_eq!(
                first.load(Ordering::Relaxed),
                second.load(Ordering::Relaxed),
                "a worker was stopped between its safepoints"
            );
            assert_eq!(world.state.lock().attached, 1);
            drop(stopped);
        }
        done.store(true, Ordering::Relaxed);
        world.detach();
        for w in workers {
            w.join().unwrap();
        }
        assert_eq!(world.attached(), 0);
    }

    /// A thread blocked detached does not hold up a stop, and re-attaches
    /// only after the stop ends.
    #[test]
    fn detached_threads_do_not_block_a_stop() {
        let world = Arc::new(World::default());
        let gate = Arc::new(Mutex::new(()));
        let held = gate.lock();
        let blocked = {
            let (world, gate) = (world.clone(), gate.clone());
            std::thread::spawn(move || {
                world.attach();
                world.detached(|| drop(gate.lock()));
                world.detach();
            })
        };
        world.attach();
        let stopped = world.stop();
        drop(held);
        drop(stopped);
        blocked.join().unwrap();
        world.detach();
        assert_eq!(world.attached(), 0);
    }
}
