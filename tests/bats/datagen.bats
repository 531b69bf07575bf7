#!/usr/bin/env bats
# The data pipeline's programs (tools/datagen, tools/viri, tools/train) and
# the EvalFile / Use NNUE options. The games datagen writes are read back by
# tools/viri, whose reader the unit tests check against the public layout
# (tests/data/samples.viri); here they must replay to legal positions with
# the moves, scores and results datagen logged while playing them.

load helper

TOOLS=${KS_TOOLS:-$BATS_TEST_DIRNAME/../../build/native/tools}

setup() { DIR=$(mktemp -d "${BATS_TEST_TMPDIR:-/tmp}/dg.XXXXXX"); }
teardown() { rm -rf "$DIR"; }

@test "datagen: whole games in viriformat that replay to what was logged" {
    run timeout "$HANG" "$TOOLS/datagen" --out "$DIR/a.viri" --games 4 --threads 2 --seed 3 \
        --soft-nodes 300 --hard-nodes 3000 --log "$DIR/a.log"
    [ "$status" -eq 0 ]
    [[ "$output" =~ "chunk seed 3: games 4 " ]]
    run timeout "$HANG" "$TOOLS/viri" dump "$DIR/a.viri"
    [ "$status" -eq 0 ]
    # The log says "game G result R", the dump "game N result R plies P":
    # compare the results in file order and every ply line.
    diff <(grep -v '^game' "$DIR/a.log") <(printf '%s\n' "${lines[@]}" | grep -v '^game')
    diff <(grep '^game' "$DIR/a.log" | cut -d' ' -f3-4) \
         <(printf '%s\n' "${lines[@]}" | grep '^game' | cut -d' ' -f3-4)
    [ "$(grep -c '^game' "$DIR/a.log")" -eq 4 ]
    [ "$(grep -vc '^game' "$DIR/a.log")" -gt 40 ]
}

@test "datagen: the same seed gives the same games with one thread or two; a new chunk appends" {
    timeout "$HANG" "$TOOLS/datagen" --out "$DIR/one.viri" --games 3 --threads 1 --seed 9 \
        --soft-nodes 300 --hard-nodes 3000 --log "$DIR/one.log"
    timeout "$HANG" "$TOOLS/datagen" --out "$DIR/two.viri" --games 3 --threads 2 --seed 9 \
        --soft-nodes 300 --hard-nodes 3000 --log "$DIR/two.log"
    # Games may be written in another order: compare them sorted by number.
    sorted() { awk '/^game/ { g = $2 } { print g " " $0 }' "$1" | sort -s -n -k1,1; }
    diff <(sorted "$DIR/one.log") <(sorted "$DIR/two.log")
    size=$(stat -c %s "$DIR/one.viri")
    timeout "$HANG" "$TOOLS/datagen" --out "$DIR/one.viri" --games 1 --seed 10 --soft-nodes 300 --hard-nodes 3000
    run "$TOOLS/viri" stats "$DIR/one.viri"
    [[ "$output" =~ "games 4 " ]]
    [ "$(stat -c %s "$DIR/one.viri")" -gt "$size" ]
}

@test "datagen: a chunk killed mid-game is cut back to its whole games before appending" {
    timeout "$HANG" "$TOOLS/datagen" --out "$DIR/k.viri" --games 2 --seed 4 --soft-nodes 300 --hard-nodes 3000
    head -c -7 "$DIR/k.viri" > "$DIR/cut.viri"
    run "$TOOLS/viri" stats "$DIR/cut.viri"
    [ "$status" -eq 1 ]
    run timeout "$HANG" "$TOOLS/datagen" --out "$DIR/cut.viri" --games 1 --seed 5 --soft-nodes 300 --hard-nodes 3000
    [[ "$output" =~ "cut.viri: 2 games" ]]
    run "$TOOLS/viri" stats "$DIR/cut.viri"
    [ "$status" -eq 0 ]
    [[ "$output" =~ "games 2 " ]]
}

@test "datagen: --net FILE plays with that net (the next round's data), --nnue the embedded one, --hce the HCE" {
    net="$BATS_TEST_DIRNAME/../../eval/default.nnue"
    run timeout "$HANG" "$TOOLS/datagen" --out "$DIR/f.viri" --games 2 --seed 6 --soft-nodes 300 --hard-nodes 3000 \
        --net "$net" --log "$DIR/f.log"
    [ "$status" -eq 0 ]
    [[ "$output" =~ "evaluation: $net" ]]
    # The embedded net is eval/default.nnue: the same games, move for move
    # and score for score.
    run timeout "$HANG" "$TOOLS/datagen" --out "$DIR/e.viri" --nnue --games 2 --seed 6 --soft-nodes 300 \
        --hard-nodes 3000 --log "$DIR/e.log"
    [ "$status" -eq 0 ]
    sorted() { awk '/^game/ { g = $2 } { print g " " $0 }' "$1" | sort -s -n -k1,1; }
    diff <(sorted "$DIR/f.log") <(sorted "$DIR/e.log")
    # The hand-crafted evaluation scores the same seed's games otherwise.
    run timeout "$HANG" "$TOOLS/datagen" --out "$DIR/h.viri" --hce --games 2 --seed 6 --soft-nodes 300 \
        --hard-nodes 3000 --log "$DIR/h.log"
    [[ "$output" =~ "evaluation: hand-crafted" ]]
    run diff -q <(sorted "$DIR/f.log") <(sorted "$DIR/h.log")
    [ "$status" -eq 1 ]
    # A file that is not a net is refused before any game is played.
    head -c 100 "$net" > "$DIR/bad.nnue"
    run timeout "$HANG" "$TOOLS/datagen" --out "$DIR/b.viri" --games 1 --net "$DIR/bad.nnue"
    [ "$status" -eq 1 ]
    [ ! -s "$DIR/b.viri" ]
    run timeout "$HANG" "$TOOLS/datagen" --out "$DIR/b.viri" --games 1 --net
    [ "$status" -eq 1 ]
    run timeout "$HANG" "$TOOLS/datagen" --out "$DIR/b.viri" --games 1 --hce --net "$net"
    [ "$status" -eq 1 ]
}

# The training tests take their games from one datagen thread: with two,
# games are written as they finish, so the file's order (and with it the
# batches and every loss below) changes from run to run.
@test "train: learns from datagen's games and writes a net the engine loads with EvalFile" {
    timeout "$HANG" "$TOOLS/datagen" --out "$DIR/t.viri" --games 6 --threads 1 --seed 12 --soft-nodes 300 --hard-nodes 3000
    run timeout "$HANG" "$TOOLS/train" --out "$DIR/net" --epochs 2 --batch 256 --val-every 3 "$DIR/t.viri"
    [ "$status" -eq 0 ]
    [[ "${lines[0]}" =~ ^data:\ 1\ files,\ 6\ games ]]
    [[ "${lines[2]}" =~ ^epoch\ 2\ \ train\ loss ]]
    [ -s "$DIR/net/epoch-2.nnue" ] && [ -s "$DIR/net/last.ckpt" ]
    uci_session "setoption name EvalFile value $DIR/net/epoch-2.nnue" 'setoption name Use NNUE value true' \
        'position startpos' eval 'go depth 3'
    [[ "$output" =~ "info string EvalFile: using the $DIR/net/epoch-2.nnue net" ]]
    [[ "$output" =~ "Network ($DIR/net/epoch-2.nnue net)" ]]
    [[ "$output" =~ bestmove\ [a-h][1-8][a-h][1-8] ]]
}

# Six short games in $DIR/t.viri and a net trained one epoch on them in
# $DIR/a; sets plain to the number of training positions train reported.
games_and_first_net() {
    timeout "$HANG" "$TOOLS/datagen" --out "$DIR/t.viri" --games 6 --threads 1 --seed 12 --soft-nodes 300 --hard-nodes 3000
    run timeout "$HANG" "$TOOLS/train" --out "$DIR/a" --epochs 1 --batch 256 --val-every 3 "$DIR/t.viri"
    [ "$status" -eq 0 ]
    plain=$(echo "${lines[0]}" | sed -E 's/.* games, ([0-9]+) training.*/\1/')
}

@test "train: --baseline, --augment, --init and --init-net" {
    games_and_first_net
    run timeout "$HANG" "$TOOLS/train" --out "$DIR/b" --epochs 1 --batch 256 --val-every 3 --augment 2 --baseline \
        --init "$DIR/a/last.ckpt" "$DIR/t.viri"
    [ "$status" -eq 0 ]
    more=$(echo "${lines[0]}" | sed -E 's/.* games, ([0-9]+) training.*/\1/')
    # Up to two neighbours of each training position; the validation set is untouched.
    [ "$more" -gt "$plain" ] && [ "$more" -le $((3 * plain)) ]
    [[ "${lines[1]}" =~ ^hand-crafted\ evaluation\ on\ the\ validation\ positions:\ \ k\ 0.50\ loss\ 0\.[0-9]+ ]]
    [[ "${lines[2]}" =~ ^epoch\ 1\ \ train\ loss ]]
    run timeout "$HANG" "$TOOLS/train" --out "$DIR/c" --init "$DIR/a/last.ckpt" --resume "$DIR/a/last.ckpt" "$DIR/t.viri"
    [ "$status" -ne 0 ]
    [[ "$output" =~ usage ]]
    # --init-net starts from a quantised net: its first epoch at a tiny
    # learning rate has the training loss of the net it started from, not
    # of a fresh one; a file that is not such a net is refused. "The
    # same" is within a fifth of the fresh net's distance: quantisation
    # moves the loss by about 0.0005 on these few positions, and the
    # games (so the positions) change with the search.
    run timeout "$HANG" "$TOOLS/train" --out "$DIR/f" --epochs 1 --batch 256 --val-every 3 --lr 0.0000001 \
        --init-net "$DIR/a/epoch-1.nnue" "$DIR/t.viri"
    [ "$status" -eq 0 ]
    from_net=$(echo "${lines[1]}" | sed -E 's/.*train loss ([0-9.]+).*/\1/')
    run timeout "$HANG" "$TOOLS/train" --out "$DIR/g" --epochs 1 --batch 256 --val-every 3 --lr 0.0000001 "$DIR/t.viri"
    fresh=$(echo "${lines[1]}" | sed -E 's/.*train loss ([0-9.]+).*/\1/')
    a_loss=$(timeout "$HANG" "$TOOLS/train" --out "$DIR/h" --epochs 1 --batch 256 --val-every 3 --lr 0.0000001 \
        --init "$DIR/a/last.ckpt" "$DIR/t.viri" | sed -n 2p | sed -E 's/.*train loss ([0-9.]+).*/\1/')
    awk -v n="$from_net" -v c="$a_loss" -v f="$fresh" 'BEGIN { d = n - c; e = n - f; if (d < 0) d = -d; if (e < 0) e = -e; exit !(5 * d < e && e > 0.001) }'
    head -c 5000 "$DIR/a/epoch-1.nnue" > "$DIR/short.nnue"
    run timeout "$HANG" "$TOOLS/train" --out "$DIR/i" --init-net "$DIR/short.nnue" "$DIR/t.viri"
    [ "$status" -eq 1 ]
    [[ "$output" =~ "train: cannot start from the net $DIR/short.nnue: net body has 4968 bytes" ]]
}

@test "train: --teacher net or FILE labels the neighbours; a bad teacher file is refused" {
    games_and_first_net
    run timeout "$HANG" "$TOOLS/train" --out "$DIR/b" --epochs 1 --batch 256 --val-every 3 --augment 2 --baseline \
        --teacher "$DIR/a/epoch-1.nnue" "$DIR/t.viri"
    [ "$status" -eq 0 ]
    more=$(echo "${lines[0]}" | sed -E 's/.* games, ([0-9]+) training.*/\1/')
    [ "$more" -gt "$plain" ] && [ "$more" -le $((3 * plain)) ]
    [[ "${lines[1]}" =~ ^teacher\ net\ $DIR/a/epoch-1.nnue\ on\ the\ validation\ positions:\ \ k\ 0.50\ loss\ 0\.[0-9]+ ]]
    run timeout "$HANG" "$TOOLS/train" --out "$DIR/c" --epochs 1 --batch 256 --val-every 3 --baseline --teacher net \
        "$DIR/t.viri"
    [ "$status" -eq 0 ]
    [[ "${lines[1]}" =~ ^the\ embedded\ net\ on\ the\ validation\ positions: ]]
    # The HCE's and a net's figures differ: the teacher is really another evaluation.
    run timeout "$HANG" "$TOOLS/train" --out "$DIR/d" --epochs 1 --batch 256 --val-every 3 --baseline "$DIR/t.viri"
    [ "${lines[1]#*:}" != "$(timeout "$HANG" "$TOOLS/train" --out "$DIR/e" --epochs 1 --batch 256 --val-every 3 \
        --baseline --teacher net "$DIR/t.viri" | sed -n 2p | cut -d: -f2-)" ]
    head -c 1000 "$DIR/a/epoch-1.nnue" > "$DIR/short.nnue"
    run timeout "$HANG" "$TOOLS/train" --out "$DIR/f" --epochs 1 --teacher "$DIR/short.nnue" "$DIR/t.viri"
    [ "$status" -eq 1 ]
    [[ "$output" =~ "train: teacher $DIR/short.nnue refused: " ]]
}

@test "EvalFile: a missing, truncated or foreign file is refused and the engine plays on" {
    printf 'KSNN' > "$DIR/short.nnue"
    head -c 1000 /dev/zero > "$DIR/zeros.nnue"
    uci_session "setoption name EvalFile value $DIR/none.nnue" "setoption name EvalFile value $DIR/short.nnue" \
        "setoption name EvalFile value $DIR/zeros.nnue" 'setoption name Use NNUE value true' 'position startpos' \
        eval 'go depth 4'
    [ "$(printf '%s\n' "${lines[@]}" | grep -c '^info string EvalFile refused: .*; still using the embedded net$')" -eq 3 ]
    [[ "$output" =~ "Network (embedded net)" ]]
    [[ "$output" =~ bestmove\ [a-h][1-8][a-h][1-8] ]]
    # An empty value goes back to the embedded net and says so; start-up is silent.
    uci_session 'setoption name EvalFile value' isready
    [ "${lines[0]}" = "info string EvalFile: using the embedded net" ] && [ "${lines[1]}" = readyok ]
    uci_session isready
    [ "$output" = readyok ]
}
