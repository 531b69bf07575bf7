#!/usr/bin/env bats
# tools/pgn2viri: the PGNs of an OpenBench DATAGEN workload (cutechess-cli /
# fastchess move comments) to viriformat, read back with tools/viri. The
# PGNs in tests/data/pgn/ are written by hand; the expected moves are the
# games' published moves in UCI (the Opera game's list is the one of
# /work/shared/data/viriformat/README.md), the expected scores follow from
# the comments by the rules of the tool's header (pawns -> centipawns,
# mover's view -> White's, +M<p> -> 32000 - p).

load helper

TOOLS=${KS_TOOLS:-$BATS_TEST_DIRNAME/../../build/native/tools}
PGN=$BATS_TEST_DIRNAME/../data/pgn

setup() { DIR=$(mktemp -d "${BATS_TEST_TMPDIR:-/tmp}/p2v.XXXXXX"); }
teardown() { rm -rf "$DIR"; }

# plies FILE: the "MOVE SCORE" of every ply line of `viri dump FILE`.
plies() {
    "$TOOLS/viri" dump "$1" | grep -v '^game' | awk -F' ; ' '{ print $2 " " $3 }'
}

@test "pgn2viri: the Opera game, every move scored, replays to its moves and White-relative scores" {
    run "$TOOLS/pgn2viri" "$DIR/o.viri" "$PGN/opera.pgn"
    [ "$status" -eq 0 ]
    [ "$output" = "pgn2viri: 1 games written (33 plies), 0 skipped" ]
    run "$TOOLS/viri" stats "$DIR/o.viri"
    [[ "$output" =~ "games 1  positions 33  (white wins 1, draws 0, black wins 0)" ]]
    run "$TOOLS/viri" dump "$DIR/o.viri"
    [ "${lines[0]}" = "game 1 result 2 plies 33" ]
    [[ "${lines[1]}" == "$START_FEN ; e2e4 ; 1" ]]
    # Ply n's comment scores +0.01*n pawns for the mover: n cp for White's
    # moves (odd n), -n for Black's.
    moves="e2e4 e7e5 g1f3 d7d6 d2d4 c8g4 d4e5 g4f3 d1f3 d6e5 f1c4 g8f6 f3b3 d8e7 b1c3 c7c6 c1g5 b7b5
           c3b5 c6b5 c4b5 b8d7 e1c1 a8d8 d1d7 d8d7 h1d1 e7e6 b5d7 f6d7 b3b8 d7b8 d1d8"
    n=0
    for m in $moves; do
        n=$((n + 1))
        echo "$m $((n % 2 ? n : -n))"
    done > "$DIR/want"
    diff "$DIR/want" <(plies "$DIR/o.viri")
}

@test "pgn2viri: from a FEN, the book moves only advance the start; en passant, =N, mate scores" {
    run "$TOOLS/pgn2viri" "$DIR/s.viri" "$PGN/setup.pgn"
    [ "$status" -eq 0 ]
    # 30. Kf1 Kf7 are book moves; 34. Qh4+ Kg8 carry no score, so the game
    # recorded is 31. e4 ... 33... Kh7.
    [ "$output" = "pgn2viri: 1 games written (6 plies), 0 skipped" ]
    run "$TOOLS/viri" dump "$DIR/s.viri"
    [ "${lines[0]}" = "game 1 result 2 plies 6" ]
    [[ "${lines[1]}" == "8/1P3k2/8/8/3p4/3Q4/4P3/5K2 w - - 2 31 ; "* ]]
    # +9.50 (White) 950; -9.80 (Black) 980; +M9 (White) 32000-9; -M8
    # (Black mated in 8 plies) 32000-8; +M7 (White); -M6 (Black).
    diff <(printf '%s\n' "e2e4 950" "d4e3 980" "b7b8n 31991" "f7g7 31992" "d3d4 31993" "g7h7 31994") \
         <(plies "$DIR/s.viri")
    run "$TOOLS/pgn2viri" --min-plies 7 "$DIR/m.viri" "$PGN/setup.pgn"
    [ "$output" = "pgn2viri: 0 games written (0 plies), 1 skipped" ]
}

@test "pgn2viri: a Chess960 game castles king-takes-rook both ways" {
    run "$TOOLS/pgn2viri" "$DIR/c.viri" "$PGN/chess960.pgn"
    [ "$status" -eq 0 ]
    [ "$output" = "pgn2viri: 1 games written (5 plies), 0 skipped" ]
    run "$TOOLS/viri" dump "$DIR/c.viri"
    [ "${lines[0]}" = "game 1 result 1 plies 5" ]
    [[ "${lines[1]}" == "bqnrkrnb/pppppppp/8/8/8/8/PPPPPPPP/BQNRKRNB w FDfd - 0 1 ; "* ]]
    # O-O: the king e1 to g1 with the rook on f1 (UCI_Chess960: e1f1);
    # 0-0-0: the king e8 to c8 with the rook on d8 (e8d8).
    diff <(printf '%s\n' "g1f3 20" "c8d6 18" "e1f1 22" "e8d8 25" "d2d4 30") <(plies "$DIR/c.viri")
    [[ "${lines[5]}" == "bqkr1rnb/pppppppp/3n4/8/8/5N2/PPPPPPPP/BQNR1RKB w - - 4 3 ; d2d4 ; 30" ]]
}

@test "pgn2viri: an illegal move skips its game with a note; the games around it are written" {
    run "$TOOLS/pgn2viri" "$DIR/d.viri" "$PGN/damaged.pgn"
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "pgn2viri: $PGN/damaged.pgn: game 2: illegal or unreadable move 'Ke3', game skipped" ]
    [ "${lines[1]}" = "pgn2viri: 2 games written (7 plies), 1 skipped" ]
    run "$TOOLS/viri" stats "$DIR/d.viri"
    [[ "$output" =~ "games 2  positions 7  (white wins 1, draws 0, black wins 1)" ]]
    run "$TOOLS/viri" dump "$DIR/d.viri"
    [ "${lines[0]}" = "game 1 result 0 plies 4" ]
    [ "${lines[5]}" = "game 2 result 2 plies 3" ]
    # Fool's mate (Black's +M1 is White's -31999), then 1.e8Q (no '=').
    diff <(printf '%s\n' "f2f3 -50" "e7e5 -60" "g2g4 -200" "d8h4 -31999" "e7e8q 1500" "g7f6 1520" "e8e4 1510") \
         <(plies "$DIR/d.viri")
}

@test "pgn2viri: unfinished and unscored games are skipped; files append; a missing file exits 1" {
    cat > "$DIR/x.pgn" <<'EOF'
[Result "*"]

1. e4 {+0.20/10 0.1s} e5 {-0.20/10 0.1s} *

[Result "1/2-1/2"]

1. e4 {book} e5 {book} 1/2-1/2

[Result "1-0"]

1. d4 {+0.10/9 0s} 1-0
EOF
    run "$TOOLS/pgn2viri" "$DIR/x.viri" "$DIR/x.pgn" "$DIR/none.pgn" "$PGN/opera.pgn"
    [ "$status" -eq 1 ]
    [[ "$output" =~ "cannot open $DIR/none.pgn" ]]
    [[ "$output" =~ "pgn2viri: 2 games written (34 plies), 2 skipped" ]]
    run "$TOOLS/viri" stats "$DIR/x.viri"
    [[ "$output" =~ "games 2  positions 34 " ]]
    run "$TOOLS/pgn2viri" "$DIR/x.viri" "$PGN/chess960.pgn"
    [ "$status" -eq 0 ]
    run "$TOOLS/viri" stats "$DIR/x.viri"
    [[ "$output" =~ "games 3  positions 39 " ]]
}

@test "pgn2viri: a damaged move is quoted with its odd bytes as \\xNN, never raw" {
    printf '[Event "x"]\n[Result "1-0"]\n\n1. e4 {+0.30/10 0.1s} e5\001\033\377 {+0.10/10 0.1s} 1-0\n' > "$DIR/bad.pgn"
    run "$TOOLS/pgn2viri" "$DIR/o.viri" "$DIR/bad.pgn"
    [[ "$output" == *"illegal or unreadable move 'e5\\x01\\x1b\\xff', game skipped"* ]]
    ! LC_ALL=C grep -q '[^[:print:]]' <<<"$output" || false
}
