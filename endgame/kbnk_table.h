/* KBNK: how close to mate the kings' and the knight's squares are, as a
 * table generated offline from this project's KBNK DTM table, for the KBNK
 * evaluation (endgame.c) and its generator (tools/kbnk_dtm_table.c).
 * Inside the endgame folder only; the evaluation never probes a DTM table. */
#ifndef KS_KBNK_TABLE_H
#define KS_KBNK_TABLE_H

#include "engine/types.h"

/* The lone king's squares stored: rank <= file and file + rank <= 7 (the
 * triangle a1-h1-d4/e4). Every square maps into it by the symmetries that
 * keep square colours: the a1-h8 and a8-h1 reflections and their product,
 * the half turn. */
#define KBNK_REGION_SIZE 20

/* Generated (endgame/kbnk_table.c): a low percentile (the 2nd) of DTM in
 * plies over all won KBNK positions, strong side to move, bishop
 * light-squared, by kbnk_region_index(lone king) alone, and with the
 * strong king's, the knight's or the bishop's square (a1 = 0). */
extern const short KBNK_LOW_DTM_LONE[KBNK_REGION_SIZE];
extern const short KBNK_LOW_DTM_KING[KBNK_REGION_SIZE][64];
extern const short KBNK_LOW_DTM_KNIGHT[KBNK_REGION_SIZE][64];
extern const short KBNK_LOW_DTM_BISHOP[KBNK_REGION_SIZE][64];

/* 0..KBNK_REGION_SIZE-1 for a square of the stored triangle, else -1;
 * the index grows with the square. Inline so that the generator needs
 * only engine/ and tablebase/, not the table it writes. */
static inline int kbnk_region_index(Square s)
{
    static const int ROW_START[4] = {0, 8, 14, 18}; /* 8, 6, 4, 2 squares */
    int f = file_of(s), r = rank_of(s);
    return r <= f && f + r <= 7 ? ROW_START[r] + f - r : -1;
}

/* Estimated DTM in plies of a won KBNK position, squares a1 = 0, bishop
 * light-squared (mirror the files first for a dark one): the lone king's
 * value, plus for the strong king, the knight and the bishop how far its
 * square moves that value, each gain capped at KBNK_MAX_GAIN plies
 * (kbnk.c says why). The statistics are over positions with the strong side
 * to move; with the lone king to move the result still ranks the squares.
 * A square no position has (the knight giving check) moves nothing. Over
 * every placement with the kings apart the result runs from -11 to 79
 * plies (low percentiles summed, so it can fall below 0). */
int kbnk_dtm_estimate(Square lone, Square strong_king, Square knight, Square bishop);

#endif
