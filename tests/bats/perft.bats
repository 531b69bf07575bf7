#!/usr/bin/env bats
# perft from the command line: the README's output format and published counts.

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

# Every sixth position of the suite, at the deepest depth whose published
# count is at most 100000 (positions with only deeper counts are skipped).
@test "perft of suite positions matches the counts of tests/data/perft.epd" {
    epd="$BATS_TEST_DIRNAME/../data/perft.epd"
    checked=0
    while IFS='|' read -r fen depth want; do
        # shellcheck disable=SC2086
        got=$("$KS" perft "$depth" $fen | sed -n 's/^Nodes searched: //p')
        if [ "$got" != "$want" ]; then
            echo "$fen: perft $depth gave '$got', expected $want"
            return 1
        fi
        checked=$((checked + 1))
    done < <(awk -F';' 'NR % 6 == 1 {
        best = ""
        for (i = 2; i <= NF; i++) {
            split($i, f, " ")
            if (f[2] + 0 <= 100000) best = substr(f[1], 2) "|" f[2]
        }
        if (best != "") { sub(/ +$/, "", $1); print $1 "|" best }
    }' "$epd")
    [ "$checked" -ge 15 ]
}
