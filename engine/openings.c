/* Random openings (openings.h). */
#include "engine/openings.h"

#include "engine/movegen.h"
#include "engine/random.h"

/* Plays `plies` random legal moves of pos into game; false when a side
 * has no move on the way or at the end. */
static bool random_plies(Position *pos, GameHistory *game, uint64_t *rng, int plies)
{
    for (int i = 0; i < plies; i++) {
        MoveList list;
        list.count = 0;
        gen_legal(pos, &list, GEN_ALL);
        if (list.count == 0)
            return false;
        game_make(game, pos, list.moves[splitmix64(rng) % (uint64_t)list.count]);
    }
    return count_legal(pos) > 0;
}

bool opening_draw(const Position *base, int plies, uint64_t *rng, OpeningJudge judge, void *ctx, Position *pos,
                  GameHistory *game)
{
    for (int tries = 0; tries < OPENING_MAX_TRIES; tries++) {
        *pos = *base;
        pos->undo = NULL;
        game->len = 0;
        int n = plies + (int)(splitmix64(rng) & 1);
        if (!random_plies(pos, game, rng, n))
            continue;
        if (!judge || judge(pos, ctx))
            return true;
    }
    return false;
}
