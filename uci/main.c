/* Command-line entry: subcommands (perft, bench, tb) or the UCI loop. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/movegen.h"
#include "engine/position.h"
#include "search/init.h"
#include "search/search.h"
#include "uci/bench.h"
#include "uci/benchmate.h"
#include "uci/session.h"
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
    if (!uci_join_words(argv, 1, argc, fen, sizeof fen)) {
        fprintf(stderr, "perft: the FEN is too long\n");
        return 1;
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

#ifndef KS_BUILD
#define KS_BUILD "flags unknown"
#endif
#ifdef __VERSION__
#define COMPILER "cc " __VERSION__
#else
#define COMPILER "an unknown compiler"
#endif

static void print_usage(FILE *f)
{
    fprintf(
        f,
        "usage: keysquare [bench [DEPTH] | bench mate [OPTIONS] | perft DEPTH [FEN] | tb stats|dump|probe|rules ...]\n"
        "       keysquare --help | --version\n"
        "With no arguments: the UCI loop on standard input (type 'help' there).\n"
        "  bench [D]              node-count signature; last line 'N nodes M nps'\n"
        "  bench mate [--help]    mating technique against a perfect defender\n"
        "  perft D [FEN]          perft with per-move counts\n"
        "  tb stats|dump|probe    the in-memory tables (see README, Tablebases)\n"
        "  tb rules kpk           the KPK rules of thumb scored against the bitbase\n");
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    keysquare_init();

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
    if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        print_usage(stdout);
        return 0;
    }
    if (argc == 2 && !strcmp(argv[1], "--version")) {
        printf("%s %s\nbuilt with %s, %s\n", ENGINE_NAME, KS_VERSION, COMPILER, KS_BUILD);
        return 0;
    }
    if (argc >= 2) {
        print_usage(stderr);
        return 1;
    }
    return uci_loop();
}
