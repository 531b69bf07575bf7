/* The pool of search threads (Lazy SMP): created when the Threads option
 * changes, asleep between searches, woken with work and waited for; and
 * each thread's state at the start of a search (its copy of the root and
 * its root moves). What a woken thread does is the searcher's run
 * function (search.c), so the calls go one way: search.c -> thread.c.
 * The idea of a pool that outlives searches is Stockfish's (thread.cpp)
 * and Ethereal's (thread.c). */
#include "thread.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "engine/platform.h"

/* Pool thread: sleeps until given work, runs it, says it is done. */
static void *pool_worker(void *arg)
{
    SearchThread *t = arg;
    Searcher *s = t->searcher;
    pthread_mutex_lock(&s->lock);
    for (;;) {
        while (!t->work && !s->quit)
            pthread_cond_wait(&s->start_cv, &s->lock);
        if (s->quit)
            break;
        pthread_mutex_unlock(&s->lock);
        s->run(t);
        pthread_mutex_lock(&s->lock);
        t->work = false;
        pthread_cond_broadcast(&s->done_cv);
    }
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

void pool_init(Searcher *s, void (*run)(SearchThread *t))
{
    s->run = run;
    pthread_cond_init(&s->start_cv, NULL);
    pthread_cond_init(&s->done_cv, NULL);
}

/* Ends and frees the pool threads (they are idle: no search running). */
static void free_threads(Searcher *s)
{
    pthread_mutex_lock(&s->lock);
    s->quit = true;
    pthread_cond_broadcast(&s->start_cv);
    pthread_mutex_unlock(&s->lock);
    for (int i = 0; i < s->thread_count; i++) {
        pthread_join(s->threads[i]->handle, NULL);
        platform_aligned_free(s->threads[i]);
    }
    free(s->threads);
    s->threads = NULL;
    s->thread_count = 0;
    s->quit = false;
}

void pool_destroy(Searcher *s)
{
    free_threads(s);
    pthread_cond_destroy(&s->start_cv);
    pthread_cond_destroy(&s->done_cv);
}

bool pool_resize(Searcher *s)
{
    if (s->thread_count == s->opt.threads)
        return true;
    free_threads(s);
    s->threads = calloc((size_t)s->opt.threads, sizeof *s->threads);
    if (!s->threads)
        return false;
    for (int i = 0; i < s->opt.threads; i++) {
        /* Aligned as its net state asks (alignas(64), eval/nnue.h):
         * calloc promises only 16 bytes, and the vector code may use
         * aligned loads. */
        SearchThread *t = platform_aligned_alloc(64, sizeof(SearchThread));
        if (!t)
            return false;
        memset(t, 0, sizeof *t);
        t->searcher = s;
        t->id = i;
        if (pthread_create(&t->handle, NULL, pool_worker, t) != 0) {
            platform_aligned_free(t);
            return false;
        }
        s->threads[i] = t;
        s->thread_count = i + 1;
    }
    return true;
}

static void setup_thread(SearchThread *t, const Position *pos, const SearchLimits *l)
{
    memset(t, 0, offsetof(SearchThread, hist));
    t->pos = *pos; /* shares the game history, read-only */
    for (int i = 0; i < MAX_PLY + 4; i++)
        t->stack[i].static_eval = VALUE_NONE;
    MoveList list;
    list.count = 0;
    gen_legal(pos, &list, GEN_ALL);
    for (int i = 0; i < list.count; i++) {
        bool wanted = l->searchmoves_count == 0;
        for (int j = 0; j < l->searchmoves_count && !wanted; j++)
            wanted = l->searchmoves[j] == list.moves[i];
        if (!wanted)
            continue;
        RootMove *rm = &t->root[t->root_count++];
        rm->move = list.moves[i];
        rm->gen_index = t->root_count - 1;
        rm->score = rm->prev_score = -VALUE_INFINITE;
        rm->pv[0] = rm->move;
        rm->pv_len = 1;
    }
}

void pool_setup(Searcher *s, const Position *pos, const SearchLimits *limits)
{
    for (int i = 0; i < s->thread_count; i++)
        setup_thread(s->threads[i], pos, limits);
}

void pool_start_main(Searcher *s)
{
    pthread_mutex_lock(&s->lock);
    s->threads[0]->work = true;
    pthread_cond_broadcast(&s->start_cv);
    pthread_mutex_unlock(&s->lock);
}

void pool_start_helpers(Searcher *s)
{
    pthread_mutex_lock(&s->lock);
    for (int i = 1; i < s->thread_count; i++)
        s->threads[i]->work = true;
    pthread_cond_broadcast(&s->start_cv);
    pthread_mutex_unlock(&s->lock);
}

void pool_wait_helpers(Searcher *s)
{
    pthread_mutex_lock(&s->lock);
    for (int i = 1; i < s->thread_count; i++)
        while (s->threads[i]->work)
            pthread_cond_wait(&s->done_cv, &s->lock);
    pthread_mutex_unlock(&s->lock);
}

void pool_wait_main(Searcher *s)
{
    pthread_mutex_lock(&s->lock);
    while (s->threads[0]->work)
        pthread_cond_wait(&s->done_cv, &s->lock);
    pthread_mutex_unlock(&s->lock);
}

void sort_root_moves(SearchThread *t, int from, int to)
{
    for (int i = from + 1; i < to; i++) {
        RootMove rm = t->root[i];
        int j = i;
        while (j > from && t->root[j - 1].score < rm.score) {
            t->root[j] = t->root[j - 1];
            j--;
        }
        t->root[j] = rm;
    }
}
