/* perft against published counts: the standard chessprogramming positions
 * and the 123-position suite of tests/data/perft.epd (counts checked against
 * Stockfish), and the Chess960 suite of tests/data/perft960.epd. Depths here keep each position under PERFT_NODE_CAP
 * nodes; `make perft-full` runs every depth. */
#include <stdlib.h>
#include <string.h>

#include "engine/movegen.h"
#include "harness.h"

#define PERFT_NODE_CAP 400000ULL

static Position pos;

static void set(const char *fen)
{
    char err[128];
    bool ok = pos_set_fen(&pos, fen, err, sizeof err, NULL, 0);
    CHECK_MSG(ok, "%s: %s", fen, err);
}

TEST(perft_start_position)
{
    static const uint64_t expected[] = {1, 20, 400, 8902, 197281, 4865609};
    set(START_FEN);
    for (int d = 0; d <= 5; d++)
        CHECK_EQ_U64(perft(&pos, d), expected[d]);
}

TEST(perft_kiwipete)
{
    set("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    CHECK_EQ_U64(perft(&pos, 1), 48);
    CHECK_EQ_U64(perft(&pos, 2), 2039);
    CHECK_EQ_U64(perft(&pos, 3), 97862);
    CHECK_EQ_U64(perft(&pos, 4), 4085603);
}

/* Chessprogramming wiki "Perft Results", position 5: a promotion and
 * castling-rights trap. */
TEST(perft_position5)
{
    set("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8");
    CHECK_EQ_U64(perft(&pos, 1), 44);
    CHECK_EQ_U64(perft(&pos, 2), 1486);
    CHECK_EQ_U64(perft(&pos, 3), 62379);
    CHECK_EQ_U64(perft(&pos, 4), 2103487);
}

/* Position 6 (Steven Edwards' alternative). */
TEST(perft_position6)
{
    set("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10");
    CHECK_EQ_U64(perft(&pos, 1), 46);
    CHECK_EQ_U64(perft(&pos, 2), 2079);
    CHECK_EQ_U64(perft(&pos, 3), 89890);
    CHECK_EQ_U64(perft(&pos, 4), 3894594);
}

/* Every position of an EPD suite ("FEN ;D1 n ;D2 n ...", # comments) at
 * each depth whose count is at most PERFT_NODE_CAP; returns the positions. */
static int run_suite(const char *path, bool chess960)
{
    FILE *f = fopen(path, "r");
    CHECK_MSG(f != NULL, "cannot open %s", path);
    if (!f)
        return 0;
    char *line = NULL, err[128];
    size_t cap = 0;
    int positions = 0;
    while (getline(&line, &cap, f) > 0) {
        char *semi = strchr(line, ';');
        if (!semi || line[0] == '#')
            continue;
        *semi = '\0';
        bool ok = pos_set_fen_mode(&pos, line, chess960, err, sizeof err, NULL, 0);
        CHECK_MSG(ok, "%s: %s", line, err);
        positions++;
        for (char *p = semi + 1; (p = strstr(p, "D")) != NULL;) {
            char *end;
            int depth = (int)strtol(p + 1, &end, 10);
            uint64_t count = strtoull(end, &end, 10);
            p = end;
            if (count > PERFT_NODE_CAP)
                break;
            uint64_t got = perft(&pos, depth);
            CHECK_MSG(got == count, "%s depth %d: %llu, expected %llu", line, depth, (unsigned long long)got,
                      (unsigned long long)count);
        }
    }
    free(line);
    fclose(f);
    return positions;
}

TEST(perft_suite)
{
    const char *path = getenv("KS_PERFT_EPD") ? getenv("KS_PERFT_EPD") : "tests/data/perft.epd";
    CHECK_EQ_U64(run_suite(path, false), 123);
}

/* Chess960: starting setups, positions from 960 games and castling cases
 * with published counts (sources in the file). */
TEST(perft_chess960_suite) { CHECK_EQ_U64(run_suite("tests/data/perft960.epd", true), 130); }
