#include "endgame.h"

/* Placeholder until the endgame issue lands: no special knowledge. */
void endgame_init(void) {}

bool endgame_evaluate(const Position *pos, int *score)
{
    (void)pos;
    (void)score;
    return false;
}

int endgame_scale_factor(const Position *pos, Color strong)
{
    (void)pos;
    (void)strong;
    return SCALE_NORMAL;
}
