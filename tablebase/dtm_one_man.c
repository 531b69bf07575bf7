/* The DTM generator for tables with one man besides the kings, White's
 * (KQK, KRK, KBK, KNK, KPK), bitboard-parallel.
 *
 * With the kings fixed, the positions of the 64 squares of the man form one
 * 64-bit word, so every set below is an array of words indexed by the raw
 * king pair (wk * 64 + bk, no symmetry reduction: the words then need no
 * reflection) with one bit per square of the man. White cannot lose and
 * Black has nothing but its king, so the retrograde analysis needs no
 * counters:
 *   - White to move wins at ply d + 1 if a move reaches a position lost at
 *     ply d (un-moves of the king and of the man from the words lost at d),
 *     or at the ply a promotion gives, whichever comes first;
 *   - Black to move is lost at ply d + 1 if it cannot capture the man, has
 *     a move, and every move reaches a position won already: tested for the
 *     64 squares at once as an AND over the (at most 8) king moves, for the
 *     king pairs next to those with a win at ply d.
 * Decisions of canonical positions (dtm_internal.h) are written to the
 * table as they are made. (Bitboard-parallel retrograde analysis as in
 * the chessprogramming wiki "Retrograde Analysis" and the KPK bitbases.) */
#include <stdlib.h>
#include <string.h>

#include "dtm_gen.h"

enum { PAIRS = SQ_NB * SQ_NB, PROMOTING_FILES = 8 };

/* The positions decided at one ply: words by king pair, and the pairs
 * whose word is not empty (the other words stay 0). */
typedef struct {
    Bitboard bits[PAIRS];
    uint16_t list[PAIRS];
    int n;
} Layer;

typedef struct {
    const DtmTable *t;
    uint8_t *val;
    PieceType pt;
    Bitboard legal[COLOR_NB][PAIRS]; /* squares of the man in legal positions */
    Bitboard won[PAIRS];             /* White to move, decided */
    Bitboard lost[PAIRS];            /* Black to move, decided */
    Bitboard canon[PAIRS];           /* squares of stored positions; 0 if the pair is not canonical */
    Bitboard quiet[PAIRS];           /* [wk * 64 + s]: squares of the man that let the black king stand on s */
    Layer layer[2];                  /* ply d and ply d + 1 */
    /* Only the canonical king pairs are kept (dtm_internal.h); a word of
     * another pair is the image under DTM_KK_MAP's symmetry t of the
     * canonical word, mapped back by inverse[t]. */
    uint8_t inverse[8];
    int16_t kk[PAIRS];
    uint8_t mark[PAIRS];
    /* White-to-move promotions that win, by ply: pair << 6 | square. */
    uint32_t promo[PAIRS * PROMOTING_FILES];
    int promo_start[DTM_MAX_PLIES + 3];
    uint32_t promo_pos[PAIRS * PROMOTING_FILES]; /* unsorted, with their plies */
    uint8_t promo_ply[PAIRS * PROMOTING_FILES];
} OneMan;

/* Squares from which the man attacks s, with occ blocking sliders. */
static inline Bitboard attackers(const OneMan *g, Square s, Bitboard occ)
{
    return g->pt == PAWN ? PAWN_ATTACKS[BLACK][s] : gen_attacks(g->pt, WHITE, s, occ);
}

static inline Bitboard shift_by(Bitboard b, int step) { return step > 0 ? b << step : b >> -step; }

/* Squares a slider on any of `from` attacks in direction `step` (mask:
 * the squares such a step may land on without wrapping), with the squares
 * outside `empty` blocking: a Kogge-Stone occluded fill (chessprogramming
 * wiki "Kogge-Stone Algorithm"). */
static inline Bitboard ray_fill(Bitboard from, Bitboard empty, int step, Bitboard mask)
{
    empty &= mask;
    from |= empty & shift_by(from, step);
    empty &= shift_by(empty, step);
    from |= empty & shift_by(from, 2 * step);
    empty &= shift_by(empty, 2 * step);
    from |= empty & shift_by(from, 4 * step);
    return shift_by(from, step) & mask;
}

/* Squares from which the man reaches one of `to` by a quiet move: for a
 * slider, the squares it attacks from them (the only blockers are the
 * kings), all 64 at once. */
static Bitboard man_origins(const OneMan *g, Bitboard to, Bitboard kings)
{
    static const int STEP[8] = {8, -8, 1, -1, 9, 7, -7, -9};
    const Bitboard not_a = ~FILE_A_BB, not_h = ~(FILE_A_BB << 7);
    const Bitboard mask[8] = {~0ULL, ~0ULL, not_a, not_h, not_a, not_h, not_a, not_h};
    Bitboard from = 0;
    if (g->pt == PAWN) {
        Bitboard single = (to >> 8) & ~kings;
        return single | ((((to & RANK_BB(3)) >> 8) & ~kings) >> 8 & ~kings);
    }
    if (g->pt == KNIGHT) {
        while (to)
            from |= KNIGHT_ATTACKS[pop_lsb(&to)];
        return from & ~kings;
    }
    for (int d = g->pt == BISHOP ? 4 : 0; d < (g->pt == ROOK ? 4 : 8); d++)
        from |= ray_fill(to, ~kings, STEP[d], mask[d]);
    return from & ~kings;
}

/* Writes the decisions `b` of one king pair at ply `ply`. */
static void record(OneMan *g, Color stm, int pair, Bitboard b, int ply)
{
    uint8_t *row = g->val + (size_t)stm * g->t->size + (size_t)g->kk[pair] * 64;
    for (b &= g->canon[pair]; b;)
        row[pop_lsb(&b)] = (uint8_t)(ply + 1);
}

/* The canonical pair of (wk, bk) and the symmetry that takes it there. */
static inline int canonical_pair(const OneMan *g, Square wk, Square bk, int *t)
{
    *t = DTM_KK_MAP[g->t->pawns][wk][bk].sym;
    return DTM_SYM[*t][wk] * 64 + DTM_SYM[*t][bk];
}

/* Black to move at (wk, bk): the squares of the man where Black cannot
 * capture it, has a move, and every move reaches a position won already.
 * With no_moves, instead the squares where Black has no move at all. */
static Bitboard black_fate(const OneMan *g, Square wk, Square bk, bool no_moves)
{
    Bitboard capture = KING_ATTACKS[bk] & ~KING_ATTACKS[wk], can_move = 0, all_won = ~0ULL;
    for (Bitboard to = capture; to;) {
        Square s = pop_lsb(&to);
        Bitboard quiet = g->quiet[wk * 64 + s];
        int t, pair = canonical_pair(g, wk, s, &t);
        can_move |= quiet;
        all_won &= (t ? sym_bb(g->inverse[t], g->won[pair]) : g->won[pair]) | ~quiet;
    }
    return no_moves ? ~can_move & ~capture : can_move & all_won & ~capture;
}

static void setup_pairs(OneMan *g)
{
    Bitboard lower = 0, placeable = g->pt == PAWN ? ~(RANK_BB(0) | RANK_BB(7)) : ~0ULL;
    for (Square s = 0; s < SQ_NB; s++)
        lower |= rank_of(s) <= file_of(s) ? square_bb(s) : 0; /* diagonal pairs store these */
    memset(g->val, DTM_ILLEGAL, 2 * g->t->size);
    for (int t = 0; t < 8; t++)
        for (int u = 0; u < 8; u++)
            if (DTM_SYM[u][DTM_SYM[t][1]] == 1 && DTM_SYM[u][DTM_SYM[t][8]] == 8)
                g->inverse[t] = (uint8_t)u; /* b1 and a2 fix the symmetry */
    for (Square wk = 0; wk < SQ_NB; wk++)
        for (Square bk = 0; bk < SQ_NB; bk++) {
            int pair = wk * 64 + bk;
            const DtmKingPair *e = &DTM_KK_MAP[g->t->pawns][wk][bk];
            if (e->kk < 0)
                continue; /* kings touching: nothing legal */
            g->quiet[pair] = ~attackers(g, bk, square_bb(wk)) & ~square_bb(bk);
            if (e->sym)
                continue;
            Bitboard free = placeable & ~square_bb(wk) & ~square_bb(bk);
            g->legal[BLACK][pair] = free;
            g->legal[WHITE][pair] = free & ~attackers(g, bk, square_bb(wk));
            g->kk[pair] = e->kk;
            g->canon[pair] = e->diag ? lower : ~0ULL;
            for (Color c = WHITE; c <= BLACK; c++)
                record(g, c, pair, g->legal[c][pair], -1); /* DTM_DRAW */
        }
}

/* Ply 0: Black checkmated. */
static void seed_mates(OneMan *g)
{
    for (Square wk = 0; wk < SQ_NB; wk++)
        for (Square bk = 0; bk < SQ_NB; bk++) {
            int pair = wk * 64 + bk;
            Bitboard mates = g->legal[BLACK][pair] ? g->legal[BLACK][pair] & attackers(g, bk, square_bb(wk)) : 0;
            if (mates)
                mates &= black_fate(g, wk, bk, true);
            if (!mates)
                continue;
            g->layer[0].bits[pair] = g->lost[pair] = mates;
            g->layer[0].list[g->layer[0].n++] = (uint16_t)pair;
            if (g->canon[pair])
                record(g, BLACK, pair, mates, 0);
        }
}

/* White-to-move promotions, bucketed by the ply of their shortest win;
 * returns the highest such ply (0: none). */
static int seed_promotions(OneMan *g)
{
    static const PieceType PROMOS[] = {QUEEN, ROOK, BISHOP, KNIGHT};
    uint32_t *pos = g->promo_pos;
    uint8_t *ply = g->promo_ply;
    int n = 0, top = 0, promos = 0;
    PieceType useful[4];
    memset(g->promo_start, 0, sizeof g->promo_start);
    /* A table without wins (KBK, KNK) only draws. */
    for (int i = 0; g->pt == PAWN && i < 4; i++) {
        const DtmTable *sub = g->t->exits[exit_slot(-1, 0, PROMOS[i])].table;
        if (sub->stats.wins[WHITE] + sub->stats.wins[BLACK])
            useful[promos++] = PROMOS[i];
    }
    for (int pair = 0; g->pt == PAWN && pair < PAIRS; pair++) {
        DtmMen m = {{(Square)(pair >> 6), (Square)(pair & 63), 0, 0}};
        Bitboard kings = square_bb(m.sq[0]) | square_bb(m.sq[1]);
        for (Bitboard b = g->legal[WHITE][pair] & RANK_BB(6) & ~(kings >> 8); b;) {
            m.sq[2] = pop_lsb(&b);
            int best = 0;
            for (int i = 0; i < promos; i++) {
                int v = gen_exit_value(g->t, &m, 2, m.sq[2] + 8, WHITE, -1, useful[i]);
                if (v > 0 && (!best || v < best))
                    best = v;
            }
            if (best) {
                pos[n] = (uint32_t)pair << 6 | m.sq[2], ply[n++] = (uint8_t)best;
                g->promo_start[best + 1]++;
                top = best > top ? best : top;
            }
        }
    }
    for (int d = 1; d < DTM_MAX_PLIES + 3; d++)
        g->promo_start[d] += g->promo_start[d - 1];
    for (int i = 0; i < n; i++)
        g->promo[g->promo_start[ply[i]]++] = pos[i];
    for (int d = DTM_MAX_PLIES + 2; d > 0; d--) /* back to bucket starts */
        g->promo_start[d] = g->promo_start[d - 1];
    g->promo_start[0] = 0;
    return top;
}

/* Adds the candidates b to the word of a pair of the layer. */
static inline void add(OneMan *g, Layer *next, int pair, Bitboard b)
{
    if (!g->mark[pair])
        g->mark[pair] = 1, next->list[next->n++] = (uint16_t)pair;
    next->bits[pair] |= b;
}

/* Keeps the candidates of `next` that are legal for stm and undecided
 * (words in `decided`), decides them at ply and records them. */
static void keep(OneMan *g, Layer *next, Color stm, Bitboard *decided, int ply)
{
    int n = 0;
    for (int i = 0; i < next->n; i++) {
        int pair = next->list[i];
        g->mark[pair] = 0;
        Bitboard b = next->bits[pair] & g->legal[stm][pair] & ~decided[pair];
        next->bits[pair] = b;
        if (!b)
            continue;
        next->list[n++] = (uint16_t)pair;
        decided[pair] |= b;
        if (g->canon[pair])
            record(g, stm, pair, b, ply);
    }
    next->n = n;
}

/* From the positions lost at ply d, White's wins at d + 1. */
static void white_step(OneMan *g, const Layer *fresh, Layer *next, int d)
{
    for (int i = 0; i < fresh->n; i++) {
        int pair = fresh->list[i];
        Bitboard b = fresh->bits[pair];
        Square wk = (Square)(pair >> 6), bk = (Square)(pair & 63);
        for (Bitboard from = KING_ATTACKS[wk] & ~KING_ATTACKS[bk]; from;) {
            Square s = pop_lsb(&from);
            int t, to = canonical_pair(g, s, bk, &t);
            Bitboard x = t ? sym_bb(t, b & ~square_bb(s)) : b & ~square_bb(s);
            /* With both kings on the diagonal the word holds each position
             * and its reflection, which comes from a pair not kept. */
            add(g, next, to, DTM_KK_MAP[0][s][bk].diag && !g->t->pawns ? x | sym_bb(4, x) : x);
        }
        add(g, next, pair, man_origins(g, b, square_bb(wk) | square_bb(bk)));
    }
    for (int i = g->promo_start[d + 1]; i < g->promo_start[d + 2]; i++)
        add(g, next, (int)(g->promo[i] >> 6), square_bb(g->promo[i] & 63));
    keep(g, next, WHITE, g->won, d + 1);
}

/* From the positions won at ply d, Black's losses at d + 1: the pairs
 * next to theirs, where every move may now be refuted. */
static void black_step(OneMan *g, const Layer *fresh, Layer *next, int d)
{
    for (int i = 0; i < fresh->n; i++) {
        int pair = fresh->list[i];
        Square wk = (Square)(pair >> 6), bk = (Square)(pair & 63);
        for (Bitboard from = KING_ATTACKS[bk] & ~KING_ATTACKS[wk]; from;) {
            int t;
            add(g, next, canonical_pair(g, wk, pop_lsb(&from), &t), 0);
        }
    }
    for (int i = 0; i < next->n; i++) {
        int pair = next->list[i];
        if (g->legal[BLACK][pair] & ~g->lost[pair])
            next->bits[pair] = black_fate(g, (Square)(pair >> 6), (Square)(pair & 63), false);
    }
    keep(g, next, BLACK, g->lost, d + 1);
}

bool gen_one_man(const DtmTable *t, uint8_t *val)
{
    OneMan *g = calloc(1, sizeof *g);
    if (!g)
        return false;
    g->t = t, g->val = val, g->pt = type_of(t->piece[0]);
    setup_pairs(g);
    seed_mates(g);
    int top = seed_promotions(g);
    bool ok = true;
    for (int d = 0; g->layer[d % 2].n || d < top; d++) {
        Layer *fresh = &g->layer[d % 2], *next = &g->layer[(d + 1) % 2];
        if (d + 1 > DTM_MAX_PLIES) {
            ok = false;
            break;
        }
        if (d % 2 == 0)
            white_step(g, fresh, next, d);
        else
            black_step(g, fresh, next, d);
        for (int i = 0; i < fresh->n; i++)
            fresh->bits[fresh->list[i]] = 0;
        fresh->n = 0;
    }
    free(g);
    return ok;
}
