/* Training positions: the filter and the quiet neighbours (samples.h). */
#include "tools/samples.h"

#include <stdio.h>
#include <stdlib.h>

#include "engine/movegen.h"
#include "engine/random.h"

const TnFilter TN_FILTER_DEFAULT = {
    .min_ply = 16, .max_score = 10000, .skip_check = true, .skip_capture = true, .skip_promotion = true};

bool tn_filter_passes(const TnFilter *f, const Position *pos, Move m, int score)
{
    return pos->game_ply >= f->min_ply && abs(score) < f->max_score && !(f->skip_check && in_check(pos))
        && !(f->skip_capture && is_capture(pos, m)) && !(f->skip_promotion && move_kind(m) == MK_PROMOTION);
}

void tn_filter_describe(const TnFilter *f, char *buf, size_t size)
{
    snprintf(buf, size, "ply >= %d, |score| < %d%s%s%s", f->min_ply, f->max_score,
             f->skip_check ? ", not in check" : "", f->skip_capture ? ", no capture" : "",
             f->skip_promotion ? ", no promotion" : "");
}

bool tn_quiet_neighbour(const Position *pos, int max_plies, uint64_t *rng, Position *out)
{
    *out = *pos;
    int plies = 1 + (int)(splitmix64(rng) % (uint64_t)(max_plies < 1 ? 1 : max_plies > 8 ? 8 : max_plies));
    for (int k = 0; k < plies; k++) {
        MoveList list;
        list.count = 0;
        gen_legal(out, &list, GEN_ALL);
        if (!list.count)
            return false;
        Undo undo;
        pos_make(out, list.moves[splitmix64(rng) % (uint64_t)list.count], &undo);
        out->undo = NULL;
    }
    if (in_check(out))
        return false;
    MoveList noisy;
    noisy.count = 0;
    gen_legal(out, &noisy, GEN_NOISY);
    for (int k = 0; k < noisy.count; k++)
        if (move_kind(noisy.moves[k]) == MK_PROMOTION || see_ge(out, noisy.moves[k], 1))
            return false;
    return true;
}
