//! The ONE instruction table: every opcode of Weft, its family, its cache
//! size, its deopt target and its instrumented twin. Everything else about
//! the instruction set (`Opcode`, names, `cache_words()`, `deopt()`,
//! `family()`, `instrumented()`, the stats families) is derived from the
//! `instruction_set!` invocation at the bottom of this file.
//!
//! Stack notation in the docs: `a b -- c` pops `b` (top) then `a`, pushes `c`.
//! `null` is the empty marker pushed by `PUSH_NULL` (or by `LOAD_GLOBAL` /
//! `LOAD_ATTR` with the low oparg bit set) in the `self_or_null` position of
//! a call.

/// Inline cache units after every member of a family (the unit holding
/// its side-cache index); instructions outside families have none.
pub const FAMILY_CACHE_UNITS: usize = 1;

/// Defines `Opcode`, `Family` and all derived tables from one list.
///
/// * `simple { NAME [=> INSTRUMENTED_NAME], ... }` — instructions with no
///   inline cache and no specialized variants.
/// * `families { BASE words N [=> INSTRUMENTED_BASE] { VARIANT, ... } }` —
///   a cache-bearing adaptive instruction, its payload size in 64-bit
///   side-cache words (the guard word first; the counter and sequence
///   words excluded; the maximum over its members), and its specialized
///   variants, which all deopt to `BASE`.
/// * `superinstructions { NAME = FIRST + SECOND, ... }` — two uncached
///   instructions run in one dispatch when `SECOND` directly follows
///   `FIRST` (CPython 3.11's quickened pairs). Installed over `FIRST` at
///   quickening; `SECOND` stays in the array (jumps may land on it), and
///   the pair runs fused only while `SECOND`'s opcode byte still holds the
///   plain `SECOND`. They deopt to `FIRST`.
/// * `standalone_instrumented { NAME, ... }` — monitoring-only opcodes with
///   no uninstrumented twin (line and instruction events). They belong to
///   no family and have no cache units of their own: each *displaces* the
///   opcode byte of one instruction of any kind (a cache-bearing family
///   member included), whose byte is first recorded in the code's
///   displaced-opcode side table (`CodeUnits::displace`). The displaced
///   instruction keeps its inline cache unit and side-cache entry where
///   they are, and its length, its cache and what runs after the event
///   are all the displaced opcode's (`CodeUnits::resolved_opcode`): code
///   is stepped by the resolved opcode, never by the marker's own
///   (zero) cache units. A displaced family member is recorded as its
///   family's adaptive base, so the marker never hides a specialization
///   whose guards nobody checks.
macro_rules! instruction_set {
    (
        simple { $( $(#[doc = $sdoc:literal])* $simple:ident $(=> $isimple:ident)? ),* $(,)? }
        families { $( $(#[doc = $fdoc:literal])* $base:ident words $words:literal $(=> $ibase:ident)? { $( $(#[doc = $vdoc:literal])* $variant:ident ),* $(,)? } )* }
        superinstructions { $( $(#[doc = $pdoc:literal])* $super:ident = $first:ident + $second:ident ),* $(,)? }
        standalone_instrumented { $( $(#[doc = $idoc:literal])* $instr:ident ),* $(,)? }
    ) => {
        /// Every instruction of the Weft virtual machine. The discriminant is
        /// the opcode byte stored in a [`crate::CodeUnit`].
        #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        pub enum Opcode {
            /// Filler for an inline cache unit (never executed).
            CACHE = 0,
            $( $(#[doc = $sdoc])* $simple, )*
            $( $(#[doc = $fdoc])* $base, $( $(#[doc = $vdoc])* $variant, )* )*
            $( $(#[doc = $pdoc])* $super, )*
            $( $( #[doc = "Instrumented twin (monitoring)."] $isimple, )? )*
            $( $( #[doc = "Instrumented twin (monitoring)."] $ibase, )? )*
            $( $(#[doc = $idoc])* $instr, )*
        }

        /// A specialization family: an adaptive base opcode and its variants.
        #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        pub enum Family {
            $( $base, )*
        }

        impl Family {
            /// All families, in table order.
            pub const ALL: &'static [Family] = &[ $( Family::$base, )* ];

            /// The family's name (its base opcode's name).
            pub const fn name(self) -> &'static str {
                match self { $( Family::$base => stringify!($base), )* }
            }

            /// The family's adaptive base opcode.
            pub const fn base(self) -> Opcode {
                match self { $( Family::$base => Opcode::$base, )* }
            }

            /// Payload words in the side cache (the counter word excluded).
            pub const fn words(self) -> usize {
                match self { $( Family::$base => $words, )* }
            }

            /// The specialized variants of this family.
            pub const fn variants(self) -> &'static [Opcode] {
                match self { $( Family::$base => &[ $( Opcode::$variant, )* ], )* }
            }
        }

        const N_OPCODES: usize = Opcode::ALL.len();

        /// `family()` of every opcode, indexed by byte (derived from the table).
        const FAMILY_TABLE: [Option<Family>; N_OPCODES] = {
            let mut t = [None; N_OPCODES];
            let mut i = 0;
            while i < N_OPCODES {
                t[i] = Opcode::ALL[i].family_computed();
                i += 1;
            }
            t
        };

        /// `deopt()` of every opcode, indexed by byte.
        const DEOPT_TABLE: [Opcode; N_OPCODES] = {
            let mut t = [Opcode::CACHE; N_OPCODES];
            let mut i = 0;
            while i < N_OPCODES {
                t[i] = Opcode::ALL[i].deopt_computed();
                i += 1;
            }
            t
        };

        /// `is_specialized()` of every opcode, indexed by byte.
        const SPECIALIZED_TABLE: [bool; N_OPCODES] = {
            let mut t = [false; N_OPCODES];
            let mut i = 0;
            while i < N_OPCODES {
                t[i] = Opcode::ALL[i].is_specialized_computed();
                i += 1;
            }
            t
        };

        /// `cache_units()` of every opcode, indexed by byte.
        const CACHE_UNITS_TABLE: [u8; N_OPCODES] = {
            let mut t = [0u8; N_OPCODES];
            let mut i = 0;
            while i < N_OPCODES {
                t[i] = if Opcode::ALL[i].family_computed().is_some() { FAMILY_CACHE_UNITS as u8 } else { 0 };
                i += 1;
            }
            t
        };

        /// `cache_words()` of every opcode, indexed by byte: the counter
        /// word, then, for a family with payload words, the sequence word
        /// and the payload words.
        const CACHE_WORDS_TABLE: [u8; N_OPCODES] = {
            let mut t = [0u8; N_OPCODES];
            let mut i = 0;
            while i < N_OPCODES {
                t[i] = match Opcode::ALL[i].family_computed() {
                    Some(f) if f.words() > 0 => 2 + f.words() as u8,
                    Some(_) => 1,
                    None => 0,
                };
                i += 1;
            }
            t
        };

        /// A pattern matching every opcode: the last arm of a `match` that
        /// decides some opcodes itself and sends all the rest one way, with
        /// no `_` (a jump table over every opcode needs no range check).
        #[macro_export]
        macro_rules! any_opcode {
            () => {
                $crate::Opcode::CACHE
                $( | $crate::Opcode::$simple )*
                $( | $crate::Opcode::$base $( | $crate::Opcode::$variant )* )*
                $( | $crate::Opcode::$super )*
                $( $( | $crate::Opcode::$isimple )? )*
                $( $( | $crate::Opcode::$ibase )? )*
                $( | $crate::Opcode::$instr )*
            };
        }

        impl Opcode {
            /// Every opcode, indexed by its byte value.
            pub const ALL: &'static [Opcode] = &[
                Opcode::CACHE,
                $( Opcode::$simple, )*
                $( Opcode::$base, $( Opcode::$variant, )* )*
                $( Opcode::$super, )*
                $( $( Opcode::$isimple, )? )*
                $( $( Opcode::$ibase, )? )*
                $( Opcode::$instr, )*
            ];

            /// Decodes an opcode byte; `None` for bytes that name no opcode.
            #[inline(always)]
            pub fn from_u8(byte: u8) -> Option<Opcode> {
                if (byte as usize) < N_OPCODES {
                    // SAFETY: `Opcode` is `repr(u8)` with the implicit
                    // discriminants 0, 1, 2, ... in declaration order, and
                    // `ALL` lists every variant in that order, so every byte
                    // below `ALL.len()` is a variant's discriminant (checked
                    // by the test `opcode_bytes_round_trip`). A compare
                    // instead of a table load on the eval loop's dispatch.
                    Some(unsafe { std::mem::transmute::<u8, Opcode>(byte) })
                } else {
                    None
                }
            }

            /// The opcode of a byte known to be a discriminant, with no
            /// check (the dispatch loop's decode of a stored opcode byte).
            ///
            /// # Safety
            /// `byte` must be `op as u8` for some `op: Opcode`.
            #[inline(always)]
            pub unsafe fn from_u8_unchecked(byte: u8) -> Opcode {
                debug_assert!((byte as usize) < N_OPCODES);
                // SAFETY: `Opcode` is `repr(u8)` and the caller guarantees
                // `byte` is one of its discriminants.
                unsafe { std::mem::transmute::<u8, Opcode>(byte) }
            }

            /// The opcode's name as `dis` prints it.
            pub const fn name(self) -> &'static str {
                match self {
                    Opcode::CACHE => "CACHE",
                    $( Opcode::$simple => stringify!($simple), )*
                    $( Opcode::$base => stringify!($base), $( Opcode::$variant => stringify!($variant), )* )*
                    $( Opcode::$super => stringify!($super), )*
                    $( $( Opcode::$isimple => stringify!($isimple), )? )*
                    $( $( Opcode::$ibase => stringify!($ibase), )? )*
                    $( Opcode::$instr => stringify!($instr), )*
                }
            }

            /// The family this opcode belongs to (base, variant or
            /// instrumented base), if any.
            const fn family_computed(self) -> Option<Family> {
                match self {
                    $( Opcode::$base $( | Opcode::$variant )* => Some(Family::$base), )*
                    $( $( Opcode::$ibase => Some(Family::$base), )? )*
                    _ => None,
                }
            }

            /// Inline cache units that follow the instruction in the code
            /// array: one (holding the index of its side cache entry) for
            /// every member of a family, zero otherwise.
            #[inline(always)]
            pub const fn cache_units(self) -> usize {
                CACHE_UNITS_TABLE[self as usize] as usize
            }

            /// Side-cache words of this instruction: the counter word, then,
            /// for a family with payload words, the entry's sequence word
            /// and the payload words (`crate::code` has the layout); zero
            /// outside families.
            #[inline(always)]
            pub const fn cache_words(self) -> usize {
                CACHE_WORDS_TABLE[self as usize] as usize
            }

            /// The family this opcode belongs to (base, variant or
            /// instrumented base), if any.
            #[inline(always)]
            pub const fn family(self) -> Option<Family> {
                FAMILY_TABLE[self as usize]
            }

            /// The adaptive base opcode a specialized variant deopts to; the
            /// uninstrumented opcode for an instrumented twin; itself otherwise.
            #[inline(always)]
            pub const fn deopt(self) -> Opcode {
                DEOPT_TABLE[self as usize]
            }

            /// True for a specialized variant of a family.
            #[inline(always)]
            pub const fn is_specialized(self) -> bool {
                SPECIALIZED_TABLE[self as usize]
            }

            /// The adaptive base opcode a specialized variant deopts to; the
            /// uninstrumented opcode for an instrumented twin; itself otherwise.
            const fn deopt_computed(self) -> Opcode {
                match self {
                    $( $( Opcode::$variant => Opcode::$base, )* )*
                    $( Opcode::$super => Opcode::$first, )*
                    $( $( Opcode::$isimple => Opcode::$simple, )? )*
                    $( $( Opcode::$ibase => Opcode::$base, )? )*
                    other => other,
                }
            }

            /// True for a specialized variant of a family.
            const fn is_specialized_computed(self) -> bool {
                match self {
                    $( $( Opcode::$variant => true, )* )*
                    _ => false,
                }
            }

            /// The two instructions a superinstruction runs, in order.
            pub const fn halves(self) -> Option<(Opcode, Opcode)> {
                match self {
                    $( Opcode::$super => Some((Opcode::$first, Opcode::$second)), )*
                    _ => None,
                }
            }

            /// The superinstruction that runs `first` and the `second`
            /// directly after it, if the table has one.
            pub const fn superinstruction(first: Opcode, second: Opcode) -> Option<Opcode> {
                $(
                    if first as u8 == Opcode::$first as u8 && second as u8 == Opcode::$second as u8 {
                        return Some(Opcode::$super);
                    }
                )*
                None
            }

            /// True for an adaptive family base opcode.
            pub const fn is_adaptive(self) -> bool {
                match self {
                    $( Opcode::$base => true, )*
                    _ => false,
                }
            }

            /// The instrumented twin of this opcode's base form, if it has one.
            pub const fn instrumented(self) -> Option<Opcode> {
                match self.deopt() {
                    $( $( Opcode::$simple => Some(Opcode::$isimple), )? )*
                    $( $( Opcode::$base => Some(Opcode::$ibase), )? )*
                    _ => None,
                }
            }

            /// True for the standalone monitoring opcodes (line and
            /// instruction markers), which displace an instruction rather
            /// than replace it with its twin.
            #[inline(always)]
            pub const fn is_marker(self) -> bool {
                match self {
                    $( Opcode::$instr => true, )*
                    _ => false,
                }
            }

            /// True for every monitoring opcode (twins and standalone).
            pub const fn is_instrumented(self) -> bool {
                match self {
                    $( $( Opcode::$isimple => true, )? )*
                    $( $( Opcode::$ibase => true, )? )*
                    $( Opcode::$instr => true, )*
                    _ => false,
                }
            }
        }
    };
}

instruction_set! {
    simple {
        /// Does nothing.
        NOP,
        /// `x --`
        POP_TOP,
        /// `-- null`
        PUSH_NULL,
        /// Prefix: the next instruction's oparg is `(this << 8) | its own`.
        EXTENDED_ARG,
        /// `a ... -- a ... a`: pushes a copy of the n-th item (1 = top).
        COPY,
        /// Swaps the top with the n-th item (n >= 2).
        SWAP,
        /// `-- consts[arg]`
        LOAD_CONST,
        /// `-- locals[arg]`; UnboundLocalError when unbound.
        LOAD_FAST,
        /// `v --`: locals[arg] = v
        STORE_FAST,
        /// Unbinds locals[arg] (UnboundLocalError when already unbound).
        DELETE_FAST,
        /// `-- locals[arg]`, or null when unbound; then unbinds the local
        /// (an inlined comprehension hides the enclosing code's variable).
        LOAD_FAST_AND_CLEAR,
        /// `-- cells[arg].contents` (NameError/UnboundLocalError when empty).
        LOAD_DEREF,
        /// `v --`: cells[arg].contents = v
        STORE_DEREF,
        /// Empties cells[arg].
        DELETE_DEREF,
        /// `-- cells[arg]` (the cell object itself, to build a closure).
        LOAD_CLOSURE,
        /// Class bodies: `-- v`, from the namespace dict if `names`-named key
        /// `freevar_names[arg]` is there, else from cells[arg].
        LOAD_CLASSDEREF,
        /// `-- v`: names[arg] from locals dict, then globals, then builtins.
        LOAD_NAME,
        /// `v --`: locals dict[names[arg]] = v
        STORE_NAME,
        /// del locals dict[names[arg]]
        DELETE_NAME,
        /// `v --`: globals[names[arg]] = v
        STORE_GLOBAL,
        /// del globals[names[arg]]
        DELETE_GLOBAL,
        /// `v owner --`: del owner.names[arg]
        DELETE_ATTR,
        /// `container key --`: del container[key]
        DELETE_SUBSCR,
        /// `v -- -v`
        UNARY_NEGATIVE,
        /// `v -- +v`
        UNARY_POSITIVE,
        /// `b -- not b` (b is an exact bool, produced by TO_BOOL)
        UNARY_NOT,
        /// `v -- ~v`
        UNARY_INVERT,
        /// `a b -- a is b` (arg 1: `is not`)
        IS_OP,
        /// `-- ` jump forward by arg code units.
        JUMP_FORWARD => INSTRUMENTED_JUMP_FORWARD,
        /// `b --`: jump forward by arg if b is False (b is an exact bool).
        POP_JUMP_IF_FALSE => INSTRUMENTED_POP_JUMP_IF_FALSE,
        /// `b --`: jump forward by arg if b is True.
        POP_JUMP_IF_TRUE => INSTRUMENTED_POP_JUMP_IF_TRUE,
        /// `v --`: jump forward by arg if v is None.
        POP_JUMP_IF_NONE => INSTRUMENTED_POP_JUMP_IF_NONE,
        /// `v --`: jump forward by arg if v is not None.
        POP_JUMP_IF_NOT_NONE => INSTRUMENTED_POP_JUMP_IF_NOT_NONE,
        /// `v --`: returns v from the frame.
        RETURN_VALUE => INSTRUMENTED_RETURN_VALUE,
        /// `v -- sent`: suspends a generator frame yielding v.
        YIELD_VALUE => INSTRUMENTED_YIELD_VALUE,
        /// `items*n -- tuple`
        BUILD_TUPLE,
        /// `items*n -- list`
        BUILD_LIST,
        /// `items*n -- set`
        BUILD_SET,
        /// `(k v)*n -- dict`
        BUILD_MAP,
        /// `pieces*n -- str` (concatenation of n strs)
        BUILD_STRING,
        /// `start stop [step] -- slice` (arg 2 or 3)
        BUILD_SLICE,
        /// `list ...(arg-1 items) v -- list ...`: list.append(v), list at depth arg
        LIST_APPEND,
        /// `set ... v -- set ...`: set.add(v), set at depth arg
        SET_ADD,
        /// `dict ... k v -- dict ...`: dict[k] = v, dict at depth arg (after popping k v)
        MAP_ADD,
        /// `list ... iterable -- list ...`: list.extend(iterable)
        LIST_EXTEND,
        /// `set ... iterable -- set ...`: set.update(iterable)
        SET_UPDATE,
        /// `dict ... mapping -- dict ...`: dict.update(mapping)
        DICT_UPDATE,
        /// `callable null_or_self args... dict ... mapping -- ...`: like
        /// DICT_UPDATE but a duplicate key is a TypeError ("got multiple
        /// values for keyword argument"), for `f(**a, **b)`.
        DICT_MERGE,
        /// `list -- tuple`
        LIST_TO_TUPLE,
        /// `seq -- items...` with a starred target: arg = before | (after << 8)
        UNPACK_EX,
        /// `[defaults] [kwdefaults] [annotations] [closure] code -- function`;
        /// arg flags: 1 defaults tuple, 2 kwdefaults dict, 4 annotations
        /// tuple of (name, value) pairs flattened, 8 closure tuple of cells.
        MAKE_FUNCTION,
        /// `-- __build_class__`
        LOAD_BUILD_CLASS,
        /// `-- AssertionError`
        LOAD_ASSERTION_ERROR,
        /// `--`: binds `__annotations__` to a new dict in the current
        /// namespace (module or class body) unless it is already bound.
        SETUP_ANNOTATIONS,
        /// `[exc [cause]] --`: raise (arg 0: bare re-raise of the handled exception).
        RAISE_VARARGS,
        /// `values*n exc -- values*n`: re-raises exc; when n > 0, values[0]
        /// (the deepest of the n) is an int restored as the frame's last
        /// instruction for the traceback.
        RERAISE,
        /// `exc -- prev_exc exc`: enters an except block; prev_exc is the
        /// previously handled exception (or None).
        PUSH_EXC_INFO,
        /// `prev_exc --`: leaves an except block, restoring prev_exc.
        POP_EXCEPT,
        /// `exc type -- exc bool`: isinstance-style match of an except clause
        /// (TypeError when type is not an exception class or tuple of them).
        CHECK_EXC_MATCH,
        /// `rest type -- rest' match`: the `except*` clause split of the
        /// exception `rest` by `type` (an exception class or tuple of them,
        /// never an exception group class); match is None when nothing
        /// matched, and a naked exception that matches comes wrapped in an
        /// ExceptionGroup. A match becomes the handled exception.
        CHECK_EG_MATCH,
        /// `orig results -- exc|None`: what an `except*` statement raises,
        /// from the handled exception and the list of what its clauses
        /// raised followed by the unmatched rest.
        PREP_RERAISE_STAR,
        /// `mgr -- exit_bound enter_result`: calls type(mgr).__enter__.
        BEFORE_WITH,
        /// `exit_bound lasti prev_exc exc -- exit_bound lasti prev_exc exc res`:
        /// calls exit_bound(type(exc), exc, None).
        WITH_EXCEPT_START,
        /// `iterable -- iterator` for `yield from` (generators pass through).
        GET_YIELD_FROM_ITER,
        /// `v -- awaitable`: the iterator an `await` drives: a coroutine
        /// itself, or what `type(v).__await__` returns. arg 1: after
        /// `__aenter__`, 2: after `__aexit__` (for the error message).
        GET_AWAITABLE,
        /// `v -- aiter`: `type(v).__aiter__(v)` for `async for`.
        GET_AITER,
        /// `aiter -- aiter awaitable`: the awaitable of `aiter.__anext__()`.
        GET_ANEXT,
        /// `aiter exc --`: handler end of `async for`: StopAsyncIteration
        /// ends the loop, anything else is re-raised.
        END_ASYNC_FOR,
        /// `mgr -- aexit_bound aenter_awaitable`: looks up `__aexit__` and
        /// calls `__aenter__` for `async with`.
        BEFORE_ASYNC_WITH,
        /// `v -- wrapped`: marks a value an async generator yields to its
        /// consumer (as opposed to one an inner `await` passes out).
        ASYNC_GEN_WRAP,
        /// `receiver value -- value`: pops the finished sub-iterator.
        END_SEND => INSTRUMENTED_END_SEND,
        /// `sub_iter last_sent_value exc -- None value`: handler of `throw()`
        /// into a `yield from`: if exc is StopIteration, finishes with its
        /// value; otherwise re-raises.
        CLEANUP_THROW,
        /// `level fromlist -- module`: import names[arg].
        IMPORT_NAME,
        /// `module -- module attr`: from-import names[arg].
        IMPORT_FROM,
        /// `v [spec] -- str`: arg & 3: conversion (0 none, 1 str, 2 repr,
        /// 3 ascii); arg & 4: a format spec is on the stack.
        FORMAT_VALUE,
        /// `v -- v len(v)` (sequence and mapping patterns).
        GET_LEN,
        /// `subject -- subject bool`: True when the subject is a sequence
        /// for `match` (list, tuple, range and their subclasses).
        MATCH_SEQUENCE,
        /// `subject -- subject bool`: True when the subject is a mapping
        /// for `match` (dict and its subclasses).
        MATCH_MAPPING,
        /// `subject keys -- subject keys values|None`: the values of the
        /// tuple of keys in the mapping subject, as a tuple, or None when
        /// one is missing.
        MATCH_KEYS,
        /// `subject cls names -- attrs|None`: when the subject is an
        /// instance of cls, the tuple of its arg positional sub-pattern
        /// attributes (`__match_args__`) and of the keyword attributes
        /// named by the tuple names; None otherwise.
        MATCH_CLASS,
    }
    families {
        /// Function/generator entry check (interrupts, monitoring version).
        RESUME words 0 => INSTRUMENTED_RESUME {
            RESUME_CHECK,
        }
        /// `owner -- attr` or, with arg & 1, `owner -- meth self|null`;
        /// the name is names[arg >> 1].
        LOAD_ATTR words 2 {
            LOAD_ATTR_INSTANCE_VALUE,
            LOAD_ATTR_SLOT,
            LOAD_ATTR_WITH_HINT,
            LOAD_ATTR_MODULE,
            LOAD_ATTR_CLASS,
            LOAD_ATTR_METHOD_WITH_VALUES,
            LOAD_ATTR_METHOD_NO_DICT,
            LOAD_ATTR_METHOD_LAZY_DICT,
            LOAD_ATTR_PROPERTY,
            LOAD_ATTR_NONDESCRIPTOR_WITH_VALUES,
            LOAD_ATTR_NONDESCRIPTOR_NO_DICT,
        }
        /// `-- v` (arg & 1: also push null); name names[arg >> 1] from
        /// globals then builtins.
        LOAD_GLOBAL words 2 {
            /// Guard: the globals' values version; payload: the value itself
            /// when immortal or immediate (no lock, no count), else read by
            /// entry index.
            LOAD_GLOBAL_MODULE,
            /// For namespaces whose values keep changing: guard: globals
            /// keys version; the value is read by entry index.
            LOAD_GLOBAL_MODULE_KEYS,
            LOAD_GLOBAL_BUILTIN,
        }
        /// `a b -- a op b`; arg is the operator (see `BinaryOperator`), 26 is
        /// subscription `a[b]`. Two words: `SUBSCR_GETITEM` and `PY_SPECIAL`
        /// cache the special method beside its guard.
        BINARY_OP words 2 {
            BINARY_OP_ADD_INT,
            BINARY_OP_SUBTRACT_INT,
            BINARY_OP_MULTIPLY_INT,
            BINARY_OP_ADD_FLOAT,
            BINARY_OP_SUBTRACT_FLOAT,
            BINARY_OP_MULTIPLY_FLOAT,
            BINARY_OP_ADD_UNICODE,
            BINARY_OP_INPLACE_ADD_UNICODE,
            BINARY_OP_SUBSCR_LIST_INT,
            BINARY_OP_SUBSCR_TUPLE_INT,
            BINARY_OP_SUBSCR_DICT,
            BINARY_OP_SUBSCR_STR_INT,
            /// `obj[key]` where the class defines a Python `__getitem__`:
            /// guard: the class's type version; payload: the function.
            BINARY_OP_SUBSCR_GETITEM,
            /// `a op b` where `a`'s class defines the operator's method
            /// (`__add__`, ...) in Python and `b` is of that class or a
            /// built-in one, or the in-place method (`__iadd__`, ...) of
            /// an in-place operator: guard: the class's type version;
            /// payload: the function.
            BINARY_OP_PY_SPECIAL,
            /// Numeric operations on immediate ints/floats outside the
            /// variants above (mixed int/float arithmetic, `/`, `//` and `%`
            /// on ints, bitwise ops), as CPython 3.14's `BINARY_OP_EXTEND`.
            BINARY_OP_EXTEND,
        }
        /// `callable self|null args*arg -- result`
        CALL words 2 => INSTRUMENTED_CALL {
            CALL_PY_EXACT_ARGS,
            CALL_PY_GENERAL,
            CALL_BOUND_METHOD_EXACT_ARGS,
            CALL_BOUND_METHOD_GENERAL,
            CALL_ALLOC_AND_ENTER_INIT,
            CALL_BUILTIN_O,
            CALL_BUILTIN_FAST,
            CALL_BUILTIN_FAST_WITH_KEYWORDS,
            CALL_BUILTIN_CLASS,
            CALL_METHOD_DESCRIPTOR_O,
            CALL_METHOD_DESCRIPTOR_FAST,
            CALL_METHOD_DESCRIPTOR_NOARGS,
            CALL_LEN,
            CALL_ISINSTANCE,
            CALL_TYPE_1,
            CALL_STR_1,
            CALL_TUPLE_1,
            CALL_LIST_APPEND,
            CALL_NON_PY_GENERAL,
        }
        /// `callable self|null args*arg kwnames -- result`; kwnames is a
        /// tuple of the last len(kwnames) argument names.
        CALL_KW words 2 => INSTRUMENTED_CALL_KW {
            CALL_KW_PY,
            CALL_KW_BOUND_METHOD,
            CALL_KW_NON_PY,
        }
        /// `callable self|null args_tuple [kwargs_dict] -- result` (arg & 1: kwargs).
        CALL_FUNCTION_EX words 1 => INSTRUMENTED_CALL_FUNCTION_EX {
            CALL_FUNCTION_EX_PY,
            CALL_FUNCTION_EX_NON_PY_GENERAL,
        }
        /// `iter -- iter next`, or on exhaustion pop iter and jump forward by arg.
        FOR_ITER words 0 => INSTRUMENTED_FOR_ITER {
            FOR_ITER_LIST,
            FOR_ITER_TUPLE,
            FOR_ITER_RANGE,
            FOR_ITER_GEN,
            FOR_ITER_NATIVE,
        }
        /// `iterable -- iterator`
        GET_ITER words 0 {
            GET_ITER_LIST,
            GET_ITER_TUPLE,
            GET_ITER_RANGE,
        }
        /// `a b -- a in b` (arg 1: `not in`)
        CONTAINS_OP words 0 {
            CONTAINS_OP_DICT,
            CONTAINS_OP_SET,
        }
        /// `a b -- a cmp b`; arg: 0 <, 1 <=, 2 ==, 3 !=, 4 >, 5 >=, plus
        /// [`COMPARE_TO_BOOL`] when the result feeds a branch (it is then
        /// `bool(a cmp b)`, and no TO_BOOL follows; CPython 3.13's bit).
        COMPARE_OP words 0 {
            COMPARE_OP_INT,
            COMPARE_OP_FLOAT,
            COMPARE_OP_STR,
        }
        /// `v owner --`: owner.names[arg] = v
        STORE_ATTR words 2 {
            STORE_ATTR_INSTANCE_VALUE,
            STORE_ATTR_SLOT,
            STORE_ATTR_WITH_HINT,
        }
        /// `v container key --`: container[key] = v
        STORE_SUBSCR words 0 {
            STORE_SUBSCR_LIST_INT,
            STORE_SUBSCR_DICT,
        }
        /// `seq -- items...` (arg items, the first ends on top)
        UNPACK_SEQUENCE words 0 {
            UNPACK_SEQUENCE_TWO_TUPLE,
            UNPACK_SEQUENCE_TUPLE,
            UNPACK_SEQUENCE_LIST,
        }
        /// `v -- bool(v)`
        TO_BOOL words 1 {
            TO_BOOL_BOOL,
            TO_BOOL_INT,
            TO_BOOL_NONE,
            TO_BOOL_LIST,
            TO_BOOL_STR,
            TO_BOOL_ALWAYS_TRUE,
        }
        /// `receiver value -- receiver result`: sends value into the
        /// sub-iterator; when it returns, replaces value by its return value
        /// and jumps forward by arg.
        SEND words 0 {
            SEND_GEN,
        }
        /// `global_super class self -- attr` or (arg & 1) `-- meth self|null`;
        /// name names[arg >> 2]; arg & 2: `super` was called with two args.
        LOAD_SUPER_ATTR words 1 => INSTRUMENTED_LOAD_SUPER_ATTR {
            LOAD_SUPER_ATTR_ATTR,
            LOAD_SUPER_ATTR_METHOD,
        }
        /// Jump backward by arg code units (checks for interrupts / safe points).
        JUMP_BACKWARD words 0 => INSTRUMENTED_JUMP_BACKWARD {
            /// The loop also passes a `RESUME`, which polls for interrupts
            /// and stop-the-world: the jump skips both the poll and the
            /// adaptive counter.
            JUMP_BACKWARD_NO_INTERRUPT,
            /// Polls at the safepoint but skips the adaptive counter (and,
            /// in CPython 3.14, the JIT warm-up counter): nothing about a
            /// backward jump depends on operand types.
            JUMP_BACKWARD_NO_JIT,
        }
    }
    superinstructions {
        /// `LOAD_FAST a; LOAD_FAST b`.
        LOAD_FAST__LOAD_FAST = LOAD_FAST + LOAD_FAST,
        /// `LOAD_FAST a; LOAD_CONST c`.
        LOAD_FAST__LOAD_CONST = LOAD_FAST + LOAD_CONST,
        /// `LOAD_CONST c; LOAD_FAST a`.
        LOAD_CONST__LOAD_FAST = LOAD_CONST + LOAD_FAST,
        /// `STORE_FAST a; LOAD_FAST b`.
        STORE_FAST__LOAD_FAST = STORE_FAST + LOAD_FAST,
        /// `STORE_FAST a; STORE_FAST b`.
        STORE_FAST__STORE_FAST = STORE_FAST + STORE_FAST,
    }
    standalone_instrumented {
        /// Raises a LINE event, then runs the original opcode from the side table.
        INSTRUMENTED_LINE,
        /// Raises an INSTRUCTION event, then runs the original opcode.
        INSTRUMENTED_INSTRUCTION,
    }
}

/// The `COMPARE_OP` oparg bit asking for the result as a bool.
pub const COMPARE_TO_BOOL: u32 = 16;

/// The comparison of a `COMPARE_OP` oparg (0 `<` .. 5 `>=`), without the
/// [`COMPARE_TO_BOOL`] bit.
#[inline(always)]
pub const fn comparison_of(arg: u32) -> u32 {
    arg & (COMPARE_TO_BOOL - 1)
}

/// The operators of `BINARY_OP`, numbered as CPython numbers them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum BinaryOperator {
    Add = 0,
    And = 1,
    FloorDivide = 2,
    LShift = 3,
    MatrixMultiply = 4,
    Multiply = 5,
    Remainder = 6,
    Or = 7,
    Power = 8,
    RShift = 9,
    Subtract = 10,
    TrueDivide = 11,
    Xor = 12,
    InplaceAdd = 13,
    InplaceAnd = 14,
    InplaceFloorDivide = 15,
    InplaceLShift = 16,
    InplaceMatrixMultiply = 17,
    InplaceMultiply = 18,
    InplaceRemainder = 19,
    InplaceOr = 20,
    InplacePower = 21,
    InplaceRShift = 22,
    InplaceSubtract = 23,
    InplaceTrueDivide = 24,
    InplaceXor = 25,
    Subscr = 26,
}

impl BinaryOperator {
    /// Decodes a `BINARY_OP` oparg.
    pub fn from_arg(arg: u32) -> Option<BinaryOperator> {
        use BinaryOperator::*;
        const TABLE: [BinaryOperator; 27] = [
            Add,
            And,
            FloorDivide,
            LShift,
            MatrixMultiply,
            Multiply,
            Remainder,
            Or,
            Power,
            RShift,
            Subtract,
            TrueDivide,
            Xor,
            InplaceAdd,
            InplaceAnd,
            InplaceFloorDivide,
            InplaceLShift,
            InplaceMatrixMultiply,
            InplaceMultiply,
            InplaceRemainder,
            InplaceOr,
            InplacePower,
            InplaceRShift,
            InplaceSubtract,
            InplaceTrueDivide,
            InplaceXor,
            Subscr,
        ];
        TABLE.get(arg as usize).copied()
    }

    /// The non-inplace form of an inplace operator (itself otherwise).
    pub fn base(self) -> BinaryOperator {
        let n = self as u8;
        if (13..=25).contains(&n) {
            BinaryOperator::from_arg((n - 13) as u32).unwrap_or(self)
        } else {
            self
        }
    }

    /// True for the `+=`-style forms.
    pub fn is_inplace(self) -> bool {
        (13..=25).contains(&(self as u8))
    }

    /// The operator's source symbol (`+`, `+=`, `[]`).
    pub fn symbol(self) -> &'static str {
        use BinaryOperator::*;
        match self {
            Add => "+",
            And => "&",
            FloorDivide => "//",
            LShift => "<<",
            MatrixMultiply => "@",
            Multiply => "*",
            Remainder => "%",
            Or => "|",
            Power => "**",
            RShift => ">>",
            Subtract => "-",
            TrueDivide => "/",
            Xor => "^",
            InplaceAdd => "+=",
            InplaceAnd => "&=",
            InplaceFloorDivide => "//=",
            InplaceLShift => "<<=",
            InplaceMatrixMultiply => "@=",
            InplaceMultiply => "*=",
            InplaceRemainder => "%=",
            InplaceOr => "|=",
            InplacePower => "**=",
            InplaceRShift => ">>=",
            InplaceSubtract => "-=",
            InplaceTrueDivide => "/=",
            InplaceXor => "^=",
            Subscr => "[]",
        }
    }
}

impl Opcode {
    /// Where a jump instruction at unit `index` with the whole operand
    /// `arg` (prefixes included) goes when it jumps: forward or backward
    /// by `arg` units from the instruction after it (and its cache);
    /// `None` for an instruction that does not jump.
    pub fn jump_target(self, index: usize, arg: u32) -> Option<usize> {
        let after = index + 1 + self.cache_units();
        match self.deopt() {
            Opcode::JUMP_FORWARD
            | Opcode::POP_JUMP_IF_FALSE
            | Opcode::POP_JUMP_IF_TRUE
            | Opcode::POP_JUMP_IF_NONE
            | Opcode::POP_JUMP_IF_NOT_NONE
            | Opcode::FOR_ITER
            | Opcode::SEND => Some(after + arg as usize),
            Opcode::JUMP_BACKWARD => after.checked_sub(arg as usize),
            _ => None,
        }
    }

    /// True when the operand indexes the code object's local variables
    /// (`co_varnames`).
    pub fn names_local(self) -> bool {
        matches!(
            self.deopt(),
            Opcode::LOAD_FAST
                | Opcode::STORE_FAST
                | Opcode::DELETE_FAST
                | Opcode::LOAD_FAST_AND_CLEAR
        )
    }

    /// True when control never goes on at the next instruction: an
    /// unconditional jump, a return or a raise.
    pub fn never_falls_through(self) -> bool {
        matches!(
            self.deopt(),
            Opcode::JUMP_FORWARD
                | Opcode::JUMP_BACKWARD
                | Opcode::RETURN_VALUE
                | Opcode::RAISE_VARARGS
                | Opcode::RERAISE
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opcode_bytes_round_trip() {
        for (i, op) in Opcode::ALL.iter().enumerate() {
            assert_eq!(*op as usize, i, "{} out of place", op.name());
            assert_eq!(Opcode::from_u8(i as u8), Some(*op));
        }
        assert!(Opcode::ALL.len() <= 256);
        for b in Opcode::ALL.len()..256 {
            assert_eq!(Opcode::from_u8(b as u8), None);
        }
        for op in Opcode::ALL {
            // SAFETY: the byte of an opcode.
            assert_eq!(unsafe { Opcode::from_u8_unchecked(*op as u8) }, *op);
        }
    }

    #[test]
    fn superinstructions_pair_two_uncached_instructions_and_deopt_to_the_first() {
        let supers: Vec<Opcode> = Opcode::ALL
            .iter()
            .copied()
            .filter(|op| op.halves().is_some())
            .collect();
        assert_eq!(supers.len(), 5);
        for op in supers {
            let Some((first, second)) = op.halves() else {
                unreachable!()
            };
            assert_eq!(op.deopt(), first);
            assert_eq!(Opcode::superinstruction(first, second), Some(op));
            assert_eq!(op.name(), format!("{}__{}", first.name(), second.name()));
            for o in [op, first, second] {
                assert_eq!(o.cache_units(), 0, "{}", o.name());
                assert!(o.family().is_none() && !o.is_specialized());
            }
        }
        assert_eq!(
            Opcode::superinstruction(Opcode::LOAD_FAST, Opcode::RETURN_VALUE),
            None
        );
    }

    #[test]
    fn variants_deopt_to_their_family_base() {
        for fam in Family::ALL {
            assert_eq!(fam.base().family(), Some(*fam));
            assert!(fam.base().is_adaptive());
            for v in fam.variants() {
                assert_eq!(v.deopt(), fam.base(), "{}", v.name());
                assert!(v.is_specialized());
                assert_eq!(v.family(), Some(*fam));
                assert_eq!(v.cache_units(), fam.base().cache_units());
                assert_eq!(v.cache_units(), FAMILY_CACHE_UNITS);
                assert_eq!(v.cache_words(), fam.base().cache_words());
                assert!(v.name().starts_with(fam.name()));
            }
        }
        assert_eq!(Family::ALL.len(), 18);
    }

    #[test]
    fn simple_opcodes_have_no_cache_and_deopt_to_themselves() {
        for op in [Opcode::NOP, Opcode::LOAD_FAST, Opcode::RETURN_VALUE] {
            assert_eq!(op.cache_units(), 0);
            assert_eq!(op.cache_words(), 0);
            assert_eq!(op.deopt(), op);
            assert_eq!(op.family(), None);
        }
    }

    #[test]
    fn instrumented_twins_map_both_ways() {
        assert_eq!(
            Opcode::CALL_PY_EXACT_ARGS.instrumented(),
            Some(Opcode::INSTRUMENTED_CALL)
        );
        assert_eq!(Opcode::INSTRUMENTED_CALL.deopt(), Opcode::CALL);
        assert_eq!(Opcode::INSTRUMENTED_CALL.cache_units(), 1);
        assert_eq!(
            Opcode::RETURN_VALUE.instrumented(),
            Some(Opcode::INSTRUMENTED_RETURN_VALUE)
        );
        assert!(Opcode::INSTRUMENTED_LINE.is_instrumented());
        assert_eq!(Opcode::LOAD_FAST.instrumented(), None);
        for op in Opcode::ALL {
            if let Some(twin) = op.instrumented() {
                assert!(twin.is_instrumented());
                assert_eq!(twin.deopt(), op.deopt());
            }
        }
    }

    #[test]
    fn binary_operator_args_decode() {
        assert_eq!(
            BinaryOperator::from_arg(13),
            Some(BinaryOperator::InplaceAdd)
        );
        assert_eq!(BinaryOperator::InplaceAdd.base(), BinaryOperator::Add);
        assert_eq!(BinaryOperator::from_arg(26), Some(BinaryOperator::Subscr));
        assert_eq!(BinaryOperator::from_arg(27), None);
    }
}
