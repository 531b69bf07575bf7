/* Transposition table shared by all search threads (lockless: each entry
 * stores key ^ data beside data, so a torn write is detected as a miss;
 * Hyatt and Mann, "A lock-less transposition table implementation", 2002).
 * Accesses are relaxed atomics, so concurrent threads have no data race.
 *
 * Entry data, 64 bits:
 *   bits  0-15  move
 *   bits 16-31  value (int16, mate scores relative to the node)
 *   bits 32-47  static eval (int16, VALUE_NONE when not computed)
 *   bits 48-55  depth + DEPTH_OFFSET (qsearch entries have depth 0 or -1)
 *   bits 56-57  bound (BOUND_UPPER / LOWER / EXACT)
 *   bits 58-63  generation (age), bumped at every new search
 * Four entries per 64-byte bucket; replacement keeps the deeper and newer. */
#ifndef KS_TT_H
#define KS_TT_H

#include <stdatomic.h>
#include <stddef.h>

#include "engine/types.h"

enum { BOUND_NONE, BOUND_UPPER, BOUND_LOWER, BOUND_EXACT };

typedef struct {
    Move move;
    int value; /* relative to the node: convert with value_from_tt */
    int eval;
    int depth;
    int bound;
} TTHit;

typedef struct {
    _Atomic uint64_t check; /* key ^ data */
    _Atomic uint64_t data;
} TTEntry;

typedef struct {
    TTEntry *entries;
    size_t bucket_count; /* a power of two */
    uint8_t generation;
} TT;

#define TT_BUCKET 4
#define TT_MIN_MB 1
#define TT_MAX_MB 65536

/* Allocates mb megabytes (rounded down to a power of two of buckets), in
 * huge pages where the system gives them (platform_large_alloc), and has
 * `threads` threads map its zeroed pages. Returns false (and keeps the
 * old table) if out of memory. */
bool tt_resize(TT *tt, size_t mb, int threads);
void tt_free(TT *tt);
/* Zeroes every entry and the generation (ucinewgame, Clear Hash), with
 * `threads` threads each clearing a contiguous share. */
void tt_clear(TT *tt, int threads);
/* Bumps the generation so older entries are replaced first. */
void tt_new_search(TT *tt);
/* Finds key; fills hit (value still relative to the node) and returns true. */
bool tt_probe(const TT *tt, Key key, TTHit *hit);
/* Asks the CPU to bring key's bucket into the cache (a hint: no effect on
 * results). The search calls it before it makes a move, so the bucket's
 * DRAM latency overlaps the make and the node's first steps. */
void tt_prefetch(const TT *tt, Key key);
/* Stores a result: value relative to the node (value_to_tt), eval in cp or
 * VALUE_NONE, depth in plies (0 for qsearch), bound BOUND_*. */
void tt_store(TT *tt, Key key, Move move, int value, int eval, int depth, int bound);
/* Permille of the first 1000 buckets' entries written in this search. */
int tt_hashfull(const TT *tt);

/* Mate scores are stored as distance from the node, returned as distance
 * from the root (ply = the node's distance from the root). */
int value_to_tt(int value, int ply);
int value_from_tt(int value, int ply);

#endif
