/* Command-line entry: subcommands (perft, bench, tb) or the UCI loop. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/movegen.h"
#include "engine/parse.h"
#include "engine/platform.h"
#include "engine/position.h"
#include "eval/nnue.h"
#include "search/init.h"
#include "search/search.h"
#include "uci/commands/bench.h"
#include "uci/commands/benchmate.h"
#include "uci/commands/genfens.h"
#include "uci/commands/tbcmd.h"
#include "uci/uci.h"

static int perft_main(int argc, char **argv)
{
    char fen[512] = "", err[160];
    Position position, *pos = &position;
    int64_t depth;
    if (parse_i64(argv[0], 0, 64, &depth) != PARSE_OK) {
        fprintf(stderr, "perft: depth must be a number 0..64\n");
        return 1;
    }
    if (!join_words(argv, 1, argc, fen, sizeof fen)) {
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
        "  tb rules kpk           the KPK rules of thumb scored against the bitbase\n"
        "  \"genfens N seed S book <None|FILE>\" \"quit\"   N random balanced openings (OpenBench DATAGEN)\n");
}

/* OpenBench's DATAGEN workload runs `engine "genfens N seed S book B"
 * "quit"`: each argument one command, with the net it tests embedded at
 * build time (make EVALFILE=NET). `setoption name EvalFile value NET` and
 * `Use NNUE` arguments are also taken, for a run by hand with another net;
 * they are the only settings genfens needs. */
static int genfens_main(int argc, char **argv)
{
    static const char EVALFILE[] = "setoption name EvalFile value ", USE_NNUE[] = "setoption name Use NNUE value ";
    for (int i = 1; i < argc; i++) {
        char err[320];
        if (!strncmp(argv[i], EVALFILE, sizeof EVALFILE - 1)) {
            if (!nnue_load(argv[i] + sizeof EVALFILE - 1, err, sizeof err)) {
                printf("info string EvalFile refused: %s\n", err);
                return 1;
            }
            /* OpenBench passes only the net: the net it names evaluates. */
            nnue_set_enabled(true);
        } else if (!strncmp(argv[i], USE_NNUE, sizeof USE_NNUE - 1))
            nnue_set_enabled(!strcmp(argv[i] + sizeof USE_NNUE - 1, "true"));
        else if (!strncmp(argv[i], "genfens", 7)) {
            if (!genfens_run(argv[i], stdout))
                return 1;
        } else if (strcmp(argv[i], "quit")) {
            /* Not "info string genfens ...": OpenBench reads those lines as FENs. */
            printf("info string error: unknown command '%s' (genfens mode takes genfens, setoption name EvalFile "
                   "or Use NNUE, and quit)\n",
                   argv[i]);
            return 1;
        }
    }
    return 0;
}

static bool is_genfens_call(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (!strncmp(argv[i], "genfens ", 8))
            return true;
    return false;
}

int main(int argc, char **argv)
{
    platform_stdout_per_line();
    keysquare_init();

    if (is_genfens_call(argc, argv))
        return genfens_main(argc, argv);
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
        int64_t depth = 0;
        if (argc > 3) {
            fprintf(stderr, "usage: keysquare bench [DEPTH 1..%d]\n", MAX_PLY - 1);
            return 1;
        }
        if (argc == 3 && parse_i64(argv[2], 1, MAX_PLY - 1, &depth) != PARSE_OK) {
            fprintf(stderr, "usage: keysquare bench [DEPTH 1..%d]\n", MAX_PLY - 1);
            return 1;
        }
        return bench_run((int)depth);
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
