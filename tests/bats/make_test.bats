#!/usr/bin/env bats
# `make test` on a machine without bats: it stops before building anything
# and names the one command to run (tests/need_bats.sh; root with apt-get
# would install bats instead, which KS_NO_INSTALL=1 turns off here).

ROOT=$BATS_TEST_DIRNAME/../..

# A PATH with make, sh and id but no bats (nor a compiler).
setup() {
    NOBATS=$BATS_TEST_TMPDIR/nobats
    mkdir -p "$NOBATS"
    for t in make sh id; do ln -sf "$(command -v "$t")" "$NOBATS/$t"; done
}

@test "make test without bats stops at once with the command to install it" {
    run env PATH="$NOBATS" KS_NO_INSTALL=1 make -C "$ROOT" --no-print-directory test
    echo "$output"
    [ "$status" -ne 0 ]
    grep -qx '    sudo apt-get install bats        # Debian, Ubuntu' <<<"$output"
    # Nothing was compiled or run before it stopped.
    ! grep -qE '(^| )(cc|gcc|clang) |unit:|passed' <<<"$output" || false
}

@test "with bats on the PATH the check says nothing and lets make test go on" {
    run sh "$ROOT/tests/need_bats.sh"
    [ "$status" -eq 0 ]
    [ -z "$output" ]
}
