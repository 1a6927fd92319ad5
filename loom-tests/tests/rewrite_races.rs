//! Model checks (run with `RUSTFLAGS="--cfg loom"`) of the races on one
//! shared code unit: two threads specializing the same slot while a third
//! executes it, and a respecialization racing an executing reader. They
//! use the production `CodeUnits` (its atomics come from the `sync` shim).

#![cfg(loom)]

use loom::sync::Arc;
use loom::thread;
use weft_specializer::{CodeUnits, Family, Opcode, Rewrite};

/// A guard word tagged with its variant (as the runtime packs them).
fn tagged(op: Opcode, version: u64) -> u64 {
    (version << 32) | op as u8 as u64
}

fn payload_for(op: Opcode) -> u64 {
    match op {
        Opcode::LOAD_ATTR_SLOT => 0x51,
        _ => 0x1f,
    }
}

/// What an executing thread may observe: a valid member of the family,
/// and, when it reads a consistent payload, one that belongs to a single
/// specialization (never the guard of one and the payload of another).
fn execute_once(code: &CodeUnits) {
    let op = code.opcode(0);
    assert_eq!(
        op.family(),
        Some(Family::LOAD_ATTR),
        "slot left its family: {op:?}"
    );
    if let Some((guard, payload)) = code.read_payload2(0, code.opcode(0)) {
        let published = Opcode::from_u8((guard & 0xff) as u8).expect("tag is an opcode");
        assert_eq!(
            payload,
            payload_for(published),
            "torn cache: guard {guard:#x} payload {payload:#x}"
        );
    }
}

#[test]
fn two_specializers_one_executor() {
    loom::model(|| {
        let raw = [(Opcode::LOAD_ATTR as u8, 0u8), (0, 0)];
        let code = Arc::new(CodeUnits::new(&raw, true).expect("valid code"));
        let spawn = |variant: Opcode| {
            let c = code.clone();
            thread::spawn(move || {
                let words = [tagged(variant, 7), payload_for(variant)];
                c.rewrite(0, Opcode::LOAD_ATTR, Some((variant, &words)))
            })
        };
        let a = spawn(Opcode::LOAD_ATTR_SLOT);
        let b = spawn(Opcode::LOAD_ATTR_INSTANCE_VALUE);
        execute_once(&code);
        let ra = a.join().unwrap();
        let rb = b.join().unwrap();
        let wins = [ra, rb].iter().filter(|r| **r == Rewrite::Done).count();
        assert_eq!(wins, 1, "exactly one specializer wins: {ra:?} {rb:?}");
        let winner = if ra == Rewrite::Done {
            Opcode::LOAD_ATTR_SLOT
        } else {
            Opcode::LOAD_ATTR_INSTANCE_VALUE
        };
        assert_eq!(code.opcode(0), winner);
        let (g, p) = code
            .read_payload2(0, code.opcode(0))
            .expect("no writer left");
        assert_eq!(g, tagged(winner, 7));
        assert_eq!(p, payload_for(winner));
    });
}

#[test]
fn respecialization_never_shows_a_torn_cache() {
    loom::model(|| {
        let raw = [(Opcode::LOAD_ATTR as u8, 0u8), (0, 0)];
        let code = Arc::new(CodeUnits::new(&raw, true).expect("valid code"));
        let slot = [
            tagged(Opcode::LOAD_ATTR_SLOT, 1),
            payload_for(Opcode::LOAD_ATTR_SLOT),
        ];
        assert_eq!(
            code.rewrite(0, Opcode::LOAD_ATTR, Some((Opcode::LOAD_ATTR_SLOT, &slot))),
            Rewrite::Done
        );
        let c = code.clone();
        let writer = thread::spawn(move || {
            let iv = [
                tagged(Opcode::LOAD_ATTR_INSTANCE_VALUE, 2),
                payload_for(Opcode::LOAD_ATTR_INSTANCE_VALUE),
            ];
            c.rewrite(
                0,
                Opcode::LOAD_ATTR_SLOT,
                Some((Opcode::LOAD_ATTR_INSTANCE_VALUE, &iv)),
            )
        });
        execute_once(&code);
        assert_eq!(writer.join().unwrap(), Rewrite::Done);
        assert_eq!(code.opcode(0), Opcode::LOAD_ATTR_INSTANCE_VALUE);
    });
}
