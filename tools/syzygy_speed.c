/* Syzygy probe speed: WDL and DTZ probes per second on random legal
 * positions (fixed seed) of every table found in the directories given.
 *   build/native/tools/syzygy_speed DIRS [PROBES]
 * The first pass maps the files (not timed); the timed passes probe the
 * same positions again. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/movegen.h"
#include "engine/platform.h"
#include "search/init.h"
#include "tablebase/syzygy.h"
#include "tools/args.h"

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint64_t rng(void)
{
    rng_state ^= rng_state >> 12, rng_state ^= rng_state << 25, rng_state ^= rng_state >> 27;
    return rng_state * 2685821657736338717ull;
}

static const char *const CODES[] = {"KQvK",  "KRvK",  "KBvK",  "KNvK",  "KPvK",  "KQQvK", "KQRvK", "KQBvK", "KQNvK",
                                    "KQPvK", "KRRvK", "KRBvK", "KRNvK", "KRPvK", "KBBvK", "KBNvK", "KBPvK", "KNNvK",
                                    "KNPvK", "KPPvK", "KQvKQ", "KQvKR", "KQvKB", "KQvKN", "KQvKP", "KRvKR", "KRvKB",
                                    "KRvKN", "KRvKP", "KBvKB", "KBvKN", "KBvKP", "KNvKN", "KNvKP", "KPvKP"};

static bool random_position(const char *code, Position *pos)
{
    char board[64] = {0}, fen[100];
    int side = 0, n = 0;
    for (const char *c = code; *c; c++) {
        if (*c == 'v') {
            side = 1;
            continue;
        }
        int s;
        do
            s = (int)(rng() % 64);
        while (board[s] || (*c == 'P' && (s < 8 || s >= 56)));
        board[s] = side ? (char)(*c - 'A' + 'a') : *c;
    }
    for (int r = 7; r >= 0; r--) {
        for (int f = 0; f < 8; f++)
            fen[n++] = board[r * 8 + f] ? board[r * 8 + f] : '1';
        fen[n++] = r ? '/' : ' ';
    }
    snprintf(fen + n, sizeof fen - (size_t)n, "%c - - 0 1", rng() & 1 ? 'w' : 'b');
    if (!pos_set_fen(pos, fen, NULL, 0, NULL, 0))
        return false;
    return !(attackers_to(pos, king_square(pos, !pos->side), occupied(pos)) & pos->by_color[pos->side]);
}

int main(int argc, char **argv)
{
    const char *dirs = NULL;
    int count = 200000;
    const ArgSpec spec[] = {
        ARG_ROW("DIRS", ARG_STRING, &dirs, NULL, "directories of Syzygy files, as SyzygyPath takes them"),
        ARG_ROW("PROBES", ARG_INT, &count, NULL, "random positions probed (default 200000)", .lo = 1, .hi = 100000000,
                .optional = true),
    };
    const int n = sizeof spec / sizeof spec[0];
    ArgsStatus st = args_parse("syzygy_speed", spec, n, argc, argv, stderr);
    if (st != ARGS_OK) {
        args_usage("syzygy_speed", spec, n, st == ARGS_HELP ? stdout : stderr);
        return st == ARGS_HELP ? 0 : 1;
    }
    keysquare_init();
    SyzygyInfo info;
    syzygy_init(dirs, &info);
    printf("%d WDL, %d DTZ tables, up to %d men\n", info.wdl_files, info.dtz_files, info.max_men);
    /* Positions are kept as FENs (100 bytes each); the time of parsing
     * alone is subtracted. */
    char(*fens)[100] = calloc((size_t)count, sizeof *fens);
    static Position pos;
    if (!fens)
        return 1;
    for (int k = 0; k < count;)
        if (random_position(CODES[rng() % (sizeof CODES / sizeof CODES[0])], &pos))
            pos_get_fen(&pos, fens[k++]);
    int v;
    long ok = 0;
    for (int i = 0; i < count; i++) /* maps the files */
        pos_set_fen(&pos, fens[i], NULL, 0, NULL, 0), ok += syzygy_probe_wdl(&pos, &v);
    double t0 = platform_seconds();
    for (int i = 0; i < count; i++)
        pos_set_fen(&pos, fens[i], NULL, 0, NULL, 0);
    double parse = platform_seconds() - t0;
    for (int kind = 0; kind < 2; kind++) {
        t0 = platform_seconds();
        ok = 0;
        for (int i = 0; i < count; i++) {
            pos_set_fen(&pos, fens[i], NULL, 0, NULL, 0);
            ok += kind ? syzygy_probe_dtz(&pos, &v) : syzygy_probe_wdl(&pos, &v);
        }
        double t = platform_seconds() - t0 - parse;
        printf("%s: %d probes (%ld answered) in %.3f s (FEN parsing %.3f s taken off): %.0f probes/s\n",
               kind ? "DTZ" : "WDL", count, ok, t, parse, count / t);
    }
    free(fens);
    return 0;
}
