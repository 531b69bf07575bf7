/* The forward pass of the DTM generator: one visit per stored position and
 * side to move. It marks illegal positions, decides checkmates (lost in 0
 * plies), values captures and promotions through the smaller tables, and
 * counts the moves that stay in the table; on the way it notes what the
 * DTZ pass will need (Gen.zero), so that pass has no forward pass. Legality is a bit test against
 * the squares the enemy attacks, the pins and the check evasions, so quiet
 * moves are counted in bulk with popcount. */
#include <stdlib.h>
#include <string.h>

#include "dtm_gen.h"

/* Inlined into a copy per number of men, so that loops over the men have
 * constant bounds. */
#define PER_MEN static inline __attribute__((always_inline))

/* Facts about one side to move. */
typedef struct {
    Bitboard occ, own;
    Bitboard danger;  /* squares the enemy attacks, seen through our king */
    Bitboard pinned;  /* our men pinned to our king */
    Bitboard evasion; /* where a man other than the king may go: anywhere,
                         or (in check) the checker and the squares between;
                         nowhere in double check */
    bool in_check;
} Safety;

/* The moves of one side to move. */
typedef struct {
    int legal;
    int weight;     /* moves that stay in the table, weighted by stabiliser */
    int pawn_quiet; /* of them, pawn moves (no symmetry: weight 1 each) */
    bool exit;      /* a capture or promotion is legal */
    int win;        /* shortest win through an exit, plies; 0 if none */
    bool draw;      /* an exit draws */
    int loss;       /* longest loss through an exit, plies */
} MoveSummary;

/* Could a slider of type pt on s pin a man to a king on ksq (are they on
 * one of its lines)? */
static inline bool slider_line(PieceType pt, Square s, Square ksq)
{
    bool straight = rank_of(s) == rank_of(ksq) || file_of(s) == file_of(ksq);
    return LINE[s][ksq] && (pt == QUEEN || (pt == ROOK) == straight);
}

/* The safety of both sides, and att[k]: the squares each man k >= 2
 * attacks (all men blocking), which man_moves reuses. */
PER_MEN void compute_safety(const Gen *g, const DtmMen *m, Safety sf[COLOR_NB], Bitboard att[DTM_MAX_MEN],
                            const int men)
{
    Bitboard occ = square_bb(m->sq[0]) | square_bb(m->sq[1]);
    for (int k = 2; k < men; k++)
        occ |= square_bb(m->sq[k]);
    for (int k = 2; k < men; k++)
        att[k] = gen_attacks(g->type[k], g->color[k], m->sq[k], occ);
    for (Color us = WHITE; us <= BLACK; us++) {
        Square ksq = m->sq[us];
        Safety *s = &sf[us];
        s->occ = occ;
        s->own = square_bb(ksq);
        s->danger = KING_ATTACKS[m->sq[!us]];
        s->pinned = 0;
        s->evasion = ~0ULL;
        int checkers = 0;
        for (int k = 2; k < men; k++) {
            if (g->color[k] == us) {
                s->own |= square_bb(m->sq[k]);
                continue;
            }
            PieceType pt = g->type[k];
            Bitboard a = att[k];
            if (a & square_bb(ksq)) {
                /* Seen through our king: it cannot step back along the
                 * line. (A man that does not give check has no line
                 * through the king, so att[k] is already right.) */
                if (pt >= BISHOP && pt <= QUEEN)
                    a = gen_attacks(pt, !us, m->sq[k], occ ^ square_bb(ksq));
                s->evasion = checkers++ ? 0 : square_bb(m->sq[k]) | BETWEEN[m->sq[k]][ksq];
            } else if (pt >= BISHOP && pt <= QUEEN && slider_line(pt, m->sq[k], ksq)) {
                Bitboard between = BETWEEN[m->sq[k]][ksq] & occ;
                if (!more_than_one(between))
                    s->pinned |= between; /* ours or theirs; only ours moves */
            }
            s->danger |= a;
        }
        s->in_check = checkers > 0;
    }
}

static int man_on(const Gen *g, const DtmMen *m, Square s)
{
    for (int k = 2; k < g->men; k++)
        if (m->sq[k] == s)
            return k;
    return -1;
}

int gen_exit_value(const DtmTable *t, const DtmMen *m, int k, Square to, Color mover, int captured, PieceType promo)
{
    const DtmExit *ex = &t->exits[exit_slot(captured < 0 ? -1 : captured - 2, promo ? k - 2 : -1, promo)];
    Square sq[DTM_MAX_MEN] = {0, 0, 0, 0};
    for (int j = 0; j < 2 + ex->table->n; j++)
        sq[j] = (ex->man[j] == k ? to : m->sq[ex->man[j]]) ^ (ex->flip ? 56 : 0);
    const DtmTable *sub = ex->table;
    if (sub->n == 0)
        return 0; /* bare kings */
    uint8_t v = sub->val[(size_t)(!mover ^ ex->flip) * sub->size + dtm_index_of(sub, sq[0], sq[1], sq[2], sq[3], NULL)];
    if (v == DTM_DRAW)
        return 0;
    int plies = v - 1;
    return plies % 2 == 0 ? plies + 1 : -(plies + 1);
}

static void note_exit(MoveSummary *s, int v)
{
    if (v > 0 && (!s->win || v < s->win))
        s->win = v;
    else if (v == 0)
        s->draw = true;
    else if (v < 0 && -v > s->loss)
        s->loss = -v;
}

/* A legal capture or promotion of man k to `to`. */
static void exit_move(const Gen *g, MoveSummary *s, const DtmMen *m, Bitboard occ, Color us, int k, Square to)
{
    int captured = (occ & square_bb(to)) ? man_on(g, m, to) : -1;
    s->legal++;
    s->exit = true;
    if (g->type[k] == PAWN && relative_rank(us, to) == 7)
        for (PieceType pt = KNIGHT; pt <= QUEEN; pt++)
            note_exit(s, gen_exit_value(g->t, m, k, to, us, captured, pt));
    else
        note_exit(s, gen_exit_value(g->t, m, k, to, us, captured, NO_PIECE_TYPE));
}

/* The long diagonals through s: a position can be symmetric only with
 * both kings on one of them. */
static inline Bitboard long_diagonals(Square s)
{
    const Bitboard a1h8 = 0x8040201008040201ULL, a8h1 = 0x0102040810204080ULL;
    return (a1h8 & square_bb(s) ? a1h8 : 0) | (a8h1 & square_bb(s) ? a8h1 : 0);
}

/* How much the successors that are their own mirror image (both kings on
 * one long diagonal, stabiliser 2) add to the weight of moves of man k to
 * `quiet`. Rare, so kept out of line. */
static __attribute__((noinline)) int symmetric_extra(const Gen *g, const DtmMen *m, int k, Bitboard quiet)
{
    int extra = 0;
    Bitboard maybe =
        k < 2 ? quiet & long_diagonals(m->sq[!k]) : (long_diagonals(m->sq[0]) & square_bb(m->sq[1]) ? quiet : 0);
    while (maybe) {
        Square to = pop_lsb(&maybe), sq[DTM_MAX_MEN] = {m->sq[0], m->sq[1], m->sq[2], m->sq[3]};
        int stab;
        sq[k] = to;
        dtm_index_of(g->t, sq[0], sq[1], sq[2], sq[3], &stab);
        extra += stab - 1;
    }
    return extra;
}

/* Legal moves of man k to the empty squares `quiet` (no promotions):
 * counted, each weighted by its successor's stabiliser. */
PER_MEN void count_quiet(const Gen *g, MoveSummary *s, const DtmMen *m, Color us, int k, Bitboard quiet)
{
    const Bitboard long_diags = 0x8040201008040201ULL | 0x0102040810204080ULL;
    int n = popcount(quiet);
    s->legal += n;
    if (!g->can_lose[us])
        return;
    s->weight += n;
    /* With pawns the symmetry is left-right: no position is its own
     * mirror. Without, a symmetric successor has both kings on a long
     * diagonal: the king that does not move, and the other one. */
    bool maybe = k < 2 ? (square_bb(m->sq[!k]) & long_diags) :
                         (square_bb(m->sq[0]) & long_diags) && (square_bb(m->sq[1]) & long_diags);
    if (!g->t->pawns && maybe)
        s->weight += symmetric_extra(g, m, k, quiet);
}

/* The legal moves of man k. */
PER_MEN void man_moves(const Gen *g, MoveSummary *s, const Safety *sf, const Bitboard att[DTM_MAX_MEN], const DtmMen *m,
                       Color us, int k)
{
    Square from = m->sq[k], ksq = m->sq[us];
    Bitboard targets, exits;
    if (g->type[k] == PAWN) {
        int up = us == WHITE ? 8 : -8;
        targets = PAWN_ATTACKS[us][from] & sf->occ & ~sf->own;
        if (!(sf->occ & square_bb(from + up))) {
            targets |= square_bb(from + up);
            if (relative_rank(us, from) == 1 && !(sf->occ & square_bb(from + 2 * up)))
                targets |= square_bb(from + 2 * up);
        }
        exits = targets & (sf->occ | RANK_BB(us == WHITE ? 7 : 0));
    } else {
        targets = (k < 2 ? KING_ATTACKS[from] : att[k]) & ~sf->own;
        exits = targets & sf->occ;
    }
    /* A king may capture a man only where no other enemy man defends it:
     * danger holds exactly those squares. */
    Bitboard legal = k == us ? ~sf->danger : sf->evasion & (sf->pinned & square_bb(from) ? LINE[from][ksq] : ~0ULL);
    Bitboard quiet = targets & legal & ~exits;
    count_quiet(g, s, m, us, k, quiet);
    if (g->type[k] == PAWN)
        s->pawn_quiet += popcount(quiet);
    for (exits &= legal; exits;)
        exit_move(g, s, m, sf->occ, us, k, pop_lsb(&exits));
}

PER_MEN void summarize_moves(const Gen *g, const DtmMen *m, Color us, const Safety *sf, const Bitboard att[DTM_MAX_MEN],
                             MoveSummary *s, const int men)
{
    memset(s, 0, sizeof *s);
    for (int k = 0; k < men; k++) {
        if (g->color[k] != us)
            continue;
        man_moves(g, s, sf, att, m, us, k);
        if (s->legal && !g->must_count[us])
            return; /* it cannot lose and has no exits: one move is enough */
    }
}

/* What init_position says of a position's bits in Gen.open and
 * Gen.open_refute (forward_men sets them a word at a time). */
enum { OPEN = 1, OPEN_REFUTE = 2 };

/* One stored position with `us` to move. */
PER_MEN int init_position(Gen *g, uint32_t index, const DtmMen *m, Color us, const Safety *sf,
                          const Bitboard att[DTM_MAX_MEN], const int men)
{
    size_t p = (size_t)us * g->t->size + index;
    MoveSummary s;
    summarize_moves(g, m, us, sf, att, &s, men);
    if (s.legal == 0) {
        if (sf->in_check) {
            gen_decide_next(g, p, 0); /* checkmated: lost in 0 plies */
            return 0;
        }
        return OPEN; /* stalemate: a draw no un-move reaches */
    }
    int count = g->can_lose[us] ? s.weight >> (dtm_stabiliser(g->t, m) - 1) : 1; /* / stab */
    /* For the DTZ pass pawn moves zero like captures; only a side that
     * can lose (and so counted all its moves) needs the counter. With
     * pawns no position is symmetric, so they weigh 1 each. */
    int zero_count = g->can_lose[us] ? count - s.pawn_quiet : 0;
    if (zero_count > ZERO_COUNT) {
        g->failed = true; /* cannot happen: at most 2 * 62 moves */
        return 0;
    }
    g->zero[p] = s.win ? ZERO_WINS : (uint8_t)(zero_count | (s.exit || s.pawn_quiet ? ZERO_ANY : 0));
    int bits = OPEN;
    if (s.win || s.draw)
        count++; /* an exit that does not lose is never refuted */
    else if (g->can_lose[us])
        bits |= OPEN_REFUTE; /* it may run out of moves */
    g->val[p] = (uint8_t)count;
    g->hint[p] = (uint8_t)s.loss;
    if (s.win)
        gen_schedule(g, s.win, p);
    if (count == 0)
        gen_schedule(g, s.loss, p);
    return bits;
}

/* The open bits gathered for word w of one side, ORed in when the walk
 * leaves it (one store a word rather than one a position). */
typedef struct {
    size_t w;
    uint64_t open, refute;
} OpenWord;

static inline void flush_open(Gen *g, OpenWord *o)
{
    g->open[o->w] |= o->open;
    g->open_refute[o->w] |= o->refute;
    o->open = o->refute = 0;
}

PER_MEN void forward_men(Gen *g, const int men)
{
    const DtmTable *t = g->t;
    OpenWord word[COLOR_NB] = {{0, 0, 0}, {t->size / 64, 0, 0}};
    for (uint32_t i = 0; i < t->size && gen_checkpoint(g); i++) {
        DtmMen m = {{0}};
        if (!dtm_decode(t, i, &m)) {
            g->val[i] = g->val[t->size + i] = DTM_ILLEGAL;
            continue;
        }
        Safety sf[COLOR_NB];
        Bitboard att[DTM_MAX_MEN];
        compute_safety(g, &m, sf, att, men);
        for (Color us = WHITE; us <= BLACK; us++) {
            size_t p = (size_t)us * t->size + i;
            if (sf[!us].in_check) { /* the side not to move is in check */
                g->val[p] = DTM_ILLEGAL;
                continue;
            }
            int bits = init_position(g, i, &m, us, &sf[us], att, men);
            if (p / 64 != word[us].w) {
                flush_open(g, &word[us]);
                word[us].w = p / 64;
            }
            word[us].open |= (uint64_t)(bits & OPEN) << (p % 64);
            word[us].refute |= (uint64_t)(bits >> 1) << (p % 64);
        }
    }
    flush_open(g, &word[WHITE]);
    flush_open(g, &word[BLACK]);
}

void gen_forward_pass(Gen *g)
{
    if (g->men == 2)
        forward_men(g, 2);
    else if (g->men == 3)
        forward_men(g, 3);
    else
        forward_men(g, 4);
}
