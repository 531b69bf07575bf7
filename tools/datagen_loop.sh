#!/bin/sh
# The data generation loop every session keeps running in the background
# (tools/README.md, "Generation"): 15-minute chunks of whole games at nice
# 19, one file per seed under $DATA/viri/. A seed whose file exists is
# never run again, so no game is generated twice; a chunk killed with the
# session leaves whole games plus at most one cut game, which the trainer
# drops. Stop it with: touch $DATA/STOP. EVAL holds datagen's evaluation
# flags (--hce, --nnue or --net FILE; empty: the engine's default).
#   DATA=/work/data BIN=/work/data/bin/datagen-db41c3b TAG=gen0 SEED=1000 nohup tools/datagen_loop.sh &
#   EVAL="--net /work/data/nets/n4.nnue" BIN=... TAG=gen1 SEED=2000 nohup tools/datagen_loop.sh &
DATA=${DATA:-/work/data}
BIN=${BIN:-$DATA/bin/datagen}
TAG=${TAG:-gen0}
SEED=${SEED:-1000}
EVAL=${EVAL:-}
# With the kernel's autogroup scheduling (on in most desktop and cloud
# kernels), nice only orders processes within one session: a loop started
# under setsid or from another terminal would share the cores equally with
# a match. Lowering the whole group makes nice 19 mean it.
[ -w /proc/self/autogroup ] && echo 19 >/proc/self/autogroup 2>/dev/null
mkdir -p "$DATA/viri" || exit 1
cd "$DATA" || exit 1
while [ ! -e "$DATA/STOP" ]; do
    while [ -e "viri/$TAG-s$SEED.viri" ]; do SEED=$((SEED + 1)); done
    nice -n 19 "$BIN" --out "viri/$TAG-s$SEED.viri" --threads 2 --seed "$SEED" --minutes 15 \
        --soft-nodes 5000 --hard-nodes 25000 --syzygy "$DATA/syzygy" $EVAL >>"viri/$TAG.log" 2>>"viri/$TAG.err" &&
        touch "viri/$TAG-s$SEED.viri.done"
    SEED=$((SEED + 1))
done
