# Shared setup for the bats tests: KS is the engine binary under test.
# Every timeout here only catches a hang; no test asserts speed.
KS=${KS_EXE:-$BATS_TEST_DIRNAME/../../keysquare}
START_FEN='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
HANG=60 # seconds after which a session counts as hung

# uci_session "cmd1" "cmd2" ...: feeds the commands to the engine (one line
# each) and captures its output in $output. End of input acts as quit, so
# a `go` in the list is stopped at once unless it is the last command's
# own job to finish it; use ks_start/ks_send for searches.
uci_session() {
    run timeout "$HANG" "$KS" < <(printf '%s\n' "$@")
}

# untraced FUNC ARG...: runs FUNC (a function of the test file or of this
# one) in a bash of its own, with every function and exported variable.
# bats traces each command of a test (its DEBUG trap, for the failure's
# line number): a loop that reads an engine's output line by line runs
# several times slower under it. FUNC's output and status pass through.
untraced() {
    bash -c "$(declare -f)"$'\n''"$@"' untraced "$@"
}

# ---- interactive session: the engine reads a fifo and writes a file ------

# ks_start: starts the engine in the background; KS_OUT is its output file.
ks_start() {
    ks_stderr_empty
    KS_DIR=$(mktemp -d "${BATS_TEST_TMPDIR:-/tmp}/ks.XXXXXX")
    KS_OUT=$KS_DIR/out
    mkfifo "$KS_DIR/in"
    # fd 3 is bats' own; a background job holding it would stall bats.
    timeout "$HANG" "$KS" <"$KS_DIR/in" >"$KS_OUT" 2>"$KS_DIR/err" 3>&- &
    KS_PID=$!
    exec {KS_FD}>"$KS_DIR/in"
}

# ks_send "cmd" ...: one line each.
ks_send() {
    printf '%s\n' "$@" >&"$KS_FD"
}

# ks_count REGEX: how many output lines match.
ks_count() {
    grep -cE -- "$1" "$KS_OUT" || true
}

# ks_wait REGEX [N]: waits until at least N (default 1) output lines match;
# fails (showing the output) if that does not happen before the hang limit.
ks_wait() {
    local want=${2:-1} i
    for ((i = 0; i < HANG * 20; i++)); do
        [ "$(ks_count "$1")" -ge "$want" ] && return 0
        kill -0 "$KS_PID" 2>/dev/null || break
        sleep 0.05
    done
    [ "$(ks_count "$1")" -ge "$want" ] && return 0
    echo "waited for $want line(s) matching '$1'; the output ended:"
    tail -n 30 "$KS_OUT"
    return 1
}

# ks_sync: isready/readyok round trip, so everything sent before it has been
# read (the UCI thread answers in order).
ks_sync() {
    local n
    n=$(ks_count '^readyok$')
    ks_send isready
    ks_wait '^readyok$' $((n + 1))
}

# ks_end: closes the engine's input (end of input acts as quit), waits for it
# to exit and sets $status; fails if it is still running at the hang limit.
ks_end() {
    exec {KS_FD}>&-
    KS_FD=
    status=0
    wait "$KS_PID" || status=$?
    KS_PID=
    ks_stderr_empty
}

# ks_stderr_empty: fails, showing it, if the engine wrote to stderr (a
# sanitizer report, say).
ks_stderr_empty() {
    [ -n "${KS_DIR:-}" ] && [ -s "$KS_DIR/err" ] || return 0
    echo "the engine wrote to stderr:"
    head -n 40 "$KS_DIR/err"
    return 1
}

# ks_cleanup: for teardown; ends an engine left running by a failed test,
# and fails if the engine wrote to stderr (a sanitizer report, say).
ks_cleanup() {
    if [ -n "${KS_FD:-}" ]; then exec {KS_FD}>&-; fi
    if [ -n "${KS_PID:-}" ] && kill -0 "$KS_PID" 2>/dev/null; then
        kill "$KS_PID" 2>/dev/null
        wait "$KS_PID" 2>/dev/null
    fi
    KS_FD= KS_PID=
    ks_stderr_empty
}

# ks_lines REGEX: the matching output lines.
ks_lines() {
    grep -E -- "$1" "$KS_OUT" || true
}

# ---- independent checks --------------------------------------------------

# legal_moves "position ...": the legal moves there, one a line, as listed
# by `go perft 1` (the move generator is checked against published perft
# counts in perft.bats).
legal_moves() {
    printf '%s\n' "$1" 'go perft 1' | timeout "$HANG" "$KS" |
        sed -nE 's/^([a-h][1-8][a-h][1-8][qrbn]?): 1$/\1/p'
}

# is_legal "position ..." MOVE
is_legal() {
    legal_moves "$1" | grep -qx -- "$2"
}

# with_moves "position ..." "m1 m2": the position command with the moves
# appended (adding the `moves` keyword if needed).
with_moves() {
    if [[ "$1" == *" moves"* ]]; then echo "$1 $2"; else echo "$1 moves $2"; fi
}

# line_is_legal "position ..." "m1 m2 ...": every move plays legally in
# turn; the engine rejects an illegal one with an info string.
line_is_legal() {
    local out
    out=$(printf '%s\n' "$(with_moves "$1" "$2")" | timeout "$HANG" "$KS")
    [ -z "$out" ]
}

# field NAME LINE: the word after NAME in an info line.
field() {
    awk -v k="$1" '{ for (i = 1; i < NF; i++) if ($i == k) { print $(i + 1); exit } }' <<<"$2"
}

# pv_of LINE: the moves after `pv`.
pv_of() {
    sed -nE 's/.* pv (.*)$/\1/p' <<<"$1"
}

# check_go_result "position ...": the session's output has exactly one
# bestmove, it is legal, its ponder move (if any) follows legally, and the
# pv of the last info line plays legally.
check_go_result() {
    local pos=$1 bm pm last
    [ "$(ks_count '^bestmove ')" -eq 1 ] || { echo "bestmove count: $(ks_count '^bestmove ')"; return 1; }
    bm=$(ks_lines '^bestmove ' | awk '{ print $2 }')
    pm=$(ks_lines '^bestmove ' | awk '$3 == "ponder" { print $4 }')
    is_legal "$pos" "$bm" || { echo "illegal bestmove $bm"; return 1; }
    if [ -n "$pm" ]; then
        line_is_legal "$pos" "$bm $pm" || { echo "illegal ponder move $pm"; return 1; }
    fi
    last=$(ks_lines '^info .* pv ' | tail -n 1)
    if [ -n "$last" ]; then
        line_is_legal "$pos" "$(pv_of "$last")" || { echo "illegal pv: $last"; return 1; }
    fi
}

# go_and_check "position ..." "go ...": a fresh engine runs the go to its
# end and check_go_result passes.
go_and_check() {
    ks_start
    ks_send "$1" "$2"
    ks_wait '^bestmove '
    ks_sync
    check_go_result "$1"
    ks_send quit
    ks_end
    [ "$status" -eq 0 ]
}
