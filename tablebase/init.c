/* Start-up of engine/ and tablebase/ (init.h). */
#include "init.h"

#include "dtm.h"
#include "engine/bitboard.h"
#include "engine/position.h"
#include "kpk.h"
#include "syzygy.h"

void tablebase_init(void)
{
    /* Each step reads the tables of the ones before it. */
    bitboard_init();
    position_init();
    kpk_init();
    dtm_init();
    syzygy_startup();
}
