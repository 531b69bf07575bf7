/* The state of one search, shared between the files of search/ only (not
 * part of the folder's API): the searcher, its pool of threads and each
 * thread's own position, stack, root moves and history tables. The pool
 * (thread.c) starts, wakes and waits for the threads. */
#ifndef KS_SEARCH_THREAD_H
#define KS_SEARCH_THREAD_H

#include <pthread.h>
#include <stdatomic.h>

#include "engine/movegen.h"
#include "eval/nnue.h"
#include "search.h"
#include "strength.h"
#include "tb.h"
#include "timeman.h"
#include "tt.h"

typedef struct RootMove {
    Move move;
    int score;        /* of the last completed search of this move, or -VALUE_INFINITE */
    int prev_score;   /* from the previous iteration, for ordering */
    int bound;        /* BOUND_EXACT, or LOWER/UPPER for aspiration fails */
    int depth_scored; /* the iteration that last gave score a searched value */
    int seldepth;
    uint64_t nodes; /* spent below this move in this search, for time management */
    int gen_index;  /* the move's place in generation order */
    int pv_len;
    Move pv[MAX_PLY + 1];
} RootMove;

/* Continuation history: [piece][to] of a move, given the move one or two
 * plies earlier (chessprogramming wiki, "History Heuristic"). */
typedef int16_t ContHist[PIECE_NB][SQ_NB];

/* Correction history (chessprogramming wiki, "Static Evaluation Correction
 * History"): what searches found beyond the static eval, per slot of a
 * key, from White's view (so that any lean toward the side to move, which
 * fail-soft bounds put into the errors, cancels between the two sides), in
 * 1/CORR_GRAIN centipawns. */
#define CORR_SIZE 16384 /* slots, a power of two */
#define CORR_GRAIN 256
typedef int16_t CorrHist[CORR_SIZE];

/* What the search learns and keeps from one search to the next. */
typedef struct {
    int16_t history[COLOR_NB][SQ_NB][SQ_NB];
    Move counter_moves[PIECE_NB][SQ_NB];
    ContHist cont_hist[PIECE_NB][SQ_NB];
    int16_t capture_hist[PIECE_NB][SQ_NB][PIECE_TYPE_NB]; /* [piece][to][victim type] */
    CorrHist pawn_corr;                                   /* keyed by the pawn structure */
    CorrHist material_corr;                               /* keyed by the material */
    CorrHist nonpawn_corr[COLOR_NB];                      /* keyed by each side's pieces and king */
} HistoryTables;

/* Per-ply search stack. */
typedef struct {
    int static_eval;
    Move killers[2];
    Move move;      /* move made at this ply */
    ContHist *cont; /* continuation table of that move, NULL for none/null */
    Move excluded;  /* skipped in a singular-extension verification search */
    int pv_len;
    Move pv[MAX_PLY + 1];
} Stack;

typedef struct SearchThread {
    /* Reset at every search (memset up to offsetof(., hist)). */
    _Atomic uint64_t nodes;
    int seldepth;
    int root_depth;
    /* Null-move verification (zugzwang): below nmp_min_ply the side to
     * move at nmp_verify_ply makes no null move; 0 when not verifying. */
    int nmp_min_ply;
    int nmp_verify_ply;
    int completed_depth;
    int pv_index;
    /* PV nodes prune late moves as the others do, except while several
     * root lines are scored (MultiPV, the strength limiter): their scores
     * rank alternatives and must not lose a refutation to pruning. */
    bool prune_pv;
    int best_move_changes;
    int root_count;
    _Atomic uint64_t tbhits; /* read by the main thread for info lines */
    TbUnmet tb_unmet;        /* materials of up to four men met without a ready table */
    RootMove best;           /* root[0] of the last completed iteration, or a mate proven in the unfinished one */
    RootMove root[MAX_MOVES];
    Stack stack[MAX_PLY + 4];
    HistoryTables hist; /* kept across searches, cleared by ucinewgame */
    /* The net's state per ply (eval/nnue.h), indexed as stack; reset at
     * the root of every search. */
    NnueStack net;
    /* Not cleared. */
    Position pos;
    struct Searcher *searcher;
    int id;
    bool work; /* set to start a search, cleared when done (under lock) */
    pthread_t handle;
} SearchThread;

struct Searcher {
    TT tt;
    SearchOptions opt;
    SearchLimits limits;
    SearchReporter report;
    TimeLimits time;
    _Atomic int64_t start_ms; /* reset by ponderhit */
    int64_t search_from_ms;   /* when the tree search began, after the tables built
                                 up front (nps counts search time only) */
    int64_t build_note_ms;    /* when keep_building last said a build goes on */
    SearchThread **threads;
    int thread_count;
    atomic_bool stop;      /* every thread ends its search now */
    atomic_bool released;  /* stop, or a limit of go itself: go infinite and
                              go ponder may answer (the strength budget ends
                              the search, but a GUI's go infinite still waits
                              for stop) */
    atomic_bool pondering; /* go ponder not yet answered by ponderhit */
    bool running;          /* a search was started and not yet waited for */
    bool quit;             /* pool threads exit (under lock) */
    pthread_mutex_t lock;
    pthread_cond_t wake;              /* signalled by stop and ponderhit */
    pthread_cond_t start_cv, done_cv; /* pool threads: work given / work done */
    void (*run)(SearchThread *t);     /* what a woken pool thread does */
    DtmBuilder *builder;              /* builds the DTM tables on thread 0's time (NULL: none) */
    bool tb_enabled;                  /* this search may probe DTM tables */
    bool note_unmet;                  /* this search lists the materials it meets without a table */
    TbUnmet tb_unmet;                 /* materials searches without a clock met without a table, to build next */
    TbSyzygy syzygy;                  /* and these Syzygy files */
    int syzygy_root_score;            /* shown for a Syzygy root unless a mate is found; VALUE_NONE */
    Move best_move;
    int best_score;
    uint64_t last_nodes;
    /* The strength limiter (strength.h): this search's parameters, thread
     * 0's best lines of its last completed iteration, and the random state
     * of the pick (Strength Seed). */
    StrengthParams strength;
    RootMove strength_lines[STRENGTH_LINES];
    int strength_count;
    uint64_t strength_rng;
};

/* thread.c: the pool, and each thread's set-up for a search. */

/* Sets up the pool of a new searcher (its lock is initialised already);
 * run(t) is what pool thread t does when woken. */
void pool_init(Searcher *s, void (*run)(SearchThread *t));
/* Ends the threads (no search running) and frees the pool. */
void pool_destroy(Searcher *s);
/* Makes the pool s->opt.threads threads (no search running); false when
 * memory or a thread could not be had (the pool then has fewer). */
bool pool_resize(Searcher *s);
/* Gives every thread a copy of pos (sharing its game history) and its
 * root moves (the legal ones, only those of limits->searchmoves if any),
 * and clears its per-search state (not its history tables). */
void pool_setup(Searcher *s, const Position *pos, const SearchLimits *limits);
/* Wakes thread 0 (search_start), or the helpers (thread 0, once it knows
 * the root is to be searched), with work. */
void pool_start_main(Searcher *s);
void pool_start_helpers(Searcher *s);
/* Blocks until the helpers (thread 0, at the end of a search) or thread 0
 * (search_wait) have finished their work. */
void pool_wait_helpers(Searcher *s);
void pool_wait_main(Searcher *s);
/* Stable insertion sort of t->root[from..to) by score, best first. */
void sort_root_moves(SearchThread *t, int from, int to);

#endif
