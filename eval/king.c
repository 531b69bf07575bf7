/* King safety: the pawn shelter and storm on the three files around the
 * king, and a penalty growing with the square of the attack units the
 * enemy gathers near it (chessprogramming wiki, "King Safety": pawn
 * shield, pawn storm, attacking king zone, attack weights). */
#include "eval/terms.h"
#include "eval/weights.h"

/* The pawn of b (non-empty) nearest to colour c's back rank. */
static Square nearest_to_base(Color c, Bitboard b) { return c == WHITE ? lsb(b) : msb(b); }

static Score shelter(const Position *pos, EvalInfo *info, Color us)
{
    Color them = !us;
    Square ksq = king_square(pos, us);
    /* Pawns behind the king no longer shield it or storm it. */
    Bitboard not_behind = ~forward_ranks(them, rank_of(ksq));
    Bitboard ours = pieces(pos, us, PAWN) & not_behind;
    Bitboard theirs = pieces(pos, them, PAWN) & not_behind;
    int centre = file_of(ksq) < 1 ? 1 : file_of(ksq) > 6 ? 6 : file_of(ksq);
    Score score = SCORE_ZERO;

    for (int f = centre - 1; f <= centre + 1; f++) {
        Bitboard own = ours & FILE_BB(f), enemy = theirs & FILE_BB(f);
        int own_rank = own ? relative_rank(us, nearest_to_base(us, own)) : 0;
        int enemy_rank = enemy ? relative_rank(us, nearest_to_base(us, enemy)) : 0;
        int edge = f < 4 ? f : 7 - f;
        score += KING_SHELTER[edge][own_rank];
        TRACE(info, TP_KING_SHELTER + edge * 8 + own_rank, us, 1);
        if (enemy_rank) {
            bool blocked = own_rank && own_rank == enemy_rank - 1;
            score += blocked ? KING_STORM_BLOCKED[enemy_rank] : KING_STORM[enemy_rank];
            TRACE(info, (blocked ? TP_KING_STORM_BLOCKED : TP_KING_STORM) + enemy_rank, us, 1);
        }
    }
    return score;
}

/* Units for the checks them can give us: safe ones by piece type, and
 * per piece type that has only unsafe ones (to a square we defend). */
static Score check_units(const Position *pos, EvalInfo *info, Color us, Bitboard safe)
{
    const Bitboard *att = info->attacked[!us];
    Square ksq = king_square(pos, us);
    Bitboard to = ~pos->by_color[!us];
    Bitboard bishop_checks = bishop_attacks(ksq, occupied(pos)) & to;
    Bitboard rook_checks = rook_attacks(ksq, occupied(pos)) & to;
    Bitboard checks[4] = {
        KNIGHT_ATTACKS[ksq] & to & att[KNIGHT],
        bishop_checks & att[BISHOP],
        rook_checks & att[ROOK],
        (bishop_checks | rook_checks) & att[QUEEN],
    };
    Score units = SCORE_ZERO;
    int unsafe = 0;
    for (int i = 0; i < 4; i++) {
        if (checks[i] & safe) {
            units += KS_SAFE_CHECK[i];
            TRACE(info, TP_KS_SAFE_CHECK + i, us, 1);
        } else
            unsafe += checks[i] != 0;
    }
    TRACE(info, TP_KS_UNSAFE_CHECK, us, unsafe);
    return units + KS_UNSAFE_CHECK * unsafe;
}

/* Penalty for us: the king is attacked by them. */
static Score king_attack(const Position *pos, EvalInfo *info, Color us)
{
    Color them = !us;
    bool has_queen = pieces(pos, them, QUEEN) != 0;
    if (info->king_attackers[them][0] < 2 - has_queen)
        return SCORE_ZERO;

    /* Weak: attacked by them, defended at most once, and then only by the
     * king or the queen. Safe for a checking piece: not defended, or weak
     * and attacked twice. */
    Bitboard weak = info->attacked[them][0] & ~info->attacked2[us]
                  & (~info->attacked[us][0] | info->attacked[us][KING] | info->attacked[us][QUEEN]);
    Bitboard safe = ~pos->by_color[them] & (~info->attacked[us][0] | (weak & info->attacked2[them]));
    int weak_near = popcount(weak & KING_ATTACKS[king_square(pos, us)]);
    int defenders = popcount((pieces(pos, us, KNIGHT) | pieces(pos, us, BISHOP)) & info->king_zone[us]);
    Score units = KS_OFFSET + KS_ZONE_ATTACK * info->king_zone_hits[them] + KS_WEAK_SQUARE * weak_near
                + KS_DEFENDER * defenders + check_units(pos, info, us, safe) + (has_queen ? SCORE_ZERO : KS_NO_QUEEN);
    for (PieceType pt = KNIGHT; pt <= QUEEN; pt++) {
        units += KS_ATTACKER[pt - KNIGHT] * info->king_attackers[them][pt];
        TRACE(info, TP_KS_ATTACKER + pt - KNIGHT, us, info->king_attackers[them][pt]);
    }
    TRACE(info, TP_KS_OFFSET, us, 1);
    TRACE(info, TP_KS_ZONE_ATTACK, us, info->king_zone_hits[them]);
    TRACE(info, TP_KS_WEAK_SQUARE, us, weak_near);
    TRACE(info, TP_KS_DEFENDER, us, defenders);
    TRACE(info, TP_KS_NO_QUEEN, us, !has_queen);
    int mg = mg_of(units), eg = eg_of(units);
    mg = mg < 0 ? 0 : mg > KS_MAX_UNITS ? KS_MAX_UNITS : mg;
    eg = eg < 0 ? 0 : eg;
    return S(-mg * mg / KS_MG_DIVISOR, -eg / KS_EG_DIVISOR);
}

void eval_king(const Position *pos, EvalInfo *info, Color us)
{
    info->term[TERM_KING_SHELTER][us] = shelter(pos, info, us);
    info->term[TERM_KING_ATTACK][us] = king_attack(pos, info, us);
}
