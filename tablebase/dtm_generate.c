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
 * 3. The DTZ pass follows the finished DTM table and needs no forward
 *    pass: the DTM pass's forward pass noted for each position its counter
 *    of moves that do not zero and whether a capture or promotion wins
 *    (Gen.zero). DTM draws stay draws and are never touched; wins need no
 *    counter (a win always keeps a winning move, so it is decided by a
 *    successor's loss or a zeroing move), so a won position refutes only
 *    the predecessors that the DTM table loses.
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
                                                               const uint64_t *open, Predecessors *out, const int n)
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
            from &= open[((size_t)mover * t->size + base) / 64];
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

/* One move of the open position j (full index, in open_refute) is
 * refuted at ply d: when it was the last, j is lost in d + 1, or later
 * through a capture. */
static inline void refute(Gen *g, size_t j, int d)
{
    int loss, left = --g->val[j];
    if (g->dtz) {
        if (left & ZERO_COUNT)
            return;
        loss = left >> 7; /* ZERO_ANY: a zeroing move, lost at once */
    } else {
        if (left)
            return;
        loss = g->hint[j];
    }
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
    if (!gen_is_open(g->open, e->p))
        return;
    if (d % 2 == 0)
        gen_decide_next(g, e->p, d + 1);
    else
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
    Predecessors pr;
    /* DTM levels alternate losses (even) and wins (odd); DTZ levels do
     * not (a forced zeroing move loses at an odd level), so the DTM table
     * says. Only open predecessors are touched: a loss in d makes each a
     * win in d + 1, a win in d refutes one move of each that may run out
     * of moves. */
    bool loss = g->dtz ? dtm_value_is_loss(g->dtm[p]) : d % 2 == 0;
    const uint64_t *open = loss ? g->open : g->open_refute;
    if (t->n == 0)
        predecessors(g, index, mover, open, &pr, 0);
    else if (t->n == 1)
        predecessors(g, index, mover, open, &pr, 1);
    else
        predecessors(g, index, mover, open, &pr, 2);
    if (g->ep_table && !g->dtz)
        ep_after(g, p, d);
    if (loss) {
        for (int i = 0; i < pr.count; i++)
            if (gen_is_open(open, base + pr.index[i]))
                gen_decide_next(g, base + pr.index[i], d + 1);
        return;
    }
    for (int i = 0; i < pr.count; i++)
        if (gen_is_open(open, base + pr.index[i]))
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
        for (size_t k = 0; k < pend->n; k++) {
            size_t p = pend->a[k];
            uint64_t bit = 1ULL << (p % 64);
            if (g->open[p / 64] & bit) {
                g->open[p / 64] &= ~bit;
                g->open_refute[p / 64] &= ~bit;
                cur[p / 64] |= bit;
            }
        }
        free(pend->a);
        pend->a = NULL;
        /* The positions decided at d get their value (in index order, so
         * the writes stream) and un-move; decisions made here go to the
         * next ply or later. */
        for (size_t w = 0; w < g->words && !g->failed; w++)
            for (uint64_t b = cur[w]; b && gen_checkpoint(g); b &= b - 1) {
                size_t p = w * 64 + (size_t)lsb(b);
                g->val[p] = (uint8_t)(d + 1);
                unmove_from(g, p, d);
            }
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
    if (g->open_refute != g->open)
        free(g->open_refute);
    free(g->open);
    free(g->hint);
    free(g);
}

static double ms_since(const struct timespec *t0)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - t0->tv_sec) * 1e3 + (double)(t1.tv_nsec - t0->tv_nsec) / 1e6;
}

/* A Gen for table t with its bit-vectors; NULL when out of memory. */
static Gen *new_gen(DtmTable *t, DtmCheckpoint checkpoint, void *ctx)
{
    Gen *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    setup_men(g, t);
    g->checkpoint = checkpoint;
    g->checkpoint_ctx = ctx;
    g->words = (2 * t->size + 63) / 64;
    g->frontier = calloc(g->words, sizeof *g->frontier);
    g->next = calloc(g->words, sizeof *g->next);
    g->open = g->open_refute = calloc(g->words, sizeof *g->open);
    if (!g->frontier || !g->next || !g->open)
        g->failed = true;
    return g;
}

/* The positions left open are draws. */
static void finish_draws(Gen *g)
{
    for (size_t w = 0; w < g->words; w++)
        for (uint64_t b = g->open[w]; b; b &= b - 1)
            g->val[w * 64 + (size_t)lsb(b)] = DTM_DRAW;
}

/* How a status reads from a Gen that has ended. */
static DtmBuildStatus gen_status(const Gen *g)
{
    return g->abandoned ? DTM_BUILD_ABANDONED : g->failed ? DTM_BUILD_FAILED : DTM_BUILD_OK;
}

/* The DTM retrograde analysis: *out = the DTM table, *zero = the DTZ
 * pass's start (Gen.zero), both NULL unless it succeeds. */
static DtmBuildStatus generate_dtm(DtmTable *t, DtmCheckpoint checkpoint, void *ctx, uint8_t **out, uint8_t **zero)
{
    Gen *g = new_gen(t, checkpoint, ctx);
    if (!g)
        return DTM_BUILD_FAILED;
    g->val = calloc(2, t->size);
    g->hint = calloc(2, t->size);
    g->zero = calloc(2, t->size);
    if (!g->failed && g->val && g->hint && g->zero) {
        gen_forward_pass(g);
        if (t->n == 1 && g->color[2] == WHITE) {
            /* One man, White's: the bitboard-parallel generator makes the
             * values; the forward pass above made only g->zero. */
            if (!g->failed && !gen_one_man(t, g->val))
                g->failed = true;
        } else {
            if (g->ep_table)
                setup_ep(g);
            retrograde_pass(g);
            finish_draws(g);
        }
    } else
        g->failed = true;
    DtmBuildStatus status = gen_status(g);
    *out = g->failed ? NULL : g->val;
    *zero = g->failed ? NULL : g->zero;
    if (g->failed)
        free(g->val), free(g->zero);
    free_gen(g);
    return status;
}

/* The value for the mover (+1 win, 0 draw, -1 loss, from the DTM table)
 * of the legal pawn move of man k of m to the empty square `to` (no
 * promotion): the DTZ count ends with it. */
static int pawn_move_value(const Gen *g, const DtmMen *m, int k, Square to, Color mover, uint8_t after_value)
{
    int v = dtm_value_for_mover(after_value);
    DtmMen after = *m;
    int kx, ky;
    after.sq[k] = to;
    if (abs(to - m->sq[k]) != 16 || !gen_ep_candidate(g, &after, !mover, &kx, &ky))
        return v;
    /* A double step beside an enemy pawn: the opponent may take e.p.
     * (or must, when it has no other move), whichever is better for it. */
    int e = gen_exit_value(g->t, &after, kx, (Square)((to + m->sq[k]) / 2), !mover, ky, NO_PIECE_TYPE);
    int them = (e > 0) - (e < 0);
    if (gen_ep_other_move(&after, !mover, kx, ky) && -v > them)
        them = -v;
    return -them;
}

/* Has the side to move of position p (a DTM win) a pawn move (no capture,
 * no promotion: those are in ZERO_WINS) that keeps the win? Then its DTZ
 * is 1. A move is legal where the DTM table stores the position after it. */
static bool pawn_move_wins(const Gen *g, size_t p)
{
    const DtmTable *t = g->t;
    Color us = p >= t->size;
    DtmMen m = {{0}};
    dtm_unpack(t, (uint32_t)(p - (us ? t->size : 0)), &m);
    Bitboard occ = square_bb(m.sq[0]) | square_bb(m.sq[1]);
    for (int k = 2; k < g->men; k++)
        occ |= square_bb(m.sq[k]);
    int up = us == WHITE ? 8 : -8;
    for (int k = 2; k < g->men; k++) {
        if (g->type[k] != PAWN || g->color[k] != us)
            continue;
        Square to = (Square)(m.sq[k] + up);
        for (int step = 1; step <= 2 && !(occ & square_bb(to)) && relative_rank(us, to) != 7; step++) {
            DtmMen after = m;
            after.sq[k] = to;
            uint8_t v = g->dtm[(size_t)!us * t->size + dtm_index(t, &after, NULL)];
            if (v != DTM_ILLEGAL && pawn_move_value(g, &m, k, to, us, v) > 0)
                return true;
            if (relative_rank(us, m.sq[k]) != 1)
                break;
            to = (Square)(to + up);
        }
    }
    return false;
}

/* The DTZ pass's start, from the DTM table and the DTM pass's g->zero
 * (already in g->val): draws stay draws; checkmates are lost in 0; a win
 * that a zeroing move keeps is won in 1 (DTZ 1); a loss keeps its counter
 * of moves that do not zero (and, if it has none, is lost in 1). */
static void seed_dtz(Gen *g)
{
    const DtmTable *t = g->t;
    bool pawns[COLOR_NB] = {false, false};
    for (int k = 2; k < g->men; k++)
        pawns[g->color[k]] |= g->type[k] == PAWN;
    for (size_t p = 0; p < 2 * t->size && gen_checkpoint(g); p++) {
        uint8_t v = g->dtm[p], z = g->val[p];
        if (v == DTM_ILLEGAL || v == DTM_DRAW) {
            g->val[p] = v;
            continue;
        }
        uint64_t bit = 1ULL << (p % 64);
        if (v == 1) { /* checkmated */
            g->val[p] = DTM_DRAW;
            gen_decide_next(g, p, 0);
            continue;
        }
        g->open[p / 64] |= bit;
        if (dtm_value_is_loss(v)) {
            g->open_refute[p / 64] |= bit;
            if (!(z & ZERO_COUNT))
                gen_schedule(g, 1, p); /* every move zeroes (and loses) */
        } else if (z == ZERO_WINS || (pawns[p >= t->size] && pawn_move_wins(g, p)))
            gen_schedule(g, 1, p);
    }
}

/* The DTZ retrograde analysis of table t after its DTM table dtm, from the
 * DTM pass's zero (which becomes the DTZ table, or is freed). */
static DtmBuildStatus generate_dtz(DtmTable *t, const uint8_t *dtm, uint8_t *zero, DtmCheckpoint checkpoint, void *ctx,
                                   uint8_t **out)
{
    Gen *g = new_gen(t, checkpoint, ctx);
    if (!g) {
        free(zero);
        return DTM_BUILD_FAILED;
    }
    g->dtz = true;
    g->dtm = dtm;
    g->val = zero;
    g->open_refute = calloc(g->words, sizeof *g->open_refute);
    if (!g->failed && g->open_refute) {
        seed_dtz(g);
        retrograde_pass(g);
        finish_draws(g);
    } else
        g->failed = true;
    DtmBuildStatus status = gen_status(g);
    *out = g->failed ? NULL : g->val;
    if (g->failed)
        free(g->val);
    free_gen(g);
    return status;
}

DtmBuildStatus dtm_generate(DtmTable *t, DtmCheckpoint checkpoint, void *ctx)
{
    struct timespec t0;
    uint8_t *val, *dtz, *zero;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    DtmBuildStatus status = generate_dtm(t, checkpoint, ctx, &val, &zero);
    if (status != DTM_BUILD_OK)
        return status;
    double dtm_ms = ms_since(&t0);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    status = generate_dtz(t, val, zero, checkpoint, ctx, &dtz);
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
