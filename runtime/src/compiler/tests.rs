//! Unit tests of the compiler: instruction shapes, exception tables,
//! symbol tables, refused constructs, the corpus and robustness.

use super::*;

fn compile(src: &str) -> CompiledCode {
    match compile_module(src, "<test>") {
        Ok(c) => c,
        Err(e) => panic!("compile failed: {e:?}\n{src}"),
    }
}

#[test]
fn smoke() {
    let c = compile("x = 1\nprint(x)\n");
    println!("{}", disassemble(&c));
}
