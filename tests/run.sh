#!/bin/sh
# Runs the unit tests ($1; "-" skips them) and the bats tests (against
# $KS_EXE) of the files or folders after it (all of tests/bats if none),
# then prints one closing line "N passed, N failed" over both. Exit status
# 1 on failure.
unit_bin=$1
shift
[ $# -gt 0 ] || set -- tests/bats
out=$(mktemp)
trap 'rm -f "$out"' EXIT

unit_pass=0
unit_fail=0
if [ "$unit_bin" != - ]; then
    "$unit_bin" | tee "$out"
    unit_pass=$(grep -c '^ok ' "$out")
    unit_fail=$(grep -c '^not ok ' "$out")
fi

bats_pass=0
bats_fail=0
if command -v bats >/dev/null 2>&1; then
    bats --tap "$@" | tee "$out"
    bats_pass=$(grep -c '^ok ' "$out")
    bats_fail=$(grep -c '^not ok ' "$out")
else
    echo "bats not found: install bats (apt-get install bats) to run the integration tests"
    bats_fail=1
fi

passed=$((unit_pass + bats_pass))
failed=$((unit_fail + bats_fail))
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
