//! Generator objects: a suspended frame resumed by `next`/`send`/`throw`/
//! `close`, with the "already executing" guard for concurrent use.
//! Coroutines and async generators are the same object with another kind
//! (and class): they differ only in how they are driven.

use crate::eval::Frame;
use crate::objlock::ObjMutex as Mutex;
use std::sync::atomic::AtomicBool;

/// What calling the code made: the three kinds of resumable frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenKind {
    /// A `def` with `yield`.
    Generator,
    /// An `async def` without `yield` (driven by `await`/`send`).
    Coroutine,
    /// An `async def` with `yield` (driven by `__anext__`/`asend`/...).
    AsyncGenerator,
}

impl GenKind {
    /// The noun CPython's messages use for the kind.
    pub fn noun(self) -> &'static str {
        match self {
            GenKind::Generator => "generator",
            GenKind::Coroutine => "coroutine",
            GenKind::AsyncGenerator => "async generator",
        }
    }
}

/// A generator's state.
pub struct GenObj {
    /// Generator, coroutine or async generator.
    pub kind: GenKind,
    /// The code the frame runs (`gi_code`/`cr_code`/`ag_code`).
    pub code: &'static crate::code::CodeObject,
    /// The suspended frame; `None` while running or once finished.
    pub frame: Mutex<Option<Box<Frame>>>,
    /// True while a thread is running the frame.
    pub running: AtomicBool,
    /// True once the frame returned or raised.
    pub finished: AtomicBool,
    /// True once the frame started executing.
    pub started: AtomicBool,
    /// True once an async generator's first iteration called the thread's
    /// `firstiter` hook (it is called at most once).
    pub hooks_called: AtomicBool,
    /// `__name__`
    pub name: String,
    /// `__qualname__`
    pub qualname: String,
}

/// True for an object that is a plain generator (iterable with `next`),
/// not a coroutine or an async generator.
#[inline(always)]
pub fn is_plain_generator(o: &crate::object::Object) -> bool {
    matches!(&o.payload, crate::object::Payload::Generator(g) if g.kind == GenKind::Generator)
}

/// `is_plain_generator` for a value.
#[inline(always)]
pub fn is_plain_generator_value(v: &crate::value::Value) -> bool {
    matches!(v, crate::value::Value::Obj(o) if is_plain_generator(o))
}
