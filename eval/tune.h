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

/* Offsets of each weight group in the vector, in the order the S(mg, eg)
 * pairs appear in eval/weights.c (the tuner rewrites that file by this
 * order). PIECE_VALUE covers pawn..queen; PSQT is 6 tables of 32 (layout in
 * eval/weights.h); KING_SHELTER is [edge][rank] row by row. The king
 * attack units are not in the vector: that term is not linear. */
enum {
    TP_PIECE_VALUE = 0,
    TP_PSQT = TP_PIECE_VALUE + 5,
    TP_MOBILITY_KNIGHT = TP_PSQT + 6 * 32,
    TP_MOBILITY_BISHOP = TP_MOBILITY_KNIGHT + 9,
    TP_MOBILITY_ROOK = TP_MOBILITY_BISHOP + 14,
    TP_MOBILITY_QUEEN = TP_MOBILITY_ROOK + 15,
    TP_BISHOP_PAIR = TP_MOBILITY_QUEEN + 28,
    TP_ROOK_OPEN_FILE,
    TP_ROOK_SEMI_OPEN_FILE,
    TP_TEMPO,
    TP_PAWN_DOUBLED,
    TP_PAWN_ISOLATED,
    TP_PAWN_BACKWARD,
    TP_PAWN_CONNECTED,
    TP_PASSED_RANK = TP_PAWN_CONNECTED + 8,
    TP_PASSED_FREE_PATH = TP_PASSED_RANK + 8,
    TP_PASSED_SAFE_PATH = TP_PASSED_FREE_PATH + 8,
    TP_PASSED_KING_OWN = TP_PASSED_SAFE_PATH + 8,
    TP_PASSED_KING_ENEMY = TP_PASSED_KING_OWN + 8,
    TP_KING_SHELTER = TP_PASSED_KING_ENEMY + 8,
    TP_KING_STORM = TP_KING_SHELTER + 4 * 8,
    TP_KING_STORM_BLOCKED = TP_KING_STORM + 8,
    /* Threats (eval/threats.c): BY_PAWN by attacked type knight..queen,
     * BY_MINOR and BY_ROOK pawn..queen. */
    TP_THREAT_BY_PAWN = TP_KING_STORM_BLOCKED + 8,
    TP_THREAT_BY_MINOR = TP_THREAT_BY_PAWN + 4,
    TP_THREAT_BY_ROOK = TP_THREAT_BY_MINOR + 5,
    TP_THREAT_BY_KING = TP_THREAT_BY_ROOK + 5,
    TP_THREAT_HANGING,
    TP_THREAT_PAWN_PUSH,
    TP_THREAT_RESTRICTED,
    TP_THREAT_KNIGHT_ON_QUEEN,
    TP_THREAT_SLIDER_ON_QUEEN,
    TP_SPACE,
    /* Piece placement (eval/pieces.c): OUTPOST knight, bishop. */
    TP_OUTPOST,
    TP_KNIGHT_REACH_OUTPOST = TP_OUTPOST + 2,
    TP_MINOR_BEHIND_PAWN,
    TP_MINOR_KING_DISTANCE,
    TP_BISHOP_PAWNS,
    TP_BISHOP_LONG_DIAGONAL,
    TP_ROOK_ON_SEVENTH,
    TP_QUEEN_ON_SEVENTH,
    TP_ROOK_TRAPPED,
    /* Passed pawns, more (eval/pawns.c). */
    TP_PASSED_BLOCKADED = TP_ROOK_TRAPPED + 1,
    TP_PASSED_ROOK_BEHIND = TP_PASSED_BLOCKADED + 8,
    TP_PASSED_KING_PATH,
    TP_PASSED_UNSTOPPABLE,
    /* Complexity (eval/evaluate.c), 6 features: eg halves only,
     * coef[i][WHITE] holds the feature (not per colour); see below. */
    TP_COMPLEXITY,
    /* King-safety units (eval/king.c), the last group: not linear, see
     * below. ATTACKER and SAFE_CHECK by piece type knight..queen. */
    TP_KS_ATTACKER = TP_COMPLEXITY + 6,
    TP_KS_ZONE_ATTACK = TP_KS_ATTACKER + 4,
    TP_KS_WEAK_SQUARE,
    TP_KS_SAFE_CHECK,
    TP_KS_NO_QUEEN = TP_KS_SAFE_CHECK + 4,
    TP_KS_UNSAFE_CHECK,
    TP_KS_DEFENDER,
    TP_KS_OFFSET,
    TP_NB,
    TP_CX_FIRST = TP_COMPLEXITY,
    TP_KS_FIRST = TP_KS_ATTACKER
};

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
