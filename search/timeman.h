/* Time management: from the `go` clock fields to a soft limit (do not start
 * another iteration after it, scaled by what the iterations show) and a hard
 * limit (abort the search). Milliseconds. */
#ifndef KS_TIMEMAN_H
#define KS_TIMEMAN_H

#include <stdint.h>

#include "search_types.h"

typedef struct {
    int64_t soft, hard; /* ms from the start; 0 = no limit */
} TimeLimits;

/* The soft and hard limits (ms) of one move. us = side to move; overhead
 * = Move Overhead option (ms). The clock is planned over movestogo moves
 * (at most 40), else 23 with an increment and 35 in sudden death. Handles
 * zero or negative clocks and movestogo 0 (treated as not given). */
TimeLimits time_limits(const SearchLimits *limits, Color us, int overhead);

/* What the iterations so far say about the root, for scaled_soft_limit. */
typedef struct {
    int stable;           /* iterations in a row the best move held (0: it changed in the last one) */
    uint64_t best_nodes;  /* nodes spent below the best move in this search */
    uint64_t total_nodes; /* nodes of the whole search (the same thread's) */
    int score_drop;       /* cp the best score fell in the last iteration (< 0: it rose) */
} IterationStats;

/* The soft limit (ms) for the iteration just completed: t->soft scaled up
 * for a best move that changes, takes a small share of the nodes (its
 * rivals took long to refute) or loses score, down for one that held for
 * several iterations and took most of the nodes; never above t->hard or
 * below 1 ms. The three factors are the ones Ethereal and Stockfish scale
 * by (chessprogramming wiki, "Time Management"); the weights are ours. */
int64_t scaled_soft_limit(const TimeLimits *t, const IterationStats *st);

/* Milliseconds on a monotonic clock. */
int64_t now_ms(void);

#endif
