/* genfens: random, balanced opening positions for data generation, as
 * OpenBench's DATAGEN workloads ask an engine for them:
 *   ./keysquare "genfens N seed S book <None|FILE> [extra...]" "quit"
 * prints N lines "info string genfens FEN" and exits. tools/datagen draws
 * its openings the same way (engine/openings.h). */
#ifndef KS_GENFENS_H
#define KS_GENFENS_H

#include <stdio.h>

#include "engine/position.h"
#include "search/search_types.h"

/* An opening: GENFENS_PLIES or one more random legal plies from the start
 * position (GENFENS_BOOK_PLIES or one more from a book line;
 * engine/openings.h), kept if a
 * one-thread search of GENFENS_NODES nodes (a soft limit: the iteration
 * passing it is the last; hard limit five times that) scores it within
 * +-GENFENS_MARGIN cp. */
#define GENFENS_PLIES 8
#define GENFENS_BOOK_PLIES 2
#define GENFENS_MARGIN 300
#define GENFENS_NODES 5000

/* Runs the genfens command line `line` ("genfens N seed S book B ...";
 * words after the book are ignored, as OpenBench passes engine-specific
 * extras there): N FENs to out, "info string genfens FEN" each. Book
 * lines are EPDs or FENs (engine/epd.h: hmvc and fmvn set the clocks,
 * other operations are ignored), standard or Chess960 (Shredder-FEN or
 * X-FEN); lines that are not positions with a legal move are skipped
 * with a warning. The same seed and book give the same FENs. Errors
 * (arguments, a book that cannot be read or has no usable line) go to out
 * as "info string error: ..." (never "info string genfens", which
 * OpenBench reads as a FEN) and make the result false. */
bool genfens_run(const char *line, FILE *out);

#endif
