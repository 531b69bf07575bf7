/* KBNK: the estimate of DTM from the generated statistics
 * (kbnk_table.h): their symmetry reduction and how they combine. */
#include "kbnk_table.h"

static Square transpose(Square s) { return make_square(rank_of(s), file_of(s)); }
static Square anti_transpose(Square s) { return make_square(7 - rank_of(s), 7 - file_of(s)); }

/* The most one piece's square may bring the estimate below the lone
 * king's own value, in plies. A low percentile by one piece's square also
 * counts the rare exact mating nets that square allows: with the lone king
 * in the wrong corner a1 and a knight on d4, everything else just right
 * mates in two. Summed over three pieces, such nets rated positions 40
 * plies from mate as 1 ply away, and the search circled them until the
 * fifty-move rule. The cap keeps each piece's pull to the size a good
 * square has away from those nets. */
#define KBNK_MAX_GAIN 8

static int gain(int plies) { return plies > -KBNK_MAX_GAIN ? plies : -KBNK_MAX_GAIN; }

int kbnk_dtm_estimate(Square lone, Square strong_king, Square knight, Square bishop)
{
    if (rank_of(lone) > file_of(lone)) {
        lone = transpose(lone);
        strong_king = transpose(strong_king);
        knight = transpose(knight);
        bishop = transpose(bishop);
    }
    if (file_of(lone) + rank_of(lone) > 7) {
        lone = anti_transpose(lone);
        strong_king = anti_transpose(strong_king);
        knight = anti_transpose(knight);
        bishop = anti_transpose(bishop);
    }
    int i = kbnk_region_index(lone);
    int lone_dtm = KBNK_LOW_DTM_LONE[i];
    return lone_dtm + gain(KBNK_LOW_DTM_KING[i][strong_king] - lone_dtm)
         + gain(KBNK_LOW_DTM_KNIGHT[i][knight] - lone_dtm) + gain(KBNK_LOW_DTM_BISHOP[i][bishop] - lone_dtm);
}
