/* Developer tool, never shipped: prints endgame/kbnk_table.c, a low
 * percentile of the distance to mate of won KBNK positions by the lone
 * king's square and the square of the strong king, the knight or the
 * bishop.
 *
 * Builds this project's KBNK DTM table (tablebase/), visits every legal
 * position with White (the bishop and knight side) to move and winning,
 * mirrors left-right when the bishop stands on a dark square so that the
 * bishop is always light-squared (mating corners a8 and h1), and takes the
 * KBNK_PERCENTILE-th percentile of the DTM in plies over all such
 * positions with the lone king on a given square, and with the lone king
 * and the strong king (or the knight, or the bishop) on a given pair of
 * squares. Printed
 * in plies for the lone king on the 20 squares of
 * kbnk_region_index; the other 44 follow by the symmetries that keep
 * square colours, which leave these statistics unchanged. Build and run:
 *   make tools && build/native/tools/kbnk_dtm_table > endgame/kbnk_table.c
 * (CI regenerates it so and checks that nothing changes). The output is
 * formatted as the tree is, but for the tables: they are left out of
 * clang-format, one rank a line. An optional argument sets another percentile (for experiments). */
#include <stdio.h>
#include <stdlib.h>

#include "endgame/kbnk_table.h"
#include "engine/bitboard.h"
#include "engine/position.h"
#include "tablebase/dtm.h"
#include "tablebase/init.h"
#include "tools/args.h"

/* The mean over all placements of the other pieces (or the 25th or 10th
 * percentile) rates the kings' squares by mostly badly placed pieces; the
 * 2nd percentile rates them by the pieces placed well, which is what the
 * search can reach. In bench mate (20000 nodes a move) the 20 games the
 * mean lost were all won with the 2nd, 5th and 10th percentiles, 16-18 with
 * the 25th, 13 with the 1st. */
#define KBNK_PERCENTILE 2
#define MAX_PLIES 128 /* above the longest KBNK mate, 66 plies */

enum { BY_KING, BY_KNIGHT, BY_BISHOP, BY_NB };

typedef struct {
    unsigned pair[BY_NB][64][64][MAX_PLIES]; /* positions by DTM in plies */
    unsigned lone[64][MAX_PLIES];
} Histograms;

static void visit(const DtmEntry *e, void *ctx)
{
    Histograms *h = ctx;
    if (e->stm != WHITE || e->result.wdl <= 0)
        return;
    int b = type_of(e->piece[2]) == BISHOP ? 2 : 3;
    int mirror = (square_bb(e->square[b]) & DARK_SQUARES) ? 7 : 0;
    int lone = e->square[1] ^ mirror;
    int by[BY_NB] = {e->square[0] ^ mirror, e->square[5 - b] ^ mirror, e->square[b] ^ mirror};
    if (e->result.plies < 0 || e->result.plies >= MAX_PLIES) {
        fprintf(stderr, "kbnk_dtm_table: DTM %d plies outside 0..%d\n", e->result.plies, MAX_PLIES - 1);
        exit(1);
    }
    for (int k = BY_KING; k < BY_NB; k++)
        h->pair[k][lone][by[k]][e->result.plies]++;
    h->lone[lone][e->result.plies]++;
}

/* The percentile in plies; `empty` for an empty histogram. */
static int percentile(const unsigned *hist, int pct, int empty)
{
    unsigned long long total = 0, acc = 0;
    for (int i = 0; i < MAX_PLIES; i++)
        total += hist[i];
    for (int i = 0; i < MAX_PLIES && total; i++) {
        acc += hist[i];
        if (acc * 100 >= total * (unsigned long long)pct)
            return i;
    }
    return empty;
}

static void print_pairs(const Histograms *h, int k, const char *name, int pct)
{
    printf("const short %s[KBNK_REGION_SIZE][64] = {\n", name);
    for (Square lone = 0; lone < 64; lone++) {
        if (kbnk_region_index(lone) < 0)
            continue; /* squares go up by rank, then file: the index order */
        /* A square no legal position has (a knight giving check, kings
         * adjacent) gets the lone king's own value, so that it moves the
         * estimate by nothing: the evaluation may still meet the lone king
         * in check from the knight, and a 0 there read as mate near. */
        int neutral = percentile(h->lone[lone], pct, 0);
        printf("    /* lone king %c%d */\n    {", 'a' + file_of(lone), rank_of(lone) + 1);
        for (int sq = 0; sq < 64; sq++)
            printf("%s%d,", sq % 8 ? " " : sq ? "\n     " : "", percentile(h->pair[k][lone][sq], pct, neutral));
        printf("},\n");
    }
    printf("};\n\n");
}

int main(int argc, char **argv)
{
    static Histograms hist;
    int pct = KBNK_PERCENTILE;
    const ArgSpec spec[] = {
        ARG_ROW("PERCENTILE", ARG_INT, &pct, NULL, "the percentile of the tables, 1..100 (default 2)", .lo = 1,
                .hi = 100, .optional = true),
    };
    ArgsStatus st = args_parse("kbnk_dtm_table", spec, 1, argc, argv, stderr);
    if (st != ARGS_OK) {
        args_usage("kbnk_dtm_table", spec, 1, st == ARGS_HELP ? stdout : stderr);
        return st == ARGS_HELP ? 0 : 1;
    }
    /* Not keysquare_init: this program writes endgame/kbnk_table.c, so it
     * links only engine/ and tablebase/ (a broken or missing generated
     * file must not keep it from being regenerated). */
    tablebase_init();
    DtmTable *t = dtm_table("KBNK", NULL, 0);
    if (!t || !dtm_build(t)) {
        fprintf(stderr, "kbnk_dtm_table: cannot build KBNK\n");
        return 1;
    }
    dtm_foreach(t, DTM_VISIT_ALL, visit, &hist);
    printf("/* Generated by tools/kbnk_dtm_table.c from this project's KBNK DTM table\n"
           " * (see there); regenerate with\n"
           " *   make tools && build/native/tools/kbnk_dtm_table > endgame/kbnk_table.c\n"
           " * The %d%s percentile of DTM in plies over every won KBNK\n"
           " * position with the strong side to move and the bishop light-squared,\n"
           " * with the lone king on the square of region index i\n"
           " * (kbnk_region_index), and the strong king, the knight or the bishop\n"
           " * on s (a1 = 0, one rank a line, rank 1 first). Squares no legal\n"
           " * position has (adjacent kings, a knight giving check, a dark square\n"
           " * for the bishop) hold the lone king's own value, so that they move\n"
           " * kbnk_dtm_estimate by nothing. */\n"
           "#include \"kbnk_table.h\"\n\n"
           "/* The tables keep the layout this program gives them. */\n"
           "// clang-format off\n"
           "const short KBNK_LOW_DTM_LONE[KBNK_REGION_SIZE] = {\n   ",
           pct,
           pct == 1 ? "st" :
           pct == 2 ? "nd" :
           pct == 3 ? "rd" :
                      "th");
    for (Square lone = 0; lone < 64; lone++)
        if (kbnk_region_index(lone) >= 0)
            printf(" %d,", percentile(hist.lone[lone], pct, 0));
    printf("\n};\n\n");
    print_pairs(&hist, BY_KING, "KBNK_LOW_DTM_KING", pct);
    print_pairs(&hist, BY_KNIGHT, "KBNK_LOW_DTM_KNIGHT", pct);
    print_pairs(&hist, BY_BISHOP, "KBNK_LOW_DTM_BISHOP", pct);
    return 0;
}
