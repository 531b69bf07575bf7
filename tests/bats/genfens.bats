#!/usr/bin/env bats
# genfens, as OpenBench's DATAGEN workload calls it: one argument per
# command, N lines "info string genfens FEN", then exit.

load helper

GENFENS_LINE='^info string genfens [1-8pnbrqkPNBRQK/]+ [wb] [KQkqA-Ha-h-]+ ([a-h][36]|-) [0-9]+ [0-9]+$'

@test "genfens N seed S book None: N FENs that the engine reads, the same for the same seed" {
    run timeout "$HANG" "$KS" "genfens 12 seed 5 book None" "quit"
    [ "$status" -eq 0 ]
    [ "${#lines[@]}" -eq 12 ]
    for l in "${lines[@]}"; do [[ "$l" =~ $GENFENS_LINE ]]; done
    first=("${lines[@]}")
    run timeout "$HANG" "$KS" "genfens 12 seed 5 book None" "quit"
    [ "${lines[*]}" = "${first[*]}" ]
    run timeout "$HANG" "$KS" "genfens 12 seed 6 book None" "quit"
    [ "${lines[*]}" != "${first[*]}" ]
    # Every FEN is a position with legal moves: perft 1 counts them.
    for l in "${first[@]}"; do
        fen=${l#info string genfens }
        run timeout "$HANG" "$KS" perft 1 $fen
        [ "$status" -eq 0 ]
        [[ "${lines[-1]}" =~ ^Nodes\ searched:\ [1-9][0-9]*$ ]]
    done
}

@test "genfens with a book starts from its positions; private engines set EvalFile first" {
    dir=$(mktemp -d "${BATS_TEST_TMPDIR:-/tmp}/gf.XXXXXX")
    # One book position without queens (balanced, so the check search
    # keeps the first tries): two or three random plies cannot bring one
    # back.
    echo 'rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1 ; id "no queens"' > "$dir/book.epd"
    run timeout "$HANG" "$KS" "setoption name Use NNUE value false" "genfens 6 seed 1 book $dir/book.epd" "quit"
    [ "$status" -eq 0 ]
    [ "${#lines[@]}" -eq 6 ]
    for l in "${lines[@]}"; do
        [[ "$l" =~ $GENFENS_LINE ]]
        placement=${l#info string genfens }
        placement=${placement%% *}
        [[ "$placement" != *[Qq]* ]]
    done
    run timeout "$HANG" "$KS" "genfens 2 seed 1 book $dir/missing.epd" "quit"
    [ "$status" -eq 1 ]
    [[ "$output" =~ "cannot open book" ]]
    run timeout "$HANG" "$KS" "setoption name EvalFile value $dir/missing.nnue" "genfens 2 seed 1 book None" "quit"
    [ "$status" -eq 1 ]
    [[ "$output" =~ "EvalFile refused" ]]
    run timeout "$HANG" "$KS" "genfens many seed 1 book None" "quit"
    [ "$status" -eq 1 ]
    [[ "$output" =~ "usage" ]]
    rm -rf "$dir"
}
