#include "evaluate.h"

#include "endgame/endgame.h"

/* Placeholder until the evaluation lands: material only. */
static const int VALUE[PIECE_TYPE_NB] = {0, 100, 320, 330, 500, 950, 0};

void eval_init(void) {}

int evaluate(const Position *pos)
{
    int score;
    if (endgame_evaluate(pos, &score))
        return score;
    score = 0;
    for (PieceType pt = PAWN; pt <= QUEEN; pt++)
        score += VALUE[pt] * (popcount(pieces(pos, WHITE, pt)) - popcount(pieces(pos, BLACK, pt)));
    return pos->side == WHITE ? score : -score;
}

void eval_trace(const Position *pos, FILE *out)
{
    fprintf(out, "Final evaluation: %d (side to move)\n", evaluate(pos));
}
