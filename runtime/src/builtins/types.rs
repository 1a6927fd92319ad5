//! The registry of built-in classes (immortal, process-wide): `object`,
//! `type`, the value types, the exception hierarchy, and the singletons
//! (`NotImplemented`, `Ellipsis`); plus `class_of` for any value.

use crate::dict::DictObj;
use crate::object::{Object, Payload};
use crate::typeobj::{c3_mro, BaseKind, TypeData};
use crate::value::{ObjRef, Value};
use std::sync::OnceLock;

/// The built-in exception classes.
#[allow(missing_docs)]
pub struct ExcTypes {
    pub base_exception: &'static Object,
    pub exception: &'static Object,
    pub arithmetic_error: &'static Object,
    pub zero_division_error: &'static Object,
    pub overflow_error: &'static Object,
    pub lookup_error: &'static Object,
    pub index_error: &'static Object,
    pub key_error: &'static Object,
    pub value_error: &'static Object,
    pub type_error: &'static Object,
    pub attribute_error: &'static Object,
    pub name_error: &'static Object,
    pub unbound_local_error: &'static Object,
    pub runtime_error: &'static Object,
    pub recursion_error: &'static Object,
    pub not_implemented_error: &'static Object,
    pub stop_iteration: &'static Object,
    pub generator_exit: &'static Object,
    pub assertion_error: &'static Object,
    pub keyboard_interrupt: &'static Object,
    pub system_exit: &'static Object,
    pub import_error: &'static Object,
    pub module_not_found_error: &'static Object,
    pub os_error: &'static Object,
    pub file_not_found_error: &'static Object,
    pub timeout_error: &'static Object,
    pub eof_error: &'static Object,
    pub unicode_error: &'static Object,
    pub unicode_decode_error: &'static Object,
    pub unicode_encode_error: &'static Object,
    pub system_error: &'static Object,
    pub memory_error: &'static Object,
    pub floating_point_error: &'static Object,
    pub syntax_error: &'static Object,
    pub indentation_error: &'static Object,
    pub buffer_error: &'static Object,
    pub warning: &'static Object,
    pub deprecation_warning: &'static Object,
    pub user_warning: &'static Object,
    pub runtime_warning: &'static Object,
    /// The warning categories the interpreter itself never raises
    /// (PendingDeprecationWarning, SyntaxWarning, ...), for `warnings`.
    pub other_warnings: [&'static Object; 8],
    pub permission_error: &'static Object,
    pub file_exists_error: &'static Object,
    pub is_a_directory_error: &'static Object,
    pub not_a_directory_error: &'static Object,
    pub blocking_io_error: &'static Object,
    pub child_process_error: &'static Object,
    pub interrupted_error: &'static Object,
    pub process_lookup_error: &'static Object,
    pub connection_error: &'static Object,
    pub broken_pipe_error: &'static Object,
    pub connection_aborted_error: &'static Object,
    pub connection_refused_error: &'static Object,
    pub connection_reset_error: &'static Object,
    pub unsupported_operation: &'static Object,
    pub stop_async_iteration: &'static Object,
    pub base_exception_group: &'static Object,
    pub exception_group: &'static Object,
}

/// The built-in classes.
#[allow(missing_docs)]
pub struct BuiltinTypes {
    pub object: &'static Object,
    pub type_: &'static Object,
    pub int: &'static Object,
    pub bool_: &'static Object,
    pub float: &'static Object,
    pub complex: &'static Object,
    pub str: &'static Object,
    pub bytes: &'static Object,
    pub bytearray: &'static Object,
    pub list: &'static Object,
    pub tuple: &'static Object,
    pub dict: &'static Object,
    pub set: &'static Object,
    pub frozenset: &'static Object,
    pub range: &'static Object,
    pub slice: &'static Object,
    pub function: &'static Object,
    pub builtin_function: &'static Object,
    pub method: &'static Object,
    pub staticmethod: &'static Object,
    pub classmethod: &'static Object,
    pub property: &'static Object,
    pub module: &'static Object,
    pub cell: &'static Object,
    pub code: &'static Object,
    pub generator: &'static Object,
    pub coroutine: &'static Object,
    pub async_generator: &'static Object,
    pub coroutine_wrapper: &'static Object,
    pub async_generator_asend: &'static Object,
    pub async_generator_athrow: &'static Object,
    pub async_generator_wrapped_value: &'static Object,
    pub none_type: &'static Object,
    pub not_implemented_type: &'static Object,
    pub ellipsis_type: &'static Object,
    pub super_: &'static Object,
    pub iterator: &'static Object,
    pub native: &'static Object,
    pub exc: ExcTypes,
    not_implemented: &'static Object,
    ellipsis: &'static Object,
}

impl BuiltinTypes {
    /// The `NotImplemented` singleton.
    pub fn not_implemented_obj(&self) -> &'static Object {
        self.not_implemented
    }
}

fn leak(obj: Object) -> &'static Object {
    let r = ObjRef::new_immortal(obj);
    let s = r.as_static().expect("immortal");
    std::mem::forget(r);
    s
}

struct Builder {
    type_ptr: Option<&'static Object>,
    dict_ptr: Option<&'static Object>,
    all: Vec<&'static Object>,
    dicts: Vec<&'static Object>,
}

impl Builder {
    fn make(
        &mut self,
        name: &str,
        bases: &[&'static Object],
        kind: BaseKind,
        has_dict: bool,
    ) -> &'static Object {
        let dict_obj = ObjRef::new_immortal(Object::bootstrap(
            self.dict_ptr,
            Payload::Dict(Box::default()),
        ));
        self.dicts.push(dict_obj.as_static().expect("immortal"));
        let td = TypeData::new(
            name,
            bases.to_vec(),
            dict_obj,
            kind,
            Vec::new(),
            has_dict,
            true,
        );
        let obj = leak(Object::bootstrap(self.type_ptr, Payload::Type(td)));
        if let Payload::Type(t) = &obj.payload {
            let mro = c3_mro(obj, bases).unwrap_or_else(|_| vec![obj]);
            t.set_bases_and_mro(bases.to_vec(), mro);
            for b in bases {
                if let Payload::Type(bt) = &b.payload {
                    bt.add_subclass(obj);
                }
            }
        }
        self.all.push(obj);
        obj
    }
}

fn build() -> BuiltinTypes {
    let mut b = Builder {
        type_ptr: None,
        dict_ptr: None,
        all: Vec::new(),
        dicts: Vec::new(),
    };
    let object = b.make("object", &[], BaseKind::Object, false);
    let type_ = b.make("type", &[object], BaseKind::Type, true);
    let dict = b.make("dict", &[object], BaseKind::Dict, false);
    b.type_ptr = Some(type_);
    b.dict_ptr = Some(dict);
    // Patch the class pointers of what was built before `type`/`dict` existed.
    for t in &b.all {
        t.set_class(type_);
    }
    for d in &b.dicts {
        d.set_class(dict);
    }
    let o = BaseKind::Other;
    let int = b.make("int", &[object], BaseKind::Int, false);
    let bool_ = b.make("bool", &[int], BaseKind::Int, false);
    let float = b.make("float", &[object], BaseKind::Float, false);
    let complex = b.make("complex", &[object], BaseKind::Complex, false);
    let str_ = b.make("str", &[object], BaseKind::Str, false);
    let bytes = b.make("bytes", &[object], BaseKind::Bytes, false);
    let bytearray = b.make("bytearray", &[object], BaseKind::ByteArray, false);
    let list = b.make("list", &[object], BaseKind::List, false);
    let tuple = b.make("tuple", &[object], BaseKind::Tuple, false);
    let set = b.make("set", &[object], BaseKind::Set, false);
    let frozenset = b.make("frozenset", &[object], BaseKind::FrozenSet, false);
    let range = b.make("range", &[object], o, false);
    let slice = b.make("slice", &[object], o, false);
    let function = b.make("function", &[object], o, true);
    let builtin_function = b.make("builtin_function_or_method", &[object], o, false);
    let method = b.make("method", &[object], o, false);
    let staticmethod = b.make("staticmethod", &[object], o, false);
    let classmethod = b.make("classmethod", &[object], o, false);
    let property = b.make("property", &[object], o, false);
    let module = b.make("module", &[object], o, false);
    let cell = b.make("cell", &[object], o, false);
    let code = b.make("code", &[object], o, false);
    let generator = b.make("generator", &[object], o, false);
    let coroutine = b.make("coroutine", &[object], o, false);
    let async_generator = b.make("async_generator", &[object], o, false);
    let coroutine_wrapper = b.make("coroutine_wrapper", &[object], o, false);
    let async_generator_asend = b.make("async_generator_asend", &[object], o, false);
    let async_generator_athrow = b.make("async_generator_athrow", &[object], o, false);
    let async_generator_wrapped_value =
        b.make("async_generator_wrapped_value", &[object], o, false);
    let none_type = b.make("NoneType", &[object], o, false);
    let not_implemented_type = b.make("NotImplementedType", &[object], o, false);
    let ellipsis_type = b.make("ellipsis", &[object], o, false);
    let super_ = b.make("super", &[object], o, false);
    let iterator = b.make("iterator", &[object], o, false);
    let native = b.make("native", &[object], o, false);
    let e = BaseKind::Exception;
    let base_exception = b.make("BaseException", &[object], e, true);
    let exception = b.make("Exception", &[base_exception], e, true);
    let mut ex = |name: &str, base: &'static Object| b.make(name, &[base], e, true);
    let arithmetic_error = ex("ArithmeticError", exception);
    let lookup_error = ex("LookupError", exception);
    let name_error = ex("NameError", exception);
    let runtime_error = ex("RuntimeError", exception);
    let import_error = ex("ImportError", exception);
    let os_error = ex("OSError", exception);
    let value_error = ex("ValueError", exception);
    let connection_error = ex("ConnectionError", os_error);
    let unicode_error = ex("UnicodeError", value_error);
    let syntax_error = ex("SyntaxError", exception);
    let warning = ex("Warning", exception);
    let base_exception_group = ex("BaseExceptionGroup", base_exception);
    let exception_group = b.make(
        "ExceptionGroup",
        &[base_exception_group, exception],
        e,
        true,
    );
    // `io.UnsupportedOperation` (module `io`, made here with the others).
    let unsupported_operation = b.make("UnsupportedOperation", &[os_error, value_error], e, true);
    let mut ex = |name: &str, base: &'static Object| b.make(name, &[base], e, true);
    let exc = ExcTypes {
        base_exception_group,
        exception_group,
        base_exception,
        exception,
        arithmetic_error,
        zero_division_error: ex("ZeroDivisionError", arithmetic_error),
        overflow_error: ex("OverflowError", arithmetic_error),
        floating_point_error: ex("FloatingPointError", arithmetic_error),
        lookup_error,
        index_error: ex("IndexError", lookup_error),
        key_error: ex("KeyError", lookup_error),
        value_error,
        type_error: ex("TypeError", exception),
        attribute_error: ex("AttributeError", exception),
        name_error,
        unbound_local_error: ex("UnboundLocalError", name_error),
        runtime_error,
        recursion_error: ex("RecursionError", runtime_error),
        not_implemented_error: ex("NotImplementedError", runtime_error),
        stop_iteration: ex("StopIteration", exception),
        stop_async_iteration: ex("StopAsyncIteration", exception),
        generator_exit: ex("GeneratorExit", base_exception),
        assertion_error: ex("AssertionError", exception),
        keyboard_interrupt: ex("KeyboardInterrupt", base_exception),
        system_exit: ex("SystemExit", base_exception),
        import_error,
        module_not_found_error: ex("ModuleNotFoundError", import_error),
        os_error,
        file_not_found_error: ex("FileNotFoundError", os_error),
        permission_error: ex("PermissionError", os_error),
        file_exists_error: ex("FileExistsError", os_error),
        is_a_directory_error: ex("IsADirectoryError", os_error),
        not_a_directory_error: ex("NotADirectoryError", os_error),
        blocking_io_error: ex("BlockingIOError", os_error),
        child_process_error: ex("ChildProcessError", os_error),
        interrupted_error: ex("InterruptedError", os_error),
        process_lookup_error: ex("ProcessLookupError", os_error),
        connection_error,
        broken_pipe_error: ex("BrokenPipeError", connection_error),
        connection_aborted_error: ex("ConnectionAbortedError", connection_error),
        connection_refused_error: ex("ConnectionRefusedError", connection_error),
        connection_reset_error: ex("ConnectionResetError", connection_error),
        unsupported_operation,
        timeout_error: ex("TimeoutError", os_error),
        eof_error: ex("EOFError", exception),
        unicode_error,
        unicode_decode_error: ex("UnicodeDecodeError", unicode_error),
        unicode_encode_error: ex("UnicodeEncodeError", unicode_error),
        system_error: ex("SystemError", exception),
        memory_error: ex("MemoryError", exception),
        syntax_error,
        indentation_error: ex("IndentationError", syntax_error),
        buffer_error: ex("BufferError", exception),
        warning,
        deprecation_warning: ex("DeprecationWarning", warning),
        user_warning: ex("UserWarning", warning),
        runtime_warning: ex("RuntimeWarning", warning),
        other_warnings: [
            "PendingDeprecationWarning",
            "SyntaxWarning",
            "FutureWarning",
            "ImportWarning",
            "UnicodeWarning",
            "BytesWarning",
            "ResourceWarning",
            "EncodingWarning",
        ]
        .map(|name| ex(name, warning)),
    };
    let not_implemented = leak(Object::bootstrap(
        Some(not_implemented_type),
        Payload::Plain,
    ));
    let ellipsis = leak(Object::bootstrap(Some(ellipsis_type), Payload::Plain));
    BuiltinTypes {
        object,
        type_,
        int,
        bool_,
        float,
        complex,
        str: str_,
        bytes,
        bytearray,
        list,
        tuple,
        dict,
        set,
        frozenset,
        range,
        slice,
        function,
        builtin_function,
        method,
        staticmethod,
        classmethod,
        property,
        module,
        cell,
        code,
        generator,
        coroutine,
        async_generator,
        coroutine_wrapper,
        async_generator_asend,
        async_generator_athrow,
        async_generator_wrapped_value,
        none_type,
        not_implemented_type,
        ellipsis_type,
        super_,
        iterator,
        native,
        exc,
        not_implemented,
        ellipsis,
    }
}

static TYPES: OnceLock<BuiltinTypes> = OnceLock::new();

/// The built-in classes (created on first use; methods are added by
/// `crate::builtins::init`).
#[inline(always)]
pub fn types() -> &'static BuiltinTypes {
    TYPES.get_or_init(build)
}

/// The class of any value.
#[inline(always)]
pub fn class_of(v: &Value) -> &'static Object {
    // `types()` only for the immediates: its first-use check is then not
    // paid for every object.
    match v {
        Value::Obj(o) => o.class(),
        Value::Int(_) => types().int,
        Value::Float(_) => types().float,
        Value::Bool(_) => types().bool_,
        Value::None | Value::Null => types().none_type,
    }
}

/// True when `v`'s class is exactly `cls`.
#[inline(always)]
pub fn is_exact(v: &Value, cls: &'static Object) -> bool {
    std::ptr::eq(class_of(v), cls)
}

/// The `Ellipsis` value.
pub fn ellipsis() -> Value {
    Value::Obj(ObjRef::from_object(types().ellipsis))
}

/// The `NotImplemented` value.
pub fn not_implemented() -> Value {
    Value::Obj(ObjRef::from_object(types().not_implemented))
}

/// A shared empty dict (fallback for malformed dict references).
pub fn empty_dict() -> &'static DictObj {
    static EMPTY: OnceLock<DictObj> = OnceLock::new();
    EMPTY.get_or_init(DictObj::new)
}

/// A value for a class object.
pub fn class_value(cls: &'static Object) -> Value {
    Value::Obj(ObjRef::from_object(cls))
}

impl Object {
    /// An object whose class may not exist yet (bootstrap of `type`).
    pub(crate) fn bootstrap(class: Option<&'static Object>, payload: Payload) -> Object {
        let o = Object::new_unclassed(payload);
        if let Some(c) = class {
            o.set_class(c);
        }
        o
    }
}
