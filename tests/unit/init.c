#include "endgame/endgame.h"
#include "engine/bitboard.h"
#include "engine/position.h"
#include "eval/evaluate.h"
#include "harness.h"

/* Same order as main(): every table the tests touch is built here once. */
void harness_init_engine(void)
{
    bitboard_init();
    position_init();
    endgame_init();
    eval_init();
}
