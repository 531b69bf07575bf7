/* The DTM builder: one thread, a list of wanted tables, and a gate that
 * lets the thread build only while an owner lends it time (dtm_builder.h).
 *
 * States, all under lock: `run` is set while an owner waits in
 * dtm_builder_work; `busy` while the thread executes build code (it is
 * cleared whenever the thread sleeps, at the top of its loop or at a
 * checkpoint), so the owner can wait until the thread really rests before
 * it goes on itself. `hold` mirrors "not run, or quit" for the
 * checkpoints' lock-free test. */
#include "dtm_builder.h"

#include <stdlib.h>
#include <time.h>

#include "dtm_internal.h"
#include "engine/platform.h"

enum { WANT_MAX = DTM_MAX_TABLES };

struct DtmBuilder {
    pthread_mutex_t lock;
    pthread_cond_t cv; /* any change of the fields below */
    pthread_t thread;
    bool started;
    bool run, busy, quit;
    atomic_bool hold;
    DtmTable *want[WANT_MAX]; /* still to build, in order */
    int count;
    DtmTable *building; /* the table the thread's build started with */
    bool abandon;       /* it is no longer wanted: give it up */
};

/* Caller holds lock. */
static void set_state(DtmBuilder *b, bool run, bool quit)
{
    b->run = run;
    b->quit = quit;
    atomic_store_explicit(&b->hold, !run || quit || b->abandon, memory_order_relaxed);
    pthread_cond_broadcast(&b->cv);
}

/* Drops the ready and failed tables from the list. Caller holds lock. */
static void drop_done(DtmBuilder *b)
{
    int kept = 0;
    for (int i = 0; i < b->count; i++)
        if (!dtm_is_ready(b->want[i]) && !dtm_build_failed(b->want[i]))
            b->want[kept++] = b->want[i];
    b->count = kept;
}

/* Caller holds lock: the thread sleeps (busy false) until woken. */
static void rest(DtmBuilder *b)
{
    b->busy = false;
    pthread_cond_broadcast(&b->cv);
    pthread_cond_wait(&b->cv, &b->lock);
}

/* The generator's checkpoint (DtmCheckpoint, ctx = the builder): waits
 * while the builder is paused; false when the build is to be abandoned
 * (dtm_builder_destroy, or a new list without its table). */
static bool checkpoint(void *ctx)
{
    DtmBuilder *b = ctx;
    if (!atomic_load_explicit(&b->hold, memory_order_relaxed))
        return true;
    pthread_mutex_lock(&b->lock);
    while (!b->run && !b->quit)
        rest(b);
    b->busy = true;
    bool go_on = !b->quit && !b->abandon;
    pthread_mutex_unlock(&b->lock);
    return go_on;
}

static void *builder_main(void *arg)
{
    DtmBuilder *b = arg;
    pthread_mutex_lock(&b->lock);
    for (;;) {
        while (!b->quit && !(b->run && b->count))
            rest(b);
        if (b->quit)
            break;
        b->busy = true;
        DtmTable *t = b->building = b->want[0];
        pthread_mutex_unlock(&b->lock);
        dtm_build_with(t, checkpoint, b);
        pthread_mutex_lock(&b->lock);
        b->building = NULL;
        b->abandon = false;
        set_state(b, b->run, b->quit);
        drop_done(b);
        pthread_cond_broadcast(&b->cv); /* an owner may wait for the list to empty */
    }
    b->busy = false;
    pthread_cond_broadcast(&b->cv);
    pthread_mutex_unlock(&b->lock);
    return NULL;
}

DtmBuilder *dtm_builder_create(void)
{
    DtmBuilder *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    pthread_mutex_init(&b->lock, NULL);
    platform_cond_init(&b->cv); /* dtm_builder_work's deadline */
    atomic_init(&b->hold, true);
    return b;
}

void dtm_builder_destroy(DtmBuilder *b)
{
    if (!b)
        return;
    pthread_mutex_lock(&b->lock);
    set_state(b, false, true);
    pthread_mutex_unlock(&b->lock);
    if (b->started)
        pthread_join(b->thread, NULL);
    pthread_mutex_destroy(&b->lock);
    pthread_cond_destroy(&b->cv);
    free(b);
}

bool dtm_builder_want(DtmBuilder *b, DtmTable *const *tables, int count)
{
    pthread_mutex_lock(&b->lock);
    b->count = 0;
    bool wanted = false;
    for (int i = 0; i < count && b->count < WANT_MAX; i++) {
        b->want[b->count++] = tables[i];
        wanted |= tables[i] == b->building;
    }
    /* A paused build the new list does not want is given up (its scratch
     * memory freed, the smaller tables it finished kept), so a new root
     * does not wait for an old root's tables. */
    b->abandon = b->building && !wanted;
    set_state(b, b->run, b->quit);
    drop_done(b);
    bool done = b->count == 0;
    pthread_mutex_unlock(&b->lock);
    return done;
}

bool dtm_builder_work(DtmBuilder *b, int ms)
{
    struct timespec deadline = platform_deadline(ms);
    pthread_mutex_lock(&b->lock);
    if (b->count && !b->started) {
        b->started = pthread_create(&b->thread, NULL, builder_main, b) == 0;
        if (!b->started)
            b->count = 0; /* no thread: the tables stay unbuilt */
    }
    if (b->count) {
        set_state(b, true, false);
        while (b->count && pthread_cond_timedwait(&b->cv, &b->lock, &deadline) == 0)
            ;
        set_state(b, false, false);
        while (b->busy)
            pthread_cond_wait(&b->cv, &b->lock);
    }
    bool done = b->count == 0;
    pthread_mutex_unlock(&b->lock);
    return done;
}
