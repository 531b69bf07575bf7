#include "movegen.h"

#include <string.h>

/* The generator is written once and instantiated twice: writing moves
 * (gen_legal) and only counting them (count_legal, perft's last ply, which
 * then costs a popcount per piece instead of a store per move). Forcing
 * the inlining lets the compiler drop the unused branch of each emit. */
#if defined(__GNUC__)
#define GEN_INLINE static inline __attribute__((always_inline))
#else
#define GEN_INLINE static inline
#endif

/* Everything generation needs to know about the position, computed once. */
typedef struct {
    const Position *pos;
    Color us, them;
    Square ksq;
    Bitboard occ, theirs;
    Bitboard pinned;
    Bitboard target; /* squares a non-king move may end on (check evasion) */
    Move *out;       /* NULL: count only */
    int n;
} Gen;

/* Moves from one square to each square of to_bb. */
GEN_INLINE void emit_from(Gen *g, Square from, Bitboard to_bb)
{
    if (!g->out) {
        g->n += popcount(to_bb);
        return;
    }
    while (to_bb)
        g->out[g->n++] = make_move(from, pop_lsb(&to_bb));
}

/* Pawn moves to each square of to_bb, from `delta` squares behind it. */
GEN_INLINE void emit_pawn(Gen *g, Bitboard to_bb, int delta)
{
    if (!g->out) {
        g->n += popcount(to_bb);
        return;
    }
    while (to_bb) {
        Square to = pop_lsb(&to_bb);
        g->out[g->n++] = make_move(to - delta, to);
    }
}

GEN_INLINE void emit_promotions(Gen *g, Bitboard to_bb, int delta)
{
    if (!g->out) {
        g->n += 4 * popcount(to_bb);
        return;
    }
    while (to_bb) {
        Square to = pop_lsb(&to_bb);
        for (PieceType pt = QUEEN; pt >= KNIGHT; pt--)
            g->out[g->n++] = make_special(to - delta, to, MK_PROMOTION, pt);
    }
}

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

/* Whether taking en passant from `from` leaves the king on ksq safe,
 * tested on the occupancy after the capture: this catches the rank pin
 * through both pawns and a check the capture does not cure. */
static inline bool en_passant_safe(const Position *pos, Square from, Square ksq)
{
    Color us = pos->side, them = !us;
    Square cap = pos->ep ^ 8;
    Bitboard diag = pieces(pos, them, BISHOP) | pieces(pos, them, QUEEN);
    Bitboard orth = pieces(pos, them, ROOK) | pieces(pos, them, QUEEN);
    Bitboard occ = (occupied(pos) ^ square_bb(from) ^ square_bb(cap)) | square_bb(pos->ep);
    return !((bishop_attacks(ksq, occ) & diag) | (rook_attacks(ksq, occ) & orth)
             | (KNIGHT_ATTACKS[ksq] & pieces(pos, them, KNIGHT))
             | (PAWN_ATTACKS[us][ksq] & pieces(pos, them, PAWN) & ~square_bb(cap)));
}

static void gen_en_passant(Gen *g, Bitboard pawns)
{
    const Position *pos = g->pos;
    for (Bitboard b = PAWN_ATTACKS[g->them][pos->ep] & pawns; b;) {
        Square from = pop_lsb(&b);
        if (!en_passant_safe(pos, from, g->ksq))
            continue;
        if (g->out)
            g->out[g->n++] = make_special(from, pos->ep, MK_EN_PASSANT, KNIGHT);
        else
            g->n++;
    }
}

/* Pawn moves of `pawns` ending in `allowed` (a pin line, or everything). */
GEN_INLINE void gen_pawn_set(Gen *g, Bitboard pawns, Bitboard allowed, int type)
{
    Color us = g->us;
    int up = us == WHITE ? 8 : -8;
    int ldelta = us == WHITE ? 7 : -9, rdelta = us == WHITE ? 9 : -7;
    Bitboard last = us == WHITE ? RANK_BB(7) : RANK_BB(0);
    Bitboard third = us == WHITE ? RANK_BB(2) : RANK_BB(5);
    Bitboard empty = ~g->occ;
    Bitboard mask = allowed & g->target;
    Bitboard single = (us == WHITE ? shift_north(pawns) : shift_south(pawns)) & empty;
    Bitboard dbl = (us == WHITE ? shift_north(single & third) : shift_south(single & third)) & empty;
    Bitboard left = us == WHITE ? (pawns & ~FILE_BB(0)) << 7 : (pawns & ~FILE_BB(0)) >> 9;
    Bitboard right = us == WHITE ? (pawns & ~FILE_BB(7)) << 9 : (pawns & ~FILE_BB(7)) >> 7;
    single &= mask;
    dbl &= mask;
    left &= g->theirs & mask;
    right &= g->theirs & mask;

    if (type != GEN_QUIET) {
        emit_promotions(g, single & last, up);
        emit_promotions(g, left & last, ldelta);
        emit_promotions(g, right & last, rdelta);
        emit_pawn(g, left & ~last, ldelta);
        emit_pawn(g, right & ~last, rdelta);
        if (g->pos->ep != SQ_NONE && (PAWN_ATTACKS[g->them][g->pos->ep] & pawns))
            gen_en_passant(g, pawns);
    }
    if (type != GEN_NOISY) {
        emit_pawn(g, single & ~last, up);
        emit_pawn(g, dbl, 2 * up);
    }
}

GEN_INLINE void gen_pawns(Gen *g, int type)
{
    Bitboard pawns = pieces(g->pos, g->us, PAWN);
    gen_pawn_set(g, pawns & ~g->pinned, ~0ULL, type);
    for (Bitboard b = pawns & g->pinned; b;) {
        Square s = pop_lsb(&b);
        gen_pawn_set(g, square_bb(s), LINE[g->ksq][s], type);
    }
}

/* Knights, bishops, rooks and queens; a queen's diagonal and straight
 * moves are emitted separately. A pinned piece moves along its pin line
 * only (so a pinned knight never moves). */
GEN_INLINE void gen_pieces(Gen *g, Bitboard mask)
{
    const Position *pos = g->pos;
    Bitboard ours = pos->by_color[g->us];
    Bitboard free = ~g->pinned;
    mask &= g->target;
    for (Bitboard b = pieces(pos, g->us, KNIGHT) & free; b;) {
        Square s = pop_lsb(&b);
        emit_from(g, s, KNIGHT_ATTACKS[s] & mask);
    }
    Bitboard diag = ours & (pos->by_type[BISHOP] | pos->by_type[QUEEN]);
    Bitboard orth = ours & (pos->by_type[ROOK] | pos->by_type[QUEEN]);
    for (Bitboard b = diag; b;) {
        Square s = pop_lsb(&b);
        Bitboard line = (g->pinned & square_bb(s)) ? LINE[g->ksq][s] : ~0ULL;
        emit_from(g, s, bishop_attacks(s, g->occ) & mask & line);
    }
    for (Bitboard b = orth; b;) {
        Square s = pop_lsb(&b);
        Bitboard line = (g->pinned & square_bb(s)) ? LINE[g->ksq][s] : ~0ULL;
        emit_from(g, s, rook_attacks(s, g->occ) & mask & line);
    }
}

/* Is s attacked by `by`, given the occupancy? Kings and knights first:
 * they are cheap and decide most king moves. */
static inline bool attacked(const Position *pos, Square s, Color by, Bitboard occ)
{
    const Bitboard *bt = pos->by_type;
    Bitboard theirs = pos->by_color[by];
    if ((KNIGHT_ATTACKS[s] & bt[KNIGHT] & theirs) || (KING_ATTACKS[s] & bt[KING] & theirs)
        || (PAWN_ATTACKS[!by][s] & bt[PAWN] & theirs))
        return true;
    return (bishop_attacks(s, occ) & (bt[BISHOP] | bt[QUEEN]) & theirs)
        || (rook_attacks(s, occ) & (bt[ROOK] | bt[QUEEN]) & theirs);
}

/* Castling by the Chess960 rules, which include standard castling: the
 * right is held, every square the king and the rook cross or land on is
 * empty but for the two of them, and no square the king crosses or lands
 * on is attacked (the caller knows it is not in check). The rook is taken
 * off the board for that test, so a rook that shields the destination (a
 * queen on a1 behind a b1 rook, the king on c1 or castling to it) does not
 * make it safe; in standard chess that changes nothing. The king of ksq
 * lands on the c- or g-file of its rank, maybe where it stands or on its
 * rook's square. */
static bool can_castle(const Position *pos, Square ksq, bool queenside)
{
    Color us = pos->side;
    int index = castling_index(us, queenside);
    if (!(pos->castling & (1 << index)))
        return false;
    Square rook = pos->castling_rook[index];
    Square kto = make_square(queenside ? 2 : 6, rank_of(ksq)); /* rights imply a back-rank king */
    Square rto = queenside ? kto + 1 : kto - 1;
    Bitboard king_path = BETWEEN[ksq][kto] | square_bb(kto);
    Bitboard path = (king_path | BETWEEN[rook][rto] | square_bb(rto)) & ~square_bb(ksq) & ~square_bb(rook);
    if (path & occupied(pos))
        return false;
    Bitboard occ = occupied(pos) ^ square_bb(rook);
    for (Bitboard b = king_path; b;)
        if (attacked(pos, pop_lsb(&b), !us, occ))
            return false;
    return true;
}

static void gen_castling(Gen *g)
{
    for (int queenside = 0; queenside <= 1; queenside++) {
        if (!can_castle(g->pos, g->ksq, queenside))
            continue;
        Square kto = make_square(queenside ? 2 : 6, rank_of(g->ksq));
        if (g->out)
            g->out[g->n++] = make_special(g->ksq, kto, MK_CASTLING, KNIGHT);
        else
            g->n++;
    }
}

GEN_INLINE void gen_king(Gen *g, Bitboard mask, int type)
{
    const Position *pos = g->pos;
    Bitboard occ = g->occ ^ square_bb(g->ksq);
    Bitboard safe = 0;
    for (Bitboard b = KING_ATTACKS[g->ksq] & mask; b;) {
        Square to = pop_lsb(&b);
        if (!attacked(pos, to, g->them, occ))
            safe |= square_bb(to);
    }
    emit_from(g, g->ksq, safe);
    if (type != GEN_NOISY && !pos->checkers && (pos->castling & (g->us == WHITE ? 3 : 12)))
        gen_castling(g);
}

GEN_INLINE int generate(const Position *pos, Move *out, int n, int type)
{
    Gen g;
    g.pos = pos;
    g.us = pos->side;
    g.them = !pos->side;
    g.ksq = king_square(pos, g.us);
    g.occ = occupied(pos);
    g.theirs = pos->by_color[g.them];
    g.out = out;
    g.n = n;
    Bitboard mask = type == GEN_ALL ? ~pos->by_color[g.us] : type == GEN_NOISY ? g.theirs : ~g.occ;
    if (!more_than_one(pos->checkers)) {
        g.pinned = pinned_pieces(pos, g.us, g.ksq);
        g.target = pos->checkers ? BETWEEN[g.ksq][lsb(pos->checkers)] | pos->checkers : ~0ULL;
        gen_pawns(&g, type);
        gen_pieces(&g, mask);
    }
    gen_king(&g, mask, type);
    return g.n;
}

void gen_legal(const Position *pos, MoveList *list, int type)
{
    switch (type) {
    case GEN_NOISY: list->count = generate(pos, list->moves, list->count, GEN_NOISY); break;
    case GEN_QUIET: list->count = generate(pos, list->moves, list->count, GEN_QUIET); break;
    default: list->count = generate(pos, list->moves, list->count, GEN_ALL); break;
    }
}

int count_legal(const Position *pos) { return generate(pos, NULL, 0, GEN_ALL); }

/* Whether pawn move from-to (not en passant) fits the board: a push to an
 * empty square, a double push from the second rank over an empty one, or
 * a capture; the kind must say promotion exactly when it reaches the last
 * rank. */
static bool pawn_move_fits(const Position *pos, Square from, Square to, int kind)
{
    Color us = pos->side;
    Bitboard occ = occupied(pos), to_bb = square_bb(to);
    int up = us == WHITE ? 8 : -8;
    if ((relative_rank(us, to) == 7) != (kind == MK_PROMOTION))
        return false;
    if (PAWN_ATTACKS[us][from] & pos->by_color[!us] & to_bb)
        return true;
    if (to == from + up)
        return !(occ & to_bb);
    return to == from + 2 * up && relative_rank(us, from) == 1 && !(occ & (to_bb | square_bb(from + up)));
}

/* The move is checked against the board as the generator would make it
 * (the same pieces, kinds and promotion bits), then for the king's safety:
 * a king move to an unattacked square (the king off the board, so it
 * cannot hide behind itself), castling by can_castle, en passant by
 * placing it on the occupancy; any other move in single check must take
 * the checker or block it, and a move off the line through the king and
 * its square must not uncover a slider. Double check leaves the king
 * alone to move, as in generate(). */
bool is_legal_move(const Position *pos, Move m)
{
    Color us = pos->side;
    Square from = move_from(m), to = move_to(m);
    int kind = move_kind(m);
    Piece pc = pos->board[from];
    if (pc == NO_PIECE || color_of(pc) != us || (kind != MK_PROMOTION && move_promo(m) != KNIGHT))
        return false;
    PieceType pt = type_of(pc);
    if (kind == MK_CASTLING)
        return pt == KING && !pos->checkers && rank_of(to) == rank_of(from) && (file_of(to) == 2 || file_of(to) == 6)
            && can_castle(pos, from, file_of(to) == 2);
    Bitboard to_bb = square_bb(to), occ = occupied(pos);
    if (pos->by_color[us] & to_bb) /* MOVE_NONE and MOVE_NULL too: from == to */
        return false;
    if (pt == KING)
        return kind == MK_NORMAL && (KING_ATTACKS[from] & to_bb) && !attacked(pos, to, !us, occ ^ square_bb(from));
    if (more_than_one(pos->checkers))
        return false;
    Square ksq = king_square(pos, us);
    if (kind == MK_EN_PASSANT)
        return pt == PAWN && to == pos->ep && (PAWN_ATTACKS[!us][to] & square_bb(from))
            && en_passant_safe(pos, from, ksq);
    if (pt == PAWN ? !pawn_move_fits(pos, from, to, kind) :
                     kind != MK_NORMAL || !(piece_attacks(pt, from, occ) & to_bb))
        return false;
    if (pos->checkers && !((BETWEEN[ksq][lsb(pos->checkers)] | pos->checkers) & to_bb))
        return false;
    /* A pinned piece may move along its pin only; a slider that sees the
     * king once `from` is empty, and does not check it already, pins it. */
    Bitboard line = LINE[ksq][from];
    if (!line || (line & to_bb))
        return true;
    const Bitboard *bt = pos->by_type;
    Bitboard rest = occ ^ square_bb(from);
    Bitboard sliders =
        (bishop_attacks(ksq, rest) & (bt[BISHOP] | bt[QUEEN])) | (rook_attacks(ksq, rest) & (bt[ROOK] | bt[QUEEN]));
    return !(sliders & pos->by_color[!us] & ~pos->checkers);
}

Move parse_uci_move(const Position *pos, const char *text)
{
    /* Some GUIs write the promotion piece in upper case (a7a8Q). */
    char lower[8];
    size_t n = strlen(text);
    if (n == 5 && n < sizeof lower && strchr("QRBN", text[4])) {
        memcpy(lower, text, n + 1);
        lower[4] = (char)(lower[4] - 'A' + 'a');
        text = lower;
    }
    MoveList l;
    char buf[6];
    l.count = 0;
    gen_legal(pos, &l, GEN_ALL);
    for (int i = 0; i < l.count; i++) {
        Move m = l.moves[i];
        bool castling = move_kind(m) == MK_CASTLING;
        /* Castling as the king's move (e1g1) is standard chess only. */
        move_to_uci(m, buf);
        if (!(castling && pos->chess960) && !strcmp(buf, text))
            return m;
        /* King takes rook (e1h1): Chess960, and what some GUIs send. */
        if (castling) {
            castling_to_uci(pos, m, buf);
            if (!strcmp(buf, text))
                return m;
        }
    }
    return MOVE_NONE;
}
