#!/usr/bin/env bats
# Chess960 through UCI (the protocol's UCI_Chess960: castling written
# king-takes-rook), X-FEN and Shredder-FEN in, and the protocol's rule on
# unknown words: skip them and parse the rest of the line.

load helper

ON='setoption name UCI_Chess960 value true'
# Black's king is boxed in on f8: only castling (the king stays on g1, the
# rook goes to f1) mates at once.
MATE_BY_CASTLING='4rkr1/4p1p1/8/8/8/8/8/6KR w H - 0 1'

teardown() { ks_cleanup; }

# legal960 "FEN": the legal moves there in Chess960 mode, one a line.
legal960() {
    printf '%s\n' "$ON" "position fen $1" 'go perft 1' | timeout "$HANG" "$KS" |
        sed -nE 's/^([a-h][1-8][a-h][1-8][qrbn]?): 1$/\1/p'
}

@test "uci declares UCI_Chess960 as a check option, default false" {
    uci_session uci
    grep -qx 'option name UCI_Chess960 type check default false' <<<"$output"
}

@test "Chess960 castling is listed king-takes-rook, standard castling as the king's move" {
    run legal960 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'
    grep -qx e1h1 <<<"$output"
    grep -qx e1a1 <<<"$output"
    [ "$(grep -cx e1g1 <<<"$output")" -eq 0 ]
    run legal_moves 'position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'
    grep -qx e1g1 <<<"$output"
    grep -qx e1c1 <<<"$output"
    [ "$(grep -cx e1h1 <<<"$output")" -eq 0 ]
}

@test "a standard game accepts castling written king-takes-rook" {
    uci_session 'position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1' d
    grep -qx 'Fen: r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4' <<<"$output"
    uci_session 'position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1' d
    grep -qx 'Fen: r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4' <<<"$output"
}

@test "Chess960: X-FEN and Shredder-FEN in, d writes Shredder-FEN" {
    for fen in 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9' \
        'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9'; do
        uci_session "$ON" "position fen $fen" d
        grep -qx 'Fen: bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9' <<<"$output"
    done
    # The same setup in standard chess has no castling rights, and says so.
    uci_session 'position fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9' d
    grep -q '^info string castling rights HFhf dropped' <<<"$output"
    grep -qx 'Fen: bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w - - 2 9' <<<"$output"
}

@test "Chess960: castling moves played in, the rights go, the Key matches a FEN of the result" {
    uci_session "$ON" "position fen 1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1 moves e1g1 b8a8" d
    grep -qx 'Fen: r3k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 w g - 2 2' <<<"$output"
    key=$(sed -n 's/^Key: //p' <<<"$output")
    uci_session "$ON" 'position fen r3k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 w g - 2 2' d
    [ "$(sed -n 's/^Key: //p' <<<"$output")" = "$key" ]
    # e1g1 is no castling in Chess960: here it is a king move only when
    # legal as one, and not at all with the rook on g1.
    uci_session "$ON" 'position fen 1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1 moves e1f1' d
    grep -qx 'Fen: 1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 b gb - 1 1' <<<"$output"
}

@test "Chess960: the engine finds mate by castling and writes it king-takes-rook" {
    ks_start
    ks_send "$ON" "position fen $MATE_BY_CASTLING" 'go depth 5'
    ks_wait '^bestmove '
    [ "$(ks_lines '^bestmove ' | awk '{ print $2 }')" = g1h1 ]
    ks_lines '^info .* score mate 1 ' | grep -q 'pv g1h1'
    ks_send quit
    ks_end
}

@test "Chess960: bestmove, ponder move and pv play legally from a 960 setup" {
    fen='qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9'
    ks_start
    ks_send "$ON" "position fen $fen" 'go nodes 20000'
    ks_wait '^bestmove '
    bm=$(ks_lines '^bestmove ' | awk '{ print $2, ($3 == "ponder" ? $4 : "") }')
    pv=$(pv_of "$(ks_lines '^info .* pv ' | tail -n 1)")
    ks_send quit
    ks_end
    for line in "$bm" "$pv"; do
        out=$(printf '%s\n' "$ON" "position fen $fen moves $line" | timeout "$HANG" "$KS")
        [ -z "$out" ] || { echo "$line: $out"; return 1; }
    done
}

@test "unknown leading words are skipped before isready, debug, setoption, position, go" {
    uci_session 'joho debug on' 'foo isready' "xx $ON" 'blah blah position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1' \
        'zz go perft 1' 'what isready'
    [ "$(grep -c '^readyok$' <<<"$output")" -eq 2 ]
    grep -qx 'e1h1: 1' <<<"$output"
    grep -qx 'Nodes searched: 26' <<<"$output"
    [ "$(grep -c '^info string' <<<"$output")" -eq 0 ]
}

@test "unknown words after position and before startpos or fen are skipped too" {
    uci_session 'position joho startpos moves e2e4' d
    grep -qx 'Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1' <<<"$output"
}
