/* Threats and space (chessprogramming wiki, "Evaluation of Pieces",
 * "Space"; the split of threats by attacker and attacked piece follows the
 * classical evaluations of Stockfish and Ethereal). Both need the complete
 * attack maps of both sides, so they run after eval_pieces(). */
#include "eval/terms.h"
#include "eval/weights.h"

#define SPACE_PIECES_CAP 16

/* Adds table[type of each piece in b - first] and traces it. */
static Score by_type(const Position *pos, EvalInfo *info, Color us, Bitboard b, const Score *table, PieceType first,
                     int index)
{
    Score score = SCORE_ZERO;
    while (b) {
        int i = type_of(piece_on(pos, pop_lsb(&b))) - first;
        score += table[i];
        TRACE(info, index + i, us, 1);
    }
    return score;
}

/* Safe squares from which our knights or sliders could attack the single
 * enemy queen next move. */
static Score queen_threats(const Position *pos, EvalInfo *info, Color us, Bitboard strongly)
{
    Bitboard queens = pieces(pos, !us, QUEEN);
    if (!queens || more_than_one(queens))
        return SCORE_ZERO;
    const Bitboard *ours = info->attacked[us];
    Square q = lsb(queens);
    Bitboard safe = info->mobility_area[us] & ~strongly;
    int knight = popcount(KNIGHT_ATTACKS[q] & ours[KNIGHT] & safe);
    Bitboard slider_squares =
        (bishop_attacks(q, occupied(pos)) & ours[BISHOP]) | (rook_attacks(q, occupied(pos)) & ours[ROOK]);
    int slider = popcount(slider_squares & safe & info->attacked2[us]);
    TRACE(info, TP_THREAT_KNIGHT_ON_QUEEN, us, knight);
    TRACE(info, TP_THREAT_SLIDER_ON_QUEEN, us, slider);
    return THREAT_KNIGHT_ON_QUEEN * knight + THREAT_SLIDER_ON_QUEEN * slider;
}

/* Pawn pushes to squares the enemy does not hold that would attack a piece. */
static int pawn_push_threats(const Position *pos, const EvalInfo *info, Color us, Bitboard targets)
{
    Color them = !us;
    Bitboard empty = ~occupied(pos);
    Bitboard third = us == WHITE ? RANK_BB(2) : RANK_BB(5);
    Bitboard push = pawn_push_bb(us, pieces(pos, us, PAWN)) & empty;
    push |= pawn_push_bb(us, push & third) & empty;
    push &= ~info->attacked[them][PAWN] & (info->attacked[us][0] | ~info->attacked[them][0]);
    return popcount(pawn_attacks_bb(us, push) & targets);
}

/* Bonus for us: threats against their pieces. */
void eval_threats(const Position *pos, EvalInfo *info, Color us)
{
    Color them = !us;
    const Bitboard *ours = info->attacked[us], *theirs = info->attacked[them];
    Bitboard enemies = pos->by_color[them] & ~pos->by_type[KING];
    Bitboard non_pawns = enemies & ~pos->by_type[PAWN];
    /* Held by a pawn, or defended twice where we attack at most once. */
    Bitboard strongly = theirs[PAWN] | (info->attacked2[them] & ~info->attacked2[us]);
    Bitboard weak = enemies & ~strongly & ours[0];
    Score score = SCORE_ZERO;

    score += by_type(pos, info, us, non_pawns & ours[PAWN], THREAT_BY_PAWN, KNIGHT, TP_THREAT_BY_PAWN);
    score += by_type(pos, info, us, ((non_pawns & strongly) | weak) & (ours[KNIGHT] | ours[BISHOP]), THREAT_BY_MINOR,
                     PAWN, TP_THREAT_BY_MINOR);
    score +=
        by_type(pos, info, us, (weak | pieces(pos, them, QUEEN)) & ours[ROOK], THREAT_BY_ROOK, PAWN, TP_THREAT_BY_ROOK);
    int king = popcount(weak & ours[KING]);
    int hanging = popcount(weak & (~theirs[0] | (non_pawns & info->attacked2[us])));
    int restricted = popcount(theirs[0] & ~strongly & ours[0]);
    int push = pawn_push_threats(pos, info, us, non_pawns);
    score +=
        THREAT_BY_KING * king + THREAT_HANGING * hanging + THREAT_RESTRICTED * restricted + THREAT_PAWN_PUSH * push;
    TRACE(info, TP_THREAT_BY_KING, us, king);
    TRACE(info, TP_THREAT_HANGING, us, hanging);
    TRACE(info, TP_THREAT_RESTRICTED, us, restricted);
    TRACE(info, TP_THREAT_PAWN_PUSH, us, push);
    score += queen_threats(pos, info, us, strongly);
    info->term[TERM_THREATS][us] = score;
}

/* Central squares on our side (relative ranks 2-4, files c-f) that no
 * enemy pawn attacks and no own pawn occupies; those behind our pawns
 * count twice. Weighted by our number of pieces: space matters while
 * there are pieces to use it. */
void eval_space(const Position *pos, EvalInfo *info, Color us)
{
    Color them = !us;
    Bitboard own_half = us == WHITE ? RANK_BB(1) | RANK_BB(2) | RANK_BB(3) : RANK_BB(6) | RANK_BB(5) | RANK_BB(4);
    Bitboard pawns = pieces(pos, us, PAWN);
    Bitboard safe = CENTRE_FILES & own_half & ~pawns & ~info->attacked[them][PAWN];
    Bitboard behind = fill_forward(them, pawns);
    int count = popcount(safe) + popcount(safe & behind & ~info->attacked[them][0]);
    int pieces_count = popcount(pos->by_color[us]);
    if (pieces_count > SPACE_PIECES_CAP)
        pieces_count = SPACE_PIECES_CAP;
    int n = count * pieces_count / 8;
    info->term[TERM_SPACE][us] = SPACE * n;
    TRACE(info, TP_SPACE, us, n);
}
