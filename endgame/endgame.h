/* Endgame knowledge keyed by material: special evaluations (KXK, KBNK,
 * KPK, ...) and scale factors. endgame_init() runs once at startup after
 * position_init() and the KPK bitbase. */
#ifndef KS_ENDGAME_H
#define KS_ENDGAME_H

#include "engine/position.h"

/* Scale factors apply to the endgame half of the evaluation, /64. */
enum { SCALE_DRAW = 0, SCALE_NORMAL = 64 };

void endgame_init(void);

/* If pos's material has a special evaluation, stores it in *score
 * (centipawns, side to move's view; known wins in the VALUE_KNOWN_WIN band)
 * and returns true. */
bool endgame_evaluate(const Position *pos, int *score);

/* Scale factor (0..64) for the endgame part of a normal evaluation whose
 * favoured side is strong. SCALE_NORMAL when nothing is known. */
int endgame_scale_factor(const Position *pos, Color strong);

#endif
