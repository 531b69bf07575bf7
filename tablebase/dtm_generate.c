/* The retrograde generator of the DTM tables.
 *
 * 1. One forward pass over every stored position: illegal ones are marked,
 *    checkmates are decided (loss in 0), captures and promotions take their
 *    value from the smaller tables, and every other position gets a
 *    counter of its moves that stay in the table (the moves not yet
 *    refuted).
 * 2. Level by level (ply d = 0, 1, 2, ...), un-moves from each position
 *    decided at ply d: a loss in d makes every predecessor a win in d + 1;
 *    a win in d refutes one move of every predecessor, and a predecessor
 *    whose last move is refuted is lost in d + 1 (or later, if a capture
 *    leads to a longer loss).
 * Whatever stays undecided is a draw. (Chessprogramming wiki "Retrograde
 * Analysis"; Thompson, "Retrograde analysis of certain endgames", 1986.)
 *
 * Symmetry and counters: un-moves start from the stored (canonical)
 * position only. With the orbit sizes 8 / stab, a position j has
 * f * stab(j) / stab(i) moves into the class of i for every un-move from i
 * into the class of j, so each move counts stab(successor) / stab(j)
 * (an integer in total) and each un-move refutes one. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dtm_gen.h"

/* Squares man k (of colour c, on cur) may have come from by a move that
 * stays in the table. */
static Bitboard unmove_origins(const Gen *g, int k, Color c, Square cur, Bitboard occ, Bitboard enemy_pawns)
{
    if (g->type[k] != PAWN)
        return gen_attacks(g->type[k], c, cur, occ) & ~occ;
    if (g->dtz)
        return 0; /* a pawn move zeroes the DTZ count: an exit, never un-made */
    int back = c == WHITE ? -8 : 8;
    Bitboard from = 0;
    if (relative_rank(c, cur) >= 2 && !(occ & square_bb(cur + back))) {
        from = square_bb(cur + back);
        /* A double step that lands beside an enemy pawn reaches the
         * position with the e.p. right, an EpNode: not this one. */
        Bitboard beside = ((square_bb(cur) << 1) & ~FILE_A_BB) | ((square_bb(cur) >> 1) & ~FILE_BB(7));
        if (relative_rank(c, cur) == 3 && !(occ & square_bb(cur + 2 * back)) && !(beside & enemy_pawns))
            from |= square_bb(cur + 2 * back);
    }
    return from;
}

/* Indices of the predecessors of a stored position (`mover` to move in
 * them), for tables of n men besides the kings (a constant after
 * inlining). At most 8 + 27 + 27 for four men. */
typedef struct {
    uint32_t index[64];
    int count;
} Predecessors;

static inline __attribute__((always_inline)) void predecessors(const Gen *g, uint32_t index, Color mover,
                                                               Predecessors *out, const int n)
{
    const DtmTable *t = g->t;
    uint32_t kk = index >> (6 * n);
    DtmMen m = {{0}};
    dtm_unpack(t, index, &m);
    Bitboard occ = square_bb(m.sq[0]) | square_bb(m.sq[1]);
    Bitboard enemy_pawns = 0;
    for (int k = 2; k < 2 + n; k++) {
        occ |= square_bb(m.sq[k]);
        if (g->type[k] == PAWN && g->color[k] != mover)
            enemy_pawns |= square_bb(m.sq[k]);
    }
    out->count = 0;
    /* The mover's king: the orientation may change. */
    Bitboard from = KING_ATTACKS[m.sq[mover]] & ~occ & ~KING_ATTACKS[m.sq[!mover]];
    while (from) {
        Square to = pop_lsb(&from);
        out->index[out->count++] = mover == WHITE ? dtm_index_of_n(t, to, m.sq[1], m.sq[2], m.sq[3], NULL, n) :
                                                    dtm_index_of_n(t, m.sq[0], to, m.sq[2], m.sq[3], NULL, n);
    }
    /* The mover's other men: the king pair and its orientation stay. */
    bool plain = !t->same && !DTM_KK_DIAG[t->pawns][kk];
    for (int k = 2; k < 2 + n; k++) {
        if (g->color[k] != mover)
            continue;
        int shift = 6 * (n - 1 - (k - 2));
        uint32_t base = index & ~(63u << shift);
        from = unmove_origins(g, k, mover, m.sq[k], occ, enemy_pawns);
        if (plain && k == 1 + n) {
            /* The last man: its row of 64 entries, open ones only. */
            from &= g->open[((size_t)mover * t->size + base) / 64];
            while (from)
                out->index[out->count++] = base | (uint32_t)pop_lsb(&from);
            continue;
        }
        while (from) {
            Square prev = pop_lsb(&from);
            if (plain)
                out->index[out->count++] = base | (uint32_t)prev << shift;
            else
                out->index[out->count++] = dtm_finish_index_n(t, kk, DTM_KK_DIAG[t->pawns][kk], k == 2 ? prev : m.sq[2],
                                                              k == 3 ? prev : m.sq[3], NULL, n);
        }
    }
}

/* One move of the undecided position j (full index) is refuted at ply d:
 * when it was the last, j is lost in d + 1, or later through a capture. */
static void refute(Gen *g, size_t j, int d)
{
    if (g->val[j] != DTM_DRAW || --g->cnt[j] != 0)
        return;
    int loss = g->hint[j];
    if (loss <= d + 1)
        gen_decide_next(g, j, d + 1);
    else
        gen_schedule(g, loss, j);
}

/* ---- en passant (tables with pawns on both sides) ------------------------ */

/* The EpNode decided at ply d (a loss for X if d is even, else a win)
 * acts on its predecessor as a position decided at d would. */
static void decide_ep(Gen *g, EpNode *e, int d)
{
    e->decided = true;
    if (d % 2 == 0) {
        if (g->val[e->p] == DTM_DRAW)
            gen_decide_next(g, e->p, d + 1);
    } else
        refute(g, e->p, d);
}

static void schedule_ep(Gen *g, int level, size_t node) { gen_schedule_in(g, g->ep_pending, level, (uint32_t)node); }

static EpNode *find_ep(Gen *g, size_t c)
{
    size_t lo = 0, hi = g->ep_count;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (g->ep[mid].c < c)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < g->ep_count && g->ep[lo].c == c ? &g->ep[lo] : NULL;
}

/* Position c (X to move) was decided at ply d: its EpNode, if any, is the
 * better for X of c and the capture. */
static void ep_after(Gen *g, size_t c, int d)
{
    const DtmTable *t = g->t;
    Color x = c >= t->size;
    DtmMen m = {{0}};
    int kx, ky;
    dtm_unpack(t, (uint32_t)(c - (x ? t->size : 0)), &m);
    if (!gen_ep_candidate(g, &m, x, &kx, &ky))
        return;
    EpNode *e = find_ep(g, c);
    if (!e || e->decided || e->only)
        return;
    if (d % 2) /* c wins for X: so does the node, the capture being no faster (else decided) */
        decide_ep(g, e, d);
    else if (e->e < 0) { /* both lose for X: the longer loss */
        if (-e->e <= d)
            decide_ep(g, e, d);
        else
            schedule_ep(g, -e->e, (size_t)(e - g->ep));
    } /* the capture wins (scheduled) or draws (the node draws) */
}

/* After the forward pass: every position with an e.p. right, its
 * capture's value, and the decisions the capture alone makes. */
static void setup_ep(Gen *g)
{
    const DtmTable *t = g->t;
    size_t cap = 0;
    for (Color x = WHITE; x <= BLACK && !g->failed; x++)
        for (uint32_t i = 0; i < t->size && gen_checkpoint(g); i++) {
            size_t c = (size_t)x * t->size + i;
            DtmMen m = {{0}}, mp;
            int kx, ky;
            if (g->val[c] == DTM_ILLEGAL)
                continue;
            dtm_unpack(t, i, &m);
            if (!gen_ep_candidate(g, &m, x, &kx, &ky))
                continue;
            mp = m;
            mp.sq[ky] = (Square)(m.sq[ky] + (x == WHITE ? 16 : -16));
            size_t p = (size_t)!x * t->size + dtm_index(t, &mp, NULL);
            if (g->val[p] == DTM_ILLEGAL)
                continue;
            if (g->ep_count == cap) {
                cap = cap ? cap * 2 : 4096;
                EpNode *a = realloc(g->ep, cap * sizeof *a);
                if (!a) {
                    g->failed = true;
                    return;
                }
                g->ep = a;
            }
            Square to = (Square)(m.sq[ky] + (x == WHITE ? 8 : -8));
            EpNode *e = &g->ep[g->ep_count++];
            e->c = (uint32_t)c, e->p = (uint32_t)p;
            e->e = (int16_t)gen_exit_value(t, &m, kx, to, x, ky, NO_PIECE_TYPE);
            e->only = !gen_ep_other_move(&m, x, kx, ky);
            e->decided = false;
        }
    for (size_t k = 0; k < g->ep_count; k++) {
        EpNode *e = &g->ep[k];
        if (e->e > 0 || (e->only && e->e < 0))
            schedule_ep(g, e->e > 0 ? e->e : -e->e, k);
    }
}

/* Un-moves from position p decided at ply d: a loss in d makes each
 * predecessor a win in d + 1; a win in d refutes one move of each. A
 * predecessor where the side not to move is in check is stored as illegal
 * and skipped like the decided ones. */
static void unmove_from(Gen *g, size_t p, int d)
{
    const DtmTable *t = g->t;
    Color us = p >= t->size, mover = (Color)!us;
    uint32_t index = (uint32_t)(p - (us ? t->size : 0));
    size_t base = (size_t)mover * t->size;
    uint8_t *val = g->val + base;
    Predecessors pr;
    if (t->n == 0)
        predecessors(g, index, mover, &pr, 0);
    else if (t->n == 1)
        predecessors(g, index, mover, &pr, 1);
    else
        predecessors(g, index, mover, &pr, 2);
    /* Predecessors decided already (val != DTM_DRAW) are left alone. DTM
     * levels alternate losses (even) and wins (odd); DTZ levels do not (a
     * forced zeroing move loses at an odd level), so the DTM table says. */
    if (g->ep_table && !g->dtz)
        ep_after(g, p, d);
    if (g->dtz ? dtm_value_is_loss(g->dtm[p]) : d % 2 == 0) {
        for (int i = 0; i < pr.count; i++)
            if (val[pr.index[i]] == DTM_DRAW)
                gen_decide_next(g, base + pr.index[i], d + 1); /* a move to a loss in d: won in d + 1 */
        return;
    }
    for (int i = 0; i < pr.count; i++)
        if (val[pr.index[i]] == DTM_DRAW)
            refute(g, base + pr.index[i], d);
}

static void retrograde_pass(Gen *g)
{
    for (int d = 0; !g->failed && (g->next_count || d <= g->last); d++) {
        uint64_t *cur = g->next;
        g->next = g->frontier, g->frontier = cur;
        g->next_count = 0;
        memset(g->next, 0, g->words * sizeof *g->next);
        Vec *pend = &g->pending[d];
        for (size_t k = 0; k < pend->n; k++)
            if (g->val[pend->a[k]] == DTM_DRAW) {
                g->val[pend->a[k]] = (uint8_t)(d + 1);
                g->open[pend->a[k] / 64] &= ~(1ULL << (pend->a[k] % 64));
                cur[pend->a[k] / 64] |= 1ULL << (pend->a[k] % 64);
            }
        free(pend->a);
        pend->a = NULL;
        /* Decisions made here go to the next ply or later. */
        for (size_t w = 0; w < g->words && !g->failed; w++)
            for (uint64_t b = cur[w]; b && gen_checkpoint(g); b &= b - 1)
                unmove_from(g, w * 64 + (size_t)lsb(b), d);
        /* Positions with an e.p. right decided at this ply. */
        Vec *ep = &g->ep_pending[d];
        for (size_t k = 0; k < ep->n; k++)
            if (!g->ep[ep->a[k]].decided)
                decide_ep(g, &g->ep[ep->a[k]], d);
        free(ep->a);
        ep->a = NULL;
        ep->n = ep->cap = 0;
    }
}

static void setup_men(Gen *g, const DtmTable *t)
{
    g->t = (DtmTable *)t;
    g->men = 2 + t->n;
    g->type[0] = g->type[1] = KING;
    g->color[0] = WHITE, g->color[1] = BLACK;
    for (int k = 0; k < t->n; k++) {
        g->type[2 + k] = type_of(t->piece[k]);
        g->color[2 + k] = color_of(t->piece[k]);
    }
    int pawns[COLOR_NB] = {0, 0};
    for (int k = 2; k < g->men; k++) {
        g->can_lose[!g->color[k]] = g->must_count[!g->color[k]] = true;
        if (g->type[k] == PAWN)
            g->must_count[g->color[k]] = true, pawns[g->color[k]]++;
    }
    g->ep_table = pawns[WHITE] && pawns[BLACK];
}

static void free_gen(Gen *g)
{
    for (int d = 0; d < DTM_MAX_PLIES + 2; d++) {
        free(g->pending[d].a);
        free(g->ep_pending[d].a);
    }
    free(g->ep);
    free(g->frontier);
    free(g->next);
    free(g->open);
    free(g->cnt);
    free(g->hint);
    free(g);
}

static double ms_since(const struct timespec *t0)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - t0->tv_sec) * 1e3 + (double)(t1.tv_nsec - t0->tv_nsec) / 1e6;
}

/* One retrograde analysis: *out = the DTM table, or (dtm not NULL) the
 * DTZ table that follows the finished DTM table dtm. */
static DtmBuildStatus generate(DtmTable *t, const uint8_t *dtm, DtmCheckpoint checkpoint, void *ctx, uint8_t **out)
{
    Gen *g = calloc(1, sizeof *g);
    if (!g)
        return DTM_BUILD_FAILED;
    setup_men(g, t);
    g->checkpoint = checkpoint;
    g->checkpoint_ctx = ctx;
    g->dtz = dtm != NULL;
    g->dtm = dtm;
    g->val = calloc(2, t->size);
    if (t->n == 1 && g->color[2] == WHITE && !g->dtz) {
        /* One man, White's: the bitboard-parallel generator. */
        if (!g->val || !gen_one_man(t, g->val))
            g->failed = true;
    } else {
        g->cnt = calloc(2, t->size);
        g->hint = calloc(2, t->size);
        g->words = (2 * t->size + 63) / 64;
        g->frontier = calloc(g->words, sizeof *g->frontier);
        g->next = calloc(g->words, sizeof *g->next);
        g->open = calloc(g->words, sizeof *g->open);
        if (g->val && g->cnt && g->hint && g->frontier && g->next && g->open) {
            gen_forward_pass(g);
            if (g->ep_table && !g->dtz)
                setup_ep(g);
            retrograde_pass(g);
        } else
            g->failed = true;
    }
    DtmBuildStatus status = g->abandoned ? DTM_BUILD_ABANDONED : g->failed ? DTM_BUILD_FAILED : DTM_BUILD_OK;
    *out = g->failed ? NULL : g->val;
    if (g->failed)
        free(g->val);
    free_gen(g);
    return status;
}

DtmBuildStatus dtm_generate(DtmTable *t, DtmCheckpoint checkpoint, void *ctx)
{
    struct timespec t0;
    uint8_t *val, *dtz;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    DtmBuildStatus status = generate(t, NULL, checkpoint, ctx, &val);
    if (status != DTM_BUILD_OK)
        return status;
    double dtm_ms = ms_since(&t0);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    status = generate(t, val, checkpoint, ctx, &dtz);
    if (status != DTM_BUILD_OK) {
        free(val);
        return status;
    }
    t->val = val;
    t->dtz = dtz;
    memset(&t->stats, 0, sizeof t->stats);
    t->stats.bytes = DTM_BYTES_PER_INDEX * t->size;
    t->stats.build_ms = dtm_ms;
    t->stats.dtz_build_ms = ms_since(&t0);
    return DTM_BUILD_OK;
}
