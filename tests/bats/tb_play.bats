#!/usr/bin/env bats
# Play uses every in-memory table of up to four men (README,
# "Tablebases"): textbook endings with a pawn, through UCI, each scored in
# its class and answered with a move that keeps it. The classes come from
# the Syzygy files in tests/data/syzygy (the public generator's tables,
# read by `tb probe --syzygy-only`), not from the tables under test.
load helper

SZ=$BATS_TEST_DIRNAME/../data/syzygy

teardown() { ks_cleanup; }

# Syzygy's WDL of a FEN (-2..2, side to move's view).
syzygy_wdl() {
    "$KS" tb probe --syzygy-only "$SZ" "$1" | head -n 1 | sed -nE 's/.* ; syzygy wdl (-?[0-9]) ; .*/\1/p'
}

# win, draw or loss from a UCI score ("mate N" / "cp N"; the tables' wins
# that are not mates sit in a band far above any evaluation).
score_class() {
    case $1 in
    "mate -"*) echo loss ;;
    "mate "*) echo win ;;
    "cp 0") echo draw ;;
    cp\ -*) [ "${1#cp -}" -ge 10000 ] && echo loss || echo eval ;;
    cp\ *) [ "${1#cp }" -ge 10000 ] && echo win || echo eval ;;
    esac
}

wdl_class() {
    case $1 in
    2) echo win ;;
    -2) echo loss ;;
    *) echo draw ;; # 0, or a cursed result (none in these positions)
    esac
}

# Each FEN in one engine (the tables are built once): `go depth 1` first
# lets the builds finish whatever the machine's load, then `go movetime
# 500` is the move under test. Checks its score class against Syzygy's
# verdict, and that Syzygy gives the position after the move the opposite
# class (the move keeps the result). EXPECT lists the class Syzygy must
# give each FEN, to catch a wrong test position.
play_and_check() {
    local -n fens=$1 expect=$2
    local i fen cls want score move after n=0
    ks_start
    for i in "${!fens[@]}"; do
        fen=${fens[i]}
        want=$(wdl_class "$(syzygy_wdl "$fen")")
        [ "$want" = "${expect[i]}" ] || { echo "$fen: Syzygy says $want, the test expects ${expect[i]}"; return 1; }
        ks_send "position fen $fen" 'go depth 1'
        ks_wait '^bestmove ' $((++n))
        ks_send 'go movetime 500'
        ks_wait '^bestmove ' $((++n))
        score=$(ks_lines '^info ' | tail -n 1 | sed -nE 's/.* score ((cp|mate) -?[0-9]+).*/\1/p')
        move=$(ks_lines '^bestmove ' | tail -n 1 | awk '{ print $2 }')
        cls=$(score_class "$score")
        echo "$fen: Syzygy $want; played $move, score $score ($cls)"
        [ "$cls" = "$want" ] || return 1
        ks_send "position fen $fen moves $move" d
        ks_wait '^Fen: ' $((i + 1))
        after=$(ks_lines '^Fen: ' | tail -n 1 | sed 's/^Fen: //')
        case $want in
        win) [ "$(syzygy_wdl "$after")" = -2 ] ;;
        loss) [ "$(syzygy_wdl "$after")" = 2 ] ;;
        draw) [ "$(syzygy_wdl "$after")" = 0 ] ;;
        esac || { echo "after $move: Syzygy wdl $(syzygy_wdl "$after")"; return 1; }
    done
    ks_send quit
    ks_end
}

@test "the queen against a pawn on the seventh: c- and a-pawn draw, centre pawn wins" {
    fens=('8/8/8/8/8/Q7/2pk4/7K w - - 0 1' '7K/8/8/8/3Q4/8/p7/1k6 w - - 0 1' '8/8/8/8/8/Q7/3pk3/7K w - - 0 1')
    expect=(draw draw win)
    play_and_check fens expect
}

@test "rook against pawn: a race won and a race drawn" {
    fens=('8/6K1/8/8/2kp4/8/8/7R w - - 0 1' '8/8/8/8/1k6/8/1p6/2R3K1 w - - 0 1')
    expect=(win draw)
    play_and_check fens expect
}

@test "KPKP: the en-passant capture saves the draw, and is played" {
    fens=('k7/8/8/1Pp5/8/8/8/7K w - c6 0 1')
    expect=(draw)
    play_and_check fens expect
    # Without the e.p. right the same men lose: the capture is what draws.
    [ "$(syzygy_wdl 'k7/8/8/1Pp5/8/8/8/7K w - - 0 1')" = -2 ]
    ks_lines '^bestmove ' | tail -n 1 | grep -q '^bestmove b5c6'
}

@test "bishop and knight against a pawn: where the piece stops it (draw) and where it cannot (loss)" {
    fens=('8/8/8/1k6/8/8/2p5/4B1K1 w - - 0 1' '8/8/8/8/8/1k6/p7/2B3K1 w - - 0 1'
          '8/8/8/8/8/8/p1k5/2N3K1 w - - 0 1' '8/8/8/8/1k6/8/p7/4N1K1 w - - 0 1')
    expect=(draw loss draw loss)
    play_and_check fens expect
}

# A root the in-memory tables cover is answered with the tables' whole line
# to mate (a GUI or a mate checker replays it): for `score mate N` the pv
# has 2N - 1 plies (2|N| when the side to move is mated), plays legally and
# ends in a position where the side to move is in check and has no legal
# move (checked by the move generator). Syzygy gives the verdict's sign.
@test "a root in the tables prints the whole line to mate" {
    local fens=("1B1K4/8/8/5B2/8/8/4k3/8 w - - 0 1" "8/8/8/4k3/8/8/8/KQ6 w - - 0 1"
        "8/8/3k4/8/8/8/3K4/R7 b - - 0 1" "8/8/8/3k4/8/8/8/R3K3 w - - 0 1")
    local fen last score n pv plies end
    for fen in "${fens[@]}"; do
        out=$( (printf '%s\n' "position fen $fen" 'go nodes 1000000'; sleep 4) | timeout "$HANG" "$KS")
        last=$(grep '^info .* pv ' <<<"$out" | tail -n 1)
        score=$(sed -nE 's/.* score mate (-?[0-9]+) .*/\1/p' <<<"$last")
        pv=$(pv_of "$last")
        plies=$(wc -w <<<"$pv")
        echo "$fen: mate $score, $plies plies: $pv"
        [ -n "$score" ]
        if [ "$score" -gt 0 ]; then
            [ "$(syzygy_wdl "$fen")" = 2 ] && [ "$plies" -eq $((2 * score - 1)) ]
        else
            [ "$(syzygy_wdl "$fen")" = -2 ] && [ "$plies" -eq $((-2 * score)) ]
        fi
        line_is_legal "position fen $fen" "$pv"
        end="position fen $fen moves $pv"
        [ -z "$(legal_moves "$end")" ]
        printf '%s\n' "$end" d | timeout "$HANG" "$KS" | grep -qE '^Checkers: [a-h][1-8]'
    done
}
