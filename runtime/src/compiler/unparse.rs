//! Expression to source text, for `from __future__ import annotations`:
//! an annotation is stored as the text CPython 3.11 regenerates from its
//! syntax tree (not the text as written): canonical spacing, string
//! constants by their `repr`, and parentheses only where operator
//! precedence needs them. Expression kinds that Weft does not regenerate
//! are refused with a `SyntaxError` naming the kind, never guessed.

use ruff_python_ast::{self as ast, BoolOp, Expr, Number, Operator, UnaryOp};
use ruff_text_size::TextRange;

use crate::builtins::repr::{repr_bytes, repr_str};
use crate::format::float_repr;

/// Binding strength of an expression position, weakest first: an
/// expression is parenthesized when the position asks for more than the
/// expression's own operator gives.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Prec {
    Tuple,
    Test,
    Or,
    And,
    Not,
    Cmp,
    BitOr,
    BitXor,
    BitAnd,
    Shift,
    Arith,
    Term,
    Factor,
    Power,
    Atom,
}

impl Prec {
    /// The next tighter level.
    fn tighter(self) -> Prec {
        use Prec::*;
        match self {
            Tuple => Test,
            Test => Or,
            Or => And,
            And => Not,
            Not => Cmp,
            Cmp => BitOr,
            BitOr => BitXor,
            BitXor => BitAnd,
            BitAnd => Shift,
            Shift => Arith,
            Arith => Term,
            Term => Factor,
            Factor => Power,
            Power | Atom => Atom,
        }
    }
}

/// Why an expression could not be turned into text: the kind refused and
/// where it is.
pub(crate) struct Unsupported {
    pub(crate) kind: &'static str,
    pub(crate) range: TextRange,
}

type Out = Result<(), Unsupported>;

/// The annotation text of `e`, as CPython 3.11 stores it.
pub(crate) fn annotation_text(e: &Expr) -> Result<String, Unsupported> {
    let mut w = Writer(String::new());
    w.expr(e, Prec::Test)?;
    Ok(w.0)
}

struct Writer(String);

impl Writer {
    fn push(&mut self, s: &str) {
        self.0.push_str(s);
    }

    fn open_if(&mut self, cond: bool) {
        if cond {
            self.push("(");
        }
    }

    fn close_if(&mut self, cond: bool) {
        if cond {
            self.push(")");
        }
    }

    fn list(&mut self, items: &[Expr], prec: Prec) -> Out {
        for (i, x) in items.iter().enumerate() {
            if i > 0 {
                self.push(", ");
            }
            self.expr(x, prec)?;
        }
        Ok(())
    }

    fn expr(&mut self, e: &Expr, level: Prec) -> Out {
        match e {
            Expr::Name(n) => self.push(n.id.as_str()),
            Expr::NoneLiteral(_) => self.push("None"),
            Expr::BooleanLiteral(b) => self.push(if b.value { "True" } else { "False" }),
            Expr::EllipsisLiteral(_) => self.push("..."),
            Expr::StringLiteral(s) => self.push(&repr_str(s.value.to_str())),
            Expr::BytesLiteral(b) => self.push(&repr_bytes(&b.value.bytes().collect::<Vec<u8>>())),
            Expr::NumberLiteral(n) => self.number(n, e)?,
            Expr::Attribute(a) => {
                self.expr(&a.value, Prec::Atom)?;
                // `1 .real`: a bare int literal would swallow the dot.
                let int_literal = matches!(
                    a.value.as_ref(),
                    Expr::NumberLiteral(ast::ExprNumberLiteral {
                        value: Number::Int(_),
                        ..
                    })
                );
                self.push(if int_literal { " ." } else { "." });
                self.push(a.attr.as_str());
            }
            Expr::Subscript(s) => {
                self.expr(&s.value, Prec::Atom)?;
                self.push("[");
                self.expr(&s.slice, Prec::Tuple)?;
                self.push("]");
            }
            Expr::Slice(s) => {
                if let Some(x) = &s.lower {
                    self.expr(x, Prec::Test)?;
                }
                self.push(":");
                if let Some(x) = &s.upper {
                    self.expr(x, Prec::Test)?;
                }
                if let Some(x) = &s.step {
                    self.push(":");
                    self.expr(x, Prec::Test)?;
                }
            }
            Expr::Tuple(t) => {
                if t.elts.is_empty() {
                    self.push("()");
                } else {
                    let paren = level > Prec::Tuple;
                    self.open_if(paren);
                    self.list(&t.elts, Prec::Test)?;
                    if t.elts.len() == 1 {
                        self.push(",");
                    }
                    self.close_if(paren);
                }
            }
            Expr::List(l) => {
                self.push("[");
                self.list(&l.elts, Prec::Test)?;
                self.push("]");
            }
            Expr::Set(s) => {
                self.push("{");
                self.list(&s.elts, Prec::Test)?;
                self.push("}");
            }
            Expr::Dict(d) => {
                self.push("{");
                for (i, item) in d.items.iter().enumerate() {
                    if i > 0 {
                        self.push(", ");
                    }
                    match &item.key {
                        Some(k) => {
                            self.expr(k, Prec::Test)?;
                            self.push(": ");
                            self.expr(&item.value, Prec::Test)?;
                        }
                        None => {
                            self.push("**");
                            self.expr(&item.value, Prec::BitOr)?;
                        }
                    }
                }
                self.push("}");
            }
            Expr::Starred(s) => {
                self.push("*");
                self.expr(&s.value, Prec::BitOr)?;
            }
            Expr::BinOp(b) => {
                let prec = operator_prec(b.op);
                let right_assoc = b.op == Operator::Pow;
                let paren = level > prec;
                self.open_if(paren);
                let (left, right) = if right_assoc {
                    (prec.tighter(), prec)
                } else {
                    (prec, prec.tighter())
                };
                self.expr(&b.left, left)?;
                self.push(" ");
                self.push(b.op.as_str());
                self.push(" ");
                self.expr(&b.right, right)?;
                self.close_if(paren);
            }
            Expr::UnaryOp(u) => {
                let (prec, text) = match u.op {
                    UnaryOp::Not => (Prec::Not, "not "),
                    UnaryOp::Invert => (Prec::Factor, "~"),
                    UnaryOp::UAdd => (Prec::Factor, "+"),
                    UnaryOp::USub => (Prec::Factor, "-"),
                };
                let paren = level > prec;
                self.open_if(paren);
                self.push(text);
                self.expr(&u.operand, prec)?;
                self.close_if(paren);
            }
            Expr::BoolOp(b) => {
                let (prec, sep) = match b.op {
                    BoolOp::And => (Prec::And, " and "),
                    BoolOp::Or => (Prec::Or, " or "),
                };
                let paren = level > prec;
                self.open_if(paren);
                for (i, v) in b.values.iter().enumerate() {
                    if i > 0 {
                        self.push(sep);
                    }
                    self.expr(v, prec.tighter())?;
                }
                self.close_if(paren);
            }
            Expr::Compare(c) => {
                let paren = level > Prec::Cmp;
                self.open_if(paren);
                self.expr(&c.left, Prec::Cmp.tighter())?;
                for (op, right) in c.ops.iter().zip(c.comparators.iter()) {
                    self.push(" ");
                    self.push(op.as_str());
                    self.push(" ");
                    self.expr(right, Prec::Cmp.tighter())?;
                }
                self.close_if(paren);
            }
            Expr::If(i) => {
                let paren = level > Prec::Test;
                self.open_if(paren);
                self.expr(&i.body, Prec::Test.tighter())?;
                self.push(" if ");
                self.expr(&i.test, Prec::Test.tighter())?;
                self.push(" else ");
                self.expr(&i.orelse, Prec::Test)?;
                self.close_if(paren);
            }
            Expr::Call(c) => {
                self.expr(&c.func, Prec::Atom)?;
                self.push("(");
                let mut first = true;
                for a in c.arguments.args.iter() {
                    if matches!(a, Expr::Generator(_)) {
                        return Err(unsupported(a));
                    }
                    if !first {
                        self.push(", ");
                    }
                    first = false;
                    self.expr(a, Prec::Test)?;
                }
                for k in c.arguments.keywords.iter() {
                    if !first {
                        self.push(", ");
                    }
                    first = false;
                    match &k.arg {
                        Some(name) => {
                            self.push(name.as_str());
                            self.push("=");
                        }
                        None => self.push("**"),
                    }
                    self.expr(&k.value, Prec::Test)?;
                }
                self.push(")");
            }
            other => return Err(unsupported(other)),
        }
        Ok(())
    }

    fn number(&mut self, n: &ast::ExprNumberLiteral, e: &Expr) -> Out {
        let text = match &n.value {
            Number::Int(i) => match super::codegen::int_value(i) {
                Some(v) => v.to_string(),
                None => return Err(unsupported(e)),
            },
            Number::Float(f) => float_repr(*f),
            Number::Complex { imag, .. } => {
                let r = float_repr(*imag);
                format!("{}j", r.strip_suffix(".0").unwrap_or(&r))
            }
        };
        // An infinite literal (`1e999`) is written as a literal that
        // overflows again, not as the name `inf`.
        self.push(&text.replace("inf", "1e309"));
        Ok(())
    }
}

fn operator_prec(op: Operator) -> Prec {
    match op {
        Operator::BitOr => Prec::BitOr,
        Operator::BitXor => Prec::BitXor,
        Operator::BitAnd => Prec::BitAnd,
        Operator::LShift | Operator::RShift => Prec::Shift,
        Operator::Add | Operator::Sub => Prec::Arith,
        Operator::Mult | Operator::MatMult | Operator::Div | Operator::Mod | Operator::FloorDiv => {
            Prec::Term
        }
        Operator::Pow => Prec::Power,
    }
}

fn unsupported(e: &Expr) -> Unsupported {
    use ruff_text_size::Ranged;
    Unsupported {
        kind: crate::frontend::expr_kind_name(e),
        range: e.range(),
    }
}
