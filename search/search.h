/* The search: iterative deepening with aspiration windows, PVS alpha-beta,
 * quiescence search, a shared transposition table, and Lazy SMP threads
 * (chessprogramming wiki: "Principal Variation Search", "Lazy SMP").
 * A search runs in its own threads; the caller (the UCI loop) stays live
 * and talks to it through search_stop / search_ponderhit / search_wait.
 * The search writes nothing: it reports progress and its one best move
 * through the callbacks of a SearchReporter (uci/ formats the protocol
 * text; bench passes its own). The values these functions take and give
 * (SearchLimits, SearchOptions, SearchInfo, SearchReporter) are in
 * search/search_types.h. */
#ifndef KS_SEARCH_H
#define KS_SEARCH_H

#include <stddef.h>
#include <stdint.h>

#include "engine/position.h"
#include "search_types.h"

/* Creates a searcher with a hash of hash_mb megabytes (NULL if no memory). */
Searcher *search_create(size_t hash_mb);
/* Stops any search, ends the threads and frees everything. */
void search_destroy(Searcher *s);
/* Resizes the TT to mb megabytes (cleared); false, table kept, if no memory. */
bool search_set_hash(Searcher *s, size_t mb);
/* Sets the Threads option and starts or ends threads to match now, so
 * that the next go does not (allocating a thread's tables touches a few
 * MB, slow on a loaded machine, and go's clock runs). One thread if the
 * system refuses more. Call only while no search runs. */
void search_set_threads(Searcher *s, int threads);
/* Clears the TT and all history tables (ucinewgame, Clear Hash). */
void search_clear(Searcher *s);
/* The settings; change them only while no search runs (a Threads set
 * here takes effect at the next search_start; search_set_threads at
 * once). */
SearchOptions *search_options(Searcher *s);
/* Restarts the limiter's random choices from seed (the same seed and the
 * same commands give the same moves with one thread); 0 draws a seed from
 * the clock. Call only while no search runs. */
void search_seed_strength(Searcher *s, uint64_t seed);
/* The reporter of the next searches (copied; NULL = silent). Set it only
 * while no search runs. */
void search_set_reporter(Searcher *s, const SearchReporter *reporter);

/* Starts searching pos (copied) and returns at once. A running search must
 * be finished first (search_stop + search_wait). */
void search_start(Searcher *s, const Position *pos, const SearchLimits *limits);
/* Asks the search to end (it still reports one bestmove); returns at once. */
void search_stop(Searcher *s);
/* The pondered move was played: time management starts now (ms clock reset). */
void search_ponderhit(Searcher *s);
/* Blocks until the search has reported its bestmove. */
void search_wait(Searcher *s);
/* True from search_start until search_wait returned. */
bool search_running(const Searcher *s);

/* Result of the last finished search: best move, score (cp, side to move)
 * and nodes over all threads. */
Move search_best_move(const Searcher *s);
int search_best_score(const Searcher *s);
uint64_t search_nodes(const Searcher *s);

#endif
