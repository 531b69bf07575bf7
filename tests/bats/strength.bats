#!/usr/bin/env bats
# The strength limiter, UCI_LimitStrength and UCI_Elo as Stockfish declares
# them (README, "Playing strength"). Facts asserted: the declarations fit
# Stockfish 15.1's range (the scale's measuring stick); a limited engine
# always plays a legal move, mates in one and takes a hanging queen at
# every level, varies its choice at the lowest level where several moves
# are close, repeats itself with a fixed Strength Seed; with
# UCI_LimitStrength off, and at the top Elo in a search inside its budget
# (unit test strength_params_monotone_in_elo), it searches exactly as the
# unlimited engine;
# every go ends with one legal bestmove and go infinite / go ponder still
# wait for stop / ponderhit. No test asserts speed.

load helper

teardown() { ks_cleanup; }

MIDGAME='position fen r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R b KQ - 3 8'
LIMIT='setoption name UCI_LimitStrength value true'

@test "strength options: declared as Stockfish does, inside Stockfish 15.1's UCI_Elo range" {
    uci_session uci quit
    [ "$status" -eq 0 ]
    printf '%s\n' "${lines[@]}" | grep -qx 'option name UCI_LimitStrength type check default false'
    line=$(printf '%s\n' "${lines[@]}" | grep -E '^option name UCI_Elo ')
    [[ "$line" =~ ^option\ name\ UCI_Elo\ type\ spin\ default\ ([0-9]+)\ min\ ([0-9]+)\ max\ ([0-9]+)$ ]] || {
        echo "bad declaration: '$line'"; return 1; }
    def=${BASH_REMATCH[1]} min=${BASH_REMATCH[2]} max=${BASH_REMATCH[3]}
    [ 1350 -le "$min" ] && [ "$min" -le "$def" ] && [ "$def" -le "$max" ] && [ "$max" -le 2850 ]
    # A range worth the name: Stockfish's bottom up to at least 2300, about
    # what full strength measures at 10+0.1 (README, "Playing strength").
    [ "$min" -le 1350 ] && [ "$max" -ge 2300 ]
    printf '%s\n' "${lines[@]}" | grep -qE '^option name Strength Seed type spin default 0 min 0 max [0-9]+$'
}

@test "UCI_Elo out of range or not a number is refused with an info string" {
    uci_session 'setoption name UCI_Elo value 100' 'setoption name UCI_Elo value 99999' \
        'setoption name UCI_Elo value strong' 'setoption name UCI_LimitStrength value maybe' quit
    [ "$status" -eq 0 ]
    [ "$(printf '%s\n' "${lines[@]}" | grep -c '^info string .*UCI_Elo.*unchanged')" -eq 3 ]
    [ "$(printf '%s\n' "${lines[@]}" | grep -c '^info string .*UCI_LimitStrength.*unchanged')" -eq 1 ]
}

# elo_bound min|max: UCI_Elo's bound as the engine declares it.
elo_bound() {
    printf 'uci\nquit\n' | timeout "$HANG" "$KS" | sed -nE "s/^option name UCI_Elo .* $1 ([0-9]+)( .*)?$/\\1/p"
}

# signature SETUP...: a fresh engine runs the options, then go nodes 20000
# in MIDGAME; prints the last info line's nodes and the bestmove.
signature() {
    ks_start
    ks_send "$@" "$MIDGAME" 'go nodes 20000'
    ks_wait '^bestmove '
    echo "$(field nodes "$(ks_lines '^info depth .* score ' | tail -n 1)") $(ks_lines '^bestmove ')"
    ks_send quit
    ks_end
}

@test "UCI_LimitStrength off (any UCI_Elo), and the top UCI_Elo within its budget, search as the unlimited engine" {
    max=$(elo_bound max)
    [ -n "$max" ]
    plain=$(signature isready)
    off=$(signature 'setoption name UCI_Elo value 1350')
    top=$(signature "$LIMIT" "setoption name UCI_Elo value $max")
    echo "$plain / $off / $top"
    [ "$plain" = "$off" ]
    [ "$plain" = "$top" ]
}

# limited_moves ELO SEED N "position ...": a fresh engine at that Elo and
# seed plays N searches of the position (ucinewgame before each) and
# prints the bestmoves, one a line.
limited_moves() {
    local i
    ks_start
    ks_send "$LIMIT" "setoption name UCI_Elo value $1" "setoption name Strength Seed value $2"
    for ((i = 1; i <= $3; i++)); do
        # One at a time: a command during a search would stop it.
        ks_send ucinewgame "$4" 'go depth 30'
        ks_wait '^bestmove ' "$i"
    done
    ks_lines '^bestmove ' | awk '{ print $2 }'
    ks_send quit
    ks_end
}

@test "lowest UCI_Elo: varied legal moves where several are close, not only the full-strength one" {
    go_and_check 'position startpos' 'go depth 8'
    full=$(ks_lines '^bestmove ' | awk '{ print $2 }')
    min=$(elo_bound min)
    moves=$(limited_moves "$min" 1 12 'position startpos')
    echo "full strength: $full; limited: $(tr '\n' ' ' <<<"$moves")"
    [ "$(grep -c . <<<"$moves")" -eq 12 ]
    while read -r m; do is_legal 'position startpos' "$m"; done <<<"$moves"
    [ "$(sort -u <<<"$moves" | grep -c .)" -ge 2 ]
    grep -qvx -- "$full" <<<"$moves"
}

@test "a fixed Strength Seed repeats the limited choices in a new process" {
    first=$(limited_moves 1350 12345 6 "$MIDGAME")
    second=$(limited_moves 1350 12345 6 "$MIDGAME")
    echo "$(tr '\n' ' ' <<<"$first") / $(tr '\n' ' ' <<<"$second")"
    [ "$first" = "$second" ]
}

@test "every UCI_Elo mates in one and takes a hanging queen (several seeds)" {
    for elo in 1350 1500 1700 2000; do
        for seed in 1 2 3; do
            while IFS=';' read -r fen want; do
                got=$(limited_moves "$elo" "$seed" 1 "position fen $fen")
                [ "$got" = "$want" ] || { echo "Elo $elo seed $seed, $fen: $got, not $want"; return 1; }
            done <<'EOF'
6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1;a1a8
r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4;f3f7
6rk/6pp/8/6N1/8/8/8/7K w - - 0 1;g5f7
rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2;d8h4
6k1/5ppp/8/3q4/8/2N5/5PPP/6K1 w - - 0 1;c3d5
EOF
        done
    done
}

@test "a limited go depth 30 ends by itself, short of depth 30 (the node budget ends it)" {
    ks_start
    ks_send "$LIMIT" 'setoption name UCI_Elo value 1800' "$MIDGAME" 'go depth 30'
    ks_wait '^bestmove '
    ks_sync
    check_go_result "$MIDGAME"
    [ "$(field depth "$(ks_lines '^info depth .* score ' | tail -n 1)")" -lt 30 ]
}

@test "limited go movetime, go depth and go nodes end with exactly one legal bestmove (1 and 2 threads)" {
    for threads in 1 2; do
        for elo in 1350 1600 2100 2600; do
            for go in 'go movetime 300' 'go depth 5' 'go nodes 2000' 'go wtime 3000 btime 3000 winc 30 binc 30'; do
                ks_start
                ks_send "setoption name Threads value $threads" "$LIMIT" "setoption name UCI_Elo value $elo" \
                    "$MIDGAME" "$go"
                ks_wait '^bestmove '
                ks_sync
                check_go_result "$MIDGAME" || { echo "Threads $threads, Elo $elo, $go"; return 1; }
                ks_send quit
                ks_end
            done
        done
    done
}

# waits_for GO RELEASE: a limited engine at the lowest Elo (its budget is
# spent at once) runs GO, gives no bestmove for a second, then exactly one
# legal bestmove after RELEASE.
waits_for() {
    ks_start
    ks_send 'setoption name Ponder value true' "$LIMIT" 'setoption name UCI_Elo value 1350' "$MIDGAME" "$1"
    ks_wait '^info depth 1 '
    sleep 1
    [ "$(ks_count '^bestmove ')" -eq 0 ]
    ks_send "$2"
    ks_wait '^bestmove '
    ks_sync
    check_go_result "$MIDGAME"
}

@test "limited go infinite waits for stop, then one legal bestmove" {
    waits_for 'go infinite' stop
}

@test "limited go ponder waits for ponderhit, then one legal bestmove" {
    waits_for 'go ponder wtime 2000 btime 2000' ponderhit
}

# Found by a new-user trial: the limiter's choice was played without an
# info line for it, so the last pv did not start with the bestmove and
# fastchess warned on nearly every move.
@test "limited: the last info line's pv starts with the move played" {
    for seed in 1 2 3 4 5 6; do
        ks_start
        ks_send "$LIMIT" "setoption name UCI_Elo value $(elo_bound min)" "setoption name Strength Seed value $seed" \
            "$MIDGAME" 'go depth 6'
        ks_wait '^bestmove '
        best=$(ks_lines '^bestmove ' | awk '{ print $2 }')
        first=$(ks_lines '^info .* pv ' | tail -n 1 | sed 's/.* pv \([^ ]*\).*/\1/')
        echo "seed $seed: bestmove $best, last pv starts $first"
        [ "$best" = "$first" ]
        ks_send quit
        ks_end
    done
}

# The README: with one thread and a fixed seed the same commands give the
# same moves in a fresh process; within one, ucinewgame clears what earlier
# searches left in the hash and history tables. At 1900 (no random error)
# a search after a 1350 one and ucinewgame plays what a fresh process does.
@test "a fixed seed repeats moves in a fresh process; at 1900, ucinewgame undoes an earlier 1350 search" {
    fresh=$(limited_moves 1900 77 1 "$MIDGAME")
    ks_start
    ks_send "$LIMIT" 'setoption name Strength Seed value 77' 'setoption name UCI_Elo value 1350' "$MIDGAME" 'go depth 30'
    ks_wait '^bestmove '
    ks_send ucinewgame 'setoption name UCI_Elo value 1900' "$MIDGAME" 'go depth 30'
    ks_wait '^bestmove ' 2
    after=$(ks_lines '^bestmove ' | tail -n 1 | awk '{ print $2 }')
    ks_send quit
    ks_end
    echo "fresh 1900: $fresh; 1900 after 1350 and ucinewgame: $after"
    [ "$fresh" = "$after" ]
}
