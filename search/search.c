/* The search driver: the searcher's API (search.h), iterative deepening
 * with aspiration windows, the root move loop, the end of a search and the
 * reports of the main thread (SearchReporter). The threads it runs on are
 * the pool's (thread.c); when to stop is control.c's; the tables' part at
 * the root is tb.c's. */
#include <stdlib.h>
#include <string.h>

#include "alphabeta.h"
#include "control.h"
#include "eval/nnue.h"
#include "tablebase/syzygy.h"
#include "tb.h"
#include "thread.h"

static void run_thread(SearchThread *t);

Searcher *search_create(size_t hash_mb)
{
    Searcher *s = calloc(1, sizeof *s);
    if (!s || !tt_resize(&s->tt, hash_mb, 1)) {
        free(s);
        return NULL;
    }
    s->builder = dtm_builder_create(); /* NULL: tables stay unbuilt */
    /* The smallest valid settings; the UCI defaults are in uci/options.c. */
    s->opt = (SearchOptions){.threads = 1, .multipv = 1, .syzygy_50_move_rule = true};
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->wake, NULL);
    pool_init(s, run_thread);
    /* The threads start now, not at the first go, whose clock runs. */
    search_set_threads(s, 1);
    return s;
}

void search_destroy(Searcher *s)
{
    if (!s)
        return;
    search_stop(s);
    search_wait(s);
    pool_destroy(s);
    dtm_builder_destroy(s->builder);
    tt_free(&s->tt);
    pthread_mutex_destroy(&s->lock);
    pthread_cond_destroy(&s->wake);
    free(s);
}

void search_set_threads(Searcher *s, int threads)
{
    s->opt.threads = threads;
    if (!pool_resize(s)) {
        s->opt.threads = 1;
        pool_resize(s);
    }
}

bool search_set_hash(Searcher *s, size_t mb) { return tt_resize(&s->tt, mb, s->opt.threads); }
SearchOptions *search_options(Searcher *s) { return &s->opt; }
void search_set_reporter(Searcher *s, const SearchReporter *r)
{
    static const SearchReporter SILENT = {0};
    s->report = r ? *r : SILENT;
}
bool search_running(const Searcher *s) { return s->running; }
void search_seed_strength(Searcher *s, uint64_t seed) { s->strength_rng = seed ? seed : strength_clock_seed(); }
Move search_best_move(const Searcher *s) { return s->best_move; }
int search_best_score(const Searcher *s) { return s->best_score; }
uint64_t search_nodes(const Searcher *s) { return s->last_nodes; }

void search_clear(Searcher *s)
{
    tt_clear(&s->tt, s->opt.threads);
    for (int i = 0; i < s->thread_count; i++) {
        SearchThread *t = s->threads[i];
        memset(&t->hist, 0, sizeof t->hist);
    }
}

void search_wait(Searcher *s)
{
    if (!s->running)
        return;
    pool_wait_main(s);
    s->running = false;
}

/* ---- reports ------------------------------------------------------------ */

static void report_line(SearchThread *t, const RootMove *rm, int line, int depth, int bound)
{
    Searcher *s = t->searcher;
    if (!s->report.info)
        return;
    int v = rm->score == -VALUE_INFINITE ? rm->prev_score : rm->score;
    if (s->syzygy_root_score != VALUE_NONE && v < VALUE_MATE_IN_MAX_PLY && v > -VALUE_MATE_IN_MAX_PLY)
        v = s->syzygy_root_score; /* the files' verdict over an evaluation */
    SearchInfo info = {
        .depth = depth,
        /* A TT or table cutoff can end a line short of the nominal depth;
         * GUIs expect seldepth >= depth. */
        .seldepth = rm->seldepth > depth ? rm->seldepth : depth,
        .multipv = line,
        .score = v,
        .bound = bound,
        .nodes = total_nodes(s),
        .tbhits = total_tbhits(s),
        .time_ms = now_ms() - s->start_ms,
        .search_ms = now_ms() - s->search_from_ms,
        .hashfull = tt_hashfull(&s->tt),
        .pv = rm->pv,
        .pv_len = rm->pv_len,
    };
    s->report.info(s->report.ctx, &info);
}

/* The first count lines of t's root moves, as completed to depth. */
static void report_lines(SearchThread *t, int count, int depth)
{
    for (int i = 0; i < count; i++)
        report_line(t, &t->root[i], i + 1, depth, BOUND_EXACT);
}

/* Progress lines during the search only after this long (ms). */
#define REPORT_AFTER_MS 3000

static bool past_report_delay(const SearchThread *t)
{
    const Searcher *s = t->searcher;
    return t->id == 0 && now_ms() - s->start_ms > REPORT_AFTER_MS;
}

/* ---- root --------------------------------------------------------------- */

static void sort_root(SearchThread *t, int from) { sort_root_moves(t, from, t->root_count); }

static int root_search(SearchThread *t, int alpha, int beta, int depth)
{
    Searcher *s = t->searcher;
    int best = -VALUE_INFINITE;
    for (int i = t->pv_index; i < t->root_count; i++) {
        if (s->report.currmove && past_report_delay(t))
            s->report.currmove(s->report.ctx, depth, t->root[i].move, i + 1);
        t->seldepth = 0;
        uint64_t before = atomic_load_explicit(&t->nodes, memory_order_relaxed);
        int v = search_root_move(t, alpha, beta, depth, i);
        t->root[i].nodes += atomic_load_explicit(&t->nodes, memory_order_relaxed) - before;
        if (atomic_load_explicit(&s->stop, memory_order_relaxed))
            return best;
        RootMove *rm = &t->root[i];
        if (i == t->pv_index || v > alpha) {
            rm->score = v;
            rm->seldepth = t->seldepth;
            rm->bound = v >= beta ? BOUND_LOWER : v <= alpha ? BOUND_UPPER : BOUND_EXACT;
            rm->depth_scored = t->root_depth;
            rm->pv[0] = rm->move;
            memcpy(rm->pv + 1, t->stack[1].pv, sizeof(Move) * (size_t)t->stack[1].pv_len);
            rm->pv_len = t->stack[1].pv_len + 1;
            if (s->tb_enabled)
                tb_complete_mate_pv(&t->pos, rm->pv, &rm->pv_len, v, s->opt.syzygy_50_move_rule);
            if (i != t->pv_index)
                t->best_move_changes++;
        } else
            rm->score = -VALUE_INFINITE;
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                if (v >= beta)
                    break;
            }
        }
    }
    return best;
}

/* Searches line pv_index at depth with an aspiration window around the
 * previous score; returns false if the search was stopped. */
static bool aspiration(SearchThread *t, int depth)
{
    Searcher *s = t->searcher;
    int prev = t->root[t->pv_index].prev_score;
    int delta = 20, alpha = -VALUE_INFINITE, beta = VALUE_INFINITE;
    if (depth >= 5 && prev > -VALUE_MATE_IN_MAX_PLY && prev < VALUE_MATE_IN_MAX_PLY) {
        alpha = prev - delta;
        beta = prev + delta;
    }
    for (;;) {
        int v = root_search(t, alpha, beta, depth);
        sort_root(t, t->pv_index);
        if (atomic_load_explicit(&s->stop, memory_order_relaxed))
            return false;
        if (v > alpha && v < beta)
            return true;
        if (past_report_delay(t) || (t->id == 0 && s->opt.report_fails))
            report_line(t, &t->root[t->pv_index], t->pv_index + 1, depth, t->root[t->pv_index].bound);
        if (v <= alpha) {
            beta = (alpha + beta) / 2;
            alpha = v - delta > -VALUE_INFINITE ? v - delta : -VALUE_INFINITE;
        } else
            beta = v + delta < VALUE_INFINITE ? v + delta : VALUE_INFINITE;
        delta += delta / 2;
        if (delta > 1000)
            alpha = -VALUE_INFINITE, beta = VALUE_INFINITE;
    }
}

/* Lazy SMP depth skipping: helper threads skip some iterations so that
 * they spread over depths (pattern from the chessprogramming wiki's
 * "Lazy SMP" page: blocks of 1..4 depths, phase-shifted per thread). */
static bool skip_depth(const SearchThread *t, int depth)
{
    static const int SIZE[20] = {1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4};
    static const int PHASE[20] = {0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7};
    if (t->id == 0)
        return false;
    int i = (t->id - 1) % 20;
    return ((depth + t->pos.game_ply + PHASE[i]) / SIZE[i]) % 2;
}

/* Orders the root moves for the first iteration, which a stop or a tiny
 * limit can cut short: the TT move, then the moves that lose no material
 * by SEE, captures of the most valuable victim first, then the rest, each
 * group in generation order. The partial iteration's best scored move then
 * comes from the most promising prefix, not from the first generated
 * moves, which may hang a piece. */
static void order_first_iteration(SearchThread *t)
{
    TTHit hit;
    bool tt = tt_probe(&t->searcher->tt, t->pos.key, &hit);
    for (int i = 0; i < t->root_count; i++) {
        Move m = t->root[i].move;
        Piece victim = piece_on(&t->pos, move_to(m));
        t->root[i].score = tt && m == hit.move   ? 100000 :
                           see_ge(&t->pos, m, 0) ? 10000 + (victim != NO_PIECE ? SEE_VALUE[type_of(victim)] : 0) :
                                                   0;
    }
    sort_root_moves(t, 0, t->root_count); /* stable: ties keep their order */
    for (int i = 0; i < t->root_count; i++)
        t->root[i].score = t->root[i].prev_score = -VALUE_INFINITE;
}

/* After the first finished iteration, the moves it did not score (they
 * failed low) go back to generation order, which later iterations keep
 * for them. Left last by SEE, Morphy's quiet rook sacrifice 1.Ra6! (mate
 * in 2 into zugzwang, tests/bats/uci.bats), a late zero-window move
 * reduced the most, was not found by depth 19; in generation order it is
 * found at depth 3. */
static void unscored_in_generation_order(SearchThread *t)
{
    int from = 0;
    while (from < t->root_count && t->root[from].score != -VALUE_INFINITE)
        from++;
    for (int i = from + 1; i < t->root_count; i++) {
        RootMove rm = t->root[i];
        int j = i;
        for (; j > from && t->root[j - 1].gen_index > rm.gen_index; j--)
            t->root[j] = t->root[j - 1];
        t->root[j] = rm;
    }
}

/* An iteration that the stop cut short may already have proven a mate:
 * a root move searched to an exact mate score above the last completed
 * iteration's best, while later moves were still to come. With one line,
 * when that is the highest score of the iteration (no move failed high
 * above it), the move and its mating line become the result and the last
 * info line, at the unfinished depth, as Stockfish reports the moves its
 * last iteration scored; matetrack scores that last line. "Highest" is
 * among the scores the moves hold when the stop comes: a fail high that
 * a re-search has since replaced no longer counts, and the mate taken is
 * still a proven one. Only mates: taking any better exact score this way
 * measured -5.7 +- 12.5 Elo over 1,897 games at 20,000 nodes
 * (tools/README). */
static void adopt_unfinished_iteration(SearchThread *t, int depth, int lines)
{
    if (lines != 1 || !t->completed_depth)
        return;
    const RootMove *top = NULL;
    for (int i = 0; i < t->root_count; i++) {
        const RootMove *rm = &t->root[i];
        if (rm->depth_scored == depth && rm->score != -VALUE_INFINITE && (!top || rm->score > top->score))
            top = rm;
    }
    if (!top || top->bound != BOUND_EXACT || top->score <= t->best.score || top->score < VALUE_MATE_IN_MAX_PLY)
        return;
    t->best = *top;
    if (t->id == 0)
        report_line(t, &t->best, 1, depth, BOUND_EXACT);
}

static void iterative_deepening(SearchThread *t)
{
    Searcher *s = t->searcher;
    int max_depth = s->limits.depth ? s->limits.depth : MAX_PLY - 1;
    /* The limiter may score more lines than the user shows. */
    int want = s->opt.multipv > s->strength.lines ? s->opt.multipv : s->strength.lines;
    int lines = want < t->root_count ? want : t->root_count;
    int shown = s->opt.multipv < lines ? s->opt.multipv : lines;
    t->prune_pv = lines == 1;
    int prev_best = VALUE_NONE, stable = 0;
    Move prev_move = MOVE_NONE;
    if (max_depth > MAX_PLY - 1)
        max_depth = MAX_PLY - 1;
    order_first_iteration(t);
    /* The root's net state is the one every path updates from. */
    nnue_stack_reset(&t->net, &t->pos);
    for (int depth = 1; depth <= max_depth; depth++) {
        if (skip_depth(t, depth))
            continue;
        t->root_depth = depth;
        t->best_move_changes = 0;
        for (int i = 0; i < t->root_count; i++)
            t->root[i].prev_score = t->root[i].score;
        bool done = true;
        /* A later line can come out above an earlier one (the searches
         * are separate); keep the finished lines in order, best first. */
        for (t->pv_index = 0; t->pv_index < lines && done; t->pv_index++) {
            done = aspiration(t, depth);
            if (done)
                sort_root_moves(t, 0, t->pv_index + 1);
        }
        if (!done) {
            adopt_unfinished_iteration(t, depth, lines);
            break;
        }
        /* A later line may outscore an earlier one (the tables learned in
         * between): the lines are ranked again, best first. */
        if (lines > 1)
            sort_root(t, 0);
        if (!t->completed_depth)
            unscored_in_generation_order(t);
        t->completed_depth = depth;
        t->best = t->root[0];
        if (t->id != 0)
            continue;
        strength_record(t, lines);
        report_lines(t, shown, depth);
        stable = t->root[0].move == prev_move ? stable + 1 : 0;
        prev_move = t->root[0].move;
        if (time_to_stop(t, depth, prev_best, stable))
            break;
        prev_best = t->root[0].score;
    }
}

/* ---- the end of a search ----------------------------------------------- */

/* Among finished threads, prefer a deeper one unless it scores worse, and
 * a shorter mate; thread 0 by default. */
static const SearchThread *best_thread(const Searcher *s)
{
    const SearchThread *best = s->threads[0];
    /* With several lines shown, thread 0's lines are the ones the user
     * has seen; a helper's best line would repeat or contradict them
     * (Stockfish also picks among threads only with MultiPV 1). */
    if (s->opt.multipv > 1)
        return best;
    for (int i = 1; i < s->thread_count; i++) {
        const SearchThread *t = s->threads[i];
        if (!t->completed_depth)
            continue;
        if ((t->completed_depth > best->completed_depth && t->best.score >= best->best.score)
            || (t->best.score >= VALUE_MATE_IN_MAX_PLY && t->best.score > best->best.score))
            best = t;
    }
    return best;
}

static Move ponder_move(Searcher *s, const SearchThread *t, const RootMove *rm)
{
    if (rm->pv_len >= 2)
        return rm->pv[1];
    Position pos = t->pos;
    Undo undo;
    TTHit hit;
    pos_make(&pos, rm->move, &undo);
    if (tt_probe(&s->tt, pos.key, &hit) && hit.move && is_legal_move(&pos, hit.move))
        return hit.move;
    return MOVE_NONE;
}

/* The move to play when the first iteration did not finish (a tiny time
 * or node limit, or stop right after go): the best move the partial
 * iteration scored; if none, the first in the order of
 * order_first_iteration, whose score is unknown and reported as level. */
static const RootMove *unfinished_root_move(SearchThread *t)
{
    if (t->root[0].score == -VALUE_INFINITE)
        t->root[0].score = VALUE_DRAW;
    return &t->root[0];
}

/* The Syzygy prober's pending notes (a broken file met during this
 * search) go out as messages before the bestmove. */
static void report_bestmove(Searcher *s, Move best, Move ponder)
{
    char text[256];
    while (syzygy_next_message(text, sizeof text))
        if (s->report.message)
            s->report.message(s->report.ctx, text);
    if (s->report.bestmove)
        s->report.bestmove(s->report.ctx, best, ponder);
}

/* Every search ends here, on thread 0, whether the root had no legal
 * move, the tables played it or the threads searched it: waits for go
 * infinite and go ponder to be released, stops the helpers and waits for
 * them, picks the move (the best thread's, or the first iteration's
 * stand-in, or the strength limiter's choice) and reports it with the one
 * bestmove. */
static void end_search(Searcher *s)
{
    SearchThread *t0 = s->threads[0];
    wait_for_release(s);
    atomic_store(&s->stop, true);
    pool_wait_helpers(s);
    for (int i = 0; i < s->thread_count && s->note_unmet; i++)
        tb_merge_unmet(&s->tb_unmet, &s->threads[i]->tb_unmet);

    /* Without a legal move t0->best is MOVE_NONE with the mate or
     * stalemate score; no helper ran. */
    const SearchThread *bt = best_thread(s);
    const RootMove *rm = bt->completed_depth || !t0->root_count ? &bt->best : unfinished_root_move(t0);
    const RootMove *limited = strength_choice(s);
    if (limited)
        bt = t0, rm = limited;
    s->best_move = rm->move;
    s->best_score = rm->score;
    s->last_nodes = total_nodes(s);
    /* The last info line's pv starts with the move played (runners check
     * it): another thread's line, or the strength limiter's choice. */
    if (bt != t0 || limited)
        report_line((SearchThread *)bt, rm, 1, bt->completed_depth, BOUND_EXACT);
    report_bestmove(s, rm->move, rm->move ? ponder_move(s, bt, rm) : MOVE_NONE);
}

/* Thread 0's whole search: the root without legal moves, the table play
 * of a covered root, or the tree search of all threads; then its end. */
static void search_main(Searcher *s)
{
    SearchThread *t0 = s->threads[0];
    if (t0->root_count == 0) {
        SearchInfo info = {.score = in_check(&t0->pos) ? -VALUE_MATE : VALUE_DRAW};
        t0->best = (RootMove){.move = MOVE_NONE, .score = info.score};
        if (s->report.info)
            s->report.info(s->report.ctx, &info);
    } else {
        tb_prepare_search(s);
        if (s->tb_enabled && tb_root_play(s))
            report_lines(t0, s->opt.multipv < t0->root_count ? s->opt.multipv : t0->root_count, 1);
        else {
            tb_syzygy_root_filter(s);
            pool_start_helpers(s);
            iterative_deepening(t0);
        }
    }
    end_search(s);
}

/* What a woken pool thread does: thread 0 the whole search (it wakes the
 * helpers), the others iterative deepening. */
static void run_thread(SearchThread *t)
{
    if (t->id == 0)
        search_main(t->searcher);
    else
        iterative_deepening(t);
}

void search_start(Searcher *s, const Position *pos, const SearchLimits *limits)
{
    search_wait(s);
    /* The clock runs from go: starting threads counts against the limit. */
    atomic_store(&s->start_ms, now_ms());
    search_set_threads(s, s->opt.threads); /* set in opt directly: resized here */
    s->limits = *limits;
    s->time = time_limits(limits, pos->side, s->opt.move_overhead);
    atomic_store(&s->stop, false);
    atomic_store(&s->released, false);
    atomic_store(&s->pondering, limits->ponder);
    strength_begin(s);
    tt_new_search(&s->tt);
    s->search_from_ms = now_ms(); /* tb_prepare_search moves it past any table build */
    pool_setup(s, pos, limits);
    s->syzygy = tb_syzygy_config(s->opt.syzygy_probe_limit, s->opt.syzygy_probe_depth, s->opt.syzygy_50_move_rule);
    s->syzygy_root_score = VALUE_NONE;
    s->running = true;
    pool_start_main(s);
}
