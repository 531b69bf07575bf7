#!/bin/sh
# Full-depth perft over an EPD suite ("FEN ;D1 n ;D2 n ..."): every depth of
# every position, compared with the published count; lines starting with #
# are comments. `keysquare perft` reads a FEN with Chess960 castling rights
# as Chess960, so one script serves both suites. Usage: perft_full.sh EXE EPD...
exe=$1
shift
fail=0
pass=0
for epd in "$@"; do
while IFS= read -r line; do
    case $line in '#'* | '') continue ;; esac
    fen=${line%%;*}
    rest=${line#*;}
    for field in $(printf '%s' "$rest" | tr ';' '\n' | sed 's/^ *D//; s/ *$//' | tr ' ' ':'); do
        depth=${field%%:*}
        want=${field#*:}
        # shellcheck disable=SC2086
        got=$("$exe" perft "$depth" $fen | sed -n 's/^Nodes searched: //p')
        if [ "$got" = "$want" ]; then pass=$((pass + 1)); else
            fail=$((fail + 1)); echo "FAIL $fen depth $depth: $got, expected $want"; fi
    done
done < "$epd"
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
