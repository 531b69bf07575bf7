/* Texel-tuning support (chessprogramming wiki, "Texel's Tuning Method"):
 * the tunable weights of eval/weights.c as one flat vector, and a trace
 * that gives, per position, how often each weight enters the evaluation, so
 * that a tuner (tools/tune.c) can fit the weights as a linear model.
 *
 * Tracing exists only in a build with -DEVAL_TUNE (`make tools` builds one
 * for the tuner); in the normal build the trace hooks compile to nothing
 * and eval_tune_trace() returns false, so evaluate() pays nothing for it. */
#ifndef KS_EVAL_TUNE_H
#define KS_EVAL_TUNE_H

#include <stdint.h>

#include "engine/position.h"
#include "eval/weights.h"

/* The vector: the tuned entries of each weight of EVAL_WEIGHTS
 * (eval/weights.h), in its order; TP_NAME is where NAME's first tuned entry
 * stands, TP_NAME_LAST its last. PIECE_VALUE covers pawn..queen; PSQT is 6
 * tables of 32 (layout in eval/weights.h); 2-D tables row by row. The
 * complexity features (eval/evaluate.c) enter as eg halves only, and
 * coef[i][WHITE] holds the feature (not per colour); the king-safety units
 * (eval/king.c) are the last group: neither is linear, see below. */
#define TP_ENTRY(name, shape, first, count) TP_##name, TP_##name##_LAST = TP_##name + (count)-1,
enum {
    EVAL_WEIGHTS(TP_ENTRY) /* TP_NAME and TP_NAME_LAST of each weight */
    TP_NB,
    TP_CX_FIRST = TP_COMPLEXITY,
    TP_KS_FIRST = TP_KS_ATTACKER
};
#undef TP_ENTRY

/* Complexity: c = sum_{TP_CX_FIRST <= i < TP_KS_FIRST} coef[i][WHITE] *
 * eg(w_i) moves the endgame half toward or away from zero, never past
 * it: EG += sign(EG) * max(c, -|EG|), with EG all other eg terms (before
 * the scale factor). */

/* The king-safety curve: the units u gathered against a king, a sum of
 * the TP_KS_* weights (mg and eg halves summed separately), cost that king
 * S(-min(max(u_mg, 0), KS_MAX_UNITS)^2 / KS_MG_DIVISOR,
 *   -max(u_eg, 0) / KS_EG_DIVISOR). The curve's shape is not tuned. */
#define KS_MAX_UNITS 500
#define KS_MG_DIVISOR 300
#define KS_EG_DIVISOR 10

/* One position's form. White's evaluation is
 *   (MG * phase + EG * scale / 64 * (24 - phase)) / 24, with
 *   MG = sum_{i < TP_CX_FIRST} (coef[i][WHITE] - coef[i][BLACK]) * mg(w_i)
 *        - ks_mg(WHITE) + ks_mg(BLACK) + fixed_mg,
 *   EG likewise with eg(w_i) and fixed_eg, then the complexity below,
 * up to integer rounding; ks_mg(c) is the mg half of the king-safety curve
 * above for u_mg = sum_{i >= TP_KS_FIRST} coef[i][c] * mg(w_i) (c's own
 * king attacked). fixed_*: terms outside the vector (none at present),
 * White minus Black, centipawns. */
typedef struct {
    int16_t coef[TP_NB][COLOR_NB];
    int fixed_mg, fixed_eg;
    int phase; /* 0 (bare kings and pawns) .. 24 */
    int scale; /* endgame scale factor, 0 .. 64 */
    int eval;  /* evaluate() from White's view, centipawns */
} EvalTrace;

/* Fills *trace for pos and returns true; false (trace undefined) when
 * endgame knowledge decides the evaluation or this build has no tracing. */
bool eval_tune_trace(const Position *pos, EvalTrace *trace);

/* The current weights in vector order: mg and eg halves, centipawns. */
void eval_tune_weights(int mg[TP_NB], int eg[TP_NB]);

/* PSQT table index (weights.h layout) of colour c's piece on s. */
static inline int psqt_index(Color c, Square s)
{
    int file = file_of(s) < 4 ? file_of(s) : 7 - file_of(s);
    return (7 - relative_rank(c, s)) * 4 + file;
}

/* Vector index of the mobility weight for n safe squares. */
static inline int mobility_index(PieceType pt, int n)
{
    return n
         + (pt == KNIGHT ? TP_MOBILITY_KNIGHT :
            pt == BISHOP ? TP_MOBILITY_BISHOP :
            pt == ROOK   ? TP_MOBILITY_ROOK :
                           TP_MOBILITY_QUEEN);
}

#endif
