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

static void vec_push(Gen *g, Vec *v, uint32_t x)
{
    if (v->n == v->cap) {
        size_t cap = v->cap ? v->cap * 2 : 1024;
        uint32_t *a = realloc(v->a, cap * sizeof *a);
        if (!a) {
            g->failed = true;
            return;
        }
        v->a = a, v->cap = cap;
    }
    v->a[v->n++] = x;
}

void gen_schedule(Gen *g, int level, size_t p)
{
    if (level > DTM_MAX_PLIES) {
        g->failed = true;
        return;
    }
    vec_push(g, &g->pending[level], (uint32_t)p);
    if (level > g->last)
        g->last = level;
}

/* Squares man k (of colour c, on cur) may have come from by a move that
 * stays in the table. */
static Bitboard unmove_origins(const Gen *g, int k, Color c, Square cur, Bitboard occ)
{
    if (g->type[k] != PAWN)
        return gen_attacks(g->type[k], c, cur, occ) & ~occ;
    int back = c == WHITE ? -8 : 8;
    Bitboard from = 0;
    if (relative_rank(c, cur) >= 2 && !(occ & square_bb(cur + back))) {
        from = square_bb(cur + back);
        if (relative_rank(c, cur) == 3 && !(occ & square_bb(cur + 2 * back)))
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
    for (int k = 2; k < 2 + n; k++)
        occ |= square_bb(m.sq[k]);
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
        from = unmove_origins(g, k, mover, m.sq[k], occ);
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
    uint8_t *val = g->val + base, *cnt = g->cnt + base;
    Predecessors pr;
    if (t->n == 0)
        predecessors(g, index, mover, &pr, 0);
    else if (t->n == 1)
        predecessors(g, index, mover, &pr, 1);
    else
        predecessors(g, index, mover, &pr, 2);
    /* Predecessors decided already (val != DTM_DRAW) are left alone. */
    if (d % 2 == 0) {
        for (int i = 0; i < pr.count; i++)
            if (val[pr.index[i]] == DTM_DRAW)
                gen_decide_next(g, base + pr.index[i], d + 1); /* a move to a loss in d: won in d + 1 */
        return;
    }
    for (int i = 0; i < pr.count; i++) {
        uint32_t j = pr.index[i];
        if (val[j] == DTM_DRAW && --cnt[j] == 0) {
            /* Every move refuted: lost in d + 1, or later through a capture. */
            int loss = g->hint[base + j];
            if (loss <= d + 1)
                gen_decide_next(g, base + j, d + 1);
            else
                gen_schedule(g, loss, base + j);
        }
    }
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
        for (size_t w = 0; w < g->words; w++)
            for (uint64_t b = cur[w]; b; b &= b - 1)
                unmove_from(g, w * 64 + (size_t)lsb(b), d);
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
    for (int k = 2; k < g->men; k++) {
        g->can_lose[!g->color[k]] = g->must_count[!g->color[k]] = true;
        if (g->type[k] == PAWN)
            g->must_count[g->color[k]] = true;
    }
}

static void free_gen(Gen *g)
{
    for (int d = 0; d < DTM_MAX_PLIES + 2; d++)
        free(g->pending[d].a);
    free(g->frontier);
    free(g->next);
    free(g->open);
    free(g->cnt);
    free(g->hint);
    free(g);
}

bool dtm_generate(DtmTable *t)
{
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    Gen *g = calloc(1, sizeof *g);
    if (!g)
        return false;
    setup_men(g, t);
    g->val = calloc(2, t->size);
    if (t->n == 1 && g->color[2] == WHITE) {
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
            retrograde_pass(g);
        } else
            g->failed = true;
    }
    if (g->failed) {
        free(g->val);
        free_gen(g);
        return false;
    }
    t->val = g->val;
    free_gen(g);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    memset(&t->stats, 0, sizeof t->stats);
    t->stats.bytes = 2 * t->size;
    t->stats.build_ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
    return true;
}
