#!/usr/bin/env bats
# Syzygy files through the command line and UCI: values the generator
# printed for its longest wins (tests/data/syzygy, its README), and games
# the engine plays against itself from won 4-man positions with only the
# files to guide it (Tablebases false): each must end in mate before the
# fifty-move rule can end it, every winner's move keeping the files' win.

load helper

SZ=$BATS_TEST_DIRNAME/../data/syzygy

teardown() {
    ks_cleanup
}

@test "tb probe --syzygy: the generator's longest DTZ wins" {
    run "$KS" tb probe --syzygy "$SZ" '8/8/2k5/1r6/8/8/8/2KQ4 b - - 0 1'
    [ "$status" -eq 0 ]
    [[ "${lines[0]}" == *" ; syzygy wdl -2 ; syzygy dtz -62" ]]
    run env SyzygyPath="$SZ" "$KS" tb probe '8/7k/1p6/1P6/7K/8/8/8 w - - 0 1'
    [[ "${lines[0]}" == "8/7k/1p6/1P6/7K/8/8/8 w - - 0 1 ; 1-0 ; "*" ; syzygy wdl 2 ; syzygy dtz 21" ]]
    run "$KS" tb probe --syzygy "$SZ" '7K/8/p7/8/k7/7R/8/8 w - - 0 1'
    [[ "${lines[0]}" == *" ; syzygy wdl 2 ; syzygy dtz 25" ]]
}

@test "tb probe: castling rights are not probed; a missing directory is reported" {
    run "$KS" tb probe --syzygy "$SZ" 'r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1'
    [[ "$output" != *"syzygy"* ]]
    # five men: neither the in-memory tables nor the (missing) files cover it
    run "$KS" tb probe --syzygy /nonexistent-dir '8/7k/1p6/1P6/7K/8/8/7R w - - 0 1'
    [ "$status" -ne 0 ]
    [[ "$output" == *"cannot read directory /nonexistent-dir"* ]]
}

# New-user trial: the kings alone showed Syzygy values with no
# file at all. There is no KvK file; the format's rule (a draw) counts only
# where files were found.
@test "tb probe of the kings alone: Syzygy values only where files were found" {
    local kk='8/8/8/4k3/8/8/8/4K3 w - - 0 1'
    run env -u SyzygyPath "$KS" tb probe "$kk"
    [ "$status" -eq 0 ]
    [[ "${lines[0]}" == "$kk ; 1/2-1/2"* ]]
    [[ "$output" != *"syzygy"* ]]
    run env -u SyzygyPath "$KS" tb probe --syzygy-only /nonexistent-dir "$kk"
    [ "$status" -ne 0 ]
    [[ "$output" == *"no table for this material"* ]]
    run "$KS" tb probe --syzygy "$SZ" "$kk"
    [[ "${lines[0]}" == "$kk ; 1/2-1/2 ; "*" ; syzygy wdl 0 ; syzygy dtz 0" ]]
}

@test "bench: the same node count with SyzygyPath set" {
    run "$KS" bench
    local n=${lines[-1]%% *}
    uci_session "setoption name SyzygyPath value $SZ" bench
    [[ "$output" == *$'\n'"$n nodes "* ]]
}

@test "uci: SyzygyPath options and the tables found" {
    uci_session uci "setoption name SyzygyPath value /nonexistent-dir:$SZ" \
        "setoption name SyzygyProbeLimit value 9" "setoption name SyzygyPath value <empty>"
    [[ "$output" == *"option name SyzygyPath type string default <empty>"* ]]
    [[ "$output" == *"option name SyzygyProbeDepth type spin default 1 min 1 max 100"* ]]
    [[ "$output" == *"option name SyzygyProbeLimit type spin default 7 min 0 max 7"* ]]
    [[ "$output" == *"option name Syzygy50MoveRule type check default true"* ]]
    [[ "$output" == *"info string Syzygy: cannot read directory /nonexistent-dir"* ]]
    [[ "$output" == *"info string Syzygy: found 35 WDL and 35 DTZ tables, up to 4 men"* ]]
    [[ "$output" == *"SyzygyProbeLimit is not a number in 0..7"* ]]
    [[ "$output" == *"info string Syzygy: no tables found"* ]]
}

@test "uci: a Syzygy root shows the files' verdict, not an evaluation" {
    ks_start
    ks_send "setoption name Tablebases value false" "setoption name SyzygyPath value $SZ" \
        "position fen 8/8/2k5/1r6/8/8/8/2KQ4 w - - 0 1" "go depth 6"
    ks_wait '^bestmove'
    local score
    score=$(ks_lines '^info depth 6 ' | tail -n 1 | sed -nE 's/.* score cp (-?[0-9]+) .*/\1/p')
    [ "$score" -gt 30000 ] # the band of Syzygy wins, below mate scores
    ks_send "position fen 8/8/2k5/1r6/8/8/8/2KR4 w - - 0 1" "go depth 6" # KRvKR: a draw
    ks_wait '^bestmove' 2
    [ "$(ks_lines '^info depth 6 ' | tail -n 1 | sed -nE 's/.* score cp (-?[0-9]+) .*/\1/p')" = 0 ]
    ks_end
}

# wdl_of FEN: Syzygy's wdl of the position, from the files alone.
wdl_of() {
    "$KS" tb probe --syzygy-only "$SZ" "$1" | head -n 1 | sed -nE 's/.* ; syzygy wdl (-?[0-9]) ; .*/\1/p'
}

# play_out FEN: the engine plays both sides from FEN (a win for one side)
# until mate; fails if the clock reaches 100 plies, a winner's move gives
# up the files' win, or the game lasts 200 plies. A coprocess with
# blocking reads keeps a 100-ply game quick.
play_out() {
    local fen=$1 moves="" ply line mv="" cur="" mate loser
    [ "$(wdl_of "$fen")" = 2 ] && loser=1 || loser=0
    coproc ENGINE { timeout 600 "$KS" 3>&- 2>&1; }
    local to=${ENGINE[1]} from=${ENGINE[0]}
    printf '%s\n' "setoption name Tablebases value false" "setoption name SyzygyPath value $SZ" >&"$to"
    for ((ply = 0; ply < 200; ply++)); do
        printf 'position fen %s moves%s\nd\ngo nodes 1000\n' "$fen" "$moves" >&"$to"
        mate=0
        while read -r line <&"$from"; do
            case $line in
            "Fen: "*) cur=${line#Fen: } ;;
            "info depth 0 score mate 0") mate=1 ;;
            bestmove*) mv=${line#bestmove } mv=${mv%% *} && break ;;
            esac
        done
        if [ "$mv" = "(none)" ]; then
            printf 'quit\n' >&"$to"
            wait "$ENGINE_PID" || true
            [ "$mate" = 1 ] && [ $((ply % 2)) -eq "$loser" ] && return 0
            echo "not a mate of the loser: $cur"
            return 1
        fi
        [ "$(echo "$cur" | cut -d' ' -f5)" -lt 100 ] || { echo "fifty-move rule at $cur"; return 1; }
        if [ $((ply % 2)) -eq "$loser" ] && [ "$(wdl_of "$cur")" != -2 ]; then
            echo "win lost at $cur"
            return 1
        fi
        moves="$moves $mv"
    done
    echo "no mate after 200 plies: $cur"
    return 1
}

@test "uci: Syzygy alone converts won 4-man endings within the fifty-move rule" {
    export KS SZ
    untraced play_out '8/8/2k5/1r6/8/8/8/2KQ4 b - - 0 1' # KQvKR, DTZ 62
    untraced play_out '5R2/8/8/8/8/k7/8/2K3n1 b - - 0 1' # KRvKN, DTZ 54
    untraced play_out '8/8/8/6B1/8/8/4k3/1K5N b - - 0 1' # KBNvK, DTZ 66
    untraced play_out '8/7k/1p6/1P6/7K/8/8/8 w - - 0 1'  # KPvKP, DTZ 21
}
