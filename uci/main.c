/* Command-line entry: subcommands (perft, bench, tb) or the UCI loop. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/movegen.h"
#include "engine/position.h"
#include "search/search.h"
#include "uci/bench.h"
#include "uci/benchmate.h"
#include "uci/tbcmd.h"
#include "uci/uci.h"

static int perft_main(int argc, char **argv)
{
    char fen[512] = "", err[160];
    Position position, *pos = &position;
    char *end;
    long depth = strtol(argv[0], &end, 10);
    if (*end || depth < 0 || depth > 64) {
        fprintf(stderr, "perft: depth must be a number 0..64\n");
        return 1;
    }
    for (int i = 1; i < argc; i++) {
        strncat(fen, argv[i], sizeof fen - strlen(fen) - 2);
        strcat(fen, " ");
    }
    /* Read as Chess960, which keeps every castling right standard chess
     * keeps; castling is written king-takes-rook only where it is not
     * standard castling. */
    if (!pos_set_fen_mode(pos, argc > 1 ? fen : START_FEN, true, err, sizeof err, NULL, 0)) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    pos->chess960 = !pos_castling_is_standard(pos);
    perft_divide(pos, (int)depth, stdout);
    return 0;
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    search_init();

    if (argc >= 2 && !strcmp(argv[1], "tb"))
        return tb_main(argc - 2, argv + 2);
    if (argc >= 2 && !strcmp(argv[1], "perft")) {
        if (argc < 3) {
            fprintf(stderr, "usage: keysquare perft DEPTH [FEN]\n");
            return 1;
        }
        return perft_main(argc - 2, argv + 2);
    }
    if (argc >= 3 && !strcmp(argv[1], "bench") && !strcmp(argv[2], "mate"))
        return bench_mate_main(argc - 3, argv + 3);
    if (argc >= 2 && !strcmp(argv[1], "bench")) {
        int depth = 0;
        if (argc > 3) {
            fprintf(stderr, "usage: keysquare bench [DEPTH 1..%d]\n", MAX_PLY - 1);
            return 1;
        }
        if (argc == 3) {
            char *end;
            depth = (int)strtol(argv[2], &end, 10);
            if (*end || depth < 1 || depth >= MAX_PLY) {
                fprintf(stderr, "usage: keysquare bench [DEPTH 1..%d]\n", MAX_PLY - 1);
                return 1;
            }
        }
        return bench_run(depth);
    }
    if (argc >= 2) {
        fprintf(
            stderr,
            "usage: keysquare [bench [DEPTH] | bench mate [OPTIONS] | perft DEPTH [FEN] | tb stats|dump|probe ...]\n");
        return 1;
    }
    return uci_loop();
}
