#!/bin/bash
# Cargo's workspace wrapper (`.cargo/config.toml`, `rustc-workspace-wrapper`):
# runs rustc for the workspace's own crates, unchanged except for two things.
#
# 1. On Linux their libraries and every executable that links them
#    (`--crate-type lib`, `--crate-type bin`, `--test`: the `weft` binary,
#    the benchmark tools, the test harnesses) are compiled with the static
#    relocation model, and the executables linked non-PIE. The dispatch
#    loop's jump table then holds absolute addresses (one indirect jump per
#    instruction instead of a load, an add and a jump), and the runtime's
#    statics (the reference-count mode, the type table) are addressed
#    directly, not loaded through the GOT (docs/PERFORMANCE.md, "Static
#    code model"). Proc-macro libraries (loaded by the compiler, so
#    position-independent), build scripts of dependencies and the
#    dependencies themselves keep the default model. Doctests, which
#    rustdoc links on its own, link the static libraries as they are
#    (`cargo test --doc` in CI).
# 2. rustc's note that `slow-unaligned-mem-16` (the tuning flag that
#    `.cargo/config.toml` sets on purpose) is not in its list of stable
#    target features is dropped from the diagnostics, so a build prints
#    no warning. Every other diagnostic passes through untouched; cargo
#    already silences it for dependencies (`--cap-lints allow`).
rustc="$1"
shift
tuning_note='unstable feature specified for `-Ctarget-feature`: `slow-unaligned-mem-16`'
extra=()
if [ "$(uname -s)" = Linux ]; then
    case " $* " in
    *" --crate-type proc-macro "*) ;;
    *" --crate-type bin "* | *" --crate-type lib "* | *" --test "*)
        extra=(-C relocation-model=static)
        ;;
    esac
fi
"$rustc" "$@" "${extra[@]}" 2> >(grep -v -F -e "$tuning_note" >&2)
status=$?
wait
exit $status
