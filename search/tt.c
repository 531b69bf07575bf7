#include "tt.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "engine/platform.h"

#define DEPTH_OFFSET 8

static inline size_t bucket_of(const TT *tt, Key key) { return (size_t)(key & (tt->bucket_count - 1)) * TT_BUCKET; }

static size_t table_bytes(const TT *tt) { return tt->bucket_count * TT_BUCKET * sizeof(TTEntry); }

/* One thread's share of a clear: bytes [begin, end) of the table. A fresh
 * mapping is already zero, so it is only touched, one write per 4 KB page,
 * to have the system map the pages now rather than in the first search. */
typedef struct {
    unsigned char *begin, *end;
    bool fresh;
} ClearPart;

static void *clear_part(void *arg)
{
    const ClearPart *p = arg;
    if (p->fresh)
        for (volatile unsigned char *b = p->begin; b < p->end; b += 4096)
            *b = 0;
    else
        memset(p->begin, 0, (size_t)(p->end - p->begin));
    return NULL;
}

/* Clears (or touches) the table with `threads` threads, the caller one of
 * them, each on a contiguous share (Stockfish clears its table with all
 * search threads too). A thread that cannot be started leaves its share
 * to the caller. */
static void clear_entries(TT *tt, int threads, bool fresh)
{
    enum { MAX_CLEAR_THREADS = 256 };
    pthread_t id[MAX_CLEAR_THREADS];
    ClearPart part[MAX_CLEAR_THREADS];
    bool started[MAX_CLEAR_THREADS];
    size_t bytes = table_bytes(tt);
    if (threads < 1)
        threads = 1;
    if (threads > MAX_CLEAR_THREADS)
        threads = MAX_CLEAR_THREADS;
    size_t share = (bytes / (size_t)threads + 4095) & ~(size_t)4095;
    unsigned char *base = (unsigned char *)tt->entries;
    for (int i = 0; i < threads; i++) {
        size_t begin = share * (size_t)i < bytes ? share * (size_t)i : bytes;
        size_t end = begin + share < bytes ? begin + share : bytes;
        part[i] = (ClearPart){base + begin, base + end, fresh};
        started[i] = i > 0 && pthread_create(&id[i], NULL, clear_part, &part[i]) == 0;
    }
    for (int i = 0; i < threads; i++)
        if (!started[i])
            clear_part(&part[i]);
    for (int i = 1; i < threads; i++)
        if (started[i])
            pthread_join(id[i], NULL);
}

bool tt_resize(TT *tt, size_t mb, int threads)
{
    size_t bytes = mb << 20, buckets = 1;
    while (buckets * 2 * TT_BUCKET * sizeof(TTEntry) <= bytes)
        buckets *= 2;
    TTEntry *e = platform_large_alloc(buckets * TT_BUCKET * sizeof(TTEntry));
    if (!e)
        return false;
    tt_free(tt);
    tt->entries = e;
    tt->bucket_count = buckets;
    tt->generation = 0;
    clear_entries(tt, threads, true);
    return true;
}

void tt_free(TT *tt)
{
    platform_large_free(tt->entries, table_bytes(tt));
    tt->entries = NULL;
    tt->bucket_count = 0;
}

void tt_clear(TT *tt, int threads)
{
    clear_entries(tt, threads, false);
    tt->generation = 0;
}

void tt_new_search(TT *tt) { tt->generation = (uint8_t)((tt->generation + 1) & 63); }

static inline int data_depth(uint64_t d) { return (int)((d >> 48) & 0xFF) - DEPTH_OFFSET; }
static inline int data_gen(uint64_t d) { return (int)(d >> 58); }

bool tt_probe(const TT *tt, Key key, TTHit *hit)
{
    const TTEntry *b = tt->entries + bucket_of(tt, key);
    for (int i = 0; i < TT_BUCKET; i++) {
        uint64_t data = atomic_load_explicit(&b[i].data, memory_order_relaxed);
        uint64_t check = atomic_load_explicit(&b[i].check, memory_order_relaxed);
        if ((check ^ data) == key && data) {
            hit->move = (Move)(data & 0xFFFF);
            hit->value = (int16_t)(data >> 16);
            hit->eval = (int16_t)(data >> 32);
            hit->depth = data_depth(data);
            hit->bound = (int)((data >> 56) & 3);
            return true;
        }
    }
    return false;
}

void tt_prefetch(const TT *tt, Key key) { __builtin_prefetch(tt->entries + bucket_of(tt, key)); }

void tt_store(TT *tt, Key key, Move move, int value, int eval, int depth, int bound)
{
    TTEntry *b = tt->entries + bucket_of(tt, key), *replace = b;
    int worst = 1 << 30;
    for (int i = 0; i < TT_BUCKET; i++) {
        uint64_t data = atomic_load_explicit(&b[i].data, memory_order_relaxed);
        uint64_t check = atomic_load_explicit(&b[i].check, memory_order_relaxed);
        if ((check ^ data) == key) {
            /* Same position: keep the old move if the new search has none,
             * and keep a deeper entry of this search unless this is exact. */
            if (!move)
                move = (Move)(data & 0xFFFF);
            if (bound != BOUND_EXACT && data_gen(data) == tt->generation && data_depth(data) > depth + 2)
                return;
            replace = &b[i];
            break;
        }
        int age = (tt->generation - data_gen(data)) & 63;
        int worth = data ? data_depth(data) - 8 * age : -1000;
        if (worth < worst) {
            worst = worth;
            replace = &b[i];
        }
    }
    if (depth < -DEPTH_OFFSET)
        depth = -DEPTH_OFFSET;
    uint64_t data = (uint64_t)move | ((uint64_t)(uint16_t)value << 16) | ((uint64_t)(uint16_t)eval << 32)
                  | ((uint64_t)(depth + DEPTH_OFFSET) << 48) | ((uint64_t)bound << 56)
                  | ((uint64_t)tt->generation << 58);
    atomic_store_explicit(&replace->data, data, memory_order_relaxed);
    atomic_store_explicit(&replace->check, key ^ data, memory_order_relaxed);
}

int tt_hashfull(const TT *tt)
{
    int used = 0;
    size_t n = tt->bucket_count < 1000 ? tt->bucket_count : 1000;
    for (size_t i = 0; i < n * TT_BUCKET; i++) {
        uint64_t d = atomic_load_explicit(&tt->entries[i].data, memory_order_relaxed);
        used += d && data_gen(d) == tt->generation;
    }
    return (int)(used * 1000 / (n * TT_BUCKET));
}

int value_to_tt(int value, int ply)
{
    return value >= VALUE_MATE_IN_MAX_PLY ? value + ply : value <= -VALUE_MATE_IN_MAX_PLY ? value - ply : value;
}

int value_from_tt(int value, int ply)
{
    return value >= VALUE_MATE_IN_MAX_PLY ? value - ply : value <= -VALUE_MATE_IN_MAX_PLY ? value + ply : value;
}
