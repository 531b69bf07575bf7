/* Static evaluation in centipawns from the side to move's view: tapered
 * midgame/endgame terms (material, piece-square tables, mobility, pawn
 * structure, passed pawns, king shelter and attack, threats, piece
 * placement, space, bishop pair, rooks on open files, tempo, complexity),
 * with endgame knowledge (endgame/) taking over for recognised
 * material. Method: chessprogramming wiki, "Evaluation", "Tapered Eval".
 * The weights live in eval/weights.c. */
#ifndef KS_EVALUATE_H
#define KS_EVALUATE_H

#include <stdio.h>

#include "engine/position.h"
#include "eval/nnue.h"

/* Builds the piece-square look-ups from the weights; run once at startup
 * after bitboard_init() (and again after changing a weight). */
void eval_init(void);
/* Centipawns, side to move's view. Normal evaluations lie within
 * +-9000; endgame knowledge may return scores in the VALUE_KNOWN_WIN band.
 * No allocation; safe to call from several threads at once. */
int evaluate(const Position *pos);
/* evaluate() when the net is on (nnue_enabled), from acc, the up-to-date
 * accumulator of pos: the same value as evaluate(pos) without the
 * refresh. The search keeps accumulators incrementally (nnue.h). */
int evaluate_with(const Position *pos, const NnueAccumulator *acc);
/* Prints a term-by-term breakdown (the UCI `eval` command): per term White
 * and Black (mg, eg), their difference, the phase, the scale factor and a
 * last line "Final evaluation: N (side to move)". */
void eval_trace(const Position *pos, FILE *out);

#endif
