#!/usr/bin/env bats
# perft from the command line: design.md's output format and published counts.

load helper

@test "perft 4 from the start position: 197281 nodes, 20 root moves" {
    run "$KS" perft 4
    [ "$status" -eq 0 ]
    [ "${lines[-1]}" = "Nodes searched: 197281" ]
    [ "$(printf '%s\n' "${lines[@]}" | grep -cE '^[a-h][1-8][a-h][1-8][qrbn]?: [0-9]+$')" -eq 20 ]
}

@test "perft divide lines add up and there is a blank line before the total" {
    run "$KS" perft 3 r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1
    [ "$status" -eq 0 ]
    [ "${lines[-1]}" = "Nodes searched: 97862" ]
    sum=$(printf '%s\n' "$output" | awk -F': ' '/^[a-h][1-8]/ { s += $2 } END { print s }')
    [ "$sum" -eq 97862 ]
    printf '%s\n' "$output" | grep -q '^$'
}

@test "perft with a promotion position prints promotion moves" {
    run "$KS" perft 1 4k3/1P6/8/8/8/8/8/4K3 w - - 0 1
    [ "$status" -eq 0 ]
    [ "${lines[-1]}" = "Nodes searched: 9" ]
    printf '%s\n' "$output" | grep -q '^b7b8q: 1$'
    printf '%s\n' "$output" | grep -q '^b7b8n: 1$'
}

@test "perft with a bad FEN fails with a message, no crash" {
    run "$KS" perft 2 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1
    [ "$status" -ne 0 ]
    [ "$status" -lt 128 ]
    [[ "$output" == *"invalid FEN"* ]]
}

@test "perft with a FEN with two white kings fails with a message" {
    run "$KS" perft 1 4k3/8/8/8/8/8/8/3KK3 w - - 0 1
    [ "$status" -ne 0 ]
    [ "$status" -lt 128 ]
    [[ "$output" == *"king"* ]]
}
