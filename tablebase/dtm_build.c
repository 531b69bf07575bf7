/* DTM tables: building once on demand. A table is built after the
 * smaller tables its exits lead to, under its own lock, within the
 * memory cap of dtm.h; the generator (dtm_generate.c) fills it and
 * dtm_visit.c counts its statistics. */
#include "dtm_internal.h"

static atomic_size_t memory_used;

size_t dtm_memory_used(void) { return atomic_load(&memory_used); }

/* Bytes that building t would add: t and the tables below it not built
 * yet (seen: a bit per registry slot). */
static size_t unbuilt_bytes(const DtmTable *t, uint64_t *seen)
{
    uint64_t bit = 1ULL << t->slot;
    if ((*seen & bit) || dtm_is_ready(t))
        return 0;
    *seen |= bit;
    size_t bytes = DTM_BYTES_PER_INDEX * t->size;
    for (int i = 0; i < DTM_EXIT_SLOTS; i++)
        if (t->exits[i].table)
            bytes += unbuilt_bytes(t->exits[i].table, seen);
    return bytes;
}

static DtmBuildStatus build_exits(DtmTable *t, DtmCheckpoint checkpoint, void *ctx)
{
    for (int i = 0; i < DTM_EXIT_SLOTS; i++) {
        DtmBuildStatus status = t->exits[i].table ? dtm_build_with(t->exits[i].table, checkpoint, ctx) : DTM_BUILD_OK;
        if (status != DTM_BUILD_OK)
            return status;
    }
    return DTM_BUILD_OK;
}

static bool reserve_memory(size_t bytes)
{
    size_t used = atomic_load(&memory_used);
    do {
        if (used + bytes > DTM_MEMORY_CAP)
            return false;
    } while (!atomic_compare_exchange_weak(&memory_used, &used, used + bytes));
    return true;
}

bool dtm_build_failed(const DtmTable *t) { return atomic_load(&t->failed); }

DtmBuildStatus dtm_build_with(DtmTable *t, DtmCheckpoint checkpoint, void *ctx)
{
    if (dtm_is_ready(t))
        return DTM_BUILD_OK;
    pthread_mutex_lock(&t->lock);
    DtmBuildStatus status = dtm_is_ready(t) ? DTM_BUILD_OK : DTM_BUILD_FAILED;
    if (status != DTM_BUILD_OK && !atomic_load(&t->failed)) {
        /* Fail at once if the tables still to build exceed the cap. Then
         * the smaller tables: their locks come later in the order (men,
         * pawns) decreasing, so the locks never form a cycle. */
        uint64_t seen = 0;
        status = dtm_memory_used() + unbuilt_bytes(t, &seen) <= DTM_MEMORY_CAP ? build_exits(t, checkpoint, ctx) :
                                                                                 DTM_BUILD_FAILED;
        if (status == DTM_BUILD_OK && !reserve_memory(DTM_BYTES_PER_INDEX * t->size))
            status = DTM_BUILD_FAILED;
        if (status == DTM_BUILD_OK && (status = dtm_generate(t, checkpoint, ctx)) != DTM_BUILD_OK)
            atomic_fetch_sub(&memory_used, DTM_BYTES_PER_INDEX * t->size);
        if (status == DTM_BUILD_OK)
            dtm_count_stats(t);
        /* An abandoned build is no failure: a later one may finish it. */
        if (status != DTM_BUILD_ABANDONED)
            atomic_store_explicit(status == DTM_BUILD_OK ? &t->ready : &t->failed, true, memory_order_release);
    }
    pthread_mutex_unlock(&t->lock);
    return status;
}

bool dtm_build(DtmTable *t) { return dtm_build_with(t, NULL, NULL) == DTM_BUILD_OK; }
