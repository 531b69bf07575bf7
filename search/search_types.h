/* The plain values that pass between the search and its caller: the
 * limits of a go (SearchLimits), the settings the UCI options change
 * (SearchOptions), a line of progress (SearchInfo) and the callbacks that
 * receive it (SearchReporter). uci/ fills and reads them; the functions
 * that take them are in search/search.h. Types only, so a header that
 * passes them along (uci/report.h, search/timeman.h) need not see the
 * search's functions or Position. */
#ifndef KS_SEARCH_TYPES_H
#define KS_SEARCH_TYPES_H

#include <stdint.h>

#include "engine/types.h"

/* What `go` asked for. Times in milliseconds; 0 / false = not given. */
typedef struct {
    int64_t time[COLOR_NB], inc[COLOR_NB];
    bool time_given; /* wtime or btime was given (may be <= 0) */
    int movestogo;
    int64_t movetime;
    int depth;           /* plies */
    uint64_t nodes;      /* hard limit over all threads */
    uint64_t soft_nodes; /* no new iteration once this many are searched */
    int mate;            /* moves */
    bool infinite, ponder;
    Move searchmoves[MAX_MOVES];
    int searchmoves_count;
} SearchLimits;

/* Engine settings that the UCI options change. */
typedef struct {
    int threads;              /* 1 .. SEARCH_MAX_THREADS */
    int multipv;              /* 1 .. MAX_MOVES */
    int move_overhead;        /* ms kept back from every move for lag */
    bool use_tablebases;      /* probe ready DTM tables (UCI option Tablebases) */
    bool syzygy_50_move_rule; /* table wins must fit in the fifty-move rule (UCI
                                 option Syzygy50MoveRule), in the DTM/DTZ tables
                                 and the Syzygy files; false: cursed wins win */
    /* Syzygy files (tablebase/syzygy.h, listed by syzygy_init): */
    int syzygy_probe_depth; /* plies: interior WDL probes at depth >= this */
    int syzygy_probe_limit; /* men: probe positions of at most this many */
    /* The strength limiter (UCI_LimitStrength, UCI_Elo; search/strength.h):
     * off, or play as strong as elo on the scale of Stockfish 15.1's own
     * UCI_Elo (CCRL-anchored). */
    bool limit_strength;
    int elo;           /* STRENGTH_ELO_MIN .. STRENGTH_ELO_MAX */
    bool report_fails; /* every aspiration fail gets its bound line at once
                          (UCI `debug on`); otherwise only after the first
                          3 s, as Stockfish, not to flood the GUI */
} SearchOptions;

/* UCI_Elo's range, on the scale of Stockfish 15.1's UCI_Elo (the measuring
 * stick, tools/calibrate_elo.md). The bottom is Stockfish's; the top is
 * about what full strength reaches at 10+0.1 on one core (strength.c). */
#define STRENGTH_ELO_MIN 1350
#define STRENGTH_ELO_MAX 2300

#define SEARCH_MAX_THREADS 256

/* One line of search progress, as values. */
typedef struct {
    int depth;              /* plies; 0 only for a root without legal moves (then
                               score is -VALUE_MATE when mated, 0 when stalemated,
                               and nothing else is set) */
    int seldepth;           /* plies, the longest line searched; >= depth */
    int multipv;            /* 1-based line number */
    int score;              /* side to move's view: centipawns, or VALUE_MATE - plies
                               (negated when being mated) beyond VALUE_MATE_IN_MAX_PLY */
    int bound;              /* BOUND_EXACT, BOUND_LOWER (failed high) or BOUND_UPPER
                               (search/tt.h) */
    uint64_t nodes, tbhits; /* over all threads */
    int64_t time_ms;        /* since the search started (or ponderhit) */
    int64_t search_ms;      /* spent in the tree search so far: without the
                               tables built before it (for nps) */
    int hashfull;           /* per mille */
    const Move *pv;         /* pv_len moves; valid during the call only */
    int pv_len;
} SearchInfo;

/* How the search reports; any callback may be NULL (not wanted), and a
 * reporter of all NULLs (the default) is silent. The callbacks run on the
 * main search thread, never two at once; ctx is passed back unchanged.
 *   info:     a completed iteration (one call per MultiPV line, best
 *             first, exact), an aspiration fail (bound LOWER or UPPER)
 *             after the first 3 s or with report_fails, a helper thread's
 *             better line, the table move of a covered root, or depth 0
 *             for a root without legal moves;
 *   currmove: the root move about to be searched (after the first 3 s),
 *             number counts from 1;
 *   bestmove: exactly once per search, after the last info; best is
 *             MOVE_NONE when the root has no legal move, ponder MOVE_NONE
 *             when none is known;
 *   message:  a note for the user (one line, no newline). */
typedef struct {
    void *ctx;
    void (*info)(void *ctx, const SearchInfo *info);
    void (*currmove)(void *ctx, int depth, Move move, int number);
    void (*bestmove)(void *ctx, Move best, Move ponder);
    void (*message)(void *ctx, const char *text);
} SearchReporter;

/* The search's handle (search/search.h); its fields are private to
 * search/. */
typedef struct Searcher Searcher;

#endif
