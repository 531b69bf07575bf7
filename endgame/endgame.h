/* Endgame knowledge keyed by material: special evaluations (KXK, KBNK,
 * KPK, drawn material, KRKP, KRKB, KRKN, KQKP, KQKR) and scale factors
 * (KBPK with the wrong rook pawn, opposite-coloured bishops, drawish
 * material). endgame_init() runs once at startup after position_init() and
 * kpk_init(). Ideas from Stockfish 16 endgame.cpp / material.cpp and the
 * chessprogramming wiki pages on these endings; the code is our own. */
#ifndef KS_ENDGAME_H
#define KS_ENDGAME_H

#include "engine/position.h"

/* Scale factors apply to the endgame half of the evaluation, /64. */
enum {
    SCALE_DRAW = 0,
    /* Strong side without pawns, at most a minor piece ahead (KRKB-like
     * material; a lone minor or less is SCALE_DRAW). */
    SCALE_NO_PAWNS_VS_MINOR = 4, /* the weak side has at most a minor */
    SCALE_NO_PAWNS = 14,
    /* Bishops of opposite colours and pawns only: the base, plus a little
     * per extra pawn (endgame.c). */
    SCALE_OPPOSITE_BISHOPS = 18,
    SCALE_OPPOSITE_BISHOPS_PIECES = 40, /* with other pieces as well */
    SCALE_ONE_PAWN = 48,                /* one pawn and at most a minor ahead */
    SCALE_NORMAL = 64
};

/* Registers the material codes; aborts (message on stderr) if two codes
 * share a material key or a code is malformed. Call once. */
void endgame_init(void);

/* If pos's material has a special evaluation, stores it in *score
 * (centipawns, side to move's view; known wins in the VALUE_KNOWN_WIN band,
 * at most VALUE_MATE_IN_MAX_PLY - 1) and returns true. Look-up order: exact
 * evaluation by material key, insufficient material (draw), generic KXK. */
bool endgame_evaluate(const Position *pos, int *score);

/* Scale factor (0..64) for the endgame part of a normal evaluation whose
 * favoured side is strong. SCALE_NORMAL when nothing is known. Look-up
 * order: exact scaling by material key, generic scaling, drawish defaults. */
int endgame_scale_factor(const Position *pos, Color strong);

#endif
