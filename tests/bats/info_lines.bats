#!/usr/bin/env bats
# The info lines a GUI parses: their syntax (UCI protocol, "info"), bounds
# on aspiration fails, MultiPV ranking, seldepth and nps.

load helper

teardown() { ks_cleanup; }

# One line of search progress as the protocol lays it out: the bound word
# right after the score, before nodes.
INFO_RE='^info depth [0-9]+ seldepth [0-9]+ multipv [0-9]+ score (cp|mate) -?[0-9]+( lowerbound| upperbound)? nodes [0-9]+ nps [0-9]+ hashfull [0-9]+ tbhits [0-9]+ time [0-9]+ pv( [a-h][1-8][a-h][1-8][qrbn]?)+$'

# sort_key LINE: the score as one number, mates beyond every centipawn
# score (a shorter mate higher, being mated lowest).
sort_key() {
    local n
    n=$(field mate "$1")
    if [ -z "$n" ]; then field cp "$1"
    elif [ "$n" -gt 0 ]; then echo $((1000000 - n))
    else echo $((-1000000 - n)); fi
}

@test "debug on, MultiPV 3: aspiration fails carry lowerbound/upperbound; exact lines ranked best first" {
    # A new-user trial (MultiPV 3 after 1.e4 e5 2.Nf3). With
    # debug on every aspiration fail is reported, not only after 3 s.
    local pos='position startpos moves e2e4 e7e5 g1f3'
    ks_start
    ks_send 'debug on' 'setoption name MultiPV value 3' "$pos" 'go depth 12'
    ks_wait '^bestmove '
    ks_sync
    ks_send quit
    ks_end
    local scored bounds
    scored=$(ks_lines '^info .* score ')
    while read -r l; do
        [[ "$l" =~ $INFO_RE ]] || { echo "malformed: $l"; return 1; }
    done <<<"$scored"
    bounds=$(grep -cE ' (lowerbound|upperbound) ' <<<"$scored" || true)
    echo "bound lines: $bounds"
    [ "$bounds" -gt 0 ]
    # Per depth, the exact lines are multipv 1, 2, 3 in that order and their
    # scores never rise; a bound line is reported before them.
    for d in $(seq 1 12); do
        local exact prev=9999999 k=0
        exact=$(grep -E "^info depth $d " <<<"$scored" | grep -vE ' (lowerbound|upperbound) ')
        [ "$(grep -c . <<<"$exact")" -eq 3 ] || { echo "depth $d: $exact"; return 1; }
        while read -r l; do
            k=$((k + 1))
            [ "$(field multipv "$l")" -eq "$k" ] || { echo "depth $d line $k: $l"; return 1; }
            s=$(sort_key "$l")
            [ "$s" -le "$prev" ] || { echo "depth $d: line $k above the one before: $l"; return 1; }
            prev=$s
            line_is_legal "$pos" "$(pv_of "$l")"
        done <<<"$exact"
        last_bound=$(grep -nE "^info depth $d .* (lowerbound|upperbound) " <<<"$scored" | tail -n 1 | cut -d: -f1)
        first_exact=$(grep -nE "^info depth $d " <<<"$scored" | grep -vE ' (lowerbound|upperbound) ' | head -n 1 |
            cut -d: -f1)
        [ -z "$last_bound" ] || [ "$last_bound" -lt "$first_exact" ]
    done
}

@test "debug takes on or off; anything else is named" {
    uci_session 'debug maybe' 'debug' 'debug on' 'debug off' isready
    [ "$(grep -cx 'info string debug takes on or off' <<<"$output")" -eq 2 ]
    grep -qx readyok <<<"$output"
}

@test "seldepth is never below depth (a mate in one cut short by the TT, MultiPV lines)" {
    # Rd8 mates at once (back-rank mate): from depth 2 on every line ends
    # at the TT's mate after one ply.
    ks_start
    ks_send 'position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1' 'go depth 8'
    ks_wait '^bestmove '
    ks_send 'setoption name MultiPV value 4' "position startpos moves e2e4 e7e5 g1f3" 'go depth 8'
    ks_wait '^bestmove ' 2
    ks_sync
    ks_send quit
    ks_end
    grep -q '^bestmove d1d8' "$KS_OUT"
    [ "$(ks_count '^info depth [1-9]')" -gt 8 ]
    while read -r l; do
        [ "$(field seldepth "$l")" -ge "$(field depth "$l")" ] || { echo "seldepth < depth: $l"; return 1; }
    done < <(ks_lines '^info depth [1-9].* seldepth ')
}

@test "nps counts the search only, not the tables built before it" {
    # Five men: the tables the search may reach (KRKN, KPKN, KQKN, ...) are
    # built before a go depth search starts, which takes far longer than
    # the few nodes of depth 1. time counts from go; nps from the search.
    ks_start
    ks_send 'position fen 8/8/3k4/8/3n4/8/2PR4/3K4 w - - 0 1' 'go depth 1'
    ks_wait '^bestmove '
    ks_send quit
    ks_end
    l=$(ks_lines '^info depth 1 ')
    echo "$l"
    nodes=$(field nodes "$l") nps=$(field nps "$l") ms=$(field time "$l")
    [ "$nodes" -gt 0 ]
    # With the build in it, nps would be nodes * 1000 / time.
    [ "$nps" -gt $((10 * nodes * 1000 / (ms > 0 ? ms : 1))) ]
}
