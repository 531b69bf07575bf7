#!/usr/bin/env bats
# bench mate: the engine converts random won endings. The defender is the
# DTM table (perfect play), so no mate can be faster than the table says:
# plies >= optimal is a check from outside the engine's search.

load helper

summary() { printf '%s\n' "$output" | grep "^$1: "; }
field() { sed -n "s/.* $2=\([^ ]*\).*/\1/p" <<< "$1"; }

@test "bench mate vs the perfect defender: every KQK, KRK and KPK game is mated, never faster than optimal" {
    run "$KS" bench mate --ending all --positions 10 --nodes 20000
    for e in KQK KRK KPK; do
        line=$(summary $e)
        [ -n "$line" ]
        [ "$(field "$line" positions)" = 10 ]
        [ "$(field "$line" mates)" = 10 ]
        [ "$(field "$line" stalemates)" = 0 ]
        awk -v p="$(field "$line" plies)" -v o="$(field "$line" optimal)" 'BEGIN { exit !(p >= o && o > 0) }'
    done
    # KBBK and KBNK report in the same format.
    for e in KBBK KBNK; do
        [[ "$(summary $e)" =~ ^$e:\ positions=10\ mates=[0-9]+\ rate=[0-9.]+%\ stalemates=[0-9]+\ draws=[0-9]+\ fifty=[0-9]+\ plies=[0-9.]+\ optimal=[0-9.]+\ ratio=[0-9.]+\ worst=[0-9.]+\ time=[0-9.]+s$ ]]
    done
}

# The queen against a knight or a bishop, tables off for the engine, 20,000
# nodes a move: every random won start and the two starts a hyper-bullet
# trial once drew by the fifty-move rule are mated against the perfect
# defender, never faster than the table's optimum.
@test "bench mate: KQKN and KQKB are mated at 20,000 nodes a move, tables off" {
    for e in KQKN KQKB; do
        run "$KS" bench mate --ending $e --positions 20 --nodes 20000
        line=$(summary $e)
        echo "$line"
        [ "$(field "$line" positions)" = 20 ] && [ "$(field "$line" mates)" = 20 ]
        awk -v p="$(field "$line" plies)" -v o="$(field "$line" optimal)" 'BEGIN { exit !(p >= o && o > 0) }'
    done
    fens=$BATS_TEST_TMPDIR/kqkm.fens
    printf '%s\n' '8/5K2/2q5/6N1/8/4k3/8/8 b - - 0 1' '2K5/8/8/8/3k4/2n5/8/5Q2 w - - 0 1' \
        '3B4/8/6K1/8/8/8/5q2/1k6 b - - 0 1' >"$fens"
    run "$KS" bench mate --fens "$fens" --nodes 20000
    echo "$output" | tail -n 2
    [ "$(field "$(summary FENS)" mates)" = 3 ]
}

@test "bench mate output before time= is the same on two runs (fixed node limit)" {
    run "$KS" bench mate --ending KRK --positions 5 --nodes 5000
    first=$(printf '%s\n' "$output" | grep '^KRK' | sed 's/ time=.*//')
    run "$KS" bench mate --ending KRK --positions 5 --nodes 5000
    second=$(printf '%s\n' "$output" | grep '^KRK' | sed 's/ time=.*//')
    [ -n "$first" ]
    [ "$first" = "$second" ]
}

# Issue 4: the engine plays both sides at a fixed depth and mates every
# random KQK, KRK, KBNK and bitbase-won KPK position within the fifty-move
# rule, without stalemate.
@test "engine against itself at depth 16 mates random KQK, KRK, KBNK and KPK wins" {
    for e in KQK KRK KBNK KPK; do
        run "$KS" bench mate --self-play --ending $e --positions 12 --depth 16
        line=$(summary $e)
        [ "$(field "$line" mates)" = 12 ]
        [ "$(field "$line" stalemates)" = 0 ]
    done
}

@test "bench mate --defend: the engine holds drawn KPK positions against the table" {
    run "$KS" bench mate --defend --positions 10 --nodes 20000
    line=$(printf '%s\n' "$output" | grep '^KPK-defend: ')
    [[ "$line" =~ ^KPK-defend:\ positions=10\ held=10\ rate=100.0%\ time= ]]
}

@test "bench mate writes PGN games with SetUp/FEN tags and a result" {
    pgn="$BATS_TEST_TMPDIR/games.pgn"
    run "$KS" bench mate --ending KQK --positions 3 --nodes 5000 --pgn "$pgn"
    [ "$(grep -c '^\[SetUp "1"\]' "$pgn")" -eq 3 ]
    [ "$(grep -c '^\[FEN "' "$pgn")" -eq 3 ]
    [ "$(grep -cE '#  *(1-0|0-1)$|# (1-0|0-1)$' "$pgn")" -eq 3 ]
}

@test "bench mate --fens plays the won positions of a file and skips the rest" {
    fens="$BATS_TEST_TMPDIR/fens.txt"
    # KQK mate in 1 (a won start), a drawn KBK position, a bad FEN, KRK.
    printf '%s\n' '6k1/8/6K1/8/8/8/8/Q7 w - - 0 1' '8/8/8/4k3/8/8/3BK3/8 w - - 0 1' 'not a fen' \
        '8/8/8/8/8/2k5/8/K6R w - - 0 1' > "$fens"
    run "$KS" bench mate --fens "$fens" --nodes 5000
    [ "$status" -eq 0 ]
    [[ "$output" == *"FENS: positions=2 mates=2 rate=100.0%"* ]]
    [[ "$output" == *"skipped"*"not a fen"* ]]
    run "$KS" bench mate --fens "$BATS_TEST_TMPDIR/missing.txt"
    [ "$status" -eq 1 ]
}

@test "bench mate --fens plays every won line without --positions, the first N with it" {
    fens="$BATS_TEST_TMPDIR/many.txt"
    # 105 KQK mates in 1 (one more than the default of 100 random games).
    for i in $(seq 105); do echo '6k1/8/6K1/8/8/8/8/Q7 w - - 0 1'; done > "$fens"
    run "$KS" bench mate --fens "$fens" --nodes 1000
    [ "$status" -eq 0 ]
    [[ "$output" == *"FENS: positions=105 mates=105 "* ]]
    run "$KS" bench mate --fens "$fens" --nodes 1000 --positions 3
    [[ "$output" == *"FENS: positions=3 mates=3 "* ]]
}

@test "bench mate --fens fails with a message on a file with no usable line" {
    fens="$BATS_TEST_TMPDIR/none.txt"
    : > "$fens"
    run "$KS" bench mate --fens "$fens"
    [ "$status" -eq 1 ]
    [[ "$output" == *"no won position"* ]]
    [[ "$output" != *"FENS:"* ]]
    # A drawn KBK position and a bad FEN only.
    printf '%s\n' '8/8/8/4k3/8/8/3BK3/8 w - - 0 1' 'not a fen' > "$fens"
    run "$KS" bench mate --fens "$fens"
    [ "$status" -eq 1 ]
    [[ "$output" == *"no won position"* ]]
}

@test "bench mate rejects bad options" {
    run "$KS" bench mate --ending KXYZ
    [ "$status" -eq 1 ]
    run "$KS" bench mate --positions -3
    [ "$status" -eq 1 ]
    run "$KS" bench mate --nodes
    [ "$status" -eq 1 ]
    # --fens brings its own positions: no --ending or --defend with it.
    fens="$BATS_TEST_TMPDIR/one.txt"
    echo '6k1/8/6K1/8/8/8/8/Q7 w - - 0 1' > "$fens"
    run "$KS" bench mate --fens "$fens" --ending KQK
    [ "$status" -eq 1 ]
    [[ "$output" == *"usage:"* ]]
    [[ "$output" != *"FENS:"* ]]
    run "$KS" bench mate --defend --fens "$fens"
    [ "$status" -eq 1 ]
    [[ "$output" == *"usage:"* ]]
}

@test "bench mate names the option at fault, rejects two limits, and --help succeeds" {
    run "$KS" bench mate --bogus
    [ "$status" -eq 1 ]
    [[ "$output" == *"unknown option --bogus"* ]]
    run "$KS" bench mate --positions abc
    [ "$status" -eq 1 ]
    [[ "$output" == *"--positions"*"abc"* ]]
    run "$KS" bench mate --depth 3 --nodes 100
    [ "$status" -eq 1 ]
    [[ "$output" == *"one of --depth, --nodes and --movetime"* ]]
    run "$KS" bench mate --defend --ending KQK
    [ "$status" -eq 1 ]
    [[ "$output" != *"KPK-defend:"* ]]
    run "$KS" bench mate --help
    [ "$status" -eq 0 ]
    [[ "$output" == "usage: keysquare bench mate"* ]]
}

# With Tablebases on, both sides play the table's moves: the game lasts
# exactly the DTM that `tb probe` gives for the start position. One engine
# plays the whole game, each move to its end (the first builds the tables).
play_tb_game() {
    local fen=$1 moves="" plies=0 best
    ks_start
    while [ $plies -lt 200 ]; do
        ks_send "position fen $fen moves $moves" 'go depth 1'
        ks_wait '^bestmove ' $((plies + 1)) >&2 || break
        best=$(ks_lines '^bestmove ' | tail -n 1 | awk '{ print $2 }')
        [ "$best" = "(none)" ] && break
        moves="$moves $best"
        plies=$((plies + 1))
    done
    ks_send quit
    ks_end
    echo $plies
}

@test "Tablebases on: games from covered positions are exactly DTM-optimal" {
    for fen in "8/8/8/4k3/8/8/8/3QK3 w - - 0 1" "8/8/3k4/8/8/8/8/R3K3 w - - 0 1" \
               "8/8/8/8/4k3/8/2P5/2K5 w - - 0 1" "8/8/8/8/8/2k5/8/K1Q5 b - - 0 1"; do
        dtm=$("$KS" tb probe "$fen" | head -1 | sed -n 's/.*; dtm \([0-9]*\) ; dtz [0-9]*$/\1/p')
        [ -n "$dtm" ]
        got=$(play_tb_game "$fen")
        echo "$fen: dtm $dtm, played $got"
        [ "$got" -eq "$dtm" ]
    done
}

# Found by a new-user trial: `bench mate 2>&1 | tee log` wrote one line of
# 100 carriage-return progress entries per ending into the log.
@test "bench mate writes no carriage-return progress when stderr is not a terminal" {
    "$KS" bench mate --ending KQK --positions 3 --nodes 5000 >"$BATS_TEST_TMPDIR/out" 2>"$BATS_TEST_TMPDIR/err"
    [ ! -s "$BATS_TEST_TMPDIR/err" ]
    grep -q '^KQK: positions=3 mates=3 ' "$BATS_TEST_TMPDIR/out"
}
