#!/bin/sh
# Cargo's workspace wrapper (`.cargo/config.toml`, `rustc-workspace-wrapper`):
# runs rustc for the workspace's own crates, unchanged except that on Linux
# their libraries and every executable that links them (`--crate-type lib`,
# `--crate-type bin`, `--test`: the `weft` binary, the benchmark tools, the
# test harnesses) are compiled with the static relocation model, and the
# executables linked non-PIE. The dispatch loop's jump table then holds
# absolute addresses (one indirect jump per instruction instead of a load,
# an add and a jump), and the runtime's statics (the reference-count mode,
# the type table) are addressed directly, not loaded through the GOT
# (docs/PERFORMANCE.md, "Static code model"). Proc-macro libraries (loaded
# by the compiler, so position-independent), build scripts of
# dependencies and the dependencies themselves keep the default model.
# Doctests, which rustdoc links on its own, link the static libraries as
# they are (`cargo test --doc` in CI).
rustc="$1"
shift
if [ "$(uname -s)" = Linux ]; then
    case " $* " in
    *" --crate-type proc-macro "*) ;;
    *" --crate-type bin "* | *" --crate-type lib "* | *" --test "*)
        exec "$rustc" "$@" -C relocation-model=static
        ;;
    esac
fi
exec "$rustc" "$@"
