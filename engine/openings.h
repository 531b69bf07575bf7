/* Random openings: a few random legal plies from a base position (the
 * start position or a book line), drawn again until a judge accepts the
 * result. The one way both the engine's `genfens` command
 * (uci/commands/genfens.h) and tools/datagen open their games; the judge
 * (a short search in both) is the caller's, since engine/ knows nothing
 * of the search. */
#ifndef KS_OPENINGS_H
#define KS_OPENINGS_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/position.h"

/* After this many tries (seconds: a book of unbalanced positions) the last
 * opening drawn is taken. */
#define OPENING_MAX_TRIES 1000

/* Whether an opening is good enough to play (e.g. a search scores it
 * within a margin). pos has game's history. */
typedef bool (*OpeningJudge)(const Position *pos, void *ctx);

/* Draws into *pos from base `plies` or `plies + 1` random legal plies (even
 * and odd, so both sides get the move), using and advancing *rng; game
 * receives the moves (so repetitions count) and is emptied first. A draw
 * that meets a mate or stalemate, or ends in one, is drawn again, and so
 * is one judge refuses (judge NULL: every draw is kept). False after
 * OPENING_MAX_TRIES tries, *pos then the last one drawn. */
bool opening_draw(const Position *base, int plies, uint64_t *rng, OpeningJudge judge, void *ctx, Position *pos,
                  GameHistory *game);

#endif
