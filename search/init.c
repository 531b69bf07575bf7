/* The engine-wide start-up (init.h). */
#include "init.h"

#include "alphabeta.h"
#include "endgame/endgame.h"
#include "eval/evaluate.h"
#include "eval/nnue.h"
#include "tablebase/init.h"

void keysquare_init(void)
{
    /* Each step reads the tables of the ones before it. */
    tablebase_init();
    endgame_init();
    eval_init();
    nnue_init();
    lmr_init();
}
