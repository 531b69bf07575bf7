#include "movegen.h"

#include <string.h>

/* Everything generation needs to know about the position, computed once. */
typedef struct {
    Color us, them;
    Square ksq;
    Bitboard occ, ours, theirs;
    Bitboard pinned;
    Bitboard target; /* squares a non-king move may end on (check evasion) */
} GenState;

static inline void add(MoveList *l, Move m) { l->moves[l->count++] = m; }

static Bitboard pinned_pieces(const Position *pos, Color us, Square ksq)
{
    Color them = !us;
    Bitboard snipers = (bishop_attacks(ksq, 0) & (pieces(pos, them, BISHOP) | pieces(pos, them, QUEEN)))
                     | (rook_attacks(ksq, 0) & (pieces(pos, them, ROOK) | pieces(pos, them, QUEEN)));
    Bitboard pinned = 0, occ = occupied(pos);
    while (snipers) {
        Bitboard b = BETWEEN[ksq][pop_lsb(&snipers)] & occ;
        if (b && !more_than_one(b))
            pinned |= b & pos->by_color[us];
    }
    return pinned;
}

static void add_promotions(MoveList *l, Square from, Square to)
{
    for (PieceType pt = QUEEN; pt >= KNIGHT; pt--)
        add(l, make_special(from, to, MK_PROMOTION, pt));
}

/* Pawn moves ending in `allowed`; `up` is +8 for White, -8 for Black. */
static void gen_pawn_set(const GenState *g, MoveList *l, Bitboard pawns, Bitboard allowed, int type, const Position *pos)
{
    Color us = g->us;
    int up = us == WHITE ? 8 : -8;
    Bitboard last = us == WHITE ? RANK_BB(7) : RANK_BB(0);
    Bitboard third = us == WHITE ? RANK_BB(2) : RANK_BB(5);
    Bitboard empty = ~g->occ;
    Bitboard single = (us == WHITE ? shift_north(pawns) : shift_south(pawns)) & empty;
    Bitboard dbl = (us == WHITE ? shift_north(single & third) : shift_south(single & third)) & empty;
    single &= allowed & g->target;
    dbl &= allowed & g->target;
    Bitboard left = us == WHITE ? (pawns & ~FILE_BB(0)) << 7 : (pawns & ~FILE_BB(0)) >> 9;
    Bitboard right = us == WHITE ? (pawns & ~FILE_BB(7)) << 9 : (pawns & ~FILE_BB(7)) >> 7;
    int ldelta = us == WHITE ? 7 : -9, rdelta = us == WHITE ? 9 : -7;
    left &= g->theirs & allowed & g->target;
    right &= g->theirs & allowed & g->target;

    if (type != GEN_QUIET) {
        for (Bitboard b = single & last; b;) {
            Square to = pop_lsb(&b);
            add_promotions(l, to - up, to);
        }
        for (Bitboard b = left & last; b;) {
            Square to = pop_lsb(&b);
            add_promotions(l, to - ldelta, to);
        }
        for (Bitboard b = right & last; b;) {
            Square to = pop_lsb(&b);
            add_promotions(l, to - rdelta, to);
        }
        for (Bitboard b = left & ~last; b;) {
            Square to = pop_lsb(&b);
            add(l, make_move(to - ldelta, to));
        }
        for (Bitboard b = right & ~last; b;) {
            Square to = pop_lsb(&b);
            add(l, make_move(to - rdelta, to));
        }
        if (pos->ep != SQ_NONE) {
            for (Bitboard b = PAWN_ATTACKS[g->them][pos->ep] & pawns; b;) {
                Square from = pop_lsb(&b);
                Square cap = pos->ep - up;
                /* Verify by placing the move on the occupancy: catches the
                 * rank pin through both pawns and checks it does not cure. */
                Bitboard occ = (g->occ ^ square_bb(from) ^ square_bb(cap)) | square_bb(pos->ep);
                Bitboard att = (bishop_attacks(g->ksq, occ) & (pieces(pos, g->them, BISHOP) | pieces(pos, g->them, QUEEN)))
                             | (rook_attacks(g->ksq, occ) & (pieces(pos, g->them, ROOK) | pieces(pos, g->them, QUEEN)))
                             | (KNIGHT_ATTACKS[g->ksq] & pieces(pos, g->them, KNIGHT))
                             | (PAWN_ATTACKS[us][g->ksq] & pieces(pos, g->them, PAWN) & ~square_bb(cap));
                if (!att)
                    add(l, make_special(from, pos->ep, MK_EN_PASSANT, KNIGHT));
            }
        }
    }
    if (type != GEN_NOISY) {
        for (Bitboard b = single & ~last; b;) {
            Square to = pop_lsb(&b);
            add(l, make_move(to - up, to));
        }
        for (Bitboard b = dbl; b;) {
            Square to = pop_lsb(&b);
            add(l, make_move(to - 2 * up, to));
        }
    }
}

static void gen_pawns(const GenState *g, MoveList *l, int type, const Position *pos)
{
    Bitboard pawns = pieces(pos, g->us, PAWN);
    gen_pawn_set(g, l, pawns & ~g->pinned, ~0ULL, type, pos);
    for (Bitboard b = pawns & g->pinned; b;) {
        Square s = pop_lsb(&b);
        gen_pawn_set(g, l, square_bb(s), LINE[g->ksq][s], type, pos);
    }
}

static void gen_pieces(const GenState *g, MoveList *l, Bitboard mask, const Position *pos)
{
    for (PieceType pt = KNIGHT; pt <= QUEEN; pt++) {
        for (Bitboard b = pieces(pos, g->us, pt); b;) {
            Square from = pop_lsb(&b);
            Bitboard to_bb = piece_attacks(pt, from, g->occ) & mask & g->target;
            if (g->pinned & square_bb(from))
                to_bb &= LINE[g->ksq][from];
            while (to_bb)
                add(l, make_move(from, pop_lsb(&to_bb)));
        }
    }
}

static bool square_attacked(const Position *pos, Square s, Color by, Bitboard occ)
{
    return attackers_to(pos, s, occ) & pos->by_color[by];
}

static void gen_king(const GenState *g, MoveList *l, Bitboard mask, int type, const Position *pos)
{
    Bitboard occ = g->occ ^ square_bb(g->ksq);
    for (Bitboard b = KING_ATTACKS[g->ksq] & mask; b;) {
        Square to = pop_lsb(&b);
        if (!square_attacked(pos, to, g->them, occ))
            add(l, make_move(g->ksq, to));
    }
    if (type == GEN_NOISY || pos->checkers || !pos->castling)
        return;
    static const struct { int right; Square k, kto, r; } C[4] = {
        {WHITE_OO, SQ_E1, SQ_G1, SQ_H1}, {WHITE_OOO, SQ_E1, SQ_C1, SQ_A1},
        {BLACK_OO, SQ_E8, SQ_G8, SQ_H8}, {BLACK_OOO, SQ_E8, SQ_C8, SQ_A8},
    };
    for (int i = 2 * g->us; i < 2 * g->us + 2; i++) {
        if (!(pos->castling & C[i].right) || (BETWEEN[C[i].k][C[i].r] & g->occ))
            continue;
        Square step = C[i].kto > C[i].k ? 1 : -1;
        if (!square_attacked(pos, C[i].k + step, g->them, g->occ)
            && !square_attacked(pos, C[i].kto, g->them, g->occ))
            add(l, make_special(C[i].k, C[i].kto, MK_CASTLING, KNIGHT));
    }
}

static void init_state(const Position *pos, GenState *g)
{
    g->us = pos->side;
    g->them = !pos->side;
    g->ksq = king_square(pos, g->us);
    g->occ = occupied(pos);
    g->ours = pos->by_color[g->us];
    g->theirs = pos->by_color[g->them];
    g->pinned = pinned_pieces(pos, g->us, g->ksq);
    g->target = ~0ULL;
    if (pos->checkers)
        g->target = BETWEEN[g->ksq][lsb(pos->checkers)] | pos->checkers;
}

void gen_legal(const Position *pos, MoveList *list, int type)
{
    GenState g;
    init_state(pos, &g);
    Bitboard mask = type == GEN_ALL ? ~g.ours : type == GEN_NOISY ? g.theirs : ~g.occ;
    if (!more_than_one(pos->checkers)) {
        gen_pawns(&g, list, type, pos);
        gen_pieces(&g, list, mask, pos);
    }
    gen_king(&g, list, mask, type, pos);
}

int count_legal(const Position *pos)
{
    MoveList l;
    l.count = 0;
    gen_legal(pos, &l, GEN_ALL);
    return l.count;
}

bool is_legal_move(const Position *pos, Move m)
{
    MoveList l;
    l.count = 0;
    gen_legal(pos, &l, GEN_ALL);
    for (int i = 0; i < l.count; i++)
        if (l.moves[i] == m)
            return true;
    return false;
}

Move parse_uci_move(const Position *pos, const char *text)
{
    MoveList l;
    char buf[6];
    l.count = 0;
    gen_legal(pos, &l, GEN_ALL);
    for (int i = 0; i < l.count; i++) {
        move_to_uci(l.moves[i], buf);
        if (!strcmp(buf, text))
            return l.moves[i];
    }
    return MOVE_NONE;
}

