#!/usr/bin/env bats
# `tb rules kpk`: the study's published counts in the printed table, the
# failing positions checked against `tb probe` (the DTM generator, a
# solver apart from the bitbase), and the SVG files' structure.

load helper

RULES="always-win square opposition key-squares combined"

# svg_balanced FILE: every opening tag is closed in order; self-closing
# tags, the XML declaration and comments stand alone. Pure bash.
svg_balanced() {
    local -a stack=()
    local tag name
    while IFS= read -r tag; do
        case "$tag" in
        '<?'* | '<!'* | *'/>') continue ;;
        '</'*)
            name=${tag#</}
            name=${name%%[ >]*}
            [ "${#stack[@]}" -gt 0 ] && [ "${stack[-1]}" = "$name" ] || {
                echo "unexpected </$name>"
                return 1
            }
            unset 'stack[-1]'
            ;;
        *)
            name=${tag#<}
            name=${name%%[ >]*}
            stack+=("$name")
            ;;
        esac
    done < <(tr '\n' ' ' <"$1" | grep -oE '<[^>]*>')
    [ "${#stack[@]}" -eq 0 ] || {
        echo "unclosed: ${stack[*]}"
        return 1
    }
}

@test "svg_balanced: the checker itself rejects what it must" {
    f="$BATS_TEST_TMPDIR/t.svg"
    printf '<svg><g><rect/></g></svg>\n' >"$f"
    svg_balanced "$f"
    # `! cmd` does not fail a bats test (set -e ignores it): test explicitly.
    printf '<svg><g><rect/></svg></g>\n' >"$f"
    if svg_balanced "$f"; then echo "crossed tags accepted"; return 1; fi
    printf '<svg><g>\n<text>x</text></svg>\n' >"$f"
    if svg_balanced "$f"; then echo "unclosed tag accepted"; return 1; fi
}

@test "tb rules kpk: the study's counts and the always-win baseline" {
    run timeout 60 "$KS" tb rules kpk
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "kpk rules of thumb against the bitbase: pawn on files a-d, both sides to move" ]
    [ "${lines[1]}" = "legal positions 165676 (white to move 81664, black to move 84012)" ]
    [ "${lines[2]}" = "won by White    111282 (white to move 62480, black to move 48802)" ]
    # 111282 / 165676 = 67.2 %, as the study gives it.
    printf '%s\n' "$output" | grep -qE '^always win +67\.2 % +111282 +54394 +0 +0$'
    # One row per rule in each table: overall, by side and rank, by file.
    [ "$(printf '%s\n' "$output" | grep -c '^rule of the square ')" -ge 4 ]
    [ "$(printf '%s\n' "$output" | grep -cE '^  pawn rank [2-7] ')" -eq 30 ]
    [ "$(printf '%s\n' "$output" | grep -cE '^  pawn file [a-d] ')" -eq 20 ]
    # The study: the strict opposition rule decides only 9 won positions
    # once the square and the key squares have spoken.
    printf '%s\n' "$output" | grep -qE '^square, key squares, opposition +opposition +[0-9]+ +[0-9]+ +9$'
}

@test "tb rules kpk --files a-h: the mirror doubles the counts" {
    run timeout 60 "$KS" tb rules kpk --files a-h
    [ "$status" -eq 0 ]
    [ "${lines[1]}" = "legal positions 331352 (white to move 163328, black to move 168024)" ]
    [ "${lines[2]}" = "won by White    222564 (white to move 124960, black to move 97604)" ]
    printf '%s\n' "$output" | grep -qE '^always win +67\.2 % +222564 +108788 +0 +0$'
    [ "$(printf '%s\n' "$output" | grep -cE '^  pawn file [a-h] ')" -eq 40 ]
}

@test "tb rules kpk: each failing position is what tb probe says, and the rule says otherwise" {
    run timeout 60 "$KS" tb rules kpk
    [ "$status" -eq 0 ]
    fails=$(printf '%s\n' "$output" | sed -n '/^where each rule fails/,/^$/p' | grep '^  ')
    [ "$(wc -l <<<"$fails")" -eq 15 ]
    while IFS=';' read -r fen result says; do
        fen=$(echo $fen) result=$(echo $result) says=$(echo $says)
        probe=$("$KS" tb probe $fen | head -n 1)
        [[ "$probe" == "$fen ; $result"* ]] || { echo "$fen: probe says $probe, table $result"; return 1; }
        if [ "$says" = win ]; then [ "$result" = "1/2-1/2" ]; else [ "$says" = draw ] && [ "$result" = "1-0" ]; fi
    done <<<"$fails"
}

@test "tb rules kpk --svg: balanced tags, one series per rule, a board per failing position" {
    svg="$BATS_TEST_TMPDIR/rules.svg"
    run timeout 60 "$KS" tb rules kpk --svg "$svg"
    [ "$status" -eq 0 ]
    [[ "${lines[-1]}" == "wrote $svg and 15 board diagrams "* ]]
    svg_balanced "$svg"
    head -n 2 "$svg" | grep -q '^<svg xmlns="http://www.w3.org/2000/svg"'
    [ "$(grep -c '<g class="series"' "$svg")" -eq 5 ]
    for rule in $RULES; do
        [ "$(grep -c "<g class=\"series\" data-rule=\"$rule\"" "$svg")" -eq 1 ]
        for n in 1 2 3; do
            board="$BATS_TEST_TMPDIR/rules-$rule-$n.svg"
            svg_balanced "$board"
            [ "$(grep -c '<g class="piece"' "$board")" -eq 3 ]
        done
    done
    # Each series: six points, one per pawn rank 2-7, inside the plot.
    [ "$(grep -cE ' points="' "$svg")" -eq 5 ]
    while read -r pts; do
        [ "$(wc -w <<<"$pts")" -eq 6 ]
    done < <(grep -oE ' points="[^"]*"' "$svg")
    grep -q '>pawn rank</text>' "$svg"
    grep -q 'positions the rule gets right' "$svg"
    [ "$(grep -c '<g class="legend"' "$svg")" -eq 1 ]
}

@test "tb rules: bad arguments fail with a message" {
    for args in "" "krk" "kpk --files a-c" "kpk --svg" "kpk --bogus 1"; do
        run "$KS" tb rules $args
        [ "$status" -eq 1 ]
        [[ "$output" == *"usage: keysquare tb rules kpk"* ]]
    done
    run "$KS" tb rules kpk --svg /nonexistent/dir/x.svg
    [ "$status" -eq 1 ]
    [[ "$output" == *"cannot write /nonexistent/dir/x.svg"* ]]
}
