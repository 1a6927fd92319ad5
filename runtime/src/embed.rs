//! The embedding API: load a Python module once into a shared
//! [`Runtime`](crate::Runtime) and call its functions from any number of
//! Rust threads at once, with conversions between Rust and Python values
//! and Python exceptions surfacing as [`Error`]s.

use crate::builtins::list::new_list;
use crate::builtins::tuple::new_tuple;
use crate::object::Payload;
use crate::runtime::Runtime;
use crate::strobj::new_str;
use crate::value::{ObjRef, Value};
use crate::vm::{PyErr, Vm};
use std::collections::HashMap;
use std::sync::OnceLock;

/// Native stack budget assumed for a caller's thread (Rust's default for
/// spawned threads is 2 MiB; deeper Python recursion raises RecursionError).
pub(crate) const CALLER_STACK: usize = 1024 * 1024;

/// A Python exception (or a conversion failure) seen from Rust.
///
/// ```
/// use weft::{Runtime, RuntimeOptions};
/// let rt = Runtime::new(RuntimeOptions::default());
/// let m = rt.load_module("m", "def half(x):\n    return 1 // x\n").unwrap();
/// let err = m.call::<(i64,), i64>("half", (0,)).unwrap_err();
/// assert_eq!(err.type_name, "ZeroDivisionError");
/// assert_eq!(err.message, "integer division or modulo by zero");
/// assert!(err.traceback.contains("line 2, in half"));
/// assert_eq!(err.to_string(), "ZeroDivisionError: integer division or modulo by zero");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// The exception class name, e.g. `ValueError`.
    pub type_name: String,
    /// `str(exception)`.
    pub message: String,
    /// The CPython-format traceback text.
    pub traceback: String,
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.type_name, self.message)
    }
}

impl std::error::Error for Error {}

impl Error {
    pub(crate) fn from_py(vm: &Vm, e: &PyErr) -> Error {
        Error {
            type_name: e.0.type_data().name(),
            message: vm.str_of(&Value::Obj(e.0.clone())).unwrap_or_default(),
            traceback: crate::exceptions::format_exception(vm, &e.0),
        }
    }

    fn conversion(msg: impl Into<String>) -> Error {
        let message = msg.into();
        Error {
            type_name: "TypeError".into(),
            traceback: format!("TypeError: {message}\n"),
            message,
        }
    }
}

/// Rust values that can become Python values: `i64`, `f64`, `bool`,
/// `String`/`&str`, `Vec<T>` (a list), `HashMap<String, T>` (a dict),
/// `Option<T>` (`None`) and tuples.
///
/// ```
/// use std::collections::HashMap;
/// use weft::{Runtime, RuntimeOptions};
/// let rt = Runtime::new(RuntimeOptions::default());
/// let m = rt.load_module("m", "def describe(d, xs):\n    return (sorted(d), sum(xs))\n").unwrap();
/// let d = HashMap::from([("b".to_string(), 1i64), ("a".to_string(), 2)]);
/// let (keys, total): (Vec<String>, f64) = m.call("describe", (d, vec![1.5f64, 2.5])).unwrap();
/// assert_eq!((keys, total), (vec!["a".to_string(), "b".to_string()], 4.0));
/// ```
pub trait IntoPython {
    /// Converts into a Python value.
    fn into_python(self) -> Value;
}

/// Rust values that can be read back from Python values (the same kinds as
/// [`IntoPython`]; a mismatch is a `TypeError` [`Error`]).
///
/// ```
/// use weft::{Runtime, RuntimeOptions};
/// let rt = Runtime::new(RuntimeOptions::default());
/// let m = rt.load_module("m", "def pair():\n    return ('x', [1, 2], None)\n").unwrap();
/// let (s, xs, nothing): (String, Vec<i64>, Option<bool>) = m.call("pair", ()).unwrap();
/// assert_eq!((s.as_str(), xs, nothing), ("x", vec![1, 2], None));
/// assert_eq!(m.call::<(), i64>("pair", ()).unwrap_err().type_name, "TypeError");
/// ```
pub trait FromPython: Sized {
    /// Converts from a Python value (a `TypeError` when the kinds differ).
    fn from_python(vm: &Vm, v: &Value) -> Result<Self, Error>;
}

impl IntoPython for i64 {
    fn into_python(self) -> Value {
        Value::Int(self)
    }
}

impl FromPython for i64 {
    fn from_python(_vm: &Vm, v: &Value) -> Result<Self, Error> {
        crate::builtins::int::as_i64_like(v)
            .ok_or_else(|| Error::conversion("expected an int that fits in i64"))
    }
}

impl IntoPython for f64 {
    fn into_python(self) -> Value {
        Value::Float(self)
    }
}

impl FromPython for f64 {
    fn from_python(vm: &Vm, v: &Value) -> Result<Self, Error> {
        match crate::builtins::int::to_f64(vm, v) {
            Ok(Some(f)) => Ok(f),
            _ => Err(Error::conversion("expected a float")),
        }
    }
}

impl IntoPython for bool {
    fn into_python(self) -> Value {
        Value::Bool(self)
    }
}

impl FromPython for bool {
    fn from_python(_vm: &Vm, v: &Value) -> Result<Self, Error> {
        match v {
            Value::Bool(b) => Ok(*b),
            _ => Err(Error::conversion("expected a bool")),
        }
    }
}

impl IntoPython for String {
    fn into_python(self) -> Value {
        new_str(self)
    }
}

impl IntoPython for &str {
    fn into_python(self) -> Value {
        new_str(self)
    }
}

impl FromPython for String {
    fn from_python(_vm: &Vm, v: &Value) -> Result<Self, Error> {
        v.as_obj()
            .and_then(|o| o.as_str())
            .map(|s| s.to_string())
            .ok_or_else(|| Error::conversion("expected a str"))
    }
}

impl<T: IntoPython> IntoPython for Vec<T> {
    fn into_python(self) -> Value {
        new_list(self.into_iter().map(IntoPython::into_python).collect())
    }
}

impl<T: FromPython> FromPython for Vec<T> {
    fn from_python(vm: &Vm, v: &Value) -> Result<Self, Error> {
        let items = match v.as_obj().map(|o| &o.payload) {
            Some(Payload::List(l)) => l.lock().clone(),
            Some(Payload::Tuple(t)) => t.to_vec(),
            _ => return Err(Error::conversion("expected a list or tuple")),
        };
        items.iter().map(|x| T::from_python(vm, x)).collect()
    }
}

impl<T: IntoPython> IntoPython for HashMap<String, T> {
    fn into_python(self) -> Value {
        let d = crate::dict::new_dict_obj();
        if let Payload::Dict(dd) = &d.payload {
            for (k, v) in self {
                dd.set_by_name(&k, v.into_python());
            }
        }
        Value::Obj(d)
    }
}

impl<T: FromPython> FromPython for HashMap<String, T> {
    fn from_python(vm: &Vm, v: &Value) -> Result<Self, Error> {
        let Some(Payload::Dict(d)) = v.as_obj().map(|o| &o.payload) else {
            return Err(Error::conversion("expected a dict"));
        };
        d.items()
            .iter()
            .map(|(k, x)| Ok((String::from_python(vm, k)?, T::from_python(vm, x)?)))
            .collect()
    }
}

impl<T: IntoPython> IntoPython for Option<T> {
    fn into_python(self) -> Value {
        match self {
            Some(v) => v.into_python(),
            None => Value::None,
        }
    }
}

impl<T: FromPython> FromPython for Option<T> {
    fn from_python(vm: &Vm, v: &Value) -> Result<Self, Error> {
        if v.is_none() {
            Ok(None)
        } else {
            T::from_python(vm, v).map(Some)
        }
    }
}

impl IntoPython for Value {
    fn into_python(self) -> Value {
        self
    }
}

macro_rules! tuple_conversions {
    ($(($($t:ident $i:tt),+))*) => {$(
        impl<$($t: IntoPython),+> IntoPython for ($($t,)+) {
            fn into_python(self) -> Value {
                new_tuple(vec![$(self.$i.into_python()),+])
            }
        }
        impl<$($t: FromPython),+> FromPython for ($($t,)+) {
            fn from_python(vm: &Vm, v: &Value) -> Result<Self, Error> {
                let items = crate::builtins::tuple::tuple_items(v).ok_or_else(|| Error::conversion("expected a tuple"))?;
                let n = [$($i),+].len();
                if items.len() != n {
                    return Err(Error::conversion(format!("expected a tuple of {n}")));
                }
                Ok(($($t::from_python(vm, &items[$i])?,)+))
            }
        }
    )*};
}

tuple_conversions! {
    (A 0)
    (A 0, B 1)
    (A 0, B 1, C 2)
    (A 0, B 1, C 2, D 3)
}

/// Argument lists for [`Module::call`]: `()` or a tuple of up to four
/// [`IntoPython`] values.
///
/// ```
/// use weft::{Runtime, RuntimeOptions};
/// let rt = Runtime::new(RuntimeOptions::default());
/// let m = rt.load_module("m", "def f(*a):\n    return len(a)\n").unwrap();
/// assert_eq!(m.call::<_, i64>("f", ()).unwrap(), 0);
/// assert_eq!(m.call::<_, i64>("f", (1i64, "two", 3.0f64, true)).unwrap(), 4);
/// ```
pub trait IntoArgs {
    /// The positional arguments.
    fn into_args(self) -> Vec<Value>;
}

impl IntoArgs for () {
    fn into_args(self) -> Vec<Value> {
        Vec::new()
    }
}

macro_rules! args_tuples {
    ($(($($t:ident $i:tt),+))*) => {$(
        impl<$($t: IntoPython),+> IntoArgs for ($($t,)+) {
            fn into_args(self) -> Vec<Value> {
                vec![$(self.$i.into_python()),+]
            }
        }
    )*};
}

args_tuples! {
    (A 0)
    (A 0, B 1)
    (A 0, B 1, C 2)
    (A 0, B 1, C 2, D 3)
}

/// A module loaded into a [`Runtime`]; cheap to clone and share between
/// threads (`Send + Sync`).
///
/// ```
/// use weft::{Runtime, RuntimeOptions};
/// let rt = Runtime::new(RuntimeOptions::default());
/// let m = rt.load_module("m", "def sq(x):\n    return x * x\n").unwrap();
/// let handles: Vec<_> = (0..4i64)
///     .map(|i| {
///         let m = m.clone();
///         std::thread::spawn(move || m.call::<_, i64>("sq", (i,)).unwrap())
///     })
///     .collect();
/// let out: Vec<i64> = handles.into_iter().map(|h| h.join().unwrap()).collect();
/// assert_eq!(out, vec![0, 1, 4, 9]);
/// ```
#[derive(Clone)]
pub struct Module {
    runtime: Runtime,
    module: ObjRef,
}

impl Module {
    /// Calls the module-level function `name` with `args` on the calling
    /// thread, converting the result.
    ///
    /// ```
    /// use weft::{Runtime, RuntimeOptions};
    /// let rt = Runtime::new(RuntimeOptions::default());
    /// let m = rt.load_module("calc", "def add(a, b):\n    return a + b\n").unwrap();
    /// let sum: i64 = m.call("add", (2i64, 3i64)).unwrap();
    /// assert_eq!(sum, 5);
    /// ```
    pub fn call<A: IntoArgs, R: FromPython>(&self, name: &str, args: A) -> Result<R, Error> {
        let vm = Vm::new(self.runtime.interp().clone(), CALLER_STACK, false);
        let f = vm
            .get_attr_str(&Value::Obj(self.module.clone()), name)
            .map_err(|e| Error::from_py(&vm, &e))?;
        let r = vm
            .call(&f, &args.into_args())
            .map_err(|e| Error::from_py(&vm, &e))?;
        R::from_python(&vm, &r)
    }
}

#[cfg(test)]
impl Module {
    /// The module object (for the runtime's own tests).
    pub(crate) fn object(&self) -> &ObjRef {
        &self.module
    }
}

fn pool() -> &'static rayon::ThreadPool {
    static POOL: OnceLock<rayon::ThreadPool> = OnceLock::new();
    POOL.get_or_init(|| {
        rayon::ThreadPoolBuilder::new()
            .stack_size(64 * 1024 * 1024)
            .thread_name(|i| format!("weft-par-{i}"))
            .build()
            .unwrap_or_else(|_| {
                rayon::ThreadPoolBuilder::new()
                    .build()
                    .expect("a rayon pool")
            })
    })
}

impl Runtime {
    /// Compiles and runs `source` as module `name` (importable afterwards
    /// by other modules of this runtime) and returns it.
    ///
    /// ```
    /// use weft::{Runtime, RuntimeOptions};
    /// let rt = Runtime::new(RuntimeOptions::default());
    /// let m = rt.load_module("greet", "def hello(n):\n    return 'hi ' + n\n").unwrap();
    /// let s: String = m.call("hello", ("ann",)).unwrap();
    /// assert_eq!(s, "hi ann");
    /// assert!(rt.load_module("bad", "def f(:\n").is_err());
    /// ```
    pub fn load_module(&self, name: &str, source: &str) -> Result<Module, Error> {
        let vm = Vm::new(self.interp().clone(), CALLER_STACK, false);
        let module = crate::import::new_module(name);
        self.interp()
            .modules
            .lock()
            .insert(name.to_string(), module.clone());
        if let Err(e) =
            crate::import::exec_module_source(&vm, &module, source, &format!("<{name}>"))
        {
            self.interp().modules.lock().remove(name);
            return Err(Error::from_py(&vm, &e));
        }
        // Its functions are about to be called from many threads.
        crate::freeze::freeze_module_data(&vm);
        Ok(Module {
            runtime: self.clone(),
            module,
        })
    }

    /// Calls `func` of `module` on every input in parallel on a rayon pool;
    /// the results come back in input order (the first error wins).
    ///
    /// ```
    /// use weft::{Runtime, RuntimeOptions};
    /// let rt = Runtime::new(RuntimeOptions::default());
    /// let m = rt.load_module("sq", "def square(x):\n    return x * x\n").unwrap();
    /// let out: Vec<i64> = rt.par_map(&m, "square", (1..=5i64).collect()).unwrap();
    /// assert_eq!(out, vec![1, 4, 9, 16, 25]);
    /// ```
    pub fn par_map<T, R>(
        &self,
        module: &Module,
        func: &str,
        inputs: Vec<T>,
    ) -> Result<Vec<R>, Error>
    where
        T: IntoPython + Send,
        R: FromPython + Send,
    {
        use rayon::prelude::*;
        pool().install(|| {
            inputs
                .into_par_iter()
                .map(|x| module.call::<(T,), R>(func, (x,)))
                .collect()
        })
    }
}
