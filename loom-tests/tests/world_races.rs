//! Model checks (run with `RUSTFLAGS="--cfg loom --cfg crossbeam_loom"`) of stop-the-world
//! (`weft_kernels::world::World`, the runtime's `weft::world`): a thread
//! stops the world while another runs Python code, passes a safepoint,
//! runs more, makes a blocking call (run detached) and runs again. The
//! Python state is a `loom` cell that the stopper also changes while the
//! world is stopped, so loom reports any access not ordered
//! with the stopper's (a thread running Python code while the world is
//! stopped) as a causality violation, and a thread left parked as a
//! deadlock. Each broken twin (`weft_kernels::world::BrokenTwin`) is
//! shown to be caught.

#![cfg(loom)]

use loom::cell::UnsafeCell;
use loom::thread;
// `std`'s Arc, not loom's: when loom reports a deadlock it unwinds the
// model's main thread, and dropping a loom Arc there would panic again
// (inside loom's scheduler) and abort the test process.
use std::sync::Arc;
use weft_kernels::world::{BrokenTwin, World};

/// Python state: changed by the worker while attached, and by the
/// stopper while the world is stopped.
#[derive(Default)]
struct PythonState(UnsafeCell<u64>);

// SAFETY: every access goes through loom's cell, which checks that the
// accesses are ordered (a violation fails the model).
unsafe impl Sync for PythonState {}

impl PythonState {
    /// Runs a bytecode that changes the state.
    fn run(&self) {
        // SAFETY: loom checks this write against every other access.
        self.0.with_mut(|p| unsafe { *p += 1 });
    }
}

fn stop_against_a_running_thread(twin: BrokenTwin) {
    loom::model(move || {
        let world = Arc::new(World::with_broken_twin(twin));
        let state = Arc::new(PythonState::default());
        let (w, s) = (world.clone(), state.clone());
        let worker = thread::spawn(move || {
            w.attach();
            s.run();
            w.safepoint();
            s.run();
            w.detached(|| ());
            s.run();
            w.detach();
        });
        world.attach();
        {
            let _stopped = world.stop();
            state.run();
        }
        world.detach();
        worker.join().unwrap();
        assert_eq!(world.attached(), 0, "a thread is still attached");
    });
}

#[test]
fn no_thread_runs_while_the_world_is_stopped() {
    stop_against_a_running_thread(BrokenTwin::Sound);
}

/// Broken twin: a thread coming back from a blocking call attaches
/// during the stop and runs Python code beside the stopper.
#[test]
#[should_panic(expected = "Causality violation")]
fn world_twin_attach_ignores_stop() {
    stop_against_a_running_thread(BrokenTwin::AttachIgnoresStop);
}

/// Broken twin: the restart wakes nobody, so a thread that waited to
/// attach stays parked.
#[test]
#[should_panic(expected = "deadlock")]
fn world_twin_restart_without_notify() {
    stop_against_a_running_thread(BrokenTwin::RestartWithoutNotify);
}
