#!/usr/bin/env bats
# bench (the node-count signature), d and go perft: the extensions of
# the README. Counts are published perft numbers; bench is compared only
# with itself (the same N on every run).

load helper

teardown() { ks_cleanup; }

BENCH_LAST='^[0-9]+ nodes [0-9]+ nps$'

@test "bench: last line 'N nodes M nps', N the same on two runs and from the UCI loop" {
    run timeout "$HANG" "$KS" bench
    [ "$status" -eq 0 ]
    [[ "${lines[-1]}" =~ $BENCH_LAST ]]
    first=${lines[-1]%% *}
    [ "$first" -gt 0 ]
    # 30 to 50 positions, one line each.
    n=$(printf '%s\n' "${lines[@]}" | grep -c '^position ')
    [ "$n" -ge 30 ] && [ "$n" -le 50 ]
    run timeout "$HANG" "$KS" bench
    [ "${lines[-1]%% *}" = "$first" ]
    # Inside the UCI loop, after a search with other options: the same N.
    uci_session 'setoption name Threads value 2' 'setoption name Hash value 4' 'position startpos' 'go depth 3' bench
    last=$(printf '%s\n' "${lines[@]}" | grep -E "$BENCH_LAST")
    [ "${last%% *}" = "$first" ]
}

@test "bench 5 from the command line works and is stable too" {
    run timeout "$HANG" "$KS" bench 5
    [ "$status" -eq 0 ]
    [[ "${lines[-1]}" =~ $BENCH_LAST ]]
    [ "${lines[-1]%% *}" -gt 0 ]
    [ "${lines[-1]%% *}" = "$(timeout "$HANG" "$KS" bench 5 | tail -n 1 | cut -d' ' -f1)" ]
}

@test "bench with a bad depth fails with a usage line" {
    for d in 0 x -3 999; do
        run timeout "$HANG" "$KS" bench "$d"
        [ "$status" -ne 0 ] && [ "$status" -lt 124 ]
        [[ "$output" == *usage* ]]
    done
    uci_session 'bench x' isready
    [[ "${lines[0]}" == "info string "* ]]
    [ "${lines[-1]}" = readyok ]
}

# Found by a new-user trial: over UCI `bench 2 3` ran bench at depth 2
# (the command line refuses extra words) and `bench mate` was answered as
# a bad depth.
@test "bench over UCI refuses extra words and sends bench mate to the command line" {
    uci_session 'bench 2 3' 'bench mate' isready
    [ "${#lines[@]}" -eq 3 ]
    [[ "${lines[0]}" == "info string bench takes one depth"* ]]
    [[ "${lines[1]}" == "info string bench mate runs from the command line"* ]]
    [ "${lines[2]}" = readyok ]
}

@test "d prints the board, then Fen: and Key: lines" {
    uci_session 'position startpos moves e2e4' d
    [ "$status" -eq 0 ]
    printf '%s\n' "${lines[@]}" | grep -qx 'Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
    printf '%s\n' "${lines[@]}" | grep -qE '^Key: [0-9A-F]{16}$'
    fen_at=$(printf '%s\n' "${lines[@]}" | grep -n '^Fen: ' | cut -d: -f1)
    key_at=$(printf '%s\n' "${lines[@]}" | grep -n '^Key: ' | cut -d: -f1)
    [ "$key_at" -eq $((fen_at + 1)) ]
    # The board comes first: eight ranks, White's pawn on e4.
    [ "$fen_at" -gt 8 ]
}

@test "d: the Key is the same for a transposition and differs otherwise" {
    key() { printf '%s\n' "$1" d | timeout "$HANG" "$KS" | sed -n 's/^Key: //p'; }
    a=$(key 'position startpos moves g1f3 g8f6 b1c3')
    b=$(key 'position startpos moves b1c3 g8f6 g1f3')
    c=$(key 'position startpos moves b1c3 g8f6 g1h3')
    d=$(key 'position fen r1bqkb1r/pppppppp/2n2n2/8/8/2N2N2/PPPPPPPP/R1BQKB1R w KQkq - 4 3')
    e=$(key 'position fen r1bqkb1r/pppppppp/2n2n2/8/8/2N2N2/PPPPPPPP/R1BQKB1R b KQkq - 4 3')
    [ -n "$a" ] && [ "$a" = "$b" ] && [ "$a" != "$c" ]
    [ "$d" != "$e" ]
}

@test "go perft 3: the README's perft format with the published count 8902" {
    uci_session 'position startpos' 'go perft 3'
    [ "$status" -eq 0 ]
    [ "${lines[-1]}" = 'Nodes searched: 8902' ]
    [ "$(printf '%s\n' "$output" | grep -cE '^[a-h][1-8][a-h][1-8][qrbn]?: [0-9]+$')" -eq 20 ]
    [ "$(printf '%s\n' "$output" | awk -F': ' '/^[a-h][1-8]/ { s += $2 } END { print s }')" -eq 8902 ]
    # A blank line before the total.
    [ "$(printf '%s\n' "$output" | tail -n 2 | head -n 1)" = '' ]
}

@test "go perft after moves and from a FEN: published counts" {
    # Chessprogramming wiki "Perft Results": Kiwipete depth 2 = 2039,
    # position 3 depth 3 = 2812.
    uci_session 'position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' 'go perft 2'
    [ "${lines[-1]}" = 'Nodes searched: 2039' ]
    uci_session 'position fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1' 'go perft 3'
    [ "${lines[-1]}" = 'Nodes searched: 2812' ]
    # The e2e4 line of the start position's published perft 3 divide.
    uci_session 'position startpos moves e2e4' 'go perft 2'
    [ "${lines[-1]}" = 'Nodes searched: 600' ]
}

@test "help and eval print something and keep the engine alive" {
    uci_session help 'position startpos' eval isready
    [ "$status" -eq 0 ]
    [ "${#lines[@]}" -gt 3 ]
    [ "${lines[-1]}" = readyok ]
}
