#!/usr/bin/env bats
# Play and scores from the tables under the fifty-move rule (README
# "Tablebases"): a win counts only if its DTZ fits in the halfmove clock
# (Syzygy's DTZ50 reading, which GUIs and match runners judge by).
load helper

teardown() { ks_cleanup; }

# tb_go "setoption ..." ... "position ..." "go ...": a fresh engine runs the
# go to its end and $output holds its info and bestmove lines. (The tables
# build first; end of input, like quit, would stop that.)
tb_go() {
    ks_start
    ks_send "$@"
    ks_wait '^bestmove '
    ks_sync
    output=$(cat "$KS_OUT")
    ks_send quit
    ks_end
    [ "$status" -eq 0 ]
}

last_info() { printf '%s\n' "$output" | grep '^info depth' | tail -n 1; }

@test "clock 99: only Kxc2 still wins (Qb6+ lets the fifty-move rule end the game)" {
    tb_go "position fen 8/8/4Q3/8/1k6/3K4/2r5/8 w - - 99 120" "go depth 1"
    [[ "$output" == *"bestmove d3c2"* ]]
    [[ "$(last_info)" == *" score mate "* ]]
    # The same root with the clock at 0: the fastest mate is not the capture.
    tb_go "position fen 8/8/4Q3/8/1k6/3K4/2r5/8 w - - 0 120" "go depth 1"
    [[ "$output" != *"bestmove d3c2"* ]]
}

@test "clock 97: the lost KQKR side draws by the clock, score cp 0" {
    tb_go "position fen 3k4/8/8/8/8/8/6r1/KQ6 b - - 97 80" "go depth 1"
    [[ "$(last_info)" == *" score cp 0 "* ]]
    move=$(printf '%s\n' "$output" | sed -n 's/^bestmove \([a-h1-8]*\).*/\1/p')
    # The move keeps the draw: White, to move at clock 98, scores 0 too.
    tb_go "position fen 3k4/8/8/8/8/8/6r1/KQ6 b - - 97 80 moves $move" "go depth 1"
    [[ "$(last_info)" == *" score cp 0 "* ]]
}

@test "Syzygy50MoveRule false scores the same position as a loss" {
    tb_go "setoption name Syzygy50MoveRule value false" "position fen 3k4/8/8/8/8/8/6r1/KQ6 b - - 97 80" "go depth 1"
    [[ "$(last_info)" == *" score mate -"* ]]
    uci_session "uci"
    [[ "$output" == *"option name Syzygy50MoveRule type check default true"* ]]
}

@test "searchmoves and MultiPV at a covered root" {
    tb_go "position fen 8/8/4Q3/8/1k6/3K4/2r5/8 w - - 99 120" "go depth 3 searchmoves d3c2 d3e3"
    [[ "$output" == *"bestmove d3c2"* ]]
    tb_go "position fen 8/8/4Q3/8/1k6/3K4/2r5/8 w - - 99 120" "go depth 3 searchmoves e6b6 d3e3"
    [[ "$output" == *"bestmove e6b6"* || "$output" == *"bestmove d3e3"* ]]
    [[ "$(last_info)" == *" score cp 0 "* ]]
    tb_go "setoption name MultiPV value 3" "position fen 8/8/4Q3/8/1k6/3K4/2r5/8 w - - 99 120" "go depth 1"
    [ "$(printf '%s\n' "$output" | grep -c '^info depth 1 .* multipv [123] ')" -eq 3 ]
    printf '%s\n' "$output" | grep -q '^info depth 1 .* multipv 1 score mate .* pv d3c2'
    printf '%s\n' "$output" | grep -q '^info depth 1 .* multipv 2 score cp 0 '
}

# Positions of our own where the clock turns a DTM-optimal quiet move into
# a draw and only a zeroing move still wins.
@test "clock 99: the capture Kxd2 instead of the fastest mate (KQKR)" {
    tb_go "position fen 8/8/5Q2/8/2k5/4K3/3r4/8 w - - 99 120" "go depth 1"
    [[ "$output" == *"bestmove e3d2"* ]]
    [[ "$(last_info)" != *" score cp 0 "* ]]
    tb_go "position fen 8/8/5Q2/8/2k5/4K3/3r4/8 w - - 0 120" "go depth 1"
    [[ "$output" != *"bestmove e3d2"* ]]
}

@test "clock 99: the pawn move e3 instead of a king move (KPK)" {
    tb_go "position fen 8/8/3k4/8/3K4/8/4P3/8 w - - 99 120" "go depth 1"
    [[ "$output" == *"bestmove e2e3"* ]]
    [[ "$(last_info)" != *" score cp 0 "* ]]
}

@test "KQK at clock 90: the win does not fit in the clock, a draw" {
    # The longest KQK mate is 19 plies with no zeroing move on the way.
    tb_go "position fen 8/8/8/5k2/8/8/1Q6/K7 w - - 90 120" "go depth 1"
    [[ "$(last_info)" == *" score cp 0 "* ]]
    tb_go "position fen 8/8/8/5k2/8/8/1Q6/K7 w - - 81 120" "go depth 1"
    [[ "$(last_info)" == *" score mate 10 "* ]]
}
