//! Opcode substrate.
