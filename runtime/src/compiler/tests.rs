//! Unit tests of the compiler: instruction shapes, exception tables,
//! symbol tables, refused constructs and CPython's compile-time errors,
//! the whole corpus, and robustness against arbitrary input.

use super::*;
use std::sync::Arc;

fn compile(src: &str) -> CompiledCode {
    match compile_module(src, "<test>") {
        Ok(c) => {
            validate(&c);
            c
        }
        Err(e) => panic!("compile failed: {e:?}\n{src}"),
    }
}

fn compile_err(src: &str) -> CompileError {
    match compile_module(src, "<test>") {
        Ok(c) => panic!("expected an error for {src:?}, got:\n{}", disassemble(&c)),
        Err(e) => e,
    }
}

/// Decoded instructions: (unit index, opcode, full oparg).
fn instrs(code: &CompiledCode) -> Vec<(usize, Opcode, u32)> {
    let mut out = Vec::new();
    for_each_instruction(code, |i, op, arg| out.push((i, op, arg)));
    out
}

/// `NAME arg` strings, with names resolved for readability.
fn ops(code: &CompiledCode) -> Vec<String> {
    instrs(code)
        .into_iter()
        .map(|(i, op, arg)| {
            let d = describe_arg(code, i, op, arg);
            if d.is_empty() {
                format!("{} {arg}", op.name())
            } else {
                format!("{} {d}", op.name())
            }
        })
        .collect()
}

fn nested<'a>(code: &'a CompiledCode, name: &str) -> &'a CompiledCode {
    fn find<'a>(code: &'a CompiledCode, name: &str) -> Option<&'a CompiledCode> {
        for c in &code.consts {
            if let Constant::Code(inner) = c {
                if inner.name == name || inner.qualname == name {
                    return Some(inner);
                }
                if let Some(found) = find(inner, name) {
                    return Some(found);
                }
            }
        }
        None
    }
    find(code, name).unwrap_or_else(|| panic!("no code object {name}:\n{}", disassemble(code)))
}

/// Asserts that `needle` occurs as a contiguous run in `ops`.
fn assert_seq(code: &CompiledCode, needle: &[&str]) {
    let hay = ops(code);
    let matches = |have: &String, want: &str| {
        have == want || (!want.contains(' ') && have.split(' ').next() == Some(want))
    };
    let found = hay
        .windows(needle.len())
        .any(|w| w.iter().zip(needle).all(|(a, b)| matches(a, b)));
    assert!(
        found,
        "sequence {needle:#?} not found in:\n{}",
        disassemble(code)
    );
}

fn has_op(code: &CompiledCode, op: Opcode) -> bool {
    instrs(code).iter().any(|(_, o, _)| *o == op)
}

/// Structural invariants every code object must satisfy.
fn validate(code: &CompiledCode) {
    assert_eq!(code.units.len(), code.lines.len(), "{}", code.qualname);
    let decoded = instrs(code);
    let mut starts: std::collections::HashSet<usize> = std::collections::HashSet::new();
    for_each_instruction_with_start(code, |start, _, _, _| {
        starts.insert(start);
    });
    // Every unit is an instruction, a cache of the previous one, or an EXTENDED_ARG.
    let mut expected_cache = 0usize;
    for (i, (byte, _)) in code.units.iter().enumerate() {
        let op = Opcode::from_u8(*byte).expect("valid opcode byte");
        if expected_cache > 0 {
            assert_eq!(
                op,
                Opcode::CACHE,
                "unit {i} of {} should be a cache",
                code.qualname
            );
            expected_cache -= 1;
            continue;
        }
        assert_ne!(op, Opcode::CACHE, "stray cache at {i} in {}", code.qualname);
        if op != Opcode::EXTENDED_ARG {
            expected_cache = op.cache_units();
        }
    }
    assert_eq!(expected_cache, 0);
    for (i, op, arg) in &decoded {
        if let Some(t) = jump_target(*i, *op, *arg) {
            assert!(
                starts.contains(&t) || t == code.units.len(),
                "jump at {i} in {} lands at {t}, not an instruction",
                code.qualname
            );
        }
        match op {
            Opcode::LOAD_CONST => assert!((*arg as usize) < code.consts.len()),
            op if op.names_local() => {
                assert!((*arg as usize) < code.varnames.len())
            }
            Opcode::LOAD_DEREF
            | Opcode::STORE_DEREF
            | Opcode::DELETE_DEREF
            | Opcode::LOAD_CLOSURE
            | Opcode::LOAD_CLASSDEREF => {
                assert!((*arg as usize) < code.cellvars.len() + code.freevars.len())
            }
            Opcode::LOAD_GLOBAL | Opcode::LOAD_ATTR => {
                assert!(((*arg >> 1) as usize) < code.names.len())
            }
            Opcode::LOAD_SUPER_ATTR => assert!(((*arg >> 2) as usize) < code.names.len()),
            Opcode::LOAD_NAME
            | Opcode::STORE_NAME
            | Opcode::DELETE_NAME
            | Opcode::STORE_GLOBAL
            | Opcode::DELETE_GLOBAL
            | Opcode::STORE_ATTR
            | Opcode::DELETE_ATTR
            | Opcode::IMPORT_NAME
            | Opcode::IMPORT_FROM => assert!((*arg as usize) < code.names.len()),
            _ => {}
        }
    }
    assert_eq!(decoded.first().map(|d| d.1), Some(Opcode::RESUME));
    // Exception table: sorted, non-overlapping, targets are instructions.
    let mut last_end = 0;
    for e in &code.exception_table {
        assert!(e.start < e.end, "{e:?}");
        assert!(e.start >= last_end, "overlap in {}: {e:?}", code.qualname);
        last_end = e.end;
        assert!(starts.contains(&(e.start as usize)));
        assert!(starts.contains(&(e.target as usize)));
        assert!(e.depth + 2 <= code.max_stack_depth + 2);
    }
    assert_eq!(code.cell2arg.len(), code.cellvars.len());
    assert!(code.posonly_arg_count <= code.arg_count);
    if let Err(e) = verify_control_flow(code).and_then(|()| verify_stack_depths(code)) {
        panic!("{}: {e}\n{}", code.qualname, disassemble(code));
    }
    for c in &code.consts {
        if let Constant::Code(inner) = c {
            validate(inner);
        }
    }
}

#[test]
fn control_flow_verification() {
    // The eval loop fetches without a bounds check because every code
    // object passed this: compiled code passes (here and in `validate`,
    // over every test program and the corpus); code that could run past
    // its end does not.
    let good = compile("def f(x):\n    while x:\n        x -= 1\n    return x\n");
    let f = nested(&good, "f").clone();
    assert_eq!(verify_control_flow(&f), Ok(()));
    let refused = |change: &dyn Fn(&mut CompiledCode)| {
        let mut code = f.clone();
        change(&mut code);
        verify_control_flow(&code).is_err()
    };
    // The final RETURN_VALUE removed: the code falls off its end.
    assert!(refused(&|c| {
        c.units.pop();
    }));
    // A trailing EXTENDED_ARG prefixes nothing.
    assert!(refused(&|c| c.units.push((Opcode::EXTENDED_ARG as u8, 0))));
    // A jump past the end.
    assert!(refused(&|c| {
        let at = instrs(c)
            .into_iter()
            .find(|(_, op, _)| op.deopt() == Opcode::POP_JUMP_IF_FALSE)
            .map(|(i, _, _)| i)
            .expect("the loop's test");
        c.units[at].1 = 255;
    }));
    // A handler outside the code.
    assert!(refused(&|c| {
        c.exception_table.push(ExceptionTableEntry {
            start: 0,
            end: 1,
            target: c.units.len() as u32,
            depth: 0,
            lasti: false,
        })
    }));
    assert!(refused(&|c| c.units.clear()));
    // Operands the loop indexes unchecked: a local and a constant out of
    // range (a superinstruction's first half included).
    let operand_at = |c: &CompiledCode, want: Opcode| {
        instrs(c)
            .into_iter()
            .find(|(_, op, _)| *op == want)
            .map(|(i, _, _)| i)
            .expect("the instruction")
    };
    assert!(refused(&|c| {
        let at = operand_at(c, Opcode::LOAD_FAST);
        c.units[at].1 = c.varnames.len() as u8;
    }));
    assert!(refused(&|c| {
        let at = operand_at(c, Opcode::LOAD_CONST);
        c.units[at].1 = c.consts.len() as u8;
    }));
    assert!(refused(&|c| {
        let at = operand_at(c, Opcode::LOAD_FAST);
        c.units[at] = (Opcode::STORE_FAST__LOAD_FAST as u8, c.varnames.len() as u8);
    }));
}

#[test]
fn stack_depth_verification() {
    // The eval loop pops and peeks without a depth check because every
    // code object passed this: compiled code passes (here and in
    // `validate`, over every test program; `load_code` over the corpus);
    // code that would read below its stack, outgrow `max_stack_depth` or
    // reach one instruction at two depths does not.
    let good = compile(
        "def f(x, items):\n    while x:\n        x -= 1\n    try:\n        items.append(x)\n    except KeyError as e:\n        return e\n    return [x, *items]\n",
    );
    let f = nested(&good, "f").clone();
    assert_eq!(verify_stack_depths(&f), Ok(()));
    let refused = |change: &dyn Fn(&mut CompiledCode)| {
        let mut code = f.clone();
        change(&mut code);
        verify_control_flow(&code).is_ok() && verify_stack_depths(&code).is_err()
    };
    let first = |c: &CompiledCode, want: Opcode| {
        instrs(c)
            .into_iter()
            .find(|(_, op, _)| op.deopt() == want)
            .map(|(i, _, _)| i)
            .expect("the instruction")
    };
    // The loop test's operand never pushed: TO_BOOL reads an empty stack.
    assert!(refused(&|c| {
        let at = first(c, Opcode::LOAD_FAST);
        c.units[at] = (Opcode::NOP as u8, 0);
    }));
    // One value more than the code's recorded depth.
    assert!(refused(&|c| c.max_stack_depth -= 1));
    // An instruction reaching below the stack: BINARY_OP after one push.
    assert!(refused(&|c| {
        let at = first(c, Opcode::BINARY_OP);
        let load = instrs(c)
            .into_iter()
            .rev()
            .find(|(i, op, _)| *i < at && op.deopt() == Opcode::LOAD_CONST)
            .map(|(i, _, _)| i)
            .expect("the constant operand");
        c.units[load] = (Opcode::NOP as u8, 0);
    }));
    // An oparg that reaches no value.
    assert!(refused(&|c| {
        let at = first(c, Opcode::LIST_EXTEND);
        c.units[at].1 = 0;
    }));
    // A handler entered at a depth its code does not expect: the loop's
    // head, reached at depth 0, entered with the exception pushed.
    assert!(refused(&|c| {
        let head = first(c, Opcode::LOAD_FAST) as u32;
        c.exception_table.push(ExceptionTableEntry {
            start: 0,
            end: 1,
            target: head,
            depth: 0,
            lasti: false,
        })
    }));
    // A handler whose entry outgrows the stack.
    assert!(refused(&|c| {
        let depth = c.max_stack_depth;
        c.exception_table[0].depth = depth;
    }));
    // An opcode with no declared inputs is refused, whatever the stack.
    assert_eq!(
        assemble::stack_inputs(Opcode::INSTRUMENTED_LINE, 0),
        u32::MAX
    );
}

// ---------------------------------------------------------------------
// Shapes

#[test]
fn module_calls_and_names() {
    let c = compile("x = 1\nprint(x)\n");
    assert!(c.flags.module);
    assert_eq!(c.first_line, 1);
    assert_eq!(
        ops(&c),
        [
            "RESUME 0",
            "LOAD_CONST (1)",
            "STORE_NAME (x)",
            "LOAD_NAME (print)",
            "PUSH_NULL 0",
            "LOAD_NAME (x)",
            "CALL 1",
            "POP_TOP 0",
            "LOAD_CONST (None)",
            "RETURN_VALUE 0",
        ]
    );
    assert_eq!(c.units[0], (Opcode::RESUME as u8, 0));
    assert_eq!(c.units[1], (0, 0), "RESUME carries a cache unit");
}

#[test]
fn function_locals_globals_and_calls() {
    let c = compile("def f(a, b=2, *args, c, d=4, **kw):\n    e = a\n    return g(e, k=b)\n");
    let f = nested(&c, "f");
    assert_eq!(f.varnames[..6], ["a", "b", "c", "d", "args", "kw"]);
    assert_eq!(f.varnames[6], "e");
    assert_eq!(
        (f.arg_count, f.kwonly_arg_count, f.posonly_arg_count),
        (2, 2, 0)
    );
    assert!(f.flags.varargs && f.flags.varkeywords);
    assert_seq(
        f,
        &[
            "LOAD_FAST (a)",
            "STORE_FAST (e)",
            "LOAD_GLOBAL (g + NULL)",
            "LOAD_FAST (e)",
            "LOAD_FAST (b)",
            "LOAD_CONST (('k',))",
            "CALL_KW 2",
            "RETURN_VALUE 0",
        ],
    );
    // Defaults tuple (constant) then kw-defaults dict, then the code.
    assert_seq(
        &c,
        &[
            "LOAD_CONST ((2,))",
            "LOAD_CONST ('d')",
            "LOAD_CONST (4)",
            "BUILD_MAP 1",
            "LOAD_CONST (<code object f, line 1>)",
            "MAKE_FUNCTION (defaults, kwdefaults)",
            "STORE_NAME (f)",
        ],
    );
}

#[test]
fn method_calls_and_star_calls() {
    let c = compile("o.m(1, x=2)\nf(*a)\nf(1, *a, 2, k=3, **d, z=4)\n");
    assert_seq(
        &c,
        &[
            "LOAD_NAME (o)",
            "LOAD_ATTR (m + NULL|self)",
            "LOAD_CONST (1)",
            "LOAD_CONST (2)",
            "LOAD_CONST (('x',))",
            "CALL_KW 2",
        ],
    );
    assert_seq(
        &c,
        &[
            "LOAD_NAME (f)",
            "PUSH_NULL 0",
            "BUILD_LIST 0",
            "LOAD_NAME (a)",
            "LIST_EXTEND 1",
            "LIST_TO_TUPLE 0",
            "CALL_FUNCTION_EX 0",
        ],
    );
    assert_seq(
        &c,
        &[
            "LOAD_CONST (1)",
            "BUILD_LIST 1",
            "LOAD_NAME (a)",
            "LIST_EXTEND 1",
            "LOAD_CONST (2)",
            "LIST_APPEND 1",
            "LIST_TO_TUPLE 0",
            "BUILD_MAP 0",
            "LOAD_CONST ('k')",
            "LOAD_CONST (3)",
            "BUILD_MAP 1",
            "DICT_MERGE 1",
            "LOAD_NAME (d)",
            "DICT_MERGE 1",
            "LOAD_CONST ('z')",
            "LOAD_CONST (4)",
            "BUILD_MAP 1",
            "DICT_MERGE 1",
            "CALL_FUNCTION_EX 1",
        ],
    );
}

#[test]
fn classes_super_and_class_cell() {
    let src = "class C(B, metaclass=M):\n    '''doc'''\n    def m(self, x):\n        return super().m(x) + super().y\n    def s(self):\n        return super(C, self).z\n";
    let c = compile(src);
    assert_seq(
        &c,
        &[
            "LOAD_BUILD_CLASS 0",
            "PUSH_NULL 0",
            "LOAD_CONST (<code object C, line 1>)",
            "MAKE_FUNCTION 0",
            "LOAD_CONST ('C')",
            "LOAD_NAME (B)",
            "LOAD_NAME (M)",
            "LOAD_CONST (('metaclass',))",
            "CALL_KW 4",
            "STORE_NAME (C)",
        ],
    );
    let body = nested(&c, "C");
    assert!(body.flags.class_body);
    assert_eq!(body.docstring.as_deref(), Some("doc"));
    assert_eq!(body.cellvars, ["__class__"]);
    assert_seq(
        body,
        &[
            "RESUME 0",
            "LOAD_NAME (__name__)",
            "STORE_NAME (__module__)",
            "LOAD_CONST ('C')",
            "STORE_NAME (__qualname__)",
            "LOAD_CONST ('doc')",
            "STORE_NAME (__doc__)",
        ],
    );
    assert_seq(
        body,
        &[
            "LOAD_CLOSURE (__class__)",
            "STORE_NAME (__classcell__)",
            "LOAD_CONST (None)",
            "RETURN_VALUE 0",
        ],
    );
    let m = nested(&c, "C.m");
    assert_eq!(m.freevars, ["__class__"]);
    assert_seq(
        m,
        &[
            "LOAD_GLOBAL (super)",
            "LOAD_DEREF (__class__)",
            "LOAD_FAST (self)",
            "LOAD_SUPER_ATTR (m + NULL|self)",
            "LOAD_FAST (x)",
            "CALL 1",
        ],
    );
    assert_seq(
        m,
        &[
            "LOAD_GLOBAL (super)",
            "LOAD_DEREF (__class__)",
            "LOAD_FAST (self)",
            "LOAD_SUPER_ATTR (y)",
        ],
    );
    let s = nested(&c, "C.s");
    assert_seq(
        s,
        &[
            "LOAD_GLOBAL (super)",
            "LOAD_GLOBAL (C)",
            "LOAD_FAST (self)",
            "LOAD_SUPER_ATTR (z, 2 args)",
        ],
    );
}

#[test]
fn super_shadowed_or_argless_is_a_plain_call() {
    let c = compile("class C:\n    def m(*a):\n        return super().m()\n");
    let m = nested(&c, "C.m");
    assert!(!has_op(m, Opcode::LOAD_SUPER_ATTR));
    let c = compile("super = 1\nclass C:\n    def m(self):\n        return super().m()\n");
    assert!(!has_op(nested(&c, "C.m"), Opcode::LOAD_SUPER_ATTR));
}

#[test]
fn closures_cells_and_cell2arg() {
    let src = "def outer(a, b):\n    c = 1\n    def inner():\n        nonlocal c\n        c += a\n        return c + b\n    return inner\n";
    let c = compile(src);
    let outer = nested(&c, "outer");
    assert_eq!(outer.cellvars, ["a", "b", "c"]);
    assert_eq!(outer.cell2arg, [Some(0), Some(1), None]);
    assert_seq(
        outer,
        &[
            "LOAD_CLOSURE (a)",
            "LOAD_CLOSURE (b)",
            "LOAD_CLOSURE (c)",
            "BUILD_TUPLE 3",
            "LOAD_CONST (<code object inner, line 3>)",
            "MAKE_FUNCTION (closure)",
            "STORE_FAST (inner)",
        ],
    );
    assert_seq(outer, &["LOAD_CONST (1)", "STORE_DEREF (c)"]);
    let inner = nested(&c, "outer.<locals>.inner");
    assert_eq!(inner.freevars, ["a", "b", "c"]);
    assert_seq(
        inner,
        &[
            "LOAD_DEREF (c)",
            "LOAD_DEREF (a)",
            "BINARY_OP (+=)",
            "STORE_DEREF (c)",
        ],
    );
}

#[test]
fn free_variable_passes_through_intermediate_scope() {
    let c = compile("def f():\n    x = 1\n    def g():\n        def h():\n            return x\n        return h\n    return g\n");
    let g = nested(&c, "f.<locals>.g");
    assert_eq!(g.freevars, ["x"]);
    assert_seq(g, &["LOAD_CLOSURE (x)", "BUILD_TUPLE 1"]);
}

#[test]
fn class_scope_does_not_enclose_methods() {
    let c = compile("x = 0\nclass C:\n    x = 1\n    def m(self):\n        return x\n    y = [x for _ in range(2)]\n");
    let m = nested(&c, "C.m");
    assert_seq(m, &["LOAD_GLOBAL (x)"]);
    // The comprehension is inlined into the class body, and still reads
    // past the class namespace.
    let body = nested(&c, "C");
    assert_seq(
        body,
        &["STORE_FAST (_)", "LOAD_GLOBAL (x)", "LIST_APPEND 2"],
    );
    // The first iterable is evaluated in the class body.
    assert_seq(
        body,
        &[
            "LOAD_NAME (range)",
            "PUSH_NULL 0",
            "LOAD_CONST (2)",
            "CALL 1",
        ],
    );
}

#[test]
fn class_body_free_variables_use_classderef() {
    let c = compile("def f():\n    v = 1\n    class C:\n        w = v\n        def m(self):\n            return v\n    return C\n");
    let body = nested(&c, "f.<locals>.C");
    assert_eq!(body.freevars, ["v"]);
    assert_seq(body, &["LOAD_CLASSDEREF (v)", "STORE_NAME (w)"]);
    assert_eq!(body.qualname, "f.<locals>.C");
}

#[test]
fn global_and_nonlocal_declarations() {
    let c = compile("def f():\n    global g\n    g = 1\n    del g\nclass K:\n    global h\n    h = 2\n    j = h\nglobal m\nm = 3\n");
    assert_seq(
        nested(&c, "f"),
        &["LOAD_CONST (1)", "STORE_GLOBAL (g)", "DELETE_GLOBAL (g)"],
    );
    assert_seq(
        nested(&c, "K"),
        &[
            "LOAD_CONST (2)",
            "STORE_GLOBAL (h)",
            "LOAD_GLOBAL (h)",
            "STORE_NAME (j)",
        ],
    );
    assert_seq(&c, &["LOAD_CONST (3)", "STORE_GLOBAL (m)"]);
}

#[test]
fn name_mangling() {
    let c = compile(
        "class C:\n    __x = 1\n    def __m(self, __p):\n        return self.__y + __p + __z__\n",
    );
    let body = nested(&c, "C");
    assert!(body.names.contains(&"_C__x".to_string()));
    assert!(body.names.contains(&"_C__m".to_string()));
    let m = nested(&c, "C.__m");
    assert_eq!(m.varnames, ["self", "_C__p"]);
    assert!(m.names.contains(&"_C__y".to_string()));
    assert!(m.names.contains(&"__z__".to_string()));
    assert_eq!(m.qualname, "C.__m");
}

#[test]
fn comprehensions() {
    // List, set and dict comprehensions are inlined (PEP 709): the
    // iterator stays on the stack, the variables are the function's own
    // fast locals, set aside before and put back after (also by the
    // cleanup handler when an exception leaves the comprehension).
    let c = compile("def f(xs):\n    return [x * y for x in xs if x for y in range(x)]\n");
    let f = nested(&c, "f");
    assert!(c
        .consts
        .iter()
        .chain(f.consts.iter())
        .all(|k| !matches!(k, Constant::Code(n) if n.name == "<listcomp>")));
    assert_eq!(f.varnames, ["xs", "x", "y"]);
    assert_seq(
        f,
        &[
            "LOAD_FAST (xs)",
            "GET_ITER 0",
            "LOAD_FAST_AND_CLEAR (x)",
            "LOAD_FAST_AND_CLEAR (y)",
            "SWAP 3",
            "BUILD_LIST 0",
            "SWAP 2",
            "FOR_ITER",
        ],
    );
    assert_seq(f, &["BINARY_OP (*)", "LIST_APPEND 3"]);
    assert_seq(
        f,
        &[
            "SWAP 3",
            "STORE_FAST (y)",
            "STORE_FAST (x)",
            "RETURN_VALUE 0",
        ],
    );
    assert_seq(
        f,
        &[
            "SWAP 2",
            "POP_TOP 0",
            "SWAP 3",
            "STORE_FAST (y)",
            "STORE_FAST (x)",
            "RERAISE 0",
        ],
    );
    assert_eq!(f.exception_table.len(), 1);
    assert!(!f.exception_table[0].lasti);

    let c = compile("g = (x for x in y)\nd = {k: v for k, v in z}\ns = {a for a in b}\n");
    let ge = nested(&c, "<genexpr>");
    assert!(ge.flags.generator);
    assert_seq(
        ge,
        &["LOAD_FAST (x)", "YIELD_VALUE 0", "RESUME 1", "POP_TOP 0"],
    );
    assert_seq(ge, &["LOAD_CONST (None)", "RETURN_VALUE 0"]);
    // At module level the comprehensions' variables are fast locals too.
    assert_eq!(c.varnames, ["k", "v", "a"]);
    assert_seq(&c, &["LOAD_FAST (k)", "LOAD_FAST (v)", "MAP_ADD 2"]);
    assert_seq(&c, &["SET_ADD 2"]);
}

#[test]
fn comprehension_whose_variable_a_closure_captures_keeps_its_frame() {
    let c = compile("def f(xs):\n    return [lambda: x for x in xs]\n");
    let lc = nested(&c, "f.<locals>.<listcomp>");
    assert_eq!(lc.cellvars, ["x"]);
    assert!(nested(&c, "f").varnames == ["xs"]);
}

#[test]
fn inlined_comprehension_reads_enclosing_locals_without_cells() {
    let c = compile("def f(xs, k):\n    return [x + k for x in xs]\n");
    let f = nested(&c, "f");
    assert!(f.cellvars.is_empty());
    assert_seq(f, &["LOAD_FAST (x)", "LOAD_FAST (k)", "BINARY_OP (+)"]);
    // A lambda inside still captures the enclosing variable.
    let c = compile("def f(xs, k):\n    return [lambda: k for x in xs]\n");
    assert_eq!(nested(&c, "f").cellvars, ["k"]);
}

#[test]
fn walrus_in_comprehension_binds_outside() {
    let c = compile("def f(xs):\n    ys = [(last := x) for x in xs]\n    return last\n");
    let f = nested(&c, "f");
    assert!(f.cellvars.is_empty());
    assert_seq(f, &["LOAD_FAST (x)", "COPY 1", "STORE_FAST (last)"]);
    let c = compile("[(m := v) for v in w]\n");
    assert_seq(&c, &["COPY 1", "STORE_GLOBAL (m)"]);
}

#[test]
fn for_and_while_loops() {
    let c = compile(
        "for i in x:\n    if i:\n        break\n    continue\nelse:\n    y()\nwhile a:\n    b()\n",
    );
    let listing = ops(&c);
    let fi = listing
        .iter()
        .position(|s| s.starts_with("FOR_ITER"))
        .unwrap();
    assert_eq!(listing[fi - 1], "GET_ITER 0");
    assert!(listing[fi + 1].starts_with("STORE_NAME (i)"));
    // break pops the iterator then jumps past the else block.
    assert_seq(&c, &["POP_TOP 0", "JUMP_FORWARD"]);
    assert!(has_op(&c, Opcode::JUMP_BACKWARD));
    assert_seq(&c, &["LOAD_NAME (a)", "TO_BOOL 0"]);
    let c = compile("while True:\n    f()\n");
    assert!(!has_op(&c, Opcode::POP_JUMP_IF_FALSE));
    assert!(has_op(&c, Opcode::NOP), "the while line keeps a NOP");
}

#[test]
fn conditions_in_jump_context() {
    let c = compile("if a and not b or c is None:\n    x()\nif 1 < y < 3:\n    z()\n");
    assert!(has_op(&c, Opcode::POP_JUMP_IF_NONE) || has_op(&c, Opcode::POP_JUMP_IF_NOT_NONE));
    assert!(!has_op(&c, Opcode::UNARY_NOT));
    assert_seq(
        &c,
        &[
            "SWAP 2",
            "COPY 2",
            "COMPARE_OP (bool(<))",
            "POP_JUMP_IF_FALSE",
        ],
    );
    // A comparison that feeds a branch carries the to-bool bit and no
    // TO_BOOL follows it (CPython 3.13's shape).
    assert!(ops(&c)
        .windows(2)
        .all(|w| !(w[0].starts_with("COMPARE_OP") && w[1].starts_with("TO_BOOL"))));
    let v = compile("v = a < b\n");
    assert_seq(&v, &["COMPARE_OP (<)", "STORE_NAME (v)"]);
}

#[test]
fn boolean_and_comparison_values() {
    let c = compile("v = a and b\nw = not a\nz = a < b < c\n");
    assert_seq(
        &c,
        &[
            "LOAD_NAME (a)",
            "COPY 1",
            "TO_BOOL 0",
            "POP_JUMP_IF_FALSE",
            "POP_TOP 0",
            "LOAD_NAME (b)",
            "STORE_NAME (v)",
        ],
    );
    assert_seq(
        &c,
        &[
            "LOAD_NAME (a)",
            "TO_BOOL 0",
            "UNARY_NOT 0",
            "STORE_NAME (w)",
        ],
    );
    assert_seq(
        &c,
        &[
            "LOAD_NAME (a)",
            "LOAD_NAME (b)",
            "SWAP 2",
            "COPY 2",
            "COMPARE_OP (<)",
            "COPY 1",
            "TO_BOOL 0",
        ],
    );
    assert_seq(&c, &["SWAP 2", "POP_TOP 0", "STORE_NAME (z)"]);
}

#[test]
fn try_except_shape_and_table() {
    let src = "try:\n    f()\nexcept ValueError as e:\n    g(e)\nexcept:\n    h()\nz = [1, 2, x]\n";
    let c = compile(src);
    assert_seq(
        &c,
        &[
            "PUSH_EXC_INFO 0",
            "LOAD_NAME (ValueError)",
            "CHECK_EXC_MATCH 0",
        ],
    );
    assert_seq(&c, &["STORE_NAME (e)"]);
    assert_seq(
        &c,
        &[
            "POP_EXCEPT 0",
            "LOAD_CONST (None)",
            "STORE_NAME (e)",
            "DELETE_NAME (e)",
        ],
    );
    assert_seq(
        &c,
        &[
            "LOAD_CONST (None)",
            "STORE_NAME (e)",
            "DELETE_NAME (e)",
            "RERAISE 1",
        ],
    );
    assert_seq(
        &c,
        &[
            "POP_EXCEPT 0",
            "JUMP_FORWARD",
            "COPY 3",
            "POP_EXCEPT 0",
            "RERAISE 1",
        ],
    );
    let c2 = compile("try:\n    f()\nexcept E:\n    pass\nz = [1, 2, x]\n");
    assert_seq(&c2, &["RERAISE 0", "COPY 3", "POP_EXCEPT 0", "RERAISE 1"]);
    let t = &c.exception_table;
    // body -> H (no lasti, depth 0); clauses -> C (lasti, depth 1); named body -> CN.
    let code = instrs(&c);
    let push_exc = code
        .iter()
        .find(|i| i.1 == Opcode::PUSH_EXC_INFO)
        .unwrap()
        .0 as u32;
    let copy3 = code
        .iter()
        .find(|i| i.1 == Opcode::COPY && i.2 == 3)
        .unwrap()
        .0 as u32;
    assert!(t
        .iter()
        .any(|e| e.target == push_exc && !e.lasti && e.depth == 0));
    assert!(t
        .iter()
        .any(|e| e.target == copy3 && e.lasti && e.depth == 1));
    assert!(t.iter().filter(|e| e.lasti && e.depth == 1).count() >= 2);
}

#[test]
fn try_finally_shape() {
    let c = compile("def f():\n    try:\n        return g()\n    finally:\n        h()\n");
    let f = nested(&c, "f");
    // return inlines the finally body with the value kept on the stack.
    assert_seq(
        f,
        &[
            "LOAD_GLOBAL (g + NULL)",
            "CALL 0",
            "LOAD_GLOBAL (h + NULL)",
            "CALL 0",
            "POP_TOP 0",
            "RETURN_VALUE 0",
        ],
    );
    assert_seq(
        f,
        &[
            "PUSH_EXC_INFO 0",
            "LOAD_GLOBAL (h + NULL)",
            "CALL 0",
            "POP_TOP 0",
            "RERAISE 0",
            "COPY 3",
            "POP_EXCEPT 0",
            "RERAISE 1",
        ],
    );
    let push_exc = instrs(f)
        .iter()
        .find(|i| i.1 == Opcode::PUSH_EXC_INFO)
        .unwrap()
        .0 as u32;
    assert!(f
        .exception_table
        .iter()
        .any(|e| e.target == push_exc && e.depth == 0));
}

#[test]
fn with_shape_and_unwinding() {
    let c = compile("def f(m):\n    for x in m:\n        with x as y:\n            if y:\n                break\n            return y\n");
    let f = nested(&c, "f");
    assert_seq(f, &["LOAD_FAST (x)", "BEFORE_WITH 0", "STORE_FAST (y)"]);
    // break: exit call, pop the iterator, jump.
    assert_seq(
        f,
        &[
            "LOAD_CONST (None)",
            "LOAD_CONST (None)",
            "LOAD_CONST (None)",
            "CALL 2",
            "POP_TOP 0",
            "POP_TOP 0",
        ],
    );
    // return: keep the value, call exit under it, pop the iterator under it.
    assert_seq(
        f,
        &[
            "LOAD_FAST (y)",
            "SWAP 2",
            "LOAD_CONST (None)",
            "LOAD_CONST (None)",
            "LOAD_CONST (None)",
            "CALL 2",
            "POP_TOP 0",
            "SWAP 2",
            "POP_TOP 0",
            "RETURN_VALUE 0",
        ],
    );
    assert_seq(f, &["PUSH_EXC_INFO 0", "WITH_EXCEPT_START 0", "TO_BOOL 0"]);
    assert_seq(
        f,
        &[
            "RERAISE 2",
            "POP_TOP 0",
            "POP_EXCEPT 0",
            "POP_TOP 0",
            "POP_TOP 0",
        ],
    );
    // The with handler keeps the iterator and the exit function: depth 2.
    let wes = instrs(f)
        .iter()
        .find(|i| i.1 == Opcode::PUSH_EXC_INFO)
        .unwrap()
        .0 as u32;
    assert!(f
        .exception_table
        .iter()
        .any(|e| e.target == wes && e.depth == 2 && e.lasti));
}

#[test]
fn generators_and_yield_from() {
    let c = compile("def g(it):\n    x = yield 1\n    r = yield from it\n    return r\n");
    let g = nested(&c, "g");
    assert!(g.flags.generator);
    assert_seq(
        g,
        &[
            "LOAD_CONST (1)",
            "YIELD_VALUE 0",
            "RESUME 1",
            "STORE_FAST (x)",
        ],
    );
    assert_seq(
        g,
        &[
            "LOAD_FAST (it)",
            "GET_YIELD_FROM_ITER 0",
            "LOAD_CONST (None)",
            "SEND",
            "YIELD_VALUE 1",
            "RESUME 2",
            "JUMP_BACKWARD",
            "CLEANUP_THROW 0",
            "END_SEND 0",
            "STORE_FAST (r)",
        ],
    );
    let yv = instrs(g)
        .iter()
        .find(|i| i.1 == Opcode::YIELD_VALUE && i.2 == 1)
        .unwrap()
        .0 as u32;
    let e = g
        .exception_table
        .iter()
        .find(|e| e.start <= yv && yv < e.end)
        .expect("YIELD_VALUE in yield from is covered");
    assert_eq!((e.depth, e.lasti), (2, false));
}

#[test]
fn imports() {
    let c = compile("import a.b.c as d\nimport e.f\nfrom g.h import i, j as k\n");
    assert_seq(
        &c,
        &[
            "LOAD_CONST (0)",
            "LOAD_CONST (None)",
            "IMPORT_NAME (a.b.c)",
            "IMPORT_FROM (b)",
            "SWAP 2",
            "POP_TOP 0",
            "IMPORT_FROM (c)",
            "STORE_NAME (d)",
            "POP_TOP 0",
        ],
    );
    assert_seq(&c, &["IMPORT_NAME (e.f)", "STORE_NAME (e)"]);
    assert_seq(
        &c,
        &[
            "LOAD_CONST (0)",
            "LOAD_CONST (('i', 'j'))",
            "IMPORT_NAME (g.h)",
            "IMPORT_FROM (i)",
            "STORE_NAME (i)",
            "IMPORT_FROM (j)",
            "STORE_NAME (k)",
            "POP_TOP 0",
        ],
    );
}

#[test]
fn fstrings() {
    let c = compile("s = f'a{x!r:>{w}}b{y=}{z:.2f}'\nt = f'{v}'\nu = f''\n");
    assert_seq(
        &c,
        &[
            "LOAD_CONST ('a')",
            "LOAD_NAME (x)",
            "LOAD_CONST ('>')",
            "LOAD_NAME (w)",
            "FORMAT_VALUE 0",
            "BUILD_STRING 2",
            "FORMAT_VALUE (repr, with format)",
            "LOAD_CONST ('by=')",
            "LOAD_NAME (y)",
            "FORMAT_VALUE (repr)",
            "LOAD_NAME (z)",
            "LOAD_CONST ('.2f')",
            "FORMAT_VALUE (with format)",
            "BUILD_STRING 5",
            "STORE_NAME (s)",
        ],
    );
    assert_seq(&c, &["LOAD_NAME (v)", "FORMAT_VALUE 0", "STORE_NAME (t)"]);
    assert_seq(&c, &["LOAD_CONST ('')", "STORE_NAME (u)"]);
}

#[test]
fn assignments_and_unpacking() {
    let c = compile("a = b = f()\nx, *y, z = w\no.p += 1\nq[r] -= 2\n(n := 5)\n");
    assert_seq(
        &c,
        &["CALL 0", "COPY 1", "STORE_NAME (a)", "STORE_NAME (b)"],
    );
    assert_seq(
        &c,
        &[
            "LOAD_NAME (w)",
            &format!("UNPACK_EX {}", 1 | (1 << 8)),
            "STORE_NAME (x)",
            "STORE_NAME (y)",
            "STORE_NAME (z)",
        ],
    );
    assert_seq(
        &c,
        &[
            "LOAD_NAME (o)",
            "COPY 1",
            "LOAD_ATTR (p)",
            "LOAD_CONST (1)",
            "BINARY_OP (+=)",
            "SWAP 2",
            "STORE_ATTR (p)",
        ],
    );
    assert_seq(
        &c,
        &[
            "LOAD_NAME (q)",
            "LOAD_NAME (r)",
            "COPY 2",
            "COPY 2",
            "BINARY_OP ([])",
            "LOAD_CONST (2)",
            "BINARY_OP (-=)",
            "SWAP 3",
            "SWAP 2",
            "STORE_SUBSCR 0",
        ],
    );
    assert_seq(
        &c,
        &["LOAD_CONST (5)", "COPY 1", "STORE_NAME (n)", "POP_TOP 0"],
    );
}

#[test]
fn displays_slices_and_constants() {
    let c = compile(
        "a = (1, 2, (3, -4))\nb = [1, 2, 3]\nc = {**d, 'k': v}\ne = x[1:2, ::3]\nf = {*s, 1}\n",
    );
    assert_seq(&c, &["LOAD_CONST ((1, 2, (3, -4)))", "STORE_NAME (a)"]);
    assert_seq(
        &c,
        &[
            "BUILD_LIST 0",
            "LOAD_CONST ((1, 2, 3))",
            "LIST_EXTEND 1",
            "STORE_NAME (b)",
        ],
    );
    assert_seq(
        &c,
        &[
            "BUILD_MAP 0",
            "LOAD_NAME (d)",
            "DICT_UPDATE 1",
            "LOAD_CONST ('k')",
            "LOAD_NAME (v)",
            "BUILD_MAP 1",
            "DICT_UPDATE 1",
        ],
    );
    assert_seq(
        &c,
        &[
            "LOAD_NAME (x)",
            "LOAD_CONST (1)",
            "LOAD_CONST (2)",
            "BUILD_SLICE 2",
            "LOAD_CONST (None)",
            "LOAD_CONST (None)",
            "LOAD_CONST (3)",
            "BUILD_SLICE 3",
            "BUILD_TUPLE 2",
            "BINARY_OP ([])",
        ],
    );
    assert_seq(
        &c,
        &[
            "BUILD_SET 0",
            "LOAD_NAME (s)",
            "SET_UPDATE 1",
            "LOAD_CONST (1)",
            "SET_ADD 1",
        ],
    );
    // 0, 0.0, False and -0.0 are distinct constants.
    let c = compile("a = 0\nb = 0.0\nc = False\nd = -0.0\ne = 0\n");
    assert_eq!(c.consts.len(), 5, "{:?}", c.consts);
}

#[test]
fn big_integers_and_literals() {
    let c = compile("a = 123456789012345678901234567890\nb = 0xFFFF_FFFF_FFFF_FFFF_FF\nc = 1_000\nd = b'\\x00\\xff'\ne = ...\n");
    let big: num_bigint::BigInt = "123456789012345678901234567890".parse().unwrap();
    assert!(c.consts.contains(&Constant::Int(big)));
    let hex: num_bigint::BigInt = "4722366482869645213695".parse().unwrap();
    assert!(c.consts.contains(&Constant::Int(hex)));
    assert!(c.consts.contains(&Constant::Int(1000.into())));
    assert!(c.consts.contains(&Constant::Bytes(vec![0, 255])));
    assert!(c.consts.contains(&Constant::Ellipsis));
}

#[test]
fn decorators_and_first_line() {
    let c = compile("\n@d1\n@d2(3)\ndef f():\n    '''doc'''\n    return 1\n");
    assert_seq(
        &c,
        &[
            "LOAD_NAME (d1)",
            "PUSH_NULL 0",
            "LOAD_NAME (d2)",
            "PUSH_NULL 0",
            "LOAD_CONST (3)",
            "CALL 1",
            "PUSH_NULL 0",
            "LOAD_CONST (<code object f, line 2>)",
            "MAKE_FUNCTION 0",
            "CALL 1",
            "CALL 1",
            "STORE_NAME (f)",
        ],
    );
    let f = nested(&c, "f");
    assert_eq!(f.first_line, 2);
    assert_eq!(f.docstring.as_deref(), Some("doc"));
    assert!(!f.consts.contains(&Constant::Str("doc".into())));
}

#[test]
fn lambdas_and_qualnames() {
    let c = compile("def f():\n    g = lambda x, *, y=1: x + y\n    class C:\n        def m(self):\n            return [lambda: 0 for _ in ()]\n    return g, C\n");
    let l = nested(&c, "f.<locals>.<lambda>");
    assert_eq!(l.name, "<lambda>");
    assert_eq!(l.kwonly_arg_count, 1);
    assert_seq(
        l,
        &[
            "LOAD_FAST (x)",
            "LOAD_FAST (y)",
            "BINARY_OP (+)",
            "RETURN_VALUE 0",
        ],
    );
    nested(&c, "f.<locals>.C.m");
    // The comprehension is inlined: the lambda is the method's (3.12+).
    nested(&c, "f.<locals>.C.m.<locals>.<lambda>");
    let c = compile("def f():\n    global g\n    def g():\n        pass\n");
    nested(&c, "g");
}

#[test]
fn assert_and_raise() {
    let c = compile("assert x, 'm'\nraise E from F\n");
    assert_seq(
        &c,
        &[
            "LOAD_NAME (x)",
            "TO_BOOL 0",
            "POP_JUMP_IF_TRUE",
            "LOAD_ASSERTION_ERROR 0",
            "PUSH_NULL 0",
            "LOAD_CONST ('m')",
            "CALL 1",
            "RAISE_VARARGS 1",
        ],
    );
    assert_seq(&c, &["LOAD_NAME (E)", "LOAD_NAME (F)", "RAISE_VARARGS 2"]);
}

#[test]
fn small_exit_blocks_are_inlined() {
    let c = compile("def f(a, b):\n    return a if b else b\n");
    let f = nested(&c, "f");
    let returns = instrs(f)
        .iter()
        .filter(|i| i.1 == Opcode::RETURN_VALUE)
        .count();
    assert_eq!(returns, 2, "{}", disassemble(f));
    assert!(!has_op(f, Opcode::JUMP_FORWARD));
}

#[test]
fn deletes() {
    let c = compile("def f(a):\n    del a, o.x, o[1]\n");
    assert_seq(
        nested(&c, "f"),
        &[
            "DELETE_FAST (a)",
            "LOAD_GLOBAL (o)",
            "DELETE_ATTR (x)",
            "LOAD_GLOBAL (o)",
            "LOAD_CONST (1)",
            "DELETE_SUBSCR 0",
        ],
    );
}

#[test]
fn extended_args_and_long_jumps() {
    let mut src = String::from("def f(x):\n    if x:\n");
    for i in 0..400 {
        src.push_str(&format!("        v{i} = {i}.5\n"));
    }
    src.push_str("    return x\n");
    let c = compile(&src);
    let f = nested(&c, "f");
    assert!(f.consts.len() > 256);
    assert!(
        has_op(f, Opcode::EXTENDED_ARG)
            || f.units.iter().any(|u| u.0 == Opcode::EXTENDED_ARG as u8)
    );
    let (i, op, arg) = instrs(f)
        .into_iter()
        .find(|i| i.1 == Opcode::POP_JUMP_IF_FALSE)
        .unwrap();
    assert!(arg > 255);
    let target = jump_target(i, op, arg).unwrap();
    assert_eq!(Opcode::from_u8(f.units[target].0), Some(Opcode::LOAD_FAST));
    // A loop with a long body jumps backward across EXTENDED_ARGs too.
    let mut src = String::from("while x:\n");
    for i in 0..300 {
        src.push_str(&format!("    y{i} = z{i}\n"));
    }
    compile(&src);
}

#[test]
fn line_numbers() {
    let c = compile("a = 1\n\nb = (2 +\n     c)\n");
    let code = instrs(&c);
    let line_of = |op: Opcode, arg_name: &str| {
        code.iter()
            .find(|(i, o, a)| *o == op && describe_arg(&c, *i, *o, *a).contains(arg_name))
            .map(|(i, _, _)| c.lines[*i])
    };
    assert_eq!(line_of(Opcode::STORE_NAME, "(a)"), Some(1));
    assert_eq!(line_of(Opcode::LOAD_NAME, "(c)"), Some(4));
    assert_eq!(line_of(Opcode::STORE_NAME, "(b)"), Some(3));
    assert_eq!(c.lines[0], 0, "module RESUME has no line");
    let c = compile("def f():\n    x = 1\n");
    assert_eq!(nested(&c, "f").lines[0], 1);
}

#[test]
fn stack_depth_is_enough() {
    let c = compile("f(a, b, c, [d, e, {g: h}])\n");
    assert!(c.max_stack_depth >= 8, "{}", c.max_stack_depth);
    let c = compile("try:\n    pass\nexcept E as e:\n    pass\n");
    assert!(c.max_stack_depth >= 3);
}

// ---------------------------------------------------------------------
// Symbol tables

#[test]
fn symtable_scopes() {
    let module = frontend::parse_module(
        "g = 1\ndef f(p):\n    l = p\n    def inner():\n        return l + g + builtin_thing\n    return inner\n",
    )
    .unwrap();
    let st = symtable::SymbolTable::build(&module).unwrap();
    use symtable::Scope;
    let top = st.scope(0);
    assert_eq!(top.scope("g"), Some(Scope::Local));
    assert_eq!(top.scope("f"), Some(Scope::Local));
    let f = st.scope(top.children[0]);
    assert_eq!(f.scope("p"), Some(Scope::Local));
    assert_eq!(f.scope("l"), Some(Scope::Cell));
    assert_eq!(f.scope("inner"), Some(Scope::Local));
    let inner = st.scope(f.children[0]);
    assert_eq!(inner.scope("l"), Some(Scope::Free));
    assert_eq!(inner.scope("g"), Some(Scope::GlobalImplicit));
    assert_eq!(inner.scope("builtin_thing"), Some(Scope::GlobalImplicit));
    assert!(!inner.is_generator);
}

#[test]
fn symtable_class_closure_and_walrus() {
    let module = frontend::parse_module(
        "class C:\n    def m(self):\n        return __class__\ndef f():\n    [y := 1 for _ in ()]\n    return y\n",
    )
    .unwrap();
    let st = symtable::SymbolTable::build(&module).unwrap();
    use symtable::Scope;
    let c = st.scope(st.scope(0).children[0]);
    assert!(c.needs_class_closure);
    assert_eq!(c.cellvars(), ["__class__"]);
    let m = st.scope(c.children[0]);
    assert_eq!(m.scope("__class__"), Some(Scope::Free));
    let f = st.scope(st.scope(0).children[1]);
    // The comprehension is inlined, so `y` needs no cell in `f`.
    assert_eq!(f.scope("y"), Some(Scope::Local));
    let comp = st.scope(f.children[0]);
    assert!(comp.inlined);
    assert_eq!(comp.scope("y"), Some(Scope::Free));
    assert_eq!(comp.params, [".0"]);
}

// ---------------------------------------------------------------------
// Errors

fn check_err(src: &str, kind: CompileErrorKind, msg: &str, line: u32, col: u32) {
    let e = compile_err(src);
    assert_eq!(
        (e.kind, e.message.as_str(), e.line, e.column),
        (kind, msg, line, col),
        "for {src:?}"
    );
    assert_eq!(e.filename, "<test>");
}

#[test]
fn refused_constructs() {
    use CompileErrorKind::SyntaxError as S;
    check_err(
        "type X = int\n",
        S,
        "'type' statements are not supported",
        1,
        1,
    );
    check_err(
        "def f[T](x): pass\n",
        S,
        "type parameters are not supported",
        1,
        1,
    );
    check_err(
        "class C[T]: pass\n",
        S,
        "type parameters are not supported",
        1,
        1,
    );
    check_err(
        "def f():\n    from os import *\n",
        S,
        "import * only allowed at module level",
        2,
        5,
    );
}

/// The async syntax's misuses, with CPython 3.11's messages and positions.
#[test]
fn async_syntax_errors() {
    use CompileErrorKind::SyntaxError as S;
    check_err(
        "def f():\n  async for x in y: pass\n",
        S,
        "'async for' outside async function",
        2,
        3,
    );
    check_err(
        "def f():\n  async with x: pass\n",
        S,
        "'async with' outside async function",
        2,
        3,
    );
    check_err(
        "def f():\n    await x\n",
        S,
        "'await' outside async function",
        2,
        5,
    );
    check_err("await x\n", S, "'await' outside function", 1, 1);
    check_err(
        "class C:\n    await x\n",
        S,
        "'await' outside function",
        2,
        5,
    );
    check_err(
        "async def f():\n    yield from x\n",
        S,
        "'yield from' inside async function",
        2,
        5,
    );
    check_err(
        "async def f():\n    yield 1\n    return 2\n",
        S,
        "'return' with value in async generator",
        3,
        5,
    );
    check_err(
        "[x async for x in y]\n",
        S,
        "asynchronous comprehension outside of an asynchronous function",
        1,
        1,
    );
    check_err(
        "def f():\n    return [await x for x in y]\n",
        S,
        "asynchronous comprehension outside of an asynchronous function",
        2,
        12,
    );
    check_err(
        "async def f():\n    return lambda: [x async for x in y]\n",
        S,
        "asynchronous comprehension outside of an asynchronous function",
        2,
        20,
    );
    check_err(
        "async def f():\n    def g():\n        await x\n",
        S,
        "'await' outside async function",
        3,
        9,
    );
}

/// What the async syntax compiles to, and what it accepts.
#[test]
fn async_syntax_compiles() {
    for src in [
        "async def f():\n    async for x in y:\n        await x\n    async with a as b, c:\n        return [x async for x in y]\n",
        "def f():\n    return (await x for x in y)\n",
        "async def f():\n    return [[x async for x in y] for z in w]\n",
        "async def f():\n    yield 1\n    return\n",
    ] {
        compile(src);
    }
    let m = compile("async def f():\n    await x\nasync def g():\n    yield 1\n");
    let f = nested(&m, "f");
    assert!(f.flags.generator && f.flags.coroutine && !f.flags.async_generator);
    let o = ops(f);
    let at = o
        .iter()
        .position(|x| x.starts_with("GET_AWAITABLE"))
        .expect("GET_AWAITABLE");
    assert!(
        o[at + 1].starts_with("LOAD_CONST") && o[at + 2].starts_with("SEND"),
        "{o:?}"
    );
    let g = nested(&m, "g");
    assert!(g.flags.async_generator && !g.flags.coroutine);
    assert!(ops(g).iter().any(|x| x.starts_with("ASYNC_GEN_WRAP")));
    let a = compile("async def f():\n    async for x in y:\n        pass\n");
    let o = ops(nested(&a, "f"));
    for want in ["GET_AITER", "GET_ANEXT", "END_ASYNC_FOR"] {
        assert!(o.iter().any(|x| x.starts_with(want)), "{want} in {o:?}");
    }
}

#[test]
fn match_pattern_errors_are_cpythons() {
    use CompileErrorKind::SyntaxError as S;
    let m = |cases: &str| format!("x = 1\nmatch x:\n{cases}");
    let cases: &[(&str, &str, u32, u32)] = &[
        (
            "    case y: pass\n    case 1: pass\n",
            "name capture 'y' makes remaining patterns unreachable",
            3,
            10,
        ),
        (
            "    case _: pass\n    case 1: pass\n",
            "wildcard makes remaining patterns unreachable",
            3,
            10,
        ),
        (
            "    case 1 | _ | 2: pass\n",
            "wildcard makes remaining patterns unreachable",
            3,
            14,
        ),
        (
            "    case a | 1: pass\n",
            "name capture 'a' makes remaining patterns unreachable",
            3,
            10,
        ),
        (
            "    case [a, a]: pass\n",
            "multiple assignments to name 'a' in pattern",
            3,
            14,
        ),
        (
            "    case {1: a, **a}: pass\n",
            "multiple assignments to name 'a' in pattern",
            3,
            14,
        ),
        (
            "    case [a] | b: pass\n",
            "alternative patterns bind different names",
            3,
            16,
        ),
        (
            "    case [*a, *b]: pass\n",
            "multiple starred names in sequence pattern",
            3,
            10,
        ),
        (
            "    case {1: _, 1.0: _}: pass\n",
            "mapping pattern checks duplicate key (1.0)",
            3,
            10,
        ),
        (
            "    case C(a=1, a=2): pass\n",
            "attribute name repeated in class pattern: a",
            3,
            19,
        ),
        (
            "    case __debug__: pass\n",
            "cannot assign to __debug__",
            3,
            10,
        ),
        (
            "    case (y as _): pass\n",
            "cannot use '_' as a target",
            3,
            16,
        ),
        ("    case {**_}: pass\n", "invalid syntax", 3, 13),
        (
            "    case f'x': pass\n",
            "patterns may only match literals and attribute lookups",
            3,
            10,
        ),
        (
            "    case 1 + 1: pass\n",
            "imaginary number required in complex literal",
            3,
            14,
        ),
        (
            "    case a.b: pass\n    case a: pass\n    case 2: pass\n",
            "name capture 'a' makes remaining patterns unreachable",
            4,
            10,
        ),
    ];
    for &(src, msg, line, col) in cases {
        check_err(&m(src), S, msg, line, col);
    }
    // A guarded irrefutable case does not hide the ones after it.
    compile("match x:\n    case y if y: pass\n    case 1: pass\n");
}

#[test]
fn match_statements_compile_to_pattern_instructions() {
    let code = compile(
        "def f(v):\n    match v:\n        case [a, *rest]: return a\n        case {'k': b}: return b\n        case P(x, y=2): return x\n        case _: return None\n",
    );
    let f = nested(&code, "f");
    for op in [
        Opcode::MATCH_SEQUENCE,
        Opcode::GET_LEN,
        Opcode::UNPACK_EX,
        Opcode::MATCH_MAPPING,
        Opcode::MATCH_KEYS,
        Opcode::MATCH_CLASS,
    ] {
        assert!(has_op(f, op), "{} missing:\n{}", op.name(), disassemble(f));
    }
    // Every case but the last matches a copy of the subject.
    assert_seq(f, &["LOAD_FAST (v)", "COPY 1", "MATCH_SEQUENCE"]);
    // A capture's value is stored once the whole pattern matched.
    assert_seq(f, &["STORE_FAST (b)", "POP_TOP", "LOAD_FAST (b)"]);
}

#[test]
fn matmul_compiles_to_binary_op() {
    let code = compile("y = a @ b\na @= b\n");
    assert_seq(&code, &["LOAD_NAME (a)", "LOAD_NAME (b)", "BINARY_OP (@)"]);
    assert_seq(
        &code,
        &[
            "LOAD_NAME (a)",
            "LOAD_NAME (b)",
            "BINARY_OP (@=)",
            "STORE_NAME (a)",
        ],
    );
}

#[test]
fn cpython_compile_errors() {
    use CompileErrorKind::{IndentationError as I, SyntaxError as S};
    check_err("return 5\n", S, "'return' outside function", 1, 1);
    check_err(
        "class C:\n    return 1\n",
        S,
        "'return' outside function",
        2,
        5,
    );
    check_err("x = yield 1\n", S, "'yield' outside function", 1, 5);
    check_err("break\n", S, "'break' outside loop", 1, 1);
    check_err(
        "for x in y:\n    def f():\n        break\n",
        S,
        "'break' outside loop",
        3,
        9,
    );
    check_err("continue\n", S, "'continue' not properly in loop", 1, 1);
    check_err(
        "nonlocal x\n",
        S,
        "nonlocal declaration not allowed at module level",
        1,
        1,
    );
    check_err(
        "def f():\n    nonlocal y\n",
        S,
        "no binding for nonlocal 'y' found",
        2,
        5,
    );
    check_err(
        "def f():\n    x = 1\n    global x\n",
        S,
        "name 'x' is assigned to before global declaration",
        3,
        5,
    );
    check_err(
        "def f():\n    print(x)\n    global x\n",
        S,
        "name 'x' is used prior to global declaration",
        3,
        5,
    );
    check_err(
        "def f(x):\n    global x\n",
        S,
        "name 'x' is parameter and global",
        2,
        5,
    );
    check_err(
        "1 = x\n",
        S,
        "cannot assign to literal here. Maybe you meant '==' instead of '='?",
        1,
        1,
    );
    check_err("for 1 in x: pass\n", S, "cannot assign to literal", 1, 5);
    check_err(
        "*a = x\n",
        S,
        "starred assignment target must be in a list or tuple",
        1,
        1,
    );
    check_err(
        "a, *b, *c = d\n",
        S,
        "multiple starred expressions in assignment",
        1,
        1,
    );
    check_err(
        "def f(a, a): pass\n",
        S,
        "duplicate argument 'a' in function definition",
        1,
        10,
    );
    check_err("f(x=1, x=2)\n", S, "keyword argument repeated: x", 1, 8);
    check_err(
        "f(a=1, b)\n",
        S,
        "positional argument follows keyword argument",
        1,
        9,
    );
    check_err(
        "def f():\n    return [(yield x) for x in y]\n",
        S,
        "'yield' inside list comprehension",
        2,
        14,
    );
    check_err(
        "[i := 0 for i in range(5)]\n",
        S,
        "assignment expression cannot rebind comprehension iteration variable 'i'",
        1,
        2,
    );
    check_err(
        "class A:\n  [(y := i) for i in range(3)]\n",
        S,
        "assignment expression within a comprehension cannot be used in a class body",
        2,
        5,
    );
    check_err("x = 1\n  y = 2\n", I, "unexpected indent", 2, 2);
    check_err(
        "if x:\ny = 2\n",
        I,
        "expected an indented block after 'if' statement on line 1",
        2,
        1,
    );
    check_err(
        "if x:\n    y = 2\n  z = 3\n",
        I,
        "unindent does not match any outer indentation level",
        3,
        8,
    );
    check_err("x = (1,\n2\n", S, "'(' was never closed", 1, 5);
    check_err(
        "x = 'abc\n",
        S,
        "unterminated string literal (detected at line 1)",
        1,
        5,
    );
    check_err("if x\n  pass\n", S, "expected ':'", 1, 5);
    check_err("x = 1 +\n", S, "invalid syntax", 1, 8);
    check_err(
        "try:\n    pass\nexcept:\n    pass\nexcept ValueError:\n    pass\n",
        S,
        "default 'except:' must be last",
        3,
        1,
    );
    check_err(
        "# -*- coding: klingon -*-\n",
        S,
        "encoding problem: klingon",
        1,
        15,
    );
    check_err(
        "x = 1\0\n",
        S,
        "source code cannot contain null bytes",
        1,
        6,
    );
    let e = compile_err("x = (1,\n2\n");
    assert_eq!(e.source_line.as_deref(), Some("x = (1,"));
    assert_eq!(
        e.to_string(),
        "SyntaxError: '(' was never closed (<test>, line 1)"
    );
}

#[test]
fn future_imports() {
    use CompileErrorKind::SyntaxError as S;
    let c = compile("'doc'\nfrom __future__ import annotations, generator_stop\nx = 1\n");
    assert!(!has_op(&c, Opcode::IMPORT_NAME));
    check_err(
        "x = 1\nfrom __future__ import annotations\n",
        S,
        "from __future__ imports must occur at the beginning of the file",
        2,
        1,
    );
    check_err("from __future__ import braces\n", S, "not a chance", 1, 1);
    check_err(
        "from __future__ import nope\n",
        S,
        "future feature nope is not defined",
        1,
        1,
    );
}

#[test]
fn too_many_nested_blocks() {
    let mut src = String::new();
    for i in 0..21 {
        src.push_str(&"    ".repeat(i));
        src.push_str(&format!("for x{i} in y:\n"));
    }
    src.push_str(&"    ".repeat(21));
    src.push_str("pass\n");
    let e = compile_err(&src);
    assert_eq!(e.message, "too many statically nested blocks");
    assert_eq!(e.line, 21);
    let mut src = String::new();
    for i in 0..20 {
        src.push_str(&"    ".repeat(i));
        src.push_str(&format!("while x{i}:\n"));
    }
    src.push_str(&"    ".repeat(20));
    src.push_str("pass\n");
    compile(&src);
}

#[test]
fn coding_declarations_and_bom() {
    compile("# -*- coding: latin-1 -*-\nx = 1\n");
    compile("#!/usr/bin/env python\n# vim: set fileencoding=utf-8 :\nx = 1\n");
    compile("\u{feff}x = 1\n");
}

// ---------------------------------------------------------------------
// Corpus and robustness

fn corpus_files() -> Vec<std::path::PathBuf> {
    let root = std::path::Path::new("/work/shared/corpus");
    let mut out = Vec::new();
    let Ok(dirs) = std::fs::read_dir(root) else {
        return out;
    };
    for d in dirs.flatten() {
        let Ok(files) = std::fs::read_dir(d.path()) else {
            continue;
        };
        for f in files.flatten() {
            if f.path().extension().is_some_and(|e| e == "py") {
                out.push(f.path());
            }
        }
    }
    out.sort();
    out
}

#[test]
fn corpus_compiles() {
    let files = corpus_files();
    if files.is_empty() {
        eprintln!("corpus not found; skipping");
        return;
    }
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        let src = String::from_utf8(bytes).expect("corpus is UTF-8");
        let name = path.display().to_string();
        match compile_module(&src, &name) {
            Ok(code) => {
                validate(&code);
                assert_eq!(&*code.filename, name.as_str());
            }
            Err(e) => panic!("{name}: {e:?}"),
        }
    }
}

/// xorshift64*, deterministic.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn must_not_panic(src: &str) {
    let r = std::panic::catch_unwind(|| compile_module(src, "<fuzz>"));
    match r {
        Ok(Ok(code)) => validate(&code),
        Ok(Err(e)) => {
            assert!(e.line >= 1 && e.column >= 1, "{e:?}");
            assert!(
                !e.message.starts_with("internal compiler error"),
                "{e:?} for {src:?}"
            );
        }
        Err(_) => panic!("compiler panicked on {src:?}"),
    }
}

#[test]
fn truncated_and_random_inputs_never_panic() {
    let files = corpus_files();
    let sources: Vec<String> = files
        .iter()
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .collect();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut count = 0;
    // Truncations and splices of real programs.
    for _ in 0..300 {
        if sources.is_empty() {
            break;
        }
        let s = &sources[rng.below(sources.len())];
        let bytes = s.as_bytes();
        let cut = rng.below(bytes.len() + 1);
        let start = if rng.below(3) == 0 {
            rng.below(cut + 1)
        } else {
            0
        };
        let piece = String::from_utf8_lossy(&bytes[start..cut]).into_owned();
        must_not_panic(&piece);
        count += 1;
    }
    // Random bytes, and random mixes of Python tokens.
    let tokens = [
        "def ",
        "class ",
        "(",
        ")",
        "[",
        "]",
        "{",
        "}",
        ":",
        "\n",
        "    ",
        "x",
        "y",
        "=",
        "+=",
        "return ",
        "yield ",
        "lambda ",
        "for ",
        " in ",
        "if ",
        "else",
        "try:",
        "except ",
        "finally:",
        "with ",
        " as ",
        "*",
        "**",
        ",",
        "'s'",
        "f'{x}'",
        "1",
        "2.5",
        "None",
        "global ",
        "nonlocal ",
        "break",
        "continue",
        "import ",
        "from ",
        ".",
        "@",
        "not ",
        " and ",
        " or ",
        ":=",
        "async ",
        "await ",
        "del ",
        "assert ",
        "raise ",
        "while ",
        "pass",
        "\\",
        "#",
        "\t",
        "\"\"\"",
    ];
    for _ in 0..250 {
        let mut s = String::new();
        if rng.below(2) == 0 {
            let n = rng.below(80);
            let bytes: Vec<u8> = (0..n).map(|_| rng.next() as u8).collect();
            s = String::from_utf8_lossy(&bytes).into_owned();
        } else {
            for _ in 0..rng.below(40) {
                s.push_str(tokens[rng.below(tokens.len())]);
            }
        }
        must_not_panic(&s);
        count += 1;
    }
    assert!(count >= 250);
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let src = format!("x = {}1\n", "-".repeat(5000));
    let e = compile_err(&src);
    assert_eq!(e.kind, CompileErrorKind::SyntaxError);
    let src = format!("x = {}1{}\n", "(".repeat(250), ")".repeat(250));
    assert_eq!(compile_err(&src).message, "too many nested parentheses");
    let src = format!("x = {}1{}\n", "[".repeat(150), "]".repeat(150));
    compile(&src);
    let mut src = String::new();
    for i in 0..150 {
        src.push_str(&"    ".repeat(i));
        src.push_str("if x:\n");
    }
    src.push_str(&"    ".repeat(150));
    src.push_str("pass\n");
    must_not_panic(&src);
}

#[test]
fn disassembler_output() {
    let c = compile("def f(a):\n    return a + 1\n");
    let text = disassemble(&c);
    assert!(text.contains("Disassembly of f"));
    assert!(text.contains("BINARY_OP"));
    assert!(text.contains("(+)"));
    let arc: Arc<str> = Arc::from("<test>");
    assert_eq!(c.filename, arc);
}

/// `a, b = x, y` and `a, b, c = x, y, z` compile to one SWAP, as CPython's
/// peephole makes them (no tuple built); other shapes keep the unpack.
#[test]
fn parallel_assignment_of_two_or_three_is_a_swap() {
    let code = compile(
        "def f(a, b, c, p):\n    a, b = b, a\n    x, y, z = c, a, b\n    p[a], p[b] = p[b], p[a]\n    u, *v = a, b\n    return a, b, x, y, z, u, v\n",
    );
    let f = nested(&code, "f");
    assert_seq(
        f,
        &[
            "LOAD_FAST (b)",
            "LOAD_FAST (a)",
            "SWAP 2",
            "STORE_FAST (a)",
            "STORE_FAST (b)",
        ],
    );
    assert_seq(
        f,
        &[
            "LOAD_FAST (b)",
            "SWAP 3",
            "STORE_FAST (x)",
            "STORE_FAST (y)",
            "STORE_FAST (z)",
        ],
    );
    let swaps = ops(f).iter().filter(|o| o.starts_with("SWAP")).count();
    assert_eq!(swaps, 3);
    assert!(has_op(f, Opcode::UNPACK_EX));
    assert!(!has_op(f, Opcode::UNPACK_SEQUENCE));
}

#[test]
fn constant_operators_fold_as_cpython_folds_them() {
    // `(2 ** 64)`, `1 << 20` and `-(2 ** 3)` become single constants;
    // `2 ** 200` (more than 128 bits) and `1 // 0` (raises) stay operators.
    let code = compile("a = x % (2 ** 64)\nb = 1 << 20\nc = -(2 ** 3)\nd = 2 ** 200\ne = 1 // 0\n");
    let text = ops(&code).join(" ");
    assert!(text.contains("LOAD_CONST (18446744073709551616)"), "{text}");
    assert!(text.contains("LOAD_CONST (1048576)"), "{text}");
    assert!(text.contains("LOAD_CONST (-8)"), "{text}");
    assert_eq!(
        instrs(&code)
            .iter()
            .filter(|(_, op, _)| *op == Opcode::BINARY_OP)
            .count(),
        3,
        "x % c, 2 ** 200 and 1 // 0 remain: {text}"
    );
}

#[test]
fn eval_and_single_modes() {
    let e = compile_source("1 + 2\n", "<e>", CompileMode::Eval).expect("an expression");
    assert!(ops(&e).iter().any(|o| o.starts_with("RETURN_VALUE")));
    let err = compile_source("x = 1\n", "<e>", CompileMode::Eval).unwrap_err();
    assert_eq!((err.message.as_str(), err.line), ("invalid syntax", 1));
    let err = compile_source("1\n2\n", "<e>", CompileMode::Eval).unwrap_err();
    assert_eq!((err.message.as_str(), err.line), ("invalid syntax", 2));
    let s = compile_source("a = 1; a\n", "<s>", CompileMode::Single).expect("one line");
    let names: Vec<&str> = s.names.iter().map(String::as_str).collect();
    assert!(names.contains(&"displayhook"), "{names:?}");
    let err = compile_source("a = 1\nb = 2\n", "<s>", CompileMode::Single).unwrap_err();
    assert_eq!(
        err.message,
        "multiple statements found while compiling a single statement"
    );
    // Relative imports and `import *` compile at module level.
    compile("from . import x\nfrom ..m import y\nfrom os import *\n");
}

#[test]
fn except_star_syntax_errors() {
    use CompileErrorKind::SyntaxError as S;
    check_err(
        "try:\n    pass\nexcept*:\n    pass\n",
        S,
        "expected one or more exception types",
        3,
        8,
    );
    check_err(
        "try:\n    pass\nexcept* ValueError:\n    pass\nexcept KeyError:\n    pass\n",
        S,
        "cannot have both 'except' and 'except*' on the same 'try'",
        5,
        1,
    );
    check_err(
        "try:\n    pass\nexcept ValueError:\n    pass\nexcept* KeyError:\n    pass\n",
        S,
        "cannot have both 'except' and 'except*' on the same 'try'",
        5,
        1,
    );
    let msg = "'break', 'continue' and 'return' cannot appear in an except* block";
    check_err(
        "for x in y:\n    try:\n        pass\n    except* ValueError:\n        break\n",
        S,
        msg,
        5,
        9,
    );
    check_err(
        "for x in y:\n    try:\n        pass\n    except* ValueError:\n        continue\n",
        S,
        msg,
        5,
        9,
    );
    check_err(
        "def f():\n    try:\n        pass\n    except* ValueError:\n        return 1\n",
        S,
        msg,
        5,
        9,
    );
    // A loop or a function inside the clause is its own scope for these.
    compile(
        "for x in y:\n    try:\n        pass\n    except* ValueError:\n        for z in y:\n            break\n        def g():\n            return 1\n",
    );
}
