//! Symbol tables: which names are local, global, free or cell in every
//! scope, computed as CPython's `Python/symtable.c` computes them.
//!
//! Pass 1 ([`SymbolTable::build`]) walks the AST once, creating one
//! [`ScopeInfo`] per module, class, function, lambda and comprehension (each
//! comprehension is its own function scope with the implicit parameter
//! `.0`), recording how each name is used. It also refuses the
//! constructs outside Weft's subset (`async`, `except*`, ...). Pass 2
//! (`analyze`) resolves every name to a [`Scope`], turning captured locals
//! into cells and threading free variables through intermediate scopes. It
//! also marks the list, set and dict comprehensions that are compiled
//! inline (PEP 709): those none of whose variables a nested scope
//! captures; the enclosing scope's own variables they read stay plain
//! locals there (no cell) unless a real nested scope needs them.

use std::collections::{HashMap, HashSet};

use ruff_python_ast::{
    self as ast, Comprehension, ExceptHandler, Expr, ExprContext, Parameters, Pattern, Stmt,
};
use ruff_text_size::{Ranged, TextRange};

/// Index of a scope in [`SymbolTable::scopes`].
pub(crate) type ScopeId = usize;

/// Name was declared `global`.
pub(crate) const DEF_GLOBAL: u32 = 1;
/// Name is assigned in this scope.
pub(crate) const DEF_LOCAL: u32 = 2;
/// Name is a parameter.
pub(crate) const DEF_PARAM: u32 = 4;
/// Name was declared `nonlocal`.
pub(crate) const DEF_NONLOCAL: u32 = 8;
/// Name is read.
pub(crate) const USE: u32 = 16;
/// Free in a method and bound in the class body.
pub(crate) const DEF_FREE_CLASS: u32 = 64;
/// Bound by an import.
pub(crate) const DEF_IMPORT: u32 = 128;
/// Annotated (simple annotated assignment target).
pub(crate) const DEF_ANNOT: u32 = 256;
/// Iteration variable of a comprehension.
pub(crate) const DEF_COMP_ITER: u32 = 512;
const DEF_BOUND: u32 = DEF_LOCAL | DEF_PARAM | DEF_IMPORT;

/// Deepest AST nesting the passes accept before refusing the program.
pub(crate) const MAX_NESTING: usize = 2000;

/// The kind of comprehension of a comprehension scope.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CompKind {
    /// `[... for ...]`
    List,
    /// `{... for ...}`
    Set,
    /// `{k: v for ...}`
    Dict,
    /// `(... for ...)`
    Generator,
}

impl CompKind {
    /// The code object name CPython gives the comprehension.
    pub(crate) fn code_name(self) -> &'static str {
        match self {
            CompKind::List => "<listcomp>",
            CompKind::Set => "<setcomp>",
            CompKind::Dict => "<dictcomp>",
            CompKind::Generator => "<genexpr>",
        }
    }

    fn description(self) -> &'static str {
        match self {
            CompKind::List => "list comprehension",
            CompKind::Set => "set comprehension",
            CompKind::Dict => "dict comprehension",
            CompKind::Generator => "generator expression",
        }
    }
}

/// What kind of block a scope is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ScopeKind {
    /// The module body.
    Module,
    /// A class body.
    Class,
    /// A `def`.
    Function,
    /// A `lambda`.
    Lambda,
    /// A comprehension or generator expression.
    Comprehension(CompKind),
}

impl ScopeKind {
    /// Functions, lambdas and comprehensions use fast locals.
    pub(crate) fn is_function_like(self) -> bool {
        matches!(
            self,
            ScopeKind::Function | ScopeKind::Lambda | ScopeKind::Comprehension(_)
        )
    }
}

/// Where a name lives, once analysed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scope {
    /// A local of this scope (fast local in functions, namespace in classes/modules).
    Local,
    /// Declared `global` (here or, for an implicit global, nowhere).
    GlobalExplicit,
    /// Not bound in any enclosing function: a global or builtin.
    GlobalImplicit,
    /// Bound in an enclosing function, reached through a cell.
    Free,
    /// A local captured by an inner scope.
    Cell,
}

/// One name in one scope.
#[derive(Clone, Debug)]
pub(crate) struct Symbol {
    /// `DEF_*` / `USE` flags.
    pub(crate) flags: u32,
    /// Resolved scope (set by the analysis).
    pub(crate) scope: Option<Scope>,
}

/// One scope (block) of the program.
#[derive(Clone, Debug)]
pub(crate) struct ScopeInfo {
    /// Block kind.
    pub(crate) kind: ScopeKind,
    names: Vec<String>,
    symbols: HashMap<String, Symbol>,
    /// Parameter names in order (mangled).
    pub(crate) params: Vec<String>,
    /// Nested scopes in source order.
    pub(crate) children: Vec<ScopeId>,
    /// Contains `yield` (or is a generator expression).
    pub(crate) is_generator: bool,
    /// An `async def`, or a comprehension that awaits (`async for` or
    /// `await` inside): calling it makes a coroutine (an async generator
    /// when `is_generator` too).
    pub(crate) is_coroutine: bool,
    /// A class body whose methods use `super`/`__class__`: needs a `__class__` cell.
    pub(crate) needs_class_closure: bool,
    /// A list, set or dict comprehension compiled into its enclosing scope's
    /// code (PEP 709, CPython 3.12+): set by the analysis when none of its
    /// locals is captured by a nested scope.
    pub(crate) inlined: bool,
    /// Where each `global`/`nonlocal` (or walrus-in-comprehension) directive was.
    directives: HashMap<String, TextRange>,
    comp_iter_target: bool,
    comp_iter_expr: usize,
}

impl ScopeInfo {
    fn new(kind: ScopeKind) -> ScopeInfo {
        ScopeInfo {
            kind,
            names: Vec::new(),
            symbols: HashMap::new(),
            params: Vec::new(),
            children: Vec::new(),
            is_generator: matches!(kind, ScopeKind::Comprehension(CompKind::Generator)),
            is_coroutine: false,
            needs_class_closure: false,
            inlined: false,
            directives: HashMap::new(),
            comp_iter_target: false,
            comp_iter_expr: 0,
        }
    }

    /// The flags of a (mangled) name, 0 when unknown.
    pub(crate) fn flags(&self, name: &str) -> u32 {
        self.symbols.get(name).map_or(0, |s| s.flags)
    }

    /// The resolved scope of a (mangled) name.
    pub(crate) fn scope(&self, name: &str) -> Option<Scope> {
        self.symbols.get(name).and_then(|s| s.scope)
    }

    /// The names this scope binds for itself (parameters and locals, cells
    /// included), in the order they were first seen.
    pub(crate) fn own_locals(&self) -> impl Iterator<Item = &str> {
        self.names
            .iter()
            .filter(|n| matches!(self.scope(n), Some(Scope::Local | Scope::Cell)))
            .map(String::as_str)
    }

    /// Cell variables in CPython's order (`__class__` first for classes, then sorted).
    pub(crate) fn cellvars(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        if self.needs_class_closure {
            out.push("__class__".to_string());
        }
        let mut cells: Vec<String> = self
            .symbols
            .iter()
            .filter(|(_, s)| s.scope == Some(Scope::Cell))
            .map(|(n, _)| n.clone())
            .filter(|n| !out.contains(n))
            .collect();
        cells.sort();
        out.extend(cells);
        out
    }

    /// Free variables, sorted (includes class-local names also free in methods).
    pub(crate) fn freevars(&self) -> Vec<String> {
        let mut free: Vec<String> = self
            .symbols
            .iter()
            .filter(|(_, s)| s.scope == Some(Scope::Free) || s.flags & DEF_FREE_CLASS != 0)
            .map(|(n, _)| n.clone())
            .collect();
        free.sort();
        free
    }
}

/// A symbol-table error (always a `SyntaxError`).
#[derive(Clone, Debug)]
pub(crate) struct SymError {
    /// CPython's message.
    pub(crate) message: String,
    /// Where it points.
    pub(crate) range: TextRange,
}

fn err<T>(message: impl Into<String>, range: TextRange) -> Result<T, SymError> {
    Err(SymError {
        message: message.into(),
        range,
    })
}

/// Key of a scope-creating node: its kind and address (stable while the
/// AST is alive; the same node compiled twice finds the same scope).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct NodeKey(u8, usize);

impl NodeKey {
    pub(crate) fn function(f: &ast::StmtFunctionDef) -> NodeKey {
        NodeKey(0, std::ptr::from_ref(f) as usize)
    }
    pub(crate) fn class(c: &ast::StmtClassDef) -> NodeKey {
        NodeKey(1, std::ptr::from_ref(c) as usize)
    }
    pub(crate) fn lambda(l: &ast::ExprLambda) -> NodeKey {
        NodeKey(2, std::ptr::from_ref(l) as usize)
    }
    pub(crate) fn expr(e: &Expr) -> NodeKey {
        NodeKey(3, std::ptr::from_ref(e) as usize)
    }
}

/// The symbol tables of a whole module.
#[derive(Debug)]
pub(crate) struct SymbolTable {
    /// All scopes; index 0 is the module.
    pub(crate) scopes: Vec<ScopeInfo>,
    by_node: HashMap<NodeKey, ScopeId>,
}

/// CPython's private name mangling (`__x` in class `C` -> `_C__x`).
pub(crate) fn mangle(private: Option<&str>, name: &str) -> String {
    let Some(class) = private else {
        return name.to_string();
    };
    if !name.starts_with("__") || name.ends_with("__") || name.contains('.') {
        return name.to_string();
    }
    let stripped = class.trim_start_matches('_');
    if stripped.is_empty() {
        return name.to_string();
    }
    format!("_{stripped}{name}")
}

impl SymbolTable {
    /// Builds and analyses the symbol tables of a module.
    pub(crate) fn build(module: &ast::ModModule) -> Result<SymbolTable, SymError> {
        let mut b = Builder {
            scopes: vec![ScopeInfo::new(ScopeKind::Module)],
            by_node: HashMap::new(),
            stack: vec![0],
            private: None,
            depth: 0,
            future_annotations: super::codegen::has_future_annotations(&module.body),
        };
        b.visit_body(&module.body)?;
        let mut table = SymbolTable {
            scopes: b.scopes,
            by_node: b.by_node,
        };
        let mut free = HashSet::new();
        table.analyze_block(0, None, &mut free, &HashSet::new(), 0)?;
        Ok(table)
    }

    /// The scope created by a node.
    pub(crate) fn lookup(&self, key: NodeKey) -> Option<ScopeId> {
        self.by_node.get(&key).copied()
    }

    /// A scope by id.
    pub(crate) fn scope(&self, id: ScopeId) -> &ScopeInfo {
        &self.scopes[id]
    }

    fn analyze_block(
        &mut self,
        id: ScopeId,
        bound: Option<&HashSet<String>>,
        free: &mut HashSet<String>,
        global: &HashSet<String>,
        depth: usize,
    ) -> Result<(), SymError> {
        if depth > MAX_NESTING {
            return err("too many statically nested blocks", TextRange::default());
        }
        let mut local: HashSet<String> = HashSet::new();
        let mut scopes: HashMap<String, Scope> = HashMap::new();
        let mut newglobal: HashSet<String> = HashSet::new();
        let mut newfree: HashSet<String> = HashSet::new();
        let mut newbound: HashSet<String> = HashSet::new();
        let mut global = global.clone();
        let mut bound: Option<HashSet<String>> = bound.cloned();
        let kind = self.scopes[id].kind;

        if kind == ScopeKind::Class {
            newglobal.extend(global.iter().cloned());
            if let Some(b) = &bound {
                newbound.extend(b.iter().cloned());
            }
        }

        let names = self.scopes[id].names.clone();
        for name in &names {
            let flags = self.scopes[id].flags(name);
            let sc = self.analyze_name(
                id,
                name,
                flags,
                bound.as_mut(),
                &mut local,
                free,
                &mut global,
            )?;
            scopes.insert(name.clone(), sc);
        }

        if kind != ScopeKind::Class {
            if kind.is_function_like() {
                newbound.extend(local.iter().cloned());
            }
            if let Some(b) = &bound {
                newbound.extend(b.iter().cloned());
            }
            newglobal.extend(global.iter().cloned());
        } else {
            newbound.insert("__class__".to_string());
        }

        let children = self.scopes[id].children.clone();
        let mut allfree: HashSet<String> = HashSet::new();
        for child in children {
            let mut child_free = HashSet::new();
            self.analyze_block(
                child,
                Some(&newbound),
                &mut child_free,
                &newglobal,
                depth + 1,
            )?;
            if self.mark_inlined(child) && kind.is_function_like() {
                // The inlined comprehension reads this scope's own locals
                // directly: they need no cell unless a real nested scope
                // inside it captures them.
                child_free.retain(|name| {
                    scopes.get(name) != Some(&Scope::Local) || self.captured_below(child, name)
                });
            }
            allfree.extend(child_free);
        }
        newfree.extend(allfree);

        if kind.is_function_like() {
            // analyze_cells
            for (name, sc) in scopes.iter_mut() {
                if *sc == Scope::Local && newfree.contains(name) {
                    *sc = Scope::Cell;
                    newfree.remove(name);
                }
            }
        } else if kind == ScopeKind::Class && newfree.remove("__class__") {
            self.scopes[id].needs_class_closure = true;
        }

        // update_symbols
        let is_class = kind == ScopeKind::Class;
        let info = &mut self.scopes[id];
        for (name, sc) in &scopes {
            if let Some(sym) = info.symbols.get_mut(name) {
                sym.scope = Some(*sc);
            }
        }
        let mut free_names: Vec<&String> = newfree.iter().collect();
        free_names.sort();
        for name in free_names {
            if let Some(sym) = info.symbols.get_mut(name) {
                if is_class && sym.flags & (DEF_BOUND | DEF_GLOBAL) != 0 {
                    sym.flags |= DEF_FREE_CLASS;
                }
                continue;
            }
            if let Some(b) = &bound {
                if !b.contains(name) {
                    continue;
                }
            }
            info.names.push(name.clone());
            info.symbols.insert(
                name.clone(),
                Symbol {
                    flags: 0,
                    scope: Some(Scope::Free),
                },
            );
        }
        free.extend(newfree);
        Ok(())
    }

    /// Decides whether an analysed comprehension scope is compiled inline
    /// (list, set and dict comprehensions whose locals no nested scope
    /// captures), records it, and answers it.
    fn mark_inlined(&mut self, id: ScopeId) -> bool {
        let info = &self.scopes[id];
        let inline = matches!(
            info.kind,
            ScopeKind::Comprehension(CompKind::List | CompKind::Set | CompKind::Dict)
        ) && info.symbols.values().all(|s| s.scope != Some(Scope::Cell));
        self.scopes[id].inlined = inline;
        inline
    }

    /// True when a scope nested in `id` that keeps its own code object
    /// (looking through inlined comprehensions) has `name` free.
    fn captured_below(&self, id: ScopeId, name: &str) -> bool {
        self.scopes[id].children.iter().any(|&child| {
            let info = &self.scopes[child];
            if info.inlined {
                self.captured_below(child, name)
            } else {
                info.symbols
                    .get(name)
                    .is_some_and(|s| s.scope == Some(Scope::Free) || s.flags & DEF_FREE_CLASS != 0)
            }
        })
    }

    #[allow(clippy::too_many_arguments)]
    fn analyze_name(
        &mut self,
        id: ScopeId,
        name: &str,
        flags: u32,
        bound: Option<&mut HashSet<String>>,
        local: &mut HashSet<String>,
        free: &mut HashSet<String>,
        global: &mut HashSet<String>,
    ) -> Result<Scope, SymError> {
        let directive = |t: &SymbolTable| {
            t.scopes[id]
                .directives
                .get(name)
                .copied()
                .unwrap_or_default()
        };
        if flags & DEF_GLOBAL != 0 {
            if flags & DEF_NONLOCAL != 0 {
                return err(
                    format!("name '{name}' is nonlocal and global"),
                    directive(self),
                );
            }
            global.insert(name.to_string());
            if let Some(b) = bound {
                b.remove(name);
            }
            return Ok(Scope::GlobalExplicit);
        }
        if flags & DEF_NONLOCAL != 0 {
            let Some(b) = bound else {
                return err(
                    "nonlocal declaration not allowed at module level",
                    directive(self),
                );
            };
            if !b.contains(name) {
                return err(
                    format!("no binding for nonlocal '{name}' found"),
                    directive(self),
                );
            }
            free.insert(name.to_string());
            return Ok(Scope::Free);
        }
        if flags & DEF_BOUND != 0 {
            local.insert(name.to_string());
            global.remove(name);
            return Ok(Scope::Local);
        }
        if let Some(b) = bound {
            if b.contains(name) {
                free.insert(name.to_string());
                return Ok(Scope::Free);
            }
        }
        Ok(Scope::GlobalImplicit)
    }
}

/// Pass 1: walks the AST.
struct Builder {
    scopes: Vec<ScopeInfo>,
    by_node: HashMap<NodeKey, ScopeId>,
    stack: Vec<ScopeId>,
    private: Option<String>,
    depth: usize,
    /// `from __future__ import annotations`: annotations become strings
    /// and their names are not uses of the enclosing scope.
    future_annotations: bool,
}

impl Builder {
    fn cur(&self) -> ScopeId {
        self.stack.last().copied().unwrap_or(0)
    }

    fn cur_info(&mut self) -> &mut ScopeInfo {
        let id = self.cur();
        &mut self.scopes[id]
    }

    fn enter(&mut self, kind: ScopeKind, key: NodeKey) -> ScopeId {
        let id = self.scopes.len();
        self.scopes.push(ScopeInfo::new(kind));
        let parent = self.cur();
        self.scopes[parent].children.push(id);
        self.by_node.insert(key, id);
        self.stack.push(id);
        id
    }

    fn exit(&mut self) {
        self.stack.pop();
    }

    fn add_def(&mut self, name: &str, flag: u32, range: TextRange) -> Result<(), SymError> {
        let id = self.cur();
        self.add_def_in(id, name, flag, range)
    }

    fn add_def_in(
        &mut self,
        id: ScopeId,
        name: &str,
        flag: u32,
        range: TextRange,
    ) -> Result<(), SymError> {
        let mangled = mangle(self.private.as_deref(), name);
        if mangled == "__debug__" && flag & (DEF_LOCAL | DEF_PARAM | DEF_IMPORT) != 0 {
            return err("cannot assign to __debug__", range);
        }
        let info = &mut self.scopes[id];
        let old = info.flags(&mangled);
        if flag & DEF_PARAM != 0 && old & DEF_PARAM != 0 {
            return err(
                format!("duplicate argument '{mangled}' in function definition"),
                range,
            );
        }
        let mut val = old | flag;
        if info.comp_iter_target {
            if val & (DEF_GLOBAL | DEF_NONLOCAL) != 0 {
                return err(
                    format!(
                        "comprehension inner loop cannot rebind assignment expression target '{mangled}'"
                    ),
                    range,
                );
            }
            val |= DEF_COMP_ITER;
        }
        match info.symbols.get_mut(&mangled) {
            Some(sym) => sym.flags = val,
            None => {
                info.names.push(mangled.clone());
                info.symbols.insert(
                    mangled.clone(),
                    Symbol {
                        flags: val,
                        scope: None,
                    },
                );
            }
        }
        if flag & DEF_PARAM != 0 {
            info.params.push(mangled);
        }
        Ok(())
    }

    fn record_directive(&mut self, name: &str, range: TextRange) {
        let mangled = mangle(self.private.as_deref(), name);
        self.cur_info().directives.entry(mangled).or_insert(range);
    }

    fn lookup(&self, name: &str) -> u32 {
        let mangled = mangle(self.private.as_deref(), name);
        self.scopes[self.cur()].flags(&mangled)
    }

    fn visit_body(&mut self, body: &[Stmt]) -> Result<(), SymError> {
        for s in body {
            self.visit_stmt(s)?;
        }
        Ok(())
    }

    fn enter_nesting(&mut self, range: TextRange) -> Result<(), SymError> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return err("maximum recursion depth exceeded during compilation", range);
        }
        Ok(())
    }

    fn visit_stmt(&mut self, s: &Stmt) -> Result<(), SymError> {
        self.enter_nesting(s.range())?;
        let r = self.visit_stmt_inner(s);
        self.depth -= 1;
        r
    }

    fn visit_stmt_inner(&mut self, s: &Stmt) -> Result<(), SymError> {
        match s {
            Stmt::FunctionDef(f) => {
                if f.type_params.is_some() {
                    return err("type parameters are not supported", f.range);
                }
                self.add_def(f.name.as_str(), DEF_LOCAL, f.name.range)?;
                self.visit_defaults(&f.parameters)?;
                self.visit_param_annotations(&f.parameters)?;
                if let Some(r) = &f.returns {
                    self.visit_annotation(r)?;
                }
                for d in &f.decorator_list {
                    self.visit_expr(&d.expression)?;
                }
                self.enter(ScopeKind::Function, NodeKey::function(f));
                self.cur_info().is_coroutine = f.is_async;
                self.visit_params(&f.parameters)?;
                self.visit_body(&f.body)?;
                self.exit();
            }
            Stmt::ClassDef(c) => {
                if c.type_params.is_some() {
                    return err("type parameters are not supported", c.range);
                }
                self.add_def(c.name.as_str(), DEF_LOCAL, c.name.range)?;
                if let Some(args) = &c.arguments {
                    for a in args.args.iter() {
                        self.visit_expr(a)?;
                    }
                    for k in args.keywords.iter() {
                        self.visit_expr(&k.value)?;
                    }
                }
                for d in &c.decorator_list {
                    self.visit_expr(&d.expression)?;
                }
                self.enter(ScopeKind::Class, NodeKey::class(c));
                let saved = self.private.replace(c.name.to_string());
                let r = self.visit_body(&c.body);
                self.private = saved;
                r?;
                self.exit();
            }
            Stmt::Return(r) => {
                if let Some(v) = &r.value {
                    self.visit_expr(v)?;
                }
            }
            Stmt::Delete(d) => {
                for t in &d.targets {
                    self.visit_expr(t)?;
                }
            }
            Stmt::TypeAlias(t) => return err("'type' statements are not supported", t.range),
            Stmt::Assign(a) => {
                for t in &a.targets {
                    self.visit_expr(t)?;
                }
                self.visit_expr(&a.value)?;
            }
            Stmt::AugAssign(a) => {
                self.visit_expr(&a.target)?;
                self.visit_expr(&a.value)?;
            }
            Stmt::AnnAssign(a) => {
                if let Expr::Name(n) = a.target.as_ref() {
                    let cur = self.lookup(n.id.as_str());
                    let is_module = self.cur() == 0;
                    if cur & (DEF_GLOBAL | DEF_NONLOCAL) != 0 && !is_module && a.simple {
                        let msg = if cur & DEF_GLOBAL != 0 {
                            format!("annotated name '{}' can't be global", n.id)
                        } else {
                            format!("annotated name '{}' can't be nonlocal", n.id)
                        };
                        return err(msg, n.range);
                    }
                    if a.simple {
                        self.add_def(n.id.as_str(), DEF_ANNOT | DEF_LOCAL, n.range)?;
                    } else if a.value.is_some() {
                        self.add_def(n.id.as_str(), DEF_LOCAL, n.range)?;
                    }
                } else {
                    self.visit_expr(&a.target)?;
                }
                self.visit_annotation(&a.annotation)?;
                if let Some(v) = &a.value {
                    self.visit_expr(v)?;
                }
            }
            Stmt::For(f) => {
                if f.is_async && !self.in_async_function() {
                    return err("'async for' outside async function", f.range);
                }
                self.visit_expr(&f.target)?;
                self.visit_expr(&f.iter)?;
                self.visit_body(&f.body)?;
                self.visit_body(&f.orelse)?;
            }
            Stmt::While(w) => {
                self.visit_expr(&w.test)?;
                self.visit_body(&w.body)?;
                self.visit_body(&w.orelse)?;
            }
            Stmt::If(i) => {
                self.visit_expr(&i.test)?;
                self.visit_body(&i.body)?;
                for clause in &i.elif_else_clauses {
                    if let Some(t) = &clause.test {
                        self.visit_expr(t)?;
                    }
                    self.visit_body(&clause.body)?;
                }
            }
            Stmt::With(w) => {
                if w.is_async && !self.in_async_function() {
                    return err("'async with' outside async function", w.range);
                }
                for item in &w.items {
                    self.visit_expr(&item.context_expr)?;
                    if let Some(v) = &item.optional_vars {
                        self.visit_expr(v)?;
                    }
                }
                self.visit_body(&w.body)?;
            }
            Stmt::Match(m) => {
                self.visit_expr(&m.subject)?;
                for case in &m.cases {
                    self.visit_pattern(&case.pattern)?;
                    if let Some(g) = &case.guard {
                        self.visit_expr(g)?;
                    }
                    self.visit_body(&case.body)?;
                }
            }
            Stmt::Raise(r) => {
                if let Some(e) = &r.exc {
                    self.visit_expr(e)?;
                }
                if let Some(c) = &r.cause {
                    self.visit_expr(c)?;
                }
            }
            Stmt::Try(t) => {
                self.visit_body(&t.body)?;
                for h in &t.handlers {
                    let ExceptHandler::ExceptHandler(h) = h;
                    if let Some(ty) = &h.type_ {
                        self.visit_expr(ty)?;
                    }
                    if let Some(n) = &h.name {
                        self.add_def(n.as_str(), DEF_LOCAL, n.range)?;
                    }
                    self.visit_body(&h.body)?;
                }
                self.visit_body(&t.orelse)?;
                self.visit_body(&t.finalbody)?;
            }
            Stmt::Assert(a) => {
                self.visit_expr(&a.test)?;
                if let Some(m) = &a.msg {
                    self.visit_expr(m)?;
                }
            }
            Stmt::Import(i) => {
                if i.is_lazy {
                    return err("'lazy' imports are not supported", i.range);
                }
                for alias in &i.names {
                    let stored = match &alias.asname {
                        Some(a) => a.as_str(),
                        None => alias.name.as_str().split('.').next().unwrap_or(""),
                    };
                    self.add_def(stored, DEF_IMPORT, alias.range)?;
                }
            }
            Stmt::ImportFrom(i) => {
                if i.is_lazy {
                    return err("'lazy' imports are not supported", i.range);
                }
                for alias in &i.names {
                    if alias.name.as_str() == "*" {
                        if self.scopes[self.cur()].kind != ScopeKind::Module {
                            return err("import * only allowed at module level", i.range);
                        }
                        continue;
                    }
                    let stored = match &alias.asname {
                        Some(a) => a.as_str(),
                        None => alias.name.as_str(),
                    };
                    self.add_def(stored, DEF_IMPORT, alias.range)?;
                }
            }
            Stmt::Global(g) => {
                for name in &g.names {
                    let cur = self.lookup(name.as_str());
                    if cur & (DEF_PARAM | DEF_LOCAL | USE | DEF_ANNOT) != 0 {
                        let msg = if cur & DEF_PARAM != 0 {
                            format!("name '{name}' is parameter and global")
                        } else if cur & USE != 0 {
                            format!("name '{name}' is used prior to global declaration")
                        } else if cur & DEF_ANNOT != 0 {
                            format!("annotated name '{name}' can't be global")
                        } else {
                            format!("name '{name}' is assigned to before global declaration")
                        };
                        return err(msg, g.range);
                    }
                    self.add_def(name.as_str(), DEF_GLOBAL, g.range)?;
                    self.record_directive(name.as_str(), g.range);
                }
            }
            Stmt::Nonlocal(n) => {
                for name in &n.names {
                    let cur = self.lookup(name.as_str());
                    if cur & (DEF_PARAM | DEF_LOCAL | USE | DEF_ANNOT) != 0 {
                        let msg = if cur & DEF_PARAM != 0 {
                            format!("name '{name}' is parameter and nonlocal")
                        } else if cur & USE != 0 {
                            format!("name '{name}' is used prior to nonlocal declaration")
                        } else if cur & DEF_ANNOT != 0 {
                            format!("annotated name '{name}' can't be nonlocal")
                        } else {
                            format!("name '{name}' is assigned to before nonlocal declaration")
                        };
                        return err(msg, n.range);
                    }
                    self.add_def(name.as_str(), DEF_NONLOCAL, n.range)?;
                    self.record_directive(name.as_str(), n.range);
                }
            }
            Stmt::Expr(e) => self.visit_expr(&e.value)?,
            Stmt::Pass(_) | Stmt::Break(_) | Stmt::Continue(_) => {}
            Stmt::IpyEscapeCommand(c) => return err("invalid syntax", c.range),
        }
        Ok(())
    }

    /// A `case` pattern: its capture names are bound in the scope; its
    /// values, mapping keys and class names are read.
    fn visit_pattern(&mut self, p: &Pattern) -> Result<(), SymError> {
        self.enter_nesting(p.range())?;
        let r = self.visit_pattern_inner(p);
        self.depth -= 1;
        r
    }

    fn visit_pattern_inner(&mut self, p: &Pattern) -> Result<(), SymError> {
        match p {
            Pattern::MatchValue(v) => self.visit_expr(&v.value)?,
            Pattern::MatchSingleton(_) => {}
            Pattern::MatchSequence(s) => {
                for sub in &s.patterns {
                    self.visit_pattern(sub)?;
                }
            }
            Pattern::MatchMapping(m) => {
                self.visit_exprs(&m.keys)?;
                for sub in &m.patterns {
                    self.visit_pattern(sub)?;
                }
                if let Some(rest) = &m.rest {
                    self.add_def(rest.as_str(), DEF_LOCAL, rest.range)?;
                }
            }
            Pattern::MatchClass(c) => {
                self.visit_expr(&c.cls)?;
                for sub in &c.arguments.patterns {
                    self.visit_pattern(sub)?;
                }
                for k in &c.arguments.keywords {
                    self.visit_pattern(&k.pattern)?;
                }
            }
            Pattern::MatchStar(s) => {
                if let Some(n) = &s.name {
                    self.add_def(n.as_str(), DEF_LOCAL, n.range)?;
                }
            }
            Pattern::MatchAs(a) => {
                if let Some(inner) = &a.pattern {
                    self.visit_pattern(inner)?;
                }
                if let Some(n) = &a.name {
                    self.add_def(n.as_str(), DEF_LOCAL, n.range)?;
                }
            }
            Pattern::MatchOr(o) => {
                for sub in &o.patterns {
                    self.visit_pattern(sub)?;
                }
            }
        }
        Ok(())
    }

    fn visit_defaults(&mut self, p: &Parameters) -> Result<(), SymError> {
        for param in p.posonlyargs.iter().chain(p.args.iter()) {
            if let Some(d) = &param.default {
                self.visit_expr(d)?;
            }
        }
        for param in p.kwonlyargs.iter() {
            if let Some(d) = &param.default {
                self.visit_expr(d)?;
            }
        }
        Ok(())
    }

    /// An annotation is evaluated where it is written, unless the module
    /// turns annotations into strings.
    fn visit_annotation(&mut self, e: &Expr) -> Result<(), SymError> {
        if self.future_annotations {
            return Ok(());
        }
        self.visit_expr(e)
    }

    fn visit_param_annotations(&mut self, p: &Parameters) -> Result<(), SymError> {
        let plain = p
            .posonlyargs
            .iter()
            .chain(p.args.iter())
            .chain(p.kwonlyargs.iter());
        let params = plain
            .map(|a| &a.parameter)
            .chain(p.vararg.as_deref())
            .chain(p.kwarg.as_deref());
        for param in params {
            if let Some(a) = &param.annotation {
                self.visit_annotation(a)?;
            }
        }
        Ok(())
    }

    fn visit_params(&mut self, p: &Parameters) -> Result<(), SymError> {
        for param in p.posonlyargs.iter().chain(p.args.iter()) {
            self.add_def(
                param.parameter.name.as_str(),
                DEF_PARAM,
                param.parameter.range,
            )?;
        }
        for param in p.kwonlyargs.iter() {
            self.add_def(
                param.parameter.name.as_str(),
                DEF_PARAM,
                param.parameter.range,
            )?;
        }
        if let Some(v) = &p.vararg {
            self.add_def(v.name.as_str(), DEF_PARAM, v.range)?;
        }
        if let Some(k) = &p.kwarg {
            self.add_def(k.name.as_str(), DEF_PARAM, k.range)?;
        }
        Ok(())
    }

    fn visit_expr(&mut self, e: &Expr) -> Result<(), SymError> {
        self.enter_nesting(e.range())?;
        let r = self.visit_expr_inner(e);
        self.depth -= 1;
        r
    }

    fn visit_exprs<'e>(&mut self, es: impl IntoIterator<Item = &'e Expr>) -> Result<(), SymError> {
        for e in es {
            self.visit_expr(e)?;
        }
        Ok(())
    }

    fn visit_expr_inner(&mut self, e: &Expr) -> Result<(), SymError> {
        match e {
            Expr::BoolOp(b) => self.visit_exprs(&b.values)?,
            Expr::Named(n) => {
                if self.scopes[self.cur()].comp_iter_expr > 0 {
                    return err(
                        "assignment expression cannot be used in a comprehension iterable expression",
                        n.range,
                    );
                }
                if matches!(self.scopes[self.cur()].kind, ScopeKind::Comprehension(_)) {
                    if let Expr::Name(target) = n.target.as_ref() {
                        self.extend_namedexpr_scope(target)?;
                    }
                }
                self.visit_expr(&n.value)?;
                self.visit_expr(&n.target)?;
            }
            Expr::BinOp(b) => {
                self.visit_expr(&b.left)?;
                self.visit_expr(&b.right)?;
            }
            Expr::UnaryOp(u) => self.visit_expr(&u.operand)?,
            Expr::Lambda(l) => {
                if let Some(p) = &l.parameters {
                    self.visit_defaults(p)?;
                }
                self.enter(ScopeKind::Lambda, NodeKey::lambda(l));
                if let Some(p) = &l.parameters {
                    self.visit_params(p)?;
                }
                self.visit_expr(&l.body)?;
                self.exit();
            }
            Expr::If(i) => {
                self.visit_expr(&i.test)?;
                self.visit_expr(&i.body)?;
                self.visit_expr(&i.orelse)?;
            }
            Expr::Dict(d) => {
                for item in &d.items {
                    if let Some(k) = &item.key {
                        self.visit_expr(k)?;
                    }
                    self.visit_expr(&item.value)?;
                }
            }
            Expr::Set(s) => self.visit_exprs(&s.elts)?,
            Expr::ListComp(c) => {
                self.visit_comprehension(e, CompKind::List, &c.generators, &c.elt, None)?
            }
            Expr::SetComp(c) => {
                self.visit_comprehension(e, CompKind::Set, &c.generators, &c.elt, None)?
            }
            Expr::DictComp(c) => match &c.key {
                Some(k) => {
                    self.visit_comprehension(e, CompKind::Dict, &c.generators, k, Some(&c.value))?
                }
                None => {
                    return err(
                        "dict unpacking cannot be used in dict comprehension",
                        c.range,
                    )
                }
            },
            Expr::Generator(g) => {
                self.visit_comprehension(e, CompKind::Generator, &g.generators, &g.elt, None)?
            }
            Expr::Await(a) => {
                let cur = self.cur();
                let info = &mut self.scopes[cur];
                match info.kind {
                    ScopeKind::Comprehension(_) => info.is_coroutine = true,
                    ScopeKind::Function if info.is_coroutine => {}
                    ScopeKind::Function | ScopeKind::Lambda => {
                        return err("'await' outside async function", a.range)
                    }
                    ScopeKind::Module | ScopeKind::Class => {
                        return err("'await' outside function", a.range)
                    }
                }
                self.visit_expr(&a.value)?;
            }
            Expr::Yield(y) => {
                if let Some(v) = &y.value {
                    self.visit_expr(v)?;
                }
                self.mark_generator(y.range)?;
            }
            Expr::YieldFrom(y) => {
                if self.in_async_function() {
                    return err("'yield from' inside async function", y.range);
                }
                self.visit_expr(&y.value)?;
                self.mark_generator(y.range)?;
            }
            Expr::Compare(c) => {
                self.visit_expr(&c.left)?;
                self.visit_exprs(c.comparators.iter())?;
            }
            Expr::Call(c) => {
                self.visit_expr(&c.func)?;
                self.visit_exprs(c.arguments.args.iter())?;
                for k in c.arguments.keywords.iter() {
                    self.visit_expr(&k.value)?;
                }
            }
            Expr::FString(f) => {
                for part in f.value.iter() {
                    if let ast::FStringPart::FString(fs) = part {
                        self.visit_fstring_elements(&fs.elements)?;
                    }
                }
            }
            Expr::TString(t) => return err("t-strings are not supported", t.range),
            Expr::StringLiteral(_)
            | Expr::BytesLiteral(_)
            | Expr::BooleanLiteral(_)
            | Expr::NoneLiteral(_)
            | Expr::EllipsisLiteral(_) => {}
            Expr::NumberLiteral(_) => {}
            Expr::Attribute(a) => self.visit_expr(&a.value)?,
            Expr::Subscript(s) => {
                self.visit_expr(&s.value)?;
                self.visit_expr(&s.slice)?;
            }
            Expr::Starred(s) => self.visit_expr(&s.value)?,
            Expr::Name(n) => {
                let flag = match n.ctx {
                    ExprContext::Load => USE,
                    _ => DEF_LOCAL,
                };
                self.add_def(n.id.as_str(), flag, n.range)?;
                if n.ctx == ExprContext::Load
                    && self.scopes[self.cur()].kind.is_function_like()
                    && n.id.as_str() == "super"
                {
                    self.add_def("__class__", USE, n.range)?;
                }
            }
            Expr::List(l) => self.visit_exprs(&l.elts)?,
            Expr::Tuple(t) => self.visit_exprs(&t.elts)?,
            Expr::Slice(s) => {
                if let Some(x) = &s.lower {
                    self.visit_expr(x)?;
                }
                if let Some(x) = &s.upper {
                    self.visit_expr(x)?;
                }
                if let Some(x) = &s.step {
                    self.visit_expr(x)?;
                }
            }
            Expr::IpyEscapeCommand(c) => return err("invalid syntax", c.range),
        }
        Ok(())
    }

    fn visit_fstring_elements(
        &mut self,
        elements: &ast::InterpolatedStringElements,
    ) -> Result<(), SymError> {
        for el in elements.iter() {
            if let ast::InterpolatedStringElement::Interpolation(i) = el {
                self.visit_expr(&i.expression)?;
                if let Some(spec) = &i.format_spec {
                    self.visit_fstring_elements(&spec.elements)?;
                }
            }
        }
        Ok(())
    }

    fn mark_generator(&mut self, range: TextRange) -> Result<(), SymError> {
        let info = self.cur_info();
        if let ScopeKind::Comprehension(k) = info.kind {
            return err(format!("'yield' inside {}", k.description()), range);
        }
        info.is_generator = true;
        Ok(())
    }

    fn visit_comprehension(
        &mut self,
        node: &Expr,
        kind: CompKind,
        generators: &[Comprehension],
        elt: &Expr,
        value: Option<&Expr>,
    ) -> Result<(), SymError> {
        let Some(outermost) = generators.first() else {
            return err("invalid syntax", node.range());
        };
        let cur = self.cur();
        self.scopes[cur].comp_iter_expr += 1;
        let r = self.visit_expr(&outermost.iter);
        self.scopes[cur].comp_iter_expr -= 1;
        r?;
        let id = self.enter(ScopeKind::Comprehension(kind), NodeKey::expr(node));
        self.add_def(".0", DEF_PARAM, node.range())?;
        self.scopes[id].comp_iter_target = true;
        let r = self.visit_expr(&outermost.target);
        self.scopes[id].comp_iter_target = false;
        r?;
        self.visit_exprs(&outermost.ifs)?;
        for g in &generators[1..] {
            self.scopes[id].comp_iter_target = true;
            let r = self.visit_expr(&g.target);
            self.scopes[id].comp_iter_target = false;
            r?;
            self.scopes[id].comp_iter_expr += 1;
            let r = self.visit_expr(&g.iter);
            self.scopes[id].comp_iter_expr -= 1;
            r?;
            self.visit_exprs(&g.ifs)?;
        }
        if let Some(v) = value {
            self.visit_expr(v)?;
        }
        self.visit_expr(elt)?;
        self.exit();
        if generators.iter().any(|g| g.is_async) {
            self.scopes[id].is_coroutine = true;
        }
        // A list, set or dict comprehension that awaits is itself awaited
        // where it is built: only an async function (or a comprehension,
        // which then awaits in turn) can do that. An asynchronous
        // generator expression is fine anywhere.
        if self.scopes[id].is_coroutine && kind != CompKind::Generator {
            let parent = self.cur();
            match self.scopes[parent].kind {
                ScopeKind::Function if self.scopes[parent].is_coroutine => {}
                ScopeKind::Comprehension(_) => self.scopes[parent].is_coroutine = true,
                _ => {
                    return err(
                        "asynchronous comprehension outside of an asynchronous function",
                        node.range(),
                    )
                }
            }
        }
        Ok(())
    }

    /// True when the current scope is an `async def`'s body.
    fn in_async_function(&self) -> bool {
        let info = &self.scopes[self.cur()];
        info.kind == ScopeKind::Function && info.is_coroutine
    }

    /// A walrus inside a comprehension binds in the nearest enclosing
    /// function (or module) scope.
    fn extend_namedexpr_scope(&mut self, target: &ast::ExprName) -> Result<(), SymError> {
        let name = target.id.as_str();
        let mangled = mangle(self.private.as_deref(), name);
        for &sid in self.stack.clone().iter().rev() {
            let kind = self.scopes[sid].kind;
            match kind {
                ScopeKind::Comprehension(_) => {
                    if self.scopes[sid].flags(&mangled) & DEF_COMP_ITER != 0 {
                        return err(
                            format!(
                                "assignment expression cannot rebind comprehension iteration variable '{name}'"
                            ),
                            target.range,
                        );
                    }
                }
                ScopeKind::Function | ScopeKind::Lambda => {
                    let in_scope = self.scopes[sid].flags(&mangled);
                    if in_scope & DEF_GLOBAL != 0 {
                        self.add_def(name, DEF_GLOBAL, target.range)?;
                    } else {
                        self.add_def(name, DEF_NONLOCAL, target.range)?;
                    }
                    self.record_directive(name, target.range);
                    return self.add_def_in(sid, name, DEF_LOCAL, target.range);
                }
                ScopeKind::Module => {
                    self.add_def(name, DEF_GLOBAL, target.range)?;
                    self.record_directive(name, target.range);
                    return self.add_def_in(sid, name, DEF_GLOBAL, target.range);
                }
                ScopeKind::Class => {
                    return err(
                        "assignment expression within a comprehension cannot be used in a class body",
                        target.range,
                    );
                }
            }
        }
        Ok(())
    }
}
