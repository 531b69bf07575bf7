# Shared setup for the bats tests: KS is the engine binary under test.
KS=${KS_EXE:-$BATS_TEST_DIRNAME/../../keysquare}

# uci_session "cmd1" "cmd2" ...: feeds the commands to the engine (one line
# each) and captures its output in $output; a generous timeout only catches
# a hang.
uci_session() {
    run timeout 60 "$KS" < <(printf '%s\n' "$@")
}
