/* Attack maps and the piece terms: mobility, bishop pair, rooks on open
 * files, and the attack units against the enemy king that eval/king.c
 * turns into a penalty. Mobility counts safe squares: not attacked by enemy
 * pawns, not occupied by the own king or by own pawns that are blocked or
 * not yet moved past the third rank (chessprogramming wiki, "Mobility"). */
#include <string.h>

#include "eval/terms.h"
#include "eval/weights.h"

static const Score *const MOBILITY[PIECE_TYPE_NB] = {
    [KNIGHT] = MOBILITY_KNIGHT,
    [BISHOP] = MOBILITY_BISHOP,
    [ROOK] = MOBILITY_ROOK,
    [QUEEN] = MOBILITY_QUEEN,
};

static Bitboard pawn_double_attacks(Color c, Bitboard pawns)
{
    const Bitboard not_a = ~FILE_A_BB, not_h = ~FILE_BB(7);
    return c == WHITE ? ((pawns << 9) & not_a) & ((pawns << 7) & not_h) :
                        ((pawns >> 7) & not_a) & ((pawns >> 9) & not_h);
}

static void setup_side(const Position *pos, EvalInfo *info, Color c)
{
    Bitboard pawns = pieces(pos, c, PAWN);
    Square ksq = king_square(pos, c);
    Bitboard pawn_att = pawn_attacks_bb(c, pawns);
    Bitboard king_att = KING_ATTACKS[ksq];
    Bitboard ring = king_att | square_bb(ksq);

    memset(info->attacked[c], 0, sizeof info->attacked[c]);
    info->attacked[c][PAWN] = pawn_att;
    info->attacked[c][KING] = king_att;
    info->attacked[c][0] = pawn_att | king_att;
    info->attacked2[c] = (pawn_att & king_att) | pawn_double_attacks(c, pawns);
    /* The ring plus the squares in front of it, where attacks on the king
     * are prepared. */
    info->king_zone[c] = ring | (c == WHITE ? shift_north(ring) : shift_south(ring));
    memset(info->king_attackers[c], 0, sizeof info->king_attackers[c]);
    info->king_zone_hits[c] = 0;
    info->passed[c] = 0;
    info->pawn_span[c] = pawn_attacks_bb(c, fill_forward(c, pawns));
}

static Bitboard mobility_area(const Position *pos, const EvalInfo *info, Color c)
{
    Bitboard pawns = pieces(pos, c, PAWN);
    Bitboard occ = occupied(pos);
    Bitboard low_ranks = c == WHITE ? RANK_BB(1) | RANK_BB(2) : RANK_BB(6) | RANK_BB(5);
    Bitboard blocked = pawns & (c == WHITE ? shift_south(occ) : shift_north(occ));
    return ~(pieces(pos, c, KING) | (pawns & low_ranks) | blocked | info->attacked[!c][PAWN]);
}

void eval_setup(const Position *pos, EvalInfo *info)
{
    memset(info->term, 0, sizeof info->term);
    setup_side(pos, info, WHITE);
    setup_side(pos, info, BLACK);
    info->mobility_area[WHITE] = mobility_area(pos, info, WHITE);
    info->mobility_area[BLACK] = mobility_area(pos, info, BLACK);
}

/* Sliders look through their own queen (and rooks through own rooks), so a
 * battery counts its full reach. */
static Bitboard attacks_of(const Position *pos, Color us, PieceType pt, Square s)
{
    Bitboard occ = occupied(pos);
    Bitboard queens = pieces(pos, us, QUEEN);
    switch (pt) {
    case KNIGHT: return KNIGHT_ATTACKS[s];
    case BISHOP: return bishop_attacks(s, occ ^ queens);
    case ROOK: return rook_attacks(s, occ ^ queens ^ pieces(pos, us, ROOK));
    default: return queen_attacks(s, occ);
    }
}

static Score rook_file(const Position *pos, EvalInfo *info, Color us, Square s)
{
    Bitboard file = FILE_BB(file_of(s));
    if (pieces(pos, us, PAWN) & file)
        return SCORE_ZERO;
    bool semi_open = (pieces(pos, !us, PAWN) & file) != 0;
    TRACE(info, semi_open ? TP_ROOK_SEMI_OPEN_FILE : TP_ROOK_OPEN_FILE, us, 1);
    return semi_open ? ROOK_SEMI_OPEN_FILE : ROOK_OPEN_FILE;
}

#define LIGHT_CENTRE (square_bb(SQ_D5) | square_bb(SQ_E4))
#define DARK_CENTRE (square_bb(SQ_D4) | square_bb(SQ_E5))
#define TRAPPED_MOBILITY 3

/* Knights and bishops: outposts, pawn cover, distance to the own king,
 * bishops' own pawns on their colour and the long diagonals. */
static Score minor_placement(const Position *pos, EvalInfo *info, Color us, PieceType pt, Square s, Bitboard att)
{
    Color them = !us;
    Bitboard pawns = pieces(pos, us, PAWN);
    Bitboard middle = us == WHITE ? RANK_BB(3) | RANK_BB(4) | RANK_BB(5) : RANK_BB(4) | RANK_BB(3) | RANK_BB(2);
    Bitboard outposts = middle & info->attacked[us][PAWN] & ~info->pawn_span[them];
    Score score = SCORE_ZERO;
    if (outposts & square_bb(s)) {
        score += OUTPOST[pt - KNIGHT];
        TRACE(info, TP_OUTPOST + pt - KNIGHT, us, 1);
    } else if (pt == KNIGHT && (outposts & att & ~pos->by_color[us])) {
        score += KNIGHT_REACH_OUTPOST;
        TRACE(info, TP_KNIGHT_REACH_OUTPOST, us, 1);
    }
    if (pawn_push_bb(them, pos->by_type[PAWN]) & square_bb(s)) {
        score += MINOR_BEHIND_PAWN;
        TRACE(info, TP_MINOR_BEHIND_PAWN, us, 1);
    }
    int king_distance = distance(s, king_square(pos, us));
    score += MINOR_KING_DISTANCE * king_distance;
    TRACE(info, TP_MINOR_KING_DISTANCE, us, king_distance);
    if (pt == BISHOP) {
        Bitboard colour = square_bb(s) & DARK_SQUARES ? DARK_SQUARES : ~DARK_SQUARES;
        Bitboard blocked = pawns & CENTRE_FILES & pawn_push_bb(them, occupied(pos));
        int bad = popcount(pawns & colour) * (1 + popcount(blocked));
        score += BISHOP_PAWNS * bad;
        TRACE(info, TP_BISHOP_PAWNS, us, bad);
        Bitboard seen = bishop_attacks(s, pos->by_type[PAWN]);
        bool long_diagonal = (seen & LIGHT_CENTRE) == LIGHT_CENTRE || (seen & DARK_CENTRE) == DARK_CENTRE;
        score += long_diagonal ? BISHOP_LONG_DIAGONAL : SCORE_ZERO;
        TRACE(info, TP_BISHOP_LONG_DIAGONAL, us, long_diagonal);
    }
    return score;
}

/* Rooks and queens on the 7th rank, trapped rooks. */
static Score major_placement(const Position *pos, EvalInfo *info, Color us, PieceType pt, Square s, int safe_squares)
{
    Color them = !us;
    Score score = SCORE_ZERO;
    Square ksq = king_square(pos, us);
    bool seventh =
        relative_rank(us, s) == 6
        && (relative_rank(us, king_square(pos, them)) == 7 || (pieces(pos, them, PAWN) & RANK_BB(us == WHITE ? 6 : 1)));
    if (seventh) {
        score += pt == ROOK ? ROOK_ON_SEVENTH : QUEEN_ON_SEVENTH;
        TRACE(info, pt == ROOK ? TP_ROOK_ON_SEVENTH : TP_QUEEN_ON_SEVENTH, us, 1);
    }
    if (pt == ROOK && safe_squares <= TRAPPED_MOBILITY && relative_rank(us, s) == 0 && relative_rank(us, ksq) == 0
        && (file_of(ksq) < 4) == (file_of(s) < file_of(ksq))) {
        int castling = pos->castling & (us == WHITE ? WHITE_OO | WHITE_OOO : BLACK_OO | BLACK_OOO);
        int n = castling ? 1 : 2;
        score += ROOK_TRAPPED * n;
        TRACE(info, TP_ROOK_TRAPPED, us, n);
    }
    return score;
}

void eval_pieces(const Position *pos, EvalInfo *info, Color us)
{
    Color them = !us;
    Score mobility = SCORE_ZERO, rooks = SCORE_ZERO, placement = SCORE_ZERO;

    for (PieceType pt = KNIGHT; pt <= QUEEN; pt++) {
        for (Bitboard b = pieces(pos, us, pt); b;) {
            Square s = pop_lsb(&b);
            Bitboard att = attacks_of(pos, us, pt, s);
            info->attacked2[us] |= info->attacked[us][0] & att;
            info->attacked[us][0] |= att;
            info->attacked[us][pt] |= att;
            int safe_squares = popcount(att & info->mobility_area[us]);
            mobility += MOBILITY[pt][safe_squares];
            TRACE(info, mobility_index(pt, safe_squares), us, 1);
            Bitboard zone_hits = att & info->king_zone[them];
            if (zone_hits) {
                info->king_attackers[us][0]++;
                info->king_attackers[us][pt]++;
                info->king_zone_hits[us] += popcount(zone_hits);
            }
            if (pt == ROOK)
                rooks += rook_file(pos, info, us, s);
            placement += pt <= BISHOP ? minor_placement(pos, info, us, pt, s, att) :
                                        major_placement(pos, info, us, pt, s, safe_squares);
        }
    }
    Bitboard bishops = pieces(pos, us, BISHOP);
    info->term[TERM_MOBILITY][us] = mobility;
    info->term[TERM_ROOK_FILES][us] = rooks;
    info->term[TERM_PLACEMENT][us] = placement;
    bool pair = (bishops & DARK_SQUARES) && (bishops & ~DARK_SQUARES);
    info->term[TERM_BISHOP_PAIR][us] = pair ? BISHOP_PAIR : SCORE_ZERO;
    TRACE(info, TP_BISHOP_PAIR, us, pair);
}
