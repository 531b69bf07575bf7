/* libFuzzer target: the training-data reader (tools/viriformat.h). Each
 * input is a viriformat file. Every game it reads is written again and
 * read back: the same start position, result, moves and scores. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "tools/viriformat.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    fuzz_init();
    return 0;
}

static ViriPly plies[VIRI_MAX_PLIES], again[VIRI_MAX_PLIES];
static uint8_t buf[VIRI_BOARD_BYTES + 4 * VIRI_MAX_PLIES + 4];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    FILE *f = fmemopen((void *)data, size, "rb");
    if (!f)
        return 0;
    char err[200];
    Position start, start2;
    int result, result2, count;
    for (int games = 0; games < 64 && (count = viri_read_game(f, &start, &result, plies, err, sizeof err)) >= 0;
         games++) {
        size_t n = viri_game_bytes(&start, result, plies, count, buf, sizeof buf);
        FUZZ_CHECK(n == VIRI_BOARD_BYTES + 4 * (size_t)count + 4);
        FILE *g = fmemopen(buf, n, "rb");
        FUZZ_CHECK(g);
        FUZZ_CHECK(viri_read_game(g, &start2, &result2, again, err, sizeof err) == count);
        FUZZ_CHECK(start2.key == start.key && result2 == result);
        for (int i = 0; i < count; i++)
            FUZZ_CHECK(again[i].move == plies[i].move && again[i].score == plies[i].score);
        fclose(g);
    }
    fclose(f);
    return 0;
}
