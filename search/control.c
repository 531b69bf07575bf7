/* Search control, its limits and counters in one place: the nodes and
 * table hits of all threads; stop and ponderhit from the user; the checks
 * that end a search (inside the tree, after an iteration, while tables
 * build) and the wait of go infinite and go ponder for their release.
 * The limits come from go (SearchLimits), turned into times by timeman.c,
 * and from the strength limiter (strength.c). */
#include "control.h"

#include <stdio.h>

/* ---- counters ----------------------------------------------------------- */

uint64_t total_nodes(const Searcher *s)
{
    uint64_t n = 0;
    for (int i = 0; i < s->thread_count; i++)
        n += atomic_load_explicit(&s->threads[i]->nodes, memory_order_relaxed);
    return n;
}

uint64_t total_tbhits(const Searcher *s)
{
    uint64_t n = 0;
    for (int i = 0; i < s->thread_count; i++)
        n += atomic_load_explicit(&s->threads[i]->tbhits, memory_order_relaxed);
    return n;
}

/* ---- stop, ponderhit and release ---------------------------------------- */

void search_stop(Searcher *s)
{
    pthread_mutex_lock(&s->lock);
    atomic_store(&s->stop, true);
    atomic_store(&s->released, true);
    pthread_cond_broadcast(&s->wake);
    pthread_mutex_unlock(&s->lock);
}

void search_ponderhit(Searcher *s)
{
    pthread_mutex_lock(&s->lock);
    /* Only a ponder search restarts the move's clock: a stray ponderhit
     * must not give a timed search more time. */
    if (atomic_load(&s->pondering))
        atomic_store(&s->start_ms, now_ms());
    atomic_store(&s->pondering, false);
    pthread_cond_broadcast(&s->wake);
    pthread_mutex_unlock(&s->lock);
}

void wait_for_release(Searcher *s)
{
    pthread_mutex_lock(&s->lock);
    while (!atomic_load(&s->released) && (s->limits.infinite || atomic_load(&s->pondering)))
        pthread_cond_wait(&s->wake, &s->lock);
    pthread_mutex_unlock(&s->lock);
}

/* ---- the checks that end a search --------------------------------------- */

/* Ends the search of every thread; release: a go infinite or ponder may
 * answer too (the limits of go itself, as before the search). */
static bool halt(Searcher *s, bool release)
{
    atomic_store(&s->stop, true);
    if (release)
        atomic_store(&s->released, true);
    return true;
}

bool out_of_time(SearchThread *t)
{
    Searcher *s = t->searcher;
    if (atomic_load_explicit(&s->stop, memory_order_relaxed))
        return true;
    /* The limits hold from the first node on: the first iteration is not
     * exempt (a position with hundreds of moves and long captures could
     * take seconds); the search then plays unfinished_root_move(). */
    uint64_t n = atomic_load_explicit(&t->nodes, memory_order_relaxed);
    if (s->limits.nodes) {
        uint64_t used = s->thread_count == 1 ? n : ((n & 1023) == 0 && t->id == 0 ? total_nodes(s) : 0);
        if (used >= s->limits.nodes)
            return halt(s, true);
    }
    if (t->id == 0 && (n & 1023) == 0 && s->time.hard && !atomic_load_explicit(&s->pondering, memory_order_relaxed)
        && now_ms() - atomic_load_explicit(&s->start_ms, memory_order_relaxed) >= s->time.hard)
        return halt(s, true);
    /* The strength budget (strength.h) counts from the first completed
     * iteration on, so depth 1 (every root move, mates in one) is always
     * seen; it ends the search but not a go infinite or ponder. */
    if (s->strength.nodes && t->id == 0 && t->completed_depth >= 1) {
        uint64_t used = s->thread_count == 1 ? n : ((n & 1023) == 0 ? total_nodes(s) : 0);
        if (used >= s->strength.nodes)
            return halt(s, false);
    }
    return false;
}

bool time_to_stop(SearchThread *t, int depth, int prev_best_score, int stable)
{
    Searcher *s = t->searcher;
    const RootMove *rm = &t->root[0];
    if (s->limits.mate && rm->score >= VALUE_MATE_IN_MAX_PLY && VALUE_MATE - rm->score <= 2 * s->limits.mate - 1)
        return true;
    if (s->limits.depth && depth >= s->limits.depth)
        return true;
    if (s->limits.soft_nodes && total_nodes(s) >= s->limits.soft_nodes)
        return true;
    /* A fixed movetime is used in full (the hard limit ends it). */
    if (!s->time.soft || atomic_load(&s->pondering) || s->limits.movetime)
        return false;
    IterationStats st = {
        .stable = t->best_move_changes ? 0 : stable,
        .best_nodes = rm->nodes,
        .total_nodes = atomic_load_explicit(&t->nodes, memory_order_relaxed),
        .score_drop = prev_best_score != VALUE_NONE ? prev_best_score - rm->score : 0,
    };
    int64_t soft = scaled_soft_limit(&s->time, &st);
    return now_ms() - atomic_load(&s->start_ms) >= soft;
}

#define BUILD_NOTE_MS 2000
#define BUILD_MIN_SOFT_MS 100 /* no build on a clock whose soft limit is shorter */

/* While tables build the main thread waits and lends its core to the
 * builder (tb_prepare), so the build counts against this search: the
 * engine never uses more cores than Threads. Without a clock (depth,
 * nodes, mate, infinite) the build runs to its end, so `go nodes` counts
 * repeat for the same commands in a fresh process and analysis sees every
 * table; while pondering it runs
 * on the opponent's time; on a clock it may take half the soft limit (none
 * below BUILD_MIN_SOFT_MS), the search keeps the rest, and a longer build
 * goes on at the next move.
 * stop ends the wait at once. */
bool keep_building(void *ctx)
{
    Searcher *s = ctx;
    if (atomic_load(&s->stop))
        return false;
    /* An untimed build of many tables can take tens of seconds on a busy
     * machine: a line every BUILD_NOTE_MS says it is alive. This runs on
     * the main search thread, where the reporter may be called. */
    int64_t now = now_ms();
    if (now - s->build_note_ms >= BUILD_NOTE_MS && s->report.message) {
        char text[96];
        snprintf(text, sizeof text, "building DTM tables before the search: %.1f s so far",
                 (double)(now - atomic_load(&s->start_ms)) / 1000.0);
        s->report.message(s->report.ctx, text);
        s->build_note_ms = now;
    }
    if (!s->time.soft || atomic_load(&s->pondering))
        return true;
    /* Below this the half share is shorter than the build's one pass that
     * cannot pause (a table's statistics, up to about 35 ms, more on a
     * loaded machine) and than a build of the smallest table: a build
     * would overrun the move's hard limit and leave the search depth 1,
     * while the search alone, with the endgame layer, plays such
     * hyper-bullet moves well. */
    if (s->time.soft < BUILD_MIN_SOFT_MS)
        return false;
    return now - atomic_load(&s->start_ms) < s->time.soft / 2;
}
