#!/usr/bin/env bats
# genfens, as OpenBench's DATAGEN workload calls it: one argument per
# command, N lines "info string genfens FEN", then exit.

load helper

GENFENS_LINE='^info string genfens [1-8pnbrqkPNBRQK/]+ [wb] [KQkqA-Ha-h-]+ ([a-h][36]|-) [0-9]+ [0-9]+$'

@test "genfens N seed S book None: N FENs that the engine reads, the same for the same seed" {
    run timeout "$HANG" "$KS" "genfens 12 seed 5 book None" "quit"
    [ "$status" -eq 0 ]
    [ "${#lines[@]}" -eq 12 ]
    for l in "${lines[@]}"; do [[ "$l" =~ $GENFENS_LINE ]]; done
    first=("${lines[@]}")
    run timeout "$HANG" "$KS" "genfens 12 seed 5 book None" "quit"
    [ "${lines[*]}" = "${first[*]}" ]
    run timeout "$HANG" "$KS" "genfens 12 seed 6 book None" "quit"
    [ "${lines[*]}" != "${first[*]}" ]
    # Every FEN is a position with legal moves: perft 1 counts them.
    for l in "${first[@]}"; do
        fen=${l#info string genfens }
        run timeout "$HANG" "$KS" perft 1 $fen
        [ "$status" -eq 0 ]
        [[ "${lines[-1]}" =~ ^Nodes\ searched:\ [1-9][0-9]*$ ]]
    done
}

@test "genfens with a book starts from its positions; private engines set EvalFile first" {
    dir=$(mktemp -d "${BATS_TEST_TMPDIR:-/tmp}/gf.XXXXXX")
    # One book position without queens (balanced, so the check search
    # keeps the first tries): two or three random plies cannot bring one
    # back.
    echo 'rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1 ; id "no queens"' > "$dir/book.epd"
    run timeout "$HANG" "$KS" "setoption name Use NNUE value false" "genfens 6 seed 1 book $dir/book.epd" "quit"
    [ "$status" -eq 0 ]
    [ "${#lines[@]}" -eq 6 ]
    for l in "${lines[@]}"; do
        [[ "$l" =~ $GENFENS_LINE ]]
        placement=${l#info string genfens }
        placement=${placement%% *}
        [[ "$placement" != *[Qq]* ]]
    done
    run timeout "$HANG" "$KS" "genfens 2 seed 1 book $dir/missing.epd" "quit"
    [ "$status" -eq 1 ]
    [[ "$output" =~ ^info\ string\ error:\ cannot\ open\ book ]]
    run timeout "$HANG" "$KS" "setoption name EvalFile value $dir/missing.nnue" "genfens 2 seed 1 book None" "quit"
    [ "$status" -eq 1 ]
    [[ "$output" =~ "EvalFile refused" ]]
    run timeout "$HANG" "$KS" "genfens many seed 1 book None" "quit"
    [ "$status" -eq 1 ]
    [[ "$output" =~ "usage" ]]
    rm -rf "$dir"
}

# ---- a book of EPD lines ----------------------------------------------------

# mode_of FEN: 960 when the castling field names a file (Shredder-FEN).
mode_of() {
    local castling
    castling=$(awk '{ print $3 }' <<<"$1")
    if [[ "$castling" =~ [A-Ha-h] ]]; then echo 960; else echo std; fi
}

# engine MODE: the engine on stdin, with UCI_Chess960 on in mode 960.
engine() {
    { [ "$1" = 960 ] && echo 'setoption name UCI_Chess960 value true'; cat; } | timeout "$HANG" "$KS"
}

# extend MODE: each "position ..." line of stdin once for every legal move
# there (by `go perft 1`), that move appended.
extend() {
    local cmds
    cmds=$(cat)
    while IFS= read -r c; do printf '%s\ngo perft 1\n' "$c"; done <<<"$cmds" | engine "$1" |
        awk -v cmds="$cmds" 'BEGIN { split(cmds, c, "\n"); i = 1 }
            /^[a-h][1-8][a-h][1-8][qrbn]?: 1$/ { print c[i] (c[i] ~ / moves / ? " " : " moves ") substr($1, 1, length($1) - 1) }
            /^Nodes searched/ { i++ }'
}

# fens_of MODE: the FEN (`d`) after each "position ..." line of stdin.
fens_of() {
    sed 's/$/\nd/' | engine "$1" | sed -n 's/^Fen: //p'
}

# near MAX FEN: the lines "FEN<TAB>command" of stdin whose placement differs
# from FEN's on at most MAX squares (one move changes 2 to 4).
near() {
    awk -F '\t' -v max="$1" -v fen="$2" '
        function squares(f,    p, out, i, ch) {
            split(f, p, " "); out = ""
            for (i = 1; i <= length(p[1]); i++) {
                ch = substr(p[1], i, 1)
                if (ch ~ /[1-8]/) out = out substr("........", 1, ch + 0)
                else if (ch != "/") out = out ch
            }
            return out
        }
        BEGIN { want = squares(fen) }
        { have = squares($1); d = 0
          for (i = 1; i <= 64; i++) d += substr(have, i, 1) != substr(want, i, 1)
          if (d <= max) print $2 }'
}

# The book: EPD lines with operations (their clocks, and the FEN of each
# written by hand from the EPD definition, in BOOK_FENS), a FEN line, and
# Chess960 lines in Shredder-FEN and X-FEN.
write_book() {
    cat >"$1" <<'BOOK'
# genfens test book
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - hmvc 0; fmvn 5;
r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - bm Ng5; id "two knights";
rnbqkb1r/pp1ppppp/5n2/2p5/2P5/2N5/PP1PPPPP/R1BQKBNR b KQkq - c0 "English; symmetrical"; hmvc 2; fmvn 3;
bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - hmvc 2; fmvn 9;
rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2
nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w KQkq - bm e4; c0 "960 start, X-FEN";
BOOK
}
BOOK_FENS=(
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 5'
    'r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 1'
    'rnbqkb1r/pp1ppppp/5n2/2p5/2P5/2N5/PP1PPPPP/R1BQKBNR b KQkq - 2 3'
    'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9'
    'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2'
    'nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w GBgb - 0 1'
)

@test "genfens with a book of EPD lines: every FEN legal, 2 or 3 random plies from a book position" {
    dir=$(mktemp -d "${BATS_TEST_TMPDIR:-/tmp}/gf.XXXXXX")
    write_book "$dir/book.epd"
    run timeout "$HANG" "$KS" "genfens 16 seed 7 book $dir/book.epd" "quit"
    [ "$status" -eq 0 ]
    [ "${#lines[@]}" -eq 16 ]
    outs=("${lines[@]}")
    # Each FEN checked in its own mode's sessions: legal (read back
    # unchanged, with a legal move), then found two plies from a book
    # position or one move beyond such a position whose board is one move
    # (at most 4 squares) away.
    found960=0
    for mode in std 960; do
        : >"$dir/out.$mode" && : >"$dir/base.$mode"
        for l in "${outs[@]}"; do
            [[ "$l" =~ $GENFENS_LINE ]] || { echo "not a genfens line: $l"; return 1; }
            fen=${l#info string genfens }
            [ "$(mode_of "$fen")" = "$mode" ] && echo "$fen" >>"$dir/out.$mode"
        done
        for base in "${BOOK_FENS[@]}"; do
            [ "$(mode_of "$base")" = "$mode" ] && echo "$base" >>"$dir/base.$mode"
        done
        # The book positions as the engine reads them are the hand-written FENs.
        sed 's/^/position fen /' "$dir/base.$mode" | fens_of "$mode" | diff - "$dir/base.$mode"
        [ -s "$dir/out.$mode" ] || continue
        [ "$mode" = std ] || found960=$(wc -l <"$dir/out.$mode")
        sed 's/^/position fen /' "$dir/out.$mode" | fens_of "$mode" | diff - "$dir/out.$mode"
        sed 's/^/position fen /; s/$/\ngo perft 1/' "$dir/out.$mode" | engine "$mode" |
            grep '^Nodes searched: ' >"$dir/counts"
        [ "$(grep -c '^Nodes searched: [1-9]' "$dir/counts")" -eq "$(wc -l <"$dir/out.$mode")" ]
        # Every position two plies from a book position, "FEN<TAB>command".
        sed 's/^/position fen /' "$dir/base.$mode" | extend "$mode" | extend "$mode" >"$dir/cmds"
        paste <(fens_of "$mode" <"$dir/cmds") "$dir/cmds" >"$dir/two"
        : >"$dir/near"
        while IFS= read -r fen; do
            cut -f1 "$dir/two" | grep -qxF -- "$fen" || near 4 "$fen" <"$dir/two" >>"$dir/near"
        done <"$dir/out.$mode"
        sort -u "$dir/near" | extend "$mode" | fens_of "$mode" >"$dir/three"
        while IFS= read -r fen; do
            cut -f1 "$dir/two" | grep -qxF -- "$fen" || grep -qxF -- "$fen" "$dir/three" ||
                { echo "not 2 or 3 plies from a book position: $fen"; return 1; }
        done <"$dir/out.$mode"
    done
    # The seed draws Chess960 lines too; their FENs are Shredder-FEN.
    [ "$found960" -gt 0 ]
    rm -rf "$dir"
}

# no_genfens_line: the output has no line OpenBench would read as a FEN.
no_genfens_line() {
    if grep -q '^info string genfens' <<<"$output"; then
        echo "a line OpenBench would read as a FEN:"
        echo "$output"
        return 1
    fi
}

@test "genfens errors: no line starting 'info string genfens', a reason, exit status 1" {
    dir=$(mktemp -d "${BATS_TEST_TMPDIR:-/tmp}/gf.XXXXXX")
    : >"$dir/empty.epd"
    printf '# only a comment\n\n' >"$dir/comments.epd"
    printf 'not a position\nrnbqkbnr/pppppppp/8/8 w KQkq - hmvc 0;\n4k3/8/8/8/8/8/4P3/4K3 w - - c0 "open;\n' >"$dir/bad.epd"
    # checkmate and stalemate: no legal move to start from
    printf '7k/6Q1/6K1/8/8/8/8/8 b - - id "mate";\n7k/5Q2/6K1/8/8/8/8/8 b - - id "stalemate";\n' >"$dir/over.epd"
    mkdir "$dir/folder.epd"
    for args in "genfens many seed 1 book None" "genfens -1 seed 1 book None" "genfens 200000000 seed 1 book None" \
        "genfens 5 seed x book None" "genfens 5 seed -3 book None" "genfens 5 seed 1" "genfens 5 sead 1 book None" \
        "genfens 2 seed 1 book $dir/missing.epd" "genfens 2 seed 1 book $dir/folder.epd" \
        "genfens 2 seed 1 book $dir/empty.epd" "genfens 2 seed 1 book $dir/comments.epd" \
        "genfens 2 seed 1 book $dir/bad.epd" "genfens 2 seed 1 book $dir/over.epd"; do
        run timeout "$HANG" "$KS" "$args" "quit"
        [ "$status" -eq 1 ] || { echo "$args: status $status"; return 1; }
        no_genfens_line
        [[ "$output" =~ ^info\ string\ error:\  ]] || { echo "$args: $output"; return 1; }
    done
    # "genfens" alone is not the genfens call: the command-line usage.
    run timeout "$HANG" "$KS" genfens quit
    [ "$status" -ne 0 ]
    no_genfens_line
    run timeout "$HANG" "$KS" "genfens 1 seed 1 book None" "bogus" "quit"
    [ "$status" -eq 1 ]
    [ "$(grep -c '^info string genfens ' <<<"$output")" -eq 1 ]
    [[ "${lines[-1]}" =~ ^info\ string\ error:\ unknown\ command ]]
    run timeout "$HANG" "$KS" "setoption name EvalFile value $dir/missing.nnue" "genfens 2 seed 1 book None" "quit"
    [ "$status" -eq 1 ]
    no_genfens_line
    # A book with some bad lines: a warning (not a FEN line), then N FENs.
    cat "$dir/bad.epd" >"$dir/mixed.epd"
    echo 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - hmvc 0; fmvn 1;' >>"$dir/mixed.epd"
    run timeout "$HANG" "$KS" "genfens 3 seed 1 book $dir/mixed.epd" "quit"
    [ "$status" -eq 0 ]
    [[ "${lines[0]}" =~ ^info\ string\ warning:\ .*3\ lines\ skipped ]]
    [ "$(grep -c '^info string genfens ' <<<"$output")" -eq 3 ]
    rm -rf "$dir"
}
