#!/usr/bin/env bats
# tb stats / dump / probe on the DTM tables: the README's formats, the
# published longest mates, textbook mates, and legal-position counts
# computed here independently.

load helper

# stats_line NAME PATTERN: the line of `tb stats NAME` matching PATTERN.
stats_line() {
    "$KS" tb stats "$1" | grep -E "$2"
}

# The published longest win with the winning side (White) to move.
longest_win() {
    run stats_line "$1" '^white to move: longest win'
    [ "$status" -eq 0 ]
    [[ "$output" == "white to move: longest win $2 moves ($((2 * $2 - 1)) plies)"* ]]
}

@test "tb stats: longest wins are the published ones" {
    longest_win kqk 10
    longest_win krk 16
    longest_win kpk 28
    longest_win kbbk 19
    longest_win kbnk 33
    longest_win kqkr 35
    longest_win krkb 29
    longest_win krkn 40
}

@test "tb stats: a lone bishop or knight never wins; two knights do mate sometimes" {
    for t in kbk knk; do
        run "$KS" tb stats $t
        [ "$status" -eq 0 ]
        [[ "$output" == *"white to move: 1-0 0, "* ]]
        [[ "$output" == *"black to move: 1-0 0, "* ]]
    done
    run stats_line knnk '^black to move: 1-0'
    [[ "$output" != "black to move: 1-0 0,"* ]]
}

@test "tb stats: build time and memory are reported" {
    run "$KS" tb stats kqkr
    [ "$status" -eq 0 ]
    [[ "$output" == *"build time: "*" ms"* ]]
    [[ "$output" == *"dtm "*" ms, dtz "*" ms"* ]]
    # 462 king pairs * 64 * 64 squares, two sides to move, DTM and DTZ
    [[ "$output" == *"memory: 7569408 bytes"* ]]
}

@test "tb stats: the longest DTZ by side to move is Syzygy's (KQvKR 62 plies)" {
    run "$KS" tb stats kqkr
    [ "$status" -eq 0 ]
    [[ "$output" == *"black to move: longest dtz win "*" plies, longest dtz loss 62 plies, cursed wins 0"* ]]
}

@test "tb stats kpk: counts by pawn rank and file, mirror images equal" {
    run "$KS" tb stats kpk
    [ "$status" -eq 0 ]
    a=$(printf '%s\n' "$output" | grep '^pawn file a:' | sed 's/^pawn file a://')
    h=$(printf '%s\n' "$output" | grep '^pawn file h:' | sed 's/^pawn file h://')
    [ -n "$a" ] && [ "$a" = "$h" ]
    [ "$(printf '%s\n' "$output" | grep -c '^files a-d, pawn rank [2-7]:')" -eq 6 ]
    [ "$(printf '%s\n' "$output" | grep -c '^files a-h, pawn rank [2-7]:')" -eq 6 ]
}

# Legal positions counted by brute force in awk: kings apart, men on
# distinct squares, pawns on ranks 2-7, the side not to move not in check
# (only a white knight or pawn can give check here).
count_legal() {
    awk -v man="$1" 'function d(a, b) { x = a % 8 - b % 8; y = int(a / 8) - int(b / 8);
            x = x < 0 ? -x : x; y = y < 0 ? -y : y; return x > y ? x : y }
        BEGIN { for (wk = 0; wk < 64; wk++) for (bk = 0; bk < 64; bk++) for (m = 0; m < 64; m++) {
            if (d(wk, bk) < 2 || m == wk || m == bk) continue
            if (man == "p" && (m < 8 || m > 55)) continue
            f = m % 8 - bk % 8; r = int(bk / 8) - int(m / 8)
            check = man == "n" ? (f * f + r * r == 5) : (r == 1 && (f == 1 || f == -1))
            btm++; if (!check) wtm++ }
            print wtm, btm }'
}

legal_counts_agree() {
    read -r wtm btm < <(count_legal "$2")
    run "$KS" tb stats "$1"
    [[ "$output" == *"white to move: "*", legal $wtm"* ]]
    [[ "$output" == *"black to move: "*", legal $btm"* ]]
    [ "$("$KS" tb dump "$1" | wc -l)" -eq $((wtm + btm)) ]
}

@test "tb stats and dump: legal positions of KNK and KPK match a brute-force count" {
    legal_counts_agree knk n
    legal_counts_agree kpk p
}

@test "tb dump: every line of the 3-man tables has the design format" {
    for t in kqk krk kbk knk kpk; do
        bad=$("$KS" tb dump $t | grep -cvE '^[1-8KQRBNPkqrbnp/]+ [wb] - - 0 1 ; (1-0|0-1|1/2-1/2) ; dtm [0-9]+ ; dtz [0-9]+$' || true)
        [ "$bad" -eq 0 ]
    done
}

@test "tb dump: the published longest positions are in the dumps" {
    "$KS" tb dump kqk | grep -qxF '8/8/8/5k2/8/8/1Q6/K7 w - - 0 1 ; 1-0 ; dtm 19 ; dtz 19'
    "$KS" tb dump krk | grep -qxF '8/8/8/8/8/2k5/1R6/K7 w - - 0 1 ; 1-0 ; dtm 31 ; dtz 31'
    "$KS" tb dump kpk | grep -qE '^8/8/8/1k6/8/8/K5P1/8 w - - 0 1 ; 1-0 ; dtm 55 ; dtz [0-9]+$'
    "$KS" tb dump kpk | grep -qE '^8/8/8/k7/8/K7/6P1/8 b - - 0 1 ; 1-0 ; dtm 56 ; dtz [0-9]+$'
}

@test "tb dump of the 4-man tables: format, draws have dtm 0, probe agrees" {
    for t in kbbk kbnk knnk kqkr krkb krkn; do
        lines=$("$KS" tb dump $t | head -n 20000 | tail -n 5000)
        bad=$(printf '%s\n' "$lines" | grep -cvE '^[1-8KQRBNPkqrbnp/]+ [wb] - - 0 1 ; (1-0|0-1|1/2-1/2) ; dtm [0-9]+ ; dtz [0-9]+$' || true)
        [ "$bad" -eq 0 ]
        [ "$(printf '%s\n' "$lines" | grep -c '1/2-1/2 ; dtm [1-9]')" -eq 0 ]
        line=$(printf '%s\n' "$lines" | sed -n 1234p)
        [ "$("$KS" tb probe ${line%% ;*} | head -n 1)" = "$line" ]
    done
}

@test "tb probe: the longest KQK win has one line per legal move, the best one step shorter" {
    fen="8/8/8/5k2/8/8/1Q6/K7 w - - 0 1"
    run "$KS" tb probe $fen
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "$fen ; 1-0 ; dtm 19 ; dtz 19" ]
    moves=$("$KS" perft 1 $fen | grep -c '^[a-h][1-8][a-h][1-8]')
    [ "${#lines[@]}" -eq $((moves + 1)) ]
    best=$(printf '%s\n' "${lines[@]:1}" | awk -F' ; ' '$2 == "1-0" { sub(/dtm /, "", $3); if (min == "" || $3 < min) min = $3 } END { print min }')
    [ "$best" -eq 18 ]
}

@test "tb probe: textbook mates in every table" {
    for fen in "k7/2K5/8/8/8/8/8/R6b b - - 0 1" "k7/2K5/8/8/8/8/8/R6n b - - 0 1" \
               "k7/1Q6/1K6/8/8/8/8/7r b - - 0 1" "7k/4N3/6K1/4B3/8/8/8/8 b - - 0 1" \
               "7k/8/6K1/4B3/8/8/B7/8 b - - 0 1" "k7/2N5/NK6/8/8/8/8/8 b - - 0 1" \
               "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1" "k7/2K5/8/8/8/8/8/R7 b - - 0 1"; do
        run "$KS" tb probe $fen
        [ "$status" -eq 0 ]
        [ "${lines[0]}" = "$fen ; 1-0 ; dtm 0 ; dtz 0" ]
        [ "${#lines[@]}" -eq 1 ]
    done
}

@test "tb probe: mate in one, stalemate, colours reversed, captures into smaller tables" {
    run "$KS" tb probe k7/7Q/1K6/8/8/8/8/7r w - - 0 1
    [ "${lines[0]}" = "k7/7Q/1K6/8/8/8/8/7r w - - 0 1 ; 1-0 ; dtm 1 ; dtz 1" ]
    printf '%s\n' "${lines[@]}" | grep -qxF 'h7b7 ; 1-0 ; dtm 0 ; dtz 0'
    run "$KS" tb probe 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1
    [ "${lines[0]}" = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1 ; 1/2-1/2 ; dtm 0 ; dtz 0" ]
    run "$KS" tb probe 8/8/8/8/8/1k6/8/K2q4 w - - 0 1
    [ "${lines[0]}" = "8/8/8/8/8/1k6/8/K2q4 w - - 0 1 ; 0-1 ; dtm 0 ; dtz 0" ]
    run "$KS" tb probe 8/8/8/3k4/3r4/8/3Q4/3K4 b - - 0 1
    [ "$status" -eq 0 ]
    printf '%s\n' "${lines[@]}" | grep -qxF 'd4d2 ; 1/2-1/2 ; dtm 0 ; dtz 0'
}

@test "tb: bad names and uncovered positions fail with a message" {
    run "$KS" tb stats krkq
    [ "$status" -eq 1 ]
    [[ "$output" == *"KQKR"* ]]
    run "$KS" tb dump kqrkr
    [ "$status" -eq 1 ]
    run "$KS" tb probe rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
    [ "$status" -eq 1 ]
    [[ "$output" == *"no table"* ]]
    run "$KS" tb probe 4k3/8/8/8/8/8/8/R3K3 w Q - 0 1
    [ "$status" -eq 1 ]
    [[ "$output" == *"castling rights"* ]]
    run "$KS" tb probe not a fen
    [ "$status" -eq 1 ]
    [ "$status" -lt 128 ]
}

# Noticed in a new-user trial: the FEN's halfmove clock was dropped without
# a word. The lines stay the dump's (clock 0); stderr says so.
@test "tb probe names the halfmove clock it does not apply" {
    zero=$("$KS" tb probe 8/8/4k3/8/8/4K3/4P3/8 w - - 0 1 2>/dev/null)
    run "$KS" tb probe 8/8/4k3/8/8/4K3/4P3/8 w - - 7 40
    [ "$status" -eq 0 ]
    [[ "$output" == *"halfmove clock of 0, not the FEN's 7"* ]]
    [ "$("$KS" tb probe 8/8/4k3/8/8/4K3/4P3/8 w - - 7 40 2>/dev/null)" = "$zero" ]
}

@test "tb stats kpkp: pawns on both sides, longest DTZ 21 plies as Syzygy's KPvKP" {
    run "$KS" tb stats kpkp
    [ "$status" -eq 0 ]
    [[ "$output" == *"white to move: longest dtz win 21 plies"* ]]
    [[ "$output" == *"build time: "*" ms"* ]]
}

@test "tb probe with an e.p. square: the better of the stored value and the capture" {
    # White's c2-c4 lands beside the b4 pawn; Black may take e.p. on c3.
    run "$KS" tb probe 8/8/8/8/1pP5/8/8/k1K5 b - c3 0 1
    [ "$status" -eq 0 ]
    printf '%s\n' "${lines[@]}" | grep -q '^b4c3 ; '
    without=$("$KS" tb probe 8/8/8/8/1pP5/8/8/k1K5 b - - 0 1 | head -n 1)
    [ "${lines[0]%% ;*}" = "8/8/8/8/1pP5/8/8/k1K5 b - c3 0 1" ]
    [ "${without%% ;*}" = "8/8/8/8/1pP5/8/8/k1K5 b - - 0 1" ]
}
