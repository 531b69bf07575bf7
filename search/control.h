/* Search control, its limits and counters (control.c): private to
 * search/. search_stop and search_ponderhit (search.h) live there too. */
#ifndef KS_SEARCH_CONTROL_H
#define KS_SEARCH_CONTROL_H

#include "thread.h"

/* Nodes, and table hits (in-memory tables and Syzygy files), of all the
 * threads of s in this search so far. */
uint64_t total_nodes(const Searcher *s);
uint64_t total_tbhits(const Searcher *s);

/* Thread 0 at the end of a search: returns at once, unless the search is
 * go infinite or a go ponder not yet answered by ponderhit, which never
 * end by themselves: they wait for stop, ponderhit (ponder), or a limit
 * given with go itself (out_of_time releases them). */
void wait_for_release(Searcher *s);

/* Inside the tree, at every node: whether t must end its search now (stop,
 * or a limit reached: go nodes, the hard time limit, the strength
 * budget); a limit reached sets the stop flag for every thread. */
bool out_of_time(SearchThread *t);

/* Thread 0 after completed iteration `depth` (plies): whether to start no
 * other (go mate found, go depth reached, or the soft time limit scaled by
 * the best move's stability over `stable` iterations and the score's
 * change since prev_best_score, VALUE_NONE at the first). */
bool time_to_stop(SearchThread *t, int depth, int prev_best_score, int stable);

/* The table build's budget, the keep_going of tb_prepare (ctx: the
 * Searcher): whether thread 0 may go on building before it searches. */
bool keep_building(void *ctx);

#endif
