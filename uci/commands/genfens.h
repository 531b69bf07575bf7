/* genfens: random, balanced opening positions for data generation, as
 * OpenBench's DATAGEN workloads ask an engine for them:
 *   ./keysquare "genfens N seed S book <None|FILE> [extra...]" "quit"
 * prints N lines "info string genfens FEN" and exits. tools/datagen draws
 * its openings with the same function. */
#ifndef KS_GENFENS_H
#define KS_GENFENS_H

#include <stdio.h>

#include "search/search.h"

/* How an opening is drawn: from base (the start position or a book line),
 * `plies` or `plies + 1` random legal plies (even and odd, so both sides
 * get the move), kept if a one-thread search of `nodes` nodes (a soft
 * limit: the iteration passing it is the last) scores it within +-margin
 * cp; otherwise drawn again from base. */
typedef struct {
    int plies;
    int margin;     /* centipawns */
    uint64_t nodes; /* soft node limit of the check search */
} OpeningRule;

#define GENFENS_PLIES 8
#define GENFENS_MARGIN 300
#define GENFENS_NODES 5000

/* Draws an opening by rule from base into *pos (game receives its moves,
 * so repetitions count), using and advancing *rng; s searches the check
 * (its hash is cleared first). After 1000 tries (seconds: a book of
 * unbalanced positions) the last is taken and false returned. */
bool genfens_opening(Searcher *s, const Position *base, const OpeningRule *rule, uint64_t *rng, Position *pos,
                     GameHistory *game);

/* Runs the genfens command line `line` ("genfens N seed S book B ...";
 * words after the book are ignored, as OpenBench passes engine-specific
 * extras there): N FENs to out, "info string genfens FEN" each. Book
 * lines are FENs or EPDs (the first four to six fields are read); the
 * same seed and book give the same FENs. Errors go to out as
 * "info string ..." and make the result false. */
bool genfens_run(const char *line, FILE *out);

#endif
