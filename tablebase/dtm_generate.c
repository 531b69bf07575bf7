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
 *    leads to a longer loss). The positions of a ply are a bit-vector
 *    walked in index order, and most un-moves map a row of 64 positions
 *    at once (see "un-moves, a row of 64 positions at a time" below).
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
    if (d % 2 == 0) {
        if (gen_is_open(g->open, e->p))
            gen_decide_next(g, e->p, d + 1);
    } else if (gen_is_open(g->open_refute, e->p))
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
    /* The pawns (men 0 and 1, one a side) side by side on the fourth or
     * fifth rank: the only placements with an e.p. right, in index order
     * so that the nodes come out sorted. */
    uint32_t pairs[32];
    int npairs = 0;
    for (Square s0 = 0; s0 < SQ_NB; s0++)
        for (Square s1 = 0; s1 < SQ_NB; s1++)
            if (rank_of(s0) == rank_of(s1) && (rank_of(s0) == 3 || rank_of(s0) == 4)
                && (file_of(s0) - file_of(s1)) * (file_of(s0) - file_of(s1)) == 1)
                pairs[npairs++] = (uint32_t)s0 << 6 | s1;
    for (Color x = WHITE; x <= BLACK && !g->failed; x++)
        for (uint32_t n = 0; n < t->size / 4096 * (uint32_t)npairs && gen_checkpoint(g); n++) {
            uint32_t i = (n / (uint32_t)npairs) << 12 | pairs[n % (uint32_t)npairs];
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

/* ---- un-moves, a row of 64 positions at a time ---------------------------
 *
 * A stored position's index ends with the square of the last man, so the
 * 64 positions that differ only there form one word of the bit-vectors (a
 * row). The positions decided at one ply are walked a row at a time: an
 * un-move of the king or of man 0 (n = 2) maps the whole row onto one
 * predecessor row (with the king, through the symmetry that makes the new
 * king pair canonical), so its open entries are found with one AND; only
 * the last man's un-moves, and rows whose canonical form depends on the
 * men (both kings on the diagonal, two identical men), go square by
 * square. Each un-move still refutes its predecessor once. */

/* Open positions in word wi among W: won at ply `ply`. */
static inline void win_word(Gen *g, size_t wi, uint64_t w, int ply)
{
    w &= g->open[wi];
    if (!w)
        return;
    if (ply > DTM_MAX_PLIES) {
        g->failed = true;
        return;
    }
    g->open[wi] &= ~w;
    g->open_refute[wi] &= ~w;
    g->next[wi] |= w;
    g->next_rows[wi / 64] |= 1ULL << (wi % 64);
    g->next_count += (size_t)popcount(w);
}

/* One move of each position of word wi among w that may run out of moves
 * is refuted at ply d. */
static inline void refute_word(Gen *g, size_t wi, uint64_t w, int d)
{
    for (w &= g->open_refute[wi]; w; w &= w - 1)
        refute(g, wi * 64 + (size_t)lsb(w), d);
}

/* The predecessor words of one frontier row, gathered so that their
 * entries are fetched from memory (prefetched) before any is changed: in
 * the larger tables the rows lie far apart and rarely in the cache. */
typedef struct {
    size_t wi[128];
    uint64_t bits[128];
    int count;
} RowBatch;

static inline void batch_add(Gen *g, RowBatch *b, size_t wi, uint64_t bits, bool loss)
{
    if (loss)
        __builtin_prefetch(&g->open[wi]), __builtin_prefetch(&g->next[wi]);
    else
        __builtin_prefetch(&g->open_refute[wi]), __builtin_prefetch(&g->val[wi * 64]);
    b->wi[b->count] = wi, b->bits[b->count++] = bits;
}

/* Predecessors (mover to move) with the canonical king pair kk, man 0 on
 * s0 (n = 2) and the last man on the squares `last`, all in kk's
 * orientation: a move to a loss in d wins them in d + 1 (loss), a move to
 * a win in d refutes one of their moves. */
static inline __attribute__((always_inline)) void to_row(Gen *g, RowBatch *batch, Color mover, uint32_t kk, bool diag,
                                                         Square s0, uint64_t last, bool loss, int d, const int n)
{
    const DtmTable *t = g->t;
    size_t base = (size_t)mover * t->size;
    if (!last)
        return;
    if (n == 2 && t->same && !diag) {
        /* Identical men are stored in increasing order: the squares above
         * s0 keep this row; each one below is a row of its own. */
        uint64_t upto = ((1ULL << s0) << 1) - 1;
        for (uint64_t below = last & upto; below; below &= below - 1) {
            size_t j = base + (kk << 12 | (uint32_t)lsb(below) << 6 | s0);
            if (loss ? gen_is_open(g->open, j) : gen_is_open(g->open_refute, j))
                loss ? gen_decide_next(g, j, d + 1) : refute(g, j, d);
        }
        last &= ~upto;
    } else if (diag) {
        /* Both kings on the diagonal: the men choose the orientation. */
        for (; last; last &= last - 1) {
            Square s = (Square)lsb(last);
            size_t j = base + dtm_finish_index_n(t, kk, true, n == 2 ? s0 : s, n == 2 ? s : 0, NULL, n);
            if (loss ? gen_is_open(g->open, j) : gen_is_open(g->open_refute, j))
                loss ? gen_decide_next(g, j, d + 1) : refute(g, j, d);
        }
        return;
    }
    if (last)
        batch_add(g, batch, (base + ((size_t)(n == 2 ? kk << 6 | s0 : kk) << 6)) / 64, last, loss);
}

/* Un-moves from the positions of row word w (stored positions, `us` to
 * move) among f, all decided at ply d and all losses (loss) or all wins. */
static inline __attribute__((always_inline)) void unmove_row(Gen *g, size_t w, uint64_t f, bool loss, int d,
                                                             const int n)
{
    const DtmTable *t = g->t;
    Color us = w * 64 >= t->size, mover = (Color)!us;
    size_t row = w - (us ? t->size / 64 : 0);
    uint32_t kk = (uint32_t)(n == 2 ? row >> 6 : row);
    Square s0 = n == 2 ? (Square)(row & 63) : 0;
    bool diag = DTM_KK_DIAG[t->pawns][kk];
    Square wk = DTM_KK_SQ[t->pawns][kk][0], bk = DTM_KK_SQ[t->pawns][kk][1];
    Bitboard kings = square_bb(wk) | square_bb(bk), man0 = n == 2 ? square_bb(s0) : 0;
    RowBatch batch;
    batch.count = 0;
    if (g->ep_table && !g->dtz)
        for (uint64_t b = f; b; b &= b - 1)
            ep_after(g, w * 64 + (size_t)lsb(b), d);
    /* The mover's king: the row moves to the new king pair's row, its
     * squares mapped by the symmetry that makes that pair canonical. */
    Square ksq = mover == WHITE ? wk : bk, other = mover == WHITE ? bk : wk;
    for (Bitboard from = KING_ATTACKS[ksq] & ~KING_ATTACKS[other] & ~man0; from;) {
        Square o = pop_lsb(&from);
        const DtmKingPair *e = &DTM_KK_MAP[t->pawns][mover == WHITE ? o : wk][mover == WHITE ? bk : o];
        to_row(g, &batch, mover, (uint32_t)e->kk, e->diag, n == 2 ? (Square)DTM_SYM[e->sym][s0] : 0,
               sym_bb(e->sym, f & ~square_bb(o)), loss, d, n);
    }
    /* Man 0 (n = 2): its origins depend on the last man only when that
     * stands on them or between. */
    if (n == 2 && g->color[2] == mover && !(g->type[2] == PAWN && g->dtz)) {
        if (g->type[2] != PAWN) {
            for (Bitboard from = gen_attacks(g->type[2], mover, s0, kings) & ~kings; from;) {
                Square o = pop_lsb(&from);
                to_row(g, &batch, mover, kk, diag, o, f & ~square_bb(o) & ~BETWEEN[s0][o], loss, d, 2);
            }
        } else if (relative_rank(mover, s0) >= 2) {
            int back = mover == WHITE ? -8 : 8;
            Square o1 = (Square)(s0 + back), o2 = (Square)(s0 + 2 * back);
            if (!(kings & square_bb(o1))) {
                to_row(g, &batch, mover, kk, diag, o1, f & ~square_bb(o1), loss, d, 2);
                /* A double step that lands beside an enemy pawn reaches
                 * the position with the e.p. right, an EpNode. */
                Bitboard beside = ((man0 << 1) & ~FILE_A_BB) | ((man0 >> 1) & ~FILE_BB(7));
                Bitboard ep = g->type[3] == PAWN && g->color[3] != mover ? beside : 0;
                if (relative_rank(mover, s0) == 3 && !(kings & square_bb(o2)))
                    to_row(g, &batch, mover, kk, diag, o2, f & ~square_bb(o1) & ~square_bb(o2) & ~ep, loss, d, 2);
            }
        }
    }
    /* The last man, square by square, within the row. */
    int last = 1 + n;
    if (g->color[last] == mover) {
        Bitboard enemy_pawns = n == 2 && g->type[2] == PAWN && g->color[2] != mover ? man0 : 0;
        uint64_t won = 0;
        bool plain = !diag && !(n == 2 && t->same);
        for (uint64_t b = f; b; b &= b - 1) {
            Square s = (Square)lsb(b);
            Bitboard from = unmove_origins(g, last, mover, s, kings | man0 | square_bb(s), enemy_pawns);
            if (loss && plain)
                won |= from; /* a predecessor is won once, however many moves win */
            else
                to_row(g, &batch, mover, kk, diag, s0, from, loss, d, n);
        }
        to_row(g, &batch, mover, kk, diag, s0, won, loss, d, n);
    }
    for (int i = 0; i < batch.count; i++)
        if (loss)
            win_word(g, batch.wi[i], batch.bits[i], d + 1);
        else
            refute_word(g, batch.wi[i], batch.bits[i], d);
}

/* Un-moves from the positions of word w among f, decided at ply d: DTM
 * levels alternate losses (even) and wins (odd); DTZ levels do not (a
 * forced zeroing move loses at an odd level), so the DTM table says. */
static void unmove_word(Gen *g, size_t w, uint64_t f, int d)
{
    const DtmTable *t = g->t;
    uint64_t losses = g->dtz ? f & g->dtm_losses[w] : d % 2 ? 0 : f;
    for (int pass = 0; pass < 2; pass++) {
        uint64_t part = pass ? f & ~losses : losses;
        if (!part)
            continue;
        if (t->n == 1)
            unmove_row(g, w, part, !pass, d, 1);
        else
            unmove_row(g, w, part, !pass, d, 2);
    }
}

static void retrograde_pass(Gen *g)
{
    for (int d = 0; !g->failed && (g->next_count || d <= g->last); d++) {
        /* The ply's set is the one filled as `next`; the other one, left
         * empty by the last walk, becomes `next`. */
        uint64_t *cur = g->next, *cur_rows = g->next_rows;
        g->next = g->frontier, g->next_rows = g->frontier_rows;
        g->frontier = cur, g->frontier_rows = cur_rows;
        g->next_count = 0;
        Vec *pend = &g->pending[d];
        for (size_t k = 0; k < pend->n; k++) {
            size_t p = pend->a[k];
            uint64_t bit = 1ULL << (p % 64);
            if (g->open[p / 64] & bit) {
                g->open[p / 64] &= ~bit;
                g->open_refute[p / 64] &= ~bit;
                cur[p / 64] |= bit;
                cur_rows[p / 4096] |= 1ULL << (p / 64 % 64);
            }
        }
        free(pend->a);
        pend->a = NULL;
        /* The positions decided at d get their value (in index order, so
         * the writes stream) and un-move; decisions made here go to the
         * next ply or later. */
        for (size_t r = 0; r < (g->words + 63) / 64 && !g->failed; r++)
            for (uint64_t rows = cur_rows[r]; rows && !g->failed; rows &= rows - 1) {
                size_t w = r * 64 + (size_t)lsb(rows);
                uint64_t f = cur[w];
                cur[w] = 0;
                for (uint64_t b = f; b; b &= b - 1)
                    g->val[w * 64 + (size_t)lsb(b)] = (uint8_t)(d + 1);
                if (g->t->n > 0 && gen_checkpoint_n(g, (unsigned)popcount(f)))
                    unmove_word(g, w, f, d);
            }
        memset(cur_rows, 0, (g->words + 63) / 64 * sizeof *cur_rows);
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
    free(g->frontier_rows);
    free(g->next_rows);
    if (g->open_refute != g->open)
        free(g->open_refute);
    free(g->open);
    free(g->dtm_losses);
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
    g->frontier_rows = calloc((g->words + 63) / 64, sizeof *g->frontier_rows);
    g->next_rows = calloc((g->words + 63) / 64, sizeof *g->next_rows);
    g->open = g->open_refute = calloc(g->words, sizeof *g->open);
    if (!g->frontier || !g->next || !g->frontier_rows || !g->next_rows || !g->open)
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
    g->open_refute = calloc(g->words, sizeof *g->open_refute);
    if (!g->failed && g->val && g->hint && g->zero && g->open_refute) {
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

/* ---- bytes to bits, eight at a time (SWAR) ---------------------------- */

static const uint64_t ONES = 0x0101010101010101ULL, HIGHS = 0x8080808080808080ULL;

/* The high bits of the 8 bytes of x gathered into 8 bits (byte 0 ->
 * bit 0): the multiplication moves bit 7 + 8 i to bit 56 + i, and no two
 * partial products meet. */
static inline unsigned high_bits(uint64_t x) { return (unsigned)(((x & HIGHS) * 0x0002040810204081ULL) >> 56); }

/* High bit set in the bytes of x equal to zero (exact: no borrow crosses
 * a byte). */
static inline uint64_t zero_bytes(uint64_t x) { return ~(((x & ~HIGHS) + ~HIGHS) | x | ~HIGHS); }

/* Entries of word w (64 but in the last word of a table without men). */
static inline size_t word_entries(const Gen *g, size_t w)
{
    return 2 * g->t->size - w * 64 < 64 ? 2 * g->t->size - w * 64 : 64;
}

/* The entries of word w of the byte array a, as eight words (host byte
 * order: entry 8 i + j is byte j of out[i] on a little-endian host;
 * high_bits reads them back in that order); missing entries read as
 * `fill`. */
static inline void load_entries(const Gen *g, const uint8_t *a, size_t w, uint8_t fill, uint64_t out[8])
{
    uint8_t buf[64];
    size_t n = word_entries(g, w);
    memset(buf, fill, sizeof buf);
    memcpy(buf, a + w * 64, n);
    for (int i = 0; i < 8; i++) {
        uint64_t x = 0;
        for (int j = 7; j >= 0; j--)
            x = x << 8 | buf[8 * i + j];
        out[i] = x;
    }
}

/* The DTM table's losses among the entries of word w, one bit each: odd
 * values but DTM_ILLEGAL. */
static inline uint64_t loss_bits(const Gen *g, size_t w)
{
    uint64_t v[8], bits = 0;
    load_entries(g, g->dtm, w, DTM_DRAW, v);
    for (int i = 0; i < 8; i++)
        bits |= (uint64_t)high_bits((v[i] << 7) & ~zero_bytes(~v[i])) << (8 * i);
    return bits;
}

/* Which of the positions `wins` of row word w (DTM wins, `us` to move,
 * whose one pawn is man 0 or the last man) have a pawn move that keeps
 * the win, a row at a time: the positions after the moves are rows of
 * the opponent's half with the same kings, lost for it. (A position after
 * a pawn move is legal where the table does not mark it illegal, which a
 * loss never is.) */
static uint64_t pawn_moves_win_row(const Gen *g, size_t w, Color us, uint64_t wins)
{
    const DtmTable *t = g->t;
    size_t half = t->size / 64, row = w - (us ? half : 0), them = us ? 0 : half;
    uint32_t kk = (uint32_t)(t->n == 2 ? row >> 6 : row);
    Bitboard kings = square_bb(DTM_KK_SQ[1][kk][0]) | square_bb(DTM_KK_SQ[1][kk][1]);
    int up = us == WHITE ? 8 : -8;
    if (g->type[g->men - 1] != PAWN || g->color[g->men - 1] != us) {
        /* The pawn is man 0: a move leads to the row of its new square,
         * the last man (the row's bits) staying; that man must not stand
         * on the squares the pawn crosses. */
        Square s0 = (Square)(row & 63), one = (Square)(s0 + up), two = (Square)(one + up);
        if ((kings & square_bb(one)) || relative_rank(us, one) == 7)
            return 0;
        uint64_t won = loss_bits(g, them + (row & ~(size_t)63) + one) & ~square_bb(one);
        if (relative_rank(us, s0) == 1 && !(kings & square_bb(two)))
            won |= loss_bits(g, them + (row & ~(size_t)63) + two) & ~square_bb(one) & ~square_bb(two);
        return wins & won;
    }
    /* The pawn is the last man: a move stays in the row, the pawn's bit
     * moving by a rank. */
    Bitboard empty = ~kings & ~(t->n == 2 ? square_bb((Square)(row & 63)) : 0);
    Bitboard lost = loss_bits(g, them + row) & empty;
    Bitboard one, two;
    if (us == WHITE)
        one = lost >> 8, two = (lost >> 16) & (empty >> 8) & RANK_BB(1);
    else
        one = lost << 8, two = (lost << 16) & (empty << 8) & RANK_BB(6);
    return wins & (one | two);
}

/* The DTZ pass's start, from the DTM table and the DTM pass's g->zero
 * (already in g->val), a word at a time: draws stay draws; checkmates
 * are lost in 0; a win that a zeroing move keeps is won in 1 (DTZ 1); a
 * loss keeps its counter of moves that do not zero (and, if it has none,
 * is lost in 1). */
static void seed_dtz(Gen *g)
{
    const DtmTable *t = g->t;
    int pawns[COLOR_NB] = {0, 0};
    for (int k = 2; k < g->men; k++)
        pawns[g->color[k]] += g->type[k] == PAWN;
    for (size_t w = 0; w < g->words && gen_checkpoint_n(g, 64); w++) {
        const uint8_t *v = g->dtm + w * 64;
        uint8_t *z = g->val + w * 64;
        size_t n = word_entries(g, w);
        uint64_t vw[8], zw[8], decided = 0, mates = 0, zero_wins = 0, zero_all = 0;
        load_entries(g, g->dtm, w, DTM_DRAW, vw);
        load_entries(g, g->val, w, 0, zw);
        for (int i = 0; i < 8; i++) {
            decided |= (uint64_t)high_bits(~zero_bytes(vw[i]) & ~zero_bytes(~vw[i])) << (8 * i);
            mates |= (uint64_t)high_bits(zero_bytes(vw[i] ^ ONES)) << (8 * i);
            zero_wins |= (uint64_t)high_bits(zero_bytes(~zw[i])) << (8 * i);
            zero_all |= (uint64_t)high_bits(zero_bytes(zw[i] & ~HIGHS)) << (8 * i);
        }
        uint64_t losses = loss_bits(g, w), wins = decided & ~losses;
        /* Draws and illegal entries take the DTM table's value, mates 0
         * (the walk of ply 0 writes theirs). */
        for (uint64_t b = (~decided | mates) & (n < 64 ? (1ULL << n) - 1 : ~0ULL); b; b &= b - 1)
            z[lsb(b)] = v[lsb(b)] == DTM_ILLEGAL ? DTM_ILLEGAL : DTM_DRAW;
        g->dtm_losses[w] = losses;
        g->open[w] = decided & ~mates;
        g->open_refute[w] = losses & ~mates;
        for (uint64_t b = mates; b; b &= b - 1)
            gen_decide_next(g, w * 64 + (size_t)lsb(b), 0);
        /* Every move zeroes (and loses): lost in 1. */
        uint64_t in_one = losses & ~mates & zero_all;
        /* A capture or promotion keeps the win, or a pawn move does. */
        in_one |= wins & zero_wins;
        Color us = w * 64 >= t->size;
        uint64_t rest = wins & ~zero_wins;
        bool pawn_man0 = t->n == 2 && g->type[2] == PAWN && g->color[2] == us;
        bool pawn_last = g->type[g->men - 1] == PAWN && g->color[g->men - 1] == us;
        if (pawns[us] == 1 && (pawn_man0 || pawn_last) && !g->ep_table && rest)
            in_one |= pawn_moves_win_row(g, w, us, rest);
        else if (pawns[us])
            for (uint64_t b = rest; b; b &= b - 1)
                if (pawn_move_wins(g, w * 64 + (size_t)lsb(b)))
                    in_one |= b & -b;
        /* Straight into the set that the walk of ply 0 fills (frontier
         * becomes `next` then), not the pending list: in tables with
         * pawns most wins are lost in 1 for the opponent so. */
        if (in_one) {
            g->open[w] &= ~in_one;
            g->open_refute[w] &= ~in_one;
            g->frontier[w] |= in_one;
            g->frontier_rows[w / 64] |= 1ULL << (w % 64);
            g->last = g->last < 1 ? 1 : g->last;
        }
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
    g->dtm_losses = calloc(g->words, sizeof *g->dtm_losses);
    if (!g->failed && g->open_refute && g->dtm_losses) {
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
