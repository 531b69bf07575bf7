/* The strength limiter behind the UCI options UCI_LimitStrength and
 * UCI_Elo: from a claimed Elo to search parameters, and the weakened choice
 * of the root move. Two knobs, both monotone in the Elo:
 *   - a node budget per move, exponential in the Elo. Load and machine
 *     speed change the time a move takes, not its node count, so the
 *     strength holds on any machine as long as the clock lets the search
 *     spend its budget;
 *   - at the low end, a random error: the few best root moves are scored
 *     exactly (an internal MultiPV) and each gets a uniform random bonus of
 *     0..noise centipawns; the highest total is played. So a move worse than
 *     the best by more than the noise is never played, and a found mate
 *     always is. (The idea of Stockfish's Skill Level: choose among the best
 *     few root moves with a score-dependent random error; formula our own.)
 * Elo anchors in strength.c map the Elo to both knobs; tools/calibrate_elo.md
 * says how their Elo column is measured. Private to search/ (the unit tests
 * read it too). */
#ifndef KS_SEARCH_STRENGTH_H
#define KS_SEARCH_STRENGTH_H

#include <stdint.h>

#include "search_types.h"

/* Root moves scored exactly when the noise is on (Stockfish's Skill Level
 * uses four as well). */
#define STRENGTH_LINES 4

typedef struct {
    uint64_t nodes; /* budget per move over all threads; 0 = none */
    int noise;      /* centipawns; 0 = play the search's best move */
    int lines;      /* root moves to score exactly: 1, or STRENGTH_LINES with noise */
} StrengthParams;

/* The parameters of a claimed Elo (clamped to STRENGTH_ELO_MIN ..
 * STRENGTH_ELO_MAX of search_types.h); every level has a budget. Integer
 * arithmetic only, so the budget is the same on every build (and `go
 * nodes` repeats itself on every machine). */
StrengthParams strength_params(int elo);

/* 2^(log2_q8 / 256) rounded down, for 0 <= log2_q8 < 40 * 256: the budget's
 * exponential, from a table of 2^(j/16) interpolated linearly between
 * entries (relative error below 0.03 %). */
uint64_t strength_exp2_q8(int log2_q8);

/* The index of the move to play among count >= 1 candidates whose exact
 * scores (cp or mate values, side to move, best first) are given: 0 with
 * no noise, one candidate, or a mate for the side to move at scores[0];
 * otherwise the largest score + uniform 0..noise bonus (draws from *rng,
 * engine/random.h), earlier index on ties; a candidate that gets mated is
 * only played if it is the best. */
int strength_pick(const int *scores, int count, int noise, uint64_t *rng);

/* A seed from the wall and monotonic clocks, for Strength Seed 0. */
uint64_t strength_clock_seed(void);

/* The limiter's part in a search (search/thread.h has the structs). */
struct SearchThread;
struct RootMove;
/* Sets s->strength from the options at search_start. */
void strength_begin(Searcher *s);
/* After a completed iteration: thread 0 keeps its best `lines` root moves
 * (sorted, exact scores) when the limiter's noise is on. */
void strength_record(const struct SearchThread *t, int lines);
/* The limited choice among the recorded lines (strength_pick), or NULL when
 * the noise is off or no iteration completed. */
const struct RootMove *strength_choice(Searcher *s);

#endif
