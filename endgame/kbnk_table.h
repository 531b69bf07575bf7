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
 * strong king's or the knight's square (a1 = 0). */
extern const short KBNK_LOW_DTM_LONE[KBNK_REGION_SIZE];
extern const short KBNK_LOW_DTM_KING[KBNK_REGION_SIZE][64];
extern const short KBNK_LOW_DTM_KNIGHT[KBNK_REGION_SIZE][64];

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
 * light-squared (mirror the files first for a dark one): the value by the
 * two kings, plus how far the knight's square moves the value by the lone
 * king alone. The statistics are over positions with the strong side to
 * move; with the lone king to move the result still ranks the squares.
 * Where the knight gives check (no such statistic) it moves nothing, so
 * the result is the kings' value. Over every legal placement the result
 * runs from -37 to 69 plies (a low percentile summed, so it can fall
 * below 0); 1 to 59 with the lone king in check. */
int kbnk_dtm_estimate(Square lone, Square strong_king, Square knight);

#endif
