/* Internal to eval/: a midgame/endgame pair packed into one int, so that
 * both halves are summed with a single addition (the packed-score idea of
 * Stockfish and Ethereal; chessprogramming wiki, "Tapered Eval").
 * Layout: value = eg * 65536 + mg, each half a signed centipawn count with
 * |half| < 32768. Only integer arithmetic with defined behaviour is used. */
#ifndef KS_EVAL_SCORE_H
#define KS_EVAL_SCORE_H

#include <stdint.h>

typedef int32_t Score;

#define S(mg, eg) ((Score)((eg)*65536 + (mg)))
#define SCORE_ZERO S(0, 0)

static inline int mg_of(Score s)
{
    int low = (int)((uint32_t)s & 0xFFFFu);
    return (low ^ 0x8000) - 0x8000; /* sign-extend the low 16 bits */
}

static inline int eg_of(Score s) { return (s - mg_of(s)) / 65536; }

#endif
