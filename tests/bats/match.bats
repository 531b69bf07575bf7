#!/usr/bin/env bats
# tools/match.py, the match wrapper of the README. The PGNs in
# tests/data/match/ are written by hand (two chunks: Keysquare wins the
# Scholar's and the Fool's mate, draws by repetition, loses on time, and one
# game is unfinished); the expected Elo is the logistic formula
# -400 log10(1/p - 1) of the score p.

MATCH=$BATS_TEST_DIRNAME/../../tools/match.py
PGN=$BATS_TEST_DIRNAME/../data/match

setup() {
    command -v python3 >/dev/null || skip "python3 is not installed"
    DIR=$(mktemp -d "${BATS_TEST_TMPDIR:-/tmp}/match.XXXXXX")
}
teardown() { [ -z "${DIR:-}" ] || rm -rf "$DIR"; }

@test "match.py --summary adds up chunks, skips unfinished games and names a time forfeit" {
    run python3 "$MATCH" --summary "$PGN/chunk1.pgn" "$PGN/chunk2.pgn"
    # 2.5 of 4: p = 0.625, -400 log10(0.6) = +88.7
    [[ "${lines[0]}" == "Keysquare: 4 games  +2 =1 -1  score 62.5 %  Elo +88.7 +- "* ]]
    [ "${lines[1]}" = "problems of Keysquare: time forfeit 1, illegal move 0, crash/disconnect 0, stalled 0" ]
    [ "$status" -eq 1 ] # a forfeit fails the match
}

@test "match.py --summary counts from the other engine's side with --name" {
    run python3 "$MATCH" --name ethereal --summary "$PGN/chunk1.pgn" "$PGN/chunk2.pgn"
    [[ "${lines[0]}" == "ethereal: 4 games  +1 =1 -2  score 37.5 %  Elo -88.7 +- "* ]]
    [ "$status" -eq 0 ] # the forfeit was Keysquare's, not ethereal's
}

@test "match.py: a clean sweep has an infinite Elo difference, not a clipped number" {
    run python3 "$MATCH" --summary "$PGN/chunk1.pgn"
    [ "${lines[0]}" = "Keysquare: 2 games  +2 =0 -0  score 100.0 %  Elo +inf" ]
    [ "$status" -eq 0 ]
}

@test "match.py --summary: each engine's share of its clock (base + increments) used by a game's end" {
    # clock.pgn, by hand at 10+0.1: game 1 Keysquare 3.5 s of 10.4 (4 moves),
    # ethereal 5.2 of 10.3 (3); game 2 starts with Black, Keysquare 2.0 of
    # 10.2, ethereal 0.3 of 10.2 (its book move has no time); game 3 has no
    # TimeControl tag and is left out. Means: Keysquare (0.33654 + 0.19608)
    # / 2 = 26.6 %, ethereal (0.50485 + 0.02941) / 2 = 26.7 %.
    run python3 "$MATCH" --summary "$PGN/clock.pgn"
    [[ "${lines[0]}" == "Keysquare: 3 games  +1 =1 -1  score 50.0 %  Elo +0.0 +- "* ]]
    [ "${lines[2]}" = "clock use by each game's end (share of base + increments): Keysquare 26.6 % (2 games), ethereal 26.7 % (2 games)" ]
}

@test "match.py --summary prints no clock line for games without move times" {
    run python3 "$MATCH" --summary "$PGN/chunk1.pgn" "$PGN/chunk2.pgn"
    [ "${#lines[@]}" -eq 2 ]
}

@test "match.py refuses a PGN that exists, since runners append and the report reads it whole" {
    cp "$PGN/chunk1.pgn" "$DIR/old.pgn"
    run python3 "$MATCH" --runner /bin/true --engine /bin/true --engine2 /bin/true --games 2 \
        --nodes 1000 --pgn "$DIR/old.pgn"
    [ "$status" -ne 0 ]
    [[ "$output" == *"old.pgn exists"* ]]
    cmp "$PGN/chunk1.pgn" "$DIR/old.pgn"
}

# Found by a new-user trial: --games 3 played 2 games without a word.
@test "match.py refuses an odd number of games: each opening is played with both colours" {
    for g in 3 1 0; do
        run python3 "$MATCH" --runner /bin/true --engine /bin/true --engine2 /bin/true --games $g \
            --nodes 1000 --pgn "$DIR/odd.pgn"
        [ "$status" -ne 0 ]
        [[ "$output" == *"--games must be even"* ]]
        [ ! -e "$DIR/odd.pgn" ]
    done
}
