/* Which positions of the games become training samples, and the positions
 * the trainer adds beside them (--augment). Apart from the net
 * (tools/nn_train.h), so that the filter can be read and set on its own. */
#ifndef KS_SAMPLES_H
#define KS_SAMPLES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/position.h"

/* The thresholds a position of a game must pass to be trained on. */
typedef struct {
    int min_ply;                                   /* the game ply (from the move number) at least this */
    int max_score;                                 /* |score| (cp) below this */
    bool skip_check, skip_capture, skip_promotion; /* of the side to move; of the move played there */
} TnFilter;

/* The field's filters (Viridithas' defaults): ply >= 16, |score| < 10000,
 * not in check, the move played neither a capture nor a promotion. */
extern const TnFilter TN_FILTER_DEFAULT;

/* Whether pos, whose game played m there with score (cp, either view),
 * passes f. */
bool tn_filter_passes(const TnFilter *f, const Position *pos, Move m, int score);

/* f in words, as the trainer's summary prints it ("ply >= 16, |score| <
 * 10000, not in check, no capture, no promotion"), cut to size bytes. */
void tn_filter_describe(const TnFilter *f, char *buf, size_t size);

/* A position 1 to max_plies (1..8) random legal plies from pos, drawn by
 * *rng, that a static evaluation can label: the side to move is not in
 * check and has no promotion and no capture that wins material by SEE
 * (see_ge(m, 1)). False when the walk meets a mate or stalemate or ends
 * in a position that is not quiet. out->undo is NULL (no history). */
bool tn_quiet_neighbour(const Position *pos, int max_plies, uint64_t *rng, Position *out);

#endif
