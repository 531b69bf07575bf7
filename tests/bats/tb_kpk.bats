#!/usr/bin/env bats
# `tb` for the KPK bitbase: the dump against the published counts
# (chessprogramming wiki "KPK"), probes of textbook positions.

load helper

# Counts of a dump: legal and won, all files and files a-d, by side to move.
count_dump() {
    awk -F' ; ' '
    {
        split($1, field, " ")
        n = split(field[1], rows, "/")
        pawn_file = -1
        for (i = 1; i <= n; i++) {
            col = 0
            for (j = 1; j <= length(rows[i]); j++) {
                c = substr(rows[i], j, 1)
                if (c ~ /[1-8]/) { col += c; continue }
                if (c == "P") pawn_file = col
                col++
            }
        }
        stm = field[2]
        all++
        if ($2 == "1-0") all_won++
        if (pawn_file < 4) {
            legal[stm]++
            if ($2 == "1-0") won[stm]++
            else if ($2 == "1/2-1/2") drawn[stm]++
        }
    }
    END {
        printf "all %d %d\n", all, all_won
        printf "w %d %d %d\n", legal["w"], won["w"], drawn["w"]
        printf "b %d %d %d\n", legal["b"], won["b"], drawn["b"]
        printf "a-d %d %d %d\n", legal["w"] + legal["b"], won["w"] + won["b"], drawn["w"] + drawn["b"]
    }' "$1"
}

@test "tb dump kpk: 331,352 legal positions, the published counts for files a-d" {
    dump="$BATS_TEST_TMPDIR/kpk.txt"
    timeout 120 "$KS" tb dump kpk > "$dump"
    [ "$(wc -l < "$dump")" -eq 331352 ]
    [ "$(sort -u "$dump" | wc -l)" -eq 331352 ]
    # Every line: FEN ending "- - 0 1", the result, the DTM.
    [ "$(grep -cvE '^[1-8KPk/]+ [wb] - - 0 1 ; (1-0|1/2-1/2) ; dtm [0-9]+ ; dtz [0-9]+$' "$dump")" -eq 0 ]
    run count_dump "$dump"
    [ "${lines[1]}" = "w 81664 62480 19184" ]
    [ "${lines[2]}" = "b 84012 48802 35210" ]
    [ "${lines[3]}" = "a-d 165676 111282 54394" ]
    # All eight files: the mirror images double every count.
    [ "${lines[0]}" = "all 331352 222564" ]
}

@test "tb stats kpk: counts by side, rank and file, and the build time" {
    run timeout 60 "$KS" tb stats kpk
    [ "$status" -eq 0 ]
    [[ "$output" == *"files a-d, white to move:"*"81664 legal  62480 won"* ]]
    [[ "$output" == *"files a-d, black to move:"*"84012 legal  48802 won"* ]]
    [[ "$output" == *"files a-d, both sides to move:  165676 legal 111282 won  54394 drawn"* ]]
    [[ "$output" == *"files a-h, both sides to move:  331352 legal"* ]]
    [ "$(printf '%s\n' "$output" | grep -c 'pawn rank')" -eq 12 ]
    [ "$(printf '%s\n' "$output" | grep -c '^pawn file [a-h]:')" -eq 8 ]
    printf '%s\n' "$output" | grep -qE '^build time: [0-9.]+ ms'
}

@test "tb probe: opposition, White to move wins and Black to move draws" {
    run "$KS" tb probe 8/8/4k3/8/8/4K3/4P3/8 w - - 0 1
    [ "$status" -eq 0 ]
    [[ "${lines[0]}" == "8/8/4k3/8/8/4K3/4P3/8 w - - 0 1 ; 1-0 ; dtm "* ]]
    printf '%s\n' "$output" | grep -qE '^e3e4 ; 1-0 ; dtm [0-9]+ ; dtz [0-9]+$'
    printf '%s\n' "$output" | grep -qx 'e3d2 ; 1/2-1/2 ; dtm 0 ; dtz 0'
    run "$KS" tb probe 8/8/4k3/8/8/4K3/4P3/8 b - - 0 1
    [ "${lines[0]}" = "8/8/4k3/8/8/4K3/4P3/8 b - - 0 1 ; 1/2-1/2 ; dtm 0 ; dtz 0" ]
}

@test "tb probe: one line per legal move" {
    run "$KS" tb probe 8/8/4k3/8/8/4K3/4P3/8 w - - 0 1
    # Ke3 has 7 moves (e2 holds the pawn); the pawn is blocked by the king.
    [ "${#lines[@]}" -eq 8 ]
    [ "$(printf '%s\n' "${lines[@]:1}" | grep -cE '^e3[a-h][1-8] ; ')" -eq 7 ]
}

@test "tb probe: only the rook promotion wins (b8=Q stalemates)" {
    run "$KS" tb probe 8/1P6/k7/8/K7/8/8/8 w - - 0 1
    [ "$status" -eq 0 ]
    [[ "${lines[0]}" == "8/1P6/k7/8/K7/8/8/8 w - - 0 1 ; 1-0 ; dtm "* ]]
    printf '%s\n' "$output" | grep -qx 'b7b8q ; 1/2-1/2 ; dtm 0 ; dtz 0'
    printf '%s\n' "$output" | grep -qE '^b7b8r ; 1-0 ; dtm [0-9]+ ; dtz [0-9]+$'
    printf '%s\n' "$output" | grep -qx 'b7b8n ; 1/2-1/2 ; dtm 0 ; dtz 0'
}

@test "tb probe: the black pawn side, rook pawn and knight-pawn stalemate" {
    # Opposition with colours reversed: Black to move wins.
    run "$KS" tb probe 8/4p3/4k3/8/8/4K3/8/8 b - - 0 1
    [[ "${lines[0]}" == "8/4p3/4k3/8/8/4K3/8/8 b - - 0 1 ; 0-1 ; dtm "* ]]
    run "$KS" tb probe 8/4p3/4k3/8/8/4K3/8/8 w - - 0 1
    [ "${lines[0]}" = "8/4p3/4k3/8/8/4K3/8/8 w - - 0 1 ; 1/2-1/2 ; dtm 0 ; dtz 0" ]
    # Rook pawn with the defending king in the corner.
    run "$KS" tb probe k7/8/8/PK6/8/8/8/8 w - - 0 1
    [ "${lines[0]}" = "k7/8/8/PK6/8/8/8/8 w - - 0 1 ; 1/2-1/2 ; dtm 0 ; dtz 0" ]
    # Knight pawn: Black to move is stalemated; White to move wins with Kf6.
    run "$KS" tb probe 6k1/6P1/6K1/8/8/8/8/8 b - - 0 1
    [ "${lines[0]}" = "6k1/6P1/6K1/8/8/8/8/8 b - - 0 1 ; 1/2-1/2 ; dtm 0 ; dtz 0" ]
    [ "${#lines[@]}" -eq 1 ]
    run "$KS" tb probe 6k1/6P1/6K1/8/8/8/8/8 w - - 0 1
    [[ "${lines[0]}" == "6k1/6P1/6K1/8/8/8/8/8 w - - 0 1 ; 1-0 ; dtm "* ]]
    printf '%s\n' "$output" | grep -qE '^g6f6 ; 1-0 ; dtm [0-9]+ ; dtz [0-9]+$'
}

@test "tb: bad input fails with a message" {
    run "$KS" tb probe 8/8/4k3/8/8/4K3/4P3 w - - 0 1
    [ "$status" -eq 1 ]
    [[ "$output" == *"invalid FEN"* ]]
    run "$KS" tb probe 8/8/4k3/8/8/4K3/4PPP1/8 w - - 0 1
    [ "$status" -eq 1 ]
    [[ "$output" == *"no table"* ]]
    run "$KS" tb stats nosuch
    [ "$status" -eq 1 ]
    [[ "$output" == *"no table"* ]]
    run "$KS" tb
    [ "$status" -eq 1 ]
    [[ "$output" == *"usage"* ]]
}

@test "uci: an info string gives the bitbase build time" {
    uci_session "uci" "quit"
    [ "$status" -eq 0 ]
    printf '%s\n' "$output" | grep -qE '^info string KPK bitbase built in [0-9.]+ ms$'
    [ "${lines[-1]}" = "uciok" ]
}
