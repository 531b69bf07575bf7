#!/usr/bin/env bats
# tools/matetrack.py, the runner of the matetrack mate-finding suite
# (tools/data/matetrack.epd): its PV board against published perft counts,
# a tiny run against the engine, and the scoring of bad answers from a
# scripted fake engine.

load helper

MT=$BATS_TEST_DIRNAME/../../tools/matetrack.py
EPD=$BATS_TEST_DIRNAME/../../tools/data/matetrack.epd

setup() {
    command -v python3 >/dev/null || skip "python3 is not installed"
    DIR=$(mktemp -d "${BATS_TEST_TMPDIR:-/tmp}/matetrack.XXXXXX")
}
teardown() { [ -z "${DIR:-}" ] || rm -rf "$DIR"; }

# fake_engine MATE PV...: a UCI engine that answers every search with
# "score mate MATE pv PV".
fake_engine() {
    local mate=$1
    shift
    cat >"$DIR/fake" <<EOS
#!/bin/sh
while read -r cmd rest; do
    case \$cmd in
    uci) echo "id name Fake"; echo uciok ;;
    isready) echo readyok ;;
    go) echo "info depth 1 score mate $mate nodes 7 pv $*"; echo "bestmove $1" ;;
    quit) exit 0 ;;
    esac
done
EOS
    chmod +x "$DIR/fake"
}

@test "matetrack.py --self-test: perft counts of the CPW wiki and the mate-line checks pass" {
    run timeout "$HANG" python3 "$MT" --self-test
    [ "$status" -eq 0 ]
    [ "$(grep -c '^perft .* ok$' <<<"$output")" -eq 5 ]
    [ "${lines[-1]}" = "self-test: passed" ]
}

@test "matetrack.py: 5 positions at 20,000 nodes, a summary and no engine bug" {
    run timeout "$HANG" python3 "$MT" --engine "$KS" --epd "$EPD" --max-positions 5 \
        --nodes 20000 --check-all-lines --csv "$DIR/out.csv"
    [ "$status" -eq 0 ]
    [[ "$output" != *"issue:"* ]]
    [[ "${lines[0]}" == "engine:        Keysquare"* ]]
    [ "${lines[1]}" = "suite:         $EPD: 5 of 6554 positions" ]
    [ "${lines[3]}" = "positions:     5" ]
    [[ "${lines[4]}" =~ ^"mates found:   "[0-5]$ ]]
    [[ "${lines[5]}" =~ ^"best mates:    "[0-5]$ ]]
    [ "${lines[6]}" = "wrong-signed:  0" ]
    [ "${lines[7]}" = "too short:     0" ]
    [ "${lines[8]}" = "bad PVs:       0" ]
    [[ "${lines[9]}" =~ ^"all lines:     "[0-9]+" distinct mate info lines, 0 with a bad PV"$ ]]
    [[ "${lines[10]}" =~ ^"total nodes:   "[0-9]+$ ]]
    [[ "${lines[11]}" =~ ^"total time:    "[0-9.]+" s wall, "[0-9.]+" s in searches"$ ]]
    [[ "${lines[12]}" == "command:       python3 "*"--max-positions 5 --nodes 20000"* ]]
    [ "$(head -n 1 "$DIR/out.csv")" = "index,fen,bm,mate,pv_plies,verdict,pv_check,last_score,depth" ]
    [ "$(wc -l <"$DIR/out.csv")" -eq 6 ]
    # The last line's score agrees with the verdict: the reported mate where
    # there is one, a centipawn score where there is none; depth >= 1.
    awk -F, 'NR > 1 { if ($4 != "" ? $8 != "mate " $4 : $8 !~ /^cp -?[0-9]+$/) exit 1
                      if ($9 !~ /^[1-9][0-9]*$/) exit 1 }' "$DIR/out.csv"
}

@test "matetrack.py: a sample is the same for the same seed, and the seed is printed" {
    run timeout "$HANG" python3 "$MT" --engine "$KS" --epd "$EPD" --sample 3 --seed 7 \
        --nodes 1000 --csv "$DIR/a.csv"
    [ "$status" -eq 0 ]
    [ "${lines[1]}" = "suite:         $EPD: 3 of 6554 positions, sample 3 with seed 7" ]
    run timeout "$HANG" python3 "$MT" --engine "$KS" --epd "$EPD" --sample 3 --seed 7 \
        --nodes 1000 --csv "$DIR/b.csv"
    [ "$(cut -d, -f1-3 "$DIR/a.csv")" = "$(cut -d, -f1-3 "$DIR/b.csv")" ]
}

@test "matetrack.py counts an illegal PV as bad, a wrong sign and a too-short mate" {
    # position 5 is a mate in 2 for the side to move (bm #2)
    fake_engine 1 e2e4
    run timeout "$HANG" python3 "$MT" --engine "$DIR/fake" --epd "$EPD" --max-positions 5 --nodes 10
    [ "$status" -eq 0 ]
    [ "${lines[-8]}" = "mates found:   5" ]
    [ "${lines[-7]}" = "best mates:    4" ]
    [ "${lines[-5]}" = "too short:     1" ]
    [ "${lines[-4]}" = "bad PVs:       5" ]
    [[ "$output" == *"issue: #5 bm #2 reported mate 1: too short, bad PV: illegal move e2e4 at ply 1"* ]]
    fake_engine -1 e2e4
    run timeout "$HANG" python3 "$MT" --engine "$DIR/fake" --epd "$EPD" --max-positions 5 --nodes 10
    [ "${lines[-8]}" = "mates found:   0" ]
    [ "${lines[-6]}" = "wrong-signed:  5" ]
}

@test "matetrack.py refuses a bad suite, bad limits and a malformed engine line, with a reason" {
    # A board without kings and a board of two ranks: the line number is named.
    printf '8/8/8/8/8/8/8/8 w - - bm #1;\n' >"$DIR/nokings.epd"
    run python3 "$MT" --epd "$DIR/nokings.epd"
    [ "$status" -eq 1 ]
    [[ "$output" == *"nokings.epd:1: bad FEN (each side needs one king)"* ]]
    printf '4k3/8/8/8/8/8/8/4K3 w - - bm #1;\nxx/yy w - - bm #2;\n' >"$DIR/ranks.epd"
    run python3 "$MT" --epd "$DIR/ranks.epd"
    [ "$status" -eq 1 ]
    [[ "$output" == *"ranks.epd:2: bad FEN"* ]]
    # White to move, Black (not to move) in check from the rook on e1: illegal.
    printf '4k3/8/8/8/8/8/8/4R1K1 w - - bm #1;\n' >"$DIR/check.epd"
    run python3 "$MT" --epd "$DIR/check.epd"
    [ "$status" -eq 1 ]
    [[ "$output" == *"check.epd:1: bad FEN (the side not to move is in check)"* ]]
    run python3 "$MT" --epd "$DIR/missing.epd"
    [ "$status" -eq 1 ]
    [[ "$output" == "matetrack: cannot read $DIR/missing.epd"* ]]
    for bad in "--sample 0" "--nodes -5" "--concurrency 0" "--seed 3"; do
        run python3 "$MT" $bad
        [ "$status" -eq 2 ]
        [[ "${lines[-1]}" == *"error: --"* ]]
    done
    # A number the engine writes wrongly ends the run with its reason, no summary.
    fake_engine 1 e2e4
    sed -i 's/nodes 7/nodes 1e6/' "$DIR/fake"
    run timeout "$HANG" python3 "$MT" --engine "$DIR/fake" --epd "$EPD" --max-positions 2 --nodes 10
    [ "$status" -eq 1 ]
    [[ "$output" == *"ValueError"*"1e6"* ]]
    [[ "$output" != *"mates found"* ]]
}

# The suite's line 18 is a mate in 2 whose defender is in zugzwang: after
# the key every black piece is tied and the king must take the rook. A
# null move (passing) is no legal reply there, so a search that trusts its
# null-move cut-offs without verifying them never finds the mate, at any
# depth; the suite's "bm #2" is the expected answer.
@test "the suite's zugzwang mate in 2 (line 18) is found at 200,000 nodes" {
    fen=$(sed -n '18s/ bm #2;.*//p' "$EPD")
    [ "$fen" = "n1N3br/2p1Bpkr/1pP2R1b/pP3Pp1/P5P1/1P1p4/p2P4/K7 w - -" ]
    ks_start
    ks_send "position fen $fen" 'go nodes 200000'
    ks_wait '^bestmove '
    ks_lines '^info depth .* score ' | tail -n 1 | grep -q ' score mate 2 '
    ks_send quit
    ks_end
}

# A five-man mate whose search line runs into the in-memory four-man
# tables: the search takes the table's mate score at the table position,
# and the reported PV must still run to the mate (the suite's bm #7; the
# search reports a mate in 8, 15 plies), as matetrack's PV check replays
# it on the independent board.
@test "a mate reached through the tables is reported with its whole PV" {
    grep -F '8/B7/8/5RK1/4k3/8/4P3/8 w - - bm #' "$EPD" >"$DIR/one.epd"
    [ "$(wc -l <"$DIR/one.epd")" -eq 1 ]
    run timeout "$HANG" python3 "$MT" --engine "$KS" --epd "$DIR/one.epd" --nodes 1000000 --check-all-lines --csv "$DIR/one.csv"
    echo "$output"
    [ "$status" -eq 0 ]
    [ "${lines[4]}" = "mates found:   1" ]
    [ "${lines[8]}" = "bad PVs:       0" ]
    [[ "${lines[9]}" =~ ", 0 with a bad PV"$ ]]
}

# Seven suite positions (lines 418 to 4503, mates in 6 to 10) where a
# search of 1,000,000 nodes finds its mate only inside the iteration that
# the node limit cuts short: the mating move's search finished there with
# an exact score, above the last completed iteration's best, and the rest
# of the root moves were still to come. That move and its line must be the
# result and the last info line (matetrack scores the last line; before,
# the unfinished iteration was dropped and none of the seven was reported
# as a mate). The found mates need not be the shortest; none may be wrong,
# too short or a bad PV, and the last line's first move is the bestmove.
@test "a mate scored in the iteration the node limit cuts short is reported" {
    for i in 418 984 1617 1950 2892 4376 4503; do sed -n "${i}p" "$EPD"; done >"$DIR/cut.epd"
    [ "$(grep -c ' bm #' "$DIR/cut.epd")" -eq 7 ]
    # 8 M nodes in all: a generous hang limit for the sanitizer builds.
    run timeout $((5 * HANG)) python3 "$MT" --engine "$KS" --epd "$DIR/cut.epd" --nodes 1000000 --check-all-lines
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "${lines[4]}" =~ ^"mates found:   "[4-7]$ ]]
    [ "${lines[6]}" = "wrong-signed:  0" ]
    [ "${lines[7]}" = "too short:     0" ]
    [ "${lines[8]}" = "bad PVs:       0" ]
    [[ "${lines[9]}" =~ ", 0 with a bad PV"$ ]]
    fen=$(sed -n '984s/ bm #7;.*//p' "$EPD")
    ks_start
    ks_send "position fen $fen" 'go nodes 1000000'
    ks_wait '^bestmove '
    best=$(ks_lines '^bestmove ' | awk '{print $2}')
    last=$(ks_lines '^info depth .* score ' | tail -n 1)
    [[ "$last" == *" score mate "* ]]
    [ "$(sed 's/.* pv //' <<<"$last" | awk '{print $1}')" = "$best" ]
    ks_send quit
    ks_end
}
