/* KPK bitbase by retrograde analysis over pawn slices, 64 positions at a time.
 *
 * The pawn only moves forward, so the positions with the pawn on one square
 * (a "slice") depend only on their own slice and on slices with the pawn
 * further up. Slices are solved from rank 7 down to rank 2; each is a small
 * fixed point over the king moves. Within a slice, all 64 white king squares
 * for one black king square and side to move form one Bitboard, so a white
 * king move is a one-step dilation of a Bitboard and "every black king move
 * reaches a win" is an AND over the black king's neighbour squares. A slice
 * converges in a handful of passes of 64 words each (164 passes for all 24
 * slices), far cheaper than sweeping all 196,608 positions one by one until
 * nothing changes (Stockfish's bitbase.cpp does that).
 *
 * Win sets only grow, starting from the immediate wins (safe promotion,
 * checkmate), so the fixed point reached is exactly the set of positions
 * White wins in a finite number of moves. */
#include "kpk.h"

#include <time.h>

#include "engine/position.h"

/* Index bit layout (one bit per position, 196,608 bits):
 *   bits  0-5   white king square (the bit inside a 64-bit word)
 *   bits  6-11  black king square
 *   bit  12     side to move (0 White, 1 Black)
 *   bits 13-14  pawn file, a-d (files e-h are probed mirrored)
 *   bits 15-17  rank_of(pawn) - 1 (0 = rank 2 .. 5 = rank 7)
 * so TABLE[rank_of(pawn) - 1][file][stm][bk] is a Bitboard of white king
 * squares.
 * Illegal positions hold 0. */
static Bitboard TABLE[6][4][COLOR_NB][SQ_NB];
static double build_seconds;

static Bitboard *slice_of(Square wp, Color stm) { return TABLE[rank_of(wp) - 1][file_of(wp)][stm]; }

/* Squares one king step away from any square of b (b itself excluded unless
 * reached from a neighbour). */
static inline Bitboard dilate(Bitboard b)
{
    Bitboard side = ((b << 1) & ~FILE_A_BB) | ((b >> 1) & ~FILE_BB(7));
    Bitboard row = b | side;
    return side | (row << 8) | (row >> 8);
}

/* Does promoting to pt on q win, Black to move? Black may not capture the
 * new piece, and must have a move or be mated. The black king does not block
 * the attacks it would walk along. */
static bool promotion_wins_with(PieceType pt, Square wk, Square bk, Square q)
{
    if ((KING_ATTACKS[bk] & square_bb(q)) && !(KING_ATTACKS[wk] & square_bb(q)))
        return false;
    Bitboard att = piece_attacks(pt, q, square_bb(wk) | square_bb(q));
    if (KING_ATTACKS[bk] & ~(att | KING_ATTACKS[wk]))
        return true;
    return (att & square_bb(bk)) != 0; /* mate, else stalemate */
}

static bool promotion_wins(Square wk, Square bk, Square q)
{
    return promotion_wins_with(QUEEN, wk, bk, q) || promotion_wins_with(ROOK, wk, bk, q);
}

/* White king squares from which pushing the pawn to q (rank 8) wins with the
 * black king on bk. Only white kings that could cover all of the black
 * king's flight squares the queen leaves free can stalemate, so the exact
 * test runs on those few squares alone. */
static Bitboard promotion_set(Square bk, Square q)
{
    if (bk == q)
        return 0;
    Bitboard cand = ~square_bb(q);
    if (KING_ATTACKS[bk] & square_bb(q))
        cand &= KING_ATTACKS[q]; /* the new queen must be defended */
    Bitboard loose = KING_ATTACKS[bk] & ~queen_attacks(q, square_bb(q)) & ~square_bb(q);
    Bitboard suspects = cand;
    for (Bitboard b = loose; b;)
        suspects &= KING_ATTACKS[pop_lsb(&b)];
    Bitboard result = cand & ~suspects;
    for (Bitboard b = suspects; b;) {
        Square wk = pop_lsb(&b);
        if (promotion_wins(wk, bk, q))
            result |= square_bb(wk);
    }
    return result;
}

/* White king squares from which a pawn move wins, black king on bk. */
static Bitboard push_set(Square wp, Square bk)
{
    Square to = wp + 8;
    if (bk == to)
        return 0;
    if (rank_of(wp) == 6)
        return promotion_set(bk, to);
    Bitboard result = slice_of(to, BLACK)[bk];
    if (rank_of(wp) == 1 && bk != to + 8)
        result |= slice_of(to + 8, BLACK)[bk] & ~square_bb(to);
    return result;
}

static void solve_slice(Square wp)
{
    Bitboard *win_w = slice_of(wp, WHITE), *win_b = slice_of(wp, BLACK);
    Bitboard pawn_att = PAWN_ATTACKS[WHITE][wp];
    Bitboard legal_w[SQ_NB], can_win_b[SQ_NB], dest[SQ_NB], push[SQ_NB];

    /* dest[s]: white king squares for which s is a legal black king
     * destination (the pawn itself only when undefended). */
    for (Square s = 0; s < SQ_NB; s++) {
        Bitboard legal = s == wp ? 0 : ~(KING_ATTACKS[s] | square_bb(s) | square_bb(wp));
        bool attacked = pawn_att & square_bb(s);
        legal_w[s] = attacked ? 0 : legal;
        can_win_b[s] = legal;
        dest[s] = attacked ? 0 : s == wp ? ~KING_ATTACKS[wp] : ~(KING_ATTACKS[s] | square_bb(s));
    }
    /* Black to move with no move: mate if in check, else stalemate. */
    for (Square bk = 0; bk < SQ_NB; bk++) {
        Bitboard has_move = 0;
        for (Bitboard n = KING_ATTACKS[bk]; n;)
            has_move |= dest[pop_lsb(&n)];
        if (!(pawn_att & square_bb(bk)))
            can_win_b[bk] &= has_move;
        push[bk] = legal_w[bk] & push_set(wp, bk);
        win_w[bk] = win_b[bk] = 0;
    }

    for (bool changed = true; changed;) {
        Bitboard escape[SQ_NB];
        for (Square s = 0; s < SQ_NB; s++) {
            win_w[s] = push[s] | (legal_w[s] & dilate(win_b[s]));
            escape[s] = dest[s] & ~win_w[s];
        }
        changed = false;
        for (Square bk = 0; bk < SQ_NB; bk++) {
            Bitboard esc = 0;
            for (Bitboard n = KING_ATTACKS[bk]; n;)
                esc |= escape[pop_lsb(&n)];
            Bitboard won = can_win_b[bk] & ~esc;
            changed |= won != win_b[bk];
            win_b[bk] = won;
        }
    }
}

void kpk_init(void)
{
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int rank = 6; rank >= 1; rank--)
        for (int file = 0; file < 4; file++)
            solve_slice(make_square(file, rank));
    clock_gettime(CLOCK_MONOTONIC, &t1);
    build_seconds = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
}

bool kpk_is_legal(Color stm, Square wk, Square wp, Square bk)
{
    if (wk == bk || wk == wp || bk == wp || rank_of(wp) < 1 || rank_of(wp) > 6)
        return false;
    if (KING_ATTACKS[wk] & square_bb(bk))
        return false;
    return stm == BLACK || !(PAWN_ATTACKS[WHITE][wp] & square_bb(bk));
}

bool kpk_probe(Color stm, Square wk, Square wp, Square bk)
{
    if (rank_of(wp) < 1 || rank_of(wp) > 6)
        return false;
    if (file_of(wp) > 3) {
        wk = flip_file(wk);
        wp = flip_file(wp);
        bk = flip_file(bk);
    }
    return (slice_of(wp, stm)[bk] >> wk) & 1;
}

bool kpk_probe_position(const Position *pos, Color strong)
{
    /* Flip the board for a black pawn so that the pawn side is White. */
    Square flip = strong == WHITE ? 0 : 56;
    Square wk = king_square(pos, strong) ^ flip, bk = king_square(pos, !strong) ^ flip;
    Square wp = lsb(pieces(pos, strong, PAWN)) ^ flip;
    return kpk_probe(pos->side == strong ? WHITE : BLACK, wk, wp, bk);
}

double kpk_build_seconds(void) { return build_seconds; }

size_t kpk_memory_bytes(void) { return sizeof TABLE; }
