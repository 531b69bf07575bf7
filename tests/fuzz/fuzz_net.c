/* libFuzzer target: the net file loader (eval/nnue.h; EvalFile). Each
 * input is a net file. A refused one must leave the active net working;
 * an accepted one (the right size: the 32-byte KSNN header checked, or
 * bullet's headerless layout, whose weights can be anything) must
 * evaluate positions, incrementally as from scratch. */
#include <string.h>

#include "engine/movegen.h"
#include "eval/nnue.h"
#include "fuzz_common.h"

static const char *const FENS[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
};

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    fuzz_init();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[200];
    bool loaded = nnue_load_bytes(data, size, "fuzz", err, sizeof err);
    FUZZ_CHECK(loaded || err[0]);
    for (size_t i = 0; i < sizeof FENS / sizeof *FENS; i++) {
        Position pos;
        FUZZ_CHECK(pos_set_fen(&pos, FENS[i], NULL, 0, NULL, 0));
        NnueAccumulator acc, next, fresh;
        nnue_refresh(&pos, &acc);
        (void)nnue_output(&acc, &pos);
        MoveList list;
        list.count = 0; /* gen_legal appends */
        gen_legal(&pos, &list, GEN_ALL);
        for (int k = 0; k < list.count; k++) {
            NnueDirty d;
            Undo u;
            nnue_dirty(&pos, list.moves[k], &d);
            nnue_apply(&acc, &next, &d);
            pos_make(&pos, list.moves[k], &u);
            nnue_refresh(&pos, &fresh);
            FUZZ_CHECK(!memcmp(&next, &fresh, sizeof fresh));
            FUZZ_CHECK(nnue_output(&next, &pos) == nnue_output(&fresh, &pos));
            pos_unmake(&pos);
        }
    }
    return 0;
}
