//! Generator objects: a suspended frame resumed by `next`/`send`/`throw`/
//! `close`, with the "already executing" guard for concurrent use.

use crate::eval::Frame;
use crate::objlock::ObjMutex as Mutex;
use std::sync::atomic::AtomicBool;

/// A generator's state.
pub struct GenObj {
    /// The suspended frame; `None` while running or once finished.
    pub frame: Mutex<Option<Box<Frame>>>,
    /// True while a thread is running the frame.
    pub running: AtomicBool,
    /// True once the frame returned or raised.
    pub finished: AtomicBool,
    /// True once the frame started executing.
    pub started: AtomicBool,
    /// `__name__`
    pub name: String,
    /// `__qualname__`
    pub qualname: String,
}
