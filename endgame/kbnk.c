/* KBNK: the symmetry reduction of the generated DTM statistics
 * (kbnk_table.h). */
#include "kbnk_table.h"

static Square transpose(Square s) { return make_square(rank_of(s), file_of(s)); }
static Square anti_transpose(Square s) { return make_square(7 - rank_of(s), 7 - file_of(s)); }

int kbnk_dtm_estimate(Square lone, Square strong_king, Square knight)
{
    if (rank_of(lone) > file_of(lone)) {
        lone = transpose(lone);
        strong_king = transpose(strong_king);
        knight = transpose(knight);
    }
    if (file_of(lone) + rank_of(lone) > 7) {
        lone = anti_transpose(lone);
        strong_king = anti_transpose(strong_king);
        knight = anti_transpose(knight);
    }
    int i = kbnk_region_index(lone);
    return KBNK_LOW_DTM_KING[i][strong_king] + KBNK_LOW_DTM_KNIGHT[i][knight] - KBNK_LOW_DTM_LONE[i];
}
