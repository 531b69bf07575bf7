/* The search: iterative deepening with aspiration windows, PVS alpha-beta,
 * quiescence search, a shared transposition table, and Lazy SMP threads
 * (chessprogramming wiki: "Principal Variation Search", "Lazy SMP").
 * A search runs in its own threads; the caller (the UCI loop) stays live
 * and talks to it through search_stop / search_ponderhit / search_wait.
 * The main search thread prints UCI `info` lines and exactly one
 * `bestmove` to stdout unless the limits say silent. */
#ifndef KS_SEARCH_H
#define KS_SEARCH_H

#include <stdint.h>

#include "engine/position.h"

/* What `go` asked for. Times in milliseconds; 0 / false = not given. */
typedef struct {
    int64_t time[COLOR_NB], inc[COLOR_NB];
    bool time_given; /* wtime or btime was given (may be <= 0) */
    int movestogo;
    int64_t movetime;
    int depth;       /* plies */
    uint64_t nodes;
    int mate;        /* moves */
    bool infinite, ponder;
    Move searchmoves[MAX_MOVES];
    int searchmoves_count;
    bool silent;     /* no output at all (bench) */
} SearchLimits;

/* Engine settings that the UCI options change. */
typedef struct {
    int threads;       /* 1 .. SEARCH_MAX_THREADS */
    int multipv;       /* 1 .. MAX_MOVES */
    int move_overhead; /* ms kept back from every move for lag */
    bool show_wdl;
    bool use_tablebases; /* probe ready DTM tables (UCI option Tablebases) */
    /* Syzygy files (tablebase/syzygy.h, listed by syzygy_init): */
    int syzygy_probe_depth;   /* plies: interior WDL probes at depth >= this */
    int syzygy_probe_limit;   /* men: probe positions of at most this many */
    bool syzygy_50_move_rule; /* false: cursed wins and blessed losses count fully */
} SearchOptions;

#define SEARCH_MAX_THREADS 256

typedef struct Searcher Searcher;

/* Creates a searcher with a hash of hash_mb megabytes (NULL if no memory). */
Searcher *search_create(size_t hash_mb);
/* Stops any search, ends the threads and frees everything. */
void search_destroy(Searcher *s);
/* Resizes the TT to mb megabytes (cleared); false, table kept, if no memory. */
bool search_set_hash(Searcher *s, size_t mb);
/* Clears the TT and all history tables (ucinewgame, Clear Hash). */
void search_clear(Searcher *s);
/* The settings; change them only while no search runs (Threads takes
 * effect at the next search_start). */
SearchOptions *search_options(Searcher *s);

/* Starts searching pos (copied) and returns at once. A running search must
 * be finished first (search_stop + search_wait). */
void search_start(Searcher *s, const Position *pos, const SearchLimits *limits);
/* Asks the search to end (it still prints one bestmove); returns at once. */
void search_stop(Searcher *s);
/* The pondered move was played: time management starts now (ms clock reset). */
void search_ponderhit(Searcher *s);
/* Blocks until the search has printed its bestmove. */
void search_wait(Searcher *s);
/* True from search_start until search_wait returned. */
bool search_running(const Searcher *s);

/* Result of the last finished search: best move, score (cp, side to move)
 * and nodes over all threads. */
Move search_best_move(const Searcher *s);
int search_best_score(const Searcher *s);
uint64_t search_nodes(const Searcher *s);

/* Builds every read-only table the engine uses, once, before anything
 * else: attack tables, Zobrist keys, the KPK bitbase, the DTM table
 * registry (it builds no DTM table), endgame and evaluation tables, and
 * the LMR table. Not thread-safe; call it from main() alone. */
void search_init(void);

#endif
