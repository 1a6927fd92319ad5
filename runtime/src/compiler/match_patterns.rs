//! Code generation for `match` statements (PEP 634).
//!
//! The shape is CPython's: the subject stays on the stack while the cases
//! are tried (each case but the last matches a `COPY` of it), a pattern
//! consumes the value it matches, and the values its capture patterns
//! bind are kept on the stack, below whatever the pattern still works on,
//! until the whole pattern has matched: only then are they stored, so a
//! failed case binds nothing. A failing test jumps to a chain of
//! `POP_TOP`s that removes exactly what the pattern had pushed so far.
//!
//! Stack picture of a pattern in progress, above the case's base:
//! `captures... on_top... subject`, where `captures` are the values bound
//! so far ([`PatternState::stores`] names them, deepest first) and
//! `on_top` counts the values the enclosing patterns still need.
//!
//! Compile-time errors are CPython 3.11's: unreachable cases after an
//! irrefutable one, a name bound twice, alternatives binding different
//! names, duplicate literal keys, repeated keyword attributes; they point
//! at the pattern CPython's compiler last looked at.

use ruff_python_ast::{self as ast, Expr, Number, Operator, Pattern, UnaryOp};
use ruff_text_size::Ranged;
use weft_specializer::{BinaryOperator, Opcode};

use super::{fail, CResult, Codegen, Constant, Ctx, Label};

/// `COMPARE_OP` operands.
const CMP_EQ: u32 = 2;
const CMP_GE: u32 = 5;

/// What one pattern being compiled has on the stack, and where a failing
/// test goes.
struct PatternState {
    /// Names of the captured values on the stack, deepest first.
    stores: Vec<String>,
    /// Whether an irrefutable pattern (a capture or `_`) is allowed here.
    allow_irrefutable: bool,
    /// `fail_pop[n]`: where a failing test jumps with `n` values above
    /// the pattern's base; each label pops one value and falls into the
    /// next, down to `fail_pop[0]`.
    fail_pop: Vec<Label>,
    /// Values above the captures that enclosing patterns still need.
    on_top: usize,
}

impl PatternState {
    fn new(allow_irrefutable: bool) -> PatternState {
        PatternState {
            stores: Vec::new(),
            allow_irrefutable,
            fail_pop: Vec::new(),
            on_top: 0,
        }
    }
}

/// `_`
fn is_wildcard(p: &Pattern) -> bool {
    matches!(p, Pattern::MatchAs(a) if a.pattern.is_none() && a.name.is_none())
}

/// `*_`
fn is_star_wildcard(p: &Pattern) -> bool {
    matches!(p, Pattern::MatchStar(s) if s.name.is_none())
}

fn is_number(e: &Expr, imaginary: bool) -> bool {
    match e {
        Expr::NumberLiteral(n) => matches!(n.value, Number::Complex { .. }) == imaginary,
        _ => false,
    }
}

/// Equality of two literal mapping keys as a set would see it (`1`,
/// `1.0` and `True` are one key).
fn same_key(a: &Constant, b: &Constant) -> bool {
    use num_traits::ToPrimitive;
    fn number(c: &Constant) -> Option<f64> {
        match c {
            Constant::Bool(b) => Some(f64::from(u8::from(*b))),
            Constant::Int(i) => i.to_f64(),
            Constant::Float(f) => Some(*f),
            _ => None,
        }
    }
    match (a, b) {
        (Constant::Int(x), Constant::Int(y)) => x == y,
        (Constant::Str(x), Constant::Str(y)) => x == y,
        (Constant::Bytes(x), Constant::Bytes(y)) => x == y,
        (Constant::None, Constant::None) | (Constant::Ellipsis, Constant::Ellipsis) => true,
        _ => match (number(a), number(b)) {
            (Some(x), Some(y)) => x == y,
            _ => false,
        },
    }
}

impl<'a> Codegen<'a> {
    /// `match subject: case ...`
    pub(super) fn compile_match(&mut self, m: &'a ast::StmtMatch) -> CResult<()> {
        self.compile_expr(&m.subject)?;
        let end = self.new_label();
        let cases = m.cases.len();
        let Some(last) = m.cases.last() else {
            return fail("invalid syntax", m.range);
        };
        // A trailing `case _:` needs no pattern code.
        let has_default = is_wildcard(&last.pattern) && cases > 1;
        let tried = cases - usize::from(has_default);
        for (i, case) in m.cases.iter().take(tried).enumerate() {
            let pattern_line = self.line_of(case.pattern.range());
            self.cur.line = pattern_line;
            let keeps_subject = i + 1 != tried;
            if keeps_subject {
                self.emit(Opcode::COPY, 1);
            }
            let mut pc = PatternState::new(case.guard.is_some() || i + 1 == cases);
            self.pattern_loc = case.pattern.range();
            self.compile_pattern(&case.pattern, &mut pc)?;
            // Matched: store the captures (the last captured is on top).
            for name in pc.stores.clone().iter().rev() {
                self.name_op(name, Ctx::Store, case.pattern.range())?;
            }
            if let Some(guard) = &case.guard {
                let fail0 = self.fail_label(&mut pc, 0);
                self.jump_if(guard, fail0, false)?;
            }
            if keeps_subject {
                self.cur.line = pattern_line;
                self.emit(Opcode::POP_TOP, 0);
            }
            self.compile_body(&case.body)?;
            self.jump_no_line(end);
            self.cur.line = pattern_line;
            self.emit_fail_pops(&pc);
        }
        if has_default {
            self.cur.line = self.line_of(last.pattern.range());
            // The line of `case _:` is covered although it runs nothing.
            self.emit(Opcode::NOP, 0);
            if let Some(guard) = &last.guard {
                self.jump_if(guard, end, false)?;
            }
            self.compile_body(&last.body)?;
        }
        self.place(end);
        Ok(())
    }

    /// The label a failing test jumps to with `n` values above the
    /// pattern's base.
    fn fail_label(&mut self, pc: &mut PatternState, n: usize) -> Label {
        while pc.fail_pop.len() <= n {
            let l = self.new_label();
            pc.fail_pop.push(l);
        }
        pc.fail_pop[n]
    }

    /// A failing test (`op` a conditional jump or `JUMP_FORWARD`) with
    /// everything the pattern has on the stack.
    fn jump_to_fail(&mut self, pc: &mut PatternState, op: Opcode) {
        let n = pc.stores.len() + pc.on_top;
        let l = self.fail_label(pc, n);
        if op == Opcode::JUMP_FORWARD {
            self.jump(l);
        } else {
            self.emit_jump(op, l);
        }
    }

    /// Places the chain of `POP_TOP`s the failing tests jump into.
    fn emit_fail_pops(&mut self, pc: &PatternState) {
        let Some((first, rest)) = pc.fail_pop.split_first() else {
            return;
        };
        for &l in rest.iter().rev() {
            self.place(l);
            self.emit(Opcode::POP_TOP, 0);
        }
        self.place(*first);
    }

    /// Moves the top of the stack `depth - 1` places down (`depth` >= 1),
    /// the values above it keeping their order.
    fn rotate(&mut self, depth: usize) {
        for d in (2..=depth).rev() {
            self.emit(Opcode::SWAP, d as u32);
        }
    }

    /// Binds the value on top (or drops it, for `_`), keeping it under the
    /// values the pattern still works on.
    fn capture(&mut self, name: Option<&ast::Identifier>, pc: &mut PatternState) -> CResult<()> {
        let Some(name) = name else {
            self.emit(Opcode::POP_TOP, 0);
            return Ok(());
        };
        let n = name.as_str();
        if n == "__debug__" {
            return fail("cannot assign to __debug__", name.range);
        }
        if pc.stores.iter().any(|s| s == n) {
            return fail(
                format!("multiple assignments to name '{n}' in pattern"),
                self.pattern_loc,
            );
        }
        self.rotate(pc.on_top + 1);
        pc.stores.push(n.to_string());
        Ok(())
    }

    fn compile_pattern(&mut self, p: &'a Pattern, pc: &mut PatternState) -> CResult<()> {
        self.nest(p.range())?;
        let saved = self.cur.line;
        self.cur.line = self.line_of(p.range());
        self.pattern_loc = p.range();
        let r = self.compile_pattern_inner(p, pc);
        self.cur.line = saved;
        self.depth -= 1;
        r
    }

    /// A pattern inside another: irrefutable ones are fine there.
    fn compile_subpattern(&mut self, p: &'a Pattern, pc: &mut PatternState) -> CResult<()> {
        let saved = std::mem::replace(&mut pc.allow_irrefutable, true);
        let r = self.compile_pattern(p, pc);
        pc.allow_irrefutable = saved;
        r
    }

    fn compile_pattern_inner(&mut self, p: &'a Pattern, pc: &mut PatternState) -> CResult<()> {
        match p {
            Pattern::MatchValue(v) => {
                self.check_value_pattern(&v.value)?;
                self.compile_expr(&v.value)?;
                self.emit(Opcode::COMPARE_OP, CMP_EQ);
                self.emit_to_bool();
                self.jump_to_fail(pc, Opcode::POP_JUMP_IF_FALSE);
                Ok(())
            }
            Pattern::MatchSingleton(s) => {
                self.load_const(match s.value {
                    ast::Singleton::None => Constant::None,
                    ast::Singleton::True => Constant::Bool(true),
                    ast::Singleton::False => Constant::Bool(false),
                });
                self.emit(Opcode::IS_OP, 0);
                self.jump_to_fail(pc, Opcode::POP_JUMP_IF_FALSE);
                Ok(())
            }
            Pattern::MatchAs(a) => self.compile_pattern_as(a, pc),
            Pattern::MatchStar(s) => self.capture(s.name.as_ref(), pc),
            Pattern::MatchSequence(s) => self.compile_pattern_sequence(s, pc),
            Pattern::MatchMapping(m) => self.compile_pattern_mapping(m, pc),
            Pattern::MatchClass(c) => self.compile_pattern_class(c, pc),
            Pattern::MatchOr(o) => self.compile_pattern_or(o, pc),
        }
    }

    /// The value of a value pattern: a literal (numbers, strings, a
    /// complex `a + bj`) or a dotted name.
    fn check_value_pattern(&self, e: &Expr) -> CResult<()> {
        match e {
            Expr::NumberLiteral(_)
            | Expr::StringLiteral(_)
            | Expr::BytesLiteral(_)
            | Expr::Attribute(_) => Ok(()),
            Expr::UnaryOp(u)
                if u.op == UnaryOp::USub && matches!(*u.operand, Expr::NumberLiteral(_)) =>
            {
                Ok(())
            }
            Expr::BinOp(b) if matches!(b.op, Operator::Add | Operator::Sub) => {
                let left_real = match b.left.as_ref() {
                    Expr::UnaryOp(u) if u.op == UnaryOp::USub => is_number(&u.operand, false),
                    other => is_number(other, false),
                };
                if !left_real {
                    return fail("real number required in complex literal", b.left.range());
                }
                if !is_number(&b.right, true) {
                    return fail(
                        "imaginary number required in complex literal",
                        b.right.range(),
                    );
                }
                Ok(())
            }
            _ => fail(
                "patterns may only match literals and attribute lookups",
                e.range(),
            ),
        }
    }

    fn compile_pattern_as(
        &mut self,
        a: &'a ast::PatternMatchAs,
        pc: &mut PatternState,
    ) -> CResult<()> {
        let Some(inner) = &a.pattern else {
            if !pc.allow_irrefutable {
                let message = match &a.name {
                    Some(n) => format!(
                        "name capture '{}' makes remaining patterns unreachable",
                        n.as_str()
                    ),
                    None => "wildcard makes remaining patterns unreachable".to_string(),
                };
                return fail(message, a.range);
            }
            return self.capture(a.name.as_ref(), pc);
        };
        if let Some(n) = &a.name {
            if n.as_str() == "_" {
                return fail("cannot use '_' as a target", n.range);
            }
        }
        // The inner pattern matches a copy; the value itself is bound.
        pc.on_top += 1;
        self.emit(Opcode::COPY, 1);
        self.compile_pattern(inner, pc)?;
        pc.on_top -= 1;
        self.pattern_loc = a.range;
        self.capture(a.name.as_ref(), pc)
    }

    fn compile_pattern_sequence(
        &mut self,
        s: &'a ast::PatternMatchSequence,
        pc: &mut PatternState,
    ) -> CResult<()> {
        let patterns = &s.patterns;
        let size = patterns.len();
        let mut star = None;
        let mut only_wildcard = true;
        let mut star_wildcard = false;
        for (i, p) in patterns.iter().enumerate() {
            if let Pattern::MatchStar(_) = p {
                if star.is_some() {
                    return fail("multiple starred names in sequence pattern", s.range);
                }
                star_wildcard = is_star_wildcard(p);
                only_wildcard &= star_wildcard;
                star = Some(i);
            } else {
                only_wildcard &= is_wildcard(p);
            }
        }
        // The subject stays on top through the type and length checks.
        pc.on_top += 1;
        self.emit(Opcode::MATCH_SEQUENCE, 0);
        self.jump_to_fail(pc, Opcode::POP_JUMP_IF_FALSE);
        let (wanted, cmp) = match star {
            None => (Some(size), CMP_EQ),
            Some(_) if size > 1 => (Some(size - 1), CMP_GE),
            Some(_) => (None, CMP_GE),
        };
        if let Some(wanted) = wanted {
            self.emit(Opcode::GET_LEN, 0);
            self.load_const(Constant::Int(wanted.into()));
            self.emit(Opcode::COMPARE_OP, cmp);
            self.emit_to_bool();
            self.jump_to_fail(pc, Opcode::POP_JUMP_IF_FALSE);
        }
        pc.on_top -= 1;
        if only_wildcard {
            self.emit(Opcode::POP_TOP, 0);
            return Ok(());
        }
        match star {
            Some(star) if star_wildcard => {
                // `[a, *_, b]`: index the items the sub-patterns need rather
                // than unpacking them all.
                pc.on_top += 1;
                for (i, p) in patterns.iter().enumerate() {
                    if i == star || is_wildcard(p) {
                        continue;
                    }
                    self.emit(Opcode::COPY, 1);
                    if i < star {
                        self.load_const(Constant::Int(i.into()));
                    } else {
                        // len(subject) - (size - i): no negative index.
                        self.emit(Opcode::GET_LEN, 0);
                        self.load_const(Constant::Int((size - i).into()));
                        self.emit(Opcode::BINARY_OP, BinaryOperator::Subtract as u32);
                    }
                    self.emit(Opcode::BINARY_OP, BinaryOperator::Subscr as u32);
                    self.compile_subpattern(p, pc)?;
                }
                pc.on_top -= 1;
                self.emit(Opcode::POP_TOP, 0);
            }
            _ => {
                match star {
                    None => self.emit(Opcode::UNPACK_SEQUENCE, size as u32),
                    Some(star) => {
                        let after = size - 1 - star;
                        if star >= 256 || after >= 1 << 24 {
                            return fail(
                                "too many expressions in star-unpacking sequence pattern",
                                s.range,
                            );
                        }
                        self.emit(Opcode::UNPACK_EX, (star | (after << 8)) as u32);
                    }
                }
                pc.on_top += size;
                for p in patterns {
                    pc.on_top -= 1;
                    self.compile_subpattern(p, pc)?;
                }
            }
        }
        Ok(())
    }

    fn compile_pattern_mapping(
        &mut self,
        m: &'a ast::PatternMatchMapping,
        pc: &mut PatternState,
    ) -> CResult<()> {
        let size = m.keys.len();
        if size != m.patterns.len() {
            return fail("invalid syntax", m.range);
        }
        if let Some(rest) = &m.rest {
            if rest.as_str() == "_" {
                return fail("invalid syntax", rest.range);
            }
        }
        pc.on_top += 1;
        self.emit(Opcode::MATCH_MAPPING, 0);
        self.jump_to_fail(pc, Opcode::POP_JUMP_IF_FALSE);
        if size == 0 && m.rest.is_none() {
            // `{}` matches any mapping.
            pc.on_top -= 1;
            self.emit(Opcode::POP_TOP, 0);
            return Ok(());
        }
        if size > 0 {
            self.emit(Opcode::GET_LEN, 0);
            self.load_const(Constant::Int(size.into()));
            self.emit(Opcode::COMPARE_OP, CMP_GE);
            self.emit_to_bool();
            self.jump_to_fail(pc, Opcode::POP_JUMP_IF_FALSE);
        }
        // The keys: literals (no two equal) or dotted names.
        let mut literal_keys: Vec<Constant> = Vec::new();
        let mut all_constant = true;
        for key in &m.keys {
            match key {
                Expr::Attribute(_) => all_constant = false,
                _ => {
                    match self.const_of(key) {
                        Some(c) if !matches!(key, Expr::Name(_)) => {
                            if literal_keys.iter().any(|k| same_key(k, &c)) {
                                let text = super::super::constant_repr(&c);
                                return fail(
                                    format!("mapping pattern checks duplicate key ({text})"),
                                    m.range,
                                );
                            }
                            literal_keys.push(c);
                        }
                        _ => return fail(
                            "mapping pattern keys may only match literals and attribute lookups",
                            m.range,
                        ),
                    }
                }
            }
        }
        if all_constant {
            self.load_const(Constant::Tuple(literal_keys));
        } else {
            for key in &m.keys {
                self.compile_expr(key)?;
            }
            self.emit(Opcode::BUILD_TUPLE, size as u32);
        }
        self.emit(Opcode::MATCH_KEYS, 0);
        // subject keys values|None
        pc.on_top += 2;
        self.emit(Opcode::COPY, 1);
        self.jump_to_fail(pc, Opcode::POP_JUMP_IF_NONE);
        self.emit(Opcode::UNPACK_SEQUENCE, size as u32);
        pc.on_top += size;
        pc.on_top -= 1;
        for p in &m.patterns {
            pc.on_top -= 1;
            self.compile_subpattern(p, pc)?;
        }
        // What follows consumes the keys and the subject.
        pc.on_top -= 2;
        match &m.rest {
            Some(rest) => {
                // rest = dict(subject), then del rest[key] for each key.
                self.emit(Opcode::BUILD_MAP, 0);
                self.emit(Opcode::SWAP, 3);
                self.emit(Opcode::DICT_UPDATE, 2);
                self.emit(Opcode::UNPACK_SEQUENCE, size as u32);
                for left in (1..=size).rev() {
                    self.emit(Opcode::COPY, (left + 1) as u32);
                    self.emit(Opcode::SWAP, 2);
                    self.emit(Opcode::DELETE_SUBSCR, 0);
                }
                self.capture(Some(rest), pc)
            }
            None => {
                self.emit(Opcode::POP_TOP, 0);
                self.emit(Opcode::POP_TOP, 0);
                Ok(())
            }
        }
    }

    fn compile_pattern_class(
        &mut self,
        c: &'a ast::PatternMatchClass,
        pc: &mut PatternState,
    ) -> CResult<()> {
        let args = &c.arguments;
        let nargs = args.patterns.len();
        let nattrs = args.keywords.len();
        for (i, k) in args.keywords.iter().enumerate() {
            let name = k.attr.as_str();
            if name == "__debug__" {
                return fail("cannot assign to __debug__", k.attr.range);
            }
            if args.keywords[..i].iter().any(|o| o.attr.as_str() == name) {
                return fail(
                    format!("attribute name repeated in class pattern: {name}"),
                    k.pattern.range(),
                );
            }
        }
        self.compile_expr(&c.cls)?;
        let names = args
            .keywords
            .iter()
            .map(|k| Constant::Str(k.attr.as_str().to_string()))
            .collect();
        self.load_const(Constant::Tuple(names));
        self.emit(Opcode::MATCH_CLASS, nargs as u32);
        // attrs|None in place of the subject.
        pc.on_top += 1;
        self.emit(Opcode::COPY, 1);
        self.jump_to_fail(pc, Opcode::POP_JUMP_IF_NONE);
        self.emit(Opcode::UNPACK_SEQUENCE, (nargs + nattrs) as u32);
        pc.on_top += nargs + nattrs;
        pc.on_top -= 1;
        let subpatterns = args
            .patterns
            .iter()
            .chain(args.keywords.iter().map(|k| &k.pattern));
        for p in subpatterns {
            pc.on_top -= 1;
            if is_wildcard(p) {
                self.emit(Opcode::POP_TOP, 0);
                continue;
            }
            self.compile_subpattern(p, pc)?;
        }
        Ok(())
    }

    fn compile_pattern_or(
        &mut self,
        o: &'a ast::PatternMatchOr,
        pc: &mut PatternState,
    ) -> CResult<()> {
        let end = self.new_label();
        let n_alts = o.patterns.len();
        // The names the first alternative binds, in its stack order: the
        // others must bind the same, and are reordered to match.
        let mut control: Option<Vec<String>> = None;
        for (i, alt) in o.patterns.iter().enumerate() {
            self.cur.line = self.line_of(alt.range());
            let mut sub = PatternState::new(i + 1 == n_alts && pc.allow_irrefutable);
            self.emit(Opcode::COPY, 1);
            self.compile_pattern(alt, &mut sub)?;
            match &control {
                None => control = Some(sub.stores.clone()),
                Some(ctrl) => {
                    let same = ctrl.len() == sub.stores.len()
                        && ctrl.iter().all(|n| sub.stores.contains(n));
                    if !same {
                        return fail(
                            "alternative patterns bind different names",
                            self.pattern_loc,
                        );
                    }
                    self.reorder_captures(&sub.stores, ctrl);
                }
            }
            self.jump(end);
            self.emit_fail_pops(&sub);
        }
        // No alternative matched: drop the subject and fail.
        self.cur.line = self.line_of(o.range);
        self.emit(Opcode::POP_TOP, 0);
        self.jump_to_fail(pc, Opcode::JUMP_FORWARD);
        self.place(end);
        // subject captures...: move the captures under the subject and
        // the values the enclosing patterns still need.
        let ctrl = control.unwrap_or_default();
        let depth = ctrl.len() + 1 + pc.on_top;
        // Each goes to the bottom of that region: they end up in the
        // order of `ctrl`, the first deepest.
        for name in &ctrl {
            self.rotate(depth);
            if pc.stores.iter().any(|s| s == name) {
                return fail(
                    format!("multiple assignments to name '{name}' in pattern"),
                    self.pattern_loc,
                );
            }
            pc.stores.push(name.clone());
        }
        self.emit(Opcode::POP_TOP, 0);
        Ok(())
    }

    /// Reorders the top `have.len()` values (named by `have`, deepest
    /// first) into the order of `want` with swaps.
    fn reorder_captures(&mut self, have: &[String], want: &[String]) {
        let n = have.len();
        let mut cur = have.to_vec();
        for j in (0..n).rev() {
            let Some(k) = cur.iter().position(|s| *s == want[j]) else {
                continue;
            };
            if k == j {
                continue;
            }
            // Depth from the top (1 = top) of positions k and j.
            let (a, b) = (n - j, n - k);
            if a == 1 {
                self.emit(Opcode::SWAP, b as u32);
            } else {
                self.emit(Opcode::SWAP, a as u32);
                self.emit(Opcode::SWAP, b as u32);
                self.emit(Opcode::SWAP, a as u32);
            }
            cur.swap(k, j);
        }
    }
}
