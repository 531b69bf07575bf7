/* Static evaluation in centipawns from the side to move's view. evaluate
 * asks the endgame layer (endgame/) first: for recognised material its
 * evaluation decides. Otherwise it asks the net (eval/nnue.h; the default,
 * UCI option `Use NNUE`) or, with the net off, the hand-crafted tapered
 * terms (material, piece-square tables, mobility, pawn structure, passed
 * pawns, king shelter and attack, threats, piece placement, space, bishop
 * pair, rooks on open files, tempo, complexity; weights in
 * eval/weights.c); the endgame layer's scale factor applies to either.
 * Method: chessprogramming wiki, "Evaluation", "Tapered Eval", "NNUE". */
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
/* evaluate(pos) in a search: pos is the position at ply of the moves
 * pushed into st (nnue_push), whose state makes the net's value cheap;
 * the same value as evaluate(pos). Each search thread has its own st. */
int evaluate_in_search(const Position *pos, NnueStack *st, int ply);
/* Prints a term-by-term breakdown (the UCI `eval` command): per term White
 * and Black (mg, eg), their difference, the phase, the scale factor and a
 * last line "Final evaluation: N (side to move)", or "none (in check)". */
void eval_trace(const Position *pos, FILE *out);

#endif
