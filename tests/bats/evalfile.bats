#!/usr/bin/env bats
# `make EVALFILE=NET` embeds NET instead of eval/default.nnue (OpenBench
# builds engines this way), and a file the loader refuses stops the build
# with the loader's reason. The reference is the engine's other way in,
# `setoption name EvalFile`, which reads the same file at run time.
load helper

ROOT=$BATS_TEST_DIRNAME/../..

# The embedded net with its output bias moved: a net that evaluates every
# position differently, of the shape this build reads. The offset is the
# public layout's: the 32-byte KSNN header, then i16 tensors, the output
# bias last (eval/nnue_arch.h).
second_net() {
    python3 - "$ROOT/eval/default.nnue" "$1" <<'PY'
import struct, sys
b = bytearray(open(sys.argv[1], 'rb').read())
# The KSNN header: a 4-byte tag and u32 fields, the hidden size third; then
# i16 tensors (768 x H, H, buckets x 2H, buckets) padded to 64 bytes, so the
# number of output buckets follows from the size, whatever the shape.
h = struct.unpack_from('<I', b, 12)[0]
buckets = ((len(b) - 32) // 2 - 769 * h) // (2 * h + 1)
off = 32 + 2 * (769 * h + buckets * 2 * h)
for i in range(buckets):
    v = struct.unpack_from('<h', b, off + 2 * i)[0]
    struct.pack_into('<h', b, off + 2 * i, v + 3264)
open(sys.argv[2], 'wb').write(b)
PY
}


# A quick build in a folder of its own (-O0: only what is embedded matters),
# without the settings of a make test-asan around it.
build_with() {
    env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$ROOT" -j2 EXE="$BATS_TEST_TMPDIR/ks" BUILD="$BATS_TEST_TMPDIR/build" OPT=-O0 ARCH=portable \
        EVALFILE="$1" 2>&1
}

@test "make EVALFILE=NET embeds NET; a net the loader refuses stops the build with its reason" {
    net=$BATS_TEST_TMPDIR/second.nnue
    second_net "$net"
    run build_with "$net"
    echo "$output"
    [ "$status" -eq 0 ]
    embedded=$(printf '%s\n' 'position startpos' eval quit | "$BATS_TEST_TMPDIR/ks" | sed -nE 's/^Final evaluation: (-?[0-9]+) .*/\1/p')
    loaded=$(printf '%s\n' "setoption name EvalFile value $net" 'position startpos' eval quit | "$KS" | sed -nE 's/^Final evaluation: (-?[0-9]+) .*/\1/p')
    default=$(printf '%s\n' 'position startpos' eval quit | "$KS" | sed -nE 's/^Final evaluation: (-?[0-9]+) .*/\1/p')
    echo "embedded $embedded, EvalFile $loaded, default $default"
    [ -n "$embedded" ] && [ "$embedded" = "$loaded" ] && [ "$embedded" != "$default" ]
    printf '%s\n' 'position startpos' eval quit | "$BATS_TEST_TMPDIR/ks" | grep -q '^Network (embedded net)'

    # A truncated net: the build stops, names the file and the loader's reason, and leaves no binary.
    head -c 1000 "$net" >"$BATS_TEST_TMPDIR/bad.nnue"
    run build_with "$BATS_TEST_TMPDIR/bad.nnue"
    echo "$output"
    [ "$status" -ne 0 ]
    grep -q 'net body has 968 bytes' <<<"$output"
    grep -q 'bad.nnue cannot be the embedded net' <<<"$output"
    [ ! -e "$BATS_TEST_TMPDIR/ks" ]
}
