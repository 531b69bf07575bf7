#!/usr/bin/env bats
# Bad input never crashes the engine nor loses the game state (the README):
# an `info string` says what was wrong, an invalid FEN keeps the previous
# position, unknown commands are ignored, CRLF and empty lines are normal.

load helper

teardown() { ks_cleanup; }

KEPT='4k3/8/8/8/8/8/8/4K2R w K - 0 1'

# fen_after CMD...: the `Fen:` that `d` prints after the commands.
fen_after() {
    printf '%s\n' "$@" d | timeout "$HANG" "$KS" | sed -n 's/^Fen: //p'
}

@test "every invalid FEN gets an info string and leaves no position: go answers 0000" {
    bad=(
        '8/8/8 w - - 0 1'                                             # three ranks
        '4k3/8/8/8/8/8/8/4K3/8 w - - 0 1'                             # nine ranks
        '4k3/8/8/8/8/8/8/4K4 w - - 0 1'                               # nine files
        '4k3/8/8/8/8/8/8/3KK3 w - - 0 1'                              # two white kings
        '8/8/8/8/8/8/8/4K3 w - - 0 1'                                 # no black king
        '8/8/8/8/8/8/8/8 w - - 0 1'                                   # empty board
        'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1'    # side to move
        '4k2R/8/8/8/8/8/8/4K3 w - - 0 1'                              # side not to move in check
        'P3k3/8/8/8/8/8/8/4K3 w - - 0 1'                              # pawn on the last rank
        '4k3/8/8/8/8/8/8/4KX2 w - - 0 1'                              # unknown piece letter
        '4k3/8/8/8/8/8/8/9 w - - 0 1'                                 # nine empty squares
        '4k3/8/8/8/8/8/8/04K3 w - - 0 1'                              # zero empty squares
        '4k3/8/8/8/8/8/8/4K3 w - - abc 1'                             # halfmove clock
        '4k3/8/8/8/8/8/8/4K3 w - - -5 1'                              # negative clock
        '4k3/8/8/8/8/8/8/4K3'                                         # board only
        'hello world'
    )
    for fen in "${bad[@]}"; do
        out=$(printf '%s\n' "position fen $KEPT" "position fen $fen" d 'go depth 2' | timeout "$HANG" "$KS")
        [[ "$out" == "info string "* ]] || { echo "no info string for '$fen': $out"; return 1; }
        ! grep -q "^Fen: " <<<"$out" || { echo "after '$fen' d still shows a board: $out"; return 1; }
        [ "$(grep -c '^bestmove ' <<<"$out")" -eq 1 ] && grep -qx 'bestmove 0000' <<<"$out" ||
            { echo "after '$fen' go answered: $out"; return 1; }
    done
}

@test "an invalid FEN's message names what is wrong" {
    out=$(printf '%s\n' 'position fen 4k3/8/8/8/8/8/8/9 w - - 0 1' 'position fen 4k3/8/8/8/8/8/8/4KX2 w - - 0 1' | timeout "$HANG" "$KS")
    grep -q "^info string .*a count of empty squares must be 1 to 8" <<<"$out"
    grep -q "^info string .*unknown piece letter 'X'" <<<"$out"
}

# Defect found by review: a FEN that GUIs send was rejected and
# the next go played a move of the previous position.
@test "FENs GUIs send are accepted: fullmove 0, five fields; a valid position ends the no-position state" {
    for fen in 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0' \
               'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0'; do
        out=$(printf '%s\n' 'position startpos moves e2e4' "position fen $fen" d | timeout "$HANG" "$KS")
        grep -qx "Fen: $START_FEN" <<<"$out" || { echo "'$fen': $out"; return 1; }
    done
    out=$(printf '%s\n' 'position fen 8/8/8 w - - 0 1' "position fen $KEPT" d | timeout "$HANG" "$KS")
    grep -qx "Fen: $KEPT" <<<"$out"
}

@test "a malformed position command gets an info string and changes nothing" {
    for cmd in 'position' 'position foo' 'position fen' 'position moves e2e4'; do
        out=$(printf '%s\n' "position fen $KEPT" "$cmd" | timeout "$HANG" "$KS")
        [[ "$out" == "info string "* ]] || { echo "$cmd: $out"; return 1; }
        [ "$(fen_after "position fen $KEPT" "$cmd")" = "$KEPT" ]
    done
}

@test "an illegal or malformed move: the moves before it stand and an info string names it" {
    after_e4e5='rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2'
    for bad in e1e3 e2e4 e1g1 zz99 e4e5x e5 0000 e7e8q a2a1; do
        out=$(printf '%s\n' "position startpos moves e2e4 e7e5 $bad g1f3" d | timeout "$HANG" "$KS")
        grep -q "^info string .*'$bad'" <<<"$out" || { echo "$bad: $out"; return 1; }
        [ "$(sed -n 's/^Fen: //p' <<<"$out")" = "$after_e4e5" ] || { echo "$bad: $out"; return 1; }
    done
    # A promotion without its piece letter is not a move either.
    out=$(printf '%s\n' 'position fen 4k3/1P6/8/8/8/8/8/4K3 w - - 0 1 moves b7b8' d | timeout "$HANG" "$KS")
    grep -q "^info string .*'b7b8'" <<<"$out"
    [ "$(sed -n 's/^Fen: //p' <<<"$out")" = '4k3/1P6/8/8/8/8/8/4K3 w - - 0 1' ]
}

@test "after a bad move the engine searches the position the good moves reached" {
    pos='position startpos moves e2e4 e7e5 g1f3'
    ks_start
    ks_send "$pos e2e4 b8c6" 'go depth 3'
    ks_wait '^bestmove '
    ks_sync
    [ "$(ks_count "^info string .*'e2e4'")" -eq 1 ]
    check_go_result "$pos"
}

@test "an unknown option gets an info string naming it" {
    uci_session 'setoption name NoSuchOption value 3' 'setoption name Hash Table value 3' isready
    [ "$status" -eq 0 ]
    [[ "${lines[0]}" == "info string "*NoSuchOption* ]]
    [[ "${lines[1]}" == "info string "*"Hash Table"* ]]
    [ "${lines[2]}" = readyok ]
}

@test "out-of-range and non-numeric option values get an info string and change nothing" {
    bad=('Hash value 0' 'Hash value -1' 'Hash value 99999999999' 'Hash value abc' 'Hash value 16.5'
         'Hash value 1e3' 'Hash value 12 34' 'Threads value 0' 'Threads value 257' 'Threads value many'
         'MultiPV value 0' 'MultiPV value 300' 'Move Overhead value -1' 'Move Overhead value 5001'
         'Ponder value maybe' 'UCI_ShowWDL value 1' 'MultiPV value' 'Hash')
    ks_start
    for b in "${bad[@]}"; do ks_send "setoption name $b"; done
    ks_sync
    [ "$(ks_count '^info string ')" -eq "${#bad[@]}" ]
    # MultiPV is still 1 and WDL still off: one line per depth, no wdl.
    ks_send 'position startpos' 'go depth 3'
    ks_wait '^bestmove '
    ks_sync
    [ "$(ks_count '^info depth 3 ')" -eq 1 ]
    [ "$(ks_count ' multipv 2 ')" -eq 0 ]
    [ "$(ks_count ' wdl ')" -eq 0 ]
}

@test "malformed setoption commands get an info string" {
    for cmd in 'setoption' 'setoption value 3' 'setoption name' 'setoption name value 3' \
               'setoption Hash 32' 'setoption name Threads'; do
        out=$(printf '%s\n' "$cmd" | timeout "$HANG" "$KS")
        [[ "$out" == "info string "* ]] || { echo "$cmd: '$out'"; return 1; }
    done
}

@test "option names are case-insensitive and may contain spaces" {
    ks_start
    ks_send 'setoption name multipv value 2' 'setoption name move overhead value 50' \
        'setoption name CLEAR HASH' 'setoption name uci_showwdl value true' 'position startpos' 'go depth 3'
    ks_wait '^bestmove '
    ks_sync
    [ "$(ks_count '^info string ')" -eq 0 ]
    [ "$(ks_count '^info depth 3 .* multipv 2 ')" -eq 1 ]
    [ "$(ks_count '^info depth 3 .* wdl ')" -eq 2 ]
}

@test "malformed go values get an info string and still one legal bestmove" {
    ks_start
    ks_send 'position startpos'
    n=0
    for g in 'go depth x movetime 50' 'go depth movetime 50' 'go nodes abc depth 2' 'go movetime 1.5 depth 2' \
             'go wtime abc btime 100 depth 2' 'go depth 2 frobnicate' 'go depth 99999999999999999999 nodes 500'; do
        ks_send "$g"
        n=$((n + 1))
        ks_wait '^bestmove ' "$n"
    done
    ks_sync
    [ "$(ks_count '^info string ')" -eq "$n" ]
    [ "$(ks_count '^bestmove ')" -eq "$n" ]
    for m in $(ks_lines '^bestmove ' | awk '{ print $2 }'); do is_legal 'position startpos' "$m"; done
}

@test "a malformed go with no usable limit searches until stop (or its last depth)" {
    # Two notes, as Stockfish users read them: the word that was refused,
    # then what the search does instead; stop still ends it at once.
    ks_start
    ks_send 'position startpos' 'go depth'
    ks_wait '^info depth 2 '
    ks_send stop
    ks_wait '^bestmove '
    ks_sync
    [ "$(ks_count '^info string ')" -eq 2 ]
    [ "$(ks_count '^info string go depth needs a number')" -eq 1 ]
    [ "$(ks_count '^info string go: no usable limit')" -eq 1 ]
    [ "$(ks_count '^bestmove ')" -eq 1 ]
}

@test "searchmoves with an illegal move: an info string, the legal ones still count" {
    ks_start
    ks_send 'position startpos' 'go depth 3 searchmoves e2e5 h2h3'
    ks_wait '^bestmove '
    ks_sync
    [ "$(ks_count "^info string .*'e2e5'")" -eq 1 ]
    [ "$(ks_lines '^bestmove ' | awk '{ print $2 }')" = h2h3 ]
}

@test "go perft with a bad depth gets an info string" {
    for cmd in 'go perft' 'go perft x' 'go perft -1'; do
        out=$(printf '%s\n' 'position startpos' "$cmd" isready | timeout "$HANG" "$KS")
        [ "$(printf '%s\n' "$out" | head -n 1 | cut -c1-12)" = 'info string ' ] || { echo "$cmd: $out"; return 1; }
        [ "$(printf '%s\n' "$out" | tail -n 1)" = readyok ]
    done
}

@test "unknown commands are ignored silently" {
    uci_session 'xyzzy' 'foo bar baz' 'go!' 'stopp' 'position2 startpos' 'isready'
    [ "$status" -eq 0 ]
    [ "$output" = readyok ]
}

@test "CRLF line endings and empty lines are normal input" {
    run timeout "$HANG" "$KS" < <(printf 'uci\r\n\r\n\n   \n\t\r\nisready\r\nsetoption name MultiPV value 2\r\nposition startpos moves e2e4 e7e5\r\nd\r\n')
    [ "$status" -eq 0 ]
    # The one info string allowed is the bitbase build time after uci.
    [ "$(grep '^info string' <<<"$output" | grep -vc '^info string KPK bitbase built in ')" -eq 0 ]
    grep -qx uciok <<<"$output"
    grep -qx readyok <<<"$output"
    grep -qx 'Fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2' <<<"$output"
    ks_start
    printf 'position startpos moves d2d4\r\ngo depth 3\r\n' >&"$KS_FD"
    ks_wait '^bestmove '
    ks_sync
    [ "$(ks_count '^info depth 3 .* multipv ')" -eq 1 ]
    check_go_result 'position startpos moves d2d4'
}

@test "stop and ponderhit with no search running are harmless" {
    ks_start
    ks_send stop ponderhit stop 'position startpos' 'go depth 4'
    ks_wait '^bestmove '
    ks_sync
    [ "$(ks_count '^info depth 4 ')" -eq 1 ]
    [ "$(ks_count '^bestmove ')" -eq 1 ]
}

@test "end of input acts as quit" {
    run timeout "$HANG" "$KS" < <(printf 'uci\nisready\n')
    [ "$status" -eq 0 ]
    [ "${lines[-1]}" = readyok ]
    run timeout "$HANG" "$KS" </dev/null
    [ "$status" -eq 0 ]
    [ -z "$output" ]
}

@test "binary junk, NUL bytes and a 200000-character line do not crash the engine" {
    junk=$BATS_TEST_TMPDIR/junk
    {
        printf 'position fen %s\n' "$KEPT"
        printf 'go\0depth 3\n\x01\x02\x7f\xff\xfe setoption\0name Hash\n'
        printf '\xc3\xa9\xe2\x99\x94 position fen \xe2\x99\x94\n'
        head -c 200000 /dev/zero | tr '\0' 'x'
        printf '\nposition fen '
        head -c 200000 /dev/zero | tr '\0' '/'
        printf '\nsetoption name '
        head -c 5000 /dev/zero | tr '\0' 'H'
        printf ' value 3\nposition fen %s moves ' "$KEPT"
        printf 'zz%.0s ' $(seq 3000)
        printf '\nisready\nd\n'
    } >"$junk"
    run timeout "$HANG" "$KS" <"$junk"
    [ "$status" -eq 0 ]
    grep -qx readyok <<<"$output"
    grep -qx "Fen: $KEPT" <<<"$output"
}

# New-user trial: a NUL byte cut the line there, silently.
@test "a NUL byte is read as a blank, with a note: the words after it still count" {
    run timeout "$HANG" "$KS" < <(printf 'isready\0\njoho\0isready\nposition startpos moves e2e4\0e7e5\nd\n')
    [ "$status" -eq 0 ]
    [ "$(grep -cx readyok <<<"$output")" -eq 2 ]
    grep -qx 'Fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2' <<<"$output"
    [ "$(grep -cx 'info string a NUL byte in the input line was read as a blank' <<<"$output")" -eq 3 ]
}

# Defect found by review: the shell's words were joined with a
# bound that wrapped around (stack-buffer-overflow under ASan).
@test "very long command-line words: a message, no crash" {
    long1=$(printf 'x%.0s' $(seq 1 600))
    long2=$(printf 'y%.0s' $(seq 1 20000))
    for cmd in perft 'tb probe'; do
        run timeout "$HANG" $KS $cmd 1 "$long1" "$long2"
        [ "$status" -eq 1 ] || { echo "$cmd: status $status: $output"; return 1; }
        [[ "$output" == *"too long"* ]]
    done
}

# Defect found by review: numbers past the parser's range were
# ignored, so a bounded search became infinite.
@test "out-of-range go numbers are clamped and named; the search still ends by itself" {
    ks_start
    ks_send 'position fen 7k/8/8/8/8/8/8/K7 w - - 0 1' 'go depth 99999999999'
    ks_wait '^bestmove '
    ks_send 'position startpos' 'go movetime -5'
    ks_wait '^bestmove ' 2
    ks_send 'go nodes 18446744073709551615 depth 3'
    ks_wait '^bestmove ' 3
    ks_sync
    [ "$(ks_count "^info string go depth 99999999999 is out of range; 127 used")" -eq 1 ]
    [ "$(ks_count "^info string go movetime -5 is out of range; 1 used")" -eq 1 ]
}

# Found by a new-user trial: a negative movestogo passed without a word.
# movestogo 0 is sudden death (the UCI text allows it), so it is silent.
@test "a negative movestogo is named and taken as sudden death; movestogo 0 is silent" {
    ks_start
    ks_send 'position startpos' 'go wtime 1000 btime 1000 movestogo -1'
    ks_wait '^bestmove ' 1
    ks_send 'go wtime 1000 btime 1000 movestogo 0'
    ks_wait '^bestmove ' 2
    ks_sync
    [ "$(ks_count "^info string go movestogo -1 is out of range; 0 used")" -eq 1 ]
    [ "$(ks_count "^info string go movestogo")" -eq 1 ]
}

# Noticed in a new-user trial: an empty or negative clock got no word.
@test "go with no time left on the mover's clock names it and still moves" {
    ks_start
    ks_send 'position startpos' 'go wtime -100 btime 5000'
    ks_wait '^bestmove ' 1
    ks_send 'position startpos moves e2e4' 'go wtime 5000 btime 0'
    ks_wait '^bestmove ' 2
    ks_send 'go wtime 0 btime 5000'
    ks_wait '^bestmove ' 3
    ks_sync
    [ "$(ks_count "^info string go wtime -100: no time left")" -eq 1 ]
    [ "$(ks_count "^info string go btime 0: no time left")" -eq 1 ]
    [ "$(ks_count "^info string go wtime 0")" -eq 0 ]
}

# Found by the new-user trial: --help and --version printed the
# usage line and exited 1; the README's tools/gen_openings.py was not
# executable.
@test "--help and --version succeed; an unknown argument fails with the usage" {
    run "$KS" --help
    [ "$status" -eq 0 ] && [[ "$output" == usage:* ]]
    run "$KS" --version
    [ "$status" -eq 0 ] && [[ "$output" == "Keysquare "* ]] && [[ "$output" == *"ARCH="* ]]
    run "$KS" --bogus
    [ "$status" -eq 1 ] && [[ "$output" == usage:* ]]
    [ -x "$BATS_TEST_DIRNAME/../../tools/gen_openings.py" ]
}

# A word repeated 200,000 times once printed 200,000 identical info lines:
# one line per problem, then how often it came again.
@test "a bad go word repeated 200,000 times gets one info line and a count, not one line each" {
    # awk writes the lines: a shell loop under bats' per-command trap takes minutes.
    line=$(awk 'BEGIN { printf "go "; for (i = 0; i < 200000; i++) printf "depth "; print "depth 1" }')
    out=$(printf '%s\n' 'position startpos' "$line" | timeout "$HANG" "$KS")
    echo "$out" | grep '^info string' | head
    [ "$(grep -c '^info string' <<<"$out")" -eq 2 ]
    grep -qx 'info string go depth needs a number' <<<"$out"
    grep -qx 'info string the same 199999 more times on this line: go depth needs a number' <<<"$out"
    [ "$(grep -c '^bestmove ' <<<"$out")" -eq 1 ]
    # 200,000 different bad words: the first eight, then their count.
    line=$(awk 'BEGIN { printf "go "; for (i = 0; i < 200000; i++) printf "w%d ", i; print "depth 1" }')
    out=$(printf '%s\n' 'position startpos' "$line" | timeout "$HANG" "$KS")
    [ "$(grep -c '^info string' <<<"$out")" -eq 9 ]
    grep -qx "info string unknown go parameter 'w7' ignored" <<<"$out"
    grep -qx 'info string 199992 more problems on this line not shown' <<<"$out"
}

# Stockfish plays these positions; Keysquare too, but it says what is odd.
@test "an e.p. square no pawn can have passed is dropped with an info string; a real one passes silently" {
    out=$(printf '%s\n' 'position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1' d | timeout "$HANG" "$KS")
    grep -qx 'info string en-passant square e3 ignored: no black pawn can have just passed it' <<<"$out"
    grep -qx "Fen: $START_FEN" <<<"$out"
    # Black to move after 1.e4: e3 is the square a white pawn just passed
    # (no black pawn can take there: kept out of the key, silently).
    out=$(printf '%s\n' 'position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1' d | timeout "$HANG" "$KS")
    ! grep -q '^info string' <<<"$out" || { echo "$out"; return 1; }
    # After 1.e4 d5 2.e5 f5 the square f6 is real and usable: kept, silent.
    fen='rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3'
    out=$(printf '%s\n' "position fen $fen" d 'go perft 1' | timeout "$HANG" "$KS")
    ! grep -q '^info string' <<<"$out" || { echo "$out"; return 1; }
    grep -qx "Fen: $fen" <<<"$out"
    grep -q '^e5f6' <<<"$out"
    # A pawn on the wrong side of the square, and a blocked origin square.
    for fen in '4k3/8/8/3P4/8/8/8/4K3 w - d6 0 1' '4k3/3p4/8/3pP3/8/8/8/4K3 w - d6 0 1'; do
        out=$(printf '%s\n' "position fen $fen" | timeout "$HANG" "$KS")
        grep -qx 'info string en-passant square d6 ignored: no black pawn can have just passed it' <<<"$out" ||
            { echo "$fen: $out"; return 1; }
    done
}

@test "more promoted men than missing pawns are played, with an info string" {
    # Ten white queens and no pawn: nine promoted, eight pawns missing.
    fen='6rk/6pp/8/8/8/8/QQQQQ3/QQQQQ2K b - - 0 1'
    out=$(printf '%s\n' "position fen $fen" d 'go depth 2' | timeout "$HANG" "$KS")
    grep -qx 'info string impossible material: white has 9 promoted men but only 8 pawns missing; played anyway' <<<"$out"
    grep -qx "Fen: $fen" <<<"$out"
    is_legal "position fen $fen" "$(sed -n 's/^bestmove \([^ ]*\).*/\1/p' <<<"$out")" || { echo "$out"; return 1; }
    # Black: three knights and two dark-squared bishops with all eight
    # pawns (two promoted, none missing); then the same with one pawn
    # fewer per promoted man (possible: silent).
    out=$(printf '%s\n' 'position fen nnn1kb1b/pppppppp/8/8/8/8/8/4K3 w - - 0 1' | timeout "$HANG" "$KS")
    grep -qx 'info string impossible material: black has 2 promoted men but only 0 pawns missing; played anyway' <<<"$out"
    out=$(printf '%s\n' 'position fen nnn1kb1b/pppppp2/8/8/8/8/8/4K3 w - - 0 1' | timeout "$HANG" "$KS")
    ! grep -q '^info string' <<<"$out" || { echo "$out"; return 1; }
}

# Stockfish searches a go whose limits are all unusable to its deepest
# iteration and answers by itself; only a bare go (or go infinite) waits
# for stop. In a back-rank mate in one the deepest iteration comes at once.
@test "go depth with no number and go winc with no clock search to the end and answer without stop" {
    for go in 'go depth' 'go winc 100' 'go binc 100 depth x'; do
        out=$( (printf '%s\n' 'position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1' "$go"; sleep 3) | timeout "$HANG" "$KS")
        echo "$go: $(tail -n 2 <<<"$out")"
        grep -q '^info string go: no usable limit' <<<"$out"
        [ "$(tail -n 1 <<<"$out")" = 'bestmove a1a8' ]
    done
    # A bare go still waits: nothing but stop (here the end of input) ends it.
    out=$( (printf '%s\n' 'position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1' 'go'; sleep 2; echo isready) | timeout "$HANG" "$KS")
    [ "$(tail -n 1 <<<"$out")" = 'bestmove a1a8' ]
    [ "$(grep -c '^readyok' <<<"$out")" -eq 1 ]
    [ "$(grep -n '^readyok' <<<"$out" | cut -d: -f1)" -lt "$(grep -n '^bestmove' <<<"$out" | cut -d: -f1)" ]
}

# Found by a new-user trial: a huge halfmove clock dropped the position,
# where Stockfish and python-chess take the number.
@test "a halfmove clock or fullmove number past the range is clamped with a note, not refused" {
    out=$(printf '%s\n' 'position fen 4k3/8/8/8/8/8/8/4K2R w K - 99999999999 123456789012' d | timeout "$HANG" "$KS")
    grep -qx 'info string halfmove clock 99999999999 read as 10000; fullmove number 123456789012 read as 100000' <<<"$out"
    grep -qx 'Fen: 4k3/8/8/8/8/8/8/4K2R w K - 10000 100000' <<<"$out"
}

# Found by a new-user trial: a negative increment passed without a word,
# where a negative clock, depth or node count is named.
@test "a negative increment is named and taken as 0" {
    ks_start
    ks_send 'position startpos' 'go wtime 1000 btime 1000 winc -5 binc -7'
    ks_wait '^bestmove '
    ks_sync
    [ "$(ks_count "^info string go winc -5 is out of range; 0 used")" -eq 1 ]
    [ "$(ks_count "^info string go binc -7 is out of range; 0 used")" -eq 1 ]
}

# Stockfish 15.1 prints "Final evaluation: none (in check)": no static
# evaluation is meaningful where every evasion must be searched.
@test "eval in check prints no number" {
    for fen in '7k/6Q1/6K1/8/8/8/8/8 b - - 0 1' 'rnbqkbnr/ppppp1pp/8/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2'; do
        out=$(printf '%s\n' "position fen $fen" eval | timeout "$HANG" "$KS")
        grep -qx 'Final evaluation: none (in check)' <<<"$out" || { echo "$fen: $out"; return 1; }
    done
}
