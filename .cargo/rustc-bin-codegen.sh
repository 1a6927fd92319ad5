#!/bin/sh
# Cargo's workspace wrapper (`.cargo/config.toml`, `rustc-workspace-wrapper`):
# runs rustc for the workspace's own crates, unchanged except that on Linux
# an executable (`--crate-type bin`: the `weft` binary, the benchmark tools)
# is compiled with the static relocation model and linked as a non-PIE
# executable. Its dispatch loop's jump table then holds absolute addresses
# (one indirect jump per instruction instead of a load, an add and a jump),
# and statics are addressed directly: -3% machine instructions over bench/
# (docs/PERFORMANCE.md, "Static code model"). Libraries, tests, doctests,
# build scripts and dependencies keep the default (position-independent)
# model: a static model in a library would break the PIE test executables
# and proc-macro libraries that link it.
rustc="$1"
shift
if [ "$(uname -s)" = Linux ]; then
    case " $* " in
    *" --crate-type bin "*) exec "$rustc" "$@" -C relocation-model=static ;;
    esac
fi
exec "$rustc" "$@"
