#include "endgame/endgame.h"
#include "engine/bitboard.h"
#include "engine/position.h"
#include "eval/evaluate.h"
#include "tablebase/dtm.h"
#include "tablebase/kpk.h"
#include "harness.h"
#include "search/search.h"

/* Same order as main(): every table the tests touch is built here once. */
void harness_init_engine(void)
{
    bitboard_init();
    position_init();
    kpk_init();
    dtm_init();
    endgame_init();
    eval_init();
    search_init();
}
