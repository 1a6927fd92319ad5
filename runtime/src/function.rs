//! Function objects (Python and native), properties, and the argument
//! view passed to native functions.
//!
//! A Python function's code, defaults and kw-defaults live in an immutable
//! snapshot behind an atomic pointer: calls read it without a lock or a
//! shared write; assignments to `__code__`/`__defaults__`/`__kwdefaults__`
//! publish a new snapshot and reset the function version to 0 for good.

use crate::code::CodeObject;
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};
use parking_lot::Mutex;
use std::sync::atomic::{AtomicPtr, AtomicU32, Ordering};

/// The arguments of a call, vectorcall style: `args` holds the positional
/// arguments followed by the keyword values named by `kwnames`.
#[derive(Clone, Copy)]
pub struct CallArgs<'a> {
    /// Positional values then keyword values.
    pub args: &'a [Value],
    /// Names of the trailing keyword values (interned strs).
    pub kwnames: &'a [Value],
}

impl<'a> CallArgs<'a> {
    /// Only positional arguments.
    pub fn positional(args: &'a [Value]) -> CallArgs<'a> {
        CallArgs { args, kwnames: &[] }
    }

    /// The positional part.
    #[inline(always)]
    pub fn pos(&self) -> &'a [Value] {
        &self.args[..self.args.len() - self.kwnames.len()]
    }

    /// `(name, value)` of each keyword argument.
    pub fn kwargs(&self) -> impl Iterator<Item = (&'a str, &'a Value)> + 'a {
        let vals = &self.args[self.args.len() - self.kwnames.len()..];
        self.kwnames
            .iter()
            .zip(vals.iter())
            .map(|(k, v)| (k.as_obj().and_then(|o| o.as_str()).unwrap_or(""), v))
    }

    /// The keyword argument `name`, if given.
    pub fn kwarg(&self, name: &str) -> Option<&'a Value> {
        self.kwargs().find(|(k, _)| *k == name).map(|(_, v)| v)
    }

    /// True when there are keyword arguments.
    pub fn has_kwargs(&self) -> bool {
        !self.kwnames.is_empty()
    }
}

/// A native function: `(vm, args) -> result`. For method descriptors the
/// receiver is `args.pos()[0]`.
pub type NativeFn = fn(&Vm, CallArgs) -> PyResult<Value>;

/// A native function object or method descriptor.
pub struct BuiltinFunc {
    /// `__name__`
    pub name: &'static str,
    /// The implementation.
    pub func: NativeFn,
    /// The bound receiver (for `obj.method` of a native method).
    pub bound: Option<Value>,
    /// True for method descriptors found in a class dict (bind on access).
    pub is_method: bool,
    /// Owning type name for reprs (`<method 'append' of 'list' objects>`).
    pub owner: &'static str,
}

/// The mutable-by-replacement part of a Python function.
pub struct FuncState {
    /// `__code__`
    pub code: &'static CodeObject,
    /// `__defaults__` (a tuple) or None.
    pub defaults: Value,
    /// `__kwdefaults__` (a dict) or None.
    pub kwdefaults: Value,
}

/// A Python function.
pub struct FunctionObj {
    state: AtomicPtr<FuncState>,
    // Boxed so that a snapshot's address stays valid while readers hold it.
    #[allow(clippy::vec_box)]
    retired: Mutex<Vec<Box<FuncState>>>,
    /// The module globals dict.
    pub globals: ObjRef,
    /// Closure cells (in the code's freevars order).
    pub closure: Option<Box<[ObjRef]>>,
    /// `__name__`
    pub name: Mutex<String>,
    /// `__qualname__`
    pub qualname: Mutex<String>,
    /// `__doc__`
    pub doc: Mutex<Value>,
    /// `__module__`
    pub module: Mutex<Value>,
    /// The function version (0: never specialize calls to it).
    pub version: AtomicU32,
    /// `__annotations__`: None until the def supplies annotations or the
    /// attribute is first read (then an empty dict is created and kept).
    annotations: Mutex<Option<Value>>,
}

impl FunctionObj {
    /// A new function.
    pub fn new(
        code: &'static CodeObject,
        globals: ObjRef,
        defaults: Value,
        kwdefaults: Value,
        closure: Option<Box<[ObjRef]>>,
        module: Value,
    ) -> FunctionObj {
        let state = Box::new(FuncState {
            code,
            defaults,
            kwdefaults,
        });
        FunctionObj {
            state: AtomicPtr::new(Box::into_raw(state)),
            retired: Mutex::new(Vec::new()),
            globals,
            closure,
            name: Mutex::new(code.name.clone()),
            qualname: Mutex::new(code.qualname.clone()),
            doc: Mutex::new(code.docstring.clone()),
            module: Mutex::new(module),
            version: AtomicU32::new(code.version),
            annotations: Mutex::new(None),
        }
    }

    /// `__annotations__`: the stored dict, or a new empty dict that is
    /// stored for later reads.
    pub fn annotations(&self) -> Value {
        self.annotations
            .lock()
            .get_or_insert_with(|| Value::Obj(crate::dict::new_dict_obj()))
            .clone()
    }

    /// Sets (`Some(dict)`) or deletes (`None`) `__annotations__`.
    pub fn set_annotations(&self, annotations: Option<Value>) {
        *self.annotations.lock() = annotations;
    }

    /// The current snapshot of code and defaults.
    #[inline(always)]
    pub fn state(&self) -> &FuncState {
        // SAFETY: the pointer always holds a `Box<FuncState>` leaked by `new`
        // or `replace_state`; replaced snapshots are kept in `retired` until
        // the function itself is dropped, so any snapshot a reader loaded
        // stays valid for as long as the reader borrows `self`.
        unsafe { &*self.state.load(Ordering::Acquire) }
    }

    /// The code object.
    #[inline(always)]
    pub fn code(&self) -> &'static CodeObject {
        self.state().code
    }

    /// Publishes a new snapshot (`__code__`/`__defaults__`/`__kwdefaults__`
    /// assignment) and makes the function permanently unspecializable.
    pub fn replace_state(&self, f: impl FnOnce(&FuncState) -> FuncState) {
        let mut retired = self.retired.lock();
        let new = Box::into_raw(Box::new(f(self.state())));
        self.version.store(0, Ordering::Release);
        let old = self.state.swap(new, Ordering::AcqRel);
        // SAFETY: `old` came from `Box::into_raw` and is no longer reachable
        // through `state`; it is kept alive (not freed) in `retired`.
        retired.push(unsafe { Box::from_raw(old) });
    }
}

impl Drop for FunctionObj {
    fn drop(&mut self) {
        let p = *self.state.get_mut();
        // SAFETY: we have exclusive access; `p` is the live snapshot leaked
        // by `new`/`replace_state` and nobody else can observe it any more.
        drop(unsafe { Box::from_raw(p) });
    }
}

/// A `property` object.
pub struct PropertyObj {
    /// getter
    pub fget: Value,
    /// setter
    pub fset: Value,
    /// deleter
    pub fdel: Value,
    /// doc
    pub doc: Value,
}
