//! The heap object: its class pointer, optional attribute dict and slot
//! storage, and the `Payload` of its built-in base type.

use crate::builtins::types::types;
use crate::code::CodeObject;
use crate::dict::DictObj;
use crate::exceptions::ExcData;
use crate::function::{BuiltinFunc, FunctionObj, PropertyObj};
use crate::generator::GenObj;
use crate::iterators::IterObj;
use crate::objlock::ObjMutex as Mutex;
use crate::set::SetObj;
use crate::strobj::PyStr;
use crate::typeobj::TypeData;
use crate::value::{ObjRef, Value};
use num_bigint::BigInt;
use std::any::Any;
use std::sync::atomic::{AtomicPtr, Ordering};

/// A module: its name and its globals dict.
pub struct ModuleObj {
    /// `__name__`
    pub name: String,
    /// The module's namespace (a dict object carrying a keys version).
    pub dict: ObjRef,
}

/// A `range` object.
#[derive(Clone, Debug)]
pub struct RangeObj {
    /// start
    pub start: i64,
    /// stop
    pub stop: i64,
    /// step (never 0)
    pub step: i64,
}

impl RangeObj {
    /// Number of elements.
    pub fn len(&self) -> i64 {
        let (start, stop, step) = (self.start as i128, self.stop as i128, self.step as i128);
        let n = if step > 0 && start < stop {
            (stop - start - 1) / step + 1
        } else if step < 0 && start > stop {
            (start - stop - 1) / (-step) + 1
        } else {
            0
        };
        n as i64
    }

    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The i-th element (0 <= i < len).
    pub fn get(&self, i: i64) -> i64 {
        self.start + i * self.step
    }
}

/// The built-in base representation of an object.
pub enum Payload {
    /// `object()` and instances of user classes with no built-in base.
    Plain,
    /// An `int` too large for an immediate.
    Int(BigInt),
    /// A `float` subclass instance or a boxed float.
    Float(f64),
    /// A `complex` (or subclass instance): real and imaginary parts.
    Complex(f64, f64),
    /// `str`
    Str(PyStr),
    /// `bytes`
    Bytes(Box<[u8]>),
    /// `bytearray`
    ByteArray(Box<crate::builtins::bytearray::ByteArrayObj>),
    /// `tuple`
    Tuple(Box<[Value]>),
    /// `list`
    List(crate::listobj::ListObj),
    /// `dict`
    Dict(Box<DictObj>),
    /// `set` / `frozenset`
    Set(Box<SetObj>),
    /// `range`
    Range(RangeObj),
    /// A `range` whose bounds do not fit an `i64`.
    BigRange(Box<crate::bigrange::BigRangeObj>),
    /// `slice`
    Slice(Value, Value, Value),
    /// A Python function.
    Function(Box<FunctionObj>),
    /// A method bound to an instance: (function, self).
    BoundMethod(Value, Value),
    /// A native function or method descriptor.
    Builtin(Box<BuiltinFunc>),
    /// `staticmethod(f)`
    StaticMethod(Value),
    /// `classmethod(f)`
    ClassMethod(Value),
    /// `property(...)`
    Property(Box<PropertyObj>),
    /// A class.
    Type(TypeData),
    /// A module.
    Module(ModuleObj),
    /// A closure cell.
    Cell(Mutex<Value>),
    /// A code object.
    Code(&'static CodeObject),
    /// A generator.
    Generator(Box<GenObj>),
    /// An exception instance.
    Exception(Box<ExcData>),
    /// A native iterator.
    Iter(Box<IterObj>),
    /// `super(type, obj)`
    Super(Value, Value),
    /// Any other native state (locks, random generators, ...).
    Native(Box<dyn Any + Send + Sync>),
}

/// A heap object.
pub struct Object {
    class: AtomicPtr<Object>,
    /// Instance attribute dict (a dict object), for classes whose instances have one.
    pub dict: Option<ObjRef>,
    /// `__slots__` storage.
    pub slots: Box<[Mutex<Value>]>,
    /// The built-in part.
    pub payload: Payload,
}

impl Object {
    /// A new object of class `class` (an immortal type object).
    pub fn new(class: &'static Object, payload: Payload) -> Object {
        Object {
            class: AtomicPtr::new(class as *const Object as *mut Object),
            dict: None,
            slots: Box::new([]),
            payload,
        }
    }

    /// An object with no class yet (only for bootstrapping `type`).
    pub(crate) fn new_unclassed(payload: Payload) -> Object {
        Object {
            class: AtomicPtr::new(std::ptr::null_mut()),
            dict: None,
            slots: Box::new([]),
            payload,
        }
    }

    /// A new object with an attribute dict and slots as its class requires.
    pub fn new_instance(class: &'static Object, payload: Payload) -> Object {
        let (has_dict, nslots) = match &class.payload {
            Payload::Type(t) => (t.instances_have_dict(), t.slot_count()),
            _ => (true, 0),
        };
        Object {
            class: AtomicPtr::new(class as *const Object as *mut Object),
            dict: if has_dict {
                Some(crate::dict::new_instance_dict_obj())
            } else {
                None
            },
            slots: (0..nslots).map(|_| Mutex::new(Value::Null)).collect(),
            payload,
        }
    }

    /// The object's class.
    #[inline(always)]
    pub fn class(&self) -> &'static Object {
        // SAFETY: the pointer always comes from a `&'static Object` (type
        // objects are immortal) stored by `new` or `set_class`.
        unsafe { &*self.class.load(Ordering::Acquire) }
    }

    /// Replaces the class (`__class__` assignment).
    pub fn set_class(&self, class: &'static Object) {
        self.class
            .store(class as *const Object as *mut Object, Ordering::Release);
    }

    /// The class's type data.
    #[inline(always)]
    pub fn type_data(&self) -> &'static TypeData {
        match &self.class().payload {
            Payload::Type(t) => t,
            _ => unreachable_type(),
        }
    }

    /// The class name.
    pub fn type_name(&self) -> String {
        self.type_data().name()
    }

    /// An object with native payload for unit tests.
    pub fn native_for_tests(b: Box<dyn Any + Send + Sync>) -> Object {
        Object::new(types().object, Payload::Native(b))
    }

    /// The `&str` of a str object.
    pub fn as_str(&self) -> Option<&str> {
        match &self.payload {
            Payload::Str(s) => Some(s.as_str()),
            _ => None,
        }
    }
}

#[cold]
fn unreachable_type() -> &'static TypeData {
    // Every class pointer is a type object by construction; fall back to
    // `object` rather than crash if that is ever violated.
    match &types().object.payload {
        Payload::Type(t) => t,
        _ => panic!("object type is not a type"),
    }
}

#[cfg(test)]
mod tests {
    /// Every object pays for the largest payload: large or rare payloads
    /// are boxed so that an instance, a tuple, a str or a bound method
    /// takes one small allocation (96 bytes with its count, a mimalloc
    /// size class; it was 256 before the boxing).
    #[test]
    fn objects_stay_small() {
        assert!(std::mem::size_of::<super::Payload>() <= 56);
        assert!(std::mem::size_of::<super::Object>() <= 88);
    }
}
