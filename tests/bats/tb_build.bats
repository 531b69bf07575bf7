#!/usr/bin/env bats
# Table builds during play (README "Tablebases"): the
# main search thread builds the tables a root needs, one at a time, on the
# search's own time, and the UCI input thread never waits for a build.
# Every test starts a fresh engine, so the tables are not built yet; a
# KQKR build (with KQK and KRK) takes about a second, far longer than
# reading the next command. Nothing here asserts speed.
load helper

KQKR='position fen 8/8/4Q3/8/1k6/3K4/2r5/8 w - - 0 1'

teardown() { ks_cleanup; }

# line_no REGEX: the number of the first output line matching, or 0.
line_no() {
    grep -nE -- "$1" "$KS_OUT" | head -n 1 | cut -d: -f1 | grep . || echo 0
}

# Defect found by review: `go` built the tables in the input
# thread, so isready was answered and stop was read only after the build,
# and the first search played the finished table's move.
@test "isready and stop are answered during a table build; the next go finishes the build" {
    ks_start
    ks_send "$KQKR" 'go depth 30' isready stop
    ks_wait '^bestmove '
    ks_sync
    # readyok came before the bestmove, and the bestmove before the table
    # could score the root (a table move is a `score mate` line)
    [ "$(line_no '^readyok$')" -lt "$(line_no '^bestmove ')" ]
    [ "$(ks_count 'score mate')" -eq 0 ] || { cat "$KS_OUT"; return 1; }
    is_legal "$KQKR" "$(ks_lines '^bestmove ' | awk '{ print $2 }')"
    # the paused build goes on at the next go and the table plays (the
    # fastest KQKR mate from here, by the Syzygy-checked table: 4 moves)
    ks_send 'go depth 30'
    ks_wait '^bestmove ' 2
    ks_sync
    [ "$(ks_count '^info string DTM tables built: .*KQKR')" -eq 1 ]
    [ "$(ks_count ' score mate 4 ')" -eq 1 ]
    ks_send quit
    ks_end
    [ "$status" -eq 0 ]
}

@test "quit during a table build exits at once with status 0, the build abandoned" {
    ks_start
    ks_send "$KQKR" 'go depth 30'
    ks_sync
    ks_send quit
    ks_end
    [ "$status" -eq 0 ]
    # the table never scored the root: quit did not wait for the build
    [ "$(ks_count 'score mate')" -eq 0 ] || { cat "$KS_OUT"; return 1; }
    [ "$(ks_count '^bestmove ')" -eq 1 ]
}

@test "end of input during a table build acts as quit" {
    ks_start
    ks_send 'setoption name Threads value 2' "$KQKR" 'go infinite'
    ks_sync
    ks_end
    [ "$status" -eq 0 ]
    [ "$(ks_count '^bestmove ')" -eq 1 ]
}

# added_threads POSITION THREADS: a fresh engine with THREADS search
# threads runs one search without tables (its pool threads, and a
# sanitizer's, start), then searches POSITION (go infinite, so the tables
# build first) while the test reads its thread count 20 times, 50 ms
# apart; prints the largest count less the count before that go.
added_threads() {
    local pid base n max=0
    ks_start
    ks_send "setoption name Threads value $2" 'position startpos' 'go depth 1'
    ks_wait '^bestmove ' >&2 || return 1
    ks_sync >&2
    pid=$(pgrep -P "$KS_PID" | head -n 1) # the engine, under ks_start's timeout
    [ -n "$pid" ] || return 1
    base=$(ls "/proc/$pid/task" | wc -l)
    ks_send "$1" 'go infinite'
    ks_sync >&2
    for i in $(seq 20); do
        n=$(ls "/proc/$pid/task" | wc -l)
        [ "$n" -gt "$max" ] && max=$n
        sleep 0.05
    done
    ks_send stop
    ks_wait '^bestmove ' 2 >&2
    ks_send quit
    ks_end >&2
    echo $((max - base))
}

# KPKP reaches eight standard tables, KQKR, KRKB and KRKN among them.
KPKP='position fen 8/8/3k4/3p4/8/3P4/3K4/8 w - - 0 1'

# Defect found by review: every table was built in a detached
# thread of its own (eight at once from a KPKP root), beside the search.
@test "one builder: a table build adds one thread to the engine (Threads 1 and 2)" {
    for threads in 1 2; do
        n=$(added_threads "$KPKP" $threads)
        [ "$n" -eq 1 ] || { echo "Threads $threads: $n threads added"; return 1; }
    done
}

# movetime 300 less the 10 ms Move Overhead: a soft limit of 290 ms, of
# which the build may take half.
@test "go movetime with tables still to build: one legal bestmove, by itself" {
    for pos in "$KQKR" 'position fen 8/5k2/8/8/4PK2/8/8/R6r w - - 0 1'; do
        ks_start
        ks_send "$pos" 'go movetime 300'
        ks_wait '^bestmove '
        ks_sync
        check_go_result "$pos"
        ks_send quit
        ks_end
        [ "$status" -eq 0 ]
    done
}

# Under a soft limit of 100 ms no build starts (its share could not cover
# the pass that cannot pause): a fresh engine answers a 300 ms clock at a
# KQKR root with a searched move and no table line; with time to spare,
# the next search builds.
@test "a clock too short for a build: no table is built, the search plays alone" {
    ks_start
    ks_send "$KQKR" 'go wtime 300 btime 300 winc 10 binc 10'
    ks_wait '^bestmove '
    ks_sync
    check_go_result "$KQKR"
    [ "$(ks_count '^info string DTM tables built')" -eq 0 ]
    [ "$(ks_count '^info depth [1-9][0-9]* .* score ')" -ge 1 ]
    ks_send 'go wtime 60000 btime 60000'
    ks_wait '^bestmove ' 2
    ks_sync
    [ "$(ks_count '^info string DTM tables built')" -ge 1 ]
    ks_send quit
    ks_end
    [ "$status" -eq 0 ]
}

@test "go nodes: the tables are built first, so the node count repeats in a new process" {
    # a 5-man root whose search meets KQKR and KRK positions
    local pos='position fen 8/5k2/8/8/4PK2/8/8/R6r w - - 0 1' a b
    for run in a b; do
        ks_start
        ks_send "$pos" 'go nodes 20000'
        ks_wait '^bestmove '
        ks_sync
        ks_send quit
        ks_end
        ks_lines '^info depth .* nodes ' | tail -n 1 | awk '{ for (i = 1; i < NF; i++) if ($i == "nodes") print $(i + 1) }' >"$BATS_TEST_TMPDIR/$run"
        [ "$(ks_count '^info string DTM tables built: ')" -eq 1 ]
    done
    [ -s "$BATS_TEST_TMPDIR/a" ]
    cmp "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
}

# Found by a new-user trial: with Tablebases false every go after the
# first printed "info string DTM tables built: " and a byte of stack
# garbage (the list of built tables was never written).
@test "Tablebases false: no table line and no stray bytes, go after go" {
    ks_start
    ks_send uci 'setoption name Tablebases value false' 'position startpos' 'go depth 1'
    ks_wait '^bestmove '
    ks_send 'go depth 1'
    ks_wait '^bestmove ' 2
    ks_send 'position fen 8/8/8/4k3/8/8/3QK3/8 w - - 0 1' 'go depth 1'
    ks_wait '^bestmove ' 3
    [ "$(grep -c 'DTM tables built' "$KS_OUT")" -eq 0 ]
    [ "$(LC_ALL=C grep -c '[^[:print:][:space:]]' "$KS_OUT")" -eq 0 ]
    ks_send quit
    ks_end
}

@test "a long untimed build says every two seconds that it goes on" {
    # KPPK needs the tables of every promotion below it: several seconds
    # on any machine (README, Tablebases); the test checks the notes
    # against its own clock, not the build's speed.
    ks_start
    t0=$(date +%s%N)
    ks_send 'position fen 8/8/8/4k3/8/8/1PP5/K7 w - - 0 1' 'go depth 1'
    ks_wait '^bestmove '
    t1=$(date +%s%N)
    ks_send quit
    ks_end
    [ "$status" -eq 0 ]
    notes=$(ks_count '^info string building DTM tables before the search: [0-9]+\.[0-9] s so far$')
    elapsed_ms=$(((t1 - t0) / 1000000))
    # one note per two seconds of build, none after the last table
    [ "$notes" -le $((elapsed_ms / 2000)) ]
    if [ "$elapsed_ms" -ge 3000 ]; then [ "$notes" -ge 1 ]; fi
    ks_lines '^info string building' | awk '{ t = $(NF - 3) + 0; if (t <= last) exit 1; last = t }'
    built=$(grep -nE '^info string DTM tables built: .*KPPK' "$KS_OUT" | cut -d: -f1)
    last_note=$(grep -n '^info string building' "$KS_OUT" | tail -n 1 | cut -d: -f1)
    [ -n "$built" ] && [ "${last_note:-0}" -lt "$built" ]
}

# A root of nine men (matetrack.epd line 33, a proven mate in 3): the tables are not reachable from it up front, but
# the search's lines end in KQ against a bishop, which the evaluation
# scores as a known win above every other line. The next go builds the
# tables the first one met, and the same search then sees those lines as
# mates, longer than the mate in 3 that it now finds.
@test "a larger root: the tables a search met are built before the next search" {
    local pos='position fen 8/1B6/8/5p2/8/8/5Qrq/1K1R2bk w - - 0 1'
    ks_start
    ks_send "$pos" 'go nodes 1000000'
    ks_wait '^bestmove '
    ks_sync
    [ "$(ks_count '^info string DTM tables built')" -eq 0 ]
    ks_send 'go nodes 1000000'
    ks_wait '^bestmove ' 2
    ks_sync
    [ "$(ks_count '^info string DTM tables built: .*KQKB')" -eq 1 ]
    last=$(ks_lines '^info depth ' | tail -n 1)
    [[ "$last" == *" score mate 3 "* ]] || { echo "$last"; return 1; }
    ks_send quit
    ks_end
    [ "$status" -eq 0 ]
}
