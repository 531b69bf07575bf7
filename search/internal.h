/* Shared between the files of search/ only: the per-thread state and the
 * searcher that owns the threads. Not part of the folder's API. */
#ifndef KS_SEARCH_INTERNAL_H
#define KS_SEARCH_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>

#include "engine/movegen.h"
#include "search.h"
#include "tb.h"
#include "timeman.h"
#include "tt.h"

typedef struct {
    Move move;
    int score;      /* of the last completed search of this move, or -VALUE_INFINITE */
    int prev_score; /* from the previous iteration, for ordering */
    int bound;      /* BOUND_EXACT, or LOWER/UPPER for aspiration fails */
    int seldepth;
    int pv_len;
    Move pv[MAX_PLY + 1];
} RootMove;

/* Continuation history: [piece][to] of a move, given the move one or two
 * plies earlier (chessprogramming wiki, "History Heuristic"). */
typedef int16_t ContHist[PIECE_NB][SQ_NB];

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
    /* Reset at every search (memset up to offsetof(., history)). */
    _Atomic uint64_t nodes;
    int seldepth;
    int root_depth;
    int completed_depth;
    int pv_index;
    int best_move_changes;
    int root_count;
    _Atomic uint64_t tbhits; /* read by the main thread for info lines */
    RootMove best;           /* root[0] of the last completed iteration */
    RootMove root[MAX_MOVES];
    Stack stack[MAX_PLY + 4];
    /* Kept across searches, cleared by ucinewgame. */
    int16_t history[COLOR_NB][SQ_NB][SQ_NB];
    Move counter_moves[PIECE_NB][SQ_NB];
    ContHist cont_hist[PIECE_NB][SQ_NB];
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
    SearchThread **threads;
    int thread_count;
    atomic_bool stop;
    atomic_bool pondering; /* go ponder not yet answered by ponderhit */
    bool running;          /* a search was started and not yet waited for */
    bool quit;             /* pool threads exit (under lock) */
    pthread_mutex_t lock;
    pthread_cond_t wake;              /* signalled by stop and ponderhit */
    pthread_cond_t start_cv, done_cv; /* pool threads: work given / work done */
    bool tb_enabled;                  /* this search may probe DTM tables */
    TbSyzygy syzygy;                  /* and these Syzygy files */
    int syzygy_root_score;            /* shown for a Syzygy root unless a mate is found; VALUE_NONE */
    Move best_move;
    int best_score;
    uint64_t last_nodes;
};

/* alphabeta.c */
int alphabeta(SearchThread *t, int alpha, int beta, int depth, int ply, bool cut_node);
/* Searches root move rm (made on t->pos) and returns its score. */
int search_root_move(SearchThread *t, int alpha, int beta, int depth, int index);
void update_pv(Stack *ss, Move move, const Stack *child);
uint64_t total_nodes(const struct Searcher *s);
bool out_of_time(SearchThread *t);
/* Fills the late-move reduction table (search_init calls it). */
void lmr_init(void);

#endif
